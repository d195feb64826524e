"""``windtunnel explore``: search fault schedules for what breaks the agent, shrink it, keep it.

The command hands its options to :func:`~windtunnel.flows.explore.explore_flow` and prints what the search did:
its size (agent calls for the search and, apart, for shrinking and reruns; the corpus and the features it saw;
the seams it could fault), then each failure with its minimal schedule, the prompt, the agent's calls, what went
wrong, whether it reproduced on every rerun (flaky otherwise) and the file it was saved to. A search that found
nothing says whether it spent its budget — only then would a larger ``--budget`` search further — or stopped
early. The exit code is the search's verdict (1: a failure was found), which makes ``explore`` usable as a CI gate
as well as a tool.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer
from rich.markup import escape

from windtunnel._util.errors import UsageError
from windtunnel._util.signals import held_interrupts
from windtunnel.cli._console import out_console, report_on_stdout
from windtunnel.cli._lazy import module_app
from windtunnel.cli._listener import RichListener
from windtunnel.cli._scale import ExecutorOpt, RayAddressOpt
from windtunnel.flows.explore import ExploreRequest, explore_flow
from windtunnel.report.explore import explore_headline, failure_groups, failure_how

if TYPE_CHECKING:
    from windtunnel.flows.outcome import Outcome
    from windtunnel.report.dicts import CellDict, ExploreDict

app = module_app()


@app.command("explore")
def explore(
    config: Path = typer.Option(None, "-c", "--config", help="Config file (windtunnel.yaml or flakestorm.yaml)."),
    budget: int = typer.Option(200, "--budget", min=1, help="Agent calls the search may spend (baselines included)."),
    seed: int = typer.Option(None, "--seed", help="Search seed (default: advanced.seed, else a fresh one, recorded)."),
    reruns: int = typer.Option(
        3, "--reruns", min=1, help="Reruns of each shrunk failure: flaky unless it fails k of k."
    ),
    max_failures: int = typer.Option(
        1,
        "--max-failures",
        min=1,
        help="Stop searching after this many distinct failures that need a fault (distinct: other checks broken, or "
        "the same checks under faults at other seams or of other modes, until shrinking brings one down to another's "
        "reproducer; one that needs no fault is reported and the search goes on).",
    ),
    shrink_budget: int = typer.Option(
        200, "--shrink-budget", min=0, help="Agent calls shrinking one failure may spend."
    ),
    strategy: str = typer.Option(
        "guided", "--strategy", help="guided (coverage-guided search) or random (random schedules: a baseline)."
    ),
    mutations: bool = typer.Option(True, "--mutations/--no-mutations", help="Also search the planned mutations."),
    save: bool = typer.Option(
        True,
        "--save/--no-save",
        help="Save minimal failures to found/ beside the run store (.windtunnel/found/ by default; see --found-dir).",
    ),
    found_dir: Path = typer.Option(
        None,
        "--found-dir",
        help="Where to save them (default: found/ beside the run store); checked before the search, like -o.",
    ),
    concurrency: int = typer.Option(None, "--concurrency", min=1, help="Override advanced.concurrency."),
    fmt: str = typer.Option(None, "--format", "-f", help="Report format (json, html, md ...; default from -o)."),
    output: Path = typer.Option(
        None, "--output", "-o", help="Where to write the report (-: the report alone on stdout, the rest on stderr)."
    ),
    store: Path = typer.Option(None, "--store", help="Run store (default: $WINDTUNNEL_STORE, else advanced.store)."),
    persist: bool = typer.Option(True, "--store-results/--no-store", help="Keep the run in the store (`view`)."),
    quiet: bool = typer.Option(False, "-q", "--quiet", help="No progress bar, only the findings."),
    executor: str = ExecutorOpt,
    ray_address: str = RayAddressOpt,
) -> None:
    """Search fault schedules × prompt mutations for cells that break an invariant, guided by what each cell
    shows (new call sequences, exceptions, answers); shrink each failure to a minimal schedule, rerun it
    --reruns times (flaky unless it fails every time) and save it to found/ beside the run store, which `run`,
    `contract run` and `ci` replay first.

    Failures that break the same checks are one defect only when their minimal reproducers (faults by seam and mode,
    mutation) are; each distinct reproducer is reported, grouped under the checks it breaks, and the report (md,
    html, json) is titled with what was found and how far the search got.

    Each failure prints a `reproduce` command (`windtunnel run ...`). Exit 0 when no failure was found, 1 when
    one was (also when it could not be saved: a warning says so), 2 on a usage or config error (an unwritable
    --found-dir or -o is refused before the search), 3 when the agent cannot be reached, 130 when interrupted (the
    report lists the failures found so far, those held back beyond --max-failures in a notice).
    """

    if strategy not in ("guided", "random"):
        raise UsageError(f"--strategy {strategy!r} is not guided or random", hint="use --strategy guided (default)")
    options: dict[str, Any] = {k: v for k, v in locals().items() if k not in ("quiet", "UsageError")}

    with held_interrupts(), report_on_stdout(output):  # `-o -`: the report alone on stdout, the rest on stderr
        outcome = explore_flow(ExploreRequest(**options), RichListener(quiet=quiet))
        _render(outcome)
    raise typer.Exit(int(outcome.exit_code))


def _no_failure_line(outcome: Outcome, data: ExploreDict) -> str:
    """What a search that found nothing says: a larger budget helps only a search that spent its budget.

    A passed outcome spent it; an interrupted one says how far it got; one stopped by an error points at the error
    printed above it. None of them claims the agent is robust: "no failure found" is bounded by the budget."""
    if outcome.passed:
        return "[bold green]no failure found[/] within the budget (a larger --budget searches further)"
    spent = f"after {data.get('calls')} of {data.get('budget')} agent calls"
    if outcome.status == "interrupted":
        return f"[bold yellow]interrupted[/] {spent}: no failure found so far (run it again to search to the end)"
    return f"[bold yellow]stopped early[/] {spent}: no failure found before the run stopped (see the error above)"


def _cell(outcome: Outcome, cell_id: str | None) -> CellDict | None:
    """The report cell of a failure (it carries the failure's ``reproduce`` command)."""
    return next((c for c in outcome.report.get("cells") or [] if c.get("id") == cell_id), None)


def _render(outcome: Outcome) -> None:
    """Print what ``explore`` found: the search's size (agent calls, shrinking calls, corpus, seams), then each failure
    with whether it is flaky or was shrunk and the calls it took to find, its minimal schedule, the prompt, the calls
    the agent made, what went wrong and where it was saved; a run with no failure says what was covered.
    """
    con = out_console()
    data = outcome.report.get("explore") or {}
    con.print(
        f"explore ({data.get('strategy')}): {data.get('calls')} agent calls searched, {data.get('shrink_calls')} "
        f"shrinking and rerunning; corpus {data.get('corpus')}, {data.get('features')} features; seams: "
        + escape(", ".join(data.get("seams") or {}) or "none")
    )
    failures = data.get("failures") or []
    if not failures:
        con.print(_no_failure_line(outcome, data))
    else:
        headline = data.get("headline") or explore_headline(data, partial=outcome.status == "interrupted")
        con.print(f"[bold]found:[/] {escape(headline)}")
    groups = failure_groups(data)
    for group in groups:
        if len(groups) > 1 or len(group.failures) > 1:
            n = len(group.failures)
            con.print(
                f"\n[bold]breaks {escape(group.breaks)}[/]: {n} failure{'s' if n != 1 else ''}, one per reproducer"
            )
        for i, f in group.failures:
            _render_failure(outcome, i, f)
    if unsaved := data.get("unsaved"):
        con.print(f"\n[bold yellow]warning:[/] {escape(unsaved)}")
    if outcome.report_path is not None:
        con.print(f"report: {escape(str(outcome.report_path))}")


def _render_failure(outcome: Outcome, i: int, f: Any) -> None:
    """One failure: its status and when it was found, its minimal schedule, the prompt, the calls, what went wrong,
    the failures that came down to it, where it was saved and the command that reproduces it."""
    con = out_console()
    head = "[bold yellow]FLAKY FAILURE[/]" if f["status"] == "flaky" else "[bold red]FAILURE[/]"
    con.print(f"\n{head} {i}: {f['status']} ({failure_how(f)}), found after {f['found_at_call']} calls")
    con.print("  schedule:")
    for label in f["labels"] or ["(no faults: the agent fails on this input as it is; `run` finds it)"]:
        con.print(f"    - {escape(label)}")
    con.print(f"  prompt: {escape(f['prompt'][:200])}")
    con.print("  calls:")
    for line in f["calls"]:
        con.print(f"    {escape(line)}")
    con.print(f"  went wrong: {escape(f['went_wrong'])}")
    for also in f.get("also_found") or []:
        con.print(f"  also found as: {escape(also)} (the same reproducer: reported once)")
    if saved := f.get("saved"):
        replayed = "replayed first by run / contract run / ci" if f.get("replayed") else "not replayed by run"
        con.print(f"  saved: {escape(saved)} ({replayed})")
    if cell := _cell(outcome, f.get("cell")):
        con.print(f"  reproduce: {escape(str(cell.get('reproduce')))}")
