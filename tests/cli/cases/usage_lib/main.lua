local args = require "args"
print(args.need_file({ ... }))
