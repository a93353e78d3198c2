#pragma once
/// \file
/// What cannot be built: a design's power budget against the limits of its devices. A design is
/// buildable when no limit is exceeded; each exceeded limit is a violation with the figure, the
/// limit and the reason. Pure C++.
///
/// The limits (DeviceParameters):
/// * launch ceiling: the launch the budget requires (typical, and over the worst-case loss) must
///   not exceed max_launch_power_dbm; a budget that needs more cannot close;
/// * receiver overload: the power a receiver takes at the installed launch through the path's
///   typical loss must not exceed max_received_power_dbm;
/// * die power density: on one die (die_area_mm2 > 0), every laser lit (laser_w) and the static
///   power, over the die's area, must not exceed max_power_density_w_per_mm2 (the lasers are
///   counted on the die: packaged with it, their heat is the package's);
/// * part count: transmitters and receivers together at most max_transceivers (0: no limit);
/// * a per-node laser lights one of its node's media at a time: a network with more media
///   than nodes (POPS with g > d) cannot light them all, as its capacity needs.
#include <string>
#include <vector>

#include "models/optical/power_budget.h"

namespace optinet {

struct LimitViolation {
  std::string name;  ///< launch_ceiling, launch_ceiling_worst_case, receiver_overload, ...
  double figure = 0;
  double limit = 0;
  std::string unit;
  std::string reason;  ///< one sentence with the figure and the limit
};

/// The names a violation may have, in the order they are checked.
std::vector<std::string> limit_violation_names();

/// The power on the die: laser_w + static_w, W (every laser lit).
double die_power_w(const PhysicalBudget& budget);

/// Every limit `link` and `budget` exceed under `p`; empty: buildable.
std::vector<LimitViolation> design_violations(const DeviceParameters& p, const LinkBudget& link,
                                              const PhysicalBudget& budget);

}  // namespace optinet
