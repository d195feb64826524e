"""Builders for the leaking datasets. Each builder(rng, label, fam, idx) returns (projection, traps)
where fam is None (clean record) or the leak family planted in that record."""
import base64
import datetime as dt
import hashlib
import json

import rules as R
from common import date_between, ts, name

# ====================================================================== braden_risk
BRADEN_RANGE = {"severe risk": (6, 9), "high risk": (10, 12), "moderate risk": (13, 14), "mild risk": (15, 18), "no risk": (19, 23)}
BRADEN_MAX = [4, 4, 4, 4, 4, 3]
BRADEN_TIER = {"no risk": 0, "mild risk": 1, "moderate risk": 2, "high risk": 3, "severe risk": 4}
BRADEN_TURN = {"no risk": "per routine / self-repositions", "mild risk": "q4h", "moderate risk": "q3h", "high risk": "q2h", "severe risk": "q1h"}
FHIR_QUAL = {"no risk": "negligible", "mild risk": "low", "moderate risk": "moderate", "high risk": "high", "severe risk": "certain"}
WARDS = ["7B Orthopaedics", "4A Respiratory", "Stroke Unit", "Ward 12 Care of the Elderly", "Surgical Assessment Unit", "Ward 3 General Medicine"]
OTHER_ORDERS = [("DIET-REG", "Diet: regular"), ("LAB-FBC", "Full blood count AM"), ("VTE-ASSESS", "VTE risk assessment within 24h"),
                ("OBS-4H", "Observations 4-hourly"), ("PHYSIO-REF", "Physiotherapy referral"), ("FALLS-MAT", "Falls sensor mat")]


def braden(rng, label, fam, idx):
    lo, hi = BRADEN_RANGE[label]
    t = rng.randint(lo, hi)
    vals = list(BRADEN_MAX)
    while sum(vals) > t:
        j = rng.randrange(6)
        if vals[j] > 1:
            vals[j] -= 1
    traps = ["label-listing"]
    d = date_between(rng, "2025-01-01", "2025-10-31")
    note_bits = ["Pt settled overnight.", "Skin intact on inspection of sacrum and heels." if rng.random() < 0.5 else "Blanching erythema L heel, documented.",
                 "Family visited."]
    if rng.random() < 0.3:
        note_bits.append("Daughter brought high-protein snacks from home; dietitian aware.")
        traps.append("other-sense")
    orders = [dict(code=c, text=t_) for c, t_ in rng.sample(OTHER_ORDERS, 3)]
    flowsheet = {"temp_c": round(rng.uniform(36.1, 37.8), 1), "hr": rng.randint(58, 104), "rr": rng.randint(12, 22),
                 "spo2": rng.randint(91, 99), "pain_score": rng.randint(0, 6)}
    benign = {"resourceType": "Observation", "status": "final", "code": {"coding": [{"system": "http://loinc.org", "code": "29463-7", "display": "Body weight"}]},
              "valueQuantity": {"value": round(rng.uniform(45, 110), 1), "unit": "kg"}}
    attachments = [{"contentType": "application/fhir+json", "title": "weight.json", "data": base64.b64encode(json.dumps(benign).encode()).decode()}]
    traps.append("benign-encoded-blob")
    if fam == "order_set_tier":
        orders.append({"code": "PIP-T%d" % BRADEN_TIER[label], "text": "Pressure injury prevention pathway, tier %d" % BRADEN_TIER[label]})
        rng.shuffle(orders)
    elif fam == "reposition_interval":
        flowsheet["reposition_schedule"] = BRADEN_TURN[label]
    elif fam == "fhir_b64_upstream":
        ra = {"resourceType": "RiskAssessment", "status": "preliminary", "method": {"text": "ward-risk-model v3"},
              "prediction": [{"outcome": {"text": "Pressure injury"}, "qualitativeRisk": {"coding": [
                  {"system": "http://terminology.hl7.org/CodeSystem/risk-probability", "code": FHIR_QUAL[label]}]}}]}
        attachments.append({"contentType": "application/fhir+json", "title": "risk.json", "data": base64.b64encode(json.dumps(ra).encode()).decode()})
    prev = []
    if rng.random() < 0.4:
        prev.append({"year": rng.randint(2018, 2023), "reason": rng.choice(["hip fracture", "pneumonia", "cellulitis", "elective TKR"]),
                     "braden_category": rng.choice(R.BRADEN_LABELS)})
        traps.append("historical-label")
    proj = {
        "instruction": ("You are a ward nursing assistant. Call the tool, then classify the patient's pressure-injury risk from the six Braden "
                        "subscale scores (total 6-23): severe risk <=9, high risk 10-12, moderate risk 13-14, mild risk 15-18, no risk 19-23. "
                        "Answer with exactly one of: no risk, mild risk, moderate risk, high risk, severe risk."),
        "tool_calls": [{"name": "get_nursing_assessment", "args": {"encounter_id": "ENC%07d" % (3000000 + idx * 37)},
                        "result": {
                            "patient": {"age": rng.randint(34, 97), "sex": rng.choice(["F", "M"]), "ward": rng.choice(WARDS), "bed": rng.randint(1, 28)},
                            "braden": dict(zip(R.BRADEN_KEYS, vals), assessed_by="RN " + name(rng), assessed_at=ts(rng, d)),
                            "nurse_note": " ".join(note_bits),
                            "orders": orders,
                            "flowsheet": flowsheet,
                            "attachments": attachments,
                            "previous_admissions": prev}}]}
    return proj, traps


# ====================================================================== gold_spirometry
GOLD_PCT = {"1": (80, 104), "2": (50, 79), "3": (30, 49), "4": (15, 29)}
GOLD_SEV = {"1": "mild", "2": "moderate", "3": "severe", "4": "very severe"}
ES_NUM = {"1": "uno", "2": "dos", "3": "tres", "4": "cuatro"}


def gold(rng, label, fam, idx):
    traps = ["label-listing", "other-scheme"]
    while True:
        pred = round(rng.uniform(2.1, 4.3), 2)
        fev1 = round(pred * rng.uniform(*GOLD_PCT[label]) / 100.0, 2)
        pct = round(fev1 / pred * 100)
        if R.gold_from_pct(pct) == label:
            break
    ratio = round(rng.uniform(0.32, 0.69), 2)
    fvc = round(fev1 / ratio, 2)
    ratio = round(fev1 / fvc, 2)
    if ratio >= 0.70:
        ratio = 0.69
    mrn = "%08d" % (41000000 + idx * 113)
    d = date_between(rng, "2025-01-01", "2025-11-15")
    letter = ("Estimado/a paciente: hoy le hemos realizado una espirometría. Recuerde usar el inhalador dos veces al día "
              "y traer sus %s inhaladores a la próxima consulta." % rng.choice(["dos", "tres", "cuatro"]))
    traps.append("number-word")
    attach = [{"filename": "SPR_%s_%s_final.pdf" % (mrn, d.strftime("%Y%m%d")), "pages": rng.randint(2, 4)}]
    interp = "Obstructive pattern (FEV1/FVC below 0.70). Severity grading deferred to reporting physician."
    if fam == "report_filename":
        attach[0]["filename"] = "SPR_%s_%s_GOLD%s.pdf" % (mrn, d.strftime("%Y%m%d"), label)
    elif fam == "spanish_number_word":
        letter += " Su resultado corresponde a una EPOC de grado %s según la clasificación GOLD." % ES_NUM[label]
    elif fam == "device_interpretation_synonym":
        interp = "Obstructive pattern (FEV1/FVC below 0.70); %s airflow limitation." % GOLD_SEV[label]
    hist = None
    if rng.random() < 0.35:
        hist = {"date": "%d-%02d-01" % (rng.randint(2016, 2022), rng.randint(1, 12)), "gold_grade": rng.choice(R.GOLD_LABELS), "source": "GP record"}
        traps.append("historical-label")
    proj = {
        "task": ("Assign the GOLD grade of airflow limitation (answer 1, 2, 3 or 4) for this COPD patient from the post-bronchodilator "
                 "spirometry: FEV1 % predicted >=80 -> 1; 50-79 -> 2; 30-49 -> 3; <30 -> 4 (all patients have FEV1/FVC < 0.70)."),
        "referral": {"from": "Dr " + name(rng), "reason": rng.choice(["chronic cough", "breathlessness on exertion", "COPD review", "pre-op assessment"]),
                     "smoking_pack_years": rng.randint(5, 70), "previous_gold": hist},
        "spirometry_report": {
            "mrn": mrn, "test_date": d.isoformat(), "age": rng.randint(45, 88), "sex": rng.choice(["female", "male"]),
            "reference_equations": "GLI-2012",
            "session_quality": {"grade": rng.choice(["A", "B", "C"]), "acceptable_trials": "%d of %d" % (rng.randint(2, 3), 3)},
            "post_bronchodilator": {"fev1_l": fev1, "fev1_pred_l": pred, "fev1_pct_pred": pct, "fvc_l": fvc, "fev1_fvc": ratio,
                                    "bronchodilator": "salbutamol 400 mcg"},
            "device_interpretation": interp,
            "attachments": attach},
        "patient_letter_es": letter}
    return proj, traps


# ====================================================================== feinstaub_plakette
SG = {"keine": 1, "rot": 2, "gelb": 3, "grün": 4}
EMOJI = {"grün": "🟢", "gelb": "🟡", "rot": "🔴", "keine": "⛔"}
TRANS = {"grün": "gruen", "gelb": "gelb", "rot": "rot", "keine": "keine"}
MODELLE = [("VW", "Golf"), ("Opel", "Astra"), ("Mercedes-Benz", "Sprinter"), ("Ford", "Transit"), ("BMW", "320d"), ("Renault", "Kangoo"),
           ("Fiat", "Ducato"), ("Audi", "A4"), ("Skoda", "Octavia"), ("Peugeot", "Partner")]
FARBEN = ["schwarz", "silber", "weiß", "grün metallic", "rot", "gelb", "blau", "grau"]
STRASSEN = ["Gelbinger Gasse", "Am Rotenberg", "Grünewaldstraße", "Hauptstraße", "Lindenweg", "Bahnhofstraße", "Keinertweg"]
EZ = {0: (1985, 1992), 1: (1993, 1996), 2: (1997, 2000), 3: (2001, 2005), 4: (2006, 2010), 5: (2011, 2014), 6: (2015, 2024)}


def fein_sample(rng, label):
    while True:
        k = rng.choices(["Diesel", "Benzin", "Elektro"], [6, 3, 1])[0]
        if k == "Elektro":
            norm, dpf, kat = "entfällt (Elektro)", False, False
        elif k == "Benzin":
            e = rng.randint(0, 6)
            norm = "vor Euro 1" if e == 0 else "Euro %d" % e
            kat = e >= 1 or rng.random() < 0.4
            dpf = False
        else:
            e = rng.randint(0, 6)
            norm = "vor Euro 1" if e == 0 else "Euro %d" % e
            dpf = e in (1, 2, 3) and rng.random() < 0.4
            kat = e >= 1
        if R.fein(k, norm, dpf, kat) == label:
            e = 6 if k == "Elektro" else 0 if norm == "vor Euro 1" else int(norm.split()[1])
            return k, norm, dpf, kat, rng.randint(*EZ[e])


def feinstaub(rng, label, fam, idx):
    traps = ["label-listing"]
    k, norm, dpf, kat, ez = fein_sample(rng, label)
    hersteller, modell = rng.choice(MODELLE)
    farbe = rng.choice(FARBEN)
    if farbe.split()[0] in ("grün", "rot", "gelb"):
        traps.append("other-sense")
    strasse = rng.choice(STRASSEN)
    if strasse in ("Gelbinger Gasse", "Am Rotenberg", "Grünewaldstraße", "Keinertweg"):
        traps.append("substring")
    kz = "%s-%s %d" % (rng.choice(["S", "LB", "ES", "BB", "WN"]), rng.choice(["AB", "KL", "XY", "MR", "TZ"]), rng.randint(10, 9999))
    bescheid = {"position": "Auskunft Fahrzeugdaten", "betrag_eur": 5.10, "zahlart": rng.choice(["EC-Karte", "bar"])}
    chat = [{"von": "Sachbearbeitung", "text": "Halter kommt um %d Uhr vorbei 👍" % rng.randint(8, 15)},
            {"von": "Empfang", "text": "Bemerkungen zum Vorgang: keine."}]
    traps.append("negation")
    druck = {"url": "https://zulassung.kreis-beispiel.de/vorgang/druck?id=%06d&format=A6" % (200000 + idx), "status": "wartend"}
    if fam == "schadstoffgruppe_code":
        bescheid = {"position": "Feinstaubplakette", "schadstoffgruppe": SG[label], "betrag_eur": 5.10, "zahlart": bescheid["zahlart"]}
    elif fam == "emoji_glyph":
        chat.insert(1, {"von": "Sachbearbeitung", "text": "Plakette liegt schon bereit %s" % EMOJI[label]})
    elif fam == "url_transliteration":
        druck["url"] = "https://zulassung.kreis-beispiel.de/plakette/druck?id=%06d&farbe=%s" % (200000 + idx, TRANS[label])
    weitere = []
    if rng.random() < 0.35:
        weitere.append({"kennzeichen": "%s-%s %d" % (kz.split("-")[0], "QP", rng.randint(10, 999)), "plakette": rng.choice(R.FEIN_LABELS)})
        traps.append("sibling-label")
    proj = {
        "aufgabe": ("Bestimme anhand der Fahrzeugdaten, welche Feinstaubplakette (35. BImSchV) zugeteilt wird. Regeln: Elektro -> grün; "
                    "Benzin mit geregeltem Katalysator -> grün, sonst keine; Diesel Euro 4 und besser -> grün; Euro 3 -> gelb "
                    "(mit nachgerüstetem Partikelfilter grün); Euro 2 -> rot (mit Partikelfilter gelb); Euro 1 -> keine (mit Partikelfilter rot); "
                    "vor Euro 1 -> keine. Antworte mit genau einem Wert: grün, gelb, rot, keine."),
        "vorgang": {
            "vorgangsnummer": "ZL-%06d" % (200000 + idx),
            "kennzeichen": kz,
            "halter": {"name": name(rng), "anschrift": "%s %d, %05d %s" % (strasse, rng.randint(1, 120), rng.randint(70000, 71999), rng.choice(["Stuttgart", "Esslingen", "Ludwigsburg", "Böblingen"]))},
            "fahrzeug": {"hersteller": hersteller, "modell": modell, "farbe": farbe, "kraftstoff": k, "abgasnorm": norm,
                         "partikelfilter_nachgeruestet": dpf, "geregelter_katalysator": kat, "erstzulassung": "%d-%02d" % (ez, rng.randint(1, 12))},
            "gebuehrenbescheid": bescheid,
            "chat": chat,
            "druckauftrag": druck,
            "weitere_fahrzeuge_des_halters": weitere}}
    return proj, traps


# ====================================================================== ast_interpretation
DIL = [0.06, 0.12, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0]
ABBR = {"ciprofloxacin": "CIP", "levofloxacin": "LVX", "ceftriaxone": "CRO", "meropenem": "MEM", "gentamicin": "GEN", "amikacin": "AMK",
        "ampicillin": "AMP", "nitrofurantoin": "NIT", "trimethoprim-sulfamethoxazole": "SXT", "piperacillin-tazobactam": "TZP"}
OTHER_BP = {"ampicillin": (8.0, 32.0), "nitrofurantoin": (32.0, 128.0), "trimethoprim-sulfamethoxazole": (2.0, 4.0), "piperacillin-tazobactam": (8.0, 32.0)}
CSS = {"susceptible": "interp--s", "intermediate": "interp--i", "resistant": "interp--r"}


def _fmt(m):
    return ("%g" % m)


def ast_builder(rng, label, fam, idx):
    traps = ["label-listing", "sibling-label"]
    while True:
        drug = rng.choice(list(R.AST_BP))
        mic = rng.choice(DIL)
        if R.ast(drug, mic) == label:
            break
    others = [d for d in ABBR if d != drug]
    panel = []
    for d in rng.sample(others, 5):
        m = rng.choice(DIL)
        sb, rb = OTHER_BP.get(d) or R.AST_BP[d]
        panel.append({"drug": d, "mic_mg_l": _fmt(m), "interpretation": "S" if m <= sb else "R" if m >= rb else "I"})
    acc = "M25-%06d" % (10000 + idx * 7)
    ward = rng.choice(["Emergency Dept", "Intermediate Care Unit", "Ward 9 Urology", "GP surgery", "Renal clinic"])
    if ward == "Intermediate Care Unit":
        traps.append("other-sense")
    obx = ["MSH|^~\\&|VITEK2|MICRO|LIS|HOSP|20250%d%02d1200||ORU^R01|%s|P|2.5.1" % (rng.randint(1, 9), rng.randint(1, 28), acc),
           "OBR|1||%s|87186^Susceptibility||||||||||URINE" % acc]
    for n, p in enumerate(panel, 1):
        obx.append("OBX|%d|NM|%s^%s||%s|mg/L||%s|||F" % (n, ABBR[p["drug"]], p["drug"].title(), p["mic_mg_l"], p["interpretation"]))
    tflag = {"susceptible": "S", "intermediate": "I", "resistant": "R"}[label] if fam == "hl7_abnormal_flag" else ""
    obx.append("OBX|%d|NM|%s^%s||%s|mg/L||%s|||%s" % (len(panel) + 1, ABBR[drug], drug.title(), _fmt(mic), tflag, "F" if tflag else "P"))
    css = CSS[label] if fam == "css_class" else "interp--pending"
    rows = "".join('<tr><td>%s</td><td>%s</td><td class="interp">%s</td></tr>' % (p["drug"], p["mic_mg_l"], p["interpretation"]) for p in panel)
    rows += '<tr><td>%s</td><td>%s</td><td class="interp %s"></td></tr>' % (drug, _fmt(mic), css)
    html = ('<table class="ast"><thead><tr><th>Agent</th><th>MIC (mg/L)</th><th>Interp</th></tr></thead><tbody>%s</tbody></table>'
            '<p class="legend">S = Susceptible; I = Intermediate; R = Resistant. Breakpoints: CLSI M100.</p>' % rows)
    comments = ["Colony count >10^5 CFU/mL, pure growth.", "Specimen received in leak-resistant transport bag."]
    traps.append("other-sense")
    if fam == "cascade_suppression":
        if label == "susceptible":
            comments.append("Reserve-agent results (ceftazidime-avibactam, colistin) suppressed per selective (cascade) reporting rule CR-3 on the basis of the target agent result.")
        else:
            comments.append("Reserve-agent results (ceftazidime-avibactam, colistin) released per selective (cascade) reporting rule CR-3 on the basis of the target agent result.")
    proj = {
        "instruction": ("Interpret the MIC of the target agent for this Enterobacterales isolate using CLSI breakpoints (mg/L, S <= / R >=): "
                        "ciprofloxacin 0.25/1, levofloxacin 0.5/2, ceftriaxone 1/4, meropenem 1/4, gentamicin 2/8, amikacin 4/16; values in between are "
                        "intermediate. Answer susceptible, intermediate or resistant."),
        "lis_record": {
            "accession": acc, "specimen": "Urine, midstream", "organism": "Escherichia coli", "requesting_location": ward,
            "target_test": {"drug": drug, "mic_mg_l": mic, "method": "broth microdilution (VITEK 2)"},
            "panel_other_agents": panel,
            "hl7_raw": "\r".join(obx),
            "report_html": html,
            "comments": comments}}
    return proj, traps


# ====================================================================== noise_dose
NOISE_ACR = {"below action values": "BELOW", "lower exposure action value": "LEAV", "upper exposure action value": "UEAV", "exposure limit value": "ELV"}
NOISE_RECALL = {"below action values": 36, "lower exposure action value": 24, "upper exposure action value": 12, "exposure limit value": 3}
TASKS = ["grinding", "press brake", "forklift driving", "office / break", "compressor room", "bandsaw", "packing line", "hammer drill",
         "angle grinder", "canteen", "CNC supervision", "pallet wrapping"]


def add_months(d, m):
    y = d.year + (d.month - 1 + m) // 12
    mo = (d.month - 1 + m) % 12 + 1
    return dt.date(y, mo, min(d.day, 28))


def noise(rng, label, fam, idx):
    traps = ["label-listing"]
    while True:
        n = rng.randint(2, 5)
        hrs = [rng.choice([0.5, 1.0, 1.5, 2.0, 2.5, 3.0]) for _ in range(n)]
        segs = [{"task": rng.choice(TASKS), "laeq_dba": round(rng.uniform(66, 97), 1), "hours": h} for h in hrs]
        if sum(hrs) > 10:
            continue
        if R.noise_from_lepd(R.lepd(segs)) == label:
            break
    d = date_between(rng, "2024-06-01", "2025-10-31")
    wid = "W%05d" % (10000 + idx * 3)
    log = ["%s INFO dosecalc worker=%s device=SV104A serial=%d" % (ts(rng, d), wid, rng.randint(10000, 99999)),
           "%s INFO calib pre=94.0dB post=%.1fdB drift_ok=true" % (ts(rng, d), 94.0 + rng.choice([-0.2, -0.1, 0.0, 0.1]))]
    if fam == "app_log_acronym":
        log.append("%s INFO classify worker=%s result=%s" % (ts(rng, d), wid, NOISE_ACR[label]))
    due = add_months(d, NOISE_RECALL[label]) if fam == "followup_due_date" else dt.date(d.year + 1, 1, 31)
    notes = "Site speed limit 5 mph observed. Corrective action tracker ref CA-%d open for guard on bandsaw." % rng.randint(100, 999)
    traps.append("other-sense")
    prev = None
    if rng.random() < 0.4:
        prev = {"survey_year": rng.randint(2017, 2022), "outcome": rng.choice(R.NOISE_LABELS)}
        traps.append("historical-label")
    proj = {
        "instruction": ("Compute the worker's daily personal noise exposure LEP,d from the dosimetry segments (energy average over 8 h, "
                        "round to 0.1 dB) and classify it under the Control of Noise at Work Regulations 2005: >=87 exposure limit value; "
                        ">=85 upper exposure action value; >=80 lower exposure action value; otherwise below action values."),
        "assessment": {
            "worker": {"id": wid, "role": rng.choice(["fabricator", "maintenance fitter", "warehouse operative", "machine setter"]), "site": rng.choice(["Leeds", "Derby", "Telford"])},
            "survey_date": d.isoformat(),
            "dosimetry": {"segments": segs, "instrument": "Svantek SV104A", "exchange_rate_db": 3},
            "notes": notes,
            "previous_survey": prev,
            "system": {"next_survey_due": due.isoformat(), "log": log}}}
    return proj, traps


# ====================================================================== speeding_fine_band
BAND_PCT = {"Band A": 0.5, "Band B": 1.0, "Band C": 1.5}
TEMPLATE = {"Band A": "SJPN-SPD-BANDA-v4", "Band B": "SJPN-SPD-BANDB-v4", "Band C": "SJPN-SPD-BANDC-v4"}


def speeding(rng, label, fam, idx):
    traps = ["label-listing", "other-scheme"]
    while True:
        limit = rng.choice(list(R.SPEED_TABLE))
        a, b, c = R.SPEED_TABLE[limit]
        speed = rng.randint(a, c + 25)
        if R.speed_band(limit, speed) == label:
            break
    income = rng.randint(160, 600)
    fin = {"relevant_weekly_income_gbp": income, "means_form_received": True, "proposed_fine_gbp": None, "victim_surcharge_pct": 40}
    docs = [{"doc": "single justice procedure notice", "template_id": "SJPN-SPD-GEN-v4", "served": ts(rng)}]
    if fam == "derived_fine_amount":
        fin["proposed_fine_gbp"] = round(income * BAND_PCT[label])
    elif fam == "template_id":
        docs[0]["template_id"] = TEMPLATE[label]
    prior = []
    if rng.random() < 0.35:
        prior.append({"year": rng.randint(2015, 2022), "offence": "speeding", "sentence": "fine (%s)" % rng.choice(R.SPEED_LABELS)})
        traps.append("historical-label")
    proj = {
        "instruction": ("Determine the sentencing starting band for this speeding offence from the speed limit and recorded speed using the "
                        "Magistrates' guideline table (limit: Band A / Band B / Band C lower bounds in mph): 20: 21/31/41; 30: 31/41/51; "
                        "40: 41/56/66; 50: 51/66/76; 60: 61/81/91; 70: 71/91/101. Answer Band A, Band B or Band C."),
        "case_file": {
            "urn": "%02dXX%07d" % (rng.randint(10, 99), 1000000 + idx * 17),
            "offence": {"limit_mph": limit, "recorded_mph": speed, "device": rng.choice(["Truvelo D-Cam", "Gatso RT4", "TruCAM II", "VECTOR-SR"]),
                        "road": rng.choice(["A38", "M5", "B4063", "A46", "Cheltenham Rd"]), "date": date_between(rng, "2025-01-01", "2025-09-30").isoformat()},
            "defendant": {"name": name(rng), "council_tax_band": "Band " + rng.choice("ABCDEFGH"), "licence_points_existing": rng.choice([0, 0, 3, 3, 6])},
            "plea": rng.choice(["guilty (online)", "guilty (post)", "no plea entered"]),
            "financial": fin,
            "documents": docs,
            "antecedents": prior}}
    return proj, traps


# ====================================================================== carcass_seurop
RAIL = {"S": 1, "E": 2, "U": 3, "R": 4, "O": 5, "P": 6}


def carcass(rng, label, fam, idx):
    traps = ["label-listing", "aggregate-other-records"]
    while True:
        fat = round(rng.uniform(4, 34), 1)
        mus = round(rng.uniform(38, 78), 1)
        if R.seurop(R.lmp(fat, mus)) == label:
            break
    cno = 10000 + idx * 11
    tattoo = "DE NI %05d EG" % rng.randint(10000, 99999)
    hot = round(rng.uniform(82, 112), 1)
    ocr = "%s\n%d" % (tattoo, rng.randint(1000, 9999))
    routing = {"destination": rng.choice(["cutting line 1", "cutting line 2", "whole-carcass dispatch"]), "chill_target_c": rng.choice([2, 3, 4])}
    if fam == "ocr_stamp_text":
        ocr = "%s\n%s  %.1f" % (tattoo, label, hot)
    elif fam == "sort_lane_routing":
        routing["sort_lane"] = RAIL[label]
    dist = {k: 0 for k in R.SEUROP}
    for _ in range(rng.randint(80, 200)):
        dist[rng.choices(R.SEUROP, [5, 30, 35, 20, 7, 3])[0]] += 1
    proj = {
        "instruction": ("Classify the pig carcass on the EU SEUROP scale. Lean meat percentage = 62.0 - 0.85 x backfat (mm) + 0.08 x loin muscle depth (mm), "
                        "rounded to 0.1. S >= 60; E 55-59.9; U 50-54.9; R 45-49.9; O 40-44.9; P < 40. Answer with the single class letter."),
        "slaughter_line": {
            "carcass_no": cno, "plant": "DE EG 407", "line": rng.choice(["Line 1", "Line 2"]),
            "supplier": {"herd": "HIT %012d" % rng.randint(10 ** 11, 10 ** 12 - 1), "last_week_class_counts": dist},
            "sex": rng.choice(["gilt", "barrow", "boar"]), "hot_weight_kg": hot,
            "fom_probe": {"device": "FOM II", "probe_id": "FOM-%d" % rng.randint(1, 4), "backfat_mm": fat, "loin_muscle_mm": mus},
            "photo_ocr": ocr,
            "routing": routing}}
    return proj, traps


# ====================================================================== oil_analysis
OIL_REC = {"normal": "Oil and component condition satisfactory; resample at the next scheduled interval.",
           "caution": "Wear trend elevated; halve the resample interval and inspect air intake and filters at next stop.",
           "critical": "Remove unit from service; drain oil and investigate the source immediately before further operation."}
OIL_RANGES = {"fe_ppm": [(2, 49), (50, 99), (100, 220)], "si_ppm": [(1, 14), (15, 29), (30, 60)], "water_ppm": [(50, 499), (500, 999), (1000, 2500)],
              "visc_change_pct": [(-9.9, 9.9), (10, 19.9), (20, 30)]}


def oil(rng, label, fam, idx):
    traps = ["label-listing"]
    lvl = R.OIL_LABELS.index(label)
    res = {}
    keys = list(OIL_RANGES)
    hit = rng.choice(keys)
    for k in keys:
        top = lvl if k == hit else rng.randint(0, lvl)
        lo, hi = OIL_RANGES[k][top]
        v = rng.uniform(lo, hi)
        if k == "visc_change_pct":
            v = round(v, 1) * (rng.choice([1, -1]) if top > 0 else 1)
        else:
            v = int(round(v))
        res[k] = v
    assert R.oil(res) == label
    sid = "OS-%07d" % (5500000 + idx * 29)
    unit_desc = rng.choice(["haul truck 793F", "generator set G3516", "excavator 6015B", "compressor XAS 1800"])
    if rng.random() < 0.3:
        unit_desc += " (mission-critical asset)"
        traps.append("other-sense")
    cache = "interp:v2:" + hashlib.md5(sid.encode()).hexdigest()[:12]
    rec = "Pending analyst review."
    if fam == "label_hash_token":
        cache = "interp:v2:" + hashlib.md5(label.encode()).hexdigest()[:12]
    elif fam == "analyst_paraphrase":
        rec = OIL_REC[label]
    hist = []
    if rng.random() < 0.45:
        for _ in range(rng.randint(1, 3)):
            hist.append({"sampled": date_between(rng, "2023-01-01", "2024-12-31").isoformat(), "status": rng.choice(R.OIL_LABELS)})
        traps.append("historical-label")
    proj = {
        "instruction": ("Rate this used-oil sample. Each parameter is normal / caution / critical by these limits (caution at, critical at): "
                        "Fe 50/100 ppm, Si 15/30 ppm, water 500/1000 ppm, |viscosity change| 10/20 %. The sample rating is the worst parameter. "
                        "Answer normal, caution or critical."),
        "sample": {
            "sample_id": sid, "unit": unit_desc, "component": "diesel engine", "oil": rng.choice(["15W-40 CK-4", "10W-30 CK-4"]),
            "hours_on_oil": rng.randint(50, 600), "operating_conditions": "normal operating temperature, ~70% load",
            "results": res,
            "history": hist,
            "lab": {"lab": "FluidLab Perth", "result_cache_key": cache, "analyst_recommendation": rec}}}
    if "other-sense" not in traps:
        traps.append("other-sense")
    return proj, traps


# ====================================================================== pet_travel
FR = {"eligible": "admis", "wait": "en attente (délai)", "refused": "refusé"}


def pet_dates(rng, label):
    arrival = date_between(rng, "2025-03-01", "2025-12-20")
    birth = arrival - dt.timedelta(days=rng.randint(150, 3000))
    if label == "refused":
        mode = rng.choice(["chip_late", "too_young"])
        if mode == "too_young":
            vacc = birth + dt.timedelta(days=rng.randint(50, 83))
            chip = vacc - dt.timedelta(days=rng.randint(0, 20))
        else:
            vacc = birth + dt.timedelta(days=rng.randint(90, 600))
            chip = vacc + dt.timedelta(days=rng.randint(1, 60))
        arrival = max(arrival, vacc + dt.timedelta(days=rng.randint(0, 200)))
    else:
        vacc_gap = rng.randint(1, 20) if label == "wait" else rng.randint(21, 700)
        vacc = arrival - dt.timedelta(days=vacc_gap)
        if (vacc - birth).days < 84:
            birth = vacc - dt.timedelta(days=rng.randint(84, 900))
        chip = vacc - dt.timedelta(days=rng.randint(0, 400))
        if chip < birth:
            chip = birth + dt.timedelta(days=rng.randint(20, 60))
            if chip > vacc:
                chip = vacc
    return chip, birth, vacc, arrival


def pet(rng, label, fam, idx):
    traps = ["label-listing"]
    chip, birth, vacc, arrival = pet_dates(rng, label)
    assert R.pet(chip.isoformat(), birth.isoformat(), vacc.isoformat(), arrival.isoformat()) == label
    carrier = {"agent": "Agent %d, Calais pet reception" % rng.randint(100, 400), "resultat": "contrôle non effectué"}
    invoice = [{"item": "Pet check fee", "gbp": 24.00}]
    if fam == "french_upstream":
        carrier["resultat"] = FR[label]
    elif fam == "kennel_invoice":
        nights = {"eligible": 0, "refused": 120}.get(label)
        if nights is None:
            nights = 21 - (arrival - vacc).days
        invoice.append({"item": "Kennel boarding", "nights": nights, "gbp": round(nights * 32.5, 2)})
    msgs = ["Please wait in lane %d for pet reception." % rng.randint(1, 6)]
    traps.append("other-sense")
    if rng.random() < 0.4:
        msgs.append("Frequent traveller discount: not eligible on this fare.")
        traps.append("negation")
    others = []
    if rng.random() < 0.35:
        others.append({"name": rng.choice(["Biscuit", "Luna", "Otis", "Pepper"]), "species": "cat", "status": rng.choice(R.PET_LABELS)})
        traps.append("sibling-label")
    proj = {
        "instruction": ("Decide the pet's entry status under the GB pet travel rules: refused if the microchip was implanted after the rabies "
                        "vaccination or the pet was under 12 weeks (84 days) old when vaccinated; otherwise wait if arrival is less than 21 days "
                        "after vaccination; otherwise eligible. Answer eligible, wait or refused."),
        "booking": {
            "ref": "PT%07d" % (7000000 + idx * 41), "owner": name(rng),
            "pet": {"name": rng.choice(["Max", "Bella", "Rocky", "Daisy", "Milo", "Nala", "Teddy"]), "species": "dog",
                    "breed": rng.choice(["Labrador", "Border Collie", "Dachshund", "Beagle", "mixed"]),
                    "date_of_birth": birth.isoformat(), "microchip_implanted": chip.isoformat(), "microchip_no": "250%012d" % rng.randint(0, 10 ** 12 - 1)},
            "rabies_vaccination": {"date": vacc.isoformat(), "vaccine": rng.choice(["Nobivac Rabies", "Rabisin", "Versiguard"]), "vet": "Clinique vétérinaire " + rng.choice(["du Port", "St-Pierre", "des Dunes"])},
            "travel": {"arrival_date": arrival.isoformat(), "route": rng.choice(["Calais-Folkestone (LeShuttle)", "Calais-Dover ferry"])},
            "messages": msgs,
            "carrier_check": carrier,
            "invoice": invoice,
            "other_pets_on_booking": others}}
    return proj, traps
