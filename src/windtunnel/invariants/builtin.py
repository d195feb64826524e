"""Built-in invariants plugins (imported for registration)."""
