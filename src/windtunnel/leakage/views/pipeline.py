"""The canonical view pipeline: every decoder applied to a fixpoint, with bounds, keeping offset maps.

From a string, each registered decoder whose marker is present makes one view with *all* its
replacements applied (never one view per encoded run: a string with many runs stays linear). Each new
view is decoded again, breadth first, until nothing changes, a view repeats, or a bound is reached:
``MAX_DEPTH`` nested decodings, ``MAX_VIEWS`` views per string, and views at most ``MAX_GROWTH`` times
the input's length. Every view maps each of its characters back to the original characters it came
from (:class:`~windtunnel.leakage.text.Mapped`), so a hit anywhere points at what the model read.
"""

from __future__ import annotations

from collections.abc import Callable

from windtunnel.leakage.text import Mapped
from windtunnel.leakage.views.registry import Decoder, Replacement, generation, ordered

MAX_DEPTH = 6
"""Nested decodings (``%25252548`` is three percent levels; base64 of a quoted-printable body two)."""
MAX_VIEWS = 24
"""Decoded views kept per string: bounds the work per character whatever the input."""
MAX_GROWTH = 4
"""A view longer than this many times its input (plus 64) is dropped."""

_ORDER: list[Decoder] | None = None
_ORDER_OF: tuple[int, int] | None = None


def _decoders() -> list[Decoder]:
    """The registered decoders in order (the package registers the built-ins when it is imported)."""
    global _ORDER, _ORDER_OF
    if _ORDER is None or generation() != _ORDER_OF:
        _ORDER, _ORDER_OF = ordered(), generation()
        _STEPS.clear()
    return _ORDER


_Step = tuple[Decoder, Callable[[str], bool], bool]
_STEPS: dict[frozenset[str] | None, list[_Step]] = {}
"""Per ``only`` set (``None``: every decoder), the decoders :func:`canonical_views` tries at a level, in
order, each with its marker and whether it undoes itself (:data:`_UNDONE_BY_ITSELF`): worked out once
per registry, not per decoder and string (the loop's own cost was most of the pipeline's on a short
string)."""


def _steps(only: frozenset[str] | None) -> list[_Step]:
    """The decoders of one level of :func:`canonical_views` (see :data:`_STEPS`)."""
    decoders = _decoders()
    if only is not None and type(only) is not frozenset:
        only = frozenset(only)  # a caller's set: hashable as the key
    steps = _STEPS.get(only)
    if steps is None:
        if len(_STEPS) >= 64:
            _STEPS.clear()
        steps = _STEPS[only] = [
            (d, d.marker, d.name in _UNDONE_BY_ITSELF) for d in decoders if only is None or d.name in only
        ]
    return steps


def apply(m: Mapped, reps: list[Replacement]) -> Mapped:
    """``m`` with each ``(start, end, decoded)`` applied; offsets still point at ``m``'s original.

    ``reps`` must be sorted and not overlap. Every character of a replacement maps to the whole original
    span it replaced, so a hit in decoded text points at the encoded characters it came from; an empty
    replacement removes its span and maps nothing. Untouched characters keep their own offsets, carried
    through from ``m`` when ``m`` is itself a view of an earlier text.
    """
    text = m.text
    ms, me = m.starts, m.ends
    out: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    pos = 0
    for a, b, rep in reps:
        if pos < a:
            out.append(text[pos:a])
            if ms is None or me is None:
                starts.extend(range(pos, a))
                ends.extend(range(pos + 1, a + 1))
            else:
                starts.extend(ms[pos:a])
                ends.extend(me[pos:a])
        if rep:
            oa, ob = m.span(a, b)
            out.append(rep)
            starts.extend([oa] * len(rep))
            ends.extend([ob] * len(rep))
        pos = b
    if pos < len(text):
        out.append(text[pos:])
        if ms is None or me is None:
            starts.extend(range(pos, len(text)))
            ends.extend(range(pos + 1, len(text) + 1))
        else:
            starts.extend(ms[pos:])
            ends.extend(me[pos:])
    return Mapped("".join(out), starts, ends)


def apply_text(m: Mapped, reps: list[Replacement]) -> Mapped:
    """``m``'s text with each ``(start, end, decoded)`` applied and no offset map (``starts`` ``None``):
    for checks that read only a view's text (the pre-check), so a view of an ``n``-character string
    costs one string of its length, not two lists of ``n`` integers (~50 bytes a character)."""
    text = m.text
    out: list[str] = []
    pos = 0
    for a, b, rep in reps:
        if pos < a:
            out.append(text[pos:a])
        if rep:
            out.append(rep)
        pos = b
    if pos < len(text):
        out.append(text[pos:])
    return Mapped("".join(out))


def decode_once(m: Mapped, dec: Decoder) -> Mapped | None:
    """One decoder applied to ``m`` (``None`` when it changes nothing)."""
    if not dec.marker(m.text):
        return None
    reps = dec.replace(m.text)
    if not reps:
        return None
    view = apply(m, reps)
    return None if view.text == m.text else view


MARGIN = 16
"""Characters around a decoded span that a nested decoder also reads (``%25`` decodes to ``%``, which
with the ``48`` after it is decoded again), extended to the blanks around them (whole tokens)."""

_Segments = list[tuple[int, int]]


def _changed(reps: list[Replacement]) -> _Segments:
    """Where each replacement's output lies in the new text."""
    out: _Segments = []
    delta = 0
    for a, b, rep in reps:
        out.append((a + delta, a + delta + len(rep)))
        delta += len(rep) - (b - a)
    return out


def _windows(text: str, segments: _Segments) -> _Segments:
    """The changed segments widened by :data:`MARGIN` and to the blanks around them, merged.

    A nested decoder must see whole tokens around what the previous one changed, so each window grows to
    the nearest whitespace on both sides, by at most 4096 characters past the margin (a text without blanks
    does not make every window the whole text). Segments are expected in order; overlapping or touching
    windows merge into one, and each character is scanned at most once.
    """
    out: _Segments = []
    n = len(text)
    for s, e in segments:
        lo, hi = max(0, s - MARGIN), min(n, e + MARGIN)
        # Each character is read once: the left scan stops at the window before, the right scan
        # resumes where that window's stopped (many changes in text without blanks stay linear).
        floor = out[-1][1] if out else 0
        while lo > floor and not text[lo - 1].isspace() and s - lo < 4096:
            lo -= 1
        if out and hi < out[-1][1]:
            hi = out[-1][1]
        while hi < n and not text[hi].isspace() and hi - e < 4096:
            hi += 1
        if out and lo <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], hi))
        else:
            out.append((lo, hi))
    return out


def _decode_segments(
    m: Mapped,
    dec: Decoder,
    windows: list[tuple[int, str]] | None,
    marked: bool = False,
    splice: Callable[[Mapped, list[Replacement]], Mapped] = apply,
) -> tuple[Mapped, _Segments] | None:
    """``dec`` applied to the whole of ``m`` (``windows`` is ``None``) or only to the windows around
    what the previous decoder changed (``(start, text)`` each: text left alone was read by every
    decoder already; the same for every decoder, so made once per view); the new view and what
    changed in it. ``marked``: the caller found ``dec``'s marker in the text (``windows`` is ``None``)
    or in the one window, so it is not looked for again (a marker is a pure test of its text).
    ``splice``: :func:`apply` (offsets kept) or :func:`apply_text` (text only)."""
    text = m.text
    if windows is None:
        if not marked and not dec.marker(text):
            return None
        reps = dec.replace(text)
    elif marked and len(windows) == 1:
        lo, window = windows[0]
        reps = [(a + lo, b + lo, r) for a, b, r in dec.replace(window)] if lo else dec.replace(window)
    else:
        reps = []
        for lo, window in windows:
            if dec.marker(window):
                reps.extend((a + lo, b + lo, r) for a, b, r in dec.replace(window))
    if not reps:
        return None
    view = splice(m, reps)
    if view.text == text:
        return None
    return view, _changed(reps)


_UNDONE_BY_ITSELF = frozenset({"reversed", "rot13"})
"""Decoders that undo themselves: applied to their own view they give back the text as written (or, where
they read only some lines, a mix of both), so they are never applied twice in a row."""


_NEVER_AFTER: dict[str, frozenset[str]] = {"form": frozenset({"url"})}
"""Decoders that never read a text another decoder produced: ``form`` reads a ``+`` in a query value as the space
it encodes, and a ``+`` that ``url`` decoded was written ``%2B``, the plus sign itself (``?grade=A%2B`` is ``A+``)."""


def canonical_views(
    m: Mapped | str, *, only: frozenset[str] | None = None, max_depth: int = MAX_DEPTH, spans: bool = True
) -> list[tuple[str, Mapped]]:
    """``[(view name, view)]``: every distinct decoded view of ``m``, breadth first (see the module).

    ``only`` limits the first level to the named decoders (nested levels use them all). A nested
    decoder reads what the decoder before it changed, with :data:`MARGIN` around it. ``spans``
    ``False``: the views' texts only, without offset maps (the same texts; for checks that point at
    nothing, whose memory then stays a bounded number of copies of the string, :func:`apply_text`).
    """
    splice = apply if spans else apply_text
    base = Mapped(m) if isinstance(m, str) else m
    limit = MAX_GROWTH * len(base.text) + 64
    seen = {base.text}
    out: list[tuple[str, Mapped]] = []
    frontier: list[tuple[str, Mapped, _Segments | None]] = [("", base, None)]
    steps = _steps(only)
    for depth in range(max_depth):
        nxt: list[tuple[str, Mapped, _Segments | None]] = []
        if depth == 1 and only is not None:
            steps = _steps(None)  # ``only`` limits the first level
        for name, view, segments in frontier:
            text = view.text
            windows = None if segments is None else [(lo, text[lo:hi]) for lo, hi in _windows(text, segments)]
            # What each marker reads: the text, or its one window (most nested views have one).
            one = text if windows is None else windows[0][1] if len(windows) == 1 else None
            # Every marker first, in one comprehension: most decoders' is absent, and the loop below then
            # runs for the few whose marker holds (a marker is a pure test of its text, so asking it of a
            # decoder skipped below changes nothing; ~1/4 of the pipeline's cost on a short string).
            if one is not None:
                marked = [step for step in steps if step[1](one)]
            else:
                marked = [step for step in steps if any(step[1](w) for _lo, w in windows or ())]
            for dec, _marker, undone in marked:
                if undone and name.endswith(("+" + dec.name, ":" + dec.name)):
                    continue  # read backwards twice is read as written, in pieces: no view, only artefacts
                after = _NEVER_AFTER.get(dec.name)
                if after and name and not after.isdisjoint(name.removeprefix("decoded:").split("+")):
                    continue  # a '+' url decoded from %2B is a plus, not a form-encoded space
                got = _decode_segments(view, dec, windows, one is not None, splice)
                if got is None:
                    continue
                child, changed = got
                if child.text in seen or len(child.text) > limit:
                    continue
                seen.add(child.text)
                cname = f"{name}+{dec.name}" if name else f"decoded:{dec.name}"
                out.append((cname, child))
                nxt.append((cname, child, changed))
                if len(out) >= MAX_VIEWS:
                    return out
        if not nxt:
            break
        frontier = nxt
    return out


def named_decoded_view(text: str, name: str) -> Mapped | None:
    """The decoded view of ``text`` that :func:`canonical_views` names ``name`` (``decoded:qp``), before
    any normalisation (case kept), or ``None``. A hit records only its folded view; the mention policy
    asks for the view as written (its case, its quotes) for the rare hit that only a decoder shows."""
    return dict(decoded_views(text)).get(name.split("+canonical", 1)[0].removesuffix("+ocr"))


def decoded_views(text: str) -> list[tuple[str, Mapped]]:
    """:func:`canonical_views` of ``text``, made once for the hits of one string that ask for them
    (the string last asked about is kept).

    The hits of one string are classified one after the other, so one entry serves them all; a string
    asked about again later is decoded again (the views are never stale, only recomputed)."""
    global _LAST_VIEWS
    if _LAST_VIEWS is None or _LAST_VIEWS[0] is not text:
        _LAST_VIEWS = (text, canonical_views(text))
    return _LAST_VIEWS[1]


_LAST_VIEWS: tuple[str, list[tuple[str, Mapped]]] | None = None


def view_names() -> list[str]:
    """The names of the registered decoders, in pipeline order."""
    return [d.name for d in _decoders()]
