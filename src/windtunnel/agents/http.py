"""HTTP agents: one pooled ``httpx.AsyncClient`` per run, escaped request templates, status → error kinds.

The ``http`` agent type sends each cell's prompt (or message list) through ``agent.request_template`` to
``agent.endpoint`` and reads the output at ``agent.response_path``. Every way an exchange can go wrong maps to its
own :class:`~windtunnel._util.errors.AgentCallError` subclass (rate limited, auth, not found, server error, timeout,
transport, too large, not JSON), so a report can tell an agent that refused from one that broke. Plain ``http://``
POSTs skip httpx's request objects on the hot path (:meth:`HttpAgent._send_plain`); the bytes on the wire are the
same."""

from __future__ import annotations

import contextlib
import json
import time
from typing import Any
from urllib.parse import quote, urlencode

import httpx

from windtunnel._util.envexpand import expand_env
from windtunnel._util.errors import (
    AgentAuthError,
    AgentBadResponse,
    AgentCallError,
    AgentClientError,
    AgentNotFound,
    AgentRateLimited,
    AgentResponseTooLarge,
    AgentServerError,
    AgentTimeout,
    AgentTransportError,
    AgentUnreachableError,
)
from windtunnel._util.http1client import Prepared, UpstreamError, prepare
from windtunnel._util.httpcap import ResponseTooLarge
from windtunnel._util.httpclients import ShardedClient
from windtunnel._util.jsonsafe import JsonTooDeep, loads
from windtunnel._util.redact import redact_url, redact_urls_in
from windtunnel.agents._pooled import PooledHttpAgent, expand_headers
from windtunnel.agents.base import AgentInput, AgentResponse, TransportMutation
from windtunnel.agents.config import HttpAgentConfig
from windtunnel.agents.registry import builtin_agent_type
from windtunnel.agents.response import extract_output, preview
from windtunnel.agents.template import (
    TextTemplate,
    as_query,
    body_bytes,
    content_type,
    parse_template,
    render,
    unfilled,
)


def _retry_after(resp: httpx.Response) -> float | None:
    """Seconds from a ``Retry-After`` header given as a number; ``None`` when absent or given as an HTTP date (which the
    retry policy does not read)."""
    value = resp.headers.get("retry-after")
    try:
        return float(value) if value is not None else None
    except ValueError:
        return None


def raise_for_status(resp: httpx.Response) -> None:
    """Map an HTTP status to a distinct :class:`AgentCallError` kind; return quietly on 1xx/2xx.

    A redirect is an error, not followed: a cell must measure the endpoint the config names, and following would hide
    a misconfigured URL. 429 carries ``Retry-After`` for the retry policy; the message quotes the start of the body
    (redacted URL) so the failure can be read in the report."""
    code = resp.status_code
    if 300 <= code < 400:
        where = resp.headers.get("location")
        raise AgentBadResponse(
            f"the agent answered HTTP {code}, a redirect"
            + (f" to {redact_url(where)}" if where else "")
            + ": windtunnel does not follow redirects; point agent.endpoint at the final URL",
            status=code,
        )
    if code < 400:
        return
    body = preview(resp.text)
    msg = f"HTTP {code} from {redact_url(str(resp.request.url))}: {body}"
    if code == 429:
        raise AgentRateLimited(msg, retry_after=_retry_after(resp))
    if code in (401, 403):
        raise AgentAuthError(msg, status=code)
    if code == 404:
        raise AgentNotFound(msg, status=code)
    if code == 408:
        raise AgentTimeout(msg, status=code)
    if code >= 500:
        raise AgentServerError(msg, status=code)
    raise AgentClientError(msg, status=code)


def transport_error(err: httpx.HTTPError, url: str, timeout_ms: int) -> AgentCallError:
    """The :class:`AgentCallError` for an exchange that produced no HTTP status: an answer over ``max_response_bytes``,
    a timeout (quoting ``timeout_ms``) or any other transport failure. ``url`` is redacted before it reaches the
    message, since it may carry credentials in its query or user info."""
    url = redact_url(url)
    if isinstance(err, ResponseTooLarge):
        return AgentResponseTooLarge(f"{err} from {url}; the answer was not read in full")
    if isinstance(err, httpx.TimeoutException):
        return AgentTimeout(f"no answer from {url} within {timeout_ms} ms ({type(err).__name__})")
    return AgentTransportError(f"{type(err).__name__} talking to {url}: {redact_urls_in(str(err))}")


async def probe_url(client: ShardedClient, url: str, timeout_s: float) -> None:
    """Any HTTP answer proves the server is there; a connection failure raises AgentUnreachableError.

    The probe is a GET with ``timeout_s`` (capped at 10 s): even a 404 or 405 answer is an agent that listens.
    Raising before the first cell turns a wrong port into one exit-3 error naming the URL, instead of every cell
    failing with the same transport error."""
    shown = redact_url(url)
    try:
        await client.request("GET", url, timeout=timeout_s)
    except ResponseTooLarge:
        return  # an answer, even one too long to read
    except httpx.ReadTimeout:
        raise AgentUnreachableError(  # it listens but does not answer: a hang, not a wrong host or port
            f"the agent at {shown} accepted the connection but sent no answer within {timeout_s:g} s (windtunnel "
            "tried a GET before starting the run): it hangs, or is slower than that",
            hint="fix the hang; if the agent is only slow, raise agent.timeout (milliseconds); if only its GET is "
            "slow, set agent.health_endpoint to a route that answers at once",
        ) from None
    except httpx.HTTPError as err:
        raise AgentUnreachableError(
            f"agent unreachable at {shown}: {type(err).__name__}: {redact_urls_in(str(err)) or 'no answer'} "
            f"(tried a GET with a {timeout_s:g} s timeout before starting the run)",
            hint="start the agent first, check the host and port, or set agent.health_endpoint",
        ) from None


def with_params(url: str, params: dict[str, str]) -> httpx.URL:
    """``url`` with ``query_params`` added: its own query is kept as written (``%20`` stays ``%20``), a
    parameter it already has is replaced (httpx's merge), new ones are percent-encoded after it."""
    endpoint = httpx.URL(url)
    if not params:
        return endpoint
    if any(k in endpoint.params for k in params):
        return endpoint.copy_merge_params(params)
    sep = "&" if endpoint.query else "?"
    base = url.split("#", 1)[0]
    return httpx.URL(base + ("" if base.endswith(("?", "&")) else sep) + urlencode(params, quote_via=quote))


@builtin_agent_type("http", config=HttpAgentConfig)
class HttpAgent(PooledHttpAgent):
    """Sends each prompt through ``request_template`` to ``endpoint`` and reads ``response_path``.

    One pooled client serves every cell of the run. The template is parsed once; each call renders it with the
    prompt (or message list) and, for form fields, the prompt's ``Key: Value`` lines. Answers are read within
    ``max_response_bytes`` and a JSON nesting bound, so a hostile agent cannot exhaust the harness."""

    def __init__(self, cfg: HttpAgentConfig, *, concurrency: int = 10) -> None:
        """Parse the request template once (a config error surfaced at build time, not per cell) and decide from it
        whether the agent takes message lists (a ``{messages}`` slot) and whether prompts are parsed for ``Key:
        Value`` fields; the URL is resolved in ``__aenter__`` because ``${ENV}`` must be read at run time."""
        super().__init__(timeout_ms=cfg.timeout, concurrency=concurrency, max_response_bytes=cfg.max_response_bytes)
        self.cfg = cfg
        self.name = cfg.endpoint
        self._template = parse_template(cfg.request_template)
        # prompts are read for "Key: Value" fields only when the template has a field placeholder to fill
        self._structured = cfg.parse_structured_input and bool(unfilled(self._template, set()))
        shown = str(self._template) if isinstance(self._template, TextTemplate) else json.dumps(self._template)
        self.accepts_messages = "{messages}" in shown
        self.url = ""
        self._plain: tuple[str, Prepared] | None = None

    async def __aenter__(self) -> HttpAgent:
        """Resolve the endpoint, headers and query parameters (``${ENV}`` expanded), open the pooled client and probe
        the agent; prebuild what every request shares (URL, headers, timeout, and the lean pool's prepared request
        for plain ``http://`` POSTs) so a cell pays only for its body."""
        self.url = expand_env(self.cfg.endpoint, where="agent.endpoint")
        headers = expand_headers(self.cfg.headers)
        self._params = {k: expand_env(v, where=f"agent.query_params.{k}") for k, v in self.cfg.query_params.items()}
        await self._open(headers)
        # Requests are built once-parsed: httpx's client-level build_request (URL parsing, header and
        # cookie merging) cost more per call than the wire exchange at high concurrency.
        self._url = with_params(self.url, self._params)
        self._post_headers = httpx.Headers(self.client.shard.headers)
        self._post_headers.setdefault("content-type", content_type(self._template))  # agent.headers win
        self._timeout = httpx.Timeout(self.cfg.timeout / 1000).as_dict()
        # Plain http:// with a body: sent as bytes over the lean pool, without httpx Request/Response objects
        # (the same request on the wire; see _send_plain)
        plain = self._url.scheme == "http" and self.cfg.method_upper not in ("GET", "DELETE")
        self._plain = None
        if plain:
            target = str(self._url)
            with contextlib.suppress(UpstreamError):  # not a URL the lean pool takes: httpx says why, per call
                self._plain = (target, prepare(self.cfg.method_upper, target, list(self._post_headers.multi_items())))
        return self

    async def check_reachable(self) -> None:
        """Probe ``agent.health_endpoint`` (or the endpoint itself) before the run: any HTTP answer proves the agent is
        there; a connection failure raises :class:`AgentUnreachableError` (exit 3)."""
        url = (
            expand_env(self.cfg.health_endpoint, where="agent.health_endpoint")
            if self.cfg.health_endpoint
            else self.url
        )
        await probe_url(self.client, url, self.probe_timeout_s)

    def build_request(self, prompt: AgentInput) -> httpx.Request:
        """The httpx request for one prompt: GET and DELETE put the rendered fields in the query string, other
        methods send the rendered template as the body with the prebuilt headers and timeout. Transport mutations
        and the httpx path use it; the plain path builds the same bytes itself.

        The query of a GET is merged with ``agent.query_params`` (the rendered fields win on a shared name)."""
        body = render(self._template, prompt, structured=self._structured)
        method = self.cfg.method_upper
        if method in ("GET", "DELETE"):
            return self.client.build_request(method, self.url, params={**self._params, **as_query(body)})
        content = body_bytes(self._template, body)
        return httpx.Request(
            method, self._url, headers=self._post_headers, content=content, extensions={"timeout": self._timeout}
        )

    async def invoke(self, prompt: AgentInput, *, transport: TransportMutation | None = None) -> AgentResponse:
        """Send one prompt and read the answer; latency in milliseconds is measured around the exchange only.

        Without a transport mutation, plain ``http://`` requests take the lean pool; a transport mutation (a fault on
        the harness's own request, such as a slow or truncated send) always goes through httpx so it can wrap the
        send. Raises the :class:`AgentCallError` kind the status or transport failure maps to."""
        if transport is None and self._plain is not None:
            answered = await self._send_plain(prompt)
            if answered is not None:
                return answered
        request = self.build_request(prompt)
        start = time.perf_counter()
        try:
            if transport is not None:
                resp = await transport.send(self.client.shard, request)
            else:
                resp = await self.client.send(request)
        except httpx.HTTPError as err:
            raise transport_error(err, self.url, self.cfg.timeout) from None
        latency = (time.perf_counter() - start) * 1000
        return self._answer(resp, latency)

    async def _send_plain(self, prompt: AgentInput) -> AgentResponse | None:
        """The request :meth:`build_request` makes, sent as bytes (``ShardedClient.send_plain``), and its answer
        read as :meth:`_answer` reads it. An answer that is not a plain UTF-8 success (an HTTP error, a
        compressed body, another charset) is handed to :meth:`_answer` as the httpx response it would have
        been. ``None``: this request goes through httpx after all (cookies to send)."""
        assert self._plain is not None
        url, prepared = self._plain
        content = body_bytes(self._template, render(self._template, prompt, structured=self._structured))
        method = self.cfg.method_upper
        start = time.perf_counter()
        try:
            raw = await self.client.send_plain(prepared, url, content, self.cfg.timeout / 1000)
        except httpx.HTTPError as err:
            raise transport_error(err, self.url, self.cfg.timeout) from None
        if raw is None:
            return None
        latency = (time.perf_counter() - start) * 1000
        ctype = raw.header("content-type") or ""
        encoding = raw.header("content-encoding")
        if raw.status >= 300 or (encoding and encoding.strip().lower() != "identity") or "charset" in ctype.lower():
            request = httpx.Request(method, self._url, headers=self._post_headers, content=content)
            resp = httpx.Response(raw.status, headers=raw.headers, content=raw.body, request=request)
            return self._answer(resp, latency)
        # httpx's Response.text and .json() for this answer: UTF-8 (its default), undecodable bytes replaced
        text = raw.body.decode("utf-8", "replace")
        return self._parsed(raw.status, raw.body, text, ctype, latency)

    def _answer(self, resp: httpx.Response, latency: float) -> AgentResponse:
        """Check the status of an httpx response, then read it as :meth:`_parsed` does."""
        raise_for_status(resp)
        return self._parsed(resp.status_code, resp.content, resp.text, resp.headers.get("content-type", ""), latency)

    def _parsed(self, status: int, content: bytes, text: str, content_type: str, latency: float) -> AgentResponse:
        """A successful answer's output, tool calls and raw JSON body (``content`` as httpx's ``.content``).

        A body that is not JSON is the output itself for a plain-text agent (no ``response_path``, not JSON or
        HTML by content type); an HTML page or a declared JSON body that does not parse is
        :class:`AgentBadResponse`. Tool calls are read from a top-level ``tool_calls`` list when the agent reports
        one."""
        try:
            body = loads(content)  # what httpx's Response.json() does, within a nesting bound
        except JsonTooDeep as err:
            raise AgentBadResponse(f"the agent answered HTTP {status} with {err}") from None
        except (json.JSONDecodeError, UnicodeDecodeError):
            ctype = content_type.lower()
            if self.cfg.response_path is None and "json" not in ctype and "html" not in ctype:
                body = text  # a plain-text agent: the body is the output (an HTML page is an error page)
            else:
                shown = f"a body that is not JSON: {preview(text)}" if content.strip() else "an empty body"
                raise AgentBadResponse(f"the agent answered HTTP {status} with {shown}") from None
        output = extract_output(body, self.cfg.response_path, text)  # plain member names: no JSONPath engine
        meta: dict[str, Any] = {}
        if isinstance(body, dict) and isinstance(body.get("tool_calls"), list):
            tool_calls = body["tool_calls"]
        else:
            tool_calls = []
        return AgentResponse(output, latency, raw=body, tool_calls=tool_calls, metadata=meta, status_code=status)

    async def reset(self) -> None:
        """POST to ``agent.reset_endpoint`` (``${ENV}`` expanded) between cells that must not share state; a no-op when
        none is configured. Errors map as a call's do, so a broken reset fails the cell that needed it."""
        if not self.cfg.reset_endpoint:
            return
        url = expand_env(self.cfg.reset_endpoint, where="agent.reset_endpoint")
        try:
            resp = await self.client.post(url)
        except httpx.HTTPError as err:
            raise transport_error(err, url, self.cfg.timeout) from None
        raise_for_status(resp)

    @property
    def has_reset(self) -> bool:
        """Whether a reset endpoint is configured (the engine only isolates cells it can reset)."""
        return bool(self.cfg.reset_endpoint)
