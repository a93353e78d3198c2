#pragma once
/// \file
/// What a medium (coupler, bus, link) counts of the slots it carried, for utilization, wasted
/// light and energy. A medium counts only the slots of its count window (the measurement
/// window of an open-loop run; every slot by default).
#include <cstdint>

#include "models/core/trace_window.h"

namespace optinet {

struct MediumCounters {
  std::uint64_t busy_slots = 0;       ///< at least one transmitter lit the medium
  std::uint64_t single_slots = 0;     ///< exactly one transmitter: a frame got through
  std::uint64_t collision_slots = 0;  ///< two or more: nothing got through
  std::uint64_t frames_in = 0;        ///< frames that reached the medium (one per lit input)
  std::uint64_t wasted_frames = 0;    ///< frames lost in collisions
  std::uint64_t ack_frames = 0;       ///< acknowledgements that got through
  std::uint64_t data_frames = 0;      ///< data and control frames that got through

  MediumCounters& operator+=(const MediumCounters& o) {
    busy_slots += o.busy_slots;
    single_slots += o.single_slots;
    collision_slots += o.collision_slots;
    frames_in += o.frames_in;
    wasted_frames += o.wasted_frames;
    ack_frames += o.ack_frames;
    data_frames += o.data_frames;
    return *this;
  }
};

}  // namespace optinet
