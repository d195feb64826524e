"""A description of every registered invariant type, as data (for ``windtunnel invariants`` and docs).

Everything comes from the registered models: the class docstring, the fields with their annotations, defaults, aliases
and attribute docstrings. A third-party invariant is documented the moment it is registered.

Why derived and not written: a hand-kept list of parameters drifts from the models the config actually validates
against, and a plugin author should not have to document a type twice. The price is that the docstrings *are* the
user documentation: a field without an attribute docstring shows an empty description, which the generic plugin tests
catch. The result is plain data (:class:`TypeInfo`), which the CLI and the docs render as they need.
"""

from __future__ import annotations

import types
import typing
from dataclasses import asdict, dataclass
from typing import Any

from pydantic_core import PydanticUndefined

from windtunnel._util.model import field_doc
from windtunnel.invariants.base import InvariantSpec, invariants, one_line

COMMON_FIELDS = frozenset(InvariantSpec.model_fields)
"""Keys every type has: ``type``, ``id``, ``description``, ``negate``, ``severity``, ``when``, ``probes``."""


@dataclass(frozen=True)
class ParamInfo:
    """One parameter of an invariant type: name, its annotation as text, whether it is required, its default, the
    field's docstring on one line, and the other names the config accepts for it.
    """

    name: str
    type: str
    required: bool
    default: Any
    description: str
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True)
class TypeInfo:
    """One invariant type as ``windtunnel invariants`` lists it: its name, the docstring's first paragraph, the whole
    docstring, whether it takes ``probes``, and its own parameters (the keys every type has are in
    :data:`COMMON_FIELDS`).
    """

    name: str
    summary: str
    description: str
    uses_probes: bool
    params: tuple[ParamInfo, ...]

    def as_dict(self) -> dict[str, Any]:
        """The info as plain data (``windtunnel invariants --json``)."""
        return asdict(self)


def _type_name(tp: Any) -> str:
    """A field annotation as a reader writes it: literals as their quoted choices, unions joined with ``|``, ``None`` as
    ``null`` (the YAML word).
    """
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is typing.Literal:
        return " | ".join(repr(a) for a in args)
    if origin in (typing.Union, types.UnionType):
        return " | ".join(_type_name(a) for a in args)
    if origin is list:
        return f"list[{_type_name(args[0])}]" if args else "list"
    if tp is type(None):
        return "null"
    return getattr(tp, "__name__", str(tp))


def describe(cls: type[InvariantSpec]) -> TypeInfo:
    """Parameters (type-specific fields only) and docs of one invariant type.

    The fields every type shares (:data:`COMMON_FIELDS`) are left out, so a type's listing shows only what is its own.
    A default built by a factory is called to show its value; a required field's default is ``None``. Aliases are the
    other names the config accepts (upstream's spellings), shown so a user reading an old config finds the parameter.
    """
    params = []
    for fname, info in cls.model_fields.items():
        if fname in COMMON_FIELDS:
            continue
        choices = getattr(info.validation_alias, "choices", None) or ()
        aliases = tuple(c for c in choices if isinstance(c, str) and c != fname)
        default: Any = None
        if info.default is not PydanticUndefined:
            default = info.default
        elif info.default_factory is not None:
            default = info.default_factory()  # type: ignore[call-arg]
        params.append(
            ParamInfo(
                name=fname,
                type=_type_name(info.annotation),
                required=info.is_required(),
                default=default,
                description=one_line(field_doc(cls, fname)),
                aliases=aliases,
            )
        )
    doc = (cls.__doc__ or "").strip()
    return TypeInfo(
        name=str(cls.model_fields["type"].default),
        summary=one_line(doc),
        description=" ".join(doc.split()),
        uses_probes=bool(cls.uses_probes),
        params=tuple(params),
    )


def describe_all(only: str | None = None) -> list[TypeInfo]:
    """Every registered type (or just ``only``), sorted by name."""
    return [describe(cls) for name, cls in invariants.items() if only is None or name == only]
