"""Environment chaos: faults at the agent's real seams (tools, LLM), context attacks, profiles."""
