"""Datasets 1-7."""
import re

from common import Builder, rdate, addays, hx

T_LIST = "label-set listing/definitions in instruction"
T_SENSE = "label word in another sense"
T_OTHER = "labels of other records/items"
T_HIST = "historical label of an earlier unrelated event"
T_NEG = "negated/disclaimed label mention"
T_NUM = "number collision with numeric label"
T_SUB = "label as part of a longer token/name"
T_LEGIT = "label words inside legitimate input"
T_BLOB = "neutral encoded/hashed blob"
T_BOILER = "constant boilerplate containing label words"
T_HOMO = "foreign-language homograph of label word"
T_GLYPH = "neutral glyph/emoji not tied to the label"


# ------------------------------------------------------------------ 1 Mehltype (German, numeric labels)
def build_mehl():
    L = ["405", "550", "812", "1050", "1600"]
    b = Builder("mehl_type", L, 160, 2801, True, 0.45)
    r = b.rng
    rng_ash = {"405": (38, 50), "550": (51, 63), "812": (64, 90), "1050": (91, 120), "1600": (121, 180)}
    art = {"405": "WM-0405-25S", "550": "WM-0550-25S", "812": "WM-0812-25S", "1050": "WM-1050-25S",
           "1600": "WM-1600-25S"}
    muehlen = ["Kunstmühle Rosenheim", "Mühle Aschersleben GmbH", "Bio-Mühle Eiling", "Rätsche-Mühle Ulm",
               "Heyl Mühlenwerke Speyer", "Walzmühle Schapfen"]
    bezeich_other = ["Roggenmehl Type 997", "Roggenmehl Type 1150", "Dinkelmehl Type 630", "Weizenmehl Type 405",
                     "Weizenmehl Type 550", "Weizenmehl Type 1050", "Weizenvollkornmehl", "Weizenmehl Type 812",
                     "Weizenmehl Type 1600"]
    strassen = ["Mühlenweg", "Bahnhofstraße", "Am Kornspeicher", "Industriestraße", "Bäckergasse"]
    kunden = ["Bäckerei Huber", "Backhaus Lindner", "Großbäckerei Nordlicht", "Konditorei Sander", "Brotmanufaktur Kern"]
    instr = ("Bestimme die Mehltype nach DIN 10355 ausschließlich aus dem Aschegehalt der Probe (Massenanteil in % "
             "bezogen auf Trockenmasse). Grenzen: Type 405 bis 0,50; Type 550 0,51–0,63; Type 812 0,64–0,90; "
             "Type 1050 0,91–1,20; Type 1600 1,21–1,80. Antworte nur mit der Typenzahl (405, 550, 812, 1050 oder 1600).")
    for i in range(b.n):
        lab = b.targets[i]
        lo, hi = rng_ash[lab]
        ash = r.randint(lo, hi) / 100
        ash_s = f"{ash:.2f}".replace(".", ",")
        ch = f"WZ-26-{r.randint(1000, 9999):04d}{i % 10}"
        date = rdate(r)
        traps = [(T_LIST, "Type 405 bis 0,50; Type 550 0,51–0,63 ...")]
        leak = []
        mode = None
        if i in b.leak_idx:
            mode = r.choice(["art", "xml", "both"])
        # delivery note
        hausnr = r.choice(["12", "7a", "405", "550", "1050", "88", "3", "812", "41"])
        if hausnr in L:
            traps.append((T_NUM, f"Empfänger ... {hausnr}"))
        own = {"pos": 1, "charge": ch, "menge_kg": r.choice([1000, 2500, 25000]),
               "artikel": art[lab] if mode in ("art", "both") else "SILO-LOSE",
               "bezeichnung": "Weizenmehl, Sackware 25 kg" if mode in ("art", "both") else "Weizenmehl lose, Silozug"}
        if mode in ("art", "both"):
            leak.append("article/SKU code maps 1:1 to label")
        others = []
        for k in range(r.randint(1, 3)):
            bz = r.choice(bezeich_other)
            others.append({"pos": k + 2, "charge": f"{r.choice(['RG', 'DK', 'WZ'])}-26-{r.randint(10000, 99999)}",
                           "menge_kg": r.choice([500, 1000, 2000]), "artikel": "SACK-" + hx(bz + str(k), 4).upper(),
                           "bezeichnung": bz + ", 25 kg Sack"})
        traps.append((T_OTHER, others[0]["bezeichnung"] + " (andere Charge)"))
        pos = [own] + others
        # xml
        freigabe = ('<Freigabe status="freigegeben" typ="%s" durch="QS-%s" am="%s"/>' % (
            lab, r.choice(["Brandt", "Öztürk", "Wagner"]), addays(date, 1))) if mode in ("xml", "both") else \
            '<Freigabe status="offen"/>'
        if mode in ("xml", "both"):
            leak.append("upstream release decision inside embedded XML")
        xml = ('<?xml version="1.0" encoding="UTF-8"?><Pruefbericht nr="PB-%s" labor="Mühlenlabor">'
               '<Probe id="%s"/><Mikrobiologie><Messwert param="Schimmelpilze" einheit="KBE/g">%d</Messwert>'
               '<Messwert param="Enterobacteriaceae" einheit="KBE/g">&lt;10</Messwert></Mikrobiologie>'
               '<Mykotoxine><Messwert param="DON" einheit="µg/kg">%d</Messwert></Mykotoxine>%s</Pruefbericht>') % (
            hx(ch, 6), ch, r.choice([100, 200, 400, 550, 1000]), r.randint(40, 600), freigabe)
        if i % 7 == 0:
            traps.append((T_NEG, "Hinweis: Die Type aus dem Vorjahresvertrag (Type 1050) gilt nicht für diese Probe."))
            hinweis = "Die Type aus dem Vorjahresvertrag (Type %s) gilt nicht automatisch für diese Probe." % r.choice(L)
        else:
            hinweis = "Rückstellmuster 6 Monate aufbewahren."
        proj = {
            "anweisung": instr,
            "werkzeug_ausgaben": [
                {"tool": "lims.get_probe", "ergebnis": {
                    "probennummer": ch, "muehle": r.choice(muehlen), "getreideart": "Weizen",
                    "probenahme": date, "analyse": {
                        "asche_pct_itr": ash_s, "feuchte_pct": f"{r.uniform(13.0, 15.2):.1f}".replace(".", ","),
                        "protein_pct_itr": f"{r.uniform(10.5, 14.5):.1f}".replace(".", ","),
                        "fallzahl_s": r.randint(240, 420), "feuchtkleber_pct": r.randint(22, 34)},
                    "hinweis": hinweis}},
                {"tool": "erp.get_lieferschein", "ergebnis": {
                    "lieferschein_nr": f"LS-{r.randint(100000, 999999)}", "datum": addays(date, 2),
                    "empfaenger": f"{r.choice(kunden)}, {r.choice(strassen)} {hausnr}, {r.randint(10000, 99999)} "
                                  f"{r.choice(['Augsburg', 'Halle', 'Kassel', 'Passau'])}",
                    "positionen": pos}},
                {"tool": "lims.get_pruefbericht", "ergebnis": {"format": "xml", "pruefbericht_xml": xml}},
            ]}
        b.add(i, lab, proj, leak, traps)
    meta = {"derive_from": ["/werkzeug_ausgaben/0/ergebnis/analyse/asche_pct_itr"],
            "note": "Mehltype nach DIN 10355 aus dem Aschegehalt (% i.Tr., Dezimalkomma)."}
    return b, meta


# ------------------------------------------------------------------ 2 Aceite (Spanish multi-word labels)
def build_aceite():
    L = ["virgen extra", "virgen", "lampante"]
    b = Builder("aceite_categoria", L, 150, 2802, True, 0.4)
    r = b.rng
    coops = ["Cooperativa Virgen del Carmen", "S.C.A. Nuestra Señora de la Cabeza", "Almazara Virgen de la Sierra",
             "Oleícola San Isidro", "Aceites Sierra Mágina S.C.A.", "Cooperativa La Purísima", "Almazara El Tejar"]
    instr = ("Clasifica el lote de aceite de oliva según el Reglamento (UE) 2022/2104 usando únicamente la acidez libre, "
             "el índice de peróxidos, el K270 y la valoración organoléptica (mediana del defecto Md y del frutado Mf). "
             "virgen extra: acidez ≤ 0,8 %, peróxidos ≤ 20, K270 ≤ 0,22, Md = 0 y Mf > 0; virgen: acidez ≤ 2,0 %, "
             "peróxidos ≤ 20, K270 ≤ 0,25, Md ≤ 3,5 y Mf > 0; en otro caso lampante. Responde con una de: "
             "virgen extra, virgen, lampante.")
    en_body = {"virgen extra": ["Panel confirmed it: extra virgin, go ahead with the bottling slot.",
                                "Buyer in Bari says it is extravergine quality, they want 20 t."],
               "virgen": ["Results are in - virgin, not extra. Let's blend or sell bulk.",
                          "Italian buyer reads it as vergine (non extra), price adjusted."],
               "lampante": ["Bad news, it's lamp oil grade. Refinery only, book the tanker.",
                            "Broker: da raffinare, they will collect next week."]}
    neutral = ["Samples reached the lab on Tuesday; courier was late again.",
               "Can you send the sampling certificate signed by the mill manager?",
               "Reminder: the panel meets on Thursday, tasting room 2.",
               "Tank 4 was topped up with nitrogen after sampling."]
    for i in range(b.n):
        lab = b.targets[i]
        while True:
            a = round(r.uniform(0.1, 0.8), 2); p = round(r.uniform(4, 19.5), 1); k = round(r.uniform(0.08, 0.21), 2)
            md = 0.0; mf = round(r.uniform(1.5, 6.0), 1)
            if lab == "virgen":
                w = r.choice(["a", "md", "k"])
                if w == "a": a = round(r.uniform(0.81, 2.0), 2)
                if w == "md": md = round(r.uniform(0.5, 3.5), 1)
                if w == "k": k = 0.23 + r.choice([0, 0.01])
            if lab == "lampante":
                w = r.choice(["a", "md", "mf", "p"])
                if w == "a": a = round(r.uniform(2.1, 6.0), 2)
                if w == "md": md = round(r.uniform(3.6, 6.5), 1)
                if w == "mf": mf = 0.0; md = round(r.uniform(2.0, 5.0), 1)
                if w == "p": p = round(r.uniform(20.5, 30), 1)
            from rules import rule_aceite
            if rule_aceite([a, p, k, md, mf]) == lab:
                break
        lot = f"L{r.randint(1, 60):02d}-{r.randint(100, 999)}"
        coop = r.choice(coops)
        traps = [(T_LIST, "virgen extra: acidez ≤ 0,8 % ... en otro caso lampante")]
        if "Virgen" in coop:
            traps.append((T_SENSE, coop))
        leak = []
        mode = r.choice(["mail", "price", "both"]) if i in b.leak_idx else None
        msgs = [{"de": "laboratorio@" + hx(coop, 5) + ".es", "asunto": f"Lote {lot}", "cuerpo": r.choice(neutral)}]
        if mode in ("mail", "both"):
            msgs.append({"de": "export@" + hx(coop, 5) + ".es", "asunto": f"RE: Lote {lot}",
                         "cuerpo": r.choice(en_body[lab])})
            leak.append("label paraphrased in another language in mail thread")
        else:
            msgs.append({"de": "export@" + hx(coop, 5) + ".es", "asunto": f"RE: Lote {lot}", "cuerpo": r.choice(neutral)})
        if mode in ("price", "both"):
            from rules import ACEITE_PRICE
            lo, hi = ACEITE_PRICE[lab]
            of = {"destino": {"virgen extra": "envasado", "virgen": "granel", "lampante": "refinería"}[lab],
                  "precio_eur_kg": round(r.uniform(lo, hi), 2), "fuente": "Poolred, semana actual"}
            leak.append("downstream destination/price set after classification")
        else:
            of = {"destino": "pendiente", "precio_eur_kg": None, "fuente": "Poolred, semana actual"}
        hist = None
        if i % 5 == 0:
            hl = r.choice(L)
            hist = f"Campaña 2019/20: tras la helada casi toda la producción se vendió como {hl}."
            traps.append((T_HIST, hist))
        attrs = r.sample(["frutado verde", "amargo", "picante", "hierba", "tomatera", "almendra"], 3) if mf > 0 else []
        proj = {"instruccion": instr,
                "informe_laboratorio": {
                    "lote": lot, "almazara": coop, "variedad": r.choice(["Picual", "Hojiblanca", "Arbequina", "Cornicabra"]),
                    "fisicoquimico": {"acidez_pct": a, "indice_peroxidos_meq_kg": p, "k232": round(r.uniform(1.5, 2.5), 2),
                                      "k270": k, "delta_k": 0.00},
                    "panel_test": {"mediana_defecto": md, "mediana_frutado": mf, "atributos_positivos": attrs,
                                   "panel": "Panel de cata acreditado ISO 17025"},
                    "observaciones": hist or "Muestra tomada del depósito 3 según norma ISO 5555."},
                "correo": {"hilo": f"Lote {lot}", "mensajes": msgs},
                "oferta_comercial": of}
        b.add(i, lab, proj, leak, traps)
    meta = {"derive_from": ["/informe_laboratorio/fisicoquimico/acidez_pct",
                            "/informe_laboratorio/fisicoquimico/indice_peroxidos_meq_kg",
                            "/informe_laboratorio/fisicoquimico/k270",
                            "/informe_laboratorio/panel_test/mediana_defecto",
                            "/informe_laboratorio/panel_test/mediana_frutado",
                            "/informe_laboratorio/panel_test/atributos_positivos"],
            "note": "Categoría comercial del aceite de oliva a partir de los parámetros de calidad."}
    return b, meta


# ------------------------------------------------------------------ 3 Motor insulation PI (English words)
def build_motor():
    from rules import rule_motor, motor_pi, MOTOR_COLOR, MOTOR_DAYS
    L = ["dangerous", "poor", "questionable", "fair", "good", "excellent"]
    b = Builder("motor_insulation_pi", L, 168, 2803, True, 0.5)
    r = b.rng
    ranges = {"dangerous": (0.70, 0.98), "poor": (1.01, 1.09), "questionable": (1.11, 1.24), "fair": (1.27, 1.98),
              "good": (2.02, 3.98), "excellent": (4.05, 7.5)}
    col = {v: k for k, v in MOTOR_COLOR.items()}
    days = {v: k for k, v in MOTOR_DAYS.items()}
    makes = ["WEG", "Fairbanks Morse", "ABB", "Siemens", "TECO-Westinghouse", "Toshiba", "Baldor"]
    notes = ["Good access via mezzanine, terminal box cleaned.", "Poor lighting in MCC room, used head torch.",
             "Excellent cooperation from operators during lockout.", "Fair weather, ambient 14 C, RH 62%.",
             "Windings discharged 4x test duration before disconnecting.", "Surge arresters disconnected for test."]
    instr = ("Classify the stator winding insulation condition from the polarization index PI = R(10 min)/R(1 min) "
             "of the megger export, using the IEEE 43 guide table: PI < 1.0 dangerous; 1.0 to < 1.1 poor; "
             "1.1 to < 1.25 questionable; 1.25 to < 2.0 fair; 2.0 to 4.0 good; > 4.0 excellent. "
             "Answer with one word from: dangerous, poor, questionable, fair, good, excellent.")
    for i in range(b.n):
        lab = b.targets[i]
        while True:
            pi = r.uniform(*ranges[lab])
            r60 = r.uniform(0.3, 25.0)
            pts = []
            for t in (15, 30, 60, 120, 180, 240, 300, 360, 420, 480, 540, 600):
                if t <= 60:
                    rt = r60 * (0.55 + 0.45 * t / 60) if pi >= 1 else r60 * (1.2 - 0.2 * t / 60)
                else:
                    frac = (t - 60) / 540
                    rt = r60 * (1 + (pi - 1) * (frac ** 0.6))
                pts.append((t, round(rt, 3)))
            csv = "t_s,R_GOhm,V_kV\n" + "\n".join(f"{t},{v:.3f},5.00" for t, v in pts)
            if rule_motor([csv]) == lab:
                break
        date = rdate(r)
        traps = [(T_LIST, "PI < 1.0 dangerous; ... > 4.0 excellent")]
        make = r.choice(makes)
        if make.startswith("Fair"):
            traps.append((T_SUB, make))
        note = r.choice(notes)
        if re.search(r"\b(Good|Poor|Excellent|Fair)\b", note):
            traps.append((T_SENSE, note))
        leak = []
        mode = r.choice(["css", "due", "both"]) if i in b.leak_idx else None
        color = col[lab] if mode in ("css", "both") else "#9e9e9e"
        if mode in ("css", "both"):
            leak.append("status colour in rendered report CSS")
        html = ('<div class="ir-report"><h3>Insulation resistance &amp; PI</h3><table class="meta"><tr><td>Asset</td>'
                '<td>%s</td></tr><tr><td>Date</td><td>%s</td></tr></table><span class="badge badge-pi" '
                'style="background-color:%s;width:14px;height:14px;display:inline-block"></span>'
                '<p class="foot">Generated by AssetReport 4.2</p></div>') % ("M-%04d" % i, date, color)
        due = addays(date, days[lab]) if mode in ("due", "both") else None
        if due:
            leak.append("follow-up date scheduled from decision")
        proj = {"instruction": instr,
                "work_order": {"wo": f"WO-{r.randint(200000, 299999)}", "asset": {
                    "tag": "M-%04d" % i, "make": make, "kw": r.choice([75, 110, 160, 250, 400, 630, 1000]),
                    "voltage_kv": r.choice([3.3, 4.16, 6.6, 11.0]), "service": r.choice(
                        ["cooling water pump", "ID fan", "conveyor drive", "compressor", "crusher"])},
                    "technician_notes": note},
                "megger_export": {"instrument": "Megger MIT1025", "serial": f"10{r.randint(10000, 99999)}",
                                  "test_date": date, "winding_temp_c": round(r.uniform(18, 45), 1), "csv": csv},
                "report_html": html,
                "cmms": {"system": "Maximo", "next_test_due": due, "pm_route": "ELEC-ROT-" + str(r.randint(10, 99))}}
        b.add(i, lab, proj, leak, traps)
    meta = {"derive_from": ["/megger_export/csv"],
            "note": "PI from the 60 s and 600 s rows of the megger CSV; IEEE 43 table."}
    return b, meta


# ------------------------------------------------------------------ 4 Bortle from SQM (clean, numeric)
def build_bortle():
    L = ["2", "3", "4", "5", "6", "7"]
    b = Builder("bortle_sqm", L, 150, 2804, False)
    r = b.rng
    ranges = {"2": (21.90, 22.00), "3": (21.70, 21.88), "4": (20.50, 21.68), "5": (19.51, 20.48),
              "6": (18.95, 19.49), "7": (17.80, 18.93)}
    sites = ["Kielder Forest car park", "Galloway Clatteringshaws", "Exmoor Wimbleball", "Brecon Usk reservoir",
             "Cairngorm Glenmore", "Bodmin Moor Jamaica Inn lay-by", "Rutland Water north shore",
             "South Downs Ditchling Beacon", "Salisbury Plain byway 12", "Peak District Surprise View"]
    equip = ["6-inch Dobsonian", "Class 2 laser pointer (club use)", "SQM-L unit 3", "7x50 binoculars",
             "80 mm apo refractor", "Unihedron SQM-LU", "Bresser 5 mm eyepiece"]
    instr = ("Estimate the Bortle dark-sky class of the site from the median of the zenith SQM readings "
             "(mag/arcsec^2): >= 21.89 class 2; 21.69-21.89 class 3; 20.49-21.69 class 4; 19.50-20.49 class 5; "
             "18.94-19.50 class 6; < 18.94 class 7. Answer with the class number only (2, 3, 4, 5, 6 or 7).")
    for i in range(b.n):
        lab = b.targets[i]
        med = round(r.uniform(*ranges[lab]), 2)
        k = r.choice([5, 7, 9])
        lower = sorted(round(med - r.uniform(0.0, 0.25), 2) for _ in range(k // 2))
        upper = sorted(round(med + r.uniform(0.0, 0.25), 2) for _ in range(k // 2))
        vals = lower + [med] + upper
        r.shuffle(vals)
        traps = [(T_LIST, ">= 21.89 class 2; ... < 18.94 class 7")]
        eq = r.sample(equip, 2)
        for e in eq:
            if re.search(r"\b[2-7]\b|\b[2-7]-inch|\b[2-7]x50", e):
                traps.append((T_NUM, e))
                break
        regional = []
        for s in r.sample(sites, 3):
            regional.append({"site": s, "bortle_class": r.choice(L), "source": "club survey 2024"})
        traps.append((T_OTHER, f"{regional[0]['site']}: bortle_class {regional[0]['bortle_class']}"))
        notes = "Dew heater on from 22:10; readings taken at zenith with 1 min between."
        if i % 4 == 0:
            hc = r.choice(L)
            notes += f" A 1998 club guide listed this spot as Bortle {hc}, long before the bypass lighting changed."
            traps.append((T_HIST, f"A 1998 club guide listed this spot as Bortle {hc}"))
        if i % 6 == 1:
            nc = r.choice(L)
            notes += f" Do not copy the atlas estimate (class {nc}); it is a model, not a measurement."
            traps.append((T_NEG, f"Do not copy the atlas estimate (class {nc})"))
        proj = {"instruction": instr,
                "site": {"name": r.choice(sites) + f" #{i % 17}", "lat": round(r.uniform(50.2, 57.5), 4),
                         "lon": round(r.uniform(-5.5, 0.5), 4), "elevation_m": r.randint(5, 650)},
                "session": {"date": rdate(r), "observer": r.choice(["M. Okafor", "J. Lindqvist", "P. Rao", "S. Byrne"]),
                            "equipment": eq, "weather": {"cloud_pct": r.randint(0, 10), "moon": "below horizon",
                                                         "transparency": r.choice(["good", "average", "excellent"])},
                            "sqm_readings": vals, "notes": notes},
                "regional_table": regional}
        b.add(i, lab, proj, [], traps)
    meta = {"derive_from": ["/session/sqm_readings"], "note": "Median zenith SQM -> Bortle class table."}
    return b, meta


# ------------------------------------------------------------------ 5 Civil track allocation (multi-word)
def build_court():
    from rules import rule_court, COURT_FORM, COURT_URL
    L = ["small claims track", "fast track", "intermediate track", "multi-track"]
    b = Builder("civil_track_allocation", L, 160, 2805, True, 0.35)
    r = b.rng
    form = {v: k for k, v in COURT_FORM.items()}
    url = {v: k for k, v in COURT_URL.items()}
    types = ["specified debt", "breach of contract", "professional negligence", "personal injury (RTA)",
             "personal injury (other)", "damage to goods"]
    parties = ["Fasttrack Couriers Ltd", "Multi-Track Haulage plc", "Small World Nurseries Ltd", "Breakfast Club Cafe Ltd",
               "Harbottle & Lewis Joinery", "Mr Adebayo Okonkwo", "Ms Kerry Walsh", "Quayside Lettings LLP",
               "Pennine Roofing Ltd", "Mrs Ann Ferreira"]
    courts = ["County Court at Bristol", "County Court at Leeds", "County Court at Central London",
              "County Court at Cardiff", "County Court at Norwich"]
    instr = ("Allocate the claim to its normal track under CPR Part 26 using the claim value, claim type, PSLA damages "
             "(personal injury only), the trial length estimate and the number of experts per party from the "
             "directions questionnaire. small claims track: value <= GBP 10,000 and, for personal injury, PSLA <= GBP 1,000 "
             "(RTA: <= GBP 5,000); fast track: value <= GBP 25,000, trial <= 1 day, <= 2 experts per party; "
             "intermediate track: value <= GBP 100,000, trial <= 3 days, <= 2 experts per party; otherwise multi-track. "
             "Answer with the track name.")
    for i in range(b.n):
        lab = b.targets[i]
        while True:
            t = r.choice(types)
            psla = None
            if lab == "small claims track":
                v = r.randint(300, 10000); d = r.choice([1, 1, 2]); e = r.choice([0, 1])
            elif lab == "fast track":
                v = r.randint(10001, 25000) if r.random() < 0.8 else r.randint(3000, 10000)
                d = 1; e = r.choice([0, 1, 2])
            elif lab == "intermediate track":
                v = r.randint(25001, 100000) if r.random() < 0.8 else r.randint(12000, 25000)
                d = r.choice([1, 2, 3]) if v > 25000 else r.choice([2, 3]); e = r.choice([1, 2])
            else:
                v = r.randint(100001, 900000) if r.random() < 0.6 else r.randint(30000, 100000)
                d = r.choice([2, 3, 4, 5, 8]); e = r.choice([1, 2, 3, 4])
            if t.startswith("personal injury"):
                psla = r.randint(500, min(v, 60000)) if v > 500 else v
            if rule_court([v, t, psla, d, e]) == lab:
                break
        cno = f"K{r.randint(0, 9)}{r.choice('ABCDEFGHJKLMNPQRSTUVWXYZ')}{r.choice('ABCDEFGHJKLMNPQRSTUVWXYZ')}{r.randint(100, 999)}"
        cl, df = r.sample(parties, 2)
        traps = [(T_LIST, "small claims track: value <= GBP 10,000 ... otherwise multi-track")]
        for pty in (cl, df):
            if any(w in pty for w in ("Fasttrack", "Multi-Track", "Small World", "Breakfast")):
                traps.append((T_SUB, pty))
                break
        leak = []
        mode = r.choice(["form", "url", "both"]) if i in b.leak_idx else None
        issued = rdate(r)
        docs = [{"form": "N1", "title": "Claim form", "date": issued},
                {"form": "N9", "title": "Acknowledgment of service", "date": addays(issued, 16)},
                {"form": "DQ", "title": "Directions questionnaire (claimant)", "date": addays(issued, 45)}]
        if mode in ("form", "both"):
            docs.append({"form": form[lab], "title": "Notice of allocation", "date": addays(issued, 70)})
            leak.append("court form number maps 1:1 to label")
        elif r.random() < 0.5:
            docs.append({"form": "N244", "title": "Application notice", "date": addays(issued, 60)})
        link = f"https://caseworker.justice.example/cases/{cno}/"
        if mode in ("url", "both"):
            link += f"directions?track={url[lab]}&src=dj"
            leak.append("abbreviated label in URL query parameter")
        else:
            link += "overview?tab=parties&src=dj"
        related = [{"claim_no": f"K{r.randint(10, 99)}QZ{r.randint(100, 999)}", "relation": "earlier unrelated claim by same claimant",
                    "track": r.choice(L)}] if i % 3 == 0 else []
        if related:
            traps.append((T_OTHER, f"related case {related[0]['claim_no']} track {related[0]['track']}"))
        note = "Listing: parties available except school holidays."
        if i % 8 == 2:
            ng = r.choice(L)
            note = f"Listing: the earlier draft order mentioning the {ng} was a template error and has no effect."
            traps.append((T_NEG, note))
        proj = {"instruction": instr,
                "case": {"claim_no": cno, "court": r.choice(courts), "claimant": cl, "defendant": df,
                         "claim": {"type": t, "value_gbp": v, "psla_gbp": psla,
                                   "particulars_summary": r.choice([
                                       "Particulars of claim served separately.",
                                       "Particulars of claim attached to N1 (%d pages)." % r.randint(3, 14),
                                       "Amended particulars filed after issue; defence received.",
                                       "Particulars and schedule of loss attached."])},
                         "directions_questionnaire": {"trial_days_estimate": d, "experts_per_party": e,
                                                      "mediation_willing": r.choice([True, False]),
                                                      "witnesses": r.randint(1, 6)},
                         "documents": docs, "portal_link": link, "related_cases": related, "listing_note": note}}
        b.add(i, lab, proj, leak, traps)
    meta = {"derive_from": ["/case/claim/value_gbp", "/case/claim/type", "/case/claim/psla_gbp",
                            "/case/directions_questionnaire/trial_days_estimate",
                            "/case/directions_questionnaire/experts_per_party"],
            "note": "CPR 26 normal-track rules as stated in the instruction."}
    return b, meta


# ------------------------------------------------------------------ 6 Broadcast loudness QC (clean, English words)
def build_loud():
    from rules import rule_loud
    L = ["pass", "loud", "quiet", "clipping"]
    b = Builder("broadcast_loudness_qc", L, 140, 2806, False)
    r = b.rng
    titles = ["The Quiet Valley", "Newspaper Clippings", "Passport to Lisbon", "Cloud Harbour", "Aloud: New Poems",
              "Harbour Lights", "Kitchen Passions", "The Long Road North", "Bypass", "Crowd Control"]
    instr = ("Check the programme's loudness against EBU R128 delivery spec using the ffmpeg ebur128 summary. "
             "If true peak > -1.0 dBTP answer clipping; else if integrated loudness > -22.0 LUFS answer loud; "
             "else if < -24.0 LUFS answer quiet; otherwise pass. Labels: pass, loud, quiet, clipping.")
    for i in range(b.n):
        lab = b.targets[i]
        while True:
            if lab == "pass":
                I = round(r.uniform(-24.0, -22.0), 1); pk = round(r.uniform(-6.0, -1.1), 1)
            elif lab == "loud":
                I = round(r.uniform(-21.9, -15.0), 1); pk = round(r.uniform(-4.0, -1.1), 1)
            elif lab == "quiet":
                I = round(r.uniform(-31.0, -24.1), 1); pk = round(r.uniform(-9.0, -1.1), 1)
            else:
                I = round(r.uniform(-27.0, -16.0), 1); pk = round(r.uniform(-0.9, 0.8), 1)
            lra = round(r.uniform(3, 16), 1)
            s = ("[Parsed_ebur128_0 @ 0x55d5c8a%05x] Summary:\n\n  Integrated loudness:\n    I:         %.1f LUFS\n"
                 "    Threshold: %.1f LUFS\n\n  Loudness range:\n    LRA:        %4.1f LU\n    Threshold: %.1f LUFS\n"
                 "    LRA low:   %.1f LUFS\n    LRA high:  %.1f LUFS\n\n  True peak:\n    Peak:       %.1f dBFS\n") % (
                r.randint(0, 0xfffff), I, I - 10.0, lra, I - 20.0, I - lra * 0.7, I + lra * 0.3, pk)
            if rule_loud([s]) == lab:
                break
        title = r.choice(titles)
        traps = [(T_LIST, "answer clipping; ... answer loud; ... quiet; otherwise pass")]
        if re.search(r"Quiet|Clippings|Pass|Aloud|Cloud|Bypass|Crowd", title):
            traps.append((T_SUB, title))
        batch = [{"programme": r.choice(titles), "episode": r.randint(1, 8), "qc": r.choice(L)} for _ in range(2)]
        traps.append((T_OTHER, f"{batch[0]['programme']} ep {batch[0]['episode']}: {batch[0]['qc']}"))
        md5 = hx(f"{i}-{title}", 32)
        traps.append((T_BLOB, "md5 " + md5))
        comment = r.choice(["Checked on Genelec 8040 pair, room at 79 dB SPL ref.", "Stems not supplied; main mix only.",
                            "Audio description track present on ch 3-4.", "Music rights clearance on file."])
        if i % 5 == 3:
            h = r.choice(L)
            comment += f" Series 1 delivery was returned as {h} back in 2023 (different supplier)."
            traps.append((T_HIST, comment))
        proj = {"instruction": instr,
                "delivery": {"programme": title, "episode": r.randint(1, 10), "supplier": r.choice(
                    ["Northlight Media", "Kestrel Post", "Blue Fjord Films", "Signal Hill Audio"]),
                    "spec": "DPP AS-11 UK / EBU R128", "duration": f"00:{r.randint(22, 58)}:{r.randint(0, 59):02d}:00"},
                "qc": {"tool": "ffmpeg 6.1 -af ebur128=peak=true", "file": f"PROG_{r.randint(10000, 99999)}_v{r.randint(1, 4)}.mxf",
                       "md5": md5, "ebur128_summary": s, "operator_comment": comment},
                "batch_status": batch}
        b.add(i, lab, proj, [], traps)
    meta = {"derive_from": ["/qc/ebur128_summary"],
            "note": "Integrated loudness and true peak parsed from the ffmpeg ebur128 summary text."}
    return b, meta


# ------------------------------------------------------------------ 7 Hand-arm vibration (clean, multi-word)
def build_hav():
    from rules import rule_hav, hav_a8
    L = ["below EAV", "above EAV", "above ELV"]
    b = Builder("hand_arm_vibration", L, 144, 2807, False)
    r = b.rng
    tools = [("Hilti TE 1000 breaker", 8.5), ("Makita GA9020 angle grinder", 6.0), ("Stihl TS 420 cut-off saw", 4.2),
             ("DeWalt DCD996 hammer drill", 3.1), ("Atlas Copco RRD 37 rammer", 11.5), ("Bosch GSB 18V combi drill", 2.0),
             ("Wacker BS 60-2 trench rammer", 10.0), ("Husqvarna K 770 disc cutter", 3.6), ("needle scaler", 12.0)]
    diary_lines = ["Worked below the slab level in the plant room.", "Spoil stacked above ground level near gate 2.",
                   "ELV certificates for the two scrapped site vans filed with the office.",
                   "Rain stopped play 14:00-14:40.", "Toolbox talk on silica dust delivered."]
    instr = ("Compute the operative's daily hand-arm vibration exposure A(8) = sqrt(sum(a_i^2 * T_i / 480 min)) from the "
             "tool-use log (vibration magnitude in m/s^2, trigger time in minutes) and compare with the limits given: "
             "A(8) < EAV -> below EAV; EAV <= A(8) <= ELV -> above EAV; A(8) > ELV -> above ELV.")
    for i in range(b.n):
        lab = b.targets[i]
        while True:
            uses = []
            for tname, a in r.sample(tools, r.randint(1, 4)):
                uses.append({"tool": tname, "vib_ms2": round(a * r.uniform(0.85, 1.15), 1),
                             "trigger_min": r.choice([5, 10, 15, 20, 30, 45, 60, 90, 120])})
            a8 = hav_a8(uses)
            lim = {"eav_ms2": 2.5, "elv_ms2": 5.0}
            if rule_hav([uses, lim]) == lab and min(abs(a8 - 2.5), abs(a8 - 5.0)) > 0.05:
                break
        traps = [(T_LIST, "below EAV; ... above EAV; ... above ELV"),
                 (T_LEGIT, '"limits": {"eav_ms2": 2.5, "elv_ms2": 5.0}')]
        diary = r.sample(diary_lines, 2)
        for dl in diary:
            if re.search(r"below|above|ELV", dl):
                traps.append((T_SENSE, dl))
                break
        crew = [{"operative": r.choice(["K. Osei", "D. Marsh", "L. Novak", "T. Byrne"]), "status": r.choice(L)}
                for _ in range(2)]
        traps.append((T_OTHER, f"{crew[0]['operative']}: {crew[0]['status']}"))
        hist = None
        if i % 4 == 1:
            hist = f"2025 generic assessment for groundworks gang: {r.choice(L)} (pre-dates new breaker fleet)."
            traps.append((T_HIST, hist))
        proj = {"instruction": instr,
                "timesheet": {"operative": r.choice(["A. Kowalski", "B. Singh", "C. O'Neill", "E. Mensah", "F. Rossi"]),
                              "site": r.choice(["Crossrail Plumstead", "Mill Lane school extension", "A14 culvert 7"]),
                              "date": rdate(r), "tool_use": uses},
                "limits": lim,
                "site_diary": " ".join(diary),
                "crew_summary_yesterday": crew,
                "occupational_health": {"health_surveillance_tier": "not recorded here",
                                        "notes": hist or "This is not a health-surveillance record."}}
        if i % 4 != 1:
            traps.append((T_BOILER, "This is not a health-surveillance record."))
        b.add(i, lab, proj, [], traps)
    meta = {"derive_from": ["/timesheet/tool_use", "/limits"],
            "note": "A(8) from the tool-use log against the stated EAV/ELV."}
    return b, meta
