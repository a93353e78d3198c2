#pragma once
/// \file
/// Bit errors from received power, for a receiver whose noise is Gaussian and does not depend
/// on the signal (thermal noise of a PIN receiver and its amplifier). The receiver reaches
/// `sensitivity_ber` at its sensitivity; there the Q factor is
///   Q_s = sqrt(2) * erfcinv(2 * sensitivity_ber)        (7.03 for 1e-12).
/// Q grows in proportion to the received power P (the signal current over a fixed noise):
///   Q(P) = Q_s * P / P_sensitivity   (powers in mW),
///   BER(P) = 0.5 * erfc(Q(P) / sqrt(2)),
/// and a frame of b bits is lost (its check fails) with probability 1 - (1 - BER)^b.
#include <cstdint>

#include "models/optical/power_budget.h"

namespace optinet {

/// The Q factor that gives bit-error ratio `ber`, 0 < ber < 0.5.
double q_for_ber(double ber);
/// 0.5 * erfc(q / sqrt(2)).
double ber_for_q(double q);
/// The bit-error ratio at received power `received_dbm`.
double bit_error_rate(const DeviceParameters& p, double received_dbm);
/// 1 - (1 - ber)^bits.
double frame_loss_probability(double ber, std::uint32_t bits);

}  // namespace optinet
