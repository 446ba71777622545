-- dml.measured (stdlib/dml/measured.lua): the free-text rules and the framework -> stack mapping, on the
-- strings of tests/validation/measured/public.tsv, and the measured step time of one row of
-- each kind, with the expected value worked out by hand.
local t = require "testing"

local measured = require "dml.measured"

local rows = measured.read_tsv(dml.beside("../validation/measured/public.tsv"))
local by_id = {}
for _, r in ipairs(rows) do by_id[r.run_id] = r end
local function row(id) return assert(by_id[id], id) end
local function copy(r, changes)
  local c = {}
  for k, v in pairs(r) do c[k] = v end
  for k, v in pairs(changes or {}) do
    if v == false then c[k] = nil else c[k] = v end
  end
  return c
end

-- --- The TSV ---------------------------------------------------------------------------------

t.eq(#rows, 112, "public rows")
local small, cols = measured.parse_tsv("a\tb\tc\r\n1\t\tx\n\t2\t\n")
t.eq(#cols, 3); t.eq(#small, 2)
t.eq(small[1].a, "1"); t.eq(small[1].b, nil); t.eq(small[1].c, "x")
t.eq(small[2].a, nil); t.eq(small[2].b, "2"); t.eq(small[2].c, nil)
-- Cells without the spaces around them; "-", "n/a", "NA", "?" and dashes are empty; a short line
-- ends with empty cells; a longer one keeps its row with the reason (the judge refuses only it);
-- blank and "#" lines are skipped, and the lines are still counted.
local loose = measured.parse_tsv(" a \tb\tc\n 1 \t-\tN/A\n\n# note\n\xe2\x80\x94\t ?\n3\t4\t5\t6\n7\t8\t9\t\t\n", "x.tsv")
t.eq(#loose, 4)
t.eq(loose[1].a, "1"); t.eq(loose[1].b, nil); t.eq(loose[1].c, nil)
t.eq(loose[2].a, nil); t.eq(loose[2].b, nil); t.eq(loose[2].c, nil); t.eq(measured.where(loose[2]), "x.tsv:5")
t.eq(measured.row_error(loose[2]), nil)
t.eq(measured.row_error(loose[3]), "x.tsv:6: 4 cells, but the header has 3 columns")
t.eq(select(2, measured.request(loose[3])), "x.tsv:6: 4 cells, but the header has 3 columns")
t.eq(measured.row_error(loose[4]), nil, "empty cells past the header's are no cells")
t.raises(function() measured.parse_tsv("a\ta\n", "x.tsv") end, { pattern = 'x%.tsv:1: column "a" twice' })
-- A header's trailing tabs make no columns; an empty name between two says where (helper-368:
-- the file was refused whole, without the column).
local trailing, tcols = measured.parse_tsv("a\tb\t\t\n1\t2\t\t\n", "x.tsv")
t.eq(#tcols, 2); t.eq(trailing[1].b, "2"); t.eq(measured.row_error(trailing[1]), nil)
t.raises(function() measured.parse_tsv("a\t\tc\n", "x.tsv") end, { pattern = 'x%.tsv:1: an empty column name %(column 2, after "a"%)$' })
-- Rows with fewer cells than the header: read, and said with the first one's line (helper-368:
-- a cell left out in the middle had moved a step time into the sequence length, unsaid).
t.eq(measured.short_rows(trailing, tcols), nil, "every row has its cells")
t.eq(measured.short_rows(loose, { "a", "b", "c" }), "1 row has fewer cells than the header's 3 columns (the first at x.tsv:5, "
  .. "2 cells): the missing cells are read as empty, and a cell left out in the middle moves the later ones into the wrong columns")
local short_rows, scols = measured.parse_tsv("a\tb\tc\n1\t2\t3\n4\t5\n6\n", "s.tsv")
t.eq(measured.short_rows(short_rows, scols), "2 rows have fewer cells than the header's 3 columns (the first at s.tsv:3, "
  .. "2 cells): the missing cells are read as empty, and a cell left out in the middle moves the later ones into the wrong columns")
-- Quoted cells, as a spreadsheet or Python's csv module writes them: a tab, a line break and a
-- doubled quote inside one; text after the closing quote kept; a quote inside a cell that does
-- not start with one is its own text; the next row's line counts the break; a quote left open is
-- an error at its line; a comment line's quote opens nothing.
local quoted = measured.parse_tsv('"a"\tb\tc\r\n"x\ty"\t"say ""hi"""\t"two\nlines"\r\n# it\'s "open\n'
  .. '1\t5 "in"\t"q"z\n', "q.tsv")
t.eq(#quoted, 2)
t.eq(quoted[1].a, "x\ty"); t.eq(quoted[1].b, 'say "hi"'); t.eq(quoted[1].c, "two\nlines")
t.eq(measured.where(quoted[1]), "q.tsv:2")
t.eq(quoted[2].a, "1"); t.eq(quoted[2].b, '5 "in"'); t.eq(quoted[2].c, "qz"); t.eq(measured.where(quoted[2]), "q.tsv:5")
t.raises(function() measured.parse_tsv('a\tb\n1\t2\n3\t"open\n4\t5\n', "o.tsv") end,
  { pattern = "o%.tsv:3: a quoted cell without its closing quote" })
t.raises(function() measured.parse_tsv(" \n\n", "e.tsv") end, { pattern = "e%.tsv: empty" })
-- Comments and blank lines before the header are skipped too, and a missing column names the
-- header's own line.
local commented, commented_cols = measured.parse_tsv("\239\187\191# from AMD's tables\n\nrun_id\tb\nr1\t2\n", "c.tsv")
t.eq(commented_cols[1], "run_id"); t.eq(commented[1].b, "2"); t.eq(measured.where(commented[1]), "c.tsv:4")
t.raises(function() measured.check_columns(commented_cols, "c.tsv") end, { pattern = ": c%.tsv:3: no column 'framework'" })
-- A first line of data, the header left out: said so (helper-368: "column "32" twice", "no
-- column 'run_id'" alone); a header with one number among names is no data line.
t.raises(function() measured.parse_tsv("r1\t32\t4096\t32\n", "n.tsv") end,
  { pattern = 'n%.tsv:1: column "32" twice %(this first line looks like data: the file needs a header line of column names first%)$' })
local _, data_cols = measured.parse_tsv("r1\tLlama 3 8B\t33\t4096\t32\t8192\tH100 SXM\t8\n", "n.tsv")
t.raises(function() measured.check_columns(data_cols, "n.tsv") end,
  { pattern = "n%.tsv:1: no column 'run_id' %(.-%); this first line looks like data %(numbers%): the file needs a header line of column names first$" })
local _, named_cols = measured.parse_tsv("id\tframework\t2024\n", "n.tsv")
t.raises(function() measured.check_columns(named_cols, "n.tsv") end,
  { pattern = "n%.tsv:1: no column 'run_id' %(every row needs [^)]*README%.md%)$" })
-- A sheet saved with commas or semicolons is said to be one (helper-74: "no column 'run_id'").
for _, sep in ipairs { ",", ";" } do
  local _, one = measured.parse_tsv(table.concat({ "run_id", "framework", "gpu" }, sep) .. "\nx" .. sep .. "y" .. sep .. "z\n")
  t.raises(function() measured.check_columns(one, "s.csv") end,
    { pattern = "s%.csv:1: the header is one column whose names are separated by '" .. sep
      .. "': the measured%-runs format is tab%-separated" })
end
-- A header written "#run_id<TAB>..." is the header, without its "#"; a comment after it is one.
local hashed, hashed_cols = measured.parse_tsv("# from a tool\n#run_id\tb\nr1\t2\n#x\ty\n", "h.tsv")
t.eq(hashed_cols[1], "run_id"); t.eq(#hashed, 1); t.eq(measured.where(hashed[1]), "h.tsv:3")
t.raises(function() measured.parse_tsv("# only a comment\n\n", "k.tsv") end,
  { pattern = "k%.tsv: no header line %(only blank lines and comments%)" })

-- Lists equal element by element (a parser's value and its note).
local function same(actual, expected)
  t.eq(#actual, #expected, "count")
  for i = 1, #expected do t.eq(actual[i], expected[i]) end
end

t.eq(measured.integer("1536"), 1536); t.eq(math.type(measured.integer("1536")), "integer")
t.eq(measured.number("3.528"), 3.528)
t.eq(measured.integer("2M"), nil, "2M is not a number")
t.eq(measured.integer("MLA"), nil); t.eq(measured.integer("3.5"), nil); t.eq(measured.integer(nil), nil)
-- Thousands separators, in groups of three only.
t.eq(measured.integer("1,024"), 1024); t.eq(measured.integer("1,234,567"), 1234567)
t.eq(measured.number("10,494.5"), 10494.5); t.eq(measured.number("1,02"), nil)
t.eq(measured.number("12,34,567"), nil); t.eq(measured.number("1,0245"), nil); t.eq(measured.number(",123"), nil)
-- Digits grouped by thin or narrow no-break spaces (SI style) or underscores, one separator
-- throughout, in groups of three. A plain space is not read ("85 459" may be two numbers), and
-- the batch's message says how to write it.
t.eq(measured.integer("4\226\128\137194\226\128\137304"), 4194304)
t.eq(measured.integer("16\226\128\175384"), 16384); t.eq(measured.integer("1_048_576"), 1048576)
t.eq(measured.integer("4\194\160194\194\160304"), 4194304)  -- a no-break space (helper-374)
t.eq(measured.number("10\226\128\137494.5"), 10494.5); t.eq(measured.number("4_194,304"), nil)
t.eq(measured.number("1_0245"), nil); t.eq(measured.number("16__384"), nil); t.eq(measured.number("4 194 304"), nil)
t.eq(measured.global_batch({ global_batch_tokens = "4\226\128\137194\226\128\137304" }, 4096), 1024)
t.eq(measured.spaced_digits(" 4 194 304 "), "4194304"); t.eq(measured.spaced_digits("8 16"), nil)
t.eq(measured.spaced_digits("4 1943 04"), nil); t.eq(measured.spaced_digits("4194304"), nil)
t.eq(select(2, measured.global_batch({ global_batch_tokens = "4 194 304" }, 4096)),
  'global batch "4 194 304" is not an exact token count (spaces between digit groups are ambiguous: write 4194304 or 4,194,304)')
t.eq(measured.spaced_hint("1 024 000 000 000 000 000 000"), " (spaces between digit groups are ambiguous: write 1024000000000000000000 or with commas)")
t.eq(measured.spaced_hint("1,024"), "")

-- --- Hardware --------------------------------------------------------------------------------

local function gpu(s)
  local key = measured.gpu(s)
  return key
end
t.eq(gpu("A100-SXM4-80GB"), "a100_sxm_80gb")
t.eq(gpu("NVIDIA Ampere (A100 per later ByteDance text; paper says 'Ampere')"), "a100_sxm_80gb")
t.eq(gpu("H100-SXM5-80GB (DGX H100)"), "h100_sxm")
t.eq(gpu("H100-SXM-80GB (MosaicML cloud)"), "h100_sxm")
t.eq(gpu("H200"), "h200_sxm")
t.eq(gpu("H800"), "h800_sxm"); t.eq(gpu("A800-SXM4-80GB"), "a800_sxm"); t.eq(gpu("NVIDIA A800 80GB"), "a800_sxm")
t.eq(gpu("A100-SXM4-40GB"), "a100_sxm")
-- A name is whole (helper-87: "RTX A1000" ran as an A100, "H1000" as an H100), and one ruled out
-- is not the run's; plurals and counts in front still read.
t.eq(gpu("RTX A1000"), nil); t.eq(gpu("H1000"), nil); t.eq(gpu("RTX 6000 Ada (not H100)"), nil)
t.eq(gpu("2048 H100s"), "h100_sxm"); t.eq(gpu("8xA100 80GB"), "a100_sxm_80gb"); t.eq(gpu("A100X"), "a100_sxm_80gb")
t.eq(gpu("GB200 NVL72"), "gb200"); t.eq(gpu("B200"), "b200")
local key, notes = measured.gpu("H100-SXM 96GB HBM2e at 500W (Grand Teton; peak between SXM and NVL)")
t.eq(key, "h100_sxm_hbm2e_500w", "torchtitan's 500 W H100")
t.eq(#notes, 0)
-- torchtitan's footnote for the same part (helper-45): it was the 700 W preset, said.
t.eq(gpu("H100 SXM (not PCIe)"), "h100_sxm"); t.eq(gpu("H100 SXM5; PCIe Gen5 host"), "h100_sxm", "the SXM part named (helper-64)")
key, notes = measured.gpu("HBM2e based lower TDP SXM H100(95GB)")
t.eq(key, "h100_sxm_hbm2e_500w"); t.eq(#notes, 0)
-- An H100 that names only one of the two is the 700 W preset, said in a note.
key, notes = measured.gpu("H100 500W")
t.eq(key, "h100_sxm"); t.eq(#notes, 1); t.eq(notes[1]:find("a 500 W or HBM2e H100", 1, true), 1)
local _, ampere_notes = measured.gpu("NVIDIA Ampere (A100 per later ByteDance text; paper says 'Ampere')")
t.eq(ampere_notes[1], "A100 memory size not given: the 80 GB part assumed")
t.eq(select(2, measured.gpu("A100-SXM4-80GB"))[1], nil, "nothing assumed")
t.eq(select(2, measured.gpu("A100 80G"))[1], nil, "80G is the memory size"); t.eq(gpu("A100 80G"), "a100_sxm_80gb")
-- An MI300 in a training cluster is the MI300X, said; the MI300A (an APU) has no preset.
t.eq(gpu("MI300"), "mi300x"); t.eq(select(2, measured.gpu("MI300"))[1]:find("the MI300X assumed", 1, true) ~= nil, true)
t.eq(gpu("AMD MI300A"), nil); t.eq(#select(2, measured.gpu("AMD Instinct MI300X")), 0)
-- The MI325X has a preset of its own (the MI300X's compute, 256 GB at 6 TB/s); AMD's scale-up
-- links are named as such in the notes (helper-31).
t.eq(gpu("MI325X"), "mi325x"); t.eq(#select(2, measured.gpu("AMD Instinct MI325X")), 0)
t.eq(select(2, measured.intra_node(nil, "mi325x")), "intra-node bandwidth not given: the mi325x Infinity Fabric spec, 896 GB/s per GPU both ways")
do
  local r = assert(measured.request(copy(row("MBridge-25.09-LLAMA3_8B-8"), { gpu = "AMD Instinct MI325X", intra_node_bw = "XGMI" })))
  local said = table.concat(r.assumed, "\n")
  t.eq(said:find("latency 2 us per step on Infinity Fabric and 6 us on the network", 1, true) ~= nil, true, said)
  t.eq(r.run.cluster.gpu.name, "MI325X")
end
-- A cell that names two GPUs is not read as either (helper-32's "A800/H800 80GB" ran as the H800).
t.eq(select(2, measured.gpu("A800/H800 80GB")), 'GPU "A800/H800 80GB" names two GPUs (A800, H800): which ran is not said')
-- The CDNA 2 parts: one GCD a GPU, said; ROCm's device name for both ("AMD Instinct
-- MI250X/MI250") is one device, the MI250X assumed; the MI250 and MI300X named apart are two.
do
  local k, n = measured.gpu("AMD Instinct MI250X/MI250")
  t.eq(k, "mi250x"); t.eq(#n, 2)
  t.eq(n[1]:find("ROCm's device name for both parts", 1, true) ~= nil, true, n[1])
  k, n = measured.gpu("MI250X")
  t.eq(k, "mi250x"); t.eq(#n, 1); t.eq(n[1]:find("one GCD", 1, true) ~= nil, true, n[1])
  t.eq((measured.gpu("MI250 (AMD Accelerator Cloud)")), "mi250")
  t.eq(select(2, measured.gpu("MI250/MI300X")), 'GPU "MI250/MI300X" names two GPUs (MI250, MI300X): which ran is not said')
  -- (An MI250 named beside ROCm's device name is the MI250; helper-136.)
  k, n = measured.gpu("MI250 (device name 'AMD Instinct MI250X/MI250')")
  t.eq(k, "mi250"); t.eq(#n, 1)
  -- Slingshot-11 without a rate, or a rate a module: one NIC a module, two GCDs share it (it was
  -- 200 Gb/s a GCD); a rate a GCD as given.
  t.eq((measured.inter_node("Slingshot-11", 8, "mi250x")), 25)
  t.eq((measured.inter_node("Slingshot-11 200 Gb/s per MI250X module", 8, "mi250x")), 25)
  t.eq((measured.inter_node("100 Gb/s per GPU", 8, "mi250x")), 25)
  t.eq((measured.inter_node("Slingshot-11", 8, "h100_sxm")), 50, "another GPU: one NIC each")
  -- A module's GCD pair's rate, as OLCF gives it, is the level the preset's efficiency (0.625,
  -- RCCL's measured bus bandwidth) was set against: the same as no rate (helper-136: with an
  -- efficiency of 1 and a measured level, a stated rate was taken at its peak).
  t.eq((measured.intra_node("Infinity Fabric 200 GB/s per direction", "mi250x")), (measured.intra_node(nil, "mi250x")))
  -- A row of 4 a node counts modules: not predicted, saying what to write (helper-136: the
  -- Frontier torchtitan row so written came out +110%).
  local modules = { run_id = "mine-8b-32", framework = "torchtitan", model = "Llama 3 8B", layers = "32", hidden = "4096",
    heads = "32", kv_heads = "8", ffn_hidden = "14336", vocab = "128256", seq_len = "8192", gpu = "MI250X",
    num_gpus = "32", gpus_per_node = "4", tp = "1", pp = "1", dp = "32", global_batch_seqs = "64", iter_time_s = "6" }
  local _, reason = measured.request(modules)
  t.eq(reason, "gpus_per_node 4 on an MI250X counts modules (a server holds 4, 8 GCDs): write num_gpus, gpus_per_node and the per-GPU figures per GCD, as ROCm counts devices")
  modules.num_gpus, modules.gpus_per_node, modules.dp = "64", "8", "64"
  t.eq(measured.request(modules) ~= nil, true, "the same run in GCDs")
end
t.eq(gpu("A100 or H100"), nil); t.eq(gpu("GB200 NVL72"), "gb200", "one GPU, not also the B200")
t.eq(gpu("NVIDIA GH200"), "h200_sxm")
-- A GPU named in parentheses explains the other (helper-35's review).
t.eq(gpu("GB200 (B200 GPU)"), "gb200"); t.eq(gpu("GB200 NVL72 (72 B200 GPUs)"), "gb200")
t.eq(gpu("MI325X (MI300X successor)"), "mi325x"); t.eq(gpu("MI300X (MI300 series)"), "mi300x")
-- A power limit is said not modelled, but for the 500 W H100, whose preset is that part.
t.eq(select(2, measured.gpu("8x power limited B200 GPUs"))[1], '"8x power limited B200 GPUs": a power limit is not modelled (the preset\'s full clock)')
t.eq(#select(2, measured.gpu("H100 96GB HBM2e, 2.4 TB/sec (Grand Teton; default 500W power limit)")), 0)
t.eq(#select(2, measured.gpu("H100 SXM (no power limit)")), 0); t.eq(#select(2, measured.gpu("H100 SXM (default power limit)")), 0)
t.eq(gpu("TPU v5p"), nil)
-- GPUs of the vendors' newer tables, which no public row has yet.
t.eq(gpu("B200-SXM6-180GB (DGX B200)"), "b200")
t.eq(gpu("GB200 NVL72"), "gb200", "not the B200 its name holds")
t.eq(gpu("GB300 (DGX-GB300)"), "gb300"); t.eq(gpu("NVIDIA B300 SXM6 AC"), "b300")
t.eq(gpu("AMD Instinct MI300X"), "mi300x")
t.eq(gpu("V100-SXM2-32GB"), "v100_sxm")
-- Parts without a preset of their own run on the nearest one, and say so.
local function gpu_note(s) return (select(2, measured.gpu(s)))[1] end
t.eq(gpu("A100-PCIE-40GB"), "a100_sxm")
t.eq(gpu_note("A100-PCIE-40GB"),
  "\"A100-PCIE-40GB\": the A100 PCIe modelled as the SXM part (the same 312 TFLOP/s; its 250-300 W limit not modelled)")
t.eq(gpu("H100 NVL"), "h100_sxm")
t.eq(gpu_note("H100 NVL"), "\"H100 NVL\": the H100 NVL modelled as the H100 SXM (its 835 TFLOP/s and 94 GB not modelled)")
t.eq(gpu_note("H100 SXM (NVLink 4)"), nil, "NVLink is not NVL")
t.eq(gpu("GH200 (Grace Hopper)"), "h200_sxm")
t.eq(gpu_note("GH200 (Grace Hopper)"):find("the GH200's GPU modelled as the H200 SXM", 1, true) ~= nil, true)
t.eq(gpu_note("V100 16GB"), "\"V100 16GB\": the V100 modelled with the preset's 32 GB")
t.eq(gpu("H100 PCIe"), "h100_pcie"); t.eq(gpu("PCIe H100 80GB"), "h100_pcie")
t.eq(gpu_note("H100 NVL 94GB (NVLink bridge)") ~= nil, true, "NVL named beside NVLink")
-- The Chinese-market PCIe cards (helper-64's probe: both were read as the SXM parts, silently).
t.eq(gpu("NVIDIA H800 PCIe 80GB"), "h100_pcie"); t.eq(gpu("PCIe H800"), "h100_pcie")
t.eq(gpu_note("H800 PCIe"), "\"H800 PCIe\": the H800 PCIe modelled as the H100 PCIe (the same card, its NVLink bridge cut)")
t.eq(gpu("H800 SXM5 (PCIe Gen5 host)"), "h800_sxm", "an SXM part named wins")
t.eq(gpu("A800-PCIE-80GB"), "a800_sxm")
t.eq(gpu_note("A800-PCIE-80GB"), "\"A800-PCIE-80GB\": the A800 PCIe modelled as the SXM part (the same 312 TFLOP/s; its 300 W limit not modelled)")
t.eq(gpu_note("A800 SXM4 80GB"), nil)
t.eq(measured.intra_node(nil, "a800_sxm", true), 64, "the A800 PCIe card's host link, not the SXM part's NVLink")

-- Scale-up: the bidirectional per-GPU rate as given, else the GPU's NVLink spec.
local function intra(s, g) return (measured.intra_node(s, g)) end
t.eq(intra("NVLink3+NVSwitch (600 GB/s bidir per GPU, spec)", "a100_sxm_80gb"), 600)
t.eq(select(2, measured.intra_node("NVLink3+NVSwitch (600 GB/s bidir per GPU, spec)", "a100_sxm_80gb")), nil)
t.eq(intra("NVLink4+NVSwitch (900 GB/s bidir per GPU, spec)", "h100_sxm"), 900)
t.eq(intra("NVLink (H100, full mesh)", "h100_sxm"), 900)
t.eq(intra("NVLink (H200)", "h200_sxm"), 900)
t.eq(intra("NVLink (not quantified)", "a100_sxm_80gb"), 600)
t.eq(intra(nil, "h800_sxm"), 400); t.eq(intra(nil, "a800_sxm"), 400)
t.eq(intra("NVLink5 (1.8 TB/s bidir per GPU)", "b200"), 1800, "TB/s")
t.eq(intra("450GB/s per direction, 900GB/s bidirectional", "h100_sxm"), 900, "the rate called bidirectional (helper-64)")
t.eq(intra(nil, "gb200"), 1800)
-- A rate a link with the count of links: their product (helper-64's probe read the link's rate).
t.eq(intra("NVLink 4: 18 links x 50 GB/s", "h100_sxm"), 900)
t.eq(intra("18 NVLink links \u{d7} 50 GB/s", "h800_sxm"), 900)
t.eq(intra("NVLink3, 12 links at 50 GB/s", "a100_sxm_80gb"), 600)
t.eq(intra("8 links each 25 GB/s per direction", "h800_sxm"), 400)
t.eq(intra("50 GB/s per link, 18 links", "h100_sxm"), 900)
t.eq(select(2, measured.intra_node("NVLink 4: 18 links x 50 GB/s", "h100_sxm")),
  "intra-node 18 links x 50 GB/s read as 900 GB/s per GPU, both directions")
t.eq(intra("NVLink 4, 18 links, 900 GB/s", "h100_sxm"), 900, "a count of links beside the total")
t.eq(intra("4th-gen NVLink, 900 GB/s", "h100_sxm"), 900)
-- A generation's number is no count of links (helper-66: "NVLink4 18 links 900 GB/s" was 4 x 900
-- shared by 8 GPUs, 450); "each" makes a rate a link's.
t.eq(intra("NVLink4 18 links 900 GB/s", "h100_sxm"), 900); t.eq(intra("NVLink 4 18 links x 50 GB/s", "h100_sxm"), 900)
t.eq(intra("NVLink3 12 links 600 GB/s", "a100_sxm_80gb"), 600); t.eq(intra("NVLink5 18 links 1800 GB/s", "b200"), 1800)
t.eq(intra("18x NVLink4 links, 50 GB/s each", "h100_sxm"), 900)
t.eq(intra("NVLink 3.0, 12 links per GPU, 25 GB/s per link per direction", "a100_sxm_80gb"), 600)
t.eq(intra("NVLink (18 links)", "h100_sxm"), 900, "a count without a rate: the spec")
-- A rack's total: shared by its NVLink domain, not the 4 GPUs of a tray.
t.eq(measured.intra_node("NVLink 5, 130 TB/s across the NVL72", "gb200", false, 4), 130000 / 72)
t.eq(measured.intra_node("130 TB/s NVLink switch fabric", "gb300", false, 4), 130000 / 72, "the domain of a GB300")
t.eq(measured.intra_node("NVSwitch 7.2 TB/s", "h100_sxm", false, 8), 900, "a node's total, as before")
t.eq(select(2, measured.intra_node("NVLink 5, 130 TB/s across the NVL72", "gb200", false, 4)),
  "intra-node 130000 GB/s, more than twice a gb200's NVLink (1800 GB/s), read as the 72-GPU domain's, 1805.56 GB/s per GPU")
t.eq(intra(nil, "mi300x"), 896)
t.eq(select(2, measured.intra_node(nil, "h100_sxm")),
  "intra-node bandwidth not given: the h100_sxm NVLink spec, 900 GB/s per GPU both ways")
t.eq(select(2, measured.intra_node(nil, "mi300x")),
  "intra-node bandwidth not given: the mi300x Infinity Fabric spec, 896 GB/s per GPU both ways")
-- PCIe cards: the host link (PCIe 4.0 x16 = 32 GB/s each way, 5.0 x16 = 64), not NVLink.
t.eq(measured.intra_node(nil, "a100_sxm_80gb", true), 64)
t.eq(measured.intra_node("PCIe (no NVSwitch)", "a100_sxm", true), 64)
t.eq(intra(nil, "h100_pcie"), 128)
t.eq(select(2, measured.intra_node(nil, "h100_pcie")),
  "intra-node bandwidth not given: PCIe cards, no NVSwitch; the host link, 128 GB/s per GPU both ways")
t.eq(measured.intra_node("NVLink bridge, 600 GB/s bidir", "a100_sxm", true), 600, "a number given wins")
t.eq(measured.intra_node(nil, "v100_sxm", true), 32, "PCIe 3.0 x16")
-- An NVL card is a PCIe card (NVLink bridges join pairs): the request takes its host link.
do
  local nvl = assert(measured.request(copy(row("MBridge-25.09-LLAMA3_8B-8"), { gpu = "H100 NVL", intra_node_bw = false })))
  local found = false
  for _, a in ipairs(nvl.assumed) do
    if a == "intra-node bandwidth not given: PCIe cards, no NVSwitch; the host link, 128 GB/s per GPU both ways" then found = true end
  end
  t.eq(found, true, "the NVL card's host link")
end

-- Scale-out: NIC rates are per direction in Gb/s; per GPU both ways = 2 x Gb/s / 8 GB/s.
local function inter(s, g) return (measured.inter_node(s, 8, g or "h100_sxm")) end
t.eq(inter("8x200 Gb/s HDR IB per node (200 Gb/s per GPU); 3-level fat tree", "a100_sxm_80gb"), 50)  -- 2 x 200 / 8
t.eq(inter("8x200G NICs per server, multi-rail, Tomahawk-4 3-tier Clos 1:1", "a100_sxm_80gb"), 50)  -- 8 x 200 / 8 GPUs
t.eq(inter("8x400 Gb/s IB per node (spec of DGX H100; not restated per table)"), 100)  -- 8 x 400 / 8 = 400 per GPU
t.eq(inter("400 Gb/s per GPU (CX-7) RDMA", "h200_sxm"), 100)
t.eq(inter("RDMA 400 Gb/s per GPU"), 100)
t.eq(inter("4x400 Gb/s per node"), 50)  -- 4 x 400 / 8 GPUs = 200 Gb/s per GPU
-- V100 servers: 50 Gb/s per GPU each way (DGX-1: 4 x EDR 100 for 8 GPUs) = 12.5 GB/s both ways.
t.eq(inter(nil, "v100_sxm"), 12.5)
-- Numbers in scientific notation are read whole (the rate patterns took "4e2" for 2), a dash
-- between words is no sign, and a negative or absurd rate is refused.
t.eq(inter("4e2 Gb/s"), 100)
t.eq(inter("1.6e+03 Gb/s per node"), 50)
t.eq(inter("IB HDR - 400 Gb/s"), 100)
t.eq(intra("1.8e3 GB/s", "h100_sxm"), 1800)
t.eq(select(2, measured.inter_node("-400 Gb/s", 8, "h100_sxm")), 'inter_node_bw "-400 Gb/s": a negative rate')
t.eq(select(2, measured.inter_node("1e300 Gb/s", 8, "h100_sxm")), 'inter_node_bw "1e300 Gb/s": 1e300 is no network\'s rate')
t.eq(select(2, measured.intra_node("- 900 GB/s", "h100_sxm")), 'intra_node_bw "- 900 GB/s": a negative rate')
-- (helper-90) a dash inside a cell is no sign, and another figure in scientific notation is no rate
t.eq(inter("IB (HDR) -200 Gb/s"), 50)
t.eq(inter("400 Gb/s; 1e-6 s"), 100)
t.eq(gpu("H100 (not PCIe)"), "h100_sxm"); t.eq(gpu("H800 (not PCIe)"), "h800_sxm"); t.eq(gpu("B200 (not GB200)"), "b200")
-- PCIe ruled out in more words (helper-124: run as the PCIe card, 13.17 s against 7.45)
for _, c in ipairs { "H100-80GB-HBM3 (not the PCIe card)", "H100 80GB HBM3 rather than PCIe", "non-PCIe H100" } do
  t.eq(gpu(c), "h100_sxm", c)
end
t.eq(gpu("A100 80GB (not the PCIe card)"), "a100_sxm_80gb"); t.eq(gpu("H100 PCIe"), "h100_pcie")
t.eq(gpu("H100 off-the-shelf"), "h100_sxm")
t.eq(inter(nil, "h100_pcie"), 100)
t.eq(select(2, measured.inter_node("8x200 Gb/s HDR IB per node (200 Gb/s per GPU); 3-level fat tree", 8, "a100_sxm")), nil)
-- A NIC named by its model is no number of the rate's, "400G" is a rate (helper-42's walkthrough:
-- "8x ConnectX-7 400Gb/s per node" was read as 400 Gb/s for the node, 50 a GPU).
t.eq(inter("8x ConnectX-7 400Gb/s per node"), 100); t.eq(inter("2x CX7 400G per node"), 25)
t.eq(inter("400G IB per GPU"), 100); t.eq(inter("8x400G"), 100)
-- Ethernet's smaller rates too (helper-64's probe: "25G Ethernet" was called not quantified).
t.eq(inter("25G Ethernet", "a100_sxm_80gb"), 6.25); t.eq(inter("2x 25G per node", "a100_sxm_80gb"), 2 * 2 * 25 / 8 / 8)
t.eq(inter("40G Ethernet", "a100_sxm_80gb"), 10); t.eq(inter("8x A100 40G, RoCE", "a100_sxm_80gb"), 50, "a memory size, no rate")
t.eq(inter("10G"), 2.5)
-- A GPU's memory is no rate, and a part without one is not the compute network (helper-66: "A100
-- 40G nodes" took the usual NIC, 200 Gb/s, over the 100G Ethernet named beside it).
t.eq(inter("A100 40G nodes, 8x 100G Ethernet", "a100_sxm_80gb"), 25)
t.eq(inter("H100-80GB; 8x400G IB"), 100)
t.eq(select(2, measured.inter_node("8x A100 40G, RoCE", 8, "a100_sxm_80gb")),
  'inter-node bandwidth not quantified ("8x A100 40G, RoCE"): 200 Gb/s per GPU each way assumed (50 GB/s both ways)')
t.eq(inter("4x CX6 (200G)"), 25, "four NICs a node"); t.eq(inter("A100 80G nodes, 4x HDR 200"), 50, "80G is no rate")
-- The compute network of a cell that names several (MLPerf's system descriptions, helper-34): the
-- storage DPU's 100 Gb/s was read as the GPUs' network, and the PCIe links' 504 GB/s as a node's.
do
  local bw, note = measured.inter_node("Storage+Management: 1x NVIDIA BlueField 2 DPU 100Gb/s, Compute: 8x NVIDIA ConnectX-7 IB NDR 400Gb/s", 8, "h100_sxm")
  t.eq(bw, 100, "400 Gb/s a GPU, each way")
  t.eq(note:find('"Storage+Management: 1x NVIDIA BlueField 2 DPU 100Gb/s" not the compute network', 1, true) ~= nil, true, note)
  bw, note = measured.inter_node("InfiniBand; Data bandwidth for GPU-PCIe: 504 GB/s; PCIe-NIC: 500 GB/s", 8, "b200")
  t.eq(bw, 100, "no rate left: the B200's usual 400 Gb/s NIC"); t.eq(note:find("not quantified", 1, true) ~= nil, true, note)
  -- Two networks, neither labelled (Azure's MLPerf v3.1 system, helper-44): the front-end
  -- Ethernet's 100 Gb/s a node was read as the GPUs' network (+940%); the fastest is the compute one.
  for _, c in ipairs { "1x Ethernet 100Gb/Sec, 8x NVIDIA Quantum-2 CX7 InfiniBand (400Gb/s)",
                       "8x NVIDIA Quantum-2 CX7 InfiniBand (400Gb/s), 1x Ethernet 100Gb/Sec" } do
    bw, note = measured.inter_node(c, 8, "h100_sxm")
    t.eq(bw, 100, c)
    t.eq(note:find('"1x Ethernet 100Gb/Sec" not the compute network', 1, true) ~= nil, true, note)
  end
  t.eq(inter("2x 200 Gb/s, 1x 100 GbE"), 12.5, "two 200 Gb/s NICs a node, not the 100 GbE one")
  -- A NIC described by its PCIe slot is a NIC (helper-50: HPE's adapters were dropped as PCIe
  -- links, and 400 Gb/s a GPU came from the GPU's usual NIC by luck).
  bw, note = measured.inter_node("Infiniband, Ethernet; 8x HPE Slingshot SA210S Ethernet 200Gb 1-port PCIe NIC, 8x HPE InfiniBand NDR/Ethernet 400Gb 1-port OSFP PCIe5 x16 MCX75310AAS-NEAT Adapter", 8, "h200_sxm")
  t.eq(bw, 100); t.eq(note:find("not quantified", 1, true), nil, note)
  t.eq(note:find('"8x HPE Slingshot SA210S Ethernet 200Gb 1-port PCIe NIC" not the compute network', 1, true) ~= nil, true, note)
  t.eq(inter("8x 400 Gb/s IB, 3.2 Tbps per node"), 100, "the same network twice")
  -- The PCIe links in the network's parenthesis are not its rate, as after a semicolon
  -- (helper-310: 4,000 Gb/s a node); a NIC described by its slot there still is.
  bw, note = measured.inter_node("RoCEv2 (GPU<->PCIe 504 GB/s, PCIe<->NIC 500 GB/s)", 8, "h100_sxm")
  t.eq(bw, 100); t.eq(note:find('"(GPU<->PCIe 504 GB/s PCIe<->NIC 500 GB/s)" not the compute network', 1, true) ~= nil, true, note)
  t.eq(inter("InfiniBand (GPU-PCIe data bandwidth 504 GB/s; PCIe-NIC 500 GB/s)"), 100)
  t.eq(inter("RoCE (200 Gb/s ConnectX-6 NIC, PCIe Gen4)"), 50)
  -- The same rate twice, once with its scope (helper-63: BloombergGPT's EFA read as 400 Gb/s a
  -- GPU from the quote, 8x its 400 Gb/s a node).
  t.eq(inter("400 Gb/s per node, AWS EFA (paper: 'AWS Elastic Fabric Adapter (EFA) inter-node connections (400 Gb/s)')"), 12.5)
  -- From helper-62's review: two counted NIC sets at one rate are two networks (the faster the
  -- compute one); a total is the node's; a parenthesis naming NVLink explains its part.
  t.eq(inter("1x 400Gb/s Ethernet, 8x ConnectX-7 400Gb/s InfiniBand"), 100)
  t.eq(inter("8x 100 Gb/s, 800 Gb/s total"), 25); t.eq(inter("800 Gb/s total"), 25)
  t.eq(inter("2x 100 Gb/s EFA (NVLink inside the node)"), 6.25)
  -- helper-64's probe: thousands separators (AWS's "1,600 Gbps", read as 600), a count of NICs a
  -- GPU, and a hostile run of digits read fast.
  t.eq(inter("1,600 Gbps per node (RoCE)"), 50); t.eq(inter("3,200 Gb/s per node"), 100)
  t.eq(inter("2x400G per GPU"), 200); t.eq(inter("8x200 Gb/s HDR IB per node (200 Gb/s per GPU); 3-level fat tree", "a100_sxm_80gb"), 50)
  local t0 = os.clock()
  measured.inter_node(string.rep("9", 4090), 8, "h100_sxm"); measured.intra_node(string.rep("9", 4090), "h100_sxm", false, 8)
  t.eq(os.clock() - t0 < 1, true, "a run of digits")
  -- Every free-text cell's parser reads a hostile cell (a run of digits, digits and spaces or
  -- dots, parentheses, repeated words) without a long search: parse_recompute held one of 4,000
  -- digits for minutes (the test's timeout, tests/CMakeLists.txt, catches a return of it).
  for _, cell in ipairs { string.rep("9", 4090), string.rep("9 ", 2000), string.rep("9.", 2000), string.rep("((", 1000),
    string.rep("full 9 layers ", 250), string.rep("9 Mbits/s", 400), string.rep("not fsdp ", 400) } do
    measured.parse_recompute(cell); measured.parse_precision(cell); measured.parse_zero(cell)
    measured.parse_yes_no(cell); measured.stack_for { framework = cell, notes = cell }
    measured.inter_node(cell, 8, "h100_sxm"); measured.intra_node(cell, "h100_sxm", false, 8)
  end
  bw, note = measured.inter_node("8x 400 Gb/s IB, NVLink 900 GB/s", 8, "h100_sxm")
  t.eq(bw, 100, "a scale-up fabric beside it is not the network")
  t.eq(note, 'inter-node: "NVLink 900 GB/s" not the compute network', note)
  t.eq(inter("4x100 Gb/s Omni-Path per node (README: '4 OmniPath links'; 100 Gbps per link from the BLOOM paper)"),
    12.5, "a parenthesis explains its part: no second network")
end
local bw, bw_note = measured.inter_node(nil, 8, "h100_sxm")
t.eq(bw, 100); t.eq(bw_note, "inter-node bandwidth not given: 400 Gb/s per GPU each way assumed (100 GB/s both ways)")
t.eq(inter("Slingshot"), 50, "Slingshot 11: 200 Gb/s a port")
-- Other spellings: Gbps, Tbps (bits), a node's total, a lone rate (one NIC per GPU, said).
t.eq(inter("400 Gbps per GPU"), 100)
t.eq(inter("RoCE 400 Gbps RDMA per GPU"), 100)
t.eq(inter("3200 Gbps EFA per node"), 100)  -- 3200 / 8 GPUs = 400 Gb/s per GPU
t.eq(inter("3.2 Tbps per node"), 100)
t.eq(inter("1.6 Tbps per server"), 50)
t.eq(inter("400 Gb/s RoCE (per node)"), 12.5)  -- 400 / 8 = 50 Gb/s per GPU
t.eq(inter("400 Gb/s InfiniBand NDR"), 100)
t.eq(select(2, measured.inter_node("400 Gb/s InfiniBand NDR", 8, "h100_sxm")),
  "inter-node 400 Gb/s read as one NIC per GPU, each way")
-- Ethernet's GbE is Gb/s, in a node's total as anywhere else; "GbE" inside a word is not.
t.eq(inter("100 GbE"), 25); t.eq(inter("8x 100GbE per node"), 25); t.eq(inter("2x25GbE per node"), 1.5625)
t.eq(inter("800 GbE per node"), 25)
-- GB/s and GBps (bytes) are 8 Gb/s each, said: 50 GB/s per GPU is 400 Gb/s.
t.eq(inter("50 GB/s per GPU"), 100); t.eq(inter("400 GBps per node"), 100)
t.eq(select(2, measured.inter_node("50 GB/s per GPU", 8, "h100_sxm")), "inter-node 50 GB/s read as bytes: 400 Gb/s")
-- A count of NICs written with * or ×, a rate without "/s" ("100Gb"; a capital B is bytes and
-- is not read so): InternLM's "4 * 100Gb RoCE" is 4 x 100 Gb/s a node, 50 a GPU.
t.eq(inter("4 * 100Gb RoCE"), 12.5); t.eq(inter("4×100 Gb/s RoCE"), 12.5); t.eq(inter("8*400Gb IB"), 100)
t.eq(inter("200Gb per GPU"), 50)
t.eq(select(2, measured.inter_node("4 * 100Gb RoCE", 8, "a100_sxm_80gb")), nil)

-- --- Software stack ---------------------------------------------------------------------------

local function stack(r) return (measured.stack_for(r)) end
t.eq(stack(row("N21-T1-1.7B")), "megatron_2021")
t.eq(stack(row("N21-T2-PTD-P-174.6B-384")), "megatron_2021")
t.eq(stack { framework = "Megatron-LM", source = "Korthikanti et al. 2022, arXiv:2205.05198" }, "megatron_2022")
t.eq(select(2, measured.stack_for { framework = "Megatron-LM", source = "Korthikanti et al. 2022" }), nil)
t.eq(stack(row("MS-T2-MegaScale-256")), "megascale")
t.eq(stack(row("MS-F9-MegaScale-2240")), "megascale")
t.eq(stack(row("MS-T3-baseline-256")), "megatron_2022", "MegaScale's Megatron-LM baseline")
t.eq(select(2, measured.stack_for(row("MS-F9-Megatron-LM-2240"))):find("stack megatron_2022", 1, true), 1)
t.eq(stack(row("MLM-H100-weak-1.7B")), "megatron_core")
t.eq(stack(row("MLM-llama-fp8-LLAMA3-8B")), "megatron_core")
t.eq(stack(row("NeMo2407-LLAMA2-7B-8")), "megatron_core")
t.eq(stack(row("MBridge-25.09-DeepSeekV3-1024")), "megatron_core")
t.eq(stack(row("MBridge-26.04.01-GPT-64")), "megatron_core")
t.eq(stack(row("TT-T1-8B-8gpu-5762")), "torchtitan", "eager")
-- Megatron-LM before 2021 predates sequence parallelism: the 2021 stack, said.
t.eq(stack({ framework = "Megatron-LM (2019)", source = "Shoeybi et al. 2019, arXiv:1909.08053" }), "megatron_2021")
t.eq(select(2, measured.stack_for({ framework = "Megatron-LM", source = "Shoeybi et al. 2019, arXiv:1909.08053" })),
  "stack megatron_2021 for \"Megatron-LM\" in a 2019 source (Megatron-LM before sequence parallelism)")
t.eq(stack({ framework = "Megatron-LM", source = "a 2022 paper" }), "megatron_2022")
t.eq(stack({ framework = "Megatron-LM", source = "repo @a2019f0c" }), "megatron_core", "a hash is not a year: no year, the current stack")
t.eq(stack({ framework = "Megatron-LM @e2021fa", source = "a 2023 report" }), "megatron_2022", "nor in the framework")
-- The models the run's flags choose (helper-64's probe: a 2024 row with --use-mcore-models ran
-- as the 2022 stack).
t.eq(stack({ framework = "Megatron-LM (--use-mcore-models)", source = "a 2024 blog" }), "megatron_core")
t.eq(stack({ framework = "Megatron-LM", source = "a 2024 blog", notes = "launched with --use_mcore_models --bf16" }), "megatron_core")
t.eq(select(2, measured.stack_for({ framework = "Megatron-LM", source = "a 2024 blog", notes = "--use-mcore-models" })),
  'stack megatron_core for "Megatron-LM" (--use-mcore-models: Megatron-Core\'s models)')
t.eq(stack({ framework = "Megatron-LM --use-legacy-models", source = "a 2025 report" }), "megatron_2022")
t.eq(stack({ framework = "Megatron-LM", source = "a 2023 paper" }), "megatron_2022", "no flag: the year's")
t.eq(stack(row("TT-T1-8B-8gpu-6667")), "torchtitan_compile")
t.eq(stack(row("TT-T2-8B-cp2")), "torchtitan_compile")
t.eq(stack(row("TT-asyncTP-70B-bfloat16-vanilla")), "torchtitan_compile")
t.eq(stack(row("TT-asyncTP-70B-bfloat16-async")), "torchtitan_async_tp")
t.eq(stack(row("TT-asyncTP-8B-rowwise-async")), "torchtitan_async_tp")
t.eq(stack(row("TT-H200-8B-64")), "torchtitan_compile")
-- The prototype's bug: llm-foundry's rows say "FSDP FULL_SHARD (ZeRO-3)"; they are llm_foundry,
-- not DeepSpeed (the framework decides, never the sharding cell).
for _, id in ipairs { "MPT-30b-512", "MPT-7b-128", "MPT-3b-256", "MPT-1b-128" } do
  t.eq(stack(row(id)), "llm_foundry", id)
end
t.eq(row("MPT-30b-512").zero_or_fsdp, "FSDP FULL_SHARD (ZeRO-3)")
t.eq(stack { framework = "Composer/llm-foundry (PyTorch FSDP, FlashAttention)", zero_or_fsdp = "FSDP FULL_SHARD (ZeRO-3)" },
  "llm_foundry")
t.eq(stack { framework = "DeepSpeed ZeRO-3 (2021)", zero_or_fsdp = "ZeRO-3" }, "deepspeed_zero3_2021")
t.eq(stack { framework = "GPT-NeoX (Megatron + DeepSpeed)" }, "deepspeed_zero3_2021")
t.eq(stack { framework = "Megatron-DeepSpeed" }, "megatron_2021", "BLOOM's: Megatron-LM's model on DeepSpeed's pipeline and ZeRO")
t.eq(stack { framework = "Megatron DeepSpeed" }, "megatron_2021")
t.eq(stack { framework = "Megatron-LM + DeepSpeed", source = "x 2023" }, "megatron_2021")
-- "Megatron" alone is Megatron-LM (helper-129: the fallback 2021 stack refused a 2022 row's SP);
-- named after another framework it is not ("metaseq (FSDP + Megatron TP)").
-- A year written short: a venue's ("SC21", "NSDI'24", "MLSys '23"), an apostrophe's, an arXiv
-- id's (helper-130: read as none, so Megatron-LM's stack of a source without a year, -28%).
for text, year in pairs { ["Narayanan et al., SC21"] = 2021, ["NSDI'24"] = 2024, ["MLSys '23"] = 2023, ["Apr '21"] = 2021,
  ["arXiv:2104.04473"] = 2021, ["Megatron-LM (2019)"] = 2019 } do
  t.eq(measured.year(text), year, text)
end
-- (helper-131: a venue after other words; an arXiv id before a date; a typographic apostrophe;
-- not an apostrophe that quotes a count.)
for text, year in pairs { ["In SC21"] = 2021, ["Proceedings of SC21"] = 2021, ["USENIX ATC '23"] = 2023,
  ["Apr \226\128\15321"] = 2021, ["arXiv:2010.05678"] = 2020, ["arXiv 2310.18313; image of 2024-02-20"] = 2023 } do
  t.eq(measured.year(text), year, text)
end
for _, text in ipairs { "GPT 3 175B", "H100 80GB", "v0.5", "NeMo 24.07", "8 x 80GB", "top-8 of 256", "Table 4, column '24 GPUs'" } do
  t.eq(measured.year(text), nil, text)
end
t.eq(stack { framework = "Megatron-LM", source = "Narayanan et al., SC21" }, "megatron_2021")
t.eq(stack { framework = "Megatron", source = "Korthikanti et al. 2022" }, "megatron_2022")
t.eq(stack { framework = "NVIDIA Megatron", source = "x 2022" }, "megatron_2022")
t.eq(stack { framework = "metaseq (FSDP + Megatron TP)", source = "Zhang et al. 2022" }, "megatron_2021")

-- FLOP formulas as rows write them.
local function formula(text) return (measured.flop_formula { tflops_counting = text }) end
t.eq(formula("96*B*s*l*h^2*(1+s/6h+V/16lh)"), "narayanan"); t.eq(formula("96 B s l h^2 (1 + s/6h + V/16lh)"), "narayanan")
t.eq(formula("96·B·s·l·h²"), "narayanan"); t.eq(formula("same F formula as Table 1"), "narayanan")
t.eq(formula("72 B s L h^2 (1 + s/6h + V/16Lh), model FLOPs"), "korthikanti")
t.eq(formula("6N per token"), "6n"); t.eq(formula("6ND"), "6n"); t.eq(formula("6 x params"), "6n")
t.eq(formula("2*6N (fwd+bwd)"), "6n"); t.eq(formula("8 GPUs x 6 nodes"), nil); t.eq(formula("MFU from 6 nodes"), nil)
t.eq(formula("Megatron's num_floating_point_operations"), "megatron"); t.eq(formula("16N"), nil)
-- nanotron's get_flops (src/nanotron/models/llama.py), written out here from its source for one
-- GQA model: 3 x (qkv 2 s h (a dh + 2 g dh) + QK^T and AV 2 x 2 a s^2 dh + out 2 s a dh h + gated
-- MLP 4 s h f + 2 s f h, per layer, + logits 2 s h V) per sequence, the count of Megatron-Core r0.8.
t.eq(formula("nanotron get_flops (src/nanotron/models/llama.py)"), "megatron")
t.eq(formula("6N (nanotron logs)"), "6n", "a formula written out wins over the framework's name")
do
  local L, h, a, g, f, V, s = 32, 4096, 32, 8, 14336, 131072, 4096
  local dh = h // a
  local layer = 2 * s * h * (a * dh + 2 * g * dh) + 2 * 2 * a * s * s * dh + 2 * s * a * dh * h + 4 * s * h * f + 2 * s * f * h
  local nanotron = 3 * (L * layer + 2 * s * h * V)
  local m = dml.transformer { layers = L, d_model = h, heads = a, kv_heads = g, d_ff = f, vocab = V, seq_len = s }
  t.near(dml.params(m).megatron_flop_per_token * s, nanotron, 1e-12, "nanotron's count")
end
-- Not stated: Megatron's count for a Megatron source, PaLM's 6N + 12 L h s otherwise (the usual MFU).
t.eq(select(2, measured.flop_formula { tflops_counting = "not stated", source = "Dubey et al. 2024" }),
  "FLOP counting not given: PaLM's 6N + 12 L h s per token (Chowdhery et al. 2022), the usual MFU definition")
t.eq(measured.flop_formula { source = "Megatron-LM README" }, "megatron")
-- NeMo's and Megatron-Bridge's tables report Megatron-Core's count; a framework that only uses
-- Megatron's TP is not one of them.
t.eq(measured.flop_formula { source = "NVIDIA/NeMo docs/source/performance/performance_long_sequence.md" }, "megatron")
t.eq(measured.flop_formula { source = "a vendor table", framework = "NeMo24.03.01.framework" }, "megatron")
t.eq(measured.flop_formula { source = "OPT logbook 2022", framework = "metaseq (FSDP + Megatron TP)" }, "6n")
-- Megatron-Core 0.12's count, where the cell says it counts attention as causal (helper-56: the
-- ModelZoo's long-context TFLOPS were converted with r0.8's, +82% at 128k): 6 L s a d_h a token
-- less than r0.8's, written out for one GQA model; an MLA model keeps dml's own count.
t.eq(formula("Megatron-LM num_floating_point_operations (the 2025 count: causal attention, seq_length / hidden_size / 2)"),
  "megatron_causal")
t.eq(formula("Megatron num_floating_point_operations, non-causal attention"), "megatron")
t.eq(formula("num_floating_point_operations, causal=False"), "megatron")
t.eq(formula("num_floating_point_operations, no causal discount"), "megatron")
do
  local a = { layers = 94, d_model = 4096, heads = 64, kv_heads = 4, head_dim = 128, d_ff = 12288, vocab = 151936,
              seq_len = 4096, gated = true, tied = false, experts = 128, top_k = 8, expert_d_ff = 1536 }
  local r08 = measured.flop.megatron(1, a)
  t.near(measured.flop.megatron_causal(1, a), r08 - 6.0 * 94 * 4096 * 64 * 128 * 4096, 1e-12)
  -- The ModelZoo's own check: 12 L h^2 [(1 + g/a + s/2h) a dh/h + f k 1.5 / h + V / 2Lh] a token.
  local h = 4096
  local causal = 12 * 94 * h * h * ((1 + 4 / 64 + 4096 / (2 * h)) * (64 * 128 / h) + 1536 * 8 * 1.5 / h + 151936 / (2 * 94 * h))
  t.near(measured.flop.megatron_causal(1, a) / 4096, causal, 1e-12, "Qwen3-235B, 148.0 GFLOP a token")
end
-- A "16M" token batch converts a throughput as the request reads it: 16 x 2^20 tokens, 2,048
-- sequences of 8,192 (16,000,000 is not whole sequences), at 1,000,000 tokens/s: 16.777216 s.
t.near(measured.measured_time { seq_len = "8192", global_batch_tokens = "16M", tokens_per_s = "1000000" }, 16.777216)
-- Korthikanti's model FLOPs, 72 B s l h^2 (1 + s/6h + V/12lh), against Narayanan's 96 B s l h^2
-- (1 + s/6h + V/16lh) (the recompute pass, the logits once): for the 1.7B row (l 24, h 2304,
-- s 2048, V 51200) s/6h = 0.1481481, V/16lh = 0.0578704, V/12lh = 0.0771605, so the same
-- TFLOP/s is 0.75 x 1.2253086 / 1.2060185 = 0.7619962 of the time.
do
  local base = row("N21-T1-1.7B")
  local only_tflops = { iter_time_s = false, tokens_per_s = false, tokens_per_s_per_gpu = false }
  only_tflops.tflops_counting = "96 B s l h^2"
  local as_narayanan = measured.measured_time(copy(base, only_tflops))
  only_tflops.tflops_counting = "72 B s l h^2"
  local as_korthikanti = measured.measured_time(copy(base, only_tflops))
  t.near(as_korthikanti / as_narayanan, 0.75 * (1 + 2048 / 13824 + 51200 / 663552) / (1 + 2048 / 13824 + 51200 / 884736))
  t.near(as_korthikanti / as_narayanan, 0.7619962, 1e-6)
end
t.eq(stack { framework = "PyTorch FSDP" }, "torchtitan")
t.eq(select(2, measured.stack_for { framework = "PyTorch FSDP" }),
  'stack torchtitan for "PyTorch FSDP" (PyTorch FSDP, eager, PyTorch\'s SDPA attention)')
-- torch.compile said in the framework, the precision or the notes (not switched off).
t.eq(stack { framework = "fms-fsdp (PyTorch FSDP, SDPA flash v2, torch.compile)" }, "torchtitan_compile")
t.eq(stack { framework = "torchtitan (torch.compile)" }, "torchtitan_compile")
t.eq(stack { framework = "torchtitan", precision = "BF16, compile" }, "torchtitan_compile")
t.eq(stack { framework = "torchtitan", notes = "torch.compile, FSDP2" }, "torchtitan_compile")
t.eq(stack { framework = "PyTorch FSDP", notes = "eager (pre-compile) numbers, later replaced by the compile table" },
  "torchtitan")
t.eq(stack { framework = "PyTorch FSDP", notes = "no torch.compile" }, "torchtitan")
t.eq(stack { framework = "torchtitan", notes = "without compile" }, "torchtitan")
t.eq(stack { framework = "torchtitan", notes = "eager (not compiled)" }, "torchtitan")
t.eq(stack { framework = "torchtitan", notes = "async TP, compile" }, "torchtitan_async_tp")
t.eq(stack { framework = "torchtitan", notes = "asynchronous TP" }, "torchtitan_async_tp", "helper-129")
t.eq(stack { framework = "torchtitan", notes = "TP with async collective matmul" }, "torchtitan_async_tp")
t.eq(stack { framework = "torchtitan", notes = "no asynchronous TP" }, "torchtitan")
-- A framework without a preset that shards with FSDP and no model parallelism is a PyTorch FSDP
-- trainer (OLMo-core); with TP or PP (Llama 3's own stack) a Megatron-class one.
t.eq(stack { framework = "OLMo-core (torch.compile)", zero_or_fsdp = "hsdp" }, "torchtitan_compile")
t.eq(stack { framework = "OLMo-core", zero_or_fsdp = "FSDP2", tp = "1" }, "torchtitan")
t.eq(select(2, measured.stack_for { framework = "OLMo-core", zero_or_fsdp = "hsdp" }),
  'no preset for the framework "OLMo-core": stack torchtitan assumed (it runs on PyTorch FSDP)')
t.eq(stack { framework = "Meta's own", zero_or_fsdp = "FSDP (ZeRO-2-like)", tp = "8", pp = "16",
  source = "Llama 3 2024" }, "megatron_core")
t.eq(stack { framework = "Lab X", source = "2023 report" }, "megatron_core", "no FSDP named")
t.eq(stack { framework = "PyTorch DDP" }, "torchtitan", "plain PyTorch: the PyTorch stack, not Megatron's")
-- An NGC container as the framework of an MLPerf result, or of a row whose configs are NeMo's
-- (helper-50: Lenovo's and Oracle's "PyTorch NVIDIA Release 23.09" ran as plain PyTorch, +46-53%).
t.eq(stack { framework = "PyTorch NVIDIA Release 23.09", source = "mlcommons/training_results_v5.1 @441d65f" }, "megatron_core")
t.eq(stack { framework = "PyTorch NVIDIA Release 24.04", source_locator = "implementations/nemo/config_B200.sh" }, "megatron_core")
t.eq(stack { framework = "PyTorch NVIDIA Release 24.04" }, "torchtitan", "nothing names NeMo: plain PyTorch")
-- DeepSpeed under Hugging Face transformers is no Megatron 2021 model (helper-57: XTuner's rows
-- ran unfused 2021 attention and were refused context parallelism).
t.eq(stack { framework = "XTuner (mmengine + DeepSpeed, HuggingFace transformers)" }, "torchtitan")
t.eq(stack { framework = "DeepSpeed ZeRO-3 (2021)" }, "deepspeed_zero3_2021")
-- helper-64's probe: names spelled apart, a framework ruled out, PyTorch trainers.
for f, key in pairs { ["PyTorch FSDP (not DeepSpeed)"] = "torchtitan", ["PyTorch FSDP, compared against DeepSpeed"] = "torchtitan",
  ["DeepSpeed-Megatron"] = "megatron_2021", ["Megatron-FSDP"] = "megatron_core", ["torch titan"] = "torchtitan",
  ["HF Accelerate"] = "torchtitan", ["torchtune"] = "torchtitan", ["Megatron Core"] = "megatron_core",
  ["MCore 0.10"] = "megatron_core", ["Megatron Bridge"] = "megatron_core" } do
  t.eq(stack { framework = f }, key, f)
end
t.eq(stack { framework = "PyTorch DDP + Megatron TP", tp = "8" }, "megatron_core")
-- DeepSpeed installed beside a run and not used is not the run's (the LUMI BigCode row ran as
-- Megatron-DeepSpeed, whose 2021 stack then refused its sequence parallelism).
t.eq(stack { framework = "BigCode Megatron-LM (fork), torch 1.13.1+rocm5.2, DeepSpeed 0.8.1 installed but not used" }, "megatron_core")
t.eq(stack { framework = "Megatron-LM, DeepSpeed (unused)" }, "megatron_core")
t.eq(stack { framework = "Megatron-LM + DeepSpeed" }, "megatron_2021")
-- (helper-136: a part of DeepSpeed not used, or Megatron-DeepSpeed's own name, is still the run's;
-- a parenthesis says "not used" too.)
t.eq(stack { framework = "Megatron-DeepSpeed with sequence parallelism not used" }, "megatron_2021")
t.eq(stack { framework = "Megatron-LM, DeepSpeed ZeRO-3 with CPU offload not used" }, "megatron_2021")
t.eq(stack { framework = "Megatron-LM, DeepSpeed (not used)" }, "megatron_core")
t.eq(stack { framework = "Megatron-DeepSpeed installed but not used" }, "megatron_2021")
-- Async TP where the notes name it first (helper-38: "Vanilla TP; async TP speedup column 1.09"
-- ran as async TP).
t.eq(stack { framework = "torchtitan, torch.compile", notes = "Vanilla TP; async TP speedup column 1.09" }, "torchtitan_compile")
t.eq(stack { framework = "torchtitan, torch.compile", notes = "Async TP; async TP speedup column 1.09" }, "torchtitan_async_tp")
t.eq(stack { framework = "torchtitan", notes = "no async TP" }, "torchtitan")
-- Async TP named in the framework cell, or by torchtitan's config key (helper-45: both ran as
-- plain compiled TP).
t.eq(stack { framework = "torchtitan (FSDP2 + Tensor Parallel), torch.compile, Async TP" }, "torchtitan_async_tp")
t.eq(stack { framework = "torchtitan", notes = "enable_async_tensor_parallel = true" }, "torchtitan_async_tp")
t.eq(stack { framework = "torchtitan", notes = "enable_async_tensor_parallel = false" }, "torchtitan")
t.eq(stack { framework = "torchtitan (FSDP2 + Tensor Parallel), torch.compile",
             notes = "the config at this commit: enable_async_tensor_parallel = true" }, "torchtitan_compile",
  "a framework cell naming plain TP wins over a config the notes quote")
-- A JAX framework has no preset: said as such, not as PyTorch FSDP.
t.eq(select(2, measured.stack_for { framework = "MaxText (JAX/XLA, hardware=gpu)", zero_or_fsdp = "ici_fsdp_parallelism=8" }),
  'no preset for the JAX framework "MaxText (JAX/XLA, hardware=gpu)": stack torchtitan assumed (the stack of a run sharded as FSDP without TP or PP; XLA\'s compilation and kernels not modelled)')
-- Any other framework: the Megatron-class stack of the source's year, said.
t.eq(stack(row("OPT-175B")), "megatron_2021")
t.eq(select(2, measured.stack_for(row("OPT-175B"))),
  'no preset for the framework "metaseq (FSDP + Megatron TP)": stack megatron_2021 assumed (the Megatron-class stack of a 2022 source)')
t.eq(stack { framework = "X", source = "commit 3f2048a1, 2048 GPUs" }, "megatron_core", "no year: 2048 is a count")
t.eq(stack { framework = "Meta's own (Llama 3)", source = "Llama 3 paper 2024" }, "megatron_core")
t.eq(stack { framework = "Colossal-AI", source = "a 2021 report" }, "megatron_2021")
t.eq(select(2, measured.stack_for { framework = "X" }), 'no preset for the framework "X": stack megatron_core assumed (the Megatron-class stack of a source without a year)')

-- --- Layout cells ----------------------------------------------------------------------------

local zero_cases = {
  ["none"] = 0, ["none (plain DP all-reduce)"] = 0,
  ["distributed optimizer (default)"] = 1, ["distributed optimizer (implied by --overlap-param-gather)"] = 1,
  ["ZeRO-2 (MegaScale, Fig.1/Sec 3.2)"] = 2, ["FSDP SHARD_GRAD_OP (ZeRO-2)"] = 2,
  ["FSDP FULL_SHARD (ZeRO-3)"] = 3, ["FSDP (full shard)"] = 3, ["Megatron-FSDP"] = 3, ["FSDP2 (full)"] = 3,
  ["FSDP2 (shard 32)"] = 3, ["FSDP2 (shard 8)"] = 3, ["FSDP2 (shard degree 1)"] = 3, ["FSDP2 (shard degree 128)"] = 3,
}
for s, z in pairs(zero_cases) do t.eq(measured.parse_zero(s), z, s) end
-- helper-65's probe: an offload switched off says nothing of the stage; DeepSpeed's, Paddle's
-- and FSDP2's keys; hybrid sharding ruled out is not HSDP; a degree before "shard".
for cell, z in pairs { ["No offload (ZeRO-3)"] = 3, ["without CPU offload: ZeRO stage 2"] = 2, ["zero_stage: 3"] = 3,
  ["zero_optimization.stage=2"] = 2, ["sharding_stage=2"] = 2, ["DeepSpeed stage 2"] = 2,
  ["FSDP2 reshard_after_forward=False"] = 2, ["reshard_after_forward: false"] = 2 } do
  t.eq(measured.parse_zero(cell), z, cell)
end
for _, cell in ipairs { "FSDP (no HSDP)", "FSDP, not hybrid", "FULL_SHARD (not HYBRID_SHARD)", "FSDP; HSDP was slower" } do
  t.eq(select(3, measured.parse_zero(cell)), false, cell)
end
t.eq(select(2, measured.parse_zero("HSDP: 8 shard x 16 replicate")), 8)
t.eq(select(2, measured.parse_zero("_HYBRID_SHARD_ZERO2")), nil, "ZERO2 names the stage")
-- the stage's digit before "shard" is no degree (helper-110: "ZeRO-3 shard 128" read as shard 3)
t.eq(select(2, measured.parse_zero("ZeRO-3 shard 128")), 128)
t.eq(select(2, measured.parse_zero("zero3 shard=16")), 16)
t.eq(select(2, measured.parse_zero("ZeRO stage 3, 64 shard")), 64)
-- FSDP named in a parenthesis about another setting (helper-56: read as ZeRO 3, +287%); FSDP
-- outside it keeps the whole reading (Llama 3's "FSDP: ... (like PyTorch's SHARD_GRAD_OP)").
t.eq(measured.parse_zero('--use-distributed-optimizer: true (table FSDP column "/")'), 1)
t.eq(measured.parse_zero("FSDP: optimizer states and gradients sharded (like PyTorch's SHARD_GRAD_OP)"), 2)
t.eq(select(2, measured.parse_zero("FSDP2 (shard degree 128)")), 128)
t.eq(select(2, measured.parse_zero("FSDP2 (shard 32)")), 32)
t.eq(select(2, measured.parse_zero("FSDP SHARD_GRAD_OP (ZeRO-2)")), nil)
t.eq(measured.parse_zero("ZeRO++ hpZ"), nil); t.eq(measured.parse_zero(nil), nil)
-- A closing remark that says nothing of the sharding (helper-312: refused); one that qualifies is
-- not passed over.
t.eq(measured.parse_zero("FSDP off (column 0)"), false); t.eq(measured.parse_zero("FSDP off (per the table)"), false)
t.eq(measured.parse_zero("FSDP off (see Table 3)"), false); t.eq(measured.parse_zero("FSDP off (8-way)"), nil)
-- ZeRO's stage alone in parentheses.
t.eq(measured.parse_zero("ZeRO (3)"), 3); t.eq(select(4, measured.parse_zero("ZeRO (3)")), nil)
t.eq(measured.parse_zero("DeepSpeed ZeRO (2)"), 2)
-- ZeRO without its stage (Falcon's "ZeRO", Megatron-DeepSpeed's): stage 1, said to be assumed
-- (a fourth value); switched off, none; ZeRO-Offload and ZeRO-Infinity, not modelled, nothing.
for _, cell in ipairs { "ZeRO", "DeepSpeed ZeRO", "ZeRO optimizer", "ZeRO (no offload)", "zero" } do
  local zero, shard, hybrid, assumed = measured.parse_zero(cell)
  t.eq(zero, 1, cell); t.eq(shard, nil, cell); t.eq(hybrid, false, cell); t.eq(assumed, true, cell)
end
for _, cell in ipairs { "ZeRO-1", "ZeRO stage 1", "distributed optimizer" } do
  t.eq(select(4, measured.parse_zero(cell)), nil, cell .. " names its stage")
end
for _, cell in ipairs { "No ZeRO", "ZeRO disabled", "ZeRO: off", "w/o ZeRO" } do t.eq(measured.parse_zero(cell), 0, cell) end
t.eq(measured.parse_zero("ZeRO-Infinity"), nil)
-- (ZeRO-Offload without a stage is ZeRO 2, the stage it is built on, since helper-245; not
-- ZeRO-Offload++'s share, nor beside the parameters or NVMe.)
t.eq(measured.parse_zero("ZeRO-Offload"), 2); t.eq(select(4, measured.parse_zero("ZeRO-Offload")), "offload")
t.eq(measured.parse_zero("ZeRO offload (CPU optimizer, DeepSpeedCPUAdam)"), 2)
t.eq(measured.parse_zero("ZeRO-Offload (stage 2)"), 2); t.eq(select(4, measured.parse_zero("ZeRO-Offload (stage 2)")), nil)
t.eq(measured.parse_zero("ZeRO-Offload (stage 1)"), 1); t.eq(measured.parse_zero("ZeRO-Offload (stage 2 or 3)"), nil)
for _, cell in ipairs { "ZeRO-Offload++ Twin-Flow ratio 0.4", "ZeRO-Offload (offload_param: cpu)", "ZeRO-Offload to NVMe" } do
  t.eq(measured.parse_zero(cell), nil, cell)
end
-- helper-124's spellings: a sharded optimizer is ZeRO 1, "not used" none; a count's remark whose
-- digits are inside words; Megatron's "samples"; an interleave of none; SP by Megatron's name or
-- "used"; units in measurement cells; FLOP counts by name; a FSDP framework that is not PyTorch.
t.eq(measured.parse_zero("sharded optimizer"), 1); t.eq(measured.parse_zero("not used"), 0)
t.eq(measured.count_cell("gpus_per_node", "8 (DGX H100)"), "8"); t.eq(measured.count_cell("dp", "4 (ZeRO-1)"), "4")
t.eq(measured.count_cell("micro_batch", "2 (4 for the 70B)"), "2 (4 for the 70B)", "a remark with another value")
t.eq(measured.count_cell("global_batch_seqs", "128 samples"), "128"); t.eq(measured.count_cell("vpp_interleave", "none"), "1")
-- A power of two, as the tokens' column reads one (helper-368: "2^9" refused for sequences).
t.eq(measured.count_cell("global_batch_seqs", "2^9"), "512"); t.eq(measured.count_cell("global_batch_seqs", "2**10 seqs"), "1024")
t.eq(measured.count_cell("global_batch_seqs", "2^99"), "2^99", "past 2^40: not read")
-- helper-129: counts in the words people write.
for column, cells in pairs {
  num_gpus = { ["8 nodes x 8 GPUs"] = "64", ["8x8"] = "64", ["16 nodes of 8 GPUs"] = "128" },
  global_batch_tokens = { ["1048576 tokens"] = "1048576", ["1,572,864 tokens"] = "1572864", ["768 x 2048"] = "1572864" },
  micro_batch = { ["6 per GPU"] = "6", ["2 per DP rank"] = "2" },
  vpp_interleave = { ["6 (interleaved 1F1B)"] = "6", ["5 chunks per stage"] = "5", ["8 virtual stages per rank"] = "8" },
  kv_heads = { ["8 KV heads"] = "8", ["GQA-8"] = "8", ["8 query groups"] = "8" } } do
  for cell, n in pairs(cells) do t.eq(measured.count_cell(column, cell), n, cell) end
end
t.eq(measured.count_cell("global_batch_tokens", "1,57 tokens"), "1,57 tokens", "no thousands grouping")
-- helper-130: more of them, each part of which was read alone.
for column, cells in pairs {
  seq_len = { ["4,096 tokens"] = "4096", ["4k tokens"] = "4096", ["2K context"] = "2048" },
  gpus_per_node = { ["8 GPUs"] = "8", ["8 per node"] = "8", ["8 GPUs/node"] = "8" },
  num_gpus = { ["64 H100s"] = "64", ["512 MI300X"] = "512" },
  tp = { ["4-way"] = "4" }, pp = { ["4 stages"] = "4" }, ep = { ["none"] = "1" } } do
  for cell, n in pairs(cells) do t.eq(measured.count_cell(column, cell), n, cell) end
end
t.eq(select(2, measured.count_cell("seq_len", "4k tokens")), 'seq_len "4k tokens" read as 4096 (K = 1,024)')
-- helper-131: not a node's or an instance's count, a total, a node's microbatch, a GPU's node.
for column, cell in pairs { num_gpus = "4 DGX2s", vpp_interleave = "16 virtual stages in total", micro_batch = "16 per node",
  gpus_per_node = "8 per GPU" } do
  t.eq(measured.count_cell(column, cell), cell, cell)
end
t.eq(measured.count_cell("num_gpus", "32 p4d"), "32 p4d")
t.eq(measured.count_cell("global_batch_tokens", "1,572,86,4 tokens"), "1,572,86,4 tokens", "groups of three")
t.eq(measured.parse_recompute("partial (attention + mlp)"), nil, "more than attention's core")
t.eq((measured.measured_time(copy(row("N21-T1-1.7B"), { iter_time_s = false, tokens_per_s = false, tokens_per_s_per_gpu = false,
  tflops_per_gpu = false, mfu_pct = "38", peak_tflops_assumed = "312 TFLOPS (dense BF16)" }))) ~= nil, true)
for _, cell in ipairs { "plain data parallel", "standard DP (allreduce)", "vanilla DP", "pure data parallelism" } do
  t.eq(measured.parse_zero(cell), 0, cell)
end
-- FSDP keeping its parameters gathered from the forward to the backward, in words, and the
-- states sharded named without the parameters: ZeRO 2 (helper-129: read as ZeRO 3, +62%).
for cell, z in pairs { ["FSDP (no reshard after forward)"] = 2, ["FSDP without resharding after the forward"] = 2,
  ["FSDP, optimizer states + gradients sharded"] = 2, ["gradients and optimizer state sharded"] = 2,
  ["FSDP (params, grads, optimizer states sharded)"] = 3, ["FSDP reshard after forward"] = 3 } do
  t.eq(measured.parse_zero(cell), z, cell)
end
-- One direction's NVLink rate written with a slash or a short word (helper-129: read as both).
for _, cell in ipairs { "NVLink4, 450 GB/s/direction", "450 GB/s/dir", "450 GB/s per dir", "450 GB/s one-way", "450 GB/s (uni)" } do
  t.eq(measured.intra_node(cell, "h100_sxm", false, 8), 900, cell)
end
t.eq(measured.parse_yes_no("Megatron sequence parallelism"), true); t.eq(measured.parse_yes_no("used"), true)
t.eq(measured.parse_yes_no("not used"), false)
for _, v in ipairs { "380 TFLOPS", "380 TFLOPs/GPU", "380 TFLOP/s per GPU", "0.38 PFLOP/s" } do
  t.eq(select(2, measured.measured_time { tflops_per_gpu = v, tflops_counting = "96 B s l h^2", layers = "96", hidden = "12288",
    seq_len = "2048", global_batch_seqs = "1536", num_gpus = "1024", vocab = "51200" }), "step FLOPs (Narayanan 2021 F) / (tflops_per_gpu x GPUs)", v)
end
for _, v in ipairs { "8.5 s/it", "8.5 sec/iter", "8500 ms/it" } do t.eq(measured.measured_time { iter_time_s = v }, 8.5, v) end
t.eq(measured.flop_formula { tflops_counting = "Narayanan et al. 2021 formula" }, "narayanan")
t.eq(measured.flop_formula { tflops_counting = "Megatron formula (with recompute)" }, "narayanan")
t.eq(measured.flop_formula { tflops_counting = "model FLOPs (no recompute)" }, "6n", "a generic count, not given")
t.eq(select(2, measured.stack_for { framework = "PaddlePaddle", zero_or_fsdp = "FSDP" }):find("PyTorch", 1, true), nil)
t.eq(measured.stack_for { framework = "Megatron-LM (core r0.5.0)", source = "a 2024 report" }, "megatron_core")
t.eq(measured.stack_for { framework = "Megatron-LM", source = "a 2024 report" }, "megatron_2022")
-- A framework named for comparison is not the run's (helper-127: these ran as torchtitan).
for _, f in ipairs { "Megatron-LM (vs torchtitan)", "Megatron-LM; torchtitan baseline was slower", "NeMo (faster than torchtitan)",
  "Megatron-LM (compared against torchtitan)", "Megatron-LM vs. torchtitan" } do
  t.eq(measured.stack_for { framework = f, source = "a 2025 report" }, "megatron_core", f)
end
t.eq(measured.stack_for { framework = "torchtitan (compared with Megatron-LM)" }, "torchtitan")
-- fairscale's OSS and PyTorch's ZeroRedundancyOptimizer shard the optimizer (ZeRO 1); its
-- ShardedDDP the gradients too (ZeRO 2), not plain DDP.
for cell, z in pairs { ["OSS (fairscale)"] = 1, ["ZeroRedundancyOptimizer"] = 1, ["optimizer state sharding"] = 1,
                       ["sharded DDP"] = 2, ["fairscale ShardedDataParallel"] = 2, ["DDP"] = 0,
                       -- (FSDP spelled out is ZeRO 3, not fairscale's sharded DDP: the final read)
                       ["Fully Sharded Data Parallel"] = 3, ["PyTorch Fully Sharded Data Parallel (full shard)"] = 3 } do
  t.eq(measured.parse_zero(cell), z, cell)
end
-- A sharding ruled out beside the one used is not the run's (helper-127: ZeRO 3, +226%); named
-- alone and ruled out, it is read as before.
for _, cell in ipairs { "distributed optimizer, not FSDP", "no FSDP; distributed optimizer", "FSDP not used, distributed optimizer",
  "distributed optimizer instead of FSDP", "distributed optimizer; FSDP disabled", "distributed optimizer (ZeRO-3 was not used)",
  "not ZeRO-3; ZeRO-1", "ZeRO-1 rather than ZeRO-3", "FSDP: off, ZeRO-1" } do
  t.eq(measured.parse_zero(cell), 1, cell)
end
t.eq(measured.parse_zero("FSDP disabled"), false); t.eq(measured.parse_zero("no FSDP"), false)  -- (as "FSDP disabled"; helper-333)
t.eq(measured.parse_zero("FSDP (no HSDP)"), 3); t.eq(select(3, measured.parse_zero("FSDP (no HSDP)")), false)
-- A table's FSDP column ("Yes"/"No"), NeMo's distributed_fused_adam, Colossal-AI's plugins
-- (helpers 31 and 32).
t.eq(measured.parse_zero("Yes"), 3); t.eq(measured.parse_zero("No"), 0); t.eq(measured.parse_zero("false"), 0)
t.eq(measured.parse_zero("optim: distributed_fused_adam"), 1); t.eq(measured.parse_zero("GeminiPlugin (placement auto)"), 3)
t.eq(measured.parse_zero("LowLevelZeroPlugin(stage=2)"), 2); t.eq(measured.parse_zero("low_level_zero"), 1)
-- An explicit ZeRO-N wins over the plugin's default; a setting or a sharding switched off is none;
-- a bare 0 to 3 is the stage (helper-35's review).
t.eq(measured.parse_zero("ZeRO-2 (Colossal-AI low level zero)"), 2); t.eq(measured.parse_zero("Low-level ZeRO-2"), 2)
t.eq(measured.parse_zero("USE_DIST_OPTIMIZER=True"), 1); t.eq(measured.parse_zero("USE_DIST_OPTIMIZER=False"), 0)
t.eq(measured.parse_zero("use_distributed_optimizer: false"), 0); t.eq(measured.parse_zero("no distributed_fused_adam"), 0)
t.eq(measured.parse_zero("Gemini: off"), 0)
-- FSDP off says only what the run did not use: the stack's default sharding (NeMo's tables'
-- "FSDP = 0" beside its distributed optimizer: helper-37 found it read as ZeRO 3).
t.eq(measured.parse_zero("FSDP = 0"), false); t.eq(measured.parse_zero("fsdp=false"), false)
t.eq(measured.parse_zero("FSDP = 1"), 3)
t.eq(measured.parse_zero("FSDP: /"), false, "a table's empty cell (helper-41: read as ZeRO 3, +287%)")
t.eq(measured.parse_zero("FSDP: -"), false); t.eq(measured.parse_zero("USE_DIST_OPTIMIZER: n/a"), 0)
-- More spellings of FSDP off (helper-43's review), and FSDP off beside another sharding.
for _, off in ipairs { "FSDP: NA", "FSDP: none", "FSDP2 = 0", "use_torch_fsdp2: false", "FSDP 0", "HSDP: /" } do
  t.eq(measured.parse_zero(off), false, off)
end
t.eq(measured.parse_zero("FSDP=0, distributed optimizer"), 1); t.eq(measured.parse_zero("FSDP 8"), 3)
-- FSDP off on a stack whose default is FSDP is no sharding at all; on Megatron's, its default.
do
  local tt = assert(measured.request(copy(row("TT-T1-8B-8gpu-5762"), { zero_or_fsdp = "FSDP: off" })))
  t.eq(tt.layout.zero, 0, "torchtitan's default is FSDP")
  t.eq(assert(measured.request(copy(row("MBridge-25.11-LLAMA3_70B-64"), { zero_or_fsdp = "FSDP: off" }))).layout.zero, nil)
  t.eq(measured.stack_for { framework = "Lab X", zero_or_fsdp = "FSDP = 0", source = "2024" }, "megatron_core",
    "FSDP off is no reason for the PyTorch stack")
end
-- A fully sharded run without a pipeline whose micro-batch is not given: the most of its
-- sequences per data-parallel rank that fit, not 1 (helper-110: LLaMA-65B costed at micro-batch 1
-- spent 86% of its step re-gathering weights, +799%). torchtitan's Llama 3 8B on 8 GPUs, 2
-- sequences a rank: 2, as the row gives it.
do
  local given = measured.predict(row("TT-T1-8B-8gpu-5762"))
  local r = measured.predict(copy(row("TT-T1-8B-8gpu-5762"), { micro_batch = false }))
  t.eq(r.status, "ok")
  t.eq(r.assumed:find("micro_batch not given: 2, the largest divisor of the 2 sequences per data-parallel rank that fits, none accumulated", 1, true) ~= nil, true, r.assumed)
  t.eq(r.predicted_s, given.predicted_s, "as the row's own micro-batch")
  -- 12 sequences a rank: every divisor is tried, the largest that fits taken (helper-111: halving
  -- tried 12, 6, 3 and 1 and took 1 where 2 fit)
  local req = assert(measured.request(copy(row("TT-T1-8B-8gpu-5762"), { micro_batch = false, global_batch_seqs = "96" })))
  local b = req.layout.microbatch
  local function fits(mb)
    local l = {}
    for k, v in pairs(req.layout) do l[k] = v end
    l.microbatch = mb
    return dml.evaluate(req.run, l).feasible
  end
  t.eq(fits(b), true)
  for _, larger in ipairs { 2, 3, 4, 6, 12 } do
    if larger > b then t.eq(fits(larger), false, "a larger divisor fits: " .. larger) end
  end
  t.eq(b > 1, true, "more than dml's default fits: " .. b)
  -- The calibration costs the same layout: the request carries it.
  t.eq(measured.predict(copy(row("TT-T1-8B-8gpu-5762"), { micro_batch = false, global_batch_seqs = "96" })).predicted_s,
    dml.evaluate(req.run, req.layout).time.step:value "s")
end
-- A pipelined run on DeepSpeed with its sharding unstated ran ZeRO 1 at most: DeepSpeed's
-- pipeline engine refuses ZeRO 2 and 3 (helper-110: GLM-130B costed at ZeRO 3, +172%); without
-- a pipeline the stack's default stands.
do
  local ds = { framework = "GPT-NeoX (Megatron + DeepSpeed)", zero_or_fsdp = false }
  local piped = assert(measured.request(copy(row("N21-T1-39.1B"), ds)))
  t.eq(piped.layout.pp, 2)
  t.eq(piped.layout.zero, 1)
  local flat = assert(measured.request(copy(row("N21-T1-3.6B"), ds)))
  t.eq(flat.layout.pp, 1)
  t.eq(flat.layout.zero, nil, "the stack's default")
end
do
  local r = assert(measured.request(copy(row("MBridge-25.11-LLAMA3_70B-64"), { zero_or_fsdp = "FSDP = 0" })))
  t.eq(r.layout.zero, nil, "the stack's default")
  t.eq(table.concat(r.assumed, "\n"):find('zero_or_fsdp "FSDP = 0": FSDP off, and no other sharding named', 1, true) ~= nil, true)
end
t.eq(measured.parse_zero("1"), 1); t.eq(measured.parse_zero("2"), 2); t.eq(measured.parse_zero("4"), nil)
do  -- ZeRO without a stage runs ZeRO 1, and the row says it assumed so
  local r = assert(measured.request(copy(row("MBridge-25.11-LLAMA3_70B-64"), { zero_or_fsdp = "DeepSpeed ZeRO" })))
  t.eq(r.layout.zero, 1)
  t.eq(table.concat(r.assumed, "\n"):find('zero_or_fsdp "DeepSpeed ZeRO" names no stage: ZeRO 1 assumed', 1, true) ~= nil,
    true, table.concat(r.assumed, "\n"))
end
do
  local function said(cell)
    return table.concat(assert(measured.request(copy(row("TT-T1-8B-8gpu-5762"), { zero_or_fsdp = cell }))).assumed, "\n")
  end
  t.eq(said("Yes"):find('zero_or_fsdp "Yes" read as FSDP (full sharding: ZeRO 3)', 1, true) ~= nil, true)
  t.eq(said("FSDP"):find("read as FSDP", 1, true), nil, "named: nothing to say")
  t.eq(said("gemini"):find("Colossal-AI's Gemini", 1, true) ~= nil, true)
end
-- Cells of other sources: ZeRO stages spelt out, hybrid sharding, plain DDP.
local more_zero = { ["ZeRO stage 3"] = 3, ["DeepSpeed ZeRO stage 1"] = 1, ["zero_stage 2"] = 2,
  ["HYBRID_SHARD"] = 3, ["FSDP HYBRID_SHARD"] = 3, ["_HYBRID_SHARD_ZERO2"] = 2, ["HSDP (shard 8)"] = 3,
  ["DDP"] = 0, ["PyTorch DDP (no sharding)"] = 0, ["no"] = 0, ["No (replicated optimizer)"] = 0 }
for s, z in pairs(more_zero) do t.eq(measured.parse_zero(s), z, s) end
t.eq(select(3, measured.parse_zero("FSDP HYBRID_SHARD")), true, "hybrid")
t.eq(select(3, measured.parse_zero("FSDP2 (shard 8)")), false, "not hybrid")
t.eq(select(2, measured.parse_zero("HSDP (shard 8)")), 8)
-- A shard degree however spelt; a count of nodes is none; two degrees in no fixed order, and
-- ZeRO++ beside a ZeRO stage, are not read.
t.eq(select(2, measured.parse_zero("HSDP 4")), 4); t.eq(select(2, measured.parse_zero("HSDP: dp_shard=4, dp_replicate=8")), 4)
t.eq(select(2, measured.parse_zero("HYBRID_SHARD over 2 nodes")), nil)
t.eq(measured.parse_zero("HSDP 4x8"), nil); t.eq(measured.parse_zero("ZeRO-3 with ZeRO++"), nil)
-- FlagPerf's "ZeRO-DP O3" (stage 3) and "ZeRO-DP stage 2"; InternLM's "zero1=N": ZeRO 1 over N
-- ranks (1: none; 0 and -1: the whole data-parallel group).
t.eq(measured.parse_zero("ZeRO-DP O3"), 3); t.eq(measured.parse_zero("ZeRO-DP stage 2"), 2)
t.eq(measured.parse_zero("DeepSpeed ZeRO-DP 1"), 1)
t.eq(select("#", measured.parse_zero("zero1=8")), 3)
t.eq(measured.parse_zero("zero1=8"), 1); t.eq(select(2, measured.parse_zero("zero1=8")), 8)
t.eq(select(3, measured.parse_zero("zero1 = 8")), false)
t.eq(measured.parse_zero("zero1=1"), 0); t.eq(measured.parse_zero("zero1=-1"), 1)
t.eq(select(2, measured.parse_zero("zero1=-1")), nil)

local recompute_cases = {
  ["full"] = "full", ["full (activation recomputation; counted in FLOPs)"] = "full",
  ["full (assumed same as Table 1)"] = "full", ["full activation checkpointing"] = "full",
  ["none"] = "none", ["selective (per-op)"] = "op", ["selective (per-op, config default)"] = "op",
}
for s, m in pairs(recompute_cases) do t.eq(measured.parse_recompute(s), m, s) end
t.eq(select(2, measured.parse_recompute("selective")), nil)
t.eq(select(2, measured.parse_recompute("selective (per-op)")), nil)
t.eq(measured.parse_recompute("offload"), nil)
local more_recompute = { ["no"] = "none", ["No"] = "none", ["off"] = "none", ["false"] = "none",
  ["yes"] = "full", ["true"] = "full", ["uniform (1 layer)"] = "full", ["block"] = "full",
  ["activation checkpointing (every block)"] = "full" }
for s, m in pairs(more_recompute) do t.eq(measured.parse_recompute(s), m, s) end
t.eq(select(2, measured.parse_recompute("yes")), 'recompute "yes" read as full (every layer\'s forward again)')
t.eq(select(2, measured.parse_recompute("no")), 'recompute "no" read as none')
t.eq(measured.parse_recompute("nothing"), nil)
-- Launch settings with 1 and 0, unset keys, and Megatron's block method (helpers 31 and 32).
t.eq(measured.parse_recompute("RECOMPUTE=1"), "full"); t.eq(measured.parse_recompute("recompute=0"), "none")
t.eq(measured.parse_recompute("recompute_num_layers: 0"), nil, "a count of layers is no yes or no")
same({ measured.parse_recompute("ACT_CKPT_GRANULARITY unset (null)") },
  { "none", 'recompute "ACT_CKPT_GRANULARITY unset (null)" read as none (not set)' })
t.eq(measured.parse_recompute("recompute_granularity: null"), "none")
local block = "activations_checkpoint_granularity: full, activations_checkpoint_method: block, activations_checkpoint_num_layers: "
same({ measured.parse_recompute(block .. "0") }, { "none", 'recompute "' .. block .. '0" read as none (the block method of 0 layers)' })
t.eq(select(2, measured.parse_recompute(block .. "4")),
  'recompute "' .. block .. '4" read as full recompute of 4 layers of each pipeline chunk (the block method)')
t.eq(select(3, measured.parse_recompute(block .. "4")).layers, 4); t.eq(select(3, measured.parse_recompute(block .. "4")).per_chunk, true)
t.eq(measured.parse_recompute("activations_checkpoint_granularity: full, activations_checkpoint_method: uniform, activations_checkpoint_num_layers: 1"), "full")
t.eq(measured.parse_recompute("--recompute-granularity full --recompute-method block --recompute-num-layers 0"), "none",
  "Megatron-LM's flags")
t.eq(measured.parse_recompute("recompute=1, selective"), "selective", "the 1 only is the yes")
-- Megatron-Core's --recompute-modules list is its selective modules, a module dml does not model
-- said (helper-41: "moe" was dropped unsaid).
same({ measured.parse_recompute("--recompute-modules layernorm moe") },
  { "norms", 'recompute "--recompute-modules layernorm moe" read as norms (Megatron-Core\'s layernorm module) (moe not modelled)' })
t.eq(measured.parse_recompute("--recompute-modules core_attn"), "selective")
-- An overlap switched off by 0 is off (helper-41: "A2A_OVERLAP=0" turned it on).
t.eq(measured.ep_overlap { notes = "A2A_OVERLAP=0" }, false); t.eq(measured.ep_overlap { notes = "A2A_OVERLAP=1" }, true)
t.eq(measured.tp_overlap_off { notes = "TP_COMM_OVERLAP=0" }, true)
t.eq(measured.tp_overlap_off { notes = "TP_COMM_OVERLAP=True (default False)" }, false, "the value given wins")
t.eq(measured.tp_overlap_off { notes = "TP_COMM_OVERLAP: 0.9 of comm hidden" }, false)
-- A flag's dashes are the flag's (helper-127: "without --tp-comm-overlap" read as on).
t.eq(measured.tp_overlap_off { notes = "run without --tp-comm-overlap" }, true)
t.eq(measured.tp_overlap_off { notes = "w/o --tp-comm-overlap" }, true)
-- Absent from what the run used (helper-312).
t.eq(measured.tp_overlap_off { notes = "re-check: --tp-comm-overlap appears in none of the Qwen3 configs, scripts or commands" }, true)
t.eq(measured.tp_overlap_off { notes = "tp_comm_overlap does not appear in the launch script" }, true)
t.eq(measured.tp_overlap_off { notes = "TP comm overlap is absent from the recipe" }, true)
t.eq(measured.tp_overlap_off { notes = "--tp-comm-overlap appears in every config" }, false)
t.eq(measured.tp_overlap_off { notes = "with --tp-comm-overlap" }, false)
t.eq(measured.ep_overlap { notes = "A2A overlap: N/A" }, false); t.eq(measured.ep_overlap { notes = "A2A overlap not enabled" }, false)
-- Megatron-Core's "1F1B overlap" of the all-to-all (helper-56: "+1f1b overlap" ran without it).
t.eq(measured.ep_overlap { notes = "table Notes cell: '+1f1b overlap'" }, true)
-- In words (helper-129), and switched off with EP between ("no EP all-to-all overlap flag").
t.eq(measured.ep_overlap { notes = "GA=128; all-to-all overlapped" }, true)
t.eq(measured.ep_overlap { notes = "EP comm overlapped with compute" }, true)
t.eq(measured.ep_overlap { notes = "no EP all-to-all overlap flag in the launch script" }, false)
t.eq(measured.ep_overlap { notes = "without all-to-all overlap" }, false)
t.eq(measured.tp_overlap_off { notes = "without TP communication overlap" }, true)
t.eq(measured.ep_overlap { notes = "--overlap-moe-expert-parallel-comm" }, true)
-- JAX's remat policies, a key of words, and torchtitan's selective_ac_option (helper-38).
t.eq(measured.parse_recompute("CHECKPOINT_POLICY not set in GPT175B: paxml default AutodiffCheckpointType.SAVE_NOTHING"), "full")
t.eq(measured.parse_recompute("CHECKPOINT_POLICY = layers.AutodiffCheckpointType.SAVE_DOT_WITH_NO_BATCH_DIM"), "selective")
t.eq(measured.parse_recompute("remat_policy=minimal_flash"), "selective"); t.eq(measured.parse_recompute("Remat Policy minimal_flash"), "selective")
t.eq(measured.parse_recompute("Activation checkpointing mode: `none`"), "none", "was read as full")
t.eq(measured.parse_recompute("Activation checkpointing mode: full"), "full")
t.eq(measured.parse_recompute('selective, selective_ac_option = "op"'), "op")
-- More wordings (helper-45): torchtitan's docs' "selective op" is its per-op checkpointing (was
-- Megatron's selective); "without ..." and OLMo-core's ac_config unset or None are none (refused).
t.eq(measured.parse_recompute("selective op"), "op"); t.eq(measured.parse_recompute("Selective Op"), "op")
t.eq(measured.parse_recompute("selective layer"), "selective", "every N-th block: not modelled, said by the request")
t.eq(measured.parse_recompute("without activation checkpointing"), "none")
t.eq(measured.parse_recompute("ac_config=None"), "none"); t.eq(measured.parse_recompute("ac_config: full"), "full")
t.eq(measured.parse_recompute("ac_config not set (no activation checkpointing)"), "none")
-- YaFSDP's num-ckpt-layers and MaxText's custom remat policy (helpers 51 and 52: refused as not
-- understood): 0 layers none, more full (said); a custom policy refused with its own reason.
t.eq(measured.parse_recompute("num-ckpt-layers 0 (no activation checkpointing)"), "none")
-- Megatron-Core's modules by their short or older names in a selective list (helper-56: "norm,
-- act" was Megatron's selective recompute, "up_proj" not modelled).
t.eq(measured.parse_recompute("selective: norm, act"), "norms")
t.eq(select(2, measured.parse_recompute("selective: moe_act, norm, qk_norm")),
  'recompute "selective: moe_act, norm, qk_norm" read as norms (Megatron-Core\'s layernorm module, with its moe_act module) (qk_norm not modelled)',
  "moe_act and qk_norm keep their names (helper-62)")
t.eq(measured.parse_recompute("without CPU offload, full recompute"), "full", "without what is not the checkpointing")
-- Checkpointing named and switched off (helper-65's probe: read as full, +46%), AC's and remat's
-- other spellings.
for _, cell in ipairs { "gradient checkpointing disabled", "activation checkpointing off", "gradient checkpointing not used",
  "gradient checkpointing (disabled)", "activation checkpointing (none)", "activation checkpointing was not needed",
  "AC: none", "remat: none", "AC=False", "AC off", "w/o AC", "grad ckpt off", "not used" } do
  t.eq(measured.parse_recompute(cell), "none", cell)
end
for _, cell in ipairs { "AC=True", "AC on", "activation recomputation", "remat", "rematerialization", "act ckpt",
  "checkpointing every transformer block" } do
  t.eq(measured.parse_recompute(cell), "full", cell)
end
t.eq(measured.parse_recompute("full (remat_policy=custom)"), "full", "a mode written first")
t.eq(measured.parse_recompute("selective: mla_up_proj, moe_act"), "none", "single modules only")
t.eq(measured.parse_recompute("selective: up_proj, act"), "none")
-- The modules in words (helper-63: DeepSeek-V3's report), the up-projection to the layout.
t.eq(measured.parse_recompute("selective (paper: 'Recomputation of RMSNorm and MLA Up-Projection')"), "norms")
t.eq(measured.parse_recompute("num-ckpt-layers 5: activation checkpointing applied to 5 of 48 transformer layers"), "full")
-- Some layers recomputed whole, now modelled (recompute_layers): the count, whether it is each
-- chunk's or the model's, and of how many layers the cell says.
local function some(cell) return select(3, measured.parse_recompute(cell)) end
t.eq(select(2, measured.parse_recompute("num-ckpt-layers 5: activation checkpointing applied to 5 of 48 transformer layers")),
  'recompute "num-ckpt-layers 5: activation checkpointing applied to 5 of 48 transformer layers" read as full recompute of the first 5 layers')
t.eq(some("num-ckpt-layers 5: activation checkpointing applied to 5 of 48 transformer layers").layers, 5)
t.eq(select(2, measured.parse_recompute("partial (8 of 32 layers)")), 'recompute "partial (8 of 32 layers)" read as full recompute of 8 layers')
t.eq(some("partial (8 of 32 layers)").of, 32); t.eq(some("partial (8 of 32 layers)").per_chunk, nil)
t.eq(some("full AC on the first 10 layers").layers, 10)
t.eq(some("full, 80 of 80 layers"), nil, "every layer: full")
t.eq(measured.parse_recompute("0 of 32 layers checkpointed"), "none")
t.eq(some("selective (4 of 32 layers)"), nil, "not whole layers")
t.eq(some("--recompute-granularity full --recompute-method block --recompute-num-layers 2").layers, 2)
t.eq(select(2, measured.parse_recompute("recompute: partial (1 of 32 layers)")), 'recompute "recompute: partial (1 of 32 layers)" read as full recompute of 1 layer')
t.eq(some("recompute: partial (8 of 32 layers)").layers, 8)
-- Helper-66's cells: other kinds, inverted and switched-off counts are no count; a count a chunk
-- or stage, and the block method in words, are each chunk's.
for _, cell in ipairs { "op-level SAC, 1 of 2 layers", "SAC op, 2 of 4 layers", "full, except the last 4 of 32 layers",
  "full for all but 4 of 32 layers", "no recompute for 8 of 32 layers" } do
  t.eq(some(cell), nil, cell)
end
t.eq(measured.parse_recompute("no recompute for 8 of 32 layers"), "none")
for _, cell in ipairs { "full, first 2 layers per chunk", "full on the first 2 of 5 layers per stage", "full (block, 4 layers)",
  "full, block method, recompute_num_layers=4", "full (block method, num layers 4)" } do
  t.eq(some(cell) and some(cell).per_chunk, true, cell)
end
t.eq(some("full (block, 4 layers)").layers, 4); t.eq(some("full (block method, num layers 4)").layers, 4)
t.eq(some("checkpointing every transformer block"), nil, "every block: full")
-- Helper-127: full recompute of a count or a half of the layers is that share (it was every
-- layer); Megatron's uniform count is not; full recompute of some blocks is refused, said.
t.eq(some("full recompute of 42 layers").layers, 42); t.eq(some("full, 42 layers").layers, 42)
t.eq(some("full (half of the layers)").share, 0.5); t.eq(some("full recompute on half of the layers").share, 0.5)
t.eq(some("full (uniform, 1 layer)"), nil)
-- (A uniform method's "1 layer per chunk" is its checkpoints' size: every layer, not one of each
-- pipeline chunk.)
t.eq(some("full, uniform (--recompute-granularity full --recompute-method uniform, 1 layer per chunk by default)"), nil)
t.eq(measured.parse_recompute("full, uniform (--recompute-method uniform, 1 layer per chunk by default)"), "full")
t.eq(some("full, 2 layers per chunk").layers, 2)
-- (helper-136: only the uniform method: "non-uniform" or DeepSpeed's uniform pipeline split leave
-- a count per stage as it is.)
t.eq(some("full, 4 layers per stage (non-uniform)").layers, 4)
t.eq(some("full, 4 layers per stage; pipeline partition uniform").layers, 4)
t.eq(some("full (--recompute-method uniform), 1 layer per chunk"), nil)
-- A mode named and switched off is none; of clauses, one that switches a mode off says nothing
-- of the others (helper-127: "no selective; full on 8 layers" was none, "selective: no; ..."
-- selective). Two modes named keep the first word's reading.
for _, cell in ipairs { "selective: no", "selective off", "full (no)", "full: false", "none; none" } do
  t.eq(measured.parse_recompute(cell), "none", cell)
end
for _, cell in ipairs { "no selective; full on 8 layers", "selective: no; full: 8 layers", "selective=off; full, 8 layers" } do
  t.eq(measured.parse_recompute(cell), "full", cell); t.eq(some(cell).layers, 8, cell)
end
t.eq(select(2, measured.parse_recompute("no selective; full on 8 layers")),
  'recompute "no selective; full on 8 layers" read as full recompute of 8 layers')
t.eq(measured.parse_recompute("selective (core_attn); no full"), "selective")
t.eq(measured.parse_recompute("no full; selective"), "selective")
t.eq(measured.parse_recompute("selective; full"), "selective", "two modes: the first word's")
-- helper-129: Megatron-Core's modules named without a mode (DeepSeek-V3's report's words), said
-- with every module the request recomputes; a bare 0, "recompute all", "every ... layer
-- recomputed", and "partial (attention)".
for cell, mode in pairs { ["recompute RMSNorm and MLA Up-Projection"] = "norms", ["layernorm, mla_up_proj"] = "norms",
  ["0"] = "none", ["recompute all"] = "full", ["every transformer layer recomputed"] = "full",
  ["partial (attention)"] = "selective" } do
  t.eq(measured.parse_recompute(cell), mode, cell)
end
t.eq(select(2, measured.parse_recompute("recompute RMSNorm and MLA Up-Projection")),
  'recompute "recompute RMSNorm and MLA Up-Projection" read as norms (Megatron-Core\'s layernorm module, with its mla_up_proj module)')
t.eq(select(3, measured.parse_recompute("layernorm, mla_up_proj")), nil, "no count of layers")
-- helper-131: a module named beside other words is no list of modules; "every other ..." is a share.
for cell, mode in pairs { ["disabled (layernorm fused)"] = "none", ["off (RMSNorm fused)"] = "none",
  ["TE fused layernorm, no recompute"] = "none", ["layernorm not recomputed"] = "none",
  ["uniform 1 (RMSNorm in fp32)"] = "full", ["yes (except RMSNorm)"] = "full" } do
  t.eq(measured.parse_recompute(cell), mode, cell)
end
t.eq(measured.parse_recompute("every other transformer layer recomputed"), nil)
for _, cell in ipairs { "full, attention only", "full recompute of the MLP blocks only" } do
  local mode, why = measured.parse_recompute(cell)
  t.eq(mode, nil, cell); t.eq(why:find("some of a layer's blocks is not modelled", 1, true) ~= nil, true, why)
end
do
  -- The request: a chunk's count, a model's spread over pp x interleave chunks.
  local base = row("MBridge-25.09-LLAMA3_70B-64")  -- 80 layers, TP 4 PP 8 VP 5: 40 chunks of 2
  local function req(cell, changes)
    local ch = { recompute = cell }
    for k, v in pairs(changes or {}) do ch[k] = v end
    return assert(measured.request(copy(base, ch)))
  end
  t.eq(req("partial (40 of 80 layers)").layout.recompute_layers, 1, "40 over 40 chunks")
  t.eq(req("--recompute-granularity full --recompute-method block --recompute-num-layers 1").layout.recompute_layers, 1)
  t.eq(req("--recompute-granularity full --recompute-method block --recompute-num-layers 2").layout.recompute_layers, nil,
    "a chunk's 2 layers: all of them")
  local odd = req("partial (50 of 80 layers)")
  t.eq(odd.layout.recompute_layers, 1)
  local said = false
  for _, a in ipairs(odd.assumed) do
    if a == "50 recomputed layers over 40 pipeline chunks read as 1 a chunk" then said = true end
  end
  t.eq(said, true, "the rounding is said")
  t.eq(req("partial (20 of 80 layers)", { vpp_interleave = "1" }).layout.recompute_layers, 3, "20 over 8 stages: 2.5, 3")
  -- A count of fewer layers than the model's is that share of them; a chunk's count as it is.
  t.eq(req("checkpoint 1 of 2 layers").layout.recompute_layers, 1, "half the 80 layers over 40 chunks")
  t.eq(req("full, first 1 layer per chunk").layout.recompute_layers, 1)
  local function says(request, text)
    for _, a in ipairs(request.assumed) do if a == text then return true end end
    return false
  end
  t.eq(says(req("checkpoint 1 of 2 layers"), "1 of 2 layers (50%) read as 40 of the model's 80"), true)
  -- More layers than the model or a chunk has: every layer, said (helper-127: it was silent).
  local over = req("full recompute of 100 layers")
  t.eq(over.layout.recompute_layers, nil)
  t.eq(says(over, "100 layers recomputed, more than the model's 80: every layer"), true)
  local over_chunk = req("full, first 3 layers per chunk")
  t.eq(over_chunk.layout.recompute_layers, nil)
  t.eq(says(over_chunk, "3 layers a pipeline chunk recomputed, more than a chunk's 2: every layer"), true)
  t.eq(says(req("full, first 2 layers per chunk"), "2 layers a pipeline chunk recomputed, more than a chunk's 2: every layer"),
    false, "a chunk's own count is not more")
  -- A count of the model's with the layout searched: every layer, said.
  -- (The search holds a count of the model's 80 layers as every layer of each chunk.)
  local searched = req("partial (40 of 80 layers)", { tp = false, pp = false, dp = false, vpp_interleave = false })
  t.eq(searched.layout.recompute_layers, 80)
  local said_search = false
  for _, a in ipairs(searched.assumed) do
    if a == "40 layers of the model recomputed, the layout searched: every layer recomputed" then said_search = true end
  end
  t.eq(said_search, true)
  t.eq(req("full").layout.recompute_layers, nil)
  -- Full recompute with the layout searched recomputes every layer, as the run did: the search
  -- does not try fewer (which would fit, and run faster than the run measured).
  local full = req("full", { tp = false, pp = false, dp = false, vpp_interleave = false })
  t.eq(full.layout.recompute_layers, 80)
  local found = measured.plan(full)
  t.eq(found.layout.recompute, "full"); t.eq(found.layout.recompute_layers, nil, dml.layout_text(found.layout))
end
do
  local mode, why = measured.parse_recompute("remat_policy=custom (save_dot_except_mlpwi; query/key/value/qkv/out proj saved)")
  t.eq(mode, nil); t.eq(why:find("a custom remat policy (some matmuls recomputed, others saved) is not modelled", 1, true) ~= nil, true, why)
end
-- The pipeline schedule the notes (else the framework cell) name first (helper-51: the Zero
-- Bubble paper's ZB-1p, ZB-2p and ZB-V rows all ran as 1F1B).
do
  local function sched(notes, framework) return (measured.schedule { notes = notes, framework = framework }) end
  t.eq(sched("pipeline schedule ZB-V (2 chunks a device)"), "zero_bubble_v")
  t.eq(sched("pipeline schedule ZB-1p, with optimizer post-validation"), "zero_bubble")
  t.eq(sched("ZB-H1"), "zero_bubble"); t.eq(sched("ZB-2p"), "zero_bubble", "read as ZB-H1, said")
  t.eq(sched("pipeline schedule 1F1B (Megatron-LM implementation); the Zero Bubble paper's baseline"), nil, "1F1B named first")
  t.eq(sched("pipeline schedule 1F1B", "Megatron-LM (sail-sg zero-bubble-pipeline-parallelism fork)"), nil,
    "the notes before the framework cell's fork name")
  t.eq(sched(nil, "Megatron-LM (zero-bubble fork)"), "zero_bubble")
  t.eq(sched("no zero bubble"), nil)
  t.eq(sched("pipeline schedule: DualPipe"), "dualpipe"); t.eq(sched("DeepSeek's DualPipe paper"), nil, "not about this run's pipeline")
  -- The name alone, or named as used (helper-124: ignored, DeepSeek-V3 on H800s +81%); named
  -- otherwise, compared against or switched off, not.
  for _, notes in ipairs { "DualPipe", "trained with DualPipe", "uses DualPipe to overlap" } do t.eq(sched(notes), "dualpipe", notes) end
  t.eq(sched("used GPipe"), "gpipe")
  for _, notes in ipairs { "compared against DualPipe", "no DualPipe" } do t.eq(sched(notes), nil, notes) end
  t.eq(sched(nil, "DeepSeek (DualPipe)"), "dualpipe"); t.eq(sched("GPipe schedule"), "gpipe")
  -- helper-62's review: a variant named beside "zero bubble" is the schedule; "zero bubble ...
  -- off" is none; a long cell of repeated names stays fast (16 KB, 64 mentions a name).
  t.eq(sched("Zero Bubble (ZB-V) pipeline"), "zero_bubble_v")
  t.eq(sched("zero bubble pipeline off"), nil); t.eq(sched("zero-bubble scheduling disabled"), nil)
  t.eq(sched(string.rep("no zbv ", 20000)), nil)
end
-- A mode written first wins over a policy beside it; a module list that names nothing dml models
-- recomputes none (helper-43's review).
t.eq(measured.parse_recompute('full, selective_ac_option = "op"'), "full")
t.eq(measured.parse_recompute("none (remat_policy=minimal)"), "none")
t.eq(measured.parse_recompute("full (CHECKPOINT_POLICY=save_dot_with_no_batch_dim)"), "full")
t.eq(measured.parse_recompute("recompute_modules=None"), "none"); t.eq(measured.parse_recompute("recompute_modules=[]"), "none")
t.eq(measured.parse_recompute("--recompute-modules mlp"), "none")
-- Other wordings: the qualifier decides, the narrowest first; what names no amount is refused.
local worded = { ["AC: full"] = "full", ["Activation recomputation: full"] = "full",
  ["FSDP + full AC"] = "full", ["recompute all layers"] = "full", ["checkpointing every layer"] = "full",
  ["AC"] = "full", ["HF gradient checkpointing"] = "full", ["per-op SAC"] = "op", ["op-level SAC"] = "op",
  ["SAC (op)"] = "op", ["SAC"] = "selective", ["activation checkpointing: selective"] = "selective" }
for s, m in pairs(worded) do t.eq(measured.parse_recompute(s), m, s) end
t.eq(select(2, measured.parse_recompute("AC: full")), 'recompute "AC: full" read as full (every layer\'s forward again)')
-- Megatron-LM's flags (its --recompute-activations is selective, the older
-- --checkpoint-activations every layer), and settings written key = value.
local flagged = { ["recompute-activations"] = "selective", ["--recompute-activations"] = "selective",
  ["recompute_activations"] = "selective", ["--checkpoint-activations"] = "full",
  ["recompute=True"] = "full", ["recompute: false"] = "none", ["recompute_granularity=selective"] = "selective",
  ["--recompute-granularity full"] = "full", ["activation_checkpointing = yes"] = "full",
  ["recompute_activations=true"] = "selective", ["gradient_checkpointing: True"] = "full" }
for s, m in pairs(flagged) do t.eq(measured.parse_recompute(s), m, s) end
t.eq(select(2, measured.parse_recompute("recompute-activations")),
  'recompute "recompute-activations" read as selective (Megatron-LM\'s --recompute-activations)')
t.eq(select(2, measured.parse_recompute("recompute=True")), 'recompute "recompute=True" read as full')
t.eq(measured.parse_recompute("recompute=maybe"), nil)
t.eq(measured.parse_recompute("recompute-everything"), nil)
for _, s in ipairs { "partial", "1", "fully sharded", "opportunistic", "ACcurate" } do
  t.eq(measured.parse_recompute(s), nil, s)
end
t.eq(measured.parse_recompute("selective (layernorm, moe_act)"), "norms")
t.eq(select(2, measured.parse_recompute("selective (layernorm)")),
  'recompute "selective (layernorm)" read as norms (Megatron-Core\'s layernorm module)')
t.eq(select(2, measured.parse_recompute("selective (layernorm, mlp)")),
  'recompute "selective (layernorm, mlp)" read as norms (Megatron-Core\'s layernorm module) (mlp not modelled)')
t.eq(measured.parse_recompute("selective (mla_up_proj)"), "none"); t.eq(measured.parse_recompute("selective (core_attn)"), "selective")
t.eq(measured.parse_recompute("selective (core_attn, mla_up_proj)"), "selective")
t.eq(select(2, measured.parse_recompute("selective (Megatron default)")), nil, "words that are no module names")
t.eq(select(2, measured.parse_recompute("selective (mla_up_proj, moe)")),
  'recompute "selective (mla_up_proj, moe)" read as Megatron-Core\'s single modules only (moe not modelled)')
-- "Selective" outside Megatron's stacks is read as Megatron's, said: a PyTorch stack's may
-- checkpoint some whole blocks (fms-fsdp's every k-th, torchtitan's layer-wise SAC).
do
  local function said(r)
    for _, a in ipairs(assert(measured.request(r)).assumed) do
      if a:find("selective checkpointing of some whole blocks", 1, true) then return true end
    end
    return false
  end
  t.eq(said(copy(row("TT-T1-8B-8gpu-5762"), { recompute = "Selective AC" })), true)
  t.eq(said(copy(row("TT-T1-8B-8gpu-5762"), { recompute = "full" })), false)
  t.eq(said(copy(row("MBridge-25.09-LLAMA3_8B-8"), { recompute = "selective" })), false, "Megatron's own")
end
t.eq(assert(measured.request(copy(row("MBridge-25.11-GPT-64"), { recompute = "full (moe_act)" }))).layout.recompute_moe_act, nil,
  "full recompute reruns the modules anyway")
-- The modules beside the mode, on the layout (Megatron-Core's stack offers them).
do
  local r = assert(measured.request(copy(row("MBridge-25.11-GPT-64"), { recompute = "selective (layernorm, moe_act)" })))
  t.eq(r.layout.recompute, "norms"); t.eq(r.layout.recompute_moe_act, true); t.eq(r.layout.recompute_mla_up, nil)
  r = assert(measured.request(copy(row("MBridge-25.09-DeepSeekV3-1024"), { recompute = "selective (mla_up_proj, moe_act)" })))
  t.eq(r.layout.recompute, "none"); t.eq(r.layout.recompute_mla_up, true); t.eq(r.layout.recompute_moe_act, true)
  t.eq(measured.predict(copy(row("MBridge-25.09-DeepSeekV3-1024"), { recompute = "selective (mla_up_proj, moe_act)" })).status, "ok")
  -- After the granularity's key, the short names too (helper-312: explained as moe_act, applied
  -- without it).
  r = assert(measured.request(copy(row("MBridge-25.11-GPT-64"), { recompute = "recompute_granularity=selective, modules: norm, act" })))
  t.eq(r.layout.recompute, "norms"); t.eq(r.layout.recompute_moe_act, true)
end

local precision_cases = {
  ["16-bit mixed precision"] = "bf16", ["16-bit mixed precision (paper: 'mixed precision'; fp16 at the time)"] = "bf16",
  ["BF16"] = "bf16", ["BF16 (FSDP mixed precision)"] = "bf16", ["BF16 (implied)"] = "bf16",
  ["BF16 (implied: MFU = TFLOP/s / 989)"] = "bf16", ["BF16 + torch.compile"] = "bf16",
  ["FP16 weights, FP32 Adam state (dynamic loss scaling)"] = "bf16", ["amp_bf16"] = "bf16",
  ["bfloat16 + torch.compile"] = "bf16",
  ["FP8"] = "fp8", ["FP8 (CS, assumed)"] = "fp8", ["FP8 (CS; blockwise gives 330)"] = "fp8",
  ["FP8 (TransformerEngine)"] = "fp8", ["FP8 (assumed)"] = "fp8", ["FP8 hybrid (TransformerEngine)"] = "fp8",
  ["FP8-CS"] = "fp8", ["Float8 linear (FSDP float8 all-gather) + torch.compile"] = "fp8",
  ["Float8 linear + torch.compile"] = "fp8", ["float8 rowwise + torch.compile"] = "fp8",
  ["float8 tensorwise + torch.compile"] = "fp8",
}
for s, p in pairs(precision_cases) do t.eq(measured.parse_precision(s), p, s) end
t.eq(measured.parse_precision("tf32"), nil)
t.eq(select(2, measured.parse_precision("tf32")), "precision \"tf32\": 32-bit matmuls are not modelled (dml models bf16, fp8 and fp4)")
t.eq(measured.parse_precision("AMP (O2)"), "bf16"); t.eq(measured.parse_precision("float16"), "bf16")
-- 32-bit cells that name AMP only to say it was off, and 4-bit beside FP8, are refused.
t.eq(measured.parse_precision("TF32 (no AMP)"), nil); t.eq(measured.parse_precision("fp32, AMP disabled"), nil)
t.eq(measured.parse_precision("MXFP4 weights, FP8 activations"), nil)
t.eq(select(2, measured.parse_precision("MXFP4 weights, FP8 activations")),
  "precision \"MXFP4 weights, FP8 activations\": 4-bit beside 8-bit operands (mixed-input matmuls) is not modelled")
t.eq(measured.parse_precision("mixed precision (fp16/fp32)"), "bf16")
-- FP4 runs as NVFP4 where the GPU's preset has an FP4 rate (Megatron-Bridge's NVFP4 tables), and
-- is refused with the reason elsewhere, never run at another rate.
t.eq(measured.parse_precision("NVFP4"), "fp4"); t.eq(select(2, measured.parse_precision("NVFP4")), nil)
-- NVFP4 described: its scales' formats, its element format and 16-bit master weights are no
-- operands of another width, and 16-bit attention or other layers are the recipe's (helper-130:
-- "E4M3 block scales" read as fp8, +54%; the others refused as mixed-input matmuls).
for _, cell in ipairs { "NVFP4 (E4M3 block scales)", "NVFP4 (16-element micro-blocks, E4M3 scale factors, FP32 tensor scale)",
  "NVFP4 (bf16 master)", "NVFP4 with BF16 master weights", "NVFP4 (attention in BF16)", "NVFP4 GEMMs (BF16 elsewhere)",
  "NVFP4 (E2M1, 16-element blocks, FP8 scales)" } do
  t.eq(measured.parse_precision(cell), "fp4", cell)
end
t.eq(measured.parse_precision("NVFP4 + FP8 GEMMs"), nil, "FP8 operands beside: still mixed")
-- Sequence parallelism in words (helper-130: each refused); a degree is still no yes or no.
for cell, yes in pairs { ["sequence parallelism: off"] = false, ["sequence parallelism: on"] = true,
  ["with sequence parallelism"] = true, ["Megatron-LM sequence parallel"] = true, ["none"] = false } do
  t.eq(measured.parse_yes_no(cell), yes, cell)
end
t.eq(measured.parse_yes_no("SP=1"), nil, "Ulysses' degree, or a yes: not said")
-- helper-130: "Megatron FLOPs" names Megatron's count; "not the GPipe schedule" is not GPipe.
t.eq(measured.flop_formula { tflops_counting = "Megatron FLOPs (causal attention, 2025 count)" }, "megatron_causal")
t.eq(measured.schedule { notes = "not the GPipe schedule" }, nil)
t.eq(measured.schedule { notes = "GPipe schedule" }, "gpipe")
-- MLPerf's NVFP4 settings switch FP8 off by key (helper-34: refused as 4-bit beside 8-bit), and
-- FP8 attention beside 4-bit linears is its own kernel, said.
local nvfp4 = 'NVFP4 (FP4=True, FP4_RECIPE="nvfp4", FP8=False, FP8_PARAM_GATHER=False)'
t.eq(measured.parse_precision(nvfp4), "fp4")
same({ measured.parse_precision(nvfp4 .. ", FP8_DPA=True (FP8 attention)") },
  { "fp4", string.format("precision %q: NVFP4 linears; the FP8 attention is costed at the 16-bit rate",
    nvfp4 .. ", FP8_DPA=True (FP8 attention)") })
t.eq(measured.parse_precision("NVFP4 + FP8"), nil, "still mixed"); t.eq(measured.parse_precision("bf16, fp8_params=0"), "bf16")
t.eq(measured.parse_precision("MXFP4"), "fp4")
-- Settings of no matmul's operands (helper-114's MLPerf v6.0 rows, refused as mixed 4-bit): the
-- gradients' reduction, and Transformer Engine's FP8 attention recipe held at 16 bits.
t.eq(measured.parse_precision('NVFP4 (FP4=True, FP4_RECIPE="nvfp4", FP8=False), NVTE_DPA_FP8_RECIPE="F16"'), "fp4")
t.eq(measured.parse_precision("MXFP4 (fp4: true, fp4_recipe mxfp4; grad_reduce_in_bf16)"), "fp4")
t.eq(measured.parse_precision("FP8 (fp8 hybrid; grad_reduce_in_fp32: true)"), "fp8")
t.eq(measured.parse_precision("BF16, NVTE_DPA_FP8_RECIPE=F16"), "bf16")
-- (helper-116) A setting's number 16 is no 16-bit format; the attention recipe beside 16-bit
-- linears is their FP8 attention, as beside NVFP4; with FP8 attention off it sets nothing.
t.eq(measured.parse_precision("NVFP4 (fp8_amax_history_len=16)"), nil)
for _, cell in ipairs { "BF16, FP8_DPA=1, NVTE_DPA_FP8_RECIPE=E4M3", "BF16 + FP8 attention (NVTE_DPA_FP8_RECIPE=DelayedScaling)" } do
  same({ measured.parse_precision(cell) },
    { "bf16", string.format("precision %q: 16-bit linears; the FP8 attention is costed at the 16-bit rate", cell) })
end
same({ measured.parse_precision("NVFP4, FP8_DPA=0, NVTE_DPA_FP8_RECIPE=E4M3") }, { "fp4" })
same({ measured.parse_precision("NVFP4, NVTE_DPA_FP8_RECIPE=E4M3") },
  { "fp4", 'precision "NVFP4, NVTE_DPA_FP8_RECIPE=E4M3": NVFP4 linears; the FP8 attention is costed at the 16-bit rate' })
-- MS-AMP's levels are FP8 (helper-58: read as fp16 AMP at the BF16 rate, +42%), said.
t.eq(measured.parse_precision("bf16, no MS-AMP"), "bf16"); t.eq(measured.parse_precision("BF16 (baseline for MS-AMP)"), "bf16")
-- helper-64's probe: FP8 switched off in other words, FP32 master weights, fp16's and FP8's other
-- names, NVFP4's 16-bit attention and layers.
for cell, p in pairs { ["bf16 w/o fp8"] = "bf16", ["BF16 (FP8: N/A)"] = "bf16", ["bf16; --fp8-format none"] = "bf16",
  ["mixed precision, FP32 master weights"] = "bf16", ["AMP with fp32 master weights"] = "bf16", ["16-mixed"] = "bf16",
  ["precision=16"] = "bf16", ["half precision"] = "bf16", ["e4m3"] = "fp8", ["E4M3/E5M2"] = "fp8",
  ["NVFP4 + BF16 attention"] = "fp4", ["NVFP4 (last 4 layers in BF16)"] = "fp4" } do
  t.eq(measured.parse_precision(cell), p, cell)
end
-- FP8 named only to be ruled out (helper-65's probe: read as fp8).
for _, cell in ipairs { "BF16 (FP8 not used)", "BF16, FP8 unsupported on A100", "bf16 (fp8 would be faster)", "not FP8: BF16",
  "BF16; FP8 tried but off", "bf16 + fp8 attention" } do
  t.eq(measured.parse_precision(cell), "bf16", cell)
end
for _, cell in ipairs { "MS-AMP O1", "MS-AMP O2", "msamp O3" } do
  local p, why = measured.parse_precision(cell)
  t.eq(p, "fp8", cell); t.eq(why:find("not modelled", 1, true) ~= nil, true, why)
end
-- A format set to None or null is off (helper-50: Lambda's logged "fp4=None" refused as mixed).
t.eq(measured.parse_precision("FP8 (logged fp8='e4m3', fp8_recipe='tensorwise', fp8_param=True, fp4=None)"), "fp8")
-- 4-bit weights beside 16-bit activations run at the 16-bit rate: refused, as beside FP8.
for _, cell in ipairs { "MXFP4 weights, BF16 activations", "W4A16", "FP4 weights, fp16 activations" } do
  t.eq(measured.parse_precision(cell), nil, cell)
end
t.eq(select(2, measured.parse_precision("MXFP4")), "precision \"MXFP4\": run as NVFP4 (4-bit, a scale per 16 elements)")
t.eq(select(2, measured.request(copy(row("MBridge-25.11-LLAMA3_70B-64"), { precision = "NVFP4" }))),
  "dml: transformer_run.precision: \"fp4\": no FP4 rate is known for H100 SXM (its efficiency.fp4_gain is 0: none: no FP4 tensor cores on Hopper; the Blackwell presets carry one)")
t.eq(assert(measured.request(copy(row("MBridge-25.11-LLAMA3_70B-64"), { precision = "NVFP4", gpu = "GB200 NVL72",
  gpus_per_node = "4" }))).run.precision, "fp4")
t.eq(measured.parse_fp8_scaling("float8 rowwise + torch.compile"), "rowwise")
t.eq(measured.parse_fp8_scaling("float8 tensorwise + torch.compile"), "tensorwise")
t.eq(measured.parse_fp8_scaling("FP8-CS"), "tensorwise")
t.eq(measured.parse_fp8_scaling("bfloat16 + torch.compile"), nil)
-- A precision cell that says more than its format says what it was read as (helper-31).
do
  local function said(cell)
    return table.concat(assert(measured.request(copy(row("MBridge-25.11-LLAMA3_70B-64"), { precision = cell }))).assumed, "\n")
  end
  t.eq(said("FP8 hybrid (bf16-mixed, fp8_params)"):find('precision "FP8 hybrid (bf16-mixed, fp8_params)" read as fp8', 1, true) ~= nil, true)
  t.eq(said("FP8"):find("read as fp8", 1, true), nil, "a plain format: nothing to say")
  t.eq(said("amp_bf16"):find("read as bf16", 1, true), nil, "llm-foundry's name of bf16")
end

t.eq(measured.parse_yes_no("yes (MegaScale overlaps TP/SP comm)"), true)
t.eq(measured.parse_yes_no("no"), false); t.eq(measured.parse_yes_no(nil), nil)
t.eq(measured.parse_yes_no("True"), true); t.eq(measured.parse_yes_no("off"), false)
-- NVIDIA's MLPerf configs name it SEQ_PARALLEL (helper-114: "SEQ_PARALLEL (TP>1)" refused).
for cell, yes in pairs { ["SEQ_PARALLEL (TP>1)"] = true, ["SEQ_PARALLEL=True"] = true, ["SEQ_PARALLEL=False"] = false,
  ["seq parallel on"] = true, ["SEQ_PARALLEL default True"] = true,
  -- A remark that is a yes or no gives the value of a bare name (helper-116: "SEQ_PARALLEL (no)"
  -- read as yes); one that disagrees with a value is not read.
  ["SEQ_PARALLEL (no)"] = false, ["SEQ_PARALLEL (off)"] = false, ["SP (disabled, TP=1)"] = false,
  ["seq parallel (not used)"] = false, ["SP (Megatron)"] = true } do
  t.eq(measured.parse_yes_no(cell), yes, cell)
end
t.eq(measured.parse_yes_no("yes (no)"), nil); t.eq(measured.parse_yes_no("SEQ_PARALLEL=True (off)"), nil)
t.eq(measured.parse_yes_no("enabled (TP comm overlap)"), true); t.eq(measured.parse_yes_no("ongoing"), nil)
t.eq(measured.parse_yes_no("1"), true); t.eq(measured.parse_yes_no("0"), false)
-- Settings written as a key and its value, Megatron-LM's flag, and nanotron's TP modes (helper-32).
t.eq(measured.parse_yes_no("sequence_parallel=False"), false); t.eq(measured.parse_yes_no("SEQ_PARALLEL default True"), true)
t.eq(measured.parse_yes_no("--sequence-parallel: true"), true, "a flag as a YAML key (helper-56: refused)")
-- helper-65's probe: "not stated" is no "no" (unknown: not given, said by the request); SP by name.
t.eq(measured.parse_yes_no("not stated"), nil); t.eq(measured.parse_yes_no("normal"), nil)
t.eq(measured.unstated("not stated"), true); t.eq(measured.unstated("unknown"), true); t.eq(measured.unstated("none"), false)
for _, cell in ipairs { "sequence parallel", "SP", "Megatron SP", "with SP", "w/ SP", "TP+SP" } do t.eq(measured.parse_yes_no(cell), true, cell) end
for _, cell in ipairs { "without SP", "SP not used", "\226\156\151" } do t.eq(measured.parse_yes_no(cell), false, cell) end
t.eq(measured.parse_yes_no("SEQ_PARALLEL: 1"), true); t.eq(measured.parse_yes_no("--sequence-parallel"), true)
t.eq(measured.parse_yes_no("yes: overlapped"), true, "a yes is no key"); t.eq(measured.parse_yes_no("sp = maybe"), nil)
same({ measured.parse_yes_no("tp_mode REDUCE_SCATTER (tp_linear_async_communication True)") },
  { true, 'sequence_parallel "tp_mode REDUCE_SCATTER (tp_linear_async_communication True)" read as yes (nanotron\'s REDUCE_SCATTER mode)' })
t.eq(measured.parse_yes_no("TP_MODE=ALL_REDUCE"), false)
-- A row that says Megatron's TP communication overlap was off runs its stack without it
-- (MLPerf v5.1's B200 and NVFP4 configs, helper-34); a row that says it was on, or MegaScale's
-- ablation ladder ("+TP overlap 55.5"), keeps the stack's.
t.eq(measured.tp_overlap_off { notes = "TP_COMM_OVERLAP=False" }, true)
t.eq(measured.tp_overlap_off { notes = "TP_COMM_OVERLAP unset in the config (custom.yaml default False)" }, true)
t.eq(measured.tp_overlap_off { notes = "no TP overlap" }, true)
t.eq(measured.tp_overlap_off { notes = "TP_COMM_OVERLAP=True (MC_TP_OVERLAP_AG=True)" }, false)
t.eq(measured.tp_overlap_off { notes = "ablation ladder: +PTB 52.3, +SWA 53.3, +TP overlap 55.5" }, false)
do
  local off = assert(measured.request(copy(row("MBridge-25.11-LLAMA3_70B-64"), { notes = "TP_COMM_OVERLAP=False" })))
  t.eq(off.run.stack.tp_overlap, "backward")
  t.eq(assert(measured.request(row("MBridge-25.11-LLAMA3_70B-64"))).run.stack.tp_overlap, "overlapped")
end
t.eq(measured.parse_yes_no("SP on"), true); t.eq(measured.parse_yes_no("sequence parallel off"), false)
t.eq(measured.parse_yes_no("not enabled"), false); t.eq(measured.parse_yes_no("SP not enabled"), false)
t.eq(measured.parse_yes_no("never on"), false)
t.eq(measured.parse_yes_no("sp=1"), nil, "a degree"); t.eq(measured.parse_yes_no("sequence_parallel_size=1"), nil)
do
  local r = assert(measured.request(copy(row("MBridge-25.11-LLAMA3_70B-64"), { sequence_parallel = "tp_mode REDUCE_SCATTER" })))
  t.eq(r.layout.sequence_parallel, true)
  t.eq(table.concat(r.assumed, "\n"):find("nanotron's REDUCE_SCATTER mode", 1, true) ~= nil, true)
end
-- A count or yes/no cell that says something else is not predicted, naming it (it was read as
-- empty: the default, or the model's config, stood in for it unsaid).
local function refused(changes) return select(2, measured.request(copy(row("MBridge-25.11-LLAMA3_70B-64"), changes))) end
t.eq(refused { tp = "4 (SP)" }, 'tp "4 (SP)" is not a whole number')
t.eq(refused { layers = "96 (incl. 16 extra)" }, 'layers "96 (incl. 16 extra)" is not a whole number')
t.eq(refused { vpp_interleave = "5 (virtual stages)" }, 'vpp_interleave "5 (virtual stages)" is not a whole number')
t.eq(refused { sequence_parallel = "n/a" }, 'sequence_parallel "n/a" not understood (yes or no)')
-- An empty framework cell is said as none given (helper-74: 'the framework ""').
t.eq(select(2, measured.stack_for { framework = " ", source = "a 2025 report" }),
  "no preset for the framework (none given): stack megatron_core assumed (the Megatron-class stack of a 2025 source)")
-- A sharding cell not read names what is (helper-74: "FSDP (HSDP 8x2)" was refused without it).
t.eq(refused { zero_or_fsdp = "FSDP (HSDP 8x2)" }, 'zero_or_fsdp "FSDP (HSDP 8x2)" not understood (a shape like 8x2 '
  .. 'does not say which factor shards; write the shard group, "HSDP 8" or "shard 8")')
t.eq(refused { zero_or_fsdp = "FSDP (HSDP 8×2)" }, 'zero_or_fsdp "FSDP (HSDP 8×2)" not understood (a shape like 8x2 '
  .. 'does not say which factor shards; write the shard group, "HSDP 8" or "shard 8")', "the multiplication sign too")
t.eq(refused { zero_or_fsdp = "sharded somehow" }, 'zero_or_fsdp "sharded somehow" not understood (read: ZeRO-1/2/3, '
  .. 'FSDP, HSDP with its shard group, distributed optimizer, none)')
-- A refused row still says what its other cells were read as (helper-31: the assumed column was
-- empty for every refused row).
do
  local r = measured.predict(copy(row("MBridge-25.11-LLAMA3_70B-64"), { gpu = "Intel Gaudi 3" }))
  t.eq(r.status, 'not predicted: no GPU preset for "Intel Gaudi 3"')
  t.eq(r.assumed:find("stack megatron_core", 1, true) ~= nil, true, r.assumed)
  t.eq(select(3, measured.request(copy(row("MBridge-25.11-LLAMA3_70B-64"), { global_batch_seqs = false,
    global_batch_tokens = false })))[1]:find("Llama family", 1, true) ~= nil, true, "the model's reading")
end
t.eq(refused { zero_or_fsdp = "ZeRO-3 + ZeRO++ (hpZ, qwZ)" },
  [[zero_or_fsdp "ZeRO-3 + ZeRO++ (hpZ, qwZ)": ZeRO++'s hierarchical and quantized collectives are not modelled]])
-- Sequences and a token count that disagree: the sequences, for the prediction and for turning
-- a throughput into a step (128 x 8192 tokens at 104,857.6 tokens/s: 10 s).
do
  local r = copy(row("MBridge-25.11-LLAMA3_70B-64"), { global_batch_tokens = "2097152", tokens_per_s = "104857.6",
    tokens_per_s_per_gpu = false, tflops_per_gpu = false, iter_time_s = false })
  t.eq(assert(measured.request(r)).batch, 128)
  t.near(measured.measured_time(r), 10, 1e-12, "the sequences' tokens")
  -- MFU without the peak it is a fraction of: said as such.
  local mfu = copy(r, { tokens_per_s = false, mfu_pct = "40", peak_tflops_assumed = false })
  t.eq(select(2, measured.measured_time(mfu)), "mfu_pct without peak_tflops_assumed (the peak it is a fraction of)")
end
-- Throughput columns that disagree: the first given is used and the others are said with their
-- step (a cluster's 1,048,576 tokens/s is a 2 s step; per GPU 1,000 over 64 GPUs is 32.8 s);
-- columns within 5% of it say nothing.
do
  local base = copy(row("MBridge-25.11-LLAMA3_70B-64"), { global_batch_seqs = "128", global_batch_tokens = false,
    seq_len = "16384", tflops_per_gpu = false, mfu_pct = false })
  local t1, how = measured.measured_time(copy(base, { iter_time_s = "10", tokens_per_s = "1048576",
    tokens_per_s_per_gpu = "1000" }))
  t.near(t1, 10, 1e-12, "iter_time_s first")
  t.eq(how, "iter_time_s; tokens_per_s gives 2 s, 80% apart (not used: the columns disagree)"
    .. "; tokens_per_s_per_gpu gives 32.77 s, 228% apart (not used: the columns disagree)")
  local t2, how2 = measured.measured_time(copy(base, { iter_time_s = "10", tokens_per_s = "214748.4",
    tokens_per_s_per_gpu = false }))
  t.near(t2, 10, 1e-12)
  t.eq(how2, "iter_time_s", "9.77 s is within 5%: nothing said")
  local t3, how3 = measured.measured_time(copy(base, { iter_time_s = false, tokens_per_s = "209715.2",
    tokens_per_s_per_gpu = "3000" }))
  t.near(t3, 10, 1e-12, "tokens_per_s before the per-GPU column")
  t.eq(how3, "tokens per step / tokens_per_s; tokens_per_s_per_gpu gives 10.92 s, 9% apart (not used: the columns disagree)")
  -- (A cluster's rate in the per-GPU column: a ratio, not thousands of percent.)
  local _, how4 = measured.measured_time(copy(base, { iter_time_s = "10", tokens_per_s = "1000", tokens_per_s_per_gpu = false }))
  t.eq(how4, "iter_time_s; tokens_per_s gives 2097 s, 210 times the step used (not used: the columns disagree)")
end

local routed, shared = measured.parse_experts("256+1 shared")
t.eq(routed, 256); t.eq(shared, 1)
routed, shared = measured.parse_experts("128")
t.eq(routed, 128); t.eq(shared, 0)
t.eq(measured.parse_experts("many"), nil)
for cell, want in pairs { ["128 experts"] = { 128, 0 }, ["256 routed + 1 shared"] = { 256, 1 },
  ["128 (top-8)"] = { 128, 0 }, ["64 + 2 shared"] = { 64, 2 } } do
  local r, sh = measured.parse_experts(cell)
  t.eq(r, want[1], cell); t.eq(sh, want[2], cell)
end
t.eq(measured.parse_experts("E=64"), nil)

-- The experts' capacity factor and padding from the notes (Megatron-Core's keys, flags, words).
for cell, want in pairs {
  ["grok1_314b.yaml sets moe_pad_expert_input_to_capacity: true, moe_expert_capacity_factor: 1.0"] = { 1.0, true },
  ["--moe-expert-capacity-factor 1.25 --moe-pad-expert-input-to-capacity"] = { 1.25, true },
  ["moe_expert_capacity_factor=2"] = { 2, false },
  ["moe_expert_capacity_factor: 1.0, moe_pad_expert_input_to_capacity: false"] = { 1.0, false },
  ["capacity factor not stated; the script sets a capacity factor of 1.0 with expert inputs padded to capacity"] = { 1.0, true },
  -- (helper-358: negations, an explicit key over words, an evaluation's factor, short forms.)
  ["capacity factor 1.25, not padded to capacity"] = { 1.25, false },
  ["capacity factor 1.0 (padded to capacity: false)"] = { 1.0, false },
  ["moe_pad_expert_input_to_capacity=False, padded to capacity in eval; moe_expert_capacity_factor=1.0"] = { 1.0, false },
  ["eval_capacity_factor 2.0; capacity factor 1.5"] = { 1.5, false },
  ["token drop with capacity factor 1.0 (padded)"] = { 1.0, true },
  ["Capacity Factor = 1.0 with padding"] = { 1.0, true },
  ["cf=1.25"] = { 1.25, false }, ["CF 1.25"] = { 1.25, false }, ["capacity factor .5"] = { 0.5, false },
} do
  local factor, pad = measured.parse_capacity(cell)
  t.eq(factor, want[1], cell); t.eq(pad, want[2], cell)
end
for _, cell in ipairs { "capacity factor not stated", "token-dropless", "moe_expert_capacity_factor: null",
  "padded to capacity", "HBM capacity 80 GB", "eval_capacity_factor 2.0", "moe_expert_capacity_factor: -1.0" } do
  t.eq(measured.parse_capacity(cell), nil, cell)
end

-- Qwen2-57B-A14B's one shared expert of its own width, from its config, also where the row counts
-- it ("64 + 1 shared"): it had been 8 experts of the routed width, and a row's "+ 1 shared" one.
do
  local row57 = { run_id = "q57", source = "s", framework = "Megatron-LM", model = "Qwen2-57B-A14B", gpu = "H100 SXM",
    num_gpus = "64", gpus_per_node = "8", tp = "2", pp = "1", dp = "32", ep = "8", seq_len = "4096",
    global_batch_seqs = "256", micro_batch = "1", precision = "bf16", iter_time_s = "10" }
  local from_config = measured.predict(row57)
  t.eq(from_config.status, "ok")
  t.eq(from_config.assumed:find("shared experts = 1, shared_d_ff = 20480", 1, true) ~= nil, true, from_config.assumed)
  local counted = measured.predict(copy(row57, { moe_experts = "64 + 1 shared", moe_topk = "8" }))
  t.eq(counted.predicted_s, from_config.predicted_s, "the row's one shared expert is the config's")
end

-- Llama 4 Maverick from its config: a dense and a MoE layer in turn (moe.every 2), 400B
-- parameters and 17B active by its name, also where the row counts its experts.
do
  local mav = { run_id = "mav", source = "s", framework = "Megatron-LM", model = "Llama-4-Maverick-17B-128E",
    gpu = "H100 SXM", num_gpus = "256", gpus_per_node = "8", tp = "4", pp = "4", dp = "16", ep = "16",
    seq_len = "8192", global_batch_seqs = "512", micro_batch = "1", precision = "bf16", iter_time_s = "10",
    recompute = "full" }
  local req = assert(measured.request(mav))
  t.eq(req.run.model.moe.every, 2)
  local counts = dml.params(req.run.model)
  t.near(counts.total, 400e9, 0.01, "Maverick's 400B")
  t.near(counts.active, 17e9, 0.02, "Maverick's 17B active")
  t.eq(assert(measured.request(copy(mav, { moe_experts = "128 + 1 shared", moe_topk = "1" }))).run.model.moe.every, 2)
  t.eq(measured.predict(mav).status, "ok")
  -- A row that says every layer routes decides over the config's period, said (helper-360: it
  -- ran every 2); not where the clause negates, hedges or speaks of another model.
  for _, n in ipairs { "every layer is MoE in this run", "MoE in all layers (modified config)", "experts on every layer" } do
    local said = assert(measured.request(copy(mav, { notes = n })))
    t.eq(said.run.model.moe.every, 1, n)
    local again = assert(measured.request(copy(mav, { notes = n, moe_experts = "128 + 1 shared", moe_topk = "1" })))
    t.eq(again.run.model.moe.every, 1, n)
    t.eq(measured.predict(copy(mav, { notes = n })).assumed:find("experts on every layer (notes " .. string.format("%q", n)
      .. "), not on one in 2 as the model's config has them", 1, true) ~= nil, true, n)
  end
  for _, n in ipairs { "not every layer is MoE", "if every layer were MoE it would not fit", "the paper's variant: every layer MoE",
      "Switch puts experts on every other layer; GShard too" } do
    t.eq(assert(measured.request(copy(mav, { notes = n }))).run.model.moe.every, 2, n)
  end
end

-- Expert TP from the notes (Megatron-Core's expert_tensor_parallel_size; the format has no column).
for cell, want in pairs { ["EDP 1, ETP 1"] = 1, ["GA=8; expert tensor parallel ETP 4 (table)"] = 4,
  ["ETP=2"] = 2, ["--expert-tensor-parallel-size 8"] = 8, ["expert_tensor_parallel_size: 2"] = 2,
  ["expert tensor parallelism 4"] = 4, ["the table prints ETP 4, but launch.sh sets ETP 8"] = 4,
  ["ETP size 4"] = 4, ["etp_size=4"] = 4, ["expert tensor parallel size 4"] = 4,
  ["expert tensor-parallel degree 8"] = 8, ["4-way expert tensor parallelism"] = 4,
  ["ETP=TP (Megatron-Core's default)"] = "tp", ["EP 8 x ETP 2"] = 2 } do
  t.eq(measured.parse_etp(cell), want, cell)
end
-- (helper-357: products, counts, decimals and years were read as degrees.)
for _, cell in ipairs { "GA=128", "TP 2, EP 32", "PETP 2", "expert tensor parallelism", "EP x ETP = 32",
  "EP*ETP=16", "expert tensor parallel (2 nodes)", "expert tensor parallelism 2025 recipe", "ETP 1.5",
  "ETP over 2 GPUs" } do
  t.eq(measured.parse_etp(cell), nil, cell)
end
do
  -- Read into the layout, said; ETP 2 x EP 16 of Qwen3-235B's TP 2 x DP 16 ranks.
  local base = copy(row("MBridge-25.09-Qwen3_235B_a22B-256"), { ep = "16" })
  local plain = measured.predict(base)
  local split = measured.predict(copy(base, { notes = "GA=128; EDP 1, ETP 2" }))
  t.eq(split.status, "ok")
  t.eq(split.assumed:find("etp = 2 (expert tensor parallelism, from the notes)", 1, true) ~= nil, true, split.assumed)
  t.eq(plain.assumed:find("dml: etp = 1", 1, true) ~= nil, true, plain.assumed)
  t.eq(split.predicted_s ~= plain.predicted_s, true, "expert TP costed")
  -- A dp cell that is the experts' data-parallel degree at an expert TP of tp: that expert TP
  -- is costed too (helper-357: "expert tp 2" said, etp 1 costed).
  local edp = measured.predict(copy(base, { dp = "1" }))
  t.eq(edp.status, "ok")
  t.eq(edp.assumed:find("expert tp 2)", 1, true) ~= nil, true, edp.assumed)
  t.eq(edp.assumed:find("etp = 2 (expert tensor parallelism: the experts' data-parallel degree", 1, true) ~= nil,
    true, edp.assumed)
  t.eq(edp.predicted_s, split.predicted_s, "as with ETP 2 in the notes")
  local one = measured.predict(copy(base, { notes = "GA=128; EDP 1, ETP 1" }))
  t.eq(one.predicted_s, plain.predicted_s, "ETP 1 read is the default")
  t.eq(one.assumed:find("dml: etp = 1", 1, true), nil, one.assumed)
end
t.eq(measured.parse_experts("8x7B"), 8, "Mixtral's name for its experts"); t.eq(measured.parse_experts("8 x 22B"), 8)

-- Gated MLP by family, else by the width ratio.
local function gated(model, f, h) return measured.family(model, f, h).gated end
t.eq(gated("Gemma 2 27B", 36864, 4608), true); t.eq(measured.family("Gemma 7B").tied, true)
t.eq(gated("BLOOM-176B", 57344, 14336), false); t.eq(measured.family("BLOOM").tied, true)
-- A row that says how its embeddings are tied overrides its family's (nanotron's small Llamas tie
-- them: helper-32).
do
  local function tied(changes)
    return assert(measured.request(copy(row("MBridge-25.09-LLAMA3_8B-8"), changes))).run.model.tied_embeddings
  end
  t.eq(tied {}, false, "Llama's")
  t.eq(tied { notes = "peak memory 8.40GB; tie_word_embeddings True (intermediate_size < 10000)" }, true)
  t.eq(tied { model = "Llama 3 8B (tied embeddings)" }, true)
  t.eq(tied { notes = "untied embeddings, RoPE" }, false)
  for _, off in ipairs { "not tied embeddings", "no tied embeddings", "tied embeddings: no", "tied embeddings=False",
                         "Tied embeddings disabled" } do
    t.eq(assert(measured.request(copy(row("MPT-30b-128"), { notes = off }))).run.model.tied_embeddings, false, off)
  end
  t.eq(assert(measured.request(copy(row("MPT-30b-128"), { notes = "tie_word_embeddings: false" }))).run.model.tied_embeddings,
    false, "MPT's overridden")
end
t.eq(gated("LLAMA3-8B", 14336, 4096), true); t.eq(gated("Llama 3.1 70B", 28672, 8192), true)
t.eq(gated("LLAMA2-7B", 11008, 4096), true); t.eq(gated("Qwen3_30B_a3B", 6144, 2048), true)
t.eq(gated("DeepSeekV3 (dropless)", 18432, 7168), true); t.eq(gated("GPT OSS 120B", 2880, 2880), true)
t.eq(gated("GPT 1.7B", 9216, 2304), false); t.eq(gated("MPT-7b", 16384, 4096), false)
t.eq(gated("GPT-style 175B (MegaScale variant: 128 heads)", 49152, 12288), false)
t.eq(gated("OPT-175B", 49152, 12288), false)
t.eq(gated("Mystery-9B", 14336, 4096), true, "unknown name, ratio 3.5")
t.eq(gated("Mystery-9B", 16384, 4096), false, "unknown name, ratio 4")
t.eq(select(2, measured.family("LLAMA3-8B", 14336, 4096)), "gated (SwiGLU) MLP: Llama family by name (d_ff/d_model 3.5)")

-- Global batch.
t.eq(measured.global_batch(row("N21-T1-1.7B"), 2048), 512)
t.eq(measured.global_batch({ global_batch_tokens = "4194304" }, 8192), 512)
-- "2M": OPT's 2M tokens are 1,024 sequences of 2,048 (2^21), not 2,000,000 (976.6 sequences).
local b, why = measured.global_batch(row("OPT-175B"), 2048)
t.eq(b, 1024); t.eq(why, 'global batch "2M" read as 2097152 tokens, 2 x 2^20 (2000000 would not be whole 2048-token sequences)')
b, why = measured.global_batch({ global_batch_tokens = "3M tokens" }, 3000)
t.eq(b, 1000); t.eq(why, 'global batch "3M tokens" read as 3000000 tokens')
b, why = measured.global_batch({ global_batch_tokens = "2M" }, 3000)
t.eq(b, nil); t.eq(why, 'global batch "2M" is not an exact token count')
t.eq(select(2, measured.global_batch({}, 2048)), "no global batch")

-- --- Requests --------------------------------------------------------------------------------

local req = assert(measured.request(row("N21-T1-3.6B")))
t.eq(req.stack, "megatron_2021"); t.eq(req.gpu, "a100_sxm_80gb"); t.eq(req.precision, "bf16"); t.eq(req.batch, 512)
t.eq(req.layout.tp, 2); t.eq(req.layout.pp, 1); t.eq(req.layout.dp, 32); t.eq(req.layout.zero, 0)
t.eq(req.layout.sequence_parallel, false); t.eq(req.layout.recompute, "full"); t.eq(req.layout.microbatch, nil)
t.eq(req.run.cluster.size, 64); t.eq(req.run.cluster.levels[1].size, 8)
t.near(req.run.cluster.levels[1].bandwidth:value("GB/s"), 600); t.near(req.run.cluster.levels[2].bandwidth:value("GB/s"), 50)
t.near(req.run.cluster.levels[1].latency:value("us"), 2); t.near(req.run.cluster.levels[2].latency:value("us"), 6)
local function has(list, prefix)
  for _, a in ipairs(list) do
    if a:sub(1, #prefix) == prefix then return true end
  end
  return false
end
t.eq(has(req.assumed, "latency 2 us per step on NVLink and 6 us on the network"), true, "latency named")
t.eq(has(req.assumed, "fp16 modelled as bf16"), true)

req = assert(measured.request(row("MPT-30b-512")))
t.eq(req.stack, "llm_foundry"); t.eq(req.layout.zero, 3); t.eq(req.run.model.tied_embeddings, true)
t.eq(has(req.assumed, "inter-node bandwidth not given"), true)
t.eq(assert(measured.request(row("MPT-3b-128"))).layout.zero, 2)

req = assert(measured.request(row("MBridge-25.09-DeepSeekV3-1024")))
local moe = req.run.model.moe
t.eq(moe.experts, 256); t.eq(moe.shared_experts, 1); t.eq(moe.top_k, 8); t.eq(moe.dense_layers, 3)
t.eq(moe.expert_d_ff, 2048); t.eq(req.run.model.d_ff, 18432); t.eq(req.run.model.gated, true)
t.eq(req.layout.ep, 64); t.eq(req.precision, "fp8")
t.eq(has(req.assumed, "multi-head latent attention: head_dim 128 + rope 64, v_dim 128, latents q 1536 and kv 512 (DeepSeek-V3 config.json, not in the row)"), true)
t.eq(req.run.model.mla.kv_rank, 512); t.eq(req.run.model.mla.q_rank, 1536); t.eq(req.run.model.mla.rope_dim, 64)
t.eq(req.run.model.mla.v_dim, 128); t.eq(req.run.model.head_dim, 128); t.eq(req.run.model.kv_heads, nil)
-- Its parameters as the row's FLOP formulas count them: 671B in all, 37B a token uses (the
-- report's figures, rounded to 1B).
t.eq(math.abs(measured.params(req.arch) - 671e9) < 1e9, true, "DeepSeek-V3: 671B")
t.eq(math.abs(measured.params(req.arch, true) - 37.5e9) < 0.6e9, true, "DeepSeek-V3: 37B active")
t.eq(has(req.assumed, "d_ff = 18432, vocab = 129280, expert_d_ff = 2048, dense first layers = 3, expert groups = 8, groups a token picks = 4, multi-token prediction modules = 1 (DeepSeek-V3 config.json, not in the row)"), true)
-- Its group-limited routing (n_group 8, topk_group 4), which forced balance keeps (Megatron-Core
-- routes the random logits through the group-limited top-k).
t.eq(moe.groups, 8); t.eq(moe.group_top_k, 4)
-- A row whose routing is not the config's (another top-k) takes no groups from it.
do
  local other = assert(measured.request(copy(row("MBridge-25.09-DeepSeekV3-1024"), { moe_experts = "256+1 shared", moe_topk = "6" })))
  t.eq(other.run.model.moe.top_k, 6); t.eq(other.run.model.moe.groups, nil); t.eq(other.run.model.moe.group_top_k, nil)
end
-- Its multi-token prediction module (num_nextn_predict_layers 1), which the run trains; the
-- counts above leave it out, as the report does.
t.eq(req.run.model.mtp_layers, 1)
t.eq(dml.params(req.run.model).total > measured.params(req.arch) + 11e9, true, "the module's MoE layer, 11.6B")

-- A MoE model without a published configuration here: its one MLP width is each expert's.
req = assert(measured.request(copy(row("MBridge-25.09-LLAMA3_8B-8"), { model = "DBRX", vocab = "100352",
  moe_experts = "16", moe_topk = "4", ep = "8", dp = false })))
t.eq(req.run.model.moe.expert_d_ff, 14336); t.eq(req.run.model.moe.experts, 16); t.eq(req.run.model.moe.top_k, 4)
t.eq(req.run.model.moe.dense_layers, 0)
t.eq(has(req.assumed, "expert width = ffn_hidden = 14336, every layer a mixture of experts"), true)
t.eq(select(2, measured.request(copy(row("MBridge-25.09-LLAMA3_8B-8"), { model = "Grok-1", moe_experts = "8",
  moe_topk = "2", ffn_hidden = false }))), "no expert width for the MoE layers (no ffn_hidden, and no published config of this model gives one)")
-- Any other MoE without a published config (a probe's Phi-3.5-MoE, JetMoE, a lab's own): its
-- ffn_hidden is the experts' width too, said as assumed (docs/validation.md; it was refused).
for _, name in ipairs { "MyMoE", "Phi-3.5-MoE", "JetMoE-8B", "" } do
  local r = assert(measured.request(copy(row("MBridge-25.09-LLAMA3_8B-8"), { model = name, ffn_hidden = "1408",
    moe_experts = "60", moe_topk = "4", ep = "4", dp = false })))
  t.eq(r.run.model.moe.expert_d_ff, 1408, name); t.eq(r.run.model.moe.experts, 60, name)
  t.eq(has(r.assumed, "expert width = ffn_hidden = 1408 assumed, every layer a mixture of experts"), true, name)
end
-- A format the GPU has no tensor cores for is said (helper-124: silent).
t.eq(has(assert(measured.request(copy(row("MBridge-25.09-LLAMA3_8B-8"), { gpu = "V100 32GB", precision = "BF16" }))).assumed,
  'precision "BF16" on a V100, which has no bf16 tensor cores: costed at its fp16 rate'), true)
t.eq(has(assert(measured.request(copy(row("MBridge-25.09-LLAMA3_8B-8"), { precision = "MXFP8" }))).assumed,
  'precision "MXFP8" on a h100_sxm, which has no MX tensor cores'), true)
t.eq(has(assert(measured.request(copy(row("MBridge-25.09-LLAMA3_8B-8"), { gpu = "B200", precision = "MXFP8" }))).assumed,
  'precision "MXFP8" on a b200'), false, "Blackwell has them")
-- A row that names Mixtral only: its config.json gives the dimensions and the experts.
do
  local bare = copy(row("MBridge-25.09-LLAMA3_8B-8"), { model = "Mixtral-8x7B", layers = false, hidden = false,
    heads = false, kv_heads = false, ffn_hidden = false, vocab = false, ep = "8", dp = false })
  local r = assert(measured.request(bare))
  local mm = r.run.model
  t.eq(mm.layers, 32); t.eq(mm.d_model, 4096); t.eq(mm.kv_heads, 8); t.eq(mm.d_ff, 14336)
  t.eq(mm.moe.experts, 8); t.eq(mm.moe.top_k, 2); t.eq(mm.moe.expert_d_ff, 14336); t.eq(mm.moe.dense_layers, 0)
  t.eq(has(r.assumed, "layers = 32, d_model = 4096, heads = 32, kv_heads = 8, d_ff = 14336, vocab = 32000, experts = 8, top_k = 2, expert_d_ff = 14336 (Mixtral-8x7B-v0.1 config.json, not in the row)"), true)
  bare.model = "Mixtral 8x22B"
  mm = assert(measured.request(bare)).run.model
  t.eq(mm.layers, 56); t.eq(mm.d_model, 6144); t.eq(mm.moe.expert_d_ff, 16384)
end
-- Llama rows that name the model only.
do
  local function dims(model)
    local r = measured.request(copy(row("MBridge-25.09-LLAMA3_8B-8"), { model = model, layers = false, hidden = false,
      heads = false, kv_heads = false, ffn_hidden = false, vocab = false }))
    if not r then return "none" end
    local mm = r.run.model
    return string.format("%d/%d/%d/%d/%d/%d", mm.layers, mm.d_model, mm.heads, mm.kv_heads, mm.d_ff, mm.vocab)
  end
  t.eq(dims("LLAMA3.1-405B"), "126/16384/128/8/53248/128256"); t.eq(dims("Llama 3 70B"), "80/8192/64/8/28672/128256")
  t.eq(dims("llama3_8b"), "32/4096/32/8/14336/128256"); t.eq(dims("Llama-2-70B"), "80/8192/64/8/28672/32000")
  t.eq(dims("LLAMA2-7B"), "32/4096/32/32/11008/32000"); t.eq(dims("Llama 2 13B"), "40/5120/40/40/13824/32000")
  t.eq(dims("Llama 3.2 1B"), "16/2048/32/8/8192/128256"); t.eq(dims("Llama 3.2 11B"), "none", "a size it has no config of")
end
-- Qwen's and DeepSeek's MoE tables may give a dense width in ffn_hidden: without their config,
-- no prediction.
t.eq(select(2, measured.request(copy(row("MBridge-25.09-LLAMA3_8B-8"), { model = "DeepSeekMoE-16B", ffn_hidden = "10944",
  moe_experts = "64", moe_topk = "6", ep = "8", dp = false }))),
  "no expert width for the MoE layers (a Qwen or DeepSeek MoE without its published config: its ffn_hidden may be the dense width)")
-- Config names match with a space too.
t.eq(assert(measured.request(copy(row("MBridge-25.09-Qwen3_30B_a3B-16"), { model = "Qwen3 30B A3B" }))).run.model.moe.expert_d_ff, 768)

-- Stacks from before sequence parallelism (has_sequence_parallel = false): an empty cell runs
-- without it, dml's own assumption; later stacks use it.
do
  local r = measured.predict(copy(row("N21-T1-3.6B"), { sequence_parallel = false }))
  t.eq(r.status, "ok"); t.eq(r.assumed:find("dml: sequence_parallel = false", 1, true) ~= nil, true)
  r = measured.predict(copy(row("MBridge-25.09-LLAMA3_70B-64"), { sequence_parallel = false }))
  t.eq(r.assumed:find("dml: sequence_parallel = true", 1, true) ~= nil, true)
end

-- Sliding windows come from the model's published configuration (no column gives them).
req = assert(measured.request(row("MBridge-25.11-GPT-64")))
t.eq(req.run.model.window, 128); t.eq(req.run.model.full_attention_every, 2)
t.eq(has(req.assumed, "head_dim = 64, d_ff = 2880, vocab = 201088, expert_d_ff = 2880, expert biases, clamped GLU, window = 128, full_attention_every = 2 (gpt-oss-120b config.json, not in the row)"), true)
-- Llama 4 Scout by name: every layer routes to 1 of 16 experts of width 8,192 and a shared one;
-- a cell counting the routed experts only takes the shared one from the config, a cell that
-- counts them keeps its own.
do
  local scout = copy(row("MBridge-25.09-Qwen3_30B_a3B-16"), { model = "Llama-4-Scout-17B-16E", moe_experts = "16",
    moe_topk = "1", layers = false, hidden = false, heads = false, kv_heads = false, ffn_hidden = false, vocab = false })
  local m = assert(measured.request(scout)).run.model
  t.eq(m.layers, 48); t.eq(m.d_model, 5120); t.eq(m.moe.experts, 16); t.eq(m.moe.top_k, 1)
  t.eq(m.moe.shared_experts, 1); t.eq(m.moe.expert_d_ff, 8192); t.eq(m.vocab, 202112, "202,048 padded to 128s")
  m = assert(measured.request(copy(scout, { moe_experts = "16+0 shared" }))).run.model
  t.eq(m.moe.shared_experts, 0)
end
-- So do GPT-OSS's biased experts and clamped GLU; no other model has them.
t.eq(req.run.model.moe.expert_bias, true); t.eq(req.run.model.moe.clamped_glu, true)
-- and so when the row leaves the experts to the config too.
req = assert(measured.request(copy(row("MBridge-25.11-GPT-64"), { moe_experts = false, moe_topk = false })))
t.eq(req.run.model.moe.experts, 128); t.eq(req.run.model.moe.expert_bias, true); t.eq(req.run.model.moe.clamped_glu, true)
req = assert(measured.request(row("MBridge-25.09-Qwen3_30B_a3B-16")))
t.eq(req.run.model.moe.expert_bias, false); t.eq(req.run.model.moe.clamped_glu, false)
local llama = row("MBridge-25.09-LLAMA3_8B-8")
-- (The row's hidden left out: a configuration whose width the row contradicts is not used.)
local function windows(model)
  local m = assert(measured.request(copy(llama, { model = model, hidden = false }))).run.model
  return string.format("%s/%s", m.window, m.full_attention_every)
end
t.eq(windows("Gemma 2 27B"), "4096/2"); t.eq(windows("gemma-2-9b"), "4096/2"); t.eq(windows("Gemma2 2B"), "4096/2")
t.eq(windows("Gemma 3 27B"), "1024/6"); t.eq(windows("gemma-3-1b"), "512/6")
t.eq(windows("Gemma 7B"), "nil/nil", "Gemma 1: no window"); t.eq(windows("gemma-2b"), "nil/nil", "Gemma 1 2B, not Gemma 2")
t.eq(windows("LLAMA3_8B"), "nil/nil")

req = assert(measured.request(row("MS-T2-MegaScale-256")))
t.eq(req.run.model.parallel_block, true); t.eq(req.layout.interleave, 6)
-- MegaScale's "ZeRO-2" is Megatron-LM's distributed optimizer (one reduce-scatter a step): dml's
-- ZeRO 1, said; a PyTorch stack's SHARD_GRAD_OP, and DeepSpeed's stage 2, stay ZeRO 2.
t.eq(req.layout.zero, 1)
t.eq(has(req.assumed, [[zero_or_fsdp "ZeRO-2 (MegaScale, Fig.1/Sec 3.2)": Megatron-LM's distributed optimizer, which reduce-scatters the whole gradients once a step (ZeRO 1 in dml, whose ZeRO 2 reduce-scatters every microbatch's)]]), true)
t.eq(assert(measured.request(copy(row("MS-T2-MegaScale-256"), { framework = "Meta internal training stack (PyTorch)" }))).layout.zero, 2)
t.eq(assert(measured.request(copy(row("MS-T2-MegaScale-256"), { framework = "Megatron-DeepSpeed" }))).layout.zero, 2)
t.eq(assert(measured.request(copy(row("MS-T2-MegaScale-256"), { framework = "Megatron-Core 0.14",
  zero_or_fsdp = "Megatron-FSDP optim_grads (ZeRO-2)" }))).layout.zero, 2, "Megatron-FSDP's gradient sharding")
t.eq(req.layout.sequence_parallel, true); t.eq(req.run.model.vocab, 64512, "64000 padded to 128 x tp 8")
t.eq(assert(measured.request(row("MS-T3-baseline-256"))).run.model.parallel_block, false, "the ladder in notes is no PTB")

-- GB200 NVL72: one NVLink domain holds up to 72 GPUs, more than a 4-GPU tray; 256 GPUs run as
-- four domains of 64 (the largest divisor of 256 up to 72), the trays' NICs as given.
req = assert(measured.request(copy(row("MBridge-25.09-LLAMA3_70B-64"), { gpu = "GB200 NVL72", num_gpus = "256",
  gpus_per_node = "4", intra_node_bw = false, inter_node_bw = "4x400 Gb/s per tray", dp = false })))
t.eq(req.gpu, "gb200"); t.eq(req.run.cluster.levels[1].size, 64)
t.near(req.run.cluster.levels[1].bandwidth:value("GB/s"), 1800); t.near(req.run.cluster.levels[2].bandwidth:value("GB/s"), 100)
t.eq(has(req.assumed, "NVLink domain of 64 GPUs (gb200: up to 72 in one domain, the largest divisor of 256)"), true)
req = assert(measured.request(copy(row("MBridge-25.09-LLAMA3_70B-64"), { gpu = "B200 (DGX B200)",
  intra_node_bw = false, inter_node_bw = false })))
t.eq(req.gpu, "b200"); t.eq(req.run.cluster.levels[1].size, 8, "an HGX server")
t.near(req.run.cluster.levels[1].bandwidth:value("GB/s"), 1800); t.near(req.run.cluster.levels[2].bandwidth:value("GB/s"), 100)

-- HSDP: a shard degree below dp shards inside the group and replicates across; hybrid sharding
-- without a degree shards over a node's data-parallel ranks.
req = assert(measured.request(copy(row("TT-asyncTP-70B-bfloat16-vanilla"), { zero_or_fsdp = "FSDP2 (shard 8)" })))
t.eq(req.layout.dp, 32); t.eq(req.layout.zero, 3); t.eq(req.layout.shard, 8)
t.eq(has(req.assumed, "HSDP: states sharded over 8 data-parallel ranks, replicated 4 times"), true)
local hsdp = measured.predict(copy(row("TT-asyncTP-70B-bfloat16-vanilla"), { zero_or_fsdp = "FSDP2 (shard 8)" }))
t.eq(hsdp.status, "ok")
req = assert(measured.request(copy(row("MPT-7b-128"), { zero_or_fsdp = "FSDP HYBRID_SHARD" })))
t.eq(req.layout.zero, 3); t.eq(req.layout.shard, 8)
t.eq(has(req.assumed, "hybrid sharding without a shard degree: sharded over the 8 data-parallel ranks of a node"), true)
t.eq(select(2, measured.request(copy(row("TT-asyncTP-70B-bfloat16-vanilla"), { zero_or_fsdp = "FSDP2 (shard 12)" }))),
  "FSDP shard degree 12 does not divide dp 32")
t.eq(select(2, measured.request(copy(row("TT-asyncTP-70B-bfloat16-vanilla"), { zero_or_fsdp = "FSDP2 (shard 0)" }))),
  "FSDP shard degree 0 is not a positive count")
-- Degrees of zero are refused per row, with the cell named, never an error out of the scenario.
t.eq(select(2, measured.request(copy(row("MBridge-25.11-LLAMA3_70B-64"), { tp = "0", micro_batch = "0" }))),
  "tp 0 is not a positive count; micro_batch 0 is not a positive count")
t.eq(select(2, measured.request(copy(row("MBridge-25.11-LLAMA3_70B-64"), { gpus_per_node = "0" }))),
  "gpus_per_node 0 is not a positive count")
t.eq(measured.predict(copy(row("MBridge-25.11-LLAMA3_70B-64"), { vpp_interleave = "0" })).status,
  "not predicted: vpp_interleave 0 is not a positive count")

req = assert(measured.request(row("TT-T2-8B-cp4")))
t.eq(req.layout.cp, 4); t.eq(req.layout.dp, 2); t.eq(req.layout.zero, 3); t.eq(req.run.model.vocab, 128256, "not padded")

-- NeMo 24.07's table names the model only: its dimensions come from the launcher's configs
-- (the values below are those files', read by hand), the sequence length from the row.
local launcher = "NeMo-Framework-Launcher launcher_scripts/conf/training/"
req = assert(measured.request(row("NeMo2407-Nemotron-340B-128")))
local m = req.run.model
t.eq(m.layers, 96); t.eq(m.d_model, 18432); t.eq(m.heads, 96); t.eq(m.kv_heads, 8); t.eq(m.d_ff, 73728)
t.eq(m.vocab, 256000); t.eq(m.seq_len, 4096); t.eq(m.gated, false, "squared ReLU: two matrices")
t.eq(has(req.assumed, "layers = 96, d_model = 18432, heads = 96, kv_heads = 8, d_ff = 73728, vocab = 256000 ("
  .. launcher .. "nemotron/nemotron_340b.yaml, not in the row)"), true)
req = assert(measured.request(row("NeMo2407-Nemotron-8B-64")))
t.eq(req.run.model.kv_heads, 32, "Nemotron-3 8B: multi-head attention"); t.eq(req.run.model.vocab, 256000)
t.eq(has(req.assumed, "vocab = 256000 (the family's nemotron_2_256k tokenizer, named in " .. launcher
  .. "nemotron/nemotron_340b.yaml, not in the row)"), true)
m = assert(measured.request(row("NeMo2407-Nemotron-22B-64"))).run.model
t.eq(m.layers, 40); t.eq(m.d_model, 6144); t.eq(m.heads, 48); t.eq(m.kv_heads, 48); t.eq(m.d_ff, 24576)
req = assert(measured.request(row("NeMo2407-GPT3-5B-64")))
m = req.run.model
t.eq(m.layers, 24); t.eq(m.d_model, 4096); t.eq(m.heads, 32); t.eq(m.kv_heads, 32); t.eq(m.d_ff, 16384)
t.eq(m.vocab, 50304, "GPT-2 BPE padded to 128, tp 1"); t.eq(m.seq_len, 2048); t.eq(m.tied_embeddings, true)
m = assert(measured.request(row("NeMo2407-GPT3-20B-64"))).run.model
t.eq(m.layers, 44); t.eq(m.d_model, 6144); t.eq(m.heads, 48); t.eq(m.vocab, 50432, "padded to 128 x tp 2")
-- The MoE models of Megatron-Bridge's tables from their name alone, however it is spelt (the
-- values are those of the models' config.json, read by hand): a row from another source may give
-- only "DeepSeek-V3", with kv_heads, ffn_hidden and the MoE cells empty.
local bare = { layers = false, hidden = false, heads = false, kv_heads = false, ffn_hidden = false, vocab = false,
  moe_experts = false, moe_topk = false, ep = "8" }
local function bare_model(name)
  bare.model = name
  return assert(measured.request(copy(row("MBridge-25.09-DeepSeekV3-1024"), bare))).run.model
end
for _, name in ipairs { "DeepSeek-V3", "DeepSeekV3", "deepseek_v3", "DeepSeek V3 671B" } do
  m = bare_model(name)
  t.eq(m.layers, 61, name); t.eq(m.d_model, 7168, name); t.eq(m.heads, 128, name); t.eq(m.vocab, 129280, name)
  t.eq(m.mla.kv_rank, 512, name .. ": latent attention from the config"); t.eq(m.d_ff, 18432, name)
  t.eq(m.moe.experts, 256, name); t.eq(m.moe.shared_experts, 1, name); t.eq(m.moe.top_k, 8, name)
  t.eq(m.moe.expert_d_ff, 2048, name); t.eq(m.moe.dense_layers, 3, name); t.eq(m.mtp_layers, 1, name)
end
m = bare_model("Qwen3-30B-A3B")
t.eq(m.layers, 48); t.eq(m.d_model, 2048); t.eq(m.heads, 32); t.eq(m.kv_heads, 4); t.eq(m.head_dim, 128)
t.eq(m.moe.experts, 128); t.eq(m.moe.top_k, 8); t.eq(m.moe.shared_experts, 0); t.eq(m.moe.expert_d_ff, 768)
m = bare_model("Qwen3-235B-A22B")
t.eq(m.layers, 94); t.eq(m.d_model, 4096); t.eq(m.heads, 64); t.eq(m.kv_heads, 4); t.eq(m.moe.expert_d_ff, 1536)
m = bare_model("gpt-oss-120b")
t.eq(m.layers, 36); t.eq(m.moe.experts, 128); t.eq(m.moe.top_k, 4); t.eq(m.head_dim, 64); t.eq(m.window, 128)
m = bare_model("GPT-OSS 20B")
t.eq(m.layers, 24); t.eq(m.d_model, 2880); t.eq(m.moe.experts, 32); t.eq(m.moe.top_k, 4); t.eq(m.kv_heads, 8)
-- A row's own cells win over a config's.
local own = {}
for k, v in pairs(row("NeMo2407-Nemotron-340B-128")) do own[k] = v end
own.layers, own.hidden, own.heads, own.kv_heads, own.ffn_hidden = "48", "8192", "64", "64", "32768"
-- (A width the configuration does not have: another model's, so only its tokenizer is used, said.)
req = assert(measured.request(own))
m = req.run.model
t.eq(m.layers, 48); t.eq(m.d_model, 8192); t.eq(m.heads, 64); t.eq(m.kv_heads, 64); t.eq(m.d_ff, 32768)
local dropped = false
for _, a in ipairs(req.assumed) do dropped = dropped or (a:find("(hidden 18432) not used: the row's hidden is 8192", 1, true) ~= nil) end
t.eq(dropped, true); t.eq(m.vocab, 256000)

-- A row whose notes say the expert all-to-all was overlapped runs with the stack's ep_overlap;
-- a dense row is not touched, and no public row says so.
t.eq(measured.ep_overlap(copy(row("MBridge-25.09-DeepSeekV3-1024"), { notes = "GA=128; moe_a2a_overlap=True" })), true)
t.eq(measured.ep_overlap(copy(row("MBridge-25.09-DeepSeekV3-1024"), { notes = "EP overlap on" })), true)
t.eq(measured.ep_overlap(row("MBridge-25.09-DeepSeekV3-1024")), false)
t.eq(measured.ep_overlap(copy(row("MBridge-25.09-DeepSeekV3-1024"), { notes = "step overlap" })), false, "a word")
for _, r in ipairs(rows) do t.eq(measured.ep_overlap(r), false, r.run_id) end
local plain = assert(measured.request(row("MBridge-25.09-DeepSeekV3-1024")))
local over = assert(measured.request(copy(row("MBridge-25.09-DeepSeekV3-1024"), { notes = "moe_a2a_overlap" })))
t.eq(plain.run.stack.ep_overlap, false); t.eq(over.run.stack.ep_overlap, true)
t.eq(has(over.assumed, "the expert all-to-all overlapped with another microbatch's compute (ep_overlap), as the row says"), true)
-- A token-based dispatcher named in the notes (DeepEP, HybridEP, Megatron-Core's flex
-- dispatcher) runs the stack with dispatcher = "token"; words that merely contain the names do not.
for _, notes in ipairs { "dispatcher DeepEP", "HybridEP on GB200", "hybrid-EP", "moe_token_dispatcher_type=flex",
                         "flex dispatcher" } do
  t.eq(measured.token_dispatch(copy(row("MBridge-25.09-DeepSeekV3-1024"), { notes = notes })), true, notes)
end
for _, notes in ipairs { "deepEPs", "flexible VPP", "alltoall dispatcher", "GA=128", "dispatcher_type=flexible",
                         "no DeepEP", "without HybridEP", "DeepEP off", "deepep: disabled", "DeepEP=false" } do
  t.eq(measured.token_dispatch(copy(row("MBridge-25.09-DeepSeekV3-1024"), { notes = notes })), false, notes)
end
for _, r in ipairs(rows) do t.eq(measured.token_dispatch(r), false, r.run_id) end
do
  local tok = assert(measured.request(copy(row("MBridge-25.09-DeepSeekV3-1024"), { notes = "dispatcher DeepEP" })))
  t.eq(tok.run.stack.dispatcher, "token"); t.eq(plain.run.stack.dispatcher, "all_to_all")
  t.eq(has(tok.assumed, "token-based dispatch (DeepEP or HybridEP: dispatcher = \"token\"), as the row says"), true)
  -- A dense row is not touched.
  t.eq(assert(measured.request(copy(row("MBridge-25.09-LLAMA3_70B-64"), { notes = "DeepEP" }))).run.stack.dispatcher,
    "all_to_all")
end
-- Without the MTP module: with it, the last stage sets the pace in one plan and a middle stage
-- in the other, and the breakdown is the busiest stage's.
local function no_mtp(r) return dml.run(r, { model = dml.transformer(r.model, { mtp_layers = 0 }) }) end
local p_plain, p_over = dml.evaluate(no_mtp(plain.run), plain.layout), dml.evaluate(no_mtp(over.run), over.layout)
t.eq(p_over.time.ep:value("s") < p_plain.time.ep:value("s"), true, "less of the all-to-all exposed")
t.near(p_over.time.ep:value("s") + p_over.time.ep_hidden:value("s"), p_plain.time.ep:value("s"), 1e-9,
  "the same all-to-all, part of it hidden")

local function refused(id) return select(2, measured.request(row(id))) end
t.eq(refused("MBridge-26.04.01-Nemotron_3_Nano-16"), "no architecture (layers, hidden, heads not given)")
-- A cell given but no whole number is said as such, not as "not given" (helper-126).
t.eq(select(2, measured.request(copy(row("MBridge-26.04.01-Nemotron_3_Nano-16"), { layers = "abc" }))),
  'no architecture (hidden, heads not given); layers "abc" is not a whole number')
-- dml's own error about a row names the row's file and line, not the script that called predict.
do
  local header, line = {}, {}
  for i, c in ipairs(measured.columns) do
    header[i] = c
    line[i] = row("MBridge-25.09-LLAMA3_8B-8")[c] or ""
  end
  line[11] = "5"  -- kv_heads
  local bad = measured.parse_tsv(table.concat(header, "\t") .. "\n" .. table.concat(line, "\t") .. "\n", "bad.tsv")
  t.eq(measured.where(bad[1]), "bad.tsv:2")
  t.eq(select(2, measured.request(bad[1])), "dml: bad.tsv:2: transformer.kv_heads: 5 does not divide the 32 query heads")
  t.eq(measured.predict(bad[1]).status, "not predicted: dml: bad.tsv:2: transformer.kv_heads: 5 does not divide the 32 query heads")
  t.eq(measured.where({}), nil)
end

-- A row without tp, pp and dp (Megatron-LM's strong-scaling endpoints) is predicted at the fastest
-- layout dml finds that fits, with its other layout cells held, and says so.
req = assert(measured.request(row("MLM-H100-strong-177B-96")))
t.eq(req.search, true); t.eq(req.layout.tp, nil); t.eq(req.layout.pp, nil); t.eq(req.layout.dp, nil)
t.eq(has(req.assumed, "no parallel layout given (tp, pp, dp): the fastest layout dml.optimize finds that fits"), true)
t.eq(assert(measured.request(row("MLM-H100-weak-177B"))).search, false, "a row with its layout")
local found = measured.plan(req)
t.eq(found.feasible, true, "it fits"); t.eq(found.gpus, 96)
-- No slower than the layout NVIDIA ran the same model with in its weak-scaling table (TP 8,
-- PP 6), here on 96 GPUs (DP 2).
local weak = dml.evaluate(req.run, { tp = 8, pp = 6, dp = 2 })
t.eq(weak.feasible, true)
t.eq(found.time.step:value("s") <= weak.time.step:value("s"), true, "the search finds the weak row's layout or better")
-- The same layout, evaluated, costs the same.
t.near(dml.evaluate(req.run, found.layout).time.step:value("s"), found.time.step:value("s"), 1e-12)
local r = measured.predict(row("MLM-H100-strong-177B-96"))
t.eq(r.status, "ok")
t.eq(r.assumed:find("layout found: TP ", 1, true) ~= nil, true, "the layout found is said: " .. r.assumed)
-- A layout dml refuses names the row's file and line, as dml's other reasons do.
t.eq(measured.predict(row("OPT-175B")).status:gsub("dml: .-public%.tsv:33: ", "dml: public.tsv:33: "),
  "not predicted: dml: public.tsv:33: layout.dp: 124 does not divide the global batch of 1024 sequences; divisors: 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024")

-- A row whose layout does not fit in memory is still predicted, and says so (over_capacity, the
-- judge's "ok (memory over capacity)"); a row with only notes on inputs its costs leave out does
-- not (helper-114: every row with a note was labelled over capacity).
do
  local over = measured.predict(row("NeMo2407-Nemotron-340B-128"))
  t.eq(over.status, "ok"); t.eq(over.over_capacity, true)
  t.eq(over.notes:find("exceeds the 79.6 GiB", 1, true) ~= nil, true, over.notes)
  local noted = measured.predict(row("MBridge-25.09-DeepSeekV3-1024"))
  t.eq(noted.status, "ok"); t.eq(noted.notes ~= nil, true); t.eq(noted.over_capacity, nil)
end

-- --- Groups and tiers ------------------------------------------------------------------------

local groups = {
  ["N21-T1-1.7B"] = "N21-T1", ["N21-T2-PTD-P-174.6B-384"] = "N21-T2", ["MS-T2-MegaScale-256"] = "MS-T2",
  ["MS-T3-baseline-256"] = "MS-T3", ["MS-F9-MegaScale-2240"] = "MS-F9", ["MLM-H100-weak-1.7B"] = "MLM-H100-weak",
  ["MLM-H100-strong-177B-96"] = "MLM-H100-strong", ["MLM-llama-fp8-LLAMA3-8B"] = "MLM-llama-fp8",
  ["NeMo2407-GPT3-5B-64"] = "NeMo2407", ["MBridge-25.09-LLAMA3_8B-8"] = "MBridge", ["TT-T1-8B-8gpu-5762"] = "TT-T1",
  ["TT-asyncTP-8B-rowwise-async"] = "TT-asyncTP", ["MPT-1b-128"] = "MPT", ["OPT-175B"] = "OPT",
  ["NEW-src-7B-64"] = "NEW-src",
}
for id, g in pairs(groups) do t.eq(measured.group(id), g, id) end
local tiers = {
  ["N21-T1-1.7B"] = "A", ["N21-T2-PTD-P-529.6B-560"] = "A", ["MS-T2-MegaScale-256"] = "A-", ["MS-T3-baseline-256"] = "A-",
  ["MS-F9-MegaScale-2240"] = "C", ["MLM-H100-strong-177B-96"] = "C", ["OPT-175B"] = "C", ["MLM-H100-weak-1.7B"] = "B",
  ["MLM-llama-fp8-LLAMA3-8B"] = "B", ["NeMo2407-GPT3-5B-64"] = "B", ["MBridge-25.09-LLAMA3_8B-8"] = "B",
  ["TT-H200-8B-32"] = "B", ["MPT-1b-128"] = "B",
}
for id, tier in pairs(tiers) do t.eq(measured.tier(id), tier, id) end
for _, r in ipairs(rows) do t.eq(measured.tier(r.run_id) ~= "-", true, r.run_id .. " has a tier") end

-- --- The measured step time, one row of each kind --------------------------------------------

local function secs(r) return (measured.measured_time(r)) end

-- iter_time_s as printed: N21-T1-1.7B took 3.528 s.
t.eq(secs(row("N21-T1-1.7B")), 3.528)
t.eq(select(2, measured.measured_time(row("N21-T1-1.7B"))), "iter_time_s")
-- a measurement that is not a positive, finite number refuses the row, with the reason; it is
-- never passed over for another column, and a step outside 1 us .. 1e9 s is no training step
-- (The row's one measurement: a cell that does not read beside another that does is said, and
-- the other used; helper-164.)
local function why_not(changes)
  local alone = { tokens_per_s = false, tokens_per_s_per_gpu = false, tflops_per_gpu = false }
  for k, v in pairs(changes) do alone[k] = v end
  return select(2, measured.measured_time(copy(row("N21-T1-1.7B"), alone)))
end
t.eq(why_not { iter_time_s = "0" }, "iter_time_s 0 is not a positive, finite number")
t.eq(why_not { iter_time_s = "-1" }, "iter_time_s -1 is not a positive, finite number")
t.eq(why_not { iter_time_s = "1e400" }, "iter_time_s 1e400 is not a positive, finite number")
t.eq(why_not { iter_time_s = "3.6 min" }, 'iter_time_s "3.6 min" is not a plain number')
-- The column's own unit written after the number is read (helper-42's walkthrough), and other
-- spellings of it (helper-65's probe: refused, which also stopped dml.calibrate on the file).
t.eq(measured.measured_time(copy(row("N21-T1-1.7B"), { iter_time_s = "3.6 s" })), 3.6)
for cell, secs in pairs { ["3600 ms"] = 3.6, ["3.6 sec"] = 3.6, ["3.6 seconds"] = 3.6, ["3.6 s/step"] = 3.6 } do
  t.near(measured.measured_time(copy(row("N21-T1-1.7B"), { iter_time_s = cell })), secs, 1e-12, cell)
end
do
  local r = row("MPT-30b-512")
  local plain = measured.measured_time(r)
  local tps = r.tokens_per_s_per_gpu
  if tps then
    t.near(measured.measured_time(copy(r, { tokens_per_s_per_gpu = tps .. " tok/s/GPU" })), plain, 1e-12, "a unit after it")
  end
end
local function from_mfu(cell)
  return (measured.measured_time(copy(row("N21-T1-1.7B"), { iter_time_s = false, tokens_per_s = false,
    tokens_per_s_per_gpu = false, tflops_per_gpu = false, mfu_pct = cell, peak_tflops_assumed = "312" })))
end
t.eq(from_mfu("38") ~= nil, true); t.eq(from_mfu("38%"), from_mfu("38"), "38% is 38")
-- helper-129: a peak with its unit or format ("989 TFLOPS", "312 TFLOP/s bf16", "312 dense BF16")
-- is its number, a sparse one is not read; a cell that says the figure is not given ("not
-- reported", "n/r", "see notes") is empty; an approximate one ("~3.5 s", "about 137") is its
-- number, said.
for _, peak in ipairs { "312 TFLOPS", "312 TFLOP/s bf16", "312 dense BF16" } do
  t.eq((measured.measured_time(copy(row("N21-T1-1.7B"), { iter_time_s = false, tokens_per_s = false,
    tokens_per_s_per_gpu = false, tflops_per_gpu = false, mfu_pct = "38", peak_tflops_assumed = peak }))), from_mfu("38"), peak)
end
t.eq(why_not { iter_time_s = false, tokens_per_s = false, tokens_per_s_per_gpu = false, tflops_per_gpu = false, mfu_pct = "38",
  peak_tflops_assumed = "624 sparse BF16" }, 'peak_tflops_assumed "624 sparse BF16" is not a plain number')
-- (Beside a step time it is not needed: said, the row measured by its step; helper-160.)
t.eq(why_not { peak_tflops_assumed = "624 sparse BF16" },
  'iter_time_s; not read: peak_tflops_assumed "624 sparse BF16" is not a plain number')
for _, cell in ipairs { "not reported", "n/r", "see notes" } do
  t.eq(measured.measured_time(copy(row("N21-T1-1.7B"), { tokens_per_s = cell, mfu_pct = cell })), 3.528, cell)
end
do
  local approx, how = measured.measured_time(copy(row("N21-T1-1.7B"), { iter_time_s = "~3.5 s" }))
  t.eq(approx, 3.5); t.eq(how, 'iter_time_s; iter_time_s "~3.5 s" is approximate (its number used)')
  t.eq(measured.measured_time(copy(row("N21-T1-1.7B"), { iter_time_s = false, tokens_per_s = false,
    tokens_per_s_per_gpu = false, tflops_per_gpu = "about 137" })), measured.measured_time(copy(row("N21-T1-1.7B"), {
    iter_time_s = false, tokens_per_s = false, tokens_per_s_per_gpu = false, tflops_per_gpu = "137" })))
end
-- A FLOP count named in other words: Megatron's by its logger or Megatron-LM's formula; wording
-- of no known formula is read as not given, said (helper-129: such a row was not compared).
t.eq(measured.flop_formula { tflops_counting = "Megatron-LM formula" }, "megatron")
t.eq(measured.flop_formula { tflops_counting = "model TFLOP/s per GPU, Megatron-LM logger" }, "megatron")
do
  local f, why = measured.flop_formula { tflops_counting = "throughput reported by training log", source = "a blog" }
  t.eq(f, "6n")
  t.eq(why, 'tflops_counting "throughput reported by training log" names no formula dml knows, read as not given: '
    .. "PaLM's 6N + 12 L h s per token (Chowdhery et al. 2022), the usual MFU definition")
end
t.eq(why_not { mfu_pct = "200" }, "mfu_pct 200 is more than 100 (a percentage of the peak)")
t.eq(select(3, measured.measured_time(copy(row("N21-T1-1.7B"), { mfu_pct = "100.5" }))), true, "the row's data is wrong")
t.eq(why_not { iter_time_s = "1e-300" }, "a step of 1e-300 s (iter_time_s) is not a training step (1 us to 1e9 s)")
t.eq(measured.parse_tsv("\239\187\191run_id\tx\na\t1\n")[1].run_id, "a", "a byte-order mark is no part of a name")

-- Tokens per step / tokens_per_s: MPT-7b-128, 768 sequences x 2048 = 1572864 tokens at 1340830
-- tokens/s = 1.17305 s.
t.near(secs(row("MPT-7b-128")), 1572864 / 1340830, 1e-12)
t.near(secs(row("MPT-7b-128")), 1.1730525, 1e-7)

-- Tokens per step / (tokens_per_s_per_gpu x GPUs): TT-asyncTP-70B-bfloat16-vanilla without its
-- tokens_per_s: 4194304 / (597.3 x 256 = 152908.8) = 27.4301 s.
local tt = copy(row("TT-asyncTP-70B-bfloat16-vanilla"), { tokens_per_s = false })
t.near(secs(tt), 27.430102, 1e-7)

-- TFLOP/s with Narayanan's F: N21-T1-1.7B without its derived times. B = 512, s = 2048, l = 24,
-- h = 2304, V = 51200: 96 B s l h^2 = 1.28246e16; (1 + 2048/13824 + 51200/884736)
-- = 1 + 0.148148 + 0.057870 = 1.206019; F = 1.546683e16 FLOP; / (137 TFLOP/s x 32 GPUs =
-- 4.384e15) = 3.52802 s (the paper's 3.528 s, which the row back-computed the same way).
local n21 = copy(row("N21-T1-1.7B"), { iter_time_s = false, tokens_per_s = false, tokens_per_s_per_gpu = false })
t.near(measured.flop.narayanan(512, 2048, 24, 2304, 51200), 1.5466830e16, 1e-7)
t.near(secs(n21), 3.5280178, 1e-7)

-- TFLOP/s with Megatron's num_floating_point_operations: MLM-H100-weak-1.7B, B = 192, s = 4096,
-- L = 24, h = 2048, a = g = 16, d_h = 128, f = 8192 (plain), V = 131072:
-- 12 B s L h^2 = 9.49978e14; [(1 + 1 + 2) x 1 + 4 + 131072/98304 = 9.33333]; F = 8.866462e15;
-- / (408.8 TFLOP/s x 48 GPUs = 1.96224e16) = 0.451854 s.
t.near(secs(row("MLM-H100-weak-1.7B")), 0.45185409, 1e-7)
-- A row whose architecture dml cannot build gets a reason, not an error: kv_heads 12 of 16.
do
  local bad = copy(row("MLM-H100-weak-1.7B"), { kv_heads = "12" })
  local t_bad, why = measured.measured_time(bad)
  t.eq(t_bad, nil)
  t.eq(why:find("kv_heads: 12 does not divide the 16 query heads", 1, true) ~= nil, true, why)
  t.eq(measured.predict(bad).status:find("^not predicted") ~= nil, true)
end

-- TFLOP/s with llm-foundry's 6N + 12 L d s per token: MPT-7b-128 without its throughput.
-- N = V h + L (4 h^2 + 2 h f) + (2 L + 1) h = 50368 x 4096 + 32 x (4 x 4096^2 + 2 x 4096 x
-- 16384) + 65 x 4096 = 6649024512 (tied embedding, norm weights, no biases: llm-foundry counts
-- every parameter of the model); per token 6N + 12 x 32 x 4096 x 2048 = 4.3115373e10; x 1572864
-- tokens / (452 TFLOP/s x 128 GPUs = 5.7856e16) = 1.172128 s.
local mpt = copy(row("MPT-7b-128"), { tokens_per_s = false, tokens_per_s_per_gpu = false })
t.eq(measured.params(assert(measured.architecture(mpt))), 6649024512)
t.near(secs(mpt), 1.1721277, 1e-7)

-- MFU x peak with PaLM's 6N + 12 L h s (MegaScale states no formula): MS-T3-baseline-256,
-- L = 96, h = 12288, f = 4h (assumed), V = 64000 tied: N = 64000 x 12288 + 96 x 12 x 12288^2
-- + 193 x 12288 (norms) = 174734979072; per token 6N + 12 x 96 x 12288 x 2048 = 1.0774009e12;
-- x 524288 tokens / (0.477 x 312 TFLOP/s x 256 GPUs = 3.80989e16) = 14.82635 s.
t.near(secs(row("MS-T3-baseline-256")), 14.826352, 1e-7)

-- OPT-175B's TFLOP/s states no formula: PaLM's 6N + 12 L h s, with N = 50272 x 12288 + 96 x 12 x
-- 12288^2 + 193 x 12288 (norms) = 174566289408 (tied embedding), per token 6N + 12 x 96 x 12288 x
-- 2048 = 1.076388765696e12, x 2^21 tokens ("2M", binary) / (147 TFLOP/s x 992 GPUs) = 15.479968 s.
t.near(secs(row("OPT-175B")), 15.479968, 1e-7)

-- --- Cells as other people write them (a review's rows, 2026-11-29) --------------------------
-- Each reading below was a refused or misread row before: the whole file refused for one
-- trimmed line, "n/a" cells, sub-node runs, Megatron-LM without a year, FP8 switched off, ...
do
  local base = row("MBridge-25.09-LLAMA3_70B-64")
  local function req_of(changes) return measured.request(copy(base, changes)) end
  local function assumed_has(r, text)
    for _, a in ipairs(r.assumed) do
      if a:find(text, 1, true) then return true end
    end
    return false
  end
  -- Megatron-LM without a year (a README's table) or from 2025 on runs Megatron-Core's models;
  -- a 2021 source the 2021 stack; "Megatron LM" is Megatron-LM.
  t.eq(stack { framework = "Megatron-LM", source = "NVIDIA/Megatron-LM README" }, "megatron_core")
  t.eq(stack { framework = "Megatron-LM", source = "a 2025 report" }, "megatron_core")
  t.eq(stack { framework = "Megatron LM", source = "a 2022 paper" }, "megatron_2022")
  t.eq(stack { framework = "Megatron-LM", source = "Narayanan et al. 2021" }, "megatron_2021")
  t.eq(select(2, measured.stack_for { framework = "Megatron-LM", source = "README" }),
    "stack megatron_core for \"Megatron-LM\" in a source without a year (Megatron-LM runs Megatron-Core's models by default since 2024)")
  for _, f in ipairs { "LLM Foundry", "llm_foundry", "llmfoundry", "MosaicML LLM Foundry" } do
    t.eq(stack { framework = f }, "llm_foundry", f)
  end
  -- FP8 switched off is not the run's precision.
  for _, cell in ipairs { "BF16 (FP8 disabled)", "BF16, no FP8", "bf16; fp8: off", "BF16 without FP8", "bf16, fp8=false" } do
    t.eq(measured.parse_precision(cell), "bf16", cell)
  end
  t.eq(measured.parse_precision("FP8 (delayed scaling)"), "fp8")
  t.eq(select(2, measured.parse_precision("MXFP8")) ~= nil, true, "MXFP8's block scales are said")
  t.eq(select(2, measured.parse_precision("FP8 (CS; blockwise gives 330)")), nil, "the run's recipe is CS")
  t.eq(measured.parse_precision("mixed precision"), "bf16")
  -- A100 40 GB however its size is written.
  for _, cell in ipairs { "A100 40G", "A100-40G", "A100 (40 GiB)", "A100-SXM4-40GB" } do
    t.eq(measured.gpu(cell), "a100_sxm", cell)
  end
  t.eq(measured.gpu("A100 SXM4 80GB"), "a100_sxm_80gb")
  -- Networks: a generation without a rate, the NIC count after the rate, a node's total alone.
  t.eq(inter("NDR InfiniBand"), 100); t.eq(inter("HDR InfiniBand", "a100_sxm"), 50)
  -- A port of fewer lanes by its rate: NDR200, HDR100 (not the generation's full port).
  t.eq(inter("NDR200 InfiniBand"), 50); t.eq(inter("HDR-100", "a100_sxm"), 25); t.eq(inter("NDR 400"), 100)
  -- A count or a ratio after the name is no port rate (a review's cases).
  for cell, bw in pairs { ["HDR 2x200"] = 50, ["NDR 8 NICs"] = 100, ["InfiniBand NDR 8-rail"] = 100,
    ["HDR 1:1 fat tree"] = 50, ["Slingshot-10"] = 50 } do
    t.eq(inter(cell, "a100_sxm"), bw, cell)
  end
  t.eq(inter("InfiniBand"), 100, "the GPU's usual NIC")
  t.eq(select(2, measured.inter_node("InfiniBand", 8, "h100_sxm")),
    "inter-node bandwidth not quantified (\"InfiniBand\"): 400 Gb/s per GPU each way assumed (100 GB/s both ways)")
  t.eq(inter("400Gb/s IB x8 per node"), 100); t.eq(inter("400 Gb/s x 8"), 100)
  t.eq(inter("8 x HDR 200 Gb/s InfiniBand per node", "a100_sxm"), 50)
  t.eq(inter("3.2 Tbps"), 100); t.eq(inter("1600 Gbps node-node interconnect (RoCE)"), 50)
  t.eq(inter("800 Gb/s"), 200, "one ConnectX-8 per GPU")
  -- NICs a node counted in words with their network's name or make between (helper-129: each
  -- read as one NIC a node, or one a GPU): 8 x 200 Gb/s, 4 x 100 and 4 x 200 over 8 GPUs.
  t.eq(inter("400 Gb/s per GPU, 8 per node"), 100, "a GPU's rate and a node's GPUs (helper-131)")
  for cell, bw in pairs { ["eight 200 Gb/s HDR links per server"] = 50, ["eight HDR InfiniBand adapters (200 Gb/s) per node"] = 50,
    ["4 Omni-Path 100 Gbps links per node"] = 12.5, ["four 100 Gb/s Omni-Path links per node"] = 12.5,
    ["Omni-Path 100 Gb/s, 4 per node"] = 12.5, ["four ConnectX-6 HCAs per node (HDR InfiniBand, 200 Gb/s)"] = 25,
    ["four HDR InfiniBand HCAs per node (200 Gb/s each)"] = 25 } do
    t.eq(inter(cell, "a100_sxm_80gb"), bw, cell)
  end
  -- NVLink each way, and a node's total.
  t.eq(measured.intra_node("450 GB/s per direction", "h100_sxm", false, 8), 900)
  t.eq(measured.intra_node("NVLink 3 (300 GB/s each way)", "a100_sxm", false, 8), 600)
  t.eq(measured.intra_node("NVSwitch 7.2 TB/s", "h100_sxm", false, 8), 900)
  -- Sharding spelled other ways.
  for cell, z in pairs { ["ZeRO 3"] = 3, ["stage 3"] = 3, ["dist. optimizer"] = 1, ["DistOpt"] = 1,
    ["distributed_optimizer"] = 1, ["--use-distributed-optimizer"] = 1, ["optim_grads_params"] = 3, ["Megatron-FSDP optim_grads"] = 2,
    ["FSDP NO_SHARD"] = 0, ["ZeRO-3 (CPU offload)"] = 3, ["ZeRO-1"] = 1 } do
    t.eq(measured.parse_zero(cell), z, cell)
  end
  local offload = assert(req_of { zero_or_fsdp = "ZeRO-3 (CPU offload)", framework = "DeepSpeed" })
  -- (A bare offload at stage 3 offloads the optimizer at least, its step on the host; the
  -- parameters, if they went too, said: helper-282.)
  t.eq(offload.layout.optimizer_offload, true)
  t.eq(assumed_has(offload, "the offload to the host of the parameters (if they went too) is not modelled"), true)
  -- NVMe (ZeRO-Infinity's) is said as such; ZeRO-Offload and ZeRO-Infinity without a stage are
  -- refused with that reason (helper-127: "not understood").
  t.eq(assumed_has(assert(req_of { zero_or_fsdp = "ZeRO-3 + offload_param nvme", framework = "DeepSpeed" }),
    "the offload to the host or NVMe (parameters) is not modelled"), true)
  t.eq(assumed_has(assert(req_of { zero_or_fsdp = "ZeRO-3 (Infinity)", framework = "DeepSpeed" }),
    "the offload to the host or NVMe (parameters) is not modelled"), true)
  -- (And named only in the notes: helper-208's PaddleFormers rows keep the states on the host
  -- between steps run on the GPU.)
  t.eq(assumed_has(assert(req_of { zero_or_fsdp = "ZeRO-1", framework = "Megatron-LM", notes = "--offload-optimizer-states" }),
    "the offload to the host (the optimizer's states between steps run on the GPU) is not modelled"), true)
  t.eq(select(2, req_of { zero_or_fsdp = "ZeRO-Infinity", framework = "DeepSpeed" }),
    'zero_or_fsdp "ZeRO-Infinity": ZeRO-Infinity\'s offload of the states to host memory and NVMe is not modelled, and no ZeRO stage is named')
  t.eq(select(2, req_of { zero_or_fsdp = "ZeRO-Offload (offload_param: cpu)", framework = "DeepSpeed" }),
    'zero_or_fsdp "ZeRO-Offload (offload_param: cpu)": ZeRO-Offload\'s offload of the states to host memory, and of the optimizer step to the CPU, is not modelled, and no ZeRO stage is named')
  local zo = assert(req_of { zero_or_fsdp = "ZeRO-Offload", framework = "DeepSpeed" })
  t.eq(zo.layout.zero, 2); t.eq(zo.layout.optimizer_offload, true)
  t.eq(assumed_has(zo, 'zero_or_fsdp "ZeRO-Offload" names no stage: ZeRO 2, the stage ZeRO-Offload is built on'), true)
  -- (A cell of the offload alone names no sharding: the stack's default, the offload read;
  -- helper-245's prime-rl rows, refused as not understood.)
  for cell, on in pairs { ["No offload"] = nil, ["full_offload: gradients, FP32 masters, Adam state and CPU AdamW execution on CPU; BF16 compute weights on GPU"] = true,
      ["No offload_param, offload_optimizer: cpu"] = true } do
    local r = assert(req_of { zero_or_fsdp = cell, framework = "DeepSpeed" })
    t.eq(r.layout.zero, assert(req_of { zero_or_fsdp = "not stated", framework = "DeepSpeed" }).layout.zero, cell)
    t.eq(r.layout.optimizer_offload, on, cell)
    t.eq(assumed_has(r, "names no sharding, only what is offloaded: the stack's default"), true, cell)
  end
  -- (Switched off anywhere wins over a class named elsewhere; SuperOffload and a ratio inside the
  -- offload_optimizer block are not the whole optimizer's host step; helper-245.)
  for cell, said in pairs {
      ["optimizer CPU offload disabled (use_distributed_optimizer: true)"] = false,
      ["distributed optimizer, optimizer_cpu_offload: false"] = false,
      ["ZeRO-3, offload_optimizer: {device: cpu, pin_memory: true, ratio: 0.90, super_offload: true}"] = "other",
      ["ZeRO-3, offload_optimizer: {device: cpu, ratio: 0.9}"] = "other",
      ["ZeRO-3, offload_optimizer: {device: cpu, ratio: 1.0, cpuadam_cores_perc: 0.90}"] = "optimizer" } do
    t.eq(measured.offload_said({ zero_or_fsdp = cell, framework = "Megatron-LM (HybridDeviceOptimizer available)" }, 1) or false,
      said, cell)
  end
  -- helper-244's review: another run's, a hedge or a plan is not the row's; a negation in Chinese,
  -- "to CPU: False" and a "# disabled" remark switch it off; a step said to run on the GPU is the
  -- states' swap; a share in words; activations' offloading is not the optimizer's; an offload
  -- past the notes' first kilobyte is read.
  for notes, said in pairs {
      ["the baseline used CPU Adam; this row: fused Adam on GPU"] = false,
      ["can be run with --optimizer-cpu-offload to save memory"] = false,
      ["offload_optimizer would have been needed on 40GB cards"] = false,
      ["ref: ZeRO-Offload paper (Ren et al. 2021), Fig. 7"] = false,
      ["offload optimizer to CPU: False"] = false,
      ["offload_optimizer: {device: cpu}  # disabled for this run"] = false,
      ["optimizer states offloaded to host between steps; the step runs on GPU"] = "other",
      ["Adam states in host memory, update on GPU"] = "other",
      ["offload 40% of optimizer states"] = "other",
      ["50% optimizer offload"] = "other",
      ["optimizer CPU offload fraction 50%"] = "other",
      ["placement_policy='cpu'"] = "other",
      ["distributed optimizer; CPU offloading of activations"] = false,
      ["cpu_offload: {activations: true}"] = false,
      ["cpu_offloading: True, cpu_offloading_num_layers: 4, cpu_offloading_activations: True, cpu_offloading_weights: False"] = false,
      ["optimizer on CPU"] = "optimizer",
      ["Adam step on the CPU"] = "optimizer",
      ["\228\188\152\229\140\150\229\153\168\229\141\184\232\189\189\229\136\176CPU"] = "optimizer",
      [string.rep("tokens/s averaged over 100 steps, ", 40) .. "offload_optimizer: {device: cpu}"] = "optimizer" } do
    t.eq(measured.offload_said({ zero_or_fsdp = "", notes = notes, framework = "" }, nil) or false, said, notes)
  end
  -- helper-247's review: a YAML null or empty block, a line commented out, a remark, a value after
  -- words, a plan, another run's; Megatron-Core's activation flag; an off in the notes wins over a
  -- bare offload in the cell.
  for notes, said in pairs { ["offload_optimizer: null"] = false, ["offload_optimizer: ~"] = false, ["offload_optimizer: {}"] = false,
      ["# offload_optimizer: cpu"] = false, ['//"offload_optimizer": {"device": "cpu"}'] = false,
      ["offload_optimizer: {device: cpu}  # not used in the final run"] = false, ["CPU offload for optimizer = 0"] = false,
      ["offload_optimizer: cpu was considered but not enabled"] = false, ["CPU offload planned for the next run"] = false,
      ["the 175B run used offload_optimizer: cpu; this 13B run did not"] = false,
      ["--cpu-offloading --cpu-offloading-num-layers 4"] = false,
      ["GH200 comparison: the offload_optimizer run on GH200 was 2x faster"] = false } do
    t.eq(measured.offload_said({ zero_or_fsdp = "ZeRO-1", notes = notes }, 1) or false, said, notes)
  end
  t.eq(measured.offload_said({ zero_or_fsdp = "ZeRO-2 offload", notes = "CPU offload disabled" }, 2) or false, false,
    "an off in the notes wins")
  t.eq(measured.offload_only("Z3 + CPU offload"), false, "Z3 names the stage")
  for cell, said in pairs { ["ZeRO-2\239\188\136\228\184\141\228\189\191\231\148\168offload\239\188\137"] = false,
      ["ZeRO-2, \230\151\160offload"] = false, ["ZeRO-2 / ZeRO-3 offload (ablation)"] = false,
      ["ZeRO-2 (offload in the 2nd run only)"] = false, ["ZeRO-2 + offload? (unclear)"] = false,
      -- (Both said: the optimizer's step on the host, the parameters' traffic said; helper-275.)
      ["ZeRO-3, offload optimizer and params to CPU"] = "optimizer", ["ZeRO-3 (offload: optimizer only)"] = "optimizer" } do
    t.eq(measured.offload_said({ zero_or_fsdp = cell }, measured.parse_zero(cell)) or false, said, cell)
  end
  -- A flash kernel the row names replaces an unfused stack's attention, said (FlagPerf's
  -- Megatron-DeepSpeed rows, helper-58's FP8-LM rows with --use-flash-attn).
  local fa = assert(req_of { framework = "Megatron-DeepSpeed", notes = "GAS 32; flash attention 2" })
  t.eq(fa.run.stack.attention, "flash")
  t.eq(assumed_has(fa, "attention: a flash kernel, as the row says"), true)
  t.eq(assert(req_of { framework = "Megatron-DeepSpeed", notes = "GAS 32" }).run.stack.attention, "unfused")
  t.eq(assert(req_of { framework = "Megatron-DeepSpeed", notes = "no flash attention" }).run.stack.attention, "unfused")
  -- A clause that switches it off anywhere wins (helper-62: the Zero Bubble rows' notes name a
  -- later script's flag, their derived cells say the runs had none).
  t.eq(assert(req_of { framework = "Megatron-DeepSpeed", notes = "the later script adds --use-flash-attn",
    inferred_fields = "precision from the script: --fp16, no --use-flash-attn" }).run.stack.attention, "unfused")
  t.eq(assert(req_of { framework = "Megatron-DeepSpeed", notes = "FlashAttention was not used" }).run.stack.attention, "unfused")
  t.eq(assert(req_of { framework = "Megatron-DeepSpeed", notes = "predates FlashAttention" }).run.stack.attention, "unfused")
  t.eq(assert(req_of { framework = "Megatron-DeepSpeed", notes = "fused softmax kernel (pre-FlashAttention)" }).run.stack.attention,
    "unfused", "helper-129: read as the kernel used")
  -- An offload switched off is not said (helper-45: TinyLlama's "cpu_offload=False").
  -- A cell that says it is not known is not given (helper-65: "not stated" read as no SP).
  local unsaid = assert(req_of { sequence_parallel = "not stated", recompute = "unknown", zero_or_fsdp = "not reported" })
  t.eq(unsaid.layout.sequence_parallel, nil); t.eq(unsaid.layout.recompute, nil); t.eq(unsaid.layout.zero, nil)
  t.eq(assumed_has(unsaid, 'sequence_parallel "not stated": not given (the default)'), true)
  -- Sequence parallelism at TP 1 splits nothing (helper-50: MLPerf's "SEQ_PARALLEL default True"
  -- at TP 1 was refused by dml).
  local sp1 = assert(req_of { tp = "1", pp = "1", dp = "64", vpp_interleave = nil, sequence_parallel = "SEQ_PARALLEL default True" })
  t.eq(sp1.layout.sequence_parallel, false)
  t.eq(assumed_has(sp1, 'sequence_parallel "SEQ_PARALLEL default True" at TP 1: nothing to split, read as no'), true)
  offload = assert(req_of { zero_or_fsdp = "FSDPStrategy(sharding_strategy=FULL_SHARD, cpu_offload=False)", framework = "DeepSpeed" })
  t.eq(assumed_has(offload, "the offload to the host"), false)
  -- The optimizer offloaded to the host is the layout's optimizer_offload, said (helper-239:
  -- stas00's ZeRO-3 runs with offload_optimizer had been costed with the optimizer on the GPU).
  local stas = "ZeRO-3 + CPU-offload (DeepSpeed zero_optimization stage 3, overlap_comm true; offload_optimizer device cpu, pin_memory: 'CPU AdamW offload on')"
  offload = assert(req_of { zero_or_fsdp = stas, framework = "DeepSpeed" })
  t.eq(offload.layout.optimizer_offload, true)
  t.eq(assumed_has(offload, "the optimizer offloaded to the host: its states there, and its step at the GPU's host_optimizer_rate"), true)
  t.eq(assumed_has(offload, "is not modelled"), false, "not also said as not modelled")
  t.eq(select(2, req_of { zero_or_fsdp = stas, framework = "DeepSpeed", gpu = "NVIDIA GH200 Grace Hopper Superchip" }),
    'gpu "NVIDIA GH200 Grace Hopper Superchip": the optimizer is offloaded to a Grace host (NVLink-C2C), for which dml has no host_optimizer_rate')
  -- (A stage-3 offload that does not say what offloads the optimizer at least, since helper-282.)
  t.eq(assert(req_of { zero_or_fsdp = "ZeRO-3 (CPU offload)", framework = "DeepSpeed" }).layout.optimizer_offload, true,
    "a stage-3 offload that does not say what")
  for cell, said in pairs {
    [stas] = "optimizer",
    ["ZeRO-2 + CPU offload"] = "optimizer",           -- ZeRO-Offload of stage 1 or 2 offloads only the optimizer
    ["ZeRO-1 (offload to CPU)"] = "optimizer",
    -- (Since helper-282's and helper-275's probes, a stage-3 offload offloads the optimizer at
    -- least, and FSDP's offload of the parameters puts the step on the host: the optimizer, the
    -- parameters' traffic said as not modelled. NVMe stays not modelled.)
    ["ZeRO-3 (CPU offload)"] = "optimizer",
    ["ZeRO-3 + offload_param nvme"] = "other",
    ["ZeRO-3, offload_optimizer and offload_param to cpu"] = "optimizer",
    ["ZeRO-3 (Infinity)"] = "other",
    ["FSDP, cpu_offload=True"] = "optimizer",          -- FSDP's offloads the parameters, its step on the CPU
    ["FSDP2 with CPUOffloadPolicy"] = "optimizer",
    ["gemini (offload_optim_frac=0.4, offload_param_frac=0.0)"] = "other",
    ["ZeRO-2 (offload_optimizer, Twin-Flow ratio 0.4)"] = "other",
    -- (States swapped back for a step on the GPU: PaddleFormers', Megatron-Core's newer kind.)
    ['sharding: stage1; sharding_parallel_config: "split_param"; tensorwise_offload_optimizer: true'] = "other",
    ["distributed optimizer, --offload-optimizer-states"] = "other",
    ["distributed optimizer, chunked_optimizer_state_offload"] = "other",
    ["sharding: stage1; tensorwise_offload_optimizer: false"] = false,
    ["FSDPStrategy(sharding_strategy=FULL_SHARD, cpu_offload=False)"] = false,
    ["gemini (offload_optim_frac=0.0, offload_param_frac=0.0)"] = false,
    ["ZeRO-3 (no offload)"] = false,
    ["ZeRO-2, offload_optimizer: {device: none}"] = false,
    ["DeepSpeed ZeRO-3 with CPU offload not used"] = false,
    ["ZeRO-2"] = false } do
    local z = measured.parse_zero(cell)
    t.eq(measured.offload_said({ zero_or_fsdp = cell }, z) or false, said, cell)
  end
  for notes, said in pairs {
    ["--use-distributed-optimizer --optimizer-cpu-offload"] = "optimizer",
    ["--optimizer-cpu-offload --optimizer-offload-fraction 0.5"] = "other",
    ["optimizer states offloaded to the host (CPU Adam)"] = "optimizer",
    ["DeepSpeedCPUAdam; ZeRO-2"] = "optimizer",
    ["command: optimizer_offload=0 a2a_overlap=0 pp=8"] = false,
    ["activation cpuoffload false"] = false,
    ["optimizer offload disabled"] = false,
    ["we do not offload the optimizer"] = false,
    ["activation offloading of 8 layers"] = false } do
    t.eq(measured.offload_said({ zero_or_fsdp = "ZeRO-1", notes = notes, framework = "FSDP" }, 1) or false, said, notes)
  end
  -- Latent attention: DeepSeek-V3's config.json gives num_key_value_heads 128, one per head.
  local v3 = row("MBridge-25.09-DeepSeekV3-1024")
  local mla = assert(measured.architecture(copy(v3, { kv_heads = "128" })))
  t.eq(mla.mla ~= nil, true, "kv_heads = heads for DeepSeek-V3 is latent attention")
  t.eq(assert(measured.architecture(copy(v3, { kv_heads = "mla (latent)" }))).mla ~= nil, true)
  -- Experts: Mixtral's name, and a dense model said so.
  local dense = copy(base, { moe_experts = "dense" })
  t.eq(assert(measured.architecture(dense)).experts, nil)
  t.eq(assert(measured.architecture(copy(base, { moe_experts = "0" }))).experts, nil)
  -- Runs inside one node: one level, no network; one GPU a node: the network only.
  local four = assert(req_of { num_gpus = "4", tp = "4", pp = "1", dp = "1", global_batch_seqs = "8" })
  t.eq(#four.run.cluster.levels, 1); t.eq(four.run.cluster.size, 4)
  t.eq(assumed_has(four, "4 GPUs, fewer than a node's 8: one NVLink domain of 4, no network"), true)
  local one_each = assert(req_of { gpus_per_node = "1", tp = "1", pp = "8", dp = "8" })
  t.eq(#one_each.run.cluster.levels, 1); t.eq(one_each.run.cluster.levels[1].name, "network")
  t.eq(dml.evaluate(four.run, four.layout).feasible ~= nil, true, "a four-GPU run evaluates")
  -- Count cells written with their names or in 1,024s, read and said.
  local text = table.concat(measured.columns, "\t") .. "\n"
  local cells = {}
  for _, c in ipairs(measured.columns) do cells[#cells + 1] = base[c] or "" end
  local line = {}
  for k, c in ipairs(measured.columns) do
    if c == "seq_len" then line[k] = "8K" elseif c == "tp" then line[k] = "TP=4" elseif c == "pp" then line[k] = "PP 8"
    elseif c == "micro_batch" then line[k] = "n/a" else line[k] = cells[k] end
  end
  local parsed = measured.parse_tsv(text .. table.concat(line, "\t") .. "\n", "named.tsv")[1]
  t.eq(parsed.seq_len, "8192"); t.eq(parsed.tp, "4"); t.eq(parsed.pp, "8"); t.eq(parsed.micro_batch, nil)
  local named = assert(measured.request(parsed))
  t.eq(assumed_has(named, 'seq_len "8K" read as 8192 (K = 1,024)'), true)
  t.eq(assumed_has(named, 'tp "TP=4" read as 4'), true)
  t.eq(measured.count_cell("moe_topk", "top-2"), "2"); t.eq(measured.count_cell("tp", "PP=4"), "PP=4", "another column's name")
  t.eq(measured.count_cell("seq_len", "4096 tokens"), "4096"); t.eq(measured.count_cell("num_gpus", "16K"), "16384")
  t.eq(measured.count_cell("num_gpus", "256 GPUs"), "256"); t.eq(measured.count_cell("num_gpus", "1K GPUs"), "1024")
  t.eq(measured.count_cell("num_gpus", "2,048 GPUs"), "2048")
  -- Measurements: a remark after the number; an MFU written as a fraction is read as one, said.
  local peak = copy(row("MS-T3-baseline-256"), { peak_tflops_assumed = "312 (dense BF16)" })
  t.near(secs(peak), 14.826352, 1e-7)
  local fraction = copy(row("MS-T3-baseline-256"), { mfu_pct = "0.477" })
  local s_frac, how = measured.measured_time(fraction)
  t.near(s_frac, 14.826352, 1e-7)
  t.eq(how:find('mfu_pct 0.477 read as a fraction (47.7%)', 1, true) ~= nil, true, how)
  -- FLOP-counting cells that name no formula count as not given; PaLM's and Megatron's by name.
  t.eq(measured.flop_formula { tflops_counting = "PaLM MFU" }, "6n")
  t.eq(measured.flop_formula { tflops_counting = "NeMo model TFLOPs" }, "megatron")
  t.eq(measured.flop_formula { tflops_counting = "Megatron formula" }, "megatron")
  t.eq(measured.flop_formula { tflops_counting = "model FLOPs", source = "Megatron-LM README" }, "megatron")
  t.eq(measured.flop_formula { tflops_counting = "MFU" }, "6n")
  t.eq(measured.flop_formula { tflops_counting = "hardware FLOPs incl. recompute" }, nil, "HFU is not a model count")
  -- sequence_parallel written Y or with a check mark.
  t.eq(measured.parse_yes_no("Y"), true); t.eq(measured.parse_yes_no("\226\156\147"), true)
  t.eq(measured.parse_yes_no("n"), false)
end
-- Non-breaking spaces around a cell go (a character ending in byte 160 stays); sequences and
-- their lengths with their names.
do
  local r = measured.parse_tsv("a\tb\tc\n\194\1604\194\160\tx\195\160\t12 seqs\n")[1]
  t.eq(r.a, "4"); t.eq(r.b, "x\195\160")
  t.eq(measured.count_cell("seq_len", "seq 8k"), "8192"); t.eq(measured.count_cell("global_batch_seqs", "128 seqs"), "128")
  t.eq(measured.count_cell("seq_len", "seq long"), "seq long", "not a count: the cell as it is")
  -- A remark in parentheses after the number (helper-64's probe: "8 (TP)" left the row unread).
  t.eq(measured.count_cell("gpus_per_node", "8 (TP)"), "8"); t.eq(measured.count_cell("num_gpus", "64 (8 nodes)"), "64")
  t.eq(select(2, measured.count_cell("tp", "8 (within a node)")), 'tp "8 (within a node)" read as 8')
  t.eq(measured.count_cell("num_gpus", "2,048 (256 nodes)"), "2048")
  -- (Not a remark that gives another value: helper-66's "8 (vpp 4)" lost its interleave.)
  t.eq(measured.count_cell("tp", "8 (4 in the last stage)"), "8 (4 in the last stage)")
  t.eq(measured.count_cell("pp", "8 (vpp 4)"), "8 (vpp 4)"); t.eq(measured.count_cell("tp", "2 (4 for the 70B)"), "2 (4 for the 70B)")
  t.eq(measured.count_cell("moe_experts", "64 (+2 shared)"), "64 (+2 shared)", "not a remark column: its own reader")
  t.eq(measured.count_cell("tp", "(8)"), "(8)")
end
-- A second review's cases: "-" in a column of something on or off is its table's "off"; the
-- direction words double only the rate they qualify; a node's NVSwitch total is shared by the
-- node's GPUs (8 where the row gives none), not by the run's.
do
  local header = "run_id\tsequence_parallel\tzero_or_fsdp\trecompute\ttp\n"
  local r = measured.parse_tsv(header .. "x\t-\tn/a\t-\t-\n")[1]
  t.eq(r.sequence_parallel, "no"); t.eq(r.zero_or_fsdp, "none"); t.eq(r.recompute, "none"); t.eq(r.tp, nil)
  t.eq(measured.intra_node("NVLink4 (900 GB/s total; 450 GB/s per direction)", "h100_sxm", false, 8), 900)
  t.eq(measured.intra_node("900 GB/s (450 GB/s each way)", "h100_sxm", false, 8), 900)
  local four = assert(measured.request(copy(row("MBridge-25.09-LLAMA3_70B-64"), { num_gpus = "4", tp = "4", pp = "1",
    dp = "1", global_batch_seqs = "8", gpus_per_node = false, intra_node_bw = "NVSwitch 7.2 TB/s" })))
  t.near(four.run.cluster.levels[1].bandwidth:value("GB/s"), 900)
end

-- The cell readers called with something other than a table's text (helper-64's probe: Lua errors
-- inside the reader): the caller's mistake, at the caller's line.
t.raises_here(function() measured.inter_node("8x400 Gb/s per node", nil, "h100_sxm") end, "measured.inter_node: gpus_per_node must be a whole number of at least 1, got nil")
t.raises_here(function() measured.inter_node(400, 8, "h100_sxm") end, "measured.inter_node: the cell must be a string or nil, got number")
t.raises_here(function() measured.gpu(5) end, "measured.gpu: the cell must be a string or nil, got number")
t.raises_here(function() measured.parse_recompute(true) end, "measured.parse_recompute: the cell must be a string or nil, got boolean")
t.raises_here(function() measured.parse_zero({}) end, "measured.parse_zero: the cell must be a string or nil, got table")
t.eq(measured.parse_precision(nil), nil, "an empty cell is nil, as before")

-- One reading of "switched off" for every name (the recompute reader's own forms folded in): "w/o"
-- before a name, "(disabled)", "(none)" or "was not" after it, for async TP and compile too; a
-- name followed by another cell's "none" is not switched off.
t.eq(stack { framework = "torchtitan", notes = "w/o async TP" }, "torchtitan")
t.eq(stack { framework = "torchtitan, torch.compile (disabled)" }, "torchtitan")
t.eq(stack { framework = "torchtitan, torch.compile", precision = "none (bfloat16)" }, "torchtitan_compile")
t.eq(measured.parse_recompute("activation checkpointing was not used"), "none")
t.eq(measured.parse_recompute("AC (off)"), "none")

-- Helper-66's review: the flags switched off, PCIe ruled out, GPU counts as numbers and the
-- count reader's arguments.
t.eq(stack { framework = "Megatron-LM", source = "a 2024 blog", notes = "without --use-mcore-models" }, "megatron_2022")
t.eq(stack { framework = "Megatron-LM", source = "a 2024 blog", notes = "--use-mcore-models=False" }, "megatron_2022")
t.eq(gpu("H800 80GB NVLink (not PCIe)"), "h800_sxm")
do
  local nvlinked = assert(measured.request(copy(row("MBridge-25.09-LLAMA3_8B-8"), { gpu = "H100 80GB NVLink (not PCIe)", intra_node_bw = false })))
  local host_link = false
  for _, a in ipairs(nvlinked.assumed) do
    if a:find("PCIe cards", 1, true) then host_link = true end
  end
  t.eq(host_link, false, "NVLink, not the host link")
end
t.eq(measured.inter_node("8x400 Gb/s per node", 8.0, "h100_sxm"), 100, "8.0 GPUs are 8")
t.raises_here(function() measured.intra_node("NVSwitch 7.2 TB/s", "h100_sxm", false, "8") end, 'measured.intra_node: gpus_per_node must be a whole number of at least 1, got "8"')
t.raises_here(function() measured.count_cell("tp", 8) end, "measured.count_cell: the column and the cell must be strings, got string and number")

-- A yes or no with a remark in parentheses (helper-67: "sequence_parallel: 1 (config; TP 1)" was
-- not understood).
t.eq(measured.parse_yes_no("sequence_parallel: 1 (config; TP 1)"), true)
t.eq(measured.parse_yes_no("no (TP 1)"), false); t.eq(measured.parse_yes_no("SP (Megatron)"), true)
t.eq(measured.parse_yes_no("(yes)"), nil, "a remark alone")

-- A one-width MoE family's ffn_hidden is its experts' width, from the row, not the config
-- (helper-67: Mixtral's note named the config for the row's own value).
do
  local r = assert(measured.request { run_id = "x", model = "Mixtral 8x22B", layers = "56", hidden = "6144", heads = "48",
    kv_heads = "8", ffn_hidden = "16384", vocab = "32768", seq_len = "4096", moe_experts = "8", moe_topk = "2",
    gpu = "H100 SXM", num_gpus = "64", tp = "2", pp = "4", dp = "8", micro_batch = "1", global_batch_seqs = "256",
    framework = "NeMo", iter_time_s = "10" })
  local said = false
  for _, a in ipairs(r.assumed) do
    if a:find("expert width = ffn_hidden = 16384", 1, true) then said = true end
  end
  t.eq(said, true, table.concat(r.assumed, "; "))
end

-- Helper-69's probe of scale-up cells: link counts after "NVLink", counts times rates, thousands
-- separators, a node's total called bidirectional, a link's rate with or without a count, the PCIe
-- host link beside the fabric.
local probe69_intra = {
 {"NVLink 18 links x 50 GB/s","h100_sxm",900},{"NVLink 12 links at 25 GB/s per direction","a100_sxm_80gb",600},
 {"NVLink 8 links x 50 GB/s","h800_sxm",400},{"IF: 7 x 128 GB/s","mi300x",896},{"xGMI 7x128GB/s","mi300x",896},
 {"7x 128 GB/s xGMI links","mi300x",896},{"NVLink 12 x 50 GB/s","a100_sxm_80gb",600},{"NVLink4 (18x 50 GB/s)","h100_sxm",900},
 {"NVLink5 18 x 100 GB/s = 1.8 TB/s","b200",1800},{"NVLink 5th gen, 1,800 GB/s","b200",1800},{"NVSwitch 7,200 GB/s total","h100_sxm",900},
 {"NVLink 14,400 GB/s aggregate (HGX B200)","b200",1800},{"1,075 GB/s Infinity Fabric","mi355x",1075},
 {"6x NVSwitch, 4.8 TB/s bidirectional","a100_sxm_80gb",600},{"4x NVSwitch, 7.2 TB/s bidirectional","h100_sxm",900},
 {"NVLink 14.4 TB/s bidirectional (HGX B200)","b200",1800},{"Infinity Fabric: 7 links, 128 GB/s peak per link","mi300x",896},
 {"xGMI, 128 GB/s per link","mi300x",896},{"NVLink 50 GB/s per link","h100_sxm",900},{"xGMI: 64 GB/s/link uni-dir x 7 links","mi300x",896},
 {"PCIe Gen5 128 GB/s; NVLink 900 GB/s","h100_sxm",900},{"NVLink4 18 links 900 GB/s","h100_sxm",900},{"NVLink 4 18 links x 50 GB/s","h100_sxm",900},
 {"450GB/s per direction, 900GB/s bidirectional","h100_sxm",900},{"NVLink 3.0 12 links x 25 GB/s","a100_sxm_80gb",300},
 -- helper-124's: a link's rate per direction written "/direction/link", or qualified before
 -- "each" (both were read as the GPU's: 25 and 50 GB/s, +202% and +91% on GPT 175B)
 {"third-generation NVLink: 12 links (25 GB/s/direction/link)","a100_sxm_80gb",600},
 {"NVLink 3.0 (12 links, 25 GB/s per direction each)","a100_sxm_80gb",600},
}
for _, c in ipairs(probe69_intra) do
  t.eq(measured.intra_node(c[1], c[2], false, 8), c[3], c[1])
end

-- Helper-69's probe of scale-out cells: a node's total before a per-GPU remark, node-scope words,
-- NIC names with digits, counts after the rate or with words between, NVLink joined by " + ",
-- "1.6T", InfiniBand's lane width.
local probe69_inter = {
 {"3.2 Tb/s per node (400 Gb/s per GPU)","h100_sxm",100},{"1.6 Tbps per node (200 Gbps per GPU)","h100_sxm",50},
 {"400 Gbps EFA per instance (p4d.24xlarge)","a100_sxm",12.5},{"800 Gbps per VM","h100_sxm",25},{"400 Gb/s per compute node","h100_sxm",12.5},
 {"400 Gbps/node","h100_sxm",12.5},{"800 Gb/s/node","h100_sxm",25},{"400 Gb/s per-node","h100_sxm",12.5},{"each node 400 Gb/s","h100_sxm",12.5},
 {"400G/node","h100_sxm",12.5},
 {"8x Thor2 400G per node","mi300x",100},{"8x BlueField-3 400G per node","h100_sxm",100},{"8x BlueField-3 SuperNIC 400Gb/s per node","h100_sxm",100},
 {"400Gbps ×8 NICs per node","h100_sxm",100},{"200 Gb/s × 4 per node","h100_sxm",25},{"8x NICs @ 400Gb/s per node","h100_sxm",100},
 {"4 NICs of 400G per node","h100_sxm",50},
 {"NVLink + 4x HDR 200G per node","a100_sxm",25},{"NVLink intra-node + 4x 200 Gb/s HDR IB inter-node","a100_sxm",25},{"NVLink + 2x 200G per node","h100_sxm",12.5},
 {"1.6T per node","h100_sxm",50},{"InfiniBand 4X NDR (400 Gb/s)","h100_sxm",100},
 {"8x400 Gb/s IB per node (spec of DGX H100; not restated per table)","h100_sxm",100},{"400 Gb/s per GPU (CX-7) RDMA","h200_sxm",100},
 {"4x400 Gb/s per node","h100_sxm",50},{"8x 400 Gb/s IB, NVLink 900 GB/s","h100_sxm",100},{"2x CX7 400G per node","h100_sxm",25},
}
for _, c in ipairs(probe69_inter) do
  t.eq(measured.inter_node(c[1], 8, c[2]), c[3], c[1])
end
-- helper-124's: a rate in parentheses with the count outside them, a count of links before a
-- link's rate, and a lone rate over twice the GPU's usual NIC as the node's (A100 era: 200).
for _, c in ipairs {
  {"HDR InfiniBand (200 Gbps) x 4 per node","a100_sxm_80gb",25},{"InfiniBand NDR (400 Gb/s) x 8 per node","h100_sxm",100},
  {"4 OmniPath links (100 Gb/s each) per node","a100_sxm_80gb",12.5},{"4 OmniPath links, 100 Gb/s each, per node","a100_sxm_80gb",12.5},
  {"800Gbps interconnect","a100_sxm",25},{"800 Gb/s","b300",200},{"400 Gb/s","h100_sxm",100},
} do
  t.eq(measured.inter_node(c[1], 8, c[2]), c[3], c[1])
end
t.eq(select(2, measured.inter_node("800Gbps interconnect", 8, "a100_sxm")),
  "inter-node 800 Gb/s, over twice the usual NIC a GPU of a100_sxm has (200 Gb/s), read as the node's, shared by its 8 GPUs")

-- Helper-69's probe: NICs a node has, or GPUs a NIC serves, in words.
local probe69_nics = {
 {"4x NDR 400 per node","h100_sxm",50},{"NDR 400 x4 per node","h100_sxm",50},{"4x NDR per node","h100_sxm",50},{"4x HDR per node","a100_sxm",25},
 {"2x HDR 200 per node","a100_sxm",12.5},{"4x HDR200 InfiniBand per node","a100_sxm",25},{"NDR200 x 4 per node","h100_sxm",25},
 {"NDR 400Gb/s, 4 HCAs per node","h100_sxm",50},{"Slingshot-11, 4 NICs per node","a100_sxm",25},
 {"200 Gb/s InfiniBand HDR, 1 NIC per node","a100_sxm",6.25},{"HDR 200 Gb/s (one per 2 GPUs)","a100_sxm",25},{"400 Gb/s (1 NIC per 2 GPUs)","h100_sxm",50},
 {"Single 100GbE NIC","a100_sxm",3.125},{"100GbE (shared by 8 GPUs)","a100_sxm",3.125},{"rail-optimized, 4 rails of 400G","h100_sxm",50},
 {"HDR 2x200","a100_sxm",50},{"NDR 8 NICs","h100_sxm",100},{"8x 400 Gb/s NDR per node","h100_sxm",100},{"NDR","h100_sxm",100},{"HDR","a100_sxm",50},
}
for _, c in ipairs(probe69_nics) do
  t.eq(measured.inter_node(c[1], 8, c[2]), c[3], c[1])
end
t.eq(select(2, measured.inter_node("200 Gb/s InfiniBand HDR, 1 NIC per node", 8, "a100_sxm")),
  "inter-node 1 NIC of 200 Gb/s a node, shared by its 8 GPUs")

-- Helper-127's NIC counts: in words, with a NIC's word before an "x" or after the rate, dual
-- ports, NICs a GPU, and a count of NICs a node before "at" a NIC's rate (each was read as one
-- rate for the node or for one NIC: 2-8x off).
for _, c in ipairs {
  { "8 HCAs per node at 200 Gb/s", 50 }, { "eight 400 Gb/s NICs per node", 100 }, { "8 ports x 400 Gb/s per node", 100 },
  { "8 x 2 x 200 Gb/s per node", 100 }, { "four 200 Gb/s NICs per node", 25 }, { "2 NICs per GPU, 200 Gb/s each", 100 },
  { "200 Gb/s per NIC, 2 NICs per GPU", 100 }, { "4 HDR per node", 25 }, { "one 400 Gb/s NIC per GPU", 100 },
} do
  t.eq(measured.inter_node(c[1], 8, "h100_sxm"), c[2], c[1])
end

-- Helper-127's: a one-way rate beside both directions' is read; bits spelled out and megabits;
-- NVLink ruled out is the PCIe host link; an intra-node rate in bits is an eighth as many bytes.
for _, c in ipairs {
  { "800 Gb/s per GPU (bidirectional, 400 Gb/s each way)", 100 }, { "400 Gb/s per GPU each way, 800 Gb/s per GPU both ways", 100 },
  { "3.2 Tbps per node (bidirectional; 1.6 Tbps per direction)", 50 }, { "1.6 Tbit/s per node", 50 },
  { "100000 Mb/s per GPU", 25 }, { "400 Gbits/s", 100 },
} do
  t.eq(measured.inter_node(c[1], 8, "h100_sxm"), c[2], c[1])
end
for _, c in ipairs { "PCIe Gen4 (NVLink disabled)", "PCIe 4.0 x16, no NVLink", "no NVLink; PCIe Gen4" } do
  local gb, how = measured.intra_node(c, "a100_sxm_80gb", false, 8)
  t.eq(gb, 64, c); t.eq(how, "intra-node bandwidth with NVLink ruled out: the PCIe host link, 64 GB/s per GPU both ways")
end
t.eq(measured.intra_node("PCIe Gen4 (16 GB/s per direction), no NVLink", "a100_sxm_80gb", false, 8), 32)
t.eq(measured.intra_node("NVLink: 600 GBps", "h100_sxm", false, 8), 600)
t.eq(select(2, measured.intra_node("600 Gb/s", "h100_sxm", false, 8)),
  "intra-node 600 Gb/s read as bits: 75 GB/s; intra-node 75 GB/s read as per GPU, both directions")

-- Helper-127's: a range of rates is refused; torchtitan's dp_shard alone is FSDP over that many
-- (1: none); Megatron-Core run with its legacy models is the 2022 stack, said.
t.eq(select(2, measured.inter_node("200-400 Gb/s per GPU", 8, "h100_sxm")),
  'inter-node bandwidth "200-400 Gb/s per GPU" gives a range of rates: which the run had is not said')
t.eq(select(2, measured.parse_zero("dp_shard=64, dp_replicate=8")), 64); t.eq(measured.parse_zero("dp_shard=64, dp_replicate=8"), 3)
t.eq(measured.parse_zero("dp_shard=1, dp_replicate=8"), 0)
t.eq(measured.stack_for { framework = "Megatron-Core (legacy models)" }, "megatron_2022")
t.eq(measured.stack_for { framework = "Megatron-Core (no legacy models)" }, "megatron_core")

-- A rate called bidirectional is both directions' sum (half each way), unless a one-way rate is
-- given beside it; "both directions" alone reads each way at the rate, said; full duplex is
-- each way.
for _, c in ipairs {
  { "800 Gb/s bidirectional", 100 }, { "8x 800 Gb/s bi-directional per node", 100 },
  { "1.6 Tb/s per node, both directions together", 25 },
  { "400 Gb/s per direction (800 Gb/s bidirectional)", 100 }, { "400 Gb/s both directions", 100 },
  { "400 Gb/s full duplex", 100 },
} do
  t.eq(measured.inter_node(c[1], 8, "h100_sxm"), c[2], c[1])
end
t.eq(select(2, measured.inter_node("800 Gb/s bidirectional", 8, "h100_sxm")),
  "inter-node 800 Gb/s read as one NIC per GPU; the rate is both directions together (bidirectional): 100 GB/s per GPU, both ways")
t.eq(select(2, measured.inter_node("400 Gb/s both directions", 8, "h100_sxm")),
  'inter-node 400 Gb/s read as one NIC per GPU, each way; "both directions" read as each way at the rate (a NIC\'s rate is one direction\'s)')

-- Helper-69's GPU cells: an SXM part's PCIe host link is no PCIe card, an NVL card is its own
-- part, two GPUs joined by "&" or an arrow are not read as either, and a rack the cell names sets
-- the NVLink domain.
t.eq(gpu("H100 80GB HBM3 (PCIe Gen5 host interface)"), "h100_sxm"); t.eq(gpu("H100 80GB, NVLink, PCIe Gen5 x16 to CPU"), "h100_sxm")
t.eq(gpu("NVIDIA H100 NVL (PCIe)"), "h100_sxm"); t.eq(gpu_note("NVIDIA H200 NVL") ~= nil, true)
t.eq(gpu("H100 & H200"), nil); t.eq(gpu("H100 \u{2192} H200"), nil); t.eq(gpu("H100 PCIe"), "h100_pcie")
-- The NVLink-domain note of a 72-GPU run on the GPU `cell` names.
local function domain_note(cell)
  local r = assert(measured.request { run_id = "x", model = "Llama 3 70B", layers = "80", hidden = "8192", heads = "64",
    kv_heads = "8", ffn_hidden = "28672", vocab = "128256", seq_len = "8192", gpu = cell, num_gpus = "72",
    gpus_per_node = "4", tp = "4", pp = "2", dp = "9", micro_batch = "1", global_batch_seqs = "144", framework = "NeMo",
    iter_time_s = "10" })
  for _, a in ipairs(r.assumed) do
    if a:find("NVLink domain of", 1, true) then return a end
  end
end
do
  t.eq(domain_note("GB200 NVL36"), "NVLink domain of 36 GPUs (gb200: up to 36 in one domain, the largest divisor of 72)")
  t.eq(domain_note("GB200 NVL72"), "NVLink domain of 72 GPUs (gb200: up to 72 in one domain, the largest divisor of 72)")
end

-- Helper-69's precision cells: FP8 compared against, planned, switched off as "=0" or "(off)",
-- used for communication alone, FP8 attention written "FP8 DPA", and two formats offered as
-- alternatives (refused).
local probe69_precision = { {"BF16 (baseline for FP8 comparison)","bf16"},{"BF16 (FP8 planned)","bf16"},{"BF16 (FP8 coming soon)","bf16"},
 {"BF16; FP8 results in Table 3","bf16"},{"BF16 (vs FP8: 1.3x faster)","bf16"},{"BF16 baseline (FP8: see next row)","bf16"},
 {"BF16 (FP8=0)","bf16"},{"FP8 (off)","bf16"},{"bf16, FP8 DPA","bf16"},{"BF16/FP8","fp8"},{"FP8 vs BF16",nil},{"BF16 or FP8",nil},
 {"BF16 (FP8 all-reduce for gradients)","bf16"},{"BF16 compute, FP8 all-gather","bf16"},
 {"FP8","fp8"},{"fp8 hybrid","fp8"},{"FP8-CS","fp8"},{"MXFP8","fp8"},{"bf16 + fp8 attention","bf16"},{"FP8 (CS, assumed)","fp8"},
 {"NVFP4 (FP4=True, FP8=False, FP8_PARAM_GATHER=False)","fp4"},{"FP8 (tensorwise)","fp8"},{"bf16","bf16"},
}
for _, c in ipairs(probe69_precision) do
  t.eq(measured.parse_precision(c[1]), c[2], c[1])
end
-- Helper-127's: FP8 tested and slower, or disabled, beside BF16 is not the run's; FP8 ruled out
-- with no other format named is bf16, said (it was refused); FP8 for some layers only is every
-- linear's, said.
for _, cell in ipairs { "BF16 (FP8 was tested but slower)", "TE fp8 recipe configured but disabled", "FP8: no", "without FP8" } do
  t.eq(measured.parse_precision(cell), "bf16", cell)
end
t.eq(select(2, measured.parse_precision("FP8: no")), 'precision "FP8: no" read as bf16 (its 8- or 4-bit format ruled out, no other named)')
t.eq(select(2, measured.parse_precision("FP8 for MLP only, attention BF16")),
  'precision "FP8 for MLP only, attention BF16": FP8 for some layers only, read as FP8 for every linear layer')

-- Helper-69's sharding cells: FSDP, the distributed optimizer and a ZeRO stage switched off in
-- words, and "hybrid" that is no hybrid sharding (Colossal-AI's HybridParallelPlugin, "hybrid
-- TP+PP").
local probe69_zero = { {"FSDP off",false},{"FSDP disabled",false},{"w/o FSDP",false},{"FSDP \u{2717}",false},{"FSDP: \u{2717}",false},
 {"distributed optimizer: no",0},{"Distributed optimizer: False",0},{"dist optimizer off",0},{"distributed optimizer disabled",0},
 {"distributed optimizer (off)",0},{"DistOpt: N",0},{"ZeRO-1 disabled",0},{"ZeRO-1 off",0},
 {"DDP (no sharding, hybrid TP+PP)",0},{"FSDP",3},{"ZeRO-3",3},{"distributed optimizer (default)",1},{"HSDP",3},{"FSDP (no HSDP)",3},
 {"HYBRID_SHARD",3},{"FSDP=0, distributed optimizer",1},{"FSDP = 0",false},{"ZeRO-1",1},{"Megatron-FSDP",3},
}
for _, c in ipairs(probe69_zero) do
  t.eq(measured.parse_zero(c[1]), c[2], c[1])
end
t.eq(select(3, measured.parse_zero("HybridParallelPlugin (ZeRO-2)")), false)
t.eq(select(3, measured.parse_zero("FSDP (hybrid sharding disabled)")), false)
t.eq(measured.parse_zero("no FSDP, ZeRO-1"), 1, "FSDP off beside another sharding: the other")
t.eq(measured.parse_zero("FSDP2 (use_torch_fsdp2: true; Primus config; use_distributed_optimizer: false)"), 3,
  "the distributed optimizer off beside FSDP on")
t.eq(measured.parse_zero("zero1=-1 (shard over the whole data-parallel group)"), 1, "a count, not a switch")

-- Helper-69's recompute cells: a share of the layers, a count a stage or chunk, full switched off,
-- torchtitan's per-op option as flags or "(op)", llm-foundry's reentrant switch.
t.eq(some("full, 50% of layers").share, 0.5); t.eq(some("full (every other layer)").share, 0.5)
t.eq(some("full for 40/80 layers").of, 80)
t.eq(some("full recompute of 2 layers per stage").per_chunk, true); t.eq(some("full, 2 layers per VP chunk").per_chunk, true)
t.eq(measured.parse_recompute("full recompute disabled"), "none")
t.eq(measured.parse_recompute("recompute_granularity: full (off for last stage)"), "full")
t.eq(measured.parse_recompute("--activation_checkpoint.mode selective --activation_checkpoint.selective_ac_option op"), "op")
t.eq(measured.parse_recompute("selective AC (op)"), "op")
t.eq(measured.parse_recompute("activation_checkpointing_reentrant: false"), nil)
do
  local r = assert(measured.request(copy(row("MBridge-25.09-LLAMA3_70B-64"), { recompute = "full, 50% of layers", vpp_interleave = "1" })))
  t.eq(r.layout.recompute_layers, 5, "half of 80 layers over 8 stages")
end

-- Helper-69's stack, count and sequence-parallel cells: torchtitan's compile switch in its config
-- spellings, NeMo AutoModel, count remarks naming another unit, Ulysses.
for _, note in ipairs { "[compile] enable = true", "compile.enable = true", "--compile.enable", "--training.compile", "compile enabled" } do
  t.eq(stack { framework = "torchtitan", notes = note }, "torchtitan_compile", note)
end
t.eq(stack { framework = "torchtitan", notes = "[compile] enable = false" }, "torchtitan")
t.eq(stack { framework = "NeMo AutoModel (FSDP2)" }, "torchtitan")
t.eq(measured.count_cell("vpp_interleave", "2 (layers per virtual stage)"), "2 (layers per virtual stage)")
t.eq(measured.count_cell("num_gpus", "8 (nodes)"), "8 (nodes)")
-- (A width said to be each expert's is the experts' width since helper-274's probe.)
do
  local value, note, extra = measured.count_cell("ffn_hidden", "2048 (per expert)")
  t.eq(value, nil); t.eq(note, 'ffn_hidden "2048 (per expert)" read as 2048, the experts\' width'); t.eq(extra.expert_d_ff, "2048")
end
t.eq(measured.count_cell("gpus_per_node", "8 (TP)"), "8", "a remark without another unit, as before")
t.eq(measured.parse_yes_no("sequence_parallel: true (Ulysses)"), nil)

-- Helper-70's review of the probe's fixes: cells the first fixes misread.
t.eq(inter("8x single-port NVIDIA ConnectX-7 VPI, 400Gb/s InfiniBand"), 100, "single-port is no single NIC")
t.eq(inter("400 Gb/s NDR InfiniBand, single-rail"), 100)
t.eq(inter("400 Gb/s IB (8 GPUs/node)"), 100, "a count of GPUs a node is no scope of the rate")
t.eq(inter("1 NIC per GPU at 400 Gb/s"), 100)
t.eq(inter("1x HDR 200Gb/s InfiniBand", "a100_sxm"), 6.25, "one NIC a node")
t.eq(inter("4x NDR 400Gb/s"), 50); t.eq(inter("4 x NDR 400 Gb/s"), 50)
t.eq(inter("25.6T switches, 200G NICs", "a100_sxm"), 50, "a switch's capacity is no node's rate")
t.eq(inter("Thor 200G", "mi300x"), 50)
t.eq(gpu("H100 PCIe 80GB (NVLink bridge)"), "h100_pcie"); t.eq(gpu("8x H100 PCIe per host"), "h100_pcie")
t.eq(measured.intra_node("PCIe Gen4 x16 (64 GB/s); NVLink bridge 600 GB/s between pairs", "a100_sxm", true, 8), 64)
t.eq(measured.intra_node("300 GB/s each direction", "h100_sxm", false, 8), 600)
for cell, p in pairs { ["FP8 (0.3% loss gap vs BF16)"] = "fp8", ["FP8 (disabled for first and last layers)"] = "fp8",
  ["FP8 (no amax history)"] = "fp8", ["FP8 - see notes"] = "fp8", ["FP8 comm overlap"] = "fp8", ["FP8 all-gather"] = "fp8",
  ["FP8 reduced precision"] = "fp8", ["FP8 results averaged over 3 runs"] = "fp8" } do
  t.eq(measured.parse_precision(cell), p, cell)
end
for cell, z in pairs { ["FSDP (not HSDP)"] = 3, ["FSDP (not DDP)"] = 3, ["no HSDP, FSDP"] = 3, ["HSDP disabled, FSDP"] = 3,
  ["ZeRO-1 (not ZeRO-3)"] = 1, ["ZeRO-2 (not 3)"] = 2, ["DeepSpeed ZeRO-3 (not offload)"] = 3, ["ZeRO-1 off-loaded"] = 1,
  ["ZeRO-1 (disabled overlap_comm)"] = 1 } do
  t.eq(measured.parse_zero(cell), z, cell)
end
for _, c in ipairs { { "layers", "32 (decoder layers)" }, { "moe_topk", "2 (experts per token)" }, { "ep", "8 (expert parallel)" },
  { "num_gpus", "8 (single node)" }, { "num_gpus", "16 (two nodes)" } } do
  t.eq(measured.count_cell(c[1], c[2]), c[2]:match("^%d+"), c[2])
end
t.eq(measured.parse_yes_no("yes (Megatron SP, not Ulysses)"), true)
t.eq(measured.parse_recompute("full recompute with CPU offload disabled"), "full")
t.eq(measured.parse_recompute("full recompute disabled"), "none")
do
  t.eq(domain_note("GB200 NVL36x2"), "NVLink domain of 72 GPUs (gb200: up to 72 in one domain, the largest divisor of 72)")
  t.eq(domain_note("GB200 (NVL 2x36)"), "NVLink domain of 72 GPUs (gb200: up to 72 in one domain, the largest divisor of 72)")
end

-- The rest of helper-69's list: a bisection figure, ZeRO++'s parts by name, hybrid sharding in
-- words, NeMo before Megatron-Core said.
t.eq(measured.intra_node("NVSwitch 4x, 3.6 TB/s bisection", "h100_sxm", false, 8), 900)
t.eq(measured.parse_zero("ZeRO-3 (hpZ)"), nil); t.eq(measured.parse_zero("ZeRO-3 + MiCS"), nil)
t.eq(select(3, measured.parse_zero("FSDP (full shard) within node, DDP across nodes")), true)
-- (NeMo before Megatron-Core runs the 2022 stack since helper-231's probe: Azure's NeMo Megatron
-- 22.06 rows, 12-27% too fast on Megatron-Core's overlaps, come within 1-13%.)
t.eq(select(2, measured.stack_for { framework = "NVIDIA NeMo Megatron", source = "MLPerf Training v2.1 (2022)" }),
  'stack megatron_2022 for "NVIDIA NeMo Megatron" (NeMo Megatron before Megatron-Core: a 2022 source; Megatron-LM\'s 2022 code)')
t.eq(stack { framework = "NVIDIA NeMo Megatron, container 22.06-hotfix" }, "megatron_2022")
for _, f in ipairs { "NeMo 23.08 (Megatron-Core)", "NeMo 24.07", "nemo:25.02", "NeMo 2.0" } do
  t.eq(stack { framework = f }, "megatron_core", f)
end

-- Helper-71's probe of the measurement, batch and architecture readers.
do
  local base = row("MBridge-25.09-LLAMA3_70B-64")  -- 128 x 8192 tokens on 64 GPUs: 103,616 tok/s
  local function step(changes)
    local c = { tokens_per_s = false, tokens_per_s_per_gpu = false, tflops_per_gpu = false }
    for k, v in pairs(changes) do c[k] = v end
    return (measured.measured_time(copy(base, c)))
  end
  local want = 128 * 8192 / 103616
  t.near(step { tokens_per_s = "1,619 tok/s/GPU" }, 128 * 8192 / (1619 * 64), 1e-9, "a GPU's rate in the cluster's column")
  t.near(step { tokens_per_s = "1619 (per GPU)" }, 128 * 8192 / (1619 * 64), 1e-9)
  t.near(step { iter_time_s = "10120 (ms)" }, 10.12, 1e-9, "a unit in parentheses")
  t.near(step { tokens_per_s = "103.616 (k tok/s)" }, want, 1e-9)
  t.eq(step { tflops_per_gpu = "0.727 (PFLOP/s)" } > 5, true, "PFLOP/s")
  t.eq(step { tflops_per_gpu = "800 (HFU)" }, nil, "hardware FLOPs in a model-FLOP column")
  t.eq(step { mfu_pct = "55% HFU", peak_tflops_assumed = "989" }, nil)
  t.eq(step { mfu_pct = "0.9%", peak_tflops_assumed = "989" }, nil, "0.9% is a percentage, and no run's")
  t.eq(step { mfu_pct = "0.45", peak_tflops_assumed = "989" } ~= nil, true, "a fraction without %")
end
t.eq(measured.parse_tsv("run_id\tglobal_batch_seqs\nx\t16 (per GPU)\n")[1].global_batch_seqs, "16 (per GPU)", "a device's batch")
t.eq(measured.parse_tsv("run_id\tkv_heads\nx\t1 (MLA latent)\n")[1].kv_heads, "1 (MLA latent)")
t.eq(select(2, measured.parse_experts("256 routed, 1 shared")), 1); t.eq(select(2, measured.parse_experts("256 experts (1 shared)")), 1)
t.eq(select(2, measured.parse_experts("64+2")), 2)
t.eq(measured.parse_experts("257 (256 routed + 1 shared)"), 256); t.eq(select(2, measured.parse_experts("257 (256 routed + 1 shared)")), 1)
-- helper-129: the shared ones first, a comma inside the parentheses, and top-k with the shared.
t.eq(measured.parse_experts("1 shared + 256 routed"), 256); t.eq(select(2, measured.parse_experts("1 shared + 256 routed")), 1)
t.eq(measured.parse_experts("257 (256 routed, 1 shared)"), 256); t.eq(select(2, measured.parse_experts("257 (256 routed, 1 shared)")), 1)
t.eq(measured.count_cell("moe_topk", "8 routed + 1 shared"), "8")
do
  local function arch(changes) return measured.architecture(copy(row("MBridge-25.09-LLAMA3_70B-64"), changes)) end
  -- The parallel block named in words, in the framework or the notes (helper-129), not as a step
  -- of an ablation the notes list (MegaScale's baseline: "ablation ladder: +PTB 52.3, ...").
  t.eq(arch({ framework = "MegaScale (parallel attention/MLP block)" }).parallel_block, true)
  t.eq(arch({ notes = "GPT-NeoX style: parallel attention+FF" }).parallel_block, true)
  t.eq(arch({ notes = "ablation ladder: +PTB 52.3, +SWA 53.3" }).parallel_block, nil)
  t.eq(arch({ notes = "no parallel block" }).parallel_block, nil)
  for _, notes in ipairs { "model parallel block size 4", "tensor parallel block", "without a parallel block",
    "the parallel block is off" } do
    t.eq(arch({ notes = notes }).parallel_block, nil, notes)
  end
  local neg, why_neg = arch { vocab = "-8" }
  t.eq(neg, nil); t.eq(why_neg, "vocab -8 is not a positive count", "helper-129: it said 'got 0'")
  -- Multi-head and multi-query attention by name (helper-129: "MHA" was refused).
  t.eq(arch({ kv_heads = "MHA" }).kv_heads, 64); t.eq(arch({ kv_heads = "same as heads" }).kv_heads, 64)
  t.eq(arch({ kv_heads = "MQA" }).kv_heads, 1)
  local a, why = arch { model = "Nemotron-H 56B" }
  t.eq(a, nil); t.eq(why:find("hybrid state-space (Mamba) model", 1, true) ~= nil, true, why)
  a, why = arch { model = "Grok-1" }
  t.eq(a, nil); t.eq(why:find("a mixture of experts by its name", 1, true) ~= nil, true, why)
  -- (Its hidden left out: the Llama row's 8192 is not DBRX's 6144, whose configuration it would
  -- contradict.)
  t.eq(arch({ model = "DBRX", hidden = false }).experts, 16, "its config's experts (helper-146)")
  t.eq(arch({ model = "DBRX" }), nil, "a width DBRX's configuration does not have: its experts not taken")
  t.eq(arch { model = "Llama 3 70B" } ~= nil, true)
  t.eq(measured.global_batch({ global_batch_tokens = "32M" }, 2048), 16384, "a power of two of sequences")
  t.eq(measured.global_batch({ global_batch_tokens = "2M" }, 2048), 1024)
  t.eq(measured.family("GPT-NeoX-20B", 24576, 6144).tied, false)
  -- A row without a vocab: its family's tokenizer where every size shares one, said; not a
  -- family whose sizes or versions differ (Mistral, Qwen), nor "LLaMA 30B" read as Llama 3.
  local function vocab_of(model)
    local v, notes = arch { model = model, vocab = false, ffn_hidden = "28672" }
    return v and v.vocab, v and notes or notes
  end
  for model, vocab in pairs { ["OPT-66B"] = 50272, ["BLOOM-176B"] = 250880, ["Falcon-40B"] = 65024, ["MPT-30B"] = 50432,
    ["LLaMA 30B"] = 32000, ["Llama-3.1 70B"] = 128256, ["GPT-J 6B"] = 50400, ["GPT 1.7B"] = 50257 } do
    t.eq(vocab_of(model), vocab, model)
  end
  local v, said = arch { model = "OPT-66B", vocab = false, ffn_hidden = "28672" }
  local found = false
  for _, n in ipairs(said) do
    if n == "vocab not given: 50272, the OPT tokenizer's (facebook opt-125m to opt-66b config.json)" then found = true end
  end
  t.eq(v ~= nil and found, true, "said")
  -- (Mistral 7B, Qwen2-72B and Code Llama 34B have configs since helper-146: 32000, 152064, 32000.)
  t.eq(vocab_of("Mistral 7B"), 32000); t.eq(vocab_of("Qwen2-72B"), 152064); t.eq(vocab_of("Code Llama 34B"), 32000)
  for _, model in ipairs { "Mistral Small 22B", "Qwen1.5-72B", "Pythia 12B", "Foo 70B", "GPT-4", "GPT-NeoX 1.3B",
    "Code Llama 70B", "Falcon 3 10B" } do
    local none, why = arch { model = model, vocab = false, ffn_hidden = "28672" }
    t.eq(none, nil, model); t.eq(why:find("^no vocab %(the row gives none") ~= nil, true, why)
  end
end
-- A head width the row gives (helper-71: always hidden / heads; Qwen3-32B's is 128, not 80).
do
  local parsed = measured.parse_tsv("run_id\theads\nx\t64 (head_dim 128)\n")[1]
  t.eq(parsed.heads, "64"); t.eq(parsed.head_dim, "128")
  local a = assert(measured.architecture(copy(row("MBridge-25.09-LLAMA3_70B-64"), { model = "Qwen3-32B", hidden = "5120",
    heads = "64", head_dim = "128", kv_heads = "8", ffn_hidden = "25600", layers = "64", vocab = "151936" })))
  t.eq(a.head_dim, 128)
end
-- Dense Qwen3 and Gemma by name (helper-72 read their config.json copies): the head width the
-- row leaves out is the config's, not hidden / heads; the tying is the size's; Gemma 2's and 3's
-- windows; RecurrentGemma is no Gemma. Parameter counts against the published sizes (Qwen3-32B
-- "32.8B", Qwen3-4B "4.0B", Gemma 2 9B "9.24B", Gemma 3 27B's text model 27.0B, gemma-7b
-- "8.54B").
do
  local function arch(model, changes)
    local r = { model = model, seq_len = "4096" }
    for k, v in pairs(changes or {}) do r[k] = v end
    return measured.architecture(r)
  end
  local q32 = assert(arch("Qwen3-32B", { layers = "64", hidden = "5120", heads = "64", kv_heads = "8" }))
  t.eq(q32.head_dim, 128, "not 5120 / 64"); t.eq(q32.tied, false); t.eq(q32.d_ff, 25600)
  t.near(measured.params(q32, false) / 1e9, 32.76, 0.01)
  local q4 = assert(arch("Qwen3-4B-Instruct"))
  t.eq(q4.head_dim, 128); t.eq(q4.tied, true, "Qwen3 below 8B ties"); t.near(measured.params(q4, false) / 1e9, 4.02, 0.01)
  t.eq(assert(arch("qwen3 8b")).tied, false)
  t.eq(assert(arch("Qwen3-14B")).layers, 40, "not the 4B's")
  local g9 = assert(arch("gemma-2-9b-it"))
  t.eq(g9.head_dim, 256); t.eq(g9.window, 4096); t.eq(g9.full_attention_every, 2); t.eq(g9.tied, true)
  t.near(measured.params(g9, false) / 1e9, 9.24, 0.01)
  local g27 = assert(arch("Gemma 3 27B"))
  t.eq(g27.head_dim, 128); t.eq(g27.window, 1024); t.eq(g27.full_attention_every, 6); t.eq(g27.vocab, 262208)
  t.near(measured.params(g27, false) / 1e9, 27.01, 0.01)
  t.eq(assert(arch("gemma-3-1b")).window, 512)
  t.eq(assert(arch("gemma-3-1b")).vocab, 262144, "no image tokens at 1B")
  local g7 = assert(arch("gemma-7b"))
  t.eq(g7.head_dim, 256); t.near(measured.params(g7, false) / 1e9, 8.54, 0.01)
  t.eq(assert(arch("gemma-2b")).kv_heads, 1, "Gemma 1's 2B, not Gemma 2's")
  t.eq(assert(arch("gemma-2-2b")).layers, 26)
  t.eq(assert(arch("gemma3:4b")).layers, 34, "a model tag's colon")
  t.eq(assert(arch("qwen3:8b")).layers, 36)
  -- A row's own cells win; the row that says its tying wins over the config's.
  t.eq(assert(arch("Qwen3-32B", { head_dim = "80" })).head_dim, 80)
  t.eq(assert(arch("Qwen3-4B", { notes = "tie_word_embeddings false" })).tied, false)
  local _, why = arch("recurrentgemma-2b", { layers = "26", hidden = "2560", heads = "10" })
  t.eq(why, [[model "recurrentgemma-2b" is a hybrid recurrent (Griffin) model: its RG-LRU layers are not modelled]])
end
-- More models by name whose dimensions a row may leave out (helper-146 read their configs; they
-- were refused): the count of parameters each gives against the size its makers publish
-- (Qwen2.5-7B "7.61B", Qwen2.5-72B "72.7B", Llama 3.2 1B "1.24B" and 3B "3.21B", Mistral 7B
-- "7.24B", Mistral NeMo "12.2B", Nemotron-4 15B "15.7B" (12.5B without its 3.2B of
-- embeddings), LLaMA 65.2B and 32.5B, GPT-3 "175.0B", Code Llama 34B "33.7B"; mixtures of
-- experts, total and active: DeepSeek-V2 236B and 21B, DeepSeek-V2-Lite 15.7B and 2.4B without
-- the embedding, DBRX 132B and 36B, OLMoE 6.9B and 1.3B, Qwen2-57B-A14B 57.4B and 14.2B,
-- Qwen1.5-MoE-A2.7B 14.3B and 2.7B).
do
  local function arch(model, changes)
    local r = { model = model, seq_len = "4096" }
    for k, v in pairs(changes or {}) do r[k] = v end
    return measured.architecture(r)
  end
  local function billions(model, active)
    return measured.params(assert(arch(model), model), active) / 1e9
  end
  for model, size in pairs { ["Qwen2.5-7B"] = 7.61, ["Qwen2.5-72B-Instruct"] = 72.7, ["Llama 3.2 1B"] = 1.24,
      ["Llama-3.2-3B"] = 3.21, ["Mistral 7B"] = 7.24, ["Mistral-Nemo-Base-2407"] = 12.25, ["Nemotron-4 15B"] = 15.63,
      ["LLaMA-65B"] = 65.29, ["llama-30b"] = 32.53, ["GPT-3 175B"] = 174.6, ["CodeLlama-34b-hf"] = 33.74,
      ["DeepSeek-V2"] = 235.7, ["DeepSeek-V2-Lite"] = 15.71, ["DBRX"] = 131.6, ["OLMoE-1B-7B-0924"] = 6.92,
      ["Qwen2-57B-A14B"] = 57.41, ["Qwen1.5-MoE-A2.7B"] = 14.32 } do
    t.near(billions(model), size, 0.01, model)
  end
  for model, size in pairs { ["DeepSeek-V2"] = 21.38, ["DBRX"] = 36.47, ["OLMoE-1B-7B"] = 1.28,
      ["Qwen2-57B-A14B"] = 14.25, ["Qwen1.5-MoE-A2.7B"] = 2.69 } do
    t.near(billions(model, true), size, 0.01, model .. ", active")
  end
  local lite = assert(arch("DeepSeek-V2-Lite-Chat"))
  t.near(measured.params(lite, true) / 1e9 - 102400 * 2048 / 1e9, 2.45, 0.01, "V2-Lite active, without its embedding")
  t.eq(lite.mla.q_rank, nil, "V2-Lite: no query latent"); t.eq(assert(arch("DeepSeek-V2")).mla.q_rank, 1536)
  t.eq(assert(arch("DeepSeek-V2")).group_top_k, 3); t.eq(lite.groups, nil)
  -- Sizes that differ from hidden / heads, tying and windows by version.
  t.eq(assert(arch("Mistral NeMo 12B")).head_dim, 128, "not 5120 / 32")
  t.eq(assert(arch("Llama-3.2-1B-Instruct")).tied, true); t.eq(assert(arch("Qwen2.5-1.5B")).tied, true)
  t.eq(assert(arch("Qwen2.5-14B")).tied, false)
  t.eq(assert(arch("Mistral-7B-v0.1")).window, 4096); t.eq(assert(arch("Mistral-7B-Instruct-v0.3")).window, nil)
  t.eq(assert(arch("Mistral-7B-v0.3")).vocab, 32768); t.eq(assert(arch("Mistral 7B")).window, nil)
  t.eq(has(select(2, arch("Mistral 7B")), "Mistral 7B without a version: v0.2's configuration"), true, "said")
  -- Multi-head models keep a row's own head count for their key/value heads.
  t.eq(assert(arch("GPT-3 175B", { heads = "128" })).kv_heads, 128)
  -- Not these: another size, Code Llama's other sizes (vocab 32,016), Qwen2 beside Qwen2.5.
  t.eq(arch("Qwen2.5-9B"), nil); t.eq(arch("Code Llama 7B"), nil); t.eq(arch("Llama 3.2 90B"), nil)
  t.eq(assert(arch("Qwen2-7B")).d_ff, 18944); t.eq(assert(arch("Qwen2-0.5B")).vocab, 151936)
  t.eq(assert(arch("Llama 1 65B")).layers, 80)
end
-- A measured step faster than four times the GPU's peak allows is refused (helper-71: a cluster's
-- rate in the per-GPU column gave a 0.16 s step for a 70B model on 64 H100s).
do
  local c = copy(row("MBridge-25.09-LLAMA3_70B-64"), { tokens_per_s = false, tflops_per_gpu = false,
    tokens_per_s_per_gpu = "103,616" })
  local s, why, wrong = measured.measured_time(c)
  t.eq(s, nil); t.eq(wrong, true); t.eq(why:find("more than four times the h100_sxm's 989 TFLOP/s peak", 1, true) ~= nil, true, why)
  t.eq(measured.measured_time(row("MBridge-25.09-LLAMA3_70B-64")) ~= nil, true, "the row as published")
  -- And one too slow to be any run's (helper-74: milliseconds written as seconds read as a step
  -- 1,000 times too slow, error -99.9%, and calibrated on): under 0.5% of the peak.
  local slow = copy(row("MBridge-25.09-LLAMA3_70B-64"), { tokens_per_s = false, tflops_per_gpu = false,
    tokens_per_s_per_gpu = false, iter_time_s = "10120" })
  local s2, why2, wrong2 = measured.measured_time(slow)
  t.eq(s2, nil); t.eq(wrong2, true)
  t.eq(why2:find("a step of 1.01e+04 s (iter_time_s) would run the model at 0.0", 1, true) ~= nil, true, why2)
  t.eq(why2:find("no training run is that slow", 1, true) ~= nil, true, why2)
  t.near(measured.measured_time(copy(slow, { iter_time_s = "10.12" })), 10.12, 1e-12, "the step in seconds")
end

-- summarize: n rows, predicted (status ok), compared (with an error); the means over the compared
do
  local s = measured.summarize({
    { g = "a", status = "ok", error_pct = 10 }, { g = "a", status = "ok", error_pct = -20 },
    { g = "a", status = "ok" }, { g = "a", status = "not predicted: no vocab" },
  }, "g")
  t.eq(#s, 1)
  t.eq(s[1].n, 4)
  t.eq(s[1].predicted, 3)
  t.eq(s[1].compared, 2)
  t.eq(s[1].mean_abs_pct, 15)
  t.eq(s[1].mean_signed_pct, -5)
  t.eq(s[1].max_abs_pct, 20)
end

-- Spreadsheet exports that are no UTF-8 TSV are said as such (helper-87)
t.raises_here(function() measured.parse_tsv("\255\254r\0u\0n\0", "u16.tsv") end, "u16.tsv: UTF-16 or binary, not UTF-8 text: save it as UTF-8 tab-separated text")
t.raises_here(function() measured.parse_tsv("run_id\tgpu\rr1\tH100\r", "cr.tsv") end, "cr.tsv: its lines end in CR alone (an old Mac export): save it with LF or CRLF line ends")
t.raises_here(function() measured.parse_tsv("run_id framework model\nr1 x y\n", "sp.tsv") end, "sp.tsv: the header has no tab: the file must be tab-separated (TSV), not separated by spaces")
t.raises_here(function() measured.parse_tsv("# mine\nrun_id framework model\nr1 x y\n", "sp.tsv") end, "sp.tsv: the header has no tab: the file must be tab-separated (TSV), not separated by spaces")

-- A reason dml raised names the row's column behind its field (helper-87)
t.eq(measured.dml_reason({ ffn_hidden = "0" }, "x.lua:3: transformer.d_ff: must be a positive whole number, got 0"),
  "dml: transformer.d_ff (column ffn_hidden): must be a positive whole number, got 0")
-- (not where the cell is empty: the value came from elsewhere, a model's config)
t.eq(measured.dml_reason({}, "x.lua:3: transformer.d_ff: must be a positive whole number, got 0"),
  "dml: transformer.d_ff: must be a positive whole number, got 0")
do  -- through a real row
  local rows = measured.parse_tsv(table.concat({
    "run_id\tframework\tlayers\thidden\theads\tffn_hidden\tvocab\tseq_len\tgpu\tnum_gpus\ttp\tglobal_batch_seqs\titer_time_s",
    "r1\tMegatron-Core\t32\t4096\t32\t0\t32000\t4096\tH100 SXM\t8\t1\t64\t2.0" }, "\n") .. "\n", "z.tsv")
  local status = measured.predict(rows[1]).status
  t.eq(status:find("(column ffn_hidden)", 1, true) ~= nil, true, status)
end
t.eq(measured.dml_reason({}, "layout: tp 2 x pp 1"), "dml: layout: tp 2 x pp 1")

-- A cell's line break is written \n in a reading, not as a break (helper-87)
do
  local rows = measured.parse_tsv('run_id\tframework\tgpu\nr1\t"Our\nTrainer"\tH100\n', "nl.tsv")
  local key, note = measured.stack_for(rows[1])
  t.eq(note ~= nil and note:find("Our\\nTrainer", 1, true) ~= nil, true, tostring(note))
end

-- helper-137's rewordings: one fact written as another author writes it reads the same.
for cell, want in pairs {
  -- some layers checkpointed whole, the count worded otherwise (read as every layer, or refused)
  ["activation checkpointing on 10 layers"] = 10, ["activation checkpointing for 10 of the 80 layers"] = 10,
  ["AC: 10 layers"] = 10, ["10 layers"] = 10, ["partial AC: 10 layers"] = 10, ["10 checkpointed layers"] = 10,
} do
  local mode, _, layers = measured.parse_recompute(cell)
  t.eq(mode, "full", cell); t.eq(layers and layers.layers, want, cell); t.eq(layers and layers.per_chunk, nil, cell)
end
t.eq(select(3, measured.parse_recompute("activation checkpointing for 10 of the 80 layers")).of, 80)
-- (a count per chunk, and selective with a count, read as before)
t.eq(select(3, measured.parse_recompute("AC: 2 layers per stage")).per_chunk, true)
t.eq(select(3, measured.parse_recompute("selective: 10 layers")), nil)
for cell, want in pairs {
  -- torchtitan's per-op selective checkpointing as "op-based" (was Megatron's selective)
  ["op-based selective AC"] = "op", ["selective AC, op-based"] = "op", ["selective (op-based)"] = "op",
  ["selective per op"] = "op", ["selective (op level)"] = "op",
  -- the setting left unset, said alone (was refused)
  ["null"] = "none", ["unset"] = "none", ["not set"] = "none", ["default (none)"] = "none",
  -- every layer, with a word between (was refused)
  ["checkpoint every transformer layer"] = "full", ["checkpointing all transformer layers"] = "full",
} do
  t.eq(measured.parse_recompute(cell), want, cell)
end
t.eq(select(3, measured.parse_recompute("checkpoint every transformer layer")), nil, "every layer: no count")
for cell, want in pairs {
  -- FSDP's SHARD_GRAD_OP however it is separated (was ZeRO 3)
  ["FSDP shard grad op"] = 2, ["FSDP ShardGradOp"] = 2, ["FSDP shard-grad-op"] = 2, ["FSDP (Shard Grad Op)"] = 2,
  ["FSDP SHARD GRAD OP"] = 2,
  -- Megatron's class name (was refused)
  ["DistributedOptimizer"] = 1, ["Megatron DistributedOptimizer"] = 1,
  -- plain data parallelism by its all-reduce (was refused)
  ["data parallel (all-reduce), no sharding"] = 0, ["data-parallel all-reduce (no optimizer sharding)"] = 0,
  ["all-reduce DP"] = 0,
} do
  t.eq(measured.parse_zero(cell), want, cell)
end
t.eq(measured.parse_zero("FSDP, all-reduce of gradients across DP replicas"), 3, "FSDP named: not plain DP")
for cell, want in pairs {
  -- AMD's part names written apart (were refused)
  ["AMD MI-325X"] = "mi325x", ["Instinct MI 325X"] = "mi325x", ["MI325-X"] = "mi325x", ["AMD MI-355X"] = "mi355x",
  ["MI 355X"] = "mi355x", ["AMD MI-250X"] = "mi250x", ["MI 250X"] = "mi250x", ["MI-300X"] = "mi300x",
  ["A100 40-GB"] = "a100_sxm",  -- (was the 80 GB part)
} do
  t.eq(gpu(cell), want, cell)
end
t.eq(gpu("MI-250"), "mi250"); t.eq(gpu("AMD MI 2500"), nil, "no part of that name")
for framework, want in pairs {
  -- AMD's Primus with its Megatron backend (was torchtitan, assumed)
  ["Primus-Megatron"] = "megatron_core", ["AMD Primus (Megatron backend)"] = "megatron_core",
  ["Primus (Megatron)"] = "megatron_core",
  -- XTuner named alone: transformers models (was Megatron-Core)
  ["XTuner"] = "torchtitan", ["XTuner v0.1.18"] = "torchtitan",
} do
  t.eq(stack { framework = framework, source = "a 2025 report" }, want, framework)
end
-- torch.compile named by its compiler (was eager)
for _, precision in ipairs { "BF16 (TorchInductor)", "bf16 + inductor", "BF16 + TorchCompile" } do
  t.eq(stack { framework = "torchtitan", precision = precision }, "torchtitan_compile", precision)
end
t.eq(stack { framework = "torchtitan", precision = "BF16 (inductor off)" }, "torchtitan", "switched off")
-- A node's count of NICs written after its rate, or "of" it (helper-137: read as the node's one
-- 100 Gb/s, or as one NIC a GPU): 4 x 100 Gb/s shared by 8 GPUs, 12.5 GB/s both ways each.
for _, cell in ipairs { "4 Omni-Path links of 100 Gbps per node", "RoCE: 4 ports of 100 Gb/s", "100G RoCE (4 NICs per node)",
  "100 Gbps Omni-Path (4 per node)", "Omni-Path 100 Gb/s, 4 links per node" } do
  t.eq((measured.inter_node(cell, 8, "a100_sxm_80gb")), 12.5, cell)
end
-- (a node's total beside its count, and a GPU's rate beside the node's GPUs, read as before)
t.eq((measured.inter_node("800 Gb/s per node (2 NICs per node)", 8, "a100_sxm_80gb")), 25)
t.eq((measured.inter_node("400 Gb/s per GPU (8 per node)", 8, "h100_sxm")), 100)

-- helper-138's rewordings of the other cells.
-- An arXiv id in a link or a DOI gives the source's year (was none, and a Megatron-LM row's
-- stack changed with it); a venue and its year joined by a hyphen.
for _, source in ipairs { "https://arxiv.org/abs/2402.15627", "arxiv.org/pdf/2402.15627v1", "doi:10.48550/arXiv.2402.15627",
  "MegaScale, NSDI-24" } do
  t.eq(measured.year(source), 2024, source)
  t.eq(stack { framework = "Megatron-LM", source = source }, "megatron_2022", source)
end
t.eq(measured.year("https://arxiv.org/abs/2104.04473"), 2021)
-- A model's name however a table writes it gives its configuration (was refused, or another model).
local fmt = string.format
local function dims(name)
  local a = measured.architecture { model = name, seq_len = "4096" }
  return a and fmt("%d x %d%s", a.layers, a.d_model, a.experts and fmt(", %d experts", a.experts) or "") or nil
end
for name, want in pairs {
  ["llama 3.1 (70B)"] = "80 x 8192", ["Llama 3.1 70 B"] = "80 x 8192", ["llama 2 (7B)"] = "32 x 4096",
  ["Mixtral (8x7B)"] = "32 x 4096, 8 experts", ["Mixtral 8\195\1517B"] = "32 x 4096, 8 experts", ["Mixtral 8 x 7B"] = "32 x 4096, 8 experts",
  ["Qwen 3 235B"] = "94 x 4096, 128 experts", ["Qwen-3 30B-A3B"] = "48 x 2048, 128 experts", ["Qwen3 MoE 235B"] = "94 x 4096, 128 experts",
  ["GPT-3 5B"] = "24 x 4096", ["GPT3 20B"] = "44 x 6144", ["NeMo GPT3-5B"] = "24 x 4096", ["Nemotron 8B"] = "32 x 4096",
  ["Nemotron-3 8B"] = "32 x 4096", ["Nemotron-3 22B"] = "40 x 6144", ["Nemotron-4 340B"] = "96 x 18432",
  ["nvidia/Nemotron-4-340B-Base"] = "96 x 18432",
  -- gpt-oss 20b written apart was read as the 120b
  ["GPT-OSS (20B)"] = "24 x 2880, 32 experts", ["GPT-OSS 20 B"] = "24 x 2880, 32 experts",
  ["gpt-oss-120b"] = "36 x 2880, 128 experts", ["GPT-OSS"] = "36 x 2880, 128 experts",
} do
  t.eq(dims(name), want, name)
end
-- (another size of a named family is no known model: not its neighbour's configuration)
t.eq(dims("gpt-oss 40b"), nil); t.eq(dims("Nemotron-4 70B"), nil)
-- Measurement cells' units in words, and a remark after a unit (were "not a plain number").
local function measured_s(column, cell)
  local row = { model = "Llama 3 8B", layers = "32", hidden = "4096", heads = "32", seq_len = "8192",
    global_batch_seqs = "128", num_gpus = "64", peak_tflops_assumed = "989", [column] = cell }
  return (measured.measured_time(row))
end
for column, cells in pairs {
  iter_time_s = { "9.399 s per step", "9.399 s/iteration", "9.399 seconds/step", "9.399 s / step", "9.399 s (per iteration)",
    "9.399 sec.", "9399 msec", "9.399 s/batch" },
  tokens_per_s_per_gpu = { "1602 tok/s per GPU", "1602 tokens per second per GPU", "1602 tok/GPU/s", "1602 tokens/GPU/s",
    "1602 TGS" },
  tokens_per_s = { "102528 tokens per second", "1602 TGS" },
  tflops_per_gpu = { "719 TFLOP/sec", "719 TFLOP/sec/GPU", "719 TF/s", "719 TFLOP/s (BF16)" },
  mfu_pct = { "40.27% (model FLOPs)", "40.27 percent", "40.27 pct" },
} do
  local plain = ({ iter_time_s = "9.399", tokens_per_s_per_gpu = "1602", tokens_per_s = "102528", tflops_per_gpu = "719",
    mfu_pct = "40.27" })[column]
  local want = measured_s(column, plain)
  for _, cell in ipairs(cells) do t.near(measured_s(column, cell), want, 1e-12, cell) end
end
t.eq(measured_s("iter_time_s", "9.399 min"), nil, "minutes: refused as a slip")
t.eq(measured_s("mfu_pct", "40.27% (HFU)"), nil, "hardware FLOPs")
-- Counts: "GPUs" before a remark, the Unicode times sign, the length again in K.
t.eq(measured.count_cell("num_gpus", "64 GPUs (8 nodes)"), "64")
t.eq(measured.count_cell("num_gpus", "8 nodes \195\151 8 GPUs"), "64")
t.eq(measured.count_cell("seq_len", "8192 (8K)"), "8192")
t.eq(measured.count_cell("seq_len", "8192 (4K)"), "8192 (4K)", "a remark of another value")

-- helper-139's omissions: a cell left out that dml can infer, or a default that cannot have run.
do
  local rows = measured.parse_tsv(table.concat({
    "run_id\tframework\tmodel\tmoe_experts\tseq_len\tgpu\tnum_gpus\tgpus_per_node\ttp\tpp\tdp\tep\tglobal_batch_seqs\titer_time_s\trecompute",
    -- no ep: EP 1 holds all 8 of Mixtral's experts, over an H100's memory (was costed so)
    "ep\tMegatron-Core\tMixtral 8x7B\t\t4096\tH100 SXM\t64\t8\t1\t1\t64\t\t256\t10\tfull",
    -- no cp: the GPUs over tp x pp x dp (was refused), where the row speaks of CP
    "cp\tMegatron-Core\tLlama 3 8B\t\t8192\tH100 SXM\t64\t8\t2\t1\t16\t\t64\t10\tfull",
    -- no moe_topk beside the experts of a model dml knows (was refused)
    "topk\tMegatron-Core\tDeepSeek-V3\t256+1 shared\t4096\tH100 SXM\t1024\t8\t2\t16\t32\t64\t2048\t10\tfull",
  }, "\n") .. "\n", "omitted.tsv")
  local function said(r, text)
    for _, a in ipairs(measured.predict(r).assumed_list or {}) do if a:find(text, 1, true) then return true end end
    return false
  end
  t.eq(measured.predict(rows[1]).status, "ok")
  t.eq(said(rows[1], "ep not given: 8, the smallest that divides the 8 experts and fits (EP 1 does not fit)"), true)
  -- (only where the row speaks of context parallelism: a dp cell may hold an FSDP shard group)
  t.eq(measured.predict(rows[2]).status:find("^not predicted") ~= nil, true)
  rows[2].notes = "context parallelism over the rest of the GPUs"
  t.eq(measured.predict(rows[2]).status, "ok")
  t.eq(said(rows[2], "cp = 64 GPUs / (tp x pp x dp) = 2 (not given)"), true)
  t.eq(measured.predict(rows[3]).status, "ok")
  t.eq(said(rows[3], "top_k = 8"), true)
  -- (an ep the row gives, or one that fits at 1, stays)
  local given = {}
  for k, v in pairs(rows[1]) do given[k] = v end
  given.ep = "2"
  t.eq(said(given, "ep not given"), false)
end
-- A GPT of a size is Megatron's GPT, with GPT-2's vocabulary; GPT-4 and later are not (helper-139:
-- "GPT 76.1B", "GPT 8.3B" and "GPT 530B" were refused).
for _, name in ipairs { "GPT 76.1B", "GPT 8.3B", "GPT 530B" } do
  local a = measured.architecture { model = name, layers = "32", hidden = "4096", heads = "32", seq_len = "2048" }
  t.eq(a and a.vocab, 50257, name)
end
for _, name in ipairs { "GPT-4", "GPT-4o", "GPT-4.5", "GPT-5" } do
  local a = measured.architecture { model = name, layers = "32", hidden = "4096", heads = "32", seq_len = "2048" }
  t.eq(a, nil, name)
end

-- helper-140's whole rows restyled, each cell as a framework's config or log writes it.
for cell, want in pairs {
  -- (were ZeRO 1, the stage not read: 30% fast)
  ["ZeRO stage: 3"] = 3, ['"zero_optimization": {"stage": 3}'] = 3, ["'zero_optimization': {'stage': 3}"] = 3,
  ['{"zero_optimization": {"stage": 0}}'] = 0,
  -- torchtitan's long key (was refused)
  ["data_parallel_shard_degree = 2"] = 3,
} do
  t.eq(measured.parse_zero(cell), want, cell)
end
t.eq(select(2, measured.parse_zero("data_parallel_shard_degree = 2")), 2)
for cell, want in pairs {
  -- torchtitan's per-op checkpointing after a key or with its option (was Megatron's selective)
  ["AC: selective (op)"] = "op", ["AC mode: selective, option: op"] = "op", ["selective AC, op"] = "op",
  -- Megatron-DeepSpeed's flag (was refused)
  ["deepspeed activation checkpointing (partition_activations: true)"] = "full",
  ["--deepspeed-activation-checkpointing"] = "full",
  -- (still read as before)
  ["AC: full"] = "full", ["AC: none"] = "none", ["selective, optional offload"] = "selective",
} do
  t.eq(measured.parse_recompute(cell), want, cell)
end
t.eq(select(3, measured.parse_recompute("AC: 10 layers")).layers, 10)
for column, cell in pairs {
  tp = "tensor_model_parallel_size: 4", cp = "context_parallel_degree = 4", micro_batch = "micro_batch_size: 4",
  vpp_interleave = "virtual_pipeline_model_parallel_size: 4", ep = "expert_model_parallel_size=4",
} do
  t.eq(measured.count_cell(column, cell), "4", cell)
end
-- A throughput's label first, or a GCD's (was predicted, not compared).
do
  local function per_gpu(cell)
    return (measured.measured_time { model = "Llama 3 8B", layers = "32", hidden = "4096", heads = "32", seq_len = "8192",
      global_batch_seqs = "128", num_gpus = "64", tokens_per_s_per_gpu = cell })
  end
  local want = per_gpu("300.9")
  for _, cell in ipairs { "TGS 300.9", "TGS: 300.9", "300.9 TPS/GCD", "300.9 tok/s/GCD" } do t.near(per_gpu(cell), want, 1e-12, cell) end
end

-- helper-141's restyled rows of the other files.
for cell, want in pairs {
  -- InternEvo's config forms of zero1 (the degree was lost)
  ["zero1=dict(size=8, fsdp=False)"] = 8, ["zero1=dict(size=8)"] = 8, ["parallel.zero1=8"] = 8,
  ["parallel = dict(zero1=8, tensor=1)"] = 8,
} do
  t.eq(measured.parse_zero(cell), 1, cell); t.eq(select(2, measured.parse_zero(cell)), want, cell)
end
-- Megatron-Core's granularity and module flags together (was the attention core's selective)
t.eq(measured.parse_recompute("--recompute-granularity selective --recompute-modules moe_act layernorm"), "norms")
t.eq(select(3, measured.parse_recompute("--recompute-granularity selective --recompute-modules moe_act layernorm")), nil,
  "no layer count")
t.eq(measured.parse_recompute("--recompute-granularity selective"), "selective")
-- count cells as flags, InternEvo's dicts and other frameworks' keys (were refused)
for column, cell in pairs {
  tp = "--tensor-model-parallel-size 8", pp = "--pipeline-model-parallel-size=8", ep = "--expert-model-parallel-size 8",
  cp = "sequence_parallel_size=8", micro_batch = "micro_bsz=8", global_batch_seqs = "train_batch_size: 8",
  vpp_interleave = "--virtual-pipeline-model-parallel-size 8",
} do
  t.eq(measured.count_cell(column, cell), "8", cell)
end
t.eq(measured.count_cell("tp", "tensor=dict(size=2)"), "2"); t.eq(measured.count_cell("pp", "pipeline=dict(size=4, interleaved_overlap=True)"), "4")
t.eq(measured.count_cell("tp", "--pipeline-model-parallel-size 8"), "--pipeline-model-parallel-size 8", "another column's flag")
t.eq(measured.count_cell("gpus_per_node", "4 GPUs/tray"), "4")
-- cloud instances named alone (were refused)
for cell, want in pairs { ["p5.48xlarge"] = "h100_sxm", ["p5en.48xlarge"] = "h200_sxm", ["p4d.24xlarge"] = "a100_sxm",
  ["p4de.24xlarge"] = "a100_sxm_80gb", ["a3-highgpu-8g"] = "h100_sxm", ["a3-megagpu-8g"] = "h100_sxm",
  ["a3-ultragpu-8g"] = "h200_sxm", ["a2-ultragpu-8g"] = "a100_sxm_80gb" } do
  t.eq(gpu(cell), want, cell)
end
t.eq(gpu("p5.48xlarge (8x H200)"), "h200_sxm", "a GPU named wins")
-- NeMo's key for FP8 attention beside NVFP4 linears (was refused as 4- beside 8-bit operands)
t.eq(measured.parse_precision("NVFP4 (fp8_dot_product_attention: True)"), "fp4")
-- A fault in dml's reading of one row leaves that row not predicted, the file's others read.
do
  local real = measured.request
  measured.request = function() error("a test's fault") end
  local r = measured.predict { run_id = "faulty", model = "Llama 3 8B", iter_time_s = "1" }
  measured.request = real
  t.eq(r.status:find("not predicted: dml could not read this row (a fault in dml, please report it:", 1, true) ~= nil, true, r.status)
end

-- helper-142's notes phrases: a setting switched off in prose reads as off, and its spellings as on.
t.eq(stack { framework = "torchtitan", precision = "bf16, torch.compile is off" }, "torchtitan")
t.eq(stack { framework = "torchtitan", notes = "non-async TP" }, "torchtitan")
t.eq(stack { framework = "torchtitan", notes = "async TP set to False" }, "torchtitan")
t.eq(stack { framework = "torchtitan", notes = "async TP is disabled" }, "torchtitan")
t.eq(stack { framework = "torchtitan", notes = "TP (async)" }, "torchtitan_async_tp")
t.eq(stack { framework = "torchtitan", notes = "TP: async" }, "torchtitan_async_tp")
for notes, want in pairs {
  ["dispatcher DeepEP"] = true, ["Deep-EP dispatcher"] = true, ['moe_token_dispatcher_type: "flex"'] = true,
  ["token dispatcher: flex"] = true,
  ["alltoall instead of DeepEP"] = false, ["alltoall rather than DeepEP"] = false, ["DeepEP unavailable"] = false,
  ["DeepEP is disabled"] = false,
} do
  t.eq(measured.token_dispatch { notes = notes }, want, notes)
end
for notes, want in pairs {
  ["EP all-to-all overlap with 1F1B on (overlap_moe_expert_parallel_comm)"] = true,
  ["EP all-to-all overlap with 1F1B off"] = false, ["EP all-to-all overlap disabled"] = false,
  ["EP all-to-all not overlapped"] = false, ["overlap_moe_expert_parallel_comm set to False"] = false,
} do
  t.eq(measured.ep_overlap { notes = notes }, want, notes)
end
for notes, want in pairs { ["zero_bubble_v"] = "zero_bubble_v", ["ZB_V schedule"] = "zero_bubble_v",
  ["V-shaped zero bubble"] = "zero_bubble_v", ["ZB_1P"] = "zero_bubble" } do
  t.eq(measured.schedule { notes = notes }, want, notes)
end
for precision, want in pairs { ["FP8 (axiswise)"] = "rowwise", ["FP8, per-row scaling"] = "rowwise",
  ["FP8 row wise"] = "rowwise", ["FP8 (tensorwise)"] = "tensorwise" } do
  t.eq(measured.parse_fp8_scaling(precision), want, precision)
end
-- helper-143's FLOP conventions: a count of the hardware's FLOPs beside a formula's name is none
-- of dml's formulas (was read as the model's count); the recompute's count beside Megatron's is
-- Narayanan et al.'s, however written; Megatron-Core's causal count without the word.
for cell, want in pairs {
  ["Megatron formula w/ recompute"] = "narayanan", ["Megatron formula + recompute"] = "narayanan",
  ["the 2021 Megatron-LM formula"] = "narayanan",
  ["Megatron-Core >= 0.12 num_floating_point_operations"] = "megatron_causal",
  ["Megatron FLOPs (causal attention not applied)"] = "megatron",
  ["(3*2*N + 3*4*L*d*s) per token (MFU); HFU uses factor 4"] = "6n",
} do
  t.eq(measured.flop_formula { tflops_counting = cell }, want, cell)
end
for _, cell in ipairs { "PaLM HFU", "HFU (PaLM, incl. recompute)", "6N, with recompute", "Megatron FLOPs (HFU)",
  "Megatron hardware FLOPs" } do
  t.eq(measured.flop_formula { tflops_counting = cell }, nil, cell)
end
do  -- a sparse peak, or the hardware's FLOPs, in a number cell's remark: refused, not read as the dense model's
  local row = { model = "Llama 3 8B", layers = "32", hidden = "4096", heads = "32", seq_len = "8192", global_batch_seqs = "128",
    num_gpus = "64", mfu_pct = "40", peak_tflops_assumed = "1979 (sparse)" }
  t.eq((measured.measured_time(row)), nil, "sparse peak")
  row.peak_tflops_assumed = "989"; row.mfu_pct = "41% (with recompute)"
  t.eq((measured.measured_time(row)), nil, "recompute's FLOPs")
  row.mfu_pct = "41% (no recompute)"
  t.eq((measured.measured_time(row)) ~= nil, true, "the model's FLOPs")
end

-- helper-144's architecture cells: the shared experts in other words (were none), a rank's or a
-- stage's share and other widths in a remark (were read as the model's), and head_dim's column.
for cell, want in pairs {
  ["256 routed and 1 shared"] = 1, ["256 routed plus 1 shared"] = 1, ["256 routed / 1 shared"] = 1,
  ["256 routed, shared=1"] = 1, ["256 routed + shared 1"] = 1, ["256 + 1 (shared)"] = 1,
} do
  local routed, shared = measured.parse_experts(cell)
  t.eq(routed, 256, cell); t.eq(shared, want, cell)
end
t.eq(select(1, measured.parse_experts("257 (incl. 1 shared)")), 256); t.eq(select(2, measured.parse_experts("257 (incl. 1 shared)")), 1)
t.eq(measured.parse_experts("64 (shared 2?)"), nil, "a shared count not read is no count of none")
for column, cell in pairs { seq_len = "8192 (per CP rank)", layers = "15 (per PP stage)", heads = "16 (per TP rank)",
  ffn_hidden = "57344 (fused gate+up)", moe_topk = "9 (incl. shared)" } do
  t.eq(measured.count_cell(column, cell), cell, cell)
end
t.eq(measured.count_cell("hidden", "8192 (d_model)"), "8192"); t.eq(measured.count_cell("ffn_hidden", "28672 (SwiGLU)"), "28672")
t.eq(measured.unread_columns { "run_id", "head_dim" }, nil, "head_dim is read")
t.eq(measured.unread_columns { "run_id", "cost_usd" }, "column not of the measured-runs format, not read: cost_usd")

-- helper-145's counter-examples to this round's readings: each reads as it did before them.
t.eq(measured.parse_recompute("48 layers, no recompute"), "none")
t.eq(measured.parse_recompute("none (model: 32 layers)"), "none")
t.eq(measured.parse_recompute("selective (not op-based)"), "selective")
t.eq(measured.parse_zero("DeepSpeed ZeRO (no activation sharding)"), 1)
t.eq(measured.parse_zero("HSDP (no sharding across nodes)") ~= 0, true)
t.eq(measured.ep_overlap { notes = "EP overlap on; all-to-all off-loaded to copy engines" }, true)
t.eq(measured.token_dispatch { notes = "DeepEP and A2A off-node" }, true)
t.eq(measured.token_dispatch { notes = "a deep EP group of 64" }, false)
t.eq(stack { framework = "torchtitan", notes = "async TP and FSDP off the critical path" }, "torchtitan_async_tp")
for cell, want in pairs {
  ["Megatron formula (training.py#L2021)"] = "megatron", ["72 B s l h^2, Megatron 2021"] = "korthikanti",
  ["Megatron-Core 0.12 num_floating_point_operations, non-causal"] = "megatron",
  ["6N + recompute not counted"] = "6n", ["6N, peak from hardware datasheet"] = "6n",
  ["MFU: 6N; HFU: 8N (with recompute)"] = "6n",
} do
  t.eq(measured.flop_formula { tflops_counting = cell }, want, cell)
end
do
  local row = { model = "Llama 3 8B", layers = "32", hidden = "4096", heads = "32", seq_len = "8192", global_batch_seqs = "128",
    num_gpus = "64", iter_time_s = "9.4 (full recompute)" }
  t.eq((measured.measured_time(row)), 9.4, "a time's remark about recompute")
  row.iter_time_s = nil; row.mfu_pct = "38% (recompute not counted)"; row.peak_tflops_assumed = "989"
  t.eq((measured.measured_time(row)) ~= nil, true, "recompute ruled out")
  row.mfu_pct = "38% (of hardware peak)"
  t.eq((measured.measured_time(row)) ~= nil, true, "the hardware's peak")
  row.mfu_pct = "38"; row.peak_tflops_assumed = "989 (dense; sparsity not used)"
  t.eq((measured.measured_time(row)) ~= nil, true, "sparsity ruled out")
  row.mfu_pct = nil; row.peak_tflops_assumed = nil; row.iter_time_s = "9.4 s (per 2 steps)"
  t.eq((measured.measured_time(row)), nil, "a figure of two steps")
end
t.eq(gpu("A100 (p4d.24xlarge)"), "a100_sxm")
t.eq(select(2, measured.gpu("p4d.24xlarge"))[1], 'GPU "p4d.24xlarge": an A100 SXM 40GB assumed')

-- Architecture cells as configs and papers write them (helper-144: refused).
for column, cell in pairs { layers = "num_layers: 80", hidden = "hidden_size=80", heads = "num_attention_heads: 80",
  kv_heads = "num_key_value_heads: 80", ffn_hidden = "intermediate_size: 80", vocab = "vocab_size=80",
  moe_topk = "num_experts_per_tok: 80" } do
  t.eq(measured.count_cell(column, cell), "80", cell)
end
for _, cell in ipairs { "80 layers", "L=80", "80 transformer layers" } do t.eq(measured.count_cell("layers", cell), "80", cell) end
for _, cell in ipairs { "64 heads", "n_heads 64", "64 attention heads" } do t.eq(measured.count_cell("heads", cell), "64", cell) end
-- (some of them is not all of them)
t.eq(measured.count_cell("layers", "58 MoE layers"), "58 MoE layers"); t.eq(measured.count_cell("heads", "8 KV heads"), "8 KV heads")

-- The GPU cell beside another GPU's name, an NVL card ruled out, a server's PCIe switches
-- (helper-147: each chose another preset, or made an SXM part a PCIe card whose NVLink was
-- replaced by its 128 GB/s host link: 1.5 to 3 times slower).
t.eq(gpu("H100 SXM5 (same die as H800)"), "h100_sxm"); t.eq(gpu("A100 SXM4 80GB (vs H100 SXM)"), "a100_sxm_80gb")
t.eq(gpu("DGX B200 (vs GB200 NVL72)"), "b200"); t.eq(gpu("A100 80GB (not 40GB)"), "a100_sxm_80gb")
t.eq(gpu("MI300X (compared to H100)"), "mi300x"); t.eq(gpu("A100 (rather than H100)"), "a100_sxm_80gb")
for _, cell in ipairs { "H100 SXM 80GB (H100 NVL not used)", "NVIDIA H100-SXM-80GB (SXM, not NVL)",
    "H100-SXM 96GB HBM2e at 500W (Grand Teton; peak between SXM and NVL)", "H100 (not an NVL card)" } do
  t.eq(measured.nvl_card(cell:lower()), false, cell)
end
t.eq(measured.nvl_card("h100 nvl"), true); t.eq(measured.nvl_card("nvidia h200 nvl (pcie)"), true)
t.eq(measured.pcie_card("nvidia h100 80gb hbm3 (dgx h100, pcie gen5 switches)"), false)
t.eq(gpu("NVIDIA H100 80GB HBM3 (DGX H100, PCIe Gen5 switches)"), "h100_sxm")
t.eq(gpu("H100 PCIe"), "h100_pcie"); t.eq(gpu("H100 NVL"), "h100_sxm")
do
  local base = row("MBridge-25.11-LLAMA3_70B-64")
  local function scale_up(gpu_cell)
    local req = assert(measured.request(copy(base, { gpu = gpu_cell })))
    return tostring(req.run.cluster.levels[1].bandwidth)
  end
  local sxm = scale_up("NVIDIA H100-SXM-80GB")
  t.eq(scale_up("NVIDIA H100-SXM-80GB (SXM, not NVL)"), sxm, "the SXM part's NVLink")
  t.eq(scale_up("NVIDIA H100 80GB (H100 NVL not used)"), sxm)
end
-- Scale-up rates written as links, sums and restatements (helper-147: a link's rate called
-- bidirectional was the GPU's, 18x too slow; a PCIe rate joined by "+" was the NVLink's; "900+900"
-- and a one-way restatement in parentheses were halved).
t.eq(intra("18 links at 50 GB/s (bidirectional)", "h100_sxm"), 900)
t.eq(intra("XGMI, 7x 128 GB/s bidirectional", "mi325x"), 896)
t.eq(intra("PCIe 5.0 x16 128 GB/s + NVLink 1800 GB/s", "gb300"), 1800)
t.eq(intra("900+900 GB/s", "gb300"), 1800); t.eq(intra("900 GB/s + 900 GB/s", "gb300"), 1800)
t.eq(intra("NVLink 5 1.8 TB/s per GPU (900 GB/s each way)", "b200"), 1800)
t.eq(intra("NVLink 900 GB/s (450 GB/s per direction)", "h100_sxm"), 900)
-- (still: a one-way rate alone, or its own total beside it)
t.eq(intra("NVLink 3 (300 GB/s each way)", "a100_sxm"), 600); t.eq(intra("450GB/s per direction, 900GB/s bidirectional", "h100_sxm"), 900)
t.eq(intra("450 GB/s bidirectional", "h800_sxm"), 450)
-- Scale-out rates beside product names, counts and scopes written otherwise (helper-147: each
-- read 2-16x off, or 44x: "Pollara 400 AI NIC (400 Gb/s each)").
local function gbit(s, per_node, g) return inter(s, g) and inter(s, g) * 8 / 2 end
t.eq(gbit("4x HPE Slingshot-11 200 Gb/s NICs per node", nil, "h100_sxm"), 100, "4 x 200 over 8 GPUs, not 11 NICs")
t.eq(gbit("4 HPE Cassini-1 NICs per node at 200 Gbps"), 100)
t.eq(gbit("8 x Quantum-2 400G per node"), 400); t.eq(gbit("8x 400 Gb/s RoCEv2 (Spectrum-X) per node"), 400)
t.eq(gbit("32 EFA adapters x 100 Gb/s per instance"), 400); t.eq(gbit("EFAv2, 3200 Gbps per node"), 400)
t.eq(gbit("8x AMD Pensando Pollara 400 AI NIC (400 Gb/s each)", nil, "mi300x"), 400)
t.eq(gbit("8x AMD Pensando Pollara 400 AI NIC", nil, "mi300x"), 400, "the product's rate")
t.eq(gbit("8 x Broadcom BCM57508 200 Gb/s per node"), 200)
t.eq(gbit("400 Gb/s per GPU (800 Gb/s bidirectional)"), 400)
t.eq(gbit("4 NICs per server, 100 Gb/s each"), 50); t.eq(gbit("4 NICs/node @ 100 Gb/s"), 50)
t.eq(gbit("400 Gb/s per machine"), 50); t.eq(gbit("100Gbps*4 per node"), 50)
t.eq(gbit("one 100 Gb/s NIC per 2 GPUs"), 50); t.eq(gbit("a 200 Gb/s NIC shared by 2 GCDs", nil, "mi250x"), 100)
-- (still: a GPU's own rate, and both directions' alone halved)
t.eq(gbit("400 Gb/s per GPU"), 400); t.eq(gbit("800 Gb/s per GPU bidirectional"), 400)
-- GPUs a node in other words (helper-147: refused).
for cell, want in pairs { ["8 GCDs"] = "8", ["8 GCDs per node"] = "8", ["4 GPUs per compute tray"] = "4",
    ["4 per compute tray"] = "4", ["8/node"] = "8", ["8 per DGX"] = "8", ["8 accelerators"] = "8", ["8 devices"] = "8",
    ["8 GPUs per instance"] = "8" } do
  t.eq(measured.count_cell("gpus_per_node", cell), want, cell)
end
t.eq(measured.count_cell("gpus_per_node", "8 (4 MI250X modules)"), "8 (4 MI250X modules)", "another number: not read")
-- Measurement, batch and count cells as other tables write them (helper-148: about 11,000 variants
-- of 44 rows; each of these was refused or, marked, read as another figure).
do
  local nbsp, thin, nnbsp = "\194\160", "\226\128\137", "\226\128\175"
  local text = "run_id\titer_time_s\ttokens_per_s\tglobal_batch_tokens\n" ..
    "r1\t1.0441" .. nbsp .. "s\t85" .. thin .. "459\t8" .. nnbsp .. "388" .. nnbsp .. "608\n"
  local parsed = measured.parse_tsv(text, "spaces.tsv")
  t.eq(parsed[1].iter_time_s, "1.0441 s"); t.eq(parsed[1].tokens_per_s, "85459"); t.eq(parsed[1].global_batch_tokens, "8388608")
  local base = { model = "Llama 3 8B", layers = "32", hidden = "4096", heads = "32", kv_heads = "8", ffn_hidden = "14336",
    vocab = "128256", seq_len = "8192", global_batch_seqs = "128", num_gpus = "64", tflops_counting = "Megatron model FLOPs" }
  local function secs_of(column, cell, more)
    local r = {}
    for k, v in pairs(base) do r[k] = v end
    r[column] = cell
    for k, v in pairs(more or {}) do r[k] = v end
    return (measured.measured_time(r, measured.architecture(r)))
  end
  for _, cell in ipairs { "1.0441 [s]", "1044.1 [ms]", "1.0441 s/global step", "step time 1.0441 s", "Step time: 1.0441 s" } do
    t.near(secs_of("iter_time_s", cell), 1.0441, 1e-9, cell)
  end
  t.near(secs_of("iter_time_s", "1044100 \194\181s"), 1.0441, 1e-9, "the micro sign"); t.near(secs_of("iter_time_s", "1044100 \206\188s"), 1.0441, 1e-9)
  local step = 128 * 8192 / 85459
  for _, cell in ipairs { "85459 tps", "85459 TPS", "85459 t/s", "85459 tok/s total", "85459 tok/s aggregate" } do
    t.near(secs_of("tokens_per_s", cell), step, 1e-9, cell)
  end
  for _, cell in ipairs { "1335 tokens/GPU/sec", "1335 tokens per GPU per second", "1335 tokens/sec per GPU", "1335 tokens/s per device" } do
    t.near(secs_of("tokens_per_s_per_gpu", cell), 128 * 8192 / (1335 * 64), 1e-9, cell)
  end
  local plain = secs_of("tflops_per_gpu", "400")
  for _, cell in ipairs { "400 teraFLOP/s", "400 teraFLOPS", "400 TFLOP/s/device", "4.0e+14 FLOP/s", "400 TF" } do
    t.near(secs_of("tflops_per_gpu", cell), plain, 1e-9, cell)
  end
  local dense = secs_of("mfu_pct", "40", { peak_tflops_assumed = "312" })
  for _, cell in ipairs { "312 TFLOPS (without sparsity)", "312 (w/o sparsity)", "312 (sparsity off)", "312 (non-sparse)",
      "312 (excl. sparsity)", "312 (no 2:4 sparsity)" } do
    t.near(secs_of("mfu_pct", "40", { peak_tflops_assumed = cell }), dense, 1e-9, cell)
  end
  t.eq(secs_of("mfu_pct", "40", { peak_tflops_assumed = "624 (2:4 sparsity)" }), nil, "still: a sparse peak")
end
for cell, want in pairs { ["PTD-P paper formula"] = "narayanan", ["Megatron-LM paper (SC21) formula"] = "narayanan",
    ["Korthikanti et al. 2022"] = "korthikanti", ["Megatron-LM's FLOP formula"] = "megatron", ["Megatron FLOP count"] = "megatron",
    -- (Megatron-Bridge's count is causal: its tables' TFLOP/s over tokens/s give 23.0 GFLOP a
    -- token for Qwen3-30B-A3B at 4,096, the causal count; helper-260.)
    ["Megatron-Bridge model FLOPs"] = "megatron_causal", ["NeMo Model TFLOP/sec/GPU"] = "megatron",
    ["Megatron-Core v0.13 model FLOPs"] = "megatron_causal", ["Megatron-Core >= 0.12 FLOPs"] = "megatron_causal",
    ["6 * num_params + 12 * l * h * q * t"] = "6n" } do
  t.eq(measured.flop_formula { tflops_counting = cell }, want, cell)
end
t.eq(measured.flop_formula { tflops_counting = "Megatron FLOPs (HFU)" }, nil, "still: the hardware's")
for column, cells in pairs {
  seq_len = { "8192 tok", "8192 ctx", "8192-token", "seq_length: 8192", "--seq-length 8192", "8K (8192)", "8Ki", "2^13", "2**13" },
  num_gpus = { "64 x H100", "64x H100", "64xH100", "64 GPUs total", "world_size=64", "8 nodes x 8 GPUs/node",
    "8 nodes, 8 GPUs each", "8 nodes with 8 GPUs each" },
  global_batch_seqs = { "64 sequences/step", "64 seqs/iter" },
  global_batch_tokens = { "1024 \195\151 8", "8192 tok", "8192 tokens/step", "2^13", "2**13", "1024 sequences of 8 tokens" },
  micro_batch = { "2 seqs", "2 sequences per GPU" } } do
  local want = ({ seq_len = "8192", num_gpus = "64", global_batch_seqs = "64", global_batch_tokens = "8192", micro_batch = "2" })[column]
  for _, cell in ipairs(cells) do t.eq(measured.count_cell(column, cell), want, column .. " " .. cell) end
end
t.eq(measured.global_batch({ global_batch_tokens = "12288Ki" }, 8192), 1536, "Ki is binary")
t.eq(measured.global_batch({ global_batch_tokens = "12288K tokens" }, 8192), 1500, "still: K either way, decimal first")
-- Rate units spelled out or hyphenated, "T/node", rails, "a node" (helper-147: the GPU's usual
-- NIC was taken, or one NIC a GPU).
for _, cell in ipairs { "50-Gb/s per GPU", "50 Gigabit/s per GPU", "50 Gigabits per second per GPU", "4 x 100-Gbps NICs per node",
    "0.4T/node", "4 rails, 100 Gb/s each", "400 Gb/s a node" } do
  t.eq(gbit(cell, nil, "a100_sxm"), 50, cell)
end
t.eq(gbit("400Gbit per GPU"), 400); t.eq(gbit("200-400 Gb/s per GPU"), nil, "still: a range")
-- A review of the three rounds' patterns (helper-149): texts they had misread, each read as
-- before them (or refused, as before), with a test.
t.eq(measured.count_cell("num_gpus", "8 nodes, 64 GPUs"), "8 nodes, 64 GPUs", "not 8 x 64")
t.eq(measured.count_cell("num_gpus", "16 nodes with 128 GPUs"), "16 nodes with 128 GPUs")
t.eq(gbit("HPE Slingshot 4 x 200 Gb/s NICs per node", nil, "h100_sxm"), 100, "a count after the name")
t.eq(gbit("Mellanox Quantum 8 x HDR 200 Gb/s per node", nil, "a100_sxm"), 200)
t.eq(gbit("Spectrum 100 GbE per GPU"), 100); t.eq(gbit("Ethernet Spectrum 3.2 Tb/s per node"), 400)
t.eq(gpu("H100 PCIe 80GB (PCIe Gen5 switch)"), "h100_pcie"); t.eq(gpu("H100 PCIe without NVSwitch"), "h100_pcie")
t.eq(measured.pcie_card("a100 pcie 40gb (pcie gen4 switch)"), true)
t.eq(measured.nvl_card("h100 nvl (not sxm)"), true); t.eq(measured.nvl_card("h100 nvl vs sxm"), true)
t.eq(gbit("8 x 400 Gb/s per 8 GPUs"), 400, "the NICs shared by 8 GPUs")
t.eq(measured.architecture { model = "Mistral-NeMo-Minitron-8B", seq_len = "4096" }, nil, "not Mistral NeMo 12B")
t.eq(measured.architecture({ model = "Mistral-7B-Instruct-v0.1", seq_len = "4096" }).window, 4096, "a version after a suffix")
t.eq(measured.flop_formula { tflops_counting = "Korthikanti et al. formula with recompute" }, nil)
t.eq(measured.flop_formula { tflops_counting = "PTD-P formula without recompute" }, nil)
t.eq(measured.flop_formula { tflops_counting = "NeMo (6N formula)" }, "6n")
t.eq(intra("18 links at 900 GB/s bidirectional aggregate", "h100_sxm"), 900)
t.eq(intra("12 links @ 600 GB/s bidirectional total", "a100_sxm"), 600)
do
  local nbsp = "\194\160"
  local parsed = measured.parse_tsv("run_id\tmodel\tinter_node_bw\tmfu_pct\tpeak_tflops_assumed\n" ..
    "r\tGPT-3" .. nbsp .. "175B\t8" .. nbsp .. "400 Gb/s ConnectX-7\t40\t624 (312 without sparsity)\n", "review.tsv")
  t.eq(parsed[1].model, "GPT-3 175B", "a name's space is no digit group"); t.eq(parsed[1].inter_node_bw, "8 400 Gb/s ConnectX-7")
  local r = { model = "Llama 3 8B", layers = "32", hidden = "4096", heads = "32", seq_len = "8192", global_batch_seqs = "128",
    num_gpus = "64", mfu_pct = "40", peak_tflops_assumed = "624 (312 without sparsity)" }
  t.eq((measured.measured_time(r, measured.architecture(r))), nil, "a sparse peak beside its dense value: refused, as before")
end
-- PaddleNLP's sharding as its tables write it (helper-152, transcribing new runs: refused).
do
  local stage, degree = measured.parse_zero("tp2sd4_stage2 (sharding: stage2, sharding degree 4)")
  t.eq(stage, 2); t.eq(degree, 4)
  t.eq(measured.parse_zero("sharding: stage1"), 1); t.eq(select(2, measured.parse_zero("sharding_degree=4, sharding_stage=2")), 4)
end
-- The software cells as other authors write them (helper-151: 937 rewordings of 78 rows; each of
-- these chose another stack or setting, or was refused).
do
  local function stack_of(changes) return (stack(copy(row("MBridge-25.11-LLAMA3_8B-8"), changes))) end
  t.eq(stack_of { framework = "MBridge 25.11" }, "megatron_core")
  t.eq(stack(copy(row("MBridge-25.11-LLAMA3_8B-8"), { framework = "NGC PyTorch 23.09", notes = "MLPerf Training" })), "megatron_core")
  t.eq(stack(copy(row("MBridge-25.11-LLAMA3_8B-8"), { framework = "nvcr.io/nvidia/pytorch:23.09-py3", notes = "MLPerf" })), "megatron_core")
  t.eq(stack_of { framework = "Megatron-DS" }, "megatron_2021")
  t.eq(measured.ep_overlap { notes = "EP all-to-all/compute overlap" }, true)
  t.eq(stack(copy(row("TT-asyncTP-70B-bfloat16-vanilla"), { notes = "TP=8 async" })), "torchtitan_async_tp")
  t.eq(stack(copy(row("TT-asyncTP-70B-bfloat16-vanilla"), { notes = "TP 8 (async)" })), "torchtitan_async_tp")
  t.eq(stack(copy(row("TT-T1-8B-8gpu-6667"), { framework = "torchtitan", precision = "bf16", notes = "[training] compile = true" })),
    "torchtitan_compile")
  t.eq(measured.schedule { notes = "one-forward-one-backward; the zero bubble schedule in the next row" }, nil, "1F1B named first")
end
for cell, want in pairs { ["BF16 (FP8 unset)"] = "bf16", ["NVFP4 (E2M1 values, FP8 E4M3 block scales, FP32 tensor scale)"] = "fp4",
    ["NVFP4 + FP8 DPA"] = "fp4", ["NVFP4, FP8 dot-product attention"] = "fp4", ["NVFP4, attention in FP8"] = "fp4",
    ["NVFP4 + FP8 fused attention"] = "fp4" } do
  t.eq(measured.parse_precision(cell), want, cell)
end
t.eq(measured.parse_fp8_scaling("float8 per-channel scaling"), "rowwise")
for cell, want in pairs { fully_shard = 3, ["none (Megatron-LM DDP; no --use-distributed-optimizer)"] = 0,
    ["--fsdp_sharding_strategy 1"] = 3, ["fsdp_sharding_strategy=2"] = 2, ["FSDP grad+optimizer sharding"] = 2 } do
  t.eq(measured.parse_zero(cell), want, cell)
end
t.eq(select(2, measured.parse_zero("ZeRO-1 over 8 ranks")), 8); t.eq(select(2, measured.parse_zero("ZeRO-1 over 2 nodes")), nil)
for cell, want in pairs { ["model.checkpoint=True"] = "full", ["model.gradient_checkpointing_enable()"] = "full",
    ["fsdp_config.activation_checkpointing=true"] = "full", ["activation ckpt"] = "full", ["grad ckpt"] = "full",
    ["AC none"] = "none" } do
  t.eq(measured.parse_recompute(cell), want, cell)
end
-- The layout and expert cells in other words (helper-150: about 18,000 variants of 45 rows). A
-- no beside a default or a comparison in parentheses was read as the remark's yes (3% off, or
-- refused on a stack without sequence parallelism); sequence parallelism beside a blank tp was
-- refused; "1 + 256 routed" was one routed expert.
for cell, want in pairs { ["no (default: yes)"] = false, ["False (default True)"] = false, ["off (default on)"] = false,
    ["no (vs yes)"] = false, ["yes (default: no)"] = true, ["${SEQ_PARALLEL:=True}"] = true, ["SP \226\156\147"] = true,
    ["\226\156\133"] = true, ["\226\157\140"] = false, ["Megatron-style SP"] = true } do
  t.eq(measured.parse_yes_no(cell), want, cell)
end
t.eq(measured.parse_yes_no("SEQ_PARALLEL (no)"), false, "still: the remark of a name alone")
t.eq(select(2, measured.request(copy(row("MBridge-25.11-LLAMA3_8B-8"), { tp = false, sequence_parallel = "yes" }))),
  'sequence_parallel "yes" needs tensor parallelism, and tp is not given', "said as the row's (helper-153: not TP 1)")
for cell, want in pairs { ["1 + 256 routed"] = "256/1", ["1+256"] = "256/1", ["1 shared and 256 routed"] = "256/1",
    ["128 (no shared)"] = "128/0", ["64+2"] = "64/2", ["2 + 64 routed"] = "64/2" } do
  local routed, shared = measured.parse_experts(cell)
  t.eq(routed and (routed .. "/" .. shared), want, cell)
end
for column, cells in pairs {
  tp = { "TENSOR_MODEL_PARALLEL=4", "model.tensor_model_parallel_size=4", "tp_size=4", "TP size 4", "4-way TP",
    "4-way tensor parallel", "4x" },
  cp = { "Ulysses SP 4", "ring 4" }, ep = { "EP 4 over 8 nodes", "ep_size=4" },
  vpp_interleave = { "INTERLEAVED_PIPELINE=4", "--num-virtual-stages-per-pipeline-rank 4", "interleaved 1F1B, 4 chunks",
    "interleaved (4)" },
  moe_topk = { '"num_experts_per_tok": 4', "top-k=4", "4 activated", "top-4 of 256", "4 of 8 experts", "4 + 1 shared" },
  micro_batch = { "micro-batch size 4", "micro-batch 4" } } do
  for _, cell in ipairs(cells) do t.eq(measured.count_cell(column, cell), "4", column .. " " .. cell) end
end
for column, cell in pairs { vpp_interleave = "INTERLEAVED_PIPELINE=null", pp = "no", ep = "off" } do
  t.eq(measured.count_cell(column, cell), "1", column .. " " .. cell)
end
t.eq(measured.count_cell("vpp_interleave", "non-interleaved"), "1"); t.eq(measured.count_cell("vpp_interleave", "no interleaving"), "1")
t.eq(measured.count_cell("dp", "no"), "no", "still: dp's none is no degree")
t.eq(measured.count_cell("micro_batch", "MINIBS=8"), "MINIBS=8", "MLPerf's MINIBS is a replica's batch, not the micro-batch")
-- A review of the software and layout rounds' patterns (helper-153): texts they misread, each
-- read as before them (or refused, as before), with a test.
do
  local base = row("TT-T1-8B-8gpu-6667")
  local function stack_with(notes) return (stack(copy(base, { framework = "torchtitan", precision = "bf16", notes = notes }))) end
  t.eq(stack_with("compile = true was slower, not used"), "torchtitan")
  t.eq(stack_with("compile: true in the float8 runs only"), "torchtitan")
  t.eq(stack_with("config: compile = true; whether this row ran compiled is not stated"), "torchtitan")
  t.eq(stack_with("[training] compile = true"), "torchtitan_compile", "still")
end
t.eq(measured.parse_precision("FP8 unset (default True)"), "fp8"); t.eq(measured.parse_precision("BF16 (FP8 unset (default False))"), "bf16")
t.eq(measured.parse_yes_no("SEQ_PARALLEL (default False)"), false); t.eq(measured.parse_yes_no("SP (default: no)"), false)
t.eq(measured.parse_zero("sharded optimizer (bf16 optimizer), fp32 grad accumulation"), 1)
t.eq(select(2, measured.parse_zero("FSDP FULL_SHARD, gradient accumulation over 8 micro-batches")), nil)
t.eq(select(2, measured.parse_zero("ZeRO-1, replicated over 8 ranks")), nil)
t.eq(select(2, measured.parse_zero("ZeRO-3 over 8 GPUs per node, 16 nodes")), nil)
t.eq(select(2, measured.parse_zero("ZeRO-3 sharded across 64 GPUs")), 64, "still")
t.eq(stack(copy(row("MBridge-25.11-LLAMA3_8B-8"), { framework = "HF Transformers in an NGC container", notes = "cf. Megatron" })),
  "torchtitan")
t.eq(measured.parse_fp8_scaling("FP8 tensorwise (not per-channel)"), "tensorwise")
t.eq(measured.parse_fp8_scaling("FP8, per-tensor activations, per-channel weights"), "tensorwise")
t.eq(measured.count_cell("moe_topk", "9 active (8 routed + 1 shared)"), "9 active (8 routed + 1 shared)")
for column, cell in pairs { pp = "pp layers per stage 4", cp = "context length 8192", dp = "dp shard 8" } do
  t.eq(measured.count_cell(column, cell), cell, column .. " " .. cell)
end
t.eq(measured.parse_precision("NVFP4 for MLP; FP8 E4M3 with delayed scaling for attention projections"), nil,
  "4-bit beside 8-bit, refused as before")
t.eq(measured.parse_experts("128 (no shared-expert overlap)"), nil, "a setting of the shared experts: refused as before")
for _, notes in ipairs { "TP 8 (async checkpointing)", "TP=8 async_mode=disabled", "TP 8 async data loader" } do
  local plain = stack(copy(row("TT-asyncTP-70B-bfloat16-vanilla"), { notes = "TP 8" }))
  t.eq(plain ~= "torchtitan_async_tp", true); t.eq(stack(copy(row("TT-asyncTP-70B-bfloat16-vanilla"), { notes = notes })), plain, notes)
end
for _, cell in ipairs { "checkpoint.enable_checkpoint = true", "model.save_checkpoint=True", "enable_checkpoint = true" } do
  t.eq(measured.parse_recompute(cell), nil, cell)
end
-- Megatron-DeepSpeed's throughput_calculator written out (helper-154, transcribing new runs: read
-- as Megatron-Core's count, every measured time 25% short), and offload fractions of nothing.
do
  local calc = "megatron/utils.py throughput_calculator: flops_per_iteration = (24 * checkpoint_activations_factor * batch_size" ..
    " * seq_len * num_layers * (hidden_size**2)) * (1. + (seq_len / (6. * hidden_size)) + (vocab_size / (16. * num_layers * hidden_size)))"
  t.eq(measured.flop_formula { tflops_counting = calc,
      recompute = "activation_checkpoint='true' (--checkpoint-activations, --deepspeed-activation-checkpointing)" },
    "narayanan")
  t.eq(measured.flop_formula { tflops_counting = calc, recompute = "none" }, nil, "factor 3: not a formula dml has")
  local r = assert(measured.request(copy(row("MBridge-25.11-LLAMA3_8B-8"), {
    zero_or_fsdp = "gemini (GeminiPlugin, shard_param_frac=1.0, offload_optim_frac=0.0, offload_param_frac=0.0)" })))
  t.eq(has(r.assumed, 'zero_or_fsdp "gemini (GeminiPlugin, shard_param_frac=1.0, offload_optim_frac=0.0, offload_param_frac=0.0)": the offload'),
    false, "no offload said where its fractions are 0")
end
-- A setting's value in quotes, as YAML and Python write it (helper-154's rows: refused, or ZeRO 1
-- for 3).
t.eq(measured.parse_recompute("activation_checkpoint='true'"), "full"); t.eq(measured.parse_zero('zero_stage: "3"'), 3)
t.eq(measured.parse_yes_no('sequence_parallel="true"'), true)
-- Papers' wordings (helper-155, transcribing runs from papers): the 72 B s l h^2 form spelled out
-- beside Narayanan's name (read as the 96 form, 16-31% off), ZeRO's stage in words, checkpointing
-- of each layer, and AWS's EFA rate, which is an instance's (read as one NIC a GPU, 8x).
t.eq(measured.flop_formula { tflops_counting = "Narayanan et al.'s expression without its recompute term: 72 B s l h^2 (1 + s/6h + V/12lh)" },
  "korthikanti")
t.eq(measured.flop_formula { tflops_counting = "72 B s l h^2 (1 + s/6h + V/12lh) with recompute" }, nil, "still: the recompute's")
do
  local stage, shard = measured.parse_zero("we use stage 3 of ZeRO optimization to shard a model across 128 GPUs, with 4 copies")
  t.eq(stage, 3); t.eq(shard, 128)
end
t.eq(measured.parse_recompute("We apply activation checkpointing to each transformer layer"), "full")
t.eq(gbit("Elastic Fabric Adapter (EFA) inter-node connections (400 Gb/s)", nil, "a100_sxm"), 50)
t.eq(gbit("400 Gb/s per GPU (EFA)"), 400, "still: a GPU's")
t.eq(select(2, measured.request(copy(row("MBridge-25.11-LLAMA3_8B-8"), { zero_or_fsdp = "ZeRO stage 3; MiCS (hierarchical communication)" }))),
  'zero_or_fsdp "ZeRO stage 3; MiCS (hierarchical communication)": MiCS\'s scale-aware partitioning and hierarchical collectives are not modelled')
-- GPT-NeoX-20B and Pythia run the parallel block their configs set (gpt_j_residual: true); the
-- other GPT-NeoX example configs do not (helper-158: GPT-NeoX-20B rows ran sequential blocks).
do
  local neox = assert(measured.architecture { model = "GPT-NeoX 20B", seq_len = "2048" })
  t.eq(neox.parallel_block, true); t.eq(neox.layers, 44); t.eq(neox.d_ff, 4 * 6144); t.eq(neox.vocab, 50432)
  t.near(measured.params(neox, false) / 1e9, 20.55, 0.05, "GPT-NeoX-20B's 20.55B (its paper)")
  local wide = assert(measured.architecture { model = "GPT-NeoX 20B config with hidden size 4096", hidden = "4096", seq_len = "2048" })
  t.eq(wide.d_ff, 4 * 4096, "the row's width, not the config's")
  t.eq(assert(measured.architecture { model = "Pythia 6.9B", layers = "32", hidden = "4096", heads = "32", vocab = "50432",
    seq_len = "2048" }).parallel_block, true)
  t.eq(assert(measured.architecture { model = "GPT-NeoX 6.7B config", layers = "32", hidden = "4096", heads = "32",
    vocab = "50432", seq_len = "2048" }).parallel_block, nil, "not the 6.7B config")
end
-- MoE runs in their sources' words (helper-157): DeepEP switched off beside a later mention, or
-- named only to compare, was read as on (−44% against −39%); the shared experts with their word.
t.eq(measured.token_dispatch { framework = "TorchTitan, default expert parallelism (no DeepEP)",
  notes = "whose MoEArgs set no use_deepep; compared with the DeepEP rows" }, false)
t.eq(measured.token_dispatch { notes = "compared with the DeepEP rows" }, false)
t.eq(measured.token_dispatch { notes = "flex dispatcher with DeepEP" }, true, "still")
t.eq(measured.token_dispatch { notes = "use_deepep = true" }, true, "still")
for cell, want in pairs { ["1 shared expert and 256 routed experts"] = "256/1", ["256 routed experts + 1 shared expert"] = "256/1",
    ["2 shared experts and 160 routed experts"] = "160/2" } do
  local routed, shared = measured.parse_experts(cell)
  t.eq(routed and (routed .. "/" .. shared), want, cell)
end
-- A review of the last rounds' patterns (helper-159): texts they misread, each read as before
-- them, with a test.
for _, notes in ipairs { "DeepEP for all rows", "all rows use DeepEP", "the DeepEP row: 8 GPUs", "flex dispatcher (DeepEP); HybridEP off",
    "DeepEP; no DeepEP low-latency mode", "DeepEP on; without DeepEP the run is 30% slower",
    "throughput higher than alltoall thanks to DeepEP", "1.4x speedup vs the baseline by using DeepEP" } do
  t.eq(measured.token_dispatch { notes = notes }, true, notes)
end
t.eq(measured.token_dispatch { framework = "TorchTitan (DeepEP)", notes = "numbers from the README's table rows" }, true)
for _, cell in ipairs { "EFA, 400 Gb/s each GPU", "EFA 400 Gbps (per GPU)", "400 Gb/s EFA/GPU", "EFA 400 Gbps per accelerator",
    "8 EFA NICs, 400 Gb/s each" } do
  t.eq(gbit(cell), 400, cell)
end
t.eq(gbit("200 Gb/s HDR InfiniBand, not EFA", nil, "a100_sxm"), 200); t.eq(gbit("32 EFA interfaces (100 Gb/s each)"), 400)
for cell, want in pairs { ["no; each decoder layer is its own FSDP unit"] = "none",
    ["FSDP wraps each transformer layer; activation checkpointing off"] = "none" } do
  t.eq(measured.parse_recompute(cell), want, cell)
end
t.eq(measured.parse_recompute("core attention recompute in each transformer layer"), nil, "refused, as before")
t.eq(measured.architecture { model = "OLMo-7B (GPT-NeoX-20B tokenizer)", seq_len = "2048" }, nil, "not GPT-NeoX-20B's")
t.eq(assert(measured.architecture { model = "Pythia 6.9B", layers = "32", hidden = "4096", heads = "32", vocab = "50432",
  seq_len = "2048", notes = "use_parallel_residual: false" }).parallel_block, nil)
t.eq(measured.flop_formula { tflops_counting = "Narayanan et al. (2021): 72 B s l h^2 (1 + s/6h + V/16lh) x 4/3 with activation recomputation" },
  "narayanan")
t.eq(measured.flop_formula { tflops_counting =
  "Megatron-Core num_floating_point_operations (not Megatron-DeepSpeed's 24 * checkpoint_activations_factor formula)" }, "megatron")
t.eq(measured.parse_zero("none; pipeline stage 1 of zero-bubble schedule"), 0)
t.eq(measured.parse_experts("1 shared expert and 8 routed experts per token, 256 total"), nil)
t.eq(measured.parse_zero("ZeRO-3 (MiCS not used)"), 3)
-- Runs from GLM-130B, Megatron-LM's 2021 README, AMSP and KempnerForge in their sources' words
-- (helper-160): cells misread or refused.
-- The halving denied before "causal" (read as causal: every measured time 8% short).
for _, cell in ipairs { "formula in Megatron-LM, attention FLOPs not halved for the causal mask (as in FlashAttention)",
    "formula in Megatron-LM, without halving attention FLOPs for the causal mask",
    "Megatron-LM formula, attention not halved for causal masking" } do
  t.eq(measured.flop_formula { tflops_counting = cell }, "megatron", cell)
end
t.eq(measured.flop_formula { tflops_counting = "Megatron-LM formula; causal attention halved" }, "megatron_causal", "still")
-- A maker's name between a count of NICs and their generation, and a bare count of them (one NIC
-- a GPU, the count lost); NICs a GPU by a NIC's word.
for _, cell in ipairs { "4 Mellanox HDR InfiniBand without SHARP", "4 Mellanox HDR InfiniBand per node",
    "4x Mellanox HDR InfiniBand per node", "4 HDR InfiniBand" } do
  t.eq(gbit(cell, nil, "a100_sxm"), 100, cell)
end
t.eq(gbit("2 HDR ports per GPU", nil, "a100_sxm"), 400)
t.eq(gbit("4X HDR InfiniBand", nil, "a100_sxm"), 200, "still: a port's lane width")
t.eq(gbit("8 GPUs with HDR InfiniBand", nil, "a100_sxm"), 200, "still: a count of GPUs")
-- A step time is not hidden by a throughput cell that does not read; a mean and its spread is
-- the mean.
do
  local r = row("N21-T1-1.7B")
  local time, how = measured.measured_time(copy(r, { tokens_per_s = "297,214 per second give or take" }))
  t.eq(time, 3.528); t.eq(how:find("; not read: tokens_per_s", 1, true) ~= nil, true, how)
  t.eq(measured.measured_time(copy(r, { iter_time_s = false, tokens_per_s = "297,214±43" })),
    measured.measured_time(copy(r, { iter_time_s = false, tokens_per_s = "297214" })))
  t.eq(measured.measured_time(copy(r, { iter_time_s = "3.528 +/- 0.01 s" })), 3.528)
  t.eq(measured.measured_time(copy(r, { iter_time_s = false, tokens_per_s = "297,214 (±43)" })),
    measured.measured_time(copy(r, { iter_time_s = false, tokens_per_s = "297214" })))
  t.eq(select(2, measured.measured_time(copy(r, { iter_time_s = "3.5x", inferred_fields = false }))),
    'tokens per step / tokens_per_s; not read: iter_time_s "3.5x" is not a plain number', "the next column measures (helper-164)")
  -- (Nor a cell that reads as no measurement: the row's data is wrong.)
  t.eq(select(2, measured.measured_time(copy(r, { iter_time_s = "0" }))), "iter_time_s 0 is not a positive, finite number")
  t.eq(select(2, measured.measured_time(copy(r, { iter_time_s = "3.5 s (per 2 steps)" }))),
    'iter_time_s "3.5 s (per 2 steps)" is not a plain number')
  t.eq(select(2, measured.measured_time(copy(r, { iter_time_s = "3.5x", tokens_per_s = false, tokens_per_s_per_gpu = false,
    tflops_per_gpu = false }))), 'iter_time_s "3.5x" is not a plain number', "none other: refused")
end
-- Megatron-LM's older recompute flags and keys with their values after a space, and its uniform
-- method as a flag (refused).
for _, cell in ipairs { "checkpoint_activations True, checkpoint_num_layers 1 (re-materialization)", "checkpoint_activations True",
    "--checkpoint-activations --checkpoint-num-layers 1", "re-materialization", "--activations-checkpoint-method uniform",
    "--recompute-method uniform" } do
  t.eq(measured.parse_recompute(cell), "full", cell)
end
t.eq(measured.parse_recompute("checkpoint_activations False"), "none")
t.eq(measured.parse_recompute("--recompute-granularity selective --recompute-method uniform"), "selective", "still")
-- A sharding kept to a node (sharded over every rank).
for cell, want in pairs { ["ZeRO-1 within a node (8 GPUs)"] = 8, ["ZeRO-1 over the 8 GPUs of each node"] = 8,
    ["AMSP: parameters and gradients replicated (Full-Replica), optimizer states sharded over the 8 GPUs of a node (Partial-Sharding)"] = 8 } do
  local stage, shard = measured.parse_zero(cell)
  t.eq(stage, 1, cell); t.eq(shard, want, cell)
end
t.eq(select(3, measured.parse_zero("ZeRO-3 within each node")), true, "a node's ranks")
t.eq(select(2, measured.parse_zero("ZeRO-1; TP within a node")), nil, "another parallelism's node")
-- A rounded batch with its exact count or product after it; ffn_hidden with its ratio.
t.eq(measured.global_batch({ global_batch_tokens = "2.95M tokens/step (8 x 90 dp x 4,096)" }, 4096), 720)
t.eq(measured.global_batch({ global_batch_tokens = "4M (4,194,304)" }, 4096), 1024)
t.eq(measured.global_batch({ global_batch_tokens = "4M (3,000,000)" }, 4096), nil, "not the figure's")
t.eq(measured.global_batch({ global_batch_tokens = "4M (about 4.2M)" }, 4096), nil)
t.eq(measured.count_cell("ffn_hidden", "17,920 (1.3x auto)"), "17920")
t.eq(measured.count_cell("ffn_hidden", "4096 (2x of 2048)"), "4096 (2x of 2048)", "another number")
-- Model names as other authors write them (helper-161: 2,253 rows of 33 models): another model
-- named in the cell took the row (its configuration, up to 8x), and spellings of versions and
-- sizes were refused or lost what only the name gives.
do
  local function a(model, extra)
    local r = copy({ model = model, seq_len = "4096" }, extra)
    return measured.architecture(r)
  end
  local function shape(model) local x = a(model) return x and (x.layers .. "/" .. x.d_model .. "/" .. x.vocab) end
  for model, want in pairs { ["Llama 2 70B (vs Llama 2 7B)"] = "80/8192/32000", ["Qwen3-30B-A3B (vs DeepSeek-V3)"] = "48/2048/151936",
      ["DeepSeek-V2 (vs DeepSeek-V3)"] = "60/5120/102400",
      ["DeepSeek-V2 (Lite)"] = "27/2048/102400", ["Llama_3_1_8B"] = "32/4096/128256", ["llama3:8b"] = "32/4096/128256",
      ["Llama v3 8B"] = "32/4096/128256", ["Llama 3 70-billion"] = "80/8192/128256", ["Qwen3 (30B-A3B)"] = "48/2048/151936",
      ["Qwen2_5-7B"] = "28/3584/152064", ["Mixtral 47B (8x7B)"] = "32/4096/32000", ["DeepSeek-R1"] = "61/7168/129280",
      ["DeepSeek-R1-Distill-Llama-8B"] = "32/4096/128256", ["DeepSeek-R1-Distill-Qwen-7B"] = "28/3584/152064",
      ["DeepSeek-R1-0528-Qwen3-8B"] = "36/4096/151936", ["Llama 405B"] = "126/16384/128256", ["LLaMA v1 65B"] = "80/8192/32000",
      ["Qwen3_30B_a3B"] = "48/2048/151936", ["Qwen3_30B_a3B (tokendrop)"] = "48/2048/151936", ["qwen3_8b"] = "36/4096/151936" } do
    t.eq(shape(model), want, model)
  end
  t.eq(measured.family("Nemotron-4 15B (vs Llama 3 8B)").gated, false, "Nemotron's MLP, not Llama's")
  for _, model in ipairs { "Mistral 7B (v0.1)", "Mistral-7B-v0_1", "Mistral 7B v01" } do t.eq(a(model).window, 4096, model) end
  t.eq(a("Mistral 7B, v0.3").vocab, 32768)
  for _, model in ipairs { "Gemma 1.1 7B", "CodeGemma-7B", "Gemma 1 7B" } do
    t.eq(a(model, { layers = "28", hidden = "3072", heads = "16" }).head_dim, 256, model)
  end
  t.eq(a("Llama 3_2 1B", { layers = "16", hidden = "2048", heads = "32", ffn_hidden = "8192" }).tied, true)
  t.eq(a("EleutherAI GPT-NeoX-20B", { layers = "44", hidden = "6144", heads = "64" }).parallel_block, true)
  for _, model in ipairs { "Llama-3-8B-style 1B model", "GPT-3 175B-like 20B", "DeepSeek-V3-style 16B" } do
    t.eq(a(model), nil, model)
  end
  t.eq(select(2, a("DeepSeek-V3.2-Exp")), 'model "DeepSeek-V3.2-Exp": DeepSeek-V3.2\'s sparse attention (its lightning indexer\'s top-k keys) is not modelled')
  t.eq(a("Llama 405B", { layers = "126", hidden = "16384", heads = "128", kv_heads = "8", ffn_hidden = "53248" }) ~= nil, true,
    "not a mixture of experts by its name (Llama 4's)")
  -- Another model's embeddings or block in the notes.
  local base = { layers = "32", hidden = "4096", heads = "32", kv_heads = "8", ffn_hidden = "14336", vocab = "128256" }
  for _, notes in ipairs { "compared with Gemma 7B, which has tied embeddings", "Gemma-style tied embeddings were not used" } do
    local extra = copy(base, { notes = notes })
    t.eq(a("Llama 3.1 8B", extra).tied, false, notes)
  end
  for _, notes in ipairs { "unlike GPT-NeoX-20B's parallel attention/MLP block", "GPT-J uses a parallel block; this model does not" } do
    local extra = copy(base, { notes = notes })
    t.eq(a("Llama 3.1 8B", extra).parallel_block, nil, notes)
  end
  local extra = copy(base, { notes = "parallel attention/MLP block" })
  t.eq(a("Llama 3.1 8B", extra).parallel_block, true, "still: the row's own")
end
-- A review of the two rounds' patterns (helper-163: about 1,100 probes through both builds):
-- texts the new patterns misread, each read as before them.
do
  local function shape(model)
    local x = measured.architecture { model = model, seq_len = "4096" }
    return x and (x.layers .. "/" .. x.d_model)
  end
  -- DeepSeek-R1 is V3 only as the model itself, named first, without a size.
  t.eq(shape("Llama 3.1 8B (SFT on DeepSeek-R1 traces)"), "32/4096"); t.eq(shape("Qwen2.5-7B (GRPO, DeepSeek-R1-Zero recipe)"), "28/3584")
  t.eq(shape("deepseek-r1:7b"), nil); t.eq(shape("DeepSeek R1 32B"), nil); t.eq(shape("deepseek-ai/DeepSeek-R1"), "61/7168")
  t.eq(shape("deepseek-coder-v2:16b"), "27/2048", "Coder-V2's 16B is V2-Lite"); t.eq(shape("DeepSeek-Coder-V2-Instruct"), "60/5120")
  -- Two models with a distillation between: which ran is not said.
  t.eq(shape("Llama 3.1 70B distilled into Llama 3.1 8B"), nil)
  -- A comparison cuts the name only where the text before it names a model.
  t.eq(shape("BF16 vs FP8 (Llama-3-70B)"), "80/8192"); t.eq(shape("Baseline vs ours (Llama 3 8B)"), "32/4096")
  -- Likeness only of the model's own name, outside a remark.
  t.eq(measured.architecture { model = "Llama-3-70B (instruct-style SFT)", seq_len = "4096" }.kv_heads, 8)
  t.eq(measured.architecture { model = "Gemma 2B (chat style)", seq_len = "4096" }.kv_heads, 1)
  t.eq(measured.architecture { model = "Llama 3.2 1B (Alpaca-style SFT)", seq_len = "4096" }.tied, true)
  t.eq(measured.architecture { model = "GPT-NeoX-20B (Megatron-style TP)", seq_len = "2048" }.parallel_block, true)
end
-- The halving denied of another term keeps the causal count.
for _, cell in ipairs { "Megatron-Core 0.13 model FLOPs, causal attention (embedding/logit FLOPs not halved)",
    "Megatron formula; causal attention halved; MLP not halved" } do
  t.eq(measured.flop_formula { tflops_counting = cell }, "megatron_causal", cell)
end
-- A sharding's node only in its own clause, and a stage the cell names kept.
for cell, want in pairs { ["distributed optimizer within node"] = 1, ["ZeroRedundancyOptimizer within node"] = 1,
    ["ZeRO-3 (NVLink within node, IB across)"] = 3, ["ZeRO-1 with CP=2 within node"] = 1, ["ZeRO-3 (sharding within node was slower)"] = 3,
    ["FSDP full shard (8 GPUs per node, intra-node NVLink)"] = 3, ["ZeRO-2 across 64 nodes (8 GPUs per node, NVSwitch within node)"] = 2 } do
  local stage, shard, hybrid = measured.parse_zero(cell)
  t.eq(stage, want, cell); t.eq(shard, nil, cell)
  if want ~= 1 then t.eq(hybrid, false, cell) end
end
t.eq(select(3, measured.parse_zero("HSDP (shard within node)")), true, "still")
-- NICs a GPU counted whole, not a port's rate glued to its generation nor NVSwitch ports; a
-- count before a generation only as the cell's opening count of NICs; a count of NICs for some
-- GPUs; a rate in G, not a count of GPUs.
for cell, want in pairs { ["1 HDR200 NIC per GPU"] = 200, ["NDR InfiniBand (NVSwitch: 18 ports per GPU)"] = 400,
    ["8 x HDR; 6 NVSwitch, 12 ports per GPU"] = 200, ["non-blocking 1:1 HDR fat tree"] = 200, ["3-level fat tree of 40 HDR switches"] = 200,
    ["64 HDR nodes"] = 200, ["2020 HDR InfiniBand"] = 200, ["2 HDR hops"] = 200, ["2 HDR InfiniBand networks (compute and storage)"] = 200,
    ["4x HDR InfiniBand per 8 GPUs"] = 100, ["4 HDR200 NICs per node"] = 100 } do
  t.eq(gbit(cell, nil, "a100_sxm"), want, cell)
end
-- Megatron's uniform method only where recompute is on; the older key only alone.
for cell, want in pairs { ["recompute_granularity=None, recompute_method=uniform"] = "none",
    ["recompute_method=uniform, recompute disabled"] = "none", ["checkpoint_activations False, selective"] = "selective" } do
  t.eq(measured.parse_recompute(cell), want, cell)
end
for _, cell in ipairs { "--recompute-method uniform (off)", "--recompute-method uniform --recompute-modules core_attn",
    "checkpoint True (saves every 1000 steps)" } do
  t.eq(measured.parse_recompute(cell), nil, cell)
end
do
  local mode, _, layers = measured.parse_recompute("--checkpoint-activations --activations-checkpoint-method block --activations-checkpoint-num-layers 4")
  t.eq(mode, "full"); t.eq(layers and layers.layers, 4)
end
-- A width's remark of other words is no ratio.
for _, cell in ipairs { "28672 (2x: gate and up)", "8192 (2x, doubled for GLU)", "1792 (TP 8x)" } do
  t.eq(measured.count_cell("ffn_hidden", cell), cell, cell)
end
-- Notes that name another model beside this one's own block or embeddings.
do
  local base = { model = "GPT-3 39B", layers = "48", hidden = "8192", heads = "64", seq_len = "2048" }
  for _, notes in ipairs { "GPT-J-style parallel attention+MLP block", "parallel block (unlike Llama)",
      "parallel block; this model does not use dropout" } do
    local r = copy(base, { notes = notes })
    t.eq(measured.architecture(r).parallel_block, true, notes)
  end
  local lb = { model = "Llama 3.1 8B", layers = "32", hidden = "4096", heads = "32", kv_heads = "8", ffn_hidden = "14336",
    vocab = "128256", seq_len = "8192" }
  for notes, want in pairs { ["GPT-like decoder with tied embeddings"] = true, ["Our 8B model, which has tied embeddings"] = true,
      ["tied embeddings (saves 0.5B params vs untied)"] = true, ["untied embeddings, vs Gemma's default tied"] = false } do
    local r = copy(lb, { notes = notes })
    t.eq(measured.architecture(r).tied, want, notes)
  end
end
-- Runs from Fast-LLM, Megatron-Core's MoE README, torchao's float8 and MoE READMEs, Thunder and
-- ms-swift in their sources' words (helper-164): cells misread or refused.
-- torchao's float8 recipes by name, beside the all-gather's format (read as bf16).
for _, cell in ipairs { "rowwise with bfloat16 all-gather", "rowwise_with_gw_hp with bfloat16 all-gather", "rowwise" } do
  t.eq(measured.parse_precision(cell), "fp8", cell); t.eq(measured.parse_fp8_scaling(cell), "rowwise", cell)
end
t.eq(measured.parse_fp8_scaling("tensorwise"), "tensorwise")
t.eq(measured.parse_precision("bf16 (FSDP all-gather in bf16)"), "bf16", "still")
-- A window the model or notes cell states (the configuration's none kept), not an ablation's step.
do
  local function window(model, notes) return (measured.architecture { model = model, notes = notes, seq_len = "8192" }).window end
  t.eq(window("Mistral-7B (sliding window 4096)"), 4096); t.eq(window("Mistral-7B (window_size: 4096)"), 4096)
  t.eq(window("Mistral-7B", "window_size: 4096 (sliding-window attention)"), 4096)
  t.eq(window("Mistral-7B", "no sliding window"), nil); t.eq(window("Mistral-7B", "sliding window: off"), nil)
  t.eq((measured.architecture { model = "Gemma 2 9B", notes = "sliding window 4096", seq_len = "8192" }).full_attention_every, 2,
    "the config's own window keeps its global layers")
  t.eq((measured.architecture { model = "GPT 175B", layers = "96", hidden = "12288", heads = "128", seq_len = "2048",
    notes = "ablation ladder: +PTB 52.3, +SWA 53.3" }).window, nil)
end
-- Measurement cells: a GPU by its model, an averaged step time, and a cell that does not read
-- beside one that does (the row was predicted and not compared).
do
  local r = row("N21-T1-1.7B")
  local per_gpu = measured.measured_time(copy(r, { iter_time_s = false, tokens_per_s = false, tokens_per_s_per_gpu = "9,288 tokens/s/A100" }))
  t.eq(per_gpu, measured.measured_time(copy(r, { iter_time_s = false, tokens_per_s = false, tokens_per_s_per_gpu = "9288" })))
  t.eq(measured.measured_time(copy(r, { iter_time_s = "Average iter time: 3528 ms" })), 3.528)
end
-- Counts with their labels in words; a remark that repeats the number; a flag with its value.
for column, cell in pairs { micro_batch = "Local batch size: 1", seq_len = "sequence length 8192", global_batch_seqs = "Global BS: 128",
    tp = "--parallelism.tensor_parallel_degree 2", dp = "FSDP=256", kv_heads = "8 (head_groups: 8)", gpus_per_node = "single node, 8 GPUs" } do
  t.eq(measured.count_cell(column, cell):match("^%d+$") ~= nil, true, column .. " " .. cell)
end
t.eq(measured.count_cell("micro_batch", "--per_device_train_batch_size 1"), "1")
t.eq(measured.count_cell("dp", "dp shard 8"), "dp shard 8", "still: a shard degree")
t.eq(measured.count_cell("kv_heads", "8 (of 64 heads)"), "8 (of 64 heads)", "another number")
t.eq(measured.parse_yes_no("--sequence_parallel true"), true); t.eq(measured.parse_zero("Distributed Mode: none"), 0)
-- torchtitan's flavor name for Llama 4 Scout; a count that does not read, said as itself.
t.eq(measured.architecture { model = "Llama4 17bx16e", seq_len = "8192" } ~= nil, true)
t.eq(select(2, measured.request { run_id = "x", framework = "torchtitan", model = "Llama3-8b", seq_len = "sequence len 8192",
  gpu = "H100", num_gpus = "8", tp = "1", pp = "1", dp = "8", global_batch_seqs = "64", iter_time_s = "1" }),
  'seq_len "sequence len 8192" is not a whole number')
-- The window (and the layers between full-attention ones) read for a model of 32 layers, as a row
-- of its dimensions gives it, with `notes` (the windows' tests below).
-- (Gemma 2 9B's own depth and width: a row that contradicts both is another model's.)
local function window(model, notes)
  local gemma = model:find("Gemma 2 9B", 1, true)
  local a = measured.architecture { model = model, notes = notes, seq_len = "8192", layers = gemma and "42" or "32",
    hidden = gemma and "3584" or "4096", heads = "32", ffn_hidden = "14336", vocab = "128256" }
  return a.window, a.full_attention_every
end
-- A review of the last rounds' patterns (helper-165: about 975 probes through both builds), each
-- now read as before them or as its text says.
do
  -- A window that is no attention's, switched off, another model's, or on some layers: none.
  for _, notes in ipairs { "sliding window of 8 steps for the LR", "loss smoothed over a sliding window of 100 steps",
      "tokens/s: moving average, window_size: 20", "SWA 1000 (stochastic weight averaging start step)", "packing window_size: 4096",
      "use_sliding_window: false, sliding_window: 4096", "Mistral uses sliding window 4096; this model does not",
      "unlike Mistral's sliding window 4096, full attention", "SWA 4096 on 2 of 5 layers" } do
    t.eq(window("Llama 3 8B", notes), nil, notes)
  end
  -- (A window on a share of the layers dml's pattern gives, since helper-243: there, and full
  -- attention on the rest.)
  local w, every = window("Llama 3 8B", "sliding window 4096 on every other layer")
  t.eq(w, 4096); t.eq(every, 2)
  w, every = window("Llama 3 8B", "Sliding window attention 4096 on 3/4 of layers")
  t.eq(w, 4096); t.eq(every, 4)
  w, every = window("Llama 3 8B", "sliding window 4096 on three out of every four layers")
  t.eq(w, 4096); t.eq(every, 4)
  t.eq(measured.window_share("window 3/4 of the sequence"), nil)
  -- (The share in a clause of its own; not another model's, nor a clause that names no attention.)
  w, every = window("Llama 3 8B", "sliding window 4096; full attention every 4th layer")
  t.eq(w, 4096); t.eq(every, 4)
  w, every = window("Llama 3 8B", "sliding window 4096, 1 global layer per 6")
  t.eq(w, 4096); t.eq(every, 6)
  w, every = window("Llama 3 8B", "sliding window 4096; unlike Gemma 2, full attention every 2 layers")
  t.eq(w, 4096); t.eq(every, nil, "another model's pattern")
  w, every = window("Llama 3 8B", "sliding window 4096; recompute every 4th layer")
  t.eq(w, 4096); t.eq(every, nil, "no attention named")
  for _, notes in ipairs { "sliding window 4096; full attention every 4th layer would be cheaper",
      "sliding window 4096; full attention every 4th layer?", "sliding window 4096; full attention every 4th layer in the 70B model only" } do
    w, every = window("Llama 3 8B", notes)
    t.eq(w, 4096, notes); t.eq(every, nil, notes)
  end
  t.eq(window("Llama 3 8B", "sliding window 4k"), 4096); t.eq(window("Llama 3 8B", "sliding window of 4,096 tokens"), 4096)
  local gemma = measured.architecture { model = "Gemma 2 9B", notes = "sliding window 2048", seq_len = "8192" }
  t.eq(gemma.window, 2048); t.eq(gemma.full_attention_every, 2, "another window keeps the config's global layers")
end
do
  local function shape(model)
    local x = measured.architecture { model = model, seq_len = "4096" }
    return x and (x.layers .. "/" .. x.d_model)
  end
  -- Another model named after a model of no known family, or a size: not the row's.
  for _, model in ipairs { "GLM-130B (compared with GPT-3 175B)", "InternLM2-8B (vs Llama 3.1 8B baseline)",
      "Baichuan2-13B, unlike Llama 2 13B", "MegaScale 175B (vs GPT-3 175B)", "Proprietary 30B vs Llama 2 70B", "T5-XXL vs GPT-3 175B",
      "Llama-2-7B\u{2013}style 1.3B model", "Llama 2 7B style model at 1B scale", "Llama-2 7B inspired 1B",
      "Minitron 8B (distilled from Nemotron-4 15B)" } do
    t.eq(shape(model), nil, model)
  end
  -- A student before its teacher, a tokenizer beside the model, R1 with its own size.
  t.eq(shape("Llama 3.1 8B distilled from Llama 3.1 70B"), "32/4096"); t.eq(shape("Gemma 2 9B distilled from Gemma 2 27B"), "42/3584")
  t.eq(shape("GPT-3 tokenizer, Llama 3 8B architecture"), "32/4096"); t.eq(shape("DeepSeek-R1 (671B)"), "61/7168")
  t.eq(shape("deepseek-r1:671b"), "61/7168")
end
-- The measurement: a cell that reads as no measurement refuses; Megatron's log line and other
-- labels of a step time.
do
  local base = { run_id = "x", seq_len = "2048", layers = "24", hidden = "2304", heads = "24", vocab = "51200", num_gpus = "32",
    global_batch_seqs = "512", gpu = "A100", tokens_per_s = "297214", framework = "Megatron-LM" }
  local function m(changes) return measured.measured_time(copy(base, changes)) end
  t.eq(m { iter_time_s = "0.5 s (per 2 steps)" }, nil); t.eq(m { iter_time_s = "-9.4" }, nil)
  -- (A throughput's remark beside a step time is said, the step time measuring; helper-167.)
  for _, cell in ipairs { "283,598 tokens per second across 8 nodes", "283,598 tokens/s per 64-GPU job" } do
    t.eq(m { iter_time_s = "3.528", tokens_per_s = cell }, 3.528, cell)
  end
  for _, cell in ipairs { "elapsed time per iteration (ms): 3528.0", "median iter time 3.528 s", "3.528 s avg", "time/iter 3.528 s" } do
    t.eq(m { iter_time_s = cell }, 3.528, cell)
  end
  t.eq(select(2, m { iter_time_s = false, tokens_per_s = "27890 tokens/s/node" }),
    'tokens_per_s "27890 tokens/s/node" is a node\'s throughput: give the cluster\'s or a GPU\'s')
end
-- The halving denied of the attention term by its subject, and in other words.
for _, cell in ipairs { "Megatron formula, attention not halved for the causal mask or the sliding window",
    "Megatron formula, GQA attention not halved for the causal mask", "Megatron formula, attention and FFN not halved (causal mask ignored)",
    "Megatron formula, causal halving off", "Megatron formula, full attention counted despite the causal mask" } do
  t.eq(measured.flop_formula { tflops_counting = cell }, "megatron", cell)
end
t.eq(measured.flop_formula { tflops_counting = "Megatron-Core 0.13 formula; the v0.11 count was not halved" }, "megatron_causal")
-- Another model's embeddings or block, and this model's.
do
  local base = { model = "GPT-3 39B", layers = "48", hidden = "8192", heads = "64", seq_len = "2048" }
  for notes, want in pairs { ["unlike PaLM, which uses a parallel block"] = nil, ["PaLM uses a parallel block, we do not"] = nil,
      ["parallel block in PaLM (not used here)"] = nil, ["GPT-J uses a parallel block; ours is sequential"] = nil,
      ["parallel block, this model does not"] = nil, ["parallel attention+MLP (as GPT-J); we don't use rotary"] = true } do
    local r = copy(base, { notes = notes })
    t.eq(measured.architecture(r).parallel_block, want, notes)
  end
  local lb = { model = "Llama 3.1 8B", layers = "32", hidden = "4096", heads = "32", kv_heads = "8", ffn_hidden = "14336",
    vocab = "128256", seq_len = "8192" }
  for _, notes in ipairs { "unlike Gemma, which has tied embeddings", "vs. Gemma 7B (tied embeddings)",
      "Gemma 7B, which has tied embeddings, was the baseline" } do
    local r = copy(lb, { notes = notes })
    t.eq(measured.architecture(r).tied, false, notes)
  end
end
-- A sharding named right before its node; NICs counted in other words; torchao's recipes
-- switched off; DeepSpeed's checkpointing options; a width with its ratio and activation.
for cell, want in pairs { ["ZeRO-3 within node (IB across nodes)"] = "3/-/true", ["FSDP within DGX node"] = "3/-/true",
    ["ZeRO-3 within an 8-GPU node"] = "3/8/false", ["ZeRO stage 1, partitioned within node"] = "1/-/true",
    ["ZeRO stage 1 with model parallelism within node"] = "1/-/false" } do
  local stage, shard, hybrid = measured.parse_zero(cell)
  t.eq(stage .. "/" .. (shard or "-") .. "/" .. tostring(hybrid), want, cell)
end
for cell, want in pairs { ["2 ports per GPU, 200 Gb/s each"] = 400, ["4 NDR (compute) + 1 HDR (storage)"] = 200,
    ["dual-rail: 2 HDR InfiniBand"] = 50, ["InfiniBand: 4 HDR"] = 100, ["4x HDR per 8 GPUs (200 Gb/s each)"] = 100,
    ["2 x 200 Gb/s HDR ports per GPU"] = 400 } do
  t.eq(gbit(cell, nil, "a100_sxm"), want, cell)
end
for _, cell in ipairs { "tensorwise: off", "rowwise (disabled)", "rowwise int8" } do t.eq(measured.parse_precision(cell), nil, cell) end
for _, cell in ipairs { "gradient_checkpointing True", "checkpoint_activations True; partition_activations True",
    "checkpoint_activations True (Megatron-DeepSpeed)", "checkpoint_activations True, cpu_checkpointing False" } do
  t.eq(measured.parse_recompute(cell), "full", cell)
end
for _, cell in ipairs { "24576 (4x, GeLU)", "24576 (4x of hidden size)", "16384 (4x model dim)" } do
  t.eq(measured.count_cell("ffn_hidden", cell):match("^%d+$") ~= nil, true, cell)
end
t.eq(measured.count_cell("dp", "FSDP=1"), "FSDP=1", "NeMo's switch, not a degree")
-- Runs from Apertus, LLaMA, NVIDIA's DGX Cloud recipes and AMD's Primus in their words
-- (helper-166): an MLP said not gated, Megatron-Core's module lists, LLaMA's checkpointing in
-- words, sequence parallelism beside the model's, a vocabulary as a power of two, the GH200 by
-- its long name.
do
  local base = { model = "Apertus 8B", layers = "32", hidden = "4096", heads = "32", ffn_hidden = "21504", vocab = "131072", seq_len = "8192" }
  for _, notes in ipairs { "xIELU activation in a non-gated MLP (up and down projection only, no SwiGLU gate)",
      "MLP: xIELU activation (an extension of squared ReLU), two matrices, not gated" } do
    local r = copy(base, { notes = notes })
    t.eq(measured.architecture(r).gated, false, notes)
  end
  t.eq(measured.architecture(base).gated, true, "still: by the ratio, where nothing is said")
end
t.eq(select(2, measured.parse_recompute("RecomputeModule: mla_up_proj,mlp,moe")),
  'recompute "RecomputeModule: mla_up_proj,mlp,moe" read as Megatron-Core\'s single modules only (mlp, moe not modelled)')
t.eq(select(2, measured.parse_recompute("RecomputeModule: mla_up_proj")),
  'recompute "RecomputeModule: mla_up_proj" read as Megatron-Core\'s single modules only')
t.eq(measured.parse_recompute("checkpointing that saves the expensive activations (outputs of linear layers) and recomputes the rest"),
  "selective")
t.eq(measured.parse_yes_no("model and sequence parallelism (Korthikanti et al. 2022)"), true)
t.eq(measured.parse_yes_no("model + sequence parallel"), true)
for _, cell in ipairs { "2^17", "2^17 = 131,072", "131072 (2^17)" } do t.eq(measured.count_cell("vocab", cell), "131072", cell) end
t.eq(measured.count_cell("vocab", "131072 (2^16)"), "131072 (2^16)", "not agreeing")
t.eq(measured.gpu("NVIDIA Grace Hopper Superchip"), "h200_sxm")
-- A review of helper-165's and helper-166's patterns (helper-167: about 530 texts through both
-- builds): each now read as its text says.
-- Another thing sharded or partitioned within a node is no ZeRO scope.
for _, cell in ipairs { "ZeRO-3; activations partitioned within node", "ZeRO-1; experts sharded within node (EP 8)",
    "ZeRO-3 across all GPUs; sequence partitioned within node (Ulysses)", "FSDP full shard; KV heads sharded within node" } do
  local _, shard, hybrid = measured.parse_zero(cell)
  t.eq(shard == nil and hybrid == false, true, cell)
end
-- A window in a clause of its own; SWA by its number; a config's window the row switches off.
do
  for _, notes in ipairs { "Sliding-window attention (4096 tokens), trained for 250k steps", "sliding window 4096, data parallel with FSDP",
      "SWA 4096", "sliding window 4096 (following Mistral)", "sliding window 4096 tokens; we do not use dropout",
      "sliding window attention, window size 4096, no global attention layers" } do
    t.eq(window("Llama 3 8B", notes), 4096, notes)
  end
  t.eq(window("Mistral-7B-v0.1", "use_sliding_window: false"), nil); t.eq(window("Mistral-7B-v0.1", "no sliding window"), nil)
  t.eq(window("Mistral-7B-v0.1"), 4096, "still")
end
-- The MLP said of this model's, clause by clause.
do
  local base = { model = "MyModel 8B", layers = "32", hidden = "4096", heads = "32", ffn_hidden = "16384", vocab = "131072", seq_len = "8192" }
  for notes, want in pairs { ["SwiGLU MLP; no gate on attention output"] = true, ["SwiGLU; ungated attention"] = true,
      ["GeLU MLP (Llama uses SwiGLU)"] = false, ["xIELU activation in a non-gated MLP (up and down projection only, no SwiGLU gate)"] = false } do
    local r = copy(base, { notes = notes })
    t.eq(measured.architecture(r).gated, want, notes)
  end
end
-- A node's rate with ports a GPU is no port's rate; a storage parenthesis only by its name.
for cell, want in pairs { ["EFA v2, 3200 Gbps per node, 4 ports per GPU"] = 400, ["1600 Gb/s per node, 2 ports per GPU"] = 200,
    ["8 x 400 Gb/s InfiniBand, 2 ports per GPU bonded"] = 400, ["8 HDR (storage 1 HDR)"] = 200, ["8 NDR (GPUDirect Storage capable)"] = 400 } do
  t.eq(gbit(cell), want, cell)
end
-- torchao's recipes beside 16-bit words of other tensors, and off words of other settings.
for _, cell in ipairs { "rowwise, bf16 master weights", "tensorwise (FSDP2, bf16 params)", "tensorwise, bf16 all-reduce",
    "tensorwise (no torch.compile)", "rowwise (delayed scaling: none)" } do
  t.eq(measured.parse_precision(cell), "fp8", cell)
end
-- Model names: a size that is tokens or a batch, BLOOM's 7b1, the same architecture named, a
-- likeness that is no size's, a tokenizer's family for the vocabulary.
do
  local function shape(model, extra)
    local r = copy({ model = model, seq_len = "4096" }, extra)
    local x = measured.architecture(r)
    return x and (x.layers .. "/" .. x.d_model .. "/" .. x.vocab)
  end
  t.eq(shape("2T tokens vs 1T: Llama 2 7B"), "32/4096/32000"); t.eq(shape("4M batch vs 2M batch (Llama 2 7B)"), "32/4096/32000")
  t.eq(shape("BLOOMZ-7b1 vs Llama 2 7B"), nil); t.eq(shape("Our 13B model (same architecture as Llama 2 13B)"), "40/5120/32000")
  t.eq(shape("Llama 3.1 8B R1-inspired GRPO"), "32/4096/128256"); t.eq(shape("ChatGLM2 vs Llama 2 7B"), nil)
  t.eq(shape("1.3B model (GPT-2 tokenizer)", { layers = "24", hidden = "2048", heads = "16" }), "24/2048/50257")
end
-- The halving denied of another term beside causal attention.
for _, cell in ipairs { "Megatron FLOPs, causal attention halved while MLP/logit terms not halved",
    "Megatron FLOPs with causal masking; MLP FLOPs are not halved", "Megatron FLOPs, causal attention halved but the LM head is not halved" } do
  t.eq(measured.flop_formula { tflops_counting = cell }, "megatron_causal", cell)
end
-- A model named and closed by a comma leaves the feature this model's.
do
  local sm = { model = "SmolLM2-360M", layers = "32", hidden = "960", heads = "15", kv_heads = "5", ffn_hidden = "2560", vocab = "49152",
    seq_len = "8192" }
  for _, notes in ipairs { "Llama architecture, tied embeddings", "Unlike Llama 2, tied embeddings", "Following OLMo, tied embeddings" } do
    local r = copy(sm, { notes = notes })
    t.eq(measured.architecture(r).tied, true, notes)
  end
  local r = copy(sm, { notes = "vs. Gemma 7B (tied embeddings)" })
  t.eq(measured.architecture(r).tied, false, "a comparison still open")
  local g = { model = "GPT-3 39B", layers = "48", hidden = "8192", heads = "64", seq_len = "2048" }
  for _, notes in ipairs { "Following GPT-J, we use a parallel attention/MLP block", "Unlike Llama, we use a parallel attention+MLP block",
      "Like Falcon, parallel attention/MLP" } do
    local r2 = copy(g, { notes = notes })
    t.eq(measured.architecture(r2).parallel_block, true, notes)
  end
end
t.eq(measured.parse_recompute("no activation checkpointing; FlashAttention recomputes attention in backward, saves outputs of linear layers"),
  "none")
-- A review of helper-167's changes (helper-169: 394 texts through both builds): each now read as
-- its text says.
for cell, want in pairs { ["2 ports per GPU, 200 Gb/s each (8 GPUs per node)"] = 400, ["2 ports per GPU at 200 Gb/s"] = 400,
    ["2 ports per GPU (200 Gb/s each, bonded)"] = 400, ["EFA v2, 3200 Gbps per node, 4 ports per GPU"] = 400,
    ["8 x 400 Gb/s InfiniBand, 2 ports per GPU bonded"] = 400 } do
  t.eq(gbit(cell), want, cell)
end
t.eq(select(2, measured.inter_node("4x HDR InfiniBand; 1x HDR (storage 200G)", 8, "a100_sxm")):find("not the compute network", 1, true)
  ~= nil, true, "a part labelled storage, in a cell of several")
for _, cell in ipairs { "rowwise: off, bf16", "rowwise: no, bf16 only", "rowwise FP8 disabled (bf16 baseline)", "rowwise: bf16",
    "tensorwise: false -> bf16", "rowwise not used; bf16", "Tensorwise: N/A (bf16)", "rowwise (FP8 off, BF16)" } do
  t.eq(measured.parse_precision(cell), "bf16", cell)
end
do
  local base = { model = "M 8B", layers = "32", hidden = "4096", heads = "32", ffn_hidden = "16384", vocab = "131072", seq_len = "8192" }
  for notes, want in pairs { ["SwiGLU FFN instead of GeLU"] = true, ["FFN uses SwiGLU rather than ReLU"] = true,
      ["MLP: gated GeLU, three matrices"] = true, ["MLP: GELU-gated linear unit"] = true, ["FFN: gated linear unit (SiLU)"] = true } do
    local r = copy(base, { notes = notes })
    t.eq(measured.architecture(r).gated, want, notes)
  end
  t.eq(measured.family("Custom-70B (GPT-2 tokenizer)").name, "?", "a tokenizer names no family")
end
do
  for _, notes in ipairs { "compared with Mistral, which uses sliding window 4096, we use full attention",
      "Unlike Mistral 7B, which uses a sliding window of 4096, we use full attention", "Ablation: +SWA, window size 1024, ppl +0.3",
      "FlashAttention-2; timing window size 200 iterations", "EMA window size 1000", "FlashAttention; SWA (1000 its)" } do
    t.eq(window("Llama 3 8B", notes), nil, notes)
  end
  for _, notes in ipairs { "unlike Llama 2 (no sliding window), Mistral uses SWA 4096", "Llama 2 7B has no sliding window",
      "sliding window attention with attention dropout disabled" } do
    t.eq(window("Mistral-7B-v0.1", notes), 4096, notes)
  end
  t.eq(select(2, window("Gemma 2 9B", "sliding window 2048; full recompute on all layers")), 2)
  t.eq(select(2, window("Gemma 2 9B", "sliding window 4096 on all layers (no global layers)")), nil)
end
for _, cell in ipairs { "Megatron-Core 0.12 FLOPs; attention score and context FLOPs not halved", "multi-head attention FLOPs not halved, Megatron",
    "Megatron formula; causal mask is not taken into account" } do
  t.eq(measured.flop_formula { tflops_counting = cell }, "megatron", cell)
end
for cell, want in pairs { ["ZeRO-3 within node (lower overhead)"] = true, ["ZeRO-3 within node (multi-head attention)"] = true,
    ["ZeRO-1 within node and data parallel across nodes"] = true, ["ZeRO stage 3, sharded within node"] = true,
    ["ZeRO-3 (params and grads sharded within each node)"] = true, ["ZeRO-3 with activations partitioned within node"] = false } do
  t.eq(select(3, measured.parse_zero(cell)), want, cell)
end
do
  local function shape(model)
    local x = measured.architecture { model = model, seq_len = "4096" }
    return x and (x.layers .. "/" .. x.d_model .. "/" .. tostring(x.window))
  end
  t.eq(shape("Mistral 7B v0.1, same architecture as Llama 2 7B except sliding window and GQA"), "32/4096/4096")
  t.eq(shape("Code Llama 34B (same architecture as Llama 2 34B)"), "48/8192/nil")
  for _, model in ipairs { "Gemma-2-style decoder", "Gemma 3-style architecture (1.3B)", "Gemma-2 inspired, 1B" } do t.eq(shape(model), nil, model) end
end
t.eq(measured.parse_recompute("LLaMA-style: saves outputs of linear layers, recomputes the rest; FlashAttention-2"), "selective")
t.eq(measured.parse_recompute("without activation offloading; saves outputs of linear layers and recomputes the rest"), "selective")
-- A node's throughput in a remark (read as the cluster's, 8x).
do
  local base = { run_id = "x", seq_len = "2048", layers = "24", hidden = "2304", heads = "24", vocab = "51200", num_gpus = "32",
    global_batch_seqs = "512", gpu = "A100", framework = "Megatron-LM" }
  for _, cell in ipairs { "25,000 tok/s (per node)", "25000 (per 8-GPU node)", "25000 (per server)" } do
    local r = copy(base, { tokens_per_s = cell })
    t.eq(select(2, measured.measured_time(r)), 'tokens_per_s "' .. cell .. '" is a node\'s throughput: give the cluster\'s or a GPU\'s', cell)
  end
end
-- A final review (helper-170: about 400 texts through both builds): each now read as its text says.
for cell, want in pairs { ["2 ports per GPU, 200 Gb/s each (3200 Gb/s per node)"] = 400, ["2 ports per GPU, 2x200 Gb/s"] = 400,
    ["8x ConnectX-7 (storage via BlueField-3 2x200 Gb/s)"] = 400, ["8 HDR (storage 1 HDR)"] = 200 } do
  t.eq(gbit(cell), want, cell)
end
for _, cell in ipairs { "tensorwise (fp8 disabled)", "tensorwise (fp8 not enabled; bf16)", "rowwise not applied (bf16)", "rowwise: no fp8, bf16" } do
  t.eq(measured.parse_precision(cell), "bf16", cell)
end
t.eq(measured.parse_precision("rowwise? no"), nil)
do
  local base = { model = "Custom 7B", layers = "32", hidden = "4096", heads = "32", ffn_hidden = "16384", vocab = "131072", seq_len = "8192" }
  for _, notes in ipairs { "Llama architecture with SwiGLU", "same MLP as Llama: SwiGLU", "SwiGLU as in PaLM" } do
    local r = copy(base, { notes = notes })
    t.eq(measured.architecture(r).gated, true, notes)
  end
end
for _, cell in ipairs { "sharded within node (ZeRO-3)", "FSDP; parameters sharded within the node", "shard params within node, ZeRO-1",
    "ZeRO-3 sharded across data parallel ranks within node", "ZeRO-2 within node (8 GPUs per node, intra-node NVLink)" } do
  t.eq(select(3, measured.parse_zero(cell)), true, cell)
end
t.eq(select(3, measured.parse_zero("FSDP full shard (8 GPUs per node, intra-node NVLink)")), false, "still")
for cell, want in pairs { ["Without full checkpointing, we save outputs of linear layers and recompute others"] = "selective",
    ["FlashAttention recomputes attention; otherwise saves outputs of linear layers and recomputes the rest"] = "selective",
    ["no activation checkpointing; FlashAttention recomputes attention in backward, saves outputs of linear layers"] = "none" } do
  t.eq(measured.parse_recompute(cell), want, cell)
end
do
  local r = { run_id = "x", seq_len = "2048", layers = "24", hidden = "2304", heads = "24", vocab = "51200", num_gpus = "32",
    global_batch_seqs = "512", gpu = "A100", framework = "Megatron-LM", tokens_per_s = "27890 tokens/s/nodes" }
  t.eq(measured.measured_time(r), nil, "a node's, plural")
end
t.eq(gbit("8x NDR, 1x 100GbE (storage)"), 400, "a rated part labelled storage, among others")
-- helper-174: "GPUDirect" names no GPU's share of an EFA rate (BloombergGPT's cell, as the paper words it).
t.eq(gbit("NVIDIA GPUDirect using AWS Elastic Fabric Adapter (EFA) inter-node connections (400 Gb/s)", nil, "a100_sxm"), 50)
t.eq(gbit("EFA with GPUDirect RDMA, 400 Gb/s per GPU"), 400, "still: a GPU's")
-- helper-174: the pipeline schedule named in the interleave cell (DeepSeek-V3's "DualPipe"; refused
-- as not a whole number): no number of chunks, and the schedule read from it where no other cell
-- names one.
for cell, want in pairs { ["DualPipe"] = "dualpipe", ["ZB-V"] = "zero_bubble_v", ["GPipe schedule"] = "gpipe",
    ["1F1B"] = "1f1b", ["(DualPipe)"] = "dualpipe", ["DualPipe (bidirectional pipeline)"] = "dualpipe" } do
  t.eq(measured.schedule_only(cell), want, cell)
end
for _, cell in ipairs { "4", "interleaved 1F1B", "DualPipe, 2 chunks", "no DualPipe", "none", "DualPipe (not used)",
    "DualPipe (2 chunks)", "ZB-V (off)" } do
  t.eq(measured.schedule_only(cell), nil, cell)
end
do
  local r = copy(row("MBridge-25.11-LLAMA3_70B-64"), { vpp_interleave = "DualPipe" })
  local req, why, assumed = measured.request(r)
  t.eq(why, nil)
  t.eq(req.layout.schedule, "dualpipe"); t.eq(req.layout.interleave, nil)
  t.eq(measured.schedule(copy(r, { notes = "1F1B schedule" })), nil, "a schedule the notes name wins")
  local _, why2 = measured.request(copy(r, { vpp_interleave = "DualPipe x2" }))
  t.eq(why2, 'vpp_interleave "DualPipe x2" is not a whole number')
end
-- helper-174: an MoE's two widths in the ffn_hidden cell (DeepSeek-V3's report; refused as not a
-- whole number): the dense width, the experts' and the dense first layers.
do
  local v, how, more = measured.count_cell("ffn_hidden", "18432 dense (first 3 layers); 2048 per expert")
  t.eq(v, "18432"); t.eq(more.expert_d_ff, "2048"); t.eq(more.dense_layers, "3")
  t.eq(how, 'ffn_hidden "18432 dense (first 3 layers); 2048 per expert" read as 18432 dense and 2048 per expert, the first 3 layers dense')
  v, how, more = measured.count_cell("ffn_hidden", "1408 per expert; 10944 dense")
  t.eq(v, "10944"); t.eq(more.expert_d_ff, "1408"); t.eq(more.dense_layers, nil)
  t.eq(select(3, measured.count_cell("ffn_hidden", "18432 dense (all but 3 layers); 2048 per expert")), nil, "not a count of first layers")
  local base = { model = "Custom MoE", layers = "24", hidden = "2048", heads = "16", ffn_hidden = "10944", vocab = "102400",
    seq_len = "4096", moe_experts = "64", moe_topk = "6" }
  local a = measured.architecture(copy(base, { expert_d_ff = "1408", dense_layers = "1" }))
  t.eq(a.expert_d_ff, 1408); t.eq(a.dense_layers, 1); t.eq(a.d_ff, 10944)
end
-- helper-174: Megatron-Core's modules named with words about them (DeepSeek-V3's report).
t.eq(measured.parse_recompute("recompute all RMSNorm operations and MLA up-projections"), "norms")
t.eq(measured.parse_recompute("recompute all layers"), "full", "still: no module named")
do
  local r = copy(row("MBridge-25.11-LLAMA3_70B-64"), { recompute = "recompute all RMSNorm operations and MLA up-projections" })
  local req = measured.request(r)
  t.eq(req.layout.recompute, "norms"); t.eq(req.layout.recompute_mla_up, true)
end
-- helper-176: a vocabulary with its padding (FlashAttention's and llm.c's GPT-2 runs).
t.eq(measured.count_cell("vocab", "50257 (padded to 50304)"), "50304")
t.eq(measured.count_cell("vocab", "50257 (padded to a multiple of 8)"), "50264")
t.eq(measured.count_cell("vocab", "50,257 (padded to 50,304)"), "50304")
t.eq(measured.count_cell("vocab", "50304 (padded to 50257)"), "50304 (padded to 50257)", "not smaller: left as written")
-- helper-175's review of helper-174's readings: an interleaving remark says more than a schedule;
-- the interleave cell's schedule before a framework fork's; EFA ruled out in more words, or a rate
-- scoped to another thing than the instance; an expert width on a row read as dense; "all" beside
-- a module's name only.
for _, cell in ipairs { "1F1B (interleaved)", "1F1B (VPP)", "1F1B (virtual pipeline)", "1F1B (model chunks)",
    "1F1B (virtual stages)", "DualPipe (N/A)" } do
  t.eq(measured.schedule_only(cell), nil, cell)
end
do
  local r = copy(row("MBridge-25.11-LLAMA3_70B-64"), { vpp_interleave = "1F1B", notes = "",
    framework = "Megatron-LM (sail-sg zero-bubble-pipeline-parallelism fork)" })
  t.eq(measured.schedule(r), "1f1b", "the row's own cell before the fork's name")
  t.eq(measured.schedule(copy(r, { notes = "ZB-H1 schedule" })), "zero_bubble", "the notes first")
end
for _, cell in ipairs { "GPUDirect RDMA, 400 Gb/s InfiniBand instead of EFA", "GPUDirect RDMA, 400 Gb/s InfiniBand rather than AWS EFA",
    "GPUDirect RDMA over 400 Gb/s InfiniBand; EFA not used", "GPUDirect RDMA over 400 Gb/s RoCE; EFA was too slow",
    "GPUDirect RDMA, 400 Gb/s InfiniBand (vs 100 Gb/s EFA)", "EFA with GPUDirect RDMA, 400 Gb/s per A100",
    "EFA with GPUDirect RDMA, 400 Gb/s per rank", "EFA 400 Gb/s for every GPU" } do
  t.eq(gbit(cell, nil, "a100_sxm"), 400, cell)
end
t.eq(gbit("EFA, 400 Gb/s per instance (GPUDirect RDMA)", nil, "a100_sxm"), 50, "still: the instance's")
do
  local base = { model = "Custom-Dense", layers = "24", hidden = "2048", heads = "16", vocab = "32000", seq_len = "4096" }
  local a, why = measured.architecture(copy(base, { ffn_hidden = "28672", expert_d_ff = "2048" }))
  t.eq(a, nil); t.eq(why, "ffn_hidden gives an expert width (2048), but the row is read as dense (no moe_experts)")
end
for _, cell in ipairs { "all (RMSNorm)", "all + RMSNorm", "recompute all, RMSNorm", "recompute all and RMSNorm",
    "recompute all operations and RMSNorm" } do
  t.eq(measured.parse_recompute(cell) == "norms", false, cell)
end
t.eq(measured.parse_recompute("recompute all the RMSNorm operations and MLA up-projections"), "norms")
-- helper-177's metamorphic round: a ZeRO stage after a parenthesis, a comma or a key, or in words;
-- a sequence length as a power of two in thousands; a count of experts that includes its shared
-- ones in a parenthesis; top-k and the parallelisms in more words; AMP spelled out.
for cell, want in pairs { ["ZeRO (stage 3)"] = 3, ["ZeRO, stage 3"] = 3, ["zero_optimization.stage 3"] = 3,
    ["zero_optimization stage 3"] = 3, ["ZeRO stage three"] = 3, ["DeepSpeed ZeRO (stage 3)"] = 3, ["ZeRO (stage 2)"] = 2,
    ["ZeRO stage zero"] = 0 } do
  t.eq(measured.parse_zero(cell), want, cell)
end
t.eq(measured.parse_zero("zero bubble, stage 3"), 1, "not ZeRO's stage (as before)")
for cell, want in pairs { ["131k"] = "131072", ["131K tokens"] = "131072", ["33k"] = "32768", ["32.8k"] = "32768",
    ["4.1k"] = "4096", ["32k"] = "32768", ["6k"] = "6144" } do
  t.eq(measured.count_cell("seq_len", cell), want, cell)
end
t.eq(select(2, measured.count_cell("seq_len", "131k")), 'seq_len "131k" read as 131072 (a power of two in thousands)')
for cell, want in pairs { ["257 experts (1 shared)"] = 256, ["257 (1 shared)"] = 256, ["64 experts (2 shared)"] = 64,
    ["160 (2 shared)"] = 160 } do
  t.eq(measured.parse_experts(cell), want, cell)
end
for cell, want in pairs { ["8 experts per token"] = "8", ["2 experts per token"] = "2", ["Top-8 routing"] = "8" } do
  t.eq(measured.count_cell("moe_topk", cell), want, cell)
end
t.eq(measured.count_cell("cp", "no CP"), "1"); t.eq(measured.count_cell("ep", "no EP"), "1")
t.eq(measured.count_cell("cp", "no EP"), "no EP", "another parallelism's")
t.eq(measured.parse_precision("automatic mixed precision"), "bf16")
for _, x in ipairs { { "vpp_interleave", "virtual pipeline 5", "5" }, { "vpp_interleave", "virtual pipeline size 6", "6" },
    { "micro_batch", "device_train_microbatch_size: 8", "8" }, { "global_batch_seqs", "bs=384", "384" },
    { "tp", "tensor-parallel 8", "8" }, { "pp", "pipeline-parallel=4", "4" } } do
  t.eq(measured.count_cell(x[1], x[2]), x[3], x[2])
end
t.eq(measured.count_cell("tp", "pipeline-parallel 4"), "pipeline-parallel 4", "another parallelism's name")
-- helper-178's review of helper-177's readings: a ZeRO stage apart from its name, ruled out, tried
-- or named twice, is not the run's; not another word that starts with "zero"; AMP spelled out as
-- the whole cell only; a batch "(MBS)" is no global batch.
for cell, want in pairs { ["plain DDP, not ZeRO (stage 3)"] = 0, ["DDP instead of ZeRO (stage 2)"] = 0,
    ["w/o ZeRO (stage 3)"] = 0, ["distributed optimizer instead of ZeRO (stage 3)"] = 1,
    ["distributed optimizer, not ZeRO (stage 3)"] = 1, ["not ZeRO stage three; distributed optimizer"] = 1,
    ["FSDP instead of ZeRO (stage 2)"] = 3, ["distributed optimizer (ZeRO, stage 3, was not used)"] = 1,
    ["Megatron distributed optimizer; ZeRO (stage 3) was slower"] = 1, ["FSDP2 + ZeroBubble (stage 2)"] = 3 } do
  t.eq(measured.parse_zero(cell), want, cell)
end
for _, cell in ipairs { "ZeRO (stage 3) not used", "ZeRO (stage 3): off", "ZeRO, stage 3: disabled",
    "distributed optimizer (tried ZeRO, stage 3)", "ZeRO (stage 3 for 70B, stage 2 for 8B)", "ZeRO (stage 2/3)" } do
  t.eq(measured.parse_zero(cell) == 3 or measured.parse_zero(cell) == 2, false, cell)
end
t.eq(measured.parse_zero("Stage two of training: FSDP"), 3)
for _, cell in ipairs { "8-bit automatic mixed precision", "automatic mixed precision (8-bit)", "no automatic mixed precision",
    "automatic mixed precision disabled", "Transformer Engine automatic mixed precision" } do
  t.eq(measured.parse_precision(cell) == "bf16", false, cell)
end
t.eq(measured.parse_precision("automatic mixed-precision"), "bf16")
t.eq(measured.count_cell("global_batch_seqs", "bs=8 (MBS)"), "bs=8 (MBS)")
-- A sharding named and ruled out with nothing else in the cell (read as the stage it rules out
-- before: "ZeRO-3 not used" was ZeRO 3): no sharding, as "ZeRO-3 disabled" was; FSDP ruled out
-- is the stack's default sharding, as "FSDP off" was.
for _, cell in ipairs { "ZeRO-3 not used", "ZeRO-3: not used", "not ZeRO-3", "ZeRO-3 (unused)", "ZeRO-3 was not used",
    "ZeRO-2 not enabled", "ZeRO not used", "ZeRO-3 not used (DDP)" } do
  t.eq(measured.parse_zero(cell), 0, cell)
end
t.eq(measured.parse_zero("FSDP not used"), false); t.eq(measured.parse_zero("not FSDP"), false)
t.eq(measured.parse_zero("FSDP (not HSDP)"), 3, "another sharding ruled out")
t.eq(measured.parse_zero("ZeRO-1 (not ZeRO-3)"), 1); t.eq(measured.parse_zero("ZeRO-3 not used; distributed optimizer"), 1)
-- The virtual pipeline named and switched off is one chunk a stage; GQA named before its count.
for _, cell in ipairs { "no VPP", "VPP off", "VPP: none", "disabled", "no virtual pipeline", "virtual pipeline: disabled" } do
  t.eq(measured.count_cell("vpp_interleave", cell), "1", cell)
end
t.eq(measured.count_cell("vpp_interleave", "no VPP (4 chunks)"), "no VPP (4 chunks)", "a count beside it")
for _, cell in ipairs { "GQA, 8 KV heads", "GQA (8 groups)", "GQA with 8 KV heads", "GQA, 8 query groups", "GQA 8" } do
  t.eq(measured.count_cell("kv_heads", cell), "8", cell)
end
-- (Not two counts, nor a bare number in a parenthesis or after a comma, which may count a group's
-- query heads; helper-179.)
for _, cell in ipairs { "GQA (8 KV heads, 64 query heads)", "GQA (4)", "GQA, 32", "GQA 8 groups of 8 heads" } do
  t.eq(measured.count_cell("kv_heads", cell), cell, cell)
end
for _, cell in ipairs { "ZeRO-3 (no MiCS)", "ZeRO-3, MiCS off", "ZeRO-3 without MiCS", "ZeRO-3 (MiCS: disabled)" } do
  t.eq(measured.parse_zero(cell), 3, cell)
end
for _, cell in ipairs { "5 VP stages", "5 chunks per pipeline rank" } do
  t.eq(measured.count_cell("vpp_interleave", cell), "5", cell)
end
t.eq(measured.count_cell("vpp_interleave", "40 VP stages in total"), "40 VP stages in total", "the whole pipeline's")
-- helper-179's review: a sharding ruled out in a parenthesis or after a colon, beside the one the
-- run used, is the other's; one ruled out beside a sharding dml does not model is refused; ZeRO's
-- stage in words ruled out is none.
for cell, want in pairs { ["ZeRO-3: not used, HSDP"] = 3, ["FSDP (not used), HYBRID_SHARD"] = 3,
    ["ZeRO-3 (not used), SHARD_GRAD_OP"] = 2, ["ZeRO-3 (unused), Megatron distributed optimizer"] = 1,
    ["ZeRO-3: not enabled; distributed optimizer"] = 1, ["FSDP (not used); distributed optimizer"] = 1,
    ["ZeRO-3 (not used); ZeRO-1"] = 1, ["ZeRO stage 3 not used"] = 0, ["not ZeRO stage 3"] = 0,
    ["not ZeRO stage three"] = 0, ["Not DeepSpeed ZeRO-3"] = 0 } do
  t.eq(measured.parse_zero(cell), want, cell)
end
t.eq(select(3, measured.parse_zero("ZeRO-3: not used, HSDP")), true, "hybrid")
for _, cell in ipairs { "ZeRO-Infinity, not FSDP", "SageMaker sharded data parallelism (not FSDP)" } do
  t.eq(measured.parse_zero(cell), nil, cell)
end
t.eq(measured.parse_zero("ZeRO-Offload (not FSDP)"), 2, "ZeRO-Offload's own stage (since helper-245)")
-- helper-180's metamorphic round on the notes: a sentence about another run, a setting tried or
-- planned, or an earlier or later version is not the row's (M.own_text, which request() reads the
-- notes and inferred fields through); a setting named in a sentence that says it was not used is
-- not switched on; a framework's remark about another framework or a later version does not choose
-- the stack.
for _, s in ipairs { "The DeepSeek-V3 row uses EP overlap.", "We did not try A2A_OVERLAP=1.",
    "DeepEP results are in a separate table.", "The --use-legacy-models flag was removed in a later release.",
    "FlashAttention-2 was released after these runs.",
    "EP all-to-all overlap is left for future work.", "An earlier version of this table used TP overlap off.",
    "The zero bubble schedule (ZB-H1) was evaluated in a follow-up.", "torch.compile was tried but not used.",
    "Megatron-LM legacy models (--use-legacy-models) are deprecated." } do
  t.eq(measured.own_text("GA=64. " .. s), "GA=64.", s)
end
t.eq(measured.own_text("Compared with the GPipe pipeline schedule, 1F1B halves activation memory."), " 1F1B halves activation memory.")
t.eq(measured.schedule { notes = measured.own_text("Compared with the GPipe pipeline schedule, 1F1B halves activation memory.") }, nil)
for _, s in ipairs { "Section 3.1.2: decoder-only GPT with RoPE and Flash Attention, sequence length 2048.",
    "TP_COMM_OVERLAP=False (\"TP overlap not supported yet\" with FP4);", "A2A_OVERLAP=1; DeepEP dispatcher used.",
    "the paper names only ZeRO" } do
  t.eq(measured.own_text(s), s, s)
end
for notes, want in pairs { ["We did not pass A2A_OVERLAP=1 here."] = false, ["A2A overlap (overlap_moe_expert_parallel_comm) not enabled in this recipe."] = false,
    ["EP overlap is disabled by default in this release."] = false,
    ["A2A_OVERLAP=1 (not the default)."] = true, ["EP overlap on; we did not tune it."] = true } do
  t.eq(measured.ep_overlap { notes = notes }, want, notes)
end
t.eq(measured.token_dispatch { notes = "DeepEP is not available on H100 in this release." }, false)
t.eq(measured.token_dispatch { notes = "DeepEP dispatcher used. TP overlap not tuned." }, true)
t.eq(measured.schedule { notes = "The DualPipe pipeline schedule is not covered here." }, nil)
t.eq(measured.tp_overlap_off { notes = "TP comm overlap was not the bottleneck at this scale." }, false)
t.eq(measured.tp_overlap_off { notes = "TP comm overlap was not used." }, true)
t.eq(stack { framework = "Megatron-LM", source = "a 2023 blog", notes = "We did not pass --use-mcore-models." }, "megatron_2022")
t.eq(stack { framework = "Megatron-LM", source = "a 2023 blog", notes = "--use-mcore-models" }, "megatron_core")
t.eq(stack { framework = "torchtitan", notes = "Async TP requires torch.compile, so it was not used." }, "torchtitan")
t.eq(stack { framework = "torchtitan (torch.compile support added later)" }, "torchtitan")
t.eq(stack { framework = "torchtitan (torch.compile)" }, "torchtitan_compile")
t.eq(stack { framework = "fms-fsdp (PyTorch FSDP, torch.compile) (DeepSpeed evaluated separately)" }, "torchtitan_compile")
do
  local base = row("MBridge-25.11-Qwen3_235B_a22B-256")
  local said = copy(base, { notes = (base.notes or "") .. " The DeepSeek-V3 row uses EP overlap. DeepEP results are in a separate table." })
  t.eq(measured.predict(said).predicted_s, measured.predict(base).predicted_s, "sentences about other rows")
  local used = copy(base, { notes = (base.notes or "") .. " A2A_OVERLAP=1." })
  t.eq(measured.predict(used).predicted_s < measured.predict(base).predicted_s, true, "the row's own overlap")
end
do
  local dense = { model = "Custom-Dense", layers = "24", hidden = "2048", heads = "16", vocab = "32000", seq_len = "2048" }
  t.eq(measured.architecture(copy(dense, { notes = "We did not use a parallel block here." })).parallel_block, nil)
  t.eq(measured.architecture(copy(dense, { notes = "Parallel attention/MLP block (GPT-J style)." })).parallel_block, true)
  t.eq(measured.own_text("Section 4 discusses the parallel block."), "")
end
-- helper-182's review of those rules: a clause, not the sentence, is what a marker or a negation
-- rules out; a remark in parentheses is taken out alone; a default said to be off is not the run's
-- setting; a version "or later" is no later release.
for _, c in ipairs {
    { "DeepEP dispatcher, HybridEP was not tried.", "token_dispatch", true },
    { "TP=2, PP=8, EP=64, DeepEP, A2A overlap on, FP8 tried with delayed scaling.", "ep_overlap", true },
    { "TP=2, PP=8, EP=64, DeepEP, A2A overlap on, FP8 tried with delayed scaling.", "token_dispatch", true },
    { "EP overlap on (default since 25.09)", "ep_overlap", true },
    { "EP overlap enabled since 25.11 (the later release)", "ep_overlap", true },
    { "DeepEP dispatcher (unlike the Mixtral row)", "token_dispatch", true },
    { "See recipe: EP overlap on, DeepEP.", "ep_overlap", true },
    { "DeepEP, not alltoall.", "token_dispatch", true },
    { "EP overlap enabled, not the default", "ep_overlap", true },
    { "EP overlap is disabled by default, so we set --overlap-moe-expert-parallel-comm", "ep_overlap", true },
    { "Uses DeepEP, which does not need NVSHMEM", "token_dispatch", true },
    { "TP comm overlap is disabled by default in NeMo but enabled in this recipe", "tp_overlap_off", false },
    { "tp_comm_overlap is disabled by default; set to True here", "tp_overlap_off", false },
    { "TP overlap was not an option on PCIe", "tp_overlap_off", true },
  } do
  local notes = c[1]
  t.eq(measured[c[2]](measured.own_text and { notes = measured.own_text(notes) } or { notes = notes }), c[3], c[2] .. ": " .. notes)
end
for _, c in ipairs { { "DualPipe, not 1F1B.", "dualpipe" }, { "ZB-V schedule, not interleaved 1F1B", "zero_bubble_v" },
    { "ZB-V schedule without recompute", "zero_bubble_v" } } do
  t.eq(measured.schedule { notes = c[1] }, c[2], c[1])
end
t.eq(stack { framework = "Megatron-LM", source = "a 2023 blog", notes = "--use-mcore-models, not --use-legacy-models" }, "megatron_core")
t.eq(stack { framework = "Megatron-LM", source = "a 2024 blog", notes = measured.own_text("Uses --use-mcore-models (legacy models are deprecated).") },
  "megatron_core")
t.eq(stack { framework = "torchtitan", notes = measured.own_text("FSDP2 with async TP (the 405B row uses the same).") }, "torchtitan_async_tp")
t.eq(stack { framework = "torchtitan", notes = "FSDP2 + async TP, float8 was not used" }, "torchtitan_async_tp")
t.eq(stack { framework = "torchtitan", notes = "torch.compile on, but not for the loss" }, "torchtitan_compile")
t.eq(stack { framework = "torchtitan", notes = "torch.compile is disabled for the 405B run." }, "torchtitan")
for _, f in ipairs { "torchtitan (torch.compile, as in the 8B row)", "torchtitan (FSDP2, torch.compile, as in the Llama 3 recipe)",
    "torchtitan (compile enabled; float8 tried separately)", "torchtitan (torch.compile; float8 added later)" } do
  t.eq(stack { framework = f }, "torchtitan_compile", f)
end
t.eq(stack { framework = "Megatron-LM (core_r0.9 or later)", source = "a 2023 blog" }, "megatron_core")
t.eq(measured.own_text("DeepEP (not the default; see Sec. 4). EP=64."), "DeepEP (not the default; see Sec. 4). EP=64.")
-- "X not ..." and "X was not ...": a word of use or an article is off, another name a contrast,
-- and a remark on something else ("not the bottleneck", "not the default") neither (helper-182).
for notes, want in pairs { ["TP overlap: not available."] = true, ["TP overlap was not an option on PCIe."] = true,
    ["TP overlap not a supported option on this system."] = true, ["TP overlap was not applicable."] = true,
    ["TP overlap was not the bottleneck."] = false, ["TP overlap (not a factor)."] = false,
    ["TP comm overlap was not the default in 24.09; enabled here."] = false } do
  t.eq(measured.tp_overlap_off { notes = notes }, want, notes)
end
t.eq(measured.ep_overlap { notes = "A2A overlap: not the default, enabled via A2A_OVERLAP=1." }, true)
t.eq(measured.token_dispatch { notes = "DeepEP (not the default alltoall; see Sec. 4) dispatcher." }, true)
t.eq(measured.pcie_card("h100 pcie (not nvl)"), true, "a contrast, not PCIe ruled out")
t.eq(measured.pcie_card("h100 sxm5 (not pcie)"), false)
-- helper-183's review: a setting switched off in more words stays off; a value given beside its
-- default wins; a lead-in before a colon or a comma is dropped alone; a negation another word
-- takes, or a conjunction between, is not the setting's; "could not be combined" used it; a
-- parenthesis left open does not make the rest one clause.
for notes, want in pairs { ["TP overlap: not."] = true, ["TP comm overlap not explicitly enabled."] = true,
    ["TP comm overlap was not compatible with FP8 in this container."] = true, ["TP comm overlap not feasible on PCIe."] = true,
    ["TP comm overlap not being used."] = true, ["TP overlap: not the default (off)."] = true } do
  t.eq(measured.tp_overlap_off { notes = notes }, want, notes)
end
for notes, want in pairs { ["moe_a2a_overlap: True (default: False)."] = true,
    ["--overlap-moe-expert-parallel-comm (default: False) was passed."] = true,
    ["A2A overlap: not utilized."] = false, ["EP overlap: not explicitly enabled."] = false,
    ["EP overlap is disabled by default; this recipe does not change it."] = false } do
  t.eq(measured.ep_overlap { notes = notes }, want, notes)
end
for _, notes in ipairs { "Same settings as the other rows: TP_COMM_OVERLAP=False.", "See Sec. 4: TP comm overlap disabled.",
    "As discussed in Section 4, TP comm overlap is disabled.", "Unlike NeMo's default recipe, TP communication overlap was disabled.",
    "Throughput evaluated in a 512-GPU run, no TP overlap.", "See Table 2, TP comm overlap disabled." } do
  t.eq(measured.tp_overlap_off { notes = measured.own_text(notes) }, true, notes)
end
for notes, want in pairs { ["Async TP requires torch.compile, enabled here."] = "torchtitan_async_tp",
    ["2D parallel: FSDP2 + async TP, float8 off as it was not supported on A100."] = "torchtitan_async_tp",
    ["Async TP could not be combined with float8 in this release, so bf16."] = "torchtitan_async_tp",
    ["FSDP2 without CPU offload and with torch.compile."] = "torchtitan_compile",
    ["torch.compile enabled but the loss is not compiled."] = "torchtitan_compile",
    ["As discussed in Section 4.2, we use torch.compile with FSDP2."] = "torchtitan_compile",
    ["HSDP (replicate=2 shard=8. We do not use CPU offload. torch.compile enabled."] = "torchtitan_compile" } do
  t.eq(stack { framework = "torchtitan", notes = measured.own_text(notes) }, want, notes)
end
t.eq(stack { framework = "torchtitan (torch.compile; async TP as in the 405B run)" }, "torchtitan_async_tp")
t.eq(measured.token_dispatch { notes = "Not alltoall but DeepEP." }, true)
t.eq(measured.token_dispatch { notes = "DeepEP requires NVSHMEM; installed from source." }, true)
t.eq(measured.token_dispatch { notes = "EP=64 (see Table 3 for the recipe. DeepEP dispatcher; FP8 tried, slower." }, true)
t.eq(measured.own_text("e.g. TP=4, i.e. one node. DeepEP on."), "e.g. TP=4, i.e. one node. DeepEP on.")
-- helper-184's review: "not" reads as off before a word of use only ("not yet stable", "not
-- required but we enable it" say something else); a default said to be off is no reading, and
-- the sentence may turn the setting on; a hypothesis before the name; "We disable X", "X was kept
-- off"; torchtitan's "ZBVZeroBubble"; "compile on"; a parenthesis beside FlashAttention that does
-- not name it; a comparison's clause.
for notes, want in pairs { ["Async TP is not yet stable, but gave 8% here."] = "torchtitan_async_tp",
    ["torch.compile is not enabled by default; we turn it on."] = "torchtitan_compile",
    ["Async TP is not on by default; enabled here with torch.compile."] = "torchtitan_async_tp",
    ["torch.compile is off by default in this config."] = "torchtitan",
    ["FSDP2 + TP=4 (async TP not used), compile on."] = "torchtitan_compile" } do
  t.eq(stack { framework = "torchtitan", notes = notes }, want, notes)
end
t.eq(measured.token_dispatch { notes = "DeepEP is not enabled by default; we set moe_enable_deepep=True." }, true)
t.eq(measured.token_dispatch { notes = "We would use DeepEP on multi-node setups, but this run uses alltoall." }, false)
t.eq(measured.ep_overlap { notes = "EP overlap is off by default; this run turns it on." }, true)
t.eq(measured.ep_overlap { notes = "EP overlap is not enabled by default; we set it to True." }, true)
t.eq(measured.ep_overlap { notes = "EP all-to-all overlap could further improve this." }, false)
t.eq(measured.schedule { notes = "The DualPipe schedule is not enabled by default; we enable it." }, "dualpipe")
t.eq(measured.schedule { notes = "pipeline_parallel_schedule=ZBVZeroBubble" }, "zero_bubble_v")
t.eq(stack { framework = "Megatron-LM", source = "a 2023 blog", notes = "--use-mcore-models is not set by default in this release; we pass it." },
  "megatron_core")
t.eq(measured.tp_overlap_off { notes = "We disable TP comm overlap on GB200 since NVL72 bandwidth makes it unnecessary." }, true)
t.eq(measured.tp_overlap_off { notes = "TP comm overlap was kept off to match the MLPerf reference." }, true)
t.eq(measured.tp_overlap_off { notes = "TP comm overlap is not supported with FP8 on this release, so it was not used." }, true)
t.eq(measured.tp_overlap_off { notes = "TP comm overlap is disabled by default in NeMo but enabled in this recipe." }, false)
t.eq(measured.own_text("We compare against a FlashAttention baseline in Table 4; this run uses the standard attention."),
  " this run uses the standard attention.")
do
  local base = row("N21-T1-1.7B")
  local flash = copy(base, { notes = (base.notes or "") .. " Attention computed with FlashAttention (no attention recompute needed)." })
  local compared = copy(base, { notes = (base.notes or "") .. " We compare against a FlashAttention baseline in Table 4; this run uses the standard Megatron attention." })
  t.eq(measured.predict(flash).predicted_s < measured.predict(base).predicted_s, true, "the kernel the row names")
  t.eq(measured.predict(compared).predicted_s, measured.predict(base).predicted_s, "a comparison's kernel")
end
-- helper-185's review: "X disables it" is another run's unless X is the row's own; a negation
-- the sentence takes back ("...; the MoE run uses it") is none; "We do not enable X", "X was
-- never enabled", "replaced X with", "considered X but", "and was disabled"; the spelled-out TP
-- overlap; "DualPipe: yes", "Compile: on", "use_flash_attn: false"; a plan for a future release.
for notes, want in pairs { ["The 70B run disables TP comm overlap; this 405B run keeps it on."] = false,
    ["MLPerf disables TP comm overlap; we keep it enabled."] = false,
    ["ub_tp_comm_overlap=False, overlap_grad_reduce=True, overlap_param_gather=True"] = true,
    ["We do not enable tensor-parallel communication overlap."] = true, ["We do not enable TP comm overlap."] = true,
    ["TP comm overlap was never enabled on this system."] = true } do
  t.eq(measured.tp_overlap_off { notes = notes }, want, notes)
end
t.eq(measured.ep_overlap { notes = "EP A2A overlap was disabled for the dense baseline only; the MoE run uses it." }, true)
t.eq(measured.token_dispatch { notes = "We replaced DeepEP with the plain all-to-all dispatcher." }, false)
t.eq(measured.token_dispatch { notes = measured.own_text("We plan to enable DeepEP in a future release.") }, false)
t.eq(measured.schedule { notes = "We considered ZB-V but kept interleaved 1F1B." }, nil)
t.eq(measured.schedule { notes = "DualPipe: yes" }, "dualpipe")
t.eq(stack { framework = "torchtitan", notes = "2D (FSDP + TP), torch.compile; async TP gave no gain and was disabled." },
  "torchtitan_compile")
t.eq(stack { framework = "torchtitan", notes = "Compile: on" }, "torchtitan_compile")
do
  local base = row("N21-T1-1.7B")
  local off = copy(base, { notes = (base.notes or "") .. " --use-flash-attn; use_flash_attn: false" })
  t.eq(measured.predict(off).predicted_s, measured.predict(base).predicted_s, "use_flash_attn: false")
end
-- The misreadings left at the end of helper-185's round: another dispatcher said to have run
-- instead ("so alltoall was used"), the same name switched off in a clause of consequence ("so
-- async TP is off"), a requirement the run does not meet ("requires VPP, which this run does not
-- use"), a negation taken back by the name in full ("...; the MoE run uses EP A2A overlap"), and
-- "eager" said of a baseline or of a part of the model, not of the run.
for notes, want in pairs { ["The flex dispatcher with DeepEP was not stable at this scale, so alltoall was used."] = false,
    ["DeepEP does not yet support FP8 dispatch on this release, so the alltoall dispatcher was used."] = false,
    ["DeepEP hung at 256 GPUs, so we fell back to the all-to-all dispatcher."] = false,
    ["DeepEP crashed; we used alltoall instead."] = false,
    ["DeepEP requires NVSHMEM, which was not installed."] = false,
    ["DeepEP dispatch, so alltoall is not needed."] = true, ["We use DeepEP instead of alltoall."] = true,
    ["DeepEP on, so the all-to-all used NVSHMEM."] = true,
    ["DeepEP dispatcher; alltoall was used for the dense baseline."] = true,
    ["DeepEP requires NVSHMEM, which is not in the NGC container, so we built it."] = true,
    ["DeepEP for the 405B run, no DeepEP for the 8B run."] = true } do
  t.eq(measured.token_dispatch { notes = notes }, want, notes)
end
for notes, want in pairs { ["Async TP could not be combined with FP8 rowwise, so async TP is off."] = "torchtitan",
    ["Async TP could not be combined with float8, so bf16."] = "torchtitan_async_tp",
    ["Async TP on; async TP off for the 8B baseline."] = "torchtitan_async_tp",
    ["torch.compile on; the eager baseline was 12% slower."] = "torchtitan_compile",
    ["torch.compile gives 1.2x over eager."] = "torchtitan_compile",
    ["torch.compile enabled, eager for the loss."] = "torchtitan_compile",
    ["Run in eager mode; torch.compile was tried but was slower."] = "torchtitan",
    ["eager; torch.compile crashed with FP8."] = "torchtitan" } do
  t.eq(stack { framework = "torchtitan", notes = notes }, want, notes)
end
for notes, want in pairs { ["EP A2A overlap requires VPP, which this run does not use."] = false,
    ["EP A2A overlap needs interleaving, which we don't have at PP 1."] = false,
    ["EP A2A overlap requires VPP, which is set to 4."] = true,
    ["EP A2A overlap was disabled for the dense baseline only; the MoE run uses EP A2A overlap."] = true,
    ["EP A2A overlap was disabled for the dense baseline only; the MoE run has no EP A2A overlap either."] = false } do
  t.eq(measured.ep_overlap { notes = notes }, want, notes)
end

-- helper-191's probe (Google Cloud's gpu-recipes with NeMo and MaxText configs, FLM-101B): cells
-- written as the configs write them.
-- GPT-2's BPE tokenizer by its Megatron name: 50,257 tokens, padded to the multiple given
-- (50,257 / 128 = 392.6, so 393 x 128 = 50,304); a number beside it must be that vocabulary's.
t.eq(measured.count_cell("vocab", "GPT2BPETokenizer (vocab_file: gpt2-vocab.json), make_vocab_size_divisible_by: 128"), "50304")
t.eq(measured.count_cell("vocab", "50257 (GPT2BPETokenizer, vocab_file: gpt2-vocab.json; make_vocab_size_divisible_by: 128)"),
  "50304")
t.eq(measured.count_cell("vocab", "GPT2BPETokenizer"), "50257")
t.eq(measured.count_cell("vocab", "32000 (GPT2BPETokenizer)"), "32000 (GPT2BPETokenizer)", "another number: not read")
-- Megatron's num_query_groups: null is multi-head attention (GPT-3 175B: 96 heads, 96 groups).
t.eq(measured.count_cell("kv_heads", "num_query_groups: null"), "MHA")
t.eq(measured.count_cell("kv_heads", "num_query_groups: 8"), "8")
-- MaxText's per-device batch is the micro-batch.
t.eq(measured.count_cell("micro_batch", "per_device_batch_size: 4"), "4")
do  -- The MLP's width as an OmegaConf multiple of the hidden size: 4 x 12,288 = 49,152.
  local read = measured.parse_tsv("run_id\tffn_hidden\nx\tffn_hidden_size: ${multiply:4, ${.hidden_size}}\n")[1]
  t.eq(read.ffn_hidden, nil); t.eq(read.ffn_times_hidden, 4)
  local gpt3 = copy(row("N21-T1-1.7B"), { layers = "96", hidden = "12288", heads = "96", kv_heads = "MHA", ffn_hidden = false,
    ffn_times_hidden = read.ffn_times_hidden, ffn_expression = read.ffn_expression })
  local arch = assert(measured.architecture(gpt3))
  t.eq(arch.d_ff, 49152); t.eq(arch.kv_heads, 96)
  local swapped = measured.parse_tsv("run_id\tffn_hidden\nx\t${multiply:${.hidden_size}, 3.5}\n")[1]
  t.eq(swapped.ffn_times_hidden, 3.5)
end
-- NeMo's mcore_distributed_optim is the distributed optimizer (ZeRO 1); a DDP setting's key is no
-- DDP ("ddp_bucket_size" beside it), and DDP as a word still is.
t.eq(measured.parse_zero("optim: mcore_distributed_optim (overlap_grad_sync: true, ddp_bucket_size: 134217728)"), 1)
t.eq(measured.parse_zero("ddp_bucket_size: 134217728"), nil)
t.eq(measured.parse_zero("DDP"), 0); t.eq(measured.parse_zero("plain DDP (no sharding)"), 0)
-- MaxText's mesh axes: sharded over the FSDP axes (across nodes times within), replicated over
-- the data ones; an axis given twice with two values, or -1, leaves the degree open.
do
  local stage, shard = measured.parse_zero("dcn_data_parallelism: 32, ici_fsdp_parallelism: 8")
  t.eq(stage, 3); t.eq(shard, 8)
  stage, shard = measured.parse_zero("dcn_data_parallelism: 2, dcn_fsdp_parallelism: 16, ici_fsdp_parallelism: 8")
  t.eq(stage, 3); t.eq(shard, 128)
  stage, shard = measured.parse_zero("ici_fsdp_parallelism=8, dcn_data_parallelism=2")
  t.eq(stage, 3); t.eq(shard, 8)
  t.eq(measured.parse_zero("ici_fsdp_parallelism: 1, dcn_data_parallelism: 8"), 0)
  t.eq(measured.parse_zero("bf16 config: ici_fsdp_parallelism: 8; fp8 config: ici_fsdp_parallelism: 4"), nil)
  -- (ici_fsdp_parallelism -1 is the node's devices left, MaxText's default dcn_fsdp_parallelism
  -- 1 across nodes: HSDP over a node; since session 45, left open before. Beside an FSDP axis
  -- across nodes it stays open.)
  t.eq(measured.parse_zero("ici_fsdp_parallelism: -1"), 3); t.eq(select(3, measured.parse_zero("ici_fsdp_parallelism: -1")), true)
  local _, why = measured.request(copy(row("N21-T1-1.7B"), { zero_or_fsdp = "ici_fsdp_parallelism: -1, dcn_fsdp_parallelism: 4" }))
  t.eq(why:find("MaxText's FSDP axes give no one degree", 1, true) ~= nil, true, why)
end
-- A precision cell that says the format is not stated: not given (bf16, said), unless it names two.
t.eq(select(2, measured.parse_precision("not stated for the example: the README runs a bf16 config and an fp8 config")),
  'precision "not stated for the example: the README runs a bf16 config and an fp8 config" names two formats: which ran is not said')
t.eq(measured.parse_precision("not stated"), nil); t.eq(select(2, measured.parse_precision("not stated")), nil)
do
  local r = assert(measured.request(copy(row("N21-T1-1.7B"), { precision = "not stated (mixed precision assumed)" })))
  t.eq(table.concat(r.assumed, "\n"):find('precision "not stated (mixed precision assumed)": not given: bf16', 1, true) ~= nil, true)
end
-- A FLOP count said not to be stated is not given, whatever the cell goes on to cite.
do
  local formula, how = measured.flop_formula { tflops_counting = "not stated for Table 2 (the paper's cost estimation cites Narayanan et al. 2021)" }
  t.eq(formula, "6n")
  t.eq(how:find("not stated, read as not given", 1, true) ~= nil, true, how)
end
t.eq(measured.parse_precision("not stated (FP8 assumed)"), "fp8", "one format named: the transcriber's reading")
t.eq(measured.parse_zero("torch_ddp"), 0)

-- helper-192's and helper-193's probes (papers' appendices; cloud and framework blogs).
t.eq(measured.parse_yes_no("--sequence-parallel passed by the launcher (TP 1: nothing to split)"), true)
t.eq(measured.parse_yes_no("--sequence-parallel not passed"), false, "taken back: the flag not given, off (helper-319)")
t.eq(measured.parse_yes_no("--sequence-parallel was removed"), nil)
-- torchtitan's data-parallel degree of -1: the GPUs left, as an empty dp cell.
t.eq(measured.count_cell("dp", "data_parallel_shard_degree = -1"), nil)
t.eq(measured.count_cell("dp", "data_parallel_shard_degree = 4"), "data_parallel_shard_degree = 4", "a shard degree is no dp")
t.eq(measured.count_cell("micro_batch", "batch size of 8 per GPU"), "8")
t.eq(measured.count_cell("global_batch_seqs", "The global batch size is set to 2048 via gradient accumulation (GA)."), "2048")
t.eq(measured.count_cell("global_batch_seqs", "global batch size is 4M tokens"), "global batch size is 4M tokens")
t.eq(measured.count_cell("tp", "no tensor/pipeline parallelism"), "1"); t.eq(measured.count_cell("pp", "no tensor/pipeline parallelism"), "1")
t.eq(measured.count_cell("cp", "no tensor/pipeline parallelism"), "no tensor/pipeline parallelism", "another parallelism's")
t.eq(measured.count_cell("moe_topk", "top-1 expert"), "1"); t.eq(measured.count_cell("moe_topk", "top-2 experts"), "2")
-- Narayanan et al.'s formula by name on a row that recomputes nothing: their count without the
-- recompute forward, 72 B s l h^2 (1 + s/6h + V/12lh); with full recompute, the 96 form.
t.eq(measured.flop_formula { tflops_counting = "Narayanan et al. (2021)'s derivation", recompute = "none" }, "korthikanti")
t.eq(measured.flop_formula { tflops_counting = "Narayanan et al. (2021)'s derivation", recompute = "full" }, "narayanan")
t.eq(measured.flop_formula { tflops_counting = "Narayanan et al. (2021)'s derivation" }, "narayanan", "recompute not said")
-- FP8 attention is said to be costed at the 16-bit rate; switched off, nothing is said.
t.eq(select(2, measured.parse_precision("FP8DPA")), 'precision "FP8DPA": FP8 linears; its FP8 attention is costed at the 16-bit attention rate')
t.eq(select(2, measured.parse_precision("FP8 (fp8_dot_product_attention=False)")), nil)
-- A precision cell that names only an attention kernel: no format given.
t.eq(select(3, measured.parse_precision("FlashAttention enabled in the HF/DeepSpeed implementation")), true)
do
  -- Megatron-LM's untie flag; the activation named without the MLP, on a model of no known family.
  local r = copy(row("N21-T1-1.7B"), { notes = "launcher: --untie-embeddings-and-output-weights --use-flash-attn" })
  t.eq(assert(measured.architecture(r)).tied, false)
  local plain = copy(row("N21-T1-1.7B"), { model = "FOG-flash 8B (GeLU activation)", ffn_hidden = "21504", hidden = "4096",
    heads = "32", layers = "32" })
  t.eq(assert(measured.architecture(plain)).gated, false, "GeLU named: a plain MLP, whatever the ratio (5.25)")
end
do  -- The data-parallel overlaps a row sets.
  local g, p = measured.dp_overlap { zero_or_fsdp = "DistributedOptimizer (overlap_grad_reduce: false, overlap_param_gather: false)" }
  t.eq(g, false); t.eq(p, false)
  g, p = measured.dp_overlap { zero_or_fsdp = "OverlappedDistributedOptimizer" }
  t.eq(g, true); t.eq(p, true)
  g, p = measured.dp_overlap { notes = "--use-distributed-optimizer --overlap-grad-reduce" }
  t.eq(g, true); t.eq(p, nil)
  g = measured.dp_overlap { notes = "no --overlap-grad-reduce" }
  t.eq(g, false)
  t.eq(measured.dp_overlap { zero_or_fsdp = "distributed optimizer" }, nil)
  -- On a stack that overlaps, a row that says it did not runs without.
  local r = assert(measured.request(copy(row("MBridge-25.11-LLAMA3_70B-64"), { notes = "overlap_grad_reduce: false" })))
  t.eq(r.run.stack.dp_overlap, false)
  t.eq(table.concat(r.assumed, "\n"):find("the gradient reduction not overlapped, as the row says", 1, true) ~= nil, true)
end
t.eq(stack { framework = "Megatron-LLaMA (Alibaba)" }, "megatron_2022")
do  -- ZB-V's own two chunks, and a V-family schedule dml has no model of, said.
  local base = copy(row("N21-T1-145.6B"), { notes = "ZB-V schedule", vpp_interleave = "2" })
  local r = assert(measured.request(base))
  t.eq(r.layout.schedule, "zero_bubble_v"); t.eq(r.layout.interleave, nil)
  local v = assert(measured.request(copy(row("N21-T1-145.6B"), { notes = "V-Half schedule (Qi et al. 2024)", vpp_interleave = "2" })))
  t.eq(table.concat(v.assumed, "\n"):find("schedule V-HALF (Qi et al. 2024) not modelled: costed as interleaved 1F1B", 1, true) ~= nil,
    true)
end

-- helper-195's probe (AMD Accelerator Cloud logs, FlagPerf's and ms-swift's MoE runs, a torchtitan
-- MoE write-up): a number restated under a flag or a key without a sign, the experts' width under
-- its key or said of every layer, "TP with sequence parallel", Megatron's argument dump, a remark
-- after a recompute flag, and a model the cell says it is not.
t.eq(measured.count_cell("seq_len", "4096 (--seq-length 4096)"), "4096")
t.eq(measured.count_cell("seq_len", "8192 (--max_length 8192, --packing true)"), "8192")
t.eq(measured.count_cell("ep", "1 (--expert-model-parallel-size 1)"), "1")
t.eq(measured.count_cell("tp", "2 (--tensor-model-parallel-size 4)"), "2 (--tensor-model-parallel-size 4)", "another number")
do
  -- (The experts' width only: no dense width, which the model's configuration gives, below.)
  local read, _, more = measured.count_cell("ffn_hidden", "768 (moe_intermediate_size; every layer MoE)")
  t.eq(read, nil); t.eq(more.expert_d_ff, "768")
  read, _, more = measured.count_cell("ffn_hidden", "5504 (--ffn-hidden-size 5504; every layer MoE)")
  t.eq(read, nil); t.eq(more.expert_d_ff, "5504")
  t.eq(measured.count_cell("ffn_hidden", "1408 (moe_intermediate_size; dense 5632)"), "1408 (moe_intermediate_size; dense 5632)")
end
t.eq(measured.parse_yes_no("torchtitan TP with sequence parallel (tensor_parallel_degree = 4)"), true)
t.eq(measured.parse_yes_no("TP without sequence parallelism"), false)
t.eq(measured.parse_recompute("recompute_granularity None"), "none")
t.eq(measured.parse_recompute("--recompute-activations (README: recompute-activations)"), "selective")
t.eq(measured.parse_recompute("--recompute-activations (README: none)"), nil, "a remark naming another mode")
do
  local pai = copy(row("N21-T1-1.7B"), { model = "Pai_Qwen1.5_MoE (top-2 of 8 experts; not Qwen1.5-MoE-A2.7B's 60-expert layout)",
    layers = "24", hidden = "2048", heads = "16", kv_heads = "16", ffn_hidden = "5504", expert_d_ff = "5504", vocab = "151936", moe_experts = "8",
    moe_topk = "2" })
  local arch = assert(measured.architecture(pai))
  t.eq(arch.experts, 8); t.eq(arch.top_k, 2); t.eq(arch.shared or 0, 0); t.eq(arch.expert_d_ff, 5504)
  -- (Without the experts' width, Qwen1.5-MoE-A2.7B's published one, 1408, is not taken.)
  local _, why = measured.architecture(copy(pai, { expert_d_ff = false }))
  t.eq(why, "no expert width for the MoE layers (a Qwen or DeepSeek MoE without its published config: its ffn_hidden may be the dense width)")
end
-- A count cell is a few words: past 200 bytes, or a run of digits past 18, is none, returned unsearched
-- (helper-194: "per_device_batch_size: " and 16 KB of digits took minutes).
t.eq(measured.count_cell("micro_batch", "per_device_batch_size: " .. ("9"):rep(16000)), "per_device_batch_size: " .. ("9"):rep(16000))
t.eq(measured.count_cell("micro_batch", "mbs " .. ("9"):rep(19)), "mbs " .. ("9"):rep(19))
t.eq(measured.count_cell("micro_batch", "mbs " .. ("9"):rep(18)), ("9"):rep(18))
-- helper-194's review of the readings above: what they must not read.
t.eq(measured.count_cell("vocab", "GPT2BPETokenizer (extended to 65536 tokens)"), "GPT2BPETokenizer (extended to 65536 tokens)")
t.eq(measured.count_cell("vocab", "GPT2BPETokenizer, vocab_size: 32000"), "GPT2BPETokenizer, vocab_size: 32000")
t.eq(measured.count_cell("vocab", "cl100k_base (not GPT2BPETokenizer)"), "cl100k_base (not GPT2BPETokenizer)")
t.eq(measured.count_cell("vocab", "--tokenizer-type GPT2BPETokenizer --vocab-file gpt2-vocab.json --make-vocab-size-divisible-by 128"),
  "50304")
t.eq(measured.parse_zero("distributed optim: off"), 0); t.eq(measured.parse_zero("non-distributed optim (fused_adam)"), 0)
t.eq(measured.parse_zero("mcore_distributed_optim: disabled; torch DDP"), 0)
t.eq(measured.parse_zero("--ddp-bucket-size 40000000"), nil)
t.eq(measured.parse_zero("ddp_bucket_size=40M, plain data parallel"), 0)
do
  local stage, shard = measured.parse_zero('{"dcn_data_parallelism": 16, "ici_fsdp_parallelism": 8}')
  t.eq(stage, 3); t.eq(shard, 8)
  t.eq(measured.parse_zero("dcn_data_parallelism: 4, ici_fsdp_parallelism: $GPUS_PER_NODE"), nil)
  t.eq(measured.parse_zero("ici_fsdp_parallelism: 4294967296, dcn_fsdp_parallelism: 4294967296"), nil)
  t.eq(measured.parse_zero("dcn_data_parallelism: 32, ici_fsdp_parallelism: 8 (ZeRO-1 style: only optimizer states sharded)"), 1,
    "qualified: read as before")
end
t.eq(measured.parse_precision("not stated (no FP8, no FP4)"), nil); t.eq(select(3, measured.parse_precision("not stated (no FP8, no FP4)")), true)
t.eq(measured.parse_precision("not stated (FP8 tested but slower; BF16 reported)"), "bf16")
t.eq(measured.parse_precision("not stated whether BF16 master weights were kept; GEMMs in FP8"), "fp8")
t.eq(measured.flop_formula { tflops_counting = "not stated whether recompute is counted; formula 96*B*s*l*h^2*(1+s/6h+V/16lh)" }, "narayanan")
t.eq(measured.flop_formula { tflops_counting = "not specified in Table 3; Sec. 4.2 computes MFU with 6ND", source = "NeMo" }, "6n")
-- A setting past 2 KB is not understood, not searched (helper-196: seconds each).
t.eq(measured.parse_recompute("no" .. (" "):rep(16380) .. "y"), nil)
t.eq(measured.parse_yes_no("--sequence-parallel " .. ("(x) "):rep(4000) .. "(y)"), nil)
do  -- A model cell is read in its first 256 bytes (helper-196: 16 KB of one ran for hours).
  local long = copy(row("MBridge-25.11-LLAMA3_8B-8"), { model = "dp_shard" .. ("-"):rep(16000) .. "1" })
  t.eq(measured.architecture(long) ~= nil, true, "read from the row's own cells, in time")
  t.eq(measured.model_name("Llama 3 8B" .. (" x"):rep(200)):sub(1, 10), "llama 3 8b")
end
-- helper-196's review of the readings above: what they must not read, and a remark with a
-- percent sign (it raised an error).
t.eq(measured.parse_recompute("--recompute-activations (saves 20% memory)"), nil)
t.eq(measured.parse_recompute("--recompute-activations (dropped in the final run)"), nil)
t.eq(measured.parse_yes_no("--sequence-parallel commented out"), nil)
t.eq(measured.parse_yes_no("FSDP with sequence parallel"), nil); t.eq(measured.parse_yes_no("no runs with sequence parallel"), false)
t.eq(measured.parse_yes_no("TP 8 with sequence parallel"), true)
t.eq(measured.count_cell("micro_batch", "batch size of 8 per GPU node"), "batch size of 8 per GPU node")
t.eq(measured.count_cell("global_batch_seqs", "global batch size is 4M"), "global batch size is 4M")
t.eq(measured.count_cell("global_batch_seqs", "global batch size is 1024 initially, ramping up"), "global batch size is 1024 initially, ramping up")
t.eq(measured.count_cell("pp", "no interleaved pipeline parallelism"), "no interleaved pipeline parallelism")
t.eq(measured.count_cell("ep", "no expert tensor parallelism"), "no expert tensor parallelism")
t.eq(measured.count_cell("num_gpus", "64 (--nnodes 64)"), "64 (--nnodes 64)")
t.eq(measured.count_cell("ffn_hidden", "11008 (intermediate_size, not moe_intermediate_size)"),
  "11008 (intermediate_size, not moe_intermediate_size)")
t.eq(measured.flop_formula { tflops_counting = "Narayanan et al.'s formula (HFU)", recompute = "none" }, "narayanan")
t.eq(select(2, measured.parse_precision("FP8 (no FP8 attention)")), nil)
t.eq(measured.dp_overlap { notes = "OverlappedDistributedOptimizer was slower; we used DistributedOptimizer" }, nil)
t.eq(measured.dp_overlap { notes = "overlap_grad_reduce=1" }, true)
t.eq(measured.dp_overlap { notes = "--overlap-grad-reduce was tried but removed" }, nil)
t.eq(stack { framework = "NeMo Megatron LLaMA2 recipe" }, "megatron_core")
do
  local n17 = row("N21-T1-1.7B")
  t.eq(assert(measured.architecture(copy(n17, { notes = "without --untie-embeddings-and-output-weights" }))).tied, true)
  local geglu = copy(n17, { model = "FOG 8B (GeLU activation, GeGLU)", ffn_hidden = "8192", hidden = "2048" })
  t.eq(assert(measured.architecture(geglu)).gated, true)
  local l8 = row("MBridge-25.11-LLAMA3_8B-8")
  t.eq(assert(measured.architecture(copy(l8, { model = "Llama 3 8B base, not Llama 3 8B Instruct", ffn_hidden = false }))).d_ff, 14336)
end
t.eq(measured.dp_overlap { notes = "overlap_grad_reduce=0" }, false)

-- The session after helper-196's review: what its list left misread.
-- A number restated under another column's key is not this column's ("8
-- (pipeline_model_parallel_size: 8)" in tp); under its own, or a key no column has, it is.
t.eq(measured.count_cell("tp", "8 (pipeline_model_parallel_size: 8)"), "8 (pipeline_model_parallel_size: 8)")
t.eq(measured.count_cell("tp", "8 (gpus: 8)"), "8 (gpus: 8)")
t.eq(measured.count_cell("pp", "8 (pipeline_model_parallel_size: 8)"), "8")
t.eq(measured.count_cell("tp", "8 (tensor_model_parallel_size: 8)"), "8")
t.eq(measured.count_cell("kv_heads", "8 (head_groups: 8)"), "8")
-- Megatron's argument dump with every recompute key unset is none; one of them set is not.
t.eq(measured.parse_recompute("recompute_granularity None, recompute_method None"), "none")
t.eq(measured.parse_recompute("recompute_granularity: null; recompute_method: null; recompute_num_layers: null"), "none")
t.eq(measured.parse_recompute("recompute_granularity None, recompute_method uniform"), nil)
t.eq(measured.parse_recompute("recompute_method None, recompute_num_layers None"), nil)
t.eq(measured.parse_recompute("recompute_granularity full, recompute_method None"), "full")
-- torchtitan's layer-level selective checkpointing: every Nth layer wrapped whole (its
-- activation_checkpoint.py), full recompute of 1/N of the layers; the option beside mode none or
-- full is that mode's.
do
  local mode, _, some = measured.parse_recompute('mode = "selective", selective_ac_option = "2"')
  t.eq(mode, "full"); t.eq(some.share, 0.5)
  mode, _, some = measured.parse_recompute("selective_ac_option: 4")
  t.eq(mode, "full"); t.eq(some.share, 0.25)
  t.eq((measured.parse_recompute('mode = "selective", selective_ac_option = "1"')), "full")
  t.eq(select(3, measured.parse_recompute('mode = "selective", selective_ac_option = "1"')), nil)
  t.eq((measured.parse_recompute('mode = "none", selective_ac_option = "2"')), "none")
  t.eq((measured.parse_recompute('mode = "full", selective_ac_option = "2"')), "full")
  t.eq((measured.parse_recompute('mode = "selective", selective_ac_option = "op"')), "op")
end

-- helper-197's probe (MoE runs from Pai-Megatron-Patch, Megatron-LM's and NeMo-RL's issues, TRL,
-- marin): Megatron's startup lines' labels with hyphens, a hidden_dim key, "10 KV", a per-device
-- batch in words, racks in a GPU count's remark, nodes of N GPUs, a sequence length's remark that
-- names its column, the experts as a flag or a key, a shared expert with an adjective, the dense
-- and the experts' widths each under its key, and sequences beside their length or tokens.
t.eq(measured.count_cell("tp", "tensor-model-parallel size: 2"), "2")
t.eq(measured.count_cell("dp", "data-parallel size: 8"), "8")
t.eq(measured.count_cell("tp", "model-parallel size: 2"), "2")  -- (GPT-NeoX's and DeepSpeed's key for the tensor degree)
t.eq(measured.count_cell("hidden", "hidden_dim 5120"), "5120")
t.eq(measured.count_cell("kv_heads", "10 KV"), "10")
t.eq(measured.count_cell("micro_batch", "per-device batch 1"), "1")
t.eq(measured.count_cell("num_gpus", "512 (8 racks)"), "512")
t.eq(measured.count_cell("num_gpus", "2 8xH100 DGX nodes"), "16")
t.eq(measured.count_cell("num_gpus", "Nodes 4, GPUs 8"), "Nodes 4, GPUs 8")
t.eq(measured.count_cell("seq_len", "4k (Max Seq Length)"), "4096")
t.eq(measured.count_cell("seq_len", "4k (packed)"), "4k (packed)")
t.eq(measured.count_cell("global_batch_seqs", "8,192 seq × 4096"), "8192")
t.eq(measured.count_cell("global_batch_seqs", "2 sequences / ~4k tokens"), "2")
t.eq(select(2, measured.count_cell("global_batch_seqs", "2 sequences / ~4k tokens")), 'global_batch_seqs "2 sequences / ~4k tokens" read as 2')
t.eq(measured.count_cell("global_batch_seqs", "8,192 x 4096"), "8,192 x 4096")
t.eq(table.pack(measured.parse_experts("--num-experts 8"))[1], 8)
t.eq(table.pack(measured.parse_experts("num_local_experts: 8"))[1], 8)
t.eq(measured.parse_experts("--num-experts 8 --moe-router-topk 2"), nil)
t.eq(select(2, measured.parse_experts("64 (+ 1 always-on shared expert)")), 1)
do
  local d, _, ex = measured.count_cell("ffn_hidden", "6144 (--ffn-hidden-size 6144; --moe-ffn-hidden-size 768)")
  t.eq(d, "6144"); t.eq(ex.expert_d_ff, "768"); t.eq(ex.dense_layers, nil)
  d, _, ex = measured.count_cell("ffn_hidden", "moe_intermediate_size 1408 (intermediate_size 10944, first_k_dense_replace 1)")
  t.eq(d, "10944"); t.eq(ex.expert_d_ff, "1408"); t.eq(ex.dense_layers, "1")
  -- (Numbers under no key, or a width given twice two ways, are not read.)
  t.eq(measured.count_cell("ffn_hidden", "6144 (--ffn-hidden-size 6144; --moe-ffn-hidden-size 768; 4 shared)"),
    "6144 (--ffn-hidden-size 6144; --moe-ffn-hidden-size 768; 4 shared)")
  t.eq(measured.count_cell("ffn_hidden", "6144 (--ffn-hidden-size 8192; --moe-ffn-hidden-size 768)"),
    "6144 (--ffn-hidden-size 8192; --moe-ffn-hidden-size 768)")
  t.eq(select(2, measured.count_cell("ffn_hidden", "14336 (moe_ffn_hidden_size 14336)")),
    'ffn_hidden "14336 (moe_ffn_hidden_size 14336)" read as 14336, the experts\' width')
end

-- helper-198's probe (dense runs: GLM-130B's log, GPT-NeoX-20B, swiss-ai's Megatron-LM, Colossal-AI,
-- Fast-LLM, Megatron-DeepSpeed after its 2023 sync): the tensor degree as "model parallel"
-- (GLM's "MP = 4", DeepSpeed's "mp_size=4"); Megatron-DeepSpeed with sequence parallelism on the
-- 2022 stack; its throughput calculator's factor written as a letter, 4 only with
-- --checkpoint-activations (or selective, where the cell says so), refused at 3.
t.eq(measured.count_cell("tp", "MP = 4"), "4")
t.eq(measured.count_cell("tp", "mp_size=4"), "4")
t.eq(stack { framework = "Megatron-DeepSpeed (new, with sequence parallelism and FlashAttention)" }, "megatron_2022")
t.eq(stack { framework = "Megatron-DeepSpeed", sequence_parallel = "--sequence-parallel" }, "megatron_2022")
t.eq(stack { framework = "Megatron-DeepSpeed (without sequence parallelism)" }, "megatron_2021")
t.eq(stack { framework = "Megatron-DeepSpeed" }, "megatron_2021")
do
  local calc = "Megatron-DeepSpeed throughput_calculator (megatron/utils.py): 24 x f x B x s x L x h^2 x (1 + s/6h + V/16Lh), "
    .. "f = 4 with --checkpoint-activations or selective recompute, otherwise 3"
  t.eq(measured.flop_formula { tflops_counting = calc, recompute = "--checkpoint-activations" }, "narayanan")
  t.eq(measured.flop_formula { tflops_counting = calc, recompute = "selective" }, "narayanan")
  t.eq(measured.flop_formula { tflops_counting = calc,
    recompute = "--recompute-granularity full --recompute-method uniform --recompute-num-layers 1" }, nil)
  t.eq(measured.flop_formula { tflops_counting = calc, recompute = "none" }, nil)
  t.eq(measured.flop_formula { tflops_counting = "24 * checkpoint_activations_factor * B * s * l * h^2 * (1 + s/6h + V/16lh)",
    recompute = "full" }, "narayanan")
  t.eq(measured.flop_formula { tflops_counting = "24 * checkpoint_activations_factor * B * s * l * h^2 * (1 + s/6h + V/16lh)",
    recompute = "selective" }, nil)
end

-- helper-200's review of those readings: a remark that makes a model-parallel degree a product or
-- the pipeline's, or a hidden_dim the MLP's, is another unit; a count restated under a node's or
-- the experts' key is not num_gpus' or moe_topk's; an unset dump with a recompute switch in its
-- remark is not none; torchtitan's option other than "op" or a whole number from 1 is not read;
-- Megatron-DeepSpeed beside Ulysses' sequence parallelism or one it lacks stays 2021's.
t.eq(measured.count_cell("tp", "MP = 8 (TP×PP)"), "MP = 8 (TP×PP)")
t.eq(measured.count_cell("tp", "MP = 8 (pipeline)"), "MP = 8 (pipeline)")
t.eq(measured.count_cell("hidden", "hidden_dim 13824 (FFN)"), "hidden_dim 13824 (FFN)")
t.eq(measured.count_cell("num_gpus", "8 (gpus_per_node: 8)"), "8 (gpus_per_node: 8)")
t.eq(measured.count_cell("moe_topk", "8 (num_experts: 8)"), "8 (num_experts: 8)")
t.eq(measured.count_cell("gpus_per_node", "nproc_per_node=8"), "8")
t.eq(measured.count_cell("num_gpus", "2x 8xH100 nodes"), "16")
t.eq(measured.count_cell("num_gpus", "4 nodes of 8 H100"), "32")
t.eq(measured.count_cell("num_gpus", "2 8xA100 40GB nodes"), "16")
t.eq(measured.count_cell("kv_heads", "8 KV groups (GQA)"), "8")
t.eq(measured.count_cell("kv_heads", "1 KV (MQA)"), "1")
t.eq(measured.count_cell("global_batch_seqs", "8,192 seq × 4096 tokens"), "8192")
t.eq(measured.count_cell("global_batch_seqs", "2 sequences of 4k"), "2")
t.eq(measured.parse_recompute("recompute_granularity None, recompute_method None (but --recompute-activations in the launch script)"), nil)
for _, cell in ipairs { 'selective_ac_option = "2.5"', 'selective_ac_option = "0"', 'selective_ac_option = "-1"',
                        "selective_ac_option = '2' (not used: mode = 'op')" } do
  t.eq(measured.parse_recompute(cell), nil, cell)
end
t.eq((measured.parse_recompute('ac mode "none" (selective_ac_option = "2" ignored)')), "none")
t.eq(select(3, measured.parse_recompute('selective_ac_option = "2", per_op_sac_force_recompute_mm_shapes_by_fqns = ["moe.router.gate"]')).share, 0.5)
t.eq(table.pack(measured.parse_experts("experts: 8 (top-2)"))[1], 8)
t.eq(select(2, measured.parse_experts("n_routed_experts: 256, n_shared_experts: 1")), 1)
t.eq(stack { framework = "Megatron-DeepSpeed (DeepSpeed-Ulysses sequence parallelism)" }, "megatron_2021")
t.eq(stack { framework = "Megatron-DeepSpeed (sequence parallelism unsupported in this fork)" }, "megatron_2021")
t.eq(stack { framework = "Megatron-DeepSpeed (before sequence parallelism was merged)" }, "megatron_2021")
-- (A recompute cell past 2 KB beside the calculator's formula is read no further: no factor 4.)
t.eq(measured.flop_formula { tflops_counting = "24 x f x B x s x L x h^2 x (1 + s/6h + V/16Lh), f = 4 with --checkpoint-activations, otherwise 3",
  recompute = string.rep("-", 16384) .. "--checkpoint-activations" }, nil)

-- helper-201's probe (prime-rl's B200 and H200 fine-tuning, ROCm Transformer Engine's issues,
-- EasyContext's ring attention): a node's GPUs by their model, a Python dataclass's field, "bsz",
-- "batch size 28", "8,192 seq", GPT-2's sizes by name, an activation-checkpointing config class,
-- and a rate-measured row without a batch: its micro-batch on each data-parallel rank.
t.eq(measured.count_cell("gpus_per_node", "8xB200"), "8")
t.eq(measured.count_cell("gpus_per_node", "8 A100"), "8")
t.eq(measured.count_cell("gpus_per_node", "8 nodes"), "8 nodes")
t.eq(measured.count_cell("vocab", "vocab_size: int  = 50304 # V"), "50304")
t.eq(measured.count_cell("seq_len", "max_seq_len: int = 1024"), "1024")
t.eq(measured.count_cell("micro_batch", "bsz=14"), "14")
t.eq(measured.count_cell("micro_batch", "batch size 28"), "28")
t.eq(measured.count_cell("tp", "TP size 8"), "8")
t.eq(measured.count_cell("global_batch_seqs", "8,192 seq"), "8192")
do
  local a = assert(measured.architecture(copy(row("N21-T1-1.7B"), { model = "GPT-2 XL 1.5B", layers = false, hidden = false,
    heads = false, ffn_hidden = false, vocab = false })))
  t.eq(a.layers, 48); t.eq(a.d_model, 1600); t.eq(a.heads, 25)
end
t.eq((measured.parse_recompute("Recompute (--model.ac; ActivationCheckpointConfig freq=1)")), "full")
t.eq(select(3, measured.parse_recompute("ActivationCheckpointConfig(freq=2)")).share, 0.5)
t.eq((measured.parse_recompute("no ActivationCheckpointConfig")), "none")
t.eq(measured.global_batch({ micro_batch = "8", num_gpus = "16", tp = "2", tokens_per_s = "250" }, 1024), 64)
t.eq(measured.global_batch({ micro_batch = "8", num_gpus = "16", pp = "2", tokens_per_s = "250" }, 1024), nil)
t.eq(measured.global_batch({ micro_batch = "8", num_gpus = "16", iter_time_s = "2", tokens_per_s = "250" }, 1024), nil)
t.eq(measured.global_batch({ num_gpus = "16", tokens_per_s = "250" }, 1024), nil)

-- helper-204's review of those readings: a dataclass field with anything but a comment after its
-- number, a micro-batch whose remark makes it global, a GPT-2 size with a suffix, an
-- activation-checkpointing class without its frequency, and a rate-measured row whose notes
-- speak of accumulation or a global batch, or whose dp cell is not the GPUs' data-parallel
-- degree, are not read so.
t.eq(measured.count_cell("vocab", "vocab_size: int = 32_000"), "vocab_size: int = 32_000")
t.eq(measured.count_cell("seq_len", "max_seq_len: int = 1024  # 2048 in the run"), "max_seq_len: int = 1024  # 2048 in the run")
t.eq(measured.count_cell("micro_batch", "bsz=512 (global)"), "bsz=512 (global)")
t.eq(measured.count_cell("micro_batch", "batch size 28 (global)"), "batch size 28 (global)")
t.eq((measured.parse_recompute("ActivationCheckpointConfig(mode='selective', selective_ac_option='op')")), "op")
t.eq((measured.parse_recompute("ActivationCheckpointConfig(freq=0)")), nil)
do
  local a = measured.architecture(copy(row("N21-T1-1.7B"), { model = "GPT-2 XL-ish 2B", layers = false, hidden = false,
    heads = false, ffn_hidden = false, vocab = false }))
  t.eq(a, nil)
end
t.eq(measured.global_batch({ micro_batch = "4", num_gpus = "8", tokens_per_s = "1000", notes = "gradient_accumulation_steps=8" }, 1024), nil)
t.eq(measured.global_batch({ micro_batch = "4", num_gpus = "8", tokens_per_s = "1000", notes = "GBS=256" }, 1024), nil)
t.eq(measured.global_batch({ micro_batch = "4", num_gpus = "32", dp = "4", tokens_per_s = "1000" }, 1024), nil)
t.eq(measured.global_batch({ micro_batch = "4", num_gpus = "8", tflops_per_gpu = "532.68 TFLOP/s" }, 1024), 32)
t.eq(measured.global_batch({ micro_batch = "4", num_gpus = "8", tokens_per_s = "n/a" }, 1024), nil)
t.eq(measured.global_batch({ micro_batch = "8192", num_gpus = "8", tokens_per_s = "1000" }, 8192), nil)
-- (A token batch past 200 bytes is not searched: 2 KB of spaces took 23 s.)
t.eq(measured.global_batch({ global_batch_tokens = string.rep(" ", 2048) .. "x" }, 1024), nil)
-- A trainer that shards data only, with no layout given: data parallel over every GPU.
t.eq(measured.data_parallel_only { framework = "Hugging Face Accelerate (FSDP)" }, true)
t.eq(measured.data_parallel_only { framework = "Lightning Fabric", zero_or_fsdp = "FSDPStrategy(sharding_strategy='FULL_SHARD')" }, true)
t.eq(measured.data_parallel_only { framework = "DeepSpeed", zero_or_fsdp = "ZeRO-3" }, true)
t.eq(measured.data_parallel_only { framework = "Megatron-DeepSpeed" }, false)
t.eq(measured.data_parallel_only { framework = "torchtitan (FSDP2)" }, false)
t.eq(measured.data_parallel_only { framework = "PyTorch FSDP + tensor parallel" }, false)
do
  local granite = copy(row("N21-T1-1.7B"), { framework = "Hugging Face Accelerate (FSDP)", tp = false, pp = false, dp = false,
    cp = false, zero_or_fsdp = "FSDP FULL_SHARD", num_gpus = "8", gpus_per_node = "8", global_batch_seqs = "64", micro_batch = "8" })
  local req = assert(measured.request(granite))
  t.eq(req.search, false); t.eq(req.layout.tp, 1); t.eq(req.layout.pp, 1); t.eq(req.layout.dp, 8)
end

-- helper-202's and 203's probes (general-purpose trainers; open models' technical reports):
-- trainers' checkpointing flags and words, a step time that spans iterations, "/" as a table's
-- placeholder, batches and nodes in words, degrees in a report's prose, sequence parallelism in a
-- sentence, GPU counts as servers or with their memory, GPU-hours per trillion tokens and days
-- over steps, and MFU without its peak on a 16-bit run.
for cell, mode in pairs { ["--gradient_checkpointing"] = "full", ["--use_gradient_checkpointing True"] = "full",
                          ["+ Activation Checkpointing (enable_activation_checkpointing=True)"] = "full",
                          ['pipeline: {"activation_checkpoint_interval": 1}'] = "full", ["activation_checkpoint_interval: 0"] = "none",
                          ["Checkpointing avoided"] = "none",
                          ["checkpoint_activations True (checkpoint_num_layers 1; partition_activations True)"] = "full",
                          ["--gradient_checkpointing False"] = "none", ["model.gradient_checkpointing_enable()"] = "full" } do
  t.eq((measured.parse_recompute(cell)), mode, cell)
end
t.eq((measured.parse_recompute("--recompute-activations")), "selective")
t.eq(measured.measured_time { iter_time_s = "26.05 s (45 iters)" }, nil)
t.eq(measured.measured_time { iter_time_s = "5.9 s (mean of 45 iters)" }, 5.9)
do
  local parsed = measured.parse_tsv("run_id\ttp\tpp\nx\t/\t/\n")
  t.eq(parsed[1].tp, nil); t.eq(parsed[1].pp, nil)
end
t.eq(measured.count_cell("micro_batch", "Batch size of 8"), "8")
t.eq(measured.count_cell("gpus_per_node", "Number of GPUs per node: 8"), "8")
t.eq(measured.count_cell("pp", "16-way Pipeline Parallelism (PP)"), "16")
t.eq(measured.count_cell("pp", "16-way zero-bubble pipeline parallelism"), "16")
t.eq(measured.count_cell("ep", "64-way Expert Parallelism (EP) spanning 8 nodes"), "64")
t.eq(measured.count_cell("dp", "32-fold data parallelism"), "32")
t.eq(measured.count_cell("tp", "8-way expert tensor parallelism"), "8-way expert tensor parallelism")
t.eq(measured.count_cell("pp", "16-way virtual pipeline"), "16-way virtual pipeline")
t.eq(measured.count_cell("tp", "without using costly Tensor Parallelism (TP)"), "1")
t.eq(measured.count_cell("num_gpus", "96 DGX-A100 GPU (8×40G) servers"), "768")
t.eq(measured.count_cell("num_gpus", "512 A100 80 GB GPUs distributed across 64 nodes"), "512")
t.eq(measured.count_cell("num_gpus", "512 A100 80 GB GPUs"), "512")
t.eq(measured.parse_yes_no("sequence parallelism used"), true)
t.eq(measured.parse_yes_no("sequence parallelism, as described by Korthikanti et al. (2022)"), true)
t.eq(measured.parse_yes_no("When Tensor Parallelism is enabled, Sequence Parallelism is enabled as well"), true)
do
  local r = { num_gpus = "8", seq_len = "4096", global_batch_seqs = "1024" }
  t.near(measured.measured_time(copy(r, { tokens_per_s_per_gpu = "180K H800 GPU hours per trillion tokens" })),
    1024 * 4096 / (1e12 / (180e3 * 3600) * 8), 1e-9)
  t.near(measured.measured_time(copy(r, { iter_time_s = "24 days / 250k iterations" })), 24 * 86400 / 250e3, 1e-9)
  t.near(measured.measured_time(copy(r, { iter_time_s = "24 days for train_steps: 4720000" })), 24 * 86400 / 4720000, 1e-9)
  t.eq(measured.measured_time(copy(r, { iter_time_s = "24 days / 250k tokens" })), nil)
end
do
  -- MFU without its peak, on a 16-bit run: of the GPU's dense 16-bit peak (the A100's 312 TFLOP/s).
  local a100 = copy(row("N21-T1-1.7B"), { iter_time_s = false, tokens_per_s = false, tokens_per_s_per_gpu = false,
    tflops_per_gpu = false, peak_tflops_assumed = false, mfu_pct = "40", precision = "bf16", tflops_counting = "6N + 12 L d s per token (PaLM)" })
  local _, how = measured.measured_time(a100)
  t.eq(how ~= nil and how:find("x 312 TFLOP/s %(not given") ~= nil, true, how)
  t.eq(measured.measured_time(copy(a100, { precision = "FP8" })), nil)
end

-- helper-205's review of those readings: "+ Activation Checkpointing" with a remark that limits or
-- takes it back, DeepSpeed's interval with more after it, a per-step figure beside the
-- iterations it averages, and GPT-NeoX as a data-only trainer, each not read so.
t.eq((measured.parse_recompute("+ Activation Checkpointing (attention only)")), nil)
t.eq((measured.parse_recompute("+ Activation Checkpointing (planned, not in this run)")), nil)
t.eq((measured.parse_recompute('"activation_checkpoint_interval": 2 (only in the PP stage 0)')), nil)
t.eq((measured.parse_recompute('"activation_checkpoint_interval": 1 for the 70B, 0 for the 7B')), nil)
t.eq(measured.measured_time { iter_time_s = "26 s (45 iters, mean)" }, 26)
t.eq(measured.measured_time { iter_time_s = "26.05 s/iter (45 iters)" }, 26.05)
t.eq(measured.data_parallel_only { framework = "GPT-NeoX (DeepSpeed)" }, false)
-- (A sharding cell not understood is named after reading its first 1 KB: 16 KB of digits took 6 s.)
t.eq(select(2, measured.request(copy(row("N21-T1-1.7B"), { zero_or_fsdp = string.rep("1", 16384) }))):find("not understood") ~= nil, true)

-- helper-206's probe (systems papers: USP, DistFlashAttn, Kuaishou's Megatron-Kwai artifact):
-- GQA switched off by a flag, layers per virtual stage in the interleave column, a sequence's
-- total beside a rank's share, a vocabulary restated under its flag, "B = 250", "TP-sp", and a
-- remark that takes a yes back in words.
t.eq(measured.count_cell("kv_heads", "GQA=0"), "MHA")
t.eq(measured.count_cell("kv_heads", "GQA=8"), "8")
t.eq(select(3, measured.count_cell("vpp_interleave", "PP_l=1 (--num-layers-per-virtual-pipeline-stage 1)")).layers_per_chunk, 1)
t.eq(measured.count_cell("seq_len", "64K total (8K per GPU)"), "65536")
t.eq(measured.count_cell("vocab", "32004 (--vocab-size 32004, NullTokenizer)"), "32004")
t.eq(measured.count_cell("vocab", "32000 (per rank)"), "32000 (per rank)")
t.eq(measured.count_cell("global_batch_seqs", "B = 250"), "250")
t.eq(measured.parse_yes_no("TP-sp (always employed)"), true)
t.eq(measured.parse_yes_no("SP (never employed)"), nil)
t.eq(measured.parse_yes_no("SP (not used)"), false)
do
  -- 80 layers on PP 8 at 2 layers a virtual stage: 5 chunks a stage.
  local r = copy(row("MBridge-25.09-LLAMA3_70B-64"), { vpp_interleave = false, pp = "8", tp = "4", dp = "2", cp = "1",
    layers_per_chunk = 2, vpp_expression = "--num-layers-per-virtual-pipeline-stage 2" })
  local req = assert(measured.request(r))
  t.eq(req.layout.interleave, 5)
  r.layers_per_chunk = 3
  t.eq(measured.request(r), nil)
end

-- helper-209's review of those readings: lowercase "b" (Megatron's micro-batch) is no global
-- batch, a total beside a share per sequence is a batch's, layers per virtual stage without a
-- pipeline refuse, and "GQA=-1" is no count.
t.eq(measured.count_cell("global_batch_seqs", "b = 8"), "b = 8")
t.eq(measured.count_cell("seq_len", "64K total (8K per sequence)"), "64K total (8K per sequence)")
t.eq(measured.count_cell("kv_heads", "GQA=-1"), "GQA=-1")
do
  local r = copy(row("MBridge-25.09-LLAMA3_70B-64"), { vpp_interleave = false, pp = "1", tp = "8", dp = "8", cp = "1",
    layers_per_chunk = 2, vpp_expression = "--num-layers-per-virtual-pipeline-stage 2" })
  t.eq(measured.request(r), nil)
end

-- helper-207's and 208's probes (GitHub issues' logs; PaddleNLP, Megatron-LLaMA, PaddleFormers):
-- PaddleNLP's recompute granularities, its virtual_pp_degree, a lower bound "1400+", Megatron's
-- argument dump and shell defaults, keys joined by an underscore, nodes "each with" their GPUs, a
-- model's count with "'s", labels on a measured figure, a unit at the end of a remark, an average
-- over a range of steps, a step figure of several steps, and a key with its config's path.
t.eq((measured.parse_recompute("recompute_granularity: core_attn")), "selective")
t.eq((measured.parse_recompute("recompute: true (recompute_granularity: core_attn)")), "selective")
t.eq((measured.parse_recompute("recompute_granularity: full_attn")), nil)
t.eq(measured.count_cell("vpp_interleave", "virtual_pp_degree: 1"), "1")
t.eq(measured.count_cell("hidden", "hidden_size ..................... 8192"), "8192")
t.eq(measured.count_cell("vocab", "padded_vocab_size ... 129024"), "129024")
t.eq(measured.count_cell("micro_batch", "MBS=${1:-32}"), "32")
t.eq(measured.count_cell("num_gpus", "NGPU=8"), "8")
t.eq(measured.count_cell("num_gpus", "num_gpus_16"), "16")
t.eq(measured.count_cell("num_gpus", "num_nodes_2"), "num_nodes_2")
t.eq(measured.count_cell("num_gpus", "using world size: 16"), "16")
t.eq(measured.count_cell("num_gpus", "8 B200's (single node)"), "8")
t.eq(measured.count_cell("gpus_per_node", "2 nodes each with 8 H100 GPUs"), "8")
t.eq(measured.count_cell("gpus_per_node", "num_gpus_per_node: 8"), "8")
t.eq(measured.count_cell("vpp_interleave", "vp_size: 24 (Virtual Pipeline)"), "24")
t.eq(measured.count_cell("vocab", "gpt2 tokenizer (vocab.json, merges.txt)"), "50257")
t.eq(measured.parse_yes_no("model.sequence_parallel=True"), true)
do
  local r = { num_gpus = "8", seq_len = "4096", global_batch_seqs = "64" }
  t.eq(measured.measured_time(copy(r, { tokens_per_s_per_gpu = "1400+" })), 64 * 4096 / (1400 * 8))
  t.eq(measured.measured_time(copy(r, { iter_time_s = "13.97s step time" })), 13.97)
  t.eq(measured.measured_time(copy(r, { iter_time_s = "630 (wall clock time per step(ms))" })), 0.63)
  t.eq(measured.measured_time(copy(r, { iter_time_s = "630 (per 2 steps(ms))" })), nil)
  t.eq(measured.measured_time(copy(r, { iter_time_s = "average 13.61 seconds for the 5th - 45th steps" })), 13.61)
  t.eq(measured.measured_time(copy(r, { tokens_per_s = "tps: 2,931" })), 64 * 4096 / 2931)
end
do
  local a100 = copy(row("N21-T1-1.7B"), { iter_time_s = false, tokens_per_s = false, tokens_per_s_per_gpu = false, mfu_pct = false,
    peak_tflops_assumed = false })
  local plain = measured.measured_time(copy(a100, { tflops_per_gpu = "169.77" }))
  t.eq(measured.measured_time(copy(a100, { tflops_per_gpu = "tflops: 169.77" })), plain)
  t.eq(plain ~= nil, true)
end

-- helper-210's review of those readings: core_attn switched off or taken back is not selective, a
-- count "per node" is no cluster's, the config path is stripped only before sequence_parallel with
-- a bare value, a lower bound or a labelled step time with a remark is not read, and a remark of
-- several steps anywhere refuses a step time; "use_gradient_checkpointing True" (helper-211).
t.eq(measured.parse_recompute("recompute: false, recompute_granularity: core_attn") == "selective", false)
t.eq(measured.parse_recompute("recompute_granularity: core_attn (not used)") == "selective", false)
t.eq((measured.parse_recompute("recompute: true, recompute_use_reentrant: false, recompute_granularity: core_attn")), "selective")
t.eq(measured.count_cell("num_gpus", "ngpu=16 per node"), "ngpu=16 per node")
t.eq(measured.count_cell("num_gpus", "8 B200's per node"), "8 B200's per node")
t.eq(measured.parse_yes_no("model.context_parallel=True"), nil)
t.eq(measured.parse_yes_no("model.sequence_parallel=True for the 70B only"), nil)
t.eq((measured.parse_recompute("use_gradient_checkpointing True")), "full")
do
  local r = { num_gpus = "8", seq_len = "4096", global_batch_seqs = "64" }
  t.eq(measured.measured_time(copy(r, { tokens_per_s_per_gpu = "1400+ (first 10 steps)" })), nil)
  t.eq(measured.measured_time(copy(r, { iter_time_s = "13.97s step time (first step)" })), nil)
  t.eq(measured.measured_time(copy(r, { iter_time_s = "630 (wall clock time per 10 steps(ms))" })), nil)
end

-- helper-212's sweep of hostile cells, also under the length guards: a measured figure past 200
-- bytes is no number, and runs of white space read as one space (a word, 1,000 spaces and the word
-- again took 10 to 41 s in parse_recompute, token_dispatch and the step time's patterns).
t.eq(measured.measured_time { iter_time_s = "average " .. string.rep(" ", 2000) .. "average", num_gpus = "8" }, nil)
t.eq((measured.parse_recompute("recompute   =   true")), (measured.parse_recompute("recompute = true")))
t.eq(measured.token_dispatch { notes = "DeepEP" .. string.rep(" ", 1000) .. "on" }, measured.token_dispatch { notes = "DeepEP on" })
-- (And runs of four or more separators, "- - - -", as one space: ep_overlap's "all-to-all ...
-- overlap" patterns were quadratic in them, 1.8 s on 16 KB; a flag's own "--" stays.)
t.eq(measured.ep_overlap { notes = "all-to-all " .. string.rep("- ", 8000) .. "overlap" }, measured.ep_overlap { notes = "all-to-all overlap" })
t.eq(measured.ep_overlap { notes = "flags: --overlap-moe-expert-parallel-comm" }, true)
-- (A run of white space that holds a line break reads as one, a clause's end: "DeepEP off\n\nThe
-- all-to-all dispatcher ..." keeps its two sentences apart; and an experts' cell trims its end
-- without trying each byte of a run of spaces.)
t.eq(measured.token_dispatch { notes = "DeepEP was used.\n\n\nNo fallback was needed." }, true)
t.eq(measured.parse_experts("8" .. string.rep(" ", 16384) .. "x"), nil)

-- helper-215's and helper-216's probes (Primus on MI355X, torchtitan's DeepSeek-V3 on B200s,
-- KempnerForge on H200s): the experts' width under its key alone or beside a remark that restates
-- fc1's width; DeepSeek-V3's dense width not taken from an experts' cell; FP8 for some layers only
-- said beside block scales; multi-token prediction only where the stack trains it or the row says
-- so; linear-attention models refused; an H100 or H200 of no form factor said as the SXM part.
do
  local function expert(cell)
    local read, how, more = measured.count_cell("ffn_hidden", cell)
    return read, more and more.expert_d_ff, how
  end
  for _, cell in ipairs { "moe_ffn_hidden 768 (SwiGLU, so fc1 output width 1536)", "moe_ffn_hidden_size 768",
      "moe_intermediate_size: 768", "--moe-ffn-hidden-size 768", "768 (moe_ffn_hidden)", "moe_ffn_hidden 768 (fc1 1536)",
      "moe_intermediate_size 768 (fused gate and up 1536)" } do
    local read, width = expert(cell)
    t.eq(read, nil, cell); t.eq(width, "768", cell)
  end
  -- (Not another fc1 width, a rank's, a dense width in the remark, or a remark of other words.)
  for _, cell in ipairs { "moe_ffn_hidden 768 (fc1 1024)", "moe_ffn_hidden 768 (fc1 1536 per rank)",
      "moe_ffn_hidden 768 (fc1 output width 1536; 6144 dense)", "moe_ffn_hidden 768 (SwiGLU)",
      "moe_intermediate_size 768 (fused gate and up 1536 with tp 2)", "moe_ffn_hidden_size 768 (not dense)" } do
    local read, width = expert(cell)
    t.eq(read, cell, cell); t.eq(width, nil, cell)
  end
  t.eq((expert("ffn_hidden 768 (SwiGLU)")), "ffn_hidden 768 (SwiGLU)")
  -- DeepSeek-V3's three dense layers keep the configuration's 18432 beside an experts' cell.
  local ds = copy(row("MBridge-25.09-DeepSeekV3-1024"), { ffn_hidden = false, expert_d_ff = "2048" })
  local req = assert(measured.request(ds))
  t.eq(req.run.model.d_ff, 18432); t.eq(req.run.model.moe.expert_d_ff, 2048)
  -- FP8 on the experts only, with block scales: every linear's, said.
  local _, how = measured.parse_precision("MXFP8 on routed-expert grouped GEMMs only (TorchAO); BF16 otherwise")
  t.eq(how ~= nil and how:find("FP8 for some layers only") ~= nil, true)
  t.eq(select(2, measured.parse_precision("MXFP8")):find("some layers") == nil, true)
  -- Multi-token prediction: Megatron-Bridge's recipe trains DeepSeek-V3's one; torchtitan, NeMo
  -- AutoModel and Hugging Face trainers do not unless the row says so; a row that rules it out.
  local mb = row("MBridge-25.09-DeepSeekV3-1024")
  t.eq(assert(measured.request(mb)).run.model.mtp_layers, 1)
  for _, fw in ipairs { "torchtitan", "NeMo AutoModel", "Hugging Face Accelerate (FSDP)" } do
    local r = assert(measured.request(copy(mb, { framework = fw, tp = false, pp = false, dp = false, ep = false })))
    t.eq(r.run.model.mtp_layers or 0, 0, fw)
    t.eq(has(r.assumed, "no multi-token prediction module: "), true, fw)
  end
  t.eq(assert(measured.request(copy(mb, { framework = "torchtitan", notes = "num_mtp_layers = 1" }))).run.model.mtp_layers, 1)
  t.eq(assert(measured.request(copy(mb, { notes = "no MTP layer in the layout" }))).run.model.mtp_layers or 0, 0)
  t.eq(measured.mtp_said { notes = "PP layout Et|(tt|)*30L; no MTP layer in the layout" }, false)
  t.eq(measured.mtp_said { notes = "--mtp-num-layers 0" }, false)
  t.eq(measured.mtp_said { notes = "MTP disabled" }, false)
  t.eq(measured.mtp_said { notes = "without multi-token prediction" }, false)
  t.eq(measured.mtp_said { notes = "--mtp-num-layers 1" }, true)
  -- (A later mention's count where the first gave none; a model without a configuration takes the
  -- row's count, said, and a count-less mention is said, not costed; helper-248.)
  -- (Megatron's --moe-layer-freq list in ffn_hidden: its leading 0s are the dense first layers;
  -- another list, an integer, or words that disagree, not read.)
  for cell, want in pairs {
      ["--ffn-hidden-size 5120 (first layer dense, --moe-layer-freq [0,1,1,...]); --moe-ffn-hidden-size 512 per expert"] = "5120/512/1",
      ["--ffn-hidden-size 5120; --moe-ffn-hidden-size 512; --moe-layer-freq [0,0,0,1,1,1]"] = "5120/512/3",
      ["--ffn-hidden-size 5120; --moe-ffn-hidden-size 512; --moe-layer-freq [1,0,1,0]"] = "unread",
      ["--ffn-hidden-size 5120; --moe-ffn-hidden-size 512; --moe-layer-freq 2"] = "unread",
      ["--ffn-hidden-size 5120 (first 2 layers dense, --moe-layer-freq [0,1,1,...]); --moe-ffn-hidden-size 512"] = "unread" } do
    local v, _, extra = measured.count_cell("ffn_hidden", cell)
    t.eq(extra and extra.expert_d_ff and fmt("%s/%s/%s", v, extra.expert_d_ff, extra.dense_layers) or "unread", want, cell)
  end
  t.eq(select(2, measured.mtp_said { notes = "MTP: enabled, --mtp-num-layers 1" }), 1)
  t.eq(select(2, measured.mtp_said { notes = "MTP: enabled" }), nil)
  do
    local base = { model = "Ling-mini-2.0", seq_len = "4096", layers = "20", hidden = "2048", heads = "16",
      ffn_hidden = "5120", vocab = "157184" }
    local a, notes = measured.architecture(copy(base, { notes = "MTP: enabled, --mtp-num-layers 1" }))
    t.eq(a.mtp_layers, 1)
    t.eq(has(notes, "multi-token prediction modules = 1 (the row says so)"), true)
    t.eq(measured.architecture(copy(base, { notes = "w/o MTP" })).mtp_layers, nil)
    a, notes = measured.architecture(copy(base, { notes = "MTP enabled" }))
    t.eq(a.mtp_layers, nil); t.eq(has(notes, "multi-token prediction named without a count of modules: none costed"), true)
  end
  t.eq(measured.mtp_said { notes = "one MTP layer trained" }, true)
  t.eq(measured.mtp_said { notes = "compared with DeepSeek's MTP runs" }, nil)
  t.eq(measured.mtp_said { notes = "FP8 on all layers" }, nil)
  -- Linear attention, alone or in a hybrid: refused, naming it.
  for _, m in ipairs { "Pure GDN 1B (16 Gated DeltaNet + MLP blocks, zebra_llama_1B_gdn_pure)", "Qwen3-Next-80B-A3B",
      "Kimi Linear 48B-A3B", "RWKV-7 1.5B", "MiniMax-Text-01" } do
    local r, why = measured.request(copy(mb, { model = m }))
    t.eq(r, nil, m); t.eq(why:find("linear%-attention") ~= nil, true, m)
  end
  -- The form factor: said where the cell gives none.
  t.eq(has(select(2, measured.gpu("H200 (141 GB)")), 'GPU "H200 (141 GB)": form factor not given, the SXM part assumed'), true)
  t.eq(#select(2, measured.gpu("H100 SXM5 80GB")), 0)
  t.eq(#select(2, measured.gpu("DGX H100")), 0)
end

-- helper-213's and helper-214's probes (AMSP's and Aleph Alpha's layout sweeps, KempnerForge, Alpa):
-- the parameters said sharded in words are ZeRO 3 over their group; MiCS with its group in a node
-- is HSDP; "every_layer" and "Remat: True" are full recompute, "every layer's attention" not; a
-- run's own compile=false beside a framework cell that names the suite's compiler is eager; an
-- unfused kernel named on a flash stack replaces it; FlashAttention 1 said.
do
  local function zero(cell) return table.pack(measured.parse_zero(cell)) end
  local z = zero("AMSP: parameters and gradients sharded over 4 GPUs (s0p=s0g=4, s1=1); optimizer states sharded within each 8-GPU node (s0os=8, s1os=1)")
  t.eq(z[1], 3); t.eq(z[2], 4)
  z = zero("parameters, gradients and optimizer states sharded within each 8-GPU node, replicated across nodes")
  t.eq(z[1], 3); t.eq(z[2], 8)
  z = zero("weights, grads & optimizer state sharded over 8 GPUs")
  t.eq(z[1], 3); t.eq(z[2], 8)
  z = zero("FSDP; parameters sharded within the node")
  t.eq(z[1], 3); t.eq(z[3], true)
  -- (Not parameters kept whole, nor another thing's parameters, nor a group of nodes.)
  t.eq(zero("parameters replicated, optimizer states sharded")[1], 1)
  t.eq(zero("parameters and gradients not sharded; optimizer states sharded over 8")[1], 1)
  t.eq(zero("parameters kept whole; optimizer states sharded")[1], 1)
  t.eq(zero("ZeRO-1 (optimizer states sharded; parameters replicated)")[1], 1)
  t.eq(zero("gradients and optimizer states sharded over 8")[1], 2)
  t.eq(zero("expert parameters sharded over 8 GPUs")[1], nil)
  t.eq(zero("parameters sharded over 2 nodes")[1], nil)
  -- MiCS: within a node, HSDP; across nodes, or without its group, refused.
  z = zero("MiCS: parameters, gradients and optimizer states sharded within each 8-GPU node, replicated across nodes (Table IV: s0=8, s1=1)")
  t.eq(z[1], 3); t.eq(z[2], 8)
  t.eq(zero("MiCS: parameters, gradients and optimizer states sharded over 16 GPUs (Table IV: s0=8, s1=2), replicated across groups")[1], nil)
  t.eq(zero("MiCS")[1], nil)
  local mics = copy(row("NeMo2407-GPT3-5B-64"), { zero_or_fsdp = "MiCS: parameters, gradients and optimizer states sharded within each 8-GPU node, replicated across nodes" })
  local req, why, assumed = measured.request(mics)
  t.eq(has(req and req.assumed or assumed, 'zero_or_fsdp "MiCS: parameters, gradients and optimizer states sharded within each 8-GPU node, replicated across nodes": MiCS with its partition group in a node'), true, why)
  -- Recompute.
  for _, cell in ipairs { "every_layer", "Remat: True", "remat=True", "use_remat=True", "activation_checkpointing_type: every_layer",
      "recompute every layer's activations" } do
    t.eq((measured.parse_recompute(cell)), "full", cell)
  end
  t.eq((measured.parse_recompute("Remat: False")), "none")
  for _, cell in ipairs { "every_2nd_layer", "every layer's attention", "every layer's MLP", "every_layer (FFN only)",
      "Remat: True (attention only)", "remat_policy: save_dot_except_mlp" } do
    t.eq((measured.parse_recompute(cell)), nil, cell)
  end
  -- Compile.
  local fw = "KempnerForge (PyTorch-native FSDP2, torch.compile)"
  t.eq(stack { framework = fw, notes = "this experiment: compile=false" }, "torchtitan")
  t.eq(stack { framework = fw, notes = "compile_model: False" }, "torchtitan")
  t.eq(stack { framework = fw, notes = "compile=false for the loss" }, "torchtitan_compile")
  t.eq(stack { framework = fw, notes = "compile: false (only the loss)" }, "torchtitan_compile")
  t.eq(stack { framework = fw }, "torchtitan_compile")
  -- The attention kernel.
  local base = row("MLM-llama-fp8-LLAMA3-8B")
  local r = assert(measured.request(copy(base, { notes = "kernel=torch" })))
  t.eq(r.run.stack.attention, "unfused")
  t.eq(has(r.assumed, "attention: an unfused kernel, as the row says"), true)
  t.eq(assert(measured.request(copy(base, { notes = "attn_implementation=eager" }))).run.stack.attention, "unfused")
  for _, n in ipairs { "torch.compile", "PyTorch SDPA", "fused RMS kernel", "flash_attention2 + RMS kernel",
      "kernel=torch was 40% slower than flash", "no unfused attention", "kernel=torch; FlashAttention-2 in this run" } do
    t.eq(assert(measured.request(copy(base, { notes = n }))).run.stack.attention ~= "unfused", true, n)
  end
  r = assert(measured.request(copy(base, { notes = "kernel=flash_attentionv1.0.8" })))
  t.eq(r.run.stack.attention ~= "unfused", true)
  t.eq(has(r.assumed, "attention: FlashAttention 1, costed at the flash kernel's rate"), true)
end

-- helper-218's review of those readings, and helper-219 to helper-222's probes (FlagPerf and
-- ms-swift, MLPerf v4.0's Llama 2 70B LoRA, BioNeMo's and torchtitan's MoE runs, TRL's long
-- context): MTP said off or on by the row in more words, its count, a framework that only
-- compares; FP8 ruled out or for a part that is no GEMM; LoRA refused; NeMo's SP switch; an unset
-- checkpointing granularity; sequences of millions; the Hugging Face trainers' stack and DDP;
-- packed samples said; a configuration whose depth and width the row contradicts.
do
  t.eq(measured.mtp_said { notes = "MTP disabled in the baseline, enabled here" }, nil)
  t.eq(measured.mtp_said { notes = "MTP disabled? (not stated)" }, nil)
  t.eq(measured.mtp_said { notes = "the MTP-less baseline is 10% faster" }, nil)
  t.eq(measured.mtp_said { notes = "MTP not trained" }, false)
  t.eq(measured.mtp_said { notes = "未使用 MTP" }, false)
  t.eq(measured.mtp_said { notes = "关闭 MTP" }, false)
  t.eq(select(2, measured.mtp_said { notes = "mtp_num_layers: 2" }), 2)
  local mb = row("MBridge-25.09-DeepSeekV3-1024")
  t.eq(assert(measured.request(copy(mb, { framework = "Megatron-LM (compared with torchtitan)" }))).run.model.mtp_layers, 1)
  t.eq(assert(measured.request(copy(mb, { notes = "GA=128; mtp_num_layers: 2" }))).run.model.mtp_layers, 2)
  t.eq(measured.count_cell("ffn_hidden", "moe_ffn_hidden_size 0"), "moe_ffn_hidden_size 0")
  -- Precision.
  for cell, want in pairs { ["no MXFP8; BF16 only"] = "bf16", ["MXFP8 disabled (BF16 only)"] = "bf16",
      ["BF16 (the MXFP8-only-experts variant is 8% faster)"] = "bf16", ["BF16 (FP8 only for the all-to-all dispatch)"] = "bf16",
      ["FP8 dispatch only, BF16 GEMMs"] = "bf16", ["MXFP8 on routed experts only in the ablation; this run BF16"] = "bf16",
      ["FP8 hybrid; no FP8 attention"] = "fp8", ["FP8 (fp8 attention disabled)"] = "fp8", ["FP8 only"] = "fp8",
      ["FP8 E4M3, FP8 all-gather only"] = "fp8" } do
    t.eq((measured.parse_precision(cell)), want, cell)
  end
  t.eq(select(2, measured.parse_precision("FP8 only")), nil)
  t.eq(select(2, measured.parse_precision("FP8 E4M3, FP8 all-gather only")), nil)
  t.eq(select(2, measured.parse_precision("FP8 for MLP only, attention BF16")):find("some layers only") ~= nil, true)
  -- LoRA.
  local llama = row("MBridge-25.09-LLAMA3_8B-8")
  for _, n in ipairs { "LoRA fine-tuning, rank 16", "--train_type lora", "QLoRA 4-bit", "peft_scheme: lora", "adapters only (LoRA r=16 on attention)" } do
    local r, why = measured.request(copy(llama, { notes = n }))
    t.eq(r, nil, n); t.eq(why:find("LoRA (adapters trained on frozen weights) is not modelled", 1, true) ~= nil, true, n)
  end
  for _, n in ipairs { "full fine-tuning (no LoRA)", "LoRA rows of the same table left out", "LoRA table of the same release left out",
      "MLA (kv_lora_rank 512, q_lora_rank 1536)", "compared with LoRA", "LoRA merged before training", "SFT; the LoRA variant is 3x faster" } do
    t.eq(measured.lora_said { notes = n }, false, n)
  end
  t.eq(measured.lora_said { scope = "LoRA fine-tuning (base weights frozen)" }, true)
  -- NeMo's SP switch; not a degree elsewhere.
  local r = assert(measured.request(copy(row("MBridge-25.09-LLAMA3_70B-64"), { sequence_parallel = "SP=1" })))
  t.eq(r.layout.sequence_parallel, true)
  t.eq(has(r.assumed, 'sequence_parallel "SP=1" read as yes (NeMo\'s and Megatron\'s SP switch)'), true)
  t.eq(assert(measured.request(copy(row("MBridge-25.09-LLAMA3_70B-64"), { sequence_parallel = "SP=0" }))).layout.sequence_parallel, false)
  t.eq(measured.request(copy(row("MBridge-25.09-LLAMA3_70B-64"), { sequence_parallel = "SP=1", framework = "XTuner" })), nil)
  t.eq(measured.request(copy(row("MBridge-25.09-LLAMA3_70B-64"), { sequence_parallel = "SP=4" })), nil)
  -- Recompute unset.
  t.eq((measured.parse_recompute("ACG unset (activations_checkpoint_granularity null)")), "none")
  t.eq((measured.parse_recompute("activations_checkpoint_granularity null")), "none")
  t.eq((measured.parse_recompute("ACG unset, ACM=uniform ACL=1")), nil)
  -- Sequences of millions.
  t.eq(measured.count_cell("seq_len", "2M"), "2097152"); t.eq(measured.count_cell("seq_len", "4M"), "4194304")
  t.eq(measured.count_cell("seq_len", "3M"), "3M"); t.eq(measured.count_cell("seq_len", "1.5M"), "1.5M")
  t.eq(measured.count_cell("global_batch_seqs", "2M"), "2M")
  -- The Hugging Face trainers: the PyTorch stack, DDP unless FSDP or DeepSpeed is named.
  for _, f in ipairs { "TRL SFTTrainer", "axolotl", "LLaMA-Factory", "Hugging Face transformers (Trainer, DDP)",
      "ms-swift (swift sft; HF transformers)", "Unsloth" } do
    t.eq(stack { framework = f }, "torchtitan", f)
  end
  t.eq(stack { framework = "Megatron-SWIFT (megatron sft)" }, "megatron_core")
  t.eq(stack { framework = "NeMo (HF checkpoint import)" }, "megatron_core")
  local hf = copy(llama, { framework = "Hugging Face transformers Trainer", zero_or_fsdp = false })
  r = assert(measured.request(hf))
  t.eq(r.layout.zero, 0)
  t.eq(has(r.assumed, "zero_or_fsdp not given: ZeRO 0 (the Hugging Face Trainer runs DDP"), true)
  r = assert(measured.request(copy(hf, { notes = "FSDP full_shard via accelerate config" })))
  t.eq(r.layout.zero ~= 0, true)
  -- Packed samples with attention within each: said.
  r = assert(measured.request(copy(llama, { notes = "--packing true with varlen flash attention" })))
  t.eq(has(r.assumed, "attention costed over the whole sequence: the row packs samples"), true)
  r = assert(measured.request(copy(llama, { notes = "use_varlen_attn = False (full causal attention over the packed sequence)" })))
  t.eq(has(r.assumed, "attention costed over the whole sequence"), false)
  -- A configuration found by name that the row contradicts in depth and width: its tokenizer only.
  local ds16 = copy(mb, { model = "DeepSeek-V3 (a proxy of its shape)", layers = "27", hidden = "2048", heads = "16" })
  local _, why = measured.request(ds16)
  t.eq(why:find("multi-head latent attention without a known configuration", 1, true) ~= nil, true, why)
  -- (torchtitan's flavor "16B" of its DeepSeek-V3 is V2-Lite's shape, which its cells match:
  -- that configuration; helper-299.)
  local lite = assert(measured.request(copy(mb, { model = "DeepSeek-V3 16B (torchtitan flavor '16B')", layers = "27", hidden = "2048",
    heads = "16", ffn_hidden = "10944", expert_d_ff = "1408", moe_experts = "64 + 2 shared", moe_topk = "6" })))
  t.eq(lite.run.model.moe.experts, 64); t.eq(lite.run.model.moe.expert_d_ff, 1408)
  local proxy = assert(measured.architecture(copy(mb, { layers = "4" })))
  t.eq(proxy.layers, 4); t.eq(proxy.d_model, 7168); t.eq(proxy.expert_d_ff, 2048)
end

-- helper-223's review of those readings: LoRA's exclusions read around the name only (a LoRA
-- run's "with no dropout", "faster than full fine-tuning" said nothing against it), "none" as its
-- value, "vs." and "非" before it; nanotron is no Hugging Face trainer; the Hugging Face
-- trainers' ZeRO from the words of the row (a stage named, sharding in words); no packing note
-- for a negated clause or another block-diagonal; FP8 for a part beside 16-bit GEMMs.
do
  for _, n in ipairs { "LoRA r=16 with no dropout", "LoRA 2x faster than full fine-tuning", "QLoRA because full fine-tuning would not fit",
      "LoRA on every linear layer other than the router", "low-rank adaptation on frozen weights" } do
    t.eq(measured.lora_said { notes = n }, true, n)
  end
  for _, n in ipairs { "peft_scheme: none", "peft_scheme null", "vs. LoRA", "全参数微调（非LoRA）" } do
    t.eq(measured.lora_said { notes = n }, false, n)
  end
  t.eq(stack { framework = "Hugging Face nanotron" } ~= "torchtitan", true)
  local llama = row("MBridge-25.09-LLAMA3_8B-8")
  local hf = copy(llama, { framework = "Hugging Face transformers Trainer", zero_or_fsdp = false })
  t.eq(assert(measured.request(copy(hf, { notes = "parameters sharded across the 8 GPUs" }))).layout.zero ~= 0, true)
  t.eq(assert(measured.request(copy(hf, { scope = "benchmark, FSDP across 8 GPUs" }))).layout.zero ~= 0, true)
  t.eq(assert(measured.request(copy(hf, { notes = "DeepSpeed ZeRO-2" }))).layout.zero, 2)
  t.eq(assert(measured.request(copy(hf, { notes = "two-stage training, stage 2 of 2" }))).layout.zero, 0)
  local r = assert(measured.request(copy(llama, { notes = "attention not restricted within each document" })))
  t.eq(has(r.assumed, "attention costed over the whole sequence"), false)
  r = assert(measured.request(copy(llama, { notes = "block-diagonal Hadamard rotation for NVFP4" })))
  t.eq(has(r.assumed, "attention costed over the whole sequence"), false)
  for cell, want in pairs { ["BF16 (FP8 in a separate run)"] = "bf16", ["FP8 dispatch (DeepEP), BF16 GEMMs"] = "bf16",
      ["FP8 optimizer states, BF16 GEMMs"] = "bf16", ["FP8 ruled out (unstable); BF16"] = "bf16", ["BF16（不使用FP8）"] = "bf16",
      ["FP8 only in the attention projections"] = "fp8", ["FP8 all-gather"] = "fp8" } do
    t.eq((measured.parse_precision(cell)), want, cell)
  end
  t.eq(select(2, measured.parse_precision("FP8-only")), nil)
end
-- helper-225's probe (JUWELS Booster's and LUMI's Megatron runs): Jülich's A100s are the 40 GB part.
t.eq((measured.gpu("A100 (JUWELS Booster, 4 GPUs per node)")), "a100_sxm")
t.eq((measured.gpu("A100-SXM4 (JURECA-DC)")), "a100_sxm")
t.eq((measured.gpu("A100 80GB (JUWELS Booster)")), "a100_sxm_80gb")
t.eq((measured.gpu("H100 (JURECA-DC evaluation platform)")), "h100_sxm")
t.eq((measured.gpu("V100 (JUWELS Cluster)")), "v100_sxm")
-- helper-224's probe (nanochat, open_lm, OLMo's LUMI trainlog): open_lm's checkpointing flag; a
-- fabric said not in use is no rate; torch.compile before it worked is not used; FlashAttention-3
-- named on a Hopper run of a FlashAttention-2 stack.
t.eq((measured.parse_recompute("--grad-checkpointing")), "full")
t.eq((measured.parse_recompute("--no-grad-checkpointing")), nil)
t.eq((measured.parse_recompute("--grad-checkpointing-ratio 0.5")), nil)
for _, cell in ipairs { "Slingshot not yet working (before the libraries were set up)", "InfiniBand disabled; fell back to TCP",
    "RoCE not in use" } do
  t.eq(measured.inter_node(cell, 8, "h100_sxm"), nil, cell)
end
for _, cell in ipairs { "Slingshot-11 (working since 2023-04-12)", "Slingshot 200 Gb/s; no SHARP", "Slingshot, not InfiniBand" } do
  t.eq(measured.inter_node(cell, 8, "mi250x") ~= nil, true, cell)
end
t.eq(stack { framework = "OLMo (PyTorch FSDP)", notes = "before torch.compile worked on AMD (04-11)" }, "torchtitan")
t.eq(stack { framework = "OLMo (PyTorch FSDP)", notes = "torch.compile working on AMD since 2023-04-11" }, "torchtitan_compile")
do
  local base = copy(row("MBridge-25.09-LLAMA3_8B-8"), { framework = "PyTorch FSDP2" })
  local r = assert(measured.request(copy(base, { notes = "flash_attn_interface (FlashAttention-3)" })))
  t.eq(r.run.stack.attention, "flash3")
  t.eq(has(r.assumed, "attention: FlashAttention-3, as the row says"), true)
  t.eq(assert(measured.request(copy(base, { notes = "FlashAttention-2, not FA3" }))).run.stack.attention, "flash")
  t.eq(assert(measured.request(copy(base, { notes = "compared with FA3 rows" }))).run.stack.attention, "flash")
  t.eq(assert(measured.request(copy(base, { gpu = "A100 80GB", precision = "bf16", notes = "FlashAttention-3" }))).run.stack.attention, "flash")
end
-- helper-377: Megatron-Core's attention backend as its flag or key gives it, and FlashAttention-2
-- named on the megatron_core stack, whose rate is cuDNN's (the FlashAttention-3 class): both read.
do
  local base = row("MBridge-25.09-LLAMA3_8B-8")
  t.eq(assert(measured.request(base)).run.stack.attention, "flash3", "the stack's own")
  for _, notes in ipairs { "--attention-backend unfused", "attention_backend: local", "attention_backend=AttnBackend.unfused",
      "NVTE_FLASH_ATTN=0 NVTE_FUSED_ATTN=0" } do
    local r = assert(measured.request(copy(base, { notes = notes })))
    t.eq(r.run.stack.attention, "unfused", notes)
    t.eq(has(r.assumed, "attention: an unfused kernel, as the row's attention backend says (stack megatron_core's flash3 attention replaced)"),
      true, notes)
  end
  for _, notes in ipairs { "--attention-backend flash", "FlashAttention-2", "attention: flash-attn 2.6.3 (FA2)", "flash_attn v2",
      "FlashAttention-2 used. No activation recompute", "--attention-backend flash; fused Adam",
      "attention_backend: flash, TE fused RMSNorm", "flash_attn 2.5 over TE", "FA2 used (see report)", "\228\189\191\231\148\168FlashAttention-2\227\128\130\230\156\170\229\188\128\229\144\175\233\135\141\232\174\161\231\174\151" } do
    local r = assert(measured.request(copy(base, { notes = notes })))
    t.eq(r.run.stack.attention, "flash", notes)
    t.eq(has(r.assumed, "attention: FlashAttention-2, as the row says (stack megatron_core's cuDNN fused attention, the "
      .. "FlashAttention-3 class, replaced)"), true, notes)
  end
  for _, notes in ipairs { "--attention-backend fused", "attention_backend: auto", "FlashAttention-2 and cuDNN fused attention",
      "FA2 vs FA3 compared", "no FA2", "FlashAttention-3", "FA2 would be slower", "up to 2x faster than FlashAttention-2",
      "speedup over FlashAttention-2: 1.3x", "the paper reports FA2 throughput for reference", "same as the FA2 row",
      "MBS 2 FA2-compatible head dim", "attention_backend: flash (falls back to fused on Hopper)" } do
    t.eq(assert(measured.request(copy(base, { notes = notes }))).run.stack.attention, "flash3", notes)
  end
end
t.eq(measured.inter_node("8x400 Gb/s IB per node, SHARP disabled", 8, "h100_sxm") ~= nil, true)
t.eq(measured.inter_node("400 Gb/s InfiniBand (SHARP was not used)", 8, "h100_sxm") ~= nil, true)

-- helper-217's review of helper-213 to helper-216's readings: parameters sharded by tensor or
-- pipeline parallelism, in another run or over a count not read; a negating remat key; a run's
-- own compile=false only where no clause hedges it; an unfused kernel of another op, some layers
-- or another variant is not the attention's; FlashAttention 1 said only as used; MiCS by its
-- group alone; and the unfused-kernel scan no longer cubic in "attn_impl" repeated (485 s on 16 KB).
do
  local function zero(cell) return (measured.parse_zero(cell)) end
  for _, cell in ipairs { "parameters sharded by tensor parallelism over 8 GPUs", "parameters partitioned across 8 GPUs with tensor parallelism (TP=8)",
      "Tensor parallel: parameters sharded over 8 GPUs", "parameters sharded across 64 GPUs only for the 70B run",
      "parameters sharded over 8 GPUs in the baseline", "parameters sharded over 0 GPUs" } do
    t.eq(zero(cell) == 3, false, cell)
  end
  local z, shard, hybrid = measured.parse_zero("parameters sharded over the GPUs of a node")
  t.eq(z, 3); t.eq(shard, nil); t.eq(hybrid, true)
  z, shard, hybrid = measured.parse_zero("MiCS (s1=1)")
  t.eq(z, 3); t.eq(hybrid, true)
  t.eq(zero("MiCS: parameters, gradients and optimizer states sharded across 16 GPUs (2 nodes), all-gather within each node"), nil)
  for _, cell in ipairs { "premat=True", "disable_remat: true", "skip_remat=True", "no_checkpoint_type: every_layer" } do
    t.eq((measured.parse_recompute(cell)), nil, cell)
  end
  local fw = "torchtitan + torch.compile"
  for _, n in ipairs { "compile=false in the 70B run", "compile=false would be 10% slower", "eager (compile=false) baseline is 12% slower",
      "if compile=false, OOM" } do
    t.eq(stack { framework = fw, notes = n }, "torchtitan_compile", n)
  end
  t.eq(stack { framework = fw, notes = "compile=false" }, "torchtitan")
  local base = row("MLM-llama-fp8-LLAMA3-8B")
  for _, n in ipairs { "fp8 GEMM kernel=torch._scaled_mm", "MoE kernel=torch (grouped GEMM off)", "cross-entropy kernel=torch",
      "unfused attention in 2 of 32 layers", "unfused attention for the 8k-context variant", "the unfused attention path was disabled",
      "attn_implementation=eager for the reference model", "eager attention (HF default) was replaced by sdpa" } do
    t.eq(assert(measured.request(copy(base, { notes = n }))).run.stack.attention ~= "unfused", true, n)
  end
  t.eq(assert(measured.request(copy(base, { notes = "attn_impl: torch" }))).run.stack.attention, "unfused")
  for _, n in ipairs { "FA1 baseline was 2x slower; FA2 here", "no FA1", "FlashAttention 1.5x faster than eager" } do
    t.eq(has(assert(measured.request(copy(base, { notes = n }))).assumed, "attention: FlashAttention 1"), false, n)
  end
  t.eq(assert(measured.request(copy(base, { notes = string.rep("attn_impl", 1820) }))).run.stack.attention ~= "unfused", true)
end
-- (A source cell of a word, 16,000 spaces and a word took 3 s in the year's venue pattern; runs of
-- white space now read as one, and the short forms still read.)
t.eq(measured.year("x " .. string.rep(" ", 16000) .. " y"), nil)
t.eq(measured.year("In SC21"), 2021); t.eq(measured.year("USENIX ATC   '23"), 2023)

-- helper-226's review of helper-224's and helper-225's readings: a fabric is off only where it is
-- the subject and no other is named working, a fallback only to TCP, and not another run's; an
-- order of steps before torch.compile is no time before it was used; FlashAttention-3 failed,
-- planned, compared or alike is not used; JUWELS named to rule it out; GPU cells past 1 KB.
do
  for _, cell in ipairs { "8x400 Gb/s IB with SHARP disabled", "8x400 Gb/s IB (earlier runs fell back to TCP before the fix)",
      "8x400 Gb/s IB; the 2022 runs had IB disabled", "8x400 Gb/s InfiniBand NDR; storage network unavailable",
      "8x400 Gb/s IB; NCCL fell back to ring (tree disabled)", "8x400 Gb/s IB, RoCE disabled" } do
    t.eq(measured.inter_node(cell, 8, "h100_sxm") ~= nil, true, cell)
  end
  for _, cell in ipairs { "Slingshot (not yet working)", "NCCL_IB_DISABLE=1", "InfiniBand not used", "RoCE off" } do
    t.eq(measured.inter_node(cell, 8, "h100_sxm"), nil, cell)
  end
  local fw = "torchtitan + torch.compile"
  for _, n in ipairs { "warm-up steps before torch.compile finished are excluded", "activation checkpointing applied before torch.compile",
      "float8 linear swapped in prior to torch.compile" } do
    t.eq(stack { framework = "torchtitan", notes = n }, "torchtitan_compile", n)
  end
  local base = copy(row("MBridge-25.09-LLAMA3_8B-8"), { framework = "PyTorch FSDP2" })
  for _, n in ipairs { "FA3 failed to build; SDPA used", "flash_attn_interface import failed", "cuDNN attention (FA3 equivalent)",
      "FA3 would be 1.3x faster", "FA3 (planned)", "FA2 and FA3 both tested; this row is FA2", "FA3 speedup measured on another run" } do
    t.eq(assert(measured.request(copy(base, { notes = n }))).run.stack.attention, "flash", n)
  end
  t.eq((measured.gpu("A100 (not JUWELS Booster)")), "a100_sxm_80gb")
  t.eq((measured.gpu("A100; compared against JUWELS Booster")), "a100_sxm_80gb")
  t.eq((measured.gpu("A100 (JUWELS Booster, 4x200 Gb/s HDR)")), "a100_sxm")
  t.eq((measured.gpu(string.rep("A100 ", 6000))), "a100_sxm_80gb")
end
-- helper-229's probe (PipeOffload's schedules on A100s): the chunks a device holds in words.
t.eq(measured.count_cell("vpp_interleave", "5 virtual stages per device (--num-layers-per-virtual-pipeline-stage 1)"), "5")
t.eq(measured.count_cell("vpp_interleave", "3 virtual pipeline stages per rank"), "3")
t.eq(measured.count_cell("vpp_interleave", "5 virtual stages per device (2 for the 70B)"), "5 virtual stages per device (2 for the 70B)")
t.eq(measured.count_cell("vpp_interleave", "5 virtual stages per node"), "5 virtual stages per node")
t.eq(measured.count_cell("vpp_interleave", "2 layers per virtual stage"), "2 layers per virtual stage")
-- helper-227's probe (DeepSpeedExamples' autotuning, Domino and bf16 master weights; DeepSpeed's
-- comm-opt blog): a parenthesis that lists other GPUs beside the one before it; transformers before
-- 4.36 runs its eager attention; DeepSpeed's overlap_comm; sentences apart in the kernel scan.
t.eq((measured.gpu("H200 (README: 'The setup has been validated on: NVIDIA H200 GPUs ... AMD MI300 GPUs')")), "h200_sxm")
t.eq((measured.gpu("GB200 (B200 GPU)")), "gb200")
t.eq((measured.gpu("MI300X (8x, as the H100 baseline)")), "mi300x")
t.eq((measured.gpu("A100 (40GB)")), "a100_sxm")
t.eq((measured.gpu("A100 or H100 (not stated which)")), nil)
t.eq(measured.dp_overlap { zero_or_fsdp = "ZeRO stage 1 (overlap_comm false: DeepSpeed default for stages 1-2)" }, false)
t.eq(measured.dp_overlap { notes = "\"overlap_comm\": true" }, true)
t.eq(measured.dp_overlap { notes = "tp_comm_overlap false" }, nil)
do
  local base = copy(row("MBridge-25.09-LLAMA3_8B-8"), { framework = "Hugging Face transformers 4.12.0 run_clm.py + DeepSpeed", precision = "bf16" })
  local r = assert(measured.request(base))
  t.eq(r.run.stack.attention, "unfused")
  t.eq(has(r.assumed, "attention: Hugging Face transformers 4.12's eager attention"), true)
  for _, f in ipairs { "Hugging Face transformers 4.40 + DeepSpeed", "Hugging Face transformers 4.31 with use_flash_attention_2",
      "Hugging Face transformers 4.20 + DeepSpeed (xformers memory-efficient attention)" } do
    t.eq(assert(measured.request(copy(base, { framework = f }))).run.stack.attention ~= "unfused", true, f)
  end
  local mlm = row("MLM-llama-fp8-LLAMA3-8B")
  t.eq(assert(measured.request(copy(mlm, { notes = "Vanilla HF 'Not runnable'. Eager attention in this run." }))).run.stack.attention, "unfused")
end
-- helper-228's probe (COAT's and torchao's FP8 and MXFP8 tables): COAT by its name; a remark that
-- the global batch is not given leaves a rate-measured row its one micro-batch a step.
t.eq((measured.parse_precision("COAT")), "fp8"); t.eq((measured.parse_precision("COAT (Ours)")), "fp8")
t.eq((measured.parse_precision("TE")), nil)
t.eq(measured.global_batch({ micro_batch = "4", num_gpus = "8", tp = "1", pp = "1", dp = "8", tokens_per_s_per_gpu = "3000",
  notes = "Global batch not given for Table 7." }, 2048), 32)
t.eq(measured.global_batch({ micro_batch = "4", num_gpus = "8", tp = "1", pp = "1", dp = "8", tokens_per_s_per_gpu = "3000",
  notes = "gradient accumulation 8" }, 2048), nil)
-- helper-230's review of helper-227's and helper-228's readings: only other GPUs' names dropped from
-- a parenthesis; transformers as a word, with ==, and not beside Megatron; overlap_comm in two runs,
-- hedged or compared not read; a batch given in numbers beside "not given" still blocks the
-- rate-measured batch; JAX trainers that name Hugging Face are not its Trainer.
t.eq((measured.gpu("A100 (40GB, H100 results in the appendix)")), "a100_sxm")
do
  local base = copy(row("MBridge-25.09-LLAMA3_8B-8"), { precision = "bf16" })
  for _, f in ipairs { "sentence-transformers 2.2 (PyTorch FSDP)", "Megatron-LM (tokenizer from transformers 4.30)" } do
    t.eq(assert(measured.request(copy(base, { framework = f }))).run.stack.attention ~= "unfused", true, f)
  end
  t.eq(assert(measured.request(copy(base, { framework = "Hugging Face Trainer, transformers==4.35.2" }))).run.stack.attention, "unfused")
end
t.eq(measured.dp_overlap { notes = "overlap_comm true in the reference config; this run overlap_comm false" }, nil)
t.eq(measured.dp_overlap { notes = "overlap_comm false? (unclear from the log)" }, nil)
t.eq(measured.dp_overlap { notes = "overlap_comm false -> true gave a 5% speedup (Table 4)" }, nil)
t.eq(measured.global_batch({ micro_batch = "2", num_gpus = "8", tp = "1", pp = "1", dp = "8", tokens_per_s_per_gpu = "3000",
  notes = "Global batch not given; batch size 512 sequences" }, 2048), nil)
-- (A JAX trainer without TP or PP stands in as the PyTorch stack since helper-314, sharded or
-- not: said as JAX's, never as a Hugging Face trainer's.)
for _, f in ipairs { "MaxText (JAX); tokenizer from Hugging Face", "Levanter (JAX), checkpoints exported to Hugging Face",
    "JAX/Flax (Hugging Face FlaxGPT2)" } do
  local _, how = measured.stack_for { framework = f }
  t.eq(how:find("no preset for the JAX framework", 1, true) ~= nil, true, f)
  t.eq(how:find("trainer", 1, true), nil, f)
end
t.eq(stack { framework = "MaxText (JAX)", tp = "4" }, "megatron_core", "with TP, the Megatron-class stack")
do
  -- DeepSpeed's default at ZeRO 1 and 2: overlap_comm false, said; not beside Megatron, not at
  -- ZeRO 3, and not where the row names it.
  local base = copy(row("MBridge-25.09-LLAMA3_8B-8"), { framework = "HF transformers + DeepSpeed", zero_or_fsdp = "ZeRO-1",
    precision = "bf16" })
  local r = assert(measured.request(base))
  t.eq(r.run.stack.dp_overlap, false)
  t.eq(has(r.assumed, "the gradient reduction not overlapped: DeepSpeed's default at ZeRO 1"), true)
  t.eq(assert(measured.request(copy(base, { notes = "overlap_comm: true" }))).run.stack.dp_overlap, true)
  t.eq(has(assert(measured.request(copy(base, { zero_or_fsdp = "ZeRO-3" }))).assumed, "the gradient reduction not overlapped: DeepSpeed"), false)
end
do
  -- InternLM's Hybrid Zero optimizer broadcasts the updated shards after the step, not
  -- overlapped: param_gather_overlap false where its optimizer is sharded, said; not at zero1=1
  -- (nothing sharded), not where the row says, and not for InternLM2 named in another framework's
  -- parenthesis.
  local base = copy(row("MBridge-25.09-LLAMA3_8B-8"), { framework = "InternLM (Hybrid Zero; Flash-Attention, Apex)",
    zero_or_fsdp = "zero1=-1", precision = "bf16", tp = "1", pp = "1" })
  local r = assert(measured.request(base))
  t.eq(r.run.stack.param_gather_overlap, false)
  t.eq(has(r.assumed, "the updated weights' gather not overlapped: InternLM's Hybrid Zero optimizer"), true)
  t.eq(assert(measured.request(copy(base, { zero_or_fsdp = "zero1=8" }))).run.stack.param_gather_overlap, false)
  t.eq(assert(measured.request(copy(base, { zero_or_fsdp = "zero1=1" }))).run.stack.param_gather_overlap, true)
  t.eq(assert(measured.request(copy(base, { notes = "--overlap-param-gather" }))).run.stack.param_gather_overlap, true)
  for _, f in ipairs { "XTuner (InternLM2)", "InternLM2 training stack" } do
    t.eq(assert(measured.request(copy(base, { framework = f }))).run.stack.param_gather_overlap, true, f)
  end
end
-- helper-233's probe (JAX on GPUs): a 405B row whose README copied the 70B's log line, 2.6 PFLOP/s a
-- GPU at FP8 on H200s: more than the precision's peak, no measurement. (Its 6N count passed 2^63
-- as an integer and wrapped negative, which had let it through the four-times check too.)
do
  local r = copy(row("MLM-llama-fp8-LLAMA3-405B"), { model = "Llama 3.1 405B", gpu = "H200", num_gpus = "256", tp = false, pp = false,
    dp = false, cp = false, global_batch_seqs = "512", seq_len = "8192", iter_time_s = "15.516", tokens_per_s = false,
    tokens_per_s_per_gpu = false, tflops_per_gpu = false, mfu_pct = false, precision = "fp8" })
  local t_, why = measured.measured_time(r)
  t.eq(t_, nil); t.eq(why:find("more than the h200_sxm's 1979 TFLOP/s fp8 peak", 1, true) ~= nil, true, why)
  r.iter_time_s = "40"
  t.eq(measured.measured_time(r), 40)
end
-- helper-232's probe (Lambda's torchtitan fork on B200s and GB300s): torchtitan's FLOP count in
-- words, its FullAC, its bare "Selective" as per-op, "reshard never", an HSDP shape whose clause
-- says which factor shards.
-- (torchtitan's own count since helper-267: the non-embedding parameters and the heads' width,
-- not PaLM's 6N over every parameter and d_model.)
t.eq(measured.flop_formula { tflops_counting = "torchtitan stock accounting (metrics.py): 6 x active non-embedding params + 12 x layers x heads x head_dim x seq_len per token" }, "torchtitan")
t.eq(measured.flop_formula { tflops_counting = "6 x 8 GPUs, params sharded" }, nil)
t.eq(measured.flop_formula { tflops_counting = "16 x params" }, nil)
t.eq((measured.parse_recompute("FullAC")), "full"); t.eq((measured.parse_recompute("no FullAC")), "none")
t.eq((measured.parse_recompute("FullAC disabled")), nil)
do
  local z, shard, hybrid = measured.parse_zero("HSDP 4x16 (shard within a node (4), replicate across nodes (16))")
  t.eq(z, 3); t.eq(shard, 4)
  t.eq(measured.parse_zero("HSDP 4x16"), nil); t.eq(measured.parse_zero("HSDP 4x16 (replicate x shard)"), nil)
  t.eq(measured.parse_zero("reshard never (fsdp_reshard_after_forward=never)"), 2)
  t.eq(measured.parse_zero("FSDP2, reshard default"), 3)
  local tt = copy(row("MBridge-25.09-LLAMA3_8B-8"), { framework = "torchtitan", zero_or_fsdp = "FSDP2", precision = "bf16" })
  local r = assert(measured.request(copy(tt, { recompute = "Selective" })))
  t.eq(r.layout.recompute, "op")
  t.eq(has(r.assumed, 'recompute "Selective" on torchtitan read as op'), true)
  t.eq(assert(measured.request(copy(tt, { recompute = "selective layer 2" }))).layout.recompute ~= "op", true)
  t.eq(assert(measured.request(copy(row("MBridge-25.09-LLAMA3_8B-8"), { recompute = "selective" }))).layout.recompute, "selective")
end
-- helper-250's probe (Chinese labs' frameworks): BMTrain's CheckpointBlock is full recompute; a NIC's
-- device name is no count of NICs, nor InfiniBand's link width after a rate; a flash kernel said to be
-- absent runs the unfused one.
t.eq(measured.parse_recompute("bmt.CheckpointBlock"), "full"); t.eq(measured.parse_recompute("bmtrain.CheckpointBlock"), "full")
t.eq(measured.parse_recompute("bmt.CheckpointBlock(use_checkpoint=False)") ~= "full", true)
t.eq(measured.parse_recompute("CheckpointBlock on every 2nd block") ~= "full", true)
for _, cell in ipairs { "bmt.CheckpointBlock; use_checkpoint: false", "bmt.CheckpointBlock disabled", "bmt.CheckpointBlock removed",
    "bmt.CheckpointBlock (checkpointing off)" } do
  t.eq(measured.parse_recompute(cell) ~= "full", true, cell)
end
t.eq(measured.inter_node("InfiniBand 100 Gb/sec (4X EDR), one mlx5_0 NIC per node", 8, "v100_sxm"), 3.125)
t.eq(measured.inter_node("8 x 200 Gb/s per node", 8, "h100_sxm"), 50)
t.eq(measured.inter_node("4x NDR per node", 8, "h100_sxm"), 50)
do
  local mb = row("MBridge-25.09-LLAMA3_8B-8")
  local function attention(notes, framework)
    local r = assert(measured.request(copy(mb, { framework = framework or "DeepSpeed (Hugging Face transformers)", notes = notes })))
    return r.run.stack.attention
  end
  t.eq(attention("the native model has no flashattention2 support, so it runs slowly"), "unfused")
  t.eq(attention("\229\142\159\231\148\159\230\168\161\229\158\139\230\156\170\230\183\187\229\138\160flashattention2\231\154\132\230\148\175\230\140\129"), "unfused")
  t.eq(attention("trained without flash attention"), "unfused")
  t.eq(attention("FlashAttention not used"), "unfused")
  t.eq(attention("FlashAttention version not stated"), "flash")
  t.eq(attention("A100+llama2-7B without flash attention is 28% slower"), "flash")
  t.eq(attention("without flash_attn_interface"), "flash", "FlashAttention-3's interface absent: FlashAttention-2")
  t.eq(attention("no FlashAttention-3 on this build"), "flash")
  -- (Chinese commas end a clause; a reference run's, an eval pass's, an OOM's, helper-253.)
  t.eq(attention("\230\156\170\228\189\191\231\148\168\229\186\143\229\136\151\229\185\182\232\161\140\239\188\140\228\189\191\231\148\168flash attention"), "flash")
  t.eq(attention("FlashAttention not used for the eval pass; training used it"), "flash")
  t.eq(attention("without flash attention the run OOMs at seq 8192"), "flash")
end
-- helper-252's metamorphic round: the format this run used, said after another; SP's value for this
-- run after its default.
t.eq(measured.parse_precision("FP8 (planned; this run BF16)"), "bf16"); t.eq(measured.parse_precision("FP8 (this run: BF16)"), "bf16")
t.eq(measured.parse_precision("BF16 (FP8 planned)"), "bf16"); t.eq(measured.parse_precision("FP8 (this run: FP8)"), "fp8")
do
  local mb = row("MBridge-25.09-LLAMA3_8B-8")
  for cell, want in pairs { ["SEQ_PARALLEL default True, but False in this config"] = false,
      ["SEQ_PARALLEL default True; set to False for this run"] = false, ["SEQ_PARALLEL default True; the baseline set it to False"] = true,
      ["SEQ_PARALLEL default True"] = true } do
    local r = assert(measured.request(copy(mb, { tp = "2", dp = "4", sequence_parallel = cell })))
    t.eq(r.layout.sequence_parallel, want, cell)
  end
end
-- helper-255's probe (torchtitan's issues and PRs): a feature the notes say the source is silent on is
-- not read as on; compiling the loss alone is no compiled model; torchtitan's inter_dim is the dense
-- width; checkpointing switched off in words, whole or on some layers.
do
  local function stack(r) return (measured.stack_for(r)) end
  t.eq(stack { framework = "torchtitan", notes = "FSDP4 x TP8; async TP not stated." }, "torchtitan")
  t.eq(stack { framework = "torchtitan", notes = "torch.compile not stated (the toml has compile = false)." }, "torchtitan")
  t.eq(stack { framework = "torchtitan", precision = 'bf16 (no converters), compile components = ["loss"]' }, "torchtitan")
  t.eq(stack { framework = "torchtitan", precision = 'bf16, compile components = ["model", "loss"]' }, "torchtitan_compile")
  t.eq(stack { framework = "torchtitan", notes = "async TP (stated in the PR)" }, "torchtitan_async_tp")
  t.eq(stack { framework = "torchtitan", notes = "torch.compile enabled" }, "torchtitan_compile")
end
t.eq(measured.count_cell("ffn_hidden", "inter_dim=10944, moe_inter_dim=1408, n_dense_layers=1"), "10944")
t.eq(measured.parse_recompute("Disabling activation checkpointing"), "none")
t.eq(measured.parse_recompute("disabling activation checkpointing for the first 4 layers"), nil)
t.eq(measured.parse_recompute("AC disabled for MoE layers only"), nil)
-- helper-254's probe (the Ultra-Scale Playbook's sweep): the stage as a key's value.
for cell, z in pairs { ["ZeRO: 1"] = 1, ["ZeRO: 2"] = 2, ["ZeRO: 3"] = 3, ["ZeRO: 0"] = 0, ["zero=2"] = 2 } do
  t.eq(measured.parse_zero(cell), z, cell); t.eq(select(4, measured.parse_zero(cell)), nil, cell)
end
t.eq(select(4, measured.parse_zero("ZeRO: 1/3")), true, "alternatives: no stage read from them")
-- helper-256's review of those readings: a feature silent for other rows is this row's; checkpointing
-- disabled only as a trial, or on layers named by number; "this run:" followed by more than a format;
-- a default written "True by default".
t.eq((measured.stack_for { framework = "torchtitan", precision = "BF16 + torch.compile (not stated for the FP8 rows)" }),
  "torchtitan_compile")
t.eq((measured.stack_for { framework = "torchtitan", notes = "whether torch.compile was used is unclear" }), "torchtitan")
t.eq(measured.parse_recompute("Disabling activation checkpointing was tried but OOMed; full AC used") ~= "none", true)
t.eq(measured.parse_recompute("Disabling activation checkpointing on layers 0-3"), nil)
t.eq(measured.parse_precision("FP8 (this run: BF16 attention, FP8 GEMMs)"), "fp8")
t.eq(measured.parse_precision("FP8 (this run: not stated)"), nil)
do
  local r = assert(measured.request(copy(row("MBridge-25.09-LLAMA3_8B-8"), { tp = "2", dp = "4",
    sequence_parallel = "True by default; set to False for this run" })))
  t.eq(r.layout.sequence_parallel, false)
end
-- helper-258's and helper-259's probes: an overlap set off before a parenthesis that names the flag
-- is off; a narrow range of a measurement is its midpoint, said; ZERO_STAGE=N names its stage.
t.eq(measured.ep_overlap { notes = "overlap=off (MOE_A2A_OVERLAP: overlap_moe_expert_parallel_comm, 1F1B hides the EP all-to-all)" }, false)
t.eq(measured.ep_overlap { notes = "overlap=on (MOE_A2A_OVERLAP)" }, true)
-- (helper-261: not where the parenthesis excepts it or a later mention turns it on.)
t.eq(measured.ep_overlap { notes = "overlap=off (except a2a_overlap)" }, true)
t.eq(measured.ep_overlap { notes = "overlap=off (MOE_A2A_OVERLAP) in the reference run; here MOE_A2A_OVERLAP=1" }, true)
t.eq(measured.flop_formula { tflops_counting = "Megatron-Bridge model FLOPs (TFLOP/s/GPU log)" }, "megatron_causal")
t.eq(measured.flop_formula { tflops_counting = "Megatron model FLOPs ('Model TFLOP/sec/GPU')" }, "megatron")
do
  local mb = row("MBridge-25.09-LLAMA3_8B-8")
  for cell, want in pairs { ["17-17.5"] = 17.25, ["17 to 17.5 s"] = 17.25, ["17-175"] = false, ["2021-08-16"] = false,
      ["2024-2025"] = false } do
    local r = copy(mb, { iter_time_s = cell })
    r.tokens_per_s, r.tokens_per_s_per_gpu, r.tflops_per_gpu, r.mfu_pct = nil, nil, nil, nil
    t.eq(measured.measured_time(r) or false, want, cell)
  end
end
t.eq(measured.parse_zero("ZERO_STAGE=1"), 1); t.eq(select(4, measured.parse_zero("ZERO_STAGE=1")), nil)
-- helper-249's probe (GH200 clusters): a GH200's memory from its cell, the 96 GB HBM3 part where it
-- names neither (the superchip's LPDDR5X totals are no HBM); "not set (no --sequence-parallel)" is no.
do
  for cell, want in pairs { ["NVIDIA GH200 (96 GB HBM3)"] = "96 GB/4 TB/s", ["GH200 144GB HBM3e"] = "144 GB/4.9 TB/s",
      ["GH200 480GB"] = "96 GB/4 TB/s", ["GH200 120GB (JUPITER)"] = "96 GB/4 TB/s" } do
    local c, b = measured.gh200_memory(cell)
    t.eq(c .. "/" .. b, want, cell)
  end
  t.eq(select(3, measured.gh200_memory("GH200 480GB")), "96 GB of HBM3 at 4 TB/s assumed (the cell names neither part)")
  t.eq(measured.gh200_memory("GH200 624GB"), "144 GB"); t.eq(measured.gh200_memory("GH200 96GB (not the 144GB HBM3e part)"), "96 GB")
  t.eq(assert(measured.request(copy(row("MBridge-25.09-LLAMA3_8B-8"), { gpu = "H200 SXM 141GB (vs GH200 in the paper)" }))).run.cluster.gpu.name,
    "H200 SXM")
  local mb = row("MBridge-25.09-LLAMA3_8B-8")
  local gh = assert(measured.request(copy(mb, { gpu = "NVIDIA GH200 (96 GB HBM3)", gpus_per_node = "4", num_gpus = "8", dp = "8" })))
  t.eq(gh.run.cluster.gpu.name, "GH200 96GB")
  t.near(gh.run.cluster.gpu.hbm_capacity:value("GB"), 96); t.near(gh.run.cluster.gpu.hbm_bandwidth:value("TB/s"), 4)
  t.eq(gh.run.cluster.gpu.sources.hbm_capacity:find("GH200", 1, true) ~= nil, true, "the GH200's figure traced to its source")
  t.eq(measured.gh200_named("H200 SXM 141GB (vs GH200 in the paper)"), false)
  t.eq(measured.gh200_named("NVIDIA GH200 Grace Hopper Superchip"), true)
  for cell, want in pairs { ["not set (no --sequence-parallel)"] = false, ["unset (custom.yaml default True)"] = "refused",
      ["not set (TP 1)"] = "refused" } do
    local r, why = measured.request(copy(mb, { tp = "2", dp = "4", sequence_parallel = cell }))
    t.eq(r and r.layout.sequence_parallel or (r == nil and why:find("not understood", 1, true) and "refused"), want, cell)
  end
end
-- helper-246's probe (framework benchmark tables): a time the scope says is one micro-batch's is no
-- step's; samples of variable length with no tokens a step leave the step's tokens unknown.
do
  local mb = row("MBridge-25.09-LLAMA3_8B-8")
  for scope, refused in pairs { ["ms/iter @ step 10 (litgpt 'iter time': one forward+backward of one micro-batch per device)"] = true,
      ["time per micro-batch"] = true, ["per micro-step, 16 micro-steps a step"] = true,
      ["elapsed time per iteration (ms)"] = false, ["iteration time of a step of 8 micro-batches"] = false,
      ["time per step, micro batch 4"] = false, ["benchmark (GBS 8, one micro-batch per step)"] = false,
      ["benchmark (ms per micro-batch)"] = true, ["benchmark (micro-batch time, not step time)"] = true,
      ["step time (the paper also gives time per micro-batch: 0.6 s)"] = false } do
    local _, why = measured.measured_time(copy(mb, { scope = scope }))
    t.eq(why ~= nil and why:find("times one micro%-batch") ~= nil, refused, scope)
  end
  for notes, refused in pairs { ["LongAlign-10k: variable-length samples; tokens per step not given"] = true,
      ["dynamic batching by tokens"] = true, ["variable-length samples packed into 8192-token sequences"] = false,
      ["variable-length documents, padded to 4096"] = false, ["no variable-length batching"] = false } do
    local r = copy(mb, { notes = notes })
    r.global_batch_tokens = nil
    local req, why = measured.request(r)
    t.eq(req == nil and why:find("the step's tokens are unknown", 1, true) ~= nil, refused, notes)
  end
  t.eq(measured.request(copy(mb, { notes = "variable-length samples", global_batch_tokens = "1048576" })) ~= nil, true,
    "the tokens given")
end
-- helper-235's probe (GitHub issues of ROCm's Transformer Engine, Primus and NeMo RL): NeMo RL's
-- DTensor backend is PyTorch FSDP2; Megatron-Core ruled out names none; a rate whose scope
-- includes evaluation is no step's; a maximum length beside unpacked samples is a cap.
t.eq(stack { framework = "NeMo RL v0.4.0, DTensor (FSDP2) policy backend" }, "torchtitan")
t.eq(stack { framework = "NeMo RL, Megatron backend (megatron_cfg.enabled)" }, "megatron_core")
-- (Neither backend named: Megatron-Core, said, as a judgment.)
t.eq(stack { framework = "NeMo RL v0.3" }, "megatron_core")
t.eq(select(2, measured.stack_for { framework = "NeMo RL v0.3" }),
  'stack megatron_core for "NeMo RL v0.3" (NeMo RL\'s Megatron backend assumed: the row names neither it nor the DTensor backend, which runs PyTorch FSDP2)')
t.eq(select(2, measured.stack_for { framework = "NeMo RL, Megatron backend (megatron_cfg.enabled)" }), nil)
t.eq(stack { framework = "NeMo 2.0 (Megatron-Core), Megatron FSDP" }, "megatron_core")
t.eq(stack { framework = "PyTorch FSDP2 (no Megatron-Core)" }, "torchtitan")
t.eq(measured.measured_time { scope = "MLPerf time-to-train throughput (consumed train samples / wall time of the whole run, evaluation included)",
  iter_time_s = "1.0" }, nil)
t.eq(measured.measured_time { scope = "training throughput, evaluation excluded", iter_time_s = "1.0" }, 1.0)
t.eq(measured.count_cell("seq_len", "1024 (max_total_sequence_length; SQuAD examples, no packing, no dynamic batching)"),
  "1024 (max_total_sequence_length; SQuAD examples, no packing, no dynamic batching)")
t.eq(measured.count_cell("seq_len", "max_seq_len 4096"), "4096")
-- helper-234's review of those readings: NeMo's latest container named decides, and "NeMo 22.09" is
-- no "NeMo 2"; an HSDP shape's clause must agree with the shape; reshard never not in another run,
-- negated or for a part; torchtitan's op default and DeepSpeed's overlap default only where that
-- framework is the run's own; "1.6 x params" is no 6N.
t.eq(stack { framework = "NeMo 22.09" }, "megatron_2022"); t.eq(stack { framework = "NeMo 2.0" }, "megatron_core")
t.eq(stack { framework = "NeMo Megatron (22.09 in the 2022 paper; 24.03 here)" }, "megatron_core")
t.eq(stack { framework = "NeMo 24.07 (up from 22.09)" }, "megatron_core")
for _, cell in ipairs { "HSDP 16x4 (replicate across nodes (16), shard within a node (4))", "HSDP 4x16 (shard within a node (8), replicate across nodes (16))",
    "HSDP 4x16 (shard across nodes (16), replicate within a node (4))" } do
  local z, shard = measured.parse_zero(cell)
  t.eq(z == 3 and shard ~= 4 and shard ~= nil, false, cell)
end
for _, cell in ipairs { "not reshard never", "reshard never in the baseline; always here", "reshard never for the embedding only" } do
  t.eq(measured.parse_zero(cell) == 2, false, cell)
end
t.eq(measured.parse_zero("--fsdp_reshard_after_forward never"), 2)
t.eq(measured.flop_formula { tflops_counting = "1.6 x params" }, nil)
do
  local base = copy(row("MBridge-25.09-LLAMA3_8B-8"), { precision = "bf16" })
  t.eq(assert(measured.request(copy(base, { framework = "Megatron-LM (torchtitan comparison)", recompute = "Selective" }))).layout.recompute, "selective")
  t.eq(assert(measured.request(copy(base, { framework = "PyTorch FSDP (faster than DeepSpeed ZeRO-2)", zero_or_fsdp = "SHARD_GRAD_OP" }))).run.stack.dp_overlap, true)
end
-- helper-236's review of helper-235's readings: NeMo RL's DTensor backend ruled out or named for
-- another stage, Megatron-Core "w/o", "incl.eval", "retrieval included", and a maximum beside
-- packing or padding to it.
t.eq(stack { framework = "NeMo RL, no DTensor" }, "megatron_core")
t.eq(stack { framework = "NeMo 25.07 (NeMo RL used only for the RL stage, DTensor)" }, "megatron_core")
t.eq(stack { framework = "NeMo RL v0.4.0, DTensor (FSDP2) policy backend, not Megatron" }, "torchtitan")
t.eq(stack { framework = "PyTorch FSDP2 (w/o Megatron-Core)" }, "torchtitan")
t.eq(measured.measured_time { scope = "incl.eval", iter_time_s = "1.0" }, nil)
t.eq(measured.measured_time { scope = "retrieval included", iter_time_s = "1.0" }, 1.0)
t.eq(measured.count_cell("seq_len", "4096 (padded to max, no packing)"), "4096")
t.eq(measured.count_cell("seq_len", "max_length 2048 (packing: true; variable-length docs concatenated)"), "2048")
t.eq(measured.count_cell("seq_len", "max_seq_len 4096 (packing disabled)"), "max_seq_len 4096 (packing disabled)")
-- helper-237's probe (NeMo Megatron launcher's tables, 2022): BigNLP or a year of 2022 in the cell
-- is NeMo Megatron before Megatron-Core; encoder-decoder models are refused.
t.eq(stack { framework = "NeMo Megatron / BigNLP-Scripts (early access, Jan 2022; NeMo + Megatron)" }, "megatron_2022")
t.eq(stack { framework = "BigNLP-Scripts (Jan 2022)" }, "megatron_2022")
t.eq(stack { framework = "NeMo Megatron (2022)" }, "megatron_2022")
for _, f in ipairs { "NeMo Megatron 23.08", "NeMo Framework 24.07", "Megatron-Core (2022 paper config)", "NeMo 2.0 (Megatron-Bridge), recipe from 2022" } do
  t.eq(stack { framework = f }, "megatron_core", f)
end
do
  local llama = row("MBridge-25.09-LLAMA3_8B-8")
  for _, m in ipairs { "T5 3B (encoder-decoder)", "Flan-T5 XXL", "mT5-XL", "BART-large" } do
    local r, why = measured.request(copy(llama, { model = m }))
    t.eq(r, nil, m); t.eq(why:find("encoder-decoder", 1, true) ~= nil, true, m)
  end
  for _, m in ipairs { "decoder-only (T5 tokenizer)", "GPT with T5-style relative position bias" } do
    t.eq(measured.request(copy(llama, { model = m })) ~= nil, true, m)
  end
end
-- helper-239's probe (stas00's sequence-length sweep of Llama 3.1 8B on H200 and B200): Megatron's
-- count written out with causal attention; FlashAttention-4 and Liger-Kernel said not modelled.
t.eq(measured.flop_formula { tflops_counting = "model FLOPs (arctic_training's FlopsCounter): 6*dense_N*tokens + 6*s^2*head_dim*heads*layers; attention counted causally (6*s^2, not 12*s^2); recompute excluded (MFU, not HFU)" }, "megatron_causal")
t.eq(measured.flop_formula { tflops_counting = "6*dense_N*tokens + 12*s^2*head_dim*heads*layers (non-causal)" }, "megatron")
t.eq(measured.flop_formula { tflops_counting = "6*N*tokens (N all parameters incl. embeddings)" }, "6n")
do
  local base = copy(row("MBridge-25.09-LLAMA3_8B-8"), { precision = "bf16" })
  local r = assert(measured.request(copy(base, { notes = "attn_implementation flash_attention_4 (flash-attn-4 4.0.0b22); Liger-Kernel 0.8.0" })))
  t.eq(has(r.assumed, "attention: FlashAttention-4 named"), true)
  t.eq(has(r.assumed, "Liger-Kernel named"), true)
  r = assert(measured.request(copy(base, { notes = "FA4 not used; USE_LIGER=0" })))
  t.eq(has(r.assumed, "attention: FlashAttention-4 named"), false); t.eq(has(r.assumed, "Liger-Kernel named"), false)
end
-- helper-238's review of helper-235 to helper-237's readings: BigNLP or a source year beside a
-- newer container named; a count is no year; more encoder-decoder names, and T5's tokenizer no
-- exemption for a model named encoder-decoder; "includes evaluation"; a maximum whose padding or
-- packing is negated or another run's.
t.eq(stack { framework = "NeMo Framework (formerly BigNLP) 24.05" }, "megatron_core")
t.eq(stack { framework = "NeMo Megatron, 2016 GPUs" }, "megatron_core")
t.eq(stack { framework = "NeMo RL 2022" } ~= "megatron_2022", true)
t.eq(stack { framework = "NeMo Megatron 23.04", source = "MLPerf Training v2.1 (Nov 2022) vs v3.0" }, "megatron_core")
do
  local llama = row("MBridge-25.09-LLAMA3_8B-8")
  for _, m in ipairs { "UL2 20B", "mBART-50", "ByT5-XXL", "umT5-XXL", "CodeT5+ 16B", "Encoder-Decoder (T5-style) 11B", "Flan-T5-XXL (T5 tokenizer)" } do
    t.eq(measured.request(copy(llama, { model = m })), nil, m)
  end
end
t.eq(measured.measured_time { scope = "step time incl. evaluation", iter_time_s = "1.0" }, nil)
t.eq(measured.measured_time { scope = "includes evaluation", iter_time_s = "1.0" }, nil)
for _, c in ipairs { "max_seq_len 4096 (no padding to max, no packing)", "max_seq_len 4096 (packing=False, pad to max: false)",
    "max_seq_len 4096 (packing: true in the SFT run; this run unpacked)" } do
  t.eq(measured.count_cell("seq_len", c), c, c)
end
-- helper-241's probe (the OPT-175B logbook): a degree written "8x Tensor Parallelism".
t.eq(measured.count_cell("tp", "8x Tensor Parallelism"), "8"); t.eq(measured.count_cell("tp", "8 × tensor parallelism"), "8")
for _, c in ipairs { "8x8 (TP x PP)", "2x8 tensor parallelism", "8x faster with Tensor Parallelism", "up to 8x Tensor Parallelism",
    "8x Pipeline Parallelism" } do
  t.eq(measured.count_cell("tp", c), c, c)
end
-- helper-243's probe (OLMo 3's report, Falcon's cards): replicated data parallelism with no shard
-- group is none; "no DP-rep (fully sharded)" is sharded.
t.eq(measured.parse_zero("DP-rep 32 (no DP-shard)"), 0)
t.eq(measured.parse_zero("no DP-rep (fully sharded)"), 3)
t.eq(measured.parse_zero("DP-rep 32, DP-shard 8"), nil)
t.eq(measured.parse_zero("no sharding"), 0)
-- Readings left open in the forty-first session's note.
-- Megatron-Core's HybridDeviceOptimizer (the optimizer on the host) and the HybridEP dispatcher
-- are no hybrid sharding ("distributed optimizer + HybridDeviceOptimizer" had been read as ZeRO 3
-- over a node); HSDP's own names still are.
same({ measured.parse_zero("distributed optimizer + HybridDeviceOptimizer") }, { 1, nil, false })
same({ measured.parse_zero("ZeRO-1 with HybridDeviceOptimizer") }, { 1, nil, false })
t.eq(select(3, measured.parse_zero("FSDP2 (HybridEP dispatcher)")), false)
t.eq(measured.parse_zero("HybridDeviceOptimizer"), nil)
for _, c in ipairs { "hybrid shard", "FSDP hybrid", "HYBRID_SHARD" } do
  same({ measured.parse_zero(c) }, { 3, nil, true })
end
do
  local llama = row("MBridge-25.09-LLAMA3_8B-8")
  local on = assert(measured.request(copy(llama, { zero_or_fsdp = "distributed optimizer + HybridDeviceOptimizer" })))
  t.eq(on.layout.zero, 1); t.eq(on.layout.optimizer_offload, true)
  -- A share of the optimizer on the host in words ("CPU share 0.5") is the share Megatron's
  -- --optimizer-offload-fraction gives: not modelled, said (had been read as the whole optimizer).
  for _, c in ipairs { "distributed optimizer + HybridDeviceOptimizer (CPU share 0.5)",
      "distributed optimizer + HybridDeviceOptimizer (--optimizer-offload-fraction 0.5)",
      "distributed optimizer, optimizer CPU offload (CPU fraction 0.25)" } do
    local r = assert(measured.request(copy(llama, { zero_or_fsdp = c })), c)
    t.eq(r.layout.optimizer_offload, nil, c)
    t.eq(table.concat(r.assumed, "\n"):find("a share of the optimizer", 1, true) ~= nil, true, c)
  end
  t.eq(assert(measured.request(copy(llama, { zero_or_fsdp = "distributed optimizer + HybridDeviceOptimizer (CPU share 1.0)" })))
    .layout.optimizer_offload, true)
end
-- Two shardings set against each other in the cell's first clause: which ran is not said (the
-- first had been read). A comparison in parentheses or in a later clause is a remark.
for _, c in ipairs { "ZeRO-3 vs ZeRO-2", "ZeRO-3 vs. DDP", "FSDP versus ZeRO-1" } do t.eq(measured.parse_zero(c), nil, c) end
t.eq(measured.parse_zero("ZeRO-1 (vs ZeRO-3)"), 1)
t.eq(measured.parse_zero("ZeRO-3; ZeRO-2 vs ZeRO-3 in Table 4"), 3)
t.eq(measured.parse_zero("FSDP (faster than DDP)"), 3)
-- FP8 named as the format beside its own switch set off contradicts itself: refused (had been
-- read as FP8). Another switch off, FP8 off beside another format named first, or the switch
-- alone, read as before.
for _, c in ipairs { "FP8 (FP8=False)", "FP8 hybrid (fp8: off)", "fp8 (fp8=0)" } do
  t.eq(measured.parse_precision(c), nil, c)
  t.eq(select(2, measured.parse_precision(c)):find("sets its switch off", 1, true) ~= nil, true, c)
end
t.eq(measured.parse_precision("FP8 (FP8_PARAM_GATHER=False)"), "fp8")
t.eq(measured.parse_precision("FP8-CS (FP8=True)"), "fp8")
t.eq(measured.parse_precision("BF16 (FP8=False)"), "bf16")
t.eq(measured.parse_precision("fp8=False"), "bf16")
t.eq(measured.parse_precision("NVFP4 (FP4=True, FP8=False, FP8_PARAM_GATHER=False)"), "fp4")
-- A setting cell that hedges its value is read as the value, and the request says so where no
-- other note names the cell (a "full?" had been read as stated without a word).
do
  local llama = row("MBridge-25.09-LLAMA3_8B-8")
  for _, c in ipairs { "full?", "full (likely)", "probably full", "full (?)" } do
    local r = assert(measured.request(copy(llama, { recompute = c })), c)
    t.eq(r.layout.recompute, "full", c)
    local said = table.concat(r.assumed, "\n")
    t.eq(said:find(string.format("%q", c), 1, true) ~= nil, true, said)
  end
  t.eq(table.concat(assert(measured.request(copy(llama, { recompute = "full" }))).assumed, "\n"):find("hedges", 1, true), nil)
  t.eq(measured.hedged("full (assumed same as Table 1)"), false)
  t.eq(measured.hedged("selective (cf. Q&A)"), false)
  t.eq(measured.hedged("full? yes"), true)
  local z = assert(measured.request(copy(llama, { zero_or_fsdp = "ZeRO-3 (not confirmed)" })))
  t.eq(z.layout.zero, 3)
  t.eq(table.concat(z.assumed, "\n"):find('zero_or_fsdp "ZeRO-3 (not confirmed)" hedges its value', 1, true) ~= nil, true)
end
-- helper-263's probe (Seq1F1B's fork of Megatron-LM): its Seq1F1B runs had been read as 1F1B
-- without a word (+6% to +85%); now not predicted. The fork's plain baseline (splits 1), a
-- baseline or comparison named, stay 1F1B.
do
  local base = row("N21-T1-145.6B")
  local function why(notes, framework)
    local r, reason = measured.request(copy(base, { notes = notes, framework = framework or base.framework }))
    return r == nil and reason or nil
  end
  t.eq(why("Seq1F1B schedule: --pipe-sp-splits 4 --pipe-sp-strategy uniform_comp; not Megatron's 1F1B"),
    "schedule Seq1F1B (--pipe-sp-splits 4: each sequence cut into 4 pipeline units) is not modelled")
  t.eq(why("trained with Seq1F1B").."", "schedule Seq1F1B (each sequence cut into pipeline units, arXiv 2406.03488), as the notes says, is not modelled")
  t.eq(why(nil, "Megatron-LM with Seq1F1B pipeline scheduling") ~= nil, true)
  t.eq(why("--pipe-sp-splits 1 (plain 1F1B schedule)", "Megatron-LM with Seq1F1B pipeline scheduling"), nil)
  t.eq(why("Method 1F1B (the Seq1F1B repository's baseline)"), nil)
  t.eq(why("1F1B; compared against Seq1F1B [31]"), nil)
  t.eq(why("1F1B (vs Seq1F1B)"), nil)
end
-- Megatron-LM's own models named in words in the framework cell are the 2022 stack; a flag said
-- to be removed is no flag given.
t.eq(stack { framework = "Megatron-LM (legacy megatron/ tree) with Seq1F1B pipeline scheduling", source = "x 2025" }, "megatron_2022")
t.eq(stack { framework = "Megatron-LM (legacy model code)", source = "x 2025" }, "megatron_2022")
for _, f in ipairs { "Megatron-LM (not the legacy models)", "Megatron-LM (legacy checkpoint format)", "Megatron-LM (legacy tokenizer)",
    "Megatron-LM; --use-legacy-models removed in this release", "Megatron-LM, no legacy models" } do
  t.eq(stack { framework = f, source = "x 2025" }, "megatron_core", f)
end
-- helper-264's probe (Megatron-Bridge's model cards): "SP-on" is sequence parallelism on, and a
-- setting of another kind with its value ("EP on", "TP: true") is none of it (had been read as on).
t.eq(measured.parse_yes_no("SP-on"), true); t.eq(measured.parse_yes_no("SP-off"), false)
t.eq(measured.parse_yes_no("sequence-parallel-on"), true)
for _, c in ipairs { "EP-on", "TP-on", "CP-on", "SP-only", "EP on", "TP on", "TP: true", "tensor_parallel=1", "expert_parallel: on" } do
  t.eq(measured.parse_yes_no(c), nil, c)
end
t.eq(measured.parse_yes_no("SP on"), true); t.eq(measured.parse_yes_no("SEQ_PARALLEL=True"), true)
t.eq(measured.parse_yes_no("sequence parallelism: off"), false)
-- A dp that is the experts' data-parallel degree where the layout's does not fill the GPUs
-- ("TP1/PP16/CP1/EP16/ETP1, DP1" on 256 GPUs): the dense layers' dp, said (had been refused).
do
  local q = row("MBridge-25.09-Qwen3_235B_a22B-256")
  local r = assert(measured.request(copy(q, { tp = "1", pp = "16", cp = "1", ep = "16", dp = "1", vpp_interleave = false })))
  t.eq(r.layout.dp, 16)
  t.eq(table.concat(r.assumed, "\n"):find("dp 1 is the experts' data-parallel degree (256 GPUs / (pp 16 x ep 16 x expert tp 1))", 1, true) ~= nil, true)
  -- A dp that matches neither product is kept as given (dml.run refuses the layout, as before),
  -- and one that fills the GPUs is the dp.
  t.eq(assert(measured.request(copy(q, { tp = "1", pp = "16", cp = "1", ep = "16", dp = "3", vpp_interleave = false }))).layout.dp, 3)
  t.eq(assert(measured.request(copy(q, { tp = "1", pp = "16", cp = "1", ep = "16", dp = "16", vpp_interleave = false }))).layout.dp, 16)
end
-- Routing as trained (not forced to balance) is said; dml's balanced default stands.
t.eq(measured.natural_routing { notes = "natural routing (moe_router_force_load_balancing=false); HybridEP" }, true)
t.eq(measured.natural_routing { scope = "benchmark, dropless routing (no forced balance)" }, true)
t.eq(measured.natural_routing { notes = "natural MoE routing" }, true)
t.eq(measured.natural_routing { notes = "moe_router_force_load_balancing=true" }, false)
t.eq(measured.natural_routing { scope = "benchmark (MoE: force-balanced routing)" }, false)
t.eq(measured.natural_routing { notes = "forced balance, unlike natural routing in production" }, false)
do
  local r = assert(measured.request(copy(row("MBridge-25.09-Qwen3_30B_a3B-16"), { notes = "natural routing" })))
  t.eq(table.concat(r.assumed, "\n"):find("routing as trained, not forced to balance", 1, true) ~= nil, true)
end
-- helper-262's probe (LLM-jp's scripts): a negation over a list of flags covers each ("sets none
-- of --overlap-grad-reduce, --overlap-param-gather, --tp-comm-overlap": the two after the first
-- had been read as given).
t.eq(measured.spread_negation("sets none of --overlap-grad-reduce, --overlap-param-gather, --tp-comm-overlap (defaults: off)"),
  "sets no --overlap-grad-reduce, no --overlap-param-gather, no --tp-comm-overlap (defaults: off)")
t.eq(measured.spread_negation("neither --overlap-grad-reduce nor --overlap-param-gather"), "no --overlap-grad-reduce, no --overlap-param-gather")
t.eq(measured.spread_negation("without --a, --b and --c. Next"), "no --a, no --b, no --c. Next")
for _, c in ipairs { "uses none of the FP8 flags but --overlap-grad-reduce and --overlap-param-gather",
    "none of the runs dropped --overlap-grad-reduce", "no --fp8-format; --overlap-grad-reduce, --overlap-param-gather", "none of --a" } do
  t.eq(measured.spread_negation(c), c, c)
end
do
  local r = assert(measured.request(copy(row("MBridge-25.11-LLAMA3_70B-64"),
    { notes = "train.sh sets none of --overlap-grad-reduce, --overlap-param-gather, --tp-comm-overlap (Megatron-LM's defaults: off)" })))
  t.eq(r.run.stack.dp_overlap, false); t.eq(r.run.stack.param_gather_overlap, false); t.eq(r.run.stack.tp_overlap, "backward")
end
-- helper-266's probe (the DeepCompile sweep): DeepCompile is DeepSpeed's ZeRO on PyTorch models
-- under torch.compile, the compiled PyTorch stack (had been the 2021 DeepSpeed stack, unsaid).
t.eq(stack { framework = "DeepCompile (DeepSpeed, compile=True schedule=True; PyTorch 2.5.1)", source = "x 2025" }, "torchtitan_compile")
t.eq(stack { framework = "DeepSpeed (deepspeed.compile)" }, "torchtitan_compile")
-- (Eager, not compiled: without a year today's DeepSpeed, PyTorch's stack, since helper-368; with
-- 2021, the ZeRO paper's.)
for _, f in ipairs { "DeepSpeed ZeRO-3; compared against DeepCompile", "DeepCompile baseline: DeepSpeed eager", "DeepSpeed (no DeepCompile)" } do
  t.eq(stack { framework = f }, "torchtitan", f)
end
t.eq(stack { framework = "DeepSpeed ZeRO-3 (2021)" }, "deepspeed_zero3_2021")
-- helper-267's probe (Lambda's, Together's and Crusoe's benchmarks): torchtitan's count named
-- ("torchtitan's stock FLOP accounting") is its own, 6 x (the active parameters less the token
-- embedding) + 12 L a d_h s; not a corrected or hardware count, nor a comparison.
for _, c in ipairs { "torchtitan's stock FLOP accounting (charges sliding-window layers the full O(L^2) attention cost)",
    "torchtitan tflops (metrics.py)", "torchtitan MFU" } do
  t.eq(measured.flop_formula { tflops_counting = c }, "torchtitan", c)
end
for _, c in ipairs { "torchtitan's count with the sliding-window correction", "torchtitan HFU incl. recompute",
    "torchtitan tflops x 64 (cluster)" } do
  t.eq(measured.flop_formula { tflops_counting = c } == "torchtitan", false, c)
end
do
  -- Llama 3 8B at 8,192 tokens: 6 x (8.03e9 - 128256 x 4096) + 12 x 32 x 32 x 128 x 8192, by hand
  -- from dml.params' count (8,030,261,248 with the untied output layer).
  local per_token = measured.flop.torchtitan(8030261248, 128256 * 4096, 32, 32, 128, 8192)
  t.near(per_token, 6 * (8030261248 - 525336576) + 12 * 32 * 4096 * 8192, 1e-12)
  t.near(per_token / 1e9, 45.03 + 12.88, 1e-3)
end
-- A pure data-parallel layout that gives no sharding, whose default sharding does not fit and full
-- sharding does: ZeRO 3, said (Llama 3.1 70B at TP 1 on 64 B200s had been scored at 555 GiB a GPU).
do
  local base = row("MBridge-25.09-LLAMA3_70B-64")
  local r = measured.predict(copy(base, { gpu = "B200", tp = "1", pp = "1", dp = "64", cp = "1", vpp_interleave = false,
    zero_or_fsdp = false, micro_batch = "1" }))
  t.eq(r.status, "ok"); t.eq(r.over_capacity, nil)
  t.eq(r.assumed:find("zero_or_fsdp not given: the stack's default sharding does not fit", 1, true) ~= nil, true, r.assumed)
  -- Given, the sharding stays as read, flagged.
  local given = measured.predict(copy(base, { gpu = "B200", tp = "1", pp = "1", dp = "64", cp = "1", vpp_interleave = false,
    zero_or_fsdp = "distributed optimizer", micro_batch = "1" }))
  t.eq(given.over_capacity, true)
  -- And with tp above 1, as read.
  local tp2 = measured.predict(copy(base, { tp = "8", pp = "1", dp = "8", cp = "1", vpp_interleave = false, zero_or_fsdp = false,
    micro_batch = "8" }))
  t.eq(tp2.assumed:find("zero_or_fsdp not given", 1, true), nil)
end
-- A recompute cell that says only that a default applied is not given (the stack's default),
-- said; one that says which value, or turns it, is read as before.
for _, c in ipairs { "default", "upstream gpt_oss_20b defaults", "the recipe's default", "torchtitan default", "llama3_8b.toml default" } do
  t.eq(measured.default_only(c), true, c)
end
for _, c in ipairs { "defaults, AC off", "default (none)", "defaults + selective attention", "default (full)", "not default", "default full" } do
  t.eq(measured.default_only(c), false, c)
end
do
  local r = assert(measured.request(copy(row("MBridge-25.09-LLAMA3_8B-8"), { recompute = "upstream llama3_8b defaults" })))
  t.eq(table.concat(r.assumed, "\n"):find('recompute "upstream llama3_8b defaults": not given (the default)', 1, true) ~= nil, true)
end
-- helper-265's review of the readings above (272 cases: 143 right under the old rules, 243 under
-- 6aee12e, 265 with its fixes): a flag with its own value ends a negated list, a baseline's list
-- is not the run's, "/" and ", or" join flags; a removed legacy model is none; Seq1F1B switched
-- off anywhere in the cell is not run; routing "would" be or in a table is not this run's; "v.s."
-- compares; "fp8: None" is off, and MXFP8 is FP8 named; a share in percent or past 1.
t.eq(measured.spread_negation("no --overlap-grad-reduce, --overlap-param-gather on"), "no --overlap-grad-reduce, --overlap-param-gather on")
t.eq(measured.spread_negation("no --overlap-grad-reduce, --overlap-param-gather=True"), "no --overlap-grad-reduce, --overlap-param-gather=True")
t.eq(measured.spread_negation("baseline with none of --overlap-grad-reduce, --overlap-param-gather; this run sets both"),
  "baseline with none of --overlap-grad-reduce, --overlap-param-gather; this run sets both")
t.eq(measured.spread_negation("without --overlap-grad-reduce/--overlap-param-gather"), "no --overlap-grad-reduce, no --overlap-param-gather")
t.eq(measured.spread_negation("no --a, --b, or --c"), "no --a, no --b, no --c")
t.eq(stack { framework = "Megatron-LM (legacy models removed)", source = "x 2025" }, "megatron_core")
t.eq(measured.natural_routing { notes = "natural routing would be ~20% slower" }, false)
t.eq(measured.natural_routing { notes = "unbalanced routing in Table 3; this run force-balanced" }, false)
t.eq(measured.natural_routing { notes = "imbalanced routing" }, true)
t.eq(measured.natural_routing { notes = "--moe-router-force-load-balancing not set" }, true)
t.eq(measured.parse_zero("ZeRO-3 v.s. ZeRO-2"), nil)
t.eq(measured.parse_precision("FP8 (fp8: None)"), nil)
t.eq(measured.parse_precision("MXFP8 (FP8=False)"), nil)
t.eq(measured.parse_precision("FP8 (FP8=FALSE) BF16 compute") ~= nil, true)
t.eq(measured.parse_yes_no("moe_expert_parallel: on"), nil)
t.eq(measured.hedged("ZeRO-1?"), true)
do
  local llama = row("MBridge-25.09-LLAMA3_8B-8")
  for _, c in ipairs { "distributed optimizer, optimizer offload, CPU share 50%", "distributed optimizer, optimizer offload, CPU share 1.5" } do
    local r = assert(measured.request(copy(llama, { zero_or_fsdp = c })), c)
    t.eq(r.layout.optimizer_offload, nil, c)
  end
  t.eq(assert(measured.request(copy(llama, { zero_or_fsdp = "distributed optimizer, optimizer offload, CPU share 0.0" }))).layout.optimizer_offload, nil)
end
do
  local base = row("N21-T1-145.6B")
  t.eq(measured.request(copy(base, { framework = "Megatron-LM (Seq1F1B fork, Seq1F1B off)" })) ~= nil, true)
  t.eq(measured.request(copy(base, { framework = "Megatron-LM (Seq1F1B fork)", notes = "trained with Seq1F1B" })), nil)
end
-- FP8 named and switched off in words beside it ("FP8 (FP8 disabled)", "FP8; no FP8"): refused,
-- as its switch set off is (helper-265: read as FP8). Not FP8 attention or a gather ruled out, nor
-- a recipe disabled beside another format.
for _, c in ipairs { "FP8 (FP8 disabled)", "FP8 (fp8 off)", "FP8; no FP8", "FP8 (without FP8)" } do t.eq(measured.parse_precision(c), nil, c) end
t.eq(measured.parse_precision("FP8, no FP8 attention"), "fp8")
t.eq(measured.parse_precision("FP8 hybrid (no FP8 param gather)"), "fp8")
t.eq(measured.parse_precision("rowwise FP8 disabled (bf16 baseline)"), "bf16")
t.eq(measured.parse_precision("bf16 (FP8 disabled)"), "bf16")
t.eq(measured.parse_precision("FP8 disabled"), "bf16")
-- helper-270's probe (prime-rl's benchmark baselines, OLMo-core): a bare "Recompute" is full
-- recomputation and "Offload" activations on the host, not modelled (both had been refused as not
-- understood); tied embeddings said of other sizes are not this model's (a 30B-A3B row read as
-- tied).
t.eq((measured.parse_recompute("Recompute")), "full"); t.eq((measured.parse_recompute("Recompute (full)")), "full")
t.eq(select(2, measured.parse_recompute("Offload")), 'recompute "Offload": activations offloaded to the host, which dml does not model')
t.eq(measured.parse_recompute("activation offloading of 8 layers"), nil)
t.eq((measured.parse_recompute("full, without activation offloading")), "full")
t.eq((measured.parse_recompute("full (activation offload: off)")), "full")
t.eq((measured.parse_recompute("Selective")), "selective")
t.eq(measured.parse_recompute("Recompute (MLP only)"), nil)
do
  local function tied(model, notes) return assert(measured.architecture { model = model, notes = notes, seq_len = "4096" }).tied end
  t.eq(tied("Qwen3-30B-A3B", "FSDP2; tied embeddings for 0.6B and 4B"), false)
  t.eq(tied("Qwen3-0.6B", "tied embeddings for 0.6B and 4B"), true)
  t.eq(tied("Qwen3-30B-A3B", "tied embeddings"), true)
  t.eq(tied("Qwen3-30B-A3B", "embeddings tied for 30B"), true)
end
-- helper-268's probe (AMD's MLPerf LoRA results, a ROCm MaxText blog): an FSDP degree as a key's
-- value is the shard group (had been every data-parallel rank); a dispatcher's name inside a
-- branch or path names no dispatcher (a "feature/...-deepep-integration" branch had been read as
-- DeepEP).
same({ measured.parse_zero("FSDP=8") }, { 3, 8, false })
same({ measured.parse_zero("fsdp_parallelism=8") }, { 3, 8, false })
same({ measured.parse_zero("FSDP=8, bf16, remat_policy: full") }, { 3, 8, false })
same({ measured.parse_zero("FSDP = 1") }, { 3, nil, false })
t.eq(measured.parse_zero("FSDP=0"), false)
same({ measured.parse_zero("FSDP2") }, { 3, nil, false })
t.eq(measured.token_dispatch { framework = "MaxText (ROCm/maxtext branch feature/primus-turbo-gmm-deepep-integration)" }, false)
t.eq(measured.token_dispatch { framework = "kernels/deepep_utils/ path" }, false)
t.eq(measured.token_dispatch { framework = "Megatron-LM + DeepEP" }, true)
t.eq(measured.token_dispatch { framework = "Megatron (moe-enable-deepep)" }, true)
t.eq(measured.token_dispatch { framework = "MaxText (branch x-deepep-y)", notes = "DeepEP dispatch" }, true)
-- helper-271's review of the DeepCompile, pure-DP sharding, defaults-only and torchtitan-count
-- readings (160 cases: 98 right under the old rules, 133 under 90c5d33, 149 now).
for _, f in ipairs { "DeepSpeed 0.14 (pre-DeepCompile)", "DeepSpeed ZeRO-3 eager (DeepCompile numbers in Table 3)",
    "DeepSpeed ZeRO-3 (deepcompile would OOM)" } do
  t.eq(stack { framework = f }, "torchtitan", f)  -- (not compiled; no year: today's, helper-368)
end
for _, f in ipairs { "HF transformers + DeepSpeed DeepCompile", "DeepCompile with no offload", "DeepCompile without CPU offload" } do
  t.eq(stack { framework = f }, "torchtitan_compile", f)
end
t.eq(measured.default_only("default full_recompute"), false)
t.eq(measured.default_only("defaults --recompute_activations"), false)
t.eq(measured.default_only("upstream gpt_oss_20b defaults"), true)
for _, c in ipairs { "torchtitan MFU with the SWA fix", "torchtitan MFU, causal attention (half the attention FLOPs)",
    "torchtitan MFU incl. embedding" } do
  t.eq(measured.flop_formula { tflops_counting = c } == "torchtitan", false, c)
end
t.eq(measured.flop_formula { tflops_counting = "torchtitan (6 x non-embedding params + 12 L H d_h s)" }, "torchtitan")
do
  -- A sharding the framework cell names stays as read, flagged, though the zero cell is empty.
  local base = row("MBridge-25.09-LLAMA3_70B-64")
  local r = measured.predict(copy(base, { gpu = "B200", tp = "1", pp = "1", dp = "64", cp = "1", vpp_interleave = false,
    zero_or_fsdp = false, micro_batch = "1", framework = "Megatron-Core (distributed optimizer)" }))
  t.eq(r.over_capacity, true)
  t.eq(r.assumed:find("(ZeRO 3) fit, assumed", 1, true), nil)
end
-- Session 43's probes (helper-272 to helper-277: Alibaba's and PaddlePaddle's tables, Google
-- Cloud's and AWS's recipes, MoE systems, long-context systems, Alpa and nnScaler, torchtune and
-- AXLearn), each reading a cell the old rules read wrong or refused.
-- JSON and Python-dict cells read as their keys' settings (had been full recompute, and refused).
t.eq(measured.parse_recompute('"recompute": false, "recompute_granularity": "full"'), "none")
t.eq(measured.parse_recompute('{"recompute": false}'), "none")
t.eq(measured.parse_recompute('{"pipeline": {"activation_checkpoint_interval": 1}}'), "full")
t.eq(measured.parse_recompute('{"recompute": true, "recompute_granularity": "core_attn"}'), "selective")
t.eq(measured.parse_zero('{"sharding": "stage2"}'), 2)
t.eq(measured.parse_zero('"sharding": "stage1"'), 1)
-- AXLearn's mesh: the fsdp axis is the shard group; the data axis alone is plain data parallelism.
same({ measured.parse_zero("mesh_shape_from_axes(data=-1, fsdp=8)") }, { 3, 8, false })
same({ measured.parse_zero("data=32, fsdp=8") }, { 3, 8, false })
same({ measured.parse_zero("mesh_shape_from_axes(data=-1)") }, { 0, nil, false })
same({ measured.parse_zero("mesh_shape_from_axes(fsdp=-1)") }, { 3, nil, false })
t.eq(measured.parse_zero("mesh_shape_from_axes(data=4, fsdp=-1)"), nil)
-- Megatron-LM's --DDP-impl: plain data parallelism.
t.eq(measured.parse_zero("--DDP-impl local"), 0); t.eq(measured.parse_zero("--DDP-impl torch"), 0)
-- FP8's switch off beside its modifiers: not FP8.
t.eq(measured.parse_precision("BF16 precision training (fp8: false; the yaml also sets fp8_hybrid: true, fp8_params: true)"), "bf16")
t.eq(measured.parse_precision("fp8: false, fp8_hybrid: true, fp8_params: true"), "bf16")
t.eq(measured.parse_precision("bf16-mixed; fp8_params: true"), "fp8", "fp8 not switched off: as before")
-- Recompute: the decoder layer's class, "by layer", a dataclass field, a key beside its default,
-- a report's sentence with when it runs, a remark that says the same.
t.eq(measured.parse_recompute("recompute_modules='LlamaDecoderLayer'"), "full")
t.eq(measured.parse_recompute("recompute by layer ('recompute_modules': 'LlamaDecoderLayer')"), "full")
t.eq(measured.parse_recompute("gradient_checkpointing: bool = True"), "full")
t.eq(measured.parse_recompute("gradient_checkpointing (ms-swift default True)"), "full")
t.eq(measured.parse_recompute("recompute all RMSNorm operations and MLA up-projections during back-propagation"), "norms")
t.eq(measured.parse_recompute("Recomputation of RMSNorm and MLA Up-Projection (all RMSNorm operations and MLA up-projections recomputed during back-propagation)"), "norms")
t.eq(select(3, measured.parse_recompute("full (block, 4 layers)")).layers, 4, "a remark that adds layers is still read")
-- JAX's named remat policies that keep some matmuls: refused, said as not modelled.
t.eq(select(2, measured.parse_recompute("remat_policy: save_dot_except_mlp")):find("not modelled", 1, true) ~= nil, true)
t.eq(select(2, measured.parse_recompute("remat_spec policy save_only_these_names: MultiheadAttention.q_proj, o_proj")):find("save_only_these_names (some", 1, true) ~= nil, true)
-- The network: the unit in words, AWS's instances per instance, EFA by the GPU's instance.
t.eq(inter("100 Gigabit Ethernet"), 25)
t.eq(inter("AWS p3.16xlarge network: 25 Gigabit (AWS instance spec)", "v100_sxm"), 2 * 25 / 8 / 8)
t.eq(inter("Elastic Fabric Adapter", "a100_sxm_80gb"), 2 * 400 / 8 / 8)
t.eq(inter("EFA", "h100_sxm"), 2 * 3200 / 8 / 8)
t.eq(inter("p4de.24xlarge", "a100_sxm_80gb"), 2 * 400 / 8 / 8)
t.eq(inter("not EFA; InfiniBand HDR", "a100_sxm"), 50, "EFA ruled out: as before")
-- The OverlappedDistributedOptimizer set against the plain one in the notes is not the run's.
t.eq(measured.dp_overlap { zero_or_fsdp = "--use-distributed-optimizer", notes = "README: 'with OverlappedDistributedOptimizer can reach 0.85 when scaling to 512 GPUs, while with DistributedOptimizer only around 0.7'." }, nil)
t.eq(measured.dp_overlap { framework = "Megatron-LLaMA (OverlappedDistributedOptimizer)" }, true)
-- Alpa's FLOP counts: the 96 form in another letter order, and compute_gpt_tflops by the recompute.
t.eq(formula("96·B·s·h²·L·(1+s/6h) + 6·B·s·h·V"), "narayanan")
t.eq(measured.flop_formula { tflops_counting = "factor = 96 if checkpoint_activations else 72; total_flop = factor * B * s * h^2 * L * (1 + s / (6 * h)) + 6 * B * s * h * V", recompute = "--checkpoint-activations" }, "narayanan")
t.eq(measured.flop_formula { tflops_counting = "factor = 96 if checkpoint_activations else 72; total_flop = factor * B * s * h^2 * L * (1 + s / (6 * h)) + 6 * B * s * h * V", recompute = "none" }, "korthikanti")
-- torchtune's ablation row of techniques added, "This row: packed dataset + compile": compiled.
t.eq(stack { framework = "torchtune (full_finetune_single_device)", notes = "Each technique is added on top of the previous one. This row: packed dataset + compile. Alpaca." }, "torchtitan_compile")
t.eq(stack { framework = "torchtune (full_finetune_single_device)", notes = "This row: packed dataset. Next row: + compile." }, "torchtitan")
do
  -- The experts' width said in words, with the dense first layers; experts between dense layers
  -- read as moe.every (refused before it existed); tie_embedding disabled in the framework cell.
  local v, note, extra = measured.count_cell("ffn_hidden", "2048 (intermediate hidden dimension of each expert; all FFNs except the first three layers are MoE)")
  t.eq(v, nil); t.eq(extra.expert_d_ff, "2048"); t.eq(extra.dense_layers, "3"); t.eq(note:find("first 3 layers dense", 1, true) ~= nil, true)
  local moe = row("MBridge-25.09-Qwen3_30B_a3B-16")
  t.eq(assert(measured.request(copy(moe, { moe_experts = "128 experts on every other feedforward layer (12 MoE layers)" }))).run.model.moe.every, 2)
  local mpt = row("MPT-30b-128")
  t.eq(assert(measured.request(copy(mpt, { framework = "llm-foundry, tie_embedding disabled" }))).run.model.tied_embeddings, false)
  t.eq(assert(measured.request(copy(mpt, { framework = "llm-foundry" }))).run.model.tied_embeddings, true, "MPT ties: as before")
end
-- Megatron-DeepSpeed's logged TFLOP/s by its name: its throughput_calculator's count, Narayanan
-- et al.'s where every layer is recomputed (had been Megatron-Core's, the steps 25% short).
t.eq(measured.flop_formula { tflops_counting = "Megatron-DeepSpeed logged TFLOPs", recompute = "--checkpoint-activations" }, "narayanan")
t.eq(measured.flop_formula { tflops_counting = "New Megatron-DeepSpeed (TFLOPS)", recompute = "none" }, nil)
-- helper-275's long-context rows: a count restated under its flag among other words, a parallel
-- degree restated as the GPUs it spans, GPT-2's vocabulary with Megatron's default padding, and
-- "no global batch" said plainly (each had been refused).
t.eq(measured.count_cell("seq_len", "65536 (train.sh --seq-length 65536)"), "65536")
t.eq(measured.count_cell("seq_len", "32768 (--max_length 32768 --packing true)"), "32768")
t.eq(measured.count_cell("seq_len", "512000 (train.sh --seq-length 512000; README \"512K\")"), "512000 (train.sh --seq-length 512000; README \"512K\")",
  "another figure in the remark: as before")
t.eq(measured.count_cell("cp", "8 (ring attention over the 8 GPUs)"), "8")
t.eq(measured.count_cell("cp", "8 (ring attention over 4 nodes)"), "8 (ring attention over 4 nodes)", "another number: as before")
t.eq(measured.count_cell("vocab", "gpt2-vocab.json (GPT2BPETokenizer), --make-vocab-size-divisible-by 128 (default)"), "50304")
t.eq(measured.global_batch({ micro_batch = "1", num_gpus = "8", tp = "1", pp = "1", cp = "8", dp = "1", tokens_per_s = "4000",
  inferred_fields = "dp 1, cp 8 (train.py at 9b1e58e); no global batch (no 64K stage in train.sh)" }, 65536), 1)
do
  -- DeepSpeed on Hugging Face transformers keeps DeepSpeed's model states, 2 + 2 + 12 bytes a
  -- parameter (had been the PyTorch stack's fp32 parameters, 4 + 4 + 8; helper-274).
  local base = row("MPT-30b-128")
  local r = assert(measured.request(copy(base, { framework = "Hugging Face transformers Trainer with DeepSpeed", zero_or_fsdp = "ZeRO-2" })))
  t.eq(r.run.stack.weight_bytes, 2); t.eq(r.run.stack.gradient_bytes, 2); t.eq(r.run.stack.optimizer_bytes, 12)
  local f = assert(measured.request(copy(base, { framework = "Hugging Face transformers Trainer with FSDP", zero_or_fsdp = "FSDP" })))
  t.eq(f.run.stack.weight_bytes, 4, "FSDP's own states: as before")
end
-- Google Cloud's GPUDirect by name: TCPXO is a3-megagpu-8g's 1,600 Gb/s a machine, TCPX
-- a3-highgpu-8g's 800 (had been 400 Gb/s a GPU assumed; helper-273).
t.eq(inter("GPUDirect-TCPXO (NCCL Plugin v1.0.3, RxDM sidecar v1.0.9)"), 2 * 1600 / 8 / 8)
t.eq(inter("GPUDirect-TCPX"), 2 * 800 / 8 / 8)
-- Azure's A100 machines: ND A100 v4 has the 40 GB part, NDm A100 v4 the 80 GB (the DeepSpeed-MoE
-- paper's "Azure ND A100 instances" had been the 80 GB part; helper-274).
t.eq(gpu("NVIDIA Ampere A100 (Azure ND A100 instances)"), "a100_sxm")
t.eq(gpu("ND96amsr_A100_v4"), "a100_sxm_80gb")
t.eq(gpu("A100 80GB (Azure ND A100 v4)"), "a100_sxm_80gb", "the size said wins")
-- helper-278's review of this session's readings (484 cases: 440 right at b8dba05, 476 now).
t.eq(inter("p5.48xlarge (3200 Gbps EFA)"), 2 * 3200 / 8 / 8, "an instance's size is no count of NICs")
t.eq(inter("p3dn.24xlarge (100 Gbps)", "v100_sxm"), 2 * 100 / 8 / 8)
t.eq(inter("100 Gigabit (would be 400 Gigabit on p4d.24xlarge)", "v100_sxm"), 25, "a hedged instance is not the run's")
t.eq((select(2, measured.inter_node("p5.48xlarge", 8, "h100_sxm"))):find('"p5.48xlarge"', 1, true) ~= nil, true, "the note quotes the cell")
t.eq(inter("Gigabit Ethernet", "v100_sxm"), 0.25)
t.eq(measured.parse_precision('{"fp8": false, "fp8_hybrid": true, "fp8_params": true}'), "bf16")
t.eq(measured.parse_precision("fp8: null, fp8_recipe: delayed"), "bf16")
t.eq(measured.parse_precision("fp8: hybrid, fp8_recipe: delayed"), "fp8")
t.eq(measured.parse_recompute("recompute_modules='GPT2Block'"), "full")
t.eq(measured.parse_recompute("recompute_modules: [BloomBlock]"), "full")
t.eq(measured.parse_recompute("--recompute-modules core_attn mlp"), "selective", "Megatron-Core's modules: as before")
t.eq(measured.parse_recompute("gradient_checkpointing (use_reentrant default False)") == "none", false)
t.eq(measured.parse_recompute("save_dot_except_mlp was slower; this run uses full remat"), "full")
t.eq(measured.parse_recompute("remat_policy: save_dot_with_context_except_mlp"), nil)
t.eq(measured.parse_recompute("everything_saveable"), "none")
t.eq(measured.dp_overlap { notes = "an overlapped distributed optimizer (OverlappedDistributedOptimizer), while the backward pass runs" }, true)
t.eq(measured.dp_overlap { zero_or_fsdp = "DistributedOptimizer", notes = "OverlappedDistributedOptimizer vs. DistributedOptimizer: +3% throughput." }, nil)
t.eq(measured.dp_overlap { zero_or_fsdp = "DistributedOptimizer", notes = "The OverlappedDistributedOptimizer would overlap more." }, nil)
t.eq(formula("72·B·s·h²·L·(1+s/6h) + 6·B·s·h·V"), "korthikanti")
t.eq(formula("6ND (not the 96·B·s·h²·L·(1+s/6h) form)") == "narayanan", false)
t.eq(measured.flop_formula { tflops_counting = "Megatron-DeepSpeed's logged TFLOPs were not used; 6ND instead", recompute = "--checkpoint-activations" } == "narayanan", false)
-- Megatron's --moe-layer-freq as a Python list expression (measured.parse_layer_pattern).
do
  local function flat(text)
    local p, why = measured.parse_layer_pattern(text)
    return p and table.concat(p) or why
  end
  t.eq(flat("[1,0]*3"), "101010")
  t.eq(flat("[0]*3+[1]*2"), "00011")
  t.eq(flat("([0]*2+[1]*2)"), "0011")
  t.eq(flat("([0]+[1]*3)*2"), "01110111")
  t.eq(flat("2*[1,0]"), "1010")
  t.eq(flat("2*3*[1]"), "111111")
  t.eq(flat("2*[1,0]*2"), "10101010")
  t.eq(flat("'[1, 0, 1]'"), "101")
  t.eq(flat("[1,0]*0"), "a list repeated 0 times")
  t.eq(flat("[1,0]*40000"), "more than 65,536 layers")
  t.eq(flat("[1]*60000+[0]*10000"), "more than 65,536 layers")
  t.eq(flat("[1,0"), "a list not closed by ]")
  t.eq(flat("[1,0]*2 dense"), '"dense" after the pattern')
  t.eq(flat("[]"), "a list entry that is not a number")
  t.eq(flat("(([1]*2)"), "a ( not closed")
  -- (What Python refuses too: helper-362.)
  t.eq(flat("[01,0]"), "an entry with a leading 0")
  t.eq(flat("[1.0,0]"), "an entry that is not a whole 0 or 1")
end
do
  local _, _, e = measured.count_cell("ffn_hidden", "1408 (per expert; first layer dense)")
  t.eq(e.dense_layers, "1")
  _, _, e = measured.count_cell("ffn_hidden", "2048 (each expert; the first three layers are dense)")
  t.eq(e.dense_layers, "3")
  _, _, e = measured.count_cell("ffn_hidden", "1408 per expert")
  t.eq(e.expert_d_ff, "1408")
  local moe = row("MBridge-25.09-Qwen3_30B_a3B-16")
  -- A pattern as a list is moe.pattern (refused before it existed), one entry a layer of the 48;
  -- a period is moe.every.
  local listed = assert(measured.request(copy(moe, { moe_experts = "128 (--moe-layer-freq [1,0]*24)" }))).run.model.moe
  t.eq(#listed.pattern, 48)
  t.eq(listed.pattern[1], 1)
  t.eq(listed.pattern[2], 0)
  t.eq(listed.every, 1)
  t.eq(listed.dense_layers, 0)
  local said = measured.predict(copy(moe, { moe_experts = "128 (--moe-layer-freq [1,0]*24)" }))
  t.eq(said.assumed:find("experts on 24 of the 48 layers as the pattern [1,0]*24 gives them (moe_experts \"128 (--moe-layer-freq [1,0]*24)\"): moe.pattern", 1, true) ~= nil, true, said.assumed)
  t.eq(#assert(measured.request(copy(moe, { moe_experts = "128 (moe_layer_freq: ([0]*3+[1]*45))" }))).run.model.moe.pattern, 48)
  -- (A number before the list multiplies it, not the period: helper-362's "24*[1,0]" had run
  -- every = 24.)
  for _, cell in ipairs { "128 (--moe-layer-freq 24*[1,0])", "128 (--moe-layer-freq 2*[1,0]*12)" } do
    local read = assert(measured.request(copy(moe, { moe_experts = cell }))).run.model.moe
    t.eq(#read.pattern, 48, cell)
    t.eq(read.pattern[1], 1, cell)
    t.eq(read.every, 1, cell)
  end
  t.eq(assert(measured.request(copy(moe, { moe_experts = "128 (--moe-layer-freq 2 (default 1))" }))).run.model.moe.every, 2)
  local why = select(2, measured.request(copy(moe, { moe_experts = "128 (--moe-layer-freq [1,0]*12)" })))
  t.eq(why, 'moe_experts "128 (--moe-layer-freq [1,0]*12)": a layer pattern of 24 entries for the 48 layers')
  why = select(2, measured.request(copy(moe, { moe_experts = "128 (--moe-layer-freq [0]*48)" })))
  t.eq(why, 'moe_experts "128 (--moe-layer-freq [0]*48)": a layer pattern with no MoE layer (no 1)')
  why = select(2, measured.request(copy(moe, { moe_experts = "128 (--moe-layer-freq [1,2]*24)" })))
  t.eq(why, 'moe_experts "128 (--moe-layer-freq [1,2]*24)": a layer pattern not understood (an entry 2 (1 a MoE layer, 0 a dense one))')
  -- A period beside the list: the same layers (Megatron's k: layer i when i % k == 0), or
  -- refused where they differ.
  local both = assert(measured.request(copy(moe, { moe_experts = "128 (moe_layer_freq 2; --moe-layer-freq [1,0]*24)" }))).run.model.moe
  t.eq(#both.pattern, 48)
  t.eq(both.every, 1)
  why = select(2, measured.request(copy(moe, { moe_experts = "128 (moe_layer_freq 2; --moe-layer-freq [0,1]*24)" })))
  t.eq(why, 'moe_experts "128 (moe_layer_freq 2; --moe-layer-freq [0,1]*24)": a layer pattern beside a period of 2 that puts the experts elsewhere (layer 0)')
  -- (Llama 4's, Qwen2-MoE's and Megatron-DeepSpeed's steps: the last layer of each run;
  -- helper-367.)
  for _, key in ipairs { "interleave_moe_layer_step", "decoder_sparse_step", "--expert-interval" } do
    t.eq(#assert(measured.request(copy(moe, { moe_experts = "128 (" .. key .. " 2; --moe-layer-freq [0,1]*24)" }))).run.model.moe.pattern, 48, key)
    why = select(2, measured.request(copy(moe, { moe_experts = "128 (" .. key .. " 2; --moe-layer-freq [1,0]*24)" })))
    t.eq(why, 'moe_experts "128 (' .. key .. ' 2; --moe-layer-freq [1,0]*24)": a layer pattern beside a period of 2 that puts the experts elsewhere (layer 0)', key)
  end
  why = select(2, measured.request(copy(moe, { moe_experts = "128 (--moe-freq 4, --moe-layer-freq [1,0]*24)" })))
  t.eq(why, 'moe_experts "128 (--moe-freq 4, --moe-layer-freq [1,0]*24)": a layer pattern beside a period of 4 that puts the experts elsewhere (layer 2)')
  for _, cell in ipairs { "128 (interleave_moe_layer_step: 2)", "128 (decoder_sparse_step: 2)" } do
    t.eq(assert(measured.request(copy(moe, { moe_experts = cell }))).run.model.moe.every, 2, cell)
  end
  t.eq(assert(measured.request(copy(moe, { moe_experts = "128 experts every 4th layer" }))).run.model.moe.every, 4)
  t.eq(assert(measured.request(copy(moe, { moe_experts = "128 (--moe-freq 2)" }))).run.model.moe.every, 2)
  -- (A recompute's or a window's "every" in the cell: refused, not read as the experts'; helper-360.)
  for _, cell in ipairs { "128 (full recompute every other layer)", "128 (activation checkpointing every 2 layers)",
      "128 (sliding window every other layer)", "128 (every layer; recompute every other layer)" } do
    t.eq(measured.request(copy(moe, { moe_experts = cell })), nil, cell)
  end
  for _, cell in ipairs { "128 (an alternative config)", "128 (not alternating: every layer is MoE)",
      "128 (every other layer would be cheaper; this run: every layer)" } do
    t.eq(measured.request(copy(moe, { moe_experts = cell })) ~= nil, true, cell)
  end
  local mpt = row("MPT-30b-128")
  t.eq(assert(measured.request(copy(mpt, { framework = "llm-foundry (the tie_embedding disabled ablation is another row)" }))).run.model.tied_embeddings, true)
  t.eq(assert(measured.request(copy(mpt, { framework = "llm-foundry, tie_word_embeddings: false" }))).run.model.tied_embeddings, false)
end
-- helper-280's probe (open models' reports): LLaMA's own words for its sequence parallelism and
-- its checkpointing; an EFA rate that is one GPU's share of its instance; AWS's instances by
-- family; Baichuan 2's hierarchical ZeRO partition refused (had been HSDP).
t.eq(measured.parse_yes_no("model and sequence parallelism, as described by Korthikanti et al. (2022)"), true)
t.eq(measured.parse_recompute("we save the activations that are expensive to compute, such as the outputs of linear layers"), "selective")
t.eq(inter("EFA for inter-node communication (~50 GB/s)"), 100, "400 Gb/s of an H100's p5: a GPU's share")
t.eq(inter("EFA inter-node connections (400 Gb/s)", "a100_sxm"), 12.5, "400 Gb/s of an A100's p4d: the instance's, as before")
t.eq(inter("P4d instances", "a100_sxm"), 12.5)
t.eq(measured.parse_zero("hybrid and hierarchical partition for ZeRO"), nil)
-- helper-282 and helper-277: FSDP's CPU offload (torchtune's fsdp_cpu_offload) and a bare stage-3
-- offload put the optimizer's step on the host, the parameters' traffic said as not modelled (the
-- step had been costed on the GPU: stas00's ZeRO-3 + CPU-offload row −67.5%, on the host +0.7%).
do
  local base = row("MBridge-25.09-LLAMA3_70B-64")
  for _, cell in ipairs { "FSDP, fsdp_cpu_offload: True (**= Uses CPU offload with fused optimizer)", "ZeRO-3 + CPU-offload" } do
    local r = assert(measured.request(copy(base, { zero_or_fsdp = cell, framework = "torchtune (FSDP2)", tp = "1", pp = "1", dp = "64",
      vpp_interleave = false })))
    t.eq(r.layout.optimizer_offload, true, cell)
    local said = false
    for _, a in ipairs(r.assumed) do said = said or a:find("the offload to the host of the parameters", 1, true) ~= nil end
    t.eq(said, true, cell)
  end
end
-- helper-282's, helper-281's and helper-279's probes: model FLOPs said to be causal; 6N with
-- attention ruled out; Megatron's count written out with "x", "·", SEQ_LEN**2 and a batch factor,
-- its recompute said to be excluded ("that would be HFU"); DeepSpeed ruled out in the framework
-- cell; BioNeMo is not NeMo.
t.eq(formula("model FLOPs with attention counted causally; activation-checkpoint recompute excluded"), "megatron_causal")
t.eq(formula("model FLOPs (non-causal attention)") == "megatron_causal", false)
t.eq(formula("6N per token (attention FLOPs not counted)"), "6n_only")
t.eq(formula("6ND"), "6n", "as before")
t.eq(formula("6 x N x tokens + 6 x s^2 x L x h (causal)"), "megatron_causal")
t.eq(formula("6*dense_N*tokens + 6*b*SEQ_LEN**2*n_layers*hidden (causal)"), "megatron_causal")
t.eq(formula("6 x dense_N x tokens + 6 x B x s^2 x head_dim x n_heads x n_layers; 'Attention coeff is 6 (causal), not 12'; 'gradient-checkpoint recompute is excluded (that would be HFU)'"),
  "megatron_causal")
t.eq(formula("6*dense_N*tokens + 6*s^2*n_layers*hidden (causal), HFU with the recompute counted"), nil)
do
  -- 6N alone: six times the parameters a token uses, per token.
  local r = copy(row("MBridge-25.09-LLAMA3_8B-8"), { tflops_counting = "6N per token (attention FLOPs not counted)",
    iter_time_s = false, tokens_per_s = false, tokens_per_s_per_gpu = false, tflops_per_gpu = "400", mfu_pct = false })
  local s6, how = measured.measured_time(r)
  local arch = assert(measured.architecture(r))
  local tokens = assert(measured.integer(r.global_batch_seqs)) * arch.seq_len
  t.near(s6, 6 * measured.params(arch, true) * tokens / (400e12 * assert(measured.integer(r.num_gpus))), 1e-9)
  t.eq(how:find("6N per token", 1, true) ~= nil, true)
end
t.eq(stack { framework = "vanila HF without DeepSpeed" }, "torchtitan")
t.eq(stack { framework = "BioNeMo recipe llama3 native TE (train_fsdp2.py: PyTorch FSDP2 + TransformerEngine)" } == "megatron_core", false)
t.eq(stack { framework = "NeMo 2.0" }, "megatron_core", "NeMo: as before")
-- helper-279: Kimi K2 by name has its config (DeepSeek-V3's latent widths, 384 experts, the first
-- layer dense; had been refused for its latent widths).
do
  local arch = assert(measured.architecture { model = "Kimi K2", seq_len = "4096" })
  t.eq(arch.experts, 384); t.eq(arch.heads, 64); t.eq(arch.dense_layers, 1); t.eq(arch.mla ~= nil, true)
end
-- helper-281: DeepSpeed's autotuning notation for the stage (had been refused, and "z = 3 (ZeRO
-- stage)" read as a ZeRO without a stage, 1).
for cell, z in pairs { ["z = 1"] = 1, ["z1_gas1_tmbspg3"] = 1, ["Z3 + CPU offload"] = 3, ["z = 3 (ZeRO stage)"] = 3 } do
  t.eq(measured.parse_zero(cell), z, cell)
end
t.eq(measured.parse_zero("z = 1 or 2"), nil)
-- helper-283's review of the second round (347 cases: 284 right at f6ba96b, 328 now).
do
  local function off(cell) return measured.offload_said({ zero_or_fsdp = cell }, measured.parse_zero(cell)) end
  t.eq(off("ZeRO-3 + CPU offload (probably)") == "optimizer", false)
  t.eq(off("ZeRO-3 (CPU offload possibly)") == "optimizer", false)
  t.eq(off("FSDP(cpu_offload=CPUOffload(offload_params=False))") == "optimizer", false)
  t.eq(off("ZeRO-3; activation checkpointing offloaded to CPU") == "optimizer", false)
  t.eq(off("ZeRO-3; CPU offload in the 1-GPU experiments") == "optimizer", false)
  t.eq(off("ZeRO-3 + CPU-offload"), "optimizer", "as this session reads it")
  t.eq(measured.offload_said({ zero_or_fsdp = "ZeRO-2", notes = "30% of optimizer states offloaded to CPU" }, 2), "other")
  t.eq(measured.offload_said({ zero_or_fsdp = "ZeRO-2", notes = "half of the optimizer offloaded" }, 2), "other")
end
t.eq(formula("attention not counted causally (model FLOPs)") == "megatron_causal", false)
t.eq(formula("MFU (causal LM pretraining)") == "megatron_causal", false)
t.eq(formula("model FLOPs with attention counted causally; recompute is excluded (that would be HFU)"), "megatron_causal")
t.eq(formula("6N (attention FLOPs not excluded)") == "6n_only", false)
t.eq(formula("6N (excludes attention)"), "6n_only")
t.eq(formula("6·N·D + 6·L·h·s²"), "megatron_causal")
t.eq(formula("6·N·D + 12·L·h·s²"), "megatron")
t.eq(inter("A3 High (TCPX, not the A3 Mega's TCPXO)"), 25)
t.eq(gpu("ND A100 v4 (not NDm A100 v4)"), "a100_sxm")
t.eq(gpu("Azure NDv4 (A100)"), "a100_sxm")
for _, cell in ipairs { "z=1/2", "z1/z2", "z = 1 and z = 2", "z=1, 2", "ZeRO-2 (z=3 OOMed)" } do
  t.eq(measured.parse_zero(cell) == 1 or measured.parse_zero(cell) == 3, false, cell)
end
t.eq(measured.parse_zero("fp16, z=2, mbs=4"), 2)
t.eq(measured.parse_zero("ds autotuning best: z2_gas1_tmbspg4"), 2)
t.eq(measured.parse_yes_no("model and sequence parallelism, as described by Korthikanti et al. (2022), would reduce memory"), nil)
t.eq(measured.parse_recompute("Unlike LLaMA, which saves the activations that are expensive to compute, we recompute every layer") == "selective", false)
t.eq(measured.parse_recompute("we save the activations that are expensive to compute"), "selective")
do
  local base = row("MPT-30b-128")
  local r = assert(measured.request(copy(base, { framework = "HF Trainer (with DeepSpeed ZeRO-3)", zero_or_fsdp = "ZeRO-3" })))
  t.eq(r.run.stack.weight_bytes, 2)
  r = assert(measured.request(copy(base, { framework = "Hugging Face transformers Trainer; DeepSpeed was not used", zero_or_fsdp = "FSDP" })))
  t.eq(r.run.stack.weight_bytes, 4)
end
-- helper-284's, helper-285's and helper-286's probes (company blogs, Hugging Face material,
-- GitHub issues).
t.eq(measured.parse_precision("bf16 (torchtitan default; float8 converters not enabled)"), "bf16")
t.eq(measured.parse_precision("float8: not enabled"), "bf16")
t.eq(measured.parse_precision("mixed_precision: 'no'"), nil, "fp32, refused")
t.eq(measured.parse_precision("mixed_precision: bf16"), "bf16")
t.eq(measured.parse_recompute("megatron_lm_recompute_activations: true"), "selective")
t.eq(measured.parse_recompute("enable recompute activation"), "selective")
t.eq(measured.parse_recompute("fsdp_activation_checkpointing: true, gradient_checkpointing=False"), "full")
t.eq(measured.parse_zero("distribute optimizer"), 1)
t.eq(measured.parse_zero("- (--devices 1)"), 0)
same({ measured.parse_zero("ParallelismConfig(dp_shard_size=8)") }, { 3, 8, false })
t.eq(stack { framework = "ROCm TransformerEngine + PyTorch (ROCm), reprod.py", notes = "the thread reports MI300X FP8 slower than MI300X BF16 torch.compile" },
  "torchtitan", "another run's compile")
t.eq(stack { framework = "torchtitan", notes = "Eager mode was 12% slower than torch.compile, so the reported run is compiled." }, "torchtitan_compile")
t.eq(stack { framework = "LitGPT (Lightning Fabric), Thunder" }, "torchtitan_compile")
t.eq(stack { framework = "torchtitan", notes = "[compile] components = [\"model\",\"loss\"]" }, "torchtitan_compile")
do
  -- Transformer Engine's kernels named on a PyTorch stack: its fused attention and element-wise
  -- ops (megatron_core's factor), said; not where ruled out.
  local base = row("MPT-30b-128")
  local r = assert(measured.request(copy(base, { framework = "PyTorch FSDP + Transformer Engine" })))
  t.eq(r.run.stack.attention, "flash3")
  t.eq(r.run.stack.elementwise_factor, dml.presets.stacks.megatron_core.elementwise_factor)
  r = assert(measured.request(copy(base, { framework = "PyTorch FSDP (no Transformer Engine)" })))
  t.eq(r.run.stack.elementwise_factor == dml.presets.stacks.megatron_core.elementwise_factor, false)
  r = assert(measured.request(copy(base, { framework = "NeMo AutoModel (FSDP2)", notes = 'Table: FSDP 8, "TE + DeepEP"' })))
  t.eq(r.run.stack.attention, "flash3")
end
-- helper-287's review of the third round (213 cases: 173 right at 841306b, 195 now).
t.eq(measured.parse_precision("float8 converters were not enabled"), "bf16")
t.eq(measured.parse_zero("- (ZeRO-3)"), 3); t.eq(measured.parse_zero("- (FSDP FULL_SHARD)"), 3)
t.eq(measured.parse_zero("\226\128\148 (--devices 1)"), 0)
t.eq(stack { framework = "torchtitan", notes = "excluded model in compiling" }, "torchtitan")
t.eq(measured.parse_recompute("megatron_lm_recompute_activations: true (not used)"), nil)
t.eq(measured.parse_recompute("fsdp_activation_checkpointing: false, gradient_checkpointing=True"), "full")
t.eq(measured.parse_recompute("fsdp_activation_checkpointing: true (not used)"), nil)
do
  local base = row("MPT-30b-128")
  for _, f in ipairs { "PyTorch FSDP + Transformer Engine, not used", "possibly Transformer Engine", "PyTorch FSDP; TE kernels in the next row" } do
    t.eq(assert(measured.request(copy(base, { framework = f }))).run.stack.attention == "flash3", false, f)
  end
end
-- Session 44's probes (helper-288 to 290).
-- The NGC container a Megatron-LM cell names dates it where no year is given (YY.MM): a 2020
-- Megatron-LM had been read as Megatron-Core's stack (18 V100 rows 50% -> 25% mean error).
t.eq(measured.container_tag("NGC PyTorch container 20.12 (nvcr.io/nvidia/pytorch:20.12-py3), NCCL 2.8.3+cuda11.1"), "20.12")
t.eq(measured.container_tag("nvcr.io/nvidia/pytorch:19.10-py3, later nvcr.io/nvidia/pytorch:21.03-py3"), "21.03")
t.eq(measured.container_tag("NCCL 2.18.12, container"), nil, "a version's parts")
t.eq(measured.container_tag("Megatron-LM 23.09"), nil, "no container named")
t.eq(measured.container_tag("container 20.13"), nil, "no month 13")
do
  local cell = "NVIDIA/Megatron-LM commit 8aa4619f, NGC PyTorch container 20.12 (nvcr.io/nvidia/pytorch:20.12-py3)"
  t.eq(stack { framework = cell }, "megatron_2021")
  t.eq(select(2, measured.stack_for { framework = cell }):find("its NGC container 20.12", 1, true) ~= nil, true)
  t.eq(stack { framework = "Megatron-LM, NGC container 21.05" }, "megatron_2021")
  t.eq(stack { framework = "Megatron-LM, NGC container 22.04" }, "megatron_2022")
  t.eq(stack { framework = "Megatron-LM, NGC container 23.09" }, "megatron_2022")
  t.eq(stack { framework = "Megatron-LM, NGC container 25.01" }, "megatron_core")
  t.eq(stack { framework = "Megatron-LM" }, "megatron_core", "no year, no container: as before")
  t.eq(stack { framework = "Megatron-LM, NGC container 20.12", source = "a 2025 blog" }, "megatron_core", "the source's year first")
end
-- The dispatcher set by its key decides over a DeepEP named elsewhere (torchtitan's
-- expert_parallel_comm_backend, Megatron-Core's moe_token_dispatcher_type).
t.eq(measured.token_dispatch { framework = "TorchTitan (EP_BACKEND=standard: --parallelism.expert_parallel_comm_backend=standard)",
  notes = "the blog's numbers were produced at DeepEP commit 29d31c0" }, false)
t.eq(measured.token_dispatch { framework = "TorchTitan", notes = "--parallelism.expert_parallel_comm_backend=deepep" }, true)
t.eq(measured.token_dispatch { framework = "Megatron-Core", notes = "moe_token_dispatcher_type: alltoall; DeepEP installed in the container" }, false)
t.eq(measured.token_dispatch { framework = "Megatron-Core", notes = "moe_token_dispatcher_type: 'flex'" }, true)
t.eq(measured.token_dispatch { framework = "TorchTitan", notes = "DeepEP (EP comm backend)" }, true, "a name alone: as before")
do
  -- Experts every other layer said in the expert width's remark or a clause of the notes:
  -- moe.every, said (refused before it existed).
  local moe = row("MBridge-25.09-Qwen3_30B_a3B-16")
  local function why(changes) return select(2, measured.request(copy(moe, changes))) or "" end
  local function every(changes) return assert(measured.request(copy(moe, changes))).run.model.moe.every end
  -- (A remark the width's cell reader does not take, refused for that: not read as every layer.)
  local remark = measured.request(copy(moe, { ffn_hidden = "768 (per expert, MoE FFN in every other block)" }))
  t.eq(remark == nil or remark.run.model.moe.every == 2, true)
  t.eq(every { notes = "The command adds an MoE FFN layer to every other Transformer block. Capacity factor 1.25." }, 2)
  t.eq(every { notes = "open_lm --moe-freq 2 --moe-top-k 2" }, 2)
  t.eq(every { notes = "open_lm --moe-freq 4 --moe-top-k 2" }, 4)
  t.eq(every { notes = "experts every 4th layer" }, 4)
  t.eq(every { notes = "MoE layer every 12 layers" }, 12)
  local said = measured.predict(copy(moe, { notes = "open_lm --moe-freq 2 --moe-top-k 2" }))
  t.eq(said.assumed:find("experts on one layer in 2, the others dense (notes \"open_lm --moe-freq 2 --moe-top-k 2\"): moe.every = 2", 1, true) ~= nil, true, said.assumed)
  t.eq(assert(measured.request(copy(moe, { notes = "MoE on every layer; recompute every other layer" }))).run.model.moe.experts, 128)
  t.eq(assert(measured.request(copy(moe, { notes = "Megatron can place the experts on every other layer; this run did not" }))).run.model.moe.experts, 128)
  -- A base model quantized to integers (QLoRA's) refused; FP4 training is not that.
  t.eq(why { precision = "fp16; Int4 quantized base model" }:find("quantized to integers", 1, true) ~= nil, true)
  local mpt = row("MPT-30b-128")
  t.eq((select(2, measured.request(copy(mpt, { model = "MPT-30B-Int4" }))) or ""):find("quantized to integers", 1, true) ~= nil, true)
  t.eq(why { precision = "bf16 (NF4 base weights, bitsandbytes)" }:find("quantized to integers", 1, true) ~= nil, true)
  t.eq(why { precision = "bf16 with int8 optimizer states" }:find("quantized to integers", 1, true), nil)
  t.eq(why { precision = "bf16, bitsandbytes 8-bit AdamW" }:find("quantized to integers", 1, true), nil)
end
-- A recompute cell with quotes is named whole in its note (`%b""` had stopped at the escaped quote).
do
  local cell = 'AC="full" (--activation_checkpoint.mode=full)'
  local mode, note = measured.parse_recompute(cell)
  t.eq(mode, "full")
  t.eq(note:sub(1, #("recompute " .. string.format("%q", cell) .. " read as ")), "recompute " .. string.format("%q", cell) .. " read as ")
end
-- The format's way to give a head width, where the heads do not divide d_model.
t.eq(measured.dml_reason({ heads = "12" }, "transformer.heads: 12 does not divide d_model 488; give head_dim for such a model")
  :find('"12 (head_dim N)"', 1, true) ~= nil, true)
-- helper-293's review of the readings above (185 cases: 135 right at b5494d9, 180 now), and
-- helper-291's and helper-292's probes.
-- A year.month is a container's only where anchored to one (not Ubuntu's, Slurm's, OFED's).
t.eq(measured.container_tag("Megatron-LM (Docker container, Ubuntu 20.04)"), nil)
t.eq(measured.container_tag("Megatron-LM in a pyxis container (Slurm 23.02)"), nil)
t.eq(measured.container_tag("NGC PyTorch container; MLNX_OFED 23.10-1.1.9.0"), nil)
t.eq(measured.container_tag("Megatron-LM; nvcr.io/nvidia/pytorch:20.12-py3; Slurm 23.02"), "20.12")
t.eq(measured.container_tag("PyTorch NVIDIA Release 23.09"), "23.09")
t.eq(measured.container_tag("Megatron-LM (pytorch:21.05-py3 image)"), "21.05")
t.eq(measured.container_tag("the 24.01 container"), "24.01")
-- Megatron-Core's models by flag or release win over a container's year.
t.eq(stack { framework = "Megatron-LM (core r0.4.0); nvcr.io/nvidia/pytorch:22.12-py3" }, "megatron_core")
t.eq(stack { framework = "Megatron-LM (nvcr.io/nvidia/pytorch:20.12-py3)", notes = "--use-mcore-models" }, "megatron_core")
-- A dispatcher key its clause says was not the run's; Megatron-Core's alltoall_seq; the notes' key
-- over a name in the framework cell; a key after the dots of printed arguments.
t.eq(measured.token_dispatch { framework = "Megatron-Core", notes = "moe_token_dispatcher_type: alltoall_seq; DeepEP compiled" }, false)
t.eq(measured.token_dispatch { framework = "torchtitan + DeepEP", notes = "baseline row: expert_parallel_comm_backend=standard" }, false)
t.eq(measured.token_dispatch { framework = "Megatron-Core", notes = "moe_token_dispatcher_type: flex was tried but hung; the run used alltoall" }, false)
t.eq(measured.token_dispatch { framework = "Megatron-Core", notes = "moe_token_dispatcher_type=flex not used (DeepEP unavailable)" }, false)
t.eq(measured.token_dispatch { framework = "Megatron-Core", notes = "moe_token_dispatcher_type ........ alltoall; DeepEP installed" }, false)
do
  local moe = row("MBridge-25.09-Qwen3_30B_a3B-16")
  -- (Read as experts on one layer in 2 where the row says so, moe.every; not where it does not.)
  local function refused(changes)
    local req = assert(measured.request(copy(moe, changes)))
    return req.run.model.moe.every == 2
  end
  t.eq(refused { notes = "GA=32; MoE FFN in every other block (no shared experts)" }, true)
  t.eq(refused { notes = "GA=32; interleave_moe_layer_step: 2" }, true)
  t.eq(refused { notes = "dense and MoE layers alternate" }, true)
  for _, n in ipairs { "GA=32; the --moe-layer-freq 2 ablation is another row",
      "GA=32; --moe-layer-freq 2 was the paper's setting; this run: every layer MoE",
      "Switch Transformer places experts every other FFN layer; this model uses MoE in all layers",
      "Unlike GShard, which puts experts in every other layer, every layer here is MoE",
      "GA=32; MoE all-to-all overlapped, full recompute on every other layer",
      "GA=32; activation checkpointing of every other layer to fit the 128 experts", "an alternative MoE router" } do
    t.eq(refused { notes = n }, false, n)
  end
  -- Through the file reader, which reads the width's remark off the cell (the cell as written).
  local f = assert(io.open(dml.beside("../validation/measured/public.tsv")))
  local header, line = f:read("l"), nil
  for l in f:lines() do
    if l:find("^MBridge%-25%.09%-Qwen3_30B_a3B%-16\t") then line = l end
  end
  f:close()
  local names, cells = {}, {}
  for c in (header .. "\t"):gmatch("([^\t]*)\t") do names[#names + 1] = c end
  for c in (line .. "\t"):gmatch("([^\t]*)\t") do cells[#cells + 1] = c end
  for j, c in ipairs(names) do
    if c == "ffn_hidden" then cells[j] = "768 (per expert, MoE FFN in every other block)" end
  end
  local read = measured.parse_tsv(header .. "\n" .. table.concat(cells, "\t") .. "\n", "x.tsv")
  t.eq(read[1].ffn_hidden, nil); t.eq(read[1].expert_d_ff, "768")
  t.eq(measured.written(read[1], "ffn_hidden"), "768 (per expert, MoE FFN in every other block)")
  t.eq(assert(measured.request(read[1])).run.model.moe.every, 2)
  -- An optimizer's 8-bit states, a format ruled out, an export: no quantized base; Unsloth's ids
  -- and load_in_4bit are one.
  local mpt = row("MPT-30b-128")
  local function quantized(changes)
    return ((select(2, measured.request(copy(mpt, changes)))) or ""):find("quantized to integers", 1, true) ~= nil
  end
  for _, p in ipairs { "bf16; 8-bit AdamW (bitsandbytes)", "bf16; bitsandbytes AdamW8bit", "bf16 (BitsAndBytes 8-bit optimizer)",
      "bf16; 8-bit Adam (int8 quantized optimizer states)", "bf16 (no GPTQ/AWQ quantization)", "bf16 (bitsandbytes not used)",
      "bf16, without NF4", "FP8 (int8 not used)", "bf16; Int8 export available", "bf16, load_in_4bit=False" } do
    t.eq(quantized { precision = p }, false, p)
  end
  t.eq(quantized { model = "unsloth/llama-3-8b-bnb-4bit" }, true)
  t.eq(quantized { precision = "bf16 compute, load_in_4bit=True" }, true)
  t.eq((select(2, measured.request(copy(mpt, { precision = "bf16 (QLoRA)" }))) or ""):find("LoRA", 1, true) ~= nil, true)
end
-- A 16-bit format switched off or ruled out is not the run's (an fp32 run had read as bf16).
t.eq(measured.parse_precision("params_dtype torch.float32 (arguments printed no bf16/fp16 params dtype)"), nil)
t.eq(measured.parse_precision("fp32 (not bf16)"), nil)
t.eq(measured.parse_precision("bf16=False (fp32)"), nil)
t.eq(measured.parse_precision("bf16: False, fp16: True"), "bf16")
t.eq(select(2, measured.parse_precision("bf16: False, fp16: True")), "fp16 modelled as bf16 (same tensor-core rate)")
t.eq(measured.parse_precision("fp32 master weights, bf16 compute"), "bf16")
t.eq(measured.parse_precision("dtype=torch.half"), "bf16")
-- Megatron's printed arguments, a key padded to its value with dots.
t.eq(measured.parse_recompute("checkpoint_activations .......................... True"), "full")
t.eq(measured.parse_recompute("recompute_granularity ........................... None"), "none")
t.eq(measured.parse_yes_no("sequence_parallel ............................... False"), false)
t.eq(measured.parse_precision("params_dtype .................................... torch.float16"), "bf16")
t.eq(measured.parse_recompute("checkpoint_activations... maybe"), nil, "an ellipsis is no padding")
-- Megatron-Core's activation offload by its layers beside FSDP: the layout's offload, not the
-- parameters' (the row had been refused for a GB200's host optimizer rate).
do
  local base = row("MBridge-25.09-LLAMA3_70B-64")
  local req = assert(measured.request(copy(base, { zero_or_fsdp = "FSDP=True", notes = "config: FSDP=True, cpu offloading_layers=40, TP=1" })))
  t.eq(req.layout.offload, 40); t.eq(req.layout.optimizer_offload, nil)
  req = assert(measured.request(copy(base, { notes = "cpu_offloading: false, cpu_offloading_num_layers: 40" })))
  t.eq(req.layout.offload, nil)
  req = assert(measured.request(copy(row("MPT-30b-128"), { notes = "cpu_offloading_num_layers: 8" })))
  t.eq(req.layout.offload, nil)
  t.eq(table.concat(req.assumed, "; "):find("not modelled on stack llm_foundry", 1, true) ~= nil, true)
end
-- A server's one adapter as nvidia-smi topo -m lists it, and a node of its GPUs (DLPerf's V100s).
do
  local bw, how = measured.inter_node("InfiniBand 100 Gb/sec (4X EDR), Mellanox Technologies MT27700 Family; one mlx5_0 per 8-GPU node (nvidia-smi topo -m)", 8, "v100_sxm")
  t.near(bw, 2 * 100 / 8 / 8, 1e-9); t.eq(how:find("shared by its 8 GPUs", 1, true) ~= nil, true)
  t.near((measured.inter_node("2x 200 Gb/s HDR per 8-GPU node", 8, "a100_sxm")), 2 * 400 / 8 / 8, 1e-9)
  t.near((measured.inter_node("InfiniBand 100 Gb/sec (4X EDR)", 8, "v100_sxm")), 2 * 100 / 8, 1e-9, "a lone rate: one NIC a GPU, as before")
end
-- helper-294 to 296: torch.compile of the linear layers alone is no compiled stack, nor its "only"
-- FP8 for some layers; the model's blocks said compiled are; a count that does not account for
-- causality is the full count; a JSON key's quote before its colon keeps its value.
t.eq(measured.parse_precision("float8, torch.compile only nn.Linear layers"), "fp8")
t.eq(select(2, measured.parse_precision("float8, torch.compile only nn.Linear layers")), nil)
t.eq(stack { framework = "torchtitan", precision = "float8, torch.compile only nn.Linear layers" }, "torchtitan")
t.eq(stack { framework = "torchtitan", notes = "Compiled Transformer blocks and loss; eight loss chunks" }, "torchtitan_compile")
t.eq(stack { framework = "torchtitan", notes = "Transformer blocks not compiled" }, "torchtitan")
t.eq(measured.flop_formula { tflops_counting = "Megatron formula plus attention 4*s^2*H*head_dim ('megatron tflops calculation does not account for causality in attention')" }, "megatron")
t.eq(measured.flop_formula { tflops_counting = "Megatron-Core model FLOPs, causality not accounted for" }, "megatron")
t.eq(measured.flop_formula { tflops_counting = "Megatron-Core model FLOPs, ignoring the causal mask" }, "megatron")
t.eq(measured.flop_formula { tflops_counting = "Megatron-Core model FLOPs (causal attention)" }, "megatron_causal")
t.eq(measured.offload_said({ zero_or_fsdp = '"zero_optimization": {"stage": 1, "cpu_offload": False}' }, 1), nil)
t.eq(measured.offload_said({ zero_or_fsdp = '"zero_optimization": {"stage": 1, "cpu_offload": true}' }, 1), "optimizer")
-- helper-297's review (196 cases: 140 right at 60d84ad, 184 now): 16-bit formats
-- switched off in more words, every one of them off is fp32; a dump's arguments each their own
-- clause; activation offload keys in the sharding cell and off in words; adapters counted.
for _, p in ipairs { "fp32 (neither bf16 nor fp16)", "fp32 (bf16 not supported on V100)", "bf16 not used (fp32)",
    '{"bf16": {"enabled": false}}', "fp16: no, bf16: no", "bf16 disabled", "mixed precision; bf16: false; fp16: false", "bf16: False" } do
  local v, why = measured.parse_precision(p)
  t.eq(v, nil, p); t.eq((why or ""):find("32-bit matmuls are not modelled", 1, true) ~= nil, true, p)
end
t.eq(measured.parse_precision("bf16 no loss scaling needed"), "bf16")
t.eq(measured.parse_recompute("recompute_granularity ........ selective recompute_method ........ None recompute_num_layers ........ None"), "selective")
do
  local base = row("MBridge-25.09-LLAMA3_70B-64")
  local req = assert(measured.request(copy(base, { zero_or_fsdp = "distributed optimizer; cpu_offloading_num_layers: 4" })))
  t.eq(req.layout.optimizer_offload, nil); t.eq(req.layout.offload, 4)
  req = assert(measured.request(copy(base, { notes = "CPU offloading disabled (cpu_offloading_num_layers 4 ignored)" })))
  t.eq(req.layout.offload, nil)
  req = assert(measured.request(copy(base, { notes = "cpu_offloading_num_layers: 4 (not used)" })))
  t.eq(req.layout.offload, nil)
end
t.near((measured.inter_node("100 Gb/s; mlx5_0 and mlx5_1 per 8-GPU node", 8, "v100_sxm")), 2 * 200 / 8 / 8, 1e-9)
t.near((measured.inter_node("400 Gb/s, one mlx5_bond_0 per eight-GPU server", 8, "h100_sxm")), 2 * 400 / 8 / 8, 1e-9)
-- DeepSpeed without Megatron in a source of 2023 or later: the PyTorch stack (FlagPerf's
-- "deepspeed 0.11.1" of 2024); the ZeRO paper's 2021 runs and GPT-NeoX keep theirs.
t.eq(stack { framework = "deepspeed 0.11.1", source = "FlagPerf benchmark, 2024" }, "torchtitan")
t.eq(stack { framework = "DeepSpeed ZeRO-3 (2021)" }, "deepspeed_zero3_2021")
-- Without a year (a user's own file): today's DeepSpeed, PyTorch's kernels, said, as Megatron-LM
-- without a year is today's Megatron-Core (helper-368: a Llama 3 8B had run the 2021 kernels,
-- 92% too slow, unsaid); a source of 2022 or before keeps the 2021 stack.
t.eq(stack { framework = "deepspeed" }, "torchtitan", "no year: today's")
t.eq(stack { framework = "DeepSpeed", source = "our cluster, 2022" }, "deepspeed_zero3_2021")
do
  local key, said = measured.stack_for({ framework = "DeepSpeed" })
  t.eq(key, "torchtitan")
  t.eq(said, 'stack torchtitan for "DeepSpeed", a source without a year (DeepSpeed without Megatron, as it runs today: PyTorch\'s kernels; ZeRO as the row\'s sharding; a run of 2022 or before gives its year to run the 2021 stack)')
end
t.eq(stack { framework = "GPT-NeoX + DeepSpeed", source = "a 2023 report" }, "deepspeed_zero3_2021")
-- helper-299: torchtitan's width keys; "not applied" with the configuration that was not in its
-- remark; a config's float8 section present names no format.
t.eq(select(3, measured.count_cell("ffn_hidden", "hidden_dim=6144, moe_inter_dim=768")).expert_d_ff, "768")
t.eq(measured.count_cell("ffn_hidden", "hidden_dim=6144, moe_inter_dim=768"), "6144")
t.eq(measured.parse_recompute('not applied (qwen3_14b() sets activation_checkpoint.mode="full")'), "none")
t.eq(measured.parse_recompute("not enabled"), "none")
t.eq(measured.parse_recompute("full (not applied to the embedding)"), "full")
t.eq(measured.parse_precision("bf16 (not stated; [quantize.linear.float8] section present, no float8 converter listed)"), "bf16")

-- helper-303: this row's own table named "LoRA Performance" is LoRA (another table's or rows'
-- mention is not); a setting's Python comment is no part of it; another optimizer than Adam said.
t.eq(measured.lora_said { scope = "benchmark; the table is headed 'LoRA Performance'" }, true)
t.eq(measured.lora_said { notes = "from the 'LoRA Performance' table" }, true)
t.eq(measured.lora_said { notes = "LoRA rows are in a separate table" }, false)
t.eq(measured.lora_said { notes = "LoRA rows of the same table left out" }, false)
t.eq(measured.parse_zero("cfg.ddp.use_distributed_optimizer = False  # Muon needs this to be False; layer-wise gathers"), 0)
t.eq(measured.parse_zero("use_distributed_optimizer: True  # ZeRO-1 style"), 1)
do
  local base = row("MBridge-25.09-LLAMA3_70B-64")
  local function said_opt(notes)
    return table.concat(assert(measured.request(copy(base, { notes = notes }))).assumed, "; "):find("costed as Adam", 1, true) ~= nil
  end
  t.eq(said_opt("Muon optimizer was used"), true)
  t.eq(said_opt("AdamW; Muon vs AdamW in the next table"), false)
  t.eq(said_opt("no Muon"), false)
end
-- helper-301's review (199 cases: 144 right at 8971db1's readings, 176 now): "not applied" only
-- as the cell's first words; "16B tokens" is no flavor, torchtitan's "(flavor 16B)" is; DeepSpeed
-- with Megatron keeps its stack; causality denied in more words and where a release is named;
-- the compiler's linear layers in other orders; the quantize section "is present" too.
t.eq(measured.parse_recompute("not stated; full recompute enabled in the recipe"), "full")
t.eq(stack { framework = "DeepSpeed (with Megatron tensor parallelism)", source = "a 2023 paper" } ~= "torchtitan", true)
t.eq(measured.flop_formula { tflops_counting = "Megatron-Core 0.12 model FLOPs, which do not take causality into account" }, "megatron")
t.eq(measured.flop_formula { tflops_counting = "Megatron-Bridge model FLOPs, excluding the causal discount" }, "megatron")
t.eq(measured.flop_formula { tflops_counting = "Megatron-Core model FLOPs without recompute, counting causal attention" }, "megatron_causal")
t.eq(stack { framework = "torchtitan", precision = "float8 (torch.compile applied to nn.Linear only)" }, "torchtitan")
t.eq(measured.parse_precision("bf16 (quantize.linear.float8 section is present, converters empty)"), "bf16")
do
  local mb = row("MBridge-25.09-DeepSeekV3-1024")
  local v3 = assert(measured.request(copy(mb, { model = "DeepSeek-V3: 16B-token benchmark" })))
  t.eq(v3.run.model.moe.experts, 256)
  local lite = assert(measured.request(copy(mb, { model = "deepseek_v3 (flavor 16B)", layers = "27", hidden = "2048", heads = "16",
    ffn_hidden = "10944", expert_d_ff = "1408", moe_experts = "64 + 2 shared", moe_topk = "6" })))
  t.eq(lite.run.model.moe.experts, 64)
end
-- helper-305 and 306: FSDP's --sharding_strategy=full; FP8 on the output layer alone is no FP8
-- of the layers; an untied head; llm.c's -z and -r 0; a trainer's activation offload said.
t.eq(measured.parse_zero("--sharding_strategy=full"), 3)
t.eq(measured.parse_precision("bf16 (autocast); lm_head in fp8: lm_head_fp8 (torch._scaled_mm)"), "bf16")
t.eq(measured.parse_precision("bf16; FP8 for the output layer only"), "bf16")
t.eq(measured.parse_precision("FP8 (all linears and the lm head)"), "fp8")
t.eq(measured.parse_zero("-z 1"), 1)
t.eq(measured.parse_recompute("-r 0"), "none")
t.eq(measured.parse_recompute("-r 1"), nil)
do
  local mpt = row("MPT-30b-128")
  t.eq(assert(measured.request(copy(mpt, { notes = "untied head (separate optimizers for the embedding and the head)" }))).run.model.tied_embeddings, false)
  t.eq(assert(measured.request(copy(mpt, { notes = "no untied head" }))).run.model.tied_embeddings, true)
  local r = assert(measured.request(copy(mpt, { recompute = "--activation_checkpointing=1 (default) with --offload_activations=1" })))
  t.eq(table.concat(r.assumed, "; "):find("offload to the host (its copies) is not modelled", 1, true) ~= nil, true)
  r = assert(measured.request(copy(mpt, { recompute = "--activation_checkpointing=1, --offload_activations=0" })))
  t.eq(table.concat(r.assumed, "; "):find("offload to the host (its copies)", 1, true), nil)
end
-- helper-304's review (130 cases: 100 right at af06f7a, 123 now): another table in other words,
-- a '#' inside a quoted value, a GPU's share after the node named, the optimizer's note only
-- where the run's.
t.eq(measured.lora_said { notes = "LoRA runs are in a different table" }, false)
t.eq(measured.lora_said { notes = "LoRA table (not used here)" }, false)
t.eq(measured.parse_zero('run_name = "llama #3"; use_distributed_optimizer = True'), 1)
t.near((measured.inter_node("per 8x H100 node: 400 Gb/s for each GPU", 8, "h100_sxm")), 2 * 400 / 8, 1e-9)
do
  local base = row("MBridge-25.09-LLAMA3_70B-64")
  local function said_opt(notes)
    return table.concat(assert(measured.request(copy(base, { notes = notes }))).assumed, "; "):find("costed as Adam", 1, true) ~= nil
  end
  for _, n in ipairs { "possibly Muon", "Muon or AdamW", "Muon in the next row; this run uses AdamW.", "AdamW vs. Muon", "on ALCF's Sophia (DGX A100)" } do
    t.eq(said_opt(n), false, n)
  end
  t.eq(said_opt("trained with the Lion optimizer"), true)
end
-- helper-307 and 308: Megatron-Core's distributed optimizer in instances (not FSDP); a shortened
-- dump's three dots and a setting's bare boolean.
t.eq(measured.parse_zero("distributed optimizer, HSDP4 (num_distributed_optimizer_instances 4)"), 1)
do
  local base = row("MBridge-25.09-LLAMA3_70B-64")
  local r = assert(measured.request(copy(base, { zero_or_fsdp = "distributed optimizer (num_distributed_optimizer_instances 2)" })))
  t.eq(r.layout.zero, 1); t.eq(r.layout.shard, r.layout.dp // 2)
end
t.eq(measured.parse_yes_no("sequence_parallel ... False"), false)
t.eq(measured.parse_recompute("recompute_granularity ... None"), "none")
t.eq(measured.parse_zero("use_torch_fsdp2 False"), false)
t.eq(measured.parse_zero("use_torch_fsdp2 ... True (use_distributed_optimizer ... False)"), 3)
t.eq(measured.parse_precision("bf16 ... True, fp8 ... None"), "bf16")
t.eq(measured.parse_recompute("checkpoint_activations False, selective"), "selective", "bare booleans not read in recompute cells")
-- helper-309 and 310, rewordings of committed rows: YAML's "~"; FSDP's version is no shard
-- degree; an abbreviation's dot ends no clause; a placeholder with "not stated"; a default with its
-- value; an FP8 setting "off" after a space.
t.eq(measured.parse_recompute("activations_checkpoint_granularity: ~"), "none")
t.eq(select(2, measured.parse_zero("FSDP2 shard degree = 8")), 8)
t.eq(measured.offload_said({ notes = "FSDP; no act. CPU offload; fused AdamW", zero_or_fsdp = "FSDP" }, 3), nil)
t.eq(measured.unstated("n/a (not stated)"), true)
t.eq(measured.parse_yes_no("default (True)"), true)
t.eq(measured.parse_yes_no("sequence parallel, default on"), true)
t.eq(measured.parse_precision("NVFP4 (FP4=True; FP8 off, FP8_PARAM_GATHER off)"), "fp4")
-- helper-311, rewordings of public rows: "not stated" in parentheses alone; a first clause that
-- rules every sharding out.
t.eq(measured.unstated("(not given)"), true); t.eq(measured.unstated("precision: (not given)"), true)
t.eq(measured.unstated("(bf16)"), false)
t.eq(measured.parse_zero("no ZeRO/FSDP; data-parallel gradient all-reduce"), 0)
t.eq(measured.parse_zero("no ZeRO-3; ZeRO-1 (distributed optimizer)"), 1)
-- helper-312, rewordings of other committed rows: nanotron's mode named first; "no EP A2A
-- overlap"; SDPA beside "no flash-attn" is no unfused kernel.
t.eq(measured.parse_yes_no("REDUCE_SCATTER TP mode (async TP linear comm on)"), true)
t.eq(measured.ep_overlap { notes = "no EP A2A overlap flag in the launch script" }, false)
t.eq(measured.ep_overlap { notes = "EP A2A overlap on" }, true)
do
  local r = assert(measured.request(copy(row("TT-T1-8B-8gpu-5762"), { notes = "(SDPA attention, no flash-attn)" })))
  t.eq(r.run.stack.attention ~= "unfused", true)
end
-- Session 45's rewordings (helpers 313 to 316), each read as its original.
-- helper-316: Markdown's marks, typographic hyphens, "Y" before a dash, "n/s" and its kin,
-- "selective/op".
do
  local text = "run_id\tzero_or_fsdp\tsequence_parallel\tprecision\n" ..
    "r1\tZeRO\226\128\1453\t`sequence_parallel: true` (TP/SP comm overlap)\t**BF16**<br>mixed\n"
  local rows = measured.parse_tsv(text)
  t.eq(measured.parse_zero(rows[1].zero_or_fsdp), 3)
  t.eq(measured.parse_yes_no(rows[1].sequence_parallel), true)
  t.eq(rows[1].precision, "BF16; mixed")
end
t.eq(measured.parse_yes_no("Y \226\128\147 SP on, TP/SP comms overlapped"), true)
t.eq(measured.parse_yes_no("Y"), true); t.eq(measured.parse_yes_no("yes-ish"), true)
for _, cell in ipairs { "n/s", "N.S.", "k.A.", "k. A.", "\230\156\170\232\175\180\230\152\142", "no FSDP column in the table" } do
  t.eq(measured.unstated(cell), true, cell)
end
t.eq(measured.unstated("ns-3 simulator"), false)
t.eq(measured.parse_recompute("selective/op (config default)"), "op"); t.eq(measured.parse_recompute("selective / op"), "op")
-- helper-314: an FSDP degree of 1 beside DP's; a VM is a node; MaxText's axes split by a slash;
-- a JAX trainer without TP or PP, sharded or not; flash attention switched off in other words.
t.eq(measured.parse_zero("DP 64, FSDP 1 (no sharding)"), 0); t.eq(measured.parse_zero("FSDP 1"), 3)
t.eq(measured.parse_zero("DP 1, FSDP 256"), 3)
t.eq(select(3, measured.parse_zero("FSDP 8 inside each VM (ICI), DP 2 across VMs (DCN)")), true)
t.eq(select(2, measured.parse_zero("ici_fsdp_parallelism: 8 / dcn_data_parallelism: 2")), 8)
t.eq(select(2, measured.parse_zero("ici_fsdp_parallelism: 8 (bf16 recipe) / 4 (fp8 recipe)")), nil, "two recipes: no degree")
do
  local base = copy(row("MBridge-25.09-LLAMA3_8B-8"), { framework = "Paxml (JAX-Toolbox), Transformer Engine", tp = "1", pp = "1",
    dp = "8", zero_or_fsdp = "DP 8, FSDP 1 (no sharding)", sequence_parallel = "no" })
  t.eq(stack(base), "torchtitan")
  for _, notes in ipairs { "collected with flash attention off.", "measured w/o FlashAttention", "FlashAttention disabled" } do
    t.eq(assert(measured.request(copy(base, { notes = notes }))).run.stack.attention, "unfused", notes)
  end
  t.eq(assert(measured.request(copy(base, { notes = "flash attention off the critical path" }))).run.stack.attention ~= "unfused", true)
end
-- helper-315: "(off)" beside an off value; LoRA rows skipped; one adapter a node counted with an
-- "x" or named in parentheses; the parallel block composed with a "+".
t.eq(measured.parse_zero("fsdp=0 (off)"), false); t.eq(measured.parse_zero("ZeRO-3 (off)"), 0)
t.eq(measured.inter_node("100Gb/s EDR InfiniBand, 1x mlx5_0 per node (8 GPUs)", 8, "v100_sxm"), 3.125)
t.eq(measured.inter_node("one HCA (mlx5_0) per 8-GPU node, 100 Gb/s EDR", 8, "v100_sxm"), 3.125)
t.eq(measured.predict(copy(row("MBridge-25.09-LLAMA3_8B-8"), { notes = "GA=2; LoRA rows skipped" })).status, "ok")
t.eq(measured.predict(copy(row("MBridge-25.09-LLAMA3_8B-8"), { notes = "GA=2; LoRA table not copied" })).status, "ok")
do
  local r = copy(row("MS-T2-MegaScale-768"), { framework = "MegaScale = Megatron-LM + parallel transformer block + SWA" })
  t.eq(assert(measured.request(r)).run.model.parallel_block, true)
  r = copy(row("MS-T2-MegaScale-768"), { framework = "Megatron-LM", notes = "steps: +PTB 52.3" })
  t.eq(assert(measured.request(r)).run.model.parallel_block, false)
end
-- helper-313: "1 layer per checkpoint" is the uniform method's; recompute named, then which; the
-- FSDP column's value; a format's width is no degree; DeepSpeed installed and unused; SP at TP 1;
-- the stage "not stated"; Narayanan et al.'s Table 1 formula.
t.eq(select(3, measured.parse_recompute("Full (checkpoint_activations, 1 layer per checkpoint)")), nil)
t.eq(measured.parse_recompute("Full (checkpoint_activations, 1 layer per checkpoint)"), "full")
t.eq(measured.parse_recompute("activation recompute (recompute-activations)"), "selective")
t.eq(measured.parse_recompute("activation recompute"), nil)
t.eq(measured.parse_zero("Megatron distributed optimizer; table's FSDP column: No"), 1)
t.eq(measured.parse_zero("ZeRO/FSDP: no"), false, "both ruled out: the stack's default")
t.eq(select(2, measured.parse_zero("ZeRO-1 (shards fp32 master weights)")), nil)
t.eq(stack { framework = "Megatron-LM fork; DeepSpeed 0.8.1 installed, unused", source = "x (2023)" }, "megatron_2022")
t.eq(stack { framework = "Megatron-LM fork; DeepSpeed 0.8.1 present but not used", source = "x (2023)" }, "megatron_2022")
do
  local r = copy(row("MBridge-25.09-LLAMA3_8B-8"), { tp = "1", sequence_parallel = "sequence_parallel=True (no-op at TP 1)" })
  t.eq(measured.predict(r).status, "ok")
  r = copy(row("MBridge-25.09-LLAMA3_8B-8"), { tp = "1", sequence_parallel = "sequence_parallel_size=2 (Ulysses)" })
  t.eq(measured.predict(r).status ~= "ok", true)
end
t.eq(measured.flop_formula { tflops_counting = "Table 1's F formula (recompute counted)" }, "narayanan")
t.eq(measured.flop_formula { tflops_counting = "F formula" } ~= "narayanan", true, "an F formula of no table")
do
  -- A sequence-parallel degree that is the row's cp (XTuner's, Ulysses'): Megatron's SP off.
  local r = copy(row("MBridge-25.09-LLAMA3_8B-8"), { tp = "1", cp = "2", dp = "4", sequence_parallel = "sequence_parallel_size=2 (Ulysses; see cp)" })
  local req = assert(measured.request(r))
  t.eq(req.layout.sequence_parallel, false)
  r = copy(row("MBridge-25.09-LLAMA3_8B-8"), { tp = "1", cp = "2", dp = "4", sequence_parallel = "sequence_parallel_size=4" })
  t.eq(measured.predict(r).status ~= "ok", true, "another degree than cp's")
end
-- Session 44's leftovers and helper-316's "G/GPU": a rate a GPU written "100G/GPU"; torchtitan's
-- selective mode by its config key, without the option; a cell whose only format is the
-- gradients'; MaxText's ici_fsdp_parallelism -1 (the node's devices left).
t.eq(measured.inter_node("RDMA 100G/GPU", 8, "h100_sxm"), 25)
do
  local r = assert(measured.request(copy(row("TT-T1-8B-8gpu-5762"), { recompute = '[activation_checkpoint] mode = "selective"' })))
  t.eq(r.layout.recompute, "op")
  r = assert(measured.request(copy(row("TT-T1-8B-8gpu-5762"), { recompute = "activation_checkpoint.mode=selective" })))
  t.eq(r.layout.recompute, "op")
end
t.eq(select(3, measured.parse_precision("fp32 grad accum")), true); t.eq(select(3, measured.parse_precision("FP32 master weights")), true)
t.eq(measured.parse_precision("fp32 grad accum, tf32 matmuls"), nil)
t.eq(select(3, measured.parse_precision("fp32 grad accum, tf32 matmuls")), nil, "the matmuls' 32-bit format said: refused")
t.eq(select(3, measured.parse_zero("ici_fsdp_parallelism=-1, dcn_data_parallelism=2")), true)
t.eq(measured.parse_zero("ici_fsdp_parallelism=-1, dcn_fsdp_parallelism=4"), nil)
-- helper-318 (academic rewordings of public rows): a baseline's sharding in a remark; FSDP's version
-- "v2"; a closing full stop; "employed"; "per operator".
t.eq(measured.parse_zero("None (the PTD-P runs do not shard the optimizer state; the ZeRO-3 rows of the same table are a separate baseline)"), 0)
t.eq(select(2, measured.parse_zero("Fully Sharded Data Parallel v2 (FSDP2) over 8 ranks")), nil)
t.eq(measured.parse_yes_no("Used (the authors describe overlapping the TP/SP communication)."), true)
t.eq(measured.parse_yes_no("Not employed (sequence parallelism postdates this paper)."), false)
t.eq(measured.parse_yes_no("Not enabled."), false); t.eq(measured.parse_yes_no("in use"), true)
t.eq(measured.parse_recompute("Selective activation checkpointing, per operator."), "op")
-- helper-319 (a script's forms): Lightning's 16-bit names by key; torchtitan's mode key at none;
-- a flag's shard degree after a space; a key whose value is unknown; a flag not set.
for _, c in ipairs { "PRECISION=mixed16", "precision: 16  # mixed", "PRECISION=16bit_mixed", "16bit" } do
  t.eq(measured.parse_precision(c), "bf16", c)
end
t.eq(measured.parse_recompute("[activation_checkpoint] mode = 'none'"), "none")
t.eq(measured.parse_recompute("activation_checkpoint.mode=none"), "none")
t.eq(select(2, measured.parse_zero("--training.data_parallel_shard_degree 32")), 32)
for _, c in ipairs { "sequence_parallel=unspecified", "model.sequence_parallel=<not reported>", "ZERO_STAGE=unknown" } do
  t.eq(measured.unstated(c), true, c)
end
t.eq(measured.unstated("FSDP: none"), false); t.eq(measured.unstated("recompute_granularity: null"), false)
t.eq(measured.parse_yes_no("--sequence-parallel not set"), false)
-- helper-319 and helper-320: a key with a placeholder; a Python dict's None; check marks and
-- crosses, CJK and German states and full-width punctuation read in English (quoted as written);
-- FP8's settings in words beside NVFP4; a placeholder with its remark; checkpointing's key unset;
-- "TP/SP: on"; "optimiser".
do
  local text = "run_id\trecompute\tsequence_parallel\tprecision\tnotes\tzero_or_fsdp\n" ..
    "r1\trecompute=n/a\t{'sequence_parallel': None}\tNVFP4 (FP4 \226\156\147, FP8 \226\156\151, FP8 param gather \226\156\151)\t" ..
    "EP A2A overlap \226\156\151; TP_COMM_OVERLAP nicht gesetzt (Default: False)\tFSDP: kein\n" ..
    "r2\t\227\129\170\227\129\151\239\188\136ACT_CKPT_GRANULARITY \230\156\170\232\168\173\229\174\154\239\188\137\tja / yes\t" ..
    "FP8 \229\133\179, NVFP4\t\231\155\184\229\133\179 notes\tdistributed optimiser, default\n"
  local rows = measured.parse_tsv(text)
  t.eq(rows[1].recompute, "none", "as n/a alone"); t.eq(measured.unstated(rows[1].sequence_parallel), true)
  t.eq(measured.parse_precision(rows[1].precision), "fp4")
  t.eq(measured.ep_overlap(rows[1]), false); t.eq(measured.tp_overlap_off(rows[1]), true)
  t.eq(measured.parse_zero(rows[1].zero_or_fsdp), false)
  t.eq(measured.parse_recompute(rows[2].recompute), "none"); t.eq(measured.parse_yes_no(rows[2].sequence_parallel), true)
  t.eq(measured.parse_precision(rows[2].precision), "fp4")
  t.eq(rows[2].notes, "\231\155\184\229\133\179 notes", "the 关 of 相关 (related) is no state")
  t.eq(measured.parse_zero(rows[2].zero_or_fsdp), 1)
  -- (Quoted in `assumed` as the file wrote them.)
  local base = copy(row("MBridge-25.09-LLAMA3_8B-8"), {})
  local line = {}
  local header = {}
  for k, v in pairs(base) do
    if type(v) == "string" and not v:find("[\t\n]") and k ~= "recompute" then header[#header + 1] = k; line[#line + 1] = v end
  end
  header[#header + 1] = "recompute"; line[#line + 1] = "AC \226\156\151 (ACT_CKPT_GRANULARITY unset)"
  local r = measured.parse_tsv(table.concat(header, "\t") .. "\n" .. table.concat(line, "\t") .. "\n")[1]
  local req = assert(measured.request(r))
  t.eq((req.layout.recompute or "none"), "none")
  t.eq(table.concat(req.assumed, "\n"):find('"AC \226\156\151 (ACT_CKPT_GRANULARITY unset)"', 1, true) ~= nil, true)
end
t.eq(measured.parse_recompute("\226\128\148 (none)"), "none"); t.eq(measured.parse_recompute("AC: unset (null)"), "none")
t.eq(measured.parse_yes_no("TP/SP: on"), true)
-- helper-321 (negations and contrasts): a format, a sharding, a stack or a direction set against
-- the run's is not the run's; a remark on another run's recompute; a model's size is no degree.
for _, c in ipairs { "bf16 - rather than FP8 (MFU computed against 989 TFLOP/s)", "bf16 (rather than FP8-CS as for the 25.11 Llama rows)",
    "mixed_precision_param = bfloat16 (FSDP), rather than float8", "amp_bf16 (not amp_fp8)", "bf16, unlike the FP8 rows" } do
  t.eq(measured.parse_precision(c), "bf16", c)
end
t.eq(measured.parse_precision("FP8 rather than bf16"), "fp8")
t.eq(measured.parse_zero("distributed optimizer (default), not Megatron-FSDP"), 1)
t.eq(measured.parse_zero("FSDP FULL_SHARD (ZeRO-3), not SHARD_GRAD_OP as for the 3b/1b"), 3)
t.eq(select(2, measured.parse_zero("FSDP FULL_SHARD (ZeRO-3), not SHARD_GRAD_OP as for the 3b/1b")), nil)
t.eq(measured.parse_recompute("activation_checkpoint.mode = 'full' (Table 1 used selective)"), "full")
t.eq(measured.parse_recompute("selective (full in the ablation)"), "selective")
t.eq(measured.predict(copy(row("MS-T2-MegaScale-256"), { sequence_parallel = "yes - SP together with TP, its communication overlapped (unlike the baseline)" })).status, "ok")
t.eq(measured.inter_node("200 Gb/s/GPU HDR InfiniBand (8 per node), 3-level fat tree", 8, "a100_sxm"), 50)
for _, f in ipairs { "Megatron-LM (2021 codebase; Megatron-Core did not exist yet)", "Megatron-LM (2021 version, before Megatron-Core)",
    "Megatron-LM 2021 (the PTD-P paper's code), not NeMo" } do
  t.eq(stack { framework = f, source = "Narayanan et al. 2021 arXiv:2104.04473" }, "megatron_2021", f)
end
t.eq(assert(measured.request(copy(row("MS-T3-baseline-256"), { framework = "Megatron-LM baseline (network optimisations on, but none of MegaScale's PTB/SWA/LAMB)" }))).run.model.parallel_block, false)
t.eq(measured.megatron_sharding { framework = "Composer/llm-foundry, PyTorch FSDP with FlashAttention (no Megatron TP/PP)", zero_or_fsdp = "ZeRO-2" }, false)
t.eq((measured.intra_node("600 GB/s per GPU counted both directions, not per direction (NVLink3 + NVSwitch, spec)", "a100_sxm", false, 8)), 600)
-- helper-322 and helper-323 (terse cells; recipe keys): "L" for layers, Y/N and "sel." in a
-- recompute cell; "float8 is off"; "FSDP column reads 'No'"; adapters "for each node of 8 GPUs"
-- and counted before two words of the network's name; DS for DeepSpeed; the column's name as a
-- label and the mode after the modules; "not in table" after a key; OmegaConf's env default;
-- "MTP layers: 0".
t.eq(select(3, measured.parse_recompute("full, 12/80 L")).layers, 12)
t.eq(measured.parse_recompute("Y"), "full"); t.eq(measured.parse_recompute("N"), "none")
t.eq(measured.parse_recompute("sel. (op)"), "op"); t.eq(measured.parse_recompute("sel. AC"), "selective")
t.eq(measured.parse_recompute("Recompute: norm, act (selective)"), "norms")
do
  local r = assert(measured.request(copy(row("MBridge-25.11-GPT-64"), { recompute = "Recompute: norm, act (selective)" })))
  t.eq(r.layout.recompute, "norms"); t.eq(r.layout.recompute_moe_act, true)
end
t.eq(measured.parse_precision("bf16; float8 is off"), "bf16"); t.eq(measured.parse_precision("bf16, float8 is not used"), "bf16")
t.eq(measured.parse_zero("distributed optimizer; FSDP column reads 'No'"), 1)
t.eq(measured.inter_node("HDR IB, a single mlx5_0 adapter for each node of 8 GPUs, 200 Gb/s", 8, "a100_sxm"), 6.25)
t.eq(measured.inter_node("Eight 200 Gb/s HDR InfiniBand adapters per node", 8, "a100_sxm"), 50)
t.eq(stack { framework = "DS 0.11.1", source = "x 2023" }, "torchtitan")
t.eq(stack { framework = "Meg-DS (TurkuNLP) + DS 0.8.1", source = "x 2023" }, "megatron_2021")
t.eq(measured.unstated("SP: not in table"), true)
t.eq(measured.parse_yes_no("sequence_parallel: ${oc.env:SEQ_PARALLEL,True} (not overridden)"), true)
t.eq(measured.parse_yes_no("model.sequence_parallel: ${SEQ_PARALLEL:=True} (default)"), true)
t.eq(measured.mtp_said { notes = "MTP layers: 0" }, false); t.eq(measured.mtp_said { notes = "MTP layers = 2" }, true)
-- rev5's review of the session's readings: "2**20" keeps its power; "not in the table; FSDP2 per
-- the launch script" gives its value; Megatron-FSDP's on flag beside DP; "act ckpt"; "Y-axis";
-- "does not appear to help"; a NIC's rate beside its PCIe slot; a flash checkpoint; cuDNN's fused
-- attention named on; LoRA fine-tuning with steps skipped.
t.eq(measured.parse_tsv("run_id\tnotes\nr\tbuffer 2**20 bytes\n")[1].notes, "buffer 2**20 bytes")
t.eq(measured.unstated("not in the table; FSDP2 per the launch script"), false)
t.eq(measured.parse_zero("Megatron-FSDP 1, DP 8"), 3)
t.eq(measured.parse_yes_no("Y-axis of the 2D mesh"), nil)
t.eq(measured.tp_overlap_off { notes = "tp_comm_overlap does not appear to help here" }, false)
t.eq(measured.inter_node("Ethernet (200 Gb/s per GPU, PCIe 4.0)", 8, "h100_sxm"), 50)
t.eq(measured.lora_said { notes = "LoRA fine-tuning with the first 10 steps skipped" }, true)
-- helper-325 (slides and press releases): an arrow or a bullet between a label and its value; a
-- ZeRO stage of none; bullets between fragments; metaseq's Megatron-LM tensor parallelism.
t.eq(measured.parse_yes_no("Sequence Parallelism \226\134\146 No"), false); t.eq(measured.parse_yes_no("SP -> yes"), true)
t.eq(measured.parse_zero("ZeRO stage: none"), 0); t.eq(measured.parse_zero("ZeRO \226\134\146 None"), 0)
t.eq(measured.parse_zero(measured.parse_tsv("run_id\tzero_or_fsdp\nr\tZeRO: None \226\128\162 DP Gradients All-Reduced\n")[1].zero_or_fsdp), 0)
t.eq(stack { framework = "metaseq\226\132\162 \226\134\146 FSDP + Megatron-LM TP", source = "Zhang et al. 2022" }, "megatron_2021")
-- helper-327 (MoE terms): a table's dispatcher label; the EP overlap left at its default; LoRA
-- rows not taken; "recipe default" as a sharding cell; NeMo's distributed Adam; "MLA up-proj".
t.eq(measured.token_dispatch { notes = "Dispatcher A2A; the same-day script sets none and the yaml then hard-coded DeepEP" }, false)
t.eq(measured.token_dispatch { notes = "dispatcher: DeepEP" }, true)
t.eq(measured.ep_overlap { notes = "EP A2A overlap: default (off)" }, false)
t.eq(measured.ep_overlap { notes = "1F1B EP A2A overlap left at the default" }, false)
t.eq(measured.ep_overlap { notes = "EP A2A overlap: default (on)" }, true)
t.eq(measured.lora_said { notes = "GA=2; LoRA rows not taken" }, false)
t.eq(measured.predict(copy(row("MBridge-25.09-LLAMA3_8B-8"), { zero_or_fsdp = "recipe default" })).status, "ok")
t.eq(measured.parse_zero("NeMo distributed Adam with grad & param sync overlap"), 1); t.eq(measured.parse_zero("MegatronDistributedFusedAdam"), 1)
do
  local r = assert(measured.request(copy(row("MBridge-25.09-DeepSeekV3-1024"), { recompute = "selective: mlp + MLA up-proj" })))
  t.eq(r.layout.recompute_mla_up, true)
end
-- helper-326 (quotes and other units): GiB/s, Tbit/s and Gbit/s in the NVLink cell; a count
-- after its "x"; a NIC's model counted at its rate.
t.eq((measured.intra_node("NVLink 3.0 + NVSwitch: 300 GB/s each way per GPU (558.8 GiB/s bidir), spec", "a100_sxm", false, 8)), 600)
t.eq((measured.intra_node("NVLink and NVSwitch (4.8 Tbit/s bidirectional per GPU, spec)", "a100_sxm", false, 8)), 600)
t.eq(measured.inter_node("InfiniBand HDR, x8 200G per node, 3-level fat tree", 8, "a100_sxm"), 50)
t.eq(measured.inter_node("InfiniBand Quantum-2 / CX7, x8 400G + 1 x 100 GbE", 8, "h100_sxm"), 100)
t.eq(measured.inter_node("NDR InfiniBand, four ConnectX-7 at 400 Gbit/s per node", 8, "h100_sxm"), 50)
t.eq(measured.parse_recompute("activations_checkpoint_*: null in grok1_314b.yaml (i.e. no recompute)"), "none")
t.eq(measured.parse_recompute("activations_checkpoint_granularity/method: null \226\134\146 none"), "none")
t.eq(measured.parse_recompute("num-ckpt-layers zero (i.e. no activation checkpointing)"), "none")
t.eq(measured.parse_yes_no("none \226\128\148 no sequence parallelism"), false)
t.eq(measured.parse_yes_no("SEQ_PARALLEL left at its default, True (i.e. on)"), true)
t.eq(measured.parse_precision("BF16 (i.e. bfloat16; fp8 and fp8_params False)"), "bf16")
-- helper-324's review of the translated readings: a key's unknown value on a long cell is not
-- searched (the pattern backtracked for minutes); "keine Angabe" is not stated; オンライン stays;
-- the run's name is not translated; "TP/SP: on/off"; "--sequence-parallel unset"; "per
-- operator" alone; a compared clause of a sharding remark leaves the rest.
do
  local long = "sequence_parallel=" .. (" "):rep(4000) .. "unknown"
  local t0 = os.clock(); measured.unstated(long)
  t.eq(os.clock() - t0 < 1, true, "bounded")
  local rows = measured.parse_tsv("run_id\tsequence_parallel\tnotes\nja-8B\tkeine Angabe\tOffline \227\130\170\227\131\179\227\131\169\227\130\164\227\131\179\n")
  t.eq(rows[1].run_id, "ja-8B"); t.eq(measured.unstated(rows[1].sequence_parallel), true)
  t.eq(rows[1].notes:find("on", 1, true), nil, "オンライン is no switch")
end
t.eq(measured.parse_yes_no("TP/SP: on/off"), false); t.eq(measured.parse_yes_no("--sequence-parallel unset"), false)
t.eq(measured.parse_recompute("per operator"), "op")
t.eq(measured.parse_zero("FSDP (SHARD_GRAD_OP; compared with FULL_SHARD)"), 2)
t.eq(measured.parse_zero("None (PTD-P row; ZeRO-3 only in the comparison rows)"), 0)
-- helpers 328-330 (literal transcribers): fms-fsdp's selective_checkpointing share; sliding-window
-- attention spelled out; Megatron-Bridge's NVFP4 recipe name; FSDP off with DDP as its gloss.
t.eq(measured.parse_recompute("fsdp_activation_checkpointing: True, selective_checkpointing: 1"), "full")
t.eq(select(3, measured.parse_recompute("fsdp_activation_checkpointing: True, selective_checkpointing: 0.5")).share, 0.5)
t.eq(measured.parse_recompute("fsdp_activation_checkpointing: False, selective_checkpointing: 1"), "none")
t.eq(measured.parse_precision("bf16_with_nvfp4_mixed"), "fp4")
for _, c in ipairs { "FSDP = 0 (DDP)", "FSDP 0, i.e. DDP", "DDP (FSDP=0)", "FSDP off (0 \226\134\146 DDP)" } do
  t.eq(measured.parse_zero(c), false, c)
end
t.eq(measured.parse_zero("DDP"), 0)
do
  local _, notes = measured.architecture(copy(row("MS-T2-MegaScale-768"), { framework = "MegaScale (PTB, sliding window attention)" }))
  t.eq(table.concat(notes, "\n"):find("sliding-window attention", 1, true) ~= nil, true)
end
-- Session 45's leftovers: a recompute remark on other rows; a format whose use is said not known
-- (not another word of it unknown); 16 bits written short beside mixed precision.
t.eq(measured.parse_recompute("mode='none' (selective in the 405B rows)"), "none")
t.eq(measured.parse_recompute("mode=none (selective for 405B)"), "none")
t.eq(measured.parse_recompute("selective (full in the 405B rows)"), "selective")
t.eq(measured.parse_recompute("none (full for the 70B rows)"), "none")
for _, c in ipairs { "bf16 (FP8 support unknown)", "bf16 (fp8 unconfirmed)", "bf16; FP8 status unclear" } do
  t.eq(measured.parse_precision(c), "bf16", c)
end
do
  local p, why = measured.parse_precision("FP8 support unknown")
  t.eq(p, nil); t.eq(why:find("not said", 1, true) ~= nil, true)
end
t.eq(measured.parse_precision("FP8 recipe unknown"), "fp8"); t.eq(measured.parse_precision("FP8 (unconfirmed)"), "fp8")
t.eq(measured.parse_precision("16b mixed"), "bf16"); t.eq(measured.parse_precision("mixed 16b"), "bf16")
-- A rounded count with its exact value beside it is the exact one; two that disagree are none.
t.eq((measured.count_cell("vocab", "128k (128256)")), "128256"); t.eq((measured.count_cell("vocab", "128K (128,256)")), "128256")
t.eq((measured.count_cell("seq_len", "8K (8192)")), "8192"); t.eq((measured.count_cell("vocab", "32k (128256)")), "32k (128256)")
-- helpers 331, 333 and 334 (spreadsheet numbers; an annotating assistant; a user's own file): a
-- question mark in a switch's column is not known, not off; one mark opening a cell marks what
-- follows; FSDP's 0 restated by a mark or a remark, and FSDP named off in words, are "FSDP = 0";
-- a checkpointing key unset in a script's other ways; a global batch in K; virtual stages with a
-- slash; a vocabulary cell that does not read is said on the measured side too.
do
  local rows = measured.parse_tsv("run_id\tsequence_parallel\tzero_or_fsdp\trecompute\nq\t?\t\226\157\140 FSDP\tACT_CKPT_GRANULARITY (unset)\n")
  t.eq(rows[1].sequence_parallel, nil); t.eq(measured.parse_zero(rows[1].zero_or_fsdp), false)
  t.eq(measured.parse_recompute(rows[1].recompute), "none")
  rows = measured.parse_tsv("run_id\tzero_or_fsdp\nq\tFSDP: 0 \226\157\140\n")
  t.eq(measured.parse_zero(rows[1].zero_or_fsdp), false)
end
for _, c in ipairs { "fsdp=0 (not used)", "FSDP = 0 (not used)", "no FSDP", "without FSDP" } do t.eq(measured.parse_zero(c), false, c) end
t.eq(measured.parse_zero("FSDP=0, distributed optimizer"), 1)
for _, c in ipairs { "ACT_CKPT_GRANULARITY=<unset>", "ACT_CKPT_GRANULARITY=<not set>", "ACT_CKPT_GRANULARITY=", "RECOMPUTE=''",
    "recompute_granularity: <none>" } do
  t.eq(measured.parse_recompute(c), "none", c)
end
t.eq((measured.count_cell("global_batch_seqs", "8K")), "8192"); t.eq((measured.count_cell("vpp_interleave", "2 stages/rank")), "2")
t.eq((measured.count_cell("vpp_interleave", "2 chunks/GPU")), "2")
do
  local r = measured.predict(copy(row("MLM-H100-weak-70B"), { vocab = "128K" }))
  t.eq(r.measured_s, nil); t.eq(r.status:find("128K", 1, true) ~= nil, true)
end
-- helper-332: ZeRO's stage in another clause, a parenthesis or another language; not apex's AMP
-- levels; stages that disagree are not read.
for _, c in ipairs { "ZeRO-DP, stage 3 (O3)", "ZeRO-DP; stage 3", "ZeRO-DP (O3)", "ZeRO-DP, \209\129\209\130\208\176\208\180\208\184\209\143 3 (O3)",
    "ZeRO-DP, stage 3 (mixed precision)" } do
  t.eq(measured.parse_zero(c), 3, c)
end
t.eq(select(4, measured.parse_zero("ZeRO (O2) with apex")), true); t.eq(measured.parse_zero("ZeRO-DP, stage 2 (O3)"), nil)
-- helper-334 (a user's own file): the format's columns a file leaves out are said; an NGC
-- container in words, and without the source's columns the model cell naming MLPerf or the
-- settings naming Megatron's distributed optimizer or NeMo's launch variables, is the NeMo stack.
t.eq(measured.absent_columns(measured.columns), nil)
do
  local cols = {}
  for _, c in ipairs(measured.columns) do if c ~= "source" and c ~= "mfu_pct" then cols[#cols + 1] = c end end
  t.eq(measured.absent_columns(cols), "columns of the measured-runs format not in the file, read as empty in every row: source, mfu_pct")
end
t.eq(stack { framework = "NVIDIA PyTorch container, release 23.09", model = "Llama 3.1 8B (MLPerf llama31_8b)" }, "megatron_core")
t.eq(stack { framework = "PyTorch NVIDIA Release 23.09", zero_or_fsdp = "dist optimizer on" }, "megatron_core")
t.eq(stack { framework = "PyTorch NVIDIA Release 23.09", recompute = "ACT_CKPT_GRANULARITY=<unset>" }, "megatron_core")
t.eq(stack { framework = "PyTorch NVIDIA Release 23.09", source = "a lab's blog", recompute = "ACT_CKPT_GRANULARITY=<unset>" } ~= "megatron_core", true)
-- helper-332 (remarks in French, Spanish, Portuguese, Russian and Korean): their switch words,
-- settings and units read as English ones in the settings' columns, not in a name's; a count by
-- "x" before the network's name; a yes whose parenthesis names the setting; a flag said used.
do
  local function cells(col, v)
    return measured.parse_tsv("run_id\t" .. col .. "\nx\t" .. v .. "\n")[1][col]
  end
  for v, want in pairs { ["non"] = false, ["n\195\163o"] = false, ["sim (gpt3_175b_hydra.yaml)"] = true,
      ["\208\180\208\176 (yaml)"] = true, ["\236\149\132\235\139\136\236\152\164"] = false, ["s\195\173 (sequence_parallel: true)"] = true } do
    t.eq(measured.parse_yes_no(cells("sequence_parallel", v)), want, v)
  end
  for v, want in pairs { ["complet"] = "full", ["selectivo (por operaci\195\179n)"] = "op", ["sem recomputa\195\167\195\163o"] = "none",
      ["\236\160\132\236\178\180 \236\158\172\234\179\132\236\130\176"] = "full", ["\234\186\188\236\167\144"] = "none",
      ["oui (--recompute-activations)"] = "selective", ["--recompute-activations \236\130\172\236\154\169"] = "selective",
      ["\208\178\208\186\208\187\209\142\209\135\209\145\208\189 (activation checkpointing)"] = "full" } do
    t.eq(measured.parse_recompute(cells("recompute", v)), want, v)
  end
  for v, want in pairs { ["optimiseur distribu\195\169 (par d\195\169faut)"] = 1, ["optimizador distribuido (por defecto)"] = 1,
      ["ninguno"] = 0, ["\236\151\134\236\157\140"] = 0 } do
    t.eq(measured.parse_zero(cells("zero_or_fsdp", v)), want, v)
  end
  t.eq(measured.parse_precision(cells("precision", "pr\195\169cision mixte 16 bits")), "bf16")
  t.eq(measured.inter_node(cells("inter_node_bw", "4x Omni-Path de 100 Gb/s por n\195\179"), 8, "a100_sxm"), 12.5)
  t.eq(measured.inter_node(cells("inter_node_bw", "IB HDR, 8 liens de 200 Gb/s par n\197\147ud (200 Gb/s par GPU)"), 8, "a100_sxm"), 50)
  t.eq(measured.inter_node(cells("inter_node_bw", "4 \195\151 100 \208\147\208\177\208\184\209\130 RoCE"), 8, "a100_sxm"), 12.5)
  t.eq(cells("model", "unsloth/llama-3-8b-bnb-4bit"), "unsloth/llama-3-8b-bnb-4bit")
  t.eq(cells("framework", "non-PCIe Megatron-LM"), "non-PCIe Megatron-LM")
end
t.eq(measured.inter_node("4x Omni-Path 100 Gb/s per node", 8, "a100_sxm"), 12.5)
t.eq(measured.parse_recompute("yes (--recompute-activations)"), "selective")
t.eq(measured.parse_recompute("--checkpoint-activations passed"), "full")
t.eq(measured.parse_recompute("yes"), "full")
-- helpers 336 and 337 (text copied from PDFs; pasted from a chat): soft hyphens, ligatures, a
-- flag's dashes set as minus signs or en dashes, words broken at a line's end (not a suspended
-- hyphen); a NIC's rate written small.
do
  local function cells(col, v) return measured.parse_tsv("run_id\t" .. col .. "\nx\t" .. v .. "\n")[1][col] end
  t.eq(measured.parse_recompute(cells("recompute", "selec- tive")), "selective")
  t.eq(measured.parse_recompute(cells("recompute", "se- lective activation recomputation")), "selective")
  t.eq(measured.parse_recompute(cells("recompute", "\226\136\146\226\136\146checkpoint\226\136\146activations")), "full")
  t.eq(measured.parse_recompute(cells("recompute", "\226\128\147checkpoint-activations")), "full")
  t.eq(measured.parse_recompute(cells("recompute", "--checkpoint-activa- tions")), "full")
  t.eq(measured.parse_zero(cells("zero_or_fsdp", "distrib- uted optimizer")), 1)
  t.eq(measured.parse_zero(cells("zero_or_fsdp", "distributed opti\194\173mizer")), 1)
  t.eq(measured.parse_zero(cells("zero_or_fsdp", "none (no \226\128\147\226\128\147use-distributed-optimizer)")), 0)
  t.eq(measured.parse_precision(cells("precision", "\239\172\130oat8 linear")), "fp8")
  t.eq(cells("framework", "Deep- Speed ZeRO-3"), "DeepSpeed ZeRO-3")
  t.eq(cells("notes", "pre- and post-training"), "pre- and post-training")
end
t.eq(measured.inter_node("ib 200g x8 per node", 8, "h100_sxm"), 50); t.eq(measured.inter_node("rdma 200g per gpu", 8, "h100_sxm"), 50)
t.eq(measured.inter_node("800g", 8, "h100_sxm"), 200)
-- helper-335's review of this session's readings: phrases before the answers ("non indiqué" is
-- not stated, not no); "pas activé" not enabled; "sin" only before a space (not sin/cos); no data
-- as not stated; a pipeline's stage is no ZeRO stage, nor a stage of other rows; a ruled-out
-- mention no stack's sign; "recompute none"; a sequence-parallel "default"; a yes whose
-- parenthesis compares is not the parenthesis's; a single mark before a long run of spaces is fast.
do
  local function cells(col, v) return measured.parse_tsv("run_id\t" .. col .. "\nx\t" .. v .. "\n")[1][col] end
  t.eq(measured.unstated(cells("recompute", "non indiqu\195\169")), true)
  t.eq(measured.unstated(cells("sequence_parallel", "n\195\163o informado")), true)
  t.eq(measured.unstated(cells("sequence_parallel", "\208\189\208\181\209\130 \208\180\208\176\208\189\208\189\209\139\209\133")), true)
  t.eq(measured.parse_yes_no(cells("sequence_parallel", "pas activ\195\169")), false)
  t.eq(cells("notes", "sin/cos rotary (Fran\195\167ois)"):find("sin/cos", 1, true) ~= nil, true)
  local long = "\226\157\140" .. (" "):rep(16000) .. "x"
  local t0 = os.clock(); cells("recompute", long); t.eq(os.clock() - t0 < 1, true, "bounded")
end
t.eq(select(4, measured.parse_zero("ZeRO-DP (pipeline stage 0 holds the embedding)")), true)
t.eq(select(4, measured.parse_zero("ZeRO-DP (stage 3 in the 175B rows)")), true)
t.eq(stack { framework = "PyTorch NVIDIA Release 23.09", zero_or_fsdp = "FSDP (not Megatron's distributed optimizer)" } ~= "megatron_core", true)
t.eq(measured.parse_recompute("recompute none"), "none")
t.eq((measured.parse_recompute("yes (--recompute-activations)")), "selective")
t.eq(select(2, measured.parse_recompute("yes (selective was slower)")):find("the setting it names", 1, true), nil)
do
  local r = assert(measured.request(copy(row("MBridge-25.09-LLAMA3_70B-64"), { sequence_parallel = "default" })))
  t.eq(r.layout.sequence_parallel, nil)
end
-- A parallel degree over the run's GPUs is said as such.
t.eq(measured.predict(copy(row("MBridge-25.09-LLAMA3_70B-64"), { tp = "1000000000" })).status,
  "not predicted: tp 1000000000 is more than the run's 64 GPUs")
-- helpers 338 and 340 (a pipeline's export; symbols and abbreviations): a YAML flow map under a
-- container's key (not under a setting's own, "fp8: {...}"); a node's NICs and rate as a script's
-- keys; recompute's short keys; a table's placeholder quoted or among clauses as FSDP's value;
-- nanotron's mode under its section; 16b mp.
t.eq(measured.parse_recompute("fsdp_config: {activation_checkpointing: true}"), "full")
t.eq(select(3, measured.parse_zero("parallel: {zero1: 8}")), false); t.eq(select(2, measured.parse_zero("parallel: {zero1: 8}")), 8)
t.eq(measured.parse_precision("fp8: {granularity: per-tensor, scaling: current}"), "fp8")
t.eq(measured.inter_node("{'roce_nics': 4, 'gbps_each': 100}", 8, "a100_sxm"), 12.5)
t.eq(measured.inter_node("ROCE_NICS=4 ROCE_GBPS=100", 8, "a100_sxm"), 12.5)
t.eq(measured.parse_recompute("rc=sel (mlp)"), "selective"); t.eq(measured.parse_recompute("rc=none"), "none")
t.eq(measured.parse_recompute("rc=off"), "none")
t.eq(measured.parse_zero("use_distributed_optimizer=true | FSDP: '/' (table)"), 1); t.eq(measured.parse_zero("FSDP: '-'"), false)
t.eq(measured.parse_zero("FSDP2 - full sharding"), 3)
t.eq(measured.parse_yes_no("parallelism.tp_mode: REDUCE_SCATTER | tp_linear_async_communication: true"), true)
t.eq(measured.parse_precision("16b mp"), "bf16")
-- helper-339 (full sentences): a checkpointing key said unset in a sentence is none (it had read
-- as full); two rated networks joined by "and", and sentences parted at their full stops; the
-- setting said not stated in a sentence; recompute "fully recomputed" and a closing full stop;
-- sequence parallelism by its first clause where the rest does not take it back; FP8 attention
-- in words beside NVFP4; TE named after "with" or in the precision cell; "there was no ZeRO or
-- distributed optimizer"; "the optimizer state was not sharded".
for _, c in ipairs { "Activation checkpointing was not configured: ACT_CKPT_GRANULARITY is unset, i.e. null.",
    "Activations were not checkpointed: ACT_CKPT_GRANULARITY was set to null.",
    "ACT_CKPT_GRANULARITY is not set, so activations_checkpoint_granularity keeps its default of null and nothing is recomputed." } do
  t.eq(measured.parse_recompute(c), "none", c)
end
t.eq(measured.parse_recompute("ACT_CKPT_GRANULARITY was set to full, recompute_method is unset"), "full")
t.eq(measured.inter_node("Each node has one 100 Gb/s Ethernet port and eight NVIDIA Quantum-2 CX7 InfiniBand adapters at 400 Gb/s.", 8, "h100_sxm"), 100)
t.eq(measured.inter_node("Compute: 8 \195\151 CX-7 InfiniBand NDR, 400 Gb/s each. Management: 1 \195\151 BlueField-2 DPU, 100 Gb/s Ethernet.", 8, "h100_sxm"), 100)
t.eq(measured.unstated("The recompute setting is not stated."), true)
t.eq(measured.unstated("The table does not state the recompute setting."), true)
t.eq(measured.unstated("The precision is not stated in the paper."), true)
t.eq(measured.parse_recompute("Activations were fully recomputed."), "full")
t.eq(measured.parse_recompute('activation_checkpoint.mode = "selective", selective_ac_option = "op".'), "op")
for c, want in pairs { ["Sequence parallelism was enabled, and MegaScale overlaps the TP/SP communication with computation."] = true,
    ["Sequence parallelism was on by default, since SEQ_PARALLEL defaults to True."] = true,
    ["SEQ_PARALLEL was set to False, so there was no sequence parallelism."] = false,
    ["Sequence parallelism was enabled alongside tensor parallelism."] = true, ["SEQ_PARALLEL keeps its default value, True."] = true } do
  t.eq(measured.parse_yes_no(c), want, c)
end
t.eq(measured.parse_yes_no("SEQ_PARALLEL is not set, so sequence_parallel takes its default, True."), nil)
t.eq(measured.parse_yes_no("Sequence parallelism was enabled, but not for the 8B rows"), nil)
t.eq(measured.parse_precision("NVFP4 was used (FP4=True, FP8=False), while dot-product attention ran in FP8 (FP8_DPA=True)."), "fp4")
t.eq(measured.parse_zero("there was no ZeRO or distributed optimizer"), 0)
t.eq(measured.parse_zero("The optimizer state was not sharded."), 0)
do
  local r = assert(measured.request(copy(row("TT-T1-8B-8gpu-5762"), { framework = "torchtitan with TE." })))
  t.eq(table.concat(r.assumed, "\n"):find("Transformer Engine's", 1, true) ~= nil, true)
end
-- Text copied from HTML pages and wikis: entities, inline tags and footnotes, Markdown links, a
-- wiki's marks; not an empty value's quotes.
do
  local function cells(col, v) return measured.parse_tsv("run_id\t" .. col .. "\nx\t" .. v .. "\n")[1][col] end
  t.eq(cells("recompute", "<code>selective</code><sup>2</sup>"), "selective")
  t.eq(cells("zero_or_fsdp", "ZeRO&nbsp;1 &amp; overlap"), "ZeRO 1 & overlap")
  t.eq(cells("num_gpus", "1&nbsp;024"), "1024")
  t.eq(cells("precision", "[FP8](https://example.com/fp8) ''delayed''"), "FP8 delayed")
  t.eq(cells("framework", "{{Megatron-LM}} &gt; 0.8"), "Megatron-LM > 0.8")
  t.eq(measured.parse_recompute(cells("recompute", "RECOMPUTE=''")), "none")
end
-- A cell with a word of thousands of letters is no setting, and is not searched.
do
  local t0 = os.clock(); measured.parse_zero(("a"):rep(4000)); measured.parse_precision(("a"):rep(4000))
  t.eq(os.clock() - t0 < 0.2, true, "bounded")
end
t.eq(measured.parse_yes_no(measured.parse_tsv("run_id\tsequence_parallel\nx\t{{code|model.sequence_parallel: True}}\n")[1].sequence_parallel), true)
-- helper-341's review of the later readings: two parts joined by "and" only where both are
-- networks; NIC keys that count GPUs or give a node's total are not NICs and their rate;
-- checkpoint saving is no recompute; sentences of other rows, or taken back, are not read; TE
-- as another abbreviation; FP8 attention in a sentence beside BF16.
t.eq(measured.inter_node("8x 400 Gb/s IB per node and 900 GB/s NVLink within a node", 8, "h100_sxm"), 100)
t.eq(measured.parse_recompute("CKPT_DIR is not set.") == "none", false)
t.eq(measured.parse_yes_no("Sequence parallelism was enabled, and dropped for the final run"), nil)
t.eq(measured.parse_precision("BF16; attention ran in FP8"), "bf16")
-- helper-343 (multi-line cells): a network cell's lines that name two networks or label one are
-- its parts; one network over several lines is one.
t.eq(measured.inter_node("Storage+Management: 1x NVIDIA BlueField 2 DPU 100Gb/s\nCompute: 8x NVIDIA ConnectX-7 IB NDR 400Gb/s", 8, "h100_sxm"), 100)
t.eq(measured.inter_node("Management: 1x 100GbE\nCompute: 8x 400 Gb/s IB", 8, "h100_sxm"), 100)
t.eq(measured.inter_node("8x 400 Gb/s IB\nper node", 8, "h100_sxm"), 100)
-- helper-344 (full sentences again): any short subject said not stated, mentioned or found is not
-- given (had been full recompute, +33%); a first clause at a colon or semicolon; recompute by its
-- first clause where the rest names no other mode.
t.eq(measured.unstated("Activation recomputation is not stated by the paper."), true)
t.eq(measured.unstated("The ZeRO stage was not found in the text read."), true)
t.eq(measured.unstated("Not mentioned"), true)
t.eq(measured.unstated("Full recompute; the layer count is not stated."), false)
do
  local r = assert(measured.request(copy(row("MBridge-25.09-LLAMA3_8B-8"), { recompute = "Activation recomputation is not stated by the paper." })))
  t.eq(r.layout.recompute, nil)
end
t.eq(measured.parse_yes_no("Sequence parallelism was used: the torchtitan TP plan shards the norms"), true)
t.eq(measured.parse_recompute("Activations were not recomputed; all activations_checkpoint_* settings are null"), "none")
t.eq(measured.parse_recompute("Activations were fully recomputed (--checkpoint-activations was passed)"), "full")
-- helper-345's review: a "not stated" sentence only where nothing follows but its source; a first
-- clause taken back ("then", "initially", "until", "apart from the first 4 blocks") is not read.
t.eq(measured.unstated("ZeRO was not found to help"), false)
t.eq(measured.unstated("TP overlap is not mentioned but SP is on"), false)
t.eq(measured.parse_yes_no("SP was enabled; then abandoned"), nil)
t.eq(measured.parse_recompute("Activations were fully recomputed, then turned off") == "full", false)
