"""Built-in invariants plugins (imported for registration)."""

from windtunnel.invariants import deterministic, probes, safety, semantic  # noqa: F401
