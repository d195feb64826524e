"""The built-in decoders (importing this module registers them).

Each module below registers its decoders with :func:`~windtunnel.leakage.views.registry.decoder` when
imported; :mod:`windtunnel.leakage.views` imports this module once, so every user of the pipeline sees
the same set. Their ``order`` fixes the pipeline's order and therefore which view names a hit first:
the web decoders first (``html`` 10, ``url`` 20), then escapes, the binary encodings, the mail forms
and layout, with tags inside a word and the rating glyphs last;
:func:`~windtunnel.leakage.views.registry.ordered` gives the current list.

A new encoding is a new decoder in one of these modules (or a new module listed here), not a branch in
the scan: the scan never knows which decoder produced a view, only the view's name and offset map.
"""

from __future__ import annotations

from windtunnel.leakage.views import (
    binary,
    blocks,
    bytelists,
    charsets,
    ciphers,
    css,
    escapes,
    glyphs,
    layout,
    letterforms,
    letters,
    literals,
    mail,
    pdf,
    references,
    rtf,
    signals,
    spoken,
    streams,
    terminal,
    unicode_forms,
    web,
)

__all__ = [
    "binary",
    "blocks",
    "bytelists",
    "charsets",
    "ciphers",
    "css",
    "escapes",
    "glyphs",
    "layout",
    "letterforms",
    "letters",
    "literals",
    "mail",
    "pdf",
    "references",
    "rtf",
    "signals",
    "spoken",
    "streams",
    "terminal",
    "unicode_forms",
    "web",
]
