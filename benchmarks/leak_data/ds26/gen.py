#!/usr/bin/env python3
"""Deterministic generator for the ds26 leakage benchmark batch (stdlib only)."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_common import make, REGISTRY, OUT
import gen_leak1 as L1, gen_leak2 as L2, gen_leak3 as L3, gen_clean as C
from write_doc import write_doc

SPECS = [
    # name, labels, derive_from, note, leaking, rate, builder, seed, n, families
    ("asbestos_mas", ["high", "medium", "low", "very low"],
     ["/tool_result/acm/material", "/tool_result/acm/assessment"],
     "Material risk band from the four HSG264 algorithm scores (with their descriptions and the material/fibre they are based on).",
     True, 0.40, L1.b_asbestos, 2601, 160, ["L1", "L2"]),
    ("battery_refurb_grade", ["A", "B", "C", "recycle"],
     ["/diag/design_capacity_mWh", "/diag/full_charge_capacity_mWh", "/diag/cycle_count", "/inspection/swelling"],
     "Resale grade from SoH (full charge / design capacity), cycle count and swelling check.",
     True, 0.55, L3.b_battery, 2602, 150, ["L16", "L17"]),
    ("cider_sweetness", ["brut", "demi-sec", "doux"],
     ["/fiche_lot/analyse_labo/sucres_residuels_g_l"],
     "Mention de sucrosité (French labels) from measured residual sugar g/L.",
     True, 0.45, L1.b_cider, 2603, 150, ["L3", "L4"]),
    ("cycling_kom_category", ["HC", "1", "2", "3", "4"],
     ["/route_tool/segment/length_km", "/route_tool/segment/avg_gradient_pct", "/route_tool/segment/max_gradient_pct"],
     "Mountains-classification category from length x gradient^2 (max gradient listed as legitimate route data).",
     True, 0.35, L1.b_climb, 2604, 150, ["L5", "L6"]),
    ("earned_value_status", ["on track", "at risk", "off track"],
     ["/pmo_tool/evm/PV", "/pmo_tool/evm/EV", "/pmo_tool/evm/AC"],
     "Project status from min(CPI, SPI).",
     True, 0.50, L1.b_ev, 2605, 150, ["L7", "L8"]),
    ("ghg_scope", ["Scope 1", "Scope 2", "Scope 3"],
     ["/ledger_line/description", "/ledger_line/supplier", "/ledger_line/gl_account", "/ledger_line/activity_type", "/ledger_line/asset_control"],
     "GHG Protocol scope from the ledger line's activity type and control (description/supplier/GL are legitimate context).",
     True, 0.45, L2.b_ghg, 2606, 160, ["L9", "L10"]),
    ("ice_access", ["stay off", "walk", "snowmobile", "car", "truck"],
     ["/field_survey/auger_holes"],
     "Public ice access level from the thinnest hole's clear + half white ice.",
     True, 0.30, L2.b_ice, 2607, 150, ["L11", "L12"]),
    ("jewellery_hallmark", ["375", "585", "750", "916", "999"],
     ["/assay/results_ppt"],
     "Hallmark fineness standard (numeric labels) from the mean fire-assay result.",
     True, 0.25, L2.b_jewel, 2608, 140, ["L13", "L18"]),
    ("medication_adherence", ["adherent", "partially adherent", "non-adherent"],
     ["/claims/period_start", "/claims/period_end", "/claims/fills"],
     "PDC adherence band computed from pharmacy fill claims.",
     True, 0.60, L3.b_med, 2609, 150, ["L14", "L15"]),
    ("cotton_classing", ["Good Middling", "Strict Middling", "Middling", "Strict Low Middling", "Low Middling"],
     ["/hvi_record/Rd"],
     "Upland cotton colour grade from HVI reflectance Rd.",
     False, 0.0, C.b_cotton, 2610, 140, []),
    ("hba1c_screening", ["normal", "prediabetes", "diabetes"],
     ["/observation/valueQuantity/value", "/observation/valueQuantity/unit"],
     "ADA glycaemic category from the HbA1c value (NGSP % or IFCC mmol/mol).",
     False, 0.0, C.b_hba1c, 2611, 140, []),
    ("lake_trophic_state", ["oligotrophic", "mesotrophic", "eutrophic", "hypereutrophic"],
     ["/site_visit/secchi_depth_m"],
     "Carlson TSI(SD) trophic class from Secchi depth.",
     False, 0.0, C.b_lake, 2612, 130, []),
    ("knitting_yarn_weight", ["lace", "fingering", "sport", "DK", "worsted", "bulky"],
     ["/swatch/wraps_counted", "/swatch/span_inches"],
     "Yarn weight class from the wraps-per-inch test.",
     False, 0.0, C.b_yarn, 2613, 150, []),
    ("attendance_absence", ["regular", "persistently absent", "severely absent"],
     ["/mis_extract/possible_sessions", "/mis_extract/sessions_attended", "/mis_extract/authorised_absences", "/mis_extract/unauthorised_absences"],
     "DfE attendance band from sessions attended / possible sessions (absence counts are the same data).",
     False, 0.0, C.b_attend, 2614, 140, []),
]

def main():
    for s in SPECS:
        make(*s)
    write_doc(REGISTRY, os.path.join(OUT, "DATASETS.md"))
    print("wrote", len(REGISTRY), "datasets to", OUT)

if __name__ == "__main__":
    main()
