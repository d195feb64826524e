"""Layout that breaks a word: end-of-line hyphenation and a soft hyphen at a line end.

Text extracted from a PDF or a wrapped e-mail splits words at line ends (``Hi-\\ngh``). Only a hyphen
between two letters at a line end is joined, so a list item ``- High`` or a range ``3-\\n4`` stays as
it is; the joined word must then still match as a whole token, so ``High-\\nway`` never reads ``High``.
"""

from __future__ import annotations

import re

from windtunnel.leakage.views.registry import Replacement, decoder

# ``Hi-\ngh`` / ``Hi\u00ad\ngh``: a letter, a hyphen (or soft hyphen) at the end of a line, a letter.
_HYPHEN_RE = re.compile(r"(?<=[^\W\d_])[-\u00ad\u2010][ \t]*\r?\n[ \t]*(?=[^\W\d_])")


@decoder("hyphenation", order=75, marker=lambda t: "\n" in t)
def hyphenation(text: str) -> list[Replacement]:
    """The two halves of a hyphenated word joined (``High-\\nway`` is not ``High``: whole tokens only)."""
    return [(mt.start(), mt.end(), "") for mt in _HYPHEN_RE.finditer(text)]
