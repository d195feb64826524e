"""Regenerate all ds6 datasets (stdlib only, fixed seeds) and write DATASETS.md."""
import gen_common, gen_leak1, gen_leak2, gen_leak3, gen_clean

gen_leak1.freight(); gen_leak1.meter(); gen_leak1.weld()
gen_leak2.condition(); gen_leak2.eu261(); gen_leak2.telecom()
gen_leak3.crop(); gen_leak3.warranty(); gen_leak3.interconnect()
gen_clean.hs(); gen_clean.outage(); gen_clean.booking(); gen_clean.spc(); gen_clean.tenant()

lines = ["# ds6 datasets", "", "name — leaking|clean — how it leaks / why tricky — records, leaking records", ""]
tot = totl = 0
for name, kind, how, n, nl in gen_common.SUMMARY:
    lines.append("- %s — %s — %s — %d records, %d leaking" % (name, kind, how, n, nl))
    tot += n; totl += nl
lines += ["", "Total: %d records, %d leaking, %d datasets (%d leaking, %d clean)" % (tot, totl, len(gen_common.SUMMARY),
          sum(1 for s in gen_common.SUMMARY if s[1] == "leaking"), sum(1 for s in gen_common.SUMMARY if s[1] == "clean"))]
open(gen_common.os.path.join(gen_common.OUT, "DATASETS.md"), "w").write("\n".join(lines) + "\n")
print("\n".join(lines))
