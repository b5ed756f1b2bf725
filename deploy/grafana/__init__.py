"""The Grafana dashboard, as code."""
