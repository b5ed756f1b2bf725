"""Prometheus configuration for gammond; the alert rules are alerts.yml beside this."""
