"""Leak items from windtunnel runs: audit what the agent actually saw against the golden answer.

Each cell of a stored run (or of a JSON run report) becomes one item:

* ``id``: the cell id;
* ``expected`` / ``label_set``: those of the cell's golden prompt, from the config the run used
  (golden prompts written as ``{prompt, expected, label_set}``, see ``Config.golden_expected``);
* ``projection``: what reached the agent — the prompt it was sent, and the response of every tool or
  HTTP call it made (``calls[*].response`` with target ``tool`` / ``http``). LLM calls are left out:
  their responses are the agent's own model output, not context it fetched.

Findings point into the report cell: ``/prompt`` or ``/calls/<i>/response/...``. Cells whose golden
prompt has no expected answer (or that have no golden prompt) are skipped and counted.

Why audit runs as well as datasets: a dataset's projection is what its authors believe the model
reads; a run's recorded calls are what the tools actually returned to this agent, under chaos too, so
a leak introduced by a tool (a field the fixture never had) shows up only here. The items are built
from the recorded run alone: no agent is called and no tool is replayed. The run's config supplies the
answers, found next to the run when its recorded path is relative (:func:`resolve_config`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import orjson

from windtunnel.config.load import load_config
from windtunnel.leakage.model import ItemAudit, LeakItem

READ_TARGETS = frozenset({"tool", "http"})
"""Call targets whose responses the agent reads as context."""


class RunSourceError(ValueError):
    """The run, report or config cannot be read; the message says which and why.

    A usage error for the CLI (exit 2): the input is wrong, not the agent or the audit.
    """


@dataclass
class RunCounts:
    """What a run source held: filled in while its items are read, so read them before reporting these.

    ``cells`` counts every cell, ``items`` the cells audited, ``skipped_no_expected`` the cells whose
    golden prompt has no expected answer; the CLI turns ``items == 0`` into a usage error (exit 2).
    """

    cells: int = 0
    items: int = 0
    skipped_no_expected: int = 0


@dataclass
class RunItem:
    """One cell as a leak item, and where each projection part sits in the cell.

    The scan sees only the projection (a list); :meth:`locate` turns its findings back into pointers
    into the report cell, which is what a reader of the run report can follow.
    """

    item: LeakItem
    parts: list[str]
    """``parts[k]`` is the cell pointer of ``projection[k]`` (``/prompt``, ``/calls/3/response``)."""

    def locate(self, audit: ItemAudit) -> ItemAudit:
        """``audit`` with finding pointers rewritten from the projection into the report cell.

        The projection is a list (prompt, then each read response), so a finding's first token is an
        index into ``parts``: ``/2/fields/priority`` becomes ``/calls/3/response/fields/priority``. The
        hashed pointer is rebased the same way; spans are untouched (they index the same string).
        """
        out = [
            replace(
                f,
                pointer=self._rebase(f.pointer),
                hashed_pointer=self._rebase(f.hashed_pointer) if f.hashed_pointer is not None else None,
            )
            for f in audit.findings
        ]
        return ItemAudit(audit.item, out, audit.line, audit.sources)

    def _rebase(self, pointer: str) -> str:
        """A projection pointer as a cell pointer (see :meth:`locate`)."""
        # The first token is a list index of the projection, never hashed.
        head, _, rest = pointer.lstrip("/").partition("/")
        base = self.parts[int(head)] if head.isdigit() and int(head) < len(self.parts) else ""
        return base + ("/" + rest if rest else "")


def cell_items(
    cells: Iterable[Mapping[str, Any]], expected: Mapping[str, Mapping[str, list[str]]], counts: RunCounts
) -> Iterator[RunItem]:
    """Leak items of ``cells`` (report rows), given golden prompt → ``{expected, label_set}``.

    A cell is matched to its golden prompt by the prompt's text (``cell["golden_prompt"]``); the
    projection is the prompt sent plus the responses of its ``tool`` and ``http`` calls in call order.
    Cells without an expected answer are counted in ``counts`` and skipped, never audited as clean.
    """
    for cell in cells:
        counts.cells += 1
        golden = cell.get("golden_prompt")
        exp = expected.get(golden) if isinstance(golden, str) else None
        if not exp or not exp.get("expected"):
            counts.skipped_no_expected += 1
            continue
        projection: list[Any] = [cell.get("prompt")]
        parts = ["/prompt"]
        for i, call in enumerate(cell.get("calls") or []):
            if isinstance(call, Mapping) and call.get("target") in READ_TARGETS and call.get("response") is not None:
                projection.append(call["response"])
                parts.append(f"/calls/{i}/response")
        counts.items += 1
        item = LeakItem(
            id=str(cell.get("id", counts.cells)),
            expected=list(exp["expected"]),
            projection=projection,
            label_set=list(exp.get("label_set") or []),
        )
        yield RunItem(item, parts)


def golden_expected(config_path: Path) -> dict[str, dict[str, list[str]]]:
    """Golden prompt → ``{expected, label_set}`` of a config file (a ConfigError if it is invalid).

    Read with the project's own config loader, so a golden prompt means here what it means to ``run``;
    plain-string golden prompts have no expected answer and are absent from the map.
    """

    return dict(load_config(config_path).golden_expected)


def resolve_config(named: str | None, *, near: Iterable[Path], override: Path | None) -> Path:
    """The config a run used: ``override``, else ``named`` as given or relative to a ``near`` folder.

    A run records its config path as it was given when it ran, often relative to where it ran, so the
    folders of the run store or report are tried too. Raises :class:`RunSourceError` listing every path
    tried and the fix (``--config``).
    """
    if override is not None:
        if not override.exists():
            raise RunSourceError(f"config {str(override)!r} does not exist")
        return override
    if not named:
        raise RunSourceError("the run does not name its config; pass it with --config")
    candidates = [Path(named)]
    if not Path(named).is_absolute():
        candidates += [folder / named for folder in near]
    for c in candidates:
        if c.exists():
            return c
    tried = ", ".join(repr(str(c)) for c in candidates)
    raise RunSourceError(f"the run's config was not found (tried {tried}); pass it with --config")


def report_items(path: Path, counts: RunCounts, *, config: Path | None = None) -> Iterator[RunItem]:
    """Items of a JSON run report (``windtunnel run -f json``), with the config named in ``run.config``.

    ``config`` overrides that name. An unreadable file, invalid JSON or a document without a ``cells``
    list raises :class:`RunSourceError`; the items are streamed, and ``counts`` is complete once they are.
    """
    try:
        report = orjson.loads(path.read_bytes())
    except OSError as err:
        raise RunSourceError(f"cannot read the report {str(path)!r}: {err}") from None
    except orjson.JSONDecodeError as err:
        raise RunSourceError(f"{path} is not valid JSON ({err})") from None
    if not isinstance(report, Mapping) or not isinstance(report.get("cells"), list):
        raise RunSourceError(f"{path} is not a windtunnel run report (no 'cells' list)")
    run = report.get("run")
    run = run if isinstance(run, Mapping) else {}
    named = run.get("config") or run.get("config_path")
    cfg = resolve_config(str(named) if named else None, near=[path.parent], override=config)
    yield from cell_items(report["cells"], golden_expected(cfg), counts)
