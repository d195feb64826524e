"""Invariants: one ``@invariant`` registry of checks on agent responses.

The built-in types come in families: rule-based checks on the text (:mod:`.deterministic`), safety (:mod:`.safety`:
personal data, refusals, jailbreaks, compliance with injected instructions), similarity to an expected or baseline
answer (:mod:`.semantic`), token and cost budgets (:mod:`.budget`), a model-graded rubric (:mod:`.judge`) and
system-prompt leak probes (:mod:`.probes`). Every check returns a :class:`CheckResult` with a detail saying why; a check
that could not look at what it checks is inconclusive, which counts as a failure. A new type is one
:class:`InvariantSpec` subclass decorated with :func:`invariant` (or registered in a module advertised under the
``windtunnel.plugins`` entry-point group).
"""

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
