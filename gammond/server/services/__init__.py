"""The servicers: decode the request, call the engine, encode the answer.

They raise instead of aborting: :mod:`gammond.server.interceptor` turns
:class:`~gammond.server.errors.WireError`, engine errors and bugs into statuses.
"""
