"""Benchmarks: figures and ratios printed by `make bench` (never timed assertions in tests)."""
