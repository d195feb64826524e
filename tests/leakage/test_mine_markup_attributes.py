"""An element's attributes are its fields: a badge coloured by the outcome is found at ``…/span@class``.

Invented data after ds30 ``wind_chill_risk``: a public page's snippet holds an empty badge whose class and colour a
later stage set from the risk (``<span class="wc-badge risk-lvl-4" style="background-color:#e31a1c"></span>``) on
some records. The snippet, eight words long, was read as prose: its tokens rode with their labels on four to six
records each and the rarer ones were missed (6 of 28). Its attributes are now fields of the markup; a badge whose
class is drawn apart from the risk gives nothing.
"""

from __future__ import annotations

import random
from pathlib import Path

from tests.clirun import sanitized
from tests.leakage.mined_flags import mined_flags
from windtunnel.leakage.model import LeakItem

LABELS = ["low", "moderate", "high", "very high", "severe", "extreme"]
COLOURS = ["#ffffcc", "#fed976", "#fd8d3c", "#e31a1c", "#bd0026", "#800026"]


def _items(*, follows: bool, n: int = 150, seed: int = 6) -> tuple[list[LeakItem], set[str]]:
    rng = random.Random(seed)
    items, leaking = [], set()
    for i in range(n):
        k = i % len(LABELS)
        shown = k if follows else rng.randrange(len(LABELS))
        badge = ""
        if rng.random() < 0.2:
            badge = f'<span class="wc-badge risk-lvl-{shown + 1}" style="background-color:{COLOURS[shown]}"></span>'
            if follows:
                leaking.add(f"w{i}")
        page = (
            f'<div class="obs-card"><span class="stn">OBS</span> <span class="upd">updated hourly</span>{badge}</div>'
        )
        projection = {"obs": {"wind_chill": -5 - 9 * k - rng.uniform(0, 8)}, "public_page_html": page}
        items.append(
            LeakItem.from_mapping({"id": f"w{i}", "expected": LABELS[k], "label_set": LABELS, "projection": projection})
        )
    return items, leaking


def test_a_badge_class_set_from_the_risk_is_found() -> None:
    items, leaking = _items(follows=True)
    assert mined_flags(items, ["/obs"], "/public_page_html") == leaking


def test_a_badge_class_drawn_apart_from_the_risk_gives_nothing() -> None:
    items, _ = _items(follows=False)
    assert mined_flags(items, ["/obs"], "/public_page_html") == set()


def test_the_sanitizer_cuts_the_attributes_value_and_keeps_the_markup(tmp_path: Path) -> None:
    # the finding points at the attribute's characters (found at the whole string before, the snippet blanked, and on
    # every item so that its blank told nothing: ds26 asbestos_mas, 65 of 96 clean records rewritten)
    items, leaking = _items(follows=True)
    rows = [{"id": it.id, "expected": it.expected[0], "label_set": LABELS, "projection": it.projection} for it in items]
    code, out = sanitized(tmp_path, rows, "--mine", "--derive-from", "/obs")
    assert code == 0
    for raw, done in zip(rows, out, strict=True):
        if raw["id"] in leaking:
            assert done["projection"]["public_page_html"].startswith('<div class="obs-card">')
            assert "risk-lvl" not in done["projection"]["public_page_html"]
        else:
            assert done["projection"] == raw["projection"], raw["id"]
