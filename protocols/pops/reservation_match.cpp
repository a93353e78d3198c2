#include "protocols/pops/reservation_match.h"

#include <stdexcept>

namespace optinet::pops {

void rotating_match(const std::vector<ControlWord>& requests, std::uint32_t targets,
                    std::uint64_t turn, std::vector<std::uint32_t>& out,
                    const std::vector<std::uint32_t>* first) {
  const std::size_t count = requests.size();
  out.assign(count, kUnmatched);
  if (count == 0 || targets == 0) return;
  ControlWord free(targets);
  std::uint64_t* free_limbs = free.data();
  for (std::size_t k = 0; k < free.limbs(); ++k) free_limbs[k] = ~std::uint64_t{0};
  if (targets % 64 != 0) free_limbs[free.limbs() - 1] = (std::uint64_t{1} << (targets % 64)) - 1;
  std::uint32_t left = targets;
  if (first != nullptr) {
    for (std::size_t i = 0; i < count; ++i) {
      const std::uint32_t t = (*first)[i];
      if (t == kUnmatched) continue;
      out[i] = t;
      free_limbs[t / 64] &= ~(std::uint64_t{1} << (t % 64));
      --left;
    }
  }
  ControlWord usable;
  for (std::size_t step = 0; step < count && left != 0; ++step) {
    const std::size_t i = static_cast<std::size_t>((turn + step) % count);
    if (out[i] != kUnmatched) continue;
    // usable = requests[i] & free, limb by limb (bits past free's limbs cleared).
    const ControlWord& asked = requests[i];
    if (usable.limbs() != asked.limbs()) usable.resize(asked.bits());
    for (std::size_t k = 0; k < asked.limbs(); ++k) {
      usable.data()[k] = asked.data()[k] & (k < free.limbs() ? free_limbs[k] : 0);
    }
    const auto start = static_cast<std::uint32_t>((i + turn) % targets);
    const std::uint32_t t = usable.first_from(start, targets);
    if (t == targets) continue;
    out[i] = t;
    free_limbs[t / 64] &= ~(std::uint64_t{1} << (t % 64));
    --left;
  }
}

void rotating_match(const std::vector<std::uint64_t>& requests, std::uint32_t targets,
                    std::uint64_t turn, std::vector<std::uint32_t>& out,
                    const std::vector<std::uint32_t>* first) {
  if (targets > 64) throw std::invalid_argument("rotating_match: one-word maps hold 64 targets");
  std::vector<ControlWord> wide(requests.size(), ControlWord(64));
  for (std::size_t i = 0; i < requests.size(); ++i) wide[i].assign(requests[i]);
  rotating_match(wide, targets, turn, out, first);
}

}  // namespace optinet::pops
