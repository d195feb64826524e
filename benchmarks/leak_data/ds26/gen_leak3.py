import datetime
from gen_common import *
from rules import DERIVE

# ============================================================ medication_adherence
DRUGS = [("statin", "atorvastatin 20 mg tab", "00071-0155-23"), ("RAS antagonist", "lisinopril 10 mg tab", "68180-0513-01"),
         ("diabetes (non-insulin)", "metformin ER 500 mg tab", "00093-7212-01"), ("statin", "rosuvastatin 10 mg tab", "00310-0751-90"),
         ("RAS antagonist", "losartan 50 mg tab", "00093-7365-56")]
def b_med(rng, target, leak, i):
    _, drug, ndc = rng.choice(DRUGS)
    while True:
        d = datetime.date(2026, 1, 1) + datetime.timedelta(days=rng.randrange(0, 80))
        fills = []
        gapmax = rng.choice([5, 20, 60, 120])
        while d <= datetime.date(2026, 11, 30):
            ds = rng.choice([30, 30, 90])
            fills.append({"fill_date": d.isoformat(), "days_supply": ds, "ndc": ndc,
                          "pharmacy": rng.choice(["CVS #4412", "Walgreens #1180", "Mail order (Express Scripts)", "Kroger Pharmacy #77"])})
            d = d + datetime.timedelta(days=ds + rng.randrange(-5, gapmax))
            if len(fills) >= 14: break
        v = {"/claims/fills": fills, "/claims/period_end": "2026-12-31"}
        if len(fills) >= 2 and DERIVE["medication_adherence"](v) == target:
            break
    traps, fams = {}, []
    traps[T_LABELSET] = "instruction defines adherent / partially adherent / non-adherent"
    note = f"Seen for {rng.choice(['annual wellness visit', 'BP follow-up', 'knee pain', 'flu shot'])}."
    r = rng.random()
    if r < 0.3:
        t = "Non-adherent dressing applied to left shin abrasion; review in 1 week."
        note += " " + t; traps[T_OTHER_SENSE] = t
    elif r < 0.5:
        t = "Spouse (separate member) was flagged non-adherent on her statin last year."
        note += " " + t; traps[T_OTHER_REC] = t
    elif r < 0.65:
        t = "Patient denies side effects; no change to regimen."
        note += " " + t; traps[T_NEGATION] = t
    cm = {"adherence_recognition_letter_at": None, "refill_reminder_enrolled_at": None, "mtm_pharmacist_referral_at": None}
    qm = {"measure": "PQA PDC", "pqa_pdc_bucket": None, "run_status": "scheduled"}
    if leak:
        mode = rng.choice(["evt", "qm", "evt"])
        if mode == "evt":
            key = {"adherent": "adherence_recognition_letter_at", "partially adherent": "refill_reminder_enrolled_at",
                   "non-adherent": "mtm_pharmacist_referral_at"}[target]
            cm[key] = rts(rng, rdate(rng, "2027-01-05", 40)); fams.append("L14 timestamp of later care-management event")
        else:
            qm = {"measure": "PQA PDC", "pqa_pdc_bucket": {"adherent": "PDC_GE_80", "partially adherent": "PDC_50_79",
                                                            "non-adherent": "PDC_LT_50"}[target], "run_status": "complete"}
            fams.append("L15 quality-measure bucket code computed from the answer")
    if qm["pqa_pdc_bucket"] is None:
        traps[T_BLANK] = "quality_measures.pqa_pdc_bucket = null, run_status = scheduled"
    proj = {
        "instruction": "Compute the proportion of days covered (PDC) for this member: from the first fill to period_end, count days covered by the fills (shift an early refill to start when the previous supply ends; ignore days after period_end). PDC >= 0.80 adherent; 0.50-0.79 partially adherent; below 0.50 non-adherent.",
        "claims": {"member_id": f"M{rng.randrange(10**7, 10**8)}", "drug": drug, "period_start": "2026-01-01", "period_end": "2026-12-31", "fills": fills},
        "care_mgmt": cm, "quality_measures": qm, "clinical_note": note,
    }
    return proj, fams, traps

# ============================================================ battery_refurb_grade
MODELS = [("A2338", "Li-ion polymer", 58200), ("A1965", "Li-ion polymer", 49900), ("L18M4P72", "Li-ion", 57000),
          ("DELL 7FHHV", "Li-ion", 97000), ("HP TT03XL", "Li-ion", 56000), ("C32N1810", "Li-ion polymer", 50000)]
ZONE = {"A": "Z1-PREMIUM", "B": "Z2-STANDARD", "C": "Z3-ECONOMY", "recycle": "HAZ-RECYC"}
def b_battery(rng, target, leak, i):
    model, chem, dc = rng.choice(MODELS)
    while True:
        fcc = int(dc * rng.uniform(0.5, 1.02)); cyc = rng.randint(5, 1200); sw = rng.random() < 0.08
        v = {"/diag/design_capacity_mWh": dc, "/diag/full_charge_capacity_mWh": fcc, "/diag/cycle_count": cyc, "/inspection/swelling": sw}
        if DERIVE["battery_refurb_grade"](v) == target:
            break
    traps, fams = {}, []
    serial = f"{rng.choice(['F5K', 'C02', 'DQ9', 'ABC'])}{rng.randrange(10**6, 10**7)}"
    traps[T_IDTOKEN] = f"model {model} / serial {serial}"
    notes = ""
    r = rng.random()
    if r < 0.35:
        notes = "Tested on 65 W USB-C PD bench supply, Type-A diag dongle; 5 A load step."; traps[T_OTHER_SENSE] = notes
    elif r < 0.5:
        notes = "Donor laptop chassis was grade C cosmetic (scratched lid) - battery graded separately."; traps[T_OTHER_REC] = notes
    traps[T_LABELSET] = "instruction lists grades A/B/C/recycle"
    loc = None
    others = [f"{rng.choice(['F5K', 'C02', 'DQ9'])}{rng.randrange(10**6, 10**7)},{rng.choice(MODELS)[0]},{rng.choice(['A', 'B', 'C', 'recycle', ''])}" for _ in range(rng.randint(1, 3))]
    traps.setdefault(T_OTHER_REC, "batch_export_csv rows of other serials with their grades")
    mine = f"{serial},{model},"
    if leak:
        mode = rng.choice(["bin", "csv", "both"])
        if mode in ("bin", "both"):
            loc = f"{ZONE[target]}/R{rng.randint(1, 12):02d}-S{rng.randint(1, 6)}"; fams.append("L16 warehouse put-away zone keyed to grade")
        if mode in ("csv", "both"):
            mine += target; fams.append("L17 CSV export string with grade column")
    rows = others + [mine]; rng.shuffle(rows)
    csv = "\r\n".join(["serial,model,grade"] + rows) + "\r\n"
    if loc is None:
        traps[T_BLANK] = "wms.putaway_location = null (awaiting grade)"
    proj = {
        "instruction": "Grade this used laptop battery for resale. Swollen cells: recycle. Otherwise SoH = full charge capacity / design capacity. A: SoH >= 90 % and fewer than 300 cycles; B: SoH >= 80 %; C: SoH >= 70 %; below that: recycle.",
        "unit": {"serial": serial, "model": model, "chemistry": chem, "intake_date": rdate(rng, "2026-03-01", 250)},
        "diag": {"tool": "batt-diag 4.2", "design_capacity_mWh": dc, "full_charge_capacity_mWh": fcc, "cycle_count": cyc,
                 "cell_voltages_mV": [rng.randint(3790, 3860) for _ in range(3)]},
        "inspection": {"swelling": sw, "tech_notes": notes, "technician": rng.choice(["jk", "mr", "ts", "al"])},
        "wms": {"putaway_location": loc, "status": "graded" if loc else "awaiting grade"},
        "batch_export_csv": csv,
    }
    return proj, fams, traps
