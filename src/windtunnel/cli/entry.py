"""The console-script entry point (``windtunnel``): a lean path for ``validate``, typer for the rest.

``windtunnel validate [-c PATH] [--no-import]`` is what a pre-commit hook or an editor runs on every
save, so it skips the command framework (typer and click, ~50 ms of start-up): :func:`main` reads
exactly those options itself and runs the same body (:mod:`windtunnel.cli._validate`) with the same
messages and exit codes. Any other argument list, including ``--help`` and every malformed one, goes
to the typer app (:mod:`windtunnel.cli.app`), which owns usage errors.
"""

from __future__ import annotations

import _signal  # the C module: `signal` imports enum (~6 ms) before a handler could be in place
import os
import sys


def _interrupted_at_start(signum: int, frame: object) -> None:
    """SIGINT while the CLI is still importing: say that nothing ran or was stored, and exit 130 at once (``os._exit``:
    no interpreter state is safe to unwind mid-import).
    """
    os.write(2, b"interrupted before any cell ran (the command had not started): nothing was stored\n")
    os._exit(130)


def _is_the_command() -> bool:
    """Whether this process is the ``windtunnel`` command (console script or ``python -m windtunnel``).

    Only then is the early SIGINT handler installed: a program that imports windtunnel as a library, or a
    test runner, keeps its own Ctrl-C handling. Decided from ``__main__``'s file name (``.exe`` dropped, for
    Windows) or its module spec.
    """
    main = sys.modules.get("__main__")
    spec = getattr(main, "__spec__", None)
    name = os.path.basename(str(getattr(main, "__file__", "") or "")).removesuffix(".exe")
    return name == "windtunnel" or getattr(spec, "name", "") == "windtunnel.__main__"


# Ctrl-C while Python imports the CLI (before main() installs its handling) exits 130 with one line, not a
# KeyboardInterrupt traceback and the signal's status: installed before any other import, in the command only.
if _is_the_command() and _signal.getsignal(_signal.SIGINT) is _signal.default_int_handler:
    _signal.signal(_signal.SIGINT, _interrupted_at_start)

import signal  # noqa: E402
from collections.abc import Sequence  # noqa: E402
from pathlib import Path  # noqa: E402

from windtunnel._util.gcpause import off_until_exit, paused_gc  # noqa: E402
from windtunnel._util.signals import hold_until_exit, interrupt_before_start  # noqa: E402
from windtunnel.cli._guard import guarded  # noqa: E402


def main(argv: list[str] | None = None) -> None:
    """Run ``windtunnel`` with ``argv`` (default: the process arguments) and exit with its code.

    The two function-local imports are the point of this module: the typer app is imported only for what is not
    the lean ``validate``, and the config layer only for ``validate``, so ``--help`` pays for neither pydantic
    nor the YAML reader and ``validate`` pays for neither typer nor click. Called with ``argv`` (tests, an embedding
    program) it does not keep Ctrl-C held until the process exits (:func:`~windtunnel._util.signals.hold_until_exit`):
    the caller's process goes on after the command."""
    if signal.getsignal(signal.SIGINT) is _interrupted_at_start:  # hand over: what comes after restores the default
        signal.signal(signal.SIGINT, signal.default_int_handler)
    with interrupt_before_start():  # a Ctrl-C while the CLI imports says so (QA-5)
        if argv is None:  # the process is this command (console script, python -m)
            hold_until_exit()
        lean = lean_validate_args(sys.argv[1:] if argv is None else argv)
        if lean is None:
            with paused_gc():  # start-up (_util/gcpause.py); the command module's import pauses it again (cli/_lazy.py)
                # typer and click cost ~50 ms: only what is not the lean `validate` pays for them
                from windtunnel.cli.app import main as typer_main

            typer_main(argv)
            return
        if argv is None:  # the process ends with this command (_util/gcpause.py)
            off_until_exit()
        with paused_gc():  # the lean `validate` is start-up work from end to end (_util/gcpause.py)
            # the config layer (pydantic, yaml) only for `validate`: `--help` goes to typer without it
            from windtunnel.cli._validate import validate_config

            config, no_import = lean
            guarded(lambda: validate_config(config, no_import=no_import))
        sys.exit(0)


def lean_validate_args(args: Sequence[str]) -> tuple[Path | None, bool] | None:
    """``(config, no_import)`` when ``args`` is ``validate`` with options the lean path reads exactly as
    click would, else None (the typer app handles it).

    Deliberately narrow: only ``-c PATH``, ``--config PATH``, ``--config=PATH`` and ``--no-import``. Anything else —
    ``--help``, an unknown option, a missing value, a value starting with ``-`` — returns None, so click produces
    the help or the usage error (exit 2) with its own wording; the lean path never has to imitate click's errors."""
    if not args or args[0] != "validate":
        return None
    config: Path | None = None
    no_import = False
    rest = list(args[1:])
    while rest:
        arg = rest.pop(0)
        if arg == "--no-import":
            no_import = True
        elif arg in ("-c", "--config") and rest and rest[0] and not rest[0].startswith("-"):
            config = Path(rest.pop(0))
        elif arg.startswith("--config=") and len(arg) > len("--config=") and arg[9] != "-":
            config = Path(arg[len("--config=") :])
        else:
            return None
    return config, no_import
