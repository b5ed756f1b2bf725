"""Test support: sample positions, peer engines, servers and protocol clients for tests and benchmarks."""
