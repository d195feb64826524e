#!/usr/bin/env python3
"""Deterministic generator for batch ds24 (stdlib only). Writes all datasets + DATASETS.md."""
import base64, json, random, datetime, os, collections
import rules as R

HERE = os.path.dirname(os.path.abspath(__file__))
LEAK = 'LEAK'

def b64(s):
    return base64.b64encode(s.encode()).decode()

def b64url(obj):
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(',', ':')).encode()).decode().rstrip('=')

def rdate(rng, y0=2024, y1=2025):
    d = datetime.date(y0, 1, 1) + datetime.timedelta(days=rng.randrange((y1 - y0 + 1) * 365))
    return d

def pick_value(rng, labels, rule, sampler, want):
    for _ in range(10000):
        v = sampler(rng)
        if rule(*v) == want:
            return v
    raise RuntimeError(want)

# Each builder: (rng, idx, label, leaks:set) -> (projection, traps:dict family->example)
# ---------------------------------------------------------------- 1 AFDRS
AF_LABELS = ['No Rating', 'Moderate', 'High', 'Extreme', 'Catastrophic']
AF_RANGES = {'No Rating': (2, 11), 'Moderate': (12, 23), 'High': (24, 49), 'Extreme': (50, 99), 'Catastrophic': (100, 160)}
AF_DIST = ['Greater Sydney Region', 'Illawarra/Shoalhaven', 'Far North Coast', 'New England', 'Southern Ranges',
           'Central Ranges', 'Lower Central West Plains', 'Far Western', 'Monaro Alpine', 'Eastern Riverina',
           'Northern Slopes', 'Upper Central West Plains', 'High Country (VIC border)']
def b_afdrs(rng, i, lab, leaks):
    fbi = rng.randint(*AF_RANGES[lab])
    d = rdate(rng); dist = rng.choice(AF_DIST); code = 'NSW-GR%02d' % rng.randint(1, 21)
    traps = {}
    colour = R.AFDRS_HEX[lab] if 'css-colour' in leaks else '#D9D9D9'
    slug = (lab.lower().replace(' ', '-') + '-fire-danger-' + code) if 'url-slug' in leaks else ('district-' + code)
    notes = []
    if 'High' in dist:
        traps['other-sense'] = 'district name "%s"' % dist
    if rng.random() < 0.35:
        yr = rng.choice([2009, 2013, 2017, 2019]); h = rng.choice(['Catastrophic', 'Extreme'])
        notes.append('Historical: this district last reached %s on a day in %d (legacy FFDI scale).' % (h, yr))
        traps['historical-mention'] = notes[-1]
    if rng.random() < 0.3:
        w = rng.choice(['moderate', 'high'])
        notes.append('Agency fleet note: %s-clearance tankers on standby at %s depot.' % (w, rng.choice(['Dubbo', 'Goulburn', 'Moree'])))
        traps['other-sense'] = notes[-1]
    traps['label-set-legend'] = 'legend lists all five ratings with FBI bands'
    p = {
        'instruction': 'Assign the Australian Fire Danger Rating for this district-day from the forecast Fire Behaviour Index (FBI). '
                       'Bands: FBI 0-11 No Rating, 12-23 Moderate, 24-49 High, 50-99 Extreme, 100+ Catastrophic. Answer with one rating.',
        'district': {'code': code, 'name': dist, 'date': d.isoformat(),
                     'more_info_url': 'https://www.rfs.nsw.gov.au/fire-information/fdr/%s/%s' % (d.isoformat(), slug)},
        'forecast': {'fbi': fbi, 'fuel_type': rng.choice(['grassland', 'forest', 'spinifex', 'mallee heath']),
                     'issued': d.isoformat() + 'T05:00:00+11:00', 'model_run': 'ADFD-%s-00Z' % d.strftime('%Y%m%d')},
        'map_tile': {'html': '<div class="fdr-tile" data-district="%s"><span class="pill" style="background:%s;border:1px solid #333">&nbsp;</span> %s</div>' % (code, colour, dist)},
        'legend': [{'rating': a, 'fbi_band': '%d-%d' % AF_RANGES[a] if a != 'Catastrophic' else '100+'} for a in AF_LABELS],
        'forecaster_notes': notes,
    }
    p['legend'][0]['fbi_band'] = '0-11'
    return p, traps
AF = dict(name='afdrs_fire_danger', labels=AF_LABELS, builder=b_afdrs, derive=['/forecast/fbi'],
          fams=['css-colour', 'url-slug'], n=150, note='Rating is a pure banding of forecast.fbi. Legend, notes, district metadata are context only.')

# ---------------------------------------------------------------- 2 MMI
MMI_LABELS = ['4', '5', '6', '7', '8']
MMI_R = {'4': (0.015, 0.038), '5': (0.040, 0.091), '6': (0.093, 0.179), '7': (0.181, 0.339), '8': (0.341, 0.64)}
def b_mmi(rng, i, lab, leaks):
    pga = round(rng.uniform(*MMI_R[lab]), 4)
    sta = rng.choice(['CI.PASC', 'CI.USC', 'NC.JSGB', 'BK.BRK', 'NP.1743', 'CE.24402', 'UW.SEA', 'AK.ANCH', 'NN.MCA']) + str(rng.randint(0, 9))
    ev = 'ci%08d' % rng.randint(10**7, 10**8 - 1)
    mag = round(rng.uniform(4.4, 7.1), 1); depth = rng.randint(3, 22)
    traps = {'label-like-numbers': 'event magnitude %.1f, depth %d km' % (mag, depth)}
    prods = ['%s_%s_pga.png' % (ev, sta), '%s_%s_psa03.png' % (ev, sta)]
    if 'roman-numeral-filename' in leaks:
        prods.append('%s_%s_mmi%s.png' % (ev, sta, R.ROMAN[lab]))
    resp = rng.randint(12, 900)
    if 'number-word-prose' in leaks:
        summ = '%d Did-You-Feel-It responses in the station\'s ZIP; analysts summarise the shaking there as intensity %s.' % (resp, R.NUMWORD[lab])
    else:
        summ = '%d Did-You-Feel-It responses in the station\'s ZIP; most report the event woke them or rattled dishes.' % resp
    hist = None
    if rng.random() < 0.35:
        hist = {'event': 'ci%08d' % rng.randint(10**7, 10**8 - 1), 'year': rng.randint(1994, 2019), 'mmi': rng.choice(MMI_LABELS)}
        traps['historical-mention'] = 'station history: %d event MMI %s' % (hist['year'], hist['mmi'])
    p = {
        'instruction': 'From the station\'s peak ground acceleration (PGA, in g), assign the instrumental Modified Mercalli Intensity (integer 4-8) '
                       'using the ShakeMap table: 0.014-0.039 -> 4, 0.039-0.092 -> 5, 0.092-0.18 -> 6, 0.18-0.34 -> 7, 0.34-0.65 -> 8.',
        'event': {'id': ev, 'magnitude': mag, 'depth_km': depth, 'n_stations': rng.randint(40, 400)},
        'station': {'code': sta, 'channel': rng.choice(['HNE', 'HNN', 'HNZ']), 'distance_km': round(rng.uniform(4, 120), 1),
                    'pga_g': pga, 'pgv_cms': None, 'vs30': rng.randint(180, 760)},
        'products': prods, 'dyfi': {'summary': summ}, 'station_history': hist,
    }
    return p, traps
MMI = dict(name='shakemap_station_mmi', labels=MMI_LABELS, builder=b_mmi, derive=['/station/pga_g'],
           fams=['roman-numeral-filename', 'number-word-prose'], n=140, note='MMI from PGA only (pgv is withheld). Magnitude/distance are context; history refers to other events.')

# ---------------------------------------------------------------- 3 tarifa (Spanish)
TF_LABELS = ['punta', 'llano', 'valle']
FEST = {'2025-01-01', '2025-01-06', '2025-04-18', '2025-05-01', '2025-08-15', '2025-10-13', '2025-11-01', '2025-12-06', '2025-12-08', '2025-12-25'}
def samp_tf(rng):
    d = datetime.date(2025, 1, 1) + datetime.timedelta(days=rng.randrange(365))
    return (d.isoformat(), rng.randrange(24), d.isoformat() in FEST)
def b_tarifa(rng, i, lab, leaks):
    fecha, hora, fest = pick_value(rng, TF_LABELS, R.r_tarifa, samp_tf, lab)
    if lab == 'valle' and rng.random() < 0.15:
        pass
    cups = 'ES0021%012dXX' % rng.randrange(10**12)
    traps = {'label-set-legend': 'instrucción enumera punta/llano/valle', 'encoded-legit-input': 'meta.cache_key = base64 of cups|req (no period)'}
    calle = rng.choice(['Calle del Valle de Arán', 'Avenida de la Punta', 'Calle Mayor', 'Plaza del Llano Amarillo', 'Calle Alcalá', 'Camino de Valdelatas'])
    if any(w in calle for w in ('Valle', 'Punta', 'Llano')):
        traps['other-sense'] = 'dirección "%s"' % calle
    com = ''
    if rng.random() < 0.3:
        com = rng.choice(['El cliente pregunta si le conviene poner la lavadora en horas valle.', 'Cliente indica que trabaja en hora punta y no está en casa.',
                          'Reclamación previa (2023) sobre factura con consumo en llano, ya resuelta.'])
        traps['other-event-mention'] = com
    linea = {'energia_kwh': round(rng.uniform(0.05, 2.9), 3), 'tarifa_acceso': '2.0TD'}
    if 'correlated-price' in leaks:
        linea['peaje_eur_kwh'] = R.PEAJE[lab]
    else:
        linea['peaje_eur_kwh'] = None
    key = 'cups=%s|req=%06d' % (cups, rng.randrange(10**6))
    if 'base64-cache-key' in leaks:
        key += '|' + R.PCODE[lab]
    p = {
        'instruction': 'Clasifica la lectura horaria en su periodo de la tarifa 2.0TD (península): fines de semana, festivos nacionales y 0-8 h son valle; '
                       'en días laborables 10-14 h y 18-22 h son punta; 8-10 h, 14-18 h y 22-24 h son llano. Responde punta, llano o valle.',
        'lectura': {'cups': cups, 'fecha': fecha, 'hora_inicio': hora, 'festivo_nacional': fest, 'zona': 'peninsula'},
        'suministro': {'direccion': calle + ', %d' % rng.randint(1, 120), 'potencia_contratada_kw': rng.choice([3.3, 4.6, 5.75])},
        'factura_linea': linea, 'meta': {'cache_key': b64(key), 'fuente': 'datadis'}, 'comentario_atencion_cliente': com,
    }
    return p, traps
TF = dict(name='tarifa_2_0td_periodo', labels=TF_LABELS, builder=b_tarifa,
          derive=['/lectura/fecha', '/lectura/hora_inicio', '/lectura/festivo_nacional'],
          fams=['correlated-price', 'base64-cache-key'], n=150, note='Periodo derivado de fecha (día de la semana), hora y festivo nacional.')

# ---------------------------------------------------------------- 4 tyre
TY_LABELS = ['S', 'T', 'H', 'V', 'W']
TY_R = {'S': (180, 189), 'T': (190, 209), 'H': (210, 239), 'V': (240, 269), 'W': (270, 298)}
CARS = ['Mercedes S-Class', 'VW T-Roc', 'Skoda Octavia', 'BMW X5', 'Toyota Corolla', 'Honda HR-V', 'Ford Transit T-350', 'Audi A4', 'Renault Clio V']
def b_tyre(rng, i, lab, leaks):
    v = rng.randint(*TY_R[lab])
    size = '%d/%d R%d' % (rng.choice([195, 205, 215, 225, 235, 245]), rng.choice([40, 45, 50, 55, 60]), rng.choice([16, 17, 18, 19]))
    li = rng.randint(88, 101)
    brand = rng.choice(['Michelin Primacy 4', 'Continental PremiumContact 7', 'Nokian Wetproof', 'Falken Azenis FK520', 'Hankook Ventus S1 evo3'])
    traps = {}
    car = rng.choice(CARS)
    if '-' in car or car.endswith(' V') or 'S1' in brand:
        traps['token-boundary'] = 'fitment/brand "%s" / "%s"' % (car, brand)
    title = '%s %s' % (brand, size) + ((' %d%s' % (li, lab)) if 'sidewall-code' in leaks else '') + ' - summer'
    day, mi = rng.randint(1, 28), rng.randint(0, 57)
    log = ['2025-02-%02dT10:%02d:11Z INFO ingest lab_report=%d rows=1' % (day, mi, rng.randint(1000, 9999))]
    if 'upstream-log' in leaks:
        log.append('2025-02-%02dT10:%02d:12Z INFO rating-bot v0.7 speed_symbol_pred=%s conf=0.%02d' % (day, mi + 1, lab, rng.randint(70, 99)))
    log.append('2025-02-%02dT10:%02d:13Z INFO queued for review' % (day, mi + 2))
    p = {
        'instruction': 'Assign the ECE R30 speed symbol for this tyre from the homologation high-speed test: the highest symbol whose reference speed '
                       '(S 180, T 190, H 210, V 240, W 270 km/h) does not exceed the certified maximum test speed.',
        'test_report': {'lab': rng.choice(['TUV SUD', 'IDIADA', 'UTAC', 'Dekra']), 'max_test_speed_kmh': v, 'load_index_tested': li,
                        'ambient_c': rng.randint(18, 30)},
        'listing': {'title': title, 'fitment_example': car, 'ean': '40%011d' % rng.randrange(10**11)},
        'pipeline_log': '\n'.join(log),
    }
    return p, traps
TY = dict(name='tyre_speed_symbol', labels=TY_LABELS, builder=b_tyre, derive=['/test_report/max_test_speed_kmh'],
          fams=['sidewall-code', 'upstream-log'], n=145, note='Symbol from certified max test speed only.')

# ---------------------------------------------------------------- 5 boxing
BX_LABELS = [n for n, _ in R.BOX]
BX_R = {'flyweight': (106.0, 112.0), 'bantamweight': (112.2, 118.0), 'featherweight': (118.2, 126.0), 'lightweight': (126.2, 135.0), 'welterweight': (135.2, 147.0)}
def b_box(rng, i, lab, leaks):
    lb = round(rng.uniform(*BX_R[lab]) * 5) / 5
    lb = min(max(lb, BX_R[lab][0]), BX_R[lab][1])
    first = rng.choice(['Jaime', 'Kenji', 'Marcus', 'Oleksandr', 'Dmitri', 'Tyrese', 'Rafael', 'Naoya', 'Liam'])
    last = rng.choice(['Ortega', 'Tanaka', 'Okafor', 'Kovalenko', 'Reyes', 'Walsh', 'Haddad', 'Nguyen'])
    traps = {'label-set-legend': 'instruction lists the five divisions and limits'}
    if 'promo-prose' in leaks:
        promo = '%s %s headlines Saturday\'s card in a ten-round %s bout.' % (first, last, lab)
    else:
        promo = '%s %s headlines Saturday\'s card in a ten-rounder at the %s.' % (first, last, rng.choice(['Copper Box', 'Hangar Arena', 'Civic Centre']))
    gear = rng.choice(['Fighter wears 10 oz gloves.', 'Corner requests lightweight hand-wrap tape (approved).', 'Fighter brings a featherweight-class sparring partner from his gym as cut-man assistant.',
                       'Bantamweight champion of the gym, a teammate, will walk him out.', 'Standard 10 oz gloves; no special requests.'])
    if any(w in gear for w in ('lightweight hand', 'featherweight-class')):
        traps['other-sense'] = gear
    if 'champion of the gym' in gear:
        traps['other-entity-label'] = gear
    p = {
        'instruction': 'Assign the division for this fighter from the official weigh-in weight: at or under 112 lb flyweight, 118 bantamweight, '
                       '126 featherweight, 135 lightweight, 147 welterweight.',
        'weigh_in': {'fighter': '%s %s' % (first, last), 'weight_lb': lb, 'scale_cert': 'SC-%05d' % rng.randrange(10**5),
                     'time': '2025-%02d-%02dT14:%02d:00' % (rng.randint(1, 12), rng.randint(1, 28), rng.randint(0, 59))},
        'bout': {'rounds': 10, 'promo_copy': promo, 'contract_limit_lb': R.BOX_LIMIT[lab] if 'contract-limit' in leaks else None},
        'commission_notes': gear,
    }
    return p, traps
BX = dict(name='boxing_weigh_in_division', labels=BX_LABELS, builder=b_box, derive=['/weigh_in/weight_lb'],
          fams=['promo-prose', 'contract-limit'], n=140, note='Division from weigh-in weight only.')

# ---------------------------------------------------------------- 6 CKD
CK_LABELS = ['G1', 'G2', 'G3a', 'G3b', 'G4', 'G5']
CK_R = {'G1': (90, 118), 'G2': (60, 89), 'G3a': (45, 59), 'G3b': (30, 44), 'G4': (15, 29), 'G5': (5, 14)}
def b_ckd(rng, i, lab, leaks):
    e = rng.randint(*CK_R[lab])
    cr = round(rng.uniform(5.2, 9.8), 1)
    alb = rng.choice(['A1', 'A2', 'A3'])
    traps = {'other-scale-code': 'albuminuria category %s' % alb, 'label-like-numbers': 'HbA1c %.1f %%' % cr}
    probs = [{'code': 'I10', 'text': 'Essential hypertension'}]
    if rng.random() < 0.5:
        probs.append({'code': 'E11.9', 'text': 'Type 2 diabetes without complications'})
    if rng.random() < 0.3:
        probs.append({'code': 'D55.0', 'text': 'G6PD deficiency anaemia'})
        traps['token-boundary'] = 'problem list "G6PD deficiency anaemia"'
    if 'icd10-code' in leaks:
        probs.append({'code': R.ICD[lab], 'text': 'Chronic kidney disease'})
    mrn = rng.randrange(10**7)
    seg = ['MSH|^~\\&|LIS|NORTHLAB|EHR|CLINIC|2025%02d%02d0815||ORU^R01|%d|P|2.5.1' % (rng.randint(1, 12), rng.randint(1, 28), rng.randrange(10**6)),
           'PID|1||%07d^^^MRN||DOE^J' % mrn,
           'OBX|1|NM|4548-4^Hemoglobin A1c^LN||%.1f|%%|4.0-5.6|' % cr,
           'OBX|2|NM|9318-7^Albumin/Creatinine ratio^LN||%s|mg/g||' % {'A1': rng.randint(3, 29), 'A2': rng.randint(30, 299), 'A3': rng.randint(300, 900)}[alb]]
    if 'hl7-upstream-segment' in leaks:
        seg.append('OBX|3|ST|CKDSTG^CKD stage (LIS rule engine)^L||%s|||||F' % lab)
    p = {
        'instruction': 'Assign the KDIGO GFR category (G1, G2, G3a, G3b, G4, G5) from the eGFR: >=90 G1, 60-89 G2, 45-59 G3a, 30-44 G3b, 15-29 G4, <15 G5.',
        'lab': {'egfr': e, 'hba1c_pct': cr, 'uacr_category': alb, 'age': rng.randint(30, 88), 'sex': rng.choice(['F', 'M'])},
        'problem_list': probs, 'hl7': '\r'.join(seg),
        'iv_access': rng.choice(['20G cannula left forearm', '22G cannula right hand', 'none']),
    }
    if p['iv_access'] != 'none':
        traps['token-boundary'] = 'IV access "%s"' % p['iv_access']
    return p, traps
CK = dict(name='ckd_egfr_stage', labels=CK_LABELS, builder=b_ckd, derive=['/lab/egfr'],
          fams=['icd10-code', 'hl7-upstream-segment'], n=150, note='GFR category from eGFR only; the HL7 message carries HbA1c/ACR only (plus, in some records, a rule-engine segment). HbA1c, albuminuria, age/sex are context.')

# ---------------------------------------------------------------- 7 hail
HL_LABELS = ['H0', 'H1', 'H2', 'H3', 'H4', 'H5']
HL_R = {'H0': (5, 9), 'H1': (10, 15), 'H2': (16, 20), 'H3': (21, 30), 'H4': (31, 40), 'H5': (41, 50)}
def b_hail(rng, i, lab, leaks):
    mm = rng.randint(*HL_R[lab])
    town = rng.choice(['Hexham', 'Harrogate', 'Ludlow', 'Bedford', 'Hull', 'Hereford', 'Wells', 'Exeter'])
    road = rng.choice(['A6', 'M5 J14', 'H-road near the depot', 'B4361', 'A1(M)'])
    traps = {}
    if town.startswith('H') or road.startswith('H'):
        traps['token-boundary'] = 'place "%s" / road "%s"' % (town, road)
    sess = {'user': 'obs%04d' % rng.randrange(10**4)}
    if 'jwt-payload' in leaks:
        hdr = b64url({'alg': 'HS256', 'typ': 'JWT'})
        sess['token'] = '%s.%s.%s' % (hdr, b64url({'sub': sess['user'], 'rid': 'TR-%05d' % i, 'cls': lab}), b64url({'s': rng.randrange(10**9)})[:22])
    else:
        hdr = b64url({'alg': 'HS256', 'typ': 'JWT'})
        sess['token'] = '%s.%s.%s' % (hdr, b64url({'sub': sess['user'], 'rid': 'TR-%05d' % i}), b64url({'s': rng.randrange(10**9)})[:22])
    conf = rng.randint(1, 5)
    text = 'New hail report from %s (%s). Observer confidence %s' % (town, road, '●' * conf + '○' * (5 - conf))
    traps['decoy-indicator'] = 'confidence bar %s' % ('●' * conf + '○' * (5 - conf))
    if 'glyph-count' in leaks:
        text += ' | severity ' + '\U0001F9CA' * (int(lab[1]) + 1)
    hist = ''
    if rng.random() < 0.3:
        hist = 'Town record: %s storm of %d.' % (rng.choice(HL_LABELS + ['H6', 'H7']), rng.randint(1968, 2015))
        traps['historical-mention'] = hist
    p = {
        'instruction': 'Classify this hail report on the TORRO hailstone size code from the largest measured stone diameter: 5-9 mm H0, 10-15 H1, '
                       '16-20 H2, 21-30 H3, 31-40 H4, 41-50 H5.',
        'report': {'town': town, 'road': road, 'max_diameter_mm': mm, 'measured_with': rng.choice(['ruler', 'calipers', 'coin comparison']),
                   'time_utc': '2024-%02d-%02dT%02d:%02dZ' % (rng.randint(4, 9), rng.randint(1, 28), rng.randint(10, 20), rng.randint(0, 59))},
        'session': sess, 'chatops': {'channel': '#hail-reports', 'text': text}, 'climatology': hist,
    }
    return p, traps
HL = dict(name='torro_hail_intensity', labels=HL_LABELS, builder=b_hail, derive=['/report/max_diameter_mm'],
          fams=['jwt-payload', 'glyph-count'], n=150, note='Code from largest stone diameter only.')

# ---------------------------------------------------------------- 8 baggage
BG_LABELS = ['standard', 'heavy', 'not accepted']
BG_R = {'standard': (8.0, 23.0), 'heavy': (23.1, 32.0), 'not accepted': (32.1, 41.0)}
def b_bag(rng, i, lab, leaks):
    kg = round(rng.uniform(*BG_R[lab]), 1)
    kg = min(max(kg, BG_R[lab][0]), BG_R[lab][1])
    fare = rng.choice(['Economy Light', 'Economy Standard', 'Economy Flex', 'Premium Economy'])
    traps = {'label-set-legend': 'instruction lists standard/heavy/not accepted'}
    if 'Standard' in fare:
        traps['other-sense'] = 'fare brand "%s"' % fare
    pays = [{'type': 'FARE', 'amount': '%d.%02d' % (rng.randint(89, 900), rng.randrange(100)), 'currency': 'EUR'}]
    if 'post-decision-fee' in leaks:
        pays.append({'type': 'EXCESS_BAG', 'amount': R.BAG_FEE[lab], 'currency': 'EUR'})
    t0 = datetime.datetime(2025, rng.randint(1, 12), rng.randint(1, 28), rng.randint(5, 20), rng.randint(0, 59))
    ev = [{'event': 'BAG_DROP_SCAN', 'ts': t0.isoformat()}, {'event': 'SCALE_READ', 'ts': (t0 + datetime.timedelta(seconds=9)).isoformat()}]
    if 'later-event-log' in leaks:
        ev.append({'event': R.BAG_EVT[lab], 'ts': (t0 + datetime.timedelta(minutes=rng.randint(3, 50))).isoformat()})
    rem = ''
    if rng.random() < 0.3:
        rem = rng.choice(['Heavy rain at stand 14, ramp crew delayed.', 'Pax travelling with heavy cabin bag, advised on 8 kg limit.', 'Previous leg (outbound) bag was not accepted at LIS for overweight; pax says repacked.'])
        traps['other-sense' if 'Heavy rain' in rem or 'cabin' in rem else 'other-event-mention'] = rem
    p = {
        'instruction': 'Classify the checked bag from its scale weight: up to 23.0 kg standard, 23.1-32.0 kg heavy (fee, heavy tag), over 32.0 kg not accepted.',
        'bag': {'tag': '0%03d%06d' % (rng.randint(100, 999), rng.randrange(10**6)), 'scale_kg': kg, 'pieces_on_pnr': rng.randint(1, 3)},
        'pnr': {'record_locator': ''.join(rng.choice('ABCDEFGHJKLMNPQRSTUVWXYZ23456789') for _ in range(6)), 'fare_brand': fare},
        'payments': pays, 'bag_events': ev, 'agent_remarks': rem,
    }
    return p, traps
BG = dict(name='checked_bag_tier', labels=BG_LABELS, builder=b_bag, derive=['/bag/scale_kg'],
          fams=['post-decision-fee', 'later-event-log'], n=140, note='Tier from scale weight only.')

# ---------------------------------------------------------------- 9 heat index
HI_LABELS = ['Caution', 'Extreme Caution', 'Danger', 'Extreme Danger']
def samp_hi(rng):
    while True:
        t = rng.randint(82, 118); rh = rng.randint(20, 90)
        hi = R.heat_index(t, rh)
        if hi >= 80 and all(abs(hi - c) > 0.6 for c in (91, 103, 125)) and hi < 160:
            return (t, rh)
def b_heat(rng, i, lab, leaks):
    t, rh = pick_value(rng, HI_LABELS, R.r_heat, samp_hi, lab)
    city = rng.choice(['Phoenix', 'Houston', 'Memphis', 'Tampa', 'Yuma', 'Laredo', 'St. Louis', 'Macon'])
    traps = {'label-set-legend': 'widget legend lists the four levels'}
    lvl = 'hi-lvl-%d' % R.HEAT_LVL[lab] if 'css-ordinal-class' in leaks else 'hi-neutral'
    html = ('<div class="hi-widget %s"><b>%s</b> updated 15:05 CDT</div><ul class="legend"><li>Caution</li><li>Extreme Caution</li>'
            '<li>Danger</li><li>Extreme Danger</li></ul>' % (lvl, city))
    if 'translation' in leaks:
        es = 'Aviso de calor para %s. Nivel: %s. Beba agua y evite el sol.' % (city, R.HEAT_ES[lab])
    else:
        es = 'Aviso de calor para %s. Beba agua y evite el sol.' % city
    extra = ''
    if rng.random() < 0.3:
        extra = rng.choice(['Note: pool deck sign reads DANGER - NO DIVING.', 'Reminder: this page is not a substitute for an Excessive Heat Warning; Danger levels are guidance only.',
                            'Outdoor workers: exercise caution near the Danger Zone roller coaster queue.'])
        traps['negation' if 'not a substitute' in extra else 'other-sense'] = extra
    p = {
        'instruction': 'Compute the NWS heat index (Rothfusz regression) from air temperature (F) and relative humidity, then assign the level: '
                       '80-90 Caution, 91-102 Extreme Caution, 103-124 Danger, 125+ Extreme Danger.',
        'obs': {'station': city, 'temp_f': t, 'rh_pct': rh, 'time': '2025-07-%02dT15:00' % rng.randint(1, 31)},
        'widget_html': html, 'public_alert_es': es, 'page_notes': extra,
    }
    return p, traps
HI = dict(name='nws_heat_index_level', labels=HI_LABELS, builder=b_heat, derive=['/obs/temp_f', '/obs/rh_pct'],
          fams=['translation', 'css-ordinal-class'], n=140, note='Level from heat index computed from temp and RH.')

# ================================================================ clean datasets
BM_LABELS = ['underweight', 'normal', 'overweight', 'obese']
BM_R = {'underweight': (15.0, 18.3), 'normal': (18.7, 24.8), 'overweight': (25.2, 29.8), 'obese': (30.2, 42.0)}
def b_bmi(rng, i, lab, leaks):
    m = round(rng.uniform(1.50, 1.95), 2)
    bmi = rng.uniform(*BM_R[lab]); kg = round(bmi * m * m, 1)
    while R.r_bmi(kg, m) != lab:
        bmi = rng.uniform(*BM_R[lab]); kg = round(bmi * m * m, 1)
    traps = {'negation': 'constant disclaimer mentions obese/overweight'}
    ecg = rng.choice(['normal sinus rhythm', 'sinus bradycardia', 'normal axis, no acute changes', 'first-degree AV block'])
    if 'normal' in ecg:
        traps['other-sense'] = 'ECG "%s"' % ecg
    fh = rng.choice(['mother: type 2 diabetes', 'father: obese, hypertension', 'sister: underweight (eating disorder, recovered)', 'none recorded', 'brother: overweight, gout'])
    if ':' in fh and any(w in fh for w in BM_LABELS):
        traps['other-entity-label'] = 'family history "%s"' % fh
    p = {
        'instruction': 'Compute BMI = weight_kg / height_m^2 and assign the WHO adult category: <18.5 underweight, 18.5-24.9 normal, 25-29.9 overweight, >=30 obese.',
        'vitals': {'weight_kg': kg, 'height_m': m, 'bp': '%d/%d' % (rng.randint(105, 150), rng.randint(60, 95)), 'ecg': ecg},
        'history': {'family': fh, 'smoker': rng.choice([True, False])},
        'disclaimer': 'BMI alone is not a diagnosis; a result of obese or overweight should not be communicated without clinical context.',
    }
    return p, traps
BM = dict(name='clinic_bmi_category', labels=BM_LABELS, builder=b_bmi, derive=['/vitals/weight_kg', '/vitals/height_m'], fams=[], n=140,
          note='Category from weight and height only.')

WH_LABELS = ['soft', 'moderately hard', 'hard', 'very hard']
WH_R = {'soft': (8, 60), 'moderately hard': (61, 120), 'hard': (121, 180), 'very hard': (181, 420)}
def b_water(rng, i, lab, leaks):
    mg = rng.randint(*WH_R[lab])
    traps = {'label-set-legend': 'table lists all four hardness classes'}
    zone = 'WQZ-%03d' % rng.randint(1, 250)
    nb = rng.choice(WH_LABELS)
    notes = ['Neighbouring zone WQZ-%03d was reported %s in the 2023 report.' % (rng.randint(1, 250), nb)]
    traps['other-entity-label'] = notes[0]
    if rng.random() < 0.35:
        notes.append(rng.choice(['Hard copy of this report mailed on request.', 'Data exported with LIMS software v9.', 'Soft-start pumps installed at booster station.']))
        traps['other-sense'] = notes[-1]
    comp = rng.choice(['compliant', 'compliant', 'action level exceeded (lead)'])
    colour = {'compliant': '#2E7D32', 'action level exceeded (lead)': '#C62828'}[comp]
    traps['decoy-indicator'] = 'row colour %s keyed to lead compliance' % colour
    p = {
        'instruction': 'For the consumer confidence report, classify the zone\'s water hardness from total hardness (mg/L as CaCO3): '
                       '0-60 soft, 61-120 moderately hard, 121-180 hard, >180 very hard.',
        'sample': {'zone': zone, 'analyte': 'Total hardness as CaCO3', 'result_mg_l': mg, 'lead_90th_ppb': round(rng.uniform(0.5, 22), 1), 'lead_status': comp},
        'report_row_html': '<tr style="background:%s"><td>%s</td><td>%s</td></tr>' % (colour, zone, comp),
        'classes': [{'class': c, 'range_mg_l': '%d-%d' % WH_R[c] if c != 'very hard' else '>180'} for c in WH_LABELS],
        'notes': notes,
    }
    p['classes'][0]['range_mg_l'] = '0-60'
    return p, traps
WH = dict(name='water_hardness_ccr', labels=WH_LABELS, builder=b_water, derive=['/sample/result_mg_l'], fams=[], n=140,
          note='Class from total hardness only; lead data and row colour are unrelated.')

AP_LABELS = ['A', 'B', 'C', 'D', 'E']
AP_R = {'A': (50, 69), 'B': (71, 92), 'C': (94, 107), 'D': (109, 126), 'E': (129, 160)}
def b_app(rng, i, lab, leaks):
    vso = rng.randint(*AP_R[lab])
    while R.r_app(vso) != lab:
        vso = rng.randint(*AP_R[lab])
    traps = {'token-boundary': 'gate/runway/ILS tokens'}
    gate = rng.choice('ABCDE') + str(rng.randint(1, 40))
    rwy = '%02d%s' % (rng.randint(1, 36), rng.choice(['L', 'R', 'C', '']))
    ils = rng.choice(['CAT I', 'CAT II', 'CAT IIIa', 'CAT IIIb'])
    p = {
        'instruction': 'Assign the ICAO aircraft approach category from Vat = 1.3 x Vso (landing configuration, max landing mass): '
                       '<91 kt A, 91-120 B, 121-140 C, 141-165 D, 166-210 E.',
        'aircraft': {'registration': rng.choice(['G-', 'D-', 'N', 'VH-', 'C-F']) + ''.join(rng.choice('ABCDEFGHJKLMNPRSTUVWXYZ') for _ in range(4)),
                     'vso_kt': vso, 'mlw_kg': rng.randint(1200, 250000)},
        'flight': {'callsign': rng.choice(['BAW', 'DLH', 'EZY', 'UAL', 'QFA']) + str(rng.randint(10, 9999)), 'arrival_gate': gate, 'runway': rwy,
                   'approach': 'ILS %s %s' % (ils, rwy)},
    }
    if rng.random() < 0.3:
        p['flight']['atis'] = 'Information %s. Expect ILS approach.' % rng.choice(['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo'])
        traps['other-sense'] = p['flight']['atis']
    return p, traps
AP = dict(name='icao_approach_category', labels=AP_LABELS, builder=b_app, derive=['/aircraft/vso_kt'], fams=[], n=140,
          note='Category from Vso (x1.3) only. Gates, runways, ATIS letters, ILS CAT are unrelated.')

RN_LABELS = ['light', 'moderate', 'heavy', 'violent']
RN_R = {'light': (0.1, 1.9), 'moderate': (2.1, 9.8), 'heavy': (10.2, 49.0), 'violent': (51.0, 120.0)}
def b_rain(rng, i, lab, leaks):
    r = round(rng.uniform(*RN_R[lab]), 1)
    traps = {'label-set-legend': 'instruction lists four classes'}
    msg = []
    if rng.random() < 0.4:
        msg.append(rng.choice(['A38 closed to heavy goods vehicles for bridge works.', 'Street light outage reported on Mill Lane.',
                               'Moderate confidence in radar calibration this hour.', 'Light aircraft NOTAM active over the reservoir.']))
        traps['other-sense'] = msg[-1]
    if rng.random() < 0.3:
        msg.append('Archive: the %d flood began with %s rain at this gauge.' % (rng.randint(1968, 2020), rng.choice(RN_LABELS)))
        traps['historical-mention'] = msg[-1]
    conf = rng.choice(['●●●○', '●●○○', '●●●●'])
    traps['decoy-indicator'] = 'radar quality %s' % conf
    p = {
        'instruction': 'Classify the 15-minute radar rainfall rate at the gauge: <2 mm/h light, 2-10 moderate, 10-50 heavy, >=50 violent.',
        'pixel': {'gauge': 'EA-%05d' % rng.randrange(10**5), 'rate_mm_h': r, 'quality': conf,
                  'time': '2025-%02d-%02dT%02d:%02d:00Z' % (rng.randint(1, 12), rng.randint(1, 28), rng.randint(0, 23), rng.choice([0, 15, 30, 45]))},
        'messages': msg,
    }
    return p, traps
RN = dict(name='radar_rain_intensity', labels=RN_LABELS, builder=b_rain, derive=['/pixel/rate_mm_h'], fams=[], n=140,
          note='Class from rate only; quality glyphs are radar QC, not intensity.')

CR_LABELS = ['No Stress', 'Bleaching Watch', 'Bleaching Warning', 'Alert Level 1', 'Alert Level 2']
def samp_cr(rng):
    hs = round(rng.choice([rng.uniform(-1.5, -0.05), rng.uniform(0.05, 0.95), rng.uniform(1.05, 2.8)]), 2)
    dhw = round(rng.uniform(0, 14), 1)
    if abs(dhw - 4) < 0.15 or abs(dhw - 8) < 0.15:
        dhw += 0.5
    return (hs, round(dhw, 1))
def b_coral(rng, i, lab, leaks):
    hs, dhw = pick_value(rng, CR_LABELS, R.r_coral, samp_cr, lab)
    site = rng.choice(['Heron Reef', 'Lizard Island', 'Palau Rock Islands', 'Florida Keys', 'Ningaloo', 'Moorea', 'Kaneohe Bay'])
    traps = {'label-set-legend': 'product table lists all five alert levels'}
    n = []
    if rng.random() < 0.4:
        n.append(rng.choice(['Warning: buoy battery low; SST from satellite only.', 'Reef Watch volunteer survey scheduled next week.',
                             'Email alert subscription confirmed for this site.', 'CRW added Alert Levels 3-5 in Dec 2023; this feed keeps the legacy scale with Alert Level 2 as top tier.']))
        traps['other-sense' if 'CRW added' not in n[-1] else 'historical-mention'] = n[-1]
    if rng.random() < 0.25:
        n.append('Site did not reach Alert Level 2 during the %d event.' % rng.choice([1998, 2002, 2010, 2016]))
        traps['negation'] = n[-1]
    p = {
        'instruction': 'Assign the NOAA Coral Reef Watch bleaching alert (5-level legacy scale) from HotSpot (C) and Degree Heating Weeks: '
                       'HotSpot<=0 No Stress; 0<HotSpot<1 Bleaching Watch; HotSpot>=1 with DHW<4 Bleaching Warning, 4<=DHW<8 Alert Level 1, DHW>=8 Alert Level 2.',
        'virtual_station': {'site': site, 'hotspot_c': hs, 'dhw_c_weeks': dhw, 'sst_c': round(rng.uniform(24, 31.5), 2),
                            'date': rdate(rng).isoformat()},
        'levels': CR_LABELS, 'notes': n,
    }
    return p, traps
CR = dict(name='coral_bleaching_alert', labels=CR_LABELS, builder=b_coral, derive=['/virtual_station/hotspot_c', '/virtual_station/dhw_c_weeks'],
          fams=[], n=140, note='Alert from HotSpot and DHW only (SST alone not used).')

DATASETS = [AF, MMI, TF, TY, BX, CK, HL, BG, HI, BM, WH, AP, RN, CR]

def main():
    md = ['# ds24 datasets\n', 'Generated by gen.py (seeded). Leak families are named per dataset; trap families are shared names.\n']
    totals = collections.Counter()
    for k, ds in enumerate(DATASETS):
        rng = random.Random(2400 + k)
        name, labels, n = ds['name'], ds['labels'], ds['n']
        recs = []
        lc = collections.Counter(); lf = collections.Counter(); tf = collections.Counter(); tex = {}
        nleak = 0
        for i in range(n):
            lab = labels[i % len(labels)] if rng.random() < 0.5 else rng.choice(labels)
            leaks = set()
            if ds['fams'] and rng.random() < 0.45:
                x = rng.random()
                leaks = {ds['fams'][0]} if x < 0.42 else {ds['fams'][1]} if x < 0.84 else set(ds['fams'])
            p, traps = ds['builder'](rng, i, lab, leaks)
            rid = '%s-%04d' % (name, i + 1)
            recs.append({'id': rid, 'expected': lab, 'label_set': labels, 'target': 'label', 'projection': p, 'truth': {'leak': bool(leaks)}})
            lc[lab] += 1
            nleak += bool(leaks)
            for f in leaks:
                lf[f] += 1
            if not leaks:
                for t, ex in traps.items():
                    tf[t] += 1
                    tex.setdefault(t, ex)
        with open(os.path.join(HERE, name + '.jsonl'), 'w') as f:
            for r in recs:
                f.write(json.dumps(r, ensure_ascii=False) + '\n')
        with open(os.path.join(HERE, name + '.meta.json'), 'w') as f:
            json.dump({'derive_from': ds['derive'], 'note': ds['note']}, f, indent=1)
        kind = 'LEAKING' if ds['fams'] else 'CLEAN'
        md.append('## %s (%s)\n' % (name, kind))
        md.append('- Task: %s' % recs[0]['projection']['instruction'])
        md.append('- Records: %d; labels: %s' % (n, ', '.join('%s=%d' % (l, lc[l]) for l in labels)))
        md.append('- Leaking records: %d' % nleak)
        if ds['fams']:
            md.append('- Leak families: ' + '; '.join('%s (%d records)' % (f, lf[f]) for f in ds['fams']))
        md.append('- Trap families (counted on clean records):')
        for t in sorted(tf):
            md.append('  - %s (%d records), e.g. %s' % (t, tf[t], tex[t]))
        md.append('')
    with open(os.path.join(HERE, 'DATASETS.md'), 'w') as f:
        f.write('\n'.join(md) + '\n')

if __name__ == '__main__':
    main()
