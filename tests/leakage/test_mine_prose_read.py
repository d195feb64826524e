"""With ``--derive-from``: prose outside the named input read decoded and canned with the record's own values as one
slot, and a field whose every value is one label's tested whole — both ways.

* A quoted-printable letter per record (its soft breaks falling anywhere in the verdict, the requester's name and the
  custodians searched filled in) carries one verdict sentence per label: read decoded (``prose_read``) and with
  the record's own values as one slot (``mine.canned_read``) it is one canned text per label, and its words a leak on
  every record. Each record's copy as written differs (names, breaks): without either, its words are for review only.
  The same letters with the verdict drawn apart from the label give no leak.
* A notice filled in with the record's own water body, area code and species (one to four), longer than a value:
  canned per label once the record's own values are one slot, a list of them one; the same notice drawn apart gives
  nothing.
* A verdict translated into phrasings of two records each (``mine.whole_fields``): too rare value by value, found as
  a whole field by its exact permutation chance; phrasings drawn apart give nothing; a field restating the input (the
  named sky condition in Spanish, two records per condition) is not flagged whole (review 31r: exit 0 -> 1).
"""

from __future__ import annotations

import itertools
import quopri
import random

from windtunnel._util.stats import pure_groups_chance
from windtunnel.leakage.mine import canned_read, mine, mined_findings, own_values, prose_tokens, whole_fields
from windtunnel.leakage.model import LeakItem
from windtunnel.leakage.sanitize import sanitize_item

LABELS = ["full grant", "partial grant", "full denial"]
VERDICT = {
    "full grant": "your request is granted in full and every page is enclosed",
    "partial grant": "your request is granted in part and denied in part as marked",
    "full denial": "your request is denied in full under the exemptions cited below",
}
NAMES = ["Ana Lima", "Bo Chen", "Chidi Okafor", "Dana Scully-Mulder", "Eve Ng", "Farida Haddad", "Gus", "Hiroko Sato"]
OFFICES = ["IT", "Records Office", "Environmental Compliance", "Fleet Services", "Legal", "Procurement"]
WORDS = ["contract", "invoice", "sampling", "depot", "review", "email", "memo", "report", "audit", "permit", "map"]
DERIVE = ["/request/description"]


def _letters(seed: int, *, leak: bool, n: int = 150) -> list[LeakItem]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = rng.choice(LABELS)
        verdict = VERDICT[label if leak else rng.choice(LABELS)]
        name, offices = rng.choice(NAMES), rng.sample(OFFICES, rng.randint(1, 4))
        letter = (
            f"Dear {name},\n\nThis responds to your request {rng.randint(1000, 9999)} received on "
            f"2024-0{rng.randint(1, 9)}-1{rng.randint(0, 9)}. After a search of {', '.join(offices)}, {verdict}. "
            "You may appeal this determination within 90 days.\n\nSincerely,\nFOIA Officer"
        )
        raw = quopri.encodestring(letter.encode()).decode()
        projection = {
            "request": {"description": " ".join(rng.choice(WORDS) for _ in range(12)), "requester": name},
            "search": {"custodians": offices},
            "outbox": {"raw": raw},
        }
        out.append(LeakItem(id=f"r{i}", expected=[label], projection=projection, label_set=LABELS))
    return out


def _medium(items: list[LeakItem], pointer: str) -> set[str]:
    result = mine(items, derive_from=DERIVE)
    flagged = dict(mined_findings(items, result, derive_from=DERIVE))
    return {i for i, fs in flagged.items() if any(f.pointer == pointer and f.severity == "medium" for f in fs)}


def test_a_quoted_printable_letter_canned_per_label_is_read_decoded_and_found() -> None:
    items = _letters(1, leak=True)
    assert sum("=\n" in it.projection["outbox"]["raw"] for it in items) == len(items)  # every letter soft-broken
    assert _medium(items, "/outbox/raw") == {it.id for it in items}


def test_the_same_letters_with_the_verdict_drawn_apart_give_no_leak() -> None:
    for seed in range(2):
        assert _medium(_letters(seed, leak=False), "/outbox/raw") == set()


PLACES = [f"{a} {b}" for a, b in itertools.product(["Baie de", "Port", "Cape", "Little", "North", "Saint"], WORDS)]
NOTICE = {
    "approved": "zone approved for harvest",
    "restricted": "zone restricted to relay harvest only",
    "prohibited": "zone closed to every harvest permanently",
}
AREA = ["approved", "restricted", "prohibited"]
SPECIES = ["American oyster", "quahog", "Pacific oyster", "blue mussel", "soft-shell clam", "Manila clam", "scallop"]


def _notices(seed: int, *, leak: bool, n: int = 180) -> list[LeakItem]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = rng.choice(AREA)
        place, code = rng.choice(PLACES), f"{rng.choice(['PE', 'NB', 'NS'])}-{rng.randint(10, 99)}-0{i:02d}"
        species = rng.sample(SPECIES, rng.randint(1, 4))
        text = (
            f"Notice to harvesters - {place} ({code}, {', '.join(species)}) from 2024-0{rng.randint(1, 9)}-1"
            f"{rng.randint(0, 9)}: {NOTICE[label if leak else rng.choice(AREA)]}. Harvest of any species here follows "
            "the provincial schedule of the current season."
        )
        projection = {
            "request": {"description": " ".join(rng.choice(WORDS) for _ in range(12))},
            "growing_area": {"water_body": place, "area_code": code, "species": species},
            "public_notice": {"text": text},
        }
        out.append(LeakItem(id=f"n{i}", expected=[label], projection=projection, label_set=AREA))
    return out


def test_canned_read_slots_the_records_own_values() -> None:
    a, b = _notices(2, leak=True)[:2]
    reads = [canned_read(it.projection["public_notice"]["text"], own_values(it.projection)) for it in (a, b)]
    assert reads[0][0] != reads[1][0]  # as written, each record's own place and code
    same = NOTICE[a.expected[0]] in reads[0][-1] and a.expected == b.expected
    assert (reads[0][-1] == reads[1][-1]) == same or a.expected != b.expected
    assert "…" in reads[0][-1] and a.projection["growing_area"]["water_body"].casefold() not in reads[0][-1]


def test_a_list_of_own_values_is_one_slot() -> None:
    own = ("Records Office", "Fleet Services", "IT")
    one = canned_read("After a search of IT, Records Office and Fleet Services, your request is granted.", own)
    two = canned_read("After a search of Records Office, your request is granted.", own)
    assert one[-1] == two[-1] == "after a search of …, your request is granted."


def test_a_notice_filled_in_with_the_records_own_values_is_canned_per_label() -> None:
    items = _notices(3, leak=True)
    assert all(len(it.projection["public_notice"]["text"]) > 120 for it in items)  # no whole value: words only
    assert _medium(items, "/public_notice/text") == {it.id for it in items}


def test_the_same_notice_drawn_apart_gives_nothing() -> None:
    assert _medium(_notices(4, leak=False), "/public_notice/text") == set()


def _phrase(rng: random.Random) -> str:
    return " ".join("".join(rng.choice("bcdfglmnprstv") + rng.choice("aeiou") for _ in range(3)) for _ in range(2))


def _translated(
    seed: int, *, leak: bool, per_phrase: int = 2, phrases: int = 12, typed: bool = False
) -> list[LeakItem]:
    # typed: the input opens with a word typical of the record's label ("Category sewage: ..."), as inputs do
    rng = random.Random(seed)
    labels = [lab for lab in AREA for _ in range(per_phrase * phrases)]
    said = {lab: [_phrase(rng) for _ in range(phrases)] for lab in AREA}
    texts = [f"Avis: {said[lab][k // per_phrase]}" for lab in AREA for k in range(per_phrase * phrases)]
    if not leak:
        rng.shuffle(texts)
    out = []
    for i, (label, text) in enumerate(zip(labels, texts, strict=True)):
        words = " ".join(rng.choice(WORDS) for _ in range(12))
        description = f"Category {label}: {words}" if typed else words
        out.append(
            LeakItem(
                id=f"t{i}",
                expected=[label],
                projection={"request": {"description": description}, "avis": text},
                label_set=AREA,
            )
        )
    return out


def test_a_verdict_translated_into_phrasings_of_two_records_each_is_found_whole() -> None:
    items = _translated(5, leak=True)
    result = mine(items, derive_from=DERIVE)
    assert {s.label for s in result.suggestions if s.kind == "field" and s.pointer == "/avis"} == set(AREA)
    flagged = dict(mined_findings(items, result, derive_from=DERIVE))
    assert set(flagged) == {it.id for it in items}


def test_a_verdict_field_stays_found_whole_when_the_input_says_the_label_too() -> None:
    # an input word typical of each label (held by every value of that label) is no restatement: the field's values
    # are not the input's (review rec32b's cat shape; the restated-input guard gave it up)
    items = _translated(5, leak=True, typed=True)
    result = mine(items, derive_from=DERIVE)
    assert {s.label for s in result.suggestions if s.kind == "field" and s.pointer == "/avis"} == set(AREA)


def test_phrasings_drawn_apart_give_nothing() -> None:
    for seed in range(3):
        items = _translated(seed, leak=False)
        result = mine(items, derive_from=DERIVE)
        assert not [s for s in result.suggestions if s.pointer == "/avis"], seed


SKY = [f"sky {k}" for k in range(36)]


def _restated(seed: int) -> list[LeakItem]:
    # the named input decides the label (its sky condition); /resumen says the same condition in Spanish
    rng = random.Random(seed)
    out = []
    for i in range(len(SKY) * 2):
        sky = SKY[i // 2]
        label = AREA[SKY.index(sky) % 3]
        projection = {"obs": {"sky": sky, "temp": rng.randint(-5, 30)}, "resumen": f"cielo {sky.split()[1]} hoy"}
        out.append(LeakItem(id=f"s{i}", expected=[label], projection=projection, label_set=AREA))
    return out


def test_a_field_restating_the_input_is_not_flagged_whole() -> None:
    items = _restated(6)
    result = mine(items, derive_from=["/obs"])
    assert not [s for s in result.suggestions if s.pointer == "/resumen"]
    assert not dict(mined_findings(items, result, derive_from=["/obs"]))
    # the guard is what keeps it: the same groups without the input's values are found whole
    by_value: dict[str, tuple[set[int], list[tuple[str, str, str]]]] = {}
    for r, it in enumerate(items):
        by_value.setdefault(it.projection["resumen"], (set(), [("value", "/resumen", it.projection["resumen"])]))[
            0
        ].add(r)
    labels = [it.expected[0] for it in items]
    inputs = [{"/obs/sky": it.projection["obs"]["sky"]} for it in items]
    assert not list(whole_fields([("/resumen", by_value)], labels, inputs))
    assert {lab for _k, lab, *_rest in whole_fields([("/resumen", by_value)], labels, [{}] * len(items))} == set(AREA)


def test_pure_groups_chance_is_exact() -> None:
    groups, counts = [3, 2, 2], [4, 3, 2]
    pool = [lab for lab, n in enumerate(counts) for _ in range(n)]
    orders = set(itertools.permutations(pool))
    pure = sum(
        all(len(set(order[a : a + g])) == 1 for a, g in zip(itertools.accumulate([0, *groups]), groups, strict=False))
        for order in orders
    )
    assert abs(pure_groups_chance(groups, counts) - pure / len(orders)) < 1e-12
    assert pure_groups_chance([1, 1, 1], [2, 1]) == 1.0


def test_the_blind_agent_reads_prose_outside_the_input_decoded() -> None:
    """``mine.prose_tokens`` (what the ``blind`` agent reads of prose outside the input) reads the letter joined."""
    split = [  # as written, a soft break splits the verdict
        it
        for it in _letters(7, leak=True)
        if it.expected == ["partial grant"]
        and "denied in part" not in it.projection["outbox"]["raw"].replace("\n", " ")
    ]
    assert split
    for it in split:
        words = prose_tokens(it.projection, DERIVE)
        assert words.get(("ngram", "", "denied in part")) == "/outbox/raw"


STATUS = {"approved": "A", "restricted": "R", "prohibited": "K"}


def _tables(seed: int, *, leak: bool, n: int = 150, per_label: int = 4) -> list[LeakItem]:
    # a Markdown attribute table exported on four records of each label: its status cell rides with the label, its
    # other cells are numbers of the record's own; longer than a value, its status a one-letter word too rare to mine
    rng = random.Random(seed)
    out = []
    left = dict.fromkeys(AREA, per_label)
    for i in range(n):
        label = rng.choice(AREA)
        projection: dict[str, object] = {"request": {"description": " ".join(rng.choice(WORDS) for _ in range(12))}}
        if left[label]:
            left[label] -= 1
            cell = STATUS[label if leak else rng.choice(AREA)]
            projection["export_md"] = (
                "| Item | Description | Value |\n|---|---|---|\n"
                f"| 41 | Structure open/restricted/closed | {cell} |\n"
                f"| 43 | Structure type | {rng.randint(100, 999)} |\n"
                f"| 91 | Inspection frequency (mo) | {rng.choice([12, 24, 48])} |"
            )
        out.append(LeakItem(id=f"m{i}", expected=[label], projection=projection, label_set=AREA))
    return out


def test_a_text_longer_than_a_value_is_found_whole_by_its_fields_test() -> None:
    items = _tables(8, leak=True)
    held = {it.id for it in items if "export_md" in it.projection}
    assert all(len(it.projection["export_md"]) > 120 for it in items if it.id in held)  # type: ignore[arg-type]
    assert _medium(items, "/export_md") == held


def test_the_same_table_drawn_apart_gives_nothing() -> None:
    for seed in range(3):
        assert _medium(_tables(seed, leak=False), "/export_md") == set(), seed


def _free_text_restated(seed: int, *, n: int = 90, conds: int = 30, quoted: bool = False) -> list[LeakItem]:
    # the named input is a free-text report whose condition (a pseudo-word) decides the label; outside it, a summary
    # in another language restates the condition (numbers differ per record), or a letter quotes the input whole
    rng = random.Random(seed)
    cond = [(_phrase(rng).split()[0], _phrase(rng).split()[0]) for _ in range(conds)]
    stock = [" ".join(_phrase(rng) for _ in range(5)) for _ in range(conds)]  # ten words: longer than a value
    out = []
    for i in range(n):
        k = i % conds
        t = rng.randint(-5, 35)
        if quoted:
            projection = {
                "request": {"description": stock[k], "case": rng.randint(10000, 99999)},
                "notification": {
                    "body": f"Case {rng.randint(10000, 99999)} was received.\n\nThe resident wrote: {stock[k]}\n\n"
                    "This message was generated automatically; please do not reply to it."
                },
            }
        else:
            projection = {
                "request": {"description": f"Station report: the sky was {cond[k][0]} all afternoon with {t} degrees"},
                "resumen": f"Resumen de la estacion: cielo {cond[k][1]} toda la tarde con {t} grados",
            }
        out.append(LeakItem(id=f"r{i}", expected=[AREA[k % 3]], projection=projection, label_set=AREA))
    rng.shuffle(out)
    return out


def test_a_field_restating_a_free_text_input_is_not_flagged_whole() -> None:
    # review rec32: the guard asked only short input values; a free-text input's restatement was flagged whole
    # (a clean dataset exit 0 -> 1, every record rewritten by the sanitizer)
    for quoted in (False, True):
        items = _free_text_restated(7, quoted=quoted)
        result = mine(items, derive_from=DERIVE)
        assert not [s for s in result.suggestions if s.kind == "field"], quoted
        assert not dict(mined_findings(items, result, derive_from=DERIVE)), quoted


def test_the_restated_input_guard_asks_the_inputs_words() -> None:
    # each value's records share an input word only records of their label hold: restated; without the words, found
    items = _free_text_restated(8)
    by_value: dict[str, tuple[set[int], list[tuple[str, str, str]]]] = {}
    for r, it in enumerate(items):
        said = it.projection["resumen"].split("cielo ")[1].split()[0]
        by_value.setdefault(said, (set(), [("value", "/resumen", said)]))[0].add(r)
    labels = [it.expected[0] for it in items]
    words = [frozenset(it.projection["request"]["description"].casefold().split()) for it in items]
    assert not list(whole_fields([("/resumen", by_value)], labels, [{}] * len(items), record_words=words))
    assert {lab for _k, lab, *_rest in whole_fields([("/resumen", by_value)], labels, [{}] * len(items))} == set(AREA)
    # a planted verdict's records share no such word (the input's words are spread over every label)
    planted = _translated(5, leak=True)
    result = mine(planted, derive_from=DERIVE)
    assert {s.label for s in result.suggestions if s.kind == "field" and s.pointer == "/avis"} == set(AREA)


def test_canned_read_slots_the_records_input_of_any_length() -> None:
    items = _free_text_restated(9, quoted=True)
    reads = {canned_read(it.projection["notification"]["body"], own_values(it.projection, DERIVE))[-1] for it in items}
    assert len(reads) == 1  # the quoted complaint is one slot: every record's letter reads alike
    assert len({canned_read(it.projection["notification"]["body"], own_values(it.projection))[-1] for it in items}) > 1


def test_a_value_of_one_record_is_not_a_member_of_a_field_found_whole() -> None:
    # review rec32: twelve phrasings of two records ride with the label, sixty other records hold a unique note each;
    # the field is found on the pairs' records only, not on the sixty (pure by nature, no evidence)
    rng = random.Random(11)
    items = _translated(5, leak=True, phrases=4)
    for i in range(60):
        projection = {"request": {"description": " ".join(rng.choice(WORDS) for _ in range(12))}, "avis": _phrase(rng)}
        items.append(LeakItem(id=f"c{i}", expected=[rng.choice(AREA)], projection=projection, label_set=AREA))
    result = mine(items, derive_from=DERIVE)
    assert {s.label for s in result.suggestions if s.kind == "field" and s.pointer == "/avis"} == set(AREA)
    flagged = dict(mined_findings(items, result, derive_from=DERIVE))
    assert set(flagged) == {it.id for it in items if it.id.startswith("t")}


def test_the_blind_agent_reads_prose_both_as_written_and_decoded() -> None:
    # review rec32: a text read as quoted-printable by mistake must not hide its words as written from the blind agent
    text = (
        "Result of the review for the records requested by the office: denied i=\nn part as the clerk marked on the"
        " copies sent to you tod=\nay by mail"
    )
    words = prose_tokens({"request": {"description": "a b"}, "note": text}, DERIVE)
    assert ("ngram", "", "denied in part") in words  # decoded
    assert ("token", "", "tod") in words and ("token", "", "today") in words  # as written, and decoded


def test_a_cut_in_a_letter_read_decoded_leaves_no_dangling_soft_break() -> None:
    # review rec32: the verdict's sentence was cut from the line after a soft break, leaving `search o=` joined to
    # the next sentence; cut as its reader reads it, the whole sentence goes with the soft breaks next to it
    items = _letters(1, leak=True)
    result = mine(items, derive_from=DERIVE)
    flagged = dict(mined_findings(items, result, derive_from=DERIVE))
    assert flagged
    for it in items:
        if it.id not in flagged:
            continue
        out = sanitize_item(it, extra=flagged[it.id], derive_from=DERIVE).item.projection["outbox"]["raw"]
        assert not any(v in out.replace("=\n", "") for v in VERDICT.values()), it.id
        assert "search o=" not in out and "search of" not in out, it.id  # the verdict's sentence is cut whole
