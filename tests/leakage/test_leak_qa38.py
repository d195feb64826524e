"""QA-38 findings on the leakage auditor (docs/dev/qa-pass-38-leak.md), each pinned by a test that failed before."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tests.clirun import wt as run

LABELS = ["low", "high"]


def _rows(prefix: str, n: int = 6) -> list[dict[str, object]]:
    return [
        {
            "id": f"{prefix}-{i}",
            "expected": LABELS[i % 2],
            "label_set": LABELS,
            "projection": {"ticket": {"body": "printer jams twice a day", "priority": LABELS[i % 2]}},
        }
        for i in range(n)
    ]


def _write(path: Path, rows: list[dict[str, object]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def test_m4_check_on_two_files_sharing_no_item_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    raw = _write(tmp_path / "raw.jsonl", _rows("INC"))
    other = _write(tmp_path / "other.jsonl", _rows("TCK"))
    assert run("leak", "check", "--raw", str(raw), "--sanitized", str(other), "--no-mine") == 2
    err = capsys.readouterr().err
    assert "hold different items" in err and "leak sanitize" in err


def test_m4_a_sanitized_copy_that_lost_an_item_still_fails(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rows = _rows("INC")
    raw = _write(tmp_path / "raw.jsonl", rows)
    for r in rows:
        r["projection"]["ticket"].pop("priority")  # type: ignore[attr-defined]
    san = _write(tmp_path / "san.jsonl", rows[:-1])
    assert run("leak", "check", "--raw", str(raw), "--sanitized", str(san), "--no-mine") == 1
    assert "only one dataset" in capsys.readouterr().out


def test_m3_a_significant_rise_after_sanitizing_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    raw = tmp_path / "raw.jsonl"
    san = tmp_path / "san.jsonl"
    raw.write_text("".join(json.dumps({"id": f"r{i}", "passed": i < 10}) + "\n" for i in range(60)), encoding="utf-8")
    san.write_text("".join(json.dumps({"id": f"r{i}", "passed": i < 40}) + "\n" for i in range(60)), encoding="utf-8")
    run("leak", "baseline", str(raw), "--chance", "0.5", "--paired", str(san))
    out = capsys.readouterr().out
    assert "significant rise" in out and "no significant drop" not in out
    run("leak", "baseline", str(san), "--chance", "0.5", "--paired", str(raw), "--format", "json")
    doc = json.loads(capsys.readouterr().out)
    paired = doc.get("paired") or doc["summary"]["paired"]
    assert paired["significant_drop"] and not paired["significant_rise"]


def _mails(n: int = 100) -> list[dict[str, object]]:
    rng = random.Random(38)
    words = ["invoice", "meeting", "offer", "prize", "update", "account", "delivery", "team", "free", "lunch"]
    rows = []
    for i in range(n):
        label = ["spam", "ham"][i % 2]
        body = " ".join(rng.choice(words) for _ in range(12))
        html = f'<div><span class="tag tag-{label}">{rng.choice(words)}</span><p>{body}</p></div>'
        rows.append(
            {"id": f"m{i}", "expected": label, "label_set": ["spam", "ham"], "projection": {"message_html": html}}
        )
    return rows


def test_m1_a_leak_inside_a_field_named_as_input_is_said_not_hidden(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = _write(tmp_path / "mails.jsonl", _mails())
    assert run("leak", "scan", str(data)) == 1  # the class names the label: a leak
    capsys.readouterr()
    assert run("leak", "scan", str(data), "--derive-from", "message_html") == 0
    err = capsys.readouterr()
    said = err.out + err.err
    assert "inside a field --derive-from names (message_html)" in said
    assert run("leak", "check", "--raw", str(data), "--sanitized", str(data), "--derive-from", "message_html") == 1
    said = "".join(capsys.readouterr())
    assert "run the check without it in --derive-from" in said and "run the check with --mine" not in said


def _riders(n: int = 240) -> list[dict[str, object]]:
    rng = random.Random(2)
    labels = ["p1", "p2", "p3", "p4"]
    team = {"p1": 17, "p2": 42, "p3": 88, "p4": 5}
    rows = []
    for i in range(n):
        label = labels[i % 4]
        rows.append(
            {
                "id": f"t{i}",
                "expected": label,
                "label_set": labels,
                "projection": {
                    "issue": {"text": f"case {rng.randint(1, 9999)} opened"},
                    "meta": {"team_id": team[label]},
                },
            }
        )
    return rows


def test_m2_copy_at_chance_says_what_it_does_not_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = _write(tmp_path / "teams.jsonl", _riders())
    assert run("leak", "baseline", "--simulate", "copy", "--dataset", str(data)) == 0
    out = capsys.readouterr().out
    assert "only mining finds" in out and "--correlated-map" in out
    mapped = tmp_path / "map.json"
    assert run("leak", "mine", str(data), "-o", str(mapped)) in (0, 1)
    capsys.readouterr()
    args = ("leak", "baseline", "--simulate", "copy", "--dataset", str(data), "--correlated-map", str(mapped))
    assert run(*args) == 1
    assert "only mining finds" not in capsys.readouterr().out


def test_l3_wrong_field_names_get_the_options_that_read_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rows = [{"uid": f"u{i}", "label": LABELS[i % 2], "input": {"text": "printer jams"}} for i in range(4)]
    data = _write(tmp_path / "renamed.jsonl", rows)
    assert run("leak", "scan", str(data)) == 2
    err = capsys.readouterr().err
    assert "--expected-field label --context-field input --id-field uid" in err
    args = ("--expected-field", "label", "--context-field", "input", "--id-field", "uid")
    assert run("leak", "scan", str(data), *args) in (0, 1)


def test_l3_a_renamed_content_field_gets_the_option_that_reads_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rows = [{"id": f"u{i}", "expected": LABELS[i % 2], "context": {"text": "printer jams"}} for i in range(4)]
    data = _write(tmp_path / "renamed.jsonl", rows)
    assert run("leak", "scan", str(data)) == 2
    assert "try --context-field context" in capsys.readouterr().err
    assert run("leak", "scan", str(data), "--context-field", "context") in (0, 1)
    odd = _write(tmp_path / "odd.jsonl", [{"id": "a", "expected": "low", "blob": {"text": "printer jams"}}])
    assert run("leak", "scan", str(odd)) == 2
    assert "name the field the model reads with --context-field" in capsys.readouterr().err


def test_l6_a_number_per_label_is_shown_once_as_a_value(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rng = random.Random(3)
    labels = ["billing", "outage", "account", "feature"]
    team = {"billing": "17", "outage": "23", "account": "41", "feature": "58"}
    rows = [
        {
            "id": f"t{i}",
            "expected": labels[i % 4],
            "projection": {
                "issue": {
                    "text": f"ticket number {rng.randint(1, 999)} about things",
                    "team": {"id": int(team[labels[i % 4]])},
                }
            },
        }
        for i in range(120)
    ]
    data = _write(tmp_path / "teams.jsonl", rows)
    capsys.readouterr()
    assert run("leak", "mine", str(data), "--derive-from", "/issue/text", "-f", "json") in (0, 1)
    found = json.loads(capsys.readouterr().out)["suggestions"]
    assert sorted((s["kind"], s["value"]) for s in found) == sorted(("value", v) for v in team.values())


def test_l4_nan_and_infinity_are_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "nan.jsonl"
    data.write_text('{"id": "a", "expected": "low", "projection": {"score": NaN}}\n', encoding="utf-8")
    assert run("leak", "scan", str(data)) == 2
    err = capsys.readouterr().err
    assert "NaN and Infinity are not JSON" in err and "allow_nan=False" in err


def test_l5_an_empty_results_file_is_called_empty(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "empty.jsonl"
    data.write_text("", encoding="utf-8")
    assert run("leak", "baseline", str(data), "--labels", "2") == 2
    err = capsys.readouterr().err
    assert "holds no results" in err and "--labels N" not in err
