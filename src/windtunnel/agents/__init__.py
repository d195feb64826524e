"""Agent protocol and adapters (python, http, openai_chat)."""
