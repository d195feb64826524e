"""QA-23 findings on `leak sanitize`, `leak mine` and their messages."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.clirun import wt as run


def test_items_leaking_through_their_own_label_key_are_grouped_after_three(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An object key that is each record's label leaks at a place that differs by label: the alerts were grouped by
    place, so three labels printed nine lines before any count (the help says three). Now by the way it leaks."""
    labels = ["approve", "deny", "escalate"]
    rows = [
        {"id": f"k{i:02d}", "expected": labels[i % 3], "label_set": labels,
         "projection": {"task": "Decide", "scores": {labels[i % 3]: 1, "other": 2}}}
        for i in range(30)
    ]  # fmt: skip
    data, out = tmp_path / "d.jsonl", tmp_path / "o.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert run("leak", "sanitize", str(data), "-o", str(out), "--no-mine", "--no-agreement") == 1
    err = [" ".join(line.split()) for line in capsys.readouterr().err.splitlines() if line.strip()]
    one_by_one = [line.split(":")[0] for line in err if line.startswith("item ") and "still leaks" in line]
    assert one_by_one == ["item k00", "item k01", "item k02"]
    rest = [line for line in err if "more item(s) still leak after sanitizing the same way" in line]
    assert len(rest) == 1 and rest[0].startswith("27 more item(s)") and "(direct.key): an object key" in rest[0]


def _refunds(n: int) -> list[dict[str, object]]:
    """Refund requests decided by their own input (days since delivery, amount): no rider, the input decides."""
    labels = ["approve", "deny", "escalate"]
    rows = []
    for i in range(n):
        lab = labels[i % 3]
        days = {"approve": 1 + i % 19, "deny": 35 + i % 50, "escalate": 20 + i % 10}[lab]
        amount = {"approve": 10 + (7 * i) % 140, "deny": 10 + (13 * i) % 280, "escalate": 400 + (37 * i) % 1600}[lab]
        order = {"order_id": f"ORD-{50000 + i}", "amount_usd": amount, "days_since_delivery": days}
        rows.append({"id": f"RF-{i}", "expected": lab, "label_set": labels, "projection": {"order": order}})
    return rows


def test_the_blind_baseline_alert_after_sanitizing_says_what_is_left_and_what_to_do(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The alert said "N feature(s) outside the task's input ride with the label; the sanitizer leaves them (in the
    task's input ...)": outside and inside at once. Now it names the fields the agent reads and what to do."""
    data, out = tmp_path / "d.jsonl", tmp_path / "o.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in _refunds(90)))
    run("leak", "sanitize", str(data), "-o", str(out), "--mine", "--no-agreement")
    err = " ".join(capsys.readouterr().err.split())
    assert "after sanitizing, the blind baseline" in err, err
    assert "outside the task's input" not in err
    assert "the sanitizer does not cut (in /order/" in err and "name them with --derive-from" in err


def test_mine_leaves_the_task_input_out_of_its_map(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`leak mine -o` wrote the ranges of the fields read as the task's input (amount, day count) into the map, and
    `scan --correlated-map` then called every record answered from its own input leaking. The input's rows are
    marked in the table and left out of the map; a planted rider stays in it."""
    rows = _refunds(150)
    for r in rows:
        lab = str(r["expected"])
        if int(str(r["id"]).split("-")[1]) % 5 == 0:  # a rider on a fifth of the records: a routing code
            r["projection"]["route"] = {"approve": "RT-APX", "deny": "RT-DNX", "escalate": "RT-ESX"}[lab]  # type: ignore[index]
    data, cmap = tmp_path / "d.jsonl", tmp_path / "map.json"
    data.write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert run("leak", "mine", str(data), "-o", str(cmap), "--limit", "100") == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "(input)" in out and "without the" in out
    written = json.loads(cmap.read_text())
    pointers = {e["pointer"] for entries in written.values() for e in entries if isinstance(e, dict)}
    assert "/route" in pointers
    assert not pointers & {"/order/amount_usd", "/order/days_since_delivery"}, pointers
