"""Choosing the executor: advanced.executor / --executor / --ray-address, and the errors around them."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.clirun import wt
from windtunnel.config.model import Config
from windtunnel.engine.placement import apply_placement, load_executor
from windtunnel.engine.remote import session_executor
from windtunnel.engine.session import RunSession


def _cfg(**advanced: object) -> Config:
    return Config.model_validate({"agent": {"type": "python", "endpoint": "m:f"}, "advanced": advanced})


def test_local_is_the_default_and_ray_is_chosen_by_config_or_flags() -> None:
    assert session_executor(RunSession(_cfg(), [])) is None
    load_executor("ray")  # what apply_placement does for a run that asks for Ray
    from windtunnel.engine.ray_executor import RayExecutor

    ex = session_executor(RunSession(_cfg(executor="ray", ray={"num_actors": 3}), []))
    assert isinstance(ex, RayExecutor) and ex.cfg.num_actors == 3
    cfg = _cfg()
    apply_placement(cfg, None, "ray://head:10001")  # an address alone means Ray
    assert cfg.advanced.executor == "ray" and cfg.advanced.ray.address == "ray://head:10001"
    apply_placement(cfg, "local", None)
    assert cfg.advanced.executor == "local"


def test_unknown_executors_are_usage_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cfg = tmp_path / "c.yaml"
    cfg.write_text("agent: {type: python, endpoint: 'm:f'}\ngolden_prompts: [a]\nadvanced: {executor: dask}\n")
    assert wt("run", "-c", str(cfg), "-q", "--no-store") == 2
    assert "executor" in capsys.readouterr().err
    cfg.write_text("agent: {type: python, endpoint: 'm:f'}\ngolden_prompts: [a]\n")
    assert wt("run", "-c", str(cfg), "-q", "--no-store", "--executor", "dask") == 2
    assert "one of local, ray" in capsys.readouterr().err


def test_ray_missing_says_how_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # as if the ray extra were not installed
    (tmp_path / "wt_ok_agent.py").write_text("def handle(p):\n    return p\n")
    cfg = tmp_path / "c.yaml"
    cfg.write_text("agent: {type: python, endpoint: 'wt_ok_agent:handle'}\ngolden_prompts: [a]\nadvanced: {seed: 1}\n")
    monkeypatch.chdir(tmp_path)
    assert wt("run", "-c", str(cfg), "-q", "--no-store", "--executor", "ray") == 2
    assert "pip install 'windtunnel[ray]'" in capsys.readouterr().err


def test_contract_sessions_go_to_ray_and_only_what_cannot_ship_stays_local() -> None:
    """A contract session (its state detection a Prelude) runs on Ray; a prebuilt agent object or a bare
    prelude function (the Python API) cannot be sent to the actors: local, with the notice."""
    from windtunnel.contracts.run import StateProbe
    from windtunnel.engine.ray_executor import RayExecutor
    from windtunnel.engine.remote import LOCAL_FALLBACK, Prelude

    contract = RunSession(_cfg(executor="ray"), [], prelude=Prelude(StateProbe(["hi"]), lambda found: None))
    assert isinstance(session_executor(contract), RayExecutor)
    assert not contract.warnings

    async def prelude(agent: object) -> None:
        pass

    bare = RunSession(_cfg(executor="ray"), [], prelude=prelude)
    assert session_executor(bare) is None
    assert bare.warnings == [LOCAL_FALLBACK]
    prebuilt = RunSession(_cfg(executor="ray"), [], agent=object())  # type: ignore[arg-type]
    assert session_executor(prebuilt) is None
    assert prebuilt.warnings == [LOCAL_FALLBACK]


def test_a_prelude_runs_its_probe_then_applies_it_locally() -> None:
    import anyio

    from windtunnel.engine.remote import Prelude

    seen: list[object] = []

    async def probe(agent: object) -> str:
        return f"probed {agent}"

    anyio.run(Prelude(probe, seen.append), "agent")
    assert seen == ["probed agent"]


def test_a_ray_executor_handed_a_prebuilt_agent_is_a_usage_error() -> None:
    import anyio

    from windtunnel._util.errors import UsageError
    from windtunnel.engine.ray_executor import RayExecutor

    session = RunSession(_cfg(), [], agent=object(), executor=RayExecutor())  # type: ignore[arg-type]
    with pytest.raises(UsageError, match="prebuilt agent object"):
        anyio.run(session.run, [])
