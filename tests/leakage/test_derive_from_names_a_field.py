"""QA pass 17: a `--derive-from` that names no field of any item was taken silently.

`leak baseline --simulate blind --derive-from '/message/*/text'` (for `/messages/*/text`) read the customers'
messages it was told to hide and said "leak, p = 2e-210"; scan, sanitize, check and mine went on as if the content
had been named. Each is now a usage error naming the entry and the closest place the items hold."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.clirun import wt
from windtunnel.leakage.mine import unmatched_derive_from

LABELS = ["late_delivery", "wrong_item", "refund_status"]


def _dataset(tmp_path: Path) -> Path:
    path = tmp_path / "tickets.jsonl"
    rows = []
    for i in range(30):
        label = LABELS[i % 3]
        rows.append(
            {
                "id": f"T-{i}",
                "expected": label,
                "label_set": LABELS,
                "projection": {
                    "messages": [{"role": "user", "text": f"Order ORD-{1000 + i} has a problem, please help me now."}],
                    "tools": {"triage": {"queue": f"RX-{300 + i % 3}" if i % 2 else "RX-100", "step": "v3"}},
                },
            }
        )
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("wrong", "meant"),
    [("/message/*/text", "/messages/*/text"), ("/messages/*/txt", "/messages/*/text"), ("txt", "text")],
)
@pytest.mark.parametrize(
    "command",
    [
        ["leak", "scan", "{d}", "-f", "json", "-o", "{o}"],
        ["leak", "sanitize", "{d}", "-o", "{o}"],
        ["leak", "check", "--raw", "{d}", "--sanitized", "{d}"],
        ["leak", "mine", "{d}"],
        ["leak", "baseline", "--simulate", "blind", "--dataset", "{d}"],
    ],
    ids=["scan", "sanitize", "check", "mine", "baseline"],
)
def test_a_derive_from_naming_no_field_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str], wrong: str, meant: str
) -> None:
    data, out = _dataset(tmp_path), tmp_path / "out.jsonl"
    args = [a.format(d=data, o=out) for a in command]
    assert wt(*args, "--derive-from", wrong) == 2
    err = capsys.readouterr().err
    assert f"--derive-from names no field of any item in {data}: {wrong!r} (did you mean {meant!r}?)" in err
    assert not out.exists()


def test_a_derive_from_that_names_a_field_reads_one_item_only() -> None:
    read: list[int] = []

    def projections(n: int) -> Iterator[dict[str, Any]]:
        for i in range(n):
            read.append(i)
            yield {"messages": [{"text": "hello there"}], "tools": {"queue": "RX-1"}}

    left, _ = unmatched_derive_from(projections(100), ["/messages/*/text", "queue", "/tools"])
    assert left == [] and read == [0]
    read.clear()
    left, seen = unmatched_derive_from(projections(3), ["/messages/*/text", "/nope"])
    assert left == ["/nope"] and read == [0, 1, 2]
    assert {"/messages/*/text", "/tools/queue", "queue"} <= set(seen)


def test_a_name_inside_a_text_is_not_a_typo() -> None:
    """A key name the structure does not hold but a string does (a section of a raw log, a key of YAML held in a
    string) names a place inside that text, as the agreement evidence reads it; a pointer too, when its parent is
    that string. A typo is in no string and is still reported."""
    rows = [{"log": "EVENT: disk full\nnarrative: the claimant says ..."}, {"log": "EVENT: ok"}]
    assert unmatched_derive_from(rows, ["EVENT", "/log/narrative", "narative"])[0] == ["narative"]
    assert unmatched_derive_from(rows, ["/other/narrative"])[0] == ["/other/narrative"]


def test_a_key_holding_null_or_nothing_on_some_records_is_a_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """qa-pass-17-leak: a key the items hold as ``null``, ``{}`` or ``[]`` (an attachment list filled on some claims
    only) was "no field of any item", exit 2, for a field every such record shows; a typo beside it still is one."""
    rows = [
        {"claim": {"text": "roof damaged by hail", "attachments": None, "notes": {}, "photos": []}},
        {"claim": {"text": "pipe burst"}},
    ]
    assert unmatched_derive_from(rows, ["attachments", "/claim/notes", "/claim/photos", "/claim/atachments"])[0] == [
        "/claim/atachments"
    ]
    path = tmp_path / "claims.jsonl"
    path.write_text(
        "".join(
            json.dumps({"id": f"c{i}", "expected": LABELS[i % 3], "label_set": LABELS, "projection": rows[i % 2]})
            + "\n"
            for i in range(12)
        ),
        encoding="utf-8",
    )
    assert wt("leak", "mine", str(path), "--derive-from", "attachments") == 0
    assert "names no field" not in capsys.readouterr().err


def test_the_root_as_the_tables_show_it_is_explained(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """qa-pass-17-leak: a projection that is one string shows as '/' in every table (`leak mine`'s pair rows
    `/ [x-wms-disposition]`); `--derive-from /` copied from there was 'names no field' with no way out."""
    path = tmp_path / "mails.jsonl"
    path.write_text(
        "".join(
            json.dumps(
                {"id": f"m{i}", "expected": LABELS[i % 3], "label_set": LABELS, "projection": "Subject: hi\n\nhello"}
            )
            + "\n"
            for i in range(6)
        ),
        encoding="utf-8",
    )
    assert wt("leak", "mine", str(path), "--derive-from", "/") == 2
    assert "'/' (a key named '' in a JSON pointer; the reports show the projection itself as '/': name it with '')" in (
        " ".join(capsys.readouterr().err.split())
    )
    assert wt("leak", "mine", str(path), "--derive-from", "") == 0
