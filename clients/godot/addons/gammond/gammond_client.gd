extends Node
# gammond over its JSON gateway (Envoy, started by scripts/serve): each RPC is
# POST {gateway}/backgammon.v1.{Service}/{Method} with the request message as
# JSON (field names as in the .proto files), answered with the response
# message as JSON. Add this node to the tree, then, in a coroutine:
#
#     var answer = yield(client.call_rpc("DiceService", "RollDice", {"seed": 7, "count": 2}), "completed")
#     if answer.has("error"): print(answer.error.message)
#
# A failed call answers {"error": {"code", "message", "reason"}}: the gRPC code
# (9 is FAILED_PRECONDITION), its message, and the ErrorInfo reason if any.
# `calls`, `bytes_sent` and `bytes_received` count every call and the bytes of
# its bodies as they went over the wire (without HTTP headers): the answers
# compressed when the gateway compressed them, `compressed_answers` of them.
#
# Answers: the client asks for gzip ("Accept-Encoding: gzip") and inflates a
# gzip answer itself, so it works with a gateway that compresses its JSON
# answers and with one that does not. (Godot 3.2 has neither HTTPRequest's
# `accept_gzip` nor PoolByteArray.decompress_dynamic, both 3.4; the size to
# inflate to is the gzip trailer's. Where `accept_gzip` exists it is turned
# off, so that this client sees, and counts, the compressed bytes.)

export var gateway := "http://127.0.0.1:8080"
export var timeout_s := 30.0

var calls := 0
var bytes_sent := 0
var bytes_received := 0
var compressed_answers := 0


func call_rpc(service: String, method: String, request: Dictionary):
	var http := HTTPRequest.new()
	http.timeout = timeout_s
	if "accept_gzip" in http:
		http.set("accept_gzip", false)  # Godot 3.4+: the answers are inflated below, and counted before
	add_child(http)
	var url := "%s/backgammon.v1.%s/%s" % [gateway, service, method]
	var body := to_json(request)
	calls += 1
	bytes_sent += body.to_utf8().size()
	var err := http.request(url, ["Content-Type: application/json", "Accept-Encoding: gzip"], true,
		HTTPClient.METHOD_POST, body)
	if err != OK:
		http.queue_free()
		yield(get_tree(), "idle_frame")  # a coroutine either way, so callers can always yield on it
		return {"error": {"code": 14, "message": "request not sent (error %d)" % err, "reason": ""}}
	var done = yield(http, "request_completed")  # [result, status, headers, body]
	http.queue_free()
	var raw: PoolByteArray = done[3]
	bytes_received += raw.size()
	if done[0] != HTTPRequest.RESULT_SUCCESS:
		return {"error": {"code": 14, "message": "no answer from %s (result %d)" % [url, done[0]], "reason": ""}}
	if _gzipped(done[2]):
		compressed_answers += 1
		raw = gunzip(raw)
	var parsed := JSON.parse(raw.get_string_from_utf8())
	if parsed.error != OK or typeof(parsed.result) != TYPE_DICTIONARY:
		return {"error": {"code": 2, "message": "HTTP %d, not JSON" % done[1], "reason": ""}}
	var answer: Dictionary = parsed.result
	if done[1] != 200:
		var reason := ""
		for detail in answer.get("details", []):
			reason = detail.get("reason", reason)
		return {"error": {"code": int(answer.get("code", 2)), "message": str(answer.get("message", "")), "reason": reason}}
	return answer


static func _gzipped(headers: PoolStringArray) -> bool:
	for header in headers:
		var pair: PoolStringArray = header.split(":", true, 1)
		if pair.size() == 2 and pair[0].strip_edges().to_lower() == "content-encoding":
			return pair[1].strip_edges().to_lower() == "gzip"
	return false


# A gzip body inflated: its last 4 bytes (ISIZE, little-endian) give the size
# (one gzip member, under 4 GiB, as a gateway writes it). Empty if it is not gzip.
static func gunzip(compressed: PoolByteArray) -> PoolByteArray:
	var n := compressed.size()
	if n < 18 or compressed[0] != 0x1f or compressed[1] != 0x8b:
		return PoolByteArray()
	var size: int = compressed[n - 4] | (compressed[n - 3] << 8) | (compressed[n - 2] << 16) | (compressed[n - 1] << 24)
	if size == 0:
		return PoolByteArray()
	return compressed.decompress(size, File.COMPRESSION_GZIP)
