"""The Python API behind ``windtunnel.run`` / ``run_contract`` / ``replay`` / ``ci`` and their async twins.

Each function takes a config (a path, a mapping or a :class:`~windtunnel.config.model.Config`) and the
options of its CLI command as keywords, runs the same flow the CLI runs, and returns an
:class:`~windtunnel.flows.outcome.Outcome`. Nothing is printed: pass ``listener=`` to follow progress.
"""

from __future__ import annotations

import dataclasses
import functools
import os
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, Union

import anyio.to_thread

from windtunnel._util.errors import UsageError
from windtunnel._util.suggest import did_you_mean
from windtunnel.config.load import config_from_mapping
from windtunnel.config.model import Config
from windtunnel.flows.ci import CiRequest, ci_flow
from windtunnel.flows.contract import ContractRequest, contract_flow
from windtunnel.flows.events import SILENT
from windtunnel.flows.replay import ReplayRequest, replay_flow
from windtunnel.flows.run import RunRequest, run_flow

if TYPE_CHECKING:
    from windtunnel.flows.events import Listener
    from windtunnel.flows.outcome import Outcome

ConfigLike = Union[str, "os.PathLike[str]", Mapping[str, object], "Config", None]
"""What every API function accepts as its config: a file path, a mapping (a parsed YAML document) or a
validated ``Config``; None finds ``windtunnel.yaml`` in the working directory, as the CLI does."""

R = TypeVar("R")


def _describe(value: object) -> str:
    """The type name of ``value`` for a ``TypeError`` message (``"int"``, ``"list"``): what was passed, not its value,
    which may be large or hold secrets.
    """
    return type(value).__name__


def resolve_config(fn: str, config: object) -> tuple[Path | None, Config | None]:
    """``(path, None)`` for a path, ``(label, Config)`` for a mapping or a Config; TypeError otherwise."""
    if config is None or isinstance(config, str | os.PathLike):
        return (None if config is None else Path(config)), None

    if isinstance(config, Config):
        return (config._source or Path("<config>")), config
    if isinstance(config, Mapping):
        return Path("<mapping>"), config_from_mapping(config)
    raise TypeError(
        f"windtunnel.{fn}(): config must be a path (str or os.PathLike), a mapping or a windtunnel Config, "
        f"not {_describe(config)}"
    )


def _accepts(tp: Any, value: object) -> tuple[bool, Any]:
    """Whether ``value`` fits the annotation ``tp`` (coercing str → Path and iterables → set)."""
    if value is None:
        return type(None) in typing.get_args(tp) or tp is type(None), value
    origin = typing.get_origin(tp)
    if origin in (Union, types.UnionType):
        for arg in typing.get_args(tp):
            ok, coerced = _accepts(arg, value)
            if ok:
                return True, coerced
        return False, value
    if tp is Path:
        return (True, Path(value)) if isinstance(value, str | os.PathLike) else (False, value)
    if origin is set:
        if isinstance(value, Iterable) and not isinstance(value, str | bytes):
            return True, {str(v) for v in value}
        return False, value
    if origin is list:
        if isinstance(value, Iterable) and not isinstance(value, str | bytes):
            inner = typing.get_args(tp)[0]
            coerced = [_accepts(inner, v)[1] for v in value]
            return all(_accepts(inner, v)[0] for v in value), coerced
        return False, value
    if origin is typing.Literal:
        return value in typing.get_args(tp), value
    if tp is float:
        return isinstance(value, int | float) and not isinstance(value, bool), value
    if tp is int:
        return isinstance(value, int) and not isinstance(value, bool), value
    if isinstance(tp, type):
        return isinstance(value, tp), value
    return True, value


def _choices_of_type(tp: Any, value: object) -> list[Any]:
    """The ``Literal`` values of ``tp`` of the same type as ``value`` (a bad value, not a wrong type)."""
    args = typing.get_args(tp) if typing.get_origin(tp) in (Union, types.UnionType) else (tp,)
    return [
        choice
        for arg in args
        if typing.get_origin(arg) is typing.Literal
        for choice in typing.get_args(arg)
        if type(choice) is type(value)
    ]


def _expected(tp: Any) -> str:
    """The annotation ``tp`` in words for a ``TypeError`` (``"a path or None"``, ``"'json' or 'html'"``).

    Each member of a union is named the way a caller would write a value for it, so the message says what to pass
    instead of printing ``typing`` internals.
    """
    names = []
    for arg in typing.get_args(tp) or (tp,):
        if arg is type(None):
            names.append("None")
        elif arg is Path:
            names.append("a path")
        elif typing.get_origin(arg) is set:
            names.append("an iterable of ids")
        elif typing.get_origin(arg) is typing.Literal:
            names.append(" or ".join(repr(a) for a in typing.get_args(arg)))
        else:
            names.append(getattr(arg, "__name__", str(arg)))
    return " or ".join(names)


def build_request(fn: str, request_cls: type[R], options: Mapping[str, object], **fixed: object) -> R:
    """``request_cls(**fixed, **options)`` after checking every option's name and type (TypeError naming it)."""
    # The names of the module the class was defined in, as its generated __init__ holds them: a module dropped from
    # sys.modules since (pytester's in-process runs restore sys.modules) would otherwise leave ``Path`` undefined.
    hints = typing.get_type_hints(request_cls, globalns=getattr(request_cls.__init__, "__globals__", None))
    allowed = {f.name for f in dataclasses.fields(request_cls)} - set(fixed) - {"loaded", "config"}  # type: ignore[arg-type]
    values: dict[str, object] = {}
    for name, value in options.items():
        if name not in allowed:
            raise TypeError(
                f"windtunnel.{fn}() got an unexpected option {name!r}{did_you_mean(name, sorted(allowed))}; "
                f"valid options: {', '.join(sorted(allowed))}"
            )
        ok, coerced = _accepts(hints[name], value)
        if not ok and (choices := _choices_of_type(hints[name], value)):  # the right type, a value not offered
            raise UsageError(
                f"windtunnel.{fn}(): option {name!r} must be {' or '.join(map(repr, choices))}, got {value!r}",
                hint=f"pass one of: {', '.join(map(repr, choices))}",
            )
        if not ok:
            raise TypeError(
                f"windtunnel.{fn}(): option {name!r} must be {_expected(hints[name])}, not {_describe(value)}"
            )
        values[name] = coerced
    return request_cls(**fixed, **values)


def _listener(fn: str, listener: object) -> Listener:
    """The listener a flow reports to: ``SILENT`` for None, the callable itself otherwise.

    Checked here, before the flow starts, so a wrong argument is a ``TypeError`` naming the API function rather
    than a crash at the first event, after cells may have run.
    """
    if listener is None:
        return SILENT
    if not callable(listener):
        raise TypeError(f"windtunnel.{fn}(): listener must be callable (event) -> None, not {_describe(listener)}")
    return typing.cast("Listener", listener)


def run(config: ConfigLike = None, *, listener: Listener | None = None, **options: object) -> Outcome:
    """Run golden prompts (and their mutations, and chaos) against the agent; return the outcome.

    ``options`` are those of ``windtunnel run``: ``repeat``, ``seed``, ``min_score``, ``fmt``, ``output``,
    ``mutations``, ``cells``, ``concurrency``, ``chaos``, ``chaos_only``, ``chaos_profile``, ``llm``,
    ``resume``, ``run_id``, ``store``, ``use_store``. Raises :class:`~windtunnel.errors.ConfigError` /
    :class:`~windtunnel.errors.UsageError` where the CLI exits 2, and the harness errors where it exits 3.
    """
    path, loaded = resolve_config("run", config)
    request = build_request("run", RunRequest, options, config=path)
    request.loaded = loaded
    return run_flow(request, _listener("run", listener))


def run_contract(config: ConfigLike = None, *, listener: Listener | None = None, **options: object) -> Outcome:
    """Run the config's contract matrix (``windtunnel contract run``); return the outcome.

    ``options``: ``repeat``, ``seed``, ``min_score``, ``fmt``, ``output``, ``cells``, ``concurrency``,
    ``run_id``, ``store``, ``persist``. ``outcome.detail`` holds the contract plan and verdict.
    """
    path, loaded = resolve_config("run_contract", config)
    request = build_request("run_contract", ContractRequest, {"fmt": None, **options}, config=path)
    request.loaded = loaded
    return contract_flow(request, _listener("run_contract", listener))


def replay(config: ConfigLike = None, *, listener: Listener | None = None, **options: object) -> Outcome:
    """Replay recorded sessions against the agent and judge each by its contract (``windtunnel replay run``).

    ``options``: ``paths`` (session files or directories; default the config's ``replays``), ``fmt``,
    ``output``, ``seed``, ``latency_scale``, ``fail_on``, ``concurrency``, ``tool_proxy_port``,
    ``llm_proxy_port``, ``run_id``, ``store``, ``persist``.
    """
    path, loaded = resolve_config("replay", config)
    request = build_request("replay", ReplayRequest, {"fmt": None, **options}, config=path)
    request.loaded = loaded
    return replay_flow(request, _listener("replay", listener))


def ci(config: str | os.PathLike[str] | None = None, *, listener: Listener | None = None, **options: object) -> Outcome:
    """Run every configured phase (mutation, chaos, contract, replay) and gate on the weighted score.

    ``config`` is a path (each phase is kept as a run of its own that ``resume`` can continue).
    ``options``: ``min_score``, ``output`` (a directory, default ``reports/ci``), ``seed``,
    ``chaos_profile``, ``repeat``, ``resume``, ``store``, ``use_store``.
    """
    if config is not None and not isinstance(config, str | os.PathLike):
        raise TypeError(f"windtunnel.ci(): config must be a path (str or os.PathLike), not {_describe(config)}")
    request = build_request("ci", CiRequest, options, config=None if config is None else Path(config))
    return ci_flow(request, _listener("ci", listener))


async def _in_thread(fn: Callable[..., R], *args: Any, **kwargs: Any) -> R:
    """Run the blocking ``fn`` in a worker thread and await its result.

    The flows drive their own event loop (``run_async``), which cannot start inside the caller's running loop; a
    worker thread keeps the caller's loop responsive while the run lasts.
    """
    return await anyio.to_thread.run_sync(functools.partial(fn, *args, **kwargs))


async def arun(config: ConfigLike = None, *, listener: Listener | None = None, **options: object) -> Outcome:
    """:func:`run` for callers already in an event loop (runs in a worker thread; events arrive there)."""
    return await _in_thread(run, config, listener=listener, **options)


async def arun_contract(config: ConfigLike = None, *, listener: Listener | None = None, **options: object) -> Outcome:
    """:func:`run_contract` for callers already in an event loop."""
    return await _in_thread(run_contract, config, listener=listener, **options)


async def areplay(config: ConfigLike = None, *, listener: Listener | None = None, **options: object) -> Outcome:
    """:func:`replay` for callers already in an event loop."""
    return await _in_thread(replay, config, listener=listener, **options)


async def aci(
    config: str | os.PathLike[str] | None = None, *, listener: Listener | None = None, **options: object
) -> Outcome:
    """:func:`ci` for callers already in an event loop."""
    return await _in_thread(ci, config, listener=listener, **options)
