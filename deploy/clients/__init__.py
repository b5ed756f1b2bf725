"""Small clients that show the wire protocols Envoy serves."""
