"""Helpers shared by the built-in generators: lazy data files, word spans, case matching.

The bundled data (``mutations/data/*.json``: synonyms, injections, jailbreaks, languages, a corpus of real paragraphs)
is read on first use and cached, so importing the generators costs nothing until one runs.

The helpers are deliberately simple and ASCII-minded (a word is ``[A-Za-z][A-Za-z']*``, a sentence ends at ``.``, ``!``
or ``?``): the generators edit English golden prompts, and a simple, documented notion of a word keeps every variant's
recorded offsets easy to check by eye in a report. A prompt in another script simply offers fewer word edits; the
generators then fall back to techniques that need no words. Every helper that draws takes the caller's ``rng``, so
the order of draws, and with it the variant, depends only on the seed.
"""

from __future__ import annotations

import random
from functools import cache
from importlib.resources import files
from typing import Any

import orjson

from windtunnel._util.lazyre import lazy

WORD_RE = lazy(r"[A-Za-z][A-Za-z']*")
"""An ASCII word (letters and apostrophes); the unit most text generators edit."""

SENTENCE_RE = lazy(r"[^.!?\n]+[.!?]*\s*")


@cache
def load_data(name: str) -> Any:
    """A JSON file from ``windtunnel/mutations/data`` (read once, on first use)."""
    return orjson.loads(files("windtunnel.mutations.data").joinpath(name).read_bytes())


def match_case(src: str, repl: str) -> str:
    """``repl`` cased like ``src`` (all caps, capitalised, or as given)."""
    if len(src) > 1 and src.isupper():
        return repl.upper()
    if src[:1].isupper():
        return repl[:1].upper() + repl[1:]
    return repl


def lower_first(text: str) -> str:
    """Lower-case the first character unless the first word is an acronym or ``I``."""
    first = text.split(" ", 1)[0]
    if not text or first.isupper() or first in {"I", "I'm", "I'd", "I'll", "I've"}:
        return text
    return text[:1].lower() + text[1:]


def strip_end_punct(text: str) -> str:
    """``text`` without trailing whitespace and sentence-ending punctuation, for templates that add their own."""
    return text.rstrip().rstrip(".!?")


def sentences(text: str) -> list[str]:
    """Sentence-ish chunks (keeps their trailing punctuation and spaces).

    Joining the chunks gives the text back minus blank-only pieces, which is what lets a generator reorder or drop a
    sentence and still produce readable text. A chunk is a run up to ``.``, ``!``, ``?`` or a newline, so "e.g." and
    decimal points split a sentence early; good enough to shuffle a request, not a sentence tokenizer.
    """
    return [s for s in SENTENCE_RE.findall(text) if s.strip()]


def sample_positions(rng: random.Random, n: int, k: int) -> list[int]:
    """``k`` distinct sorted indices below ``n`` (all of them when ``k >= n``)."""
    if k >= n:
        return list(range(n))
    return sorted(rng.sample(range(n), k))


def corpus_text(rng: random.Random, min_chars: int) -> tuple[str, list[int]]:
    """Real paragraphs from the bundled corpus, at least ``min_chars`` long, and their ids.

    Paragraphs are drawn with replacement, one ``rng`` draw each, and joined by spaces; the ids go into the variant's
    ``args`` so the distractor text can be looked up again. The result may overshoot ``min_chars`` by one paragraph.
    """
    corpus: list[str] = load_data("corpus.json")
    ids: list[int] = []
    parts: list[str] = []
    total = 0
    while total < min_chars:
        i = rng.randrange(len(corpus))
        ids.append(i)
        parts.append(corpus[i])
        total += len(corpus[i]) + 1
    return " ".join(parts), ids


def corpus_run(start: int, min_chars: int) -> str:
    """Consecutive corpus paragraphs from ``start`` (wrapping), at least ``min_chars`` long.

    Unlike :func:`corpus_text`, the paragraphs follow each other as in the corpus, so tens of thousands of characters
    read as one long document rather than a shuffle; only ``start`` is drawn, which keeps the variant's ``args`` short
    (the start index and the length reproduce it).
    """
    corpus: list[str] = load_data("corpus.json")
    parts: list[str] = []
    total, i = 0, start
    while total < min_chars:
        p = corpus[i % len(corpus)]
        parts.append(p)
        total += len(p) + 1
        i += 1
    return " ".join(parts)
