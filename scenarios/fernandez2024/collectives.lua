-- All-reduce bus bandwidth against message size on 4 to 512 nodes of 8 H100s: the readings of
-- Fernandez et al. (2024) beside dml's collective model. Arguments: [--tsv FILE] [--plot FILE]
require("dml.paper.fernandez2024").collectives_main(...)
