#include "protocols/pops/reservation_match.h"

namespace optinet::pops {

namespace {
/// The first set bit of `bits` at or after bit `start`, wrapping round to bit 0.
std::uint32_t first_from(std::uint64_t bits, std::uint32_t start) {
  const std::uint64_t high = bits >> start;
  if (high != 0) return start + static_cast<std::uint32_t>(__builtin_ctzll(high));
  const std::uint64_t low = start == 0 ? 0 : bits & ((std::uint64_t{1} << start) - 1);
  if (low != 0) return static_cast<std::uint32_t>(__builtin_ctzll(low));
  return kUnmatched;
}
}  // namespace

void rotating_match(const std::vector<std::uint64_t>& requests, std::uint32_t targets,
                    std::uint64_t turn, std::vector<std::uint32_t>& out,
                    const std::vector<std::uint32_t>* first) {
  const std::size_t count = requests.size();
  out.assign(count, kUnmatched);
  if (count == 0 || targets == 0) return;
  const std::uint64_t all = targets >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << targets) - 1;
  std::uint64_t free = all;
  if (first != nullptr) {
    for (std::size_t i = 0; i < count; ++i) {
      const std::uint32_t t = (*first)[i];
      if (t == kUnmatched) continue;
      out[i] = t;
      free &= ~(std::uint64_t{1} << t);
    }
  }
  for (std::size_t step = 0; step < count && free != 0; ++step) {
    const std::size_t i = static_cast<std::size_t>((turn + step) % count);
    if (out[i] != kUnmatched) continue;
    const std::uint64_t usable = requests[i] & free;
    if (usable == 0) continue;
    const auto start = static_cast<std::uint32_t>((i + turn) % targets);
    const std::uint32_t t = first_from(usable, start);
    out[i] = t;
    free &= ~(std::uint64_t{1} << t);
  }
}

}  // namespace optinet::pops
