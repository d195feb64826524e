"""Overhead of the framework tool seam (agent.type langgraph / openai_agents / pydantic_ai).

    .venv/bin/python -m benchmarks.framework_tools [--calls 3000]

A LangChain ``@tool`` is invoked ``--calls`` times through LangChain's own ``tool.invoke`` (what a
``ToolNode`` does), first as is, then with windtunnel's seam installed inside a cell whose fault plan
holds a fault that matches nothing (every call takes the decided path: decision, real call, call log).
Prints the median per-call time of both and the added microseconds per call.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from langchain_core.tools import tool

from windtunnel.agents.langgraph import wrap_tool
from windtunnel.chaos.plan import FaultPlan, activate
from windtunnel.chaos.spec import ChaosSpec
from windtunnel.chaos.tool_faults import ErrorFault


@tool
def get_order_status(order_id: str) -> str:
    """Look up an order."""
    return json.dumps({"order_id": order_id, "status": "processing"})


def _median_us(calls: int) -> float:
    times = []
    for i in range(calls):
        start = time.perf_counter()
        get_order_status.invoke({"order_id": str(i)})
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--calls", type=int, default=3000)
    args = parser.parse_args()
    _median_us(200)  # warm-up
    direct = _median_us(args.calls)
    restores = wrap_tool("get_order_status", get_order_status)
    spec = ChaosSpec(name="bench", tool_faults=[ErrorFault(tool="no_such_tool")])
    plan = FaultPlan(spec, seed=1, key="bench")
    try:
        with activate(plan):
            seamed = _median_us(args.calls)
    finally:
        for restore in restores:
            restore()
    assert len(plan.calls) == args.calls, "every call must be logged"
    print(f"tool.invoke median: direct {direct:.1f} us, through the seam {seamed:.1f} us")
    print(f"added per call: {seamed - direct:.1f} us ({args.calls} calls)")


if __name__ == "__main__":
    main()
