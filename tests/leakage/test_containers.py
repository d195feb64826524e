"""pointers.containers: the one bounded walk over a projection's objects and lists (selection, sorted rows), and
node_at, the one walk of a pointer's tokens."""

from __future__ import annotations

from windtunnel.leakage.pointers import containers, node_at

DOC = {"a": [{"x": 1}, {"y": [{"z": 2}]}], "b": {"c": {"d": []}}, "s": "text"}


def test_every_object_and_list_with_its_path_depth_first() -> None:
    paths = [p for _n, p in containers(DOC, 100)]
    assert paths == [
        (),
        ("b",),
        ("b", "c"),
        ("b", "c", "d"),
        ("a",),
        ("a", "1"),
        ("a", "1", "y"),
        ("a", "1", "y", "0"),
        ("a", "0"),
    ]  # depth first, the last member first (a stack, as the walks it replaced)
    assert all(node_at(DOC, p) is n for n, p in containers(DOC, 100))


def test_a_pruned_path_is_neither_yielded_nor_walked_into() -> None:
    paths = [p for _n, p in containers(DOC, 100, prune=lambda p: p[:1] == ("a",))]
    assert paths == [(), ("b",), ("b", "c"), ("b", "c", "d")]
    assert list(containers(DOC, 100, prune=lambda p: True)) == []


def test_width_and_limit_bound_the_walk() -> None:
    wide = {"rows": [{"i": i} for i in range(10)]}
    assert len(list(containers(wide, 100, width=3))) == 2 + 3
    assert len(list(containers(wide, 4))) == 4


def test_node_at_leaves_the_document_as_none() -> None:
    assert node_at(DOC, ["a", "1", "y", "0", "z"]) == 2
    assert node_at(DOC, ["a", "5"]) is None and node_at(DOC, ["s", "x"]) is None and node_at(DOC, ["a", "x"]) is None
