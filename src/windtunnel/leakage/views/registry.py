"""The decoder registry: one small plug-in per encoding that can hide a label from a string search.

A decoder is a cheap necessary condition (``marker``) and a function that finds, in a text, the spans
it decodes and what each decodes to (``replace``). The pipeline (:mod:`.pipeline`) applies every
decoder whose marker is present, to a fixpoint with bounds, and keeps an offset map for each view.
``replace`` must be linear in its input: it is called on every string the model reads that holds the
marker, and again on each decoded view.

**Keeping a new decoder cheap where it does not apply: ``blob_marker``, ``blob_may_hit``.** Before any
walk, the pre-check
(:mod:`windtunnel.leakage.prefilter`) proves most items clean from one serialisation of the projection
(orjson's bytes: ASCII strings as written, a line break as ``\\n``, a quote as ``\\"``). It models the
built-in decoders itself (``prefilter._PLANNED``); any other decoder is asked through its
``blob_marker``: a necessary condition on those bytes that some string of them holds ``marker``
(``False`` proves no string does). Where it says ``False`` the item pays nothing for the decoder; where it
says ``True`` (and the decoder's optional ``blob_may_hit``, given the needles' words, does not rule a
hit out) the pre-check decodes the serialisation with the unmodelled decoders and walks only if a
view holds every word of some needle, and then decodes just the strings whose ``marker`` holds. Make
it a byte ``find`` of a rare byte, or a regex led by a literal: it runs on every item of a dataset. A
decoder without one is treated as present in every item: correct, but every item then pays a decoding
of its serialisation (``tests/leakage/test_leak_views_registry.py`` fails until it has one).

**Anchors: the gates share one pass.** Each gate above is a pass over the serialisation (~1 µs per KB),
and most items hold no marker at all: a decoder that can say which *literals* it needs declares them,
and one automaton pass (:mod:`.anchors`) finds the literals of every decoder at once. ``blob_anchors``
are literals one of which the lowercased serialisation holds wherever ``blob_marker`` holds (a header
``begin 644`` or ``ybegin`` holds ``egin``); ``word_anchors`` gives, for one needle word, literals one
of which it holds wherever the decoder can add a hit of a needle through that word (the word reversed,
under each substitution, spelled with each separator). A decoder whose anchors are all absent is not
asked at all; one with an anchor present is asked as before, so the anchors decide nothing a gate
did not. A decoder the pre-check models itself may declare ``word_anchors`` for the pre-check's own
condition on it (``rot13``, ``letters``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from windtunnel._util.registry import Registry

Replacement = tuple[int, int, str]
"""``(start, end, decoded)``: the characters ``[start, end)`` of the input decode to ``decoded``."""


@dataclass(frozen=True)
class Decoder:
    """One decoding step of the canonical view pipeline."""

    name: str
    """The view's name (``decoded:<name>``; nested views join names with ``+``)."""
    order: int
    """Decoders are tried in this order; the first view that shows a hit names it."""
    marker: Callable[[str], bool]
    """A cheap necessary condition: ``False`` proves ``replace`` finds nothing."""
    replace: Callable[[str], list[Replacement]]
    """Sorted, non-overlapping replacements (empty when nothing decodes)."""
    blob_marker: Callable[[bytes], bool] | None = None
    """For a decoder the scan's pre-check (:mod:`windtunnel.leakage.prefilter`) does not model itself: its
    marker on the projection serialised as JSON (ASCII bytes, a line break written ``\\n``), a cheap
    necessary condition there too. The pre-check then decodes, with this decoder, a string whose ``marker``
    holds, and keeps an item that a view of it may make leak. ``None``: the pre-check models it already."""
    blob_may_hit: Callable[[bytes, Sequence[tuple[bytes, ...]]], bool] | None = None
    """With :attr:`blob_marker`: whether a view of this decoder may hold every word of some needle, given
    the serialised projection and the needles' words (lowercased ASCII): a cheap necessary condition the
    pre-check asks instead of decoding the projection (``None``: it decodes)."""
    blob_anchors: tuple[bytes, ...] | None = None
    """Literals (lowercase ASCII) one of which the lowercased serialisation holds wherever
    :attr:`blob_marker` holds: where none occurs the pre-check skips the decoder without asking its marker
    (:mod:`.anchors`). ``None``: not declared."""
    word_anchors: Callable[[bytes], tuple[bytes, ...] | None] | None = None
    """For one needle word (lowercased): literals (lowercase ASCII) one of which the lowercased serialisation
    holds wherever the decoder can add a hit of a needle *through that word* (for a decoder with
    :attr:`blob_may_hit`: wherever that word makes it hold; ``()``: the word never does). ``None`` for a
    word whose forms cannot be listed or would be too common to rule anything out: a needle set holding
    it asks the decoder as before. Where no needle word's anchor occurs the pre-check skips the decoder."""


def _validate(name: str, dec: Decoder) -> None:
    if not isinstance(dec, Decoder) or dec.name != name:
        raise TypeError(f"decoder {name!r} must be a Decoder named {name!r}")


DECODERS: Registry[Decoder] = Registry("string decoder", validate=_validate)
"""Every registered decoder, by name."""
_CHANGES = [0]


def generation() -> tuple[int, int]:
    """A value that changes whenever a decoder is registered or removed: what a cache made from the
    registry's decoders (the pipeline's order, the pre-check's lists, the anchors' automata) compares
    (their count alone misses one decoder replacing another)."""
    return _CHANGES[0], len(DECODERS)


def unregister(name: str) -> None:
    """Remove the decoder ``name`` (a plug-in's test that registered one)."""
    del DECODERS._items[name]
    _CHANGES[0] += 1


def decoder(
    name: str,
    *,
    order: int,
    marker: Callable[[str], bool],
    blob_marker: Callable[[bytes], bool] | None = None,
    blob_may_hit: Callable[[bytes, Sequence[tuple[bytes, ...]]], bool] | None = None,
    blob_anchors: tuple[bytes, ...] | None = None,
    word_anchors: Callable[[bytes], tuple[bytes, ...] | None] | None = None,
) -> Callable[[Callable[[str], list[Replacement]]], Callable[[str], list[Replacement]]]:
    """Register ``fn`` as the ``replace`` of a decoder named ``name`` (see :class:`Decoder`).

    ``order`` places it in the canonical pipeline; ``marker`` is the cheap test a string must pass before
    ``fn`` runs on it. The ``blob_*`` and ``word_anchors`` hooks let the pre-check rule a projection out
    without decoding it; a decoder without them sends every marked projection to the full scan. Registering
    bumps the registry's generation, so caches built from the decoders are rebuilt.
    """

    def wrap(fn: Callable[[str], list[Replacement]]) -> Callable[[str], list[Replacement]]:
        DECODERS.register(name, Decoder(name, order, marker, fn, blob_marker, blob_may_hit, blob_anchors, word_anchors))
        _CHANGES[0] += 1
        return fn

    return wrap


def leftmost(found: list[Replacement]) -> list[Replacement]:
    """``found`` sorted, keeping the leftmost of replacements that overlap (a view applies them all at
    once, so they must not overlap): the last step of a decoder that collects candidates out of order."""
    out: list[Replacement] = []
    for rep in sorted(found):
        if not out or rep[0] >= out[-1][1]:
            out.append(rep)
    return out


def ordered() -> list[Decoder]:
    """The registered decoders in pipeline order."""
    return sorted((d for _n, d in DECODERS.items()), key=lambda d: (d.order, d.name))
