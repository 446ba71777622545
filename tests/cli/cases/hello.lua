-- The smallest scenario: prints a line.
print("hello from dml " .. dml.version)
