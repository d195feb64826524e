"""Behavioral contracts: a scenario × invariant matrix, isolated invocations, severity-weighted scoring."""

from windtunnel.contracts.isolation import STATE_WARNING, StateVerdict, detect_state
from windtunnel.contracts.matrix import ContractPlan, MatrixCell, applies, plan_contract
from windtunnel.contracts.run import ContractRun, has_reset
from windtunnel.contracts.scoring import SEVERITY_WEIGHTS, CellStats, ContractVerdict, score_contract
from windtunnel.contracts.validate import check_contract, raise_problems

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
