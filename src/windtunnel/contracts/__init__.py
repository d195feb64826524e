"""Behavioral contracts: a scenario × invariant matrix, isolated invocations, severity-weighted scoring.

The names below are imported from their modules on first use (PEP 562): ``windtunnel validate`` imports
:mod:`windtunnel.contracts.validate` alone, without the contract runtime (the engine, anyio, asyncio).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from windtunnel.contracts.isolation import STATE_WARNING, StateVerdict, detect_state
    from windtunnel.contracts.matrix import ContractPlan, MatrixCell, applies, plan_contract
    from windtunnel.contracts.run import ContractRun, has_reset
    from windtunnel.contracts.scoring import SEVERITY_WEIGHTS, CellStats, ContractVerdict, score_contract
    from windtunnel.contracts.validate import check_contract, raise_problems

_HOME = {
    "STATE_WARNING": "isolation",
    "StateVerdict": "isolation",
    "detect_state": "isolation",
    "ContractPlan": "matrix",
    "MatrixCell": "matrix",
    "applies": "matrix",
    "plan_contract": "matrix",
    "ContractRun": "run",
    "has_reset": "run",
    "SEVERITY_WEIGHTS": "scoring",
    "CellStats": "scoring",
    "ContractVerdict": "scoring",
    "score_contract": "scoring",
    "check_contract": "validate",
    "raise_problems": "validate",
}


def __getattr__(name: str) -> Any:
    """Import the module that defines ``name`` (:data:`_HOME`) on first access and cache the value here, so later
    lookups are plain module attributes; an unknown name is the usual ``AttributeError``."""
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


__all__ = [
    "SEVERITY_WEIGHTS",
    "STATE_WARNING",
    "CellStats",
    "ContractPlan",
    "ContractRun",
    "ContractVerdict",
    "MatrixCell",
    "StateVerdict",
    "applies",
    "check_contract",
    "detect_state",
    "has_reset",
    "plan_contract",
    "raise_problems",
    "score_contract",
]
