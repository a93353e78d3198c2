#pragma once
/// \file
/// Confidence intervals of a simulation's steady-state means by the method of batch means:
/// the measurement window is cut into consecutive batches, each batch's mean is one
/// observation, and the batch means, nearly independent when batches are long, give a
/// Student-t interval. Between 20 and 39 batches are formed by merging neighbouring base
/// batches in powers of two (the batch count stays fixed while batches grow with the window),
/// and the lag-1 autocorrelation of the batch means is reported as the check on independence.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace optinet {

/// The two-sided Student-t quantile: the x with P(|T| <= x) = confidence for T with `dof`
/// degrees of freedom (dof >= 1, confidence in (0, 1)).
double student_t_quantile(double confidence, std::size_t dof);

/// A mean with its confidence interval.
struct Interval {
  double mean = 0;
  double half_width = 0;  ///< the interval is mean +- half_width
  std::size_t batches = 0;
  double lag1_autocorrelation = 0;
  double low() const { return mean - half_width; }
  double high() const { return mean + half_width; }
};

/// Batches: `numerators[k] / denominators[k]` is base batch k's mean (a ratio estimator:
/// latency sum over packet count, or packets over node-slots). Base batches are merged in
/// powers of two until fewer than 40 remain (a trailing base batch that does not fill a merged
/// batch is dropped). Batches with a zero denominator are skipped. Needs at least two batches;
/// otherwise nothing.
std::optional<Interval> batch_means_interval(const std::vector<double>& numerators,
                                             const std::vector<double>& denominators,
                                             double confidence);

/// The base batches merged per batch by batch_means_interval for `count` base batches.
std::size_t batch_merge_factor(std::size_t count);

}  // namespace optinet
