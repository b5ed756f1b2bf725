"""The local stack: gammond replicas, Envoy and Prometheus on 127.0.0.1 (deploy/local/up)."""
