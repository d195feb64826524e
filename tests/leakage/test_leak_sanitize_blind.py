"""``leak sanitize --mine`` leaves the blind baseline at chance: what it still reads the label off is cut.

Seed 001's test: a blind baseline scores high on the raw dataset and at chance on its sanitized twin. Found by
``benchmarks/leak_blind_datasets.py`` on ``ds2``: a bot's verdict glyph in a timeline comment and an adjuster's
closing note ride with the label in prose outside the task's input; mining left prose there for review, so the
sanitizer kept it and the ``blind`` agent still passed 0.58 against 0.51 (a glyph or a whole note there is a leak
since session 17; its words are still for review, and are what this data carries). Checked here on data of our own, both
ways: the leaking dataset's sanitized twin is at chance, every holder is cut whatever its label, the task's input
is never cut; a clean dataset keeps every byte; a dataset whose input cannot be located keeps its prose.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

from windtunnel.flows.events import Notice
from windtunnel.flows.leak import Fields, SanitizeRequest, items, sanitize_flow
from windtunnel.flows.leak_evidence import BaselineRequest, baseline_flow
from windtunnel.leakage.model import LeakItem
from windtunnel.leakage.shortcuts import _proven, blind_shortcuts, shortcut_findings

LABELS = ["approve", "comment", "reject"]
# The verdict as a word of the bot's sentence: mining leaves words of prose outside the input for review (a glyph
# there is a code, mined as a leak and cut as one), so the blind evidence is what cuts them.
VERDICT = {"approve": "greenlit", "comment": "pending", "reject": "blocked"}
NOTES = [
    "Automated pre-review finished for this change: {g} (scanned {n} files, confidence 0.{c})",
    "Bot summary of the checks run on the branch today: {g} with {n} files looked at (confidence 0.{c})",
]
# A confidence per note: each note is written anew (a note that a label's records carried word for word, whole numbers
# aside, would be canned for the label and its words mined as a leak: mine.CANNED_LEAK; so would notes that two
# records or more share, none across labels: mine.whole_fields); here the blind evidence cuts.
CHATTER = ["Rebased on main.", "Updated the description.", "Thanks, will look tomorrow.", "Pushed a fixup commit."]
TITLES = ["Fix the cache key", "Add retries to the client", "Rename the config flag", "Bump the parser", "Tidy logs"]


def _record(rng: random.Random, i: int, label: str, *, leak: bool) -> dict[str, Any]:
    """A pull request: its title and description are the task's input; the timeline holds human chatter and, on
    leaking records, a bot's note whose word is the verdict (a random one on clean records, when there is one)."""
    timeline = [{"author": f"dev{rng.randrange(40)}", "body": rng.choice(CHATTER)}]
    if leak or rng.random() < 0.3:
        glyph = VERDICT[label] if leak else rng.choice(list(VERDICT.values()))
        note = rng.choice(NOTES).format(g=glyph, n=rng.randrange(2, 30), c=rng.randrange(100, 1000))
        timeline.insert(rng.randrange(2), {"author": "pilot[bot]", "body": note})
    return {
        "id": f"pr-{i:04d}",
        "expected": label,
        "label_set": LABELS,
        "projection": {
            "pr": {"number": 1000 + i, "title": rng.choice(TITLES), "body": f"{rng.choice(TITLES)} as discussed."},
            "timeline": timeline,
        },
    }


def _dataset(*, leak_share: float, n: int = 120, seed: int = 5) -> tuple[list[dict[str, Any]], list[bool]]:
    rng = random.Random(seed)
    recs, truth = [], []
    for i in range(n):
        leak = rng.random() < leak_share
        recs.append(_record(rng, i, rng.choice(LABELS), leak=leak))
        truth.append(leak)
    return recs, truth


DERIVE = ["/pr/title", "/pr/body"]


def _write(path: Path, recs: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in recs), encoding="utf-8")
    return path


def _blind(path: Path) -> dict[str, Any]:
    out = baseline_flow(BaselineRequest(simulate="blind", dataset=path, fields=Fields(), derive_from=DERIVE))
    return {"exit": int(out.exit_code), **out.summary["baseline"]}


def test_the_blind_baseline_is_high_on_the_raw_data_and_at_chance_on_the_sanitized_twin(tmp_path: Path) -> None:
    recs, truth = _dataset(leak_share=0.6)
    raw, clean = _write(tmp_path / "prs.jsonl", recs), tmp_path / "prs.clean.jsonl"
    before = _blind(raw)
    assert before["verdict"] == "leak" and before["exit"] == 1
    events: list[Any] = []
    out = sanitize_flow(SanitizeRequest(dataset=raw, output=clean, mine=True, derive_from=DERIVE), events.append)
    cut = out.summary["blind_shortcuts"]
    assert cut["rounds"] >= 1 and cut["fields"] == ["/timeline/*/body"]
    assert cut["after"] is not None and cut["after"]["p_value"] > 0.05
    assert "the blind baseline still read the label off" in " ".join(e.text for e in events if isinstance(e, Notice))
    after = _blind(clean)
    assert after["verdict"] == "at-chance" and after["exit"] == 0
    done = [json.loads(line) for line in clean.read_text(encoding="utf-8").splitlines()]
    for r, d, leak in zip(recs, done, truth, strict=True):
        assert d["projection"]["pr"] == r["projection"]["pr"]  # the task's input is never cut
        bodies = [t["body"] for t in d["projection"]["timeline"]]
        assert not any(g in b for b in bodies for g in VERDICT.values())  # every holder cut, whatever its label
        assert len(bodies) == len(r["projection"]["timeline"])  # the schema kept: no member dropped
        if not leak and not any(t["author"] == "pilot[bot]" for t in r["projection"]["timeline"]):
            assert d == r  # a clean record holding no verdict word keeps its value


def test_a_clean_dataset_keeps_every_byte(tmp_path: Path) -> None:
    recs, _truth = _dataset(leak_share=0.0)
    raw, clean = _write(tmp_path / "prs.jsonl", recs), tmp_path / "prs.clean.jsonl"
    assert _blind(raw)["exit"] == 0
    out = sanitize_flow(SanitizeRequest(dataset=raw, output=clean, mine=True, derive_from=DERIVE))
    shortcuts = out.summary.get("blind_shortcuts")  # present only to name graded fields left (principle 7)
    assert shortcuts is None or (shortcuts["graded"] and shortcuts["items_cut"] == 0), shortcuts
    assert clean.read_bytes() == raw.read_bytes()


def test_without_the_blind_evidence_the_sanitized_twin_still_leaks(tmp_path: Path) -> None:
    """The mechanism is what moves it: the scan and mining alone leave the verdict words (words of prose outside the
    input are for review), and the blind baseline still reads them."""
    recs, _truth = _dataset(leak_share=0.6)
    raw = _write(tmp_path / "prs.jsonl", recs)
    its = [m.item for m in items(raw, Fields().field_map())]
    found = blind_shortcuts(its, derive_from=DERIVE)
    assert found is not None and found.above_chance
    assert {("token", "", g) for g in VERDICT.values()} <= set(found.features)


def test_a_shortcut_is_cut_on_every_holder_and_never_in_the_input() -> None:
    glyph = ("token", "", "🟢")
    it = LeakItem.from_mapping(
        {
            "id": "x",
            "expected": "reject",
            "projection": {
                "pr": {"title": "🟢 fix", "body": "ok"},
                "timeline": [{"author": "pilot[bot]", "body": "Automated pre-review finished for this change: 🟢 ok"}],
                "tags": ["🟢"],
            },
        }
    )
    found = shortcut_findings(it, [glyph], derive_from=DERIVE)
    assert {f.pointer for f in found} == {"/timeline/0/body", "/tags/0"}  # its label is not the glyph's: cut too
    assert all(f.rule == "correlated.blind" and f.blocking for f in found)
    body = it.projection["timeline"][0]["body"]
    (span,) = [f.span for f in found if f.pointer == "/timeline/0/body"]
    assert span is not None and body[span[0] : span[1]] == "🟢"


def _texts(*, keyed: bool, leak_share: float, n: int = 120) -> tuple[list[dict[str, Any]], list[bool]]:
    """Records that are one text each: the author's message (the task's signal, under a ``message:`` key when
    ``keyed``) and, on leaking records, a routing note whose word is the verdict."""
    rng = random.Random(3)
    words = {"approve": "looks great", "comment": "has a question", "reject": "is broken badly"}
    recs, truth = [], []
    for i in range(n):
        label, leak = rng.choice(LABELS), rng.random() < leak_share
        said = f"the change {words[label]} according to the author today"
        ref = "".join(rng.choice("bcdfghjklmnpqrstvwxz") for _ in range(6))  # each request its own (not canned)
        text = f"Review request {ref}.\n" + (f"message: {said}" if keyed else f"the message: {said}")
        if leak:
            # prose, not a name-value pair mining reads; its clerk each record's own, so no record's routing line is
            # another's word for word (canned, its word would be mining's leak and no blind round left to run)
            clerk = "".join(rng.choice("bcdfghjklmnpqrstvwxz") for _ in range(5))
            text += f"\nrouted to the {VERDICT[label]} desk by clerk {clerk}"
        recs.append({"id": f"t-{i}", "expected": label, "projection": text})
        truth.append(leak)
    return recs, truth


def test_an_input_named_inside_a_text_is_located_kept_and_not_read(tmp_path: Path) -> None:
    """A record that is one text, its input a key inside it (``--derive-from message``): the blind agent does not
    read the input's words (the task's own signal), reads the routing word, and the sanitizer cuts the word and
    keeps the message on every record."""
    recs, truth = _texts(keyed=True, leak_share=0.6)
    raw, clean = _write(tmp_path / "t.jsonl", recs), tmp_path / "t.clean.jsonl"
    its = [m.item for m in items(raw, Fields().field_map())]
    found = blind_shortcuts(its, derive_from=["message"])
    assert found is not None and found.above_chance
    assert not any(f[2] in ("great", "question", "broken") for f in found.features)  # the input is not read
    out = sanitize_flow(SanitizeRequest(dataset=raw, output=clean, mine=True, derive_from=["message"]))
    cut = out.summary["blind_shortcuts"]  # the blind round ran and cut the routing word
    assert cut["rounds"] >= 1 and cut["after"] is not None and cut["after"]["p_value"] > 0.05
    done = [json.loads(line)["projection"] for line in clean.read_text(encoding="utf-8").splitlines()]
    for r, d, leak in zip(recs, done, truth, strict=True):
        message = r["projection"].split("\n")[1]
        assert message in d  # the task's input is never cut
        assert not any(g in d for g in VERDICT.values())
        if not leak:
            assert d == r["projection"]


def test_prose_where_the_input_is_not_located_is_not_cut(tmp_path: Path) -> None:
    """The same texts with ``message`` only inside a sentence: the named input cannot be located, so any sentence
    may be it; the blind agent reads the whole text, the sanitizer cuts nothing there and says what it left."""
    recs, _truth = _texts(keyed=False, leak_share=0.0)
    raw, clean = _write(tmp_path / "t.jsonl", recs), tmp_path / "t.clean.jsonl"
    events: list[Any] = []
    out = sanitize_flow(SanitizeRequest(dataset=raw, output=clean, mine=True, derive_from=["message"]), events.append)
    assert clean.read_bytes() == raw.read_bytes()
    summary = out.summary["blind_shortcuts"]
    assert summary["rounds"] == 0 and summary["after"]["p_value"] <= 0.05
    assert any(isinstance(e, Notice) and "feature(s) the sanitizer does not cut" in e.text for e in events)


def test_a_numeric_range_blanks_the_number_at_its_field_and_nothing_else() -> None:
    """A range the agent reads (points beside a grade) names the field, not one number: every number there goes, the
    other numbers stay."""
    it = LeakItem.from_mapping(
        {"id": "g", "expected": "B", "projection": {"points": 84, "pct": "84%", "rubric": {"max": 100}, "n": 84}}
    )
    found = shortcut_findings(it, [("range", "/points", "80..89"), ("at-least", "/pct", "80")])
    assert sorted(f.pointer for f in found) == ["/pct", "/points"]
    assert all(f.span is None for f in found)


def test_a_value_riding_with_a_label_by_chance_is_not_cut() -> None:
    """QA 17: among many strong riders the agent's selection (BH at 5 %) admits a random value on five records of one
    label; cutting it would blank that field on every item. A feature is cut only when its own records lean to its
    label beyond chance, Bonferroni-corrected over the features: the glyph on 40 records stays, the score goes."""
    answers = ["deny"] * 40 + ["approve"] * 60
    glyph = ("value", "/note", "🔴")
    score = ("value", "/score", "0.76")
    strong = {("value", f"/f{i}", "x"): Counter({"deny": 30}) for i in range(50)}
    features = {glyph: Counter({"deny": 40}), score: Counter({"deny": 5}), **strong}
    kept = _proven(features, answers)
    assert glyph in kept and all(f in kept for f in strong)
    assert score not in kept
