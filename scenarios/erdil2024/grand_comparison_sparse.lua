-- The paper's grand comparison for mixture-of-experts models: the H100 and its
-- faster-network variants. Arguments: [--tsv FILE] [--plot FILE]
require("dml.paper.erdil2024").main("grand_comparison_sparse", ...)
