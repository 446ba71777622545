error("cycle_bad fails to load")
