import base64, json, random
from datetime import datetime, timedelta
from common import DS, targets

LABELSET = "T_labelset_in_instruction"


def fmt(dt):
    return dt.strftime("%Y-%m-%dT%H:%M:%SZ")


# ---------------------------------------------------------------- 1 dairy
def dairy():
    R = random.Random(3301)
    labels = ["1", "2", "3", "4", "5"]
    ins = ("Assign the Sprecher locomotion score for this cow using the gait block returned by get_observation. "
           "Rule: 5 if weight_bearing_all_limbs is false; otherwise 4 if the back is arched both standing and walking "
           "and favours_limb is true; otherwise 3 if the back is arched both standing and walking; otherwise 2 if the "
           "back is flat standing but arched walking; otherwise 1. Answer with exactly one of 1, 2, 3, 4, 5.")
    d = DS("dairy_locomotion", labels,
           ["/tool_calls/0/output/gait/back_standing", "/tool_calls/0/output/gait/back_walking",
            "/tool_calls/0/output/gait/favours_limb", "/tool_calls/0/output/gait/weight_bearing_all_limbs"],
           "Score is derived from the four observer gait fields only; pen/lactation/notes/history/video are context.",
           True, "Dairy cow locomotion (Sprecher 1-5) scoring from a parlour-exit gait observation.")
    combos = {"1": ("flat", "flat", False, True), "2": ("flat", "arched", False, True),
              "3": ("arched", "arched", False, True), "4": ("arched", "arched", True, True)}
    notes = ["No digital dermatitis seen at footbath.", "Slippery concrete near parlour exit, scraper due.",
             "Walked behind a group of 5 heifers.", "Not lame per relief milker on Tuesday; recheck anyway.",
             "Hoof trimmer visit booked for week 3.", "Observed from crush side, good light.", ""]
    observers = ["K. Byrne", "M. Owusu", "L. Fraser", "T. Nakamura"]
    for t in targets(R, labels, 150):
        cid = "UK%06d%05d" % (R.randint(100000, 999999), R.randint(10000, 99999))
        if t == "5":
            g = (R.choice(["arched", "arched", "flat"]), "arched", True, False)
        else:
            g = combos[t]
        pen, lac = R.randint(1, 5), R.randint(1, 5)
        day = datetime(2026, 3, 1) + timedelta(days=R.randint(0, 60), hours=R.randint(5, 17), minutes=R.randint(0, 59))
        leaks, traps = {}, {LABELSET: "Answer with exactly one of 1, 2, 3, 4, 5.",
                            "T_numeric_lookalike": "pen=%d lactation=%d" % (pen, lac)}
        lk = R.random() < 0.46
        fams = []
        if lk:
            fams = R.choice([["up"], ["fn"], ["up", "fn"], ["up"], ["fn"]])
        if "fn" in fams:
            fname = "%s_pen%d_%s_LS%s.mp4" % (day.strftime("%Y%m%d"), pen, cid[-5:], t)
            leaks["L_filename_encodes_label"] = fname
        else:
            fname = "%s_pen%d_%s_c%03d.mp4" % (day.strftime("%Y%m%d"), pen, cid[-5:], R.randint(1, 400))
        if "up" in fams:
            cam = {"model": "GaitNet v3.2", "predicted_ls": int(t), "confidence": round(R.uniform(0.71, 0.97), 2)}
            leaks["L_upstream_model_score"] = json.dumps(cam)
        else:
            cam = R.choice([{"status": "error", "message": "clip rejected: cow occluded by gate at frames 40-212"},
                            {"status": "queued", "position": R.randint(2, 40)}])
        hist = [{"date": (day - timedelta(days=R.randint(200, 400))).strftime("%Y-%m-%d"), "event": "calved"}]
        if R.random() < 0.45:
            old = R.choice(labels)
            hist.append({"date": (day - timedelta(days=R.randint(60, 180))).strftime("%Y-%m-%d"),
                         "event": "locomotion score %s recorded at routine mobility check" % old})
            traps["T_historical_label_same_entity"] = hist[-1]["event"]
        note = R.choice(notes)
        if note.startswith("Not lame"):
            traps["T_negation"] = note
        if "5 heifers" in note:
            traps["T_numeric_lookalike"] += "; " + note
        proj = {"instruction": ins,
                "tool_calls": [
                    {"tool": "get_observation", "args": {"cow": cid},
                     "output": {"cow_id": cid, "pen": pen, "lactation": lac, "days_in_milk": R.randint(5, 320),
                                "observer": R.choice(observers), "observed_at": fmt(day),
                                "gait": {"back_standing": g[0], "back_walking": g[1], "favours_limb": g[2],
                                         "weight_bearing_all_limbs": g[3]},
                                "notes": note}},
                    {"tool": "cowcam_gait_ai", "args": {"cow": cid, "clip": fname}, "output": cam}],
                "attachments": [{"type": "video/mp4", "filename": fname, "size_bytes": R.randint(2000000, 9000000)}],
                "herd_history": hist}
        d.add(t, proj, leaks, traps)
    d.finish(R)


# ---------------------------------------------------------------- 2 eld
HOS = ["no violation", "11-hour driving limit", "14-hour window", "30-minute break", "70-hour/8-day limit"]


def hos_label(ev, prior_min):
    drive = sum(e - s for s, e, st in ev if st == "D")
    if drive > 660:
        return HOS[1]
    start = min(s for s, e, st in ev if st in ("D", "ON"))
    if any(st == "D" and e > start + 840 for s, e, st in ev):
        return HOS[2]
    cum = run = 0
    for s, e, st in ev:
        if st == "D":
            run = 0
            cum += e - s
            if cum > 480:
                return HOS[3]
        else:
            run += e - s
            if run >= 30:
                cum = 0
    ondu = sum(e - s for s, e, st in ev if st in ("D", "ON"))
    if prior_min + ondu > 4200:
        return HOS[4]
    return HOS[0]


def hm(m):
    return "%02d:%02d" % (m // 60, m % 60)


def eld():
    R = random.Random(3302)
    ins = ("From the driver's ELD record of duty status for the log date, decide which hours-of-service limit "
           "(property-carrying) was violated. Check in this order and return the first that applies: "
           "'11-hour driving limit' if total driving exceeds 11:00; '14-hour window' if any driving ends more than "
           "14:00 after the first on-duty or driving entry; '30-minute break' if driving accumulates more than 8:00 "
           "without an interruption of at least 30 consecutive non-driving minutes; '70-hour/8-day limit' if "
           "on_duty_prior_7_days plus today's on-duty and driving time exceeds 70:00; otherwise 'no violation'.")
    d = DS("eld_hos_violation", HOS, ["/eld/events_csv", "/eld/on_duty_prior_7_days"],
           "Label is computed from the ELD event table and the prior-7-day on-duty total.", True,
           "US FMCSA hours-of-service violation from an ELD daily log (multi-word labels).")
    codes = {HOS[1]: "395.3(a)(3)(i)", HOS[2]: "395.3(a)(2)", HOS[3]: "395.3(a)(3)(ii)", HOS[4]: "395.3(b)(2)"}
    slug = {HOS[0]: "ok", HOS[1]: "d11", HOS[2]: "w14", HOS[3]: "b30", HOS[4]: "c70"}
    policy = ("Carrier policy HOS-2: dispatch must plan loads so that no driver exceeds the 11-hour driving limit, "
              "drives beyond the 14-hour window, skips the 30-minute break, or runs over the 70-hour/8-day limit.")
    towns = ["Joplin MO", "Tulsa OK", "Springfield MO", "Rolla MO", "Vinita OK", "Big Cabin OK", "St Robert MO",
             "Pacific MO", "Claremore OK", "Lebanon MO"]
    for t in targets(R, HOS, 140):
        while True:
            start = R.randint(240, 420)
            ev = [(0, start, "OFF")]
            cur = start
            pre = R.randint(15, 30)
            ev.append((cur, cur + pre, "ON")); cur += pre
            nb = R.randint(2, 4)
            for b in range(nb):
                dd = R.randint(90, 330)
                ev.append((cur, cur + dd, "D")); cur += dd
                if b < nb - 1:
                    st, ln = R.choice([("OFF", R.randint(30, 60)), ("ON", R.randint(10, 25)),
                                       ("ON", R.randint(60, 180)), ("SB", R.randint(30, 120)),
                                       ("OFF", R.randint(15, 28))])
                    ev.append((cur, cur + ln, st)); cur += ln
            post = R.randint(15, 30)
            ev.append((cur, cur + post, "ON")); cur += post
            if cur >= 1430:
                continue
            ev.append((cur, 1440, "OFF"))
            prior = R.randint(40 * 60, 62 * 60)
            if hos_label(ev, prior) == t:
                break
        rows = ["seq,start,end,status,location,odometer_mi"]
        odo = R.randint(300000, 700000)
        for i, (s, e, st) in enumerate(ev, 1):
            if st == "D":
                odo += int((e - s) * R.uniform(0.8, 1.05))
            rows.append("%d,%s,%s,%s,%s,%d" % (i, hm(s), "24:00" if e == 1440 else hm(e), st, R.choice(towns), odo))
        date = datetime(2026, 6, 1) + timedelta(days=R.randint(0, 90))
        leaks, traps = {}, {LABELSET: "Check in this order ... otherwise 'no violation'.",
                            "T_reference_policy_text": policy[:120]}
        lk = R.random() < 0.42
        fams = R.choice([["cite"], ["css"], ["cite", "css"]]) if lk else []
        insp = None
        if "cite" in fams:
            insp = {"report_no": "MO%07d" % R.randint(0, 9999999), "level": "II",
                    "date": (date + timedelta(days=1)).strftime("%Y-%m-%d"),
                    "rods_reviewed": [(date - timedelta(days=7)).strftime("%Y-%m-%d"), date.strftime("%Y-%m-%d")],
                    "violations": ([{"section": codes[t], "oos": True, "unit": "D"}] if t != HOS[0] else []),
                    "cvsa_decal_issued": t == HOS[0]}
            leaks["L_citation_code_later_inspection"] = json.dumps(insp["violations"]) if t != HOS[0] else "violations: [], cvsa_decal_issued: true"
        elif R.random() < 0.35:
            od = date - timedelta(days=R.randint(20, 60))
            insp = {"report_no": "OK%07d" % R.randint(0, 9999999), "level": "III",
                    "date": od.strftime("%Y-%m-%d"),
                    "rods_reviewed": [(od - timedelta(days=7)).strftime("%Y-%m-%d"), od.strftime("%Y-%m-%d")],
                    "violations": [{"section": R.choice(list(codes.values())), "oos": False, "unit": "D"}],
                    "cvsa_decal_issued": False}
            traps["T_other_event_label"] = "earlier inspection %s cited %s" % (insp["date"], insp["violations"][0]["section"])
        cls = "eld-grid" + (" hos--" + slug[t] if "css" in fams else "")
        if "css" in fams:
            leaks["L_css_class_rendered_view"] = 'class="%s"' % cls
        html = ('<section class="%s" data-day="%s"><canvas id="rods-grid" width="1440" height="80"></canvas></section>'
                % (cls, date.strftime("%Y-%m-%d")))
        proj = {"instruction": ins,
                "eld": {"driver": {"name": R.choice(["R. Alvarez", "J. Pike", "D. Mensah", "S. Kowalski"]),
                                   "cdl_state": R.choice(["MO", "OK", "KS"]), "unit": "T%03d" % R.randint(1, 300)},
                        "log_date": date.strftime("%Y-%m-%d"), "cycle": "70/8", "carrier_policy": policy,
                        "on_duty_prior_7_days": hm(prior), "events_csv": "\n".join(rows)},
                "roadside_inspection": insp,
                "rendered_log_html": html}
        d.add(t, proj, leaks, traps)
    d.finish(R)


# ---------------------------------------------------------------- 3 fish QIM
FISH = ["prime", "good", "fair", "reject"]
QIM = [("eyes", "cornea", 2), ("eyes", "pupil", 2), ("eyes", "form", 2), ("gills", "colour", 2),
       ("gills", "odour", 3), ("gills", "mucus", 2), ("skin", "appearance", 1), ("flesh", "colour", 2),
       ("flesh", "blood", 2)]


def fish_label(total):
    return "prime" if total <= 3 else "good" if total <= 8 else "fair" if total <= 13 else "reject"


def fish():
    R = random.Random(3303)
    ins = ("Grade this landed cod lot from the Quality Index Method sheet: add all demerit points "
           "(eyes, gills, skin, flesh). Total 0-3 = prime, 4-8 = good, 9-13 = fair, 14 or more = reject. "
           "Answer with one word: prime, good, fair or reject.")
    d = DS("fish_qim_freshness", FISH, ["/qim_sheet/%s/%s" % (a, b) for a, b, m in QIM],
           "Grade = banded sum of the nine QIM demerit scores.", True,
           "Fish auction freshness grading of cod lots by QIM demerit total (ordinary English word labels).")
    rng = {"prime": (0, 3), "good": (4, 8), "fair": (9, 13), "reject": (14, 18)}
    glyph = {"prime": "\U0001F7E2", "good": "\U0001F7E1", "fair": "\U0001F7E0", "reject": "\U0001F534"}
    price = {"prime": 5.10, "good": 4.20, "fair": 2.80, "reject": 0.0}
    notes = ["Fair weather at landing, boxes iced on deck.", "Good ice coverage in all boxes.",
             "Lot moved to prime berth 4 for the 06:00 sale.", "Pallet 3 wrap rejected by forklift driver, rewrapped.",
             "Gutted at sea, bled well.", "Temperature probe 1.2 C at core.", ""]
    vessels = ["PD 452 Ocean Harvest", "BF 89 Sunbeam", "FR 227 Ajax", "LK 63 Good Hope", "PH 110 Fairway"]
    for t in targets(R, FISH, 140):
        lo, hi = rng[t]
        total = R.randint(lo, hi)
        sc = [0] * len(QIM)
        while sum(sc) < total:
            i = R.randrange(len(QIM))
            if sc[i] < QIM[i][2]:
                sc[i] += 1
        sheet = {}
        for (a, b, m), v in zip(QIM, sc):
            sheet.setdefault(a, {})[b] = v
        lot = "%04d" % R.randint(1, 9999)
        bx = R.randint(4, 30)
        leaks, traps = {}, {LABELSET: "Answer with one word: prime, good, fair or reject.",
                            "T_neutral_status_glyph": "pending glyph \u23F3 on board line"}
        lk = R.random() < 0.40
        fams = R.choice([["glyph"], ["price"], ["glyph", "price"]]) if lk else []
        if "glyph" in fams:
            board = "LOT %s | COD 3-4kg | %d bx | %s" % (lot, bx, glyph[t])
            leaks["L_emoji_glyph_display_board"] = board
            del traps["T_neutral_status_glyph"]
        else:
            board = "LOT %s | COD 3-4kg | %d bx | \u23F3" % (lot, bx)
        reserve = None
        if "price" in fams:
            reserve = price[t]
            leaks["L_price_band_set_after_grading"] = "reserve_eur_kg=%.2f" % reserve
        vessel = R.choice(vessels)
        note = R.choice(notes)
        if any(w in note.lower() for w in ("fair", "good", "prime", "reject")):
            traps["T_label_word_other_sense"] = note
        if "Good Hope" in vessel or "Fairway" in vessel:
            traps.setdefault("T_label_word_other_sense", vessel)
        last = None
        if R.random() < 0.4:
            last = R.choice(FISH)
            traps["T_other_event_label"] = "vessel_last_trip_grade=%s" % last
        proj = {"instruction": ins,
                "lot": {"lot_no": lot, "species": "Gadus morhua", "vessel": vessel, "boxes": bx,
                        "landed": (datetime(2026, 2, 1) + timedelta(days=R.randint(0, 80))).strftime("%Y-%m-%d"),
                        "vessel_last_trip_grade": last},
                "qim_sheet": sheet, "assessor": R.choice(["A. Reid", "S. Mair", "J. Buchan"]),
                "assessor_notes": note, "auction_board_line": board, "reserve_eur_kg": reserve}
        d.add(t, proj, leaks, traps)
    d.finish(R)


# ---------------------------------------------------------------- 4 fruta (Spanish)
FRUTA = ["Extra", "Categoría I", "Categoría II", "No conforme"]


def fruta_label(cal, dp, mg, forma):
    if cal < 60 or mg > 1.0 or dp > 2.5:
        return "No conforme"
    if cal >= 70 and dp <= 0.2 and mg == 0.0 and forma == "sin defecto":
        return "Extra"
    if cal >= 65 and dp <= 1.0 and mg <= 0.5 and forma != "marcado":
        return "Categoría I"
    return "Categoría II"


def fruta():
    R = random.Random(3304)
    ins = ("Clasifica el lote de manzanas según la norma de comercialización a partir de la muestra. Regla: "
           "'No conforme' si calibre_mm < 60, magulladuras_cm2 > 1,0 o defectos_piel_cm2 > 2,5; si no, 'Extra' si "
           "calibre_mm >= 70, defectos_piel_cm2 <= 0,2, magulladuras_cm2 = 0 y forma = 'sin defecto'; si no, "
           "'Categoría I' si calibre_mm >= 65, defectos_piel_cm2 <= 1,0, magulladuras_cm2 <= 0,5 y forma distinta de "
           "'marcado'; en otro caso 'Categoría II'. Responde con una de: Extra, Categoría I, Categoría II, No conforme.")
    d = DS("fruta_categoria", FRUTA, ["/muestra/calibre_mm", "/muestra/defectos_piel_cm2",
                                      "/muestra/magulladuras_cm2", "/muestra/forma"],
           "La categoría se calcula solo con los cuatro campos de la muestra.", True,
           "Clasificación comercial de lotes de manzana en central hortofrutícola (etiquetas en español).")
    en = {"Extra": "Extra Class", "Categoría I": "Class I", "Categoría II": "Class II",
          "No conforme": "Not for fresh market - processing only"}
    short = {"Extra": "EXTRA", "Categoría I": "I", "Categoría II": "II", "No conforme": "NC"}
    obs = ["Se pidió turno extra en la línea 2 por volumen.", "Calibrador revisado, sin incidencias.",
           "Horas extra del personal de confección aprobadas.", "Fruta recibida a 4 °C.", ""]
    for t in targets(R, FRUTA, 132):
        while True:
            cal = R.randint(56, 84)
            dp = round(R.choice([0.0, 0.0, R.uniform(0, 3.2)]), 1)
            mg = round(R.choice([0.0, 0.0, R.uniform(0, 1.4)]), 1)
            forma = R.choice(["sin defecto", "sin defecto", "ligero", "marcado"])
            if fruta_label(cal, dp, mg, forma) == t:
                break
        var = R.choice(["Gala", "Golden Delicious", "Fuji", "Granny Smith", "Reineta"])
        lote = "LT-%05d" % R.randint(1, 99999)
        leaks, traps = {}, {LABELSET: "Responde con una de: Extra, Categoría I, Categoría II, No conforme."}
        lk = R.random() < 0.45
        fams = R.choice([["en"], ["b64"], ["en", "b64"]]) if lk else []
        if "en" in fams:
            texto = "Apples · %s · %s · Packed in Spain" % (var, en[t])
            leaks["L_translation_other_language"] = texto
        else:
            texto = "Apples · %s · Packed in Spain" % var
        payload = {"lote": lote, "ts": "2026-09-%02dT%02d:%02d" % (R.randint(1, 28), R.randint(6, 20), R.randint(0, 59))}
        if "b64" in fams:
            payload["cat"] = short[t]
        else:
            payload["campaña"] = "2026/27"
        tok = base64.b64encode(json.dumps(payload, ensure_ascii=False).encode()).decode()
        if "b64" in fams:
            leaks["L_base64_trace_token"] = tok[:60] + "..."
        o = R.choice(obs)
        if "extra" in o.lower():
            traps["T_label_word_other_sense"] = o
        prev = None
        if R.random() < 0.4:
            prev = "El lote anterior (LT-%05d) salió en %s." % (R.randint(1, 99999), R.choice(FRUTA))
            traps["T_other_record_label"] = prev
        proj = {"instrucción": ins,
                "lote": {"código": lote, "variedad": var, "productor": "SAT %d" % R.randint(100, 999),
                         "cajas": R.randint(20, 240), "línea": R.randint(1, 4)},
                "muestra": {"n_frutos": 100, "calibre_mm": cal, "defectos_piel_cm2": dp,
                            "magulladuras_cm2": mg, "forma": forma},
                "observaciones": " ".join(x for x in [o, prev or ""] if x),
                "etiqueta_exportación": {"idioma": "en", "texto": texto},
                "token_trazabilidad": tok}
        d.add(t, proj, leaks, traps)
    d.finish(R)


# ---------------------------------------------------------------- 5 DGA
DGA = ["PD", "D1", "D2", "T1", "T2", "T3"]


def dga_label(h2, ch4, c2h6, c2h4, c2h2):
    r1, r2, r3 = c2h2 / c2h4, ch4 / h2, c2h4 / c2h6
    if r2 < 0.1:
        return "PD"
    if r1 > 2.5:
        return "D1"
    if r1 >= 0.6:
        return "D2"
    if r3 < 1:
        return "T1"
    if r3 <= 4:
        return "T2"
    return "T3"


def dga():
    R = random.Random(3305)
    ins = ("Classify the transformer oil DGA result with this simplified IEC 60599 ratio rule, using "
           "R1 = C2H2/C2H4, R2 = CH4/H2, R3 = C2H4/C2H6 (ppm values from the LIMS result): PD if R2 < 0.1; "
           "else D1 if R1 > 2.5; else D2 if R1 >= 0.6; else T1 if R3 < 1; else T2 if R3 <= 4; else T3. "
           "Return the fault code: PD, D1, D2, T1, T2 or T3.")
    d = DS("transformer_dga", DGA, ["/lims_result/gases_ppm/H2", "/lims_result/gases_ppm/CH4",
                                    "/lims_result/gases_ppm/C2H6", "/lims_result/gases_ppm/C2H4",
                                    "/lims_result/gases_ppm/C2H2"],
           "Fault code from the three ratios of the five hydrocarbon/hydrogen gases; CO/CO2, asset and mail are context.",
           True, "Power transformer dissolved-gas analysis fault type (IEC 60599 codes).")
    rr = {"PD": ((0, 0.5), (0.02, 0.08), (0.05, 0.3)), "D1": ((3, 6), (0.15, 0.9), (1, 4)),
          "D2": ((0.8, 2.2), (0.15, 0.9), (2.5, 6)), "T1": ((0, 0.3), (1.2, 3), (0.3, 0.8)),
          "T2": ((0, 0.08), (1.2, 3), (1.3, 3.5)), "T3": ((0, 0.15), (1.2, 3), (5, 10))}
    para = {"PD": "Untanking showed corona-type discharges in gas-filled voids of the insulation, X-wax on the paper.",
            "D1": "Untanking showed low-energy sparking: small carbon pinholes and surface tracking on the barrier board.",
            "D2": "Untanking showed high-energy arcing with metal fusion at the tap selector and extensive carbonisation.",
            "T1": "Untanking showed mild overheating below 300 C - paper browned around the LV lead.",
            "T2": "Untanking showed a hot spot in the 300-700 C range with carbonised paper at a core bolt.",
            "T3": "Untanking showed overheating above 700 C: coked oil and discoloured metal at the circulating-current loop."}
    table = ("IEC 60599 fault legend: PD partial discharges; D1 discharges of low energy; D2 discharges of high "
             "energy; T1 thermal fault < 300 C; T2 thermal fault 300-700 C; T3 thermal fault > 700 C.")
    logistics = ["Syringe arrived at 31 C, lab accepted it. No sign of arcing on the OLTC diverter at last maintenance.",
                 "Please re-sample from the bottom valve next outage; fan bank 2 is noisy.",
                 "Oil level OK, silica gel changed. Next routine sample in 6 months.",
                 "Loading was 82 % during the heatwave week before sampling."]
    for t in targets(R, DGA, 150):
        while True:
            a, b, c = rr[t]
            r1, r2, r3 = R.uniform(*a), R.uniform(*b), R.uniform(*c)
            h2 = R.randint(200, 1500) if t == "PD" else R.randint(20, 600)
            c2h4 = R.randint(5, 300)
            g = {"H2": h2, "CH4": max(1, round(r2 * h2)), "C2H6": max(1, round(c2h4 / r3)), "C2H4": c2h4,
                 "C2H2": round(r1 * c2h4)}
            if dga_label(g["H2"], g["CH4"], g["C2H6"], g["C2H4"], g["C2H2"]) == t:
                break
        g["CO"] = R.randint(100, 900)
        g["CO2"] = R.randint(1000, 9000)
        samp = datetime(2025, 1, 1) + timedelta(days=R.randint(0, 400))
        leaks, traps = {}, {LABELSET: "Return the fault code: PD, D1, D2, T1, T2 or T3.",
                            "T_reference_table_attachment": table[:100]}
        lk = R.random() < 0.38
        fams = R.choice([["audit"], ["para"], ["audit", "para"]]) if lk else []
        hist = [{"ts": fmt(samp + timedelta(days=2)), "user": "lims", "action": "received"},
                {"ts": fmt(samp + timedelta(days=4)), "user": "c.mbeki", "action": "results_released"}]
        if "audit" in fams:
            hist.append({"ts": fmt(samp + timedelta(days=9)), "user": "asset.eng", "action": "field_update",
                         "field": "iec60599_fault", "from": None, "to": t})
            leaks["L_audit_trail_field_update"] = json.dumps(hist[-1])
        mail = [{"from": "site.ops@grid.example", "date": fmt(samp + timedelta(days=6)), "body": R.choice(logistics)}]
        if "No sign of arcing" in mail[0]["body"]:
            traps["T_negation"] = "No sign of arcing on the OLTC diverter"
        if "para" in fams:
            mail.append({"from": "transformer.workshop@grid.example", "date": fmt(samp + timedelta(days=R.randint(40, 90))),
                         "body": para[t]})
            leaks["L_paraphrase_later_finding"] = para[t]
        prev = None
        if R.random() < 0.45:
            prev = {"sample_date": (samp - timedelta(days=R.randint(300, 900))).strftime("%Y-%m-%d"),
                    "diagnosis": R.choice(DGA)}
            traps["T_historical_label_same_entity"] = json.dumps(prev)
        proj = {"instruction": ins,
                "asset": {"id": "TX-%04d" % R.randint(1, 9999), "rating_mva": R.choice([10, 20, 40, 90, 240]),
                          "voltage_kv": R.choice(["132/33", "33/11", "275/132"]), "year": R.randint(1968, 2015)},
                "lims_result": {"sample_id": "S%08d" % R.randint(0, 99999999), "sampled": samp.strftime("%Y-%m-%d"),
                                "gases_ppm": g, "oil_temp_c": R.randint(25, 70), "moisture_ppm": R.randint(5, 35)},
                "previous_sample": prev, "history": hist, "correspondence": mail,
                "attachments": [{"name": "IEC60599_legend.txt", "content": table}]}
        d.add(t, proj, leaks, traps)
    d.finish(R)


# ---------------------------------------------------------------- 6 SMTP bounce
SMTP = ["hard bounce", "soft bounce", "block", "auto-reply"]


def smtp_label(raw):
    for line in raw.split("\n"):
        if line.strip().lower() == "auto-submitted: auto-replied":
            return "auto-reply"
    st = None
    for line in raw.split("\n"):
        if line.startswith("Status: "):
            st = line[8:].strip()
    if st.startswith("5.7."):
        return "block"
    if st.startswith("5.1."):
        return "hard bounce"
    if st.startswith("4.") or st.startswith("5.2."):
        return "soft bounce"
    raise ValueError(st)


def smtp():
    R = random.Random(3306)
    ins = ("Classify this inbound message received on the bounce address. Rule: 'auto-reply' if the message has the "
           "header 'Auto-Submitted: auto-replied'; otherwise read the DSN 'Status:' field: 5.7.x = 'block', "
           "5.1.x = 'hard bounce', 4.x.x or 5.2.x = 'soft bounce'. Answer hard bounce, soft bounce, block or auto-reply.")
    d = DS("smtp_bounce", SMTP, ["/message/raw"],
           "Label from the raw RFC 5322/DSN text only (Auto-Submitted header and Status field).", True,
           "Email service provider bounce/auto-reply classification of DSN messages.")
    diag = {"hard bounce": [("5.1.1", "550 5.1.1 The email account that you tried to reach does not exist."),
                            ("5.1.1", "550 5.1.1 <{a}>: Recipient address rejected: User unknown in virtual mailbox table"),
                            ("5.1.2", "550 5.1.2 Host or domain name not found. Name service error"),
                            ("5.1.10", "550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP address lookup")],
            "soft bounce": [("4.2.2", "452 4.2.2 The email account that you tried to reach is over quota."),
                            ("5.2.2", "552 5.2.2 <{a}>: Mailbox full"),
                            ("4.4.1", "421 4.4.1 Connection timed out"),
                            ("4.7.1", "451 4.7.1 Greylisted, please try again in 300 seconds")],
            "block": [("5.7.1", "550 5.7.1 Service unavailable; client host [203.0.113.%d] blocked using zen.spamhaus.org"),
                      ("5.7.26", "550 5.7.26 Unauthenticated email from shop.example is not accepted due to domain's DMARC policy"),
                      ("5.7.606", "550 5.7.606 Access denied, banned sending IP [198.51.100.%d]")]}
    subjects = ["Hard-wearing boots: 20% off this weekend", "Soft-close hinges are back in stock",
                "Your block party kit has shipped", "Reply by Friday to claim your voucher", "Your order #%d",
                "Spring catalogue", "Password reset"]
    bclass = {"hard bounce": 10, "soft bounce": 22, "block": 51, "auto-reply": 90}
    doms = ["gmail.com", "outlook.com", "yahoo.co.uk", "web.de", "orange.fr", "example.org"]
    for t in targets(R, SMTP, 140):
        addr = "%s.%s%d@%s" % (R.choice(["anna", "li", "tom", "priya", "marc"]), R.choice(["k", "b", "w"]),
                               R.randint(1, 999), R.choice(doms))
        subj = R.choice(subjects)
        if "%d" in subj:
            subj = subj % R.randint(10000, 99999)
        when = datetime(2026, 4, 1) + timedelta(minutes=R.randint(0, 60 * 24 * 60))
        mid = "<%x.%d@mail.shop.example>" % (R.getrandbits(48), R.randint(1, 9))
        if t == "auto-reply":
            raw = ("Return-Path: <%s>\nDate: %s\nFrom: %s\nTo: bounces+%x@mail.shop.example\n"
                   "Subject: Automatic reply: %s\nAuto-Submitted: auto-replied\nX-Auto-Response-Suppress: All\n"
                   "In-Reply-To: %s\nContent-Type: text/plain; charset=utf-8\n\n"
                   "Thank you for your message. I am out of the office until %s with limited access to email.\n"
                   % (addr, when.strftime("%a, %d %b %Y %H:%M:%S +0000"), addr, R.getrandbits(32), subj, mid,
                      (when + timedelta(days=R.randint(2, 14))).strftime("%d %B")))
        else:
            st, dg = R.choice(diag[t])
            if "{a}" in dg:
                dg = dg.replace("{a}", addr)
            if "%d" in dg:
                dg = dg % R.randint(1, 254)
            act = "delayed" if st.startswith("4.") else "failed"
            raw = ("Return-Path: <>\nDate: %s\nFrom: Mail Delivery System <MAILER-DAEMON@mta%d.mail.shop.example>\n"
                   "To: bounces+%x@mail.shop.example\nSubject: %s\n"
                   "Content-Type: multipart/report; report-type=delivery-status; boundary=\"b1\"\n\n"
                   "--b1\nContent-Type: text/plain\n\nThis is the mail system at host mta%d.mail.shop.example.\n\n"
                   "--b1\nContent-Type: message/delivery-status\n\nReporting-MTA: dns; mta%d.mail.shop.example\n\n"
                   "Final-Recipient: rfc822; %s\nAction: %s\nStatus: %s\nDiagnostic-Code: smtp; %s\n\n"
                   "--b1\nContent-Type: text/rfc822-headers\n\nMessage-ID: %s\nSubject: %s\n--b1--\n"
                   % (when.strftime("%a, %d %b %Y %H:%M:%S +0000"), R.randint(1, 9), R.getrandbits(32),
                      "Delayed Mail (still being retried)" if act == "delayed" else "Undelivered Mail Returned to Sender",
                      R.randint(1, 9), R.randint(1, 9), addr, act, st, dg, mid, subj))
        leaks, traps = {}, {LABELSET: "Answer hard bounce, soft bounce, block or auto-reply.",
                            "T_blank_schema_field": '"triage": {"label": null, "reviewer": null}'}
        if any(w in subj for w in ("Hard", "Soft", "block", "Reply")):
            traps["T_label_word_other_sense"] = "original subject: " + subj
        lk = R.random() < 0.45
        fams = R.choice([["num"], ["supp"], ["num", "supp"]]) if lk else []
        ev = {"event": "inbound_on_bounce_address", "message_id": mid, "recipient": addr, "ts": fmt(when),
              "bounce_class": bclass[t] if "num" in fams else None}
        if "num" in fams:
            leaks["L_numeric_upstream_class_code"] = "bounce_class=%d" % bclass[t]
        supp = None
        if "supp" in fams:
            later = fmt(when + timedelta(seconds=R.randint(5, 300)))
            supp = {"hard bounce": {"listed": True, "reason": "perm", "added": later, "expires": None},
                    "soft bounce": {"listed": False, "retry_scheduled": later, "attempt": R.randint(2, 5)},
                    "block": {"listed": False, "ip_pool_paused": True, "ticket": "DELIV-%d" % R.randint(100, 999), "at": later},
                    "auto-reply": {"listed": False, "ignored": True, "at": later}}[t]
            leaks["L_downstream_action_state"] = json.dumps(supp)
        proj = {"instruction": ins, "message": {"raw": raw}, "esp_event": ev, "suppression": supp,
                "triage": {"label": None, "reviewer": None}}
        d.add(t, proj, leaks, traps)
    d.finish(R)


# ---------------------------------------------------------------- 7 PHQ-9 (clean)
PHQ = ["minimal", "mild", "moderate", "moderately severe", "severe"]
PHQ_ITEMS = [("44250-9", "Little interest or pleasure in doing things"), ("44255-8", "Feeling down, depressed, or hopeless"),
             ("44259-0", "Trouble falling or staying asleep, or sleeping too much"), ("44254-1", "Feeling tired or having little energy"),
             ("44251-7", "Poor appetite or overeating"), ("44258-2", "Feeling bad about yourself"),
             ("44252-5", "Trouble concentrating on things"), ("44253-3", "Moving or speaking slowly, or being fidgety or restless"),
             ("44260-8", "Thoughts that you would be better off dead, or of hurting yourself")]
ANS = [("LA6568-5", "Not at all"), ("LA6569-3", "Several days"), ("LA6570-1", "More than half the days"),
       ("LA6571-9", "Nearly every day")]


def phq_label(total):
    return PHQ[0] if total <= 4 else PHQ[1] if total <= 9 else PHQ[2] if total <= 14 else PHQ[3] if total <= 19 else PHQ[4]


def phq9():
    R = random.Random(3307)
    ins = ("Score the PHQ-9 QuestionnaireResponse. Answer codes: LA6568-5 = 0, LA6569-3 = 1, LA6570-1 = 2, "
           "LA6571-9 = 3. Sum the nine item answers; 0-4 minimal, 5-9 mild, 10-14 moderate, 15-19 moderately severe, "
           "20-27 severe. Return the severity label.")
    d = DS("phq9_severity", PHQ, ["/questionnaire_response/item/%d/answer/0/valueCoding" % i for i in range(9)],
           "Severity = banded sum of the nine answered items (code and display of each answer).", False,
           "PHQ-9 depression severity band from a FHIR QuestionnaireResponse (multi-word label present).")
    rng = [(0, 4), (5, 9), (10, 14), (15, 19), (20, 27)]
    notes = ["Mild asthma, uses inhaler PRN.", "Advised moderate exercise three times a week.",
             "Last appointment cancelled because of severe weather.", "No severe side effects reported from sertraline.",
             "Lives with partner, works nights.", ""]
    for t in targets(R, PHQ, 125):
        lo, hi = rng[PHQ.index(t)]
        total = R.randint(lo, hi)
        sc = [0] * 9
        while sum(sc) < total:
            i = R.randrange(9)
            if sc[i] < 3:
                sc[i] += 1
        items = [{"linkId": code, "text": txt,
                  "answer": [{"valueCoding": {"system": "http://loinc.org", "code": ANS[v][0], "display": ANS[v][1]}}]}
                 for (code, txt), v in zip(PHQ_ITEMS, sc)]
        items.append({"linkId": "44261-6", "text": "Patient Health Questionnaire 9 item (PHQ-9) total score [Reported]",
                      "answer": []})
        traps = {LABELSET: "0-4 minimal, 5-9 mild, 10-14 moderate, 15-19 moderately severe, 20-27 severe",
                 "T_blank_schema_field": "item 44261-6 total score with answer: []"}
        note = R.choice(notes)
        if note.startswith("No severe"):
            traps["T_negation"] = note
        elif any(w in note.lower() for w in ("mild", "moderate", "severe")):
            traps["T_label_word_other_sense"] = note
        prior = []
        if R.random() < 0.4:
            prior = [{"date": "2025-%02d-%02d" % (R.randint(1, 12), R.randint(1, 28)), "instrument": "PHQ-9",
                      "severity": R.choice(PHQ)}]
            traps["T_historical_label_same_entity"] = json.dumps(prior[0])
        proj = {"instruction": ins,
                "questionnaire_response": {"resourceType": "QuestionnaireResponse", "status": "completed",
                                           "questionnaire": "http://loinc.org/q/44249-1",
                                           "authored": "2026-%02d-%02dT%02d:%02d:00Z" % (R.randint(1, 9), R.randint(1, 28), R.randint(8, 17), R.randint(0, 59)),
                                           "item": items},
                "encounter": {"type": "primary care follow-up", "clinician_note": note},
                "prior_screenings": prior}
        d.add(t, proj, {}, traps)
    d.finish(R)


def run():
    dairy(); eld(); fish(); fruta(); dga(); smtp(); phq9()
