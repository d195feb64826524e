"""Encoders for the representation inventory (docs/leakage.md, "Representation inventory"): each writes a
text the way a standard tool or convention would, so a probe can plant a label in that form.

Written from the formats' published definitions (RFC 4648, RFC 1924, ZeroMQ Z85, uuencode, yEnc, ITU
Morse, Unicode blocks), independently of the decoders they test."""

from __future__ import annotations

import base64
import binascii
import codecs
import gzip
import zlib

_B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
_B62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
_B36 = "0123456789abcdefghijklmnopqrstuvwxyz"
_CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_Z85 = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-:+=^!/*?&<>()[]{}@%$#"
_B91 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!#$%&()*+,./:;<=>?@[]^_`{|}~"'


def big_base(data: bytes, alphabet: str) -> str:
    """``data`` as a big number written in ``alphabet`` (leading zero bytes as the zero digit)."""
    n = int.from_bytes(data, "big")
    out = ""
    while n:
        n, r = divmod(n, len(alphabet))
        out = alphabet[r] + out
    pad = len(data) - len(data.lstrip(b"\0"))
    return alphabet[0] * pad + (out or "")


def b58(s: str) -> str:
    return big_base(s.encode(), _B58)


def b62(s: str) -> str:
    return big_base(s.encode(), _B62)


def b36(s: str) -> str:
    return big_base(s.encode(), _B36)


def crockford(s: str) -> str:
    return (
        base64.b32encode(s.encode())
        .decode()
        .rstrip("=")
        .translate(str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", _CROCKFORD))
    )


def b32hex(s: str) -> str:
    return base64.b32hexencode(s.encode()).decode()


def z85(s: str) -> str:
    data = s.encode()
    data += b"\0" * (-len(data) % 4)
    out = []
    for i in range(0, len(data), 4):
        n = int.from_bytes(data[i : i + 4], "big")
        chunk = ""
        for _ in range(5):
            n, r = divmod(n, 85)
            chunk = _Z85[r] + chunk
        out.append(chunk)
    return "".join(out)


def btoa(s: str) -> str:
    body = base64.a85encode(s.encode(), foldspaces=True).decode()
    return f"xbtoa Begin\n{body}\nxbtoa End N {len(s)} {len(s):x} E 0 S 0 R 0\n"


def b91(s: str) -> str:
    b = n = 0
    out = []
    for byte in s.encode():
        b |= byte << n
        n += 8
        if n > 13:
            v = b & 8191
            if v > 88:
                b >>= 13
                n -= 13
            else:
                v = b & 16383
                b >>= 14
                n -= 14
            out.append(_B91[v % 91] + _B91[v // 91])
    if n:
        out.append(_B91[b % 91])
        if n > 7 or b > 90:
            out.append(_B91[b // 91])
    return "".join(out)


def uu_lines(s: str) -> str:
    data = s.encode()
    return "".join(binascii.b2a_uu(data[i : i + 45]).decode() for i in range(0, len(data), 45))


def uu_block(s: str) -> str:
    return f"begin 644 note.txt\n{uu_lines(s)}`\nend\n"


_XX = "+-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def xx_block(s: str) -> str:
    uu = uu_lines(s)
    table = str.maketrans("".join(chr(32 + i) for i in range(64)) + "`", _XX + "+")
    return f"begin 644 note.txt\n{uu.translate(table)}+\nend\n"


def yenc(s: str) -> str:
    out = []
    for byte in s.encode():
        c = (byte + 42) % 256
        if c in (0, 10, 13, 61):
            out.append("=" + chr((c + 64) % 256))
        else:
            out.append(chr(c))
    return f"=ybegin line=128 size={len(s)} name=note.txt\n{''.join(out)}\n=yend size={len(s)}\n"


def utf7_all(s: str) -> str:
    return "+" + base64.b64encode(s.encode("utf-16-be")).decode().rstrip("=") + "-"


def punycode(s: str) -> str:
    return "xn--" + s.encode("punycode").decode()


def data_uri(s: str) -> str:
    return "data:text/plain;base64," + base64.b64encode(s.encode()).decode()


def deflate_b64(s: str) -> str:
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    return base64.b64encode(c.compress(s.encode()) + c.flush()).decode()


def gzip_b64(s: str) -> str:
    return base64.b64encode(gzip.compress(s.encode(), mtime=0)).decode()


def protobuf_b64(s: str) -> str:
    raw = s.encode()
    msg = b"\x08\x96\x01" + b"\x12" + bytes([len(raw)]) + raw + b"\x18\x01"
    return base64.b64encode(msg).decode()


def msgpack_b64(s: str) -> str:
    raw = s.encode()
    msg = b"\x82\xa2id\xcd\x04\xd2\xa4note" + bytes([0xA0 | len(raw)]) + raw
    return base64.b64encode(msg).decode()


def codec_hex(s: str, codec: str, sep: str = "") -> str:
    return s.encode(codec).hex(sep) if sep else s.encode(codec).hex()


def byte_list(s: str, codec: str) -> str:
    return "[" + ", ".join(str(b) for b in s.encode(codec)) + "]"


def mojibake(s: str, wrong: str = "cp1252") -> str:
    return s.encode("utf-8").decode(wrong, errors="replace")


def double_mojibake(s: str) -> str:
    return mojibake(mojibake(s))


def percent_all(s: str, depth: int = 1) -> str:
    out = "".join(f"%{b:02X}" for b in s.encode())
    for _ in range(depth - 1):
        out = out.replace("%", "%25")
    return out


def jwt(s: str) -> str:
    head = base64.urlsafe_b64encode(b'{"alg":"HS256","typ":"JWT"}').decode().rstrip("=")
    body = base64.urlsafe_b64encode(('{"sub":"u1","note":"' + s + '"}').encode()).decode().rstrip("=")
    return f"{head}.{body}.c2lnbmF0dXJl"


# --- Unicode letterforms -------------------------------------------------------------------------------------


def _letters(s: str, upper_base: int | None, lower_base: int | None) -> str:
    out = []
    for ch in s:
        if "A" <= ch <= "Z" and upper_base is not None:
            out.append(chr(upper_base + ord(ch) - 65))
        elif "a" <= ch <= "z" and lower_base is not None:
            out.append(chr(lower_base + ord(ch) - 97))
        elif "a" <= ch <= "z" and upper_base is not None and lower_base is None:
            out.append(chr(upper_base + ord(ch) - 97))
        else:
            out.append(ch)
    return "".join(out)


def math_bold(s: str) -> str:
    return _letters(s, 0x1D400, 0x1D41A)


def fullwidth(s: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in s)


def circled(s: str) -> str:
    return _letters(s, 0x24B6, 0x24D0)


def parenthesized(s: str) -> str:
    return _letters(s, None, 0x249C) if s.islower() else _letters(s.lower(), None, 0x249C)


def squared(s: str) -> str:
    return _letters(s.upper(), 0x1F130, None)


def negative_circled(s: str) -> str:
    return _letters(s.upper(), 0x1F150, None)


def negative_squared(s: str) -> str:
    return _letters(s.upper(), 0x1F170, None)


def regional(s: str) -> str:
    return "\u200b".join(_letters(s.upper(), 0x1F1E6, None))


_SMALL_CAPS = dict(zip("abcdefghijklmnopqrstuvwxyz", "ᴀʙᴄᴅᴇꜰɢʜɪᴊᴋʟᴍɴᴏᴘǫʀꜱᴛᴜᴠᴡxʏᴢ", strict=True))


def small_caps(s: str) -> str:
    return "".join(_SMALL_CAPS.get(c.lower(), c) for c in s)


_SUPER = dict(zip("abcdefghijklmnoprstuvwxyz", "ᵃᵇᶜᵈᵉᶠᵍʰⁱʲᵏˡᵐⁿᵒᵖʳˢᵗᵘᵛʷˣʸᶻ", strict=True))


def superscript(s: str) -> str:
    return "".join(_SUPER.get(c.lower(), c) for c in s)


_UPSIDE = dict(
    zip(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.,:!?'",
        "ɐqɔpǝɟƃɥᴉɾʞlɯuodbɹsʇnʌʍxʎz∀ꓭƆꓷƎℲ⅁HIꓩꓘ˥WNOԀΌꓤSꓕ∩ΛMX⅄Z˙'·¡¿,",
        strict=True,
    )
)


def upside_down(s: str) -> str:
    return "".join(_UPSIDE.get(c, c) for c in reversed(s))


_BRAILLE = {
    "a": "⠁", "b": "⠃", "c": "⠉", "d": "⠙", "e": "⠑", "f": "⠋", "g": "⠛", "h": "⠓", "i": "⠊", "j": "⠚",
    "k": "⠅", "l": "⠇", "m": "⠍", "n": "⠝", "o": "⠕", "p": "⠏", "q": "⠟", "r": "⠗", "s": "⠎", "t": "⠞",
    "u": "⠥", "v": "⠧", "w": "⠺", "x": "⠭", "y": "⠽", "z": "⠵", " ": "⠀", ":": "⠒",
}  # fmt: skip


def braille(s: str) -> str:
    out = []
    for c in s:
        if c.isupper():
            out.append("⠠")
        out.append(_BRAILLE.get(c.lower(), c))
    return "".join(out)


def zalgo(s: str) -> str:
    marks = "\u0301\u0316\u0337\u0352\u035c\u0489"
    return "".join(
        c + (marks[i % len(marks)] + marks[(i + 2) % len(marks)] if c.isalpha() else "") for i, c in enumerate(s)
    )


def keycaps(digits: str) -> str:
    return "".join(d + "\ufe0f\u20e3" for d in digits)


# --- human and signal spellings -------------------------------------------------------------------------------

MORSE = {
    "a": ".-", "b": "-...", "c": "-.-.", "d": "-..", "e": ".", "f": "..-.", "g": "--.", "h": "....", "i": "..",
    "j": ".---", "k": "-.-", "l": ".-..", "m": "--", "n": "-.", "o": "---", "p": ".--.", "q": "--.-", "r": ".-.",
    "s": "...", "t": "-", "u": "..-", "v": "...-", "w": ".--", "x": "-..-", "y": "-.--", "z": "--..",
    "0": "-----", "1": ".----", "2": "..---", "3": "...--", "4": "....-", "5": ".....", "6": "-....",
    "7": "--...", "8": "---..", "9": "----.",
}  # fmt: skip


def morse(s: str, dot: str = ".", dash: str = "-", gap: str = " / ") -> str:
    words = [w for w in s.lower().replace(":", "").split()]
    return gap.join(
        " ".join(MORSE[c].replace(".", "\0").replace("-", dash).replace("\0", dot) for c in w) for w in words
    )


def morse_syllables(s: str) -> str:
    words = s.lower().replace(":", "").split()
    return " / ".join(
        " ".join("-".join("di" if x == "." else "dah" for x in MORSE[c]).replace("di-", "di-").rstrip() for c in w)
        for w in words
    )


_TAP = "abcdefghijklmnopqrstuvwxyz".replace("k", "")


def tap_code(s: str) -> str:
    out = []
    for w in s.lower().replace(":", "").split():
        letters = []
        for c in w:
            i = _TAP.index("c" if c == "k" else c)
            letters.append("." * (i // 5 + 1) + " " + "." * (i % 5 + 1))
        out.append("  ".join(letters))
    return " / ".join(out)


def leet(s: str) -> str:
    return s.translate(str.maketrans("aeiostAEIOST", "43105743105+"))


def rot(s: str, n: int) -> str:
    def r(c: str) -> str:
        if "a" <= c <= "z":
            return chr((ord(c) - 97 + n) % 26 + 97)
        if "A" <= c <= "Z":
            return chr((ord(c) - 65 + n) % 26 + 65)
        return c

    return "".join(map(r, s))


def atbash(s: str) -> str:
    return s.translate(
        str.maketrans(
            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
            "zyxwvutsrqponmlkjihgfedcbaZYXWVUTSRQPONMLKJIHGFEDCBA",
        )
    )


def reversed_text(s: str) -> str:
    return s[::-1]


def pig_latin(s: str) -> str:
    out = []
    for w in s.replace(":", "").split():
        i = next((k for k, c in enumerate(w) if c.lower() in "aeiou"), 0)
        out.append(w[i:] + w[:i] + "ay")
    return " ".join(out)


def pig_latin_hyphen(s: str) -> str:
    """Pig Latin as written to be read back: the first consonants behind a hyphen with "ay", "-way"
    after a word that starts with a vowel."""
    out = []
    for w in s.replace(":", "").split():
        i = next((k for k, c in enumerate(w) if c.lower() in "aeiou"), 0)
        out.append(w + "-way" if i == 0 else w[i:] + "-" + w[:i] + "ay")
    return " ".join(out)


def digit_shift(s: str, n: int) -> str:
    return "".join(str((int(c) + n) % 10) if c.isdigit() else c for c in s)


__all__ = ["codecs"]
