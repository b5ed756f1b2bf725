"""Running gammond as operators do: Envoy in front, a local stack, manifests.

Nothing here is imported by ``engine`` or ``server``; the tests and the
scripts under ``deploy/`` import it from the repository root.
"""
