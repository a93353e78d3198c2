#pragma once
/// \file
/// h-relations (Valiant): every processor sends at most h messages and is the destination of
/// at most h; no processor sends to itself. On the MOB-PC a destination may be any processor of
/// the p x p array (the protocols route through the row and column buses).
#include <cstdint>
#include <string>
#include <vector>

#include "models/core/packet.h"
#include "models/core/rng.h"

namespace optinet {

/// One message of a relation.
struct RelationPair {
  NodeId source = kNoNode;
  NodeId destination = kNoNode;
};
using Relation = std::vector<RelationPair>;

enum class RelationKind { kRandom, kPermutation, kLowerBound, kFile };

/// Parses a --traffic name; throws UsageError naming the accepted ones.
RelationKind relation_kind(const std::string& name);
std::string relation_kind_name(RelationKind kind);
/// Names accepted by --traffic, for messages.
std::string relation_kind_names();
/// The smallest h the relations of `kind` need (permutation 1, lower-bound 2, random 1).
std::uint32_t minimum_h(RelationKind kind);
/// Empty if `kind` (not kFile) can be built on n processors with this h, otherwise why not.
std::string relation_unavailable(RelationKind kind, std::uint32_t n, std::uint32_t h);

/// Builds a relation (not kFile) on n >= 2 processors:
///  * kRandom: the union of h random permutations, each with its fixed points swapped away, so
///    every processor sends exactly h messages and receives exactly h;
///  * kPermutation: one such permutation (a 1-relation);
///  * kLowerBound: section 3's 2-relation: floor(n/4) disjoint triples of distinct processors,
///    two senders with one message each to a common destination (3n/4 processors involved).
///    The proof picks the pairs against the algorithm's strategy; for the symmetric protocols
///    here every choice is equally bad, so the triples are drawn at random.
Relation make_relation(RelationKind kind, std::uint32_t n, std::uint32_t h, Rng& rng);

/// A random function on n processors: every processor one message, to a processor drawn
/// uniformly (itself included; a processor may be the destination of several).
Relation random_function(std::uint32_t n, Rng& rng);

/// Empty if `r` is an h-relation on n processors, otherwise a message naming the first
/// processor that breaks it (or the bad pair).
std::string check_h_relation(const Relation& r, std::uint32_t n, std::uint32_t h);

/// Reads "source destination" lines ('#' starts a comment) and checks the h bound. Throws
/// UsageError naming --relation-file and, if the bound is broken, the processor.
Relation read_relation_file(const std::string& path, std::uint32_t n, std::uint32_t h);
/// The relation traffic a command was given, checked before anything runs: for kFile the file
/// at `path` is read and checked against h, and returned; any other kind is checked for n and
/// h (an empty relation is returned). Throws UsageError naming --relation-file, or for a kind
/// that cannot be built --h if `h_given`, otherwise --traffic.
Relation checked_relation(RelationKind kind, const std::string& path, std::uint32_t n,
                          std::uint32_t h, bool h_given);
/// The text of a relation file; `path` only names it in errors. Throws UsageError.
Relation parse_relation_text(const std::string& text, const std::string& path, std::uint32_t n,
                             std::uint32_t h);
/// Largest relation file read: room for h n lines and generous comments.
std::size_t relation_file_bound(std::uint32_t n, std::uint32_t h);

/// The packets of a relation: packet id = index in the relation, payload from (seed, id).
std::vector<Packet> packets_of(const Relation& r, std::uint64_t run_seed);

/// A run's packets: `file` if `kind` is kFile, otherwise make_relation(kind, n, h) drawn from
/// traffic_rng(run_seed).
std::vector<Packet> relation_packets(RelationKind kind, const Relation& file, std::uint32_t n,
                                     std::uint32_t h, std::uint64_t run_seed);

}  // namespace optinet
