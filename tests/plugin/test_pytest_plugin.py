"""The pytest plugin on a sample user project: tests pass and fail as the agent deserves."""

from __future__ import annotations

import importlib
import importlib.metadata
import sys

import pytest

from windtunnel.reports.base import REPORTERS

BOT = """
def good(prompt):
    return "Happy to help with your order."


def bad(prompt):
    return "I cannot help with that." if "refund" in prompt.lower() else "Happy to help with your order."
"""

CONFIG = """
agent:
  type: python
  endpoint: "support_bot:{fn}"
mutations:
  count: 1
  types: [noise]
golden_prompts:
  - "Where is my order?"
  - "I want a refund for my order"
invariants:
  - type: contains
    value: "order"
"""

TESTS = """
import pytest


@pytest.mark.windtunnel(config="good.yaml", seed=1)
def test_good_agent():
    pass


@pytest.mark.windtunnel("bad.yaml", seed=1)
def test_bad_agent(windtunnel):
    assert windtunnel.outcome.mode == "run"


@pytest.mark.windtunnel("bad.yaml", seed=1, min_score=40)
def test_bad_agent_above_a_low_bar():
    pass


def test_in_process_agent(windtunnel_agent):
    def agent(prompt):
        return "Your order: " + prompt

    outcome = windtunnel_agent(agent, golden_prompts=["where is my order?"],
                               invariants=[{"type": "contains", "value": "order"}], seed=1)
    assert outcome.passed and outcome.summary["cells_total"] > 1


def test_in_process_agent_that_fails(windtunnel_agent):
    windtunnel_agent(lambda prompt: "no", golden_prompts=["where is my order?"],
                     invariants=[{"type": "contains", "value": "order"}], seed=1)


def test_the_fixture_runs_a_config(windtunnel):
    outcome = windtunnel.run("good.yaml", seed=2, mutations=False)
    windtunnel.check(outcome)
    assert outcome.report_path.exists()
"""


@pytest.fixture(scope="module", autouse=True)
def _installed_plugins_imported() -> None:
    """The in-process runs below load every installed pytest plugin, as the user's pytest would; pytester drops the
    modules a run imported when it ends, so a plugin module this suite's own run does not load (langsmith's: ~220
    modules imported and assertion-rewritten, ~1.5 CPU-s) was imported again by every run. Imported once here, each
    run loads and registers the same plugins, from modules already imported."""
    for ep in importlib.metadata.entry_points(group="pytest11"):
        importlib.import_module(ep.module)


@pytest.fixture
def project(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makepyfile(support_bot=BOT)
    (pytester.path / "good.yaml").write_text(CONFIG.format(fn="good"), encoding="utf-8")
    (pytester.path / "bad.yaml").write_text(CONFIG.format(fn="bad"), encoding="utf-8")
    return pytester


def test_a_sample_project_passes_and_fails_as_its_agents_deserve(project: pytest.Pytester) -> None:
    project.makepyfile(test_bot=TESTS)
    result = project.runpytest("-p", "no:cacheprovider", "-rf")
    result.assert_outcomes(passed=4, failed=2)
    out = result.stdout.str()
    assert "FAILED test_bot.py::test_bad_agent" in out
    assert "FAILED test_bot.py::test_in_process_agent_that_fails" in out
    assert "windtunnel run of bad.yaml: failed" in out
    assert "failing cells (" in out and "reproduce: windtunnel run -c " in out and "--cell g1" in out
    assert "report: " in out and "windtunnel-run-0.json" in out


def test_k_and_x_select_and_stop_as_for_any_test(project: pytest.Pytester) -> None:
    project.makepyfile(test_bot=TESTS)
    selected = project.runpytest("-p", "no:cacheprovider", "-k", "good_agent")
    selected.assert_outcomes(passed=1, deselected=5)
    stopped = project.runpytest("-p", "no:cacheprovider", "-x")
    stopped.assert_outcomes(passed=1, failed=1)


def test_an_unknown_marker_option_is_a_usage_error_at_collection(project: pytest.Pytester) -> None:
    project.makepyfile(
        test_typo="""
import pytest

@pytest.mark.windtunnel(config="good.yaml", min_scor=90)
def test_typo():
    pass
"""
    )
    result = project.runpytest("-p", "no:cacheprovider")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(
        [
            "*test_typo.py::test_typo: @pytest.mark.windtunnel got an unknown option 'min_scor' "
            "(did you mean 'min_score'?)*"
        ]
    )


def test_a_broken_config_fails_the_test_with_the_reason(project: pytest.Pytester) -> None:
    (project.path / "broken.yaml").write_text("agent:\n  type: pythn\n", encoding="utf-8")
    project.makepyfile(
        test_broken="""
import pytest

@pytest.mark.windtunnel("broken.yaml")
def test_broken():
    pass
"""
    )
    result = project.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["windtunnel run could not run: *broken.yaml: invalid configuration (1 problem)"])
    result.stdout.fnmatch_lines(["*unknown agent type 'pythn' at agent (did you mean 'python'?)*"])
    assert "During handling" not in result.stdout.str()


@pytest.mark.slow
def test_xdist_workers_run_marked_tests_each_with_their_own_store(project: pytest.Pytester) -> None:
    project.makepyfile(test_bot=TESTS)
    # two third-party plugins the sample project does not use cost ~1.9 s of CPU in each of the three processes
    quiet = ("-p", "no:langsmith_plugin", "-p", "no:hypothesispytest")
    result = project.runpytest_subprocess("-p", "no:cacheprovider", *quiet, "-n", "2")
    result.assert_outcomes(passed=4, failed=2)
    assert "reproduce: windtunnel run -c " in result.stdout.str()


def test_the_body_runs_first_and_its_own_failure_is_reported(project: pytest.Pytester) -> None:
    project.makepyfile(
        test_body="""
import pytest

RAN = []


@pytest.mark.windtunnel("good.yaml", seed=1)
def test_body_fails(windtunnel):
    RAN.append(windtunnel.outcome.status)
    assert windtunnel.outcome.summary["cells_total"] == -1


def test_the_marked_body_ran():
    assert RAN == ["passed"]
"""
    )
    result = project.runpytest("-p", "no:cacheprovider", "-p", "no:randomly")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["*assert * == -1*"])
    assert "windtunnel run of good.yaml" not in result.stdout.str()


def test_a_fixture_run_that_cannot_plan_fails_with_windtunnels_message(project: pytest.Pytester) -> None:
    project.makepyfile(
        test_cells="""
def test_unknown_cells(windtunnel):
    windtunnel.run("good.yaml", cells=["g0", "g1"], seed=3)
"""
    )
    result = project.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["windtunnel run could not run: no cell with id g0, g1 in this plan*"])
    assert "plan.py" not in result.stdout.str()


def _doc_files() -> dict[str, str]:
    """The code blocks of docs/pytest.md's "complete example", keyed by the file named in their first line."""
    import re

    from tests.conftest import REPO

    text = (REPO / "docs" / "pytest.md").read_text(encoding="utf-8")
    example = text.split("## A complete example", 1)[1].split("\n## ", 1)[0]
    files = {}
    for block in re.findall(r"```(?:python|yaml)\n(.*?)```", example, flags=re.S):
        first, _, _ = block.partition("\n")
        files[first.lstrip("# ").strip()] = block
    return files


def test_the_documented_complete_example_passes_as_written(pytester: pytest.Pytester) -> None:
    files = _doc_files()
    assert set(files) == {"support_bot.py", "tests/windtunnel.yaml", "tests/test_agent.py"}
    for name, body in files.items():
        (pytester.path / name).parent.mkdir(parents=True, exist_ok=True)
        (pytester.path / name).write_text(body, encoding="utf-8")
    result = pytester.runpytest("-p", "no:cacheprovider", "-W", "error", "tests")
    result.assert_outcomes(passed=4)
    assert "never run" not in result.stdout.str()


def test_a_plugin_module_an_inner_run_imports_stays_imported_with_its_registration(pytester: pytest.Pytester) -> None:
    """An in-process run that first imports a module registering a plugin (into ``REPORTERS``, held by this process
    since collection) leaves it imported: importing it again is not a second registration (tests/conftest.py)."""
    pytester.makepyfile(test_imports="import windtunnel.reports.terminal\n\n\ndef test_imported():\n    pass\n")
    pytester.runpytest("-p", "no:cacheprovider").assert_outcomes(passed=1)
    assert "windtunnel.reports.terminal" in sys.modules
    assert "terminal" in REPORTERS
    importlib.import_module("windtunnel.reports.terminal")
