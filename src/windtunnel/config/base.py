"""Base model for every configuration object (defined in :mod:`windtunnel._util.model`)."""

from windtunnel._util.model import StrictModel

__all__ = ["StrictModel"]
