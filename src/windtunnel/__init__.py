"""windtunnel: put AI agents and their evals under controlled stress and measure them honestly."""

from windtunnel._version import __version__

__all__ = ["__version__"]
