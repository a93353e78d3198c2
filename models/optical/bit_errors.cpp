#include "models/optical/bit_errors.h"

#include <cmath>

namespace optinet {

double ber_for_q(double q) { return 0.5 * std::erfc(q / std::sqrt(2.0)); }

double q_for_ber(double ber) {
  // ber_for_q falls monotonically: bisect on [0, 40] (ber_for_q(40) underflows to 0).
  double lo = 0.0, hi = 40.0;
  for (int i = 0; i < 200; ++i) {
    const double mid = 0.5 * (lo + hi);
    (ber_for_q(mid) > ber ? lo : hi) = mid;
  }
  return 0.5 * (lo + hi);
}

double bit_error_rate(const DeviceParameters& p, double received_dbm) {
  const double ratio = dbm_to_mw(received_dbm) / dbm_to_mw(p.receiver_sensitivity_dbm);
  return ber_for_q(q_for_ber(p.sensitivity_ber) * ratio);
}

double frame_loss_probability(double ber, std::uint32_t bits) {
  if (ber >= 1.0) return 1.0;
  return -std::expm1(double(bits) * std::log1p(-ber));
}

}  // namespace optinet
