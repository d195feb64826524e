"""Ground-truth leakage auditor: static scan, schema-preserving sanitizer, blind-baseline statistics.

Public API: :func:`audit_item`, :func:`scan_text`, :func:`scan_fields` (the scan),
:func:`sanitize_item` (the sanitizer) and :func:`summarize_blind_baseline` (the blind baseline).

The question the package answers: can the model read the expected answer in what it was given, rather
than derive it? So it audits the *projection* (exactly what the model reads: tool outputs, documents,
the prompt), never the agent's reply, and it reports every place the answer reaches it, with the
original characters, so that the same findings can be shown, cut out, and counted.

The modules, in pipeline order:

* read: :mod:`.dataset` (JSONL / JSON files, field mapping), :mod:`.runs` (cells of windtunnel runs);
  :mod:`.model` holds the item, finding and audit types every step passes on;
* pre-check: :mod:`.prefilter` (a sound proof, on one serialisation, that an item has no finding);
* views: :mod:`.text` (normalisation with offset maps), :mod:`.confusables`, :mod:`.views` (decoders to
  a fixpoint: entities, escapes, base64 …, identifiers split), :mod:`.decode` (JSON inside a string);
* needles: :mod:`.needles` (whole-token matching in every view), :mod:`.aliases` (other ways to write a
  label, from the label set or the user);
* walk and decision: :mod:`.scan` (the principles), :mod:`.mention` (when a word in prose is tied to the
  task), :mod:`.records` (this record or another thing in the JSON structure), :mod:`.resolve` (this
  record's row or block in a string holding many: CSV, SQL, YAML anchors …), :mod:`.formats`
  (representations, upstream names, paths), :mod:`.pointers` (RFC 6901, answer keys hashed);
* act on findings: :mod:`.sanitize` with :mod:`.cuts` and :mod:`.listing` (remove leaks, keep the shape);
  :mod:`.report` (JSON, SARIF); :mod:`.parallel` and :mod:`.ray_scan` (the same audits on many cores);
* dataset-wide evidence and statistics: :mod:`.mine` (values that ride with one label), :mod:`.baseline`
  (exact tests against chance), :mod:`.simulate` (blind agents that read the data without a model).

What a change anywhere must keep (``docs/leakage.md`` explains each): findings point at original
characters; a record with nothing to redact is written back byte for byte; the work per item is linear
in its size; and findings are decided by the few principles of the docs, never by a rule per dataset.
The CLI (``windtunnel leak``) and its flows (:mod:`windtunnel.flows.leak`) are thin: they map options to
these functions and print.
"""

from windtunnel.leakage.baseline import mcnemar_exact, summarize_blind_baseline
from windtunnel.leakage.model import CHANNELS, Finding, ItemAudit, LeakItem, value_hash
from windtunnel.leakage.sanitize import sanitize_item, schema_digest
from windtunnel.leakage.scan import audit_item, scan_fields, scan_text

__all__ = [
    "CHANNELS",
    "Finding",
    "ItemAudit",
    "LeakItem",
    "audit_item",
    "mcnemar_exact",
    "sanitize_item",
    "scan_fields",
    "scan_text",
    "schema_digest",
    "summarize_blind_baseline",
    "value_hash",
]
