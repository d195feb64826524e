"""The sanitizer cuts on evidence that reaches the record: a value the records of every label hold alike is not cut
(:func:`~windtunnel.leakage.sanitize.held_alike`), and the blanks a mined field's kept values are weighed against
are all those the output shows (a mined value in prose too). The datasets are invented."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from windtunnel.flows.leak import SanitizeRequest, sanitize_flow
from windtunnel.leakage.model import Finding, LeakItem
from windtunnel.leakage.sanitize import held_alike, sanitize_item, uniform_fields
from windtunnel.leakage.shared_values import alike_values

LABELS = ["Low", "Medium", "High"]


def _rows(n: int, projection: Any) -> list[dict[str, Any]]:
    """``n`` records per label, each with ``projection(i, label)``."""
    return [
        {"id": f"r{i}-{lab}", "expected": lab, "label_set": LABELS, "projection": projection(i, lab)}
        for lab in LABELS
        for i in range(n)
    ]


def _write(path: Path, rows: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def test_a_value_every_label_holds_at_its_share_is_alike() -> None:
    rows = [("/note", 1, lab) for lab in LABELS for _ in range(10)]
    assert alike_values(rows) == {"/note": frozenset({1})}


def test_a_value_one_label_lacks_or_leans_to_or_few_hold_is_not_alike() -> None:
    missing = [("/note", 1, lab) for lab in ("Low", "Medium") for _ in range(10)] + [("/note", 2, "High")] * 10
    assert alike_values(missing) == {}
    leaning = [("/note", 1, "High")] * 30 + [("/note", 1, lab) for lab in ("Low", "Medium") for _ in range(5)]
    leaning += [("/note", 2, lab) for lab in ("Low", "Medium") for _ in range(25)]
    assert "/note" not in alike_values(leaning)
    few = [("/note", 1, lab) for lab in LABELS for _ in range(4)]  # no lean could show on four items a label
    assert alike_values(few) == {}


def test_a_value_every_record_holds_keeps_its_bytes_where_the_scan_reads_the_answer_in_it(tmp_path: Path) -> None:
    """A default every record carries (``default_priority: High``) is the answer on the ``High`` items only: cut there,
    the blank would name ``High`` and the field would go on every item. It tells no label, so every record keeps its
    bytes (before: blanked on all 30); the rescan still reports it, left as ``held-alike``."""
    rows = _rows(10, lambda i, lab: {"title": f"Ticket {i}", "default_priority": "High"})
    data, out = _write(tmp_path / "d.jsonl", rows), tmp_path / "o.jsonl"
    sanitize_flow(SanitizeRequest(dataset=data, output=out, mine=False))
    assert out.read_text() == data.read_text()
    res = sanitize_item(rows[-1], alike=held_alike(LeakItem.from_mapping(r) for r in rows))
    assert not res.changed and res.residual and {x.reason for x in res.left()} == {"held-alike"}


def test_a_value_of_one_label_is_still_cut(tmp_path: Path) -> None:
    """The same field holding ``High`` on the ``High`` items only rides with the label: it is cut as before."""
    rows = _rows(10, lambda i, lab: {"title": f"Ticket {i}", "routing": "High" if lab == "High" else "standard"})
    data, out = _write(tmp_path / "d.jsonl", rows), tmp_path / "o.jsonl"
    sanitize_flow(SanitizeRequest(dataset=data, output=out, mine=False))
    done = [json.loads(line) for line in out.read_text().splitlines()]
    assert all(d["projection"]["routing"] != "High" for d in done)


def _mined(it: LeakItem, pointer: str) -> Finding:
    """A mined finding at the whole value at ``pointer`` of ``it``."""
    return Finding(
        item=it.id,
        channel="correlated",
        severity="medium",
        pointer=pointer,
        representation="mined",
        span=None,
        view="raw",
        rule="correlated.mined",
        detail="mined",
        value=str(it.projection["shelf"]),
    )


def test_a_mined_value_in_prose_counts_among_the_blanks_that_keep_the_shared_values() -> None:
    """A shelf field: a shared bay every label's items sit in, beside each label's own shelves, mined for ``Low`` and
    ``Medium`` (``High``'s too rare to prove, blanked by the field). The ``Low`` shelves are written out at length
    (prose to the field's blank, but cut by their own findings): counted among the blanks, the blanks fall on every
    label at its share, and the shared bay keeps its bytes (before: the blanks seemed to miss ``Low``, and the whole
    field went on every item)."""
    own = {
        "Low": "Cold room of the east wing, rack {} shelf two",
        "Medium": "M-{}",
        "High": "H-{}",
    }
    rows = _rows(20, lambda i, lab: {"shelf": "Bay 1" if i < 15 else own[lab].format(i)})
    items = [LeakItem.from_mapping(r) for r in rows]
    own_shelves = [it for it in items if it.projection["shelf"] != "Bay 1"]
    mined = [(it, [_mined(it, "/shelf")]) for it in own_shelves if it.expected != ["High"]]
    (field,) = uniform_fields(mined, labels=LABELS, population=items)
    assert field.shared == {'"Bay 1"'}
