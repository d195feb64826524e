"""The static scan: walk exactly what the model reads and report every way the answer reaches it.

Channels and severities (``high`` and ``medium`` make an item leak, ``low`` is for review):

============================  ==========  ========  ===========================================
rule                          channel     severity  when
============================  ==========  ========  ===========================================
``direct.value``              direct      high      a value *is* the answer (in any view)
``direct.key``                direct      high      a key is the answer
``direct.url-segment``        direct      medium    a URL path segment is the answer
``upstream.field-value``      upstream    high      an ``ai*``/``pred*``/... field holds the answer
``upstream.path-segment``     upstream    high      ``Billing/High``: a category path ends in it
``upstream.field-label``      upstream    medium    an upstream field holds another label
``upstream.field-name``       upstream    low       an upstream field exists (review)
``freetext.phrase``           freetext    high      a multi-word answer inside prose
``freetext.key-value``        freetext    high      ``Priority: High`` in prose, a table cell, decoded JSON
``freetext.target-mention``   freetext    high      a naming word next to it (``high priority``)
``freetext.emphasis``         freetext    high      alone in markup or quotes (``**High**``)
``freetext.statement``        freetext    high      ``this one is High``, ``marked as High``
``freetext.key-token``        freetext    medium    a key contains the answer (``isHighPriority``)
``freetext.token``            freetext    low       a bare one-word answer in prose (review; strict: medium)
``correlated.*``              correlated  medium    a correlated value, same shapes (bare token: low)
============================  ==========  ========  ===========================================

The mention policy (when a one-word answer in prose is tied to the task) is in :mod:`mention`.
Label-set awareness: a listing of two or more labels (``High, Medium or Low``), a sentence, list or
object that mentions *every* label of the item's label set ("return true if …, otherwise false";
``["Low", "Medium", "High"]``) describes the task, not the answer, and is not reported, except for a
``key: value`` statement outside the listing, which is.

**Where this module sits.** The audit of one item is a pipeline, and this module is its middle:

1. *read* (:mod:`.dataset`, :mod:`.runs`): a record becomes a :class:`LeakItem` (answers, label set,
   correlated values, aliases) and its *projection*, exactly what the model reads, nothing else;
2. *pre-check* (:mod:`.prefilter`): one serialisation of the projection proves most clean items clean
   before any walk, and otherwise hands the walk a :class:`Plan` of what may hit where;
3. *needles* (:mod:`.needles`, :mod:`.aliases`): the answers with their aliases and abbreviations, the
   correlated values and the other labels, normalised once per distinct combination (``_prepared``);
4. *walk* (:func:`_walk`): every key, string and scalar, with its RFC 6901 pointer, its representation
   (:mod:`.formats`), the upstream-named field above it if any, and whether it is a member of a listing
   of the labels or a field of another record (``suppress``); JSON held in a string is walked as structure;
5. *views and match* (:meth:`NeedleSet.search`): each string in its normalised views and in every view
   the decoders of :mod:`.views` produce, each with an offset map back to the original characters;
6. *decide* (:func:`_classify`): each hit is judged by the principles of ``docs/leakage.md``: a label
   that is a value leaks (1); a label in prose leaks when tied to the task (2, :mod:`.mention`); a
   listing, a definition, or a value of another record is not a leak (3, :mod:`.records`);
7. *findings*: one per place and needle, the most severe (``_dedupe``), with answer keys hashed in the
   printed pointers (:mod:`.pointers`). The sanitizer (and its rescan), the ``copy`` baseline and the
   reports consume these findings; none of them decides by rules of its own.

**Invariants a change must keep.**

* A finding's ``pointer`` and ``span`` index the *original* string or key, never a view: the sanitizer
  cuts by them and the HTML page highlights them. A view that cannot map a character back is a bug.
* Decisions follow the principles, stated once; a new format is supported by exposing it in a view
  (a decoder, a tokeniser) or a shape the principles already read, not by a rule for one dataset
  family. The few rules that still name a format are listed, with their reason, in ``docs/leakage.md``.
* Work stays linear in the projection: views are bounded (:mod:`.views.pipeline`), the cues search a
  bounded window around the hit (``_SENTENCE_MAX``, ``mention._WINDOW``), and no check runs per pair of
  hits; ``tests/leakage/test_leak_worst_case.py`` counts calls at n and 4n to hold this.
* The shortcuts are sound, never heuristics: the pre-check, the plan and the pruned subtrees may only
  skip what cannot hold a finding, and ``audit_item(..., prefilter=False)`` is the reference they are
  tested against (identical audits).
* An audit depends on its item only, not on the items before it: a string's classification is cached
  (``_CLASSIFIED``) only when the decision looked at nothing outside the string (``root_used``), and is
  replayed only with the same naming words.

**What it does not do.** It reads what the model was given, never the model's output; it calls no
model and learns nothing (values that ride with a label without any rule naming them are
:mod:`.mine`'s job, and whether a blind baseline beats chance is :mod:`.baseline`'s); and it does not
judge whether a leak is intended (a review finding is reported, not hidden).
"""

from __future__ import annotations

import re
import sys
from bisect import bisect_left, bisect_right
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import MISSING, dataclass, field, fields, replace
from functools import lru_cache
from typing import Any, NamedTuple

from windtunnel.leakage import mention
from windtunnel.leakage.aliases import (
    derived_alias,
    identifier_spellings,
    label_abbreviations,
    label_aliases,
    number_value,
)
from windtunnel.leakage.answers import confirmed_findings, may_confirm
from windtunnel.leakage.bars import bar_findings, drop_even_lines, may_chart, may_draw
from windtunnel.leakage.catalogues import drop_catalogue
from windtunnel.leakage.codes import attribute_end, last_name, names_code, number_code, segment_field
from windtunnel.leakage.containment import containment_findings, may_contain
from windtunnel.leakage.decode import embedded_json
from windtunnel.leakage.deltas import delta_findings, may_difference
from windtunnel.leakage.elimination import elimination_findings, may_rule_out
from windtunnel.leakage.formats import (
    container_representation,
    humanize_key,
    is_upstream_name,
    is_url,
    path_segments,
    string_representation,
    url_path_segment,
    url_section,
)
from windtunnel.leakage.framing import framed_name
from windtunnel.leakage.inflections import inflections
from windtunnel.leakage.label_rows import may_tabulate, row_findings
from windtunnel.leakage.learned import LEARNED_DEFAULT, learned_findings
from windtunnel.leakage.lexicon import code_spellings
from windtunnel.leakage.matrix import matrix_findings, may_derive
from windtunnel.leakage.mention import fraction, heading_value, in_listing, marked_node, naming_re, selected, table_cell
from windtunnel.leakage.model import (
    SEVERITY_RANK,
    Channel,
    DatasetError,
    Finding,
    ItemAudit,
    LeakItem,
    Severity,
    Target,
)
from windtunnel.leakage.needles import Hit, Needle, NeedleSet, whole_in
from windtunnel.leakage.numfmt import format_findings, may_format
from windtunnel.leakage.offsets import may_offset, offset_findings
from windtunnel.leakage.onehot import drop_listed_columns, may_one_hot, one_hot_findings
from windtunnel.leakage.ordinal import may_name_position, position_findings
from windtunnel.leakage.other_inputs import drop_other_inputs, may_drop, may_repeat_input, repeated_input_findings
from windtunnel.leakage.pieces import lists_every_label, piece_text
from windtunnel.leakage.pointers import escape_pointer_token, hide_answers, node_at
from windtunnel.leakage.predictions import predictions
from windtunnel.leakage.prefilter import (
    Plan,
    ascii_token_sets,
    dumps,
    plan_blob,
    probe,
    string_may_hit,
    subtree_may_hit,
    token_sets,
)
from windtunnel.leakage.queries import drop_other_results, may_query
from windtunnel.leakage.quotes import may_quote, quote_findings
from windtunnel.leakage.records import (
    ID_SHAPE,
    PLAIN_NAME,
    RECORD_ID,
    TYPE_KEYS_JSON,
    about_other_id,
    ids_of,
    outside_id_ranges,
    path_kinds,
    record_kinds,
    record_parts,
    record_values,
    typed_path,
)
from windtunnel.leakage.resolve import Own, Records, holds_records, own_cell_within, own_column_value, own_value
from windtunnel.leakage.schemas import drop_schema_values, may_hold_schema
from windtunnel.leakage.selection import apply_selection
from windtunnel.leakage.side_by_side import side_by_side
from windtunnel.leakage.sorted_rows import may_sort_rows, sorted_rows_findings
from windtunnel.leakage.struck import drop_struck, may_strike
from windtunnel.leakage.text import (
    CURRENCY_CODES,
    CURRENCY_SIGNS,
    WORD_CHAR_RE,
    WORD_RE,
    Mapped,
    full_text,
    full_view,
    normalize_needle,
)
from windtunnel.leakage.truncation import label_truncations
from windtunnel.leakage.views import decoded_views, identifier_span, named_decoded_view, pair_value, snake_words
from windtunnel.leakage.views.bytelists import byte_list_text
from windtunnel.leakage.views.inline import InlineRun, has_inline_text, inline_runs
from windtunnel.leakage.views.layout import WORD_ROW_MARK_RE
from windtunnel.leakage.views.letters import has_letter_items, letter_runs, pieces_may_cross, spelled_view
from windtunnel.leakage.views.spoken import homophone_supported

# "<name>: <answer>" in prose (or a two-cell HTML table row), tolerating emphasis, quotes and inline tags.
# Inline HTML and table cells only: a paragraph or list break (``discussed:</p><p>1. Budget``) ends the statement.
_INLINE_TAGS = r"(?:b|strong|em|i|u|code|span|mark|a|font|s|del|ins|kbd|tt|big|small|sub|sup|td|th)"
# Markup may sit on either side of the separator (``*Priority:* High``, ``**Priority:** High``); the
# value may be followed by the end of a JSON object, a query-string parameter or a table cell.
_KV_BEFORE = re.compile(
    r"[\w)\]][*_`'\"~]*(?:</?\w+>)*[ \t]*(?::|=>|->|=|</t[dh]>[ \t]*<td[^<>]{0,40}>)"
    r"[ \t]*(?:(?:[*_`'\"(\[~" + CURRENCY_SIGNS + r"]|</?" + _INLINE_TAGS + r"\b[^<>]{0,40}>)[ \t]*)*$"
)
_INLINE_TAGS_REVERSED = "(?:" + "|".join(t[::-1] for t in _INLINE_TAGS[3:-1].split("|")) + ")"
# ``_KV_BEFORE`` read backwards from the answer, for one anchored match on the reversed window instead of
# a search that tries every start in it: each part reversed, in reverse order (``\\b`` looks at both of
# its neighbours, so it stays); ``$`` also matches before a final newline, hence the optional ``\\n``.
_KV_BEFORE_REVERSED = re.compile(
    r"\n?(?:[ \t]*(?:[*_`'\"(\[~" + CURRENCY_SIGNS + r"]|>[^<>]{0,40}\b" + _INLINE_TAGS_REVERSED + r"/?<))*[ \t]*"
    r"(?::|>=|>-|=|>[^<>]{0,40}dt<[ \t]*>[dh]t/<)"
    r"[ \t]*(?:>\w+/?<)*[*_`'\"~]*[\w)\]]"
)


def _kv_before(text: str, va: int) -> bool:
    """``_KV_BEFORE.search(text, max(0, va - 80), va)``, as one match on the reversed window."""
    lo = max(0, va - 80)
    return _KV_BEFORE_REVERSED.match(text[lo:va][::-1]) is not None


# A currency code may follow the value (``Amount: 1000 USD``), as a sign may precede it (``$1,000``).
# Or another ``name=value`` pair or a quoted field follows after blanks (a log line, a pager message:
# ``SZ=M CH=EML "SUBJECT"``), or another pair after a slash (a partitioned path: ``team=Identity/dt=…``).
_KV_AFTER = re.compile(
    r"(?:[ \t]+(?i:" + CURRENCY_CODES + r")(?![\w-]))?"
    r"(?:[ \t*_`'\")\]~]|</?\w+>)*(?:$|[\n\r;,|}&]|[.!?](?:\s|$)"
    r"|(?<=[ \t])(?=[\w.-]{1,40}=[^=\s]|\"[^\"\n]*\")|/(?=[\w.-]{1,40}=))"
)
# A string value of a JSON array or object held in text or decoded content (``["WEB-1", "High"]``).
_JSON_BEFORE = re.compile(r"[\[,:]\s*\"$")
_JSON_AFTER = re.compile(r"\"\s*[,\]}]")
_MAX_EMBED_DEPTH = 3


_BLOB_VIEW = re.compile(r"\b(?:base64|base32|hex|ascii85)\b")
"""Decoders of whole runs of bytes (a token, an attachment), as opposed to a character at a time."""


def _glued_to_name(text: str, at: int) -> bool:
    """The bracket at ``text[at]`` follows a word character with no blank: ``name[``."""
    return at > 0 and (text[at - 1].isalnum() or text[at - 1] == "_")


def _json_member_value(text: str, a: int, b: int) -> bool:
    """``text[a:b]`` is the whole string value of a JSON member (``"tier":"medium"``) in a text: its
    quotes are JSON's syntax, not quotes around a word of prose."""
    before = _JSON_BEFORE.search(text, max(0, a - 8), a)
    return before is not None and before.group(0)[0] == ":" and _JSON_AFTER.match(text, b) is not None


_ATTRIBUTE_NAME = re.compile(r"[\w.:-]=$")


def _attribute_value(text: str, a: int, b: int) -> bool:
    """``text[a:b]`` is the whole quoted value of an attribute or a ``name="value"`` pair (``Urgency="4"``,
    ``level='low'``): its quotes are the pair's syntax, glued to ``=`` after a name."""
    if a < 3 or b >= len(text) or text[a - 1] not in "\"'" or text[b] != text[a - 1]:
        return False
    return _ATTRIBUTE_NAME.search(text, a - 3, a - 1) is not None


# Distinct (answers, correlated values, labels, target) combinations kept ready: a bounded cache, so
# memory stays flat however long the dataset is (a needle set is a few hundred bytes).
_PREPARED_CACHE = 16384


@dataclass(slots=True)
class _Ctx:
    """What one item's walk carries from node to node: the item, its needles and label norms, the options
    (decode, strict, the task's naming words), where it is (the string holding embedded JSON, the depth, a
    marked rich-text node) and the findings so far. One per :func:`audit_item` call, never shared."""

    item: str
    needles: NeedleSet
    label_norms: frozenset[str]
    decode: bool
    target: re.Pattern[str] | None = None
    """Naming words of the task (the defaults, the item's target and context words): see mention.py."""
    strict: bool = False
    marked: bool = False
    """Inside an ADF text node with marks, a Notion rich text with annotations, a styled Slack element."""
    findings: list[Finding] = field(default_factory=list)
    outer: tuple[str, str] | None = None
    """(pointer, representation) of the string holding the embedded JSON being walked."""
    depth: int = 0
    fast: bool = False
    """Use the sound shortcuts of :mod:`windtunnel.leakage.prefilter` inside the walk (skip keys,
    strings and whole subtrees that cannot hold a finding). Off, the walk looks at everything."""
    upstream_keys: bool = True
    """``False`` when the pre-check proved no key of the projection is upstream-named."""
    plan: Plan | None = None
    """The item pre-check's plan, when it is exact: strings and subtrees are checked against it."""
    pending_target: tuple[Any, list[str], bytes | None, Sequence[str]] | None = None
    """(projection, expected, serialised projection, context words): the target is inferred from
    them the first time the mention policy needs it (most items never do)."""
    toks: list[list[str]] = field(default_factory=list)
    ascii_toks: list[list[str]] = field(default_factory=list)
    """The token sets an ASCII string or key of the projection can hold: those all of whose words are
    ASCII, and with an exact plan that knows them only those whose words the serialisation holds
    (:attr:`~windtunnel.leakage.prefilter.Plan.live`). A decoded text is checked against ``toks``."""
    recording: list[tuple[Any, ...]] | None = None
    """While a string is classified for the cache (see :func:`_scan_string`): what it emits."""
    naming_used: bool = False
    """Whether the naming words were consulted since this was last reset (they vary by item)."""
    root: Any = None
    """The whole projection (to tell whether a grouping by label lists this record)."""
    label_order: tuple[str, ...] = ()
    """The item's label set normalised, in its order (a scale's codes step along it: :mod:`.predictions`)."""
    root_blob: bytes | None = None
    """The whole projection serialised (computed when first needed)."""
    given_naming: re.Pattern[str] | None = None
    """When the target is inferred: the naming words without it (the inference reads the field that
    holds the answer, so it cannot tell whether that field names the task)."""
    root_used: bool = False
    """Whether a decision since this was last reset looked at the projection outside the string (its
    record values, its parts): such a string's findings depend on the item and are not cached."""
    record_values: frozenset[str] | None = None
    """The projection's short scalar values (casefolded): what can tell this record's row in a table."""
    typed: bool = True
    """Whether some object of the projection may say what kind of thing it is (a ``type`` key …): known
    from the serialised projection when the pre-check made it; ``True`` when unknown."""
    record_parts: frozenset[str] | None = None
    """The top-level keys of the projection whose subtree holds a record id (computed when needed)."""
    siblings: list[Any] | None = None
    """While walking a list of two texts or more: ``[texts, None or whether they together name every
    label once]`` (rules or definitions, one per label: like one such text, they describe the task,
    principle 3). Decided only when a hit needs it."""
    records: Records | None = None
    """The projection's records in strings (tables, references), worked out when a hit first asks."""
    reads: dict[tuple[str, str], Any] = field(default_factory=dict)
    """Reads of a whole string that do not depend on the hit (see :func:`_read_once`): made once per string,
    not once per hit (a string of thousands of label words would otherwise be read whole per hit)."""
    decode_asked: bool = True
    """Decoding as asked (``--no-decode`` turns it off), whatever the pre-check's plan says: a hit seen
    as written is read again in a decoded view when nothing ties it (see :func:`_reread_decoded`)."""

    def __post_init__(self) -> None:
        self.toks = token_sets(self.needles)
        # the token sets an ASCII string can hold (a label set's lexicon brings words in other scripts)
        self.ascii_toks = ascii_token_sets(self.needles)

    task: str | None = None
    """The task's name as given or inferred (``spam_verdict``): its words around a label are the name."""

    def naming(self) -> re.Pattern[str] | None:
        """The naming words' pattern (see ``target``), inferring the target first if still pending."""
        self.naming_used = True
        if self.pending_target is not None:
            projection, expected, blob, words = self.pending_target
            self.pending_target = None
            self.task = infer_target(projection, expected, blob)
            self.target = _naming(self.task, words)
        return self.target

    def task_name(self) -> str | None:
        """The task's name (see ``task``), inferred first if still pending; the naming words depend
        on it, so consulting it counts as consulting them (the classification cache keys on them)."""
        self.naming()
        return self.task


def _needles(
    expected: Sequence[str],
    correlated: Sequence[str],
    labels: Sequence[str],
    abbreviations: Sequence[str] = (),
    derived: Sequence[str] = (),
    codes: Sequence[tuple[str, tuple[str, ...]]] = (),
    marks: Sequence[str] = (),
    inflected: Sequence[str] = (),
) -> NeedleSet:
    """The item's needles: the answers, correlated values, the other labels and the answers'
    abbreviations; ``derived``: the answers' aliases that are derived spellings (``Needle.derived``);
    ``codes``: the answers' codes in public code systems with their naming words (``Needle.names``);
    ``marks``: their codes written with their own delimiters (``Needle.mark``); ``inflected``: the answers'
    inflected forms (``Needle.inflected``)."""
    others = [lab for lab in labels if lab not in expected]
    return NeedleSet.build(expected, correlated, others, abbreviations, derived, codes, marks, inflected)


def _as_list(value: str | Sequence[str]) -> list[str]:
    """One answer or several, as a list of strings (a bare string is one answer, not its characters)."""
    return [value] if isinstance(value, str) else [str(v) for v in value]


def scan_text(
    text: str,
    expected: str | Sequence[str],
    *,
    correlated_values: Sequence[str] = (),
    label_set: Sequence[str] = (),
    target: str | None = None,
    item: str = "",
    pointer: str = "",
    representation: str = "text",
    decode: bool = True,
    context_words: Sequence[str] = (),
    strict: bool = False,
) -> list[Finding]:
    """Findings for one string the model reads (prose, markdown, HTML, a single value ...).

    The same decision as :func:`audit_item` applied to a string alone (``pointer`` and ``representation``
    label the findings). JSON held in the string is walked as structure. Pointers are not hashed here:
    a lone string has no keys to hide.
    """
    exp = _as_list(expected)
    ctx = _context(item, exp, correlated_values, label_set, decode, target, context_words, strict)
    ctx.fast = True
    _scan_string(text, pointer, representation, None, ctx, "value", suppress=False)
    return _dedupe(ctx.findings)


def scan_fields(
    fields: Any,
    expected: str | Sequence[str],
    *,
    correlated_values: Sequence[str] = (),
    label_set: Sequence[str] = (),
    target: str | None = None,
    item: str = "",
    decode: bool = True,
    context_words: Sequence[str] = (),
    strict: bool = False,
) -> list[Finding]:
    """Findings for a structured value, walked recursively (keys too); pointers are RFC 6901.

    ``target`` names what the item asks for (``priority``): a one-word answer next to it in prose
    (``high priority``, ``priority was set to high``) is then a leak rather than a review item.
    """
    exp = _as_list(expected)
    ctx = _context(item, exp, correlated_values, label_set, decode, target, context_words, strict)
    ctx.fast = not _reads_as_null(ctx.needles)  # a subtree is checked by its serialisation
    ctx.root = fields
    _walk(fields, "", "json" if not isinstance(fields, str) else "text", None, ctx, suppress=False)
    return hide_answers(_dedupe(ctx.findings), fields, [*exp, *correlated_values])


def audit_item(
    item: LeakItem | Mapping[str, Any], *, decode: bool = True, prefilter: bool = True, learned: bool | None = None
) -> ItemAudit:
    """Audit one item ``{id, expected, label_set?, correlated_values?, target?, projection}``.

    ``prefilter`` skips the recursive walk when a cheap, sound check of the serialised projection
    proves it holds no finding, and inside the walk skips keys, strings and subtrees the same check
    clears (see :mod:`windtunnel.leakage.prefilter`); results are identical. ``prefilter=False``
    walks and searches everything: the reference the shortcuts are tested against.

    The item is not modified. A mapping is validated by :meth:`LeakItem.from_mapping` (``ValueError``
    naming the field); a projection nested deeper than the recursion limit raises :class:`DatasetError`
    naming the item and line. ``decode=False`` (``--no-decode``) skips the decoded views only.

    ``learned`` (``--learned``; ``None``: :data:`~windtunnel.leakage.learned.LEARNED_DEFAULT`) adds, to an item
    the audit does not block, the learned decision over its whole-token hits (:mod:`.learned`, rule
    ``learned.hit``); off, the audit is exactly the written principles'.
    """
    it = item if isinstance(item, LeakItem) else LeakItem.from_mapping(item)
    audit = _audit_written(it, decode, prefilter)
    if learned if learned is not None else LEARNED_DEFAULT:
        extra = learned_findings(it, audit.findings)
        if extra:
            return ItemAudit(it.id, [*audit.findings, *extra], it.line, it.sources)
    return audit


def _audit_written(it: LeakItem, decode: bool, prefilter: bool) -> ItemAudit:
    """:func:`audit_item` by the written principles alone (the walk, the item principles, the finding rules).

    The order is the contract: the walk's findings; then, for an item with two labels or more, each item
    principle whose cheap ``may_apply`` passes on the serialised blob, and the one-hot test; then, when the
    walk found a leak, the finding rules rewrite its findings; then the ruled findings join them (answers
    hidden, duplicates dropped) and the selection principle decides. When nothing changed the walk's
    findings, the walk's :class:`ItemAudit` itself is returned, so callers may compare by identity. An item
    nested deeper than the recursion limit allows becomes a :class:`DatasetError` naming the item and line.
    """
    try:
        audit, blob = _audit(it, decode, prefilter)
        if not audit.findings and len(it.label_set) < 2:
            return audit  # what follows reads findings or a label set (most items of a dataset: one test)
        ruled: list[Finding] = []
        if len(it.label_set) >= 2:  # every item principle reads a label set (the gates' first test, made once)
            for principle in _ITEM_PRINCIPLES:
                if principle.may_apply(it, blob):
                    ruled += principle.findings(it.id, it.projection, it.expected, it.label_set)
            if may_one_hot(blob, it.label_set):  # needs the task's name: no _ItemPrinciple
                ruled += one_hot_findings(it.id, it.projection, it.expected, it.label_set, it.target)
    except RecursionError:
        at = f" (line {it.line})" if it.line is not None else ""
        raise DatasetError(
            f"item {it.id!r}{at} is nested too deeply to audit (more than about {sys.getrecursionlimit() - 100} "
            "levels of objects and lists)"
        ) from None
    findings = audit.findings
    if audit.leaked:
        labels = len(it.label_set)
        for rule in _FINDING_RULES:
            if labels >= rule.labels and (blob is None or rule.may_apply(blob, findings)):
                findings = rule.apply(findings, it)
        if findings == audit.findings:
            findings = audit.findings
    if ruled:
        ruled = hide_answers(ruled, it.projection, [*it.expected, *it.correlated_values])
        findings = _dedupe([*findings, *ruled])
    selected = apply_selection(it.id, it.projection, it.expected, it.label_set, findings, it.target)
    if selected is not findings:
        findings = hide_answers(selected, it.projection, [*it.expected, *it.correlated_values])
    if findings is audit.findings:
        return audit
    return ItemAudit(it.id, findings, it.line, it.sources)


class _ItemPrinciple(NamedTuple):
    """A principle that reads the whole item rather than one hit (elimination, position on a scale),
    with a sound gate on the item and its projection as the pre-check serialised it (``None`` without
    the pre-check: the gate must then answer ``True``): ``may_apply`` ``False`` proves ``findings``
    returns none, so an item it cannot apply to pays a test or two of bytes, not a walk of its strings
    with a few regexes each (~65 and ~190 µs per ticket with a label set, before the gates)."""

    may_apply: Callable[[LeakItem, bytes | None], bool]
    findings: Callable[[str, Any, Sequence[str], Sequence[str]], list[Finding]]


def _may_eliminate(it: LeakItem, blob: bytes | None) -> bool:
    """The elimination principle's gate: two labels or more, and (with the serialisation) each other
    label's words in it (:func:`~windtunnel.leakage.elimination.may_rule_out`)."""
    return len(it.label_set) >= 2 and (blob is None or may_rule_out(blob, it.expected, it.label_set))


def _may_position(it: LeakItem, blob: bytes | None) -> bool:
    """The position principle's gate: three labels or more, and (with the serialisation) a word of rank
    in it (:func:`~windtunnel.leakage.ordinal.may_name_position`)."""
    return len(it.label_set) >= 3 and (blob is None or may_name_position(blob, it.expected, it.label_set))


def _may_repeat(it: LeakItem, blob: bytes | None) -> bool:
    """The gate of principle 3 by content in a text (demonstrations written as lines): two labels or
    more, and (with the serialisation) a string of several lines
    (:func:`~windtunnel.leakage.other_inputs.may_repeat_input`)."""
    return len(it.label_set) >= 2 and (blob is None or may_repeat_input(blob))


def _may_derive(it: LeakItem, blob: bytes | None) -> bool:
    """The matrix principle's gate: the answer has a public matrix in the label set and (with the
    serialisation) the matrix's axis names are in it (:func:`~windtunnel.leakage.matrix.may_derive`)."""
    return may_derive(it.label_set, it.expected, blob)


def _may_sort_rows(it: LeakItem, blob: bytes | None) -> bool:
    """The gate of principle 5 read from a place in ordered rows: three labels or more, and (with the
    serialisation) a list of objects (:func:`~windtunnel.leakage.sorted_rows.may_sort_rows`)."""
    return len(it.label_set) >= 3 and (blob is None or may_sort_rows(blob))


def _may_difference(it: LeakItem, blob: bytes | None) -> bool:
    """The gate of principle 1 read from a difference of counts per label: two labels or more, and (with
    the serialisation) twice as many numbers under keys as labels
    (:func:`~windtunnel.leakage.deltas.may_difference`)."""
    return len(it.label_set) >= 2 and (blob is None or may_difference(blob, it.label_set))


def _may_quote(it: LeakItem, blob: bytes | None) -> bool:
    """The gate of a definition quoted: two labels or more, and (with the serialisation) a quotation mark
    inside a string (:func:`~windtunnel.leakage.quotes.may_quote`) and every other label's words (a
    definition names every label: :func:`~windtunnel.leakage.elimination.may_rule_out`)."""
    return len(it.label_set) >= 2 and (
        blob is None or (may_quote(blob) and may_rule_out(blob, it.expected, it.label_set))
    )


def _may_format(it: LeakItem, blob: bytes | None) -> bool:
    """The gate of a cell shown through its number format: two labels or more, and (with the
    serialisation) a format code and a cell value (:func:`~windtunnel.leakage.numfmt.may_format`)."""
    return len(it.label_set) >= 2 and (blob is None or may_format(blob))


_ITEM_PRINCIPLES: tuple[_ItemPrinciple, ...] = (
    _ItemPrinciple(_may_difference, delta_findings),
    _ItemPrinciple(_may_eliminate, elimination_findings),
    _ItemPrinciple(_may_position, position_findings),
    _ItemPrinciple(_may_sort_rows, sorted_rows_findings),
    _ItemPrinciple(_may_repeat, repeated_input_findings),
    _ItemPrinciple(_may_derive, matrix_findings),
    _ItemPrinciple(_may_quote, quote_findings),
    _ItemPrinciple(_may_format, format_findings),
    _ItemPrinciple(lambda it, blob: len(it.label_set) >= 2 and may_draw(blob), bar_findings),
    _ItemPrinciple(lambda it, blob: len(it.label_set) >= 2 and (blob is None or may_confirm(blob)), confirmed_findings),
    _ItemPrinciple(
        lambda it, blob: len(it.label_set) >= 2 and (blob is None or may_contain(blob)), containment_findings
    ),
    _ItemPrinciple(lambda it, blob: len(it.label_set) >= 2 and (blob is None or may_offset(blob)), offset_findings),
    _ItemPrinciple(lambda it, blob: len(it.label_set) >= 2 and (blob is None or may_tabulate(blob)), row_findings),
)
"""The item-level principles, in order (see :class:`_ItemPrinciple`). Each reads a label set of two labels
or more (its gate's first test): :func:`audit_item` asks none of them on an item without one."""


class _FindingRule(NamedTuple):
    """A principle applied to an item's findings once its walk is done (it drops the findings it
    rules out), with a sound gate on the serialised projection: ``may_apply(blob, findings)``
    ``False`` proves ``apply`` would return the findings unchanged, so the rule costs one test of
    bytes the pre-check already made on the items it cannot apply to. The reference audit
    (``prefilter=False``) applies every rule ungated, which is how the gates are tested."""

    may_apply: Callable[[bytes, Sequence[Finding]], bool]
    apply: Callable[[list[Finding], LeakItem], list[Finding]]
    labels: int = 0
    """The labels of the item's set the rule needs (``apply`` drops nothing with fewer): tested first, on
    the reference audit too."""


def _may_catalogue(blob: bytes, findings: Sequence[Finding]) -> bool:
    """The catalogue rule's gate: it drops only blocking findings' items' findings, and a catalogue holds
    objects inside an object (``{`` after a ``:``, twice at least)."""
    return blob.count(b":{") >= 2 and any(f.blocking for f in findings)


_FINDING_RULES: tuple[_FindingRule, ...] = (
    _FindingRule(may_drop, lambda fs, it: drop_other_inputs(fs, it.projection, it.label_set)),
    _FindingRule(lambda blob, _fs: may_hold_schema(blob), lambda fs, it: drop_schema_values(fs, it.projection)),
    _FindingRule(lambda blob, _fs: may_strike(blob), lambda fs, it: drop_struck(fs, it.projection)),
    _FindingRule(_may_catalogue, lambda fs, it: drop_catalogue(fs, it.projection, it.label_set), labels=2),
    _FindingRule(lambda _blob, fs: may_query(fs), lambda fs, it: drop_other_results(fs, it.projection)),
    _FindingRule(
        lambda blob, _fs: may_chart(blob), lambda fs, it: drop_even_lines(fs, it.projection, it.label_set), labels=2
    ),
    _FindingRule(
        lambda blob, _fs: may_one_hot(blob),  # a finding's own words are in the blob: only the line break tells
        lambda fs, it: drop_listed_columns(fs, it.projection, it.label_set, it.target),
    ),
)
"""Principle 3's rules that read a finding's surroundings after the walk, in order (see :class:`_FindingRule`)."""


def _audit(it: LeakItem, decode: bool, prefilter: bool) -> tuple[ItemAudit, bytes | None]:
    """The walk's audit of one item, and the projection serialised by the pre-check (``None`` without
    the pre-check or when orjson cannot write it): what the finding rules' gates read."""
    needles, label_norms = _prepared(
        tuple(it.expected), tuple(it.correlated_values), tuple(it.label_set), _alias_key(it.aliases)
    )
    blob: bytes | None = None
    upstream_keys = True
    plan: Plan | None = None
    if prefilter:  # once per needle set: this head runs on every item
        null = needles.__dict__.get("_reads_as_null")
        if null is None:
            null = needles.__dict__["_reads_as_null"] = _reads_as_null(needles)
        prefilter = not null
    walk = True
    decode_asked = decode
    pieces = True
    split: list[tuple[InlineRun, list[Hit]]] | None = None
    if prefilter:
        blob = dumps(it.projection)
        if blob is not None:
            plan = plan_blob(blob, needles, decode)
            pieces = plan.pieces
            if not plan.walk:
                split = _split_words(it.projection, blob, needles, planned=True, pieces=pieces)
                if not any(hits for _run, hits in split):
                    return ItemAudit(it.id, [], it.line, it.sources), blob
                walk = False
            decode = decode and plan.decode
            upstream_keys = plan.upstream
            if not plan.exact:
                plan = None
    ctx = _Ctx(it.id, needles, label_norms, decode, None, it.strict, fast=prefilter)
    ctx.decode_asked = decode_asked
    if it.target:
        ctx.target = _naming(it.target, it.context_words)
        ctx.task = it.target
    else:
        ctx.pending_target = (it.projection, it.expected, blob, it.context_words)
        ctx.given_naming = _naming(None, it.context_words)
    ctx.upstream_keys = upstream_keys
    ctx.plan = plan
    if plan is not None and plan.live is not None:
        # The raw strings and keys hold only words the serialisation holds (a decoded text uses ``toks``).
        ctx.ascii_toks = [list(words) for words, _adjacent in plan.live]
    if blob is not None:
        ctx.typed = _TYPE_KEY_JSON.search(blob) is not None
        ctx.root_blob = blob
    ctx.root = it.projection
    ctx.label_order = tuple(normalize_needle(lab) for lab in it.label_set)
    rep = "json" if not isinstance(it.projection, str) else "text"
    if walk:
        _walk(it.projection, "", rep, None, ctx, suppress=False)
    if split is None:
        split = _split_words(it.projection, blob, needles, pieces=pieces)
    if split:
        ctx.findings = _glued_in_runs(ctx.findings, split)
    for run, hits in split:
        if hits:
            _classify_split(run, hits, ctx)
    if ctx.label_norms and isinstance(it.projection, (Mapping, list)):
        _pointed(ctx)
    findings = hide_answers(_dedupe(ctx.findings), it.projection, [*it.expected, *it.correlated_values])
    return ItemAudit(it.id, findings, it.line, it.sources), blob


_TYPE_KEY_JSON = re.compile(b"|".join(re.escape(k) for k in TYPE_KEYS_JSON))
"""Any of the keys by which an object says what it is, as orjson writes them: one search of the
serialised projection instead of one per key."""


def _split_words(
    projection: Any, blob: bytes | None, needles: NeedleSet, *, planned: bool = False, pieces: bool = True
) -> list[tuple[InlineRun, list[Hit]]]:
    """The hits that only the rendered line of sibling rich-text nodes shows (a word split across
    nodes, ``P`` + ``2``), per run of nodes (:mod:`windtunnel.leakage.views.inline`), and those of a
    list of one-letter items read as the word they spell (:func:`~windtunnel.leakage.views.letters.letter_runs`).

    Every run is returned, with its crossing hits (often none): :func:`_glued_in_runs` needs the runs
    too. Without a text node in the serialisation (``blob``) there is no run, which the pre-check
    relies on to skip a clean item; the reference walk (``blob`` is ``None``) always looks. ``planned``:
    the pre-check's plan ruled the walk out, so ``blob`` is ASCII with no OCR misreading in it.
    ``pieces`` ``False``: the plan's anchors ruled out pieces of words crossing items (:attr:`Plan.pieces`)."""
    inline = blob is None or has_inline_text(blob)
    letters = blob is None or has_letter_items(blob)
    pieces = blob is None or (pieces and _pieces_may_cross(blob, needles, planned))
    if not inline and not letters and not pieces:
        return []
    # Items of one letter each, or of one piece of a word each (views/letters.py), are read as the
    # word they spell, as nodes are.
    runs = [
        *(inline_runs(projection) if inline else ()),
        *(letter_runs(projection, pieces=pieces) if letters or pieces else ()),
    ]
    return [(run, [h for h in needles.search(run.text, decode=False) if run.crosses(*h.span)]) for run in runs]


def _pieces_may_cross(blob: bytes, needles: NeedleSet, planned: bool = False) -> bool:
    """Whether list items holding pieces of words may spell a needle word across them in the serialised
    projection ``blob`` (:func:`~windtunnel.leakage.views.letters.pieces_may_cross`; only the answers' and
    correlated values' words: a label crossing pieces is read only in an upstream field, which a run is not).
    Sound only where the plain views of the text fold to ASCII and no OCR misreading or canonical number
    view is in play: otherwise it says yes (``planned``: the pre-check's plan has checked the first two)."""
    if needles.any_canon or (not planned and not blob.isascii()):
        return True
    low = blob.lower()
    if not planned and needles.ocr and needles.ocr_gate.misread_in(low):
        return True
    return pieces_may_cross(low, probe(needles).words)


def _glued_in_runs(findings: list[Finding], split: list[tuple[InlineRun, list[Hit]]]) -> list[Finding]:
    """``findings`` without those in one text node whose word goes on in a sibling node once rendered
    (``High`` + ``way``): the reader sees another word.

    Only a finding at the very start or end of a node's text can be glued so; one inside the node keeps
    the whole-token test the search already made."""
    where = {seg.pointer: (run, seg) for run, _h in split if run.glues for seg in run.segments}
    out: list[Finding] = []
    for f in findings:
        got = where.get(f.pointer) if f.span is not None and f.inner is None else None
        if got is not None and f.span is not None:
            run, seg = got
            a, b = seg.start + f.span[0], seg.start + f.span[1]
            text = run.text
            if (a == seg.start and a > 0 and text[a - 1].isalnum()) or (
                b == seg.end and b < len(text) and text[b].isalnum()
            ):
                continue
        out.append(f)
    return out


def _classify_split(run: InlineRun, hits: list[Hit], ctx: _Ctx) -> None:
    """Classify hits in a run's rendered line as in one string; each finding points at the node where
    the hit starts, its span the hit's characters in that node.

    The line is classified like any string (its naming words, statements, emphasis); the node's marks
    count as emphasis. The sanitizer then cuts those characters from the first node, which breaks the
    rendered word."""
    for hit in hits:
        a, b = hit.span
        seg = run.segment_at(a)
        over = [s for s in run.segments if s.start < b and a < s.end]
        text, base, whole = run.text, 0, hit.whole
        marked = [mention.marked_node(s.node) for s in over]
        lo, hi = over[0].start, over[-1].end
        if all(marked) and not run.text[lo:a].strip() and not run.text[b:hi].strip():
            # Marked nodes that together hold just the label read as one marked node holding it.
            text, base = run.text[lo:hi], lo
            whole = True
        start = len(ctx.findings)
        was = ctx.marked
        ctx.marked = any(marked)
        rep = container_representation(seg.node, "json")
        shifted = hit._replace(span=(a - base, b - base), whole=whole)
        _classify(
            shifted,
            text,
            seg.pointer,
            rep,
            None,
            ctx,
            None,
            whole_value=whole,
            suppress=False,
            covered=False,
            span=shifted.span,
        )
        ctx.marked = was
        for k in range(start, len(ctx.findings)):
            f = ctx.findings[k]
            if f.span is not None:
                fa, fb = f.span[0] + base, f.span[1] + base
                ctx.findings[k] = replace(f, span=(fa - seg.start, min(fb, seg.end) - seg.start))


_NON_FINITE = frozenset({"nan", "inf"})


def _reads_as_null(needles: NeedleSet) -> bool:
    """Some answer or correlated value can be a float ``nan`` or ``inf`` (``-inf``), which the walk
    reads as ``repr`` writes it but orjson serialises as ``null``: the pre-check of a serialisation
    cannot rule it out, so such an item (or structure) is walked without it."""
    # The longest word of such a value is one of them: checked first (this runs on every item).
    return any(
        n.role != "label" and n.key in _NON_FINITE and _NON_FINITE.issuperset(WORD_RE.findall(n.norm))
        for n in needles.needles
    )


_GENERIC_KEYS = frozenset({"name", "value", "label", "id", "key", "text", "title", "display", "displayname"})


def infer_target(projection: Any, expected: Sequence[str], blob: bytes | None = None) -> str | None:
    """The name of what the item asks for, from the field that holds the answer (``priority`` for
    ``{"priority": {"name": "High"}}``), so that ``we agreed this is high priority`` in prose is a leak.

    Generic keys (``name``, ``value`` …) defer to their parent; upstream-looking keys are ignored.
    Returns ``None`` when no field holds exactly the answer. ``blob`` is ``projection`` as serialised
    by ``orjson.dumps``, when the caller has it: an answer that does not occur in it at all is not
    looked for field by field.
    """
    wanted = {e.strip().casefold() for e in expected if e and e.strip()}
    if not wanted:
        return None
    if blob is not None and blob.isascii() and blob.find(b"\\") < 0:
        low = blob.lower()
        # Without escapes, an ASCII string value equal to the answer once stripped (casefold = lower
        # for ASCII) is the answer between quotes, with nothing but spaces around it.
        if not any(not w.isascii() or _JSON_ESCAPED.search(w) or _quoted(low, w.encode()) for w in wanted):
            return None
    queue: deque[tuple[Any, str | None]] = deque([(projection, None)])
    while queue:
        node, parent = queue.popleft()
        if isinstance(node, Mapping):
            for key, value in node.items():
                name = str(key)
                if isinstance(value, str) and value.strip().casefold() in wanted:
                    chosen = parent if name.casefold() in _GENERIC_KEYS else name
                    if chosen and not _UPSTREAM_KEY.match(chosen) and chosen.casefold() not in _GENERIC_KEYS:
                        return chosen
                elif isinstance(value, (Mapping, list)):
                    queue.append((value, name))
        elif isinstance(node, list):
            queue.extend((v, parent) for v in node)
    return None


def _quoted(low: bytes, word: bytes) -> bool:
    """``word`` occurs in ``low`` as a whole JSON string, give or take spaces.

    ``low`` is the lowercased serialisation of the projection and ``word`` an answer, both bytes; only spaces
    may stand between the word and its quotes. It is exact only for a serialisation without escapes (the
    caller, :func:`infer_target`, checks that first): there a string value equal to the answer once stripped
    is the answer between quotes, so a ``False`` lets the caller skip the walk over the fields.
    """
    pos = low.find(word)
    while pos >= 0:
        a = pos
        while a > 0 and low[a - 1] == 0x20:
            a -= 1
        b = pos + len(word)
        while b < len(low) and low[b] == 0x20:
            b += 1
        if a > 0 and low[a - 1] == 0x22 and b < len(low) and low[b] == 0x22:
            return True
        pos = low.find(word, pos + 1)
    return False


_JSON_ESCAPED = re.compile(r'["\\\x00-\x1f\x7f]')
_UPSTREAM_KEY = re.compile(r"(?i)^_?(ai|pred|suggest|auto|classif|confidence)")


def _context(
    item: str,
    expected: list[str],
    correlated: Sequence[str],
    labels: Sequence[str],
    decode: bool,
    target: str | None = None,
    context_words: Sequence[str] = (),
    strict: bool = False,
) -> _Ctx:
    """The per-item :class:`_Ctx`: the needles, the normalised label set and the naming pattern.

    The needles of the answers, correlated values and labels are prepared by :func:`_prepared` (memoised, as
    items of one dataset repeat them); the naming pattern comes from the task's name and the context words.
    ``strict`` and ``decode`` are passed through unchanged from the scan's options.
    """
    needles, label_norms = _prepared(tuple(expected), tuple(correlated), tuple(labels))
    return _Ctx(item, needles, label_norms, decode, _naming(target, context_words), strict, task=target)


def _naming(target: str | None, context_words: Sequence[str]) -> re.Pattern[str]:
    """The naming-word pattern of the mention policy for this target and these context words."""

    return naming_re(tuple(context_words), target)


def _alias_key(aliases: Mapping[str, Sequence[str]]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """An alias map as a hashable key, so the needles of items sharing one map are prepared once."""
    return tuple((k, tuple(v)) for k, v in aliases.items()) if aliases else ()


@lru_cache(maxsize=_PREPARED_CACHE)
def _prepared(
    expected: tuple[str, ...],
    correlated: tuple[str, ...],
    labels: tuple[str, ...],
    aliases: tuple[tuple[str, tuple[str, ...]], ...] = (),
) -> tuple[NeedleSet, frozenset[str]]:
    """Needles and label set of an item: built once per distinct combination (bounded).

    Each answer and label brings its aliases (:func:`~windtunnel.leakage.aliases.label_aliases`),
    matched with the same role; the label set that tells a listing stays the labels as written.
    """
    # Shared by the items of a label set; without one this combination is the whole key (no memo), and
    # without a set of two labels or the user's aliases there is nothing to draw (:func:`_bare_part`).
    if len(labels) < 2 and not aliases:
        exp, labs, abbreviations, derived, codes, marks, inflected = _bare_part(expected, labels)
    elif labels:
        # The label set's part is shared by every item with these answers and labels, whatever values
        # of its own each item carries: only those are added to it (``NeedleSet.with_correlated``).
        shared, label_norms = _shared_needles(expected, labels, aliases)
        return shared.with_correlated(correlated), label_norms
    else:
        exp, labs, abbreviations, derived, codes, marks, inflected = _label_part.__wrapped__(expected, labels, aliases)
    needles = _needles(exp, list(correlated), labs, abbreviations, derived, codes, marks, inflected)
    return needles, _label_norms(needles, labels)


_SHARED_CACHE = 256
"""Distinct (answers, label set, aliases) whose shared needle sets are kept (:func:`_shared_needles`; with
their probes, a few tens of KB each for a lexicon label set)."""


@lru_cache(maxsize=_SHARED_CACHE)
def _shared_needles(
    expected: tuple[str, ...], labels: tuple[str, ...], aliases: tuple[tuple[str, tuple[str, ...]], ...]
) -> tuple[NeedleSet, frozenset[str]]:
    """The needles of the answers and label set without any correlated value, and the label norms (which
    a correlated value never adds to): made once per (answers, label set, aliases) and extended per item
    by its own values (bounded: a file of many distinct answers keeps the last :data:`_SHARED_CACHE`)."""
    exp, labs, abbreviations, derived, codes, marks, inflected = _label_part(expected, labels, aliases)
    others = [lab for lab in labs if lab not in exp]
    needles = NeedleSet.build(exp, (), others, abbreviations, derived, codes, marks, inflected, extendable=True)
    return needles, _label_norms(needles, labels)


def _label_norms(needles: NeedleSet, labels: tuple[str, ...]) -> frozenset[str]:
    """The normalised texts of the labels as written (what tells a listing), from their needles."""
    if len(set(labels)) < 2:
        return _NO_LABELS
    return frozenset(n.norm for n in needles.needles if n.role == "label" and n.text in labels) | frozenset(
        n.norm for n in needles.needles if n.role == "expected" and n.text in labels
    )


_NO_LABELS: frozenset[str] = frozenset()
"""The label norms of an item without a label set of two: one object shared by every such needle set (a file
of distinct answers keeps one entry per answer, and each object it keeps is one more for the collector)."""


_LabelPart = tuple[
    tuple[str, ...],
    tuple[str, ...],
    tuple[str, ...],
    tuple[str, ...],
    tuple[tuple[str, tuple[str, ...]], ...],
    tuple[str, ...],
    tuple[str, ...],
]


@lru_cache(maxsize=_PREPARED_CACHE)
def _label_part(
    expected: tuple[str, ...], labels: tuple[str, ...], aliases: tuple[tuple[str, tuple[str, ...]], ...]
) -> _LabelPart:
    """What :func:`_prepared` draws from the answers and the label set alone (the answers with their
    aliases and truncations, the other labels with theirs, the abbreviations, the derived spellings,
    the codes and their marks, the answers' inflected forms that no label or alias spells): made once per
    (answers, label set, aliases) and shared by every item
    whatever its correlated values (a label set's lexicon brings a hundred aliases or more, ~130 µs)."""
    user = dict(aliases)
    exp = [*expected, *(a for e in expected for a in label_aliases(e, labels, user))]
    exp += [t for e in expected for t in label_truncations(e, labels)]
    spellings = [code_spellings(e, labels) for e in expected]
    labs = (*labels, *(a for lab in labels if lab not in expected for a in label_aliases(lab, labels, user)))
    abbreviations = tuple(a for e in expected for a in label_abbreviations(e, labels))
    derived = tuple(a for a in exp[len(expected) :] if a not in expected and derived_alias(a, labels, user))
    codes = tuple(named for s in spellings for named in s.named_codes)
    marks = tuple(m for s in spellings for m in s.marks)
    taken = {w.casefold() for w in (*exp, *labs)}
    # an inflected form that another label inflects to as well (``riding``: ``ride``, ``rid``) names neither
    taken |= {f.casefold() for lab in labels if lab not in expected for f in inflections(lab)}
    # a label word's inflections, as its other schemes, need a label set of two (what makes it a label word)
    inflected = (
        tuple(f for e in expected for f in inflections(e) if f.casefold() not in taken) if len(set(labels)) > 1 else ()
    )
    return tuple(exp), labs, abbreviations, derived, codes, marks, inflected


def _bare_part(expected: tuple[str, ...], labels: tuple[str, ...]) -> _LabelPart:
    """:func:`_label_part` of answers with fewer than two labels and no user aliases: every scheme of
    :func:`label_aliases`, the truncations, abbreviations and code systems needs a set of two labels or
    more, so the answers stand alone but for their identifier's words (``billing_dispute`` is also ``billing
    dispute`` with any label set or none; made per distinct answer on a file of distinct answers: ~3 µs less than
    asking each scheme; ``test_leak_first_pass.py`` checks it equals the general path)."""
    if not any(identifier_spellings(e) for e in (*expected, *labels)):
        return expected, labels, (), (), (), (), ()
    exp = (*expected, *(a for e in expected for a in identifier_spellings(e)))
    labs = (*labels, *(a for lab in labels if lab not in expected for a in identifier_spellings(lab)))
    return tuple(dict.fromkeys(exp)), labs, (), (), (), (), ()


def _walk(node: Any, pointer: str, rep: str, upstream: str | None, ctx: _Ctx, *, suppress: bool) -> None:
    """Walk one node of the projection at ``pointer`` (RFC 6901) read as ``rep``: an object by its keys and values,
    a list by its members (a list of byte values also as the text it holds), a scalar by the string scan.
    ``upstream`` names the earlier step's output the node sits in; ``suppress`` walks without emitting (a
    part the principles already cleared, still walked for what it holds)."""
    if type(node) is dict or isinstance(node, Mapping):
        _walk_object(node, pointer, rep, upstream, ctx, suppress=suppress)
    elif isinstance(node, list):
        if ctx.decode and len(node) >= 2 and type(node[0]) is int:
            # A list of byte values is also the text its bytes hold (``Buffer`` JSON), scanned as that
            # value; its numbers are still walked (``[45, 67]`` may be two scores as well as ``-C``).
            held = byte_list_text(node)
            if held is not None:
                _scan_scalar(held, pointer, rep, upstream, ctx, suppress)
        # A null member (a nullable enum) neither lists nor hides a label.
        scalars = [v for v in node if isinstance(v, (str, int, float))]
        marked: frozenset[int] = frozenset()
        if suppress:
            cover = True
        elif len(scalars) == len(node) - node.count(None):
            cover = _covers_labels([str(v) for v in scalars], ctx) or _lists_in_pieces(scalars, ctx)
        else:
            options = _option_objects(node, ctx)
            cover = options is not None
            marked = options or frozenset()
        others = _other_records(node, ctx) if not cover else frozenset()
        prune = upstream is None and ctx.fast
        was_siblings = ctx.siblings
        if not cover and len(scalars) >= 2 and len(scalars) == len(node):
            ctx.siblings = [[v for v in scalars if type(v) is str], None]
        for i, value in enumerate(node):
            if prune and not _may_hit(value, ctx):
                continue
            hide = (cover and i not in marked) or i in others
            _walk(value, f"{pointer}/{i}", rep, upstream, ctx, suppress=hide)
        ctx.siblings = was_siblings
    elif type(node) is str:
        _scan_string(node, pointer, rep, upstream, ctx, "value", suppress=suppress)
    elif isinstance(node, bool):
        _scan_scalar("true" if node else "false", pointer, rep, upstream, ctx, suppress)
    elif isinstance(node, (int, float)):
        _scan_scalar(repr(node) if isinstance(node, float) else str(node), pointer, rep, upstream, ctx, suppress)


def _walk_object(
    node: Mapping[Any, Any], pointer: str, rep: str, upstream: str | None, ctx: _Ctx, *, suppress: bool = False
) -> None:
    """Walk an object: its keys (unless the keys together list the label set, or none can hold a needle), then
    its values, each with the representation the container gives it and the principles that read a value
    beside its siblings (a listing, a table row of this record, a field naming the task)."""
    shape = _shape(node)
    crep = rep if shape.plain else container_representation(node, rep)
    keys = shape.keys
    covered_keys = bool(ctx.label_norms) and _covers_labels(keys, ctx)
    scan_keys = not covered_keys
    if scan_keys and ctx.fast and not ctx.needles.any_canon and shape.low is not None:
        # as keys_may_hit, with the token sets at hand: every word of some answer in the joined keys
        low = shape.low
        scan_keys = False
        for toks in ctx.ascii_toks:  # the keys are ASCII
            for tok in toks:
                if tok not in low:
                    break
            else:
                scan_keys = True
                break
    # An object keyed by two labels or more groups by label (a board, weather highs and lows): its
    # keys are a listing, unless the group under a label marks this record (a flag, or an id of this
    # record that the projection shows elsewhere).
    grouping = covered_keys or (scan_keys and bool(ctx.label_norms) and _label_keys(keys, ctx) >= 2)
    if covered_keys:
        scan_keys = True  # keyed by every label: only the group that marks this record is reported
    # An object whose values are every label (``id2label``, UI strings) lists them: principle 3.
    values_listing = (
        bool(ctx.label_norms)
        and len(node) >= len(ctx.label_norms)
        and _covers_labels([v for v in node.values() if type(v) is str], ctx)
    )
    find_upstream = upstream is None and (ctx.upstream_keys or not ctx.fast)
    prune = upstream is None and ctx.fast
    was_marked = ctx.marked
    if crep in ("adf", "notion", "slack") and not was_marked:
        ctx.marked = marked_node(node)
    structural = _STRUCTURAL if crep in ("adf", "notion", "slack") else None
    lone = prune and _one_container(node)
    may_hit = _may_hit
    for skey, token, value in zip(keys, shape.tokens, node.values(), strict=True):
        if structural is not None and skey in structural and not isinstance(value, (dict, list)):
            continue
        up = upstream
        if find_upstream and is_upstream_name(skey):
            up = f"{pointer}/{token}"
        # Skip a value that cannot hold a finding before building its pointer. The one container of
        # an object that was walked usually holds what made it worth walking: it is walked without
        # a check (walking more never changes a result, it only costs time).
        skip = up is None and prune and not (lone and type(value) in (dict, list)) and not may_hit(value, ctx)
        if skip and not scan_keys:
            continue
        child = f"{pointer}/{token}"  # the value's own place, also under an upstream field (its root is ``up``)
        if scan_keys:
            # A key is the label when it marks this record (a flag, a group listing it, a nested
            # record); a key holding a measurement or a text is a field's name (``"high": 17``).
            named = _letter_key(skey, ctx) or (not _marks_record(value, ctx) and (grouping or _measured(value)))
            _scan_key(skey, child, crep, ctx, suppress=suppress or named)
        if skip:
            continue
        start = len(ctx.findings)
        _walk(value, child, crep, up, ctx, suppress=suppress or values_listing)
        if upstream is None and up is not None and _non_empty(value):
            produced = ctx.findings[start:]
            if not any(f.channel == "upstream" for f in produced):
                _emit(
                    ctx,
                    "upstream",
                    "low",
                    child,
                    crep,
                    None,
                    "raw",
                    "upstream.field-name",
                    "field named like an earlier model's output; check where its value comes from",
                    skey,
                    "value",
                )
    ctx.marked = was_marked


def _letter_key(key: str, ctx: _Ctx) -> bool:
    """A key of one letter that is not itself a label (``n``, ``y`` beside the labels ``No``/``Yes``) is a
    name, as ``x`` and ``y`` of a point are: an abbreviation of a label is read only as a value (principle 1).
    Without a label set nothing tells a label from its abbreviation, and the key stays as it is."""
    return len(key) == 1 and bool(ctx.label_norms) and key.casefold() not in ctx.label_norms


def _pointed(ctx: _Ctx) -> None:
    """An earlier model's prediction written as numbers states the label it predicts (principle 1,
    :mod:`.predictions`): a number named as an index (``argmax``, ``label_id``) into the projection's one
    listing of every label, or the top of a score per label (``{"scores": {"billing": 0.02, "technical":
    0.9}}``, ``[{"label": …, "score": …}]``, ``"probs"`` beside ``"classes"``) named as a model's judgement
    of this record. Looked for once per item with a label set, behind the gates of the serialisation; a
    place that states the expected answer is a finding (``upstream.field-value`` under an upstream-named
    field, else ``direct.value``)."""
    if ctx.root_blob is None:
        ctx.root_blob = dumps(ctx.root) or b""
    found = predictions(ctx.root, ctx.root_blob, ctx.label_order, ctx.task_name, lambda node: _other_records(node, ctx))
    if not found:
        return
    expected = {n.norm: n.text for n in ctx.needles.needles if n.role == "expected"}
    for p in found:
        if p.norm in expected:
            channel: Channel = "upstream" if p.upstream is not None else "direct"
            rule = "upstream.field-value" if p.upstream is not None else "direct.value"
            _emit(ctx, channel, "high", p.pointer, "json", p.span, "raw", rule, p.detail, expected[p.norm], "value")


def _label_keys(keys: Sequence[str], ctx: _Ctx) -> int:

    return sum(1 for k in keys if normalize_needle(k) in ctx.label_norms)


_FLAGS = frozenset({"true", "x", "yes", "y", "1", "✓", "✔", "selected", "checked", "chosen", "current"})


def _measured(value: Any) -> bool:
    """A number that is not a 0/1 flag, or a text that is not a flag, or a list of them: what a field
    name holds (``"critical_path": ["review", "deploy"]``)."""
    if isinstance(value, bool) or value is None:
        return False
    if type(value) is list:
        return bool(value) and all(type(v) is not list and _measured(v) for v in value)
    if isinstance(value, (int, float)):
        return value not in (0, 1)
    return isinstance(value, str) and bool(value.strip()) and value.strip().casefold() not in _FLAGS


def _marks_record(value: Any, ctx: _Ctx) -> bool:
    """The value under a label key of a grouping says this record belongs there: a flag (``true``,
    ``"x"``), or an id-like string (``HELP-83994``) that the projection also shows outside the group."""
    if value is True:
        return True
    if isinstance(value, (str, int)) and str(value).strip().casefold() in _FLAGS:
        # a flag, unless it is itself a label (``{"yes": "Yes"}``: a dictionary of the labels)
        return not (isinstance(value, str) and normalize_needle(value) in ctx.label_norms)
    ids: list[str] = []
    stack = [value]
    while stack and len(ids) < 200:
        node = stack.pop()
        if isinstance(node, str):
            if RECORD_ID.fullmatch(node) and any(ch.isdigit() for ch in node):
                ids.append(node)
        elif isinstance(node, Mapping):
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node[:200])
    if not ids:
        return False
    if ctx.root_blob is None:
        ctx.root_blob = dumps(ctx.root) or b""
    return any(ctx.root_blob.count(orjson_str(i)) >= 2 for i in ids)


def _other_records(node: list[Any], ctx: _Ctx) -> frozenset[int]:
    """The indices of a list's objects that are other records: each object whose record id (an id-like
    string value of its own, ``CS-34921``) the projection shows nowhere else, when the projection also names a
    record outside the list (one related ticket is as much another record as two, when its id has the shape of
    an id outside the list: a span's hex id beside a ticket key is a part of this record). What such an object's
    fields say (its ``rating``, its ``priority``) describes that record, not this one (principle 3)."""
    if not node or not ctx.label_norms:
        return frozenset()
    ids: dict[int, list[str]] = {}
    for i, v in enumerate(node):
        if type(v) is dict:
            own = [x for x in v.values() if type(x) is str and RECORD_ID.fullmatch(x) and _lettered_id(x)]
            if own:
                ids[i] = own
    if not ids:
        return frozenset()
    outside = ids_of(ctx.root, node)
    if not outside:
        return frozenset()  # no record named outside the list: the list may be the records themselves
    if len(node) == 1 and not {_id_shape(x) for x in ids[0]} & {_id_shape(x) for x in outside}:
        return frozenset()  # one object is another record only with an id shaped like this record's (``CS-34921``)
    if ctx.root_blob is None:
        ctx.root_blob = dumps(ctx.root) or b""
    blob = ctx.root_blob
    return frozenset(i for i, own in ids.items() if all(blob.count(orjson_str(x)) == 1 for x in own))


def _lettered_id(value: str) -> bool:
    """``value`` has an id's shape and a letter (``CS-34921``, ``INC0007256``): digits joined by hyphens alone
    (a date ``2026-03-05``, keypad presses ``66-33-88``, a phone number) name no record."""
    return ID_SHAPE.search(value) is not None and any(ch.isalpha() for ch in value)


def _id_shape(record_id: str) -> str:
    """An id's shape: its letter runs as ``A``, digit runs as ``9`` (``CS-34921`` and ``TCK-1`` are both ``A-9``)."""
    return re.sub(r"[A-Za-z]+", "A", re.sub(r"\d+", "9", record_id))


def orjson_str(s: str) -> bytes:
    """``s`` as orjson writes it, quotes included: counted in the serialised projection to tell whether
    an id appears anywhere else (a substring test on bytes, no second walk)."""
    return dumps(s) or b""


class _Shape(NamedTuple):
    """What the walk needs of an object that depends on its keys alone (see :func:`_shape`)."""

    keys: tuple[str, ...]
    tokens: tuple[str, ...]
    """Each key escaped as a JSON Pointer token."""
    low: str | None
    """The keys joined by NUL and lowercased, when ASCII (``None`` otherwise)."""
    plain: bool
    """No key that :func:`container_representation` reads: the object has its parent's representation."""


_REP_KEYS = frozenset({"type", "object", "plain_text", "rich_text", "blocks"})
_SHAPES: dict[tuple[Any, ...], _Shape] = {}
"""Keys of an object (in order) → its :class:`_Shape`: objects of one dataset share a few shapes.
Bounded (cleared when full). Only all-string keys are kept, so a key tuple holding ``1`` or ``True``
never meets an entry (a string never equals either)."""
_SHAPES_MAX = 4096


def _shape(node: Mapping[Any, Any]) -> _Shape:
    """The :class:`_Shape` of an object, from its keys alone, memoised in :data:`_SHAPES`.

    Keys that are not strings (a Python dataset, not JSON) are turned into strings for the pointer tokens,
    and such a shape is computed every time, never cached. The cache is cleared outright when it reaches
    :data:`_SHAPES_MAX` entries rather than evicted one by one: a dataset has a few shapes, so a full cache
    means objects that rarely share their keys, where keeping old entries buys nothing.
    """
    ks = tuple(node)
    shape = _SHAPES.get(ks)
    if shape is not None:
        return shape
    keys = tuple(k if type(k) is str else str(k) for k in ks)
    joined = "\x00".join(keys)
    shape = _Shape(
        keys,
        tuple(escape_pointer_token(k) for k in keys),
        joined.lower() if joined.isascii() else None,
        _REP_KEYS.isdisjoint(keys),
    )
    if all(type(k) is str for k in ks):
        if len(_SHAPES) >= _SHAPES_MAX:
            _SHAPES.clear()
        _SHAPES[ks] = shape
    return shape


_STRUCTURAL = frozenset({"type", "version", "object", "localId", "level", "order", "language", "indent"})
"""Scalar fields of the rich-text formats' own schema (an ADF ``version: 1``, a node ``type``): what
kind of node it is, not text the model reads, so they are not searched for the answer."""


def _one_container(node: Mapping[Any, Any]) -> bool:
    """Exactly one value of ``node`` is an object or a list."""
    seen = 0
    for v in node.values():
        if type(v) is dict or type(v) is list:
            seen += 1
            if seen > 1:
                return False
    return seen == 1


def _may_hit(value: Any, ctx: _Ctx) -> bool:
    """Whether a value outside upstream fields can hold a finding (the walk's sound shortcut): a
    container by the pre-check of its serialisation, a string by the plan's check (what
    :func:`_scan_string` would decide); other scalars are left to their own check."""
    t = type(value)
    plan = ctx.plan
    if t is str:
        if plan is None:
            return True
        # Decided by the plan when no JSON can be held in it, it is ASCII and no needle is numeric.
        if ctx.depth < _MAX_EMBED_DEPTH and (value.find("{", 0, 64) >= 0 or value.find("[", 0, 64) >= 0):
            return True
        if ctx.needles.any_canon or not value.isascii():
            return True
        if plan.decode and plan.string_decode(value):
            return True
        low = value.lower()
        for toks in ctx.ascii_toks:
            for tok in toks:
                if tok not in low:
                    break
            else:
                return True
        return False
    if t is dict or t is list:
        if plan is not None:
            return plan.subtree_may_hit(value, ctx.needles)
        return subtree_may_hit(value, ctx.needles, ctx.decode, ctx.upstream_keys)
    return True


def _plain_words(text: str, ctx: _Ctx) -> bool:
    """Every word of some answer or correlated value occurs in ``text`` (lowercased)."""
    low = text.lower()
    for toks in ctx.toks:
        for t in toks:
            if t not in low:
                break
        else:
            return True
    return False


def _non_empty(value: Any) -> bool:
    """Any scalar under ``value`` that is not blank (``""``, ``0``, ``null``, ``false``)."""
    if isinstance(value, Mapping):
        return any(_non_empty(v) for v in value.values())
    if isinstance(value, list):
        return any(_non_empty(v) for v in value)
    return value not in (None, "", False, 0)


def _delimited_row(text: str, at: int) -> bool:
    """``text[at]`` is on a row of a comma-delimited table of several rows (three lines at least with as many
    commas as its own, the header included): a quoted cell there is that row's, decided by structure
    resolution (``table_cell``), not a JSON list's element."""
    lo, hi = text.rfind("\n", 0, at) + 1, text.find("\n", at)
    commas = text.count(",", lo, len(text) if hi < 0 else hi)
    if commas == 0 or "\n" not in text:
        return False
    return sum(1 for line in text.split("\n") if line.count(",") == commas) >= 3


def _lists_in_pieces(scalars: Sequence[str | int | float], ctx: _Ctx) -> bool:
    """The list is a tokenizer's pieces whose text lists every label (``▁Approve``, ``▁,``, ``▁Deny``): a
    listing of the label set, as the same words in a string are (:mod:`~windtunnel.leakage.pieces`)."""
    if len(ctx.label_norms) < 2:
        return False
    text = piece_text(scalars)
    return text is not None and lists_every_label(text, ctx.label_norms)


def _covers_labels(values: Sequence[str], ctx: _Ctx) -> bool:
    """``values`` (normalised) include every label of the item's label set.

    This tells a list or object that enumerates the options (a listing of the label set, principle 3) from
    one that holds an answer. Fewer values than labels cannot cover them; for ASCII values a label word
    missing from all of them rules the set out before any value is normalised, which is the common case.
    """
    if not ctx.label_norms or len(values) < len(ctx.label_norms):
        return False
    joined = "\x00".join(values)
    if joined.isascii():
        # An ASCII value normalises to its lowercased words: a label none of the values holds every
        # word of is not among them (most objects and lists, without normalising each value).
        low = joined.lower()
        for norm in ctx.label_norms:
            for word in norm.split():
                if word not in low:
                    return False

    norms = {normalize_needle(v) for v in values}
    return ctx.label_norms <= norms


def _option_objects(node: list[Any], ctx: _Ctx) -> frozenset[int] | None:
    """When ``node`` lists the options as objects, the indices of those marked as chosen; else ``None``.

    A list of objects lists the options when, under one key, its objects hold every label of the set,
    each once (Jira ``allowedValues``: ``[{"name": "Low", "id": "3"}, ...]``). Like a list of labels it
    describes the task and what is inside it is not reported, except an element marked as chosen
    (``"selected": true``, ``checked``, ``default``, ``current``), whose label gives the answer away as a
    ticked ``[x] High`` does. A change log, a vote or a history (a label twice, or not every label)
    is not a listing: each value there is what it says.
    """
    if not ctx.label_norms or len(node) < len(ctx.label_norms) or len(node) < 2:
        return None
    if not all(isinstance(element, Mapping) for element in node):
        return None

    per_key: dict[Any, list[str]] = {}
    for element in node:
        for key, value in element.items():
            if type(value) is str and len(value) <= 64:
                norm = normalize_needle(value)
                if norm in ctx.label_norms:
                    per_key.setdefault(key, []).append(norm)
    if not any(len(norms) == len(set(norms)) and set(norms) == ctx.label_norms for norms in per_key.values()):
        return None
    return frozenset(i for i, element in enumerate(node) if _chosen(element) or _lists_record(element, ctx)) | _one_hot(
        node
    )


_SET_FLAGS = frozenset({"1", "1.0", "true", "yes"})
_UNSET_FLAGS = frozenset({"0", "0.0", "false", "no"})


def _one_hot(node: list[Any]) -> frozenset[int]:
    """The option object that a field set in it alone marks: under one key, every option object holds a flag
    or a 0/1 number, one is set (``1``, ``1.0``, ``true``) and every other is unset (``0``, ``false``) — a
    reward, a score or a flag read as a one-hot column over the options (principle 6). A field left null
    anywhere (not computed), set in two, or numbering the options (``0``, ``1``, …) marks none."""
    if len(node) < 2:
        return frozenset()
    common = set(node[0]).intersection(*node[1:])
    for key in common:
        flags = [str(e[key]).lower() if type(e[key]) in (bool, int, float, str) else None for e in node]
        ones = [i for i, f in enumerate(flags) if f in _SET_FLAGS]
        if all(type(e[key]) is int for e in node) and [e[key] for e in node] == list(range(len(node))):
            continue  # the options' own numbering (``"sample": 0``, ``1``), not a flag
        if len(ones) == 1 and all(f in _UNSET_FLAGS for i, f in enumerate(flags) if i != ones[0]):
            return frozenset(ones)
    return frozenset()


def _lists_record(element: Mapping[Any, Any], ctx: _Ctx) -> bool:
    """An option object (a board's swimlane, a bucket) whose members include this record: one of its
    list values holds an id the projection shows elsewhere (see :func:`_marks_record`)."""
    return any(isinstance(v, (list, Mapping)) and _marks_record(v, ctx) for v in element.values())


_CHOSEN_KEYS = frozenset({"selected", "checked", "chosen", "default", "isdefault", "is_default", "current", "active"})


def _chosen(element: Mapping[Any, Any]) -> bool:
    """An option object marked as the one chosen (``"selected": true``, ``"isDefault": "true"``)."""
    return any(
        str(key).lower() in _CHOSEN_KEYS
        and (value is True or (type(value) is str and value.lower() in ("true", "yes")))
        for key, value in element.items()
    )


def _scan_key(key: str, pointer: str, rep: str, ctx: _Ctx, *, suppress: bool) -> None:
    """Search one object key for the needles, as written and then split into words (``isHighPriority``), and
    decide each hit: a label that is a key is a value only when the record says so (principle 1)."""
    if suppress:
        return
    if ctx.fast and key.isascii() and not ctx.needles.any_canon and not _plain_words(key, ctx):
        return
    # The key as written first (``2024-03-05``), then split into words (``isHighPriority``).
    human = Mapped(key)
    hits = ctx.needles.search(key, decode=False)
    if not hits:
        human = humanize_key(key)
        hits = ctx.needles.search(human.text, decode=False)
    for hit in hits:
        if hit.needle.role == "label":
            continue
        if not hit.whole and hit.needle.role != "correlated" and _task_name(key, ctx):
            continue  # the key is the name of the field asked for (``spam_verdict``): its words are the task's
        if not hit.whole and _serial_number(hit, human.text[: hit.span[0]] + human.text[hit.span[1] :], ctx):
            continue  # ``A1``, ``Q3`` on a numeric scale: a cell's or an item's reference, not the label
        if _lexicon_word(hit, ctx) and (
            hit.whole or _task_name(key, ctx) or not _names_task_beside(human.text, 0, len(human.text), *hit.span, ctx)
        ):
            continue  # a synonym in a key names a field (``elevated_permissions``) unless the task is named beside it
        span = human.span(*hit.span)
        corr = hit.needle.role == "correlated"
        if hit.whole:
            channel: Channel = "correlated" if corr else "direct"
            sev: Severity = "medium" if corr else "high"
            rule = "correlated.key" if corr else "direct.key"
            detail = "an object key is the " + ("correlated value" if corr else "expected answer")
        else:
            channel = "correlated" if corr else "freetext"
            sev = "medium"
            rule = "correlated.key-token" if corr else "freetext.key-token"
            detail = "an object key contains the " + ("correlated value" if corr else "expected answer")
        _emit(ctx, channel, sev, pointer, rep, span, hit.view, rule, detail, hit.needle.text, "key")


def _scan_scalar(text: str, pointer: str, rep: str, upstream: str | None, ctx: _Ctx, suppress: bool) -> None:
    """Search a scalar (a number, a boolean, or the text a list of byte values holds) as a whole value.

    Only whole-value hits count: the answer ``2`` inside ``12`` or in a longer text is not a scalar equal
    to it. The shortcut that skips the search when some needle word is missing from the text is taken only
    for ASCII text outside an upstream key and when no needle has a canonical number or date form (``2.0``
    for ``2`` would escape a word test).
    """
    # The shortcut compares the needles' folded words with the lowercased text: exact for ASCII only (the
    # text of a byte list may be 'Résiliation', whose needle word is 'resiliation').
    if ctx.fast and upstream is None and not ctx.needles.any_canon and text.isascii() and not _plain_words(text, ctx):
        return
    for hit in ctx.needles.search(text, decode=False):
        if not hit.whole:
            continue
        _classify(
            hit,
            text,
            pointer,
            rep,
            upstream,
            ctx,
            None,
            whole_value=True,
            suppress=suppress,
            covered=False,
            span=None,
        )


def _scan_string(
    text: str, pointer: str, rep: str, upstream: str | None, ctx: _Ctx, target: Target, *, suppress: bool
) -> None:
    """Scan one string: JSON held in it is walked as structure (bounded depth), then every view of the
    canonical pipeline is searched for the needles and each hit decided by the principles at its place."""
    if ctx.depth < _MAX_EMBED_DEPTH and ("{" in text[:64] or "[" in text[:64]):
        inner = embedded_json(text)
        if inner is not None:
            saved = (ctx.outer, ctx.depth)
            if ctx.outer is None:
                ctx.outer = (pointer, string_representation(text, rep) if rep not in ("json",) else rep)
            ctx.depth += 1
            inner_ptr = pointer if saved[0] is not None else ""
            _walk(inner, inner_ptr, "json-in-string", upstream, ctx, suppress=False)
            ctx.outer, ctx.depth = saved
            return
    decode = ctx.decode
    if ctx.fast and upstream is None and not ctx.needles.any_canon and text.isascii():
        # Outside upstream fields only answers and correlated values make findings; in an ASCII string
        # the same sound check as the item's pre-check decides whether any can match, and whether
        # its decoded views can add a hit (only a string holding what the item check found can).
        if ctx.plan is not None:
            decode = ctx.plan.string_decode(text)
            if not decode and not _plain_words(text, ctx):
                return
        elif not string_may_hit(text, ctx.needles, ctx.decode):
            return
    key: tuple[Any, ...] | None = None
    if ctx.fast and len(text) <= _CLASSIFIED_TEXT_MAX:
        # The findings of a string depend on the string and on these, not on where it is: a distinct
        # (string, answers) pair is searched and classified once, its emissions replayed after.
        key = (
            text,
            rep,
            upstream is None,
            ctx.needles,
            ctx.label_norms,
            decode,
            ctx.strict,
            ctx.marked,
            suppress,
            ctx.depth >= _MAX_EMBED_DEPTH,
            _field_name(pointer),
            ctx.typed,
            ctx.decode_asked,
        )
        known = _CLASSIFIED.get(key)
        if known is not None:
            naming, emits = known
            if naming is _NAMING_UNUSED or ctx.naming() == naming:
                for channel, severity, erep, span, view, rule, detail, value, etarget in emits:
                    _emit(ctx, channel, severity, pointer, erep, span, view, rule, detail, value, etarget)
                return
        # Kept from its second sighting on: a string seen once (most in a dataset of distinct
        # answers) costs a hash in a set, not an entry.
        seen = hash(key)
        if seen in _SEEN:
            ctx.recording = []
            ctx.naming_used = False
            ctx.root_used = False
        else:
            if len(_SEEN) >= _SEEN_MAX:
                _SEEN.clear()
            _SEEN.add(seen)
            key = None
    _classify_string(text, pointer, rep, upstream, ctx, decode, suppress)
    if key is not None and ctx.root_used:
        ctx.recording = None
        key = None
    if key is not None:
        emits = tuple(ctx.recording or ())
        ctx.recording = None
        if len(_CLASSIFIED) >= _CLASSIFIED_MAX:
            _CLASSIFIED.clear()
        _CLASSIFIED[key] = (ctx.target if ctx.naming_used else _NAMING_UNUSED, emits)


_CLASSIFIED: dict[tuple[Any, ...], tuple[Any, tuple[tuple[Any, ...], ...]]] = {}
"""(string, representation, outside upstream fields, needles, labels, decode, strict, marked, suppress,
deepest embedding, field name) → (the naming pattern consulted, or ``_NAMING_UNUSED``; the emissions). Bounded:
cleared when full, so memory stays flat; strings longer than ``_CLASSIFIED_TEXT_MAX`` are not kept,
nor strings seen only once (see ``_SEEN``): with distinct answers on every item an entry would cost
more to make and keep than the classification it saves."""
_CLASSIFIED_MAX = 4096
_CLASSIFIED_TEXT_MAX = 256
_SEEN: set[int] = set()
"""Hashes of the keys seen once, over the same window as the cache: a string admitted because it
came back within it is likely to come back again before its entry is dropped. (A larger window
admitted strings that recur only from one pass over a dataset to the next, whose entries were
dropped before any use: measured 15–25 % slower on the benchmark's repeated passes.)"""
_SEEN_MAX = _CLASSIFIED_MAX
_NAMING_UNUSED = object()


def forget_classified() -> None:
    """Empty the classification cache (benchmarks: so a repeated pass over a file measures one scan)."""
    _CLASSIFIED.clear()
    _SEEN.clear()


def _classify_string(
    text: str, pointer: str, rep: str, upstream: str | None, ctx: _Ctx, decode: bool, suppress: bool
) -> None:
    """Search one string and classify each hit (see :func:`_classify`).

    What the principles read of the string as a whole is worked out once, before any hit is classified:
    whether the hits cover every label of the item's set (``covered``); per view text, the spans of the
    labels (``listing``, only with two hits or more); and, for a text naming every label evenly, whether it
    defines the scale (``defines``) or singles one label out (``singles``, per view text). A hit heard only
    in the homophones view, with nothing else of the label near it, is dropped. The path segments of the
    string are left for the first hit that needs them (shared through ``segments``).
    """
    hits = ctx.needles.search(text, decode=decode)
    if not hits:
        return
    srep = string_representation(text, rep)
    covered = bool(ctx.label_norms) and ctx.label_norms <= {h.needle.norm for h in hits}
    segments: list[Any] = [_SEGMENTS_LATER]
    listing = _label_spans(hits) if ctx.label_norms and len(hits) > 1 else None
    if covered and listing is not None:
        covered = ctx.label_norms <= {n for spans in listing.values() for _a, _b, n in spans}
    defines = False
    singles: dict[str, str] | None = None
    if covered and listing is not None:
        for t, spans in listing.items():
            if _labels_even(t, spans, ctx):
                one = _singled_out(t, spans, ctx)
                if one is None:
                    defines = True
                else:
                    singles = {**(singles or {}), t: one}
    for hit in hits:
        if "homophones" in hit.view and not homophone_supported(hit.view, hit.view_text, *hit.view_span, ctx.naming()):
            continue  # a number or letter heard in a homophone, with nothing else of the label (views/spoken.py)
        _classify(
            hit,
            text,
            pointer,
            srep,
            upstream,
            ctx,
            segments,
            whole_value=hit.whole,
            suppress=suppress,
            covered=covered,
            span=hit.span,
            listing=listing,
            defines=defines,
            singles=singles,
        )


_SEGMENTS_LATER = object()
"""The path segments of a string (in a one-item list shared by its hits) are computed when a hit
first needs them: most hits are classified before."""


def _label_spans(hits: list[Hit]) -> dict[str, list[tuple[int, int, str]]]:
    """Per view text, the spans of the labels (and answers) seen in it: to tell an options listing. A
    label seen only inside another label's words (``Spam`` in ``Not spam``) is not named there."""
    out: dict[str, list[tuple[int, int, str]]] = {}
    for h in hits:
        if h.needle.role != "correlated":
            out.setdefault(h.view_text, []).append((*h.view_span, h.needle.norm))
    for text, spans in out.items():
        spans.sort()
        if len(spans) > 1:
            out[text] = [
                (a, b, n)
                for a, b, n in spans
                if not any(x <= a and b <= y and (x, y) != (a, b) and m != n for x, y, m in _near(spans, a - 80, b))
            ]
    return out


def _read_once(ctx: _Ctx, what: str, text: str, read: Callable[[], Any]) -> Any:
    """``read()``, a read of the whole ``text`` named ``what``, made once per string of the item and kept in
    :attr:`_Ctx.reads` (a decision per hit that reads its whole string is quadratic in a string of many hits)."""
    key = (what, text)
    if key not in ctx.reads:
        ctx.reads[key] = read()
    return ctx.reads[key]


def _near(spans: list[tuple[int, int, str]], lo: int, hi: int) -> list[tuple[int, int, str]]:
    """The (sorted) spans that start in ``[lo, hi)``: a window, so a long text stays linear."""
    return spans[bisect_left(spans, (lo,)) : bisect_left(spans, (hi,))]


def _classify(
    hit: Hit,
    text: str,
    pointer: str,
    rep: str,
    upstream: str | None,
    ctx: _Ctx,
    segments: list[Any] | None,
    *,
    whole_value: bool,
    suppress: bool,
    covered: bool,
    span: tuple[int, int] | None,
    listing: dict[str, list[tuple[int, int, str]]] | None = None,
    defines: bool = False,
    singles: dict[str, str] | None = None,
    reread: bool = True,
) -> None:
    """Decide one hit: which principle (if any) makes it a leak, and emit the finding.

    ``defines``: the text holding the hit names every label of the set, each once (a glossary, a
    runbook with one rule per label, a scale's help text): past the forms that state a value (a
    key-value pair, a selection mark, an identifier, a path), a mention there describes the task.
    ``singles``: per view text naming every label evenly, the label it singles out (see
    :func:`_singled_out`): not a definition but a statement of that label."""
    role = hit.needle.role
    value = hit.needle.text
    derived = hit.needle.derived and hit.needle.ocr is None
    inflected = hit.needle.inflected
    whole = inflected and _whole_inflected(hit.view_text, *hit.view_span, whole_value)
    emit = _emitter(ctx, pointer, rep, span, hit.view, value, derived, inflected, whole)
    if hit.glued:
        # ``MSE`` of ``SND-T05-MSE20``: a code's capitals glued to its digits may be its word for the label or an
        # ordinary code's letters (``MED2``, ``NO2``, ``63XL``); one record cannot tell, the dataset can
        # (:mod:`.agreement` makes it a leak where the place rides with the record's label)
        if role != "label" and not suppress:
            what = "a correlated value" if role == "correlated" else "the expected answer"
            _review(emit, role == "correlated", ctx, f"{GLUED_DETAIL} {what}")
        return
    if suppress and whole_value and rep == "json" and role != "label" and (refs := _referrers(pointer, ctx)):
        # A reference elsewhere in the record to this one member of a listing (a pointer the record copies
        # or selects it by) singles it out (principle 1, a listing marking one member): stated where the
        # reference is written, which is what the sanitizer clears.
        what = "a correlated value" if role == "correlated" else "the expected answer"
        ref = _emitter(ctx, refs[0], rep, None, hit.view, value, derived, inflected)
        _leak(
            ref,
            role == "correlated",
            "freetext",
            "freetext.selected",
            "correlated.mention",
            f"a reference selects {what}",
        )
        return
    if upstream is not None and not whole_value and _prose_line(text):
        # An earlier model's sentence (a note, a rationale): its words are prose, a label word there states
        # the label only when tied to the task (principle 2), as in any prose; ``high winds`` is weather.
        upstream = None
    if upstream is not None and suppress:
        return  # an upstream field's list of every class describes the task (the field itself is for review)
    if upstream is not None and role != "correlated" and (defines or singles is not None):
        # A text naming every label evenly (an earlier model's decision tree, its list of classes)
        # describes the task; only a label it singles out is its output.
        one = singles.get(hit.view_text) if singles is not None else None
        if one is None or one != hit.needle.norm:
            return
    if upstream is not None and hit.needle.names and not _code_named(hit.needle, _field_name(pointer), ctx):
        return  # a code of a public code system counts in an upstream field only under its system's name
    if upstream is not None:
        if role == "expected":
            emit(
                "upstream",
                "high",
                "upstream.field-value",
                "a field named like an earlier model's output holds the expected answer",
            )
        elif role == "correlated":
            emit(
                "upstream",
                "medium",
                "upstream.field-value",
                "a field named like an earlier model's output holds a correlated value",
            )
        else:
            emit(
                "upstream",
                "medium",
                "upstream.field-label",
                "a field named like an earlier model's output holds a label of the label set",
            )
        return
    if role == "label":
        return
    corr = role == "correlated"
    what = "a correlated value" if corr else "the expected answer"
    if whole_value or _noted_value(hit.view_text, *hit.view_span):
        if suppress and not (whole_value and rep == "json" and _own_column(pointer, ctx)):
            return  # an element of an options listing: it describes the task
        if _lexicon_word(hit, ctx) and normalize_needle(_field_name(pointer)) in ctx.label_norms:
            return  # ``"low": "Niedrig"``: a label's translation under the label, a definition (principle 3)
        # A value that a principle demotes to review is a review finding like a bare word in prose:
        # --strict counts it (medium), as it says.
        review: Severity = "medium" if ctx.strict else "low"
        counted = " (counted: --strict)" if ctx.strict else ""
        if not corr and _other_number(hit, pointer, ctx):
            emit(
                "freetext",
                review,
                "freetext.token",
                (
                    "a spelling derived from the label (an abbreviation, a numeral) under a field that names"
                    " something else"
                    if hit.needle.derived
                    else "a flag standing for a label under a field that names something else"
                    if _flag_alias(hit, ctx)
                    else "a number of a numeric scale under a field that names something else"
                )
                + counted,
            )
            return
        if not corr and whole_value and _ordinary_word_value(hit, text, span, pointer, ctx):
            emit(
                "freetext",
                review,
                "freetext.token",
                "the ordinary lowercase word of a capitalised label as the whole value of a field that names"
                " something else" + counted,
            )
            return
        if not corr and whole_value and rep == "json" and _other_things_field(pointer, ctx):
            emit(
                "freetext",
                review,
                "freetext.token",
                "a label word as an attribute of another thing (an object beside this record's, without an id,"
                " under a name naming neither the task nor the answer)" + counted,
            )
            return
        _leak(emit, corr, "direct", "direct.value", "correlated.value", f"the value is {what}")
        return
    view_text, (va, vb) = hit.view_text, hit.view_span
    if mention.in_task_name(ctx.task_name(), view_text, va, vb):
        return  # a word of the task's own name (``Spam Verdict:``): the field's name, not its value
    if _outside_ranges(text, ctx):
        # ``everything from CS-38875 through CS-38902 … All of those are High``: a text scoped to a range
        # of this record's id scheme that leaves this record out is about those records (principle 3).
        _review(emit, corr, ctx, f"a text about a range of records' ids that leaves this record out mentions {what}")
        return
    if _about_other_id(view_text, va, vb, ctx):
        # ``sister project PRJ-757 is reported off track`` in the report of PRJ-7495: a sentence about another
        # record of this record's id scheme (principle 3)
        _review(emit, corr, ctx, f"a sentence about another record (an id of this record's scheme) mentions {what}")
        return
    own = _own_record_value(hit, text, span, ctx)
    if own is not None and not suppress:
        if own[1] is not None:
            # The record states the value elsewhere (a cell holding an index into this table).
            emit = _emitter(ctx, own[1][0], rep, own[1][1], hit.view, value, derived, inflected, whole)
        _leak(
            emit,
            corr,
            "freetext",
            "freetext.key-value",
            "correlated.key-value",
            f"a cell of this record's row in a table of records (or a block it pulls in) is {what}",
        )
        return
    gloss = mention.element_gloss(view_text, va, vb) if "<" in view_text else None
    if gloss is not None and not _gloss_names_task(gloss, hit, ctx):
        # ``<button aria-label="Scroll to top"><span>keyboard_arrow_up</span></button>``: the markup says
        # what the element's text designates, something other than the task or the answer (principle 3's
        # gloss, ``P3 (proof of address)``): the name of that thing, for review.
        _review(
            emit, corr, ctx, f"an element's text whose markup names what it designates ('{gloss[:40]}'), not {what}"
        )
        return
    # The chosen member of a listing is a value (principle 1), a code or an abbreviation too.
    if listing is not None and (
        _selected(listing.get(view_text), hit, va, vb) or _tallied(listing.get(view_text), hit, pointer, ctx)
    ):
        _leak(
            emit,
            corr,
            "freetext",
            "freetext.selected",
            "correlated.mention",
            f"a listing of the options marks {what} as the chosen one",
        )
        return
    if hit.needle.value_only:
        # An abbreviation counts only as a value: a key-value pair or a table cell (a whole field is above).
        # A code's pair may be an attribute of a markup tag (``fill="#4c1"/>``, ``style="color:red">``);
        # a numeric code needs its name, which a table cell does not give here.
        if suppress:
            return
        code = bool(hit.needle.names)
        after = _KV_AFTER.match(view_text, vb) or (code and attribute_end(view_text, vb))
        pair = _kv_before(view_text, va) and bool(after) and _kv_names(hit, text, span, ctx)
        if code and not pair:
            # ``<Level>3</Level>``: an element holding just the code is a pair named by its tag.
            tag = mention.element_name(view_text, va, vb)
            pair = tag is not None and _kv_names(hit, text, span, ctx, name=tag)
        cell = not (code and number_code(hit.needle.text)) and "\n" in view_text
        if (
            pair
            or (cell and mention.table_cell(view_text, va, vb, lambda: _record_values(ctx)))
            or (code and segment_field(hit.needle.names, view_text, va, vb))
        ):
            how = "writes {} in a public code system" if code else "abbreviates {}"
            _leak(emit, corr, "freetext", "freetext.key-value", "correlated.key-value", f"a value {how.format(what)}")
        return
    if ctx.label_norms and (
        view_text[va:vb].isdigit() or (_numeric_scale(ctx) and number_value(view_text[va:vb]) is not None)
    ):
        part = fraction(view_text, va, vb, ctx.label_norms, ctx.naming())
        if part == "denominator":
            return  # the scale of "4/5", not a mention of 5
        if part == "numerator":
            _statement(emit, corr, f"a rating states {what} ('4/5', '4 out of 5', '4 stars')")
            return
    if listing is not None and _listed(listing.get(view_text), hit, va, vb, _same_answer(hit, ctx)):
        return  # an options listing ("Low/Medium/High", "High | Low"), whatever the separator
    if listing is not None and _scale_legend(listing.get(view_text), hit, va, vb, ctx):
        return  # a legend of the scale ("Priority from 1 (lowest) to 5 (highest)."): principle 3
    if (
        listing is not None
        and _template_listed(listing.get(view_text), hit, va, vb)
        and not mention.table_cell(view_text, va, vb, lambda: _record_values(ctx))
    ):
        # One line of a list whose lines differ only by their label (<option>, <li>, "- [ ] X"), unless
        # it is this record's row of a table, whose short id (``A8``) reads like a line counter.
        return
    segs: list[tuple[int, int]] | None = None
    if segments is not None:
        if segments[0] is _SEGMENTS_LATER:
            segments[0] = path_segments(text)
        segs = segments[0]
    seg_hit = segs is not None and span is not None and any(_strip_eq(text, a, b, span) for a, b in segs)
    if not seg_hit and hit.view.startswith("decoded"):
        # A segment that is itself encoded (``Support > QW/DqA==``): look at the decoded path.
        vsegs = path_segments(hit.view_text)
        seg_hit = vsegs is not None and any(_strip_eq(hit.view_text, a, b, hit.view_span) for a, b in vsegs)
    url_seg = False
    if seg_hit and span is not None and url_path_segment(text, *span) and url_section(text, *span):
        seg_hit = False  # a page filed under a section named by the label (``…/billing/faq``): a document
    elif not seg_hit and span is not None:
        url_seg = (url_path_segment(text, *span) and not url_section(text, *span)) or (
            hit.view.startswith("decoded")
            and url_path_segment(hit.view_text, *hit.view_span)
            and not url_section(hit.view_text, *hit.view_span)
        )
    if (url_seg or seg_hit) and suppress:
        return  # an option's icon or path (``.../priorities/high.png``) inside an options listing
    if (
        (url_seg or seg_hit)
        and _lexicon_word(hit, ctx)
        and not _names_task_beside(view_text, 0, len(view_text), va, vb, ctx)
    ):
        # ``/delivery/track``: a synonym in a path is a word of it unless the task is named there
        url_seg = seg_hit = False
    if url_seg or (seg_hit and is_url(text)):
        _leak(
            emit,
            corr,
            "direct",
            "direct.url-segment",
            "correlated.url-segment",
            f"a URL path segment or file name is {what}",
            severity="medium",
        )
        return
    if seg_hit:
        _leak(
            emit,
            corr,
            "upstream",
            "upstream.path-segment",
            "correlated.path-segment",
            f"a category path (like 'Billing/High') has a segment that is {what}",
        )
        return
    ident = _identifier_value(hit, text, span, ctx)
    if ident is not None:
        _leak(emit, corr, "direct", "direct.identifier", "correlated.identifier", f"{ident} holds {what} as a word")
        return
    kv = (
        (_kv_before(view_text, va) and bool(_KV_AFTER.match(view_text, vb))) or pair_value(view_text, va, vb)
    ) and _kv_names(hit, text, span, ctx)
    if not kv:
        # ``<Level>Error</Level>``: an element holding just the label is a pair named by its tag.
        tag = mention.element_name(view_text, va, vb)
        kv = (
            tag is not None
            and not mention.element_lists(view_text, tag, hit.needle.norm, ctx.label_norms)
            and _kv_names(hit, text, span, ctx, name=tag)
        )
    if not kv and not hit.needle.phrase:
        kv = mention.tab_pair(view_text, va, vb)
    cell = False
    if not kv and not hit.needle.phrase:
        cell = table_cell(view_text, va, vb, lambda: _record_values(ctx))
        json_at = _JSON_BEFORE.search(view_text, max(0, va - 8), va)
        kv = cell or (
            json_at is not None
            and bool(_JSON_AFTER.match(view_text, vb))
            # A member's value (``"plan_tier":"medium"`` in a decoded token) is decided by its name, as
            # any key-value pair is; an element of a list has none. A bracket glued to a name opens a
            # subscript or a graph node's text (``labels["High"]``, Mermaid ``C["High"]``), not a list.
            and (json_at.group(0)[0] != ":" or _kv_names(hit, text, span, ctx))
            and not (json_at.group(0)[0] == "[" and _glued_to_name(view_text, json_at.start()))
            and not (json_at.group(0)[0] == "," and _delimited_row(view_text, va))
        )
        if not kv and span is not None and not hit.view.startswith("decoded"):
            kv = _field_states(hit, pointer, ctx)
        if not kv and "\n" in view_text:
            naming = ctx.naming()
            kv = naming is not None and heading_value(naming, view_text, va, vb)
    if not kv and ":" in view_text:
        # A frame's payload in a length-prefixed serialisation, named by the payload before it.
        name = framed_name(view_text, va, vb)
        kv = name is not None and _kv_names(hit, text, span, ctx, name=name)
    if kv:
        _leak(
            emit,
            corr,
            "freetext",
            "freetext.key-value",
            "correlated.key-value",
            f"a cell of this record's row of a table (or of its one-record table) holds {what}"
            if cell
            else f"prose states '<name>: <value>' with {what} as the value",
        )
        return
    one = singles.get(view_text) if singles is not None else None
    if one is None and not defines:
        one = _siblings_single(ctx)
    if one is not None and one == hit.needle.norm:
        _statement(
            emit,
            corr,
            f"a text naming every label singles out {what} (the others negated, or this one tied to the record)",
        )
        return
    if defines or (covered and _sentence_covers(listing, hit, ctx)) or _siblings_define(ctx):
        return
    if (
        hit.needle.phrase
        and not _lexicon_word(hit, ctx)
        and not mention.function_phrase(hit.needle.text)
        and not mention.definite_before(view_text, va)
        and not _asked_or_negated(view_text, va, vb)
    ) or (hit.needle.mark and not (corr and _code_listed(view_text, va, vb))):
        # A phrase of the label is a leak wherever it occurs; a derived one (a lexicon word, ``junk
        # mail``) has ordinary senses and needs a tie, as a single word does, and so does one opening a
        # definite noun phrase (``the Tier 3 data centre``): it names a thing. One asked about or ruled
        # out (``Is it 'Account Access'?``, ``not Account Access``) states nothing, as a word there does.
        # A code written with its own delimiters (a syslog ``<130>``) says what it is, as a phrase does.
        _leak(
            emit,
            corr,
            "freetext",
            "freetext.phrase",
            "correlated.phrase",
            f"prose contains {what} as a code written with its delimiters"
            if hit.needle.mark
            else f"prose contains {what} as a phrase",
        )
        return
    if (
        WORD_RE.search(hit.needle.norm) is None
        and corr
        and _line_head(view_text, va)
        and not _DEFINED.match(view_text, vb)
    ):
        # A glyph heading a line or message (``🔴 New from …``) marks it, as a tag does: principle 1.
        emit("correlated", "medium", "correlated.mention", f"a glyph that is {what} marks the line it heads")
        return
    if not corr and WORD_RE.search(hit.needle.norm) is None and not _DEFINED.match(view_text, vb):
        # The answer written as a glyph (an emoji, a symbol) has no ordinary sense to be confused with;
        # one that a legend defines (``🟡 = tentative``) is named, not stated. (A correlated glyph is
        # evidence, not the label: like a correlated word it needs a tie to the task.)
        emit("freetext", "high", "freetext.glyph", f"prose holds {what}, a glyph")
        return
    cue = _tie(hit, text, span, ctx)
    if cue is not None:
        _leak(
            emit,
            corr,
            "freetext",
            f"freetext.{cue}",
            "correlated.mention",
            f"prose ties {what} to the task ({_CUES[cue]})",
        )
        return
    if reread and _reread_decoded(hit, text, pointer, rep, ctx, span):
        return
    if not hit.needle.derived and mention.command_argument(view_text, va, vb):
        _statement(emit, corr, f"a command run at a prompt is given {what} as its argument")
        return
    if not hit.needle.derived and mention.flagged_yes(view_text, vb):
        # ``X-Spam-Flag: YES``: a name holding the label set to yes states it (a "no" rules it out).
        _leak(emit, corr, "freetext", "freetext.key-value", "correlated.key-value", f"a flag named by {what} is set")
        return
    if (
        corr
        and WORD_RE.search(hit.needle.norm) is not None
        and not _DEFINED.match(view_text, vb)
        and not mention.other_things_name(view_text, va, vb)
    ):
        # The user says this value implies the answer: standing as a whole token it gives the answer away,
        # as the label would as a value. Only a text saying it is something else names it instead: a
        # legend or a gloss defining it (``P1 = urgent``, ``P3 (proof of address)``), or a noun naming
        # what it designates (``level P2``, ``form P3``).
        emit("correlated", "medium", "correlated.mention", f"prose holds {what} the user supplied, as a whole token")
        return
    _review(emit, corr, ctx, f"prose mentions {what} as a single word; review whether it gives the answer away")


_NOTE_AFTER = re.compile(
    r"[ \t]*(?:\((?=[^()\n]*[^\W\d_])[^()\n]{0,80}\)|\[(?=[^\[\]\n]*[^\W\d_])[^\[\]\n]{0,80}\])[ \t]*\Z"
)


_ENCODED_CONTEXT = re.compile(
    r"&#?\w{1,8};|%[0-9A-Fa-f]{2}|\\(?:u[0-9A-Fa-f]{4}|x[0-9A-Fa-f]{2}|[a-z]{1,32}\b)|"
    + WORD_ROW_MARK_RE.pattern
    + r'|\w[ \t]=[ \t]"[^"\n]{0,40}"[ \t]*\n'
)
"""An entity, a percent-escape, a ``\\u``/``\\x`` escape or a control word (RTF's ``{\\b High}``): what may
hide the separator or the quotes around a label that is itself written as is (``prio&#58; High``,
``\\u0022High\\u0022``, ``rated this {\\b High}.``); or the next row of a table of one word per row, or
a record's one text field (views/layout.py ``word_rows``, ``word_fields``), where the name stands rows above."""


_PROSE_WORD = re.compile(r"[(\"'“‘]?[^\W\d_]+(?:['’-][^\W\d_]+)*[)\"'”’.,;:!?]*")


def _outside_ranges(text: str, ctx: _Ctx) -> bool:
    """:func:`~windtunnel.leakage.records.outside_id_ranges` of ``text``, read once per string (it reads the whole
    text); it reads the projection's record values, which every call marks (:attr:`_Ctx.root_used`)."""
    if not _read_once(ctx, "range hint", text, lambda: _RANGE_HINT.search(text) is not None):
        return False
    values = _record_values(ctx)
    return bool(_read_once(ctx, "outside ranges", text, lambda: outside_id_ranges(text, values)))


_DIGIT = re.compile(r"\d")


def _about_other_id(text: str, start: int, end: int, ctx: _Ctx) -> bool:
    """:func:`~windtunnel.leakage.records.about_other_id` of the hit's sentence; it reads the projection's record
    values (:func:`_record_values`) only where a digit stands near the hit."""
    if _DIGIT.search(text, max(0, start - 300), end + 300) is None:
        return False
    return about_other_id(text, start, end, _record_values(ctx))


_RANGE_HINT = re.compile(r"\d\s*(?:through|thru|to|until|till|–|—|-|\.\.)\s*[A-Za-z]*[-_#]?\d")
"""A cheap gate: two numbers joined as a range somewhere in the text."""


def _prose_line(text: str) -> bool:
    """``text`` is one line of prose: five words or more, nearly every token a plain word (punctuation
    around it allowed), not a listing, a diagram, a table or a ``key: value`` record."""
    if "\n" in text or len(text) > 2000:
        return False
    tokens = text.split()
    if len(tokens) < 5:
        return False
    words = sum(1 for t in tokens if _PROSE_WORD.fullmatch(t))
    return words * 10 >= len(tokens) * 8 and text.count(":") <= 1 and text.count("=") == 0


def _gloss_names_task(gloss: str, hit: Hit, ctx: _Ctx) -> bool:
    """An element's accessible name (:func:`~windtunnel.leakage.mention.element_gloss`) that names the
    task, the answer itself or the hit's own words (``aria-label="Priority: High"``) glosses nothing away."""
    naming = ctx.naming()
    words = set(re.findall(r"[^\W_]+", gloss.casefold()))
    return (
        (naming is not None and mention.names_task(naming, gloss))
        or mention.names_answer(gloss)
        or bool(words & set(re.findall(r"[^\W_]+", hit.needle.norm.casefold())))
    )


def _reread_decoded(hit: Hit, text: str, pointer: str, rep: str, ctx: _Ctx, span: tuple[int, int] | None) -> bool:
    """A hit seen as written that nothing ties, read again in each decoded view of its string whose
    characters around it differ (an encoded separator or quotes): whether that view's reading leaks,
    and then its findings are emitted. Only for strings holding an entity or an escape near the hit.

    The trial classification writes to a list of its own (not to the item's findings, nor to the
    per-string cache's recording): only a reading that leaks is emitted, once, at the hit's own
    span. It runs with decoding as asked, not as the pre-check planned, so the fast walk and the
    reference walk read the same."""
    if span is None or hit.view.startswith("decoded") or not ctx.decode_asked:
        return False
    a, b = span
    if _ENCODED_CONTEXT.search(text, max(0, a - 24), min(len(text), b + 24)) is None:
        return False
    saved = (ctx.findings, ctx.recording, ctx.outer)
    for name, folded, (va, vb) in _decoded_places(text, hit.needle).get(span, ()):
        alt = Hit(hit.needle, span, name, whole_in(folded, va, vb), folded, (va, vb))
        ctx.findings, ctx.recording, ctx.outer = [], None, None
        try:
            _classify(
                alt,
                text,
                pointer,
                rep,
                None,
                ctx,
                None,
                whole_value=alt.whole,
                suppress=False,
                covered=False,
                span=span,
                reread=False,
            )
            found = [f for f in ctx.findings if f.severity != "low"]
        finally:
            ctx.findings, ctx.recording, ctx.outer = saved
        if found:
            for f in found:
                _emit(ctx, f.channel, f.severity, pointer, rep, f.span, f.view, f.rule, f.detail, f.value, f.target)
            return True
    return False


_Places = dict[tuple[int, int], list[tuple[str, str, tuple[int, int]]]]
_PLACES: tuple[str, dict[str, _Places]] | None = None


def _decoded_places(text: str, needle: Needle) -> _Places:
    """Where ``needle`` is seen in each decoded view of ``text``, by the original span it maps to:
    ``span → [(view name, the view's folded text, the span in it)]``. Made once per string and needle
    (the string last asked about is kept), so a string with many hits stays linear.

    A view is folded as the search folds it (:func:`~windtunnel.leakage.text.full_view`), so the
    places are those the search would have reported had the hit not been seen as written first."""
    global _PLACES
    if _PLACES is None or _PLACES[0] is not text:
        _PLACES = (text, {})
    got = _PLACES[1].get(needle.norm)
    if got is None:
        got = {}
        for name, view in decoded_views(text):
            full = full_view(view)
            for va, vb in needle.find(full.text):
                got.setdefault(full.span(va, vb), []).append((name, full.text, (va, vb)))
        _PLACES[1][needle.norm] = got
    return got


def _referrers(pointer: str, ctx: _Ctx) -> list[str]:
    """The pointers of the record's strings that refer to the value at ``pointer`` (or to the object holding
    it) by a JSON Pointer (:meth:`windtunnel.leakage.resolve.Records.referrers`)."""
    if ctx.outer is not None or ctx.root is None:
        return []  # JSON held in a string: its pointers are not the projection's
    ctx.root_used = True  # whether a reference names this value depends on the rest of the projection
    if ctx.records is None:
        ctx.records = Records(ctx.root)
    return ctx.records.referrers(pointer)


def _own_column(pointer: str, ctx: _Ctx) -> bool:
    """The value at ``pointer`` is this record's cell of a table stored by column (one array per column,
    this record's id at the same index of an array beside it): a value of this record, not a member of a
    listing of every label (:func:`windtunnel.leakage.resolve.own_column_value`)."""
    if ctx.outer is not None or ctx.root is None:
        return False  # JSON held in a string: its pointers are not the projection's
    ctx.root_used = True  # which index is this record's depends on the rest of the projection
    if ctx.records is None:
        ctx.records = Records(ctx.root)
    return own_column_value(ctx.records, pointer)


def _own_record_value(hit: Hit, text: str, span: tuple[int, int] | None, ctx: _Ctx) -> Own | None:
    """The own value holding the hit when it is a value of this record in a multi-record structure
    held in the string — a cell of its row of a table, or a block its fields pull in by reference —
    with where the record states it if elsewhere (:func:`windtunnel.leakage.records.own_value`)."""
    if span is None or ("\n" not in text and "<" not in text):
        return None
    if ctx.outer is not None:
        return None  # JSON held in a string: its strings are not the projection's
    if len(text) <= 512 and not holds_records(text):
        return None
    ctx.root_used = True  # which row is this record's depends on the rest of the projection
    if ctx.records is None:
        ctx.records = Records(ctx.root)
    if hit.view.startswith("decoded"):
        # A view joining a row's wrapped cells (``Crit`` / ``ical``) maps a hit to the whole row: the
        # hit is this record's value when one of its row's cells, pieces joined, is the needle.
        own = own_cell_within(ctx.records, text, span)
        return (span, None) if any(normalize_needle(v) == hit.needle.norm for v in own) else None
    return own_value(ctx.records, text, span)


def _noted_value(text: str, a: int, b: int) -> bool:
    """The hit ``text[a:b]`` is the value with a bracketed note after it (``P3 (contract 675)``,
    ``High [set by customer]``): nothing with a word before it, only the note after. A note in words
    qualifies the value; it does not make the value prose (principle 1: the field's value states it).
    A note of a bare quantity (``High (92%)``) reads the word as a measurement: not the value."""
    return WORD_CHAR_RE.search(text, 0, a) is None and _NOTE_AFTER.match(text, b) is not None


def _leak(
    emit: Any, corr: bool, channel: Channel, rule: str, corr_rule: str, detail: str, severity: Severity = "high"
) -> None:
    """Emit a finding of the answer (``channel``, ``rule``, ``severity``) or, for a correlated value, its
    ``correlated`` counterpart (``corr_rule``, medium)."""
    emit("correlated" if corr else channel, "medium" if corr else severity, corr_rule if corr else rule, detail)


GLUED_DETAIL = "a code's capitals glued to its digits equal"
"""How the detail of a glued review finding starts (a label glued to a code's digits, :attr:`.needles.Hit.glued`)."""


def glued_review(f: Finding) -> bool:
    """``f`` is the review finding of a label glued to a code's digits (``MSE`` of ``MSE20``): a weak mention the
    per-item audit cannot decide, which the dataset's agreement evidence promotes, or clears where it found the
    place at chance (:mod:`.agreement`)."""
    return f.rule in ("freetext.token", "correlated.token") and f.detail.startswith(GLUED_DETAIL)


def _review(emit: Any, corr: bool, ctx: _Ctx, detail: str) -> None:
    """A mention left for a person (``freetext.token``, or ``correlated.token`` for a correlated value): low
    severity, medium and counted under ``--strict`` (and the detail says so)."""
    emit(
        "correlated" if corr else "freetext",
        "medium" if ctx.strict else "low",
        "correlated.token" if corr else "freetext.token",
        detail + (" (counted: --strict)" if ctx.strict else ""),
    )


def _statement(emit: Any, corr: bool, detail: str) -> None:
    """A leak the text states (``freetext.statement``, or ``correlated.mention`` for a correlated value): the
    one emit of the principles that read a statement of the answer (a rating, a command's argument …)."""
    _leak(emit, corr, "freetext", "freetext.statement", "correlated.mention", detail)


def _line_head(text: str, a: int) -> bool:
    """Only blanks, markup and a list item's marker (a bullet, a box, ticked or not: ``☐ ! Renew …``)
    stand between the start of the line and ``a``, and words follow."""
    lo = text.rfind("\n", 0, a) + 1
    return not text[lo:a].strip(_HEAD_MARKS) and bool(WORD_RE.search(text, a, min(len(text), a + 40)))


_HEAD_MARKS = " \t*_>-[]()`•◦▪‣☐☑☒✅⬜✓✔"


_DEFINED = re.compile(r"[ \t]*(?:=|:|->|→|–|—|means\b|stands for\b)")
_CODE_NEIGHBOURS = re.compile(r"[^\s,;/|()\[\]{}]+")


def _code_listed(text: str, a: int, b: int) -> bool:
    """The code ``text[a:b]`` written with its own delimiters is defined or listed, not given: a legend
    defines it (``$tag7 = High``), or a code of the same shape stands beside it with separators only
    between (``$tag5 / $tag6 / $tag7``: a catalogue of the codes, one per label). The shape is the code's
    non-word characters and where they stand (``$``…, ``#``…, …``:``)."""
    if _DEFINED.match(text, b):
        return True
    shape = _code_shape(text[a:b])
    before = text[max(0, a - 24) : a].rstrip(" \t,;/|")
    after = text[b : b + 24].lstrip(" \t,;/|")
    last = [m for m in _CODE_NEIGHBOURS.finditer(before) if m.end() == len(before)]
    first = _CODE_NEIGHBOURS.match(after)
    near = [m.group(0) for m in [*last, first] if m is not None]
    return any(tok != text[a:b] and _code_shape(tok) == shape for tok in near)


def _code_shape(token: str) -> str:
    """A code's shape: its word characters as one mark, its other characters kept (``$tag7`` → ``$w``)."""
    return re.sub(r"\w+", "w", token)


_CUES = {
    "target-mention": "a word naming what is asked for is next to it",
    "emphasis": "it stands alone in emphasis, code, a link, quotes or a marked rich-text node",
    "statement": "a sentence states it ('is', 'set to', 'marked as' ...)",
}


_SENTENCE_END = re.compile(r"[.!?\n]\s")
"""A sentence's end followed by a space, for the covering and the caseless-sentence tests. (A second definition with
another pattern stood here and was shadowed by this one at import, so it never ran; removed. Running it would
change findings on 42 of the 20,164 benchmark items.)"""
_SENTENCE_MAX = 400
"""A sentence is looked for at most this many characters on each side of a hit."""


def _sentence_covers(listing: dict[str, list[tuple[int, int, str]]] | None, hit: Hit, ctx: _Ctx) -> bool:
    """The sentence around ``hit`` mentions every label: it describes the task ("return true if the
    message is spam, otherwise false"), it does not give the answer."""
    spans = listing.get(hit.view_text) if listing is not None else None
    if not spans:
        return False
    text, (va, vb) = hit.view_text, hit.view_span
    start = max(0, va - _SENTENCE_MAX)
    for m in _SENTENCE_END.finditer(text, start, va):
        start = m.end()
    nxt = _SENTENCE_END.search(text, vb, vb + _SENTENCE_MAX)
    end = nxt.start() if nxt is not None else min(len(text), vb + _SENTENCE_MAX)
    if "<" in text:
        # A block of markup ends a sentence as a full stop does (a note's ``<div>`` beside a form's buttons).
        for m in _BLOCK_BREAK.finditer(text, start, va):
            start = m.end()
        blk = _BLOCK_BREAK.search(text, vb, end)
        end = blk.start() if blk is not None else end
    return ctx.label_norms <= {norm for a, b, norm in _near(spans, start, end) if b <= end}


_BLOCK_BREAK = re.compile(
    r"</?(?:p|div|li|dd|dt|tr|td|th|h[1-6]|blockquote|section|article|header|footer|aside|form|ul|ol|dl|table|br)"
    r"(?=[\s/>])[^<>]{0,200}>",
    re.IGNORECASE,
)
"""A tag that opens or closes a block of markup (or a line break): where a sentence ends in HTML whatever its
punctuation, so the text of one block is not read as the same sentence as the options listed in the next."""


def _labels_even(text: str, spans: list[tuple[int, int, str]], ctx: _Ctx) -> bool:
    """The text names every label of the set, each as many times, leaving out the places where labels
    stand next to each other as a listing or a range (``Sev1–Sev4``, ``Sev3 and Sev4``): principle 3,
    a text that defines or routes every label, one place (or two) each, describes the scale; a label
    named once more than the others may be stated. Not for a numeric scale: a text naming each number
    once (slides 1 to 6, a table of ratings) is common."""
    if _numeric_scale(ctx):
        return False
    named: set[str] = set()
    seen: dict[str, set[tuple[int, int]]] = {}
    for a, b, norm in spans:
        if norm not in ctx.label_norms:
            continue
        named.add(norm)
        if not mention.in_listing([(x, y) for x, y, n in _near(spans, a - 80, b + 80) if n != norm], text, a, b):
            seen.setdefault(norm, set()).add((a, b))
    # Half the labels or more (two at least) are defined or routed on their own, each as often: a
    # listing followed by one statement ("Options: A, B or C. We went with B.") is not a definition.
    return (
        len(named) == len(ctx.label_norms)
        and len(seen) >= max(2, (len(ctx.label_norms) + 1) // 2)
        and len({len(places) for places in seen.values()}) == 1
    )


def _siblings_define(ctx: _Ctx) -> bool:
    """The list of texts being walked names every label once (see ``_Ctx.siblings``), decided once per
    list; the string's findings then depend on its siblings and are not cached."""
    if ctx.siblings is None:
        return False
    ctx.root_used = True
    if ctx.siblings[1] is None:
        ctx.siblings[1] = _texts_define(ctx.siblings[0], ctx)
    return ctx.siblings[1] is True


def _siblings_single(ctx: _Ctx) -> str | None:
    """The label that the list of texts being walked singles out, when it names every label evenly
    (``["Low: not applicable", "Medium: not applicable", "High: applies to this ticket"]``)."""
    if ctx.siblings is None:
        return None
    _siblings_define(ctx)
    one = ctx.siblings[1]
    return one if isinstance(one, str) else None


def _texts_define(texts: list[str], ctx: _Ctx) -> bool | str:
    """A list of texts that together name every label, each once (one rule or definition per label):
    ``True``; the label such a list singles out (:func:`_singled_out`), or ``False``."""
    if len(texts) < 2 or not ctx.label_norms or not _covers_words("\x00".join(texts), ctx):
        return False
    joined = "\n".join(texts)
    spans = _label_spans(ctx.needles.search(joined, decode=False))
    for t, sp in spans.items():
        if _labels_even(t, sp, ctx):
            one = _singled_out(t, sp, ctx)
            return True if one is None else one
    return False


_NEGATED_BEFORE = re.compile(r"(?:\b(?:not|no|never|isn'?t|wasn'?t|non)\W+(?:\w+\W+)?)\Z", re.IGNORECASE)
"""A negation right before a label (``Not Low``, ``not the Low``): the text rules the label out."""
_VERDICT_AFTER = re.compile(
    r"[\s:=?\-–—>)*]*(?:(?P<neg>no|not(?:\s+\w+)?|n/?a|none|false|nope|never|[✗✘❌])|"
    r"(?P<pos>yes|true|applies|applicable|yep|[✓✔✅☑]))(?![\w/])[^\S\n]*(?:[.!;,\n]|\Z)",
    re.IGNORECASE,
)
"""A one-word verdict right after a label, ending its clause (``Low: no``, ``Is it High? Yes.``,
``Medium: not applicable``): the text answers for each label in turn."""
_POINTS_HERE = re.compile(
    r"<-+|←|⇐|👈|\bthis\s+(?:one|ticket|record|item|case|issue|request|message|incident|report|entry|row)\b",
    re.IGNORECASE,
)
"""An arrow or a phrase pointing at the record (``<-- this ticket``, ``applies to this case``)."""
_ID_TOKEN = re.compile(r"(?<![\w-])[^\W\d_](?:[^\W\d]|[.-])*+(\d[\w-]*)?")
"""An id-like token (letters, then a digit: ``CS-38870``, ``T.4``) when group 1 is set. Its run up to the first digit
is read once (possessive): a lazy run tried again from each word of a long dotted run without digits (``Low.Medium.``
× 8,000) was quadratic."""
_CLAUSE_BREAK = re.compile(r"[.!?;](?=\s|\Z)|\n")


def _singled_out(text: str, spans: list[tuple[int, int, str]], ctx: _Ctx) -> str | None:
    """The label that a text naming every label evenly singles out, if any (principle 3 holds only
    for a definition, whose parts describe each label in parallel): the only label whose part points
    at this record (the record's id, an arrow, ``this ticket``, a ``yes``), or the only one not ruled
    out when every other label (two at least) is negated (``Not Low. Not Medium. Definitely High.``,
    ``Low: no / Medium: no / High: yes``). A label's part runs from the start of its clause to the
    start of the clause of the next label."""
    own = [(a, b, n) for a, b, n in spans if n in ctx.label_norms]
    if len({n for _, _, n in own}) < 2:
        return None
    ids: list[str] = []
    if ctx.root is not None and len({m[0] for m in _ID_TOKEN.finditer(text) if m[1]}) <= 1:
        # The record's id points at it only where it is the text's one id: a table of records (a
        # spreadsheet's strings, an export) names many, this one among them.
        ctx.root_used = True
        ids = [i.casefold() for i in ids_of(ctx.root)]  # the view texts are casefolded
    starts = []
    for a, _b, _n in own:
        lo = 0
        for m in _CLAUSE_BREAK.finditer(text, max(0, a - 200), a):
            lo = m.end()
        starts.append(lo)
    pos: dict[str, bool] = {}
    neg: dict[str, bool] = {}
    for k, (a, b, n) in enumerate(own):
        lo = max(starts[k], own[k - 1][1] if k else 0)
        hi = len(text) if k + 1 == len(own) else (starts[k + 1] if starts[k + 1] > b else own[k + 1][0])
        part = text[lo:hi]
        verdict = _VERDICT_AFTER.match(text, b, hi) if hi > b else None
        is_pos = bool(verdict and verdict.group("pos")) or bool(_POINTS_HERE.search(part))
        is_pos = is_pos or any(re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", part.casefold()) for i in ids)
        is_neg = bool(verdict and verdict.group("neg")) or bool(_NEGATED_BEFORE.search(text, max(lo, a - 24), a))
        pos[n] = pos.get(n, False) or is_pos
        neg[n] = neg.get(n, False) or is_neg
    positive = [n for n, v in pos.items() if v]
    if len(positive) == 1 and not neg[positive[0]]:
        return positive[0]
    if not positive:
        # A graph's branch conditions (``-- no -->``) are not negations of the leaf they lead to.
        marked = _marked_nodes(text, own)
        if len(marked) == 1:
            return marked[0]
    open_ = [n for n, v in neg.items() if not v]
    if len(open_) == 1 and len(neg) >= 3:
        return open_[0]
    return None


_NODE_BEFORE = re.compile(r"(?<![\w-])([^\W\d_][\w-]{0,30})[ \t]*[\[({]+[ \t]*(?:label[ \t]*=[ \t]*)?[\"']?[ \t]*\Z")
"""A node of a drawn graph holding a label as its text: its id glued to the bracket that opens the text
(Mermaid ``L3["Sev4"]``, ``L3(Sev4)``, ``L3{{Sev4}}``; DOT ``L3 [label="Sev4"]``)."""
_EDGE = re.compile(r"-->|->|--|==>|\.->|<-")


def _marked_nodes(text: str, own: list[tuple[int, int, str]]) -> list[str]:
    """The labels whose graph node (see ``_NODE_BEFORE``) a line of the text names again without an edge
    and without a label: a style, a class or a highlight given to that node (``class L3 visited``,
    ``style L3 fill:#f00``, DOT ``L3 [color=red]``). A diagram that marks one leaf singles its label out
    (the path an earlier model took); one that styles every leaf alike, or none, describes the labels."""
    nodes: dict[str, str] = {}
    for a, _b, n in own:
        m = _NODE_BEFORE.search(text, max(0, a - 48), a)
        if m is not None:
            nodes.setdefault(m.group(1), n)
    if len(nodes) < 2:
        return []
    label_lines = {text.count("\n", 0, a) for a, _b, _n in own}
    marked: list[str] = []
    for k, line in enumerate(text.split("\n")):
        if k in label_lines or _EDGE.search(line) is not None:
            continue
        for word in re.findall(r"[^\W\d_][\w-]*", line):
            label = nodes.get(word)
            if label is not None and label not in marked:
                marked.append(label)
    return marked


def _covers_words(text: str, ctx: _Ctx) -> bool:
    """Every word of every label occurs in ``text`` (lowercased; non-ASCII text is not ruled out)."""
    if not text.isascii():
        return True
    low = text.lower()
    return all(word in low for norm in ctx.label_norms for word in norm.split())


def _selected(spans: list[tuple[int, int, str]] | None, hit: Hit, va: int, vb: int) -> bool:
    """Exactly this label of a listing carries a selection mark (``[x]``, ``☑``, ``<option selected>``),
    or its marks set it apart from the other members of its line, all marked alike (``~Negative~
    ~Neutral~ *Positive*``: :func:`~windtunnel.leakage.mention.marked_apart`), or its line's lead mark
    sets it apart from the other members' lines, all led alike (``> return 'High'`` among ``! return
    'Low'``: :func:`~windtunnel.leakage.mention.gutter_apart`)."""
    if not spans:
        return False

    text = hit.view_text
    if not selected(text, va):
        near = [(a, b) for a, b, norm in _near(spans, va - 200, vb + 200) if norm != hit.needle.norm]
        if mention.marked_apart(text, va, vb, near) is not None:
            return True
        if not mention.gutter_led(text, va, vb):
            return False  # an unmarked line: no lead mark sets it apart (its 2,000 characters around are not read)
        lines = [(a, b) for a, b, norm in _near(spans, va - 2000, vb + 2000) if norm != hit.needle.norm]
        return mention.gutter_apart(text, va, vb, lines) is not None
    others = [a for a, _b, norm in _near(spans, va - LISTING_REACH, vb + LISTING_REACH) if norm != hit.needle.norm]
    return bool(others) and not any(selected(text, a) for a in others)


def _tallied(spans: list[tuple[int, int, str]] | None, hit: Hit, pointer: str, ctx: _Ctx) -> bool:
    """A tally of every label gives this one the majority (:func:`~windtunnel.leakage.mention.tally_winner`:
    a poll's votes, a form's responses) and the tally is about this record: the text above its first
    member, or a text beside it in the same object, names the task or holds this record's id (``Priority
    for HD-8?``, ``"export": "Triage CS-6 — responses"``). A poll of another question (``How did the
    retro feel?``) counts votes for something else."""
    if not spans or not ctx.label_norms:
        return False
    text, (va, vb) = hit.view_text, hit.view_span
    members: list[tuple[int, int]] = []
    for a, b, norm in spans:
        if norm in ctx.label_norms:
            members.append((a, b))
            if len(members) > len(ctx.label_norms):
                return False  # a tally lists every label once (and a string of many labels is not read whole per hit)
    if len(members) != len(ctx.label_norms) or {n for _a, _b, n in spans if n in ctx.label_norms} != ctx.label_norms:
        return False  # a tally lists every label once
    won = mention.tally_winner(text, members)
    if won is None or members[won] != (va, vb):
        return False
    texts = [text[: text.rfind("\n", 0, members[0][0]) + 1]]
    parent = _node_at(ctx, pointer.rpartition("/")[0]) if ctx.outer is None else None
    if isinstance(parent, Mapping):
        texts += [v for k, v in parent.items() if isinstance(v, str) and k != pointer.rpartition("/")[2]]
    naming = ctx.naming()
    ctx.root_used = True  # the decision reads the projection's ids and the string's siblings
    ids = [i.casefold() for i in ids_of(ctx.root)]
    for said in texts:
        low = said.casefold()
        if (naming is not None and mention.names_task(naming, said)) or any(
            re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", low) for i in ids
        ):
            return True
    return False


def _node_at(ctx: _Ctx, pointer: str) -> Any:
    """The node of the projection at ``pointer`` (``None`` when the path leaves it)."""
    return node_at(ctx.root, (t.replace("~1", "/").replace("~0", "~") for t in pointer.split("/")[1:]))


def _template_listed(spans: list[tuple[int, int, str]] | None, hit: Hit, va: int, vb: int) -> bool:
    """The line holding the hit and a nearby line holding another label are the same line once each
    label is taken out: the lines of a listing (``<option value="Low">Low</option>``, ``<li>Low</li>``,
    ``- [ ] Low``, ``LOW = 1,``), numbers aside (``id="r0"``, ``id="r1"``). A marked line differs from its
    siblings, so a chosen option is not hidden. Members written side by side on one line (a one-line form's
    buttons) are compared as the units they repeat (:func:`~windtunnel.leakage.side_by_side.side_by_side`)."""
    if not spans:
        return False
    text = hit.view_text
    if side_by_side(text, spans, va, vb, hit.needle.norm):
        return True
    lo, hi = _line_around(text, va, vb)
    # The hit's line goes on past a cut (a long line): its members there are on the same line, not another one.
    before, after = text.rfind("\n", max(0, lo - 600), lo), text.find("\n", hi, hi + 600)
    others = _near(spans, max(0, lo - 600), before + 1) + (_near(spans, after, hi + 600) if after >= 0 else [])
    mine: str | None = None
    for a, b, norm in others:
        if norm == hit.needle.norm:
            continue
        if mine is None:
            mine = _DIGITS.sub("0", text[lo:hi].replace(text[va:vb], "\x00"))
        la, lb = _line_around(text, a, b)
        if _DIGITS.sub("0", text[la:lb].replace(text[a:b], "\x00")) == mine:
            return True
    return False


LISTING_REACH = 2000
"""Characters each side of a hit within which the other members of its listing are read (their selection marks,
their lines): a listing is written in one place, and a string holding thousands of label words on one line would
otherwise be read whole once per hit (quadratic: 8,000 labels in 40,000 characters took 10 s)."""


def _line_around(text: str, va: int, vb: int) -> tuple[int, int]:
    """The bounds of the line holding ``text[va:vb]``, cut to :data:`LISTING_REACH` characters each side of it (a
    listing's lines are short; a longer line is compared by the part around its label)."""
    lo = text.rfind("\n", max(0, va - LISTING_REACH), va) + 1 or max(0, va - LISTING_REACH)
    hi = text.find("\n", vb, vb + LISTING_REACH)
    return lo, min(len(text), vb + LISTING_REACH) if hi < 0 else hi


_DIGITS = re.compile(r"(?<=[A-Za-z_])\d+")
"""Numbers glued to a name that count the lines of a listing (``id="r0"``, ``id="r1"``, ``opt2``) are
not what sets a line apart: compared as one. (Dates and times stay: the lines of a history differ.)"""


def _listed(
    spans: list[tuple[int, int, str]] | None, hit: Hit, va: int, vb: int, same: frozenset[str] = frozenset()
) -> bool:
    """The hit is next to another label of the set with only separators between (an options listing).
    ``same``: the norms of other spellings of the hit's own label (``invoicing/charges`` are two words
    for one label, not a listing of two)."""
    if not spans:
        return False

    others = [(a, b) for a, b, norm in _near(spans, va - 80, vb + 80) if norm != hit.needle.norm and norm not in same]
    return in_listing(others, hit.view_text, va, vb)


_LEGEND_GAP = re.compile(r"[^<>{}|\n\r]{1,40}")
"""What may stand between the two ends of a legend: a short run of the same sentence (not markup, a
table's next cell or line)."""
_CHANGE = re.compile(
    r"(?<!\w)(?:mov|chang|bump|rais|lower|upgrad|downgrad|escalat|increas|decreas|reduc|drop|went|jump|"
    r"was|were|now|up|down|previous|before|after|instead|not)\w*"
)
"""Words of change or contrast: "changed from 1 to 5", "5 (was 1)" state the value; a legend does not."""
_RANGE = re.compile(r"(?<!\w)(?:to|through|thru|until|till)(?!\w)|[-–—=…]|\.\.")
"""What joins the ends of a range: "1 to 5", "1 (lowest) – 5 (highest)", "1 = lowest … 5 = highest"."""
_CLAUSE_START = re.compile(r"[<>{}|\n\r.!?;:][^<>{}|\n\r.!?;:]*\Z")


def _scale_legend(spans: list[tuple[int, int, str]] | None, hit: Hit, va: int, vb: int, ctx: _Ctx) -> bool:
    """The hit is one end of a numeric scale (``1`` or ``5`` of ``1``–``5``) within a few words of the
    other end, with no change between them (``Priority from 1 (lowest) to 5 (highest).``): a legend of
    the scale, as a listing of every label is (principle 3), not a statement of either end."""
    numbers = [n for n in ctx.label_norms if n.isdigit()]  # a scale's other-shaped label (``SG``) is no end
    if not spans or not _numeric_scale(ctx) or len(numbers) < 2:
        return False
    ends = {min(numbers, key=int), max(numbers, key=int)}
    if hit.needle.norm not in ends:
        return False
    text = hit.view_text
    for a, b, n in _near(spans, va - 41, vb + 41):
        if n == hit.needle.norm or n not in ends:
            continue
        lo, hi = (b, va) if b <= va else (vb, a)
        if lo >= hi or not _LEGEND_GAP.fullmatch(text, lo, hi) or _RANGE.search(text, lo, hi) is None:
            continue
        # the clause before the range too: "Priority changed from 1 to 5" is a change, not a legend
        first = min(a, va)
        before = _CLAUSE_START.search(text, max(0, first - 60), first)
        start = before.start() + 1 if before is not None else max(0, first - 60)
        if _CHANGE.search(text, start, hi) is None:
            return True
    return False


def _same_answer(hit: Hit, ctx: _Ctx) -> frozenset[str]:
    """The norms that spell the same answer as ``hit`` otherwise: for an answer's derived spelling
    (a lexicon word) every spelling of the answers, for the answer itself its derived spellings."""
    if hit.needle.role != "expected":
        return frozenset()
    needles = ctx.needles.needles
    if hit.needle.derived:  # read once per item (:func:`_read_once`), not once per hit
        return _read_once(
            ctx, "same answer", "derived", lambda: frozenset(n.norm for n in needles if n.role == "expected")
        )
    return _read_once(
        ctx, "same answer", "", lambda: frozenset(n.norm for n in needles if n.role == "expected" and n.derived)
    )


_VALUE_KEYS = frozenset(
    {"name", "value", "display_value", "displayvalue", "display", "displayname", "text", "title", "id", "key"}
)
"""Keys holding the value of their parent field (ServiceNow ``priority.display_value``)."""


@lru_cache(maxsize=4096)
def _field_name(pointer: str) -> str:
    """The field a value sits under, looking through list indices and value keys (memoised: a dataset's
    pointers recur item after item, and a hit asks for its field two or three times)."""
    for tok in reversed(pointer.rsplit("/", 4)[1:]):
        if tok and not tok.isdigit() and tok.casefold() not in _VALUE_KEYS:
            return tok
    return ""


def _field_states(hit: Hit, pointer: str, ctx: _Ctx) -> bool:
    """Key-value whose name is the field (QA-7 F7-19): a short value under a field naming the task
    (``"priority": "2 - High"``, ``"urgency": "High (P2)"``) states the label, as ``priority: 2 - High``
    in prose does."""

    name = _field_name(pointer)
    naming = ctx.naming() if name else None
    return (
        naming is not None
        and mention.names_task(naming, name)
        and mention.field_value_states(naming, hit.view_text, *hit.view_span)
    )


_FLAG_WORDS = frozenset({"true", "false"})


def _flag_alias(hit: Hit, ctx: _Ctx) -> bool:
    """The hit is a flag spelling (``true``, ``false``) standing for a label it is not (``Yes``)."""
    return bool(ctx.label_norms) and hit.needle.norm in _FLAG_WORDS and hit.needle.norm not in ctx.label_norms


def _numeric_scale(ctx: _Ctx) -> bool:
    """The item's labels are numbers (a rating scale), or three numbers or more and one label of another shape
    beside them, as a counted scale may hold one (grades ``1`` … ``5`` and ``SG``, a sample below grade)."""
    if not ctx.label_norms:
        return False
    numbers = sum(n.isdigit() for n in ctx.label_norms)
    return numbers == len(ctx.label_norms) or (numbers >= 3 and numbers == len(ctx.label_norms) - 1)


def _other_number(hit: Hit, pointer: str, ctx: _Ctx) -> bool:
    """A label of a numeric scale (``1``–``5``) as the whole value of a field whose name names
    something else (``"shard": 3``, ``"qty": 3``): a number has many senses; only a field naming the
    task (or an unnamed one: a list element, the whole projection) makes it the label. So has a flag
    that is an alias of a label (``"diarize": true`` for the label ``Yes``), as after ``hit=``
    (:func:`_kv_names`): a setting of something else, not the answer."""
    derived = hit.needle.derived
    # A flag's field is judged against the task's naming words (its name, the words of its question):
    # with no task known, no field names it, and a flag is a setting unless its field names the answer.
    flag = _flag_alias(hit, ctx)
    if not derived and not flag and (not hit.needle.text.isdigit() or not _numeric_scale(ctx)):
        return False
    name = _pair_name(pointer, ctx) or _field_name(pointer)
    if hit.needle.names:
        # A code with no name over it (a list element, an ``id`` at the top) is tied to nothing.
        return not (name and _code_named(hit.needle, name, ctx))
    naming = ctx.naming() if name else None
    if naming is None or (derived and _cryptic(name)):
        return False
    return (
        not mention.names_task(naming, name)
        and not mention.names_answer(name)
        and not (flag and mention.shares_task_word(ctx.task_name(), name))
    )


def _ordinary_word_value(hit: Hit, text: str, span: tuple[int, int] | None, pointer: str, ctx: _Ctx) -> bool:
    """A label written with capitals (``Medium``) as the ordinary lowercase word (``medium``), the whole
    value of a field whose name names neither the task nor the answer (``"plan_tier": "medium"``,
    ``"login_risk": "low"`` for a ``priority`` task): another attribute in the word's ordinary sense, as
    ``Battery status: low`` is in prose (:func:`_kv_names`). A field naming the task (``"prio": "high"``),
    a cryptic one (``cf_10234``), an earlier model's output (decided before) or an unknown task keep it
    the value; so does a label the set writes in lowercase, which has no case to tell it apart."""
    label = hit.needle.text
    if span is None or label == label.lower() or not _WORDS_ONLY.fullmatch(label) or hit.needle.derived:
        return False  # a code (``Sev4``) has no ordinary sense
    if hit.view.startswith("decoded"):
        return False
    written = text[span[0] : span[1]]
    if written != written.lower() or full_text(written) != hit.needle.norm:
        return False
    name = _pair_name(pointer, ctx) or _field_name(pointer)
    task = ctx.task_name() if name else None
    naming = ctx.naming() if task else None
    if naming is None or task is None or _cryptic(name):
        return False
    return not (
        mention.names_task(naming, name)
        or mention.names_answer(name)
        or mention.shares_task_word(task, name)
        or _abbreviates(name, task)
        or _reply(pointer, naming, ctx)
    )


_REPLY_WINDOW = 6
"""How many earlier turns of a thread a reply may answer."""


def _reply(pointer: str, naming: re.Pattern[str], ctx: _Ctx) -> bool:
    """The value is a turn of a thread that answers a question about the task: an element of a list
    (a message, or its text under the same key as its siblings' texts) after an element, a few turns
    back at most, whose text asks about the task (``Thoughts on sentiment?`` then ``*neutral``). A list
    names no attribute of its elements: a turn holding just the label is a reply stating it, whatever the
    list is called (principle 2: a statement tied to the task by the question it answers)."""
    tokens = [t.replace("~1", "/").replace("~0", "~") for t in pointer.split("/")[1:]]
    at = next((i for i in range(len(tokens) - 1, -1, -1) if tokens[i].isdigit()), None)
    if at is None or len(tokens) - at > 2 or ctx.root is None or ctx.outer is not None:
        return False
    ctx.root_used = True  # the decision reads the string's siblings
    node = node_at(ctx.root, tokens[:at])
    if not isinstance(node, list):
        return False
    key = tokens[at + 1] if at + 1 < len(tokens) else None
    index = int(tokens[at])
    for turn in node[max(0, index - _REPLY_WINDOW) : index]:
        said = turn.get(key) if key is not None and isinstance(turn, Mapping) else turn if key is None else None
        if isinstance(said, str) and mention.asks_task(naming, said):
            return True
    return False


def _abbreviates(name: str, task: str) -> bool:
    """A word of the field's name is a clipping of a word of the task's name (``prio`` for ``priority``,
    ``sev`` for ``severity``): the field the task asks for, written short."""
    whole = mention.task_words(task)
    return any(any(t.startswith(w) for t in whole) for w in mention.task_words(name))


_WORDS_ONLY = re.compile(r"[^\W\d_]+(?: [^\W\d_]+)*")


_PAIR_NAMES = ("name", "key", "field", "id")
"""The member that names a field written as an object of a name and a value (``{"id": 360010001,
"value": "Niedrig"}``, ``{"field": "urgency", "value": "URG"}``): a key-value pair in JSON's words."""


def _code_named(needle: Needle, name: str, ctx: _Ctx) -> bool:
    """A code of a public code system (``Needle.names``) under the name ``name`` states the label:
    when the name holds a word naming the code system (``"levelno": 30``, ``"color": "danger"``,
    ``<Level>2</Level>``), or, for a code that is not a number (``HH``, ``amber``), under the ties of
    any derived spelling: a name naming the task or the answer, or a cryptic one. A number has too
    many senses for a plain name of the task to make it a code (``"priority": 4`` is no CVSS score)."""
    if names_code(needle.names, name):
        return True
    if number_code(needle.text):
        return False
    naming = ctx.naming()
    return naming is None or _cryptic(name) or mention.names_task(naming, name) or mention.names_answer(name)


def _pair_name(pointer: str, ctx: _Ctx) -> str | None:
    """The name of the pair when the value sits under ``value`` in a small object that names it with a
    scalar ``name``, ``key``, ``field`` or ``id`` (a custom field, an attribute list); else ``None``.
    The name decides like a key's: a cryptic one (``360010001``) is a coded field."""
    head, _, last = pointer.rpartition("/")
    if last.casefold() != "value" or ctx.root is None:
        return None
    node = _node_at(ctx, head)
    if not isinstance(node, Mapping) or len(node) > 4:
        return None
    ctx.root_used = True  # the decision reads a sibling of the string
    for k in _PAIR_NAMES:
        v = node.get(k)
        if isinstance(v, (str, int)) and not isinstance(v, bool) and str(v).strip():
            return str(v)
    return None


_NAME_TOKEN = re.compile(r"[^\W_]+(?:[_-][^\W_]+)*")


def _cryptic(name: str) -> bool:
    """The last name of ``name`` is a code rather than words: it holds a digit (``cf_10234``) or is a
    short run of capitals (``URGCY``, ``CAT``, ``PRI``). A derived spelling of a label (``URG``,
    ``IV``) under such a name is the record's coded value: a terse report has no plain name to
    tell the field by."""
    toks = _NAME_TOKEN.findall(name)
    last = toks[-1] if toks else ""
    return bool(last) and (not PLAIN_NAME.fullmatch(last) or (last.isupper() and len(last) <= 6))


def _other_things_field(pointer: str, ctx: _Ctx) -> bool:
    """A field of another thing (principle 3): the value sits in a top-level part of the projection
    that holds no record id while another part does, and that says what kind of thing it is
    (``{"case": {"key": "CASE-7", …}, "related": {"type": "device", "attributes": {"gemstone":
    "Amber"}}}``), under a name of plain words that names neither the task nor the answer. Such a
    part describes something the record is related to (a device, a profile, an order line); its
    ``toner_level`` or ``gemstone`` is that thing's attribute, not this record's label.
    A part naming the task (``"triage": {"priority": "High"}``) or a cryptic field (``cf_10234``) is not."""
    name = _field_name(pointer)  # the field name is part of the classification cache's key: checked first
    if not _plain_other_name(name):
        return False
    if not ctx.typed:
        return False  # no object of the projection says what it is (part of the cache's key)
    ctx.root_used = True
    if ctx.outer is not None or not isinstance(ctx.root, Mapping) or pointer.count("/") < 2:
        return False
    tokens = [t.replace("~1", "/").replace("~0", "~") for t in pointer.split("/")[1:]]
    if not typed_path(ctx.root, tokens, ctx.label_norms):
        return False
    if ctx.record_parts is None:
        ctx.record_parts = record_parts(ctx.root)
    if tokens[0] in ctx.record_parts or not ctx.record_parts:
        return False
    inferred = ctx.naming()
    naming = ctx.given_naming or inferred
    if naming is None or any(mention.names_task(naming, w) for w in tokens if not w.isdigit()):
        return False
    # A part that says it is the record's own kind (``"kind": "ticket"`` beside ``ticket_id``), or a
    # kind that names the task (``"type": "queue"`` for a queue task), is the record's, not another thing.
    own = record_kinds(ctx.root)
    return not any(
        set(_WORDS_OF.findall(kind)) & own or mention.names_task(naming, kind)
        for kind in path_kinds(ctx.root, tokens, ctx.label_norms)
    )


@lru_cache(maxsize=4096)
def _plain_other_name(name: str) -> bool:
    """Whether a field name may name another thing's attribute (:func:`_other_things_field`'s test of the name
    alone): plain words, naming neither an earlier model's output nor the answer (memoised: names recur)."""
    return (
        bool(name)
        and PLAIN_NAME.fullmatch(name) is not None
        and not is_upstream_name(name)
        and not mention.names_answer(name)
    )


_WORDS_OF = re.compile(r"[^\W\d_]+")


def _record_values(ctx: _Ctx) -> frozenset[str]:
    """:func:`~windtunnel.leakage.records.record_values` of the item's projection, computed once."""
    ctx.root_used = True
    if ctx.record_values is None:
        ctx.record_values = record_values(ctx.root)
    return ctx.record_values


_FILE_NAME = re.compile(r"\.(?=[a-z0-9]{0,4}[a-z])[a-z0-9]{1,5}$")
"""A name ending with a file extension (``sales-report-Q1.xlsx``): a document's title, not a code."""
_VALUE_EDGES = " \t\r\n\"'`[](){}<>,;"


def _identifier_value(hit: Hit, text: str, span: tuple[int, int] | None, ctx: _Ctx) -> str | None:
    """Why the hit is a word of an identifier that is a value, or ``None``: an identifier that is the
    whole string (``cat:billing``, ``large_green_circle``, ``SEVERITY_HIGH``) or the value of a
    key-value pair (``riskLevel: RiskLevel.CRITICAL``, ``priority=P_HIGH``). The identifier is looked
    for in the string as written when the hit is in it (its case shows camelCase humps), else in the
    decoded view."""
    if span is not None and not hit.view.startswith("decoded"):
        src, (a, b) = text, span
    else:
        src, (a, b) = hit.view_text, hit.view_span
    found = identifier_span(src, a, b)
    if found is None:
        # A hyphenated token is an identifier only as a whole value (a tag ``sev-4``, ``urg-routine``):
        # in prose a hyphen joins English compounds (``high-quality``).
        found = identifier_span(src, a, b, "._:/-")
        if found is None or src[: found[0]].strip(_VALUE_EDGES) or src[found[1] :].strip(_VALUE_EDGES):
            return None
    ia, ib = found
    if hit.view.endswith("canonical"):
        return None  # a number read out of a date or an amount is not a word of the identifier
    token = src[ia:ib]
    if "//" in token or (token.islower() and is_url(token)) or _FILE_NAME.search(token):
        return None  # a URL, a host name or a file name: the URL and path-segment checks decide
    if _task_name(token, ctx):
        return None  # ``"stage": "spam-verdict"`` names the task (``spam_verdict``), it does not answer it
    if _lexicon_word(hit, ctx) and not _names_task_beside(src, ia, ib, a, b, ctx):
        return None  # ``refund-approved`` names a stage; ``priority_elevated`` states the label
    if _serial_number(hit, src[ia:a] + " " + src[b:ib], ctx):
        return None
    if not src[:ia].strip(_VALUE_EDGES) and not src[ib:].strip(_VALUE_EDGES):
        if _qualifies_words_after(src, ia, ib, a, b, ctx):
            return None  # ``menu.platform.status``, ``payments-ro``, ``safe.haven.99``: a name, not a value
        return "an identifier that is the whole value"
    if _kv_before(src, ia) and _KV_AFTER.match(src, ib) and _kv_names(hit, text, span, ctx, name_at=ia):
        return "an identifier that is the value of a key-value pair"
    if _SETTER_BEFORE.search(src, max(0, ia - 80), ia) and _SETTER_AFTER.match(src, ib):
        return "an identifier passed to a setter (a key-value pair in code)"
    if b == ib and a > ia and _names_task_beside(src, ia, ib, a, b, ctx) and not _catalogued(src, ia, a, hit, ctx):
        # ``priority_code.p2`` in a log line: the field's name and its value joined, a pair in one word
        return "an identifier naming the task and ending in the label (a field's key with its value)"
    return None


_LETTER_WORD = re.compile(r"[^\W\d_]{2,}")


def _qualifies_words_after(src: str, ia: int, ib: int, a: int, b: int, ctx: _Ctx) -> bool:
    """The label ``src[a:b]`` is not the last word of the dotted or hyphenated name ``src[ia:ib]``: a
    word of letters follows it and no word of the name names the task (principle 3, a label word as
    part of a name). A name whose words are joined by dots or hyphens only reads from the general to
    the particular and names its last word: a UI string's key (``menu.platform.status``,
    ``chart.legend.negative-values``), a handle (``safe.haven.99``), a group (``payments-ro``); a label
    word with more words after it qualifies them, as in the English compound it spells. Such a name
    ending with the label states it (``ticket.sentiment.negative``, ``sev-4``), and a word naming the
    task keeps it the value wherever it stands (``high-priority.queue``). Identifiers joined by ``_``,
    ``:`` or ``/`` are codes and slugs that state values in any position (``large_green_circle``,
    ``approve_refund``, a branch ``fix/tkt-7-routine-podcast``): they are left to principle 1. Digits
    alone after the label are a counter (``sev-high-2``), not a word."""
    if _LETTER_WORD.search(src, b, ib) is None or _CODE_JOINERS.search(src, ia, ib) is not None:
        return False
    return not _names_task_beside(src, ia, ib, a, b, ctx)


_CODE_JOINERS = re.compile(r"[_:/]")


def _catalogued(src: str, ia: int, a: int, hit: Hit, ctx: _Ctx) -> bool:
    """The identifier's lead ``src[ia:a]`` (``priority.``) also leads another label in ``src``: a catalogue
    of keys, one per label (``priority.low``, ``priority.high``), defines the labels (principle 3)."""
    lead = src[ia:a].casefold()
    low = src.casefold()
    return any(lead + label in low for label in ctx.label_norms if label != hit.needle.norm)


def _lexicon_word(hit: Hit, ctx: _Ctx) -> bool:
    """The hit is a derived spelling that is a word of the lexicon (a synonym, a translation): on a
    numeric scale the derived spellings are numerals (``FOUR``), which identifiers and keys state as
    they are, and an OCR misreading (``Hiqh``) is the label itself, read wrong."""
    return hit.needle.derived and hit.needle.ocr is None and not _numeric_scale(ctx)


def _task_name(token: str, ctx: _Ctx) -> bool:
    """The identifier ``token`` is, word for word, a name of the task (``spam-verdict`` for the target
    ``spam_verdict``): a label word in it is a word of the task's name, not an answer."""
    naming = ctx.naming()
    words = " ".join(re.split(r"[\W_]+", snake_words(token).casefold())).strip()
    return naming is not None and " " in words and naming.fullmatch(words) is not None


def _names_task_beside(src: str, ia: int, ib: int, a: int, b: int, ctx: _Ctx) -> bool:
    """The identifier ``src[ia:ib]`` holds, beside the hit ``src[a:b]``, a word naming the task
    (``priority_elevated``, ``Sentiment.FAVOURABLE``): what a derived spelling (a lexicon word) needs
    to be a label in an identifier rather than a word of it."""
    naming = ctx.naming()
    return naming is not None and naming.search(snake_words(src[ia:a] + " " + src[b:ib]).casefold()) is not None


def _serial_number(hit: Hit, rest: str, ctx: _Ctx) -> bool:
    """A number of a numeric scale after a code of capitals that names neither the task nor the answer: a
    record's serial number (``ORD-4``, ``INC-4``, ``T-4``), not the label. ``SEV-4``, ``SEVERITY_4``, ``rating_4``
    and ``stars-4`` stay values (QA-10 minor 5)."""
    if not (hit.needle.text.isdigit() and _numeric_scale(ctx)):
        return False
    code = rest.strip(" -_#:./")
    if not _SERIAL_CODE.fullmatch(code):
        return False
    naming = ctx.naming()
    return naming is not None and not mention.names_task(naming, code) and not mention.names_answer(code)


_SERIAL_CODE = re.compile(r"[A-Z]{1,6}")


_SETTER_BEFORE = re.compile(r"\bset_?[A-Za-z]\w*[ \t]*\([ \t]*\Z")
_SETTER_AFTER = re.compile(r"[ \t]*\)")
"""``setRefundEligible(RefundDecision.YES)``, ``set_priority(Priority.HIGH)``: the one argument of a
setter is the value of the field it names, as in ``refundEligible = RefundDecision.YES``."""


def _kv_names(
    hit: Hit, text: str, span: tuple[int, int] | None, ctx: _Ctx, *, name_at: int | None = None, name: str | None = None
) -> bool:
    """Whether a ``name: value`` construction states the label: always when the name names the task
    (``Priority: high``); under another name (``outcome = High``, ``Battery status: low``) only when
    a case-distinct label is written with capitals, not as the ordinary lowercase word (QA-7 F7-15).
    A number of a numeric scale, or a spelling derived from the label (``Mark`` for ``Marketing``,
    ``IV`` for ``4``), only under a name naming the task or the answer (``outcome=3``, not ``qty=3``),
    a derived spelling also under a cryptic name (``URGCY=URG``). ``name``: the construction's name when
    it is not written right before the value (an XML element's tag, :func:`mention.element_name`)."""
    label = hit.needle.text
    va = hit.view_span[0] if name_at is None else name_at
    given = name
    if hit.needle.names:
        # The pair's own name only (``port=`` in ``level=info port=50``), not the words before it.
        name = given if given is not None else last_name(mention.kv_name(hit.view_text, va))
        return bool(name) and _code_named(hit.needle, name, ctx)
    if hit.needle.derived:
        naming = ctx.naming()
        name = given if given is not None else mention.kv_name(hit.view_text, va)
        # The views are casefolded: a code's capitals (``URGCY=``) are read in the original text.
        at = span[0] - (hit.view_span[0] - va) if span is not None and not hit.view.startswith("decoded") else -1
        return (
            naming is None
            or _cryptic(mention.kv_name(text, at) if at >= 0 and given is None else name)
            or mention.names_task(naming, name)
            or mention.names_answer(name)
        )
    if (label.isdigit() and _numeric_scale(ctx)) or _flag_alias(hit, ctx):
        # A number has many senses (``qty=3``, ``page: 2``): as for a field's whole value
        # (:func:`_other_number`), only a name naming the task makes it the label. So has a flag
        # spelling that is an alias of a label (``hit=false`` in a log, for the label ``no``).
        naming = ctx.naming()
        name = given if given is not None else mention.kv_name(hit.view_text, va)
        return (
            naming is None
            or mention.names_task(naming, name)
            or mention.names_answer(name)
            or (_flag_alias(hit, ctx) and mention.shares_task_word(ctx.task_name(), name))
        )
    if label == label.lower():
        return True
    # The characters as written, also for a hit a decoded view shows when they are the label as is
    # (an encoded separator or quotes around it, :func:`_reread_decoded`): their case counts.
    written = text[span[0] : span[1]] if span is not None else None
    original = (
        written
        if written is not None and (not hit.view.startswith("decoded") or full_text(written) == hit.needle.norm)
        else None
    )
    if original is None and span is not None and _BLOB_VIEW.search(hit.view) is not None:
        # A blob's decoder gives back the characters as its author wrote them, their case included (a
        # JWT's claims). A word spelled out by character references or escapes (``h&#105;gh``) is
        # hidden on purpose: its case says nothing, it reads as the label.
        shown = named_decoded_view(text, hit.view)
        if shown is not None and len(shown.text) == len(hit.view_text):
            original = shown.text[hit.view_span[0] : hit.view_span[1]]
            if full_text(original) != hit.needle.norm:
                original = None
    if original is None or original != original.lower():
        return True
    naming = ctx.naming()
    kv_name = given if given is not None else mention.kv_name(hit.view_text, va)
    # ``prio=low`` in a log line: a clipped name of the task names it as the whole word does.
    return naming is not None and (mention.names_task(naming, kv_name) or mention.clips_task(naming, kv_name))


_NEGATED = re.compile(r"(?i)(?<!\w)(?:not|never|isn'?t|wasn'?t|aren'?t|rather\s+than|instead\s+of)[\s,]+\Z")
_QUESTION_END = re.compile(r"[.!?\n]")


def _asked_or_negated(text: str, a: int, b: int) -> bool:
    """The mention ``text[a:b]`` is negated right before it (``not High``, ``rather than High``) or stands in a
    question (its sentence ends with ``?``): the prose asks about the label or rules it out, it does not state it.
    (A text ruling out every other label is principle 4's, :mod:`.elimination`.)"""
    if _NEGATED.search(text[max(0, a - 24) : a]):
        return True
    end = _QUESTION_END.search(text, b, b + _SENTENCE_MAX)
    return end is not None and end.group() == "?"


def _tie(hit: Hit, text: str, span: tuple[int, int] | None, ctx: _Ctx) -> str | None:
    """The cue of the mention policy that ties a one-word mention to the task, if any (mention.py).

    Returns ``"target-mention"`` (the task's name stands near the word), ``"emphasis"`` (quoted, spelled out
    letter by letter, or alone in a short marked text) or ``"statement"`` (a request for the option, the
    label heading the item, a statement about the item), and ``None`` when the word is ordinary prose: the
    task's own name (``spam-verdict``), a question or a negation, a count in brackets, a JSON member's or an
    attribute's value, a proper noun or a compound. The tests run in that order and the first that decides
    returns, so an earlier ``None`` wins over a later cue. ``span`` is the hit's place in ``text``; without
    one only the naming cue is read. A decoded view is read as its decoded text, case kept, and only when
    that text lines up with the view character for character.
    """

    view_text, (va, vb) = hit.view_text, hit.view_span
    naming = ctx.naming()
    before = _RUN_BEFORE.search(view_text, max(0, va - 40), va)
    after = _RUN_AFTER.match(view_text, vb, vb + mention.NAME_REACH)
    if (
        before is not None
        and after is not None
        and after.end() < vb + mention.NAME_REACH  # a longer run is not the task's name
        and _task_name(before.group(0) + view_text[va:vb] + after.group(0), ctx)
    ):
        return None  # ``spam-verdict``: the task's own name, not an answer
    if _asked_or_negated(view_text, va, vb):
        return None  # "Is this high priority?", "not High, but Medium": no statement of the label
    if naming is not None and mention.naming_near(naming, view_text, va, vb):
        return "target-mention"
    if span is None:
        return None
    if spelled_view(hit.view):
        return "emphasis"  # spelled out letter by letter: singled out as quotes would (views/letters.py)
    a, b = span
    if hit.view.startswith("decoded"):
        # What a decoder shows is read as written once decoded (``Mode=\nrate`` is ``Moderate``):
        # the same ties, looked for in the decoded view with its case kept.
        written = named_decoded_view(text, hit.view)
        if written is None or len(written.text) != len(view_text):
            return None
        text, (a, b) = written.text, (va, vb)
    if ctx.marked and len(mention._WORDS.findall(text)) <= 3:
        return "emphasis"
    counted = mention.counted_noun(text, a, b) if hit.needle.text.isdigit() and _numeric_scale(ctx) else None
    if (
        counted is not None
        and not (naming is not None and mention.names_task(naming, counted))
        and not mention.names_answer(counted)
    ):
        return None  # ``Attachments (2)``: a count of the things named, not the label in brackets (principle 3)
    if _json_member_value(text, a, b) or (
        (hit.needle.derived or _flag_alias(hit, ctx)) and _attribute_value(text, a, b)
    ):
        # ``"plan_tier":"small"``, a derived spelling in ``Urgency="4"``, a flag spelling standing for a
        # label in ``aria-hidden="true"``: JSON's or an attribute's quotes, a pair its name decides
        # (:func:`_kv_names`; principle 3's flag under a name of something else), not quotes singling a word out
        return None
    if mention.emphasised(text, a, b, _read_once(ctx, "markup runs", text, lambda: mention.markup_runs(text))):
        return "emphasis"
    # A sentence written without its capital (a speech transcript, a lowercased log) carries no case:
    # the label's capitals cannot set it apart there, so it is read like an all-lowercase label.
    cased = mention.case_matches(hit.needle.text, text[a:b])
    caseless = not cased and _caseless_sentence(text, a, ctx)
    if not cased and not caseless:
        return None
    if cased and mention.quoted(text, a, b) and not _delimited_row(text, a):
        return "emphasis"  # (a delimited table quotes its cells: that is the format's, not emphasis)
    # A label with its own case (``High``) set apart from the ordinary word needs no more; an
    # all-lowercase one (``positive``) needs a statement about the item (``it's positive``).
    distinct = hit.needle.text != hit.needle.text.lower() and not caseless
    if distinct and mention.proper_noun_follows(text, b):
        return None  # "such as High Street", "it is High Court business": a name, not the label
    if mention.in_compound(view_text, va, vb):
        return None  # "the device is High-end": a statement of the compound
    if mention.requested(view_text, va, vb):
        return "statement"  # "medium please": a request for one option chooses it
    if mention.heads_the_item(view_text, va, vb):
        return "statement"  # "open the Positive review below": the record named by its label
    if caseless and not _CASELESS_HEAD.match(text, b):
        # "this is a high school project": without case the label must end its phrase or head the item's noun.
        return None
    if mention.statement_before(view_text, va, vb, about_item=not distinct) and not _other_subject(view_text, va):
        return "statement"
    return None


_OTHER_THING = re.compile(
    r"(?<![\w-])(?:previous|prior|earlier|preceding|another|other|comparable|similar|related|sibling|"
    r"neighbou?ring|parent|linked|duplicate)(?![\w-])",
    re.IGNORECASE,
)
_THIS_THING = re.compile(r"(?<![\w-])(?:this|it|its|same|current)(?![\w-])", re.IGNORECASE)


def _other_subject(text: str, a: int) -> bool:
    """The clause stating a label at ``text[a]`` is about another record: a word before the label in
    its clause says the thing is another one (``Previous exercise in the set was rated Difficult``,
    ``Comparable store #1169 was Profitable``, ``the related ticket is High``) and none says it is
    this one (``this``, ``it``, ``same``): a statement of that record's label (principle 3), not of
    this record's."""
    lo = 0
    for m in _CLAUSE_BREAK.finditer(text, max(0, a - 160), a):
        lo = m.end()
    clause = text[lo:a]
    return _OTHER_THING.search(clause) is not None and _THIS_THING.search(clause) is None


_RUN_BEFORE = re.compile(r"[\w-]*\Z")
_RUN_AFTER = re.compile(r"[\w-]*")
"""The run of word characters and hyphens around a hit (``spam-verdict``)."""
# After a label in a caseless sentence: the end of its clause, or a noun naming the item ("a billing question").
_CASELESS_HEAD = re.compile(
    r"\s*(?:$|[.,;:!?)\n]|(?:ticket|item|issue|request|message|case|e-?mail|review|call|post|comment|question|"
    r"one|thing|matter|problem)s?(?!\w))"
)


def _caseless_sentence(text: str, a: int, ctx: _Ctx) -> bool:
    """The sentence holding ``text[a]`` starts with a small letter (``this is urgent, since Friday``):
    its writer does not mark words by case, so a label's capitals are no evidence there. The sentences' ends and
    each sentence's first letter are read once per string (:func:`_read_once`), not from the start per hit."""
    ends = _read_once(ctx, "sentence ends", text, lambda: [m.end() for m in _SENTENCE_END.finditer(text)])
    i = bisect_right(ends, a)
    start = ends[i - 1] if i else 0
    first = _read_once(
        ctx,
        f"first letter after {start}",
        text,
        lambda: next((j for j in range(start, len(text)) if text[j].isalpha()), len(text)),
    )
    if first < a:
        return text[first].islower()
    return text[a : a + 1].islower()


def _strip_eq(text: str, a: int, b: int, span: tuple[int, int]) -> bool:
    seg = text[a:b]
    lead = len(seg) - len(seg.lstrip())
    trail = len(seg) - len(seg.rstrip())
    return span[0] <= a + lead and b - trail <= span[1] and span[0] >= a and span[1] <= b


_DERIVED = " (matched through a derived spelling of the answer: a translation, synonym, numeral or abbreviation)"
_INFLECTED = " (matched through an inflected form of the answer: for review, as an ordinary word may be)"
_INFLECTED_VALUE = " (matched through an inflected form of the answer: a value, as the label word would be)"
_VALUE_RULES = frozenset({"direct.value", "freetext.key-value"})
"""The rules of a label that is a value (a whole field, a key-value pair's value, a table cell): an inflected form
there is decided as the label word (``"prior_decision": "ESCALATED"`` for ``escalate``); everywhere else, for review."""


_WHOLE_AFTER = re.compile(r"[ \t*_`'\")\]~]*(?:</?\w+>)*(?:$|[\n\r\t;|}&]|[.!?](?:\s|$)|,(?=[ \t]*[\w .-]{1,40}[:=]))")


def _whole_inflected(text: str, a: int, b: int, whole_value: bool) -> bool:
    """Whether an inflected form at ``text[a:b]`` is the whole value it is read as: the whole field, or a pair's
    value or a cell ending where it ends (``Status: CLOSED``, ``| CLOSED |``, ``,CLOSED,``), not a value it only
    begins (``Upstream triage: ordered, approved.``, ``Status: closed the ticket``)."""
    if whole_value:
        return True
    if _WHOLE_AFTER.match(text, b):
        return True
    # a cell of a comma-delimited row: a comma on both sides
    before = text[:a].rstrip(" \t\"'")
    return before.endswith(",") and text[b:].lstrip(" \t\"'").startswith(",")


def _emitter(
    ctx: _Ctx,
    pointer: str,
    rep: str,
    span: tuple[int, int] | None,
    view: str,
    value: str,
    derived: bool = False,
    inflected: bool = False,
    whole: bool = False,
) -> Any:
    """The emit function of one hit: its place fixed, the principle's channel, severity, rule and detail given. A hit
    of a derived spelling (``Hoch`` for ``High``, ``IV`` for ``4``) says so in its detail: the value alone does not.
    One of an ``inflected`` form (``refunded``) is decided as the label word would be: a value (``direct.value``,
    ``freetext.key-value``: the whole field, a pair's value, a table cell) leaks as the label would; any other
    decision, or one of a value the form only begins (``whole`` false, :func:`_whole_inflected`), is left for review
    (``freetext.token``; counted under ``--strict``): in prose the inflection is an ordinary word as often."""
    through = _INFLECTED if inflected else _DERIVED if derived else ""

    def emit(channel: Channel, severity: Severity, rule: str, detail: str) -> None:
        if inflected and whole and rule in _VALUE_RULES:
            detail += _INFLECTED_VALUE
            _emit(ctx, channel, severity, pointer, rep, span, view, rule, detail, value, "value")
            return
        if inflected and rule != "freetext.token":
            channel, severity, rule = "freetext", "medium" if ctx.strict else "low", "freetext.token"
            detail += " (counted: --strict)" if ctx.strict else ""
        _emit(ctx, channel, severity, pointer, rep, span, view, rule, detail + through, value, "value")

    return emit


def _emit(
    ctx: _Ctx,
    channel: Channel,
    severity: Severity,
    pointer: str,
    rep: str,
    span: tuple[int, int] | None,
    view: str,
    rule: str,
    detail: str,
    value: str,
    target: Target,
) -> None:
    """Record one finding of the current item in ``ctx.findings``.

    While a string is classified for the cache (``ctx.recording`` set), the raw arguments are kept as well,
    so the same string met again replays them instead of being searched. Inside JSON held in a string
    (``ctx.outer`` set), the finding is placed at the outer string's pointer, with the representation
    ``json-in-string`` and no span (a span in the embedded text would not index the outer string); the
    pointer inside the embedded JSON travels with the finding as its inner pointer.
    """
    if ctx.recording is not None:
        ctx.recording.append((channel, severity, rep, span, view, rule, detail, value, target))
    inner = None
    if ctx.outer is not None:
        inner = pointer
        pointer, outer_rep = ctx.outer
        rep = "json-in-string"
        span = None
        del outer_rep
    ctx.findings.append(
        _finding(ctx.item, channel, severity, pointer, rep, span, view, rule, detail, value, target, inner)
    )


_FINDING_DEFAULTS = {f.name: f.default for f in fields(Finding) if f.default is not MISSING}
_new_object = object.__new__


def _finding(
    item: str,
    channel: Channel,
    severity: Severity,
    pointer: str,
    rep: str,
    span: tuple[int, int] | None,
    view: str,
    rule: str,
    detail: str,
    value: str,
    target: Target,
    inner: str | None,
) -> Finding:
    """``Finding(item, channel, …, inner)``, its fields written in one ``dict.update``: a frozen
    dataclass's ``__init__`` sets each of them by ``object.__setattr__`` (~2.9 against ~1.3 µs, for
    every finding; ``test_a_finding_made_fast_is_the_finding``)."""
    made: Finding = _new_object(Finding)
    made.__dict__.update(
        _FINDING_DEFAULTS,
        item=item,
        channel=channel,
        severity=severity,
        pointer=pointer,
        representation=rep,
        span=span,
        view=view,
        rule=rule,
        detail=detail,
        value=value,
        target=target,
        inner=inner,
    )
    return made


def _dedupe(findings: list[Finding]) -> list[Finding]:
    """One finding per place (pointer, target, span, inner) and needle: the most severe.

    Two principles may report the same characters (the walk and an item principle), and a report must not
    count one leak twice. The needle is told by the finding's value, so two answers at one place both stay.
    Among equally severe findings the first one seen is kept, so the walk's wording wins over a later one.
    """
    if len(findings) < 2:
        return findings
    best: dict[tuple[Any, ...], Finding] = {}
    for f in findings:
        k = (f.pointer, f.target, f.span, f.inner, f.value)
        cur = best.get(k)
        if cur is None or SEVERITY_RANK[f.severity] > SEVERITY_RANK[cur.severity]:
            best[k] = f
    return list(best.values())
