"""What mining reads from one record: its candidates, each with the place the model reads it.

:func:`candidates` lists, for one projection, every (pointer, value) pair, URL segment pair, token and 2-3-word n-gram
of the short strings the model reads, as written and in each canonical view (:mod:`windtunnel.leakage.views`: base64,
percent-encoding, character references, escapes, the identifier view), with JSON held in a string walked as structure,
a table's cells and a markup record's elements as fields, a list's members read together (:class:`ListSets`), and
prose outside the task's input read as its reader reads it (:func:`prose_read`). Each candidate keeps where it is
read (:data:`Where`), so a mined finding points at the original characters and the sanitizer removes them.
:mod:`windtunnel.leakage.mine` counts them over a dataset and tests which ride with a label; the blind baseline
(:mod:`windtunnel.leakage.simulate`) reads the same features.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from functools import lru_cache
from typing import Any
from urllib.parse import unquote_plus

from windtunnel.leakage.code_tops import family_tops
from windtunnel.leakage.decode import embedded_json
from windtunnel.leakage.flag_marks import flagged_values
from windtunnel.leakage.formats import is_url
from windtunnel.leakage.glyph_runs import glyph_runs
from windtunnel.leakage.input_text import masked_input, names_of
from windtunnel.leakage.markup_record import markup_fields
from windtunnel.leakage.pointers import escape_pointer_token, in_derive_from
from windtunnel.leakage.pointers import general_pointer as _general
from windtunnel.leakage.prose_text import prose_text
from windtunnel.leakage.quoted import quotations
from windtunnel.leakage.record_table import record_table
from windtunnel.leakage.resolve import Records, holds_records, input_cell, own_row_cells, table_columns
from windtunnel.leakage.score_tops import TOP_PREFIX, score_tops
from windtunnel.leakage.templates import PLACEHOLDER, OwnWords
from windtunnel.leakage.text import Mapped
from windtunnel.leakage.views import canonical_views, has_humps, identifier_view

PROSE_WORDS = 6
"""A string of more than this many words is prose: the content the task is derived from."""
_MAX_VALUE_LEN = 120
_MAX_NGRAM = 3
_TOKEN = re.compile(r"\w+|[^\w\s]")
_MASK = (1 << 64) - 1
_MIXED = re.compile(r"(?=\w*[^\W\d_])(?=\w*\d)\w+")
"""A token holding letters and digits (a code)."""
_RUNS = re.compile(r"[^\W\d_]+")
"""The letter runs of a code."""
_MAX_PART_TOKEN = 24


def _tokens(text: str) -> list[tuple[str, int, int]]:
    """``(case-folded token, start, end)`` of the words and symbols of ``text``; ASCII punctuation is left
    out (structure), a non-ASCII symbol is kept (``★``, ``🔴`` can ride with a label)."""
    out = []
    for m in _TOKEN.finditer(text):
        tok = m.group(0)
        if len(tok) == 1 and not tok.isalnum() and tok.isascii():
            continue  # ASCII punctuation: structure, not content
        out.append((tok.casefold(), m.start(), m.end()))
    return out


Where = tuple[str, tuple[int, int] | None, str | None, str]
"""Where a candidate is first seen in an item: the pointer of the string (or scalar) the model reads, the span of
the candidate in it (None: the whole value), the pointer inside JSON held in that string (None outside embedded
JSON), and the view it was read in (``raw``, a decoded view's name, ``identifier``)."""

_AS_WRITTEN = frozenset({"raw", "table", "markup"})
"""Views that read a string as written: the string itself, and a table's cell or a markup element's text held in it
(structure, not a decoding: a code or a note there is asked of its heads, parts and frames as a field's own)."""

_MAX_VIEW_LEN = 4096
"""A decoded view longer than this is not tokenised (JSON it holds is still walked): a short value decodes to a
short view, and each of up to ``MAX_VIEWS`` views of a long run without blanks would repeat its tokenisation."""

_MAX_EMBED_DEPTH = 3
"""JSON in a string in a string ...: the levels walked as structure (the scan's own bound)."""


def candidates(
    projection: Any,
    derive_from: Sequence[str] = (),
    visit: Callable[[str, str], None] | None = None,
    texts: Callable[[str, str], None] | None = None,
    masked_from: dict[tuple[str, str, str], set[tuple[str, str, str]]] | None = None,
    *,
    prose: bool = False,
    raws: set[tuple[str, str, str]] | None = None,
    moments: bool = True,
    copied: Collection[str] = frozenset(),
    named_rows: list[tuple[tuple[str, str, str], tuple[str, str]]] | None = None,
    labels: int = 0,
) -> dict[tuple[str, str, str], Where]:
    """The candidates of one projection, ``(kind, pointer template, text)`` → where it is first seen.

    Kinds: ``value`` (a whole scalar, non-strings by their JSON text), ``url-segment``, ``token`` and
    ``ngram`` (2-3 words) of strings of at most ``PROSE_WORDS`` words; prose and the fields under
    ``derive_from`` give none. The template writes list indices as ``*`` so a value at
    ``/comments/3/author`` counts with the same value at ``/comments/0/author``. Each candidate is
    counted once per item however often it occurs (the test counts items, not occurrences). Shared
    with :mod:`.simulate`'s ``blind`` agent and :func:`.dataset.to_item` (pointer-bound correlated values).

    A string is read in the canonical views the scan reads it in (:func:`_string_candidates`): a code in
    base64, percent-encoding, character references or an identifier is the same candidate as written plainly,
    and JSON held in a string is walked as structure (its leaves' templates continue the string's pointer).
    ``visit`` is called with the template and text of every scalar, excluded or not (the one walk of the item
    also counts what each field holds: :class:`_Places`). ``texts`` is called with the template and text of every
    string whose name-value pairs are read (:func:`pair_texts`), in the same walk. ``masked_from`` collects, per
    template candidate (a text with the record's own words masked: :mod:`.templates`), the whole values it was read
    from; ``raws`` collects the whole value of every text of this item that could be read as a template, whether
    it was (a text too long to be a value itself is held all the same: :func:`.templates.splitting` must see which
    items hold it).

    A ``derive_from`` key name inside a string (a YAML key, a header, a markup element, a section:
    :func:`.input_text.input_spans`) is the input there too: its characters are blanked before the string is read
    (:func:`.input_text.masked_input`, the offsets of the rest kept), so mining, the ``blind`` agent and the sanitizer
    read the same characters as the input.

    ``named_rows``: where this record's row of a table of many is named by a whole value rather than an id
    (:func:`.resolve.own_row_cells`), each cell candidate with ``(template, naming value)`` is appended there: whether
    the value is this record's own only the dataset tells (:func:`mine` keeps the cells of a row whose naming value
    few records hold).

    ``prose``: without ``derive_from``, read prose as it is read outside a named input (:func:`_prose_candidates`);
    :func:`mine` then keeps what it finds there only outside the fields it reads as the task's input.

    ``moments``: a string that is a point in time (:func:`moment`) gives candidates too; :func:`mine` and its findings
    read none without ``derive_from``.

    ``copied``: the places (a pointer, inside JSON held in a string the string's pointer and its own after it) where
    the item holds its copy of its input (:func:`~windtunnel.leakage.input_copies.copied_places`): their values are
    the input's and give no candidate as written or in any view; only that the field holds a copy at all is read, as
    a template that masks the whole value (:data:`~windtunnel.leakage.templates.PLACEHOLDER`: the digits and short
    words a template keeps of a copy are the input's too), where the copy is read as a template at all.

    ``labels``: the size of the record's label set; a score vector's top (:mod:`.score_tops`) is read of one number
    per label.
    """
    out: dict[tuple[str, str, str], Where] = {}
    for pointer, name in _members(projection):  # a key held at all: its presence may be the signal (QA 24)
        if not (derive_from and in_derive_from(pointer, derive_from)):
            out.setdefault(("key", _general(pointer), name), (pointer, None, None, "raw"))
    names = names_of(derive_from)
    own: OwnWords | None = None
    records: Records | None = None
    inputs: tuple[frozenset[str], frozenset[str]] | None = None
    lists = ListSets()  # each list's members at one template, read together (with the input named only)
    for pointer, value, cut in _leaves(projection, ""):
        template = _general(pointer)
        if visit is not None:
            visit(template, value if isinstance(value, str) else value[0])
        inside = bool(derive_from) and in_derive_from(pointer, derive_from)
        if texts is not None and isinstance(value, str) and _pair_text(value, inside):
            texts(template, value)
        if inside:
            continue
        outer, inner = (pointer, None) if cut is None else (pointer[:cut], pointer[cut:])
        copy = pointer in copied  # this item's copy of its input: only its template is read
        if cut is None and not copy:
            lists.add(pointer, value)
        if not isinstance(value, str):
            if not copy:
                out.setdefault(("value", template, value[0]), (outer, None, inner, "raw"))
            continue
        when = moment(value)
        if when and not moments:
            continue  # a point in time is a number on a scale, not a code: the case's own measurement (:func:`moment`)
        read = masked_input(value, names)  # a key named inside the text is the input there: blanked, offsets kept
        found = _string_candidates(template, read)
        if when:  # a point in time is read whole: its parts are its number's digits, no word of it (:func:`moment`)
            found = tuple(f for f in found if f[0][0] == "value")
        if not found and len(read.split()) > PROSE_WORDS:
            if derive_from:
                # data markup of many words outside the named input (a CAP alert, a SOAP body) is a record, its
                # elements its fields; without derive_from it may be the content the task is read from
                if inputs is None:
                    inputs = _input_texts(projection, derive_from)
                held = inputs[1]  # an element restating the input (its score, its name) is the input's copy
                markup = tuple(f for f in _long_markup(template, read) if not input_cell(f[0][2], held))
                # a record line's fields (review 44: read without --derive-from, a tabular row written as one line of
                # pairs is the task's input; a field restating the input's value is its copy, as a markup cell is)
                line = tuple(f for f in field_line(template, read) if not input_cell(f[0][2], held))
                # a long line's few glued fields (a datalog's ``… VTH done; TEST_T=128ms``) are fields still: a name
                # glued to its value is a key-value pair, whatever the words around it
                line = line or tuple(
                    (("value", f"{template}/{escape_pointer_token(name)}", v), at, "field")
                    for name, v, at in glued_fields(read)
                    if not input_cell(v, held) and "\n" not in read and not is_url(read.strip())
                )
                # a short quotation is a value the prose cites, of the slot the word before it names (:mod:`.quoted`)
                quotes = tuple(
                    (("value", f"{template}/{escape_pointer_token(name)}", quote), at, "field")
                    for name, quote, at in quotations(read)
                    if not input_cell(quote, held)
                )
                found = markup + line + quotes + _prose_candidates(template, read)
            elif prose:
                found = _prose_codes(template, read)
        for key, span, view in () if copy else found:
            if key not in out:
                out[key] = (outer, None if inner is not None else span, inner, view)
        if found and not copy and ("\n" in value or "\r" in value or "<tr" in value or "<TR" in value):
            row = record_table(value) if "\n" in value else []  # a one-record table's cells are its fields
            if not row and inner is None and holds_records(value):
                # this record's row of a table of many (named by its id, the task's input or a whole value shown
                # outside the table)
                if records is None:
                    records = Records(projection)
                if inputs is None:
                    inputs = _input_texts(projection, derive_from)
                row, naming = own_row_cells(records, value, inputs[0])
                # the row's cells restating the input (the agent's name, its measured value) are the input's copy
                row = [c for c in row if not input_cell(c[1], inputs[1])]
                if naming is not None and named_rows is not None:
                    named_rows.extend(
                        (("value", f"{template}/{escape_pointer_token(name)}", cell), (template, naming))
                        for name, cell, _span in row
                    )
            for name, cell, cell_span in row:
                sub = f"{template}/{escape_pointer_token(name)}"
                out.setdefault(("value", sub, cell), (outer, None if inner is not None else cell_span, inner, "table"))
        if derive_from and not copy and ("\n" in value or "<tr" in value or "<TR" in value) and holds_records(read):
            # a table of several rows held in a string, none named as this record's among others': its rows are the
            # record's, and each column's cells read together are one value, as a list's members are (with the input
            # named only): a column the answer sets on every row (``OK`` on each of a passing sample's parameters) is
            # one value, whatever each cell shares with other records
            if records is None:
                records = Records(projection)
            for name, cells in table_columns(read, records):
                together = members_text(set(cells))
                if together is not None:
                    column = ("value", f"{template}/{escape_pointer_token(name)}", together)
                    out.setdefault(column, (outer, None, inner, "raw"))
        if found:  # a text filled in with the record's own words is read as its template too (:mod:`.templates`)
            if raws is not None:
                raws.add(("value", template, value.strip()))
            if own is None:
                own = OwnWords(v for _p, v, _c in _leaves(projection, "") if isinstance(v, str))
            masked = own.masked(value)
            if masked is not None and copy:  # what is left of the copy is still the input's: its being there is not
                masked = PLACEHOLDER
            if masked is not None and len(masked.strip()) <= _MAX_VALUE_LEN:
                key = ("value", template, masked.strip())
                out.setdefault(key, (outer, None, inner, "template"))
                if masked_from is not None:
                    masked_from.setdefault(key, set()).add(("value", template, value.strip()))
    for key, listed, _at in lists.sets() if derive_from else ():  # with the input named (mode (b)) only
        out.setdefault(key, (listed, None, None, "members"))
    for key, where in flagged_values(projection, derive_from) if derive_from else ():  # a value read with its flag
        if key not in out and where[0] not in copied:
            out[key] = where
    for top in score_tops(projection, derive_from, copied, labels) if derive_from else ():  # a score vector's top
        at, inner = (top.pointer, None) if top.cut is None else (top.pointer[: top.cut], top.pointer[top.cut :])
        out.setdefault(("value", _general(top.pointer), TOP_PREFIX + top.member), (at, None, inner, "top"))
    return out


class ListSets:
    """The members of each list of one item at one template (``/log/*/channel``), gathered leaf by leaf
    (:meth:`add`: a leaf outside any list is no member) and read together as one value (:meth:`sets`,
    :func:`members_text`, and each family of codes' highest member, :func:`~.code_tops.family_tops`). One reading
    for :func:`candidates` (what mining and the ``blind`` agent read) and for the
    sanitizer's cut of what the agent reads (:func:`~windtunnel.leakage.shortcuts.shortcut_findings`): a set the agent
    reads the label off is cut where it sits, at its members, or the agent still reads it after sanitizing."""

    def __init__(self) -> None:
        self._held: dict[tuple[str, str], dict[str, str]] = {}  # (list, template) → each member's pointer → value

    def add(self, pointer: str, value: str | tuple[str]) -> None:
        """The leaf ``value`` at ``pointer`` (a non-string scalar as a 1-tuple of its text, as :func:`_leaves`
        gives it), a member of the list holding it, if any."""
        listed = _list_member(pointer)
        if listed is not None:
            self._held.setdefault((listed, _general(pointer)), {})[pointer] = (
                value if isinstance(value, str) else value[0]
            )

    def sets(self) -> Iterator[tuple[tuple[str, str, str], str, list[str]]]:
        """``(key, list pointer, member pointers)`` of each list whose members read as one value: the key is
        ``("value", template, members_text)``; and of each family of codes in it, its top (``("value", template,
        "highest ALTK08")``, with the family's members' pointers)."""
        for (listed, template), held in self._held.items():
            together = members_text(set(held.values()))
            if together is not None:
                yield ("value", template, together), listed, list(held)
            for text, family in family_tops(held):  # a family of codes' highest member (:mod:`.code_tops`)
                yield ("value", template, text), listed, family


def _list_member(pointer: str) -> str | None:
    """The pointer of the list ``pointer`` is a member of (at its last index: ``/log`` for ``/log/2/channel``), or
    None when no list holds it."""
    parts = pointer.split("/")
    for i in range(len(parts) - 1, 0, -1):
        if parts[i].isdigit():
            return "/".join(parts[:i])
    return None


_MEMBERS_MAX = 8
"""The most members of one list read together as one value (more is a log, not a set chosen as a whole)."""


def members_text(values: Collection[str]) -> str | None:
    """The members of one list at one template (``/log/*/channel``) read together as one value, as the sorted set
    ``[a, b, c]``, or None: a list whose members are short values (no prose) and few (:data:`_MEMBERS_MAX`). A set of
    recipients, of flags, of codes chosen as a whole by the answer (a distribution list per level) is a value though
    each member is shared by several sets; a one-member set is told from the same value beside others."""
    if not values or len(values) > _MEMBERS_MAX or any(len(v.split()) > PROSE_WORDS for v in values):
        return None
    text = "[" + ", ".join(sorted(values)) + "]"
    return text if len(text) <= _MAX_VALUE_LEN else None


_MOMENT = re.compile(
    r"(?:\d{4}[-/.]\d\d?[-/.]\d\d?|\d\d?[-/.]\d\d?[-/.]\d{4})"  # a date: 2024-08-03, 03/08/2024
    r"(?:[T ]\d\d?:\d\d(?::\d\d(?:\.\d+)?)?(?:Z|[+-]\d\d:?\d\d)?)?"  # and its clock time
    r"|\d\d?:\d\d(?::\d\d)?(?:\s?[AaPp]\.?[Mm]\.?)?"  # a clock time alone: 18:15, 6:05 pm
)


def moment(value: str) -> bool:
    """``value`` is a point in time and nothing else: a date (``2024-08-03``, ``03/08/2024``), a clock time
    (``18:15``, ``6:05 pm``), or both (``2024-08-03T18:15:00Z``). Without ``--derive-from`` it gives no candidate: a
    time is a number on a scale, which the records of one label share by their position on it (a sustainer's monthly
    gift on the 3rd, a late punch-out after 18:00), not a code written from the answer, and its parts (the year
    ``2019``, the hour ``18…`` as a code's head) are that number's digits. The input read without ``--derive-from``
    is inferred, and every record's dates are its own measurements; with ``--derive-from`` a date outside the named
    input is mined as a whole value (a decision stamped on some records), never by its parts: ``25 00z`` of
    ``…T14:25:00Z`` is the minute of a clock, which five records of one label share by chance."""
    return _MOMENT.fullmatch(value.strip()) is not None


def _with_texts(
    held: Mapping[tuple[str, str, str], Collection[int]],
    raw_held: Mapping[tuple[str, str, str], Collection[int]],
    masked_from: Mapping[tuple[str, str, str], Iterable[tuple[str, str, str]]],
) -> dict[tuple[str, str, str], Collection[int]]:
    """The items holding each template and each text a template was read from (``raw_held``: a text too long to
    be a candidate itself is held all the same), for :func:`.templates.splitting`."""
    out: dict[tuple[str, str, str], Collection[int]] = {k: held[k] for k in masked_from if k in held}
    for texts in masked_from.values():
        for raw in texts:
            out[raw] = set(held.get(raw, ())) | set(raw_held.get(raw, ()))
    return out


@lru_cache(maxsize=65536)
def _prose_candidates(template: str, value: str) -> Found:
    """The candidates of a string of prose outside the task's input, once ``derive_from`` names that input: its
    whole value (a note many records carry word for word), its tokens (a glyph in a bot's summary) and 2-3-word
    n-grams as written. Without ``derive_from`` prose may be the content the task is read from, and is not mined;
    with it, the owner has said what the content is, and a sentence elsewhere that rides with the label (an
    adjuster's "OK to pay", a review bot's verdict glyph) is a shortcut like any value. Read as written, and as its
    reader reads it where a transfer encoding or character references hide its words (:func:`prose_read`)."""
    out: dict[tuple[str, str, str], tuple[tuple[int, int] | None, str]] = {}
    _text_candidates(template, value, Mapped(value), "raw", out, whole=True)
    prose_read(template, value, out)
    _tail_candidates(template, value, out, 0)  # a log line's words are prose, the JSON it ends with is structure
    return tuple((key, span, view) for key, (span, view) in out.items())


PROSE_VIEW = "prose"
"""The view of prose outside the named input read decoded (:func:`prose_read`)."""


def prose_read(template: str, value: str, out: dict[tuple[str, str, str], tuple[tuple[int, int] | None, str]]) -> None:
    """Add the candidates of the prose ``value`` read as its reader reads it (:func:`~.prose_text.prose_text`: a
    quoted-printable letter's soft breaks joined, its escapes, encoded-words and character references decoded) to
    ``out``, unless read as written already, each at the original characters through the view's offset map: a verdict
    split by a soft line break (``denied i=`` / ``n part``) is the words its reader reads. Its words stay words
    (:func:`_prose_words`); nothing when nothing is decoded."""
    view = prose_text(value)
    if view is not None:
        _text_candidates(template, value, view, PROSE_VIEW, out, whole=True)


Found = tuple[tuple[tuple[str, str, str], tuple[int, int] | None, str], ...]
"""The candidates of one string: ``(key, span in the original string, view)`` each."""


@lru_cache(maxsize=65536)
def _prose_codes(template: str, value: str) -> Found:
    """The candidates of a string of prose when no ``derive_from`` names the input (``candidates(prose=True)``): its
    whole value (a canned note many records carry word for word) and the codes written among its words (a glyph, a
    code mixing letters and digits: a token that is not a word, :func:`_word`), both at ``template``, so that
    :func:`mine` can set them aside where it reads the field as the task's input (a text every record holds, written
    differently record by record). Its words are not read: outside the input they are for review at most, and read
    anywhere they would blend the content's words with the same words in short fields. As written only."""
    out: list[tuple[tuple[str, str, str], tuple[int, int] | None, str]] = []
    s = value.strip()
    if len(s) <= _MAX_VALUE_LEN:
        out.append((("value", template, s), None, "raw"))
    seen: set[str] = set()
    for tok, a, b in itertools.chain(_tokens(value), glyph_runs(value)):
        if tok in seen or _word(tok):
            continue
        seen.add(tok)
        out.append((("token", template, tok), (a, b), "raw"))
    return tuple(out)


@lru_cache(maxsize=65536)
def _string_candidates(template: str, value: str, depth: int = 0) -> Found:
    """The candidates of one string at ``template`` (memoised: statuses, names and codes repeat).

    The string as written first, then each of its canonical views (:func:`~windtunnel.leakage.views.canonical_views`,
    the scan's decoders to a fixpoint, with their bounds) and the identifier view of each (``PRIO_HIGH_7`` →
    ``PRIO HIGH 7``): a rider is the same candidate in any of them, and its span maps back to the original
    characters through the view's offset map, so the sanitizer removes what the model read. Prose gives nothing,
    written or decoded (a base64 body decoding to sentences is content); a decoded view that is JSON is walked as
    structure, its leaves at ``template`` + their inner templates, their span the encoded run. A string of prose
    is not decoded at all, so the views cost nothing on the content and stay linear (bounded) on the rest.
    ``depth`` counts the decoded JSON documents around the string (at most ``_MAX_EMBED_DEPTH`` are walked). A string
    of data markup (:func:`~windtunnel.leakage.markup_record.markup_leaves`: an e-file preview ``<IRS1040><StatusCd>2
    </StatusCd>...``) is walked the same way, its elements' texts at ``template`` + their paths, found at the string.
    """
    s = value.strip()
    if not s:
        return ()
    out: dict[tuple[str, str, str], tuple[tuple[int, int] | None, str]] = {}
    if len(s.split()) > PROSE_WORDS:
        return ()
    views = canonical_views(value)
    encoded = _encoded_runs(value, views)
    _text_candidates(template, value, Mapped(value), "raw", out, whole=True, encoded=encoded)
    ident = identifier_view(Mapped(value), glued=False) if has_humps(value, glued=False) else None
    if ident is not None:
        _text_candidates(template, value, ident, "identifier", out, whole=False, encoded=encoded)
    if depth < _MAX_EMBED_DEPTH and s[:1] == "<":  # data markup held in the string: its elements are its fields
        _markup_candidates(template, value, out, depth)
    if depth < _MAX_EMBED_DEPTH:  # a JSON object a log line ends with (``… body={"event": …}``)
        _tail_candidates(template, value, out, depth)
    for name, view in views:
        doc = _held_json(view.text) if depth < _MAX_EMBED_DEPTH else None
        if doc is not None:
            _doc_candidates(template, doc, _decoded_span(view, value), name, out, depth)
            continue
        if len(view.text) > _MAX_VIEW_LEN or len(view.text.split()) > PROSE_WORDS:
            continue
        _text_candidates(template, value, view, name, out, whole=True)
        ident = identifier_view(view, glued=False) if has_humps(view.text, glued=False) else None
        if ident is not None:
            _text_candidates(template, value, ident, f"{name}+identifier", out, whole=False)
    if not is_url(s) and "=" in s:  # a line's glued fields (``worker=W10006 result=ELV``) are its fields
        for name, field_value, at in glued_fields(value):
            out.setdefault(("value", f"{template}/{escape_pointer_token(name)}", field_value), (at, "field"))
    if depth < _MAX_EMBED_DEPTH and is_url(s):
        for a, param in _query_values(value):
            for key, span, vname in _string_candidates(template, param, depth + 1):
                out.setdefault(key, ((a, a + len(param)) if span is None else (a + span[0], a + span[1]), vname))
        for name, param, span in query_fields(value):  # a query's parameters are its fields
            out.setdefault(("value", f"{template}/{escape_pointer_token(name)}", param), (span, "query"))
    return tuple((key, span, view) for key, (span, view) in out.items())


@lru_cache(maxsize=65536)
def _long_markup(template: str, value: str) -> Found:
    """The candidates of the elements of a string of data markup too long to be a value (:func:`_markup_candidates`)."""
    s = value.strip()
    if s[:1] != "<":
        return ()
    out: dict[tuple[str, str, str], tuple[tuple[int, int] | None, str]] = {}
    _markup_candidates(template, value, out, 0)
    return tuple((key, span, view) for key, (span, view) in out.items())


def _markup_candidates(
    template: str, s: str, out: dict[tuple[str, str, str], tuple[tuple[int, int] | None, str]], depth: int
) -> None:
    """Add the candidates of the elements and attributes of the data markup ``s``
    (:func:`~.markup_record.markup_fields`) at ``template`` + their paths, found at their value's characters (at the
    string where those are not one run)."""
    for inner, leaf, at in markup_fields(s):
        for key, span, lview in _string_candidates(template + inner, leaf, depth + 1):
            # found at the value's own characters where they are written as one run (an attribute's value, an
            # element's text): the sanitizer cuts the value, not the markup around it
            where = None if at is None else at if span is None else (at[0] + span[0], at[0] + span[1])
            out.setdefault(key, (where, "markup" if lview == "raw" else f"markup+{lview}"))


_TAIL_JSON = re.compile(r"[=:\s]\{")
"""Where a JSON object may open after a line's text: glued to a name (``body={``) or after a blank."""


_TAIL_TRIES = 8
"""Openings a line is parsed from at most: each try parses the rest of the line, so a line of many ``={`` would cost
the square of its length (a log line's own text holds none or one or two)."""
_TAIL_MAX_LEN = 64 * 1024
"""A line longer than this is not read for a JSON tail (a log line is far shorter)."""


def _tail_json(text: str) -> tuple[int, Any] | None:
    """``(start, object)`` of the JSON object a one-line text ends with after some text of its own (a log line
    ``2024-06-13T11:55:24Z POST /hooks/integrity 200 body={"event": "prize_hold"}``), else None: the first place
    (:data:`_TAIL_JSON`) from which the rest of the line parses as a JSON object of one member or more."""
    s = text.rstrip()
    if not s.endswith("}") or "\n" in s or len(s) > _TAIL_MAX_LEN:
        return None
    for m in itertools.islice(_TAIL_JSON.finditer(s), _TAIL_TRIES):
        doc = embedded_json(s[m.start() + 1 :])
        if isinstance(doc, dict) and doc:
            return m.start() + 1, doc
    return None


def _tail_candidates(
    template: str,
    value: str,
    out: dict[tuple[str, str, str], tuple[tuple[int, int] | None, str]],
    depth: int,
) -> None:
    """Add the leaves of the JSON object a one-line string ends with (:func:`_tail_json`), as written or in its
    first canonical view that holds one (``body={\\"event\\": …}`` escaped), as candidates at ``template`` + their
    inner templates, as a decoded view that is JSON as a whole is walked: a later stage's event appended to a log
    line is structure, not the line's words, whether the line is short or prose. Their span is the object's
    characters in the original string. Strings not ending with ``}`` are not looked at further."""
    if not value.rstrip().endswith("}") or "{" not in value:
        return
    views = itertools.chain([("raw", Mapped(value))], canonical_views(value))
    held = next(((n, v, f) for n, v in views if (f := _tail_json(v.text)) is not None), None)
    if held is None:
        return
    name, view, (start, doc) = held
    _doc_candidates(template, doc, view.span(start, len(view.text.rstrip())), name, out, depth)


def _doc_candidates(
    template: str,
    doc: Any,
    span: tuple[int, int] | None,
    name: str,
    out: dict[tuple[str, str, str], tuple[tuple[int, int] | None, str]],
    depth: int,
) -> None:
    """Add the leaves of a JSON document held in a string (whole, or a line's tail) as candidates at ``template`` +
    their inner templates, each pointing at ``span`` (the document's characters in the original string) and named by
    the view ``name`` it was read in."""
    for inner, leaf, _cut in _leaves(doc, "", depth + 1):
        sub = template + _general(inner)
        if not isinstance(leaf, str):
            out.setdefault(("value", sub, leaf[0]), (span, name))
            continue
        found = _string_candidates(sub, leaf, depth + 1)
        if not found and len(leaf.split()) > PROSE_WORDS and len(leaf.strip()) <= _MAX_VALUE_LEN:
            # a sentence held in the document: its whole value, as a canned note many records carry word for word is
            # read at the top level (review 43: a memo of seven words per label, in a link's context, went unmined)
            out.setdefault(("value", sub, leaf.strip()), (span, name))
        for key, _span, lview in found:
            out.setdefault(key, (span, f"{name}+{lview}" if lview != "raw" else name))


_QUERY_VALUE = re.compile(r"[?&;][^=&#;\s]+=([^&#;\s]{8,})")
"""A query parameter's value of eight characters or more (``?ctx=eyJ…``)."""


_NAMING_RECORDS = 3
"""The most items a whole value may name a table row in and still name this record's row there (a name held by
one record, or the few copies of one record): more is a value records share (a source, an office, a status)."""


_QUERY_PAIR = re.compile(r"[?&;]([A-Za-z_][\w.\[\]-]{0,63})=([^&#;\s]{1,80})(?=[&#;\s]|$)")


def query_fields(url: str) -> list[tuple[str, str, tuple[int, int]]]:
    """``(name, value, span)`` of each parameter of the URL's query (``?…&cls=1&…`` gives ``cls``, ``1``): a field
    named by its parameter, its value form-decoded (``+`` a space, percent-escapes their characters: ``Class+I`` is
    ``Class I``), found at the value's characters. Mined at the URL's pointer followed by the name (``/links/*/cls``),
    as a one-record table's cells are (:mod:`.record_table`): a code a parameter rides with its label (``cls=1`` for
    ``Class I``) is counted with the same parameter's other codes (the field's code book), not only as a segment pair
    glued to its neighbours. A name repeated in the query gives its first value only."""
    if "?" not in url:
        return []
    out: list[tuple[str, str, tuple[int, int]]] = []
    seen: set[str] = set()
    for m in _QUERY_PAIR.finditer(url, url.find("?")):
        name, raw = m.group(1), m.group(2)
        if name in seen:
            continue
        seen.add(name)
        value = unquote_plus(raw).strip()
        if value:
            out.append((name, value, m.span(2)))
    return out


_GLUED_PAIR = re.compile(r"(?<![\w.=-])([A-Za-z_][\w.-]{0,63})=([^\s=&;,\"']{1,80})(?=[\s&;,]|$)")
"""A name glued to its value by ``=`` in a line of text (a log line's ``result=ELV``), the value one chunk."""


def field_line(template: str, text: str) -> Found:
    """The glued fields of one line too long for a value that is a record, not prose: at least half of its chunks are
    ``name=value`` pairs (a handset's sync line, ``2026-01-28 SYNC handset=TH-01 probe=K-type outlet=DCW-227 uploaded=1
    status=ok result=✘``). Its fields are read as a short line's are (:func:`glued_fields`); its words are left to the
    reading of prose. A line of prose quoting a pair or two, a URL, or text of many lines gives none."""
    s = text.strip()
    if "=" not in s or "\n" in s or is_url(s):
        return ()
    pairs = glued_fields(text)
    if len(pairs) * 2 < len(s.split()):
        return ()
    return tuple((("value", f"{template}/{escape_pointer_token(n)}", v), at, "field") for n, v, at in pairs)


def glued_fields(text: str) -> list[tuple[str, str, tuple[int, int]]]:
    """``(name, value, span of the value)`` of each ``name=value`` of a short text that is no URL (a log line's fields:
    ``2025-07-23T16:25:25Z INFO classify worker=W10006 result=ELV``), the first of each name: the line's fields, as a
    query string's parameters are a URL's (:func:`query_fields`). A value a later stage wrote from the outcome is then
    one field's value across the records, where the line as a whole is unique to its record."""
    out: list[tuple[str, str, tuple[int, int]]] = []
    seen: set[str] = set()
    for m in _GLUED_PAIR.finditer(text):
        name = m.group(1)
        if name not in seen:
            seen.add(name)
            out.append((name, m.group(2), m.span(2)))
    return out


def _query_values(url: str) -> list[tuple[int, str]]:
    """``(start, text)`` of each long parameter value of the URL ``url``: read as a value of its own (a code, base64
    of JSON whose leaves are candidates), which the URL's segment pairs only give glued to their neighbours."""
    return [(m.start(1), m.group(1)) for m in _QUERY_VALUE.finditer(url)]


def _decoded_span(view: Mapped, original: str) -> tuple[int, int] | None:
    """The original characters a decoded view changed, as one span from the first to the last (None: the whole
    string, or a view that changed nothing it maps): where a whole decoded value was written."""
    starts, ends = view.starts, view.ends
    if starts is None or ends is None:
        return None
    lo, hi = len(original), 0
    for ch, a, b in zip(view.text, starts, ends, strict=True):
        if b - a != 1 or original[a] != ch:
            lo, hi = min(lo, a), max(hi, b)
    if hi <= lo or (lo == 0 and hi >= len(original.rstrip())):
        return None
    return (lo, hi)


_ENCODINGS = frozenset({"base64", "base32", "dns_base32", "hex", "mime_lines", "ascii85"})
"""Decoders of binary-to-text encodings (:mod:`~windtunnel.leakage.views.binary`): a run they read is written in an
alphabet, not in words."""
_MIN_ENCODED = 16
"""The least length of an encoded run whose characters are not read as words (a short code may decode by chance)."""


def _encoded_runs(value: str, views: Sequence[tuple[str, Mapped]]) -> tuple[tuple[int, int], ...]:
    """The spans of ``value`` a binary-to-text decoder reads (a base64 payload in a link's query, a hex blob), each
    :data:`_MIN_ENCODED` characters or more: the model reads them decoded (their views are mined), while the letters
    and digits the encoding happens to write there are no words of the value. A constant tail encoded after a record's
    own head (``…","interp":"low"}``) writes the same runs of characters on every record of that label, which mining
    would otherwise find as tokens riding with it and the sanitizer would cut from the encoded text."""
    out = []
    for name, view in views:
        if name.removeprefix("decoded:").split("+", 1)[0] not in _ENCODINGS:
            continue
        span = _decoded_span(view, value) or (0, len(value))
        if span[1] - span[0] >= _MIN_ENCODED:
            out.append(span)
    return tuple(out)


def _text_candidates(
    template: str,
    original: str,
    m: Mapped,
    view: str,
    out: dict[tuple[str, str, str], tuple[tuple[int, int] | None, str]],
    *,
    whole: bool,
    encoded: Sequence[tuple[int, int]] = (),
) -> None:
    """The candidates of one view of a string, added to ``out`` unless a view before already holds them: the whole
    value (``whole``), its URL segment pairs, or its tokens and 2-3-word n-grams with their spans in the original
    string ``original`` (through ``m``'s offset map), but none inside an ``encoded`` run of it (:func:`_encoded_runs`).
    """
    text = m.text
    s = text.strip()
    if not s:
        return
    if whole and len(s) <= _MAX_VALUE_LEN:
        out.setdefault(("value", template, s), (None if view == "raw" else _decoded_span(m, original), view))
    if is_url(s):  # a URL gives its segment pairs (in an identifier view, nothing: its words are not segments)
        if not whole:
            return
        segs = [p for p in re.split(r"[/?#&=]", s.split("://", 1)[-1]) if p][1:]
        span = None if view == "raw" else _decoded_span(m, original)
        for a, b in itertools.pairwise(segs):
            out.setdefault(("url-segment", template, f"{a}/{b}"), (span, view))
        for seg in segs:  # and each segment alone: a folder a later stage files by outcome (`…/2026/08/REJ/…`)
            out.setdefault(("url-segment", template, seg), (span, view))
        return
    toks = _tokens(text)
    mapped = None if m.starts is None else m.span  # the identity map (text as written) needs no call per token
    if encoded:
        toks = [t for t in toks if not _inside(mapped(t[1], t[2]) if mapped else (t[1], t[2]), encoded)]
    for tok, a, b in toks:
        # A code's letter runs (`h123` → `h`): a label's initial can ride in a code that is unique to its item
        # (`Q-H123` for High), where the whole code never repeats.
        if len(tok) <= _MAX_PART_TOKEN and _MIXED.fullmatch(tok):
            for run in _RUNS.finditer(tok):
                key = ("token", "", run.group())
                if key not in out:
                    # a run's offsets are the folded token's: where folding changed its length, the token's span
                    ra, rb = (a + run.start(), a + run.end()) if len(tok) == b - a else (a, b)
                    out[key] = ((ra, rb) if mapped is None else mapped(ra, rb), view)
    for n in range(1, _MAX_NGRAM + 1):
        for i in range(len(toks) - n + 1):
            gram = toks[i : i + n]
            if n > 1 and not all(t[0][0].isalnum() for t in gram):
                continue
            key = ("token" if n == 1 else "ngram", "", " ".join(t[0] for t in gram))
            if key not in out:
                a, b = gram[0][1], gram[-1][2]
                out[key] = ((a, b) if mapped is None else mapped(a, b), view)
    for glyphs, a, b in glyph_runs(text):  # a glyph's count is a value: ``★★★`` beside each ``★`` (:mod:`.glyph_runs`)
        key = ("token", "", glyphs)
        if key not in out:
            out[key] = ((a, b) if mapped is None else mapped(a, b), view)


def _input_texts(projection: Any, derive_from: Sequence[str]) -> tuple[frozenset[str], frozenset[str]]:
    """The whole string values of the task's input (``derive_from``), casefolded with blanks collapsed — a table's row
    holding one as a cell is this record's row (:func:`~.resolve.own_row_cells`) — and those with its numbers as a
    cell writes them (``0.25``; ``8`` for ``8.0``): a cell holding one restates the input. (A number names no row:
    another row may hold the same measurement.)"""
    if not derive_from:
        return frozenset(), frozenset()
    texts: set[str] = set()
    numbers: set[str] = set()
    for p, v, _c in _leaves(projection, ""):
        if not in_derive_from(p, derive_from):
            continue
        if isinstance(v, str):
            if v.strip():
                texts.add(" ".join(v.casefold().split()))
        elif v is not None:
            numbers.add(v[0])
            if v[0].endswith(".0"):
                numbers.add(v[0][:-2])
    return frozenset(texts), frozenset(texts | numbers)


def _inside(span: tuple[int, int], runs: Sequence[tuple[int, int]]) -> bool:
    return any(a <= span[0] and span[1] <= b for a, b in runs)


def _leaves(node: Any, pointer: str, depth: int = 0, *, empty: bool = False) -> Iterator[tuple[str, Any, int | None]]:
    """``(pointer, value, cut)`` of every scalar in document order; a non-string scalar comes as a 1-tuple of
    its text. A string holding a JSON object or array is walked as structure (up to ``_MAX_EMBED_DEPTH`` levels),
    its leaves' pointers continuing the string's; ``cut`` is then the length of the outermost such string's
    pointer (``pointer[:cut]`` is where the model reads the string, the rest the place inside it), else None.
    With ``empty``, a ``null``, ``{}`` or ``[]`` comes too, as ``None`` (a place the item holds with nothing to
    read: a field ``--derive-from`` may name). Iterative, so an item nested deeper than Python's recursion limit is
    walked too."""
    stack: list[tuple[str, Any]] = [(pointer, node)]
    while stack:
        ptr, value = stack.pop()
        if empty and (value is None or (isinstance(value, (Mapping, list)) and not value)):
            yield ptr, None, None
        elif isinstance(value, Mapping):
            stack.extend((f"{ptr}/{escape_pointer_token(str(k))}", v) for k, v in reversed(list(value.items())))
        elif isinstance(value, list):
            stack.extend((f"{ptr}/{i}", v) for i, v in reversed(list(enumerate(value))))
        elif isinstance(value, bool):
            yield ptr, ("true" if value else "false",), None
        elif isinstance(value, (int, float)):
            yield ptr, (str(value),), None
        elif isinstance(value, str):
            doc = _held_json(value) if depth < _MAX_EMBED_DEPTH else None
            if doc is None:
                yield ptr, value, None
            else:
                cut = len(ptr)
                for inner, leaf, _cut in _leaves(doc, ptr, depth + 1, empty=empty):
                    yield inner, leaf, cut


def _members(node: Any) -> Iterator[tuple[str, str]]:
    """``(pointer, key)`` of every object member of ``node`` (not inside JSON held in a string): the ``key``
    candidates, a key the record holds with something in it. A field or object present on one label's records only
    tells the label by its presence, whatever it holds (a ``chargeback`` object of unique case numbers on every billing
    ticket); its values, each a record's own, are too rare to ride with anything. A key held blank (``null``, ``""``,
    ``{}``, ``[]``) is not held: a record of a fixed shape holds every key, and which of them is filled in (a
    later event's timestamp on one label's records) is what tells. Iterative, as :func:`_leaves`."""
    stack: list[tuple[str, Any]] = [("", node)]
    while stack:
        ptr, value = stack.pop()
        if isinstance(value, Mapping):
            for k, v in value.items():
                here = f"{ptr}/{escape_pointer_token(str(k))}"
                if not _blank(v):
                    yield here, str(k)
                if isinstance(v, Mapping | list):
                    stack.append((here, v))
        elif isinstance(value, list):
            stack.extend((f"{ptr}/{i}", v) for i, v in enumerate(value) if isinstance(v, Mapping | list))


def _blank(value: Any) -> bool:
    """A place held with nothing to read: ``null``, an empty or blank string, ``{}``, ``[]``."""
    if value is None:
        return True
    if isinstance(value, str):
        return not value.strip()
    return isinstance(value, Mapping | list) and not value


def _held_json(value: str) -> Any | None:
    """The JSON object or array ``value`` holds (:func:`~windtunnel.leakage.decode.embedded_json`), tried only when
    its first character can open one (most strings are looked at for one character)."""
    first = value[:1]
    if first == "{" or first == "[" or (first.isspace() and value.lstrip()[:1] in ("{", "[")):
        return embedded_json(value)
    return None


def pair_texts(projection: Any, derive_from: Sequence[str]) -> Iterator[tuple[str, str | None, str, str]]:
    """``(pointer where the model reads the string, pointer inside embedded JSON or None, template, text)`` of the
    texts whose name-value pairs :mod:`.text_pairs` reads: those mining does not read as values — prose (more than
    ``PROSE_WORDS`` words: not mined without ``derive_from``, mined as words for review with it) and the named
    input's strings. A string with neither ``=`` nor ``:`` holds no pair and is skipped unread."""
    for pointer, value, cut in _leaves(projection, ""):
        if isinstance(value, str) and _pair_text(value, bool(derive_from) and in_derive_from(pointer, derive_from)):
            outer, inner = (pointer, None) if cut is None else (pointer[:cut], pointer[cut:])
            yield outer, inner, _general(pointer), value


def _pair_text(value: str, inside: bool) -> bool:
    """The string ``value`` (``inside`` the named input or not) is read for name-value pairs: it may hold one (a
    ``=`` or a ``:``), and it is input or prose."""
    return ("=" in value or ":" in value) and (inside or len(value.split()) > PROSE_WORDS)


def _spread(i: int) -> int:
    """A 64-bit mix of an item's index (splitmix64): summed, it fingerprints a set of items."""
    z = (i + 0x9E3779B97F4A7C15) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


# ---------------------------------------------------------------- the task's input, inferred

INPUT_PRESENCE = 0.8
"""A field read as the task's input is held (a non-blank string) by at least this share of the labelled items: every
record must be answerable from its input, while a leak is often written on some records only (an upstream step that
ran on some)."""
INPUT_TEXT = 0.8
"""... and at least this share of its values are text (:func:`text_like`): words, not codes."""
INPUT_VARIETY = 3.0
"""... and the records of one label hold at least this many different texts there (averaged over the items): the input
is written differently record by record whatever the answer, while a value set from the label (a code, a desk, an SLA)
is one text per label, or one per format it is written in."""
_VARIETY_CAP = 8
_SLOT = re.compile(r"\d+(?:[.,]\d+)*")


def _fold(m: re.Match[str]) -> str:
    """A whole number in a text folded (``desk 2`` is ``desk 3``: a slot), a decimal kept (``29.2 x 7.1 cm``: a
    measurement, written record by record)."""
    return m[0] if "." in m[0] or "," in m[0] else "0"


_NUMBER = re.compile(r"[-+]?\d+(?:[.,]\d+)*")
_WORD = re.compile(r"[^\W\d_]+(?:['\u2019-][^\W\d_]+)*")
"""Letters in any script, joined by an apostrophe or a hyphen (``don't``, ``medium-weight``)."""


_JOINT = re.compile(r"[/&\u2010-\u2015-]")
"""What joins the parts of one chunk of text: a slash, an ampersand, a hyphen or a dash (``rent/mortgage``,
``2-Person``, ``1939–1945``)."""
_QUANTITY = re.compile(r"(\d+(?:[.,]\d+)*)([^\W\d_]+)")
_LAYOUT = frozenset(("Pd", "Ps", "Pe", "Pi", "Pf"))
"""The categories of punctuation that lays text out: dashes, brackets, quotes (:func:`layout`)."""


def _word(chunk: str, joined: bool = True, *, plain: bool = False) -> bool:
    """``chunk`` (text between blanks) is free text: a word (:data:`_WORD`) or a plain number (``3``, ``86%``,
    ``12.5``) once the punctuation around it is off (``buy,``, ``"fine"``, ``/var``); also a quantity with its unit,
    an ordinal or a decade (a number then letters holding a lowercase one: ``50ml``, ``2.4GHz``, ``20th``,
    ``1970s``; a measured number then a short unit in capitals, ``5.5L``, ``1700W``: :func:`_measured`), a lower
    bound (``12+``), and such parts joined by a slash, an ampersand, a hyphen or a dash
    (``rent/mortgage``, ``2-Person``, ``8–80``, ``1939-1945``, ``R&D``) when ``joined`` (the chunk is one of a
    text's several: a value of one chunk glued from parts is a slug or a file name, ``coral-bleaching-0706``). A
    code is not: letters then digits (``P2``, ``v3``, ``E07``), one digit then capitals (``8H``), capitals joined to a
    number (``SEV-4``, ``PS-09``) or to capitals only (an enum's constant, ``STORAGE/WILLCALL``), an identifier or
    pair (``refund_desk``, ``q=3``, ``ai-review:x``), a glyph. ``plain``: a word or a plain number only (prose
    outside a named input, whose every other run is read as a code)."""
    a, b = 0, len(chunk)
    while a < b and unicodedata.category(chunk[a])[0] == "P":
        a += 1
    while b > a and unicodedata.category(chunk[b - 1])[0] == "P":
        b -= 1
    core = chunk[a:b]
    if not core:
        return False
    if _WORD.fullmatch(core) is not None or _NUMBER.fullmatch(core) is not None:
        return True
    if plain:
        return False
    parts = _JOINT.split(core) if joined else [core]
    kinds = {_part(p) for p in parts}
    return None not in kinds and kinds != {"caps"} and not {"caps", "number"} <= kinds


def _part(part: str) -> str | None:
    """What one part of a chunk is (:func:`_word`): ``word``, ``caps`` (a word in capitals only), ``number``,
    ``quantity``, or None (a code, a glyph, nothing)."""
    if _WORD.fullmatch(part) is not None:
        return "caps" if part.isupper() else "word"
    if _NUMBER.fullmatch(part.removesuffix("+")) is not None:  # ``12+``: at least twelve
        return "number"
    m = _QUANTITY.fullmatch(part)
    if m is not None and (any(c.islower() for c in m[2]) or _measured(m[1], m[2])):
        return "quantity"
    return None


_UNIT_LETTERS = 3
"""A unit written in capitals after a measured number has at most this many letters (``L``, ``W``, ``kWh``, ``GB``)."""


def _measured(number: str, unit: str) -> bool:
    """A number then a unit in capitals is a quantity (:func:`_part`) when the number is written as a measurement: with
    a fraction (``5.5L``, ``1.8L``) or two digits or more (``25L``, ``1700W``, ``16GB``), and the unit is short. A
    code's number is one digit, an index among the few values an upstream step sets (``8H``, ``4G``; ``P2``, ``E07``
    are letters then digits)."""
    if len(unit) > _UNIT_LETTERS:
        return False
    return "." in number or "," in number or len(number) >= 2


def layout(chunk: str) -> bool:
    """``chunk`` is punctuation that lays text out, no word and no code: dashes, brackets, quotes and ASCII marks
    (``--``, ``–``, ``&``, ``(``); a mark a badge is made of (``‼``, ``†``, ``★``) is not."""
    return bool(chunk) and all(
        unicodedata.category(c) in _LAYOUT or (c.isascii() and not c.isalnum() and not c.isspace()) for c in chunk
    )


@lru_cache(maxsize=16384)
def text_like(value: str, plain: bool = False) -> bool:
    """``value`` reads as free text or a measurement: at least half of its blank-separated chunks are words or
    plain numbers (:func:`_word`), punctuation laying the text out aside (:func:`layout`); a code, an identifier or
    a key=value pair does not. A long string is judged by its first ``_TEXT_CHUNKS`` chunks, and the count stops
    once it is decided (every string of a dataset is read). ``plain``: every chunk counted, words and plain numbers
    only (:func:`_word`)."""
    chunks = [c for c in value.split(maxsplit=_TEXT_CHUNKS)[:_TEXT_CHUNKS] if plain or not layout(c)]
    need = (len(chunks) + 1) // 2
    words = 0
    joined = len(chunks) > 1
    for n, c in enumerate(chunks):
        words += _word(c, joined, plain=plain)
        if words >= need:
            return bool(chunks)
        if words + len(chunks) - n - 1 < need:
            return False
    return False


_TEXT_CHUNKS = 16


_FLAG_VALUES = frozenset(("true", "false", "null"))
"""A scalar of one of these JSON texts is one check of the object holding it (:class:`_Places`)."""
_CHECKLIST = "/\x00checks"
"""Appended to an object's template: its flags read as one field (never a pointer: a key holds no NUL here)."""
