from common import *
NAME = "food_bank_client_eligibility"
LABELS = ["eligible", "emergency only", "not eligible"]
SERVICE_ZIPS = ["45202", "45203", "45205", "45206", "45211", "45214", "45219", "45223", "45225", "45229", "45232", "45237"]
OUT_ZIPS = ["41011", "41073", "45011", "45140", "45150", "47025"]
FPL = lambda n: 15060 + 5380 * (n - 1)
PROGRAMS = ["SNAP", "WIC", "SSI", "TANF", "Medicaid"]
NOTES = ["Client was friendly, came by bus.", "Asked whether we have diapers size 4.", "Needs low-sodium options, husband has heart condition.",
  "First time here, heard about us from the library.", "Prefers Spanish; volunteer Lucia helped with intake.", "Has a car, can pick up monthly.",
  "Works nights, asked about Saturday hours.", "Mentioned they were told last year they were not eligible elsewhere; staff explained our rules.",
  "Said an emergency car repair ate their rent money.", "Allergic to peanuts.", "Lives with adult daughter and grandchild."]

def build():
    r = random.Random(1312)
    n = 174
    target = balanced_labels(r, LABELS, n, [2, 1, 1.2])
    recs = []
    while len(recs) < n:
        want = target[len(recs)]
        hh = r.randint(1, 7)
        in_area = r.random() < 0.8
        zipc = r.choice(SERVICE_ZIPS if in_area else OUT_ZIPS)
        progs = r.sample(PROGRAMS, r.choice([0, 0, 0, 1, 1, 2]))
        income = round(FPL(hh) * r.uniform(0.2, 3.2), -1) if r.random() > 0.08 else 0
        limit = 2 * FPL(hh)
        if not in_area: lab = "emergency only"
        elif progs or income <= limit: lab = "eligible"
        else: lab = "not eligible"
        if lab != want: continue
        visit = rand_date(r, dt.datetime(2024, 1, 2), 340)
        members = []
        for k in range(hh):
            members.append({"relationship": "self" if k == 0 else r.choice(["spouse", "child", "child", "parent", "grandchild", "other"]),
                            "birth_year": r.randint(1940, 2005) if k == 0 else r.randint(1940, 2023)})
        proj = {
          "instruction": "Determine TEFAP/pantry eligibility. Rules: households outside the service-area ZIPs get emergency only (one-time box + referral). In-area households are eligible if anyone in the household receives SNAP, WIC, SSI, TANF or Medicaid, or if annual household income is at or below 200% of the 2024 federal poverty guideline ($15,060 + $5,380 per additional person); otherwise not eligible. Answer eligible, emergency only, or not eligible.",
          "service_area_zips": SERVICE_ZIPS,
          "intake": {"client_id": f"FB{r.randint(10000, 99999)}", "visit_at": ts(visit), "site": r.choice(["Main warehouse pantry", "Westside mobile pantry", "St. Leo's partner pantry", "Northside school pantry"]),
                     "address": {"street": f"{r.randint(100, 9999)} {r.choice(['Vine St', 'Reading Rd', 'Glenway Ave', 'Harrison Ave', 'Montana Ave', 'Main St', 'Dixie Hwy'])}", "zip": zipc},
                     "household_size": hh, "members": members,
                     "annual_income_usd": income, "income_source": r.choice(["wages", "wages + child support", "Social Security", "unemployment", "self-employed", "none reported"]) if income else "none reported",
                     "programs": progs, "self_declaration_signed": True},
          "volunteer_note": " ".join(sents(r, NOTES, r.randint(1, 2))),
          "crm": {"prior_visit_outcome": r.choice(LABELS + [None]), "flag": r.choice(["none", "⚠ duplicate check", "VIP donor family", "needs translator", "✅ verified"]),
                  "intake_form_version": r.choice(["2023.2", "2024.1"]), "priority_code": r.choice(["P1", "P2", "P3"])},
        }
        if "SNAP" in progs: proj["intake"]["snap_case_number"] = f"{r.randint(10**8, 10**9 - 1)}"
        if "WIC" in progs: proj["intake"]["wic_card_last4"] = f"{r.randint(0, 9999):04d}"
        if r.random() < 0.25: proj["intake"]["proxy_pickup"] = {"name": name(r), "authorized_until": (visit + dt.timedelta(days=180)).strftime("%Y-%m-%d")}
        recs.append(rec(NAME, len(recs), lab, LABELS, proj, False))
    n_, nl = write(NAME, recs, ["/intake/address/zip", "/intake/household_size", "/intake/annual_income_usd", "/intake/programs", "/service_area_zips"],
        "Eligibility is computed from ZIP (service area), household size vs income (200% FPL) and categorical program participation.")
    return NAME, "clean", "trap: instruction lists all labels and the rule; CRM prior_visit_outcome uses label values at random, flag/priority codes random; volunteer notes mention 'not eligible' and 'emergency' in unrelated senses at random; snap_case_number / wic_card present only when enrolled (legit, follows programs field); visit dates noise", n_, nl
