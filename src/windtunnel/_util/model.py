"""The base model of every configuration section (each domain package declares its own section).

:class:`StrictModel` is where the config layer's house rules live once: unknown keys are errors, a boolean is not
a number, and fields are documented by attribute docstrings that the CLI's help reads lazily (:func:`field_docs`)
instead of pydantic parsing every model's source at import."""

from __future__ import annotations

import ast
import functools
import inspect
import itertools
import textwrap
import types
from typing import Any, Union, get_args, get_origin

from pydantic import BaseModel, ConfigDict, model_validator


class StrictModel(BaseModel):
    """Unknown keys are an error (``extra="forbid"``). Attribute docstrings document the fields: read
    them with :func:`field_docs` (pydantic's ``use_attribute_docstrings`` would parse every model's
    source at import, the largest part of the CLI's start-up).

    ``defer_build``: a model's validator is built when it is first used, not when its class is declared. The config
    layer declares ~90 section models at import; eagerly, each built its own schema (nested ones again inside their
    parents'), while deferred, validating the root :class:`~windtunnel.config.model.Config` builds one schema with
    the sections inline, and a section validated on its own builds its own once (issue #28: ``import
    windtunnel.config.model`` 1.9–2.0× → ~1.6× the floor of ``python -m benchmarks startup``)."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True, defer_build=True)

    @model_validator(mode="before")
    @classmethod
    def _no_bool_for_a_number(cls, data: Any) -> Any:
        """Refuse ``true`` / ``false`` for a number field: YAML reads ``timeout: true`` as a bool, and pydantic would
        take it as the number 1 (a 1 ms timeout) without a word."""
        if isinstance(data, dict):
            for name in _number_fields(cls):
                value = data.get(name)
                if isinstance(value, bool):
                    raise ValueError(f"{name} is a number, not {str(value).lower()}: write a number")
        return data


@functools.cache
def _number_fields(cls: type[BaseModel]) -> tuple[str, ...]:
    """Names (and aliases) of the fields of ``cls`` that take a number and nothing else."""
    out: list[str] = []
    for name, field in cls.model_fields.items():
        if _number_only(field.annotation):
            out.append(name)
            if field.alias:
                out.append(field.alias)
    return tuple(out)


def _number_only(annotation: Any) -> bool:
    """True when a field typed ``annotation`` takes numbers (``int``, ``float``, optional) and nothing else."""
    if get_origin(annotation) in (Union, types.UnionType):
        args = [a for a in get_args(annotation) if a is not type(None)]
        return bool(args) and all(a in (int, float) for a in args)
    return annotation in (int, float)


def field_doc(cls: type[BaseModel], name: str) -> str | None:
    """The field's ``description=``, else the docstring written under the attribute (inherited too)."""
    info = cls.model_fields.get(name)
    if info is not None and info.description:
        return info.description
    return field_docs(cls).get(name)


@functools.cache
def field_docs(cls: type) -> dict[str, str]:
    """Attribute docstrings of ``cls`` and its bases: ``name: T = ...`` followed by a string literal."""
    docs: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        if klass is object or klass is BaseModel or not issubclass(klass, BaseModel):
            continue
        docs.update(_own_docs(klass))
    return docs


def _own_docs(klass: type) -> dict[str, str]:
    """The attribute docstrings written in ``klass``'s own body, read from its source; a class whose source cannot be
    read (built dynamically, no file) has none rather than failing."""
    try:
        source = textwrap.dedent(inspect.getsource(klass))
        tree = ast.parse(source)
    except (OSError, TypeError, SyntaxError):
        return {}
    body = next((n.body for n in tree.body if isinstance(n, ast.ClassDef)), [])
    docs: dict[str, str] = {}
    for node, nxt in itertools.pairwise(body):
        if (
            isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name)
            and isinstance(nxt, ast.Expr)
            and isinstance(nxt.value, ast.Constant)
            and isinstance(nxt.value.value, str)
        ):
            docs[node.target.id] = inspect.cleandoc(nxt.value.value)
    return docs
