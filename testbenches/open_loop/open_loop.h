#pragma once
/// \file
/// Open-loop runs, as BookSim runs them: every node's host creates packets by an injection
/// process (Bernoulli or bursty) with a destination rule; warm-up slots, then a measurement
/// window whose packets are labelled, then a drain until every labelled packet is delivered
/// (the host then stops the run) or the slot limit. The warm-up and the window are fixed or
/// decided from the measurement, and the run's saturation is decided from the window's
/// batches, not from the drain (testbenches/open_loop/steady_state.h).
///
/// The host is the nodes' injection port (each node takes its own packets, oldest first, when
/// its protocol has room; the rest wait in the node's injection queue) and the run's checker:
/// every delivered packet, labelled or not, must arrive once, intact, at its destination.
///
/// Messages (`OpenLoopConfig::message`): the injection process creates messages at R / S per
/// slot (R the rate in frames, S the mean message size), each of S frames to one destination;
/// each frame is a packet as above (ids, checks, offered and accepted load count frames), taken
/// in order, and the host reassembles them: a message is delivered when its last frame is, its
/// latency from its creation to that slot. A message a bounded injection queue has no room for
/// is refused whole.
///
/// Packet ids: node i's k-th packet has id k*n + i, so ids never depend on the order in which
/// nodes take their packets. Packets whose rule sends them to their own source (the transpose
/// diagonal, bit-reversal palindromes) are not created: they would not use the network.
#include <algorithm>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "models/core/fault_plan.h"
#include "models/core/injection_port.h"
#include "models/core/rng.h"
#include "models/core/run_checker.h"
#include "models/core/trace_window.h"
#include "testbenches/open_loop/destination_queues.h"
#include "testbenches/open_loop/destination_table.h"
#include "testbenches/open_loop/injection.h"
#include "testbenches/open_loop/latency_stats.h"
#include "testbenches/open_loop/message_sizes.h"
#include "testbenches/open_loop/steady_state.h"
#include "testbenches/open_loop/trace_file.h"
#include "testbenches/open_loop/transactions.h"

namespace optinet {

class RunControl;

/// A message's class: a plain message of an open-loop run, or a transaction's request or reply.
enum class MessageKind : std::uint8_t { kPlain, kRequest, kReply };

enum class DestinationRule : std::uint8_t {
  kUniform,
  kHotspot,
  kTranspose,
  kBitReversal,
  kNeighbour,
  kTornado,
  kShuffle,
  kBitComplement,
  kRandomPermutation,  ///< randperm: a random permutation drawn from --seed
  kMatrix              ///< matrix:FILE, a user's traffic matrix (destination_table.h)
};

/// "uniform, hotspot, transpose, bit-reversal, neighbour, tornado, shuffle, bit-complement,
/// randperm, matrix:FILE".
std::string destination_rule_names();
/// Throws UsageError (--pattern) for an unknown name; "matrix:FILE" is kMatrix (the caller
/// reads FILE).
DestinationRule destination_rule(const std::string& name);
std::string destination_rule_name(DestinationRule rule);
/// Whether the rule's destinations come from a DestinationTable (randperm, matrix).
bool table_rule(DestinationRule rule);

struct OpenLoopConfig {
  bool bursty = false;
  double rate = 0.1;      ///< packets per node per slot
  double mean_burst = 8;  ///< bursty: mean on-period in slots
  DestinationRule rule = DestinationRule::kUniform;
  NodeId hotspot = 0;
  double fraction = 0.1;  ///< hotspot: share of packets sent to the hotspot
  /// randperm: the seed its permutation is drawn from (the command's --seed, so every run of
  /// a command and its bounds see the same permutation).
  std::uint64_t permutation_seed = 0;
  std::shared_ptr<const MatrixFile> matrix;  ///< matrix: the file as read
  MessageSizes message;                      ///< frames per message (default: one)
  /// Request-reply transactions (transactions.h); `message` is then the requests' sizes.
  std::optional<RequestReplyConfig> request_reply;
  /// A trace's messages (trace_file.h) instead of the injection process; `matrix` is then the
  /// trace's frames per pair, for the bounds.
  std::shared_ptr<const TraceFile> trace;
  SteadyStateConfig steady;       ///< the warm-up, the window and their intervals
  std::uint64_t queue_limit = 0;  ///< packets an injection queue holds; 0: unbounded
  /// Packets created and not delivered (in injection queues or in the network) per node past
  /// which the run ends as saturated, so that an overloaded run's memory stays bounded; 0: no
  /// limit; empty: the default rule, max_backlog_per_node().
  std::optional<std::uint64_t> max_backlog;
  /// The default's floor: what a node holds once a protocol without a schedule is overloaded.
  static constexpr std::uint64_t kMinDefaultMaxBacklog = 4096;
  /// The default's multiple of the schedule's period (TDMA's frame of F slots). TDMA's backlog
  /// per node is R F / (2 (1 - a)) at offered R (a = R / its capacity, Little's law with the
  /// queueing formula's latency); at its 3x knee (a about 2/3) about F, so 4 F is four times the
  /// knee's backlog, reached only at a = 8/9 in steady state.
  static constexpr std::uint64_t kPeriodsOfBacklog = 4;
  /// The limit in force: max_backlog when given, else the larger of kMinDefaultMaxBacklog and
  /// kPeriodsOfBacklog x the schedule's period.
  std::uint64_t max_backlog_per_node() const {
    return max_backlog
               ? *max_backlog
               : std::max(kMinDefaultMaxBacklog, kPeriodsOfBacklog * steady.schedule_period);
  }
  /// Frames one draw of the injection process offers: a message, or a request and its reply.
  double frames_per_draw() const {
    return message.mean() + (request_reply ? request_reply->reply_frames : 0);
  }
};

/// The pattern as --pattern names it ("matrix:PATH" for a matrix).
std::string pattern_name(const OpenLoopConfig& config);
/// A table rule's destinations on n nodes (randperm's permutation, the matrix's rows); empty
/// for the other rules.
DestinationTable destination_table(const OpenLoopConfig& config, std::uint32_t n);

/// Why the configuration cannot run on n nodes with this slot limit (the option at fault
/// first), or "".
std::string open_loop_unavailable(const OpenLoopConfig& config, std::uint32_t n,
                                  std::uint64_t max_slots);

/// Per message, in a run whose messages may have several frames.
struct MessageResult {
  std::string sizes;           ///< MessageSizes::describe()
  double frames_mean = 0;      ///< the sizes' mean
  std::uint64_t created = 0;   ///< messages created in the run (refused included)
  std::uint64_t refused = 0;   ///< refused whole (the injection queue had no room for them)
  std::uint64_t labelled = 0;  ///< created in the measurement window
  std::uint64_t labelled_delivered = 0;
  std::uint64_t delivered = 0;  ///< every frame arrived
  std::uint64_t lost = 0;       ///< a frame lost to a fault
  std::uint64_t in_flight = 0;  ///< frames still to arrive when the run ended
  std::uint64_t open = 0;       ///< messages neither delivered nor lost when the run ended
  /// Frames that arrived after a later frame of their message (reassembly puts them back).
  std::uint64_t out_of_order = 0;
  double offered = 0;    ///< messages created in the window per node per slot
  double accepted = 0;   ///< messages delivered in the window per node per slot
  LatencyStats latency;  ///< creation to the last frame's delivery, labelled messages
};

/// What one open-loop run measured.
struct OpenLoopResult {
  double rate = 0;                 ///< the injection process's rate
  std::uint64_t window_slots = 0;  ///< slots of the measurement window
  double offered = 0;   ///< packets created in the window per node per slot (refused included)
  double accepted = 0;  ///< packets delivered in the window per node per slot
  std::uint64_t created = 0;   ///< all packets created in the run
  std::uint64_t refused = 0;   ///< created while the injection queue was full (not sent)
  std::uint64_t labelled = 0;  ///< created in the measurement window
  std::uint64_t labelled_delivered = 0;
  std::uint64_t delivered = 0;  ///< all deliveries in the run
  /// Packets lost to injected faults (a garbled frame its source does not send again).
  std::uint64_t lost = 0;
  std::uint64_t labelled_lost = 0;  ///< of them, created in the measurement window
  /// The ages (slots) at the run's end of the labelled packets neither delivered nor lost: with
  /// the delivered ones' latencies, the window's mean latency with the ages of the packets still
  /// in flight (what BookSim's latency_thres tests).
  double labelled_age_sum = 0;
  /// Packets created, not refused, neither delivered nor lost when the run ended (in injection
  /// queues or in the network), counted from the host's records: created - refused = delivered +
  /// lost + in_flight is checked every run.
  std::uint64_t in_flight = 0;
  std::uint64_t window_delivered = 0;  ///< deliveries in the measurement window
  bool drained = false;                ///< every labelled packet was delivered or lost
  std::uint64_t drain_slot = 0;        ///< slot of the last labelled delivery
  LatencyStats latency;                ///< creation to delivery, labelled packets
  OccupancyStats queue;                ///< injection-queue length per node and slot, in the window
  SteadyStateReport steady;            ///< the window's choice, intervals and saturation
  std::uint32_t senders = 0;           ///< nodes the pattern has send packets
  double offered_per_sender = 0;       ///< packets per sending node per slot
  double accepted_per_sender = 0;
  double accepted_node_min = 0;  ///< least accepted load of a sending node (by source)
  double accepted_node_max = 0;
  double receiver_load_max = 0;  ///< most packets per slot delivered to one node
  NodeId busiest_receiver = kNoNode;
  /// Per message, where messages may have several frames (OpenLoopConfig::message).
  std::optional<MessageResult> messages;
  /// Request-reply runs: the transactions (OpenLoopConfig::request_reply).
  std::optional<TransactionResult> transactions;
};

/// Where an open-loop host reports its measurement window as it is decided, for the media to
/// count their slots in it: opened (counters cleared, `window.last` open-ended), then closed
/// (`window.last` set, counters kept).
class CountWindowListener {
 public:
  virtual ~CountWindowListener() = default;
  virtual void window_opened(const TraceWindow& window) = 0;
  virtual void window_closed(std::uint64_t last_slot) = 0;
};

class OpenLoopHost : public InjectionPort, public RunChecker, public FrameLossListener {
 public:
  /// `max_slots` bounds the automatic warm-up and window (SteadyStateMonitor).
  OpenLoopHost(const OpenLoopConfig& config, std::uint32_t n, std::uint64_t max_slots);

  /// The injection rate of the next runs (packets per node per slot). Between runs only.
  void set_rate(double rate) { config_.rate = rate; }
  /// The slot limit of the next runs (the command's --max-slots at first). Between runs only.
  void set_max_slots(std::uint64_t max_slots) { monitor_.set_max_slots(max_slots); }
  std::uint64_t max_slots() const { return monitor_.max_slots(); }
  /// The measured window's precision and the latency limit that ends a run
  /// (SteadyStateMonitor), for the next runs. Between runs only.
  void set_precision(double precision) { monitor_.set_precision(precision); }
  void set_latency_limit(double slots) { monitor_.set_latency_limit(slots); }
  /// Whether runs of `max_slots` slots leave room for this configuration's warm-up and window.
  bool slot_limit_fits(std::uint64_t max_slots) const {
    return open_loop_unavailable(config_, n_, max_slots).empty();
  }
  /// Where the window goes as it is decided (null: nowhere). Between runs only.
  void set_window_listener(CountWindowListener* listener) { listener_ = listener; }
  /// Appends every message the next runs create to `messages` (null: none), as a trace's lines
  /// (a reply depends on its request). Between runs only.
  void record_workload(std::vector<TraceMessage>* messages) { recorded_ = messages; }
  /// Starts a run: every node's process and stream from `seed`; `control` is stopped once the
  /// window has closed and every labelled packet is delivered.
  void arm(std::uint64_t seed, RunControl* control);

  // InjectionPort
  void take_created(NodeId node, std::uint64_t slot, std::size_t max,
                    std::vector<Packet>& out) override;
  std::optional<Packet> take_created_for(NodeId node, std::uint64_t slot,
                                         const NodeId* destinations, std::size_t count) override;
  std::uint64_t queued(NodeId node) const override { return nodes_[node].queued; }
  std::uint64_t next_creation(NodeId node, std::uint64_t horizon) const override;
  // RunChecker
  void expect(const std::vector<Packet>&) override {}
  void deliver(NodeId node, const Packet& packet, std::uint64_t slot) override;
  void slot_ended(std::uint64_t slot) override;
  void finish() override;
  // FrameLossListener: the packet is gone (its protocol does not send it again).
  void data_frame_lost(std::uint32_t packet_id, std::uint64_t slot) override;
  std::size_t violations() const override { return errors_.size(); }

  const std::vector<std::string>& errors() const { return errors_; }
  /// The last run's measures (valid after finish()).
  const OpenLoopResult& result() const { return result_; }
  /// Packets whose records the host keeps (records, virtual-output-queue entries allocated,
  /// packets listed in the network), over all nodes: what its memory follows.
  std::size_t packets_kept() const;

 private:
  struct NodeState {
    InjectionProcess process = InjectionProcess::bernoulli(0);
    Rng rng{0};
    std::uint64_t next_slot = 0;  ///< first slot not generated yet
    /// The slot of the next creation, once next_creation() found it (kNever: not known); it
    /// stays true until generated past, since generate() draws what the look-ahead drew.
    mutable std::uint64_t next_creation = SteadyStateMonitor::kNever;
    /// One created packet (a packet is rebuilt from it and its sequence number: id, source,
    /// destination, payload).
    struct Record {
      std::uint32_t created_slot;
      NodeId destination;      ///< kNoNode: refused
      bool taken = false;      ///< left the injection queue (or refused)
      bool delivered = false;  ///< delivered (or refused): the record is no longer needed
      bool reply = false;      ///< a reply's frame (request-reply runs)
    };
    /// The records of packets `first_seq` on, by sequence number: every packet before
    /// first_seq was delivered (or refused), so the records kept are those of the packets in
    /// flight and of those created after the oldest of them. Taken oldest first
    /// (take_created), a node's packets leave nearly in order and the records are about the
    /// packets in flight.
    std::vector<Record> records;
    std::uint32_t first_seq = 0;
    std::uint32_t delivered_front = 0;  ///< records[0, this) are known delivered
    std::uint32_t created = 0;          ///< packets created (the next sequence number)
    std::uint64_t queued = 0;           ///< packets in the injection queue
    std::uint32_t oldest = 0;           ///< records: no untaken packet before this seq
    std::uint32_t oldest_reply = 0;     ///< records: no untaken reply frame before this seq
    std::uint64_t queued_replies = 0;   ///< of the packets queued, replies' frames
    /// Taken by destination (take_created_for), a node's packets leave far out of order (a
    /// TDMA node waits up to a frame for each destination): from the node's first such take
    /// on, its packets wait in virtual output queues, and those taken and not yet delivered
    /// are listed apart (a few: the protocols that take so cross the network in a hop or two),
    /// so the memory follows the packets waiting, not the span from the oldest. The virtual
    /// output queues of every node are the host's one `waiting_`.
    bool by_destination = false;
    struct InNetwork {
      std::uint32_t seq;
      std::uint32_t created_slot;
      NodeId destination;
    };
    std::vector<InNetwork> in_network;
    /// Messages not yet delivered or lost (runs with messages only), by first frame: frames
    /// first_seq.. first_seq + frames - 1 of the node.
    struct Message {
      std::uint32_t first_seq;
      std::uint32_t frames;
      std::uint32_t remaining;  ///< frames neither delivered nor lost
      std::uint32_t created_slot;
      std::uint32_t arrived_past = 0;  ///< 1 + the latest frame (offset) arrived so far; 0: none
      bool lost = false;
      MessageKind kind = MessageKind::kPlain;
      NodeId to = kNoNode;
      std::uint32_t issued = 0;                              ///< a reply: its request's issue slot
      std::uint32_t trace_id = TraceMessage::kNoDependency;  ///< a trace's message: its id
    };
    std::deque<Message> messages;
    // Request-reply runs (transactions.h).
    /// What the node's host does at a later slot, in slot order: create a reply to `to` (for a
    /// request issued in `issued`), free a place (a transaction completed), or create trace
    /// message `issued` (its dependency arrived).
    enum class DueKind : std::uint8_t { kReply, kFree, kTrace };
    struct Due {
      std::uint32_t slot;
      NodeId to;
      std::uint32_t issued;
      DueKind kind;
      std::uint32_t record = TraceMessage::kNoDependency;  ///< a reply: its request's record
    };
    std::deque<Due> due;
    /// Requests drawn while M were outstanding, oldest first.
    struct Drawn {
      std::uint32_t slot;
      NodeId to;
      std::uint32_t frames;
    };
    std::deque<Drawn> waiting;
    std::uint32_t outstanding = 0;  ///< issued, place not freed yet
    std::uint32_t trace_next = 0;   ///< trace runs: the node's next message (trace_by_node_)

    Record& record(std::uint32_t seq) { return records[seq - first_seq]; }
    bool kept(std::uint32_t seq) const {
      return seq >= first_seq && seq - first_seq < records.size();
    }
    /// Moves the untaken packets of `records` to `waiting` (replies' frames to `replies`), as
    /// node `node`'s.
    void start_by_destination(NodeId node, DestinationQueues& waiting, DestinationQueues& replies);
    /// Called as packet `seq` is delivered: drops the records of delivered packets at the
    /// front once they are half the records (each record is passed over once before it goes).
    void compact(std::uint32_t seq);
  };

  /// Creates node's packets for every slot before `until`.
  void generate(NodeId node, std::uint64_t until);
  /// Creates a message of `frames` frames of node's for `to` in `slot` (refused whole when the
  /// injection queue has no room); a reply records its request's issue slot `issued`.
  void create(NodeId node, std::uint64_t slot, NodeId to, std::uint32_t frames, MessageKind kind,
              std::uint32_t issued = 0, std::uint32_t trace_id = TraceMessage::kNoDependency);
  /// Trace runs: node's messages of `slot` whose dependency has arrived; message `id` arrived
  /// whole in `slot` (its dependents created from the next slot on).
  void trace_messages(NodeId node, std::uint64_t slot);
  void create_traced(NodeId node, std::uint64_t slot, std::uint32_t id);
  void trace_arrived(std::uint32_t id, std::uint64_t slot);
  // Request-reply runs: node's due replies and freed places in `slot` (and trace messages
  // due), then the waiting requests that fit; a drawn request; an issued one; a request or
  // reply arrived whole.
  void due_events(NodeId node, std::uint64_t slot);
  void draw_request(NodeId node, std::uint64_t slot, NodeId to, std::uint32_t frames);
  void issue(NodeId node, std::uint64_t slot, const NodeState::Drawn& drawn);
  void message_arrived(const NodeState::Message& m, NodeId source, std::uint64_t slot);
  /// Per-class and per-transaction conservation and measures at the run's end.
  void finish_transactions(std::uint64_t first, std::uint64_t end, double node_slots);
  /// Slots of [from, to) in the window [first, end).
  static double overlap(std::uint64_t from, std::uint64_t to, std::uint64_t first,
                        std::uint64_t end) {
    const std::uint64_t a = std::max(from, first);
    const std::uint64_t b = std::min(to, end);
    return b > a ? static_cast<double>(b - a) : 0;
  }
  bool request_reply() const { return config_.request_reply.has_value(); }
  bool traced() const { return config_.trace != nullptr; }
  /// From node's first take by destination on: its packets wait in waiting_.
  void take_by_destination(NodeId node);
  /// Node's packet `seq`, taken out of its records' queue.
  Packet take(NodeId node, std::uint32_t seq);
  /// Node's packet taken out of its virtual output queues (its replies' if `reply`).
  Packet take(NodeId node, const DestinationQueues::Taken& taken, bool reply);
  Packet packet(NodeId node, std::uint32_t seq, NodeId destination) const;
  /// Checks a delivered packet against node `source`'s packets in the network and removes it;
  /// its creation slot, or nullopt after an error.
  std::optional<std::uint32_t> arrived(NodeState& source, NodeId node, const Packet& packet);
  NodeId pick_destination(NodeId source, Rng& rng) const;
  bool in_window(std::uint64_t slot) const { return monitor_.in_window(slot); }
  /// Once every node has generated the whole window: the labelled set is known.
  void close_window();
  /// Whether the pattern has `node` send packets (a permutation's fixed points do not).
  bool sends(NodeId node) const;
  /// The sending nodes' loads, the least and largest, and the busiest receiver.
  void per_node_loads(double window_slots);
  void maybe_stop();
  /// Packets created, not refused and not delivered so far, and the frames of the requests
  /// waiting to be issued and of their replies.
  std::uint64_t backlog() const {
    return result_.created - result_.refused - result_.delivered - result_.lost + waiting_frames_;
  }
  /// Whether messages may have several frames (or are requests and replies).
  bool messages_on() const {
    return !config_.message.single_frame() || request_reply() || traced();
  }
  /// Frame `seq` of `source` arrived (or was lost) in `slot`: its message's reassembly.
  void frame_done(NodeState& s, NodeId source, std::uint32_t seq, std::uint64_t slot, bool lost);
  /// Per-message conservation and measures at the run's end.
  void finish_messages(double node_slots);
  /// Removes packet `seq` of `s` from the packets in flight (delivered or lost); false if it is
  /// not in flight. `listed` is its entry in s.in_network, or s.in_network.end().
  std::optional<std::uint32_t> leave(NodeState& s, std::uint32_t seq,
                                     std::vector<NodeState::InNetwork>::iterator listed);
  /// Packets created, not refused, and neither delivered nor lost, from the records.
  std::uint64_t count_in_flight() const;
  /// The run ended as its backlog passed the limit: it is saturated, and its window ends here.
  void report_backlog_stop();
  void error(const std::string& message);

  OpenLoopConfig config_;
  std::uint32_t n_;
  DestinationTable table_;     ///< randperm's and matrix's destinations
  std::uint64_t max_backlog_;  ///< config_.max_backlog_per_node(), packets per node (0: none)
  std::uint64_t seed_ = 0;
  RunControl* control_ = nullptr;
  std::vector<NodeState> nodes_;
  /// The virtual output queues of the nodes that take by destination (made at the first such
  /// take of a run).
  DestinationQueues waiting_;
  /// Request-reply runs: the replies' frames, in queues of their own.
  DestinationQueues replies_;
  bool waiting_made_ = false;
  SteadyStateMonitor monitor_;
  CountWindowListener* listener_ = nullptr;
  std::vector<std::uint32_t> window_sent_;      ///< by source: delivered in the window
  std::vector<std::uint32_t> window_received_;  ///< by destination: delivered in the window
  std::uint64_t last_slot_ = 0;                 ///< the last slot that ended
  bool window_closed_ = false;
  /// The slot at whose end the backlog passed config_.max_backlog per node (kNever: it did not).
  std::uint64_t backlog_stop_ = SteadyStateMonitor::kNever;
  std::uint64_t labelled_outstanding_ = 0;
  long double labelled_created_sum_ = 0;  ///< creation slots of the labelled packets in flight
  std::uint64_t window_created_ = 0;
  std::uint64_t window_delivered_ = 0;
  MessageResult messages_;
  std::uint64_t window_messages_created_ = 0;
  std::uint64_t window_messages_delivered_ = 0;
  // Request-reply runs.
  TransactionResult tx_;
  std::uint64_t waiting_frames_ = 0;  ///< of the requests waiting and their replies
  std::uint64_t labelled_transactions_open_ = 0;
  std::uint64_t window_draws_ = 0;
  std::uint64_t window_completed_ = 0;
  double source_wait_sum_ = 0;
  double outstanding_slots_ = 0;  ///< transactions' slots outstanding in the window
  WindowBatches round_trips_;     ///< by issue batch
  WindowBatches completions_;     ///< by completion batch
  // Trace runs: each node's message ids in file order; each message's dependents; the slot
  // from which each message's dependents may be created (0: it has not arrived).
  std::vector<std::vector<std::uint32_t>> trace_by_node_;
  std::vector<std::vector<std::uint32_t>> trace_dependents_;
  std::vector<std::uint32_t> trace_arrived_;
  /// Messages recorded as created (record_workload): the run's workload as a trace.
  std::vector<TraceMessage>* recorded_ = nullptr;
  OpenLoopResult result_;
  std::vector<std::string> errors_;
  std::size_t suppressed_ = 0;
};

}  // namespace optinet
