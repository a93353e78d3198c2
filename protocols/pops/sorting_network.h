#pragma once
/// \file
/// The data-independent part of the `sorting` router (the deterministic online router of Datta
/// and Soundaralakshmi that Mei & Rizzi, sections II and IV, use as their rival): Batcher's
/// sorting networks as comparator stages on positions, the placement of positions on
/// POPS(d,g) processors, the sort key, the monotone "distribute" stages that follow the sort
/// when d < g, and the closed form of the slot count. Pure C++ (no SystemC), so it is tested
/// without the kernel.
///
/// Positions 0..n-1 (n = d*g, a power of two) are the wires of the sorting network. Position p
/// lives on processor node_of_position(p).
/// * d >= g: the network is read as k = d/g POPS(g,g) sub-networks (sub-network s = the
///   processors with index s*g .. s*g+g-1 of every group), and the sort runs inside each of
///   them on its own, as in [8]: the stages are Batcher's network on g^2 wires, applied to every
///   block of g^2 positions (sort_block()). Position p = s*g^2 + row*g + a is processor
///   (group a, index s*g + row): consecutive positions go round-robin over the groups, which the
///   class delivery (class_delivery.h) relies on. The sort key is the destination read class
///   first (sort_key()); the class delivery then takes the packets to their destinations.
/// * d < g: one block of n positions with the identity placement; the key is the destination,
///   and after the sort log n monotone "distribute" stages deliver.
///
/// Every stage is a matching of positions, hence (through the placement) of processors: Lemma
/// 2.2 realizes it in offline_slots(shape) slots (1 for d = 1, 2*ceil(d/g) otherwise) by
/// routing the matching's exchange permutation with Theorem 2.1's schedule. Which stage comes
/// when, and which processor is paired with which, depend on (d, g) only, never on the traffic.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "models/pops/pops_node.h"
#include "protocols/pops/offline_plan.h"

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

/// The stages of a sort of blocks of 2^log_block positions: the log_block(log_block + 1)/2
/// stages of the chosen sorter, then, if `distribute`, log_block distribute stages (highest
/// dimension first).
std::vector<SortStage> sorting_stages(std::uint32_t log_block, Sorter sorter, bool distribute);

/// Number of stages: L(L+1)/2, plus L distribute stages.
constexpr std::uint64_t sorting_stage_count(std::uint32_t log_block, bool distribute) {
  return std::uint64_t{log_block} * (log_block + 1) / 2 + (distribute ? log_block : 0);
}

/// The positions sorted together: g^2 (one POPS(g,g) sub-network) for d >= g, n for d < g.
std::uint32_t sort_block(const PopsShape& shape);
/// True if the router ends with distribute stages (d < g) rather than the class delivery.
inline bool uses_distribute(const PopsShape& shape) { return shape.d < shape.g; }
/// The stages of the router on this shape.
std::vector<SortStage> router_stages(const PopsShape& shape, Sorter sorter);

/// The sort key of a packet bound for `destination`. d < g: its position. d >= g: class first,
/// key = (X mod g)*d + A*(d/g) + X div g for destination (group A, index X), a bijection of
/// 0..n-1.
std::uint32_t sort_key(const PopsShape& shape, NodeId destination);

/// The closed-form slot count of `sorting` on POPS(d,g) (d, g powers of two), with
/// s = offline_slots(shape) (1 for d = 1, 2*ceil(d/g) otherwise) per comparator stage:
/// * d >= g, k = d/g, L = log2 g: L(2L+1) sort stages, the predecessor exchange (s slots) and
///   the class delivery (8k - 1): k(4L^2 + 2L) + 10k - 1 for d > 1; 8 for d = g = 1.
/// * d < g, L = log2 n: (L(L+1)/2 + L) * s.
/// The same for every (partial) permutation and both sorters.
std::uint64_t sorting_slots(const PopsShape& shape);

/// The paper's count for the algorithm of [8] (Mei & Rizzi section IV, corrected):
/// 4(d/g) log^2 g + 2(d/g) log g + 21 d/g + 3 log g + 7, with d/g a real number.
double paper_sorting_slots(const PopsShape& shape);

/// The position processor `node` holds, and its inverse.
std::uint32_t position_of_node(const PopsShape& shape, NodeId node);
NodeId node_of_position(const PopsShape& shape, std::uint32_t position);

/// The comparator partner of `position` in a stage applied to every block of `block` positions
/// (a power of two), and whether `position` keeps the minimum; nullopt if it is idle.
struct StageRole {
  std::uint32_t partner = 0;
  bool keeps_min = false;
};
std::optional<StageRole> stage_role(const SortStage& stage, std::uint32_t block,
                                    std::uint32_t position);

/// The comparators of a stage on n positions in blocks of `block` (low keeps the minimum), in
/// increasing low order.
std::vector<Comparator> stage_comparators(const SortStage& stage, std::uint32_t n,
                                          std::uint32_t block);

/// A distribute stage along dimension `dimension`: true if the packet at `position`, bound for
/// position `target`, crosses to position ^ dimension. After the sort the m packets sit at
/// positions 0..m-1 in increasing target order; crossing the dimensions highest first then never
/// puts two packets on one position (monotone routing on the butterfly) and ends with every
/// packet at its target.
inline bool distribute_moves(std::uint32_t dimension, std::uint32_t position,
                             std::uint32_t target) {
  return ((position ^ target) & dimension) != 0;
}

/// Applies `stages` to one value per position, in blocks of `block` positions (nullopt = no
/// packet, sorted after every value): the router's data movement without the network, for
/// tests. Returns false if a distribute stage would put two values on one position.
bool run_stages_on_values(const std::vector<SortStage>& stages, std::uint32_t block,
                          std::vector<std::optional<std::uint32_t>>& values);

}  // namespace optinet::pops
