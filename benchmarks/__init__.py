"""Reproducible performance measurements (printed ratios, not timed tests). Run: python -m benchmarks"""
