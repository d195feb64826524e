"""Where a config relies on a behaviour that differs between upstream flakestorm 2.0 and windtunnel.

windtunnel reads upstream V2 files unchanged and gives them the meaning upstream's documentation promises.
Where upstream's *code* does something else, a user moving a config across should know which of the two
their results mean. :func:`upstream_notes` names each such reliance, one line each, at the line of its
key; ``validate`` prints them as notes for a file named like upstream's (``flakestorm.yaml…``); they never
stop a command. See docs/configuration.md,
'Differences from upstream'.
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING

from windtunnel.agents.registry import capabilities
from windtunnel.agents.template import EXACT, PLACEHOLDER, TextTemplate, field_key, parse_template

if TYPE_CHECKING:
    from windtunnel.agents.config import AgentConfig, HttpAgentConfig
    from windtunnel.chaos.config import ChaosConfig, Scenario
    from windtunnel.config.model import Config

_UPSTREAM_FIELD = re.compile(r"[a-z0-9]+")
"""The placeholder names upstream fills from ``Key: Value`` lines (it lower-cases the key and drops the rest)."""


def _template_notes(cfg: Config, agent: HttpAgentConfig) -> list[str]:
    """Notes on an HTTP agent's ``request_template`` where upstream's code builds a different request than its
    documentation says: a query string for GET/DELETE, a form body, and the placeholder names upstream derives from
    ``Key: Value`` lines. A template that does not parse gives no note: that is a config error ``validate`` reports on
    its own.
    """
    out: list[str] = []
    at = cfg.where(("agent", "request_template"))
    try:
        template = parse_template(agent.request_template)
    except Exception:  # a broken template is the config error validate reports, not a difference
        return out
    if isinstance(template, TextTemplate):
        if template.pairs is not None and agent.method_upper in ("GET", "DELETE"):
            out.append(
                at + f"agent.request_template {template.text.strip()!r} is a query string: windtunnel sends its "
                "pairs as query parameters (the documented meaning); upstream's code sends the whole rendered "
                "text as one `q` parameter"
            )
        elif template.pairs is not None:
            out.append(
                at + "agent.request_template is a form body: windtunnel percent-encodes each value and sends "
                "content-type application/x-www-form-urlencoded; upstream sends the text unencoded, with no "
                "content-type"
            )
        elif agent.method_upper not in ("GET", "DELETE"):
            out.append(
                at + "agent.request_template is plain text: windtunnel sends it as text/plain; charset=utf-8, "
                "upstream with no content-type"
            )
    shown = template.text if isinstance(template, TextTemplate) else json.dumps(template)
    names = sorted({n for n in PLACEHOLDER.findall(shown) if n not in EXACT})
    if names and agent.parse_structured_input:
        other = [n for n in names if not _UPSTREAM_FIELD.fullmatch(n)]
        if other:
            spelled = ", ".join(f"{{{n}}} (upstream: {{{field_key(n)}}})" for n in other)
            out.append(
                at + f"agent.request_template placeholders {spelled} are filled by windtunnel from the prompt's "
                "'Key: Value' lines whatever their spelling; upstream fills only the lower-case spelling and "
                "sends these as written"
            )
    return out


def _chaos_notes(cfg: Config, agent: AgentConfig) -> list[str]:
    """Notes on tool and LLM faults of a non-python agent (``chaos:`` and every contract scenario): windtunnel injects
    them on the agent's own outbound traffic through its proxies, upstream on the harness's request to the agent, so the
    same YAML tests a different thing. A python agent's faults mean the same in both: no note.
    """
    if capabilities(agent).python:
        return []
    blocks: list[tuple[tuple[str | int, ...], ChaosConfig | Scenario]] = []
    if cfg.chaos is not None:
        blocks.append((("chaos",), cfg.chaos))
    blocks += [(("contract", "chaos_matrix", i), s) for i, s in enumerate(cfg.scenarios)]
    out: list[str] = []
    tools = next((p for p, b in blocks if b.tool_faults), None)
    if tools is not None:
        out.append(
            cfg.where(tools)
            + f"tool_faults on an {agent.type} agent: windtunnel faults the agent's own outbound calls (its "
            "forward proxy); upstream faults the harness's request to agent.endpoint instead, so a tool fault "
            "there is an error or delay of the agent's whole answer"
        )
    llm = next((p for p, b in blocks if b.llm_faults), None)
    if llm is not None:
        out.append(
            cfg.where(llm)
            + f"llm_faults on an {agent.type} agent: windtunnel faults the agent's own model calls (its LLM "
            "proxy); upstream blanks or truncates the agent's final answer instead"
        )
    return out


def _contract_notes(cfg: Config) -> list[str]:
    """Notes on a contract whose cells windtunnel runs differently from upstream's code: several invariants judged on
    one answer per golden prompt (``isolation: per_unit``, with the key that restores upstream's behaviour), and
    ``when`` conditions, which upstream ignores.
    """
    contract = cfg.contract
    if contract is None or not cfg.scenarios:
        return []
    out: list[str] = []
    golden = [i for i in contract.invariants if not i.probes]
    if len(golden) > 1 and contract.isolation == "per_unit":
        out.append(
            cfg.where(("contract", "invariants"))
            + f"contract: windtunnel judges the {len(golden)} invariants of a scenario on one answer per golden "
            "prompt (isolation per_unit); upstream calls the agent once per (invariant × scenario) cell: set "
            "contract.isolation: per_cell for upstream's independent invocations"
        )
    whens = [i for i in contract.invariants if i.when != "always"]
    if whens:
        out.append(
            cfg.where(("contract", "invariants"))
            + f"contract: windtunnel honours `when` ({', '.join(sorted({i.when for i in whens}))}); upstream "
            "checks every invariant in every scenario"
        )
    if cfg.chaos is not None and cfg.chaos.active:
        out.append(
            cfg.where(("contract", "chaos_matrix"), ("chaos_matrix",))
            + "contract: each scenario runs exactly the chaos it declares; upstream also applies the global "
            "`chaos:` block in every scenario (its no-chaos scenario is not chaos-free)"
        )
    return out


def upstream_notes(cfg: Config) -> list[str]:
    """Each place ``cfg`` relies on a behaviour where upstream 2.0's code and windtunnel differ."""
    agent = cfg.agent
    out: list[str] = []
    if agent.type == "http":
        out += _template_notes(cfg, agent)
    out += _chaos_notes(cfg, agent)
    out += _contract_notes(cfg)
    return out


__all__ = ["upstream_notes"]
