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

export var gateway := "http://127.0.0.1:8080"
export var timeout_s := 30.0


func call_rpc(service: String, method: String, request: Dictionary):
	var http := HTTPRequest.new()
	http.timeout = timeout_s
	add_child(http)
	var url := "%s/backgammon.v1.%s/%s" % [gateway, service, method]
	var err := http.request(url, ["Content-Type: application/json"], true, HTTPClient.METHOD_POST, to_json(request))
	if err != OK:
		http.queue_free()
		yield(get_tree(), "idle_frame")  # a coroutine either way, so callers can always yield on it
		return {"error": {"code": 14, "message": "request not sent (error %d)" % err, "reason": ""}}
	var done = yield(http, "request_completed")  # [result, status, headers, body]
	http.queue_free()
	if done[0] != HTTPRequest.RESULT_SUCCESS:
		return {"error": {"code": 14, "message": "no answer from %s (result %d)" % [url, done[0]], "reason": ""}}
	var parsed := JSON.parse(done[3].get_string_from_utf8())
	if parsed.error != OK or typeof(parsed.result) != TYPE_DICTIONARY:
		return {"error": {"code": 2, "message": "HTTP %d, not JSON" % done[1], "reason": ""}}
	var answer: Dictionary = parsed.result
	if done[1] != 200:
		var reason := ""
		for detail in answer.get("details", []):
			reason = detail.get("reason", reason)
		return {"error": {"code": int(answer.get("code", 2)), "message": str(answer.get("message", "")), "reason": reason}}
	return answer
