#pragma once
/// \file
/// The links and routers of an n x n mesh (Chochia, Cole & Heywood, section 5): one link per
/// direction between neighbours, each with Q buffers at its input, and the paper's "network
/// stabilization": a packet crosses a link only when the receiving buffer is free (the
/// acknowledgement of the free buffer is modelled as the occupancy at the start of the slot),
/// so nothing is ever dropped. Routing is dimension order (x first, then y).
///
/// Deadlock freedom: a packet uses +x or -x links, then +y or -y links, never back. Number the
/// input buffers so that every x buffer comes before every y buffer and, within a dimension and
/// direction, in the order of travel: every packet waits only for a buffer with a larger number
/// (Dally & Seitz), and a packet's last hop delivers it into the destination processor's memory,
/// which always accepts it. Hence the channel dependency graph is acyclic and every packet is
/// delivered.
///
/// Timing: in every slot each link carries at most one packet (one parallel neighbour-to-
/// neighbour communication step). A message the processor sends in slot k leaves its outbox in
/// slot k + 1 at the earliest and reaches a neighbour in that slot, so d links cost d slots.
/// Each output arbitrates round-robin between the four input buffers and the outbox.
/// Outbox order: by priority key, then sending order; per tree link, the heads of the queues
/// that leave by the same output compete by the same order (the paper's Lemma 5 keys). A
/// processor's memory takes a slot's packets in delivery_rank order (its own, then by the
/// direction they arrive in). One clocked method advances every busy router; an idle mesh
/// costs one test per slot. The routing logic is mesh_routing.h's, shared with the pins view.
#include <cstdint>
#include <deque>
#include <string>
#include <systemc>
#include <vector>

#include "models/core/run_control.h"
#include "models/mesh/mesh_link_layer.h"
#include "models/mesh/mesh_node.h"

namespace optinet::mesh {

struct MeshFabricConfig {
  std::uint32_t n = 4;
  std::uint32_t buffers = 2;  ///< Q, per link
  OutboxQueues outbox = OutboxQueues::kSingle;
};

class MeshFabric : public sc_core::sc_module, public MeshNodePort, public MeshLinkLayer {
 public:
  sc_core::sc_in<bool> clk{"clk"};

  MeshFabric(const sc_core::sc_module_name& name, const MeshFabricConfig& config);

  std::uint32_t n() const { return geometry_.n; }
  std::uint32_t node_of(Coord c) const { return geometry_.node_of(c); }
  Coord coord_of(std::uint32_t node) const { return geometry_.coord_of(node); }

  // MeshNodePort
  void send(std::uint32_t node, MeshMsg m) override;
  bool take(std::uint32_t node, MeshMsg& out) override;
  const sc_core::sc_event& delivery_event(std::uint32_t node) const override {
    return delivered_[node];
  }

  /// The run control whose slot count the fabric reports to its observer.
  void set_run_control(const RunControlIf* control) { control_ = control; }
  // MeshLinkLayer
  const MeshGeometry& geometry() const override { return geometry_; }
  void set_observer(MeshFabricObserver* o) override { observer_ = o; }
  void reset() override;
  std::uint64_t unread() const override;
  void discard() override;
  std::uint64_t in_flight() const override { return in_flight_; }
  MeshLinkCounters link_counters(std::uint32_t link) const override { return counters_[link]; }
  std::string link_name(std::uint32_t link) const { return geometry_.link_name(link); }
  using sc_core::sc_object::trace;  // SystemC's own trace(tf) stays visible beside ours
  /// Traces busy and occupancy of the links that leave nodes in [first, last].
  void trace(sc_core::sc_trace_file* tf, std::uint32_t first, std::uint32_t last) override;

 private:
  /// A packet for a processor's memory in this slot: from the link arriving in direction
  /// `input`, or from its own outbox (kOutbox).
  struct Arrival {
    std::uint32_t node, input;
    MeshMsg msg;
  };
  void step();
  std::uint64_t now() const { return control_ != nullptr ? control_->current_slot() : 0; }
  bool input_empty(std::uint32_t node, std::uint32_t input) const;
  void pop_input(std::uint32_t node, std::uint32_t input);
  MeshMsg take_move(const MeshMove& mv);
  void deliver(std::uint32_t node, const MeshMsg& m);
  void activate(std::uint32_t node);

  MeshGeometry geometry_;
  std::uint32_t q_;
  OutboxQueues outbox_queues_;
  // Input buffers: queue node * 4 + d holds packets that arrived over the link in direction d.
  std::vector<std::deque<MeshMsg>> in_;
  std::vector<std::uint32_t> occupancy_;  ///< of link node * 4 + d: its far end's buffer
  std::vector<unsigned char> busy_;       ///< link carried a packet this slot (traced)
  std::vector<std::uint32_t> busy_list_;
  std::vector<MeshOutbox> outbox_;
  std::vector<std::deque<MeshMsg>> inbox_;
  std::vector<sc_core::sc_event> delivered_;
  std::vector<std::uint32_t> round_robin_;  ///< per output: the input served first next time
  std::vector<MeshLinkCounters> counters_;
  std::vector<std::uint32_t> active_;
  std::vector<bool> listed_;
  std::vector<MeshMove> moves_;
  std::vector<Arrival> arrivals_;
  std::vector<std::uint32_t> pushed_;  ///< links whose far buffer took a packet this slot
  std::uint64_t in_flight_ = 0;
  MeshFabricObserver* observer_ = nullptr;
  const RunControlIf* control_ = nullptr;
};

}  // namespace optinet::mesh
