"""``windtunnel mutate`` (explore mutation types without an agent) and ``windtunnel mutations`` (the list).

``mutate`` is for choosing and tuning mutation types before they cost agent calls: it plans mutations of one
prompt exactly as a run would (:func:`~windtunnel.mutations.plan.plan_mutations`, the same seed → the same
mutations), for the agent type given with ``--agent-type`` because the type decides which mutations apply
(transport mutations only reach an HTTP agent; multi-turn ones need ``--messages``), and prints them, as text or
as one JSON document. It calls no agent; only ``--llm-base-url`` calls a model, to generate the text types the
way ``model:`` would in a run. Third-party mutation types registered through entry points are loaded first, so
they can be tried here too. ``mutations`` lists the registry: every type with its level, default weight, where it
applies and what it does.
"""

from __future__ import annotations

import random
import sys
from typing import Any, get_args

import orjson
import typer
from rich.markup import escape
from rich.table import Table

from windtunnel._util.errors import UsageError
from windtunnel._util.jsonsafe import safe_text
from windtunnel._util.suggest import did_you_mean
from windtunnel.cli._console import err_console, out_console
from windtunnel.cli._format import chosen_format, format_option, json_alias_option
from windtunnel.cli._lazy import module_app
from windtunnel.config.agent import AgentConfig
from windtunnel.config.model import ModelConfig
from windtunnel.config.plugins import load_builtin_plugins
from windtunnel.mutations import MutationContext, mutations, plan_mutations
from windtunnel.mutations.llm import LlmMutator
from windtunnel.mutations.plan import TRANSPORT_AGENT_TYPES, applies_to
from windtunnel.reports.cells import visible_controls

app = module_app()


@app.command("mutate")
def mutate(
    prompt: str = typer.Argument(..., help="The golden prompt to mutate ('-' reads it from stdin)."),
    types: list[str] = typer.Option(
        None, "--type", "-t", help="Mutation type (repeatable). Default: every type that applies."
    ),
    count: int = typer.Option(5, "--count", "-n", help="Mutations to generate (spread over the types)."),
    seed: int = typer.Option(None, "--seed", "-s", help="Seed; the same seed prints identical mutations."),
    fmt: str | None = format_option("Output format: text (default) or json.", metavar="text|json"),
    as_json: bool = json_alias_option(),
    agent_type: str = typer.Option(
        "http", "--agent-type", help="Agent type to plan for: transport types apply only to 'http'."
    ),
    messages: bool = typer.Option(False, "--messages", help="The agent accepts message lists (multi-turn)."),
    templates: list[str] = typer.Option(
        None, "--template", help="A template for the 'custom' type, with {prompt} (repeatable)."
    ),
    llm_base_url: str = typer.Option(
        None, "--llm-base-url", help="Generate text types with an OpenAI-compatible endpoint (e.g. Ollama)."
    ),
    llm_model: str = typer.Option("qwen2.5:3b", "--llm-model", help="Model name for --llm-base-url."),
) -> None:
    """Print mutations of PROMPT; transport types print the request manipulation they perform.

    Exit codes: 0 printed; 2 for an empty prompt, an unknown type or agent type, a bad count or template.
    """

    load_builtin_plugins()  # built-in types and third-party ones from entry points

    as_json = chosen_format(fmt, as_json, ("text", "json")) == "json"
    if count < 1:
        raise UsageError(f"--count must be at least 1, got {count}", hint="e.g. --count 5")
    if prompt == "-":
        prompt = sys.stdin.read().rstrip("\n")

    # Bytes that are not UTF-8 (a Latin-1 file, a shell argument) arrive as lone surrogates.
    prompt = safe_text(prompt)
    if not prompt.strip():
        raise UsageError(
            "the prompt is empty" if not prompt else "the prompt is only whitespace",
            hint='give the golden prompt to mutate, e.g. windtunnel mutate "Where is my order?" '
            "(or '-' to read it from stdin)",
        )
    _check_agent_type(agent_type)
    if "custom" in (types or []):
        _check_templates(list(templates or []))
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    ctx = MutationContext(agent_type=agent_type, accepts_messages=messages, custom_templates=list(templates or []))
    names = list(types) if types else [n for n, mt in mutations.items() if applies_to(mt, agent_type)]
    if not types and not ctx.custom_templates:
        names = [n for n in names if n != "custom"]
    llm = None
    if llm_base_url:
        config = ModelConfig.model_validate(
            {"provider": "openai_compatible", "name": llm_model, "base_url": llm_base_url}
        )
        llm = LlmMutator(config)
    try:
        plan = plan_mutations(prompt, names, count, seed, ctx, llm=llm)
    finally:
        if llm is not None:
            llm.close()
    if as_json:
        _print_json(prompt, seed, agent_type, plan)
    else:
        _print_text(seed, plan)


def _agent_types() -> list[str]:
    """The ``agent.type`` values the config layer accepts (one per agent config model), read from the
    discriminated union itself so that a new agent type is a valid ``--agent-type`` without a list to update."""

    union = get_args(AgentConfig)[0]
    return [str(get_args(model.model_fields["type"].annotation)[0]) for model in get_args(union)]


def _check_agent_type(agent_type: str) -> None:
    """``--agent-type`` must be an ``agent.type`` of the registry (it decides which mutations apply); an unknown one is
    a :class:`UsageError` with the closest name and the valid ones.
    """
    valid = _agent_types()
    if agent_type not in valid:
        raise UsageError(
            f"unknown --agent-type {agent_type!r}{did_you_mean(agent_type, valid)}",
            hint=f"valid: {', '.join(valid)} (the agent.type values of a config)",
        )


def _check_templates(templates: list[str]) -> None:
    """``-t custom`` needs ``--template`` values that each hold ``{prompt}`` and add text around it.

    A usage error (exit 2) names the first template at fault by position: no templates at all, one without the
    placeholder (it would replace the prompt instead of mutating it), or one that is the bare placeholder (the
    "mutation" would be the golden prompt itself and test nothing new)."""

    if not templates:
        raise UsageError(
            "mutation type 'custom' needs at least one --template",
            hint="e.g. --template 'As my manager asked: {prompt}' (repeatable), or drop -t custom",
        )
    for i, t in enumerate(templates, 1):
        if "{prompt}" not in t:
            raise UsageError(
                f"--template #{i} has no {{prompt}} placeholder: {t!r}",
                hint="put {prompt} where the golden prompt goes, e.g. --template 'Quick question: {prompt}'",
            )
        if not t.replace("{prompt}", "").strip():
            raise UsageError(
                f"--template #{i} ({t!r}) leaves the prompt unchanged",
                hint="add text around {prompt}",
            )


def _print_json(prompt: str, seed: int, agent_type: str, plan: Any) -> None:
    """Print the mutation plan as one JSON document (the prompt, seed and agent type, then each mutation with its type,
    level, weight, source, input, args and, for a transport mutation, the request change it makes).
    """
    doc = {
        "prompt": prompt,
        "seed": seed,
        "agent_type": agent_type,
        "mutations": [
            {
                "type": p.type,
                "level": p.level,
                "weight": p.weight,
                "k": p.k,
                "attempt": p.attempt,
                "source": p.source,
                "input": p.input,
                "args": p.args,
                "transport": p.mutated.transport.describe() if p.mutated.transport is not None else None,
            }
            for p in plan
        ],
        "skipped": plan.skipped,
        "shortfall": plan.shortfall,
        "llm": plan.llm.as_dict() if plan.llm is not None else None,
        "notices": plan.notices,
    }
    typer.echo(orjson.dumps(doc, option=orjson.OPT_INDENT_2).decode())


def _print_text(seed: int, plan: Any) -> None:
    """Print each planned mutation for a reader: its type, level and source, then the mutated prompt (control characters
    made visible: it is untrusted) or, for a transport mutation, the request change with the prompt unchanged; then the
    notices and the seed that reproduces this output.
    """
    con = out_console()
    for i, p in enumerate(plan, 1):
        args = {k: v for k, v in p.args.items() if k != "describe"}
        con.print(f"[bold]#{i}[/] [cyan]{p.type}[/] [dim]{p.level} k={p.k} {p.source}[/]")
        if p.mutated.transport is not None:
            con.print(f"  [yellow]request:[/] {escape(visible_controls(p.mutated.transport.describe()))}")
            con.print(f"  [dim]prompt unchanged; args {escape(orjson.dumps(args).decode()[:300])}[/]")
        else:
            con.print(f"  [dim]args {escape(orjson.dumps(args).decode()[:300])}[/]")
            text = p.input if isinstance(p.input, str) else orjson.dumps(p.input, option=orjson.OPT_INDENT_2).decode()
            typer.echo(visible_controls(text))  # the prompt and a model's mutation are untrusted: ESC, NUL shown
        typer.echo("")
    err = err_console()
    for notice in plan.notices:
        err.print(f"[yellow]note:[/] {escape(notice)}")
    err.print(f"[dim]{len(plan)} mutations, seed {seed} (rerun with --seed {seed} for the same output)[/]")


@app.command("mutations")
def list_mutations(
    fmt: str | None = format_option(),
    as_json: bool = json_alias_option(),
) -> None:
    """List the mutation types: name, level, default weight, where they apply, and what they do."""

    load_builtin_plugins()
    as_json = chosen_format(fmt, as_json) == "json"

    rows: list[dict[str, Any]] = [
        {
            "name": name,
            "level": mt.level,
            "weight": mt.weight,
            "applies_to": "all agents" if mt.level == "text" else ", ".join(sorted(TRANSPORT_AGENT_TYPES)) + " agents",
            "description": mt.description,
        }
        for name, mt in mutations.items()
    ]
    if as_json:
        typer.echo(orjson.dumps(rows, option=orjson.OPT_INDENT_2).decode())
        return

    table = Table(title=f"{len(rows)} mutation types", title_justify="left")
    table.add_column("name", no_wrap=True)
    table.add_column("level", no_wrap=True)
    table.add_column("weight", no_wrap=True, justify="right")
    table.add_column("applies to", no_wrap=True)
    table.add_column("description", overflow="fold", min_width=30)
    for r in sorted(rows, key=lambda r: (r["level"], r["name"])):
        table.add_row(r["name"], r["level"], f"{r['weight']:.1f}", r["applies_to"], r["description"])
    out_console().print(table)
