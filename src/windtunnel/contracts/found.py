"""The regression corpus: minimal failures ``windtunnel explore`` found, kept as files a user commits.

Each file in ``.windtunnel/found/`` (beside the run store) holds one failure: the prompt that failed, the
invariants that broke (``found.invariants``, as written in a config), and a ``scenario:`` that is a
contract-matrix scenario as written in a config (its faults carry ``on_call`` / ``count``, so it is the
minimal schedule exactly). ``contract run`` checks the broken invariants in that scenario too (they need not
be among the contract's own), so the failure fails the contract as it failed explore. ``run``, ``contract run``
and ``ci`` replay these files first: a saved failure keeps failing until the agent is fixed. Delete a file to
forget a failure.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml
from pydantic import ValidationError

from windtunnel._util.errors import ConfigError
from windtunnel._util.yamlsource import read_yaml
from windtunnel.chaos.spec import ChaosSpec
from windtunnel.config.model import Config, ContractConfig, Scenario
from windtunnel.engine.cells import Cell, MutationRef
from windtunnel.engine.session import run_invariants
from windtunnel.invariants.base import InvariantSpec
from windtunnel.invariants.labels import labelled

if TYPE_CHECKING:
    from windtunnel.flows.explore import Failure

FOUND_FOLDER = "found"
HEADER = (
    "# A failure `windtunnel explore` found and shrank to a minimal fault schedule. In found/ beside the run\n"
    "# store, `windtunnel run`, `contract run` and `ci` replay it first and fail while the agent still breaks\n"
    "# under it. Commit it to keep it as a regression test; delete it to forget it. `scenario:` is a\n"
    "# contract-matrix scenario.\n"
)


@dataclass
class Found:
    """One saved failure: the prompt (and golden prompt and mutation) that failed, the minimal scenario it failed in,
    and the invariants that broke. Loaded from its file by :func:`load_found`; ``run`` replays it as one cell
    (:meth:`cell`), ``contract run`` checks its invariants in its scenario."""

    path: Path
    prompt: str
    golden_prompt: str | None
    scenario: Scenario
    mutation: dict[str, Any] | None = None
    invariants: list[InvariantSpec] = field(default_factory=list)
    """The invariants that broke, as saved (a file written before they were saved: none)."""
    failure: list[str] = field(default_factory=list)
    """The ``found.failure`` lines: ``check id: detail`` per broken invariant."""
    config: str | None = None
    """``found.config``: the config file explore ran (as given to it); the failure is replayed for that config only."""
    agent: dict[str, Any] | None = None
    """``found.agent``: the agent's ``type`` and ``endpoint`` it failed on (older files: None)."""

    def belongs_to(self, cfg: Config, config_path: Path | str | None) -> bool:
        """Whether this failure was found on ``cfg`` (read from ``config_path``): the same config file and the same
        agent. A failure found on another config would replay that config's faults and checks against this one (QA-11
        major 1), so it applies only where it was found. A file that names no config applies to every config; a config
        given as a mapping (no file) is matched on its agent only."""
        if self.agent is not None and _agent_key(cfg) != (self.agent.get("type"), self.agent.get("endpoint")):
            return False
        if self.config is None or config_path is None or str(config_path) == "<mapping>":
            return True
        return _same_file(self.config, Path(config_path), self.path.parent)

    @property
    def name(self) -> str:
        """The failure's name: its scenario's (the schedule's name, which is also its file's)."""
        return self.scenario.name

    def broken(self, cfg: Config) -> list[InvariantSpec]:
        """The invariants that broke: as saved, else (an older file) the config's run invariants its
        ``failure`` lines name."""
        if self.invariants:
            return list(self.invariants)
        named = {line.split(":", 1)[0].strip() for line in self.failure}
        return [inv for inv in labelled(cfg.invariants) if inv.label in named]

    def spec(self) -> ChaosSpec:
        """The failure's scenario resolved to the fault spec its replay cell runs under."""
        return ChaosSpec.resolve(self.scenario, name=self.scenario.name)

    def cell(self, seq: int | None = None) -> Cell:
        """The cell that replays it in ``run`` (kind ``chaos``, scenario = the failure's name).

        ``seq`` places it in the run's order; the cell id (``<name>/replay``) is the same on every run, so the
        store resumes and compares it like any other cell."""
        m = self.mutation
        return Cell(
            id=f"{self.name}/replay",
            kind="chaos",
            input=self.prompt,
            golden_prompt=self.golden_prompt,
            mutation=MutationRef(type=m["type"], args=dict(m.get("args") or {})) if m else None,
            scenario=self.name,
            seq=seq,
            saved_failure=True,
        )


def _agent_key(cfg: Config) -> tuple[str, str | None]:
    """The agent a failure was found on: its type and endpoint (what ``found.agent`` records)."""
    endpoint = getattr(cfg.agent, "endpoint", None) or getattr(cfg.agent, "base_url", None)
    return cfg.agent.type, None if endpoint is None else str(endpoint)


def _same_file(saved: str, config_path: Path, folder: Path) -> bool:
    """Whether ``found.config`` (``saved``, relative to where explore ran) names ``config_path``: resolved against the
    working directory, or against the project the corpus sits in (``<project>/.windtunnel/found/``)."""
    target = config_path.resolve()
    bases = [Path.cwd(), folder.resolve().parent.parent]
    return any((base / saved).resolve() == target for base in bases)


def select_found(found: list[Found], cfg: Config, config_path: Path | str | None) -> tuple[list[Found], str | None]:
    """The saved failures that belong to this config (:meth:`Found.belongs_to`), and one notice naming the others,
    which are not replayed (None when there are none)."""
    mine = [f for f in found if f.belongs_to(cfg, config_path)]
    others = [f for f in found if not f.belongs_to(cfg, config_path)]
    if not others:
        return mine, None
    names = sorted({f.config or "?" for f in others})
    n = len(others)
    return mine, (
        f"{n} saved failure{'' if n == 1 else 's'} in {others[0].path.parent} "
        f"{'was' if n == 1 else 'were'} found on another config or agent ({', '.join(names)}) and "
        f"{'is' if n == 1 else 'are'} not replayed here"
    )


def found_dir(cfg: Config | None, store: Path | None = None) -> Path:
    """The corpus folder: ``found/`` beside the run store (``--store`` > ``$WINDTUNNEL_STORE`` > ``advanced.store``),
    so ``.windtunnel/found/`` by default.

    Beside the store rather than beside the config, so the commands that share a store share a corpus; with
    neither a config nor a store the default store's folder is used."""
    if store is None:
        env = os.environ.get("WINDTUNNEL_STORE")
        store = Path(env) if env else Path(cfg.advanced.store) if cfg is not None else Path(".windtunnel/runs.db")
    return Path(store).parent / FOUND_FOLDER


def scenario_data(spec: ChaosSpec) -> dict[str, Any]:
    """A spec as a contract-matrix scenario (every fault with its mode first, defaults left out).

    What :func:`save_found` writes under ``scenario:``, so the saved file can be copied into a config's
    ``chaos_matrix`` as it is."""

    def dump(fault: Any) -> dict[str, Any]:
        """One fault as a config writes it: ``mode`` first, then only the parameters that differ from the defaults,
        so the saved file stays short and reads like a hand-written scenario."""
        params = fault.model_dump(mode="json", exclude_defaults=True, exclude={"mode"})
        return {"mode": fault.mode, **params}

    out: dict[str, Any] = {"name": spec.name}
    if spec.tool_faults:
        out["tool_faults"] = [dump(f) for f in spec.tool_faults]
    if spec.llm_faults:
        out["llm_faults"] = [dump(f) for f in spec.llm_faults]
    return out


def save_found(folder: Path, failure: Failure, cfg: Config, config_path: Path) -> Path:
    """Write one minimal failure; the file is named after its schedule (saving it again rewrites it).

    Besides what replay needs, the file records for a reader how the failure was found: the config, how many
    reruns reproduced it, the seam calls in order, and the failure lines. Invariants are saved as written (only
    the ones that broke), so the file replays the same checks even after the config changes."""
    res = failure.result
    cell = res.cell
    m = cell.mutation
    failed = [f"{c.id}: {c.detail}" if c.detail else c.id for c in res.checks if not c.passed]
    broken = {c.id for c in res.checks if not c.passed}
    invariants = [inv_data(inv) for inv in run_invariants(cfg)[0] if inv.label in broken]
    doc: dict[str, Any] = {
        "found": {
            "config": str(config_path),
            "agent": dict(zip(("type", "endpoint"), _agent_key(cfg), strict=True)),
            "prompt": cell.prompt_text,
            "golden_prompt": cell.golden_prompt,
            "mutation": {"type": m.type, "args": dict(m.args)} if m is not None else None,
            "failure": failed or [f"agent error ({res.error_kind}): {res.error}"],
            "invariants": invariants,
            "reproduced": f"{failure.reproduced}/{failure.reruns}",
            "calls": call_sequence(res.calls),
        },
        "scenario": {
            **scenario_data(failure.schedule.to_spec()),
            "description": "minimal schedule: " + "; ".join(failure.schedule.labels()),
        },
    }
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{failure.schedule.name}.yaml"
    path.write_text(HEADER + yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=100), encoding="utf-8")
    return path


def inv_data(inv: InvariantSpec) -> dict[str, Any]:
    """An invariant as a config writes it (type first, defaults left out).

    The inverse of config loading: the saved invariant validates back to the same spec, so the file replays the
    check exactly as it failed."""
    return {"type": inv.type, **inv.model_dump(mode="json", exclude_defaults=True, exclude={"type"})}


def _invariants(path: Path, data: Any) -> list[InvariantSpec]:
    """The ``found.invariants`` of a saved file, validated as contract invariants are; a file from before they were
    saved has none (``[]``). An invalid one is a config error naming the file and key, with the fix."""
    if data is None:
        return []
    try:
        return list(ContractConfig.model_validate({"invariants": data}).invariants)
    except ValidationError as err:
        first = err.errors()[0]
        raise ConfigError(
            f"{path}: found.{'.'.join(str(p) for p in first['loc'])}: {first['msg']}",
            hint="fix the invariant, or delete the file and run `windtunnel explore` again",
        ) from None


def call_sequence(calls: list[dict[str, Any]]) -> list[str]:
    """Each call at a seam as one line: ``tool lookup_order: timeout (faults: timeout)``.

    Errors are cut to 120 characters, so the saved file stays readable even when an agent's error text is long;
    the lines are for a reader, replay does not use them."""
    out = []
    for c in calls:
        what = c.get("error") or "ok"
        faults = c.get("faults") or []
        out.append(
            f"{c.get('target')} {c.get('name')}: {str(what)[:120]}" + (f" [{', '.join(faults)}]" if faults else "")
        )
    return out


def load_found(folder: Path) -> list[Found]:
    """Every saved failure in ``folder`` (sorted by file name); a broken file is a config error naming it.

    A missing folder is an empty corpus. Every file in the folder must be a saved failure: a stray YAML file is an
    error rather than skipped, since silently ignoring a failure the user meant to keep would let a regression
    through."""
    if not folder.is_dir():
        return []
    out = []
    for path in sorted(folder.glob("*.yaml")):
        try:
            data, _ = read_yaml(path.read_text(encoding="utf-8"), str(path))
        except (OSError, UnicodeDecodeError) as err:
            raise ConfigError(f"cannot read {path}: {err}") from None
        info = data.get("found") if isinstance(data, dict) else None
        if not isinstance(info, dict) or not isinstance(info.get("prompt"), str):
            raise ConfigError(
                f"{path} is not a saved failure (no found.prompt)",
                hint="files in this folder are written by `windtunnel explore`; move other files elsewhere",
            )
        try:
            scenario = Scenario.model_validate(data.get("scenario"))
        except ValidationError as err:
            first = err.errors()[0]
            raise ConfigError(
                f"{path}: scenario.{'.'.join(str(p) for p in first['loc'])}: {first['msg']}",
                hint="fix the scenario, or delete the file and run `windtunnel explore` again",
            ) from None
        failure = info.get("failure")
        out.append(
            Found(
                path,
                info["prompt"],
                info.get("golden_prompt"),
                scenario,
                info.get("mutation"),
                invariants=_invariants(path, info.get("invariants")),
                failure=[str(x) for x in failure] if isinstance(failure, list) else [],
                config=str(info["config"]) if info.get("config") is not None else None,
                agent=info["agent"] if isinstance(info.get("agent"), dict) else None,
            )
        )
    return out


__all__ = [
    "FOUND_FOLDER",
    "Found",
    "call_sequence",
    "found_dir",
    "inv_data",
    "load_found",
    "save_found",
    "scenario_data",
    "select_found",
]
