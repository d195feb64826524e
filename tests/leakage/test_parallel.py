"""``leakage.parallel``: the multi-process scan yields exactly what the serial scan yields."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.clirun import wt as run_cli
from tests.conftest import eventually, sigint_default
from windtunnel.leakage import parallel
from windtunnel.leakage.dataset import DatasetError, FieldMap, iter_items
from windtunnel.leakage.model import ItemAudit
from windtunnel.leakage.parallel import ScanWorkerError, iter_audits, plan_jobs
from windtunnel.leakage.scan import audit_item

from .corpus import clean_items, leaky_items

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="counts worker processes through /proc")

CHUNK = 8 * 1024  # a few hundred KB then spans dozens of ranges


def rows(n: int) -> Iterator[dict[str, Any]]:
    """Leaky and clean corpus items in turn; some without an id, some whose id is a small number."""
    pool = [it for _, it in leaky_items()] + list(clean_items())
    for i in range(n):
        item = dict(pool[(i * 7) % len(pool)])
        if i % 5 == 0:
            del item["id"]  # the id becomes the item's position in the file
        elif i % 11 == 0:
            item["id"] = str(i % 13 + 1)  # an id that can equal a position inside a range
        else:
            item["id"] = f"{item['id']}#{i}"
        yield item


def write_dataset(path: Path, n: int, *, trailing_newline: bool = False) -> Path:
    lines: list[str] = []
    for i, item in enumerate(rows(n)):
        lines.append(json.dumps(item, ensure_ascii=False))
        if i % 17 == 0:
            lines.append("")  # blank lines keep their number
        if i % 29 == 0:
            lines.append("   \t")
    path.write_text("\n".join(lines) + ("\n" if trailing_newline else ""), encoding="utf-8")
    return path


def serial(path: Path, fmap: FieldMap | None = None, decode: bool = True) -> list[ItemAudit]:
    """The reference: the serial path the CLI used before the parallel scan existed."""
    return [audit_item(m.item, decode=decode) for m in iter_items(path, fmap)]


def children_of(pid: int) -> set[int]:
    """Live child processes of ``pid`` (Linux ``/proc``)."""
    out: set[int] = set()
    try:
        for task in Path(f"/proc/{pid}/task").iterdir():
            out.update(int(p) for p in (task / "children").read_text().split())
    except OSError:
        pass
    return out


@pytest.fixture
def new_children() -> Iterator[Any]:
    """Children of this process started during the test; none may be left when it ends."""
    before = children_of(os.getpid())

    def started() -> set[int]:
        return children_of(os.getpid()) - before

    yield started
    assert not started(), "worker processes were left behind"


@pytest.fixture(scope="module")
def dataset(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_dataset(tmp_path_factory.mktemp("par") / "items.jsonl", 600)


@pytest.fixture(scope="module")
def reference(dataset: Path) -> list[ItemAudit]:
    return serial(dataset)


@pytest.mark.parametrize("decode", [True, False], ids=["decode", "no-decode"])
def test_parity_with_serial_on_many_ranges(
    dataset: Path, reference: list[ItemAudit], decode: bool, new_children: Any
) -> None:
    expected = reference if decode else serial(dataset, decode=False)
    got = list(iter_audits(dataset, decode=decode, jobs=2, chunk_bytes=CHUNK))
    assert got == expected
    # the comparison covers what it claims to cover
    assert len(list(parallel._ranges(dataset, dataset.stat().st_size, CHUNK))) > 20
    assert {a.item for a in expected} >= {"1", "6", "596"}  # positional ids far from the first range
    assert expected[-1].line == len(dataset.read_text().splitlines()) > len(expected)  # blank lines counted
    assert any(a.leaked for a in expected) and any(not a.findings for a in expected)
    if decode:
        assert any(f.view.startswith("decoded") for a in expected for f in a.findings)
    assert not new_children()


def test_every_id_positional_and_last_line_without_newline(tmp_path: Path, new_children: Any) -> None:
    path = write_dataset(tmp_path / "d.jsonl", 200)
    assert not path.read_bytes().endswith(b"\n")
    fmap = FieldMap(id_field="uid")  # no record has it
    expected = serial(path, fmap)
    got = list(iter_audits(path, fmap, jobs=3, chunk_bytes=2048))
    assert got == expected
    assert [a.item for a in got] == [str(i + 1) for i in range(200)]
    assert all(f.item == a.item for a in got for f in a.findings)


def test_an_own_id_equal_to_the_position_in_the_range_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "d.jsonl"
    recs = [{"id": 1, "expected": "High", "projection": "x"}, {"expected": "High", "projection": "High"}]
    path.write_text("".join(json.dumps(r) + "\n" for r in recs))
    chunk = parallel._audit_range(path, 0, path.stat().st_size, FieldMap(), True)
    assert [row[0] for row in chunk.rows] == ["1", None]  # None: the parent numbers it from its position
    assert chunk.rows[1][2] and chunk.lines == 2 and chunk.failure is None
    shifted = parallel._audits(chunk, line_base=10, index_base=40)
    assert [(a.item, a.line) for a in shifted] == [("1", 11), ("42", 12)]
    assert {f.item for f in shifted[1].findings} == {"42"}


def _until_error(audits: Iterator[ItemAudit]) -> tuple[list[ItemAudit], str]:
    seen: list[ItemAudit] = []
    with pytest.raises(DatasetError) as info:
        for a in audits:
            seen.append(a)
    return seen, str(info.value)


@pytest.mark.parametrize(
    "bad",
    [
        '{"id": "x", "expected": "High", "projection": {"a": 1}',  # truncated JSON
        '{"id": "x", "projection": {"a": 1}}',  # no expected answer
        '{"expected": {"nested": true}, "projection": {}}',  # the message names the item's index
        "[1, 2]",
    ],
    ids=["bad-json", "no-expected", "bad-expected-type", "not-an-object"],
)
def test_dataset_error_surfaces_at_its_absolute_line(tmp_path: Path, bad: str, new_children: Any) -> None:
    # 120 records in 1.5 KB ranges: the bad line is 30-odd ranges after the first, as deep as the 257th line of 300
    # records in 4 KB ranges was, at under half the audits (those before the error, made serially and in parallel)
    good = write_dataset(tmp_path / "good.jsonl", 120, trailing_newline=True).read_text().splitlines()
    at = 113  # a line deep in the file, many ranges after the first
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join([*good[: at - 1], bad, *good[at - 1 :]]) + "\n", encoding="utf-8")
    assert len(list(parallel._ranges(path, len("\n".join(good[: at - 1]).encode()), 1536))) > 30
    want_audits, want_msg = _until_error(_serial_lazy(path))
    got_audits, got_msg = _until_error(iter_audits(path, jobs=2, chunk_bytes=1536))
    assert got_msg == want_msg
    assert f"line {at}" in want_msg or f":{at}:" in want_msg
    assert got_audits == want_audits and len(want_audits) > 100
    assert not new_children()


def _serial_lazy(path: Path) -> Iterator[ItemAudit]:
    for m in iter_items(path):
        yield audit_item(m.item)


def test_jobs_1_and_small_files_use_the_serial_path(
    dataset: Path, reference: list[ItemAudit], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_workers(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a worker process was started")

    monkeypatch.setattr(parallel, "_start", no_workers)
    assert list(iter_audits(dataset, jobs=1)) == reference
    assert list(iter_audits(dataset)) == reference  # auto: below AUTO_MIN_BYTES
    array = tmp_path / "items.json"
    array.write_text(json.dumps(list(rows(30))))
    assert list(iter_audits(array, jobs=4)) == serial(array)  # a JSON array is parsed whole
    with pytest.raises(DatasetError, match="no such file"):
        list(iter_audits(tmp_path / "missing.jsonl", jobs=4))


def test_plan_jobs(tmp_path: Path) -> None:
    big = tmp_path / "big.jsonl"
    with big.open("wb") as fh:
        fh.truncate(parallel.AUTO_MIN_BYTES)  # sparse: only the size matters for the plan
    assert plan_jobs(big, None) == parallel.auto_jobs() == min(os.cpu_count() or 1, 8)
    assert plan_jobs(big, 1) == 1
    assert plan_jobs(big, 3) == 3
    small = tmp_path / "small.jsonl"
    small.write_bytes(b"{}\n" * 10)
    assert plan_jobs(small, None) == 1
    assert plan_jobs(small, 4) == 1  # one range: no point in a worker
    with pytest.raises(ValueError, match="at least 1"):
        plan_jobs(small, 0)


def test_closing_early_or_dropping_the_iterator_stops_the_workers(
    dataset: Path, reference: list[ItemAudit], new_children: Any
) -> None:
    audits = iter_audits(dataset, jobs=2, chunk_bytes=CHUNK)
    assert next(audits) == reference[0]
    assert len(new_children()) == 2
    audits.close()  # type: ignore[attr-defined]
    assert not new_children()
    audits = iter_audits(dataset, jobs=2, chunk_bytes=CHUNK)
    next(audits)
    del audits  # garbage collection closes the generator
    assert not new_children()


def test_a_dead_worker_is_an_error_not_a_short_report(dataset: Path, new_children: Any) -> None:
    audits = iter_audits(dataset, jobs=2, chunk_bytes=CHUNK)
    next(audits)
    os.kill(min(new_children()), signal.SIGKILL)
    with pytest.raises(ScanWorkerError, match=r"stopped .* the scan is incomplete"):
        list(audits)
    assert not new_children()


@pytest.fixture(scope="module")
def cli_dataset(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """300 records (~180 KB): three ranges of the 64 KB the CLI cuts, so one of the two workers audits two ranges
    and the results of both interleave, as in any larger file (the 600 of ``dataset`` were six ranges and twice the
    work of each of the CLI's runs; the many-range merge itself is proved on ``dataset`` by the parity tests)."""
    path = write_dataset(tmp_path_factory.mktemp("cli") / "items.jsonl", 300)
    assert len(list(parallel._ranges(path, path.stat().st_size, parallel.chunk_size(path.stat().st_size, 2)))) == 3
    return path


@pytest.mark.parametrize("fmt", ["json", "sarif"])
def test_cli_scan_output_is_identical_for_any_jobs(
    cli_dataset: Path, tmp_path: Path, fmt: str, new_children: Any
) -> None:
    dataset = cli_dataset
    one, two = tmp_path / f"one.{fmt}", tmp_path / f"two.{fmt}"
    assert run_cli("leak", "scan", str(dataset), "-f", fmt, "-o", str(one), "-j", "1") == 1
    assert run_cli("leak", "scan", str(dataset), "-f", fmt, "-o", str(two), "--jobs", "2") == 1
    assert one.read_bytes() == two.read_bytes()
    assert parallel.plan_jobs(dataset, 2) == 2  # the second run really used two workers
    assert not new_children()


def test_cli_check_with_jobs(tmp_path: Path, capsys: pytest.CaptureFixture[str], new_children: Any) -> None:
    small = write_dataset(tmp_path / "small.jsonl", 120)  # two ranges of 64 KB, the smallest the CLI cuts
    assert plan_jobs(small, 2) == 2
    args = ("leak", "check", "--raw", str(small), "--sanitized", str(small), "--id-field", "uid")
    code1 = run_cli(*args, "-j", "1")
    out1 = capsys.readouterr().out
    code2 = run_cli(*args, "-j", "2")
    assert (code2, capsys.readouterr().out) == (code1, out1)
    assert code1 == 1 and "does not leak" in out1 and "still leaks" in out1
    # ids repeat in this file: the duplicate is reported at the same two lines either way
    args = ("leak", "check", "--raw", str(small), "--sanitized", str(small))
    assert run_cli(*args, "-j", "1") == 2
    err1 = capsys.readouterr().err
    assert run_cli(*args, "-j", "2") == 2
    assert capsys.readouterr().err == err1 and "duplicate item id" in err1
    assert not new_children()


def test_cli_jobs_is_for_datasets(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    report = tmp_path / "r.json"
    report.write_text("{}")
    assert run_cli("leak", "scan", "--from-report", str(report), "-j", "2") == 2
    assert "--jobs applies to a DATASET" in capsys.readouterr().err
    assert run_cli("leak", "scan", str(report), "-j", "0") == 2


def test_cli_dead_worker_is_exit_3(
    dataset: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(*args: Any, **kwargs: Any) -> Iterator[ItemAudit]:
        yield from ()
        raise ScanWorkerError("a scan worker (pid 1) stopped (exit code -9) while auditing bytes 0-10")

    monkeypatch.setattr(parallel, "iter_audits", broken)
    assert run_cli("leak", "scan", str(dataset), "-j", "2") == 3
    err = capsys.readouterr().err
    assert "exit code -9" in err and "--jobs 1" in err


def test_help_states_the_auto_threshold() -> None:
    from windtunnel.cli import leak_cmd

    assert f"{parallel.AUTO_MIN_BYTES // 2**20} MB" in (leak_cmd._JOBS.help or "")


@pytest.mark.parametrize("how", ["ctrl-c", "sigterm"])
def test_ctrl_c_exits_130_without_worker_tracebacks_or_leftovers(tmp_path: Path, how: str) -> None:
    part = write_dataset(tmp_path / "part.jsonl", 40, trailing_newline=True)
    path = tmp_path / "big.jsonl"
    path.write_bytes(part.read_bytes() * 150)  # ~4 MB: seconds of work for two workers
    exe = Path(sys.executable).with_name("windtunnel")
    # --no-mine --no-agreement: the dataset-level passes run in the parent before any worker starts (~6 s of CPU
    # here) and are not what is interrupted; the interrupt lands on the two workers' scan as before
    argv = ["leak", "scan", str(path), "-j", "2", "--no-mine", "--no-agreement", "-f", "json"]
    proc = subprocess.Popen(
        [str(exe), *argv, "-o", str(tmp_path / "r.json")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,  # its own process group, as a terminal would run it
        preexec_fn=sigint_default,  # a suite run as a background job would hand it SIGINT ignored
    )
    workers: set[int] = set()
    deadline = time.monotonic() + 60
    while len(workers) < 2 and proc.poll() is None and time.monotonic() < deadline:
        workers = children_of(proc.pid)
        time.sleep(0.01)
    assert len(workers) == 2, "the scan never started its two workers"
    if how == "ctrl-c":
        os.killpg(proc.pid, signal.SIGINT)  # what Ctrl-C does: the whole foreground group
    else:
        os.kill(proc.pid, signal.SIGTERM)  # what `kill PID`, `timeout` and CI runners do: the main process only
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err.decode()
    assert b"Traceback" not in err and b"Error" not in err
    # what was audited is kept: a valid JSON report, marked partial, and a line saying so
    assert b"interrupted after" in err and b"r.json" in err
    partial = json.loads((tmp_path / "r.json").read_bytes())
    assert partial["summary"]["interrupted"] is True
    assert partial["summary"]["items"] == len(partial["items"])
    assert eventually(lambda: not any(Path(f"/proc/{pid}").exists() for pid in workers))


def test_workers_apply_strict_and_context_words(tmp_path: Path, new_children: Any) -> None:
    # The mention-policy options travel with the field map to the worker processes.
    path = tmp_path / "m.jsonl"
    body = {"b": "customer impact high; the high CPU alert fired"}
    path.write_text(
        "".join(
            json.dumps({"id": f"i{i}", "expected": "High", "label_set": ["Low", "High"], "projection": body}) + "\n"
            for i in range(40)
        )
    )
    for fmap in (FieldMap(strict=True), FieldMap(context_words=["impact"])):
        got = list(iter_audits(path, fmap, jobs=2, chunk_bytes=1024))
        assert got == serial(path, fmap)
        assert all(a.leaked for a in got)
    assert not any(a.leaked for a in iter_audits(path, FieldMap(), jobs=2, chunk_bytes=1024))


def test_a_worker_whose_parent_stops_before_sending_anything_leaves_quietly() -> None:
    # Ctrl-C right after the workers start: the parent closes the pipes before sending the import path
    # (a race seen under load: the worker printed an EOFError traceback and exited 1).
    from windtunnel.leakage import parallel

    w = parallel._spawn()
    w.tasks.close()
    assert w.proc.wait(timeout=30) == 0
    w.results.close()
