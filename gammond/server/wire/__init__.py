"""Translation between the wire messages (fixed White-side numbering) and the engine.

The engine sees every board from the player on roll; the wire names White
and Black and numbers points from White's side.  Only this package knows
both views.  Decoders raise :class:`gammond.server.errors.WireError` naming the
request field that was wrong.
"""
