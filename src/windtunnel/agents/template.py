"""Request templates for HTTP agents.

A template is JSON or text, as in upstream flakestorm ("dict if JSON, str otherwise"):

- a **JSON** template is parsed first and the values substituted into the parsed document, so a prompt is
  always JSON-escaped; no template at all is the documented default body ``{"input": "{prompt}"}``;
- a **form** template (``q={prompt}``, ``a={prompt}&lang=en``) is ``key=value`` pairs: query parameters for
  GET / DELETE, an ``application/x-www-form-urlencoded`` body otherwise, each value percent-encoded;
- any other text (``Question: {prompt}``) is sent as it is, a ``text/plain`` body (or the ``q`` query
  parameter of a GET, as upstream sends it).

``{field}`` placeholders are filled from ``Key: Value`` lines of the prompt. Names match whatever their
spelling: ``Product Name`` fills ``{productname}`` (upstream's spelling), ``{product_name}`` and
``{productName}`` alike.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote, urlencode

from windtunnel._util.errors import ConfigError
from windtunnel._util.lazyre import lazy

PLACEHOLDER = lazy(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
_FIELD_LINE = lazy(r"^\s*([A-Za-z][A-Za-z0-9 _/&.-]{0,63}?)\s*(?::|=|\s-\s)\s*(.*?)\s*$")
_FORM = lazy(r"[A-Za-z0-9_.~%\[\]-]+=[^&=]*(?:&[A-Za-z0-9_.~%\[\]-]+=[^&=]*)*")
DEFAULT_TEMPLATE = {"input": "{prompt}"}
"""The body sent when ``agent.request_template`` is not given (upstream's documented default)."""
EXACT = ("prompt", "messages")
"""Placeholders matched by their exact name, never by a prompt's ``Key: Value`` line."""


def field_key(name: str) -> str:
    """The spelling-free form of a field name: lower-case letters and digits only (``Product Name`` →
    ``productname``, as upstream normalises it)."""
    return re.sub(r"[^a-z0-9]", "", name.lower())


def structured_fields(prompt: str) -> dict[str, str]:
    """``Key: Value`` (also ``Key=Value``, ``Key - Value``) lines of a prompt as ``{field_key(Key): value}``;
    the first line with a key wins."""
    fields: dict[str, str] = {}
    for line in prompt.splitlines():
        m = _FIELD_LINE.match(line)
        if m:
            key = field_key(m.group(1))
            if key:
                fields.setdefault(key, m.group(2))
    return fields


@dataclass(frozen=True)
class TextTemplate:
    """A template that is not JSON: ``form`` pairs (``key=value&…``) or ``plain`` text.

    Kept apart from JSON templates because their values are escaped differently: form values are percent-encoded
    on the way out, plain text goes as written."""

    text: str
    pairs: tuple[tuple[str, str], ...] | None
    """The ``key=value`` pairs of a form template; ``None`` for plain text."""

    @property
    def content_type(self) -> str:
        """The ``content-type`` of the body it renders to (``agent.headers`` win over it)."""
        return "application/x-www-form-urlencoded" if self.pairs is not None else "text/plain; charset=utf-8"

    def __str__(self) -> str:  # what "does the template name {messages}" looks at
        """The template's text: what the check for a ``{messages}`` slot reads."""
        return self.text


Template = Any
"""A parsed template: a JSON value, or a :class:`TextTemplate`."""


def _lookup(name: str, values: dict[str, Any], fields: dict[str, str]) -> Any:
    """The value for placeholder ``name``: an exact value (``prompt``, ``messages``) first, else a field from the
    prompt's ``Key: Value`` lines matched spelling-free; ``None`` leaves the placeholder as written."""
    if name in values:
        return values[name]
    if name not in EXACT:
        return fields.get(field_key(name))
    return None


def _fill(text: str, values: dict[str, Any], fields: dict[str, str]) -> str:
    """``text`` with every placeholder that has a value replaced (non-strings as JSON); the others stay as written,
    so a literal ``{word}`` in a plain-text template survives."""

    def one(m: re.Match[str]) -> str:
        """The replacement for one placeholder match (itself when nothing fills it)."""
        value = _lookup(m.group(1), values, fields)
        return m.group(0) if value is None else _as_text(value)

    return PLACEHOLDER.sub(one, text)


def _substitute(node: Any, values: dict[str, Any], fields: dict[str, str]) -> Any:
    """Fill placeholders throughout a parsed JSON template, keys included. A string that is exactly one placeholder
    for a non-string value (``"{messages}"``) becomes that value, so a message list is sent as a JSON list, not as
    its text; everything else is filled as text, and JSON escaping happens when the document is serialised, never
    by string pasting."""
    if isinstance(node, str):
        whole = PLACEHOLDER.fullmatch(node)
        if whole and whole.group(1) in values and not isinstance(values[whole.group(1)], str):
            return values[whole.group(1)]  # e.g. "{messages}" becomes the JSON list itself
        return _fill(node, values, fields)
    if isinstance(node, dict):
        return {_substitute(k, values, fields): _substitute(v, values, fields) for k, v in node.items()}
    if isinstance(node, list):
        return [_substitute(v, values, fields) for v in node]
    return node


def _as_text(value: Any) -> str:
    """A value as template text: strings as they are, anything else as JSON (non-ASCII kept readable)."""
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def parse_template(template: str | dict[str, Any] | None) -> Template:
    """The template as a JSON value, or a :class:`TextTemplate` for a form or plain-text template.

    Bare placeholders in JSON (``{"q": {prompt}}``) are accepted and quoted. Text that opens like JSON
    (``{`` or ``[``) but does not parse is an error, not a plain-text body: it is a JSON template with a
    mistake in it."""
    if template is None:
        return dict(DEFAULT_TEMPLATE)
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
        stripped = template.strip()
        if stripped.startswith(("{", "[")) and not PLACEHOLDER.fullmatch(stripped):
            raise ConfigError(
                f"agent.request_template is not valid JSON: {err.msg} at character {err.pos}",
                hint='write it like \'{"message": "{prompt}"}\' (placeholders go inside JSON strings); a form '
                "body or query string is written 'q={prompt}', plain text as it is",
            ) from None
    if _FORM.fullmatch(stripped):
        pairs = tuple((k, v) for k, _, v in (p.partition("=") for p in stripped.split("&")))
        return TextTemplate(template, pairs)
    return TextTemplate(template, None)


def render(template: Template, prompt: str | list[dict[str, Any]], *, structured: bool = False) -> Any:
    """Fill ``{prompt}`` (and ``{field}`` placeholders from ``Key: Value`` lines) into a parsed template. A JSON
    template renders to its JSON value, a form template to its ``[(key, value)]`` pairs (values not yet encoded),
    a plain-text template to its text.

    A message list fills ``{messages}`` with the list itself and ``{prompt}`` with its transcript, so a
    single-prompt template still works for a multi-turn cell; fields are read from the prompt only when
    ``structured`` (the template has field placeholders to fill)."""
    if isinstance(prompt, list):
        values: dict[str, Any] = {"messages": prompt, "prompt": transcript(prompt)}
        fields: dict[str, str] = {}
    else:
        values = {"prompt": prompt}
        fields = structured_fields(prompt) if structured else {}
    if isinstance(template, TextTemplate):
        if template.pairs is None:
            return _fill(template.text, values, fields)
        return [(_fill(k, values, fields), _fill(v, values, fields)) for k, v in template.pairs]
    return _substitute(template, values, fields)


def body_bytes(template: Template, rendered: Any) -> bytes:
    """The request body of a rendered template: JSON, a percent-encoded form, or the text itself."""
    if isinstance(template, TextTemplate):
        if template.pairs is None:
            return str(rendered).encode("utf-8")
        return urlencode(rendered, quote_via=quote).encode("ascii")
    return json.dumps(rendered, ensure_ascii=False).encode("utf-8")


def content_type(template: Template) -> str:
    """The ``content-type`` of the bodies ``template`` renders to."""
    if isinstance(template, TextTemplate):
        return template.content_type
    return "application/json; charset=utf-8"


def unfilled(template: Template, names: set[str]) -> list[str]:
    """The placeholders of ``template`` other than ``{prompt}`` / ``{messages}`` that no field of ``names``
    (spelling-free keys) fills."""
    found = PLACEHOLDER.findall(str(template) if isinstance(template, TextTemplate) else json.dumps(template))
    return sorted({n for n in found if n not in EXACT and field_key(n) not in names})


def transcript(messages: list[dict[str, Any]]) -> str:
    """A message list as a plain-text transcript, for agents that only take a string."""
    return "\n".join(f"{m.get('role', 'user')}: {m.get('content', '')}" for m in messages)


def as_query(body: Any) -> dict[str, str]:
    """A rendered template as query parameters (GET / DELETE): a JSON object's members, a form template's
    pairs, anything else as ``q`` (upstream's parameter for a text template)."""
    if isinstance(body, dict):
        return {str(k): _as_text(v) for k, v in body.items()}
    if isinstance(body, list) and all(isinstance(p, tuple) for p in body):
        return {str(k): str(v) for k, v in body}
    return {"q": _as_text(body)}
