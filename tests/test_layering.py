"""The import graph: no package imports one above it, and no two files import each other, even through others.

Both checks read ``src/windtunnel`` with ``ast``. Function-local imports count (they still tie the files together
at run time); imports under ``TYPE_CHECKING`` do not (they never run). ``from windtunnel.a import b`` is an arrow
to the module ``windtunnel/a/b.py`` when ``b`` is a submodule, else to ``windtunnel/a/__init__.py``.

Imports by name count too: a module that calls ``import_module`` gets an arrow to every module whose dotted name is a
string constant in it (``"windtunnel.engine.ray_executor"``), marked ``by name``. Two kinds of them are allowed, each
listed with its reason: the registries that modules register into (:data:`REGISTRIES`: the registry imports its
plugins by name to fill itself, and each plugin imports the registry to register) close no real circle, since the
plugin never needs the registry to have finished loading it; and the lazy re-exports of four packages
(:data:`LAZY_REEXPORTS`: a module ``__getattr__`` and a table of module names, for start-up time), whose arrows are
kept in the graph and checked like any other. Names built at run time (``f"{__name__}.{home}"``, the CLI's table of
command modules) are not seen.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from itertools import pairwise
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "windtunnel"

LAYERS: list[set[str]] = [
    {"_version", "_util", "errors", "report"},  # report: the typed report models
    {"chaos", "invariants"},  # chaos: the fault machinery
    {"agents"},  # adapters + their config section, which install chaos's seams
    {"mutations"},
    {"config"},  # composes the sections the packages below own
    {"engine"},
    {"contracts", "replay", "leakage", "reports"},  # the domains built on the engine
    {"store"},
    {"flows"},  # the application layer
    {"windtunnel", "_api", "leak"},  # the library API
    {"view", "pytest_plugin"},  # the web viewer over the store; the pytest plugin over the API
    {"cli", "__main__"},
]
LAYER = {name: i for i, names in enumerate(LAYERS) for name in names}


def _package(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "windtunnel"


def _typing_only(tree: ast.AST) -> set[int]:
    ids: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            ids |= {id(n) for n in ast.walk(node)}
    return ids


def _module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _by_name(tree: ast.AST, files: dict[str, Path]) -> list[tuple[str, int]]:
    """The modules ``tree`` imports by name: when it calls ``import_module``, every string constant in it that is the
    dotted name of a module of the package, with its line."""
    calls = any(
        isinstance(node, ast.Call)
        and (
            (isinstance(node.func, ast.Name) and node.func.id == "import_module")
            or (isinstance(node.func, ast.Attribute) and node.func.attr == "import_module")
        )
        for node in ast.walk(tree)
    )
    if not calls:
        return []
    return [
        (node.value, node.lineno)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in files
    ]


def module_graph(root: Path = SRC, *, by_name: bool = True) -> dict[str, dict[str, str]]:
    """``{importer: {imported: "file:line"}}`` over the modules of the package at ``root``; with ``by_name``, the
    imports by name too (``"file:line by name"``)."""
    files = {_module_name(p, root): p for p in sorted(root.rglob("*.py"))}
    graph: dict[str, dict[str, str]] = {name: {} for name in files}
    for name, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip = _typing_only(tree)
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(tree):
            if id(node) in skip:
                continue
            targets: list[str] = []
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[: len(package.split(".")) - node.level + 1]
                    module = ".".join([*base, node.module] if node.module else base)
                else:
                    module = node.module or ""
                if module.split(".")[0] == root.name:
                    targets = [f"{module}.{a.name}" if f"{module}.{a.name}" in files else module for a in node.names]
                if module == root.name:  # ``from windtunnel import __version__``: the name lives in _version.py
                    targets = [
                        f"{module}._version" if a.name == "__version__" else t
                        for a, t in zip(node.names, targets, strict=True)
                    ]
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names if a.name.split(".")[0] == root.name]
            for target in targets:
                while target not in files and "." in target:
                    target = target.rpartition(".")[0]
                if target in files and target != name:
                    where = f"{path.relative_to(root)}:{node.lineno}"
                    graph[name].setdefault(target, where)
                    # importing a.b.c first runs a/__init__ and a/b/__init__: those are arrows too, unless they
                    # enclose the importer (then they are already being imported when it runs)
                    parent = target.rpartition(".")[0]
                    while parent and parent != root.name:
                        if parent != name and not name.startswith(parent + ".") and parent in files:
                            graph[name].setdefault(parent, where)
                        parent = parent.rpartition(".")[0]
        if by_name:
            for target, line in _by_name(tree, files):
                if target != name:
                    graph[name].setdefault(target, f"{path.relative_to(root)}:{line} by name")
    return graph


def arrows(root: Path = SRC, graph: dict[str, dict[str, str]] | None = None) -> dict[tuple[str, str], list[str]]:
    """``(importer, imported)`` package pairs with the ``file:line`` of each import (of ``graph``, when given:
    ``module_graph(root)``)."""
    out: dict[tuple[str, str], list[str]] = defaultdict(list)
    for importer, imported in (module_graph(root) if graph is None else graph).items():
        for target, where in imported.items():
            if _package(importer) != _package(target):
                out[(_package(importer), _package(target))].append(where)
    return out


def cycles(graph: dict[str, dict[str, str]]) -> list[list[str]]:
    """One circle per strongly connected set of modules, as ``a (file:line) -> b ... -> a``."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, {}):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            members = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                members.add(w)
                if w == v:
                    break
            if len(members) > 1:
                found.append(_one_circle(graph, members))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)


def _one_circle(graph: dict[str, dict[str, str]], members: set[str]) -> list[str]:
    """The shortest circle through the first member, each step with the import that makes it."""
    start = min(members)
    paths: dict[str, list[str]] = {start: [start]}
    frontier = [start]
    while frontier:
        nxt = []
        for v in frontier:
            for w in sorted(graph[v]):
                if w == start:
                    path = [*paths[v], start]
                    others = sorted(members - set(path))
                    last = start + (f" (the circle also runs through {', '.join(others)})" if others else "")
                    return [f"{a} ({graph[a][b]})" for a, b in pairwise(path)] + [last]
                if w in members and w not in paths:
                    paths[w] = [*paths[v], w]
                    nxt.append(w)
        frontier = nxt
    raise AssertionError(f"no circle through {start}")


REGISTRIES = {
    "windtunnel.agents.registry": "agent types: BUILTIN names each adapter module, imported to fill the registry",
    "windtunnel.reports.base": "reporters: BUILTIN names each renderer module, imported to fill the registry",
    "windtunnel.replay.importers.registry": "replay importers: each trace format's module, imported to fill it",
}
"""Registries that import the modules that register into them by name, with the reason: a plugin imports its
registry to register, and the registry imports the plugins to fill itself when first asked. That circle is the
registry pattern's own and harmless (the plugin needs only the registry's decorator, defined before the names are
imported), so the cycle check leaves out a registry's arrows by name; every other arrow of theirs is checked."""

LAZY_REEXPORTS = ("windtunnel", "windtunnel.chaos", "windtunnel.chaos.proxy", "windtunnel.contracts")
"""Packages that re-export names lazily (a module ``__getattr__`` over a table of module names), for start-up time.
They may stay: their arrows by name are in the graph and checked like any other (``windtunnel.contracts`` builds
its names at run time, so its arrows are not seen)."""


def without_registries(graph: dict[str, dict[str, str]]) -> dict[str, dict[str, str]]:
    """``graph`` less the arrows by name of :data:`REGISTRIES` (see there)."""
    return {
        importer: {
            target: where
            for target, where in imported.items()
            if not (importer in REGISTRIES and where.endswith(" by name"))
        }
        for importer, imported in graph.items()
    }


KNOWN_DEBT: set[tuple[str, str]] = set()
"""Arrows that break the layering today, with the reason, to be removed (none)."""


def violations(found: dict[tuple[str, str], list[str]]) -> list[str]:
    """Upward arrows, unknown packages and mutual imports, each with where it happens."""
    out = []
    for (src, dst), where in sorted(found.items()):
        if (src, dst) in KNOWN_DEBT:
            continue
        if src not in LAYER or dst not in LAYER:
            out.append(f"{src} -> {dst}: put the package in a layer of tests/test_layering.py ({where[0]})")
        elif LAYER[dst] > LAYER[src]:
            out.append(f"{src} (layer {LAYER[src]}) imports {dst} (layer {LAYER[dst]}) above it: {where[:3]}")
        if (dst, src) in found and src < dst:
            out.append(f"{src} <-> {dst} import each other: {where[:2]} / {found[(dst, src)][:2]}")
    return out


@pytest.fixture(scope="module")
def src_graph() -> dict[str, dict[str, str]]:
    """``module_graph()`` of the package, parsed once for the tests below (none of them changes it)."""
    return module_graph()


def test_every_package_is_in_a_layer() -> None:
    packages = {p.name.removesuffix(".py") for p in SRC.iterdir() if p.suffix == ".py" or (p / "__init__.py").exists()}
    packages = {"windtunnel" if p == "__init__" else p for p in packages}
    assert packages <= set(LAYER), sorted(packages - set(LAYER))


def test_no_package_imports_one_above_it_and_no_cycles(src_graph: dict[str, dict[str, str]]) -> None:
    assert violations(arrows(graph=src_graph)) == []


def test_no_file_level_circle(src_graph: dict[str, dict[str, str]]) -> None:
    found = cycles(without_registries(src_graph))
    assert found == [], "file-level import circles:\n" + "\n".join(" -> ".join(c) for c in found)


def _throwaway(tmp_path: Path, files: dict[str, str]) -> Path:
    """A throwaway ``windtunnel`` package under ``tmp_path``: each file's path inside it and its text."""
    pkg = tmp_path / "windtunnel"
    for rel, text in files.items():
        (pkg / rel).parent.mkdir(parents=True, exist_ok=True)
        (pkg / rel).write_text(text)
    return pkg


def test_the_check_catches_an_upward_import_and_a_cycle(src_graph: dict[str, dict[str, str]]) -> None:
    found = dict(arrows(graph=src_graph))
    found[("config", "flows")] = ["config/model.py:1"]
    found[("agents", "invariants")] = ["agents/x.py:1"]
    found[("invariants", "agents")] = ["invariants/x.py:1"]
    problems = violations(found)
    assert any(p.startswith("config (layer 4) imports flows (layer 8)") for p in problems)
    assert any(p.startswith("agents <-> invariants import each other") for p in problems)


def test_the_graph_sees_submodules_function_imports_and_circles(tmp_path: Path) -> None:
    pkg = _throwaway(
        tmp_path,
        {
            "__init__.py": "",
            "a/__init__.py": "X = 1\n",
            "a/b.py": "def f():\n    from windtunnel.a import c\n",
            "a/c.py": "from typing import TYPE_CHECKING\nfrom . import X\nfrom .b import f\n",
            "d.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from windtunnel.a import c\n",
        },
    )
    graph = module_graph(pkg)
    assert graph["windtunnel.a.b"] == {"windtunnel.a.c": "a/b.py:2"}
    assert graph["windtunnel.a.c"] == {"windtunnel.a": "a/c.py:2", "windtunnel.a.b": "a/c.py:3"}
    assert graph["windtunnel.d"] == {}
    assert cycles(graph) == [["windtunnel.a.b (a/b.py:2)", "windtunnel.a.c (a/c.py:3)", "windtunnel.a.b"]]


def test_imports_by_name_are_arrows_and_only_a_listed_registry_may_close_a_circle_with_them(tmp_path: Path) -> None:
    # the executor circle this test once missed: session -> remote -> by name ray_executor -> session
    pkg = _throwaway(
        tmp_path,
        {
            "__init__.py": "",
            "engine/__init__.py": "",
            "engine/session.py": "from windtunnel.engine.remote import pick\n",
            "engine/remote.py": (
                "from importlib import import_module\n\nTABLE = {'ray': 'windtunnel.engine.ray_executor'}\n\n"
                "def pick(name):\n    return import_module(TABLE[name])\n"
            ),
            "engine/ray_executor.py": "from windtunnel.engine.session import Session\n",
            "engine/names.py": "TEXT = 'windtunnel.engine.session'\n",  # no import_module: no arrow
        },
    )
    graph = module_graph(pkg)
    assert graph["windtunnel.engine.remote"] == {"windtunnel.engine.ray_executor": "engine/remote.py:3 by name"}
    assert graph["windtunnel.engine.names"] == {}
    assert module_graph(pkg, by_name=False)["windtunnel.engine.remote"] == {}
    [circle] = cycles(without_registries(graph))
    assert "by name" in " ".join(circle)
    # the same shape from a listed registry is the registry pattern: allowed
    REGISTRIES["windtunnel.engine.remote"] = "a test"
    try:
        assert cycles(without_registries(graph)) == []
    finally:
        del REGISTRIES["windtunnel.engine.remote"]


def test_the_executor_is_found_through_its_registry_and_the_session_never_reaches_it(
    src_graph: dict[str, dict[str, str]],
) -> None:
    """The session asks ``engine/remote.py`` for a registered executor; only ``engine/placement.py`` (which the flows
    call) imports the Ray executor's module, by name (issue #28)."""
    graph = src_graph
    assert graph["windtunnel.engine.placement"].get("windtunnel.engine.ray_executor", "").endswith(" by name")
    assert "windtunnel.engine.ray_executor" not in _reachable(graph, "windtunnel.engine.session")


def test_importing_a_submodule_runs_its_package_init_so_a_circle_through_it_is_seen(tmp_path: Path) -> None:
    # the shape of a circle that once slipped through: session -> importers.common, whose package __init__
    # imports importers.registry, which imports session (importing session first failed)
    pkg = _throwaway(
        tmp_path,
        {
            "__init__.py": "",
            "r/__init__.py": "",
            "r/session.py": "from windtunnel.r.imp.common import chat\n",
            "r/imp/__init__.py": "from windtunnel.r.imp.registry import table\n",
            "r/imp/common.py": "def chat(): ...\n",
            "r/imp/registry.py": "from windtunnel.r.session import Session\n",
        },
    )
    graph = module_graph(pkg)
    assert graph["windtunnel.r.session"] == {
        "windtunnel.r.imp.common": "r/session.py:1",
        "windtunnel.r.imp": "r/session.py:1",
    }
    assert "windtunnel.r" not in graph["windtunnel.r.imp.registry"]  # an enclosing package is no arrow
    [circle] = cycles(graph)
    assert circle[0].startswith("windtunnel.r.imp (r/imp/__init__.py:1)")


def _reachable(graph: dict[str, dict[str, str]], start: str) -> set[str]:
    seen, todo = {start}, [start]
    while todo:
        for nxt in graph[todo.pop()]:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def test_the_python_adapter_reaches_no_other_adapter(src_graph: dict[str, dict[str, str]]) -> None:
    """The adapters import the python adapter (``agents/_framework.py``), so it must not reach them back: neither
    directly nor through ``agents/frameworks.py``, which imports them by name (issue #28). It asks
    ``agents/detect.py`` what an object is and the registry for an agent type."""
    reached = _reachable(without_registries(src_graph), "windtunnel.agents.python")  # the registry: on demand
    adapters = {f"windtunnel.agents.{name}" for name in FRAMEWORK_MODULES} | {"windtunnel.agents.frameworks"}
    assert reached & adapters == set(), sorted(reached & adapters)


FRAMEWORK_MODULES = ("_framework", "openai_agents", "langgraph", "pydantic_ai", "smolagents", "llama_index", "dspy")
