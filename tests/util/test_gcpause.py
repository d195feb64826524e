"""paused_gc(): the cyclic collector off while the CLI starts, then back as it was (issue 28)."""

from __future__ import annotations

import gc
import subprocess
import sys
from collections.abc import Iterator

import pytest
from tests.conftest import REPO

from windtunnel._util.gcpause import paused_gc


@pytest.fixture
def gc_restored() -> Iterator[None]:
    was = gc.isenabled()
    yield
    (gc.enable if was else gc.disable)()


def test_the_collector_is_off_inside_and_back_after(gc_restored: None) -> None:
    gc.enable()
    with paused_gc():
        assert not gc.isenabled()
        with paused_gc():
            assert not gc.isenabled()
        assert not gc.isenabled()  # an inner pause does not switch it back on early
    assert gc.isenabled()


def test_an_error_in_the_block_still_restores_it(gc_restored: None) -> None:
    gc.enable()
    with pytest.raises(KeyError), paused_gc():
        raise KeyError("x")
    assert gc.isenabled()


def test_a_collector_that_was_off_stays_off(gc_restored: None) -> None:
    gc.disable()
    with paused_gc():
        pass
    assert not gc.isenabled()


def test_validate_called_in_process_leaves_the_collector_as_it_was() -> None:
    """An embedding program (or a test) calling main(argv) goes on after the command: only the process that is the
    command (argv None) keeps the collector off until it exits."""
    code = (
        "import gc\nfrom windtunnel.cli.entry import main\n"
        "try:\n    main(['validate', '-c', 'examples/support_agent/windtunnel.yaml', '--no-import'])\n"
        "except SystemExit as ex:\n    assert not ex.code, ex.code\n"
        "print(gc.isenabled())\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "True"


def test_the_validate_process_keeps_the_collector_off_and_out_of_its_exit() -> None:
    """The process that is the command (argv None) ends with it: the collector stays off, and the objects are frozen
    out of the exit's collections once the exit handlers registered after the command's start have run."""
    code = (
        "import atexit, gc, sys\n"
        "atexit.register(lambda: print('frozen at exit:', gc.get_freeze_count() > 0))  # runs last (LIFO)\n"
        "sys.argv = ['windtunnel', 'validate', '-c', 'examples/support_agent/windtunnel.yaml', '--no-import']\n"
        "from windtunnel.cli.entry import main\n"
        "try:\n    main()\nexcept SystemExit as ex:\n    print('exit', ex.code, 'collector on:', gc.isenabled())\n"
        "    raise\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-2:] == ["exit 0 collector on: False", "frozen at exit: True"]
