#!/usr/bin/env python3
"""Validate batch ds24 (stdlib only). Exit 0 when all good."""
import json, os, sys, glob
import rules as R

HERE = os.path.dirname(os.path.abspath(__file__))
errs = []
def err(m):
    errs.append(m)

names = sorted(os.path.basename(p)[:-6] for p in glob.glob(os.path.join(HERE, '*.jsonl')))
if len(names) != 14:
    err('expected 14 datasets, got %d' % len(names))
nleaking = 0
for name in names:
    meta = json.load(open(os.path.join(HERE, name + '.meta.json')))
    der = meta['derive_from']
    rule = R.RULES[name]
    ids = set(); n = 0; nl = 0; labs = set()
    for ln, line in enumerate(open(os.path.join(HERE, name + '.jsonl'), encoding='utf-8'), 1):
        try:
            r = json.loads(line)
        except Exception as e:
            err('%s:%d bad json %s' % (name, ln, e)); continue
        n += 1
        for k in ('id', 'expected', 'label_set', 'target', 'projection', 'truth'):
            if k not in r:
                err('%s:%d missing %s' % (name, ln, k))
        if r['id'] in ids:
            err('%s dup id %s' % (name, r['id']))
        ids.add(r['id'])
        if r['id'] != '%s-%04d' % (name, ln):
            err('%s id format %s' % (name, r['id']))
        if r['expected'] not in r['label_set']:
            err('%s %s expected not in label_set' % (name, r['id']))
        if not 2 <= len(r['label_set']) <= 7:
            err('%s label_set size' % name)
        labs.add(r['expected'])
        try:
            vals = [R.ptr(r['projection'], p) for p in der]
        except Exception as e:
            err('%s %s derive_from pointer fails: %r' % (name, r['id'], e)); continue
        if rule(*vals) != r['expected']:
            err('%s %s rule gives %s, expected %s' % (name, r['id'], rule(*vals), r['expected']))
        pl = R.planted(name, r['projection'], r['expected'])
        leak = r['truth']['leak']
        nl += bool(leak)
        if bool(pl) != leak:
            err('%s %s leak flag %s but planted %s' % (name, r['id'], leak, pl))
        # leak material in a wrong-label form would be misleading: check no other label's material is planted
        for other in r['label_set']:
            if other != r['expected'] and R.planted(name, r['projection'], other):
                err('%s %s carries material for other label %s' % (name, r['id'], other))
    if not 120 <= n <= 200:
        err('%s has %d records' % (name, n))
    if nl:
        nleaking += 1
        if not 0.2 <= nl / n <= 0.7:
            err('%s leak share %.2f' % (name, nl / n))
    print('%-28s n=%d leaking=%d %s' % (name, n, nl, 'LEAKING' if nl else 'CLEAN'))
if nleaking != 9:
    err('expected 9 leaking datasets, got %d' % nleaking)
for e in errs[:50]:
    print('ERROR', e)
print('errors:', len(errs))
sys.exit(1 if errs else 0)
