"""The ``windtunnel`` command: the root group and :data:`COMMANDS`, the table of its sub-commands (cli/_lazy.py).

:data:`COMMANDS` is the one place a sub-command is registered: its name, the module that declares it and the first
paragraph of its help, which ``windtunnel --help`` prints without importing the module (a test checks that the
table's help matches each command's own). Adding a command is one module with a :func:`~windtunnel.cli._lazy.module_app`
and one line here.

:func:`main` is the typer side of the console script (the lean ``validate`` path in :mod:`~windtunnel.cli.entry` is
the other): it runs the app without click's standalone mode so that the exit codes are windtunnel's, not click's
— a usage error is 2 with its message and no traceback, an abort 130 — and wraps everything in the shared
:func:`~windtunnel.cli._guard.guarded`. Ctrl-C before a command's body starts says so instead of exiting silently.
"""

from __future__ import annotations

import importlib
import re
import sys

import typer

from windtunnel import __version__
from windtunnel._util.errors import ExitCode
from windtunnel._util.signals import command_started, interrupt_before_start
from windtunnel.cli._guard import guarded
from windtunnel.cli._lazy import Lazy, lazy_group

COMMANDS: dict[str, Lazy] = {
    # name: (module in windtunnel.cli that declares it, first paragraph of its help); `--help` lists this
    # table in this order without importing a module, and a command imports only its module.
    # tests/cli/test_lazy_commands.py checks the help against each module's command.
    "init": Lazy("config_cmd", "Write a commented starter config that runs against the bundled example agent."),
    "validate": Lazy(
        "config_cmd",
        "Check a config without calling the agent: everything run, ci, contract run and replay run would "
        "reject, listed at once (exit 2), and the warnings (python references are imported, not called: one that "
        "cannot be imported exits 3).",
    ),
    "run": Lazy("run_cmd", "Run golden prompts (and their mutations) against the agent and check the invariants."),
    "invariants": Lazy(
        "invariants_cmd", "List the invariant types usable under `invariants:` and `contract.invariants`."
    ),
    "mutate": Lazy(
        "mutate_cmd", "Print mutations of PROMPT; transport types print the request manipulation they perform."
    ),
    "mutations": Lazy(
        "mutate_cmd", "List the mutation types: name, level, default weight, where they apply, and what they do."
    ),
    "profiles": Lazy(
        "chaos_cmd", "List the built-in chaos profiles and what each injects (use with --chaos-profile NAME)."
    ),
    "faults": Lazy(
        "chaos_cmd",
        "List the fault modes usable under chaos.tool_faults / chaos.llm_faults: what each does, its impact "
        "(1 mildest .. 5 harshest) and its parameters.",
    ),
    "report": Lazy(
        "report_cmd", "Render a stored run or a JSON report file as HTML, JSON, JUnit XML, SARIF or Markdown."
    ),
    "schema": Lazy(
        "report_cmd",
        "Print the JSON schema of the run report (generated from the typed report models), or with --leak the leak"
        " audit report's (its required core).",
    ),
    "ci": Lazy("ci_cmd", "Run the mutation, chaos-only, contract and replay phases and gate on the weighted score."),
    "explore": Lazy(
        "explore_cmd",
        "Search fault schedules × prompt mutations for cells that break an invariant, guided by what each cell "
        "shows (new call sequences, exceptions, answers); shrink each failure to a minimal schedule, rerun it "
        "--reruns times (flaky unless it fails every time) and save it to found/ beside the run store, which `run`, "
        "`contract run` and `ci` replay first.",
    ),
    "verify": Lazy(
        "verify_cmd",
        "Check the setup without running any test: the config is valid, python references import, the agent "
        "answers (a launched `agent.command` is started and stopped), an in-process agent's own model (agent.llm's "
        "client, a framework agent's model clients) accepts a connection, and a configured `model:` endpoint answers.",
    ),
    "score": Lazy("verify_cmd", "Run golden prompts and mutations and print only the score (0-100), for scripts."),
    "view": Lazy(
        "view_cmd", "Browse stored runs in a local web viewer: runs, trends, a run, a cell's transcript, diffs."
    ),
    # `runs merge` is declared in merge_cmd, which completes runs_cmd's group
    "runs": Lazy("merge_cmd", "Stored runs: list them, show one, diff two, merge the shards of one run."),
    "judge": Lazy("judge_cmd", "The llm_judge invariant's judge model: calibrate it."),
    # `proxy mcp` is declared in mcp_cmd, which completes chaos_cmd's group
    "proxy": Lazy(
        "mcp_cmd",
        "Run a fault proxy on its own for an agent you start yourself, or print the environment (env) that "
        "starts it behind the proxies run / ci serve (see docs/chaos.md).",
    ),
    "leak": Lazy(
        "leak_cmd", "Audit eval datasets for ground-truth leakage: scan, sanitize, check, blind baseline, mine."
    ),
    "contract": Lazy(
        "contract_cmd", "Behavioral contracts: invariants that must hold in every chaos scenario of a matrix."
    ),
    "replay": Lazy(
        "replay_cmd",
        "Replay recorded sessions with their tool (and LLM) responses injected, judged by a contract.",
    ),
}


app = typer.Typer(
    cls=lazy_group(COMMANDS),
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
    """``--version``: print the version and exit 0 before any command runs."""
    if value:
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
        command_started()


def main(argv: list[str] | None = None) -> None:
    """Run the typer app and map errors to exit codes (the console script enters at cli/entry.py)."""
    with interrupt_before_start():  # until a command's body runs, Ctrl-C says so (typer would exit silently)
        result = guarded(lambda: _invoke(argv))
    sys.exit(result if isinstance(result, int) else 0)


def _invoke(argv: list[str] | None) -> object:
    """Run the typer app on ``argv`` and turn how it ended into the documented exit code: ``typer.Exit`` keeps its code,
    an abort (Ctrl-C at a prompt) is 130, and a click usage error prints its message without a traceback and exits 2.
    Any other exception propagates to :func:`main`'s guard.
    """
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
            _plain_range_words(err, sys.argv[1:] if argv is None else argv)
            err.show()  # type: ignore[attr-defined]
            sys.exit(int(ExitCode.USAGE))
        raise


_RANGE_WORDS = (
    (re.compile(r"Input should be greater than or equal to (\S+)"), "must be {} or more"),
    (re.compile(r"Input should be less than or equal to (\S+)"), "must be {} or less"),
    (re.compile(r"Input should be greater than (\S+)"), "must be more than {}"),
    (re.compile(r"Input should be less than (\S+)"), "must be less than {}"),
    (re.compile(r"Input should be a valid integer.*"), "must be a whole number"),
    (re.compile(r"Input should be a valid number.*"), "must be a number"),
)
"""typer (>= 0.29) checks an option's ``min``/``max`` and type with pydantic, whose words ("Input should be greater
than or equal to 0") read like a form's: each becomes the wording of windtunnel's own range checks (``must be 0 or
more, got -1``)."""


def _plain_range_words(err: BaseException, argv: list[str]) -> None:
    """Reword a bad option value's pydantic message in place (see :data:`_RANGE_WORDS`), naming the value given."""
    message = getattr(err, "message", None)
    if not isinstance(message, str):
        return
    for pattern, words in _RANGE_WORDS:
        found = pattern.search(message)
        if found is None:
            continue
        plain = words.format(*found.groups())
        given = _given_value(getattr(err, "param", None), argv)
        err.message = message[: found.start()] + plain + (f", got {given}" if given is not None else "")  # type: ignore[attr-defined]
        return


def _given_value(param: object, argv: list[str]) -> str | None:
    """The value given on the command line to the option ``param`` (``--limit -1`` or ``--limit=-1``), if found."""
    opts = [o for o in getattr(param, "opts", ()) or () if isinstance(o, str) and o.startswith("-")]
    for i, arg in enumerate(argv):
        for opt in opts:
            if arg == opt and i + 1 < len(argv):
                return argv[i + 1]
            if opt.startswith("--") and arg.startswith(opt + "="):
                return arg[len(opt) + 1 :]
    return None


def _click_exception_classes() -> tuple[type[BaseException], ...]:
    """The `ClickException` classes typer may raise: its vendored click (typer >= 0.29) and the real one.

    Both can be importable at once (the real click arrives with uvicorn, flask, ray ...), and typer raises
    only its own, so the error must be checked against every one that exists, never the first found.
    """
    classes: list[type[BaseException]] = []
    for name in ("typer._click.exceptions", "click.exceptions"):
        try:
            classes.append(importlib.import_module(name).ClickException)
        except (ImportError, AttributeError):
            continue
    return tuple(classes)


def _is_click_exception(err: BaseException) -> bool:
    """Whether ``err`` is a click usage error, from whichever click typer raised it with."""
    return isinstance(err, _click_exception_classes())
