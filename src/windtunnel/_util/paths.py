"""Guards for the files a command writes.

A command that writes its output over its own input (``-o`` pointing at the dataset being sanitised) destroys the
data it was asked to process; the guard compares the real files (through symlinks and hard links) and refuses
before anything is written."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from windtunnel._util.errors import UsageError


def same_file(a: Path, b: Path) -> bool:
    """``a`` and ``b`` name one file (through symlinks and hard links too), or would."""
    try:
        return os.path.samefile(a, b)
    except OSError:  # one does not exist yet: compare where they would be
        return a.resolve() == b.resolve()


def refuse_overwrite(outputs: Iterable[tuple[str, Path | None]], inputs: Iterable[tuple[str, Path | None]]) -> None:
    """Stop (exit 2) before anything is written when an output names an input or another output.

    ``outputs`` and ``inputs`` are ``(option, path)`` pairs, e.g. ``("-o", Path("clean.jsonl"))``.
    """
    outs = [(name, p) for name, p in outputs if p is not None]
    ins = [(name, p) for name, p in inputs if p is not None]
    for i, (oname, out) in enumerate(outs):
        for iname, inp in ins:
            if same_file(out, inp):
                raise UsageError(
                    f"{oname} {out} is the {iname} file: refusing to overwrite it",
                    hint="write the output to another file",
                )
        for oname2, out2 in outs[i + 1 :]:
            if same_file(out, out2):
                raise UsageError(f"{oname} and {oname2} name the same file ({out})", hint="give two different files")
