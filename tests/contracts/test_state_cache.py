"""The state detector's verdict is reused only for the same agent: same config block, same local code."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

from windtunnel.config.agent import HttpAgentConfig, PythonAgentConfig
from windtunnel.contracts.isolation import CACHE_TTL_S, StateCache, StateVerdict, agent_identity


def test_identity_follows_the_config_and_the_code(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    module = tmp_path / "cache_probe_agent.py"
    module.write_text("def agent(prompt):\n    return 'ok'\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.modules.pop("cache_probe_agent", None)
    cfg = PythonAgentConfig(endpoint="cache_probe_agent:agent")
    first = agent_identity(cfg)
    assert agent_identity(cfg) == first
    assert agent_identity(cfg.model_copy(update={"timeout": 999})) != first
    module.write_text("def agent(prompt):\n    return 'changed'\n")
    assert agent_identity(cfg) != first  # the code changed: detect again


def test_identity_of_a_launched_agent_follows_its_files(tmp_path: Path) -> None:
    script = tmp_path / "serve.py"
    script.write_text("print('v1')\n")
    cfg = HttpAgentConfig(endpoint="http://127.0.0.1:9/chat", command=f"python {script}")
    first = agent_identity(cfg)
    script.write_text("print('v2')\n")
    assert agent_identity(cfg) != first


def test_cache_round_trip_prompts_and_expiry(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cache = StateCache(tmp_path / "state-cache.json")
    verdict = StateVerdict(stateful=True, evidence=["recall probe"], calls=20, noise_floor=1.0, noise_spread=0.0)
    prompts = ["Where is my order?", "Hello"]
    assert cache.get("id", prompts) is None
    cache.put("id", prompts, verdict)
    assert cache.get("id", prompts) == verdict
    assert cache.get("other", prompts) is None
    assert cache.get("id", ["Something else"]) is None  # the detector probed other prompts
    now = time.time()
    monkeypatch.setattr(time, "time", lambda: now + CACHE_TTL_S + 1)
    assert cache.get("id", prompts) is None  # too old: a remote agent may have changed
    (tmp_path / "state-cache.json").write_text("not json")
    assert StateCache(tmp_path / "state-cache.json").get("id", prompts) is None  # a broken cache is no cache
