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


def _validate(name: str, dec: Decoder) -> None:
    if not isinstance(dec, Decoder) or dec.name != name:
        raise TypeError(f"decoder {name!r} must be a Decoder named {name!r}")


DECODERS: Registry[Decoder] = Registry("string decoder", validate=_validate)
"""Every registered decoder, by name."""


def decoder(
    name: str,
    *,
    order: int,
    marker: Callable[[str], bool],
    blob_marker: Callable[[bytes], bool] | None = None,
    blob_may_hit: Callable[[bytes, Sequence[tuple[bytes, ...]]], bool] | None = None,
) -> Callable[[Callable[[str], list[Replacement]]], Callable[[str], list[Replacement]]]:
    """Register ``fn`` as the ``replace`` of a decoder named ``name`` (see :class:`Decoder`)."""

    def wrap(fn: Callable[[str], list[Replacement]]) -> Callable[[str], list[Replacement]]:
        DECODERS.register(name, Decoder(name, order, marker, fn, blob_marker, blob_may_hit))
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
