from common import *
NAME = "rideshare_deactivation_appeals"
LABELS = ["reinstate", "reinstate with conditions", "uphold deactivation"]
CASES = {
 "reinstate": [
   ("REAL_TIME_ID_MISMATCH", "Manual photo review by Trust & Safety: selfie and licence photo are the same person (new glasses, beard shaved). Licence valid through 2027.",
    ["I shaved my beard for my sister's wedding and got new glasses the same week, that's why the selfie didn't match.",
     "I have been driving for {y} years with a {rt} rating and never had an issue, I uploaded my licence again yesterday.",
     "Please look at the photos again, it is me. I am the only person who uses this account."]),
   ("SAFETY_REPORT", "Rider alleged unsafe driving on trip {t}. Dashcam footage submitted by driver and telematics show speed within limits, no hard braking; rider's account flagged for 3 prior false reports.",
    ["The rider was angry because I would not take 5 people in a 4 seat car.",
     "I have dashcam video of the whole trip and I uploaded it to the appeal form, you can see I was driving normally.",
     "I think the complaint was retaliation, he threatened to report me when I refused."]),
   ("BACKGROUND_CHECK", "Checkr report returned a 2019 conviction. Adjudication: record belongs to a different individual with the same name; DOB and SSN trace do not match driver.",
    ["I have never been convicted of anything, there must be someone else with my name.",
     "I got a copy of my own state record and it is clean, attached.",
     "My cousin has the same name as me and lives in the same county, maybe that's the mix-up."])],
 "reinstate with conditions": [
   ("LOW_RATING", "Rolling rating {rt} over last 500 trips, below city minimum 4.60. Comments mention cleanliness and phone use while driving. No safety incidents.",
    ["I know my rating dropped, I was going through a hard time and the car was not clean enough.",
     "I am willing to do any course you want, I already got the car detailed.",
     "I will stop taking calls on the hands-free, I didn't know riders didn't like it."]),
   ("TELEMATICS_UNSAFE", "Telematics: 41 hard-braking and 17 speeding events (>15 mph over) in 30 days. No collisions, no rider injury reports.",
    ["I was driving a lot at night on the highway, maybe I went a bit fast sometimes.",
     "I can take a defensive driving class, I really need this income for my family.",
     "My phone mount was loose so the sensor maybe picked up wrong braking, but I will be more careful."]),
   ("CANCELLATION_RATE", "Driver cancellation rate 34% over 2 weeks vs. 15% threshold; pattern of cancelling airport trips after acceptance. Some cancellations coincide with app outage on {od}.",
    ["The app crashed many times that week and I had to cancel.",
     "I admit I cancelled some short airport rides, I did not know it was against the rules.",
     "I will follow the policy from now on, please give me one more chance."])],
 "uphold deactivation": [
   ("GPS_SPOOFING", "Mock-location app (Fake GPS Pro) detected on device on 6 occasions; 23 trips with route distance inflated >40% vs. map distance.",
    ["I don't know what a fake GPS app is, maybe my nephew installed something.",
     "The routes were long because of traffic and construction.",
     "I have done thousands of rides, this is not fair."]),
   ("ACCOUNT_SHARING", "Real-Time ID selfies on 4 separate days matched a different person (face match score 0.12-0.21); vehicle seen with a second driver in rider photos.",
    ["My brother only drove a few times when I was sick.",
     "I didn't know it was a big deal if family helps out.",
     "It was only for a week, I needed the car payment covered."]),
   ("SAFETY_REPORT_MULTIPLE", "Three independent rider reports (different riders, different weeks) of sexual comments; one corroborated by in-app audio recording.",
    ["These riders are lying, I am a professional.",
     "I was just being friendly, I make conversation with everybody.",
     "I never touched anyone, I want to see the evidence."])],
}
CITIES = ["Chicago", "Houston", "Phoenix", "Atlanta", "Denver", "Philadelphia", "San Diego", "Seattle", "Tampa", "Columbus"]
FILLER = ["I drive full time and this is my only income.", "I have two kids and rent due on the 1st.",
  "I've been on the platform since {ys}.", "Please reply to this email, the phone support keeps hanging up.",
  "I already sent this appeal once through the app but got no answer.", "Thank you for reviewing my case."]
MACRO = {"reinstate": "DA-REACT-STD-01", "reinstate with conditions": "DA-REACT-COND-03", "uphold deactivation": "DA-UPHOLD-FINAL-02"}
QUEUE = {"reinstate": "reactivation-onboarding", "reinstate with conditions": "driver-ed-enrolment", "uphold deactivation": "permanent-removal-review"}
PROB = {"reinstate": (0.86, 0.97), "reinstate with conditions": (0.41, 0.62), "uphold deactivation": (0.02, 0.14)}
AUDIT = {"reinstate": {"action": "schedule_reactivation", "requires": []},
  "reinstate with conditions": {"action": "schedule_reactivation", "requires": ["defensive_driving_course", "90_day_probation"]},
  "uphold deactivation": {"action": "close_appeal", "requires": [], "reactivation_eligible": False}}
ES = {"reinstate": "Hola {n}, su cuenta ha sido reactivada. ¡Bienvenido de nuevo!",
  "reinstate with conditions": "Hola {n}, podrá volver a conducir una vez que complete el curso de manejo defensivo.",
  "uphold deactivation": "Hola {n}, tras revisar su apelación, la desactivación se mantiene de forma permanente."}

def build():
    r = random.Random(1303)
    n = 156
    labels = balanced_labels(r, LABELS, n)
    mask = leak_mask(r, n, 0.40)
    recs = []
    for i, lab in enumerate(labels):
        reason, ev, stmt = r.choice(CASES[lab])
        drv = name(r)
        rt = round(r.uniform(4.35, 4.58), 2) if reason == "LOW_RATING" else round(r.uniform(4.71, 4.97), 2)
        d = rand_date(r, dt.datetime(2024, 1, 10), 320)
        fill = [f.format(ys=r.randint(2015, 2022)) for f in sents(r, FILLER, r.randint(1, 3))]
        statement = join_text(r, [s.format(y=r.randint(2, 8), rt=rt) for s in sents(r, stmt, r.randint(2, 3))] + fill)
        proj = {
          "instruction": "Review the driver's appeal and recommend: reinstate, reinstate with conditions, or uphold deactivation.",
          "case": {"case_id": f"DA-{r.randint(100000, 999999)}", "city": r.choice(CITIES), "driver_uuid": f"{r.getrandbits(32):08x}-{r.getrandbits(16):04x}-4{r.getrandbits(12):03x}",
                   "deactivated_at": ts(d), "deactivation_reason": reason, "lifetime_trips": r.randint(300, 14000), "rating": rt,
                   "evidence_summary": ev.format(t=f"{r.getrandbits(40):010x}", rt=rt, od=(d - dt.timedelta(days=r.randint(3, 12))).strftime("%b %d"))},
          "appeal": {"submitted_at": ts(d + dt.timedelta(days=r.randint(1, 20), hours=r.randint(0, 20))), "channel": r.choice(["in-app form", "email", "Greenlight Hub visit"]),
                     "driver_statement": statement, "attachments": r.choice([[], ["licence_front.jpg"], ["dashcam_clip.mp4"], ["state_record.pdf", "id.jpg"]])},
          "ticket": {"assigned_queue": "appeals-intake", "macro_applied": None, "tags": r.sample(["appeal", "driver", "en", "escalated_by_hub", "repeat_contact"], 2)},
        }
        if mask[i]:
            for fm in r.sample(["macro", "queue", "model", "audit", "es"], r.choice([1, 2])):
                if fm == "macro": proj["ticket"]["macro_applied"] = MACRO[lab]
                elif fm == "queue": proj["ticket"]["assigned_queue"] = QUEUE[lab]
                elif fm == "model": proj["risk_service"] = {"model": "appeal-outcome-gbm-2024-03", "p_reactivate": round(r.uniform(*PROB[lab]), 3)}
                elif fm == "audit": proj["audit_log"] = [f"{ts(d)} agent_assist suggested_payload=\"{json.dumps(AUDIT[lab])}\""]
                elif fm == "es": proj["draft_reply"] = {"locale": "es-US", "body": ES[lab].format(n=drv.split()[0])}
        recs.append(rec(NAME, i, lab, LABELS, proj, mask[i]))
    n_, nl = write(NAME, recs, ["/appeal/driver_statement", "/case/deactivation_reason", "/case/evidence_summary"],
        "Outcome comes from the driver's free-text statement read against the deactivation reason and the Trust & Safety evidence summary.")
    return NAME, "leaking", "Zendesk macro name, queue name, upstream appeal-outcome model probability, escaped-JSON suggested action in an audit log string, Spanish draft reply paraphrase", n_, nl
