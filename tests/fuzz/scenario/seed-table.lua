local t = dml.table({ { name = "a", bw = dml.q"1 GB/s" }, { name = "b", n = 2 } }, { title = "t" })
t:add { name = "c", n = 3 }
print(t, t:column("name").n, #t)
for k, v in pairs(dml.presets.networks) do print(k, v.bandwidth) end
print(dml.doc("cluster"), dml.fields("run")[1].name)
