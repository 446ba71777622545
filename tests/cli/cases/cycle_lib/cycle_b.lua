local a = require "cycle_a"
return { a = a }
