// Descriptions (dml/describe.hpp): well formed for every type, and validate() applies each
// field's range with the user's messages.
#include "dml/describe.hpp"

#include <catch2/catch.hpp>
#include <set>
#include <string>

#include "dml/latency_wall.hpp"
#include "dml/plan.hpp"
#include "paper_gpus.hpp"

namespace {

struct Collect {
  std::vector<dml::Field> fields;
  template <class M>
  void field(const M&, const dml::Field& f) {
    fields.push_back(f);
  }
};

template <class T>
void check_description() {
  INFO("type " << dml::Description<T>::name);
  CHECK_FALSE(dml::Description<T>::name.empty());
  CHECK_FALSE(dml::Description<T>::title.empty());
  CHECK_FALSE(dml::Description<T>::doc.empty());
  Collect c;
  const T probe{};
  dml::Description<T>::fields(c, probe);
  CHECK_FALSE(c.fields.empty());
  std::set<std::string> names;
  for (const dml::Field& f : c.fields) {
    INFO("field " << f.name);
    CHECK_FALSE(f.name.empty());
    CHECK_FALSE(f.doc.empty());
    CHECK(names.insert(std::string(f.name)).second);  // no field twice
    CHECK((std::isnan(f.min) || std::isnan(f.max) || f.min <= f.max));
    // a result's note belongs to a summary row; a declared field's follows its printed value
    if constexpr (requires { dml::Description<T>::result; }) {
      CHECK((f.note.empty() || !f.label.empty()));
    }
    // an alternative names another field of the type, which names this one back
    if (!f.alternative.empty()) {
      bool back = false;
      for (const dml::Field& g : c.fields)
        back = back || (g.name == f.alternative && g.alternative == f.name);
      CHECK(back);
    }
  }
  CHECK(dml::field_names<T>().size() == c.fields.size());
}

}  // namespace

TEST_CASE("describe: every description is well formed", "[describe]") {
  check_description<dml::PrecisionRates>();
  check_description<dml::Gpu>();
  check_description<dml::NetworkLevel>();
  check_description<dml::Cluster>();
  check_description<dml::MlpStack>();
  check_description<dml::Options>();
  check_description<dml::Run>();
  check_description<dml::TensorParallel>();
  check_description<dml::LevelSplit>();
  check_description<dml::Layout>();
  check_description<dml::Setting>();
  check_description<dml::WallParams>();
  check_description<dml::WallRange>();
  check_description<dml::Plan>();
  check_description<dml::RunFacts>();
  check_description<dml::LayoutCost>();
  check_description<dml::Evaluation>();
  check_description<dml::SearchStats>();
  check_description<dml::Summary>();
  check_description<dml::Limits>();
  check_description<dml::WallPoint>();
}

TEST_CASE("describe: validate() checks each field's range and the rules across fields",
          "[describe]") {
  dml::Cluster c = dml::paper::h100_sxm();
  CHECK_NOTHROW(dml::validate(c));
  c.gpu.effective_utilization = 0;
  CHECK_THROWS_WITH(dml::validate(c),
                    "cluster.gpu.effective_utilization: must be greater than 0, got 0");
  c = dml::paper::h100_sxm();
  c.gpu.bitwidth = 12;
  CHECK_THROWS_WITH(dml::validate(c), "cluster.gpu.bitwidth: expected one of 16, 32, 8, got 12");
  c = dml::paper::h100_sxm();
  c.levels[0].latency = dml::units::seconds(-1);
  CHECK_THROWS_WITH(dml::validate(c), "cluster.levels[1].latency: must not be negative, got -1 s");
  c = dml::paper::h100_sxm();
  c.gpu.hbm_bandwidth = dml::units::BytesPerSecond(std::numeric_limits<double>::infinity());
  CHECK_THROWS_WITH(dml::validate(c), "cluster.gpu.hbm_bandwidth: must be finite, got inf B/s");
  c = dml::paper::h100_sxm();
  c.gpu.sources["speed"] = "a guess";
  CHECK_THROWS_WITH(dml::validate(c), "cluster.gpu.sources: \"speed\" is not a field of a GPU");
  // A map found valid once is not searched again, until it changes: in place, in a copy that
  // shares it, or under another owner type whose fields it does not name.
  c = dml::paper::h100_sxm();
  c.gpu.sources["sms"] = "a datasheet";
  CHECK_NOTHROW(dml::validate(c));
  CHECK_NOTHROW(dml::validate(c));
  c.gpu.sources["speed"] = "a guess";  // this copy alone holds the map: changed in place
  CHECK_THROWS_WITH(dml::validate(c), "cluster.gpu.sources: \"speed\" is not a field of a GPU");
  c.gpu.sources.erase("speed");
  CHECK_NOTHROW(dml::validate(c));
  dml::Cluster shared = c;  // shares the map checked just now
  shared.gpu.sources["speed"] = "a guess";
  CHECK_THROWS_WITH(dml::validate(shared),
                    "cluster.gpu.sources: \"speed\" is not a field of a GPU");
  CHECK_NOTHROW(dml::validate(c));
  shared = c;
  shared.levels[0].sources = c.gpu.sources;  // "sms" is a GPU's field, not a level's
  CHECK_THROWS_WITH(dml::validate(shared),
                    "cluster.levels[1].sources: \"sms\" is not a field of a network level");
  CHECK_NOTHROW(dml::validate(c));
  c = dml::paper::h100_sxm();
  c.size = 12;
  CHECK_THROWS_WITH(
      dml::validate(c),
      "cluster.size: 12 GPUs is not a whole number of level-1 groups of 8 GPUs (8 or 16 "
      "are)");
  c.size = 4;
  CHECK_THROWS_WITH(dml::validate(c),
                    "cluster.levels[1].size: a group at this level holds 8 "
                    "GPUs, more than the cluster's 4: a cluster inside one such group gives only "
                    "the levels it spans (levels[1] alone; drop the levels after it)");
  c = dml::paper::h100_sxm();
  c.levels.resize(5, c.levels.back());
  CHECK_THROWS_WITH(dml::validate(c), "cluster.levels: at most 4 levels are supported, got 5");

  const auto first_run = [] {
    dml::Run run;
    run.model.d_model = 12288;
    run.cluster = dml::paper::h100_sxm();
    return run;
  };
  dml::Run r = first_run();
  CHECK_NOTHROW(dml::validate(r));
  r.batch_tokens = 1000;
  CHECK_THROWS_WITH(dml::validate(r),
                    "run.batch_tokens: 1000 is not a whole number of 2048-token sequences");
  r.batch = dml::BatchRule::Kind::kDeepSeek;
  CHECK_THROWS_WITH(dml::validate(r),
                    "run.batch: give either a batch rule or batch_tokens, not both");
  r = first_run();
  r.duration = dml::units::seconds(4.9e-324);
  CHECK_THROWS_WITH(dml::validate(r), "run.duration: must be at least 1 s, got 4.941e-315 ns");
}

TEST_CASE("describe: enum names", "[describe]") {
  CHECK(dml::enum_name(dml::BatchRule::Kind::kDeepSeek) == "deepseek");
  CHECK(dml::enum_value<dml::BatchRule::Kind>("fixed") == dml::BatchRule::Kind::kFixed);
  CHECK_FALSE(dml::enum_value<dml::BatchRule::Kind>("chinchilla"));
  CHECK(dml::enum_choices<dml::SparsityLaw::Kind>() == "\"dense\", \"paper\"");
}
