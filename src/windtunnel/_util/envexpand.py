"""``${ENV}`` expansion for headers, query params, endpoints and keys."""

from __future__ import annotations

import os
import re

from windtunnel._util.errors import ConfigError
from windtunnel._util.redact import remember_secret, secret_param

_VAR = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}")


def expand_env(value: str, *, where: str = "config") -> str:
    """Replace ``${NAME}`` (or ``${NAME:-default}``) with the environment value; unset without default is an error."""

    def sub(m: re.Match[str]) -> str:
        name, default = m.group(1), m.group(2)
        val = os.environ.get(name)
        if val is None:
            if default is not None:
                return default
            raise ConfigError(
                f"{where} refers to ${{{name}}}, but the environment variable {name} is not set",
                hint=f"export {name}=... before running, or write ${{{name}:-default}}",
            )
        if secret_param(name):  # ${OPENAI_API_KEY}, ${SECRET}: never shown again where it ends up
            remember_secret(val)
        return val

    return _VAR.sub(sub, value)


def unset_vars(value: str) -> list[str]:
    """Names of the ``${NAME}`` references in ``value`` that :func:`expand_env` would reject (unset, no default)."""
    return [m.group(1) for m in _VAR.finditer(value) if m.group(2) is None and m.group(1) not in os.environ]
