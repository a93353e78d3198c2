#pragma once
/// \file
/// The decisions of the randomized router of Mei & Rizzi (section III), as pure functions of
/// what a node knows, so they can be tested without the SystemC kernel.
///
/// d = g (section III.A) exactly as in the paper: a packet picks a uniformly random intermediate
/// (relay) group r; in slots 1 and 2 the processor with index k in a group listens to group k.
///
/// d > g (section III.B): the d/g destinations x of a group B that share x mod g share the
/// coupler c(B, x mod g) of slot 5, so read literally (a private random relay group per packet,
/// RelayRule::kIndependent, `randomized-literal`) two copies can both survive slots 1-2, both
/// sources are acknowledged and both copies die in slot 5: a lost packet. Two
/// changes, computed by every node from the step and its packet's destination:
///  * the key rotates: with L = ceil(d/g) layers, u = x mod g and l = (x mod d) div g, the
///    temporary group of x in step s is t = (u + h(s, l)) mod g (rotated_temporary_group), and
///    x listens to c(group(x), t) in slot 5. The destinations sharing a slot-5 coupler in a step
///    are one per layer, and the sets change every step;
///  * the relay is a bijection of the destination group: r = (G + rho(s, t)) mod g
///    (bijective_relay_group). Copies that meet on the slot-2 coupler c(t, r) then share their
///    slot-5 coupler, so at most one per key survives slot 2, slot 5 never collides and the
///    acknowledgement of slot 4 tells the truth.
/// Where h and rho come from (a choice the paper leaves open): both, and the layer-window
/// offsets below, are mix64 hashes of a 64-bit key seed that every node holds. The routers pass
/// the run's common seed (loaded into every node at reset, like the seed of its random
/// stream), so a permutation chosen without knowing that seed cannot aim at the keys. A
/// function built into every node (a fixed key seed) would be known to an adversary, who could
/// then, e.g., give one source group only destinations whose relay coincides in the first steps,
/// or only destinations of one layer window (see docs/pops-model.md, "The correct routers").
/// Participation (Participation): the paper's law, or layer windows: for the first wL steps (w =
/// window_length(), 2 at g = 2 and 3 for g >= 3) destination group G serves window class (v +
/// off(G)) mod L in window v = (s-1) div w (off(G) a hash of the key seed), so every key has
/// exactly one eligible packet per step; afterwards every packet takes part. Under layer windows
/// the key rotates by window class (window_class: the layers of each (group, residue) rotated by a
/// hash of the key seed), so no fixed set of destinations is eligible together. Failures are
/// counted only for attempts made at full participation (base probability 1). With layer windows a
/// packet that has failed f attempts in a row takes part with probability 1 / (1 + floor(f/4))
/// (BackOff::kHarmonicPerFour); with the law with 2^-floor(f/3) (BackOff::kHalvingPerThree).
/// Without a back-off two packets that share a key in many steps, or many packets of one source
/// group with few relay couplers (g = 2), keep colliding. After the windows the pending load falls
/// doubly exponentially when g is large, so a back-off after three failures only delays the few
/// packets that failed by chance (at POPS(512,128) about 19 a run are still pending after three
/// steps of the tail; on coins of 1/2 they added 4 steps); four failures in a row are rare there.
/// The harmonic rule lowers the participation of a packet in a crowded source group (g = 2) without
/// the exponential rule's long waits of its last packets. Measurements in docs/pops-model.md.
///
/// d = g: the same two changes (L = 1) give `randomized-bijective`: slot 2 can no longer
/// collide. It needs no back-off: every key is one destination, and two packets of one source
/// group meet in slot 1 with probability 1/g in each step, independently of the steps before.
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
#include "models/pops/pops_node.h"

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

/// Open loop (any d >= g): the relay group shared by all packets whose slot-5 coupler is
/// c(group(x), x mod g), a hash of the run seed, the step and that key.
std::uint32_t keyed_relay_group(const PopsShape& s, std::uint64_t run_seed, std::uint64_t step,
                                NodeId destination);

// ---- rotating key and bijective relay (d >= g) ----------------------------------

/// L = ceil(d / g): the layers of a destination group.
std::uint32_t layer_count(const PopsShape& s);
/// The layer of destination x: (x mod d) div g.
std::uint32_t layer_of(const PopsShape& s, NodeId x);
/// h(s, l) in [0, g): the rotation of layer l's keys in `step`.
std::uint32_t key_shift(std::uint64_t key_seed, std::uint64_t step, std::uint32_t layer,
                        std::uint32_t g);
/// rho(s, t) in [0, g): the relay offset of temporary group t in `step`.
std::uint32_t relay_shift(std::uint64_t key_seed, std::uint64_t step, std::uint32_t temporary,
                          std::uint32_t g);
/// How a pending packet decides to take part in a step.
enum class Participation {
  kLaw,          ///< the paper's law (participation_probability)
  kLayerWindows  ///< layer windows for the first window_steps() steps, then every packet
};
/// The window class of destination x: (layer_of(x) + c(group(x), x mod g)) mod L, c a hash of
/// the key seed. For each (group, residue) a rotation of the layers, so a class holds at most
/// one destination per residue, like a layer, but which destinations share a class is not
/// built into the nodes: traffic that gives a source group whole layers (transpose) does not
/// give it whole classes.
std::uint32_t window_class(const PopsShape& s, std::uint64_t key_seed, NodeId x);
/// t = (x mod g + h(step, k)) mod g with k = layer_of(x) under the law and k = window_class(x)
/// under layer windows (so the destinations sharing a key are one per class).
std::uint32_t rotated_temporary_group(const PopsShape& s, std::uint64_t key_seed,
                                      std::uint64_t step, NodeId x,
                                      Participation rule = Participation::kLaw);
/// r = (group(x) + rho(step, t)) mod g with t the (rotated or fixed) temporary group of x.
std::uint32_t bijective_relay_group(const PopsShape& s, std::uint64_t key_seed, std::uint64_t step,
                                    std::uint32_t temporary, NodeId x);

/// What a packet that keeps failing does (failures counted at full participation only).
enum class BackOff {
  kNone,
  kHalfAfterOne,     ///< d < g: probability 1/2 after a failed attempt
  kHalvingPerThree,  ///< probability 2^-floor(f/3) after f failures (f/3 <= 10)
  kHarmonicPerFour   ///< probability 1 / (1 + floor(f/4)) after f failures
};
/// Failed attempts in a row per halving of kHalvingPerThree.
constexpr unsigned kFailuresBeforeBackoff = 3;
/// Failed attempts in a row per step of kHarmonicPerFour. After the layer windows the pending
/// load falls doubly exponentially when g is large, so a packet rarely fails four attempts in a
/// row unless its contention is structural (small g, or traffic that packs one source group).
constexpr unsigned kFailuresPerHarmonicStep = 4;
/// The mean-field share of a layer left pending after which a layer window ends (e^-2).
constexpr double kWindowPendingTarget = 0.1353352832366127;
/// Steps per layer window: the smallest w with f_w <= kWindowPendingTarget, where f_0 = 1 and
/// f_{k+1} = f_k (1 - (1 - f_k/g)^(g-1)) is the expected share of a window's layer still pending
/// after k window steps (a packet's slot-1 rivals are the pending packets of its source group
/// on its relay: one key per other temporary group, each in the group with probability 1/g).
/// 2 for g = 2 (f_2 = 1/8), 3 for g >= 3.
std::uint32_t window_length(const PopsShape& s);
/// window_length() * L: the steps of the layer windows.
std::uint64_t window_steps(const PopsShape& s);
/// The window class destination group `group` serves in `step` (step <= window_steps()).
std::uint32_t window_layer(const PopsShape& s, std::uint64_t key_seed, std::uint64_t step,
                           std::uint32_t group);
/// True if a packet to x may take part in `step` under layer windows.
bool in_layer_window(const PopsShape& s, std::uint64_t key_seed, std::uint64_t step, NodeId x);
/// True if every pending packet takes part in `step` under `rule` (the law has reached 1, or
/// the layer windows are over): only failed attempts of such steps count towards the back-off.
bool full_participation(const PopsShape& s, Participation rule, std::uint64_t step,
                        double c_plus_eps);
/// Probability that a pending packet to x with `failures` failed attempts in a row (counted at
/// full participation) takes part in `step`: the base probability of `rule` (the law, or 1 / 0
/// inside the layer windows), lowered by `backoff` at full participation.
double take_part_probability(const PopsShape& s, Participation rule, std::uint64_t key_seed,
                             std::uint64_t step, NodeId x, unsigned failures, BackOff backoff,
                             double c_plus_eps);

/// How a packet picks its relay group when d >= g.
enum class RelayRule {
  kKeyed,        ///< d > g: keyed_relay_group; d = g: uniformly at random (the paper)
  kIndependent,  ///< uniformly at random, as the paper's text reads (loses packets for d > g)
  kBijective     ///< bijective_relay_group
};

/// The relay group of a packet from `source_group` to `destination` (temporary group
/// `temporary`) in `step`, or nullopt if no relay group is usable this step (only for d < g,
/// where the rule is ignored).
std::optional<std::uint32_t> choose_relay_group(const PopsShape& s, std::uint64_t run_seed,
                                                std::uint64_t step, std::uint32_t source_group,
                                                NodeId destination, Rng& rng,
                                                RelayRule rule = RelayRule::kKeyed,
                                                std::optional<std::uint32_t> temporary = {});

}  // namespace optinet::pops
