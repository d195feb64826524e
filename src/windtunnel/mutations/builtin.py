"""Built-in mutation types (imported for registration)."""

from windtunnel.mutations import encoding, injection, semantic, structure, text, transport  # noqa: F401
