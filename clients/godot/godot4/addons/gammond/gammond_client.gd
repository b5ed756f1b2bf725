extends Node
## gammond over its JSON gateway (Envoy, started by scripts/serve), Godot 4.
##
## Each RPC is POST {gateway}/backgammon.v1.{Service}/{Method} with the request
## message as JSON (field names as in the .proto files), answered with the
## response message as JSON. Add this node to the tree, then, in any function:
##
##     var answer: Dictionary = await client.call_rpc("DiceService", "RollDice", {"seed": 7, "count": 2})
##     if answer.has("error"): print(answer.error.message)
##
## A failed call answers {"error": {"code", "message", "reason"}}: the gRPC code
## (9 is FAILED_PRECONDITION), its message, and the ErrorInfo reason if any.
## `calls`, `bytes_sent` and `bytes_received` count every call and the bytes of
## its bodies as they went over the wire (without HTTP headers): the answers
## compressed when the gateway compressed them, `compressed_answers` of them.

# Answers: HTTPRequest's own `accept_gzip` is turned off and the client asks
# for gzip itself and inflates the answer (decompress_dynamic), so that it
# sees, and counts, the compressed bytes. In a web export the browser owns
# Accept-Encoding and inflates before Godot sees the body: a body is inflated
# only when it is gzip (its first two bytes), whatever the headers say.

@export var gateway := "http://127.0.0.1:8080"
@export var timeout_s := 30.0

var calls := 0
var bytes_sent := 0
var bytes_received := 0
var compressed_answers := 0


func call_rpc(service: String, method: String, request: Dictionary) -> Dictionary:
	var http := HTTPRequest.new()
	http.timeout = timeout_s
	http.accept_gzip = false  # inflated below, and counted before
	add_child(http)
	var url := "%s/backgammon.v1.%s/%s" % [gateway, service, method]
	var body := JSON.stringify(request)
	calls += 1
	bytes_sent += body.to_utf8_buffer().size()
	var headers := PackedStringArray(["Content-Type: application/json"])
	if OS.get_name() != "Web":
		headers.append("Accept-Encoding: gzip")
	var err := http.request(url, headers, HTTPClient.METHOD_POST, body)
	if err != OK:
		http.queue_free()
		return _error(14, "request not sent (error %d)" % err)
	# [result, response_code, headers, body]
	var done: Array = await http.request_completed
	http.queue_free()
	var raw: PackedByteArray = done[3]
	bytes_received += raw.size()
	if done[0] != HTTPRequest.RESULT_SUCCESS:
		return _error(14, "no answer from %s (result %d)" % [url, done[0]])
	if is_gzip(raw):
		compressed_answers += 1
		raw = raw.decompress_dynamic(-1, FileAccess.COMPRESSION_GZIP)
	var answer: Variant = JSON.parse_string(raw.get_string_from_utf8())
	if typeof(answer) != TYPE_DICTIONARY:
		return _error(2, "HTTP %d, not JSON" % done[1])
	if done[1] != 200:
		# A google.rpc.Status: {"code", "message", "details": [{"@type", "reason", ...}]}.
		var reason := ""
		for detail in answer.get("details", []):
			if typeof(detail) == TYPE_DICTIONARY:
				reason = str(detail.get("reason", reason))
		return {
			"error":
			{
				"code": int(answer.get("code", 2)),
				"message": str(answer.get("message", "")),
				"reason": reason,
			}
		}
	return answer


static func _error(code: int, message: String) -> Dictionary:
	return {"error": {"code": code, "message": message, "reason": ""}}


## Whether a body is gzip (its magic bytes): JSON never starts with 0x1f.
static func is_gzip(raw: PackedByteArray) -> bool:
	return raw.size() >= 18 and raw[0] == 0x1f and raw[1] == 0x8b
