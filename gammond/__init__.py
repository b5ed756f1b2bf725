"""gammond: a stateless backgammon game service.

The packages depend one way: ``gammond.server`` (the gRPC service) and
``gammond.load`` (the load tool) use ``gammond.engine`` (every rule, the
notations and the bot); the engine knows nothing of either.  The wire types
are the generated ``backgammon.v1`` package of the ``gammond-api``
distribution (``protos/python``).
"""

__version__ = "0.1.0"
