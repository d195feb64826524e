from common import *
NAME = "scuba_divelog_certification_checks"
LABELS = ["approve", "insufficient dives", "missing specialty", "medical hold"]
SITES = ["Blue Hole, Dahab", "Shark & Yolanda Reef", "Casino Point, Catalina", "Vortex Spring", "Molasses Reef", "Cozumel - Palancar Gardens", "Dutch Springs quarry",
         "Stoney Cove", "Barracuda Point, Sipadan", "USS Kittiwake", "Lake Minnewanka", "Silfra fissure", "Gili Trawangan - Shark Point", "Vandenberg wreck"]
COMMENTS = ["Hope everything is in order - I logged the last few dives on paper and typed them up.", "Please approve quickly if possible, my internship starts next month!",
  "My instructor said to attach my computer export too.", "Some early dives were in a quarry in winter, hence the drysuit.", "Let me know if anything is missing.",
  "I had a long break in 2022 but did a refresher.", "The medical was signed at the clinic near my office."]

def build():
    r = random.Random(1313)
    n = 160
    target = balanced_labels(r, LABELS, n, [1.5, 1, 1, 0.9])
    recs = []
    while len(recs) < n:
        want = target[len(recs)]
        app_date = rand_date(r, dt.datetime(2024, 2, 1), 280).date()
        total = r.choice([r.randint(38, 59), r.randint(60, 180)])
        has_night = r.random() < 0.8; has_deep = r.random() < 0.8; has_nav = r.random() < 0.85
        med_date = app_date - dt.timedelta(days=r.choice([r.randint(10, 360), r.randint(10, 300), r.randint(380, 800)]))
        yes_answer = r.random() < 0.3
        signoff = yes_answer and r.random() < 0.6
        med_ok = (app_date - med_date).days <= 365 and (not yes_answer or signoff)
        if not med_ok: lab = "medical hold"
        elif total < 60: lab = "insufficient dives"
        elif not (has_night and has_deep and has_nav): lab = "missing specialty"
        else: lab = "approve"
        if lab != want: continue
        # build log excerpt: recent 10-14 dives
        k = r.randint(10, 14)
        dives = []
        d0 = app_date - dt.timedelta(days=r.randint(200, 700))
        specials = []
        if has_night: specials.append("night")
        if has_deep: specials.append("deep")
        if has_nav: specials.append("nav")
        slots = r.sample(range(k), len(specials))
        for j in range(k):
            d0 = d0 + dt.timedelta(days=r.randint(1, 40))
            kind = None
            for s, sl in zip(specials, slots):
                if sl == j: kind = s
            hr = r.randint(7, 16) if kind != "night" else r.choice([20, 21, 22])
            entry = dt.datetime.combine(d0, dt.time(hr, r.randint(0, 59)))
            depth = round(r.uniform(8, 24), 1) if kind != "deep" else round(r.uniform(30.5, 39.5), 1)
            dur = r.randint(28, 62)
            note = r.choice(["", "Good vis ~15m", "Surge at the exit", "Turtle at the safety stop", "Buddy low on air, turned early", "Cold thermocline at 18m", "Drift, picked up by boat"])
            if kind == "nav": note = r.choice(["Compass square pattern + natural navigation exercise", "U/W navigation: reciprocal heading and kick-cycle distance", "Navigated out-and-back by compass to the anchor"])
            dives.append({"no": total - k + j + 1, "date": d0.isoformat(), "site": r.choice(SITES), "entry_time": entry.strftime("%H:%M"), "bottom_time_min": dur,
                          "max_depth_m": depth, "notes": note, "verified_by": r.choice(["instructor sig", "buddy sig", "computer", "none"])})
        medical = {"form": "RSTC Diver Medical Questionnaire", "signed_on": med_date.isoformat(), "any_yes_answers": yes_answer}
        if yes_answer:
            medical["yes_items"] = r.sample(["asthma (childhood)", "blood pressure medication", "ear surgery", "migraine"], 1)
            if signoff: medical["physician_signoff"] = {"name": "Dr. " + name(r), "date": (med_date + dt.timedelta(days=r.randint(2, 20))).isoformat(), "fit_to_dive": True}
        proj = {
          "instruction": "Check this Divemaster-course application. Requirements: at least 60 logged dives; at least one night dive (entry at or after 19:30), one deep dive (>30 m) and one navigation dive in the log; medical questionnaire signed within 12 months of the application date, with physician sign-off if any answer is yes. Answer approve, insufficient dives, missing specialty, or medical hold (medical issues first, then dive count, then specialties).",
          "application": {"app_id": f"DM-{r.randint(10000, 99999)}", "applied_on": app_date.isoformat(), "candidate": name(r), "current_cert": r.choice(["Rescue Diver", "Rescue Diver + EFR"]),
                          "total_logged_dives": total, "comment": r.choice(COMMENTS)},
          "dive_log_recent": dives,
          "dive_log_note": f"Excerpt: most recent {k} of {total} dives. Earlier dives were shallow (<20 m), daytime training and fun dives.",
          "medical": medical,
          "shop": {"computer_sync_status": r.choice(["OK", "WARN - clock drift", "FAIL - partial import", "not uploaded"]), "instructor_flag": r.choice(["🟢", "🟡", "🔴", None]),
                   "previous_application_status": r.choice(["approved", "rejected", "withdrawn", None]), "insurance": r.choice(["DAN Master", "DAN Preferred", "none on file"])},
        }
        if r.random() < 0.4: proj["shop"]["computer_model"] = r.choice(["Shearwater Peregrine", "Suunto D5", "Garmin Descent Mk2i", "Mares Puck Pro"])
        recs.append(rec(NAME, len(recs), lab, LABELS, proj, False))
    n_, nl = write(NAME, recs, ["/application/applied_on", "/application/total_logged_dives", "/dive_log_recent", "/medical"],
        "Check dive count, night/deep/nav dives (entry times, depths, nav notes) in the recent-log excerpt, and medical date / yes-answers / sign-off vs application date.")
    return NAME, "clean", "trap: entry times, depths, dates and durations are the real signal; shop computer_sync_status, instructor_flag emoji and previous_application_status (approved/rejected) random; applicant comment says 'please approve'; physician_signoff / yes_items present only when a yes answer exists (legit)", n_, nl
