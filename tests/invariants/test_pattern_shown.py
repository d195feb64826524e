"""QA pass 17: a failed `regex` check showed the user's pattern with every backslash doubled (Python's repr), a
different pattern if copied back into the config. Patterns are now shown as the config writes them."""

from __future__ import annotations

from invariant_samples import ctx

from windtunnel.invariants.deterministic import ExcludesPattern, Regex

MONEY = r"\$\d+\.\d\d"


def test_a_regex_that_did_not_match_is_shown_as_written() -> None:
    result = Regex(pattern=MONEY).check(ctx("Your balance: $12"))
    assert not result.passed
    assert result.detail == "pattern '" + MONEY + "' did not match the output 'Your balance: $12'"


def test_a_forbidden_pattern_that_matched_is_shown_as_written() -> None:
    result = ExcludesPattern(patterns=[r"SECRET-\w+"]).check(ctx("it is SECRET-SYS"))
    assert result.detail == r"forbidden pattern found: 'SECRET-\w+' matched 'SECRET-SYS'"


def test_a_pattern_with_a_quote_or_a_control_character_is_shown_unambiguously() -> None:
    assert Regex(pattern="it's").check(ctx("no")).detail.startswith('pattern "it\'s" did not match')
    assert Regex(pattern="a\tb").check(ctx("no")).detail.startswith("pattern 'a\\tb' did not match")
