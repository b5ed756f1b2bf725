extends RefCounted
## A whole game through the game protocol (PlayService) over the JSON gateway,
## in the lean flow (Godot 4; the same calls as the Godot 3 addon's).
##
## The game is a lean Game ("form": "GAME_FORM_LEAN", constant size: its log's
## digest instead of the log) that the client keeps (as parsed JSON) and sends
## back with every call, and every answer (NewGame, Act, BotAct) lists the
## actions open next in "choices", so a game needs no ListActions. White is
## played action by action as a board UI would, in "view": "ACTIONS_VIEW_MOVES"
## (roll, move one checker by one die, confirm, take); Black is the bot, which
## answers in the same call: every Act carries "bot_reply" (the bot's level), so
## the answer holds the bot's turn or cube answer too ("bot_actions", its events
## after White's) and its "choices" are White's next ones (BotAct only as a
## fallback, when White is not to act). The Game goes back as small as the
## server takes it (wire(): a sealed Game's seal alone). The entries each answer
## adds to the log ("logged") are kept: with them the lean Game exports.
##
##     var played: Dictionary = await SelfPlay.new().play_game(client, "seed")
##     # {"game": the finished Game, "events": [...], "logged": [...], "calls": N,
##     #  "bytes_sent": N, "bytes_received": N, "compressed_answers": N,
##     #  "bot_acts": N, "stored": a Game met on the way, "stored_choices": its
##     #  choices} or {"error": {...}}
##
## A client that starts from a stored Game has no choices yet: play_from(client,
## game) lists them once (ListActions), then goes on the same way.

const GammondClient := preload("gammond_client.gd")
const MAX_CALLS := 5000
const VIEW := "ACTIONS_VIEW_MOVES"
const PREFERENCE := [
	"ACTION_KIND_TAKE", "ACTION_KIND_ACCEPT", "ACTION_KIND_ROLL", "ACTION_KIND_CONFIRM", "ACTION_KIND_MOVE"
]


static func is_over(game: Dictionary) -> bool:
	return game.get("phase", "") in ["PHASE_GAME_OVER", "PHASE_MATCH_OVER"]


## White's choice among the listed actions: answer the cube, roll, confirm,
## move one checker by one die. Null when White has nothing to do.
static func choose(actions: Array) -> Variant:
	for kind in PREFERENCE:
		var found: Variant = null
		for action in actions:
			if action.kind == kind and action.get("player", "") == "COLOR_WHITE":
				if kind != "ACTION_KIND_MOVE" or action.get("dice_used", []).size() <= 1:
					return action
				if found == null:
					found = action
		if found != null:
			return found
	return null


static func has_move(actions: Array) -> bool:
	for action in actions:
		if action.kind == "ACTION_KIND_MOVE":
			return true
	return false


static func describe(event: Dictionary) -> String:
	var who := "White" if event.get("player", "") == "COLOR_WHITE" else "Black"
	var text: String = who + " " + str(event.kind).replace("EVENT_KIND_", "").to_lower()
	# Proto3 JSON may leave out fields at their defaults (a bear-off's to_point 0);
	# numbers arrive as floats in Godot 4's JSON.
	if event.has("move"):
		text += " %d/%d" % [int(event.move.get("from_point", 0)), int(event.move.get("to_point", 0))]
	elif event.has("dice"):
		text += " %d-%d" % [int(event.dice.get("die1", 0)), int(event.dice.get("die2", 0))]
	return text


## The Game as sent back: the smallest the server accepts. A sealed Game is
## read from its seal alone, so only {"seal": ...} goes back; an unsealed one
## goes without what the server only writes ("board_now", "score_after"). Keep
## the whole Game to show it.
static func wire(game: Dictionary) -> Dictionary:
	if game.has("seal"):
		return {"seal": game.seal}
	var sent := game.duplicate()
	sent.erase("board_now")
	sent.erase("score_after")
	return sent


## The actions open in a stored Game: the one ListActions a lean client makes.
func list_choices(client: GammondClient, game: Dictionary) -> Dictionary:
	return await client.call_rpc("PlayService", "ListActions", {"game": wire(game), "view": VIEW})


## Starts a lean money game with seeded dice and plays it to its end.
func play_game(client: GammondClient, dice_seed: String, level := "BOT_LEVEL_BEGINNER") -> Dictionary:
	var before := _counts(client)
	var started: Dictionary = await (
		client
		. call_rpc(
			"PlayService",
			"NewGame",
			{
				"dice_source": "DICE_SOURCE_SEEDED",
				"seed": Marshalls.utf8_to_base64(dice_seed),
				"form": "GAME_FORM_LEAN",
				"view": VIEW,
			}
		)
	)
	if started.has("error"):
		return started
	var played: Dictionary = await play_from(client, started.game, started.get("choices", {}), level)
	if not played.has("error"):
		played.merge(_since(client, before), true)
	return played


## Plays a game to its end. choices: the actions open in it, as the answer that
## brought it listed them; null for a Game read from storage (then ListActions).
func play_from(
	client: GammondClient, game: Dictionary, choices: Variant = null, level := "BOT_LEVEL_BEGINNER"
) -> Dictionary:
	var before := _counts(client)
	if choices == null:
		choices = await list_choices(client, game)
		if choices.has("error"):
			return choices
	var events := []
	var logged := []
	var stored: Variant = null
	var stored_choices: Variant = null
	var steps := 0
	var bot_acts := 0
	while not is_over(game):
		steps += 1
		if steps > MAX_CALLS:
			return {"error": {"code": 2, "message": "no result after %d calls" % MAX_CALLS, "reason": ""}}
		var actions: Array = choices.get("actions", [])
		if stored == null and has_move(actions):
			stored = game
			stored_choices = choices
		var answer: Dictionary
		if "COLOR_WHITE" in choices.get("to_act", []):
			var action: Variant = choose(actions)
			if action == null:
				return {"error": {"code": 2, "message": "nothing for White to do", "reason": ""}}
			answer = await client.call_rpc(
				"PlayService", "Act", {"game": wire(game), "action": action, "view": VIEW, "bot_reply": level}
			)
		else:
			# bot_reply played the bot's turns; this is for a game where White has nothing to do.
			bot_acts += 1
			answer = await client.call_rpc(
				"PlayService", "BotAct", {"game": wire(game), "level": level, "player": "COLOR_BLACK", "view": VIEW}
			)
		if answer.has("error"):
			return answer
		game = answer.game
		choices = answer.get("choices", {})
		logged.append_array(answer.get("logged", []))
		for event in answer.get("events", []):
			events.append(describe(event))
	var played := {
		"game": game,
		"events": events,
		"logged": logged,
		"stored": stored,
		"stored_choices": stored_choices,
		"bot_acts": bot_acts,
	}
	played.merge(_since(client, before), true)
	return played


static func _counts(client: GammondClient) -> Dictionary:
	return {
		"calls": client.calls,
		"bytes_sent": client.bytes_sent,
		"bytes_received": client.bytes_received,
		"compressed_answers": client.compressed_answers,
	}


static func _since(client: GammondClient, before: Dictionary) -> Dictionary:
	var now := _counts(client)
	for key in now:
		now[key] -= before[key]
	return now
