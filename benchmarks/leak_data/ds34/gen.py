#!/usr/bin/env python3
"""Deterministic generator for leakage benchmark batch ds34 (stdlib only)."""
import json, os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import OUT
import ds_a, ds_b
from report import write_report

ORDER = [ds_a.sunglass_filter, ds_a.tempo_marking, ds_a.spf_category, ds_a.hemp_thc, ds_a.recount_margin,
         ds_a.exoplanet_size, ds_a.ams_lake_louise, ds_b.hypothermia_stage, ds_b.koppen_group,
         ds_b.password_strength, ds_b.niosh_lifting, ds_b.cable_sizing, ds_b.kennel_size, ds_b.market_cap_tier]

if __name__ == "__main__":
    manifest = {}
    for fn in ORDER:
        fn(manifest)
    write_report(manifest)
    print("wrote %d datasets" % len(manifest))
