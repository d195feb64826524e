"""Label rules (shared by gen.py and check.py) and planted-leak detectors. stdlib only."""
import base64, json, datetime, re

def ptr(obj, p):
    for part in p.lstrip('/').split('/'):
        part = part.replace('~1', '/').replace('~0', '~')
        if isinstance(obj, list):
            obj = obj[int(part)]
        else:
            obj = obj[part]
    return obj

# ---------------- rules: values in derive_from order -> label ----------------
def r_afdrs(fbi):
    return 'No Rating' if fbi < 12 else 'Moderate' if fbi < 24 else 'High' if fbi < 50 else 'Extreme' if fbi < 100 else 'Catastrophic'

MMI_CUTS = [(0.039, '4'), (0.092, '5'), (0.18, '6'), (0.34, '7'), (0.65, '8')]
def r_mmi(pga):
    for cut, lab in MMI_CUTS:
        if pga < cut:
            return lab
    raise ValueError(pga)

def r_tarifa(fecha, hora, festivo):
    d = datetime.date.fromisoformat(fecha)
    if festivo or d.weekday() >= 5 or hora < 8:
        return 'valle'
    if 10 <= hora < 14 or 18 <= hora < 22:
        return 'punta'
    return 'llano'

TYRE = [('S', 180), ('T', 190), ('H', 210), ('V', 240), ('W', 270)]
def r_tyre(v):
    lab = None
    for s, kmh in TYRE:
        if v >= kmh:
            lab = s
    return lab

BOX = [('flyweight', 112), ('bantamweight', 118), ('featherweight', 126), ('lightweight', 135), ('welterweight', 147)]
def r_box(lb):
    for n, lim in BOX:
        if lb <= lim:
            return n
    raise ValueError(lb)

def r_ckd(egfr):
    return 'G1' if egfr >= 90 else 'G2' if egfr >= 60 else 'G3a' if egfr >= 45 else 'G3b' if egfr >= 30 else 'G4' if egfr >= 15 else 'G5'

TORRO = [(10, 'H0'), (16, 'H1'), (21, 'H2'), (31, 'H3'), (41, 'H4'), (51, 'H5')]
def r_hail(mm):
    for cut, lab in TORRO:
        if mm < cut:
            return lab
    raise ValueError(mm)

def r_bag(kg):
    return 'standard' if kg <= 23 else 'heavy' if kg <= 32 else 'not accepted'

def heat_index(t, rh):
    return (-42.379 + 2.04901523 * t + 10.14333127 * rh - .22475541 * t * rh - .00683783 * t * t
            - .05481717 * rh * rh + .00122874 * t * t * rh + .00085282 * t * rh * rh - .00000199 * t * t * rh * rh)
def r_heat(t, rh):
    hi = heat_index(t, rh)
    return 'Caution' if hi < 91 else 'Extreme Caution' if hi < 103 else 'Danger' if hi < 125 else 'Extreme Danger'

def r_bmi(kg, m):
    b = kg / (m * m)
    return 'underweight' if b < 18.5 else 'normal' if b < 25 else 'overweight' if b < 30 else 'obese'

def r_water(mg):
    return 'soft' if mg <= 60 else 'moderately hard' if mg <= 120 else 'hard' if mg <= 180 else 'very hard'

APP = [(91, 'A'), (121, 'B'), (141, 'C'), (166, 'D'), (211, 'E')]
def r_app(vso):
    vat = 1.3 * vso
    for cut, lab in APP:
        if vat < cut:
            return lab
    raise ValueError(vso)

def r_rain(r):
    return 'light' if r < 2 else 'moderate' if r < 10 else 'heavy' if r < 50 else 'violent'

def r_coral(hs, dhw):
    if hs <= 0:
        return 'No Stress'
    if hs < 1:
        return 'Bleaching Watch'
    return 'Bleaching Warning' if dhw < 4 else 'Alert Level 1' if dhw < 8 else 'Alert Level 2'

RULES = {'afdrs_fire_danger': r_afdrs, 'shakemap_station_mmi': r_mmi, 'tarifa_2_0td_periodo': r_tarifa,
         'tyre_speed_symbol': r_tyre, 'boxing_weigh_in_division': r_box, 'ckd_egfr_stage': r_ckd,
         'torro_hail_intensity': r_hail, 'checked_bag_tier': r_bag, 'nws_heat_index_level': r_heat,
         'clinic_bmi_category': r_bmi, 'water_hardness_ccr': r_water, 'icao_approach_category': r_app,
         'radar_rain_intensity': r_rain, 'coral_bleaching_alert': r_coral}

# ---------------- planted-leak material (what gen.py plants) ----------------
AFDRS_HEX = {'No Rating': '#FFFFFF', 'Moderate': '#64BF30', 'High': '#FFE617', 'Extreme': '#FF8A00', 'Catastrophic': '#B5121B'}
ROMAN = {'4': 'IV', '5': 'V', '6': 'VI', '7': 'VII', '8': 'VIII'}
NUMWORD = {'4': 'four', '5': 'five', '6': 'six', '7': 'seven', '8': 'eight'}
PEAJE = {'punta': 0.030588, 'llano': 0.024765, 'valle': 0.000695}
PCODE = {'punta': 'P1', 'llano': 'P2', 'valle': 'P3'}
ICD = {'G1': 'N18.1', 'G2': 'N18.2', 'G3a': 'N18.31', 'G3b': 'N18.32', 'G4': 'N18.4', 'G5': 'N18.5'}
BOX_LIMIT = dict(BOX)
BAG_FEE = {'standard': '0.00', 'heavy': '75.00', 'not accepted': 'VOID'}
BAG_EVT = {'standard': 'LOADED_ULD', 'heavy': 'HEAVY_TAG_PRINTED', 'not accepted': 'OFFLOADED_RETURNED_TO_PAX'}
HEAT_ES = {'Caution': 'Precaución', 'Extreme Caution': 'Precaución extrema', 'Danger': 'Peligro', 'Extreme Danger': 'Peligro extremo'}
HEAT_LVL = {'Caution': 1, 'Extreme Caution': 2, 'Danger': 3, 'Extreme Danger': 4}

def b64url_json(s):
    s += '=' * (-len(s) % 4)
    return json.loads(base64.urlsafe_b64decode(s))

def planted(name, p, exp):
    """Return the list of leak families whose planted material in projection p gives away exp."""
    out = []
    s = json.dumps(p, ensure_ascii=False)
    if name == 'afdrs_fire_danger':
        if AFDRS_HEX[exp] in p['map_tile']['html']:
            out.append('css-colour')
        if exp.lower().replace(' ', '-') + '-fire-danger' in p['district']['more_info_url']:
            out.append('url-slug')
    elif name == 'shakemap_station_mmi':
        if any(f.endswith('_mmi%s.png' % ROMAN[exp]) for f in p['products']):
            out.append('roman-numeral-filename')
        if re.search(r'\bintensity %s\b' % NUMWORD[exp], p['dyfi']['summary']):
            out.append('number-word-prose')
    elif name == 'tarifa_2_0td_periodo':
        if p['factura_linea'].get('peaje_eur_kwh') == PEAJE[exp]:
            out.append('correlated-price')
        raw = base64.b64decode(p['meta']['cache_key']).decode()
        if raw.endswith('|' + PCODE[exp]):
            out.append('base64-cache-key')
    elif name == 'tyre_speed_symbol':
        if re.search(r'R\d\d \d{2,3}%s\b' % exp, p['listing']['title']):
            out.append('sidewall-code')
        if 'speed_symbol_pred=%s ' % exp in p['pipeline_log']:
            out.append('upstream-log')
    elif name == 'boxing_weigh_in_division':
        if exp in p['bout']['promo_copy'].lower():
            out.append('promo-prose')
        if p['bout']['contract_limit_lb'] == BOX_LIMIT[exp]:
            out.append('contract-limit')
    elif name == 'ckd_egfr_stage':
        if any(c['code'] == ICD[exp] for c in p['problem_list']):
            out.append('icd10-code')
        if ('|CKDSTG^' in p['hl7']) and ('||%s|' % exp in p['hl7']):
            out.append('hl7-upstream-segment')
    elif name == 'torro_hail_intensity':
        tok = p['session'].get('token')
        if tok and b64url_json(tok.split('.')[1]).get('cls') == exp:
            out.append('jwt-payload')
        if p['chatops']['text'].count('\U0001F9CA') == int(exp[1]) + 1:
            out.append('glyph-count')
    elif name == 'checked_bag_tier':
        if any(x.get('amount') == BAG_FEE[exp] for x in p['payments']):
            out.append('post-decision-fee')
        if any(e['event'] == BAG_EVT[exp] for e in p['bag_events']):
            out.append('later-event-log')
    elif name == 'nws_heat_index_level':
        if 'Nivel: %s.' % HEAT_ES[exp] in p['public_alert_es']:
            out.append('translation')
        if 'hi-lvl-%d' % HEAT_LVL[exp] in p['widget_html']:
            out.append('css-ordinal-class')
    return out
