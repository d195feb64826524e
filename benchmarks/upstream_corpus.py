"""The upstream corpus: every ``flakestorm.yaml`` and doc snippet of upstream flakestorm, read by windtunnel.

The corpus is not shipped with windtunnel (upstream's files are not ours to commit, and the ``flakestorm``
wheel on PyPI carries no example config or doc). This benchmark reads it from a local git mirror of the
upstream repository when one is present (``$WINDTUNNEL_UPSTREAM_GIT``, default the workplace mirror)
and prints, for the files and the YAML blocks of its Markdown docs that are configs (a mapping with a
top-level config key), how many windtunnel accepts, how many it refuses (a ConfigError naming the key:
the expected answer for a snippet that is not a whole config, or for a misspelt key) and how many crash
it (any other exception: a bug). A snippet without ``agent:`` is also tried completed with a stub HTTP
agent, the way a user pastes it into a config. ``validate``'s upstream notes (config/upstream.py) are
counted too: the configs whose meaning differs between upstream and windtunnel.

Run from the repository root: ``python -m benchmarks upstream_corpus`` (prints "corpus not found" and
exits 0 without a mirror).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import yaml

DEFAULT_GIT = "/work/.mirror/flakestorm+flakestorm/repo"
TOP_KEYS = {
    "version", "agent", "model", "mutations", "golden_prompts", "invariants", "chaos", "contract",
    "chaos_matrix", "replays", "scoring", "output", "advanced",
}  # fmt: skip
_FENCE = re.compile(r"^```(?:ya?ml)\s*\n(.*?)^```", re.MULTILINE | re.DOTALL)
STUB_AGENT = {"type": "http", "endpoint": "http://127.0.0.1:8000/invoke"}


def _git(git_dir: str, *args: str) -> str:
    return subprocess.run(["git", f"--git-dir={git_dir}", *args], check=True, capture_output=True, text=True).stdout


def corpus(git_dir: str) -> list[tuple[str, str]]:
    """``(name, text)`` of every config file and config-shaped Markdown YAML block at the mirror's HEAD."""
    files = _git(git_dir, "ls-tree", "-r", "--name-only", "HEAD").splitlines()
    out: list[tuple[str, str]] = []
    for name in files:
        base = name.rsplit("/", 1)[-1]
        if base.startswith("flakestorm.yaml") or (name.startswith("examples/") and base.endswith(".yaml")):
            if "/replays/" in name:
                continue  # a replay session file, not a config
            out.append((name, _git(git_dir, "show", f"HEAD:{name}")))
        elif name.endswith(".md"):
            text = _git(git_dir, "show", f"HEAD:{name}")
            for i, m in enumerate(_FENCE.finditer(text)):
                block = m.group(1)
                try:
                    doc = yaml.safe_load(block)
                except yaml.YAMLError:
                    doc = None
                if isinstance(doc, dict) and TOP_KEYS & set(doc):
                    out.append((f"{name}#yaml{i + 1}", block))
    return out


def judge(text: str, name: str) -> tuple[str, str, list[str]]:
    """``(verdict, detail, upstream notes)``: accepted, refused (a ConfigError) or crashed."""
    from windtunnel._util.errors import WindtunnelError
    from windtunnel.config.load import parse_config
    from windtunnel.config.upstream import upstream_notes

    try:
        cfg = parse_config(text, name)
    except WindtunnelError as err:
        return "refused", str(err).splitlines()[0][:160], []
    except Exception as err:  # a crash is a windtunnel bug: count it, show it
        return "crashed", f"{type(err).__name__}: {err}"[:160], []
    return "accepted", "", upstream_notes(cfg)


def main() -> list[tuple[str, str, str, bool]]:
    git_dir = os.environ.get("WINDTUNNEL_UPSTREAM_GIT", DEFAULT_GIT)
    if not Path(git_dir).exists():
        print(f"corpus not found: no upstream git mirror at {git_dir} (set WINDTUNNEL_UPSTREAM_GIT)")
        return []
    items = corpus(git_dir)
    verbose = "-v" in sys.argv
    tally: Counter[str] = Counter()
    completed: Counter[str] = Counter()
    noted = 0
    notes_by_kind: Counter[str] = Counter()
    for name, text in items:
        verdict, detail, notes = judge(text, name)
        tally[verdict] += 1
        if notes:
            noted += 1
            for n in notes:
                notes_by_kind[re.sub(r"^line \d+: ", "", n)[:60]] += 1
        doc = yaml.safe_load(text)
        if verdict == "refused" and isinstance(doc, dict) and "agent" not in doc:
            whole = {"agent": STUB_AGENT, "golden_prompts": ["hello"], **doc}
            verdict2, detail2, _ = judge(yaml.safe_dump(whole, sort_keys=False), name)
            completed[verdict2] += 1
            if verbose:
                print(f"  {name}: refused as written; with a stub agent {verdict2} {detail2}")
        elif verbose or verdict == "crashed":
            print(f"  {name}: {verdict} {detail}")
    total = len(items)
    print(
        f"upstream corpus ({git_dir} @ {_git(git_dir, 'rev-parse', '--short', 'HEAD').strip()}): {total} configs "
        f"and snippets: {tally['accepted']} accepted, {tally['refused']} refused, {tally['crashed']} crashed"
    )
    if completed:
        print(
            f"  snippets without agent:, completed with a stub agent: {completed['accepted']} accepted, "
            f"{completed['refused']} refused, {completed['crashed']} crashed"
        )
    print(f"  accepted configs with a validate note on a behaviour that differs from upstream: {noted}")
    for kind, n in notes_by_kind.most_common():
        print(f"    {n:3d}  {kind}")
    return [("upstream corpus: no crash", f"{tally['crashed']} of {total} crashed", "0 crashed", not tally["crashed"])]


if __name__ == "__main__":
    main()
