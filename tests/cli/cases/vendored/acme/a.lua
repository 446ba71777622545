local b = require "acme.b"  -- not cases/vendored/acme/acme/b.lua: beside the scenario
return { greeting = "acme.a uses " .. b.name }
