#pragma once
/// \file
/// The parts of a design and, when its device set prices them, its cost. Pure C++.
///
/// Counted from the power budget (its lasers, transceivers and switches) and the device set:
/// * lasers: PhysicalBudget::lasers (one per transmitter, per node, or per comb);
/// * modulators: one per transmitter, but none for a gated laser without rings or an external
///   modulator's extinction ratio (a directly modulated burst-mode laser);
/// * photodetectors: one per receiver;
/// * rings: rings_per_transmitter and rings_per_receiver of each, and a per-node laser's switch
///   rings;
/// * stars (or buses): the media, a comb's k wavelengths sharing one medium among one node's
///   transmitters: (media / media_per_source) * ceil(media_per_source / k);
/// * fibres: one per transmitter and one per receiver, a comb's k of a node sharing one
///   (ceil(transmitters / k) + ceil(receivers / k)); on one die (fibre_length_m 0) they are
///   waveguides, counted as such;
/// * transceivers: transmitters and receivers.
#include <cstdint>
#include <optional>

#include "models/optical/power_budget.h"

namespace optinet {

struct PartCounts {
  std::uint64_t lasers = 0;
  std::uint64_t modulators = 0;
  std::uint64_t photodetectors = 0;
  std::uint64_t rings = 0;
  std::uint64_t stars = 0;
  std::uint64_t fibres = 0;
  std::uint64_t waveguides = 0;
  std::uint64_t transceivers = 0;
};

PartCounts part_counts(const DeviceParameters& p, const PhysicalBudget& budget);

/// The sum of each part's count times its cost_per_* figure; none when the set prices no part.
std::optional<double> design_cost(const DeviceParameters& p, const PartCounts& parts);

}  // namespace optinet
