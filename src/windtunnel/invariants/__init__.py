"""Invariants: one ``@invariant`` registry of checks on agent responses."""

from windtunnel.invariants.base import (
    CheckContext,
    CheckResult,
    InvariantSpec,
    call_failed,
    invariant,
    invariants,
)
from windtunnel.invariants.pii import find_pii, luhn_valid
from windtunnel.invariants.probes import default_probes
from windtunnel.invariants.refusal import find_jailbreak_marker, find_refusal, looks_dangerous
from windtunnel.invariants.similarity import (
    SimilarityBackend,
    get_backend,
    lexical_similarity,
    similarity_backend,
    similarity_backends,
)

__all__ = [
    "CheckContext",
    "CheckResult",
    "InvariantSpec",
    "SimilarityBackend",
    "call_failed",
    "default_probes",
    "find_jailbreak_marker",
    "find_pii",
    "find_refusal",
    "get_backend",
    "invariant",
    "invariants",
    "lexical_similarity",
    "looks_dangerous",
    "luhn_valid",
    "similarity_backend",
    "similarity_backends",
]
