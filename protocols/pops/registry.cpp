#include "protocols/pops/registry.h"

#include <stdexcept>

#include "protocols/pops/offline.h"
#include "protocols/pops/randomized.h"
#include "protocols/pops/reservation.h"
#include "protocols/pops/sorting.h"
#include "protocols/pops/sorting_network.h"
#include "protocols/pops/tdma.h"

namespace optinet::pops {

namespace {
/// The two changes that make the router lose no packet (randomized_plan.h); for d > g the back-off
/// too (d = g needs none: every key is a single destination).
RandomizedOptions correct_variant_rules(const PopsShape& shape) {
  RandomizedOptions o;
  o.relay_rule = RelayRule::kBijective;
  o.rotate_key = true;
  if (shape.d > shape.g) {
    o.backoff = BackOff::kHalvingPerThree;
  }
  return o;
}

/// `randomized`: the paper's router for d = g; for d > g the fastest correct variant (bijective
/// relay and rotating key, with layer windows and the harmonic back-off); for d < g our rotated
/// listening, a failed packet backing off by 1/2.
RandomizedOptions randomized_default(const PopsShape& shape) {
  if (shape.d > shape.g) {
    RandomizedOptions o = correct_variant_rules(shape);
    o.participation = Participation::kLayerWindows;
    o.backoff = BackOff::kHarmonicPerFour;
    return o;
  }
  RandomizedOptions o;
  if (shape.d < shape.g) o.backoff = BackOff::kHalfAfterOne;
  return o;
}
}  // namespace

const std::vector<ProtocolInfo>& protocols() {
  static const std::vector<ProtocolInfo> list = {
      {"randomized",
       "Mei & Rizzi section III: 5-slot steps via a relay group; d=g as the paper; d>g with a "
       "rotating key, a bijective relay and layer windows (loses no packet)",
       RandomizedRouter::kSlotsPerStep,
       {3, 4, 5},
       [](const PopsShape& shape) -> std::unique_ptr<PopsProtocol> {
         return std::make_unique<RandomizedRouter>(randomized_default(shape));
       },
       false,
       nullptr,
       true,
       [](const PopsShape& shape) -> std::string {
         if (shape.d >= shape.g) return "";
         return "randomized runs open-loop only for d >= g (its relays for d < g are chosen per "
                "step among the usable ones, which the keyed relay does not respect); got d = " +
                std::to_string(shape.d) + ", g = " + std::to_string(shape.g);
       }},
      {"randomized-law",
       "d>g: the paper's participation law with the rotating key and the bijective relay "
       " and the back-off; loses no packet",
       RandomizedRouter::kSlotsPerStep,
       {3, 4, 5},
       [](const PopsShape& shape) -> std::unique_ptr<PopsProtocol> {
         RandomizedOptions law = correct_variant_rules(shape);
         law.participation = Participation::kLaw;
         return std::make_unique<RandomizedRouter>(law);
       },
       false,
       [](const PopsShape& shape) -> std::string {
         if (shape.d > shape.g) return "";
         return "randomized-law needs d > g (the law is 1 otherwise; use randomized or "
                "randomized-bijective); got d = " +
                std::to_string(shape.d) + ", g = " + std::to_string(shape.g);
       }},
      {"randomized-bijective",
       "d=g: the paper's step with the bijective relay r = (group(x) + rho(s,t)) mod g, so slot 2 "
       "never collides",
       RandomizedRouter::kSlotsPerStep,
       {2, 3, 4, 5},
       [](const PopsShape& shape) -> std::unique_ptr<PopsProtocol> {
         return std::make_unique<RandomizedRouter>(correct_variant_rules(shape));
       },
       false,
       [](const PopsShape& shape) -> std::string {
         if (shape.d == shape.g) return "";
         return "randomized-bijective needs d = g (for d > g use randomized); got d = " +
                std::to_string(shape.d) + ", g = " + std::to_string(shape.g);
       }},
      {"randomized-literal",
       "diagnostic: section III.B read literally (independent relay groups for d>g); for d>g "
       "copies collide in slot 5 after their sources were acknowledged, so packets are lost",
       RandomizedRouter::kSlotsPerStep,
       {3, 4, 5},
       [](const PopsShape&) -> std::unique_ptr<PopsProtocol> {
         return std::make_unique<RandomizedRouter>(RandomizedOptions{});
       }},
      {"tdma",
       "collision-free TDMA baseline: a fixed frame of n slots in which every (source, "
       "destination) pair owns one slot (protocols/pops/tdma.h); runs under a sustained load too",
       0,
       {},
       [](const PopsShape&) -> std::unique_ptr<PopsProtocol> {
         return std::make_unique<TdmaRouter>();
       },
       true,
       nullptr,
       true,
       nullptr,
       false,
       true},
      {"reservation",
       "reservation on a control plane (request star per group, control wavelength on the "
       "couplers): sources reserve a coupler and a receiver 3 slots ahead, never a data "
       "collision (protocols/pops/reservation.h)",
       0,
       {},
       [](const PopsShape&) -> std::unique_ptr<PopsProtocol> {
         return std::make_unique<ReservationRouter>();
       },
       true,
       nullptr,
       true,
       nullptr,
       true,
       true},
      {"offline",
       "Mei & Rizzi Theorem 2.1: the permutation is planned before the run (edge colouring of "
       "the group demand); 1 slot for d=1, 2*ceil(d/g) for d>1, never a collision",
       0,
       {},
       [](const PopsShape& shape) -> std::unique_ptr<PopsProtocol> {
         return std::make_unique<OfflineRouter>(shape);
       },
       true},
      {"sorting",
       "Datta & Soundaralakshmi as in Mei & Rizzi II/IV (column B of Table I): Batcher's "
       "odd-even merge sort by destination, stages by Lemma 2.2, then monotone delivery; "
       "sorting_slots(d,g) slots, never a collision; d and g powers of two",
       0,
       {},
       [](const PopsShape& shape) -> std::unique_ptr<PopsProtocol> {
         return std::make_unique<SortingRouter>(shape, Sorter::kOddEvenMerge);
       },
       true,
       sorting_unavailable},
      {"sorting-bitonic",
       "the sorting router with bitonic sort instead of odd-even merge sort (same slot count; "
       "also selected by --protocol sorting --sorter bitonic)",
       0,
       {},
       [](const PopsShape& shape) -> std::unique_ptr<PopsProtocol> {
         return std::make_unique<SortingRouter>(shape, Sorter::kBitonic);
       },
       true,
       sorting_unavailable},
  };
  return list;
}

const ProtocolInfo* find_protocol(const std::string& name) {
  for (const auto& p : protocols()) {
    if (p.name == name) return &p;
  }
  return nullptr;
}

const ProtocolInfo& protocol_info(const std::string& name) {
  const ProtocolInfo* info = find_protocol(name);
  if (info == nullptr) throw std::invalid_argument("unknown POPS protocol '" + name + "'");
  return *info;
}

std::string protocol_names() {
  std::string out;
  for (const auto& p : protocols()) out += (out.empty() ? "" : ", ") + p.name;
  return out;
}

std::string sorter_names() { return "odd-even, bitonic"; }

ProtocolChoice choose_protocol(const std::string& name, const std::optional<std::string>& sorter,
                               const PopsShape& shape) {
  ProtocolChoice choice;
  const auto refuse = [&](const std::string& option, const std::string& reason) {
    choice.option = option;
    choice.reason = reason;
    return choice;
  };
  std::string resolved = name;
  if (find_protocol(name) == nullptr) {
    return refuse("--protocol", "unknown '" + name + "' (accepted: " + protocol_names() + ")");
  }
  if (sorter) {
    if (name != "sorting") {
      return refuse("--sorter", "needs --protocol sorting (got --protocol " + name + ")");
    }
    if (*sorter != "odd-even" && *sorter != "bitonic") {
      return refuse("--sorter", "unknown '" + *sorter + "' (accepted: " + sorter_names() + ")");
    }
    if (*sorter == "bitonic") resolved = "sorting-bitonic";
  }
  const ProtocolInfo& info = protocol_info(resolved);
  if (info.unavailable != nullptr) {
    const std::string why = info.unavailable(shape);
    if (!why.empty()) return refuse("--d/--g", why);
  }
  choice.info = &info;
  return choice;
}

std::string open_loop_unavailable(const ProtocolInfo& info, const PopsShape& shape) {
  if (!info.open_loop) {
    std::string accepted;
    for (const ProtocolInfo& p : protocols()) {
      if (p.open_loop) accepted += (accepted.empty() ? "" : ", ") + p.name;
    }
    return info.name + " routes one permutation and does not run under a sustained load " +
           "(accepted: " + accepted + ")";
  }
  return info.open_loop_unavailable != nullptr ? info.open_loop_unavailable(shape) : "";
}

}  // namespace optinet::pops
