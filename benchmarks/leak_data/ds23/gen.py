#!/usr/bin/env python3
"""Deterministic generator for the ds23 leakage benchmark batch (stdlib only)."""
import sys, os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import math, common
common.math = math
import gen_a, gen_b
gen_a.math = math

for f in [gen_a.g_dam, gen_a.g_sea, gen_a.g_wald, gen_a.g_uv, gen_a.g_apgar, gen_a.g_ski, gen_a.g_wake,
          gen_b.g_cvss, gen_b.g_dog, gen_b.g_concrete, gen_b.g_atc20, gen_b.g_esi, gen_b.g_vgm, gen_b.g_dmarc]:
    f()
common.write_report()
print("wrote", len(common.REPORT), "datasets")
