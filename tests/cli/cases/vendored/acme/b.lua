return { name = "acme.b" }
