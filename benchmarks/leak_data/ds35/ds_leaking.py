"""The 9 leaking datasets of ds35."""
import base64
import datetime
import json

import rules

LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


def desig(rng):
    y = rng.randint(1998, 2025)
    return "%d %s%s%d" % (y, rng.choice(LETTERS), rng.choice(LETTERS), rng.randint(1, 199))


# ====================================================================== neo_orbit
NEO_LABELS = ["Atira", "Aten", "Apollo", "Amor"]
NEO_MPC_CODE = {"Atira": 1, "Aten": 2, "Apollo": 3, "Amor": 4}


def neo_make(rng, i):
    cls = rng.choice(NEO_LABELS)
    if cls == "Atira":
        a = rng.uniform(0.55, 0.9); e = rng.uniform(0.02, 0.983 / a - 1 - 0.01)
    elif cls == "Aten":
        a = rng.uniform(0.62, 0.99); e = rng.uniform(0.983 / a - 1 + 0.01, 0.85)
    elif cls == "Apollo":
        a = rng.uniform(1.02, 3.2); e = rng.uniform(max(0.02, 1 - 1.017 / a + 0.01), 0.92)
    else:
        a = rng.uniform(1.15, 3.4); q = rng.uniform(1.025, 1.29); e = 1 - q / a
    d = desig(rng)
    packed = d.replace(" ", "")
    traps = [("label_set_listing", "Atira: Q < 0.983 AU. Aten: a < 1.0 AU ... Amor: a >= 1.0 AU and 1.017 <= q < 1.3 AU")]
    flags = rng.choice([0x0000, 0x0800, 0x2000, 0x2800])  # 1-opposition / critical-list bits only
    out = {
        "object": {"designation": d, "orbit_id": "JPL %d" % rng.randint(3, 140), "kind": "an"},
        "elements": {"epoch_jd": "2460%03d.5" % rng.randint(200, 999), "a": "%.5f" % a, "e": "%.5f" % e,
                     "i": "%.4f" % rng.uniform(0.5, 40), "om": "%.4f" % rng.uniform(0, 360),
                     "w": "%.4f" % rng.uniform(0, 360), "ma": "%.4f" % rng.uniform(0, 360)},
        "phys_par": {"H": round(rng.uniform(17.5, 27.5), 1), "albedo": None},
        "obs": {"n_obs_used": rng.randint(12, 900), "data_arc_days": rng.randint(2, 9000),
                "condition_code": str(rng.randint(0, 9))},
        "mpc_flags_word": "0x%04X" % flags,
        "orbit_class": None,
        "links": {"orbit_viewer": "https://ssd.example.org/tools/orbit_viewer.html?sstr=%s" % packed},
    }
    traps.append(("empty_target_field", "\"orbit_class\": null"))
    proj = {
        "instruction": ("You are triaging newly linked near-Earth objects. Use the orbital elements returned by the "
                        "lookup tool. Compute q = a(1-e) and Q = a(1+e). Atira: Q < 0.983 AU. Aten: a < 1.0 AU and "
                        "Q >= 0.983 AU. Apollo: a >= 1.0 AU and q < 1.017 AU. Amor: a >= 1.0 AU and "
                        "1.017 <= q < 1.3 AU. Reply with exactly one of Atira, Aten, Apollo, Amor."),
        "tool_calls": [{"tool": "sbdb.lookup", "args": {"sstr": d, "full_prec": True}, "output": out}],
    }
    r = rng.random()
    if r < 0.35:
        other = rng.choice(NEO_LABELS)
        proj["queue_context"] = "Previous item in queue: %s (closed as %s by duty astronomer)." % (desig(rng), other)
        traps.append(("other_record_label", proj["queue_context"]))
    elif r < 0.55:
        site = rng.choice(["Amor Street remote observatory (MPC code X%02d)" % rng.randint(10, 99),
                           "Apollo Heights Astronomy Club, Tasmania", "Aten Ridge Observatory"])
        proj["queue_context"] = "Follow-up astrometry submitted by %s." % site
        traps.append(("proper_name", site))
    elif r < 0.7:
        other = rng.choice(NEO_LABELS)
        proj["queue_context"] = ("Note: this object is NOT the %s-group object flagged in yesterday's MPEC; "
                                 "designations differ." % other)
        traps.append(("negation", proj["queue_context"]))
    return proj, traps


def neo_leak(proj, label, fam, rng):
    out = proj["tool_calls"][0]["output"]
    if fam == "packed_flag_bits":
        cur = int(out["mpc_flags_word"], 16)
        out["mpc_flags_word"] = "0x%04X" % (cur | NEO_MPC_CODE[label])
    elif fam == "url_path_segment":
        s = out["links"]["orbit_viewer"].split("sstr=")[1]
        out["links"]["orbit_viewer"] = "https://ssd.example.org/neo/%s/orbit_viewer.html?sstr=%s" % (label.lower(), s)


NEO = dict(
    name="neo_orbit", n=150, labels=NEO_LABELS, leak_rate=0.4, make=neo_make, apply_leak=neo_leak,
    leak_families=["packed_flag_bits", "url_path_segment"],
    derive_from=["/tool_calls/0/output/elements/a", "/tool_calls/0/output/elements/e"],
    note="Orbit group follows from semi-major axis a and eccentricity e via q and Q thresholds stated in the instruction.",
    task="Near-Earth-object triage: classify orbit group (Atira/Aten/Apollo/Amor) from osculating elements returned by an SBDB-style lookup tool.",
    family_desc={"packed_flag_bits": "MPC-style orbit-type code (1..4) packed into the low bits of the hex flags word of the tool output",
                 "url_path_segment": "orbit-viewer link whose URL path carries the group name"},
)


# ====================================================================== anemia_oms (French labels)
AN_LABELS = ["absente", "légère", "modérée", "sévère"]
AN_EN = {"absente": "no anaemia", "légère": "mild anaemia", "modérée": "moderate anaemia", "sévère": "severe anaemia"}
AN_SUIVI = {"absente": "pas de suivi spécifique", "légère": "contrôle NFS à 3 mois",
            "modérée": "fer injectable (carboxymaltose) programmé en HDJ", "sévère": "transfusion de 2 CGR programmée"}


def an_thresholds(months, sexe, preg):
    if months < 60:
        return (110, 100, 70)
    if months < 144:
        return (115, 110, 80)
    if months < 180:
        return (120, 110, 80)
    if sexe == "F" and preg:
        return (110, 100, 70)
    if sexe == "F":
        return (120, 110, 80)
    return (130, 110, 80)


def an_make(rng, i):
    grp = rng.choice(["child", "school", "teen", "woman", "pregnant", "man", "woman", "man"])
    preg = False
    if grp == "child":
        age = {"valeur": rng.randint(6, 59), "unite": "mois"}; sexe = rng.choice("FM")
    elif grp == "school":
        age = {"valeur": rng.randint(5, 11), "unite": "ans"}; sexe = rng.choice("FM")
    elif grp == "teen":
        age = {"valeur": rng.randint(12, 14), "unite": "ans"}; sexe = rng.choice("FM")
    elif grp in ("woman", "pregnant"):
        age = {"valeur": rng.randint(18, 44) if grp == "pregnant" else rng.randint(15, 88), "unite": "ans"}
        sexe = "F"; preg = grp == "pregnant"
    else:
        age = {"valeur": rng.randint(15, 90), "unite": "ans"}; sexe = "M"
    months = age["valeur"] * (12 if age["unite"] == "ans" else 1)
    t = an_thresholds(months, sexe, preg)
    target = rng.choice(AN_LABELS)
    lo, hi = {"absente": (t[0], t[0] + 35), "légère": (t[1], t[0] - 1), "modérée": (t[2], t[1] - 1),
              "sévère": (max(40, t[2] - 25), t[2] - 1)}[target]
    val = rng.randint(lo, hi)
    if rng.random() < 0.5:
        hb = {"valeur": ("%.1f" % (val / 10)).replace(".", ","), "unite": "g/dL"}
    else:
        hb = {"valeur": val, "unite": "g/L"}
    traps = [("label_set_listing", "Répondre par : absente, légère, modérée ou sévère.")]
    antecedents = []
    r = rng.random()
    if r < 0.3:
        w = rng.choice(["HTA légère sous amlodipine", "asthme modéré persistant", "BPCO sévère (GOLD 3)",
                        "insuffisance rénale modérée", "scoliose légère"])
        antecedents.append(w); traps.append(("word_other_sense", w))
    elif r < 0.5:
        h = "Bilan %d : anémie %s (autre contexte clinique)" % (rng.randint(2014, 2022), rng.choice(["légère", "modérée", "sévère"]))
        antecedents.append(h); traps.append(("historical_mention", h))
    elif r < 0.65:
        antecedents.append("Pas de transfusion antérieure."); traps.append(("negation", "Pas de transfusion antérieure."))
    if rng.random() < 0.5:
        antecedents.append(rng.choice(["appendicectomie 2009", "diabète de type 2", "hypothyroïdie substituée", "RAS"]))
    proj = {
        "consigne": ("Classer la sévérité de l'anémie selon les seuils OMS d'hémoglobine adaptés à l'âge, au sexe et "
                     "à la grossesse. Répondre par : absente, légère, modérée ou sévère."),
        "dossier": {
            "patient": {"ipp": "%09d" % rng.randint(1, 999999999), "sexe": sexe, "age": age, "grossesse": preg},
            "biologie": {
                "date_prelevement": "2025-%02d-%02dT%02d:%02d" % (rng.randint(1, 12), rng.randint(1, 28), rng.randint(6, 20), rng.randint(0, 59)),
                "hemoglobine": hb,
                "leucocytes_G_L": round(rng.uniform(3.5, 11.5), 1),
                "plaquettes_G_L": rng.randint(150, 420),
                "creatinine_umol_L": rng.randint(45, 120)},
            "antecedents": antecedents,
            "compte_rendu": "Prélèvement reçu au laboratoire, analyse sur automate Sysmex XN. "
                            "Interpretation (ref. lab, EN): specimen integrity acceptable.",
            "suivi": {"conduite_a_tenir": "en attente de validation biologique", "medecin": "Dr %s" % rng.choice(
                ["Martin", "Bernard", "Dubois", "Lefèvre", "Moreau", "Garnier"])},
        },
    }
    return proj, traps


def an_leak(proj, label, fam, rng):
    d = proj["dossier"]
    if fam == "other_language_mention":
        d["compte_rendu"] = d["compte_rendu"].replace("specimen integrity acceptable", AN_EN[label] + " per WHO criteria")
    elif fam == "downstream_action":
        d["suivi"]["conduite_a_tenir"] = AN_SUIVI[label]


ANEMIA = dict(
    name="anemia_oms", n=160, labels=AN_LABELS, leak_rate=0.45, make=an_make, apply_leak=an_leak,
    leak_families=["other_language_mention", "downstream_action"],
    derive_from=["/dossier/patient/sexe", "/dossier/patient/age", "/dossier/patient/grossesse",
                 "/dossier/biologie/hemoglobine"],
    note="Sévérité OMS à partir de l'hémoglobine (g/L ou g/dL, virgule décimale), de l'âge, du sexe et de la grossesse.",
    task="French hospital lab: WHO anaemia severity (labels in French) from haemoglobin, age, sex, pregnancy.",
    family_desc={"other_language_mention": "English interpretation line from the reference lab stating the severity (label translated)",
                 "downstream_action": "follow-up plan ordered after the grading (transfusion / IV iron / 3-month control) that maps 1:1 to severity"},
)


# ====================================================================== gas_mark (numeric labels)
GM_LABELS = ["3", "4", "5", "6", "7", "8"]
NUMWORD = {"3": "three", "4": "four", "5": "five", "6": "six", "7": "seven", "8": "eight"}
DISHES = ["Lemon drizzle cake", "Shepherd's pie", "Toad in the hole", "Roast chicken thighs", "Flapjacks",
          "Cornish pasties", "Victoria sponge", "Sausage rolls", "Bread and butter pudding", "Roast potatoes",
          "Fish pie", "Sourdough focaccia", "Cheese scones", "Lasagne", "Yorkshire puddings", "Beef Wellington"]


def gm_make(rng, i):
    lab = rng.choice(GM_LABELS)
    c = rules.GAS[lab] + rng.randint(-2, 2)
    fan = rng.random() < 0.4
    if fan:
        c -= 20
    if rng.random() < 0.45:
        temp = int(round((c * 9 / 5 + 32) / 5.0) * 5); unit = "F"
    else:
        temp = c; unit = "C"
    dish = rng.choice(DISHES)
    traps = [("label_set_listing", "Gas mark 3 = 170°C, 4 = 180°C, 5 = 190°C, 6 = 200°C, 7 = 220°C, 8 = 230°C")]
    serves = rng.randint(2, 8); mins = rng.choice([12, 15, 20, 25, 30, 35, 40, 45, 50, 60])
    rest = rng.randint(3, 8)
    traps.append(("numeric_coincidence", "Serves %d; rest for %d minutes" % (serves, rest)))
    author = rng.choice(["Mark Hollis", "Priya Shah", "Tom Kerridge-style", "Marksbury WI", "Joan Fitt", "Anna Mark"])
    if "Mark" in author:
        traps.append(("proper_name", author))
    method = ("<ol><li>Preheat the oven (see oven settings).</li><li>Prepare the tin and ingredients.</li>"
              "<li>Bake for %d minutes until done.</li><li>Rest for %d minutes before serving.</li></ol>" % (mins, rest))
    proj = {
        "task": ("Our UK cookbook edition prints gas marks only. Convert the oven setting of this imported recipe "
                 "to a gas mark. Fan ovens run 20°C hotter than conventional, so add 20°C for a fan setting before "
                 "converting. Use the nearest of: gas mark 3 = 170°C, 4 = 180°C, 5 = 190°C, 6 = 200°C, 7 = 220°C, "
                 "8 = 230°C. Answer with the number only."),
        "recipe": {
            "title": dish, "author": author, "serves": serves,
            "source_url": "https://recipes.example.com/r/%d" % rng.randint(10000, 99999),
            "oven": {"temperature": temp, "unit": unit, "fan": fan},
            "card_html": '<div class="recipe-card">%s</div>' % dish,
            "method_html": method,
        },
    }
    return proj, traps


def gm_leak(proj, label, fam, rng):
    r = proj["recipe"]
    if fam == "number_word":
        r["method_html"] = r["method_html"].replace("Preheat the oven (see oven settings).",
                                                    "Preheat the oven to gas mark %s." % NUMWORD[label])
    elif fam == "css_class":
        r["card_html"] = r["card_html"].replace('class="recipe-card"', 'class="recipe-card oven-gm-%s"' % label)


GASMARK = dict(
    name="gas_mark", n=150, labels=GM_LABELS, leak_rate=0.35, make=gm_make, apply_leak=gm_leak,
    leak_families=["number_word", "css_class"],
    derive_from=["/recipe/oven/temperature", "/recipe/oven/unit", "/recipe/oven/fan"],
    note="Gas mark from oven temperature, unit (C/F) and fan flag, nearest of the table in the instruction.",
    task="Cookbook localisation: convert an imported recipe's oven temperature (C/F, fan or conventional) to a UK gas mark 3-8.",
    family_desc={"number_word": "method text states the gas mark as an English number word",
                 "css_class": "recipe card markup carries a CSS class with the gas mark"},
)


# ====================================================================== traffic_los
LOS = ["A", "B", "C", "D", "E", "F"]
LOS_COLOR = {"A": "#1a9850", "B": "#91cf60", "C": "#d9ef8b", "D": "#fee08b", "E": "#fc8d59", "F": "#d73027"}
STREETS = ["Main St", "Oak Ave", "SR 41", "Harbor Blvd", "5th St", "Mill Rd", "Elm Dr", "Route 9", "Broadway",
           "Kings Hwy", "Lincoln Ave", "Pine St", "College Rd", "Airport Way"]


def los_make(rng, i):
    ctl = rng.choice(["signalized", "signalized", "TWSC", "AWSC"])
    th = [10, 20, 35, 55, 80] if ctl == "signalized" else [10, 15, 25, 35, 50]
    lab = rng.choice(LOS)
    lo = 0 if lab == "A" else th["ABCDEF".index(lab) - 1]
    hi = th["ABCDEF".index(lab)] if lab != "F" else th[-1] + 60
    delay = round(rng.uniform(lo + 0.2 if lo else 3.0, hi - 0.1), 1)
    vc = round(rng.uniform(0.25, 0.98), 2)
    if lab == "F" and rng.random() < 0.3:
        vc = round(rng.uniform(1.01, 1.2), 2); delay = round(rng.uniform(th[2], th[-1] + 40), 1)
    a, b = rng.sample(STREETS, 2)
    node = "INT-%03d" % rng.randint(1, 400)
    run = "VIS-%06d" % rng.randint(1, 999999)
    traps = [("label_set_listing", "LOS thresholds (HCM 6th ed., Exhibit 19-8 / 20-2): A..F")]
    proj = {
        "instruction": ("Determine the peak-hour Level of Service (A-F) for this intersection from the HCM "
                        "analysis results. Signalized control delay thresholds (s/veh): A <=10, B <=20, C <=35, "
                        "D <=55, E <=80, F >80. Unsignalized (TWSC/AWSC, worst movement): A <=10, B <=15, C <=25, "
                        "D <=35, E <=50, F >50. Any v/c ratio above 1.0 is LOS F. Answer with a single letter."),
        "study": {
            "project": "TIA %s mixed-use development" % rng.choice(["Riverside", "Northgate", "Cedar Park", "Westfield"]),
            "intersection": {"id": node, "name": "%s & %s" % (a, b), "control_type": ctl,
                             "approach_analysed": rng.choice(["NB", "SB", "EB", "WB"])},
            "scenario": "Scenario %s (%s)" % (rng.choice("ABC"), rng.choice(["existing", "background", "build-out"])),
            "peak": rng.choice(["AM", "PM"]),
            "results": {"control_delay_s": delay, "v_c_ratio": vc, "queue_95th_ft": rng.randint(25, 600)},
            "mitigation_required": "TBD",
            "map_layer": {"layer": "los_peak", "symbol": {"fill": "#9e9e9e", "stroke": "#424242"}},
            "sim_cache": base64.b64encode(json.dumps({"run": run, "node": node, "seed": rng.randint(1, 99)},
                                                     separators=(",", ":")).encode()).decode(),
        },
    }
    traps.append(("token_substring", proj["study"]["scenario"]))
    r = rng.random()
    if r < 0.35:
        h = {"year": rng.randint(2012, 2019), "los": rng.choice(LOS), "note": "pre-signal-retiming count, not comparable"}
        proj["study"]["prior_study"] = h; traps.append(("historical_mention", json.dumps(h)))
    elif r < 0.65:
        oth = [{"id": "INT-%03d" % rng.randint(1, 400), "los": rng.choice(LOS)} for _ in range(3)]
        proj["study"]["corridor_neighbours"] = oth; traps.append(("other_record_label", json.dumps(oth[0])))
    return proj, traps


def los_leak(proj, label, fam, rng):
    s = proj["study"]
    if fam == "colour_code":
        s["map_layer"]["symbol"]["fill"] = LOS_COLOR[label]
    elif fam == "base64_blob":
        d = json.loads(base64.b64decode(s["sim_cache"]))
        d["los"] = label
        s["sim_cache"] = base64.b64encode(json.dumps(d, separators=(",", ":")).encode()).decode()
    elif fam == "threshold_flag":
        s["mitigation_required"] = label in ("E", "F")


TRAFFIC = dict(
    name="traffic_los", n=150, labels=LOS, leak_rate=0.4, make=los_make, apply_leak=los_leak,
    leak_families=["colour_code", "base64_blob", "threshold_flag"],
    derive_from=["/study/intersection/control_type", "/study/results/control_delay_s", "/study/results/v_c_ratio"],
    note="HCM LOS from control type, control delay and v/c ratio per the thresholds in the instruction.",
    task="Traffic impact study: intersection Level of Service A-F from HCM control delay, control type and v/c.",
    family_desc={"colour_code": "GIS layer fill colour uses the standard green-to-red LOS palette (one colour per LOS)",
                 "base64_blob": "base64-encoded simulation cache blob whose JSON contains the LOS",
                 "threshold_flag": "boolean mitigation_required set after grading (true iff LOS E/F under agency standard D); partial predictor"},
)


# ====================================================================== lens_class (multi-word)
LENS_LABELS = ["ultra wide", "wide", "normal", "short telephoto", "telephoto"]
LENS_CODE = {"ultra wide": "UW", "wide": "WA", "normal": "NR", "short telephoto": "STP", "telephoto": "TP"}
FOCALS = [8, 10, 12, 14, 15, 16, 17, 18, 20, 21, 23, 24, 25, 27, 28, 30, 33, 35, 40, 45, 50, 55, 56, 58, 60,
          75, 85, 90, 100, 105, 135, 150, 180, 200, 300, 400]
BRANDS = ["Sigma", "Tamron", "Samyang", "Viltrox", "Voigtländer", "Zeiss", "Laowa", "TTArtisan", "Sony", "Fujifilm",
          "Olympus", "Panasonic", "Canon", "Nikon"]


def lens_make(rng, i):
    fmt = rng.choice(list(rules.CROP))
    f = rng.choice(FOCALS)
    mount = {"full frame": rng.choice(["Sony E", "Nikon Z", "Canon RF", "L-Mount"]), "APS-C": rng.choice(["Fujifilm X", "Sony E", "Nikon Z"]),
             "APS-C (Canon)": "Canon EF-M", "Micro Four Thirds": "MFT"}[fmt]
    ap = rng.choice(["1.2", "1.4", "1.7", "1.8", "2", "2.8", "4"])
    sku_num = rng.randint(10000, 99999)
    traps = [("label_set_listing", "classes: ultra wide (<24mm eq.), wide (24-39), normal (40-69), short telephoto (70-134), telephoto (>=135)")]
    notes = []
    r = rng.random()
    if r < 0.3:
        n = rng.choice(["Wide aperture, great bokeh.", "Normal signs of use on the barrel, glass is clean.",
                        "Ultra sharp even wide open."])
        notes.append(n); traps.append(("word_other_sense", n))
    elif r < 0.55:
        n = "Also selling a %s zoom in my other listings." % rng.choice(["telephoto", "wide", "ultra wide", "normal"])
        notes.append(n); traps.append(("other_record_label", n))
    elif r < 0.7:
        n = "Not a %s adapter lens - native mount, autofocus works." % rng.choice(["telephoto", "wide"])
        notes.append(n); traps.append(("negation", n))
    notes.append(rng.choice(["Comes with both caps and hood.", "No box.", "Original box and receipt.", "Filter thread 52mm."]))
    proj = {
        "instruction": ("Classify this used prime lens for the marketplace's field-of-view facet. Use the 35mm-"
                        "equivalent focal length (focal length x crop factor: full frame 1.0, APS-C 1.5, APS-C (Canon) "
                        "1.6, Micro Four Thirds 2.0). Classes: ultra wide (<24mm eq.), wide (24-39), normal (40-69), "
                        "short telephoto (70-134), telephoto (>=135). Reply with the class name."),
        "listing": {
            "sku": "LN-%d-%s" % (sku_num, rng.choice("KQRX")),
            "title": "%s prime lens f/%s - used" % (rng.choice(BRANDS), ap),
            "specs": {"focal_length_mm": f, "max_aperture": "f/%s" % ap, "mount": mount, "sensor_format": fmt,
                      "weight_g": rng.randint(120, 1400)},
            "condition": rng.choice(["like new", "excellent", "good", "fair"]),
            "price_gbp": rng.randint(60, 1600),
            "seller_notes": " ".join(notes),
            "search_meta": {"cache_key": "facet:cond=%s|p=%d" % (rng.choice(["used", "used_like_new"]), rng.randint(1, 9)),
                            "indexed_at": "2025-%02d-%02dT%02d:00:00Z" % (rng.randint(1, 12), rng.randint(1, 28), rng.randint(0, 23))},
        },
    }
    return proj, traps


def lens_leak(proj, label, fam, rng):
    L = proj["listing"]
    if fam == "sku_abbreviation":
        num, suf = L["sku"].split("-")[1:]
        L["sku"] = "LN-%s-%s-%s" % (LENS_CODE[label], num, suf)
    elif fam == "cache_key":
        L["search_meta"]["cache_key"] = L["search_meta"]["cache_key"].replace(
            "facet:", "facet:fov=%s|" % label.replace(" ", "_"))


LENS = dict(
    name="lens_class", n=140, labels=LENS_LABELS, leak_rate=0.5, make=lens_make, apply_leak=lens_leak,
    leak_families=["sku_abbreviation", "cache_key"],
    derive_from=["/listing/specs/focal_length_mm", "/listing/specs/sensor_format", "/listing/specs/mount"],
    note="Field-of-view class from focal length times the crop factor of the sensor format.",
    task="Camera marketplace: field-of-view class of a used prime lens (multi-word labels) from focal length and sensor format.",
    family_desc={"sku_abbreviation": "SKU carries a class abbreviation segment (UW/WA/NR/STP/TP) assigned by the catalogue team",
                 "cache_key": "search-index cache key includes the fov facet value"},
)


# ====================================================================== uk_number_type (ordinary words)
UK_LABELS = ["geographic", "mobile", "freephone", "premium", "nongeographic"]
UK_BAND = {"geographic": "UK_GEO", "mobile": "UK_MOB", "freephone": "UK_FREE", "premium": "UK_PRS", "nongeographic": "UK_NGN"}


def uk_num(rng, lab):
    x = rng.randint(0, 999)
    intl = rng.random() < 0.4
    if lab == "geographic":
        n = rng.choice(["020 7946 0%03d", "0113 496 0%03d", "0161 496 0%03d", "0117 496 0%03d", "029 2018 0%03d"]) % x
    elif lab == "mobile":
        n = "07700 900%03d" % x
    elif lab == "freephone":
        n = "0808 157 0%03d" % x
    elif lab == "premium":
        n = "0909 879 0%03d" % x
    else:
        n = "0306 999 0%03d" % x
    if intl:
        n = "+44 " + n[1:]
    return n


def uk_make(rng, i):
    lab = rng.choice(UK_LABELS)
    phone = uk_num(rng, lab)
    traps = [("label_set_listing", "geographic (01/02), mobile (07), freephone (0800/0808), premium (09), nongeographic (03)")]
    tier = rng.choice(["standard", "standard", "premium", "business"])
    if tier == "premium":
        traps.append(("word_other_sense", "\"customer_tier\": \"premium\""))
    ch = rng.choice(["email", "mobile app push", "post", "sms"])
    if ch == "mobile app push":
        traps.append(("word_other_sense", "\"preferred_channel\": \"mobile app push\""))
    note = rng.choice(["Asked to be called after 5pm.", "Moved house in March.", "Prefers Welsh-language correspondence.", ""])
    r = rng.random()
    if r < 0.3:
        note = "Customer asks whether this counts as a %s number for the call-back budget." % rng.choice(UK_LABELS)
        traps.append(("hypothetical_question", note))
    elif r < 0.5:
        note = "Old number on file until %d was a %s line (since replaced)." % (rng.randint(2015, 2023), rng.choice(UK_LABELS))
        traps.append(("historical_mention", note))
    proj = {
        "instruction": ("Classify the contact's phone number for the outbound dialler. UK number types by national "
                        "prefix (after converting +44 to 0): geographic (01/02), mobile (07), freephone (0800/0808), "
                        "premium (09), nongeographic (03). Answer with the type word."),
        "crm_contact": {"contact_id": "C-%07d" % rng.randint(1, 9999999), "name": rng.choice(
            ["J. Evans", "S. Patel", "M. O'Brien", "K. Nowak", "A. Hughes", "R. Campbell", "L. Okafor"]),
            "phone": phone, "customer_tier": tier, "preferred_channel": ch, "notes": note},
        "billing_estimate": {"rate_band": "UNRATED", "currency": "GBP"},
        "enrichment_log": "2025-%02d-%02dT%02d:%02d:11Z INFO numclass v1.4 contact=%s skipped (quota exceeded)" % (
            rng.randint(1, 12), rng.randint(1, 28), rng.randint(0, 23), rng.randint(0, 59), "C-%05d" % rng.randint(1, 99999)),
    }
    return proj, traps


def uk_leak(proj, label, fam, rng):
    if fam == "tariff_band_code":
        proj["billing_estimate"]["rate_band"] = UK_BAND[label]
    elif fam == "upstream_log_line":
        proj["enrichment_log"] = proj["enrichment_log"].replace(
            "skipped (quota exceeded)", "result=%s conf=0.%02d" % (label.upper(), rng.randint(90, 99)))


UKNUM = dict(
    name="uk_number_type", n=150, labels=UK_LABELS, leak_rate=0.4, make=uk_make, apply_leak=uk_leak,
    leak_families=["tariff_band_code", "upstream_log_line"],
    derive_from=["/crm_contact/phone"],
    note="Type follows from the national prefix of the phone number (Ofcom drama-range numbers).",
    task="CRM dialler hygiene: UK phone number type (geographic/mobile/freephone/premium/nongeographic) from the number.",
    family_desc={"tariff_band_code": "carrier rating band code attached to the billing estimate, one code per number type",
                 "upstream_log_line": "log line of an earlier number-classifier run with its result"},
)


# ====================================================================== licence_category
LIC_LABELS = ["B", "C1", "C", "D1", "D"]
LIC_EMOJI = {"B": "\U0001F697", "C1": "\U0001F690", "C": "\U0001F69B", "D1": "\U0001F68C", "D": "\U0001F68D"}


def lic_make(rng, i):
    lab = rng.choice(LIC_LABELS)
    if lab == "B":
        mam = rng.randint(1300, 3500); seats = rng.randint(1, 8); length = round(rng.uniform(3.8, 6.9), 2)
    elif lab == "C1":
        mam = rng.randint(3550, 7500); seats = rng.randint(1, 6); length = round(rng.uniform(5.5, 8.5), 2)
    elif lab == "C":
        mam = rng.randint(7600, 44000); seats = rng.randint(1, 2); length = round(rng.uniform(7.5, 16.5), 2)
    elif lab == "D1":
        mam = rng.randint(3500, 7500); seats = rng.randint(9, 16); length = round(rng.uniform(5.5, 7.95), 2)
    else:
        mam = rng.randint(4500, 19000); seats = rng.randint(9, 70)
        length = round(rng.uniform(8.1, 13.5), 2) if seats <= 16 else round(rng.uniform(7.0, 13.5), 2)
    reg = "%s%02d %s" % ("".join(rng.choice(LETTERS) for _ in range(2)), rng.choice([19, 20, 21, 22, 23, 24, 69, 70, 71, 72, 73, 74]),
                         "".join(rng.choice(LETTERS) for _ in range(3)))
    traps = [("label_set_listing", "B (<=3500 kg, <=8 passenger seats), C1 (3500-7500 kg), C (>7500 kg), D1 (9-16 seats, <=8 m), D")]
    depot = rng.choice(["Unit C1, Trafford Park", "Bay D, Avonmouth", "Unit B4, Hams Hall", "Gate 3, Purfleet"])
    traps.append(("token_substring", "depot: " + depot))
    hist = [{"at": "2025-%02d-%02dT09:%02d:00Z" % (rng.randint(1, 6), rng.randint(1, 28), rng.randint(0, 59)),
             "field": rng.choice(["mot_due", "tacho_calibration_due", "insurance_policy", "cost_centre"]),
             "old": None, "new": rng.choice(["2026-03-31", "FL-%04d" % rng.randint(1, 9999), "2026-07-15"]),
             "user": rng.choice(["fleet.admin", "j.wood", "ops.bot"])}]
    proj = {
        "instruction": ("For the driver-assignment module, state the minimum UK/EU driving licence category needed "
                        "to drive this fleet vehicle. More than 8 passenger seats: D1 if at most 16 passenger seats "
                        "and length at most 8 m, otherwise D. Otherwise by maximum authorised mass: B up to 3500 kg, "
                        "C1 up to 7500 kg, C above. Answer B, C1, C, D1 or D."),
        "vehicle": {"fleet_no": "FL-%04d" % rng.randint(1, 9999), "registration": reg,
                    "mam_kg": mam, "passenger_seats": seats, "length_m": length,
                    "fuel": rng.choice(["diesel", "BEV", "HVO", "petrol"]),
                    "euro_class": rng.choice(["Euro 6d", "Euro VI-E", "Euro 6", "n/a (BEV)"]),
                    "tyres": rng.choice(["205/75 R16C", "315/80 R22.5", "225/45 R17", "215/65 R16C"]),
                    "depot": depot},
        "history": hist,
        "ui": {"badge": "\u2B1C", "row_colour": "default"},
    }
    traps.append(("token_substring", "tyres: " + proj["vehicle"]["tyres"]))
    if rng.random() < 0.4:
        pool = sorted(set(rng.choice(LIC_LABELS) for _ in range(3)))
        proj["drivers_on_shift"] = [{"staff": "D%03d" % rng.randint(1, 300), "categories": pool}]
        traps.append(("other_record_label", json.dumps(proj["drivers_on_shift"][0])))
    return proj, traps


def lic_leak(proj, label, fam, rng):
    if fam == "audit_trail":
        proj["history"].append({"at": "2025-07-%02dT14:%02d:00Z" % (rng.randint(1, 28), rng.randint(0, 59)),
                                "field": "required_licence_category", "old": None, "new": label, "user": "fleet.admin"})
    elif fam == "emoji_glyph":
        proj["ui"]["badge"] = LIC_EMOJI[label]


LICENCE = dict(
    name="licence_category", n=150, labels=LIC_LABELS, leak_rate=0.4, make=lic_make, apply_leak=lic_leak,
    leak_families=["audit_trail", "emoji_glyph"],
    derive_from=["/vehicle/mam_kg", "/vehicle/passenger_seats", "/vehicle/length_m"],
    note="Minimum licence category from passenger seats, length and maximum authorised mass.",
    task="Fleet driver assignment: minimum driving licence category (B/C1/C/D1/D) for a vehicle from MAM, seats and length.",
    family_desc={"audit_trail": "change-history entry recording the required_licence_category set by an admin",
                 "emoji_glyph": "UI badge glyph, one vehicle emoji per licence category"},
)


# ====================================================================== aspect_ratio (numeric labels)
AR_JARGON = {"1.33": "4:3 full-frame (academy-style)", "1.66": "European widescreen", "1.78": "16:9 HD",
             "1.85": "flat", "2.39": "scope"}
FRAMES = [(1920, 1080, "1:1"), (3840, 2160, "1:1"), (1440, 1080, "4:3"), (2048, 1080, "1:1"), (4096, 2160, "1:1")]


def ar_make(rng, i):
    lab = rng.choice(rules.AR)
    W, H, sar = rng.choice(FRAMES)
    sa, sb = map(int, sar.split(":"))
    r = float(lab) + rng.uniform(-0.012, 0.012)
    h = int(round(W * sa / (sb * r) / 2)) * 2
    w = W
    if h > H:
        h = H; w = int(round(H * r * sb / sa / 2)) * 2
    title = rng.choice(["NIGHT_FERRY", "THE_SALT_HOUSE", "BORDERLANDS", "QUIET_HOURS", "LOW_TIDE", "RED_ORCHARD"])
    reel = rng.randint(1, 6)
    traps = [("label_set_listing", "snap to the nearest of 1.33, 1.66, 1.78, 1.85, 2.39")]
    spec = "Archive delivery spec: DCP containers are Flat (1.85) and Scope (2.39); HD masters are 16:9."
    traps.append(("label_set_listing", spec))
    size = rng.choice(["1.85", "2.39", "1.33", "4.10", "12.7", "0.96"])
    traps.append(("numeric_coincidence", "file size %s GB" % size))
    proj = {
        "instruction": ("Film archive QC: determine the active-picture aspect ratio of this scan. Compute width x "
                        "SAR / height using the cropdetect result (letterbox/pillarbox bars removed) and the stream's "
                        "sample aspect ratio, then snap to the nearest of 1.33, 1.66, 1.78, 1.85, 2.39. Answer with "
                        "the number."),
        "spec_note": spec,
        "probe": {
            "format": {"filename": "%s_R%d_PRORES4444.mov" % (title, reel), "size_gb": size,
                       "duration": "00:%02d:%02d:%02d" % (rng.randint(8, 22), rng.randint(0, 59), rng.randint(0, 23))},
            "stream": {"codec_name": "prores", "width": W, "height": H, "sample_aspect_ratio": sar,
                       "r_frame_rate": rng.choice(["24/1", "25/1", "24000/1001"]),
                       "audio_layout": rng.choice(["5.1", "stereo", "7.1"])},
            "cropdetect": {"w": w, "h": h, "x": (W - w) // 2, "y": (H - h) // 2, "frames_sampled": rng.randint(200, 2000)},
        },
        "thread": "From: %s\nSubject: %s reel %d\n\n> Please check the audio levels on reel %d." % (
            rng.choice(["colourist@grade.example", "post.sup@studio.example", "archivist@bfi.example"]), title, reel, reel),
    }
    return proj, traps


def ar_leak(proj, label, fam, rng):
    if fam == "jargon_in_email":
        proj["thread"] = proj["thread"].replace(
            "> Please check the audio levels on reel", "> Confirmed with the DoP this is %s; QC the mattes against that. Also check the audio levels on reel" % AR_JARGON[label])
    elif fam == "filename_digits":
        fn = proj["probe"]["format"]["filename"]
        proj["probe"]["format"]["filename"] = fn.replace("_PRORES4444", "_%s_PRORES4444" % label.replace(".", ""))


ASPECT = dict(
    name="aspect_ratio", n=130, labels=rules.AR, leak_rate=0.45, make=ar_make, apply_leak=ar_leak,
    leak_families=["jargon_in_email", "filename_digits"],
    derive_from=["/probe/cropdetect/w", "/probe/cropdetect/h", "/probe/cropdetect/x", "/probe/cropdetect/y",
                 "/probe/stream/width", "/probe/stream/height", "/probe/stream/sample_aspect_ratio"],
    note="Active-picture aspect = cropdetect w * SAR / h, snapped to the nearest standard ratio.",
    task="Film archive scan QC: active-picture aspect ratio (numeric labels 1.33..2.39) from cropdetect and SAR.",
    family_desc={"jargon_in_email": "quoted mail thread names the ratio in trade jargon (scope, flat, 16:9 HD, ...)",
                 "filename_digits": "deliverable filename carries the ratio as digits without the dot (e.g. _239_)"},
)


# ====================================================================== school_grade
SG_LABELS = ["Transitional Kindergarten", "Kindergarten", "Grade 1", "Grade 2"]
SG_ROOMS = {"Transitional Kindergarten": (101, 104), "Kindergarten": (105, 110), "Grade 1": (201, 206), "Grade 2": (207, 212)}
SG_SIS = {"Transitional Kindergarten": "TK", "Kindergarten": "KN", "Grade 1": "01", "Grade 2": "02"}


def sg_make(rng, i):
    yr = rng.choice([2024, 2025, 2026])
    lab = rng.choice(SG_LABELS)
    age = {"Transitional Kindergarten": 4, "Kindergarten": 5, "Grade 1": 6, "Grade 2": 7}[lab]
    cut = datetime.date(yr, 9, 1)
    # birthday in the 12 months window ending on the cutoff for that age
    start = datetime.date(yr - age - 1, 9, 2)
    dob = start + datetime.timedelta(days=rng.randint(0, 364))
    sy = "%d-%02d" % (yr, (yr + 1) % 100)
    sid = "S%06d" % rng.randint(1, 999999)
    last = rng.choice(["Nguyen", "Garcia", "Smith", "Okoye", "Kowalski", "Haddad", "Lee", "Rossi"])
    traps = [("label_set_listing", "age 4 -> Transitional Kindergarten, 5 -> Kindergarten, 6 -> Grade 1, 7 -> Grade 2")]
    prev = rng.choice(["Little Acorns Kindergarten (private preschool)", "Sunshine Daycare", "home", "Head Start Eastside",
                       "Rainbow Kindergarten & Nursery"])
    if "Kindergarten" in prev:
        traps.append(("proper_name", prev))
    proj = {
        "instruction": ("Enrollment office: place the child in a grade for the requested school year. Compute the "
                        "child's age on September 1 of the school year's first calendar year: age 4 -> Transitional "
                        "Kindergarten, 5 -> Kindergarten, 6 -> Grade 1, 7 -> Grade 2. Answer with the grade name."),
        "application": {
            "application_id": "ENR-%d-%05d" % (yr, rng.randint(1, 99999)),
            "school_year": sy,
            "child": {"student_local_id": sid, "last_name": last, "date_of_birth": dob.isoformat(),
                      "home_language": rng.choice(["English", "Spanish", "Vietnamese", "Arabic", "Tagalog"])},
            "previous_setting": prev,
            "provisional_assignment": {"classroom": "TBD", "bus_route": "R%d" % rng.randint(1, 14)},
            "orientation": {"session_start": "TBD", "location": "Multipurpose room"},
            "attachments": [{"name": "sis_export.csv", "mime": "text/csv",
                             "content": "student_local_id,last_name,grade_level_%s,home_lang\n%s,%s,,%s\n" % (
                                 sy.replace("-", ""), sid, last, "EN")}],
        },
    }
    r = rng.random()
    if r < 0.35:
        sib = "Sibling %s currently enrolled in %s (same campus)." % (rng.choice(["Maya", "Leo", "Ana", "Sam"]),
                                                                     rng.choice(SG_LABELS + ["Grade 3", "Grade 4"]))
        proj["application"]["family_notes"] = sib; traps.append(("other_record_label", sib))
    elif r < 0.55:
        n = "Parent asked about Kindergarten readiness screening; not a request to change placement."
        proj["application"]["family_notes"] = n; traps.append(("negation", n))
    else:
        proj["application"]["family_notes"] = ""
    return proj, traps


def sg_leak(proj, label, fam, rng):
    a = proj["application"]
    if fam == "room_number_series":
        lo, hi = SG_ROOMS[label]
        a["provisional_assignment"]["classroom"] = "Room %d" % rng.randint(lo, hi)
    elif fam == "csv_attachment_code":
        c = a["attachments"][0]["content"]
        head, row = c.rstrip("\n").split("\n")
        parts = row.split(",")
        parts[2] = SG_SIS[label]
        a["attachments"][0]["content"] = head + "\n" + ",".join(parts) + "\n"
    elif fam == "later_event_timestamp":
        yr = int(a["school_year"][:4])
        day = {"Transitional Kindergarten": 11, "Kindergarten": 12, "Grade 1": 13, "Grade 2": 14}[label]
        a["orientation"]["session_start"] = "%d-08-%02dT09:00:00-07:00" % (yr, day)


SCHOOL = dict(
    name="school_grade", n=140, labels=SG_LABELS, leak_rate=0.5, make=sg_make, apply_leak=sg_leak,
    leak_families=["room_number_series", "csv_attachment_code", "later_event_timestamp"],
    derive_from=["/application/child/date_of_birth", "/application/school_year"],
    note="Grade from the child's age on 1 September of the school year.",
    task="School enrollment: grade placement (Transitional Kindergarten/Kindergarten/Grade 1/Grade 2) from date of birth and school year.",
    family_desc={"room_number_series": "provisional classroom number; the campus numbers rooms in grade blocks (101-104 TK, 105-110 K, 201-206 G1, 207-212 G2)",
                 "csv_attachment_code": "SIS export CSV attachment with the grade_level column filled in SIS code (TK/KN/01/02)",
                 "later_event_timestamp": "orientation session date scheduled after placement; each grade has its own August day (11 TK, 12 K, 13 G1, 14 G2)"},
)

LEAKING = [NEO, ANEMIA, GASMARK, TRAFFIC, LENS, UKNUM, LICENCE, ASPECT, SCHOOL]
