"""Built-in invariants plugins (imported for registration)."""

from windtunnel.invariants import budget, deterministic, judge, probes, safety, semantic  # noqa: F401
