"""Runnable example agents and configs used by the README, ``make demo`` and the tests."""
