"""A text filled in with the record's own words is mined as its template (leakage/templates.py), both ways.

A beat reporter's line chosen by the outcome (``Sounds like a long shot for Nguyen this week.``) names the record's
player, whom the record's own ``/player/name`` holds: written as is, each record's line is its own value and nothing
repeats; with the record's own words masked, the records of one outcome hold one template, mined as a value riding
with the label. A file name that carries the record's id (``2024-345_LTR_AWARD.docx``) is the same. The same lines
drawn apart from the label give nothing, and a text with no word of the record's keeps no template.
"""

from __future__ import annotations

import random

from windtunnel.leakage.candidates import candidates
from windtunnel.leakage.mine import mine, mined_findings
from windtunnel.leakage.model import LeakItem
from windtunnel.leakage.templates import PLACEHOLDER, OwnWords

LABELS = ["out", "doubtful", "available"]
LINES = {
    "out": "{name} has been ruled out per the head coach.",
    "doubtful": "Sounds like a long shot for {name} this week. Would be surprised if he plays.",
    "available": "{name} told us he is good to go Sunday. No limitations.",
}
SURNAMES = [
    "Nguyen", "Okafor", "Lindqvist", "Tanaka", "Moreau", "Haddad", "Kowalski", "Reilly", "Costa", "Mensah",
    "Yilmaz", "Demir", "Sato", "Patel", "Schmidt", "Berg", "Alvarez", "Dubois", "Karimi", "Novak",
]  # fmt: skip
FIRST = ["Ingrid", "Yusuf", "Maria", "Sam", "Elena", "Noor", "Victor", "Mei", "Amara", "Dmitri"]
DERIVE = ["/practice"]


def _dataset(seed: int, *, leak: bool, n: int = 150) -> list[LeakItem]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = LABELS[i % 3]
        surname = rng.choice(SURNAMES)
        said = LINES[label if leak else rng.choice(LABELS)]
        projection = {
            "player": {"name": f"{rng.choice(FIRST)} {surname}", "jersey": rng.randint(1, 99)},
            "practice": [rng.choice(["DNP", "Limited", "Full"]) for _ in range(3)],
            "beat_reporter": {"text": said.format(name=surname)} if i % 5 < 2 else None,
        }
        out.append(LeakItem(id=f"p{i}", expected=[label], projection=projection, label_set=LABELS))
    return out


def test_a_line_filled_in_with_the_records_own_name_is_mined_as_its_template() -> None:
    items = _dataset(5, leak=True)
    result = mine(items, derive_from=DERIVE)
    found = {s.label: s.value for s in result.suggestions if s.pointer == "/beat_reporter/text"}
    assert found == {lab: line.format(name=PLACEHOLDER) for lab, line in LINES.items()}
    flagged = dict(mined_findings(items, result, derive_from=DERIVE))
    holders = {it.id for it in items if it.projection["beat_reporter"]}
    assert set(flagged) == holders
    for findings in flagged.values():
        # the whole line is the value: a template chosen by the label, not words of an author's note
        assert any(f.pointer == "/beat_reporter/text" and f.severity == "medium" for f in findings)


def test_the_same_lines_drawn_apart_from_the_label_give_nothing() -> None:
    for seed in (5, 6, 7):
        result = mine(_dataset(seed, leak=False), derive_from=DERIVE)
        assert not [s for s in result.suggestions if s.pointer == "/beat_reporter/text"]


def test_the_record_lends_its_short_strings_words_and_ids_to_its_other_texts() -> None:
    own = OwnWords(["Ingrid Nguyen", "2024-345", "2024-345_LTR_AWARD.docx", "a note of many more words than a name"])
    assert (
        own.masked("Sounds like a long shot for Nguyen this week.")
        == f"Sounds like a long shot for {PLACEHOLDER} this week."
    )
    assert own.masked("2024-345_LTR_AWARD.docx") == f"{PLACEHOLDER}_LTR_AWARD.docx"  # the id, glued to the code
    assert own.masked("2024-345") is None  # a value lends itself to no one but the others
    assert own.masked("go straight to 40 off") is None  # no word of the record: no template
    assert own.masked("more words") is None  # a long text lends nothing
    # the template is a candidate beside the text as written, at the text's own place (prose outside the named
    # input is mined; the input lends its words too)
    projection = {"player": {"name": "Ingrid Nguyen"}, "note": "Sounds like a long shot for Nguyen this week."}
    held = candidates(projection, ["/player"])
    where = held[("value", "/note", f"Sounds like a long shot for {PLACEHOLDER} this week.")]
    assert where[0] == "/note" and where[1] is None
    assert ("value", "/note", "Sounds like a long shot for Nguyen this week.") in held


def test_a_template_that_splits_a_text_is_not_tested() -> None:
    # A constant prompt whose one word the record's title lends on the records of one label only: masked, it would
    # ride with that label, though the text is the same on every record (the title's signal, not a template's).
    rng = random.Random(2)
    titles = {"out": ["Does the job"], "doubtful": ["Fine overall"], "available": ["Great buy"]}
    items = []
    for i in range(150):
        label = LABELS[i % 3]
        projection = {"title": rng.choice(titles[label]), "prompt": "Label the player's status.", "n": i}
        items.append(LeakItem(id=f"q{i}", expected=[label], projection=projection, label_set=LABELS))
    assert ("value", "/prompt", f"Label {PLACEHOLDER} player's status.") in candidates(items[0].projection)
    for derive_from in ([], ["/title"]):
        result = mine(items, derive_from=derive_from)
        found = [f for _id, fs in mined_findings(items, result, derive_from=derive_from) for f in fs]
        assert not [f for f in found if f.pointer == "/prompt"]


def test_the_blind_agent_does_not_read_a_template_that_splits_a_text() -> None:
    from windtunnel.leakage.simulate import _features

    rng = random.Random(2)
    titles = {"out": ["Does the job"], "doubtful": ["Fine overall"], "available": ["Great buy"]}
    items = [
        LeakItem(
            id=f"q{i}",
            expected=[LABELS[i % 3]],
            projection={"title": rng.choice(titles[LABELS[i % 3]]), "prompt": "Label the player's status.", "n": i},
            label_set=LABELS,
        )
        for i in range(30)
    ]
    where, _bins, _feats, _records = _features(items, ["/title"])
    split = ("value", "/prompt", f"Label {PLACEHOLDER} player's status.")
    assert split in candidates(items[0].projection, ["/title"])  # read from the text, then dropped as splitting it
    assert not any(split in w for w in where)
    assert all(("value", "/prompt", "Label the player's status.") in w for w in where)


LONG_PROMPT = (
    "Decide whether the player's availability is questionable for the weekend fixture, and answer with one of"
    " out, doubtful or available."
)


def test_a_text_too_long_to_be_a_value_is_still_seen_split_by_its_template() -> None:
    # The same constant instruction, too long to be a value itself: its template (the word the title lends masked on
    # one label's records) must still be seen to split it, by mining and by the blind agent alike.
    from windtunnel.leakage.simulate import blind_predictions_cv

    rng = random.Random(3)
    titles = {"out": ["Questionable availability"], "doubtful": ["Fine overall"], "available": ["Great buy"]}
    items = []
    for i in range(150):
        label = LABELS[i % 3]
        projection = {"title": rng.choice(titles[label]), "prompt": LONG_PROMPT, "n": i}
        items.append(LeakItem(id=f"q{i}", expected=[label], projection=projection, label_set=LABELS))
    masked = ("value", "/prompt", LONG_PROMPT.replace("availability", PLACEHOLDER).replace("questionable", PLACEHOLDER))
    assert ("value", "/prompt", LONG_PROMPT) not in candidates(items[0].projection, ["/title"])  # too long alone
    assert masked in candidates(items[0].projection, ["/title"])  # what the 'out' records' title lends
    result = mine(items, derive_from=["/title"])
    found = [f for _id, fs in mined_findings(items, result, derive_from=["/title"]) for f in fs]
    assert not [f for f in found if f.pointer == "/prompt"]
    answers = blind_predictions_cv(items, derive_from=["/title"])
    right = sum(a == it.expected[0] for a, it in zip(answers, items, strict=True))
    assert right <= 60  # a third is chance (50); the split template alone would answer every 'out' record right


def test_a_wide_record_tries_each_text_only_on_the_ids_its_runs_spell() -> None:
    """A record of many short ids (a wide export of codes): each text is matched against the ids its own runs of
    letters and digits could spell, not against every id of the record, so the work grows with the record, not
    with its square (a counter, not a clock). Every id masks where another field writes it all the same."""
    rnd = random.Random(3)
    for width in (50, 400):
        codes = ["".join(rnd.choice("ABCDEFGHJK") + rnd.choice("0123456789") for _ in range(4)) for _ in range(width)]
        texts = [*codes, f"filed under {codes[0]} and {codes[1].lower()}"]
        own = OwnWords(texts)
        masked = [own.masked(t) for t in texts]
        assert masked[:width] == [None] * width  # a code alone is its own
        assert masked[-1] == f"filed under {PLACEHOLDER} and {PLACEHOLDER}"
        assert own.tried <= 2 * len(texts)


def test_the_ids_a_text_spells_mask_as_every_id_of_the_record_would() -> None:
    """The run index only narrows which ids are tried: on texts mixing the record's ids in every case, inside longer
    runs, sharing prefixes and runs, joined by separators, the ids masked are those the one pattern of every id (in
    the same order: the longest first) masks, whichever id the text itself lends."""
    rnd = random.Random(7)
    pieces = ["ab12", "AB12-7", "ab12 7", "x9", "x9-y9", "Q-77", "q-77a", "7_ab12", "ab12x", "(5) 44"]
    for _ in range(300):
        ids = rnd.sample(pieces, rnd.randint(1, len(pieces)))
        own = OwnWords(ids + [rnd.choice(pieces)])
        for _ in range(5):
            text = "".join(rnd.choice([*pieces, " ", "-", "_", "z", "/", "é", ". "]) for _ in range(rnd.randint(1, 7)))
            for alone in (frozenset(), frozenset({text.strip().casefold()}), frozenset({rnd.choice(ids).casefold()})):
                assert own._ids_masked(text, alone) == own._all_masked(text, alone), (ids, text, alone)


# A machine translation of each report's summary, one line per hazard, naming the record's site: a site of several
# words, some of them short (``DC``, ``of``, ``(ES)``), as the record's ``/report/site`` holds it.
SITES = ["DC Daventry", "Port of Tyne", "Zaragoza PLAZA (ES)", "St Helens Hub", "Magna Park Lutterworth"]
HAZARDS = ["pedestrian", "load", "rack"]
SUMMARY = {
    "pedestrian": "Casi accidente en {site}: conflicto con peatón.",
    "load": "Casi accidente en {site}: inestabilidad de la carga.",
    "rack": "Casi accidente en {site}: impacto contra estantería o estructura.",
}


def _translated(seed: int, n: int = 150) -> list[LeakItem]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = HAZARDS[i % 3]
        site = rng.choice(SITES)
        projection = {
            "report": {
                "site": site,
                "narrative": " ".join(rng.choice(["forklift", "aisle", "shift"]) for _ in range(9)),
            },
            "translations": {"es": SUMMARY[label].format(site=site)} if i % 5 < 2 else None,
        }
        out.append(LeakItem(id=f"r{i}", expected=[label], projection=projection, label_set=HAZARDS))
    return out


def test_a_line_naming_the_records_site_of_several_words_is_mined_as_one_template() -> None:
    # the site's short words (``DC``, ``of``) were left as written: five templates per hazard, one per site, each on a
    # few records; the site is masked whole now, one template per hazard
    items = _translated(3)
    result = mine(items, derive_from=["/report/narrative"])
    found = {(s.label, s.value) for s in result.suggestions if s.pointer == "/translations/es" and s.kind == "value"}
    assert found >= {(lab, line.format(site=PLACEHOLDER)) for lab, line in SUMMARY.items()}
    flagged = dict(mined_findings(items, result, derive_from=["/report/narrative"]))
    assert set(flagged) == {it.id for it in items if it.projection["translations"]}


def test_a_short_string_is_masked_whole_inside_another_text_not_in_a_copy_of_it() -> None:
    own = OwnWords(["DC Daventry", "bank (GB)", "a note of many more words than a name"])
    assert own.masked("Casi accidente en DC Daventry: conflicto.") == f"Casi accidente en {PLACEHOLDER}: conflicto."
    # a copy of the string is masked by its words only, as before: what it holds besides them is its own signal
    assert OwnWords(["bank (GB)", "bank (GB)"]).masked("bank (GB)") == f"{PLACEHOLDER} (GB)"
    assert own.masked("the DC stays, Daventry goes") == f"the DC stays, {PLACEHOLDER} goes"
