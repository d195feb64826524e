"""Machinery shared by the domain packages: registries, errors, seeding, async helpers."""
