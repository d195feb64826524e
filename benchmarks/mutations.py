"""Benchmark: 10,000 deterministic mutations across every text-level type, on one core.

Run: ``python -m benchmarks.mutations [--total N] [--seed S]``. Prints the total time (target < 2 s)
and mutations per second for each type. Each mutation is one seeded cell, exactly as a run plans it
(``generate_one``: per-cell RNG derivation + generator), without dedup.
"""

from __future__ import annotations

import argparse
import time

GOLDEN = [
    "Can you book a flight to Paris for tomorrow and send me the price? I need 2 seats.",
    "Reset my password and email me a confirmation.",
    "What is the refund policy for order 1234?",
    "Cancel my subscription and refund the last payment.",
    "Summarize the attached incident report in three bullet points.",
    "Which hotels near the conference centre have rooms available on March 3rd?",
    "Transfer $250 from my savings account to checking.",
    "Why was I charged twice this month? Please check my invoices.",
    "Translate 'where is the train station' into German.",
    "Show me the status of ticket 88121 and tell me when it will be resolved.",
    "hi",
    "I ordered a blue jacket in size M last week, order 99812, but received a red one in size L. "
    "I would like to return it and get the right one shipped before Friday because I am travelling "
    "on Saturday morning.",
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--total", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    ns = parser.parse_args()

    import windtunnel.mutations.builtin  # noqa: F401
    from windtunnel.mutations import MutationContext, generate_one, mutations

    ctx = MutationContext(custom_templates=["As my manager asked: {prompt}", "{prompt} (urgent)"])
    types = [name for name, mt in mutations.items() if mt.level == "text"]
    # Warm the lazily loaded data files so the measurement is generation, not first-use I/O.
    for name in types:
        generate_one(GOLDEN[0], name, 0, 0, ctx)

    per_type_s = dict.fromkeys(types, 0.0)
    per_type_n = dict.fromkeys(types, 0)
    chars = 0
    start = time.perf_counter()
    for i in range(ns.total):
        name = types[i % len(types)]
        golden = GOLDEN[(i // len(types)) % len(GOLDEN)]
        t0 = time.perf_counter()
        m = generate_one(golden, name, ns.seed, i, ctx)
        per_type_s[name] += time.perf_counter() - t0
        per_type_n[name] += 1
        chars += len(m.input) if isinstance(m.input, str) else sum(len(x["content"]) for x in m.input)
    total = time.perf_counter() - start

    print(f"{ns.total:,} mutations over {len(types)} text types in {total:.3f} s "
          f"({ns.total / total:,.0f} mutations/s; {chars / 1e6:.1f} M chars produced)")  # fmt: skip
    print(f"{'type':30} {'count':>6} {'mutations/s':>12}")
    for name in sorted(types, key=lambda n: per_type_n[n] / per_type_s[n]):
        print(f"{name:30} {per_type_n[name]:>6} {per_type_n[name] / per_type_s[name]:>12,.0f}")
    print("target: < 2 s total on one core:", "met" if total < 2.0 else "NOT met")


if __name__ == "__main__":
    main()
