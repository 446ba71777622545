-- The paper's base comparison (Erdil & Schneider-Joseph 2024): dense models on
-- V100, A100 and H100 clusters, each sized to train in 3 months. Arguments: [--tsv FILE] [--plot FILE]
require("dml.paper.erdil2024").main("base_comparison", ...)
