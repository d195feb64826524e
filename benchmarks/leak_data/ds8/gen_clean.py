"""Clean (trap) datasets: fitness program level, vet body condition score, borescope disposition,
newsroom correction request, retail planogram audit. Every label-looking value outside the legitimate
fields is drawn independently of the label."""
import random
from common import *

# ---------------------------------------------------------------- C1 fitness program level
FL = ["beginner", "intermediate", "advanced"]
FRULE = ("Level placement (coach handbook s.2): score each answer 0/1/2. Training history <3 months = 0, 3-12 = 1, >12 = 2. "
         "Sessions per week 0-1 = 0, 2-3 = 1, 4+ = 2. Max push-ups <10 = 0, 10-29 = 1, 30+ = 2. 5 km run: can't / >35 min = 0, "
         "25-35 min = 1, <25 min = 2. Total 0-2 = beginner, 3-5 = intermediate, 6-8 = advanced. "
         "Beginner: foundations, 3x full-body. Intermediate: upper/lower split. Advanced: periodised 5-day block.")
CLASSES = ["Beginner Yoga", "Intermediate Spin", "Advanced HIIT", "Mobility Flow", "Kettlebell Basics", "Advanced Olympic Lifting",
           "Beginner Boxing", "Intermediate Pilates", "Run Club 5k", "Strength 101"]
GOALS = ["Lose about 6 kg before my sister's wedding in June.", "Get back into shape after having my second baby.",
         "I want to run a half marathon next year.", "Build strength for climbing - I was fairly advanced at bouldering years ago, now rusty.",
         "Honestly just want more energy and less back pain at my desk.", "Train for a charity hike up Kilimanjaro.",
         "A friend said your advanced class is brutal - I'd like to get there one day.", "Doctor told me to improve my blood pressure.",
         "I coach beginner swimmers and want to be a better example.", "Put on muscle, I've always been skinny.",
         "Keep up with my kids at football practice.", "Prep for police fitness test (bleep test 9.4)."]


def pts(months, spw, pu, fivek):
    s = (0 if months < 3 else 1 if months <= 12 else 2) + (0 if spw <= 1 else 1 if spw <= 3 else 2) + (0 if pu < 10 else 1 if pu < 30 else 2)
    s += 0 if fivek is None or fivek > 35 else 1 if fivek >= 25 else 2
    return s


def gen_fitness():
    rng = random.Random(810)
    recs = []
    for i in range(150):
        lab = rng.choice(FL)
        while True:
            months = rng.choice([0, 1, 2, 4, 6, 9, 12, 18, 24, 36, 60, 96])
            spw = rng.randrange(0, 7)
            pu = rng.randrange(0, 60)
            fivek = None if rng.random() < .25 else round(rng.uniform(19, 48), 1)
            s = pts(months, spw, pu, fivek)
            if (s <= 2 and lab == "beginner") or (3 <= s <= 5 and lab == "intermediate") or (s >= 6 and lab == "advanced"):
                break
        d = ts(rng)
        proj = {
            "task": "Place this new client on the beginner, intermediate or advanced programme.",
            "handbook": FRULE,
            "intake": {"client_id": f"CL{rng.randrange(100000, 999999)}", "submitted": iso(d), "age": rng.randrange(18, 67),
                       "sex": rng.choice(["F", "M", "F", "M", "X"]), "height_cm": rng.randrange(152, 196),
                       "answers": {"months_consistent_training": months, "sessions_per_week": spw, "max_pushups": pu,
                                   "fivek_minutes": fivek, "injuries": rng.choice(["none", "none", "old ACL reconstruction (2016)", "lower back niggle",
                                                                                   "shoulder impingement, physio cleared", "none reported"]),
                                   "goal": rng.choice(GOALS)}},
            "app": {"platform": rng.choice(["ios", "android", "web"]), "ui_mode": rng.choice(["simple", "advanced"]),
                    "units": rng.choice(["metric", "imperial"]), "app_version": f"5.{rng.randrange(0, 12)}.{rng.randrange(0, 9)}"},
            "gym": {"home_club": rng.choice(["Shoreditch", "Canary Wharf", "Clapham", "Stratford"]),
                    "class_bookings_next_7d": rng.sample(CLASSES, rng.randrange(0, 4)),
                    "assigned_coach": name(rng), "membership": rng.choice(["Off-peak", "Standard", "Premium"])},
        }
        recs.append((lab, proj, False))
    write("fitness_program_level", recs,
          {"label_set": FL, "derive_from": ["/intake/answers", "/handbook"],
           "note": "Level = handbook scoring of the intake answers."},
          "handbook defines all three levels; ui_mode 'advanced', class names 'Beginner Yoga'/'Advanced HIIT' and goals mentioning "
          "'advanced'/'beginner' are drawn independently of the label", "clean")


# ---------------------------------------------------------------- C2 vet body condition score (1-5)
BL = ["1", "2", "3", "4", "5"]
RIBS = {"1": ["ribs, spine and hip bones easily visible at a distance", "no palpable fat; ribs, lumbar vertebrae prominent"],
        "2": ["ribs easily palpable with minimal fat cover", "ribs felt very easily, tops of lumbar vertebrae visible"],
        "3": ["ribs palpable with a slight fat covering", "ribs felt without excess pressure, thin fat layer"],
        "4": ["ribs palpable only with firm pressure, moderate fat cover", "ribs difficult to feel under fat layer"],
        "5": ["ribs not palpable under heavy fat cover", "unable to palpate ribs; heavy fat deposits over lumbar area and tail base"]}
WAIST = {"1": ["extreme hourglass; severe abdominal tuck", "marked waist and very pronounced tuck"],
         "2": ["obvious waist and abdominal tuck", "waist clearly visible from above, tuck evident"],
         "3": ["waist observed behind ribs, abdomen tucked up in profile", "well-proportioned waist, slight tuck"],
         "4": ["waist barely discernible, tuck minimal", "back slightly broadened, little waist"],
         "5": ["no waist, back markedly broadened, abdomen distended", "abdomen pendulous, no tuck, broad flat back"]}
CHART = ("BCS reference (5-point): 1 very thin, 2 underweight, 3 ideal, 4 overweight, 5 obese. "
         "Score on rib palpability, waist from above and abdominal tuck in profile.")


def gen_bcs():
    rng = random.Random(811)
    recs = []
    for i in range(140):
        lab = rng.choice(BL)
        sp = rng.choice(["canine", "feline"])
        br = rng.choice(["Labrador Retriever", "Beagle", "Cocker Spaniel", "Whippet", "Pug", "Collie X"] if sp == "canine" else ["DSH", "DLH", "Bengal", "Ragdoll"])
        wt = round(rng.uniform(6, 42) if sp == "canine" else rng.uniform(2.4, 8.2), 1)
        d = ts(rng, hours=(8, 19))
        exam = (f"BAR. {rng.choice(RIBS[lab]).capitalize()}; {rng.choice(WAIST[lab])}. "
                f"MM pink, CRT <2s. {rng.choice(['Mild tartar PM4s.', 'Teeth OK.', 'Grade 2 dental disease.', 'Ears clean.', 'Mild otitis externa AD.'])} "
                f"{rng.choice(['Heart/lungs NAD.', 'Grade 1/6 murmur left apex, stable.', 'Lungs clear.', ''])}")
        proj = {
            "task": "Record the body condition score (1-5) from today's physical exam.",
            "reference_chart": CHART,
            "consult": {"consult_id": f"C{rng.randrange(200000, 899999)}", "date": iso(d), "room": rng.randrange(1, 6),
                        "vet": f"{rng.choice(['Dr', 'Dr'])} {rng.choice(LAST)}", "reason": rng.choice(["annual vaccination", "weight check", "skin itch",
                                                                                                        "limping", "senior wellness", "post-op check"])},
            "patient": {"species": sp, "breed": br, "age_years": rng.randrange(1, 16), "sex": rng.choice(["MN", "FN", "M", "F"]),
                        "weight_kg": wt},
            "vitals": {"temp_c": round(rng.uniform(37.8, 39.4), 1), "hr_bpm": rng.randrange(70, 200), "rr_bpm": rng.randrange(16, 40),
                       "pain_score_0_4": rng.choice([0, 0, 0, 1, 2, 3]), "fear_free_score_1_5": rng.randrange(1, 6)},
            "exam_notes": exam,
            "billing": {"items": rng.sample(["Consult 15m", "DHPPi booster", "FVRCP", "Nail clip", "Bravecto 1-month", "Cytopoint 20mg"],
                                            rng.randrange(1, 3)), "invoice_total_gbp": round(rng.uniform(38, 260), 2)},
        }
        recs.append((lab, proj, False))
    write("vet_body_condition_score", recs,
          {"label_set": BL, "derive_from": ["/exam_notes", "/reference_chart"],
           "note": "BCS from rib palpation, waist and tuck in the exam notes."},
          "numeric labels 1-5 among many random small numbers (room, pain 0-4, fear-free 1-5, murmur grade, dental grade); chart lists every score", "clean")


# ---------------------------------------------------------------- C3 borescope inspection disposition
AL = ["serviceable", "monitor - reduced interval", "remove engine"]
LIM = {"HPT stage 1 blade tip curl": ("mm", 0.5, 1.0), "HPT stage 1 blade TBC loss": ("% of airfoil", 15, 30),
       "Combustor liner crack": ("mm", 12, 25), "HPC stage 3 blade leading edge nick": ("mm", 0.25, 0.76),
       "Fuel nozzle coking": ("% blockage", 20, 40), "HPT stage 1 NGV burn-through": ("mm", 3, 6)}
LIMTXT = ("ESM 72-00-00 inspection limits: for each finding, values at or below the serviceable limit are serviceable; "
          "above the serviceable limit but at or below the reject limit: continue in service, reduce borescope interval to 250 cycles "
          "(monitor); above the reject limit: remove engine. Worst finding governs the disposition. " +
          "; ".join(f"{k}: serviceable <= {v[1]} {v[0]}, reject > {v[2]} {v[0]}" for k, v in LIM.items()))


def gen_borescope():
    rng = random.Random(812)
    recs = []
    for i in range(132):
        lab = rng.choice(AL)
        kinds = rng.sample(list(LIM), rng.randrange(1, 4))
        finds = []
        worst = rng.randrange(len(kinds))
        for j, k in enumerate(kinds):
            u, s, r = LIM[k]
            tier = {"serviceable": 0, "monitor - reduced interval": 1, "remove engine": 2}[lab] if j == worst else rng.randrange(
                0, {"serviceable": 0, "monitor - reduced interval": 1, "remove engine": 2}[lab] + 1)
            v = rng.uniform(0.05 * s, s) if tier == 0 else rng.uniform(s * 1.02, r) if tier == 1 else rng.uniform(r * 1.05, r * 1.8)
            finds.append({"finding": k, "location": rng.choice(["blade 14", "blade 37", "segment 3", "nozzle 9", "9 o'clock", "2 o'clock", "blade 52"]),
                          "measured": round(v, 2), "unit": u, "image": f"IMG_{rng.randrange(1000, 9999)}.jpg"})
        d = ts(rng, hours=(0, 23))
        proj = {
            "task": "Give the borescope inspection disposition for this engine.",
            "limits": LIMTXT,
            "engine": {"esn": f"{rng.choice(['CFM', 'V2'])}{rng.randrange(500000, 899999)}", "model": rng.choice(["CFM56-5B4/3", "CFM56-7B26", "V2527-A5"]),
                       "position": rng.choice([1, 2]), "tsn": rng.randrange(8000, 70000), "csn": rng.randrange(6000, 41000),
                       "csv": rng.randrange(300, 14000), "status": "installed"},
            "inspection": {"wo": f"WO{rng.randrange(1000000, 9999999)}", "date": iso(d), "trigger": rng.choice(["scheduled 750 cyc", "EGT margin trend",
                                                                                                               "bird strike report", "AD compliance", "scheduled 750 cyc"]),
                           "inspector": name(rng), "tool": rng.choice(["Waygate Mentor Visual iQ", "Olympus IPLEX NX"]),
                           "findings": finds},
            "history": {"previous_borescope": {"date": (d - __import__('datetime').timedelta(days=rng.randrange(60, 500))).strftime("%Y-%m-%d"),
                                               "disposition": rng.choice(AL)},
                        "etops": rng.random() < .4, "lease_return_due": rng.random() < .15},
        }
        recs.append((lab, proj, False))
    write("borescope_disposition", recs,
          {"label_set": AL, "derive_from": ["/inspection/findings", "/limits"],
           "note": "Compare measured findings against limits; worst finding governs."},
          "limits text names all dispositions; previous_borescope.disposition is a random label-valued field independent of today's result; "
          "engine status 'installed' constant", "clean")


# ---------------------------------------------------------------- C4 newsroom correction request
CL = ["correction", "clarification", "no change"]
CASES = {
    "correction": [("The story says the bridge opened in 1962. It opened in 1958 - my father worked on it.",
                    "City records and the DOT history page confirm 1958. Our 1962 date was wrong (copied from a wiki)."),
                   ("You spelled the councilwoman's name 'Ana Morales'; it's 'Anna Morales'.", "Checked council roster: Anna. Misspelled in copy."),
                   ("Article says the levy raises $4.2 million. The ballot language says $2.4 million.", "Ballot text confirms $2.4M; digits transposed in edit."),
                   ("The photo caption identifies the man on the left as the coach; he's the athletic director.", "Confirmed with school: caption wrong.")],
    "clarification": [("Your headline says crime 'doubled' but the story only covers burglaries.", "Burglary figure is accurate, but headline implies all crime. Wording ambiguous."),
                      ("The article makes it sound like the company was charged. It was only named in a civil suit.", "Facts are right (civil suit) but paragraph 3 phrasing could mislead."),
                      ("You quoted me accurately but left out that I was speaking as a private citizen, not for the union.", "Quote is accurate; context of capacity not stated."),
                      ("Story says the clinic 'closed'; it moved to a new address two blocks away.", "Clinic closed at old site and reopened nearby; story didn't mention relocation.")],
    "no change": [("This article is biased garbage, correct it or I'm cancelling.", "No specific factual claim identified; reviewed story, sourcing solid."),
                  ("The mayor never said that!", "Checked the recording at 14:32 - quote is verbatim."),
                  ("The unemployment number is wrong, it's much higher in reality.", "Figure matches BLS release for the month cited."),
                  ("You should have mentioned the other candidate's record too.", "Editorial judgement on scope; no error in published facts.")],
}
READER_OPENERS = ["I'd like to request a correction.", "Please clarify this.", "Hi,", "To the editor:", "Re your story -", "Corrections desk:",
                  "This needs fixing.", "", "I'm a long-time subscriber."]
POLICY = ("Standards guide: a correction fixes a factual error; a clarification adds context where the facts were right but the "
          "presentation could mislead; no change when the published facts stand. Every request gets a reply.")


def gen_corrections():
    rng = random.Random(813)
    recs = []
    for i in range(126):
        lab = rng.choice(CL)
        comp, check = rng.choice(CASES[lab])
        d = ts(rng, hours=(0, 23))
        proj = {
            "task": "Decide the standards outcome for this reader complaint.",
            "standards_guide": POLICY,
            "ticket": {"id": f"STD-{rng.randrange(10000, 99999)}", "inbox": "corrections@dailyledger.com", "received": iso(d),
                       "reader": name(rng), "subject": rng.choice(["Correction request", "Error in your article", "Complaint", "Please clarify",
                                                                    "Re: today's paper", "Factual error?"]),
                       "body": (rng.choice(READER_OPENERS) + " " + comp).strip(), "priority": rng.choice(["normal", "normal", "high"])},
            "article": {"asset_id": f"A{rng.randrange(1000000, 9999999)}", "desk": rng.choice(["Metro", "Politics", "Business", "Sports"]),
                        "published": iso(d - __import__('datetime').timedelta(hours=rng.randrange(4, 200))), "author": name(rng),
                        "prior_corrections_on_asset": rng.choice([0, 0, 0, 1])},
            "reporter_check": {"by": name(rng), "note": check},
        }
        recs.append((lab, proj, False))
    write("newsroom_correction_request", recs,
          {"label_set": CL, "derive_from": ["/ticket/body", "/reporter_check/note", "/standards_guide"],
           "note": "Outcome follows from what the reporter's check found vs the standards guide."},
          "reader subjects/openers say 'correction'/'clarify' at random, inbox is corrections@, guide defines all outcomes; none tied to the label", "clean")


# ---------------------------------------------------------------- C5 retail planogram audit
PGL = ["compliant", "minor deviation", "non-compliant"]
PRULE = ("Planogram compliance: compliant = facings match >= 95%, no missing SKUs, no price label errors. Non-compliant = match below 85%, "
         "or more than 2 missing SKUs, or more than 2 price label errors. Anything else is a minor deviation.")
BAYS = ["Cereal & Breakfast", "Pet Food", "Shampoo & Conditioner", "Crisps & Snacks", "Baby Care", "Canned Vegetables", "Soft Drinks 2L"]


def classify_pg(m, miss, perr):
    if m >= 95 and miss == 0 and perr == 0:
        return "compliant"
    if m < 85 or miss > 2 or perr > 2:
        return "non-compliant"
    return "minor deviation"


def gen_planogram():
    rng = random.Random(814)
    recs = []
    for i in range(138):
        lab = rng.choice(PGL)
        while True:
            m = round(rng.uniform(95, 100) if lab == "compliant" else rng.uniform(80, 99) if lab == "minor deviation" else rng.uniform(60, 96), 1)
            miss = rng.choice([0] if lab == "compliant" else [0, 0, 1, 2] if lab == "minor deviation" else [0, 1, 3, 4, 6])
            perr = rng.choice([0] if lab == "compliant" else [0, 1, 2] if lab == "minor deviation" else [0, 1, 3, 5])
            if classify_pg(m, miss, perr) == lab:
                break
        d = ts(rng, hours=(6, 14))
        proj = {
            "task": "Rate planogram compliance for this bay.",
            "rules": PRULE,
            "audit": {"audit_id": f"PGA-{rng.randrange(100000, 999999)}", "form": "Planogram Compliance Check v4 (Compliant / Minor deviation / Non-compliant)",
                      "store": f"{rng.randrange(1000, 4999)} {rng.choice(['Leeds Kirkstall', 'Croydon', 'Bristol Cribbs', 'Glasgow Fort', 'Norwich Riverside'])}",
                      "bay": rng.choice(BAYS), "planogram_version": f"PG-{rng.randrange(24, 26)}-{rng.randrange(1, 52):02d}",
                      "completed": iso(d), "auditor": name(rng)},
            "image_recognition": {"facings_expected": (fe := rng.randrange(40, 160)), "facings_match_pct": m, "missing_skus": miss,
                                  "price_label_errors": perr, "photos": [f"bay_{rng.randrange(100, 999)}_{k}.jpg" for k in range(rng.randrange(2, 5))]},
            "store_context": {"promo_end_cap_compliance": rng.choice(PGL), "region": rng.choice(["North", "Midlands", "South East", "Scotland"]),
                              "store_manager": name(rng), "delivery_today": rng.random() < .5},
            "auditor_comment": rng.choice(["", "Shelf-edge strip damaged on shelf 3.", "Night fill still in progress.",
                                           "Manager says new PG arrived yesterday.", "Photos taken before replen.", "Aisle partly blocked by cages."]),
        }
        recs.append((lab, proj, False))
    write("retail_planogram_audit", recs,
          {"label_set": PGL, "derive_from": ["/image_recognition", "/rules"],
           "note": "Rating from match %, missing SKUs and price label errors per rules."},
          "audit form title lists all three labels; store_context.promo_end_cap_compliance is label-valued but random (a different "
          "fixture); auditor comments neutral", "clean")


if __name__ == "__main__":
    gen_fitness(); gen_bcs(); gen_borescope(); gen_corrections(); gen_planogram()
