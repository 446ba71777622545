// Validation against the authors' code: every row of tests/validation/erdil2024/public.tsv
// (read that folder's README), or of $DML_VALIDATION_DIR/public.tsv. The expected numbers come
// from the file, never from this code.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "dml/search.hpp"
#include "paper_settings.hpp"
#include "printed.hpp"

using dml::testing::Printed;

namespace {

std::string tsv_path() {
  if (const char* dir = std::getenv("DML_VALIDATION_DIR")) return std::string(dir) + "/public.tsv";
  return std::string(DML_SOURCE_DIR) + "/tests/validation/erdil2024/public.tsv";
}

using Row = std::map<std::string, std::string>;

std::vector<Row> read_rows() {
  std::ifstream in(tsv_path());
  if (!in) FAIL("cannot read " << tsv_path() << " (set DML_VALIDATION_DIR to its folder)");
  std::vector<std::string> header;
  std::vector<Row> rows;
  std::string line;
  while (std::getline(in, line)) {
    std::vector<std::string> cells;
    std::stringstream ss(line);
    std::string cell;
    while (std::getline(ss, cell, '\t')) cells.push_back(cell);
    if (header.empty()) {
      header = cells;
      continue;
    }
    REQUIRE(cells.size() == header.size());
    Row r;
    for (std::size_t i = 0; i < cells.size(); ++i) r[header[i]] = cells[i];
    rows.push_back(std::move(r));
  }
  return rows;
}

std::string levels(const std::vector<std::int64_t>& v) {
  std::string s = "[";
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + std::to_string(v[i]);
  return s + "]";
}

const dml::Setting& find_setting(const std::vector<dml::paper::Comparison>& all,
                                 const std::string& run, const std::string& name) {
  for (const auto& c : all) {
    if (c.run != run) continue;
    for (const auto& s : c.settings) {
      if (s.name == name) return s;
    }
  }
  FAIL("no setting " << run << " / " << name);
  throw;  // unreachable
}

}  // namespace

TEST_CASE("validation: the public sweeps of the authors' code (public.tsv, every row)",
          "[validation][erdil2024]") {
  const std::vector<Row> rows = read_rows();
  REQUIRE(rows.size() == 118);
  // Group the rows by (run, setting), keeping the file's order.
  std::vector<std::pair<std::string, std::string>> keys;
  std::map<std::pair<std::string, std::string>, std::vector<const Row*>> groups;
  for (const Row& r : rows) {
    const auto key = std::make_pair(r.at("run"), r.at("setting"));
    if (!groups.count(key)) keys.push_back(key);
    groups[key].push_back(&r);
  }
  const auto all = dml::paper::comparisons();
  std::size_t checked = 0;
  for (const auto& key : keys) {
    const auto& expected = groups[key];
    const dml::Sweep sw = dml::sweep(find_setting(all, key.first, key.second));
    INFO(key.first << " / " << key.second);
    // The sweep ends at the first infeasible width, right after the last row.
    REQUIRE(sw.points.size() == expected.size() + 1);
    CHECK_FALSE(sw.points.back().result.feasible);
    for (std::size_t i = 0; i < expected.size(); ++i) {
      const Row& r = *expected[i];
      const dml::SweepPoint& p = sw.points[i];
      const dml::Evaluation& e = p.result.best;
      INFO("d_model = " << r.at("d_model"));
      REQUIRE(p.result.feasible);
      CHECK(std::to_string(p.d_model) == r.at("d_model"));
      CHECK(std::to_string(dml::ff_width(p.run.model)) == r.at("d_ff"));
      CHECK_THAT(dml::to_double(dml::total_params(p.run.model)), Printed(r.at("total_params")));
      CHECK(std::to_string(dml::depth(p.run.model)) == r.at("layers"));
      CHECK(std::to_string(p.run.model.experts) == r.at("sparsity"));
      CHECK(std::to_string(dml::batch_tokens(p.run)) == r.at("batch_tokens"));
      CHECK_THAT(p.train_flop, Printed(r.at("train_flop")));
      CHECK_THAT(e.months, Printed(r.at("months")));
      CHECK_THAT(e.utilization, Printed(r.at("util")));
      CHECK(dml::to_string(p.result.gpus) == r.at("N_gpu"));
      CHECK_THAT(e.tp_comm_total.value(), Printed(r.at("TP_comm_s")));
      CHECK_THAT(e.dp_comm_total.value(), Printed(r.at("DP_comm_s")));
      CHECK_THAT(e.pp_ep_comm_total.value(), Printed(r.at("PPEP_comm_s")));
      CHECK_THAT(e.latency_total.value(), Printed(r.at("latency_s")));
      // The configuration columns (these may differ only where layouts tie on time; dml
      // reproduces the authors' tie-break, so they match too).
      const dml::Layout& l = e.layout;
      REQUIRE(l.split);
      CHECK(std::to_string(l.tp.model) == r.at("TP_model"));
      CHECK(std::to_string(l.tp.ff) == r.at("TP_ff"));
      CHECK(std::to_string(l.pp) == r.at("PP"));
      CHECK(std::to_string(l.interleave.value_or(0)) == r.at("pp_interleave_v"));
      CHECK(std::to_string(l.dp) == r.at("DP"));
      CHECK(std::to_string(l.ep) == r.at("EP"));
      CHECK(std::to_string(l.microbatches) == r.at("microbatches"));
      CHECK(levels(l.split->dp) == r.at("DP_levels"));
      CHECK(levels(l.split->tp_model) == r.at("TPm_levels"));
      CHECK(levels(l.split->tp_ff) == r.at("TPff_levels"));
      CHECK(levels(l.split->pp) == r.at("PP_levels"));
      CHECK(levels(l.split->ep) == r.at("EP_levels"));
      ++checked;
    }
  }
  CHECK(checked == 118);
}
