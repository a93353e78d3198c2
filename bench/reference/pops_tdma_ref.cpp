// A bare reference loop of TDMA on POPS(d,g), d <= g, under open-loop Bernoulli uniform traffic:
// plain C++, no SystemC, nothing of the model linked in, doing the job `optinet pops --protocol
// tdma --traffic bernoulli --rate R --warmup W --measure M` does, with the same draws:
//   * node i's host draws from the injection stream (seed, 3, i): in every slot a packet with
//     probability R, then its destination uniform among the other n - 1 nodes; the packet waits
//     in the node's queue for that destination (a FIFO per (source, destination) pair);
//   * in slot t, node (a, k) reaches ((a + k + s1) mod g, (k + s2) mod d), s1 = t mod g,
//     s2 = (t div g) mod d (protocols/pops/tdma.h), and sends the oldest packet it holds for it;
//     the packet is delivered in slot t + 1 (its latency: t + 1 - its creation slot);
//   * packets created in [W, W + M) are labelled; the run stops in the first slot from W + M on
//     in which every labelled packet was delivered, or as saturated once the packets created and
//     not delivered pass optinet's default --max-backlog per node (the larger of 4096 and
//     4 frames of n slots).
// Usage: pops_tdma_ref --d D --g G --rate-ppm P --warmup W --measure M [--seed S]
// (the rate in packets per million slots). Prints one JSON object with the run's slots,
// created, delivered, labelled, labelled_delivered, latency mean, p50, p99 and max, the same
// fields as optinet's JSON run (bench/reference_ratio_tdma.py compares them), and the seconds of
// the run.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "bench/reference/reference_common.h"

namespace {

using namespace optinet_reference;  // NOLINT: the loops' shared helpers

constexpr std::uint32_t kNone = 0xffffffffU;

[[noreturn]] void usage(const char* why) {
  std::fprintf(stderr,
               "pops_tdma_ref: %s (usage: pops_tdma_ref --d D --g G --rate-ppm P --warmup W "
               "--measure M [--seed S], d <= g)\n",
               why);
  std::exit(2);
}

/// models/core/rng.h's mix64.
std::uint64_t mix(std::uint64_t x) { return splitmix64(x); }

/// The FIFO of every (source, destination) pair: entries in one pool, a tail per pair whose
/// link points at the head.
class PairQueues {
 public:
  explicit PairQueues(std::uint32_t n) : n_(n), tail_(std::size_t{n} * n, kNone) {}
  void push(std::uint32_t from, std::uint32_t to, std::uint32_t created) {
    std::uint32_t i = free_;
    if (i == kNone) {
      i = static_cast<std::uint32_t>(pool_.size());
      pool_.push_back({});
    } else {
      free_ = pool_[i].next;
    }
    pool_[i].created = created;
    std::uint32_t& t = tail_[std::size_t{from} * n_ + to];
    pool_[i].next = t == kNone ? i : pool_[t].next;
    if (t != kNone) pool_[t].next = i;
    t = i;
  }
  /// Pops the pair's oldest creation slot, or returns kNone.
  std::uint32_t pop(std::uint32_t from, std::uint32_t to) {
    std::uint32_t& t = tail_[std::size_t{from} * n_ + to];
    if (t == kNone) return kNone;
    const std::uint32_t head = pool_[t].next;
    const std::uint32_t created = pool_[head].created;
    if (head == t) {
      t = kNone;
    } else {
      pool_[t].next = pool_[head].next;
    }
    pool_[head].next = free_;
    free_ = head;
    return created;
  }

 private:
  struct Entry {
    std::uint32_t created;
    std::uint32_t next;
  };
  std::uint32_t n_;
  std::vector<std::uint32_t> tail_;
  std::vector<Entry> pool_;
  std::uint32_t free_ = kNone;
};

}  // namespace

int main(int argc, char** argv) {
  const auto options = parse_options(
      argc, argv, {"--d", "--g", "--rate-ppm", "--warmup", "--measure", "--seed"}, usage);
  const auto d = static_cast<std::uint32_t>(option_number(options, "--d", 16, usage));
  const auto g = static_cast<std::uint32_t>(option_number(options, "--g", 16, usage));
  const double rate =
      static_cast<double>(option_number(options, "--rate-ppm", 500000, usage)) / 1e6;
  const std::uint64_t warmup = option_number(options, "--warmup", 1000, usage);
  const std::uint64_t measure = option_number(options, "--measure", 10000, usage);
  const std::uint64_t seed = option_number(options, "--seed", 1, usage);
  if (d == 0 || g == 0 || d > g || rate > 1.0) usage("needs 1 <= d <= g and a rate up to 10^6 ppm");
  const std::uint32_t n = d * g;
  const std::uint64_t window_end = warmup + measure;
  const std::uint64_t max_backlog = std::max<std::uint64_t>(4096, 4ULL * n) * n;

  const auto start = std::chrono::steady_clock::now();
  std::vector<Stream> streams;
  streams.reserve(n);
  for (std::uint32_t i = 0; i < n; ++i)
    streams.push_back(Stream::as_model(mix(mix(mix(seed) ^ 3) ^ i)));
  PairQueues queues(n);
  std::vector<std::uint32_t> in_flight;  // creation slots of the packets sent this slot
  std::vector<std::uint64_t> latencies;  // count per latency, labelled packets
  std::uint64_t created = 0, delivered = 0, labelled = 0, labelled_delivered = 0;
  std::uint64_t latency_sum = 0;
  std::uint64_t slot = 0;
  for (;; ++slot) {
    // Deliveries of the frames sent in the last slot.
    for (std::uint32_t c : in_flight) {
      ++delivered;
      if (c >= warmup && c < window_end) {
        const std::uint64_t latency = slot - c;
        if (latencies.size() <= latency) latencies.resize(latency + 1, 0);
        ++latencies[latency];
        latency_sum += latency;
        ++labelled_delivered;
      }
    }
    in_flight.clear();
    // Creations of this slot, then every node sends to the node the schedule gives it.
    const std::uint32_t s1 = static_cast<std::uint32_t>(slot % g);
    const std::uint32_t s2 = static_cast<std::uint32_t>((slot / g) % d);
    for (std::uint32_t i = 0; i < n; ++i) {
      Stream& r = streams[i];
      if (!(rate >= 1.0 || static_cast<double>(r.next() >> 11) * 0x1.0p-53 < rate)) continue;
      const std::uint32_t x = r.below(n - 1);
      queues.push(i, x >= i ? x + 1 : x, static_cast<std::uint32_t>(slot));
      ++created;
      if (slot >= warmup && slot < window_end) ++labelled;
    }
    for (std::uint32_t a = 0; a < g; ++a) {
      for (std::uint32_t k = 0; k < d; ++k) {
        const std::uint32_t to = ((a + k + s1) % g) * d + (k + s2) % d;
        const std::uint32_t c = queues.pop(a * d + k, to);
        if (c != kNone) in_flight.push_back(c);
      }
    }
    const bool drained = slot >= window_end && labelled_delivered == labelled;
    if (drained || created - delivered > max_backlog) break;
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const auto percentile = [&](double p) -> std::uint64_t {
    if (labelled_delivered == 0) return 0;
    auto rank = static_cast<std::uint64_t>(std::ceil(p * labelled_delivered / 100.0L));
    if (rank < 1) rank = 1;
    std::uint64_t seen = 0;
    for (std::size_t l = 0; l < latencies.size(); ++l) {
      seen += latencies[l];
      if (seen >= rank) return l;
    }
    return latencies.size() - 1;
  };
  std::printf(
      "{\"n\": %u, \"slots\": %llu, \"created\": %llu, \"delivered\": %llu, \"labelled\": %llu, "
      "\"labelled_delivered\": %llu, \"latency_mean\": %.17g, \"latency_p50\": %llu, "
      "\"latency_p99\": %llu, \"latency_max\": %llu, \"seconds\": %.6f}\n",
      n, static_cast<unsigned long long>(slot), static_cast<unsigned long long>(created),
      static_cast<unsigned long long>(delivered), static_cast<unsigned long long>(labelled),
      static_cast<unsigned long long>(labelled_delivered),
      labelled_delivered ? static_cast<double>(latency_sum) / labelled_delivered : 0.0,
      static_cast<unsigned long long>(percentile(50)),
      static_cast<unsigned long long>(percentile(99)),
      static_cast<unsigned long long>(latencies.empty() ? 0 : latencies.size() - 1), seconds);
  return 0;
}
