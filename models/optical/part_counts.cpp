#include "models/optical/part_counts.h"

namespace optinet {

namespace {

std::uint64_t divided_up(std::uint64_t a, std::uint64_t b) { return (a + b - 1) / b; }

}  // namespace

PartCounts part_counts(const DeviceParameters& p, const PhysicalBudget& budget) {
  const TransceiverCounts& c = budget.counts;
  const LaserMode mode = effective_laser_mode(p);
  const std::uint64_t k = wavelengths_per_medium(p, c);
  PartCounts parts;
  parts.lasers = budget.lasers;
  const bool directly_modulated = mode == LaserMode::kGated && p.rings_per_transmitter == 0 &&
                                  p.modulator_extinction_ratio_db == 0;
  parts.modulators = directly_modulated ? 0 : c.transmitters;
  parts.photodetectors = c.receivers;
  parts.rings = c.transmitters * p.rings_per_transmitter + c.receivers * p.rings_per_receiver +
                budget.switch_rings;
  const std::uint64_t media = c.media > 0 ? c.media : c.transmitters;
  const std::uint64_t per_source = c.media_per_source > 0 ? c.media_per_source : 1;
  parts.stars = (media / per_source) * divided_up(per_source, k);
  const std::uint64_t paths = divided_up(c.transmitters, k) + divided_up(c.receivers, k);
  (p.fibre_length_m > 0 ? parts.fibres : parts.waveguides) = paths;
  parts.transceivers = c.transmitters + c.receivers;
  return parts;
}

std::optional<double> design_cost(const DeviceParameters& p, const PartCounts& parts) {
  const double prices[] = {p.cost_per_laser,      p.cost_per_modulator, p.cost_per_photodetector,
                           p.cost_per_ring,       p.cost_per_star,      p.cost_per_fibre,
                           p.cost_per_transceiver};
  bool priced = false;
  for (double price : prices) priced = priced || price > 0;
  if (!priced) return std::nullopt;
  return double(parts.lasers) * p.cost_per_laser + double(parts.modulators) * p.cost_per_modulator +
         double(parts.photodetectors) * p.cost_per_photodetector +
         double(parts.rings) * p.cost_per_ring + double(parts.stars) * p.cost_per_star +
         double(parts.fibres) * p.cost_per_fibre +
         double(parts.transceivers) * p.cost_per_transceiver;
}

}  // namespace optinet
