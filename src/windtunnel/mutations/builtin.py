"""Built-in mutations plugins (imported for registration)."""
