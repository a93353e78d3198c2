#pragma once
/// \file
/// Helpers shared by the open-loop tests: a short measured load, the check that a run drained,
/// and a traffic matrix with rows of several destinations.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>

#include "testbenches/open_loop/open_loop.h"

namespace optinet::test {

/// A network's experiment config with a short open-loop load: `rate` packets per node per slot,
/// 300 warm-up slots and 3,000 measured ones, the run stopped at `max_slots`.
template <typename Config>
Config short_open_loop(Config c, double rate, std::uint64_t max_slots) {
  c.max_slots = max_slots;
  OpenLoopConfig o;
  o.rate = rate;
  o.steady.warmup = 300;
  o.steady.measure = 3000;
  c.open_loop = o;
  return c;
}

/// The run passed its checks, drained before its slot limit, and delivered every labelled
/// packet (at least one).
template <typename Result>
void expect_drained(const Result& r) {
  ASSERT_TRUE(r.errors.empty()) << r.errors.front();
  ASSERT_TRUE(r.open_loop.has_value());
  EXPECT_FALSE(r.saturated);
  EXPECT_FALSE(r.hit_limit);
  EXPECT_GT(r.open_loop->labelled, 0u);
  EXPECT_EQ(r.open_loop->labelled_delivered, r.open_loop->labelled);
}

/// A matrix file on n nodes: source i sends to (i + 1 + 3k) mod n with weight k + 1 for
/// k = 0..(i mod 3), so rows of one, two and three destinations of unequal shares.
inline std::shared_ptr<const MatrixFile> mixed_matrix(std::uint32_t n) {
  std::string text = "# source destination weight\n";
  for (NodeId i = 0; i < n; ++i) {
    for (NodeId k = 0; k <= i % 3; ++k) {
      const NodeId to = static_cast<NodeId>((std::uint64_t{i} + 1 + 3 * k) % n);
      if (to != i) {
        text += std::to_string(i) + " " + std::to_string(to) + " " + std::to_string(k + 1) + "\n";
      }
    }
  }
  return std::make_shared<const MatrixFile>(parse_matrix_text(text, "mixed"));
}

}  // namespace optinet::test
