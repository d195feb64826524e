"""A tiny python agent that trusts its tool: it relays whatever ``get_balance`` answers (the QA-11 lying-tool
incident), for the replay tests of ``when: tool_faults_active``."""

from __future__ import annotations


def get_balance(account: str) -> str:
    """The real tool: a balance."""
    return f"{account}: 120 EUR"


TOOLS = {"get_balance": get_balance}


def handle(prompt: str) -> str:
    """Answer with the tool's text as it is (the planted defect: a lying tool's text reaches the user)."""
    return f"Your balance: {TOOLS['get_balance']('ACC-1')}"
