extends SceneTree
# Headless test of the addon against a real server's JSON gateway:
#   GAMMOND_GATEWAY_URL=http://127.0.0.1:8080 godot3 --no-window --path clients/godot -s test/test_play_game.gd
# Plays one whole game through PlayService to a scored end, checks the score
# agrees, and that refused actions come back as FAILED_PRECONDITION.
# Prints "2 passed, 0 failed" (or the failures) and exits non-zero on failure.

const GammondClient = preload("res://addons/gammond/gammond_client.gd")
const SelfPlay = preload("res://addons/gammond/self_play.gd")
const DEADLINE_S := 240.0

var passed := 0
var failed := 0


func _init():
	var timer := Timer.new()
	timer.wait_time = DEADLINE_S
	timer.one_shot = true
	timer.autostart = true
	timer.connect("timeout", self, "_timed_out")
	root.add_child(timer)
	call_deferred("_run")


func _timed_out():
	printerr("test: no answer within %d s" % DEADLINE_S)
	quit(1)


func _check(ok: bool, what: String) -> void:
	if ok:
		passed += 1
		print("ok: ", what)
	else:
		failed += 1
		printerr("FAILED: ", what)


func _run():
	var client = GammondClient.new()
	var gateway := OS.get_environment("GAMMOND_GATEWAY_URL")
	if gateway != "":
		client.gateway = gateway
	root.add_child(client)

	var played = yield(SelfPlay.new().play_game(client, "godot-7"), "completed")
	if played.has("error"):
		_check(false, "a whole game: %s" % played.error.message)
	else:
		for line in played.events:
			print(line)
		var game: Dictionary = played.game
		var result: Dictionary = game.result
		var score: Dictionary = game.score_after
		# 64-bit integers arrive as strings in proto3 JSON.
		var points := int(result.points)
		var scored := int(score.white_score if result.winner == "COLOR_WHITE" else score.black_score)
		_check(points >= 1 and scored == points and played.calls > 20,
			"a whole game against the bot through PlayService over JSON ends scored (%s wins %d)" % [result.winner, points])

		var refused = yield(client.call_rpc("PlayService", "Act", {
			"game": game, "action": {"kind": "ACTION_KIND_ROLL", "player": "COLOR_WHITE"}}), "completed")
		_check(refused.has("error") and refused.error.code == 9,
			"acting on a finished game is refused with FAILED_PRECONDITION")

	var illegal = yield(client.call_rpc("GameService", "ApplyPlay", {
		"position": {"position_id": {"id": "4HPwATDgc/ABMA", "turn": "COLOR_WHITE"}},
		"dice": {"die1": 3, "die2": 1},
		"notation": "24/21",
	}), "completed")
	_check(illegal.has("error") and illegal.error.code == 9 and illegal.error.reason == "ILLEGAL_PLAY",
		"an illegal play is refused with FAILED_PRECONDITION and ILLEGAL_PLAY")

	print("%d passed, %d failed" % [passed, failed])
	quit(0 if failed == 0 else 1)
