"""Shared helpers for the ds20 generator (stdlib only)."""
import base64
import datetime as dt
import json

FIRST = ["Aisha", "Ben", "Carla", "Dmitri", "Elena", "Farid", "Grace", "Hiro", "Ines", "Jonas", "Kemi",
         "Luca", "Maya", "Nikhil", "Olga", "Pedro", "Quinn", "Rosa", "Sven", "Tara", "Umar", "Vera",
         "Wei", "Ximena", "Yusuf", "Zoe", "Marta", "Tobias", "Priya", "Declan", "Leila", "Mateo"]
LAST = ["Okafor", "Lindqvist", "Moreau", "Nakamura", "Brennan", "Haddad", "Kowalski", "Santos", "Fischer",
        "Osei", "Ivanova", "Reyes", "Walsh", "Chen", "Dubois", "Patel", "Novak", "Jensen", "Rossi",
        "Mbeki", "O'Neill", "Schneider", "Alvarez", "Kaur", "Petrov", "Murphy", "Yilmaz", "Costa"]
DE_FIRST = ["Ursula", "Heinz", "Gertrud", "Klaus", "Ingrid", "Werner", "Renate", "Dieter", "Hildegard",
            "Manfred", "Elfriede", "Günter", "Waltraud", "Horst", "Brigitte", "Karl-Heinz"]
DE_LAST = ["Müller", "Schmidt", "Schneider", "Fischer", "Weber", "Meyer", "Wagner", "Becker", "Hoffmann",
           "Schäfer", "Koch", "Bauer", "Richter", "Klein", "Wolf", "Schröder", "Neumann", "Zimmermann"]
FR_FIRST = ["Camille", "Julien", "Nathalie", "Thomas", "Sophie", "Mathieu", "Isabelle", "Nicolas", "Élodie"]
FR_LAST = ["Martin", "Bernard", "Petit", "Durand", "Leroy", "Moreau", "Simon", "Laurent", "Lefèvre", "Garnier"]


def person(rng):
    return f"{rng.choice(FIRST)} {rng.choice(LAST)}"


def de_person(rng):
    return f"{rng.choice(DE_FIRST)} {rng.choice(DE_LAST)}"


def fr_person(rng):
    return f"{rng.choice(FR_FIRST)} {rng.choice(FR_LAST)}"


def hexid(rng, n):
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


def alnum(rng, n, alphabet="ABCDEFGHJKLMNPQRSTUVWXYZ0123456789"):
    return "".join(rng.choice(alphabet) for _ in range(n))


def digits(rng, n):
    return "".join(rng.choice("0123456789") for _ in range(n))


def rtime(rng, start=dt.datetime(2025, 1, 6, 0, 0), days=560):
    return start + dt.timedelta(minutes=rng.randint(0, days * 24 * 60))


def iso(t):
    return t.strftime("%Y-%m-%dT%H:%M:%SZ")


def b64(s):
    return base64.b64encode(s.encode("utf-8")).decode("ascii")


def b64url(s):
    return base64.urlsafe_b64encode(s.encode("utf-8")).decode("ascii").rstrip("=")


def b64url_decode(s):
    pad = "=" * (-len(s) % 4)
    return base64.urlsafe_b64decode(s + pad).decode("utf-8")


def jwt(rng, payload):
    header = b64url(json.dumps({"alg": "HS256", "typ": "JWT"}, separators=(",", ":")))
    body = b64url(json.dumps(payload, separators=(",", ":")))
    sig = b64url("".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(32)))[:43]
    return f"{header}.{body}.{sig}"


def maybe(rng, p):
    return rng.random() < p
