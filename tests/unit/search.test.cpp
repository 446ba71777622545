#include "dml/search.hpp"

#include <catch2/catch.hpp>
#include <chrono>
#include <cmath>
#include <thread>

#include "dml/parallel.hpp"
#include "dml/plan.hpp"
#include "paper_settings.hpp"
#include "printed.hpp"

using dml::testing::Printed;

namespace {

dml::TrainingRun first_dense() { return dml::paper_run(12288, dml::paper::dense_laws()); }

// Two searches agree to the last bit on the optimum and its layout.
void require_same(const dml::Evaluation& a, const dml::Evaluation& b) {
  CHECK(a.gpus == b.gpus);
  CHECK(a.training_time.value() == b.training_time.value());
  CHECK(a.utilization == b.utilization);
  CHECK(a.layout.dp == b.layout.dp);
  CHECK(a.layout.tp.model == b.layout.tp.model);
  CHECK(a.layout.tp.ff == b.layout.tp.ff);
  CHECK(a.layout.pp == b.layout.pp);
  CHECK(a.layout.ep == b.layout.ep);
  CHECK(a.layout.microbatches == b.layout.microbatches);
  CHECK(a.layout.zero_bubble == b.layout.zero_bubble);
  CHECK(a.layout.interleave == b.layout.interleave);
  REQUIRE(a.layout.split);
  REQUIRE(b.layout.split);
  CHECK(a.layout.split->dp == b.layout.split->dp);
  CHECK(a.layout.split->tp_model == b.layout.split->tp_model);
  CHECK(a.layout.split->tp_ff == b.layout.split->tp_ff);
  CHECK(a.layout.split->pp == b.layout.split->pp);
  CHECK(a.layout.split->ep == b.layout.split->ep);
}

}  // namespace

TEST_CASE("search: cluster_size_required for the first dense point (docs/model.md 5.4)",
          "[search]") {
  const auto r = dml::smallest_cluster(dml::paper::h100_sxm(), first_dense());
  REQUIRE(r.feasible);
  CHECK(r.gpus == 2048);
  CHECK_THAT(r.best.utilization, Printed("0.6989936"));
  CHECK(r.best.layout.tp.model == 4);
  CHECK(r.best.layout.tp.ff == 8);
  CHECK(r.best.layout.pp == 64);
  CHECK(r.best.layout.microbatches == 128);
  CHECK(r.best.layout.zero_bubble);
  CHECK_THAT(r.best.training_time.value(), Printed("4.557224e6"));
}

TEST_CASE("search: the optimal layout is the best evaluation of its own degrees", "[search]") {
  const auto h = dml::paper::h100_sxm();
  const auto run = first_dense();
  const auto r = dml::optimal_layout(h, run, 4096);
  REQUIRE(r.found);
  CHECK(r.stats.layouts_evaluated > 0);
  auto l = r.best.layout;
  const auto again = dml::evaluate(h, run, l);
  CHECK(again.feasible);
  CHECK(again.training_time.value() == r.best.training_time.value());
  l.split.reset();
  CHECK(dml::evaluate(h, run, l).training_time.value() == r.best.training_time.value());
}

TEST_CASE("search: the fast search finds the paper's optimum, ties included", "[search]") {
  dml::Options ref;
  ref.reference_search = true;
  struct Case {
    dml::Cluster cluster;
    dml::ScalingLaws laws;
    std::int64_t d_model;
  };
  const Case cases[] = {
      {dml::paper::h100_sxm(), dml::paper::dense_laws(), 53248},
      {dml::paper::v100_sxm(), dml::paper::dense_laws(), 90112},
      {dml::paper::h100_sxm(), dml::paper::sparse_laws(), 36864},
      {dml::paper::a100_sxm(), dml::paper::sparse_laws(), 20480},
      {dml::paper::h100_global_nvlink_ll(), dml::paper::dense_laws(), 131072},
      {dml::paper::h100_infinite_network_ll(), dml::paper::sparse_laws(), 40960},
  };
  for (const Case& c : cases) {
    const auto run = dml::paper_run(c.d_model, c.laws);
    INFO(c.cluster.gpu.name << ", d_model = " << c.d_model << ", experts = " << run.model.experts);
    const auto fast = dml::smallest_cluster(c.cluster, run);
    const auto slow = dml::smallest_cluster(c.cluster, run, ref);
    REQUIRE(fast.feasible == slow.feasible);
    if (fast.feasible) require_same(fast.best, slow.best);
    // And on a few cluster sizes around the answer, where the optimum is not below the budget.
    for (int shift = -2; shift <= 2; ++shift) {
      const dml::u128 n = shift < 0 ? fast.gpus >> -shift : fast.gpus << shift;
      const auto a = dml::optimal_layout(c.cluster, run, n);
      const auto b = dml::optimal_layout(c.cluster, run, n, ref);
      REQUIRE(a.found == b.found);
      if (a.found) require_same(a.best, b.best);
    }
  }
}

TEST_CASE("search: the same optimum on networks the paper does not use", "[search]") {
  dml::Options ref;
  ref.reference_search = true;
  // Three levels (the authors' unused "Superpod" of docs/model.md 3.2: 8 per node, 32 nodes per
  // pod), which takes the generic path, and a two-level network with 6-GPU nodes, for a sparse
  // model with 9 experts.
  auto superpod = dml::paper::h100_sxm();
  superpod.levels.insert(superpod.levels.begin() + 1, {.name = "pod",
                                                       .size = 32,
                                                       .bandwidth = dml::units::bytes_per_s(4.5e11),
                                                       .latency = dml::units::seconds(1.125e-6)});
  auto six = dml::paper::a100_sxm();
  six.levels[0].size = 6;
  const auto dense = dml::paper_run(28672, dml::paper::dense_laws());
  const auto sparse = dml::paper_run(14336, dml::paper::sparse_laws());
  REQUIRE(sparse.model.experts == 9);
  for (const auto& [cluster, run] : {std::pair{superpod, dense}, std::pair{six, sparse}}) {
    INFO(cluster.levels.size() << " levels, node of " << cluster.levels[0].size.value_or(0));
    const auto fast = dml::smallest_cluster(cluster, run);
    const auto slow = dml::smallest_cluster(cluster, run, ref);
    REQUIRE(fast.feasible == slow.feasible);
    REQUIRE(fast.feasible);
    require_same(fast.best, slow.best);
    for (const int shift : {-1, 1}) {
      const dml::u128 n = shift < 0 ? fast.gpus / 2 : fast.gpus * 2;
      const auto a = dml::optimal_layout(cluster, run, n);
      const auto b = dml::optimal_layout(cluster, run, n, ref);
      REQUIRE(a.found == b.found);
      if (a.found) require_same(a.best, b.best);
    }
  }
}

TEST_CASE("search: no layout is a result with a reason, not an error", "[search]") {
  const auto h = dml::paper::h100_sxm();
  const auto r = dml::optimal_layout(h, first_dense(), 7);
  CHECK_FALSE(r.found);
  REQUIRE(r.reasons.size() == 1);
  CHECK(r.reasons[0] ==
        "no layout of the paper's search space fits 7 GPUs (some fail the memory check)");
  dml::Options few;
  few.max_gpus = 1024;
  const auto c = dml::smallest_cluster(h, first_dense(), few);
  CHECK_FALSE(c.feasible);
  REQUIRE(c.reasons.size() == 1);
  CHECK(c.reasons[0] ==
        "no cluster of 2^i GPUs (i < 60, at most 1024) trains C = 6.455e24 FLOP "
        "within 91.26 days");
  CHECK_THROWS_WITH(dml::optimal_layout(h, first_dense(), 0), "gpus: must be positive, got 0");
}

TEST_CASE("search: sizes too big to split, after the ones too small to finish, are the time",
          "[search]") {
  // helper-348: a 128-parameter model and 1e30 tokens (C = 6 x 128 x 1e30 = 7.68e32 FLOP) needs
  // about 1.4e11 H100s at their peak to finish in the paper's 91.26 days, and no layout splits
  // so many. The reason is the time, not the sizes' odd factor (there is none: 1).
  dml::TrainingRun run;
  run.model.d_model = 8;
  run.model.d_ff = 8;
  run.model.layers = 1;
  run.model.experts = 1;
  run.batch_sequences = 1024;
  run.tokens = 1e30;
  const auto c = dml::smallest_cluster(dml::paper::h100_sxm(), run);
  CHECK_FALSE(c.feasible);
  REQUIRE(c.reasons.size() == 1);
  CHECK_THAT(c.reasons[0],
             Catch::Matchers::StartsWith("no cluster of 2^i GPUs (i < 60) trains C = 7.68e32 FLOP "
                                         "within 91.26 days: that takes at least 1.4") &&
                 Catch::Matchers::EndsWith(
                     " GPUs at their peak, and no layout splits so many (TP x DP x PP must "
                     "divide d_model x d_ff (8 x 8), the batch (2097152 tokens) and the layers "
                     "(1))"));
  // The same model with tokens a cluster can train in time is found.
  run.tokens = 1e12;
  CHECK(dml::smallest_cluster(dml::paper::h100_sxm(), run).feasible);
}

TEST_CASE("search: cluster sizes past 64 bits", "[search]") {
  // The first infeasible sparse width searches N = 80 x 2^i up to 80 x 2^59 (about 4.6e19).
  const auto h = dml::paper::h100_sxm();
  const auto sparse = dml::paper_run(122880, dml::paper::sparse_laws());
  REQUIRE(sparse.model.experts == 80);
  const dml::u128 n = dml::checked_mul(80, dml::pow2(50));
  const auto r = dml::optimal_layout(h, sparse, n);
  REQUIRE(r.found);
  CHECK(r.best.gpus == n);
  CHECK(r.best.layout.gpus() == n);
  const auto past = dml::optimal_layout(h, sparse, dml::checked_mul(80, dml::pow2(59)));
  CHECK_FALSE(past.found);
  CHECK(dml::to_string(dml::checked_mul(80, dml::pow2(59))) == "46116860184273879040");
  const auto c = dml::smallest_cluster(h, sparse);
  CHECK_FALSE(c.feasible);
  CHECK(c.stats.clusters_searched > 10);
  // A layout of 7.1e19 GPUs (past 2^64) is costed exactly.
  dml::Layout l;
  l.dp = 7 << 21;
  l.tp = {.model = 122880, .ff = 491520};
  l.ep = 80;
  l.microbatches = 1;
  const auto e = dml::evaluate(h, sparse, l);
  CHECK(e.feasible);
  CHECK(dml::to_string(e.gpus) == "70931694131085312000");
  CHECK(e.training_time.value() > 0);
}

TEST_CASE("search: summaries of a sweep (docs/model.md 4.3)", "[search]") {
  dml::Gpu gpu = dml::paper::h100_sxm().gpu;  // effective utilization 0.7: threshold 0.56
  const auto point = [](double flop, bool feasible, double util) {
    dml::SweepPoint p;
    p.train_flop = flop;
    p.result.feasible = feasible;
    p.result.best.utilization = util;
    return p;
  };
  const std::vector<dml::SweepPoint> pts = {point(1, true, 0.69), point(2, true, 0.55),
                                            point(3, true, 0.6), point(4, true, 0.1),
                                            point(5, false, 0)};
  const auto s = dml::summarize(pts, gpu);
  CHECK(s.linear_scaling_ends_at->value() == 2);
  CHECK(s.utilization_there == 0.55);
  CHECK(s.largest_feasible_flop->value() == 4);
  CHECK(s.largest_feasible_utilization == 0.1);
  CHECK(s.first_infeasible_flop->value() == 5);
  const auto none = dml::summarize({point(1, true, 0.69)}, gpu);
  CHECK_FALSE(none.linear_scaling_ends_at);
  CHECK_FALSE(none.first_infeasible_flop);
}

TEST_CASE("search: results do not depend on the number of threads", "[search]") {
  const std::vector<std::int64_t> grid = {12288, 24576, 49152};
  const auto settings = dml::paper::comparisons()[3].settings;  // grand comparison, sparse
  const auto a = dml::sweep_all(settings, grid, {}, {.threads = 1}).sweeps;
  const auto b = dml::sweep_all(settings, grid, {}, {.threads = 2}).sweeps;
  REQUIRE(a.size() == b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    REQUIRE(a[i].points.size() == b[i].points.size());
    for (std::size_t k = 0; k < a[i].points.size(); ++k) {
      CHECK(a[i].points[k].result.gpus == b[i].points[k].result.gpus);
      CHECK(a[i].points[k].result.best.training_time.value() ==
            b[i].points[k].result.best.training_time.value());
    }
  }
}

// --- Properties -------------------------------------------------------------------------------

TEST_CASE("search: more bandwidth or less latency never makes a run slower", "[search][property]") {
  const auto base = dml::paper::h100_sxm();
  const auto run = dml::paper_run(GENERATE(24576, 49152, 98304), dml::paper::sparse_laws());
  const auto reference = dml::smallest_cluster(base, run);
  REQUIRE(reference.feasible);
  const dml::u128 n = reference.gpus;
  const double t0 = reference.best.training_time.value();

  auto faster = base;
  SECTION("more bandwidth at one level") {
    const auto level = static_cast<std::size_t>(GENERATE(0, 1));
    faster.levels[level].bandwidth = faster.levels[level].bandwidth * 2;
  }
  SECTION("less network latency at one level") {
    const auto level = static_cast<std::size_t>(GENERATE(0, 1));
    faster.levels[level].latency = faster.levels[level].latency / 4;
  }
  SECTION("less matmul latency") { faster.gpu.matmul_latency = faster.gpu.matmul_latency / 2; }
  SECTION("more HBM bandwidth") { faster.gpu.hbm_bandwidth = faster.gpu.hbm_bandwidth * 2; }
  const auto better = dml::optimal_layout(faster, run, n);
  REQUIRE(better.found);
  CHECK(better.best.training_time.value() <= t0);
  const auto smaller = dml::smallest_cluster(faster, run);
  REQUIRE(smaller.feasible);
  CHECK(smaller.gpus <= n);
}

TEST_CASE("search: more GPUs never lowers the largest feasible run", "[search][property]") {
  const std::vector<std::int64_t> grid = {12288, 16384, 24576, 32768, 49152, 65536};
  dml::Setting s{.name = "A100", .cluster = dml::paper::a100_sxm(), .laws = {}};
  double last = 0;
  for (const int log2_gpus : {14, 17, 20, 23, 26}) {
    dml::Options o;
    o.max_gpus = std::int64_t{1} << log2_gpus;
    o.utilization_floor = 0;
    const auto sw = dml::sweep(s, grid, o);
    const double largest = sw.summary.largest_feasible_flop.value_or(dml::units::Flop(0)).value();
    INFO("at most 2^" << log2_gpus << " GPUs: largest feasible C = " << largest);
    CHECK(largest >= last);
    last = largest;
  }
  CHECK(last > 0);
}

TEST_CASE("search: utilization never exceeds the GPU's effective utilization",
          "[search][property]") {
  for (const auto& cmp : dml::paper::comparisons()) {
    for (const auto& setting : cmp.settings) {
      const double eff = setting.cluster.gpu.effective_utilization;
      for (const std::int64_t d : {12288, 36864}) {
        const auto run = dml::paper_run(d, setting.laws);
        const auto r = dml::smallest_cluster(setting.cluster, run);
        INFO(cmp.run << " / " << setting.name.value_or("") << " d_model = " << d);
        REQUIRE(r.feasible);
        CHECK(r.best.utilization <= eff);
        CHECK(r.best.utilization > 0);
      }
    }
  }
}

TEST_CASE("search: a level with an odd size (NVL72) gets cluster sizes it divides", "[search]") {
  // Beyond the paper: 72-GPU NVLink domains never divide experts x 2^i, so the sizes tried are
  // lcm(experts, 9) x 2^i. With the paper's 8-GPU nodes the sizes are the paper's.
  auto c = dml::paper::h100_sxm();
  c.levels[0].size = 72;
  const auto r = dml::smallest_cluster(c, first_dense());
  REQUIRE(r.feasible);
  CHECK(r.gpus % 72 == 0);
  CHECK(r.gpus % 9 == 0);
  const dml::u128 pow2_part = r.gpus / 9;
  CHECK((pow2_part & (pow2_part - 1)) == 0);  // 9 x 2^i
  // the chosen layout keeps 72 GPUs per domain
  REQUIRE(r.best.layout.split.has_value());
  const auto& s = *r.best.layout.split;
  CHECK(s.dp[0] * s.tp_model[0] * s.tp_ff[0] * s.pp[0] * s.ep[0] == 72);
}

TEST_CASE("search: a width no NVL72 cluster splits is passed over, not the sweep's end",
          "[search]") {
  // d_model 14336 = 7 x 2^11 (d_ff, 224 layers and the batch the same odd parts) has no factor of
  // 9 x 2^i GPUs' 9: no layout splits any of them, which says nothing of the time. The sweep
  // goes on to the wider models that do split (12288 = 3 x 2^12 before it, 16384 after), and
  // the summary's first infeasible width is one that runs out of time, never this one.
  auto c = dml::paper::h100_sxm();
  c.levels[0].size = 72;
  const auto odd = dml::smallest_cluster(c, dml::paper_run(14336, dml::paper::dense_laws()));
  CHECK_FALSE(odd.feasible);
  CHECK_FALSE(odd.splits);
  REQUIRE(odd.reasons.size() == 1);
  CHECK(odd.reasons[0] ==
        "no layout splits a cluster of 9 x 2^i (lcm of the experts and the odd part of the "
        "levels' units) GPUs (i < 60): TP x DP x PP must divide d_model x d_ff (14336 x 57344), "
        "the batch (8388608 tokens) and the layers (224), and none takes the sizes' odd factor 9");
  const auto fixed = dml::optimal_layout(c, dml::paper_run(14336, dml::paper::dense_laws()), 9216);
  CHECK_FALSE(fixed.splits);
  CHECK(fixed.reasons.at(0) ==
        "no layout of the paper's search space splits 9216 GPUs: TP x DP x PP must divide "
        "d_model x d_ff (14336 x 57344), the batch (8388608 tokens) and the layers (224)");
  const dml::Setting setting{.cluster = c, .laws = dml::paper::dense_laws()};
  const std::vector<std::int64_t> widths{12288, 14336, 16384};
  const auto sw = dml::sweep(setting, widths);
  REQUIRE(sw.points.size() == 3);
  CHECK(sw.points[0].result.feasible);
  CHECK_FALSE(sw.points[1].result.feasible);
  CHECK(sw.points[2].result.feasible);
  REQUIRE(sw.summary.largest_feasible_flop);
  CHECK(sw.summary.largest_feasible_flop->value() == sw.points[2].train_flop);
  CHECK_FALSE(sw.summary.first_infeasible_flop);
  // With the paper's 8-GPU nodes every width splits, and the sweep is the paper's.
  const dml::Setting paper_setting{.cluster = dml::paper::h100_sxm(),
                                   .laws = dml::paper::dense_laws()};
  const auto paper = dml::sweep(paper_setting, widths);
  for (const auto& p : paper.points) CHECK(p.result.splits);
  CHECK(paper.summary.ended_by == "the grid's last width");
}

TEST_CASE("search: the summary says why the sweep of widths ended", "[search]") {
  const dml::Setting setting{.cluster = dml::paper::h100_sxm(), .laws = dml::paper::dense_laws()};
  const std::vector<std::int64_t> widths{12288, 16384};
  // A floor above every width's utilization ends the sweep at its first width.
  dml::Options high_floor;
  high_floor.utilization_floor = 0.99;
  const auto floored = dml::sweep(setting, widths, high_floor);
  REQUIRE(floored.points.size() == 1);
  CHECK(floored.summary.ended_by.starts_with("the utilization at width 12288 ("));
  CHECK(floored.summary.ended_by.ends_with(
      ") is below options.utilization_floor (0.99): wider models were not tried"));
  // A duration no cluster meets ends it at the first width, as infeasible.
  dml::Setting short_run = setting;
  short_run.duration = dml::units::seconds(1);
  const auto quick = dml::sweep(short_run, widths);
  REQUIRE(quick.points.size() == 1);
  CHECK(quick.summary.ended_by == "no cluster trains width 12288 in time");
  CHECK(dml::sweep(setting, widths).summary.ended_by == "the grid's last width");
  // On 72-GPU units the floor's reason names their odd factor too (helper-119), as the
  // infeasible reason does.
  dml::Setting racks = setting;
  racks.cluster.levels.front().size = 72;
  const auto rack_floor = dml::sweep(racks, widths, high_floor);
  CHECK(rack_floor.summary.ended_by.ends_with(
      ") is below options.utilization_floor (0.99): wider models were not tried (every cluster "
      "size is a multiple of the levels' units of 72 GPUs, so of 9: declaring the level with a "
      "power-of-two size, as size = 64 of a 72-GPU rack, runs that many of each unit's GPUs)"));
}

TEST_CASE("search: odd sizes on two levels multiply into the units' odd part", "[search]") {
  // Levels of 3 and 3 below the top make units of 3 and 9 GPUs: every size tried holds whole
  // 9-GPU units (9 x 2^i), not lcm(3, 3) x 2^i = 3 x 2^i, none of which past 9 holds them.
  auto c = dml::paper::h100_sxm();
  c.levels[0].size = 3;
  c.levels.insert(c.levels.begin() + 1, c.levels[0]);
  c.levels[1].size = 3;
  CHECK(dml::cluster_size_base(c, 1) == 9);
  CHECK(dml::cluster_size_base(c, 4) == 36);
  auto nvl = dml::paper::h100_sxm();
  nvl.levels[0].size = 72;
  nvl.levels.insert(nvl.levels.begin() + 1, nvl.levels[0]);
  nvl.levels[1].size = 3;  // three racks a pod: units of 72 and 216 GPUs
  CHECK(dml::cluster_size_base(nvl, 1) == 27);
}

TEST_CASE("search: one setting's sweep reports its searches' steps", "[search]") {
  // parallel_for keeps a SearchProgress quiet (its items are its progress), so a single
  // setting's limits showed "0 of 1" until the end. Run alone, its searches report their steps
  // to the caller's SearchProgress. A poll of `cancelled` that sleeps 1 ms lets the 20 ms
  // between reports pass.
  int reports = 0;
  dml::SearchProgress shown([&](std::uint64_t) { ++reports; });
  dml::Control control;
  control.cancelled = [] {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
    return false;
  };
  const dml::Setting setting{.cluster = dml::paper::h100_sxm(), .laws = dml::paper::dense_laws()};
  const auto sweeps = dml::sweep_all({setting}, dml::paper_d_model_grid(), dml::Options{}, control);
  REQUIRE(sweeps.completion.finished.size() == 1);
  CHECK(sweeps.completion.finished[0] == 1);
  CHECK(sweeps.sweeps[0].points.size() > 2);
  CHECK(reports > 0);
}

// --- Cancellation -----------------------------------------------------------------------------

TEST_CASE("search: a cancelled control stops a search between branches", "[search][cancel]") {
  const auto h = dml::paper::h100_sxm();
  const auto run = dml::paper_run(98304, dml::paper::dense_laws());  // a search that asks 5 times
  SECTION("an uncancelled search asks, and finds what it finds without asking") {
    int asked = 0;
    const dml::Control control{.cancelled = [&] { return ++asked < 0; }};
    const auto r = dml::smallest_cluster(h, run, {}, control);
    CHECK(asked > 0);
    REQUIRE(r.feasible);
    CHECK(r.gpus == dml::smallest_cluster(h, run).gpus);
  }
  SECTION("the fast search") {
    int asked = 0;
    const dml::Control control{.cancelled = [&] { return ++asked >= 3; }};
    CHECK_THROWS_AS(dml::smallest_cluster(h, run, {}, control), dml::Cancelled);
    CHECK(asked == 3);  // it stops at the first answer true
  }
  SECTION("the paper's reference search") {
    dml::Options ref;
    ref.reference_search = true;
    int asked = 0;
    const dml::Control control{.cancelled = [&] { return ++asked >= 2; }};
    const dml::u128 n = dml::smallest_cluster(h, run).gpus;
    CHECK_THROWS_AS(dml::optimal_layout(h, run, n, ref, control), dml::Cancelled);
    CHECK(asked == 2);
  }
  SECTION("a sweep of widths") {
    const dml::Control control{.cancelled = [] { return true; }};
    const auto setting = dml::paper::comparisons()[0].settings[0];
    CHECK_THROWS_WITH(dml::sweep(setting, {}, control), "interrupted");
  }
}

TEST_CASE("parallel: a cancelled item is unfinished, not an error, finished ones are kept",
          "[search][cancel]") {
  std::vector<int> done(4, 0);
  const dml::Completion c = dml::parallel_for(4,
                                              [&](std::size_t i) {
                                                if (i == 2) throw dml::Cancelled();
                                                done[i] = 1;
                                              },
                                              {.threads = 1});
  // The worker stops there, as it does when control.cancelled says so.
  CHECK(c.finished == std::vector<char>{1, 1, 0, 0});
  CHECK(c.cancelled);
  CHECK(done == std::vector<int>{1, 1, 0, 0});
}

TEST_CASE("search: optimize_all keeps the runs that finished before a cancel", "[search][cancel]") {
  dml::Run run;
  run.cluster = dml::paper::h100_sxm();
  run.model.d_model = 98304;
  // How often one run's search asks (the search is deterministic).
  int per_run = 0;
  const auto counted = dml::optimize(run, {.cancelled = [&] { return ++per_run < 0; }});
  REQUIRE(counted.feasible);
  REQUIRE(per_run > 2);
  // One thread: parallel_for asks before each item, the search while it runs. Say stop in the
  // middle of the second run's search.
  const std::vector<dml::Run> runs(3, run);
  int asked = 0;
  const auto plans = dml::optimize_all(
      runs, {.threads = 1, .cancelled = [&] { return ++asked >= 1 + per_run + 1 + per_run / 2; }});
  REQUIRE(plans.size() == 3);
  REQUIRE(plans[0]);
  CHECK(plans[0]->gpus == counted.gpus);
  CHECK_FALSE(plans[1]);
  CHECK_FALSE(plans[2]);
}

TEST_CASE("search: a setting's cluster has no size (the sweep chooses one per width)", "[search]") {
  dml::Setting s{.name = "H100", .cluster = dml::paper::h100_sxm(), .laws = {}};
  s.cluster.size = 24576;
  CHECK_THROWS_WITH(
      dml::sweep(s, std::vector<std::int64_t>{12288}),
      "setting.cluster.size: a setting chooses the cluster's size for each model (the "
      "smallest that trains it within the duration), so it takes a cluster without "
      "one, not 24576 GPUs; for a run on a fixed cluster, ask "
      "dml.optimize(dml.run { model = ..., cluster = cluster })");
}

TEST_CASE("plan: the note of an EP degree that a given cluster size forces below the experts",
          "[search]") {
  auto c = dml::paper::h100_sxm();                          // 8-GPU nodes
  CHECK(dml::expert_parallel_note(c, 256, 16384).empty());  // EP 256: no note
  CHECK(dml::expert_parallel_note(c, 1, 24576).empty());    // dense
  // 257 is prime and 16384 = 2^14; 257 x 2^6 = 16448 is the first 257 x 2^i past 16384.
  CHECK(dml::expert_parallel_note(c, 257, 16384) ==
        "EP 1 of 257 experts: EP must divide both the experts and the 16,384 GPUs, and they share "
        "no factor (EP 1 is the only degree); 16,448 GPUs would allow EP 257 (257 x 2^6: "
        "dml.optimize searches 257 x 2^i GPUs when the cluster has no size)");
  // gcd(720, 32) = 16; with 72-GPU domains the search's sizes are lcm(32, 9) x 2^i = 288 x 2^i,
  // and 288 x 2^2 = 1152 is the first past 720 (a whole number of domains: 16 x 72).
  c.levels[0].size = 72;
  CHECK(dml::expert_parallel_note(c, 32, 720) ==
        "EP 16 of 32 experts: EP must divide both the experts and the 720 GPUs, and their common "
        "divisors are 1, 2, 4, 8, 16 (the search takes the largest); 1,152 GPUs would allow EP 32 "
        "(288 x 2^2: dml.optimize searches 288 x 2^i GPUs when the cluster has no size)");
}
