"""The support agent over HTTP with its tools behind a separate HTTP service: both in one process.

    python -m examples.support_agent.stack --port 8765 [--variant robust|unfixed|leaky]

The tool service starts on a free port and the agent's tools call it over HTTP (``SUPPORT_TOOLS_URL``),
so with ``HTTP_PROXY`` set (as windtunnel does when it launches ``agent.command``) every tool call goes
through windtunnel's fault proxy. Prints ``listening on http://HOST:PORT`` once the agent is ready.
"""

from __future__ import annotations

import os
import sys

from examples.support_agent import server, tool_service


def main(argv: list[str] | None = None) -> int:
    tools, tools_url = tool_service.serve_in_thread(0)
    os.environ["SUPPORT_TOOLS_URL"] = tools_url
    try:
        return server.main(argv)
    finally:
        tools.shutdown()
        tools.server_close()


if __name__ == "__main__":
    sys.exit(main())
