"""Every decoder reads long runs of one shape in linear time: a hang guard for catastrophic regex backtracking.

The worst-case tests of :mod:`tests.leakage.test_leak_worst_case` count Python calls, and one regex search
is one call however long it backtracks: a pattern with two quantifiers that can share characters
(``[a-z0-9]*[a-z][a-z0-9]*-…``) is one call and quadratic in a run of letters. QA 17 found one (the Pig
Latin view: 200,000 letters after a mail header took 95 s in ``leak mine``); so is a loop that decodes a run
again for each of its characters (the base64 view split binary data at each of its slashes). Here each decoder's
marker and replacement run on half a million characters of each shape, in a child process given 100 s (the suite's own
limit is 120 s): a linear decoder set needs seconds, a quadratic one hours. It asserts that the work finishes,
not how fast. The child is forked with the decoders imported (:mod:`tests.leakage.warm_child`).
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from tests.leakage import warm_child

N = 500_000

SHAPES = {
    "a header then a run of letters": "'From: x\\nX-Queue-Name: ' + 'A' * N",
    "a run of digits after a hyphen": "'id-' + '7' * N",
    "hyphen pairs": "'a-' * (N // 2)",
    "equals pairs": "'A=' * (N // 2)",
    "percent pairs": "'%2' * (N // 2)",
    "dotted letters": "'a.' * (N // 2)",
    "entity starts": "'&a' * (N // 2)",
    "tag starts": "'<a' * (N // 2)",
    "backslashes": "'\\\\' * N",
    "one long word": "'ab' * (N // 2) + ' '",
    "base64-like": "'QUJD' * (N // 4)",
    "hex-like": "'4a' * (N // 2)",
    "spaced letters": "'a ' * (N // 2)",
    "colons": "'a:' * (N // 2)",
    "slashes": "'/' * N",
    "binary data in base64": "__import__('base64').b64encode(__import__('random').Random(1).randbytes(N * 3 // 4))"
    ".decode()",
}

_CHILD = textwrap.dedent(
    """
    import windtunnel.leakage.views  # registers every decoder
    from windtunnel.leakage.views.registry import DECODERS
    N = {n}
    s = {shape}
    for _name, dec in DECODERS.items():
        if dec.marker(s):
            dec.replace(s)
    assert DECODERS
    """
)


@pytest.mark.slow
@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_every_decoder_reads_a_long_run_in_linear_time(shape: str, tmp_path: Path) -> None:
    """Half a million characters of ``shape`` through every decoder's marker and replacement finish (a child
    process, 100 s: quadratic backtracking takes hours there, linear work seconds)."""
    code = _CHILD.format(n=N, shape=SHAPES[shape])
    exit_code, err = warm_child.run(code, tmp_path / "err.txt", timeout=100)
    assert exit_code == 0, f"exit {exit_code} (None: still running after 100 s): {err}"
