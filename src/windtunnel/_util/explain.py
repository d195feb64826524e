"""Turn pydantic errors into sentences with file, line (or key path), key and the closest valid choice.

pydantic reports locations in its own terms (union tags, validator names) and says nothing of the file. The
functions here walk each error's location through the user's data and the validated model at once, so a message
names the key as the user wrote it, the line it is on, and for an unknown key or type the valid ones (from the
models and registries, never a hard-coded list) with the closest match first."""

from __future__ import annotations

import re
import types
import typing
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel

from windtunnel._util.suggest import closest
from windtunnel._util.yamlsource import SourceMap

_KIND_BY_FIELD = {
    "invariants": "invariant type",
    "tool_faults": "tool fault mode",
    "llm_faults": "LLM fault mode",
    "context_attacks": "context attack type",
    "agent": "agent type",
}


UPSTREAM_INERT_KEYS = {
    "prompt_filter": (
        "'prompt_filter' is documented by upstream flakestorm, but upstream's own code never reads it, so it has "
        "no effect there either; windtunnel has no such key: delete the line (the run is the same as upstream's)"
    ),
}
"""Keys upstream documents but ignores: explained instead of answered with a "did you mean"."""


KEY_SYNONYMS = {
    "error_code": ("status", "an LLM fault's HTTP status is 'status'; 'error_code' is a tool fault's"),
    "status_code": ("status", "an LLM fault's HTTP status is 'status'"),
    "status": ("error_code", "a tool fault's HTTP status is 'error_code'; 'status' is an LLM fault's"),
}
"""Keys that name, in another block, the idea a valid key names here: key → (the key here, why). Spelling distance
cannot find these ('error_code' is closer to 'mode' than to 'status'), so an unknown key listed here is answered
with its counterpart when that is a valid key at that place."""


def _members(tp: Any) -> list[Any]:
    """Flatten Annotated / Optional / Union into their member types.

    A field typed ``A | B | None`` may hold either model, so an unknown key's valid siblings are the fields of all
    members."""
    origin = typing.get_origin(tp)
    if origin is typing.Annotated:
        return _members(typing.get_args(tp)[0])
    if origin is typing.Union or origin is types.UnionType:
        out: list[Any] = []
        for arg in typing.get_args(tp):
            if arg is not type(None):
                out.extend(_members(arg))
        return out
    return [tp]


def _step(tp: Any, seg: Any) -> Any | None:
    """The type reached from ``tp`` by one loc segment, or None when the segment is not a field.

    A segment may be a list index, a field name (or alias), a discriminated union's tag (pydantic puts the tag
    value in the location), or a dict key; anything else (a validator's name) is not a step into the data."""
    members = _members(tp)
    models = [m for m in members if isinstance(m, type) and issubclass(m, BaseModel)]
    if isinstance(seg, int):
        for m in members:
            if typing.get_origin(m) is list:
                return typing.get_args(m)[0]
        return None
    for model in models:
        for name, info in model.model_fields.items():
            if seg in (name, info.alias):
                return info.annotation
    if len(models) > 1:  # a discriminated-union tag segment
        for model in models:
            for key in ("type", "mode"):
                tag = model.model_fields.get(key)
                if tag is not None and tag.default == seg:
                    return model
    for m in members:
        if typing.get_origin(m) is dict:
            return typing.get_args(m)[1]
    return None


def _type_at(loc: tuple[Any, ...], root: Any) -> Any | None:
    """The model type at ``loc`` in ``root``, skipping segments that are not fields (validator names): where the
    valid keys of an unknown key's parent are read from."""
    tp: Any = root
    for seg in loc:
        nxt = _step(tp, seg)
        if nxt is None:
            continue  # validator-name segments such as "function-after[...]"
        tp = nxt
    return tp


def _valid_keys(tp: Any) -> list[str]:
    """Every field name of the models a type may be (all members of a union), sorted: the keys a mapping at that
    place may hold."""
    keys: list[str] = []
    for m in _members(tp):
        if isinstance(m, type) and issubclass(m, BaseModel):
            keys.extend(m.model_fields)
    return sorted(set(keys))


def _tags(item: dict[Any, Any]) -> set[Any]:
    """The union-tag values of a mapping (a model validator's error ends its loc with the tag)."""
    # only scalars can be tags: `type:` or `mode:` written as a mapping or a list is a value error, not a tag
    return {v for v in (item.get("type"), item.get("mode")) if isinstance(v, (str, int, float, bool))}


def _data_path(loc: tuple[Any, ...], data: Any) -> tuple[Any, ...]:
    """The part of ``loc`` that walks the user's data (drops union tags and validator names).

    That is the path a user recognises and the one the source map knows lines for; a missing key at the end is
    kept, so "missing key" errors point at the mapping that lacks it."""
    path: list[Any] = []
    cur = data
    for i, seg in enumerate(loc):
        last = i == len(loc) - 1
        if (isinstance(cur, dict) and seg in cur) or (
            isinstance(cur, list) and isinstance(seg, int) and 0 <= seg < len(cur)
        ):
            path.append(seg)
            cur = cur[seg]
        elif last and isinstance(cur, dict) and isinstance(seg, str) and seg not in _tags(cur):
            path.append(seg)  # a missing key below the current mapping
    return tuple(path)


_KEY_PATH = re.compile(r"^[A-Za-z_]\w*(?:\[\d+\]|\.[A-Za-z_]\w*)*")


def _named_path(msg: str, data: Any) -> tuple[Any, ...] | None:
    """The part of ``data`` a message names first (``golden_prompts[0].turns must ...``, ``advanced.max_cost
    needs ...``): the deepest existing prefix of that key path, or None when the message names no key."""
    m = _KEY_PATH.match(msg)
    if not m:
        return None
    parts = re.findall(r"\[\d+\]|\.?[A-Za-z_]\w*", m.group())
    segs = [int(x[1:-1]) if x.startswith("[") else x.lstrip(".") for x in parts]
    path: list[Any] = []
    cur = data
    for seg in segs:
        if (isinstance(cur, dict) and seg in cur) or (
            isinstance(cur, list) and isinstance(seg, int) and seg < len(cur)
        ):
            path.append(seg)
            cur = cur[seg]
        else:
            break
    return tuple(path) or None


def _show(path: tuple[Any, ...], top: str = "(top level)") -> str:
    """A data path as the user would write it (``agent.tools[2]``), or ``top`` for the top level."""
    out = ""
    for seg in path:
        out += f"[{seg}]" if isinstance(seg, int) else (f".{seg}" if out else str(seg))
    return out or top


def _short(value: Any, limit: int = 60) -> str:
    """``repr(value)`` cut to ``limit`` characters: how a message quotes the offending value without flooding the
    terminal."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def explain_error(e: Any, data: Any, smap: SourceMap, root: Any, top: str = "(top level)") -> str:
    """One pydantic error as a sentence. ``root``: the model that was validated; ``top``: how to name its top level
    in messages.

    Unknown keys get the closest valid key and the full list; unknown types (union tags) the closest registered
    name; upstream keys known to have no effect get an explanation instead of a "did you mean"; a model
    validator's message that names a key is placed on that key's line."""
    loc = tuple(e.get("loc", ()))
    etype = e.get("type", "")
    path = _data_path(loc, data)
    line = smap.line_of(path)
    where = f"line {line}: " if line else ""

    if etype == "extra_forbidden":
        key = str(path[-1]) if path else str(loc[-1])
        if key in UPSTREAM_INERT_KEYS:
            return f"{where}{_show(path, top)}: {UPSTREAM_INERT_KEYS[key]}"
        parent_loc = loc[:-1]
        valid = _valid_keys(_type_at(parent_loc, root))
        best = closest(key, valid)
        hint = f" (did you mean '{best}'?)" if best else ""
        same, why = KEY_SYNONYMS.get(key, ("", ""))
        if same in valid:  # the same idea under this block's name
            hint = f" (did you mean '{same}'? {why})"
        choices = f"; valid keys here: {', '.join(valid)}" if valid else ""
        return f"{where}unknown key '{key}' in {_show(path[:-1], top)}{hint}{choices}"
    if etype == "union_tag_invalid":
        ctx = e.get("ctx", {})
        tag = str(ctx.get("tag", "?"))
        expected = re.findall(r"'([^']+)'", str(ctx.get("expected_tags", "")))
        disc = str(ctx.get("discriminator", "type")).strip("'")
        kind = _KIND_BY_FIELD.get(next((s for s in reversed(path) if s in _KIND_BY_FIELD), ""), f"{disc}")
        best = closest(tag, expected)
        hint = f" (did you mean '{best}'?)" if best else ""
        return f"{where}unknown {kind} '{tag}' at {_show(path, top)}{hint}; valid: {', '.join(expected)}"
    if etype == "union_tag_not_found":
        disc = str(e.get("ctx", {}).get("discriminator", "type")).strip("'")
        return f"{where}{_show(path, top)} needs a '{disc}' key"
    if etype == "missing":
        return f"{where}missing required key '{path[-1] if path else loc[-1]}' in {_show(path[:-1], top)}"
    msg = str(e.get("msg", "invalid value"))
    if msg.startswith("Value error, "):
        msg = msg[len("Value error, ") :]
    named = _named_path(msg, data) if not path and etype == "value_error" else None
    if named:  # a model-level validator whose message starts with the key it is about: point at that key
        line = smap.line_of(named)
        return f"{f'line {line}: ' if line else ''}{msg}"
    got = f" (got {_short(e.get('input'))})" if "input" in e and etype not in {"value_error", "assertion_error"} else ""
    return f"{where}{_show(path, top)}: {msg}{got}{_quote_hint(etype, e.get('input'), path)}"


def _quote_hint(etype: str, value: object, path: Sequence[object]) -> str:
    """For a string expected where YAML read a number or a boolean (``value: 5``, ``- yes``): quote it. The value as
    written is not repeated, since YAML has already changed it (``no`` is false, ``007`` is 7: review 27b)."""
    if etype != "string_type" or not isinstance(value, int | float | bool):
        return ""
    kind = "a boolean" if isinstance(value, bool) else "a number"
    key = path[-1] if path and isinstance(path[-1], str) else None
    where = f"the value of {key}" if key else "the value"
    return f"; YAML reads it as {kind}: put {where} in quotes, as written, to mean the text"


def format_validation_error(
    err: Any, data: Any, smap: SourceMap, *, root: Any, what: str = "invalid configuration", top: str = "(top level)"
) -> str:
    """Every error of ``err`` (a pydantic ``ValidationError`` of ``root``) explained, one per line.

    Duplicates are dropped (union members often report the same problem) and the rest sorted by line, under a head
    naming the file and the number of problems, so the user can fix them top to bottom in one pass."""
    lines = []
    seen: set[str] = set()
    for e in err.errors(include_url=False):
        msg = explain_error(e, data, smap, root, top)
        if msg not in seen:
            seen.add(msg)
            lines.append(msg)
    lines = by_line(lines)
    head = f"{smap.file}: {what} ({len(lines)} problem{'s' if len(lines) != 1 else ''})"
    return "\n".join([head, *(f"  {m}" for m in lines)])


def by_line(problems: list[str]) -> list[str]:
    """``problems`` in the order of the ``line N:`` each starts with (a stable sort); those naming no line
    of the file come after them, in the order found."""

    def line(problem: str) -> float:
        """The line number a problem starts with, or infinity (sorted last) when it names none."""
        m = re.match(r"line (\d+): ", problem)
        return int(m.group(1)) if m else float("inf")

    return sorted(problems, key=line)
