"""Built-in chaos plugins (imported for registration)."""

from windtunnel.chaos import attacks, llm_answer_faults, llm_faults, tool_faults

__all__ = ["attacks", "llm_answer_faults", "llm_faults", "tool_faults"]
