"""``windtunnel explore``: finds a planted two-fault defect, shrinks it to the planted schedule, saves it
where ``run`` / ``contract run`` replay it, and finds nothing in a robust agent."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from tests.clirun import wt
from tests.explore import planted
from tests.explore.conftest import write_config
from windtunnel.chaos.schedule import parse_schedule
from windtunnel.chaos.search import Input, Mode, Observation, shrink_candidates
from windtunnel.contracts.found import load_found
from windtunnel.flows.explore import ExploreRequest, explore_flow

PLANTED = ["tool:lookup call 1 timeout", "tool:lookup call 2 empty"]
CONTRACT = """contract:
  name: support
  invariants:
    - type: completes
      severity: critical
  chaos_matrix:
    - name: notes-down
      tool_faults: [{tool: notes, mode: error}]
"""


def _explore(config: Path, **kw: object) -> object:
    return explore_flow(ExploreRequest(config=config, persist=False, **kw))  # type: ignore[arg-type]


def test_explore_finds_the_planted_two_fault_defect_and_shrinks_it_to_the_planted_schedule(tmp_path: Path) -> None:
    config = write_config(tmp_path)
    outcome = _explore(config, budget=60, seed=5, found_dir=tmp_path / "found")
    assert outcome.exit_code == 1
    result = outcome.detail
    [failure] = result.failures
    assert failure.status == "minimal" and failure.reproduced == failure.reruns == 3
    assert failure.schedule.labels() == PLANTED
    assert failure.found_at <= 60
    explore = outcome.report["explore"]
    assert explore["failures"][0]["calls"][:2] == [
        "tool lookup: timeout: tool 'lookup' timed out [timeout]",
        "tool lookup: ok [empty]",
    ]
    assert "IndexError" in explore["failures"][0]["went_wrong"]
    [cell] = outcome.report["cells"]
    assert parse_schedule(cell["schedule"]).labels() == PLANTED  # the report holds the minimal schedule


def test_the_search_is_the_same_for_a_seed_whatever_the_concurrency(tmp_path: Path) -> None:
    config = write_config(tmp_path)
    one = _explore(config, budget=40, seed=9, concurrency=1, save=False).report["explore"]
    four = _explore(config, budget=40, seed=9, concurrency=4, save=False).report["explore"]
    assert one == four


def test_a_robust_agent_yields_no_failure(tmp_path: Path) -> None:
    config = write_config(tmp_path, endpoint="robust")
    outcome = _explore(config, budget=80, seed=5, found_dir=tmp_path / "found")
    assert outcome.exit_code == 0 and outcome.passed
    assert outcome.detail.failures == [] and outcome.detail.calls == 80
    assert not (tmp_path / "found").exists()


def test_a_saved_failure_fails_run_and_contract_run_until_the_agent_is_fixed(tmp_path: Path) -> None:
    config = write_config(tmp_path, extra=CONTRACT)
    assert wt("explore", "-c", str(config), "--budget", "60", "--seed", "5", "-q") == 1
    [found] = load_found(_found_dir())
    assert found.scenario.description is not None and "tool:lookup call 1 timeout" in found.scenario.description
    report = tmp_path / "contract.json"
    assert wt("contract", "run", "-c", str(config), "--seed", "1", "-o", str(report)) == 1
    rows = json.loads(report.read_text())["cells"]
    assert rows[0]["scenario"] == found.name and rows[0]["status"] == "error"
    assert wt("run", "-c", str(config), "--seed", "1", "--no-mutations") == 1
    assert wt("contract", "run", "-c", str(config), "--seed", "1", "--no-found") == 0  # the matrix alone passes
    planted.FIXED["on"] = True  # the agent is fixed: the saved failure passes
    assert wt("contract", "run", "-c", str(config), "--seed", "1") == 0
    assert wt("run", "-c", str(config), "--seed", "1", "--no-mutations") == 0


def test_a_saved_failure_is_replayed_only_for_the_config_and_agent_it_was_found_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """QA-11 major 1: another config sharing the store (no tools, no llm: it cannot inject the saved faults) runs as if
    nothing were saved, with one notice; `score` takes --no-found too."""
    config = write_config(tmp_path, extra=CONTRACT)
    assert wt("explore", "-c", str(config), "--budget", "60", "--seed", "5", "-q") == 1
    [found] = load_found(_found_dir())
    assert found.config == str(config)
    assert found.agent == {"type": "python", "endpoint": "tests.explore.planted:fragile"}
    other = tmp_path / "other.yaml"
    other.write_text(
        'version: "2.0"\nagent: {type: python, endpoint: "tests.explore.planted:robust"}\n'
        'golden_prompts: ["Where is my order?"]\ninvariants: [{type: output_not_empty}]\n'
        "contract:\n  name: c\n  invariants: [{type: completes, severity: critical}]\n"
        "  chaos_matrix: [{name: clean}]\n",
        encoding="utf-8",
    )
    capsys.readouterr()
    assert wt("run", "-c", str(other), "--seed", "1", "--no-mutations") == 0
    assert "found on another config or agent" in capsys.readouterr().err
    assert wt("score", "-c", str(other), "--seed", "1") == 0
    assert wt("contract", "run", "-c", str(other), "--seed", "1") == 0
    assert wt("ci", "-c", str(other), "--seed", "1", "-o", str(tmp_path / "ci")) == 0
    assert wt("score", "-c", str(config), "--seed", "1", "--no-found") == 0
    assert wt("score", "-c", str(config), "--seed", "1") == 1  # its own config still replays it
    data = yaml.safe_load(found.path.read_text(encoding="utf-8"))
    data["found"]["agent"]["endpoint"] = "tests.explore.planted:other"  # the same file, another agent: left out
    found.path.write_text(yaml.safe_dump(data), encoding="utf-8")
    assert wt("score", "-c", str(config), "--seed", "1") == 0


def _found_dir() -> Path:
    import os

    return Path(os.environ["WINDTUNNEL_STORE"]).parent / "found"


class _Flaky:
    calls = 0


def test_a_failure_that_does_not_reproduce_every_time_is_flaky_never_minimal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An agent that breaks under the planted schedule on every other call: shrinking keeps only schedules
    that failed, and the reruns measure 1 or 2 of 3, so it is reported flaky and not saved."""
    original = planted.fragile

    def flaky(prompt: str) -> str:
        _Flaky.calls += 1
        if _Flaky.calls % 2:
            planted.FIXED["on"] = True
            try:
                return original(prompt)
            finally:
                planted.FIXED["on"] = False
        return original(prompt)

    monkeypatch.setattr(planted, "flaky", flaky, raising=False)
    config = write_config(tmp_path, endpoint="flaky")
    # the seed decides whether the planted schedule first lands on a failing (even) agent call within the budget;
    # one call at a time, so which call is odd does not depend on how threads are scheduled on a loaded machine
    outcome = _explore(config, budget=80, seed=7, found_dir=tmp_path / "found", concurrency=1)
    assert outcome.exit_code == 1
    [failure] = outcome.detail.failures
    assert failure.status == "flaky" and 0 < failure.reproduced < failure.reruns
    assert outcome.report["explore"]["failures"][0]["status"] == "flaky"
    assert not (tmp_path / "found").exists()


def test_shrinking_candidates_come_from_the_registry_mildest_first() -> None:
    modes = {"tool:a": [Mode("empty", 1), Mode("rate_limit", 1), Mode("timeout", 1), Mode("error", 2)]}
    schedule = parse_schedule({"faults": [{"seam": "tool:a", "on_call": 1, "count": 2, "fault": {"mode": "error"}}]})
    steps = [step for step, _, _ in shrink_candidates(schedule, Input(0, 1), modes, {"tool:a": 3})]
    assert steps[0].startswith("drop")
    assert steps[1].startswith("shorten")
    assert steps[2].startswith("move")
    assert [s.rsplit(" ", 1)[-1] for s in steps[3:5]] == ["rate_limit", "timeout"]
    assert not any(s.endswith("-> empty") for s in steps)  # a failed call stays a failed call (the registry's outcome)
    assert steps[-1] == "golden prompt instead of its mutation"


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--budget", "0"], "--budget"),
        (["--strategy", "smart"], "--strategy"),
        (["--reruns", "0"], "--reruns"),
        (["-f", "pdf"], "pdf"),
    ],
    ids=["no-budget", "bad-strategy", "no-reruns", "bad-format"],
)
def test_bad_options_exit_2(tmp_path: Path, args: list[str], words: str, capsys: pytest.CaptureFixture[str]) -> None:
    config = write_config(tmp_path)
    assert wt("explore", "-c", str(config), *args) == 2
    assert words in capsys.readouterr().err


def test_an_agent_without_a_seam_is_a_config_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "windtunnel.yaml"
    path.write_text(
        'version: "2.0"\nagent:\n  type: python\n  endpoint: tests.explore.planted:model\ngolden_prompts: ["hi"]\n',
        encoding="utf-8",
    )
    assert wt("explore", "-c", str(path), "--budget", "5") == 2
    assert "no tool or model call" in capsys.readouterr().err


def test_ci_replays_a_saved_failure_in_its_first_phase_only(tmp_path: Path) -> None:
    config = write_config(tmp_path, extra=CONTRACT)
    assert wt("explore", "-c", str(config), "--budget", "60", "--seed", "5", "-q") == 1
    out = tmp_path / "ci"
    assert wt("ci", "-c", str(config), "--seed", "1", "-o", str(out)) == 1
    mutation = json.loads((out / "mutation.json").read_text())
    contract = json.loads((out / "contract.json").read_text())
    assert mutation["cells"][0]["id"].endswith("/replay") and mutation["cells"][0]["status"] == "error"
    assert "replaying 1 saved failure" in mutation["notices"][0]
    assert not any(c["scenario"].startswith("found-") for c in contract["cells"])
    assert wt("ci", "-c", str(config), "--seed", "1", "-o", str(tmp_path / "ci2"), "--no-found") == 0


def test_the_explore_report_is_a_valid_run_report(tmp_path: Path) -> None:
    import jsonschema

    from tests.conftest import REPO

    config = write_config(tmp_path)
    report = tmp_path / "explore.json"
    assert wt("explore", "-c", str(config), "--budget", "60", "--seed", "5", "--no-save", "-o", str(report)) == 1
    data = json.loads(report.read_text())
    schema = json.loads((REPO / "src" / "windtunnel" / "report" / "report.schema.json").read_text())
    jsonschema.validate(data, schema)
    shared = REPO.parent / "shared" / "schemas" / "report.schema.json"
    if shared.exists():
        jsonschema.validate(data, json.loads(shared.read_text()))
    assert data["run"]["command"] == "explore" and data["explore"]["failures"][0]["status"] == "minimal"
    assert data["summary"]["passed"] is False and data["cells"][0]["schedule"]["faults"]


def test_a_check_nearing_its_threshold_shows_new_features_step_by_step() -> None:
    from windtunnel.chaos.search import Observation, features

    def near(margin: float) -> set:
        obs = Observation(calls=[], status="passed", checks=[("latency", True)], margins=[("latency", margin)])
        return {f for f in features(obs) if f[0] == "near"}

    assert near(0.9) == set()  # far from the threshold: nothing to steer by
    assert near(0.4) and near(0.1) and near(0.4) != near(0.1) != near(-0.05)


def test_the_latency_check_reports_its_margin() -> None:
    from windtunnel.invariants.base import CheckContext, invariants

    latency = invariants.get("latency").model_validate({"type": "latency", "max_ms": 1000})
    result = latency.evaluate(CheckContext(output="ok", prompt="p", latency_ms=750.0))
    assert result.passed and result.margin == 0.25


def test_contract_run_checks_the_contract_under_a_schedule_file_alone(tmp_path: Path) -> None:
    config = write_config(tmp_path, extra=CONTRACT)
    file = tmp_path / "planted.yaml"
    file.write_text(
        "schedule:\n  name: planted\n  faults:\n"
        "  - {seam: 'tool:lookup', on_call: 1, fault: {mode: timeout}}\n"
        "  - {seam: 'tool:lookup', on_call: 2, fault: {mode: empty}}\n",
        encoding="utf-8",
    )
    report = tmp_path / "c.json"
    assert wt("contract", "run", "-c", str(config), "--seed", "1", "--schedule", str(file), "-o", str(report)) == 1
    assert {c["scenario"] for c in json.loads(report.read_text())["cells"]} == {"planted"}
    planted.FIXED["on"] = True
    assert wt("contract", "run", "-c", str(config), "--seed", "1", "--schedule", str(file)) == 0


def test_modes_come_from_the_registry_so_a_new_plug_in_is_searched_and_ordered_by_its_impact(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from typing import ClassVar, Literal

    from windtunnel.chaos.base import ANSWERED, ToolFaultSpec, ToolReply, mode_severity, tool_faults
    from windtunnel.chaos.search import seam_modes

    class Stale(ToolFaultSpec):
        """Answers with yesterday's reply (a plug-in fault of this test)."""

        mode: Literal["stale_reply"] = "stale_reply"
        impact: ClassVar[int | None] = 1
        outcome: ClassVar[str] = ANSWERED

        def replace(self, call: object, d: object) -> ToolReply:
            return ToolReply(body="yesterday")

    monkeypatch.setitem(tool_faults._items, "stale_reply", Stale)
    modes = seam_modes("tool:lookup")

    def builds(name: str) -> bool:
        try:
            tool_faults.get(name).model_validate({"mode": name, "tool": "lookup"})
        except ValueError:  # required parameters (wrong_data's patch): no default form to place
            return False
        return True

    expected = [n for n in tool_faults.names() if builds(n) and mode_severity(tool_faults.get(n)) > 0]
    assert [m.name for m in modes] == sorted(expected, key=lambda n: (mode_severity(tool_faults.get(n)), n))
    assert ("stale_reply", 1) in [(m.name, m.severity) for m in modes]  # its own impact, not "replaces: 2"
    schedule = parse_schedule({"faults": [{"seam": "tool:lookup", "on_call": 1, "fault": {"mode": "empty"}}]})
    milder = [step for step, _, _ in shrink_candidates(schedule, Input(0), {"tool:lookup": modes}, {})]
    assert "milder tool:lookup call 1 empty -> stale_reply" in milder
    error = schedule.faults[0].model_copy(update={"fault": {"mode": "error"}})
    failed = schedule.model_copy(update={"faults": [error]})
    steps = [step for step, _, _ in shrink_candidates(failed, Input(0), {"tool:lookup": modes}, {})]
    assert not any(step.endswith("-> stale_reply") for step in steps)  # its outcome is an answer, error's a failure


def test_an_interrupted_explore_reports_what_it_found_unshrunk_and_exits_130(tmp_path: Path) -> None:
    from windtunnel.flows.events import Notice

    def stop_at_first_failure(event: object) -> None:
        if isinstance(event, Notice) and event.text.startswith("failure found"):
            raise KeyboardInterrupt

    config = write_config(tmp_path)
    request = ExploreRequest(config=config, budget=60, seed=5, persist=False, found_dir=tmp_path / "found")
    outcome = explore_flow(request, stop_at_first_failure)
    assert outcome.exit_code == 130 and outcome.status == "interrupted"
    [failure] = outcome.report["explore"]["failures"]
    assert failure["status"] == "unshrunk" and failure["labels"] == PLANTED
    assert not (tmp_path / "found").exists()  # never saved: it was not shrunk nor rerun


def test_a_saved_failure_of_an_invariant_the_contract_lacks_still_fails_contract_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue #26: explore broke a run invariant (``contains``) that is not among the contract's; the saved
    failure carries it, so ``contract run`` checks it in the failure's scenario and fails."""
    extra = 'invariants:\n  - {type: contains, value: "order A-1"}\n' + CONTRACT
    config = write_config(tmp_path, endpoint="robust", extra=extra)
    assert wt("explore", "-c", str(config), "--budget", "20", "--seed", "5", "-q") == 1
    [found] = load_found(_found_dir())
    assert [inv.type for inv in found.invariants] == ["contains"]
    report = tmp_path / "contract.json"
    assert wt("contract", "run", "-c", str(config), "--seed", "1", "-o", str(report)) == 1
    cells = json.loads(report.read_text())["cells"]
    mine = [c for c in cells if c["scenario"] == found.name]
    assert mine and any(not k["passed"] and k["type"] == "contains" for c in mine for k in c["checks"]), mine
    assert all(c["status"] not in ("failed", "error") for c in cells if c["scenario"] != found.name)  # untouched
    # a file saved before the invariants were: the failure's check ids name them in the config
    data = yaml.safe_load(found.path.read_text(encoding="utf-8"))
    del data["found"]["invariants"]
    found.path.write_text(yaml.safe_dump(data), encoding="utf-8")
    [old] = load_found(_found_dir())
    assert old.invariants == [] and old.failure
    assert wt("contract", "run", "-c", str(config), "--seed", "1") == 1
    capsys.readouterr()
    file = tmp_path / "s.yaml"
    file.write_text("schedule:\n  name: s\n  faults:\n  - {seam: 'tool:notes', fault: {mode: error}}\n")
    assert wt("contract", "run", "-c", str(config), "--seed", "1", "--schedule", str(file)) == 0
    said = capsys.readouterr()
    assert "saved failure in" in (said.out + said.err).replace("\n", " ")  # not dropped silently


def test_an_explore_report_keeps_to_the_shared_schema_and_names_its_command(tmp_path: Path) -> None:
    """``run.mode`` is fixed by the users' report schema (it has no ``explore``): mode chaos, command explore."""
    import jsonschema

    config = write_config(tmp_path, endpoint="robust")
    report = tmp_path / "explore.json"
    assert wt("explore", "-c", str(config), "--budget", "12", "--seed", "5", "--no-save", "-q", "-o", str(report)) == 0
    doc = json.loads(report.read_text())
    schema = json.loads((Path(__file__).parents[1] / "reports" / "report.schema.json").read_text())
    jsonschema.validate(doc, schema)
    assert doc["run"]["mode"] == "chaos" and doc["run"]["command"] == "explore"


def test_an_interrupted_search_that_found_nothing_does_not_advise_a_larger_budget(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from windtunnel.cli.explore_cmd import _render

    seen = []

    def ctrl_c_soon(event: object) -> None:
        seen.append(event)
        if len(seen) == 4:
            raise KeyboardInterrupt

    config = write_config(tmp_path, endpoint="robust")
    outcome = explore_flow(ExploreRequest(config=config, budget=80, seed=5, persist=False, save=False), ctrl_c_soon)
    assert outcome.exit_code == 130
    capsys.readouterr()
    _render(outcome)
    out = " ".join(capsys.readouterr().out.split())
    assert "interrupted after" in out and "of 80 agent calls: no failure found so far" in out, out
    assert "larger --budget" not in out


def test_the_worked_example_in_the_docs_is_what_the_command_prints(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/explore.md shows the bundled support agent explored with seed 7: its summary line must not drift."""
    root = Path(__file__).resolve().parents[2]
    monkeypatch.chdir(root)
    config = "examples/support_agent/windtunnel.yaml"
    code = wt("explore", "-c", config, "--budget", "200", "--seed", "7", "--found-dir", str(tmp_path / "found"))
    assert code == 1
    printed = capsys.readouterr()
    summary = next(line for line in (printed.out + printed.err).splitlines() if line.startswith("explore (guided):"))
    docs = (root / "docs" / "explore.md").read_text(encoding="utf-8")
    assert summary in docs


def test_explore_finds_a_tool_that_must_stay_down_and_keeps_it_sustained(tmp_path: Path) -> None:
    # bursts of up to 3 calls are ridden out by the retries: only a fault from a call on, to the end, shows the defect
    config = write_config(tmp_path, endpoint="stubborn")
    outcome = _explore(config, budget=60, seed=5, found_dir=tmp_path / "found")
    assert outcome.exit_code == 1
    [failure] = outcome.detail.failures
    assert failure.status == "minimal" and failure.reproduced == failure.reruns == 3
    [label] = failure.schedule.labels()
    assert label.startswith("tool:lookup calls 1+ "), label
    [saved] = (tmp_path / "found").glob("*.yaml")
    [fault] = yaml.safe_load(saved.read_text(encoding="utf-8"))["scenario"]["tool_faults"]
    assert fault["tool"] == "lookup" and "on_call" not in fault and "count" not in fault  # every call


def test_shrinking_a_sustained_fault_tries_a_burst_then_a_later_start() -> None:
    modes = {"tool:a": [Mode("error", 2)]}
    schedule = parse_schedule({"faults": [{"seam": "tool:a", "from_call": 2, "fault": {"mode": "error"}}]})
    steps = {step: s for step, _, s in shrink_candidates(schedule, Input(0), modes, {"tool:a": 9})}
    assert list(steps) == [
        "drop tool:a calls 2+ error",
        "shorten tool:a calls 2+ error",
        "move tool:a calls 2+ error later",
    ]
    assert steps["shorten tool:a calls 2+ error"].labels() == ["tool:a call 2-4 error"]
    assert steps["move tool:a calls 2+ error later"].labels() == ["tool:a calls 3+ error"]


def test_shrinking_merges_a_chain_of_single_faults_into_the_fault_that_stays() -> None:
    # found call by call: calls 1 and 2 faulted one at a time, then every call from the third on
    modes = {"tool:a": [Mode("rate_limit", 2), Mode("error", 2)]}
    chain = [
        {"seam": "tool:a", "on_call": 1, "fault": {"mode": "error"}},
        {"seam": "tool:a", "on_call": 2, "fault": {"mode": "rate_limit"}},
        {"seam": "tool:a", "from_call": 3, "fault": {"mode": "rate_limit"}},
    ]
    schedule = parse_schedule({"faults": chain})
    merges = [(step, s.labels()) for step, _, s in shrink_candidates(schedule, Input(0), modes, {"tool:a": 9})]
    merges = [m for m in merges if m[0].startswith("merge")]
    assert merges == [
        (
            "merge tool:a call 1 error into tool:a call 1-2 rate_limit",
            ["tool:a call 1-2 rate_limit", "tool:a calls 3+ rate_limit"],
        ),
        (
            "merge tool:a call 1 error into tool:a call 1-2 error",
            ["tool:a call 1-2 error", "tool:a calls 3+ rate_limit"],
        ),
        (
            "merge tool:a call 2 rate_limit into tool:a calls 2+ rate_limit",
            ["tool:a call 1 error", "tool:a calls 2+ rate_limit"],
        ),
    ]


def test_a_hang_and_a_crash_that_break_the_same_checks_are_two_failures() -> None:
    broken = [("output_not_empty", False), ("latency", False)]
    hang = Observation(calls=[], status="error", error_kind="timeout", checks=broken)
    crash = Observation(calls=[], status="error", error_kind="agent_exception", checks=broken)
    assert hang.failure_signature() == ("latency", "output_not_empty", "error:timeout")
    assert hang.failure_signature() != crash.failure_signature()
    judged = Observation(calls=[], status="failed", checks=broken)
    assert judged.failure_signature() == ("latency", "output_not_empty")


def test_a_saved_failure_fails_run_contract_run_and_ci_whatever_the_min_score(tmp_path: Path) -> None:
    # QA-28 #9: one failing replay cell among many kept the score above --min-score, so the commands passed
    config = write_config(tmp_path, extra=CONTRACT)
    assert wt("explore", "-c", str(config), "--budget", "60", "--seed", "5", "-q") == 1
    gate = ("--seed", "1", "--min-score", "10")
    report = tmp_path / "run.json"
    assert wt("run", "-c", str(config), *gate, "--no-mutations", "-o", str(report)) == 1
    summary = json.loads(report.read_text())["summary"]
    assert summary["score"] >= 10 and any("saved failure" in r for r in summary["reasons"])
    assert wt("contract", "run", "-c", str(config), *gate) == 1
    out = tmp_path / "ci"
    assert wt("ci", "-c", str(config), *gate, "-o", str(out)) == 1
    ci = json.loads((out / "summary.json").read_text())["summary"]
    assert ci["score"] >= 10 and any("saved failure" in r for r in ci["reasons"])
    planted.FIXED["on"] = True  # the agent is fixed: the saved failure passes, and so does the gate
    assert wt("run", "-c", str(config), *gate, "--no-mutations") == 0
    assert wt("contract", "run", "-c", str(config), *gate) == 0
    assert wt("ci", "-c", str(config), *gate, "-o", str(tmp_path / "ci2")) == 0


def test_a_saved_failure_still_fails_the_merge_of_run_shards(tmp_path: Path) -> None:
    # review 28: the merge summarised the cells again and never saw the saved failure, so it passed
    config = write_config(tmp_path)
    assert wt("explore", "-c", str(config), "--budget", "60", "--seed", "5", "-q") == 1
    gate = ("--seed", "1", "--min-score", "10")
    codes = [
        wt("run", "-c", str(config), *gate, "--shard", f"{i}/2", "-o", str(tmp_path / f"s{i}.json")) for i in (1, 2)
    ]
    assert sorted(codes) == [0, 1]  # one shard holds the replay
    shard = json.loads((tmp_path / f"s{codes.index(1) + 1}.json").read_text())
    assert [c["id"] for c in shard["cells"] if c.get("saved_failure")]
    out = tmp_path / "merged.json"
    files = [str(tmp_path / "s1.json"), str(tmp_path / "s2.json")]
    assert wt("runs", "merge", *files, "--store", str(tmp_path / "m.db"), "-f", "json", "-o", str(out)) == 1
    summary = json.loads(out.read_text())["summary"]
    assert summary["passed"] is False and summary["score"] >= 10
    assert any("saved failure" in r for r in summary["reasons"]) and not summary.get("failed_on_score_only")


def test_a_saved_failure_still_fails_the_merge_of_ci_shards(tmp_path: Path) -> None:
    # review 28: the ci merge re-summarised the first phase, so the merged ci passed
    config = write_config(tmp_path)
    assert wt("explore", "-c", str(config), "--budget", "60", "--seed", "5", "-q") == 1
    gate = ("--seed", "1", "--min-score", "10", "-q")
    for i in (1, 2):
        wt("ci", "-c", str(config), *gate, "--shard", f"{i}/2", "-o", str(tmp_path / f"ci{i}"))
    out = tmp_path / "merged.json"
    files = [str(tmp_path / f"ci{i}" / "summary.json") for i in (1, 2)]
    assert wt("runs", "merge", *files, "--store", str(tmp_path / "m.db"), "-f", "json", "-o", str(out)) == 1
    summary = json.loads(out.read_text())["summary"]
    assert summary["passed"] is False and any("saved failure" in r for r in summary["reasons"])
