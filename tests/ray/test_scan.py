"""`leak scan|check --executor ray` on a real local Ray: the report is byte-identical to the serial scan's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.clirun import wt
from tests.leakage.test_parallel import serial, write_dataset
from windtunnel.leakage.dataset import DatasetError
from windtunnel.leakage.ray_scan import iter_audits_ray

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("fmt", ["json", "sarif"])
def test_leak_scan_on_ray_is_byte_identical(local_ray: Any, tmp_path: Path, fmt: str) -> None:
    # 500 records (~300 KB): five ranges of the 64 KB the scan cuts on two CPUs, more ranges than CPUs, so a
    # task's result waits for an earlier range's as in any larger file (1,500 records were fifteen ranges and
    # three times the audits, proving no more)
    dataset = write_dataset(tmp_path / "d.jsonl", 500)
    assert dataset.stat().st_size > 4 * 64 * 1024
    one, on_ray = tmp_path / f"serial.{fmt}", tmp_path / f"ray.{fmt}"
    assert wt("leak", "scan", str(dataset), "-f", fmt, "-o", str(one), "-j", "1") == 1
    assert wt("leak", "scan", str(dataset), "-f", fmt, "-o", str(on_ray), "--executor", "ray") == 1
    assert on_ray.read_bytes() == one.read_bytes()


def test_many_small_ranges_give_the_serial_audits(local_ray: Any, tmp_path: Path) -> None:
    # 200 records in 1.5 KB ranges: 67 ranges (800 in 4 KB were 109), dozens either way, at a quarter of the audits
    dataset = write_dataset(tmp_path / "d.jsonl", 200, trailing_newline=True)
    got = list(iter_audits_ray(dataset, chunk_bytes=1536))  # dozens of ranges, ids and lines rebased
    assert got == serial(dataset)


def test_a_broken_record_raises_the_serial_error(local_ray: Any, tmp_path: Path) -> None:
    # 160 records in 1.5 KB ranges: the broken line is 46 ranges in (the 451st of 600 records in 4 KB ranges was 56)
    dataset = write_dataset(tmp_path / "d.jsonl", 160)
    lines = dataset.read_text().splitlines()
    lines[150] = '{"id": "broken", '
    dataset.write_text("\n".join(lines))
    with pytest.raises(DatasetError) as serial_err:
        serial(dataset)
    with pytest.raises(DatasetError) as ray_err:
        list(iter_audits_ray(dataset, chunk_bytes=1536))
    assert str(ray_err.value) == str(serial_err.value)


def test_leak_check_on_ray(local_ray: Any, tmp_path: Path) -> None:
    dataset = write_dataset(tmp_path / "d.jsonl", 300)
    code_local = wt("leak", "check", "--raw", str(dataset), "--sanitized", str(dataset))
    assert wt("leak", "check", "--raw", str(dataset), "--sanitized", str(dataset), "--executor", "ray") == code_local


def test_jobs_with_ray_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    dataset = write_dataset(tmp_path / "d.jsonl", 10)
    assert wt("leak", "scan", str(dataset), "--executor", "ray", "-j", "2") == 2
    assert "--jobs" in capsys.readouterr().err
    assert wt("leak", "scan", str(dataset), "--executor", "dask") == 2
