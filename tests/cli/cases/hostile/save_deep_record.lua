-- A record nested 100,000 deep is the user's error, named as such: never dml's stack overflow.
local record = {}
local inner = record
for i = 1, 100000 do inner.x = {}; inner = inner.x end
inner.value = 1
dml.save(record, "save_deep_record.json")
