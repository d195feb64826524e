"""The shape of a stored row, checked against the typed report where a row is read back.

A row read from the run store (a cell, a summary) is untrusted: a damaged or hand-edited row such as
``{"faults": 7}`` or ``{"checks": "no"}`` must be marked *damaged*, never crash a page. :func:`shape_problem`
checks the JSON type of every key a row holds against the field of the same name in the report models
(:mod:`windtunnel.report.models`), nested models and list items included, and names the first misfit with its
JSON path. It is lenient where the full :func:`~windtunnel.reports.validate.validate_report` is strict: keys may
be missing and values are not range-checked (an old or partial row still shows), so it is cheap enough to run
on every row the viewer reads.
"""

from __future__ import annotations

import functools
import types
import typing
from typing import Any

from pydantic import BaseModel

_JSON_NAMES = {dict: "an object", list: "an array", str: "a string", bool: "a boolean", int: "a number",
               float: "a number", type(None): "null"}  # fmt: skip


class _Spec:
    """What one field may hold: these Python types (as JSON decodes them), an object of ``model``, items of ``item``."""

    __slots__ = ("exact", "item", "model", "scalar", "types")

    def __init__(self, types: tuple[type, ...], model: type[BaseModel] | None = None, item: _Spec | None = None):
        """``types`` the accepted JSON types, ``model`` the model an object must fit, ``item`` the spec of each array
        item or object value (None when anything goes).
        """
        self.types = types
        self.model = model
        self.item = item
        self.exact = frozenset(types) | ({int} if float in types else set())
        """The types a value may have, for a ``type(value) in`` test (``float`` takes an ``int`` too)."""
        self.scalar = self.exact - {dict, list}
        """The accepted types with nothing inside to check (everything but objects and arrays)."""


_ANY = _Spec(())
"""A field of any value (``Any``): never a misfit."""


def _spec(tp: Any) -> _Spec:
    """The :class:`_Spec` of annotation ``tp``: unions merge their members, ``Annotated`` is unwrapped, a model is an
    object to check field by field; an annotation it does not know (``Any``, a custom type) is :data:`_ANY`, which
    never reports a misfit rather than guessing.
    """
    origin = typing.get_origin(tp)
    if origin is typing.Annotated:
        return _spec(typing.get_args(tp)[0])
    if origin in (typing.Union, types.UnionType):
        parts = [_spec(a) for a in typing.get_args(tp)]
        if any(p is _ANY for p in parts):
            return _ANY
        model = next((p.model for p in parts if p.model is not None), None)
        item = next((p.item for p in parts if p.item is not None), None)
        return _Spec(tuple(t for p in parts for t in p.types), model, item)
    if origin is typing.Literal:
        return _Spec(tuple({type(a) for a in typing.get_args(tp)}))
    if origin is list:
        (arg,) = typing.get_args(tp) or (Any,)
        item = _spec(arg)
        return _Spec((list,), item=None if item is _ANY else item)
    if origin is dict:
        args = typing.get_args(tp)
        item = _spec(args[1]) if len(args) == 2 else _ANY
        return _Spec((dict,), item=None if item is _ANY else item)
    if tp is type(None):
        return _Spec((type(None),))
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        return _Spec((dict,), model=tp)
    if tp is float:
        return _Spec((float,))
    if tp in (str, bool, int):
        return _Spec((tp,))
    return _ANY


@functools.cache
def _fields(model: type[BaseModel]) -> dict[str, _Spec]:
    """The spec of every field of ``model``, computed once per model (a report checks the same models per row)."""
    return {name: _spec(f.annotation) for name, f in model.model_fields.items()}


def _kind(value: object) -> str:
    """The JSON name of ``value``'s type (``a string``, ``null``) for a misfit message."""
    return _JSON_NAMES.get(type(value), type(value).__name__)


def _misfit(value: object, spec: _Spec) -> str:
    """`` must be <accepted types>, not <actual type>``: the tail of a misfit message (its path comes before it)."""
    want = " or ".join(dict.fromkeys(_JSON_NAMES.get(t, t.__name__) for t in spec.types))
    return f" must be {want}, not {_kind(value)}"


def _check(value: Any, spec: _Spec) -> str | None:
    """What is wrong with ``value`` as ``spec``: the path below it and the misfit (``[0].target must be a
    string, not a number``), built only on a misfit; None when it fits."""
    kind = type(value)  # exact JSON types: a bool is not a number here, nor a number a bool
    if kind not in spec.exact:
        return None if spec is _ANY else _misfit(value, spec)
    if kind is dict:
        if spec.model is not None:
            return _fields_problem(value, spec.model)
        if spec.item is not None:
            for key, v in value.items():
                if (problem := _check(v, spec.item)) is not None:
                    return f".{key}{problem}"
    elif kind is list and spec.item is not None:
        for i, v in enumerate(value):
            if (problem := _check(v, spec.item)) is not None:
                return f"[{i}]{problem}"
    return None


def _fields_problem(row: dict[str, object], model: type[BaseModel]) -> str | None:
    """The first field of ``row`` whose value does not fit ``model``, as ``.name<problem>``, or None.

    Extra keys and plain values of the right type are skipped without a recursive check: the common case costs
    one dictionary lookup per key, which keeps checking every row of a large report cheap.
    """
    fields = _fields(model)
    for name, value in row.items():
        spec = fields.get(name)
        if spec is None or type(value) in spec.scalar:  # an extra key, or a plain value of its type: nothing inside
            continue
        if (problem := _check(value, spec)) is not None:
            return f".{name}{problem}"
    return None


def shape_problem(row: object, model: type[BaseModel]) -> str | None:
    """What is wrong with the shape of ``row`` as a ``model`` (e.g. ``$.faults must be an array, not a number``),
    or None when every key it holds has the type of its field. Missing keys and extra keys are fine."""
    if type(row) is not dict:
        return f"$ must be an object, not {_kind(row)}"
    problem = _fields_problem(row, model)
    return None if problem is None else "$" + problem
