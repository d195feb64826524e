"""Spoken forms written down: what speech-to-text makes of a code or a number, and spelling alphabets.

A transcript holds what was said, transcribed by ear: a label said aloud comes back as the words that
sound like it (``sev to`` for ``Sev2``, ``for stars``, ``hi priority``, ``pee one``, ``grade sea``), and
a short code read out over a line is spelled in the ICAO/NATO alphabet (``X-ray Lima`` for ``XL``,
``Papa Two`` for ``P2``). Two views read them back:

* ``homophones``: a number's homophone, as its digit, in a position where the function word it sounds like does
  not fit (``to``, ``too``, ``won``, ``ate`` ending a clause; ``for`` before a plural), ``hi`` before
  a word, a spoken letter name (``pee``, ``sea``, ``bee`` …) after a word or before a number;
* ``spelled``: a run of spelling-alphabet words, with the numbers said after it (``Golf Three`` is
  ``G3``), or one such word read back (``Delta. Delta.``).

Both are label-agnostic and loose; what makes a reading a finding is decided where the hit is
classified: a hit only the ``homophones`` view shows must span another word of the label as written
(``sev`` of ``sev 2``) or stand right before a word naming the task (``high priority``).
"""

from __future__ import annotations

import re

from windtunnel.leakage.views.registry import Replacement, decoder

_NUMBER_SOUNDS = {"to": "2", "too": "2", "won": "1", "ate": "8", "for": "4"}
LETTER_NAMES = {
    "pee": "P", "bee": "B", "sea": "C", "dee": "D", "gee": "G", "jay": "J", "kay": "K", "em": "M",
    "ar": "R", "tee": "T", "vee": "V", "ex": "X", "zed": "Z", "zee": "Z", "aitch": "H", "cue": "Q",
    "eff": "F",
}  # fmt: skip
_NUMBER_WORDS = "zero|one|two|three|four|five|six|seven|eight|nine|ten"
# A number homophone ending a clause (``a sev to, not``), ``for`` before a plural (``for stars``),
# ``hi`` before a word, a letter name after a word or before a number.
_HOMOPHONE_RE = re.compile(
    r"\b(?P<num>to|too|won|ate)\b(?=\s*(?:[,.;:!?)]|$|\s(?:or|and|not|but)\b))"
    r"|\b(?P<for>for)\b(?=\s+[a-z]+s\b)"
    r"|\b(?P<hi>hi)\b(?=[ \t]+[a-z])"
    r"|(?:(?<=[a-z] )|(?<=[a-z]\t))(?P<letter>" + "|".join(LETTER_NAMES) + r")\b"
    r"|\b(?P<letter2>" + "|".join(LETTER_NAMES) + r")\b(?=\s+(?:\d|(?:" + _NUMBER_WORDS + r")\b))",
    re.IGNORECASE | re.MULTILINE,
)
HOMOPHONE_MARK_RE = re.compile(r"\b(?:to|too|won|ate|for|hi|" + "|".join(LETTER_NAMES) + r")\b", re.IGNORECASE)


@decoder("homophones", order=90, marker=lambda t: HOMOPHONE_MARK_RE.search(t) is not None)
def homophones(text: str) -> list[Replacement]:
    """Each spoken homophone of a number, ``high`` or a letter, in the positions the module names."""
    out: list[Replacement] = []
    for mt in _HOMOPHONE_RE.finditer(text):
        kind = mt.lastgroup
        word = mt.group().lower()
        if kind in ("num", "for"):
            rep = _NUMBER_SOUNDS[word]
        elif kind == "hi":
            rep = "high"
        else:
            rep = LETTER_NAMES[word]
        out.append((mt.start(), mt.end(), rep))
    return out


MAX_LETTERS = 4
"""Letters of a spelled code with digits (``P2``, ``ABC12``); one of letters only has at most
:data:`MAX_BARE_LETTERS`: a longer run spells a name or a word, not a label's code."""
MAX_BARE_LETTERS = 2
_ALPHABET = [
    "Alpha", "Alfa", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf", "Hotel", "India", "Juliett", "Juliet",
    "Kilo", "Lima", "Mike", "November", "Oscar", "Papa", "Quebec", "Romeo", "Sierra", "Tango", "Uniform", "Victor",
    "Whiskey", "Whisky", "X-ray", "Xray", "Yankee", "Zulu",
]  # fmt: skip
_LETTER_OF = {w.lower(): w[0].upper() for w in _ALPHABET}
_DIGIT_OF = {w: str(i) for i, w in enumerate(_NUMBER_WORDS.split("|"))}
_CODE_WORD = r"(?:" + "|".join(re.escape(w) for w in _ALPHABET) + r")"
# A run of spelling words (capitalised, as a transcript writes a spelled code), then number words.
_SPELLED_RE = re.compile(
    r"\b(?P<run>" + _CODE_WORD + r"(?:[ -]" + _CODE_WORD + r")*)"
    r"(?P<nums>(?:[ -](?:"
    + _NUMBER_WORDS
    + r"|"
    + "|".join(w.capitalize() for w in _NUMBER_WORDS.split("|"))
    + r"))*)\b"
)
# Led by the words themselves, not ``\b``: the engine skips to a possible first letter (a necessary condition).
SPELLED_MARK_RE = re.compile(_CODE_WORD)


@decoder("spelled", order=91, marker=lambda t: SPELLED_MARK_RE.search(t) is not None)
def spelled(text: str) -> list[Replacement]:
    """Each spelled code as the code (``X-ray Lima`` → ``XL``, ``Papa Two`` → ``P2``): a run of two
    spelling words or more, one followed by a number word, or one read back (``Delta. Delta.``); at
    most :data:`MAX_LETTERS` letters with digits, :data:`MAX_BARE_LETTERS` without."""
    out: list[Replacement] = []
    matches = list(_SPELLED_RE.finditer(text))
    for i, mt in enumerate(matches):
        words = re.split(r"[ -]", mt.group("run"))
        # ``X-ray`` is one word of the alphabet: rejoin the halves the split took apart
        letters: list[str] = []
        j = 0
        while j < len(words):
            w = words[j].lower()
            if w == "x" and j + 1 < len(words) and words[j + 1].lower() == "ray":
                letters.append("X")
                j += 2
                continue
            letters.append(_LETTER_OF[w])
            j += 1
        nums = [n for n in re.split(r"[ -]", mt.group("nums")) if n]
        read_back = any(
            (m is not mt and m.group().lower() == mt.group().lower() and abs(m.start() - mt.end()) <= 3)
            or (m is not mt and abs(mt.start() - m.end()) <= 3 and m.group().lower() == mt.group().lower())
            for m in matches[max(0, i - 1) : i + 2]
        )
        if (len(letters) < 2 and not nums and not read_back) or len(letters) > (
            MAX_LETTERS if nums else MAX_BARE_LETTERS
        ):
            continue
        code = "".join(letters) + "".join(_DIGIT_OF[n.lower()] for n in nums)
        out.append((mt.start(), mt.end(), code))
    return out


_WORD_RE = re.compile(r"[^\W_]+")
_NEXT_WORD_RE = re.compile(r"[ \t]+([^\W_]+)")


def homophone_supported(view: str, view_text: str, a: int, b: int, naming: re.Pattern[str] | None) -> bool:
    """Whether a hit ``view_text[a:b]`` that only a ``homophones`` view shows reads as the label.

    A homophone is loose evidence on its own (``to`` is two only by ear): the hit must span two words
    or more (``sev 2``, ``4 stars``, ``grade C``: the others as written), or the word right after
    it must name the task (``high priority``). Hits of every other view pass."""
    if "homophones" not in view:
        return True
    if len(_WORD_RE.findall(view_text, a, b)) >= 2:
        return True
    nxt = _NEXT_WORD_RE.match(view_text, b)
    if nxt is None or naming is None:
        return False
    word = naming.match(view_text, nxt.start(1))
    return word is not None and word.end() == nxt.end(1)
