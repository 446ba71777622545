-- The paper's settings, clusters and comparisons are strict too.
local paper = dml.paper.erdil2024
print(dml.largest_run(paper.settings.h100))
