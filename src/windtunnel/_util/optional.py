"""The one way windtunnel imports a heavy or optional third-party package late.

Everything else is imported at the top of its module, so the import graph a reader (or a tool) sees is the
one that runs. Two kinds of package are the exception, and they go through :func:`optional_import`:

* **optional** packages that live in an extra (``ray``, ``sentence_transformers``, the framework SDKs,
  ``langsmith``...): a user without the extra must get a message naming the extra to install, not a
  traceback at start-up of an unrelated command;
* **heavy** packages a command needs only on one path (a start-up measured in ``benchmarks/startup.py``
  would pay for them on every ``--help``).

Our own modules are never imported through it: a cycle between two of our files is fixed by moving code,
not hidden behind a late import.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from windtunnel._util.errors import ConfigError


def optional_import(module: str, *, extra: str | None = None, purpose: str = "") -> ModuleType:
    """Import ``module`` when it is first needed, or say which extra provides it.

    ``extra`` names the ``windtunnel[...]`` extra that installs the package (None for a heavy package that
    is a hard dependency and only imported late for start-up time); ``purpose`` says what needs it, for the
    message. A module that is already imported costs one dictionary lookup.
    """
    try:
        return importlib.import_module(module)
    except ImportError as err:
        if extra is None:
            raise
        what = purpose or "this feature"
        raise ConfigError(
            f"{what} needs the {module.split('.')[0]!r} package, which is not installed ({err})",
            hint=f"pip install 'windtunnel[{extra}]'",
        ) from None
