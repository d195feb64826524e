"""Every key the auditor looks up by name, holding any JSON value, is scanned and sanitized without a crash.

The format detection and the walkers read some keys by name (``type``, ``object``, ``blocks``, ``content``,
``text``, ...), expecting a string or a list there; a record can hold anything under them. A ``{"object": {...}}``
(an object under a Notion key) once stopped `leak scan` on a whole file with ``TypeError: unhashable type``.
The keys are read from the source, so a key looked up tomorrow is covered without editing this test.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from windtunnel.leakage import audit_item
from windtunnel.leakage.sanitize import sanitize_item

_SOURCE = Path(__file__).resolve().parents[2] / "src" / "windtunnel" / "leakage"
_NAME = r"""["']([A-Za-z_][A-Za-z_0-9]{1,30})["']"""
# `.get("k")`, `["k"]`, `in ("k"`, and `"k" in` / `"k" not in`
_LOOKUP = re.compile(rf"""(?:\.get\(|\[|\bin\s*\(?)\s*{_NAME}|{_NAME}\s+(?:not\s+)?in\s""")


def _looked_up_keys() -> list[str]:
    keys: set[str] = set()
    for path in _SOURCE.rglob("*.py"):
        for m in _LOOKUP.finditer(path.read_text(encoding="utf-8")):
            keys.add(m.group(1) or m.group(2))
    return sorted(keys)


KEYS = _looked_up_keys()
LABELS = ["damaged", "fair", "good"]

_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 3),
    st.sampled_from(["doc", "block", "page", "section", "text", "paragraph", "mrkdwn", "good", "fair shape", ""]),
)
_json = st.recursive(
    _scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.dictionaries(st.sampled_from(KEYS), inner, max_size=4),
    ),
    max_leaves=12,
)


def test_the_keys_are_found_in_the_source() -> None:
    assert {"type", "object", "blocks", "content"} <= set(KEYS)


_SHAPES: list[Any] = [{"kind": "good"}, [{"type": {"a": 1}}], [["good"]], {"type": ["doc"], "content": [{}]}]


def test_every_looked_up_key_holding_a_container_is_scanned_and_sanitized() -> None:
    """Each key × a few container shapes, at the top and inside a block list: every case, no sampling."""
    for key in KEYS:
        for shape in _SHAPES:
            projection = {key: shape, "blocks": [{key: shape, "type": "section"}], "note": {key: shape}}
            item = {"id": key, "expected": "good", "label_set": LABELS, "projection": projection}
            audit_item(item)
            audit_item(item, prefilter=False)
            sanitize_item(item)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(projection=st.dictionaries(st.sampled_from(KEYS), _json, min_size=1, max_size=5), label=st.sampled_from(LABELS))
def test_any_value_under_a_looked_up_key_is_scanned_and_sanitized(projection: dict[str, Any], label: str) -> None:
    item = {"id": "x", "expected": label, "label_set": LABELS, "target": "label", "projection": projection}
    audit_item(item)
    audit_item(item, prefilter=False)
    sanitize_item(item)


def test_an_object_under_a_notion_key_and_a_block_type_is_read_as_a_field() -> None:
    item = {
        "id": "x",
        "expected": "damaged",
        "label_set": LABELS,
        "projection": {
            "loan": {"object": {"kind": "painting"}, "condition_after_return": "damaged"},
            "blocks": [{"type": {"name": "section"}, "text": "on arrival"}],
        },
    }
    audit = audit_item(item)
    assert any(f.pointer == "/loan/condition_after_return" for f in audit.findings)
