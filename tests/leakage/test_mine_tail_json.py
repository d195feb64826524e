"""A JSON object a log line ends with (``candidates._tail_json``): its members are structure, both ways.

An integrity review reads the analyst's notes (the owner's ``--derive-from``). Outside them, a webhook log holds one
line a call, ``<time> POST /hooks/integrity 200 body={\\"event\\": \\"case_opened\\", …}``, the body escaped as a
later stage wrote it: every record has the opening line; on some, a second line carries the event the outcome led to
(``prize_hold``, ``case_closed``, ``watchlist_add``), each on a handful of records. Read as words the line is prose
(its tokens for review); read as a line ending with a JSON object, its ``event`` member is a field whose values each
ride with one label, found on those records at the object's characters. The same events drawn apart from the
outcome give nothing.
"""

from __future__ import annotations

import json
import random

from windtunnel.leakage.candidates import candidates
from windtunnel.leakage.mine import mine, mined_findings
from windtunnel.leakage.model import LeakItem

LABELS = ["no action", "monitor", "refer"]
EVENT = {"no action": "case_closed", "monitor": "watchlist_add", "refer": "prize_hold"}
NOTES = {
    "no action": "Betting pattern explained by a public injury report; nothing further.",
    "monitor": "Odd line movement before the second map; keep an eye on the roster.",
    "refer": "Two accounts linked to a player bet against his own team; strong case.",
}
DERIVE = ["/review/notes"]


def _line(t: int, event: str, match: int) -> str:
    body = json.dumps({"event": event, "match": str(match)})
    return f"2024-06-{t:02d}T10:00:00Z POST /hooks/integrity 200 body={json.dumps(body)[1:-1]}"


def _dataset(seed: int, *, drawn_apart: bool = False, n: int = 150) -> list[LeakItem]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = rng.choice(LABELS)
        match = 2300000 + i
        log = [_line(rng.randint(1, 28), "case_opened", match)]
        if rng.random() < 0.13:
            event = EVENT[rng.choice(LABELS)] if drawn_apart else EVENT[label]
            log.append(_line(rng.randint(1, 28), event, match))
        projection = {"review": {"notes": NOTES[label] + f" Case {i}."}, "webhook_log": log}
        out.append(LeakItem(id=f"c{i}", expected=[label], projection=projection, label_set=LABELS))
    return out


def _flagged(items: list[LeakItem]) -> dict[str, set[str]]:
    result = mine(items, derive_from=DERIVE)
    return {
        k: {f.pointer or "" for f in fs if f.severity in ("medium", "high")}
        for k, fs in mined_findings(items, result, derive_from=DERIVE)
        if any(f.severity in ("medium", "high") for f in fs)
    }


def test_a_log_lines_closing_json_object_gives_its_members() -> None:
    line = _line(3, "prize_hold", 2300001)
    assert len(line.split()) > 6  # prose by its words
    got = candidates({"log": [line]}, derive_from=DERIVE)
    pointer, span, _inner, _view = got[("value", "/log/*/event", "prize_hold")]
    assert pointer == "/log/0" and span is not None
    assert line[span[0] : span[1]].startswith("{") and line[span[0] : span[1]].endswith("}")
    assert ("value", "/log/*/match", "2300001") in got
    # a sentence that only mentions braces, or an object that does not close the line, is no structure
    for text in ("see {the form} attached for details today", 'body={"event": "x"} and then more words here'):
        read = candidates({"log": [text]}, derive_from=DERIVE)  # a key held at all is a candidate of its own (kind key)
        assert all(k[1] in ("/log/*", "") for k in read if k[0] != "key")


def test_an_event_per_outcome_appended_to_a_log_line_is_found() -> None:
    items = _dataset(5)
    with_event = {it.id for it in items if len(it.projection["webhook_log"]) > 1}
    flagged = _flagged(items)
    assert with_event and set(flagged) == with_event
    assert all(any(p.startswith("/webhook_log/1") for p in ps) for ps in flagged.values())


def test_events_drawn_apart_from_the_outcome_are_no_leak() -> None:
    assert not _flagged(_dataset(5, drawn_apart=True))


def test_a_line_of_many_openings_is_parsed_a_bounded_number_of_times(monkeypatch) -> None:
    """Each opening parses the rest of the line: a line of many ``={`` is tried at its first few openings only, so
    reading it costs linear time, and a line too long to be a log line is not read for a tail at all."""
    from windtunnel.leakage import candidates as mine_module

    calls: list[int] = []
    real = mine_module.embedded_json

    def counting(text: str):  # type: ignore[no-untyped-def]
        calls.append(len(text))
        return real(text)

    monkeypatch.setattr(mine_module, "embedded_json", counting)
    assert mine_module._tail_json("a={" * 2000 + "}") is None
    assert 0 < len(calls) <= mine_module._TAIL_TRIES
    calls.clear()
    assert mine_module._tail_json("x" * mine_module._TAIL_MAX_LEN + ' body={"event": "prize_hold"}') is None
    assert calls == []
    line = 't POST /h 200 body={"event": "prize_hold"}'
    assert mine_module._tail_json(line) == (line.index("{"), {"event": "prize_hold"})
