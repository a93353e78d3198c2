#pragma once
/// \file
/// Which coupler implementation a network instantiates: the behavioural model, the verilated
/// RTL (needs a build with Verilator), or both in lockstep (RTL checked against the model).
/// Behavioural couplers are plain objects driven a group at a time (PassiveStarGroup); the RTL
/// kinds are one module per coupler (make_coupler).
#include <memory>
#include <optional>
#include <string>
#include <systemc>
#include <vector>

#include "models/pops/pops_coupler.h"
#include "models/pops/pops_rtl_coupler.h"

namespace optinet::pops {

enum class CouplerKind { kBehavioural, kRtl, kLockstep };

std::string coupler_kind_name(CouplerKind kind);
std::optional<CouplerKind> coupler_kind(const std::string& name);
/// False for the RTL kinds in a build without Verilator.
bool coupler_available(CouplerKind kind);
/// The kinds this build offers, comma-separated.
std::string available_coupler_names();
/// Largest d the kind supports (the RTL's D for the RTL kinds).
std::uint32_t coupler_max_sources(CouplerKind kind);

/// The verilated coupler models this build has, by their top modules' names (empty without
/// Verilator).
std::vector<std::string> coupler_models();
/// The law of an RTL kind from verilated model `model`, made a child of `owner` (the module
/// being constructed) and clocked by `clk` (the pins view's coupler's rtl_clk);
/// std::invalid_argument for the behavioural kind, an unknown model, or without Verilator.
std::unique_ptr<PopsRtlCouplerLaw> make_coupler_law(CouplerKind kind, const std::string& model,
                                                    const sc_core::sc_module& owner,
                                                    sc_core::sc_signal<bool>& clk,
                                                    const StarCoupler& coupler);

/// A coupler module of an RTL kind (the behavioural kind has none: std::invalid_argument).
std::unique_ptr<PassiveStar> make_coupler(CouplerKind kind, const sc_core::sc_module_name& name,
                                          const OpticalPassiveStarConfig& config);

}  // namespace optinet::pops
