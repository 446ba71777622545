-- The paper's grand comparison, dense: the H100 against its 10x-lower-latency,
-- global-NVLink and infinite-network variants. Arguments: [--tsv FILE] [--plot FILE]
require("dml.paper.erdil2024").main("grand_comparison_dense", ...)
