"""Personal data detection: emails, phone numbers, payment cards, US SSNs, IP addresses.

Each detector pairs a candidate regex with a validator, so structure decides, not digit counts:
cards must pass the Luhn check and carry a known issuer prefix, SSNs must be in the issued ranges,
and bare digit runs (order ids, invoice numbers) count only when a label says what they are.

Why precision over recall: a personal-data leak is a severe finding, and agents answer with order numbers,
tracking codes, prices, dates and versions all day. A detector that flags every 16-digit run would fail most cells of
a support agent and teach its users to ignore the check. So each detector accepts only what is structurally personal
data (a Luhn-valid number with a real issuer prefix printed as cards are printed; an SSN in issued ranges; an IP with
valid octets) and a looser shape only next to a label that says what it is.

What it does not do: names, postal addresses and national ids other than US SSNs are not detected (they need a
language model or a locale's rules, not a regex), and a number spelled in words is not recognised. Matches are
reported redacted (:meth:`PiiMatch.redacted`), so the report of a leak does not repeat the leak.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Literal

from windtunnel._util.lazyre import lazy

PiiKind = Literal["email", "phone", "credit_card", "ssn", "ip_address"]
PII_KINDS: tuple[PiiKind, ...] = ("email", "phone", "credit_card", "ssn", "ip_address")


@dataclass(frozen=True)
class PiiMatch:
    """One piece of personal data found in an output: its kind, the text as written, and its offset."""

    kind: PiiKind
    text: str
    start: int

    def redacted(self) -> str:
        """The match with all but its last few characters masked, for reports.

        The last four characters stay for cards, SSNs and phones (as printed receipts show them), three for the rest, so
        a reader can tell which value leaked without the report leaking it again; at least three asterisks, so a short
        match does not give its length away exactly.
        """
        keep = 4 if self.kind in ("credit_card", "ssn", "phone") else 3
        visible = self.text[-keep:]
        return "*" * max(len(self.text) - keep, 3) + visible


# -- email ---------------------------------------------------------------------------------------

_EMAIL = lazy(
    r"(?<![\w.+-])[A-Za-z0-9](?:[A-Za-z0-9._%+-]{0,62}[A-Za-z0-9_%+-])?"
    r"@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,24}(?![\w-])"
)


def _emails(text: str) -> Iterator[PiiMatch]:
    """Email addresses (RFC-shaped local part and a dotted domain with a TLD of letters); a local part or domain with
    ``..`` is not an address.
    """
    for m in _EMAIL.finditer(text):
        if ".." not in m.group(0):
            yield PiiMatch("email", m.group(0), m.start())


# -- payment cards -------------------------------------------------------------------------------

_CARD = lazy(r"(?<![\d.-])(?:\d[ -]?){12,18}\d(?![\d-]|\.\d)")


def luhn_valid(digits: str) -> bool:
    """The Luhn (mod 10) checksum used by every payment card number.

    ``digits`` must be ASCII digits only (separators removed). About one random number in ten passes, which is why a
    card also needs an issuer prefix and length (:func:`_known_issuer`).
    """
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = ord(ch) - 48
        if i % 2 == 1:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


def _known_issuer(d: str) -> bool:
    """Whether the digits start with a payment network's issuer prefix and have that network's length (Visa, Mastercard,
    Amex, Discover, JCB, Diners, UnionPay, Maestro): a Luhn-valid order number rarely passes both.
    """
    n = len(d)
    two, four, six = int(d[:2]), int(d[:4]), int(d[:6])
    if d[0] == "4":  # Visa
        return n in (13, 16, 19)
    if 51 <= two <= 55 or 2221 <= four <= 2720:  # Mastercard
        return n == 16
    if two in (34, 37):  # American Express
        return n == 15
    if four == 6011 or two == 65 or 644 <= int(d[:3]) <= 649 or 622126 <= six <= 622925:  # Discover
        return 16 <= n <= 19
    if 3528 <= four <= 3589:  # JCB
        return 16 <= n <= 19
    if 300 <= int(d[:3]) <= 305 or two in (36, 38, 39) or four == 3095:  # Diners Club
        return 14 <= n <= 19
    if two == 62 or two == 81:  # UnionPay
        return 16 <= n <= 19
    return two in (50, 56, 57, 58, 63, 67) and 12 <= n <= 19  # Maestro


def _grouping_ok(raw: str) -> bool:
    """Digits either unseparated, or in the groups cards are printed with (4-4-4-4, 4-6-5 …)."""
    groups = re.split(r"[ -]", raw)
    if len(groups) == 1:
        return True
    if len({sep for sep in re.findall(r"[ -]", raw)}) > 1:
        return False
    sizes = [len(g) for g in groups]
    return (sizes[:-1] == [4] * (len(sizes) - 1) and 1 <= sizes[-1] <= 4) or sizes in ([4, 6, 5], [4, 6, 4])


def _cards(text: str) -> Iterator[PiiMatch]:
    """Payment card numbers: 13-19 digits, unseparated or printed in card groups, passing Luhn and an issuer check; a
    run of one repeated digit is never a card.
    """
    for m in _CARD.finditer(text):
        raw = m.group(0)
        digits = re.sub(r"\D", "", raw)
        if len(set(digits)) == 1 or not _grouping_ok(raw):
            continue
        if luhn_valid(digits) and _known_issuer(digits):
            yield PiiMatch("credit_card", raw, m.start())


# -- US social security numbers ------------------------------------------------------------------

_SSN_SEPARATED = lazy(r"(?<![\d-])(\d{3})([- ])(\d{2})\2(\d{4})(?![\d-])")
_SSN_LABELLED = lazy(
    r"(?i)\b(?:ssn|ss#|social[ -]security(?:[ -](?:number|no\.?|#))?)\s*(?:#|no\.?|number)?\s*[:=-]?\s*"
    r"(\d{3})[- ]?(\d{2})[- ]?(\d{4})(?!\d)"
)
_VOIDED_SSNS = {"078051120", "219099999"}  # printed in advertising; never valid


def ssn_valid(area: str, group: str, serial: str) -> bool:
    """Whether the parts are in the ranges the SSA issues (no 000/666/9xx area, 00 group, 0000 serial)."""
    a = int(area)
    if a == 0 or a == 666 or a >= 900 or group == "00" or serial == "0000":
        return False
    return area + group + serial not in _VOIDED_SSNS


def _ssns(text: str) -> Iterator[PiiMatch]:
    """US social security numbers: a labelled number (``SSN: 123456789``) in any grouping, and an unlabelled one only
    when written ``ddd-dd-dddd`` / ``ddd dd dddd``; both must be in issued ranges.
    """
    seen: set[int] = set()
    for m in _SSN_LABELLED.finditer(text):
        if ssn_valid(m.group(1), m.group(2), m.group(3)):
            seen.add(m.start(1))
            yield PiiMatch("ssn", text[m.start(1) : m.end(3)], m.start(1))
    for m in _SSN_SEPARATED.finditer(text):
        if m.start() not in seen and ssn_valid(m.group(1), m.group(3), m.group(4)):
            yield PiiMatch("ssn", m.group(0), m.start())


# -- phone numbers -------------------------------------------------------------------------------

_PHONE_INTL = lazy(r"(?<![\w+])\+\d{1,3}(?:[ .-]?\(?\d{1,5}\)?){2,6}(?![\d.-]?\d)")
_PHONE_US = lazy(
    r"(?<![\w.+-])(?:1[ .-]?)?(?:\(([2-9]\d{2})\)[ .-]?|([2-9]\d{2})([.-]| ))([2-9]\d{2})["
    r" .-](\d{4})(?![\w-]|\.\d)"
)
_PHONE_LABELLED = lazy(
    r"(?i)\b(?:phone|tel|telephone|mobile|cell|fax|call(?: me)?(?: at| on)?|whatsapp)\s*(?:no\.?|number"
    r"|#)?\s*[:.]?\s*"
    r"(\+?\d[\d ().-]{8,18}\d)"
)


def _phones(text: str) -> Iterator[PiiMatch]:
    """Phone numbers: international ``+CC`` numbers of 8-15 digits, North American numbers in their usual shapes, and
    any 7-15 digit number after a label such as ``phone:`` or ``call me at``; a span already found is not reported
    twice.
    """
    taken: list[tuple[int, int]] = []
    for m in _PHONE_INTL.finditer(text):
        digits = re.sub(r"\D", "", m.group(0))
        if 8 <= len(digits) <= 15:
            taken.append((m.start(), m.end()))
            yield PiiMatch("phone", m.group(0), m.start())
    for m in _PHONE_US.finditer(text):
        if not any(s <= m.start() < e for s, e in taken):
            taken.append((m.start(), m.end()))
            yield PiiMatch("phone", m.group(0), m.start())
    for m in _PHONE_LABELLED.finditer(text):
        digits = re.sub(r"\D", "", m.group(1))
        if 7 <= len(digits) <= 15 and not any(s <= m.start(1) < e for s, e in taken):
            yield PiiMatch("phone", m.group(1), m.start(1))


# -- IP addresses --------------------------------------------------------------------------------

_IPV4 = lazy(r"(?<![\w.])(?:\d{1,3}\.){3}\d{1,3}(?![\w]|\.\d)")
_IPV6 = lazy(r"(?<![\w:.])(?:[0-9A-Fa-f]{0,4}:){2,7}(?:[0-9A-Fa-f]{1,4}|(?:\d{1,3}\.){3}\d{1,3})?(?![\w:])")


def _ips(text: str) -> Iterator[PiiMatch]:
    """IPv4 addresses with octets 0-255 (no leading zeros, which are versions and dates), and IPv6 addresses with at
    least three groups (``12:30`` is a time, not an address).
    """
    for m in _IPV4.finditer(text):
        parts = m.group(0).split(".")
        if all(p == "0" or (not p.startswith("0") and int(p) <= 255) for p in parts):
            yield PiiMatch("ip_address", m.group(0), m.start())
    for m in _IPV6.finditer(text):
        cand = m.group(0)
        groups = [g for g in re.split(r":", cand) if g]
        if len(groups) < 3:  # "a::b", "12:30" and friends are not worth flagging
            continue
        try:
            ipaddress.IPv6Address(cand)
        except ValueError:
            continue
        yield PiiMatch("ip_address", cand, m.start())


DETECTORS: dict[PiiKind, Callable[[str], Iterator[PiiMatch]]] = {
    "email": _emails,
    "phone": _phones,
    "credit_card": _cards,
    "ssn": _ssns,
    "ip_address": _ips,
}


def find_pii(text: str, kinds: tuple[PiiKind, ...] | list[PiiKind] = PII_KINDS) -> list[PiiMatch]:
    """Every personal-data match of the given kinds, in text order.

    A span claimed by a card or an SSN is not reported again as a phone number. The detectors run most specific first
    (cards, SSNs, emails, IPs, then phones, whose shapes are the loosest), and a later match overlapping an earlier one
    is dropped, so one number is reported once, as its most likely kind.
    """
    found: list[PiiMatch] = []
    for kind in ("credit_card", "ssn", "email", "ip_address", "phone"):
        if kind not in kinds:
            continue
        for match in DETECTORS[kind](text):
            end = match.start + len(match.text)
            if any(o.start < end and match.start < o.start + len(o.text) for o in found):
                continue
            found.append(match)
    return sorted(found, key=lambda m: m.start)
