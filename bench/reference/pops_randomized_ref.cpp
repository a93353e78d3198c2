// A bare reference loop of the POPS randomized router for d = g (Mei & Rizzi, section III.A),
// plain C++: no SystemC, nothing of the model linked in. It runs the router's five slots per
// step with the same slot semantics as protocols/pops/randomized.cpp (docs/pops-model.md):
//   1. a pending source sends its packet on coupler (own group -> r), r uniform in [0, g);
//      processor k of group r hears coupler (k -> r);
//   2. the relay sends the copy on (r -> x mod g); processor k of group t hears (k -> t);
//   3. the holder acknowledges on (t -> r); the relay listens there;
//   4. the relay acknowledges on (r -> group(source)); the source listens on (r -> own group)
//      and deletes its original;
//   5. the holder sends on (t -> group(x)); node x listens on (x mod g -> group(x)).
// A coupler carries a frame only if exactly one processor drives it in the slot. Steps repeat
// while any original is unacknowledged (the pending line). Every run checks conservation.
// Only the distribution of the step count is meant to match optinet's, not its draws: this
// loop uses one random stream per run (bench/reference_ratio.py --check compares them).
//
// Usage: pops_randomized_ref --d D [--runs R] [--seed S]   (n = d * d processors, g = d)
// Prints one JSON object: n, runs, slots per run, seconds of the runs, peak slots.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "bench/reference/reference_common.h"

namespace {

using namespace optinet_reference;  // NOLINT: the loops' shared helpers

constexpr std::uint32_t kNone = 0xffffffffU;

/// The g * g couplers: coupler (from -> to) is index from * g + to. A slot stamp replaces
/// clearing: a coupler whose stamp is not the current slot carries nothing.
class Couplers {
 public:
  explicit Couplers(std::uint32_t g)
      : g_(g), stamp_(std::size_t{g} * g, 0), frame_(stamp_.size()) {}
  void next_slot() { ++slot_; }
  void drive(std::uint32_t from, std::uint32_t to, std::uint32_t frame) {
    const std::size_t c = std::size_t{from} * g_ + to;
    if (stamp_[c] == slot_) {
      frame_[c] = kNone;  // a second driver: collision
    } else {
      stamp_[c] = slot_;
      frame_[c] = frame;
    }
  }
  /// The frame on coupler (from -> to), or kNone (silent or collided).
  std::uint32_t hear(std::uint32_t from, std::uint32_t to) const {
    const std::size_t c = std::size_t{from} * g_ + to;
    return stamp_[c] == slot_ ? frame_[c] : kNone;
  }

 private:
  std::uint32_t g_;
  std::uint64_t slot_ = 1;
  std::vector<std::uint64_t> stamp_;
  std::vector<std::uint32_t> frame_;
};

/// One run on a uniformly random permutation; returns its slots (5 per step).
std::uint64_t run(std::uint32_t d, std::uint64_t seed, std::uint64_t run_index) {
  const std::uint32_t g = d;
  const std::uint32_t n = d * g;
  std::uint64_t mix = seed * 0x100000001b3ULL ^ run_index;
  Stream rng(splitmix64(mix));
  // A packet is named by its source; dest[p] is its destination.
  std::vector<std::uint32_t> dest(n);
  for (std::uint32_t i = 0; i < n; ++i) dest[i] = i;
  for (std::uint32_t i = n; i > 1; --i) std::swap(dest[i - 1], dest[rng.below(i)]);

  std::vector<std::uint8_t> has_original(n, 1);
  std::vector<std::uint32_t> relay_group(n, kNone);  // slot 1's choice of the source
  std::vector<std::uint32_t> relay_copy(n, kNone);   // packet held by a relay
  std::vector<std::uint32_t> held_copy(n, kNone);    // packet held by a holder
  std::vector<std::uint32_t> delivered(n, 0);
  Couplers couplers(g);
  std::uint32_t pending = n;
  std::uint64_t steps = 0;
  const auto group = [d](std::uint32_t node) { return node / d; };
  const auto index = [d](std::uint32_t node) { return node % d; };

  while (pending > 0) {
    ++steps;
    // Slot 1: source -> relay group r; processor k of group r hears source group k.
    for (std::uint32_t i = 0; i < n; ++i) {
      relay_group[i] = kNone;
      if (!has_original[i]) continue;
      relay_group[i] = rng.below(g);
      couplers.drive(group(i), relay_group[i], i);
    }
    for (std::uint32_t i = 0; i < n; ++i) relay_copy[i] = couplers.hear(index(i), group(i));
    couplers.next_slot();
    // Slot 2: relay -> temporary group x mod g; processor k of group t hears relay group k.
    for (std::uint32_t i = 0; i < n; ++i) {
      if (relay_copy[i] != kNone) couplers.drive(group(i), dest[relay_copy[i]] % g, relay_copy[i]);
    }
    for (std::uint32_t i = 0; i < n; ++i) held_copy[i] = couplers.hear(index(i), group(i));
    couplers.next_slot();
    // Slot 3: holder (t, r) acknowledges on (t -> r); the relay listens there.
    for (std::uint32_t i = 0; i < n; ++i) {
      if (held_copy[i] != kNone) couplers.drive(group(i), index(i), held_copy[i]);
    }
    for (std::uint32_t i = 0; i < n; ++i) {
      const std::uint32_t p = relay_copy[i];
      if (p != kNone && couplers.hear(dest[p] % g, group(i)) != p) relay_copy[i] = kNone;
    }
    couplers.next_slot();
    // Slot 4: the acknowledged relay -> the source group; the source listens to its relay.
    for (std::uint32_t i = 0; i < n; ++i) {
      if (relay_copy[i] != kNone) couplers.drive(group(i), group(relay_copy[i]), relay_copy[i]);
    }
    for (std::uint32_t i = 0; i < n; ++i) {
      if (relay_group[i] != kNone && couplers.hear(relay_group[i], group(i)) == i) {
        has_original[i] = 0;
        --pending;
      }
    }
    couplers.next_slot();
    // Slot 5: holder -> destination group; x listens on (x mod g -> group(x)).
    for (std::uint32_t i = 0; i < n; ++i) {
      const std::uint32_t p = held_copy[i];
      if (p != kNone) couplers.drive(group(i), group(dest[p]), p);
    }
    for (std::uint32_t x = 0; x < n; ++x) {
      const std::uint32_t p = couplers.hear(x % g, group(x));
      if (p != kNone && dest[p] == x) ++delivered[x];
    }
    couplers.next_slot();
  }
  // Conservation: every destination got its packet exactly once.
  for (std::uint32_t x = 0; x < n; ++x) {
    if (delivered[x] != 1) {
      std::fprintf(stderr, "conservation: node %u received %u packets\n", x, delivered[x]);
      std::exit(1);
    }
  }
  return 5 * steps;
}

[[noreturn]] void usage(const char* what) {
  std::fprintf(stderr, "%s\nusage: pops_randomized_ref --d D [--runs R] [--seed S]\n", what);
  std::exit(2);
}

}  // namespace

int main(int argc, char** argv) {
  const auto options = parse_options(argc, argv, {"--d", "--runs", "--seed"}, usage);
  const auto d_option = option_number(options, "--d", 0, usage);
  const std::uint64_t runs = option_number(options, "--runs", 1, usage);
  const std::uint64_t seed = option_number(options, "--seed", 1, usage);
  if (d_option < 1 || d_option > 4096) usage("--d: an integer in [1, 4096]");
  const auto d = static_cast<std::uint32_t>(d_option);
  if (runs < 1) usage("--runs: an integer >= 1");
  std::vector<std::uint64_t> slots;
  const auto t0 = std::chrono::steady_clock::now();
  for (std::uint64_t r = 0; r < runs; ++r) slots.push_back(run(d, seed, r));
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("{\"n\": %u, \"d\": %u, \"g\": %u, \"runs\": %llu, \"seconds\": %.6f, ", d * d, d, d,
              static_cast<unsigned long long>(runs), seconds);
  print_slots(slots);
  return 0;
}
