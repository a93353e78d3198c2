#pragma once
/// \file
/// The packets a store-and-forward network holds, in one network-owned array: a
/// packet takes a slot when its source node takes it and keeps it until its delivery, while
/// queues, links and buffers pass 4-byte indices. A hop then moves an index instead of three
/// copies of a 96-byte packet, and a node's queues hold indices.
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <vector>

#include "models/core/prefetch.h"
#include "models/sf/sf_packet.h"

namespace optinet::sf {

using PacketIndex = std::uint32_t;
inline constexpr PacketIndex kNoPacket = std::numeric_limits<PacketIndex>::max();

/// Single-threaded (SystemC runs one process at a time). A slot freed by a delivery is reused
/// by the next packet taken; which slot a packet has never influences routing. The array may
/// grow while a run takes packets (open loop), so a reference into it is valid only until the
/// next add().
class PacketPool {
 public:
  static constexpr std::size_t kMaxPackets = std::size_t{1} << 31;
  PacketIndex add(const SfPacket& p) {
    if (!free_.empty()) {
      const PacketIndex i = free_.back();
      free_.pop_back();
      packets_[i] = p;
      return i;
    }
    // A queue entry keeps a flag in an index's top bit (Queued): 2^31 packets would take
    // 256 GiB, so this never throws on a machine that could hold them.
    if (packets_.size() >= kMaxPackets) throw std::length_error("more than 2^31 packets");
    packets_.push_back(p);
    return static_cast<PacketIndex>(packets_.size() - 1);
  }
  void remove(PacketIndex i) { free_.push_back(i); }
  /// Slots in the array (a valid index is below it).
  std::size_t size() const { return packets_.size(); }
  SfPacket& operator[](PacketIndex i) { return packets_[i]; }
  const SfPacket& operator[](PacketIndex i) const { return packets_[i]; }
  void prefetch(PacketIndex i) const {
    optinet::prefetch(&packets_[i]);  // the line a hop reads (sf_packet.h)
  }
  /// The line with the rest of the ticket and the host's packet, read where a sub-phase
  /// starts or ends.
  void prefetch_rest(PacketIndex i) const {
    optinet::prefetch(reinterpret_cast<const char*>(&packets_[i]) + 64);
  }

 private:
  std::vector<SfPacket> packets_;
  std::vector<PacketIndex> free_;
};

}  // namespace optinet::sf
