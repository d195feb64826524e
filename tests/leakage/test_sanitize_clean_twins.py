"""The sanitizer cuts a value where it carries the answer, never because its field carries it on other records (issue
#25: a clean record is left byte-identical).

Found on ds21 (session 34), where ``leak sanitize --mine --derive-from`` rewrote 287 of 722 clean records of leaking
datasets. Three causes, each a field blanked on every record because mined evidence sat in it on some, each checked
here on data of our own, both ways (a clean record keeps its bytes, its leaking twin is still cut, and the blind
baseline reads no label off the sanitized data):

* a list mined as a whole value (the points a class earns, ``[5, 3, 1]``) made a field of the list's own pointer, so a
  record holding a placeholder string there (``"pending review"``) lost it; a field where only whole lists were mined
  is no field of scalars now (each list is blanked whole by its own finding), and a list is blanked whole where it was
  mined whole, also beside a field of its scalars' that keeps some of them (a mined ``5`` of another label's list);
* a gap between two dates set by the label, mined at one of the dates: the date was blanked on every record, also
  where the record holds no second date and so no gap; the field is now the relation's only where both are filled
  (the relation's fields carried as data: a key may hold a blank);
* the values every label's records hold at a field some of whose values were mined are kept while the records blanked
  there fall on the labels like the field's records (no dependence beyond chance); blanks on some labels only (riders
  mined for two labels of six) blank the field on every record, since an empty value would say "one of those two".
  The blind baseline reads no blanks, so that is asserted directly (:func:`_blanks_by_label`).

Found on ds22 (session 35): a set of a list's members mined together (the codes of a bulletin's products) blanked its
lists of objects whole, so each product's serial, time and summary went on one label's records, then on every record;
the set is now cut at its members (:func:`test_a_mined_set_of_a_lists_members_is_cut_at_its_members`).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

from windtunnel.flows.leak import Fields, SanitizeRequest, sanitize_flow
from windtunnel.flows.leak_evidence import BaselineRequest, baseline_flow
from windtunnel.leakage.mine import mine
from windtunnel.leakage.model import LeakItem
from windtunnel.leakage.sanitize import _beside, _filled_at
from windtunnel.leakage.shared_values import blanks_unlike_holders, shared_values

DERIVE = ["/sample/reading"]


def _band(reading: int, labels: list[str]) -> str:
    return labels[min(reading // 25, len(labels) - 1)]


def _sanitized(tmp_path: Path, rows: list[dict[str, Any]]) -> tuple[list[str], list[str], int]:
    """The raw lines, the sanitized lines, and the blind baseline's exit on the sanitized file (0: at chance)."""
    raw, out = tmp_path / "d.jsonl", tmp_path / "d.sanitized.jsonl"
    raw.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    sanitize_flow(SanitizeRequest(dataset=raw, output=out, mine=True, derive_from=DERIVE))
    blind = baseline_flow(BaselineRequest(simulate="blind", dataset=out, fields=Fields(), derive_from=DERIVE))
    return raw.read_text().splitlines(), out.read_text().splitlines(), int(blind.exit_code)


def _split(before: list[str], after: list[str], truth: list[bool]) -> tuple[int, int, int, int]:
    """(clean records rewritten, clean records, leaking records rewritten, leaking records)."""
    clean = [b != a for b, a, t in zip(before, after, truth, strict=True) if not t]
    leak = [b != a for b, a, t in zip(before, after, truth, strict=True) if t]
    return sum(clean), len(clean), sum(leak), len(leak)


def _leaves(node: Any, at: str = "") -> dict[str, Any]:
    if isinstance(node, dict):
        return {p: v for k, sub in node.items() for p, v in _leaves(sub, f"{at}/{k}").items()}
    if isinstance(node, list):
        return {p: v for i, sub in enumerate(node) for p, v in _leaves(sub, f"{at}/{i}").items()}
    return {at: node}


def _blanks_by_label(before: list[str], after: list[str]) -> tuple[Counter[str], Counter[str]]:
    """Per label, the records with a value the sanitizer emptied, and the records: what a reader of the blanks sees."""
    blanked: Counter[str] = Counter()
    total: Counter[str] = Counter()
    for b, a in zip(before, after, strict=True):
        raw, got = json.loads(b), json.loads(a)
        total[raw["expected"]] += 1
        was, now = _leaves(raw["projection"]), _leaves(got["projection"])
        if any(v not in (None, "", 0, False) and now.get(p) in (None, "", 0, False) for p, v in was.items()):
            blanked[raw["expected"]] += 1
    return blanked, total


POINTS = {"A": [8, 6, 4, 2], "B": [5, 3, 1], "C": [2, 1], "D": [1]}


def _clean_kept(
    tmp_path: Path, rows: list[dict[str, Any]], truth: list[bool], left: int = 0
) -> tuple[list[str], list[str]]:
    """Sanitize ``rows``: every clean record keeps its bytes, every leaking one but ``left`` is rewritten, the records
    blanked fall on the labels independently of them (the blind baseline reads no blanks) and the blind baseline is at
    chance. The raw and sanitized lines."""
    before, after, blind = _sanitized(tmp_path, rows)
    clean, n_clean, leak, n_leak = _split(before, after, truth)
    assert clean == 0 < n_clean
    assert leak == n_leak - left > 0
    assert not blanks_unlike_holders(*_blanks_by_label(before, after))
    assert blind == 0
    return before, after


def _awards(n: int = 160, seed: int = 5, clean: Any = "pending review") -> tuple[list[dict[str, Any]], list[bool]]:
    """A sieve class from a reading; on 40 % of the records the points the class earns (a list set from the class), on
    the others ``clean`` (the placeholder every class's records hold; called with the random generator when
    callable)."""
    rng = random.Random(seed)
    rows, truth = [], []
    for i in range(n):
        reading = rng.randrange(100)
        label = _band(reading, list(POINTS))
        leak = rng.random() < 0.4
        rows.append(
            {
                "id": f"s{i}",
                "expected": label,
                "label_set": list(POINTS),
                "projection": {
                    "sample": {"reading": reading, "batch": f"B{rng.randrange(40, 90)}"},
                    "award": {
                        "points": POINTS[label] if leak else clean(rng) if callable(clean) else clean,
                        "late": rng.random() < 0.2,
                    },
                },
            }
        )
        truth.append(leak)
    return rows, truth


def test_a_placeholder_where_other_records_hold_a_mined_list_keeps_its_bytes(tmp_path: Path) -> None:
    rows, truth = _awards()
    _clean_kept(tmp_path, rows, truth)


LISTS = {"HC": [20, 15, 12, 10], "1": [10, 8, 6, 4], "2": [5, 3, 2, 1], "3": [2, 1, 1, 0], "4": [1, 1, 0, 0]}


def test_a_list_mined_whole_is_blanked_whole_beside_a_field_of_its_scalars(tmp_path: Path) -> None:
    """Points lists of one length; one class's list is mined by a number of its own (``5``, a field of the lists'
    scalars, whose values held by several classes stay), the others' as whole lists: every leaking list goes whole,
    none is cut to a pattern of its class's (``[0, 3, 2, 1]``); clean records hold their riders' bib numbers."""
    rng = random.Random(7)
    rows, truth = [], []
    for i in range(170):
        score = rng.randrange(100)
        label = list(LISTS)[min(score // 20, 4)]
        leak = rng.random() < 0.4
        points = LISTS[label] if leak else sorted(rng.sample(range(1, 180), 4))
        projection = {"sample": {"reading": score, "stage": rng.randrange(1, 22)}, "jury": {"points": points}}
        rows.append({"id": f"c{i}", "expected": label, "label_set": list(LISTS), "projection": projection})
        truth.append(leak)
    before, after, blind = _sanitized(tmp_path, rows)
    assert _split(before, after, truth)[2:] == (sum(truth), sum(truth))
    for got, leak in zip(after, truth, strict=True):
        if leak:
            assert json.loads(got)["projection"]["jury"]["points"] == [0, 0, 0, 0]
    assert blind == 0


LABELS6 = ["1", "2", "3", "4", "5", "6"]
COMMON = ["Hatch covers checked.", "Fire drill held.", "All well on board.", "Lashings checked at noon."]
RIDERS = {
    "1": "Sea like a mirror.",
    "2": "Small wavelets seen.",
    "3": "Small waves breaking.",
    "4": "Small waves, some white horses.",
    "5": "Many white horses seen.",
    "6": "Spray blown from crests.",
}


def _logs(ridden: list[str], n: int = 180, seed: int = 9, rate: float = 0.3) -> tuple[list[dict[str, Any]], list[bool]]:
    """A state from a reading; every record's remarks hold one or two of the common remarks every state's records
    hold; on ``rate`` of the records of the states ``ridden``, a remark that names the state in other words is
    added."""
    rng = random.Random(seed)
    rows, truth = [], []
    for i in range(n):
        reading = rng.randrange(150)
        label = LABELS6[min(reading // 25, 5)]
        remarks = rng.sample(COMMON, rng.choice([1, 2]))
        leak = label in ridden and rng.random() < rate
        if leak:
            remarks.insert(rng.randrange(len(remarks) + 1), RIDERS[label])
        rows.append(
            {
                "id": f"l{i}",
                "expected": label,
                "label_set": LABELS6,
                "projection": {
                    "sample": {"reading": reading, "watch": rng.choice(["A", "B", "C"])},
                    "remarks": remarks,
                },
            }
        )
        truth.append(leak)
    return rows, truth


def test_remarks_every_label_holds_keep_their_bytes_beside_riders_of_every_label(tmp_path: Path) -> None:
    """Riders on the records of every state at one rate: the records blanked fall on the states like the remarks'
    records, and the remarks every state's records hold keep their bytes."""
    rows, truth = _logs(LABELS6, rate=0.35)
    before, after = _clean_kept(tmp_path, rows, truth)
    for raw, got in zip(before, after, strict=True):  # the riders are gone, the common remarks stay where they were
        remarks = json.loads(got)["projection"]["remarks"]
        assert not set(remarks) & set(RIDERS.values())
        assert [r for r in remarks if r] == [r for r in json.loads(raw)["projection"]["remarks"] if r in COMMON]


def test_riders_of_some_labels_only_leave_no_blank_that_names_them(tmp_path: Path) -> None:
    """Riders on the records of two states of six only: keeping every common remark, an empty remark would say "one
    of those two" (the blind baseline, reading no blanks, would not see it). The records the sanitizer blanks fall on
    the states like the remarks' records (here the remarks kept are those whose blanks would not tip the balance)."""
    rows, truth = _logs(["5", "6"])
    before, after, blind = _sanitized(tmp_path, rows)
    assert _split(before, after, truth)[2:] == (sum(truth), sum(truth))
    for got in after:
        assert not set(json.loads(got)["projection"]["remarks"]) & set(RIDERS.values())
    blanked, total = _blanks_by_label(before, after)
    assert sum(blanked.values()) > sum(truth)
    assert not blanks_unlike_holders(blanked, total)
    assert blind == 0


def test_blanks_unlike_the_fields_records_blank_the_values_held_alike() -> None:
    """Six labels: blanks at the labels' shares keep the values every label's records hold; blanks on some labels
    only, or leaning to one, do not; blanks too few to differ beyond chance do."""
    total = Counter(dict.fromkeys(LABELS6, 30))
    assert not blanks_unlike_holders(Counter(dict.fromkeys(LABELS6, 5)), total)
    assert blanks_unlike_holders(Counter({"5": 7, "6": 5}), total)
    assert blanks_unlike_holders(Counter({"1": 12, "2": 10, "4": 14, "5": 10}), total)
    assert blanks_unlike_holders(Counter({"1": 20, "2": 1}), total)
    assert not blanks_unlike_holders(Counter({"1": 2, "2": 1}), total)
    assert not blanks_unlike_holders(Counter(), total)
    rows = [('"Fire drill held."', label) for label in LABELS6 for _ in range(25)]
    at_shares = rows + [(f'"rider {label} {k}"', label) for label in LABELS6 for k in range(5)]
    assert shared_values(at_shares) == {'"Fire drill held."'}
    some = rows + [(f'"rider {label} {k}"', label) for label in ("5", "6") for k in range(6)]
    assert shared_values(some) == frozenset()


def _visits(
    n: int = 160, seed: int = 2, keys: tuple[str, str] = ("date", "next_due")
) -> tuple[list[dict[str, Any]], list[bool]]:
    """A condition band from a reading; every record holds its visit date; on 35 % of them the next visit is due a gap
    set by the band (the others hold ``null`` there)."""
    rng = random.Random(seed)
    gaps = {"A": 3, "B": 6, "C": 12, "D": 24}
    rows, truth = [], []
    for i in range(n):
        reading = rng.randrange(100)
        label = _band(reading, list(gaps))
        year, month, day = 2024, rng.randrange(1, 13), rng.randrange(1, 28)
        leak = rng.random() < 0.35
        due = None
        if leak:
            m = month - 1 + gaps[label]
            due = f"{year + m // 12}-{m % 12 + 1:02d}-{day:02d}"
        rows.append(
            {
                "id": f"v{i}",
                "expected": label,
                "label_set": list(gaps),
                "projection": {
                    "sample": {"reading": reading, "crew": rng.choice(["N", "S", "E"])},
                    "visit": {keys[0]: f"{year}-{month:02d}-{day:02d}", keys[1]: due},
                },
            }
        )
        truth.append(leak)
    return rows, truth


# One leaking record (v48, due 90 days after 1 February) is left since session 43: the finding points at the due date,
# the field a later stage wrote, and that record's gap is read in the 3 months every A record holds, which the input
# already tells (the riders span the band); it had been cut only because the visit date, where the finding pointed
# before, was blanked wherever a due date stood. The clean records keep their bytes, and the blind baseline is at
# chance either way.
_VISITS_LEFT = 1


def test_a_date_without_the_second_date_of_a_mined_gap_keeps_its_bytes(tmp_path: Path) -> None:
    rows, truth = _visits()
    _clean_kept(tmp_path, rows, truth, left=_VISITS_LEFT)


def test_a_relations_fields_are_data_so_a_key_may_hold_a_blank(tmp_path: Path) -> None:
    """Keys as a spreadsheet's export writes them (``Last Visited``, ``Next Due``): the relation's fields are carried
    as data, not read back from its words, and the date keeps its bytes where no date is due, as with plain keys."""
    rows, truth = _visits(keys=("Last Visited", "Next Due"))
    items = [LeakItem.from_mapping(r) for r in rows]
    related = [s for s in mine(items, derive_from=DERIVE).suggestions if s.relation]
    assert related
    assert all(set(s.relation_fields) == {"/visit/Last Visited", "/visit/Next Due"} for s in related)
    _clean_kept(tmp_path, rows, truth, left=_VISITS_LEFT)


def test_a_field_is_filled_where_a_scalar_there_holds_something() -> None:
    root = {"visit": {"next_due": None, "dates": ["", "2024-01-02"]}, "n": 0}
    assert not _filled_at(root, "/visit/next_due")
    assert _filled_at(root, "/visit/dates/*")
    assert not _filled_at(root, "/visit/dates/0")
    assert not _filled_at(root, "/n")
    assert not _filled_at(root, "/visit")


def test_a_relations_other_field_is_read_in_the_same_list_element() -> None:
    """A relation inside a list's elements: the other date is that element's, not any element's."""
    assert _beside("/visits/*/due", "/visits/2/date") == "/visits/2/due"
    assert _beside("/plan/*/due", "/visits/2/date") == "/plan/*/due"
    assert _beside("/visits/*/stops/*/due", "/visits/1/date") == "/visits/1/stops/*/due"
    root = {"visits": [{"date": "2024-01-02", "due": None}, {"date": "2024-02-03", "due": "2024-08-03"}]}
    assert not _filled_at(root, _beside("/visits/*/due", "/visits/0/date"))
    assert _filled_at(root, _beside("/visits/*/due", "/visits/1/date"))


OTHER_PRODUCTS = [
    ("XRF", "X-ray flux above M5: scale R2"),
    ("WAT", "Storm watch for the next day"),
    ("RAD", "Radio burst"),
]


def _bulletins(n: int = 160, seed: int = 6) -> tuple[list[dict[str, Any]], list[bool]]:
    """A level from a reading; half the records list another product (code, serial, issue time, summary); on a quarter
    of them the alerts issued up to the level follow (``ALK1`` … ``ALK5``, each with its own serial and time). Mining
    reads each list's codes together: the alerts alone, ``[ALK1, ALK2]``, are one level's set, where enough records
    hold them so."""
    rng = random.Random(seed)
    levels = ["A", "B", "C", "D", "E"]
    rows, truth = [], []
    for i in range(n):
        reading = rng.randrange(100)
        label = levels[min(reading // 20, 4)]
        leak = rng.random() < 0.25
        products = []
        if rng.random() < 0.5:
            code, text = rng.choice(OTHER_PRODUCTS)
            products.append({"code": code, "serial": rng.randrange(1000, 2000), "issued": _clock(rng), "summary": text})
        for k in range(levels.index(label) + 1 if leak else 0):
            products.append({"code": f"ALK{k + 1}", "serial": rng.randrange(2000, 3000), "issued": _clock(rng)})
            products[-1]["summary"] = "ALERT"
        rng.shuffle(products)
        projection = {"sample": {"reading": reading, "site": rng.choice(["N", "S"])}, "products": products}
        rows.append({"id": f"g{i}", "expected": label, "label_set": levels, "projection": projection})
        truth.append(leak)
    return rows, truth


def _clock(rng: random.Random) -> str:
    return f"{rng.randrange(24):02d}:{rng.randrange(60):02d}"


def test_a_mined_set_of_a_lists_members_is_cut_at_its_members(tmp_path: Path) -> None:
    """Session 35, ds22 ``geomag_storm_gscale``: a set of codes mined for one level (``[ALK1, ALK2, ALK3]`` at
    ``/products/*/code``) blanked its lists whole, serials, issue times and summaries with the codes; blanked on that
    level's records alone, those fields were then blanked on every record, clean ones too (here 58 of 128 clean
    records rewritten). The set is cut at its members: the codes go, every other field of the list keeps its value,
    and no clean record is rewritten."""
    rows, truth = _bulletins()
    items = [LeakItem.from_mapping(r) for r in rows]
    sets = [s for s in mine(items, derive_from=DERIVE).suggestions if s.value.startswith("[")]
    assert sets
    before, after = _clean_kept(tmp_path, rows, truth)
    for raw, got, leak in zip(before, after, truth, strict=True):
        was, now = json.loads(raw)["projection"]["products"], json.loads(got)["projection"]["products"]
        assert [{k: v for k, v in p.items() if k != "code"} for p in was] == [
            {k: v for k, v in p.items() if k != "code"} for p in now
        ]
        if leak:
            assert not any(p["code"].startswith("ALK") for p in now)
