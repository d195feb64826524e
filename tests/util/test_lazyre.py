"""lazy(): a module-level pattern compiled on first use, answering as the compiled pattern does (issue 28)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from windtunnel._util.lazyre import lazy

WORD = r"[A-Za-z][A-Za-z']*"


def test_nothing_is_compiled_until_first_use() -> None:
    pattern = lazy(r"(unbalanced")  # compiling it would raise: declaring it must not
    assert "_compiled" not in vars(pattern)
    with pytest.raises(re.error):  # ... its first use does
        pattern.search("x")


def test_the_first_use_compiles_once_and_keeps_the_methods() -> None:
    pattern = lazy(WORD, re.IGNORECASE)
    assert pattern.findall("don't stop") == ["don't", "stop"]
    compiled = vars(pattern)["_compiled"]
    assert compiled == re.compile(WORD, re.IGNORECASE)
    assert vars(pattern)["search"] == compiled.search  # later calls go straight to the compiled pattern
    assert pattern.pattern == WORD and pattern.flags == compiled.flags and pattern.groups == 0
    assert vars(pattern)["_compiled"] is compiled


def test_bytes_patterns() -> None:
    pattern = lazy(rb"\\.", re.DOTALL)
    assert pattern.sub(b"", b"a\\nb\\\nc") == b"abc"


@given(st.text(max_size=40))
def test_every_method_answers_as_re_compile(text: str) -> None:
    lazy_word, word = lazy(WORD), re.compile(WORD)
    assert lazy_word.findall(text) == word.findall(text)
    assert lazy_word.sub("-", text) == word.sub("-", text)
    assert lazy_word.subn("-", text) == word.subn("-", text)
    assert lazy_word.split(text) == word.split(text)
    assert [m.span() for m in lazy_word.finditer(text)] == [m.span() for m in word.finditer(text)]
    for method in ("search", "match", "fullmatch"):
        got, want = getattr(lazy_word, method)(text), getattr(word, method)(text)
        assert (got and got.span()) == (want and want.span())
