/// \file
/// Open-loop injection processes and destination rules (testbenches/open_loop/injection.h).
///
/// Statistical tests use fixed seeds, so each one passes or fails the same way on every run;
/// their bounds are set so that a correct generator would fail on fewer than one seed in 10^6:
/// a chi-square statistic is compared with the critical value at p = 1e-6 (every pooled
/// expected count >= 5, where the chi-square approximation holds), and a mean with 6 standard
/// errors (normal two-sided tail 2e-9). Negative controls show that the checks do reject wrong
/// generators.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

#include "testbenches/open_loop/injection.h"

namespace optinet {
namespace {

// ---- chi-square ------------------------------------------------------------------------------

/// Regularized upper incomplete gamma function Q(a, x) (series below a + 1, continued fraction
/// above; Numerical Recipes, section 6.2).
double gamma_q(double a, double x) {
  if (x <= 0) return 1.0;
  const double log_prefix = -x + a * std::log(x) - std::lgamma(a);
  if (x < a + 1) {
    double term = 1.0 / a, sum = term;
    for (int n = 1; n < 1000; ++n) {
      term *= x / (a + n);
      sum += term;
      if (std::fabs(term) < std::fabs(sum) * 1e-15) break;
    }
    return 1.0 - sum * std::exp(log_prefix);
  }
  const double tiny = 1e-300;
  double b = x + 1 - a, c = 1 / tiny, d = 1 / b, h = d;
  for (int i = 1; i < 1000; ++i) {
    const double an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (std::fabs(d) < tiny) d = tiny;
    c = b + an / c;
    if (std::fabs(c) < tiny) c = tiny;
    d = 1 / d;
    const double delta = d * c;
    h *= delta;
    if (std::fabs(delta - 1) < 1e-15) break;
  }
  return std::exp(log_prefix) * h;
}

/// P(chi-square with df degrees of freedom > x).
double chi2_tail(double x, int df) { return gamma_q(df / 2.0, x / 2.0); }

/// The x with chi2_tail(x, df) = p (bisection).
double chi2_critical(double p, int df) {
  double lo = 0, hi = 1000;
  for (int i = 0; i < 200; ++i) {
    const double mid = (lo + hi) / 2;
    (chi2_tail(mid, df) > p ? lo : hi) = mid;
  }
  return (lo + hi) / 2;
}

struct ChiSquare {
  double statistic = 0;
  int df = 0;
  double critical = 0;  ///< at p = 1e-6
  bool passes() const { return statistic < critical; }
};

/// Goodness of fit of `observed` counts to `probabilities` (which sum to 1), pooling adjacent
/// cells until every expected count is at least 5. No parameter is estimated: df = cells - 1.
ChiSquare chi_square(const std::vector<std::uint64_t>& observed,
                     const std::vector<double>& probabilities) {
  double total = 0;
  for (auto o : observed) total += o;
  std::vector<double> obs, exp;
  double o_acc = 0, e_acc = 0;
  for (std::size_t i = 0; i < observed.size(); ++i) {
    o_acc += observed[i];
    e_acc += probabilities[i] * total;
    if (e_acc >= 5) {
      obs.push_back(o_acc);
      exp.push_back(e_acc);
      o_acc = e_acc = 0;
    }
  }
  if (e_acc > 0 || o_acc > 0) {  // a small tail joins the last cell
    obs.back() += o_acc;
    exp.back() += e_acc;
  }
  ChiSquare r;
  for (std::size_t i = 0; i < obs.size(); ++i) {
    r.statistic += (obs[i] - exp[i]) * (obs[i] - exp[i]) / exp[i];
  }
  r.df = static_cast<int>(obs.size()) - 1;
  r.critical = chi2_critical(1e-6, r.df);
  return r;
}

TEST(EvaluationInjection, ChiSquareHelperMatchesTables) {
  EXPECT_NEAR(chi2_critical(0.05, 1), 3.841, 0.001);
  EXPECT_NEAR(chi2_critical(0.001, 10), 29.588, 0.001);
  EXPECT_NEAR(chi2_critical(0.01, 30), 50.892, 0.001);
  EXPECT_NEAR(chi2_critical(1e-6, 1), 23.928, 0.001);  // 4.8916^2: the normal 1e-6 two-sided
}

std::vector<double> binomial_pmf(int n, double p) {
  std::vector<double> pmf(n + 1);
  for (int k = 0; k <= n; ++k) {
    pmf[k] = std::exp(std::lgamma(n + 1.0) - std::lgamma(k + 1.0) - std::lgamma(n - k + 1.0) +
                      k * std::log(p) + (n - k) * std::log1p(-p));
  }
  return pmf;
}

/// Packets per window of `window` slots, over `windows` windows of each of `nodes` nodes, each
/// node with its own process and stream.
template <typename Make>
std::vector<std::uint64_t> window_counts(Make make, int window, int windows, int nodes,
                                         std::uint64_t seed) {
  std::vector<std::uint64_t> hist(window + 1, 0);
  for (int node = 0; node < nodes; ++node) {
    InjectionProcess process = make();
    Rng rng = injection_rng(seed, node);
    for (int w = 0; w < windows; ++w) {
      int k = 0;
      for (int s = 0; s < window; ++s) k += process.inject(rng);
      ++hist[k];
    }
  }
  return hist;
}

// ---- Bernoulli -------------------------------------------------------------------------------

// Arrivals in windows of 16 slots are Binomial(16, R): 4 nodes x 10000 windows.
TEST(EvaluationInjection, BernoulliArrivalCountsFitTheBinomial) {
  for (double rate : {0.05, 0.3, 0.7}) {
    const auto hist =
        window_counts([&] { return InjectionProcess::bernoulli(rate); }, 16, 10000, 4, 2024);
    const ChiSquare c = chi_square(hist, binomial_pmf(16, rate));
    EXPECT_GE(c.df, 5) << rate;
    EXPECT_TRUE(c.passes()) << "rate " << rate << ": chi2 " << c.statistic << " df " << c.df
                            << " critical " << c.critical;
  }
}

// The same check rejects a generator with the wrong rate and one with the right rate but
// bursts (arrivals not independent).
TEST(EvaluationInjection, BernoulliCheckRejectsWrongGenerators) {
  const auto biased =
      window_counts([] { return InjectionProcess::bernoulli(0.32); }, 16, 10000, 4, 2024);
  EXPECT_FALSE(chi_square(biased, binomial_pmf(16, 0.3)).passes());
  const auto bursty =
      window_counts([] { return InjectionProcess::bursty(0.3, 4); }, 16, 10000, 4, 2024);
  EXPECT_FALSE(chi_square(bursty, binomial_pmf(16, 0.3)).passes());
}

// Two nodes' streams are independent: the joint outcomes of a slot fit R^2, R(1-R), (1-R)^2.
TEST(EvaluationInjection, NodesInjectIndependently) {
  const double rate = 0.4;
  InjectionProcess a = InjectionProcess::bernoulli(rate), b = InjectionProcess::bernoulli(rate);
  Rng ra = injection_rng(77, 0), rb = injection_rng(77, 1);
  std::vector<std::uint64_t> joint(4, 0);
  for (int s = 0; s < 200000; ++s) ++joint[2 * a.inject(ra) + b.inject(rb)];
  const double q = 1 - rate;
  const ChiSquare c = chi_square(joint, {q * q, q * rate, rate * q, rate * rate});
  EXPECT_EQ(c.df, 3);
  EXPECT_TRUE(c.passes()) << c.statistic << " critical " << c.critical;
}

TEST(EvaluationInjection, StreamsAreReproducibleAndDistinct) {
  const auto draws = [](Rng r) {
    std::vector<std::uint64_t> v;
    for (int i = 0; i < 8; ++i) v.push_back(r.next());
    return v;
  };
  EXPECT_EQ(draws(injection_rng(5, 3)), draws(injection_rng(5, 3)));
  EXPECT_NE(draws(injection_rng(5, 3)), draws(injection_rng(5, 4)));
  EXPECT_NE(draws(injection_rng(5, 3)), draws(injection_rng(6, 3)));
  EXPECT_NE(draws(injection_rng(5, 3)), draws(Rng::node_stream(5, 3)));  // not the protocol's
}

TEST(EvaluationInjection, RatesZeroAndOneAreExact) {
  Rng rng = injection_rng(1, 0);
  InjectionProcess never = InjectionProcess::bernoulli(0), always = InjectionProcess::bernoulli(1);
  InjectionProcess bursty_never = InjectionProcess::bursty(0, 5);
  InjectionProcess bursty_always = InjectionProcess::bursty(1, 5);
  for (int s = 0; s < 10000; ++s) {
    ASSERT_FALSE(never.inject(rng));
    ASSERT_TRUE(always.inject(rng));
    ASSERT_FALSE(bursty_never.inject(rng));
    ASSERT_TRUE(bursty_always.inject(rng));
  }
}

// ---- Bursty ----------------------------------------------------------------------------------

struct Case {
  double rate;
  double burst;
};

std::vector<bool> run_bursty(const Case& c, std::size_t slots, std::uint64_t seed) {
  InjectionProcess p = InjectionProcess::bursty(c.rate, c.burst);
  Rng rng = injection_rng(seed, 0);
  std::vector<bool> on(slots);
  for (std::size_t s = 0; s < slots; ++s) on[s] = p.inject(rng);
  return on;
}

TEST(EvaluationInjection, BurstyTransitionProbabilities) {
  const InjectionProcess p = InjectionProcess::bursty(0.3, 8);
  EXPECT_DOUBLE_EQ(p.p_on_to_off(), 1.0 / 8);
  EXPECT_DOUBLE_EQ(p.p_off_to_on(), 0.3 / (8 * 0.7));  // R / (B (1 - R))
  // Long-run share on: b / (a + b) = R.
  EXPECT_NEAR(p.p_off_to_on() / (p.p_on_to_off() + p.p_off_to_on()), 0.3, 1e-12);
}

// The share of slots with a packet, over 4e6 slots, is R within 6 standard errors. For a
// two-state chain with second eigenvalue l = 1 - a - b the mean of T slots has variance
// R(1-R)/T * (1+l)/(1-l) (4e6 slots at R = 0.3, B = 8: tolerance 0.0044, 1.5% of R).
TEST(EvaluationInjection, BurstyLongRunRate) {
  constexpr std::size_t kSlots = 4'000'000;
  for (const Case c : {Case{0.3, 8}, Case{0.05, 20}, Case{0.6, 3}, Case{0.9, 10}}) {
    const auto on = run_bursty(c, kSlots, 99);
    double packets = 0;
    for (bool x : on) packets += x;
    const InjectionProcess p = InjectionProcess::bursty(c.rate, c.burst);
    const double l = 1 - p.p_on_to_off() - p.p_off_to_on();
    const double se = std::sqrt(c.rate * (1 - c.rate) / kSlots * (1 + l) / (1 - l));
    EXPECT_NEAR(packets / kSlots, c.rate, 6 * se) << c.rate << " " << c.burst;
  }
}

// Bursts (maximal runs of slots with a packet, the censored first and last left out) are
// geometric with mean B and variance B(B-1): the mean length is B within 6 standard errors.
// Gaps are geometric with mean 1/b = B(1-R)/R.
TEST(EvaluationInjection, BurstyMeanBurstAndGapLengths) {
  for (const Case c : {Case{0.3, 8}, Case{0.05, 20}, Case{0.6, 3}, Case{0.2, 1.5}}) {
    const auto on = run_bursty(c, 4'000'000, 7);
    std::vector<double> bursts, gaps;
    std::size_t start = 0;
    for (std::size_t s = 1; s <= on.size(); ++s) {
      if (s == on.size() || on[s] != on[start]) {
        if (start > 0 && s < on.size()) (on[start] ? bursts : gaps).push_back(double(s - start));
        start = s;
      }
    }
    const auto check = [&](const std::vector<double>& runs, double mean, const char* what) {
      ASSERT_GT(runs.size(), 1000u) << what;
      double sum = 0;
      for (double r : runs) sum += r;
      const double se = std::sqrt(mean * (mean - 1) / runs.size());
      EXPECT_NEAR(sum / runs.size(), mean, 6 * se)
          << what << " at R " << c.rate << " B " << c.burst;
    };
    check(bursts, c.burst, "burst");
    check(gaps, c.burst * (1 - c.rate) / c.rate, "gap");
  }
}

// B = 1 and R = 1/2: on and off each last exactly one slot.
TEST(EvaluationInjection, BurstyAlternatesAtBurstOneRateHalf) {
  const auto on = run_bursty(Case{0.5, 1}, 1000, 3);
  for (std::size_t s = 1; s < on.size(); ++s) ASSERT_NE(on[s], on[s - 1]) << s;
}

TEST(EvaluationInjection, RatesAndBurstsAreValidated) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_TRUE(bernoulli_unavailable(0).empty());
  EXPECT_TRUE(bernoulli_unavailable(1).empty());
  EXPECT_FALSE(bernoulli_unavailable(-0.01).empty());
  EXPECT_FALSE(bernoulli_unavailable(1.01).empty());
  EXPECT_FALSE(bernoulli_unavailable(nan).empty());
  EXPECT_TRUE(bursty_unavailable(0.75, 3).empty());  // at B/(B+1)
  EXPECT_EQ(bursty_unavailable(0.8, 3),
            "injection rate 0.8 needs a mean burst of at least R/(1-R) = 4 slots (mean burst 3)");
  EXPECT_TRUE(bursty_unavailable(1, 1).empty());
  EXPECT_FALSE(bursty_unavailable(0.3, 0.9).empty());
  EXPECT_FALSE(bursty_unavailable(0.3, nan).empty());
  EXPECT_FALSE(bursty_unavailable(0.3, inf).empty());
  EXPECT_FALSE(bursty_unavailable(1.5, 4).empty());
  EXPECT_THROW(InjectionProcess::bernoulli(2), std::invalid_argument);
  EXPECT_THROW(InjectionProcess::bursty(0.8, 3), std::invalid_argument);
}

// ---- destinations ----------------------------------------------------------------------------

TEST(EvaluationInjection, UniformNeverPicksTheSourceAndIsUniform) {
  Rng rng = injection_rng(11, 0);
  for (int i = 0; i < 1000; ++i) {
    ASSERT_EQ(uniform_destination(0, 2, rng), 1u);
    ASSERT_EQ(uniform_destination(1, 2, rng), 0u);
  }
  std::vector<std::uint64_t> hits(5, 0);
  for (int i = 0; i < 400000; ++i) ++hits[uniform_destination(2, 5, rng)];
  EXPECT_EQ(hits[2], 0u);
  hits.erase(hits.begin() + 2);
  const ChiSquare c = chi_square(hits, {0.25, 0.25, 0.25, 0.25});
  EXPECT_TRUE(c.passes()) << c.statistic;
}

// n = 16, hotspot 5, F = 0.2: a source other than 5 picks 5 with probability
// F + (1 - F)/15 = 0.25333 and each other node with (1 - F)/15; tolerance 6 standard errors
// over 10^6 draws (0.0026).
TEST(EvaluationInjection, HotspotFraction) {
  constexpr std::uint32_t n = 16;
  constexpr NodeId hot = 5;
  const double f = 0.2;
  Rng rng = injection_rng(12, 0);
  std::vector<std::uint64_t> hits(n, 0);
  std::uint64_t draws = 0;
  for (int i = 0; i < 1'000'000 / 15; ++i) {
    for (NodeId s = 0; s < n; ++s) {
      if (s == hot) continue;
      const NodeId d = hotspot_destination(s, n, hot, f, rng);
      ASSERT_NE(d, s);
      ++hits[d];
      ++draws;
    }
  }
  const double p = f + (1 - f) / (n - 1);
  EXPECT_NEAR(double(hits[hot]) / draws, p, 6 * std::sqrt(p * (1 - p) / draws));
  // Every non-hotspot node is the destination of sources other than itself and the hotspot:
  // 14 of the 15 sources, each with probability (1 - F)/15.
  const double q = (1 - f) / (n - 1) * 14 / 15;
  for (NodeId d = 0; d < n; ++d) {
    if (d == hot) continue;
    EXPECT_NEAR(double(hits[d]) / draws, q, 6 * std::sqrt(q * (1 - q) / draws)) << d;
  }
}

TEST(EvaluationInjection, HotspotExtremes) {
  Rng rng = injection_rng(13, 0);
  for (int i = 0; i < 1000; ++i) {
    ASSERT_EQ(hotspot_destination(0, 8, 3, 1.0, rng), 3u);
    ASSERT_NE(hotspot_destination(3, 8, 3, 1.0, rng), 3u);  // the hotspot never sends to itself
  }
  std::uint64_t hot = 0;
  for (int i = 0; i < 70000; ++i) hot += hotspot_destination(0, 8, 3, 0.0, rng) == 3;
  // F = 0 is uniform: 1/7 of 70000 = 10000, sd 92.6; 6 sd.
  EXPECT_NEAR(double(hot), 10000.0, 6 * 92.6);
}

TEST(EvaluationInjection, TransposeExact) {
  const std::vector<NodeId> n4 = {0, 2, 1, 3};
  const std::vector<NodeId> n9 = {0, 3, 6, 1, 4, 7, 2, 5, 8};
  for (NodeId s = 0; s < 4; ++s) EXPECT_EQ(transpose_destination(s, 4), n4[s]);
  for (NodeId s = 0; s < 9; ++s) EXPECT_EQ(transpose_destination(s, 9), n9[s]);
  EXPECT_EQ(transpose_destination(0, 1), 0u);
  EXPECT_EQ(transpose_destination(1 * 16 + 9, 256), 9u * 16 + 1);
  for (NodeId s = 0; s < 256; ++s)
    EXPECT_EQ(transpose_destination(transpose_destination(s, 256), 256), s);
}

TEST(EvaluationInjection, BitReversalExact) {
  const std::vector<NodeId> n8 = {0, 4, 2, 6, 1, 5, 3, 7};
  for (NodeId s = 0; s < 8; ++s) EXPECT_EQ(bit_reversal_destination(s, 8), n8[s]);
  EXPECT_EQ(bit_reversal_destination(0, 1), 0u);
  EXPECT_EQ(bit_reversal_destination(1, 2), 1u);
  EXPECT_EQ(bit_reversal_destination(0b1011, 16), 0b1101u);
  EXPECT_EQ(bit_reversal_destination(0b0110, 16), 0b0110u);
  EXPECT_EQ(bit_reversal_destination(1, 1024), 512u);
  for (NodeId s = 0; s < 1024; ++s) {
    EXPECT_EQ(bit_reversal_destination(bit_reversal_destination(s, 1024), 1024), s);
  }
}

TEST(EvaluationInjection, NeighbourExact) {
  const std::vector<NodeId> n5 = {1, 2, 3, 4, 0};
  for (NodeId s = 0; s < 5; ++s) EXPECT_EQ(neighbour_destination(s, 5), n5[s]);
  EXPECT_EQ(neighbour_destination(0, 2), 1u);
  EXPECT_EQ(neighbour_destination(1, 2), 0u);
}

TEST(EvaluationInjection, DestinationRulesSayWhenUnavailable) {
  EXPECT_FALSE(uniform_unavailable(1).empty());
  EXPECT_TRUE(uniform_unavailable(2).empty());
  EXPECT_FALSE(neighbour_unavailable(1).empty());
  EXPECT_TRUE(neighbour_unavailable(2).empty());
  EXPECT_EQ(transpose_unavailable(8), "transpose needs n a perfect square (n = 8)");
  EXPECT_FALSE(transpose_unavailable(0).empty());
  EXPECT_TRUE(transpose_unavailable(1).empty());
  EXPECT_TRUE(transpose_unavailable(16).empty());
  EXPECT_TRUE(transpose_unavailable(65536).empty());
  EXPECT_EQ(bit_reversal_unavailable(12), "bit-reversal needs n a power of two (n = 12)");
  EXPECT_FALSE(bit_reversal_unavailable(0).empty());
  EXPECT_TRUE(bit_reversal_unavailable(1).empty());
  EXPECT_TRUE(bit_reversal_unavailable(1024).empty());
  EXPECT_TRUE(hotspot_unavailable(16, 15, 0.5).empty());
  EXPECT_EQ(hotspot_unavailable(16, 16, 0.5), "hotspot node 16 is not in 0..15");
  EXPECT_FALSE(hotspot_unavailable(16, 3, 1.5).empty());
  EXPECT_FALSE(hotspot_unavailable(16, 3, -0.1).empty());
  EXPECT_FALSE(hotspot_unavailable(16, 3, std::numeric_limits<double>::quiet_NaN()).empty());
  EXPECT_FALSE(hotspot_unavailable(1, 0, 0.5).empty());
}

}  // namespace
}  // namespace optinet
