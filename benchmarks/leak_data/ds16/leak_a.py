"""Leaking datasets, part A: grain grading, hydrant flow class, FOIA determinations."""
import math
from helpers import *

# ---------------------------------------------------------------- grain_wheat_grade
GR_LIM = {"1": (60.0, 0.2, 2.0, 0.4, 3.0, 3.0), "2": (58.0, 0.2, 4.0, 0.7, 5.0, 5.0),
          "3": (56.0, 0.5, 7.0, 1.3, 8.0, 8.0), "4": (54.0, 1.0, 10.0, 3.0, 12.0, 12.0),
          "5": (51.0, 3.0, 15.0, 5.0, 20.0, 20.0)}


def wheat_grade(tw, hdk, dkt, fm, shbn, odor):
    if odor != "none detected":
        return "SG"
    dfx = round(dkt + fm + shbn, 1)
    for g in "12345":
        L = GR_LIM[g]
        if tw >= L[0] and hdk <= L[1] and dkt <= L[2] and fm <= L[3] and shbn <= L[4] and dfx <= L[5]:
            return g
    return "SG"


def grain_wheat_grade(manifest):
    rng = random.Random(1601)
    name = "grain_wheat_grade"
    labels = ["1", "2", "3", "4", "5", "SG"]
    n = 168
    targets = balanced_labels(rng, labels, n, [5, 6, 4, 3, 2, 2])
    leaks = pick_leak_flags(rng, n, 0.46)
    disc = {"1": 0.00, "2": -0.03, "3": -0.08, "4": -0.15, "5": -0.30, "SG": -0.85}
    fname = {"1": "USNo1", "2": "USNo2", "3": "USNo3", "4": "USNo4", "5": "USNo5", "SG": "USSampleGrade"}
    counties = ["Reno, KS", "Sumner, KS", "Barton, KS", "Garfield, OK", "Kay, OK", "Cheyenne, NE", "Hale, TX",
                "Adams, CO", "Kingfisher, OK", "Ford, KS"]
    rows = []
    for i, t in enumerate(targets):
        gi = labels.index(t)
        for _ in range(20000):
            odor = "none detected"
            if t == "SG" and rng.random() < 0.4:
                odor = rng.choice(["musty", "sour", "commercially objectionable foreign odor (fumigant)"])
            L = GR_LIM[str(min(gi + 1, 5))]
            spread = 1.0 if t != "SG" else 1.6
            tw = round(rng.uniform(L[0] - (0.3 if t != "SG" else 4), 63.5), 1)
            hdk = round(rng.uniform(0, L[1] * spread), 1)
            dkt = round(rng.uniform(0, L[2] * spread), 1)
            fm = round(rng.uniform(0, L[3] * spread), 1)
            shbn = round(rng.uniform(0, L[4] * spread), 1)
            if wheat_grade(tw, hdk, dkt, fm, shbn, odor) == t:
                break
        else:
            raise RuntimeError("grain")
        dt = rdt(rng, (2022, 6, 10), (2025, 7, 25))
        ticket = f"ST-{rng.randint(100000, 199999)}"
        sample = {
            "moisture_pct": round(rng.uniform(10.2, 14.4), 1),
            "protein_pct_12mb": round(rng.uniform(9.8, 14.6), 1),
            "test_weight_lb_bu": tw,
            "dockage_pct": round(rng.uniform(0, 2.2), 1),
            "grade_factors": {
                "heat_damaged_kernels_pct": hdk,
                "damaged_kernels_total_pct": dkt,
                "foreign_material_pct": fm,
                "shrunken_broken_kernels_pct": shbn,
                "defects_total_pct": round(dkt + fm + shbn, 1),
            },
            "odor": odor,
            "live_insects": 0 if rng.random() < 0.9 else 1,
        }
        if rng.random() < 0.3:
            sample["falling_number_s"] = rng.randint(240, 420)
        proj = {
            "instruction": "You are the licensed inspector at a country elevator. From the official sample analysis of "
                           "this Hard Red Winter wheat lot, assign the U.S. grade. Answer 1, 2, 3, 4, 5 or SG.",
            "load": {"scale_ticket": ticket, "truck": f"T-{rng.randint(1, 14)}",
                     "grower_account": f"G{rng.randint(100, 4999):04d}", "received": dt.isoformat(timespec="minutes"),
                     "origin_county": rng.choice(counties),
                     "net_bushels": round(rng.uniform(380, 1150), 1),
                     "probe": rng.choice(["5-probe pattern", "7-probe pattern", "auto-probe, 3 cores"])},
            "sample_analysis": sample,
        }
        notes = []
        if rng.random() < 0.5:
            notes.append(rng.choice(["Rye and cheat seeds noted in dockage.", "Some bleached kernels, sprout not evident.",
                                     "Driver reports field was hailed in May.", "Sample re-run on Steinlite, moisture confirmed.",
                                     "Grade 1 weather at harvest per driver, but lot came off a low spot.",
                                     "Truck tarp torn; minor dust.", "Grower asked about protein premium.",
                                     "Kernels small but plump; a few with black point."]))
        if odor != "none detected":
            notes.append(f"Odor check: {odor}. Second inspector concurred.")
        if notes:
            proj["grader_notes"] = " ".join(notes)
        attach = []
        if rng.random() < 0.4:
            attach.append({"filename": f"scale_photo_{ticket[3:]}.jpg", "bytes": rng.randint(80000, 400000)})
        leak = leaks[i]
        if leak:
            form = rng.random()
            if form < 0.5:
                price = round(rng.uniform(5.1, 8.4), 2)
                proj["settlement"] = {
                    "board_price_usd_bu": price, "basis": round(rng.uniform(-1.2, -0.4), 2),
                    "adjustments_usd_bu": [
                        {"code": "DKG", "amount": round(-0.01 * sample["dockage_pct"], 3)},
                        {"code": "GRD", "amount": disc[t]},
                        {"code": "PRO", "amount": round(max(0, sample["protein_pct_12mb"] - 11) * 0.04, 3)}],
                    "discount_schedule_ref": "2024-HRW-DS-03",
                }
            else:
                attach.append({"filename": f"FGIS_KS{rng.randint(100, 999)}_{dt:%y%m%d}_HRW_{fname[t]}_cert.pdf",
                               "bytes": rng.randint(40000, 90000)})
        if attach:
            proj["attachments"] = attach
        rows.append((t, proj, leak))
    meta = {"derive_from": ["/sample_analysis", "/grader_notes"],
            "note": "Grade follows the official U.S. wheat grade limits (test weight, HDK, DKT, FM, SHBN, defects) "
                    "and the odor check. Load logistics, settlement and attachments are not inputs."}
    write_dataset(name, labels, rows, meta, manifest)
    return {"task": "U.S. wheat grade from sample analysis",
            "forms": "settlement grade-discount amount per bushel (amount encodes grade); inspection-certificate filename embeds grade"}


# ---------------------------------------------------------------- hydrant_flow_class
def hydrant_class(q):
    return "AA" if q >= 1500 else "A" if q >= 1000 else "B" if q >= 500 else "C"


def hydrant_flow_class(manifest):
    rng = random.Random(1602)
    name = "hydrant_flow_class"
    labels = ["AA", "A", "B", "C"]
    n = 146
    targets = balanced_labels(rng, labels, n, [3, 4, 3, 2])
    leaks = pick_leak_flags(rng, n, 0.55)
    hexcol = {"AA": rng.choice(["#87CEEB", "#ADD8E6"]), "A": "#228B22", "B": "#FFA500", "C": "#FF0000"}
    word = {"AA": ["LIGHT BLUE", "light blue"], "A": ["GREEN", "green"], "B": ["ORANGE", "orange"], "C": ["RED", "red"]}
    emoji = {"AA": "🔵", "A": "🟢", "B": "🟠", "C": "🔴"}
    makes = ["Mueller Super Centurion 250", "American Darling B-84-B", "Kennedy K81D", "Clow Medallion", "M&H 929",
             "Waterous Pacer WB-67", "US Pipe Metropolitan 250"]
    streets = ["Linden Ave", "Harbor Rd", "N 14th St", "Quarry Ln", "Old Mill Rd", "Westfield Blvd", "Cedar Ct",
               "Industrial Pkwy", "Marsh St", "Depot Rd", "Sunset Dr"]
    rows = []
    for i, t in enumerate(targets):
        for _ in range(50000):
            S = rng.randint(42, 118)
            R = rng.randint(max(21, S - 48), S - 3)
            outlets = 1 if rng.random() < 0.75 else 2
            d = rng.choice([2.5, 2.5, 2.5, 4.5]) if outlets == 1 else 2.5
            c = rng.choice([0.9, 0.9, 0.8, 0.7])
            pitot = rng.randint(6, 62)
            q = 29.83 * c * d * d * math.sqrt(pitot) * outlets
            qr = q * ((S - 20) / (S - R)) ** 0.54
            if hydrant_class(qr) == t and abs(qr - {"AA": 1500, "A": 1000, "B": 500, "C": -99}[t]) > 15 and \
                    abs(qr - {"AA": 99999, "A": 1500, "B": 1000, "C": 500}[t]) > 15:
                break
        dt = rdt(rng, (2021, 4, 1), (2025, 10, 31))
        aid = f"HYD-{rng.randint(1000, 19999):05d}"
        test = {"test_date": dt.date().isoformat(), "static_psi": S, "residual_psi": R,
                "flow_outlets": [{"diameter_in": d, "coefficient": c, "pitot_psi": pitot} for _ in range(outlets)],
                "residual_gauge_hydrant": f"HYD-{rng.randint(1000, 19999):05d}"}
        if rng.random() < 0.5:
            test["observed_flow_gpm"] = round(q)
        proj = {
            "instruction": "Using the NFPA 291 flow test below, classify the hydrant's rated capacity at 20 psi residual "
                           "into class AA, A, B or C.",
            "hydrant": {"asset_id": aid, "location": f"{rng.randint(10, 4999)} {rng.choice(streets)}",
                        "make_model": rng.choice(makes), "install_year": rng.randint(1958, 2021),
                        "main_diameter_in": rng.choice([6, 6, 8, 8, 10, 12, 16]),
                        "body_color": rng.choice(["chrome yellow", "yellow", "red", "silver", "white"]),
                        "pressure_zone": rng.choice(["Zone 1 (Low)", "Zone 2", "Hill zone", "Zone 3 (Booster)"])},
            "flow_test": test,
        }
        if rng.random() < 0.6:
            proj["tester_remarks"] = rng.choice([
                "Flushed 3 min before reading. Water cleared quickly.", "Slight hammer on shutdown; closed slowly.",
                "Pitot reading fluctuated +/-2 psi, averaged.", "Diffuser used, dechlorination tabs in place.",
                "Caps seized, freed with wrench; lubricated threads.", "Residual gauge on hydrant across intersection.",
                "Red water for 40 s at start.", "Blue sky, no traffic control needed."])
        leak = leaks[i]
        if leak:
            f = rng.randrange(3)
            if f == 0:
                proj["gis_feature"] = {"layer": "wHydrant", "objectid": rng.randint(1000, 90000),
                                       "symbology": {"renderer": "uniqueValue", "fill": hexcol[t], "outline": "#333333",
                                                     "size": 7}}
            elif f == 1:
                proj["work_orders"] = [{"wo": f"WO-{rng.randint(200000, 299999)}", "status": "closed",
                                        "desc": f"Repaint bonnet and nozzle caps {rng.choice(word[t])} per NFPA 291 after flow test; "
                                                f"body {proj['hydrant']['body_color']} touch-up."}]
            else:
                proj["crew_chat"] = [{"from": person(rng), "msg": f"{aid} flowed, readings in the sheet"},
                                     {"from": person(rng), "msg": f"caps done {emoji[t]} 👍"}]
        rows.append((t, proj, leak))
    meta = {"derive_from": ["/flow_test", "/hydrant/main_diameter_in"],
            "note": "Class follows rated flow at 20 psi computed from static, residual and pitot readings "
                    "(Q = 29.83 c d^2 sqrt(p), QR = Q ((S-20)/(S-R))^0.54)."}
    write_dataset(name, labels, rows, meta, manifest)
    return {"task": "NFPA 291 hydrant class from flow test",
            "forms": "GIS symbology hex fill colour; work-order colour word for bonnet paint; crew chat emoji colour"}


# ---------------------------------------------------------------- foia_determination
FOIA_DOCS = {
    "benign": ["Calendar invites and meeting logistics for the {topic} working group.",
               "Final published guidance on {topic}, with cover email to stakeholders.",
               "Routine correspondence with the contractor about delivery dates.",
               "Press release and talking points already posted on the agency website.",
               "Spreadsheet of aggregate counts by fiscal year, no individual data."],
    "privacy": ["Complaint forms listing home addresses, phone numbers and dates of birth of private individuals.",
                "Email chain that includes an employee's medical leave details.",
                "Inspection report naming witnesses and their personal cell numbers."],
    "deliberative": ["Draft options memo marked DRAFT - PRE-DECISIONAL, recommendations not adopted.",
                     "Staff comments on a draft rule in tracked changes, circulated before the final decision."],
    "cbi": ["Vendor proposal with unit pricing and staffing model marked 'Proprietary - Confidential'."],
    "le_open": ["Case file materials from an open enforcement investigation; disclosure could alert the subject.",
                "Investigative interview summaries in a pending referral to the U.S. Attorney."],
}


def foia_determination(manifest):
    rng = random.Random(1603)
    name = "foia_determination"
    labels = ["full grant", "partial grant", "full denial", "no records"]
    n = 152
    targets = balanced_labels(rng, labels, n, [3, 5, 2, 2])
    leaks = pick_leak_flags(rng, n, 0.5)
    topics = ["PFAS sampling at the Riverside depot", "the 2023 snow-removal contract", "body-worn camera policy",
              "the Elm Street culvert failure", "drone purchases", "overtime paid to fleet mechanics",
              "the broadband grant scoring", "lead service line inventory", "migratory bird permits",
              "the downtown parking study", "wildfire mitigation grants", "the warehouse lease renewal"]
    letter_phrase = {"full grant": "granted in full", "partial grant": "granted in part and denied in part",
                     "full denial": "denied in full", "no records": "no records responsive to your request"}
    rows = []
    for i, t in enumerate(targets):
        topic = rng.choice(topics)
        req_no = f"{rng.choice(['2023', '2024', '2025'])}-FOIA-{rng.randint(100, 4999):05d}"
        docs = []
        if t != "no records":
            k = rng.randint(1, 6)
            if t == "full grant":
                kinds = ["benign"] * k
            elif t == "full denial":
                kinds = ["le_open"] * k
            else:
                kinds = [rng.choice(["benign", "privacy", "deliberative", "cbi", "privacy"]) for _ in range(k)]
                if not any(x in ("privacy", "deliberative", "cbi") for x in kinds):
                    kinds[rng.randrange(k)] = rng.choice(["privacy", "deliberative", "cbi"])
                if k > 1 and rng.random() < 0.2:
                    kinds[rng.randrange(k)] = "le_open"
                if all(x == "le_open" for x in kinds):
                    kinds[0] = "privacy"
            for j, kd in enumerate(kinds):
                docs.append({"doc_id": f"D{j + 1:03d}", "title": rng.choice(["Email", "Memo", "Report", "Spreadsheet",
                                                                            "Attachment", "Letter", "Form"]) + f" {j + 1}",
                             "pages": rng.randint(1, 48),
                             "reviewer_note": rng.choice(FOIA_DOCS[kd]).format(topic=topic)})
                kinds_by_doc = dict(zip([d["doc_id"] for d in docs], kinds))
        custodians = rng.sample(["Records Office", "Public Works", "Fleet Services", "Legal", "Procurement",
                                 "Environmental Compliance", "Office of the Director", "IT"], rng.randint(1, 4))
        search = {"custodians": custodians,
                  "terms": [topic.split(" the ")[-1], rng.choice(["contract", "invoice", "memo", "sampling", "policy"])],
                  "date_range": f"{rng.randint(2018, 2022)}-01-01 to {rng.randint(2023, 2025)}-06-30",
                  "raw_hits": rng.randint(0, 3) if t == "no records" else rng.randint(len(docs), 900),
                  "responsive_after_dedupe": len(docs)}
        snotes = []
        if t == "no records":
            snotes.append(rng.choice(["Hits were auto-replies and newsletters; none responsive.",
                                      "Searched shared drive, Outlook and the contract database. Nothing responsive.",
                                      "Custodian confirmed the program began after the requested period."]))
        elif rng.random() < 0.45:
            snotes.append(f"No records located in {rng.choice(custodians)}; remaining custodians produced material.")
        if snotes:
            search["notes"] = " ".join(snotes)
        desc = rng.choice([
            "I request all records concerning {topic}, including emails and memos.",
            "Please provide full copies of any documents about {topic}. I would like full release, not summaries.",
            "Records of communications regarding {topic} from 2021 to present. If any portion is denied, cite the exemption.",
            "Any contracts, invoices and internal reviews about {topic}.",
            "I am a reporter. Copies of reports, spreadsheets and correspondence relating to {topic}."]).format(topic=topic)
        proj = {"instruction": "Act as the FOIA officer. Based on the request, the search and the records review, "
                               "decide the determination: full grant, partial grant, full denial, or no records.",
                "request": {"tracking_no": req_no, "received": rdate(rng).isoformat(),
                            "requester_category": rng.choice(["news media", "commercial", "educational", "other"]),
                            "description": desc, "fee_waiver_requested": rng.random() < 0.3},
                "search": search, "records_review": docs}
        if not docs and rng.random() < 0.5:
            del proj["records_review"]
        leak = leaks[i]
        if leak:
            if rng.random() < 0.5 and t != "no records":
                tot = sum(d["pages"] for d in docs)
                if t == "full grant":
                    st = {"in_full": tot, "in_part": 0, "withheld_in_full": 0}
                elif t == "full denial":
                    st = {"in_full": 0, "in_part": 0, "withheld_in_full": tot}
                elif t == "no records":
                    st = {"in_full": 0, "in_part": 0, "withheld_in_full": 0}
                else:
                    kb = kinds_by_doc
                    inpart = sum(d["pages"] for d in docs if kb[d["doc_id"]] in ("privacy", "deliberative", "cbi"))
                    wf = sum(d["pages"] for d in docs if kb[d["doc_id"]] == "le_open")
                    st = {"in_full": tot - inpart - wf, "in_part": inpart, "withheld_in_full": wf}
                proj["production_log"] = {"batch": f"PB-{rng.randint(1000, 9999)}", "pages_reviewed": sum(d['pages'] for d in docs),
                                          "pages_released_in_full": st["in_full"], "pages_released_in_part": st["in_part"],
                                          "pages_withheld_in_full": st["withheld_in_full"]}
            else:
                body = (f"Dear Requester,\n\nThis responds to your Freedom of Information Act request {req_no} "
                        f"received by our office. After a search of {', '.join(custodians)}, your request is "
                        f"{letter_phrase[t]}.\n"
                        + ("" if t in ("full grant", "no records") else
                           "Withheld material is protected under 5 U.S.C. § 552(b) as noted on each page.\n")
                        + "You may appeal this determination within 90 days — see the enclosed notice.\n\n"
                          "Sincerely,\nFOIA Officer")
                qp = qp_encode(body, rng, force_breaks=[letter_phrase[t]])
                proj["outbox"] = {"message_id": f"<{rng.randint(10**8, 10**9)}.foia@agency.example>",
                                  "raw": "MIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n"
                                         "Content-Transfer-Encoding: quoted-printable\nSubject: Final response "
                                         + req_no + "\n\n" + qp}
        rows.append((t, proj, leak))
    meta = {"derive_from": ["/request/description", "/search", "/records_review"],
            "note": "Determination follows from whether responsive records exist and whether their content is "
                    "exempt in whole or in part. Outbox and production logs are produced after the decision."}
    write_dataset(name, labels, rows, meta, manifest)
    return {"task": "FOIA determination from search + records review",
            "forms": "post-decision production page counts (released/withheld arithmetic); quoted-printable outbound letter with soft line break inside the phrase"}
