#pragma once
/// \file
/// Message sizes of open-loop traffic: how many frames each message a host creates has, a fixed
/// count or a discrete distribution ("1:0.8,32:0.2": 80% one-frame messages, 20% of 32 frames).
/// The host segments a message into frames (one packet each, all to the message's destination,
/// taken in order), the media carry one frame per slot, and the destination reassembles it.
#include <cstdint>
#include <string>
#include <vector>

#include "models/core/rng.h"

namespace optinet {

class MessageSizes {
 public:
  /// The most frames a message may have.
  static constexpr std::uint32_t kMaxFrames = 65536;

  /// One frame per message: the packets of a run without messages.
  MessageSizes() = default;
  /// Every message `frames` frames (1..kMaxFrames). Throws std::invalid_argument otherwise.
  static MessageSizes fixed(std::uint32_t frames);
  /// "F" or "F1:P1,F2:P2,...": sizes 1..kMaxFrames, each once, probabilities > 0 summing to 1
  /// (within 1e-6; they are then scaled to sum to 1). Throws UsageError naming `option`.
  static MessageSizes parse(const std::string& spec, const std::string& option);

  /// Whether every message has the same size (a draw takes nothing from the stream).
  bool is_fixed() const { return frames_.size() == 1; }
  /// Whether every message is one frame.
  bool single_frame() const { return is_fixed() && frames_[0] == 1; }
  /// One message's frames; one unit() from `rng` unless fixed.
  std::uint32_t draw(Rng& rng) const;
  double mean() const { return mean_; }
  std::uint32_t largest() const { return largest_; }
  /// "32" or "1:0.8,32:0.2".
  std::string describe() const;

 private:
  std::vector<std::uint32_t> frames_{1};
  std::vector<double> probability_{1.0};
  std::vector<double> cumulative_{1.0};
  double mean_ = 1;
  std::uint32_t largest_ = 1;
};

}  // namespace optinet
