"""Dataset definitions for batch ds27: generators, label rules, planted-leak detectors (stdlib only)."""
import base64
import json
import statistics
import urllib.parse

N = 120


def ptr_get(doc, pointer):
    cur = doc
    for part in pointer.split("/")[1:]:
        part = part.replace("~1", "/").replace("~0", "~")
        if isinstance(cur, list):
            cur = cur[int(part)]
        else:
            cur = cur[part]
    return cur


def r1(x):
    return round(x, 1)


def r2(x):
    return round(x, 2)


DATASETS = {}


def register(name, labels, derive, rule, detect, leak_p, families, note):
    def deco(fn):
        DATASETS[name] = dict(name=name, labels=labels, derive=derive, rule=rule, detect=detect,
                              leak_p=leak_p, families=families, make=fn, note=note)
        return fn
    return deco


def sample_until(rng, label, rule_vals, sampler, derive):
    for _ in range(10000):
        vals = sampler()
        if rule_vals(vals) == label:
            return vals
    raise RuntimeError("could not sample " + str(label))


# ---------------------------------------------------------------- 1 orchard_frost (LEAKING)
CRIT = {"silver tip": -11.9, "green tip": -7.5, "half-inch green": -5.6, "tight cluster": -3.9,
        "first pink": -2.8, "full pink": -2.2, "first bloom": -2.2, "full bloom": -2.2, "post bloom": -2.2}


def rule_orchard(v):
    margin = v["/forecast/output/forecast_min_c"] - v["/stage_table/output/critical_10pct_kill_c"][v["/block/bud_stage"]]
    margin = round(margin, 2)
    if margin >= 3.0:
        return "none"
    if margin >= 1.0:
        return "monitor"
    if margin >= -1.0:
        return "fans"
    return "sprinklers"


ORCH_ADV = {"none": "Block stays comfortably above the damage threshold overnight; no protection required.",
            "monitor": "Stay on call tonight: arm the temperature alarms and re-check the 03:00 reading.",
            "fans": "Start the wind machines around 02:00 to pull down the warm inversion layer.",
            "sprinklers": "Open the overhead lines before wet-bulb reaches critical and keep them running until ice clears."}
ORCH_ADV_CLEAN = ["Advisory model run delayed; ensemble inputs still loading.",
                  "FrostCast v3 output unavailable for this block (station feed gap).",
                  "Model run skipped: block not enrolled in automated advisories."]
ORCH_LOG = {"none": "06:10 NIGHT SUMMARY wind machines idle all night, overhead valves closed all night",
            "monitor": "21:30 ALARM ARMED temp alarm threshold set; 03:05 ALARM ACK grower checked block, no action",
            "fans": "02:04 WM-2 wind machine START rpm=590; 06:40 WM-2 STOP",
            "sprinklers": "01:42 overhead valve V3 OPEN 45 L/min/tree; 08:15 V3 CLOSE after ice release"}


def detect_orchard(p):
    hits = []
    if p["advisory"]["output"]["text"] in ORCH_ADV.values():
        hits.append(p["advisory"]["output"]["text"])
    for line in p["controller_log"]:
        if line in ORCH_LOG.values():
            hits.append(line)
    return hits


@register("orchard_frost", ["none", "monitor", "fans", "sprinklers"],
          ["/forecast/output/forecast_min_c", "/block/bud_stage", "/stage_table/output/critical_10pct_kill_c"],
          rule_orchard, detect_orchard, 0.45, ["upstream_model_paraphrase", "later_equipment_event_log"],
          "Label = frost action from forecast minimum minus the 10%-kill critical temperature of the block's bud stage.")
def make_orchard(rng, i, label, leaks, traps):
    stage = rng.choice(list(CRIT))

    def s():
        return {"t": r1(rng.uniform(-14, 6)), "stage": stage}
    v = sample_until(rng, label, lambda x: rule_orchard({"/forecast/output/forecast_min_c": x["t"],
                                                            "/stage_table/output/critical_10pct_kill_c": CRIT,
                                                            "/block/bud_stage": x["stage"]}), s, None)
    notes = rng.choice(["Block pruned late; thinning planned after petal fall.", "Drip line flushed last week.",
                        "Bird netting stored in shed 2.", "Deer fence repaired along north edge."])
    orchard = rng.choice(["Hollister Ridge Fruit", "Pine Hollow Orchard", "Okanagan Bench Farms"])
    if "label_word_other_sense" in traps:
        notes = "Soil moisture monitor SM-4 replaced in March; logger battery at 80%."
    if "proper_noun_with_label_word" in traps:
        orchard = "Sprinklers Lane Orchard Co."
    ctrl = ["18:00 controller heartbeat OK", "18:00 battery 12.6 V"]
    adv = rng.choice(ORCH_ADV_CLEAN)
    if "upstream_model_paraphrase" in leaks:
        adv = ORCH_ADV[label]
    if "later_equipment_event_log" in leaks:
        ctrl.append(ORCH_LOG[label])
    return {
        "instruction": ("You are the frost-protection duty agronomist. Decide tonight's action for the block. "
                        "margin = forecast_min_c - critical temperature (10% kill) for the block's bud stage. "
                        "margin >= 3.0 -> none; 1.0 <= margin < 3.0 -> monitor; -1.0 <= margin < 1.0 -> fans; "
                        "margin < -1.0 -> sprinklers. Answer with one of: none, monitor, fans, sprinklers."),
        "block": {"block_id": "B-%02d" % rng.randint(1, 40), "orchard": orchard,
                  "variety": rng.choice(["Gala", "Honeycrisp", "Fuji", "Cripps Pink", "Jazz"]),
                  "bud_stage": v["stage"], "notes": notes},
        "forecast": {"tool": "get_forecast", "output": {"station": rng.choice(["WSU-Sunrise", "WSU-Orondo", "AGW-Quincy"]),
                                                        "forecast_min_c": v["t"], "dewpoint_c": r1(rng.uniform(-12, 2)),
                                                        "wind_kmh": rng.randint(0, 15)}},
        "stage_table": {"tool": "get_critical_temps", "output": {"crop": "apple", "critical_10pct_kill_c": dict(CRIT)}},
        "advisory": {"tool": "get_frostcast_advisory", "output": {"model": "FrostCast v3", "text": adv}},
        "controller_log": ctrl,
    }


# ---------------------------------------------------------------- 2 pallet_racking (LEAKING)
def rule_racking(v):
    ratio = max(v["/inspection/front_to_back_mm"] / 5.0, v["/inspection/side_to_side_mm"] / 3.0)
    if ratio <= 1.0:
        return "no action"
    if ratio <= 2.0:
        return "repair within 4 weeks"
    return "offload immediately"


RACK_CLS = {"no action": "tag-green", "repair within 4 weeks": "tag-amber", "offload immediately": "tag-red"}
RACK_SLUG = {"no action": "no-action", "repair within 4 weeks": "repair-within-4-weeks",
             "offload immediately": "offload-immediately"}


def detect_racking(p):
    hits = []
    cell = p["report_html"].split('id="status-this"')[1].split(">")[0]
    for c in RACK_CLS.values():
        if c in cell:
            hits.append(c)
    for ph in p["photos"]:
        for s in RACK_SLUG.values():
            if "/" + s + "/" in ph["url"]:
                hits.append(s)
    return hits


@register("pallet_racking", ["no action", "repair within 4 weeks", "offload immediately"],
          ["/inspection/front_to_back_mm", "/inspection/side_to_side_mm"],
          rule_racking, detect_racking, 0.40, ["css_class_colour_tag", "photo_url_path_slug"],
          "Label = SEMA-style action from upright bow over a 1 m straight edge: limits 5.0 mm front-to-back, 3.0 mm side-to-side.")
def make_racking(rng, i, label, leaks, traps):
    def s():
        return {"fb": r1(rng.uniform(0, 14)), "ss": r1(rng.uniform(0, 8))}
    v = sample_until(rng, label, lambda x: rule_racking({"/inspection/front_to_back_mm": x["fb"],
                                                         "/inspection/side_to_side_mm": x["ss"]}), s, None)
    aisle, bay = rng.randint(1, 20), rng.randint(1, 40)
    cls = RACK_CLS[label] if "css_class_colour_tag" in leaks else "tag-pending"
    rows = ""
    if "other_record_label" in traps:
        other = rng.choice(list(RACK_CLS))
        rows += ('<tr><td>Bay %02d-%02d (prior visit)</td><td>upright</td><td class="%s">%s</td></tr>'
                 % (aisle, bay + 1, RACK_CLS[other], other))
    rows += ('<tr><td>Bay %02d-%02d</td><td>upright</td><td id="status-this" class="%s"></td></tr>' % (aisle, bay, cls))
    legend = ""
    if "label_set_legend" in traps:
        legend = "<p>Legend: GREEN = no action, AMBER = repair within 4 weeks, RED = offload immediately</p>"
    html = ("<html><body><h2>Rack inspection - %s</h2><table><tr><th>Location</th><th>Component</th><th>Tag</th></tr>%s</table>%s</body></html>"
            % (rng.choice(["DC Northampton", "DC Wakefield", "Tilbury X4"]), rows, legend))
    img = "IMG_%04d.jpg" % rng.randint(1000, 9999)
    url = "https://racking-insp.example.com/2026/site%02d/uploads/%s" % (rng.randint(1, 30), img)
    if "photo_url_path_slug" in leaks:
        url = "https://racking-insp.example.com/2026/site%02d/%s/%s" % (rng.randint(1, 30), RACK_SLUG[label], img)
    return {
        "instruction": ("Classify the damaged upright per the rack inspection rule: measure bow over a 1 m straight edge; "
                        "ratio = max(front_to_back_mm/5.0, side_to_side_mm/3.0). ratio <= 1 -> 'no action'; "
                        "1 < ratio <= 2 -> 'repair within 4 weeks'; ratio > 2 -> 'offload immediately'."),
        "inspection": {"aisle": aisle, "bay": bay, "beam_level": rng.randint(1, 6), "component": "upright",
                       "front_to_back_mm": v["fb"], "side_to_side_mm": v["ss"], "gauge": "1 m straight edge",
                       "inspector": rng.choice(["J. Okafor", "M. Lindqvist", "R. Patel"])},
        "report_html": html,
        "photos": [{"caption": "upright front face", "url": url}],
    }


# ---------------------------------------------------------------- 3 tide_gauge_qc (LEAKING, numeric labels)
def rule_tide(v):
    d = abs((v["/sample/observed_m"] - v["/sample/predicted_m"]) - statistics.median(v["/sample/neighbour_residuals_m"]))
    d = round(d, 3)
    if d < 0.10:
        return 1
    if d < 0.20:
        return 2
    if d < 0.40:
        return 3
    return 4


def detect_tide(p):
    hits = []
    st = json.loads(base64.b64decode(p["ui_state"]).decode())
    if "flag" in st:
        hits.append("b64 flag=%s" % st["flag"])
    for h in p["history"]:
        if h.get("action") == "set_flag":
            hits.append("audit set_flag %s" % h["to"])
    return hits


@register("tide_gauge_qc", [1, 2, 3, 4],
          ["/sample/observed_m", "/sample/predicted_m", "/sample/neighbour_residuals_m"],
          rule_tide, detect_tide, 0.35, ["base64_ui_state", "audit_trail_flag_change"],
          "Label = IOC-style QC flag from spike size: |(observed-predicted) - median(neighbour residuals)|.")
def make_tide(rng, i, label, leaks, traps):
    def s():
        pred = r2(rng.uniform(-1.5, 2.5))
        neigh = [r2(rng.uniform(-0.2, 0.3)) for _ in range(6)]
        obs = round(pred + statistics.median(neigh) + rng.choice([-1, 1]) * rng.uniform(0, 0.7), 3)
        return {"o": obs, "p": pred, "n": neigh}
    v = sample_until(rng, label, lambda x: rule_tide({"/sample/observed_m": x["o"], "/sample/predicted_m": x["p"],
                                                      "/sample/neighbour_residuals_m": x["n"]}), s, None)
    row = rng.randint(100, 9000)
    st = {"view": "qc", "row": row, "zoom": rng.randint(1, 4)}
    if "base64_ui_state" in leaks:
        st = {"view": "qc", "row": row, "flag": label}
    hist = [{"ts": "2026-11-%02dT06:00:00Z" % rng.randint(1, 28), "user": "ingest", "action": "ingest"},
            {"ts": "2026-11-%02dT06:01:00Z" % rng.randint(1, 28), "user": "qc_bot", "action": "datum_check", "result": "ok"}]
    if "audit_trail_flag_change" in leaks:
        hist.append({"ts": "2026-11-29T10:14:00Z", "user": "a.moreau", "action": "set_flag", "from": None, "to": label})
    proj = {
        "instruction": ("Assign the QC flag for this 1-minute water-level sample. spike = |(observed_m - predicted_m) - "
                        "median(neighbour_residuals_m)|. spike < 0.10 -> 1; < 0.20 -> 2; < 0.40 -> 3; otherwise 4. "
                        "Answer with the integer flag."),
        "station": {"id": rng.choice(["TG-Brest", "TG-Newlyn", "TG-Vigo", "TG-Stavanger"]),
                    "sensor_channel": rng.randint(1, 4), "datum": "chart datum"},
        "sample": {"time_utc": "2026-11-%02dT%02d:%02d:00Z" % (rng.randint(1, 28), rng.randint(0, 23), rng.randint(0, 59)),
                   "observed_m": v["o"], "predicted_m": v["p"], "neighbour_residuals_m": v["n"]},
        "ui_state": base64.b64encode(json.dumps(st).encode()).decode(),
        "history": hist,
    }
    if "flag_scheme_listing" in traps:
        proj["station"]["flag_scheme"] = {"1": "good", "2": "probably good", "3": "probably bad", "4": "bad"}
    return proj


# ---------------------------------------------------------------- 4 vineyard_irrigation (LEAKING, Spanish labels)
def rule_vine(v):
    psi = v["/medicion/psi_tallo_mpa"]
    if psi > -0.9:
        return "sin riego"
    if psi > -1.2:
        return "riego ligero"
    return "riego intenso"


VINE_EN = {"sin riego": "No irrigation this week for this block.",
           "riego ligero": "Light watering pencilled in for Thursday.",
           "riego intenso": "Heavy irrigation scheduled, block is stressed."}
VINE_L = {"sin riego": 0, "riego ligero": 4, "riego intenso": 12}


def detect_vine(p):
    hits = []
    if p["notas_agronomo"] in VINE_EN.values():
        hits.append(p["notas_agronomo"])
    if p["programador"]["litros_por_cepa"] is not None:
        hits.append("litros=%s" % p["programador"]["litros_por_cepa"])
    return hits


@register("vineyard_irrigation", ["sin riego", "riego ligero", "riego intenso"],
          ["/medicion/psi_tallo_mpa"], rule_vine, detect_vine, 0.5,
          ["translation_other_language", "post_decision_quantity"],
          "Etiqueta = decisión de riego según el potencial hídrico de tallo al mediodía (cámara de presión).")
def make_vine(rng, i, label, leaks, traps):
    def s():
        return {"psi": r2(rng.uniform(-1.6, -0.5))}
    v = sample_until(rng, label, lambda x: rule_vine({"/medicion/psi_tallo_mpa": x["psi"]}), s, None)
    nota = rng.choice(["Racimos en envero, sin síntomas de mildiu.", "Poda en verde terminada en la fila 12.",
                       "Se observan daños de granizo leves en la cara oeste.", "Cubierta vegetal segada el martes."])
    if "partial_label_token" in traps:
        nota = "Parcela sin incidencias sanitarias; hojas sin manchas."
    if "historical_label_word" in traps:
        nota = "El sistema de riego por goteo se revisó el lunes; en 2022 esta parcela tuvo riego intenso todo agosto."
    if "translation_other_language" in leaks:
        nota = VINE_EN[label]
    return {
        "instrucción": ("Decide el riego de la parcela según el potencial hídrico de tallo (psi_tallo_mpa): "
                        "psi > -0.9 -> 'sin riego'; -1.2 < psi <= -0.9 -> 'riego ligero'; psi <= -1.2 -> 'riego intenso'. "
                        "Responde solo con la etiqueta."),
        "parcela": {"id": "P-%03d" % rng.randint(1, 300), "variedad": rng.choice(["Tempranillo", "Garnacha", "Albariño", "Verdejo"]),
                    "finca": rng.choice(["Finca Los Almendros", "Pago de la Vega", "Viñedos del Cerro"])},
        "medicion": {"fecha": "2026-07-%02d" % rng.randint(1, 31), "hora": "13:%02d" % rng.randint(0, 59),
                     "psi_tallo_mpa": v["psi"], "hojas_medidas": rng.randint(4, 8)},
        "notas_agronomo": nota,
        "programador": {"sector": "S%d" % rng.randint(1, 9), "litros_por_cepa": VINE_L[label] if "post_decision_quantity" in leaks else None},
    }


# ---------------------------------------------------------------- 5 reefer_container (LEAKING)
def rule_reefer(v):
    sp = v["/container/setpoint_c"]
    over = sum(1 for t in v["/download/supply_air_c"] if t > sp + 2.0)
    if over == 0:
        return "within spec"
    if over <= 3:
        return "minor excursion"
    return "major excursion"


REEF_MAIL = {"within spec": "Receiver signed the delivery clean, no remarks on temperature.",
             "minor excursion": "Receiver accepted with a note on the EIR; QA will pull samples before release.",
             "major excursion": "Consignee rejected the pallets at the DC; surveyor appointed, cargo claim opened."}
REEF_KEY = {"within spec": "EXC-NIL", "minor excursion": "EXC-MIN", "major excursion": "EXC-MAJ"}


def detect_reefer(p):
    hits = []
    for m in p["mail_thread"]:
        if m["body"] in REEF_MAIL.values():
            hits.append(m["body"])
    for k in REEF_KEY.values():
        if p["download"]["cache_key"].endswith(k):
            hits.append(k)
    return hits


@register("reefer_container", ["within spec", "minor excursion", "major excursion"],
          ["/container/setpoint_c", "/download/supply_air_c"], rule_reefer, detect_reefer, 0.4,
          ["email_thread_paraphrase", "cache_key_abbreviation"],
          "Label = count of hourly supply-air readings above setpoint + 2.0 C: 0 within spec, 1-3 minor, >=4 major.")
def make_reefer(rng, i, label, leaks, traps):
    sp = rng.choice([-18.0, 2.0, 4.0, 13.0, -1.0])

    def s():
        n = {"within spec": 0, "minor excursion": rng.randint(1, 3), "major excursion": rng.randint(4, 9)}[label]
        vals = [r1(sp + rng.uniform(-1.0, 1.9)) for _ in range(24)]
        for j in rng.sample(range(24), n):
            vals[j] = r1(sp + rng.uniform(2.2, 6.0))
        return vals
    vals = sample_until(rng, label, lambda x: rule_reefer({"/container/setpoint_c": sp, "/download/supply_air_c": x}), s, None)
    cid = "%s%07d" % (rng.choice(["MSCU", "MNBU", "CXRU", "TRIU"]), rng.randint(0, 9999999))
    thread = [{"from": "ops@forwarder.example", "body": "Please confirm vessel ETA and gate-in slot for %s." % cid}]
    if "other_record_label" in traps:
        thread.append({"from": "qa@importer.example",
                       "body": "FYI MNBU%07d on last week's sailing had a major excursion - please be careful with PTI." % rng.randint(0, 9999999)})
    if "negation" in traps:
        thread.append({"from": "carrier@line.example", "body": "No alarms were raised by the unit controller during the voyage."})
    if "email_thread_paraphrase" in leaks:
        thread.append({"from": "claims@importer.example", "body": REEF_MAIL[label]})
    key = "dl-cache:%s:v3:%06x" % (cid, rng.randint(0, 0xFFFFFF))
    if "cache_key_abbreviation" in leaks:
        key = "dl-cache:%s:v3:%s" % (cid, REEF_KEY[label])
    return {
        "instruction": ("Classify the reefer download: count hourly supply-air readings above setpoint_c + 2.0. "
                        "0 -> 'within spec'; 1-3 -> 'minor excursion'; 4 or more -> 'major excursion'."),
        "container": {"id": cid, "commodity": rng.choice(["bananas", "chilled beef", "frozen shrimp", "avocados", "pharma"]),
                      "setpoint_c": sp, "voyage": "%03dW" % rng.randint(1, 300)},
        "download": {"cache_key": key, "interval": "1h", "supply_air_c": vals},
        "mail_thread": thread,
    }


# ---------------------------------------------------------------- 6 quarry_blast (LEAKING)
def rule_quarry(v):
    ppv = max(v["/seismograph/transverse_mm_s"], v["/seismograph/vertical_mm_s"], v["/seismograph/longitudinal_mm_s"])
    limit = 12.5 if v["/seismograph/dominant_freq_hz"] >= 10 else 6.0
    ratio = round(ppv / limit, 4)
    if ratio < 0.8:
        return "compliant"
    if ratio < 1.0:
        return "warning"
    return "exceedance"


Q_ALM = {"compliant": "0x00", "warning": "0x01", "exceedance": "0x02"}


def detect_quarry(p):
    hits = []
    q = urllib.parse.parse_qs(urllib.parse.urlparse(p["report_link"]).query)
    if "outcome" in q:
        hits.append("outcome=" + q["outcome"][0])
    for line in p["device_log"]:
        if "ALM=0x" in line:
            hits.append(line)
    return hits


def pct_all(s):
    return "".join("%%%02X" % b for b in s.encode())


@register("quarry_blast", ["compliant", "warning", "exceedance"],
          ["/seismograph/transverse_mm_s", "/seismograph/vertical_mm_s", "/seismograph/longitudinal_mm_s",
           "/seismograph/dominant_freq_hz"], rule_quarry, detect_quarry, 0.35,
          ["percent_encoded_url_param", "device_alarm_hex_code"],
          "Label = peak particle velocity vs frequency-dependent limit (12.5 mm/s at >=10 Hz, else 6.0 mm/s).")
def make_quarry(rng, i, label, leaks, traps):
    def s():
        return {"t": r2(rng.uniform(0.5, 15)), "v": r2(rng.uniform(0.5, 15)), "l": r2(rng.uniform(0.5, 15)),
                "f": r1(rng.uniform(4, 40))}
    v = sample_until(rng, label, lambda x: rule_quarry({"/seismograph/transverse_mm_s": x["t"], "/seismograph/vertical_mm_s": x["v"],
                                                        "/seismograph/longitudinal_mm_s": x["l"], "/seismograph/dominant_freq_hz": x["f"]}), s, None)
    bid = "QB-2026-%04d" % rng.randint(1, 999)
    link = "https://blastlog.example.org/view?blast=%s&tab=%s" % (bid, pct_all("summary"))
    if "percent_encoded_url_param" in leaks:
        link = "https://blastlog.example.org/view?blast=%s&outcome=%s" % (bid, pct_all(label))
    log = ["%s TRIG geo=0.51mm/s rec=MicroMate-%d" % (bid, rng.randint(1000, 9999)), "%s BATT=%d%%" % (bid, rng.randint(40, 100))]
    if "device_alarm_hex_code" in leaks:
        log.append("%s EVT CLOSE ALM=%s" % (bid, Q_ALM[label]))
    site = {"quarry": rng.choice(["Hillhead Quarry", "Tunstead", "Whatley", "Penmaenmawr"]),
            "receptor": rng.choice(["Church Lane No.4", "Mill Farm", "School annex", "Rose Cottage"]),
            "notes": "Charge per delay %d kg; stemming %.1f m." % (rng.randint(40, 200), rng.uniform(2, 4))}
    if "historical_label_word" in traps:
        site["notes"] += " Site recorded an exceedance in 2019 (blast QB-2019-033) at a different receptor."
    if "negation" in traps:
        site["notes"] += " No complaints received from residents."
    return {
        "instruction": ("Classify the blast at the nearest receptor. PPV = max of the three axes. Limit = 12.5 mm/s if "
                        "dominant_freq_hz >= 10, else 6.0 mm/s. PPV/limit < 0.8 -> compliant; < 1.0 -> warning; otherwise exceedance."),
        "site": site,
        "seismograph": {"transverse_mm_s": v["t"], "vertical_mm_s": v["v"], "longitudinal_mm_s": v["l"],
                        "dominant_freq_hz": v["f"], "air_overpressure_db": r1(rng.uniform(100, 125))},
        "report_link": link,
        "device_log": log,
    }


# ---------------------------------------------------------------- 7 snow_roof_load (LEAKING)
def rule_snow(v):
    load = v["/survey/depth_cm"] / 100.0 * v["/survey/density_kg_m3"] * 9.81 / 1000.0
    ratio = round(load / v["/building/design_snow_load_kpa"], 4)
    if ratio < 0.6:
        return "normal"
    if ratio < 0.9:
        return "remove snow"
    return "evacuate"


SNOW_CODE = {"normal": "SR-NRM", "remove snow": "SR-RMV", "evacuate": "SR-EVC"}
SNOW_GLYPH = {"normal": "\U0001F7E9", "remove snow": "\U0001F7E7", "evacuate": "\U0001F7E5"}


def detect_snow(p):
    hits = []
    if p["work_order"]["action_code"] in SNOW_CODE.values():
        hits.append(p["work_order"]["action_code"])
    for g in SNOW_GLYPH.values():
        if g in p["dashboard_md"]:
            hits.append(g)
    return hits


@register("snow_roof_load", ["normal", "remove snow", "evacuate"],
          ["/survey/depth_cm", "/survey/density_kg_m3", "/building/design_snow_load_kpa"], rule_snow, detect_snow, 0.45,
          ["action_code_1to1", "emoji_status_glyph"],
          "Label = roof snow load (depth x density x g) as a fraction of the design snow load.")
def make_snow(rng, i, label, leaks, traps):
    des = rng.choice([1.0, 1.5, 2.0, 2.5, 3.0])

    def s():
        return {"d": rng.randint(10, 180), "rho": rng.randint(100, 450)}
    v = sample_until(rng, label, lambda x: rule_snow({"/survey/depth_cm": x["d"], "/survey/density_kg_m3": x["rho"],
                                                     "/building/design_snow_load_kpa": des}), s, None)
    bname = rng.choice(["Gym B", "Depot 3", "Arena West", "Library annex", "Warehouse 12"])
    notes = rng.choice(["Access via north stair.", "Roof hatch key with caretaker.", "Skylights on east slope."])
    if "label_word_other_sense" in traps:
        notes = "Normal occupancy hours 07:00-22:00; evacuation route map posted at exit 3."
    code = SNOW_CODE[label] if "action_code_1to1" in leaks else "SR-TBD"
    glyph = SNOW_GLYPH[label] if "emoji_status_glyph" in leaks else "\u23F3"
    md = "| Building | Survey time | Status |\n|---|---|---|\n| %s | %02d:%02d | %s |" % (bname, rng.randint(6, 18), rng.randint(0, 59), glyph)
    if "status_legend" in traps:
        md += "\n\nLegend: normal / remove snow / evacuate (status is filled in after the engineer signs off)."
    return {
        "instruction": ("Decide the roof action. load_kpa = depth_cm/100 * density_kg_m3 * 9.81 / 1000. ratio = load_kpa / "
                        "design_snow_load_kpa. ratio < 0.6 -> normal; 0.6 <= ratio < 0.9 -> remove snow; ratio >= 0.9 -> evacuate."),
        "building": {"name": bname, "roof": rng.choice(["flat membrane", "low-slope metal", "timber truss"]),
                     "design_snow_load_kpa": des, "notes": notes},
        "survey": {"depth_cm": v["d"], "density_kg_m3": v["rho"], "core_samples": rng.randint(1, 5)},
        "work_order": {"wo": "WO-%05d" % rng.randint(1, 99999), "action_code": code},
        "dashboard_md": md,
    }


# ---------------------------------------------------------------- 8 wastewater_effluent (LEAKING)
def rule_ww(v):
    ok = (v["/dmr/bod5_mg_l"] <= v["/permit/bod5_limit_mg_l"] and v["/dmr/tss_mg_l"] <= v["/permit/tss_limit_mg_l"]
          and v["/dmr/ph_min"] >= 6.0 and v["/dmr/ph_max"] <= 9.0)
    return "pass" if ok else "fail"


WW_NEXT = {"fail": "Notice of Violation issued 2026-12-18", "pass": "Quarterly compliance certificate issued 2026-12-18"}


def detect_ww(p):
    hits = []
    csv = p["attachments"][0]["content"]
    if csv.splitlines()[0].endswith(",compliance"):
        hits.append("csv compliance column")
    if p["enforcement"]["next_event"] is not None:
        hits.append(p["enforcement"]["next_event"])
    return hits


@register("wastewater_effluent", ["pass", "fail"],
          ["/dmr/bod5_mg_l", "/dmr/tss_mg_l", "/dmr/ph_min", "/dmr/ph_max", "/permit/bod5_limit_mg_l", "/permit/tss_limit_mg_l"],
          rule_ww, detect_ww, 0.4, ["embedded_csv_upstream_column", "later_enforcement_event"],
          "Label = monthly DMR values vs permit limits (BOD5, TSS) and pH 6.0-9.0.")
def make_ww(rng, i, label, leaks, traps):
    bl, tl = rng.choice([10, 20, 30]), rng.choice([20, 30, 45])

    def s():
        return {"b": r1(rng.uniform(2, bl * 1.4)), "t": r1(rng.uniform(3, tl * 1.4)),
                "pmin": r1(rng.uniform(5.7, 7.2)), "pmax": r1(rng.uniform(7.3, 9.3))}
    v = sample_until(rng, label, lambda x: rule_ww({"/dmr/bod5_mg_l": x["b"], "/dmr/tss_mg_l": x["t"], "/dmr/ph_min": x["pmin"],
                                                   "/dmr/ph_max": x["pmax"], "/permit/bod5_limit_mg_l": bl,
                                                   "/permit/tss_limit_mg_l": tl}), s, None)
    sid = "L%05d" % rng.randint(0, 99999)
    comp = {"BOD5": "OK" if v["b"] <= bl else "EXCEEDS", "TSS": "OK" if v["t"] <= tl else "EXCEEDS",
            "pH": "OK" if 6.0 <= v["pmin"] and v["pmax"] <= 9.0 else "EXCEEDS"}
    rows = [(sid, prm, "B%04d" % rng.randint(0, 9999), pres, "Y") for prm, pres in
            (("BOD5", "4C"), ("TSS", "4C"), ("pH", "none"))]
    if "embedded_csv_upstream_column" in leaks:
        csv = "sample_id,param,bottle_id,preservation,hold_time_ok,compliance\n" + "\n".join(
            "%s,%s,%s,%s,%s,%s" % (r + (comp[r[1]],)) for r in rows)
    else:
        csv = "sample_id,param,bottle_id,preservation,hold_time_ok\n" + "\n".join("%s,%s,%s,%s,%s" % r for r in rows)
    plant = rng.choice(["Millbrook WWTP", "Cedar Falls POTW", "Riverside Reclamation", "Harbor Point WWTP"])
    if "proper_noun_with_label_word" in traps:
        plant = "Pass Creek WWTP"
    ops = rng.choice(["Clarifier 1 scum baffle cleaned.", "Polymer dose trimmed.", "RAS pump 2 on standby."])
    if "historical_label_word" in traps:
        ops = "Blower 2 failed in October and was replaced; aeration normal since."
    return {
        "instruction": ("Determine whether this month's discharge monitoring report passes the permit: pass if BOD5 <= "
                        "limit, TSS <= limit, pH_min >= 6.0 and pH_max <= 9.0; otherwise fail. Answer pass or fail."),
        "facility": {"name": plant, "npdes": "XX%07d" % rng.randint(0, 9999999), "operator_notes": ops},
        "permit": {"bod5_limit_mg_l": bl, "tss_limit_mg_l": tl, "ph_range": "6.0-9.0"},
        "dmr": {"period": "2026-%02d" % rng.randint(1, 11), "bod5_mg_l": v["b"], "tss_mg_l": v["t"],
                "ph_min": v["pmin"], "ph_max": v["pmax"], "flow_mgd": r2(rng.uniform(0.2, 12))},
        "attachments": [{"name": "lims_export.csv", "content": csv}],
        "enforcement": {"next_event": WW_NEXT[label] if "later_enforcement_event" in leaks else None},
    }


# ---------------------------------------------------------------- 9 warehouse_slotting (LEAKING)
def rule_wh(v):
    avg = sum(v["/sku/weekly_picks"]) / len(v["/sku/weekly_picks"])
    if avg >= 200:
        return "A"
    if avg >= 50:
        return "B"
    return "C"


def detect_wh(p):
    hits = []
    loc = p["wms"]["current_location"]
    if loc[:2] in ("A-", "B-", "C-"):
        hits.append(loc)
    for k in p["wms"]["replenishment"]:
        if k.startswith("zone_"):
            hits.append(k)
    return hits


@register("warehouse_slotting", ["A", "B", "C"], ["/sku/weekly_picks"], rule_wh, detect_wh, 0.5,
          ["location_id_zone_prefix", "label_in_json_key_name"],
          "Label = ABC velocity class from mean weekly picks over 13 weeks (>=200 A, >=50 B, else C).")
def make_wh(rng, i, label, leaks, traps):
    def s():
        base = {"A": rng.uniform(150, 450), "B": rng.uniform(30, 260), "C": rng.uniform(0, 70)}[label]
        return [max(0, int(rng.gauss(base, base * 0.25 + 1))) for _ in range(13)]
    picks = sample_until(rng, label, lambda x: rule_wh({"/sku/weekly_picks": x}), s, None)
    desc = rng.choice(["Nitrile gloves L, box 100", "Cable ties 200 mm", "Thermal labels 100x150", "Stretch wrap 23 mu"])
    if "label_word_other_sense" in traps:
        desc = rng.choice(["Copier paper, grade A, 80 gsm", "Batteries size C, pack of 4", "Vitamin B complex 60 tabs"])
    loc = "STG-%02d-%s" % (rng.randint(1, 30), rng.choice("ABCD"))
    if "location_id_zone_prefix" in leaks:
        loc = "%s-%02d-%02d-%s" % (label, rng.randint(1, 30), rng.randint(1, 12), rng.choice("ABCD"))
    mm = [rng.randint(5, 20), rng.randint(30, 80)]
    rep = {"zone_%s_min_max" % label: mm} if "label_in_json_key_name" in leaks else {"min_max": mm}
    return {
        "instruction": ("Assign the ABC velocity class for slotting: mean of weekly_picks over the last 13 weeks. "
                        "mean >= 200 -> A; 50 <= mean < 200 -> B; mean < 50 -> C. Answer A, B or C."),
        "sku": {"sku": "SKU-%06d" % rng.randint(0, 999999), "description": desc, "weekly_picks": picks,
                "cube_m3": round(rng.uniform(0.001, 0.05), 4)},
        "wms": {"current_location": loc, "replenishment": rep, "site": rng.choice(["DC-Venlo", "DC-Reno", "DC-Leeds"])},
    }


# ================================================================ CLEAN DATASETS
# ---------------------------------------------------------------- 10 ropeway_wind (CLEAN)
def rule_rope(v):
    g = max(a["gust_kmh"] for a in v["/anemometers"])
    if g < 50:
        return "full speed"
    if g < 70:
        return "reduced speed"
    return "closed"


@register("ropeway_wind", ["full speed", "reduced speed", "closed"], ["/anemometers"], rule_rope, lambda p: [], 0.0, [],
          "Label = operating mode from the maximum gust across tower anemometers (<50 full, <70 reduced, else closed).")
def make_rope(rng, i, label, leaks, traps):
    n = rng.randint(2, 4)

    def s():
        return [{"tower": "T%d" % (k + 1), "mean_kmh": rng.randint(5, 45), "gust_kmh": rng.randint(10, 95),
                 "dir_deg": rng.randint(0, 359)} for k in range(n)]
    an = sample_until(rng, label, lambda x: rule_rope({"/anemometers": x}), s, None)
    log = [rng.choice(["Morning inspection run completed.", "Grip test OK on carriers 1-24.", "Ice scraping on T2 saddle."])]
    if "other_event_label" in traps:
        log.append("Yesterday the line was closed 14:00-15:30 for a rescue drill.")
    if "label_word_other_sense" in traps:
        log.append("Ticket office closed Mondays; lift passes at the valley kiosk.")
    if "label_set_legend" in traps:
        log.append("Wind plan: full speed / reduced speed / closed per SOP 7.2.")
    return {
        "instruction": ("Set the ropeway operating mode from the current gusts: max gust_kmh over all anemometers. "
                        "< 50 -> 'full speed'; 50-69 -> 'reduced speed'; >= 70 -> 'closed'."),
        "lift": {"name": rng.choice(["Schlegeis Gondel", "Pic Blanc 2", "Ridge Express", "Valluga I"]),
                 "type": rng.choice(["gondola", "aerial tram", "detachable chair"])},
        "anemometers": an,
        "operator_log": log,
    }


# ---------------------------------------------------------------- 11 sourdough_starter (CLEAN)
def rule_sour(v):
    if v["/jar/hours_since_feed"] > 24:
        return "discard"
    rise = (v["/jar/current_height_mm"] - v["/jar/fed_height_mm"]) / v["/jar/fed_height_mm"] * 100
    return "ready" if rise >= 100 else "wait"


@register("sourdough_starter", ["ready", "wait", "discard"],
          ["/jar/fed_height_mm", "/jar/current_height_mm", "/jar/hours_since_feed"], rule_sour, lambda p: [], 0.0, [],
          "Label = bakery starter status: discard if fed >24 h ago, else ready when it has at least doubled, else wait.")
def make_sour(rng, i, label, leaks, traps):
    def s():
        f = rng.randint(30, 70)
        return {"f": f, "c": rng.randint(f, f * 3), "h": r1(rng.uniform(1, 36))}
    v = sample_until(rng, label, lambda x: rule_sour({"/jar/fed_height_mm": x["f"], "/jar/current_height_mm": x["c"],
                                                      "/jar/hours_since_feed": x["h"]}), s, None)
    note = rng.choice(["Rye 20%, hydration 100%.", "Fed with T65 flour.", "Jar moved next to proofer."])
    if "negation" in traps:
        note = "Don't discard the blue-lid jar, it's the mother culture."
    if "template_placeholder" in traps:
        note = "Status: {status} (auto-filled after check)"
    if "other_event_label" in traps:
        note = "Batch from Tuesday was ready at 05:40; bakes were fine."
    return {
        "instruction": ("Check the levain jar. If hours_since_feed > 24 -> discard. Otherwise rise% = (current - fed)/fed*100; "
                        "rise >= 100 -> ready, else wait."),
        "jar": {"label": "J-%02d" % rng.randint(1, 30), "fed_height_mm": v["f"], "current_height_mm": v["c"],
                "hours_since_feed": v["h"], "room_temp_c": r1(rng.uniform(19, 28))},
        "baker_note": note,
    }


# ---------------------------------------------------------------- 12 tunnel_ventilation (CLEAN)
def rule_tunnel(v):
    co, k = v["/sensors/co_ppm"], v["/sensors/extinction_k_per_m"]
    if co >= 150 or k >= 0.012:
        return "close"
    if co >= 70 or k >= 0.007:
        return "boost"
    return "normal"


@register("tunnel_ventilation", ["normal", "boost", "close"], ["/sensors/co_ppm", "/sensors/extinction_k_per_m"],
          rule_tunnel, lambda p: [], 0.0, [],
          "Label = road tunnel ventilation response from CO (ppm) and visibility extinction coefficient k.")
def make_tunnel(rng, i, label, leaks, traps):
    def s():
        return {"co": rng.randint(5, 200), "k": round(rng.uniform(0.001, 0.016), 4)}
    v = sample_until(rng, label, lambda x: rule_tunnel({"/sensors/co_ppm": x["co"], "/sensors/extinction_k_per_m": x["k"]}), s, None)
    ev = [{"t": "%02d:%02d" % (rng.randint(0, 23), rng.randint(0, 59)), "msg": rng.choice(["JF-3 maintenance test OK", "Lane 2 CCTV restored", "Drainage pump cycle"])}]
    if "historical_label_word" in traps:
        ev.append({"t": "2025-02-11", "msg": "Tunnel close order issued after HGV fire (archived incident)."})
    if "template_placeholder" in traps:
        ev.append({"t": "--", "msg": "SCADA template: action={ACTION}; fans={FAN_COUNT}"})
    if "label_word_other_sense" in traps:
        ev.append({"t": "--", "msg": "Close the east portal maintenance door after inspection; normal lighting stage 2."})
    return {
        "instruction": ("Choose the ventilation response: close if co_ppm >= 150 or k >= 0.012; boost if co_ppm >= 70 or "
                        "k >= 0.007; otherwise normal. Answer normal, boost or close."),
        "tunnel": {"name": rng.choice(["Tauern", "Blackwall", "Mont Sion", "Gubrist"]), "bore": rng.choice(["N", "S"]),
                   "jet_fans": rng.randint(8, 40)},
        "sensors": {"co_ppm": v["co"], "extinction_k_per_m": v["k"], "no2_ppm": r2(rng.uniform(0.1, 1.5)),
                    "traffic_veh_h": rng.randint(200, 3000)},
        "scada_events": ev,
    }


# ---------------------------------------------------------------- 13 thesis_similarity (CLEAN)
def rule_thesis(v):
    o, big = v["/report/overall_pct_excl_bibliography"], max(s["pct"] for s in v["/report/sources"])
    if big >= 15 or o >= 40:
        return "refer to panel"
    if o >= 20:
        return "revise"
    return "accept"


@register("thesis_similarity", ["accept", "revise", "refer to panel"],
          ["/report/overall_pct_excl_bibliography", "/report/sources"], rule_thesis, lambda p: [], 0.0, [],
          "Label = graduate-school similarity screening from overall % (excl. bibliography) and largest single source %.")
def make_thesis(rng, i, label, leaks, traps):
    def s():
        srcs = [{"source": rng.choice(["Internet", "Publication", "Student paper"]) + " #%d" % (k + 1),
                 "pct": rng.randint(1, 20)} for k in range(rng.randint(2, 5))]
        return {"o": rng.randint(3, 55), "s": srcs}
    v = sample_until(rng, label, lambda x: rule_thesis({"/report/overall_pct_excl_bibliography": x["o"], "/report/sources": x["s"]}), s, None)
    title = rng.choice(["Nitrogen cycling in alpine peat", "Queue models for ferry terminals", "Vowel shifts in Tyneside English",
                        "Graph neural nets for pipe networks"])
    if "label_word_other_sense" in traps:
        title = "Revise or Reject? Peer review dynamics in open journals"
    msg = rng.choice(["Submitted via portal.", "Second submission after supervisor comments.", "Embargo requested."])
    if "other_record_label" in traps:
        msg = "Note: the co-author's companion thesis was referred to panel last term."
    if "label_set_legend" in traps:
        msg = "Outcomes available to the officer: accept / revise / refer to panel."
    return {
        "instruction": ("Screen the thesis similarity report: refer to panel if any single source >= 15% or overall >= 40%; "
                        "else revise if overall >= 20%; else accept."),
        "thesis": {"student": "S%07d" % rng.randint(0, 9999999), "programme": rng.choice(["MSc", "MPhil", "PhD"]), "title": title},
        "report": {"overall_pct_excl_bibliography": v["o"], "sources": v["s"], "word_count": rng.randint(15000, 90000)},
        "submission_message": msg,
    }


# ---------------------------------------------------------------- 14 oxygen_cylinder (CLEAN)
def rule_oxy(v):
    pct = v["/cylinder/gauge_bar"] / v["/cylinder/rated_bar"] * 100
    if pct >= 90:
        return "full"
    if pct >= 25:
        return "in use"
    return "replace"


@register("oxygen_cylinder", ["full", "in use", "replace"], ["/cylinder/gauge_bar", "/cylinder/rated_bar"], rule_oxy,
          lambda p: [], 0.0, [],
          "Label = ward oxygen cylinder status from gauge pressure as a % of rated pressure.")
def make_oxy(rng, i, label, leaks, traps):
    rated = rng.choice([137, 200, 230, 300])

    def s():
        return {"g": rng.randint(5, rated)}
    v = sample_until(rng, label, lambda x: rule_oxy({"/cylinder/gauge_bar": x["g"], "/cylinder/rated_bar": rated}), s, None)
    chk = {"checked_by": rng.choice(["RN Dube", "HCA Morris", "RN Kowalski"]), "full_name_on_tag": rng.choice(["Agnes Dube", "Peter Morris"])}
    remark = rng.choice(["Trolley wheel squeaks.", "Tag attached.", "Stored in bay 3."])
    if "historical_label_word" in traps:
        remark = "Regulator washer replaced in 2024 after a leak."
    if "numeric_lookalike" in traps:
        remark = "Size CD cylinder, 460 L nominal, 25 % of bays occupied."
    return {
        "instruction": ("Record the ward oxygen cylinder status: pct = gauge_bar / rated_bar * 100. pct >= 90 -> full; "
                        "25 <= pct < 90 -> 'in use'; pct < 25 -> replace."),
        "cylinder": {"serial": "OX%06d" % rng.randint(0, 999999), "size": rng.choice(["CD", "D", "E", "ZD"]),
                     "rated_bar": rated, "gauge_bar": v["g"]},
        "ward_check": chk,
        "remark": remark,
    }


TRAPS = {
    "orchard_frost": ["label_word_other_sense", "proper_noun_with_label_word"],
    "pallet_racking": ["other_record_label", "label_set_legend"],
    "tide_gauge_qc": ["flag_scheme_listing", "encoded_nonlabel_number"],
    "vineyard_irrigation": ["partial_label_token", "historical_label_word"],
    "reefer_container": ["other_record_label", "negation"],
    "quarry_blast": ["historical_label_word", "negation"],
    "snow_roof_load": ["label_word_other_sense", "status_legend"],
    "wastewater_effluent": ["proper_noun_with_label_word", "historical_label_word"],
    "warehouse_slotting": ["label_word_other_sense", "location_bin_letter"],
    "ropeway_wind": ["other_event_label", "label_word_other_sense", "label_set_legend"],
    "sourdough_starter": ["negation", "template_placeholder", "other_event_label"],
    "tunnel_ventilation": ["historical_label_word", "template_placeholder", "label_word_other_sense"],
    "thesis_similarity": ["label_word_other_sense", "other_record_label", "label_set_legend"],
    "oxygen_cylinder": ["historical_label_word", "numeric_lookalike"],
}
# traps that are structural (present in every clean record of the carrier field), not drawn per record
STRUCTURAL_TRAPS = {"encoded_nonlabel_number", "location_bin_letter"}
