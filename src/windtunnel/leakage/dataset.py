"""Reading eval datasets: JSONL streamed line by line, or one JSON document; field mapping.

The default shape is ``{id, expected, label_set?, correlated_values?, target?, projection}``. Other
shapes are mapped with selectors: a dotted name (``fields.priority``), or a JSONPath (``$.context[*]``).
Several context selectors make the projection an object keyed by selector.

This is the *read* step of the audit pipeline (read → project → canonical views → needles → walk →
decide → findings → sanitize / mine / baseline): every command reads its items here, so every command
sees the same ids, answers and line numbers, and a bad record fails the same way everywhere
(:class:`~windtunnel.leakage.model.DatasetError`, exit 2, naming the line and the fix).

Invariants a change must keep:

* **Streaming.** A JSONL file is read one line at a time from one open handle, so memory stays flat and
  a pipe (``<(zcat x.jsonl.gz)``) works; only a JSON document (an array) is read whole, as it must be.
* **The raw bytes travel with the record** (:attr:`Record.raw`): the sanitize flow writes a record it
  did not change as the very line it read, byte for byte, and rebuilds only the records it changed
  (:func:`write_back`). Re-serialising every record would reorder nothing but could still change
  number spellings, escapes and spacing, and a diff of raw against clean would then show noise.
* **Positions are the file's.** ``Record.line`` is the 1-based line in the file (blank lines skipped
  but counted), and an item without an id is named by its position among records (``str(index + 1)``):
  :mod:`.parallel` and :mod:`.ray_scan` rewrite both so a parallel scan reports the same.
* **Mapping never guesses.** A selector that matches nothing, an empty answer, or a non-object record
  is an error, never an item without an answer: such an item would always look clean.

The common case (every field a top-level key, one context part) takes a fast path
(:func:`_fast_item`) that builds the same item as the general one or defers to it; the tests compare
them. JSONPath support (the ``python-jsonpath`` package) is imported on first use of a ``$`` selector.

What it does not do: guess where the answer or the context is (a record without the mapped fields is
an error, not an item), decompress (a gzip file is refused with the command to stream it instead), or
read CSV (named as such in the error, to be converted first).
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import jsonpath
import orjson

from windtunnel._util.words import a_type
from windtunnel.leakage.candidates import candidates
from windtunnel.leakage.model import DatasetError, LeakItem, PointerMap, as_alias_map, as_strings
from windtunnel.leakage.pointers import parse_pointer
from windtunnel.leakage.scan import escape_pointer_token
from windtunnel.leakage.text import normalize_needle


@dataclass
class FieldMap:
    """Where each part of an item lives in a record.

    The CLI's field-mapping options, shared by every command so ``scan``, ``sanitize``, ``check``,
    ``mine`` and the baselines read one dataset the same way. Defaults are the documented item shape.
    Picklable: :mod:`.parallel` and :mod:`.ray_scan` send it to their workers.
    """

    id_field: str = "id"
    expected_field: str = "expected"
    context_fields: list[str] = field(default_factory=list)
    """Selectors of what the model reads; empty means the ``projection`` field."""
    label_set_field: str = "label_set"
    correlated_field: str = "correlated_values"
    target_field: str = "target"
    label_set: list[str] = field(default_factory=list)
    """A label set for every item (overrides the field)."""
    correlated_map: dict[str, list[str]] = field(default_factory=dict)
    """Label → values that imply it (from ``leak mine``), added to each item with that label."""
    correlated_pairs: dict[str, list[tuple[str, str]]] = field(default_factory=dict)
    """Label → ``(pointer template, value)`` pairs mined at a pointer (``leak mine``): the value is added to an item
    with that label only when the item holds it there (a bare ``1`` at ``/fields/priority/id`` is no word to search
    every item for)."""
    target: str | None = None
    context_words: list[str] = field(default_factory=list)
    """Naming words of the task for every item (``--context-word``), added to each item's own."""
    context_words_field: str = "context_words"
    strict: bool = False
    """Count bare one-word mentions in unrelated prose as leaks (``--strict``)."""
    aliases: dict[str, list[str]] = field(default_factory=dict)
    """Label → other ways to write it (``--alias``), for every item."""

    def correlated_for(self, labels: Sequence[str], projection: Any) -> list[str]:
        """The correlated map's values for an item answering ``labels``: each bare value, and each ``(pointer,
        value)`` pair's value where ``projection`` holds it at that pointer. The one reading of the map that the
        scan (an item's correlated values) and ``leak baseline --simulate copy`` (each candidate label) share,
        so a map ``leak mine -o`` wrote decides the same in both."""
        out = [v for lab in labels for v in self.correlated_map.get(lab, ())]
        pairs = [p for lab in labels for p in self.correlated_pairs.get(lab, ())]
        if pairs:
            held = candidates(projection)
            out.extend(value for pointer, value in pairs if ("value", pointer, value) in held)
        return out

    @property
    def selectors(self) -> list[str]:
        """The context selectors in use: the ones given, else the default ``projection`` key."""
        return self.context_fields or ["projection"]

    @property
    def plain(self) -> bool:
        """Every field is one top-level key and one context part is read, with no correlated map:
        records can be mapped without the general selectors (checked once)."""
        known: bool | None = self.__dict__.get("_plain")
        if known is None:
            names = (
                self.expected_field,
                *self.selectors,
                self.id_field,
                self.label_set_field,
                self.correlated_field,
                self.context_words_field,
                self.target_field,
            )
            known = self.__dict__["_plain"] = (
                len(self.selectors) == 1
                and not self.correlated_map
                and not self.correlated_pairs
                and not self.aliases
                and all(map(_plain, names))
            )
        return known


def read_correlated(
    raw: Any, source: object = "the correlated map"
) -> tuple[dict[str, list[str]], dict[str, list[tuple[str, str]]]]:
    """The one reader of the correlated map format (``{label: [values]}``, what ``leak mine -o`` writes and
    ``--correlated-map`` reads): label → bare values (searched anywhere), and label → ``(pointer template, value)``
    for each ``{"pointer": ..., "value": ...}`` entry (a whole value mined at a pointer, counted only on an item
    holding it there). Another shape, or an object entry without both keys, is a :class:`ValueError` naming
    ``source``."""
    if not isinstance(raw, Mapping) or not all(isinstance(v, list | tuple) for v in raw.values()):
        raise ValueError(f"{source} must be a JSON object {{label: [values, ...]}}")
    bare: dict[str, list[str]] = {}
    pairs: dict[str, list[tuple[str, str]]] = {}
    for label, entries in raw.items():
        bare[str(label)] = [str(x) for x in entries if not isinstance(x, Mapping)]
        for x in entries:
            if not isinstance(x, Mapping):
                continue
            if not isinstance(x.get("pointer"), str) or "value" not in x:
                raise ValueError(
                    f"{source}: an entry of {label!r} is {dict(x)!r}: an object entry needs a 'pointer' and a 'value'"
                )
            pairs.setdefault(str(label), []).append((x["pointer"], str(x["value"])))
    return bare, pairs


@dataclass(slots=True)
class Record:
    """One raw record of a dataset, with its position.

    ``line`` is the 1-based line of a JSONL file (the position in the array for a JSON document).
    ``raw`` is the line's bytes as read (JSONL only; ``None`` for a JSON document): the sanitizer writes
    an unchanged record back as exactly these bytes.
    """

    line: int
    data: Any
    raw: bytes | None = None


UTF8_BOM = b"\xef\xbb\xbf"
"""Written at the start of "UTF-8 with BOM" files (Windows tools); skipped, as ``utf-8-sig`` does."""


def iter_records(path: Path) -> Iterator[Record]:
    """Records of a JSONL file (streamed line by line) or a JSON file (array, ``{"items": [...]}``).

    The file is opened once, so a pipe (``<(zcat eval.jsonl.gz)``, ``/dev/stdin``) works too.
    """
    if not path.exists():
        raise DatasetError(f"{path}: no such file")
    if path.is_dir():
        raise DatasetError(f"{path} is a directory, not a dataset file")
    with path.open("rb") as fh:
        suffix = _suffix_says_jsonl(path)
        jsonl = suffix if suffix is not None else _head_says_jsonl(fh.peek(4096)[:4096])
        if jsonl:
            yield from _jsonl_records(path, fh)
            return
        raw = fh.read()
    if raw.startswith(UTF8_BOM):
        raw = raw[len(UTF8_BOM) :]
    if raw.startswith(b"\x1f\x8b"):
        raise DatasetError(f"{path} looks gzip-compressed: decompress it first (e.g. <(zcat {path.name}))")
    try:
        doc = orjson.loads(raw)
    except orjson.JSONDecodeError as err:
        raise DatasetError(not_json(path, None, raw, err)) from None
    if isinstance(doc, Mapping) and isinstance(doc.get("items"), list):
        doc = doc["items"]
    if isinstance(doc, list):
        for i, rec in enumerate(doc):
            yield Record(i + 1, rec)
    else:
        yield Record(1, doc)


def _jsonl_records(path: Path, fh: Any) -> Iterator[Record]:
    """The records of an open JSONL file, each with its line number and its raw bytes; blank lines are
    skipped (and counted), a BOM or a gzip header on line 1 is handled, a bad line raises with its number."""
    for no, line in enumerate(fh, 1):
        if no == 1:
            if line.startswith(UTF8_BOM):
                line = line[len(UTF8_BOM) :]
            if line.startswith(b"\x1f\x8b"):
                raise DatasetError(f"{path} looks gzip-compressed: decompress it first (e.g. <(zcat {path.name}))")
        if not line or line.isspace():
            continue
        try:
            yield Record(no, orjson.loads(line), line)
        except orjson.JSONDecodeError as err:
            raise DatasetError(not_json(path, no, line, err)) from None


_TABULAR = (".csv", ".tsv")


def not_json(path: Path, line: int | None, raw: bytes, err: Exception) -> str:
    """Why a record (``line``) or a whole JSON file (``line`` None) does not parse, in the user's terms:
    the file's kind when it is not JSON at all (CSV, UTF-16, binary), else the parser's reason with the
    character of the line (or file) where it stopped. orjson's own "line 2 column 1" counts inside the
    record, which read beside the file's line number looks like a contradiction, so it is not repeated."""
    where = f"{path}:{line}" if line is not None else str(path)
    first = line in (None, 1)
    if first and raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        return f"{path} is UTF-16 text: save it as UTF-8 (e.g. iconv -f UTF-16 -t UTF-8)"
    if first and path.suffix.lower() in _TABULAR:
        return (
            f"{path} is a {path.suffix[1:].upper()} file: windtunnel reads JSON Lines (one JSON object per line) "
            "or a JSON array; convert it first"
        )
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError:
        return f"{where}: not UTF-8 text (a binary file, or another encoding such as Latin-1): save it as UTF-8 JSON"
    msg = getattr(err, "msg", None) or str(err)
    pos = getattr(err, "pos", None)
    at = f" at character {pos + 1} of {'the line' if line is not None else 'the file'}" if isinstance(pos, int) else ""
    if isinstance(pos, int) and _NON_FINITE.match(raw.decode("utf-8"), pos):
        return f"{where}: not valid JSON (NaN and Infinity are not JSON{at})"
    if "depth limit" in msg:  # valid JSON the parser will not read so deep (orjson stops at 1024 levels)
        return f"{where}: nested too deeply to read (more than 1024 levels of objects and lists{at})"
    if isinstance(pos, int) and pos >= len(raw.decode("utf-8").rstrip()):
        # The parser ran out of text inside a string, an object or a list. Its own words say so only when no line
        # break follows ("unexpected end of data"); a JSONL line's own break read inside an open string is an
        # "unexpected control character", which sends the reader looking for one in the data.
        unit = "line" if line is not None else "file"
        why = "the line was cut short, or one record spans several lines" if line is not None else "it was cut short"
        return f"{where}: not valid JSON (the {unit} ends inside its JSON{at}: {why})"
    return f"{where}: not valid JSON ({msg}{at})"


_NON_FINITE = re.compile(r"-?(?:NaN|Infinity)\b")
"""What Python's ``json.dumps`` writes for a float that is not finite (unless ``allow_nan=False``): no JSON value."""


def _suffix_says_jsonl(path: Path) -> bool | None:
    """``True`` for ``.jsonl`` / ``.ndjson``, ``False`` for ``.json``, ``None`` (look at the bytes) otherwise."""
    suffix = path.suffix.lower()
    if suffix in (".jsonl", ".ndjson"):
        return True
    if suffix == ".json":
        return False
    return None


def _head_says_jsonl(head: bytes) -> bool:
    """JSONL unless the first non-blank byte opens an array (a pipe has no suffix to go by). A compact
    single object is then one JSONL line; a pretty-printed one fails on line 1 and needs a ``.json`` name."""
    if head.startswith(UTF8_BOM):
        head = head[len(UTF8_BOM) :]
    return not head.lstrip().startswith(b"[")


def _is_jsonl(path: Path) -> bool:
    """Whether a regular file holds JSONL (its suffix, else its first bytes). Reads a pipe: use
    :func:`iter_records` for those."""
    suffix = _suffix_says_jsonl(path)
    if suffix is not None:
        return suffix
    with path.open("rb") as fh:
        return _head_says_jsonl(fh.read(4096))


def select(data: Any, selector: str) -> list[tuple[str, Any]]:
    """``[(pointer, value)]`` matched by a dotted name or a JSONPath (``$...``).

    A dotted name is tried as one literal key first (so a key containing dots, ``"gold.label"``, still
    works), then walked part by part, a digit part indexing a list; it matches at most once. A JSONPath
    may match many values. Pointers are RFC 6901 into ``data``: :func:`write_back` puts a sanitized
    value back there. No match is ``[]``; a malformed JSONPath raises :class:`DatasetError`.
    """
    if selector.startswith("$"):
        try:
            return [(str(m.pointer()), m.obj) for m in jsonpath.finditer(selector, data)]
        except jsonpath.JSONPathError as err:
            raise DatasetError(f"bad JSONPath {selector!r}: {err}") from None
    if type(data) is dict or isinstance(data, Mapping):
        if selector in data:
            return [(_key_pointer(selector), data[selector])]
        if "." not in selector:
            return []
    node = data
    pointer = ""
    for part in selector.split("."):
        if isinstance(node, Mapping) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            return []
        pointer += "/" + escape_pointer_token(part)
    return [(pointer, node)]


@lru_cache(maxsize=256)
def _key_pointer(key: str) -> str:
    """The pointer of a top-level key (cached: every record of a dataset has the same few)."""
    return "/" + escape_pointer_token(key)


@dataclass
class MappedItem:
    """An item and where its projection came from in the record (to write a sanitized copy back).

    Findings point into the *projection*; ``sources`` is what maps the projection back into the
    record, so the sanitized record keeps every field the audit did not read exactly as it was.
    """

    item: LeakItem
    record: Record
    sources: list[tuple[str, str]]
    """``(selector, pointer in the record)`` per projection part."""


def _plain(selector: str) -> bool:
    """A selector that names one top-level key (no dotted path, no JSONPath)."""
    return "." not in selector and not selector.startswith("$")


def _fast_item(rec: Record, fmap: FieldMap, index: int) -> MappedItem | None:
    """:func:`to_item` for a record whose fields are all top-level keys and whose answer and one
    context part are present (the common case), without the general selectors; ``None`` otherwise
    (the general path then gives the same item or the same error)."""
    data = rec.data
    names = fmap.__dict__.get("_fast_names") or _fast_names(fmap)
    if type(data) is not dict or not names:
        return None
    exp_f, sel, lab_f, cor_f, cw_f, id_f, tgt_f, source = names
    exp_v = data.get(exp_f, _ABSENT)
    projection = data.get(sel, _ABSENT)
    if exp_v is _ABSENT or projection is _ABSENT:
        return None
    try:
        stripped = exp_v.strip() if type(exp_v) is str else None
        expected = [stripped] if stripped else as_strings(exp_v, "expected", index)
        lab = data.get(lab_f)
        labels = fmap.label_set or (as_strings(lab, "label_set", index) if lab else [])
        cor = data.get(cor_f)
        correlated = as_strings(cor, "correlated_values", index) if cor else []
        cw = data.get(cw_f)
        words = [*fmap.context_words, *as_strings(cw, "context_words", index)] if cw else list(fmap.context_words)
    except ValueError:
        return None
    if not expected or _outside(expected, labels) or _one_label(labels):
        return None  # the general path says what is wrong
    if "aliases" in data:
        return None  # the item's own alias map: the general path reads it
    item_id = data.get(id_f, _ABSENT)
    target = fmap.target or data.get(tgt_f)
    item = LeakItem(
        str(index + 1) if item_id is _ABSENT else str(item_id),
        expected,
        projection,
        labels,
        correlated,
        str(target) if target else None,
        rec.line,
        words,
        fmap.strict,
    )
    if fmap.context_fields:
        item.sources = (("", source[1]),)
    return MappedItem(item, rec, [source])


def _fast_names(fmap: FieldMap) -> tuple[Any, ...] | tuple[()]:
    """The field names :func:`_fast_item` reads, once per field map (empty when it does not apply).

    The fast path applies to a plain field map only (top-level keys, one context selector). The names are
    kept in the field map's ``__dict__``, as :attr:`FieldMap.plain` keeps its answer (not a dataclass field,
    so the options' equality and repr are unchanged), and worked out once per dataset, not per record.
    """
    names: tuple[Any, ...] | tuple[()] = ()
    if fmap.plain:
        sel = fmap.selectors[0]
        names = (
            fmap.expected_field,
            sel,
            fmap.label_set_field,
            fmap.correlated_field,
            fmap.context_words_field,
            fmap.id_field,
            fmap.target_field,
            (sel, _key_pointer(sel)),
        )
    fmap.__dict__["_fast_names"] = names
    return names


_ABSENT = object()


def to_item(rec: Record, fmap: FieldMap, index: int) -> MappedItem:
    """Map one record to an item by ``fmap``; ``index`` is its 0-based position (the id when it has none).

    One context selector makes the projection its value (a list when a JSONPath matched several);
    several make an object keyed by selector. The correlated map and pointer-bound pairs of ``leak
    mine`` are added here, per answer. Raises :class:`DatasetError` naming the line for a record that
    is not an object, a missing or empty answer, a selector that matches nothing, or a malformed field.
    """
    fast = _fast_item(rec, fmap, index)
    if fast is not None:
        return fast
    data = rec.data
    if not isinstance(data, Mapping):
        raise DatasetError(f"record at line {rec.line} is {a_type(data)}, expected a JSON object")
    exp = select(data, fmap.expected_field)
    if not exp:
        found_id = select(data, fmap.id_field)
        named = f" (id {str(found_id[0][1])!r})" if found_id else ""
        raise DatasetError(
            f"record at line {rec.line}{named} has no expected answer at {fmap.expected_field!r} "
            f"(keys: {sorted(data)[:12]})",
        )
    sources: list[tuple[str, str]] = []
    parts: dict[str, Any] = {}
    for sel in fmap.selectors:
        found = select(data, sel)
        if not found:
            raise DatasetError(
                f"record at line {rec.line}: context selector {sel!r} matched nothing (keys: {sorted(data)[:12]})"
            )
        if len(found) == 1:
            parts[sel] = found[0][1]
            sources.append((sel, found[0][0]))
        else:
            parts[sel] = [v for _, v in found]
            sources.extend((sel, p) for p, _ in found)
    projection = parts[fmap.selectors[0]] if len(parts) == 1 else parts
    ids = select(data, fmap.id_field)
    item_id = str(ids[0][1]) if ids else str(index + 1)
    try:
        expected = as_strings(exp[0][1], "expected", index)
        labels = fmap.label_set or as_strings(_first(data, fmap.label_set_field) or [], "label_set", index)
        correlated = as_strings(_first(data, fmap.correlated_field) or [], "correlated_values", index)
        words = [*fmap.context_words, *as_strings(_first(data, fmap.context_words_field) or [], "context_words", index)]
    except ValueError as err:
        raise DatasetError(f"record at line {rec.line}: {err}") from None
    if not expected:
        raise DatasetError(
            f"record at line {rec.line} (id {item_id!r}) has an empty expected answer at "
            f"{fmap.expected_field!r}: {_describe_empty(exp[0][1])}; an item without an answer cannot be audited"
        )
    if _one_label(labels):
        raise DatasetError(
            f"record at line {rec.line} (id {item_id!r}): its label set {labels} holds one distinct label; a label "
            "set needs two or more (labels that differ only in case or spacing are one): give every answer the task "
            "may have, or leave the label set out"
        )
    outside = _outside(expected, labels)
    if outside:
        raise DatasetError(
            f"record at line {rec.line} (id {item_id!r}): the expected answer {outside[0]!r} is not in its label set "
            f"{labels}: a typo in the answer or in the label set (labels compare ignoring case and spacing); "
            "fix one of them, or leave the label set out"
        )
    correlated.extend(fmap.correlated_for(expected, projection))
    target = fmap.target or _first(data, fmap.target_field)
    item = LeakItem(
        item_id, expected, projection, labels, correlated, str(target) if target else None, rec.line, words, fmap.strict
    )
    try:
        own = as_alias_map(data.get("aliases"), index)
    except ValueError as err:
        raise DatasetError(f"record at line {rec.line}: {err}") from None
    if fmap.aliases or own:
        item.aliases = {**own, **fmap.aliases}
    if fmap.context_fields:
        item.sources = pointer_map(sources)
    return MappedItem(item, rec, sources)


def pointer_map(sources: list[tuple[str, str]]) -> PointerMap:
    """``(pointer into the projection, pointer into the record)`` per part of a projection :func:`to_item` built
    from ``sources`` (its ``(selector, pointer in the record)`` pairs), in the projection's shape: one selector and
    one match is the whole projection (``""``), several matches are its list elements (``/0``, ``/1`` ...), several
    selectors are its keys (``/selector``, then the same below). What a finding's pointer into the projection is
    turned back into, so a person can follow it to the record (QA-15 finding 10)."""
    by_sel: dict[str, list[str]] = {}
    for sel, ptr in sources:
        by_sel.setdefault(sel, []).append(ptr)
    out: list[tuple[str, str]] = []
    for sel, ptrs in by_sel.items():
        head = "/" + escape_pointer_token(sel) if len(by_sel) > 1 else ""
        if len(ptrs) == 1:
            out.append((head, ptrs[0]))
        else:
            out.extend((f"{head}/{i}", ptr) for i, ptr in enumerate(ptrs))
    return tuple(out)


def _one_label(labels: list[str]) -> bool:
    """A label set of one distinct label (ignoring case and spacing): it cannot tell a listing of the labels from
    a statement of one, so it is refused like ``--label-set`` with one label (QA-10 minor 6)."""
    return bool(labels) and len({normalize_needle(label) for label in labels}) < 2


def _outside(expected: list[str], labels: list[str]) -> list[str]:
    """The answers that are not labels of a given label set (none when there is no label set).

    An answer outside its own label set is a typo in one of them, and the audit would look for a label no record
    holds: the dataset is refused instead of reported clean."""
    if not labels:
        return []
    known = {normalize_needle(label) for label in labels}
    return [e for e in expected if normalize_needle(e) not in known]


def _describe_empty(value: Any) -> str:
    """How an empty answer looks, in the words of the error message (``null``, ``an empty list`` …)."""
    if value is None:
        return "null"
    if isinstance(value, list):
        return "an empty list" if not value else f"a list of blank values ({len(value)})"
    return "a blank string"


def _first(data: Any, selector: str) -> Any:
    """The first value ``selector`` matches in ``data``, or ``None``."""
    found = select(data, selector)
    return found[0][1] if found else None


def iter_items(path: Path, fmap: FieldMap | None = None) -> Iterator[MappedItem]:
    """Items of a dataset file, streamed in file order (the first bad record raises, after the items before it)."""
    fm = fmap or FieldMap()
    for i, rec in enumerate(iter_records(path)):
        yield to_item(rec, fm, i)


def write_back(mapped: MappedItem, projection: Any) -> Any:
    """The record with its projection parts replaced by ``projection`` (a sanitized copy).

    ``projection`` has the shape :func:`to_item` made (keyed by selector when there were several, a
    list where a JSONPath matched several values). The record is deep-copied: the input record is not
    modified. Called only for records the sanitizer changed; the others are written as their raw bytes.
    """

    data = copy.deepcopy(mapped.record.data)
    selectors = [s for s, _ in mapped.sources]
    multi_sel = len(dict.fromkeys(selectors)) > 1
    by_sel: dict[str, list[str]] = {}
    for sel, ptr in mapped.sources:
        by_sel.setdefault(sel, []).append(ptr)
    for sel, ptrs in by_sel.items():
        value = projection[sel] if multi_sel else projection
        values = value if len(ptrs) > 1 else [value]
        for ptr, val in zip(ptrs, values, strict=True):
            toks = parse_pointer(ptr)
            if not toks:
                data = val
                continue
            node = data
            for t in toks[:-1]:
                node = node[int(t)] if isinstance(node, list) else node[t]
            last = toks[-1]
            node[int(last) if isinstance(node, list) else last] = val
    return data
