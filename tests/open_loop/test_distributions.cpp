// Distribution tests for every random source a result depends on: the permutation and h-relation
// generators, the per-node and per-seed streams, the open-loop injection processes and
// destination rules. A generator that still yields valid output but the wrong distribution (a
// shuffle that only makes one long cycle, say) fails here.
//
// Tolerances: every check is a z-score or a chi-square statistic compared with its quantile at
// a one-sided probability of 1e-6 (z = 4.753; chi-square by the Wilson-Hilferty approximation,
// accurate to a few percent at these degrees of freedom). A correct generator therefore fails a
// given check less than once in 10^6 seeds; the seeds here are fixed, so the suite is exact and
// repeatable, and a check that passes today passes tomorrow.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <numeric>
#include <unordered_set>
#include <vector>

#include "models/core/rng.h"
#include "protocols/ocpc/gjlr_plan.h"
#include "testbenches/open_loop/injection.h"
#include "testbenches/traffic/h_relation.h"
#include "testbenches/traffic/traffic.h"

namespace optinet {
namespace {

constexpr double kZ = 4.753;  // one-sided P(Z > z) = 1e-6

/// The chi-square quantile with `df` degrees of freedom at upper probability 1e-6.
double chi_square_limit(double df) {
  const double c = 2.0 / (9.0 * df);
  return df * std::pow(1.0 - c + kZ * std::sqrt(c), 3.0);
}

/// Chi-square statistic of `hits` against the same expected count in every cell.
double chi_square_even(const std::vector<double>& hits, double expected) {
  double chi2 = 0;
  for (double h : hits) chi2 += (h - expected) * (h - expected) / expected;
  return chi2;
}

double z_score(double observed_mean, double expected_mean, double sd, double samples) {
  return (observed_mean - expected_mean) / (sd / std::sqrt(samples));
}

/// Fixed points and cycles of a permutation.
struct CycleCounts {
  std::uint32_t fixed = 0;
  std::uint32_t cycles = 0;
};

CycleCounts cycles_of(const Permutation& p) {
  CycleCounts c;
  std::vector<bool> seen(p.size(), false);
  for (std::uint32_t i = 0; i < p.size(); ++i) {
    if (p[i] == i) ++c.fixed;
    if (seen[i]) continue;
    ++c.cycles;
    for (std::uint32_t j = i; !seen[j]; j = p[j]) seen[j] = true;
  }
  return c;
}

double harmonic(std::uint32_t n, double power) {
  double h = 0;
  for (std::uint32_t k = 1; k <= n; ++k) h += 1.0 / std::pow(k, power);
  return h;
}

// ---- permutations ---------------------------------------------------------------------------

constexpr std::uint32_t kSamples = 20000;

std::vector<Permutation> random_permutations(std::uint32_t n, std::uint32_t count) {
  std::vector<Permutation> out;
  for (std::uint32_t s = 0; s < count; ++s) {
    Rng rng = traffic_rng(1000 + s);  // the stream every testbench draws its traffic from
    out.push_back(make_permutation(PermutationKind::kRandom, n, rng));
  }
  return out;
}

TEST(PermutationDistribution, FixedPointsAsUniformPermutationsHaveThem) {
  // Of uniform permutations of 64 elements, 1 - 1/e (to 1e-80) have a fixed point; the number
  // of fixed points has mean 1 and variance 1.
  const auto perms = random_permutations(64, kSamples);
  double with_fixed = 0, fixed_total = 0;
  for (const Permutation& p : perms) {
    const CycleCounts c = cycles_of(p);
    with_fixed += c.fixed > 0;
    fixed_total += c.fixed;
  }
  const double share = 1 - std::exp(-1.0);
  EXPECT_LT(
      std::abs(z_score(with_fixed / kSamples, share, std::sqrt(share * (1 - share)), kSamples)), kZ)
      << with_fixed / kSamples;
  EXPECT_LT(std::abs(z_score(fixed_total / kSamples, 1.0, 1.0, kSamples)), kZ);
}

TEST(PermutationDistribution, CycleCountHasTheHarmonicMean) {
  // Cycles of a uniform permutation of n: mean H_n, variance H_n - H_n^(2).
  const std::uint32_t n = 64;
  const auto perms = random_permutations(n, kSamples);
  double total = 0;
  for (const Permutation& p : perms) total += cycles_of(p).cycles;
  const double mean = harmonic(n, 1), variance = harmonic(n, 1) - harmonic(n, 2);
  EXPECT_LT(std::abs(z_score(total / kSamples, mean, std::sqrt(variance), kSamples)), kZ)
      << total / kSamples << " against " << mean;
}

TEST(PermutationDistribution, EveryValueEquallyLikelyAtEveryPosition) {
  // The n x n table of (position, value) counts; df = (n - 1)^2 for a table whose rows and
  // columns are fixed by construction.
  const std::uint32_t n = 16;
  const auto perms = random_permutations(n, kSamples);
  std::vector<double> count(n * n, 0);
  for (const Permutation& p : perms) {
    for (std::uint32_t i = 0; i < n; ++i) ++count[i * n + p[i]];
  }
  const double expected = static_cast<double>(kSamples) / n;
  double chi2 = 0;
  for (double c : count) chi2 += (c - expected) * (c - expected) / expected;
  EXPECT_LT(chi2, chi_square_limit((n - 1.0) * (n - 1.0))) << chi2;
}

// ---- h-relations ----------------------------------------------------------------------------

TEST(RelationDistribution, EveryOtherProcessorEquallyLikelyAsDestination) {
  // A random relation is h permutations with their fixed points swapped away: each source must
  // reach every other processor with probability 1/(n - 1). Chi-square over all sources.
  const std::uint32_t n = 16, h = 2, count = kSamples / 2;
  std::vector<double> hits(n * n, 0);
  for (std::uint32_t s = 0; s < count; ++s) {
    Rng rng = traffic_rng(5000 + s);
    for (const RelationPair& m : make_relation(RelationKind::kRandom, n, h, rng)) {
      ++hits[m.source * n + m.destination];
    }
  }
  const double expected = static_cast<double>(count) * h / (n - 1);
  double chi2 = 0;
  for (std::uint32_t i = 0; i < n; ++i) {
    EXPECT_EQ(hits[i * n + i], 0) << "a message to its own source";
    for (std::uint32_t j = 0; j < n; ++j) {
      if (j != i) chi2 += (hits[i * n + j] - expected) * (hits[i * n + j] - expected) / expected;
    }
  }
  // n rows of n - 1 cells, each row's sum fixed: n (n - 2) degrees of freedom at most.
  EXPECT_LT(chi2, chi_square_limit(n * (n - 2.0))) << chi2;
}

TEST(RelationDistribution, LowerBoundTriplesAreUniform) {
  // Section 3's relation: floor(n/4) destinations, each with two senders; every processor is a
  // destination with probability floor(n/4)/n.
  const std::uint32_t n = 16, count = kSamples;
  std::vector<double> destination(n, 0);
  for (std::uint32_t s = 0; s < count; ++s) {
    Rng rng = traffic_rng(9000 + s);
    const Relation r = make_relation(RelationKind::kLowerBound, n, 2, rng);
    ASSERT_EQ(r.size(), 2 * (n / 4));
    for (std::size_t k = 0; k < r.size(); k += 2) ++destination[r[k].destination];
  }
  const double expected = static_cast<double>(count) * (n / 4) / n;
  double chi2 = 0;
  for (double d : destination) chi2 += (d - expected) * (d - expected) / expected;
  EXPECT_LT(chi2, chi_square_limit(n - 1.0)) << chi2;
}

// ---- streams --------------------------------------------------------------------------------

/// Pearson correlation of two series.
double correlation(const std::vector<double>& a, const std::vector<double>& b) {
  const double n = static_cast<double>(a.size());
  const double ma = std::accumulate(a.begin(), a.end(), 0.0) / n;
  const double mb = std::accumulate(b.begin(), b.end(), 0.0) / n;
  double sab = 0, saa = 0, sbb = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    sab += (a[i] - ma) * (b[i] - mb);
    saa += (a[i] - ma) * (a[i] - ma);
    sbb += (b[i] - mb) * (b[i] - mb);
  }
  return sab / std::sqrt(saa * sbb);
}

TEST(StreamIndependence, NeighbouringNodesAndSeedsAreUncorrelated) {
  // Under independence, sqrt(M) r is about standard normal. Neighbouring node ids and
  // neighbouring run seeds (the cases a weak seeding mixes up), first and tenth draws.
  const std::uint32_t m = kSamples;
  for (int draw : {1, 10}) {
    std::vector<double> node_a, node_b, seed_a, seed_b;
    for (std::uint32_t s = 0; s < m; ++s) {
      const auto draw_of = [draw](Rng rng) {
        double u = 0;
        for (int k = 0; k < draw; ++k) u = rng.unit();
        return u;
      };
      node_a.push_back(draw_of(Rng::node_stream(s, 7)));
      node_b.push_back(draw_of(Rng::node_stream(s, 8)));
      seed_a.push_back(draw_of(Rng::node_stream(2 * s, 3)));
      seed_b.push_back(draw_of(Rng::node_stream(2 * s + 1, 3)));
    }
    EXPECT_LT(std::abs(correlation(node_a, node_b)) * std::sqrt(m), kZ) << "draw " << draw;
    EXPECT_LT(std::abs(correlation(seed_a, seed_b)) * std::sqrt(m), kZ) << "draw " << draw;
  }
}

TEST(StreamIndependence, StreamsOfDifferentDomainsNodesAndSeedsNeverStartAlike) {
  // 2^18 stream starts: node, traffic and injection streams of 64 seeds x 1024 nodes. A
  // repeated first 64-bit word would mean two streams that are the same stream.
  std::unordered_set<std::uint64_t> starts;
  std::size_t made = 0;
  for (std::uint64_t seed = 0; seed < 64; ++seed) {
    for (NodeId node = 0; node < 1024; ++node) {
      for (Rng rng : {Rng::node_stream(seed, node), injection_rng(seed, node),
                      Rng::stream(seed, 2, node), Rng::stream(seed + 1000, 1, node)}) {
        starts.insert(rng.next());
        ++made;
      }
    }
  }
  EXPECT_EQ(starts.size(), made);
}

// ---- open-loop injection --------------------------------------------------------------------

TEST(InjectionDistribution, BernoulliCreatesAtItsRate) {
  const std::uint32_t slots = 200000;
  for (double rate : {0.01, 0.3, 0.9}) {
    InjectionProcess process = InjectionProcess::bernoulli(rate);
    Rng rng = injection_rng(77, 5);
    double created = 0;
    for (std::uint32_t t = 0; t < slots; ++t) created += process.inject(rng);
    EXPECT_LT(std::abs(z_score(created / slots, rate, std::sqrt(rate * (1 - rate)), slots)), kZ)
        << rate;
  }
}

TEST(InjectionDistribution, BurstyHasItsRateAndGeometricBurstsOfItsMean) {
  // Long-run on share R and mean burst B. The bursts are geometric with mean B (variance
  // B (B - 1)), independent; the share is checked against the chain's own variance bound by
  // counting whole on/off cycles.
  const std::uint32_t slots = 2000000;
  for (const auto& [rate, burst] : {std::pair{0.1, 4.0}, std::pair{0.4, 16.0}}) {
    InjectionProcess process = InjectionProcess::bursty(rate, burst);
    Rng rng = injection_rng(78, 6);
    double on = 0, bursts = 0, burst_slots = 0, run = 0;
    for (std::uint32_t t = 0; t < slots; ++t) {
      const bool now = process.inject(rng);
      on += now;
      if (now) {
        ++run;
      } else if (run > 0) {
        ++bursts;
        burst_slots += run;
        run = 0;
      }
    }
    const double mean_burst = burst_slots / bursts;
    EXPECT_LT(std::abs(z_score(mean_burst, burst, std::sqrt(burst * (burst - 1)), bursts)), kZ)
        << rate << " " << burst << ": " << mean_burst;
    // One on/off cycle has mean length B / R; its on part has sd sqrt(B (B - 1)) and the off
    // part sd sqrt(F (F - 1)) with F = B (1 - R) / R; the share over `cycles` cycles is within
    // kZ of R by the delta method.
    const double off = burst * (1 - rate) / rate;
    const double cycle_sd = std::sqrt(burst * (burst - 1) + off * (off - 1));
    const double share_sd =
        cycle_sd / (burst / rate) * std::sqrt(rate * rate + (1 - rate) * (1 - rate));
    EXPECT_LT(std::abs(on / slots - rate), kZ * share_sd / std::sqrt(bursts))
        << rate << " " << burst << ": " << on / slots;
  }
}

TEST(InjectionDistribution, UniformDestinationsSkipTheSourceAndAreEven) {
  const std::uint32_t n = 32, draws = 320000;
  std::vector<double> hits(n, 0);
  Rng rng = injection_rng(79, 3);
  for (std::uint32_t k = 0; k < draws; ++k) ++hits[uniform_destination(3, n, rng)];
  EXPECT_EQ(hits[3], 0);
  const double expected = static_cast<double>(draws) / (n - 1);
  double chi2 = 0;
  for (std::uint32_t j = 0; j < n; ++j) {
    if (j != 3) chi2 += (hits[j] - expected) * (hits[j] - expected) / expected;
  }
  EXPECT_LT(chi2, chi_square_limit(n - 2.0)) << chi2;
}

// ---- the shuffle every part of the model uses ------------------------------------------------

TEST(ShuffleDistribution, EveryOrderOfFourEquallyLikely) {
  // Rng::shuffle orders the random permutations, BASIC's dimensions and the packets a
  // store-and-forward node holds before Phase B: all 24 orders of 4 elements equally likely.
  const std::uint32_t draws = 240000;
  std::vector<double> hits(24, 0);
  Rng rng = Rng::stream(97, 0, 0);
  for (std::uint32_t k = 0; k < draws; ++k) {
    std::vector<int> v = {0, 1, 2, 3};
    rng.shuffle(v);
    std::uint32_t rank = 0;  // Lehmer code of the order
    for (int i = 0; i < 4; ++i) {
      int smaller_after = 0;
      for (int j = i + 1; j < 4; ++j) smaller_after += v[j] < v[i] ? 1 : 0;
      rank = rank * static_cast<std::uint32_t>(4 - i) + static_cast<std::uint32_t>(smaller_after);
    }
    ++hits[rank];
  }
  EXPECT_LT(chi_square_even(hits, draws / 24.0), chi_square_limit(23.0));
}

// ---- GJLR choices ---------------------------------------------------------------------------

TEST(GjlrDistribution, CompactionTargetIsEvenOverItsSlice) {
  // Approximate compaction (section 2.2): a sender picks a receiver of the step's slice
  // uniformly; a sender that never picks some receiver wastes that receiver every step.
  const std::uint32_t receivers = 1000, steps = 7, step = 3, draws = 400000;
  const ocpc::gjlr::Slice slice = ocpc::gjlr::compaction_slice(receivers, steps, step);
  ASSERT_GT(slice.count, 1u);
  std::vector<double> hits(slice.count, 0);
  Rng rng = Rng::stream(83, 0, 0);
  for (std::uint32_t k = 0; k < draws; ++k) {
    const auto r = ocpc::gjlr::compaction_target(receivers, steps, step, rng);
    ASSERT_TRUE(r.has_value());
    ASSERT_GE(*r, slice.first);
    ASSERT_LT(*r, slice.first + slice.count);
    ++hits[*r - slice.first];
  }
  EXPECT_LT(chi_square_even(hits, static_cast<double>(draws) / slice.count),
            chi_square_limit(slice.count - 1.0));
}

TEST(GjlrDistribution, ThinningSendsWithProbabilityUndeliveredOverLoadAndPicksEvenly) {
  // A thinning phase sends message j < undelivered with probability 1/load each.
  const std::uint32_t load = 16, undelivered = 5, draws = 320000;
  std::vector<double> hits(undelivered, 0);
  double sent = 0;
  Rng rng = Rng::stream(89, 0, 0);
  for (std::uint32_t k = 0; k < draws; ++k) {
    if (const auto j = ocpc::gjlr::thinning_choice(load, undelivered, rng)) {
      ASSERT_LT(*j, undelivered);
      ++hits[*j];
      ++sent;
    }
  }
  const double p = static_cast<double>(undelivered) / load;
  EXPECT_LT(std::abs(z_score(sent / draws, p, std::sqrt(p * (1 - p)), draws)), kZ);
  EXPECT_LT(chi_square_even(hits, sent / undelivered), chi_square_limit(undelivered - 1.0));
}

}  // namespace
}  // namespace optinet
