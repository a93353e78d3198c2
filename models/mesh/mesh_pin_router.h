#pragma once
/// \file
/// The pins view's mesh router at one node: the input buffers of the links that arrive there
/// (Q packets each) and the arbitration of its outputs (mesh_routing.h's, as the grouped
/// view's). Pins, per direction d = E, W, N, S where the link exists: out_<d>_* (the packet
/// crossing the link leaving in direction d) and out_<d>_occupancy (its far buffer's packets);
/// in_<d>_* (the packet arriving over the link travelling in direction d) and
/// in_<d>_occupancy (that buffer's packets, to the link). Towards its processor, per lane
/// E, W, N, S, L (L: the node itself): offer_<lane>_* (the outbox message whose first hop is
/// that output), take_<lane> (the offer was taken in this slot) and eject_<lane>_* (a packet
/// for the processor's memory: the one arriving over the link travelling in that direction,
/// or its own message).
///
/// Pin contract (docs/cosimulation.md): at the rising edge that starts slot k the router
/// samples its offers and its outputs' occupancy, decides (from its buffers at the start of
/// the slot), drives out_*, take_* and eject_L_* and pops its buffers; a delta after the links
/// carry the packets, it takes the arrivals into its buffers, or onto eject_<d>_* when they are
/// at their destination, and drives in_<d>_occupancy. Every valid line and take falls at the
/// falling edge. An idle router (empty buffers, no offer) sleeps until a packet or an offer.
#include <cstdint>
#include <deque>
#include <memory>
#include <systemc>
#include <vector>

#include "models/core/compat.h"
#include "models/mesh/mesh_pins.h"
#include "models/mesh/mesh_routing.h"

namespace optinet::mesh {

struct MeshPinRouterConfig {
  MeshGeometry geometry;
  std::uint32_t node = 0;
  std::uint32_t buffers = 2;  ///< Q, per input
};

class MeshPinRouter : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk{"clk"};
  /// By direction; null where the mesh has no such link.
  std::unique_ptr<MeshLanePins<Out>> out[kDirs];
  std::unique_ptr<sc_core::sc_in<std::uint32_t>> out_occupancy[kDirs];
  std::unique_ptr<MeshLanePins<In>> in[kDirs];
  std::unique_ptr<sc_core::sc_out<std::uint32_t>> in_occupancy[kDirs];
  /// By lane: E, W, N, S, L.
  std::unique_ptr<MeshLanePins<In>> offer[kInputs];
  std::unique_ptr<sc_core::sc_out<bool>> take[kInputs];
  std::unique_ptr<MeshLanePins<Out>> eject[kInputs];

  OPTINET_HAS_PROCESS(MeshPinRouter);
  MeshPinRouter(const sc_core::sc_module_name& name, const MeshPinRouterConfig& config);

  /// Packets in the input buffers.
  std::uint64_t buffered() const;
  /// The most packets input buffer d held in the run.
  std::uint32_t max_occupancy(std::uint32_t d) const { return max_occupancy_[d]; }
  void reset();
  /// Drops every buffered packet (after a run stopped at the slot limit).
  void discard();

 private:
  enum class Phase { kIdle, kRising, kFalling };
  /// The slot's decisions at the rising edge, the valid lines' fall at the falling edge.
  void step();
  /// A delta after the rising edge: the packets the links carried in; or an offer appeared.
  void accept();
  void decide();
  void lower();
  bool holds() const;
  void drive_occupancy(std::uint32_t d);

  MeshPinRouterConfig config_;
  std::deque<MeshMsg> buffer_[kDirs];
  std::uint32_t max_occupancy_[kDirs] = {0, 0, 0, 0};
  std::uint32_t round_robin_[kDirs] = {0, 0, 0, 0};
  std::vector<MeshMove> moves_;
  Phase phase_ = Phase::kIdle;
  bool waking_ = false;
  sc_core::sc_event wake_;
};

}  // namespace optinet::mesh
