// The machine's memory latency curve: a dependent load per step (a pointer chase through a
// random cycle of 64-byte lines) over buffers from 1 MiB up. The size at which the time per load
// jumps is the last-level cache this process really has (on a shared virtual machine, less than
// the CPU's specification: neighbours share it). bench/sf_cache_misses.py and docs/benchmarks.md
// ("References") read the store-and-forward hop rate against it.
//
// Usage: memory_latency [--max-mib M] [--loads L] [--seed S]
// Prints one JSON object per size: {"mib": ..., "ns_per_load": ...}.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <new>
#include <numeric>
#include <random>
#include <vector>

#include "bench/reference/reference_common.h"

namespace {

struct alignas(64) Line {
  std::uint32_t next;
};
static_assert(sizeof(Line) == 64, "one cache line per entry");

[[noreturn]] void usage(const char* why) {
  std::fprintf(stderr,
               "memory_latency: %s; accepted: --max-mib M (1..4096), --loads L (1000..10^10), "
               "--seed S\n",
               why);
  std::exit(2);
}

/// Nanoseconds per load of a chase through `mib` MiB in a random order drawn from `stream`.
double chase_ns(std::size_t mib, std::uint64_t loads, std::mt19937_64& stream) {
  const std::size_t lines = mib * 1024 * 1024 / sizeof(Line);
  std::vector<std::uint32_t> order(lines);
  std::iota(order.begin(), order.end(), 0u);
  std::shuffle(order.begin(), order.end(), stream);
  std::vector<Line> buffer(lines);
  for (std::size_t i = 0; i < lines; ++i) buffer[order[i]].next = order[(i + 1) % lines];
  std::uint32_t at = order[0];
  for (std::size_t i = 0; i < lines; ++i) at = buffer[at].next;  // warm: one lap
  const auto start = std::chrono::steady_clock::now();
  for (std::uint64_t i = 0; i < loads; ++i) at = buffer[at].next;
  const auto end = std::chrono::steady_clock::now();
  if (at == lines) std::printf("unreachable\n");  // keeps the chase from being optimized away
  return std::chrono::duration<double, std::nano>(end - start).count() / static_cast<double>(loads);
}

}  // namespace

int main(int argc, char** argv) {
  const auto options =
      optinet_reference::parse_options(argc, argv, {"--max-mib", "--loads", "--seed"}, usage);
  const auto max_mib = optinet_reference::option_number(options, "--max-mib", 256, usage);
  const auto loads = optinet_reference::option_number(options, "--loads", 4000000, usage);
  if (max_mib < 1 || max_mib > 4096) usage("--max-mib out of range");
  if (loads < 1000 || loads > 10000000000ULL) usage("--loads out of range");
  std::mt19937_64 stream(optinet_reference::option_number(options, "--seed", 1, usage));
  std::vector<std::size_t> sizes;
  for (std::size_t mib = 1; mib <= max_mib; mib *= 2) {
    sizes.push_back(mib);
    if (mib >= 2 && mib * 3 / 2 <= max_mib) sizes.push_back(mib * 3 / 2);
  }
  std::sort(sizes.begin(), sizes.end());
  try {
    for (const std::size_t mib : sizes) {
      std::printf("{\"mib\": %zu, \"ns_per_load\": %.1f}\n", mib, chase_ns(mib, loads, stream));
      std::fflush(stdout);
    }
  } catch (const std::bad_alloc&) {
    std::fprintf(stderr,
                 "memory_latency: out of memory for the next buffer; try a smaller --max-mib\n");
    return 1;
  }
  return 0;
}
