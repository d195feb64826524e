#!/usr/bin/env python3
"""Regenerate the ds16 blind batch (14 datasets) with fixed seeds. Stdlib only.

Usage: python3 gen.py   -> writes ds16/<name>.jsonl, ds16/<name>.meta.json, ds16/DATASETS.md
"""
import os
from helpers import OUT
import leak_a, leak_b, leak_c, clean_a, clean_b

LEAKING = [leak_a.grain_wheat_grade, leak_a.hydrant_flow_class, leak_a.foia_determination,
           leak_b.contest_qso_crosscheck, leak_b.shellfish_area_class, leak_b.aton_discrepancy,
           leak_c.seismic_channel_qc, leak_c.cemetery_interment_permit, leak_c.bridge_load_posting]
CLEAN = [clean_a.bird_banding_age, clean_a.hardwood_log_grade, clean_a.wool_diameter_class,
         clean_b.chimney_inspection_level, clean_b.provisional_ballot_review]


def main():
    manifest, lines = [], ["# ds16 blind batch", "",
                           "14 datasets (9 leaking, 5 clean). Each record: id, expected, label_set, target, projection, truth.leak.", ""]
    for f in LEAKING + CLEAN:
        info = f(manifest)
        m = manifest[-1]
        kind = "LEAKING" if f in LEAKING else "CLEAN"
        detail = ("leak forms: " + info["forms"]) if kind == "LEAKING" else ("traps: " + info["traps"])
        lines.append(f"- **{m['name']}** ({kind}) - {info['task']}; labels {m['labels']}; {detail}; "
                     f"records {m['n']}, leaking {m['leaking']}.")
    tot = sum(m["n"] for m in manifest)
    tl = sum(m["leaking"] for m in manifest)
    lines += ["", f"Total: {tot} records, {tl} leaking records ({len(LEAKING)} leaking datasets, {len(CLEAN)} clean).", ""]
    with open(os.path.join(OUT, "DATASETS.md"), "w", encoding="utf-8") as fh:
        fh.write("\n".join(lines))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
