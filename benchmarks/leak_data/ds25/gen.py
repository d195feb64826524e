#!/usr/bin/env python3
"""ds25 generator: deterministic, stdlib only."""
import json, random, base64, codecs, os, collections
OUT = os.path.dirname(os.path.abspath(__file__))

def ptr_get(obj, p):
    for part in p.split('/')[1:]:
        part = part.replace('~1', '/').replace('~0', '~')
        obj = obj[int(part)] if isinstance(obj, list) else obj[part]
    return obj

# ---------------- rules (label from derive_from values only) ----------------
def r_piano(v): m = v[0]; return 'Distinction' if m >= 130 else 'Merit' if m >= 120 else 'Pass' if m >= 100 else 'Fail'
def r_abitur(v):
    p = v[0]; return 'sehr gut' if p >= 13 else 'gut' if p >= 10 else 'befriedigend' if p >= 7 else 'ausreichend' if p >= 4 else 'mangelhaft'
def r_locker(v):
    m = max(v[0]['l'], v[0]['w'], v[0]['h']); return '1' if m <= 20 else '2' if m <= 35 else '3' if m <= 50 else '4'
def r_room(v):
    att, cap, s, e = v
    if att > cap: return 'needs larger room'
    if s < 8 or e > 19: return 'outside business hours'
    return 'approved as requested'
def r_pasture(v):
    au, ha = v; d = au / ha
    return 'understocked' if d < 0.8 else 'overstocked' if d > 1.5 else 'optimal'
def thi(t, rh): return 0.8 * t + rh / 100 * (t - 14.4) + 46.4
def r_cattle(v):
    x = thi(v[0], v[1]); return 'none' if x < 72 else 'mild' if x < 79 else 'moderate' if x < 89 else 'severe'
def r_disk(v):
    pct = 100 * v[0] / v[1]; return 'critical' if pct >= 95 else 'warning' if pct >= 85 else 'ok'
def r_cycle(v):
    s = v[0] * 0.67; return 'XS' if s < 49 else 'S' if s < 52 else 'M' if s < 55 else 'L' if s < 58 else 'XL'
def r_aqua(v):
    n = v[0]; return 'safe' if n < 20 else 'caution' if n < 50 else 'danger'
def r_wood(v):
    m = sum(v[0]) / len(v[0]); return 'seasoned' if m < 20 else 'part-seasoned' if m < 30 else 'green'
def r_gloss(v):
    g = v[0]; return 'matt' if g < 10 else 'eggshell' if g < 25 else 'satin' if g < 40 else 'semi-gloss' if g < 70 else 'gloss'
def r_library(v):
    d = v[0] - v[1]; return 'no fine' if d <= 0 else 'fine due' if d <= 28 else 'borrowing blocked'
def r_golf(v):
    h = v[0]; return '1' if h <= 5.4 else '2' if h <= 12.4 else '3' if h <= 20.4 else '4' if h <= 28.4 else '5'
def r_transit(v):
    lf = v[0] / v[1]; return 'seats available' if lf < 0.8 else 'standing room' if lf < 1.3 else 'crush load'

# --------------------------------------------------------------------------
def base(name, instr, labels, body):
    return {"instruction": instr + " Answer with exactly one of: " + ", ".join(labels) + ".", **body}

DS = {}
def ds(name, labels, derive, rule, leak_rate, note):
    def deco(fn):
        DS[name] = dict(labels=labels, derive=derive, rule=rule, make=fn, leak_rate=leak_rate, note=note)
        return fn
    return deco

# each make(rng, i, leak) -> (projection, planted_families list, traps list)
# 'leak' is None or a family chosen by the builder

@ds('piano_exam', ['Distinction', 'Merit', 'Pass', 'Fail'], ['/tool_output/marksheet/total_marks', '/tool_output/marksheet/pieces', '/tool_output/marksheet/scales', '/tool_output/marksheet/sight_reading', '/tool_output/marksheet/aural'], r_piano, 0.45,
    'Graded music exam result band from the total of the marksheet (max 150).')
def m_piano(rng, i, fam):
    parts = [rng.randint(14, 30) for _ in range(3)] + [rng.randint(10, 21), rng.randint(9, 21), rng.randint(10, 21)]
    tot = sum(parts); lab = r_piano([tot])
    ms = {"pieces": parts[:3], "scales": parts[3], "sight_reading": parts[4], "aural": parts[5], "total_marks": tot}
    cand = {"candidate_no": f"{rng.randint(100000,999999)}", "instrument": "piano", "grade": rng.randint(1, 8),
            "centre": rng.choice(["Leeds", "Norwich", "Bath", "Truro", "Derby"])}
    comments = []
    traps = []
    t = rng.random()
    if t < 0.3:
        comments.append({"by": "teacher", "body": f"Last year at grade {max(1,cand['grade']-1)} she got a {rng.choice(['Distinction','Merit','Pass'])}."}); traps.append('historical_result')
    elif t < 0.55:
        comments.append({"by": "parent", "body": "Could you pass on our thanks to the steward? Parking was a fail though."}); traps.append('label_word_other_sense')
    out = {"candidate": cand, "marksheet": ms, "examiner_comments": comments}
    if fam == 'direct_result_field':
        out["result_band"] = lab
    elif fam == 'prose_comment':
        comments.append({"by": "examiner", "body": {"Distinction": "A truly outstanding performance, comfortably distinction level.",
            "Merit": "Secure and musical throughout; a solid merit.", "Pass": "Enough here to pass, though scales were hesitant.",
            "Fail": "Sadly this did not reach the pass mark today."}[lab]})
    elif fam == 'certificate_template_code':
        out["print_job"] = {"template": {"Distinction": "CERT-GOLD-A4", "Merit": "CERT-SILVER-A4", "Pass": "CERT-STD-A4", "Fail": "LETTER-NOCERT"}[lab], "queue": "exams-printing"}
    if fam == 'prose_comment':
        # 'Fail' text mentions pass mark; still prose leak
        pass
    proj = base('piano_exam', "Determine the result band of this graded piano exam from the marksheet (Distinction >=130, Merit 120-129, Pass 100-119, Fail <100).",
                DS['piano_exam']['labels'], {"tool_output": out})
    return proj, lab, traps
m_piano.fams = ['direct_result_field', 'prose_comment', 'certificate_template_code']

@ds('abitur_note', ['sehr gut', 'gut', 'befriedigend', 'ausreichend', 'mangelhaft'], ['/kurs/punkte'], r_abitur, 0.5,
    'German Oberstufe: verbal grade from the 0-15 point score of a course (Halbjahresleistung).')
def m_abitur(rng, i, fam):
    p = rng.randint(1, 15); lab = r_abitur([p])
    kurs = {"fach": rng.choice(["Mathematik", "Deutsch", "Physik", "Geschichte", "Englisch", "Chemie"]), "halbjahr": rng.choice(["Q1.1", "Q1.2", "Q2.1"]), "punkte": p,
            "lehrkraft": rng.choice(["Fr. Becker", "Hr. Yilmaz", "Fr. Schulz"])}
    rec = {"kurs": kurs, "anhaenge": [{"datei": f"kursarbeit_{i:04d}.pdf"}], "bemerkung": ""}
    traps = []
    t = rng.random()
    if t < 0.25:
        rec["bemerkung"] = "Gutschein für die Mensa wurde ausgegeben; Gutachten folgt."; traps.append('label_substring_in_compound')
    elif t < 0.5:
        rec["legende"] = {"15-13": "sehr gut", "12-10": "gut", "9-7": "befriedigend", "6-4": "ausreichend", "3-1": "mangelhaft", "0": "ungenügend"}; traps.append('full_label_set_legend')
    words = {'sehr gut': 'eins', 'gut': 'zwei', 'befriedigend': 'drei', 'ausreichend': 'vier', 'mangelhaft': 'fünf'}
    if fam == 'filename_slug':
        rec["anhaenge"].append({"datei": f"zeugnis_{kurs['fach'].lower()}_{lab.replace(' ', '-')}.pdf"})
    elif fam == 'number_word_grade':
        rec["bemerkung"] = (rec["bemerkung"] + " " if rec["bemerkung"] else "") + f"Zeugnisnote laut Konferenz: {words[lab]}."
    proj = base('abitur_note', "Bestimme die Notenstufe aus der Punktzahl (15-13 sehr gut, 12-10 gut, 9-7 befriedigend, 6-4 ausreichend, 3-1 mangelhaft).",
                DS['abitur_note']['labels'], {**rec})
    return proj, lab, traps
m_abitur.fams = ['filename_slug', 'number_word_grade']

@ds('locker_size', ['1', '2', '3', '4'], ['/parcel/dims_cm'], r_locker, 0.4,
    'Parcel locker compartment size class from the largest parcel dimension (<=20,<=35,<=50,>50 cm).')
def m_locker(rng, i, fam):
    d = {"l": rng.randint(8, 70), "w": rng.randint(5, 40), "h": rng.randint(2, 30)}; lab = r_locker([d])
    parcel = {"barcode": f"JJD{rng.randint(10**11, 10**12-1)}", "dims_cm": d, "weight_kg": round(rng.uniform(0.2, 12), 1),
              "station": {"id": f"PS-{rng.randint(100,999)}", "floor": rng.randint(1, 4)}}
    rec = {"parcel": parcel, "api_trace": [{"method": "GET", "url": f"https://lockers.example.net/v2/parcels/{parcel['barcode']}"}]}
    traps = []
    t = rng.random()
    if t < 0.35:
        rec["neighbour_slots"] = [{"slot": f"{rng.randint(1,60):02d}", "size": str(rng.randint(1, 4))} for _ in range(3)]; traps.append('other_records_labels')
    elif t < 0.6:
        parcel["note"] = f"Handle with care, {rng.randint(1,4)} items inside, ring bell {rng.randint(1,4)} times."; traps.append('numeric_coincidence')
    if fam == 'url_query_param':
        rec["api_trace"].append({"method": "POST", "url": f"https://lockers.example.net/v2/reserve?station={parcel['station']['id']}&cls={lab}&ttl=72"})
    elif fam == 'base64_blob':
        blob = base64.b64encode(json.dumps({"bc": parcel["barcode"], "compartment_class": int(lab)}).encode()).decode()
        rec["label_print"] = {"zpl_payload_b64": blob}
    proj = base('locker_size', "Assign the locker compartment class for this parcel: 1 if longest side <=20 cm, 2 if <=35, 3 if <=50, otherwise 4.",
                DS['locker_size']['labels'], rec)
    return proj, lab, traps
m_locker.fams = ['url_query_param', 'base64_blob']

@ds('room_booking', ['approved as requested', 'needs larger room', 'outside business hours'],
    ['/request/attendees', '/room/capacity', '/request/start_hour', '/request/end_hour'], r_room, 0.55,
    'Meeting-room booking triage from attendee count vs room capacity and hours (8-19).')
def m_room(rng, i, fam):
    cap = rng.choice([4, 6, 8, 12, 20]); att = rng.randint(2, cap + 3); s = rng.randint(6, 18); e = min(22, s + rng.randint(1, 3))
    lab = r_room([att, cap, s, e])
    req = {"requester": rng.choice(["a.okafor", "j.lindqvist", "m.rossi", "p.nair"]), "attendees": att, "start_hour": s, "end_hour": e,
           "title": rng.choice(["Quarterly planning", "Vendor demo", "1:1 sync", "Offsite prep", "Retro"])}
    room = {"name": rng.choice(["Kestrel", "Heron", "Osprey", "Wren"]), "capacity": cap, "av": rng.choice([True, False])}
    rec = {"request": req, "room": room, "thread": {"markdown": "", "adf": {"type": "doc", "content": []}}}
    traps = []
    t = rng.random()
    if t < 0.3:
        rec["policy_excerpt"] = "Outcomes: approved as requested / needs larger room / outside business hours. Rooms needs larger room checks are automatic."; traps.append('full_label_set_listing')
    elif t < 0.55:
        req["title"] = "Why we are not approved as requested by finance (budget talk)"; traps.append('label_phrase_in_legit_title')
    if fam == 'translation':
        rec["thread"]["markdown"] = {"approved as requested": "Réponse auto (FR): approuvé tel que demandé.",
                                     "needs larger room": "Réponse auto (FR): il faut une salle plus grande.",
                                     "outside business hours": "Réponse auto (FR): en dehors des heures ouvrables."}[lab]
    elif fam == 'css_status_class':
        rec["calendar_html"] = f"<div class=\"booking status-{lab.replace(' ', '-')}\"><b>{req['title']}</b></div>"
    elif fam == 'adf_tree_copy':
        rec["thread"]["markdown"] = "[redacted by sanitizer]"
        rec["thread"]["adf"]["content"].append({"type": "paragraph", "content": [{"type": "text", "text": f"Facilities bot: decision = {lab}."}]})
    proj = base('room_booking', "Triage this meeting-room request: 'needs larger room' if attendees exceed capacity, else 'outside business hours' if it starts before 8 or ends after 19, else 'approved as requested'.",
                DS['room_booking']['labels'], rec)
    return proj, lab, traps
m_room.fams = ['translation', 'css_status_class', 'adf_tree_copy']

@ds('pasture_stocking', ['understocked', 'optimal', 'overstocked'], ['/paddock/animal_units', '/paddock/area_ha'], r_pasture, 0.3,
    'Grazing paddock stocking status from animal units per hectare (<0.8, 0.8-1.5, >1.5).')
def m_pasture(rng, i, fam):
    ha = round(rng.uniform(4, 40), 1); au = round(ha * rng.uniform(0.3, 2.4), 1); lab = r_pasture([au, ha])
    rec = {"paddock": {"id": f"P{rng.randint(1,60)}", "animal_units": au, "area_ha": ha, "grass": rng.choice(["ryegrass", "fescue", "kikuyu"])},
           "events": [{"type": "walk", "at": f"2026-05-{rng.randint(1,9):02d}T07:30Z"}]}
    traps = []
    if rng.random() < 0.4:
        rec["events"].append({"type": "note", "at": "2026-04-02T09:00Z", "text": f"Last autumn the neighbour's block was {rng.choice(['overstocked', 'understocked'])}."}); traps.append('other_entity_label')
    if fam == 'later_event_timestamp':
        rec["events"].append({"type": {"understocked": "restock_order_issued", "optimal": "rotation_confirmed", "overstocked": "destock_order_issued"}[lab], "at": f"2026-05-{rng.randint(12,20):02d}T10:00Z"})
    proj = base('pasture_stocking', "Classify the paddock's stocking status from animal units per hectare: below 0.8 understocked, above 1.5 overstocked, otherwise optimal.",
                DS['pasture_stocking']['labels'], rec)
    return proj, lab, traps
m_pasture.fams = ['later_event_timestamp']

@ds('cattle_thi', ['none', 'mild', 'moderate', 'severe'], ['/sensor/temp_c', '/sensor/rh_pct'], r_cattle, 0.5,
    'Dairy barn heat stress from the temperature-humidity index THI = 0.8T + RH/100*(T-14.4) + 46.4 (72/79/89).')
def m_cattle(rng, i, fam):
    t = round(rng.uniform(15, 40), 1); rh = rng.randint(20, 95); lab = r_cattle([t, rh])
    rec = {"sensor": {"barn": rng.choice(["North", "Freestall B", "Calf shed"]), "temp_c": t, "rh_pct": rh, "ts": f"2026-07-{rng.randint(1,28):02d}T14:00Z"},
           "herd": {"lactating": rng.randint(60, 400)}}
    traps = []
    if rng.random() < 0.4:
        rec["vet_note"] = "Mild lameness in two cows; none of the heifers affected."; traps.append('label_word_other_sense')
    if fam == 'post_decision_aggregate':
        rec["controller_summary"] = {"sprinkler_cycles_next_hour": {"none": 0, "mild": 2, "moderate": 6, "severe": 12}[lab], "fans": "auto"}
    elif fam == 'status_glyph':
        rec["dashboard_tile"] = {"icon": {"none": "🟩", "mild": "🟨", "moderate": "🟧", "severe": "🟥"}[lab], "barn": rec["sensor"]["barn"]}
    proj = base('cattle_thi', "Compute THI = 0.8*T + RH/100*(T-14.4) + 46.4 and classify heat stress: <72 none, 72-78.9 mild, 79-88.9 moderate, >=89 severe.",
                DS['cattle_thi']['labels'], rec)
    return proj, lab, traps
m_cattle.fams = ['post_decision_aggregate', 'status_glyph']

@ds('disk_alert', ['ok', 'warning', 'critical'], ['/df/used_gb', '/df/size_gb'], r_disk, 0.6,
    'Filesystem alert level from used/size (>=95% critical, >=85% warning).')
def m_disk(rng, i, fam):
    size = rng.choice([50, 100, 250, 500, 1000]); used = round(size * rng.uniform(0.7, 0.999), 1); lab = r_disk([used, size])
    rec = {"df": {"host": f"db-{rng.randint(1,40):02d}", "mount": rng.choice(["/", "/var", "/data", "/srv/backup"]), "used_gb": used, "size_gb": size},
           "recent_logs": [f"kernel: eth0 link up", f"sshd[{rng.randint(1000,9999)}]: session opened for user deploy"]}
    traps = []
    t = rng.random()
    if t < 0.3:
        rec["recent_logs"].append("app[311]: warning: config key 'cache_ttl' is deprecated"); traps.append('label_word_in_unrelated_log')
    elif t < 0.5:
        rec["runbook"] = "Levels: ok (<85%), warning (85-94%), critical (>=95%). Page on critical only."; traps.append('full_label_set_listing')
    if fam == 'upstream_prediction':
        rec["triage_v1"] = {"model": "alertclf-2025-11", "predicted_level": lab, "confidence": round(rng.uniform(0.6, 0.99), 2)}
    elif fam == 'monitoring_log_line':
        rec["recent_logs"].append(f"nagios: SERVICE ALERT: {rec['df']['host']};disk_{rec['df']['mount']};{lab.upper()};HARD;3")
    proj = base('disk_alert', "Set the alert level for this filesystem from its usage: >=95% critical, >=85% warning, else ok.",
                DS['disk_alert']['labels'], rec)
    return proj, lab, traps
m_disk.fams = ['upstream_prediction', 'monitoring_log_line']

@ds('cycle_frame', ['XS', 'S', 'M', 'L', 'XL'], ['/fit/inseam_cm'], r_cycle, 0.45,
    'Road bike frame size from inseam * 0.67 (cm), binned at 49/52/55/58.')
def m_cycle(rng, i, fam):
    ins = round(rng.uniform(68, 92), 1); lab = r_cycle([ins])
    rec = {"fit": {"inseam_cm": ins, "rider": f"R{rng.randint(1000,9999)}", "discipline": rng.choice(["endurance", "race", "gravel"])},
           "order": {"items": [{"sku": f"ACC-BOLT-M{rng.choice([4,5,6])}", "qty": 2}]}}
    traps = []
    if rng.random() < 0.45 and fam != 'synonym_in_note':
        rec["fitter_note"] = "Swapped to M5 bolts; saddle set back 5 mm. S-bend bar tape arrived."; traps.append('short_label_token_in_part_codes')
    if fam == 'synonym_in_note':
        rec["fitter_note"] = {"XS": "Extra-small frame will suit.", "S": "Small frame is the fit.", "M": "Medium frame recommended.", "L": "Go with the large frame.", "XL": "Extra-large frame needed."}[lab]
    elif fam == 'sku_suffix':
        rec["order"]["items"].append({"sku": f"FRM-ENDR-{lab}", "qty": 1})
    proj = base('cycle_frame', "Recommend a frame size: compute inseam*0.67; <49 XS, <52 S, <55 M, <58 L, else XL.",
                DS['cycle_frame']['labels'], rec)
    return proj, lab, traps
m_cycle.fams = ['synonym_in_note', 'sku_suffix']

@ds('aquarium_nitrate', ['safe', 'caution', 'danger'], ['/test/nitrate_ppm'], r_aqua, 0.35,
    'Freshwater aquarium nitrate status (<20 safe, <50 caution, else danger).')
def m_aqua(rng, i, fam):
    n = rng.randint(0, 90); lab = r_aqua([n])
    rec = {"test": {"tank": f"T-{rng.randint(1,30)}", "nitrate_ppm": n, "kit": rng.choice(["API", "Salifert", "JBL"])}, "ticket_mail": "Hi, results attached. Thanks, Sam"}
    traps = []
    if rng.random() < 0.4:
        rec["ticket_mail"] = "Hi, results attached. Is the new heater safe to leave on overnight? Thanks, Sam"; traps.append('label_word_other_sense')
    if fam == 'rot13_debug':
        rec["debug"] = {"cache": "st:" + codecs.encode(lab, 'rot13')}
    elif fam == 'quoted_email_upstream':
        rec["ticket_mail"] += f"\n\n> On Mon, StripReader app wrote:\n> Nitrate status: {lab.upper()}"
    proj = base('aquarium_nitrate', "Classify the tank's nitrate status: below 20 ppm safe, 20-49 caution, 50+ danger.", DS['aquarium_nitrate']['labels'], rec)
    return proj, lab, traps
m_aqua.fams = ['rot13_debug', 'quoted_email_upstream']

# ----------------- clean datasets -----------------
@ds('firewood_moisture', ['seasoned', 'part-seasoned', 'green'], ['/meter/readings_pct'], r_wood, 0.0,
    'Firewood batch moisture class from the mean of meter readings (<20, <30, else green).')
def m_wood(rng, i, fam):
    mu = rng.uniform(12, 45); rd = [round(mu + rng.uniform(-3, 3), 1) for _ in range(3)]; lab = r_wood([rd])
    rec = {"meter": {"readings_pct": rd, "species": rng.choice(["ash", "oak", "birch", "beech"])}, "seller": {"yard": rng.choice(["Green Lane Logs", "Hill Farm", "Ashby Fuel"])}}
    traps = ['label_word_in_proper_noun'] if rec["seller"]["yard"] == "Green Lane Logs" else []
    if rng.random() < 0.3:
        rec["history"] = f"Last season's delivery was {rng.choice(['seasoned', 'green', 'part-seasoned'])}."; traps.append('historical_result')
    return base('firewood_moisture', "Classify the batch: mean moisture <20% seasoned, <30% part-seasoned, else green.", DS['firewood_moisture']['labels'], rec), lab, traps
m_wood.fams = []

@ds('paint_gloss', ['matt', 'eggshell', 'satin', 'semi-gloss', 'gloss'], ['/lab/gu_60deg'], r_gloss, 0.0,
    'Paint sheen class from 60-degree gloss units.')
def m_gloss(rng, i, fam):
    g = rng.randint(2, 95); lab = r_gloss([g])
    rec = {"lab": {"batch": f"B{rng.randint(1000,9999)}", "gu_60deg": g, "base": rng.choice(["acrylic", "alkyd"])},
           "customer": {"site": rng.choice(["12 Satin Row", "Unit 4, Mill Yard", "Eggshell Bakery", "Harbour Works"])}}
    traps = ['label_word_in_proper_noun'] if any(w in rec["customer"]["site"] for w in ("Satin", "Eggshell")) else []
    if rng.random() < 0.35:
        rec["spec_sheet"] = "Sheen scale: matt <10, eggshell 10-24, satin 25-39, semi-gloss 40-69, gloss >=70 GU."; traps.append('full_label_set_listing')
    return base('paint_gloss', "Classify the paint sheen from 60-degree gloss units: <10 matt, <25 eggshell, <40 satin, <70 semi-gloss, else gloss.", DS['paint_gloss']['labels'], rec), lab, traps
m_gloss.fams = []

@ds('library_overdue', ['no fine', 'fine due', 'borrowing blocked'], ['/loan/returned_day', '/loan/due_day'], r_library, 0.0,
    'Library loan outcome from days overdue (<=0, 1-28, >28).')
def m_lib(rng, i, fam):
    due = rng.randint(100, 200); ret = due + rng.randint(-10, 45); lab = r_library([ret, due])
    rec = {"loan": {"item": rng.choice(["The Fine Art of Baking", "Blocked Drains Handbook", "Moby-Dick", "SQL for Beginners"]), "due_day": due, "returned_day": ret},
           "patron": {"type": rng.choice(["adult", "student"])}}
    traps = ['label_word_in_item_title'] if rec["loan"]["item"] in ("The Fine Art of Baking", "Blocked Drains Handbook") else []
    if rng.random() < 0.3:
        rec["patron"]["note"] = "Patron says the book was not damaged."; traps.append('negation')
    return base('library_overdue', "Decide the loan outcome from returned_day - due_day: <=0 no fine, 1-28 fine due, >28 borrowing blocked.", DS['library_overdue']['labels'], rec), lab, traps
m_lib.fams = []

@ds('golf_category', ['1', '2', '3', '4', '5'], ['/player/handicap_index'], r_golf, 0.0,
    'Club competition category from handicap index.')
def m_golf(rng, i, fam):
    h = round(rng.uniform(0, 36), 1); lab = r_golf([h])
    rec = {"player": {"member_no": f"{rng.randint(1000,9999)}", "handicap_index": h}, "round": {"tee": rng.choice(["white", "yellow", "red"]), "hole_in_one_on": rng.randint(1, 18) if rng.random() < 0.1 else None}}
    traps = []
    if rng.random() < 0.4:
        rec["round"]["playing_partners"] = [{"member_no": f"{rng.randint(1000,9999)}", "category": str(rng.randint(1, 5))} for _ in range(2)]; traps.append('other_records_labels')
    return base('golf_category', "Assign the competition category: index <=5.4 -> 1, <=12.4 -> 2, <=20.4 -> 3, <=28.4 -> 4, else 5.", DS['golf_category']['labels'], rec), lab, traps
m_golf.fams = []

@ds('transit_crowding', ['seats available', 'standing room', 'crush load'], ['/apc/onboard', '/vehicle/seats'], r_transit, 0.0,
    'Bus crowding level from automatic passenger counter onboard vs seats.')
def m_transit(rng, i, fam):
    seats = rng.choice([30, 38, 44]); on = rng.randint(5, 70); lab = r_transit([on, seats])
    rec = {"apc": {"onboard": on, "stop": rng.choice(["Market St", "Depot", "Univ. Ave"])}, "vehicle": {"seats": seats, "fleet_no": rng.randint(1000, 1999)}}
    traps = []
    if rng.random() < 0.35:
        rec["driver_msg"] = "No standing room issue at the depot gate today, barrier fixed."; traps.append('negation')
    elif rng.random() < 0.4:
        rec["earlier_trip"] = {"trip": "07:10", "crowding": rng.choice(['seats available', 'standing room', 'crush load'])}; traps.append('other_event_label')
    return base('transit_crowding', "Report crowding: onboard/seats <0.8 seats available, <1.3 standing room, else crush load.", DS['transit_crowding']['labels'], rec), lab, traps
m_transit.fams = []

ORDER = list(DS)
TRAP_EX = {
 ('piano_exam', 'historical_result'): 'teacher comment cites last year\'s band at a lower grade',
 ('piano_exam', 'label_word_other_sense'): '"pass on our thanks ... Parking was a fail"',
 ('abitur_note', 'label_substring_in_compound'): '"Gutschein ... Gutachten folgt"',
 ('abitur_note', 'full_label_set_legend'): 'legende object mapping every point band to its Notenstufe',
 ('locker_size', 'other_records_labels'): 'neighbour_slots list with other compartments\' size classes',
 ('locker_size', 'numeric_coincidence'): '"N items inside, ring bell N times" with random digits 1-4',
 ('room_booking', 'full_label_set_listing'): 'policy_excerpt listing all three outcomes',
 ('room_booking', 'label_phrase_in_legit_title'): 'meeting title "... not approved as requested by finance"',
 ('pasture_stocking', 'other_entity_label'): 'note: neighbour\'s block was over/understocked last autumn',
 ('cattle_thi', 'label_word_other_sense'): 'vet_note "Mild lameness ...; none of the heifers affected"',
 ('disk_alert', 'label_word_in_unrelated_log'): 'app log "warning: config key ... deprecated"',
 ('disk_alert', 'full_label_set_listing'): 'runbook listing ok/warning/critical thresholds',
 ('cycle_frame', 'short_label_token_in_part_codes'): '"M5 bolts", "S-bend bar tape", SKU ACC-BOLT-M6',
 ('aquarium_nitrate', 'label_word_other_sense'): '"Is the new heater safe to leave on overnight?"',
 ('firewood_moisture', 'label_word_in_proper_noun'): 'seller yard "Green Lane Logs"',
 ('firewood_moisture', 'historical_result'): '"Last season\'s delivery was green."',
 ('paint_gloss', 'label_word_in_proper_noun'): 'customer site "12 Satin Row" / "Eggshell Bakery"',
 ('paint_gloss', 'full_label_set_listing'): 'spec_sheet listing the whole sheen scale',
 ('library_overdue', 'label_word_in_item_title'): 'item "The Fine Art of Baking" / "Blocked Drains Handbook"',
 ('library_overdue', 'negation'): '"Patron says the book was not damaged."',
 ('golf_category', 'other_records_labels'): 'playing_partners with their own categories',
 ('transit_crowding', 'negation'): '"No standing room issue at the depot gate today"',
 ('transit_crowding', 'other_event_label'): 'earlier_trip 07:10 with its own crowding value',
}
COUNTS = {n: 120 + 5 * (k % 5) for k, n in enumerate(ORDER)}

def build(name):
    d = DS[name]; rng = random.Random('ds25-' + name); recs = []; meta_rows = []
    fams = d['make'].fams
    for i in range(1, COUNTS[name] + 1):
        fam = rng.choice(fams) if fams and rng.random() < d['leak_rate'] else None
        proj, lab, traps = d['make'](rng, i, fam)
        recs.append({"id": f"{name}-{i:04d}", "expected": lab, "label_set": d['labels'], "target": "label", "projection": proj, "truth": {"leak": fam is not None}})
        meta_rows.append({"family": fam, "traps": traps})
    return recs, meta_rows

def main():
    md = ["# ds25 datasets\n"]
    for name in ORDER:
        recs, rows = build(name); d = DS[name]
        with open(os.path.join(OUT, name + '.jsonl'), 'w') as f:
            for r in recs: f.write(json.dumps(r, ensure_ascii=False) + '\n')
        with open(os.path.join(OUT, name + '.meta.json'), 'w') as f:
            json.dump({"derive_from": d['derive'], "note": d['note']}, f, ensure_ascii=False, indent=1)
        lc = collections.Counter(r['expected'] for r in recs)
        fc = collections.Counter(x['family'] for x in rows if x['family'])
        tc = collections.Counter(t for x in rows for t in x['traps'])
        ex = {}
        for r, x in zip(recs, rows):
            for t in x['traps']: ex.setdefault(t, f"{r['id']} (expected {r['expected']}): " + TRAP_EX[(name, t)])
        md.append(f"## {name} — {'LEAKING' if d['make'].fams else 'CLEAN'}\n")
        md.append(f"- Task: {d['note']}\n- Records: {len(recs)}; labels: {dict(lc)}\n- Leaking records: {sum(fc.values())}\n")
        md.append(f"- Leak families: {dict(fc) if fc else 'none'}\n- Trap families: " + ("; ".join(f"{t} ({c}, e.g. {ex[t]})" for t, c in tc.items()) or 'none') + "\n")
    with open(os.path.join(OUT, 'DATASETS.md'), 'w') as f: f.write('\n'.join(md))

if __name__ == '__main__':
    main()
