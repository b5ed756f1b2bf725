extends Reference
# A whole game through the game protocol (PlayService) over the JSON gateway:
# the client keeps the Game (as parsed JSON) and sends it back with every
# call. White is played action by action, as a frontend would (ListActions,
# then Act: roll, move checker by checker, confirm, take); Black is the bot
# (BotAct). A coroutine:
#
#     var played = yield(SelfPlay.new().play_game(client, "seed"), "completed")
#     # {"game": the finished Game, "events": [...], "calls": N} or {"error": {...}}

const MAX_CALLS := 5000
const PREFERENCE := ["ACTION_KIND_TAKE", "ACTION_KIND_ACCEPT", "ACTION_KIND_ROLL", "ACTION_KIND_CONFIRM", "ACTION_KIND_MOVE"]


static func is_over(game: Dictionary) -> bool:
	return game.phase in ["PHASE_GAME_OVER", "PHASE_MATCH_OVER"]


# White's choice among the listed actions: answer the cube, roll, confirm, move.
static func choose(actions: Array):
	for kind in PREFERENCE:
		for action in actions:
			if action.kind == kind and action.player == "COLOR_WHITE":
				return action
	return null


static func describe(event: Dictionary) -> String:
	var who := "White" if event.player == "COLOR_WHITE" else "Black"
	var text: String = who + " " + event.kind.replace("EVENT_KIND_", "").to_lower()
	if event.has("move"):
		text += " %d/%d" % [event.move.from_point, event.move.to_point]
	elif event.has("dice"):
		text += " %d-%d" % [event.dice.die1, event.dice.die2]
	return text


func play_game(client, dice_seed: String, level := "BOT_LEVEL_BEGINNER"):
	var events := []
	var started = yield(client.call_rpc("PlayService", "NewGame", {
		"dice_source": "DICE_SOURCE_SEEDED", "seed": Marshalls.utf8_to_base64(dice_seed)}), "completed")
	if started.has("error"):
		return started
	var game: Dictionary = started.game
	var calls := 1
	while not is_over(game):
		if calls > MAX_CALLS:
			return {"error": {"code": 2, "message": "no result after %d calls" % MAX_CALLS, "reason": ""}}
		var listing = yield(client.call_rpc("PlayService", "ListActions", {"game": game}), "completed")
		if listing.has("error"):
			return listing
		var answer
		if "COLOR_WHITE" in listing.to_act:
			var action = choose(listing.actions)
			if action == null:
				return {"error": {"code": 2, "message": "nothing for White to do", "reason": ""}}
			answer = yield(client.call_rpc("PlayService", "Act", {"game": game, "action": action}), "completed")
		else:
			answer = yield(client.call_rpc("PlayService", "BotAct", {"game": game, "level": level, "player": "COLOR_BLACK"}), "completed")
		if answer.has("error"):
			return answer
		game = answer.game
		for event in answer.events:
			events.append(describe(event))
		calls += 2
	return {"game": game, "events": events, "calls": calls}
