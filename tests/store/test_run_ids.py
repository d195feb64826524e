"""Run ids sort in the order they were made: the millisecond after the second, and a process never repeats one."""

from __future__ import annotations

import re
import threading
from datetime import datetime, timezone

from hypothesis import given
from hypothesis import strategies as st

from windtunnel.store import RunIds, new_run_id

FORMAT = re.compile(r"\d{8}-\d{6}-\d{3}[0-9a-f]{6}")
# 2026-12-02T08:21:51.407Z in nanoseconds since the epoch
NOON_NS = int(datetime(2026, 12, 2, 8, 21, 51, tzinfo=timezone.utc).timestamp()) * 10**9 + 407 * 10**6


def test_ids_made_in_sequence_sort_in_the_order_they_were_made() -> None:
    ids = [new_run_id() for _ in range(100)]  # more than one a millisecond: the clock alone would tie
    assert ids == sorted(ids) and len(set(ids)) == len(ids)
    assert all(FORMAT.fullmatch(i) for i in ids)


def test_a_stopped_clock_still_gives_increasing_ids_that_keep_the_date_and_second() -> None:
    ids = RunIds(clock=lambda: NOON_NS)
    first, second, third = ids.new(), ids.new(), ids.new()
    assert first[:16] == "20261202-082151-"  # the prefix users grep for is unchanged
    assert (first[16:19], second[16:19], third[16:19]) == ("407", "408", "409")
    assert first < second < third


def test_the_millisecond_carries_into_the_next_second_and_a_clock_stepping_back_is_ignored() -> None:
    end_of_second = NOON_NS + (999 - 407) * 10**6
    readings = iter([end_of_second, end_of_second, NOON_NS])  # the third reading: the clock stepped back
    ids = RunIds(clock=lambda: next(readings))
    a, b, c = ids.new(), ids.new(), ids.new()
    assert a.startswith("20261202-082151-999")
    assert b.startswith("20261202-082152-000") and c.startswith("20261202-082152-001")
    assert a < b < c


def test_old_ids_still_sort_by_their_second_among_new_ones() -> None:
    old, new = "20261125-224228-c0fb9c", RunIds(clock=lambda: NOON_NS).new()
    assert sorted([new, old]) == [old, new]  # an id of last week before one of today, whatever the tails


def test_threads_sharing_one_source_never_get_the_same_id() -> None:
    ids = RunIds(clock=lambda: NOON_NS)
    made: list[str] = []
    lock = threading.Lock()

    def make() -> None:
        for _ in range(200):
            run_id = ids.new()
            with lock:
                made.append(run_id)

    threads = [threading.Thread(target=make) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(set(made)) == 800


@given(st.lists(st.integers(min_value=10**18, max_value=4 * 10**18), min_size=1, max_size=40))
def test_whatever_the_clock_reads_the_ids_sort_in_the_order_they_were_made(readings: list[int]) -> None:
    """Any readings (2001 to 2096, repeated, out of order): the ids strictly increase, and each names the second
    of its reading or, when the clock lagged, a later one."""
    it = iter(readings)
    source = RunIds(clock=lambda: next(it))
    ids = [source.new() for _ in readings]
    assert ids == sorted(ids) and len(set(ids)) == len(ids)
    for run_id, ns in zip(ids, readings, strict=True):
        assert FORMAT.fullmatch(run_id)
        assert run_id[:15] >= datetime.fromtimestamp(ns // 10**9, timezone.utc).strftime("%Y%m%d-%H%M%S")
