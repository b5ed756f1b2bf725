-- Envoy's Lua filter in front of the JSON transcoder: refuses a JSON request
-- the transcoder would quietly get wrong or explain only as text/plain.
--
-- The transcoder drops a field the message does not have ("match_lenght"
-- starts a money game) and answers a bad enum or malformed JSON with a
-- text/plain 400. This reads the body once against the request message's
-- schema (METHODS, MESSAGES and ENUMS, prepended by deploy/envoy/strict_json.py
-- from the protos) and answers the first problem as a google.rpc.Status:
-- INVALID_ARGUMENT with a google.rpc.BadRequest naming the field's path, as
-- the server names its own (rules.match_length, actions[2].kind).
-- A request it finds sound goes on unchanged; the transcoder still parses it.

local MAX_DEPTH = 64
local NAME_MAX = 100 -- a client's key is quoted back at most this long
local ESCAPES = { ['"'] = '"', ["\\"] = "\\", ["/"] = "/", b = "\b", f = "\f", n = "\n", r = "\r", t = "\t" }
local INT32 = { i32 = { -2147483648, 2147483647 }, u32 = { 0, 4294967295 } }
local FLOAT_WORDS = { NaN = true, Infinity = true, ["-Infinity"] = true }

local function utf8char(code)
  if code < 0x80 then
    return string.char(code)
  elseif code < 0x800 then
    return string.char(0xC0 + math.floor(code / 64), 0x80 + code % 64)
  end
  return string.char(0xE0 + math.floor(code / 4096), 0x80 + math.floor(code / 64) % 64, 0x80 + code % 64)
end

-- A JSON string literal of any bytes: non-ASCII bytes escaped one by one, so
-- the answer is valid JSON even when a client's key was not valid UTF-8.
local function quote(text)
  local escaped = text:gsub('[%c"\\\128-\255]', function(c)
    if c == '"' or c == "\\" then
      return "\\" .. c
    end
    return string.format("\\u%04x", c:byte())
  end)
  return '"' .. escaped .. '"'
end

local function shorten(text)
  if #text > NAME_MAX then
    return text:sub(1, NAME_MAX) .. "..."
  end
  return text
end

local function join(field, name)
  if field == "" then
    return name
  end
  return field .. "." .. name
end

-- Reads ``text`` as the JSON of message ``root``; raises {field=, description=} at the first problem.
local function check(text, root)
  local i, n = 1, #text

  local function fail(field, description)
    error({ field = field, description = description }, 0)
  end
  local function malformed(field, what)
    fail(field, string.format("malformed JSON at byte %d: %s", i, what))
  end
  local function skip()
    i = text:find("[^ \t\r\n]", i) or n + 1
  end

  local function str(field)
    i = i + 1
    local parts = {}
    while true do
      local j = text:find('[%c"\\]', i)
      if not j then
        i = n + 1
        malformed(field, "a string is not closed")
      end
      parts[#parts + 1] = text:sub(i, j - 1)
      local c = text:sub(j, j)
      if c == '"' then
        i = j + 1
        return table.concat(parts)
      elseif c == "\127" then -- a control character to Lua, not to JSON
        parts[#parts + 1] = c
        i = j + 1
      elseif c ~= "\\" then
        i = j
        malformed(field, "a control character inside a string")
      else
        local e = text:sub(j + 1, j + 1)
        if ESCAPES[e] then
          parts[#parts + 1] = ESCAPES[e]
          i = j + 2
        elseif e == "u" and text:find("^%x%x%x%x", j + 2) then
          parts[#parts + 1] = utf8char(tonumber(text:sub(j + 2, j + 5), 16))
          i = j + 6
        else
          i = j
          malformed(field, "a bad escape inside a string")
        end
      end
    end
  end

  local function number(field)
    local _, e = text:find("^-?0", i)
    if not e then
      _, e = text:find("^-?[1-9]%d*", i)
    end
    if not e then
      malformed(field, "expected a value (an object, list, string, number, true, false or null)")
    end
    local more = select(2, text:find("^%.%d+", e + 1))
    e = more or e
    more = select(2, text:find("^[eE][-+]?%d+", e + 1))
    e = more or e
    local literal = text:sub(i, e)
    i = e + 1
    return literal
  end

  -- One scalar: its JSON kind ("string", "number", "boolean", "null") and value.
  local function scalar(field)
    local c = text:sub(i, i)
    if c == '"' then
      return "string", str(field)
    elseif text:find("^true", i) then
      i = i + 4
      return "boolean", true
    elseif text:find("^false", i) then
      i = i + 5
      return "boolean", false
    elseif text:find("^null", i) then
      i = i + 4
      return "null", nil
    end
    return "number", number(field)
  end

  -- An object's members, ``each(key)`` reading each value (called with whitespace skipped).
  local function members(field, each)
    i = i + 1
    skip()
    if text:sub(i, i) == "}" then
      i = i + 1
      return
    end
    while true do
      if text:sub(i, i) ~= '"' then
        malformed(field, "expected a field name in double quotes")
      end
      local key = str(field)
      skip()
      if text:sub(i, i) ~= ":" then
        malformed(join(field, shorten(key)), "expected ':' after the field name")
      end
      i = i + 1
      skip()
      each(key)
      skip()
      local c = text:sub(i, i)
      if c == "}" then
        i = i + 1
        return
      elseif c ~= "," then
        malformed(field, "expected ',' or '}' after a field's value")
      end
      i = i + 1
      skip()
    end
  end

  local function elements(field, each)
    i = i + 1
    skip()
    if text:sub(i, i) == "]" then
      i = i + 1
      return
    end
    local index = 0
    while true do
      each(index)
      skip()
      local c = text:sub(i, i)
      if c == "]" then
        i = i + 1
        return
      elseif c ~= "," then
        malformed(field, "expected ',' or ']' after a list item")
      end
      i = i + 1
      index = index + 1
      skip()
    end
  end

  local function any(field, depth)
    if depth > MAX_DEPTH then
      fail(field, "nested too deeply")
    end
    local c = text:sub(i, i)
    if c == "{" then
      members(field, function(key)
        any(join(field, shorten(key)), depth + 1)
      end)
    elseif c == "[" then
      elements(field, function(index)
        any(field .. "[" .. index .. "]", depth + 1)
      end)
    else
      scalar(field)
    end
  end

  local message -- forward: typed() and message() call each other

  local function typed(spec, field, depth)
    if depth > MAX_DEPTH then
      fail(field, "nested too deeply")
    end
    if text:find("^null", i) then -- null is the field's default, whatever its type
      i = i + 4
      return
    end
    local c = text:sub(i, i)
    if spec.r then
      if c ~= "[" then
        fail(field, "expected a list [...]")
      end
      elements(field, function(index)
        typed(spec.item, field .. "[" .. index .. "]", depth + 1)
      end)
      return
    elseif spec.map then
      if c ~= "{" then
        fail(field, "expected an object of key: value pairs")
      end
      members(field, function(key)
        typed(spec.map, field .. "[" .. shorten(key) .. "]", depth + 1)
      end)
      return
    elseif spec.k == "m" then
      if c ~= "{" then
        fail(field, "expected an object {...} (a " .. spec.t .. ")")
      end
      message(spec.t, field, depth + 1)
      return
    elseif spec.k == "any" then
      any(field, depth + 1)
      return
    end
    local kind, value = scalar(field)
    local k = spec.k
    if k == "e" then
      if kind == "string" then
        if not ENUMS[spec.t].names[value] then
          fail(field, "invalid value " .. quote(shorten(value)) .. " for " .. spec.t .. ": one of " .. ENUMS[spec.t].list)
        end
      elseif kind ~= "number" or tonumber(value) ~= math.floor(tonumber(value)) then
        fail(field, "expected the name of a " .. spec.t .. " value, one of " .. ENUMS[spec.t].list)
      end
    elseif k == "s" then
      if kind ~= "string" then
        fail(field, "expected a string")
      end
    elseif k == "y" then
      if kind ~= "string" or not value:find("^[%w+/_-]*=*$") then
        fail(field, "expected bytes as a base64 string")
      end
    elseif k == "b" then
      if kind ~= "boolean" then
        fail(field, "expected true or false")
      end
    elseif k == "f" then
      if kind == "string" then
        if not FLOAT_WORDS[value] and not tonumber(value) then
          fail(field, "expected a number")
        end
      elseif kind ~= "number" then
        fail(field, "expected a number")
      end
    else -- an integer: i32, u32, i64 or u64, as a number or a decimal string
      -- A number with a zero fraction counts, as the transcoder reads it: engines
      -- whose JSON has only floats (Godot) send a count back as 3.0.
      local number = nil
      if kind == "number" or (kind == "string" and value:find("^-?%d+$")) then
        number = tonumber(value)
      end
      if not number or number ~= math.floor(number) or number - number ~= 0 then
        fail(field, "expected an integer")
      end
      if (k == "u32" or k == "u64") and number < 0 then
        fail(field, "expected a non-negative integer")
      end
      local range = INT32[k]
      if range and (number < range[1] or number > range[2]) then
        fail(field, string.format("%s is out of range: %d to %d", value, range[1], range[2]))
      end
    end
  end

  message = function(name, field, depth)
    local fields = MESSAGES[name]
    local oneofs = {}
    members(field, function(key)
      local spec = fields.by_key[key]
      if not spec then
        fail(join(field, shorten(key)), "unknown field: " .. name .. " has " .. fields.list)
      end
      local path = join(field, spec.n)
      if spec.o then
        if oneofs[spec.o] then
          fail(path, "only one of " .. spec.o .. " may be set, and " .. oneofs[spec.o] .. " is")
        end
        oneofs[spec.o] = spec.n
      end
      typed(spec, path, depth)
    end)
  end

  skip()
  if i > n then
    return -- no body: the request message's defaults
  end
  if text:sub(i, i) ~= "{" then
    malformed("", "expected the request message as a JSON object {...}")
  end
  message(root, "", 1)
  skip()
  if i <= n then
    malformed("", "more text after the request object")
  end
end

local function status_json(problem)
  local message = problem.description
  if problem.field ~= "" then
    message = problem.field .. ": " .. problem.description
  end
  return '{"code":3,"message":' .. quote(message) .. ',"details":[{"@type":'
    .. '"type.googleapis.com/google.rpc.BadRequest","field_violations":[{"field":'
    .. quote(problem.field) .. ',"description":' .. quote(problem.description) .. "}]}]}"
end

function envoy_on_request(handle)
  local headers = handle:headers()
  if headers:get(":method") ~= "POST" then
    return
  end
  local content_type = headers:get("content-type") or ""
  if content_type:find("^application/grpc") then
    return -- gRPC and gRPC-Web: protobuf, not JSON
  end
  local root = METHODS[(headers:get(":path") or ""):match("^[^?]*")]
  if not root then
    return -- not an RPC: the transcoder answers 404
  end
  local body = handle:body()
  local text = ""
  if body then
    text = body:getBytes(0, body:length())
  end
  local ok, problem
  local marks = handle:streamInfo():dynamicMetadata():get(METADATA)
  if text == "" and marks and marks["gzipped"] then
    -- Envoy's decompressor passes on nothing for data that is not gzip.
    ok, problem = false, { field = "", description = "the body, sent as Content-Encoding: gzip, is not gzip data" }
  else
    ok, problem = pcall(check, text, root)
  end
  if ok then
    return
  end
  if type(problem) ~= "table" then
    problem = { field = "", description = "the request could not be read: " .. tostring(problem) }
  end
  -- Marks the answer as final JSON, so that local_reply_config leaves it alone.
  handle:streamInfo():dynamicMetadata():set(METADATA, "answered", true)
  handle:respond({ [":status"] = "400", ["content-type"] = "application/json" }, status_json(problem))
end
