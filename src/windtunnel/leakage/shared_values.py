"""Values of a field that ride with no label: held alike by the items of several labels.

A field some of whose values were mined is blanked on every item that fills it
(:func:`~windtunnel.leakage.sanitize.uniform_fields`): its other values may be the riders of the labels mining found
too rare to prove (``priority_id: 1`` mined for ``Low``, ``2``, ``3`` and ``4`` not), and a blank only where a mined
value was would name its label. A value that the items of several labels hold, each label about as often as its share
of the field's items, is shown not to be such a rider (a work queue ``EXQ-NEW-KCK`` that new exceptions of every
disposition sit in, beside ``EXQ-OSD-KCK`` on the damage claims only): blanking it as well cuts a clean record for
nothing. So it is kept, when what is blanked falls on the labels like the items filling the places it is blanked at
(:func:`shared_values`, :func:`blanks_unlike_holders`: no dependence between blanked and label beyond chance), and a
clean record keeps its bytes, as issue #25 asks: the sanitizer cuts a value where it carries the answer, not because
its field carries it on other records. When the blanks lean to a label (a fee of ``2500`` mined for one label beside
``800`` and ``1200`` shared by all), or fall on some labels only (riders of two labels of six: an empty value would
make those two likelier), the field is blanked on every item as before. Blanks too few to differ beyond chance keep
the values held alike; of those, the ones on a single label's items (or on labels no item keeping the field holds) are
then blanked on every item by the test of the sanitized output
(:class:`~windtunnel.leakage.edit_watch.EliminationWatch`), which weighs every edit at the field, the scan's too.
:func:`drawn_alike`, the stricter test (every label at its share, none missed beyond chance), still decides where an
edit must read as a draw of the field's items (the empty values a field already holds, a kept part of a value).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from windtunnel._util.stats import chi2_sf
from windtunnel.leakage.baseline import binom_cdf, binom_sf

SHARED_ALPHA = 0.05
"""A value is shared when it is held by items of two labels or more and none of its labels is above its share of the
field's items at this level (one-sided exact binomial; in :func:`shared_values`, Bonferroni-corrected over the labels
holding the value: uncorrected, a consumable every label's records hold, ``CABLE TIES 300MM BLACK`` on 37 records of
six labels, lean to one of them by chance one time in four and went on every record; :func:`alike_values`, which asks
more, five items of every label, stays uncorrected)."""

BLANK_ALPHA = 0.01
"""The blanks left (the values not shared) must fall on the labels like the field's items: for :func:`shared_values`
the chi-square test of independence between blanked and label (:func:`blanks_unlike_holders`); for
:func:`drawn_alike`, one-sided exact binomial tests of each label's count among them against its share of the field's
items (above it, below it), Bonferroni-corrected over the labels."""

MISSED_ALPHA = 0.05
"""For :func:`drawn_alike`: the labels filling the field that no edit falls on must be ones a draw of as many items
misses this often at least: ``(1 - s) ** n`` for their summed share ``s`` of the field's items and ``n`` edits (one
test, uncorrected, so it errs towards editing every item): an edit then rules out no label a reader could not have
missed anyway."""


def shared_values(
    holders: Iterable[tuple[str, str]], records: Iterable[str] | None = None, places: Iterable[str] | None = None
) -> frozenset[str]:
    """The values of one field to keep, from ``holders``: ``(value, label)`` per place filling the field (a value as its
    JSON text, so ``1`` and ``"1"`` differ). A value is kept when items of two labels or more hold it and none of its
    labels leans beyond chance (:data:`SHARED_ALPHA`); none is kept when the items holding the other values (those
    blanked) fall on the labels unlike the field's items (:func:`blanks_unlike_holders`), since an empty value would
    then make some labels likelier. With nothing blanked, the values kept are all there is.

    ``records`` names the record of each place (a list field has several per record): the test then counts records,
    not places: a value's holders are the records holding it, the blanked the records holding a value not kept, and
    each label's share that of the records filling the field. A record of one label with three rider places in a list
    beside the others' one is one record blanked, as theirs: what a blank tells is which records hold one (how many
    places a record's list has, its schema shows whatever is blanked). Without it, each place is a record of its own.

    ``places`` names each place (its pointer): the blanked are then weighed against the records filling one of the
    places a blank falls on (a router's output at step 1 or 2, not the subject at step 0 every record fills): which
    records have a value there at all their schema shows blanked or not, and a blank tells only which of those lost
    it. Without it, against every record filling the field."""
    rows = list(holders)
    ids: list[object] = list(records) if records is not None else list(range(len(rows)))
    at: list[str | None] = list(places) if places is not None else [None] * len(rows)
    by_value: dict[str, dict[str, set[object]]] = {}
    of_record: dict[object, tuple[str, set[str]]] = {}
    where: dict[object, set[tuple[str | None, str]]] = {}
    for (value, label), rec, place in zip(rows, ids, at, strict=True):
        by_value.setdefault(value, {}).setdefault(label, set()).add(rec)
        of_record.setdefault(rec, (label, set()))[1].add(value)
        where.setdefault(rec, set()).add((place, value))
    total: Counter[str] = Counter(label for label, _ in of_record.values())
    n_all = sum(total.values())
    if len(total) < 2:
        return frozenset()
    share = {label: count / n_all for label, count in total.items()}
    kept = {
        value
        for value, held in by_value.items()
        if len(held) >= 2
        and all(
            binom_sf(len(recs), sum(len(r) for r in held.values()), share[label]) * len(held) > SHARED_ALPHA
            for label, recs in held.items()
        )
    }
    blanked = Counter(label for label, values in of_record.values() if values - kept)
    if places is not None:
        gone = {place for held in where.values() for place, value in held if value not in kept}
        total = Counter(label for rec, (label, _) in of_record.items() if any(p in gone for p, _ in where[rec]))
    if not kept or blanks_unlike_holders(blanked, total):
        return frozenset()
    return frozenset(kept)


def blanks_unlike_holders(edited: Counter[str], total: Counter[str]) -> bool:
    """Whether the items ``edited`` (per label, how many) fall on the labels unlike the field's items (``total`` per
    label) beyond chance: the test of independence between being blanked and the label over the field's items (Pearson
    chi-square of the table blanked / kept by label, its labels less one degrees of freedom, at :data:`BLANK_ALPHA`).
    Blanks leaning to one label, or all on some labels of several (riders mined for the two strongest states of six: an
    empty remark would say "one of those two"), are unlike them; blanks too few to differ beyond chance are not (where
    that line falls depends on the number of labels and their sizes: three blanks on one label of three labels of 50
    items are not unlike, on one of six labels of 30 they are, p 0.009; Pearson's test with expected counts below one
    errs towards blanking), and keep the values held alike (the sanitized output's own test then weighs them with the
    scan's edits: :class:`~windtunnel.leakage.edit_watch.EliminationWatch` blanks a field whose blanks fall on one
    label's items only, or on labels no item keeping it filled holds). Blanks on every item, or on none, or among
    the items of one label only, tell no label apart from another: not unlike (the places a blank falls on held by
    three records of one label only, a fourth radio log line: their schema names those records blanked or not)."""
    n_all, n_edited = sum(total.values()), sum(edited.values())
    if len(total) < 2 or n_edited in (0, n_all):
        return False
    x = 0.0
    for label, count in total.items():
        for observed, of in ((edited.get(label, 0), n_edited), (count - edited.get(label, 0), n_all - n_edited)):
            expected = count * of / n_all
            x += (observed - expected) ** 2 / expected
    return chi2_sf(x, len(total) - 1) <= BLANK_ALPHA


def drawn_alike(edited: Counter[str], total: Counter[str]) -> bool:
    """Whether the items ``edited`` (per label, how many) fall on the labels as a draw of as many of the field's items
    (``total`` per label) would: on two labels or more, none above or below its share beyond chance
    (:data:`BLANK_ALPHA`), and the labels missed ones a draw of as many items misses this often at least
    (:data:`MISSED_ALPHA`). An edit (a blank, a cut leaving the same words on every item it touches) on such items
    names no label; one on the items of some labels only does."""
    n_all, n_edited = sum(total.values()), sum(edited.values())
    if len(total) < 2 or len(edited) < 2 or not n_all:
        return False
    share = {label: count / n_all for label, count in total.items()}
    missed = sum(share[label] for label in total if label not in edited)
    if (1 - missed) ** n_edited <= MISSED_ALPHA:
        return False
    for label in total:
        k = edited.get(label, 0)
        if min(binom_sf(k, n_edited, share[label]), binom_cdf(k, n_edited, share[label])) * len(total) <= BLANK_ALPHA:
            return False
    return True


ALIKE_PER_LABEL = 5
"""A value is held alike only when the items of every label hold it this many times at least: shown to ride with no
label, not merely seen on a few items of each (on three items, no lean could show)."""

AlikeValues = dict[str, frozenset[int]]
"""Per field template, the values (hashes of their JSON text) the items of every label hold alike
(:func:`alike_values`)."""


def alike_values(rows: Iterable[tuple[str, int, str]]) -> AlikeValues:
    """The values each field's items hold alike across the labels, from ``rows``: ``(template, value hash, label)``
    per item and value it holds there (each once per item). A value is held alike when the items of every label of
    the rows hold it, each at least :data:`ALIKE_PER_LABEL` times, and none of those labels holds it beyond its share
    of the field's items (one-sided exact binomial at :data:`SHARED_ALPHA`, as :func:`shared_values` keeps a value).
    Such a value tells no label: an
    instruction every record carries as it is, a status every label's records show. A finding there (a phrase the
    scan reads as naming the answer on one label's items, a mined word that also sits in it) is no evidence that
    reaches the record, and a cut there on some labels' items only would tell the label by the cut."""
    by_field: dict[str, dict[int, Counter[str]]] = {}
    filled: dict[str, Counter[str]] = {}
    labels: set[str] = set()
    for template, value, label in rows:
        by_field.setdefault(template, {}).setdefault(value, Counter())[label] += 1
        filled.setdefault(template, Counter())[label] += 1
        labels.add(label)
    if len(labels) < 2:
        return {}
    out: AlikeValues = {}
    for template, values in by_field.items():
        total = filled[template]
        n_all = sum(total.values())
        alike = frozenset(
            value
            for value, counts in values.items()
            if set(counts) == labels
            and min(counts.values()) >= ALIKE_PER_LABEL
            and all(
                binom_sf(k, sum(counts.values()), total[label] / n_all) > SHARED_ALPHA for label, k in counts.items()
            )
        )
        if alike:
            out[template] = alike
    return out
