"""A field whose mined riders are words inside its values (a desk code heading a slug, a query naming a collection at
the end of a URL) loses those words on every item, not the whole value: the rest of the value (the slug's copy of
the headline) stays, and a value holding none keeps its bytes. The datasets are invented."""

from __future__ import annotations

import json
import random
from pathlib import Path

from windtunnel.flows.leak import SanitizeRequest, sanitize_flow
from windtunnel.leakage.sanitize import MinedField, _word_cuts

LABELS = ["alpha", "beta", "gamma", "delta"]
CODE = {"alpha": "alp", "beta": "bet", "gamma": "gam"}  # the fourth label's slugs carry none
WORDS = ["river", "council", "grant", "bridge", "harvest", "orchestra", "trial", "signal", "market", "summit"]


def _rows(*, coded: bool = True) -> list[dict[str, object]]:
    """200 stories: a headline of words drawn alike for every label (the task's input), a slug copying its first three
    words and a date, headed by the label's code on half of the items of three labels when ``coded``."""
    rng = random.Random(3)
    rows: list[dict[str, object]] = []
    for i in range(200):
        lab = LABELS[i % 4]
        head = rng.sample(WORDS, 5)
        slug = "-".join(head[:3]) + f"-{rng.randint(1, 12):02d}{rng.randint(1, 28):02d}"
        if coded and lab in CODE and rng.random() < 0.5:
            slug = f"{CODE[lab]}-{slug}"
        story = {"headline": " ".join(head).capitalize(), "slug": slug}
        rows.append({"id": f"s{i}", "expected": lab, "label_set": LABELS, "projection": {"story": story}})
    return rows


def _sanitized(tmp_path: Path, rows: list[dict[str, object]]) -> tuple[Path, Path]:
    data, out = tmp_path / "d.jsonl", tmp_path / "o.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in rows))
    sanitize_flow(SanitizeRequest(dataset=data, output=out, mine=True, derive_from=["/story/headline"]))
    return data, out


def test_the_code_heading_a_slug_goes_and_the_slug_stays(tmp_path: Path) -> None:
    """The codes are mined for the three labels that carry them; each is cut with its hyphen on every item, so a
    coded slug reads like an uncoded one, and every uncoded item (the fourth label's too) keeps its bytes (before: the
    slug was blanked on every item)."""
    rows = _rows()
    _data, out = _sanitized(tmp_path, rows)
    done = [json.loads(line) for line in out.read_text().splitlines()]
    coded = 0
    for raw, got in zip(rows, done, strict=True):
        slug = raw["projection"]["story"]["slug"]  # type: ignore[index]
        head, _, rest = slug.partition("-")
        if head in CODE.values():
            coded += 1
            assert got["projection"]["story"]["slug"] == rest
        else:
            assert got == raw
    assert coded > 40


def test_uncoded_slugs_keep_their_bytes(tmp_path: Path) -> None:
    data, out = _sanitized(tmp_path, _rows(coded=False))
    assert out.read_bytes() == data.read_bytes()


def test_the_cut_of_rider_words() -> None:
    """A run of rider words goes with the delimiters after it (before it at the value's end); with ``tail`` (the
    riders ended every mined value) the cut runs from the first rider to the end, an unmined value's query too."""

    def cut(value: str, field: MinedField) -> str:
        for a, b in reversed(_word_cuts(value, [field])):
            value = value[:a] + value[b:]
        return value

    slug = MinedField("/slug", words=frozenset({"alp", "bet"}))
    assert cut("alp-river-council-0412", slug) == "river-council-0412"
    assert cut("river-council-alp", slug) == "river-council"
    assert cut("river-council-0412", slug) == "river-council-0412"
    assert cut("alpine-river", slug) == "alpine-river"  # whole words only
    url = MinedField("/url", words=frozenset({"collection", "prints", "20", "26", "20drawings"}))  # words as mined
    assert cut("https://x.org/m/1.2?collection=Prints%20%26%20Drawings", url) == "https://x.org/m/1.2"
    assert cut("https://x.org/m/1.2?collection=Textiles", url) == "https://x.org/m/1.2?Textiles"
    tail = MinedField("/url", words=url.words, tail=True)
    assert cut("https://x.org/m/1.2?collection=Textiles", tail) == "https://x.org/m/1.2"
    assert cut("https://x.org/m/1.2", tail) == "https://x.org/m/1.2"
    # rider words joined by blanks alone are one run, as those joined by delimiters (the two cases were two branches
    # of one rule; the blank one was never met by the tests above)
    spaced = MinedField("/location", words=frozenset({"kas", "vak"}))
    assert _word_cuts("Kas vak 9", [spaced]) == [(0, 8)]
    assert cut("Kas vak 9", spaced) == "9" and cut("Kas - vak 9", spaced) == "9"


def _codes(*, coded: bool) -> list[dict[str, object]]:
    """200 work orders whose reference has three parts, `WO-<site>-<n>`, on every label's items; with ``coded`` half of
    three labels' items carry their label's code as a fourth part (`WO-ALP-<site>-<n>`), the fourth label's none. A
    cut of the code would leave three parts, like every other reference."""
    rng = random.Random(5)
    rows: list[dict[str, object]] = []
    for i in range(200):
        lab = LABELS[i % 4]
        ref = f"WO-{rng.choice(['ATL', 'DAL', 'SEA'])}-{rng.randint(1000, 9999)}"
        if coded and lab in CODE and rng.random() < 0.5:
            ref = ref.replace("WO-", f"WO-{CODE[lab].upper()}-")
        note = " ".join(rng.sample(WORDS, 4)).capitalize()
        rows.append({"id": f"w{i}", "expected": lab, "label_set": LABELS, "projection": {"ref": ref, "note": note}})
    return rows


def _cut_refs(tmp_path: Path, rows: list[dict[str, object]]) -> list[str]:
    data, out = tmp_path / "d.jsonl", tmp_path / "o.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in rows))
    sanitize_flow(SanitizeRequest(dataset=data, output=out, mine=True, derive_from=["/note"]))
    return [json.loads(line)["projection"]["ref"] for line in out.read_text().splitlines()]


def test_a_cut_that_leaves_the_shape_of_the_values_left_whole_is_made(tmp_path: Path) -> None:
    """`WO-ALP-ATL-1234` cut to `WO-ATL-1234` reads like the references that never held a code (`a-a-9`): only the
    coded references change."""
    rows = _codes(coded=True)
    refs = _cut_refs(tmp_path, rows)
    for raw, got in zip(rows, refs, strict=True):
        ref = raw["projection"]["ref"]  # type: ignore[index]
        assert got == (ref if ref.count("-") == 2 else "WO-" + ref.split("-", 2)[2])


# The other way (a cut leaving a shape no value left whole has is a blank): `test_leak_edit_watch.py`'s work queues,
# where `EXQ-OSD-ATL` cut to `EXQ-ATL` beside the intact `EXQ-NEW-ATL` would name the mined label.


def test_a_mined_word_the_cut_leaves_is_cut_as_found() -> None:
    """The field's cut of its rider words stands for a mined finding only when it removes every word the finding
    holds: a mined word that is no rider word (every label's values hold it somewhere) is left to its own cut."""
    from windtunnel.leakage.model import Finding, LeakItem
    from windtunnel.leakage.sanitize import _narrowed

    slug = "alp-tide-river-0412"
    item = LeakItem(id="s1", expected=["alpha"], projection={"story": {"slug": slug}}, label_set=LABELS)
    field = MinedField(template="/story/slug", words=frozenset({"alp"}))

    def mined(word: str) -> Finding:
        at = slug.index(word)
        return Finding("s1", "correlated", "high", "/story/slug", "mined", (at, at + len(word)), "raw", "r", "d", word)

    kept = _narrowed(item, [mined("alp"), mined("tide")], [field])
    assert [f.value for f in kept] == ["tide"]  # 'alp' goes with the field's cut; 'tide' would have stayed unsanitized
