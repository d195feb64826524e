"""A field the scan's own findings blank on one label's items (a date whose day reads as the answer `12`) is blanked
in the second pass only where the scan reads it as *any* label of the set (its twins on the other labels' items),
when those blanks fall on the labels as a draw would; the field's other values keep their bytes. The dataset is
invented."""

from __future__ import annotations

import base64
import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tests.leakage.sanitized_rows import sanitized_rows
from windtunnel.flows.leak import SanitizeRequest, sanitize_flow
from windtunnel.leakage import sanitize
from windtunnel.leakage.model import LeakItem
from windtunnel.leakage.sanitize import twin_places

LABELS = ["3", "4", "6", "12"]


def _rows() -> list[dict[str, object]]:
    """160 recall records: the interval follows from the probing depth (the input); a last-visit date drawn alike for
    every label, some of whose days are `12`."""
    rng = random.Random(11)
    rows: list[dict[str, object]] = []
    for i in range(160):
        lab = LABELS[i % 4]
        depth = {"3": 7, "4": 5, "6": 4, "12": 2}[lab]
        visit = f"2024-{rng.randint(1, 9):02d}-{rng.randint(1, 28):02d}"
        proj = {"clinical": {"max_probing_depth_mm": depth}, "patient": {"last_visit": visit}}
        rows.append({"id": f"r{i}", "expected": lab, "label_set": LABELS, "projection": proj})
    return rows


def test_twins_of_a_date_read_as_a_label_are_places_on_every_label() -> None:
    """The scan reads the date's `12` as the answer on a `12` item; read under `12`, the other labels' dates with a
    `12` are its twins, and the blanks there fall on every label."""
    items = [LeakItem.from_mapping(r) for r in _rows()]
    own = {it.id: ["/patient/last_visit"] for it in items if it.expected == ["12"] and "-12" in str(it.projection)}
    assert own
    got = twin_places(items, own, ["/patient/last_visit"], LABELS)
    places = got["/patient/last_visit"]
    labels = Counter(it.expected[0] for it in items if (it.id, "/patient/last_visit") in places)
    assert len(labels) >= 3 and len(places) < len(items) // 2
    assert {(i, p) for i, ps in own.items() for p in ps} <= places


def test_the_field_is_blanked_at_its_twins_only(tmp_path: Path) -> None:
    rows = _rows()
    data, out = tmp_path / "d.jsonl", tmp_path / "o.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in rows))
    res = sanitize_flow(SanitizeRequest(dataset=data, output=out, derive_from=["/clinical"]))
    done = [json.loads(line) for line in out.read_text().splitlines()]
    blanked = [d for d in done if d["projection"]["patient"]["last_visit"] == ""]
    assert blanked  # the scan reads some `12` dates as the answer
    assert len(blanked) < len(done) // 2  # before: every item's date went
    assert len({d["expected"] for d in blanked}) >= 3
    lines = out.read_text().splitlines()
    for raw, line, d in zip(data.read_text().splitlines(), lines, done, strict=True):
        if d["projection"]["patient"]["last_visit"] != "":
            assert line == raw  # a date kept: the record keeps its bytes
    assert res.summary["eliminated"] == []


def test_the_notice_names_a_list_field_as_shown(tmp_path: Path) -> None:
    # the same date inside a list: the twins are found at the narrowed place (/patient/visits/0/date), and the notice
    # names the field once, as the other notices show it, not also as blanked on every item
    rows = _rows()
    for r in rows:
        patient = r["projection"]["patient"]  # type: ignore[index]
        patient["visits"] = [{"date": patient.pop("last_visit")}]
    data, out = tmp_path / "d.jsonl", tmp_path / "o.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in rows))
    said: list[str] = []
    sanitize_flow(
        SanitizeRequest(dataset=data, output=out, derive_from=["/clinical"]),
        lambda e: said.append(str(getattr(e, "text", ""))),
    )
    twins = [s for s in said if "where the scan reads it as any label" in s]
    assert len(twins) == 1 and twins[0].endswith("/patient/visits/*/date")
    assert not [s for s in said if s.startswith("blanked on every item, so that") and "visits" in s]


def test_blanks_at_the_twins_that_still_eliminate_give_way_to_a_blank_on_every_item(tmp_path: Path) -> None:
    # The bundled example (8 tickets): the comments blanked at their twins still leave every label's items apart —
    # too few items for the draw test to tell — so a third pass blanks the field on every item (`make demo` step 10).
    example = Path(__file__).resolve().parents[2] / "examples" / "leakage" / "tickets.jsonl"
    said: list[str] = []
    res = sanitize_flow(
        SanitizeRequest(dataset=example, output=tmp_path / "o.jsonl"), lambda e: said.append(getattr(e, "text", ""))
    )
    assert res.summary["eliminated"] == []
    assert any(s.startswith("blanked on every item, so that") and "/output/comments/*/body" in s for s in said)


def test_each_item_is_walked_once_whatever_the_templates(monkeypatch: pytest.MonkeyPatch) -> None:
    """Several templates (a list field's, a narrowed one naming an index, one naming nothing) are answered from one
    walk of each item (a counter, not a clock), each as it is asked alone."""
    rows = _rows()
    for r in rows:
        r["projection"]["visits"] = [r["projection"]["patient"]["last_visit"], "2024-01-12"]  # type: ignore[index]
    items = [LeakItem.from_mapping(r) for r in rows]
    own = {
        str(r["id"]): ["/patient/last_visit"]
        for r in rows
        if r["expected"] == "12" and "-12" in str(r["projection"]["patient"])  # type: ignore[index]
    }
    templates = ["/patient/last_visit", "/visits/*", "/visits/1", "/nowhere"]
    alone = {t: got for t in templates for got in [twin_places(items, own, [t], LABELS)]}
    walks = Counter[str]()
    walked = sanitize._templated

    def counted(it: LeakItem, **kw: bool) -> Any:
        walks[it.id] += 1
        return walked(it, **kw)

    monkeypatch.setattr(sanitize, "_templated", counted)
    together = twin_places(items, own, templates, LABELS)
    assert set(walks.values()) == {1} and len(walks) == len(items)
    assert together == {t: places for got in alone.values() for t, places in got.items()}
    assert "/patient/last_visit" in together


# After ds30 ``wind_chill_risk``: a bilingual bulletin names the risk in French on some records of every label and says
# nothing of it on the others. The first pass cut the risk sentence where the scan reads a French label word
# (``risque élevé``) and blanked the whole bulletin where only mining read it (``très élevé``, one label's): blanks on
# one label's items, cuts on the others'. The blanks alone were counted, so the bulletin was blanked on every item,
# the clean records' bulletin too (66 of 66 rewritten). A cut counts with the blanks: the second pass blanks every
# place the first edited, and the clean records keep their bytes.
RISKS = {"low": "faible", "moderate": "modéré", "high": "élevé", "very high": "très élevé"}


def _bulletins() -> list[dict[str, object]]:
    rng = random.Random(21)
    rows: list[dict[str, object]] = []
    for i in range(160):
        lab = list(RISKS)[i % 4]
        index = {"low": -5, "moderate": -18, "high": -33, "very high": -44}[lab] + rng.uniform(-3, 3)
        leak = rng.random() < 0.3
        said = f"risque {RISKS[lab]}" if leak else "voir les observations horaires"
        bulletin = f"Refroidissement éolien : {said}. Prochaine mise à jour à 16 h."
        proj = {"obs": {"index": round(index, 1)}, "bulletin_fr": bulletin}
        rows.append({"id": f"b{i}", "expected": lab, "label_set": list(RISKS), "projection": proj, "leak": leak})
    return rows


def test_a_field_cut_on_some_labels_and_blanked_on_one_is_blanked_where_it_was_edited(tmp_path: Path) -> None:
    _out, pairs = sanitized_rows(_bulletins(), tmp_path, ["/obs"])
    kept = [raw == line for r, raw, line in pairs if not r["leak"]]
    assert kept and all(kept)  # before: the bulletin blanked on every item, every clean record rewritten


# After ds30 ``tennis_line_call``: a broadcast graphics token (base64 of a small JSON overlay) states the challenge's
# verdict on some records of both labels, and a player's stats on the others, among them ``first_serve_in_pct``.
# Read alone under ``in``, every stats token names the label, so the twins were every item, which is no choice of
# places, and the token went from every item (68 of 68 clean records rewritten). The places the first pass edited,
# weighed alone, fall on both labels as a draw would: they are blanked, the clean records keep their bytes.
def _tokens() -> list[dict[str, object]]:
    rng = random.Random(5)
    rows: list[dict[str, object]] = []
    for i in range(150):
        lab = "out" if i % 2 else "in"
        offset = rng.uniform(0.5, 40.0) * (1 if lab == "out" else -1)
        leak = rng.random() < 0.4
        overlay: dict[str, object] = (
            {"overlay": "CHALLENGE_RESULT", "verdict": lab.upper(), "distance_mm": round(abs(offset), 1)}
            if leak
            else {"overlay": "PLAYER_STATS", "aces": rng.randint(0, 9), "first_serve_in_pct": rng.randint(50, 80)}
        )
        token = base64.b64encode(json.dumps(overlay).encode()).decode()
        proj = {"hawkeye": {"center_offset_mm": round(offset, 1)}, "gfx_token": token}
        rows.append({"id": f"g{i}", "expected": lab, "label_set": ["in", "out"], "projection": proj, "leak": leak})
    return rows


def test_twins_on_every_item_give_way_to_the_places_the_first_pass_edited(tmp_path: Path) -> None:
    _out, pairs = sanitized_rows(_tokens(), tmp_path, ["/hawkeye"])
    assert all(raw == line for r, raw, line in pairs if not r["leak"])  # before: every token blanked
    assert all(raw != line for r, raw, line in pairs if r["leak"])
    for _r, _raw, line in pairs:  # no verdict left in any token
        token = json.loads(line)["projection"]["gfx_token"]
        assert not (json.loads(base64.b64decode(token)) if token else {}).get("verdict")
