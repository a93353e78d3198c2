#pragma once
/// \file
/// The data-independent part of the `sorting` router (the deterministic online router of Datta
/// and Soundaralakshmi that Mei & Rizzi, sections II and IV, use as their rival): Batcher's
/// sorting networks as comparator stages on positions, the placement of positions on
/// POPS(d,g) processors, the monotone "distribute" stages that follow the sort, and the closed
/// form of the slot count. Pure C++ (no SystemC), so it is tested without the kernel.
///
/// Positions 0..n-1 (n = d*g, a power of two) are the wires of the sorting network. Position p
/// lives on processor node_of_position(p): for d >= g the network is read as d/g POPS(g,g)
/// sub-networks (sub-network k = the processors with index kg..kg+g-1 of every group), and
/// p = k*g^2 + q puts the g^2 positions of block k on sub-network k, q = group*g + column. The
/// first 2 log g merge levels of Batcher's network then compare positions of one POPS(g,g)
/// sub-network only; the last log(d/g) levels merge across sub-networks. For d < g the
/// placement is the identity.
///
/// Every stage is a matching of positions, hence (through the placement) of processors: Lemma
/// 2.2 realizes it in offline_slots(shape) slots (1 for d = 1, 2*ceil(d/g) otherwise) by
/// routing the matching's exchange permutation with Theorem 2.1's schedule. Which stage comes
/// when, and which processor is paired with which, depend on (d, g) only, never on the traffic.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "protocols/pops/offline_plan.h"
#include "protocols/pops/pops_node.h"

namespace optinet::pops {

/// Which of Batcher's networks sorts.
enum class Sorter : std::uint8_t {
  kOddEvenMerge,  ///< odd-even merge sort (Knuth's merge exchange form), the default
  kBitonic        ///< bitonic sort: every stage is an exchange along one dimension
};

/// One stage of the router. Sort stages compare; distribute stages move packets along one
/// dimension (see distribute_moves()).
struct SortStage {
  enum class Kind : std::uint8_t { kOddEvenMerge, kBitonic, kDistribute } kind;
  /// Odd-even merge: merge block half-size p, comparator distance k (pairs (x, x+k)).
  /// Bitonic: sequence size p (a power of two >= 2), distance k (pairs (x, x^k)).
  /// Distribute: dimension k (pairs (x, x^k)), p unused.
  std::uint32_t p = 0;
  std::uint32_t k = 0;
};

/// log2(n) if n is a power of two, otherwise nullopt.
std::optional<std::uint32_t> exact_log2(std::uint64_t n);

/// Empty if `sorting` runs on this shape, otherwise why not (for a usage error naming --d/--g).
std::string sorting_unavailable(const PopsShape& shape);

/// The stages of the router for n = 2^log_n positions: the log_n(log_n + 1)/2 stages of the
/// chosen sorter, then log_n distribute stages (highest dimension first).
std::vector<SortStage> sorting_stages(std::uint32_t log_n, Sorter sorter);

/// Number of stages: L(L+1)/2 + L for n = 2^L.
constexpr std::uint64_t sorting_stage_count(std::uint32_t log_n) {
  return std::uint64_t{log_n} * (log_n + 1) / 2 + log_n;
}

/// The closed-form slot count of `sorting` on POPS(d,g) (n a power of two):
/// (L(L+1)/2 + L) * s, L = log2(n), s = 1 for d = 1 and 2*ceil(d/g) for d > 1. The same for
/// every (partial) permutation and both sorters. For d = g: 4 log^2 g + 6 log g.
std::uint64_t sorting_slots(const PopsShape& shape);

/// The paper's count for the algorithm of [8] (Mei & Rizzi section IV, corrected):
/// 4(d/g) log^2 g + 2(d/g) log g + 21 d/g + 3 log g + 7, with d/g a real number.
double paper_sorting_slots(const PopsShape& shape);

/// The position processor `node` holds, and its inverse.
std::uint32_t position_of_node(const PopsShape& shape, NodeId node);
NodeId node_of_position(const PopsShape& shape, std::uint32_t position);

/// The comparator partner of `position` in a sort stage, and whether `position` keeps the
/// minimum; nullopt if the position is idle in that stage.
struct StageRole {
  std::uint32_t partner = 0;
  bool keeps_min = false;
};
std::optional<StageRole> stage_role(const SortStage& stage, std::uint32_t n,
                                    std::uint32_t position);

/// The comparators of a stage on positions (low keeps the minimum), in increasing low order.
std::vector<Comparator> stage_comparators(const SortStage& stage, std::uint32_t n);

/// A distribute stage along dimension `dimension`: true if the packet at `position`, bound for
/// position `target`, crosses to position ^ dimension. After the sort the m packets sit at
/// positions 0..m-1 in increasing target order; crossing the dimensions highest first then never
/// puts two packets on one position (monotone routing on the butterfly) and ends with every
/// packet at its target.
inline bool distribute_moves(std::uint32_t dimension, std::uint32_t position,
                             std::uint32_t target) {
  return ((position ^ target) & dimension) != 0;
}

/// Applies the stages of `sorting_stages(log_n, sorter)` to one value per position (nullopt =
/// no packet, sorted after every value): the router's data movement without the network, for
/// tests. Returns false if a distribute stage would put two values on one position.
bool run_stages_on_values(const std::vector<SortStage>& stages,
                          std::vector<std::optional<std::uint32_t>>& values);

}  // namespace optinet::pops
