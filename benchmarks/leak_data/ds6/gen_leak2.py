from gen_common import *

# ---------------------------------------------------------------- 4. UAD condition rating for appraisal
def condition():
    N = "appraisal_condition_rating"
    r = random.Random(604)
    L = ["C1", "C2", "C3", "C4", "C5", "C6"]
    rehab = {"C1": 0, "C2": 3, "C3": 9, "C4": 21, "C5": 48, "C6": 110}
    notes = {
        "C1": ["New construction, certificate of occupancy issued %s, never occupied.", "Builder spec home completed %s; no prior occupant, all systems new under builder warranty.",
               "Brand-new build (CO %s). Protective film still on appliances; nobody has lived here."],
        "C2": ["Gut renovation completed %s: new roof, HVAC, windows, kitchen and baths; virtually no wear.",
               "Fully remodeled to the studs in %s, everything replaced, shows like new.",
               "Major rehab %s incl. electrical panel, plumbing re-pipe, new finishes throughout; no deferred maintenance."],
        "C3": ["Well maintained; kitchen updated ~%s, roof 8 yrs, minor wear on carpets.",
               "Owner-occupied, clearly cared for. Some normal wear on trim; baths original but clean. Furnace serviced %s.",
               "Limited physical depreciation. Paint fresh (%s), original hardwoods refinished."],
        "C4": ["Adequately maintained; original kitchen, worn carpet, a few cracked tiles, water heater dated %s.",
               "Some minor deferred maintenance: peeling exterior paint on south side, dripping faucet, gutters need cleaning. Systems functional (HVAC %s).",
               "Average wear for age; dated baths, scuffed walls, roof mid-life (installed %s). Everything works."],
        "C5": ["Obvious deferred maintenance: roof leaking at chimney flashing, stained ceilings, HVAC inoperable since %s.",
               "Rotted fascia, broken windows in two bedrooms, missing flooring in kitchen; needs significant repairs (owner estimate quote dated %s).",
               "Foundation cracking with sticking doors, outdated panel with double-taps, soft subfloor near tub. Last update %s."],
        "C6": ["Fire damage to rear half of home (%s); roof partially collapsed, unsafe to enter second floor.",
               "Vacant and vandalized since %s: copper stripped, no water or power, mold throughout basement. Structural integrity in question.",
               "Flooded %s, drywall removed to 4 ft, standing water in crawlspace, electrical not safe to energize."]}
    streets = ["Maple Ave", "Oakridge Dr", "Willow Ct", "Elm St", "Lakeshore Blvd", "Pinecrest Ln", "Cedar Hollow Rd", "Sunset Ter", "Bayview Way", "Harrison St"]
    towns = [("Dayton", "OH", "454"), ("Fresno", "CA", "937"), ("Knoxville", "TN", "379"), ("Spokane", "WA", "992"), ("Albany", "NY", "122"), ("Tulsa", "OK", "741"), ("Boise", "ID", "837"), ("Raleigh", "NC", "276")]
    recs = []
    n = r.randint(140, 180)
    for i in range(1, n + 1):
        lab = r.choice(L)
        town, st, zp = r.choice(towns)
        yb = 2024 if lab == "C1" else r.randint(1925, 2016)
        sqft = r.randint(820, 3900)
        yr = str(r.randint(2019, 2024)) if lab != "C1" else r.choice(["03/2024", "11/2023", "06/2024"])
        desc = r.choice(notes[lab]) % yr
        mls = r.choice(["Charming %d-bed on a quiet street, close to schools and parks." % r.randint(2, 5),
                        "Great opportunity in %s! Spacious lot, detached garage." % town,
                        "Motivated seller. Bring your ideas.", "Move-in ready? Come see for yourself. Open house Sat 1-3.",
                        "Corner lot with mature trees; walk to downtown %s." % town, "Investor special or first-time buyer gem.",
                        "Lovely %s bungalow with lots of character." % town, "Sold as-is. Cash or conventional."])
        order = {"order_id": "AMC-%s" % digits(r, 8), "form": "1004 URAR", "purpose": r.choice(["Purchase", "Refinance", "Cash-out refinance"]),
                 "loan_type": r.choice(["Conventional", "FHA", "VA", "Conventional"]), "due": ts(r)}
        subj = {"address": "%d %s, %s, %s %s%02d" % (r.randint(10, 9999), r.choice(streets), town, st, zp, r.randint(1, 99)),
                "year_built": yb, "gla_sqft": sqft, "bedrooms": r.randint(2, 5), "baths": r.choice([1, 1.5, 2, 2.5, 3]),
                "site_acres": round(r.uniform(0.1, 1.2), 2)}
        proj = {"instruction": "From the inspection notes and photos, assign the UAD condition rating (C1 through C6) for the subject property.",
                "order": order, "subject": subj,
                "inspection": {"inspector": name(r), "date": ts(r, fmt="%Y-%m-%d"), "notes": desc,
                               "photo_captions": [r.choice(["Front elevation", "Street scene", "Front of home"]), r.choice(["Kitchen", "Kitchen view 2"]), r.choice(["Primary bath", "Hall bath", "Bath"])]},
                "mls_remarks": mls,
                "documents": []}
        if r.random() < 0.5:
            proj["documents"].append({"type": "purchase_contract", "excerpt": "Sale price $%s, closing %s, seller concessions $%s." % (format(r.randint(90, 640) * 1000, ","), ts(r, fmt="%m/%d/%Y"), format(r.choice([0, 2500, 5000, 7500]), ","))})
        leak = r.random() < 0.45
        if leak:
            forms = r.sample(["rehab", "prior", "url", "avm", "spanish"], r.choice([1, 2]))
            for f in forms:
                if f == "rehab":
                    est = round(rehab[lab] * sqft * r.uniform(0.95, 1.05), -2)
                    proj["order"]["lender_rehab_reserve_usd"] = int(est)
                elif f == "prior":
                    proj["documents"].append({"type": "prior_appraisal", "effective_date": ts(r, start=datetime(2023, 1, 1), days=200, fmt="%Y-%m-%d"),
                                              "excerpt": "...Improvements: %s; Condition %s; Quality Q%d. No adverse site conditions..." % (r.choice(["Avg", "Typical"]), lab, r.randint(3, 5))})
                elif f == "url":
                    proj["inspection"]["photo_urls"] = ["https://cdn.fieldpix.io/orders/%s/cond_%s/IMG_%s.jpg" % (order["order_id"], lab[1], digits(r, 4)) for _ in range(2)]
                elif f == "avm":
                    sc = {"C1": 0.97, "C2": 0.86, "C3": 0.71, "C4": 0.55, "C5": 0.33, "C6": 0.12}[lab]
                    proj["avm"] = {"vendor": "HouseCanary-like", "value": r.randint(90, 640) * 1000, "condition_index": round(sc + r.uniform(-0.03, 0.03), 2), "model": "cv-condition-v4"}
                elif f == "spanish":
                    es = {"C1": "casa nueva, nunca habitada", "C2": "totalmente remodelada, como nueva", "C3": "bien mantenida, desgaste mínimo",
                          "C4": "mantenimiento diferido menor, estado promedio", "C5": "requiere reparaciones importantes", "C6": "daños graves, inhabitable"}[lab]
                    proj["inspection"]["trainee_note"] = "Resumen del aprendiz: %s." % es
        recs.append(rec(N, i, lab, L, proj, leak))
    write(N, recs, ["/inspection/notes", "/inspection/photo_captions", "/subject/year_built", "/subject/gla_sqft"],
          "Condition comes from the appraiser's inspection notes (and year built for new construction). MLS remarks are marketing text.",
          "leaking", "lender rehab reserve = fixed $/sqft per rating (derived number), prior appraisal excerpt with rating, photo URL path cond_N, upstream AVM condition_index, Spanish trainee summary")


# ---------------------------------------------------------------- 5. EU261 compensation amount
def eu261():
    N = "eu261_compensation"
    r = random.Random(605)
    L = ["0", "250", "400", "600"]
    airports = {"FRA": (50.03, 8.56, True), "MUC": (48.35, 11.78, True), "CDG": (49.0, 2.55, True), "MAD": (40.47, -3.56, True), "LIS": (38.77, -9.13, True),
                "ATH": (37.94, 23.94, True), "HEL": (60.32, 24.96, True), "DUB": (53.42, -6.27, True), "WAW": (52.17, 20.97, True), "AMS": (52.31, 4.76, True),
                "FCO": (41.8, 12.25, True), "VIE": (48.11, 16.57, True), "BCN": (41.3, 2.08, True), "CPH": (55.62, 12.65, True),
                "JFK": (40.64, -73.78, False), "DXB": (25.25, 55.36, False), "IST": (41.26, 28.74, False), "YUL": (45.47, -73.74, False), "NRT": (35.77, 140.39, False),
                "TLV": (32.01, 34.89, False), "CMN": (33.37, -7.59, False)}
    import math
    def gc(a, b):
        la1, lo1, _ = airports[a]; la2, lo2, _ = airports[b]
        p1, p2 = math.radians(la1), math.radians(la2); dl = math.radians(lo2 - lo1)
        return round(6371 * math.acos(min(1, math.sin(p1) * math.sin(p2) + math.cos(p1) * math.cos(p2) * math.cos(dl))))
    eu = [k for k, v in airports.items() if v[2]]
    carriers = ["LH", "AF", "IB", "TP", "A3", "AY", "EI", "LO", "KL", "AZ", "OS", "VY", "SK"]
    causes_ok = ["Technical fault - hydraulic leak found during pre-flight check", "Crew shortage (sick leave, no standby available)",
                 "Late inbound aircraft due to earlier technical issue", "Aircraft swap, IT system outage at carrier", "Overbooking-related rotation change"]
    causes_ex = ["ATC strike in French airspace (DSNA)", "Thunderstorms at destination, airport closed 2h", "Bird strike on inbound sector, engine inspection mandatory",
                 "Security alert, terminal evacuated", "Volcanic ash advisory, airspace restricted", "Airport fuel supply shortage (airport operator)"]
    recs = []
    n = r.randint(150, 190)
    want = None
    while len(recs) < n:
        if want is None:
            want = r.choice(L)
        o = r.choice(eu) if r.random() < 0.8 else r.choice(list(airports))
        d = r.choice([k for k in airports if k != o])
        if not airports[o][2] and not airports[d][2]:
            continue
        cx = r.choice(carriers)
        if not airports[o][2] and r.random() < 0.5:
            continue  # departures from non-EU on EU carrier only; keep simple
        dist = gc(o, d)
        intra = airports[o][2] and airports[d][2]
        extra = r.random() < 0.25
        delay = r.choice([r.randint(40, 175), r.randint(185, 900)])
        if dist > 3500 and not intra and 180 <= delay < 240:
            continue  # avoid 50% reduction case
        if delay < 180 or extra:
            lab = "0"
        elif dist <= 1500:
            lab = "250"
        elif intra or dist <= 3500:
            lab = "400"
        else:
            lab = "600"
        if lab != want:
            continue
        want = None
        i = len(recs) + 1
        fno = "%s %d" % (cx, r.randint(10, 2999))
        dep = dt(r)
        sched_arr = dep + timedelta(minutes=int(dist / 12.5) + 35)
        act_arr = sched_arr + timedelta(minutes=delay)
        pax = name(r)
        cause = r.choice(causes_ex if extra else causes_ok)
        claim_text = r.choice(["My flight %s from %s to %s arrived very late. I want the compensation I'm entitled to." % (fno, o, d),
                               "Hi, we landed hours late on %s, missed our dinner reservation. Please compensate." % fno,
                               "Requesting EU261 compensation for the delay of %s on %s." % (fno, dep.strftime("%d %b %Y")),
                               "Bonjour, le vol %s est arrivé avec beaucoup de retard. Je demande une indemnisation." % fno,
                               "Flight was delayed, staff gave us a 10 EUR voucher only. Not acceptable, I claim my rights under 261/2004.",
                               "Two of us travelled on %s (PNR %s). How much are we owed for the delay?" % (fno, alnum(r, 6)) ])
        proj = {"instruction": "Determine the EU261/2004 compensation per passenger in EUR (0, 250, 400 or 600) for this claim. No 50% reductions apply in this set.",
                "claim": {"claim_id": "CLM-%s" % digits(r, 9), "received": ts(r), "passenger": pax, "channel": r.choice(["web form", "email", "agency portal"]), "text": claim_text},
                "tool_calls": [
                    {"name": "flight_ops.get_leg", "args": {"flight": fno, "date": dep.strftime("%Y-%m-%d")},
                     "output": {"flight": fno, "origin": o, "destination": d, "operating_carrier": cx, "great_circle_km": dist,
                                "sched_dep": dep.strftime("%Y-%m-%dT%H:%MZ"), "sched_arr": sched_arr.strftime("%Y-%m-%dT%H:%MZ"),
                                "actual_arr_block_in": act_arr.strftime("%Y-%m-%dT%H:%MZ"), "arrival_delay_min": delay,
                                "tail": "D-A%s" % alnum(r, 3, string.ascii_uppercase), "equipment": r.choice(["A320", "A321neo", "B738", "E195", "A359", "B789"])}},
                    {"name": "ops_log.delay_codes", "args": {"flight": fno},
                     "output": {"iata_delay_codes": [r.choice(["41", "93", "81", "84", "63", "57", "89"])], "ooc_remark": cause}}],
                "pnr": {"locator": alnum(r, 6), "fare_paid_eur": round(r.uniform(49, 1890), 2), "bags": r.randint(0, 2)}}
        leak = r.random() < 0.5
        if leak:
            forms = r.sample(["voucher", "payout", "email", "template", "b64"], r.choice([1, 2]))
            for f in forms:
                if f == "voucher" and lab != "0":
                    proj["claim"]["pre_generated_voucher"] = "EU261-C%s-%s" % (lab, alnum(r, 4))
                elif f == "payout":
                    v = {"0": "0,00 €", "250": "250,00 €", "400": "400,00 €", "600": "600,00 €"}[lab] if r.random() < 0.5 else "EUR %s.00" % lab
                    proj["tool_calls"].append({"name": "payments.preview", "args": {"claim_id": proj["claim"]["claim_id"]}, "output": {"pending_payout": v, "iban_on_file": r.random() < 0.5}})
                elif f == "email":
                    de = {"0": "leider können wir keine Ausgleichsleistung zahlen, da außergewöhnliche Umstände vorlagen bzw. die Verspätung unter drei Stunden lag.",
                          "250": "wir zahlen Ihnen eine Ausgleichsleistung in Höhe von zweihundertfünfzig Euro.",
                          "400": "wir zahlen Ihnen eine Ausgleichsleistung in Höhe von vierhundert Euro.",
                          "600": "wir zahlen Ihnen eine Ausgleichsleistung in Höhe von sechshundert Euro."}[lab]
                    proj["draft_reply"] = {"lang": "de", "author": "claims-assistant", "body": "Sehr geehrte/r %s, %s Mit freundlichen Grüßen" % (pax, de)}
                elif f == "template":
                    tpl = {"0": "TPL_DECLINE_EXTRAORD_v4" if extra else "TPL_DECLINE_UNDER3H_v2", "250": "TPL_PAY_BAND_A", "400": "TPL_PAY_BAND_B", "600": "TPL_PAY_BAND_C"}[lab]
                    proj["claim"]["response_template"] = tpl
                elif f == "b64" or (f == "voucher" and lab == "0"):
                    proj["claim"]["portal_link"] = "https://claims.aerocare.eu/c/%s?s=%s" % (proj["claim"]["claim_id"], b64({"band": lab, "st": "ready"}))
        recs.append(rec(N, i, lab, L, proj, leak))
    write(N, recs, ["/tool_calls/0/output", "/tool_calls/1/output", "/claim/text"],
          "Amount follows from distance band, intra-EU status, arrival delay and whether the delay cause is an extraordinary circumstance.",
          "leaking", "pre-generated voucher code EU261-C400, payments.preview tool output (€ amount), German draft reply with the amount spelled out in words, response template name (PAY_BAND_B / DECLINE), base64 band in portal link")


# ---------------------------------------------------------------- 6. broadband fault segment
def telecom():
    N = "broadband_fault_segment"
    r = random.Random(606)
    L = ["customer premises", "drop cable", "street cabinet", "exchange", "core network"]
    skill = {L[0]: "HOME-ENG", L[1]: "OH-DROP", L[2]: "CAB-JNT", L[3]: "EXCH-FE", L[4]: "NOC-L2"}
    recs = []
    n = r.randint(150, 185)
    for i in range(1, n + 1):
        lab = r.choice(L)
        loop_m = r.randint(300, 2400)
        cab = "CAB-%s%02d" % (r.choice(["NB", "WH", "SK", "HX", "LD"]), r.randint(1, 60))
        exch = r.choice(["WHITCHURCH", "KINGSWOOD", "HALIFAX NTH", "SKELTON", "LEEDS MOOR"])
        sync = True; snr = round(r.uniform(5.5, 9.5), 1); att = round(loop_m / 1000 * 13.8 * r.uniform(0.95, 1.05), 1)
        test = {"result": "PASS", "fault_distance_m": None, "insulation_mohm": r.randint(40, 200), "loop_resistance_ohm": round(loop_m * 0.168, 1)}
        neighbours = r.randint(0, 1)
        alarms = []
        auth = "OK"
        cust = ""
        if lab == L[0]:
            cust = r.choice(["Wifi keeps dropping in the back bedroom, sometimes nothing works at all.", "Router lights are orange, restarted it 5 times.",
                             "Internet dies whenever the phone rings, we use an old extension socket upstairs.", "Since I moved the router to the living room I have nothing.",
                             "New mesh system installed yesterday, now nothing connects."])
            test["result"] = "PASS - NTE test OK"; test["notes"] = r.choice(["Line tests clean to master socket.", "No line fault found; check internal wiring/CPE.", "Sync detected at NTE when test filter used."])
        elif lab == L[1]:
            sync = r.random() < 0.3
            test["result"] = "FAIL"
            test["fault_distance_m"] = loop_m - r.randint(5, 60)
            test["insulation_mohm"] = round(r.uniform(0.05, 0.8), 2)
            test["notes"] = r.choice(["Earth contact B-leg.", "Battery contact detected.", "Disconnection (open) detected."])
            cust = r.choice(["Storm last night, now no broadband and the phone line crackles.", "Scaffolders next door pulled something off the pole outside.",
                             "Cable on the side of the house is hanging loose.", "Connection totally dead since the tree surgeon came."])
        elif lab == L[2]:
            sync = False
            test["result"] = "FAIL"
            test["fault_distance_m"] = r.randint(int(loop_m * 0.35), int(loop_m * 0.6))
            test["notes"] = r.choice(["No sync, port fault at DSLAM card in cabinet.", "Disconnection at approx cabinet position.", "Cross-connect fault suspected."])
            neighbours = r.randint(6, 40)
            alarms = [{"ne": cab, "alarm": r.choice(["LINECARD_FAIL", "DOOR_OPEN", "MAINS_POWER_LOST", "BATTERY_LOW"]), "raised": ts(r)}]
            cust = r.choice(["Whole street has no internet.", "Neighbours also down, saw a van crash into the green box at the corner.",
                             "Nobody on our road has internet since this morning.", "No broadband, lights on router flashing."])
        elif lab == L[3]:
            sync = False
            test["result"] = "FAIL - NO RESPONSE FROM MSAN"
            test["notes"] = "Test head could not reach line."
            neighbours = r.randint(300, 4000)
            alarms = [{"ne": "MSAN-%s-%d" % (exch.split()[0][:4], r.randint(1, 9)), "alarm": r.choice(["SHELF_DOWN", "UPLINK_LOS", "CARD_3_FAIL"]), "raised": ts(r)}]
            cust = r.choice(["No internet, is there an outage?", "Service down since 3am.", "Broadband gone, the whole town is complaining on Facebook."])
        else:
            sync = True
            auth = r.choice(["RADIUS_TIMEOUT", "PPP_AUTH_FAIL (no response from BNG)", "DHCP no offer"])
            neighbours = r.randint(800, 20000)
            alarms = [{"ne": "BNG-%s-0%d" % (r.choice(["MAN", "LDS", "BRS"]), r.randint(1, 4)), "alarm": r.choice(["BGP_SESSION_DOWN", "SUBSCRIBER_SESSIONS_DROP_80PCT", "CPU_OVERLOAD"]), "raised": ts(r)}]
            cust = r.choice(["Router says connected but no websites load.", "Lights all green but no internet.", "DSL light solid, internet light red."])
        proj = {"instruction": "Identify where the broadband fault sits: customer premises, drop cable, street cabinet, exchange, or core network.",
                "ticket": {"id": "INC%s" % digits(r, 7), "opened": ts(r), "product": r.choice(["FTTC 80/20", "FTTC 40/10", "ADSL2+", "SOGEA 80/20"]),
                           "customer_report": cust, "contact": name(r)},
                "tool_calls": [{"name": "line_test.run", "args": {"circuit": "DN%s" % digits(r, 9)}, "output": {**test, "sync": sync, "snr_margin_db": snr if sync else None, "attenuation_db": att}},
                               {"name": "network.status", "args": {"cabinet": cab, "exchange": exch},
                                "output": {"cabinet": cab, "exchange": exch, "lines_reporting_fault_same_cabinet": neighbours, "active_alarms": alarms, "session_auth": auth}}]}
        leak = r.random() < 0.55
        if leak:
            forms = r.sample(["skill", "bot", "slack", "clear", "queue"], r.choice([1, 2]))
            for f in forms:
                if f == "skill":
                    proj["ticket"]["dispatch"] = {"skill_code": skill[lab], "appointment": ts(r) if lab != L[4] else None}
                elif f == "bot":
                    para = {L[0]: "Problem is inside the home (wiring/router).", L[1]: "Fault on the overhead/underground lead-in to the property.",
                            L[2]: "Fault at the green roadside box serving the street.", L[3]: "Fault at the local telephone exchange building.",
                            L[4]: "Fault in the backbone / authentication platform."}[lab]
                    proj["triage_bot"] = {"model": "triage-llm-2024-09", "summary": para, "score": round(r.uniform(0.7, 0.99), 2)}
                elif f == "slack":
                    sl = {L[0]: "send a home visit, cust side", L[1]: "pole work needed, book MEWP", L[2]: "jointer to %s asap" % cab,
                          L[3]: "exchange FE attend %s" % exch, L[4]: "@noc-oncall BNG looking sick again"}[lab]
                    proj["slack_thread"] = [{"user": "u%s" % digits(r, 5), "ts": ts(r), "text": sl}]
                elif f == "clear":
                    cc = {L[0]: "CPE-INT", L[1]: "DW-RPL", L[2]: "CAB-XC", L[3]: "EX-CARD", L[4]: "NW-CORE"}[lab]
                    proj["related_tickets"] = [{"id": "INC%s" % digits(r, 7), "status": "resolved", "clear_code": cc, "note": "linked duplicate"}]
                elif f == "queue":
                    q = {L[0]: "q_field_inhome", L[1]: "q_field_dropwire", L[2]: "q_field_dside_cab", L[3]: "q_exch_frontend", L[4]: "q_noc_core"}[lab]
                    proj["ticket"]["assigned_queue"] = q
        recs.append(rec(N, i, lab, L, proj, leak))
    write(N, recs, ["/ticket/customer_report", "/tool_calls/0/output", "/tool_calls/1/output"],
          "Segment should be inferred from the line test (sync, fault distance vs loop length, insulation), neighbour fault counts, network alarms and the customer's description.",
          "leaking", "dispatch skill code (OH-DROP/CAB-JNT/NOC-L2), triage-bot paraphrase, Slack chatter, clear code on linked duplicate ticket, assigned queue name")


if __name__ == "__main__":
    condition(); eu261(); telecom()
    for s in SUMMARY: print(s)
