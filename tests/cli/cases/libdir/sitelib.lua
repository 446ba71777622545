-- A library found through --lib.
return { where = "--lib" }
