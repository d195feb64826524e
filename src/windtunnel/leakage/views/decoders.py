"""The built-in decoders (importing this module registers them)."""

from __future__ import annotations

from windtunnel.leakage.views import binary, escapes, glyphs, layout, mail, web

__all__ = ["binary", "escapes", "glyphs", "layout", "mail", "web"]
