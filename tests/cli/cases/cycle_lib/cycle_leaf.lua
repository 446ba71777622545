return { name = "leaf, from " .. select(1, ...) }
