"""Every command's error handling: a :class:`WindtunnelError` printed with its hint and mapped to its exit code.

Shared by the lean ``validate`` path (:mod:`windtunnel.cli.entry`) and the typer app (:mod:`windtunnel.cli.app`),
so both print and exit the same way.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import TypeVar

from windtunnel._util.errors import ExitCode, UsageError, WindtunnelError
from windtunnel.cli._plain import print_error

T = TypeVar("T")


def guarded(call: Callable[[], T]) -> T:
    """Run ``call()`` and turn how it failed into what every command prints and the documented exit code.

    A :class:`WindtunnelError` prints its message and hint and exits with its own code; a closed stdout (``| head``)
    exits 1 silently; an ``OSError`` on a path the user gave (an ``-o`` that is a directory, a read-only store) is a
    usage error (2) naming the path; Ctrl-C exits 130. Anything else is a bug and keeps its traceback.
    """
    try:
        return call()
    except WindtunnelError as err:
        print_error(err)
        sys.exit(int(err.exit_code))
    except BrokenPipeError:  # the reader of stdout went away (`| head`): nothing to say, exit as click does
        _silence_stdout()
        sys.exit(int(ExitCode.FAILED))
    except OSError as err:  # a path the user gave cannot be used (an -o that is a file, a read-only dir ...)
        where = f" {err.filename!r}" if err.filename else ""
        print_error(
            UsageError(
                f"cannot use{where}: {err.strerror or err}",
                hint="check the paths given with -o/--output, --store and -c",
            )
        )
        sys.exit(int(ExitCode.USAGE))
    except KeyboardInterrupt:
        sys.stderr.write("interrupted\n")
        sys.exit(int(ExitCode.INTERRUPTED))


def _silence_stdout() -> None:
    """Point stdout at the null device, so the interpreter's final flush of a closed pipe stays quiet.

    Without this, ``windtunnel ... | head`` would print a second ``BrokenPipeError`` when Python flushes
    stdout at exit, after the command already stopped cleanly. The file descriptor itself is replaced, so
    the flush of any buffer still pointing at it succeeds; if that fails too there is nothing better to do.
    """
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass
