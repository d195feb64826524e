"""Clean datasets: psg_ahi_severity, pool_chem_action, dpe_energy_class, colourfastness_grade, pflegegrad_nba."""
import datetime as dt
import json
import math

from ds20_common import (person, de_person, fr_person, hexid, alnum, digits, rtime, iso, b64, maybe)

# ---------------------------------------------------------------- 10. PSG AHI severity
AHI_LABELS = ["normal", "mild", "moderate", "severe"]
AHI_INSTR = (
    "Classify the sleep-apnoea severity of this diagnostic polysomnogram. AHI = (obstructive + central + mixed "
    "apnoeas + hypopnoeas) / total sleep time in hours. Severity: normal if AHI < 5; mild if 5 <= AHI < 15; "
    "moderate if 15 <= AHI < 30; severe if AHI >= 30. Use the scored event counts and total sleep time only. "
    "Answer with one word.")
CENTRES = [("Sleep Disorders Center", "Normal, IL"), ("Regional Sleep Lab", "Bloomington, IL"),
           ("St. Brigid Sleep Unit", "Galway"), ("Northside Sleep Clinic", "Leeds"), ("Sleep Health Centre", "Normal, IL")]


def ahi_solve(p):
    e = p["respiratory_events"]
    n = e["obstructive_apneas"] + e["central_apneas"] + e["mixed_apneas"] + e["hypopneas"]
    ahi = n / (p["study"]["tst_min"] / 60)
    return "normal" if ahi < 5 else "mild" if ahi < 15 else "moderate" if ahi < 30 else "severe"


def ahi_build(rng, target):
    rngs = {"normal": (0.3, 4.7), "mild": (5.3, 14.6), "moderate": (15.4, 29.5), "severe": (30.6, 88)}
    ahi = rng.uniform(*rngs[target])
    tst = rng.randint(230, 455)
    total = int(round(ahi * tst / 60))
    central = int(total * rng.uniform(0, 0.12))
    mixed = int(total * rng.uniform(0, 0.06))
    oa = int((total - central - mixed) * rng.uniform(0.15, 0.6))
    hyp = total - central - mixed - oa
    trt = tst + rng.randint(15, 120)
    t = rtime(rng)
    centre = rng.choice(CENTRES)
    sev = ahi / 90
    traps = ["legitimately correlated physiology fields (ODI, SpO2 nadir) outside the rule"]
    if centre[1] == "Normal, IL":
        traps.append("label word as a place name (Normal, IL)")
    comments = [rng.choice(["Patient slept mostly supine.", "Frequent position changes after 03:00.",
                            "Good signal quality throughout.", "Nasal cannula re-taped at 01:12."])]
    if maybe(rng, 0.45):
        comments.append(rng.choice(["Mild snoring noted in lateral position.", "Patient reports severe daytime fatigue (ESS elevated).",
                                    "Moderate caffeine intake reported (2 cups/day).", "Severe nasal congestion reported on arrival.",
                                    "Mild leg movements, not periodic."]))
        traps.append("label words in ordinary senses in technologist comments")
    if maybe(rng, 0.3):
        comments.append("No severe desaturations below 80 % were observed." if sev < 0.4 else
                        "No arrhythmia observed; ECG normal sinus rhythm.")
        traps.append("negated mention / 'normal' in another sense")
    p = {
        "instruction": AHI_INSTR,
        "patient": {"mrn": f"MRN{digits(rng, 8)}", "age": rng.randint(19, 82), "sex": rng.choice(["F", "M"]),
                    "bmi": round(rng.uniform(21, 33) + sev * rng.uniform(0, 12), 1),
                    "neck_cm": round(rng.uniform(33, 41) + sev * rng.uniform(0, 6), 1), "epworth": rng.randint(2, 20),
                    "referring": f"Dr. {person(rng)}"},
        "study": {"type": "diagnostic in-lab PSG", "centre": f"{centre[0]}, {centre[1]}", "date": t.strftime("%Y-%m-%d"),
                  "lights_off": "22:" + f"{rng.randint(0, 59):02d}", "trt_min": trt, "tst_min": tst,
                  "sleep_efficiency_pct": round(100 * tst / trt, 1),
                  "stages_pct": {"N1": rng.randint(4, 14), "N2": rng.randint(45, 58), "N3": rng.randint(8, 20), "REM": rng.randint(12, 24)},
                  "scorer": person(rng), "device": rng.choice(["Compumedics Grael", "Natus Embla N7000", "Philips Alice 6"])},
        "respiratory_events": {"obstructive_apneas": oa, "central_apneas": central, "mixed_apneas": mixed,
                               "hypopneas": hyp, "hypopnea_rule": rng.choice(["AASM 1A (3 % or arousal)", "AASM 1B (4 %)"]),
                               "rera_count": rng.randint(0, 40)},
        "oximetry": {"spo2_baseline_pct": rng.randint(93, 98), "spo2_nadir_pct": max(62, int(94 - sev * rng.uniform(5, 28) - rng.uniform(0, 4))),
                     "odi_per_h": round(max(0.1, ahi * rng.uniform(0.4, 1.2) + rng.uniform(-3, 3)), 1), "t90_min": round(sev * rng.uniform(0, 60), 1)},
        "tech_comments": " ".join(comments),
        "device_blob": b64(json.dumps({"montage": "AASM_std_v3", "fw": f"{rng.randint(2, 6)}.{rng.randint(0, 9)}",
                                        "channels": ["C4-M1", "O2-M1", "E1-M2", "Chin", "Flow", "Thor", "Abd", "SpO2"]})),
    }
    traps.append("base64 blob decoding to harmless device config")
    if maybe(rng, 0.35):
        p["report_template"] = {"severity_bands": {"normal": "<5", "mild": "5-14.9", "moderate": "15-29.9", "severe": ">=30"}}
        traps.append("glossary/enum listing the whole label set")
    if maybe(rng, 0.3):
        idx = AHI_LABELS.index(target)
        prev = AHI_LABELS[max(0, min(3, idx + rng.choice([-2, -1, -1, 0, 0, 1, 1])))] if maybe(rng, 0.6) else rng.choice(AHI_LABELS)
        p["history"] = {"prior_study_year": t.year - rng.randint(2, 9), "prior_impression": f"{prev} OSA" if prev != "normal" else "no OSA (normal study)",
                        "cpap_prior": maybe(rng, 0.3)}
        traps.append("historical prior diagnosis (prior state, correlated)")
    return p, traps


AHI = dict(name="psg_ahi_severity", labels=AHI_LABELS, n=168, seed=2010, leaking=False, build=ahi_build, solve=ahi_solve,
           task="classify sleep-apnoea severity from a polysomnography summary",
           derive_from=["/respiratory_events", "/study/tst_min"],
           note="Severity is the AHI band computed from the scored apnoea/hypopnoea counts over total sleep time.", families={})

# ---------------------------------------------------------------- 11. Pool chemistry action
POOL_LABELS = ["balanced", "raise chlorine", "lower pH", "raise pH", "close pool"]
POOL_INSTR = (
    "You review a public swimming-pool water test and pick the single required action, applying the first matching "
    "rule: 'close pool' if free chlorine < 0.5 mg/L, or pH < 6.8 or pH > 8.2, or the main drain is not visible; "
    "'raise chlorine' if free chlorine < 1.0 mg/L; 'lower pH' if pH > 7.6; 'raise pH' if pH < 7.2; otherwise "
    "'balanced'. Answer with the action.")


def pool_solve(p):
    r = p["readings"]
    fc, ph = r["free_chlorine_mg_l"], r["ph"]
    if fc < 0.5 or ph < 6.8 or ph > 8.2 or not p["visual"]["main_drain_visible"]:
        return "close pool"
    if fc < 1.0:
        return "raise chlorine"
    if ph > 7.6:
        return "lower pH"
    if ph < 7.2:
        return "raise pH"
    return "balanced"


def pool_build(rng, target):
    fc = round(rng.uniform(1.1, 4.8), 1)
    ph = round(rng.uniform(7.2, 7.6), 1)
    drain = True
    if target == "close pool":
        k = rng.choice(["fc", "phlo", "phhi", "drain"])
        if k == "fc":
            fc = round(rng.uniform(0.0, 0.4), 1)
        elif k == "phlo":
            ph = round(rng.uniform(6.4, 6.7), 1)
        elif k == "phhi":
            ph = round(rng.uniform(8.3, 8.6), 1)
        else:
            drain = False
    elif target == "raise chlorine":
        fc = round(rng.uniform(0.5, 0.9), 1)
        ph = round(rng.uniform(6.8, 8.2), 1)
    elif target == "lower pH":
        ph = round(rng.uniform(7.7, 8.2), 1)
    elif target == "raise pH":
        ph = round(rng.uniform(6.8, 7.1), 1)
    tc = round(fc + rng.uniform(0, 0.6), 1)
    t = rtime(rng)
    traps = []
    operator = rng.choice(["Balanced Leisure Ltd", "CityActive Trust", "AquaCare Services", "Everyone Active", "Balanced Leisure Ltd"])
    if operator == "Balanced Leisure Ltd":
        traps.append("label word in an operator company name")
    notes = []
    if maybe(rng, 0.35):
        notes.append(rng.choice(["Closing time 21:00; lane ropes removed at 20:30.", "Raise the flag at the lifeguard chair before opening.",
                                 "Pool was closed on 12 May for a faecal incident (resolved).", "Lifeguard team well balanced across shifts."]))
        traps.append("label words in ordinary / historical senses in notes")
    earlier = {"time": (t - dt.timedelta(hours=rng.randint(2, 5))).strftime("%H:%M"),
               "free_chlorine_mg_l": round(max(0, fc + rng.uniform(-0.6, 0.8)), 1),
               "ph": round(min(8.6, max(6.4, ph + rng.uniform(-0.2, 0.2))), 1)}
    traps.append("earlier reading of the same day (prior state, correlated)")
    p = {
        "instruction": POOL_INSTR,
        "facility": {"site": f"{rng.choice(['Riverside', 'Hillcrest', 'Kingsmead', 'Elmwood', 'Harbourview'])} Leisure Centre",
                     "operator": operator, "pool": rng.choice(["Main pool (25 m)", "Teaching pool", "Leisure pool"]),
                     "volume_m3": rng.choice([180, 320, 540, 610, 1100]), "treatment": rng.choice(["sodium hypochlorite + CO2", "calcium hypochlorite + acid", "UV + sodium hypochlorite"])},
        "check": {"time": iso(t), "by": person(rng), "method": rng.choice(["DPD photometer (Palintest)", "DPD tablets, comparator", "Lovibond MD 610"])},
        "readings": {"free_chlorine_mg_l": fc, "total_chlorine_mg_l": tc, "combined_chlorine_mg_l": round(tc - fc, 1),
                     "ph": ph, "total_alkalinity_mg_l": rng.randint(60, 180), "cyanuric_acid_mg_l": rng.choice([0, 0, 15, 30, 45]),
                     "water_temp_c": round(rng.uniform(26, 31.5), 1)},
        "visual": {"main_drain_visible": drain, "clarity": "clear" if drain else rng.choice(["cloudy", "turbid"]),
                   "bather_load_last_hour": rng.randint(0, 140)},
        "earlier_reading_today": earlier,
        "controller": {"model": rng.choice(["Bayrol PoolManager", "Prominent DULCOMARIN", "Chemtrol PC3000"]),
                       "setpoints": {"ph": 7.4, "free_chlorine_mg_l": 1.5}, "mode": "auto"},
        "chemical_stock": [{"product": "pH Minus (sodium bisulfate)", "kg": rng.randint(0, 75)},
                           {"product": "pH Plus (sodium carbonate)", "kg": rng.randint(0, 50)},
                           {"product": "Sodium hypochlorite 14 %", "litres": rng.randint(20, 400)}],
        "notes": " ".join(notes),
    }
    traps.append("inventory names containing label vocabulary (pH Minus / pH Plus)")
    if maybe(rng, 0.3):
        p["controller"]["action_enum"] = list(POOL_LABELS)
        traps.append("glossary/enum listing the whole label set")
    return p, traps


POOL = dict(name="pool_chem_action", labels=POOL_LABELS, n=150, seed=2011, leaking=False, build=pool_build, solve=pool_solve,
            task="choose the required action for a public-pool water test (chlorine / pH / closure)",
            derive_from=["/readings", "/visual/main_drain_visible"],
            note="The action follows from free chlorine, pH and main-drain visibility under the ordered rules.", families={})

# ---------------------------------------------------------------- 12. DPE energy class (France)
DPE_LABELS = ["B", "C", "D", "E", "F", "G"]
DPE_INSTR = (
    "Determine the French DPE energy class (2021 method, mainland France) of this dwelling. Sum the primary-energy "
    "consumption by use (kWhEP/m²/an) and the greenhouse-gas emissions by use (kgCO2eq/m²/an). Class by energy: "
    "A <= 70, B <= 110, C <= 180, D <= 250, E <= 330, F <= 420, else G; by emissions: A <= 6, B <= 11, C <= 30, "
    "D <= 50, E <= 70, F <= 100, else G. The DPE class is the worse of the two. Answer with the letter.")
EP_T = [70, 110, 180, 250, 330, 420]
GES_T = [6, 11, 30, 50, 70, 100]
LET = "ABCDEFG"


def _cls(v, th):
    for i, t in enumerate(th):
        if v <= t:
            return i
    return 6


def dpe_solve(p):
    ep = sum(p["consommation_ep_kwh_m2_an"].values())
    ges = sum(p["emissions_kgco2_m2_an"].values())
    return LET[max(_cls(ep, EP_T), _cls(ges, GES_T))]


def _split(rng, total, keys, weights):
    w = [x * rng.uniform(0.7, 1.3) for x in weights]
    s = sum(w)
    parts = [int(total * x / s) for x in w]
    parts[0] += total - sum(parts)
    return dict(zip(keys, parts))


def dpe_build(rng, target):
    ti = LET.index(target)
    lo = lambda th, i: (th[i - 1] + 1) if i > 0 else 30
    hi = lambda th, i: th[i] if i < 6 else th[5] + 260
    gas = maybe(rng, 0.5)
    if maybe(rng, 0.5):
        ep = rng.randint(lo(EP_T, ti), hi(EP_T, ti))
        gi = rng.randint(max(1, ti - 3), ti)
        ges = rng.randint(lo(GES_T, gi), hi(GES_T, gi) if gi < 6 else 160)
    else:
        ges = rng.randint(lo(GES_T, ti), hi(GES_T, ti) if ti < 6 else 160)
        ei = rng.randint(max(1, ti - 3), ti)
        ep = rng.randint(lo(EP_T, ei), hi(EP_T, ei))
    keys = ["chauffage", "eau_chaude_sanitaire", "refroidissement", "eclairage", "auxiliaires"]
    epd = _split(rng, ep, keys, [70, 18, 0.01, 3, 6])
    gesd = _split(rng, ges, keys, [78, 16, 0.01, 1, 3])
    t = rtime(rng)
    traps = []
    typ = rng.choice(["appartement", "appartement", "maison individuelle"])
    if typ == "appartement":
        bat = f"Bâtiment {rng.choice('ABCDEFG')}, Escalier {rng.choice('123BCD')}, Appartement {rng.choice('ABCDEFG')}{rng.randint(1, 40)}"
    else:
        bat = f"Lot {rng.choice('ABCDEFG')}{rng.randint(1, 12)}, lotissement Les {rng.choice(['Chênes', 'Tilleuls', 'Vignes'])}"
    traps.append("building/staircase/flat letters that look like class letters")
    heat = rng.choice([("gaz naturel", "Chaudière gaz à condensation", "ECS instantanée gaz"),
                       ("électricité", "Convecteurs électriques NF", "Ballon électrique 200 L"),
                       ("électricité", "Pompe à chaleur air/eau", "Chauffe-eau thermodynamique"),
                       ("fioul domestique", "Chaudière fioul standard", "Ballon électrique 200 L")])
    surf = round(rng.uniform(18, 160), 1)
    cost = int(ep * surf * rng.uniform(0.09, 0.13))
    p = {
        "instruction": DPE_INSTR,
        "logement": {"adresse": f"{bat}, {rng.randint(1, 180)} {rng.choice(['rue Victor Hugo', 'avenue Jean Jaurès', 'boulevard Gambetta', 'rue de la République'])}, {rng.choice(['69003 Lyon', '31000 Toulouse', '59000 Lille', '35000 Rennes', '13005 Marseille'])}",
                     "type": typ, "annee_construction": rng.randint(1890, 2018),
                     "surface_habitable_m2": surf, "etage": rng.randint(0, 8) if typ == "appartement" else 0},
        "diagnostic": {"numero_ademe": f"{rng.randint(21, 25)}{rng.randint(10, 95)}E{digits(rng, 7)}{rng.choice('ABCDEFGHJKLMNPQRSTUVWXYZ')}",
                       "date_visite": t.strftime("%Y-%m-%d"), "diagnostiqueur": fr_person(rng),
                       "certification": f"{rng.choice(['Bureau Veritas Certification', 'Qualixpert', 'ABCidia'])} n° {digits(rng, 5)}",
                       "methode": "3CL-DPE 2021"},
        "energies": sorted({heat[0], "électricité"}),
        "equipements": [heat[1], heat[2]],
        "consommation_ep_kwh_m2_an": epd,
        "emissions_kgco2_m2_an": gesd,
        "estimation_cout_annuel_eur": {"min": int(cost * 0.85), "max": int(cost * 1.15)},
    }
    traps.append("legitimately correlated cost estimate outside the rule")
    if maybe(rng, 0.35):
        p["equipements"].append(rng.choice(["Réfrigérateur classe E (nouvelle étiquette)", "Lave-linge classe B", "Ampoules LED classe F"]))
        traps.append("appliance energy-label letters unrelated to the dwelling class")
    if maybe(rng, 0.3):
        old = LET[max(0, min(6, ti + rng.choice([-1, 0, 0, 1, -2])))] if maybe(rng, 0.6) else rng.choice(LET)
        p["ancien_dpe"] = {"annee": rng.randint(2012, 2020), "methode": "ancienne méthode (facture)", "classe_energie": old}
        traps.append("historical class from the pre-2021 DPE (prior state)")
    if maybe(rng, 0.3):
        p["echelle"] = "A (logement extrêmement performant) … G (logement extrêmement peu performant) — A B C D E F G"
        traps.append("glossary/enum listing the whole label set")
    return p, traps


DPE = dict(name="dpe_energy_class", labels=DPE_LABELS, n=162, seed=2012, leaking=False, build=dpe_build, solve=dpe_solve,
           task="determine a French dwelling's DPE energy class from per-use consumption and emissions",
           derive_from=["/consommation_ep_kwh_m2_an", "/emissions_kgco2_m2_an"],
           note="The class is the worse of the energy and emissions classes computed from the summed per-use figures.", families={})

# ---------------------------------------------------------------- 13. Colourfastness grade (numeric labels)
CF_LABELS = ["1", "2", "3", "4", "5"]
CF_INSTR = (
    "Rate colour change after washing on the 1-5 grey-scale per the lab SOP (instrumental assessment). Compute "
    "CIELAB colour difference dE*ab = sqrt(dL*^2 + da*^2 + db*^2) between the original and the tested specimen. "
    "Grade 5 if dE <= 0.8; 4 if dE <= 1.7; 3 if dE <= 3.4; 2 if dE <= 6.8; 1 if dE > 6.8. Answer with the grade "
    "number only.")
CF_TH = [0.8, 1.7, 3.4, 6.8]


def cf_de(p):
    o, t = p["colorimetry"]["original"], p["colorimetry"]["tested"]
    return math.sqrt((o["L"] - t["L"]) ** 2 + (o["a"] - t["a"]) ** 2 + (o["b"] - t["b"]) ** 2)


def cf_solve(p):
    de = cf_de(p)
    for g, th in zip(["5", "4", "3", "2"], CF_TH):
        if de <= th:
            return g
    return "1"


def cf_build(rng, target):
    rngs = {"5": (0.1, 0.7), "4": (0.9, 1.6), "3": (1.8, 3.3), "2": (3.5, 6.6), "1": (7.1, 15)}
    de = rng.uniform(*rngs[target])
    v = [rng.gauss(0, 1) for _ in range(3)]
    n = math.sqrt(sum(x * x for x in v))
    d = [x / n * de for x in v]
    L0, a0, b0 = rng.uniform(18, 80), rng.uniform(-40, 45), rng.uniform(-50, 50)
    o = {"L": round(L0, 2), "a": round(a0, 2), "b": round(b0, 2)}
    t = {"L": round(L0 + d[0], 2), "a": round(a0 + d[1], 2), "b": round(b0 + d[2], 2)}
    tm = rtime(rng)
    traps = ["numbers in test conditions that look like grades (40 °C, 10 steel balls, 4 g/L, A2S)"]
    stain = ["5", "4-5", "4", "3-4", "3", "2-3"]
    idx = min(5, max(0, CF_LABELS[::-1].index(target) + rng.choice([-1, 0, 0, 1, 2])))
    staining = {f: stain[max(0, min(5, idx + rng.choice([-1, 0, 1, 0])))] for f in
                ["acetate", "cotton", "nylon", "polyester", "acrylic", "wool"]}
    traps.append("staining grades on the multifibre (same 1-5 scale, different property, correlated)")
    proc = rng.choice([("A2S", 40, 10), ("B2S", 50, 25), ("C2S", 60, 25), ("A1S", 40, 10)])
    p = {
        "instruction": CF_INSTR,
        "request": {"lab_ref": f"TR-{tm.strftime('%y')}-{digits(rng, 4)}", "client": rng.choice(["Northwind Apparel", "Tessile Ferraro", "Kappa Knitwear", "Blue Loom Denim"]),
                    "style_no": f"{alnum(rng, 2)}{digits(rng, 4)}", "colour": rng.choice(["Navy 19-3832", "Forest 19-5420", "Brick 18-1448", "Ochre 16-1144", "Black 19-4005", "Blush 13-1510"]),
                    "fabric": {"fibre": rng.choice(["100 % cotton", "95 % cotton 5 % elastane", "100 % viscose", "65/35 polyester/cotton"]),
                               "construction": rng.choice(["single jersey 180 g/m²", "twill 3/1 320 g/m²", "poplin 120 g/m²"]),
                               "dye_class": rng.choice(["reactive", "vat", "sulphur", "direct", "disperse/reactive"])}},
        "test": {"method": "ISO 105-C06:2010", "procedure": proc[0], "temperature_c": proc[1], "steel_balls": proc[2],
                 "detergent": "ECE B, 4 g/L", "duration_min": 30, "tested_on": tm.strftime("%Y-%m-%d")},
        "colorimetry": {"instrument": rng.choice(["Datacolor 650", "X-Rite Ci7800", "Konica Minolta CM-3700A"]),
                        "illuminant_observer": "D65/10°", "aperture": "LAV 30 mm", "original": o, "tested": t},
        "staining_multifibre": staining,
        "operator_notes": rng.choice(["Specimen conditioned 4 h at 20 °C / 65 % RH.", "Slight pilling after test, not assessed.",
                                      "Grey scale for staining used for the multifibre only.", "Repeat of batch 3 specimen."]),
    }
    if maybe(rng, 0.3):
        prev = CF_LABELS[max(0, min(4, CF_LABELS.index(target) + rng.choice([-1, 0, 0, 1])))] if maybe(rng, 0.6) else rng.choice(CF_LABELS)
        p["previous_lot"] = {"lot": f"L{digits(rng, 5)}", "colour_change_grade": prev, "date": (tm - dt.timedelta(days=rng.randint(30, 400))).strftime("%Y-%m-%d")}
        traps.append("previous lot's grade (prior state, correlated)")
    if maybe(rng, 0.3):
        p["sop_ref"] = {"doc": "LAB-SOP-017", "grades": {"5": "negligible change", "4": "slight", "3": "noticeable", "2": "considerable", "1": "much change"}}
        traps.append("glossary/enum listing the whole label set")
    return p, traps


CF = dict(name="colourfastness_grade", labels=CF_LABELS, n=126, seed=2013, leaking=False, build=cf_build, solve=cf_solve,
          task="rate colour change after a wash-fastness test on the 1-5 grey scale from CIELAB measurements",
          derive_from=["/colorimetry/original", "/colorimetry/tested"],
          note="The grade is the dE*ab band of the original vs tested CIELAB readings under the lab SOP.", families={})

# ---------------------------------------------------------------- 14. Pflegegrad (German labels)
PG_LABELS = ["kein Pflegegrad", "Pflegegrad 1", "Pflegegrad 2", "Pflegegrad 3", "Pflegegrad 4", "Pflegegrad 5"]
PG_INSTR = (
    "Bestimmen Sie aus dem Begutachtungsergebnis (Neues Begutachtungsassessment, § 15 SGB XI) den Pflegegrad. "
    "Gesamtpunkte = gewichtete Punkte Modul 1 + höherer Wert von Modul 2 oder Modul 3 + Modul 4 + Modul 5 + Modul 6. "
    "Unter 12,5 Punkte: 'kein Pflegegrad'; 12,5 bis unter 27: 'Pflegegrad 1'; 27 bis unter 47,5: 'Pflegegrad 2'; "
    "47,5 bis unter 70: 'Pflegegrad 3'; 70 bis unter 90: 'Pflegegrad 4'; 90 bis 100: 'Pflegegrad 5'. "
    "Antworten Sie nur mit dem Ergebnis.")
MODS = [("modul_1_mobilitaet", [0, 2.5, 5, 7.5, 10], [(0, 1), (2, 3), (4, 5), (6, 9), (10, 15)]),
        ("modul_2_kognitive_kommunikative_faehigkeiten", [0, 3.75, 7.5, 11.25, 15], [(0, 1), (2, 5), (6, 10), (11, 16), (17, 33)]),
        ("modul_3_verhaltensweisen_psychische_problemlagen", [0, 3.75, 7.5, 11.25, 15], [(0, 0), (1, 2), (3, 4), (5, 6), (7, 65)]),
        ("modul_4_selbstversorgung", [0, 10, 20, 30, 40], [(0, 2), (3, 7), (8, 18), (19, 36), (37, 54)]),
        ("modul_5_krankheitsbedingte_anforderungen", [0, 5, 10, 15, 20], [(0, 0), (1, 1), (2, 3), (4, 5), (6, 15)]),
        ("modul_6_alltagsleben_soziale_kontakte", [0, 3.75, 7.5, 11.25, 15], [(0, 0), (1, 3), (4, 6), (7, 11), (12, 18)])]
BEFUND = {
    "modul_1_mobilitaet": ["Transfer Bett-Stuhl nur mit Hilfe", "Treppensteigen nicht möglich", "Gehen mit Rollator selbständig", "Positionswechsel im Bett selbständig"],
    "modul_2_kognitive_kommunikative_faehigkeiten": ["zeitlich nicht orientiert", "erkennt Angehörige", "Erinnern an wesentliche Ereignisse eingeschränkt"],
    "modul_3_verhaltensweisen_psychische_problemlagen": ["nächtliche Unruhe mehrmals wöchentlich", "keine Abwehr pflegerischer Maßnahmen", "Ängste täglich"],
    "modul_4_selbstversorgung": ["Duschen nur mit Unterstützung", "Essen mundgerecht zubereitet", "An- und Auskleiden Oberkörper selbständig"],
    "modul_5_krankheitsbedingte_anforderungen": ["Medikamentengabe durch Pflegedienst", "Blutzuckermessung 2x täglich", "Arztbesuche in Begleitung"],
    "modul_6_alltagsleben_soziale_kontakte": ["Tagesstruktur mit Hilfe", "Kontakt zu Nachbarn selbständig", "Beschäftigung nur mit Anleitung"],
}


def pg_total(p):
    m = p["module"]
    g = lambda k: m[k]["gewichtete_punkte"]
    return (g("modul_1_mobilitaet") + max(g("modul_2_kognitive_kommunikative_faehigkeiten"), g("modul_3_verhaltensweisen_psychische_problemlagen"))
            + g("modul_4_selbstversorgung") + g("modul_5_krankheitsbedingte_anforderungen") + g("modul_6_alltagsleben_soziale_kontakte"))


def pg_solve(p):
    s = pg_total(p)
    for lab, th in zip(PG_LABELS, [12.5, 27, 47.5, 70, 90]):
        if s < th:
            return lab
    return "Pflegegrad 5"


def pg_build(rng, target):
    ti = PG_LABELS.index(target)
    base = [0.3, 0.9, 1.6, 2.3, 3.0, 3.7][ti]
    p_mod = {}
    for key, weights, raws in MODS:
        lvl = int(min(4, max(0, round(base + rng.gauss(0, 0.8)))))
        raw = rng.randint(*raws[lvl])
        p_mod[key] = {"einzelpunkte_summe": raw, "gewichtete_punkte": weights[lvl],
                      "befund": "; ".join(rng.sample(BEFUND[key], 2))}
    t = rtime(rng)
    traps = ["Pflegegrad wording in form headers and the application title"]
    art = rng.choice(["Erstantrag", "Erstantrag", "Höherstufungsantrag"])
    name = de_person(rng)
    ort = rng.choice(["Gradestraße 14, 12347 Berlin", "Lindenweg 3, 44137 Dortmund", "Am Markt 7, 04109 Leipzig",
                      "Hauptstraße 52, 79104 Freiburg", "Kirchgasse 2, 97070 Würzburg"])
    if ort.startswith("Gradestraße"):
        traps.append("label fragment in a street name (Gradestraße)")
    p = {
        "instruction": PG_INSTR,
        "antrag": {"aktenzeichen": f"PV-{digits(rng, 4)}-{digits(rng, 6)}", "titel": "Antrag auf Feststellung eines Pflegegrades",
                   "art": art, "eingang": (t - dt.timedelta(days=rng.randint(10, 25))).strftime("%d.%m.%Y"),
                   "versicherte_person": {"name": name, "geburtsjahr": rng.randint(1925, 1975), "anschrift": ort}},
        "begutachtung": {"datum": t.strftime("%d.%m.%Y"), "ort": rng.choice(["Häuslichkeit", "Pflegeheim", "Kurzzeitpflege"]),
                         "gutachter": f"{de_person(rng)}, Pflegefachkraft (MD)", "anwesend": rng.choice(["Tochter", "Ehemann", "Sohn", "Betreuerin", "niemand"])},
        "module": p_mod,
        "hilfsmittel": rng.sample(["Rollator", "Pflegebett", "Toilettenstuhl", "Hausnotruf", "Badewannenlifter", "Inkontinenzmaterial"], rng.randint(1, 3)),
        "bemerkungen": rng.choice(["Kein Treppenlift vorhanden, Wohnung im 2. OG.", "Versorgung durch Angehörige gesichert.",
                                   "Wohnumfeldverbessernde Maßnahmen empfohlen (Haltegriffe).", "Pflegedienst kommt 2x täglich."]),
    }
    if art == "Höherstufungsantrag":
        prev = PG_LABELS[max(1, min(5, ti + rng.choice([-1, -1, 0, -2])))]
        p["antrag"]["bisheriger_pflegegrad"] = prev
        traps.append("current/previous care grade of an upgrade application (prior state)")
    if maybe(rng, 0.25):
        p["historie"] = f"Bis 31.12.2016 Pflegestufe {rng.choice(['0', 'I', 'II'])} (altes Recht), übergeleitet."
        traps.append("historical mention of the pre-2017 scheme")
    if maybe(rng, 0.3):
        p["diagnosen"] = [rng.choice(["Z.n. Apoplex 2022", "Demenz vom Alzheimer-Typ", "COPD GOLD 3", "Diabetes mellitus Typ 2"]),
                          f"GdB {rng.choice([30, 50, 70, 100])}, Merkzeichen {rng.choice(['G', 'aG', 'B'])}"]
        traps.append("numbers/grades of another scheme (GdB, GOLD 3, Typ 2)")
    if maybe(rng, 0.3):
        p["schwellenwerte"] = {lab: th for lab, th in zip(PG_LABELS, ["<12,5", "12,5-<27", "27-<47,5", "47,5-<70", "70-<90", "90-100"])}
        traps.append("glossary/enum listing the whole label set")
    return p, traps


PG = dict(name="pflegegrad_nba", labels=PG_LABELS, n=132, seed=2014, leaking=False, build=pg_build, solve=pg_solve,
          task="determine the German long-term-care grade (Pflegegrad) from NBA module scores",
          derive_from=["/module"],
          note="The grade follows from the weighted module points (higher of modules 2/3) summed and banded per § 15 SGB XI.", families={})

CLEAN = [AHI, POOL, DPE, CF, PG]
