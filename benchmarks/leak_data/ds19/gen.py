#!/usr/bin/env python3
"""Regenerate the ds19 batch (14 datasets) with fixed seeds. Stdlib only: python3 gen.py"""
import gen_leak_a as A, gen_leak_b as B, gen_leak_c as C, gen_clean as K
from dsutil import write_dataset, OUT
import os

LEAKING = [A.metar_flight_category, A.sailing_protest_decisions, A.death_manner_certification,
           B.ballast_water_compliance, B.credit_transfer_evaluation, B.wildlife_rehab_disposition,
           C.obd_emissions_inspection, C.census_address_canvass, C.geocache_listing_review]
CLEAN = [K.core_lithology_logging, K.milk_tanker_screening, K.cheddar_grading, K.snowplow_route_priority, K.burn_permit_decision]

TASKS = {
    "metar_flight_category": "flight category of an airport from the raw METAR",
    "sailing_protest_decisions": "protest committee outcome from the protest form and hearing record",
    "death_manner_certification": "medical examiner's manner of death from investigation, autopsy, toxicology",
    "ballast_water_compliance": "port state ballast-water compliance from the ballast water report and sampling",
    "credit_transfer_evaluation": "registrar's transfer-credit award for a transcript course",
    "wildlife_rehab_disposition": "final disposition of a wildlife-rehabilitation patient from intake and progress notes",
    "obd_emissions_inspection": "OBD-II emissions test result from scan data",
    "census_address_canvass": "housing-unit status from a census canvasser's field observations",
    "geocache_listing_review": "volunteer reviewer decision on a geocache listing",
    "core_lithology_logging": "dominant lithology of a drill-core interval",
    "milk_tanker_screening": "receiving-plant decision on a bulk milk tanker load",
    "cheddar_grading": "U.S. grade of a cheddar lot from the grader's examination",
    "snowplow_route_priority": "winter maintenance priority (integer) of a street segment",
    "burn_permit_decision": "open-burning permit decision",
}


def main():
    lines = ["# ds19 batch — 14 datasets (9 leaking, 5 clean)", "",
             "Regenerate: `python3 gen.py` (fixed seeds, stdlib only). Check: `python3 check.py`.", ""]
    total = tot_leak = 0
    for kind, fns in (("leaking", LEAKING), ("clean", CLEAN)):
        for fn in fns:
            name, recs, meta, forms = fn()
            write_dataset(name, recs, meta)
            nl = sum(r["truth"]["leak"] for r in recs)
            total += len(recs); tot_leak += nl
            labs = recs[0]["label_set"]
            what = "leak forms" if kind == "leaking" else "traps (no leak)"
            lines.append(f"- **{name}** ({kind}) — {TASKS[name]}; labels {labs}. {what}: {forms}. "
                         f"Records: {len(recs)}, leaking: {nl}.")
    lines += ["", f"Total: {total} records across 14 datasets, {tot_leak} leaking records.", "",
              "Leak families (18): hex colour code of a map marker; colour word in a cached sprite filename; quoted-printable e-mail "
              "(soft line breaks) sent after the decision; markdown results table with a penalty code (DSQ); ICD-10 cause code implying "
              "manner; outcome abbreviation in a document-store folder path; base64 gateway payload; hex-encoded port ACK; catalogue "
              "course-number pattern (1XX/ELEC/NOCR) in a prior equivalency rule; Spanish/French evaluator memo; post-decision artefact "
              "sub-records (release site, transfer manifest, controlled-drug log, necropsy); key=value audit-log disposition code; "
              "percent-encoded redirect URL; POS amount that encodes the result; earlier-stage model score vector (argmax); HTML numeric "
              "character references; emoji reactions; escaped-JSON string with \\u-escape carrying a synonym state.",
              "Trap families in clean sets (12+): label words in proper names (formations); fixed legend/enum of all labels; independent "
              "adjacent-record label; constant status field with a label word (sample ACCEPTED); per-item status with label word; identical "
              "regulatory boilerplate; negated/hearsay label words in notes; regulatory term equal to a label (Grade \"A\" milk); codes and "
              "trial arms with label letters; small integers equal to numeric labels; numeric codes on another scale (FHWA class); "
              "label-valued decisions of other/prior cases; blank office-use fields named after labels; decoy base64 image; colour-coded rating.",
              "Leaking sets also carry label words in legitimate input (pilot 'filing IFR', gas cap PASS, 'owner occupied with work', "
              "'no indication of homicide', 'No credit for students who...', 'Finder asked ... released')."]
    with open(os.path.join(OUT, "DATASETS.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
