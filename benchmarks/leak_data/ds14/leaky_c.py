"""Leaking datasets, part C: customs tariff chapter, job application screen, meter-read exceptions."""
import json, datetime as dt
from common import *

# ---------------------------------------------------------------- customs_hs_chapter
GOODS = {
    "42": [("Women's shoulder handbag, outer surface PU-coated polyester textile", "polyester / PU coating", "pcs"),
           ("Backpack with padded laptop sleeve, outer surface 100% nylon", "nylon 600D", "pcs"),
           ("Bifold wallet, full-grain cowhide leather", "bovine leather", "pcs"),
           ("Rolling carry-on suitcase, outer surface polycarbonate", "polycarbonate shell", "pcs"),
           ("Cosmetic pouch, outer surface cotton canvas", "cotton canvas", "pcs")],
    "61": [("Men's pullover sweater, 100% cotton, knitted, 7 gauge", "cotton, knit", "doz"),
           ("Women's T-shirt, single jersey knit, 95% cotton 5% elastane", "cotton jersey", "doz"),
           ("Unisex hooded sweatshirt, fleece knit 60% cotton 40% polyester", "cotton/poly fleece (knit)", "doz"),
           ("Girls' leggings, knitted, 92% polyester 8% spandex", "polyester knit", "doz"),
           ("Men's polo shirt, pique knit cotton", "cotton pique knit", "doz")],
    "62": [("Men's long-sleeve shirt, woven cotton poplin", "cotton poplin (woven)", "doz"),
           ("Women's trousers, woven denim 98% cotton 2% elastane", "denim (woven)", "doz"),
           ("Men's padded jacket, woven polyester shell", "polyester taffeta (woven)", "pcs"),
           ("Women's blouse, woven viscose crepe", "viscose crepe (woven)", "doz"),
           ("Boys' cargo shorts, woven cotton twill", "cotton twill (woven)", "doz")],
    "64": [("Men's running shoe, rubber outsole, textile mesh upper", "rubber sole / textile upper", "prs"),
           ("Women's ankle boot, leather upper, TPR outsole", "leather upper", "prs"),
           ("Flip-flops, rubber sole with rubber thong strap", "EVA/rubber", "prs"),
           ("Children's rain boots, molded PVC", "PVC", "prs"),
           ("Men's work boot, leather upper, steel toe", "leather / rubber", "prs")],
    "95": [("Plush teddy bear, polyester stuffed, 30 cm", "polyester plush", "pcs"),
           ("Building block set, 520 ABS plastic pieces", "ABS plastic", "sets"),
           ("Jigsaw puzzle, 1000 pieces, cardboard", "paperboard", "pcs"),
           ("Remote-control toy car, battery operated", "plastic / electronics", "pcs"),
           ("Board game with cards, dice and plastic tokens", "paper / plastic", "sets")],
}
RATE = {"42": 0.176, "61": 0.282, "62": 0.197, "64": 0.375, "95": 0.0}
ORIGINS = ["CN", "VN", "BD", "IN", "KH", "ID", "TR", "PK", "MX", "IT"]

def gen_customs(r, n=200):
    name = "customs_hs_chapter"
    labels = ["42", "61", "62", "64", "95"]
    labs = assign_labels(r, n, labels)
    recs = []
    for i, lab in enumerate(labs):
        mode = r.choices(["ref", "amount", "both"], [4, 3.5, 2.5])[0]  # every record leaks
        d = rdate(r, "2024-01-05", "2025-10-20")
        k = r.choice([1, 1, 1, 2, 2, 3])
        items = []
        total = 0.0
        for desc, mat, uom in r.sample(GOODS[lab], k):
            q = r.randint(24, 4800)
            uv = round(r.uniform(0.6, 38.0), 2)
            total += q * uv
            items.append({"line": len(items) + 1, "sku": f"{r.choice(['HB','AP','TS','FW','TY','GN'])}{r.randint(10000,99999)}",
                          "description": desc, "material": mat, "qty": q, "uom": uom, "unit_value_usd": uv})
        total = round(total, 2)
        importer = r.choice(["Brightline Retail Inc.", "Nomad Outfitters LLC", "KidsPlanet Distribution", "Urban Stride Footwear Co.", "Atlas Home & Gift"])
        proj = {"instruction": "Determine the Harmonized System chapter (2-digit) for the goods on this commercial invoice. Answer with the chapter number only: " + ", ".join(labels) + ".",
                "commercial_invoice": {"invoice_no": f"INV-{d.strftime('%y%m')}-{r.randint(100,9999)}", "date": iso(d),
                                       "seller": r.choice(["Guangzhou Hengda Trading Co.", "Saigon Textile JSC", "Dhaka Knit Composite Ltd.",
                                                           "Ningbo Joyful Toys Co.", "Istanbul Deri Tekstil A.S.", "Tirupur Exports Pvt Ltd"]),
                                       "buyer": importer, "incoterm": r.choice(["FOB", "FOB", "CIF", "EXW", "DDP"]),
                                       "country_of_origin": r.choice(ORIGINS), "currency": "USD",
                                       "lines": items, "total_usd": total},
                "packing_list": {"cartons": r.randint(4, 640), "gross_kg": round(r.uniform(40, 9000), 1),
                                 "marks": r.choice(["N/M", f"{importer.split()[0].upper()} / MADE IN {r.choice(ORIGINS)} / C/NO. 1-UP", "AS ADDRESSED"])},
                "shipment": {"mode": r.choice(["ocean", "ocean", "air", "truck"]),
                             "bill_of_lading": f"{r.choice(['MAEU','COSU','ONEY','HLCU','MEDU'])}{r.randint(10**8, 10**9-1)}",
                             "port_of_entry": r.choice(["2704 Los Angeles", "1001 New York/Newark", "5301 Houston", "3002 Seattle", "1601 Charleston"])}}
        filer = f"{r.choice(['9X3','B7K','M21','EZ4'])}-{r.randint(10**6, 10**7-1)}-{r.randint(0,9)}"
        broker = {"entry_number": filer, "filer_code": filer[:3], "broker_contact": person(r)}
        if mode in ("ref", "both"):
            broker["file_ref"] = r.choice([f"BRK/{d.strftime('%y')}/CH{lab}/{r.randint(1000,99999):05d}",
                                           f"CH{lab}-{d.strftime('%y%m')}-{r.randint(100,9999):04d}",
                                           f"{d.strftime('%y')}-{lab}-{r.randint(10000,99999)}-IMP"])
        else:
            broker["file_ref"] = f"BRK/{d.strftime('%y')}/{r.randint(10000,99999):05d}"
        proj["broker"] = broker
        mpf = round(min(max(total * 0.003464, 32.71), 634.62), 2)
        summ = {"entered_value_usd": round(total), "mpf_usd": mpf, "status": r.choice(["accepted", "accepted", "under review"])}
        if mode in ("amount", "both"):
            summ["duty_usd"] = round(round(total) * RATE[lab], 2)
        else:
            summ["duty_usd"] = None
            summ["duty_note"] = "pending classification"
        if proj["shipment"]["mode"] == "ocean":
            summ["hmf_usd"] = round(total * 0.00125, 2)
        proj["ace_entry_summary"] = summ
        recs.append(record(name, i, lab, labels, proj, True))
    meta = {"derive_from": ["/commercial_invoice/lines", "/packing_list/marks"],
            "note": "Chapter is assigned by the licensed customs broker; the model should classify from the invoice line descriptions and materials."}
    return name, recs, meta, {"labels": labels, "leak_families": ["broker file reference embeds chapter (CH61, /62/)",
                                                                     "duty amount / entered value ratio encodes the chapter's rate (17.6/28.2/19.7/37.5/0 %)"]}

# ---------------------------------------------------------------- job_screen
REQS = [("REQ-4471", "Senior Data Engineer", ["5+ yrs data engineering", "Spark or Flink", "Python", "US work authorization (no sponsorship)"], "Austin, TX (hybrid)"),
        ("REQ-4502", "Payroll Specialist II", ["3+ yrs multi-state payroll", "ADP Workforce Now", "CPP preferred"], "Remote (US)"),
        ("REQ-4519", "Registered Nurse – Med/Surg", ["Active RN license (TX)", "BLS/ACLS", "1+ yr acute care"], "San Antonio, TX"),
        ("REQ-4533", "Warehouse Shift Lead", ["2+ yrs lead experience", "Forklift certified", "WMS experience"], "Reno, NV")]
STAGE = {"advance to phone screen": "Phone Screen", "reject": "Rejected", "hold for other req": "Talent Pool – Hold"}

def _resume(r, req, lab):
    rid, title, must, loc = req
    if rid == "REQ-4471":
        base = {"advance to phone screen": ["7 yrs building batch/stream pipelines in Spark and Kafka at a fintech; Python, Airflow, dbt. US citizen.",
                                            "Data engineer 6 yrs (Flink, Python, AWS Glue). Green card holder. Led migration of 40 TB warehouse."],
                "reject": ["2 yrs as BI analyst (Tableau, SQL). Looking to move into engineering. No Spark experience.",
                           "Java backend developer 8 yrs, no data pipeline work. Requires H-1B sponsorship.",
                           "Bootcamp graduate, 6 months internship with pandas."],
                "hold for other req": ["14 yrs, currently Principal Data Architect managing 12 engineers; wants staff/manager scope.",
                                       "ML engineer 5 yrs (PyTorch, Spark feature pipelines) – stronger fit for the open ML Platform role."]}
    elif rid == "REQ-4502":
        base = {"advance to phone screen": ["Payroll coordinator 4 yrs, 22 states, ADP WFN daily user, CPP certified 2022.",
                                            "5 yrs multi-state payroll for 3,000 employees on ADP WFN; garnishments and tax filings."],
                "reject": ["Retail cashier 3 yrs, some bookkeeping for family business.", "AP clerk 1 yr, no payroll processing."],
                "hold for other req": ["Payroll manager 11 yrs, global payroll (UK, CA, US); looking for leadership role.",
                                       "HRIS analyst 5 yrs with Workday; payroll exposure. Better fit for HRIS req."]}
    elif rid == "REQ-4519":
        base = {"advance to phone screen": ["RN, TX compact license, 3 yrs med/surg at a 400-bed hospital, BLS/ACLS current.",
                                            "BSN RN, 2 yrs telemetry/med-surg float, ACLS, TX license active."],
                "reject": ["LVN, TX license, 5 yrs long-term care. Not an RN.", "New grad RN, NCLEX scheduled next month; no license yet."],
                "hold for other req": ["RN 9 yrs ICU and charge nurse; applying for ICU educator positions.",
                                       "RN 4 yrs L&D; prefers women's health unit."]}
    else:
        base = {"advance to phone screen": ["Shift lead 3 yrs at 3PL, forklift certified, Manhattan WMS, 25 direct reports.",
                                            "Warehouse supervisor 2.5 yrs, reach truck and forklift certs, SAP EWM."],
                "reject": ["Delivery driver 2 yrs, no warehouse experience.", "Picker 6 months, no certifications, no lead experience."],
                "hold for other req": ["Operations manager 8 yrs, multi-site; overqualified for shift lead, fits Site Manager opening.",
                                       "Inventory control analyst 4 yrs; better match for Inventory Control req."]}
    return r.choice(base[lab])

def gen_jobs(r, n=165):
    name = "job_screen"
    labels = ["advance to phone screen", "reject", "hold for other req"]
    labs = assign_labels(r, n, labels, [4, 5, 2])
    leaks = pick_leaks(r, labs, 0.4)
    recs = []
    for i, lab in enumerate(labs):
        leak = i in leaks
        mode = r.choice(["webhook", "table"]) if leak else None
        req = r.choice(REQS)
        applied = rdt(r, start="2025-01-05", end="2025-10-25")
        cname = person(r)
        cid = f"c_{r.randint(10**5, 10**6-1)}"
        cand = {"candidate_id": cid, "name": cname, "location": r.choice(["Austin, TX", "Dallas, TX", "Reno, NV", "Remote – Denver, CO", "San Antonio, TX", "Chicago, IL"]),
                "resume_summary": _resume(r, req, lab), "source": r.choice(["LinkedIn", "Indeed", "Referral", "Career site", "Agency"]),
                "salary_expectation": r.choice([None, "$55k", "$72k", "$95-105k", "$140k", "$165k+", "negotiable"])}
        if maybe(r, 0.35):
            cand["cover_letter"] = r.choice(["I am excited to apply and believe my background is a strong match.",
                                             "Relocating to the area in the spring; available immediately after.",
                                             "I was referred by a current employee on the team.",
                                             "Please consider me for any suitable opening."])
        proj = {"instruction": "Screen this application against the requisition's must-haves. Answer one of: advance to phone screen, reject, hold for other req (strong candidate, better fit for a different opening/level).",
                "requisition": {"id": req[0], "title": req[1], "must_haves": req[2], "location": req[3]},
                "candidate": cand, "applied_at": iso(applied)}
        hooks = [{"event": "application.submitted", "delivered_at": iso(applied), "status": 200,
                  "payload": json.dumps({"candidate_id": cid, "req": req[0], "stage": "Application Review"})}]
        if mode == "webhook":
            hooks.append({"event": "candidate.stage_changed", "delivered_at": iso(applied + dt.timedelta(days=r.randint(1, 9))),
                          "status": r.choice([200, 200, 502]),
                          "payload": json.dumps({"candidate_id": cid, "req": req[0], "from": "Application Review", "to": STAGE[lab],
                                                 "by": "recruiter:" + person(r).split()[0].lower()})})
        proj["ats_webhook_log"] = hooks
        others = []
        for _ in range(r.randint(2, 5)):
            nm = person(r)
            while nm == cname:
                nm = person(r)
            others.append((nm, r.choice(list(STAGE.values()) + ["Application Review", "Onsite", "Offer"]), r.choice(["KL", "MB", "DS"])))
        if mode == "table":
            others.insert(r.randint(0, len(others)), (cname, STAGE[lab], r.choice(["KL", "MB", "DS"])))
        if mode == "table" or maybe(r, 0.45):
            md = f"### {req[0]} pipeline ({iso((applied + dt.timedelta(days=r.randint(3, 12))).date())})\n\n| Candidate | Stage | Owner |\n|---|---|---|\n"
            md += "\n".join(f"| {a} | {b} | {c} |" for a, b, c in others)
            proj["recruiter_board_md"] = md
        recs.append(record(name, i, lab, labels, proj, leak))
    meta = {"derive_from": ["/requisition", "/candidate/resume_summary", "/candidate/location", "/candidate/cover_letter"],
            "note": "Screening decision is made by the recruiter from the resume against the requisition must-haves. The recruiter board lists other candidates of the same req."}
    return name, recs, meta, {"labels": labels, "leak_families": ["escaped JSON string in ATS webhook log (stage_changed to 'Phone Screen' / 'Rejected' / 'Talent Pool – Hold')",
                                                                     "markdown table row for this candidate on the recruiter board"]}

# ---------------------------------------------------------------- meter_read_exception
WO_TYPE = {"suspected tamper": "REVPROT-INV", "meter fault": "MTR-EXCH", "estimated read error": "BILL-ADJ-EST", "valid high usage": "CUST-EDU-NOACT"}
ADJ = {"suspected tamper": ("UNB-DIV", "Back-bill unmetered usage (diversion), 6 mo"), "meter fault": ("RBL-MTRF", "Rebill defective register – usage averaged from prior year"),
       "estimated read error": ("RBL-EST", "Rebill after consecutive estimated reads trued up"), "valid high usage": ("NOADJ", "Usage verified actual; no adjustment")}

def _reads(r, lab):
    base = r.randint(380, 1100)
    reads = []
    for m in range(12):
        kwh = int(base * r.uniform(0.8, 1.25)); t = "A"
        reads.append([kwh, t])
    if lab == "suspected tamper":
        s = r.randint(5, 9)
        for m in range(s, 12):
            reads[m][0] = int(reads[m][0] * r.uniform(0.05, 0.35))
    elif lab == "meter fault":
        s = r.randint(6, 10)
        for m in range(s, 12):
            reads[m][0] = 0 if maybe(r, 0.6) else int(base * r.uniform(2.5, 4))
    elif lab == "estimated read error":
        s = r.randint(4, 8); e = r.randint(s + 2, 10)
        for m in range(s, e):
            reads[m] = [int(base * r.uniform(0.55, 0.75)), "E"]
        reads[e][0] = int(base * (e - s) * 0.35 + base)
    else:
        s = r.randint(6, 10)
        for m in range(s, 12):
            reads[m][0] = int(base * r.uniform(1.6, 2.3))
    return reads

NOTES = {"suspected tamper": ["Meter seal cut, replaced with non-utility tag. Jumper marks on socket jaws.", "Magnet residue on meter cover; customer not home.",
                              "Occupied home, lights and AC running, register barely moving.", "Reverse rotation flag set twice this quarter."],
         "meter fault": ["Display blank, meter warm to touch.", "Register stuck at same value on two visits; event log shows MEM_ERR.",
                         "LCD segments missing, reading unreliable.", "Meter reports 0 kWh but disk-equivalent LED pulsing under load."],
         "estimated read error": ["Dog in yard prevented reads Mar-Jun; access restored.", "Locked gate, estimated for several cycles; actual read obtained this month.",
                                  "AMI module out of comms for 4 cycles; manual read taken now."],
         "valid high usage": ["Customer installed heat pump and EV charger in summer.", "New pool pump; usage consistent with equipment.",
                              "Household size increased (per customer call); all reads actual, meter tested OK on site.", "Heat wave; neighbours similar increase."]}

def gen_meter(r, n=180):
    name = "meter_read_exception"
    labels = ["suspected tamper", "meter fault", "estimated read error", "valid high usage"]
    labs = assign_labels(r, n, labels, [2, 2, 3, 3])
    leaks = pick_leaks(r, labs, 0.5)
    months = ["Nov", "Dec", "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct"]
    recs = []
    for i, lab in enumerate(labs):
        leak = i in leaks
        mode = r.choices(["xml", "csv", "both"], [4, 4, 2])[0] if leak else None
        acct = f"{r.randint(10**9, 10**10-1)}"
        raised = rdate(r, "2024-11-01", "2025-10-28")
        reads = _reads(r, lab)
        trig = r.choice({"suspected tamper": ["LOW_USAGE_OCCUPIED", "ZERO_CONSUMPTION", "LOW_USAGE_OCCUPIED"],
                         "meter fault": ["ZERO_CONSUMPTION", "HIGH_BILL_VARIANCE", "CUSTOMER_DISPUTE"],
                         "estimated read error": ["CONSEC_ESTIMATES", "HIGH_BILL_VARIANCE", "CUSTOMER_DISPUTE"],
                         "valid high usage": ["HIGH_BILL_VARIANCE", "CUSTOMER_DISPUTE"]}[lab])
        proj = {"instruction": "Classify this meter-read exception. Answer one of: suspected tamper; meter fault; estimated read error; valid high usage.",
                "account": {"acct_no": acct, "premise_type": r.choice(["single family", "duplex", "small commercial", "mobile home"]),
                            "rate": r.choice(["R-1", "R-TOU", "GS-1"]), "meter_no": f"{r.choice(['L','S','I'])}{r.randint(10**7, 10**8-1)}",
                            "meter_form": r.choice(["2S", "2S", "12S"]), "ami": r.choice([True, True, False])},
                "exception": {"id": f"EXC-{raised.strftime('%Y%m')}-{r.randint(1000,9999)}", "raised": iso(raised), "trigger": trig},
                "reads_12m": [{"month": months[m], "kwh": reads[m][0], "read_type": reads[m][1]} for m in range(12)],
                "field_notes": r.choice(NOTES[lab]) if maybe(r, 0.85) else None}
        if proj["field_notes"] is None:
            del proj["field_notes"]
        if mode in ("xml", "both") or maybe(r, 0.4):
            typ, st = (WO_TYPE[lab], "Completed") if mode in ("xml", "both") else ("FIELD-VERIFY-READ", r.choice(["Open", "Dispatched"]))
            proj["wo_service_response"] = ("<?xml version=\"1.0\" encoding=\"UTF-8\"?><soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\">"
                                           f"<soap:Body><GetWorkOrderResponse xmlns=\"urn:cis:wo:v2\"><WorkOrder><Id>WO{r.randint(10**7, 10**8-1)}</Id>"
                                           f"<Account>{acct}</Account><TypeCode>{typ}</TypeCode><Status>{st}</Status>"
                                           f"<Crew>{r.choice(['MTR-3','MTR-7','REV-1','FLD-12'] if st == 'Completed' else ['FLD-12','FLD-4'])}</Crew></WorkOrder></GetWorkOrderResponse></soap:Body></soap:Envelope>")
        hdr = "acct_no,adj_date,adj_code,reason,amount_usd"
        rows = []
        if maybe(r, 0.25):
            rows.append(f"{acct},{iso(raised - dt.timedelta(days=r.randint(60, 300)))},LATE-WAIVE,\"Courtesy late fee waiver\",-{r.randint(5,25)}.00")
        if mode in ("csv", "both"):
            c, why = ADJ[lab]
            amt = "0.00" if c == "NOADJ" else (f"{r.uniform(180, 2400):.2f}" if c == "UNB-DIV" else f"-{r.uniform(40, 600):.2f}")
            rows.append(f"{acct},{iso(raised + dt.timedelta(days=r.randint(10, 45)))},{c},\"{why}\",{amt}")
        if rows or maybe(r, 0.3):
            proj["billing_adjustments_csv"] = "\n".join([hdr] + rows)
        recs.append(record(name, i, lab, labels, proj, leak))
    meta = {"derive_from": ["/reads_12m", "/field_notes", "/exception/trigger", "/account/premise_type"],
            "note": "Revenue-protection analysts classify the exception from the read history and the field notes; work orders and billing adjustments follow the decision."}
    return name, recs, meta, {"labels": labels, "leak_families": ["SOAP/XML work-order response whose TypeCode is set by the decision (REVPROT-INV, MTR-EXCH...)",
                                                                     "CSV billing-adjustment export row whose code/reason follows the decision"]}
