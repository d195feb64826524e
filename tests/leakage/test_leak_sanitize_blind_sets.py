"""A list's members taken together, read by the blind agent, are cut by the sanitizer where they sit.

Invented shape: a building inspection ends ``pass``, ``conditional`` or ``fail``, read from the inspector's checklist
(the named input). After the decision a notifier copies the result to a set of offices: ``owner`` and ``permits`` on
a pass, ``zoning`` as well on a conditional pass, ``permits`` and ``zoning`` on a fail (on nearly a third of the
records a set drawn apart from the result). No office rides with one result, and the sets are too noisy for mining's
stricter test; the ``blind`` agent reads each list's members together (:func:`~candidates.candidates`,
with ``--derive-from``) and passes far above chance. Before the sanitizer read sets as the agent does, its cut of
what the agent reads (:func:`~windtunnel.leakage.shortcuts.shortcut_findings`) looked for a set in one leaf at a
time, found it nowhere, cut nothing, and the sanitized file leaked as the raw one did (session 31, a twin of session
30's sealed regression: blind baseline after sanitize 9/9 → 8/9).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from windtunnel.flows.leak import Fields, SanitizeRequest, sanitize_flow
from windtunnel.flows.leak_evidence import BaselineRequest, baseline_flow
from windtunnel.leakage.model import LeakItem
from windtunnel.leakage.shortcuts import shortcut_findings

LABELS = ["pass", "conditional", "fail"]
SETS = {"pass": ["owner", "permits"], "conditional": ["owner", "permits", "zoning"], "fail": ["permits", "zoning"]}
DERIVE = ["/checklist"]


def _records(n: int = 150, seed: int = 1) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = LABELS[i % 3]
        offices = SETS[label] if rng.random() < 0.7 else SETS[rng.choice(LABELS)]
        out.append(
            {
                "id": f"insp-{i:03d}",
                "expected": [label],
                "label_set": LABELS,
                "projection": {
                    "checklist": {"egress_m": round(rng.uniform(0.5, 3.0), 2), "alarm": rng.choice(["wired", "none"])},
                    "site": f"LOT-{rng.randint(100, 999)}",
                    "copied_to": [
                        {"office": o, "at": f"2025-04-{rng.randint(10, 28)}T0{rng.randint(0, 9)}:00Z"}
                        for o in rng.sample(offices, len(offices))
                    ],
                },
            }
        )
    return out


def _blind(path: Path) -> dict[str, Any]:
    out = baseline_flow(BaselineRequest(simulate="blind", dataset=path, fields=Fields(), derive_from=DERIVE))
    return {"exit": int(out.exit_code), **out.summary["baseline"]}


def test_a_set_the_blind_agent_reads_is_cut_and_the_sanitized_twin_is_at_chance(tmp_path: Path) -> None:
    recs = _records()
    raw, clean = tmp_path / "insp.jsonl", tmp_path / "insp.clean.jsonl"
    raw.write_text("".join(json.dumps(r) + "\n" for r in recs), encoding="utf-8")
    assert _blind(raw)["exit"] == 1
    out = sanitize_flow(SanitizeRequest(dataset=raw, output=clean, mine=True, derive_from=DERIVE))
    assert out.summary["blind_shortcuts"]["fields"] == ["/copied_to/*/office"]
    after = _blind(clean)
    assert after["verdict"] == "at-chance" and after["exit"] == 0
    done = [json.loads(line) for line in clean.read_text(encoding="utf-8").splitlines()]
    for r, d in zip(recs, done, strict=True):
        assert d["projection"]["checklist"] == r["projection"]["checklist"]  # the task's input is never cut
        assert [c["at"] for c in d["projection"]["copied_to"]] == [c["at"] for c in r["projection"]["copied_to"]]
        # every set rides with a result, so every holder is cut, whatever its label; the office every result's set
        # holds (``permits``) is held alike and kept, as any value every label holds alike
        assert {c["office"] for c in d["projection"]["copied_to"]} <= {"", "permits"}


def test_a_set_is_found_at_its_members_only() -> None:
    it = LeakItem.from_mapping(
        {
            "id": "x",
            "expected": "fail",
            "projection": {
                "checklist": {"offices": ["permits", "zoning"]},
                "copied_to": [{"office": "zoning", "at": "2025-04-11"}, {"office": "permits", "at": "2025-04-12"}],
                "cc": ["permits", "zoning", "owner"],
            },
        }
    )
    found = shortcut_findings(it, {("value", "/copied_to/*/office", "[permits, zoning]")}, derive_from=DERIVE)
    assert sorted(f.pointer for f in found) == ["/copied_to/0/office", "/copied_to/1/office"]
    assert all(f.span is None and f.rule == "correlated.blind" for f in found)
    # another set at the same template, or the same members at another list, is not this one
    assert not shortcut_findings(it, {("value", "/copied_to/*/office", "[permits]")}, derive_from=DERIVE)
    assert not shortcut_findings(it, {("value", "/cc/*", "[permits, zoning]")}, derive_from=DERIVE)
    # the named input's lists are never read, so never cut
    assert not shortcut_findings(it, {("value", "/checklist/offices/*", "[permits, zoning]")}, derive_from=DERIVE)
