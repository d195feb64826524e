"""Builders for the clean datasets (no leak; traps only)."""
import rules as R
from common import date_between, ts, name


# ====================================================================== saffron_iso3632
def saffron(rng, label, fam, idx):
    traps = ["label-listing", "other-scheme"]
    while True:
        moist = round(rng.uniform(6.0, 13.5), 1)
        e440 = rng.randint(100, 260)
        e257 = rng.randint(30, 110)
        e330 = rng.randint(15, 52)
        if R.saffron(e440, e257, e330, moist) == label:
            break
    lot = "SAF-%s-%04d" % (rng.choice(["IR", "ES", "AF", "GR"]), 100 + idx * 3)
    claim = rng.choice(["Category I", "Category II", "Sargol grade I", "super negin", "Category III"])
    traps.append("unverified-claim")
    notes = ["Packaging conforming to Regulation (EU) 10/2011 food-contact rules.", "No foreign matter observed under the loupe."]
    traps.append("negation")
    prev = None
    if rng.random() < 0.4:
        prev = {"lot": "SAF-%s-%04d" % (rng.choice(["IR", "ES"]), rng.randint(1, 99)), "result": rng.choice(R.SAFFRON_LABELS)}
        traps.append("historical-label")
    proj = {
        "instruction": ("Grade this saffron filament lot under ISO 3632-1. Non-conforming if moisture and volatile matter > 12.0 % or "
                        "safranal E1% 330 nm outside 20-50. Otherwise the category is the worse of: crocin E1% 440 nm (I >= 200, II >= 170, "
                        "III >= 120) and picrocrocin E1% 257 nm (I >= 70, II >= 55, III >= 40); below III on either -> Non-conforming. "
                        "Answer Category I, Category II, Category III or Non-conforming."),
        "purchase": {"lot": lot, "supplier": rng.choice(["Novin Zafaran", "La Mancha Coop", "Herat Gold", "Kozani Coop"]),
                     "hs_code": "0910.20 (saffron; product category: spices)", "seller_claimed_grade": claim, "net_g": rng.choice([250, 500, 1000])},
        "lab_report": {
            "lab": "SpiceTest Rotterdam", "method": "ISO 3632-2:2010 UV-Vis, 1 cm cell",
            "results": {"E1_440nm_crocin": e440, "E1_257nm_picrocrocin": e257, "E1_330nm_safranal": e330, "moisture_volatiles_pct": moist},
            "spec_table_md": "| Category | crocin >= | picrocrocin >= |\n|---|---|---|\n| I | 200 | 70 |\n| II | 170 | 55 |\n| III | 120 | 40 |",
            "notes": notes},
        "previous_lot_same_supplier": prev}
    return proj, traps


# ====================================================================== septic_perc
def septic(rng, label, fam, idx):
    traps = ["label-listing"]
    target = {"pretreatment": (0.3, 0.95), "conventional": (1.2, 29.5), "mound": (31, 59), "unsuitable": (62, 120)}[label]
    while True:
        holes = []
        for h in range(rng.randint(3, 4)):
            r = rng.uniform(*target) * rng.uniform(0.85, 1.15)
            interval = 10 if r < 5 else 30
            drop = round(interval / r, 2)
            if drop <= 0:
                continue
            readings = []
            for k in range(rng.randint(3, 5)):
                readings.append({"interval_min": interval, "drop_in": round(drop * rng.uniform(1.0, 1.6), 2)})
            readings[-1]["drop_in"] = drop
            holes.append({"hole": h + 1, "depth_in": rng.choice([24, 30, 36]), "soil": rng.choice(["silt loam", "loam", "sandy loam", "silty clay loam", "loamy sand"]), "readings": readings})
        if len(holes) >= 3 and R.septic(R.perc_rate(holes)) == label:
            break
    remarks = []
    if rng.random() < 0.4:
        remarks.append("Lot access unsuitable for heavy trucks when wet; use gravel drive.")
        traps.append("other-sense")
    if rng.random() < 0.4:
        remarks.append("Existing %s system on the parcel was abandoned in %d." % (rng.choice(["conventional", "mound", "cesspool"]), rng.randint(1975, 2005)))
        traps.append("historical-label")
    neigh = {"parcel": "%03d-%02d-%03d" % (rng.randint(100, 999), rng.randint(1, 40), rng.randint(1, 300)), "permitted_system": rng.choice(R.SEPTIC_LABELS)}
    traps.append("sibling-label")
    proj = {
        "instruction": ("Using the percolation test field sheet, take each hole's final (stabilized) reading rate = interval minutes / drop inches, "
                        "average across holes (round to 0.1 min/in), and select the system class from county code 64E-6 style table: "
                        "< 1 min/in pretreatment; 1-30 conventional; > 30-60 mound; > 60 unsuitable. Answer with the class name."),
        "application": {"permit_no": "OSS-%05d" % (20000 + idx), "applicant": name(rng), "bedrooms": rng.randint(2, 5),
                        "neighbouring_parcel": neigh},
        "field_sheet": {"tester": name(rng) + ", REHS", "date": date_between(rng, "2024-04-01", "2025-10-15").isoformat(),
                        "presoak_hours": rng.choice([4, 12, 24]), "test_holes": holes, "remarks": remarks}}
    return proj, traps


# ====================================================================== myopia_grade
def _q(x):
    return round(x * 4) / 4.0


def myopia(rng, label, fam, idx):
    traps = ["label-listing"]
    rng_se = {"none": (-0.25, 1.5), "low": (-2.75, -0.5), "moderate": (-5.75, -3.0), "high": (-11.0, -6.0)}[label]
    while True:
        eyes = {}
        for e in ("OD", "OS"):
            cyl = _q(-rng.uniform(0, 2.0))
            sph = _q(rng.uniform(rng_se[0] - 1.0, rng_se[1] + 0.5) - cyl / 2)
            eyes[e] = {"sphere": sph, "cylinder": cyl, "axis": rng.randint(1, 180), "va_logmar": round(rng.uniform(-0.1, 0.2), 1)}
        if R.myopia(eyes["OD"]["sphere"], eyes["OD"]["cylinder"], eyes["OS"]["sphere"], eyes["OS"]["cylinder"]) == label:
            break
    age = rng.randint(8, 70)
    occ = ("primary school pupil" if age < 11 else "high school student" if age < 19 else
           rng.choice(["software developer", "nurse", "bus driver", "accountant"]) if age < 66 else "retired")
    hx = {"allergies": "none", "occupation": occ,
          "screen_time": rng.choice(["low", "moderate", "high"]) + " (self-reported)"}
    traps.append("other-sense")
    fam_hx = None
    if rng.random() < 0.4:
        fam_hx = "%s: %s myopia" % (rng.choice(["Mother", "Father", "Sibling"]), rng.choice(["low", "moderate", "high"]))
        traps.append("sibling-label")
    findings = ["No signs of myopic maculopathy.", "Anterior segment unremarkable."]
    traps.append("negation")
    proj = {
        "instruction": ("Grade myopia from the subjective refraction. Spherical equivalent per eye = sphere + cylinder/2; use the more myopic eye: "
                        "> -0.50 D none; -0.50 to > -3.00 low; -3.00 to > -6.00 moderate; <= -6.00 high. Answer none, low, moderate or high."),
        "exam": {"patient_ref": "OPT-%06d" % (880000 + idx * 5), "age": age, "date": date_between(rng, "2025-01-01", "2025-11-20").isoformat(),
                 "history": hx, "family_history": fam_hx,
                 "keratometry": {"OD_k1": round(rng.uniform(41.0, 45.5), 2), "OS_k1": round(rng.uniform(41.0, 45.5), 2)},
                 "subjective_refraction": eyes,
                 "findings": findings,
                 "dispensing": {"frame": rng.choice(["acetate", "titanium", "rimless"]), "coating": rng.choice(["anti-reflective", "low blue-light filter", "hard coat"])}}}
    return proj, traps


# ====================================================================== sprinkler_hazard
def sprinkler(rng, label, fam, idx):
    traps = ["label-listing"]
    occ = rng.choice(R.SPRINK_TABLE[label])
    others = []
    for _ in range(rng.randint(1, 3)):
        lab = rng.choice(R.SPRINK_LABELS)
        others.append({"area": rng.choice(["north annex", "mezzanine", "basement", "loading bay", "level 2"]), "occupancy_use": rng.choice(R.SPRINK_TABLE[lab]), "classification": lab})
    traps.append("sibling-label")
    notes = "Emergency light fittings tested; two extra exit signs requested at the %s." % rng.choice(["stair core", "rear door", "lobby"])
    traps.append("other-sense")
    hist = None
    if rng.random() < 0.4:
        hist = {"insurer_survey_year": rng.randint(1990, 2012), "classification_recorded": rng.choice(R.SPRINK_LABELS), "use_at_the_time": "unknown"}
        traps.append("historical-label")
    storage = rng.choice(["Group A plastics, 8 ft", "Class II commodity, 10 ft", "none", "Class IV commodity, 6 ft"])
    traps.append("other-scheme")
    proj = {
        "instruction": ("Classify the occupancy hazard of the surveyed area for sprinkler design (NFPA 13) strictly from its occupancy use, using "
                        "this table. light hazard: %s. ordinary hazard group 1: %s. ordinary hazard group 2: %s. extra hazard group 1: %s. "
                        "extra hazard group 2: %s. Answer with the class name." % tuple("; ".join(R.SPRINK_TABLE[l]) for l in R.SPRINK_LABELS)),
        "survey": {
            "building": "%d %s" % (rng.randint(1, 400), rng.choice(["Mill Lane", "Industrial Way", "Commerce Pkwy", "Harbour Rd"])),
            "surveyor": name(rng), "date": date_between(rng, "2025-01-01", "2025-11-01").isoformat(),
            "area": {"name": rng.choice(["Unit 4", "Bay C", "Hall 2", "Ground floor"]), "occupancy_use": occ, "floor_area_ft2": rng.randint(1200, 40000),
                     "ceiling_height_ft": rng.choice([10, 12, 16, 24, 30]), "storage_observed": storage},
            "other_areas": others,
            "notes_md": "## Notes\n- %s\n- Fire alarm panel: %s" % (notes, rng.choice(["normal", "fault cleared"])),
            "historical_record": hist}}
    return proj, traps


# ====================================================================== vibration_zone
POINTS = ["motor NDE H", "motor NDE V", "motor DE H", "motor DE V", "motor DE A", "pump DE H", "pump DE V", "pump NDE H"]


def vibration(rng, label, fam, idx):
    traps = ["label-listing", "other-scheme", "substring"]
    found = rng.choice(["rigid", "flexible"])
    a, b, c = R.VIB_LIMITS[found]
    band = {"A": (0.3, a), "B": (a + 0.01, b), "C": (b + 0.01, c), "D": (c + 0.01, c * 2.2)}[label]
    while True:
        pts = []
        for p in rng.sample(POINTS, rng.randint(4, 6)):
            pts.append({"point": p, "velocity_rms_mm_s": round(rng.uniform(0.2, band[1]), 2), "accel_env_gE": round(rng.uniform(0.1, 3.0), 2)})
        j = rng.randrange(len(pts))
        pts[j]["velocity_rms_mm_s"] = round(rng.uniform(*band), 2)
        if R.vib(found, pts) == label:
            break
    prev = None
    if rng.random() < 0.4:
        prev = {"route_date": date_between(rng, "2023-01-01", "2024-12-31").isoformat(), "zone": rng.choice(R.VIB_LABELS)}
        traps.append("historical-label")
    proj = {
        "instruction": ("Evaluate the machine's vibration severity zone per ISO 10816-3 (group 2 machines, 15-300 kW) using the highest overall "
                        "velocity RMS across measurement points. Rigid foundation: A <= 1.4, B <= 2.8, C <= 4.5, D above (mm/s). Flexible: "
                        "A <= 2.3, B <= 4.5, C <= 7.1, D above. Answer A, B, C or D."),
        "route_data": {
            "asset": "P-%03d%s" % (rng.randint(100, 999), rng.choice(["A", "B"])), "area_classification": "ATEX Zone %d" % rng.choice([1, 2]),
            "machine": {"type": "centrifugal pump + induction motor", "power_kw": rng.choice([22, 45, 75, 110, 160, 250]), "rpm": rng.choice([1480, 2960]),
                        "foundation": found, "bearings": {"DE": rng.choice(["6309-C3", "6312-C3", "NU312"]), "NDE": rng.choice(["6209-C3", "6310-C3"])},
                        "supply": "400 V, Phase B current %.1f A" % rng.uniform(30, 200)},
            "measurements": pts,
            "previous_route": prev,
            "collector": "Analyst " + name(rng)}}
    return proj, traps
