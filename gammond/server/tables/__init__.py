"""Live play's server side: where tables live (:mod:`.store`, :mod:`.redis_store`) and who may act (:mod:`.seats`).

A table is the one state gammond keeps, and it keeps it outside the gRPC
workers, in a :class:`~gammond.server.tables.store.TableStore`: the
workers stay stateless and any replica answers any call.  The rules stay
in the engine; :mod:`gammond.server.services.table` applies actions
through PlayService's own path.
"""
