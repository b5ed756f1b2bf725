"""The servicers: decode the request, call the engine, encode the answer.

They raise instead of aborting: :mod:`server.interceptor` turns
:class:`~server.errors.WireError`, engine errors and bugs into statuses.
"""
