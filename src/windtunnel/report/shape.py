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
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

_JSON_NAMES = {dict: "an object", list: "an array", str: "a string", bool: "a boolean", int: "a number",
               float: "a number", type(None): "null"}  # fmt: skip


@dataclass(frozen=True)
class _Spec:
    """What one field may hold: these Python types (as JSON decodes them), an object of ``model``, items of ``item``."""

    types: tuple[type, ...]
    model: type[BaseModel] | None = None
    item: _Spec | None = None


_ANY = _Spec((object,))


def _spec(tp: Any) -> _Spec:
    origin = typing.get_origin(tp)
    if origin is typing.Annotated:
        return _spec(typing.get_args(tp)[0])
    if origin in (typing.Union, types.UnionType):
        parts = [_spec(a) for a in typing.get_args(tp)]
        model = next((p.model for p in parts if p.model is not None), None)
        item = next((p.item for p in parts if p.item is not None), None)
        return _Spec(tuple(t for p in parts for t in p.types), model, item)
    if origin is typing.Literal:
        return _Spec(tuple({type(a) for a in typing.get_args(tp)}))
    if origin is list:
        (arg,) = typing.get_args(tp) or (Any,)
        return _Spec((list,), item=_spec(arg))
    if origin is dict:
        args = typing.get_args(tp)
        return _Spec((dict,), item=_spec(args[1]) if len(args) == 2 else None)
    if tp is type(None):
        return _Spec((type(None),))
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        return _Spec((dict,), model=tp)
    if tp is float:
        return _Spec((int, float))
    if tp in (str, bool, int):
        return _Spec((tp,))
    return _ANY


@functools.cache
def _fields(model: type[BaseModel]) -> dict[str, _Spec]:
    return {name: _spec(f.annotation) for name, f in model.model_fields.items()}


def _kind(value: Any) -> str:
    return _JSON_NAMES.get(type(value), type(value).__name__)


def _check(value: Any, spec: _Spec, path: str) -> str | None:
    if spec is _ANY:
        return None
    if not isinstance(value, spec.types) or (isinstance(value, bool) and bool not in spec.types):
        want = " or ".join(dict.fromkeys(_JSON_NAMES.get(t, t.__name__) for t in spec.types))
        return f"{path} must be {want}, not {_kind(value)}"
    if isinstance(value, dict):
        if spec.model is not None:
            return shape_problem(value, spec.model, path)
        if spec.item is not None:
            for key, v in value.items():
                if (problem := _check(v, spec.item, f"{path}.{key}")) is not None:
                    return problem
    elif isinstance(value, list) and spec.item is not None:
        for i, v in enumerate(value):
            if (problem := _check(v, spec.item, f"{path}[{i}]")) is not None:
                return problem
    return None


def shape_problem(row: Any, model: type[BaseModel], path: str = "$") -> str | None:
    """What is wrong with the shape of ``row`` as a ``model`` (e.g. ``$.faults must be an array, not a number``),
    or None when every key it holds has the type of its field. Missing keys and extra keys are fine."""
    if not isinstance(row, dict):
        return f"{path} must be an object, not {_kind(row)}"
    for name, spec in _fields(model).items():
        if name in row and (problem := _check(row[name], spec, f"{path}.{name}")) is not None:
            return problem
    return None
