"""smolagents, LlamaIndex and DSPy: tools and models faulted at their own seams, the real packages on the stub.

Each stack runs its real tool loop against the stub model; a faulted tool is the same object the framework
holds (its own type checks pass), and what windtunnel cannot fault is refused by ``validate`` with the reason.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import anyio
import fw_stacks
import fw_tools
import openai
import pytest
from fw_helpers import config, run, seams_of, tools_of
from test_framework_llm_faults import call, chain
from tests.clirun import wt

from windtunnel._util.errors import AgentTimeout, ConfigError
from windtunnel.agents import build_agent
from windtunnel.chaos.seam_checks import seam_problems
from windtunnel.flows.preflight import preflight

pytestmark = [
    pytest.mark.anyio,
    pytest.mark.filterwarnings("ignore::pydantic.warnings.PydanticDeprecatedSince20"),  # inside LlamaIndex
    pytest.mark.filterwarnings("ignore::pydantic.warnings.PydanticDeprecatedSince211"),
]

ORDER = "Where is my order 42?"
STACKS = {
    "smolagents": "fw_stacks:smol_{}",
    "llama_index": "fw_llama:llama_{}",
    "dspy": "fw_stacks:dspy_{}",
}
try:  # find_spec raises when the parent package (llama_index.llms) is missing too
    OPENAI_LIKE = importlib.util.find_spec("llama_index.llms.openai_like") is not None
except ModuleNotFoundError:
    OPENAI_LIKE = False
needs_openai_like = pytest.mark.skipif(
    not OPENAI_LIKE,
    reason="llama-index-llms-openai-like pins openai<3, so `make venv` installs it with --no-deps: "
    "pip install --no-deps llama-index-llms-openai llama-index-llms-openai-like",
)
STACK_PARAMS = [pytest.param(s, marks=needs_openai_like) if s == "llama_index" else s for s in STACKS]


def agent_of(stack: str, model: str = "robust") -> str:
    return f'{{type: {stack}, endpoint: "{STACKS[stack].format(model)}"}}'


@pytest.mark.parametrize("stack", STACK_PARAMS)
async def test_clean_run_uses_the_real_tool(stub, stack: str) -> None:
    [(res, cc)] = await run(agent_of(stack), None, [ORDER])
    assert res.output == "Order 42 is processing.", res
    assert fw_tools.EXECUTED["get_order_status"] == 1
    tools = tools_of(cc.calls)
    assert [c["name"] for c in tools] == ["get_order_status"] and tools[0]["args"] == {"order_id": "42"}
    # its model calls are recorded around the tool call without any LLM fault configured
    assert seams_of(cc.calls)[:3] == [("llm", "robust"), ("tool", "get_order_status"), ("llm", "robust")]
    assert res.tool_calls[0]["name"] == "get_order_status"


@pytest.mark.parametrize("stack", STACK_PARAMS)
async def test_a_tool_fault_takes_the_frameworks_own_error_path(stub, stack: str) -> None:
    faults = "[{tool: get_order_status, mode: error}]"
    [(robust, cc)] = await run(agent_of(stack), faults, [ORDER])
    [(fabricated, _)] = await run(agent_of(stack, "fabricator"), faults, [ORDER])
    assert robust.output == "Sorry, I could not check 42 right now.", robust
    assert fabricated.output == "Order 42 has shipped.", fabricated
    assert [f["mode"] for f in cc.fired] == ["error"] and fw_tools.EXECUTED["get_order_status"] == 0


@pytest.mark.parametrize("stack", STACK_PARAMS)
async def test_the_framework_keeps_its_own_tool_objects(stub, stack: str) -> None:
    """While faulted, the agent holds the very same tool objects, of the same class (no stand-in function)."""
    from windtunnel.agents import frameworks

    cfg = config(agent_of(stack))
    module, obj = frameworks.load(cfg.agent)
    before = {n: [(id(t), type(t)) for t in ts] for n, ts in module.find_tools(obj).items()}
    names, restores = frameworks.install_tools(cfg.agent)
    try:
        assert names == ["get_order_status"]
        assert {n: [(id(t), type(t)) for t in ts] for n, ts in module.find_tools(obj).items()} == before
    finally:
        for restore in reversed(restores):
            restore()


async def test_unknown_tool_name_lists_the_frameworks_names() -> None:
    with pytest.raises(ConfigError) as info:
        await run(agent_of("smolagents"), "[{tool: order_status, mode: error}]", [ORDER])
    assert "'get_order_status'" in info.value.message and "final_answer" not in info.value.message


SMOL_REGISTRY = '{type: python, endpoint: "fw_stacks:ask_smol", tool_registry: "fw_stacks:smol_registry"}'


async def test_smolagents_tools_as_a_python_agents_tool_registry_stay_tool_objects(stub) -> None:
    tools = dict(fw_stacks.smol_registry)
    [(clean, _)] = await run(SMOL_REGISTRY, None, [ORDER])
    [(faulted, cc)] = await run(SMOL_REGISTRY, "[{tool: get_order_status, mode: error}]", [ORDER])
    assert clean.output == "Order 42 is processing.", clean
    assert faulted.output == "Sorry, I could not check 42 right now." and [f["mode"] for f in cc.fired] == ["error"]
    assert fw_stacks.smol_registry == tools, "the registry holds the same tool objects again"


async def test_a_smolagents_tool_in_agent_tools_is_faulted_in_place(stub) -> None:
    agent = '{type: python, endpoint: "fw_stacks:ask_smol", tools: ["fw_stacks:get_order_status"]}'
    tool = fw_stacks.get_order_status
    [(res, cc)] = await run(agent, "[{tool: get_order_status, mode: error}]", [ORDER])
    assert res.output.startswith("Sorry") and [f["mode"] for f in cc.fired] == ["error"]
    assert fw_stacks.get_order_status is tool and "forward" not in vars(tool)


class Callable:
    def __call__(self, order_id: str) -> str:
        return order_id


callable_registry = {"get_order_status": Callable()}


def test_validate_refuses_a_callable_object_it_cannot_stand_in_for() -> None:
    cfg = config('{type: python, endpoint: "fw_stacks:ask_smol", tool_registry: "test_stacks:callable_registry"}')
    [problem] = seam_problems(cfg.agent)
    assert "a test_stacks.Callable" in problem and "not a function" in problem


@needs_openai_like
def test_validate_accepts_a_llama_index_model_as_agent_llm() -> None:
    ok = config('{type: python, endpoint: "fw_stacks:ask_smol", llm: "fw_llama:llama_llm"}')
    assert seam_problems(ok.agent) == []


def test_validate_accepts_a_dspy_lm_as_agent_llm() -> None:
    """Its calls go through DSPy's lm15 transport, where LLM faults are injected (test_dspy_llm_faults.py)."""
    dspy_lm = config('{type: python, endpoint: "fw_stacks:ask_smol", llm: "fw_stacks:dspy_lm"}')
    assert seam_problems(dspy_lm.agent) == []


@pytest.mark.parametrize(
    ("endpoint", "reason"),
    [
        ("dspy_robust", None),
        pytest.param("llama_fresh_clients", "reuse_client=False", marks=needs_openai_like),
        pytest.param("llama_robust", None, marks=needs_openai_like),
    ],
)
def test_validate_llm_faults_on_each_stack(endpoint: str, reason: str | None) -> None:
    stack = "dspy" if endpoint.startswith("dspy") else "llama_index"
    module = "fw_stacks" if stack == "dspy" else "fw_llama"
    agent = f'agent: {{type: {stack}, endpoint: "{module}:{endpoint}"}}\n'
    found = preflight(config_text(agent + "chaos: {llm_faults: [{mode: error}]}\n"), imports=True)
    text = "\n".join(found.errors)
    assert (reason is None and not found.errors) or (reason is not None and reason in text), text


def config_text(text: str) -> Any:
    from windtunnel.config.load import parse_config

    return parse_config(text, "w.yaml")


@needs_openai_like
async def test_llm_faults_reach_the_llama_index_models_openai_client(stub) -> None:
    [(err, fired)] = await call(agent_of("llama_index"), "[{mode: error, status: 500, retry_after: 0.01}]", [ORDER])
    assert any(isinstance(e, openai.InternalServerError) for e in chain(err)), [type(e) for e in chain(err)]
    assert fired and {f["mode"] for f in fired} == {"error"}


def test_validate_warns_when_the_cell_timeout_is_shorter_than_smolagents_back_off() -> None:
    base = (
        'agent: {type: smolagents, endpoint: "fw_stacks:smol_robust"TIMEOUT}\n'
        "chaos: {llm_faults: [{mode: rate_limit}]}\n"
    )
    short = preflight(config_text(base.replace("TIMEOUT", "")), imports=True)
    [warning] = [w for w in short.warnings if "back-off" in w]
    assert "60 s" in warning and "30000 ms" in warning
    long = preflight(config_text(base.replace("TIMEOUT", ", timeout: 200000")), imports=True)
    assert not [w for w in long.warnings if "back-off" in w]


async def test_a_timed_out_smolagents_cell_names_the_agents_own_back_off(stub) -> None:
    cfg = config('{type: smolagents, endpoint: "fw_stacks:smol_robust", timeout: 1}')
    agent = build_agent(cfg.agent)
    async with agent:
        with pytest.raises(AgentTimeout) as info:
            await agent.invoke(ORDER)
    assert "waits 60 s before its own retry" in info.value.message


PROMPTS = ["Where is my order 42?", "Where is my order 7?", "Where is my order 13?", "Where is my order 99?"]


async def test_concurrent_cells_on_one_smolagents_agent_get_their_own_answers(stub) -> None:
    agent = build_agent(config(agent_of("smolagents")).agent, concurrency=4)
    answers: dict[str, str | None] = {}
    async with agent:

        async def ask(prompt: str) -> None:
            answers[prompt] = (await agent.invoke(prompt)).output

        async with anyio.create_task_group() as tg:
            for prompt in PROMPTS:
                tg.start_soon(ask, prompt)
    assert answers == {p: f"Order {p.split()[-1][:-1]} is processing." for p in PROMPTS}


async def test_a_python_agent_sharing_one_smolagents_agent_runs_its_calls_one_at_a_time(stub) -> None:
    cfg = config('{type: python, endpoint: "fw_stacks:ask_smol"}')
    agent = build_agent(cfg.agent, concurrency=4)
    prompts = PROMPTS
    answers: dict[str, str | None] = {}
    async with agent:

        async def ask(prompt: str) -> None:
            answers[prompt] = (await agent.invoke(prompt)).output

        async with anyio.create_task_group() as tg:
            for prompt in prompts:
                tg.start_soon(ask, prompt)
    assert answers == {p: f"Order {p.split()[-1][:-1]} is processing." for p in prompts}
    assert agent._threads.total_tokens == 1
    warned = preflight(config_text('agent: {type: python, endpoint: "fw_stacks:ask_smol"}\n'), imports=True)
    assert any("one at a time" in w for w in warned.warnings), warned.warnings


@pytest.mark.slow
@pytest.mark.parametrize("stack", STACK_PARAMS)
@pytest.mark.parametrize(("variant", "exit_code"), [("robust", 0), ("fabricator", 1)])
def test_run_chaos_only_end_to_end(
    stub, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stack: str, variant: str, exit_code: int
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "windtunnel.yaml").write_text(
        f"agent: {agent_of(stack, variant)}\n"
        'golden_prompts: ["Where is my order 42?", "Where is my order 7?"]\n'
        "invariants: [{type: excludes_pattern, pattern: shipped}, {type: output_not_empty}]\n"
        "chaos: {tool_faults: [{tool: get_order_status, mode: error, error_code: 503}]}\n"
    )
    assert wt("run", "-c", "windtunnel.yaml", "--chaos-only", "-o", "report.json") == exit_code
    cells = json.loads((tmp_path / "report.json").read_text())["cells"]
    assert len(cells) == 2 and fw_tools.EXECUTED["get_order_status"] == 0
    for cell in cells:
        assert [f["name"] for f in cell["faults"]] == ["get_order_status"]
        assert tools_of(cell["calls"])[0]["error"].startswith("503")


def test_validate_refuses_a_dspy_module_with_two_input_fields_as_run_would(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "windtunnel.yaml").write_text(
        'agent: {type: dspy, endpoint: "fw_stacks:dspy_two_inputs"}\ngolden_prompts: [hi]\n'
    )
    assert wt("validate", "-c", "windtunnel.yaml") == 2
    assert "2 input fields (question, context)" in capsys.readouterr().err
    assert wt("run", "-c", "windtunnel.yaml", "--no-mutations") == 2  # a config error, not an unreachable agent
