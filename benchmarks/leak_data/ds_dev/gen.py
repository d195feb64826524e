"""The development fixture of ``benchmarks/leak_blind_datasets.py``: four whole datasets, two leaking, two clean.

Written by the benchmark's author (not blind): it exists to build and test the benchmark, not to measure the
auditor. ``python benchmarks/leak_data/ds_dev/gen.py`` rewrites the files beside it (deterministic).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

HERE = Path(__file__).resolve().parent
NAMES = ["Ana Ruiz", "Bo Chen", "Cal Okafor", "Dee Novak", "Eli Haddad", "Fay Lund", "Gus Moreau", "Hana Sato"]
PRODUCTS = ["Ledger", "Atlas CRM", "Beacon", "Quill", "Harbor API", "Sprocket", "Tandem", "Vista"]


def _pick(rng: random.Random, weights: dict[str, float]) -> str:
    return rng.choices(list(weights), weights=list(weights.values()))[0]


def _ts(rng: random.Random) -> str:
    return (
        f"2026-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}T{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:00Z"
    )


def _signal(rng: random.Random, pools: dict[str, list[str]], label: str, keep: float = 0.7) -> str:
    """A phrase from the label's own pool most of the time (the task's legitimate signal), else from any pool."""
    pool = pools[label] if rng.random() < keep else pools[rng.choice(list(pools))]
    return rng.choice(pool)


# ---------------------------------------------------------------- 1. a code that rides with the label

DESK_PHRASES = {
    "Low": [
        "a typo on the settings page",
        "a request to change my avatar colour",
        "a question about the docs",
        "the footer link points to last year's blog",
        "a tooltip that is slightly misaligned",
    ],
    "Medium": [
        "exports take a few minutes longer than usual",
        "one report shows yesterday's totals",
        "search misses a few older records",
        "the mobile layout overlaps on small screens",
    ],
    "High": [
        "checkout fails for some customers",
        "invoices are not being sent to clients",
        "logins time out for the whole sales team",
        "data sync stopped for one region",
    ],
    "Critical": [
        "the whole platform is down for every customer",
        "we see data loss after the last deploy",
        "payments are charged twice for everyone",
        "a security breach exposes customer records",
    ],
}
SLA = {"Low": ("P4", "72H"), "Medium": ("P3", "24H"), "High": ("P2", "8H"), "Critical": ("P1", "1H")}


def desk_sla_code(rng: random.Random, n: int = 120) -> tuple[list[dict], dict]:
    rows = []
    for i in range(1, n + 1):
        label = _pick(rng, {"Low": 38, "Medium": 34, "High": 19, "Critical": 9})
        leak = rng.random() < 0.6
        product = rng.choice(PRODUCTS)
        when = rng.choice(["since this morning", "after the update", "today"])
        bye = rng.choice(["Thanks.", "Please advise.", "Regards."])
        ticket = {
            "key": f"OPS-{rng.randint(1000, 9999)}",
            "summary": f"{product}: {rng.choice(['issue', 'problem', 'report', 'question'])}",
            "description": f"Hi team, {when} {_signal(rng, DESK_PHRASES, label)} in {product}. {bye}",
            "reporter": rng.choice(NAMES),
            "created": _ts(rng),
            "priority": None,
        }
        if leak:  # the SLA policy the help desk attached on intake, derived from the priority it already set
            code, hours = SLA[label]
            ticket["sla_policy"] = f"SLA-{code}-{hours}" if rng.random() < 0.7 else f"{code.lower()}_{hours.lower()}"
        rows.append(
            {
                "id": f"desk_sla_code-{i:04d}",
                "expected": label,
                "label_set": ["Low", "Medium", "High", "Critical"],
                "target": "priority",
                "projection": {
                    "instructions": "Set the ticket's priority: one of Low, Medium, High, Critical.",
                    "ticket": ticket,
                },
                "truth": {"leak": leak},
            }
        )
    meta = {"derive_from": ["/ticket/description", "/ticket/summary"], "note": "priority from the description"}
    return rows, meta


# ---------------------------------------------------------------- 2. an upstream step's output, sometimes

CHAT_PHRASES = {
    "refund": [
        "I want my money back for the last order",
        "please return the charge on my card",
        "the item arrived broken, I need the payment returned",
    ],
    "cancel": [
        "please stop my subscription at the end of the month",
        "I no longer need the account, close it",
        "end my plan, I am moving to another provider",
    ],
    "upgrade": [
        "how do I move to the bigger plan",
        "we need more seats for the team",
        "can I switch to the annual business tier",
    ],
    "question": ["where can I find the invoices", "does the app work offline", "what time zone are the reports in"],
}
QUEUES = {"refund": "RFD", "cancel": "CXL", "upgrade": "UPS", "question": "GEN"}


def chat_intent_upstream(rng: random.Random, n: int = 120) -> tuple[list[dict], dict]:
    rows = []
    for i in range(1, n + 1):
        label = _pick(rng, {"question": 40, "refund": 25, "cancel": 20, "upgrade": 15})
        leak = rng.random() < 0.45
        steps = [
            {
                "tool": "fetch_conversation",
                "output": {
                    "messages": [
                        {
                            "from": "customer",
                            "text": f"Hello, {_signal(rng, CHAT_PHRASES, label)}. Order {rng.randint(10000, 99999)}.",
                        },
                        {"from": "bot", "text": "Thanks, an agent will pick this up shortly."},
                    ]
                },
            },
            {
                "tool": "crm_lookup",
                "output": {
                    "customer_id": f"C{rng.randint(100000, 999999)}",
                    "plan": rng.choice(["basic", "team", "pro"]),
                    "since": _ts(rng)[:10],
                },
            },
        ]
        if leak:  # the router ran on this conversation before the eval step: its output names the intent
            if rng.random() < 0.5:
                out = f"queue={QUEUES[label]}-{rng.randint(1, 3)} confidence={rng.uniform(0.7, 0.99):.2f}"
            else:
                out = {"routed_to": f"{label}_desk", "score": round(rng.uniform(0.7, 0.99), 2)}
            steps.insert(1, {"tool": "router_v2", "output": out})
        rows.append(
            {
                "id": f"chat_intent_upstream-{i:04d}",
                "expected": label,
                "label_set": ["refund", "cancel", "upgrade", "question"],
                "target": "intent",
                "projection": {"task": "Classify the customer's intent.", "steps": steps},
                "truth": {"leak": leak},
            }
        )
    return rows, {"derive_from": ["text"], "note": "intent from the customer's message"}


# ---------------------------------------------------------------- 3. clean: label words in other roles

CLAIM_PHRASES = {
    "approve": [
        "a burst pipe flooded the kitchen, photos and plumber's invoice attached",
        "hail dented the roof, the adjuster's photos show the damage",
        "a fallen tree broke the garage door during the storm",
    ],
    "deny": [
        "the damage happened before the policy started",
        "wear and tear on an old water heater",
        "the receipts do not match the items listed",
    ],
}


def claims_clean(rng: random.Random, n: int = 120) -> tuple[list[dict], dict]:
    rows = []
    for i in range(1, n + 1):
        label = _pick(rng, {"approve": 64, "deny": 36})
        rows.append(
            {
                "id": f"claims_clean-{i:04d}",
                "expected": label,
                "label_set": ["approve", "deny"],
                "target": "decision",
                "projection": {
                    "instructions": "Decide whether to approve or deny the claim. Answer approve or deny.",
                    "policy_excerpt": "Sudden accidental damage is covered; claims are denied for gradual wear.",
                    "claim": {
                        "id": f"CLM-{rng.randint(100000, 999999)}",
                        "filed": _ts(rng),
                        "adjuster": rng.choice(NAMES),
                        # a work queue drawn at random: label words in a role that does not give the answer
                        "queue": rng.choice(["approvals-east", "approvals-west", "denials-review", "intake"]),
                        "amount": round(rng.uniform(300, 20000), 2),
                        "narrative": f"Claimant reports {_signal(rng, CLAIM_PHRASES, label, 0.75)}.",
                    },
                    "history": [
                        {"claim": f"CLM-{rng.randint(100000, 999999)}", "outcome": rng.choice(["approved", "denied"])}
                        for _ in range(rng.randint(0, 2))
                    ],
                },
                "truth": {"leak": False},
            }
        )
    return rows, {"derive_from": ["narrative"], "note": "the decision from the claim's narrative and the policy"}


REVIEW_PHRASES = {
    "positive": ["works great and arrived early", "love it, would buy again", "excellent quality for the price"],
    "neutral": ["it does the job, nothing special", "fine, though the box was dented", "okay for occasional use"],
    "negative": ["broke after two days", "terrible, the strap snapped at once", "not as described, very disappointed"],
}


REVIEW_TITLES = {
    "positive": ["Love it", "Great buy", "Excellent gloves", "Five stars from me"],
    "neutral": ["It is fine", "Does the job", "Average at best"],
    "negative": ["Terrible", "Broke in a week", "Do not buy"],
}


def reviews_clean(rng: random.Random, n: int = 120) -> tuple[list[dict], dict]:
    rows = []
    for i in range(1, n + 1):
        label = _pick(rng, {"positive": 52, "neutral": 20, "negative": 28})
        extra = rng.choice(["", "Shipping was quick.", "Bought as a gift."])
        rows.append(
            {
                "id": f"reviews_clean-{i:04d}",
                "expected": label,
                "label_set": ["positive", "neutral", "negative"],
                "target": "sentiment",
                "projection": {
                    "prompt": "Label the review's sentiment as positive, neutral or negative.",
                    "review": {
                        "sku": f"SKU-{rng.randint(10000, 99999)}",
                        "product": rng.choice(["Trail Gloves", "Neutral Density Filter", "Desk Lamp", "Yoga Mat"]),
                        "rating_scale": "1-5",
                        "verified": rng.random() < 0.8,
                        "title": _signal(rng, REVIEW_TITLES, label, 0.97),  # short, and the task's own input
                        "body": f"{_signal(rng, REVIEW_PHRASES, label, 0.75).capitalize()}. {extra}",
                        "posted": _ts(rng),
                        "helpful_votes": rng.randint(0, 40),
                        "batch": f"B{rng.randint(1, 9)}",  # an import batch, at random: no label rides with it
                    },
                    "store_notes": rng.choice(
                        [
                            "battery tested negative for defects",
                            "packaging: neutral colours",
                            "",
                            "positive cash balance on gift card",
                        ]
                    ),
                },
                "truth": {"leak": False},
            }
        )
    return rows, {"derive_from": ["body", "/review/title"], "note": "sentiment from the review's title and body"}


def main() -> None:
    rng = random.Random(20261130)
    for build in (desk_sla_code, chat_intent_upstream, claims_clean, reviews_clean):
        rows, meta = build(rng)
        name = build.__name__
        (HERE / f"{name}.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
        (HERE / f"{name}.meta.json").write_text(json.dumps(meta, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
