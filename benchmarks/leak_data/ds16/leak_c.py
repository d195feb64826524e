"""Leaking datasets, part C: seismic channel QC, cemetery interment permits, bridge load posting."""
from helpers import *


# ---------------------------------------------------------------- seismic_channel_qc
def seismic_channel_qc(manifest):
    rng = random.Random(1607)
    name = "seismic_channel_qc"
    labels = ["ok", "noisy", "dead", "clipped", "timing"]
    n = 187
    targets = balanced_labels(rng, labels, n, [4, 3, 2, 2, 2])
    leaks = pick_leak_flags(rng, n, 0.38)
    nets = ["UW", "CI", "NC", "AK", "IU", "US", "N4", "TA", "UU", "OK"]
    rows = []
    FS = 8388607
    for i, t in enumerate(targets):
        net = rng.choice(nets)
        sta = "".join(rng.choice("ABCDEFGHKLMNPRSTVWY") for _ in range(rng.choice([3, 4, 4, 5])))
        cha = rng.choice(["HHZ", "HHN", "HHE", "BHZ", "BHN", "BHE", "EHZ", "HNZ"])
        loc = rng.choice(["00", "10", "--", "00"])
        day = rdate(rng, (2023, 1, 1), (2025, 9, 30))
        m = {"rms_counts": round(rng.uniform(80, 4000), 1), "max_abs_counts": rng.randint(4000, 900000),
             "flatline_fraction": round(rng.uniform(0, 0.002), 4), "psd_dev_nhnm_db_1_10hz": round(rng.uniform(-35, -12), 1),
             "availability_pct": round(rng.uniform(97.5, 100), 2), "gaps": rng.randint(0, 3),
             "clipped_samples": 0, "gps": {"lock": "locked", "clock_quality_pct": rng.randint(85, 100), "timing_drift_ms": round(rng.uniform(0, 0.8), 2)}}
        if t == "noisy":
            m["psd_dev_nhnm_db_1_10hz"] = round(rng.uniform(10.5, 28), 1)
            m["rms_counts"] = round(rng.uniform(5000, 60000), 1)
        elif t == "dead":
            m["rms_counts"] = round(rng.uniform(0, 3.5), 2)
            m["flatline_fraction"] = round(rng.uniform(0.92, 1.0), 3)
            m["max_abs_counts"] = rng.randint(0, 40)
            m["psd_dev_nhnm_db_1_10hz"] = None
        elif t == "clipped":
            m["max_abs_counts"] = FS - rng.randint(0, 3)
            m["clipped_samples"] = rng.randint(40, 90000)
        elif t == "timing":
            m["gps"] = {"lock": "unlocked", "clock_quality_pct": rng.randint(0, 45), "timing_drift_ms": round(rng.uniform(12, 900), 1),
                        "last_lock_utc": f"{day.isoformat()}T0{rng.randint(0, 9)}:{rng.randint(10, 59)}:00Z"}
        if t != "clipped" and rng.random() < 0.15:
            m["clipped_samples"] = 0
        if rng.random() < 0.2:
            m.pop("gaps")
        ops = rng.choice(["", "", "Field visit 2 weeks ago: replaced battery, GPS antenna ok.", "Station on solar; winter voltage dips.",
                          "Sensor re-leveled after frost heave.", "Quarry blasting expected weekdays 11:00-14:00 local.",
                          "Telemetry via cell modem, ok since firmware update.", "Vault flooded in spring, pumped out, noise normal after.",
                          "Teleseism M6.8 at 14:22 UTC; amplitudes high but no saturation flags."])
        proj = {"instruction": "Review the daily QC metrics for this seismic channel and assign one state: ok, noisy, "
                               "dead, clipped or timing. Digitizer full scale is ±8388607 counts; noise is judged "
                               "against the NHNM (>10 dB above in 1-10 Hz).",
                "channel": {"nslc": f"{net}.{sta}.{loc}.{cha}", "day": day.isoformat(), "sample_rate_hz": rng.choice([100, 40, 200]),
                            "sensor": rng.choice(["Trillium Compact 120", "STS-2.5", "Guralp CMG-3T", "L-22", "Episensor ES-T"]),
                            "digitizer": rng.choice(["Centaur", "Q330S+", "Pegasus", "RT130"])},
                "metrics": m}
        if ops:
            proj["ops_notes"] = ops
        leak = leaks[i]
        if leak:
            f = rng.randrange(3)
            analyst = rng.choice(["jmr", "akw", "tlh", "pbo", "sdn"])
            if f == 0:
                proj["review_blob"] = json.dumps({"analyst": analyst, "verdict": t, "ticket": None if t == "ok" else f"FLD-{rng.randint(1000, 9999)}",
                                                  "reviewed_at": f"{day.isoformat()}T{rng.randint(12, 23)}:{rng.randint(10, 59)}:00Z"})
            elif f == 1:
                cls = ["ok", "noisy", "dead", "clipped", "timing"]
                probs = [round(rng.uniform(0.0, 0.08), 3) for _ in cls]
                probs[cls.index(t)] = round(rng.uniform(0.7, 0.97), 3)
                proj["prescreen"] = {"model": "qc-gbdt-2.3", "classes": cls, "argmax": cls.index(t), "proba": probs}
            else:
                proj["annotation_hex"] = hexs(f"state={t};by={analyst};src=qc-review")
        rows.append((t, proj, leak))
    meta = {"derive_from": ["/metrics", "/ops_notes", "/channel"],
            "note": "State follows from RMS/flatline (dead), max counts at digitizer full scale and clipped samples "
                    "(clipped), GPS lock/clock quality/drift (timing), PSD deviation vs NHNM (noisy)."}
    write_dataset(name, labels, rows, meta, manifest)
    return {"task": "seismic channel daily QC state",
            "forms": "escaped-JSON analyst review string; upstream pre-screen model argmax index into class list; hex-encoded annotation"}


# ---------------------------------------------------------------- cemetery_interment_permit
def cemetery_interment_permit(manifest):
    rng = random.Random(1608)
    name = "cemetery_interment_permit"
    labels = ["casket burial", "cremated remains", "disinterment", "scattering"]
    n = 128
    targets = balanced_labels(rng, labels, n, [4, 4, 1.5, 1.5])
    code = {"casket burial": "IB", "cremated remains": "IC", "disinterment": "DX", "scattering": "SG"}
    fee = {"casket burial": "Opening &amp; closing — casket burial", "cremated remains": "Opening &amp; closing — cremated remains",
           "disinterment": "Disinterment, incl. re-set of marker", "scattering": "Scattering garden fee"}
    cems = ["Oakwood Municipal Cemetery", "Riverside Cemetery", "St. Brigid Public Cemetery", "Hillcrest Memorial Park (City)"]
    fhs = ["Hartley & Sons Funeral Home", "Greenlawn Funeral Chapel", "Mosley-Briggs Mortuary", "Direct Cremation Services LLC",
           "Valley Funeral Home", None]
    rows = []
    for i, t in enumerate(targets):
        dec = person(rng)
        app_date = rdate(rng, (2023, 1, 1), (2025, 8, 31))
        if t == "disinterment":
            dod = rdate(rng, (1968, 1, 1), (2019, 12, 31))
        else:
            dod = app_date - datetime.timedelta(days=rng.randint(2, 20 if t == "casket burial" else 400))
        sec = rng.choice("ABCDEFGHJK")
        loc = {"section": sec, "lot": rng.randint(1, 240), "space": rng.randint(1, 8)}
        if t == "casket burial":
            cont = rng.choice(["18-gauge steel casket, concrete vault", "oak casket with grave liner", "cloth-covered casket, vault provided by family"])
            narr = rng.choice(["Service at graveside Thursday, family requests tent and 24 chairs.",
                               "Funeral mass at 10, procession arrives about 11:30.",
                               "Military honors requested; body arriving from out of state with transit permit."])
        elif t == "cremated remains":
            cont = rng.choice(["bronze urn in urn vault", "polymer urn", "granite companion urn"])
            narr = rng.choice(["Ashes to be placed in husband's grave (second right of interment).",
                               "Urn into the columbarium niche purchased in 2009.",
                               "Small family gathering, urn placed in the existing family lot."])
            if rng.random() < 0.5:
                loc = {"columbarium": rng.choice(["East Wall", "Chapel Niche Bank"]), "niche": f"{rng.choice('ABCD')}-{rng.randint(1, 60)}"}
        elif t == "disinterment":
            cont = rng.choice(["original casket, condition unknown", "urn in urn vault (existing)", "casket in concrete vault (existing)"])
            narr = rng.choice(["Family relocating to Arizona and wishes to move mother to the new family plot there.",
                               "Moving remains to be buried beside spouse at St. Anne's; court order attached.",
                               "Grave was sold twice by the previous sexton; remains to be moved to the correct lot."])
            loc["remains_currently_in_place_since"] = dod.year + rng.randint(0, 1)
        else:
            cont = rng.choice(["scattering tube", "temporary plastic container", "biodegradable scattering urn"])
            narr = rng.choice(["Family wants to release the ashes in the memorial scattering garden, no marker.",
                               "Ashes to be spread in the woodland garden area, name on the memorial wall only.",
                               "Scatter at the garden during spring gathering, about 15 people."])
            loc = {"area": rng.choice(["Memorial Scattering Garden", "Woodland Garden"])}
        if rng.random() < 0.25:
            narr += " " + rng.choice(["Family asked about burial of a second urn later.", "Please call the daughter, not the son.",
                                      "Previous casket burial in this lot in 1998.", "Marker to be set later by monument company."])
        app = {"application_no": f"APP-{app_date:%y}-{rng.randint(1, 2999):04d}", "received": app_date.isoformat(),
               "cemetery": rng.choice(cems), "applicant": person(rng),
               "relationship": rng.choice(["spouse", "son", "daughter", "sibling", "executor", "grandchild"]),
               "deceased": {"name": dec, "date_of_death": dod.isoformat()}, "funeral_home": rng.choice(fhs),
               "container": cont, "location": loc, "requested_date": (app_date + datetime.timedelta(days=rng.randint(2, 40))).isoformat(),
               "narrative": narr}
        if app["funeral_home"] is None:
            del app["funeral_home"]
        proj = {"instruction": "Determine the permit type the sexton must issue for this application: casket burial, "
                               "cremated remains, disinterment, or scattering.", "application": app}
        # every record leaks (this dataset leaks in all records)
        f = rng.random()
        pno = f"CMY-{app_date:%y}-{code[t]}-{rng.randint(1, 999):04d}"
        if f < 0.5:
            proj["permit"] = {"permit_no": pno, "issued_by": rng.choice(["sexton", "parks clerk"]), "status": "issued"}
        else:
            amt = {"casket burial": "1,650.00", "cremated remains": "475.00", "disinterment": "2,950.00", "scattering": "125.00"}[t]
            label_html = html_entities(fee[t].split(" — ")[-1] if " — " in fee[t] else fee[t], rng)
            head = fee[t].split(" — ")[0] + (" &mdash; " if " — " in fee[t] else "")
            proj["receipt_html"] = (f"<table class=\"rcpt\"><tr><th>Item</th><th>Amount</th></tr>"
                                    f"<tr><td>{head if ' — ' in fee[t] else ''}{label_html}</td><td>${amt}</td></tr>"
                                    f"<tr><td>Records &amp; administration</td><td>$35.00</td></tr></table>")
            if rng.random() < 0.5:
                proj["permit"] = {"permit_no": None, "status": "pending"}
        rows.append((t, proj, True))
    meta = {"derive_from": ["/application/container", "/application/narrative", "/application/location",
                            "/application/deceased/date_of_death"],
            "note": "Permit type follows from what is being done with the remains: casket into a grave, urn into a "
                    "grave/niche, removal of remains already interred, or scattering. Permit and receipt are issued after."}
    write_dataset(name, labels, rows, meta, manifest)
    return {"task": "municipal cemetery permit type",
            "forms": "ALL records: permit number embeds type code (IB/IC/DX/SG); HTML receipt with numeric character references spelling the type"}


# ---------------------------------------------------------------- bridge_load_posting
def bridge_load_posting(manifest):
    rng = random.Random(1609)
    name = "bridge_load_posting"
    labels = ["no posting", "posted", "closed"]
    n = 142
    targets = balanced_labels(rng, labels, n, [5, 4, 1.5])
    leaks = pick_leak_flags(rng, n, 0.35)
    legal = {"SU4": 27.0, "Type 3": 25.0, "Type 3S2": 36.0, "Type 3-3": 40.0}
    item41 = {"no posting": "A", "posted": "P", "closed": "K"}
    memo = {"no posting": ["No load restriction is warranted; continue the 24-month inspection cycle.",
                           "Existing capacity adequate for all state legal loads. No signage action."],
            "posted": ["Erect weight-limit signs at both approaches reflecting the revised rating within 30 days.",
                       "Tonnage limits to be signed per the rating; notify school transportation and the fire district."],
            "closed": ["Barricade both approaches immediately; detour via CR 12 until the superstructure is replaced.",
                       "Structure taken out of service effective today; Type III barricades placed."]}
    signs = {"posted": ["R12-1", "R12-5"], "closed": ["R11-2", "R11-4", "W20-3"]}
    feats = ["Mill Creek", "Big Sandy River", "Norfolk Southern RR", "Town Branch", "I-70", "Dry Run", "Salt Fork", "Coon Hollow Creek"]
    rows = []
    for i, t in enumerate(targets):
        for _ in range(10000):
            opr = round(rng.uniform(1.0, 80.0), 1)
            sup = rng.randint(2, 8); sub = rng.randint(2, 8); deck = rng.randint(3, 8)
            closed = sup <= 2 or sub <= 2 or opr < 3.0
            posted = (not closed) and any(opr / w < 1.0 for w in legal.values())
            lab = "closed" if closed else "posted" if posted else "no posting"
            if lab == t:
                break
        inv = round(opr * rng.uniform(0.55, 0.62), 1)
        find = []
        if sup <= 3:
            find.append(rng.choice(["Section loss up to 60% in bottom flanges of girders G2-G4 near the bearings.",
                                    "Timber stringers crushed at two bearings; several with heart rot, sounding hollow."]))
        if sub <= 3:
            find.append(rng.choice(["Pier 1 undermined 4 ft, exposed timber piles.", "Abutment breastwall cracked through, 2 in. displacement."]))
        if deck <= 5:
            find.append("Deck spalling with exposed rebar over 15% of area.")
        if rng.random() < 0.4:
            find.append(rng.choice(["Posted speed limit 35 mph on approach; guardrail end terminals substandard.",
                                    "Heavy debris at upstream nose of pier.", "Graffiti on parapet, no structural concern.",
                                    "Joint seals leaking; bearings frozen."]))
        if not find:
            find.append("No significant new deficiencies.")
        proj = {"instruction": "From the inspection and load rating, decide the structure's load-posting status: "
                               "no posting, posted, or closed.",
                "inventory": {"structure_no": f"{rng.randint(10, 99)}{rng.randint(1000000, 9999999)}",
                              "feature_intersected": rng.choice(feats), "year_built": rng.randint(1925, 1998),
                              "main_span": rng.choice(["steel multi-girder", "timber stringer", "prestressed box beam",
                                                       "concrete slab", "steel pony truss"]),
                              "adt": rng.randint(40, 18000)},
                "inspection": {"date": rdate(rng).isoformat(), "inspector": person(rng),
                               "nbi_ratings": {"deck_58": deck, "superstructure_59": sup, "substructure_60": sub},
                               "findings": " ".join(find)},
                "load_rating": {"method": rng.choice(["LFR", "LRFR", "ASR"]), "inventory_tons": inv, "operating_tons": opr,
                                "legal_loads_tons": legal}}
        if rng.random() < 0.2:
            proj["load_rating"].pop("inventory_tons")
        leak = leaks[i]
        if leak:
            options = ["table", "memo"] + (["signs"] if t != "no posting" else [])
            f = rng.choice(options)
            if f == "table":
                proj["bms_export_md"] = ("| Item | Description | Value |\n|---|---|---|\n"
                                         f"| 41 | Structure open/posted/closed | {item41[t]} |\n"
                                         f"| 43 | Structure type | {rng.randint(1, 7)}{rng.randint(1, 22):02d} |\n"
                                         f"| 91 | Inspection frequency (mo) | {rng.choice([12, 24, 24, 48])} |")
            elif f == "memo":
                proj["district_memo"] = rng.choice(memo[t])
            else:
                proj["sign_work_order"] = {"wo": f"SWO-{rng.randint(10000, 99999)}", "signs": [{"mutcd": s, "qty": 2} for s in rng.sample(signs[t], 1 + (t == 'closed'))]}
        rows.append((t, proj, leak))
    meta = {"derive_from": ["/inspection/nbi_ratings", "/inspection/findings", "/load_rating"],
            "note": "Closed when superstructure or substructure rating <= 2 or operating rating < 3 t; posted when the "
                    "operating rating is below any state legal load; otherwise no posting."}
    write_dataset(name, labels, rows, meta, manifest)
    return {"task": "bridge load-posting status from inspection + load rating",
            "forms": "NBI item 41 code (A/P/K) in markdown BMS export table; district engineer memo paraphrase (barricade / weight-limit signs); MUTCD sign codes in sign work order"}
