import json, random, datetime as dt
from common import name, rec, Info, balanced_labels, FIRST, LAST
import solvers as S

# ============================================================== swim_lanes (numeric labels)
SW_LABELS = ["1", "2", "3", "4", "5", "6"]
SW_CLUBS = ["Lane Cove Swim Club", "Portobello ASC", "Aquatic Club Nord", "City of Leeds SC", "Bondi Dolphins", "Six Lanes Masters",
            "Club Natació Sabadell", "SV Würzburg 05", "Northern Territory Swimming", "Marlins 4 Life"]
SW_NOTES = ["Lane 4 touchpad replaced after heat 2.", "Lane 1 backstroke ledge unavailable.", "Heat 3 of 5 will start 2 minutes late.",
            "Warm-up lanes 5-6 only after session start.", "Scratch: 1 swimmer in heat 1.", ""]

def fmt(t):
    m, s = divmod(t, 60)
    return f"{int(m)}:{s:05.2f}" if m else f"{s:.2f}"

def gen_swim(seed=3610, n=150):
    rng = random.Random(seed)
    labels = balanced_labels(rng, SW_LABELS, n)
    out = []
    lanes = [3, 4, 2, 5, 1, 6]
    for i in range(n):
        lab = labels[i]; info = Info()
        dist, stroke, base = rng.choice([(50, "Freestyle", 30), (100, "Freestyle", 65), (100, "Backstroke", 75), (200, "IM", 160), (100, "Breaststroke", 82)])
        times = sorted(rng.sample(range(int(base * 100), int(base * 100 * 1.25)), 6))
        nt = rng.random() < 0.2
        ents = []
        for k, t in enumerate(times):
            st = "NT" if nt and k == 5 else fmt(t / 100)
            ents.append({"swimmer": f"{rng.choice(FIRST)} {rng.choice(LAST)}", "club": rng.choice(SW_CLUBS), "age": rng.randint(11, 16), "seed_time": st})
        # make names unique
        names = set()
        for k, e in enumerate(ents):
            while e["swimmer"] in names:
                e["swimmer"] = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
            names.add(e["swimmer"])
        rank = lanes.index(int(lab))
        target = ents[rank]["swimmer"]
        rng.shuffle(ents)
        heat = rng.randint(1, 6); ev = rng.randint(1, 40)
        proj = {
            "instruction": ("Heat seeding for a 6-lane pool: rank the heat's swimmers by seed time (fastest first; NT counts as slower than any time). "
                            "Ranks 1-6 swim in lanes 3, 4, 2, 5, 1, 6 respectively. Give the target swimmer's lane. Answer with one of: 1, 2, 3, 4, 5, 6."),
            "meet": {"name": rng.choice(["Autumn Open 2026", "County Age Groups", "Winter Sprint Gala", "Junior Regional Qualifier"]), "course": "SCM"},
            "event": {"number": ev, "name": f"Mixed 13-16 {dist} {stroke}", "heat": heat, "of_heats": rng.randint(heat, 6)},
            "heat_entries": ents,
            "target_swimmer": target,
            "notes": rng.choice(SW_NOTES),
        }
        info.trap("label set listed in instruction", "Answer with one of: 1, 2, 3, 4, 5, 6")
        info.trap("label-like numbers in unrelated fields", f"event {ev}, heat {heat}, ages {ents[0]['age']}...")
        if any(ch.isdigit() for ch in proj["notes"]):
            info.trap("label word in another sense", proj["notes"])
        if any(("Lane" in e["club"] or "Six" in e["club"] or "4" in e["club"]) for e in ents):
            info.trap("label token inside entity names", "club names like 'Lane Cove Swim Club' / 'Marlins 4 Life'")
        if rng.random() < 0.35:
            proj["previous_heat_result"] = [f"Lane {l}: {rng.choice(FIRST)} {rng.choice(LAST)} {fmt(rng.uniform(base, base*1.25))}" for l in rng.sample(range(1, 7), 3)]
            info.trap("labels of other records/events", proj["previous_heat_result"][0])
        out.append((rec("swim_lanes", i + 1, lab, SW_LABELS, proj, False), info))
    meta = {"derive_from": ["/heat_entries", "/target_swimmer"], "note": "Lane from the target's seed rank within the heat (3,4,2,5,1,6)."}
    return out, meta

# ============================================================== incoterms
IN_LABELS = ["EXW", "FCA", "FOB", "CIF", "DAP", "DDP"]
GOODS = ["DAP fertiliser 18-46-0, 2,400 t bulk", "machine tool spare parts, 14 crates", "frozen hake fillets, 2 x 40' reefer",
         "key fob access units (RFID), 5,000 pcs", "olive oil in IBCs", "solar inverters, 38 pallets", "ceramic tiles, 22 t"]
SELLERS = [("Fertiberia Export S.L.", "ES", "CIF B-28765432"), ("Cerámicas del Maestrazgo S.A.", "ES", "CIF A-12034567"),
           ("Maschinenbau Kessler GmbH", "DE", "USt-IdNr DE812345678"), ("Pesquera Atlántica S.L.", "ES", "CIF B-36011223"),
           ("Anhui Sunpower Co. Ltd", "CN", "USCC 91340100MA2"), ("Oleificio Rossi S.r.l.", "IT", "P.IVA 01234567890")]
BUYERS = [("Agri-Inputs Kenya Ltd", "KE"), ("Nordic Tools AB", "SE"), ("Seafood Distributors Inc.", "US"), ("Gulf Tiles LLC", "AE"), ("SecureBuild UK Ltd", "GB")]

def resp_for(lab, rng):
    if lab == "EXW":
        return dict(export_clearance="buyer", main_carriage_paid_by="buyer", cargo_insurance="none required", risk_transfers_at="seller premises", import_clearance_and_duties="buyer")
    if lab == "FCA":
        return dict(export_clearance="seller", main_carriage_paid_by="buyer", cargo_insurance="none required", risk_transfers_at="handover to first carrier", import_clearance_and_duties="buyer")
    if lab == "FOB":
        return dict(export_clearance="seller", main_carriage_paid_by="buyer", cargo_insurance="none required", risk_transfers_at="on board vessel at port of shipment", import_clearance_and_duties="buyer")
    if lab == "CIF":
        return dict(export_clearance="seller", main_carriage_paid_by="seller", cargo_insurance="seller", risk_transfers_at="on board vessel at port of shipment", import_clearance_and_duties="buyer")
    if lab == "DAP":
        return dict(export_clearance="seller", main_carriage_paid_by="seller", cargo_insurance="none required", risk_transfers_at="named place of destination", import_clearance_and_duties="buyer")
    return dict(export_clearance="seller", main_carriage_paid_by="seller", cargo_insurance="none required", risk_transfers_at="named place of destination", import_clearance_and_duties="seller")

CORR = ["Please confirm the key fob count before loading.", "Our 2024 contract was on FOB terms; this one follows the new matrix.",
        "Pro-forma attached; bank is ready for the L/C.", "Buyer asks whether the ATM at the port office takes Visa (driver cash).",
        "Container stuffing scheduled for Tuesday.", "Note: DAP in the goods line refers to diammonium phosphate.", ""]

def gen_inco(seed=3611, n=144):
    rng = random.Random(seed)
    labels = balanced_labels(rng, IN_LABELS, n)
    out = []
    for i in range(n):
        lab = labels[i]; info = Info()
        r = resp_for(lab, rng)
        mode = "sea" if lab in ("FOB", "CIF") else rng.choice(["sea", "road", "air", "multimodal", "rail"])
        sname, sc, tax = rng.choice(SELLERS); bname, bc = rng.choice(BUYERS)
        goods = rng.choice(GOODS)
        proj = {
            "instruction": ("Identify the Incoterms® 2020 rule implied by the contract's responsibility matrix. Risk at seller premises with buyer export "
                            "clearance = EXW; seller pays import clearance and duties = DDP; risk at named place of destination = DAP; risk on board vessel "
                            "with buyer paying carriage = FOB; risk on board with seller paying carriage and insurance = CIF; risk on handover to first carrier "
                            "with buyer paying carriage = FCA. Answer with one of: EXW, FCA, FOB, CIF, DAP, DDP."),
            "contract": {"ref": f"SC-{rng.randint(2025, 2026)}-{rng.randint(1000, 9999)}",
                         "seller": {"name": sname, "country": sc, "tax_id": tax}, "buyer": {"name": bname, "country": bc},
                         "goods": goods, "transport_mode": mode, "responsibilities": r},
            "correspondence": rng.choice(CORR),
        }
        info.trap("label set listed in instruction", "Answer with one of: EXW, FCA, FOB, CIF, DAP, DDP")
        if tax.startswith("CIF"):
            info.trap("acronym collision", f"Spanish tax id '{tax}'")
        if goods.startswith("DAP") or "fob" in goods:
            info.trap("acronym collision" if goods.startswith("DAP") else "label word in another sense", goods)
        c = proj["correspondence"]
        if "FOB terms" in c:
            info.trap("historical mention", c)
        elif "fob" in c or "ATM" in c or "DAP" in c:
            info.trap("label word in another sense", c)
        out.append((rec("incoterms", i + 1, lab, IN_LABELS, proj, False), info))
    meta = {"derive_from": ["/contract/transport_mode", "/contract/responsibilities"], "note": "Rule from who clears, pays carriage/insurance and where risk passes."}
    return out, meta

# ============================================================== options_moneyness (multi-word labels)
OP_LABELS = ["in the money", "at the money", "out of the money"]
TICKERS = ["NVTK", "ABRX", "QLMN", "ZEPH", "HALO", "ORCS", "VNTA", "KLRX"]
CHAT = ["finally in the money on the desk P&L this month, drinks on me", "reminder: ATM withdrawal fees are not reimbursable on the card",
        "glossary for the new analyst: ITM / ATM / OTM = in / at / out of the money", "ZEPH weeklies went deep out of the money after earnings",
        "risk call moved to 4pm", "", "ops: at the money-market sweep cut-off is 15:30"]

def gen_opt(seed=3612, n=150):
    rng = random.Random(seed)
    labels = balanced_labels(rng, OP_LABELS, n)
    out = []
    for i in range(n):
        lab = labels[i]; info = Info()
        typ = rng.choice(["call", "put"]); spot = round(rng.uniform(20, 600), 2)
        step = 1 if spot < 50 else (2.5 if spot < 150 else 5)
        while True:
            k = round(round(spot * rng.uniform(0.7, 1.3) / step) * step, 2)
            if k <= 0:
                continue
            mm = (spot - k) / k * (1 if typ == "call" else -1)
            if abs(abs(mm) - 0.01) < 0.001:
                continue
            if S.solve_opt({"/market/underlying_last": spot, "/position/strike": k, "/position/option_type": typ}) == lab:
                break
            if lab == "at the money" and rng.random() < 0.3:
                spot = round(k * rng.uniform(0.992, 1.008), 2)
        tk = [t for t in TICKERS]
        und = rng.choice(tk)
        proj = {
            "instruction": ("Risk report: tag the option position's moneyness. m = (spot - strike)/strike for calls, (strike - spot)/strike for puts; "
                            "m > 1% in the money, m < -1% out of the money, otherwise at the money. Answer with one of: in the money, at the money, out of the money."),
            "position": {"account": f"ACC-{rng.randint(10000, 99999)}", "underlying": und, "option_type": typ, "strike": k,
                         "expiry": f"2026-{rng.randint(1,12):02d}-{rng.choice([16,17,18,19,20])}", "contracts": rng.randint(1, 200), "side": rng.choice(["long", "short"])},
            "market": {"underlying_last": spot, "as_of": f"2026-11-{rng.randint(2,27):02d}T15:{rng.randint(0,59):02d}:00Z"},
            "desk_chat": rng.choice(CHAT),
        }
        info.trap("label set listed in instruction", "Answer with one of: in the money, at the money, out of the money")
        c = proj["desk_chat"]
        if "glossary" in c:
            info.trap("label set listed in instruction", c)
        elif "ZEPH" in c:
            info.trap("labels of other records/events", c)
        elif "ATM" in c:
            info.trap("acronym collision", c)
        elif "money" in c:
            info.trap("label word in another sense", c)
        out.append((rec("options_moneyness", i + 1, lab, OP_LABELS, proj, False), info))
    meta = {"derive_from": ["/position/option_type", "/position/strike", "/market/underlying_last"], "note": "Moneyness from type, strike and spot with a 1% band."}
    return out, meta

# ============================================================== chord_quality (ordinary English words)
CH_LABELS = ["major", "minor", "diminished", "augmented"]
LETTERS = "CDEFGAB"
INTS = {"major": (4, 7), "minor": (3, 7), "diminished": (3, 6), "augmented": (4, 8)}
KEYS = ["C major", "A minor", "G major", "E minor", "F major", "D minor", "B-flat major", "G minor", "D major", "B minor"]
COMMENTS = ["Good voice leading; watch the parallel fifths in m. 12.", "This student is a music major, so expect figured-bass labels next week.",
            "Diminishing returns from more drill here - move on to cadences.", "The augmented sixth chord in m. 23 is spelled correctly.",
            "Minor slip in the alto range; otherwise fine.", "", "Major improvement since the last submission."]

def spell(root_l, root_acc, q):
    li = LETTERS.index(root_l)
    rpc = (S.PC[root_l] + root_acc) % 12
    out = [(root_l, root_acc)]
    for steps, semi in zip((2, 4), INTS[q]):
        l = LETTERS[(li + steps) % 7]
        acc = ((rpc + semi) - S.PC[l] + 6) % 12 - 6
        out.append((l, acc))
    return out

def gen_chord(seed=3613, n=140):
    rng = random.Random(seed)
    labels = balanced_labels(rng, CH_LABELS, n)
    out = []
    for i in range(n):
        lab = labels[i]; info = Info()
        while True:
            notes = spell(rng.choice(LETTERS), rng.choice([0, 0, 1, -1]), lab)
            if all(abs(a) <= 1 for _, a in notes):
                break
        names = [l + {0: "", 1: "#", -1: "b"}[a] for l, a in notes]
        # SATB voicing: bass gets a random chord tone (inversions), double one tone
        bass = rng.choice(names); upper = names[:] + [rng.choice(names)]; upper.remove(bass) if bass in upper else None
        rng.shuffle(upper)
        voices = [("bass", bass, 2 + rng.randint(0, 1))] + [(v, upper[k], o) for k, (v, o) in enumerate([("tenor", 3), ("alto", 4), ("soprano", 4 + rng.randint(0, 1))])]
        voicing = [{"voice": v, "pitch": f"{p}{o}"} for v, p, o in voices]
        assert S.solve_chord({"/voicing": voicing}) == lab, (names, voicing)
        proj = {
            "instruction": ("Harmony homework checker: name the quality of the triad sounded by the four voices (ignore octave and doubling). "
                            "Stacked thirds from the root: major = M3+m3, minor = m3+M3, diminished = m3+m3, augmented = M3+M3. "
                            "Answer with one of: major, minor, diminished, augmented."),
            "exercise": {"title": f"Chorale harmonisation {rng.randint(1, 40)}", "key": rng.choice(KEYS), "time_signature": rng.choice(["4/4", "3/4"]),
                         "measure": rng.randint(1, 32), "beat": rng.randint(1, 3)},
            "voicing": voicing,
            "teacher_comment": rng.choice(COMMENTS),
        }
        info.trap("label set listed in instruction", "Answer with one of: major, minor, diminished, augmented")
        info.trap("label word in another sense", f"exercise key '{proj['exercise']['key']}' (random, independent of the chord)")
        c = proj["teacher_comment"]
        if "augmented sixth" in c:
            info.trap("labels of other records/events", c)
        elif c and any(w in c.lower() for w in ["major", "minor", "diminish"]):
            info.trap("label word in another sense", c)
        out.append((rec("chord_quality", i + 1, lab, CH_LABELS, proj, False), info))
    meta = {"derive_from": ["/voicing"], "note": "Triad quality from the pitch classes of the four voices."}
    return out, meta

# ============================================================== schengen_stay
SC_LABELS = ["compliant", "overstay"]
SCHENGEN = ["Austria", "Belgium", "Bulgaria", "Croatia", "Czechia", "Denmark", "Estonia", "Finland", "France", "Germany", "Greece", "Hungary",
            "Iceland", "Italy", "Latvia", "Liechtenstein", "Lithuania", "Luxembourg", "Malta", "Netherlands", "Norway", "Poland", "Portugal",
            "Romania", "Slovakia", "Slovenia", "Spain", "Sweden", "Switzerland"]
NON = ["United Kingdom", "Ireland", "Cyprus", "Türkiye", "Morocco", "Albania", "Serbia"]
SC_NOTES = ["No prior overstay recorded in previous passport.", "Passport chip ICAO compliant; EES biometrics enrolled.",
            "Travel companion's file shows a 2019 overstay (separate case).", "Traveller states they are compliant with all visa rules.", "", "Onward ticket to Istanbul shown."]

def gen_schengen(seed=3614, n=140):
    rng = random.Random(seed)
    labels = balanced_labels(rng, SC_LABELS, n)
    out = []
    for i in range(n):
        lab = labels[i]; info = Info()
        while True:
            d = dt.date(2026, 1, 1) + dt.timedelta(days=rng.randint(0, 120))
            hist = []
            for _ in range(rng.randint(2, 6)):
                ln = rng.randint(3, 40)
                c = rng.choice(SCHENGEN) if rng.random() < 0.72 else rng.choice(NON)
                hist.append({"country": c, "entry": d.isoformat(), "exit": (d + dt.timedelta(days=ln)).isoformat()})
                d = d + dt.timedelta(days=ln + rng.choice([0, 1, 3, 10, 25, 40]))
            hist[-1]["country"] = rng.choice(SCHENGEN)
            v = {"/travel_history": hist, "/schengen_states": SCHENGEN}
            if S.solve_schengen(v) == lab:
                break
        proj = {
            "instruction": ("Exit check under the Schengen 90/180 rule for a visa-exempt traveller: on no day of the final stay may the days spent in "
                            "Schengen states within the 180-day window ending that day exceed 90 (entry and exit days count; non-Schengen countries do not). "
                            "Answer with one of: compliant, overstay."),
            "schengen_states": SCHENGEN,
            "traveller": {"nationality": rng.choice(["AUS", "CAN", "USA", "BRA", "JPN", "MEX", "NZL", "KOR", "GBR"]),
                          "passport_no": f"{rng.choice('PNRA')}{rng.randint(1000000, 9999999)}"},
            "travel_history": hist,
            "officer_notes": rng.choice(SC_NOTES),
        }
        info.trap("label set listed in instruction", "Answer with one of: compliant, overstay")
        n_ = proj["officer_notes"]
        if "No prior overstay" in n_:
            info.trap("negation", n_)
        elif "companion" in n_:
            info.trap("labels of other records/events", n_)
        elif "states they are compliant" in n_:
            info.trap("label asserted by an unverified party (uncorrelated)", n_)
        elif "compliant" in n_:
            info.trap("label word in another sense", n_)
        if any(t["country"] in NON for t in hist):
            info.trap("label-irrelevant legitimate input", "non-Schengen stays listed in travel_history (" + ", ".join(t["country"] for t in hist if t["country"] in NON) + ")")
        out.append((rec("schengen_stay", i + 1, lab, SC_LABELS, proj, False), info))
    meta = {"derive_from": ["/travel_history", "/schengen_states"], "note": "Rolling 180-day count of Schengen days over the final stay."}
    return out, meta
