-- The points dml scenarios/erdil2024/all_comparisons.lua --tsv writes are those the five
-- comparisons' own --tsv files hold: the same header, and the same lines, each as often.
-- Usage: dml same_points.lua ALL.tsv PART.tsv...
local all_path = ...
local parts = { select(2, ...) }
assert(all_path and #parts > 0, "usage: dml same_points.lua ALL.tsv PART.tsv...")

local function lines(path)
  local f = assert(io.open(path, "r"))
  local header, out = nil, {}
  for line in f:lines() do
    if header == nil then header = line else out[#out + 1] = line end
  end
  f:close()
  assert(header and #out > 0, path .. ": no points")
  return header, out
end

local header, all = lines(all_path)
local count, n = {}, 0
for _, path in ipairs(parts) do
  local h, rows = lines(path)
  assert(h == header, string.format("%s: another header than %s's", path, all_path))
  for _, l in ipairs(rows) do count[l] = (count[l] or 0) + 1; n = n + 1 end
end
assert(#all == n, string.format("%s: %d points, the parts %d", all_path, #all, n))
for i, l in ipairs(all) do
  assert((count[l] or 0) > 0, string.format("%s:%d: a point no part holds: %s", all_path, i + 1, l:sub(1, 120)))
  count[l] = count[l] - 1
end
print(string.format("the %d points of %s are the parts' %d", #all, all_path, n))
