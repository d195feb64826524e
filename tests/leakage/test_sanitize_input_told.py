"""The sanitizer's blind rounds do not cut a rider mining found the input already tells.

A pool test's clarity is ``cloudy`` only where the main drain is not visible (not always there), and a drain not
visible closes the pool: ``cloudy`` rides with ``close pool``, yet its records sit where the named input (the drain's
visibility) says the label anyway, so mining does not suggest it (:mod:`~windtunnel.leakage.input_explained`). The
blind agent, which reads no input, still reads it; cutting it, and then the field on every item (a blank on one
label's items would tell), rewrote every record of a clean dataset. The sanitizer follows mining: a clean dataset
keeps its bytes. A code written by the decision beside it is still cut.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from windtunnel.flows.leak import SanitizeRequest, sanitize_flow

LABELS = ["balanced", "raise chlorine", "close pool"]
INPUT = ["/readings", "/visual/main_drain_visible"]


def _rows(seed: int = 8, n: int = 150, *, code: bool = False) -> list[dict]:
    rng = random.Random(seed)
    rows = []
    for i in range(n):
        cl = round(rng.uniform(0.2, 3.0), 1)
        drain = rng.random() > 0.2
        label = "close pool" if not drain or cl < 0.5 else "raise chlorine" if cl < 1.0 else "balanced"
        clarity = "cloudy" if not drain and rng.random() < 0.6 else rng.choice(["clear", "clear", "slightly hazy"])
        projection: dict = {
            "readings": {"free_chlorine_mg_l": cl},
            "visual": {"main_drain_visible": drain, "clarity": clarity},
            "site": rng.choice(["Elmwood", "Harbourview", "Riverside"]),
        }
        if code and rng.random() < 0.4:
            projection["controller"] = {
                "action_code": {"balanced": "A0", "raise chlorine": "C1", "close pool": "X9"}[label]
            }
        rows.append({"id": f"p{i}", "expected": label, "label_set": LABELS, "projection": projection})
    return rows


def _sanitized(tmp_path: Path, rows: list[dict]) -> tuple[bytes, bytes]:
    src = tmp_path / "pool.jsonl"
    src.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    out = tmp_path / "pool.sanitized.jsonl"
    sanitize_flow(SanitizeRequest(dataset=src, output=out, mine=True, derive_from=INPUT))
    return src.read_bytes(), out.read_bytes()


def test_a_rider_the_input_tells_is_not_cut(tmp_path: Path) -> None:
    before, after = _sanitized(tmp_path, _rows())
    assert after == before


def test_a_code_beside_it_is_still_cut(tmp_path: Path) -> None:
    rows = _rows(code=True)
    _before, after = _sanitized(tmp_path, rows)
    out = [json.loads(line) for line in after.decode().splitlines()]
    coded = [o for o in out if "controller" in o["projection"]]
    assert coded and all(o["projection"]["controller"]["action_code"] in ("", None) for o in coded)
    assert [o["projection"]["visual"] for o in out] == [r["projection"]["visual"] for r in rows]
