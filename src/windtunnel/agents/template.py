"""Request templates for HTTP agents. Values are substituted into *parsed* JSON, so they are always escaped."""

from __future__ import annotations

import json
import re
from typing import Any

from windtunnel._util.errors import ConfigError

PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
_FIELD_LINE = re.compile(r"^\s*([A-Za-z][A-Za-z0-9 _-]{0,63}?)\s*:\s*(.*?)\s*$")


def structured_fields(prompt: str) -> dict[str, str]:
    """``Key: Value`` lines of a prompt as ``{key: value}`` (keys lower-cased, spaces and dashes → ``_``)."""
    fields: dict[str, str] = {}
    for line in prompt.splitlines():
        m = _FIELD_LINE.match(line)
        if m:
            key = re.sub(r"[\s-]+", "_", m.group(1).strip().lower())
            fields.setdefault(key, m.group(2))
    return fields


def _substitute(node: Any, values: dict[str, Any]) -> Any:
    if isinstance(node, str):
        whole = PLACEHOLDER.fullmatch(node)
        if whole and whole.group(1) in values and not isinstance(values[whole.group(1)], str):
            return values[whole.group(1)]  # e.g. "{messages}" becomes the JSON list itself
        return PLACEHOLDER.sub(lambda m: _as_text(values[m.group(1)]) if m.group(1) in values else m.group(0), node)
    if isinstance(node, dict):
        return {_substitute(k, values): _substitute(v, values) for k, v in node.items()}
    if isinstance(node, list):
        return [_substitute(v, values) for v in node]
    return node


def _as_text(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def parse_template(template: str | dict[str, Any] | None) -> Any:
    """The template as a JSON value. Bare placeholders (``{"q": {prompt}}``) are accepted and quoted."""
    if template is None:
        return {"prompt": "{prompt}"}
    if isinstance(template, dict):
        return template
    try:
        return json.loads(template)
    except json.JSONDecodeError:
        pass
    quoted = re.sub(r'(?<!")\{([A-Za-z_][A-Za-z0-9_]*)\}(?!")', r'"{\1}"', template)
    try:
        return json.loads(quoted)
    except json.JSONDecodeError as err:
        raise ConfigError(
            f"agent.request_template is not valid JSON: {err.msg} at character {err.pos}",
            hint='write it like \'{"message": "{prompt}"}\' (placeholders go inside JSON strings)',
        ) from None


def render(template: Any, prompt: str | list[dict[str, Any]], *, structured: bool = False) -> Any:
    """Fill ``{prompt}`` (and ``{field}`` placeholders from ``Key: Value`` lines) into a parsed template."""
    if isinstance(prompt, list):
        values: dict[str, Any] = {"messages": prompt, "prompt": transcript(prompt)}
    else:
        values = {"prompt": prompt}
        if structured:
            values = {**structured_fields(prompt), **values}
    return _substitute(template, values)


def transcript(messages: list[dict[str, Any]]) -> str:
    """A message list as a plain-text transcript, for agents that only take a string."""
    return "\n".join(f"{m.get('role', 'user')}: {m.get('content', '')}" for m in messages)


def as_query(body: Any) -> dict[str, str]:
    """A rendered template as query parameters (GET / DELETE)."""
    if isinstance(body, dict):
        return {str(k): _as_text(v) for k, v in body.items()}
    return {"prompt": _as_text(body)}
