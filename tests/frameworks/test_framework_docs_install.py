"""docs/frameworks/langgraph.md: every package its example imports is installed by the line the doc gives."""

from __future__ import annotations

import re
import sys
from importlib.metadata import metadata, packages_distributions

from tests.conftest import REPO


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def test_the_langgraph_example_imports_only_what_its_install_line_installs() -> None:
    text = (REPO / "docs" / "frameworks" / "langgraph.md").read_text(encoding="utf-8")
    code = "\n".join(re.findall(r"```python\n(.*?)```", text, flags=re.S))
    modules = {m.split(".")[0] for m in re.findall(r"^\s*(?:from|import)\s+([\w.]+)", code, flags=re.M)}
    third_party = {m for m in modules if m not in sys.stdlib_module_names and m != "windtunnel"}
    dists = packages_distributions()
    (line,) = re.findall(r"`pip install ([^`]+)`", text)
    extras = re.findall(r"windtunnel\[([\w,-]+)\]", line)
    named = {_norm(w) for w in line.split() if not w.startswith("'windtunnel")}
    for req in metadata("windtunnel").get_all("Requires-Dist") or []:
        name, _, marker = req.partition(";")
        if any(re.search(rf"extra\s*==\s*['\"]{re.escape(e)}['\"]", marker) for e in extras):
            named.add(_norm(re.split(r"[<>=!~\[ ]", name.strip(), maxsplit=1)[0]))
    missing = sorted(m for m in third_party if not {_norm(d) for d in dists[m]} & named)  # namespace: any of them
    assert not missing, f"imported by the example, not installed by `pip install {line}`: {missing}"
