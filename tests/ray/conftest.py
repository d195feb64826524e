"""One real local Ray for the Ray tests of this package (2 CPUs, no dashboard, logs in a temporary dir)."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from typing import Any

import pytest


@pytest.fixture(scope="package")
def local_ray() -> Iterator[Any]:
    import ray

    temp = tempfile.mkdtemp(prefix="wtray")  # short: Ray's socket paths live under it
    try:
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, _temp_dir=temp)
    except Exception as err:  # the only reason to skip: Ray cannot start on this machine
        shutil.rmtree(temp, ignore_errors=True)
        pytest.skip(f"a local Ray cannot start here: {type(err).__name__}: {err}")
    yield ray
    ray.shutdown()
    shutil.rmtree(temp, ignore_errors=True)


RAY_TIMEOUT = 600
"""Seconds a Ray test may take: starting a local Ray and its actors on two busy cores took over the suite's 120 s
(session 46's CI beside two benchmark streams: ``test_explore``'s two searches, local and on Ray)."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test of this package gets :data:`RAY_TIMEOUT` unless it sets its own."""
    for item in items:
        if "tests/ray/" in item.nodeid and item.get_closest_marker("timeout") is None:
            item.add_marker(pytest.mark.timeout(RAY_TIMEOUT))
