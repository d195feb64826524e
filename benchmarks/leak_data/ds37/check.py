#!/usr/bin/env python3
"""Validator for ds37 (stdlib only). Exit 0 when everything holds."""
import base64
import datetime
import glob
import json
import os
import re
import sys
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
ERR = []


def err(msg):
    ERR.append(msg)


def resolve(obj, ptr):
    if ptr == "":
        return obj
    cur = obj
    for tok in ptr.lstrip("/").split("/"):
        tok = tok.replace("~1", "/").replace("~0", "~")
        if isinstance(cur, list):
            cur = cur[int(tok)]
        elif isinstance(cur, dict):
            cur = cur[tok]
        else:
            raise KeyError(ptr)
    return cur


# ------------------------------------------------------------------ rules (derive_from values only)
def r_gleason(v):
    gg = {(3, 3): 1, (3, 4): 2, (4, 3): 3, (4, 4): 4, (3, 5): 4, (5, 3): 4, (4, 5): 5, (5, 4): 5, (5, 5): 5}
    cores = v["/tool_calls/0/output/cores"]
    return str(max(gg[(c["primary_pattern"], c["secondary_pattern"])] for c in cores if c["primary_pattern"] is not None))


def r_bac(v):
    rel = v["/releve_de_notes"]
    m = sum(Fraction(str(e["note"])) * e["coefficient"] for e in rel) / sum(e["coefficient"] for e in rel)
    return "sans mention" if m < 12 else "assez bien" if m < 14 else "bien" if m < 16 else "très bien"


def r_cron(v):
    mi, hr, dom, mon, dow = v["/cronjob/spec/schedule"].split()
    if hr == "*":
        return "hourly"
    if dom != "*":
        return "monthly"
    if dow != "*":
        return "weekly"
    return "daily"


def r_wells(v):
    c = v["/encounter/wells_criteria"]
    s = sum(1 for k, x in c.items() if x and k != "alternative_diagnosis_as_likely")
    s -= 2 if c["alternative_diagnosis_as_likely"] else 0
    return "DVT likely" if s >= 2 else "DVT unlikely"


def r_division(v):
    a, n = len(v["/division/division_list/ayes"]), len(v["/division/division_list/noes"])
    return "motion carried" if a > n else "motion defeated" if n > a else "tie - casting vote required"


def r_card(v):
    b = v["/authorization/bin"]
    if b[0] == "4":
        return "Visa"
    if 51 <= int(b[:2]) <= 55 or 2221 <= int(b[:4]) <= 2720:
        return "Mastercard"
    if b[:2] in ("34", "37"):
        return "American Express"
    if b[:4] == "6011" or 644 <= int(b[:3]) <= 649 or b[:2] == "65":
        return "Discover"
    raise ValueError(b)


VAT = {"zero rate": ["books_printed", "childrens_clothing", "food_basic", "public_transport_fare"],
       "reduced rate": ["domestic_energy", "child_car_seat", "smoking_cessation", "mobility_aid_installation"],
       "exempt": ["insurance_premium", "royal_mail_postage", "training_eligible_body", "financial_services"],
       "standard rate": ["stationery", "software_subscription", "hot_takeaway_food", "adult_clothing", "alcohol"]}


def r_vat(v):
    cat = v["/line_item/category"]
    return [k for k, cs in VAT.items() if cat in cs][0]


def secs(t):
    h, m, s = map(int, t.split(":"))
    return h * 3600 + m * 60 + s


def r_bus(v):
    d = secs(v["/trip/actual_departure"]) - secs(v["/trip/scheduled_departure"])
    return "early" if d < -60 else "on time" if d < 360 else "late"


def r_sake(v):
    sb, added = v["/production_sheet/seimaibuai_pct"], v["/production_sheet/brewers_alcohol_added"]
    if not added:
        return "junmai daiginjo" if sb <= 50 else "junmai ginjo" if sb <= 60 else "junmai"
    if sb <= 50:
        return "daiginjo"
    if sb <= 60:
        return "ginjo"
    if sb <= 70:
        return "honjozo"
    raise ValueError(sb)


def r_hard(v):
    t = v["/climate_lookup/avg_annual_extreme_min_f"]
    for z, lo, hi in [("5a", -20, -15), ("5b", -15, -10), ("6a", -10, -5), ("6b", -5, 0), ("7a", 0, 5), ("7b", 5, 10)]:
        if lo <= t < hi:
            return z
    raise ValueError(t)


def r_company(v):
    t, b, e = (v["/accounts_extract/turnover_gbp"], v["/accounts_extract/balance_sheet_total_gbp"],
               v["/accounts_extract/average_employees"])
    for lab, tt, bb, ee in [("micro", 1e6, 5e5, 10), ("small", 15e6, 7.5e6, 50), ("medium", 54e6, 27e6, 250)]:
        if (t <= tt) + (b <= bb) + (e <= ee) >= 2:
            return lab
    return "large"


def r_trim(v):
    d = (datetime.date.fromisoformat(v["/visit/date"]) - datetime.date.fromisoformat(v["/dating/lmp"])).days
    return "first trimester" if d < 98 else "second trimester" if d < 196 else "third trimester"


DEA = {"CII": "oxycodone hydrocodone methylphenidate dextroamphetamine-amphetamine morphine fentanyl hydromorphone methadone",
       "CIII": "buprenorphine/naloxone testosterone acetaminophen/codeine ketamine dronabinol",
       "CIV": "alprazolam lorazepam zolpidem tramadol diazepam clonazepam carisoprodol modafinil",
       "CV": "pregabalin lacosamide promethazine/codeine diphenoxylate/atropine brivaracetam"}


def r_dea(v):
    sub = v["/NewRx/MedicationPrescribed/DrugDescription"].split(" ")[0]
    return [k for k, s in DEA.items() if sub in s.split()][0]


def r_lung(v):
    ms = [round((n["long_axis_mm"] + n["short_axis_mm"]) / 2 + 1e-9, 1) for n in v["/nodules"] if n["type"] == "solid"]
    if not ms:
        return "1"
    m = max(ms)
    return "2" if m < 6 else "3" if m < 8 else "4A" if m < 15 else "4B"


# ------------------------------------------------------------------ planted leak material detectors
def b64d(s):
    return base64.b64decode(s).decode()


def jwt_payload(tok):
    p = tok.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(p + "=" * (-len(p) % 4)))


def l_gleason(p, exp):
    out = p["tool_calls"][0]["output"]
    hits = []
    words = {"one": "1", "two": "2", "three": "3", "four": "4", "five": "5"}
    for a in out["addenda"]:
        m = re.search(r"highest grade group in this case is grade group (\w+)", a)
        if m:
            hits.append(words[m.group(1)])
    for att in out["attachments"]:
        m = re.search(r"_GG(\d)_", att["filename"])
        if m:
            hits.append(m.group(1))
    return hits


def l_bac(p, exp):
    hits = []
    code = {"SM": "sans mention", "AB": "assez bien", "B": "bien", "TB": "très bien"}
    if "code_mention" in p["export_siecle"]:
        hits.append(code[p["export_siecle"]["code_mention"]])
    for j in p["journal"]:
        if j["action"] == "édition du diplôme":
            m = re.search(r"mention (.+) »", j["detail"])
            hits.append(m.group(1).lower() if m else "sans mention")
    return hits


def l_cron(p, exp):
    hits = []
    sec = {3600: "hourly", 86400: "daily", 604800: "weekly", 2678400: "monthly"}
    if "timeout" in p["monitor"]:
        hits.append(sec[p["monitor"]["timeout"]])
    pk = b64d(p["cronjob"]["metadata"]["annotations"]["ops.example.io/plan-key"])
    if pk.startswith("freq="):
        hits.append(pk.split(";")[0][5:])
    return hits


def l_wells(p, exp):
    hits = []
    imp = p["triage_note"]["adf"]["content"][-1]["content"][0]["text"]
    if "[redacted" not in imp:
        hits.append("DVT likely" if "high pretest" in imp else "DVT unlikely")
    for o in p["orders"]:
        if o["description"].startswith("US DUPLEX"):
            hits.append("DVT likely")
        if o["description"].startswith("D-DIMER"):
            hits.append("DVT unlikely")
    return hits


def l_division(p, exp):
    hits = []
    h = p["hansard_proof"]
    if "The Ayes have it, the Ayes have it" in h:
        hits.append("motion carried")
    if "The Noes have it, the Noes have it" in h:
        hits.append("motion defeated")
    if "numbers being equal" in h:
        hits.append("tie - casting vote required")
    if "notice_paper_next_sitting" in p:
        it = p["notice_paper_next_sitting"][0]["item"]
        hits.append("motion defeated" if "withdrawn" in it else exp if exp != "motion defeated" else "WRONG")
    return hits


def l_card(p, exp):
    hits = []
    cy = {"001": "Visa", "002": "Mastercard", "003": "American Express", "004": "Discover"}
    br = {"VISA": "Visa", "MASTERCARD": "Mastercard", "AMEX": "American Express", "DISCOVER": "Discover"}
    if "card" in p["gateway_response"]:
        hits.append(cy[p["gateway_response"]["card"]["cardType"]])
    pl = jwt_payload(p["client_token"])
    if "pm" in pl:
        hits.append(br[pl["pm"]["brand"]])
    m = re.search(r"card-icon--(\w+)", p["checkout_html"])
    if m.group(1) != "generic":
        hits.append({"visa": "Visa", "mastercard": "Mastercard", "amex": "American Express", "discover": "Discover"}[m.group(1)])
    return hits


def l_vat(p, exp):
    hits = []
    led = p["ledger_posting"]
    if "vat" in led:
        r = Fraction(led["vat"]) / Fraction(led["net"])
        cands = ["standard rate"] if r > Fraction(1, 10) else ["reduced rate"] if r > 0 else ["zero rate", "exempt"]
        hits.append(exp if exp in cands else "WRONG")
    s = p["bank_feed"]["suggestion"]
    if "tax_rate" in s:
        hits.append({"20% (VAT on Expenses)": "standard rate", "5% (VAT on Expenses)": "reduced rate",
                     "Zero Rated Expenses": "zero rate", "Exempt Expenses": "exempt"}[s["tax_rate"]])
    return hits


def l_bus(p, exp):
    hits = []
    m = re.search(r"sched_adh_flag=([EOL])", p["avl_log"])
    if m:
        hits.append({"E": "early", "O": "on time", "L": "late"}[m.group(1)])
    for g, lab in (("🔵", "early"), ("🟢", "on time"), ("🔴", "late")):
        if g in p["dashboard_row"]:
            hits.append(lab)
    return hits


def l_sake(p, exp):
    hits = []
    kan = {"純米大吟醸": "junmai daiginjo", "純米吟醸": "junmai ginjo", "純米酒": "junmai", "大吟醸": "daiginjo",
           "吟醸酒": "ginjo", "本醸造": "honjozo"}
    lines = p["label_ocr"].split("\n")
    for k, lab in kan.items():
        if k in lines:
            hits.append(lab)
    for s in p["retrieved_snippets"]:
        if s["source"] == "retailer review":
            m = re.match(r"A textbook (.+) from ", s["text"])
            hits.append(m.group(1))
    return hits


def l_none(p, exp):
    return []


SPEC = {
    "prostate_gleason_grade_group": (r_gleason, l_gleason, True),
    "bac_mention": (r_bac, l_bac, True),
    "cron_job_frequency": (r_cron, l_cron, True),
    "ed_wells_dvt": (r_wells, l_wells, True),
    "assembly_division_outcome": (r_division, l_division, True),
    "card_network_from_bin": (r_card, l_card, True),
    "uk_vat_rate_coding": (r_vat, l_vat, True),
    "bus_timepoint_punctuality": (r_bus, l_bus, True),
    "sake_tokutei_meishoshu": (r_sake, l_sake, True),
    "nursery_hardiness_zone": (r_hard, l_none, False),
    "uk_company_size_class": (r_company, l_none, False),
    "antenatal_trimester": (r_trim, l_none, False),
    "erx_dea_schedule": (r_dea, l_none, False),
    "ldct_lung_rads": (r_lung, l_none, False),
}


def main():
    files = sorted(glob.glob(os.path.join(HERE, "*.jsonl")))
    names = [os.path.basename(f)[:-6] for f in files]
    if sorted(names) != sorted(SPEC):
        err("dataset set mismatch: %s" % names)
    nleak_ds = nclean_ds = 0
    for name in names:
        rule, det, leaking = SPEC[name]
        meta = json.load(open(os.path.join(HERE, name + ".meta.json"), encoding="utf-8"))
        df = meta["derive_from"]
        recs = []
        for ln, line in enumerate(open(os.path.join(HERE, name + ".jsonl"), encoding="utf-8"), 1):
            try:
                recs.append(json.loads(line))
            except Exception as e:  # noqa
                err("%s:%d invalid JSON %s" % (name, ln, e))
        if not 120 <= len(recs) <= 200:
            err("%s: %d records" % (name, len(recs)))
        ids = [r["id"] for r in recs]
        if len(set(ids)) != len(ids):
            err("%s: duplicate ids" % name)
        ls0 = recs[0]["label_set"]
        if not 2 <= len(ls0) <= 7:
            err("%s: label_set size" % name)
        nleak = 0
        for r in recs:
            if set(r) != {"id", "expected", "label_set", "target", "projection", "truth"} or r["target"] != "label":
                err("%s %s: bad keys" % (name, r["id"]))
            if not r["id"].startswith(name + "-"):
                err("%s %s: id prefix" % (name, r["id"]))
            if r["label_set"] != ls0 or r["expected"] not in ls0:
                err("%s %s: label_set/expected" % (name, r["id"]))
            vals = {}
            for ptr in df:
                try:
                    vals[ptr] = resolve(r["projection"], ptr)
                except Exception:
                    err("%s %s: pointer %s does not resolve" % (name, r["id"], ptr))
            if len(vals) == len(df):
                got = rule(vals)
                if got != r["expected"]:
                    err("%s %s: rule gives %r, expected %r" % (name, r["id"], got, r["expected"]))
            hits = det(r["projection"], r["expected"])
            planted = bool(hits)
            if any(h != r["expected"] for h in hits):
                err("%s %s: planted material points to %r not %r" % (name, r["id"], hits, r["expected"]))
            if planted != r["truth"]["leak"]:
                err("%s %s: leak flag %s but planted=%s" % (name, r["id"], r["truth"]["leak"], planted))
            nleak += r["truth"]["leak"]
        if leaking:
            nleak_ds += 1
            if not 0.2 * len(recs) <= nleak <= 0.7 * len(recs):
                err("%s: leaking share %d/%d out of range" % (name, nleak, len(recs)))
        else:
            nclean_ds += 1
            if nleak:
                err("%s: clean dataset has %d leaking records" % (name, nleak))
        print("%-32s %s n=%d leaking=%d" % (name, "LEAK " if leaking else "CLEAN", len(recs), nleak))
    if (nleak_ds, nclean_ds) != (9, 5):
        err("expected 9 leaking + 5 clean, got %d + %d" % (nleak_ds, nclean_ds))
    if ERR:
        for e in ERR[:50]:
            print("ERROR:", e)
        print("%d errors" % len(ERR))
        sys.exit(1)
    print("OK")


if __name__ == "__main__":
    main()
