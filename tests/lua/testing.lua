-- Small assertions for the Lua-level tests in tests/lua/. Each test file is a
-- scenario run by `dml`; it passes when it exits 0.
local M = {}

local function fail(msg, level)
  error(msg, (level or 1) + 1)
end

--- eq(actual, expected[, what]): equal by ==.
function M.eq(actual, expected, what)
  if actual ~= expected then
    fail(string.format("%s: expected %s, got %s", what or "value", tostring(expected), tostring(actual)), 2)
  end
end

--- near(actual, expected[, rel]): relative difference at most rel (default 1e-12). A NaN or an
--- infinity is near nothing but an equal infinity (the difference of two would be NaN or inf,
--- which no comparison below catches).
function M.near(actual, expected, rel, what)
  rel = rel or 1e-12
  local finite = function(x) return x == x and x ~= math.huge and x ~= -math.huge end
  if not (finite(actual) and finite(expected)) then
    if actual ~= expected then
      fail(string.format("%s: expected %.17g, got %.17g", what or "value", expected, actual), 2)
    end
    return
  end
  local scale = math.max(math.abs(expected), math.abs(actual))
  if math.abs(actual - expected) > rel * scale then
    fail(string.format("%s: expected %.17g, got %.17g (rel %g)", what or "value", expected, actual, rel), 2)
  end
end

--- raises(fn, expected_message): fn() must raise an error whose message equals
--- expected_message exactly (a string), or matches it (a table { pattern = "..." }).
function M.raises(fn, expected)
  local ok, err = pcall(fn)
  if ok then fail("expected an error, got none", 2) end
  err = tostring(err)
  if type(expected) == "table" then
    if not err:find(expected.pattern) then
      fail(string.format("error %q does not match %q", err, expected.pattern), 2)
    end
  elseif err ~= expected then
    fail(string.format("expected error\n  %s\ngot\n  %s", expected, err), 2)
  end
end

--- raises_here(fn, message): fn() must raise exactly "<calling file>:<line of
--- this call>: message" (keep the call on one line). The file is matched by its
--- name, whatever directory the test runs from.
function M.raises_here(fn, message)
  local info = debug.getinfo(2, "Sl")
  local file = info.short_src:match("[^/]*$")
  local ok, err = pcall(fn)
  if ok then fail("expected an error, got none", 2) end
  err = tostring(err)
  local want = file .. ":" .. info.currentline .. ": " .. message
  local before = err:sub(-#want - 1, -#want - 1)
  if err:sub(-#want) ~= want or not (before == "" or before == "/") then
    fail(string.format("expected error\n  %s\ngot\n  %s", want, err), 2)
  end
end

--- raises_in_this_file(fn, message): fn() raises exactly `message`, positioned at
--- some line of the calling file (for calls that span several lines).
function M.raises_in_this_file(fn, message)
  local file = debug.getinfo(2, "S").short_src:match("[^/]*$")
  M.raises(fn, { pattern = file:gsub("%p", "%%%0") .. ":%d+: " .. message:gsub("%p", "%%%0") .. "$" })
end

--- read(path), write(path, text): a whole file, in binary mode.
function M.read(path)
  local f = assert(io.open(path, "rb"))
  local s = f:read("a")
  f:close()
  return s
end

function M.write(path, s)
  local f = assert(io.open(path, "wb"))
  f:write(s)
  f:close()
end

--- scratch_dir(): a new empty directory, with listing() (what is in it) and
--- remove() (the directory and its contents).
function M.scratch_dir()
  local dir = os.tmpname()
  os.remove(dir)
  assert(os.execute("mkdir '" .. dir .. "'"))
  local function listing()
    local p = assert(io.popen("ls -A '" .. dir .. "'"))
    local s = p:read("a")
    p:close()
    return s
  end
  local function remove() assert(os.execute("rm -rf '" .. dir .. "'")) end
  return dir, listing, remove
end

return M
