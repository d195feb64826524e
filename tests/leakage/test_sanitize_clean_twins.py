"""The sanitizer cuts a value where it carries the answer, never because its field carries it on other records (issue
#25: a clean record is left byte-identical).

Found on ds21 (session 34), where ``leak sanitize --mine --derive-from`` rewrote 287 of 722 clean records of leaking
datasets. Three causes, each a field blanked on every record because mined evidence sat in it on some, each checked
here on data of our own, both ways (a clean record keeps its bytes, its leaking twin is still cut, and the blind
baseline reads no label off the sanitized data):

* a list mined as a whole value (the points a class earns, ``[5, 3, 1]``) made a field of the list's own pointer, so a
  record holding a placeholder string there (``"pending review"``) lost it; the field is now its scalars' (``/*``);
* a list of remarks, rider remarks mined for some labels only: the remarks every label's records hold were blanked on
  every record, since the blanks missed the labels no rider was mined for. Blanks that rule labels out but lean to
  none now keep the values held alike (:func:`~windtunnel.leakage.shared_values.names_no_label`);
* a gap between two dates set by the label, mined at one of the dates: the date was blanked on every record, also
  where the record holds no second date and so no gap; the field is now the relation's only where both are filled.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

from windtunnel.flows.leak import Fields, SanitizeRequest, sanitize_flow
from windtunnel.flows.leak_evidence import BaselineRequest, baseline_flow
from windtunnel.leakage.sanitize import _filled_at, _scalar_findings
from windtunnel.leakage.shared_values import names_no_label, shared_values

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


POINTS = {"A": [8, 6, 4, 2], "B": [5, 3, 1], "C": [2, 1], "D": [1]}


def _awards(n: int = 160, seed: int = 5) -> tuple[list[dict[str, Any]], list[bool]]:
    """A sieve class from a reading; on 40 % of the records the points the class earns (a list set from the class), on
    the others the placeholder every class's records hold."""
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
                    "award": {"points": POINTS[label] if leak else "pending review", "late": rng.random() < 0.2},
                },
            }
        )
        truth.append(leak)
    return rows, truth


def test_a_placeholder_where_other_records_hold_a_mined_list_keeps_its_bytes(tmp_path: Path) -> None:
    rows, truth = _awards()
    before, after, blind = _sanitized(tmp_path, rows)
    clean, n_clean, leak, n_leak = _split(before, after, truth)
    assert clean == 0 < n_clean
    assert leak == n_leak > 0
    assert blind == 0


def test_a_mined_list_is_its_scalars_field() -> None:
    from windtunnel.leakage.model import Finding

    f = Finding(
        item="s1", channel="correlated", severity="medium", pointer="/award/points", representation="mined",
        span=None, view="raw", rule="correlated.mined", detail="", value="[1, 2]",
    )  # fmt: skip
    got = _scalar_findings({"award": {"points": [2, 1]}}, f)
    assert [(g.pointer, g.value) for g in got] == [("/award/points/0", "2"), ("/award/points/1", "1")]
    assert _scalar_findings({"award": {"points": "pending review"}}, f) == [f]
    assert _scalar_findings({"award": {"points": []}}, f) == []


LABELS6 = ["1", "2", "3", "4", "5", "6"]
COMMON = ["Hatch covers checked.", "Fire drill held.", "All well on board.", "Lashings checked at noon."]
RIDER = {"1": "Sea like a mirror.", "2": "Small wavelets seen.", "4": "Small waves, some white horses.",
         "5": "Many white horses seen."}  # fmt: skip


def _logs(n: int = 180, seed: int = 9) -> tuple[list[dict[str, Any]], list[bool]]:
    """A state from a reading; every record's remarks hold one or two of the common remarks every state's records
    hold; on 30 % of the records of four states of six, a remark that names the state in other words is added."""
    rng = random.Random(seed)
    rows, truth = [], []
    for i in range(n):
        reading = rng.randrange(150)
        label = LABELS6[min(reading // 25, 5)]
        remarks = rng.sample(COMMON, rng.choice([1, 2]))
        leak = label in RIDER and rng.random() < 0.3
        if leak:
            remarks.insert(rng.randrange(len(remarks) + 1), RIDER[label])
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


def test_remarks_every_label_holds_keep_their_bytes_beside_riders_mined_for_some_labels(tmp_path: Path) -> None:
    rows, truth = _logs()
    before, after, blind = _sanitized(tmp_path, rows)
    clean, n_clean, leak, n_leak = _split(before, after, truth)
    assert clean == 0 < n_clean
    assert leak == n_leak > 0
    for raw, got in zip(before, after, strict=True):  # the riders are gone, the common remarks stay where they were
        remarks = json.loads(got)["projection"]["remarks"]
        assert not set(remarks) & set(RIDER.values())
        assert [r for r in remarks if r] == [r for r in json.loads(raw)["projection"]["remarks"] if r in COMMON]
    assert blind == 0


def test_blanks_that_rule_labels_out_but_lean_to_none_keep_the_values_held_alike() -> None:
    """Six labels, blanks on four of them at their shares: two labels ruled out, none pointed at; the values every
    label's records hold are kept. Blanks all of one label, or leaning to one, still are not."""
    total = Counter(dict.fromkeys(LABELS6, 30))
    assert names_no_label(Counter({"1": 6, "2": 5, "4": 7, "5": 5}), total)
    assert not names_no_label(Counter({"1": 20, "2": 1}), total)
    rows = [('"Fire drill held."', label) for label in LABELS6 for _ in range(25)]
    rows += [(f'"rider {label} {k}"', label) for label in ("1", "2", "4", "5") for k in range(5)]
    assert shared_values(rows) == {'"Fire drill held."'}
    leaning = rows + [(f'"rider 1 {k}"', "1") for k in range(5, 25)]
    assert shared_values(leaning) == frozenset()


def _visits(n: int = 160, seed: int = 2) -> tuple[list[dict[str, Any]], list[bool]]:
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
                    "visit": {"date": f"{year}-{month:02d}-{day:02d}", "next_due": due},
                },
            }
        )
        truth.append(leak)
    return rows, truth


def test_a_date_without_the_second_date_of_a_mined_gap_keeps_its_bytes(tmp_path: Path) -> None:
    rows, truth = _visits()
    before, after, blind = _sanitized(tmp_path, rows)
    clean, n_clean, leak, n_leak = _split(before, after, truth)
    assert clean == 0 < n_clean
    assert leak == n_leak > 0
    assert blind == 0


def test_a_field_is_filled_where_a_scalar_there_holds_something() -> None:
    root = {"visit": {"next_due": None, "dates": ["", "2024-01-02"]}, "n": 0}
    assert not _filled_at(root, "/visit/next_due")
    assert _filled_at(root, "/visit/dates/*")
    assert not _filled_at(root, "/visit/dates/0")
    assert not _filled_at(root, "/n")
    assert not _filled_at(root, "/visit")
