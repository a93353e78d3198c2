/// \file
/// The decisions of the randomized router (protocols/pops/randomized_plan.h), without the kernel.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <vector>

#include "protocols/pops/randomized_plan.h"

namespace {

using namespace optinet;
using optinet::pops::PopsShape;

constexpr double kC = 4.0;  // c + epsilon used by the router (Corollary 3.9)

/// Section III.B: g / (d - g(s-1)/c) while that is below 1.
double paper_law(const PopsShape& s, std::uint64_t step, double c) {
  const double degree = s.d - s.g * static_cast<double>(step - 1) / c;
  return degree <= s.g ? 1.0 : s.g / degree;
}

// ---- participation_probability ----------------------------------------------------------

TEST(ParticipationProbability, IsOneWhenDAtMostG) {
  for (PopsShape s : {PopsShape{4, 4}, PopsShape{16, 16}, PopsShape{2, 8}, PopsShape{1, 5}}) {
    for (std::uint64_t step = 1; step <= 100; ++step) {
      EXPECT_EQ(pops::participation_probability(s, step, kC), 1.0)
          << "POPS(" << s.d << "," << s.g << ") step " << step;
    }
  }
}

TEST(ParticipationProbability, FirstStepIsGOverD) {
  EXPECT_DOUBLE_EQ(pops::participation_probability({32, 2}, 1, kC), 2.0 / 32);
  EXPECT_DOUBLE_EQ(pops::participation_probability({16, 4}, 1, kC), 4.0 / 16);
  EXPECT_DOUBLE_EQ(pops::participation_probability({8, 2}, 1, kC), 2.0 / 8);
}

TEST(ParticipationProbability, FollowsThePaperLawForDGreaterThanG) {
  for (PopsShape s : {PopsShape{32, 2}, PopsShape{16, 4}, PopsShape{8, 2}, PopsShape{100, 3}}) {
    for (double c : {kC, 3.927}) {
      for (std::uint64_t step = 1; step <= 400; ++step) {
        EXPECT_DOUBLE_EQ(pops::participation_probability(s, step, c), paper_law(s, step, c))
            << "POPS(" << s.d << "," << s.g << ") c " << c << " step " << step;
      }
    }
  }
}

TEST(ParticipationProbability, Pops32x2ReachesOneAtStep61AndStaysThere) {
  const PopsShape s{32, 2};
  EXPECT_DOUBLE_EQ(pops::participation_probability(s, 60, kC), 0.8);  // 2 / (32 - 59/2)
  EXPECT_EQ(pops::participation_probability(s, 61, kC), 1.0);
  for (std::uint64_t step = 61; step <= 10000; step += 7) {
    EXPECT_EQ(pops::participation_probability(s, step, kC), 1.0) << "step " << step;
  }
}

TEST(ParticipationProbability, NeverDecreasesAndStaysInUnitInterval) {
  for (PopsShape s : {PopsShape{32, 2}, PopsShape{16, 4}, PopsShape{7, 3}}) {
    double last = 0;
    for (std::uint64_t step = 1; step <= 300; ++step) {
      const double p = pops::participation_probability(s, step, kC);
      EXPECT_GT(p, 0.0);
      EXPECT_LE(p, 1.0);
      EXPECT_GE(p, last) << "step " << step;
      last = p;
    }
  }
}

// ---- relay_hears / holder_hears / relay_usable -------------------------------------------

/// Some index k < d of group r hears source group a in slot 1 of `step`.
bool some_relay_hears(const PopsShape& s, std::uint64_t step, std::uint32_t r, std::uint32_t a) {
  for (std::uint32_t k = 0; k < s.d; ++k) {
    if (pops::relay_hears(s, step, r, k) == a) return true;
  }
  return false;
}
/// Some index k < d of group t hears relay group r in slot 2 of `step`.
bool some_holder_hears(const PopsShape& s, std::uint64_t step, std::uint32_t t, std::uint32_t r) {
  for (std::uint32_t k = 0; k < s.d; ++k) {
    if (pops::holder_hears(s, step, t, k) == r) return true;
  }
  return false;
}

const std::vector<PopsShape> kSmallD = {{1, 5}, {2, 8}, {3, 16}, {3, 4}, {2, 3}, {5, 12}, {4, 9}};

TEST(RelayPlanDLessThanG, RelayUsableIffBothHopsHaveAListener) {
  for (const PopsShape& s : kSmallD) {
    for (std::uint64_t step = 1; step <= 2 * s.g + 3; ++step) {
      for (std::uint32_t a = 0; a < s.g; ++a) {
        for (std::uint32_t r = 0; r < s.g; ++r) {
          for (std::uint32_t t = 0; t < s.g; ++t) {
            const bool expected =
                some_relay_hears(s, step, r, a) && some_holder_hears(s, step, t, r);
            ASSERT_EQ(pops::relay_usable(s, step, a, r, t), expected)
                << "POPS(" << s.d << "," << s.g << ") step " << step << " a " << a << " r " << r
                << " t " << t;
          }
        }
      }
    }
  }
}

TEST(RelayPlanDLessThanG, ListenersOfAGroupHearDistinctGroups) {
  // Slots 3 and 4 are collision-free only if a group has at most one listener per source group.
  for (const PopsShape& s : kSmallD) {
    for (std::uint64_t step = 1; step <= s.g + 1; ++step) {
      for (std::uint32_t group = 0; group < s.g; ++group) {
        std::set<std::uint32_t> relay, holder;
        for (std::uint32_t k = 0; k < s.d; ++k) {
          const auto r = pops::relay_hears(s, step, group, k);
          const auto h = pops::holder_hears(s, step, group, k);
          ASSERT_TRUE(r && *r < s.g);
          ASSERT_TRUE(h && *h < s.g);
          relay.insert(*r);
          holder.insert(*h);
        }
        EXPECT_EQ(relay.size(), s.d) << "POPS(" << s.d << "," << s.g << ") group " << group;
        EXPECT_EQ(holder.size(), s.d) << "POPS(" << s.d << "," << s.g << ") group " << group;
      }
    }
  }
}

TEST(RelayPlanDLessThanG, EveryGroupPairHasAUsableRelayWithinCeilGOver2dMinus1Steps) {
  for (const PopsShape& s : kSmallD) {
    const std::uint32_t window = (s.g + 2 * s.d - 2) / (2 * s.d - 1);
    for (std::uint64_t first = 1; first <= s.g + 1; ++first) {
      for (std::uint32_t a = 0; a < s.g; ++a) {
        for (std::uint32_t t = 0; t < s.g; ++t) {
          bool found = false;
          for (std::uint64_t step = first; step < first + window && !found; ++step) {
            for (std::uint32_t r = 0; r < s.g && !found; ++r) {
              found = pops::relay_usable(s, step, a, r, t);
            }
          }
          EXPECT_TRUE(found) << "POPS(" << s.d << "," << s.g << ") a " << a << " t " << t
                             << " steps " << first << ".." << first + window - 1;
        }
      }
    }
  }
}

TEST(RelayPlanDLessThanG, ListeningRotatesWithTheStep) {
  const PopsShape s{2, 8};
  std::set<std::uint32_t> heard;
  for (std::uint64_t step = 1; step <= 8; ++step) heard.insert(*pops::relay_hears(s, step, 0, 0));
  EXPECT_GT(heard.size(), 1u);
}

TEST(RelayPlanDAtLeastG, IndexKListensToGroupKAndHigherIndicesAreDeaf) {
  for (PopsShape s : {PopsShape{4, 4}, PopsShape{8, 8}, PopsShape{16, 4}, PopsShape{32, 2}}) {
    for (std::uint64_t step : {1, 2, 7, 61, 1000}) {
      for (std::uint32_t group = 0; group < s.g; ++group) {
        for (std::uint32_t k = 0; k < s.d; ++k) {
          const std::optional<std::uint32_t> want =
              k < s.g ? std::optional<std::uint32_t>(k) : std::nullopt;
          EXPECT_EQ(pops::relay_hears(s, step, group, k), want)
              << "POPS(" << s.d << "," << s.g << ") group " << group << " index " << k;
          EXPECT_EQ(pops::holder_hears(s, step, group, k), want)
              << "POPS(" << s.d << "," << s.g << ") group " << group << " index " << k;
        }
      }
    }
  }
}

TEST(RelayPlanDAtLeastG, EveryRelayIsUsable) {
  for (PopsShape s : {PopsShape{4, 4}, PopsShape{16, 4}}) {
    for (std::uint64_t step = 1; step <= 5; ++step) {
      for (std::uint32_t a = 0; a < s.g; ++a) {
        for (std::uint32_t r = 0; r < s.g; ++r) {
          for (std::uint32_t t = 0; t < s.g; ++t) EXPECT_TRUE(pops::relay_usable(s, step, a, r, t));
        }
      }
    }
  }
}

// ---- keyed_relay_group (d > g) ---------------------------------------------------------------

TEST(KeyedRelayGroup, SameForDestinationsSharingTheirSlot5Coupler) {
  const PopsShape s{8, 2};
  for (std::uint64_t seed : {1ULL, 42ULL}) {
    for (std::uint64_t step = 1; step <= 50; ++step) {
      for (NodeId x = 0; x < s.n(); ++x) {
        for (NodeId y = 0; y < s.n(); ++y) {
          if (s.group_of(x) != s.group_of(y) || x % s.g != y % s.g) continue;
          ASSERT_EQ(pops::keyed_relay_group(s, seed, step, x),
                    pops::keyed_relay_group(s, seed, step, y))
              << "x " << x << " y " << y << " step " << step;
        }
      }
    }
  }
}

TEST(KeyedRelayGroup, IsAGroup) {
  const PopsShape s{16, 4};
  for (std::uint64_t step = 1; step <= 100; ++step) {
    for (NodeId x = 0; x < s.n(); ++x) EXPECT_LT(pops::keyed_relay_group(s, 9, step, x), s.g);
  }
}

TEST(KeyedRelayGroup, VariesWithTheStep) {
  const PopsShape s{16, 4};
  for (NodeId x : {0u, 5u, 63u}) {
    std::set<std::uint32_t> groups;
    for (std::uint64_t step = 1; step <= 64; ++step) {
      groups.insert(pops::keyed_relay_group(s, 7, step, x));
    }
    EXPECT_EQ(groups.size(), s.g) << "destination " << x;
  }
}

TEST(KeyedRelayGroup, VariesWithTheRunSeed) {
  const PopsShape s{16, 4};
  std::set<std::uint32_t> groups;
  for (std::uint64_t seed = 1; seed <= 64; ++seed)
    groups.insert(pops::keyed_relay_group(s, seed, 3, 10));
  EXPECT_EQ(groups.size(), s.g);
}

TEST(KeyedRelayGroup, DiffersBetweenKeys) {
  // Different (group(x), x mod g) keys are not all sent to the same relay group.
  const PopsShape s{16, 4};
  std::set<std::uint32_t> groups;
  for (NodeId x = 0; x < s.n(); ++x) groups.insert(pops::keyed_relay_group(s, 5, 1, x));
  EXPECT_GT(groups.size(), 1u);
}

TEST(ChooseRelayGroup, DGreaterThanGUsesTheKeyedGroup) {
  const PopsShape s{8, 2};
  Rng rng(3);
  for (std::uint64_t step = 1; step <= 20; ++step) {
    for (NodeId x = 0; x < s.n(); ++x) {
      EXPECT_EQ(pops::choose_relay_group(s, 11, step, s.group_of(x), x, rng),
                pops::keyed_relay_group(s, 11, step, x));
    }
  }
}

// ---- choose_relay_group: uniformity --------------------------------------------------------

/// Pearson chi-square statistic of `counts` against a uniform distribution.
double chi_square_uniform(const std::vector<std::uint64_t>& counts) {
  double total = 0;
  for (auto c : counts) total += c;
  const double expected = total / counts.size();
  double chi2 = 0;
  for (auto c : counts) chi2 += (c - expected) * (c - expected) / expected;
  return chi2;
}

TEST(ChooseRelayGroup, DEqualsGIsUniformOverAllGroups) {
  // 80000 draws over 8 groups under a fixed seed; chi-square with 7 degrees of freedom must stay
  // below 24.32 (the 0.1% critical value).
  const PopsShape s{8, 8};
  Rng rng(2024);
  std::vector<std::uint64_t> counts(s.g, 0);
  for (int k = 0; k < 80000; ++k) {
    const auto r = pops::choose_relay_group(s, 1, 1 + k % 13, k % s.g, (k * 7) % s.n(), rng);
    ASSERT_TRUE(r.has_value());
    ASSERT_LT(*r, s.g);
    ++counts[*r];
  }
  EXPECT_LT(chi_square_uniform(counts), 24.32);
}

TEST(ChooseRelayGroup, DLessThanGPicksOnlyUsableRelays) {
  for (const PopsShape& s : kSmallD) {
    Rng rng(77);
    for (std::uint64_t step = 1; step <= s.g; ++step) {
      for (std::uint32_t a = 0; a < s.g; ++a) {
        for (NodeId x = 0; x < s.n(); ++x) {
          const std::uint32_t t = pops::temporary_group(s, x);
          bool any = false;
          for (std::uint32_t r = 0; r < s.g; ++r) any = any || pops::relay_usable(s, step, a, r, t);
          const auto chosen = pops::choose_relay_group(s, 1, step, a, x, rng);
          ASSERT_EQ(chosen.has_value(), any) << "POPS(" << s.d << "," << s.g << ") a " << a;
          if (chosen) {
            EXPECT_TRUE(pops::relay_usable(s, step, a, *chosen, t));
          }
        }
      }
    }
  }
}

TEST(ChooseRelayGroup, DLessThanGIsUniformOverUsableRelays) {
  // POPS(3,16), step 1, source group 0, the first destination with 3 usable relays: 60000 draws;
  // the chi-square statistic must stay below the 0.1% critical value (2 dof: 13.82).
  const PopsShape s{3, 16};
  const std::uint32_t a = 0;
  const auto usable_relays = [&](NodeId x) {
    std::vector<std::uint32_t> usable;
    for (std::uint32_t r = 0; r < s.g; ++r) {
      if (pops::relay_usable(s, 1, a, r, pops::temporary_group(s, x))) usable.push_back(r);
    }
    return usable;
  };
  NodeId x = 0;
  while (x < s.n() && usable_relays(x).size() != 3) ++x;
  const std::vector<std::uint32_t> usable = usable_relays(x);
  ASSERT_EQ(usable.size(), 3u);
  Rng rng(99);
  std::vector<std::uint64_t> counts(usable.size(), 0);
  for (int k = 0; k < 60000; ++k) {
    const auto r = pops::choose_relay_group(s, 1, 1, a, x, rng);
    ASSERT_TRUE(r.has_value());
    const auto it = std::find(usable.begin(), usable.end(), *r);
    ASSERT_NE(it, usable.end()) << "relay " << *r << " is not usable";
    ++counts[it - usable.begin()];
  }
  EXPECT_LT(chi_square_uniform(counts), 13.82);
}

TEST(TemporaryGroup, IsDestinationModG) {
  const PopsShape s{3, 5};
  for (NodeId x = 0; x < s.n(); ++x) EXPECT_EQ(pops::temporary_group(s, x), x % 5);
}

// ---- rotating key and bijective relay  ---------------------------------------------

const PopsShape kVariantShapes[] = {PopsShape{8, 8},  PopsShape{8, 2},  PopsShape{16, 4},
                                    PopsShape{32, 2}, PopsShape{64, 4}, PopsShape{5, 3},
                                    PopsShape{24, 8}};

TEST(RotatingKey, LayersAreIndexDivGAndCeilDOverGOfThem) {
  const PopsShape s{16, 4};
  EXPECT_EQ(pops::layer_count(s), 4u);
  EXPECT_EQ(pops::layer_count(PopsShape{5, 3}), 2u);
  EXPECT_EQ(pops::layer_of(s, 16 * 3 + 0), 0u);
  EXPECT_EQ(pops::layer_of(s, 16 * 3 + 5), 1u);
  EXPECT_EQ(pops::layer_of(s, 16 * 3 + 15), 3u);
}

TEST(RotatingKey, OneDestinationPerLayerPerKeyInEveryStep) {
  // Under the law the key rotates by layer; under layer windows by window class.
  using pops::Participation;
  for (const Participation rule : {Participation::kLaw, Participation::kLayerWindows}) {
    for (const PopsShape& s : kVariantShapes) {
      for (std::uint64_t seed : {1ULL, 77ULL}) {
        for (std::uint64_t step = 1; step <= 40; ++step) {
          // (group, key, layer or class) -> destinations
          std::vector<int> seen(std::size_t{s.g} * s.g * pops::layer_count(s), 0);
          for (NodeId x = 0; x < s.n(); ++x) {
            const std::uint32_t t = pops::rotated_temporary_group(s, seed, step, x, rule);
            ASSERT_LT(t, s.g);
            const std::uint32_t k =
                rule == Participation::kLaw ? pops::layer_of(s, x) : pops::window_class(s, seed, x);
            ++seen[(std::size_t{s.group_of(x)} * s.g + t) * pops::layer_count(s) + k];
          }
          for (int c : seen) ASSERT_LE(c, 1) << s.d << "x" << s.g << " step " << step;
          if (s.d % s.g == 0) {  // full layers: every key has exactly one destination per layer
            for (int c : seen) ASSERT_EQ(c, 1);
          }
        }
      }
    }
  }
}

TEST(RotatingKey, WindowClassesRotateTheLayersOfEachResidueBySeed) {
  const PopsShape s{64, 4};  // 16 layers
  std::set<std::uint32_t> offsets;
  for (std::uint64_t seed : {1ULL, 2ULL, 3ULL}) {
    for (std::uint32_t group = 0; group < s.g; ++group) {
      for (std::uint32_t u = 0; u < s.g; ++u) {
        std::set<std::uint32_t> classes;
        for (std::uint32_t l = 0; l < pops::layer_count(s); ++l) {
          const NodeId x = s.node(group, l * s.g + u);
          const std::uint32_t c = pops::window_class(s, seed, x);
          ASSERT_LT(c, pops::layer_count(s));
          ASSERT_EQ(c, (l + pops::window_class(s, seed, s.node(group, u))) % pops::layer_count(s));
          classes.insert(c);
        }
        EXPECT_EQ(classes.size(), pops::layer_count(s));
        offsets.insert(pops::window_class(s, seed, s.node(group, u)));
      }
    }
  }
  EXPECT_GT(offsets.size(), 8u) << "the rotations differ between residues, groups and seeds";
}

TEST(RotatingKey, TheDestinationsSharingAKeyChangeBetweenSteps) {
  const PopsShape s{16, 4};
  const NodeId x = 0;  // group 0, layer 0; who shares its key in steps 1..20?
  std::set<std::vector<NodeId>> partners;
  for (std::uint64_t step = 1; step <= 20; ++step) {
    std::vector<NodeId> same;
    for (NodeId y = 0; y < s.d; ++y) {
      if (pops::rotated_temporary_group(s, 3, step, y) ==
          pops::rotated_temporary_group(s, 3, step, x))
        same.push_back(y);
    }
    partners.insert(same);
  }
  EXPECT_GT(partners.size(), 5u);
}

TEST(RotatingKey, ShiftsAreInRangeAndDependOnTheKeySeed) {
  std::set<std::uint32_t> h, rho;
  for (std::uint64_t seed = 1; seed <= 50; ++seed) {
    const std::uint32_t a = pops::key_shift(seed, 4, 2, 8);
    const std::uint32_t b = pops::relay_shift(seed, 4, 2, 8);
    ASSERT_LT(a, 8u);
    ASSERT_LT(b, 8u);
    h.insert(a);
    rho.insert(b);
  }
  EXPECT_EQ(h.size(), 8u);
  EXPECT_EQ(rho.size(), 8u);
}

TEST(BijectiveRelay, MapsDestinationGroupsOneToOneForEveryStepAndKey) {
  for (const PopsShape& s : kVariantShapes) {
    for (std::uint64_t step = 1; step <= 30; ++step) {
      for (std::uint32_t t = 0; t < s.g; ++t) {
        std::set<std::uint32_t> relays;
        for (std::uint32_t group = 0; group < s.g; ++group) {
          const std::uint32_t r = pops::bijective_relay_group(s, 5, step, t, s.node(group, 0));
          ASSERT_LT(r, s.g);
          relays.insert(r);
        }
        EXPECT_EQ(relays.size(), s.g) << s.d << "x" << s.g << " step " << step << " t " << t;
      }
    }
  }
}

TEST(BijectiveRelay, CopiesMeetingOnASlot2CouplerShareTheirSlot5Coupler) {
  // Two copies meet on c(t, r) in slot 2 iff they have the same temporary group t and relay r;
  // then they must have the same destination group (and so the same slot-5 coupler c(G, t)).
  Rng rng(1);
  for (const PopsShape& s : kVariantShapes) {
    for (std::uint64_t step = 1; step <= 10; ++step) {
      for (NodeId x = 0; x < s.n(); ++x) {
        const std::uint32_t tx = pops::rotated_temporary_group(s, 9, step, x);
        const auto rx =
            pops::choose_relay_group(s, 9, step, 0, x, rng, pops::RelayRule::kBijective, tx);
        for (NodeId y = x + 1; y < s.n(); ++y) {
          const std::uint32_t ty = pops::rotated_temporary_group(s, 9, step, y);
          const auto ry =
              pops::choose_relay_group(s, 9, step, 0, y, rng, pops::RelayRule::kBijective, ty);
          if (tx == ty && rx == ry) {
            ASSERT_EQ(s.group_of(x), s.group_of(y));
          }
        }
      }
    }
  }
}

TEST(LayerWindows, EveryGroupServesOneLayerAndEveryKeyHasOneEligibleDestination) {
  for (const PopsShape& s : kVariantShapes) {
    const std::uint32_t layers = pops::layer_count(s);
    ASSERT_EQ(pops::window_steps(s), pops::window_length(s) * layers);
    for (std::uint64_t seed : {2ULL, 31ULL}) {
      std::vector<int> served(std::size_t{s.g} * layers, 0);  // steps each (group, layer) gets
      for (std::uint64_t step = 1; step <= pops::window_steps(s); ++step) {
        std::vector<int> eligible(std::size_t{s.g} * s.g, 0);  // per key (group, t)
        for (NodeId x = 0; x < s.n(); ++x) {
          if (!pops::in_layer_window(s, seed, step, x)) continue;
          ++eligible[std::size_t{s.group_of(x)} * s.g +
                     pops::rotated_temporary_group(s, seed, step, x,
                                                   pops::Participation::kLayerWindows)];
        }
        for (int e : eligible) {
          if (s.d % s.g == 0) {
            ASSERT_EQ(e, 1) << s.d << "x" << s.g << " step " << step;
          } else {
            ASSERT_LE(e, 1);
          }
        }
        for (std::uint32_t group = 0; group < s.g; ++group) {
          ++served[std::size_t{group} * layers + pops::window_layer(s, seed, step, group)];
        }
      }
      for (int n : served) EXPECT_EQ(n, static_cast<int>(pops::window_length(s)));
      for (NodeId x = 0; x < s.n(); ++x) {
        EXPECT_TRUE(pops::in_layer_window(s, seed, pops::window_steps(s) + 1, x));
      }
    }
  }
}

TEST(LayerWindows, LengthFollowsTheMeanFieldRecursion) {
  // f_1 = 1/2, f_2 = 1/8 <= e^-2 at g = 2; f_2 = 0.187 at g = 3, 0.216 at g = 4 (f_3 = 0.033);
  // large g: f_2 = 0.295, f_3 = 0.075.
  EXPECT_EQ(pops::window_length(PopsShape{8, 2}), 2u);
  EXPECT_EQ(pops::window_length(PopsShape{32, 2}), 2u);
  for (std::uint32_t g : {3U, 4U, 8U, 16U, 64U, 256U}) {
    EXPECT_EQ(pops::window_length(PopsShape{4 * g, g}), 3u) << g;
  }
  EXPECT_EQ(pops::window_steps(PopsShape{32, 2}), 32u);
  EXPECT_EQ(pops::window_steps(PopsShape{64, 4}), 48u);
}

TEST(BackOffRule, LawHalvesPerThreeFailuresOnceTheLawIsOne) {
  const PopsShape s{32, 2};  // the law reaches 1 at step 61
  using pops::BackOff;
  using pops::Participation;
  for (unsigned f = 0; f <= 40; ++f) {
    EXPECT_DOUBLE_EQ(pops::take_part_probability(s, Participation::kLaw, 1, 10, 0, f,
                                                 BackOff::kHalvingPerThree, kC),
                     paper_law(s, 10, kC))
        << "before the law reaches 1 the failures do not matter";
    EXPECT_DOUBLE_EQ(pops::take_part_probability(s, Participation::kLaw, 1, 61, 0, f,
                                                 BackOff::kHalvingPerThree, kC),
                     std::pow(0.5, std::min(f / 3, 10U)));
    EXPECT_DOUBLE_EQ(
        pops::take_part_probability(s, Participation::kLaw, 1, 61, 0, f, BackOff::kNone, kC), 1.0);
    EXPECT_DOUBLE_EQ(pops::take_part_probability(PopsShape{2, 8}, Participation::kLaw, 1, 5, 0, f,
                                                 BackOff::kHalfAfterOne, kC),
                     f >= 1 ? 0.5 : 1.0);
  }
}

TEST(BackOffRule, LayerWindowsIgnoreFailuresInsideTheWindowsAndApplyThemAfter) {
  const PopsShape s{16, 4};
  using pops::BackOff;
  using pops::Participation;
  for (unsigned f = 0; f <= 7; ++f) {
    for (std::uint64_t step = 1; step <= pops::window_steps(s); ++step) {
      for (NodeId x = 0; x < s.n(); ++x) {
        EXPECT_DOUBLE_EQ(pops::take_part_probability(s, Participation::kLayerWindows, 4, step, x, f,
                                                     BackOff::kHalvingPerThree, kC),
                         pops::in_layer_window(s, 4, step, x) ? 1.0 : 0.0);
      }
    }
    EXPECT_DOUBLE_EQ(
        pops::take_part_probability(s, Participation::kLayerWindows, 4, pops::window_steps(s) + 1,
                                    0, f, BackOff::kHalvingPerThree, kC),
        std::pow(0.5, f / 3));
  }
}

TEST(BackOffRule, HarmonicPerFourFailuresAfterTheWindows) {
  const PopsShape s{32, 2};
  using pops::BackOff;
  using pops::Participation;
  for (unsigned f = 0; f <= 40; ++f) {
    const std::uint64_t after = pops::window_steps(s) + 1;
    EXPECT_DOUBLE_EQ(pops::take_part_probability(s, Participation::kLayerWindows, 4, after, 0, f,
                                                 BackOff::kHarmonicPerFour, kC),
                     1.0 / (1 + f / 4));
  }
}

TEST(BackOffRule, FailuresCountOnlyAtFullParticipation) {
  using pops::Participation;
  const PopsShape s{32, 2};
  EXPECT_FALSE(pops::full_participation(s, Participation::kLaw, 60, kC));
  EXPECT_TRUE(pops::full_participation(s, Participation::kLaw, 61, kC));
  EXPECT_FALSE(pops::full_participation(s, Participation::kLayerWindows, 32, kC));
  EXPECT_TRUE(pops::full_participation(s, Participation::kLayerWindows, 33, kC));
  EXPECT_TRUE(pops::full_participation(PopsShape{8, 8}, Participation::kLaw, 1, kC));
}

}  // namespace
