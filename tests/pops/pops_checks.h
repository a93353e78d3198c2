#pragma once
/// \file
/// Checks shared by the POPS simulation tests.
#include <gtest/gtest.h>

#include <numeric>
#include <string>

#include "testbenches/pops/pops_experiment.h"

namespace optinet::test {

inline std::string errors_of(const pops::PopsRunResult& r) {
  std::string out;
  for (const auto& e : r.errors) out += "\n  " + e;
  return out;
}

/// What every completed run of the randomized router must satisfy: the scoreboard passed, every
/// packet arrived, slots 3, 4 and 5 of each step were collision-free (Proposition 3.2), no node
/// held more than three packets (section III.A), and the run is a whole number of 5-slot steps.
inline void expect_run_invariants(const pops::PopsRunResult& r) {
  SCOPED_TRACE("seed " + std::to_string(r.seed));
  EXPECT_TRUE(r.ok()) << errors_of(r);
  EXPECT_FALSE(r.hit_limit);
  EXPECT_EQ(r.delivered, r.packets);
  ASSERT_EQ(r.collisions_by_phase.size(), 5u);
  EXPECT_EQ(r.collisions_by_phase[2], 0u) << "collisions in slot 3 of a step";
  EXPECT_EQ(r.collisions_by_phase[3], 0u) << "collisions in slot 4 of a step";
  EXPECT_EQ(r.collisions_by_phase[4], 0u) << "collisions in slot 5 of a step";
  EXPECT_EQ(
      std::accumulate(r.collisions_by_phase.begin(), r.collisions_by_phase.end(), std::uint64_t{0}),
      r.collisions);
  EXPECT_LE(r.max_buffers, 3u);
  EXPECT_EQ(r.steps * 5, r.slots);
}

/// What every run of a deterministic, collision-free router (offline, sorting) must satisfy: the
/// scoreboard passed, every packet of the traffic arrived, no slot collided, the run took
/// exactly `slots`, and no node held more than three packets (its own, a relay copy, the one
/// that arrived for it).
inline void expect_collision_free_run(const pops::PopsRunResult& r, PermutationKind traffic,
                                      const pops::PopsShape& shape, std::uint64_t slots) {
  SCOPED_TRACE("seed " + std::to_string(r.seed));
  EXPECT_TRUE(r.ok()) << errors_of(r);
  EXPECT_FALSE(r.hit_limit);
  EXPECT_EQ(r.delivered, r.packets);
  if (traffic != PermutationKind::kPartial) {
    EXPECT_EQ(r.packets, shape.n());
  }
  EXPECT_EQ(r.collisions, 0u);
  EXPECT_EQ(r.slots, slots);
  EXPECT_EQ(r.steps, 0u);
  EXPECT_LE(r.max_buffers, 3u);
}

inline pops::PopsExperimentConfig pops_config(std::uint32_t d, std::uint32_t g,
                                              PermutationKind traffic = PermutationKind::kRandom) {
  pops::PopsExperimentConfig c;
  c.shape = pops::PopsShape{d, g};
  c.traffic = traffic;
  return c;
}

/// A permutation file's content: every source without a packet except those listed.
inline Permutation only(std::uint32_t n, std::initializer_list<std::pair<NodeId, NodeId>> moves) {
  Permutation p(n, kNoNode);
  for (const auto& [source, destination] : moves) p[source] = destination;
  return p;
}

}  // namespace optinet::test
