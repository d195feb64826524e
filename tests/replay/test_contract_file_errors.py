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
