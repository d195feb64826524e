"""Every command's error handling: a :class:`WindtunnelError` printed with its hint and mapped to its exit code.

Shared by the lean ``validate`` path (:mod:`windtunnel.cli.entry`) and the typer app (:mod:`windtunnel.cli.app`),
so both print and exit the same way.
"""

from __future__ import annotations

import sys
import traceback
from collections.abc import Callable
from typing import TypeVar

from windtunnel._util.errors import ExitCode, UsageError, WindtunnelError
from windtunnel.cli._pipes import readers_may_leave, to_null_device
from windtunnel.cli._plain import print_error

T = TypeVar("T")


def guarded(call: Callable[[], T]) -> T:
    """Run ``call()`` and turn how it failed into what every command prints and the documented exit code.

    A :class:`WindtunnelError` prints its message and hint and exits with its own code; a reader of stdout or stderr
    that goes away (``| head``) stops the printing, not the command (:func:`~windtunnel.cli._pipes.readers_may_leave`),
    which ends with its own code; an ``OSError`` on a path the user gave (an ``-o`` that is a directory, a read-only
    store) is a usage error (2) naming the path; Ctrl-C exits 130. Anything else is a bug in windtunnel: its traceback
    is printed for the report, then one line saying so, and the command exits 3 (windtunnel could not run), never 1 —
    a CI job must not read a crash as "checks failed" or "the dataset leaks".
    """
    with readers_may_leave():  # what the guard prints below too: an error after `| head` must not end in a traceback
        return _mapped(call)


def _mapped(call: Callable[[], T]) -> T:
    """:func:`guarded`'s mapping of how ``call()`` failed to what is printed and the exit code."""
    try:
        return call()
    except WindtunnelError as err:
        print_error(err)
        sys.exit(int(err.exit_code))
    except BrokenPipeError:  # a write that bypassed the standard streams met a closed pipe: the command stopped there
        to_null_device(sys.stdout)
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
    except Exception as err:  # a bug: the traceback for the report, the exit code CI reads as "could not run"
        traceback.print_exc()
        sys.stderr.write(
            f"windtunnel stopped on an internal error ({type(err).__name__}): this is a bug in windtunnel, not in your "
            f"input or agent; please report it with the traceback above (exit {int(ExitCode.HARNESS)})\n"
        )
        sys.exit(int(ExitCode.HARNESS))
