"""``leak sanitize --mine`` cuts a mined value where it is, and never the task's input.

Found by ``benchmarks/leak_blind_datasets.py`` on its fixture ``chat_intent_upstream``: a code mined in the router
step's output (``/steps/1/output``) became the template ``/steps/*/output``, which blanked every step's output on
every item, the customer's message (the ``--derive-from`` field) and all the clean records included. The rules
checked here: a mined field is blanked at its own scalar (never what lies under the template on another item), a
list index stays where every mined value sits at the same one, prose (which mining never reads) is not blanked on
mined evidence, a ``--derive-from`` field is never cut on mined evidence (and the stats and messages say what was
kept there), and clean records keep their bytes.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from windtunnel.flows.events import Notice
from windtunnel.flows.leak import SanitizeRequest, check_flow, sanitize_flow

FIXTURE = Path(__file__).resolve().parents[2] / "benchmarks" / "leak_data" / "ds_dev" / "chat_intent_upstream.jsonl"
LABELS = ["Low", "Medium", "High", "Critical"]


def _lines(path: Path) -> list[bytes]:
    return path.read_bytes().splitlines()


def _notes(events: list[Any]) -> str:
    return " ".join(" ".join(e.text.split()) for e in events if isinstance(e, Notice))


def test_the_fixtures_clean_records_and_customer_messages_keep_their_bytes(tmp_path: Path) -> None:
    """The benchmark's finding: all 120 records were rewritten, every message blanked; now only the leaking ones."""
    records = [json.loads(line) for line in FIXTURE.read_text(encoding="utf-8").splitlines()]
    leaking = [bool(r.pop("truth")["leak"]) for r in records]
    data, clean, stats = tmp_path / "chat.jsonl", tmp_path / "chat.clean.jsonl", tmp_path / "stats.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    out = sanitize_flow(SanitizeRequest(dataset=data, output=clean, stats=stats, mine=True, derive_from=["text"]))
    assert out.status == "passed" and out.summary["mined"]["suggestions"] > 0
    before, after = _lines(data), _lines(clean)
    changed = [a != b for a, b in zip(before, after, strict=True)]
    assert changed == leaking  # every clean record byte for byte, every leaking one edited
    for raw, done in zip(records, (json.loads(line) for line in after), strict=True):
        # The conversation (the task's input) is whole on every record.
        assert done["projection"]["steps"][0] == raw["projection"]["steps"][0]
    reds = [r for line in stats.read_text().splitlines() for r in json.loads(line)["redactions"]]
    assert reds and all(r["pointer"].startswith("/steps/1/output") for r in reds)
    # `leak check` finds nothing left in the sanitized records (it fails only on raw records it finds no leak in: the
    # clean ones, and the few leaking ones the audit misses, whose router output is blanked all the same).
    check = check_flow(data, clean, mine=True, derive_from=["text"])
    assert check.summary["still_leaking"] == {} and check.summary["eliminated"] == []
    clean_ids = {r["id"] for r, leak in zip(records, leaking, strict=True) if not leak}
    assert clean_ids <= set(check.summary["not_leaking"])


def _trace(subject: str, route: str | None, at: int, tool: str) -> dict[str, Any]:
    """A trace: the ticket's subject (the task's input) first, a router's code at step ``at`` (or a CRM lookup)."""
    steps: list[dict[str, Any]] = [{"tool": "read_ticket", "output": subject}]
    if route is None:
        steps.append({"tool": "crm", "output": {"plan": "pro"}})
    else:
        steps.extend({"tool": "noop", "output": {"ok": True}} for _ in range(at - 1))
        steps.append({"tool": tool, "output": route})
    return {"steps": steps}


def _dataset(path: Path, subject: Any, *, moving: bool = False, tools: int = 1) -> tuple[Path, list[bool]]:
    """The letter of ``R-L123`` rides with Low (12 items, mined); the other labels' letters are too rare to mine
    (3 items each); 20 items have no router. ``subject(i, label, rng)`` writes each subject; ``moving`` puts the
    router at step 1 or 2; ``tools`` is how many names the router's step goes by."""
    rng = random.Random(7)
    rows: list[tuple[str, str | None]] = [("Low", f"R-L{100 + i}") for i in range(12)]
    rows += [(lab, f"R-{lab[0]}{200 + i}") for lab in LABELS[1:] for i in range(3)]
    rows += [(LABELS[1 + i % 3], None) for i in range(20)]
    out = []
    for i, (label, route) in enumerate(rows):
        at = 1 + (i % 2 if moving else 0)
        proj = _trace(subject(i, label, rng), route, at, "router" if tools == 1 else f"router_{i % tools}")
        out.append({"id": f"t{i}", "expected": label, "label_set": LABELS, "projection": proj})
    path.write_text("".join(json.dumps(r) + "\n" for r in out), encoding="utf-8")
    return path, [route is not None for _, route in rows]


def _short(i: int, label: str, rng: random.Random) -> str:
    return f"Order {rng.randint(1000, 9999)} needs review"


def _unshaped(i: int, label: str, rng: random.Random) -> str:
    return f"Order {rng.randint(1000, 9999)} needs review" + "!" * i


def _prose(i: int, label: str, rng: random.Random) -> str:
    return f"Order {rng.randint(1000, 9999)} arrived late and the box was open"


def _changed(raw: Path, clean: Path) -> list[bool]:
    return [a != b for a, b in zip(_lines(raw), _lines(clean), strict=True)]


def _outputs(path: Path, step: int) -> list[Any]:
    return [json.loads(line)["projection"]["steps"][step]["output"] for line in _lines(path)]


def test_a_field_mined_at_one_step_is_blanked_there_only(tmp_path: Path) -> None:
    """The router always answers at step 1: its output is blanked on every item holding one (the other labels' codes
    too, so an empty one tells nothing), and step 0's short subject stays (the old code blanked it on every item)."""
    data, routed = _dataset(tmp_path / "d.jsonl", _short)
    clean, stats = tmp_path / "c.jsonl", tmp_path / "s.jsonl"
    out = sanitize_flow(SanitizeRequest(dataset=data, output=clean, stats=stats, mine=True))
    assert out.status == "passed" and out.summary["eliminated"] == []
    assert [v == "" for v in _outputs(clean, 1)] == routed
    assert _outputs(clean, 0) == _outputs(data, 0)
    assert _changed(data, clean) == routed
    assert "kept_in_derive_from" not in stats.read_text()


def test_a_field_mined_at_several_steps_is_the_step_its_siblings_name(tmp_path: Path) -> None:
    """The router answers at step 1 or 2, always as `"tool": "router"`: the field is the output of the step named so,
    not the subject at step 0 beside it."""
    data, routed = _dataset(tmp_path / "d.jsonl", _short, moving=True)
    clean = tmp_path / "c.jsonl"
    out = sanitize_flow(SanitizeRequest(dataset=data, output=clean, mine=True))
    assert out.status == "passed"
    assert _changed(data, clean) == routed
    assert _outputs(clean, 0) == _outputs(data, 0)
    for line in _lines(clean):
        assert all(s["output"] == "" for s in json.loads(line)["projection"]["steps"] if s["tool"] == "router")


def test_a_field_at_every_step_spares_prose_and_the_derive_from_field(tmp_path: Path) -> None:
    """The router answers at step 1 or 2 under several names: nothing tells its step from the others, so the field is
    every step's output. Prose there holds no mined value (mining never reads it) and is kept; a short subject is
    kept when --derive-from names it, and the stats and messages say so."""
    data, routed = _dataset(tmp_path / "prose.jsonl", _prose, moving=True, tools=3)
    clean = tmp_path / "prose.clean.jsonl"
    assert sanitize_flow(SanitizeRequest(dataset=data, output=clean, mine=True)).status == "passed"
    assert _changed(data, clean) == routed
    assert _outputs(clean, 0) == _outputs(data, 0)

    data, routed = _dataset(tmp_path / "short.jsonl", _short, moving=True, tools=3)
    # Without --derive-from a short subject is a value at that field like the codes; each is a record's own, but its
    # shape (`Order 9 needs review`) is held alike by every label's items and no mined code takes it, while every
    # router's code (`R-L123`, `R-M201`) has the mined ones' shape: the codes go on every routed item, every subject
    # keeps its bytes (session 21, value_shapes; before, every subject was blanked too).
    plain = tmp_path / "short.plain.jsonl"
    assert sanitize_flow(SanitizeRequest(dataset=data, output=plain, mine=True)).status == "passed"
    assert _outputs(plain, 0) == _outputs(data, 0)
    assert _changed(data, plain) == routed
    # Subjects whose shapes are each their own (`Order 1234 needs review!!`) are values at that field like the codes:
    # blanked wherever they are without --derive-from, kept with it.
    data, routed = _dataset(tmp_path / "unshaped.jsonl", _unshaped, moving=True, tools=3)
    plain = tmp_path / "unshaped.plain.jsonl"
    assert sanitize_flow(SanitizeRequest(dataset=data, output=plain, mine=True)).status == "passed"
    assert _outputs(plain, 0) == [""] * len(routed)
    clean, stats = tmp_path / "short.clean.jsonl", tmp_path / "short.stats.jsonl"
    events: list[Any] = []
    req = SanitizeRequest(dataset=data, output=clean, stats=stats, mine=True, derive_from=["/steps/0/output"])
    out = sanitize_flow(req, events.append)
    assert out.status == "passed"
    assert _changed(data, clean) == routed
    assert _outputs(clean, 0) == _outputs(data, 0)
    kept = [json.loads(line).get("kept_in_derive_from") for line in stats.read_text().splitlines()]
    assert kept == [["/steps/0/output"]] * len(routed)
    assert out.summary["kept_in_derive_from"] == {"/steps/0/output": len(routed)}
    assert "mined evidence left uncut in the task's input (--derive-from)" in _notes(events)


def test_a_mined_value_inside_the_derive_from_field_is_kept_and_named(tmp_path: Path) -> None:
    """The Low items' subject repeats their code: mining (which does not read the subject) finds the code's letter at
    the router, and the same letter in the subject is left as it is, named in the stats and the messages."""

    def with_code(i: int, label: str, rng: random.Random) -> str:
        return f"R-L{100 + i} needs review" if label == "Low" else f"Order {rng.randint(1000, 9999)} needs review"

    data, _ = _dataset(tmp_path / "d.jsonl", with_code)
    clean, stats = tmp_path / "c.jsonl", tmp_path / "s.jsonl"
    events: list[Any] = []
    req = SanitizeRequest(dataset=data, output=clean, stats=stats, mine=True, derive_from=["/steps/0/output"])
    out = sanitize_flow(req, events.append)
    raw = [json.loads(line) for line in _lines(data)]
    done = [json.loads(line) for line in _lines(clean)]
    assert [d["projection"]["steps"][0] for d in done] == [r["projection"]["steps"][0] for r in raw]
    kept = [json.loads(line).get("kept_in_derive_from") for line in stats.read_text().splitlines()]
    low = [r["expected"] == "Low" for r in raw]
    assert kept == [["/steps/0/output"] if x else None for x in low]
    assert out.summary["kept_in_derive_from"] == {"/steps/0/output": 12}
    assert "/steps/0/output (12 item(s))" in _notes(events)
