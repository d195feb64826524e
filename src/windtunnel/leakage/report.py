"""Audit reports: JSON (``leak-report.schema.json`` beside this module, the required core; ``windtunnel schema
--leak`` prints it), SARIF 2.1.0, and a summary.

Writers stream: items are written as they are audited, so memory stays flat on large datasets.
Matched values are hashed unless ``show_values`` is set, so the report does not itself leak answers.

This is the last step of the scan (findings → report). Both writers emit the opening of the document
in their constructor, one item (or one result per finding) per :meth:`add`, and the summary in
:meth:`close`; the summary (:class:`Tally`) is therefore computed from exactly the items written, and
goes *after* them, never before (a head summary would mean holding every audit). An interrupted scan
still closes its document, with ``interrupted`` in the summary: the items audited so far are a valid
partial report, as the exit code 130 promises.

Output is a function of the audits and the options only (no timestamps, no absolute paths beyond the
source given), so the serial, ``--jobs`` and Ray scans write byte-identical reports, which the tests compare.
The HTML page is written elsewhere (:mod:`windtunnel.view`), from the same audits.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib import resources
from typing import IO, Any

import orjson

from windtunnel._version import __version__
from windtunnel.leakage.model import CHANNELS, ItemAudit

SCHEMA_VERSION = "1"

RULE_HELP: dict[str, str] = {
    "direct.value": "A value the model reads is the expected answer.",
    "direct.key": "An object key the model reads is the expected answer.",
    "direct.url-segment": "A URL path segment is the expected answer.",
    "direct.identifier": "A word of an identifier that is a value (a tag, a constant, a key-value pair) is the answer.",
    "direct.selection": "A value of this record (a digit pressed, a flag word) selects the answer through a mapping.",
    "upstream.field-value": "A field named like an earlier model's output holds the answer.",
    "upstream.field-label": "A field named like an earlier model's output holds a label.",
    "upstream.field-name": "A field named like an earlier model's output (review its provenance).",
    "upstream.path-segment": "A category path such as 'Billing/High' contains the answer.",
    "freetext.phrase": "Prose contains the multi-word answer.",
    "freetext.key-value": "Prose states 'name: answer'.",
    "freetext.target-mention": "Prose puts the answer next to the name of the target.",
    "freetext.emphasis": "Prose singles the answer out: alone in emphasis, code, a link or quotes.",
    "freetext.statement": "A sentence states the answer ('is', 'set to', 'marked as').",
    "freetext.key-token": "An object key contains the answer as a word.",
    "freetext.token": "Prose mentions a one-word answer (review).",
    "freetext.glyph": "Prose holds the answer written as a glyph (an emoji, a symbol).",
    "freetext.selected": "A listing of the options marks the answer as chosen.",
    "freetext.elimination": "A text rules out every label but the answer.",
    "freetext.position": "A phrase of position on the ordered label set names the answer.",
    "freetext.matrix": "Two values of this record give the answer through a public matrix (ITIL impact/urgency).",
    "correlated.value": "A value implies the answer (correlated value).",
    "correlated.key": "A key is a correlated value.",
    "correlated.key-token": "A key contains a correlated value.",
    "correlated.url-segment": "A URL path segment is a correlated value.",
    "correlated.identifier": "A word of an identifier that is a value is a correlated value.",
    "correlated.mention": "Prose ties a correlated value to the task.",
    "correlated.path-segment": "A category path contains a correlated value.",
    "correlated.key-value": "Prose states 'name: correlated value'.",
    "correlated.phrase": "Prose contains a multi-word correlated value.",
    "correlated.token": "Prose mentions a one-word correlated value (review).",
    "correlated.mined": "A value no rule names rides with the answer across the dataset (leak mine).",
    "correlated.mined-pair": "A code under a name inside a text (a header, a log line of another kind) splits the "
    "labels across the dataset (leak mine).",
    "correlated.blind": "The blind baseline reads the answer off this value or word across the dataset, outside the "
    "task's input (leak sanitize --mine cuts it on every item holding it).",
    "freetext.agreement": "Across the dataset, the label in this slot follows the record's label (a value).",
    "learned.hit": "The learned decision (--learned) scores this whole-token hit of the answer as a leak: a learned "
    "opinion the written rules did not give; review the place (--no-learned turns it off).",
    "judge.stated": "A model (--judge-url), asked blind, names the answer as stated in the record and quotes these "
    "characters; its reason is in the finding.",
    "judge.review": "A model (--judge-url) says the record gives a label away, but not the answer or not at a place "
    "its quote names (review its reason; never a leak).",
    "judge.error": "The model judge (--judge-url) gave no answer on this item: it was not judged (the scan does not "
    "pass).",
}


def tool_info() -> dict[str, str]:
    """``{name, version}`` of this tool, as both report formats name their producer."""

    return {"name": "windtunnel", "version": __version__}


@dataclass
class Tally:
    """Running counts for the summary.

    An item is counted once: as leaked (a blocking finding), else as a review item (only ``low``
    findings), else as clean. ``by_channel`` counts *items* with a blocking finding in the channel;
    ``by_rule`` counts *findings*, review ones included.
    """

    items: int = 0
    leaked_items: int = 0
    review_items: int = 0
    findings: int = 0
    by_channel: dict[str, int] = field(default_factory=lambda: dict.fromkeys(CHANNELS, 0))
    by_rule: dict[str, int] = field(default_factory=dict)
    skipped_cells: Any = None
    """For runs: the source's counts (``cells``, ``skipped_no_expected``), reported in the summary."""
    mined: dict[str, Any] | None = None
    """How the dataset was mined for correlated values (``leak scan --mine``), reported in the summary."""
    agreement: dict[str, Any] | None = None
    """The dataset's agreement evidence (``leak scan --agreement``): its counts, reported in the summary."""
    learned: bool | None = None
    """Whether the learned decision over whole-token hits was applied (``leak scan --learned``), in the summary."""
    judge: dict[str, Any] | None = None
    """What the model judge did (``leak scan --judge-url``): its model, items asked, cached, stated, errors …"""

    def add(self, audit: ItemAudit) -> None:
        """Count one audited item."""
        self.items += 1
        self.findings += len(audit.findings)
        if audit.leaked:
            self.leaked_items += 1
        elif audit.review:
            self.review_items += 1
        for ch in audit.channels:
            self.by_channel[ch] += 1
        for f in audit.findings:
            self.by_rule[f.rule] = self.by_rule.get(f.rule, 0) + 1

    def to_dict(self) -> dict[str, Any]:
        """The report's ``summary``; ``cells`` / ``skipped_no_expected``, ``mined``, ``agreement`` and ``learned``
        only when set."""
        return {
            "items": self.items,
            "leaked_items": self.leaked_items,
            "review_items": self.review_items,
            "clean_items": self.items - self.leaked_items - self.review_items,
            "findings": self.findings,
            "by_channel": dict(self.by_channel),
            "by_rule": dict(sorted(self.by_rule.items())),
            **(
                {"cells": self.skipped_cells.cells, "skipped_no_expected": self.skipped_cells.skipped_no_expected}
                if self.skipped_cells is not None
                else {}
            ),
            **({"mined": self.mined} if self.mined is not None else {}),
            **({"agreement": self.agreement} if self.agreement is not None else {}),
            **({"learned": self.learned} if self.learned is not None else {}),
            **({"judge": self.judge} if self.judge is not None else {}),
        }


class JsonReportWriter:
    """Streams a JSON report: ``{schema_version, tool, source, items: [...], summary}``.

    One item per line inside ``items``, so a large report can be inspected with line tools; every item
    is written, clean ones too (``findings: []``), so the report accounts for the whole dataset.
    """

    def __init__(self, out: IO[bytes], *, source: str, show_values: bool = False) -> None:
        """Write the head of the document to ``out`` at once; ``source`` is the dataset as the user named it."""
        self.out = out
        self.show_values = show_values
        self.tally = Tally()
        self._first = True
        head = {
            "schema_version": SCHEMA_VERSION,
            "tool": tool_info(),
            "source": source,
            "values": "shown" if show_values else "sha256",
        }
        self.out.write(orjson.dumps(head)[:-1] + b',"items":[')

    def add(self, audit: ItemAudit) -> None:
        """Write one item and count it."""
        self.tally.add(audit)
        sep = b"" if self._first else b","
        self._first = False
        self.out.write(sep + b"\n" + orjson.dumps(audit.to_dict(show_values=self.show_values)))

    def close(self, *, interrupted: bool = False) -> None:
        """End the document; ``interrupted`` marks a partial report (the items audited before a stop)."""
        summary = self.tally.to_dict()
        if interrupted:
            summary["interrupted"] = True
        self.out.write(b'\n],"summary":' + orjson.dumps(summary) + b"}\n")


_LEVEL = {"high": "error", "medium": "warning", "low": "note"}


class SarifWriter:
    """Streams SARIF 2.1.0: one result per finding, located at the item's line and JSON pointer.

    Severity maps to the SARIF level (``high`` error, ``medium`` warning, ``low`` note). The physical
    location is the dataset file and the item's line; the logical location is ``item/pointer`` (answer
    keys hashed unless ``show_values``), the pointer into the record when a field mapping built the projection
    (``--context-field``; then also the ``record_pointer`` property). Only the rules that fired are described in the
    driver, and the summary rides in the run's ``properties``; a clean item writes no result but is counted.
    """

    def __init__(self, out: IO[bytes], *, source: str, show_values: bool = False) -> None:
        """Write the head of the log to ``out`` at once; ``source`` is the artifact URI of every result."""
        self.out = out
        self.source = source
        self.show_values = show_values
        self.tally = Tally()
        self._first = True
        self._rules: set[str] = set()
        head = {"$schema": "https://json.schemastore.org/sarif-2.1.0.json", "version": "2.1.0"}
        self.out.write(orjson.dumps(head)[:-1] + b',"runs":[{"results":[')

    def add(self, audit: ItemAudit) -> None:
        """Write one result per finding of the item, and count the item.

        Each result is written as soon as the item is audited, so a large scan streams its SARIF instead of
        holding it. The location is logical (item id and pointer) and physical (the dataset's path, with the
        record's line when known). A model judge's verdict and, with ``--context-field``, the pointer in the
        whole record go into the properties; values are shown or hidden as the report was asked.
        """
        self.tally.add(audit)
        for f in audit.findings:
            self._rules.add(f.rule)
            shown = f.to_dict(show_values=self.show_values)
            at = audit.pointer_of(f, self.show_values)
            loc: dict[str, Any] = {
                "logicalLocations": [{"fullyQualifiedName": f"{audit.item}{at or '/'}", "kind": "member"}],
            }
            phys: dict[str, Any] = {"artifactLocation": {"uri": self.source}}
            if audit.line is not None:
                phys["region"] = {"startLine": audit.line}
            loc["physicalLocation"] = phys
            props = {
                k: shown[k]
                for k in ("channel", "severity", "pointer", "representation", "span", "view", "value", "target")
            }
            if "judge" in shown:  # a model's finding: its model, verdict and reason
                props["judge"] = shown["judge"]
            if audit.sources is not None:  # --context-field: where the finding is in the record (QA-15 finding 10)
                props["record_pointer"] = at
            result = {
                "ruleId": f.rule,
                "level": _LEVEL[f.severity],
                "message": {"text": f"item {audit.item}: {shown['detail']} [{f.channel}, view {f.view}]"},
                "locations": [loc],
                "properties": props,
            }
            sep = b"" if self._first else b","
            self._first = False
            self.out.write(sep + b"\n" + orjson.dumps(result))

    def close(self, *, interrupted: bool = False) -> None:
        """End the document; ``interrupted`` marks a partial run (SARIF ``invocations``)."""
        rules = [{"id": r, "shortDescription": {"text": RULE_HELP.get(r, r)}} for r in sorted(self._rules)]
        tool = {"driver": {**tool_info(), "rules": rules}}
        summary = self.tally.to_dict()
        tail: dict[str, Any] = {"tool": tool, "properties": {"summary": summary}}
        if interrupted:
            summary["interrupted"] = True
            tail["invocations"] = [
                {"executionSuccessful": False, "exitCode": 130, "exitCodeDescription": "interrupted"}
            ]
        self.out.write(b"\n]," + orjson.dumps(tail)[1:-1] + b"}]}\n")


def leak_report_schema_text() -> str:
    """The JSON schema of the leak audit report (the required core; reports add more fields), as shipped with
    the package, so a user can validate ``leak scan -f json`` without the source tree."""
    return resources.files("windtunnel.leakage").joinpath("leak-report.schema.json").read_text(encoding="utf-8")
