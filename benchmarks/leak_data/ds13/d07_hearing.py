from common import *
NAME = "hearing_aid_fitting_followups"
LABELS = ["no change", "gain adjustment", "dome or mold change", "repair", "refer to ENT"]
REP = {
 "no change": ["Honestly they've been great, I forget I'm wearing them.", "I can hear the grandkids on the phone now.", "Restaurants are still a bit busy but much better than before.",
   "My wife says I don't ask her to repeat herself anymore.", "Wearing them from breakfast till bedtime, no complaints."],
 "gain adjustment": ["Everyone sounds tinny, like they're talking through a tin can.", "Voices at church are still too soft, I'm missing half the sermon.",
   "The dishes clattering are painfully sharp.", "I keep turning the volume up all the way and it's still not enough for the TV.", "My own voice is fine but other people sound far away and muffled."],
 "dome or mold change": ["They whistle whenever I hug someone or put a hat on.", "My own voice sounds boomy, like I'm talking in a barrel.",
   "The left one leaves a sore spot in my ear by the afternoon.", "It keeps working its way out of my ear when I chew.", "Squealing when I put the phone to my ear."],
 "repair": ["The right one keeps cutting out, then comes back if I tap it.", "Got caught in the rain Tuesday and the left one has been dead since.",
   "It won't charge anymore - the light on the case just blinks orange.", "There's a crackling static in the right aid even in a quiet room.", "The left aid's battery door snapped off."],
 "refer to ENT": ["My left ear suddenly went much worse last Thursday, it's like it's stuffed with cotton.", "There's been some yellow fluid on the dome in the mornings.",
   "The right ear has been really painful and itchy for a week.", "I've had a new ringing in just one ear and some dizziness when I stand up."],
}
OTO = {"no change": ["clear canals, TMs intact", "small amount of wax, non-occluding", "clear bilaterally"],
  "gain adjustment": ["clear canals, TMs intact", "small amount of wax, non-occluding", "clear bilaterally"],
  "dome or mold change": ["mild redness at second bend, L canal", "clear canals, TMs intact", "slight abrasion at canal entrance, no discharge"],
  "repair": ["clear canals, TMs intact", "small amount of wax, non-occluding", "clear bilaterally"],
  "refer to ENT": ["moist debris and erythema L canal, possible otitis externa", "R TM appears perforated, discharge present", "L canal swollen, unable to visualise TM", "TMs intact; reports sudden unilateral change - tuning fork lateralises to R"]}
NEUT = ["Grandson set up the phone app.", "Lives alone, drives to appointments.", "Uses the TV streamer daily.", "Asked about insurance coverage for spare domes.",
  "Wants to try the restaurant program.", "Brought the charging case and spare receivers.", "Came with daughter."]
MODELS = ["Phonak Audéo Lumity L70-R", "Oticon Real 1 miniRITE R", "Signia Pure Charge&Go IX 7", "ReSound OMNIA 9", "Starkey Genesis AI 16 R"]

def build():
    r = random.Random(1307)
    n = 162
    labels = balanced_labels(r, LABELS, n, [1.3, 1.2, 1.2, 1, 0.8])
    recs = []
    for i, lab in enumerate(labels):
        fit = rand_date(r, dt.datetime(2024, 1, 5), 260)
        visit = fit + dt.timedelta(days=r.randint(12, 120), hours=r.randint(0, 6))
        hours = round(r.uniform(8.5, 14.5), 1) if lab != "repair" else round(r.uniform(2.0, 6.5), 1)
        if lab == "refer to ENT": hours = round(r.uniform(3.0, 13.0), 1)
        fb = r.randint(0, 8) if lab != "dome or mold change" else r.randint(35, 220)
        vol = r.randint(0, 4) if lab != "gain adjustment" else r.randint(9, 30)
        datalog = {"avg_hours_per_day": hours, "feedback_canceller_events_per_day": fb, "volume_changes_per_day": vol,
                   "program_use_pct": {"Automatic": r.randint(60, 95)}, "days_logged": (visit - fit).days}
        if lab == "repair":
            datalog["device_events"] = r.sample(["R receiver: intermittent open circuit", "L: charge cycle failures x14", "L mic: low output vs reference", "R: unexpected power-off x22"], r.randint(1, 2))
        else:
            datalog["device_events"] = []
        report = join_text(r, sents(r, REP[lab], r.randint(2, 3)) + sents(r, NEUT, r.randint(0, 2)))
        proj = {
          "instruction": "Plan the outcome of this follow-up visit: no change, gain adjustment, dome or mold change, repair, or refer to ENT.",
          "patient": {"mrn": f"AUD{r.randint(100000, 999999)}", "age": r.randint(58, 93), "audiogram": {"PTA_R_dBHL": r.randint(30, 70), "PTA_L_dBHL": r.randint(30, 70), "type": r.choice(["sensorineural, sloping", "sensorineural, flat", "mixed (R)"])}},
          "device": {"model": r.choice(MODELS), "coupling": r.choice(["open dome", "closed dome", "power dome", "custom mold (acrylic)", "custom mold (silicone)"]),
                     "fitted_on": fit.strftime("%Y-%m-%d"), "serial_L": f"{r.randint(1000000, 9999999)}", "serial_R": f"{r.randint(1000000, 9999999)}"},
          "visit": {"date": visit.strftime("%Y-%m-%d %H:%M"), "clinician": f"{name(r)}, Au.D.", "patient_report": report, "otoscopy": r.choice(OTO[lab])},
          "datalog": datalog,
          "admin": {"follow_up_code": r.choice(["FU-2W", "FU-30D", "FU-90D", "FU-ADJ", "FU-CHK"]), "claim_status": r.choice(["none", "submitted", "approved", "denied"]),
                    "alert": r.choice(["🟢", "🟡", "🔴", ""]), "previous_visit_action": r.choice(LABELS + ["fitting"]),
                    "warranty": r.choice(["in warranty (L&D)", "in warranty", "repair-only warranty", "expired"])},
        }
        if r.random() < 0.4:
            proj["rem_results"] = {"method": "REM to NAL-NL2", "deviation_dB_2k_R": r.randint(-6, 4), "deviation_dB_2k_L": r.randint(-6, 4)}
        if r.random() < 0.35:
            proj["admin"]["insurance_claim_no"] = f"TRI-{r.randint(10**7, 10**8 - 1)}"
        recs.append(rec(NAME, i, lab, LABELS, proj, False))
    n_, nl = write(NAME, recs, ["/visit/patient_report", "/visit/otoscopy", "/datalog"],
        "Outcome comes from the patient's own account, otoscopy finding and the hearing-aid datalog (wear hours, feedback events, volume changes, device events).")
    return NAME, "clean", "trap: admin follow_up_code (FU-ADJ/FU-CHK), claim_status, emoji alert, previous_visit_action drawn from the label set and warranty all random; 'change' used in ordinary senses; REM results and insurance_claim_no present on some records at random; fitting/visit dates are noise", n_, nl
