"""gammond's gRPC server: a stateless translator in front of :mod:`engine`.

``python -m gammond.server --help`` lists the options.  Servicers decode a request,
call the engine and encode the answer; they hold no game state.
"""
