#pragma once
/// \file
/// The decisions of the randomized router of Mei & Rizzi (section III), as pure functions of
/// what a node knows, so they can be tested without the SystemC kernel.
///
/// d = g (section III.A) exactly as in the paper: a packet picks a uniformly random intermediate
/// (relay) group r; in slots 1 and 2 the processor with index k in a group listens to group k.
///
/// d > g (section III.B): the paper's participation law, plus one choice the text leaves open.
/// With d > g, the d/g destinations x of a group B that share x mod g share the coupler
/// c(B, x mod g) of slot 5, so two copies of such packets that both survive slots 1 and 2 would
/// collide in slot 5 after their sources had already been acknowledged (a lost packet). We keep
/// the five slots and Proposition 3.2 by keying the relay group on (group(x), x mod g, step)
/// with a hash of the run's common seed: packets sharing a slot-5 coupler pick the same relay
/// group and so meet at a coupler in slot 1 or 2, where a collision only means "retry". Once the
/// law reaches probability 1, a packet whose last attempt failed takes part with
/// probability 1/2 (two packets sharing a key would otherwise collide forever).
///
/// d < g (our variant; the paper reduces to d = g without details): a group has only d
/// receivers for g source groups, so listening is rotated. In step s the processor with index k
/// of relay group r hears source group (r + k + rho(s)) mod g, rho(s) = s(2d-1) mod g, and the
/// processor with index k of temporary group t hears relay group (t + k) mod g. A packet picks a
/// uniformly random relay group among those where both hops have a listener; every
/// (source, temporary) pair of groups has one within ceil(g / (2d-1)) steps. Every coupler of
/// slots 3-5 then still has a single sender, as in Proposition 3.2. Two packets of one source
/// group with the same temporary group may have a single usable relay, so here too a packet
/// whose last attempt failed takes part with probability 1/2.
#include <cstdint>
#include <optional>

#include "models/core/rng.h"
#include "models/networks/pops_node.h"

namespace optinet::pops {

/// The temporary destination group of destination x: Delta(x) = x mod g.
inline std::uint32_t temporary_group(const PopsShape& s, NodeId x) { return x % s.g; }

/// Probability that a pending packet takes part in step `step` (1-based): for d > g,
/// g / (d - g(step-1)/c_plus_eps) until that reaches 1 (section III.B); 1 otherwise.
double participation_probability(const PopsShape& s, std::uint64_t step, double c_plus_eps);

/// Slot 1: the source group whose coupler processor (relay_group, index) listens to in `step`.
std::optional<std::uint32_t> relay_hears(const PopsShape& s, std::uint64_t step,
                                         std::uint32_t relay_group, std::uint32_t index);
/// Slot 2: the relay group whose coupler processor (temporary_group, index) listens to.
std::optional<std::uint32_t> holder_hears(const PopsShape& s, std::uint64_t step,
                                          std::uint32_t temporary_group, std::uint32_t index);
/// True if some processor of relay group r hears source group a in slot 1 and some processor of
/// group t hears relay group r in slot 2 of `step`.
bool relay_usable(const PopsShape& s, std::uint64_t step, std::uint32_t source_group,
                  std::uint32_t relay_group, std::uint32_t temporary_group);

/// d > g: the relay group shared by all packets whose slot-5 coupler is c(group(x), x mod g).
std::uint32_t keyed_relay_group(const PopsShape& s, std::uint64_t run_seed, std::uint64_t step,
                                NodeId destination);

/// How a packet picks its relay group when d > g.
enum class RelayRule {
  kKeyed,       ///< keyed on the slot-5 coupler (our correct variant, the default)
  kIndependent  ///< uniformly at random, as the paper's text reads (loses packets for d > g)
};

/// The relay group of a packet from `source_group` to `destination` in `step`, or nullopt if
/// no relay group is usable this step (only possible for d < g).
std::optional<std::uint32_t> choose_relay_group(const PopsShape& s, std::uint64_t run_seed,
                                                std::uint64_t step, std::uint32_t source_group,
                                                NodeId destination, Rng& rng,
                                                RelayRule rule = RelayRule::kKeyed);

}  // namespace optinet::pops
