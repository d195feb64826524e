"""RFC 6902 JSON Patch (add, remove, replace, move, copy, test) over plain JSON values.

Used by the ``wrong_data`` fault to turn a real tool response into a valid-looking but false one.
:func:`apply_patch` never mutates its input.

Why a standard patch language and not a fault-specific "set this field" option: users describe the lie they want told
(a price off by a factor, an item removed from a list, a status flipped) against the real response's shape, and RFC
6902 already says precisely how paths, array indexes and ``-`` behave; a patch can be checked by any JSON Patch tool.
Implemented here (about a hundred lines, no dependency) because the semantics must be exact: a patch that does not
apply raises :class:`PatchError`, and the fault then does not fire rather than corrupting something else.
"""

from __future__ import annotations

import copy
from typing import Any, Literal

from pydantic import Field, model_validator

from windtunnel._util.model import StrictModel


class PatchError(ValueError):
    """A patch operation does not apply to the document (missing path, failed test ...)."""


class PatchOp(StrictModel):
    """One JSON Patch operation."""

    op: Literal["add", "remove", "replace", "move", "copy", "test"]
    path: str
    """JSON Pointer (RFC 6901) of the target location, e.g. ``/items/0/price``."""
    value: Any = None
    """For add, replace and test."""
    from_: str | None = Field(None, alias="from")
    """For move and copy: JSON Pointer of the source."""

    @model_validator(mode="after")
    def _check(self) -> PatchOp:
        """Reject operations RFC 6902 makes invalid before any document is seen: a pointer that does not start with
        ``/``, ``move`` / ``copy`` without ``from``, ``add`` / ``replace`` / ``test`` without ``value`` (an explicit
        ``null`` value counts as given).
        """
        for p in (self.path, self.from_):
            if p is not None and p != "" and not p.startswith("/"):
                raise ValueError(f"JSON Pointer {p!r} must be empty or start with '/'")
        if self.op in ("move", "copy") and self.from_ is None:
            raise ValueError(f"JSON Patch op {self.op!r} needs a 'from' pointer")
        if self.op in ("add", "replace", "test") and "value" not in self.model_fields_set:
            raise ValueError(f"JSON Patch op {self.op!r} needs a 'value'")
        return self


def parse_pointer(pointer: str) -> list[str]:
    """Split an RFC 6901 pointer into unescaped reference tokens."""
    if pointer == "":
        return []
    if not pointer.startswith("/"):
        raise PatchError(f"JSON Pointer {pointer!r} must start with '/'")
    return [t.replace("~1", "/").replace("~0", "~") for t in pointer[1:].split("/")]


def _index(container: list[Any], token: str, *, for_add: bool) -> int:
    """The list index ``token`` names (``-``, one past the end, only for ``add``); raises :class:`PatchError` for a
    token that is not a canonical non-negative integer or is out of range.
    """
    if token == "-" and for_add:
        return len(container)
    if not token.isdigit() or (token != "0" and token.startswith("0")):
        raise PatchError(f"array index {token!r} is not a non-negative integer")
    i = int(token)
    limit = len(container) if for_add else len(container) - 1
    if i > limit:
        raise PatchError(f"array index {i} out of range (length {len(container)})")
    return i


def resolve(doc: Any, pointer: str) -> Any:
    """The value at ``pointer`` in ``doc``; :class:`PatchError` when it does not exist."""
    cur = doc
    for token in parse_pointer(pointer):
        if isinstance(cur, dict):
            if token not in cur:
                raise PatchError(f"path {pointer!r}: no member {token!r}")
            cur = cur[token]
        elif isinstance(cur, list):
            cur = cur[_index(cur, token, for_add=False)]
        else:
            raise PatchError(f"path {pointer!r}: cannot descend into {type(cur).__name__}")
    return cur


def _parent(doc: Any, pointer: str) -> tuple[Any, str]:
    """The container holding ``pointer``'s target and the last reference token; the root has none."""
    tokens = parse_pointer(pointer)
    if not tokens:
        raise PatchError("the root has no parent")
    parent = resolve(doc, "".join("/" + t.replace("~", "~0").replace("/", "~1") for t in tokens[:-1]))
    return parent, tokens[-1]


def _add(doc: Any, pointer: str, value: Any) -> Any:
    """Add ``value`` at ``pointer`` (object member set, array element inserted; ``""`` replaces the document) and return
    the document, mutated in place.
    """
    if pointer == "":
        return value
    parent, token = _parent(doc, pointer)
    if isinstance(parent, dict):
        parent[token] = value
    elif isinstance(parent, list):
        parent.insert(_index(parent, token, for_add=True), value)
    else:
        raise PatchError(f"path {pointer!r}: parent is a {type(parent).__name__}, not a container")
    return doc


def _remove(doc: Any, pointer: str) -> tuple[Any, Any]:
    """Remove the value at ``pointer`` and return ``(document, removed value)``; the whole document cannot be
    removed.
    """
    if pointer == "":
        raise PatchError("cannot remove the whole document")
    parent, token = _parent(doc, pointer)
    if isinstance(parent, dict):
        if token not in parent:
            raise PatchError(f"path {pointer!r}: no member {token!r} to remove")
        return doc, parent.pop(token)
    if isinstance(parent, list):
        return doc, parent.pop(_index(parent, token, for_add=False))
    raise PatchError(f"path {pointer!r}: parent is a {type(parent).__name__}, not a container")


def json_equal(a: Any, b: Any) -> bool:
    """JSON equality: 1 == 1.0, but ``true`` is not ``1`` and ``"1"`` is not ``1``."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(json_equal(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(json_equal(x, y) for x, y in zip(a, b, strict=True))
    return type(a) is type(b) and a == b


def apply_patch(doc: Any, ops: list[PatchOp]) -> Any:
    """Apply ``ops`` in order to a deep copy of ``doc`` and return it. All or nothing.

    Each operation follows RFC 6902: ``add`` inserts into arrays and sets object members, ``replace`` requires the
    target to exist, ``move`` cannot move a value into its own child, ``test`` compares with JSON equality
    (:func:`json_equal`). The first operation that does not apply raises :class:`PatchError` and ``doc`` is untouched.
    """
    out = copy.deepcopy(doc)
    for op in ops:
        if op.op == "add":
            out = _add(out, op.path, copy.deepcopy(op.value))
        elif op.op == "remove":
            out, _ = _remove(out, op.path)
        elif op.op == "replace":
            resolve(out, op.path)
            if op.path == "":
                out = copy.deepcopy(op.value)
            else:
                out, _ = _remove(out, op.path)
                out = _add(out, op.path, copy.deepcopy(op.value))
        elif op.op == "move":
            assert op.from_ is not None
            if op.path.startswith(op.from_ + "/"):
                raise PatchError(f"cannot move {op.from_!r} into its own child {op.path!r}")
            out, value = _remove(out, op.from_)
            out = _add(out, op.path, value)
        elif op.op == "copy":
            assert op.from_ is not None
            out = _add(out, op.path, copy.deepcopy(resolve(out, op.from_)))
        elif op.op == "test":
            actual = resolve(out, op.path)
            if not json_equal(actual, op.value):
                raise PatchError(f"test failed at {op.path!r}: {actual!r} != {op.value!r}")
    return out
