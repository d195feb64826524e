#!/usr/bin/env python3
"""Deterministic generator for benchmark batch ds30 (stdlib only)."""
import json, os, random, math, base64, urllib.parse
from datetime import date, datetime, timedelta
from collections import Counter, OrderedDict

OUT = os.path.dirname(os.path.abspath(__file__))


def pick_leaks(rng, n, frac):
    return set(rng.sample(range(n), int(round(n * frac))))


def ptr_get(obj, ptr):
    for part in ptr.split("/")[1:]:
        part = part.replace("~1", "/").replace("~0", "~")
        obj = obj[int(part)] if isinstance(obj, list) else obj[part]
    return obj


def gtin14(rng, prefix="0843700"):
    body = prefix + "".join(str(rng.randint(0, 9)) for _ in range(13 - len(prefix)))
    tot = sum(int(c) * (3 if k % 2 == 0 else 1) for k, c in enumerate(reversed(body)))
    return body + str((10 - tot % 10) % 10)


def fmt_list(labels):
    return ", ".join(labels)


# ---------------------------------------------------------------- 1 solar flare
def g_solar(rng):
    name = "solar_flare"
    labels = ["A", "B", "C", "M", "X"]
    exps = {"A": -8, "B": -7, "C": -6, "M": -5, "X": -4}
    instr = ("You are a space-weather forecaster. Using the GOES XRS-B (0.1-0.8 nm, i.e. 1-8 A) one-minute flux samples "
             "returned by get_goes_xrs, classify the flare by its peak flux: A < 1e-7 W/m2; B 1e-7 to < 1e-6; "
             "C 1e-6 to < 1e-5; M 1e-5 to < 1e-4; X >= 1e-4. Answer with one letter from: A, B, C, M, X.")
    n = rng.randint(130, 160)
    leak = pick_leaks(rng, n, 0.45)
    rows = []
    mcint = ["Axx", "Bxo", "Cso", "Cao", "Dai", "Dkc", "Eki", "Ekc", "Fkc", "Hsx", "Hax"]
    mw = ["Alpha", "Beta", "Beta-Gamma", "Beta-Gamma-Delta"]
    for i in range(n):
        lab = rng.choice(labels)
        m = round(rng.uniform(1.0, 9.8), 2)
        peak = m * 10 ** exps[lab]
        start = datetime(2024, rng.randint(1, 12), rng.randint(1, 28), rng.randint(0, 23), rng.randint(0, 59))
        k = rng.randint(8, 11)
        pk = rng.randint(2, k - 3)
        samples = []
        for j in range(k):
            if j == pk:
                f = f"{peak:.2e}"
            else:
                rate = 0.55 if j < pk else 0.25
                f = f"{peak * math.exp(-rate * abs(j - pk)) * rng.uniform(0.85, 0.97):.2e}"
            samples.append({"time_tag": (start + timedelta(minutes=j)).strftime("%Y-%m-%dT%H:%M:00Z"), "flux": f})
        region = rng.randint(13500, 13900)
        hist = []
        for _ in range(rng.randint(1, 3)):
            hl = rng.choice(labels[1:])
            hist.append(f"{hl}{rng.uniform(1, 9.8):.1f} on {(start - timedelta(days=rng.randint(1, 6))).strftime('%Y-%m-%d')}")
        traps = [("label-set listing/definition", "instruction lists A, B, C, M, X thresholds"),
                 ("label letters as instrument/region codes", "channel 'XRS-B (0.1-0.8 nm)'; McIntosh class codes"),
                 ("labels of other events", f"region_history: {hist[0]}")]
        tool_calls = [
            {"name": "get_goes_xrs", "args": {"satellite": "GOES-18", "start": samples[0]["time_tag"], "end": samples[-1]["time_tag"]},
             "output": {"satellite": "GOES-18", "instrument": "EXIS/XRS", "channel": "XRS-B (0.1-0.8 nm)", "units": "W/m2",
                        "samples": samples}},
            {"name": "get_active_region", "args": {"region": region},
             "output": {"noaa_region": region, "location": f"{rng.choice('NS')}{rng.randint(2, 30):02d}{rng.choice('EW')}{rng.randint(0, 80):02d}",
                        "mcintosh_class": rng.choice(mcint), "mount_wilson_class": rng.choice(mw), "spot_count": rng.randint(1, 40),
                        "area_msh": rng.randint(10, 900), "region_history": hist}},
        ]
        proj = {"instruction": instr, "tool_calls": tool_calls}
        leaks = []
        if i in leak:
            fams = rng.choice([["noaa-scale correlate"], ["upstream event-list line"], ["noaa-scale correlate", "upstream event-list line"]])
            if "noaa-scale correlate" in fams:
                if lab in "ABC":
                    r = ("0", "none")
                elif lab == "M":
                    r = ("1", "minor") if m < 5 else ("2", "moderate")
                else:
                    r = ("3", "strong")
                g = rng.choice([("0", "none"), ("1", "minor"), ("2", "moderate")])
                tool_calls.append({"name": "get_noaa_scales", "args": {},
                                   "output": {"0": {"DateStamp": start.strftime("%Y-%m-%d"), "TimeStamp": (start + timedelta(minutes=k + 2)).strftime("%H:%M:%S"),
                                                    "R": {"Scale": r[0], "Text": r[1]}, "S": {"Scale": "0", "Text": "none"},
                                                    "G": {"Scale": g[0], "Text": g[1]}}}})
                leaks.append("noaa-scale correlate")
            if "upstream event-list line" in fams:
                b, mx, e = samples[0]["time_tag"], samples[pk]["time_tag"], samples[-1]["time_tag"]
                hhmm = lambda s: s[11:13] + s[14:16]
                line = (f"{rng.randint(1000, 9999)} +   {hhmm(b)}   {hhmm(mx)}      {hhmm(e)}  G18  5   XRA  1-8A      "
                        f"{lab}{m:.1f}    {rng.uniform(1, 9.9):.1f}E-0{rng.randint(2, 5)}   {region - 10000}")
                proj["attachments"] = {"edited_events_" + start.strftime("%Y%m%d") + ".txt":
                                       ":Product: Edited Events " + start.strftime("%Y%m%d") + "events.txt\n"
                                       "#Event    Begin    Max       End  Obs  Q  Type  Loc/Frq   Particulars       Reg#\n" + line + "\n"}
                leaks.append("upstream event-list line")
        rows.append((lab, proj, leaks, traps))
    return dict(name=name, labels=labels, leaking=True, rows=rows,
                derive_from=["/tool_calls/0/output/samples"],
                note="Flare class from the maximum of the XRS-B flux samples, thresholds stated in the instruction.")


# ---------------------------------------------------------------- 2 stellar class (clean)
def g_stellar(rng):
    name = "stellar_class"
    labels = ["O", "B", "A", "F", "G", "K", "M"]
    rng_t = {"O": (30000, 45000), "B": (10000, 29999), "A": (7500, 9999), "F": (6000, 7499), "G": (5200, 5999), "K": (3700, 5199), "M": (2400, 3699)}
    instr = ("Assign the Harvard spectral class from the effective temperature reported by the spectroscopic pipeline. "
             "Bins (K): O >= 30000; B 10000-29999; A 7500-9999; F 6000-7499; G 5200-5999; K 3700-5199; M < 3700. "
             "(Mnemonic: 'Oh Be A Fine Girl/Guy, Kiss Me'.) Reply with the single class letter.")
    stds = [("HR 7596", "A0 V"), ("HD 19445", "A4 V"), ("BD+28 4211", "O8p"), ("Feige 110", "sdO"), ("HD 84937", "F8 V"), ("GD 71", "DA1")]
    comps = [("HD 22879", "F9 V"), ("HD 10700", "G8 V"), ("HD 201091", "K5 V"), ("GJ 699", "M4 V"), ("HD 36512", "B0 V"), ("HD 48915", "A1 V"), ("HD 93129A", "O2 If")]
    n = rng.randint(130, 160)
    rows = []
    for i in range(n):
        lab = rng.choice(labels)
        lo, hi = rng_t[lab]
        teff = rng.randint(lo, hi)
        std = rng.choice(stds)
        comp = rng.choice(comps)
        obs = rng.choice(["A. Kowalski", "M. Okafor", "G. Lindqvist", "K. Tanaka", "B. Ferreira", "F. Haddad", "O. Petrov"])
        proj = {
            "instruction": instr,
            "target": {"designation": f"TIC {rng.randint(10**7, 10**9)}", "gaia_dr3": str(rng.randint(10**17, 10**18)),
                       "component": rng.choice(["A", "B", "single"]),
                       "phot": {"band": "G", "mag": round(rng.uniform(6, 15), 3)}, "parallax_mas": round(rng.uniform(0.5, 40), 3)},
            "pipeline_output": {"pipeline": "SPECFIT 2.4", "teff_k": teff, "teff_err_k": rng.randint(40, 300),
                                "logg": round(rng.uniform(3.5, 5.0), 2), "feh": round(rng.uniform(-1.2, 0.4), 2),
                                "luminosity_class_hint": rng.choice(["V", "IV", "III"]), "rv_kms": round(rng.uniform(-80, 80), 1)},
            "observation_log": f"Observer {obs}; flux standard {std[0]} ({std[1]}); comparison star {comp[0]} ({comp[1]}) on slit; seeing {rng.uniform(0.7, 2.5):.1f}\".",
        }
        traps = [("label-set listing/definition", "instruction bins O..M and mnemonic"),
                 ("label letters as codes/field names", f"phot band 'G'; component '{proj['target']['component']}'"),
                 ("labels of other objects", f"comparison star {comp[0]} ({comp[1]})"),
                 ("label letters in personal initials", f"Observer {obs}")]
        rows.append((lab, proj, [], traps))
    return dict(name=name, labels=labels, leaking=False, rows=rows, derive_from=["/pipeline_output/teff_k"],
                note="Spectral class from pipeline Teff only, bins in the instruction. Other fields (errors, logg, photometry, log) are independent of the class in this dataset.")


# ---------------------------------------------------------------- 3 tomato ripeness (Spanish)
def g_tomate(rng):
    name = "tomate_madurez"
    labels = ["Verde", "Rompiente", "Virando", "Rosado", "Rojo claro", "Rojo"]
    bounds = {"Verde": (0, 0), "Rompiente": (0.5, 9.8), "Virando": (10.3, 29.7), "Rosado": (30.3, 59.7), "Rojo claro": (60.3, 89.7), "Rojo": (90.3, 99.6)}
    stage_no = {l: i + 1 for i, l in enumerate(labels)}
    days = {"Verde": 12, "Rompiente": 9, "Virando": 7, "Rosado": 5, "Rojo claro": 3, "Rojo": 1}
    instr = ("Eres inspector de calidad en un almacén de manipulado de tomate. Con el análisis de imagen de las cuatro caras del fruto, "
             "calcula el porcentaje medio de superficie con color rosa o rojo y asigna el estado de madurez: 0 % -> Verde; "
             ">0-10 % -> Rompiente; >10-30 % -> Virando; >30-60 % -> Rosado; >60-90 % -> Rojo claro; >90 % -> Rojo. "
             "Responde solo con la etiqueta.")
    fincas = ["Finca Cerro Rojo", "SAT Las Palmerillas", "Finca El Olivar", "Coop. San Isidro", "Finca La Verdeja", "Hnos. Rosado Pérez"]
    variedades = ["Raf", "Rama", "Pera", "Cherry", "Kumato", "Marmande", "Valenciano"]
    n = rng.randint(130, 160)
    leak = pick_leaks(rng, n, 0.40)
    rows = []
    for i in range(n):
        lab = rng.choice(labels)
        if lab == "Verde":
            caras = [0.0, 0.0, 0.0, 0.0]
        else:
            lo, hi = bounds[lab]
            while True:
                mtarget = rng.uniform(lo, hi)
                caras = [round(min(100.0, max(0.0, mtarget + rng.uniform(-6, 6))), 1) for _ in range(4)]
                mean = sum(caras) / 4
                if lo <= mean <= hi:
                    break
        finca = rng.choice(fincas)
        lote = f"L{rng.randint(24, 25)}-{rng.randint(100, 999)}"
        otros = Counter(rng.choice(labels) for _ in range(rng.randint(5, 12)))
        proj = {
            "instruccion": instr,
            "lote": {"codigo": lote, "productor": finca, "variedad": rng.choice(variedades), "calibre": rng.choice(["G", "M", "MM", "MMM"]),
                     "peso_medio_g": rng.randint(60, 260), "caliz": rng.choice(["verde, turgente", "verde, algo seco"])},
            "analisis_imagen": {"equipo": "Visión MAF Globalscan 6", "caras_pct_color": caras, "defectos_detectados": rng.choice([[], ["rameado leve"], ["golpe leve"], ["cicatriz estilar"]])},
            "resumen_turno": {"turno": rng.choice(["mañana", "tarde"]), "lotes_por_estado_otros": dict(otros)},
            "historial": f"Último lote del mismo productor clasificado como {rng.choice(labels)}.",
            "etiqueta_gs1": f"(01){gtin14(rng)}(10){lote}(13)24{rng.randint(1, 12):02d}{rng.randint(1, 28):02d}",
        }
        traps = [("label-set listing/definition", "instrucción con los seis estados"),
                 ("label word in other sense", f"caliz: '{proj['lote']['caliz']}'"),
                 ("labels of other records", f"lotes_por_estado_otros {dict(otros)}"),
                 ("historical mention", proj["historial"]),
                 ("benign code/encoding", proj["etiqueta_gs1"])]
        if "Rojo" in finca or "Rosado" in finca or "Verde" in finca:
            traps.append(("label word in proper name", finca))
        leaks = []
        if i in leak:
            fams = rng.choice([["código de estadio en GS1"], ["plazo derivado"], ["código de estadio en GS1", "plazo derivado"]])
            if "código de estadio en GS1" in fams:
                proj["etiqueta_gs1"] += f"(20){stage_no[lab]:02d}"
                traps = [t for t in traps if t[0] != "benign code/encoding"]
                leaks.append("stage code in GS1 element string")
            if "plazo derivado" in fams:
                proj["planificacion"] = {"camara": f"C-{rng.randint(1, 6)}", "dias_hasta_expedicion": days[lab], "operario": rng.choice(["MJG", "PLR", "AST"])}
                leaks.append("derived downstream quantity")
        rows.append((lab, proj, leaks, traps))
    return dict(name=name, labels=labels, leaking=True, rows=rows, derive_from=["/analisis_imagen/caras_pct_color"],
                note="Estado USDA de color a partir de la media de las cuatro caras (umbrales en la instrucción).")


# ---------------------------------------------------------------- 4 AR aging
def g_ar(rng):
    name = "ar_aging"
    labels = ["Current", "1-30 days", "31-60 days", "61-90 days", "Over 90 days"]
    rngs = {"Current": (-40, 0), "1-30 days": (1, 30), "31-60 days": (31, 60), "61-90 days": (61, 90), "Over 90 days": (91, 420)}
    dun = {"Current": 0, "1-30 days": 1, "31-60 days": 2, "61-90 days": 3, "Over 90 days": 4}
    ecl = {"Current": 0.005, "1-30 days": 0.02, "31-60 days": 0.05, "61-90 days": 0.15, "Over 90 days": 0.45}
    instr = ("Age this open receivable as at the as-of date. Days past due = as-of date minus due date (due date = invoice date + payment terms). "
             "Buckets: Current (not yet due, <= 0 days); 1-30 days; 31-60 days; 61-90 days; Over 90 days. Answer with the bucket name exactly.")
    customers = ["Current Electrical Supplies Ltd", "Harlow Joinery", "Bexley Dental Group", "Nordic Freight AS", "Pinecrest Hotels",
                 "Tidewater Marine", "Oakridge Schools Trust", "Marlow & Finch LLP", "Redline Couriers"]
    n = rng.randint(130, 160)
    leak = pick_leaks(rng, n, 0.50)
    rows = []
    for i in range(n):
        lab = rng.choice(labels)
        as_of = rng.choice([date(2024, 12, 31), date(2025, 1, 31), date(2025, 2, 28), date(2025, 3, 31), date(2025, 6, 30), date(2025, 9, 30)])
        terms = rng.choice([14, 30, 45, 60])
        d = rng.randint(max(rngs[lab][0], 1 - terms), rngs[lab][1])
        due = as_of - timedelta(days=d)
        inv = due - timedelta(days=terms)
        amt = round(rng.uniform(120, 48000), 2)
        cust = rng.choice(customers)
        others = []
        for _ in range(rng.randint(1, 4)):
            others.append({"doc_no": f"INV-{rng.randint(20000, 29999)}", "amount": round(rng.uniform(80, 9000), 2), "aging_bucket": rng.choice(labels)})
        proj = {
            "instruction": instr,
            "task": {"as_of_date": as_of.isoformat(), "ledger": "AR-GBP"},
            "invoice": {"doc_no": f"INV-{rng.randint(30000, 39999)}", "customer": cust, "invoice_date": inv.isoformat(),
                        "payment_terms": f"Net {terms}", "due_date": due.isoformat(), "currency": "GBP", "open_amount": amt,
                        "po_ref": f"PO{rng.randint(1000, 9999)}"},
            "customer_statement_other_items": others,
            "crm_note": rng.choice(["Please use current remittance address on all correspondence.", "Contact moved to AP team in Leeds.",
                                    "Customer on current credit limit review cycle (annual).", "Statements by email only."]),
        }
        traps = [("label-set listing/definition", "instruction lists all five buckets"),
                 ("labels of other records", f"other item bucket '{others[0]['aging_bucket']}'")]
        if "current" in proj["crm_note"].lower() or cust.startswith("Current"):
            traps.append(("label word in other sense", "'Current Electrical Supplies Ltd' / 'current remittance address'"))
        traps.append(("label-like fragment in legitimate input", f"payment_terms 'Net {terms}'"))
        leaks = []
        if i in leak:
            fams = rng.choice([["dunning"], ["ecl"], ["dunning", "ecl"]])
            if "dunning" in fams:
                lvl = dun[lab]
                proj["collections"] = {"dunning_level": lvl, "last_notice_template": None if lvl == 0 else f"REMINDER_{lvl}",
                                       "collector": rng.choice(["J. Patel", "S. Morgan", "unassigned"])}
                leaks.append("collections process state")
            if "ecl" in fams:
                rate = ecl[lab]
                proj["gl_journal"] = {"journal": f"JE-{rng.randint(100000, 999999)}", "account": "1290 Allowance for doubtful debts",
                                      "memo": f"IFRS 9 simplified matrix rate {rate * 100:.1f}% on {proj['invoice']['doc_no']}",
                                      "credit": round(amt * rate, 2)}
                leaks.append("provision rate computed after bucketing")
        rows.append((lab, proj, leaks, traps))
    return dict(name=name, labels=labels, leaking=True, rows=rows,
                derive_from=["/task/as_of_date", "/invoice/invoice_date", "/invoice/payment_terms", "/invoice/due_date"],
                note="Bucket from as_of_date minus due_date (due_date = invoice_date + terms, both given).")


# ---------------------------------------------------------------- 5 F-gas leak check (clean)
def g_fgas(rng):
    name = "fgas_leak_check"
    labels = ["not required", "every 12 months", "every 6 months", "every 3 months"]
    bands = {"not required": (0.01, 4.95), "every 12 months": (5.05, 49.5), "every 6 months": (50.5, 495), "every 3 months": (505, 1400)}
    refr = [("R-32", 675), ("R-410A", 2088), ("R-404A", 3922), ("R-134a", 1430), ("R-407C", 1774), ("R-449A", 1397),
            ("R-448A", 1387), ("R-513A", 631), ("R-1234yf", 4), ("R-290", 3), ("R-744", 1), ("R-454B", 466)]
    instr = ("Determine the mandatory leak-check frequency for this stationary refrigeration/air-conditioning circuit "
             "(no automatic leak detection fitted, not hermetically sealed). CO2e (t) = charge (kg) x GWP / 1000. "
             "< 5 t: not required; 5 to < 50 t: every 12 months; 50 to < 500 t: every 6 months; >= 500 t: every 3 months. "
             "Answer with the frequency label.")
    n = rng.randint(130, 160)
    rows = []
    for i in range(n):
        lab = rng.choice(labels)
        lo, hi = bands[lab]
        while True:
            r, gwp = rng.choice(refr)
            cl, ch = max(0.3, lo * 1000 / gwp), min(420.0, hi * 1000 / gwp)
            if cl < ch:
                charge = round(rng.uniform(cl, ch), 1)
                t = charge * gwp / 1000
                if lo <= t <= hi:
                    break
        if charge < 5:
            et = rng.choice(["split air conditioner", "heat pump (air-to-water)", "display cabinet (plug-in)"])
        elif charge < 40:
            et = rng.choice(["VRF system", "packaged chiller", "cold room condensing unit"])
        elif charge < 150:
            et = rng.choice(["process chiller", "cold store plant"])
        else:
            et = rng.choice(["supermarket central rack", "industrial chiller"])
        maint = rng.choice(["every 3 months", "every 6 months", "every 12 months"])
        proj = {
            "instruction": instr,
            "equipment": {"asset_tag": f"RAC-{rng.randint(1000, 9999)}", "type": et, "refrigerant": r, "refrigerant_gwp": gwp,
                          "refrigerant_charge_kg": charge, "installed": f"{rng.randint(2008, 2024)}", "site": rng.choice(["Leeds DC", "Store 0412", "Hospital block C", "Data hall 2"])},
            "service_contract": {"filter_and_coil_cleaning": maint, "parts_warranty": rng.choice(["12 months", "24 months", "6 months"])},
            "records": {"last_leak_check": (date(2025, 1, 1) - timedelta(days=rng.randint(10, 700))).isoformat(),
                        "leak_detection_system": "not installed",
                        "regulation_excerpt": "Reg. (EU) 2024/573 Art. 5: checks at least every 12 months (>= 5 t CO2e), every 6 months (>= 50 t), every 3 months (>= 500 t)."},
        }
        traps = [("label-set listing/definition", "regulation_excerpt lists all intervals"),
                 ("label phrase in other sense", f"filter_and_coil_cleaning '{maint}'"),
                 ("label phrase in other sense", f"parts_warranty '{proj['service_contract']['parts_warranty']}'"),
                 ("negation", "leak_detection_system 'not installed'"),
                 ("historical mention", f"last_leak_check {proj['records']['last_leak_check']}")]
        rows.append((lab, proj, [], traps))
    return dict(name=name, labels=labels, leaking=False, rows=rows,
                derive_from=["/equipment/refrigerant_charge_kg", "/equipment/refrigerant_gwp", "/equipment/refrigerant", "/equipment/type"],
                note="Frequency from charge x GWP. Refrigerant name and equipment type are legitimate context (they co-vary with GWP/charge) and are therefore listed.")


# ---------------------------------------------------------------- 6 childcare staffing (numeric)
NUMW = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


def g_childcare(rng):
    name = "childcare_ratio"
    labels = ["2", "3", "4", "5", "6", "7"]
    instr = ("You check educator-to-child ratios for an early-learning room. From the children signed in, compute the minimum "
             "number of educators: ceil(under-24-month children / 4) + ceil(24-35-month children / 5) + ceil(36-month-and-over children / 10). "
             "Answer with the number only (one of 2, 3, 4, 5, 6, 7).")
    n = rng.randint(130, 160)
    leak = pick_leaks(rng, n, 0.35)
    rows = []
    for i in range(n):
        lab = rng.choice(labels)
        L = int(lab)
        while True:
            a, b, c = rng.randint(0, 10), rng.randint(0, 12), rng.randint(0, 25)
            if math.ceil(a / 4) + math.ceil(b / 5) + math.ceil(c / 10) == L:
                break
        kids = [rng.randint(6, 23) for _ in range(a)] + [rng.randint(24, 35) for _ in range(b)] + [rng.randint(36, 66) for _ in range(c)]
        rng.shuffle(kids)
        children = [{"child_id": f"K{rng.randint(1000, 9999)}", "age_months": m, "signed_in": f"0{rng.randint(7, 9)}:{rng.randint(0, 59):02d}"} for m in kids]
        room = rng.randint(1, 7)
        rostered = rng.randint(2, 7)
        note_clean = rng.choice([f"{NUMW[rng.randint(2, 4)].capitalize()} new families start next week, please label cubbies.",
                                 "Sunscreen restocked; excursion forms due Friday.",
                                 f"Nappy order arrives in {NUMW[rng.randint(2, 5)]} days.", "Fire drill at 10:30, use the north gate."])
        proj = {
            "instruction": instr,
            "session": {"service": rng.choice(["Wattle Grove ELC", "Harbourside Kids", "Little Acorns Preschool"]), "room": f"Room {room}",
                        "session_no": f"{rng.randint(1, 3)} of 3", "date": (date(2025, 3, 3) + timedelta(days=rng.randint(0, 200))).isoformat(),
                        "children_present": children},
            "roster": {"educators_rostered": rostered, "source": "rostering export (weekly, prepared in advance)"},
            "handover_note": note_clean,
        }
        traps = [("label-set listing/definition", "instruction lists 2..7"),
                 ("numbers in other senses", f"room 'Room {room}', session_no '{proj['session']['session_no']}'"),
                 ("independent claimed value", f"educators_rostered {rostered} (advance roster, independent)")]
        if any(w in note_clean.lower() for w in NUMW.values()):
            traps.append(("number word in other sense", note_clean))
        leaks = []
        if i in leak:
            fams = rng.choice([["word"], ["card"], ["word", "card"]])
            if "word" in fams:
                proj["handover_note"] = rng.choice([f"We need {NUMW[L]} educators on the floor this session. ", f"Ratio check done: {NUMW[L]} staff required. "]) + note_clean
                leaks.append("number word in free text")
            if "card" in fams:
                proj["sign_in_sheet"] = {"required_positions": [{"slot": s + 1, "educator": None} for s in range(L)], "printed": "06:45"}
                leaks.append("cardinality of generated list")
        rows.append((lab, proj, leaks, traps))
    return dict(name=name, labels=labels, leaking=True, rows=rows, derive_from=["/session/children_present"],
                note="Minimum educators from the ages of the children present (formula in instruction).")


# ---------------------------------------------------------------- 7 Child-Pugh
def g_pugh(rng):
    name = "child_pugh"
    labels = ["Class A", "Class B", "Class C"]
    sums = {"Class A": (5, 6), "Class B": (7, 9), "Class C": (10, 15)}
    instr = ("Calculate the Child-Turcotte-Pugh class. Points: bilirubin mg/dL <2 =1, 2-3 =2, >3 =3; albumin g/dL >3.5 =1, 2.8-3.5 =2, <2.8 =3; "
             "INR <1.7 =1, 1.7-2.3 =2, >2.3 =3; ascites none =1, mild =2, moderate/severe =3; hepatic encephalopathy none =1, grade 1-2 =2, grade 3-4 =3. "
             "Total 5-6 = Class A, 7-9 = Class B, 10-15 = Class C. Answer 'Class A', 'Class B' or 'Class C'.")
    cds = {"Class A": "Well-compensated liver disease; expected 1-year survival close to 100%. Routine surveillance.",
           "Class B": "Significant functional compromise; expected 1-year survival around 80%. Consider hepatology review.",
           "Class C": "Decompensated disease; expected 1-year survival around 45%. Consider transplant assessment."}
    n = rng.randint(130, 160)
    leak = pick_leaks(rng, n, 0.45)
    rows = []
    for i in range(n):
        lab = rng.choice(labels)
        lo, hi = sums[lab]
        while True:
            p = [rng.choice([1, 1, 2, 2, 3]) for _ in range(5)]
            if lo <= sum(p) <= hi:
                break
        bil = {1: (0.3, 1.9), 2: (2.0, 3.0), 3: (3.1, 12.0)}[p[0]]
        alb = {1: (3.6, 4.9), 2: (2.8, 3.5), 3: (1.8, 2.7)}[p[1]]
        inr = {1: (0.9, 1.6), 2: (1.7, 2.3), 3: (2.4, 4.2)}[p[2]]
        asc = {1: ["none"], 2: ["mild"], 3: ["moderate", "severe"]}[p[3]]
        enc = {1: ["none"], 2: ["grade 1", "grade 2"], 3: ["grade 3", "grade 4"]}[p[4]]
        etiol = rng.choice(["alcohol-related", "hepatitis C (treated, SVR)", "hepatitis B (on tenofovir)", "MASLD", "primary biliary cholangitis"])
        ward = rng.choice(["Class A", "Class B1", "Class B2", "Class C"])
        prev = rng.choice(labels)
        proj = {
            "instruction": instr,
            "patient": {"mrn": f"S{rng.randint(1000000, 9999999)}", "age": rng.randint(34, 82), "sex": rng.choice(["F", "M"]),
                        "aetiology": etiol, "admission_ward_class": ward},
            "labs": {"bilirubin_mg_dl": round(rng.uniform(*bil), 1), "albumin_g_dl": round(rng.uniform(*alb), 1), "inr": round(rng.uniform(*inr), 1),
                     "sodium_mmol_l": rng.randint(126, 144), "platelets_10e9_l": rng.randint(40, 260)},
            "exam": {"ascites": rng.choice(asc), "encephalopathy": rng.choice(enc)},
            "history": f"Child-Pugh score documented in {rng.randint(2016, 2022)}: {prev} (different clinical episode).",
            "clinic_letter_markdown": f"**Impression:** cirrhosis, {etiol}. Plan: repeat bloods, ultrasound surveillance in 6 months.",
            "clinic_letter_adf": {"type": "doc", "version": 1, "content": [{"type": "paragraph", "content": [
                {"type": "text", "text": "Impression: ", "marks": [{"type": "strong"}]},
                {"type": "text", "text": f"cirrhosis, {etiol}. Plan: repeat bloods, ultrasound surveillance in 6 months."}]}]},
        }
        traps = [("label-set listing/definition", "instruction lists Class A/B/C"),
                 ("label phrase in other sense", f"admission_ward_class '{ward}'"),
                 ("historical mention", proj["history"]),
                 ("label letter in other sense", f"aetiology '{etiol}'")]
        leaks = []
        if i in leak:
            fams = rng.choice([["cds"], ["adf"], ["cds", "adf"]])
            if "cds" in fams:
                proj["cds_banner"] = {"source": "LiverRisk CDS v2.3 (nightly batch)", "generated": "2025-04-02T02:10:00Z", "message": cds[lab]}
                leaks.append("upstream decision-support paraphrase")
            if "adf" in fams:
                pts = sum(p)
                abbr = {"Class A": "CTP-A", "Class B": "CTP-B", "Class C": "CTP-C"}[lab]
                proj["clinic_letter_markdown"] = f"**Impression:** cirrhosis, {etiol}, [REDACTED]. Plan: repeat bloods, ultrasound surveillance in 6 months."
                proj["clinic_letter_adf"]["content"][0]["content"][1]["text"] = (
                    f"cirrhosis, {etiol}, {abbr} ({pts} pts). Plan: repeat bloods, ultrasound surveillance in 6 months.")
                leaks.append("abbreviated score in unredacted rich-text tree")
        rows.append((lab, proj, leaks, traps))
    return dict(name=name, labels=labels, leaking=True, rows=rows,
                derive_from=["/labs/bilirubin_mg_dl", "/labs/albumin_g_dl", "/labs/inr", "/exam/ascites", "/exam/encephalopathy"],
                note="CTP points from the five parameters, classes by total.")


# ---------------------------------------------------------------- 8 alcohol duty (clean, ordinary words)
def g_duty(rng):
    name = "alcohol_duty_band"
    labels = ["exempt", "lower", "standard", "higher", "strong"]
    cats = {"exempt": [("alcohol-free beer", 0.0, 0.5), ("low-alcohol beer", 0.5, 1.1), ("dealcoholised wine", 0.0, 0.5)],
            "lower": [("beer", 2.0, 3.4), ("cider", 1.2, 3.4), ("ready-to-drink", 1.2, 3.4)],
            "standard": [("beer", 3.5, 8.4), ("cider", 3.5, 8.4), ("ready-to-drink", 3.5, 8.4), ("wine", 5.5, 8.4)],
            "higher": [("wine", 8.5, 15.5), ("fortified wine", 15.0, 22.0), ("beer", 8.5, 12.0), ("liqueur", 15.0, 22.0)],
            "strong": [("spirit", 22.1, 65.0), ("liqueur", 22.1, 40.0)]}
    instr = ("You prepare an alcohol duty return. Assign the strength band from the product's ABV: below 1.2% = exempt; "
             "1.2% to less than 3.5% = lower; 3.5% to less than 8.5% = standard; 8.5% to 22% inclusive = higher; over 22% = strong. "
             "Answer with one word: exempt, lower, standard, higher or strong.")
    notes = ["Strong citrus aroma, dry finish.", "Lower shelf in the taproom fridge.", "Standard delivery, 3-5 working days.",
             "Pairs with higher-fat cheeses.", "Soft, rounded, gentle sweetness.", "Brewed with Maris Otter; standard 330 ml can."]
    n = rng.randint(130, 160)
    rows = []
    for i in range(n):
        lab = rng.choice(labels)
        cat, lo, hi = rng.choice(cats[lab])
        edge = {"lower": 1.2, "standard": 3.5, "higher": rng.choice([8.5, 22.0]), "strong": 22.1, "exempt": None}[lab]
        abv = edge if (edge is not None and rng.random() < 0.12 and lo <= edge <= hi) else round(rng.uniform(lo, hi), 1)
        note = rng.choice(notes)
        others = [{"line": j + 1, "sku": f"SKU{rng.randint(100, 999)}", "band": rng.choice(labels)} for j in range(rng.randint(1, 3))]
        proj = {
            "instruction": instr,
            "product": {"sku": f"SKU{rng.randint(1000, 9999)}", "name": rng.choice(["Harbour Light", "Old Tom", "Blackcap", "Orchard Gold", "Fennel Spritz", "Copper Kettle"]),
                        "category": cat, "abv_percent": abv, "container_ml": rng.choice([330, 440, 500, 700, 750, 5000]),
                        "tasting_note": note},
            "return_context": {"period": rng.choice(["2025-04", "2025-05", "2025-06"]), "small_producer_relief": "not eligible (output above threshold)",
                               "other_lines_this_return": others},
        }
        traps = [("label-set listing/definition", "instruction lists five bands"),
                 ("labels of other records", f"other line band '{others[0]['band']}'"),
                 ("negation", "small_producer_relief 'not eligible'")]
        if any(w in note.lower() for w in ["strong", "lower", "standard", "higher"]):
            traps.append(("label word in other sense", note))
        rows.append((lab, proj, [], traps))
    return dict(name=name, labels=labels, leaking=False, rows=rows,
                derive_from=["/product/abv_percent", "/product/category"],
                note="Band from ABV; category listed because it co-varies with strength (legitimate context).")


# ---------------------------------------------------------------- 9 wind chill
def wci(t, v):
    return 13.12 + 0.6215 * t - 11.37 * v ** 0.16 + 0.3965 * t * v ** 0.16


def wc_label(w):
    if w > -10:
        return "low"
    if w > -28:
        return "moderate"
    if w > -40:
        return "high"
    if w > -48:
        return "very high"
    if w > -55:
        return "severe"
    return "extreme"


def g_windchill(rng):
    name = "wind_chill_risk"
    labels = ["low", "moderate", "high", "very high", "severe", "extreme"]
    lvl = {l: i + 1 for i, l in enumerate(labels)}
    col = {"low": "#ffffcc", "moderate": "#fed976", "high": "#fd8d3c", "very high": "#e31a1c", "severe": "#b10026", "extreme": "#4a0016"}
    fr = {"low": "faible", "moderate": "modéré", "high": "élevé", "very high": "très élevé", "severe": "sévère", "extreme": "extrême"}
    frost = {"low": "Slight increase in discomfort.", "moderate": "Risk of hypothermia if outside for long periods without adequate protection.",
             "high": "Exposed skin can freeze in 10 to 30 minutes.", "very high": "Exposed skin can freeze in 5 to 10 minutes.",
             "severe": "Exposed skin can freeze in 2 to 5 minutes.", "extreme": "Exposed skin can freeze in less than 2 minutes."}
    instr = ("Using the hourly observation, compute the wind chill index W = 13.12 + 0.6215 T - 11.37 V^0.16 + 0.3965 T V^0.16 "
             "(T air temperature in C, V 10-m wind speed in km/h; do not round W) and give the risk category: W > -10 low; "
             "-28 < W <= -10 moderate; -40 < W <= -28 high; -48 < W <= -40 very high; -55 < W <= -48 severe; W <= -55 extreme.")
    stations = ["Winnipeg Intl A", "Yellowknife A", "Thunder Bay A", "Iqaluit A", "Regina Intl A", "Fort McMurray A", "Kuujjuaq A"]
    n = rng.randint(130, 160)
    leak = pick_leaks(rng, n, 0.50)
    rows = []
    for i in range(n):
        lab = rng.choice(labels)
        while True:
            t = round(rng.uniform(-48, 4), 1)
            v = rng.randint(5, 75)
            w = wci(t, v)
            if wc_label(w) == lab and min(abs(w - b) for b in (-10, -28, -40, -48, -55)) > 0.05:
                break
        synop = rng.choice(["High pressure ridge building from the west.", "Arctic high settling over the region.",
                            "Moderate snow ending overnight.", "Clear skies; Highway 11 plowed."])
        proj = {
            "instruction": instr,
            "obs": {"station": rng.choice(stations), "time_utc": f"2025-0{rng.randint(1, 3)}-{rng.randint(1, 28):02d}T{rng.randint(0, 23):02d}:00Z",
                    "air_temp_c": t, "wind_speed_kmh": v, "rh_pct": rng.randint(55, 95), "mslp_kpa": round(rng.uniform(99.5, 104.5), 1)},
            "context": {"synopsis": synop, "yesterday_peak_risk": rng.choice(labels),
                        "watches": rng.choice(["No severe weather watches in effect.", "No warnings in effect."]),
                        "station_record": f"Lowest wind chill on record: {rng.randint(-62, -45)} ({rng.randint(1950, 2010)})."},
            "public_page_html": '<div class="obs-card"><span class="stn">OBS</span> <span class="upd">updated hourly</span></div>',
            "bulletin_fr": "Refroidissement éolien : voir les observations horaires. Prochaine mise à jour à 16 h.",
        }
        traps = [("label-set listing/definition", "instruction lists six categories"),
                 ("historical mention", f"yesterday_peak_risk '{proj['context']['yesterday_peak_risk']}'"),
                 ("negation", proj["context"]["watches"]),
                 ("benign other-language text", proj["bulletin_fr"])]
        if any(x in synop for x in ["High", "Moderate", "Highway"]):
            traps.append(("label word in other sense", synop))
        leaks = []
        if i in leak:
            fams = rng.sample(["css", "fr", "frost"], rng.choice([1, 1, 2]))
            if "css" in fams:
                proj["public_page_html"] = ('<div class="obs-card"><span class="stn">OBS</span> <span class="upd">updated hourly</span>'
                                            '<span class="wc-badge risk-lvl-{}" style="background-color:{}"></span></div>').format(lvl[lab], col[lab])
                leaks.append("CSS class / colour code")
            if "fr" in fams:
                proj["bulletin_fr"] = f"Refroidissement éolien : risque {fr[lab]}. Prochaine mise à jour à 16 h."
                traps = [x for x in traps if x[0] != "benign other-language text"]
                leaks.append("translation in bilingual bulletin")
            if "frost" in fams:
                proj["public_advice"] = frost[lab] + " Dress in layers and cover exposed skin."
                leaks.append("correlated consequence prose")
        rows.append((lab, proj, leaks, traps))
    return dict(name=name, labels=labels, leaking=True, rows=rows, derive_from=["/obs/air_temp_c", "/obs/wind_speed_kmh"],
                note="Wind chill from T and V (formula in instruction), bucketed unrounded.")


# ---------------------------------------------------------------- 10 gas safety
def g_gas(rng):
    name = "gas_safety_classification"
    labels = ["Immediately Dangerous", "At Risk", "Not to Current Standards", "Satisfactory"]
    code = {"Immediately Dangerous": "ID", "At Risk": "AR", "Not to Current Standards": "NCS", "Satisfactory": "OK"}
    emo = {"Immediately Dangerous": "\U0001F534", "At Risk": "\U0001F7E0", "Not to Current Standards": "\U0001F7E1", "Satisfactory": "\U0001F7E2"}
    instr = ("Classify this gas appliance visit using the job rules: Immediately Dangerous if the flue spillage test failed or the "
             "tightness test drop exceeds 4.0 mbar; otherwise At Risk if the CO/CO2 ratio exceeds 0.0080 or ventilation free area is "
             "below the required area; otherwise Not to Current Standards if main protective bonding is absent or no CO alarm is fitted; "
             "otherwise Satisfactory.")
    apps = [("combi boiler", "room-sealed fanned", 0), ("back boiler", "open-flued", 100), ("gas fire", "open-flued (class 1)", 100),
            ("cooker", "flueless", 0), ("warm air unit", "open-flued", 60), ("water heater", "open-flued", 35)]
    n = rng.randint(130, 160)
    leak = pick_leaks(rng, n, 0.40)
    rows = []
    for i in range(n):
        lab = rng.choice(labels)
        app = rng.choice(apps)
        req = app[2]
        spill, drop = "pass", round(rng.uniform(0, 4.0), 1)
        ratio = round(rng.uniform(0.0008, 0.0080), 4)
        vent = req + rng.randint(0, 60) if req else rng.choice([0, 0, 50])
        bond, alarm = "present", True
        if lab == "Immediately Dangerous":
            mode = rng.choice(["s", "d", "sd"])
            if "s" in mode: spill = "fail"
            if "d" in mode: drop = round(rng.uniform(4.1, 12.0), 1)
            if rng.random() < 0.4: ratio = round(rng.uniform(0.0081, 0.02), 4)
            if rng.random() < 0.4: bond = "absent"
        elif lab == "At Risk":
            mode = rng.choice(["r", "v", "rv"]) if req else "r"
            if "r" in mode: ratio = round(rng.uniform(0.0081, 0.02), 4)
            if "v" in mode: vent = rng.randint(0, req - 5)
            if rng.random() < 0.4: alarm = False
        elif lab == "Not to Current Standards":
            mode = rng.choice(["b", "a", "ba"])
            if "b" in mode: bond = "absent"
            if "a" in mode: alarm = False
        other = [{"appliance": rng.choice(["gas hob", "tumble dryer (gas)", "gas fire (lounge)"]), "classification": rng.choice(labels), "visit": "2024-11-02"}]
        psr = rng.random() < 0.35
        hist = rng.choice(["No Immediately Dangerous situations recorded at the 2024 visit.", "No previous visits on file.",
                           "Previous engineer noted meter box door missing (2023)."])
        proj = {
            "instruction": instr,
            "job": {"job_ref": f"J{rng.randint(100000, 999999)}", "postcode": f"{rng.choice(['LS', 'M', 'B', 'NE', 'CF'])}{rng.randint(1, 20)} {rng.randint(1, 9)}{rng.choice('ABDEFGH')}{rng.choice('JLNPQRSTUW')}",
                    "customer_flags": {"priority_services_register": psr,
                                       "psr_note": "Customer at risk if supply interrupted (medical equipment, oxygen concentrator)." if psr else None}},
            "appliance": {"type": app[0], "flue": app[1], "make": rng.choice(["Worcester", "Baxi", "Vaillant", "Ideal", "Valor", "Glow-worm"]), "location": rng.choice(["kitchen", "lounge", "airing cupboard", "utility"])},
            "readings": {"flue_spillage_test": spill, "tightness_drop_mbar": drop, "co_co2_ratio": ratio,
                         "ventilation_free_area_cm2": vent, "ventilation_required_cm2": req},
            "installation": {"protective_bonding": bond, "co_alarm_fitted": alarm},
            "other_appliances": other,
            "history": hist,
            "app_status_line": None,
        }
        proj["app_status_line"] = f"{app[0].capitalize()} ({proj['appliance']['location']}) \U0001F4F7 {rng.randint(2, 6)} photos"
        traps = [("label-set listing/definition", "instruction names all four classifications"),
                 ("labels of other records", f"other appliance '{other[0]['classification']}'"),
                 ("benign glyphs", proj["app_status_line"])]
        if psr:
            traps.append(("label phrase in other sense", "psr_note 'Customer at risk if supply interrupted'"))
        if hist.startswith("No Immediately"):
            traps.append(("negated historical mention", hist))
        leaks = []
        if i in leak:
            fams = rng.choice([["ref"], ["emoji"], ["ref", "emoji"]])
            if "ref" in fams:
                proj["job"]["notice_ref"] = f"GSIUP-{code[lab]}-25-{rng.randint(1000, 9999)}" if lab != "Satisfactory" else f"CP12-{code[lab]}-25-{rng.randint(1000, 9999)}"
                leaks.append("code in reference number")
            if "emoji" in fams:
                proj["app_status_line"] = f"{app[0].capitalize()} ({proj['appliance']['location']}) {emo[lab]} \U0001F4F7 {rng.randint(2, 6)} photos"
                leaks.append("status glyph")
        rows.append((lab, proj, leaks, traps))
    return dict(name=name, labels=labels, leaking=True, rows=rows,
                derive_from=["/readings/flue_spillage_test", "/readings/tightness_drop_mbar", "/readings/co_co2_ratio",
                             "/readings/ventilation_free_area_cm2", "/readings/ventilation_required_cm2",
                             "/installation/protective_bonding", "/installation/co_alarm_fitted"],
                note="Classification by the ordered rules in the instruction.")


# ---------------------------------------------------------------- 11 weight & balance (clean)
def g_wb(rng):
    name = "weight_and_balance"
    labels = ["within limits", "overweight", "forward of limits", "aft of limits"]
    instr = ("Check this light-aircraft loading. Total weight = sum of station weights; CG (in aft of datum) = total moment / total weight. "
             "If total weight exceeds max take-off weight: overweight. Otherwise if CG is forward of the forward limit: forward of limits; "
             "if CG is aft of the aft limit: aft of limits; otherwise: within limits.")
    n = rng.randint(130, 160)
    rows = []
    for i in range(n):
        lab = rng.choice(labels)
        while True:
            mtow = 2550.0
            fwd = round(rng.uniform(37.0, 40.5), 1)
            aft = 47.3
            st = [("Basic empty weight", round(rng.uniform(1580, 1720), 1), round(rng.uniform(38.0, 41.0), 2)),
                  ("Pilot and front passenger", float(rng.randint(150, 440)), 37.0),
                  ("Rear passengers", float(rng.choice([0, 0, rng.randint(100, 420)])), 73.0),
                  ("Fuel (usable, 6 lb/gal)", float(rng.randint(8, 53) * 6), 48.0),
                  ("Baggage area 1", float(rng.randint(0, 120)), 95.0),
                  ("Baggage area 2 (aft)", float(rng.randint(0, 50)), 123.0)]
            W = sum(s[1] for s in st)
            cg = sum(s[1] * s[2] for s in st) / W
            if W > mtow:
                got = "overweight"
            elif cg < fwd:
                got = "forward of limits"
            elif cg > aft:
                got = "aft of limits"
            else:
                got = "within limits"
            if got == lab and abs(W - mtow) > 0.5 and abs(cg - fwd) > 0.02 and abs(cg - aft) > 0.02:
                break
        prev = rng.choice(labels)
        proj = {
            "instruction": instr,
            "aircraft": {"registration": f"G-{''.join(rng.choice('ABCDEFGHIJKLMNOPRSTUWXYZ') for _ in range(4))}", "type": "C172S"},
            "limits": {"mtow_lb": mtow, "fwd_cg_limit_in": fwd, "aft_cg_limit_in": aft},
            "loading": {"stations": [{"station": s[0], "weight_lb": s[1], "arm_in": s[2]} for s in st]},
            "techlog_extract": rng.choice(["Tyre pressures checked: within limits.", "Nil defects.", "Oil 7 qt; no overweight landing reported.",
                                           "Aft baggage door seal replaced."]),
            "previous_sector": {"date": "2025-05-11", "wb_result": prev},
        }
        traps = [("label-set listing/definition", "instruction names all four outcomes"),
                 ("label word in legitimate input", "station 'Baggage area 2 (aft)'"),
                 ("other events' labels", f"previous_sector wb_result '{prev}'")]
        tl = proj["techlog_extract"]
        if "within limits" in tl or "overweight" in tl or "Aft" in tl:
            traps.append(("label phrase in other sense/negation", tl))
        rows.append((lab, proj, [], traps))
    return dict(name=name, labels=labels, leaking=False, rows=rows, derive_from=["/limits", "/loading/stations"],
                note="Weight and CG from the station table against the limits in /limits.")


# ---------------------------------------------------------------- 12 tennis line calling
def g_tennis(rng):
    name = "tennis_line_call"
    labels = ["in", "out"]
    instr = ("Electronic line-calling review. The ball is OUT only if no part of the contact footprint touches the line, i.e. if the "
             "footprint centre's distance beyond the outer edge of the line (center_offset_mm, positive = outside the court) is greater "
             "than the footprint half-width. Answer 'in' or 'out'.")
    n = rng.randint(130, 160)
    leak = pick_leaks(rng, n, 0.55)
    rows = []
    pts = ["0", "15", "30", "40"]
    for i in range(n):
        lab = rng.choice(labels)
        r = round(rng.uniform(14, 30), 1)
        off = round(rng.uniform(-60, r - 0.5), 1) if lab == "in" else round(rng.uniform(r + 0.5, r + 80), 1)
        hitter = rng.choice(["server", "receiver"])
        s, rcv = rng.randint(0, 2), rng.randint(0, 2)
        before = f"{pts[s]}-{pts[rcv]}"
        orig = rng.choice(["IN", "OUT"])
        benign = {"overlay": "PLAYER_STATS", "player": rng.choice(["P1", "P2"]), "aces": rng.randint(0, 12),
                  "first_serve_in_pct": rng.randint(52, 74), "challenges_left": rng.randint(0, 3)}
        proj = {
            "instruction": instr,
            "match": {"event": rng.choice(["ATP 250 Eastbourne", "WTA 500 Berlin", "Challenger Ilkley"]), "set": rng.randint(1, 3),
                      "score_before_point": before, "shot_by": hitter, "line": rng.choice(["baseline", "singles sideline", "service line", "centre service line"])},
            "hawkeye": {"impact": {"center_offset_mm": off, "footprint_half_width_mm": r, "speed_kmh": rng.randint(90, 190)}, "cameras": rng.randint(8, 12)},
            "officiating": {"original_call": orig, "challenged_by": rng.choice(["P1", "P2"]),
                            "commentary": rng.choice(["Ball toss was in the sun there.", "She's out of challenges after this one if it stands.",
                                                      "Players in the ad court, long rally.", "Called it in a flash."])},
            "gfx_token": base64.b64encode(json.dumps(benign).encode()).decode(),
        }
        traps = [("label-set listing/definition", "instruction 'in' or 'out'"),
                 ("independent claimed value", f"original_call '{orig}' (independent of outcome here)"),
                 ("label word in other sense", proj["officiating"]["commentary"]),
                 ("benign encoded payload", "gfx_token decodes to player stats incl. 'first_serve_in_pct'")]
        leaks = []
        if i in leak:
            fams = rng.choice([["score"], ["token"], ["score", "token"]])
            if "score" in fams:
                hitter_wins = (lab == "in")
                server_wins = hitter_wins == (hitter == "server")
                s2, r2 = (s + 1, rcv) if server_wins else (s, rcv + 1)
                proj["match"]["score_after_point"] = f"{pts[s2]}-{pts[r2]}"
                leaks.append("later scoreboard state")
            if "token" in fams:
                payload = {"overlay": "CHALLENGE_RESULT", "player": proj["officiating"]["challenged_by"], "verdict": lab.upper(),
                           "distance_mm": round(off - r, 1)}
                proj["gfx_token"] = base64.b64encode(json.dumps(payload).encode()).decode()
                traps = [t for t in traps if t[0] != "benign encoded payload"]
                leaks.append("base64 graphics payload")
        rows.append((lab, proj, leaks, traps))
    return dict(name=name, labels=labels, leaking=True, rows=rows,
                derive_from=["/hawkeye/impact/center_offset_mm", "/hawkeye/impact/footprint_half_width_mm"],
                note="In/out from offset vs footprint half-width.")


# ---------------------------------------------------------------- 13 driving test (clean)
def g_driving(rng):
    name = "driving_test_result"
    labels = ["pass", "fail"]
    items = ["Move off - control", "Mirrors - change direction", "Signals - timed", "Junctions - observation", "Junctions - approach speed",
             "Response to signals - traffic lights", "Use of speed", "Positioning - normal driving", "Clearance", "Reverse park - control",
             "Judgement - meeting", "Ancillary controls", "Following distance", "Progress - undue hesitation"]
    instr = ("From the DL25 marking sheet decide the practical driving test result: fail if any serious or dangerous fault is marked, "
             "or if there are more than 15 driving faults in total; otherwise pass. Answer 'pass' or 'fail'.")
    n = rng.randint(130, 160)
    rows = []
    for i in range(n):
        lab = rng.choice(labels)
        while True:
            chosen = rng.sample(items, rng.randint(3, 9))
            faults = []
            for it in chosen:
                faults.append({"item": it, "driving": rng.choice([0, 0, 1, 1, 2, 3]), "serious": 1 if rng.random() < 0.08 else 0,
                               "dangerous": 1 if rng.random() < 0.03 else 0})
            if lab == "fail" and rng.random() < 0.4:
                for f in faults:
                    f["serious"] = 0; f["dangerous"] = 0
                for _ in range(rng.randint(8, 14)):
                    rng.choice(faults)["driving"] += 1
            tot = sum(f["driving"] for f in faults)
            sd = sum(f["serious"] + f["dangerous"] for f in faults)
            got = "fail" if (sd > 0 or tot > 15) else "pass"
            if got == lab:
                break
        prev = rng.choice(["first attempt", "previous attempt: fail (2025-01-14)", "previous attempt: pass (category AM moped, 2022)"])
        proj = {
            "instruction": instr,
            "candidate": {"ref": f"DT{rng.randint(100000, 999999)}", "category": "B", "attempt_history": prev},
            "test": {"centre": rng.choice(["Wood Green", "Bishopbriggs", "Cardington", "Leeds (Harehills)"]), "route": f"R{rng.randint(1, 12)}",
                     "weather": rng.choice(["dry", "light rain", "overcast"]), "independent_driving": rng.choice(["sat nav", "traffic signs"]),
                     "show_me_tell_me": rng.choice(["Rear windscreen demister - correct", "Brake lights check - correct; bulb failure explained",
                                                    "Headlight check - correct", "Passenger-side window - correct"]),
                     "supervising_driver_present": rng.choice([True, False])},
            "marking_sheet": {"form": "DL25", "faults": faults},
            "examiner_route_note": rng.choice(["Passed through roadworks on A406; temporary lights.", "Bus lane suspended on Route 7.",
                                               "Road closure - diverted via Passmore Rd.", "Nothing unusual."]),
        }
        traps = [("label-set listing/definition", "instruction 'pass' or 'fail'"),
                 ("historical mention", prev),
                 ("substring/other sense", proj["examiner_route_note"]),
                 ("label word in other sense", proj["test"]["show_me_tell_me"])]
        rows.append((lab, proj, [], traps))
    return dict(name=name, labels=labels, leaking=False, rows=rows, derive_from=["/marking_sheet/faults"],
                note="Result from serious/dangerous markings and total driving faults.")


# ---------------------------------------------------------------- 14 fibre link certification
def g_fibre(rng):
    name = "fibre_link_certification"
    labels = ["PASS", "MARGINAL", "FAIL"]
    instr = ("Certify this single-mode link at 1310 nm. Loss budget = length_km x 0.35 dB + mated connector pairs x 0.75 dB + splices x 0.3 dB. "
             "Margin = budget - measured loss. PASS if margin >= 0.5 dB; MARGINAL if 0 <= margin < 0.5 dB; FAIL if margin < 0.")
    wo = {"PASS": "Accepted into as-built records; no action.", "MARGINAL": "Inspect/clean end-faces at both panels and re-test within 7 days.",
          "FAIL": "Re-terminate connector at FDP and re-test; hold handover."}
    n = rng.randint(130, 160)
    leak = pick_leaks(rng, n, 0.30)
    rows = []
    for i in range(n):
        lab = rng.choice(labels)
        while True:
            L = rng.randint(40, 9000)
            c = rng.randint(2, 6)
            sp = rng.randint(0, 8)
            budget = L / 1000 * 0.35 + c * 0.75 + sp * 0.3
            mg = {"PASS": rng.uniform(0.5, 3.0), "MARGINAL": rng.uniform(0.0, 0.49), "FAIL": rng.uniform(-2.0, -0.01)}[lab]
            meas = round(budget - mg, 2)
            if meas <= 0.2:
                continue
            m2 = budget - meas
            got = "PASS" if m2 >= 0.5 else ("MARGINAL" if m2 >= 0 else "FAIL")
            if got == lab and abs(m2 - 0.5) > 0.004 and abs(m2) > 0.004:
                break
        cable, fib = f"B{rng.randint(1, 40):02d}", f"F{rng.randint(1, 24):02d}"
        others = {f"F{rng.randint(1, 24):02d}": rng.choice(labels) for _ in range(rng.randint(2, 4))}
        proj = {
            "instruction": instr,
            "link": {"id": f"{cable}-{fib}", "length_m": L, "mated_connector_pairs": c, "splices": sp,
                     "topology_note": rng.choice(["Passive 1x8 splitter downstream (not in test path).", "Via pass-through panel in riser 3.",
                                                  "Diverse route for failover path.", "Direct run."])},
            "olts_result": {"tester": "CertiFiber Pro", "wavelength_nm": 1310, "reference_method": "1-jumper", "loss_db_1310": meas},
            "limit_set": "Custom budget; verdicts PASS / MARGINAL / FAIL",
            "cable_summary_other_fibres": others,
        }
        traps = [("label-set listing/definition", proj["limit_set"]),
                 ("labels of other records", f"other fibres {others}"),
                 ("substring/other sense", proj["link"]["topology_note"])]
        leaks = []
        if i in leak:
            fams = rng.choice([["url"], ["wo"], ["url", "wo"]])
            if "url" in fams:
                fn = f"Link {cable}-{fib} [{lab}].pdf"
                proj["report_url"] = "https://certcloud.example.net/p/7731/reports/" + urllib.parse.quote(fn)
                leaks.append("percent-encoded file name in URL")
            if "wo" in fams:
                proj["follow_up"] = {"work_order": f"WO-{rng.randint(10000, 99999)}", "task": wo[lab]}
                leaks.append("downstream follow-up action")
        rows.append((lab, proj, leaks, traps))
    return dict(name=name, labels=labels, leaking=True, rows=rows,
                derive_from=["/link/length_m", "/link/mated_connector_pairs", "/link/splices", "/olts_result/loss_db_1310"],
                note="Verdict from budget minus measured loss.")


GENS = [(g_solar, 301), (g_stellar, 302), (g_tomate, 303), (g_ar, 304), (g_fgas, 305), (g_childcare, 306), (g_pugh, 307),
        (g_duty, 308), (g_windchill, 309), (g_gas, 310), (g_wb, 311), (g_tennis, 312), (g_driving, 313), (g_fibre, 314)]


NORM = {
    "label phrase in other sense": "label word in other sense (polysemy)",
    "label word in other sense": "label word in other sense (polysemy)",
    "label letter in other sense": "label word in other sense (polysemy)",
    "label phrase in other sense/negation": "label word in other sense (polysemy)",
    "label words in other sense": "label word in other sense (polysemy)",
    "labels of other events": "labels of other records/events",
    "labels of other objects": "labels of other records/events",
    "labels of other records": "labels of other records/events",
    "other events' labels": "labels of other records/events",
    "label letters as instrument/region codes": "label letters as codes/field names",
    "label letters as codes/field names": "label letters as codes/field names",
    "label letters in personal initials": "label tokens in proper names/initials",
    "label word in proper name": "label tokens in proper names/initials",
    "benign code/encoding": "benign code/encoded payload",
    "benign encoded payload": "benign code/encoded payload",
    "number word in other sense": "numbers/number words in other senses",
    "numbers in other senses": "numbers/number words in other senses",
    "label-like fragment in legitimate input": "label word/fragment inside legitimate input",
    "label word in legitimate input": "label word/fragment inside legitimate input",
    "negated historical mention": "negation",
    "substring/other sense": "substring/affix of a label token",
}


def ranges(nums):
    out, start, prev = [], None, None
    for x in nums:
        if start is None:
            start = prev = x
        elif x == prev + 1:
            prev = x
        else:
            out.append(f"{start}" if start == prev else f"{start}-{prev}"); start = prev = x
    if start is not None:
        out.append(f"{start}" if start == prev else f"{start}-{prev}")
    return ", ".join(out)


def main():
    md = ["# ds30 datasets\n", "Generated by gen.py (deterministic). Families are per record; a record may carry several.\n"]
    allfam, alltrap = set(), set()
    for g, seed in GENS:
        rng = random.Random(seed)
        d = g(rng)
        name = d["name"]
        recs = []
        lf, tf, tex = Counter(), Counter(), {}
        for k, (lab, proj, leaks, traps) in enumerate(d["rows"]):
            assert lab in d["labels"]
            recs.append({"id": f"{name}-{k + 1:04d}", "expected": lab, "label_set": d["labels"], "target": "label",
                         "projection": proj, "truth": {"leak": bool(leaks)}})
            for f in leaks:
                lf[f] += 1
            for f, ex in {(NORM.get(f, f), ex) for f, ex in traps}:
                f = NORM.get(f, f)
                tf[f] += 1
                tex.setdefault(f, ex)
        with open(os.path.join(OUT, name + ".jsonl"), "w", encoding="utf-8") as fh:
            for r in recs:
                fh.write(json.dumps(r, ensure_ascii=False) + "\n")
        with open(os.path.join(OUT, name + ".meta.json"), "w", encoding="utf-8") as fh:
            json.dump({"derive_from": d["derive_from"], "note": d["note"]}, fh, ensure_ascii=False, indent=1)
        nleak = sum(r["truth"]["leak"] for r in recs)
        allfam |= set(lf)
        alltrap |= set(tf)
        md.append(f"\n## {name} — {'LEAKING' if d['leaking'] else 'CLEAN'}\n")
        md.append(f"- Task: {recs[0]['projection'].get('instruction', recs[0]['projection'].get('instruccion'))}")
        md.append(f"- Records: {len(recs)}; leaking records: {nleak}" + (f" (record numbers: {ranges([k + 1 for k, r in enumerate(recs) if r['truth']['leak']])})" if nleak else ""))
        md.append(f"- Label counts: " + ", ".join(f"{l}: {c}" for l, c in Counter(r['expected'] for r in recs).most_common()))
        md.append(f"- derive_from: {d['derive_from']}")
        if lf:
            md.append("- Leak families: " + "; ".join(f"{f} ({c} records)" for f, c in lf.most_common()))
        else:
            md.append("- Leak families: none")
        md.append("- Trap families:")
        for f, c in tf.most_common():
            md.append(f"  - {f} ({c} records) — e.g. {tex[f]}")
    md.append(f"\n## Totals\n- distinct leak families: {len(allfam)}\n- distinct trap family names: {len(alltrap)}\n")
    with open(os.path.join(OUT, "DATASETS.md"), "w", encoding="utf-8") as fh:
        fh.write("\n".join(md) + "\n")


if __name__ == "__main__":
    main()
