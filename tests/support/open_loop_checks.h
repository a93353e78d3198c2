#pragma once
/// \file
/// Helpers shared by the open-loop simulation tests of the OCPC family and the store-and-forward
/// networks: a short measured load, and the check that a run drained.
#include <gtest/gtest.h>

#include <cstdint>

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

}  // namespace optinet::test
