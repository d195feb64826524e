"""The public Python API as docs/api.md documents it: the options of each function, and `dir(windtunnel)`."""

from __future__ import annotations

import dataclasses
import re

import pytest

import windtunnel
from tests.conftest import REPO
from windtunnel.flows.ci import CiRequest
from windtunnel.flows.contract import ContractRequest
from windtunnel.flows.replay import ReplayRequest
from windtunnel.flows.run import RunRequest

REQUESTS = {"run": RunRequest, "run_contract": ContractRequest, "replay": ReplayRequest, "ci": CiRequest}


def _documented(fn: str) -> set[str]:
    text = (REPO / "docs" / "api.md").read_text(encoding="utf-8")
    (row,) = [line for line in text.splitlines() if line.startswith(f"| `{fn}(config, **options)`")]
    return set(re.findall(r"`(\w+)`", row.split("|")[3]))


@pytest.mark.parametrize("fn", list(REQUESTS))
def test_the_options_table_lists_every_accepted_option(fn: str) -> None:
    accepted = {f.name for f in dataclasses.fields(REQUESTS[fn])} - {"loaded", "config"}
    assert _documented(fn) == accepted


def test_dir_shows_only_the_public_api() -> None:
    assert dir(windtunnel) == sorted(windtunnel.__all__)
    for name in windtunnel.__all__:
        assert getattr(windtunnel, name) is not None


def test_the_documented_exit_code_print_is_what_python_prints() -> None:
    from windtunnel.errors import ExitCode

    text = (REPO / "docs" / "api.md").read_text(encoding="utf-8")
    assert f"# failed 85.7 {ExitCode.FAILED}" in text
