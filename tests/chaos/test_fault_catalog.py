"""The fault catalog behind `windtunnel faults`: each row says a thing once."""

from __future__ import annotations

from windtunnel.chaos.catalog import describe_all
from windtunnel.config.plugins import load_builtin_plugins


def test_a_mode_that_is_not_on_some_api_does_not_say_so_in_its_summary_too() -> None:
    load_builtin_plugins()
    rows = [row for row in describe_all() if row.not_on]
    assert rows, "the catalog has modes that are not on the callable API (llm malformed)"
    for row in rows:
        for restriction in row.not_on:
            api = restriction.split(":", 1)[0]
            assert api not in row.summary.lower(), f"{row.seam} {row.mode}: {row.summary!r} repeats {restriction!r}"
