-- The paper's base comparison for mixture-of-experts models (8 experts at
-- d_model 12288, growing with width) on V100, A100 and H100. Arguments: [--tsv FILE] [--plot FILE]
require("dml.paper.erdil2024").main("base_comparison_sparse", ...)
