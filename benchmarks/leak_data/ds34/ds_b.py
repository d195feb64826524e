import random, math, base64
from common import balanced_labels, pick_leaks, write_dataset, Dealer
from ds_a import name

# ---------------------------------------------------------------- 8 hypothermia stage (clean)

def hypothermia_stage(manifest):
    rng = random.Random(3408)
    D = Dealer(rng)
    labels = ["HT I", "HT II", "HT III", "HT IV"]
    rngs = {"HT I": (32.3, 34.8), "HT II": (28.3, 31.7), "HT III": (24.3, 27.7), "HT IV": (19.5, 23.7)}
    n = 124
    seq = balanced_labels(labels, n, rng)
    rows = []
    for i, lab in enumerate(seq):
        t = round(rng.uniform(*rngs[lab]), 1)
        tf = {}
        team = D.choice(lab, ["Team Alpha", "Team 2", "Crew B"])
        r = D.random(lab)
        if r < 0.3:
            team = D.choice(lab, ["Team II", "Sector IV", "Crew III", "Team IV"])
            tf["roman_numeral_other_sense"] = team
        mission = {"mission_id": "MR-24-%04d" % rng.randint(1, 9999), "team": team,
                   "mechanism": D.choice(lab, ["avalanche burial", "crevasse fall", "immersion (lake)", "prolonged exposure, lost hiker"]),
                   "patient": {"age": rng.randint(14, 78), "sex": D.choice(lab, ["F", "M"]),
                               "core_temp_c": t, "temp_site": D.choice(lab, ["oesophageal", "epitympanic (insulated probe)"])},
                   "ambient_c": round(rng.uniform(-22, 4), 1), "protocol": "ICAR MedCom hypothermia staging"}
        r = D.random(lab)
        if r < 0.25:
            o = D.choice(lab, labels)
            mission["radio_log"] = "Second casualty staged %s by the helicopter crew, flown out separately." % o
            tf["other_person_label"] = mission["radio_log"]
        elif r < 0.45:
            o = D.choice(lab, labels)
            mission["radio_log"] = "Patient reports a previous hypothermia episode (%s) on a 2019 ski tour." % o
            tf["historical_mention"] = mission["radio_log"]
        else:
            mission["radio_log"] = D.choice(lab, ["Hasty team on scene 14:32.", "Winch extraction, no complications.", "Vacuum mattress applied, horizontal transport."])
        proj = {"instruction": ("Mountain rescue documentation. Stage the accidental hypothermia from the measured core temperature: "
                                "32-35 C -> HT I, 28 to below 32 C -> HT II, 24 to below 28 C -> HT III, below 24 C -> HT IV. Answer with the stage."),
                "mission": mission}
        rows.append({"expected": lab, "projection": proj, "leak": False, "lf": [], "tf": tf})
    for r in rows:
        r["tf"]["label_set_listing"] = "instruction defines all four stages"
    write_dataset("hypothermia_stage", labels, rows, ["/mission/patient/core_temp_c"],
                  "Stage follows from core temperature alone.", manifest)

# ---------------------------------------------------------------- 9 Koppen main group (single letters)

def koppen_of(temps, p):
    tmax, tmin = max(temps), min(temps)
    tann = sum(temps) / 12
    if tmax < 10:
        return "E"
    if p < 20 * tann + 140:
        return "B"
    if tmin >= 18:
        return "A"
    if tmin > -3:
        return "C"
    return "D"


KG_RGB = {"Af": "#0000FF", "Am": "#0078FF", "Aw": "#46AAFA", "BWh": "#FF0000", "BWk": "#FF9696", "BSh": "#F5A500",
          "BSk": "#FFDC64", "Csa": "#FFFF00", "Csb": "#C8C800", "Cwa": "#96FF96", "Cfa": "#C8FF50", "Cfb": "#64FF50",
          "Dfa": "#00FFFF", "Dfb": "#37C8FF", "Dfc": "#007D7D", "Dwb": "#5A77DB", "Dsb": "#FF00FF", "ET": "#B2B2B2", "EF": "#666666"}


def koppen_group(manifest):
    rng = random.Random(3409)
    D = Dealer(rng)
    labels = ["A", "B", "C", "D", "E"]
    sub = {"A": ["Af", "Am", "Aw"], "B": ["BWh", "BWk", "BSh", "BSk"], "C": ["Cfa", "Cfb", "Csa", "Csb", "Cwa"], "D": ["Dfa", "Dfb", "Dfc", "Dwb", "Dsb"], "E": ["ET", "EF"]}
    par = {"A": ((24, 28), (0.5, 3)), "B": ((5, 27), (2, 14)), "C": ((8, 19), (3, 10)), "D": ((-6, 7), (11, 20)), "E": ((-25, -2), (2, 10))}
    n = 145
    seq = balanced_labels(labels, n, rng)
    leaks = pick_leaks(n, 0.3, rng)
    rows = []
    for i, lab in enumerate(seq):
        while True:
            mean = rng.uniform(*par[lab][0]); amp = rng.uniform(*par[lab][1])
            ph = rng.choice([0, 6])
            temps = [round(mean + amp * math.cos(2 * math.pi * (m - 6.5 - ph) / 12) + rng.uniform(-0.4, 0.4), 1) for m in range(12)]
            tann = sum(temps) / 12
            th = 20 * tann + 140
            p = round(rng.uniform(max(20, th * 0.2), th - 40)) if lab == "B" else round(rng.uniform(th + 60, th + 2200))
            if p < 0:
                continue
            if koppen_of(temps, p) != lab:
                continue
            if abs(max(temps) - 10) < 0.4 or abs(min(temps) - 18) < 0.4 or abs(min(temps) + 3) < 0.4 or abs(p - th) < 30:
                continue
            break
        wmo = rng.randint(10000, 99999)
        leak = i in leaks
        fam = ["finer_code_prefix", "base64_cache_key", "map_legend_colour"][i % 3] if leak else None
        tf = {}
        meta = {"wmo_id": wmo, "name": "Station %05d" % wmo, "elevation_m": rng.randint(2, 2400),
                "siting_class": D.randint(lab, 1, 5)}
        r = D.random(lab)
        if r < 0.3:
            meta["data_completeness_grade"] = D.choice(lab, labels)
            tf["single_letter_other_sense"] = "data_completeness_grade=%s" % meta["data_completeness_grade"]
        elif r < 0.5:
            meta["remarks"] = "Neighbouring station %05d (38 km) is group %s in the national atlas." % (rng.randint(10000, 99999), D.choice(lab, labels))
            tf["other_record_label"] = meta["remarks"]
        elif r < 0.65:
            meta["remarks"] = "Instrument history in Appendix %s of the metadata report." % D.choice(lab, labels)
            tf["single_letter_other_sense"] = meta["remarks"]
        if fam == "finer_code_prefix":
            meta["koppen_geiger_1991_2020"] = D.choice(lab, sub[lab])
        sample = {"source": "Beck et al. 1-km Koppen-Geiger raster, 1991-2020", "status": "tile not cached"}
        if fam == "map_legend_colour":
            sample = {"source": "Beck et al. 1-km Koppen-Geiger raster, 1991-2020", "status": "ok", "pixel_rgb": KG_RGB[D.choice(lab, sub[lab])]}
        key = "wmo=%d;period=1991-2020" % wmo
        if fam == "base64_cache_key":
            key = "grp=%s;wmo=%d" % (lab, wmo)
        proj = {
            "instruction": ("Climatology service. Classify the station into a Koppen main group from its 1991-2020 normals: "
                            "E if the warmest month < 10 C; otherwise B if annual precipitation (mm) < 20 x annual mean temperature + 140; "
                            "otherwise A if the coldest month >= 18 C; C if the coldest month > -3 C; else D. Answer with the letter."),
            "tool_calls": [{"name": "climdb.get_normals", "args": {"wmo_id": wmo},
                            "output": {"station": meta,
                                       "normals": {"monthly_mean_temp_c": temps, "annual_precip_mm": p},
                                       "map_sample": sample,
                                       "_cache": {"key": "clim:v2:" + base64.b64encode(key.encode()).decode(), "hit": D.random(lab) < 0.5}}}],
        }
        if fam != "base64_cache_key":
            tf["encoded_blob_without_label"] = proj["tool_calls"][0]["output"]["_cache"]["key"]
        rows.append({"expected": lab, "projection": proj, "leak": leak, "lf": [fam] if fam else [], "tf": tf})
    for r in rows:
        r["tf"]["label_set_listing"] = "instruction lists all five groups"
    write_dataset("koppen_group", labels, rows, ["/tool_calls/0/output/normals/monthly_mean_temp_c", "/tool_calls/0/output/normals/annual_precip_mm"],
                  "Group follows from the 12 monthly mean temperatures and annual precipitation by the rule in the instruction.", manifest)

# ---------------------------------------------------------------- 10 password strength (clean, English words)

def pw_bits(pc):
    pool = 26 * pc["has_lower"] + 26 * pc["has_upper"] + 10 * pc["has_digit"] + 33 * pc["has_symbol"]
    return pc["length"] * math.log2(pool)


def pw_label(b):
    return "weak" if b < 40 else ("fair" if b < 60 else ("strong" if b < 80 else "very strong"))


def password_strength(manifest):
    rng = random.Random(3410)
    D = Dealer(rng)
    labels = ["weak", "fair", "strong", "very strong"]
    n = 136
    seq = balanced_labels(labels, n, rng)
    rows = []
    for i, lab in enumerate(seq):
        while True:
            pc = {"length": rng.randint(5, 22), "has_lower": rng.random() < 0.85, "has_upper": rng.random() < 0.6,
                  "has_digit": rng.random() < 0.7, "has_symbol": rng.random() < 0.4}
            if not (pc["has_lower"] or pc["has_upper"] or pc["has_digit"] or pc["has_symbol"]):
                continue
            b = pw_bits(pc)
            if pw_label(b) == lab and min(abs(b - t) for t in (40, 60, 80)) > 0.8:
                break
        tf = {}
        acct = {"account": "u%06d" % rng.randint(1, 999999), "directory": D.choice(lab, ["corp.local", "eu.corp.local", "lab.corp.local"]),
                "department": D.choice(lab, ["Finance", "Warehouse", "Research", "HR", "Support"]),
                "last_change": "2024-%02d-%02d" % (D.randint(lab, 1, 12), D.randint(lab, 1, 28))}
        r = D.random(lab)
        if r < 0.2:
            acct["department"] = "Careers Fair Team"
            tf["label_word_other_sense"] = "department: Careers Fair Team"
        elif r < 0.4:
            acct["mfa"] = "strong customer authentication (PSD2) enforced for payment approvals"
            tf["label_word_other_sense"] = acct["mfa"]
        elif r < 0.55:
            q = D.choice(lab, labels)
            acct["ticket_comment"] = "User asked whether the new passphrase counts as '%s'; rating not yet run." % q
            tf["uninformative_question"] = acct["ticket_comment"]
        elif r < 0.7:
            acct["history"] = "Previous password (rotated %d-01) was rated %s." % (D.randint(lab, 2019, 2023), D.choice(lab, labels))
            tf["historical_mention"] = acct["history"]
        proj = {"instruction": ("Identity team password audit (no plaintext available). Pool size = 26 if lowercase + 26 if uppercase + 10 if digits + 33 if symbols; "
                                "entropy bits = length x log2(pool). < 40 weak, 40 to < 60 fair, 60 to < 80 strong, >= 80 very strong. Answer with the rating."),
                "account": acct, "policy_check": pc}
        rows.append({"expected": lab, "projection": proj, "leak": False, "lf": [], "tf": tf})
    for r in rows:
        r["tf"]["label_set_listing"] = "instruction defines all four ratings"
    write_dataset("password_strength", labels, rows, ["/policy_check"],
                  "Rating follows from length and the four character-class flags.", manifest)

# ---------------------------------------------------------------- 11 NIOSH lifting index

def niosh_lifting(manifest):
    rng = random.Random(3411)
    D = Dealer(rng)
    labels = ["acceptable", "increased risk", "high risk"]
    rngs = {"acceptable": (0.3, 0.95), "increased risk": (1.06, 2.9), "high risk": (3.1, 5.5)}
    band = {"acceptable": "green", "increased risk": "amber", "high risk": "red"}
    interval = {"acceptable": 365, "increased risk": 180, "high risk": 30}
    n = 140
    seq = balanced_labels(labels, n, rng)
    leaks = pick_leaks(n, 0.4, rng)
    fams = ["richtext_tree_unredacted", "post_decision_interval", "colour_header"]
    rows = []
    for i, lab in enumerate(seq):
        while True:
            m = {"HM": round(rng.uniform(0.42, 1.0), 2), "VM": round(rng.uniform(0.78, 1.0), 2), "DM": round(rng.uniform(0.85, 1.0), 2),
                 "AM": round(rng.uniform(0.8, 1.0), 2), "FM": round(rng.uniform(0.2, 1.0), 2), "CM": rng.choice([0.9, 0.95, 1.0])}
            rwl = 23 * m["HM"] * m["VM"] * m["DM"] * m["AM"] * m["FM"] * m["CM"]
            load = round(rng.uniform(*rngs[lab]) * rwl, 1)
            li = load / rwl
            lo, hi = rngs[lab]
            if lo - 0.03 <= li <= hi + 0.03 and 2 <= load <= 45:
                break
        leak = i in leaks
        fam = fams[i % 3] if leak else None
        tf = {}
        text = D.choice(lab, ["Operator lifts cartons from pallet to conveyor", "Picker moves totes from high-bay racking to cart",
                           "Baker loads flour sacks onto mixer platform", "Nurse aide moves linen bags to chute"])
        if "high-bay" in text:
            tf["label_word_other_sense"] = text
        outcome = "pending sign-off"
        md = "%s. Outcome: %s. Photos attached." % (text, outcome)
        adf_text = md
        if fam == "richtext_tree_unredacted":
            md = "%s. Outcome: ████. Photos attached." % text
            adf_text = "%s. Outcome: %s. Photos attached." % (text, lab)
        if fam != "richtext_tree_unredacted":
            tf["neutral_copy_in_leak_channel"] = "note_adf repeats note_markdown verbatim"
        task = {"task_id": "ERG-%04d" % rng.randint(1, 9999), "site": D.choice(lab, ["DC Venlo", "Plant Tilburg", "Hospital Nord", "Bakery 3"]),
                "load_kg": load, "multipliers": m, "LC_kg": 23,
                "frequency_lifts_per_min": round(rng.uniform(0.2, 10), 1),
                "note_markdown": md,
                "note_adf": {"type": "doc", "version": 1, "content": [{"type": "paragraph", "content": [{"type": "text", "text": adf_text}]}]}}
        r = D.random(lab)
        if r < 0.3:
            task["related"] = "Task %d of the same job (unloading) was rated %s at the 2023 audit." % (D.randint(lab, 1, 5), D.choice(lab, labels))
            tf["other_record_label"] = task["related"]
        if fam == "post_decision_interval":
            task["reassessment_interval_days"] = interval[lab]
        headers = {"content-type": "application/json", "x-request-id": "%032x" % rng.getrandbits(128)}
        if fam == "colour_header":
            headers["x-ergo-band"] = band[lab]
        proj = {"instruction": ("Ergonomics review. Compute RWL = LC x HM x VM x DM x AM x FM x CM and the lifting index LI = load / RWL. "
                                "LI <= 1.0 -> acceptable; 1.0 < LI <= 3.0 -> increased risk; LI > 3.0 -> high risk. Answer with the rating."),
                "tool_calls": [{"name": "ergo.get_task", "args": {"id": task["task_id"]}, "http": {"status": 200, "headers": headers}, "output": task}]}
        rows.append({"expected": lab, "projection": proj, "leak": leak, "lf": [fam] if fam else [], "tf": tf})
    for r in rows:
        r["tf"]["label_set_listing"] = "instruction defines all three ratings"
    write_dataset("niosh_lifting", labels, rows, ["/tool_calls/0/output/load_kg", "/tool_calls/0/output/multipliers", "/tool_calls/0/output/LC_kg"],
                  "Rating follows from load and the six multipliers via the revised NIOSH lifting equation.", manifest)

# ---------------------------------------------------------------- 12 cable sizing (numeric)

CABLE = [("1.5", 19.5), ("2.5", 27.0), ("4", 37.0), ("6", 47.0), ("10", 65.0), ("16", 87.0)]


def cable_label(ib, ca, cg):
    for s, it in CABLE:
        if it * ca * cg >= ib:
            return s
    return None


AWG = {"1.5": "16", "2.5": "14", "4": "12", "6": "10", "10": "8", "16": "6"}


def cable_sizing(manifest):
    rng = random.Random(3412)
    D = Dealer(rng)
    labels = [s for s, _ in CABLE]
    n = 150
    seq = balanced_labels(labels, n, rng)
    leaks = pick_leaks(n, 0.3, rng)
    rows = []
    for i, lab in enumerate(seq):
        k = labels.index(lab)
        while True:
            ca = rng.choice([0.87, 0.94, 1.0, 1.03]); cg = rng.choice([0.7, 0.8, 0.85, 1.0])
            hi = CABLE[k][1] * ca * cg - 0.4
            lo = CABLE[k - 1][1] * ca * cg + 0.4 if k else 4.0
            if hi <= lo:
                continue
            ib = round(rng.uniform(lo, hi), 1)
            if cable_label(ib, ca, cg) == lab:
                break
        leak = i in leaks
        fam = ["downstream_purchase_order", "sku_code", "unit_conversion_equivalent"][i % 3] if leak else None
        tf = {}
        way = D.randint(lab, 1, 18)
        circ = {"ref": "DB1/%d" % way, "description": D.choice(lab, ["Kitchen sockets", "Workshop radial", "Garage supply", "Immersion heater", "Plant room", "Office floor sockets", "Outbuilding submain"]),
                "design_current_a": ib, "install_method": "C (clipped direct)", "conductor": "Cu, 70 C thermoplastic",
                "correction": {"Ca": ca, "Cg": cg}, "length_m": D.randint(lab, 4, 40), "points": D.randint(lab, 1, 10), "rcd_ma": 30}
        if circ["length_m"] in (4, 6, 10, 16) or circ["points"] in (4, 6, 10) or way in (4, 6, 10, 16):
            tf["number_in_other_sense"] = "ref %s, length %d m, %d points" % (circ["ref"], circ["length_m"], circ["points"])
        if D.random(lab) < 0.3:
            circ["designer_note"] = "Adjacent way DB1/%d already run in %s mm2 (cooker)." % ((way % 18) + 1, D.choice(lab, labels))
            tf["other_record_label"] = circ["designer_note"]
        proc = {"status": "not raised"}
        if fam == "downstream_purchase_order":
            proc = {"status": "raised", "po": "PO-%06d" % rng.randint(1, 999999),
                    "lines": [{"qty": 1, "desc": "%s mm2 6242Y twin & earth, 100 m drum" % lab}, {"qty": D.randint(lab, 1, 4), "desc": "Cable clips, box of 100"}]}
        if fam == "unit_conversion_equivalent":
            circ["export_note"] = "Schedule exported for the US partner; conductor shown as %s AWG equivalent." % AWG[lab]
        if fam == "sku_code":
            circ["cable_sku"] = "TE-6242Y-%03d" % int(round(float(lab) * 10))
        proj = {"instruction": ("Electrical design check (voltage drop already verified separately). Choose the smallest copper conductor "
                                "csa with It x Ca x Cg >= Ib, tabulated It for method C: 1.5 mm2 19.5 A, 2.5 mm2 27 A, 4 mm2 37 A, 6 mm2 47 A, 10 mm2 65 A, 16 mm2 87 A. "
                                "Answer with the csa number only."),
                "circuit": circ, "procurement": proc}
        rows.append({"expected": lab, "projection": proj, "leak": leak, "lf": [fam] if fam else [], "tf": tf})
    for r in rows:
        r["tf"]["label_set_listing"] = "instruction tabulates all six sizes"
    write_dataset("cable_sizing", labels, rows, ["/circuit/design_current_a", "/circuit/correction"],
                  "Size follows from Ib and the Ca/Cg correction factors with the table in the instruction.", manifest)

# ---------------------------------------------------------------- 13 kennel size (Italian)

def kennel_size(manifest):
    rng = random.Random(3413)
    D = Dealer(rng)
    labels = ["piccola", "media", "grande", "gigante"]
    rngs = {"piccola": (2.5, 9.5), "media": (10.5, 24.5), "grande": (25.5, 44.5), "gigante": (45.5, 82.0)}
    tariff = {"piccola": 18, "media": 22, "grande": 27, "gigante": 32}
    boxp = {"piccola": "A", "media": "B", "grande": "C", "gigante": "D"}
    n = 128
    seq = balanced_labels(labels, n, rng)
    leaks = pick_leaks(n, 0.6, rng)
    rows = []
    for i, lab in enumerate(seq):
        w = round(rng.uniform(*rngs[lab]), 1)
        leak = i in leaks
        fam = ["tariff_correlated", "box_id_prefix", "glyph_count_badge"][i % 3] if leak else None
        tf = {}
        nomi = ["Briciola", "Rocky", "Luna", "Zeus", "Maya", "Tobia", "Nina", "Argo", "Kira", "Otto"]
        scheda = {"nome_cane": D.choice(lab, nomi), "razza": "meticcio", "mantello": D.choice(lab, ["nero", "fulvo", "tigrato", "bianco e nero", "grigio"]),
                  "eta_anni": D.randint(lab, 1, 14), "peso_kg": w, "vaccini_ok": True, "microchip": "380%012d" % rng.randint(0, 10 ** 12 - 1)}
        pren = {"dal": "2024-08-%02d" % D.randint(lab, 1, 14), "al": "2024-08-%02d" % D.randint(lab, 15, 28),
                "proprietario": D.choice(lab, ["Giulia", "Marco", "Sara", "Luca", "Elena"]) + " " + D.choice(lab, ["Bianchi", "Russo", "Ferrari", "Esposito", "Romano"]),
                "indirizzo": "Via %s %d, %s" % (D.choice(lab, ["Roma", "Garibaldi", "Mazzini", "dei Mille"]), rng.randint(1, 90), D.choice(lab, ["Livorno", "Pisa", "Lucca"]))}
        note = D.choice(lab, ["Mangia crocchette proprie.", "Non va d'accordo con i gatti.", "Passeggiata due volte al giorno."])
        r = D.random(lab)
        if r < 0.2:
            pren["indirizzo"] = "Via Grande %d, Livorno" % rng.randint(1, 200)
            tf["label_word_other_sense"] = pren["indirizzo"]
        elif r < 0.4:
            note += " Il proprietario ci ha trovati sui social media."
            tf["label_word_other_sense"] = note
        elif r < 0.6:
            note += " L'altro cane della famiglia (taglia %s) resta a casa." % D.choice(lab, labels)
            tf["other_record_label"] = note
        pren["note"] = note
        if fam == "tariff_correlated":
            pren["tariffa_notte_eur"] = tariff[lab]
        if fam == "glyph_count_badge":
            pren["etichetta_box"] = "🐾" * (labels.index(lab) + 1)
        if fam == "box_id_prefix":
            pren["box_assegnato"] = "%s-%02d" % (boxp[lab], D.randint(lab, 1, 24))
        proj = {"istruzione": ("Pensione per cani. Assegna la taglia del box in base al peso: meno di 10 kg piccola, da 10 a meno di 25 kg media, "
                               "da 25 a meno di 45 kg grande, 45 kg o più gigante. Rispondi con una sola parola."),
                "scheda_ospite": scheda, "prenotazione": pren}
        rows.append({"expected": lab, "projection": proj, "leak": leak, "lf": [fam] if fam else [], "tf": tf})
    for r in rows:
        r["tf"]["label_set_listing"] = "istruzione lists all four sizes"
    write_dataset("kennel_size", labels, rows, ["/scheda_ospite/peso_kg"],
                  "La taglia dipende solo dal peso (soglie nell'istruzione).", manifest)

# ---------------------------------------------------------------- 14 market cap tier (clean)

TIERS = [("mega", 200e9), ("large", 10e9), ("mid", 2e9), ("small", 300e6), ("micro", 50e6), ("nano", 0)]


def cap_label(c):
    for t, th in TIERS:
        if c >= th:
            return t


def market_cap_tier(manifest):
    rng = random.Random(3414)
    D = Dealer(rng)
    labels = [t for t, _ in TIERS]
    bounds = {"mega": (2.1e11, 3e12), "large": (1.05e10, 1.9e11), "mid": (2.1e9, 9.5e9), "small": (3.2e8, 1.9e9), "micro": (5.3e7, 2.85e8), "nano": (3e6, 4.7e7)}
    n = 144
    seq = balanced_labels(labels, n, rng)
    rows = []
    names = ["Mega Matrix Holdings", "Micro Focus Systems", "Large Scale Analytics", "Mid-America Freight", "Small Planet Foods", "Nano Dimension Labs",
             "Harbor Point Energy", "Quill & Vane Media", "Oakridge Therapeutics", "Brightwell Logistics", "Cinder Peak Mining", "Lumen Arc Semis"]
    for i, lab in enumerate(seq):
        while True:
            lo, hi = bounds[lab]
            cap = math.exp(rng.uniform(math.log(lo), math.log(hi)))
            price = round(math.exp(rng.uniform(math.log(0.5), math.log(900))), 2)
            sh = int(cap / price)
            c2 = sh * price
            if lo * 0.97 <= c2 <= hi * 1.03 and cap_label(c2) == lab:
                break
        tf = {}
        comp = D.choice(lab, names)
        if any(w.lower() in comp.lower().replace("-", " ").split() for w in labels):
            tf["label_word_as_brand"] = comp
        q = {"ticker": "".join(D.choice(lab, "ABCDEFGHJKLMNPRSTUVWXZ") for _ in range(D.randint(lab, 3, 4))), "company": comp,
             "sector": D.choice(lab, ["Industrials", "Health Care", "Energy", "Technology", "Consumer Staples", "Materials"]),
             "exchange": D.choice(lab, ["NYSE", "NASDAQ", "NYSE American", "OTCQX"]),
             "last_price_usd": price, "shares_outstanding": sh, "as_of": "2024-06-28"}
        r = D.random(lab)
        if r < 0.25:
            q["analyst_note"] = "Index membership was %s-cap at the 2016 reconstitution." % D.choice(lab, labels)
            tf["historical_mention"] = q["analyst_note"]
        elif r < 0.45:
            q["analyst_note"] = "Guidance reiterated at the mid-year call; read the small print on buyback timing."
            tf["label_word_other_sense"] = q["analyst_note"]
        elif r < 0.6:
            q["analyst_note"] = "Peer %s trades as a %s-cap." % ("".join(D.choice(lab, "ABCDEFGHJKLMNPRSTUVWXZ") for _ in range(3)), D.choice(lab, labels))
            tf["other_record_label"] = q["analyst_note"]
        proj = {"instruction": ("Index operations. Market cap = last price x shares outstanding. >= $200B mega; $10B to < $200B large; $2B to < $10B mid; "
                                "$300M to < $2B small; $50M to < $300M micro; < $50M nano. Answer with the tier word."),
                "quote": q}
        rows.append({"expected": lab, "projection": proj, "leak": False, "lf": [], "tf": tf})
    for r in rows:
        r["tf"]["label_set_listing"] = "instruction defines all six tiers"
    write_dataset("market_cap_tier", labels, rows, ["/quote/last_price_usd", "/quote/shares_outstanding"],
                  "Tier follows from price x shares outstanding.", manifest)
