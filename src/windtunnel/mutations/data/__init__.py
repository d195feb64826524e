"""Bundled data files for the deterministic mutation generators (loaded lazily)."""
