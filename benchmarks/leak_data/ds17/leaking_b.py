"""Leaking datasets, part B: jury summons, crystallisation drops, survey monuments, astronomical transients."""
import json
import urllib.parse

from helpers import (rdate, rtime, rts, label_plan, leak_set, maybe, make_record,
                     write_dataset, person, initials)


# ---------------------------------------------------------------- jury summons
def jury(rng):
    name = "jury_summons_disposition"
    labels = ["qualified", "excused", "postponed", "disqualified"]
    n = 150
    plan = label_plan(rng, labels, n, [5, 2, 2, 1.5])
    leaks = leak_set(rng, n, 0.5)
    tmpl = {"qualified": "JS-SUM-CONF", "excused": "JS-EXC-0%d", "postponed": "JS-PPN-0%d", "disqualified": "JS-DQ-0%d"}
    clerk = {"qualified": ["Juror confirmed for panel; parking pass mailed.", "Seat on pool list confirmed, report as summoned."],
             "excused": ["Released from jury service; no further appearance required.", "Relieved of service per exemption, file closed."],
             "postponed": ["Service deferred; new reporting date set for %s.", "Moved to later term, report %s."],
             "disqualified": ["Not eligible to serve - statutory criteria not met.", "Ineligible per questionnaire; removed from source list."]}
    recs = []
    for i, lab in enumerate(plan):
        q = {"us_citizen": True, "age": rng.randint(19, 69), "resident_of_county": True, "felony_conviction": "no",
             "understands_english": True, "served_last_24_months": False}
        msg = None
        if lab == "disqualified":
            why = rng.choice(["cit", "res", "fel", "eng", "age"])
            if why == "cit":
                q["us_citizen"] = False; msg = maybe(rng, 0.5, "I have a green card, not a citizen yet. Do I still need to come?")
            elif why == "res":
                q["resident_of_county"] = False; msg = maybe(rng, 0.6, "I moved to Oregon in %d, this reached me by forwarding." % rng.randint(2019, 2024))
            elif why == "fel":
                q["felony_conviction"] = "yes - rights not restored"
            elif why == "eng":
                q["understands_english"] = False; msg = maybe(rng, 0.7, "Mi padre no habla inglés, yo estoy llenando esto por él.")
            else:
                q["age"] = 17; msg = maybe(rng, 0.5, "This is for my son, he's still in high school.")
        elif lab == "excused":
            why = rng.choice(["age", "care", "served", "med"])
            if why == "age":
                q["age"] = rng.randint(71, 88); msg = rng.choice(["I am %d and would like to be excused under the age exemption." % q["age"], "Over 70, requesting exemption please."])
            elif why == "care":
                msg = rng.choice(["I am the sole caregiver for my mother who has advanced dementia; no one else can look after her.",
                                  "I care full-time for my disabled child and cannot arrange substitute care."])
            elif why == "served":
                q["served_last_24_months"] = True; msg = maybe(rng, 0.6, "I already served on a jury in %s last year." % rng.choice(["March", "June", "October"]))
            else:
                msg = "Doctor's letter attached: permanent mobility impairment, unable to sit for extended periods."
        elif lab == "postponed":
            msg = rng.choice(["I have scheduled surgery that week, can I postpone to a later date?",
                              "I'm a student with final exams on those dates, could I serve in the summer instead?",
                              "Prepaid trip overseas on the summons date (tickets attached). Happy to serve after I return.",
                              "My wife is due to give birth that week; please move me to a later term."])
        else:
            msg = rng.choice([None, None, "Is there parking near the courthouse?",
                              "Can I be excused? Work is really busy this month.",
                              "I'd like to postpone because I don't like driving downtown.",
                              "I'll be there. Do I need to bring anything?"])
        if rng.random() < 0.15:
            q.pop("served_last_24_months")
        jid = "%d%06d" % (rng.randint(1, 9), rng.randint(0, 999999))
        d = rdate(rng, "2024-01-01", 500)
        proj = {
            "instruction": "Decide the juror's disposition: qualified, excused, postponed or disqualified.",
            "summons": {"juror_id": jid, "court": rng.choice(["Superior Court - Hall of Justice", "District Court Div. 3", "County Courthouse"]),
                        "report_date": d.isoformat(), "group": rng.randint(100, 999)},
            "questionnaire": q,
            "juror_message": msg,
            "contact": {"preferred": rng.choice(["email", "mail", "sms"]), "language": rng.choice(["en", "en", "en", "es"])},
        }
        leak = i in leaks
        if leak:
            fam = rng.choice(["url", "tmpl", "clerk"])
            if fam == "url":
                nxt = "/confirm?disposition=%s&jid=%s" % (lab, jid)
                enc = urllib.parse.quote(urllib.parse.quote(nxt, safe=""), safe="")
                proj["portal_access_log"] = ['198.51.100.%d - - [%s:%s:%02d -0800] "GET /eJuror/status?jid=%s&next=%s HTTP/1.1" 302 0' % (
                    rng.randint(2, 250), d.strftime("%d/%b/%Y"), rtime(rng), rng.randint(0, 59), jid, enc)]
            elif fam == "tmpl":
                t = tmpl[lab] if lab == "qualified" else tmpl[lab] % rng.randint(1, 4)
                proj["mail_queue"] = [{"template": t, "queued": rts(rng, "2024-01-01", 500), "channel": proj["contact"]["preferred"]}]
            else:
                c = rng.choice(clerk[lab])
                if "%s" in c:
                    c = c % rdate(rng, "2025-06-01", 200).isoformat()
                proj["clerk_notes"] = c
        else:
            if rng.random() < 0.4:
                proj["portal_access_log"] = ['198.51.100.%d - - [%s:%s:%02d -0800] "GET /eJuror/login HTTP/1.1" 200 5120' % (
                    rng.randint(2, 250), d.strftime("%d/%b/%Y"), rtime(rng), rng.randint(0, 59))]
        recs.append(make_record(name, i, lab, labels, proj, leak))
    write_dataset(name, recs, ["/questionnaire", "/juror_message"],
                  "Jury office staff decide from the qualification questionnaire and the juror's message (which may itself ask to be excused or postponed). Mail templates, portal redirects and clerk notes are written after the decision.")
    return name, "leaking", len(recs), len(leaks), \
        "Juror disposition from questionnaire + juror message. Leaks: double-URL-encoded portal redirect carrying the disposition; outbound letter template id (JS-DQ/EXC/PPN/SUM-CONF); clerk note paraphrasing the outcome. Traps: jurors asking to be excused/postponed but ending qualified."


# ---------------------------------------------------------------- crystallisation drops
def crystal(rng):
    name = "crystal_drop_score"
    labels = ["Clear", "Precipitate", "Crystals", "Phase separation"]
    n = 190
    plan = label_plan(rng, labels, n, [3, 4, 2, 1.5])
    leaks = leak_set(rng, n, 0.6)
    notes = {
        "Clear": ["clear drop", "nothing in drop", "drop clear, maybe slight dust at edge", "", "clear, recheck day 14"],
        "Precipitate": ["brown amorphous ppt", "heavy granular precipitate across drop", "light precip, no features", "skin + amorphous ppt", "fine grainy ppt"],
        "Crystals": ["small rods, sharp edges", "thin plates in cluster", "cubes ~20 um!", "needles from ppt", "microcrystalline showers, clear facets"],
        "Phase separation": ["oily droplets", "round droplets coalescing, no edges", "liquid-liquid separation", "oil drops along rim", "spheres, not birefringent"],
    }
    conds = ["0.2 M ammonium sulfate, 0.1 M Bis-Tris pH 6.5, 25% w/v PEG 3350", "0.1 M HEPES pH 7.5, 10% PEG 8000, 8% ethylene glycol",
             "1.6 M sodium citrate pH 6.5", "0.2 M MgCl2, 0.1 M Tris pH 8.5, 30% PEG 4000", "2.0 M ammonium sulfate, 0.1 M sodium acetate pH 4.6",
             "0.1 M MES pH 6.0, 20% MPD", "0.2 M lithium sulfate, 0.1 M Tris pH 8.5, 25% PEG 3350", "35% tacsimate pH 7.0"]
    order = ["Crystals", "Clear", "Other", "Precipitate"]
    css = {"Clear": "sc-clr", "Precipitate": "sc-ppt", "Crystals": "sc-xtl", "Phase separation": "sc-phs"}
    recs = []
    for i, lab in enumerate(plan):
        uv = {"Clear": "negative", "Precipitate": rng.choice(["negative", "weak diffuse"]), "Crystals": "positive, punctate",
              "Phase separation": rng.choice(["diffuse in droplets", "negative"])}[lab]
        bire = {"Clear": "none", "Precipitate": "none", "Crystals": rng.choice(["yes", "yes", "weak"]), "Phase separation": "none"}[lab]
        well = "%s%d" % ("ABCDEFGH"[rng.randrange(8)], rng.randint(1, 12))
        plate = "PL%07d" % rng.randint(0, 9999999)
        imaging = {"uv_tpef": uv, "cross_polarised": bire}
        if rng.random() < 0.25:
            imaging.pop("cross_polarised")
        if rng.random() < 0.2:
            imaging["sonicc_shg"] = "signal" if lab == "Crystals" else "no signal"
        proj = {
            "instruction": "Score this crystallisation drop as Clear, Precipitate, Crystals or Phase separation.",
            "plate": {"barcode": plate, "screen": rng.choice(["JCSG+", "Index HT", "PEG/Ion", "Morpheus", "Crystal Screen"]),
                      "temperature_c": rng.choice([4, 20, 20]), "protein": "%s-%d" % (rng.choice(["KRAS", "NanoLuc", "MBP-fusion", "Tm0423", "PfLDH"]), rng.randint(1, 40)),
                      "imager": "Formulatrix Rock Imager 1000"},
            "drop": {"well": well, "drop_no": rng.randint(1, 3), "inspection": rng.randint(1, 12), "day": rng.choice([0, 1, 3, 7, 14, 28]),
                     "condition": rng.choice(conds), "observer_notes": rng.choice(notes[lab]) or None, "imaging": imaging},
        }
        leak = i in leaks
        if leak:
            if rng.random() < 0.5:
                tgt = "Other" if lab == "Phase separation" else lab
                probs = [round(rng.uniform(0.01, 0.12), 3) for _ in order]
                probs[order.index(tgt)] = round(rng.uniform(0.62, 0.97), 3)
                proj["auto_score"] = {"model": "MARCO-inception-v3", "class_order": order, "probs": probs, "run": rts(rng)}
            else:
                proj["ui_tile_html"] = '<div class="drop-tile %s" data-well="%s" data-insp="%d"><img src="/img/%s/%s_1.jpg" alt=""></div>' % (
                    css[lab], well, proj["drop"]["inspection"], plate, well)
        else:
            if rng.random() < 0.3:
                proj["auto_score"] = {"model": "MARCO-inception-v3", "status": rng.choice(["queued", "failed: image out of focus"])}
            elif rng.random() < 0.3:
                proj["ui_tile_html"] = '<div class="drop-tile sc-none" data-well="%s" data-insp="%d"><img src="/img/%s/%s_1.jpg" alt=""></div>' % (
                    well, proj["drop"]["inspection"], plate, well)
        recs.append(make_record(name, i, lab, labels, proj, leak))
    write_dataset(name, recs, ["/drop/observer_notes", "/drop/imaging", "/drop/condition"],
                  "The crystallographer scores from the notes and imaging modalities (UV-TPEF, cross-polarised, SHG). Auto-scores and UI tiles are produced from or after the human score.")
    return name, "leaking", len(recs), len(leaks), \
        "Crystallisation drop score from notes + imaging. Leaks: upstream MARCO classifier probability vector (argmax via class_order, 'Other'=phase separation); imager UI HTML tile CSS class abbreviation (sc-xtl/sc-ppt/...). Trap: unscored tiles (sc-none), queued auto-scores."


# ---------------------------------------------------------------- survey monuments
def monument(rng):
    name = "survey_monument_condition"
    labels = ["FOUND", "NOT FOUND", "DISTURBED", "RESET"]
    n = 160
    plan = label_plan(rng, labels, n, [4, 2, 2, 1.5])
    leaks = leak_set(rng, n, 0.45)
    notes = {
        "FOUND": ["Fnd 2-1/2\" brass cap flush w/ ground, stamped per record, 0.3' below surface in asphalt. Ties check.",
                  "Found 1\" iron pipe w/ plastic plug LS %d, tight, upright." % rng.randint(4000, 9999),
                  "Uncovered GLO brass cap in mound of stone as described 1912; bearing trees scribed & healthy.",
                  "Cap found under 0.2' dirt, good condition. Magnetometer hit on first pass."],
        "NOT FOUND": ["Searched 45 min with magnetometer, no hits. Area graded for new subdivision road.",
                      "Dug at computed position +/- 2 ft, nothing. Bearing trees gone (clearcut).",
                      "No evidence of monument; asphalt overlay 2019, metal detector reads rebar everywhere.",
                      "Searched record position and 10 ft radius, no pipe, no stone, no witness."],
        "DISTURBED": ["Found pipe leaning 30 deg, evidently struck by grader; ties off by %.2f'." % rng.uniform(0.3, 2.0),
                      "Cap present but concrete broken & displaced; measured %.1f' from computed position, not in original position." % rng.uniform(0.4, 3.0),
                      "Rebar found bent, loose in hole; fence post set next to it. Does not fit ties.",
                      "Stone found lying on its side in ditch spoil."],
        "RESET": ["Original pipe destroyed by culvert work; set new 3-1/4\" aluminum cap on 30\" rebar from record ties, stamped %d." % rng.randint(2023, 2025),
                  "Disturbed cap removed and re-established from 3 witness ties; new cap set in concrete.",
                  "Set 2\" alum cap LS %d replacing lost monument, position from ties (all 4 agree within 0.04')." % rng.randint(4000, 9999),
                  "Re-monumented corner: set new rebar & cap at computed position per BLM Manual 6-11."],
    }
    codes = {"FOUND": 1, "NOT FOUND": 2, "DISTURBED": 3, "RESET": 4}
    recs = []
    for i, lab in enumerate(plan):
        t, r, s = rng.randint(1, 12), rng.randint(1, 9), rng.randint(1, 36)
        corner = "T%dN R%dW Sec %d %s" % (t, r, s, rng.choice(["NE cor", "SW cor", "1/4 cor", "center 1/4", "W 1/4 cor"]))
        ties = None
        if lab in ("FOUND", "DISTURBED") or (lab == "RESET" and rng.random() < 0.6):
            ties = []
            for _ in range(rng.randint(1, 4)):
                rec_d = round(rng.uniform(8, 60), 2)
                off = {"FOUND": rng.uniform(-0.06, 0.06), "DISTURBED": rng.choice([-1, 1]) * rng.uniform(0.3, 2.5),
                       "RESET": rng.uniform(-0.05, 0.05)}[lab]
                ties.append({"object": rng.choice(["fir BT", "power pole", "fence corner", "concrete monument", "oak BT"]),
                             "record_ft": rec_d, "measured_ft": round(rec_d + off, 2)})
        proj = {
            "instruction": "From the field notes and tie measurements, record the monument condition: FOUND, NOT FOUND, DISTURBED or RESET.",
            "job": {"job_no": "%d-%03d" % (rng.randint(21, 25), rng.randint(1, 400)), "county": rng.choice(["Lane", "Linn", "Douglas", "Marion", "Benton"]),
                    "corner": corner, "date": rdate(rng, "2022-01-01", 1000).isoformat(), "party_chief": person(rng)},
            "field_notes": rng.choice(notes[lab]),
            "ties": ties,
            "photos": maybe(rng, 0.6, ["%s_%02d.jpg" % (corner.split(" Sec")[0].replace(" ", ""), k) for k in range(1, rng.randint(2, 5))]),
        }
        leak = i in leaks
        if leak:
            if rng.random() < 0.5:
                boxes = "".join("<td>%s %s</td>" % ("\u2612" if l == lab else "\u2610", l.title()) for l in labels)
                proj["corner_record_form"] = "<table class=\"cr\"><tr><th>Condition</th>%s</tr><tr><th>Corner</th><td colspan=\"4\">%s</td></tr></table>" % (boxes, corner)
            else:
                proj["gis_feature"] = {"attributes": {"OBJECTID": rng.randint(1000, 99999), "CORNER_ID": corner, "COND_CD": codes[lab]},
                                       "fields": [{"name": "COND_CD", "type": "esriFieldTypeSmallInteger",
                                                   "domain": {"type": "codedValue", "name": "MonumentCondition",
                                                              "codedValues": [{"code": v, "name": k.title()} for k, v in codes.items()]}}]}
        else:
            r2 = rng.random()
            if r2 < 0.3:
                boxes = "".join("<td>\u2610 %s</td>" % l.title() for l in labels)
                proj["corner_record_form"] = "<table class=\"cr\"><tr><th>Condition</th>%s</tr><tr><th>Corner</th><td colspan=\"4\">%s</td></tr></table><!-- draft -->" % (boxes, corner)
            elif r2 < 0.55:
                proj["gis_feature"] = {"attributes": {"OBJECTID": rng.randint(1000, 99999), "CORNER_ID": corner, "COND_CD": None},
                                       "fields": [{"name": "COND_CD", "type": "esriFieldTypeSmallInteger",
                                                   "domain": {"type": "codedValue", "name": "MonumentCondition",
                                                              "codedValues": [{"code": v, "name": k.title()} for k, v in codes.items()]}}]}
        recs.append(make_record(name, i, lab, labels, proj, leak))
    # prune() drops COND_CD None; keep key present as explicit null for non-leaking GIS rows
    for r in recs:
        g = r["projection"].get("gis_feature")
        if g is not None and "COND_CD" not in g["attributes"]:
            g["attributes"]["COND_CD"] = None
    write_dataset(name, recs, ["/field_notes", "/ties"],
                  "Condition is recorded by the party chief from what was found in the field and whether ties check. The corner-record form and GIS attribute are filled in from that decision.")
    return name, "leaking", len(recs), len(leaks), \
        "PLSS monument condition from field notes + ties. Leaks: HTML corner-record form where only the checked box (U+2612) marks the answer among all four labels; ArcGIS coded-value domain integer COND_CD. Traps: draft forms with all boxes empty, null COND_CD with the full domain listing."


# ---------------------------------------------------------------- astronomical transients
def transient(rng):
    name = "transient_classification"
    labels = ["SN Ia", "SN II", "AGN", "TDE", "CV"]
    n = 130
    plan = label_plan(rng, labels, n, [4, 3, 2, 1, 2])
    leaks = leak_set(rng, n, 1.0)
    para = {"SN Ia": ["a normal Type Ia supernova near maximum light", "a thermonuclear supernova (91T-like)"],
            "SN II": ["a young Type II supernova", "a hydrogen-rich core-collapse supernova"],
            "AGN": ["flaring activity in a known active galactic nucleus", "a Seyfert 1 flare"],
            "TDE": ["a tidal disruption event candidate", "a stellar tidal disruption flare (TDE-H+He)"],
            "CV": ["a dwarf nova outburst", "an outburst of a cataclysmic variable"]}
    recs = []
    for i, lab in enumerate(plan):
        yr = rng.choice([2023, 2024, 2025])
        nm = "%d%s" % (yr, "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(3)))
        if lab == "SN Ia":
            phot = {"rise_time_d": rng.randint(14, 20), "peak_mag_g": round(rng.uniform(17, 19.5), 2), "decline_dm15_g": round(rng.uniform(0.9, 1.6), 2), "g_r_at_peak": round(rng.uniform(-0.15, 0.1), 2)}
            host = {"offset_arcsec": round(rng.uniform(1, 12), 1), "type": rng.choice(["elliptical", "spiral", "S0"]), "z": round(rng.uniform(0.01, 0.09), 3)}
            spec = rng.choice(["Si II 6355 absorption at -11,000 km/s, S II W feature; no H.", "Strong Si II, Ca II H&K; best SNID match at +2 d.", None])
            hist = "no previous detections in 4 yr of ZTF data"
        elif lab == "SN II":
            phot = {"rise_time_d": rng.randint(5, 12), "peak_mag_g": round(rng.uniform(17.5, 19.8), 2), "plateau_d": rng.randint(70, 110), "g_r_at_peak": round(rng.uniform(-0.2, 0.2), 2)}
            host = {"offset_arcsec": round(rng.uniform(2, 20), 1), "type": "spiral", "z": round(rng.uniform(0.005, 0.05), 3)}
            spec = rng.choice(["Broad H-alpha with P-Cygni profile, blue continuum, flash features of He II fading.", "Balmer lines with P-Cygni absorption at -9,000 km/s.", None])
            hist = "no previous detections"
        elif lab == "AGN":
            phot = {"rise_time_d": rng.randint(30, 200), "peak_mag_g": round(rng.uniform(17, 20), 2), "variability": "stochastic over 6 yr baseline", "g_r_at_peak": round(rng.uniform(0.1, 0.5), 2)}
            host = {"offset_arcsec": round(rng.uniform(0, 0.2), 2), "type": rng.choice(["spiral", "unresolved"]), "z": round(rng.uniform(0.05, 0.6), 3), "wise_w1_w2": round(rng.uniform(0.8, 1.3), 2)}
            spec = rng.choice(["Broad Balmer lines and narrow [O III] 5007; line ratios in Seyfert region of BPT.", None])
            hist = "repeated low-amplitude variability since 2018"
        elif lab == "TDE":
            phot = {"rise_time_d": rng.randint(20, 45), "peak_mag_g": round(rng.uniform(18, 20), 2), "g_r_at_peak": round(rng.uniform(-0.5, -0.2), 2), "color_evolution": "stays blue, no cooling over 60 d"}
            host = {"offset_arcsec": round(rng.uniform(0, 0.3), 2), "type": rng.choice(["E+A / post-starburst", "quiescent elliptical"]), "z": round(rng.uniform(0.02, 0.15), 3), "wise_w1_w2": round(rng.uniform(0.0, 0.3), 2)}
            spec = rng.choice(["Very broad H-alpha and He II 4686 on a hot blue continuum (T ~ 30,000 K).", "Broad He II 4686 emission, FWHM ~ 10,000 km/s.", None])
            hist = "no prior nuclear variability"
        else:
            phot = {"rise_time_d": rng.randint(1, 3), "peak_mag_g": round(rng.uniform(14, 18.5), 2), "amplitude_mag": round(rng.uniform(2.5, 6), 1), "decline_d": rng.randint(5, 15)}
            host = {"offset_arcsec": None, "type": "hostless (galactic latitude %d deg)" % rng.randint(3, 25), "z": None}
            spec = rng.choice(["Blue continuum with broad Balmer absorption and H-alpha emission core, z = 0.", None])
            hist = "%d previous outbursts in ZTF/ASAS-SN archive" % rng.randint(2, 9)
        proj = {
            "instruction": "Classify this transient as SN Ia, SN II, AGN, TDE or CV using photometry, host information and spectra.",
            "alert": {"ztf_id": "ZTF%d%s" % (yr % 100, "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(7))),
                      "tns_name": "AT %s" % nm, "ra": round(rng.uniform(0, 360), 5), "dec": round(rng.uniform(-30, 80), 5),
                      "discovery_date": rdate(rng, "%d-01-01" % yr, 330).isoformat()},
            "photometry": phot, "host": host, "spectrum_notes": spec, "history": hist,
        }
        fam = rng.choice(["json", "atel", "both"])
        if fam in ("json", "both"):
            raw = {"objname": nm, "name_prefix": "SN" if lab.startswith("SN") else "AT", "object_type": {"name": lab, "id": {"SN Ia": 3, "SN II": 10, "AGN": 29, "TDE": 120, "CV": 27}[lab]},
                   "redshift": host.get("z"), "reporting_group": rng.choice(["ePESSTO+", "ZTF", "SCAT", "Global SN Project"]), "discmagfilter": "g-ZTF"}
            proj["tns_api_response"] = json.dumps({"id_code": 200, "data": {"reply": raw}})
        if fam in ("atel", "both"):
            proj["feeds"] = [{"source": "ATel", "no": rng.randint(15800, 17200),
                              "title": "Spectroscopic classification of AT %s as %s" % (nm, rng.choice(para[lab]))}]
        recs.append(make_record(name, i, lab, labels, proj, True))
    write_dataset(name, recs, ["/photometry", "/host", "/spectrum_notes", "/history"],
                  "Classification comes from light-curve, host and spectral features. TNS replies and ATel feeds are published classifications (after the fact).")
    return name, "leaking", len(recs), len(leaks), \
        "Transient class from photometry/host/spectra. Every record leaks: escaped JSON string of a TNS API reply holding the type; ATel title paraphrasing the class (type Ia supernova, tidal disruption flare, dwarf nova...)."
