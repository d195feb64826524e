"""Clean datasets, part B: chimney inspection level, provisional ballot adjudication."""
from helpers import *


# ---------------------------------------------------------------- chimney_inspection_level (clean)
def chimney_inspection_level(manifest):
    rng = random.Random(1613)
    name = "chimney_inspection_level"
    labels = ["Level 1", "Level 2", "Level 3"]
    n = 133
    targets = balanced_labels(rng, labels, n, [4, 4, 1.5])
    triggers = {
        "Level 1": ["Annual sweep, same wood stove since 2015, no changes, burned about 3 cords last winter.",
                    "Routine yearly cleaning of the fireplace flue. Nothing new, no problems noticed.",
                    "Customer wants the usual fall cleaning before heating season; insert and liner unchanged.",
                    "Regular maintenance visit for the oil furnace flue, same appliance, no events."],
        "Level 2": ["House is under contract; buyer's agent requested a chimney inspection before closing.",
                    "Replacing the open fireplace with a gas insert next month, want the flue checked first.",
                    "Had a chimney fire last Saturday, loud roaring and flakes of creosote on the roof.",
                    "Switching the boiler from oil to natural gas; flue will now vent the new appliance.",
                    "Lightning struck the chimney crown during the storm, bricks on the lawn.",
                    "Small earthquake last week; hairline cracks in the chimney breast inside."],
        "Level 3": ["Your tech's camera scan at the last visit showed a cracked flue tile behind the chase; we now smell smoke "
                    "in the upstairs closet and the framing there feels warm. Need whatever removal is required to see it.",
                    "After last month's video inspection found a gap at the thimble, the insurer wants the concealed "
                    "section behind the drywall opened to check for charring of the framing.",
                    "The scan report flagged a suspected hidden hazard in the smoke chamber that cannot be reached "
                    "without removing the firebox; homeowner approved removing it."]}
    rows = []
    for i, t in enumerate(targets):
        prop_type = rng.choice(["single-family", "single-family", "condo", "townhouse", "duplex"])
        prop = {"type": prop_type, "year_built": rng.randint(1895, 2012), "chimney": rng.choice(["masonry, clay tile liner", "masonry, unlined",
                "factory-built (prefab)", "masonry, stainless liner"]), "stories": rng.randint(1, 3)}
        if prop_type == "condo":
            prop["unit_location"] = rng.choice(["Level 1", "Level 2", "Level 3", "Level 4"])
        appl = rng.choice(["wood stove", "fireplace insert", "open masonry fireplace", "oil furnace", "gas boiler", "pellet stove"])
        call = rng.choice(triggers[t])
        extras = []
        if rng.random() < 0.35:
            extras.append(rng.choice(["Customer asked for a Level 1 if possible to keep cost down.",
                                      "Customer read online that they might need a Level 2.",
                                      "Caller asked whether a Level 3 would ever be necessary; told we'd know after looking.",
                                      "Dog in the yard, use side gate.", "Water level in the basement sump high; avoid the basement door.",
                                      "Roof access from ground level is fine, 6/12 pitch."]))
        prior = []
        for _ in range(rng.randint(0, 3)):
            prior.append({"date": rdate(rng, (2016, 1, 1), (2024, 6, 30)).isoformat(), "service": rng.choice(["sweep + Level 1 inspection",
                          "sweep", "cap installation", "Level 1 inspection"]), "creosote_stage": rng.choice([1, 1, 2, 2, 3])})
        prior.sort(key=lambda x: x["date"])
        job = {"job_no": f"J{rng.randint(24000, 26999)}", "requested": rdate(rng, (2024, 8, 1), (2025, 11, 30)).isoformat(),
               "customer_tier": rng.choice(["Level 1 (Basic)", "Level 2 (Plus)", "Level 3 (Premium)", None]),
               "tech": person(rng)}
        if job["customer_tier"] is None:
            del job["customer_tier"]
        proj = {"instruction": "Per NFPA 211, decide which inspection level this visit requires: Level 1, Level 2 or "
                               "Level 3. Disclaimer text is standard on all jobs: 'Inspection levels are defined by NFPA 211, "
                               "Level 1 through Level 3; see https://www.csia.org/ for descriptions.'",
                "job": job, "property": prop, "appliance": {"type": appl, "installed": rng.randint(1990, 2024)},
                "call_notes": " ".join([call] + extras), "service_history": prior}
        if not prior and rng.random() < 0.5:
            del proj["service_history"]
        rows.append((t, proj, False))
    meta = {"derive_from": ["/call_notes", "/appliance", "/service_history"],
            "note": "Level follows NFPA 211: routine unchanged use -> Level 1; sale/transfer, appliance or fuel change, "
                    "chimney fire or other damaging event -> Level 2; concealed hazard suspected after a Level 2 needing "
                    "removal of components -> Level 3. Customer tier and unit floor are unrelated."}
    write_dataset(name, labels, rows, meta, manifest)
    return {"task": "NFPA 211 chimney inspection level for a service call",
            "traps": "CRM customer_tier 'Level 1/2/3' (random); condo unit floor 'Level 2'; creosote stage numbers; service history of past 'Level 1 inspection'; customer's own requested/assumed level (random); boilerplate disclaimer + URL naming every level; 'water level', 'ground level'"}


# ---------------------------------------------------------------- provisional_ballot_review (clean)
def provisional_ballot_review(manifest):
    rng = random.Random(1614)
    name = "provisional_ballot_review"
    labels = ["counted", "partially counted", "not counted"]
    n = 191
    targets = balanced_labels(rng, labels, n, [5, 2, 3])
    rows = []
    precincts = [f"{rng.randint(1, 9)}{rng.randint(0, 9)}{rng.randint(0, 9)}" for _ in range(40)]
    for i, t in enumerate(targets):
        pv = rng.choice(precincts)
        reg = {"found": True, "status": rng.choice(["Active", "Active", "Inactive"]), "county": "this county",
               "registration_date": rdate(rng, (1990, 1, 1), (2024, 9, 30)).isoformat(), "residential_precinct": pv}
        id_cure = {"required": False}
        mail = {"mail_ballot_issued": rng.random() < 0.2, "mail_ballot_returned": False}
        reason = rng.choice(["name not in poll book", "address changed", "voter requested mail ballot", "ID not presented"])
        if t == "counted":
            if reason == "ID not presented":
                id_cure = {"required": True, "deadline": "2024-11-12", "cured_on": rdate(rng, (2024, 11, 6), (2024, 11, 12)).isoformat(),
                           "document": rng.choice(["driver license", "utility bill", "passport"])}
            if reason == "voter requested mail ballot":
                mail["mail_ballot_issued"] = True
        elif t == "partially counted":
            reg["residential_precinct"] = rng.choice([p for p in precincts if p != pv])
            reason = rng.choice(["name not in poll book", "address changed"])
        else:
            k = rng.choice(["unreg", "late", "id", "mail", "othercounty"])
            if k == "unreg":
                reg = {"found": False, "searched": ["name", "DOB", "DL number", "last 4 SSN"], "statewide_match": None}
            elif k == "late":
                reg["registration_date"] = rdate(rng, (2024, 10, 16), (2024, 11, 4)).isoformat()
                reg["note"] = "registration deadline was 2024-10-15; no same-day registration in this state"
            elif k == "id":
                reason = "ID not presented"
                id_cure = {"required": True, "deadline": "2024-11-12", "cured_on": None}
            elif k == "mail":
                reason = "voter requested mail ballot"
                mail = {"mail_ballot_issued": True, "mail_ballot_returned": True, "returned_on": rdate(rng, (2024, 10, 10), (2024, 11, 1)).isoformat()}
            else:
                reg["county"] = rng.choice(["Lake County", "Harlan County", "Marion County"])
                reg["note"] = "registered in another county; no cross-county ballot in this state"
        history = []
        for y in rng.sample(["2016 General", "2018 General", "2020 Primary", "2020 General", "2022 Primary", "2022 General"], rng.randint(0, 3)):
            history.append({"election": y, "method": rng.choice(["in person", "mail", "provisional"]),
                            "status": rng.choice(["counted", "counted", "partially counted", "not counted"])})
        env = {"envelope_id": f"PV-2024-{rng.randint(1, 99999):05d}", "election": "2024 General", "precinct_voted": pv,
               "ballot_style": f"BS-{rng.randint(1, 40):02d}", "reason": reason,
               "affirmation_signed": True}
        proj = {"instruction": "Adjudicate this provisional ballot under state law (out-of-precinct ballots count only "
                               "for contests the voter was eligible for). Status codes for the report: counted, partially "
                               "counted, not counted.",
                "envelope": env, "registration_lookup": reg, "id_cure": id_cure, "mail_ballot_check": mail,
                "voter_history": history}
        if rng.random() < 0.4:
            proj["board_notes"] = rng.choice(["Judges counted 14 envelopes in this batch; seal intact.",
                                              "Envelope slightly torn at flap, contents intact.",
                                              "Poll worker counted the roster twice to confirm name absent.",
                                              "Voter said she was not counted in 2020 and wanted to be sure this time.",
                                              "Batch 7 of 12 reviewed by bipartisan team."])
        if not history and rng.random() < 0.5:
            del proj["voter_history"]
        rows.append((t, proj, False))
    meta = {"derive_from": ["/envelope", "/registration_lookup", "/id_cure", "/mail_ballot_check"],
            "note": "Not counted if not registered in time/in county, ID not cured by the deadline, or a mail ballot "
                    "was already returned; partially counted if registered in a different precinct of the county; "
                    "otherwise counted. Voter history is from earlier elections."}
    write_dataset(name, labels, rows, meta, manifest)
    return {"task": "provisional ballot adjudication",
            "traps": "voter history with statuses from earlier elections (random); status-code legend in instruction; 'counted' in ordinary sense in board notes ('judges counted 14 envelopes', 'not counted in 2020'); ballot style/precinct codes"}
