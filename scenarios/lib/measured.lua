-- measured: the measured-runs library moved into dml's stdlib as `dml.measured` (so that
-- dml.calibrate can use it); this file keeps `require "measured"` working for scenarios that
-- put scenarios/lib on the search path. New scenarios: require "dml.measured".
return require "dml.measured"
