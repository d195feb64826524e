"""A mined word filling a line of a layout the records share is a value, not an author's words.

A sake importer's records carry the bottle label as read by OCR, one line per printed item: the brewery, the grade,
``清酒``, the strength, the volume. The grade is the answer written in Japanese script (ds37 ``sake_tokutei_meishoshu``:
49 missed, each grade mined and left for review as a word of prose). The line it fills sits beside lines every record
carries (``清酒``, ``アルコール分16度`` with its number masked): a slot of a shared layout, as a field is. The same word
on a line of a text written anew per record (a poem's lines, nothing shared beside it) or inside a sentence stays for
review.
"""

from __future__ import annotations

import random
from typing import Any

from tests.leakage.mined_flags import mined_flags
from windtunnel.leakage.field_lines import line_shapes, own_line
from windtunnel.leakage.model import LeakItem

LABELS = ["junmai daiginjo", "junmai ginjo", "junmai", "honjozo"]
KANJI = {"junmai daiginjo": "純米大吟醸", "junmai ginjo": "純米吟醸", "junmai": "純米酒", "honjozo": "本醸造"}
BREWERS = ["七賢", "八海山", "獺祭", "久保田", "十四代", "黒龍"]
DERIVE = ["/sheet"]
WORDS = ["rice", "water", "koji", "autumn", "river", "cedar", "moon", "frost", "lantern", "harbour"]


def _dataset(seed: int, *, shared: bool = True, n: int = 120) -> list[LeakItem]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = LABELS[i % 4]
        polish = {"junmai daiginjo": 45, "junmai ginjo": 55, "junmai": 70, "honjozo": 68}[label]
        sheet = {"seimaibuai_pct": polish, "alcohol_added": label == "honjozo", "lot": f"L{rng.randint(1000, 9999)}"}
        projection: dict[str, Any] = {"instruction": "Classify the grade from the production sheet.", "sheet": sheet}
        if rng.random() < 0.5:
            if shared:
                brewer = rng.choice(BREWERS)
                lines = [brewer, KANJI[label], "清酒", f"アルコール分{rng.randint(14, 17)}度", "内容量720ml"]
                text = "\n".join([*lines, f"製造年月 2024.{rng.randint(1, 12)}", f"{brewer} Shuzo (Japan)"])
            else:  # lines written anew per record: nothing beside the word recurs
                head = " ".join(rng.sample(WORDS, 3))
                tail = " ".join(rng.sample(WORDS, 4))
                text = f"{head} {rng.randint(1, 999)}\n{KANJI[label]}\n{tail} {rng.randint(1, 999)}"  # 9 words: prose
            projection["label_ocr"] = text
        out.append(LeakItem(id=f"s{i}", expected=[label], projection=projection, label_set=LABELS))
    return out


def test_a_word_alone_on_its_line_beside_a_shared_line_is_a_value() -> None:
    text = "七賢\n純米大吟醸\n清酒\nアルコール分16度"
    at = text.index("純米大吟醸")
    span = (at, at + len("純米大吟醸"))
    shapes = line_shapes(text)
    assert "アルコール分#度" in shapes and "清酒" in shapes
    assert own_line(text, span, {"清酒"})
    assert not own_line(text, span, set())  # no line the records share
    assert not own_line(text, span, {"アルコール分#度"})  # a shared line, but not next to the word
    sentence = "七賢\nThis bottle is a 純米大吟醸 of note.\n清酒"
    at = sentence.index("純米大吟醸")
    assert not own_line(sentence, (at, at + len("純米大吟醸")), {"清酒", "七賢"})  # inside a sentence


def test_the_grade_on_a_shared_label_layout_is_found() -> None:
    items = _dataset(3)
    with_ocr = {it.id for it in items if "label_ocr" in it.projection}
    assert with_ocr and mined_flags(items, DERIVE, "/label_ocr") == with_ocr


def test_the_grade_on_lines_written_anew_stays_for_review() -> None:
    assert mined_flags(_dataset(3, shared=False), DERIVE, "/label_ocr") == set()
