"""Import ``module:attr`` references with messages that say which part failed.

Agents, tools, LLM clients and plugins are named in configs as ``module:attr`` references. Resolving them the same
way everywhere (the project directory on ``sys.path``, as pytest does) and failing with the part that broke (no
such module, the module raised, no such attribute, with the attributes that do exist) is what lets ``validate``
report a reference problem exactly as the run would (exit 3)."""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Iterable
from typing import Any

from windtunnel._util.errors import AgentUnreachableError, ConfigError

IMPORT_HINT = (
    "run windtunnel from your project root (the directory that holds the top-level package), "
    "or add that directory to PYTHONPATH, or install the package that provides the module"
)


def split_ref(ref: str) -> tuple[str, str]:
    """``(module, attribute path)`` of a ``module:attr`` reference; anything else is a config error that shows the
    form to write."""
    module, sep, attr = ref.partition(":")
    if not sep or not module or not attr:
        raise ConfigError(
            f"{ref!r} is not a 'module:attr' reference",
            hint="write it like 'my_package.agent:handle' (module path, a colon, then the attribute)",
        )
    return module, attr


def ensure_cwd_on_path() -> None:
    """Make the project directory importable, as pytest and uvicorn do."""
    cwd = os.getcwd()
    if cwd not in sys.path:
        sys.path.insert(0, cwd)


def import_ref(ref: str, *, what: str = "agent") -> Any:
    """Resolve ``module:attr.sub`` and return the object; raise AgentUnreachableError naming the failing part."""
    return resolve_ref(ref, what=what)[2]


def import_refs(refs: Iterable[tuple[str, str]]) -> None:
    """Import each ``(config key, ref)`` in order, as ``validate`` does: the first that fails raises
    :class:`AgentUnreachableError` (exit 3) naming its key."""
    for where, ref in refs:
        import_ref(ref, what=where)


def resolve_ref(ref: str, *, what: str = "agent") -> tuple[Any, str, Any]:
    """``(owner, attribute, value)`` for ``module:attr.sub``: where the object lives, so a seam can replace it.

    Imports like :func:`import_ref` (the working directory on ``sys.path``, the same errors).
    """
    module_name, attr_path = split_ref(ref)
    ensure_cwd_on_path()
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as err:
        missing = err.name or module_name
        raise AgentUnreachableError(
            f"cannot import {what} {ref!r}: module {missing!r} was not found "
            f"(tried importing {module_name!r} with {os.getcwd()!r} and sys.path)",
            hint=IMPORT_HINT,
        ) from None
    except Exception as err:
        raise AgentUnreachableError(
            f"cannot import {what} {ref!r}: importing module {module_name!r} raised {type(err).__name__}: {err}"
        ) from None
    owner: Any = None
    obj: Any = module
    walked = module_name
    for part in attr_path.split("."):
        owner = obj
        if not hasattr(obj, part):
            raise AgentUnreachableError(
                f"cannot import {what} {ref!r}: {walked!r} has no attribute {part!r}",
                hint=f"attributes available: {', '.join(n for n in dir(obj) if not n.startswith('_'))[:300]}",
            )
        obj = getattr(obj, part)
        walked = f"{walked}.{part}" if walked != module_name else f"{module_name}:{part}"
    return owner, attr_path.rpartition(".")[2], obj
