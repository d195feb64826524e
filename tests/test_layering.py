"""The import layering: no package imports one above it, and no two packages import each other.

Function-local imports count (they still tie the packages together); imports under ``TYPE_CHECKING`` do not.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "windtunnel"

LAYERS: list[set[str]] = [
    {"_version", "_util"},
    {"errors", "report", "chaos", "invariants"},  # report: the typed report models; chaos: the fault machinery
    {"agents", "mutations"},  # agents: adapters + their config section, which install chaos's seams
    {"config"},  # composes the sections the packages below own
    {"engine", "reports"},
    {"contracts", "replay", "store"},
    {"leakage"},
    {"flows"},  # the application layer
    {"view"},  # the web viewer over the store (and the leak audit page)
    {"windtunnel", "_api", "leak", "cli", "pytest_plugin", "__main__"},
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


def arrows(root: Path = SRC) -> dict[tuple[str, str], list[str]]:
    """``(importer, imported)`` package pairs with the ``file:line`` of each import."""
    out: dict[tuple[str, str], list[str]] = defaultdict(list)
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root)
        source = rel.parts[0].removesuffix(".py") if rel.parts[0] != "__init__.py" else "windtunnel"
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip = _typing_only(tree)
        for node in ast.walk(tree):
            if id(node) in skip:
                continue
            targets: list[str] = []
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                if node.module == "windtunnel":
                    targets = ["_version" if a.name == "__version__" else a.name for a in node.names]
                elif node.module.startswith("windtunnel."):
                    targets = [_package(node.module)]
            elif isinstance(node, ast.Import):
                targets = [_package(a.name) for a in node.names if a.name.startswith("windtunnel")]
            for target in targets:
                if target != source:
                    out[(source, target)].append(f"{rel}:{node.lineno}")
    return out


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


def test_every_package_is_in_a_layer() -> None:
    packages = {p.name.removesuffix(".py") for p in SRC.iterdir() if p.suffix == ".py" or (p / "__init__.py").exists()}
    packages = {"windtunnel" if p == "__init__" else p for p in packages}
    assert packages <= set(LAYER), sorted(packages - set(LAYER))


def test_no_package_imports_one_above_it_and_no_cycles() -> None:
    assert violations(arrows()) == []


def test_the_check_catches_an_upward_import_and_a_cycle() -> None:
    found = dict(arrows())
    found[("config", "flows")] = ["config/model.py:1"]
    found[("agents", "invariants")] = ["agents/x.py:1"]
    found[("invariants", "agents")] = ["invariants/x.py:1"]
    problems = violations(found)
    assert any(p.startswith("config (layer 3) imports flows (layer 7)") for p in problems)
    assert any(p.startswith("agents <-> invariants import each other") for p in problems)
