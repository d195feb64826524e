"""Built-in invariants plugins (imported for registration)."""

from windtunnel.invariants import budget, deterministic, probes, safety, semantic  # noqa: F401
