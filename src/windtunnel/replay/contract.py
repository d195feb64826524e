"""Which contract judges a session, which of its invariants apply, and the contract's verdict.

Resolution: the session's ``contract`` is a contract name in the main config, or a path relative to the session
file (a windtunnel config with a ``contract:`` block, or a file holding just the contract). A session without
``contract`` uses the main config's contract. Anything unresolvable is a :class:`ConfigError` (exit 2) that says
what was looked for: a replay is never judged by nothing.

Verdict (the contract FAIL rule): any failed critical invariant fails the session; the other severities are
judged, shown and scored (critical 3, high 2, medium 1, low 1).

Which invariants apply follows the contract's ``when`` rules, read against the failures the recording holds: a
session whose tools failed at the time is a scenario with tool faults."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from windtunnel._util.errors import ConfigError
from windtunnel._util.yamlsource import read_text
from windtunnel.config.load import format_validation_error, read_yaml
from windtunnel.config.model import Config, ContractConfig
from windtunnel.engine.cells import CheckOutcome
from windtunnel.invariants.base import InvariantSpec
from windtunnel.invariants.labels import labelled

SEVERITY_WEIGHTS = {"critical": 3, "high": 2, "medium": 1, "low": 1}


@dataclass
class ResolvedContract:
    """The contract a session is judged by: its name, its labelled invariants and where it came from (for the report,
    so a reader knows which file decided the verdict).

    Labels are the invariants' ids or generated names, the same as in a contract run, so a replay's failed
    invariant can be looked up in the contract."""

    name: str
    invariants: list[InvariantSpec]
    source: str
    """Where it came from: ``config <path>`` or the contract file's path."""


def _from_config(cfg: Config) -> ContractConfig | None:
    """The main config's contract when it has invariants, else ``None``: a contract without invariants cannot judge,
    and a session must then name one that can."""
    return cfg.contract if cfg.contract is not None and cfg.contract.invariants else None


def _config_label(cfg: Config) -> str:
    """The config's file for messages (``the config`` for one built in code)."""
    return str(cfg._source) if cfg._source is not None else "the config"


def _load_contract_file(path: Path) -> ContractConfig:
    """The contract in a file: a ``contract:`` block of a full config, or a file that is just the contract. A file
    with neither, or an invalid contract, is a config error with the file's line numbers.

    A session can so carry its own contract beside it, which is how a replayed incident keeps the checks it was
    filed with even after the main config's contract changes."""
    data, smap = read_yaml(read_text(path, "contract"), str(path))
    top = "(top level)"
    if isinstance(data, dict) and isinstance(data.get("contract"), dict):
        data, smap, top = data["contract"], smap.subtree(("contract",)), "contract"
    if not isinstance(data, dict) or "invariants" not in data:
        raise ConfigError(f"{path} holds no contract: expected a `contract:` block or a mapping with `invariants:`")
    try:
        return ContractConfig.model_validate(data)
    except ValidationError as err:
        raise ConfigError(
            format_validation_error(err, data, smap, root=ContractConfig, what="invalid contract", top=top)
        ) from None


def _own_file_contract(cfg: Config, path: Path) -> ContractConfig | None:
    """The config's own ``contract:`` when ``path`` is the config's file (read and validated with the config, so the
    file is not read and its contract not validated a second time), else ``None``."""
    if cfg._source is None or cfg.contract is None:
        return None
    try:
        return cfg.contract if path.samefile(cfg._source) else None
    except OSError:  # the config's file is gone: read the path as any other contract file
        return None


def resolve_contract(ref: str | None, cfg: Config, *, session_path: Path | None, where: str) -> ResolvedContract:
    """The contract named by ``ref`` (see the module docstring).

    The error for an unresolvable reference lists everything that was looked for (the config's contract and its
    name, the file path tried), since the usual cause is a name or a relative path that points elsewhere."""
    own = _from_config(cfg)
    cfg_label = _config_label(cfg)
    if ref is None:
        if own is None:
            run_only = (
                " (its `invariants:` judge only the sessions windtunnel made of the agent's calls: `replay export` of a"
                " run or chaos report's cells, `replay record`)"
                if cfg.invariants
                else ""
            )
            raise ConfigError(
                f"{where}: the session names no contract and {cfg_label} has no `contract:` with invariants{run_only}",
                hint="add `contract: NAME` (a contract in the config) or `contract: PATH` (relative to the "
                "session file) to the session, or a `contract:` block to the config",
            )
        return ResolvedContract(own.name, labelled(own.invariants), f"config {cfg_label}")
    if own is not None and ref == own.name:
        return ResolvedContract(own.name, labelled(own.invariants), f"config {cfg_label}")
    looked = [
        f"a contract named {ref!r} in {cfg_label} "
        + (f"(its contract is named {own.name!r})" if own is not None else "(it has no contract with invariants)")
    ]
    base = session_path.parent if session_path is not None else cfg.base_dir
    candidate = Path(ref) if Path(ref).is_absolute() else base / ref
    if candidate.is_file():
        contract = _own_file_contract(cfg, candidate) or _load_contract_file(candidate)
        if not contract.invariants:
            raise ConfigError(f"{where}: contract file {candidate} has no invariants, so it cannot judge anything")
        return ResolvedContract(contract.name, labelled(contract.invariants), str(candidate))
    looked.append(f"a contract file {candidate}")
    raise ConfigError(
        f"{where}: cannot resolve contract {ref!r}; looked for " + " and ".join(looked),
        hint="use the name of the config's contract, or a path relative to the session file",
    )


RUN_MODES = ("run", "chaos")
"""Report modes whose cells the run's ``invariants:`` judged (``replay export`` of such a report)."""


def run_export_judge(session: Any, cfg: Config) -> ResolvedContract | None:
    """The judge of a session windtunnel made of the agent's own calls that names no contract: the config's run
    ``invariants:``, every one deciding the verdict (a run fails a cell on any failed invariant). One rule for the
    sessions ``replay export`` makes of a run / chaos report's cells (judged as the run judged the cell, so replaying
    the export fails the same way) and those ``replay record`` makes (one agent call, as ``run`` judges one), the
    latter when the config has no contract with invariants (a config's contract judges a recording first, as it
    judges any session). ``None`` for any other session, and when the config has no ``invariants:`` (then the
    config's contract judges, as for any session)."""
    if getattr(session, "contract", None) is not None or not cfg.invariants:
        return None
    meta = getattr(session, "metadata", None) or {}
    origin = meta.get("exported_from") or {}
    if origin.get("mode") in RUN_MODES:
        how = f"as the {origin['mode']} judged it"
    elif isinstance(meta.get("recorded_with"), dict) and _from_config(cfg) is None:
        how = "as `run` judges an agent call: the config has no contract with invariants"
    else:
        return None
    judged = [inv.model_copy(update={"severity": "critical"}) for inv in labelled(cfg.invariants)]
    return ResolvedContract("the run's invariants", judged, f"config {_config_label(cfg)} (invariants:, {how})")


def recording_judge(cfg: Config, contract: str | None) -> str | None:
    """What ``replay record`` says about the judge of the session it writes when ``contract`` (``--contract``) is not
    given: by the config's ``invariants:`` when the config has no contract with invariants (see
    :func:`run_export_judge`), or, when it has neither, that ``replay run`` with this config will refuse the session,
    with the fix. ``None`` when the config's contract judges it (as any session naming none)."""
    if contract is not None or _from_config(cfg) is not None:
        return None
    label = _config_label(cfg)
    if cfg.invariants:
        return (
            f"no --contract: `replay run -c {label}` judges this session by its `invariants:` ({len(cfg.invariants)}, "
            "each deciding the verdict, as `run` judges an agent call)"
        )
    return (
        f"no --contract, and {label} has neither a `contract:` with invariants nor `invariants:`: `replay run` with it "
        "will refuse this session; record with --contract NAME or PATH, or add invariants to the config"
    )


@dataclass
class Applicability:
    """The invariants that judge one session, and the ones left out with the reason.

    The left-out ones are reported on the session's row, so a reader sees what the verdict did not cover."""

    judged: list[InvariantSpec]
    not_judged: list[tuple[str, str]] = field(default_factory=list)


def applicable(invariants: list[InvariantSpec], failures: dict[str, bool]) -> Applicability:
    """``when`` read against the faults of the replay's cell (:meth:`~windtunnel.replay.session.Session.chaos_active`:
    the recorded responses it injects are the incident's chaos).

    ``behavior_unchanged`` with an auto baseline is not judged: a replay has no clean run of golden prompts to
    compare with. Invariants left out are listed with the reason, so an empty judgement is visible."""
    tool, llm = failures.get("tool", False), failures.get("llm", False)
    holds = {
        "always": True,
        "tool_faults_active": tool,
        "llm_faults_active": llm,
        "any_chaos_active": tool or llm,
        "no_chaos": not (tool or llm),
    }
    out = Applicability([])
    for inv in invariants:
        if inv.type == "behavior_unchanged" and getattr(inv, "baseline", None) == "auto":
            out.not_judged.append(
                (inv.label, "behavior_unchanged with baseline: auto needs a clean run of the golden prompts")
            )
        elif not holds.get(inv.when, True):
            out.not_judged.append((inv.label, f"when: {inv.when} does not hold for this recording"))
        else:
            out.judged.append(inv)
    return out


@dataclass
class Verdict:
    """The contract's verdict on one replayed answer: pass or fail, the severity-weighted score (``None`` without
    checks), and the failed invariants (the critical ones apart, since they alone fail by default).

    The score is reported even when the verdict passes, so a replay suite shows drift in non-critical checks
    before it turns into a failure."""

    passed: bool
    score: float | None
    critical_failed: list[str]
    failed: list[str]


def contract_verdict(checks: list[CheckOutcome], *, fail_on: str = "critical") -> Verdict:
    """The contract's verdict on one response: FAIL on any failed critical check (``fail_on="any"``: on any failed
    check). ``score`` is the severity-weighted pass rate (None without checks).

    A response with no checks does not pass: a replay judged by nothing proves nothing."""
    total = sum(SEVERITY_WEIGHTS.get(c.severity or "medium", 1) for c in checks)
    got = sum(SEVERITY_WEIGHTS.get(c.severity or "medium", 1) for c in checks if c.passed)
    critical = [c.id for c in checks if not c.passed and c.severity == "critical"]
    failed = [c.id for c in checks if not c.passed]
    passed = bool(checks) and not (failed if fail_on == "any" else critical)
    return Verdict(passed, round(got / total * 100, 2) if total else None, critical, failed)


def describe(contract: ResolvedContract) -> dict[str, Any]:
    """The contract as the replay report shows it: name, source and invariant labels, so a reader can tell which
    contract, from which file, judged each session."""
    return {
        "name": contract.name,
        "source": contract.source,
        "invariants": [i.label for i in contract.invariants],
    }
