from common import *
NAME = "escape_room_booking_disputes"
LABELS = ["full refund", "partial refund", "reschedule credit", "deny"]
ROOMS = [("The Alchemist's Vault", 60), ("Submarine K-37", 60), ("Heist at the Hotel Meridian", 75), ("Grandma's Attic", 45), ("Asylum Ward 9", 60), ("Pharaoh's Curse", 60)]
MSG = {
 "cancel_early": ["Hi, we cancelled our booking on {c} through your website for the {s} slot - please refund.", "I had to cancel ({c}) because our plans changed, can I get my money back?"],
 "cancel_mid": ["We cancelled on {c} for our {s} game since a couple of people dropped out. Hoping for a refund.", "Cancelled on {c}, our group fell apart. What can you refund?"],
 "cancel_late_sick": ["Half our group came down with flu - I cancelled at {c}, only hours before. Could we come another day?", "My son spiked a fever, I called at {c} to cancel our {s} slot. Can we rebook?"],
 "noshow_reason": ["We missed our {s} booking - I was in the ER with my daughter (discharge papers attached). Can we come back another time?", "Our car broke down on the interstate and we missed the {s} game, tow receipt attached."],
 "noshow": ["We didn't make it to our game, please refund.", "Forgot about the booking completely, can I get my money back?"],
 "late": ["We were a bit late and your staff wouldn't let us play! Refund please.", "Traffic was awful, we arrived late and were turned away. This is ridiculous."],
 "fault": ["The room broke halfway through - a lock wouldn't open even with the right code and we lost most of our time.", "We waited in the lobby for ages before our game started and then had to rush.", "A prop fell apart and the game master had to restart the puzzle, we ran out of time because of it."],
}
GM_FAULT = ["{t} maglock #3 failed to release on correct code - manual override, game paused 24 min", "{t} room not reset from previous group; start delayed 32 min",
  "{t} keypad on safe unresponsive, 2 resets, group lost ~20 min"]
GM_OK = ["{t} group started on time, 1 hint used", "{t} game completed, 3 hints", "{t} game ended at time, no issues", "{t} group briefed, start on time"]
TAGS = {"full refund": ["refund_100"], "partial refund": ["refund_50"], "reschedule credit": ["credit_issued", "rebook"], "deny": ["no_refund_policy"]}
EMO = {"full refund": ":money_with_wings:", "partial refund": ":heavy_division_sign:", "reschedule credit": ":tickets:", "deny": ":no_entry_sign:"}
DRAFT = {"full refund": "I've returned the entire payment to your card; it should show in 5-10 business days.",
  "partial refund": "Under our cancellation policy we've sent back half of what you paid.",
  "reschedule credit": "We've added a voucher for the full booking value to your account - use it for any date in the next 6 months.",
  "deny": "Unfortunately under our policy we're unable to offer anything for this booking."}

def build():
    r = random.Random(1314)
    n = 166
    labels = balanced_labels(r, LABELS, n)
    mask = leak_mask(r, n, 0.5)
    recs = []
    for i, lab in enumerate(labels):
        room, length = r.choice(ROOMS)
        party = r.randint(2, 8)
        price_pp = r.choice([29, 32, 35, 38])
        total = party * price_pp * 100
        slot = rand_date(r, dt.datetime(2024, 2, 1), 300).replace(minute=r.choice([0, 15, 30]), second=0)
        slot = slot.replace(hour=r.choice([10, 12, 14, 16, 18, 19, 20, 21]))
        booked = slot - dt.timedelta(days=r.randint(3, 40), hours=r.randint(0, 20))
        cancel = None; checkin = None; gm = []
        if lab == "full refund":
            kind = r.choice(["cancel_early", "fault"])
        elif lab == "partial refund": kind = "cancel_mid"
        elif lab == "reschedule credit": kind = r.choice(["cancel_late_sick", "noshow_reason"])
        else: kind = r.choice(["noshow", "late"])
        if kind == "cancel_early": cancel = slot - dt.timedelta(hours=r.randint(49, 400))
        elif kind == "cancel_mid": cancel = slot - dt.timedelta(hours=r.randint(25, 47), minutes=r.randint(0, 59))
        elif kind == "cancel_late_sick": cancel = slot - dt.timedelta(hours=r.randint(1, 20), minutes=r.randint(0, 59))
        elif kind == "late": checkin = slot + dt.timedelta(minutes=r.randint(17, 40))
        elif kind == "fault":
            checkin = slot - dt.timedelta(minutes=r.randint(3, 12))
            gm = [r.choice(GM_FAULT).format(t=(slot + dt.timedelta(minutes=r.randint(0, 30))).strftime("%H:%M")), r.choice(GM_OK[1:3]).format(t=(slot + dt.timedelta(minutes=length + 25)).strftime("%H:%M"))]
        if kind in ("noshow", "noshow_reason"):
            gm = [f"{(slot + dt.timedelta(minutes=15)).strftime('%H:%M')} no-show, slot released"]
        if kind == "late": gm = [f"{checkin.strftime('%H:%M')} group arrived {int((checkin - slot).total_seconds() // 60)} min late - slot forfeited per policy"]
        if kind in ("cancel_early", "cancel_mid", "cancel_late_sick") : gm = []
        if kind not in ("fault", "late", "noshow", "noshow_reason", "cancel_early", "cancel_mid", "cancel_late_sick"): pass
        # decoy: ok games for some cancelled bookings? none (they did not play)
        if kind == "fault":
            fi = r.randrange(3)
            gm[0] = GM_FAULT[fi].format(t=(slot + dt.timedelta(minutes=r.randint(0, 30))).strftime("%H:%M"))
            MSG_K = [MSG["fault"][[0, 1, 2][fi]]] if fi != 2 else [MSG["fault"][0], MSG["fault"][2]]
        else:
            MSG_K = MSG[kind]
        msg = r.choice(MSG_K).format(c=cancel.strftime("%a %d %b %H:%M") if cancel else "", s=slot.strftime("%a %d %b %I:%M %p"))
        booking = {"booking_id": f"BK-{r.randint(1000000, 9999999)}", "room": room, "game_length_min": length, "slot_start": slot.strftime("%Y-%m-%d %H:%M"), "booked_at": booked.strftime("%Y-%m-%d %H:%M"),
                   "party_size": party, "amount_paid_cents": total, "currency": "USD", "payment": r.choice(["card", "card", "Apple Pay", "gift card + card"])}
        if cancel: booking["cancelled_at"] = cancel.strftime("%Y-%m-%d %H:%M")
        if checkin: booking["checked_in_at"] = checkin.strftime("%Y-%m-%d %H:%M")
        proj = {
          "instruction": "Resolve the customer's dispute under the venue policy: cancellations 48h+ before the slot or any venue-caused fault (malfunction/delay >15 min) = full refund; cancellations 24-48h before = partial refund (50%); cancellations under 24h for illness, or a no-show with a documented emergency = reschedule credit; undocumented no-shows and groups arriving more than 15 minutes late = deny. Labels: full refund, partial refund, reschedule credit, deny.",
          "booking": booking,
          "game_master_log": gm,
          "dispute": {"ticket": f"#{r.randint(40000, 69999)}", "opened_at": ts(slot + dt.timedelta(hours=r.randint(-30, 72)) if kind.startswith("cancel") else slot + dt.timedelta(hours=r.randint(2, 96))),
                      "customer": name(r), "channel": r.choice(["email", "web form", "Google review reply", "phone (transcribed)"]), "message": msg,
                      "attachments": (["discharge_summary.pdf"] if "ER" in msg else ["tow_receipt.jpg"] if "tow" in msg else [])},
          "stripe": {"charge": {"id": f"ch_3{r.getrandbits(64):016x}", "amount": total, "status": "succeeded"}, "refunds": []},
          "helpdesk": {"tags": r.sample(["escape_room", "billing", "weekend", "first_contact", "vip"], 2)},
        }
        if mask[i]:
            for fm in r.sample(["stripe", "tags", "slack", "draft", "json"], r.choice([1, 2])):
                if fm == "stripe":
                    if lab == "full refund": proj["stripe"]["refunds"] = [{"id": f"re_3{r.getrandbits(64):016x}", "amount": total, "status": "pending"}]
                    elif lab == "partial refund": proj["stripe"]["refunds"] = [{"id": f"re_3{r.getrandbits(64):016x}", "amount": total // 2, "status": "pending"}]
                    elif lab == "reschedule credit": proj["bookeo_voucher"] = {"code": f"RB-{r.randint(10000, 99999)}", "value_cents": total, "expires": (slot + dt.timedelta(days=183)).strftime("%Y-%m-%d")}
                    else: proj["stripe"]["dispute_response"] = {"evidence_submitted": True, "reason": "cancellation_policy_disclosed"}
                elif fm == "tags": proj["helpdesk"]["tags"] += TAGS[lab]
                elif fm == "slack": proj["slack_reactions"] = [{"message": f"dispute {proj['dispute']['ticket']}", "reaction": EMO[lab], "by": "owner"}]
                elif fm == "draft": proj["assistant_draft_reply"] = DRAFT[lab]
                elif fm == "json": proj["automation_note"] = "zap output: " + json.dumps({"ticket": proj["dispute"]["ticket"], "resolution": lab.split()[0] if lab != "reschedule credit" else "credit", "pct": {"full refund": 100, "partial refund": 50, "reschedule credit": 0, "deny": 0}[lab]})
        recs.append(rec(NAME, i, lab, LABELS, proj, mask[i]))
    n_, nl = write(NAME, recs, ["/booking", "/game_master_log", "/dispute/message", "/dispute/attachments"],
        "Apply the policy to slot vs cancellation/check-in timestamps, game-master log faults and the customer's stated reason.")
    return NAME, "leaking", "Stripe refund amount = full/half of charge (or Bookeo voucher, or dispute_response evidence), helpdesk tags (refund_100/refund_50/credit_issued/no_refund_policy), Slack reaction emoji shortcode, assistant draft reply paraphrase, escaped JSON zap output; timestamps/durations are legit signal and cancelled_at/checked_in_at exist only when applicable", n_, nl
