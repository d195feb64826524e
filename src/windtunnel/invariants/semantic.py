"""Similarity invariants: close to an expected answer, or unchanged from the chaos-free baseline.

Scores come from the backends of :mod:`windtunnel.invariants.similarity` (lexical by default, offline).
``behavior_unchanged`` with ``baseline: auto`` needs the chaos-free answer that the run records for the same prompt;
without it the check is inconclusive, never passed.

A similarity score answers "is this the same answer?", not "is this a correct answer?": two correct answers worded
differently can score low on the lexical backend, which compares character n-grams. Thresholds are therefore per
invariant, and the embedding backend (an optional extra) is the choice when wording is expected to vary. The detail
gives the score, the threshold, the backend and the reference text, so a reader can judge whether the threshold or the
agent is wrong.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator

from windtunnel.invariants._text import clip
from windtunnel.invariants.base import CheckContext, CheckResult, InvariantSpec, call_failed, invariant
from windtunnel.invariants.similarity import get_backend, validate_backend_name


class _SimilarityBase(InvariantSpec):
    """What the similarity invariants share: the backend that scores two texts, checked when the config is loaded."""

    backend: str = "lexical"
    """Similarity backend: ``lexical`` (offline, default) or ``embedding`` (``windtunnel[semantic]``)."""

    @field_validator("backend")
    @classmethod
    def _known_backend(cls, v: str) -> str:
        """The backend must be registered and runnable here (the embedding backend needs its extra): a config error now,
        not a failed cell later.
        """
        return validate_backend_name(v)

    def _score(self, output: str, reference: str) -> float:
        """The backend's similarity of ``output`` to ``reference`` (0..1, symmetric)."""
        return get_backend(self.backend).similarity(output, reference)


@invariant("similarity")
class Similarity(_SimilarityBase):
    """The output is similar to an expected answer: score >= ``threshold`` (0..1, see ``backend``)."""

    type: Literal["similarity"] = "similarity"
    expected: str = Field(min_length=1)
    """The reference answer."""
    threshold: float = Field(0.8, ge=0.0, le=1.0)
    """Smallest passing similarity; 0 accepts any answer the call produced."""

    def check(self, ctx: CheckContext) -> CheckResult:
        """Score the output against ``expected``; the detail gives the score, the threshold and the backend."""
        if (failed := call_failed(ctx)) is not None:
            return failed
        assert ctx.output is not None
        score = self._score(ctx.output, self.expected)
        verdict = ">=" if score >= self.threshold else "<"
        expected = clip(self.expected, 50)
        detail = f"similarity {score:.3f} {verdict} {self.threshold:g} to {expected} ({self.backend})"
        return CheckResult(score >= self.threshold, detail)


@invariant("behavior_unchanged")
class BehaviorUnchanged(_SimilarityBase):
    """Under chaos the output stays similar to the chaos-free baseline (score >= ``similarity_threshold``).

    ``baseline: auto`` compares with the clean response to the same prompt that the run records;
    without one the check fails (it never passes for lack of a baseline). Any other string is the
    baseline itself.
    """

    type: Literal["behavior_unchanged"] = "behavior_unchanged"
    baseline: str = "auto"
    """``auto`` (the clean run's response) or the baseline text itself."""
    similarity_threshold: float = Field(0.75, ge=0.0, le=1.0)
    """Smallest passing similarity to the baseline; 0 accepts any answer the call produced."""

    @field_validator("baseline")
    @classmethod
    def _not_blank(cls, v: str) -> str:
        """Reject a blank baseline: every answer would be compared with nothing."""
        if not v.strip():
            raise ValueError("baseline must be 'auto' or a non-empty baseline text")
        return v

    def check(self, ctx: CheckContext) -> CheckResult:
        """Score the output against the baseline: the recorded chaos-free answer for ``auto`` (missing: an inconclusive
        failure, never a pass), else the configured text.
        """
        if (failed := call_failed(ctx)) is not None:
            return failed
        assert ctx.output is not None
        if self.baseline == "auto":
            if ctx.baseline_output is None:
                return CheckResult(
                    False,
                    "baseline missing: baseline is 'auto' but no chaos-free response to this prompt "
                    "was recorded (the baseline call failed or was not run)",
                    inconclusive=True,
                )
            reference, source = ctx.baseline_output, "auto baseline"
        else:
            reference, source = self.baseline, "configured baseline"
        score = self._score(ctx.output, reference)
        verdict = ">=" if score >= self.similarity_threshold else "<"
        return CheckResult(
            score >= self.similarity_threshold,
            f"similarity to the {source} {score:.3f} {verdict} {self.similarity_threshold:g} ({self.backend})",
        )
