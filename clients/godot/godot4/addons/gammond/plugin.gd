@tool
extends EditorPlugin
# Nothing to set up in the editor: the addon is its two scripts,
# gammond_client.gd (one RPC over JSON) and self_play.gd (a whole game).
