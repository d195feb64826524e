"""Built-in chaos plugins (imported for registration)."""
