"""Other ways to write a label: label-set-aware aliases and the user's alias map.

A label is matched as whole tokens in every view, and so is each of its aliases, under the same
decision (an alias that *is* a value leaks; in prose it needs a tie to the task). Which aliases apply
depends on the label set, so that a word is never read as a label it cannot be:

* a **numeric scale** (every label a whole number from 0 to 20, or its English word; one other label
  beside three numbers or more, ``HC`` above categories ``1`` to ``4``, gets nothing): ``4`` is also
  ``four``, ``fourth`` and ``4th`` (and ``IV``: a Roman numeral of two letters or more; ``I``, ``V``,
  ``X`` are words and letters; and, from the lexicon, ``vier``, ``quatre``, ``四`` …) and ``four`` is
  also ``4``;
* a **coded scale** (every label one prefix of letters and a distinct number: ``Sev1``–``Sev4``,
  ``P0``–``P3``, ``S-1``): ``Sev3`` is also ``Sev-3``, ``Sev three``, ``SEV-III``, and, with a noun of
  a scale that the prefix begins (``severity``, ``priority`` …), ``severity three``, ``severity level
  III``;
* a **counted scale** (three labels or more a distinct number and one unit, ``1 star`` … ``5 stars``; one
  label of another shape beside them, ``Reject``, gets nothing): ``5 stars`` is also ``5``, a derived
  spelling (a value only under a name naming the task or the answer, or a cryptic one);
* a **size scheme** (every label a size letter or size word: ``XS S M L XL XXL`` / ``small`` …):
  ``M`` is also ``medium`` and ``large`` is also ``L``;
* a **yes/no decision** (two labels, one of ``yes true y`` and one of ``no false n``): ``yes`` is also
  ``true`` and ``y``, ``no`` is also ``false`` and ``n``;
* a **lexicon family** (:mod:`.lexicon`, a data file): a set whose labels name concepts of one
  family of common label vocabularies (levels, sentiment, sizes, yes/no, spam, ticket categories,
  pass/fail) brings each label's synonyms, paraphrases, translations and loanwords (``unfavourable``,
  ``junk mail``, ``Niedrig``, ``ハイ``, ``엑스엘``), except a word two labels of the set share;
* a **public code system** (:func:`~windtunnel.leakage.lexicon.code_spellings`: syslog and logging
  level numbers, CVSS / AQI / BMI bands, status colours and hex values, HL7 table codes …): not an
  alias of this module but a value-only derived needle of the scan (``Needle.names``), tied by its
  system's naming words;
* an **identifier's words** (any label set, or none): a label written as one identifier of two words or more
  (``billing_dispute``, ``billing-dispute``, ``billingDispute``, ``BILLING_DISPUTE``) is also those words
  (``billing dispute``), and a label of two words or more is also the words joined by ``-``
  (``billing-dispute``): one label in another case convention, not another word, so it is a full alias
  (:func:`identifier_spellings`); the identifier view already finds the words in ``billing_dispute`` and
  ``BillingDispute`` once they are a needle;
* the user's map (``--alias High=urgent``, or an item's ``aliases`` object): any label, any text,
  glyphs included. It overrides the lexicon: a text the user gives to one label is no lexicon
  alias of another.

Without a label set only the user's map applies: ``4`` alone may be a count, not a rating.

**Abbreviations** (:func:`label_abbreviations`) are apart: a prefix of three to five letters of a
word label (or of its word alias: ``M`` → ``medium`` → ``MED``) that no other label of the set
begins with (``EMERG``, ``TECH``, ``NEU``, ``ELEV``). They count only where a label is a value (a
whole field, a key-value pair, a table cell), never in prose, where ``tech`` or ``med`` are words.

Why the label set decides: an alias widens what counts as the answer, and every widening is a chance
of a false leak. ``4`` and ``four`` are the same answer on a 1–5 rating and two unrelated words in a
ticket about four servers; ``y`` is "yes" only when the task is a yes/no decision. Deriving aliases
from the set (rather than a global synonym list) keeps each one tied to a task where it can only mean
the label. The lexicon's words are chosen by the set in the same way (``medium`` is a level in
``{Low, Medium, High}``, a size in ``{S, M, L}``), and, having ordinary senses (``high season``,
``critical path``), they are derived spellings (:func:`derived_alias`): evidence only under a tie to
the task or the answer. Anything a domain needs beyond these is the user's map, matched by the same
rules; ``leak mine`` finds what no list names, with evidence from the data.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache

from windtunnel.leakage.lexicon import is_lexicon_alias, lexicon_aliases, number_words

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
_ORDINAL_WORDS = [
    "zeroth",
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
    "eleventh",
    "twelfth",
    "thirteenth",
    "fourteenth",
    "fifteenth",
    "sixteenth",
    "seventeenth",
    "eighteenth",
    "nineteenth",
    "twentieth",
]
_ROMAN = ["", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"]
_ROMAN_OF = {r: i for i, r in enumerate(_ROMAN) if r} | {"X" + r: 10 + i for i, r in enumerate(_ROMAN) if r}
_ROMAN_OF["XX"] = 20
_ROMAN_FOR = {i: r for r, i in _ROMAN_OF.items()}
_CODED = re.compile(r"([^\W\d_]{1,8})([ _-]?)(\d{1,2})")
_SCALE_NOUNS = ("priority", "severity", "urgency", "tier", "level")
"""Nouns of a ranked scale that a coded label's prefix may abbreviate (``Sev`` → ``severity``, ``P`` →
``priority``). Not ``phase``, ``stage``, ``size``: "phase one" is ordinary English."""
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
    """A label compared as written aside: case-folded, blanks collapsed."""
    return " ".join(label.casefold().split())


_SEPARATOR_RE = re.compile(r"[_\-]+")
_HUMP_RE = re.compile(r"(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
"""Where an identifier's words meet: ``_`` or ``-``; else a camelCase hump or the end of an acronym (``HTTPError``)."""
_HUMP_WORD = 3
"""Letters each part of a camelCase label needs: ``ReFund`` is one word in odd case, ``billingDispute`` two."""
_ASCII_LETTER_RE = re.compile(r"[A-Za-z]")
"""A letter of ASCII text (what ``str.isalpha`` holds of an ASCII character)."""


@lru_cache(maxsize=4096)
def identifier_spellings(label: str) -> tuple[str, ...]:
    """``label``'s own words in the other case conventions: ``billing_dispute`` → ``billing dispute`` (matched in
    prose and, through the identifier view, in ``BillingDispute``), ``Billing Dispute`` → ``Billing-Dispute``.

    Only for a label of two words or more, two of them of two letters or more: ``A-1`` or ``Sev-3`` is a code
    whose parts are no words (``a 1`` is prose), and the coded scale has their spellings. A label without ``_``,
    ``-`` or a blank is split at its humps only when each part is a word of three letters or more (``ReFund`` is
    a word written in mixed case)."""
    text = label.strip()
    # (ASCII text: its letters are [A-Za-z], found and counted in C rather than a character at a time; this
    # runs on every distinct answer's first sighting.)
    if not text.isascii() or _ASCII_LETTER_RE.search(text) is None:
        return ()
    if " " in text:
        parts = text.split()
    elif _SEPARATOR_RE.search(text):
        parts = [p for p in _SEPARATOR_RE.split(text) if p]
    else:
        parts = _HUMP_RE.split(text)
        if not all(p.isalpha() and len(p) >= _HUMP_WORD for p in parts):
            return ()
    if len(parts) < 2 or sum((len(p) if p.isalpha() else len(_ASCII_LETTER_RE.findall(p))) >= 2 for p in parts) < 2:
        return ()
    if not all(p.isalnum() for p in parts):
        return ()  # punctuation inside a word (``c++_dev``, ``v1.2-beta``): no plain words to write
    return tuple(a for a in (" ".join(parts), "-".join(parts)) if _key(a) != _key(label))


def _numeric(labels: Sequence[str]) -> bool:
    """Every label is a whole number up to 20, in digits or as an English word, but at most one other beside three
    or more such (a class above the numbered ones, ``HC`` beside categories ``1`` to ``4``; a ``none``): a numeric
    scale."""
    keys = [_key(lab) for lab in labels]
    numbers = sum(1 for k in keys if (k.isdigit() and int(k) <= 20) or k in _NUMBER_OF)
    return numbers == len(keys) or (numbers >= 3 and numbers == len(keys) - 1)


def _sized(labels: Sequence[str]) -> bool:
    """Every label is a size letter (``XS`` … ``XXXL``) or a size word (``small``, ``extra large`` …)."""
    return all(k in _SIZES or k in _SIZE_OF for k in map(_key, labels))


def _yes_no(labels: Sequence[str]) -> bool:
    """Exactly two labels, one a spelling of yes (``yes true y``) and the other of no (``no false n``)."""
    keys = [_key(lab) for lab in labels]
    return len(keys) == 2 and sorted(k in _YES for k in keys) == [False, True] and any(k in _NO for k in keys)


_COUNTED = re.compile(r"(\d{1,2}) ([^\W\d_]{2,20}?)s?")


@lru_cache(maxsize=256)
def _counted(labels: tuple[str, ...]) -> dict[str, int] | None:
    """``{label key: number}`` of a counted scale: three labels or more written as a number and one unit
    (singular or plural: ``1 star`` … ``5 stars``), distinct numbers; a label of another shape beside
    them (``Reject``) gets no number. ``None`` when the set is no such scale."""
    out: dict[str, int] = {}
    units = set()
    for lab in labels:
        m = _COUNTED.fullmatch(_key(lab))
        if m is not None:
            units.add(m.group(2))
            out[_key(lab)] = int(m.group(1))
    if len(out) < 3 or len(units) != 1 or len(set(out.values())) != len(out) or len(out) < len(labels) - 1:
        return None
    return out


def number_value(token: str) -> int | None:
    """The whole number a token writes: digits, an English number word or a Roman numeral (``None``
    otherwise). Used where a scale's number is read in any of its spellings (``one out of five``)."""
    t = token.strip()
    if t.isdigit():
        return int(t)
    if t.casefold() in _NUMBER_OF:
        return int(_NUMBER_OF[t.casefold()])
    return _ROMAN_OF.get(t.upper()) if t.isalpha() and t.isupper() else None


def _spellings(n: int, *, single_letter_roman: bool, ordinal: bool = False) -> list[str]:
    """A number's other spellings: its English word, with ``ordinal`` its ordinal (``fourth``, ``4th``: a category,
    a place, a grade read as a rank), and its Roman numeral.

    ``single_letter_roman`` keeps ``I``, ``V`` and ``X``: after a coded scale's prefix (``Sev-I``) they
    can only be numerals; alone they are a pronoun and letters, so a bare numeric scale leaves them out.
    """
    out = [_NUMBER_WORDS[n]] if n < len(_NUMBER_WORDS) else []
    if ordinal and n < len(_ORDINAL_WORDS):
        out += [_ORDINAL_WORDS[n], _ordinal_digits(n)]
    roman = _ROMAN_FOR.get(n)
    if roman and (single_letter_roman or len(roman) > 1):
        out.append(roman)
    return out


def _ordinal_digits(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th`` … ``11th``, ``12th``, ``13th``, ``21st``."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


@lru_cache(maxsize=256)
def _coded(labels: tuple[str, ...]) -> dict[str, tuple[str, int]] | None:
    """``{label key: (prefix, number)}`` when every label is one prefix of letters and a distinct
    number (``Sev1``–``Sev4``, ``P0``–``P3``), else ``None``."""
    out: dict[str, tuple[str, int]] = {}
    prefixes = set()
    for lab in labels:
        m = _CODED.fullmatch(lab.strip())
        if m is None:
            return None
        prefixes.add(m.group(1).casefold())
        out[_key(lab)] = (m.group(1), int(m.group(3)))
    if len(prefixes) != 1 or len({n for _p, n in out.values()}) != len(out) or len(out) < 2:
        return None
    return out


def _coded_aliases(prefix: str, n: int) -> list[str]:
    """Other spellings of the coded label ``prefix`` + ``n``: the prefix with a separator and the
    number in any spelling, and the nouns of a scale the prefix begins with the number after them.

    ``Sev`` + 3 gives ``Sev-3``, ``Sev three``, ``Sev-III`` and ``severity three``, ``severity level
    III``; written with two words or more an alias is a phrase, a leak wherever it occurs, so the
    nouns are the few that name a ranked scale (never ``phase`` or ``stage``)."""
    numbers = [str(n), *_spellings(n, single_letter_roman=True)]
    out = [f"{prefix}{sep}{num}" for num in numbers for sep in ("", "-", " ") if not (sep == "" and not num.isdigit())]
    for noun in _SCALE_NOUNS:
        if noun.startswith(prefix.casefold()) and noun != prefix.casefold():
            out.extend(f"{noun}{sep}{num}" for num in numbers for sep in (" ", "-", " level "))
    return out


def label_aliases(
    label: str,
    label_set: Sequence[str],
    user: Mapping[str, Sequence[str]] | None = None,
    *,
    lexicon: bool = True,
) -> list[str]:
    """The other ways to write ``label`` given its label set and the user's map (never ``label`` itself).

    Each scheme of the module docstring applies only when the *whole* label set fits it (two labels or
    more), so an alias never makes a word a label it cannot be: ``four`` is ``4`` only on a numeric
    scale, ``n`` is ``no`` only on a yes/no decision; the lexicon's words only when the set picks
    their family (``lexicon=False`` leaves them out). The user's map applies whatever the set, and a
    text it gives to another label is dropped from this label's lexicon words. Aliases come in a
    stable order without repeats (compared case- and blank-insensitively); they are matched with the
    label's role, so an alias of the answer is an answer and an alias of another label lists.
    """
    out: list[str] = list(identifier_spellings(label))
    key = _key(label)
    if len(label_set) >= 2 and _numeric(label_set):
        if key.isdigit() and int(key) < len(_NUMBER_WORDS):
            out.extend(_spellings(int(key), single_letter_roman=False, ordinal=True))
            if lexicon:
                out.extend(number_words(int(key)))
        elif key in _NUMBER_OF:
            out.append(_NUMBER_OF[key])
    coded = _coded(tuple(label_set)) if len(label_set) >= 2 else None
    if coded is not None and key in coded:
        out.extend(_coded_aliases(*coded[key]))
    counted = _counted(tuple(label_set)) if len(label_set) >= 3 else None
    if counted is not None and key in counted:
        out.append(str(counted[key]))  # ``xmp:Rating="5"`` for ``5 stars``: the count without its unit
    if len(label_set) >= 2 and _sized(label_set):
        if key in _SIZES:
            out.extend(_SIZES[key])
        elif key in _SIZE_OF:
            out.append(_SIZE_OF[key].upper())
    if _yes_no(label_set):
        out.extend(w for w in (_YES if key in _YES else _NO if key in _NO else ()) if w != key)
    if lexicon:
        out.extend(a for a in lexicon_aliases(label, label_set) if _key(a) not in _user_elsewhere(key, user))
    if user:
        for name, values in user.items():
            if _key(name) == key:
                out.extend(str(v) for v in values)
    return [a for a in dict.fromkeys(out) if a.strip() and _key(a) != key]


def _user_elsewhere(key: str, user: Mapping[str, Sequence[str]] | None) -> set[str]:
    """The texts the user's map gives to labels other than the one keyed ``key``: the user's word
    overrides the lexicon's (``--alias Low=normal`` makes ``normal`` no lexicon word of ``Medium``)."""
    if not user:
        return set()
    return {_key(str(v)) for name, values in user.items() if _key(name) != key for v in values}


_MIN_ABBREVIATION = 3
_MAX_ABBREVIATION = 5
"""An abbreviation keeps three to five letters and drops two or more (``positiv`` is a translation)."""


def label_abbreviations(label: str, label_set: Sequence[str]) -> list[str]:
    """The prefixes of ``label`` (a word of four letters or more) and of its word aliases that stand
    for it unambiguously within ``label_set``: three to five letters, two fewer than the word or more, and no
    other label (nor its word aliases) begins with them. Without a label set, none."""
    if len(label_set) < 2 or label not in label_set:
        return []
    words = {lab: [w for w in (lab, *label_aliases(lab, label_set, lexicon=False)) if w.isalpha()] for lab in label_set}
    others = [w.casefold() for lab, ws in words.items() if lab != label for w in ws]
    out: list[str] = []
    for word in words.get(label, []):
        for n in range(_MIN_ABBREVIATION, min(len(word) - 1, _MAX_ABBREVIATION + 1)):
            prefix = word[:n].casefold()
            if not any(o.startswith(prefix) for o in others):
                out.append(word[:n])
    return [a for a in dict.fromkeys(out) if _key(a) not in {_key(lab) for lab in label_set}]


def clips_label(value: str, label: str, labels: Iterable[str]) -> bool:
    """``value`` is ``label`` written short, word for word: as many words, each the label's word or its first three
    letters or more, one clipped at least (``OFF STA`` for ``OFF STATION``), and clipping no other label of
    ``labels`` so (a notice's status column)."""

    def clip(v: list[str], lab: str) -> bool:
        words = lab.casefold().split()
        if len(v) != len(words):
            return False
        return all(
            w == x or (len(w) >= _MIN_ABBREVIATION and w.isalpha() and x.startswith(w))
            for w, x in zip(v, words, strict=True)
        )

    v = value.casefold().split()
    if not v or " ".join(v) == " ".join(label.casefold().split()) or not clip(v, label):
        return False
    return not any(clip(v, other) for other in labels if other != label)


def derived_alias(alias: str, label_set: Sequence[str], user: Mapping[str, Sequence[str]] | None = None) -> bool:
    """``alias`` is a spelling derived from a label of a numeric scale (``four`` or ``IV`` for ``4``),
    or a lexicon word of a label (``unfavourable``, ``ハイ``) that the user's map does not give: like
    the number itself (and like an abbreviation) it has ordinary senses (a quantity, a chapter, ``high
    season``), so it counts as a value only under a field naming the task or the answer, or a cryptic
    one, and in prose only with a tie to the task, never as a bare phrase."""
    if len(label_set) < 2:
        return False
    if _numeric(label_set) and not _key(alias).isdigit():
        return True
    if _key(alias).isdigit() and _counted(tuple(label_set)) is not None:
        return True  # a counted scale's bare number: a quantity, a page, a shard elsewhere
    given = {_key(str(v)) for values in (user or {}).values() for v in values}
    return _key(alias) not in given and is_lexicon_alias(alias, label_set)


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
