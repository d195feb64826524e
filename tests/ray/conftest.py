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
