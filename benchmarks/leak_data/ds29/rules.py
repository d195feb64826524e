"""Labelling rules for batch ds29. Each rule takes a dict {json_pointer: value}
holding only the derive_from fields of a record and returns the label."""
import math
import datetime as _dt

# ---------------------------------------------------------------- braden
BRADEN_LABELS = ["no risk", "mild risk", "moderate risk", "high risk", "severe risk"]
BRADEN_KEYS = ["sensory_perception", "moisture", "activity", "mobility", "nutrition", "friction_shear"]


def braden_from_total(t):
    if t <= 9:
        return "severe risk"
    if t <= 12:
        return "high risk"
    if t <= 14:
        return "moderate risk"
    if t <= 18:
        return "mild risk"
    return "no risk"


def rule_braden(v):
    return braden_from_total(sum(v["/tool_calls/0/result/braden/" + k] for k in BRADEN_KEYS))


# ---------------------------------------------------------------- gold
GOLD_LABELS = ["1", "2", "3", "4"]


def gold_from_pct(p):
    if p >= 80:
        return "1"
    if p >= 50:
        return "2"
    if p >= 30:
        return "3"
    return "4"


def rule_gold(v):
    assert v["/spirometry_report/post_bronchodilator/fev1_fvc"] < 0.70
    return gold_from_pct(v["/spirometry_report/post_bronchodilator/fev1_pct_pred"])


# ---------------------------------------------------------------- feinstaub
FEIN_LABELS = ["grün", "gelb", "rot", "keine"]


def fein(kraftstoff, norm, dpf, kat):
    if kraftstoff == "Elektro":
        return "grün"
    if kraftstoff == "Benzin":
        return "grün" if kat else "keine"
    e = 0 if norm == "vor Euro 1" else int(norm.split()[1])
    if e >= 4:
        return "grün"
    if e == 3:
        return "grün" if dpf else "gelb"
    if e == 2:
        return "gelb" if dpf else "rot"
    if e == 1:
        return "rot" if dpf else "keine"
    return "keine"


def rule_fein(v):
    p = "/vorgang/fahrzeug/"
    return fein(v[p + "kraftstoff"], v[p + "abgasnorm"], v[p + "partikelfilter_nachgeruestet"], v[p + "geregelter_katalysator"])


# ---------------------------------------------------------------- ast
AST_LABELS = ["susceptible", "intermediate", "resistant"]
AST_BP = {  # drug: (S<=, R>=)   CLSI M100 Enterobacterales style
    "ciprofloxacin": (0.25, 1.0),
    "levofloxacin": (0.5, 2.0),
    "ceftriaxone": (1.0, 4.0),
    "meropenem": (1.0, 4.0),
    "gentamicin": (2.0, 8.0),
    "amikacin": (4.0, 16.0),
}


def ast(drug, mic):
    s, r = AST_BP[drug]
    if mic <= s:
        return "susceptible"
    if mic >= r:
        return "resistant"
    return "intermediate"


def rule_ast(v):
    return ast(v["/lis_record/target_test/drug"], v["/lis_record/target_test/mic_mg_l"])


# ---------------------------------------------------------------- noise
NOISE_LABELS = ["below action values", "lower exposure action value", "upper exposure action value", "exposure limit value"]


def lepd(segs):
    e = sum(s["hours"] / 8.0 * 10 ** (s["laeq_dba"] / 10.0) for s in segs)
    return round(10 * math.log10(e), 1)


def noise_from_lepd(x):
    if x >= 87.0:
        return "exposure limit value"
    if x >= 85.0:
        return "upper exposure action value"
    if x >= 80.0:
        return "lower exposure action value"
    return "below action values"


def rule_noise(v):
    return noise_from_lepd(lepd(v["/assessment/dosimetry/segments"]))


# ---------------------------------------------------------------- speeding
SPEED_LABELS = ["Band A", "Band B", "Band C"]
SPEED_TABLE = {20: (21, 31, 41), 30: (31, 41, 51), 40: (41, 56, 66), 50: (51, 66, 76), 60: (61, 81, 91), 70: (71, 91, 101)}


def speed_band(limit, speed):
    a, b, c = SPEED_TABLE[limit]
    assert speed >= a
    if speed >= c:
        return "Band C"
    if speed >= b:
        return "Band B"
    return "Band A"


def rule_speed(v):
    return speed_band(v["/case_file/offence/limit_mph"], v["/case_file/offence/recorded_mph"])


# ---------------------------------------------------------------- carcass
SEUROP = ["S", "E", "U", "R", "O", "P"]


def lmp(fat, muscle):
    return round(62.0 - 0.85 * fat + 0.08 * muscle, 1)


def seurop(x):
    if x >= 60:
        return "S"
    if x >= 55:
        return "E"
    if x >= 50:
        return "U"
    if x >= 45:
        return "R"
    if x >= 40:
        return "O"
    return "P"


def rule_carcass(v):
    return seurop(lmp(v["/slaughter_line/fom_probe/backfat_mm"], v["/slaughter_line/fom_probe/loin_muscle_mm"]))


# ---------------------------------------------------------------- oil
OIL_LABELS = ["normal", "caution", "critical"]
OIL_LIMITS = {"fe_ppm": (50, 100), "si_ppm": (15, 30), "water_ppm": (500, 1000), "visc_change_pct": (10, 20)}


def oil(res):
    worst = 0
    for k, (c, x) in OIL_LIMITS.items():
        val = abs(res[k])
        lvl = 2 if val >= x else (1 if val >= c else 0)
        worst = max(worst, lvl)
    return OIL_LABELS[worst]


def rule_oil(v):
    p = "/sample/results/"
    return oil({k: v[p + k] for k in OIL_LIMITS})


# ---------------------------------------------------------------- pet travel
PET_LABELS = ["eligible", "wait", "refused"]


def _d(s):
    return _dt.date.fromisoformat(s)


def pet(chip, birth, vacc, arrival):
    if _d(chip) > _d(vacc):
        return "refused"
    if (_d(vacc) - _d(birth)).days < 84:
        return "refused"
    if (_d(arrival) - _d(vacc)).days < 21:
        return "wait"
    return "eligible"


def rule_pet(v):
    return pet(v["/booking/pet/microchip_implanted"], v["/booking/pet/date_of_birth"],
               v["/booking/rabies_vaccination/date"], v["/booking/travel/arrival_date"])


# ---------------------------------------------------------------- saffron
SAFFRON_LABELS = ["Category I", "Category II", "Category III", "Non-conforming"]


def saffron(e440, e257, e330, moisture):
    if moisture > 12.0 or not (20 <= e330 <= 50):
        return "Non-conforming"
    def cat(x, t):
        return 1 if x >= t[0] else 2 if x >= t[1] else 3 if x >= t[2] else 4
    c = max(cat(e440, (200, 170, 120)), cat(e257, (70, 55, 40)))
    return SAFFRON_LABELS[c - 1]


def rule_saffron(v):
    p = "/lab_report/results/"
    return saffron(v[p + "E1_440nm_crocin"], v[p + "E1_257nm_picrocrocin"], v[p + "E1_330nm_safranal"], v[p + "moisture_volatiles_pct"])


# ---------------------------------------------------------------- septic
SEPTIC_LABELS = ["pretreatment", "conventional", "mound", "unsuitable"]


def perc_rate(holes):
    rates = []
    for h in holes:
        last = h["readings"][-1]
        rates.append(last["interval_min"] / last["drop_in"])
    return round(sum(rates) / len(rates), 1)


def septic(rate):
    if rate < 1.0:
        return "pretreatment"
    if rate <= 30.0:
        return "conventional"
    if rate <= 60.0:
        return "mound"
    return "unsuitable"


def rule_septic(v):
    return septic(perc_rate(v["/field_sheet/test_holes"]))


# ---------------------------------------------------------------- myopia
MYOPIA_LABELS = ["none", "low", "moderate", "high"]


def myopia(od_s, od_c, os_s, os_c):
    se = min(od_s + od_c / 2.0, os_s + os_c / 2.0)
    if se > -0.50:
        return "none"
    if se > -3.00:
        return "low"
    if se > -6.00:
        return "moderate"
    return "high"


def rule_myopia(v):
    p = "/exam/subjective_refraction/"
    return myopia(v[p + "OD/sphere"], v[p + "OD/cylinder"], v[p + "OS/sphere"], v[p + "OS/cylinder"])


# ---------------------------------------------------------------- sprinkler
SPRINK_LABELS = ["light hazard", "ordinary hazard group 1", "ordinary hazard group 2", "extra hazard group 1", "extra hazard group 2"]
SPRINK_TABLE = {
    "light hazard": ["office", "church", "hospital ward", "school classroom", "museum gallery", "restaurant seating area", "residential dwelling unit"],
    "ordinary hazard group 1": ["parking garage", "bakery", "laundry", "restaurant kitchen / service area", "electronics assembly plant", "dairy products processing"],
    "ordinary hazard group 2": ["dry cleaner", "machine shop", "library large stack room", "post office", "mercantile sales floor", "repair garage", "woodworking shop"],
    "extra hazard group 1": ["aircraft hangar", "saw mill", "die casting", "plywood manufacturing", "rubber reclaiming", "printing with inks below 100 F flash point"],
    "extra hazard group 2": ["asphalt saturating", "flammable liquid spraying", "open oil quenching", "plastics processing", "solvent cleaning", "varnish and paint dipping"],
}
SPRINK_LOOKUP = {occ: lab for lab, occs in SPRINK_TABLE.items() for occ in occs}


def rule_sprinkler(v):
    return SPRINK_LOOKUP[v["/survey/area/occupancy_use"]]


# ---------------------------------------------------------------- vibration
VIB_LABELS = ["A", "B", "C", "D"]
VIB_LIMITS = {"rigid": (1.4, 2.8, 4.5), "flexible": (2.3, 4.5, 7.1)}


def vib(found, pts):
    m = max(p["velocity_rms_mm_s"] for p in pts)
    a, b, c = VIB_LIMITS[found]
    if m <= a:
        return "A"
    if m <= b:
        return "B"
    if m <= c:
        return "C"
    return "D"


def rule_vibration(v):
    return vib(v["/route_data/machine/foundation"], v["/route_data/measurements"])


RULES = {
    "braden_risk": rule_braden, "gold_spirometry": rule_gold, "feinstaub_plakette": rule_fein,
    "ast_interpretation": rule_ast, "noise_dose": rule_noise, "speeding_fine_band": rule_speed,
    "carcass_seurop": rule_carcass, "oil_analysis": rule_oil, "pet_travel": rule_pet,
    "saffron_iso3632": rule_saffron, "septic_perc": rule_septic, "myopia_grade": rule_myopia,
    "sprinkler_hazard": rule_sprinkler, "vibration_zone": rule_vibration,
}
