#include "testbenches/open_loop/message_sizes.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "testbenches/io/input_file.h"
#include "testbenches/io/option_values.h"
#include "testbenches/io/usage_error.h"

namespace optinet {

MessageSizes MessageSizes::fixed(std::uint32_t frames) {
  if (frames < 1 || frames > kMaxFrames) {
    throw std::invalid_argument("message of " + std::to_string(frames) + " frames");
  }
  MessageSizes m;
  m.frames_ = {frames};
  m.mean_ = frames;
  m.largest_ = frames;
  return m;
}

MessageSizes MessageSizes::parse(const std::string& spec, const std::string& option) {
  const std::string accepted = " (accepted: FRAMES, or FRAMES:PROBABILITY,... with frames 1.." +
                               std::to_string(kMaxFrames) +
                               " each once and probabilities summing to 1, e.g. 1:0.8,32:0.2)";
  const auto refuse = [&](const std::string& why) -> UsageError {
    return UsageError(option + ": '" + printable(spec, 80) + "' " + why + accepted);
  };
  const auto frames_of = [&](const std::string& text) {
    const std::optional<std::uint64_t> f = read_count(text);
    if (!f || *f < 1 || *f > kMaxFrames) {
      throw refuse("has '" + printable(text, 40) + "', not a number of frames");
    }
    return static_cast<std::uint32_t>(*f);
  };
  if (spec.find(':') == std::string::npos) return fixed(frames_of(spec));
  MessageSizes m;
  m.frames_.clear();
  m.probability_.clear();
  m.cumulative_.clear();
  double total = 0;
  for (std::size_t start = 0; start <= spec.size();) {
    const std::size_t end = std::min(spec.find(',', start), spec.size());
    const std::string item = spec.substr(start, end - start);
    const std::size_t colon = item.find(':');
    if (colon == std::string::npos) throw refuse("has '" + printable(item, 40) + "', not F:P");
    const std::uint32_t f = frames_of(item.substr(0, colon));
    const std::optional<double> p = read_number(item.substr(colon + 1));
    if (!p || !(*p > 0) || *p > 1) {
      throw refuse("has probability '" + printable(item.substr(colon + 1), 40) +
                   "', not in (0, 1]");
    }
    if (std::find(m.frames_.begin(), m.frames_.end(), f) != m.frames_.end()) {
      throw refuse("names " + std::to_string(f) + " frames twice");
    }
    m.frames_.push_back(f);
    m.probability_.push_back(*p);
    total += *p;
    start = end + 1;
  }
  if (std::fabs(total - 1) > 1e-6)
    throw refuse("has probabilities summing to " + shown_number(total));
  double running = 0;
  m.mean_ = 0;
  m.largest_ = 0;
  for (std::size_t k = 0; k < m.frames_.size(); ++k) {
    m.probability_[k] /= total;
    running += m.probability_[k];
    m.cumulative_.push_back(running);
    m.mean_ += m.probability_[k] * m.frames_[k];
    m.largest_ = std::max(m.largest_, m.frames_[k]);
  }
  m.cumulative_.back() = 1.0;
  if (m.frames_.size() == 1) return fixed(m.frames_[0]);
  return m;
}

std::uint32_t MessageSizes::draw(Rng& rng) const {
  if (is_fixed()) return frames_[0];
  const double u = rng.unit();
  const auto it = std::upper_bound(cumulative_.begin(), cumulative_.end() - 1, u);
  return frames_[static_cast<std::size_t>(it - cumulative_.begin())];
}

std::string MessageSizes::describe() const {
  if (is_fixed()) return std::to_string(frames_[0]);
  std::string out;
  for (std::size_t k = 0; k < frames_.size(); ++k) {
    out += (k == 0 ? "" : ",") + std::to_string(frames_[k]) + ":" + shown_number(probability_[k]);
  }
  return out;
}

}  // namespace optinet
