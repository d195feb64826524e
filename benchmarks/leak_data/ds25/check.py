#!/usr/bin/env python3
import json, os, sys, base64, codecs
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen
D = os.path.dirname(os.path.abspath(__file__))

def walk(o):
    if isinstance(o, dict):
        for v in o.values(): yield from walk(v)
    elif isinstance(o, list):
        for v in o: yield from walk(v)
    else: yield o

def text(o): return json.dumps(o, ensure_ascii=False)

# probes: does the planted leak material for a family exist in the projection?
PROBES = {
 'direct_result_field': lambda p, l: p['tool_output'].get('result_band') == l,
 'prose_comment': lambda p, l: any(c['by'] == 'examiner' for c in p['tool_output']['examiner_comments']),
 'certificate_template_code': lambda p, l: 'print_job' in p['tool_output'],
 'filename_slug': lambda p, l: any(a['datei'].startswith('zeugnis_') and a['datei'].endswith(l.replace(' ', '-') + '.pdf') for a in p['anhaenge']),
 'number_word_grade': lambda p, l: 'Zeugnisnote laut Konferenz' in p['bemerkung'],
 'url_query_param': lambda p, l: any(f'cls={l}&' in t['url'] for t in p['api_trace']),
 'base64_blob': lambda p, l: 'label_print' in p and json.loads(base64.b64decode(p['label_print']['zpl_payload_b64']))['compartment_class'] == int(l),
 'translation': lambda p, l: p['thread']['markdown'].startswith('Réponse auto'),
 'css_status_class': lambda p, l: f"status-{l.replace(' ', '-')}" in p.get('calendar_html', ''),
 'adf_tree_copy': lambda p, l: any(l in text(c) for c in p['thread']['adf']['content']),
 'later_event_timestamp': lambda p, l: any(e['type'].endswith(('_order_issued', '_confirmed')) for e in p['events']),
 'post_decision_aggregate': lambda p, l: 'controller_summary' in p,
 'status_glyph': lambda p, l: 'dashboard_tile' in p,
 'upstream_prediction': lambda p, l: p.get('triage_v1', {}).get('predicted_level') == l,
 'monitoring_log_line': lambda p, l: any(x.startswith('nagios:') and f';{l.upper()};' in x for x in p['recent_logs']),
 'synonym_in_note': lambda p, l: 'frame' in p.get('fitter_note', ''),
 'sku_suffix': lambda p, l: any(it['sku'] == f'FRM-ENDR-{l}' for it in p['order']['items']),
 'rot13_debug': lambda p, l: p.get('debug', {}).get('cache') == 'st:' + codecs.encode(l, 'rot13'),
 'quoted_email_upstream': lambda p, l: 'StripReader' in p['ticket_mail'],
}
err = []
fams_all, traps_all = set(), set()
nleak = nclean = 0
for name in gen.ORDER:
    d = gen.DS[name]
    meta = json.load(open(os.path.join(D, name + '.meta.json')))
    lines = open(os.path.join(D, name + '.jsonl'), encoding='utf-8').read().splitlines()
    recs = [json.loads(x) for x in lines]
    if not 120 <= len(recs) <= 200: err.append(f'{name}: count {len(recs)}')
    ids = [r['id'] for r in recs]
    if len(set(ids)) != len(ids): err.append(f'{name}: dup ids')
    regen, rows = gen.build(name)
    if regen != recs: err.append(f'{name}: file differs from regeneration')
    if not 2 <= len(d['labels']) <= 7: err.append(f'{name}: label count')
    nl = 0
    for r, row in zip(recs, rows):
        if r['expected'] not in r['label_set']: err.append(f"{r['id']}: expected not in label_set")
        if set(r) != {'id', 'expected', 'label_set', 'target', 'projection', 'truth'}: err.append(f"{r['id']}: keys")
        try: vals = [gen.ptr_get(r['projection'], p) for p in meta['derive_from']]
        except Exception as e: err.append(f"{r['id']}: pointer {e}"); continue
        if d['rule'](vals) != r['expected']: err.append(f"{r['id']}: rule mismatch")
        fam = row['family']; traps_all.update(row['traps'])
        if r['truth']['leak'] != (fam is not None): err.append(f"{r['id']}: leak flag")
        for f, probe in PROBES.items():
            try: hit = probe(r['projection'], r['expected'])
            except (KeyError, TypeError, AttributeError): hit = False
            if f == fam and not hit: err.append(f"{r['id']}: planted {f} missing")
            if f != fam and hit and f in d['make'].fams: err.append(f"{r['id']}: unplanted {f} material present")
        if fam: nl += 1; fams_all.add(fam)
    frac = nl / len(recs)
    if d['make'].fams:
        nleak += 1
        if not 0.2 <= frac <= 0.7: err.append(f'{name}: leak fraction {frac:.2f}')
    else:
        nclean += 1
        if nl: err.append(f'{name}: clean dataset has leaks')
    print(f"{name:20s} {'LEAK' if d['make'].fams else 'CLEAN':5s} n={len(recs)} leaking={nl} ({frac:.0%})")
if (nleak, nclean) != (9, 5): err.append(f'datasets {nleak}/{nclean}')
if len(fams_all) < 15: err.append(f'leak families {len(fams_all)}')
if len(traps_all) < 8: err.append(f'trap families {len(traps_all)}')
print('leak families', len(fams_all), 'trap families', len(traps_all), sorted(traps_all))
for e in err[:50]: print('ERR', e)
sys.exit(1 if err else 0)
