"""The built-in decoders (importing this module registers them)."""

from __future__ import annotations

from windtunnel.leakage.views import binary, ciphers, escapes, glyphs, layout, mail, spoken, streams, web

__all__ = ["binary", "ciphers", "escapes", "glyphs", "layout", "mail", "spoken", "streams", "web"]
