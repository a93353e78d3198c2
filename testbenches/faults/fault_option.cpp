#include "testbenches/faults/fault_option.h"

#include <cstdlib>

#include "testbenches/io/option_values.h"
#include "testbenches/io/usage_error.h"

namespace optinet {

namespace {

constexpr std::uint64_t kMaxFaultSlot = 1000000000;
const char* const kKinds =
    "coupler:B:A, bus:NAME, link:U:V, receiver:NODE, jammer:NODE, "
    "each with an optional @SLOT, or ber:P, or ber:budget";

[[noreturn]] void refuse(const std::string& spec, const std::string& why) {
  throw UsageError("--fault: '" + spec + "' " + why);
}

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (true) {
    const std::size_t end = text.find(separator, start);
    parts.push_back(text.substr(start, end == std::string::npos ? end : end - start));
    if (end == std::string::npos) return parts;
    start = end + 1;
  }
}

/// An index in 0..count-1, or the spec is refused with `what` the network has.
std::uint32_t index_in(const std::string& spec, const std::string& text, std::uint32_t count,
                       const std::string& what) {
  if (count == 0 || !count_rejection(text, 0, count - 1).empty()) {
    refuse(spec,
           "names " + (text.empty() ? std::string("nothing") : "'" + text + "'") + "; " + what);
  }
  return static_cast<std::uint32_t>(*read_count(text));
}

std::string kind_name(FaultKind kind) {
  switch (kind) {
    case FaultKind::kCoupler:
      return "coupler";
    case FaultKind::kBus:
      return "bus";
    case FaultKind::kLink:
      return "link";
    case FaultKind::kReceiver:
      return "receiver";
    case FaultKind::kJammer:
      return "jammer";
    case FaultKind::kBer:
      return "ber";
  }
  return "?";
}

std::string bus_list(const std::vector<std::string>& buses) {
  std::string list;
  const std::size_t shown = buses.size() < 8 ? buses.size() : 8;
  for (std::size_t i = 0; i < shown; ++i) list += (i ? ", " : "") + buses[i];
  if (buses.size() > shown) list += ", ... " + buses.back();
  return list;
}

}  // namespace

Fault parse_fault_spec(const std::string& spec, const FaultTargets& t) {
  Fault f;
  f.spec = spec;
  std::string body = spec;
  const std::size_t at = spec.find('@');
  if (at != std::string::npos) {
    body = spec.substr(0, at);
    const std::string slot = spec.substr(at + 1);
    if (!count_rejection(slot, 0, kMaxFaultSlot).empty()) {
      refuse(spec, "has slot '" + slot +
                       "' (accepted: @SLOT, 0 <= SLOT <= " + std::to_string(kMaxFaultSlot) + ")");
    }
    f.from_slot = *read_count(slot);
    check_within_run("--fault", spec, f.from_slot, t.max_slots, "@SLOT below --max-slots");
  }
  const std::vector<std::string> part = split(body, ':');
  const std::string& kind = part[0];
  const std::string on = t.network + " has ";
  if (kind == "coupler" && part.size() == 3) {
    f.kind = FaultKind::kCoupler;
    const std::string has = t.coupler_groups == 0 ? on + "no couplers"
                                                  : on + "couplers c(B,A) with B, A in 0.." +
                                                        std::to_string(t.coupler_groups - 1);
    f.first = index_in(spec, part[1], t.coupler_groups, has);
    f.second = index_in(spec, part[2], t.coupler_groups, has);
  } else if (kind == "bus" && part.size() == 2) {
    f.kind = FaultKind::kBus;
    f.name = part[1];
    bool known = false;
    for (const std::string& b : t.buses) known = known || b == f.name;
    if (!known) {
      refuse(spec, "names bus '" + f.name + "'; " +
                       (t.buses.empty() ? on + "no buses" : on + "buses " + bus_list(t.buses)));
    }
  } else if (kind == "link" && part.size() == 3) {
    f.kind = FaultKind::kLink;
    const std::string has = t.link ? on + "links " + t.links_text : on + "no links";
    f.first = index_in(spec, part[1], t.link ? t.nodes : 0, has);
    f.second = index_in(spec, part[2], t.link ? t.nodes : 0, has);
    if (!t.link(f.first, f.second)) refuse(spec, "names no link; " + has);
  } else if ((kind == "receiver" || kind == "jammer") && part.size() == 2) {
    f.kind = kind == "receiver" ? FaultKind::kReceiver : FaultKind::kJammer;
    if (f.kind == FaultKind::kJammer && !t.jammers) refuse(spec, "is not modelled on " + t.network);
    f.first = index_in(spec, part[1], t.nodes,
                       on + "nodes 0.." + std::to_string(t.nodes == 0 ? 0 : t.nodes - 1));
  } else if (kind == "ber" && part.size() == 2 && at == std::string::npos) {
    f.kind = FaultKind::kBer;
    if (!t.ber) refuse(spec, "is not modelled on " + t.network);
    if (part[1] == "budget") {
      if (!t.budget_errors) refuse(spec, "needs a power budget, and " + on + "none");
      f.from_budget = true;
      f.received_power_dbm = t.budget_errors->received_power_dbm;
      f.bit_error_rate = t.budget_errors->bit_error_rate;
      f.probability = t.budget_errors->frame_loss;
      return f;
    }
    if (!unit_rejection(part[1]).empty() || *read_number(part[1]) <= 0) {
      refuse(spec, "has probability '" + part[1] + "' (accepted: 0 < P <= 1, or budget)");
    }
    f.probability = *read_number(part[1]);
  } else {
    refuse(spec, std::string("is not a fault (accepted: ") + kKinds + ")");
  }
  return f;
}

FaultPlan parse_fault_plan(const std::vector<std::string>& specs, const FaultTargets& t) {
  std::vector<Fault> faults;
  for (const std::string& spec : specs) {
    Fault f = parse_fault_spec(spec, t);
    for (const Fault& g : faults) {
      if (g.kind == f.kind && g.first == f.first && g.second == f.second && g.name == f.name) {
        refuse(spec, "repeats '" + g.spec + "' (one fault per medium or node)");
      }
    }
    faults.push_back(std::move(f));
  }
  return FaultPlan(std::move(faults));
}

nlohmann::ordered_json fault_parameters(const FaultPlan& plan) {
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const Fault& f : plan.faults()) {
    nlohmann::ordered_json j{{"spec", f.spec}, {"kind", kind_name(f.kind)}};
    if (f.kind == FaultKind::kBer) {
      j["probability"] = f.probability;
      if (f.from_budget) {
        j["received_power_dbm"] = f.received_power_dbm;
        j["bit_error_rate"] = f.bit_error_rate;
      }
    } else {
      j["from_slot"] = f.from_slot;
    }
    list.push_back(std::move(j));
  }
  return list;
}

nlohmann::ordered_json fault_effects(const FaultPlan& plan) {
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (std::size_t i = 0; i < plan.faults().size(); ++i) {
    list.push_back(
        {{"spec", plan.faults()[i].spec}, {"frames_lost", plan.log().frames_lost().at(i)}});
  }
  return list;
}

void add_fault_fields(nlohmann::ordered_json& fields, std::string& line, const FaultPlan& plan,
                      const FaultOutcome& o) {
  fields["faults"] = fault_effects(plan);
  fields["undelivered_to_faults"] = o.losses.size();
  fields["fault_losses"] = o.losses;
  fields["fault_duplicates"] = o.duplicates;
  fields["stalled"] = o.stalled;
  fields["last_delivery_slot"] = o.last_delivery;
  fields["halted_nodes"] = plan.log().halts();
  std::uint64_t lost = 0;
  for (std::uint64_t f : plan.log().frames_lost()) lost += f;
  line += "; faults lost " + std::to_string(lost) + " frame(s), " +
          std::to_string(o.losses.size()) + " packet(s) undelivered because of them";
  if (o.duplicates > 0) {
    line += ", " + std::to_string(o.duplicates) + " duplicate(s) after lost acknowledgements";
  }
  if (!plan.log().halts().empty()) {
    line += "; " + std::to_string(plan.log().halts().size()) +
            " node(s) halted on a failed protocol check (first: " + plan.log().halts().front() +
            ")";
  }
  if (o.stalled) {
    line += "; STOPPED: no progress possible (no delivery for " + std::to_string(o.window) +
            " slots with every fault in effect)";
  }
  constexpr std::size_t kListed = 20;
  for (std::size_t i = 0; i < o.losses.size() && i < kListed; ++i) {
    line += "\n  not delivered: " + o.losses[i];
  }
  if (o.losses.size() > kListed) {
    line += "\n  ... " + std::to_string(o.losses.size() - kListed) + " more (see --json)";
  }
}

}  // namespace optinet
