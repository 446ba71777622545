#include "dml/workload.hpp"

#include <catch2/catch.hpp>

#include "printed.hpp"

using dml::testing::Printed;

TEST_CASE("workload: round_list rounds to f 2^i and breaks ties downwards", "[workload]") {
  CHECK(dml::round_list(0.2) == 1);
  CHECK(dml::round_list(191.0) == 192);
  CHECK(dml::round_list(6.0) == 6);
  CHECK(dml::round_list(6.5) == 6);  // 6 and 7 tie: the smaller
  CHECK(dml::round_list(6.51) == 7);
  CHECK(dml::round_list(10.0) == 10);  // 5 x 2 is in the list
  CHECK(dml::round_list(11.0) == 10);  // 10 and 12 tie: the smaller
  CHECK(dml::round_list(1e30) == 9LL << 59);
}

TEST_CASE("workload: scaling functions of docs/model.md 5.4", "[workload]") {
  dml::ScalingLaws dense;
  dml::ScalingLaws sparse;
  sparse.sparsity.kind = dml::SparsityLaw::Kind::kPaper;
  dml::ScalingLaws deepseek;
  deepseek.batch.kind = dml::BatchRule::Kind::kDeepSeek;
  dml::ScalingLaws fixed;
  fixed.batch.kind = dml::BatchRule::Kind::kFixed;

  SECTION("d_model = 12288") {
    const auto r = dml::paper_run(12288, dense);
    CHECK(r.model.d_ff == 49152);
    CHECK(r.model.layers == 192);
    CHECK(r.model.experts == 1);
    CHECK_THAT(dml::train_flop(r), Printed("6.4549e24"));
    CHECK(r.batch_sequences == 3584);
    CHECK(dml::batch_tokens(r) == 7340032);
    CHECK(dml::paper_run(12288, deepseek).batch_sequences == 18432);
    CHECK(dml::paper_run(12288, fixed).batch_sequences == 2048);
    const auto s = dml::paper_run(12288, sparse);
    CHECK(s.model.experts == 8);
    CHECK_THAT(dml::train_flop(s), Printed("5.1639e25"));
    CHECK(s.batch_sequences == 14336);
    CHECK(dml::total_params(s.model) == 8 * dml::total_params(r.model));
  }
  SECTION("d_model = 53248") {
    const auto r = dml::paper_run(53248, dense);
    CHECK(r.model.layers == 576);
    CHECK(dml::paper_run(53248, sparse).model.experts == 36);
    CHECK_THAT(dml::train_flop(r), Printed("2.0484e28"));
    CHECK(r.batch_sequences == 12288);
  }
  SECTION("d_model = 196608") {
    const auto r = dml::paper_run(196608, dense);
    CHECK(r.model.layers == 1536);
    CHECK(dml::paper_run(196608, sparse).model.experts == 128);
    CHECK_THAT(dml::train_flop(r), Printed("2.7074e31"));
    CHECK(r.batch_sequences == 40960);
  }
}

TEST_CASE("workload: the sweep grid of docs/model.md 1.5", "[workload]") {
  const auto g = dml::paper_d_model_grid();
  REQUIRE(g.size() == 55);
  CHECK(g[0] == 12288);
  CHECK(g[1] == 14336);
  CHECK(g[2] == 16384);
  CHECK(g[3] == 18432);
  CHECK(g[4] == 20480);
  CHECK(g.back() == 12288 * 128);
}

TEST_CASE("workload: data and compute", "[workload]") {
  dml::TrainingRun r{.model = {.d_model = 4, .d_ff = 16, .layers = 3, .experts = 2},
                     .batch_sequences = 8,
                     .seq_len = 16};
  CHECK(dml::total_params(r.model) == 2 * 4 * 16 * 3 * 2);
  CHECK(dml::active_params(r.model) == 2 * 4 * 16 * 3);
  CHECK(dml::dataset_tokens(r) == 20 * 768);
  CHECK(dml::train_flop(r) == 6.0 * 384 * 20 * 768);
  SECTION("a real tokens_per_param: the dataset rounded to a whole token") {
    r.tokens_per_param = 12.5;  // 12.5 x 768 = 9600
    CHECK(dml::dataset_tokens(r) == 9600);
    r.tokens_per_param = 0.001;  // 0.768 tokens: one
    CHECK(dml::dataset_tokens(r) == 1);
    CHECK(dml::train_flop(r) == 6.0 * 384);
  }
  SECTION("the tokens given, whatever tokens_per_param says") {
    r.tokens = 15.6e12;
    CHECK(dml::dataset_tokens(r) == 15600000000000);
    CHECK(dml::train_flop(r) == 6.0 * 384 * 15.6e12);
    r.tokens = 1e30;  // past 64 bits
    CHECK(dml::dataset_tokens(r) == static_cast<dml::u128>(1e30));
  }
}

TEST_CASE("workload: invalid runs throw ConfigError naming the field", "[workload]") {
  dml::TrainingRun r{.model = {.d_model = 8, .d_ff = 32, .layers = 2}, .batch_sequences = 4};
  CHECK_NOTHROW(dml::validate(r));
  r.model.d_ff = 0;
  CHECK_THROWS_WITH(dml::validate(r), "run.model.d_ff: must be a positive whole number, got 0");
  r.model.d_ff = 32;
  r.batch_sequences = -3;
  CHECK_THROWS_WITH(dml::validate(r),
                    "run.batch_sequences: must be a positive whole number, got -3");
  r.batch_sequences = 4;
  r.tokens_per_param = 0;
  CHECK_THROWS_WITH(dml::validate(r), "run.tokens_per_param: must be greater than 0, got 0");
  r.tokens_per_param = 1e-6;  // 2 x 8 x 32 x 2 = 1024 parameters: 0.001 tokens
  CHECK_THROWS_WITH(dml::validate(r),
                    "run.tokens_per_param: 1e-06 tokens per parameter x 1024 parameters is less "
                    "than one token to train");
  r.tokens_per_param = 20;
  r.tokens = 0.4;
  CHECK_THROWS_WITH(dml::validate(r), "run.tokens: must be at least 1, got 0.4");
  r.tokens.reset();
  CHECK_THROWS_WITH(dml::paper_run(0, {}), "d_model: must be positive, got 0");
  // Parameter counts past 128 bits are an error, not a wrong answer.
  dml::TrainingRun huge{
      .model = {.d_model = 1LL << 62, .d_ff = 1LL << 62, .layers = 1LL << 62, .experts = 1LL << 62},
      .batch_sequences = 1};
  CHECK_THROWS_AS(dml::total_params(huge.model), dml::OverflowError);
}
