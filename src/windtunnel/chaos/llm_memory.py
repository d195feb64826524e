"""The last model answer each seam saw, per fault plan, for modes that replay it (``stale_answer``).

Kept only while a plan has such a mode (:attr:`~windtunnel.chaos.base.LlmFaultSpec.needs_previous`),
and only as long as the plan lives.

Why per plan and not per process: a plan is one cell, and cells run concurrently; an answer remembered across cells
would replay another cell's conversation, which no real cache would serve to this user, and would make a cell's
result depend on which cell ran before it. The weak keys drop a cell's answers with its plan, so nothing accumulates
over a long run, and a plan without a ``needs_previous`` mode costs nothing here (no copy of any answer is kept).
"""

from __future__ import annotations

import threading
from typing import Any
from weakref import WeakKeyDictionary

from windtunnel.chaos.plan import FaultPlan

_answers: WeakKeyDictionary[FaultPlan, dict[str, Any]] = WeakKeyDictionary()
_lock = threading.Lock()


def wanted(plan: FaultPlan) -> bool:
    """Whether a fault of ``plan`` reads the previous answer."""
    return plan.wants_previous


def remember(plan: FaultPlan, key: str, answer: Any) -> None:
    """Keep ``answer`` (a JSON answer, or a callable's return value) as the last of seam ``key``."""
    if answer is None or not wanted(plan):
        return
    with _lock:
        _answers.setdefault(plan, {})[key] = answer


def previous(plan: FaultPlan, key: str) -> Any:
    """The last answer remembered for seam ``key`` (``None``: none yet, or no fault asks)."""
    if not wanted(plan):
        return None
    with _lock:
        return _answers.get(plan, {}).get(key)
