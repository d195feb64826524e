"""The built-in decoders (importing this module registers them).

Each module below registers its decoders with :func:`~windtunnel.leakage.views.registry.decoder` when
imported; :mod:`windtunnel.leakage.views` imports this module once, so every user of the pipeline sees
the same set. Their ``order`` fixes the pipeline's order and therefore which view names a hit first:
``html`` 10, ``url`` 20, ``escape`` 30, ``mime_lines`` 35, ``base64`` 40, ``base32`` 45, ``hex`` 50,
``rfc2047`` 55, ``qp`` 60, ``unfold`` 70, ``hyphenation`` 75, ``markup`` 80, ``rating_glyphs`` 85.

A new encoding is a new decoder in one of these modules (or a new module listed here), not a branch in
the scan: the scan never knows which decoder produced a view, only the view's name and offset map.
"""

from __future__ import annotations

from windtunnel.leakage.views import binary, escapes, glyphs, layout, mail, web

__all__ = ["binary", "escapes", "glyphs", "layout", "mail", "web"]
