"""Label rules, each computed only from the values at the dataset's derive_from pointers.
Each function receives a dict {pointer: value}."""
import math


def dam_hazard(v):
    par = v["/tool_calls/1/result/population_at_risk"]
    econ = v["/tool_calls/1/result/economic_loss_usd"]
    life = v["/tool_calls/1/result/lifeline_disruption"]
    if par > 0:
        return "high"
    if econ >= 1_000_000 or life:
        return "significant"
    return "low"


def sea_state(v):
    hs = v["/buoy_obs/waves/hs_m"]
    for code, up in (("3", 1.25), ("4", 2.5), ("5", 4.0), ("6", 6.0), ("7", 9.0), ("8", 14.0)):
        if hs <= up:
            return code
    raise ValueError(hs)


def waldbrand(v):
    x = v["/messung/fwi"]
    if x < 5.0:
        return "sehr geringe Gefahr"
    if x < 11.2:
        return "geringe Gefahr"
    if x < 21.3:
        return "mittlere Gefahr"
    if x < 38.0:
        return "hohe Gefahr"
    return "sehr hohe Gefahr"


def uv_index(v):
    u = math.floor(v["/messages/3/content/uvi_max"] + 0.5)
    if u <= 2:
        return "Low"
    if u <= 5:
        return "Moderate"
    if u <= 7:
        return "High"
    if u <= 10:
        return "Very High"
    return "Extreme"


APGAR_KEYS = ["appearance", "pulse", "grimace", "activity", "respiration"]


def apgar(v):
    s = sum(v["/encounter/delivery/apgar_5min/" + k] for k in APGAR_KEYS)
    if s >= 7:
        return "reassuring"
    if s >= 4:
        return "moderately abnormal"
    return "low"


def ski_piste(v):
    m = max(s["gradient_pct"] for s in v["/survey/segments"])
    if m < 15:
        return "green"
    if m < 25:
        return "blue"
    if m < 40:
        return "red"
    return "black"


def wake(v):
    m = v["/flight/mtow_kg"]
    if m >= 500000:
        return "J"
    if m >= 136000:
        return "H"
    if m > 7000:
        return "M"
    return "L"


_W = {"AV": {"N": .85, "A": .62, "L": .55, "P": .2}, "AC": {"L": .77, "H": .44},
      "UI": {"N": .85, "R": .62}, "CIA": {"H": .56, "L": .22, "N": 0.0}}


def _roundup(x):
    i = round(x * 100000)
    if i % 10000 == 0:
        return i / 100000.0
    return (math.floor(i / 10000) + 1) / 10.0


def cvss_score(vector):
    parts = dict(p.split(":") for p in vector.split("/")[1:])
    s_changed = parts["S"] == "C"
    pr = {"N": .85, "L": .68 if s_changed else .62, "H": .5 if s_changed else .27}[parts["PR"]]
    c, i, a = (_W["CIA"][parts[k]] for k in ("C", "I", "A"))
    iss = 1 - (1 - c) * (1 - i) * (1 - a)
    if s_changed:
        impact = 7.52 * (iss - 0.029) - 3.25 * (iss - 0.02) ** 15
    else:
        impact = 6.42 * iss
    expl = 8.22 * _W["AV"][parts["AV"]] * _W["AC"][parts["AC"]] * pr * _W["UI"][parts["UI"]]
    if impact <= 0:
        return 0.0
    if s_changed:
        return _roundup(min(1.08 * (impact + expl), 10))
    return _roundup(min(impact + expl, 10))


def cvss(v):
    s = cvss_score(v["/advisory/cvss_v31_vector"])
    if s == 0:
        return "None"
    if s < 4.0:
        return "Low"
    if s < 7.0:
        return "Medium"
    if s < 9.0:
        return "High"
    return "Critical"


def dog_bite(v):
    contact = v["/report/skin_contact"]
    wounds = v["/report/wounds"]
    deep = sum(1 for w in wounds if w["punctures"] > 0 and w["max_depth_mm"] > 6)
    if deep >= 2:
        return "Level 5"
    if deep == 1:
        return "Level 4"
    if any(w["punctures"] > 0 for w in wounds):
        return "Level 3"
    if contact:
        return "Level 2"
    return "Level 1"


def concrete(v):
    fc = v["/submittal/fc_psi"]
    tests = [sum(t["cylinders_psi"]) / len(t["cylinders_psi"]) for t in v["/submittal/tests"]]
    floor_ = fc - 500 if fc <= 5000 else 0.9 * fc
    if any(t < floor_ for t in tests):
        return "nonconforming"
    for k in range(len(tests) - 2):
        if sum(tests[k:k + 3]) / 3 < fc:
            return "nonconforming"
    return "conforming"


def atc20(v):
    cond = v["/evaluation/observed_conditions"]
    vals = [c["rating"] for c in cond]
    if "Severe" in vals:
        return "UNSAFE"
    if "Moderate" in vals:
        return "RESTRICTED USE"
    return "INSPECTED"


def esi(v):
    t = "/triage_input/"
    if v[t + "lifesaving_intervention_needed"]:
        return "1"
    if v[t + "high_risk_situation"] or v[t + "new_confusion_lethargy_disorientation"] or v[t + "pain_score"] >= 7:
        return "2"
    res = len(v[t + "predicted_resources"])
    vit = v[t + "vitals"]
    dz = vit["hr"] > 100 or vit["rr"] > 20 or vit["spo2"] < 92
    if res >= 2:
        return "2" if dz else "3"
    if res == 1:
        return "4"
    return "5"


def vgm(v):
    d = v["/shipment/declared_vgm_kg"]
    w = v["/terminal_weighing/gross_kg"]
    return "within tolerance" if abs(w - d) / d <= 0.05 else "out of tolerance"


def _org(d):
    return ".".join(d.lower().split(".")[-2:])


def _aligned(a, b, mode):
    return a.lower() == b.lower() if mode == "s" else _org(a) == _org(b)


def dmarc(v):
    frm = v["/message/header_from_domain"]
    rec = dict(p.strip().split("=", 1) for p in v["/dmarc_policy_record"].split(";") if "=" in p)
    adkim, aspf = rec.get("adkim", "r"), rec.get("aspf", "r")
    spf = v["/auth/spf"]
    if spf["result"] == "pass" and _aligned(spf["mail_from_domain"], frm, aspf):
        return "pass"
    for s in v["/auth/dkim"]:
        if s["result"] == "pass" and _aligned(s["d"], frm, adkim):
            return "pass"
    return "fail"


RULES = {"dam_hazard": dam_hazard, "sea_state": sea_state, "waldbrand": waldbrand, "uv_index": uv_index,
         "apgar": apgar, "ski_piste": ski_piste, "wake_turbulence": wake, "cvss_severity": cvss,
         "dog_bite": dog_bite, "concrete_acceptance": concrete, "atc20_placard": atc20,
         "esi_triage": esi, "vgm_tolerance": vgm, "dmarc": dmarc}
