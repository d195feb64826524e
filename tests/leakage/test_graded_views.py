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

from tests.leakage.items_file import scan_items, write_rows
from windtunnel.flows.leak import ScanRequest, scan_flow
from windtunnel.leakage.dataset import iter_items
from windtunnel.leakage.graded import GradedViews, graded_fields, graded_templates, graded_views, leaning_purity
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
    return write_rows(path, rows)


def _scan(path: Path) -> dict[str, dict]:
    return scan_items(path, INPUT)


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


def test_a_word_mined_anywhere_is_judged_where_it_survives_the_masking() -> None:
    whole, masked, labels = _title_views(_rows())
    views = graded_views(whole, masked, labels, {"/push/title"}, [("", "L3"), ("/push/title", "Weir")])
    assert views.whole == {"/push/title"} and not views.templates
    assert views.kept == {("/push/title", "l3")}  # the site's name is masked: read whole
    assert not views.at("token", "/push/title", "L3", "raw") and views.at("token", "/push/title", "weir", "raw")


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
    # a word surviving the masking is a part of the text's own words: judged as the templates are; one the masking
    # erases (another field's value copied in) is judged whole
    views = GradedViews(whole=frozenset({"/push/title"}), kept=frozenset({("/push/title", "l3")}))
    assert views.at("value", "/push/title", "Update posted: Weir Lane", "raw")
    assert not views.at("value", "/push/title", "[L3] Flood notice: …", "template")
    assert not views.at("token", "/push/title", "L3", "raw")
    assert views.at("token", "/push/title", "weir", "raw")  # erased by the masking (the site's): read whole
    both = GradedViews(whole=frozenset({"/push/title"}), templates=frozenset({"/push/title"}))
    assert both.at("token", "/push/title", "L3", "raw")  # a prior state: graded in both views
    assert not GradedViews(templates=frozenset({"/push/title"})).at("value", "/push/title", "x …", "template")


def _prior_rows(seed: int = 7, n: int = 200) -> list[dict]:
    """Clean: the level is decided from the reading; the previous status (one step off on about half the records)
    sits in its own field and is repeated, with the site, in a push title."""
    rng = random.Random(seed)
    words = ["dormant", "green", "amber", "red", "black"]
    rows = []
    for i in range(n):
        at = rng.randrange(3)
        prev = words[at + 1 + rng.choices([0, 1, -1], [0.55, 0.25, 0.2])[0]]
        site = rng.choice(sorted(SITES))
        projection = {
            "gauge": {
                "site": site,
                "reading_m": [1.0, 2.2, 3.4][at] + round(rng.uniform(0, 1.1), 2),
                "thresholds": {"medium": 2.2, "high": 3.4},
            },
            "history": {"last_status": prev},
            "push": {"title": f"Previous status {prev} at {site}"},
        }
        rows.append({"id": f"p{i}", "expected": LEVELS[at], "label_set": LEVELS, "projection": projection})
    return rows


def test_a_prior_state_copied_into_a_title_stays_graded(tmp_path: Path) -> None:
    # the masking erases the copied status from the title (its own field holds it): the title's words around it are
    # one template, but the words mined are the status's, judged whole: graded, for review, not leaks
    rows = _prior_rows()
    path = _write(tmp_path / "prior.jsonl", rows)
    report = _scan(path)
    assert not any(it["leaked"] for it in report.values())
    reviewed = {f["pointer"] for it in report.values() for f in it["findings"] if f["rule"] == "correlated.mined"}
    assert "/push/title" in reviewed
    items = [m.item for m in iter_items(path)]
    assert not any(f[1] in ("/push/title", "/history/last_status") for f in selected_features(items, derive_from=INPUT))


def test_another_measurement_copied_into_a_title_stays_graded(tmp_path: Path) -> None:
    # a second measurement's band sits in its own field and in the title; the masking erases it from the title, and
    # from the band's own field where the title lends it all its words: a text masked whole reads as it is
    rng = random.Random(3)
    labels = ["normal", "mild", "moderate", "severe"]
    rows = []
    for i in range(240):
        x = round(rng.uniform(0, 60), 1)
        other = max(0.0, x * 0.9 + rng.gauss(0, 9))
        band = "very high" if other >= 40 else "high" if other >= 25 else "raised" if other >= 10 else "low"
        site = rng.choice(["Northgate", "Riverside", "Elmfield", "Southwark"])
        projection = {
            "study": {"index": x, "site": site},
            "oximetry": {"band": band},
            "push": {"title": f"Oximetry {band} at {site}"},
        }
        label = labels[(x >= 5) + (x >= 15) + (x >= 30)]
        rows.append({"id": f"m{i}", "expected": label, "label_set": labels, "projection": projection})
    out = io.BytesIO()
    path = _write(tmp_path / "band.jsonl", rows)
    scan_flow(ScanRequest(dataset=path, fmt="json", stream=out, mine=True, derive_from=["/study/index"]))
    assert not any(it["leaked"] for it in json.loads(out.getvalue())["items"])


def _code_beside_rows(seed: int = 21, n: int = 200) -> list[dict]:
    """Leaking: each title holds the record's reference (its own field too); a clean title names the site's kind (a
    correlate of the level), a coded one (a quarter) a pure code at its head. Read whole each title is unique."""
    rng = random.Random(seed)
    kinds = {"river": [0.75, 0.25, 0.0], "estuary": [0.0, 0.25, 0.75], "upland": [0.2, 0.8, 0.0]}
    rows = []
    for i in range(n):
        kind = rng.choice(sorted(kinds))
        level = rng.choices(LEVELS, kinds[kind])[0]
        ref = f"FW{rng.randrange(10**6):06d}"
        coded = rng.random() < 0.25
        title = f"[L{LEVELS.index(level) + 1}] Flood notice, ref {ref}" if coded else f"Update {kind} gauge, ref {ref}"
        projection = {
            "gauge": {
                "reading_m": {"low": 1.0, "medium": 2.2, "high": 3.4}[level] + round(rng.uniform(0, 1.1), 2),
                "thresholds": {"medium": 2.2, "high": 3.4},
            },
            "notice": {"ref": ref},
            "push": {"title": title},
        }
        rows.append({"id": f"c{i}", "expected": level, "label_set": LEVELS, "projection": projection, "coded": coded})
    return rows


def test_a_code_beside_a_correlate_in_unique_titles_leaks(tmp_path: Path) -> None:
    # read whole the titles are each unique (no verdict: not graded); read as templates the kind leans, but a view
    # only lifts a graded verdict the whole view gives, never makes one: the codes are leaks
    rows = _code_beside_rows()
    report = _scan(_write(tmp_path / "coded.jsonl", [{k: v for k, v in r.items() if k != "coded"} for r in rows]))
    coded = [r["id"] for r in rows if r["coded"]]
    assert len(coded) >= 30
    assert sum(report[rid]["leaked"] for rid in coded) >= 0.9 * len(coded)
    assert not any(report[r["id"]]["leaked"] for r in rows if not r["coded"])
