from common import *
NAME = "telescope_time_allocation"
LABELS = ["A", "B", "C", "D"]
TOPICS = [("Kinematics of ultra-diffuse galaxies in the Coma cluster", "IFU spectroscopy of 12 UDGs to measure stellar velocity dispersions and constrain dark matter fractions."),
  ("Rapid follow-up of kilonova candidates from O4", "Target-of-opportunity NIR imaging and spectroscopy of gravitational-wave counterparts within 24 h of alert."),
  ("Atmospheric escape in young mini-Neptunes", "Transit spectroscopy of the He I 10830 A triplet for four planets around stars younger than 500 Myr."),
  ("Metallicity gradients in z~2 lensed galaxies", "Adaptive-optics assisted spectroscopy of 6 strongly lensed star-forming galaxies."),
  ("Spin periods of near-Earth asteroids", "Time-series photometry of 40 sub-km NEAs discovered in the last two years."),
  ("Chemical tagging of halo streams", "High-resolution spectra of 60 giant stars in the GD-1 and Jhelum streams."),
  ("Circumbinary disk structure in post-AGB binaries", "Mid-IR interferometric-style imaging of 5 post-AGB systems to resolve inner rims."),
  ("Changing-look AGN monitoring", "Spectroscopic monitoring of 9 changing-look AGN over the semester to catch Balmer-line transitions.")]
REV = {
 "A": ["This is the most compelling proposal in my stack: a timely, well-posed question with a clear path to publication.",
   "Technically very solid; the team has demonstrated the method on a pilot target and the exposure calculations are conservative.",
   "Unique capability of this instrument; nothing else can do this in the next two years.", "Strongly recommend full allocation."],
 "B": ["Good science and a competent team, although the sample is somewhat small to support the headline claim.",
   "Feasible as proposed; some risk if seeing is worse than 0.8 arcsec but the team have a fallback.",
   "Would support, though not at the very top of my list.", "Well-motivated; the connection to existing surveys is clearly explained."],
 "C": ["Incremental relative to the PI's previous programme; would be useful as a poor-weather or filler programme.",
   "Science is fine but could largely be done on a 2-m class telescope.", "Justification is generic and the expected outcome is unclear.",
   "Low priority; I would support it only if time remains after the stronger programmes."],
 "D": ["Technically infeasible: at the requested dates the targets never rise above airmass 2.3 from this site.",
   "The requested S/N of 100 would need roughly four times the hours asked for; the ETC output appears to be for the wrong band.",
   "Essentially duplicates public archival data from 2021 that already answer this question.",
   "The proposal does not explain what will be learned that is not already known; I cannot recommend time."],
}
TECH = {"A": ["Feasible.", "Feasible; overheads correctly included."], "B": ["Feasible.", "Feasible with minor concerns on calibration overheads."],
        "C": ["Feasible.", "Feasible; would tolerate poor conditions."], "D": ["Not feasible as specified (visibility).", "ETC check fails: exposure underestimated x3-4.", "Feasible."]}
BAND = {"A": "Band 1", "B": "Band 2", "C": "Band 3", "D": "not queued"}
GRADE = {"A": (1.0, 1.5), "B": (1.6, 2.3), "C": (2.4, 3.1), "D": (3.4, 4.8)}
RANK = {"A": (1, 9), "B": (10, 24), "C": (25, 40), "D": (41, 70)}
FR = {"A": "Votre programme {p} a été classé en catégorie A et sera exécuté en priorité.",
  "B": "Votre programme {p} a été classé en catégorie B ; il sera exécuté si les conditions le permettent.",
  "C": "Votre programme {p} a été placé en catégorie C (programme de remplissage).",
  "D": "Nous regrettons de vous informer que votre programme {p} n'a pas été retenu ce semestre."}
INSTR = ["GMOS-N", "NIRES", "KCWI", "ESPaDOnS", "SPIRou", "MegaCam", "HIRES"]

def build():
    r = random.Random(1311)
    n = 128
    labels = balanced_labels(r, LABELS, n, [1, 1.4, 1.2, 1])
    mask = leak_mask(r, n, 0.30)
    recs = []
    for i, lab in enumerate(labels):
        sem = r.choice(["2025A", "2025B"])
        pid = f"{sem}-{r.randint(1, 180):03d}"
        title, abstract = r.choice(TOPICS)
        comments = []
        for k in range(r.randint(2, 3)):
            comments.append({"reviewer": f"R{k+1}", "text": " ".join(sents(r, REV[lab], r.randint(2, 3)))})
        proj = {
          "instruction": "Assign a TAC grade (A = highest priority, B, C = filler, D = not scheduled) based on the scientific case, reviewer comments and technical assessment.",
          "proposal": {"id": pid, "pi": name(r), "institution": r.choice(["Univ. of Hawaii", "UBC", "Université de Montréal", "Caltech", "UC Santa Cruz", "Univ. of Toronto", "IAP Paris", "Swinburne"]),
                       "title": title, "abstract": abstract, "instrument": r.choice(INSTR), "hours_requested": round(r.choice([3.5, 6, 8, 10.5, 14, 20, 24]), 1),
                       "moon": r.choice(["dark", "grey", "any"]), "seeing_req_arcsec": r.choice([0.6, 0.8, 1.0, "any"]), "ra_range_h": f"{r.randint(0, 20)}-{r.randint(1, 24)}",
                       "student_thesis": r.random() < 0.3},
          "reviews": comments,
          "technical_assessment": r.choice(TECH[lab]),
        }
        if mask[i]:
            for fm in r.sample(["band", "grade", "rank", "fr"], r.choice([1, 1, 2])):
                if fm == "band": proj["queue_planner"] = {"program": pid, "queue_band": BAND[lab], "hours_charged": proj["proposal"]["hours_requested"] if lab != "D" else 0}
                elif fm == "grade": proj["panel_scores"] = {"mean_grade": round(r.uniform(*GRADE[lab]), 2), "scale": "1.0 (outstanding) - 5.0 (poor)", "n_graders": r.randint(4, 7)}
                elif fm == "rank": proj["ops_note"] = json.dumps({"prog": pid, "tac_rank": r.randint(*RANK[lab]), "band1_cutoff": 9, "band2_cutoff": 24, "band3_cutoff": 40})
                elif fm == "fr": proj["pi_notification_draft"] = FR[lab].format(p=pid)
        recs.append(rec(NAME, i, lab, LABELS, proj, mask[i]))
    n_, nl = write(NAME, recs, ["/reviews", "/technical_assessment", "/proposal/abstract"],
        "Grade from the panel reviewers' free-text comments plus the technical feasibility check.")
    return NAME, "leaking", "letter-grade labels; queue band (Band 1/2/3/not queued), numeric panel mean_grade, TAC rank vs cutoffs inside a JSON string, French PI notification draft (contains 'catégorie A' or 'n'a pas été retenu')", n_, nl
