#!/usr/bin/env python3
"""Deterministic generator for batch ds27 (stdlib only). Writes <name>.jsonl, <name>.meta.json, DATASETS.md."""
import collections
import json
import os
import random
import zlib

import ds

OUT = os.path.dirname(os.path.abspath(__file__))

TRAP_EXAMPLES = {
    "label_word_other_sense": "label word used in an unrelated sense (e.g. 'Soil moisture monitor SM-4 replaced', 'Ticket office closed Mondays', 'grade A' paper, 'Revise or Reject?' title)",
    "proper_noun_with_label_word": "label word inside a proper noun (e.g. 'Sprinklers Lane Orchard Co.', 'Pass Creek WWTP')",
    "other_record_label": "label of another asset/record (e.g. prior-visit bay row tagged red, other container's 'major excursion', co-author's thesis 'referred to panel')",
    "label_set_legend": "whole label set listed as a legend/SOP (e.g. 'Legend: GREEN = no action, AMBER = ..., RED = ...')",
    "flag_scheme_listing": "full flag scheme {1: good, 2: probably good, 3: probably bad, 4: bad} in station metadata",
    "encoded_nonlabel_number": "base64 ui_state holding a random 'zoom' 1-4 (label-range number, not the flag)",
    "partial_label_token": "'sin' used in ordinary Spanish ('Parcela sin incidencias sanitarias')",
    "historical_label_word": "past event with label word (e.g. 'Site recorded an exceedance in 2019', 'Blower 2 failed in October', 2022 'riego intenso')",
    "negation": "negated statement (e.g. 'No complaints received', 'No alarms were raised', 'Don't discard the blue-lid jar')",
    "status_legend": "legend listing all statuses with 'filled in after sign-off'",
    "location_bin_letter": "staging location ending in a random bin letter A-D (e.g. 'STG-07-B')",
    "other_event_label": "label word about another event (e.g. 'Yesterday the line was closed 14:00-15:30', 'Tuesday batch was ready at 05:40')",
    "template_placeholder": "unfilled template (e.g. 'Status: {status}', 'action={ACTION}')",
    "numeric_lookalike": "percentage near a threshold not derived from the gauge ('25 % of bays occupied')",
}
LEAK_DESC = {
    "upstream_model_paraphrase": "earlier advisory model output, paraphrasing the action without the label word",
    "later_equipment_event_log": "controller log of equipment actions taken after the decision",
    "css_class_colour_tag": "HTML status cell empty but CSS class tag-green/amber/red",
    "photo_url_path_slug": "photo URL directory named after the outcome slug",
    "base64_ui_state": "base64 UI state JSON carrying the flag",
    "audit_trail_flag_change": "audit trail entry set_flag -> value",
    "translation_other_language": "agronomist note in English stating the decision (labels are Spanish)",
    "post_decision_quantity": "litres per vine programmed after the decision (0/4/12)",
    "email_thread_paraphrase": "claims e-mail describing consignee outcome",
    "cache_key_abbreviation": "download cache key ending EXC-NIL/MIN/MAJ",
    "percent_encoded_url_param": "report link with fully percent-encoded outcome= parameter",
    "device_alarm_hex_code": "seismograph log ALM=0x00/0x01/0x02",
    "action_code_1to1": "work-order action code SR-NRM/RMV/EVC",
    "emoji_status_glyph": "dashboard markdown status square green/orange/red emoji",
    "embedded_csv_upstream_column": "LIMS CSV attachment with a per-parameter compliance column (OK/EXCEEDS)",
    "later_enforcement_event": "enforcement next_event: NOV issued / compliance certificate issued",
    "location_id_zone_prefix": "current slot location prefixed with velocity zone letter",
    "label_in_json_key_name": "replenishment key named zone_<class>_min_max",
}


def main():
    md = ["# ds27 datasets", "",
          "All records: 120 per dataset. Leak/trap counts are per record. Every instruction also lists the full label set.", ""]
    totals = collections.Counter()
    for name, d in ds.DATASETS.items():
        rng = random.Random(zlib.crc32(name.encode()) ^ 2027)
        labels = d["labels"]
        seq = [labels[k % len(labels)] for k in range(ds.N)]
        rng.shuffle(seq)
        leak_idx = set()
        if d["leak_p"] > 0:
            leak_idx = set(rng.sample(range(ds.N), round(d["leak_p"] * ds.N)))
        fams = d["families"]
        recs, leak_c, trap_c, lab_c = [], collections.Counter(), collections.Counter(), collections.Counter()
        trap_list = ds.TRAPS[name]
        for i in range(ds.N):
            label = seq[i]
            leaks = []
            if i in leak_idx:
                leaks = [rng.choice(fams)] if rng.random() < 0.7 else list(fams)
            traps = []
            drawn = [t for t in trap_list if t not in ds.STRUCTURAL_TRAPS]
            if drawn and rng.random() < 0.5:
                traps = [rng.choice(drawn)]
            if name == "vineyard_irrigation" and "translation_other_language" in leaks:
                traps = []
            proj = d["make"](rng, i, label, leaks, traps)
            if name == "tide_gauge_qc" and "base64_ui_state" not in leaks:
                traps.append("encoded_nonlabel_number")
            if name == "warehouse_slotting" and "location_id_zone_prefix" not in leaks:
                traps.append("location_bin_letter")
            vals = {p: ds.ptr_get(proj, p) for p in d["derive"]}
            assert d["rule"](vals) == label, (name, i)
            assert bool(d["detect"](proj)) == bool(leaks), (name, i, leaks)
            recs.append({"id": "%s-%04d" % (name, i + 1), "expected": label, "label_set": labels, "target": "label",
                         "projection": proj, "truth": {"leak": bool(leaks)}})
            lab_c[label] += 1
            for f in leaks:
                leak_c[f] += 1
            for t in traps:
                trap_c[(t, "leak" if leaks else "clean")] += 1
        with open(os.path.join(OUT, name + ".jsonl"), "w", encoding="utf-8") as fh:
            for r in recs:
                fh.write(json.dumps(r, ensure_ascii=False) + "\n")
        with open(os.path.join(OUT, name + ".meta.json"), "w", encoding="utf-8") as fh:
            json.dump({"derive_from": d["derive"], "note": d["note"]}, fh, ensure_ascii=False, indent=1)
        nleak = sum(1 for r in recs if r["truth"]["leak"])
        totals["leaking_ds" if nleak else "clean_ds"] += 1
        md.append("## %s: %s" % (name, "LEAKING" if nleak else "CLEAN"))
        md.append("- task: " + d["note"])
        md.append("- records: %d; labels: %s" % (len(recs), ", ".join("%r: %d" % (k, lab_c[k]) for k in labels)))
        md.append("- leaking records: %d" % nleak)
        for f in fams:
            md.append("  - leak family `%s` (%d records): %s" % (f, leak_c[f], LEAK_DESC[f]))
        tf = sorted(set(t for t, _ in trap_c))
        for t in tf:
            md.append("  - trap `%s` (%d clean records, %d leaking records): %s" % (
                t, trap_c[(t, "clean")], trap_c[(t, "leak")], TRAP_EXAMPLES[t]))
        md.append("")
    with open(os.path.join(OUT, "DATASETS.md"), "w", encoding="utf-8") as fh:
        fh.write("\n".join(md) + "\n")
    print(dict(totals))


if __name__ == "__main__":
    main()
