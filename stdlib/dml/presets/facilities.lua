--- dml.presets.facilities: where a cluster runs (see `dml --doc facility`): its overheads and
--- prices, for the energy and cost of transformer runs. Use one as a cluster's `facility`:
--- `dml.cluster { gpu = ..., levels = ..., size = 1024, facility = facilities.hyperscale_owned }`.
--- Prices change fast; these are 2024-2025 figures, each with its source.
local _, core = ...  -- dml.core, from the loader (no global lookup: a script may replace select)
local M = {}

local host = "estimate: a DGX H100 draws 6.5-8.5 kW in typical use and 10.2 kW at most (NVIDIA DGX H100 user guide, via secondary sources); less 8 GPUs at about 650 W that leaves 160-410 W per GPU for CPUs, memory, NVSwitch, NICs and fans: 300 W"
local capital = "about $47-52K per H100 all in (server, 8 x 400 Gb/s InfiniBand, switches), Aug 2024 quotes (tech-talk-cto 'H100 Freakonomics')"

M.hyperscale_owned = {
  pue = 1.1, host_watts_per_gpu = 300, energy_price = 0.08, capital_per_gpu = 50000, lifetime_years = 4, priced_gpu = "H100 SXM",
  sources = {
    pue = "Google: fleet PUE 1.10 (2021); hyperscale sites 1.1-1.2 (Uptime Institute)",
    host_watts_per_gpu = host, energy_price = "assumed: a US industrial electricity price, $0.08 per kWh",
    capital_per_gpu = capital, lifetime_years = "assumed: 4 years",
  },
}
M.industry_average = {
  pue = 1.58, host_watts_per_gpu = 300, energy_price = 0.08, capital_per_gpu = 50000, lifetime_years = 4, priced_gpu = "H100 SXM",
  sources = {
    pue = "Uptime Institute global survey 2023: average PUE 1.58",
    host_watts_per_gpu = host, energy_price = "assumed: a US industrial electricity price, $0.08 per kWh",
    capital_per_gpu = capital, lifetime_years = "assumed: 4 years",
  },
}
M.cloud_h100 = {
  pue = 1.2, host_watts_per_gpu = 300, gpu_hour_price = 2.49, priced_gpu = "H100 SXM",
  sources = {
    pue = "assumed: a modern cloud data centre, 1.2", host_watts_per_gpu = host,
    gpu_hour_price = "Lambda on-demand H100 SXM: $2.49-2.99 per GPU-hour (2025-2026 listings)",
  },
}

-- Strict: reading a preset that does not exist is an error with did-you-mean (pairs lists them).
return core.strict(core.strict_records(M, "dml.presets.facilities", "facility"), "dml.presets.facilities", "preset")
