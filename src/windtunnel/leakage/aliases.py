"""Other ways to write a label: label-set-aware aliases and the user's alias map.

A label is matched as whole tokens in every view, and so is each of its aliases, under the same
decision (an alias that *is* a value leaks; in prose it needs a tie to the task). Which aliases apply
depends on the label set, so that a word is never read as a label it cannot be:

* a **numeric scale** (every label a whole number from 0 to 20, or its English word): ``4`` is also
  ``four`` and ``four`` is also ``4``;
* a **size scheme** (every label a size letter or size word: ``XS S M L XL XXL`` / ``small`` …):
  ``M`` is also ``medium`` and ``large`` is also ``L``;
* a **yes/no decision** (two labels, one of ``yes true y`` and one of ``no false n``): ``yes`` is also
  ``true`` and ``y``, ``no`` is also ``false`` and ``n``;
* the user's map (``--alias High=urgent``, or an item's ``aliases`` object): any label, any text,
  glyphs included.

Without a label set only the user's map applies: ``4`` alone may be a count, not a rating.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

_NUMBER_WORDS = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
]
_NUMBER_OF = {w: str(i) for i, w in enumerate(_NUMBER_WORDS)}
_SIZES: dict[str, tuple[str, ...]] = {
    "xxs": ("extra extra small", "xx-small"),
    "xs": ("extra small", "x-small"),
    "s": ("small",),
    "m": ("medium",),
    "l": ("large",),
    "xl": ("extra large", "x-large"),
    "xxl": ("extra extra large", "xx-large", "2xl"),
    "xxxl": ("xxx-large", "3xl"),
}
_SIZE_OF = {w: letter for letter, words in _SIZES.items() for w in words}
_YES = ("yes", "true", "y")
_NO = ("no", "false", "n")


def _key(label: str) -> str:
    return " ".join(label.casefold().split())


def _numeric(labels: Sequence[str]) -> bool:
    return all((k.isdigit() and int(k) <= 20) or k in _NUMBER_OF for k in map(_key, labels))


def _sized(labels: Sequence[str]) -> bool:
    return all(k in _SIZES or k in _SIZE_OF for k in map(_key, labels))


def _yes_no(labels: Sequence[str]) -> bool:
    keys = [_key(lab) for lab in labels]
    return len(keys) == 2 and sorted(k in _YES for k in keys) == [False, True] and any(k in _NO for k in keys)


def label_aliases(label: str, label_set: Sequence[str], user: Mapping[str, Sequence[str]] | None = None) -> list[str]:
    """The other ways to write ``label`` given its label set and the user's map (never ``label`` itself)."""
    out: list[str] = []
    key = _key(label)
    if len(label_set) >= 2 and _numeric(label_set):
        if key.isdigit() and int(key) < len(_NUMBER_WORDS):
            out.append(_NUMBER_WORDS[int(key)])
        elif key in _NUMBER_OF:
            out.append(_NUMBER_OF[key])
    if len(label_set) >= 2 and _sized(label_set):
        if key in _SIZES:
            out.extend(_SIZES[key])
        elif key in _SIZE_OF:
            out.append(_SIZE_OF[key].upper())
    if _yes_no(label_set):
        out.extend(w for w in (_YES if key in _YES else _NO if key in _NO else ()) if w != key)
    if user:
        for name, values in user.items():
            if _key(name) == key:
                out.extend(str(v) for v in values)
    return [a for a in dict.fromkeys(out) if a.strip() and _key(a) != key]


def parse_alias_options(pairs: Sequence[str]) -> dict[str, list[str]]:
    """``["High=urgent", "High=P1", "Low=🐢"]`` → ``{"High": ["urgent", "P1"], "Low": ["🐢"]}``.

    Raises ``ValueError`` naming a pair without ``=`` or with an empty side.
    """
    out: dict[str, list[str]] = {}
    for pair in pairs:
        label, sep, alias = pair.partition("=")
        if not sep or not label.strip() or not alias.strip():
            raise ValueError(f"--alias {pair!r} is not LABEL=ALIAS")
        out.setdefault(label.strip(), []).append(alias.strip())
    return out
