"""Benchmarks and the seeded position sampler they share with the tests (dev-only)."""
