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


def retry_forever(prompt: str) -> str:
    """The other planted defect: retry a failing tool until it answers (a tool that is down makes the agent hang past
    any sensible ``agent.timeout``). It gives up after two seconds only so that its thread, which the timeout leaves
    running, ends soon after the test."""
    import time  # only this agent waits between its retries

    deadline = time.monotonic() + 2.0
    while True:
        try:
            return f"Your balance: {TOOLS['get_balance']('ACC-1')}"
        except Exception:  # the defect: any failure is retried
            if time.monotonic() > deadline:
                raise
            time.sleep(0.01)
