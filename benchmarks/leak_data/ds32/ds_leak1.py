"""Leaking datasets, part 1: pilotage_ukc, fry_colour, ite_fachadas, discharge_destination, textile_flammability."""
import base64
import json
from common import Strat, Rec, balanced, alnum, digits, iso, rand_dt, plus, pick_leaks, person


# ---------------------------------------------------------------- pilotage
def pilotage_ukc(rng):
    name = "pilotage_ukc"
    labels = ["proceed", "wait", "abort"]
    n = 156
    instr = ("You are the duty harbour pilot's assistant. Decide whether the inbound transit may go ahead. "
             "Under-keel clearance at ETA = controlling depth + predicted tide at ETA - static draft - squat allowance. "
             "Required UKC = static draft x required_ukc_pct / 100. Answer 'proceed' if UKC at ETA >= required; "
             "'wait' if not, but UKC computed with the next high-water height instead of the ETA tide would be >= required; "
             "otherwise 'abort'. Reply with one of: proceed, wait, abort.")
    targets = balanced(rng, labels, n)
    plan = pick_leaks(rng, n, 0.46, ["vts_later_narrative", "ais_status_code"], both_rate=0.15)
    channels = [("Ambrose Channel", "US5NY1AM"), ("Elbe Fahrwasser", "DE416050"), ("Scheur", "NL1SCHEU"),
                ("Sunk Channel", "GB5X01NE"), ("Canal de Caronte", "FR571030")]
    vtypes = ["bulk carrier", "container ship", "crude tanker", "ro-ro", "LNG carrier", "product tanker"]
    post = {
        "proceed": ["vessel commenced inbound transit, passing buoy {b} at {s} kn",
                    "pilot reports vessel making way inbound, abeam buoy {b}"],
        "wait": ["vessel brought up to anchor in anchorage {a} awaiting tide",
                 "transit deferred to next high water; vessel anchored in anchorage {a}"],
        "abort": ["transit cancelled; vessel to remain outside port limits",
                  "pilot disembarked by launch, passage called off by master and VTS"],
    }
    pre_pool = ["Pilot {p} boarded at the pilot station", "Passage plan exchanged (MPX) with master",
                "VHF ch {c} radio check satisfactory", "VTS traffic information: outbound {t} clearing buoy {b}",
                "VTS: proceed to pilot boarding area Alpha at reduced speed",
                "VTS: wait for outbound traffic to clear the bend before boarding"]
    recs = []
    S = Strat(rng)
    PRESETS = [[0, 1], [0, 2, 4], [0, 1, 5], [0, 3], [0, 2, 3, 4], [0, 1, 3, 5]]
    for i, tgt in enumerate(targets):
        while True:
            draft = round(rng.uniform(8.0, 16.0), 2)
            squat = round(rng.uniform(0.3, 1.2), 2)
            pct = rng.choice([10, 12, 15])
            depth = round(rng.uniform(draft - 1.0, draft + 4.5), 2)
            tide = round(rng.uniform(0.0, 2.5), 2)
            hw = round(tide + rng.uniform(0.3, 2.2), 2)
            req = draft * pct / 100
            u_eta = depth + tide - draft - squat
            u_hw = depth + hw - draft - squat
            if abs(u_eta - req) < 0.05 or abs(u_hw - req) < 0.05:
                continue
            lab = "proceed" if u_eta >= req else ("wait" if u_hw >= req else "abort")
            if lab == tgt:
                break
        eta = rand_dt(rng)
        ch, cell = S("L54_1", tgt, channels)
        vname = rng.choice(["ATLANTIC", "NORDIC", "PACIFIC", "STELLA", "MARE", "CAPE", "OCEAN"]) + " " + \
            rng.choice(["SPIRIT", "HARMONY", "TRADER", "VOYAGER", "PRIDE", "GLORY", "DAWN"])
        buoy = str(rng.randint(3, 40))
        prelog = []
        for k in sorted(S("pre", tgt, PRESETS)):
            t = plus(eta, minutes=-rng.randint(20, 150))
            prelog.append({"t": iso(t), "src": "VTS", "text": pre_pool[k].format(p=person(rng), c=rng.choice([12, 14, 16]),
                                                                               t=rng.choice(vtypes), b=buoy)})
        prelog.sort(key=lambda e: e["t"])
        proj = {
            "instruction": instr,
            "passage_request": {
                "request_id": "PR-" + digits(rng, 6),
                "vessel": {"name": vname, "imo": "IMO" + digits(rng, 7), "type": S("L68_1", tgt, vtypes),
                           "static_draft_m": draft},
                "transit": {"channel": ch, "direction": "inbound", "squat_allowance_m": squat,
                            "required_ukc_pct": pct},
                "eta_bar": iso(eta),
            },
            "tide_service": {"station": S("L74_1", tgt, ["Sandy Hook", "Cuxhaven", "Vlissingen", "Harwich", "Fos-sur-Mer"]),
                             "predicted_height_at_eta_m": tide,
                             "next_high_water": {"time": iso(plus(eta, minutes=rng.randint(40, 360))), "height_m": hw}},
            "chart": {"enc_cell": cell, "controlling_depth_m": depth, "survey_date": f"20{rng.randint(19, 25)}-0{rng.randint(1, 9)}"},
            "vts_log": prelog,
            "ais_snapshot": {"msg_type": 1, "mmsi": "2" + digits(rng, 8), "ts": iso(plus(eta, minutes=-rng.randint(90, 240))),
                             "nav_status": 0, "sog_kn": round(rng.uniform(9, 14), 1)},
            "vessel_history": {"last_call": iso(plus(eta, days=-rng.randint(30, 400)))[:10],
                               "last_transit_outcome": S("hist", tgt, labels)},
        }
        r = Rec(tgt, proj)
        r.trap("label_set_in_instruction", "Reply with one of: proceed, wait, abort.")
        r.trap("historical_outcome_other_event", f"last_transit_outcome: {proj['vessel_history']['last_transit_outcome']}")
        for e in prelog:
            if "proceed to pilot" in e["text"] or e["text"].startswith("VTS: wait"):
                r.trap("label_word_other_sense", e["text"])
        r.trap("earlier_snapshot_same_kind", "ais_snapshot taken before ETA, nav_status 0")
        for fam in plan[i]:
            r.leaks.append(fam)
            if fam == "vts_later_narrative":
                for k in range(rng.randint(1, 2)):
                    t = plus(eta, minutes=rng.randint(15, 120) + 60 * k)
                    txt = post[tgt][k % 2].format(b=buoy, s=round(rng.uniform(6, 10), 1), a=rng.choice("ABCDE") + str(rng.randint(1, 4)))
                    proj["vts_log"].append({"t": iso(t), "src": "VTS", "text": txt})
            else:
                st = {"proceed": 0, "wait": 1, "abort": 5}[tgt]
                proj["ais_snapshot"] = {"msg_type": 1, "mmsi": proj["ais_snapshot"]["mmsi"],
                                        "ts": iso(plus(eta, minutes=rng.randint(70, 200))), "nav_status": st,
                                        "sog_kn": round(rng.uniform(6, 10), 1) if st == 0 else round(rng.uniform(0, 0.3), 1)}
        recs.append(r)
    meta = {"derive_from": ["/passage_request/vessel/static_draft_m", "/passage_request/transit/squat_allowance_m",
                            "/passage_request/transit/required_ukc_pct", "/tide_service/predicted_height_at_eta_m",
                            "/tide_service/next_high_water/height_m", "/chart/controlling_depth_m"],
            "note": "UKC arithmetic from draft, squat, required percentage, ETA tide, next high water and charted depth."}
    return name, labels, recs, meta, "Pilotage go/no-go from under-keel clearance (ordinary English word labels)."


# ---------------------------------------------------------------- fry colour
def fry_colour(rng):
    name = "fry_colour"
    labels = ["0", "1", "2", "3", "4"]
    n = 150
    instr = ("Assign the USDA fry colour number for this processing-potato lot from the photovolt reflectance readings "
             "of the fried strips. Take the arithmetic mean of all readings: mean >= 60 -> 0; 50 <= mean < 60 -> 1; "
             "40 <= mean < 50 -> 2; 30 <= mean < 40 -> 3; mean < 30 -> 4. Colour 0 is the lightest, 4 the darkest. "
             "Answer with the digit only.")
    bands = {"0": (60, 75), "1": (50, 60), "2": (40, 50), "3": (30, 40), "4": (18, 30)}
    hexmap = {"0": "#F3E6B5", "1": "#E9CF8A", "2": "#D9AE5F", "3": "#B9833A", "4": "#8A5523"}
    targets = balanced(rng, labels, n)
    plan = pick_leaks(rng, n, 0.38, ["css_swatch_colour", "upstream_log_line"], both_rate=0.1)
    varieties = ["Russet Burbank", "Ranger Russet", "Shepody", "Innovator", "Umatilla Russet", "Clearwater Russet"]
    recs = []
    S = Strat(rng)
    for i, tgt in enumerate(targets):
        lo, hi = bands[tgt]
        nread = S("nread", tgt, [8, 10, 12])
        while True:
            m = rng.uniform(lo + 0.4, hi - 0.4)
            rd = [round(m + rng.gauss(0, 2.0), 1) for _ in range(nread)]
            mean = sum(rd) / len(rd)
            if lo + 0.2 <= mean < hi - 0.2 or (tgt == "0" and mean >= 60.2) or (tgt == "4" and mean < 29.8):
                break
        lot = "L" + digits(rng, 5)
        dt = rand_dt(rng, start=(2026, 9, 1), days=120)
        tech = person(rng)
        fryer = S("fryer", tgt, [1, 2, 3, 4])
        html_swatch = '<td class="swatch">&nbsp;</td>'
        pid = rng.randint(1000, 9999)
        loglines = [f"{iso(dt)} fryvision[{pid}]: INFO calib tile={rng.randint(0, 4)} delta={round(rng.uniform(0.1, 0.9), 2)} ok"]
        if rng.random() < 0.5:
            loglines.append(f"{iso(plus(dt, seconds=40))} fryvision[{pid}]: WARN lot={lot} strips={len(rd) * 2} usda_est=NA reason=exposure_out_of_range")
        proj = {
            "instruction": instr,
            "sample": {"lot_id": lot, "variety": S("L146_1", tgt, varieties), "storage_bin": S("bin", tgt, ["B1", "B2", "B3", "B4"]),
                       "fryer": f"Fryer {fryer}", "fry_temp_c": 191, "fry_time_s": 180, "strips_fried": len(rd) * 2},
            "photovolt": {"instrument": "Photovolt 577", "readings": rd},
            "report_html": None,
            "vision_log": loglines,
            "previous_lot": {"lot_id": "L" + digits(rng, 5), "usda_colour": S("hist", tgt, labels)},
        }
        r = Rec(tgt, proj)
        r.trap("label_set_in_instruction", "mean >= 60 -> 0; ... mean < 30 -> 4")
        r.trap("numeric_lookalike", f"storage_bin {proj['sample']['storage_bin']}, {proj['sample']['fryer']}, calib tile")
        r.trap("historical_outcome_other_event", f"previous_lot usda_colour {proj['previous_lot']['usda_colour']}")
        for fam in plan[i]:
            r.leaks.append(fam)
            if fam == "css_swatch_colour":
                html_swatch = f'<td class="swatch" style="background-color:{hexmap[tgt]}">&nbsp;</td>'
            else:
                loglines.append(f"{iso(plus(dt, seconds=55))} fryvision[{pid}]: INFO lot={lot} strips={len(rd) * 2} "
                                f"usda_est={tgt} conf={round(rng.uniform(0.81, 0.98), 2)}")
        proj["report_html"] = ("<html><body><h3>Fry colour report &mdash; lot " + lot + "</h3><table>"
                               f"<tr><th>Variety</th><td>{proj['sample']['variety']}</td></tr>"
                               f"<tr><th>Technician</th><td>{tech}</td></tr>"
                               f"<tr><th>Date</th><td>{iso(dt)[:10]}</td></tr>"
                               f"<tr><th>Colour</th>{html_swatch}</tr></table></body></html>")
        recs.append(r)
    meta = {"derive_from": ["/photovolt/readings"], "note": "Mean photovolt reflectance banded into USDA colour 0-4."}
    return name, labels, recs, meta, "Processing-potato fry colour number from photovolt reflectance (numeric labels)."


# ---------------------------------------------------------------- ITE (Spanish)
def ite_fachadas(rng):
    name = "ite_fachadas"
    labels = ["favorable", "desfavorable", "negativa"]
    n = 144
    instr = ("Eres técnico municipal. Determina el resultado de la Inspección Técnica de Edificios (ITE) a partir de la "
             "lista de deficiencias: si hay alguna deficiencia de gravedad 'muy grave' el resultado es 'negativa'; "
             "si no, si hay alguna 'grave' o tres o más 'leve', es 'desfavorable'; en otro caso, 'favorable'. "
             "Responde solo con: favorable, desfavorable o negativa.")
    elems = {
        "fachada": ["fisuras en revestimiento de mortero", "desprendimiento de plaqueta cerámica", "manchas de humedad en paramento"],
        "cubierta": ["tejas desplazadas en faldón norte", "pendiente negativa del canalón con encharcamiento", "impermeabilización degradada en azotea"],
        "estructura": ["corrosión de armaduras en forjado de planta baja", "fisura a 45 grados en muro de carga", "flecha apreciable en viga de madera"],
        "balcones": ["oxidación de barandilla", "desprendimiento del canto del vuelo", "fisuras en losa del balcón"],
        "saneamiento": ["bajante de fibrocemento fisurada", "filtraciones en arqueta", "atasco recurrente en colector"],
    }
    targets = balanced(rng, labels, n)
    plan = pick_leaks(rng, n, 0.5, ["english_translation_summary", "correlated_followup_deadline"], both_rate=0.12)
    en = {"favorable": "FAVOURABLE", "desfavorable": "UNFAVOURABLE", "negativa": "NEGATIVE (immediate risk)"}
    streets = ["Calle de Toledo", "Calle Mayor", "Avenida de América", "Calle de Alcalá", "Paseo de Extremadura", "Calle de Bravo Murillo"]
    recs = []
    S = Strat(rng)
    for i, tgt in enumerate(targets):
        while True:
            k = rng.randint(0, 6)
            defs = []
            for _ in range(k):
                el = rng.choice(list(elems))
                g = rng.choices(["leve", "grave", "muy grave"], [6, 3, 1])[0]
                defs.append({"elemento": el, "descripcion": rng.choice(elems[el]), "gravedad": g})
            gs = [d["gravedad"] for d in defs]
            lab = "negativa" if "muy grave" in gs else ("desfavorable" if ("grave" in gs or gs.count("leve") >= 3) else "favorable")
            if lab == tgt:
                break
        dt = rand_dt(rng, start=(2025, 2, 1), days=400)
        year = rng.randint(1920, 1975)
        addr = f"{rng.choice(streets)}, {rng.randint(1, 180)}, Madrid"
        prev = S("hist", tgt, labels)
        proj = {
            "instrucción": instr,
            "edificio": {"referencia_catastral": digits(rng, 7) + alnum(rng, 2) + digits(rng, 4) + "S",
                         "direccion": addr, "año_construccion": year, "uso": S("L215_1", tgt, ["residencial", "mixto"])},
            "inspeccion": {"fecha": iso(dt)[:10], "tecnico": person(rng) + ", arquitecto col. " + digits(rng, 5),
                           "deficiencias": defs},
            "ite_anterior": {"año": rng.randint(2012, 2016), "resultado": prev},
            "acta_comunidad": S("acta", tgt, ["La junta emitió informe favorable a la instalación del ascensor.",
                                          "La junta aprobó la derrama para pintura de portal.",
                                          "Sin acuerdos relativos a obras."]),
            "summary_en": f"Technical building inspection (ITE) at {addr}, visited {iso(dt)[:10]}. Report lodged with the municipal registry.",
            "tramitacion": {"num_registro": "2025/" + digits(rng, 6), "estado": "registrada",
                            "plazo_subsanacion_dias": None, "medidas_urgentes": None},
        }
        r = Rec(tgt, proj)
        r.trap("label_set_in_instruction", "Responde solo con: favorable, desfavorable o negativa.")
        r.trap("historical_outcome_other_event", f"ite_anterior resultado {prev}")
        if "favorable" in proj["acta_comunidad"]:
            r.trap("label_word_other_sense", proj["acta_comunidad"])
        if any("negativa" in d["descripcion"] for d in defs):
            r.trap("label_word_in_legit_input", "pendiente negativa del canalón con encharcamiento")
        for fam in plan[i]:
            r.leaks.append(fam)
            if fam == "english_translation_summary":
                proj["summary_en"] = (f"Technical building inspection (ITE) at {addr}, visited {iso(dt)[:10]}. "
                                      f"Overall result: {en[tgt]}.")
            else:
                t = proj["tramitacion"]
                if tgt == "negativa":
                    t["plazo_subsanacion_dias"], t["medidas_urgentes"] = 30, True
                elif tgt == "desfavorable":
                    t["plazo_subsanacion_dias"], t["medidas_urgentes"] = 365, False
                else:
                    t["plazo_subsanacion_dias"], t["medidas_urgentes"] = 0, False
                    t["proxima_ite"] = dt.year + 10
        recs.append(r)
    meta = {"derive_from": ["/inspeccion/deficiencias"], "note": "Resultado ITE según la gravedad de las deficiencias."}
    return name, labels, recs, meta, "Spanish building technical inspection (ITE) outcome (Spanish labels)."


# ---------------------------------------------------------------- discharge destination
def discharge_destination(rng):
    name = "discharge_destination"
    labels = ["home", "home with services", "inpatient rehab", "skilled nursing facility"]
    n = 160
    instr = ("Recommend the discharge destination from the physical therapy evaluation. AM-PAC '6-Clicks' basic "
             "mobility raw score >= 19 -> 'home'; 16-18 -> 'home with services'; <= 15 and the patient tolerates 3 hours "
             "of therapy a day -> 'inpatient rehab'; <= 15 otherwise -> 'skilled nursing facility'. Answer with the "
             "destination phrase exactly.")
    abbr = {"home": "HOME", "home with services": "HHA", "inpatient rehab": "IRF", "skilled nursing facility": "SNF"}
    ub04 = {"home": "01", "home with services": "06", "inpatient rehab": "62", "skilled nursing facility": "03"}
    targets = balanced(rng, labels, n)
    plan = pick_leaks(rng, n, 0.5, ["upstream_model_abbrev", "billing_status_code"], both_rate=0.1)
    services = ["Hospital Medicine", "Orthopaedics", "Neurology", "Cardiology", "General Surgery"]
    recs = []
    S = Strat(rng)
    for i, tgt in enumerate(targets):
        if tgt == "home":
            raw = rng.randint(19, 24); tol = rng.random() < 0.6
        elif tgt == "home with services":
            raw = rng.randint(16, 18); tol = rng.random() < 0.5
        elif tgt == "inpatient rehab":
            raw = rng.randint(8, 15); tol = True
        else:
            raw = rng.randint(6, 15); tol = False
        adm = rand_dt(rng)
        prior = [{"admit": iso(plus(adm, days=-rng.randint(60, 900)))[:10], "discharged_to": S("hist", tgt, labels)}
                 for _ in range(S("nprior", tgt, [0, 1, 2]))]
        proj = {
            "instruction": instr,
            "encounter": {"mrn": "MRN" + digits(rng, 8), "admit_date": iso(adm)[:10], "service": S("L282_1", tgt, services),
                          "los_days": rng.randint(2, 14)},
            "pt_eval": {"therapist": person(rng) + ", PT", "ampac_mobility_raw": raw, "tolerates_3h_therapy": tol},
            "social": {"lives_alone": rng.random() < 0.4, "home_phone_on_file": rng.random() < 0.8,
                       "preferred_pharmacy": S("pharm", tgt, ["HomeCare Pharmacy #12", "Walgreens #5521", "CVS #2290", "Riverside Outpatient Pharmacy"])},
            "notes": S("notes", tgt, ["No inpatient rehab stay in past 12 months.", "Home medications reconciled with patient.",
                                 "Nursing note: tolerated diet, ambulated in hallway with staff.", "Case management consult placed."]),
            "prior_admissions": prior,
            "dc_planner": {"model": "dcp-v3.2", "status": "not_run", "top": None, "p": None},
            "claim": {"bill_type": "0111", "status": "not yet billed", "patient_status": None},
        }
        r = Rec(tgt, proj)
        r.trap("label_set_in_instruction", "'home' ... 'skilled nursing facility'")
        r.trap("redacted_upstream_field", "dc_planner status not_run, top null")
        if prior:
            r.trap("historical_outcome_other_event", f"prior admission discharged_to {prior[0]['discharged_to']}")
        if "HomeCare" in proj["social"]["preferred_pharmacy"]:
            r.trap("label_substring_in_other_word", "HomeCare Pharmacy #12")
        if proj["notes"].startswith("No inpatient"):
            r.trap("negated_mention", proj["notes"])
        if proj["notes"].startswith("Home med") or proj["notes"].startswith("Nursing"):
            r.trap("label_word_other_sense", proj["notes"])
        for fam in plan[i]:
            r.leaks.append(fam)
            if fam == "upstream_model_abbrev":
                proj["dc_planner"] = {"model": "dcp-v3.2", "status": "scored", "top": abbr[tgt], "p": round(rng.uniform(0.62, 0.95), 2)}
            else:
                proj["claim"] = {"bill_type": "0111", "status": "submitted", "patient_status": ub04[tgt]}
        recs.append(r)
    meta = {"derive_from": ["/pt_eval/ampac_mobility_raw", "/pt_eval/tolerates_3h_therapy"],
            "note": "AM-PAC basic mobility raw score and 3-hour therapy tolerance decide destination."}
    return name, labels, recs, meta, "Hospital discharge destination from PT evaluation (multi-word labels)."


# ---------------------------------------------------------------- textile flammability
def textile_flammability(rng):
    name = "textile_flammability"
    labels = ["1", "2", "3"]
    n = 138
    instr = ("Classify the apparel textile under the flammability standard (45-degree test) from the five specimen "
             "results. Let t = mean burn time in seconds. Plain surface: t >= 3.5 -> class 1, else class 3. "
             "Raised-fibre surface: if no specimen shows base burn -> class 1; otherwise t > 7.0 -> class 1, "
             "4.0 <= t <= 7.0 -> class 2, t < 4.0 -> class 3. Answer 1, 2 or 3.")
    targets = balanced(rng, labels, n)
    plan = pick_leaks(rng, n, 0.42, ["base64_payload", "regulatory_text_synonym"], both_rate=0.1)
    hang = {"1": "Normal flammability. Meets 16 CFR 1610.",
            "2": "Intermediate flammability. Meets 16 CFR 1610.",
            "3": "Rapid and intense burning - NOT suitable for apparel sale (16 CFR 1610)."}
    care = ["Machine wash cold, tumble dry low.", "Dry clean only. Tested to 16 CFR 1610 flammability standard.",
            "Hand wash, dry flat.", "Wash inside out with like colours. Flammability: see test report."]
    fibres = ["100% cotton", "100% rayon", "60% cotton 40% polyester", "100% polyester", "80% nylon 20% spandex"]
    recs = []
    S = Strat(rng)
    for i, tgt in enumerate(targets):
        while True:
            surface = rng.choice(["plain", "raised"])
            mu = rng.uniform(1.5, 12)
            specs = [{"specimen": k + 1, "burn_time_s": round(max(0.8, mu + rng.gauss(0, 0.8)), 1),
                      "base_burn": rng.random() < 0.6} for k in range(5)]
            t = sum(s["burn_time_s"] for s in specs) / 5
            if min(abs(t - 3.5), abs(t - 4.0), abs(t - 7.0)) < 0.1:
                continue
            if surface == "plain":
                lab = "1" if t >= 3.5 else "3"
            elif not any(s["base_burn"] for s in specs):
                lab = "1"
            else:
                lab = "1" if t > 7.0 else ("2" if t >= 4.0 else "3")
            if lab == tgt:
                break
        sample = "TX-" + digits(rng, 6)
        payload = {"sample": sample, "state": "AWAITING_REVIEW", "result": None}
        proj = {
            "instruction": instr,
            "specimen": {"style_no": "ST" + digits(rng, 5), "fiber_content": S("L356_1", tgt, fibres),
                         "construction": S("L357_1", tgt, ["woven", "knit", "pile", "fleece", "brushed twill"]),
                         "surface": surface},
            "test": {"method": "16 CFR 1610", "apparatus": "45-degree tester FT-" + S("app", tgt, ["1", "2", "3"]),
                     "refurbishing": "1 dry-clean cycle + 1 laundering cycle", "specimens": specs},
            "lims_payload": None,
            "hangtag_text": S("care", tgt, care),
        }
        r = Rec(tgt, proj)
        r.trap("label_set_in_instruction", "Answer 1, 2 or 3.")
        r.trap("numeric_lookalike", f"apparatus {proj['test']['apparatus']}, '1 dry-clean cycle', specimen numbers 1-5")
        if "lammability" in proj["hangtag_text"]:
            r.trap("near_miss_regulatory_text", proj["hangtag_text"])
        for fam in plan[i]:
            r.leaks.append(fam)
            if fam == "base64_payload":
                payload = {"sample": sample, "state": "RELEASED", "result": {"cpsc_class": int(tgt), "reviewer": person(rng)}}
            else:
                proj["hangtag_text"] = hang[tgt]
        proj["lims_payload"] = base64.b64encode(json.dumps(payload, sort_keys=True).encode()).decode()
        if "base64_payload" not in r.leaks:
            r.trap("encoded_blob_without_answer", "lims_payload decodes to state AWAITING_REVIEW, result null")
        recs.append(r)
    meta = {"derive_from": ["/specimen/surface", "/test/specimens"],
            "note": "Surface type and per-specimen burn time / base burn decide the class."}
    return name, labels, recs, meta, "Apparel textile flammability class from 45-degree burn test (numeric labels)."
