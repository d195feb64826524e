"""Shared helpers for the ds32 generator (stdlib only, deterministic)."""
import random
import string
import datetime as _dt


def balanced(rng, labels, n):
    out = [labels[i % len(labels)] for i in range(n)]
    rng.shuffle(out)
    return out


def alnum(rng, k, chars=string.ascii_uppercase + string.digits):
    return "".join(rng.choice(chars) for _ in range(k))


def digits(rng, k):
    return "".join(rng.choice(string.digits) for _ in range(k))


def iso(dt):
    return dt.strftime("%Y-%m-%dT%H:%M:%SZ")


def rand_dt(rng, start=(2026, 1, 5), days=300):
    base = _dt.datetime(*start, 6, 0, 0)
    return base + _dt.timedelta(minutes=rng.randrange(days * 24 * 60))


def plus(dt, **kw):
    return dt + _dt.timedelta(**kw)


class Rec:
    """One record plus generator-side bookkeeping (stripped before writing)."""

    def __init__(self, label, proj):
        self.label = label
        self.proj = proj
        self.leaks = []          # leak family names planted in this record
        self.traps = {}          # trap family -> example string

    def trap(self, fam, example):
        self.traps.setdefault(fam, example)


def pick_leaks(rng, n, rate, families, both_rate=0.0):
    """Choose leaking records independently of label.  Returns list of lists."""
    plan = []
    k = round(n * rate)
    idx = set(rng.sample(range(n), k))
    for i in range(n):
        if i in idx:
            if len(families) > 1 and rng.random() < both_rate:
                plan.append(list(families))
            else:
                plan.append([rng.choice(families)])
        else:
            plan.append([])
    return plan


FIRST = ["Ana", "Ben", "Chloe", "Dara", "Emeka", "Farah", "Goran", "Hana", "Ivo", "Jun",
         "Kofi", "Lena", "Mateo", "Nadia", "Oskar", "Priya", "Quinn", "Rosa", "Sven", "Tariq"]
LAST = ["Okafor", "Lindqvist", "Moreau", "Tanaka", "Kowalski", "Haddad", "Brennan", "Ruiz",
        "Novak", "Schultz", "Mbeki", "Silva", "Park", "Olsen", "Iyer", "Costa"]


def person(rng):
    return f"{rng.choice(FIRST)} {rng.choice(LAST)}"


class Strat:
    """Stratified picker: distractor values are dealt per label from shuffled decks, so their
    distribution is (near) identical across labels and cannot predict the label."""

    def __init__(self, rng):
        self.rng = rng
        self.decks = {}

    def __call__(self, key, label, options):
        d = self.decks.get((key, label))
        if not d:
            d = list(options)
            self.rng.shuffle(d)
            self.decks[(key, label)] = d
        return d.pop()
