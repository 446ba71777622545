-- A library copied beside the scenario (acme/) requires its own modules by their full names:
-- found beside the scenario when not beside the library's file (helper-85).
local a = require "acme.a"
print(a.greeting)
