extends Reference
# Bot against bot, entirely through the JSON gateway: the opening roll and the
# dice (DiceService), the cube (BotService.CubeDecision,
# GameService.ApplyCubeAction), the plays (BotService.BestPlay,
# GameService.ApplyPlay) and the score sheet (MatchService.RecordGame). The
# server keeps nothing: each request carries the position and cube that the
# previous answer gave. A coroutine:
#
#     var game = yield(SelfPlay.new().play_game(client, 7), "completed")
#     # {"result", "record", "turns", "events"} or {"error": {...}}

const STARTING_POSITION_ID := "4HPwATDgc/ABMA"
const MAX_TURNS := 1000

var events := []


static func _name(color: String) -> String:
	return "White" if color == "COLOR_WHITE" else "Black"


static func _other(color: String) -> String:
	return "COLOR_BLACK" if color == "COLOR_WHITE" else "COLOR_WHITE"


func play_game(client, dice_seed: int, level := "BOT_LEVEL_BEGINNER"):
	var rolls := {"COLOR_WHITE": 0, "COLOR_BLACK": 0}
	var drawn := 0
	var opening = yield(client.call_rpc("DiceService", "RollOpening", {"seed": dice_seed}), "completed")
	if opening.has("error"):
		return opening
	var turn: String = opening.first
	var position = {"position_id": {"id": STARTING_POSITION_ID, "turn": turn}}
	var cube: Dictionary = opening.cube
	var dice: Dictionary = opening.dice
	events.append("%s wins the opening roll" % _name(turn))
	for number in range(1, MAX_TURNS + 1):
		if number > 1:
			var context := {"cube": cube, "turn": turn, "white_rolls": rolls.COLOR_WHITE, "black_rolls": rolls.COLOR_BLACK}
			var decision = yield(client.call_rpc("BotService", "CubeDecision", {"position": position, "context": context}), "completed")
			if decision.has("error"):
				return decision
			if decision.may_double and decision.advice in ["CUBE_ADVICE_DOUBLE_TAKE", "CUBE_ADVICE_DOUBLE_PASS"]:
				var offered = yield(client.call_rpc("GameService", "ApplyCubeAction", {"context": context, "player": turn, "action": "CUBE_ACTION_DOUBLE"}), "completed")
				if offered.has("error"):
					return offered
				events.append("%s doubles" % _name(turn))
				var answer := "CUBE_ACTION_TAKE" if decision.take else "CUBE_ACTION_DROP"
				context.cube = offered.cube
				var answered = yield(client.call_rpc("GameService", "ApplyCubeAction", {"context": context, "player": _other(turn), "action": answer}), "completed")
				if answered.has("error"):
					return answered
				events.append("%s %s" % [_name(_other(turn)), "takes" if decision.take else "drops"])
				if answered.has("result"):
					return yield(_finish(client, answered.result, number), "completed")
				cube = answered.cube
			# Roll N of one seeded sequence, so the same seed replays the same game.
			var rolled = yield(client.call_rpc("DiceService", "RollDice", {"seed": dice_seed + 1, "skip": drawn, "count": 1}), "completed")
			if rolled.has("error"):
				return rolled
			drawn += 1
			dice = rolled.rolls[0]
		rolls[turn] += 1
		var best = yield(client.call_rpc("BotService", "BestPlay", {"position": position, "dice": dice, "level": level}), "completed")
		if best.has("error"):
			return best
		var notation: String = best.best.play.notation
		var applied = yield(client.call_rpc("GameService", "ApplyPlay", {"position": position, "dice": dice, "notation": notation, "cube": cube}), "completed")
		if applied.has("error"):
			return applied
		events.append("%s %d-%d: %s" % [_name(turn), dice.die1, dice.die2, notation])
		if applied.has("result"):
			return yield(_finish(client, applied.result, number), "completed")
		position = {"position": applied.next_position}
		turn = applied.next_position.turn
		cube.doubled_this_turn = false  # the turn passes
	return {"error": {"code": 2, "message": "no result after %d turns" % MAX_TURNS, "reason": ""}}


func _finish(client, result: Dictionary, turns: int):
	var record = yield(client.call_rpc("MatchService", "RecordGame", {"game": result}), "completed")
	if record.has("error"):
		return record
	events.append("%s wins %d point(s)" % [_name(result.winner), result.points])
	return {"result": result, "record": record, "turns": turns, "events": events}
