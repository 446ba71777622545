#include "engine.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <mutex>
#include <numeric>
#include <unordered_map>

namespace dml::detail {

Net make_net(const Cluster& cluster) {
  Net net;
  net.levels = static_cast<int>(cluster.levels.size());
  for (std::size_t i = 0; i < cluster.levels.size(); ++i) {
    net.bw[i] = cluster.levels[i].bandwidth.value();
    net.lat[i] = cluster.levels[i].latency.value();
    if (i + 1 < cluster.levels.size()) net.sizes.push_back(cluster.levels[i].size.value_or(1));
  }
  return net;
}

Net make_flat_net(const Cluster& cluster) { return make_net(optimistic_flat(cluster)); }

RunCtx::RunCtx(const Cluster& cluster, const TrainingRun& run, const Options& options)
    : opt(options),
      mm(cluster.gpu),
      net(make_net(cluster)),
      flat(make_flat_net(cluster)),
      d_model(run.model.d_model),
      d_ff(ff_width(run.model)),
      layers(depth(run.model)),
      experts(run.model.experts),
      batch_tokens(dml::batch_tokens(run)),
      n_param(total_params(run.model)),
      bytewidth(bytes_per_word(cluster.gpu)),
      batches(ratio_to_double(dataset_tokens(run), static_cast<u128>(batch_tokens))),
      train_flop(dml::train_flop(run)),
      duration(run.duration.value()),
      fwd_fma(ratio_to_double(n_param, static_cast<u128>(experts))),
      peak(peak_flop_per_s(cluster.gpu).value()),
      hbm_capacity(cluster.gpu.hbm_capacity.value()) {}

double RunCtx::per_layer(std::int64_t dff_s, std::int64_t dm_s, std::int64_t b) {
  const Key key{dff_s, dm_s, b};
  const auto it = per_layer_cache_.find(key);
  if (it != per_layer_cache_.end()) return it->second;
  // W1: forward, activation gradient, weight gradient; then the same three for W2.
  const double f1 = mm.time(dff_s, dm_s, b, false);
  const double f2 = mm.time(dm_s, dff_s, b, false);
  const double w1 = mm.time(dff_s, dm_s, b, true);
  const double w2 = mm.time(dm_s, dff_s, b, true);
  const double v = (f1 + f2 + w1) + (f2 + f1 + w2);
  per_layer_cache_.emplace(key, v);
  return v;
}

// The pipeline bubble (docs/model.md 2.4 step 6): none for zero-bubble; for 1F1B with v chunks per
// stage, z = (v - 1) max(0, pp - m) and bubble = (z + pp - 1) / (z + pp - 1 + v m).
static double bubble_fraction(bool zero_bubble, std::int64_t v, std::int64_t pp, std::int64_t m) {
  if (zero_bubble) return 0;
  const std::int64_t z = (v - 1) * std::max<std::int64_t>(0, pp - m);
  return static_cast<double>(z + pp - 1) / static_cast<double>(z + pp - 1 + v * m);
}

void prepare_branch(RunCtx& ctx, Branch& br) {
  const auto& d = br.deg;
  const std::int64_t n_tp_ff = d[kTPf];
  const std::int64_t n_tp_model = d[kTPm];
  br.b = ctx.batch_tokens / (d[kDP] * br.m * ctx.experts);
  br.arith = 6 * ctx.fwd_fma * static_cast<double>(ctx.batch_tokens) / (ctx.peak * br.gpus_d);
  const double per_layer = ctx.per_layer(ctx.d_ff / n_tp_ff, ctx.d_model / n_tp_model, br.b);
  const std::int64_t reps = (ctx.layers / d[kPP]) * (ctx.experts / d[kEP]) * br.m;
  br.compute = static_cast<double>(reps) * per_layer;
  br.bubble = bubble_fraction(br.zb, br.v, d[kPP], br.m);
}

void prepare_branch_bound(const RunCtx& ctx, Branch& br) {
  const auto& d = br.deg;
  br.b = ctx.batch_tokens / (d[kDP] * br.m * ctx.experts);
  br.arith = 6 * ctx.fwd_fma * static_cast<double>(ctx.batch_tokens) / (ctx.peak * br.gpus_d);
  const double g = ctx.mm.granule;
  const double padded = 2 * std::ceil(static_cast<double>(ctx.d_ff / d[kTPf]) / g) *
                        std::ceil(static_cast<double>(ctx.d_model / d[kTPm]) / g) *
                        std::ceil(static_cast<double>(br.b) / g) * (g * g * g);
  const double one = padded / ctx.mm.flop_per_s + ctx.mm.latency;
  const double per_layer = (one + one + one) + (one + one + one);
  const std::int64_t reps = (ctx.layers / d[kPP]) * (ctx.experts / d[kEP]) * br.m;
  br.compute = static_cast<double>(reps) * per_layer;
  br.bubble = bubble_fraction(br.zb, br.v, d[kPP], br.m);
}

namespace {

// 2 (p - 1) W rs rp as one exact integer rounded once, then bytes and the aggregate bandwidth.
inline double allreduce_bw(const RunCtx& ctx, double denom, std::int64_t p, u128 words, u128 rs,
                           u128 rp) {
  if (p <= 1) return 0.0;
  return product_to_double({2 * static_cast<u128>(p - 1), words, rs, rp}) * ctx.bytewidth / denom;
}

}  // namespace

void add_pp_ep(const RunCtx& ctx, const Net& net, const Branch& br, const Split& s, Comm& c) {
  const int nl = net.levels;
  std::array<double, kMaxLevels> denom{};
  for (int l = 0; l < nl; ++l) denom[l] = br.gpus_d * net.bw[l] / 2;
  std::array<std::int64_t, kMaxLevels + 1> above_pp{};
  std::array<std::int64_t, kMaxLevels + 1> above_ep{};
  above_pp[nl] = 1;
  above_ep[nl] = 1;
  for (int l = nl - 1; l >= 0; --l) {
    above_pp[l] = above_pp[l + 1] * s[l][kPP];
    above_ep[l] = above_ep[l + 1] * s[l][kEP];
  }
  // Step 5: PP and EP point-to-point traffic between consecutive layers.
  const std::int64_t L = ctx.layers;
  if (L > 1) {
    int max_pp = -1;
    int max_ep = -1;
    for (int l = 0; l < nl; ++l) {
      if (s[l][kPP] > 1) max_pp = l;
      if (s[l][kEP] > 1) max_ep = l;
    }
    const std::int64_t n_pp = br.deg[kPP];
    const std::int64_t n_ep = br.deg[kEP];
    const auto lm1 = static_cast<double>(L - 1);
    const auto twice_lm1 = static_cast<double>(2 * (L - 1));
    const auto dmodel = static_cast<double>(ctx.d_model);
    const auto btokd = static_cast<double>(ctx.batch_tokens);
    for (int ppl = -1; ppl <= max_pp; ++ppl) {
      double pp_freq = 0;
      if (ppl == -1) {
        pp_freq = static_cast<double>(L - br.v * n_pp) / lm1;
      } else if (ppl == max_pp) {
        pp_freq = static_cast<double>(br.v * s[ppl][kPP] - 1) / lm1;
      } else {
        pp_freq = static_cast<double>(br.v * above_pp[ppl + 1] * (s[ppl][kPP] - 1)) / lm1;
      }
      for (int epl = -1; epl <= max_ep; ++epl) {
        const int level = std::max(ppl, epl);
        if (level < 0) continue;
        const double ep_freq_bw = epl == -1 ? 1.0 / static_cast<double>(n_ep)
                                            : 1.0 / static_cast<double>(above_ep[epl + 1]) -
                                                  1.0 / static_cast<double>(above_ep[epl]);
        const double ep_freq_lat = epl == max_ep ? 1.0 : 0.0;
        const double rs_bw = twice_lm1 * (pp_freq * ep_freq_bw);
        const double rs_lat = twice_lm1 * (pp_freq * ep_freq_lat);
        c.pp_comm += dmodel * rs_bw * btokd * ctx.bytewidth / denom[level];
        c.pp_lat += rs_lat * net.lat[level];
      }
    }
  }
}

Comm comm_costs(const RunCtx& ctx, const Net& net, const Branch& br, const Split& s) {
  Comm c;
  const int nl = net.levels;
  std::array<double, kMaxLevels> denom{};
  for (int l = 0; l < nl; ++l) denom[l] = br.gpus_d * net.bw[l] / 2;

  // Products of each degree over the levels above l: above[l][x] = prod_{k > l} s[k][x].
  std::array<Degrees, kMaxLevels + 1> above{};
  above[nl] = {1, 1, 1, 1, 1};
  for (int l = nl - 1; l >= 0; --l) {
    for (int x = 0; x < 5; ++x) above[l][x] = above[l + 1][x] * s[l][x];
  }
  // Steps 3 and 4: DP gradient all-reduce and the two TP activation all-reduces.
  const auto two_l = static_cast<u128>(2 * ctx.layers);
  const auto btok = static_cast<u128>(ctx.batch_tokens);
  for (int l = 0; l < nl; ++l) {
    const double lat2 = 2.0 * net.lat[l];
    const std::int64_t pdp = s[l][kDP];
    const double dp_bw =
        allreduce_bw(ctx, denom[l], pdp, ctx.n_param, 1, static_cast<u128>(above[l + 1][kDP]));
    c.dp_comm = std::max(c.dp_comm, dp_bw);
    c.dp_lat += pdp > 1 ? lat2 : 0.0;

    const std::int64_t ptm = s[l][kTPm];
    const std::int64_t ptf = s[l][kTPf];
    const double ff_bw = allreduce_bw(ctx, denom[l], ptm, static_cast<u128>(ctx.d_ff), two_l,
                                      btok * static_cast<u128>(above[l + 1][kTPm]));
    const double md_bw = allreduce_bw(ctx, denom[l], ptf, static_cast<u128>(ctx.d_model), two_l,
                                      btok * static_cast<u128>(above[l + 1][kTPf]));
    const double tp_lat_l = static_cast<double>(2 * two_l);  // 2 rs
    const double ff_lat = ptm > 1 ? tp_lat_l * net.lat[l] : 0.0;
    const double md_lat = ptf > 1 ? tp_lat_l * net.lat[l] : 0.0;
    c.tp_comm = std::max(c.tp_comm, ff_bw + md_bw);
    c.tp_lat += ff_lat + md_lat;
  }

  add_pp_ep(ctx, net, br, s, c);
  return c;
}

namespace {

const LevelFactors& level_factors(std::int64_t size) {
  thread_local std::unordered_map<std::int64_t, LevelFactors> cache;
  auto it = cache.find(size);
  if (it != cache.end()) return it->second;
  LevelFactors f;
  f.divs = divisors(static_cast<std::uint64_t>(size));
  for (const Degrees& d : factorizations5(size)) {
    std::array<std::uint8_t, 5> ix{};
    for (int x = 0; x < 5; ++x) {
      ix[x] = static_cast<std::uint8_t>(std::lower_bound(f.divs.begin(), f.divs.end(), d[x]) -
                                        f.divs.begin());
    }
    f.index.push_back(ix);
  }
  return cache.emplace(size, std::move(f)).first->second;
}

}  // namespace

bool TwoLevel::reset(const RunCtx& ctx, u128 n) {
  ctx_ = &ctx;
  dp_.clear();
  ff_.clear();
  md_.clear();
  plain_.clear();
  pp_.clear();
  if (ctx.net.levels != 2) return false;
  level0_size = cut_sizes(ctx.net, n)[0];
  level0 = &level_factors(level0_size);
  divisor_count = level0->divs.size();
  n_ = n;
  gpus_d_ = to_double(n);
  denom0_ = gpus_d_ * ctx.net.bw[0] / 2;
  denom1_ = gpus_d_ * ctx.net.bw[1] / 2;
  return divisor_count <= 16;
}

// kind: 0 DP, 1 d_ff all-reduce over TP_model, 2 d_model all-reduce over TP_ff, 3 plain.
DegreeTerms TwoLevel::terms(std::int64_t degree, int kind) {
  const RunCtx& ctx = *ctx_;
  const Net& net = ctx.net;
  DegreeTerms t;
  const auto two_l = static_cast<u128>(2 * ctx.layers);
  const double tp_lat_l = static_cast<double>(2 * two_l);
  const auto btok = static_cast<u128>(ctx.batch_tokens);
  t.min_comm = t.min_lat = std::numeric_limits<double>::infinity();
  for (std::size_t j = 0; j < divisor_count; ++j) {
    const std::int64_t f = level0->divs[j];
    if (degree % f != 0) continue;
    t.ok |= std::uint64_t{1} << j;
    const std::int64_t top = degree / f;
    t.top[j] = top;
    if (kind == 0) {  // docs/model.md 2.4 step 3, as comm_costs
      t.b0[j] = f > 1 ? product_to_double({2 * static_cast<u128>(f - 1), ctx.n_param, 1,
                                           static_cast<u128>(top)}) *
                            ctx.bytewidth / denom0_
                      : 0.0;
      t.b1[j] = top > 1 ? product_to_double({2 * static_cast<u128>(top - 1), ctx.n_param, 1, 1}) *
                              ctx.bytewidth / denom1_
                        : 0.0;
      t.l0[j] = f > 1 ? 2.0 * net.lat[0] : 0.0;
      t.l1[j] = top > 1 ? 2.0 * net.lat[1] : 0.0;
      t.min_comm = std::min(t.min_comm, std::max(std::max(0.0, t.b0[j]), t.b1[j]));
      t.min_lat = std::min(t.min_lat, (0.0 + t.l0[j]) + t.l1[j]);
    } else if (kind == 1 || kind == 2) {  // step 4
      const auto w = static_cast<u128>(kind == 1 ? ctx.d_ff : ctx.d_model);
      t.b0[j] = f > 1 ? product_to_double({2 * static_cast<u128>(f - 1), w, two_l,
                                           btok * static_cast<u128>(top)}) *
                            ctx.bytewidth / denom0_
                      : 0.0;
      t.b1[j] = top > 1 ? product_to_double({2 * static_cast<u128>(top - 1), w, two_l, btok}) *
                              ctx.bytewidth / denom1_
                        : 0.0;
      t.l0[j] = f > 1 ? tp_lat_l * net.lat[0] : 0.0;
      t.l1[j] = top > 1 ? tp_lat_l * net.lat[1] : 0.0;
    }
  }
  return t;
}

const DegreeTerms& TwoLevel::dp(std::int64_t d) {
  auto it = dp_.find(d);
  return it != dp_.end() ? it->second : dp_.emplace(d, terms(d, 0)).first->second;
}
const DegreeTerms& TwoLevel::ff(std::int64_t d) {
  auto it = ff_.find(d);
  return it != ff_.end() ? it->second : ff_.emplace(d, terms(d, 1)).first->second;
}
const DegreeTerms& TwoLevel::md(std::int64_t d) {
  auto it = md_.find(d);
  return it != md_.end() ? it->second : md_.emplace(d, terms(d, 2)).first->second;
}
const DegreeTerms& TwoLevel::plain(std::int64_t d) {
  auto it = plain_.find(d);
  return it != plain_.end() ? it->second : plain_.emplace(d, terms(d, 3)).first->second;
}

const PpTable& TwoLevel::pp(const Branch& br) {
  const std::int64_t n_pp = br.deg[kPP];
  const std::int64_t n_ep = br.deg[kEP];
  const std::uint64_t key =
      (static_cast<std::uint64_t>(n_pp) << 32) ^ static_cast<std::uint64_t>(br.v);
  auto it = pp_.find(key);
  if (it != pp_.end()) return it->second;
  PpTable t;
  t.min_comm = t.min_lat = std::numeric_limits<double>::infinity();
  const DegreeTerms& p = plain(n_pp);
  const DegreeTerms& e = plain(n_ep);
  Branch b;
  b.deg = br.deg;
  b.v = br.v;
  b.n = n_;
  b.gpus_d = gpus_d_;
  Split sp{};
  for (std::size_t a = 0; a < divisor_count; ++a) {
    if (!(p.ok >> a & 1)) continue;
    for (std::size_t c = 0; c < divisor_count; ++c) {
      if (!(e.ok >> c & 1)) continue;
      sp[0][kPP] = level0->divs[a];
      sp[1][kPP] = p.top[a];
      sp[0][kEP] = level0->divs[c];
      sp[1][kEP] = e.top[c];
      Comm cm;
      add_pp_ep(*ctx_, ctx_->net, b, sp, cm);
      const std::size_t idx = a * 16 + c;
      t.comm[idx] = cm.pp_comm;
      t.lat[idx] = cm.pp_lat;
      if (level0_size % (sp[0][kPP] * sp[0][kEP]) == 0) {
        t.min_comm = std::min(t.min_comm, cm.pp_comm);
        t.min_lat = std::min(t.min_lat, cm.pp_lat);
      }
    }
  }
  return pp_.emplace(key, t).first->second;
}

void TwoLevel::min_tp(const DegreeTerms& ff, const DegreeTerms& md, double& comm,
                      double& lat) const {
  comm = lat = std::numeric_limits<double>::infinity();
  for (std::size_t m = 0; m < divisor_count; ++m) {
    if (!(ff.ok >> m & 1)) continue;
    for (std::size_t f = 0; f < divisor_count; ++f) {
      if (!(md.ok >> f & 1)) continue;
      if (level0_size % (level0->divs[m] * level0->divs[f]) != 0)
        continue;  // both must fit in level 0
      comm = std::min(comm, std::max(std::max(0.0, ff.b0[m] + md.b0[f]), ff.b1[m] + md.b1[f]));
      lat = std::min(lat, (0.0 + (ff.l0[m] + md.l0[f])) + (ff.l1[m] + md.l1[f]));
    }
  }
}

void TwoLevel::valid(const std::array<const DegreeTerms*, 5>& d,
                     std::vector<std::uint16_t>& out) const {
  out.clear();
  for (std::size_t j = 0; j < level0->index.size(); ++j) {
    const auto& ix = level0->index[j];
    bool fits = true;
    for (int x = 0; x < 5 && fits; ++x) fits = (d[x]->ok >> ix[x] & 1) != 0;
    if (fits) out.push_back(static_cast<std::uint16_t>(j));
  }
}

Split TwoLevel::split(const std::array<const DegreeTerms*, 5>& d, std::uint16_t j) const {
  Split sp{};
  const auto& ix = level0->index[j];
  for (int x = 0; x < 5; ++x) {
    sp[0][x] = level0->divs[ix[x]];
    sp[1][x] = d[x]->top[ix[x]];
  }
  return sp;
}

Comm TwoLevel::comm(const std::array<const DegreeTerms*, 5>& d, const PpTable& pp,
                    std::uint16_t j) const {
  const auto& ix = level0->index[j];
  const DegreeTerms& dp = *d[kDP];
  const DegreeTerms& ff = *d[kTPm];
  const DegreeTerms& md = *d[kTPf];
  Comm c;
  const std::size_t a = ix[kDP], m = ix[kTPm], f = ix[kTPf];
  c.dp_comm = std::max(std::max(0.0, dp.b0[a]), dp.b1[a]);
  c.dp_lat = (0.0 + dp.l0[a]) + dp.l1[a];
  c.tp_comm = std::max(std::max(0.0, ff.b0[m] + md.b0[f]), ff.b1[m] + md.b1[f]);
  c.tp_lat = (0.0 + (ff.l0[m] + md.l0[f])) + (ff.l1[m] + md.l1[f]);
  const std::size_t key = static_cast<std::size_t>(ix[kPP]) * 16 + ix[kEP];
  c.pp_comm = pp.comm[key];
  c.pp_lat = pp.lat[key];
  return c;
}

Costs combine(const RunCtx& ctx, const Branch& br, const Comm& c) {
  const Options& o = ctx.opt;
  Costs r;
  r.tp_comm = c.tp_comm;
  r.tp_lat = c.tp_lat;
  r.pp_comm = c.pp_comm;
  r.pp_lat = c.pp_lat;
  r.dp_comm = c.dp_comm;
  r.dp_lat = c.dp_lat;
  const double non_overlapped = (o.overlap_pp ? 0.0 : c.pp_comm) + (o.overlap_tp ? 0.0 : c.tp_comm);
  const double overlapped = (o.overlap_pp ? c.pp_comm : 0.0) + (o.overlap_tp ? c.tp_comm : 0.0);
  const double pipe_lat = c.tp_lat + c.pp_lat;
  if (br.zb && !ctx.opt.zero_bubble_latency_quirk) {
    r.pipe = (std::max(br.compute, overlapped + pipe_lat) + non_overlapped) / (1 - br.bubble);
  } else {
    r.pipe = (std::max(br.compute, overlapped) + non_overlapped) / (1 - br.bubble);
    if (!br.zb) r.pipe += pipe_lat;
  }
  r.total = o.overlap_dp ? std::max(r.pipe, c.dp_comm) + c.dp_lat : r.pipe + c.dp_comm + c.dp_lat;
  r.time = ctx.batches * r.total;
  r.util = br.arith / r.total;
  return r;
}

const std::vector<Degrees>& factorizations5(std::int64_t n) {
  // A per-thread front cache over the shared, locked one (the lists never move or change).
  thread_local std::unordered_map<std::int64_t, const std::vector<Degrees>*> local;
  if (const auto hit = local.find(n); hit != local.end()) return *hit->second;
  static std::mutex mu;
  static std::map<std::int64_t, std::vector<Degrees>> cache;
  std::lock_guard<std::mutex> lock(mu);
  auto it = cache.find(n);
  if (it != cache.end()) {
    local.emplace(n, &it->second);
    return it->second;
  }
  std::vector<Degrees> out;
  const auto divs = divisors(static_cast<std::uint64_t>(n));
  Degrees cur{};
  // Recursive in the paper's order: first factor ascending, then the rest.
  auto rec = [&](auto&& self, int idx, std::int64_t rest) -> void {
    if (idx == 4) {
      cur[4] = rest;
      out.push_back(cur);
      return;
    }
    for (const std::int64_t d : divs) {
      if (d > rest) break;
      if (rest % d != 0) continue;
      cur[idx] = d;
      self(self, idx + 1, rest / d);
    }
  };
  rec(rec, 0, n);
  const auto& stored = cache.emplace(n, std::move(out)).first->second;
  local.emplace(n, &stored);
  return stored;
}

std::array<std::int64_t, kMaxLevels> cut_sizes(const Net& net, u128 n) {
  std::array<std::int64_t, kMaxLevels> sizes{};
  const int below = net.levels - 1;
  u128 running = 1;
  bool cut = false;
  for (int l = 0; l < below; ++l) {
    const auto size = net.sizes[static_cast<std::size_t>(l)];
    if (cut) {
      sizes[l] = 1;
      continue;
    }
    const u128 prev = running;
    running = checked_mul(running, static_cast<u128>(size), "network level sizes");
    if (running < n) {
      sizes[l] = size;
    } else {
      sizes[l] = static_cast<std::int64_t>(n / prev);
      cut = true;
    }
  }
  return sizes;
}

void partitions(const Net& net, u128 n, const Degrees& deg, std::vector<Split>& out) {
  out.clear();
  for_each_partition(net, n, deg, [&](const Split& s) { out.push_back(s); });
}

namespace {

// 64-bit modular arithmetic and factoring: Miller-Rabin with the first 12 primes as bases (exact
// below 3.3e24, so for every 64-bit n) and Pollard's rho (Brent's variant) for what trial division
// by small primes leaves. A level size near 2^62 factors in microseconds; trial division to its
// square root took seconds, with no poll for Ctrl-C.
std::uint64_t mul_mod(std::uint64_t a, std::uint64_t b, std::uint64_t m) {
  return static_cast<std::uint64_t>(static_cast<u128>(a) * b % m);
}

std::uint64_t pow_mod(std::uint64_t b, std::uint64_t e, std::uint64_t m) {
  std::uint64_t r = 1;
  b %= m;
  for (; e != 0; e >>= 1) {
    if ((e & 1) != 0) r = mul_mod(r, b, m);
    b = mul_mod(b, b, m);
  }
  return r;
}

bool is_prime(std::uint64_t n) {
  if (n < 2) return false;
  for (const std::uint64_t p : {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37}) {
    if (n % p == 0) return n == p;
  }
  std::uint64_t d = n - 1;
  int r = 0;
  while ((d & 1) == 0) {
    d >>= 1;
    ++r;
  }
  for (const std::uint64_t a : {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37}) {
    std::uint64_t x = pow_mod(a, d, n);
    if (x == 1 || x == n - 1) continue;
    bool composite = true;
    for (int i = 1; i < r && composite; ++i) {
      x = mul_mod(x, x, n);
      if (x == n - 1) composite = false;
    }
    if (composite) return false;
  }
  return true;
}

// A non-trivial factor of the composite, odd n (no factor below 1000).
std::uint64_t rho(std::uint64_t n) {
  for (std::uint64_t c = 1;; ++c) {
    const auto f = [&](std::uint64_t x) { return (mul_mod(x, x, n) + c) % n; };
    std::uint64_t y = 2, x = 2, g = 1, q = 1, ys = 2;
    std::uint64_t r = 1;
    constexpr std::uint64_t kBatch = 128;
    do {
      x = y;
      for (std::uint64_t i = 0; i < r; ++i) y = f(y);
      for (std::uint64_t k = 0; k < r && g == 1; k += kBatch) {
        ys = y;
        for (std::uint64_t i = 0; i < std::min(kBatch, r - k); ++i) {
          y = f(y);
          q = mul_mod(q, x > y ? x - y : y - x, n);
        }
        g = std::gcd(q, n);
      }
      r <<= 1;
    } while (g == 1);
    if (g == n) {
      do {
        ys = f(ys);
        g = std::gcd(x > ys ? x - ys : ys - x, n);
      } while (g == 1);
    }
    if (g != n) return g;
  }
}

void factor_into(std::uint64_t n, std::vector<std::uint64_t>& primes) {
  if (n == 1) return;
  if (is_prime(n)) {
    primes.push_back(n);
    return;
  }
  const std::uint64_t d = rho(n);
  factor_into(d, primes);
  factor_into(n / d, primes);
}

}  // namespace

std::vector<std::int64_t> divisors(std::uint64_t n) {
  std::vector<std::int64_t> out;
  if (n == 0) return out;
  std::vector<std::pair<std::uint64_t, int>> f;
  std::uint64_t m = n;
  for (std::uint64_t p = 2; p < 1000 && p * p <= m; p += (p == 2 ? 1 : 2)) {
    int e = 0;
    while (m % p == 0) {
      m /= p;
      ++e;
    }
    if (e) f.emplace_back(p, e);
  }
  if (m > 1 && m >= 1000 * 1000) {  // what is left has no factor below 1000: not a square of one
    std::vector<std::uint64_t> primes;
    factor_into(m, primes);
    std::sort(primes.begin(), primes.end());
    for (const std::uint64_t p : primes) {
      if (!f.empty() && f.back().first == p) {
        ++f.back().second;
      } else {
        f.emplace_back(p, 1);
      }
    }
    m = 1;
  }
  if (m > 1) f.emplace_back(m, 1);
  out.push_back(1);
  for (const auto& [p, e] : f) {
    const std::size_t sz = out.size();
    std::uint64_t pk = 1;
    for (int k = 1; k <= e; ++k) {
      pk *= p;
      for (std::size_t i = 0; i < sz; ++i) out.push_back(out[i] * static_cast<std::int64_t>(pk));
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace dml::detail
