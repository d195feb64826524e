#!/usr/bin/env python3
"""Deterministic generator for the ds33 leakage benchmark batch (stdlib only)."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common, gen_a, gen_b

if __name__ == "__main__":
    gen_a.run()
    gen_b.run()
    common.write_md()
    print("wrote %d datasets" % len(common.REGISTRY))
