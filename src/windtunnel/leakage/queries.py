"""Principle 3 for a query beside its result: a filter on a label names the label of the records it returns.

An agent's earlier step often shows a search it ran and the page of records that came back: ``priority ~
"low*"`` over a project, then ``{"items": [{"key": "SUP-3748"}, …]}``. The label in the query's condition is
a fact about the records the query returns, not about this one: when the result lists this record (an item
holding an id the projection shows outside the result and the query, ``"current_ticket": {"key":
"SUP-3419"}``), the condition states this record's label, and its findings stand; when the result lists
other records only (the record falls outside the filter's scope, or off the page shown), the condition
says nothing about this record, and its findings are dropped. A query with no result beside it is left to
the other rules.

A query is a part of the projection under a key whose words name one (``query``, ``search``, ``filter``,
``where``, a query language's ``…ql``: ``jql``, ``soql``); a result is a list of objects elsewhere, each
holding an id (a code mixing letters and digits, ``SUP-3748``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from windtunnel.leakage.model import Finding
from windtunnel.leakage.pointers import containers, parse_pointer
from windtunnel.leakage.records import ID_SHAPE, RECORD_ID

_QUERY_WORD = re.compile(r"(?:query|queries|search|filter|filters|where|criteria|[a-z]{0,6}ql)")
_WORD = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")
_LIMIT = 2000


_HINTS = ("quer", "search", "filter", "where", "criteria", "ql")


def may_query(findings: Sequence[Finding]) -> bool:
    """Sound gate: a finding dropped lies under a key naming a query, so its pointer holds one of the words."""
    return any(any(h in f.pointer.lower() for h in _HINTS) for f in findings if f.blocking)


def _names_query(key: str) -> bool:
    """The key's words name a query (``jql``, ``es_query``, ``savedSearch``, ``filters``)."""
    return any(_QUERY_WORD.fullmatch(w.casefold()) for w in _WORD.findall(key))


def _is_id(value: Any) -> bool:
    """A string that is an id: a code mixing letters and digits (``SUP-3419``, ``INC0007256``)."""
    return type(value) is str and RECORD_ID.fullmatch(value) is not None and ID_SHAPE.search(value) is not None


def _results(projection: Any, query: tuple[str, ...]) -> Iterator[tuple[tuple[str, ...], list[set[str]]]]:
    """``(path, [ids of each object])`` of each list of objects outside the query, every object holding an id."""
    for node, path in containers(projection, _LIMIT):
        if path[: len(query)] == query or not isinstance(node, list) or not node:
            continue
        if not all(isinstance(v, Mapping) for v in node):
            continue
        ids = [{str(v) for v in obj.values() if _is_id(v)} for obj in node]
        if all(ids):
            yield path, ids


def _ids_outside(projection: Any, skip: Sequence[tuple[str, ...]]) -> set[str]:
    """The ids the projection shows outside the paths ``skip``."""
    out: set[str] = set()
    for node, path in containers(projection, _LIMIT):
        if any(path[: len(s)] == s for s in skip):
            continue
        members = node.values() if isinstance(node, Mapping) else node
        out.update(str(v) for v in members if _is_id(v))
    return out


def drop_other_results(findings: list[Finding], projection: Any) -> list[Finding]:
    """``findings`` without those inside a query whose result beside it lists other records only (see the
    module); the list itself when none is dropped."""
    decided: dict[tuple[str, ...], bool] = {}
    kept: list[Finding] = []
    for f in findings:
        if f.blocking and f.target == "value" and _outside_scope(f, projection, decided):
            continue
        kept.append(f)
    return findings if len(kept) == len(findings) else kept


def _outside_scope(f: Finding, projection: Any, decided: dict[tuple[str, ...], bool]) -> bool:
    """The finding lies in a query whose result lists records and not this one.

    The query is the first token of the finding's pointer whose name says query; its decision is memoised
    in ``decided`` by path, as an item may hold many findings in one query. The result must list ids, and
    the record's own ids are those the projection shows outside the query and its results; with no id of
    its own to compare, or one that appears in the results, the finding stands. A query with no result
    beside it is left to the other rules (``False``).
    """
    try:
        tokens = parse_pointer(f.pointer)
    except ValueError:
        return False
    at = next((i for i, tok in enumerate(tokens) if _names_query(tok)), None)
    if at is None:
        return False
    query = tuple(tokens[: at + 1])
    if query not in decided:
        results = list(_results(projection, query))
        if not results:
            decided[query] = False
        else:
            mine = _ids_outside(projection, [query, *(path for path, _ids in results)])
            decided[query] = bool(mine) and not any(ids & mine for _path, rows in results for ids in rows)
    return decided[query]
