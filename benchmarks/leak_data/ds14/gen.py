#!/usr/bin/env python3
"""Regenerate the ds14 blind-evaluation batch (14 datasets) with fixed seeds. Stdlib only.

Usage: python3 gen.py            # writes *.jsonl, *.meta.json, DATASETS.md next to this file, then self-checks
"""
import os, random, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import write_dataset
import leaky_a, leaky_b, leaky_c, clean
import selfcheck

OUT = os.path.dirname(os.path.abspath(__file__))

PLAN = [  # (generator, seed, kind)
    (leaky_a.gen_patent, 1401, "leaking"),
    (leaky_a.gen_recall, 1402, "leaking"),
    (leaky_a.gen_ev, 1403, "leaking"),
    (leaky_b.gen_seed, 1404, "leaking"),
    (leaky_b.gen_eviction, 1405, "leaking"),
    (leaky_b.gen_prescreen, 1406, "leaking"),
    (leaky_c.gen_customs, 1407, "leaking"),
    (leaky_c.gen_jobs, 1408, "leaking"),
    (leaky_c.gen_meter, 1409, "leaking"),
    (clean.gen_museum, 1410, "clean"),
    (clean.gen_elevator, 1411, "clean"),
    (clean.gen_soil, 1412, "clean"),
    (clean.gen_mqm, 1413, "clean"),
    (clean.gen_lost, 1414, "clean"),
]

TASKS = {
    "patent_rejection_ground": "primary ground of a USPTO non-final rejection from the examiner's reasoning",
    "food_recall_class": "FDA recall class from the firm's recall notice",
    "ev_charger_fault": "root-cause code of a DC fast-charger ticket from driver report + telemetry",
    "seed_lot_grade": "seed-lot grade from germination/purity test results",
    "eviction_disposition": "eviction case disposition from pleadings and hearing minutes",
    "trial_prescreen": "oncology trial referral pre-screen decision from patient summary vs criteria",
    "customs_hs_chapter": "HS chapter (numeric label) from commercial invoice lines",
    "job_screen": "recruiter screening decision from resume vs requisition",
    "meter_read_exception": "utility meter-read exception type from read history + field notes",
    "museum_loan_condition": "condition grade of a loaned art object from the condition report",
    "elevator_inspection": "elevator periodic inspection result from checklist findings",
    "soil_lime_rec": "lime recommendation 0-3 t/a (numeric label) from buffer pH and crop",
    "translation_mqm_severity": "MQM severity of an annotated translation error",
    "lost_property_category": "transit lost-property category from the finder's description",
}

def main():
    results = []
    for fn, seed, kind in PLAN:
        r = random.Random(seed)
        name, recs, meta, info = fn(r)
        write_dataset(OUT, name, recs, meta)
        results.append((name, kind, recs, meta, info, seed))
    lines = ["# ds14 batch: 14 datasets (9 leaking, 5 clean)", "",
             "Each line: name, leaking/clean, task, leak forms or traps, records / leaking records. Regenerate with `python3 gen.py` (fixed seeds).", ""]
    tot = totl = 0
    for name, kind, recs, meta, info, seed in results:
        nl = sum(1 for x in recs if x["truth"]["leak"])
        tot += len(recs); totl += nl
        forms = info.get("leak_families") or info.get("traps")
        lines.append(f"- **{name}** ({kind}; labels: {', '.join(repr(l) for l in info['labels'])}): {TASKS[name]}. "
                     f"{'Leak forms' if kind == 'leaking' else 'Traps'}: {'; '.join(forms)}. Records: {len(recs)}, leaking: {nl}.")
    lines += ["", "Decoys in the non-leaking records of leaking datasets (same channel, no outcome): generic CTNF filename and "
              "QP e-mail without the ground (patent); FDA link without class param, HHE 'requested' with null conclusion (recall); "
              "Heartbeat/MeterValues hex frames and wo.created/tech.assigned log lines (EV); intake chat with a parcel emoji, base64 intake "
              "payload without grade (seed); Spanish pre-hearing notice (eviction); queued assistant with null summary, plain HTML note "
              "with &amp;/&nbsp; (prescreen); board table listing only other candidates, application.submitted webhook (jobs); "
              "FIELD-VERIFY-READ open work order, late-fee CSV row (meter)."]
    lines += ["", f"**Total: {tot} records, {totl} leaking, {tot - totl} non-leaking** (seeds 1401-1414).", ""]
    with open(os.path.join(OUT, "DATASETS.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    ok = selfcheck.run(OUT, [(n, k) for n, k, *_ in results])
    sys.exit(0 if ok else 1)

if __name__ == "__main__":
    main()
