-- A library found through DML_PATH (searched before --lib).
return { where = "DML_PATH" }
