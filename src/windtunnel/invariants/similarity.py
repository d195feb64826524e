"""Text similarity backends for ``similarity`` and ``behavior_unchanged``: one registry, lexical by default.

A backend is one class registered with :func:`similarity_backend`, with ``available()`` (``None`` or a
reason it cannot run, checked when the config is validated) and ``similarity(a, b)`` returning a
symmetric score in ``[0, 1]`` that is ``1.0`` for identical texts.

``lexical`` (offline, no model) averages two views of the texts:

* a word view: rapidfuzz ``token_sort_ratio`` over normalised words, so word order does not matter
  but added or missing words do (unlike a token-*set* ratio, a short answer contained in a long one
  does not score 1.0);
* a character view: cosine similarity of character 3-gram counts over the words in their order,
  so typos and inflections cost little while unrelated texts share few n-grams.

Case, Unicode width, typographic quotes, whitespace and punctuation are normalised away first.

``embedding`` (``pip install windtunnel[semantic]``) is the cosine of sentence-transformers embeddings,
imported lazily on first use.
"""

from __future__ import annotations

import importlib.util
import math
from collections import Counter
from collections.abc import Callable
from functools import lru_cache
from typing import Any, ClassVar, TypeVar

from windtunnel._util.errors import UsageError
from windtunnel._util.lazyre import lazy
from windtunnel._util.optional import optional_import
from windtunnel._util.registry import Registry
from windtunnel._util.suggest import did_you_mean
from windtunnel.invariants._text import normalize


class SimilarityBackend:
    """Interface of a similarity backend (subclass and register with :func:`similarity_backend`)."""

    name: ClassVar[str] = ""
    description: ClassVar[str] = ""

    @classmethod
    def available(cls) -> str | None:
        """``None`` when the backend can run here, else what is missing and how to install it."""
        return None

    def similarity(self, a: str, b: str) -> float:  # pragma: no cover - interface
        """The similarity of ``a`` and ``b`` in ``[0, 1]``: symmetric, ``1.0`` for identical texts."""
        raise NotImplementedError


def _validate(name: str, cls: type[SimilarityBackend]) -> None:
    """The registry's check on a new backend: a :class:`SimilarityBackend` subclass with its own :meth:`similarity`."""
    if not (isinstance(cls, type) and issubclass(cls, SimilarityBackend)):
        raise TypeError(f"similarity backend {name!r} must subclass SimilarityBackend")
    if cls.similarity is SimilarityBackend.similarity:
        raise TypeError(f"similarity backend {name!r} must implement similarity()")


similarity_backends: Registry[type[SimilarityBackend]] = Registry("similarity backend", validate=_validate)

B = TypeVar("B", bound=type[SimilarityBackend])


def similarity_backend(name: str) -> Callable[[B], B]:
    """Class decorator registering a similarity backend under ``name``."""

    def wrap(cls: B) -> B:
        cls.name = name
        similarity_backends.register(name, cls)
        return cls

    return wrap


@lru_cache(maxsize=8)
def get_backend(name: str) -> SimilarityBackend:
    """The (cached) backend instance registered under ``name``; raises UsageError when it cannot run."""
    cls = similarity_backends.get(name)
    missing = cls.available()
    if missing:
        raise UsageError(f"similarity backend {name!r} cannot run: {missing}")
    return cls()


_WORD = lazy(r"\w+")


def _char_ngrams(text: str, n: int = 3) -> Counter[str]:
    """Counts of the character ``n``-grams of ``text`` padded with a space at each end (so word edges count); a text
    shorter than ``n`` is one gram.
    """
    padded = f" {text} "
    if len(padded) <= n:
        return Counter([padded])
    return Counter(padded[i : i + n] for i in range(len(padded) - n + 1))


def _cosine(a: Counter[str], b: Counter[str]) -> float:
    """The cosine of two n-gram count vectors, clamped to 1.0 (0.0 when they share nothing)."""
    # sorted keys: the float sum is computed in the same order whichever text comes first
    dot = sum(a[k] * b[k] for k in sorted(a.keys() & b.keys()))
    if dot == 0:
        return 0.0
    na = math.sqrt(sum(v * v for v in a.values()))
    nb = math.sqrt(sum(v * v for v in b.values()))
    return min(1.0, dot / (na * nb))


def lexical_similarity(a: str, b: str) -> float:
    """The ``lexical`` backend's score (see the module docstring).

    Texts equal after normalisation score 1.0 and an empty one 0.0 against any other; texts of symbols only are compared
    by their characters alone. The score is symmetric: both views are.
    """
    # rapidfuzz costs `validate` ~6 ms and only scoring needs it
    fuzz = optional_import("rapidfuzz.fuzz", purpose="the lexical similarity backend")
    na, nb = normalize(a), normalize(b)
    if na == nb:
        return 1.0
    if not na or not nb:
        return 0.0
    ta, tb = _WORD.findall(na), _WORD.findall(nb)
    if not ta or not tb:  # punctuation or symbols only: compare the characters themselves
        return 0.0 if bool(ta) != bool(tb) else _cosine(_char_ngrams(na), _char_ngrams(nb))
    chars = _cosine(_char_ngrams(" ".join(ta)), _char_ngrams(" ".join(tb)))
    words = fuzz.ratio(" ".join(sorted(ta)), " ".join(sorted(tb))) / 100.0
    return max(0.0, min(1.0, (words + chars) / 2))


@similarity_backend("lexical")
class LexicalBackend(SimilarityBackend):
    """The default backend: offline, no model (see the module docstring for the two views it averages)."""

    description = "offline: word token-sort ratio averaged with character 3-gram cosine"

    def similarity(self, a: str, b: str) -> float:
        """:func:`lexical_similarity`."""
        return lexical_similarity(a, b)


@similarity_backend("embedding")
class EmbeddingBackend(SimilarityBackend):
    """Cosine similarity of sentence-transformers embeddings (``all-MiniLM-L6-v2``); the model is loaded on first
    use.
    """

    description = "sentence-transformers embedding cosine (pip install windtunnel[semantic])"

    model_name: ClassVar[str] = "all-MiniLM-L6-v2"

    def __init__(self) -> None:
        """No model yet: it is loaded by the first :meth:`similarity` call."""
        self._model: Any = None

    @classmethod
    def available(cls) -> str | None:
        """Runnable only where ``sentence_transformers`` can be found (checked without importing it)."""
        if importlib.util.find_spec("sentence_transformers") is None:
            return "sentence-transformers is not installed; install it with: pip install 'windtunnel[semantic]'"
        return None

    def _load(self) -> Any:
        """The embedding model, loaded once; a missing package is a config error naming the extra to install."""
        if self._model is None:
            st = optional_import("sentence_transformers", extra="semantic", purpose="the embedding similarity backend")
            self._model = st.SentenceTransformer(self.model_name)
        return self._model

    def similarity(self, a: str, b: str) -> float:
        """The cosine of the two texts' embeddings, clamped to ``[0, 1]``; identical texts score 1.0 without a model
        call.
        """
        if a == b:
            return 1.0
        va, vb = self._load().encode([a, b])
        dot = float(sum(x * y for x, y in zip(va, vb, strict=True)))
        na = math.sqrt(float(sum(x * x for x in va)))
        nb = math.sqrt(float(sum(y * y for y in vb)))
        if na == 0 or nb == 0:
            return 0.0
        return max(0.0, min(1.0, dot / (na * nb)))


def validate_backend_name(name: str) -> str:
    """Config-time check of a ``backend`` value: registered, and runnable here."""
    if name not in similarity_backends:
        raise ValueError(
            f"unknown similarity backend {name!r}{did_you_mean(name, similarity_backends)}; "
            f"valid: {', '.join(similarity_backends.names())}"
        )
    missing = similarity_backends.get(name).available()
    if missing:
        raise ValueError(f"similarity backend {name!r} cannot run: {missing}")
    return name
