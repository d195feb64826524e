"""Self-check for the ds14 batch: JSON validity, counts, label coverage, and that truth.leak matches
the planted artefacts (each detector also decodes the artefact and checks it names the expected label)."""
import base64, html, json, os, quopri, re, urllib.parse, datetime as dt

def _ptr_get(obj, ptr):
    cur = obj
    for p in ptr.strip("/").split("/"):
        if isinstance(cur, dict) and p in cur:
            cur = cur[p]
        else:
            return None
    return cur

def _strip(obj, ptrs):
    obj = json.loads(json.dumps(obj))
    for ptr in ptrs:
        parts = ptr.strip("/").split("/")
        cur = obj
        for p in parts[:-1]:
            cur = cur.get(p, {}) if isinstance(cur, dict) else {}
        if isinstance(cur, dict):
            cur.pop(parts[-1], None)
    return obj

STAT = {"anticipation": "102", "obviousness": "103", "indefiniteness": "112b", "patent-ineligible subject matter": "101"}

def d_patent(p, exp):
    hits = []
    for w in p.get("file_wrapper", []):
        m = re.search(r"35USC(\w+)\.pdf", w["filename"])
        if m: hits.append(m.group(1) == STAT[exp])
    raw = p.get("docket_notification_raw")
    if raw:
        body = quopri.decodestring(raw.split("\n\n", 1)[1].encode()).decode()
        if "Primary ground" in body: hits.append(exp in body)
    return hits

def d_recall(p, exp):
    hits = []
    for u in p.get("links", []):
        q = urllib.parse.parse_qs(urllib.parse.urlparse(u).query)
        if "classification" in q: hits.append(q["classification"][0] == exp)
        if "cls" in q: hits.append({"1": "Class I", "2": "Class II", "3": "Class III"}[q["cls"][0]] == exp)
    h = p.get("health_hazard_evaluation")
    if h and h.get("conclusion"):
        c = h["conclusion"]
        got = "Class I" if "serious adverse health consequences or death" in c else "Class III" if ("not likely" in c or "No adverse" in c) else "Class II"
        hits.append(got == exp)
    return hits

def d_ev(p, exp):
    hits = []
    for l in p.get("ops_log", []):
        m = re.search(r"resolution_class=(\S+)", l)
        if m: hits.append(m.group(1) == exp)
    for f in p.get("ocpp_raw_frames", []):
        fr = json.loads(bytes.fromhex(f["hex"]).decode())
        if fr[2] == "DataTransfer": hits.append(json.loads(fr[3]["data"])["rc"] == exp)
    return hits

def d_seed(p, exp):
    hits = []
    em = {"\U0001F7E6": "A", "\U0001F7E9": "B", "\U0001F7E8": "C", "\U0001F7E5": "REJ"}
    for c in p.get("chat_notifications", []):
        for k, v in em.items():
            if k in c["text"]: hits.append(v == exp)
    t = p.get("tag_print_job")
    if t: hits.append({"blue": "A", "green": "B", "yellow": "C"}[t["stock"].split(", ")[1].split()[0]] == exp)
    le = p.get("lims_export")
    if le:
        j = json.loads(base64.b64decode(le["data"]))
        if "grade" in j: hits.append(j["grade"] == exp)
    c = p.get("certificate")
    if c:
        a = dt.date.fromisoformat(c["issued"]); b = dt.date.fromisoformat(c["valid_until"])
        months = (b.year - a.year) * 12 + b.month - a.month
        hits.append({12: "A", 9: "B", 6: "C", 0: "REJ"}[months] == exp)
    return hits

def d_evict(p, exp):
    hits = []
    hd = p["case"]["hearing"]["date"]
    for e in p["docket"]:
        if e["date"] > hd: hits.append(True)
    for n in p.get("tenant_notices", []):
        if n["mailed"] > hd:
            key = {"desestimado por": "dismissed", "a favor del arrendador": "judgment for plaintiff", "en rebeldía": "default judgment", "acuerdo": "stipulated settlement"}
            got = [v for k, v in key.items() if k in n["text"]]
            hits.append(got[0] == exp)
    return hits

def d_prescreen(p, exp):
    hits = []
    pa = p.get("prescreen_assistant")
    if pa and pa.get("summary"):
        s = pa["summary"]
        got = "ineligible" if ("Excluded" in s or "Hard stop" in s) else "needs PI review" if ("investigator" in s) else "eligible"
        hits.append(got == exp)
    h = p.get("inbasket_export_html")
    if h and "Screening result" in h:
        t = html.unescape(h)
        got = "needs PI review" if "Needs PI review" in t else "ineligible" if "Ineligible" in t else "eligible"
        hits.append(got == exp)
    return hits

RATE = {0.176: "42", 0.282: "61", 0.197: "62", 0.375: "64", 0.0: "95"}
def d_customs(p, exp):
    hits = []
    m = re.search(r"(?:CH(\d\d))|(?:^\d\d-(\d\d)-)", p["broker"]["file_ref"])
    if m: hits.append((m.group(1) or m.group(2)) == exp)
    s = p["ace_entry_summary"]
    if s.get("duty_usd") is not None:
        rate = round(s["duty_usd"] / s["entered_value_usd"], 3)
        hits.append(RATE[rate] == exp)
    return hits

def d_jobs(p, exp):
    hits = []
    st = {"Phone Screen": "advance to phone screen", "Rejected": "reject", "Talent Pool – Hold": "hold for other req"}
    for h in p["ats_webhook_log"]:
        j = json.loads(h["payload"])
        if h["event"] == "candidate.stage_changed": hits.append(st[j["to"]] == exp)
    md = p.get("recruiter_board_md", "")
    for row in md.splitlines():
        if row.startswith(f"| {p['candidate']['name']} |"):
            hits.append(st[row.split("|")[2].strip()] == exp)
    return hits

def d_meter(p, exp):
    hits = []
    t = {"REVPROT-INV": "suspected tamper", "MTR-EXCH": "meter fault", "BILL-ADJ-EST": "estimated read error", "CUST-EDU-NOACT": "valid high usage"}
    x = p.get("wo_service_response")
    if x:
        m = re.search(r"<TypeCode>(.*?)</TypeCode>", x).group(1)
        if m in t: hits.append(t[m] == exp)
    c = {"UNB-DIV": "suspected tamper", "RBL-MTRF": "meter fault", "RBL-EST": "estimated read error", "NOADJ": "valid high usage"}
    for row in p.get("billing_adjustments_csv", "").splitlines()[1:]:
        code = row.split(",")[2]
        if code in c: hits.append(c[code] == exp)
    return hits

DET = {"patent_rejection_ground": d_patent, "food_recall_class": d_recall, "ev_charger_fault": d_ev, "seed_lot_grade": d_seed,
       "eviction_disposition": d_evict, "trial_prescreen": d_prescreen, "customs_hs_chapter": d_customs, "job_screen": d_jobs,
       "meter_read_exception": d_meter}

def _naive(p, meta, labels):
    """Naive substring auditor on the non-derive part: returns labels found (longest first)."""
    txt = json.dumps(_strip(p, [d for d in meta["derive_from"] if d.startswith("/")]), ensure_ascii=False).lower()
    return [l for l in sorted(labels, key=len, reverse=True) if re.search(r"(?<![a-z0-9])" + re.escape(l.lower()) + r"(?![a-z0-9])", txt)]

def run(out, plan):
    ok = True
    tot = 0
    for name, kind in plan:
        meta = json.load(open(os.path.join(out, name + ".meta.json")))
        recs = [json.loads(l) for l in open(os.path.join(out, name + ".jsonl"), encoding="utf-8")]
        n = len(recs); tot += n
        errs = []
        if not 120 <= n <= 200: errs.append(f"count {n}")
        labels = recs[0]["label_set"]
        if not 2 <= len(labels) <= 6: errs.append("label_set size")
        if set(r["expected"] for r in recs) != set(labels): errs.append("not all labels used")
        ids = [r["id"] for r in recs]
        if len(set(ids)) != n or ids[0] != f"{name}-0001": errs.append("ids")
        for r in recs:
            if set(r) != {"id", "expected", "label_set", "target", "projection", "truth"} or r["target"] != "label": errs.append("keys " + r["id"]); break
            if r["expected"] not in r["label_set"] or r["label_set"] != labels: errs.append("label " + r["id"]); break
        for ptr in meta["derive_from"]:
            if ptr.startswith("/") and not any(_ptr_get(r["projection"], ptr) is not None for r in recs):
                errs.append("derive_from pointer never present: " + ptr)
        nl = sum(r["truth"]["leak"] for r in recs)
        if kind == "clean" and nl: errs.append("clean dataset has leak flags")
        if kind == "leaking":
            frac = nl / n
            if not (0.3 <= frac <= 0.7 or frac == 1.0): errs.append(f"leak fraction {frac:.2f}")
            det = DET[name]
            bad = 0
            for r in recs:
                hits = det(r["projection"], r["expected"])
                if bool(hits) != r["truth"]["leak"] or not all(hits):
                    bad += 1
                    if bad < 4: errs.append(f"detector mismatch {r['id']} hits={hits} truth={r['truth']['leak']}")
        # naive-auditor stats (info only)
        nh = [bool(_naive(r["projection"], meta, labels)) for r in recs]
        acc = sum(1 for r in recs if _naive(r["projection"], meta, labels)[:1] == [r["expected"]]) / n
        print(f"{name:28s} {kind:8s} n={n:3d} leak={nl:3d} labels={len(labels)} naive_label_word_hits={sum(nh):3d} naive_first_hit_acc={acc:.2f} {'OK' if not errs else errs}")
        ok &= not errs
    print("TOTAL records", tot, "ALL OK" if ok else "FAILURES")
    return ok
