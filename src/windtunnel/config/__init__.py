"""The one typed configuration layer. ``load.py`` is the only YAML reader.

A config travels one way: :func:`~windtunnel.config.load.find_config` picks the file (``-c``, else
``windtunnel.yaml`` before upstream's ``flakestorm.yaml``), :mod:`windtunnel._util.yamlsource` safe-loads it with a
line map and a node limit, and :class:`~windtunnel.config.model.Config` validates it. Every failure on that path is
one :class:`~windtunnel._util.errors.ConfigError` (exit 2) that lists all the problems at once, each with file,
line, the key and the closest valid key (:mod:`windtunnel._util.explain`); the Python API's mappings get the same
messages with key paths instead of lines. The validated :class:`Config` keeps its source and line map so later
checks (preflight, :mod:`~windtunnel.config.upstream`, :mod:`~windtunnel.config.advice`) can point at lines too.

The sections are owned by the domain packages, not declared here: ``agent:`` by :mod:`windtunnel.agents.config`,
``chaos:`` and the matrix scenarios by :mod:`windtunnel.chaos.config`, ``invariants:`` and ``mutations:`` by
theirs; ``model.py`` composes them and :mod:`~windtunnel.config.plugins` makes sure the plugin registries (built-in
and entry-point) are filled before the discriminated unions over them are built, so a plugin's ``type`` is valid
YAML and an unknown one is refused by name. The arrow runs one way: no section imports the root model
(``config.model``); the few domain modules that import from ``config`` take re-exports (``config.agent``,
``config.base``) that declare nothing of their own.

Invariants a change must keep: unknown keys are errors, never ignored (``extra="forbid"`` on every model through
:class:`~windtunnel._util.model.StrictModel`); a choice between kinds is a ``type``/``mode`` discriminator over a
registry, never a string with a fallback; upstream V2 files load unchanged. What this package does not do: read
files a config points at (sessions, tools, agents: preflight does, so ``validate --no-import`` stays cheap), expand
environment variables (``${ENV}`` in an HTTP agent's URL and headers is read when the agent runs), or open the store.
"""
