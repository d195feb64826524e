"""A hand-written corpus of eval items: real-looking tool outputs with planted leaks and clean controls.

Every record below is written for these tests (no downloaded data). Each *base* record is what a
ticketing / docs / chat tool returns with the answer removed; each *plant* puts the answer back
through one channel in one representation. ``leaky_items()`` yields one item per (base, plant) pair
that fits; ``clean_items()`` yields the bases untouched (they contain realistic confounders: the word
"high" in another sense, a size "M" next to "Medium", a label set spelled out in the instructions).
"""

from __future__ import annotations

import base64
import copy
import json
from collections.abc import Callable, Iterator
from typing import Any

PRIORITIES = ["Low", "Medium", "High", "Highest"]


def _adf(*paragraphs: str) -> dict[str, Any]:
    return {
        "type": "doc",
        "version": 1,
        "content": [{"type": "paragraph", "content": [{"type": "text", "text": p}]} for p in paragraphs],
    }


def jira_ticket(key: str, summary: str, body: str) -> dict[str, Any]:
    """A Jira-like issue: markdown rendering of the description plus its ADF twin."""
    return {
        "tool": "get_ticket",
        "output": {
            "key": key,
            "self": f"https://tickets.example.test/rest/api/3/issue/{key}",
            "fields": {
                "summary": summary,
                "description": body,
                "descriptionAdf": _adf(*[p for p in body.split("\n\n") if p]),
                "status": {"name": "Open", "id": "1"},
                "reporter": {"displayName": "Dana Ruiz", "emailAddress": "dana@example.test"},
                "created": "2024-03-05T09:12:44Z",
                "labels": ["web", "auth"],
                "comment": {"comments": [{"author": "Sam", "body": "Looking into it now."}]},
            },
        },
    }


BASES: list[dict[str, Any]] = [
    {
        "id": "jira-login",
        "expected": "High",
        "target": "priority",
        "projection": jira_ticket(
            "WEB-4411",
            "Login broken after deploy",
            "Users can't sign in since 14:00.\n\nError rate on /auth is 38%; the high CPU alert fired once.",
        ),
    },
    {
        "id": "jira-typo",
        "expected": "Low",
        "target": "priority",
        "projection": jira_ticket(
            "WEB-4420",
            "Typo on the pricing page",
            "The word 'anual' should read 'annual' in the FAQ.\n\nNo customer impact reported.",
        ),
    },
    {
        "id": "jira-export",
        "expected": "Medium",
        "target": "priority",
        "projection": jira_ticket(
            "DATA-118",
            "CSV export drops the last row",
            "Exports of 1,000 rows or more lose the final line.\n\nWorkaround: export twice and merge.",
        ),
    },
    {
        "id": "notion-size",
        "expected": "M",
        "label_set": ["XS", "S", "M", "L", "XL"],
        "target": "size",
        "projection": {
            "object": "page",
            "properties": {"Title": {"title": [{"plain_text": "Estimate: search filters"}]}},
            "children": [
                {
                    "object": "block",
                    "type": "paragraph",
                    "paragraph": {
                        "rich_text": [
                            {
                                "type": "text",
                                "text": {"content": "Read the Medium post on faceted search first."},
                                "plain_text": "Read the Medium post on faceted search first.",
                            }
                        ]
                    },
                },
                {
                    "object": "block",
                    "type": "paragraph",
                    "paragraph": {
                        "rich_text": [
                            {
                                "type": "text",
                                "text": {"content": "Sizes: XS, S, M, L or XL. Pick one for the sprint."},
                                "plain_text": "Sizes: XS, S, M, L or XL. Pick one for the sprint.",
                            }
                        ]
                    },
                },
            ],
        },
    },
    {
        "id": "slack-refund",
        "expected": "Billing",
        "label_set": ["Billing", "Technical", "Account", "Other"],
        "target": "category",
        "projection": [
            {
                "tool": "slack.history",
                "output": {
                    "text": "Customer says they were charged twice for March.",
                    "blocks": [
                        {
                            "type": "section",
                            "text": {
                                "type": "mrkdwn",
                                "text": "Customer says they were *charged twice* for March.",
                            },
                        }
                    ],
                    "user": "U024BE7LH",
                    "ts": "1712345678.000200",
                },
            }
        ],
    },
    {
        "id": "email-spam",
        "expected": "true",
        "label_set": ["true", "false"],
        "projection": {
            "instructions": "Return true if the message is spam, otherwise false.",
            "message": {
                "from": "promo@deals.example.test",
                "subject": "You won a cruise",
                "html": ("<p>Dear user,</p><p>Click <a href='https://deals.example.test/x'>here</a> to claim.</p>"),
            },
        },
    },
    {
        "id": "order-date",
        "expected": "2024-03-05",
        "projection": {
            "order": {"id": "A-99812", "items": [{"sku": "KB-01", "qty": 2, "price": 49.5}]},
            "question": "On which date was the order shipped?",
            "notes": "Carrier pickup was rescheduled twice.",
        },
    },
    {
        "id": "hindi-sentiment",
        "expected": "नकारात्मक",
        "label_set": ["सकारात्मक", "नकारात्मक", "तटस्थ"],
        "projection": {"review": "डिलीवरी बहुत देर से हुई और पैकेट टूटा हुआ था।", "stars_hidden": True},
    },
    {
        "id": "french-intent",
        "expected": "résiliation",
        "label_set": ["résiliation", "facturation", "assistance"],
        "projection": {"message": "Bonjour, je souhaite arrêter mon abonnement à la fin du mois. Merci."},
    },
]


def _jira_out(item: dict[str, Any]) -> dict[str, Any]:
    return item["projection"]["output"]  # type: ignore[no-any-return]


def _first_str_holder(proj: Any) -> tuple[Any, Any]:
    """A (container, key) of some string in the projection where prose lives."""
    if isinstance(proj, dict) and "output" in proj and isinstance(proj["output"], dict):
        fields = proj["output"].get("fields")
        if isinstance(fields, dict):
            return fields["comment"]["comments"][0], "body"
    if isinstance(proj, list):
        return proj[0]["output"], "text"
    if isinstance(proj, dict):
        for k, v in proj.items():
            if isinstance(v, str):
                return proj, k
        for v in proj.values():
            if isinstance(v, dict):
                for k, w in v.items():
                    if isinstance(w, str):
                        return v, k
    raise ValueError("no string to plant into")


def _add_field(item: dict[str, Any], key: str, value: Any) -> None:
    proj = item["projection"]
    if isinstance(proj, list):
        proj[0]["output"][key] = value
    elif "output" in proj:
        proj["output"]["fields"][key] = value
    else:
        proj[key] = value


def plant_direct_field(item: dict[str, Any]) -> None:
    _add_field(
        item,
        "priority",
        {
            "self": "https://tickets.example.test/rest/api/3/priority/2",
            "iconUrl": "https://tickets.example.test/images/p.svg",
            "name": item["expected"],
            "id": "2",
        },
    )


def plant_upstream(item: dict[str, Any]) -> None:
    _add_field(item, "aiCategory", f"Support/{item['expected']}")


def plant_upstream_path_only(item: dict[str, Any]) -> None:
    _add_field(item, "routing", f"Queue > Triage > {item['expected']}")


def plant_correlated(item: dict[str, Any]) -> None:
    item["correlated_values"] = ["SLA-P1-7x24"]
    _add_field(item, "sla", "SLA-P1-7x24")


def plant_keyvalue_prose(item: dict[str, Any]) -> None:
    holder, key = _first_str_holder(item["projection"])
    holder[key] = holder[key] + f"\nTriage note: {item['expected']}\nThanks"


def plant_markdown_and_adf_twin(item: dict[str, Any]) -> None:
    if "output" not in item["projection"] or "fields" not in item["projection"]["output"]:
        raise LookupError
    fields = _jira_out(item)["fields"]
    sentence = f"Agreed in standup, priority: **{item['expected']}**."
    fields["description"] += "\n\n" + sentence
    fields["descriptionAdf"]["content"].append(
        {"type": "paragraph", "content": [{"type": "text", "text": sentence.replace("**", "")}]}
    )


def plant_embedded_json(item: dict[str, Any]) -> None:
    _add_field(item, "raw_payload", json.dumps({"meta": {"label": item["expected"], "by": "rules-v2"}}))


def plant_base64(item: dict[str, Any]) -> None:
    _add_field(item, "trace", base64.b64encode(str(item["expected"]).encode()).decode())


def plant_date_prose(item: dict[str, Any]) -> None:
    if item["expected"] != "2024-03-05":
        raise LookupError
    holder, key = _first_str_holder(item["projection"])
    holder[key] += " It left the Leeds depot on March 5th, 2024 in the afternoon."


def plant_zero_width(item: dict[str, Any]) -> None:
    exp = str(item["expected"])
    hidden = exp[0] + "\u200b" + exp[1:] if len(exp) > 1 else exp + "\u00ad"
    _add_field(item, "status_line", hidden)


def plant_html_entity(item: dict[str, Any]) -> None:
    exp = str(item["expected"])
    encoded = "".join(f"&#{ord(c)};" for c in exp)
    _add_field(item, "html_note", f"<p>Resolution class: <b>{encoded}</b></p>")


def plant_key(item: dict[str, Any]) -> None:
    _add_field(item, "escalation", {str(item["expected"]): True})


PLANTS: dict[str, Callable[[dict[str, Any]], None]] = {
    "direct-field": plant_direct_field,
    "upstream-field": plant_upstream,
    "upstream-path": plant_upstream_path_only,
    "correlated": plant_correlated,
    "kv-prose": plant_keyvalue_prose,
    "md-adf-twin": plant_markdown_and_adf_twin,
    "embedded-json": plant_embedded_json,
    "base64": plant_base64,
    "zero-width": plant_zero_width,
    "html-entity": plant_html_entity,
    "key": plant_key,
    "date-prose": plant_date_prose,
}
EXPECTED_CHANNEL = {
    "direct-field": "direct",
    "upstream-field": "upstream",
    "upstream-path": "upstream",
    "correlated": "correlated",
    "kv-prose": "freetext",
    "md-adf-twin": "freetext",
    "embedded-json": "direct",
    "base64": "direct",
    "zero-width": "direct",
    "html-entity": "freetext",
    "key": "direct",
    "date-prose": "freetext",
}


def leaky_items() -> Iterator[tuple[str, dict[str, Any]]]:
    """``(plant name, item)`` for every base and every plant that applies to it."""
    for base in BASES:
        for name, plant in PLANTS.items():
            item = copy.deepcopy(base)
            try:
                plant(item)
            except LookupError:
                continue
            item["id"] = f"{base['id']}+{name}"
            yield name, item


def clean_items() -> Iterator[dict[str, Any]]:
    for base in BASES:
        yield copy.deepcopy(base)
