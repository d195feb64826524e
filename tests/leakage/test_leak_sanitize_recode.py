"""An encoded run the scan reads decoded is sanitized decoded and written back in its encoding (:mod:`.recode`).

A chart link whose base64 view context carries the answer on some records keeps its link: the answer's value is
blanked inside the context and the context encoded again, and the records whose context never held it keep their
bytes, so no field's blank tells which records held the answer. Mining reads such a run decoded, not as letters.
"""

from __future__ import annotations

import base64
import gzip
import json
import random
from pathlib import Path
from typing import Any

import pytest

from tests.clirun import sanitized
from tests.clirun import wt as run_cli
from windtunnel.leakage import recode
from windtunnel.leakage.candidates import candidates
from windtunnel.leakage.mine import mine
from windtunnel.leakage.model import LeakItem
from windtunnel.leakage.sanitize import sanitize_item

LABELS = ["Low", "Medium", "High"]


def b64url(doc: dict[str, Any]) -> str:
    return base64.urlsafe_b64encode(json.dumps(doc, separators=(",", ":")).encode()).decode().rstrip("=")


def link(doc: dict[str, Any]) -> str:
    return f"https://ehr.example.org/nb/view?ctx={b64url(doc)}"


def unlink(url: str) -> Any:
    ctx = url.split("ctx=", 1)[1]
    return json.loads(base64.urlsafe_b64decode(ctx + "=" * (-len(ctx) % 4)))


# ---------------------------------------------------------------- the recoders


@pytest.mark.parametrize(
    "run",
    [
        base64.b64encode(b'{"triage": "High", "unit": "ward 7"}').decode(),  # standard, padded
        b64url({"enc": "E512", "tab": "delivery", "interp": "High"}),  # URL-safe, unpadded
        base64.b32encode(b"severity=High;unit=7").decode(),
        b"severity=High".hex(),
        b"severity=High".hex().upper(),
    ],
)
def test_a_run_reads_back_exactly_and_an_edit_is_written_in_its_encoding(run: str) -> None:
    name = "hex" if all(c in "0123456789abcdefABCDEF" for c in run) else "base32" if run.isupper() else "base64"
    at = recode.run_at(f"see {run} here", f"decoded:{name}", (4, 4 + len(run)))
    assert at is not None
    a, b, got = at
    assert (a, b) == (4, 4 + len(run)) and "High" in got.text
    assert got.encode(got.text) == run  # the run as written
    edited = got.encode(got.text.replace("High", ""))
    again = recode.run_at(f"see {edited} here", f"decoded:{name}", (4, 4 + len(edited)))
    assert again is not None and again[2].text == got.text.replace("High", "")


def test_an_edit_of_a_run_that_needed_no_padding_is_written_padded() -> None:
    # a run of 92 characters shows no padding because its 69 bytes needed none; the edited text (two bytes fewer) is
    # written with its padding, which strict decoders require (after ds30 ``tennis_line_call``'s graphics token)
    run = base64.b64encode(b'{"overlay": "CHALLENGE_RESULT", "verdict": "IN", "distance_mm": 12.5}').decode()
    assert len(run) % 4 == 0 and not run.endswith("=")
    at = recode.run_at(run, "decoded:base64", (0, len(run)))
    assert at is not None
    edited = at[2].encode(at[2].text.replace('"IN"', '""'))
    assert json.loads(base64.b64decode(edited, validate=True))["verdict"] == ""


def test_a_run_that_does_not_read_back_is_not_rewritten() -> None:
    packed = base64.b64encode(gzip.compress(b'{"triage": "High"}')).decode()  # the scan inflates it; no way back
    assert recode.run_at(packed, "decoded:base64", (0, len(packed))) is None
    run = b64url({"triage": "High"})
    assert recode.run_at(run, "decoded:url+base64", (0, len(run))) is None  # a nested view: not one step
    assert recode.run_at(run, "raw", (0, len(run))) is None
    assert recode.run_at(run, "decoded:base64+identifier", (0, len(run))) is not None  # its words: the same run


# ---------------------------------------------------------------- one record


def test_a_leaking_link_keeps_its_link_with_the_answer_blanked_inside() -> None:
    doc = {"enc": "E5351625", "view": "newborn-summary", "tab": "delivery", "interp": "High"}
    proj = {"chart_link": link(doc), "note": "Routine review."}
    res = sanitize_item({"id": "a", "expected": "High", "label_set": LABELS, "projection": proj})
    assert res.before.leaked and res.ok, res.residual
    out = res.item.projection
    assert out["note"] == "Routine review." and out["chart_link"].startswith("https://ehr.example.org/nb/view?ctx=")
    assert unlink(out["chart_link"]) == {**doc, "interp": ""}
    assert [r.operator for r in res.redactions] == ["re-encode"]


# ---------------------------------------------------------------- a dataset


CODES = {"Low": "tier-green", "Medium": "tier-amber", "High": "tier-crimson"}
"""A code per label, held in the context on the leaking records of :func:`dataset` with ``coded``."""


def dataset(n: int = 120, seed: int = 7, *, coded: bool = False) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    recs = []
    for i in range(n):
        score = rng.randint(0, 8)
        label = LABELS[0] if score < 3 else LABELS[1] if score < 6 else LABELS[2]
        doc: dict[str, Any] = {"enc": f"E{rng.randint(1_000_000, 9_999_999)}", "view": "summary", "tab": "triage"}
        leak = i % 3 == 0
        if leak:
            doc["interp"] = CODES[label] if coded else label
        recs.append(
            {
                "id": f"r{i:03d}",
                "expected": label,
                "label_set": LABELS,
                "projection": {"score": score, "chart_link": link(doc), "ward": rng.choice(["A", "B", "C"])},
                "truth": {"leak": leak},
            }
        )
    return recs


def test_the_clean_records_keep_their_bytes_and_the_leaking_ones_their_link(tmp_path: Path) -> None:
    recs = dataset()
    code, written = sanitized(tmp_path, recs, "--mine", "--derive-from", "/score")
    assert code == 0
    for raw, clean in zip(recs, written, strict=True):
        if raw["truth"]["leak"]:
            got = unlink(clean["projection"]["chart_link"])
            assert got == {**unlink(raw["projection"]["chart_link"]), "interp": ""}
        else:
            assert clean["projection"] == raw["projection"], raw["id"]  # no blank of the field on every record
    assert run_cli("leak", "scan", str(tmp_path / "clean.jsonl"), "--mine", "--derive-from", "/score") == 0


def test_mining_reads_an_encoded_run_decoded_not_its_letters() -> None:
    doc = {"enc": "E5351625", "view": "newborn-summary", "tab": "delivery", "interp": "tier-crimson"}
    url = link(doc)
    start = url.index("ctx=") + 4
    found = candidates({"chart_link": url})
    words = {key[2] for key in found if key[0] in ("token", "ngram")}
    assert {"crimson", "tier crimson"} <= words  # the decoded context's words
    for key, (_, span, _, view) in found.items():
        if key[0] in ("token", "ngram") and span is not None and span[0] >= start:
            # none of the letters base64 writes there (``fs``, ``jtb2rlcm``: a constant tail encodes alike)
            assert view.startswith("decoded:"), (key, view)


def test_mining_finds_the_code_in_the_context_and_sanitize_leaves_clean_records(tmp_path: Path) -> None:
    items = [LeakItem.from_mapping(r) for r in dataset(150, coded=True)]
    found = {(s.pointer, s.value) for s in mine(items, derive_from=["/score"]).suggestions}
    assert {("/chart_link/interp", code) for code in CODES.values()} <= found


MEMOS = {
    "naming": {label: f"reviewer agrees risk is {label.lower()} here" for label in LABELS},
    # review 43: a memo that tells the label without naming it (an action per label) was written back encoded
    "silent": {
        "Low": "reviewer signed off without follow-up",
        "Medium": "reviewer booked a clinic slot next week",
        "High": "reviewer paged the on-call surgeon now",
    },
}


@pytest.mark.parametrize("memos", sorted(MEMOS))
def test_a_run_whose_decoded_text_still_holds_the_datasets_evidence_is_cut_whole(tmp_path: Path, memos: str) -> None:
    # review 42: the context also carries a memo the label rides with ("reviewer agrees risk is medium here"): mined
    # over the dataset, no finding of the decoded text alone, so the run was written back encoded with the memo in it
    # and the sanitized file still leaked on every leaking record; the run is now cut whole, as before recoding
    rng = random.Random(11)
    records = []
    for i in range(150):
        score = rng.uniform(0, 10)
        label = "Low" if score < 4 else "Medium" if score < 7 else "High"
        doc: dict[str, Any] = {"enc": f"E{rng.randint(100, 999)}", "tab": "delivery", "nonce": f"n{i:04d}"}
        if rng.random() < 0.4:
            doc.update(interp=label, memo=MEMOS[memos][label])
        projection = {"obs": {"score": round(score, 2)}, "chart": link(doc)}
        records.append({"id": f"c{i}", "expected": label, "label_set": LABELS, "projection": projection})
    code, out = sanitized(tmp_path, records, "--mine", "--derive-from", "/obs/score")
    assert code == 0
    for r in out:
        chart = r["projection"]["chart"]
        if "ctx=" in chart:
            assert "memo" not in unlink(chart), r["id"]
    assert run_cli("leak", "scan", str(tmp_path / "clean.jsonl"), "--mine", "--derive-from", "/obs/score") == 0
