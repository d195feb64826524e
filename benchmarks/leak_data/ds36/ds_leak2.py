import json, random, base64, datetime as dt
from common import name, rec, Info, pick_leak_plan, balanced_labels, FIRST, LAST
import solvers as S

# ============================================================== pitch_calls
PI_LABELS = ["ball", "strike"]
TEAMS = ["SEA", "BAL", "CHC", "SD", "TOR", "MIL", "PHI", "OAK", "ATL", "CLE", "TEX", "PIT"]
NOTES = ["Reminder: 30th anniversary of the 1994 players' strike segment in the 5th.", "He leads the league in strikeouts.",
         "Ballpark dimensions: 331 LF / 405 CF / 327 RF.", "Previous pitch was fouled back.", "Weather: 22C, wind 8 mph out to left.",
         "Umpire crew chief working the plate tonight.", "Pitch clock violation earlier in the inning."]

def statcast_zone(x, z, top, bot):
    if abs(x) <= 0.83 and bot <= z <= top:
        col = 0 if x < -0.83 / 3 else (1 if x <= 0.83 / 3 else 2)
        h = (top - bot) / 3
        row = 0 if z > top - h else (1 if z > bot + h else 2)
        return 1 + row * 3 + col
    up = z > (top + bot) / 2
    return (11 if x < 0 else 12) if up else (13 if x < 0 else 14)

def gen_pitch(seed=3606, n=160):
    rng = random.Random(seed)
    labels = balanced_labels(rng, PI_LABELS, n)
    plan = pick_leak_plan(rng, n, 0.5, ["Statcast zone code", "count on the following pitch", "Gameday colour glyph in bot message"])
    out = []
    for i in range(n):
        lab = labels[i]; info = Info()
        top = round(rng.uniform(3.2, 3.7), 2); bot = round(rng.uniform(1.4, 1.75), 2)
        while True:
            x = round(rng.uniform(-1.6, 1.6), 2); z = round(rng.uniform(0.6, 4.5), 2)
            if abs(abs(x) - 0.83) < 0.02 or abs(z - top) < 0.02 or abs(z - bot) < 0.02:
                continue
            v = {"/pitch/plate_x": x, "/pitch/plate_z": z, "/pitch/sz_top": top, "/pitch/sz_bot": bot}
            if S.solve_pitch(v) == lab:
                break
        fams = plan[i]
        while True:
            b, s = rng.randint(0, 3), rng.randint(0, 2)
            if "count on the following pitch" in fams and ((lab == "ball" and b == 3) or (lab == "strike" and s == 2)):
                continue
            break
        home, away = rng.sample(TEAMS, 2)
        pt = rng.choice(["FF", "SI", "SL", "CH", "CU", "FC", "ST"])
        spd = round(rng.uniform(78, 99), 1)
        proj = {
            "instruction": ("Umpire evaluation: this was a called pitch (no swing). Rule: strike iff |plate_x| <= 0.83 ft and "
                            "sz_bot <= plate_z <= sz_top (feet, catcher's view). Answer with one of: ball, strike."),
            "game": {"game_pk": rng.randint(745000, 779999), "date": f"2026-{rng.randint(4,9):02d}-{rng.randint(1,28):02d}", "home": home, "away": away},
            "pitch": {"inning": rng.randint(1, 9), "pitcher": name(rng), "batter": name(rng), "stand": rng.choice("LR"), "p_throws": rng.choice("LR"),
                      "pitch_type": pt, "release_speed": spd, "balls": b, "strikes": s,
                      "plate_x": x, "plate_z": z, "sz_top": top, "sz_bot": bot,
                      "pfx_x": round(rng.uniform(-1.5, 1.5), 2), "pfx_z": round(rng.uniform(-1, 1.6), 2)},
            "broadcast_note": rng.choice(NOTES),
            "gameday_bot": f"[gameday] {away}@{home} P{rng.randint(1,7)}: {spd} mph {pt} ⚾",
        }
        info.trap("label set listed in instruction", "Answer with one of: ball, strike")
        if any(w in proj["broadcast_note"].lower() for w in ["strike", "ball"]):
            info.trap("label word in another sense", proj["broadcast_note"])
        if b + s > 0 and rng.random() < 0.5:
            opts = (["ball"] if b > 0 else []) + (["called strike", "swinging strike"] if s > 0 else [])
            proj["previous_pitch"] = {"description": rng.choice(opts), "pitch_type": rng.choice(["FF", "SL", "CH"])}
            info.trap("labels of other records/events", "previous_pitch.description = " + proj["previous_pitch"]["description"])
        for fam in fams:
            info.leak(fam)
            if fam == "Statcast zone code":
                proj["pitch"]["zone"] = statcast_zone(x, z, top, bot)
            elif fam == "count on the following pitch":
                proj["next_pitch"] = {"balls": b + (lab == "ball"), "strikes": s + (lab == "strike"), "pitch_type": rng.choice(["FF", "SL", "CH", "SI"])}
            else:
                proj["gameday_bot"] = proj["gameday_bot"].replace("⚾", "\U0001F7E2" if lab == "ball" else "\U0001F534")
        out.append((rec("pitch_calls", i + 1, lab, PI_LABELS, proj, bool(fams)), info))
    meta = {"derive_from": ["/pitch/plate_x", "/pitch/plate_z", "/pitch/sz_top", "/pitch/sz_bot"],
            "note": "Call from plate location vs the batter's zone bounds."}
    return out, meta

# ============================================================== wafer_bins
WF_LABELS = ["1", "3", "5", "7"]
WF_TNUM = {v: k for k, v in S.WAFER_TNUM.items()}
WF_TT = {"3": (22, 45), "5": (120, 170), "7": (260, 310), "1": (405, 440)}

def wafer_map(rng, lot, wafer, force=None):
    rows = []
    for y in range(10, -11, -1):
        r = ""
        for x in range(-10, 11):
            if x * x + y * y > 100:
                r += "."
            elif force and (x, y) == force[0]:
                r += force[1]
            else:
                r += rng.choices(WF_LABELS, [88, 3, 5, 4])[0]
        rows.append(r)
    return f"# LOT {lot} WAFER {wafer:02d}  rows y=+10..-10 top->bottom, cols x=-10..+10 left->right, '.'=no die\n" + "\n".join(rows)

def gen_wafer(seed=3607, n=140):
    rng = random.Random(seed)
    labels = balanced_labels(rng, WF_LABELS, n)
    plan = pick_leak_plan(rng, n, 0.5, ["ASCII wafer map character at die coordinate", "first failing test number in datalog", "test time (stop-on-fail)"])
    out = []
    for i in range(n):
        lab = labels[i]; info = Info()
        m = {"cont_max_ohm": round(rng.uniform(0.8, 6.5), 2), "iddq_uA": round(rng.uniform(3, 42), 1),
             "vth_V": round(rng.uniform(0.395, 0.505), 3), "ring_osc_MHz": rng.randint(760, 880)}
        if lab == "3":
            m["cont_max_ohm"] = rng.choice([round(rng.uniform(12, 400), 1), 9999.0])
            if rng.random() < 0.5: m["iddq_uA"] = round(rng.uniform(55, 300), 1)
        elif lab == "5":
            m["iddq_uA"] = round(rng.uniform(52, 400), 1)
            if rng.random() < 0.5: m["vth_V"] = round(rng.choice([rng.uniform(0.30, 0.37), rng.uniform(0.53, 0.6)]), 3)
        elif lab == "7":
            m["vth_V"] = round(rng.choice([rng.uniform(0.30, 0.375), rng.uniform(0.525, 0.6)]), 3)
        assert S.solve_wafer({"/measurements": m}) == lab
        lot = f"N8K{rng.randint(400, 499)}.{rng.randint(1, 3)}"
        wafer = rng.randint(1, 25)
        while True:
            x, y = rng.randint(-9, 9), rng.randint(-9, 9)
            if x * x + y * y <= 81:
                break
        site = rng.randint(1, 8)
        proj = {
            "instruction": ("Wafer sort: assign the hard bin from the die's measurements. Limits: contact resistance <= 10 ohm else bin 3 "
                            "(open/short); IDDQ <= 50 uA else bin 5 (leakage); Vth within 0.38-0.52 V else bin 7 (parametric); "
                            "checks in that order; all pass = bin 1. Answer with one of: 1, 3, 5, 7."),
            "lot": lot, "wafer": wafer, "die": {"x": x, "y": y}, "site": site, "probe_card": "PC-5",
            "test_program": "NXR_WS1_v4.7", "temperature_C": rng.choice([25, 85, 125]),
            "measurements": m,
            "datalog_tail": f"SITE {site} X={x} Y={y} TNUM 1000 CONT done; TNUM 2100 IDDQ done; TNUM 3200 VTH done",
        }
        info.trap("label set listed in instruction", "bin 3 (open/short) ... bin 5 (leakage) ... bin 7 (parametric)")
        info.trap("label-like numbers in unrelated fields", f"site {site}, probe card PC-5, TNUM 1000/2100/3200")
        if rng.random() < 0.3:
            proj["previous_lot_summary"] = (f"Lot N8K{rng.randint(300,399)}: bin1 {rng.uniform(85,95):.1f}%, bin3 {rng.uniform(1,4):.1f}%, "
                                            f"bin5 {rng.uniform(2,6):.1f}%, bin7 {rng.uniform(1,4):.1f}%")
            info.trap("labels of other records/events", proj["previous_lot_summary"])
        fams = plan[i]
        for fam in fams:
            info.leak(fam)
            if fam == "ASCII wafer map character at die coordinate":
                proj["wafer_map_ascii"] = wafer_map(rng, lot, wafer, ((x, y), lab))
            elif fam == "first failing test number in datalog":
                proj["datalog_tail"] += f"; FIRST_FAIL_TNUM={WF_TNUM[lab]}"
            else:
                lo, hi = WF_TT[lab]
                proj["datalog_tail"] += f"; TEST_T={rng.randint(lo, hi)}ms"
        if "wafer_map_ascii" not in proj and rng.random() < 0.35:
            pw = wafer - 1 if wafer > 1 else 2
            proj["wafer_map_ascii"] = wafer_map(rng, lot, pw)
            info.trap("leak-format carrier with neutral content", f"ASCII map of previous wafer {pw:02d}")
        out.append((rec("wafer_bins", i + 1, lab, WF_LABELS, proj, bool(fams)), info))
    meta = {"derive_from": ["/measurements"], "note": "Hard bin from continuity, IDDQ and Vth against the stated limits, in order."}
    return out, meta

# ============================================================== measles_cases
ME_LABELS = ["confirmed", "probable", "suspected", "not a case"]
ME_SCT = {v: k for k, v in S.MEASLES_SCT.items()}
COUNTIES = ["Harlan", "Gaines", "Lubbock", "Dawson", "Terry", "Lynn", "Yoakum", "Cochran"]
ME_NOTES = ["Callback appointment confirmed for Thursday.", "Home address confirmed with parent.", "No confirmed cases at the school this term per nurse.",
            "MMR history not confirmed by registry; parent recall only.", "Interpreter (Plautdietsch) requested.", "Family travelled to Chihuahua in March.",
            "Sibling seen at urgent care last week, classified suspected at the time; later discarded.", ""]

def gen_measles(seed=3608, n=150):
    rng = random.Random(seed)
    labels = balanced_labels(rng, ME_LABELS, n)
    plan = pick_leak_plan(rng, n, 0.45, ["SNOMED case-status code in HL7 OBX", "one-hot row in dashboard delta CSV"])
    out = []
    for i in range(n):
        lab = labels[i]; info = Info()
        while True:
            c = {"fever_max_c": round(rng.uniform(37.0, 40.4), 1), "rash": rng.choice(["generalized maculopapular", "generalized maculopapular", "vesicular", "localized", "none"]),
                 "rash_onset": f"2026-03-{rng.randint(1,28):02d}", "cough": rng.random() < 0.6, "coryza": rng.random() < 0.5, "conjunctivitis": rng.random() < 0.4}
            linked = rng.random() < 0.5
            e = {"linked_to_confirmed_case": linked,
                 "link_detail": (rng.choice(["household contact of lab-confirmed case", "same classroom as a lab-confirmed case", "church event exposure to confirmed case"]) if linked else None)}
            l = {"measles_igm": rng.choice(["positive", "negative", "not done", "pending", "not done"]),
                 "measles_pcr": rng.choice(["positive", "negative", "not done", "pending", "pending"])}
            v = {"/case_report/clinical": c, "/case_report/epi": e, "/case_report/lab": l}
            if S.solve_measles(v) == lab:
                break
        county = rng.choice(COUNTIES)
        rid = f"2026-{rng.randint(100, 999):04d}"
        proj = {
            "instruction": ("Classify the case report under the county measles protocol: any positive IgM or PCR = confirmed; otherwise, if at least one "
                            "test was done and all done tests are negative = not a case; otherwise clinical criteria (fever >= 38.3 C, generalized "
                            "maculopapular rash, and cough or coryza or conjunctivitis) with an epidemiologic link to a confirmed case = probable; "
                            "clinical criteria alone = suspected; else not a case. Answer with one of: confirmed, probable, suspected, not a case."),
            "case_report": {"report_id": rid, "county": county, "age_years": rng.randint(0, 45), "sex": rng.choice("MF"),
                            "clinical": c, "epi": e, "lab": l,
                            "vaccination": {"mmr_doses": rng.choice([0, 0, 1, 2, None]), "source": rng.choice(["registry", "parent recall", "unknown"])},
                            "notes": rng.choice(ME_NOTES)},
            "hl7_excerpt": (f"MSH|^~\\&|NEDSS|{county.upper()}CO|DSHS|TX|202604{rng.randint(10,28)}||ORU^R01|{rng.randint(10**6,10**7)}|P|2.5.1\r"
                            f"OBX|1|DT|11368-8^Illness onset date^LN||202603{rng.randint(10,28)}||||||F"),
        }
        info.trap("label set listed in instruction", "confirmed, probable, suspected, not a case")
        if linked:
            info.trap("label words inside legitimate input", e["link_detail"])
        nt = proj["case_report"]["notes"]
        if "confirmed" in nt:
            info.trap("negation" if "No confirmed" in nt or "not confirmed" in nt else "label word in another sense", nt)
        if "suspected" in nt:
            info.trap("labels of other records/events", nt)
        for fam in plan[i]:
            info.leak(fam)
            if fam == "SNOMED case-status code in HL7 OBX":
                proj["hl7_excerpt"] += f"\rOBX|2|CWE|77990-0^Case class status^LN||{ME_SCT[lab]}^^SCT||||||F"
            else:
                cols = ["confirmed", "probable", "suspected", "ruled_out"]
                row = ["1" if S_lab == lab else "0" for S_lab in ["confirmed", "probable", "suspected", "not a case"]]
                proj["dashboard_delta"] = f"mmwr_week,county,{','.join(cols)}\n2026-{rng.randint(10,16)},{county},{','.join(row)}\n"
        out.append((rec("measles_cases", i + 1, lab, ME_LABELS, proj, bool(plan[i])), info))
    meta = {"derive_from": ["/case_report/clinical", "/case_report/epi", "/case_report/lab"],
            "note": "Case status from lab results, clinical criteria and epidemiologic link."}
    return out, meta

# ============================================================== bjs_urkunde (German)
BJ_LABELS = ["Ehrenurkunde", "Siegerurkunde", "Teilnahmeurkunde"]
BJ_EN = {v: k for k, v in S.BJS_EN.items()}
BJ_TOK = {v: k for k, v in S.BJS_TOK.items()}
VORNAMEN = {"w": ["Lea", "Emilia", "Mila", "Clara", "Hannah", "Marie", "Ida", "Frieda", "Zeynep", "Lina"],
            "m": ["Finn", "Paul", "Luis", "Jonas", "Leon", "Elias", "Mats", "Karl", "Emir", "Noah"]}
NACHNAMEN = ["Müller", "Schmidt", "Schneider", "Fischer", "Weber", "Meyer", "Wagner", "Becker", "Hoffmann", "Schulz", "Koch", "Richter", "Yilmaz", "Nowak"]

def split_points(rng, total):
    a = rng.randint(int(total * 0.25), int(total * 0.42)); b = rng.randint(int(total * 0.25), int(total * 0.42))
    return [a, b, total - a - b]

def gen_bjs(seed=3609, n=150):
    rng = random.Random(seed)
    labels = balanced_labels(rng, BJ_LABELS, n)
    plan = pick_leak_plan(rng, n, 0.45, ["englische Übersetzung im Elternbrief", "Base64-Token im Verifikationslink"])
    out = []
    for i in range(n):
        lab = labels[i]; info = Info()
        g = rng.choice("wm"); alter = rng.randint(8, 15); jg = 2026 - alter
        s, e = S.BJS_TAB[g][alter]
        total = {"Ehrenurkunde": rng.randint(e, e + 180), "Siegerurkunde": rng.randint(s, e - 1), "Teilnahmeurkunde": rng.randint(max(150, s - 250), s - 1)}[lab]
        p = split_points(rng, total)
        erg = [{"disziplin": "50-m-Lauf" if alter < 12 else "75-m-Lauf", "leistung": f"{(11.5 if alter < 12 else 13.5) - p[0]/110:.1f} s".replace(".", ","), "punkte": p[0]},
               {"disziplin": "Weitsprung", "leistung": f"{1.2 + p[1]/170:.2f} m".replace(".", ","), "punkte": p[1]},
               {"disziplin": "Wurf 80 g" if alter < 12 else "Wurf 200 g", "leistung": f"{5 + p[2]/12:.1f} m".replace(".", ","), "punkte": p[2]}]
        v = {"/wettkampfjahr": 2026, "/teilnehmer/jahrgang": jg, "/teilnehmer/geschlecht": g, "/ergebnisse": erg}
        assert S.solve_bjs(v) == lab
        schule = rng.choice(["Gesamtschule Am Lindenhof", "Grundschule Sonnenberg", "Gymnasium an der Ruhr", "Realschule Kastanienallee", "Oberschule Elbufer"])
        tab = "; ".join(f"{'Mädchen' if gg=='w' else 'Jungen'} {a} J.: Sieger ab {t[0]}, Ehren ab {t[1]}" for gg in "wm" for a, t in S.BJS_TAB[gg].items())
        proj = {
            "anweisung": ("Bundesjugendspiele, Wettkampf Leichtathletik: Bestimme die Urkunde. Alter = Wettkampfjahr minus Jahrgang. "
                          "Addiere die Punkte der drei Disziplinen und vergleiche mit der Tabelle: ab Ehren-Schwelle = Ehrenurkunde, "
                          "ab Sieger-Schwelle = Siegerurkunde, sonst Teilnahmeurkunde. Tabelle: " + tab +
                          ". Antworte mit genau einem von: Ehrenurkunde, Siegerurkunde, Teilnahmeurkunde."),
            "wettkampfjahr": 2026,
            "schule": schule, "wettkampftag": f"2026-06-{rng.randint(10, 26)}",
            "teilnehmer": {"name": f"{rng.choice(VORNAMEN[g])} {rng.choice(NACHNAMEN)}", "klasse": f"{max(3, alter - 5)}{rng.choice('abcd')}", "geschlecht": g, "jahrgang": jg},
            "ergebnisse": erg,
            "organisation": rng.choice(["Siegerehrung um 12:30 Uhr in der Aula.", "Dank an die ehrenamtlichen Kampfrichterinnen und Kampfrichter!",
                                        "Bei Regen Ausweichtermin am Freitag.", "Getränkeverkauf durch den Förderverein."]),
        }
        info.trap("label set listed in instruction", "Antworte mit genau einem von: Ehrenurkunde, Siegerurkunde, Teilnahmeurkunde")
        if "Sieger" in proj["organisation"] or "ehren" in proj["organisation"]:
            info.trap("label word in another sense", proj["organisation"])
        if rng.random() < 0.3:
            proj["vorjahr"] = {"jahr": 2025, "urkunde": rng.choice(BJ_LABELS), "hinweis": "aus dem Schulverwaltungsprogramm übernommen"}
            info.trap("historical mention", f"vorjahr.urkunde = {proj['vorjahr']['urkunde']} (random)")
        fams = plan[i]
        if "englische Übersetzung im Elternbrief" in fams:
            proj["elternbrief_en"] = (f"Dear parents, thank you for supporting sports day at {schule}. Your child has earned the {BJ_EN[lab]}; "
                                      "certificates are handed out in class next week.")
            info.leak("englische Übersetzung im Elternbrief")
        elif rng.random() < 0.35:
            proj["elternbrief_en"] = (f"Dear parents, thank you for supporting sports day at {schule}. Certificates (honour, winner's or participation) "
                                      "are handed out in class next week.")
            info.trap("leak-format carrier with neutral content", proj["elternbrief_en"])
        tok = {"v": 1, "sid": f"{rng.randint(10**5, 10**6)}", "j": 2026}
        if "Base64-Token im Verifikationslink" in fams:
            tok["u"] = BJ_TOK[lab]
            info.leak("Base64-Token im Verifikationslink")
        if "u" in tok or rng.random() < 0.5:
            t = base64.urlsafe_b64encode(json.dumps(tok, separators=(",", ":")).encode()).decode().rstrip("=")
            proj["verifikationslink"] = f"https://urkunden.bjs-schulportal.example/pruefen?t={t}"
            if "u" not in tok:
                info.trap("leak-format carrier with neutral content", "verification token without certificate code")
        out.append((rec("bjs_urkunde", i + 1, lab, BJ_LABELS, proj, bool(fams)), info))
    meta = {"derive_from": ["/wettkampfjahr", "/teilnehmer/geschlecht", "/teilnehmer/jahrgang", "/ergebnisse"],
            "note": "Urkunde aus Punktsumme der drei Disziplinen und alters-/geschlechtsabhängigen Schwellen."}
    return out, meta
