"""Builders 1-7."""
import base64
import datetime as dt
import json

from common import *  # noqa: F401,F403


# ---------------------------------------------------------------- 1 RWYCC
def b_rwycc(rng):
    name = "runway_condition_code"
    labels = ["0", "1", "2", "3", "4", "5", "6"]
    n = 154
    aer = {"ESSA": ["01L/19R", "01R/19L", "08/26"], "ENGM": ["01L/19R", "01R/19L"],
           "EFHK": ["04L/22R", "04R/22L", "15/33"], "CYUL": ["06L/24R", "06R/24L", "10/28"],
           "BIKF": ["01/19", "10/28"], "LOWS": ["15/33"], "ESGG": ["03/21"]}
    instr = (
        "You are the aerodrome runway condition assessor (GRF). Assign the runway condition code (RWYCC) "
        "for the runway third described by the inspection record, using this aerodrome's simplified RCAM:\n"
        "- contaminant DRY, or coverage below 25 % -> 6\n"
        "- FROST; WET (3 mm or less); SLUSH, DRY SNOW or WET SNOW 3 mm or less -> 5\n"
        "- COMPACTED SNOW at OAT -15 C or colder -> 4\n"
        "- COMPACTED SNOW warmer than -15 C; DRY SNOW or WET SNOW deeper than 3 mm; DRY SNOW ON TOP OF "
        "COMPACTED SNOW; WET SNOW ON TOP OF COMPACTED SNOW -> 3\n"
        "- STANDING WATER; SLUSH deeper than 3 mm -> 2\n"
        "- ICE -> 1\n"
        "- WET ICE; WATER ON TOP OF COMPACTED SNOW; DRY SNOW ON TOP OF ICE; WET SNOW ON TOP OF ICE -> 0\n"
        "Use contaminant, depth_mm, coverage_pct and oat_c from get_runway_inspection. Answer with one digit.")
    ba = {"5": "GOOD", "4": "GOOD TO MEDIUM", "3": "MEDIUM", "2": "MEDIUM TO POOR", "1": "POOR",
          "0": "LESS THAN POOR"}
    pool = ["Friction measurement vehicle FMV-2 serviceable", "Sweepers SW1-SW4 standing by at de-icing apron",
            "Bird patrol completed, nil observed", "ILS monitor normal", "Apron lighting stand 41-44 U/S, reported",
            "Follow-me F3 refuelled", "Glycol recovery truck on station", "Wildlife hazard: hare near TWY Z, dispersed"]
    plan = label_plan(rng, labels, n)
    PK = Balanced(rng, labels)
    leaks = leak_plan(rng, n, 0.45)
    recs, infos = [], []
    for i in range(n):
        lab = plan[i]
        R = Rec()
        icao = rng.choice(sorted(aer))
        rwy = rng.choice(aer[icao])
        third = rng.choice(["A", "B", "C"])
        depth, cov = None, rng.choice([25, 50, 75, 100])
        if lab == "6":
            if rng.random() < 0.5:
                cont, cov = "DRY", 0
                oat = rng.randint(-20, 12)
            else:
                cont = rng.choice(["WET SNOW", "DRY SNOW", "SLUSH", "ICE", "STANDING WATER"])
                cov = rng.choice([5, 10, 15, 20])
                depth = rng.randint(1, 12) if cont != "ICE" else None
                oat = rng.randint(-12, 2) if cont != "STANDING WATER" else rng.randint(1, 8)
        elif lab == "5":
            cont = rng.choice(["FROST", "WET", "SLUSH", "DRY SNOW", "WET SNOW"])
            depth = None if cont == "FROST" else rng.randint(1, 3)
            oat = {"FROST": rng.randint(-10, 1), "WET": rng.randint(1, 10)}.get(cont, rng.randint(-12, 1))
        elif lab == "4":
            cont, oat = "COMPACTED SNOW", rng.randint(-28, -15)
        elif lab == "3":
            cont = rng.choice(["COMPACTED SNOW", "DRY SNOW", "WET SNOW", "DRY SNOW ON TOP OF COMPACTED SNOW",
                               "WET SNOW ON TOP OF COMPACTED SNOW"])
            oat = rng.randint(-14, 0)
            if cont in ("DRY SNOW", "WET SNOW") or "ON TOP" in cont:
                depth = rng.randint(4, 40)
        elif lab == "2":
            cont = rng.choice(["STANDING WATER", "SLUSH"])
            depth = rng.randint(4, 18)
            oat = rng.randint(0, 9)
        elif lab == "1":
            cont, oat = "ICE", rng.randint(-15, -1)
        else:
            cont = rng.choice(["WET ICE", "WATER ON TOP OF COMPACTED SNOW", "DRY SNOW ON TOP OF ICE",
                               "WET SNOW ON TOP OF ICE"])
            oat = rng.randint(-8, 1)
            if "SNOW ON TOP OF ICE" in cont:
                depth = rng.randint(2, 20)
        t0 = BASE + dt.timedelta(days=rng.randint(0, 70), minutes=rng.randint(0, 600))
        insp = {"aerodrome": icao, "runway": rwy, "third": third, "inspected_at": iso(t0),
                "contaminant": cont, "depth_mm": depth, "coverage_pct": cov, "oat_c": oat,
                "inspector": PK(lab, ["AOS-12", "AOS-07", "AOS-31", "AOS-19"]),
                "method": PK(lab, ["visual + depth gauge", "visual", "CFME run + visual"])}
        R.t(TR_NUM, "runway designator %s" % rwy)
        R.t(TR_LIST, "instruction lists codes 0-6")
        letter = rng.choice("ABCDEFGHKLMNPQ")
        other_rwy = [r for r in aer[icao] if r != rwy]
        atis = ("%s INFORMATION %s %02d%02dZ. EXPECT ILS APPROACH RWY %s. TRANSITION LEVEL %d. WIND %03d DEG %d KT. "
                "VIS %s. QNH %d." % (icao, letter, t0.hour, t0.minute, rwy.split("/")[rng.randint(0, 1)],
                                     rng.choice([50, 60, 70]), rng.randrange(0, 360, 10), rng.randint(2, 25),
                                     rng.choice(["10 KM OR MORE", "4000 M", "1500 M", "800 M"]),
                                     rng.randint(975, 1035)))
        log = []
        for k, line in enumerate(rng.sample(pool, rng.randint(2, 4))):
            log.append("%s %s" % ((t0 - dt.timedelta(minutes=40 - 9 * k)).strftime("%H:%M"), line))
        if other_rwy and rng.random() < 0.35:
            c = PK(lab)
            log.append(R.t(TR_OTHER, "%s RWY %s: RWYCC %s/%s/%s reported, runway closed for ploughing" % (
                (t0 - dt.timedelta(minutes=5)).strftime("%H:%M"), rng.choice(other_rwy), c, c, c)))
        hist = None
        if rng.random() < 0.3:
            c = PK(lab)
            hist = R.t(TR_HIST, "Previous assessment this runway (yesterday %02d:%02dZ): RWYCC %s/%s/%s" % (
                rng.randint(10, 22), rng.randint(0, 59), c, c, c))
        leak = leaks[i]
        if leak:
            fams = fams_for(rng, [L_SNOWTAM, L_BRAKING] if lab != "6" else [L_SNOWTAM])
            R.leaks = fams
            if L_SNOWTAM in fams:
                d = "NR" if depth is None else "%02d" % depth
                cv = "NR" if cov < 25 else "%d" % cov
                sn = "%s %s %s %s/%s/%s %s/%s/%s %s/%s/%s %s/%s/%s" % (
                    icao, (t0 + dt.timedelta(minutes=12)).strftime("%m%d%H%M"), rwy.split("/")[0],
                    lab, lab, lab, cv, cv, cv, d, d, d, cont, cont, cont)
                log.append("%s SNOWTAM draft queued for NOF: %s" % ((t0 + dt.timedelta(minutes=12)).strftime("%H:%M"), sn))
            if L_BRAKING in fams:
                atis += " BRAKING ACTION %s RWY %s." % (ba[lab], rwy.split("/")[0])
        proj = {"instruction": instr,
                "tool_calls": [{"name": "get_runway_inspection", "args": {"aerodrome": icao, "runway": rwy},
                                "output": insp}],
                "current_atis": atis, "ops_log": log}
        if hist:
            proj["tool_calls"][0]["output"]["remarks"] = hist
        recs.append(record(name, i + 1, lab, labels, proj, leak))
        infos.append(R)
    meta = {"derive_from": ["/tool_calls/0/output/contaminant", "/tool_calls/0/output/depth_mm",
                            "/tool_calls/0/output/coverage_pct", "/tool_calls/0/output/oat_c"],
            "note": "RWYCC from the simplified RCAM stated in the instruction; inputs are the inspection's "
                    "contaminant, depth, coverage and outside air temperature."}
    return dict(name=name, leaking=True, task="Runway condition code (GRF/RCAM) from a runway-third inspection",
                records=recs, meta=meta, infos=infos)


# ---------------------------------------------------------------- 2 Vigicrues (French)
def b_vigicrues(rng):
    name = "vigilance_crues"
    labels = ["vert", "jaune", "orange", "rouge"]
    n = 148
    stations = [("V720001002", "La Meyne à Orange", "Meyne - Aigues"), ("V720001003", "L'Ouvèze à Bédarrides", "Ouvèze"),
                ("K418001010", "La Loire à Gien", "Loire moyenne"), ("O900001001", "La Garonne à Tonneins", "Garonne marmandaise"),
                ("V720000001", "Le Rhône à Beaucaire", "Rhône aval"), ("H570001001", "La Marne à Gournay-sur-Marne", "Marne aval"),
                ("W141001001", "L'Isère à Grenoble", "Isère grenobloise"), ("U263001001", "Le Doubs à Besançon", "Doubs moyen"),
                ("A743001001", "La Moselle à Toul", "Moselle amont"), ("Q521001001", "Le Gave de Pau à Orthez", "Gave de Pau aval"),
                ("J709001001", "La Vilaine à Rennes", "Vilaine amont"), ("H320001001", "La Seine à Paris-Austerlitz", "Seine moyenne")]
    consigne = ("Tu es prévisionniste au Service de Prévision des Crues. Détermine la couleur de vigilance crues du "
                "tronçon pour l'observation transmise : rouge si la hauteur observée atteint le seuil rouge, orange si "
                "elle atteint le seuil orange, jaune si elle atteint le seuil jaune, sinon vert. Utilise uniquement "
                "la hauteur observée (hauteur_m) et les seuils de la station. Réponds par un seul mot : vert, jaune, "
                "orange ou rouge.")
    hexc = {"vert": "#28D661", "jaune": "#FFFF00", "orange": "#FF9900", "rouge": "#FF0000"}
    niveau = {"vert": 1, "jaune": 2, "orange": 3, "rouge": 4}
    emo = {"vert": "\U0001F7E2", "jaune": "\U0001F7E1", "orange": "\U0001F7E0", "rouge": "\U0001F534"}
    thr = {}
    for code, nom, tr in stations:
        a = round(rng.uniform(1.5, 4.0), 2)
        b = round(a + rng.uniform(0.8, 2.0), 2)
        c = round(b + rng.uniform(0.8, 2.5), 2)
        thr[code] = (a, b, c)
    plan = label_plan(rng, labels, n)
    PK = Balanced(rng, labels)
    leaks = leak_plan(rng, n, 0.5)
    recs, infos = [], []
    for i in range(n):
        lab = plan[i]
        R = Rec()
        code, nom, troncon = PK(lab, stations)
        a, b, c = thr[code]
        lo, hi = {"vert": (max(0.2, a - 2.0), a - 0.05), "jaune": (a, b - 0.05), "orange": (b, c - 0.05),
                  "rouge": (c, c + 2.0)}[lab]
        h = round(rng.uniform(lo, hi), 2)
        t0 = BASE + dt.timedelta(days=rng.randint(0, 80), hours=rng.randint(0, 23))
        trans = PK(lab, ["GSM Orange", "GSM SFR", "GSM Bouygues Telecom", "Satellite Argos", "RTC"])
        if "Orange" in trans:
            R.t(TR_SENSE, "transmission : GSM Orange (opérateur)")
        if "Orange" in nom:
            R.t(TR_NAME, "station « %s »" % nom)
        R.t(TR_INPUT, "clés seuil_jaune_m / seuil_orange_m / seuil_rouge_m")
        R.t(TR_LIST, "consigne cite vert, jaune, orange, rouge")
        station = {"code": code, "libelle": nom, "troncon": troncon, "transmission": trans,
                   "seuils": {"seuil_jaune_m": a, "seuil_orange_m": b, "seuil_rouge_m": c}}
        if rng.random() < 0.3:
            y = rng.choice([1910, 1955, 1982, 1993, 2003, 2016, 2018, 2021])
            station["repere_historique"] = R.t(
                TR_HIST, "Crue de référence %d ; dernière vigilance %s sur ce tronçon en %d" % (
                    y, PK(lab), rng.choice([2016, 2018, 2020, 2021, 2023, 2024])))
        bulletin = "Bulletin de %s. Tendance : %s. " % (
            t0.strftime("%d/%m/%Y %Hh"), rng.choice(["stable", "hausse lente", "baisse", "hausse modérée", "incertaine"]))
        if rng.random() < 0.35 and "Marne" not in nom:
            bulletin += R.t(TR_NEG, "Aucune vigilance rouge n'est en cours sur le bassin de la Marne. ")
        bulletin += "Prochaine mise à jour à 16h00."
        msgs = ["Mise à jour du bulletin prévue à 16h00.", "Astreinte SPC joignable au standard."]
        posts = [R.t(TR_GLYPH, "\U0001F327\uFE0F Pluies orageuses attendues ce soir sur le bassin %s." % troncon.split()[0])]
        fill = "#BFBFBF"
        leak = leaks[i]
        if leak:
            fams = fams_for(rng, [L_HEXCOLOR, L_LEVELNUM, L_EMOJI])
            R.leaks = fams
            if L_HEXCOLOR in fams:
                fill = hexc[lab]
            if L_LEVELNUM in fams:
                msgs.append("PREFECTURE - ALERTE CRUE NIVEAU %d/4 - tronçon %s. Evitez les berges." % (niveau[lab], troncon))
            if L_EMOJI in fams:
                posts.append("%s #Vigicrues %s : suivez les consignes de sécurité." % (emo[lab], troncon))
        if fill == "#BFBFBF":
            R.t(TR_NEUTRAL, "SVG tronçon fill #BFBFBF (non calculé)")
        svg = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300"><g id="troncons">'
               '<path id="tr-%s" class="troncon" d="M12 40 L140 88 L260 120" style="fill:none;stroke:%s;stroke-width:6"/>'
               '</g></svg>' % (code, fill))
        proj = {"consigne": consigne,
                "station": station,
                "observation": {"horodatage": iso(t0), "hauteur_m": h, "debit_m3s": None,
                                "qualification": rng.choice(["brute", "pré-validée"])},
                "bulletin_local": bulletin,
                "carte_svg": svg,
                "messages_diffuses": msgs,
                "reseaux_sociaux": posts}
        recs.append(record(name, i + 1, lab, labels, proj, leak))
        infos.append(R)
    meta = {"derive_from": ["/observation/hauteur_m", "/station/seuils/seuil_jaune_m",
                            "/station/seuils/seuil_orange_m", "/station/seuils/seuil_rouge_m"],
            "note": "Couleur = comparaison de la hauteur observée aux trois seuils de la station (règle dans la consigne)."}
    return dict(name=name, leaking=True, task="Vigilance crues colour (French labels) from water level vs station thresholds",
                records=recs, meta=meta, infos=infos)


# ---------------------------------------------------------------- 3 Going (clean)
def b_going(rng):
    name = "racecourse_going"
    labels = ["Heavy", "Soft", "Good to Soft", "Good", "Good to Firm", "Firm"]
    n = 138
    bands = {"Heavy": (3.6, 4.95), "Soft": (5.05, 6.45), "Good to Soft": (6.55, 7.45), "Good": (7.55, 8.45),
             "Good to Firm": (8.55, 9.45), "Firm": (9.55, 10.8)}
    courses = ["Newbury", "Haydock Park", "Ascot", "York", "Sandown Park", "Goodwood", "Chepstow", "Wetherby",
               "Market Rasen", "Cheltenham"]
    instr = ("You are the clerk of the course's assistant. Declare the official going for today's turf track from "
             "the GoingStick readings: take the mean of all readings (not rounded) and map it: below 5.0 Heavy; "
             "5.0 to below 6.5 Soft; 6.5 to below 7.5 Good to Soft; 7.5 to below 8.5 Good; 8.5 to below 9.5 Good to "
             "Firm; 9.5 or above Firm. Answer with the going description only.")
    plan = label_plan(rng, labels, n)
    PK = Balanced(rng, labels)
    recs, infos = [], []
    for i in range(n):
        lab = plan[i]
        R = Rec()
        lo, hi = bands[lab]
        while True:
            m = rng.uniform(lo, hi)
            rd = [round(m + rng.uniform(-0.6, 0.6), 1) for _ in range(rng.randint(6, 10))]
            mean = sum(rd) / len(rd)
            if lo <= mean <= hi:
                break
        course = PK(lab, courses)
        R.t(TR_LIST, "instruction lists all six descriptions")
        if course == "Goodwood":
            R.t(TR_NAME, "course: Goodwood")
        notes = []
        if rng.random() < 0.4:
            notes.append(R.t(TR_SENSE, PK(lab, [
                "Good grass cover throughout after autumn renovation.",
                "The groundcare firm finished verti-draining the back straight on Tuesday.",
                "Soft drinks concession relocated to the Tattersalls lawn.",
                "Heavy plant kept off the course since the weekend."])))
        if rng.random() < 0.3:
            notes.append(R.t(TR_HIST, "For reference, this fixture last year was run on %s ground." % PK(lab)))
        if rng.random() < 0.25:
            notes.append("Glorious Goodwood entries close next week.")
            R.t(TR_NAME, "Glorious Goodwood mention")
        press = []
        if rng.random() < 0.35:
            press.append(R.t(TR_SPEC, "Trainer enquiry (phone): 'Do you think it could be %s by first race?'" % PK(lab)))
        if rng.random() < 0.35:
            oc = rng.sample([c for c in courses if c != course], 2)
            press.append(R.t(TR_OTHER, "Other meetings today: %s %s; %s %s." % (
                oc[0], PK(lab), oc[1], PK(lab))))
        t0 = BASE + dt.timedelta(days=rng.randint(0, 200), hours=rng.randint(0, 4))
        proj = {"instruction": instr,
                "clerk_report": {"course": course, "meeting_date": t0.strftime("%Y-%m-%d"),
                                 "track": rng.choice(["Round course", "Straight course", "Hurdle course", "Chase course"]),
                                 "goingstick": {"device": "TurfTrax GoingStick", "readings": rd,
                                                "walked_at": t0.strftime("%H:%M")},
                                 "rain_mm_24h": round(rng.uniform(0, 12), 1),
                                 "watering_mm_48h": rng.choice([0, 0, 0, 3, 5]),
                                 "forecast": rng.choice(["Dry, sunny spells", "Showers from midday", "Overcast, light breeze",
                                                         "Rain spreading in after 4pm"]),
                                 "notes": notes},
                "press_office": press}
        recs.append(record(name, i + 1, lab, labels, proj, False))
        infos.append(R)
    meta = {"derive_from": ["/clerk_report/goingstick/readings", "/clerk_report/rain_mm_24h",
                            "/clerk_report/watering_mm_48h", "/clerk_report/forecast"],
            "note": "Going from the mean GoingStick reading (rule in instruction); rain/watering/forecast are legitimate "
                    "context and listed so they are not treated as outside signal."}
    return dict(name=name, leaking=False, task="Official turf going description from GoingStick readings",
                records=recs, meta=meta, infos=infos)


# ---------------------------------------------------------------- 4 Coffee cupping
def b_coffee(rng):
    name = "coffee_cupping_grade"
    labels = ["Outstanding", "Excellent", "Very Good", "Below Specialty"]
    n = 136
    abbr = {"Outstanding": "OUT", "Excellent": "EXC", "Very Good": "VGD", "Below Specialty": "BSP"}
    mu = {"Outstanding": 9.1, "Excellent": 8.35, "Very Good": 7.7, "Below Specialty": 7.05}
    origins = [("ETH", "YRG", "Yirgacheffe"), ("ETH", "GUJ", "Guji"), ("KEN", "NYR", "Nyeri"), ("COL", "HUI", "Huila"),
               ("GTM", "HUE", "Huehuetenango"), ("BRA", "SUL", "Sul de Minas"), ("PER", "CAJ", "Cajamarca"),
               ("RWA", "NYA", "Nyamasheke"), ("HND", "MAR", "Marcala")]
    instr = ("You are a Q-grader's assistant. Compute the final cupping score: sum of the ten attribute scores minus "
             "defects (2 points per taint cup, 4 points per fault cup). Grade: 90 or above Outstanding; 85 to below 90 "
             "Excellent; 80 to below 85 Very Good; below 80 Below Specialty. Answer with the grade only.")
    plan = label_plan(rng, labels, n)
    PK = Balanced(rng, labels)
    leaks = leak_plan(rng, n, 0.35)
    recs, infos = [], []

    def grade(tot):
        return "Outstanding" if tot >= 90 else "Excellent" if tot >= 85 else "Very Good" if tot >= 80 else "Below Specialty"
    for i in range(n):
        lab = plan[i]
        R = Rec()
        while True:
            att = {k: min(10.0, max(6.0, round(rng.gauss(mu[lab], 0.35) * 4) / 4)) for k in
                   ["fragrance_aroma", "flavor", "aftertaste", "acidity", "body", "balance", "overall"]}
            cups = {k: (10 if rng.random() < 0.85 else 8) for k in ["uniformity", "clean_cup", "sweetness"]}
            taint = 1 if (lab == "Below Specialty" and rng.random() < 0.3) else 0
            fault = 1 if (lab == "Below Specialty" and rng.random() < 0.15) else 0
            tot = sum(att.values()) + sum(cups.values()) - 2 * taint - 4 * fault
            if grade(tot) == lab:
                break
        scores = dict(att)
        scores.update(cups)
        oc, rc, reg = rng.choice(origins)
        seq = rng.randint(100, 9999)
        lot = "%s-%s-25-%04d" % (oc, rc, seq)
        leak = leaks[i]
        fams = fams_for(rng, [L_IDCODE, L_PROBS, L_URL]) if leak else []
        R.leaks = fams
        if L_IDCODE in fams:
            lot = "%s-%s-25-%s-%04d" % (oc, rc, abbr[lab], seq)
        url = "https://green.exchange.example/lots/%s-%s-%04d?crop=2025&ref=cupping" % (oc.lower(), rc.lower(), seq)
        if L_URL in fams:
            url = "https://green.exchange.example/lots/%s-%s-%04d?crop=2025&grade=%s" % (
                oc.lower(), rc.lower(), seq, lab.lower().replace(" ", "-"))
        else:
            R.t(TR_NEUTRAL, "listing_url without grade parameter")
        notes = "Washed, raised beds 14 days. Altitude %d masl." % rng.randint(1200, 2200)
        if rng.random() < 0.35:
            notes += " " + R.t(TR_SENSE, "Excellent drying weather during the main harvest.")
        invoice = {"invoice_no": "INV-%05d" % rng.randint(1, 99999), "bags": rng.randint(10, 320),
                   "price_usd_lb": round(rng.uniform(3.2, 6.8), 2)}
        if rng.random() < 0.5:
            invoice["status_line"] = R.t(TR_SENSE, "Outstanding balance: USD %0.2f" % rng.choice([0, 0, 1250.0, 4800.5]))
        else:
            invoice["status_line"] = "Balance due: USD 0.00"
        R.t(TR_LIST, "instruction lists all four grades")
        manifest = None
        if rng.random() < 0.4:
            manifest = [R.t(TR_OTHER, "%s-%s-25-%04d: %s" % (oc, rc, rng.randint(100, 9999), PK(lab)))
                        for _ in range(rng.randint(2, 4))]
        proj = {"instruction": instr,
                "cupping_form": {"sample_id": "S-%05d" % rng.randint(1, 99999), "roast_level": PK(lab, ["Agtron 58", "Agtron 63", "Agtron 55"]),
                                 "cups": 5, "scores": scores, "defects": {"taint_cups": taint, "fault_cups": fault},
                                 "descriptors": rng.sample(["jasmine", "bergamot", "stone fruit", "cocoa", "brown sugar",
                                                            "black tea", "citric", "malic", "nutty", "earthy", "woody"], 3)},
                "lot": {"lot_code": lot, "origin": reg, "producer_notes": notes, "listing_url": url},
                "invoice": invoice}
        if manifest:
            proj["container_manifest_other_lots"] = manifest
        if L_PROBS in fams:
            p = [rng.uniform(0.02, 0.12) for _ in labels]
            p[labels.index(lab)] = rng.uniform(0.55, 0.85)
            s = sum(p)
            proj["auto_cupper"] = {"model": "cup-vision-2.3", "run": "batch-%d" % rng.randint(100, 999),
                                   "class_probs": [round(x / s, 3) for x in p],
                                   "class_order": "sca_grade_v3"}
        recs.append(record(name, i + 1, lab, labels, proj, leak))
        infos.append(R)
    meta = {"derive_from": ["/cupping_form/scores", "/cupping_form/defects"],
            "note": "Final score = sum of ten attribute scores minus 2*taint cups minus 4*fault cups; grade bands in instruction. "
                    "class_order sca_grade_v3 is the label_set order."}
    return dict(name=name, leaking=True, task="SCA specialty grade from a cupping form",
                records=recs, meta=meta, infos=infos)


# ---------------------------------------------------------------- 5 Hurricane (clean)
def b_hurricane(rng):
    name = "hurricane_category"
    labels = ["1", "2", "3", "4", "5"]
    n = 132
    rngs = {"1": (65, 80), "2": (85, 95), "3": (100, 110), "4": (115, 135), "5": (140, 160)}
    names = ["Arlene", "Bret", "Cindy", "Don", "Emily", "Franklin", "Gert", "Harold", "Idalia", "Jose", "Katia",
             "Lee", "Margot", "Nigel", "Ophelia", "Philippe", "Rina", "Sean"]
    instr = ("You are preparing the public advisory header. Assign the Saffir-Simpson category from the maximum "
             "sustained wind in the advisory data: 64-82 kt Category 1, 83-95 kt Category 2, 96-112 kt Category 3, "
             "113-136 kt Category 4, 137 kt or more Category 5. Answer with the category number only.")
    past = [("Andrew", 1992, "5"), ("Katrina", 2005, "3"), ("Maria", 2017, "4"), ("Ian", 2022, "4"), ("Michael", 2018, "5"),
            ("Sandy", 2012, "1"), ("Harvey", 2017, "4"), ("Florence", 2018, "1"), ("Laura", 2020, "4"), ("Ike", 2008, "2")]
    plan = label_plan(rng, labels, n)
    PK = Balanced(rng, labels)
    recs, infos = [], []
    for i in range(n):
        lab = plan[i]
        R = Rec()
        lo, hi = rngs[lab]
        w = rng.randrange(lo, hi + 1, 5)
        nm = rng.choice(names)
        adv = rng.randint(3, 41)
        R.t(TR_NUM, "advisory number %d" % adv)
        R.t(TR_LIST, "instruction lists categories 1-5")
        t0 = BASE + dt.timedelta(days=rng.randint(200, 300), hours=rng.choice([3, 9, 15, 21]))
        disc = ("%s is moving toward the %s near %d kt. A turn toward the north is expected in about %d hours. "
                % (nm, rng.choice(["west", "west-northwest", "northwest", "north-northwest"]), rng.randint(5, 16),
                   rng.choice([24, 36, 48])))
        if rng.random() < 0.35:
            pn, py, pc = rng.choice(past)
            disc += R.t(TR_HIST, "The track resembles that of Hurricane %s (%d), a Category %s at landfall. " % (pn, py, pc))
        if rng.random() < 0.35:
            disc += R.t(TR_OTHER, "Elsewhere, Hurricane %s, a Category %s, remains far out over the central Atlantic. " %
                        (rng.choice([x for x in names if x != nm]), PK(lab)))
        if rng.random() < 0.3:
            disc += R.t(TR_NEG, "No Category %s landfall has been recorded on the Leeward Islands since 1950. " % PK(lab))
        proj = {"instruction": instr,
                "advisory": {"product": "TCPAT%d" % rng.randint(1, 5), "storm_id": "AL%02d2026" % rng.randint(5, 19),
                             "name": nm, "advisory_number": adv, "issued": iso(t0),
                             "center": {"lat": round(rng.uniform(14, 32), 1), "lon": round(-rng.uniform(45, 85), 1)},
                             "movement": {"dir_deg": rng.randrange(250, 360, 5), "speed_kt": rng.randint(5, 16)},
                             "max_sustained_wind_kt": w,
                             "radii_34kt_nm": {q: rng.randrange(40, 200, 10) for q in ["NE", "SE", "SW", "NW"]}},
                "discussion_draft": disc}
        recs.append(record(name, i + 1, lab, labels, proj, False))
        infos.append(R)
    meta = {"derive_from": ["/advisory/max_sustained_wind_kt"],
            "note": "Saffir-Simpson category from maximum sustained wind (kt) with the thresholds in the instruction."}
    return dict(name=name, leaking=False, task="Saffir-Simpson category from advisory wind", records=recs,
                meta=meta, infos=infos)


# ---------------------------------------------------------------- 6 Egg candling
def b_egg(rng):
    name = "egg_candling_grade"
    labels = ["AA", "A", "B"]
    n = 150
    air = {"AA": ["1/16 in", "1/8 in"], "A": ["3/16 in"], "B": ["1/4 in", "5/16 in", "3/8 in"]}
    white = {"AA": "clear, firm", "A": "clear, reasonably firm", "B": "clear, may be weak and watery"}
    yolk = {"AA": "outline slightly defined", "A": "outline fairly well defined",
            "B": "outline plainly visible; may appear enlarged and flattened"}
    shell = {"AA": "clean, unbroken, practically normal", "B": "slight stains, unbroken, may be slightly abnormal"}
    instr = ("You are a shell-egg grader. From the candling observations grade the sample egg using USDA interior/shell "
             "quality: each factor gets AA, A or B (air cell depth: 1/8 in or less AA, over 1/8 to 3/16 in A, over 3/16 in "
             "B; white: 'clear, firm' AA, 'clear, reasonably firm' A, 'clear, may be weak and watery' B; yolk: 'outline "
             "slightly defined' AA, 'outline fairly well defined' A, 'outline plainly visible' B; shell: clean and "
             "practically normal AA, slight stains or slightly abnormal B). The egg's grade is the lowest factor grade. "
             "Answer AA, A or B.")
    order = {"AA": 0, "A": 1, "B": 2}
    plan = label_plan(rng, labels, n)
    PK = Balanced(rng, labels)
    leaks = leak_plan(rng, n, 0.6)
    recs, infos = [], []
    for i in range(n):
        lab = plan[i]
        R = Rec()
        while True:
            comp = {k: rng.choice([g for g in labels if order[g] <= order[lab]]) for k in ["air", "white", "yolk"]}
            sh = "B" if (lab == "B" and rng.random() < 0.4) else "AA"
            worst = max(list(comp.values()) + [sh], key=lambda g: order[g])
            if worst == lab:
                break
        obs = {"air_cell_depth": rng.choice(air[comp["air"]]), "air_cell_movement": rng.choice(["free", "slightly tremulous"]),
               "white": white[comp["white"]], "yolk": yolk[comp["yolk"]], "shell": shell[sh],
               "blood_spots": "none"}
        R.t(TR_INPUT, "factor descriptions in observations")
        R.t(TR_LIST, "instruction lists AA, A, B")
        house = PK(lab, ["House A", "House B", "House C", "House D"])
        if house in ("House A", "House B"):
            R.t(TR_ABBR, "layer_house: %s" % house)
        plant = "P-%04d" % rng.randint(1000, 9999)
        lotno = "L%05d" % rng.randint(1, 99999)
        ts = BASE + dt.timedelta(days=rng.randint(0, 120), minutes=rng.randint(0, 900))
        tmpl = "tmpl/%s_carton_12ct_v%d.svg" % (plant.replace("-", "").lower(), rng.randint(2, 5))
        payload = {"lot": lotno, "plant": plant, "ts": iso(ts), "line": rng.randint(1, 4)}
        leak = leaks[i]
        fams = fams_for(rng, [L_TEMPLATE, L_BASE64]) if leak else []
        R.leaks = fams
        if L_TEMPLATE in fams:
            tmpl = "tmpl/usda_shield_grade_%s_12ct_v%d.svg" % (lab, rng.randint(2, 5))
        if L_BASE64 in fams:
            payload["gr"] = lab
        if L_BASE64 not in fams:
            R.t(TR_NEUTRAL, "lot_ticket base64 without grade")
        notes = "A routine sample drawn from the %s belt." % house
        R.t(TR_SENSE, "article 'A' in notes")
        if rng.random() < 0.3:
            notes += " " + R.t(TR_SENSE, 'Farm also ships Grade "A" pasteurized milk under PMO permit 31-114.')
        if rng.random() < 0.3:
            notes += " " + R.t(TR_HIST, "Previous lot from this house (last week) graded %s." % PK(lab))
        proj = {"instruction": instr,
                "candling_record": {"plant": plant, "layer_house": house, "lot": lotno, "candled_at": iso(ts),
                                    "grader": rng.choice(["USDA-AMS 4471", "USDA-AMS 2210", "USDA-AMS 3095"]),
                                    "observations": obs, "notes": notes},
                "packing_instruction": {"carton_label_template": tmpl, "size": PK(lab, ["Large", "Extra Large", "Jumbo", "Medium"]),
                                        "lot_ticket": base64.b64encode(json.dumps(payload, separators=(",", ":")).encode()).decode()}}
        recs.append(record(name, i + 1, lab, labels, proj, leak))
        infos.append(R)
    meta = {"derive_from": ["/candling_record/observations/air_cell_depth", "/candling_record/observations/white",
                            "/candling_record/observations/yolk", "/candling_record/observations/shell"],
            "note": "Grade = lowest of the per-factor grades for air cell depth, white, yolk and shell (rules in instruction)."}
    return dict(name=name, leaking=True, task="USDA shell-egg grade from candling observations", records=recs,
                meta=meta, infos=infos)


# ---------------------------------------------------------------- 7 LTE drive test (clean)
def b_lte(rng):
    name = "lte_drive_test_quality"
    labels = ["Excellent", "Good", "Fair", "Poor"]
    n = 144
    instr = ("Classify the radio quality of this drive-test sample: Excellent if RSRP >= -80 dBm and SINR >= 20 dB; "
             "otherwise Good if RSRP >= -90 dBm and SINR >= 13 dB; otherwise Fair if RSRP >= -100 dBm and SINR >= 0 dB; "
             "otherwise Poor. Answer with one word.")

    def cls(rsrp, sinr):
        if rsrp >= -80 and sinr >= 20:
            return "Excellent"
        if rsrp >= -90 and sinr >= 13:
            return "Good"
        if rsrp >= -100 and sinr >= 0:
            return "Fair"
        return "Poor"
    streets = ["Fairview Rd", "Goodhue St", "Poor Farm Rd", "Maple Ave", "Excelsior Blvd", "Main St", "Route 9",
               "Industrial Pkwy", "Lakeshore Dr"]
    plan = label_plan(rng, labels, n)
    PK = Balanced(rng, labels)
    recs, infos = [], []
    for i in range(n):
        lab = plan[i]
        R = Rec()
        while True:
            rsrp = round(rng.uniform(-118, -66), 1)
            sinr = round(rng.uniform(-6, 29), 1)
            if cls(rsrp, sinr) == lab:
                break
        st = PK(lab, streets)
        if st in ("Fairview Rd", "Goodhue St", "Poor Farm Rd"):
            R.t(TR_NAME, "street: %s" % st)
        R.t(TR_LIST, "instruction lists all four classes")
        notes = []
        if rng.random() < 0.4:
            notes.append(R.t(TR_SENSE, PK(lab, ["Good weather, dry road.", "Heavy traffic around the county fair grounds.",
                                                   "Fair amount of foliage along this stretch."])))
        if rng.random() < 0.3:
            notes.append(R.t(TR_NEG, "No customer tickets for Poor coverage on the adjacent cluster in the last 90 days."))
        if rng.random() < 0.3:
            notes.append(R.t(TR_HIST, "Site was rated %s after the 2024 antenna swap." % PK(lab)))
        nb = {"pci": rng.randint(0, 503), "rsrp_dbm": round(rng.uniform(-120, -80), 1)}
        if rng.random() < 0.35:
            nb["last_cluster_class"] = R.t(TR_OTHER, PK(lab))
        t0 = BASE + dt.timedelta(days=rng.randint(0, 60), seconds=rng.randint(0, 30000))
        proj = {"instruction": instr,
                "measurement": {"ts": iso(t0), "ue": "Samsung S24 / QXDM", "earfcn": PK(lab, [700, 2850, 5230, 66986]),
                                "band": PK(lab, ["B2", "B4", "B12", "B66"]), "serving_pci": rng.randint(0, 503),
                                "rsrp_dbm": rsrp, "rsrq_db": round(rng.uniform(-19, -5), 1), "sinr_db": sinr,
                                "speed_kmh": rng.randint(0, 90), "location": {"street": st,
                                                                             "lat": round(rng.uniform(41.0, 41.3), 5),
                                                                             "lon": round(rng.uniform(-73.9, -73.6), 5)}},
                "neighbour": nb, "drive_notes": notes}
        recs.append(record(name, i + 1, lab, labels, proj, False))
        infos.append(R)
    meta = {"derive_from": ["/measurement/rsrp_dbm", "/measurement/sinr_db"],
            "note": "Quality class from RSRP and SINR thresholds in the instruction."}
    return dict(name=name, leaking=False, task="LTE drive-test sample quality class", records=recs, meta=meta, infos=infos)
