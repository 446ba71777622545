-- require of a module that is nowhere.
local m = require "no_such_module"
