"""Import ``module:attr`` references with messages that say which part failed."""

from __future__ import annotations

import importlib
import os
import sys
from typing import Any

from windtunnel._util.errors import AgentUnreachableError, ConfigError


def split_ref(ref: str) -> tuple[str, str]:
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
            hint="run windtunnel from your project directory, or install the package that provides it",
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
