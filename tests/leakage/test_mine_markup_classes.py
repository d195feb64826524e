"""Cells of one tag told apart by their class: an element's class names its slot, as a key does.

A breed registry's pedigree chart is a small HTML table held in a string: three ``<td>`` cells, the foal's, the
sire's and the dam's, each coloured by the horse's coat. The foal's colour is the answer; the parents' are drawn from
the same palette. Read at ``/table/tr/td@style``, the three cells share one path, and every colour rides with every
label; read at the path with the class (``td.foal@style``), the foal's colour rides alone (ds36 ``horse_coat``: 28
missed). Colours drawn apart from the answer give nothing.
"""

from __future__ import annotations

import random
from typing import Any

from tests.leakage.mined_flags import mined_flags
from windtunnel.leakage.markup_record import markup_fields
from windtunnel.leakage.model import LeakItem

LABELS = ["bay", "black", "chestnut", "grey"]
COLOUR = {"bay": "#6f3a1e", "black": "#1b1b1b", "chestnut": "#b5651d", "grey": "#a8a8a8"}
DERIVE = ["/lab/genotype"]


def _chart(foal: str, sire: str, dam: str, names: tuple[str, str, str]) -> str:
    return (
        "<table class='pedigree'><tr>"
        f"<td rowspan='2' class='foal' style='background:{COLOUR[foal]}'>{names[0]}</td>"
        f"<td class='sire' style='background:{COLOUR[sire]}'>{names[1]}</td></tr>"
        f"<tr><td class='dam' style='background:{COLOUR[dam]}'>{names[2]}</td></tr></table>"
    )


def _dataset(seed: int, *, drawn_apart: bool = False, n: int = 160) -> list[LeakItem]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = LABELS[i % 4]
        projection: dict[str, Any] = {"lab": {"genotype": f"{label}-panel-{rng.randint(1, 99)}"}}
        if rng.random() < 0.5:
            foal = rng.choice(LABELS) if drawn_apart else label
            names = (f"Foal {i}", f"Sire {rng.randint(1, 40)}", f"Dam {rng.randint(1, 40)}")
            projection["pedigree_html"] = _chart(foal, rng.choice(LABELS), rng.choice(LABELS), names)
        out.append(LeakItem(id=f"h{i}", expected=[label], projection=projection, label_set=LABELS))
    return out


def test_an_element_of_one_class_is_also_read_at_its_path_with_the_class() -> None:
    text = _chart("grey", "bay", "black", ("Foal", "Sire", "Dam"))
    fields = {(path, value): span for path, value, span in markup_fields(text)}
    span = fields[("/table/tr/td.foal@style", "background:#a8a8a8")]
    assert span is not None and text[span[0] : span[1]] == "background:#a8a8a8"
    assert ("/table/tr/td@style", "background:#a8a8a8") in fields  # the plain path as before
    assert ("/table/tr/td.sire", "Sire") in fields and ("/table/tr/td", "Sire") in fields
    assert ("/table/tr/td.foal@class", "foal") not in fields  # the class itself stays at the plain path


def test_the_foal_cell_coloured_by_the_answer_is_found() -> None:
    items = _dataset(4)
    charted = {it.id for it in items if "pedigree_html" in it.projection}
    assert charted and mined_flags(items, DERIVE, "/pedigree_html") == charted


def test_colours_drawn_apart_from_the_answer_give_nothing() -> None:
    assert mined_flags(_dataset(4, drawn_apart=True), [*DERIVE], "") == set()
