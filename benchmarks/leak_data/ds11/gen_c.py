"""ds11 part C: courier_damage_claims, school_bus_incidents, journal_desk_decision (all leaking)."""
import json
import random

from common import (b64, balanced_labels, choose_leaks, digits, ent, hexid, name, rec, urlq, when, write)

# ---------------------------------------------------------------- courier damage
CD = ["pay_full", "pay_partial", "deny_packaging", "deny_excluded_item", "request_evidence"]
ITEMS_OK = [("a 27-inch monitor", 289.0), ("a hand-thrown ceramic vase", 145.0), ("an acoustic guitar", 420.0),
            ("a 12-piece stoneware dinner set", 180.0), ("a framed wall mirror", 95.0), ("an espresso machine", 649.0),
            ("a set of six crystal wine glasses", 120.0), ("a refurbished laptop", 530.0), ("a table lamp with glass shade", 78.0)]
ITEMS_EXCL = [("cash (about £300) in a greetings card", 300.0), ("a gold necklace with a pendant", 1250.0),
              ("three potted orchids (live plants)", 85.0), ("frozen seafood packed with ice packs", 160.0),
              ("an original oil painting", 2200.0), ("prepaid gift cards", 500.0)]
PACK_OK = ["It was double-boxed with bubble wrap and foam corners, the way the shop packs everything.",
           "I packed it in the original manufacturer box with the polystyrene inserts, inside a second carton.",
           "Wrapped in two layers of bubble wrap, crumpled paper filling the gaps, 'FRAGILE' stickers on all sides.",
           "It went in a purpose-made padded box with foam blocks at both ends."]
PACK_BAD = ["To be honest I just put it in a padded envelope because that's all I had.",
            "It was in a plastic mailing bag with a bit of tissue paper around it.",
            "I reused a box that was a bit too big and didn't put any padding in, it could move around.",
            "It was wrapped in a bin bag and taped up, no box."]
DMG_FULL = ["When I opened it, it was completely smashed, there is nothing salvageable.",
            "It's broken beyond repair, cracked right through and it won't work at all.",
            "It arrived in pieces. Total write-off.",
            "It's shattered, I could hear it rattling in pieces before I even opened the box."]
DMG_PART = ["Two of the pieces were broken but the rest are fine.", "There's a dent and a scratch on one side; it still works. A local repair shop quoted £65 to fix it.",
            "One corner is chipped, the rest of it is intact.", "The glass shade broke but the lamp base is undamaged, a replacement shade is about £25."]
EVID_YES = ["I've attached photos of the outer box, the packing and the damage.", "Photos of the parcel and contents are uploaded with this form.",
            "Pictures attached, including the crushed corner of the box and the label."]
EVID_NO = ["I didn't think to take photos and the box has gone out with the recycling, sorry.", "I haven't got any pictures, my partner threw the packaging away before I got home.",
           "No photos, I was in a rush and binned everything."]
OPEN = ["Hello, I'm writing about parcel {t} which was delivered on {d}.", "Hi, my parcel ({t}) came on {d} and I need to make a claim.",
        "Good afternoon. Tracking number {t}, delivered {d}.", "To whom it may concern, regarding consignment {t} delivered on {d}:"]
CLOSE = ["Please let me know what happens next.", "I'd like the value refunded please.", "Can someone get back to me this week?",
         "I've been a customer for years and this has never happened before.", "Thanks in advance."]
SPANISH = {"pay_full": "Procede pago total del valor declarado.", "pay_partial": "Pago parcial según presupuesto de reparación.",
           "deny_packaging": "Se rechaza: embalaje insuficiente para artículo frágil.", "deny_excluded_item": "Se rechaza: artículo excluido según condiciones de tarifa.",
           "request_evidence": "Solicitar fotos al remitente antes de resolver."}
EMAILTPL = {"pay_full": "CLM-PAY-FULL-01", "pay_partial": "CLM-PAY-PART-03", "deny_packaging": "CLM-DEN-PKG-02",
            "deny_excluded_item": "CLM-DEN-EXCL-01", "request_evidence": "CLM-EVID-REQ-04"}
EVTCODE = {"pay_full": "PF", "pay_partial": "PP", "deny_packaging": "DP", "deny_excluded_item": "DX", "request_evidence": "RE"}


def _scans(rng, d):
    import datetime as dt
    end = dt.datetime.fromisoformat(d) + dt.timedelta(hours=rng.randint(9, 17), minutes=rng.randint(0, 59))
    evs = ["Collected", rng.choice(["At hub: Hinckley", "At hub: Warrington", "At hub: Bristol"]), "Out for delivery", "Delivered"]
    gaps = [rng.randint(20, 40), rng.randint(8, 20), rng.randint(1, 6), 0]
    out, t = [], end
    for e, g in zip(reversed(evs), reversed(gaps)):
        t = t - dt.timedelta(hours=g)
        out.append({"at": t.strftime("%Y-%m-%dT%H:%M:00Z"), "event": e})
    return list(reversed(out))


def courier():
    rng = random.Random(1107)
    n = 155
    labs = balanced_labels(rng, CD, n)
    leaks = choose_leaks(rng, n, 0.55)
    out = []
    for i, lab in enumerate(labs):
        trk = f"JD{digits(rng, 16)}" if rng.random() < .5 else f"1Z{hexid(rng, 6).upper()}{digits(rng, 10)}"
        d = when(rng, fmt="date")
        photos = rng.randint(2, 7)
        if lab == "deny_excluded_item":
            item, val = rng.choice(ITEMS_EXCL)
            parts = [f"I sent {item}.", rng.choice(PACK_OK), rng.choice(["It arrived damaged and unusable.", "The contents were ruined when it finally arrived.", "Half of it was missing or damaged."]), rng.choice(EVID_YES)]
        else:
            item, val = rng.choice(ITEMS_OK)
            pack = rng.choice(PACK_BAD if lab == "deny_packaging" else PACK_OK)
            dmg = rng.choice(DMG_PART if lab == "pay_partial" else DMG_FULL if lab in ("pay_full", "request_evidence") else DMG_FULL + DMG_PART)
            ev = rng.choice(EVID_NO if lab == "request_evidence" else EVID_YES)
            if lab == "request_evidence":
                photos = 0
            parts = [rng.choice([f"The parcel contained {item}.", f"Inside was {item} I'd bought for my mum's birthday.", f"I was sending {item} to a buyer on eBay."]), pack, dmg, ev]
        val = round(val * rng.uniform(0.85, 1.2), 2)
        stmt = " ".join(x for x in [rng.choice(OPEN).format(t=trk, d=d)] + parts + [rng.choice(["The box itself looked like it had been dropped from a height.", "The driver left it on the doorstep.", "The outer box had a big crush on one corner.", ""]), rng.choice(CLOSE)] if x)
        p = {
            "instruction": ("Decide the claim per the tariff: excluded items (cash, jewellery, live plants, perishables, artwork, gift cards) -> deny_excluded_item; "
                            "no photographic evidence -> request_evidence; fragile item without adequate protective packaging -> deny_packaging; "
                            "otherwise pay_partial if the item is repairable or partly damaged, pay_full if it is a total loss."),
            "claim": {"claim_ref": f"CLM-{d[:4]}-{digits(rng, 6)}", "submitted": when(rng, d, 12), "claimant": name(rng),
                      "declared_value_gbp": val, "photos_attached": photos, "customer_statement": stmt},
            "shipment": {"tracking": trk, "service": rng.choice(["Next Day", "48h Tracked", "Economy 3-5 day", "Next Day by 12"]),
                         "scan_events": _scans(rng, d),
                         "weight_kg": round(rng.uniform(0.3, 14), 2)},
        }
        leak = i in leaks
        if leak:
            for f in rng.sample(["settle", "spanish", "email", "raw"], rng.choice([1, 1, 2])):
                if f == "settle":
                    amt = {"pay_full": val, "pay_partial": round(val * rng.uniform(0.15, 0.55), 2), "deny_packaging": 0.0,
                           "deny_excluded_item": 0.0, "request_evidence": None}[lab]
                    reason = {"deny_packaging": "R14", "deny_excluded_item": "R09"}.get(lab, "-")
                    p["settlement_calc"] = {"approved_amount_gbp": amt, "declined_reason_code": reason, "calc_version": "3.1"}
                elif f == "spanish":
                    p["adjuster_notes"] = [{"by": rng.choice(["mgarcia", "jlopez", "areyes"]) + "@claims-ops-madrid", "text": SPANISH[lab]}]
                elif f == "email":
                    p["outbound_queue"] = [{"channel": "email", "template": EMAILTPL[lab], "to": "claimant", "status": "draft"}]
                else:
                    p["event_log"] = [json.dumps({"evt": "claim.triaged", "ts": when(rng), "code": EVTCODE[lab], "src": "rules-v7"})]
        else:
            if rng.random() < .35:
                p["adjuster_notes"] = [{"by": rng.choice(["mgarcia", "jlopez", "areyes"]) + "@claims-ops-madrid", "text": rng.choice(["Reclamación recibida, pendiente de revisión.", "Asignado a la cola general."])}]
            if rng.random() < .3:
                p["event_log"] = [json.dumps({"evt": "claim.received", "ts": when(rng), "src": "webform"})]
        out.append(rec("courier_damage_claims", i, lab, CD, p, leak))
    meta = {"derive_from": ["/claim/customer_statement", "/claim/photos_attached", "/claim/declared_value_gbp", "/instruction"],
            "note": "The decision is derived from the claimant's free-text statement (item, packaging, damage, evidence) plus the photo count, under the tariff rules in the instruction."}
    return "courier_damage_claims", out, meta


# ---------------------------------------------------------------- school bus incidents
SB = ["student behavior", "vehicle collision", "medical emergency", "student left on bus", "route delay"]
SB_EVENTS = {
    "student behavior": ["two 7th graders started shoving each other over a seat and one threw a punch. I stopped the bus at a safe spot and separated them, moved one to the front seat.",
                         "a group in the back was throwing pencils and a water bottle at the younger kids. Told them three times to stop. One student refused to give his name.",
                         "I smelled vape and saw a student blowing it into her backpack. She denied it. Another student said she does it every afternoon.",
                         "a 4th grader stood up repeatedly while the bus was moving and would not sit down, yelled at me when I asked him to. Called dispatch to notify school."],
    "vehicle collision": ["a pickup truck backing out of a driveway struck the right rear corner of the bus. We were moving about 5 mph. Exchanged info with the driver, police report taken.",
                          "while turning right onto Maple, the mirror on the right side clipped a parked delivery van. Mirror housing cracked, van has a scrape.",
                          "we were stopped at the red light at Route 9 and got rear-ended by a sedan. Felt a jolt, checked all students, nobody complaining of pain. PD on scene.",
                          "a car ran the stop arm and hit the front bumper as I was pulling away from the stop. Airbags deployed in the car."],
    "medical emergency": ["a student started having a seizure in seat 6, shaking and unresponsive. I pulled over, called 911 and dispatch, kept other kids away. EMS took her to St. Mary's.",
                          "a kindergartner said his throat felt funny after eating a granola bar someone gave him, his lips were swelling. He had an EpiPen in his bag; I called 911.",
                          "a student was wheezing hard and couldn't find his inhaler. We stopped and waited for EMS, he was able to use a spare from the first aid kit per the nurse on the phone.",
                          "a high schooler fainted while standing up to get off, hit her head on the seat back. She came to after a minute; parent and EMS called."],
    "student left on bus": ["during my post-trip child check at the depot I found a kindergartner asleep under seat 11. He had missed his stop at Oak Ridge Elementary by about 40 minutes.",
                            "after parking at the yard, another driver walking past saw a small child waving from the window of my bus. I had not done a full walk to the back.",
                            "a parent called dispatch saying her son never got off at stop 14. I checked the bus at the yard and found him in the last row, he had fallen asleep.",
                            "the child check alarm went off when I shut the engine down and I found a first grader still sitting in the middle of the bus."],
    "route delay": ["the road at Hillcrest was closed for a water main break so I had to detour through Pine St; we arrived at school 25 minutes late.",
                    "heavy snow, plows hadn't done the back roads, we crawled the whole route and were 35 minutes behind.",
                    "I was a substitute on this route and missed the turn for the Creekside loop, had to circle back, about 20 minutes late to the last 5 stops.",
                    "a train stopped on the crossing at Depot Rd for almost 15 minutes, no way around it."],
}
SB_TAIL = ["No students were hurt.", "All students accounted for at the end of the run.", "Parents were notified by the school.",
           "Dispatch was informed by radio.", "Camera footage should show the whole thing.", "Principal was told when we arrived.", ""]
SB_FORMS = {"student behavior": "Bus Conduct Referral BCR-2", "vehicle collision": "Accident Report A-7 / MV-104",
            "medical emergency": "Nurse Incident Report NIR-1", "student left on bus": "Child Check Failure Report CCF-1",
            "route delay": "Late Run Log LR-3"}
SB_NOTIFY = {"student behavior": ["asst.principal@{s}", "transportation.office@district"],
             "vehicle collision": ["risk.management@district", "fleet.shop@district", "insurance.claims@district"],
             "medical emergency": ["health.services@district", "nurse@{s}"],
             "student left on bus": ["transportation.director@district", "superintendent.office@district", "hr.investigations@district"],
             "route delay": ["parent-alerts-sms@district"]}
SB_BOT = {"student behavior": "discipline", "vehicle collision": "crash", "medical emergency": "health",
          "student left on bus": "child_check", "route delay": "lateness"}
SB_PATH = {"student behavior": "BEH", "vehicle collision": "COLL", "medical emergency": "MED", "student left on bus": "CCF", "route delay": "DLY"}
SB_SUP = {"student behavior": "talk to the AP about seating chart, this is a conduct thing",
          "vehicle collision": "get the bus to the shop for an inspection before it runs tomorrow, logging as an accident",
          "medical emergency": "logging as a health call, nurse to follow up with family",
          "student left on bus": "this is a child-check failure, driver off the road pending retraining",
          "route delay": "just a late run, nothing else to file"}
SCHOOLS = ["Oak Ridge Elementary", "Lincoln Middle School", "Westfield High", "Creekside Elementary", "Jefferson Academy", "Riverbend K-8"]


def schoolbus():
    rng = random.Random(1108)
    n = 145
    labs = balanced_labels(rng, SB, n)
    leaks = choose_leaks(rng, n, 0.4)
    out = []
    for i, lab in enumerate(labs):
        school = rng.choice(SCHOOLS)
        t = rng.choice(["6:52", "7:10", "7:34", "14:48", "15:12", "15:40", "16:05"])
        nar = (f"Route {rng.randint(1, 64)} {rng.choice(['AM', 'PM'])} run to {school}. At about {t} "
               + rng.choice(SB_EVENTS[lab]) + " " + rng.choice(SB_TAIL) + " " + rng.choice(["", "Students on board: %d." % rng.randint(8, 62), "Weather was clear.", "It was raining lightly."]))
        p = {
            "instruction": "Classify the incident reported by the driver into one category: " + ", ".join(SB) + ".",
            "report": {"report_id": f"TR-{rng.randint(2024, 2025)}-{digits(rng, 5)}", "bus_no": str(rng.randint(100, 480)),
                       "driver": name(rng), "school": school, "filed_at": when(rng), "driver_narrative": nar.strip()},
            "telematics": {"gps_speed_mph_at_report": rng.randint(0, 38), "engine_hours": rng.randint(2100, 19000),
                           "camera_clip_requested": rng.choice([True, False])},
        }
        leak = i in leaks
        if leak:
            for f in rng.sample(["forms", "notify", "bot", "path", "sup"], rng.choice([1, 2])):
                if f == "forms":
                    p["forms_generated"] = [SB_FORMS[lab]]
                elif f == "notify":
                    p["notification_list"] = [x.format(s=school.lower().replace(" ", "") + ".k12.example") for x in SB_NOTIFY[lab]]
                elif f == "bot":
                    p["triage_bot"] = {"category_guess": SB_BOT[lab], "score": round(rng.uniform(0.7, 0.99), 2)}
                elif f == "path":
                    p["case_folder"] = f"\\\\fs01\\transport\\incidents\\{rng.randint(2024, 2025)}\\{SB_PATH[lab]}\\{p['report']['report_id']}"
                else:
                    p["supervisor_comment"] = SB_SUP[lab]
        else:
            if rng.random() < .4:
                p["case_folder"] = f"\\\\fs01\\transport\\incidents\\{rng.randint(2024, 2025)}\\INBOX\\{p['report']['report_id']}"
            if rng.random() < .3:
                p["supervisor_comment"] = rng.choice(["received, will review Monday", "pull the camera footage please", "driver called in, see narrative"])
        out.append(rec("school_bus_incidents", i, lab, SB, p, leak))
    meta = {"derive_from": ["/report/driver_narrative"],
            "note": "Category should be read from the driver's narrative only."}
    return "school_bus_incidents", out, meta


# ---------------------------------------------------------------- journal desk decision
JD = ["reject_scope", "reject_quality", "send_to_review"]
JOURNALS = {
    "Journal of Freshwater Ecology and Hydrology": ("JFEH", "Freshwater ecosystems: rivers, lakes, wetlands and groundwater; aquatic biodiversity; catchment hydrology. Marine, coastal-ocean and purely engineering (pipe networks, treatment plants) studies are out of scope."),
    "Computational Linguistics Letters": ("CLL", "Computational methods for language: parsing, corpus methods, language models, speech and text processing. Pedagogy of language teaching and general AI-policy essays are out of scope."),
    "Materials for Energy Storage": ("MES", "Materials science of batteries, supercapacitors and hydrogen storage: electrodes, electrolytes, characterisation. Photovoltaic devices and energy-policy or grid-economics papers are out of scope."),
}
TOPIC_IN = {
    "JFEH": ["macroinvertebrate community recovery after dam removal on the {r} River", "groundwater-surface water exchange in a lowland chalk stream",
             "eDNA detection of invasive crayfish across {k} lakes", "wetland nitrogen retention under drought"],
    "CLL": ["a dependency parser for low-resource {lang}", "tokenisation effects on morphologically rich languages",
            "evaluating retrieval-augmented language models on legal question answering", "a speech corpus of regional {lang} dialects"],
    "MES": ["silicon-graphite composite anodes with a self-healing binder", "a solid polymer electrolyte for lithium-metal cells",
            "sodium-ion cathodes based on Prussian blue analogues", "MXene electrodes for high-rate supercapacitors"],
}
TOPIC_OUT = {
    "JFEH": ["coral bleaching thresholds on the Great Barrier Reef", "leak detection in municipal water distribution pipes using acoustic sensors",
             "seagrass carbon storage in a coastal lagoon"],
    "CLL": ["student motivation in secondary-school French classes", "an ethical framework for AI in public administration",
            "teaching grammar through drama in EFL classrooms"],
    "MES": ["perovskite solar cell efficiency under humidity", "a policy analysis of feed-in tariffs in Southeast Asia",
            "optimal dispatch of gas peakers in a congested grid"],
}
GOOD = {"JFEH": ["We sampled {n} sites over {y} years using a preregistered BACI design with upstream reference reaches.",
                 "Community metrics were modelled with mixed-effects models and validated against an independent survey year; data and code are archived."],
        "CLL": ["We evaluate on {y} held-out test sets against strong published baselines, with significance testing across five random seeds.",
                "All annotation was double-coded (Cohen's kappa 0.84) and the corpus and code are released under an open licence."],
        "MES": ["Measurements were performed in triplicate on independently synthesised batches, with full electrochemical characterisation over {c} cycles.",
                "Post-mortem XPS and SEM analyses support the proposed mechanism, and results are benchmarked against commercial reference electrodes."]}
BAD = {"JFEH": ["Data come from a single site sampled on one day (n = {s}), without a control or reference condition.",
                "The methods section describes the sampling only as 'standard procedures'."],
       "CLL": ["The model was tested on {s} hand-picked example sentences and no baseline comparison was performed.",
               "We show that our method is clearly the best approach ever proposed; results will be quantified in a follow-up paper."],
       "MES": ["Performance was measured on one coin cell over {s} cycles and no error bars are provided.",
               "Results are preliminary; the synthesis route is not described and will be reported in a follow-up paper."]}
COVER = ["Dear Editor, please find enclosed our manuscript, which we believe fits the journal well.",
         "Dear Prof. {e}, we are pleased to submit our original research article for your consideration.",
         "To the editorial office: this work has not been submitted elsewhere. All authors approved the submission.",
         "Dear Editor-in-Chief, our study offers new insight that will interest your readers. We suggest the reviewers listed below."]
WFSTATUS = {"reject_scope": "Decision Letter Drafted (DL-OOS)", "reject_quality": "Decision Letter Drafted (DL-QUAL)", "send_to_review": "Awaiting Reviewer Selection"}
EDNOTE = {"reject_scope": ["hors du champ de la revue, proposer un transfert", "fuera del ámbito de la revista", "passt thematisch nicht zur Zeitschrift"],
          "reject_quality": ["méthodologie insuffisante, rejet sans évaluation", "calidad insuficiente para enviar a revisores", "methodisch zu schwach, nicht begutachten"],
          "send_to_review": ["à envoyer aux rapporteurs", "enviar a revisión por pares", "bitte an Gutachter weiterleiten"]}
LOGTPL = {"reject_scope": "DL_OutOfScope_v2", "reject_quality": "DL_DeskRejectQuality_v4", "send_to_review": "INV_ReviewerInvite_v7"}


def journal():
    rng = random.Random(1109)
    n = 126
    labs = balanced_labels(rng, JD, n)
    leaks = set(range(n))  # every record leaks through at least one channel
    out = []
    for i, lab in enumerate(labs):
        jname = rng.choice(list(JOURNALS))
        code, scope = JOURNALS[jname]
        fill = dict(r=rng.choice(["Elwha", "Sélune", "Kennebec", "Ain"]), k=rng.randint(12, 140), lang=rng.choice(["Yoruba", "Basque", "Quechua", "Faroese"]),
                    n=rng.randint(24, 310), y=rng.randint(3, 15), c=rng.choice([500, 1000, 2000]), s=rng.randint(3, 12), e=rng.choice(["Lindqvist", "Okafor", "Tanaka"]))
        topic = rng.choice(TOPIC_OUT[code] if lab == "reject_scope" else TOPIC_IN[code]).format(**fill)
        meth = (BAD if lab == "reject_quality" else GOOD)[code][:]
        rng.shuffle(meth)
        abstract = (f"{rng.choice(['This study examines', 'We investigate', 'Here we report on', 'This paper presents'])} {topic}. "
                    + " ".join(m.format(**fill) for m in meth) + " "
                    + rng.choice(["Implications for management and future research are discussed.", "We discuss limitations and next steps.",
                                  "These findings have broad relevance.", "Our results open new avenues for the field."]))
        ms = f"{code}-{rng.randint(2024, 2025)}-{digits(rng, 4)}"
        p = {
            "instruction": "As the handling editor's assistant, recommend a desk outcome: reject_scope, reject_quality or send_to_review.",
            "journal": {"title": jname, "aims_and_scope": scope},
            "submission": {"manuscript_id": ms, "type": rng.choice(["Original Article", "Research Paper", "Short Communication"]),
                           "submitted": when(rng), "corresponding_author": name(rng),
                           "title": topic[0].upper() + topic[1:], "abstract": abstract,
                           "cover_letter": rng.choice(COVER).format(**fill), "word_count": rng.randint(3200, 9800),
                           "similarity_index_pct": rng.randint(3, 19)},
        }
        for f in rng.sample(["status", "note", "reviewers", "log", "hdr"], rng.choice([1, 1, 2])):
            if f == "status":
                p["workflow"] = {"status": WFSTATUS[lab], "since": when(rng)}
            elif f == "note":
                p["editor_notes"] = [{"by": "EiC", "text": rng.choice(EDNOTE[lab])}]
            elif f == "reviewers":
                p["workflow"] = {"reviewers_invited": rng.randint(2, 5) if lab == "send_to_review" else 0,
                                 "transfer_offer": "Discover Environment" if lab == "reject_scope" else None}
            elif f == "log":
                p["system_log"] = [f"{when(rng).replace('T', ' ').rstrip('Z')} INFO tmpl.render id={LOGTPL[lab]} ms={ms}"]
            else:
                p["email_headers"] = {"X-EM-Context": b64(json.dumps({"ms": ms, "action": lab}))}
        out.append(rec("journal_desk_decision", i, lab, JD, p, True))
    meta = {"derive_from": ["/journal/aims_and_scope", "/submission/title", "/submission/abstract", "/submission/cover_letter"],
            "note": "Editors decide from the abstract and cover letter against the journal's aims and scope."}
    return "journal_desk_decision", out, meta


GENS = [courier, schoolbus, journal]
