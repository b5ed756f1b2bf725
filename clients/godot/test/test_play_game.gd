extends SceneTree
# Headless test of the addon against a real server's JSON gateway:
#   GAMMOND_GATEWAY_URL=http://127.0.0.1:8080 godot3 --no-window --path clients/godot -s test/test_play_game.gd
# Plays one whole game to a scored end, checks the score sheet agrees, and
# checks that an illegal play comes back as FAILED_PRECONDITION / ILLEGAL_PLAY.
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

	var game = yield(SelfPlay.new().play_game(client, 7), "completed")
	if game.has("error"):
		_check(false, "a whole game: %s" % game.error.message)
	else:
		for line in game.events:
			print(line)
		var result: Dictionary = game.result
		var score: Dictionary = game.record.match
		var scored = score.white_score if result.winner == "COLOR_WHITE" else score.black_score
		_check(result.points >= 1 and int(scored) == int(result.points) and game.turns > 10,
			"a whole game bot against bot over JSON ends scored (%s wins %d)" % [result.winner, result.points])

	var illegal = yield(client.call_rpc("GameService", "ApplyPlay", {
		"position": {"position_id": {"id": "4HPwATDgc/ABMA", "turn": "COLOR_WHITE"}},
		"dice": {"die1": 3, "die2": 1},
		"notation": "24/21",
	}), "completed")
	_check(illegal.has("error") and illegal.error.code == 9 and illegal.error.reason == "ILLEGAL_PLAY",
		"an illegal play is refused with FAILED_PRECONDITION and ILLEGAL_PLAY")

	print("%d passed, %d failed" % [passed, failed])
	quit(0 if failed == 0 else 1)
