"""One registry type for every pluggable kind (invariants, mutations, faults, reporters ...).

Each kind creates one :class:`Registry` and exposes its ``decorator``. Registration
checks the plugin's shape through the kind's ``validate`` hook, so a malformed
plugin fails at import time rather than mid-run. Third-party plugins register by
importing their module through the ``windtunnel.plugins`` entry-point group.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import reduce
from importlib.metadata import entry_points
from operator import or_
from typing import Annotated, Any, Generic, TypeVar

from windtunnel._util.errors import UnknownPluginError
from windtunnel._util.optional import optional_import
from windtunnel._util.suggest import did_you_mean

T = TypeVar("T")

ENTRY_POINT_GROUP = "windtunnel.plugins"
_entry_points_loaded = False


def load_entry_point_plugins() -> None:
    """Import every module advertised under the ``windtunnel.plugins`` entry-point group (once)."""
    global _entry_points_loaded
    if _entry_points_loaded:
        return
    _entry_points_loaded = True
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        ep.load()


@dataclass
class Registry(Generic[T]):
    """A name → plugin mapping for one kind.

    ``kind`` is the human name used in messages ("invariant type", "fault mode").
    """

    kind: str
    validate: Callable[[str, T], None] | None = None
    _items: dict[str, T] = field(default_factory=dict)

    def register(self, name: str, item: T) -> T:
        """Register ``item`` under ``name`` and return it.

        The name must be snake_case (it is written in configs) and new (a second registration is an error rather
        than a silent replacement, so two plugins cannot shadow each other); the kind's ``validate`` hook then
        checks the plugin's shape, at import time."""
        if not name or not name.replace("_", "").isalnum():
            raise ValueError(f"{self.kind} name {name!r} must be a non-empty snake_case identifier")
        if name in self._items:
            raise ValueError(f"{self.kind} {name!r} is registered twice")
        if self.validate is not None:
            self.validate(name, item)
        self._items[name] = item
        return item

    def decorator(self, name: str, **_: Any) -> Callable[[T], T]:
        """A decorator registering what it decorates under ``name`` (extra keyword arguments are accepted and
        ignored, for kinds whose decorators take options handled elsewhere)."""

        def wrap(item: T) -> T:
            """Register ``item`` and return it unchanged."""
            return self.register(name, item)

        return wrap

    def get(self, name: str) -> T:
        """The plugin registered as ``name``; an unknown name is an :class:`UnknownPluginError` (a config error, exit
        2) with the closest name and every valid one, taken from the registry, never from a hard-coded list."""
        try:
            return self._items[name]
        except KeyError:
            raise UnknownPluginError(
                f"unknown {self.kind} {name!r}{did_you_mean(name, self._items, self.descriptions())}",
                hint=f"valid choices: {', '.join(sorted(self._items))}",
            ) from None

    def descriptions(self) -> dict[str, str]:
        """Each plugin's one-line ``description`` (plugins that have one), so an unknown name can be matched by what
        it means as well as by how it is spelt (:func:`~windtunnel._util.suggest.did_you_mean`)."""
        out = {}
        for name, item in self._items.items():
            text = getattr(item, "description", None)
            if isinstance(text, str) and text:
                out[name] = text
        return out

    def __contains__(self, name: object) -> bool:
        """Whether ``name`` is registered."""
        return name in self._items

    def __iter__(self) -> Iterator[str]:
        """The registered names, sorted (listings and help text are stable)."""
        return iter(sorted(self._items))

    def __len__(self) -> int:
        """How many plugins are registered."""
        return len(self._items)

    def names(self) -> list[str]:
        """The registered names, sorted."""
        return sorted(self._items)

    def items(self) -> list[tuple[str, T]]:
        """``(name, plugin)`` pairs, sorted by name."""
        return sorted(self._items.items())


def registry_union(registry: Registry[Any], base: type, discriminator: str) -> Any:
    """``Annotated[A | B | ..., Field(discriminator=...)]`` over a registry (the base type when empty).

    This is how each config section's union of plugin models is built from its registry, so a plugin's config
    model is accepted (and an unknown ``type`` rejected by name) without the config layer listing the plugins.
    pydantic is imported here, not at the top: the leakage tools use registries without any config model."""
    models = [cls for _, cls in registry.items()]
    if not models:
        return base
    if len(models) == 1:
        return models[0]
    return Annotated[reduce(or_, models), optional_import("pydantic").Field(discriminator=discriminator)]
