"""Envoy in front of gammond: its configuration and the API descriptor it transcodes with."""
