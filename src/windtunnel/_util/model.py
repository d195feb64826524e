"""The base model of every configuration section (each domain package declares its own section)."""

from __future__ import annotations

import ast
import functools
import inspect
import itertools
import textwrap

from pydantic import BaseModel, ConfigDict


class StrictModel(BaseModel):
    """Unknown keys are an error (``extra="forbid"``). Attribute docstrings document the fields: read
    them with :func:`field_docs` (pydantic's ``use_attribute_docstrings`` would parse every model's
    source at import, the largest part of the CLI's start-up)."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)


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
