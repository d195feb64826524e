"""Regenerate every ds8 dataset (stdlib only, fixed seeds) and DATASETS.md."""
import common
import gen_leaking_a as A, gen_leaking_b as B, gen_leaking_c as C, gen_clean as K

for f in [A.gen_restaurant, A.gen_aviation, A.gen_retail, B.gen_permits, B.gen_vet, B.gen_grants,
          C.gen_news, C.gen_recipes, C.gen_sports, K.gen_fitness, K.gen_bcs, K.gen_borescope, K.gen_corrections, K.gen_planogram]:
    f()

lines = ["# ds8 datasets", "", "name — leaking|clean — how it leaks / why tricky — records, leaking records", ""]
tr = tl = 0
for n, (kind, how, nr, nl) in common.STATS.items():
    lines.append(f"- {n} — {kind} — {how} — {nr} records, {nl} leaking")
    tr += nr; tl += nl
lines += ["", f"Total: {len(common.STATS)} datasets, {tr} records, {tl} leaking records."]
open(common.OUT + "/DATASETS.md", "w").write("\n".join(lines) + "\n")
print("\n".join(lines))
