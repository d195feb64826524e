from gen_common import *

# ---------------------------------------------------------------- 1. LTL freight exception disposition
def freight():
    N = "ltl_exception_disposition"
    r = random.Random(601)
    L = ["reattempt delivery", "return to shipper", "hold at terminal", "reroute", "file damage claim"]
    code = {L[0]: "RDL", L[1]: "RTS", L[2]: "HLD", L[3]: "RRT", L[4]: "OSD"}
    terms = ["DAL", "ATL", "CHI", "PHX", "MEM", "CLT", "IND", "SLC", "KCK", "HOU"]
    cities = [("Plano", "TX"), ("Marietta", "GA"), ("Joliet", "IL"), ("Tempe", "AZ"), ("Olive Branch", "MS"),
              ("Concord", "NC"), ("Greenwood", "IN"), ("Ogden", "UT"), ("Lenexa", "KS"), ("Katy", "TX")]
    cos = ["Brightline Dental Supply", "Harbor Freight Outlet #221", "Tri-County Ag Co-op", "Nimbus Fitness LLC",
           "Sunrise Bakery Wholesale", "Keystone Auto Parts", "Mesa Office Interiors", "Blue Ridge Pet Foods",
           "Apex Industrial Fasteners", "Cobalt Electrical Distributors", "Maple & Oak Furniture",
           "Delta Restaurant Equipment"]
    commod = ["office chairs, boxed", "dental consumables", "pet food, bagged 40lb", "auto parts - brake rotors",
              "restaurant equipment (fryer)", "electrical conduit fittings", "flat-pack furniture",
              "fitness equipment - treadmill", "industrial fasteners, 12 drums", "bakery racks, knocked down"]
    recs = []
    n = r.randint(150, 190)
    for i in range(1, n + 1):
        lab = r.choice(L)
        t = r.choice(terms); city, st = r.choice(cities)
        pro = "%d%s" % (r.randint(1, 9), digits(r, 9))
        base = dt(r)
        cons = r.choice(cos)
        attempts = 1
        events = [{"ts": (base - timedelta(days=2)).strftime("%Y-%m-%dT%H:%M:%S"), "code": "PU", "desc": "Picked up", "loc": r.choice(terms)},
                  {"ts": (base - timedelta(days=1, hours=3)).strftime("%Y-%m-%dT%H:%M:%S"), "code": "AR", "desc": "Arrived at terminal", "loc": t}]
        instr = r.choice(["Standard LTL. Liftgate required.", "Call before delivery. Dock hours 7-15.",
                          "Inside delivery not required.", "Appointment preferred; dock 4.",
                          "Residential area, 53' trailer restricted."])
        instr_ret = r.choice(["Max 3 delivery attempts, then RTS at shipper expense.",
                              "After 3 failed attempts return freight to origin.",
                              "Do not hold more than 5 days; return if undeliverable."])
        instr = instr + " " + instr_ret
        extra = {}
        if lab == L[0]:
            attempts = r.choice([1, 1, 2])
            note = r.choice([
                "Business closed at %s, sign on door says open 8am tomorrow." % r.choice(["16:40", "17:05", "15:55"]),
                "No one at receiving, called number on BOL - voicemail. Freight intact.",
                "Gate locked, security said receiving left early today. Try AM.",
                "Arrived outside dock window (%s). Receiver asked to come back next business day." % r.choice(["14:10", "15:30"]),
                "Construction blocking dock, couldn't back in. Receiver ok with tomorrow."])
        elif lab == L[1]:
            if r.random() < 0.5:
                attempts = 3
                note = r.choice(["3rd attempt, closed again. No response from consignee in 6 days.",
                                 "Third try - business appears vacant, no signage. Shipper not reachable for new instructions either.",
                                 "Attempt #3 failed, nobody on site; phone disconnected."])
            else:
                attempts = r.choice([1, 2])
                note = r.choice(["Receiver refused - says they never ordered this, wants nothing to do with it.",
                                 "Consignee REFUSED shipment, PO cancelled per their buyer.",
                                 "Refused at dock: 'wrong vendor, send it back'. Signed refusal on DR."])
        elif lab == L[2]:
            attempts = r.choice([0, 1])
            note = r.choice(["Consignee called in, will pick up at our %s dock Thursday with own truck." % t,
                             "Receiver asked us to keep it at terminal until their new warehouse opens next week. They will come get it.",
                             "Customer requests will-call at terminal, has a box truck, no dock at site.",
                             "Receiver says no room, asked to keep freight here until they call for it (storage ok per them)."])
        elif lab == L[3]:
            attempts = r.choice([0, 1])
            nc, ns = r.choice([c for c in cities if c[0] != city])
            note = r.choice(["Consignee moved. Shipper emailed new ship-to: %d %s Pkwy, %s %s." % (r.randint(100, 9999), r.choice(["Commerce", "Enterprise", "Lakeview", "Industrial"]), nc, ns),
                             "Wrong address on BOL - shipper confirmed correct DC is in %s, %s. Updated BOL attached." % (nc, ns),
                             "Location closed permanently; shipper wants freight sent to their %s, %s branch instead." % (nc, ns)])
        else:
            attempts = r.choice([0, 1])
            note = r.choice(["Pallet crushed on cross-dock, %d of %d cartons torn, product visible." % (r.randint(2, 6), r.randint(8, 24)),
                             "Forklift tine went through 2 cartons. Receiver noted damage on DR and refused those pieces only.",
                             "Shrink wrap torn, %d cases wet (roof leak trailer %s). Photos uploaded." % (r.randint(2, 9), digits(r, 5)),
                             "Treadmill box punctured, frame bent visible. Consignee accepted w/ exception noted."])
            events.append({"ts": (base - timedelta(hours=20)).strftime("%Y-%m-%dT%H:%M:%S"), "code": "OS", "desc": "Exception noted at dock", "loc": t})
        for a in range(attempts):
            events.append({"ts": (base + timedelta(days=a, hours=r.randint(1, 6))).strftime("%Y-%m-%dT%H:%M:%S"),
                           "code": "OD", "desc": "Out for delivery", "loc": t})
            events.append({"ts": (base + timedelta(days=a, hours=r.randint(7, 9))).strftime("%Y-%m-%dT%H:%M:%S"),
                           "code": "A1", "desc": "Delivery attempted - not completed", "loc": city})
        shipment = {"pro": pro, "bol": "BOL-%s" % digits(r, 8), "shipper": r.choice(cos[::-1]), "consignee": {"name": cons, "city": city, "state": st},
                    "pieces": r.randint(1, 24), "weight_lb": r.randint(180, 9800), "commodity": r.choice(commod),
                    "shipper_instructions": instr, "terminal": t, "work_queue": "EXQ-NEW-%s" % t,
                    "created": events[0]["ts"]}
        proj = {"task": {"instruction": "You are the exceptions desk at an LTL carrier. Decide the disposition for this shipment exception: reattempt delivery, return to shipper, hold at terminal, reroute, or file damage claim.",
                         "pro": pro},
                "tool_calls": [{"name": "get_shipment", "args": {"pro": pro}, "output": shipment},
                               {"name": "get_tracking", "args": {"pro": pro}, "output": {"events": events, "attempts": attempts, "driver_note": note}}]}
        leak = r.random() < 0.5
        if leak:
            forms = r.sample(["queue", "assist", "url", "email", "log", "html"], r.choice([1, 1, 2]))
            for f in forms:
                if f == "queue":
                    shipment["work_queue"] = "EXQ-%s-%s" % (code[lab], t)
                elif f == "assist":
                    para = {L[0]: ["Schedule 2nd attempt next business day, AM window.", "Book redelivery; consignee was closed."],
                            L[1]: ["Send back to origin; consignee won't accept.", "RTS - create return BOL to shipper."],
                            L[2]: ["Keep at dock, mark will-call / storage.", "Place freight in terminal storage pending customer pickup."],
                            L[3]: ["Re-consign to corrected ship-to address and re-rate.", "Change delivery address per shipper; reconsignment fee applies."],
                            L[4]: ["Open OS&D case and notify claims; hold photos.", "Initiate cargo claim - damage documented."]}
                    proj["upstream"] = {"agent": "dispatch-assist", "version": "2.3.1",
                                        "suggested_next_step": r.choice(para[lab]), "confidence": round(r.uniform(0.62, 0.97), 2)}
                elif f == "url":
                    ctx = b64({"pro": pro, "disp": code[lab], "by": "auto"})
                    shipment["links"] = {"self": "https://tms.ridgeline-freight.com/api/v2/shipments/%s" % pro,
                                         "action": "https://tms.ridgeline-freight.com/exceptions/act?pro=%s&ctx=%s" % (pro, urllib.parse.quote(ctx))}
                elif f == "email":
                    em = {L[0]: ["Bonjour, nous allons représenter la marchandise demain matin au destinataire.",
                                 "Hola, programamos una nueva entrega para mañana."],
                          L[1]: ["Hallo, die Sendung wird an den Absender zurückgeschickt.",
                                 "Hola, el envío será devuelto al remitente."],
                          L[2]: ["Hallo, die Ware bleibt bis zur Abholung im Terminal eingelagert.",
                                 "Bonjour, la marchandise reste en dépôt au terminal jusqu'à l'enlèvement."],
                          L[3]: ["Hola, redirigiremos el envío a la nueva dirección indicada.",
                                 "Hallo, wir leiten die Sendung an die neue Lieferadresse um."],
                          L[4]: ["Bonjour, nous ouvrons un dossier de réclamation pour avarie.",
                                 "Hola, abrimos una reclamación por daños de la mercancía."]}
                    proj["inbox"] = [{"from": "cs-%s@ridgeline-freight.com" % t.lower(), "to": "claims-desk@ridgeline-freight.com",
                                      "subject": "PRO %s" % pro, "sent": ts(r), "body": r.choice(em[lab]) + " Saludos / Grüße, %s" % name(r)}]
                elif f == "log":
                    lg = {L[0]: "appt-svc INFO created redelivery appt slot=AM pro=%s" % pro,
                          L[1]: "bol-svc INFO generated return BOL %s-R pro=%s dest=ORIGIN" % (digits(r, 6), pro),
                          L[2]: "yard-svc INFO location set STORAGE/WILLCALL door=%d pro=%s" % (r.randint(1, 80), pro),
                          L[3]: "rating-svc INFO reconsignment rerate requested pro=%s" % pro,
                          L[4]: "osd-svc INFO case opened type=DMG pro=%s photos=%d" % (pro, r.randint(2, 9))}[lab]
                    proj["system_log"] = ["%s tms-worker-%d %s" % (ts(r), r.randint(1, 9), lg)]
                elif f == "html":
                    note_html = "<p>%s</p><p><b>Disposition:</b>&nbsp;%s</p>" % (note, html_ent(lab.title()))
                    proj["tool_calls"][1]["output"]["driver_note_html"] = note_html
        recs.append(rec(N, i, lab, L, proj, leak))
    write(N, recs, ["/tool_calls/1/output/events", "/tool_calls/1/output/driver_note", "/tool_calls/1/output/attempts",
                    "/tool_calls/0/output/shipper_instructions", "/tool_calls/0/output/consignee", "/tool_calls/0/output/commodity"],
          "Disposition should follow from the tracking events, attempt count, the driver's note and the shipper's instructions.",
          "leaking", "work_queue suffix (RTS/OSD/HLD/RRT/RDL), dispatch-assist upstream suggestion (paraphrase), base64 ctx param in action URL, CS email in DE/ES/FR, service log line, HTML driver-note copy with entity-encoded disposition")


# ---------------------------------------------------------------- 2. smart-meter read validation (VEE)
def meter():
    N = "meter_read_vee"
    r = random.Random(602)
    L = ["accept", "estimate", "re-read", "tamper investigation"]
    vee = {L[0]: "000", L[1]: "214", L[2]: "117", L[3]: "509"}
    recs = []
    n = r.randint(140, 180)
    for i in range(1, n + 1):
        lab = r.choice(L)
        acct = "%s-%s" % (digits(r, 7), digits(r, 2))
        meter_no = r.choice(["L+G", "ITRON", "ELS", "SEN"]) + digits(r, 8)
        base = r.uniform(280, 1400)
        season = [1.25, 1.15, 1.0, 0.9, 0.85, 1.05, 1.3, 1.35, 1.1, 0.9, 0.95, 1.2]
        hist = [round(base * season[m] * r.uniform(0.9, 1.1)) for m in range(12)]
        prev_reg = r.randint(10000, 89000)
        expected_use = round(base * season[0] * r.uniform(0.92, 1.08))
        events = []
        reader = {"route": "RT-%03d" % r.randint(1, 400), "reader_id": "MR%04d" % r.randint(1, 9999), "method": r.choice(["AMR drive-by", "manual walk", "AMI head-end"])}
        ocr_conf = round(r.uniform(0.93, 0.995), 3)
        note = r.choice(["", "Read OK.", "Meter clear, read taken.", "No issues at premise.", "Dog in yard but friendly."])
        if lab == L[0]:
            cur = prev_reg + expected_use
        elif lab == L[1]:
            cur = None
            note = r.choice(["Locked gate, no access. Card left.", "Aggressive dog, could not approach meter.",
                             "Meter behind locked door in basement, customer not home.", "Snow drift over meter box, unsafe.",
                             "Head-end: no register read returned for cycle (comm fail 3 retries)."])
            ocr_conf = None
        elif lab == L[2]:
            kind = r.choice(["roll", "spike", "ocr"])
            if kind == "roll":
                cur = prev_reg - r.randint(200, 3000)
                note = r.choice(["Read taken, display faint.", "", "Sun glare on dial."])
            elif kind == "spike":
                cur = prev_reg + expected_use * r.randint(8, 14)
                note = r.choice(["", "Possible transposed digit?", "Read OK."])
            else:
                cur = prev_reg + expected_use + 10000 * r.choice([1, 2, 3])
                ocr_conf = round(r.uniform(0.41, 0.68), 3)
                note = r.choice(["Photo blurry.", "Glass fogged over.", ""])
        else:
            cur = prev_reg + round(expected_use * r.uniform(0.08, 0.3))
            events = r.sample([{"code": "COVER_OPEN", "count": r.randint(1, 4)}, {"code": "MAGNETIC_FIELD_DETECTED", "count": r.randint(1, 12)},
                               {"code": "REVERSE_ENERGY_FLOW", "kwh": round(r.uniform(20, 400), 1)}, {"code": "POWER_OUTAGE_NO_LOAD_SHIFT", "count": 1}], r.choice([1, 2]))
            note = r.choice(["Seal looked loose?", "", "Read OK.", "Meter collar scratched.", "Read taken."])
        if lab != L[3] and r.random() < 0.12:
            events = [{"code": "POWER_OUTAGE", "count": r.randint(1, 2)}]
        read = {"read_id": "RD%s" % digits(r, 10), "account": acct, "meter": meter_no, "cycle": "%s-%02d" % (r.choice(["2024", "2025"]), r.randint(1, 12)),
                "previous_register_kwh": prev_reg, "current_register_kwh": cur, "ocr_confidence": ocr_conf,
                "read_ts": ts(r), "reader": reader, "field_note": note}
        proj = {"instruction": "Validate this meter read before billing. Choose one of: accept, estimate, re-read, tamper investigation.",
                "read": read,
                "history_kwh_last_12": hist,
                "meter_events_since_last_read": events,
                "premise": {"rate": r.choice(["RES-1", "RES-TOU", "SGS-2"]), "service": r.choice(["1ph 200A", "1ph 100A", "3ph 400A"]),
                            "solar_net_meter": r.random() < 0.15 and lab != L[3]},
                "billing": {"bill_window_closes": ts(r), "status": "PENDING_VEE"}}
        if proj["premise"]["solar_net_meter"] and lab == L[3]:
            proj["premise"]["solar_net_meter"] = False
        leak = r.random() < 0.42
        if leak:
            forms = r.sample(["vee", "wo", "billflag", "html", "sms"], r.choice([1, 2]))
            for f in forms:
                if f == "vee":
                    proj["billing"]["vee_exception"] = "VEE-%s" % vee[lab]
                elif f == "wo":
                    wo = {L[0]: None, L[1]: "EST-NOTIFY", L[2]: "RRD-FIELD", L[3]: "RVP-INV"}[lab]
                    if wo is None:
                        proj["billing"]["status"] = "READY_TO_BILL"
                    else:
                        proj["work_orders"] = [{"wo": "WO%s" % digits(r, 8), "type": wo, "created_by": "mdm-batch", "ts": ts(r)}]
                elif f == "billflag":
                    proj["billing"]["read_type_flag"] = {L[0]: "A", L[1]: "E", L[2]: "H", L[3]: "I"}[lab]
                    proj["billing"]["read_type_flag_legend"] = "A=actual E=estimated H=held I=investigation"
                elif f == "html":
                    txt = {L[0]: "Passed all VEE checks - release to CIS", L[1]: "No read - bill on estimate (3 mo avg)",
                           L[2]: "Read failed high/low check, send reader back", L[3]: "Refer to Revenue Protection (diversion suspected)"}[lab]
                    proj["billing"]["analyst_comment_html"] = "<div>%s</div>" % txt.replace(" ", "&nbsp;").replace("-", "&#8209;").replace("(", "&#40;").replace(")", "&#41;")
                elif f == "sms":
                    sm = {L[0]: "✅ good to go", L[1]: "📉 est it", L[2]: "🔁 send %s back out" % reader["reader_id"], L[3]: "🚨 RP referral pls"}[lab]
                    proj["team_chat"] = [{"from": name(r), "ts": ts(r), "text": "%s re %s %s" % (sm, acct, r.choice(["", "thx", "- supervisor"]))}]
        recs.append(rec(N, i, lab, L, proj, leak))
    write(N, recs, ["/read", "/history_kwh_last_12", "/meter_events_since_last_read", "/premise"],
          "Decide from the register reads vs history, OCR confidence, field note and meter event flags.",
          "leaking", "MDM VEE exception code (numeric, 1:1), work-order type (RVP-INV/RRD), read-type flag letter + legend, HTML-entity analyst comment, supervisor chat emoji")


# ---------------------------------------------------------------- 3. weld quality level (ISO 5817)
def weld():
    N = "weld_quality_level"
    r = random.Random(603)
    L = ["B", "C", "D", "reject"]
    recs = []
    n = r.randint(130, 170)
    colour = {"B": "GREEN", "C": "BLUE", "D": "YELLOW", "reject": "RED"}
    route = {"B": "OP-110 FINAL PACK (CUST CLASS-1)", "C": "OP-100 BLAST/PAINT", "D": "OP-095 STRUCTURAL STOCK", "reject": "OP-085 WELD REPAIR"}
    for i in range(1, n + 1):
        lab = r.choice(L)
        t = r.choice([4, 5, 6, 8, 10, 12, 15, 20])
        lim = {"B": dict(uc=min(0.05 * t, 0.5), pore=0.0, mis=min(0.1 * t, 3)),
               "C": dict(uc=min(0.1 * t, 0.5), pore=min(0.2 * t, 2), mis=min(0.15 * t, 4)),
               "D": dict(uc=min(0.2 * t, 1.0), pore=min(0.3 * t, 3), mis=min(0.25 * t, 5))}
        crack = False
        def within(lv, frac=(0.2, 0.95)):
            return {k: round(lim[lv][k] * r.uniform(*frac), 2) for k in lim[lv]}
        if lab == "B":
            m = within("B"); m["pore"] = 0.0
        else:
            if lab == "reject":
                base = within("D")
                worst = r.choice(["uc", "pore", "mis", "crack"])
                if worst == "crack":
                    crack = True
                else:
                    base[worst] = round(lim["D"][worst] * r.uniform(1.15, 1.8), 2)
                m = base
            else:
                prev = "B" if lab == "C" else "C"
                m = within(prev) if prev == "C" else within("B")
                if prev == "B":
                    m["pore"] = 0.0
                # force one imperfection to sit between prev and current limits
                cand = [k for k in ["uc", "pore", "mis"] if lim[lab][k] > lim[prev][k] + 0.02]
                k = r.choice(cand)
                m[k] = round(r.uniform(lim[prev][k] + 0.01, lim[lab][k]), 2)
                if m[k] <= lim[prev][k]:
                    m[k] = round(lim[prev][k] + 0.01, 2)
        # sanity: compute level
        def level(m, crack):
            if crack: return "reject"
            for lv in ["B", "C", "D"]:
                if m["uc"] <= lim[lv]["uc"] and m["pore"] <= lim[lv]["pore"] and m["mis"] <= lim[lv]["mis"]:
                    return lv
            return "reject"
        lab2 = level(m, crack)
        lab = lab2
        part = r.choice(["BRKT-", "FRM-", "CHS-", "BASE-", "ARM-"]) + digits(r, 5) + r.choice(["-A", "-B", "", "-R1"])
        wps = "WPS-%d" % r.randint(100, 480)
        inspector = r.choice(["VT-07", "VT-12", "VT-03", "VT-21"])
        comments = r.choice(["Visual + gauge per checklist.", "Ambient 18C, joint cleaned before VT.",
                             "Measured with Bridge Cam gauge.", "Root side not accessible.", "Second shift; lighting 600 lux.",
                             "Checked both sides.", "Toe profile smooth."])
        if crack:
            comments += " " + r.choice(["Linear indication ~6mm at crater end, confirmed with MT.",
                                        "Crater crack visible at stop/start, weld seq 3.",
                                        "Hairline toe crack found under 10x loupe."])
        meas = {"undercut_depth_mm": m["uc"], "max_surface_pore_dia_mm": m["pore"], "linear_misalignment_mm": m["mis"],
                "cracks_observed": crack, "weld_length_mm": r.randint(60, 900), "throat_mm": round(t * r.uniform(0.6, 0.75), 1)}
        proj = {"instruction": "Assign the ISO 5817 quality level (B, C, D) met by this butt weld, or 'reject' if it fails D. Use the limits for imperfection 1.7 (undercut), 2.2 (surface pore), 5.1 (linear misalignment); cracks are not permitted at any level. Limits (t = thickness): undercut B<=min(0.05t,0.5) C<=min(0.1t,0.5) D<=min(0.2t,1.0); surface pore B not permitted, C<=min(0.2t,2) D<=min(0.3t,3); misalignment B<=min(0.1t,3) C<=min(0.15t,4) D<=min(0.25t,5).",
                "part": {"pn": part, "heat": "H%s" % digits(r, 6), "material": r.choice(["S355J2", "S275JR", "1.4301", "S690QL"]), "thickness_mm": t},
                "weld": {"id": "W%02d" % r.randint(1, 40), "process": r.choice(["135 MAG", "136 FCAW", "141 TIG", "111 MMA"]), "wps": wps, "welder": "WLD-%03d" % r.randint(1, 120)},
                "inspection": {"inspector": inspector, "ts": ts(r), "measurements": meas, "comments": comments},
                "mes": {"work_order": "MO-%s" % digits(r, 7), "station": "QC-%d" % r.randint(1, 6), "rack_tag": None, "next_op": None}}
        leak = r.random() < 0.6
        if leak:
            forms = r.sample(["rack", "route", "file", "escjson", "stamp"], r.choice([1, 2, 2]))
            for f in forms:
                if f == "rack":
                    proj["mes"]["rack_tag"] = colour[lab]
                elif f == "route":
                    proj["mes"]["next_op"] = route[lab]
                elif f == "file":
                    tag = {"B": "QL-B", "C": "QL-C", "D": "QL-D", "reject": "NCR"}[lab]
                    proj["inspection"]["attachments"] = ["VT_%s_%s_%s.pdf" % (part, tag, r.choice(["signed", "final", "rev1"])), "IMG_%s.jpg" % digits(r, 4)]
                elif f == "escjson":
                    disp = {"B": {"qa_disp": "release", "ql": "B"}, "C": {"qa_disp": "release", "ql": "C"},
                            "D": {"qa_disp": "release-restricted", "ql": "D"}, "reject": {"qa_disp": "ncr", "ncr_no": "NCR-%s" % digits(r, 5)}}[lab]
                    proj["mes"]["last_message"] = json.dumps({"type": "QC_RESULT", "station": proj["mes"]["station"], "payload": json.dumps(disp)})
                elif f == "stamp":
                    proj["inspection"]["stamp"] = "%s/%s" % (inspector, {"B": "1", "C": "2", "D": "3", "reject": "X"}[lab])
                    proj["inspection"]["stamp_legend"] = "stamp suffix: 1=level B, 2=level C, 3=level D, X=nonconforming"
        recs.append(rec(N, i, lab, L, proj, leak))
    write(N, recs, ["/part/thickness_mm", "/inspection/measurements", "/inspection/comments", "/instruction"],
          "Quality level is computed from the measured imperfections against ISO 5817 limits for the plate thickness.",
          "leaking", "rack tag colour, MES next-op routing, attachment filename tag (QL-C/NCR), escaped JSON payload in MES message string, inspector stamp suffix with legend")


if __name__ == "__main__":
    freight(); meter(); weld()
    for s in SUMMARY: print(s)
