"""Linear time in the input (issue #25 item 6): every leak command on adversarial shapes at two sizes.

    .venv/bin/python benchmarks/leak_linear.py                       # every shape x command, 20 KB and 80 KB
    .venv/bin/python benchmarks/leak_linear.py --kb 10 --only hyphen tags  # shapes whose name holds "hyphen" or "tags"
    .venv/bin/python benchmarks/leak_linear.py --commands scan mine   # some of the commands

Each shape is a string of about ``KB`` kilobytes built to make a reader go back over what it read: long runs of one
character, the label words joined by every separator, label words inside identifiers, nested brackets and quotes,
many ``key: value`` pairs, tags and entities, base64 / hex / percent runs, a long line without blanks. A cell is
one shape through one command path, in a child process of its own (so a hang is reported, not waited on): the
command runs once on a 1 KB warm-up, then at the small and at the large size (4x), each timed in CPU time of the
child (``time.process_time``; the machine's load moves wall-clock time, not this much), and the limit of a cell
is of CPU time too. The command paths are the
CLI's, in process: ``scan`` (``leak scan`` of one record holding the shape, JSON report), ``sanitize`` (``leak
sanitize`` of that record), ``mine`` (``leak mine`` of six records of three labels, each holding the shape),
``blind`` and ``copy`` (``leak baseline --simulate blind|copy`` over those six records).

The ratio large / small is ~4 for linear work and ~16 for quadratic work; a cell over the time limit prints
``>LIMIT`` for the large size (and its ratio as a lower bound). Not a timed test: the hang guards under
``tests/leakage/`` hold what this finds.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import textwrap
from collections.abc import Callable
from pathlib import Path

LABELS = ["Low", "Medium", "High"]
SEPARATORS = {"space": " ", "hyphen": "-", "underscore": "_", "dot": ".", "slash": "/", "comma": ", "}
SEPARATORS |= {"newline": "\n", "bar": "|", "tab": "\t", "nothing": ""}


def _repeat(unit: str) -> Callable[[int], str]:
    """``unit`` repeated to about ``n`` characters."""
    return lambda n: unit * max(1, n // len(unit))


SHAPES: dict[str, Callable[[int], str]] = {
    "run of one letter": _repeat("a"),
    "run of one capital": _repeat("H"),
    "run of one digit": _repeat("7"),
    "run of spaces": lambda n: "x" + " " * n + "x",
    "run of hyphens": _repeat("-"),
    "run of dots": _repeat("."),
    "run of equals": _repeat("="),
    "run of backslashes": _repeat("\\"),
    "run of quotes": _repeat('"'),
    "run of newlines": lambda n: "x" + "\n" * n + "x",
    **{f"High joined by {name}": _repeat("High" + sep) for name, sep in SEPARATORS.items() if sep},
    **{f"high joined by {name}": _repeat("high" + sep) for name, sep in SEPARATORS.items() if sep},
    **{f"every label joined by {name}": _repeat(sep.join(LABELS) + sep) for name, sep in SEPARATORS.items()},
    "label in camelCase identifiers": _repeat("priorityHigh "),
    "label in one long camelCase identifier": _repeat("priorityHigh"),
    "label in snake identifiers": _repeat("PRIORITY_HIGH "),
    "label in dotted keys": _repeat("issue.priority.high."),
    "label words and letters": _repeat("High h i g h H-i-g-h "),
    "nested brackets": lambda n: "[" * (n // 2) + "]" * (n // 2),
    "nested parentheses": lambda n: "(" * (n // 2) + ")" * (n // 2),
    "unclosed brackets": _repeat("[a "),
    "nested quotes": lambda n: "\"'" * (n // 4) + "'\"" * (n // 4),
    "key: value pairs": lambda n: "".join(f"key{i}: High\n" for i in range(n // 12)),
    "priority: label pairs": _repeat("Priority: High, "),
    "key=value pairs": lambda n: "&".join(f"k{i}=High" for i in range(n // 10)),
    "HTML tags": _repeat("<b>High</b> "),
    "unclosed HTML tags": _repeat("<a href="),
    "HTML entities": _repeat("&amp;&#72;igh "),
    "base64 run": _repeat("SGlnaA"),
    "hex run": _repeat("486967"),
    "percent run": _repeat("%48%69%67%68"),
    "long line without blanks": _repeat("abc-def_ghi.jkl/mno:"),
    "URL path": lambda n: "https://x.test/" + "high/" * (n // 5),
    "label cut by hyphen and newline": _repeat("Hi-\ngh "),
    "OCR misreadings": _repeat("Hiqh Medlurn L0w "),
}
COMMANDS = ("scan", "sanitize", "mine", "blind", "copy")
RECORDS = 6

_CHILD = textwrap.dedent(
    """
    import contextlib, json, os, resource, sys, time
    from pathlib import Path
    resource.setrlimit(resource.RLIMIT_CPU, ({cpu}, {cpu} + 5))  # killed after that much CPU time (SIGXCPU)
    sys.setrecursionlimit(10_000)
    from windtunnel.cli.app import main
    from benchmarks.leak_linear import SHAPES, write_dataset, argv_for
    shape, command, sizes, tmp = {shape!r}, {command!r}, {sizes!r}, Path({tmp!r})

    def run(size):
        path = write_dataset(tmp / f"d{{size}}.jsonl", SHAPES[shape](size), one=command in ("scan", "sanitize"))
        argv = argv_for(command, path, tmp / f"o{{size}}")
        t0 = time.process_time()
        with open(os.devnull, "w") as sink, contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
            try:
                main(argv)
            except SystemExit:
                pass
        return time.process_time() - t0

    run(1000)
    for size in sizes:
        print(json.dumps([size, run(size)]), flush=True)
    """
)


def write_dataset(path: Path, text: str, *, one: bool) -> Path:
    """One record holding ``text`` (``one``), else ``RECORDS`` records of the three labels, each holding it."""
    rows = []
    for i in range(1 if one else RECORDS):
        label = "High" if one else LABELS[i % 3]
        rows.append(
            {"id": f"r{i}", "expected": label, "label_set": LABELS, "projection": {"title": f"case {i}", "body": text}}
        )
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def argv_for(command: str, dataset: Path, out: Path) -> list[str]:
    """The CLI arguments of one command path over ``dataset`` (its output under ``out``)."""
    if command == "scan":
        return ["leak", "scan", str(dataset), "-f", "json", "-o", f"{out}.json"]
    if command == "sanitize":
        return ["leak", "sanitize", str(dataset), "-o", f"{out}.jsonl"]
    if command == "mine":
        return ["leak", "mine", str(dataset), "-f", "json"]
    return ["leak", "baseline", "--simulate", command, "--dataset", str(dataset), "-f", "json"]


ROOT = Path(__file__).resolve().parent.parent


def cell(
    shape: str, command: str, sizes: tuple[int, int], limit: float, src: Path = ROOT / "src"
) -> tuple[float | None, float | None]:
    """CPU seconds of ``command`` on ``shape`` at the two sizes (None: not reached within ``limit`` seconds), with
    the windtunnel of ``src``."""
    with tempfile.TemporaryDirectory() as tmp:
        code = _CHILD.format(shape=shape, command=command, sizes=list(sizes), tmp=tmp, cpu=int(limit))
        env_path = f"{src}:{ROOT}"
        got: dict[int, float] = {}
        try:
            done = subprocess.run(
                [sys.executable, "-c", code],
                capture_output=True,
                text=True,
                timeout=10 * limit,  # the CPU limit stops it; this only guards a child stuck elsewhere
                check=False,
                env={"PYTHONPATH": env_path, "PATH": "/usr/bin:/bin"},
                cwd=tmp,
            )
            out = done.stdout
            err = done.stderr if done.returncode > 0 else ""  # killed by its CPU limit: a negative code
        except subprocess.TimeoutExpired as stop:
            raw = stop.stdout or b""
            out, err = raw.decode() if isinstance(raw, bytes) else raw, ""
        for line in out.splitlines():
            size, secs = json.loads(line)
            got[size] = secs
        if err:
            print(f"  {shape} / {command}: failed: {err.strip().splitlines()[-1]}", flush=True)
    return got.get(sizes[0]), got.get(sizes[1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kb", type=int, default=20, help="the small size in KB (the large one is 4x)")
    ap.add_argument("--limit", type=float, default=120.0, help="CPU seconds a cell may take (warm-up and both sizes)")
    ap.add_argument("--only", nargs="*", default=[""], help="shapes whose name holds one of these texts")
    ap.add_argument("--commands", nargs="*", default=list(COMMANDS), choices=COMMANDS)
    ap.add_argument(
        "--src", type=Path, default=ROOT / "src", help="the windtunnel sources to measure (another checkout's)"
    )
    ap.add_argument("--ratio-over", type=float, default=0.0, help="print only cells with a larger ratio")
    args = ap.parse_args()
    sizes = (args.kb * 1000, args.kb * 4000)
    shapes = [s for s in SHAPES if any(part in s for part in args.only)]
    print(f"| shape | command | {args.kb} KB s | {4 * args.kb} KB s | ratio |", flush=True)
    print("|---|---|---:|---:|---:|", flush=True)
    for shape in shapes:
        for command in args.commands:
            small, big = cell(shape, command, sizes, args.limit, args.src.resolve())
            if small is None:
                print(f"| {shape!r} | {command} | >{args.limit:.0f} | - | - |", flush=True)
                continue
            ratio = (big if big is not None else args.limit) / max(small, 1e-3)
            if ratio < args.ratio_over:
                continue
            shown = f"{big:.2f}" if big is not None else f">{args.limit:.0f}"
            mark = ">" if big is None else ""
            print(f"| {shape!r} | {command} | {small:.2f} | {shown} | {mark}{ratio:.1f} |", flush=True)


if __name__ == "__main__":
    main()
