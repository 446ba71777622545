-- A width past any whole number dml holds is refused where it is written.
local model = dml.mlp_stack { d_model = 2^63 }
