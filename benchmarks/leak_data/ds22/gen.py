#!/usr/bin/env python3
"""Deterministic generator for the ds22 leakage benchmark batch (stdlib only)."""
import base64
import collections
import json
import math
import os
import random

import check as C

HERE = os.path.dirname(os.path.abspath(__file__))
STATS = {}

FIRST = ["Alex", "Sam", "Priya", "Tom", "Maria", "Chen", "Olu", "Grace", "Ivan", "Lena", "Raj", "Beth", "Jorge", "Aisha"]
LAST = ["Patel", "Jones", "Nowak", "Smith", "Okafor", "Garcia", "Li", "Murphy", "Khan", "Novak", "Evans", "Silva"]


def person(rng):
    return "%s %s" % (rng.choice(FIRST), rng.choice(LAST))


def date(rng, y=2026, months=(1, 12)):
    return "%04d-%02d-%02d" % (y, rng.randint(*months), rng.randint(1, 28))


class Traps:
    def __init__(self):
        self.items = []

    def add(self, fam, example):
        self.items.append((fam, example))
        return example


def run(name, labels, derive, note, n, leak_rate, fams, build, seed):
    rng = random.Random(seed)
    seq = [labels[i % len(labels)] for i in range(n)]
    rng.shuffle(seq)
    nleak = round(n * leak_rate)
    leak_idx = set(rng.sample(range(n), nleak)) if fams else set()
    fam_of = {}
    order = sorted(leak_idx)
    rng.shuffle(order)
    for j, i in enumerate(order):
        fam_of[i] = fams[j % len(fams)]
    recs = []
    st = {"n": n, "labels": collections.Counter(), "leak": 0, "leak_fams": collections.Counter(),
          "traps": collections.Counter(), "trap_ex": {}, "trap_clean": collections.Counter()}
    for i in range(n):
        lab = seq[i]
        tr = Traps()
        proj = build(rng, lab, fam_of.get(i), tr)
        vals = [C.resolve(proj, p) for p in derive]
        got = C.RULES[name](vals)
        assert got == lab, (name, i, lab, got)
        leak = i in leak_idx
        recs.append({"id": "%s-%04d" % (name, i + 1), "expected": lab, "label_set": labels, "target": "label",
                     "projection": proj, "truth": {"leak": leak}})
        st["labels"][lab] += 1
        if leak:
            st["leak"] += 1
            st["leak_fams"][fam_of[i]] += 1
        for fam, ex in {f: e for f, e in tr.items}.items():
            st["traps"][fam] += 1
            if not leak:
                st["trap_clean"][fam] += 1
            st["trap_ex"].setdefault(fam, ex)
    with open(os.path.join(HERE, name + ".jsonl"), "w", encoding="utf-8") as fh:
        for r in recs:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, name + ".meta.json"), "w", encoding="utf-8") as fh:
        json.dump({"derive_from": derive, "note": note}, fh, ensure_ascii=False, indent=2)
        fh.write("\n")
    STATS[name] = st


# =====================================================================
# 1 MOT tyre tread (LEAK) labels: ordinary English words
# =====================================================================
MAKES = [("Ford", "Fiesta"), ("Vauxhall", "Corsa"), ("VW", "Golf"), ("Toyota", "Yaris"), ("Nissan", "Qashqai"),
         ("BMW", "320d"), ("Kia", "Sportage"), ("Skoda", "Octavia"), ("Renault", "Clio"), ("Honda", "Jazz")]


def vrm(rng):
    L = "ABCDEFGHJKLMNOPRSTUVWXY"
    return "%s%s%02d %s%s%s" % (rng.choice(L), rng.choice(L), rng.choice([15, 16, 65, 66, 17, 67, 18, 68, 19, 69, 70, 21]),
                                rng.choice(L), rng.choice(L), rng.choice(L))


def b_tyre(rng, lab, fam, tr):
    m = {"fail": rng.randint(6, 15), "advisory": rng.randint(16, 19), "pass": rng.randint(20, 45)}[lab]
    pos = ["nsf", "osf", "nsr", "osr"]
    cells = [rng.randint(max(m, 20), 80) for _ in range(12)]
    cells[rng.randrange(12)] = m
    readings = {p: [cells[3 * k + j] / 10 for j in range(3)] for k, p in enumerate(pos)}
    mk = rng.choice(MAKES)
    notes = []
    r = rng.random()
    if r < 0.3:
        notes.append(tr.add("other_sense", "NSF = nearside front, i.e. the passenger side on a UK right-hand-drive car."))
    elif r < 0.5:
        notes.append(tr.add("other_sense", "Brake roller test done on the pass-through lane (bay 2)."))
    if rng.random() < 0.3:
        notes.append(tr.add("label_set_listing", "Tyre outcome codes used by this station: pass / advisory / fail."))
    notes.append(rng.choice(["Spare wheel not assessed.", "Locking wheel nut key in glovebox.", "Customer waiting."]))
    hist = []
    for y in (2024, 2025):
        res = rng.choice(["PASS", "PASS", "FAIL"])
        adv = []
        if rng.random() < 0.4:
            adv.append("Nearside rear tyre worn close to legal limit (5.2.3 (e))")
        hist.append({"test_date": date(rng, y), "result": res, "odometer_miles": rng.randint(20000, 90000),
                     "advisories": adv})
    if any(h["advisories"] or h["result"] == "FAIL" for h in hist):
        tr.add("other_event_label", "mot_history %s result %s" % (hist[0]["test_date"], hist[0]["result"]))
    cell = "<td>recorded</td>"
    if fam == "colour_hex":
        cell = '<td style="background-color:%s">&nbsp;</td>' % C.TYRE_HEX[lab]
    html = ('<table class="mot-summary"><tr><th>Item</th><th>Status</th></tr>'
            '<tr><td>1.1 Brakes</td><td>recorded</td></tr><tr><td>5.2.3 Tyres</td>%s</tr></table>' % cell)
    app = None
    if fam == "upstream_paraphrase":
        txt = {"fail": "At least one tyre at or below the legal minimum - replacement required before re-test.",
               "advisory": "All tyres legal but one is approaching the limit - advise the customer.",
               "pass": "All four tyres comfortably above the legal minimum."}[lab]
        app = {"app": "TreadSnap 3.2", "model": "ts-vision-2025-11", "summary": txt,
               "confidence": round(rng.uniform(0.7, 0.98), 2)}
    return {
        "instruction": ("You are assisting a UK MOT tester. Using only the tread depth readings (mm, three points "
                        "across the central three-quarters of each tyre), classify the tyre check: 'fail' if any "
                        "reading is below 1.6 mm; 'advisory' if the lowest reading is 1.6 mm or more but below "
                        "2.0 mm; otherwise 'pass'. Answer with exactly one of: pass, advisory, fail."),
        "vehicle": {"vrm": vrm(rng), "make": mk[0], "model": mk[1], "odometer_miles": rng.randint(25000, 120000)},
        "tyre_readings_mm": readings,
        "tester_notes": " ".join(notes),
        "mot_history": hist,
        "mot_report_html": html,
        "photo_gauge_app": app,
    }


# =====================================================================
# 2 Geomagnetic storm G-scale (LEAK) numeric labels
# =====================================================================
AP = [0, 2, 3, 4, 5, 6, 7, 9, 12, 15, 18, 22, 27, 32, 39, 48, 56, 67, 80, 94, 111, 132, 154, 179, 207, 236, 300, 400]
IMPACTS = {"1": "Weak power grid fluctuations can occur. Aurora may be visible at high latitudes.",
           "2": "High-latitude power systems may experience voltage alarms.",
           "3": "Power system voltage corrections may be required, false alarms triggered on protection devices.",
           "4": "Possible widespread voltage control problems and some protective systems may mistakenly trip.",
           "5": "Widespread voltage control problems and protective system problems can occur."}


def b_geomag(rng, lab, fam, tr):
    g = int(lab)
    tmax = 27 if g == 5 else 3 * (g + 4) + rng.choice([0, 1, 2])
    ts = [rng.randint(3, tmax) for _ in range(8)]
    ts[rng.randrange(8)] = tmax
    day = date(rng, 2026)
    rows = [{"time_tag": "%s %02d:00:00.000" % (day, 3 * k), "Kp": "%.2f" % (t / 3), "a_running": AP[t],
             "station_count": rng.choice([7, 8, 8, 8])} for k, t in enumerate(ts)]
    prods = []
    r = rng.random()
    if r < 0.25:
        prods.append({"code": "ALTXMF", "serial": rng.randint(1000, 1999), "issue_datetime": day + " 14:22",
                      "summary": tr.add("label_like_code", "ALERT: X-Ray Flux exceeded M5 - NOAA Scale: R2 - Moderate")})
    elif r < 0.45:
        prods.append({"code": "WATA30", "serial": rng.randint(1000, 1999), "issue_datetime": day + " 21:05",
                      "summary": tr.add("other_event_label",
                                        "WATCH: Geomagnetic Storm Category G%d Predicted for the following UT day"
                                        % rng.randint(1, 3))})
    if rng.random() < 0.3:
        prods.append({"code": "ALTTP2", "serial": rng.randint(1000, 1999), "issue_datetime": day + " 09:41",
                      "summary": "ALERT: Type II Radio Emission"})
    if fam == "message_code":
        for k in range(5, g + 5):
            prods.append({"code": "ALTK0%d" % k, "serial": rng.randint(2000, 2999),
                          "issue_datetime": day + " %02d:%02d" % (min(23, 3 * min(j for j, t in enumerate(ts) if t >= 3 * k) + rng.randint(0, 2)), rng.randint(0, 59)),
                          "summary": "ALERT"})
    rng.shuffle(prods)
    mail = None
    if fam == "scale_line_in_mail":
        mail = ("From: space-wx-duty@gridops.example\nSubject: FW: SWPC alert\n\n"
                "> ALERT: Geomagnetic storm in progress\n> NOAA Scale: G%d - %s\n> Potential Impacts: %s\n"
                % (g, ["Minor", "Moderate", "Strong", "Severe", "Extreme"][g - 1], IMPACTS[lab]))
    elif rng.random() < 0.3:
        yr = rng.choice(["10-11 May 2024 (G5)", "October 2003 (G5)", "March 1989 (G5)"])
        mail = tr.add("historical_mention", "From: training@gridops.example\nSubject: Storm drill\n\n"
                      "Reminder: this quarter's drill replays the storm of %s." % yr)
    return {
        "instruction": ("Using the planetary Kp values for the UTC day (3-hourly, decimal thirds: 6.67 = 7-, "
                        "7.00 = 7o, 7.33 = 7+), report the NOAA geomagnetic storm level reached: "
                        "level = floor(max Kp) - 4 (Kp 5 -> 1, 6 -> 2, 7 -> 3, 8 -> 4, 9 -> 5). Every day in this "
                        "set reached at least Kp 5. Answer with the number only: 1, 2, 3, 4 or 5."),
        "kp_index_3h": rows,
        "swpc_product_index": prods,
        "forwarded_mail": mail,
        "analyst": person(rng),
    }


# =====================================================================
# 3 Aviso calor AEMET (LEAK) Spanish labels
# =====================================================================
ZONAS = [("611102", "Campiña sevillana", "Sevilla", 40, 43, 46), ("611401", "Campiña cordobesa", "Córdoba", 40, 43, 46),
         ("280101", "Metropolitana y Henares", "Madrid", 36, 39, 42),
         ("500201", "Ribera del Ebro de Zaragoza", "Zaragoza", 37, 40, 43),
         ("460301", "Litoral sur de Valencia", "Valencia", 36, 39, 42), ("270101", "A Mariña lucense", "Lugo", 30, 34, 38),
         ("481101", "Litoral de Bizkaia", "Bizkaia", 32, 36, 39), ("061201", "Vegas del Guadiana", "Badajoz", 40, 43, 45),
         ("301201", "Vega del Segura", "Murcia", 38, 41, 44), ("070201", "Mallorca", "Illes Balears", 36, 39, 42)]
STORM_LVL = ["2; yellow; Moderate", "3; orange; Severe"]


def cap(event_es, typ, level, zona, day, rng):
    return ('<alert xmlns="urn:oasis:names:tc:emergency:cap:1.2"><identifier>2.49.0.0.724.0.ES.%s%06d</identifier>'
            '<sender>plan_meteoalerta@aemet.es</sender><status>Actual</status><msgType>Alert</msgType><info>'
            '<language>es-ES</language><category>Met</category><event>%s</event><parameter><valueName>'
            'awareness_type</valueName><value>%s</value></parameter><parameter><valueName>awareness_level'
            '</valueName><value>%s</value></parameter><area><areaDesc>%s</areaDesc><geocode><valueName>'
            'EMMA_ID</valueName><value>ES%s</value></geocode></area></info></alert>'
            % (day.replace("-", ""), rng.randint(0, 999999), event_es, typ, level, zona[1], zona[0][:4]))


def b_calor(rng, lab, fam, tr):
    z = rng.choice(ZONAS)
    am, na, ro = z[3], z[4], z[5]
    tmax = {"verde": rng.randint(am - 6, am - 1), "amarillo": rng.randint(am, na - 1),
            "naranja": rng.randint(na, ro - 1), "rojo": rng.randint(ro, ro + 2)}[lab]
    day = date(rng, 2026, (6, 8))
    capx = None
    if fam == "cap_awareness_level":
        capx = cap("Temperaturas máximas", "5; high-temperature", C.CAL_CAP[lab], z, day, rng)
    elif rng.random() < 0.35:
        capx = cap("Tormentas", "3; thunderstorm", rng.choice(STORM_LVL), z, day, rng)
        tr.add("other_event_label", "CAP Tormentas awareness_level " + capx.split("awareness_level</valueName><value>")[1].split("<")[0])
    titulo = "Predicción actualizada: %s" % z[1]
    if fam == "emoji_glyph":
        titulo = "%s Aviso por calor: %s" % (C.CAL_EMOJI[lab], z[1])
    est = rng.choice(["\U0001F7E2 operativa", "\U0001F7E1 mantenimiento programado", "\U0001F534 sin conexión",
                      "operativa"])
    if est[0] != "o":
        tr.add("unrelated_glyph_colour", "estado_estacion: " + est)
    notas = []
    r = rng.random()
    if r < 0.2:
        notas.append(tr.add("other_sense", "Campaña de la naranja: mercado de productores en la plaza el sábado."))
    elif r < 0.35:
        notas.append(tr.add("other_sense", "Semáforo en rojo intermitente en la A-4 por obras nocturnas."))
    elif r < 0.5:
        notas.append(tr.add("other_sense", "La zona verde del parque permanece cerrada por riego."))
    r = rng.random()
    if r < 0.2:
        notas.append(tr.add("negation", "No se han activado avisos por viento en la provincia."))
    elif r < 0.4:
        notas.append(tr.add("historical_mention", "En julio de 2022 esta zona llegó a nivel rojo durante tres días."))
    tr.add("label_word_in_input", "umbrales_c keys amarillo/naranja/rojo")
    return {
        "instruccion": ("Eres un asistente del servicio de predicción. Con los umbrales de aviso por temperaturas "
                        "máximas de la zona y la temperatura máxima prevista, asigna el nivel: 'verde' si tmax < "
                        "umbral amarillo; 'amarillo' si umbral amarillo <= tmax < umbral naranja; 'naranja' si "
                        "umbral naranja <= tmax < umbral rojo; 'rojo' si tmax >= umbral rojo. Responde solo con una "
                        "palabra: verde, amarillo, naranja o rojo."),
        "zona": {"codigo": z[0], "nombre": z[1], "provincia": z[2], "umbrales_c": {"amarillo": am, "naranja": na, "rojo": ro}},
        "prediccion": {"fecha": day, "tmax_c": tmax, "tmin_c": rng.randint(17, 27), "hora_tmax": rng.choice(["16:00", "17:00", "18:00"])},
        "estado_estacion": est,
        "notas": " ".join(notas),
        "cap_meteoalarm": capx,
        "notificacion_push": {"titulo": titulo, "cuerpo": "Consulta los detalles en la app de AEMET."},
    }


# =====================================================================
# 4 USPS zone (LEAK) numeric labels
# =====================================================================
CITIES = [("10001", 40.75, -73.99), ("02118", 42.34, -71.07), ("19104", 39.96, -75.19), ("20001", 38.91, -77.02),
          ("30303", 33.75, -84.39), ("33130", 25.77, -80.20), ("60601", 41.89, -87.62), ("48226", 42.33, -83.05),
          ("55401", 44.98, -93.27), ("63101", 38.63, -90.19), ("75201", 32.79, -96.80), ("77002", 29.76, -95.36),
          ("80202", 39.75, -104.99), ("85004", 33.45, -112.07), ("84101", 40.76, -111.89), ("98101", 47.61, -122.33),
          ("97204", 45.52, -122.68), ("94103", 37.77, -122.41), ("90012", 34.06, -118.24), ("92101", 32.72, -117.16),
          ("37203", 36.15, -86.79), ("28202", 35.23, -80.84), ("46204", 39.77, -86.16), ("64105", 39.10, -94.59),
          ("73102", 35.47, -97.52), ("87102", 35.08, -106.65), ("89101", 36.17, -115.14), ("32801", 28.54, -81.38),
          ("53202", 43.04, -87.91), ("43215", 39.96, -83.00), ("15222", 40.44, -80.00), ("70112", 29.95, -90.08),
          ("21202", 39.29, -76.61), ("06103", 41.77, -72.67), ("23219", 37.54, -77.44), ("45202", 39.10, -84.51)]


def hav(a, b):
    la1, lo1, la2, lo2 = map(math.radians, (a[1], a[2], b[1], b[2]))
    h = math.sin((la2 - la1) / 2) ** 2 + math.cos(la1) * math.cos(la2) * math.sin((lo2 - lo1) / 2) ** 2
    return 3958.8 * 2 * math.asin(math.sqrt(h))


PAIRS = collections.defaultdict(list)
for _a in CITIES:
    for _b in CITIES:
        if _a != _b:
            _d = round(hav(_a, _b), 1)
            PAIRS[C.r_usps([None, None, _d])].append((_a[0], _b[0], _d))


def b_usps(rng, lab, fam, tr):
    if lab == "2" and rng.random() < 0.4:
        c = rng.choice(CITIES)
        o = c[0]
        d = c[0][:3] + "%02d" % rng.randint(0, 99)
        while d == o:
            d = c[0][:3] + "%02d" % rng.randint(0, 99)
        dist = round(rng.uniform(3, 49.5), 1)
    else:
        o, d, dist = rng.choice(PAIRS[lab])
    w = rng.randint(1, 10)
    key = "rate:PM:2026-01:%08x" % rng.getrandbits(32)
    if fam == "cache_key":
        key = "rate:PM:2026-01:z%s:w%dlb" % (lab, w)
        log = "2026-%s rates.cache HIT key=%s ttl=3600" % (date(rng)[5:], key)
    else:
        log = "2026-%s rates.cache MISS key=%s upstream=epm-rates" % (date(rng)[5:], key)
    out = {"status": "QUEUED", "postage_usd": None}
    if fam == "downstream_price":
        out = {"status": "OK", "postage_usd": C.price(lab, w)}
    notes = []
    r = rng.random()
    if r < 0.25:
        notes.append(tr.add("label_like_code", "Gift note: Seeds for your zone %d%s garden - sow after the last frost!"
                            % (rng.randint(3, 9), rng.choice("ab"))))
    elif r < 0.5:
        notes.append(tr.add("label_like_code", "Pick location: Aisle %d, Zone %d, Bin %d"
                            % (rng.randint(1, 30), rng.randint(1, 8), rng.randint(1, 99))))
    if rng.random() < 0.25:
        notes.append(tr.add("label_set_listing", "Domestic zones run 1 through 9 (9 = US territories; not used here)."))
    return {
        "instruction": ("Determine the USPS domestic price zone for this parcel from the origin/destination ZIP "
                        "codes and the distance returned by the zip_distance tool: up to 150 miles -> 2 (zones 1 and 2 share one "
                        "price column, so local shipments are reported as 2); "
                        "151-300 -> 3; 301-600 -> 4; 601-1000 -> 5; 1001-1400 -> 6; 1401-1800 -> 7; over 1800 -> 8. "
                        "Answer with the zone number only (2-8)."),
        "shipment": {"order_id": "SO-%06d" % rng.randint(0, 999999), "origin_zip": o, "dest_zip": d, "weight_lb": w,
                     "service": "Priority Mail", "package": rng.choice(["box 12x10x6", "padded mailer", "tube 24in"])},
        "tool_calls": [
            {"tool": "zip_distance", "input": {"from": o, "to": d}, "output": {"distance_miles": dist}},
            {"tool": "rate_quote", "input": {"service": "Priority Mail", "weight_lb": w}, "log": log, "output": out},
        ],
        "fulfilment_notes": " ".join(notes),
    }


# =====================================================================
# 5 Used book condition (LEAK) multi-word labels
# =====================================================================
BOOKS = [("Very Good, Jeeves!", "P. G. Wodehouse", 1930, True), ("Good Omens", "Terry Pratchett & Neil Gaiman", 1990, True),
         ("The Good Soldier", "Ford Madox Ford", 1915, True), ("Poor Things", "Alasdair Gray", 1992, True),
         ("Fair Stood the Wind for France", "H. E. Bates", 1944, True), ("The Good Earth", "Pearl S. Buck", 1931, True),
         ("Poor Cow", "Nell Dunn", 1967, True), ("Cider with Rosie", "Laurie Lee", 1959, False),
         ("The Remains of the Day", "Kazuo Ishiguro", 1989, False), ("Wolf Hall", "Hilary Mantel", 2009, False),
         ("Watership Down", "Richard Adams", 1972, False), ("A Month in the Country", "J. L. Carr", 1980, False),
         ("The Day of the Triffids", "John Wyndham", 1951, False), ("Small Island", "Andrea Levy", 2004, False),
         ("Brideshead Revisited", "Evelyn Waugh", 1945, False), ("The Go-Between", "L. P. Hartley", 1953, False)]
LOCS = ["front board", "rear board", "spine", "prelims", "p. %d", "text block", "dust jacket"]


def b_book(rng, lab, fam, tr):
    band = {"As New": (0, 0), "Very Good": (1, 2), "Good": (3, 5), "Fair": (6, 9), "Poor": (10, 99)}[lab]
    names = list(C.BOOK_POINTS)
    while True:
        k = 0 if lab == "As New" else rng.randint(1, 5)
        ds = rng.sample(names, k)
        pts = sum(C.BOOK_POINTS[d] for d in ds)
        if band[0] <= pts <= band[1]:
            break
    defects = []
    for d in ds:
        loc = rng.choice(LOCS)
        defects.append({"defect": d, "location": loc % rng.randint(5, 300) if "%d" in loc else loc})
    bk = rng.choice(BOOKS)
    if bk[3]:
        tr.add("proper_name", "title: " + bk[0])
    num = rng.randint(10000, 99999)
    binding = rng.choice(["Hardcover", "Paperback"])
    sku = "ALB-%d-%s" % (num, {"Hardcover": "HB", "Paperback": "PB"}[binding])
    if fam == "sku_abbreviation":
        sku = "ALB-%d-%s" % (num, C.BOOK_ABBR[lab])
    photos = rng.choice([["IMG_%d.jpg" % (4000 + j + num % 1000) for j in range(2)],
                         ["ALB-%d_front.jpg" % num, "ALB-%d_spine.jpg" % num]])
    if fam == "photo_filename":
        photos = ["ALB-%d_%s_%02d.jpg" % (num, C.BOOK_SLUG[lab], j + 1) for j in range(rng.randint(2, 3))]
    r = rng.random()
    if r < 0.2:
        com = tr.add("label_set_listing", "Grade scale per policy 4.2: As New / Very Good / Good / Fair / Poor.")
    elif r < 0.4:
        com = tr.add("other_entity_label", "The last copy of this title we sold (order 7%04d) was graded %s."
                     % (rng.randint(0, 9999), rng.choice(["As New", "Very Good", "Good", "Fair", "Poor"])))
    else:
        com = rng.choice(["Packed in bubble wrap.", "From a local estate collection.", "Checked for completeness."])
    return {
        "instruction": ("Grade this second-hand book for the marketplace listing from the inspector's defect list. "
                        "Points per defect: " + "; ".join("%s = %d" % kv for kv in C.BOOK_POINTS.items()) +
                        ". Total 0 = As New; 1-2 = Very Good; 3-5 = Good; 6-9 = Fair; 10 or more = Poor. Answer "
                        "with exactly one of: As New, Very Good, Good, Fair, Poor."),
        "listing": {"sku": sku, "title": bk[0], "author": bk[1], "first_published": bk[2], "binding": binding},
        "inspection": {"inspector": person(rng), "defects": defects, "comment": com},
        "photos": photos,
    }


# =====================================================================
# 6 Vaccine fridge excursion (LEAK)
# =====================================================================
VAX = ["Shingrix", "Boostrix-IPV", "Infanrix hexa", "Prevenar 20", "Bexsero", "MenQuadfi", "Gardasil 9", "Priorix"]


def b_vaccine(rng, lab, fam, tr):
    temps = [round(rng.uniform(3.5, 6.8), 1) for _ in range(96)]
    def block(k, lo, hi):
        s = rng.randint(0, 96 - k)
        for j in range(s, s + k):
            temps[j] = round(rng.uniform(lo, hi), 1)
    if lab == "quarantine":
        block(rng.randint(1, 16), 8.2, 12.5)
    elif lab == "discard":
        kind = rng.choice(["freeze", "long", "hot"])
        if kind == "freeze":
            block(rng.randint(1, 4), -3.0, -0.3)
        elif kind == "long":
            block(rng.randint(17, 40), 8.3, 11.0)
        else:
            block(rng.randint(1, 3), 25.5, 29.0)
    day = date(rng, 2026)
    lid = "LOG-%04d" % rng.randint(0, 9999)
    csv = "timestamp,temp_c,logger_id\n" + "\n".join(
        "%sT%02d:%02d:00Z,%.1f,%s" % (day, j // 4, 15 * (j % 4), t, lid) for j, t in enumerate(temps))
    case = "EXC-2026-%04d" % rng.randint(0, 9999)
    audit = [{"ts": day + "T07:5%dZ" % rng.randint(0, 9), "user": "nurse.%s" % rng.choice(LAST).lower(),
              "event": "Logger downloaded via USB"}]
    if rng.random() < 0.5:
        audit.append({"ts": day + "T%02d:%02dZ" % (rng.randint(8, 17), rng.randint(0, 59)), "user": "system",
                      "event": "Door-open alarm acknowledged"})
    if fam == "later_audit_event":
        audit.append({"ts": day[:8] + "%02dT09:%02dZ" % (int(day[8:]) + 1, rng.randint(0, 59)),
                      "user": "pharm.lead", "event": "Stock movement: all lots -> " + C.VAX_LOC[lab]})
    st = {"case": case, "step": "awaiting_review", "v": 2}
    if fam == "base64_state":
        st = {"case": case, "step": "closed", "disposition": lab, "v": 2}
    notes = []
    r = rng.random()
    if r < 0.2:
        notes.append(tr.add("other_sense", "Discard outer cardboard packaging in the blue recycling bin, not clinical waste."))
    elif r < 0.35:
        notes.append(tr.add("other_sense", "Flu stock labels read 'USABLE UNTIL' followed by the expiry date."))
    r = rng.random()
    if r < 0.2:
        notes.append(tr.add("historical_mention", "In 2024 a similar excursion was quarantined and later released by the manufacturer."))
    elif r < 0.35:
        notes.append(tr.add("negation", "No cold-chain breach has been reported for the pharmacy fridge next door."))
    return {
        "instruction": ("Review a vaccine fridge temperature excursion for a GP practice using the data-logger export "
                        "(one row per 15-minute interval; the row's temperature applies to the whole interval). "
                        "Any reading below 0.0 C or above 25.0 C -> discard; more than 240 cumulative minutes above "
                        "8.0 C -> discard; otherwise any minutes above 8.0 C -> quarantine (hold pending manufacturer "
                        "advice); otherwise usable. Answer with one of: usable, quarantine, discard."),
        "fridge": {"id": "VF-%02d" % rng.randint(1, 12), "model": rng.choice(["Lec PE207C", "Liebherr LKPv 1420", "Labcold RLDF1519"]),
                   "room": rng.choice(["Treatment room 1", "Treatment room 2", "Dispensary"])},
        "stock": [{"product": p, "lot": "%s%04d" % (rng.choice("ABKLX"), rng.randint(0, 9999)), "doses": rng.randint(5, 60)}
                  for p in rng.sample(VAX, rng.randint(2, 4))],
        "logger_export": {"filename": "%s_%s.csv" % (lid, day), "csv": csv},
        "audit_log": audit,
        "workflow": {"case_id": case, "state_token": base64.b64encode(json.dumps(st).encode()).decode()},
        "notes": " ".join(notes),
    }


# =====================================================================
# 7 Extinguisher annual maintenance (LEAK) multi-word
# =====================================================================
def b_ext(rng, lab, fam, tr):
    typ, rated = rng.choice([("6 kg ABC powder", 10.4), ("9 kg ABC powder", 14.6), ("6 L AFFF foam", 10.9), ("9 L water", 14.2)])
    iy = 2026
    shell_ok = ["good", "minor scratches"]
    if lab == "condemned":
        if rng.random() < 0.5:
            shell, age = "pitting/corrosion", rng.randint(2, 24)
        else:
            shell, age = rng.choice(shell_ok), rng.randint(21, 28)
        gauge = rng.choice(["green (operable)", "green (operable)", "red - undercharged", "red - overcharged"])
        gross = round(rated * rng.uniform(0.8, 1.02), 1)
    else:
        shell, age = rng.choice(shell_ok), rng.randint(1, 20)
        if lab == "in service":
            gauge, gross = "green (operable)", round(rated * rng.uniform(0.92, 1.02), 1)
        else:
            if rng.random() < 0.5:
                gauge, gross = rng.choice(["red - undercharged", "red - overcharged"]), round(rated * rng.uniform(0.8, 1.02), 1)
            else:
                gauge, gross = "green (operable)", round(rated * rng.uniform(0.7, 0.88), 1)
    serial = "FX-%06d" % rng.randint(0, 999999)
    loc = rng.choice(["Reception", "Kitchen", "Plant room", "Stair core B, L2", "Service corridor B", "Workshop"])
    if loc == "Service corridor B":
        tr.add("other_sense", "location: Service corridor B")
    badge = '<span class="badge bg-secondary">awaiting sign-off</span>'
    if fam == "css_badge_class":
        badge = '<span class="badge %s">&#9679;</span>' % C.EXT_BADGE[lab]
    wos = []
    if fam == "downstream_work_order":
        txt = {"in service": "No remedial work. Next annual maintenance due %d-%02d." % (iy + 1, rng.randint(1, 12)),
               "recharge required": "Discharge, refill and re-pressurise; fit new tamper seal and tag.",
               "condemned": "Remove unit from site for scrapping; supply like-for-like replacement."}[lab]
        wos = [{"id": "WO-%05d" % rng.randint(0, 99999), "raised": "%d-%02d-%02d" % (iy, rng.randint(4, 6), rng.randint(1, 28)), "text": txt}]
    notes = []
    r = rng.random()
    if r < 0.2:
        notes.append(tr.add("other_sense", "Lift 2 returned to service after its LOLER thorough examination."))
    elif r < 0.35:
        notes.append(tr.add("label_set_listing", "Tag outcomes on the clipboard: in service / recharge required / condemned."))
    elif r < 0.5:
        notes.append(tr.add("other_entity_label", "Unit FX-%06d on floor 3 (not this unit) was condemned in 2019." % rng.randint(0, 999999)))
    return {
        "instruction": ("Annual maintenance of a portable fire extinguisher. Decide: 'condemned' if the shell shows "
                        "pitting/corrosion or the unit is more than 20 years old at inspection (inspection year - "
                        "manufacture year > 20); otherwise 'recharge required' if the gauge is not 'green (operable)' "
                        "or the gross weight is below 90 % of the rated gross weight; otherwise 'in service'. Answer "
                        "with one of: in service, recharge required, condemned."),
        "unit": {"serial": serial, "type": typ, "manufacture_year": iy - age, "rated_gross_weight_kg": rated, "location": loc},
        "inspection": {"inspection_year": iy, "date": "%d-03-%02d" % (iy, rng.randint(1, 28)), "gauge": gauge,
                       "gross_weight_kg": gross, "shell_condition": shell, "seal_intact": rng.random() < 0.8,
                       "technician": person(rng)},
        "card_html": '<div class="ext-card">%s %s &middot; %s</div>' % (badge, serial, loc),
        "work_orders": wos,
        "site_notes": " ".join(notes),
    }


# =====================================================================
# 8 TLS endpoint grade (LEAK) single-letter labels
# =====================================================================
def b_tls(rng, lab, fam, tr):
    modern = [["TLS 1.2", "TLS 1.3"], ["TLS 1.2"], ["TLS 1.3"]]
    legacy = [["TLS 1.0", "TLS 1.1", "TLS 1.2"], ["TLS 1.1", "TLS 1.2"], ["TLS 1.0", "TLS 1.2", "TLS 1.3"]]
    trusted, rc4, fs = True, False, True
    if lab == "A":
        prot = rng.choice(modern)
    elif lab == "B":
        prot = rng.choice(legacy)
    elif lab == "C":
        prot = rng.choice(modern + legacy)
        rc4, fs = rng.choice([(True, True), (False, False), (True, False)])
    else:
        prot = rng.choice(modern + legacy)
        if rng.random() < 0.5:
            prot = ["SSL 3.0"] + prot
            trusted = rng.random() < 0.7
        else:
            trusted = False
        rc4, fs = rng.random() < 0.3, rng.random() < 0.7
    issues = [] if trusted else [rng.choice(["certificate expired", "self-signed certificate", "hostname mismatch"])]
    host = "%s.%s.example" % (rng.choice(["api", "www", "pay", "sso", "legacy", "portal", "files"]),
                              rng.choice(["acme", "northwind", "contoso", "globex"]))
    ip = "203.0.113.%d" % rng.randint(2, 250)
    colours = {"A": "brightgreen", "B": "yellow", "C": "orange", "F": "red"}
    readme = ("# %s\n![build](https://img.shields.io/badge/build-passing-brightgreen) "
              "![coverage](https://img.shields.io/badge/coverage-%d%%25-%s)\n" % (host.split(".")[0] + "-service",
                                                                                rng.randint(40, 95), rng.choice(["yellow", "orange", "green"])))
    tr.add("unrelated_glyph_colour", "build-passing-brightgreen badge")
    if fam == "badge_url":
        readme += "![TLS](https://img.shields.io/badge/ssl%%20labs-%s-%s)\n" % (lab, colours[lab])
    readme += "Internal service behind the edge load balancer. Owner: platform team."
    out = {
        "instruction": ("Grade this HTTPS endpoint from the scanner's protocol, certificate and cipher-suite data with "
                        "the simplified policy: 'F' if SSL 3.0 is enabled or the certificate is not trusted; otherwise "
                        "'C' if any RC4 suite is offered or forward secrecy is not supported; otherwise 'B' if TLS 1.0 "
                        "or TLS 1.1 is enabled; otherwise 'A'. Answer with one letter: A, B, C or F."),
        "scan": {"host": host, "port": 443, "startTime": 1767225600000 + rng.randint(0, 10 ** 10),
                 "endpoints": [{"ipAddress": ip, "serverSignature": rng.choice(["nginx/1.24.0", "Apache/2.4.58", "BigIP", "F5 BIG-IP", "cloudflare"]),
                                "protocols": prot,
                                "cert": {"subject": "CN=" + host, "issuer": rng.choice(["R11 (Let's Encrypt)", "DigiCert TLS RSA SHA256 2020 CA1", host]),
                                         "trusted": trusted, "issues": issues},
                                "suites_summary": {"count": rng.randint(6, 30), "rc4": rc4, "forward_secrecy": fs}}]},
        "dns": {"A": [ip], "AAAA": ["2001:db8::%x" % rng.randint(1, 4000)] if rng.random() < 0.5 else []},
        "repo_readme_excerpt": readme,
    }
    tr.add("label_like_code", "dns A record")
    if out["scan"]["endpoints"][0]["serverSignature"] == "F5 BIG-IP":
        tr.add("label_like_code", "serverSignature F5 BIG-IP")
    if rng.random() < 0.4:
        out["other_hosts"] = [{"host": "%s.%s.example" % (rng.choice(["cdn", "mail", "vpn"]), rng.choice(["acme", "globex"])),
                               "last_grade": rng.choice(["A", "B", "C", "F"])} for _ in range(rng.randint(1, 3))]
        tr.add("other_entity_label", "other_hosts %s" % out["other_hosts"][0])
    if fam == "sla_correlate":
        out["remediation"] = {"ticket": None if lab == "A" else "SEC-%04d" % rng.randint(0, 9999), "due_in_days": C.TLS_SLA[lab]}
    return out


# =====================================================================
# 9 Radon home test (LEAK) multi-word
# =====================================================================
def b_radon(rng, lab, fam, tr):
    lo, hi = {"no action": (0.3, 1.85), "consider mitigation": (2.15, 3.85), "mitigate": (4.2, 15.0)}[lab]
    while True:
        avg = rng.uniform(lo, hi)
        a = avg * rng.uniform(0.75, 1.25)
        b = 2 * avg - a
        tests = []
        for x in (a, b):
            kit = rng.choice(["charcoal canister", "alpha track", "continuous radon monitor"])
            if rng.random() < 0.3:
                res, unit = int(round(x * 37)), "Bq/m3"
            else:
                res, unit = round(x, 1), "pCi/L"
            tests.append({"kit": kit, "placement": rng.choice(["basement", "ground-floor living room", "ground-floor bedroom"]),
                          "start": date(rng, 2026, (1, 3)), "hours": rng.choice([48, 72, 96]), "result": res, "unit": unit})
        if C.r_radon([tests]) == lab:
            break
    name = person(rng)
    es = "Estimado/a %s: adjuntamos los resultados de su prueba de radón." % name
    if fam == "translation":
        es += " Según su resultado promedio, %s." % C.RADON_ES[lab]
    es += " Para más información llame al 1-800-SOS-RADON."
    footer = []
    r = rng.random()
    if r < 0.25:
        footer.append(tr.add("other_sense", "January is National Radon Action Month."))
    elif r < 0.4:
        footer.append(tr.add("label_set_listing", "Possible outcomes: no action, consider mitigation, mitigate."))
    r = rng.random()
    if r < 0.2:
        footer.append(tr.add("negation", "No radon mitigation system is installed at this address (owner-reported)."))
    elif r < 0.35:
        footer.append(tr.add("historical_mention", "Historic note: the 1984 Watras house in Pennsylvania measured about 2,700 pCi/L."))
    out = {
        "instruction": ("Interpret a homeowner's pair of short-term radon tests per US EPA guidance. Average the two "
                        "results (convert Bq/m3 to pCi/L by dividing by 37). Average >= 4.0 pCi/L -> 'mitigate'; "
                        "2.0 to below 4.0 -> 'consider mitigation'; below 2.0 -> 'no action'. Answer with one of: "
                        "no action, consider mitigation, mitigate."),
        "home": {"county": rng.choice(["Polk", "Lancaster", "Boulder", "Story", "Erie", "Hamilton"]),
                 "year_built": rng.randint(1920, 2020), "foundation": rng.choice(["basement", "slab", "crawlspace"])},
        "tests": tests,
        "letter": {"en": "Dear %s, please find enclosed your radon test results." % name, "es": es},
        "lab_footer": " ".join(footer),
    }
    if fam == "post_decision_count":
        out["contractor_referrals_sent"] = C.RADON_REF[lab]
    return out


# =====================================================================
# 10 Oversize truck permit (CLEAN)
# =====================================================================
def b_truck(rng, lab, fam, tr):
    def std():
        return [{"position": "steer", "type": "single", "weight_lb": rng.randint(95, 120) * 100},
                {"position": "drive", "type": "tandem", "weight_lb": rng.randint(250, 330) * 100},
                {"position": "trailer", "type": "tandem", "weight_lb": rng.randint(250, 330) * 100}]
    width = rng.choice([8.0, 8.5])
    while True:
        groups = std()
        if lab == "legal":
            width = rng.choice([8.0, 8.5])
        elif lab == "permit required":
            v = rng.choice(["heavy", "axle", "wide"])
            width = rng.choice([8.0, 8.5])
            if v == "heavy":
                for _ in range(rng.randint(1, 3)):
                    groups.append({"position": "trailer", "type": "tandem", "weight_lb": rng.randint(200, 330) * 100})
            elif v == "axle":
                groups[rng.choice([1, 2])]["weight_lb"] = rng.randint(345, 380) * 100
            else:
                width = rng.choice([9.0, 10.5, 12.0, 14.0, 15.5, 16.0])
        else:
            if rng.random() < 0.5:
                for _ in range(rng.randint(4, 7)):
                    groups.append({"position": "trailer", "type": "tandem", "weight_lb": rng.randint(300, 340) * 100})
                width = rng.choice([8.5, 10.0, 12.0, 14.0])
            else:
                width = rng.choice([16.5, 18.0, 20.0])
                for _ in range(rng.randint(0, 3)):
                    groups.append({"position": "trailer", "type": "tandem", "weight_lb": rng.randint(200, 330) * 100})
        gvw = sum(g["weight_lb"] for g in groups)
        if C.r_truck([gvw, groups, width]) == lab:
            break
    out = {
        "instruction": ("You screen oversize/overweight moves for a state DOT permit desk. Using the gross vehicle "
                        "weight, axle-group weights and overall width: 'superload' if gross weight exceeds 150,000 lb "
                        "or width exceeds 16 ft; otherwise 'permit required' if gross weight exceeds 80,000 lb, any "
                        "single axle exceeds 20,000 lb, any tandem group exceeds 34,000 lb, or width exceeds 8.5 ft; "
                        "otherwise 'legal'. Answer with one of: legal, permit required, superload."),
        "carrier": {"carrier_legal_name": "%s %s LLC" % (rng.choice(LAST), rng.choice(["Heavy Haul", "Transport", "Logistics"])),
                    "usdot": rng.randint(1000000, 3999999)},
        "vehicle": {"unit_no": "T-%03d" % rng.randint(1, 999), "gross_weight_lb": gvw, "axle_groups": groups,
                    "overall_width_ft": width},
        "load": {"description": rng.choice(["excavator", "steel coil", "precast beam", "modular home section", "transformer", "crane counterweights"]),
                 "divisible": False},
        "route": {"origin": rng.choice(["Tulsa, OK", "Wichita, KS", "Amarillo, TX"]), "destination": rng.choice(["Joplin, MO", "Dodge City, KS", "Lawton, OK"])},
    }
    tr.add("other_sense", "carrier_legal_name")
    if rng.random() < 0.4:
        out["permit_types_reference"] = tr.add("label_set_listing", "Outcomes: legal (no permit); permit required (single-trip OS/OW); superload (engineering review and route survey).")
    if rng.random() < 0.4:
        out["fleet_history"] = [{"unit_no": "T-%03d" % rng.randint(1, 999), "date": date(rng, 2025),
                                 "outcome": rng.choice(["legal", "permit required", "superload"])} for _ in range(rng.randint(1, 3))]
        tr.add("other_entity_label", "fleet_history %s" % out["fleet_history"][0])
    if rng.random() < 0.25:
        out["dispatcher_note"] = tr.add("other_sense", "Legal department asked for the signed indemnity form before dispatch.")
    return out


# =====================================================================
# 11 Grass pollen level (CLEAN)
# =====================================================================
def b_pollen(rng, lab, fam, tr):
    c = {"low": rng.randint(0, 29), "moderate": rng.randint(30, 49), "high": rng.randint(50, 149), "very high": rng.randint(150, 600)}[lab]
    site = rng.choice(["High Street rooftop, Worcester", "Low Moor rooftop, Bradford", "University campus, Exeter", "Hospital roof, Leicester"])
    if site.startswith(("High", "Low")):
        tr.add("proper_name", "site: " + site)
    levels = ["low", "moderate", "high", "very high"]
    out = {
        "instruction": ("Report today's grass pollen level for the monitoring site from the measured grass pollen "
                        "concentration (daily mean, grains per cubic metre of air): low < 30; moderate 30-49; high "
                        "50-149; very high >= 150. Answer with one of: low, moderate, high, very high."),
        "site": {"name": site, "sampler": "Burkard 7-day volumetric trap"},
        "counts": {"date": date(rng, 2026, (5, 7)), "grass_grains_m3": c, "birch_grains_m3": rng.randint(0, 60),
                   "nettle_grains_m3": rng.randint(0, 120)},
        "weather": {"max_temp_c": rng.randint(14, 29), "rain_mm": rng.choice([0, 0, 0.4, 2.1, 7.8])},
    }
    if rng.random() < 0.5:
        out["other_types_levels"] = {"tree": rng.choice(levels), "weed": rng.choice(levels)}
        tr.add("other_entity_label", "other_types_levels %s" % out["other_types_levels"])
    notes = []
    r = rng.random()
    if r < 0.2:
        notes.append(tr.add("historical_mention", "Site record: very high count of 1,180 grains/m3 on 21 June 2018."))
    elif r < 0.4:
        notes.append(tr.add("negation", "No high-wind warning is in force for the county."))
    elif r < 0.55:
        notes.append(tr.add("other_sense", "Low-lying river meadows were cut for hay last week."))
    if rng.random() < 0.3:
        notes.append(tr.add("label_set_listing", "Scale used by the network: low / moderate / high / very high."))
    out["bulletin_notes"] = " ".join(notes)
    return out


# =====================================================================
# 12 Scaffold tag (CLEAN) colour-word labels
# =====================================================================
def b_scaffold(rng, lab, fam, tr):
    cl = {k: True for k in C.SCAFF_CRIT + C.SCAFF_MINOR}
    if lab == "red":
        for k in rng.sample(C.SCAFF_CRIT, rng.randint(1, 2)):
            cl[k] = False
        for k in C.SCAFF_MINOR:
            cl[k] = rng.random() > 0.3
    elif lab == "yellow":
        for k in rng.sample(C.SCAFF_MINOR, rng.randint(1, 3)):
            cl[k] = False
    insp = rng.choice(["A. Green", "M. Redmond", "K. Shah", "L. Brown", "P. Whyte"])
    if insp == "A. Green":
        tr.add("proper_name", "inspector A. Green")
    boards = rng.choice(["southern yellow pine", "spruce", "LVL", "aluminium/ply"])
    if boards == "southern yellow pine":
        tr.add("other_sense", "boards: southern yellow pine")
    out = {
        "instruction": ("Weekly scaffold inspection. Decide the scaffold tag from the checklist: 'red' (do not use) if "
                        "any critical item fails (base plates, sole boards, ties at required spacing, platform fully "
                        "boarded); otherwise 'yellow' (restricted use, harness required) if any other item fails "
                        "(guardrails, toe boards, access ladder secured, load class sign); otherwise 'green' (safe for "
                        "use). Answer with one of: green, yellow, red."),
        "scaffold": {"id": "S-%02d" % rng.randint(1, 40), "type": rng.choice(["tube and fitting", "system (Cuplok)", "system (Layher Allround)"]),
                     "lifts": rng.randint(2, 9), "boards": boards},
        "inspection": {"date": date(rng, 2026), "inspector": insp, "checklist": cl},
    }
    notes = []
    r = rng.random()
    if r < 0.2:
        notes.append(tr.add("other_sense", "Yellow hard hats are issued to visitors at gate 2."))
    elif r < 0.35:
        notes.append(tr.add("other_sense", "Red-line boundary drawing rev C issued to the site team."))
    elif r < 0.5:
        notes.append(tr.add("other_sense", "Green roof installation starts in week 32."))
    r = rng.random()
    if r < 0.25:
        notes.append(tr.add("other_entity_label", "Last week's tag on scaffold S-%02d (a different structure) was %s."
                            % (rng.randint(41, 60), rng.choice(["green", "yellow", "red"]))))
    if rng.random() < 0.3:
        out["tag_legend"] = tr.add("label_set_listing", "Green = safe for use; Yellow = restricted use; Red = do not use.")
    out["site_notes"] = " ".join(notes)
    return out


# =====================================================================
# 13 Grease interceptor (CLEAN)
# =====================================================================
def b_grease(rng, lab, fam, tr):
    while True:
        t = rng.randint(240, 600)
        r = {"compliant": rng.uniform(0.03, 0.185), "pump soon": rng.uniform(0.205, 0.245), "overdue": rng.uniform(0.26, 0.6)}[lab]
        fs = round(r * t)
        f = rng.randint(0, fs)
        vals = [t / 10, f / 10, (fs - f) / 10]
        if C.r_grease(vals) == lab:
            break
    out = {
        "instruction": ("Food-service grease interceptor inspection (25 % rule). From the sludge-judge measurements "
                        "compute (FOG layer + settled solids) / total liquid depth. Below 20 % -> 'compliant'; 20 % "
                        "to below 25 % -> 'pump soon'; 25 % or more -> 'overdue' (pumping required). Answer with one "
                        "of: compliant, pump soon, overdue."),
        "facility": {"name": rng.choice(["Lucky Noodle", "Harbor Grill", "Casa Verde", "Bagel Barn", "Pho 88", "Rosie's Diner"]),
                     "permit_no": "FSE-%05d" % rng.randint(0, 99999), "interceptor_gal": rng.choice([500, 750, 1000, 1500])},
        "measurements": {"total_liquid_depth_in": vals[0], "fog_layer_in": vals[1], "solids_layer_in": vals[2],
                         "method": "sludge judge, outlet side"},
        "account": {"billing_status": rng.choice(["current", "current", "invoice overdue (net 30)"])},
    }
    if out["account"]["billing_status"].startswith("invoice"):
        tr.add("other_sense", "billing_status: invoice overdue (net 30)")
    if rng.random() < 0.5:
        out["previous_inspections"] = [{"date": date(rng, 2025), "result": rng.choice(["compliant", "pump soon", "overdue"])}
                                       for _ in range(rng.randint(1, 2))]
        tr.add("other_event_label", "previous_inspections %s" % out["previous_inspections"][0])
    notes = []
    r = rng.random()
    if r < 0.25:
        notes.append(tr.add("other_sense", "Handwashing signage is compliant with the 2022 food code."))
    elif r < 0.4:
        notes.append(tr.add("negation", "No overdue fees on the permit account."))
    if rng.random() < 0.25:
        notes.append(tr.add("label_set_listing", "Outcome codes: compliant / pump soon / overdue."))
    out["inspector_notes"] = " ".join(notes)
    return out


# =====================================================================
# 14 Beach bacteria status (CLEAN)
# =====================================================================
def b_beach(rng, lab, fam, tr):
    spill = False
    if lab == "open":
        e = rng.randint(1, 103)
    elif lab == "advisory":
        e = rng.randint(104, 499)
    else:
        if rng.random() < 0.4:
            spill, e = True, rng.randint(1, 1500)
        else:
            e = rng.randint(500, 2400)
    beach = rng.choice(["Crescent Beach", "North Pier Beach", "Sandy Point", "Gull Cove", "Long Strand"])
    out = {
        "instruction": ("Decide today's public beach status from the lab result and the incident report: 'closed' if a "
                        "sewage spill affecting the beach is reported or the single-sample enterococci result is >= 500 "
                        "CFU/100 mL; otherwise 'advisory' if enterococci >= 104 CFU/100 mL (EPA beach action value); "
                        "otherwise 'open'. Answer with one of: open, advisory, closed."),
        "beach": {"name": beach, "site_id": "BCH-%03d" % rng.randint(1, 300)},
        "sample": {"collected": date(rng, 2026, (5, 9)) + "T07:%02d" % rng.randint(0, 59), "enterococci_cfu_100ml": e,
                   "method": "Enterolert (IDEXX)", "lab": rng.choice(["County PH Lab", "Coastal Water Labs"])},
        "incidents": {"sewage_spill_reported": spill},
        "weather": {"rain_48h_in": rng.choice([0, 0, 0.1, 0.4, 1.2])},
    }
    fac = rng.choice(["Car park closed for resurfacing until Friday.", "Concession stand open 10:00-18:00.",
                      "Lifeguards on duty 10:00-18:00.", "Outdoor showers working."])
    if "closed" in fac or "open" in fac:
        tr.add("other_sense", fac)
    out["facilities_note"] = fac
    if rng.random() < 0.4:
        out["nearby_beaches"] = [{"name": n, "status": rng.choice(["open", "advisory", "closed"])}
                                 for n in rng.sample(["Dune Park", "Rocky Neck", "Harbor Flats"], rng.randint(1, 2))]
        tr.add("other_entity_label", "nearby_beaches %s" % out["nearby_beaches"][0])
    notes = []
    r = rng.random()
    if r < 0.2:
        notes.append(tr.add("historical_mention", "In August 2019 this beach was closed for nine days after a water-main break."))
    elif r < 0.4:
        notes.append(tr.add("negation", "No closure of the boardwalk is planned this season."))
    if rng.random() < 0.3:
        notes.append(tr.add("label_set_listing", "Sign legend: open / advisory / closed."))
    out["notes"] = " ".join(notes)
    return out


SPECS = [
    ("mot_tyre_tread", ["pass", "advisory", "fail"], ["/tyre_readings_mm"],
     "Tyre check outcome from the 12 tread readings only.", 150, 0.5, ["colour_hex", "upstream_paraphrase"], b_tyre),
    ("geomag_storm_gscale", ["1", "2", "3", "4", "5"], ["/kp_index_3h"],
     "NOAA G-scale level from the day's 3-hourly planetary Kp rows (a_running is the ap equivalent of Kp).", 160, 0.45,
     ["message_code", "scale_line_in_mail"], b_geomag),
    ("aviso_calor_aemet", ["verde", "amarillo", "naranja", "rojo"], ["/zona/umbrales_c", "/prediccion/tmax_c"],
     "Nivel de aviso por calor a partir de los umbrales de la zona y la tmax prevista.", 140, 0.4,
     ["cap_awareness_level", "emoji_glyph"], b_calor),
    ("usps_zone_rating", ["2", "3", "4", "5", "6", "7", "8"],
     ["/shipment/origin_zip", "/shipment/dest_zip", "/tool_calls/0/output/distance_miles"],
     "Zone from ZIP pair via the zip_distance tool output.", 168, 0.35, ["cache_key", "downstream_price"], b_usps),
    ("used_book_condition", ["As New", "Very Good", "Good", "Fair", "Poor"], ["/inspection/defects"],
     "Condition grade from the defect list and the points table in the instruction.", 150, 0.4,
     ["sku_abbreviation", "photo_filename"], b_book),
    ("vaccine_fridge_excursion", ["usable", "quarantine", "discard"], ["/logger_export/csv"],
     "Disposition from the logger CSV (15-minute rows).", 135, 0.55, ["later_audit_event", "base64_state"], b_vaccine),
    ("extinguisher_annual", ["in service", "recharge required", "condemned"],
     ["/unit/manufacture_year", "/inspection/inspection_year", "/inspection/gauge", "/inspection/gross_weight_kg",
      "/unit/rated_gross_weight_kg", "/inspection/shell_condition"],
     "Outcome from age, gauge, weight and shell condition.", 144, 0.3, ["css_badge_class", "downstream_work_order"], b_ext),
    ("tls_endpoint_grade", ["A", "B", "C", "F"],
     ["/scan/endpoints/0/protocols", "/scan/endpoints/0/cert", "/scan/endpoints/0/suites_summary"],
     "Grade from protocols, certificate block and suite summary of the scanned endpoint.", 160, 0.5,
     ["badge_url", "sla_correlate"], b_tls),
    ("radon_home_test", ["no action", "consider mitigation", "mitigate"], ["/tests"],
     "Recommendation from the two short-term test results (with units).", 132, 0.6,
     ["translation", "post_decision_count"], b_radon),
    ("oversize_truck_permit", ["legal", "permit required", "superload"],
     ["/vehicle/gross_weight_lb", "/vehicle/axle_groups", "/vehicle/overall_width_ft"],
     "Permit class from GVW, axle groups and width.", 150, 0.0, [], b_truck),
    ("grass_pollen_level", ["low", "moderate", "high", "very high"], ["/counts/grass_grains_m3"],
     "Level from the daily mean grass pollen count.", 140, 0.0, [], b_pollen),
    ("scaffold_tag_status", ["green", "yellow", "red"], ["/inspection/checklist"],
     "Tag colour from the 8-item checklist.", 126, 0.0, [], b_scaffold),
    ("grease_interceptor_fog", ["compliant", "pump soon", "overdue"],
     ["/measurements/total_liquid_depth_in", "/measurements/fog_layer_in", "/measurements/solids_layer_in"],
     "25 % rule on sludge-judge depths.", 138, 0.0, [], b_grease),
    ("beach_bacteria_status", ["open", "advisory", "closed"],
     ["/sample/enterococci_cfu_100ml", "/incidents/sewage_spill_reported"],
     "Status from the enterococci result and sewage-spill flag.", 145, 0.0, [], b_beach),
]


def write_md():
    lines = ["# ds22 leakage benchmark batch", "",
             "14 datasets (9 leaking, 5 clean). Generated by `gen.py`; validated by `check.py`.", ""]
    for k, (name, labels, derive, note, n, rate, fams, _b) in enumerate(SPECS, 1):
        st = STATS[name]
        lines.append("## %d. %s: %s" % (k, name, "LEAKING" if fams else "CLEAN"))
        lines.append("")
        lines.append("- Task: %s" % note)
        lines.append("- derive_from: %s" % ", ".join("`%s`" % d for d in derive))
        lines.append("- Records: %d; labels: %s" % (st["n"], ", ".join("%s=%d" % (l, st["labels"][l]) for l in labels)))
        lines.append("- Leaking records: %d" % st["leak"])
        if fams:
            lines.append("- Leak families: " + "; ".join("%s (%d)" % (f, st["leak_fams"][f]) for f in fams))
        lines.append("- Trap families (records total / in non-leaking records):")
        for f, c in sorted(st["traps"].items()):
            ex = st["trap_ex"][f]
            if len(ex) > 110:
                ex = ex[:107] + "..."
            lines.append("  - %s: %d / %d. e.g. `%s`" % (f, c, st["trap_clean"][f], ex.replace("`", "'").replace("\n", " ")))
        lines.append("")
    lines += ["## Leak family glossary", "",
              "- colour_hex: GOV.UK status colour hex inline-styled on the tyre row of the rendered MOT summary.",
              "- upstream_paraphrase: a photo tread-gauge app's verdict, paraphrased, attached to the record.",
              "- message_code: SWPC product index lists ALTK0n alert codes issued that day (highest n = max K).",
              "- scale_line_in_mail: forwarded alert mail quoting the 'NOAA Scale: Gn' line.",
              "- cap_awareness_level: MeteoAlarm CAP XML for the heat event with its English awareness_level.",
              "- emoji_glyph: coloured-circle emoji prefixed to the push-notification title.",
              "- cache_key: rate-cache key in a tool log embeds the zone (z5).",
              "- downstream_price: postage quoted by the later rate tool, invertible to the zone given weight.",
              "- sku_abbreviation: listing SKU suffix is the trade abbreviation of the grade (VG, FR...).",
              "- photo_filename: photo file names carry the grade slug.",
              "- later_audit_event: audit log entry from the next day moving stock to waste/quarantine/back to use.",
              "- base64_state: workflow state token (base64 JSON) holding the closed case's disposition.",
              "- css_badge_class: Bootstrap badge class (bg-success/bg-warning/bg-danger) on the rendered card.",
              "- downstream_work_order: work order raised after the inspection describing the remedial action.",
              "- badge_url: shields.io 'ssl labs' badge URL in the repo README excerpt.",
              "- sla_correlate: remediation ticket due-in-days set 1:1 with the grade (none/90/30/7).",
              "- translation: Spanish half of a bilingual letter states the recommendation.",
              "- post_decision_count: number of contractor referrals sent after the decision (0/1/3).", ""]
    with open(os.path.join(HERE, "DATASETS.md"), "w", encoding="utf-8") as fh:
        fh.write("\n".join(lines))


def main():
    for k, (name, labels, derive, note, n, rate, fams, build) in enumerate(SPECS):
        run(name, labels, derive, note, n, rate, fams, build, seed=2200 + k)
    write_md()
    print("wrote %d datasets" % len(SPECS))


if __name__ == "__main__":
    main()
