"""The canonical view pipeline: every string the model reads, decoded and tokenised, with offset maps.

* :mod:`.registry`: the decoder plug-in kind (:func:`decoder`, :data:`DECODERS`);
* the built-in decoders: :mod:`.web` (HTML/XML character references, percent-encoding at any depth,
  markup splitting a word), :mod:`.escapes` (``\\u``, ``\\x``, ``\\n`` …), :mod:`.binary` (base64,
  base64url, base32, hex), :mod:`.mail` (RFC 2047 encoded-words, quoted-printable, RFC 5322/5545
  unfolding, a reply's quote marks), :mod:`.layout` (end-of-line hyphenation, soft hyphens, table cells
  wrapped over lines, a table of one word per row read as its running text),
  :mod:`.unicode_forms` (TAG characters, decimal digits of any script, right-to-left overrides in
  display order), :mod:`.letterforms` (small capitals, negative and parenthesised letters, regional
  indicators, Braille, upside-down text, stacked combining marks), :mod:`.charsets` (UTF-16/32 and EBCDIC
  bytes, mojibake, UTF-7, punycode), :mod:`.blocks` (uuencode, xxencode, yEnc, btoa), :mod:`.ciphers`
  (ROT13, every other rotation and Atbash, reversed lines), :mod:`.signals` (Morse, tap code,
  leetspeak), :mod:`.streams` (a recorded stream of JSON events joined), :mod:`.spoken`
  (speech-to-text homophones, spelling-alphabet codes), :mod:`.letters` (a word spelled out letter by
  letter or by syllables; a list of one-letter items read as the word), :mod:`.references` (a value written
  through a name the same string defines: entities, macros, template and shell variables);
* :mod:`.pipeline`: :func:`canonical_views`, every decoder to a fixpoint with bounds;
* :mod:`.tokens`: identifiers split into words (``priorityHigh`` → ``priority High``).

Normalisation of what is decoded (case, width, accents, invisible characters, homoglyphs, numbers and
dates) is the view layer of :mod:`windtunnel.leakage.text`, applied to every decoded view alike.
JSON held in a string is parsed and walked as structure (:func:`windtunnel.leakage.decode.embedded_json`).

Why decode at all: a label hidden by an encoding is still read by the model, which decodes base64,
entities and escapes on sight. Why a pipeline of small decoders to a fixpoint, rather than one
decoder per known nesting (``base64`` of ``url``-encoded text …): encodings nest in any order, and a
fixpoint over independent decoders covers every order without naming any. Why one view per decoder
with every run replaced: one view per encoded run would multiply with the runs (a string of many runs
was quadratic). The bounds keep a hostile string linear, and an offset map per view keeps every hit
pointing at the characters the model read, so the sanitizer removes the encoded run itself.
"""

from windtunnel.leakage.views import decoders  # registers the built-in decoders
from windtunnel.leakage.views.pipeline import (
    MAX_DEPTH,
    MAX_VIEWS,
    apply,
    canonical_views,
    decode_once,
    decoded_views,
    named_decoded_view,
    view_names,
)
from windtunnel.leakage.views.registry import DECODERS, Decoder, Replacement, decoder
from windtunnel.leakage.views.tokens import (
    has_humps,
    identifier_span,
    identifier_view,
    identifier_words,
    pair_value,
    snake_words,
)

__all__ = [
    "DECODERS",
    "MAX_DEPTH",
    "MAX_VIEWS",
    "Decoder",
    "Replacement",
    "apply",
    "canonical_views",
    "decode_once",
    "decoded_views",
    "decoder",
    "decoders",
    "has_humps",
    "identifier_span",
    "identifier_view",
    "identifier_words",
    "named_decoded_view",
    "pair_value",
    "snake_words",
    "view_names",
]
