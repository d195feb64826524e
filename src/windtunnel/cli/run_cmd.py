"""``windtunnel run``: golden prompts (and later mutations / chaos) → invariants → score."""

from __future__ import annotations

from windtunnel.cli.app import app


@app.command("run")
def run() -> None:
    """Run golden prompts against the agent and check invariants."""
    from windtunnel._util.errors import UsageError

    raise UsageError("not implemented yet")
