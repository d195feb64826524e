"""Five clean datasets (no leak; traps only)."""
import json, random, datetime, base64
from helpers import *


# ---------------------------------------------------------------- C1 meteorite chondrite group
def chondrite_group():
    rng = random.Random(1811)
    L = ["H", "L", "LL"]
    n = 147
    labs = balanced_labels(rng, L, n)
    fa = {"H": (16.2, 19.8), "L": (22.8, 25.9), "LL": (26.5, 31.5)}
    fs = {"H": (14.6, 17.9), "L": (19.1, 22.0), "LL": (22.3, 26.0)}
    chi = {"H": (5.15, 5.45), "L": (4.75, 5.05), "LL": (3.9, 4.45)}
    glossary = "Groups: H (Fa 16-20, Fs 14.5-18), L (Fa 22-26, Fs 19-22), LL (Fa 26-32, Fs 22-26); log chi H≈5.3, L≈4.9, LL≈4.1."
    rows = []
    for i, lab in enumerate(labs):
        name = rng.choice(["Northwest Africa", "Dhofar", "Jiddat al Harasis", "Sayh al Uhaymir", "Allan Hills", "Lewis Cliff", "Catalina", "El Médano"])
        short = {"Northwest Africa": "NWA", "Dhofar": "Dho", "Jiddat al Harasis": "JaH", "Sayh al Uhaymir": "SaU",
                 "Allan Hills": "ALH", "Lewis Cliff": "LEW", "Catalina": "Cat", "El Médano": "EM"}[name]
        proj = {
            "instruction": "Classify this ordinary chondrite into its chemical group using the microprobe and magnetic data. " + glossary,
            "specimen": {"designation": f"{short} {rng.randint(100, 16999)}", "provisional": rng.choice([True, False]),
                         "mass_g": round(rng.uniform(3, 4200), 1), "find_year": rng.randint(1998, 2025),
                         "storage": {"cabinet": rng.choice(["H", "L", "LL", "K"]), "drawer": rng.randint(1, 24)},
                         "weathering_grade": rng.choice(["W1", "W2", "W3", "W4", None]),
                         "shock_stage": rng.choice(["S1", "S2", "S3", "S4"]), "petrologic_type": rng.choice([3, 4, 5, 6, 6])},
            "epma": {"olivine_fa_mol_pct": {"mean": round(rng.uniform(*fa[lab]), 1), "sd": round(rng.uniform(0.2, 1.4), 1), "n": rng.randint(8, 30)},
                     "low_ca_pyroxene_fs_mol_pct": round(rng.uniform(*fs[lab]), 1) if rng.random() < 0.85 else None,
                     "analyst": initials(rng), "session": f"JXA-8530F/{rng.randint(2024,2026)}-{rng.randint(1,52):02d}"},
            "magnetic_susceptibility_log_chi": round(rng.uniform(*chi[lab]), 2) if rng.random() < 0.7 else None,
            "notes": rng.choice([None, "Fusion crust 40%; some H2O-related rust along cracks.", "Cut face shows chondrules up to 1.2 mm.",
                                 "Cracks filled with terrestrial calcite; chi may be lowered by weathering.", "Paired with L-shaped find nearby? Not verified.",
                                 "Thin section LL/2 made by prep lab (series LL = Lab Loan)."]),
        }
        rows.append((lab, proj, False))
    meta = {"derive_from": ["/epma", "/magnetic_susceptibility_log_chi"],
            "note": "Group from olivine Fa and pyroxene Fs (and log chi). The instruction's glossary lists all groups; cabinet letters, weathering/shock codes and notes are not group assignments."}
    return "chondrite_group", L, rows, meta


# ---------------------------------------------------------------- C2 maple syrup colour class
def maple_syrup_grade():
    rng = random.Random(1812)
    L = ["Golden Delicate", "Amber Rich", "Dark Robust", "Very Dark Strong"]
    n = 133
    labs = balanced_labels(rng, L, n)
    tc = {"Golden Delicate": (75.0, 92.0), "Amber Rich": (50.0, 74.9), "Dark Robust": (25.0, 49.9), "Very Dark Strong": (4.0, 24.9)}
    rows = []
    for i, lab in enumerate(labs):
        farm = rng.choice(["Golden Valley Sugarhouse", "Amber Hill Farm", "Dark Hollow Maple", "Robust Acres", "Birch Run Sugarbush", "Sapling Ridge"])
        proj = {
            "instruction": "Assign the Grade A colour class of this bulk syrup drum from the grading-kit readings. Classes: Golden Delicate (>=75 %Tc), Amber Rich (50-74.9), Dark Robust (25-49.9), Very Dark Strong (<25).",
            "producer": {"sugarhouse": farm, "state": rng.choice(["VT", "NY", "QC", "ME", "NH"]), "taps": rng.randint(800, 42000)},
            "drum": {"id": f"D{rng.randint(2026,2026)}-{rng.randint(1,999):03d}", "volume_l": rng.choice([150, 180, 200, 208]),
                     "container": rng.choice(["steel drum", "amber glass jug (sample)", "stainless drum", "HDPE drum"]),
                     "boil_date": iso(rdate(rng, datetime.date(2026, 2, 20), 60)), "storage": rng.choice(["cool dark shed", "warehouse bay 3", "heated room", None])},
            "grading": {"transmittance_pct_tc_560nm": round(rng.uniform(*tc[lab]), 1), "brix": round(rng.uniform(66.0, 68.9), 1),
                        "grade": "Grade A" if rng.random() < 0.93 else "Processing grade review", "inspector": person(rng),
                        "flavour_check": rng.choice(["no off-flavour", "no off-flavour", "characteristic maple, rich mouthfeel", "slight buddy note? re-test", "clean"])},
            "purchase": {"buyer": rng.choice(["Co-op Bulk", "Sugar Depot", "Roberts Packers"]), "price_basis": "per lb, colour premium per schedule 2026"},
        }
        rows.append((lab, proj, False))
    meta = {"derive_from": ["/grading/transmittance_pct_tc_560nm"],
            "note": "Colour class is set purely from light transmittance. Farm names, container/storage descriptions and flavour notes use words like amber, golden, dark, rich in ordinary senses; the instruction lists all classes."}
    return "maple_syrup_grade", L, rows, meta


# ---------------------------------------------------------------- C3 sediment grain class
def sediment_texture():
    rng = random.Random(1813)
    L = ["clay", "silt", "sand", "gravel"]
    n = 190
    labs = balanced_labels(rng, L, n)
    d50 = {"clay": (0.5, 3.8), "silt": (4.2, 60.0), "sand": (65.0, 1900.0), "gravel": (2100.0, 24000.0)}
    import math
    rows = []
    for i, lab in enumerate(labs):
        um = round(rng.uniform(*d50[lab]), 1)
        phi = round(-math.log2(um / 1000.0), 2)
        site = rng.choice(["Sandy Hook Bay", "Gravelly Point", "Claybank Reach", "Silver Strand", "Silt fence inlet", "Shingle Street", "Mudflat Station 4", "Horseshoe Cove"])
        frac = {"clay": (55, 30, 15, 0), "silt": (15, 60, 25, 0), "sand": (3, 10, 80, 7), "gravel": (1, 4, 30, 65)}[lab]
        jitter = [max(0, f + rng.randint(-4, 4)) for f in frac]
        s = sum(jitter); jitter = [round(100 * j / s, 1) for j in jitter]
        proj = {
            "instruction": "Give the Wentworth size class of the sample's median grain size.",
            "station": {"site": site, "core": f"GC-{rng.randint(1,60):02d}", "depth_cm": f"{rng.randint(0,40)}-{rng.randint(41,80)}",
                        "lat": round(rng.uniform(40.1, 41.9), 4), "lon": round(rng.uniform(-74.3, -71.9), 4), "water_depth_m": round(rng.uniform(0.5, 28), 1)},
            "laser_diffraction": {"instrument": rng.choice(["Mastersizer 3000", "LS 13 320"]), "d50_um": um, "d50_phi": phi,
                                  "sorting_phi": round(rng.uniform(0.4, 2.6), 2),
                                  "fractions_pct": {"clay_lt4um": jitter[0], "silt_4_63um": jitter[1], "sand_63_2000um": jitter[2], "gravel_gt2mm": jitter[3]}},
            "wentworth_reference": "clay <4 um | silt 4-63 um | sand 63 um-2 mm | gravel >2 mm",
            "field_notes": rng.choice([None, "Shell hash on surface.", "No gravel seen at surface, grab refused once.", "H2S smell, black layer at 6 cm.",
                                       "Sand dollar tests in grab.", "Core liner cracked, sample taken from top 20 cm only.", "Loose sand sheet over firmer material below."]),
        }
        if rng.random() < 0.3:
            proj["laser_diffraction"]["raw_export_b64"] = base64.b64encode(
                f"Sample,{proj['station']['core']}\nObscuration,{rng.randint(8,19)}%\nPump,{rng.choice([2400,2500])} rpm\n".encode()).decode()
        rows.append((lab, proj, False))
    meta = {"derive_from": ["/laser_diffraction/d50_um", "/laser_diffraction/d50_phi", "/laser_diffraction/fractions_pct"],
            "note": "Class from the median grain size (d50). Fraction keys are named after size classes; site names and notes mention sand/gravel etc. in ordinary senses; raw exports are instrument settings."}
    return "sediment_texture", L, rows, meta


# ---------------------------------------------------------------- C4 bat call identification
def bat_call_id():
    rng = random.Random(1814)
    L = ["Pipistrellus pipistrellus", "Pipistrellus pygmaeus", "Nyctalus noctula", "Myotis spp."]
    n = 160
    labs = balanced_labels(rng, L, n)
    rows = []
    for i, lab in enumerate(labs):
        if lab == "Pipistrellus pipistrellus":
            fmax = round(rng.uniform(43, 48.5), 1); shape = "FM-QCF hockey stick"; dur = round(rng.uniform(4, 7), 1); bw = rng.randint(10, 25)
        elif lab == "Pipistrellus pygmaeus":
            fmax = round(rng.uniform(52, 58), 1); shape = "FM-QCF hockey stick"; dur = round(rng.uniform(4, 6.5), 1); bw = rng.randint(8, 22)
        elif lab == "Nyctalus noctula":
            fmax = round(rng.uniform(18, 24), 1); shape = rng.choice(["QCF, long shallow", "alternating shallow QCF"]); dur = round(rng.uniform(12, 25), 1); bw = rng.randint(3, 8)
        else:
            fmax = round(rng.uniform(38, 52), 1); shape = "steep FM, no tail"; dur = round(rng.uniform(2, 4.5), 1); bw = rng.randint(45, 80)
        site = rng.choice(["Canal towpath T3", "Woodland ride W1", "Pond edge P2", "Hedgerow H7", "Churchyard C1"])
        proj = {
            "instruction": "Identify the bat to species (or Myotis spp.) from the call parameters of this pass.",
            "detector": {"model": rng.choice(["SM4BAT-FS", "Anabat Swift", "AudioMoth 1.2"]), "serial": hexid(rng, 10).upper(),
                         "sample_rate_khz": rng.choice([256, 384, 500]),
                         "auto_id_config": {"enabled": False, "species_list": ["Pipistrellus pipistrellus", "Pipistrellus pygmaeus", "Nyctalus noctula", "Myotis spp.", "Eptesicus serotinus", "Plecotus auritus"]}},
            "pass": {"file": f"{site.split()[-1]}_{rdate(rng).strftime('%Y%m%d')}_{rng.randint(200000,235959)}.wav", "site": site,
                     "calls_in_sequence": rng.randint(3, 28), "peak_freq_khz": fmax, "call_shape": shape, "duration_ms": dur,
                     "bandwidth_khz": bw, "inter_pulse_interval_ms": round(rng.uniform(60, 140) if lab != "Nyctalus noctula" else rng.uniform(200, 400), 0),
                     "social_calls": rng.choice([None, None, "none", "possible social call present, not diagnostic"])},
            "site_history": {"species_recorded_previous_surveys": rng.sample(L + ["Plecotus auritus", "Eptesicus serotinus"], rng.randint(2, 5)),
                             "roost_box_scheme": rng.choice([None, "pipistrelle boxes x6 (unchecked)", "none"])},
            "qc": {"status": rng.choice(["OK", "OK", "P", "N", "REVIEW"]), "noise_files_removed": rng.randint(0, 40)},
        }
        rows.append((lab, proj, False))
    meta = {"derive_from": ["/pass"],
            "note": "Species from peak frequency, call shape, duration, bandwidth and IPI. The detector's auto-ID species list (auto-ID disabled) and historical site species lists name several labels but are not per-pass identifications."}
    return "bat_call_id", L, rows, meta


# ---------------------------------------------------------------- C5 allotment inspection step
def allotment_step():
    rng = random.Random(1815)
    L = ["0", "1", "2", "3"]
    n = 124
    labs = balanced_labels(rng, L, n)
    rows = []
    for i, lab in enumerate(labs):
        k = int(lab)
        if k == 0:
            cult = rng.randint(70, 100); prev = rng.choice([0, 0, 1]); probs = []
            if prev == 1: cult = rng.randint(80, 100)
        else:
            cult = rng.randint(5, 60); prev = k - 1
            probs = rng.sample(["brambles over 1/3 of plot", "rubbish/carpet stored", "shed in disrepair", "bonfire on plot", "paths uncut", "uncultivated beds"], rng.randint(1, 3))
        plot = f"{rng.choice(['A','B','C','D'])}{rng.randint(1,60)}"
        proj = {
            "instruction": "Under the tenancy rules (Rule 3: at least 75% cultivated; Rule 7: no waste stored), decide the enforcement step after this inspection: 0 = no action, 1 = first (cultivation) letter, 2 = final warning, 3 = notice to quit.",
            "site": {"name": rng.choice(["Hollybush Lane", "Kingsway", "Victoria Park", "Mill Road North"]), "site_no": rng.randint(1, 9)},
            "plot": {"no": plot, "size_rods": rng.choice([5, 10, 10, 10]), "tenant_since": rng.randint(2001, 2025), "rent_paid": rng.choice([True, True, True, False])},
            "inspection": {"date": iso(rdate(rng, datetime.date(2025, 5, 1), 150)), "round": rng.choice([1, 2, 3]), "inspector": person(rng),
                           "cultivated_pct": cult, "problems": probs or None, "photos": rng.randint(0, 6),
                           "comment": rng.choice([None, "Tenant present, says back problem", "Great crop of beans", "Warning signs re: wasps by shed (council sign)", "Water trough leaking, reported"])},
            "history": {"steps_issued_this_season": prev, "last_letter": iso(rdate(rng, datetime.date(2025, 3, 1), 60)) if prev else None},
        }
        rows.append((lab, proj, False))
    meta = {"derive_from": ["/inspection", "/history/steps_issued_this_season"],
            "note": "Step = next escalation after prior letters when the plot fails Rule 3/7; prior steps are legitimate input. Rule numbers, site numbers, inspection round and plot numbers are ordinary numbers."}
    return "allotment_step", L, rows, meta


ALL = [chondrite_group, maple_syrup_grade, sediment_texture, bat_call_id, allotment_step]
