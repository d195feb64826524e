"""The ``windtunnel`` command. Sub-command modules register themselves on :data:`app`."""

from __future__ import annotations

import sys

import typer

from windtunnel._util.errors import ExitCode
from windtunnel.cli._guard import guarded

app = typer.Typer(
    name="windtunnel",
    help="Put AI agents and their evals under controlled stress and measure them honestly.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # plain click help: rich's help renderer doubles start-up time
    epilog="Exit codes: 0 passed, 1 checks failed or score below --min-score, 2 usage or config error, "
    "3 agent unreachable or harness error, 130 interrupted. Docs: README.md and docs/.",
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version_callback(value: bool) -> None:
    if value:
        from windtunnel import __version__

        typer.echo(f"windtunnel {__version__}")
        raise typer.Exit(0)


@app.callback()
def _root(
    ctx: typer.Context,
    version: bool = typer.Option(
        False, "--version", callback=_version_callback, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """windtunnel: chaos, contracts and replay for AI agents; a leakage auditor for their evals.

    Exit codes: 0 passed, 1 checks failed or score below threshold, 2 usage or config error,
    3 agent unreachable or harness error, 130 interrupted.
    """
    if ctx.invoked_subcommand not in ("run", "contract", "ci"):  # those hold Ctrl-C (_util/signals.py)
        from windtunnel._util.signals import command_started

        command_started()


COMMAND_MODULES = (
    "config_cmd",
    "run_cmd",
    "invariants_cmd",
    "judge_cmd",
    "mutate_cmd",
    "chaos_cmd",
    "mcp_cmd",
    "report_cmd",
    "runs_cmd",
    "merge_cmd",
    "leak_cmd",
    "contract_cmd",
    "ci_cmd",
    "explore_cmd",
    "replay_cmd",
    "verify_cmd",
    "view_cmd",
)


def _register_commands() -> None:
    # Each module adds its commands to `app` at import; modules keep heavy imports inside functions.
    import importlib

    for name in COMMAND_MODULES:
        importlib.import_module(f"windtunnel.cli.{name}")


_register_commands()


def main(argv: list[str] | None = None) -> None:
    """Run the typer app and map errors to exit codes (the console script enters at cli/entry.py)."""
    from windtunnel._util.signals import interrupt_before_start

    with interrupt_before_start():  # until a command's body runs, Ctrl-C says so (typer would exit silently)
        result = guarded(lambda: _invoke(argv))
    sys.exit(result if isinstance(result, int) else 0)


def _invoke(argv: list[str] | None) -> object:
    try:
        # without standalone mode, click returns the code of a `typer.Exit` instead of raising it
        return app(args=argv, standalone_mode=False)
    except typer.Exit as ex:
        sys.exit(ex.exit_code)
    except typer.Abort:
        sys.stderr.write("aborted\n")
        sys.exit(int(ExitCode.INTERRUPTED))
    except Exception as err:  # click usage errors and friends
        if _is_click_exception(err):
            err.show()  # type: ignore[attr-defined]
            sys.exit(int(ExitCode.USAGE))
        raise


def _click_exception_classes() -> tuple[type[BaseException], ...]:
    """The `ClickException` classes typer may raise: its vendored click (typer >= 0.29) and the real one.

    Both can be importable at once (the real click arrives with uvicorn, flask, ray ...), and typer raises
    only its own, so the error must be checked against every one that exists, never the first found.
    """
    import importlib

    classes: list[type[BaseException]] = []
    for name in ("typer._click.exceptions", "click.exceptions"):
        try:
            classes.append(importlib.import_module(name).ClickException)
        except (ImportError, AttributeError):
            continue
    return tuple(classes)


def _is_click_exception(err: BaseException) -> bool:
    return isinstance(err, _click_exception_classes())
