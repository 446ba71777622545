-- The paper's batch-size comparison: dense models on H100 with a fixed 4 Mi-token
-- batch, the default rule (C^(1/6)) and DeepSeek's fit. Arguments: [--tsv FILE] [--plot FILE]
require("dml.paper.erdil2024").main("batch_size_comparison", ...)
