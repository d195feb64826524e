"""Leaking datasets, part 2: fuel_sulphur, tsunami_message, tea_grade, smart_disk."""
from common import Strat, Rec, balanced, alnum, digits, iso, rand_dt, plus, pick_leaks, person


# ---------------------------------------------------------------- fuel sulphur
def fuel_sulphur(rng):
    name = "fuel_sulphur"
    labels = ["compliant", "within test margin", "non-compliant"]
    n = 150
    instr = ("Assess the bunker sample against MARPOL Annex VI regulation 14. If an exhaust gas cleaning system is "
             "operating, fuel up to 3.50 % m/m is 'compliant' (above that 'non-compliant'). Otherwise the limit is "
             "0.10 % m/m when the ship is inside an emission control area and 0.50 % m/m outside. Result <= limit -> "
             "'compliant'; limit < result <= limit + test margin (0.01 inside an ECA, 0.03 outside) -> 'within test margin'; "
             "higher -> 'non-compliant'. Answer with the label only.")
    targets = balanced(rng, labels, n)
    plan = pick_leaks(rng, n, 0.4, ["psc_action_code", "email_subject_tag"], both_rate=0.1)
    tag = {"compliant": "ON-SPEC", "within test margin": "BORDERLINE", "non-compliant": "OFF-SPEC"}
    flags = ["Liberia", "Panama", "Marshall Islands", "Malta", "Singapore", "Greece", "Norway"]
    labs = ["VPS Rotterdam", "Intertek Fujairah", "SGS Antwerp", "Bureau Veritas VeriFuel Singapore"]
    recs = []
    S = Strat(rng)
    for i, tgt in enumerate(targets):
        scen = rng.random()
        if tgt == "non-compliant" and scen < 0.12:
            egcs_on, eca, s = True, rng.random() < 0.5, round(rng.uniform(3.52, 3.9), 3)
        elif tgt == "compliant" and scen < 0.25:
            egcs_on, eca, s = True, rng.random() < 0.5, round(rng.uniform(0.6, 3.45), 3)
        else:
            egcs_on = False
            eca = rng.random() < 0.5
            lim, mar = (0.10, 0.01) if eca else (0.50, 0.03)
            if tgt == "compliant":
                s = round(rng.uniform(lim * 0.3, lim - 0.002), 3)
            elif tgt == "within test margin":
                s = round(rng.uniform(lim + 0.002, lim + mar - 0.002), 3)
            else:
                s = round(rng.uniform(lim + mar + 0.003, lim * 3), 3)
        fitted = egcs_on or rng.random() < 0.3
        seal = digits(rng, 7)
        imo = digits(rng, 7)
        dt = rand_dt(rng)
        prev = {"date": iso(plus(dt, days=-rng.randint(40, 500)))[:10], "verdict": S("hist", tgt, labels)}
        proj = {
            "instruction": instr,
            "vessel": {"name": rng.choice(["MSC", "CMA CGM", "MAERSK", "EVER", "STAR"]) + " " + alnum(rng, 5, "ABCDEFGHIKLMNOPRSTU"),
                       "imo": imo, "flag": S("L46_1", tgt, flags)},
            "bunker_sample": {"bdn_no": "BDN-" + digits(rng, 6), "seal_no": seal, "lab": S("L47_1", tgt, labs),
                              "method": "ISO 8754", "iso8754_result_pct_mm": s},
            "voyage": {"position_in_eca": eca, "sampled_at": iso(dt)},
            "egcs": {"fitted": fitted, "operating": egcs_on},
            "previous_sample": prev,
            "psc_record": None,
            "lab_email": {"from": "reports@fuel-lab.example", "subject": f"[FuelTest] Seal {seal} / IMO {imo} - results attached",
                          "body": "Dear Sir/Madam,\nPlease find the certificate of analysis attached.\n--\nNote: use of "
                                  "non-compliant fuel may result in detention under MARPOL Annex VI."},
        }
        r = Rec(tgt, proj)
        r.trap("label_set_in_instruction", "'compliant' ... 'within test margin' ... 'non-compliant'")
        r.trap("boilerplate_template_text", "Note: use of non-compliant fuel may result in detention under MARPOL Annex VI.")
        r.trap("historical_outcome_other_event", f"previous_sample verdict {prev['verdict']}")
        for fam in plan[i]:
            r.leaks.append(fam)
            if fam == "psc_action_code":
                defs = {"compliant": [], "within test margin": [{"code": "14104", "action": "99"}],
                        "non-compliant": [{"code": "14104", "action": "17"}]}[tgt]
                proj["psc_record"] = {"authority": "Paris MoU", "inspection_date": iso(plus(dt, days=rng.randint(1, 5)))[:10],
                                      "deficiencies": defs}
            else:
                proj["lab_email"]["subject"] = f"[FuelTest] Seal {seal} / IMO {imo} - {tag[tgt]} S"
        recs.append(r)
    meta = {"derive_from": ["/bunker_sample/iso8754_result_pct_mm", "/voyage/position_in_eca", "/egcs"],
            "note": "Sulphur result vs ECA/global limit plus test margin, EGCS exemption."}
    return name, labels, recs, meta, "MARPOL fuel sulphur verdict for a bunker sample (multi-word labels)."


# ---------------------------------------------------------------- tsunami message
def tsunami_message(rng):
    name = "tsunami_message"
    labels = ["warning", "advisory", "information", "no threat"]
    n = 152
    instr = ("You are the tsunami warning centre duty scientist. From the forecast maximum amplitudes at the coastal "
             "forecast points and the source parameters, choose the message level: any point >= 1.0 m -> 'warning'; "
             "else any point >= 0.3 m -> 'advisory'; else magnitude >= 6.5 and depth <= 100 km -> 'information'; "
             "else 'no threat'. Answer with the level only.")
    sev = {"warning": ("Extreme", "Immediate", "Observed"), "advisory": ("Severe", "Expected", "Likely"),
           "information": ("Minor", "Future", "Possible"), "no threat": ("Unknown", "Past", "Unlikely")}
    targets = balanced(rng, labels, n)
    plan = pick_leaks(rng, n, 0.36, ["cap_xml_severity", "post_decision_counts"], both_rate=0.1)
    pts = ["Hilo", "Kahului", "Crescent City", "Arica", "Kushiro", "Napier", "Apia", "Suva", "Nuku'alofa", "Port Vila",
           "Lyttelton", "Ofunato"]
    recs = []
    S = Strat(rng)
    for i, tgt in enumerate(targets):
        while True:
            mag = round(rng.uniform(5.8, 8.9), 1)
            depth = rng.randint(5, 300)
            if tgt == "warning":
                top = rng.uniform(1.02, 4.5)
            elif tgt == "advisory":
                top = rng.uniform(0.31, 0.98)
            else:
                top = rng.uniform(0.02, 0.28)
            k = rng.randint(4, 6)
            names = rng.sample(pts, k)
            amps = [round(top, 2)] + [round(rng.uniform(0.01, top), 2) for _ in range(k - 1)]
            rng.shuffle(amps)
            mx = max(amps)
            lab = "warning" if mx >= 1.0 else ("advisory" if mx >= 0.3 else ("information" if (mag >= 6.5 and depth <= 100) else "no threat"))
            if lab == tgt:
                break
        ot = rand_dt(rng)
        eid = "pt" + iso(ot)[2:10].replace("-", "") + alnum(rng, 3).lower()
        proj = {
            "instruction": instr,
            "event": {"event_id": eid, "origin_time": iso(ot), "lat": round(rng.uniform(-45, 50), 2),
                      "lon": round(rng.uniform(140, 190) - 360 * (rng.random() < 0.3), 2), "depth_km": depth,
                      "magnitude": mag, "mag_type": S("L117_1", tgt, ["Mww", "Mwp", "Mi"])},
            "forecast": {"model": "RIFT", "run": iso(plus(ot, minutes=12)),
                         "coastal_points": [{"name": nm, "max_amp_m": a} for nm, a in zip(names, amps)]},
            "system_warnings": [],
            "previous_event": {"event_id": "pt" + digits(rng, 6) + "xyz", "message": S("hist", tgt, labels)},
            "cap_xml": (f'<alert xmlns="urn:oasis:names:tc:emergency:cap:1.2"><identifier>{eid}-hb</identifier>'
                        f'<sender>ptwc@example.gov</sender><sent>{iso(plus(ot, minutes=1))}</sent><status>System</status>'
                        '<msgType>Ack</msgType><scope>Public</scope></alert>'),
            "ops_summary": {"sirens_activated": None, "beach_closures": None, "media_notices": None, "sms_broadcasts": None,
                            "note": "counts compiled at end of shift"},
        }
        if S("sysw", tgt, [True, True, False, False, False]):
            proj["system_warnings"].append(f"Station {alnum(rng, 4)}: GNSS clock drift warning (non-blocking)")
        r = Rec(tgt, proj)
        r.trap("label_set_in_instruction", "'warning' ... 'no threat'")
        r.trap("historical_outcome_other_event", f"previous_event message {proj['previous_event']['message']}")
        if proj["system_warnings"]:
            r.trap("label_word_other_sense", proj["system_warnings"][0])
        for fam in plan[i]:
            r.leaks.append(fam)
            if fam == "cap_xml_severity":
                s, u, c = sev[tgt]
                proj["cap_xml"] = (f'<alert xmlns="urn:oasis:names:tc:emergency:cap:1.2"><identifier>{eid}-01</identifier>'
                                   f'<sender>ptwc@example.gov</sender><sent>{iso(plus(ot, minutes=14))}</sent><status>Actual</status>'
                                   '<msgType>Alert</msgType><scope>Public</scope><info><category>Geo</category>'
                                   '<event>Tsunami</event>'
                                   f'<urgency>{u}</urgency><severity>{s}</severity><certainty>{c}</certainty></info></alert>')
            else:
                if tgt == "warning":
                    c = (rng.randint(5, 40), rng.randint(10, 60), rng.randint(2, 6), rng.randint(1, 3))
                elif tgt == "advisory":
                    c = (0, rng.randint(3, 20), rng.randint(1, 4), 1)
                elif tgt == "information":
                    c = (0, 0, rng.randint(1, 2), 0)
                else:
                    c = (0, 0, 0, 0)
                proj["ops_summary"] = {"sirens_activated": c[0], "beach_closures": c[1], "media_notices": c[2],
                                       "sms_broadcasts": c[3], "note": "counts compiled at end of shift"}
        recs.append(r)
    meta = {"derive_from": ["/event/magnitude", "/event/depth_km", "/forecast/coastal_points"],
            "note": "Forecast amplitudes decide warning/advisory; source parameters decide information vs no threat."}
    return name, labels, recs, meta, "Tsunami message level from forecast amplitudes (ordinary words + multi-word)."


# ---------------------------------------------------------------- tea grade
def tea_grade(rng):
    name = "tea_grade"
    labels = ["OP", "BOP", "BOPF", "Dust"]
    n = 148
    instr = ("Grade the orthodox black tea from the sieve analysis of a 100 g sample. Size bands: retained on 4.0 mm "
             "-> OP; retained on 2.0 mm -> BOP; retained on 1.0 mm -> BOPF; retained on 0.5 mm plus pan -> Dust. "
             "The grade is the band holding the largest mass. Answer OP, BOP, BOPF or Dust.")
    mark = {"OP": "OP1", "BOP": "BOP1", "BOPF": "BOPF", "Dust": "D1"}
    val = {"OP": (3.60, 4.40), "BOP": (2.80, 3.40), "BOPF": (2.10, 2.60), "Dust": (1.50, 1.95)}
    gardens = ["KENMARE", "MARINYN", "KIPTAGICH", "DIMBULA VALE", "NUWARA HILL", "ASSAM GOLD", "GISOVU", "MULINDI"]
    targets = balanced(rng, labels, n)
    plan = pick_leaks(rng, n, 0.45, ["grade_in_invoice_mark", "correlated_valuation"], both_rate=0.1)
    recs = []
    S = Strat(rng)
    order = ["OP", "BOP", "BOPF", "Dust"]
    for i, tgt in enumerate(targets):
        while True:
            w = [rng.uniform(5, 30) for _ in range(5)]
            w[min(order.index(tgt), 3) if tgt != "Dust" else rng.choice([3, 4])] += rng.uniform(15, 45)
            tot = sum(w)
            g = [round(x * 100 / tot, 1) for x in w]
            bandm = {"OP": g[0], "BOP": g[1], "BOPF": g[2], "Dust": g[3] + g[4]}
            srt = sorted(bandm.values(), reverse=True)
            if srt[0] - srt[1] < 2.0:
                continue
            if max(bandm, key=bandm.get) == tgt:
                break
        garden = S("L189_1", tgt, gardens)
        proj = {
            "instruction": instr,
            "sample": {"garden": garden, "invoice_no": str(rng.randint(100, 999)), "invoice_mark": garden,
                       "sale_no": f"{rng.randint(1, 52)}/2026", "packages": rng.randint(20, 60),
                       "packing": S("L194_1", tgt, ["PF-1 paper sacks", "multiwall paper sacks", "aluminium-lined sacks"])},
            "sieve_analysis": {"sample_mass_g": 100.0, "fractions": [
                {"aperture_mm": 4.0, "retained_g": g[0]}, {"aperture_mm": 2.0, "retained_g": g[1]},
                {"aperture_mm": 1.0, "retained_g": g[2]}, {"aperture_mm": 0.5, "retained_g": g[3]},
                {"aperture_mm": "pan", "retained_g": g[4]}]},
            "factory": {"dust_extraction": S("dust", tgt, ["serviced", "service due"]), "operator": person(rng)},
            "garden_last_sale": {"grade": S("hist", tgt, labels), "usd_per_kg": round(rng.uniform(1.5, 4.4), 2)},
            "broker_valuation": None, "valuation_status": "pending tasting",
        }
        r = Rec(tgt, proj)
        r.trap("label_set_in_instruction", "Answer OP, BOP, BOPF or Dust.")
        r.trap("label_word_other_sense", f"factory dust_extraction: {proj['factory']['dust_extraction']}")
        r.trap("historical_outcome_other_event", f"garden_last_sale grade {proj['garden_last_sale']['grade']}")
        r.trap("label_substring_in_other_word", "operator / PF-1 / OP in 'operator'")
        for fam in plan[i]:
            r.leaks.append(fam)
            if fam == "grade_in_invoice_mark":
                proj["sample"]["invoice_mark"] = f"{garden} {mark[tgt]}"
            else:
                lo, hi = val[tgt]
                proj["broker_valuation"] = {"usd_per_kg": round(rng.uniform(lo, hi), 2), "broker": rng.choice(["ATB", "Combrok", "Forbes & Walker"])}
                proj["valuation_status"] = "valued"
        recs.append(r)
    meta = {"derive_from": ["/sieve_analysis/fractions"], "note": "Largest size band of the sieve analysis gives the leaf grade."}
    return name, labels, recs, meta, "Orthodox tea leaf grade from sieve analysis (abbreviation labels)."


# ---------------------------------------------------------------- smart disk
def smart_disk(rng):
    name = "smart_disk"
    labels = ["healthy", "degraded", "failing"]
    n = 146
    instr = ("Classify the drive from the smartctl output. 'failing' if the overall self-assessment is FAILED, or "
             "Reallocated_Sector_Ct raw >= 100, or Current_Pending_Sector + Offline_Uncorrectable raw >= 10; otherwise "
             "'degraded' if any of Reallocated_Sector_Ct, Current_Pending_Sector, Offline_Uncorrectable raw is > 0; "
             "otherwise 'healthy'. Answer healthy, degraded or failing.")
    glyph = {"healthy": "\u2705", "degraded": "\u26a0\ufe0f", "failing": "\U0001F6D1"}
    targets = balanced(rng, labels, n)
    plan = pick_leaks(rng, n, 0.55, ["status_glyph", "url_query_param"], both_rate=0.1)
    models = [("ST8000NM0055-1RM112", "SN05"), ("WDC WUH721414ALE6L4", "LDGNW07G"), ("TOSHIBA MG08ACA16TE", "0102"),
              ("HGST HUH721212ALE604", "LEGNW9G0")]
    recs = []
    S = Strat(rng)
    for i, tgt in enumerate(targets):
        while True:
            overall = "PASSED"
            re_ = rng.choice([0, 0, 0, rng.randint(1, 40), rng.randint(1, 300)])
            pe = rng.choice([0, 0, 0, rng.randint(1, 8), rng.randint(1, 30)])
            ou = rng.choice([0, 0, 0, rng.randint(1, 6)])
            if rng.random() < 0.06:
                overall = "FAILED!"
            failing = overall != "PASSED" or re_ >= 100 or pe + ou >= 10
            lab = "failing" if failing else ("degraded" if (re_ or pe or ou) else "healthy")
            if lab == tgt:
                break
        host = f"stor-{rng.choice(['ams', 'fra', 'iad', 'sjc'])}{rng.randint(1, 9)}-{rng.randint(10, 99)}"
        dev = "/dev/sd" + S("dev", tgt, "abcdefgh")
        mdl, fw = S("L251_1", tgt, models)
        poh = rng.randint(2000, 60000)
        temp = rng.randint(27, 48)

        def line(idn, nm, flag, v, w, th, typ, upd, raw):
            return f"{idn:>3} {nm:<23} {flag}   {v:03d}   {w:03d}   {th:03d}    {typ:<9} {upd:<8} -       {raw}"
        smart = "\n".join([
            "smartctl 7.3 2022-02-28 r5338 [x86_64-linux-6.1.0-18-amd64] (local build)",
            "=== START OF READ SMART DATA SECTION ===",
            f"SMART overall-health self-assessment test result: {overall}",
            "",
            "ID# ATTRIBUTE_NAME          FLAG     VALUE WORST THRESH TYPE      UPDATED  WHEN_FAILED RAW_VALUE",
            line(1, "Raw_Read_Error_Rate", "0x000f", rng.randint(70, 90), 64, 44, "Pre-fail", "Always", rng.randint(10**7, 2 * 10**8)),
            line(5, "Reallocated_Sector_Ct", "0x0033", max(11, 100 - re_ // 10), max(11, 100 - re_ // 10), 10, "Pre-fail", "Always", re_),
            line(9, "Power_On_Hours", "0x0032", max(1, 100 - poh // 1000), max(1, 100 - poh // 1000), 0, "Old_age", "Always", poh),
            line(194, "Temperature_Celsius", "0x0022", temp, temp + rng.randint(0, 9), 0, "Old_age", "Always", f"{temp} (0 18 0 0 0)"),
            line(197, "Current_Pending_Sector", "0x0012", 100, 100, 0, "Old_age", "Always", pe),
            line(198, "Offline_Uncorrectable", "0x0010", 100, 100, 0, "Old_age", "Offline", ou),
            line(199, "UDMA_CRC_Error_Count", "0x003e", 200, 200, 0, "Old_age", "Always", rng.choice([0, 0, 1, 3])),
        ])
        ipmi = {"fan1": S("fan", tgt, labels), "psu2": S("psu", tgt, ["healthy", "degraded"]), "bmc": "ok"}
        proj = {
            "instruction": instr,
            "host": host,
            "device": {"path": dev, "model": mdl, "firmware": fw, "serial": alnum(rng, 8)},
            "smartctl": smart,
            "ipmi_sensors": ipmi,
            "notes": S("notes", tgt, ["no failing DIMMs reported by EDAC", "rebooted for kernel update last week", "", "RAID scrub completed"]),
            "dashboard": {"tile": f"{host}:{dev[5:]}", "refreshed": iso(rand_dt(rng))},
            "runbook_url": f"https://wiki.internal.example/runbooks/disk-health?host={host}&dev={dev[5:]}",
        }
        r = Rec(tgt, proj)
        r.trap("label_set_in_instruction", "Answer healthy, degraded or failing.")
        r.trap("labels_of_other_entities", f"ipmi_sensors fan1={ipmi['fan1']} psu2={ipmi['psu2']}")
        if proj["notes"].startswith("no failing"):
            r.trap("negated_mention", proj["notes"])
        for fam in plan[i]:
            r.leaks.append(fam)
            if fam == "status_glyph":
                proj["dashboard"]["tile"] = f"{glyph[tgt]} {host}:{dev[5:]}"
            else:
                proj["runbook_url"] = f"https://wiki.internal.example/runbooks/disk-health?host={host}&dev={dev[5:]}&var-state={tgt}"
        recs.append(r)
    meta = {"derive_from": ["/smartctl"], "note": "smartctl attribute table and overall self-assessment line."}
    return name, labels, recs, meta, "Drive health from smartctl attributes (ordinary English word labels)."
