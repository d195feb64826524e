"""A session's contract file with mistakes: each one named with its line and the closest valid key."""

from __future__ import annotations

from pathlib import Path

import pytest

from windtunnel._util.errors import ConfigError
from windtunnel.replay.contract import _load_contract_file


@pytest.mark.parametrize("nested", [True, False])
def test_contract_file_errors_name_line_and_key(tmp_path: Path, nested: bool) -> None:
    body = "name: x\ninvariants:\n  - type: contains\n    value: hi\n    severty: high\n  - type: nonexistent_inv\n"
    if nested:
        body = "contract:\n" + "".join(f"  {line}\n" for line in body.splitlines())
    path = tmp_path / "contract.yaml"
    path.write_text(body)
    with pytest.raises(ConfigError) as exc:
        _load_contract_file(path)
    msg = str(exc.value)
    shift = 1 if nested else 0
    assert f"line {5 + shift}: unknown key 'severty'" in msg and "did you mean 'severity'" in msg
    assert f"line {6 + shift}: unknown invariant type 'nonexistent_inv'" in msg
    assert str(path) in msg


@pytest.mark.parametrize("invariants", [True, False])
def test_a_session_without_contract_against_a_config_with_run_invariants_says_whom_they_judge(
    tmp_path: Path, invariants: bool
) -> None:
    """Session 22 follow-up: `replay record` then `replay run -c` on a config with `invariants:` and no `contract:`
    said the config "has no `contract:` with invariants", though its invariants are right there: they judge only the
    sessions exported from a run's cells, and now the error says so."""
    from windtunnel.config.load import parse_config
    from windtunnel.replay.contract import resolve_contract

    body = "agent: {type: python, endpoint: 'a:b'}\ngolden_prompts: [hi]\n"
    cfg = parse_config(body + ("invariants: [{type: contains, value: paid}]\n" if invariants else ""), "w.yaml")
    with pytest.raises(ConfigError) as exc:
        resolve_contract(None, cfg, session_path=tmp_path / "rec.yaml", where="rec.yaml")
    said = "its `invariants:` judge only the sessions windtunnel made of the agent's calls: `replay export` of a run"
    assert (said in str(exc.value)) is invariants, str(exc.value)
    assert "has no `contract:` with invariants" in str(exc.value)
