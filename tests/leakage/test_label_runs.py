"""A string of thousands of label words is scanned and sanitized in linear time: a hang guard for per-hit reads.

A decision per hit that reads the hit's whole string (its identifier to its end, its sentence from the start, its
markup parsed again, a regex tried from each word of a long run) is one call per hit, so the call-counting tests of
:mod:`tests.leakage.test_leak_worst_case` see it as linear; on a string of many hits it is quadratic.
``benchmarks/leak_linear.py`` found these shapes (the label words joined by each separator, in identifiers, as
``key: value`` pairs): 40,000 characters of ``Priority: High, `` took 9.7 s of CPU to sanitize, of
``High-`` 16.6 s, four times the time of 20,000. Here each is sanitized (which scans it first) at 80,000
characters in a child process limited to 30 s of CPU: linear work takes a few seconds there, the quadratic work
of before more than 38. It asserts that the work finishes, not how fast. The child is forked with the sanitizer
imported (:mod:`tests.leakage.warm_child`): its 30 s are the work's.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from tests.leakage import warm_child

N = 80_000

UNITS = {
    "joined by hyphens": "High-",
    "joined by blanks": "High ",
    "joined by underscores": "High_",
    "lowercase, joined by tabs": "high\t",
    "every label glued": "LowMediumHigh",
    "every label joined by dots": "Low.Medium.High.",
    "every label joined by underscores": "Low_Medium_High_",
    "name: value pairs": "Priority: High, ",
    "joined by bars": "High|",
    "joined by slashes": "High/",
}

_CHILD = textwrap.dedent(
    """
    from windtunnel.leakage.sanitize import sanitize_item
    body = {unit!r} * ({n} // len({unit!r}))
    item = {{"id": "r", "expected": "High", "label_set": ["Low", "Medium", "High"], "projection": {{"body": body}}}}
    sanitize_item(item)
    """
)


@pytest.mark.slow
@pytest.mark.parametrize("shape", sorted(UNITS))
def test_a_string_of_many_label_words_is_sanitized_in_linear_time(shape: str, tmp_path: Path) -> None:
    """80,000 characters of label words (``shape``) are scanned and sanitized within 30 s of CPU."""
    code = _CHILD.format(unit=UNITS[shape], n=N)
    exit_code, err = warm_child.run(code, tmp_path / "err.txt", timeout=600, cpu_seconds=30)
    assert exit_code == 0, f"exit {exit_code} (-24: out of CPU time; None: still running after 600 s): {err}"
