#pragma once
/// \file
/// Permutation traffic for permutation-routing networks: destination per source, kNoNode where
/// a source has no packet (partial permutations).
#include <cstdint>
#include <string>
#include <vector>

#include "models/core/packet.h"
#include "models/core/rng.h"

namespace optinet {

using Permutation = std::vector<NodeId>;

enum class PermutationKind { kRandom, kIdentity, kBitReversal, kTranspose, kPartial, kFile };

/// Parses a --traffic name; throws UsageError naming the accepted ones (and, where
/// `file_offered`, --permutation-file).
PermutationKind permutation_kind(const std::string& name, bool file_offered = true);
std::string permutation_kind_name(PermutationKind kind);
/// The permutation patterns --traffic names (every kind but kFile), comma-separated.
std::string permutation_kind_names();
/// Empty if `kind` can be built for n nodes, otherwise why not.
std::string permutation_unavailable(PermutationKind kind, std::uint32_t n);

/// Builds a permutation of `kind` (not kFile) on n nodes, drawing from `rng` where random.
Permutation make_permutation(PermutationKind kind, std::uint32_t n, Rng& rng);

/// Empty if `p` is a partial permutation of 0..n-1 (n entries, each destination used at most
/// once), otherwise a message naming the first offending source.
std::string check_partial_permutation(const Permutation& p, std::uint32_t n);

/// Reads a permutation file: n whitespace-separated destinations, one per source in order;
/// "-" (or -1) for a source without a packet; '#' starts a comment. The file is read with a
/// bound (permutation_file_bound) and must be text. Throws UsageError.
Permutation read_permutation_file(const std::string& path, std::uint32_t n);
/// The text of a permutation file; `path` only names it in errors. Throws UsageError.
Permutation parse_permutation_text(const std::string& text, const std::string& path,
                                   std::uint32_t n);
/// Largest permutation file read for n nodes: room for n destinations and generous comments.
std::size_t permutation_file_bound(std::uint32_t n);

/// The traffic generator's random stream for a run: stream (run seed, 2, 0). Every testbench
/// draws its traffic from it, so a seed names the same traffic in every driver.
Rng traffic_rng(std::uint64_t run_seed);

/// A run's packets: `file` if `kind` is kFile, otherwise a permutation of `kind` on n nodes
/// drawn from traffic_rng(run_seed).
std::vector<Packet> permutation_packets(PermutationKind kind, const Permutation& file,
                                        std::uint32_t n, std::uint64_t run_seed);

/// The packets of a permutation: packet id = source, payload a function of (seed, id).
std::vector<Packet> packets_of(const Permutation& p, std::uint64_t run_seed);
std::uint64_t payload_of(std::uint64_t run_seed, std::uint32_t packet_id);

}  // namespace optinet
