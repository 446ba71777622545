-- A stack preset named as the framework writes it ("megatron-core") is not its key.
local stacks = require "dml.presets.stacks"
local stack = dml.stack(stacks["megatron-core"], { gradient_reduce_bytes = 4 })
