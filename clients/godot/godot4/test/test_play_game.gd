extends SceneTree
## Headless test of the Godot 4 addon against a real server's JSON gateway:
##   GAMMOND_GATEWAY_URL=http://127.0.0.1:8080 godot --headless --path clients/godot/godot4 -s test/test_play_game.gd
## Plays one whole lean game through PlayService as a board UI would (White by
## single-die MOVEs and CONFIRM, Black by the bot answering in the same Act,
## bot_reply) to a scored end, prints its calls and the bytes on the wire and
## checks them (at most 150 calls, and 300 KB when the answers came gzip-
## compressed), checks the score agrees, the kept log matches the digest and
## exports, ListActions on a stored Game lists what the answer's choices did,
## and that refused actions come back as FAILED_PRECONDITION.
## Prints "7 passed, 0 failed" (or the failures) and exits non-zero on failure.

const GammondClient := preload("res://addons/gammond/gammond_client.gd")
const SelfPlay := preload("res://addons/gammond/self_play.gd")
const DEADLINE_S := 240.0
const CALL_BUDGET := 150
const BYTE_BUDGET := 300000

var passed := 0
var failed := 0


func _initialize() -> void:
	var timer := Timer.new()
	timer.wait_time = DEADLINE_S
	timer.one_shot = true
	timer.autostart = true
	timer.timeout.connect(_timed_out)
	root.add_child(timer)
	_run.call_deferred()


func _timed_out() -> void:
	printerr("test: no answer within %d s" % DEADLINE_S)
	quit(1)


func _check(ok: bool, what: String) -> void:
	if ok:
		passed += 1
		print("ok: ", what)
	else:
		failed += 1
		printerr("FAILED: ", what)


func _run() -> void:
	var client := GammondClient.new()
	var gateway := OS.get_environment("GAMMOND_GATEWAY_URL")
	if gateway != "":
		client.gateway = gateway
	root.add_child(client)

	var played: Dictionary = await SelfPlay.new().play_game(client, "godot4-7")
	if played.has("error"):
		_check(false, "a whole game: %s" % played.error.message)
	else:
		await _check_game(client, played)

	var illegal: Dictionary = await (
		client
		. call_rpc(
			"GameService",
			"ApplyPlay",
			{
				"position": {"position_id": {"id": "4HPwATDgc/ABMA", "turn": "COLOR_WHITE"}},
				"dice": {"die1": 3, "die2": 1},
				"notation": "24/21",
			}
		)
	)
	_check(
		illegal.has("error") and illegal.error.code == 9 and illegal.error.reason == "ILLEGAL_PLAY",
		"an illegal play is refused with FAILED_PRECONDITION and ILLEGAL_PLAY"
	)

	print("%d passed, %d failed" % [passed, failed])
	quit(0 if failed == 0 else 1)


func _check_game(client: GammondClient, played: Dictionary) -> void:
	for line in played.events:
		print(line)
	var game: Dictionary = played.game
	var result: Dictionary = game.result
	var score: Dictionary = game.score_after
	# 64-bit integers arrive as strings in proto3 JSON, other numbers as floats.
	var points := int(result.points)
	var scored := int(score.white_score if result.winner == "COLOR_WHITE" else score.black_score)
	_check(
		points >= 1 and scored == points and played.calls > 20,
		"a whole game against the bot through PlayService over JSON ends scored (%s wins %d)" % [result.winner, points]
	)

	var calls: int = played.calls
	var bytes: int = played.bytes_sent + played.bytes_received
	print(
		(
			(
				"the game took %d calls (%d BotAct) and %d bytes on the wire (%d of JSON sent, %d received, "
				+ "%d of %d answers gzip-compressed; %d per call); Game %d bytes of JSON at the end, %d as sent back"
			)
			% [
				calls,
				played.bot_acts,
				bytes,
				played.bytes_sent,
				played.bytes_received,
				played.compressed_answers,
				calls,
				bytes / maxi(calls, 1),
				JSON.stringify(game).to_utf8_buffer().size(),
				JSON.stringify(SelfPlay.wire(game)).to_utf8_buffer().size(),
			]
		)
	)
	# The byte budget is for compressed answers: a gateway that does not compress gets a note.
	var compressed: bool = played.compressed_answers > 0
	if not compressed:
		print("note: no answer came compressed: %d bytes not checked against %d" % [bytes, BYTE_BUDGET])
	_check(
		calls <= CALL_BUDGET and (not compressed or bytes <= BYTE_BUDGET),
		(
			"the lean game as a board UI, the bot replying in the same call: "
			+ (
				"%d calls (at most %d), %d bytes on the wire (at most %d%s)"
				% [calls, CALL_BUDGET, bytes, BYTE_BUDGET, "" if compressed else ", not checked: uncompressed"]
			)
		)
	)

	# The lean Game carries no log; its digest counts the entries the answers handed out.
	# A sealed lean Game may carry its digest inside the seal only: then ExportMatch checks them.
	var digest: Dictionary = game.get("digest", {})
	var kept: int = played.logged.size()
	var counted: bool = int(digest.get("length", -1)) == kept if game.has("digest") else game.has("seal")
	_check(
		game.get("log", []).is_empty() and counted,
		"the lean Game carries no log, and its digest counts the %d entries kept from the answers" % kept
	)
	var with_log := game.duplicate()
	with_log["log"] = played.logged
	var exported: Dictionary = await client.call_rpc("RecordService", "ExportMatch", {"games": [with_log]})
	var mat := str(exported.get("mat", ""))
	_check(
		not exported.has("error") and mat.strip_edges() != "",
		(
			"the lean Game with its kept log exports (%s)"
			% [exported.error.message if exported.has("error") else "%d characters of .mat" % mat.length()]
		)
	)

	# A client that starts from a stored Game lists its actions once, as the answers did
	# (compared without board_now, which an answer's choices may leave to its Game).
	var listed := {"error": {"message": "no Game with a move to store"}}
	var answered := {}
	if played.stored != null:
		listed = (await SelfPlay.new().list_choices(client, played.stored)).duplicate()
		listed.erase("board_now")
		answered = played.stored_choices.duplicate()
		answered.erase("board_now")
	_check(
		not listed.has("error") and JSON.stringify(listed) == JSON.stringify(answered),
		"ListActions on a stored Game lists what the answer's choices did"
	)

	var refused: Dictionary = await client.call_rpc(
		"PlayService",
		"Act",
		{"game": SelfPlay.wire(game), "action": {"kind": "ACTION_KIND_ROLL", "player": "COLOR_WHITE"}}
	)
	_check(
		refused.has("error") and refused.error.code == 9,
		"acting on a finished game is refused with FAILED_PRECONDITION"
	)
