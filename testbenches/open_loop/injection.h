#pragma once
/// \file
/// Open-loop traffic, as interconnect simulators such as BookSim run it: every node decides in
/// every slot whether it creates a new packet (an injection process), and a destination rule
/// picks each new packet's destination. A node draws both from its own random stream,
/// injection_rng(run seed, node), so runs do not depend on the order nodes are visited in.
///
/// Rates are packets per node per slot. Validation returns reasons (empty if fine); the command
/// turns them into usage errors.
#include <cstdint>
#include <string>

#include "models/core/packet.h"
#include "models/core/rng.h"

namespace optinet {

/// A node's injection stream for a run: stream (run seed, 3, node). Distinct from the node's
/// protocol stream (domain 1) and the permutation traffic stream (domain 2), so changing the
/// injection process leaves the protocol's draws alone.
Rng injection_rng(std::uint64_t run_seed, NodeId node);

/// Empty if `rate` is in [0, 1], otherwise why not.
std::string bernoulli_unavailable(double rate);

/// Empty if a bursty process with this long-run rate and mean burst exists, otherwise why not:
/// rate in [0, 1], mean_burst >= 1, and rate <= mean_burst / (mean_burst + 1) unless rate is 1
/// (the off state lasts at least one slot, so bursts of mean B leave at most B/(B+1) on).
std::string bursty_unavailable(double rate, double mean_burst);

/// One node's injection process; it keeps the node's on/off state, the caller its stream.
///
/// Bernoulli(R): a new packet with probability R in every slot, independently.
///
/// Bursty(R, B): a two-state Markov chain, on and off, stepped once per slot. In the on state
/// the node creates a packet in the slot, in the off state none. After the slot it goes
/// on -> off with probability a = 1/B (so bursts are geometric with mean B slots) and
/// off -> on with probability b = R a / (1 - R) = R / (B (1 - R)), so that the long-run share
/// of on slots, b / (a + b), is R. R = 1 is always on, R = 0 never. The first slot's state is
/// drawn from that long-run distribution (on with probability R): the process is stationary
/// from slot 0, with no warm-up of its own.
class InjectionProcess {
 public:
  /// Throws std::invalid_argument if bernoulli_unavailable(rate) is not empty.
  static InjectionProcess bernoulli(double rate);
  /// Throws std::invalid_argument if bursty_unavailable(rate, mean_burst) is not empty.
  static InjectionProcess bursty(double rate, double mean_burst);

  /// One slot: true if the node creates a new packet in it.
  bool inject(Rng& rng);

  double rate() const { return rate_; }
  bool is_bursty() const { return bursty_; }
  /// Bursty only: on -> off and off -> on probabilities per slot.
  double p_on_to_off() const { return on_to_off_; }
  double p_off_to_on() const { return off_to_on_; }

 private:
  InjectionProcess(double rate, bool bursty, double on_to_off, double off_to_on)
      : rate_(rate), bursty_(bursty), on_to_off_(on_to_off), off_to_on_(off_to_on) {}

  double rate_;
  bool bursty_;
  double on_to_off_;
  double off_to_on_;
  enum class State : std::uint8_t { kUnknown, kOn, kOff } state_ = State::kUnknown;
};

// Destination rules: each picks one packet's destination from (source, n, rng), with
// source < n. A rule's *_unavailable(n, ...) is empty when the rule is defined for n nodes;
// the rule's behaviour is undefined otherwise.

/// Empty if n >= 2.
std::string uniform_unavailable(std::uint32_t n);
/// Uniform over the n - 1 nodes other than the source.
NodeId uniform_destination(NodeId source, std::uint32_t n, Rng& rng);

/// Empty if n >= 2, hotspot < n and fraction in [0, 1].
std::string hotspot_unavailable(std::uint32_t n, NodeId hotspot, double fraction);
/// With probability `fraction` the hotspot, otherwise uniform (which may pick the hotspot
/// too: a source other than the hotspot picks it with probability F + (1 - F)/(n - 1)). The
/// hotspot itself always sends uniformly, never to itself.
NodeId hotspot_destination(NodeId source, std::uint32_t n, NodeId hotspot, double fraction,
                           Rng& rng);

/// Empty if n is a perfect square.
std::string transpose_unavailable(std::uint32_t n);
/// n = m*m nodes as an m x m array, node r*m + c at row r, column c: (r, c) -> (c, r). Nodes on
/// the diagonal get themselves. Draws nothing.
NodeId transpose_destination(NodeId source, std::uint32_t n);

/// Empty if n is a power of two.
std::string bit_reversal_unavailable(std::uint32_t n);
/// n = 2^b: the source's b-bit index reversed. Palindromes get themselves. Draws nothing.
NodeId bit_reversal_destination(NodeId source, std::uint32_t n);

/// Empty if n >= 2.
std::string neighbour_unavailable(std::uint32_t n);
/// (source + 1) mod n. Draws nothing.
NodeId neighbour_destination(NodeId source, std::uint32_t n);

/// Empty if n >= 3 (on 2 nodes tornado's offset is 0: nothing would be sent).
std::string tornado_unavailable(std::uint32_t n);
/// BookSim's tornado with the n nodes as one ring (radix n, one dimension, as neighbour):
/// (source + ceil(n/2) - 1) mod n, half way round less one. Draws nothing.
NodeId tornado_destination(NodeId source, std::uint32_t n);

/// Empty if n is a power of two of at least 2.
std::string shuffle_unavailable(std::uint32_t n);
/// BookSim's shuffle, n = 2^b: the source's b-bit index rotated left by one bit (the perfect
/// shuffle). Nodes 0 and n - 1 get themselves. Draws nothing.
NodeId shuffle_destination(NodeId source, std::uint32_t n);

/// Empty if n is a power of two of at least 2.
std::string bit_complement_unavailable(std::uint32_t n);
/// BookSim's bitcomp, n = 2^b: every bit of the source's b-bit index inverted, (n - 1) - source.
/// No node gets itself. Draws nothing.
NodeId bit_complement_destination(NodeId source, std::uint32_t n);

}  // namespace optinet
