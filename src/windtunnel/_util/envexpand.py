"""``${ENV}`` expansion for headers, query params, endpoints and keys.

Configs name secrets by variable (``Authorization: Bearer ${API_TOKEN}``) so they never live in a file that is
committed or shared; expansion happens when a value is used, not when the config is loaded, so ``validate`` and
reports show the reference, not the secret. A value read from a secret-looking variable is remembered by the
redactor and blanked wherever it would later appear."""

from __future__ import annotations

import os
import re

from windtunnel._util.errors import ConfigError
from windtunnel._util.redact import remember_secret, secret_param

_VAR = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}")


def expand_env(value: str, *, where: str = "config") -> str:
    """Replace ``${NAME}`` (or ``${NAME:-default}``) with the environment value; unset without default is an error.

    ``where`` names the config key for the message. The value of a variable whose name looks like a credential is
    remembered for redaction, so it is blanked wherever it later shows up (an error quoting a URL, a log line)."""

    def sub(m: re.Match[str]) -> str:
        """The value of one ``${NAME}`` / ``${NAME:-default}`` reference; an unset variable without a default is a
        config error naming the key that refers to it."""
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
