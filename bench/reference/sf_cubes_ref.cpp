// A bare reference loop of store-and-forward routing with CUBES on the n-cube (Valiant and
// Brebner, sections 4 and 7), plain C++: no SystemC, nothing of the model linked in. It keeps
// the state optinet's nodes keep (one FIFO per out-edge, the packets in one array, a ticket of
// dimensions per packet) and moves packets with the same slot semantics as
// models/sf/sf_node.cpp under unbounded queues (every offer is admitted):
//   - at slot 0 each node prepares its packet's Phase A ticket: dimension i, ascending, with
//     probability 1/2;
//   - in every slot each non-empty queue sends its head over its link; a packet that crossed in
//     slot t is at the far node at slot t + 1, which queues it on its next dimension;
//   - a packet whose Phase A ticket is done prepares Phase B where it is (the dimensions in
//     which it and its destination differ, ascending); one with nothing left is delivered.
// Its purpose is the cost of a packet-hop without the model (how the hop rate falls
// from n = 12 to n = 16 when nothing but the algorithm's own memory traffic is left); only the
// distribution of the slot count is meant to match optinet's, not its draws.
// Two queue layouts: `vector`, a std::vector per out-edge queue (as optinet's nodes once kept
// them), and `list`, queues threaded through the packets (a head and a tail index per queue, a link
// in each packet: the most compact). The list is safe here because a slot takes every head off
// before it places any packet; in optinet a far end may place a packet before its source drops it,
// so a packet can be in two queues at once.
//
// --edge-bytes B adds a record of B bytes per out-edge, node x's dimension d at x n + d, which
// each hop updates at its source (as it leaves the queue) and at its next node (as it joins the
// next queue), as optinet's edge records (queue and link, 32 bytes) once were:
// what state per edge touched by every hop costs once the network leaves the caches. 0: none.
//
// Usage: sf_cubes_ref --n N [--runs R] [--seed S] [--queues vector|list] [--edge-bytes B]
//        (2^N nodes, random permutations)
// Prints one JSON object: n, nodes, queues, edge_bytes, runs, seconds of the runs, packet-hops,
// slots per run.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "bench/reference/reference_common.h"

namespace {

using namespace optinet_reference;  // NOLINT: the loops' shared helpers

constexpr unsigned kMaxDimensions = 24;

struct Packet {
  std::uint32_t destination;
  std::uint8_t phase;  // 0: A (to the random intermediate node), 1: B (to the destination)
  std::uint8_t next;   // position in dims of the next dimension to cross
  std::uint8_t count;  // dimensions in the ticket
  std::uint8_t dims[kMaxDimensions];
  std::uint32_t link;  // ListQueues: the next packet in its queue
};

/// A std::vector per queue (FIFO: push at the back, take from the front).
class VectorQueues {
 public:
  VectorQueues(std::size_t queues, std::vector<Packet>&) : queues_(queues) {}
  void clear() {
    for (auto& q : queues_) q.clear();
  }
  void push(std::size_t q, std::uint32_t i) { queues_[q].push_back(i); }
  /// Takes the head of non-empty queue q; returns it and whether q is empty now.
  std::pair<std::uint32_t, bool> pop(std::size_t q) {
    std::vector<std::uint32_t>& v = queues_[q];
    const std::uint32_t i = v.front();
    v.erase(v.begin());
    return {i, v.empty()};
  }

 private:
  std::vector<std::vector<std::uint32_t>> queues_;
};

/// Queues threaded through the packets: a head and a tail per queue.
class ListQueues {
 public:
  static constexpr std::uint32_t kEnd = 0xffffffffU;
  ListQueues(std::size_t queues, std::vector<Packet>& packets)
      : head_(queues, kEnd), tail_(queues, kEnd), packets_(packets) {}
  void clear() { std::fill(head_.begin(), head_.end(), kEnd); }
  void push(std::size_t q, std::uint32_t i) {
    packets_[i].link = kEnd;
    if (head_[q] == kEnd) {
      head_[q] = i;
    } else {
      packets_[tail_[q]].link = i;
    }
    tail_[q] = i;
  }
  std::pair<std::uint32_t, bool> pop(std::size_t q) {
    const std::uint32_t i = head_[q];
    head_[q] = packets_[i].link;
    return {i, head_[q] == kEnd};
  }

 private:
  std::vector<std::uint32_t> head_;
  std::vector<std::uint32_t> tail_;
  std::vector<Packet>& packets_;
};

struct RunResult {
  std::uint64_t slots;
  std::uint64_t hops;
};

template <typename Queues>
class Cube {
 public:
  /// edge_words: the 4-byte words of each out-edge's record (0: no records).
  Cube(unsigned n, unsigned edge_words)
      : n_(n),
        nodes_(std::uint32_t{1} << n),
        packets_(nodes_),
        queues_(std::size_t{nodes_} * n, packets_),
        nonempty_(nodes_, 0),
        delivered_(nodes_, 0),
        edge_words_(edge_words),
        edges_(std::size_t{nodes_} * n * edge_words, 0) {}

  RunResult run(Stream& rng) {
    // A random permutation: packet x goes from node x to destination[x].
    std::vector<std::uint32_t> destination(nodes_);
    for (std::uint32_t i = 0; i < nodes_; ++i) destination[i] = i;
    for (std::uint32_t i = nodes_; i > 1; --i)
      std::swap(destination[i - 1], destination[rng.below(i)]);
    queues_.clear();
    std::fill(nonempty_.begin(), nonempty_.end(), 0u);
    std::fill(delivered_.begin(), delivered_.end(), 0u);
    pending_ = nodes_;
    for (std::uint32_t x = 0; x < nodes_; ++x) {
      Packet& p = packets_[x];
      p.destination = destination[x];
      p.phase = 0;
      p.next = 0;
      p.count = 0;
      for (unsigned i = 0; i < n_; ++i) {
        if (rng.below(2) != 0) p.dims[p.count++] = static_cast<std::uint8_t>(i);
      }
      place(x, x);
    }
    std::uint64_t slot = 0;
    std::uint64_t hops = 0;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> crossing;  // (packet, far node)
    while (pending_ > 0) {
      crossing.clear();
      for (std::uint32_t x = 0; x < nodes_; ++x) {
        for (std::uint32_t m = nonempty_[x]; m != 0; m &= m - 1) {
          const unsigned dim = static_cast<unsigned>(__builtin_ctz(m));
          const auto [packet, emptied] = queues_.pop(std::size_t{x} * n_ + dim);
          crossing.emplace_back(packet, x ^ (std::uint32_t{1} << dim));
          touch_edge(std::size_t{x} * n_ + dim);
          if (emptied) nonempty_[x] &= ~(std::uint32_t{1} << dim);
        }
      }
      hops += crossing.size();
      ++slot;
      for (const auto& [packet, node] : crossing) {
        ++packets_[packet].next;
        place(packet, node);
      }
    }
    for (std::uint32_t x = 0; x < nodes_; ++x) {
      if (delivered_[x] != 1) {
        std::fprintf(stderr, "conservation: node %u received %u packets\n", x, delivered_[x]);
        std::exit(1);
      }
    }
    return {slot, hops};
  }

  /// The updates the edge records took over all runs: every hop leaves one queue and joins
  /// another (all queues are empty after a run), so twice the hops where records are kept.
  std::uint64_t edge_updates() const {
    std::uint64_t sum = 0;
    for (std::size_t e = 0; e < edges_.size(); e += edge_words_) sum += edges_[e];
    return sum;
  }

 private:
  /// Packet `i` is at `node`: queue it on its next dimension, start Phase B, or deliver it.
  void place(std::uint32_t i, std::uint32_t node) {
    Packet& p = packets_[i];
    if (p.next == p.count && p.phase == 0) {
      p.phase = 1;
      p.next = 0;
      p.count = 0;
      for (unsigned d = 0; d < n_; ++d) {
        if (((node ^ p.destination) >> d) & 1u) p.dims[p.count++] = static_cast<std::uint8_t>(d);
      }
    }
    if (p.next == p.count) {
      ++delivered_[node];
      --pending_;
      if (node != p.destination) {
        std::fprintf(stderr, "packet %u delivered at %u, not %u\n", i, node, p.destination);
        std::exit(1);
      }
      return;
    }
    const unsigned dim = p.dims[p.next];
    queues_.push(std::size_t{node} * n_ + dim, i);
    touch_edge(std::size_t{node} * n_ + dim);
    nonempty_[node] |= std::uint32_t{1} << dim;
  }

  /// Updates the record of out-edge `edge` (its first word), if records are kept.
  void touch_edge(std::size_t edge) {
    if (edge_words_ != 0) ++edges_[edge * edge_words_];
  }

  unsigned n_;
  std::uint32_t nodes_;
  std::vector<Packet> packets_;
  Queues queues_;                        ///< node x's queue on dimension d at x n + d
  std::vector<std::uint32_t> nonempty_;  ///< per node, bit d: queue d holds a packet
  std::vector<std::uint32_t> delivered_;
  std::uint32_t pending_ = 0;
  unsigned edge_words_;
  std::vector<std::uint32_t> edges_;  ///< --edge-bytes: node x's out-edge d at x n + d
};

[[noreturn]] void usage(const char* what) {
  std::fprintf(stderr,
               "%s\nusage: sf_cubes_ref --n N [--runs R] [--seed S] [--queues vector|list] "
               "[--edge-bytes B]\n",
               what);
  std::exit(2);
}

template <typename Queues>
void run_all(unsigned n, std::uint64_t runs, std::uint64_t seed, const char* layout,
             unsigned edge_bytes) {
  Cube<Queues> cube(n, edge_bytes / 4);
  std::vector<std::uint64_t> slots;
  std::uint64_t hops = 0;
  const auto t0 = std::chrono::steady_clock::now();
  for (std::uint64_t r = 0; r < runs; ++r) {
    std::uint64_t mix = seed * 0x100000001b3ULL ^ r;
    Stream rng(splitmix64(mix));
    const RunResult result = cube.run(rng);
    slots.push_back(result.slots);
    hops += result.hops;
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (edge_bytes != 0 && cube.edge_updates() != 2 * hops) {
    std::fprintf(stderr, "edge records: %llu updates for %llu hops\n",
                 static_cast<unsigned long long>(cube.edge_updates()),
                 static_cast<unsigned long long>(hops));
    std::exit(1);
  }
  std::printf(
      "{\"n\": %u, \"nodes\": %u, \"queues\": \"%s\", \"edge_bytes\": %u, \"runs\": %llu, "
      "\"seconds\": %.6f, \"hops\": %llu, ",
      n, 1u << n, layout, edge_bytes, static_cast<unsigned long long>(runs), seconds,
      static_cast<unsigned long long>(hops));
  print_slots(slots);
}

}  // namespace

int main(int argc, char** argv) {
  const auto options =
      parse_options(argc, argv, {"--n", "--runs", "--seed", "--queues", "--edge-bytes"}, usage);
  const auto n_option = option_number(options, "--n", 0, usage);
  const std::uint64_t runs = option_number(options, "--runs", 1, usage);
  const std::uint64_t seed = option_number(options, "--seed", 1, usage);
  const std::string layout = options.count("--queues") ? options.at("--queues") : "vector";
  if (n_option < 1 || n_option > kMaxDimensions) usage("--n: an integer in [1, 24]");
  const auto n = static_cast<unsigned>(n_option);
  if (runs < 1) usage("--runs: an integer >= 1");
  if (layout != "vector" && layout != "list") usage("--queues: vector or list");
  const std::uint64_t edge_bytes = option_number(options, "--edge-bytes", 0, usage);
  if (edge_bytes % 4 != 0 || edge_bytes > 256) {
    usage("--edge-bytes: a multiple of 4 from 0 to 256");
  }
  const auto bytes = static_cast<unsigned>(edge_bytes);
  if (layout == "list") {
    run_all<ListQueues>(n, runs, seed, "list", bytes);
  } else {
    run_all<VectorQueues>(n, runs, seed, "vector", bytes);
  }
  return 0;
}
