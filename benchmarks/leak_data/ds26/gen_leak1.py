import base64, json
from gen_common import *
from rules import DERIVE

# ============================================================ asbestos_mas
ASB_PRODUCTS = [
    ("Asbestos cement corrugated roof sheets", 1), ("Vinyl floor tiles (thermoplastic)", 1),
    ("Textured decorative coating (Artex) to ceiling", 1), ("Bitumen roofing felt", 1),
    ("Asbestos insulating board (AIB) ceiling tiles", 2), ("AIB fire-break panel behind riser", 2),
    ("Rope gasket to boiler door", 2), ("Millboard behind electrical distribution board", 2),
    ("Pipe lagging (hard-set, calcium silicate)", 3), ("Sprayed coating to structural steel", 3),
    ("Boiler lagging (loose, friable)", 3), ("Asbestos mattress to calorifier", 3),
]
ASB_DAMAGE = ["Good condition: no visible damage",
              "Low damage: a few scratches or surface marks; broken edges on boards, tiles etc.",
              "Medium damage: significant breakage of materials or several small areas where material has been damaged revealing loose asbestos fibres",
              "High damage or delamination of materials, sprays and thermal insulation. Visible asbestos debris"]
ASB_SURF = ["Composite materials containing asbestos: reinforced plastics, resins, vinyl tiles",
            "Enclosed sprays and lagging, AIB (with exposed face painted or encapsulated), asbestos cement sheets",
            "Unsealed AIB, or encapsulated lagging and sprays",
            "Unsealed laggings and sprays"]
ASB_TYPE = {1: "Chrysotile", 2: "Amphibole asbestos excluding crocidolite (amosite)", 3: "Crocidolite"}
ASB_LOC_OTHER_SENSE = ["High-level pipework above mezzanine, Block C", "High bay racking zone, warehouse 2",
                       "Low-level duct boxing, corridor G14", "Medium-voltage switch room, basement"]
ASB_LOCS = ["Plant room ceiling void", "Boiler house north wall", "Stair core 2, landing 3", "Kitchen riser",
            "Roof void above classroom 7", "Corridor G14 soffit", "Caretaker's store", "Lift motor room"]
ASB_COLOR = {"high": "red", "medium": "amber", "low": "yellow", "very low": "green"}
ASB_CODE = {"high": "H", "medium": "M", "low": "L", "very low": "VL"}

def b_asbestos(rng, target, leak, i):
    while True:
        prod, pscore = rng.choice(ASB_PRODUCTS)
        d, s, t = rng.randrange(4), rng.randrange(4), rng.randint(1, 3)
        a = {"product_type": {"score": pscore, "basis": prod},
             "damage": {"score": d, "text": ASB_DAMAGE[d]},
             "surface_treatment": {"score": s, "text": ASB_SURF[s]},
             "asbestos_type": {"score": t, "text": ASB_TYPE[t], "lab_ref": f"BS-{rng.randrange(10000, 99999)}"}}
        if DERIVE["asbestos_mas"]({"/tool_result/acm/assessment": a}) == target:
            break
    traps, fams = {}, []
    acm_id = f"ACM-{rng.randrange(100, 999)}"
    if rng.random() < 0.3:
        loc = rng.choice(ASB_LOC_OTHER_SENSE); traps[T_OTHER_SENSE] = loc
    else:
        loc = rng.choice(ASB_LOCS)
    if d in (1, 2, 3):
        traps[T_IN_INPUT] = ASB_DAMAGE[d][:40]
    notes = [f"Sampled {rand_day(rng)}; access via {rng.choice(['ladder', 'MEWP', 'hatch', 'floor level'])}."]
    if rng.random() < 0.35:
        other = rng.choice(["high", "medium", "low", "very low"])
        txt = f"Adjacent item ACM-{rng.randrange(100, 999)} (floor tiles) was scored {other} at the same visit."
        notes.append(txt); traps[T_OTHER_REC] = txt
    notes_s = " ".join(notes)
    photos = [{"file": f"{acm_id}_IMG_{rng.randrange(1000, 9999)}.jpg", "caption": "general view"}]
    row_cls = "acm-row"
    if leak:
        mode = rng.choice(["file", "css", "both"])
        if mode in ("file", "both"):
            photos.append({"file": f"{acm_id}_MAS-{ASB_CODE[target]}.jpg", "caption": "close-up"}); fams.append("L1 file name carries band code")
        else:
            photos.append({"file": f"{acm_id}_IMG_{rng.randrange(1000, 9999)}.jpg", "caption": "close-up"})
        if mode in ("css", "both"):
            row_cls = f"acm-row risk-{ASB_COLOR[target]}"; fams.append("L2 CSS colour class in register markup")
    else:
        photos.append({"file": f"{acm_id}_IMG_{rng.randrange(1000, 9999)}.jpg", "caption": "close-up"})
    tfoot = ""
    if rng.random() < 0.5:
        tfoot = "<tfoot><tr><td colspan=\"3\">Risk bands: high &ge;10 &middot; medium 7&ndash;9 &middot; low 5&ndash;6 &middot; very low &le;4</td></tr></tfoot>"
        traps[T_LABELSET] = "Risk bands: high ≥10 · medium 7–9 · low 5–6 · very low ≤4 (register footer)"
    html = (f"<table class=\"acm-register\"><thead><tr><th>ID</th><th>Location</th><th>Action</th></tr></thead>"
            f"<tbody><tr class=\"{row_cls}\"><td>{acm_id}</td><td>{loc}</td><td>see management plan</td></tr></tbody>{tfoot}</table>")
    proj = {
        "instruction": "Apply the HSE material assessment algorithm (HSG264): add the product type (1-3), extent of damage (0-3), surface treatment (0-3) and asbestos type (1-3) scores. Total 10-12 = high, 7-9 = medium, 5-6 = low, 4 or less = very low. Return the material risk band for this ACM.",
        "tool_result": {"tool": "get_acm_record", "acm": {
            "acm_id": acm_id, "site": rng.choice(["St Anne's Primary", "Riverside Depot", "Hale Court flats", "Council offices, Dock St"]),
            "location": loc, "material": prod, "assessment": a, "surveyor_notes": notes_s,
            "photos": photos, "register_html": html}}}
    return proj, fams, traps

def rand_day(rng):
    return rdate(rng, "2026-02-01", 280)

# ============================================================ cider_sweetness (French)
CIDRERIES = ["Cidrerie du Pays d'Auge", "Ferme de la Motte", "Domaine Dupont-Lebret", "Cidrerie Kerné", "Les Vergers de Rance"]
def b_cider(rng, target, leak, i):
    lo, hi = {"brut": (8.0, 27.9), "demi-sec": (28.0, 42.0), "doux": (42.1, 70.0)}[target]
    sucre = round(rng.uniform(lo, hi), 1)
    traps, fams = {}, []
    traps[T_CONSTANT] = "logistique.poids_brut_kg (gross weight)"
    traps[T_LABELSET] = "consigne lists brut / demi-sec / doux"
    notes = [f"Prise de mousse en bouteille, tirage le {rand_day(rng)}.", f"Variétés : {rng.choice(['Bedan, Binet rouge', 'Kermerrien, Marie-Ménard', 'Douce Moën, Fréquin'])}."]
    r = rng.random()
    if r < 0.25:
        t = "Rappel : aucune mention « doux » ou « brut » ne doit être imprimée avant validation du laboratoire."
        notes.append(t); traps[T_NEGATION] = t
    elif r < 0.5:
        h = rng.choice(["brut", "demi-sec", "doux"])
        t = f"Pour mémoire, la cuvée 2023 de ce verger avait été étiquetée {h}."
        notes.append(t); traps[T_HISTORY] = t
    elif r < 0.65:
        t = f"Pommes {rng.choice(['douces', 'douces-amères'])} majoritaires ; climat doux en septembre."
        notes.append(t); traps[T_OTHER_SENSE] = t
    style = ""
    ref = f"CID75-{rng.randrange(2024, 2027)}-{rng.randrange(1000, 9999)}"
    if leak:
        mode = rng.choice(["tr", "sku", "tr"])
        if mode == "tr":
            style = {"brut": "Dry", "demi-sec": "Medium dry", "doux": "Sweet"}[target]; fams.append("L3 translation of label in importer sheet")
        else:
            ref = f"CID75-{ {'brut': 'BR', 'demi-sec': 'DS', 'doux': 'DX'}[target]}-{rng.randrange(1000, 9999)}"; fams.append("L4 SKU suffix code maps 1:1 to label")
    if not style:
        traps[T_BLANK] = "fiche_importateur.style = \"\" (to be confirmed)"
    proj = {
        "consigne": "Classez ce lot de cidre selon la teneur en sucres résiduels mesurée par le laboratoire : moins de 28 g/L = brut ; de 28 à 42 g/L = demi-sec ; plus de 42 g/L = doux. Répondez par la mention seule.",
        "fiche_lot": {"lot": f"L{rng.randrange(10000, 99999)}", "cidrerie": rng.choice(CIDRERIES),
                      "appellation": rng.choice(["Cidre de Normandie IGP", "Cidre de Bretagne IGP", "AOP Pays d'Auge", "sans IG"]),
                      "analyse_labo": {"sucres_residuels_g_l": sucre, "tav_pct_vol": round(rng.uniform(2.5, 6.5), 1),
                                       "acidite_totale_g_l_h2so4": round(rng.uniform(2.0, 4.5), 2),
                                       "surpression_bar_20c": round(rng.uniform(2.5, 4.5), 1)},
                      "notes_chai": " ".join(notes)},
        "fiche_importateur": {"importer": rng.choice(["Aston Cider Imports Ltd", "Northern Orchard Trading", "CiderHouse US LLC"]),
                              "style": style, "pack": rng.choice(["12 x 750 ml", "6 x 750 ml", "24 x 330 ml"])},
        "logistique": {"ref_article": ref, "poids_brut_kg": round(rng.uniform(9, 19), 1), "palette": rng.choice(["EUR", "UK"])},
    }
    return proj, fams, traps

# ============================================================ climb_category
CLIMBS = ["Col de la Madeleine", "Côte de Saint-Roch", "Puy Mary", "Col du Grand Colombier", "Côte de Mûr-de-Bretagne",
          "Montée de Laffrey", "Col de Peyresourde", "Côte de la Redoute", "Col d'Aspin", "Côte de Domancy",
          "Col de Joux Plane", "Côte de Cadoudal", "Col du Portet", "Côte de Pike", "Col de la Croix de Fer",
          "Côte de Stockeu", "Col des Aravis", "Côte de Saint-Nicolas", "Col du Télégraphe", "Côte de Trébeurden"]
ORD = {"HC": "hors-catégorie", "1": "first-category", "2": "second-category", "3": "third-category", "4": "fourth-category"}
PTS = {"HC": 20, "1": 10, "2": 5, "3": 2, "4": 1}
def b_climb(rng, target, leak, i):
    while True:
        L = round(rng.uniform(0.8, 22.0), 1); g = round(rng.uniform(2.5, 10.5), 1)
        if DERIVE["cycling_kom_category"]({"/route_tool/segment/length_km": L, "/route_tool/segment/avg_gradient_pct": g}) == target:
            break
    traps, fams = {}, []
    name = rng.choice(CLIMBS)
    others = [c for c in CLIMBS if c != name]
    stage = rng.randint(1, 21)
    com = [f"Stage {stage}, {rng.randint(30, 140)} km to go. The breakaway has {rng.randint(1, 6)} minutes."]
    traps[T_NUMERIC] = f"Stage {stage} / km-to-go numbers in commentary"
    r = rng.random()
    if r < 0.35:
        oc = rng.choice(list(ORD.values()))
        t = f"Yesterday's {oc} {rng.choice(others)} already cost the leader 40 seconds."
        com.append(t); traps[T_OTHER_REC] = t
    elif r < 0.55:
        t = f"It's the first time the race has visited {name} since 2019, and the second time today that the bunch splits."
        com.append(t); traps[T_OTHER_SENSE] = t
    elif r < 0.7:
        t = "No intermediate sprint on today's route; mountains points are still being confirmed by the commissaires."
        com.append(t); traps[T_NEGATION] = t
    kom = {"points_first": None, "published": False}
    hist = [{"ts": rts(rng, "2026-05-02"), "user": "route.ops", "field": "summit_alt_m", "old": None, "new": "set"}]
    if leak:
        mode = rng.choice(["pts", "txt", "audit"])
        if mode == "pts":
            kom = {"points_first": PTS[target], "published": True}; fams.append("L5 derived KOM points scale")
        elif mode == "txt":
            com.append(f"And now they swing right onto the {ORD[target]} {name}, {L} km at {g}%.")
            fams.append("L6 category as ordinal words in live commentary")
        else:
            hist.append({"ts": rts(rng, "2026-06-11"), "user": "commissaire.kom", "field": "category", "old": None, "new": target})
            fams.append("L21 audit trail of a later edit")
    if kom["points_first"] is None:
        traps[T_BLANK] = "kom_table.points_first = null, published = false"
    traps[T_LABELSET] = "instruction lists HC/1/2/3/4 thresholds"
    proj = {
        "instruction": "Categorise the climb for the mountains classification using score = length_km x (average gradient %)^2: >= 800 HC, 400-799 category 1, 150-399 category 2, 60-149 category 3, below 60 category 4. Answer HC, 1, 2, 3 or 4.",
        "route_tool": {"segment": {"name": name, "start_km": round(rng.uniform(20, 180), 1), "length_km": L,
                                   "avg_gradient_pct": g, "max_gradient_pct": round(g + rng.uniform(1.0, 5.0), 1),
                                   "summit_alt_m": rng.randint(250, 2650)}},
        "race_context": {"race": rng.choice(["Tour de l'Ain", "Critérium du Dauphiné", "Tour de Wallonie", "Route d'Occitanie"]),
                         "stage": stage, "kom_table": kom, "edit_history": hist},
        "live_commentary": " ".join(com),
    }
    return proj, fams, traps

# ============================================================ earned_value_status
PROJECTS = ["Northern line track renewal", "ERP migration wave 2", "Data centre cooling retrofit", "Hospital wing fit-out",
            "Signalling upgrade Leeds-York", "Customer portal rebuild", "Ward 7 refurbishment", "Fleet telematics rollout",
            "Track drainage remediation", "Payroll system replacement"]
def b_ev(rng, target, leak, i):
    while True:
        pv = rng.randrange(100_000, 5_000_000, 1000)
        spi = rng.uniform(0.65, 1.15); cpi = rng.uniform(0.65, 1.15)
        ev = int(pv * spi); ac = int(ev / cpi)
        v = {"/pmo_tool/evm/PV": pv, "/pmo_tool/evm/EV": ev, "/pmo_tool/evm/AC": ac}
        if DERIVE["earned_value_status"](v) == target:
            break
    fams = []
    pname = rng.choice(PROJECTS)
    pcode = f"PRJ-{rng.randrange(1000, 9999)}"
    subj = f"RE: {pcode} October status"
    snippet = rng.choice(["Thanks, will review before Thursday.", "Can we get the updated risk log?", "Green roof subcontract signed, see attached.", "Red-line drawings attached for the plant room.", "Amber-lens bulkheads are on back order."])
    if snippet.split()[0] in ("Green", "Red-line", "Amber-lens"):
        traps_pre = {T_OTHER_SENSE: snippet}
    else:
        traps_pre = {}
    traps = dict(traps_pre)
    if "track" in pname.lower():
        traps[T_OTHER_SENSE] = pname
    traps[T_LABELSET] = "instruction defines on track / at risk / off track"
    lines = [f"# {pname}: monthly status", "", "**Overall RAG:** _to be confirmed at steering committee_", "",
             "## Highlights", f"- {rng.choice(['Design freeze achieved', 'Supplier onboarding complete', 'UAT cycle 1 closed', 'Possession booked for weekend 14'])}",
             f"- {rng.choice(['Two vacancies filled', 'Change request CR-17 approved', 'Risk workshop held', 'Track access granted by Network Rail'])}"]
    r = rng.random()
    if r < 0.3:
        ol = rng.choice(["on track", "at risk", "off track"])
        t = f"Portfolio note: sister project PRJ-{rng.randrange(100, 999)} is reported {ol} this month."
        lines.append(f"- {t}"); traps[T_OTHER_REC] = t
    elif r < 0.55:
        ol = rng.choice(["on track", "at risk", "off track"])
        t = f"Q1 2026 review had this project {ol}; baseline re-planned since."
        lines.append(f"- {t}"); traps[T_HISTORY] = t
    state = {"tab": "evm", "rag": None, "v": 3, "filters": {"period": "2026-10"}}
    if leak:
        mode = rng.choice(["glyph", "b64", "both", "mail"])
        if mode in ("glyph", "both"):
            lines[2] = "**Overall RAG:** " + {"on track": "🟢", "at risk": "🟠", "off track": "🔴"}[target]
            fams.append("L7 RAG glyph in status report")
        if mode in ("b64", "both"):
            state["rag"] = target.replace(" ", "_"); fams.append("L8 base64 UI state blob")
        if mode == "mail":
            tag = {"on track": "GREEN", "at risk": "AMBER", "off track": "RED"}[target]
            subj = f"RE: [{tag}] {pcode} October status"; fams.append("L20 RAG colour word tag in e-mail subject")
    if not fams or state["rag"] is None:
        traps[T_BLANK] = "ui_state rag:null / RAG to be confirmed"
    proj = {
        "instruction": "From the earned value snapshot compute CPI = EV/AC and SPI = EV/PV. If the lower of the two is >= 0.95 the project is 'on track', 0.85-0.95 'at risk', below 0.85 'off track'. Reply with the status.",
        "pmo_tool": {"project": {"code": pcode, "name": pname,
                                 "sponsor": rng.choice(["COO", "CFO", "Director of Estates", "CIO"])},
                     "evm": {"period": "2026-10", "currency": "GBP", "BAC": int(v["/pmo_tool/evm/PV"] * rng.uniform(1.2, 3.0)),
                             "PV": pv, "EV": ev, "AC": ac}},
        "status_report_md": "\n".join(lines),
        "mail_thread": [{"from": rng.choice(["sponsor@corp.example", "pmo@corp.example", "finance.bp@corp.example"]), "subject": subj, "snippet": snippet}],
        "ui_state": base64.b64encode(json.dumps(state, separators=(",", ":")).encode()).decode(),
    }
    return proj, fams, traps
