-- Requires a library that is not next to this scenario.
print(require("sitelib").where)
