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
/// that leave by the same output compete by the same order (the paper's Lemma 5 keys). One
/// clocked method advances every busy router; an idle mesh costs one test per slot.
#include <cstdint>
#include <deque>
#include <map>
#include <string>
#include <systemc>
#include <utility>
#include <vector>

#include "models/core/run_control.h"
#include "models/networks/mesh_sync_node.h"

namespace optinet::mesh {

/// Directions: E = +x, W = -x, N = +y, S = -y.
enum Dir : std::uint32_t { kEast = 0, kWest = 1, kNorth = 2, kSouth = 3 };
constexpr std::uint32_t kDirs = 4;
const char* dir_name(std::uint32_t d);

/// Packets entering and leaving the fabric (the testbench's conservation check).
class MeshFabricObserver {
 public:
  virtual ~MeshFabricObserver() = default;
  virtual void injected(const MeshMsg& m, std::uint64_t slot) = 0;
  virtual void delivered(std::uint32_t node, const MeshMsg& m, std::uint64_t slot) = 0;
};

/// A processor's outbox: one queue (only its first message competes for the links, so a
/// message for one link can hold back one for another), or a queue per tree link, i.e. per
/// destination (every message of the protocols goes to a tree neighbour): each output then
/// takes the first message among the queues whose first hop it is.
enum class OutboxQueues { kSingle, kPerLink };

struct MeshFabricConfig {
  std::uint32_t n = 4;
  std::uint32_t buffers = 2;  ///< Q, per link
  OutboxQueues outbox = OutboxQueues::kSingle;
};

/// Per link counters of a run.
struct MeshLinkCounters {
  std::uint64_t busy_slots = 0;
  std::uint32_t max_occupancy = 0;
};

class MeshFabric : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk{"clk"};

  MeshFabric(const sc_core::sc_module_name& name, const MeshFabricConfig& config);

  std::uint32_t n() const { return n_; }
  std::uint32_t node_of(Coord c) const { return c.y * n_ + c.x; }
  Coord coord_of(std::uint32_t node) const { return {node % n_, node / n_}; }

  /// Processor side: queue a message in the node's outbox (ids and checksums are set here).
  void send(std::uint32_t node, MeshMsg m);
  /// Processor side: the oldest delivered message, if any.
  bool take(std::uint32_t node, MeshMsg& out);
  const sc_core::sc_event& delivery_event(std::uint32_t node) const { return delivered_[node]; }

  void set_observer(MeshFabricObserver* o) { observer_ = o; }
  /// The run control whose slot count the fabric reports to its observer.
  void set_run_control(const RunControlIf* control) { control_ = control; }
  /// Clears queues, counters and sequence numbers for a new run (the fabric must be empty).
  void reset();
  /// Messages delivered to processors and not taken by them.
  std::uint64_t unread() const;
  /// Drops every message (after a run stopped at the slot limit).
  void discard();
  /// Messages in outboxes and link buffers.
  std::uint64_t in_flight() const { return in_flight_; }
  /// The link leaving `node` in direction `d`, if it exists; link ids are node * 4 + d.
  bool has_link(std::uint32_t node, std::uint32_t d) const;
  const MeshLinkCounters& link_counters(std::uint32_t link) const { return counters_[link]; }
  std::string link_name(std::uint32_t link) const;
  using sc_core::sc_object::trace;  // SystemC's own trace(tf) stays visible beside ours
  /// Traces busy and occupancy of the links that leave nodes in [first, last].
  void trace(sc_core::sc_trace_file* tf, std::uint32_t first, std::uint32_t last);

 private:
  using OutboxKey = std::pair<std::int64_t, std::uint64_t>;  ///< (priority, id)
  struct Move {
    std::uint32_t node, input, out;
    OutboxKey key{0, 0};  ///< the outbox message moved (input == the outbox)
  };
  /// The outbox message offered to each output (kDirs: to the node itself), if any.
  struct OutboxOffer {
    const MeshMsg* msg[kDirs + 1] = {nullptr, nullptr, nullptr, nullptr, nullptr};
    OutboxKey key[kDirs + 1];
  };
  OutboxOffer outbox_offer(std::uint32_t node) const;
  void step();
  std::uint64_t now() const { return control_ != nullptr ? control_->current_slot() : 0; }
  std::uint32_t neighbour(std::uint32_t node, std::uint32_t d) const;
  /// Output a message at `node` takes (kDirs: it is there).
  std::uint32_t route(std::uint32_t node, const MeshMsg& m) const;
  bool input_empty(std::uint32_t node, std::uint32_t input) const;
  const MeshMsg& input_head(std::uint32_t node, std::uint32_t input) const;
  void pop_input(std::uint32_t node, std::uint32_t input);
  MeshMsg take_move(const Move& mv);
  void deliver(std::uint32_t node, const MeshMsg& m);
  void activate(std::uint32_t node);

  std::uint32_t n_;
  std::uint32_t q_;
  OutboxQueues outbox_queues_;
  // Input buffers: queue node * 4 + d holds packets that arrived over the link in direction d.
  std::vector<std::deque<MeshMsg>> in_;
  std::vector<std::uint32_t> occupancy_;  ///< of link node * 4 + d: its far end's buffer
  std::vector<unsigned char> busy_;       ///< link carried a packet this slot (traced)
  std::vector<std::uint32_t> busy_list_;
  std::vector<std::map<OutboxKey, MeshMsg>> outbox_;
  std::vector<std::uint64_t> sequence_;
  std::vector<std::deque<MeshMsg>> inbox_;
  std::vector<sc_core::sc_event> delivered_;
  std::vector<std::uint32_t> round_robin_;  ///< per output: the input served first next time
  std::vector<MeshLinkCounters> counters_;
  std::vector<std::uint32_t> active_;
  std::vector<bool> listed_;
  std::vector<Move> moves_;
  std::uint64_t in_flight_ = 0;
  MeshFabricObserver* observer_ = nullptr;
  const RunControlIf* control_ = nullptr;
};

}  // namespace optinet::mesh
