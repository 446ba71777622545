-- Fernandez et al. (2024) as a scenario: see docs/studies.md. Arguments: [--tsv FILE] [--plot FILE]
require("dml.paper.fernandez2024").generations_main(...)
