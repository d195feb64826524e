import base64, json, datetime
from gen_common import *
from rules import DERIVE, SMS_ICE

# ============================================================ ghg_scope
OWN = "owned/operated by reporting company"; TP = "third party (not controlled)"
GHG_LINES = [  # description, activity_type, control, supplier, gl
    ("Natural gas - boiler house, Plant A", "stationary combustion", OWN, "British Gas Business", "6120 Utilities - gas"),
    ("Diesel - owned delivery vans (fuel cards)", "mobile combustion", OWN, "Allstar Fuel Cards", "6410 Fleet fuel"),
    ("R-410A top-up - chiller 2", "fugitive emissions", OWN, "Cool-Serv Refrigeration", "6230 Maintenance - HVAC"),
    ("Gas oil - standby generator test runs", "stationary combustion", OWN, "Certas Energy", "6125 Utilities - other fuels"),
    ("Grid electricity - HQ half-hourly meter", "purchased electricity", OWN, "EDF Energy", "6110 Utilities - electricity"),
    ("Grid electricity - leased warehouse", "purchased electricity", TP, "Octopus Energy for Business", "6110 Utilities - electricity"),
    ("District heat - Plant B", "purchased heat/steam", OWN, "Vital Energi", "6130 Utilities - heat"),
    ("Chilled water - data hall", "purchased cooling", TP, "Equinix (chilled water recharge)", "6130 Utilities - heat"),
    ("Air travel - sales team Q3", "business travel", TP, "Clarity Travel", "7210 Travel"),
    ("Courier - inbound components", "upstream transportation", TP, "DHL Parcel UK", "5150 Carriage inwards"),
    ("Diesel - subcontractor vans (recharged)", "mobile combustion", TP, "Kier Services", "5300 Subcontractors"),
    ("Landfill waste collection", "waste", TP, "Biffa", "6250 Waste disposal"),
    ("Natural gas - tenant unit (landlord recharge)", "stationary combustion", TP, "Landsec", "6140 Service charges"),
    ("Purchased steel coil", "purchased goods and services", TP, "Tata Steel", "5010 Raw materials"),
]
GHG_PARA = {"Scope 1": "direct emissions (owned/controlled sources)", "Scope 2": "indirect emissions from purchased energy",
            "Scope 3": "other indirect (value chain) emissions"}
def b_ghg(rng, target, leak, i):
    while True:
        desc, at, ctl, sup, gl = rng.choice(GHG_LINES)
        ll = {"posting_date": rdate(rng, "2025-01-01", 360), "doc_no": f"INV-{rng.randrange(100000, 999999)}",
              "description": desc, "supplier": sup, "gl_account": gl, "activity_type": at, "asset_control": ctl,
              "amount": round(rng.uniform(120, 48000), 2), "currency": "GBP"}
        if DERIVE["ghg_scope"]({"/ledger_line/activity_type": at, "/ledger_line/asset_control": ctl}) == target:
            break
    traps, fams = {}, []
    traps[T_OTHER_SENSE] = "reviewer.audit_scope: 'FY2025 limited assurance, all sites in scope'"
    tag = {"model": "ghg-tagger-v3", "label": None, "confidence": None, "status": "not_run"}
    act = at.replace(" ", "_").replace("/", "_")
    req = f"GET https://factors.carbonledger.example/v2/ef?doc={ll['doc_no']}&region=GB&year=2025"
    if leak:
        mode = rng.choice(["tag", "url", "both"])
        if mode in ("tag", "both"):
            tag = {"model": "ghg-tagger-v3", "label": GHG_PARA[target], "confidence": round(rng.uniform(0.7, 0.99), 2), "status": "ok"}
            fams.append("L9 upstream classifier output (paraphrased label)")
        if mode in ("url", "both"):
            req = f"GET https://factors.carbonledger.example/v2/ef?doc={ll['doc_no']}&scope={target[-1]}&region=GB&year=2025"
            fams.append("L10 query parameter in tool-call URL")
    if tag["label"] is None:
        traps[T_BLANK] = "auto_tagger.status = not_run, label = null"
    trace = [{"request": req, "status": 200, "ms": rng.randint(40, 400)}]
    rev = {"audit_scope": "FY2025 limited assurance, all sites in scope", "comment": ""}
    r = rng.random()
    if r < 0.35:
        c = {k: rng.randint(0, 60) for k in ("Scope 1", "Scope 2", "Scope 3")}
        t = f"Batch progress: {c['Scope 1']} lines Scope 1, {c['Scope 2']} Scope 2, {c['Scope 3']} Scope 3 so far."
        rev["comment"] = t; traps[T_OTHER_REC] = t
    elif r < 0.55:
        t = "Not a Scope 3 category 15 (investments) item; no financed emissions here."
        rev["comment"] = t; traps[T_NEGATION] = t
    if rng.random() < 0.4:
        trace.append({"request": f"GET https://ocr.internal.example/v1/lang-detect?doc={ll['doc_no']}", "status": 200, "ms": rng.randint(5, 60),
                      "body": {"lang": rng.choice(["en", "en", "cy"]), "p": round(rng.uniform(0.8, 1.0), 2)}})
        traps[T_UPSTREAM_OTHER] = "language-detection tool output on the invoice"
    proj = {
        "instruction": "Assign the GHG Protocol scope of this ledger line. Purchased electricity, heat, steam or cooling is Scope 2. Combustion, fugitive or process emissions from sources owned or operated by the reporting company are Scope 1. Everything else is Scope 3. Answer 'Scope 1', 'Scope 2' or 'Scope 3'.",
        "ledger_line": ll, "auto_tagger": tag, "tool_trace": trace, "reviewer": rev,
    }
    return proj, fams, traps

# ============================================================ ice_access
LAKES = ["Mille Lacs", "Leech Lake", "Lake of the Woods", "Upper Red Lake", "Lake Minnetonka", "Gull Lake", "Lake Winnibigoshish", "Cass Lake"]
ICE_TPL = {"stay off": "ICE_STAY_OFF", "walk": "ICE_FOOT", "snowmobile": "ICE_SLED", "car": "ICE_CAR", "truck": "ICE_TRUCK"}
SMS_BY = {v: k for k, v in SMS_ICE.items()}
def b_ice(rng, target, leak, i):
    while True:
        holes = []
        for h in range(rng.randint(3, 6)):
            holes.append({"hole": h + 1, "dist_from_shore_ft": 50 * (h + 1) + rng.randrange(0, 40),
                          "clear_ice_in": rng.randrange(4, 34) / 2, "white_ice_in": rng.randrange(0, 12) / 2})
        if DERIVE["ice_access"]({"/field_survey/auger_holes": holes}) == target:
            break
    traps, fams = {}, []
    lake = rng.choice(LAKES); day = rdate(rng, "2026-01-02", 70)
    notes = []
    r = rng.random()
    if r < 0.3:
        t = "Parked at the boat-launch car park and walked the shoreline to hole 1; rescue sled stays in the truck."
        notes.append(t); traps[T_OTHER_SENSE] = t
    elif r < 0.5:
        hl = rng.choice(list(ICE_TPL))
        t = f"Resort owner says last winter this bay was at '{hl}' by mid-January."
        notes.append(t); traps[T_HISTORY] = t
    elif r < 0.65:
        t = "No pressure ridges or open water observed along the transect."
        notes.append(t); traps[T_NEGATION] = t
    notes.append(f"Snow cover {rng.randint(0, 10)} in.")
    log = f"{rts(rng, day)} INFO signgen[{rng.randrange(1000, 9999)}]: queued render job id={rng.randrange(10**6, 10**7)} lake=\"{lake}\""
    sms = ""
    if leak:
        mode = rng.choice(["log", "sms"])
        if mode == "log":
            log = f"{rts(rng, day)} INFO signgen[{rng.randrange(1000, 9999)}]: rendered template={ICE_TPL[target]} lake=\"{lake}\" copies=4"
            fams.append("L11 downstream service log line (sign template)")
        else:
            sms = f"ICE UPDATE {lake.upper()}: {SMS_BY[target]}"; fams.append("L12 abbreviated public SMS alert")
    if not sms:
        traps[T_BLANK] = "sms_preview = '' (draft not generated)"
    proj = {
        "prompt": "Decide the public access level for this access point. For each auger hole take clear ice plus half of white (snow) ice; use the thinnest hole. Under 4 in: stay off; 4 to under 5 in: walk; 5 to under 8 in: snowmobile; 8 to under 12 in: car; 12 in or more: truck.",
        "field_survey": {"lake": lake, "access_point": f"{rng.choice(['North', 'South', 'East', 'West'])} public access #{rng.randint(1, 9)}",
                         "date": day, "air_temp_f": rng.randint(-25, 30), "auger_holes": holes, "crew_notes": " ".join(notes)},
        "ops_log": log, "sms_preview": sms,
    }
    return proj, fams, traps

# ============================================================ jewellery_hallmark
KARAT = {"375": "9ct", "585": "14ct", "750": "18ct", "916": "22ct", "999": "24ct"}
NEXT = {"375": 585, "585": 750, "750": 916, "916": 999, "999": 1000}
def b_jewel(rng, target, leak, i):
    lo = int(target); hi = min(NEXT[target], lo + 30)
    m = rng.uniform(lo + 0.3, hi - 0.2) if target != "999" else rng.uniform(999.2, 999.8)
    res = [round(m + rng.uniform(-0.15, 0.15), 1) for _ in range(2)]
    while DERIVE["jewellery_hallmark"]({"/assay/results_ppt": res}) != target:
        res = [round(m, 1), round(m, 1)]
    traps, fams = {}, []
    traps[T_NUMERIC] = "instruction lists 375, 585, 750, 916, 999"
    docket = f"D{rng.randrange(10000, 99999)}"
    if any(s in docket for s in ("375", "585", "750", "916", "999")):
        traps[T_IDTOKEN] = docket
    inv = [{"text": f"Hallmarking - gold, 1 article ({rng.choice(['ring', 'chain', 'bangle', 'pendant', 'earrings'])})", "net_gbp": round(rng.uniform(1.5, 6.0), 2)},
           {"text": "Return carriage - Royal Mail Special Delivery", "net_gbp": 14.95}]
    exif = {"Make": "Canon", "Model": "EOS R6", "DateTimeOriginal": rdate(rng, "2026-06-01", 180).replace("-", ":") + " 10:14:02",
            "ImageDescription": "intake photo"}
    sponsor = rng.choice(["JBW", "R&S", "AMC", "TLH", "K.P"]); office = rng.choice(["London", "Birmingham", "Sheffield", "Edinburgh"])
    job = None
    r = rng.random()
    notes = ""
    if r < 0.35:
        o = rng.choice(list(KARAT))
        notes = f"Same docket also contains a signet ring submitted for {o} (separate lot)."
        traps[T_OTHER_REC] = notes
    elif r < 0.5:
        notes = f"Weight declared {rng.choice(['7.50', '5.85', '3.75', '9.16'])} g; call sponsor on ext. {rng.choice(['750', '585', '375'])} if delayed."
        traps[T_NUMERIC] = notes
    if leak:
        mode = rng.choice(["inv", "exif", "hex"])
        if mode == "inv":
            inv[0]["text"] = inv[0]["text"].replace("gold,", f"gold {KARAT[target]},"); fams.append("L13 invoice states carat equivalent")
        elif mode == "hex":
            job = f"STD={target};SPONSOR={sponsor};OFFICE={office[:3].upper()};ANCHOR=1"
            fams.append("L19 hex-encoded laser-marking job payload")
        else:
            exif["UserComment"] = f"post-marking photo; std {target} struck {exif['DateTimeOriginal'][:10]}"; fams.append("L18 EXIF metadata of attached photo")
    else:
        traps[T_BLANK] = "laser_job payload STD= empty; EXIF without UserComment; invoice line without fineness"
    proj = {
        "instruction": "Determine the hallmark standard for this gold article from the fire assay. Take the mean of the cupellation results (parts per thousand) and mark the highest UK standard not exceeding it: 375, 585, 750, 916 or 999.",
        "submission": {"docket": docket, "sponsor_mark": sponsor,
                       "article": rng.choice(["ring", "chain", "bangle", "pendant", "earrings"]), "declared_metal": "gold",
                       "colour": rng.choice(["yellow", "white", "rose"]), "office": office,
                       "notes": notes},
        "assay": {"method": "fire assay (cupellation), ISO 11426", "results_ppt": res, "analyst": rng.choice(["AB", "CD", "EF", "GH"])},
        "invoice_lines": inv,
        "laser_job": {"file": f"job_{docket}.lmj", "status": "ready" if job else "awaiting assay",
                      "payload_hex": (job or f"STD=;SPONSOR={sponsor};OFFICE={office[:3].upper()};ANCHOR=1").encode().hex()},
        "attachments": [{"name": f"IMG_{rng.randrange(1000, 9999)}.JPG", "exif": exif}],
    }
    return proj, fams, traps
