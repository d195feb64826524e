"""Surface rewrites that keep the intent: paraphrase, noise, tone_shift, and user templates (custom).

These types ask whether the agent answers the same request the same way when it is worded, typed or voiced differently:
a robust agent's answer should not change. The generators here use only the seeded ``rng`` and bundled word lists
(``data/synonyms.json`` and the tables below), so a seed reproduces a variant exactly, and its ``args`` list each edit
with its offset. (With ``model:`` configured, :mod:`windtunnel.mutations.llm` may write these types instead, falling
back to these generators.)

How "keeps the intent" is kept: a paraphrase swaps words for synonyms from the bundled list, expands or contracts, and
wraps the request in politeness templates that do not add a request of their own; ``noise`` makes the errors people make
(adjacent-key typos, dropped, doubled and swapped letters, txt-speak), never random bytes; ``tone_shift`` changes the
voice (aggressive, formal, pleading, shouting ...) and leaves the ask intact. An answer that changes under these
variants is the agent's fragility, not the mutation's doing, which is what makes a failed cell here worth a look.

``custom`` is the user's own templates (``mutations.custom_templates``), with ``{prompt}`` standing for the golden
prompt; a template without it is a config error, since the variant would then not contain the request at all.
"""

from __future__ import annotations

import functools
import itertools
import random
import re

from windtunnel._util.errors import ConfigError
from windtunnel._util.lazyre import lazy
from windtunnel.mutations._common import WORD_RE, load_data, lower_first, match_case, strip_end_punct
from windtunnel.mutations.base import Mutated, MutationContext, mutation

# --- paraphrase ------------------------------------------------------------------------------------

REQUEST, QUESTION, STATEMENT, WHOLE = "request", "question", "statement", "whole"
"""The forms of a prompt a paraphrase template may fit (:func:`prompt_form`): a request in the imperative ("Cancel my
order"), a question ("Where is my order?"), a statement ("My order is late"), or several sentences, which only a
template that keeps the prompt whole (``{P}``) can wrap."""

_ANY = frozenset({REQUEST, QUESTION, STATEMENT, WHOLE})

_PARAPHRASE_TEMPLATES: tuple[tuple[str, frozenset[str]], ...] = (
    # `{p}` after a modal or "to" must be a verb phrase: only a request fits ("Is it possible to how warm is it ...?")
    ("Could you {p}?", frozenset({REQUEST})),
    ("I need some help: {p}.", frozenset({REQUEST, STATEMENT})),
    ("{S} Can you do that for me?", frozenset({REQUEST})),
    ("Quick question: {p}?", frozenset({REQUEST, QUESTION})),
    ("Would you mind helping with this? {P}", _ANY),
    ("I was wondering if you could {p}.", frozenset({REQUEST})),
    ("Here is what I need: {p}.", frozenset({REQUEST})),
    ("Is it possible to {p}?", frozenset({REQUEST})),
    ("Please take care of the following: {p}.", frozenset({REQUEST})),
    ("Hi, {p}, thanks.", frozenset({REQUEST, STATEMENT})),
    ("So basically, {p}.", frozenset({REQUEST, STATEMENT})),
    ("My request is this: {P}", _ANY),
    # added after the ones above, fitting no request, so a request's variants (and their indices) stay as they were
    ("Sorry to bother you, but {p}?", frozenset({QUESTION})),
    ("I have a question: {p}?", frozenset({QUESTION})),
    ("Hi, {p}? Thanks.", frozenset({QUESTION})),
    ("Hello! {S} Thanks in advance.", frozenset({QUESTION, STATEMENT, WHOLE})),
)
"""Rephrasing templates and the prompt forms each reads well with: ``{p}`` is the prompt lower-cased at its start and
without its end punctuation, ``{P}`` the prompt as it is, ``{S}`` the prompt ending a sentence (a ``.`` added when it
has no end mark, since text follows it)."""


def _wordset(*lines: str) -> frozenset[str]:
    """The space-separated words of ``lines``, as a set (a word list kept readable in the source)."""
    return frozenset(" ".join(lines).split())


_QUESTION_STARTS = _wordset(
    "what what's whats how how's where where's when why who who's whom whose which is are am was were do does did can "
    "could would will should shall may might have has had isn't aren't wasn't weren't don't doesn't didn't can't "
    "couldn't won't wouldn't shouldn't haven't hasn't",
)
"""First words that make a sentence a question, with or without its question mark."""

_NOT_A_VERB = _wordset(
    "i i'm i'd i've i'll me my mine we we're we've our ours us you you're you've your yours he he's his him she she's "
    "her hers it it's its they they're their theirs them this that that's these those there there's here here's the "
    "a an some any all no none every each another both either neither such hi hello hey dear greetings thanks thank "
    "sorry yes yeah ok okay well so and but or nor because if unless while since although though also just maybe "
    "perhaps yesterday today tonight tomorrow now then again still already not never always usually sometimes often "
    "in on at for from to with without by about of after before during per as via into onto over under than",
)
"""Closed-class first words (pronouns, determiners, greetings, conjunctions, prepositions, adverbs of time): a prompt
that starts with one is not a request in the imperative, which starts with its verb."""

_POLITE = frozenset({"please", "kindly"})


def _first_words(text: str) -> tuple[str, str]:
    """The first two words of ``text`` (``WORD_RE``), lower-cased; ``""`` for one that is not there (the text starts
    with something else, or the second is not next to the first, past spaces and commas)."""
    start = len(text) - len(text.lstrip())
    first = WORD_RE.match(text, start)
    if first is None:
        return "", ""
    second = WORD_RE.search(text, first.end())
    if second is None or text[first.end() : second.start()].strip(" ,"):
        return first.group().lower(), ""
    return first.group().lower(), second.group().lower()


def _several_sentences(core: str) -> bool:
    """Whether ``core`` (a prompt without its end mark) holds an end mark followed by more text."""
    return any(c in ".!?" and core[i + 1 : i + 2].isspace() for i, c in enumerate(core[:-1]))


def prompt_form(prompt: str) -> str:
    """Which templates can wrap ``prompt`` (see :data:`REQUEST` …): ``whole`` when it has more than one sentence (an
    end mark followed by more text), ``question`` when it ends with ``?`` or starts with a question word, ``request``
    when its first word (after "please") is not a closed-class word, else ``statement``. A heuristic on the first
    words, deliberately cautious: a request read as a statement only loses the templates that need a verb phrase,
    while a statement read as a request would make "Could you my order is late?"."""
    core = strip_end_punct(prompt)
    if _several_sentences(core):
        return WHOLE
    first, second = _first_words(core)
    if prompt.rstrip().endswith("?") or first in _QUESTION_STARTS:
        return QUESTION
    if first in _POLITE:
        first = second
    return REQUEST if first and first not in _NOT_A_VERB and first not in _QUESTION_STARTS else STATEMENT


@functools.lru_cache(maxsize=256)
def _fitting_templates(prompt: str) -> tuple[str, list[int]]:
    """``prompt``'s form and the indices of the templates that fit it (callers do not modify the list)."""
    form = prompt_form(prompt)
    return form, [i for i, (_, fits) in enumerate(_PARAPHRASE_TEMPLATES) if form in fits]


_CONTRACTIONS = (
    ("do not", "don't"),
    ("does not", "doesn't"),
    ("cannot", "can't"),
    ("can not", "can't"),
    ("will not", "won't"),
    ("is not", "isn't"),
    ("are not", "aren't"),
    ("I am", "I'm"),
    ("I have", "I've"),
    ("I would", "I'd"),
    ("it is", "it's"),
    ("you are", "you're"),
    ("what is", "what's"),
    ("let us", "let's"),
    ("there is", "there's"),
)
_CONTRACTION_RES = tuple((lazy(rf"\b{re.escape(a)}\b", re.IGNORECASE), a, b) for a, b in _CONTRACTIONS) + tuple(
    (lazy(rf"\b{re.escape(b)}\b", re.IGNORECASE), b, a) for a, b in _CONTRACTIONS
)
_CONTRACTION_LOW = tuple((rx, a, b, a.lower()) for rx, a, b in _CONTRACTION_RES)


@functools.lru_cache(maxsize=256)
def _words(prompt: str) -> list[tuple[re.Match[str], str]]:
    """Each word of ``prompt`` (``WORD_RE``) with its lower-cased text (callers do not modify the list)."""
    if prompt.isascii():  # lower-casing keeps every position: one C-level pass finds the lower-cased words
        return list(zip(WORD_RE.finditer(prompt), WORD_RE.findall(prompt.lower()), strict=True))
    return [(m, m.group().lower()) for m in WORD_RE.finditer(prompt)]


def _synonym_spans(prompt: str) -> list[re.Match[str]]:
    """The words of ``prompt`` the synonym lexicon has an entry for."""
    lexicon: dict[str, list[str]] = load_data("synonyms.json")
    return [m for m, low in _words(prompt) if low in lexicon]


def _contractions(prompt: str) -> list[tuple[re.Pattern[str], str, str]]:
    """The contraction rules that apply to ``prompt``, in rule order."""
    if not prompt.isascii():  # Unicode case folding matches more than str.lower() finds (e.g. "ſ" ~ "s")
        return [(rx, a, b) for rx, a, b in _CONTRACTION_RES if rx.search(prompt)]
    low = prompt.lower()  # an ASCII rule matches only where its lower-cased words occur: search just there
    return [(rx, a, b) for rx, a, b, a_low in _CONTRACTION_LOW if a_low in low and rx.search(prompt)]


@functools.lru_cache(maxsize=256)
def _paraphrase_sites(prompt: str) -> tuple[list[re.Match[str]], list[tuple[re.Pattern[str], str, str]]]:
    """What ``paraphrase`` may change in ``prompt``, worked out once for a golden prompt's variants
    (callers do not modify the lists)."""
    return _synonym_spans(prompt), _contractions(prompt)


@mutation("paraphrase", weight=1.0)
def paraphrase(prompt: str, rng: random.Random, ctx: MutationContext) -> Mutated:
    """Same request in other words: synonyms from a bundled lexicon, rephrasing templates, contractions.

    One technique per variant, drawn from those that apply (synonyms are twice as likely when the lexicon knows a word):
    ``synonym`` replaces one to three words, case kept; ``contraction`` applies one contraction rule; ``template`` wraps
    the request in a rephrasing that fits its form (:func:`prompt_form`: "Could you {p}?" only around a request in the
    imperative, "Sorry to bother you, but {p}?" only around a question ...). ``args`` records the technique and the
    replacements (offset, old word, new word) or the template index and the prompt's form.
    """
    spans, contractions = _paraphrase_sites(prompt)
    techniques = ["template"] + (["synonym", "synonym"] if spans else []) + (["contraction"] if contractions else [])
    technique = rng.choice(techniques)
    if technique == "synonym":
        lexicon: dict[str, list[str]] = load_data("synonyms.json")
        chosen = sorted(rng.sample(range(len(spans)), rng.randint(1, min(3, len(spans)))))
        out, last, repl = [], 0, []
        for i in chosen:
            m = spans[i]
            new = match_case(m.group(), rng.choice(lexicon[m.group().lower()]))
            out += [prompt[last : m.start()], new]
            last = m.end()
            repl.append([m.start(), m.group(), new])
        return Mutated("".join(out) + prompt[last:], {"technique": "synonym", "replacements": repl})
    if technique == "contraction":
        rx, a, b = rng.choice(contractions)
        text = rx.sub(lambda m: match_case(m.group(), b), prompt)
        return Mutated(text, {"technique": "contraction", "from": a, "to": b})
    form, fitting = _fitting_templates(prompt)
    idx = rng.choice(fitting)
    core = strip_end_punct(prompt)
    whole = prompt.strip()
    ended = whole if whole.endswith((".", "!", "?")) else f"{whole}."
    text = _PARAPHRASE_TEMPLATES[idx][0].format(p=lower_first(core), P=whole, S=ended)
    return Mutated(text, {"technique": "template", "template": idx, "form": form})


# --- noise -----------------------------------------------------------------------------------------

_KEYBOARD_ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm")


def _adjacent_keys() -> dict[str, str]:
    """Each QWERTY letter → the letters around it on the keyboard (diagonals included), for realistic typos."""
    pos = {c: (r, i) for r, row in enumerate(_KEYBOARD_ROWS) for i, c in enumerate(row)}
    adj: dict[str, str] = {}
    for c, (r, i) in pos.items():
        near = [
            _KEYBOARD_ROWS[rr][ii]
            for rr in (r - 1, r, r + 1)
            for ii in (i - 1, i, i + 1)
            if 0 <= rr < 3 and 0 <= ii < len(_KEYBOARD_ROWS[rr]) and (rr, ii) != (r, i)
        ]
        adj[c] = "".join(near)
    return adj


_ADJACENT = _adjacent_keys()

_TXT_SPEAK = {
    "you": "u",
    "your": "ur",
    "are": "r",
    "please": "pls",
    "thanks": "thx",
    "thank": "thx",
    "to": "2",
    "for": "4",
    "before": "b4",
    "great": "gr8",
    "tomorrow": "tmrw",
    "because": "bc",
    "with": "w/",
    "without": "w/o",
    "people": "ppl",
    "message": "msg",
    "information": "info",
    "really": "rly",
    "okay": "ok",
    "tonight": "2nite",
    "later": "l8r",
    "something": "smth",
    "probably": "prob",
    "between": "btwn",
    "about": "abt",
    "know": "kno",
    "what": "wat",
    "why": "y",
    "see": "c",
    "be": "b",
    "and": "&",
    "at": "@",
    "right": "rite",
}


_ASCII_LETTER_MASK = bytes(1 if chr(b).isalpha() else 0 for b in range(256))
"""``bytes.translate`` table: 1 for an ASCII letter, 0 for any other byte (only ASCII text is translated)."""


@functools.lru_cache(maxsize=256)
def _letters(prompt: str) -> list[int]:
    """The positions of ``prompt``'s letters (callers do not modify the list)."""
    if prompt.isascii():  # an ASCII letter is [A-Za-z]: its positions picked by a byte mask, in C
        return list(itertools.compress(range(len(prompt)), prompt.encode("ascii").translate(_ASCII_LETTER_MASK)))
    return [i for i, c in enumerate(prompt) if c.isalpha()]


@functools.lru_cache(maxsize=256)
def _slang_spans(prompt: str) -> list[re.Match[str]]:
    """The words of ``prompt`` that have a txt-speak form (callers do not modify the list)."""
    return [m for m, low in _words(prompt) if _TXT_SPEAK.get(low, low) != low]


def _typos(prompt: str, rng: random.Random) -> Mutated:
    """One to five typos (an adjacent key, a dropped, doubled or swapped letter) at seeded letter positions, each
    recorded as ``[op, position, old, new]``; a prompt without letters gets one inserted letter.
    """
    letters = _letters(prompt)
    if not letters:
        pos = rng.randint(0, len(prompt))
        ch = rng.choice("abcdefghijklmnopqrstuvwxyz")
        return Mutated(prompt[:pos] + ch + prompt[pos:], {"technique": "typos", "edits": [["insert", pos, "", ch]]})
    n = rng.randint(1, max(1, min(5, len(letters) // 15)))
    chars = list(prompt)
    edits: list[list[object]] = []
    # Right to left, so earlier indices stay valid while the string changes length.
    for i in reversed(sorted(rng.sample(letters, n))):
        op = rng.choice(("adjacent_key", "drop", "double", "swap"))
        c = chars[i]
        if op == "swap" and (i + 1 >= len(chars) or chars[i + 1] == c or not chars[i + 1].isalpha()):
            op = "double"
        if op == "adjacent_key" and c.lower() not in _ADJACENT:
            op = "drop"
        if op == "adjacent_key":
            new = match_case(c, rng.choice(_ADJACENT[c.lower()]))
            chars[i] = new
            edits.append([op, i, c, new])
        elif op == "drop":
            del chars[i]
            edits.append([op, i, c, ""])
        elif op == "double":
            chars.insert(i, c)
            edits.append([op, i, c, c + c])
        else:
            chars[i], chars[i + 1] = chars[i + 1], chars[i]
            edits.append([op, i, c + chars[i], chars[i] + c])
    text = "".join(chars)
    if text == prompt:  # two edits cancelled out (e.g. a drop and a double in "ll")
        text = prompt[: letters[0]] + prompt[letters[0]] * 2 + prompt[letters[0] + 1 :]
        edits.append(["double", letters[0], prompt[letters[0]], prompt[letters[0]] * 2])
    return Mutated(text, {"technique": "typos", "edits": edits[::-1]})


@mutation("noise", weight=0.8)
def noise(prompt: str, rng: random.Random, ctx: MutationContext) -> Mutated:
    """Realistic typing noise: keyboard-adjacent typos, dropped, doubled and swapped letters, txt-speak.

    About three variants in ten replace up to eight words with their txt-speak form (when the prompt has any); the
    rest make one to five typos (:func:`_typos`). ``args`` lists every edit with its offset, so a report shows
    exactly what changed.
    """
    slang = _slang_spans(prompt)
    if slang and rng.random() < 0.3:
        chosen = sorted(rng.sample(range(len(slang)), rng.randint(1, min(8, len(slang)))))
        out, last, repl = [], 0, []
        for i in chosen:
            m = slang[i]
            new = _TXT_SPEAK[m.group().lower()]
            out += [prompt[last : m.start()], new]
            last = m.end()
            repl.append([m.start(), m.group(), new])
        return Mutated("".join(out) + prompt[last:], {"technique": "txt_speak", "replacements": repl})
    return _typos(prompt, rng)


# --- tone_shift ------------------------------------------------------------------------------------

_TONES: dict[str, tuple[str, ...]] = {
    "aggressive": (
        "{P} Do it NOW, I'm sick of waiting.",
        "Listen, I don't have time for your nonsense. {P}",
        "This is ridiculous. {P} And get it right this time.",
    ),
    "impatient": (
        "{P} Hurry up, I need this in the next two minutes!",
        "Come on, just {p} already.",
        "I've asked three times now. {P}",
    ),
    "casual": (
        "hey so {p} lol",
        "yo, can u {p}? thx",
        "sooo... {p}? no rush",
    ),
    "formal": (
        "Dear assistant, I would be most grateful if you could kindly {p}. Yours sincerely.",
        "To whom it may concern: I hereby request that you {p}.",
    ),
    "sarcastic": (
        "Oh great, another chance for you to totally nail this. {P}",
        "I'm sure this will go perfectly, like last time. {P}",
    ),
    "pleading": (
        "Please, please, I'm begging you, {p}. My job depends on it.",
        "I really need this, I'm desperate. {P} Please.",
    ),
    "passive_aggressive": (
        "Per my last three messages, {p}. Thanks so much in advance.",
        "Not sure why this is so hard, but {p}.",
    ),
    "anxious": (
        "Sorry to bother you, I'm really stressed... {P} Is that okay? Sorry.",
        "I'm panicking a bit, {p}, and I don't know what happens if it fails.",
    ),
}


@mutation("tone_shift", weight=0.9)
def tone_shift(prompt: str, rng: random.Random, ctx: MutationContext) -> Mutated:
    """The same request in another tone: aggressive, impatient, casual, formal, pleading, shouting ...

    A template of the drawn tone wraps the request (``args``: the tone and template index); ``shouting`` is the request
    in capitals with exclamation marks. The intent is unchanged: an agent should answer the same way.
    """
    tones = [*_TONES, "shouting"]
    tone = rng.choice(tones)
    if tone == "shouting":
        return Mutated(prompt.upper().rstrip(".") + "!!!", {"tone": "shouting"})
    idx = rng.randrange(len(_TONES[tone]))
    text = _TONES[tone][idx].format(p=lower_first(strip_end_punct(prompt)), P=prompt.strip())
    return Mutated(text, {"tone": tone, "template": idx})


# --- custom ----------------------------------------------------------------------------------------


@mutation("custom", weight=1.0)
def custom(prompt: str, rng: random.Random, ctx: MutationContext) -> Mutated:
    """Your own templates from ``mutations.custom_templates``, with ``{prompt}`` for the golden prompt.

    One template is drawn per variant and recorded by its id (its name when the config gave a mapping). Raises
    ConfigError when there are no templates, when one lacks ``{prompt}``, or when a template leaves the prompt
    unchanged: a variant identical to the golden prompt tests nothing.
    """
    templates = ctx.custom_templates
    if not templates:
        raise ConfigError(
            "mutation type 'custom' needs templates, but mutations.custom_templates is empty",
            hint='add e.g. custom_templates: ["As my manager asked: {prompt}"], or drop "custom" from mutations.types',
        )
    for i, t in enumerate(templates):
        if "{prompt}" not in t:
            raise ConfigError(
                f"mutations.custom_templates[{ctx.template_id(i)!r}] has no {{prompt}} placeholder: {t!r}",
                hint="every custom template must contain {prompt} where the golden prompt goes",
            )
    idx = rng.randrange(len(templates))
    text = templates[idx].replace("{prompt}", prompt)
    if text == prompt:
        raise ConfigError(
            f"mutations.custom_templates[{ctx.template_id(idx)!r}] ({templates[idx]!r}) leaves the prompt unchanged",
            hint="add text around {prompt}",
        )
    return Mutated(text, {"template": ctx.template_id(idx)})
