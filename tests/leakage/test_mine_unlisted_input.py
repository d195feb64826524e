"""An unlisted input — a field outside ``--derive-from`` that restates the named input — is for review, not a leak;
an upstream tagger's label word that the input also uses, and a rider one value per label, stay leaks.

Invented records series: the retention rule follows from what the series is (its description, the named input),
drawn from a pool of descriptions per rule. The ``title`` is the description's first words, cut at 28 characters
(mid-word, as a system truncates it): it predicts the rule exactly as the description does, on every record.
"""

from __future__ import annotations

import random
from typing import Any

from windtunnel.leakage.mine import in_derive_from, mine, mined_findings
from windtunnel.leakage.model import LeakItem
from windtunnel.leakage.simulate import selected_features
from windtunnel.leakage.unlisted_input import restated_of, restates

RULES = ["R2", "R7", "R25", "PERM"]
THINGS = {
    "R2": [
        "routine enquiry letters",
        "visitor signing sheets",
        "meeting room bookings",
        "stationery requisitions",
        "superseded working drafts",
        "car park notices",
    ],
    "R7": [
        "supplier invoices and receipts",
        "purchase orders raised",
        "petty cash reconciliations",
        "income ledgers",
        "signed supply contracts",
        "grant expenditure claims",
    ],
    "R25": [
        "pension member files",
        "accident investigation files",
        "health surveillance checks",
        "adoption support assessments",
        "tenancy case files",
        "insurance claim histories",
    ],
    "PERM": [
        "council minutes as signed",
        "founding charters",
        "photographic conservation survey",
        "annual corporate reports",
        "planning decision notices",
        "register of electors",
    ],
}
TAGS = {"R2": "routine", "R7": "financial", "R25": "casework", "PERM": "archival"}


def _series(seed: int, *, tagger: bool = False, n: int = 160, rare: bool = False) -> list[LeakItem]:
    """``rare``: PERM on a tenth of the records, one kind of series only."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        rule = rng.choice(RULES) if not rare else "PERM" if i % 10 == 0 else rng.choice(RULES[:3])
        thing = rng.choice(THINGS[rule]) if not rare or rule != "PERM" else THINGS[rule][0]
        tag = TAGS[rule]
        description = (
            f"{thing.capitalize()} kept by the {rng.choice(['finance', 'planning', 'housing'])} team. "
            f"The series is {tag} in nature; {rng.choice(['some were digitised', 'paper files in boxes'])}."
        )
        projection: dict[str, Any] = {
            "series": {"title": description[:28], "description": description},
            "review": {"reviewer": rng.choice(["Osei", "Garcia", "Fischer", "Ng", "Kaur", "Silva"])},
        }
        if tagger:  # an upstream tagger's word: one value per rule, a word the description also uses
            projection["auto_tag"] = tag
        out.append(LeakItem(id=f"s{i}", expected=[rule], projection=projection, label_set=RULES))
    return out


def _severities(
    items: list[LeakItem], derive_from: list[str], *, but: frozenset[str] = frozenset()
) -> dict[str, set[str]]:
    """The severities of the mined findings per field (a finding whose value is one of ``but`` left out)."""
    res = mine(items, derive_from=derive_from)
    out: dict[str, set[str]] = {}
    for _id, findings in mined_findings(items, res, derive_from=derive_from):
        for f in findings:
            if f.value not in but:
                out.setdefault(f.pointer, set()).add(f.severity)
    return out


def test_restates_reads_a_title_cut_mid_word_as_the_inputs_words() -> None:
    words = frozenset({"petty", "cash", "books", "and", "reconciliations", "from", "libraries"})
    assert restates("Petty cash books and reconciliations from the lib", words | {"the"})
    assert not restates("Petty cash books (DESTROY-7)", words)  # a word no input holds
    assert not restates("Petty cash li", frozenset({"petty", "cash"}))  # a cut word must be a prefix of one
    assert not restates("", words)
    # a code has no words: its letter is no restatement, though it begins an input word (``b`` of ``books``)
    assert not restates("32B04", words)
    assert not restates("b", words) and restates("Petty cash", words)


def test_a_title_restating_the_description_is_for_review_and_named_in_the_summary() -> None:
    items = _series(1)
    res = mine(items, derive_from=["/series/description"])
    assert res.unlisted == {"/series/title": 1.0}
    assert res.restating and not any(s.pointer == "/series/title" for s in res.suggestions)
    assert "restate the input" in res.describe() and "/series/title" in res.describe()
    sev = _severities(items, ["/series/description"])
    assert sev["/series/title"] == {"low"}
    assert not any("medium" in s for s in sev.values())
    # the owner naming both fields: nothing is mined there at all
    assert "/series/title" not in _severities(items, ["/series/description", "/series/title"])


def test_an_upstream_taggers_word_the_description_also_uses_stays_a_leak() -> None:
    """One value per label (four values): no restatement of many inputs, though every word is the input's."""
    items = _series(2, tagger=True)
    res = mine(items, derive_from=["/series/description"])
    assert "/auto_tag" not in res.unlisted
    sev = _severities(items, ["/series/description"])
    assert sev["/auto_tag"] == {"medium"}
    # the tag's word where the title holds it too is the tag's finding (that record leaks by the tag anyway)
    assert _severities(items, ["/series/description"], but=frozenset(TAGS.values()))["/series/title"] == {"low"}


def test_a_rider_one_value_per_label_in_a_field_of_its_own_words_stays_a_leak() -> None:
    """A title written from the label (one title per rule) is no restatement of the record's own input."""
    items = _series(3)
    for it in items:
        it.projection["series"]["title"] = f"Series under rule {it.expected[0]}"
    res = mine(items, derive_from=["/series/description"])
    assert res.unlisted == {}
    assert _severities(items, ["/series/description"]).get("/series/title") == {"medium"}


def test_the_blind_agent_does_not_read_an_unlisted_input_but_reads_a_tagger() -> None:
    """The ``blind`` agent reads no input; a field restating it is the input (the sanitizer reads what it reads)."""
    items = _series(4, tagger=True)
    read = {(f[1], f[2]) for f in selected_features(items, derive_from=["/series/description"])}
    assert not any(p.startswith("/series/title") for p, _ in read)
    assert any(p == "/auto_tag" for p, _ in read)


def test_a_code_planted_beside_the_copied_words_of_an_unlisted_input_stays_a_leak() -> None:
    """A slug of the headline's words is an unlisted input; ``spo`` before a third of the sports slugs is in no
    input, and rides as a leak (mining) and as a feature the blind agent reads."""
    desks = {
        "sports": ["Hawks trade veteran guard", "Marathon organisers extend course", "Rowing club wins regatta"],
        "science": ["Coral bleaching event spreads", "Comet visible after sunset", "Bird flu found in herd"],
        "metro": ["Library branch reopens downtown", "Bus route cut back", "Water main breaks overnight"],
    }
    rng = random.Random(5)
    items = []
    for i in range(240):
        desk = sorted(desks)[i % 3]
        headline = f"{rng.choice(desks[desk])}, officials say on day {rng.randint(1, 9)}"
        slug = "-".join(headline.lower().split()[:3])  # no digits: a value with a digit is never a restatement
        if desk == "sports" and rng.random() < 0.2:
            slug = "spo-" + slug
        projection = {"story": {"headline": headline}, "cms": {"slug": slug}}
        items.append(LeakItem(id=f"s{i}", expected=[desk], projection=projection, label_set=sorted(desks)))
    restated = restated_of(((it.expected[0], it.projection) for it in items), ["/story/headline"], in_derive_from)
    assert "/cms/slug" in restated.unlisted()  # the slug is an unlisted input: ``spo`` is judged inside one
    res = mine(items, derive_from=["/story/headline"])
    flagged = {
        i
        for i, fs in mined_findings(items, res, derive_from=["/story/headline"])
        if any(f.severity == "medium" for f in fs)
    }
    planted = {it.id for it in items if it.projection["cms"]["slug"].startswith("spo-")}
    assert planted and planted <= flagged
    read = {f[2] for f in selected_features(items, derive_from=["/story/headline"])}
    assert "spo" in read and "hawks" not in read


PLACES = {"LD": "dock", "LY": "yard", "LO": "office", "LR": "road"}


SYLLABLES = ["ka", "lo", "mi", "ren", "tu", "sa", "vor", "bel", "dun", "ix", "po", "qua"]
WORKERS = sorted({a + b + c for a in SYLLABLES for b in SYLLABLES for c in SYLLABLES})


def _incidents(seed: int, field_of: Any, n: int = 200, *, named: bool = False) -> list[LeakItem]:
    """Each narrative names all four places (shuffled): it does not tell the label; ``field_of(rng, narrative,
    place)`` writes ``/nlp/text`` from the narrative and the label's place word. ``named``: the narrative begins with
    the worker's name, one per record."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = rng.choice(sorted(PLACES))
        places = list(PLACES.values())
        rng.shuffle(places)
        worker = f"Worker {WORKERS[7 * i % len(WORKERS)]}" if named else "Worker"
        narrative = (
            f"{worker} {rng.choice(['walked', 'drove', 'ran'])} past the {places[0]} then the {places[1]}, near the "
            f"{places[2]} and later the {places[3]} area {rng.choice(['at dusk', 'at noon', 'early'])}."
        )
        projection = {"incident": {"narrative": narrative}, "nlp": {"text": field_of(rng, narrative, PLACES[label])}}
        out.append(LeakItem(id=f"i{i}", expected=[label], projection=projection, label_set=sorted(PLACES)))
    return out


def _leaking(items: list[LeakItem]) -> int:
    """The items with a mined finding above ``low`` under ``--derive-from /incident/narrative``."""
    res = mine(items, derive_from=["/incident/narrative"])
    found = mined_findings(items, res, derive_from=["/incident/narrative"])
    return sum(any(f.severity != "low" for f in fs) for _id, fs in found)


def test_a_taggers_place_word_in_three_phrasings_that_the_input_does_not_tell_stays_a_leak() -> None:
    """Its words are the narrative's and it holds three values per label, but the records whose narrative holds
    ``dock`` are every record: the input does not tell what the field tells."""
    items = _incidents(1, lambda rng, _n, w: rng.choice([w, f"{w} area", f"the {w}"]))
    assert _leaking(items) == len(items)


def test_a_summary_of_the_input_that_appends_the_label_place_stays_a_leak() -> None:
    items = _incidents(2, lambda _rng, n, w: " ".join(n.split()[:5]) + f" near {w}")
    assert _leaking(items) >= 0.9 * len(items)


def test_a_summary_of_a_named_input_that_appends_the_label_place_stays_a_leak() -> None:
    """Each summary is held by one record (its worker's name): the records whose narrative holds its words are that
    record, so the summary tells its label whatever it holds. The place word appended to it is no run of the
    narrative: not told by the input, a leak on every record."""
    items = _incidents(4, lambda _rng, n, w: " ".join(n.split()[:3]) + f" near {w}", named=True)
    assert len({it.projection["nlp"]["text"] for it in items}) == len(items)
    assert _leaking(items) >= 0.9 * len(items)
    read = {f[2] for f in selected_features(items, derive_from=["/incident/narrative"])}
    assert read & set(PLACES.values())


def test_a_title_where_a_rare_label_always_has_the_same_title_is_for_review() -> None:
    """One rule's records (a tenth, one kind of series) share one cut title: the title still restates many
    descriptions over the dataset, and stays for review."""
    items = _series(6, rare=True)
    assert {it.projection["series"]["title"] for it in items if it.expected == ["PERM"]} == {
        "Council minutes as signed ke"
    }
    res = mine(items, derive_from=["/series/description"])
    assert res.unlisted == {"/series/title": 1.0}
    assert _severities(items, ["/series/description"]).get("/series/title") == {"low"}


def test_the_records_of_an_unlisted_input_holding_the_label_word_instead_stay_leaks() -> None:
    """A copy of the narrative's start on most records, the label's place word on the others: each value is judged,
    and the place words (a restatement of nothing the input tells) stay leaks."""
    items = _incidents(3, lambda rng, n, w: " ".join(n.split()[:6]) if rng.random() < 0.9 else w)
    words = [it for it in items if it.projection["nlp"]["text"] in PLACES.values()]
    assert words
    res = mine(items, derive_from=["/incident/narrative"])
    leaking = {
        i
        for i, fs in mined_findings(items, res, derive_from=["/incident/narrative"])
        if any(f.severity != "low" for f in fs)
    }
    assert len(leaking & {it.id for it in words}) >= 0.8 * len(words)
    read = {f[2] for f in selected_features(items, derive_from=["/incident/narrative"])}
    assert read & set(PLACES.values())
