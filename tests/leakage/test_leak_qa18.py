"""QA-18's findings on the leak commands' edges, as a new user meets them: each message names the problem and the
fix, each exit code is the documented one. The inputs are small invented files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.clirun import wt as run_cli


def _said(capsys: pytest.CaptureFixture[str]) -> str:
    got = capsys.readouterr()
    return " ".join((got.out + got.err).split())


@pytest.mark.parametrize("agent", ["copy", "blind", "majority", "prior"])
@pytest.mark.parametrize("content", ["", "[]\n"])
def test_a_simulated_baseline_on_an_empty_dataset_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], agent: str, content: str
) -> None:
    """qa-pass-18-leak #1: `copy` raised a traceback and exited 1 (the code of a leak), `blind` blamed `--folds 5`,
    `majority` asked for `--chance`."""
    empty = tmp_path / ("empty.json" if content else "empty.jsonl")
    empty.write_text(content)
    assert run_cli("leak", "baseline", "--simulate", agent, "--dataset", str(empty)) == 2
    said = _said(capsys)
    assert f"{empty} holds no items" in said and "Traceback" not in said and "--folds" not in said


def test_an_empty_paired_dataset_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rows = [{"id": f"i{i}", "expected": "a" if i % 2 else "b", "projection": {"x": str(i)}} for i in range(12)]
    data = tmp_path / "d.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in rows))
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    assert run_cli("leak", "baseline", "--simulate", "blind", "--dataset", str(data), "--paired", str(empty)) == 2
    assert f"{empty} holds no items" in _said(capsys)


def _chat_rows() -> list[dict[str, object]]:
    labels = ["refund", "replace", "none"]
    tag = {"refund": "rf", "replace": "rp", "none": "nn"}
    words = ["box", "torn", "late", "screen", "cable", "works", "wrong", "colour", "size", "lid", "cold", "noisy"]
    rows = []
    for i in range(210):
        lab = labels[i % 3]
        system = "You are a support assistant for Acme." + (f" [route:{tag[lab]}]" if i % 2 else "")
        messages = [
            {"role": "system", "content": system},
            {"role": "user", "content": f"Order {1000 + i}: the {words[i % 12]} {words[(i * 5) % 12]} one came."},
            {"role": "assistant", "content": "Sorry to hear that. Can you share a photo?"},
            {"role": "user", "content": f"Sure, photo {i} attached, it is {words[(i * 7) % 12]}."},
        ]
        rows.append({"id": f"c{i}", "expected": lab, "label_set": labels, "projection": {"messages": messages}})
    return rows


def test_no_hint_to_name_a_list_whose_members_the_user_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """qa-pass-18-leak #5: with the user's turns named (`--derive-from /messages/1/content --derive-from
    /messages/3/content`), a route tag in the system prompt was mined as a whole sentence at `/messages/*/content`, and
    the hint said to name `--derive-from '/messages/*/content'`: followed, it hides the system prompt's tag."""
    data = tmp_path / "chat.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in _chat_rows()))
    named = ["--derive-from", "/messages/1/content", "--derive-from", "/messages/3/content"]
    assert run_cli("leak", "mine", str(data), *named) == 0
    said = _said(capsys)
    assert "/messages/*/content" in said and "hint:" not in said  # mined there, and no hint to hide it
    assert run_cli("leak", "mine", str(data), "--derive-from", "/messages/1/content") == 0
    assert "hint:" not in _said(capsys)


@pytest.mark.parametrize("command", ["scan", "sanitize", "check"])
def test_an_alias_of_no_label_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    """qa-pass-18-leak #6: `--alias hihg=urgent` (a typo of `high`) was accepted and matched nothing."""
    rows = [
        {"id": f"t{i}", "expected": lab, "label_set": ["low", "high"], "projection": {"note": f"urgent {i}"}}
        for i, lab in enumerate(["low", "high"] * 3)
    ]
    data = tmp_path / "d.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in rows))
    args = {
        "scan": ["scan", str(data)],
        "sanitize": ["sanitize", str(data), "-o", str(tmp_path / "o.jsonl")],
        "check": ["check", "--raw", str(data), "--sanitized", str(data)],
    }[command]
    assert run_cli("leak", *args, "--alias", "hihg=urgent") == 2
    assert "--alias names no label of any item" in (said := _said(capsys)) and "'hihg' (did you mean 'high'?)" in said
    assert not (tmp_path / "o.jsonl").exists()
    assert run_cli("leak", *args, "--alias", "HIGH=urgent", "--no-mine") in (0, 1)  # a label in any case: accepted
    assert "--alias names no label" not in _said(capsys)


def test_the_mined_line_names_the_prose_it_did_not_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """qa-pass-18-leak #4: `leak mine` / `leak scan` on chat transcripts said "0 mined ... 0 candidates tested of 6
    seen" and nothing of the transcripts it did not read; the line now names their places and the option."""
    data = tmp_path / "chat.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in _chat_rows()))
    assert run_cli("leak", "mine", str(data)) == 0
    said = _said(capsys)
    assert "prose not mined (it may be the task's input): /messages/*/content; --derive-from naming" in said
    run_cli("leak", "scan", str(data), "--limit", "0")
    assert "prose not mined (it may be the task's input): /messages/*/content" in _said(capsys)
    assert run_cli("leak", "mine", str(data), "--derive-from", "/messages/1/content", "--limit", "0") == 0
    assert "prose not mined" not in _said(capsys)
