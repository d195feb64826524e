"""A deterministic, offline, tool-using customer-support agent: windtunnel's reference agent.

Entry points live in :mod:`examples.support_agent.agent` (``handle``, ``ahandle``,
``handle_messages``, ``handle_unfixed``, ``handle_leaky``, ``reset``); the tools in
:mod:`examples.support_agent.tools`; the LLM client in :mod:`examples.support_agent.llm`.
Submodules are not imported here so that ``tools`` and ``llm`` stay the single place
where a harness replaces them.
"""
