"""Principle 7, judged in the view a value was mined in.

A river gauge's flood level is decided from the reading against the site's thresholds. Each record carries a push
title filled in with the site's name: ``Update posted: Weir Lane`` on most records. Sites differ (a low-lying one
reaches ``high`` more often), so the site leans to a level: a legitimate correlate, its own field's. On some records
the title is written with the decision, a code for the level at its head (``[L3] Flood notice: Weir Lane``): pure.

Read whole, the titles lean with their site and often hold another level: the field looks graded, and the pure code
would be hidden with it. Mining finds the code as a template (the site masked, :mod:`windtunnel.leakage.templates`),
and a template is judged in the template view: there the clean titles are one value on every level and the coded
ones pure, so the code is a leak. A prior state written into the same kind of title (``Last level high: Weir Lane``,
the level of the last reading) stays graded in the template view too: for review, as principle 7 keeps it.
"""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

from windtunnel.flows.leak import ScanRequest, scan_flow
from windtunnel.leakage.dataset import iter_items
from windtunnel.leakage.graded import graded_fields, graded_templates, leaning_purity
from windtunnel.leakage.mine import MineResult, graded_at
from windtunnel.leakage.simulate import selected_features

LEVELS = ["low", "medium", "high"]
INPUT = ["/gauge/reading_m", "/gauge/thresholds"]
SITES = {  # each site leans to one level: the site is a legitimate correlate of the level
    "Weir Lane": [0.1, 0.2, 0.7],
    "Mill Bridge": [0.7, 0.2, 0.1],
    "Kings Ford": [0.15, 0.7, 0.15],
    "Heron Reach": [0.34, 0.33, 0.33],
}


def _rows(seed: int = 11, n: int = 180, *, title: str = "code") -> list[dict]:
    rng = random.Random(seed)
    rows = []
    for i in range(n):
        site = rng.choice(sorted(SITES))
        level = rng.choices(LEVELS, SITES[site])[0]
        reading = {"low": 1.0, "medium": 2.2, "high": 3.4}[level] + round(rng.uniform(0, 1.1), 2)
        if title == "code" and rng.random() < 0.2:
            head = f"[L{LEVELS.index(level) + 1}] Flood notice: {site}"
        elif title == "prior" and rng.random() < 0.7:
            # the level of the last reading: this level on half of the records, a neighbour on the rest
            near = [x for x in LEVELS if abs(LEVELS.index(x) - LEVELS.index(level)) == 1]
            last = level if rng.random() < 0.5 else rng.choice(near)
            head = f"Last level {last}: {site}"
        else:
            head = f"Update posted: {site}"
        projection = {
            "gauge": {"site": site, "reading_m": reading, "thresholds": {"medium": 2.2, "high": 3.4}},
            "push": {"title": head},
        }
        rows.append({"id": f"g{i}", "expected": level, "label_set": LEVELS, "projection": projection})
    return rows


def _write(path: Path, rows: list[dict]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def _scan(path: Path) -> dict[str, dict]:
    out = io.BytesIO()
    scan_flow(ScanRequest(dataset=path, fmt="json", stream=out, mine=True, derive_from=INPUT, show_values=True))
    return {it["id"]: it for it in json.loads(out.getvalue())["items"]}


def _title_views(rows: list[dict]) -> tuple[list[dict], list[dict], list[str]]:
    whole = [{"/push/title": r["projection"]["push"]["title"]} for r in rows]
    masked = [
        {"/push/title": r["projection"]["push"]["title"].replace(r["projection"]["gauge"]["site"], "…")} for r in rows
    ]
    return whole, masked, [r["expected"] for r in rows]


def test_a_code_at_a_titles_head_is_graded_whole_and_pure_as_a_template() -> None:
    whole, masked, labels = _title_views(_rows())
    assert "/push/title" in graded_fields(whole, labels, {"/push/title"})  # the site's lean hides the code
    assert leaning_purity([(m["/push/title"], lab) for m, lab in zip(masked, labels, strict=True)]) == 1.0
    assert graded_templates(whole, masked, labels, {"/push/title"}) == set()


def test_a_prior_state_stays_graded_in_the_template_view() -> None:
    whole, masked, labels = _title_views(_rows(title="prior"))
    assert graded_templates(whole, masked, labels, {"/push/title"}) == {"/push/title"}


def test_the_user_naming_a_value_correlated_overrides_the_template_view_too() -> None:
    whole, masked, labels = _title_views(_rows(title="prior"))
    told = {whole[0]["/push/title"]}
    assert graded_templates(whole, masked, labels, {"/push/title"}, told) == set()


def test_the_coded_titles_leak_and_the_clean_ones_are_not_flagged(tmp_path: Path) -> None:
    rows = _rows()
    report = _scan(_write(tmp_path / "gauge.jsonl", rows))
    coded = [r["id"] for r in rows if r["projection"]["push"]["title"].startswith("[L")]
    clean = [r["id"] for r in rows if r["id"] not in coded]
    assert len(coded) >= 30
    assert sum(report[rid]["leaked"] for rid in coded) >= 0.9 * len(coded)
    assert not any(report[rid]["leaked"] for rid in clean)


def test_the_blind_agent_reads_the_code_as_a_template_and_not_the_sites_lean(tmp_path: Path) -> None:
    rows = _rows()
    items = [m.item for m in iter_items(_write(tmp_path / "gauge.jsonl", rows))]
    kept = selected_features(items, derive_from=INPUT)
    at_title = {f[2] for f in kept if f[1] == "/push/title"}
    assert {"[L1] Flood notice: …", "[L2] Flood notice: …", "[L3] Flood notice: …"} & at_title
    assert not any(r["projection"]["push"]["title"] in at_title for r in rows)  # whole titles: graded, left out


def test_a_word_of_a_text_is_judged_in_the_texts_own_words() -> None:
    # a glyph or a word found in the title is a part of its own text: judged as the templates are, not as the whole
    result = MineResult(
        items=0, labels={}, candidates=0, tested=0, alpha=0.01, correction="bh", min_support=5, min_purity=0.95
    )
    result.graded = ["/push/title"]
    assert graded_at(result, ("value", "/push/title", "Update posted: Weir Lane"), "/push/title", "raw")
    assert not graded_at(result, ("value", "/push/title", "[L3] Flood notice: …"), "/push/title", "template")
    assert not graded_at(result, ("token", "", "l3"), "/push/title", "raw")
    result.graded_templates = ["/push/title"]  # a prior state: graded in both views
    assert graded_at(result, ("token", "", "l3"), "/push/title", "raw")
