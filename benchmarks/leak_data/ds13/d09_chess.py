from common import *
NAME = "chess_federation_kfactor_appeals"
LABELS = ["10", "20", "40"]
FEDS = ["ENG", "IND", "GER", "ESP", "USA", "NOR", "POL", "NED", "ARM", "PHI", "NGR", "CAN", "AUS", "FRA"]
APPEAL = ["I believe the K-factor applied to my {p} games was wrong, it should be {k}.", "My rating change for {p} looks far too large for the number of games I played. Please check which K applies.",
  "The tournament in {p} was rated with K={k} but I don't think that is correct under the rules.", "Please recalculate my {p} rating; my coach says my K should have been {k}.",
  "I am appealing the rating change published for {p}. I think the organiser reported my games with the wrong development coefficient.",
  "Could the Qualification Commission confirm the correct K-factor for me for {p}? Thank you."]
EVENTS = ["{c} Open", "{c} Rapidplay-excluded Standard Congress", "{c} Chess Festival", "{c} League Div 1", "{c} Masters", "{c} Junior Championship", "{c} Summer Swiss"]
CITIES = ["Hastings", "Pune", "Dortmund", "Sitges", "Philadelphia", "Fagernes", "Wroclaw", "Hoogeveen", "Yerevan", "Manila", "Lagos", "Toronto", "Ballarat", "Cappelle"]

def build():
    r = random.Random(1309)
    n = 150
    recs = []
    target = balanced_labels(r, LABELS, n)
    i = 0
    while len(recs) < n:
        want = target[len(recs)]
        period_y = r.choice([2023, 2024]); period_m = r.randint(1, 12)
        period = f"{period_y}-{period_m:02d}"
        birth = r.randint(1958, 2013)
        age_rule_ok = period_y <= birth + 18
        # generate history
        prior_games = r.choice([0, 0, 4, 9, 15, 22, 40, 85, 160, 310, 600])
        months = r.randint(4, 10)
        rating = r.randint(1450, 2480)
        peak = rating + r.choice([0, 0, 0, 15, 40, 80])
        hist = []
        y, m = period_y, period_m
        games_total = prior_games
        for k in range(months):
            m -= 1
            if m == 0: y -= 1; m = 12
            g = r.choice([0, 0, 5, 7, 9])
            rt = max(1400, rating + r.randint(-40, 40))
            hist.append({"period": f"{y}-{m:02d}", "rating": rt, "games": g})
            games_total += g
            peak = max(peak, rt)
        hist.reverse()
        cur = hist[-1]["rating"]
        # compute label per FIDE rating regulations (2014+)
        if games_total < 30: lab = "40"
        elif age_rule_ok and cur < 2300: lab = "40"
        elif peak >= 2400: lab = "10"
        else: lab = "20"
        if lab != want: continue
        dispute_games = r.choice([5, 7, 9, 11])
        ev = r.choice(EVENTS).format(c=r.choice(CITIES))
        proj = {
          "instruction": "A player disputes the development coefficient used for a rating period. Using FIDE Rating Regulations (K=40 until 30 rated games are completed, and for players up to the end of the year of their 18th birthday while their rating is under 2300; K=20 while rating remains under 2400; K=10 once a published rating has reached 2400, permanently), state the correct K for the disputed period: 10, 20 or 40.",
          "appeal": {"case_no": f"QC-{period_y}-{r.randint(100, 999)}", "received": (dt.date(period_y, period_m, 1) + dt.timedelta(days=r.randint(20, 75))).isoformat(),
                     "text": r.choice(APPEAL).format(p=period, k=r.choice(LABELS)), "status": r.choice(["received", "under review", "awaiting federation reply"])},
          "player": {"fide_id": r.randint(1000000, 99999999), "name": name(r), "federation": r.choice(FEDS), "birth_year": birth, "sex": r.choice(["M", "F"]),
                     "title": r.choice([None, None, None, "CM", "WCM", "AIM"]) },
          "rating_profile": {"rated_games_before_history": prior_games, "history": hist, "peak_published": {"rating": peak}},
          "disputed_period": {"period": period, "event": ev, "games": dispute_games, "k_applied_by_organiser": int(r.choice(LABELS)),
                              "rating_change": round(r.uniform(-35, 35), 1), "arbiter_flag": r.choice(["none", "late report", "pairing check", "tiebreak query"])},
        }
        recs.append(rec(NAME, len(recs), lab, LABELS, proj, False))
    n_, nl = write(NAME, recs, ["/player/birth_year", "/rating_profile", "/disputed_period/period"],
        "Correct K is computed from birth year vs disputed period, cumulative rated games (prior + history), current and peak published rating.")
    return NAME, "clean", "numeric labels; trap: k_applied_by_organiser and the K the player claims in the appeal text are random members of the label set; numbers 10/20/40 appear incidentally (games, ratings, dates); periods/dates are signal", n_, nl
