"""``windtunnel judge calibrate``: does the ``llm_judge`` agree with the checks you already trust?

A model used as a judge is an instrument, and an instrument is calibrated before its readings count. The command
reads a stored run in which an ``llm_judge`` check and a deterministic check the user trusts judged the same
answers (``--pair JUDGE_ID=CHECK_ID``), and reports, per pair, how often they gave the same verdict, the
agreement beyond chance (Cohen's kappa), and the answers they disagreed on with both reasons
(:func:`~windtunnel.invariants.judge_calibration.calibrate`). No model is called: the verdicts are the ones the run
stored (cached judge answers included).

A pair is calibrated only when its agreement reaches ``--min-agreement`` and the comparison means something: no
answer judged by both, a judge error, or a trusted check that never failed (or never passed) — agreement is then
trivial — each fails the pair with that reason (:func:`_why`). Exit 0 when every pair is calibrated, 1 otherwise,
2 for an unknown run or check id.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer
from rich.table import Table
from rich.text import Text

from windtunnel._util.errors import ExitCode, UsageError
from windtunnel._util.suggest import did_you_mean
from windtunnel.cli._console import out_console
from windtunnel.cli._format import chosen_format, format_option
from windtunnel.cli._lazy import module_app
from windtunnel.cli.runs_cmd import STORE_HELP, _write_json, open_store, resolve_run
from windtunnel.invariants.judge_calibration import calibrate, check_ids

app = module_app()

if TYPE_CHECKING:
    from windtunnel.invariants.judge_calibration import Agreement

judge_app = typer.Typer(help="The llm_judge invariant's judge model: calibrate it.", no_args_is_help=True)
app.add_typer(judge_app, name="judge")


def _pairs(raw: list[str]) -> list[tuple[str, str]]:
    """``--pair JUDGE_ID=CHECK_ID`` options as pairs; a malformed one is a :class:`UsageError` showing the form with an
    example.
    """
    out = []
    for item in raw:
        judge, sep, check = item.partition("=")
        if not sep or not judge.strip() or not check.strip():
            raise UsageError(
                f"--pair {item!r} is not JUDGE_ID=CHECK_ID",
                hint="name the llm_judge check and the check it should agree with, e.g. --pair no-leak-judged=no-leak",
            )
        out.append((judge.strip(), check.strip()))
    return out


@judge_app.command("calibrate")
def calibrate_cmd(
    run: str = typer.Argument("latest", metavar="RUN", help="Run id, unique prefix, or 'latest'."),
    pair: list[str] = typer.Option(
        ...,
        "--pair",
        "-p",
        metavar="JUDGE_ID=CHECK_ID",
        help="An llm_judge check and the trusted check it should agree with (repeatable).",
    ),
    min_agreement: float = typer.Option(
        0.9, "--min-agreement", min=0.0, max=1.0, help="Smallest share of answers with the same verdict."
    ),
    store: Path = typer.Option(None, "--store", help=STORE_HELP),
    fmt: str | None = format_option("Output format: table or json (the agreement of each pair as data)."),
) -> None:
    """Compare each judge's verdicts with a trusted check's on the same answers of a stored run.

    Exit 0 when every pair agrees on at least --min-agreement of the answers, the trusted check gave both
    verdicts (a one-sided pair proves nothing) and the judge answered every time; 1 otherwise; 2 when a
    named check is not in the run.
    """

    pairs = _pairs(pair)
    as_json = chosen_format(fmt, False) == "json"
    with open_store(store) as st:
        run_id = resolve_run(st, run)
        cells = list(st.iter_cells(run_id))
    known = check_ids(cells)
    for name in dict.fromkeys(n for p in pairs for n in p):
        if name not in known:
            raise UsageError(
                f"run {run_id} has no check {name!r}{did_you_mean(name, sorted(known))}",
                hint=f"checks in that run: {', '.join(sorted(known)) or 'none'}",
            )
    results = calibrate(cells, pairs)
    ok = all(a.calibrated(min_agreement) for a in results)
    console = out_console()
    if as_json:
        _write_json(console, {"run": run_id, "min_agreement": min_agreement, "pairs": [a.as_dict() for a in results]})
    else:
        table = Table(title=f"judge calibration · run {run_id}", title_justify="left")
        for col in ("judge", "trusted check", "answers", "agree", "both pass", "both fail", "judge only", "kappa", ""):
            table.add_column(col, justify="left" if col in ("judge", "trusted check", "") else "right")
        for a in results:
            rate = "—" if a.rate is None else f"{a.rate:.0%}"
            kappa = "—" if a.kappa is None else f"{a.kappa:.2f}"
            only = f"{a.judge_pass_check_fail} pass / {a.judge_fail_check_pass} fail"
            why = _why(a, min_agreement)
            mark = Text(why or "calibrated", style="red" if why else "green")
            table.add_row(
                a.judge, a.check, str(a.compared), rate, str(a.both_pass), str(a.both_fail), only, kappa, mark
            )
        console.print(table)
        for a in results:
            for d in a.disagreements[:10]:
                said = "pass" if d.judge_passed else "fail"
                console.print(
                    Text(f"  {a.judge} said {said} on {d.cell}: {d.judge_reason} | {a.check}: {d.check_detail}"),
                    soft_wrap=True,
                )
    if not ok:
        raise typer.Exit(code=int(ExitCode.FAILED))


def _why(a: Agreement, min_agreement: float) -> str:
    """Why a pair is not calibrated, or ``""`` when it is: the first that applies of no answer judged by both, judge
    errors, a one-sided comparison (the trusted check never failed, or never passed) and agreement below
    ``min_agreement``. A one-sided pair fails even at 100 % agreement, which it would reach by always agreeing."""
    if a.compared == 0:
        return "no answer judged by both"
    if a.judge_errors:
        return f"{a.judge_errors} judge error(s)"
    if a.one_sided:
        return "one-sided: the trusted check never " + ("failed" if a.both_pass + a.judge_fail_check_pass else "passed")
    if (a.rate or 0.0) < min_agreement:
        return f"below {min_agreement:.0%}"
    return ""
