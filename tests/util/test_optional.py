"""optional_import: a late import that names the extra to install when the package is missing."""

from __future__ import annotations

import json

import pytest

from windtunnel._util.errors import ConfigError
from windtunnel._util.optional import optional_import


def test_an_installed_package_is_returned() -> None:
    assert optional_import("json", extra="anything") is json


def test_a_missing_package_names_the_extra_and_what_needs_it() -> None:
    with pytest.raises(ConfigError) as caught:
        optional_import("windtunnel_no_such_package.sub", extra="ray", purpose="--executor ray")
    message = str(caught.value)
    assert "--executor ray" in message and "'windtunnel_no_such_package'" in message
    assert caught.value.hint == "pip install 'windtunnel[ray]'"


def test_a_missing_hard_dependency_is_not_disguised_as_an_extra() -> None:
    with pytest.raises(ImportError):
        optional_import("windtunnel_no_such_package")
