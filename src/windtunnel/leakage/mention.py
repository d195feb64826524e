"""The mention policy: when a one-word answer stated in prose gives the answer away.

A label found in free text is a leak when its context ties it to the task, and for review otherwise:

* **naming word** (rule ``…target-mention``): the task's noun or a naming word near it in the same
  clause — ``high priority``, ``Triage label High``, ``severity was set to high``. The default words
  are :data:`NAMING_WORDS`; the item's ``target`` and its ``context_words`` are added;
* **key-value** (``…key-value``, decided in :mod:`scan`): ``Priority: High``, ``priority=high``, also
  inside decoded content (``{"label": "High"}`` in base64, ``label%3DHigh``);
* **emphasis / markup** (``…emphasis``): the label alone inside emphasis, code, a link text or an
  inline HTML tag (Markdown and Slack mrkdwn parsed by markdown-it-py), inside an ADF text node with
  marks, a Notion rich text with annotations or a Slack rich-text element with a style; or glued inside
  quotes, brackets or markup in the label's case (``"High"``, ``[High]``, ``{color:red}High{color}``);
* **statement** (``…statement``): a copular or assigning construction right before it
  (``this one is High``, ``marked as High``, ``bumped to High``, ``routing to Finance``), or a decision
  that the label ends (``we went with High.``);
* **table cell** (``…key-value``): the whole cell of a one-record table (HTML, pipe, CSV / TSV);
* **field as the name** (``…key-value``): a short value under a field naming the task, its other tokens
  codes (``"priority": "2 - High"``); **heading and paragraph**: ``### Priority\n\nHigh``;
* **selection mark** (``…selected``): the one marked element of a listing (``[x] High``, ``☑ High``,
  ``<option selected>High``); **rating**: ``4/5``, ``4 out of 5``, ``4 stars`` with a numeric label set;
* a URL path or file-name segment (``…/priorities/high.png``) is decided in :mod:`scan`.

Case: when the label is written with capitals (``High``), a mention in another case (``the load is
high``) is an ordinary word, so the weak cues (statement, quotes) need the label's own case; naming
words, key-value, markup and URLs do not. A listing of two or more labels of the set (``Pick one of:
High, Medium, Low``) is an options listing and never a leak.

**Why a policy and not a word search.** Most labels are ordinary words ("high", "low", "billing",
"yes"), and prose that mentions them is usually about something else ("the tide was high"). Counting
every mention would flag most documents and teach users to ignore the audit; ignoring them would miss
"we agreed this is high priority". The policy is principle 2 of ``docs/leakage.md``: a word in prose
leaks when something ties it to the task, and each cue above is one such tie, tried in a fixed order;
a bare mention is a ``low`` review finding (``--strict`` makes it count).

The functions here are predicates on ``(text, a, b)``: the string and the hit's span in it (or in the
view it was seen in). They answer "is this cue present here", never "is this a leak"; the decision,
with severities and rules, is made in :mod:`.scan`, which calls them in order. The cues look at a
bounded window around the hit (a few dozen characters for a name or a statement, a paragraph or a table
within ``_WINDOW`` characters each side), so a long document's cost follows its hits, not its length
times its hits. The one exception is the emphasis cue's Markdown parse, which covers the whole string:
it is cached per string up to ``_CACHE_TEXT`` characters.

The naming words are families of English words per kind of task (priority, label, size, status,
rating, tier, sentiment …), extended by the item's ``target`` and ``context_words``: a rule that names a
family on purpose, since "what names the task" is a fact about the language, listed in the docs' table
of rules that still name something.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_right
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from windtunnel.leakage.aliases import number_value
from windtunnel.leakage.lexicon import naming_translations
from windtunnel.leakage.text import CURRENCY_SIGNS, written_form

_ENGLISH_FAMILIES: tuple[frozenset[str], ...] = (
    frozenset(
        {"priority", "priorities", "prioritised", "prioritized", "urgency", "severity", "sev", "triage", "triaged"}
    ),
    frozenset(
        {
            "label",
            "labels",
            "labeled",
            "labelled",
            "category",
            "categorised",
            "categorized",
            "classified",
            "classification",
            "triage",
            "triaged",
            "verdict",
        }
    ),
    frozenset({"size", "sized"}),
    frozenset({"status"}),
    frozenset({"rating", "rated"}),
    frozenset({"tier"}),
    frozenset({"sentiment"}),
)
"""The naming words by what they name. When the item's task is known (its ``target``, given or
inferred), only its own family names it: for a ``priority`` task ``Battery status: low`` and
``Label printer shows 'Low toner'`` name something else."""
_FAMILIES: tuple[frozenset[str], ...] = tuple(fam | naming_translations(fam) for fam in _ENGLISH_FAMILIES)
"""Each family with its words in other languages (``Priorität``, ``優先度``, ``카테고리``: the lexicon)."""
NAMING_WORDS: tuple[str, ...] = tuple(sorted(frozenset().union(*_FAMILIES)))
"""Words that name what an eval item asks for; ``high priority`` and ``label: High`` tie a label to
the task. Extend per dataset with ``context_words`` (item field) or ``--context-word``."""

_GENERIC = "(?#generic)"
"""Marks a pattern of the whole generic list (no target known): see :func:`naming_near`."""

_CLAUSE_END = re.compile(r"[.!?;\n\r,。！？；，、]")
_WORDS = re.compile(r"\w+")
_MAX_BEFORE = 4
"""A naming word at most this many words before the label (``priority was set to high``)."""
_MAX_AFTER = 1
"""… or at most this many after it (``high priority``, ``High-ish priority``)."""

_COPULA = r"(?:is|was|are|were|be|been|being|becomes?|became|remains?|stays?|seems?|looks?|feels?|sounds?)"
_ASSIGN = (
    r"set(?:\s+(?:it|(?:the|its|this|that)\s+\w+|\w+))?\s+to|marked(?:\s+as)?|rated(?:\s+as)?|classified\s+as|categori[sz]ed\s+as|"
    r"labell?ed(?:\s+as)?|tagged(?:\s+as)?|flagged\s+as|filed\s+(?:as|under)|treated\s+as|counts?\s+as|"
    r"deemed|considered|(?:moved|changed|bumped|raised|lowered|downgraded|upgraded|escalated|dropped|went|goes|go)"
    r"(?:\s+(?:up|down|it))?\s+to|from\s+\w+\s+to|"
    r"(?:call|consider|mark|rate|label|tag|deem|make|keep|leave|flag|set|treat|class|file)\w*\s+"
    r"(?:it|this(?:\s+one)?|that(?:\s+one)?)(?:\s+(?:as|to|at))?|"
    # moving it somewhere: upgrading to, routed to, assigned to, handed over to
    r"(?:upgrad|downgrad|escalat|bump|rais|lower|mov|chang|rout|assign|forward|transfer|send|sent|pass|hand)"
    r"\w*(?:\s+(?:it|this|that|up|down|over|off))?\s+to|"
    # writing it down: put down, write it down as, jot down
    r"(?:put|puts|putting|write|writes|writing|wrote|written|jot|jots|jotted|jotting)"
    r"(?:\s+(?:it|this|that|them))?\s+down(?:\s+(?:as|for))?|"
    # a decision: agreed on, settled on, went with, opted for, picked, a verdict reported or advised
    # ("underwriter says decline,"; see _DECISION_END)
    r"(?:agree|settle|decide|land|converge)\w*\s+on|(?:go|goes|went|going|gone)\s+with|opt\w*\s+for|"
    r"(?:chose|choose|choosing|picked|pick|picking|selected|select|says|said|recommends?|recommended|"
    r"suggests?|suggested|advises?|advised)"
)
_QUOTE_MARKS = "“”‘’„‚«»‹›「」『』《》〈〉"
"""The quotation marks of every language that ``_QUOTES`` pairs (beside ASCII's ``"`` and ``'``)."""
_DECISION = re.compile(
    r"(?:(?:agree|settle|decide|land|converge)\w*\s+on|(?:go|goes|went|going|gone)\s+with|opt\w*\s+for|"
    r"chose|choose|choosing|picked|pick|picking|selected|select|says|said|recommends?|recommended|"
    r"suggests?|suggested|advises?|advised)\s+" + r"(?:(?:a|an|the)\s+)?[\"'`*_" + _QUOTE_MARKS + "]*$"
)
# After a decision the label ends the clause: "we went with High." but not "pick a neutral colour".
_DECISION_END = re.compile(r"[\"'`*_" + _QUOTE_MARKS + r")\]]*\s*(?:$|[.!?;,:\n])")
# What a statement is about: the item itself (a pronoun or the item's noun).
_SUBJECT = (
    r"(?:it|this|that|this\s+one|that\s+one|which|the\s+(?:ticket|item|issue|request|message|case|e-?mail|"
    r"review|thread|answer|label|result|verdict|one|call|post|comment|tone|customer|user|author|writer|sender|"
    r"caller|mood))"
)
_FILLER = (
    r"(?:(?:a|an|the|clearly|definitely|really|very|most|likely|probably|actually|now|still|indeed|"
    r"obviously|certainly|surely|just|quite|rather|also|then|def|honestly|firmly|officially)\s+){0,2}"
)
_OPEN = r"[\"'`*_" + _QUOTE_MARKS + CURRENCY_SIGNS + r"]*$"
_STATEMENT_ANY = re.compile(r"(?<!\w)(?:" + _COPULA + r"|it'?s|that'?s|" + _ASSIGN + r"|as)\s+" + _FILLER + _OPEN)
"""A copular or assigning construction right before the label, whatever its subject."""
_STATEMENT_ITEM = re.compile(
    r"(?<!\w)(?:"
    + _SUBJECT
    + r"(?:'s|\s+(?:\w+\s+){0,2}?"
    + _COPULA
    + r")|it'?s|that'?s|"
    + _ASSIGN
    + r")\s+"
    + _FILLER
    + _OPEN
)
"""The same about the item (``it's``, ``this one is``, ``the ticket became``) or an assignment (``marked
as``, ``call it``): what is needed when the label's case does not set it apart from the ordinary word."""
_QUOTES = {
    '"': '"',
    "'": "'",
    "`": "`",
    # the quotation marks of other languages pair differently: German „…“ and ‚…‘, Polish or Hungarian
    # „…”, Swedish or Finnish ”…” and »…», Danish »…«, French «…» and ‹…›, CJK 「…」, 『…』, 《…》
    "“": "”",
    "‘": "’",
    "„": "“”",
    "‚": "‘’",
    "”": "”",
    "’": "’",
    "«": "»",
    "»": "«»",
    "‹": "›",
    "›": "‹›",
    "「": "」",
    "『": "』",
    "《": "》",
    "〈": "〉",
    "[": "]",
    "(": ")",
    "{": "}",
    "}": "{",
    "*": "*",
    "_": "_",
    "~": "~",
}
"""Each opening quote, bracket or mark with the characters that close it around a label alone."""
# Between two labels of a listing: separators, quotes, markup, a conjunction, a range (``Sev1–Sev4``,
# ``1 through 5``).
_LISTING_GAP = re.compile(
    r"[\s,/|;:\"'`*_()\[\]<>"
    + _QUOTE_MARKS
    + r"–—-]*(?:(?:or|and|nor|vs\.?|versus|through|thru|und|ou|o|y|et)[\s\"'`*_"
    + _QUOTE_MARKS
    + r"(\[]*)?",
)
# A listing has a separator between its labels (not just a space, never a blank line).
_LISTING_SEP = re.compile(r"[,/|;•–—-]|(?<!\w)(?:or|and|nor|vs|versus|through|thru|und|ou|o|y|et)(?!\w)")


@lru_cache(maxsize=1024)
def naming_re(extra: tuple[str, ...] = (), target: str | None = None) -> re.Pattern[str]:
    """Whole-word pattern of the words naming the task, lowercased: with a ``target``, the target, the
    naming words of its family and ``extra`` (context words); without, every naming word and ``extra``."""
    words: set[str] = set()
    if target:
        norm_t = " ".join(target.casefold().split())
        parts = set(_WORDS.findall(norm_t.replace("_", " "))) | {norm_t}
        for fam in _FAMILIES:
            if fam & parts:
                words |= fam
        # a target written as an identifier names the task in prose too (``refund_approved``)
        extra = (target, target.replace("_", " ").replace("-", " "), *extra)
    else:
        words = set(NAMING_WORDS)
    for w in extra:
        norm = " ".join(w.casefold().split())
        if norm:
            words.add(norm)
    words |= {form for w in words if not w.isascii() for form in _decomposed(w)}
    # A word of a script written without spaces (``優先度``) has no word boundary: it is found in its
    # run; so is a Korean word, which may have a particle glued after it (``우선순위는``). That branch
    # is led by its scripts' characters: one test per place of a text in another script.
    spaced = _trie([w for w in words if not _unspaced(w)])
    pattern = r"(?<!\w)" + spaced + r"(?!\w)"
    unspaced = [w for w in words if _unspaced(w)]
    if unspaced:
        pattern += "|(?=" + _UNSPACED.pattern + ")" + _trie(unspaced)
    compiled = re.compile(("" if target else _GENERIC) + pattern)
    _WORDS_OF[compiled] = frozenset(words)
    return compiled


_WORDS_OF: dict[re.Pattern[str], frozenset[str]] = {}
"""The words of each pattern :func:`naming_re` made (as many as its cache holds, and no more)."""
_CLIPPED = 4
"""The fewest letters of a clipped naming word (``prio``, ``sever``): fewer are other words (``cat``, ``sev``)."""


def clips_task(pattern: re.Pattern[str], name: str) -> bool:
    """The last word of ``name`` (a key-value construction's name, ``ticket prio=``) is a naming word of
    ``pattern`` clipped at its end (``prio`` for ``priority``, ``categ`` for ``category``): at least
    ``_CLIPPED`` letters that begin a naming word at most twice as long (``sent`` is no clip of ``sentiment``)."""
    words = re.findall(r"[^\W\d_]+", name.casefold())
    word = words[-1] if words else ""
    if len(word) < _CLIPPED:
        return False
    return any(w.startswith(word) and len(word) < len(w) <= 2 * len(word) for w in _WORDS_OF.get(pattern, ()))


def _trie(words: Sequence[str]) -> str:
    """One regex for many words, as a trie (``p(?:riority|rioridad)``): at each place the regex engine
    tries a character or two, not every word in turn (the naming words of every language are a few
    hundred). A blank in a word matches any whitespace; a longer word is tried before its prefix."""
    root: dict[str, Any] = {}
    for word in words:
        node = root
        for ch in " ".join(word.split()):
            node = node.setdefault(ch, {})
        node[""] = {}

    def emit(node: dict[str, Any]) -> str:
        alts = [(r"\s+" if ch == " " else re.escape(ch)) + emit(child) for ch, child in sorted(node.items()) if ch]
        if "" in node:
            alts.append("")
        if len(alts) == 1:
            return alts[0]
        return "(?:" + "|".join(alts) + ")"

    return emit(root) if root else "(?!)"


def _decomposed(word: str) -> tuple[str, str]:
    """``word`` as the views may show it: decomposed (``サイズ`` with its voicing mark apart,
    ``priorita\u0308t``) and without its marks (``prioritat``)."""
    nfd = unicodedata.normalize("NFD", word)
    return nfd, "".join(ch for ch in nfd if not unicodedata.combining(ch))


def _unspaced(word: str) -> bool:
    """``word`` is written in a script without spaces between words (kana, Han), or in hangul, whose
    particles are written glued after the word."""
    return any(_UNSPACED.match(ch) for ch in word)


_UNSPACED = re.compile("[\u1100-\u11ff\u3040-\u30ff\u3400-\u9fff\uac00-\ud7a3]")
"""Kana, Han and hangul (syllables and jamo, as the views decompose them)."""


def naming_near(pattern: re.Pattern[str], text: str, a: int, b: int) -> bool:
    """A naming word in the same clause as ``text[a:b]``: up to four words before it or one after.

    A word glued to the label by a hyphen (``medium-sized``, ``high-priority``) makes one compound
    with it: it ties the label only when it names the task for sure (the item's target or its family),
    never as a word of the generic list (no target known)."""
    lo = max(0, a - 60)
    hi = min(len(text), b + 40)
    start = max(0, lo - 1)  # read only the window, and the character before it that a word's start looks at
    text = text[start:hi]
    if "_" in text:
        text = text.replace("_", " ")  # an underscore joins the words of an identifier (same offsets)
    a, b, lo, hi = a - start, b - start, lo - start, hi - start
    generic = pattern.pattern.startswith(_GENERIC)
    for m in pattern.finditer(text, lo, hi):
        if m.end() <= a:
            gap, limit = text[m.end() : a], _MAX_BEFORE
        elif m.start() >= b:
            gap, limit = text[b : m.start()], _MAX_AFTER
        else:
            continue
        if generic and gap == "-":
            continue
        if _CLAUSE_END.search(gap) is None and len(_WORDS.findall(gap)) <= limit:
            return True
    return False


_QUESTION = re.compile(r"[^.!?\n]*\?")
"""A clause that ends in a question mark."""


def asks_task(pattern: re.Pattern[str], text: str) -> bool:
    """``text`` asks about the task: one of its clauses ending in ``?`` holds a word naming it
    (``Thoughts on sentiment?``, ``What priority should this get?``)."""
    if "?" not in text:
        return False
    low = text.casefold().replace("_", " ")
    return any(pattern.search(m.group(0)) is not None for m in _QUESTION.finditer(low))


NAME_REACH = 80
"""Characters after a hit within which a name holding it is read (a flag's, the task's): a name is short, and a run
of word characters read to its end per hit is quadratic in a string of thousands of label words joined by hyphens."""
_YES_AFTER = re.compile(rf"[\w-]{{0,{NAME_REACH}}}[ \t]*[:=?][ \t]*[\"']?(?:yes|true|y|on)(?![\w-])", re.IGNORECASE)
"""A "yes" given right after a label or after a name holding it: ``X-Spam-Flag: YES``, ``urgent=true``."""


def flagged_yes(text: str, b: int) -> bool:
    """The label ending at ``b`` is, or ends a word of, a name set to yes on its line (``X-Spam-Flag:
    YES``, ``Spam? yes``, ``urgent=true``): the flag states it, as a "no" rules it out (principle 4)."""
    return _YES_AFTER.match(text, b) is not None


_PROMPT = re.compile(r"[ \t+>]*[$%❯][ \t]+[\w.-]+(?:[ \t]+[\w.:/-]+)*?[ \t]+\Z")
"""A shell prompt, a command and its subcommands or positional arguments, up to the hit."""
_ARG_END = re.compile(r"[ \t]*(?:\Z|\r?\n|[ \t]-|[ \t]*[;&|#])")


def command_argument(text: str, a: int, b: int) -> bool:
    """``text[a:b]`` is the last positional argument of a command shown run at a prompt (``$ npm version
    minor -m "release"``, ``+$ poetry version patch``): options or the end of the line follow it. A
    command given the label sets it, as a setter's argument does (principle 1); a word inside a quoted
    argument or followed by more positional arguments (``$ grep high app.log``) is not the one set."""
    lo = text.rfind("\n", 0, a) + 1
    return _PROMPT.fullmatch(text, lo, a) is not None and _ARG_END.match(text, b) is not None


def in_compound(text: str, a: int, b: int) -> bool:
    """``text[a:b]`` is glued by a hyphen to a word of letters (``High-end``, ``Low-latency``): the
    statement is about the compound, not the label."""
    after = b + 1 < len(text) and text[b] == "-" and text[b + 1].isalpha()
    before = a >= 2 and text[a - 1] == "-" and text[a - 2].isalpha()
    return after or before


_ANSWER_NAME = re.compile(
    r"(?<![^\W\d_])(?:answer|outcome|result|verdict|decision|label|prediction|predicted|class|score|grade)s?(?![^\W\d_])"
)
"""Words naming an item's answer whatever the task (``outcome=5``, ``Final answer: 3``)."""


def names_answer(name: str) -> bool:
    """A field or key-value name names the item's answer itself, whatever the task (``outcome``,
    ``final_answer``, ``predicted_label``): a number under it is not a count or a position of something."""
    return _ANSWER_NAME.search(name.casefold()) is not None


def names_task(pattern: re.Pattern[str], name: str) -> bool:
    """A field or key-value name (``priority``, ``Priority name``, ``urgency``) names the task."""
    return pattern.search(name.casefold().replace("_", " ")) is not None


_NAME_PART = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")
_FUNCTION_WORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "is",
        "are",
        "was",
        "were",
        "be",
        "has",
        "have",
        "had",
        "of",
        "to",
        "for",
        "by",
        "in",
        "on",
        "at",
        "as",
        "it",
        "its",
        "this",
        "that",
        "with",
        "from",
        "and",
        "or",
        "not",
    ]
)


def function_phrase(label: str) -> bool:
    """A label of two words one of which is a function word (``Not spam``, ``No action``, ``In stock``):
    written in prose it reads as an ordinary phrase (``note: not spam, the newsletter``) as a single word
    does, so it needs a tie to the task like one; a phrase of content words (``Account Access``) names
    the label wherever it stands."""
    words = label.casefold().split()
    return len(words) == 2 and any(w in _FUNCTION_WORDS or w == "no" for w in words)


@lru_cache(maxsize=256)
def _task_name_re(target: str) -> re.Pattern[str] | None:
    """Whole-word pattern of the task's name written in any style (``spam_verdict``, ``Spam Verdict``,
    ``spam-verdict``, ``spamVerdict``), lowercased; ``None`` when the name has fewer than two words
    besides function words (``is_spam``): a one-word name cannot be told from the label it holds."""
    words = [w.casefold() for part in re.split(r"[\W_]+", target) for w in _NAME_PART.findall(part)]
    if len([w for w in words if w not in _FUNCTION_WORDS]) < 2:
        return None
    return re.compile(r"(?<![^\W_])" + r"[\s_.-]*".join(map(re.escape, words)) + r"(?![^\W_])")


def task_words(name: str) -> frozenset[str]:
    """The words of a name in any style (``refund_eligible``, ``isFraud``), lowercased, without
    function words: what tells that a field's name and the task's name are about the same thing."""
    return frozenset(
        w.casefold()
        for part in re.split(r"[\W_]+", name)
        for w in _NAME_PART.findall(part)
        if len(w) > 2 and w.casefold() not in _FUNCTION_WORDS
    )


def shares_task_word(target: str | None, name: str) -> bool:
    """A field's name holds a word of the task's name (``is_fraud`` for the task ``fraud_flag``), or a
    word of the same stem (its first five letters: ``refund_eligible`` for ``eligibility``)."""
    if not target:
        return False
    stems = {w[:5] for w in task_words(target)}
    return any(w[:5] in stems for w in task_words(name))


def in_task_name(target: str | None, text: str, a: int, b: int) -> bool:
    """``text[a:b]`` is one word of the task's own name written around it (the label ``Spam`` in
    ``Spam Verdict:``, ``spam_verdict``, ``#t1-spam-verdict``): the name of the field the task asks
    for, not its value (principle 3, a sense that is not the label). Only a strict part of the name:
    a name that is the label alone says nothing here."""
    if not target:
        return False
    pattern = _task_name_re(target)
    if pattern is None:
        return False
    low = text[max(0, a - 80) : b + 80].casefold()
    off = max(0, a - 80)
    if len(low) != min(len(text), b + 80) - off:
        return False  # casefolding changed the length: offsets no longer line up
    return any(
        m.start() + off <= a and b <= m.end() + off and (m.start() + off, m.end() + off) != (a, b)
        for m in pattern.finditer(low)
    )


_COUNT_OF = re.compile(
    r"(?:^|(?<=[\n\t|·•,;>:]))[ \t]*([^\W\d_][\w-]*(?:[ \t][^\W\d_][\w-]*)?)[ \t]*[(\[]\Z", re.MULTILINE
)


def counted_noun(text: str, a: int, b: int) -> str | None:
    """The name right before a number in brackets (``Attachments (2)``, ``Open tabs [3]``): the count of
    that name's things, not an emphasis of the number. The name is one or two words starting a line
    or a part of one (after a separator, a tab, a tag): a title, as a tab, a link or a folder is
    named; ``None`` when the number is not so written (``she gave (2)``)."""
    m = _COUNT_OF.search(text, max(0, a - 40), a)
    if m is None or b >= len(text) or text[b] not in ")]":
        return None
    return m.group(1)


_KV_NAME = re.compile(r"[^\n\r.!?;,。！？；，]{0,40}$")


def kv_name(text: str, a: int) -> str:
    """The name of a ``name: value`` construction ending right before ``text[a:]``."""
    m = _KV_NAME.search(text, max(0, a - 40), a)
    return m.group(0) if m is not None else ""


def field_value_states(pattern: re.Pattern[str], text: str, a: int, b: int) -> bool:
    """A short field value whose other tokens are codes (``2 - High``, ``High (P2)``, ``P1-High``)
    or words naming the task (``High priority``): under a field naming the task, it states the label."""
    if len(text) > 64:
        return False
    rest = _WORDS.findall(text[:a] + " " + text[b:])
    if len(rest) > 4:
        return False
    return all(any(ch.isdigit() for ch in w) or len(w) == 1 or pattern.fullmatch(w.casefold()) for w in rest)


_THIS_ITEM_BEFORE = re.compile(r"(?<![^\W_])(?:the|this)[ \t]+\Z", re.IGNORECASE)
_ITEM_NOUN_AFTER = re.compile(
    r"[ \t]+(?:ticket|issue|request|message|case|e-?mail|review|incident|order)"
    r"(?:[ \t]*(?:[.,;:!?)\n]|\Z)|[ \t]+(?:below|above|here|attached|returned|forwarded|shown|the|a|an|that|which|"
    r"from|in|on|to|and|you|we|they|i|was|is|has)(?![\w-]))",
    re.IGNORECASE,
)
"""A noun naming the record under audit, ending its noun phrase (``the Positive review below``, ``this Billing
ticket.``): not a longer name (``the Account Access review doc``). Nouns of a record a support or review task
is about, not of a publication (``the Medium post on faceted search`` names a website's post)."""


def heads_the_item(text: str, a: int, b: int) -> bool:
    """``text[a:b]`` is an attribute of the record itself: after ``the`` / ``this`` and before a noun naming
    the record that ends the noun phrase (``open the Positive review below``, ``triage the 2-star review the
    user forwarded``). An instruction written from the answer presupposes it; ``the Account Access review
    doc`` names another thing."""
    return _THIS_ITEM_BEFORE.search(text, max(0, a - 8), a) is not None and _ITEM_NOUN_AFTER.match(text, b) is not None


def statement_before(text: str, a: int, b: int, *, about_item: bool = False) -> bool:
    """A copular or assigning construction ends right before ``text[a:]`` (``this one is High``);
    ``about_item``: only one whose subject is the item itself, or an assignment (``stay positive`` and
    ``I'm positive the keys ...`` are not statements of a label)."""
    pattern = _STATEMENT_ITEM if about_item else _STATEMENT_ANY
    m = pattern.search(text, max(0, a - 80), a)
    if m is None:
        return False
    # A decision verb needs the label to end the clause ("we went with High.", not "pick a neutral colour").
    return _DECISION.search(text, m.start(), a) is None or _DECISION_END.match(text, b) is not None


_DESIGNATOR_NOUN = re.compile(r"(?:^|(?<=\s))([a-z]{3,})[ \t]\Z")
_GLOSS_AFTER = re.compile(r"[ \t]*\((?=[^()\n]*[^\W\d_])[^()\n]{1,60}\)")


def other_things_name(text: str, a: int, b: int) -> bool:
    """The code ``text[a:b]`` is said to be something else: a common noun right before it names the kind
    of thing it designates (``level P2``, ``form P3``, ``paragraph P1``, ``room P2-04``), or a bracketed
    gloss right after it says what it stands for (``P3 (proof of address)``). A correlated value so
    written is the name of that thing, not the record's value. (A copula or an assigning verb before it
    is a statement, read before this.)"""
    m = _DESIGNATOR_NOUN.search(text, max(0, a - 24), a)
    if m is not None and m.group(1) not in _FUNCTION_WORDS:
        return True
    return _GLOSS_AFTER.match(text, b) is not None


_OPEN_TAGS_BEFORE = re.compile(r"(?:<[A-Za-z][\w:-]{0,40}(?:\s[^<>]{0,300})?>\s*){1,3}\Z")
_CLOSE_AFTER = re.compile(r"\s*</[A-Za-z]")
_GLOSSED_TEXT = 80
"""The longest element text read as the name of what the element's markup glosses (an icon, a code)."""
_ACCESSIBLE_NAME = re.compile(r"""\s(?:aria-label|alt)\s*=\s*(?:"([^"<>]{1,120})"|'([^'<>]{1,120})')""", re.IGNORECASE)


def element_gloss(text: str, a: int, b: int) -> str | None:
    """The words an element's markup gives as what it designates, when ``text[a:b]`` lies in the
    element's whole text, a short one (an identifier, a few words): the accessible name (``aria-label``,
    ``alt``: the name that replaces the text for a reader, not a ``title``'s advisory tooltip) of the
    element or of the one or two elements it is the only content of
    (``<button aria-label="Scroll to top"><span class="icon">keyboard_arrow_up</span></button>``). Like
    a bracketed gloss, it says the text is the name of that thing (an icon's ligature, an image's code);
    ``None`` when there is none or the hit is not inside an element's whole text."""
    if a == 0 or "<" not in text:
        return None
    start = max(text.rfind(">", max(0, a - _GLOSSED_TEXT), a), text.rfind("<", max(0, a - _GLOSSED_TEXT), a))
    end = text.find("<", b, b + _GLOSSED_TEXT)
    if start < 0 or text[start] != ">" or end < 0 or ">" in text[b:end]:
        return None
    opened = _OPEN_TAGS_BEFORE.search(text, max(0, start - 1000), start + 1)
    if opened is None or _CLOSE_AFTER.match(text, end) is None:
        return None
    for m in _ACCESSIBLE_NAME.finditer(opened.group(0)):
        gloss = m.group(1) or m.group(2)
        if gloss and any(ch.isalpha() for ch in gloss):
            return gloss
    return None


_DEFINITE_BEFORE = re.compile(r"(?<![^\W_])(?:the|our|their|your|his|her|its|my)[ \t]+\Z", re.IGNORECASE)


def definite_before(text: str, a: int) -> bool:
    """A definite article or a possessive stands right before ``text[a:]`` (``the Tier 3 data centre``,
    ``our Tier 1 supplier``): what follows is a noun phrase naming a particular thing, which a label's
    phrase may name as an ordinary name does; a statement of the record's value is not so written
    (``this one is Tier 1``, ``filed as Account Access``)."""
    return _DEFINITE_BEFORE.search(text, max(0, a - 8), a) is not None


_REQUEST_BEFORE = re.compile(r"(?:^|[.!?;:,\n])[ \t\"'`*_“‘]*(?:(?:a|an|the|one)[ \t]+)?\Z", re.IGNORECASE)
_REQUEST_AFTER = re.compile(r"[\"'`*_”’]*,?[ \t]+please(?!\w)", re.IGNORECASE)


def requested(text: str, a: int, b: int) -> bool:
    """``text[a:b]`` opens its clause and is asked for (``medium please``, ``Decline, please.``): a
    request for one option is a choice of it, as ``we went with High`` is."""
    return _REQUEST_AFTER.match(text, b) is not None and _REQUEST_BEFORE.search(text, max(0, a - 16), a) is not None


_NEXT_CAPITAL = re.compile(r"[ \t]+[A-Z][a-z]")


def proper_noun_follows(text: str, b: int) -> bool:
    """A capitalised word follows ``text[:b]`` on the same line: the label word is part of a name."""
    return _NEXT_CAPITAL.match(text, b) is not None


def quoted(text: str, a: int, b: int) -> bool:
    """``text[a:b]`` alone between matching quotes, brackets or markup glued to it: ``"High"``,
    ``[High]``, ``(High)``, ``{color:red}High{color}``, ``*High*`` (inline HTML tags: :func:`markup_runs`)."""
    if a == 0 or b >= len(text):
        return False
    close = _QUOTES.get(text[a - 1])
    return close is not None and text[b] in close


def in_listing(spans: Sequence[tuple[int, int]], text: str, a: int, b: int) -> bool:
    """``text[a:b]`` is next to another label of the set (``spans``), with only separators between:
    ``High, Medium or Low``, ``High/Low``, ``"High" | "Low"``."""
    for sa, sb in spans:
        if (sa, sb) == (a, b) or (sa < b and a < sb):
            continue
        if sb <= a:
            gap_a, gap_b = sb, a
        else:
            gap_a, gap_b = b, sa
        if gap_b - gap_a > 16:
            continue
        gap = text[gap_a:gap_b]
        if _LISTING_GAP.fullmatch(gap) is not None and _LISTING_SEP.search(gap) and "\n\n" not in gap:
            return True
    return False


_HTML_TAGS = frozenset(
    [
        "a",
        "abbr",
        "address",
        "article",
        "aside",
        "b",
        "bdi",
        "bdo",
        "blockquote",
        "body",
        "button",
        "caption",
        "cite",
        "code",
        "col",
        "data",
        "dd",
        "del",
        "details",
        "dfn",
        "dialog",
        "div",
        "dl",
        "dt",
        "em",
        "figcaption",
        "figure",
        "font",
        "footer",
        "form",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "header",
        "html",
        "i",
        "ins",
        "kbd",
        "label",
        "legend",
        "li",
        "main",
        "mark",
        "nav",
        "ol",
        "optgroup",
        "option",
        "output",
        "p",
        "pre",
        "q",
        "s",
        "samp",
        "section",
        "select",
        "small",
        "span",
        "strong",
        "sub",
        "summary",
        "sup",
        "td",
        "textarea",
        "th",
        "time",
        "title",
        "tr",
        "u",
        "ul",
        "var",
    ]
)
"""HTML's own elements: their tags say how text is shown, not what it is (a table cell, a list item or
emphasis around a label is decided by the table, listing and markup rules)."""
_ELEMENT_OPEN = re.compile(r"<([A-Za-z][\w.:-]{0,40})(?:\s[^<>]{0,200})?>[ \t]*\Z")


def element_name(text: str, a: int, b: int) -> str | None:
    """The tag of an XML or HTML element whose whole text is ``text[a:b]`` (``<Level>Error</Level>``):
    the name of a pair written as an element; ``None`` when the hit is not an element's whole text."""
    if a == 0 or (text[a - 1 : a].isspace() is False and text[a - 1] != ">"):
        return None
    m = _ELEMENT_OPEN.search(text, max(0, a - 260), a)
    if m is None or m.group(1).casefold() in _HTML_TAGS:
        return None
    close = re.match(r"[ \t]*</" + re.escape(m.group(1)) + r"\s*>", text[b : b + len(m.group(1)) + 8], re.IGNORECASE)
    return m.group(1) if close is not None else None


def element_lists(text: str, tag: str, norm: str, labels: frozenset[str]) -> bool:
    """Another element of the same tag in ``text`` holds another label (``<t>Low</t>…<t>High</t>``, a
    spreadsheet's shared strings): the elements list values, they do not name this one (principle 3)."""
    pattern = re.compile(
        r"<" + re.escape(tag) + r"(?:\s[^<>]{0,200})?>\s*([^<>]{1,60}?)\s*</" + re.escape(tag) + r"\s*>"
    )
    return any((v := " ".join(m.group(1).casefold().split())) != norm and v in labels for m in pattern.finditer(text))


_TAB_NAME = re.compile(r"(?:^|[\t\n])([a-z][a-z0-9]*(?:_[a-z0-9]+)*)\t+\Z")


def tab_pair(text: str, a: int, b: int) -> bool:
    """``name<TAB>value`` ending a line, the name a lowercase field name (``prio\tP0`` in a row of an
    attribute-value table: a database dump, a ``COPY`` block): a key-value pair. A capitalised or
    id-like cell before it (``Alice\tHigh``, ``WEB-1\tHigh``) is a table of many records, not a pair."""
    if a == 0 or text[a - 1] != "\t":
        return False
    end = text.find("\n", b)
    if text[b : len(text) if end < 0 else end].strip():
        return False
    line_start = text.rfind("\n", 0, a) + 1
    return _TAB_NAME.search(text, line_start, a) is not None


def case_matches(label: str, original: str) -> bool:
    """Whether ``original`` (the matched characters) carries the label's case, when that case is
    distinctive (the label has capitals); an all-lowercase label matches in any case."""
    if label == label.lower():
        return True
    visible = written_form(original)  # ``Ur\u200bgent``, ``Ｕｒｇｅｎｔ``, ``𝗨𝗿𝗴𝗲𝗻𝘁`` are written ``Urgent``
    return " ".join(visible.split()) == " ".join(label.split())


_INLINE = r"(?:b|strong|em|i|u|span|code|mark|font|s|kbd|a)"
_CELL_OPEN = re.compile(r"<t[dh]\b[^<>]{0,60}>(?:\s|<" + _INLINE + r"\b[^<>]{0,60}>)*$", re.IGNORECASE)
_CELL_CLOSE = re.compile(r"(?:\s|</" + _INLINE + r">)*</t[dh]>", re.IGNORECASE)
_PIPE_OPEN = re.compile(r"\|[ \t*_`~]*$")
_PIPE_CLOSE = re.compile(r"[ \t*_`~]*(?:\||$)", re.MULTILINE)


def table_cell(text: str, a: int, b: int, record: Callable[[], frozenset[str]] | None = None) -> bool:
    """``text[a:b]`` is the whole content of a cell of a one-record table: an HTML ``<td>``/``<th>``,
    a Markdown / Slack pipe table cell (``| High |``), a CSV / TSV cell under its header. Such a cell is
    the value of its column: key-value structure. A table of many records lists values; not a leak,
    except in the row of this record: the one row of a CSV / TSV holding a value that the projection
    shows outside the table (``record()``: its id, its subject; asked only for such a table) and no
    other row holds."""
    if "<" in text and _CELL_OPEN.search(text, max(0, a - 200), a) and _CELL_CLOSE.match(text, b):
        # The rows of the enclosing table, within a window (a long document stays linear).
        lo = max(0, a - _WINDOW)
        low = text[lo : b + _WINDOW].lower()
        start = low.rfind("<table", 0, a - lo)
        end = low.find("</table", b - lo)
        return low[max(0, start) : end if end >= 0 else len(low)].count("<tr") <= 2
    if "|" in text and _PIPE_OPEN.search(text, max(0, a - 20), a) and _PIPE_CLOSE.match(text, b):
        rows = [ln for ln in _block_lines(text, a) if ln.count("|") >= 2 and not _PIPE_RULE.fullmatch(ln)]
        return len(rows) <= 2
    return "\n" in text and (_csv_cell(text, a, b, record) or _fixed_cell(text, a, b))


_PIPE_RULE = re.compile(r"[\s|:-]+")


_WINDOW = 4096
"""How far around a hit the table checks look (a long document stays linear in its hits)."""


def _block_lines(text: str, a: int) -> list[str]:
    """The lines of the paragraph (no blank line) around ``text[a]``, within :data:`_WINDOW`."""
    lo = max(0, a - _WINDOW)
    hi = min(len(text), a + _WINDOW)
    start = text.rfind("\n\n", lo, a)
    end = text.find("\n\n", a, hi)
    return text[start + 2 if start >= 0 else lo : end if end >= 0 else hi].splitlines()


def _csv_cell(text: str, a: int, b: int, record: Callable[[], frozenset[str]] | None = None) -> bool:
    """A whole cell of a CSV / TSV row under a header row with as many delimiters: of a one-record
    table, or of the row of this record in a table of many (see :func:`table_cell`)."""
    start = text.rfind("\n", 0, a) + 1
    end = text.find("\n", b)
    end = len(text) if end < 0 else end
    line = text[start:end]
    if start == 0:
        return False
    for d in (",", "\t", ";"):
        n = line.count(d)
        if not n:
            continue
        before = text[start:a].rstrip(' "')
        after = text[b:end].lstrip(' "')
        if (before and not before.endswith(d)) or (after and not after.startswith(d)):
            continue
        # A header, then this one row, alone in their paragraph: a record. More rows list many records.
        block = [ln for ln in _block_lines(text, a) if ln.strip()]
        if len(block) == 2 and block[1].strip() == line.strip() and block[0].count(d) == n:
            return True
        # This record's row may hold a cell or two more than its header (a text cell's unquoted delimiter
        # shifted the cells after it): its cells are still this record's values.
        if (
            record is not None
            and len(block) > 2
            and block[0].count(d) <= n <= block[0].count(d) + 2
            and _records_row(block, line, d, record())
        ):
            return True
    return False


_RULE_LINE = re.compile(r"[ \t]*[-=+|_*#~]{3,}[-=+|_*#~ \t]*")
_COLUMN_GAP = re.compile(r"\S(?: ?\S)*")
"""A header's column names: runs of characters with at most one blank inside (two blanks part them)."""


def _fixed_cell(text: str, a: int, b: int) -> bool:
    """A whole cell of a fixed-width table (a mainframe report, ``ps`` output) with one data row: the
    hit starts at the column of a header name (the nearest line above that is not a rule) and fills
    the cell up to the next column's start; the row is the only one between the header and the next
    rule, blank line or end."""
    start = text.rfind("\n", 0, a) + 1
    if start == 0:
        return False
    end = text.find("\n", b)
    end = len(text) if end < 0 else end
    line = text[start:end]
    col, col_end = a - start, b - start
    lines = text[max(0, start - _WINDOW) : start].split("\n")[:-1]
    rules_above = 0
    header = None
    while lines:
        above = lines.pop()
        if not above.strip():
            return False
        if _RULE_LINE.fullmatch(above):
            rules_above += 1
            continue
        header = above
        break
    if header is None or rules_above > 1:
        return False
    names = [(m.start(), m.end()) for m in _COLUMN_GAP.finditer(header)]
    starts = [s for s, _e in names]
    if len(names) < 2 or col not in starts:
        return False
    if 2 * sum(1 for s, e in names if any(ch.isalpha() for ch in header[s:e])) < len(names):
        return False  # a line of symbols (an ASCII-art banner, ``#####  #   #``) names no columns
    i = starts.index(col)
    nxt = starts[i + 1] if i + 1 < len(starts) else len(line)
    if line[col:nxt].strip() != line[col:col_end].strip() or (col > 0 and not line[col - 1].isspace()):
        return False
    # One data row: the next line is a rule, a blank line or the end.
    after = text[end + 1 : text.find("\n", end + 1) if text.find("\n", end + 1) >= 0 else len(text)]
    return end >= len(text) or not after.strip() or _RULE_LINE.fullmatch(after) is not None


def _cells(line: str, d: str) -> set[str]:
    """The non-empty cells of a delimited line, unquoted and casefolded."""
    return {c.strip().strip('"').strip().casefold() for c in line.split(d)} - {""}


def _records_row(block: list[str], line: str, d: str, record: frozenset[str]) -> bool:
    """``line`` is the one row of ``block`` (after its header) holding a value of ``record`` that no
    other row holds: the row of this record in a table of many."""
    mine = _cells(line, d) & record
    if not mine:
        return False
    rows = [ln for ln in block[1:] if ln.strip() != line.strip()]
    if len(rows) != len(block) - 2:
        return False  # the same line twice: no one row is this record's
    for ln in rows:
        mine -= _cells(ln, d)
        if not mine:
            return False
    return True


# ---------------------------------------------------------------- markup (markdown-it-py)

_EMPH_OPEN = frozenset({"em_open", "strong_open", "s_open", "link_open"})
_EMPH_CLOSE = frozenset({"em_close", "strong_close", "s_close", "link_close"})
_HTML_TAG = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9]*)")
_HTML_EMPH = frozenset(
    {"b", "strong", "em", "i", "u", "mark", "code", "kbd", "s", "del", "ins", "a", "span", "font", "tt", "big"}
)
_MAX_EMPH_WORDS = 3


@lru_cache(maxsize=1)
def _md() -> object:
    # markdown-it (~28 ms to import) only for a text that looks like Markdown, not on every scan's start-up
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark").enable("strikethrough")


_CACHE_TEXT = 16_384
"""Longer strings are parsed again per hit rather than kept in the cache (memory stays bounded)."""


def markup_runs(text: str) -> tuple[tuple[int, int], ...]:
    """See :func:`_markup_runs`; cached for strings up to :data:`_CACHE_TEXT` characters."""
    return _cached_runs(text) if len(text) <= _CACHE_TEXT else _markup_runs(text)


@lru_cache(maxsize=512)
def _cached_runs(text: str) -> tuple[tuple[int, int], ...]:
    return _markup_runs(text)


def _markup_runs(text: str) -> tuple[tuple[int, int], ...]:
    """``[start, end)`` of each short run of text inside emphasis, code, a link or an inline HTML tag.

    Markdown and Slack mrkdwn (``*bold*``, ``_italic_``, ``~~strike~~``, `` `code` ``) and inline HTML
    are parsed by markdown-it-py; offsets are found by locating each text piece in ``text`` in order.
    Runs longer than three words are left out (a bold paragraph is not a label).
    """
    if not any(ch in text for ch in "*_`~[<"):
        return ()
    md = _md()
    tokens = md.parseInline(text)  # type: ignore[attr-defined]
    out: list[tuple[int, int]] = []
    cursor = 0
    depth = 0
    run: list[int] = []
    for inline in tokens:
        for tok in inline.children or ():
            typ = tok.type
            if typ in _EMPH_OPEN:
                depth += 1
                if depth == 1:
                    run = []
            elif typ in _EMPH_CLOSE:
                depth = max(0, depth - 1)
                if depth == 0 and run:
                    _add_run(text, run[0], run[-1], out)
                    run = []
            elif typ == "html_inline":
                m = _HTML_TAG.match(tok.content)
                if m is not None and m.group(2).lower() in _HTML_EMPH:
                    if m.group(1):
                        depth = max(0, depth - 1)
                        if depth == 0 and run:
                            _add_run(text, run[0], run[-1], out)
                            run = []
                    elif not tok.content.endswith("/>"):
                        depth += 1
                        if depth == 1:
                            run = []
                pos = text.find(tok.content, cursor)
                if pos >= 0:
                    cursor = pos + len(tok.content)
            elif typ in ("text", "code_inline"):
                content = tok.content
                if not content:
                    continue
                pos = text.find(content, cursor)
                if pos < 0:
                    continue
                cursor = pos + len(content)
                if typ == "code_inline" and depth == 0:
                    _add_run(text, pos, cursor, out)
                elif depth:
                    run.extend((pos, cursor))
    return tuple(out)


def _add_run(text: str, a: int, b: int, out: list[tuple[int, int]]) -> None:
    while a < b and not text[a].isalnum():
        a += 1
    while b > a and not text[b - 1].isalnum():
        b -= 1
    if a < b and len(_WORDS.findall(text, a, b)) <= _MAX_EMPH_WORDS:
        out.append((a, b))


def emphasised(text: str, a: int, b: int, runs: Sequence[tuple[int, int]] | None = None) -> bool:
    """``text[a:b]`` lies inside a short run of markup: ``runs``, the :func:`markup_runs` of ``text`` when the caller
    keeps them (a string longer than the cache holds is otherwise parsed again per hit). The runs follow one
    another in the text without overlapping, so the one starting last at or before ``a`` is the only candidate."""
    runs = markup_runs(text) if runs is None else runs
    i = bisect_right(runs, (a, len(text) + 1))
    return i > 0 and b <= runs[i - 1][1]


def marked_node(node: object) -> bool:
    """An ADF text node with marks, a Notion rich text with an annotation, a Slack element with a style."""
    if not isinstance(node, dict):
        return False
    marks = node.get("marks")
    if isinstance(marks, list) and marks:
        return True
    ann = node.get("annotations")
    if isinstance(ann, dict) and any(v is True for k, v in ann.items() if k != "color"):
        return True
    style = node.get("style")
    return isinstance(style, dict) and any(v is True for v in style.values())


_SELECTED = re.compile(
    r"(?:\[[xX✓✔]\]|\([xX✓✔]\)|[☑☒✅✔✓]|<option\b[^<>]{0,60}\bselected\b[^<>]{0,60}>|"
    r"<input\b[^<>]{0,80}\bchecked\b[^<>]{0,80}>(?:\s*<label\b[^<>]{0,60}>)?)[ \t]*$",
    re.IGNORECASE,
)


def selected(text: str, a: int) -> bool:
    """``text[a:]`` carries a selection mark: ``[x] High``, ``☑ High``, ``<option selected>High``,
    ``<input type=checkbox checked> High``."""
    return _SELECTED.search(text, max(0, a - 200), a) is not None


_MARK_CHARS = "~*_=+^-"
"""Characters that wrap a word as inline markup (strike-through ``~x~`` / Jira ``-x-``, bold ``*x*``,
italics ``_x_``, inserted ``+x+``, superscript ``^x^``): glued to a listing's member, they mark it."""


def _glued(text: str, a: int, b: int) -> tuple[str, str]:
    """The markup characters glued to both sides of ``text[a:b]`` (two each at most): ``("~", "~")``
    for ``~Neutral~``, ``("", "")`` for a bare word."""
    i = a
    while i > max(0, a - 2) and text[i - 1] in _MARK_CHARS:
        i -= 1
    j = b
    while j < min(len(text), b + 2) and text[j] in _MARK_CHARS:
        j += 1
    return text[i:a], text[b:j]


def _in_word(text: str, a: int, b: int) -> bool:
    """``text[a:b]`` with its glued markup touches a letter or digit on either side: a part of a
    compound or an identifier (``gold-silver-bronze``), not a wrapped member."""
    pre, post = _glued(text, a, b)
    i, j = a - len(pre), b + len(post)
    return (i > 0 and text[i - 1].isalnum()) or (j < len(text) and text[j].isalnum())


def marked_apart(text: str, a: int, b: int, others: Sequence[tuple[int, int]]) -> tuple[str, str] | None:
    """The member ``text[a:b]`` of a listing on one line is set apart by its marks: every other member
    on its line (``others``, two at least) is wrapped in the same markup, and this one is not
    (``~Negative~ ~Neutral~ *Positive*``, Jira ``-Billing- -Technical- *Shipping*``). Those marks select
    one member of the listing, as a ticked box does; returned as the marks the others share, so the
    sanitizer can give this member the same ones. A listing whose members are all marked alike
    (``~Low~ ~High~``), or none, selects nothing; so does a line with a single other member, where
    nothing tells which of the two is set apart."""
    lo, hi = text.rfind("\n", 0, a) + 1, text.find("\n", b)
    hi = len(text) if hi < 0 else hi
    line = [(sa, sb) for sa, sb in others if lo <= sa and sb <= hi and not (sa < b and a < sb)]
    if len(line) < 2 or any(_in_word(text, sa, sb) for sa, sb in [(a, b), *line]):
        return None
    marks = {_glued(text, sa, sb) for sa, sb in line}
    if len(marks) != 1:
        return None
    shared = next(iter(marks))
    if not shared[0] or shared[0][::-1] != shared[1] or shared == _glued(text, a, b):
        return None
    return shared


_GUTTER = re.compile(r"[ \t]*[^\w\s]{1,3}(?=[ \t])")
"""A line's lead mark: one to three characters that are neither word nor blank (after the line's
indent), then a blank — the column of marks a tool writes before its lines (an execution mark, a diff's
sign, the current item's star)."""
_GUTTER_REACH = 2000
"""How far from a member the lines of its listing are looked for (a long text stays linear)."""


def _gutter(text: str, lo: int) -> str:
    """The lead mark of the line starting at ``lo`` (empty when the line starts with a word or a blank)."""
    m = _GUTTER.match(text, lo)
    return m.group(0) if m else ""


def _line_at(text: str, a: int, b: int) -> tuple[int, int]:
    """The start and end of the line holding ``text[a:b]``."""
    hi = text.find("\n", b)
    return text.rfind("\n", 0, a) + 1, len(text) if hi < 0 else hi


def _gutter_shape(text: str, a: int, b: int, lead: str) -> str:
    """The line holding the member ``text[a:b]`` without its lead mark, its leading blanks and the member
    (numbers glued to a name compared as one, as the lines of a listing count them)."""
    lo, hi = _line_at(text, a, b)
    rest = text[lo + len(lead) : a] + "\x00" + text[b:hi]
    return re.sub(r"(?<=[A-Za-z_])\d+", "0", rest.lstrip())


def gutter_led(text: str, a: int, b: int) -> bool:
    """The line holding ``text[a:b]`` starts with a lead mark (see :func:`gutter_apart`, which needs one): asked
    first, so the members near a hit on an unmarked line are never gathered (a string of many hits stays cheap)."""
    return bool(_gutter(text, _line_at(text, a, b)[0]))


def gutter_apart(text: str, a: int, b: int, others: Sequence[tuple[int, int]]) -> str | None:
    """The member ``text[a:b]`` stands on a line whose lead mark sets it apart from the lines of the other
    members of its listing: each other member (two at least) on a line of its own, all with one lead
    (a mark, or none), this line's lead another mark, and the lines alike once the member and the lead
    are taken out (coverage's ``>`` executed line among ``!`` lines not run, a ``*`` current item among
    unmarked ones). The marks select one member, as a ticked box does; returned as the lead the others
    share, so the sanitizer can give this line the same one. Lines all marked alike select nothing."""
    lo, _hi = _line_at(text, a, b)
    own = _gutter(text, lo)
    if not own:
        return None
    lines: dict[int, tuple[int, int]] = {}
    for sa, sb in others:
        if abs(sa - a) > _GUTTER_REACH:
            continue
        la, _lb = _line_at(text, sa, sb)
        if la == lo or la in lines:
            return None  # two members on one line: a listing of its own
        lines[la] = (sa, sb)
    if len(lines) < 2:
        return None
    leads = {_gutter(text, la) for la in lines}
    if len(leads) != 1 or own in leads:
        return None
    shared = leads.pop()
    mine = _gutter_shape(text, a, b, own)
    if any(_gutter_shape(text, sa, sb, shared) != mine for sa, sb in lines.values()):
        return None
    return shared


def regutter(text: str, a: int, b: int, labels: Sequence[str]) -> tuple[int, int, str] | None:
    """The edit that gives the line of the member ``text[a:b]`` the lead mark the other members' lines
    share when its own sets it apart (see :func:`gutter_apart`; the members are the ``labels`` written as
    whole words, any case), as ``(start, end, replacement)`` of ``text``; ``None`` when nothing sets it
    apart. The listing stays whole and no line is singled out."""
    own = text[a:b].casefold()
    lo, hi = max(0, a - _GUTTER_REACH), min(len(text), b + _GUTTER_REACH)
    others: list[tuple[int, int]] = []
    for label in labels:
        if not label.strip() or label.casefold() == own:
            continue
        pattern = r"(?<!\w)" + re.escape(label) + r"(?!\w)"
        others.extend((m.start() + lo, m.end() + lo) for m in re.finditer(pattern, text[lo:hi], re.IGNORECASE))
    shared = gutter_apart(text, a, b, others)
    if shared is None:
        return None
    start = _line_at(text, a, b)[0]
    lead = _gutter(text, start)
    return start, start + len(lead), shared.ljust(len(lead))


def restyle(text: str, a: int, b: int, labels: Sequence[str]) -> tuple[int, int, str] | None:
    """The edit that gives the member ``text[a:b]`` the marks the other members of its line share when
    those marks set it apart (see :func:`marked_apart`; the members are the ``labels`` written as whole
    words, any case), as ``(start, end, replacement)`` of ``text``: the member stays, set apart no more
    (``*Positive*`` → ``~Positive~`` beside ``~Negative~ ~Neutral~``); ``None`` when nothing sets it apart."""
    lo, hi = text.rfind("\n", 0, a) + 1, text.find("\n", b)
    hi = len(text) if hi < 0 else hi
    own = text[a:b].casefold()
    others: list[tuple[int, int]] = []
    for label in labels:
        if not label.strip() or label.casefold() == own:
            continue
        pattern = r"(?<!\w)" + re.escape(label) + r"(?!\w)"
        others.extend(m.span() for m in re.finditer(pattern, text[lo:hi], re.IGNORECASE))
    shared = marked_apart(text, a, b, [(x + lo, y + lo) for x, y in others])
    if shared is None:
        return None
    pre, post = _glued(text, a, b)
    return a - len(pre), b + len(post), shared[0] + text[a:b] + shared[1]


_COUNT_AFTER = re.compile(r"[ \t`*_:;,|=(\[-]*(\d{1,9})(?![\d.:/])")
"""The count a line of a tally gives its member: the first whole number after it (``Low  `5` ``,
``Shipping,5,100%``, ``High | 4``), not a decimal, a time or a ratio."""


def tally_winner(text: str, members: Sequence[tuple[int, int]]) -> int | None:
    """A tally: every member of a listing (three at least) on a line of its own, each followed on its
    line by a count (a poll's votes, a form's responses: ``Low `5` / Medium `0` / High `0` ``,
    ``Billing,0,0%`` … ``Shipping,5,100%``). The index of the member whose count is more than half of
    all the counts — the one the tally selects, as a ticked box does; ``None`` when the counts are all
    zero, or none holds a majority, or the listing is not laid out one member and one count a line."""
    if len(members) < 3:
        return None
    counts: list[int] = []
    lines: set[int] = set()
    for a, b in members:
        lo, hi = text.rfind("\n", 0, a) + 1, text.find("\n", b)
        hi = len(text) if hi < 0 else hi
        if lo in lines:
            return None
        lines.add(lo)
        m = _COUNT_AFTER.match(text, b, hi)
        if m is None:
            return None
        counts.append(int(m.group(1)))
    total = sum(counts)
    top = max(counts)
    return counts.index(top) if top * 2 > total else None


def clear_tally(text: str, a: int, labels: Sequence[str]) -> list[tuple[int, int, str]]:
    """The edits that take the counts out of the tally whose winner stands at ``a`` (see
    :func:`tally_winner`; the members are the ``labels`` written as whole words, any case): the rest of
    each member's line after the member is cut (``Low  `5`  @Ana, @Bo`` → ``Low``), so the listing stays
    and no member is told apart by its count, its share or its voters. Empty when no tally wins at ``a``."""
    spans: list[tuple[int, int]] = []
    for label in labels:
        if not label.strip():
            continue
        pattern = r"(?<!\w)" + re.escape(label) + r"(?!\w)"
        spans.extend(m.span() for m in re.finditer(pattern, text, re.IGNORECASE))
    spans.sort()
    won = tally_winner(text, spans)
    if won is None or not spans[won][0] <= a < spans[won][1]:
        return []
    edits = []
    for _sa, sb in spans:
        hi = text.find("\n", sb)
        hi = len(text) if hi < 0 else hi
        if hi > sb:
            edits.append((sb, hi, ""))
    return edits


_HEADING_MARKUP = re.compile(r"^\s*(?:#{1,6}|h[1-6]\.|>)?\s*[*_`]*\s*|[*_`:\s]*$")


def heading_value(pattern: re.Pattern[str], text: str, a: int, b: int) -> bool:
    """Key-value over two lines: the label's line is just the label and the line before it (a
    blank line between at most) is a heading or a line naming the task — GitHub issue forms
    (``### Priority\\n\\nHigh``), ``Priority\\nHigh``, Jira ``h3. Priority\\nHigh``."""
    start = text.rfind("\n", 0, a) + 1
    end = text.find("\n", b)
    end = len(text) if end < 0 else end
    if text[start:a].strip(" \t*_`>") or text[b:end].strip(" \t*_`"):
        return False
    if start == 0:
        return False
    lines = text[max(0, start - 200) : start - 1].split("\n")
    if len(lines) >= 2 and not lines[-1].strip():
        lines.pop()
    name = _HEADING_MARKUP.sub("", lines[-1])
    return 0 < len(_WORDS.findall(name)) <= 3 and names_task(pattern, name)


_UNMARK = {"x": " ", "X": " ", "✓": " ", "✔": " "}
_EMPTY_BOXES = ("☐", "⬜", "🔲", "▢")
_MARK_ATTR = re.compile(
    r"[ \t]+(?:selected|checked)(?:[ \t]*=[ \t]*(?:\"[^\"]*\"|'[^']*'|[^\s>]+))?(?=[\s/>])", re.IGNORECASE
)


_ARIA_STATE = re.compile(
    r"[ \t]+aria-(?:pressed|selected|checked)[ \t]*=[ \t]*(?:\"true\"|'true'|true)(?=[\s/>])", re.IGNORECASE
)
"""A start tag's ARIA state marking its element pressed, selected or checked (WAI-ARIA's standard attributes)."""


def _aria_unmark(text: str, a: int) -> tuple[int, int, str] | None:
    """The edit removing the ARIA state marks (:data:`_ARIA_STATE`) of the start tag that holds ``a`` (an attribute's
    value) or ends right before it (the element's text), or ``None`` when that tag carries none."""
    lt = text.rfind("<", max(0, a - 400), a)
    gt = text.find(">", lt)
    if lt < 0 or gt < 0 or text[lt + 1 : lt + 2] in "/!?" or (gt < a and text[gt + 1 : a].strip()):
        return None
    tag = text[lt : gt + 1]
    new = _ARIA_STATE.sub("", tag)
    return None if new == tag else (lt, gt + 1, like_siblings(text, lt, gt + 1, new))


_START_TAG = re.compile(r"<([A-Za-z][\w:-]*)\b[^<>]*>")
_ATTR = re.compile(r"([\w:.-]+)(?:[ \t]*=[ \t]*(\"[^\"]*\"|'[^']*'|[^\s>]+))?")
_CLASS = re.compile(r"([ \t]+class[ \t]*=[ \t]*)(\"[^\"]*\"|'[^']*')", re.IGNORECASE)


def _shape(tag: str) -> tuple[str, frozenset[str], frozenset[str] | None]:
    """A start tag's element name, the names of its attributes but its class and state marks, and its class tokens
    (``None`` without a class attribute)."""
    m = _START_TAG.match(tag)
    name = m.group(1).lower() if m else ""
    body = tag[m.end(1) : -1] if m else ""
    attrs = {a.group(1).lower(): a.group(2) for a in _ATTR.finditer(body)}
    cls = attrs.pop("class", None)
    names = frozenset(a for a in attrs if not a.startswith("aria-") and a not in ("selected", "checked"))
    return name, names, (None if cls is None else frozenset(cls.strip("\"'").split()))


def like_siblings(text: str, a: int, b: int, tag: str) -> str:
    """``tag`` (the unmarked start tag that replaces ``text[a:b]``) without the class tokens none of its siblings
    carries: the start tags of ``text`` with the same element name and the same attribute names (the other buttons of
    the form, the other options of the list). A chosen member styled apart (``class="btn selected"`` beside
    ``class="btn"``) would still point at the answer once its state attribute is gone; a class every member shares
    stays, and so does the tag when no sibling is found."""
    name, names, own = _shape(tag)
    if not own:
        return tag
    seen: set[str] = set()
    siblings = 0
    for m in _START_TAG.finditer(text):
        if m.start() == a or (m.start() < b and a < m.end()):
            continue
        other = _shape(m.group(0))
        if other[:2] != (name, names) or _ARIA_STATE.search(m.group(0)) or _MARK_ATTR.search(m.group(0)):
            continue
        siblings += 1
        seen |= other[2] or frozenset()
    apart = own - seen
    if not siblings or not apart:
        return tag
    c = _CLASS.search(tag)
    if c is None:
        return tag
    q = c.group(2)[0]
    kept = [t for t in c.group(2)[1:-1].split() if t not in apart]
    rep = f"{c.group(1)}{q}{' '.join(kept)}{q}" if kept else ""
    return tag[: c.start()] + rep + tag[c.end() :]


def unselect(text: str, a: int) -> tuple[int, int, str] | None:
    """The edit that clears the selection mark of the option at ``a``, as ``(start, end, replacement)``
    of ``text``: ``[x]`` → ``[ ]``, ``(x)`` → ``( )``, a ticked box → the empty box its siblings use
    (``☑`` → ``☐``, ``✅`` → ``⬜`` beside ``⬜ Medium``), a ``selected`` / ``checked`` attribute removed
    with its value, and an element marked by its ARIA state (``aria-pressed="true"``, ``aria-selected``,
    ``aria-checked``: a pressed button among the listed actions) loses that attribute. The listing stays, no option
    is marked, none is missing, and the cleared option looks like its siblings (a padded tag or a box unlike the
    others would still point at it; an unmarked start tag also loses the class tokens its siblings lack:
    :func:`like_siblings`)."""
    m = _SELECTED.search(text, max(0, a - 200), a)
    if m is None:
        return _aria_unmark(text, a)
    mark = m.group(0)
    if mark.startswith("<"):
        end = mark.index(">") + 1  # the marked tag (an <input>'s <label> after it is kept as is)
        new = like_siblings(text, m.start(), m.start() + end, _MARK_ATTR.sub("", mark[:end])) + mark[end:]
    elif mark[0] in "[(":
        new = "".join(_UNMARK.get(ch, ch) for ch in mark)
    else:
        box = next((b for b in _EMPTY_BOXES if b in text), "☐")
        new = box + mark[1:]
    return m.start(), m.end(), new


_OUT_OF = re.compile(r"[ \t]*(?:/|out[ \t]+of)[ \t]*(\d+|[^\W\d_]+)(?![\d/.,]\d)")
_STARS = re.compile(r"[ \t]*(?:stars?|points?)\b", re.IGNORECASE)
_OVER = re.compile(r"(?<![\d/.])(\d+|\b[^\W\d_]+)[ \t]*(?:/|out[ \t]+of)[ \t]*$")


_RATING_CUE = re.compile(
    r"\b(?:rat(?:e|es|ed|ing|ings)|scor(?:e|es|ed|ing)|review(?:s|ed)?|gave|give|giving|would\s+(?:buy|recommend)|"
    r"recommend(?:s|ed)?|stars?)\b",
    re.IGNORECASE,
)


_RATING_AFTER = re.compile(r"[ \t]*(?:stars?\b|would\s+(?:buy|recommend))", re.IGNORECASE)


def fraction(text: str, a: int, b: int, labels: frozenset[str], naming: re.Pattern[str] | None = None) -> str | None:
    """With a numeric label set, ``4/5``, ``4 out of 5`` (5 the top label) and ``4 stars`` state a
    rating of 4 (``"numerator"``) when a rating cue is in the clause (``rated``, ``would buy``, ``gave
    it``, ``4/5 stars``, a word naming the task); the 5 is the scale, not a mention (``"denominator"``).
    Without a cue ``Page 4/5``, ``Step 4/5``, ``4 out of 5 dentists``, ``I saw 4 stars`` are counters and
    counts, not ratings (``None``). The numbers may be written as words or Roman numerals (``one out of
    five``, ``III/V``)."""
    nums = [int(n) for n in labels if n.isdigit()]
    value = number_value(text[a:b])
    if len(nums) < 2 or value is None:
        return None
    top = max(nums)
    m = _OVER.search(text, max(0, a - 24), a)
    if m is not None and value == top and number_value(m.group(1)) is not None:
        return "denominator"
    m = _OUT_OF.match(text, b)
    stars = _STARS.match(text, b)
    if not ((m is not None and number_value(m.group(1)) == top and text[max(0, a - 1) : a] != "/") or stars):
        return None
    # A cue before the rating, or right after "4/5" ("4/5 stars", "4/5 would buy"); the stars of
    # "4 stars" are what is counted, not a cue by themselves.
    if _RATING_CUE.search(text, max(0, a - 48), a) or (m is not None and _RATING_AFTER.match(text, m.end())):
        return "numerator"
    if naming is not None and naming_near(naming, text, a, b):
        return "numerator"
    return None
