"""Leaking datasets part B: building permit review track, veterinary phone triage, nonprofit grant decision."""
import random
from common import *

# ---------------------------------------------------------------- 4. building permit review track
PL = ["OTC", "Standard Plan Review", "Major Plan Review", "Incomplete"]
SCOPES = {
    "OTC": ["Replace {n} windows in kind, same size and location, no structural work.",
            "Kitchen remodel: replace cabinets and countertops, relocate sink {n} ft, no wall removal.",
            "Re-roof existing single-family dwelling, tear off and replace asphalt shingles, approx {sq} sq ft.",
            "Bathroom remodel in existing footprint, replace tub with shower, new tile.",
            "Install {n} new interior non-bearing partition walls in an existing office suite, no change of use.",
            "Replace existing water heater (50 gal gas) in garage, like for like."],
    "Standard Plan Review": ["Remove bearing wall between kitchen and dining room, install LVL beam per engineer's calcs.",
                             "Rear addition of {sq} sq ft to single-family dwelling, one storey.",
                             "Convert detached garage to accessory dwelling unit, new plumbing and electrical.",
                             "New second-floor deck {n}x{n2} ft with stair, attached to house.",
                             "Tenant improvement {sq} sq ft retail, new storefront and accessible restroom.",
                             "Foundation repair: replace {n} linear ft of perimeter footing."],
    "Major Plan Review": ["New 4-storey mixed-use building, ground-floor retail and {n} residential units above.",
                          "Change of occupancy from warehouse (S-1) to assembly (A-2) brewery taproom, {sq} sq ft.",
                          "New construction single-family dwelling {sq} sq ft on vacant lot with retaining walls.",
                          "Vertical addition of third storey to existing two-storey apartment building ({n} units).",
                          "Demolish existing commercial building and construct new {n}-unit townhouse development."],
}
DOCS = ["site_plan", "floor_plans", "structural_calcs", "title24_energy", "owner_authorization", "soils_report"]


def req_docs(track):
    return {"OTC": ["floor_plans", "owner_authorization"],
            "Standard Plan Review": ["site_plan", "floor_plans", "structural_calcs", "owner_authorization"],
            "Major Plan Review": DOCS}[track]


PERMIT_RULES = ("Intake routing: applications missing any required document for their scope are returned as incomplete. "
                "Otherwise, non-structural work in an existing footprint under $75,000 valuation may be issued over the counter. "
                "Structural alterations, additions, ADU conversions and tenant improvements go to standard plan check. "
                "New buildings, change of occupancy, vertical additions, or valuation over $1,000,000 require major plan review. "
                "Required documents: OTC - floor plans, owner authorization; standard - plus site plan and structural calcs; "
                "major - all of site plan, floor plans, structural calcs, Title 24 energy, owner authorization and soils report.")


def gen_permits():
    rng = random.Random(804)
    recs = []
    for i in range(150):
        lab = rng.choice(PL)
        track = lab if lab != "Incomplete" else rng.choice(PL[:3])
        scope = rng.choice(SCOPES[track]).format(n=rng.randrange(2, 14), n2=rng.randrange(8, 20), sq=rng.randrange(300, 9000))
        val = {"OTC": rng.randrange(4000, 74000), "Standard Plan Review": rng.randrange(40000, 900000),
               "Major Plan Review": rng.randrange(600000, 14000000)}[track]
        req = req_docs(track)
        docs = {d: (d in req or rng.random() < .35) for d in DOCS}
        if lab == "Incomplete":
            for d in rng.sample(req, rng.choice([1, 1, 2])):
                docs[d] = False
        d = ts(rng, hours=(8, 16))
        appno = f"{d:%Y%m}{rng.randrange(10000, 99999)}"
        proj = {
            "task": "Route this building permit application to a review track.",
            "intake_rules": PERMIT_RULES,
            "application": {"application_no": appno, "submitted": iso(d),
                            "parcel": f"{rng.randrange(1000, 9999)}-{rng.randrange(100, 999)}-{rng.randrange(10, 99)}",
                            "address": f"{rng.randrange(10, 4999)} {rng.choice(['Alder St', 'Mission Blvd', 'Oak Ave', 'Harbor Way', '23rd St', 'Cedar Ct', 'Lincoln Rd'])}",
                            "applicant": name(rng), "applicant_role": rng.choice(["owner", "contractor", "architect", "agent"]),
                            "contractor_license": f"CSLB {rng.randrange(400000, 1099999)}" if rng.random() < .7 else None,
                            "scope_of_work": scope, "declared_valuation_usd": val,
                            "existing_use": rng.choice(["R-3 single family", "R-2 apartments", "B office", "M retail", "S-1 storage"])},
            "documents_received": docs,
            "status": "Received",
            "routing": {"queue": "INTAKE"},
        }
        leak = rng.random() < 0.5
        if leak:
            for fm in rng.sample(["queue", "status", "upstream", "portal", "email", "fee"], rng.choice([1, 2])):
                if fm == "queue":
                    proj["routing"]["queue"] = {"OTC": "COUNTER-3", "Standard Plan Review": "PLANCHECK-GEN",
                                                "Major Plan Review": "PLANCHECK-MAJ", "Incomplete": "INTAKE-HOLD"}[lab]
                elif fm == "status":
                    proj["status"] = {"OTC": "Issued", "Standard Plan Review": "In Plan Check - Cycle 1",
                                      "Major Plan Review": "Distributed to Agencies", "Incomplete": "Awaiting Resubmittal"}[lab]
                elif fm == "upstream":
                    proj["ePermit_assistant"] = {"predicted_track": {"OTC": "over_the_counter", "Standard Plan Review": "standard_plan_review",
                                                                     "Major Plan Review": "major_plan_review", "Incomplete": "return_incomplete"}[lab],
                                                 "confidence": round(rng.uniform(.7, .99), 2)}
                elif fm == "portal":
                    proj["portal_session"] = {"state_token": b64(json_dumps({"app": appno, "step": "review",
                                                                            "trk": {"OTC": "OTC", "Standard Plan Review": "STD",
                                                                                    "Major Plan Review": "MAJ", "Incomplete": "INC"}[lab]}))}
                elif fm == "email":
                    proj["correspondence"] = [{"from": "permitcenter@cityofalder.gov", "to": "applicant", "body": {
                        "OTC": "Your permit can be printed at the counter today, please bring photo ID.",
                        "Standard Plan Review": "Your plans have been routed to a plans examiner; expect first comments in 3-4 weeks.",
                        "Major Plan Review": "Your project has been distributed to Building, Fire, Planning and Public Works for full review.",
                        "Incomplete": "We cannot accept the submittal as-is. Please upload the missing items listed below and resubmit."}[lab]}]
                elif fm == "fee":
                    proj["fees"] = [{"item": "Permit issuance", "amount": 85.0},
                                    {"item": {"OTC": "Counter processing", "Standard Plan Review": "Plan check (65% of permit fee)",
                                              "Major Plan Review": "Plan check (65%) + Fire/Planning multi-agency review",
                                              "Incomplete": "Resubmittal intake surcharge"}[lab], "amount": round(rng.uniform(60, 9000), 2)}]
        recs.append((lab, proj, leak))
    write("building_permit_track", recs,
          {"label_set": PL, "derive_from": ["/application/scope_of_work", "/application/declared_valuation_usd", "/documents_received", "/intake_rules"],
           "note": "Track follows from scope, valuation and completeness of documents vs the intake rules."},
          "routing queue codes COUNTER-3/PLANCHECK-MAJ/INTAKE-HOLD, application status values (Issued / Awaiting Resubmittal...), upstream ePermit "
          "assistant snake_case track, base64 portal state token with STD/MAJ/OTC/INC, applicant email paraphrase, fee line items", "leaking")


def json_dumps(o):
    import json
    return json.dumps(o, separators=(",", ":"))


# ---------------------------------------------------------------- 5. veterinary phone triage
VL = ["see immediately", "same day", "within 48 hours", "routine"]
VT = {
    "see immediately": [
        "{pet} keeps trying to be sick but nothing comes up, and his belly looks swollen and tight. He's pacing and drooling.",
        "My male cat {pet} has been in and out of the litter tray straining for hours and only a few drops come out. He's crying.",
        "{pet} just ate about half a bag of sugar-free gum, the xylitol kind, maybe twenty minutes ago.",
        "{pet} got clipped by a car on our road, she's breathing fast and won't put weight on her back leg, gums look pale.",
        "{pet} has been fitting for about six minutes now and hasn't come out of it.",
        "{pet} is breathing with her mouth open and her sides are heaving, she's a cat, she never does this.",
        "We think {pet} got into rat poison in the shed, there's a chewed packet. No symptoms yet.",
        "{pet} collapsed on a walk and his gums are grey, he's conscious but very flat."],
    "same day": [
        "{pet} has vomited four times since this morning, still drinking water and wagging, but not interested in breakfast.",
        "{pet} is holding up his front paw and won't put it down since the park this morning, no obvious wound.",
        "{pet}'s left eye is squinting and watering a lot since last night, she keeps pawing at it.",
        "{pet} cut a pad on glass, it's bleeding on and off, I've wrapped it in a tea towel.",
        "{pet} has a hot swollen lump on her cheek that appeared overnight, she's a bit quiet.",
        "Our rabbit {pet} hasn't eaten since yesterday evening and hasn't passed any droppings today."],
    "within 48 hours": [
        "{pet} has had loose stools for two days but is eating normally and full of energy.",
        "{pet} keeps shaking his head and scratching his right ear, it smells a bit.",
        "There's a red moist patch on {pet}'s hip that she keeps licking, started a couple of days ago.",
        "{pet} has a soft cough now and again, mostly when he pulls on the lead, otherwise fine.",
        "{pet} has been drinking a bit more than usual this week, no other changes.",
        "{pet} has a small lump under the skin on her side, soft, doesn't seem to bother her."],
    "routine": [
        "{pet} is due his annual booster, the reminder card came last week.",
        "Could we book {pet} in for a nail clip and a weight check?",
        "{pet} needs his repeat prescription for the thyroid tablets reviewed, running out in about three weeks.",
        "We'd like a dental check for {pet}, his breath has been a bit whiffy for months.",
        "{pet} is six months old now, we want to talk about neutering.",
        "Just registered, {pet} needs a first check-up and microchip details updated."],
}
PETS = ["Biscuit", "Luna", "Max", "Milo", "Bella", "Teddy", "Poppy", "Ollie", "Willow", "Bruno", "Nala", "Loki",
        "Pepper", "Ziggy", "Maple", "Rocco", "Daisy", "Shadow", "Kiwi", "Archie"]
SPECIES = [("dog", ["Labrador", "Cockapoo", "German Shepherd", "Staffie", "Dachshund", "Great Dane", "Border Collie"]),
           ("cat", ["DSH", "Maine Coon", "Siamese", "British Shorthair"]), ("rabbit", ["Lop", "Netherland Dwarf"])]


def gen_vet():
    rng = random.Random(805)
    recs = []
    for i in range(164):
        lab = rng.choice(VL)
        pet = rng.choice(PETS)
        txt = rng.choice(VT[lab]).format(pet=pet)
        if "cat" in txt and "male cat" in txt:
            sp, br = "cat", rng.choice(SPECIES[1][1])
        elif "rabbit" in txt:
            sp, br = "rabbit", rng.choice(SPECIES[2][1])
        elif "she's a cat" in txt:
            sp, br = "cat", rng.choice(SPECIES[1][1])
        else:
            sp, br = rng.choice(SPECIES[:2]) if lab != "see immediately" or "belly" not in txt else SPECIES[0]
            br = rng.choice(br)
        d = ts(rng, hours=(7, 21))
        caller = name(rng)
        proj = {
            "task": "Assign a triage urgency to this phone call.",
            "call": {"call_id": f"CL-{rng.randrange(1000000, 9999999)}", "received": iso(d), "line": rng.choice(["main", "after-hours", "branch-2"]),
                     "caller": caller, "caller_phone": f"07{rng.randrange(100000000, 999999999)}",
                     "transcript": txt + rng.choice(["", " Sorry, I'm a bit panicked.", " What should I do?", " Can someone call me back?",
                                                     " We're about twenty minutes away.", " I don't drive so would need a taxi."])},
            "patient": {"name": pet, "species": sp, "breed": br, "age_years": rng.randrange(0, 15), "weight_kg": round(rng.uniform(*{"dog": (4, 62), "cat": (2.6, 8.5), "rabbit": (1.1, 3.4)}[sp]), 1),
                        "pms_id": f"P{rng.randrange(10000, 99999)}", "insured": rng.random() < .55,
                        "last_visit": (d - __import__('datetime').timedelta(days=rng.randrange(10, 700))).strftime("%Y-%m-%d")},
        }
        leak = rng.random() < 0.6
        if leak:
            for fm in rng.sample(["slot", "emoji", "sms", "fr", "webhook"], rng.choice([1, 1, 2])):
                if fm == "slot":
                    proj["booking"] = {"slot_type": {"see immediately": "EMG-NOW", "same day": "SD-WORKIN", "within 48 hours": "SICK-15",
                                                     "routine": "WELL-30"}[lab], "vet": f"{rng.choice(['Dr', 'Dr'])} {rng.choice(LAST)}"}
                elif fm == "emoji":
                    proj["front_desk_chat"] = [{"user": rng.choice(FIRST), "msg": {"see immediately": "🔴🔴 incoming, prep a kennel",
                                                                                  "same day": "🟠 can we squeeze this one in?",
                                                                                  "within 48 hours": "🟡 booked for sick clinic",
                                                                                  "routine": "🟢 booked"}[lab] + f" - {pet}"}]
                elif fm == "sms":
                    proj["sms_out"] = {"template": {"see immediately": "tmpl_come_in_now_v2", "same day": "tmpl_today_workin",
                                                    "within 48 hours": "tmpl_sick_visit_2d", "routine": "tmpl_wellness_booking"}[lab],
                                       "to": proj["call"]["caller_phone"]}
                elif fm == "fr":
                    proj["nurse_note"] = {"author": f"RVT {name(rng)}", "lang": "fr", "text": {
                        "see immediately": "Urgence : le propriétaire vient immédiatement, prévenir le vétérinaire.",
                        "same day": "À voir aujourd'hui, intégré entre deux consultations.",
                        "within 48 hours": "Rendez-vous dans les deux jours, pas d'urgence.",
                        "routine": "Rendez-vous de routine, à planifier."}[lab]}
                elif fm == "webhook":
                    lvl = {"see immediately": 1, "same day": 2, "within 48 hours": 3, "routine": 4}[lab]
                    proj["integration_log"] = f'{iso(d)} POST /hooks/pms 200 body="{{\\"call\\":\\"{proj["call"]["call_id"]}\\",\\"triage_level\\":{lvl}}}"'
        recs.append((lab, proj, leak))
    write("vet_phone_triage", recs,
          {"label_set": VL, "derive_from": ["/call/transcript", "/patient"],
           "note": "Urgency should come from the caller's description of the animal's signs."},
          "booking slot type codes EMG-NOW/WELL-30, traffic-light emoji in front-desk chat, SMS template ids, French nurse note, "
          "escaped JSON triage_level number in integration log", "leaking")


# ---------------------------------------------------------------- 6. nonprofit grant review decision
GL = ["fund", "fund with conditions", "decline", "invite resubmission"]
ORGS = ["Riverbend Food Pantry", "Eastside Youth Rowing", "Harbor Literacy Project", "Mesa Verde Community Clinic",
        "Second Chance Reentry Network", "Prairie Seed Library", "Northside Tenants Union", "Little Hands Early Learning",
        "Coastal Wetlands Trust", "Open Doors Refugee Services", "Maple Street Arts Collective", "Hilltop Senior Meals",
        "Bridges Mentoring", "Westfield Free Legal Aid", "Green Alley Urban Farm", "Deaf Access Alliance"]
PROJ = ["expand weekend meal distribution to two new sites", "a summer coding camp for 60 middle-schoolers",
        "hire a bilingual case manager", "replace the walk-in freezer and add a delivery van",
        "pilot a peer-mentoring program for first-generation college students", "restore 12 acres of salt marsh",
        "launch a mobile dental clinic", "provide eviction-defense clinics twice a month",
        "train 40 volunteers in ESL tutoring", "fund an after-school arts residency in three schools"]
COMMENT = {
    "hi": ["Clear need documented with county data.", "Strong track record; last grant closed out on time.",
           "Outcomes are measurable and realistic.", "Budget is lean and well justified.", "Excellent community partnerships letters."],
    "mid": ["Need is clear but the evaluation plan is thin.", "Budget includes a salary line without a job description.",
            "Reasonable plan; sustainability after year one unclear.", "Partner MOU referenced but not attached."],
    "lo": ["Outcomes are vague (\"improve lives\").", "Budget does not add up - personnel exceeds total request.",
           "Little evidence the target population was consulted.", "Timeline is unrealistic for a new program.",
           "Organisation has no financial statements on file."],
}
GRUBRIC = ("Panel rubric (1-5 each: need, design, capacity, budget). Average >= 4.2 with no budget flag: fund. "
           "Average >= 3.5 but budget or evaluation flagged: fund with conditions. Average 2.8-3.49: invite resubmission "
           "next cycle. Average below 2.8: decline.")


def gen_grants():
    rng = random.Random(806)
    recs = []
    for i in range(144):
        lab = rng.choice(GL)
        while True:
            if lab == "fund":
                sc = [[rng.choice([4, 5, 5]) for _ in range(4)] for _ in range(3)]
            elif lab == "fund with conditions":
                sc = [[rng.choice([3, 4, 4, 5]) for _ in range(4)] for _ in range(3)]
            elif lab == "invite resubmission":
                sc = [[rng.choice([2, 3, 3, 4]) for _ in range(4)] for _ in range(3)]
            else:
                sc = [[rng.choice([1, 2, 2, 3]) for _ in range(4)] for _ in range(3)]
            avg = sum(map(sum, sc)) / 12
            flag = lab == "fund with conditions"
            ok = {"fund": avg >= 4.2, "fund with conditions": avg >= 3.5, "invite resubmission": 2.8 <= avg < 3.5, "decline": avg < 2.8}[lab]
            if ok:
                break
        tier = "hi" if avg >= 4.2 else "mid" if avg >= 2.8 else "lo"
        revs = []
        for k in range(3):
            cm = rng.sample(COMMENT[tier], 2)
            if flag and k == 0:
                cm = [rng.choice(["Budget flag: indirect rate 28% exceeds our 15% cap.", "Evaluation flag: no baseline data or outcome targets.",
                                  "Budget flag: equipment quote is from 2021, needs updating."])] + cm[:1]
            revs.append({"reviewer": f"R{rng.randrange(10, 99)}", "scores": dict(zip(["need", "design", "capacity", "budget"], sc[k])),
                         "comments": " ".join(cm)})
        org = rng.choice(ORGS)
        req = rng.choice([15000, 20000, 25000, 35000, 40000, 50000, 75000, 100000])
        d = ts(rng, start=(2024, 2, 1), days=250)
        gid = f"{d.year}-{rng.randrange(100, 399)}"
        proj = {
            "task": "Give the panel's funding decision for this proposal.",
            "rubric": GRUBRIC,
            "proposal": {"grant_id": gid, "organisation": org, "ein": f"{rng.randrange(10, 99)}-{rng.randrange(1000000, 9999999)}",
                         "request_usd": req, "summary": f"{org} requests ${req:,} to {rng.choice(PROJ)}.",
                         "annual_budget_usd": rng.randrange(120000, 4800000), "cycle": rng.choice(["Spring 2024", "Fall 2024"])},
            "reviews": revs,
            "gms": {"program_officer": name(rng), "last_modified": iso(d)},
        }
        leak = rng.random() < 0.35
        if leak:
            for fm in rng.sample(["stage", "letter", "docket", "po", "pay"], rng.choice([1, 2])):
                if fm == "stage":
                    proj["gms"]["stage"] = {"fund": "Agreement Drafting", "fund with conditions": "Conditions Pending",
                                            "decline": "Closed", "invite resubmission": "Open - Resubmission Invited"}[lab]
                elif fm == "letter":
                    proj["gms"]["attachments"] = [f"{gid}_" + {"fund": "LTR_AWARD_STD.docx", "fund with conditions": "LTR_AWARD_COND.docx",
                                                                "decline": "LTR_DECL_02.docx", "invite resubmission": "LTR_REVISE_RESUBMIT.docx"}[lab]]
                elif fm == "docket":
                    proj["board_docket_excerpt"] = ("| Grant | Organisation | Amount | Recommendation |\n|---|---|---|---|\n"
                                                    f"| {gid} | {org} | ${req:,} | " + {"fund": "Approve", "fund with conditions": "Approve w/ conditions",
                                                                                          "decline": "Do not approve", "invite resubmission": "Defer - revise & resubmit"}[lab] + " |")
                elif fm == "po":
                    proj["po_note"] = {"fund": "Easy yes. Let's get the agreement out before the board meets.",
                                       "fund with conditions": "Go ahead, but hold the second payment until they fix the issue reviewers flagged.",
                                       "decline": "Not this time - I'll call the ED and explain.",
                                       "invite resubmission": "Promising but not ready; encourage them to come back next cycle with a tighter plan."}[lab]
                elif fm == "pay":
                    proj["payment_schedule"] = {"fund": [{"tranche": 1, "pct": 100}],
                                                "fund with conditions": [{"tranche": 1, "pct": 50}, {"tranche": 2, "pct": 50, "contingent": True}],
                                                "decline": [], "invite resubmission": []}[lab]
                    if lab in ("decline", "invite resubmission"):
                        proj["payment_schedule_status"] = "N/A" if lab == "decline" else "On hold pending next cycle"
        recs.append((lab, proj, leak))
    write("grant_panel_decision", recs,
          {"label_set": GL, "derive_from": ["/reviews", "/rubric", "/proposal"],
           "note": "Decision should come from reviewer scores/comments applied to the rubric."},
          "GMS stage values, award/decline letter template attachment names, board docket markdown table cell, program-officer prose note, "
          "payment schedule shape (contingent tranche) and status", "leaking")


if __name__ == "__main__":
    gen_permits(); gen_vet(); gen_grants()
