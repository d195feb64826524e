#!/usr/bin/env python3
"""Self-check: JSON validity, counts, label coverage, truth flags vs. planted leak artefacts."""
import json, glob, os, base64, binascii, re, html, quopri, urllib.parse
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
COL = {"#00B050": "VFR", "#0070FF": "MVFR", "#E00000": "IFR", "#C000C0": "LIFR"}
CW = {"green": "VFR", "blue": "MVFR", "red": "IFR", "magenta": "LIFR"}


def icd_manner(c):
    if c[0] in "IJKCE": return "Natural"
    if c[0] == "V" or c[0] == "W": return "Accident"
    n = int(c[1:3])
    if c[0] == "X":
        return "Accident" if n < 60 else "Suicide" if n <= 84 else "Homicide"
    if c[0] == "Y":
        return "Homicide" if n <= 9 else "Undetermined" if n <= 34 else None


def decode(name, p):
    """Return set of labels exposed by planted artefacts (outside derive_from)."""
    got = set()
    if name == "metar_flight_category":
        for f in p["briefing_tool"]["map_layer"].get("features", []):
            got.add(COL[f["marker"]["fill"]])
        for a in p["briefing_tool"]["assets"]:
            m = re.search(r"_(green|blue|red|magenta)_", a)
            if m: got.add(CW[m.group(1)])
    elif name == "sailing_protest_decisions":
        t = p.get("tool_outputs", {})
        for m in t.get("race_office_mailbox", {}).get("messages", []):
            body = quopri.decodestring(m["body"].encode()).decode()
            mm = re.search(r"is (upheld|dismissed|invalid|withdrawn)", body)
            if mm: got.add(mm.group(1))
        if "results_board" in t and "DSQ" in t["results_board"]["table"]:
            got.add("upheld")
    elif name == "death_manner_certification":
        ls = p["linked_systems"]
        if "nchs_mortality_coding" in ls: got.add(icd_manner(ls["nchs_mortality_coding"]["underlying_cause"]))
        for f in ls.get("document_store", {}).get("files", []):
            ab = f.split("/")[3]
            got.add({"NAT": "Natural", "ACC": "Accident", "SUI": "Suicide", "HOM": "Homicide", "UND": "Undetermined"}[ab])
    elif name == "ballast_water_compliance":
        for g in p["gateway_messages"]:
            s = ""
            if "payload_b64" in g: s = base64.b64decode(g["payload_b64"]).decode()
            if "raw_hex" in g: s = binascii.unhexlify(g["raw_hex"]).decode()
            m = re.search(r"(NONCOMPLIANT|COMPLIANT|EXEMPT)", s)
            if m: got.add({"NONCOMPLIANT": "non-compliant", "COMPLIANT": "compliant", "EXEMPT": "exempt"}[m.group(1)])
    elif name == "credit_transfer_evaluation":
        t = p.get("tes_lookup", {}).get("maps_to")
        if t:
            got.add("no credit" if t.startswith(("NOCR", "TRNS")) else "general elective" if t.startswith("ELEC") else "departmental elective" if "XX" in t else "direct equivalent")
        memo = p.get("credential_evaluator", {}).get("memo", "")
        for k, v in (("directa", "direct equivalent"), ("directe", "direct equivalent"), ("del departamento", "departmental elective"), ("du département", "departmental elective"),
                     ("optativa libre", "general elective"), ("hors programme", "general elective"), ("no se reconocen", "no credit"), ("aucun crédit", "no credit")):
            if k in memo and "pendiente" not in memo and "attente" not in memo: got.add(v)
    elif name == "wildlife_rehab_disposition":
        for k, v in (("release", "released"), ("transfer_manifest", "transferred"), ("controlled_substance_log", "euthanized"), ("necropsy_submission", "died in care")):
            if k in p: got.add(v)
        for l in p["audit_log"]:
            m = re.search(r"disposition_cd old=null new=(\w)", l)
            if m: got.add({"R": "released", "T": "transferred", "E": "euthanized", "D": "died in care"}[m.group(1)])
    elif name == "obd_emissions_inspection":
        u = p["lane"].get("printer_job", {}).get("url", "")
        m = re.search(r"result=(\w+)", urllib.parse.unquote(u))
        if m: got.add(m.group(1))
        if "pos_receipt" in p:
            fees = {"Adams": (18.50, 7.00), "Jefferson": (18.50, 7.00), "Boulder": (24.00, 5.50), "Larimer": (24.00, 5.50), "Weld": (21.25, 6.25)}
            tf, cf = fees[p["pos_receipt"]["county"]]; a = float(p["pos_receipt"]["total_charged"])
            got.add("PASS" if abs(a - tf - cf) < .01 else "FAIL" if abs(a - tf) < .01 else "REJECT")
    elif name == "census_address_canvass":
        sc = p.get("admin_records_model", {}).get("scores")
        if sc:
            got.add({"occ": "occupied", "vac": "vacant", "nonres": "nonresidential", "del": "delete"}[max(sc, key=sc.get)])
        h = p.get("qc_review_html")
        if h:
            v = re.search(r"Final&nbsp;status</td><td>(.*?)</td>", h).group(1)
            v = html.unescape(v)
            if v in ("occupied", "vacant", "nonresidential", "delete"): got.add(v)
    elif name == "geocache_listing_review":
        for m in p.get("reviewer_chat", {}).get("messages", []):
            for r in m.get("reactions", []):
                e = {"✅": "publish", "🔧": "request changes", "⛔": "decline"}.get(r["emoji"])
                if e: got.add(e)
        if "webhook_event" in p:
            st = json.loads(p["webhook_event"])["state"]
            e = {"published": "publish", "owner_action_required": "request changes", "retracted": "decline"}.get(st)
            if e: got.add(e)
    return got


def resolve(obj, ptr):
    for part in ptr.strip("/").split("/"):
        if isinstance(obj, dict) and part in obj: obj = obj[part]
        else: return False
    return True


ok = True
tot = 0
for fn in sorted(glob.glob(os.path.join(HERE, "*.jsonl"))):
    name = os.path.basename(fn)[:-6]
    meta = json.load(open(os.path.join(HERE, name + ".meta.json")))
    recs = [json.loads(l) for l in open(fn, encoding="utf-8")]
    tot += len(recs)
    ids = [r["id"] for r in recs]
    assert len(set(ids)) == len(ids)
    assert 120 <= len(recs) <= 200, name
    ls = recs[0]["label_set"]
    cnt = Counter(json.dumps(r["expected"]) for r in recs)
    missing = [l for l in ls if json.dumps(l) not in cnt]
    bad = 0
    for r in recs:
        assert r["label_set"] == ls and r["expected"] in ls and r["target"] == "label"
        got = decode(name, r["projection"])
        if r["truth"]["leak"]:
            if got != {r["expected"]}: bad += 1; print("  leak mismatch", r["id"], got, r["expected"])
        else:
            if r["expected"] in got: bad += 1; print("  unflagged leak", r["id"], got)
    res = [sum(resolve(r["projection"], p) for r in recs) for p in meta["derive_from"]]
    nl = sum(r["truth"]["leak"] for r in recs)
    print(f"{name:30s} n={len(recs)} leak={nl} ({nl / len(recs):.0%}) labels={dict(cnt)} missing={missing} bad={bad} derive_resolve={res}")
    ok &= not missing and bad == 0
print("TOTAL", tot, "OK" if ok else "PROBLEMS")
