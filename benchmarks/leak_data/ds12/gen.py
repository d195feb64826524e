"""Generate all ds12 datasets: python3 gen.py  (standard library only, seeded)."""
import json
from common import write
from gen_leak_a import apprentice_epa, drone_flight_plans, blood_donor_deferral
from gen_leak_b import forklift_near_miss, esports_integrity, coop_housing
from gen_leak_c import ais_anomaly, turbine_tickets, adoption_home_study
from gen_clean import avalanche_bulletin, records_retention, ill_requests, brewery_batch_qc, orchestra_audition

GENS = [apprentice_epa, drone_flight_plans, blood_donor_deferral, forklift_near_miss, esports_integrity, coop_housing,
        ais_anomaly, turbine_tickets, adoption_home_study,
        avalanche_bulletin, records_retention, ill_requests, brewery_batch_qc, orchestra_audition]

if __name__ == "__main__":
    stats = {}
    for g in GENS:
        name, recs, derive, note = g()
        stats[name] = write(name, recs, derive, note)
        print(name, *stats[name])
    json.dump(stats, open("stats.json", "w"), indent=1)
