#include "testbenches/open_loop/batch_means.h"

#include <cmath>
#include <stdexcept>

namespace optinet {

namespace {

constexpr std::size_t kMaxBatches = 40;

/// The continued fraction of the regularized incomplete beta function (modified Lentz).
double beta_fraction(double a, double b, double x) {
  constexpr double kTiny = 1e-300;
  double c = 1;
  double d = 1 - (a + b) * x / (a + 1);
  if (std::fabs(d) < kTiny) d = kTiny;
  d = 1 / d;
  double h = d;
  for (int m = 1; m <= 300; ++m) {
    const double m2 = 2.0 * m;
    double aa = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (std::fabs(d) < kTiny) d = kTiny;
    c = 1 + aa / c;
    if (std::fabs(c) < kTiny) c = kTiny;
    d = 1 / d;
    h *= d * c;
    aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (std::fabs(d) < kTiny) d = kTiny;
    c = 1 + aa / c;
    if (std::fabs(c) < kTiny) c = kTiny;
    d = 1 / d;
    const double step = d * c;
    h *= step;
    if (std::fabs(step - 1) < 1e-15) break;
  }
  return h;
}

/// I_x(a, b), the regularized incomplete beta function.
double incomplete_beta(double a, double b, double x) {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const double front = std::exp(std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b) +
                                a * std::log(x) + b * std::log1p(-x));
  if (x < (a + 1) / (a + b + 2)) return front * beta_fraction(a, b, x) / a;
  return 1 - front * beta_fraction(b, a, 1 - x) / b;
}

/// P(|T| <= t) for Student's t with `dof` degrees of freedom.
double student_t_central(double t, double dof) {
  return 1 - incomplete_beta(dof / 2, 0.5, dof / (dof + t * t));
}

}  // namespace

double student_t_quantile(double confidence, std::size_t dof) {
  if (!(confidence > 0 && confidence < 1) || dof == 0) {
    throw std::invalid_argument("student_t_quantile: confidence in (0, 1) and dof >= 1");
  }
  double low = 0;
  double high = 1;
  while (student_t_central(high, static_cast<double>(dof)) < confidence) high *= 2;
  for (int k = 0; k < 100 && high - low > 1e-12 * high; ++k) {
    const double mid = (low + high) / 2;
    (student_t_central(mid, static_cast<double>(dof)) < confidence ? low : high) = mid;
  }
  return (low + high) / 2;
}

std::size_t batch_merge_factor(std::size_t count) {
  std::size_t factor = 1;
  while (count / factor >= kMaxBatches) factor *= 2;
  return factor;
}

std::optional<Interval> batch_means_interval(const std::vector<double>& numerators,
                                             const std::vector<double>& denominators,
                                             double confidence) {
  const std::size_t factor = batch_merge_factor(numerators.size());
  std::vector<double> means;
  for (std::size_t first = 0; first + factor <= numerators.size(); first += factor) {
    double num = 0;
    double den = 0;
    for (std::size_t k = first; k < first + factor; ++k) {
      num += numerators[k];
      den += denominators[k];
    }
    if (den > 0) means.push_back(num / den);
  }
  const std::size_t m = means.size();
  if (m < 2) return std::nullopt;
  double sum = 0;
  for (double x : means) sum += x;
  const double mean = sum / static_cast<double>(m);
  double squares = 0;
  double lagged = 0;
  for (std::size_t k = 0; k < m; ++k) {
    squares += (means[k] - mean) * (means[k] - mean);
    if (k > 0) lagged += (means[k] - mean) * (means[k - 1] - mean);
  }
  Interval i;
  i.mean = mean;
  i.batches = m;
  i.half_width = student_t_quantile(confidence, m - 1) *
                 std::sqrt(squares / static_cast<double>(m - 1) / static_cast<double>(m));
  i.lag1_autocorrelation = squares > 0 ? lagged / squares : 0;
  return i;
}

}  // namespace optinet
