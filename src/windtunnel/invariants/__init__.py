"""Invariants: one ``@invariant`` registry of checks on agent responses."""
