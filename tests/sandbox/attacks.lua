-- The sandbox and the limits under attack: every escape and bomb a stranger's scenario could
-- try, each run as its own `dml` process, and what the host must show for it: the exit status,
-- the exact message (file and line), and what must still be true of the files afterwards.
-- A positive control beside each refusal shows the refusal is not vacuous.
--
--   dml tests/sandbox/attacks.lua DML GROUP    (GROUP: escapes, bombs or signals)
--
-- This driver runs outside the sandbox: it needs io and os to make files and start processes.
local dml_exe, group = arg[1], arg[2]
assert(dml_exe and group, "usage: dml attacks.lua DML escapes|bombs|signals")

local function sh(cmd)
  local p = assert(io.popen(cmd .. " 2>&1"))
  local out = p:read("a")
  p:close()
  return out
end

local function read(path)
  local f = io.open(path, "rb")
  if not f then return nil end
  local s = f:read("a")
  f:close()
  return s
end

local function write(path, text)
  local f = assert(io.open(path, "wb"))
  f:write(text)
  f:close()
end

local function exists(path) return read(path) ~= nil end

local root = sh("mktemp -d"):gsub("%s+$", "")
local work = root .. "/work"
assert(os.execute(string.format("mkdir -p %q %q && ln -s ../outside %q", work, root .. "/outside",
  work .. "/link")))
-- A link to a folder inside (inner -> sub), in which a link leads out (sub/esc -> ../../outside).
assert(os.execute(string.format("mkdir -p %q && ln -s sub %q && ln -s ../../outside %q", work .. "/sub",
  work .. "/inner", work .. "/sub/esc")))

local function quote(s) return "'" .. s:gsub("'", "'\\''") .. "'" end

-- Runs `script` as work/attack.lua with `flags`; returns exit status, stdout, stderr, seconds.
local function run(script, flags)
  write(work .. "/attack.lua", script)
  write(work .. "/victim.txt", "precious\n")
  local cmd = string.format(
    "cd %s && s=$(date +%%s%%N) && timeout -s KILL 60 %s %s attack.lua > out.txt 2> err.txt; " ..
    "echo $? $(( ($(date +%%s%%N) - s) / 1000000 ))", quote(work), quote(dml_exe), flags or "--sandbox")
  local code, ms = sh(cmd):match("(%d+) (%d+)")
  return tonumber(code), read(work .. "/out.txt"), read(work .. "/err.txt"), tonumber(ms) / 1000
end

local failures, count = 0, 0
local function case(c)
  count = count + 1
  local code, out, err, seconds = run(c.script, c.flags)
  local problems = {}
  if code ~= c.code then problems[#problems + 1] = string.format("exit %d, expected %d", code, c.code) end
  if c.err and err ~= c.err .. "\n" then
    problems[#problems + 1] = string.format("stderr %q, expected %q", err, c.err .. "\n")
  end
  if c.err_has and not err:find(c.err_has, 1, true) then
    problems[#problems + 1] = string.format("stderr %q does not say %q", err, c.err_has)
  end
  if c.out and out ~= c.out then problems[#problems + 1] = string.format("stdout %q, expected %q", out, c.out) end
  if c.within and seconds > c.within then
    problems[#problems + 1] = string.format("took %.2f s, expected at most %.2f s", seconds, c.within)
  end
  -- What no attack may change.
  if exists(work .. "/pwned") or exists(root .. "/pwned") or exists(root .. "/outside/x.csv") then
    problems[#problems + 1] = "a file was written outside what the sandbox allows"
  end
  if read(work .. "/victim.txt") ~= "precious\n" then problems[#problems + 1] = "victim.txt changed" end
  if c.after then
    local msg = c.after()
    if msg then problems[#problems + 1] = msg end
  end
  os.remove(work .. "/pwned")
  os.remove(root .. "/pwned")
  if #problems > 0 then
    failures = failures + 1
    print(string.format("FAIL %s\n  %s", c.name, table.concat(problems, "\n  ")))
  else
    print(string.format("ok   %s (%.2f s)", c.name, seconds))
  end
end

local function not_available(name, line)
  return string.format("dml: attack.lua:%d: '%s' is not available in the sandbox (see docs/security.md)",
    line or 1, name)
end
local function os_refused(name, line)
  return string.format("dml: attack.lua:%d: os.%s: not available in the sandbox (os has clock, date and time)",
    line or 1, name)
end

local groups = {}

-- --- Escapes: what the sandbox leaves out ------------------------------------------------------
groups.escapes = function()
  case { name = "os.execute", script = 'os.execute("touch pwned")', code = 1, err = os_refused("execute") }
  case { name = "os.exit(7) ends nothing but the script", script = "os.exit(7)", code = 1, err = os_refused("exit") }
  case { name = "os.remove", script = 'os.remove("victim.txt")', code = 1, err = os_refused("remove") }
  case { name = "os.rename", script = 'os.rename("victim.txt", "pwned")', code = 1, err = os_refused("rename") }
  case { name = "os.getenv", script = 'print(os.getenv("HOME"))', code = 1, err = os_refused("getenv") }
  case { name = "os.tmpname", script = 'print(os.tmpname())', code = 1, err = os_refused("tmpname") }
  case { name = "os keeps clock, date and time", code = 0, out = "number\tstring\tnumber\n",
    script = 'print(math.type(os.time()) and "number", type(os.date("%Y-%m-%d")), type(os.clock()))' }
  case { name = "io.popen", script = 'io.popen("touch pwned")', code = 1, err = not_available("io") }
  case { name = "io.open for writing", script = 'io.open("pwned", "w"):write("x")', code = 1,
    err = not_available("io") }
  case { name = "io.lines of a secret", script = 'for l in io.lines("/etc/passwd") do print(l) end',
    code = 1, err = not_available("io") }
  case { name = "package.loadlib (native code)", script = 'package.loadlib("libc.so.6", "system")("touch pwned")',
    code = 1, err = not_available("package") }
  case { name = "require of the package library", script = 'require "package"', code = 1,
    err = 'dml: attack.lua:1: require "package": not available in the sandbox (see docs/security.md)' }
  case { name = "require of io, at the line that asked", script = 'local x = 1\nrequire "io"', code = 1,
    err = 'dml: attack.lua:2: require "io": not available in the sandbox (see docs/security.md)' }
  case { name = "require of os gives the sandbox's os", script = 'print(require("os").execute)', code = 1,
    err_has = "os.execute: not available in the sandbox" }
  case { name = "debug.sethook (turns off the limits)", script = "debug.sethook()", code = 1,
    err = not_available("debug") }
  case { name = "debug.getregistry (dml's private core)", script = "print(debug.getregistry())", code = 1,
    err = not_available("debug") }
  case { name = "dofile", script = 'dofile("/etc/passwd")', code = 1, err = not_available("dofile") }
  case { name = "loadfile", script = 'loadfile("/etc/passwd")', code = 1, err = not_available("loadfile") }
  case { name = "setmetatable(_G, nil) keeps strict globals",
    script = "setmetatable(_G, nil)\nprint(undefined_name)", code = 1,
    err = "dml: attack.lua:1: setmetatable: cannot change a protected metatable" }
  case { name = "strict globals after the attempt", code = 1,
    script = "pcall(setmetatable, _G, nil)\nrawset(_G, 'x', 1)\nprint(x, undefined_name)",
    err = "dml: attack.lua:3: undefined global 'undefined_name'" }
  case { name = "string.dump says it is gone", script = "string.dump(print)", code = 1,
    err_has = "string.dump: not available in the sandbox (dml loads Lua text only)" }
  case { name = "a binary chunk", code = 1,
    script = 'assert(load("\\27Lua\\x54\\0\\25\\147\\r\\n\\26\\n junk", "x", "b"))',
    err = 'dml: attack.lua:1: load: binary chunks are refused (mode "b"); dml loads Lua text only' }
  case { name = "a binary chunk in text mode", code = 0, out = "nil\tattempt to load a binary chunk (mode is 't')\n",
    script = 'print(load("\\27Lua\\x54\\0\\25\\147\\r\\n\\26\\n junk"))' }
  case { name = "collectgarbage beyond counting", script = 'collectgarbage("stop")', code = 1,
    err = 'dml: attack.lua:1: collectgarbage("stop"): not available in the sandbox (only collectgarbage("count"))' }
  case { name = "collectgarbage counts", script = 'print(collectgarbage("count") > 0)', code = 0, out = "true\n" }
  case { name = "dml.save in the working directory (the control)", code = 0, out = "saved\n",
    script = 'dml.save(dml.table { { a = 1 } }, "ok.csv")\nprint("saved")',
    after = function() if read(work .. "/ok.csv") ~= "a\n1\n" then return "ok.csv not written" end end }
  case { name = "dml.save to an absolute path", script = 'dml.save(dml.table { { a = 1 } }, "' .. root .. '/pwned")',
    code = 1, err = 'dml: attack.lua:1: dml.save: "' .. root .. '/pwned": the sandbox writes only inside ' ..
      'the working directory (a relative path without "..")' }
  case { name = "dml.save through ..", script = 'dml.save(dml.table { { a = 1 } }, "../pwned.csv")', code = 1,
    err = 'dml: attack.lua:1: dml.save: "../pwned.csv": the sandbox writes only inside the working ' ..
      'directory (a relative path without "..")',
    after = function() if exists(root .. "/pwned.csv") then return "../pwned.csv written" end end }
  case { name = "dml.save through a symbolic link out of it", script = 'dml.save(dml.table { { a = 1 } }, "link/x.csv")',
    code = 1, err = 'dml: attack.lua:1: dml.save: "link/x.csv": link is a symbolic link that leads out of the ' ..
      'working directory' }
  case { name = "dml.save through a link inside to a link out", code = 1,
    script = 'dml.save(dml.table { { a = 1 } }, "inner/esc/x.csv")',
    err = 'dml: attack.lua:1: dml.save: "inner/esc/x.csv": inner/esc is a symbolic link that leads out of the ' ..
      'working directory' }
  case { name = "dml.save over a symbolic link", code = 1,
    script = 'dml.save(dml.table { { a = 1 } }, "link")',
    err = 'dml: attack.lua:1: dml.save: "link": it is a symbolic link' }
  case { name = "dml.plot out of it", code = 1,
    script = 'dml.plot { path = "../pwned.png", series = { { name = "a", x = { 1, 2 }, y = { 1, 2 } } } }',
    err = 'dml: attack.lua:1: dml.plot: "../pwned.png": the sandbox writes only inside the working ' ..
      'directory (a relative path without "..")' }
  case { name = "a data file outside the working directory", code = 1,
    script = 'dml.nccl_tests("/etc/passwd")',
    err = 'dml: attack.lua:1: dml.nccl_tests: cannot read /etc/passwd: the sandbox reads only inside the ' ..
      'working directory (a relative path without "..")' }
  case { name = "a data file inside it (the control)", code = 1, script = 'dml.nccl_tests("victim.txt")',
    err = "dml: attack.lua:1: dml.nccl_tests: no nccl-tests table in victim.txt (expected a header line " ..
      "'#  size  count  type ... busbw')" }
  -- (checked before the comparison runs, a usage error as any unwritable --tsv is since
  -- helper-367, and again by dml.save when it writes)
  case { name = "the paper's --tsv is held to the sandbox's rule", code = 2,
    script = 'require("dml.paper.erdil2024").main("base_comparison", "--tsv", "/tmp/pwned.tsv")',
    err_has = '--tsv: "/tmp/pwned.tsv": the sandbox writes only inside the working directory' }
  case { name = "a metatable on strings", code = 0, out = "A\t2 GB\n",
    script = 'getmetatable("").__index = function() error("hijacked") end\n' ..
      'getmetatable("").__add = function() return "x" end\nprint(("a"):upper(), dml.q"1 GB" * 2)' }
  case { name = "dml's own metatables", code = 0, out = "dml.Quantity\t1 GB\n",
    script = 'local mt = getmetatable(dml.q"1 GB")\nmt.__gc = function() while true do end end\n' ..
      'mt.__tostring = function() return "hijacked" end\nprint(mt.__name, dml.q"1 GB")' }
  case { name = "require reads Lua text from the search path (the control)", code = 0, out = "42\n",
    script = 'print(require("mod").answer)' }
  case { name = "require of a binary chunk", code = 1, script = 'require("binary")',
    err_has = "attempt to load a binary chunk (mode is 't')" }
end

-- --- Bombs: what the limits stop -----------------------------------------------------------------
groups.bombs = function()
  local loop = "local n = 0\nwhile true do\n  n = n + 1\nend\n"
  case { name = "an endless loop and --timeout", script = loop, flags = '--sandbox --timeout "0.5 s"', code = 1,
    err = "dml: attack.lua:3: timeout of 500 ms reached", within = 5 }
  case { name = "what was written before a limit stays whole", flags = '--sandbox --timeout "0.5 s"', code = 1,
    script = 'dml.save(dml.table { { a = 1 }, { a = 2 } }, "kept.csv")\nwhile true do end',
    err = "dml: attack.lua:2: timeout of 500 ms reached",
    after = function()
      local kept = read(work .. "/kept.csv")
      os.remove(work .. "/kept.csv")
      if kept ~= "a\n1\n2\n" then return "kept.csv is " .. tostring(kept) end
    end }
  case { name = "a long search and --timeout", flags = '--sandbox --timeout "0.5 s"', code = 1, within = 5,
    script = 'local gpus = require "dml.presets.gpus"\n' ..
      'local deep = dml.cluster { gpu = gpus.h100_sxm, levels = {\n' ..
      '  { name = "nvlink", size = 8, bandwidth = "900 GB/s", latency = "1.125 us" },\n' ..
      '  { name = "rail", size = 64, bandwidth = "400 GB/s", latency = "2 us" },\n' ..
      '  { name = "pod", size = 4096, bandwidth = "200 GB/s", latency = "3 us" },\n' ..
      '  { name = "ib", bandwidth = "100 GB/s", latency = "5 us" } } }\n' ..
      'dml.optimize(dml.run { model = dml.mlp_stack { d_model = 36864, experts = 24 }, cluster = deep,\n' ..
      '  options = dml.options { reference_search = true } })',
    err = "dml: attack.lua:7: timeout of 500 ms reached" }
  case { name = "an endless loop and --max-instructions", script = loop, flags = "--sandbox --max-instructions 1e6",
    code = 1, err = "dml: attack.lua:3: instruction limit of 1,000,000 reached" }
  case { name = "an endless loop that catches its errors", flags = '--sandbox --timeout "0.5 s"', code = 1,
    script = "while true do\n  pcall(function() while true do end end)\nend\n",
    err = "dml: attack.lua:2: timeout of 500 ms reached", within = 5 }
  case { name = "an error whose __tostring loops", flags = '--sandbox --timeout "0.5 s"', code = 1,
    script = 'error(setmetatable({}, { __tostring = function() while true do end end }))',
    err_has = "timeout of 500 ms reached", within = 5 }
  case { name = "a __close that loops", flags = '--sandbox --timeout "0.5 s"', code = 1,
    script = 'do\n  local x <close> = setmetatable({}, { __close = function() while true do end end })\n' ..
      '  error("out")\nend', err_has = "timeout of 500 ms reached", within = 5 }
  case { name = "string.rep of a terabyte", script = 'local s = string.rep("x", 1e12)', code = 1,
    err = "dml: attack.lua:1: resulting string too large" }
  case { name = "string.rep of two gigabytes and --max-memory", flags = '--sandbox --max-memory "50 MB"', code = 1,
    script = 'local s = string.rep("x", 2e9)', err = "dml: attack.lua:1: memory limit of 50 MB reached" }
  case { name = "a memory limit below what the stdlib holds (no crash)", flags = '--sandbox --max-memory "100 kB"',
    code = 1, script = "print(1)", err_has = "memory limit of 100 kB reached" }
  case { name = "a table that grows forever", flags = '--sandbox --max-memory "50 MB"', code = 1,
    script = 'local t = {}\nwhile true do\n  t[#t + 1] = ("x"):rep(100) .. #t\nend',
    err = "dml: attack.lua:3: memory limit of 50 MB reached" }
  case { name = "coroutines that grow forever", flags = '--sandbox --max-memory "50 MB"', code = 1,
    script = 'local all = {}\nwhile true do\n  all[#all + 1] = coroutine.create(function() end)\nend',
    err = "dml: attack.lua:3: memory limit of 50 MB reached" }
  case { name = "deep recursion", script = "local function f(n) return 1 + f(n + 1) end\nf(1)", code = 1,
    err_has = "stack overflow" }
  case { name = "deep recursion through metamethods", code = 1,
    script = "local t = setmetatable({}, { __index = function(t, k) return t[k] end })\nprint(t.x)",
    err_has = "stack overflow" }
  case { name = "deep recursion through tostring", code = 1,
    script = "print(setmetatable({}, { __tostring = function(s) return tostring(s) end }))",
    err_has = "stack overflow" }
  case { name = "deep recursion through dml's C++", code = 1,
    script = "local mt = {}\nmt.__len = function() return dml.limits_many(setmetatable({}, mt)) end\n" ..
      "dml.limits_many(setmetatable({}, mt))", err_has = "stack overflow" }
  case { name = "a __gc that loops at exit (the sandbox refuses it)", code = 1,
    script = "setmetatable({}, { __gc = function() while true do end end })",
    err = "dml: attack.lua:1: setmetatable: __gc metamethods are not available in the sandbox (a finalizer " ..
      "runs where no limit reaches it)" }
  case { name = "a __gc that loops at exit, outside the sandbox, and --timeout", flags = '--timeout "1 s"', code = 1,
    script = "setmetatable({}, { __gc = function() while true do end end })\nprint('done')", out = "done\n",
    err = "dml: timeout of 1 s reached and closing the script did not end (a __gc metamethod?); exiting",
    within = 10 }
  case { name = "a __gc that loops in a collection, outside the sandbox, and --timeout", flags = '--timeout "1 s"',
    code = 1, script = "setmetatable({}, { __gc = function() while true do end end })\ncollectgarbage()",
    err = "dml: timeout of 1 s reached and the script did not stop (a long C call such as dml.save of a large table, or a __gc metamethod?); exiting",
    within = 10 }
  case { name = "a pattern that backtracks for hours, and --timeout (the watchdog)", flags = '--sandbox --timeout "1 s"',
    code = 1, script = 'local s = string.rep("a", 5000)\nprint(s:find(string.rep("a-", 20) .. "b"))',
    err = "dml: timeout of 1 s reached and the script did not stop (a long C call such as dml.save of a large table, or a __gc metamethod?); exiting",
    within = 10 }
  case { name = "a coroutine that yields across a dml call", code = 1,
    script = 'coroutine.wrap(function()\n  dml.limits_many(setmetatable({}, { __len = function() ' ..
      'coroutine.yield() end }))\nend)()', err_has = "attempt to yield across a C-call boundary" }
  case { name = "a coroutine that yields inside a sweep's run (Lua frames only)", code = 0, out = "1\n",
    script = 'local gpus = require "dml.presets.gpus"\n' ..
      'local c = dml.cluster { gpu = gpus.h100_sxm, levels = { { name = "a", size = 8, ' ..
      'bandwidth = "900 GB/s", latency = "1 us" }, { name = "b", bandwidth = "100 GB/s", latency = "2 us" } } }\n' ..
      'local co = coroutine.wrap(function()\n  return dml.sweep { grid = { d = { 12288 } }, run = function(p)\n' ..
      '    coroutine.yield()\n    return dml.run { model = dml.mlp_stack { d_model = p.d }, cluster = c }\n' ..
      '  end }\nend)\nco()\nprint(#co())' }
  case { name = "coroutines around dml calls (the control)", code = 0, out = "1 GB\t2 GB\n",
    script = 'local co = coroutine.wrap(function() coroutine.yield(dml.q"1 GB") return dml.q"2 GB" end)\n' ..
      'print(co(), co())' }
end

-- --- Signals: Ctrl-C -------------------------------------------------------------------------------
-- Runs `script` in the background, sends SIGINT after `first` s and again after `second` s
-- more (if given); returns exit status, stdout, stderr and the seconds from the first signal to
-- the exit. SIGINT is reset to its default for dml (a shell's background job ignores it).
local function interrupt(script, flags, first, second, signal)
  write(work .. "/attack.lua", script)
  write(work .. "/victim.txt", "precious\n")
  signal = signal or "INT"
  local cmd = string.format(
    "cd %s && { env --default-signal=INT %s %s attack.lua > out.txt 2> err.txt & p=$!; " ..
    "sleep %s; s=$(date +%%s%%N); kill -%s $p; %s wait $p; echo $? $(( ($(date +%%s%%N) - s) / 1000000 )); }",
    quote(work), quote(dml_exe), flags or "", first, signal,
    second and ("sleep " .. second .. "; kill -" .. signal .. " $p;") or "")
  local code, ms = sh(cmd):match("(%d+) (%d+)")
  return tonumber(code), read(work .. "/out.txt"), read(work .. "/err.txt"), tonumber(ms) / 1000
end

local function signal_case(c)
  count = count + 1
  local code, out, err, seconds = interrupt(c.script, c.flags, c.first or 1, c.second, c.signal)
  local problems = {}
  if code ~= c.code then problems[#problems + 1] = string.format("exit %d, expected %d", code, c.code) end
  if c.err and err ~= c.err .. "\n" then problems[#problems + 1] = string.format("stderr %q, expected %q", err, c.err .. "\n") end
  if c.out and out ~= c.out then problems[#problems + 1] = string.format("stdout %q, expected %q", out, c.out) end
  if c.within and seconds > c.within then
    problems[#problems + 1] = string.format("exited %.2f s after the signal, expected at most %.2f s", seconds, c.within)
  end
  if c.after then
    local msg = c.after()
    if msg then problems[#problems + 1] = msg end
  end
  if #problems > 0 then
    failures = failures + 1
    print(string.format("FAIL %s\n  %s", c.name, table.concat(problems, "\n  ")))
  else
    print(string.format("ok   %s (exit %.2f s after the signal)", c.name, seconds))
  end
end

groups.signals = function()
  local deep = [[
local gpus = require "dml.presets.gpus"
local deep = dml.cluster { gpu = gpus.h100_sxm, levels = {
  { name = "nvlink", size = 8, bandwidth = "900 GB/s", latency = "1.125 us" },
  { name = "rail", size = 64, bandwidth = "400 GB/s", latency = "2 us" },
  { name = "pod", size = 4096, bandwidth = "200 GB/s", latency = "3 us" },
  { name = "ib", bandwidth = "100 GB/s", latency = "5 us" } } }
local flat = dml.cluster { gpu = gpus.h100_sxm, levels = {
  { name = "nvlink", size = 8, bandwidth = "900 GB/s", latency = "1.125 us" },
  { name = "ib", bandwidth = "100 GB/s", latency = "5 us" } } }
local function run(d)  -- below 20000: a millisecond; above: seconds (the paper's reference search)
  return dml.run { model = dml.mlp_stack { d_model = d, experts = d < 20000 and 1 or 24 },
    cluster = d < 20000 and flat or deep, duration = "90 days",
    options = dml.options { reference_search = d > 20000 } }
end
]]
  signal_case { name = "Ctrl-C in a Lua loop", script = "local n = 0\nwhile true do\n  n = n + 1\nend\n",
    code = 130, err = "dml: interrupted at attack.lua:3", within = 1 }
  signal_case { name = "Ctrl-C in one long search", script = deep .. "print(dml.optimize(run(36864)))",
    code = 130, err = "dml: interrupted at attack.lua:15", within = 1 }
  -- A sweep stopped at its third point: the two finished rows printed and saved.
  local sweep_script = deep .. "local t = dml.sweep { grid = { d = { 12288, 16384, 36864, 36864 } }, " ..
    "run = function(p) return run(p.d) end }\nprint(#t, t.interrupted)\ndml.save(t, 'rows.csv')\n"
  local function two_rows_saved()
    local rows = read(work .. "/rows.csv")
    local n = 0
    for _ in (rows or ""):gmatch("\n") do n = n + 1 end
    if n ~= 3 then return "rows.csv has " .. n .. " lines, expected a header and 2 rows" end
    os.remove(work .. "/rows.csv")
  end
  signal_case { name = "Ctrl-C in a sweep keeps the finished rows, and the script goes on",
    script = sweep_script, code = 130, out = "2\ttrue\n",
    err = "dml: sweep interrupted: 2 of 4 runs finished", within = 1, after = two_rows_saved }
  -- A batch system's time limit (Slurm's SIGTERM) stops a sweep as Ctrl-C does, so the script
  -- saves the finished rows (helper-104: SIGTERM killed dml and lost them), exit 128 + 15.
  signal_case { name = "SIGTERM in a sweep keeps the finished rows, and the script saves them",
    signal = "TERM", script = sweep_script, code = 143, out = "2\ttrue\n",
    err = "dml: sweep interrupted: 2 of 4 runs finished", within = 1, after = two_rows_saved }
  -- GNU timeout signals the command and then its process group, the command again (helper-171:
  -- the second SIGTERM exited at once and lost the rows): the same signal twice at once is one
  -- (20 ms apart: the first is handled before the second comes, and they do not merge).
  -- (The script works on for 0.1 s of CPU time after the sweep, so that the second comes while
  -- it runs; on a loaded machine that is longer on the clock: within 3 s.)
  local busy_after = sweep_script:gsub("dml.save", "local t0 = os.clock()\nwhile os.clock() - t0 < 0.1 do end\ndml.save")
  signal_case { name = "SIGTERM twice at once (GNU timeout's) keeps the finished rows",
    signal = "TERM", second = 0.02, script = busy_after, code = 143, out = "2\ttrue\n",
    err = "dml: sweep interrupted: 2 of 4 runs finished", within = 3, after = two_rows_saved }
  signal_case { name = "SIGHUP in a Lua loop", signal = "HUP",
    script = "local n = 0\nwhile true do\n  n = n + 1\nend\n", code = 129,
    err = "dml: interrupted at attack.lua:3", within = 1 }
  signal_case { name = "Ctrl-C in the sandbox", flags = "--sandbox",
    script = "local n = 0\nwhile true do\n  n = n + 1\nend\n", code = 130,
    err = "dml: interrupted at attack.lua:3", within = 1 }
  signal_case { name = "a second Ctrl-C exits at once (a __gc that loops, outside the sandbox)",
    script = "setmetatable({}, { __gc = function() while true do end end })\ncollectgarbage()\n",
    second = 0.3, code = 130, err = "\ndml: interrupted", within = 1 }
end

-- The modules require finds beside the script: Lua text, and a binary chunk.
write(work .. "/mod.lua", "return { answer = 42 }\n")
write(work .. "/binary.lua", "\27Lua\x54\0\25\147\r\n\26\n junk")
assert(groups[group], "unknown group " .. tostring(group))()
sh(string.format("rm -rf %s", quote(root)))
print(string.format("%d of %d cases failed", failures, count))
os.exit(failures == 0 and 0 or 1)
