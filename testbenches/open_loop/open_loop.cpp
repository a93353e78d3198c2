#include "testbenches/open_loop/open_loop.h"

#include <algorithm>
#include <limits>

#include "models/core/run_control.h"
#include "testbenches/io/input_file.h"
#include "testbenches/io/usage_error.h"
#include "testbenches/traffic/traffic.h"

namespace optinet {

namespace {

constexpr std::size_t kMaxErrors = 20;

}  // namespace

OpenLoopHost::OpenLoopHost(const OpenLoopConfig& config, std::uint32_t n, std::uint64_t max_slots)
    : config_(config),
      n_(n),
      table_(destination_table(config, n)),
      max_backlog_(config.max_backlog_per_node()),
      nodes_(n),
      monitor_(config.steady, n, max_slots) {
  if (!config.trace) return;
  trace_by_node_.resize(n);
  trace_dependents_.resize(config.trace->messages.size());
  for (std::uint32_t id = 0; id < config.trace->messages.size(); ++id) {
    const TraceMessage& m = config.trace->messages[id];
    if (m.source < n) trace_by_node_[m.source].push_back(id);
    if (m.after != TraceMessage::kNoDependency) trace_dependents_[m.after].push_back(id);
  }
}

void OpenLoopHost::arm(std::uint64_t seed, RunControl* control) {
  seed_ = seed;
  control_ = control;
  for (NodeId i = 0; i < n_; ++i) {
    NodeState& s = nodes_[i];
    s = NodeState{};
    const double message_rate = config_.rate / config_.frames_per_draw();
    s.process = config_.bursty ? InjectionProcess::bursty(message_rate, config_.mean_burst)
                               : InjectionProcess::bernoulli(message_rate);
    s.rng = injection_rng(seed, i);
  }
  waiting_ = DestinationQueues();
  replies_ = DestinationQueues();
  waiting_made_ = false;
  window_closed_ = false;
  backlog_stop_ = SteadyStateMonitor::kNever;
  labelled_outstanding_ = 0;
  labelled_created_sum_ = 0;
  window_created_ = 0;
  window_delivered_ = 0;
  messages_ = MessageResult{};
  window_messages_created_ = 0;
  window_messages_delivered_ = 0;
  tx_ = TransactionResult{};
  waiting_frames_ = 0;
  labelled_transactions_open_ = 0;
  window_draws_ = 0;
  window_completed_ = 0;
  source_wait_sum_ = 0;
  outstanding_slots_ = 0;
  if (traced()) trace_arrived_.assign(config_.trace->messages.size(), 0);
  round_trips_.reset(monitor_.batch_slots());
  completions_.reset(monitor_.batch_slots());
  result_ = OpenLoopResult{};
  errors_.clear();
  suppressed_ = 0;
  window_sent_.assign(n_, 0);
  window_received_.assign(n_, 0);
  monitor_.reset();
  last_slot_ = 0;
  if (listener_ == nullptr) return;
  if (monitor_.window_first() != SteadyStateMonitor::kNever) {
    listener_->window_opened(TraceWindow{monitor_.window_first()});
  }
  if (monitor_.window_end() != SteadyStateMonitor::kNever) {
    listener_->window_closed(monitor_.window_end() - 1);
  }
}

NodeId OpenLoopHost::pick_destination(NodeId source, Rng& rng) const {
  switch (config_.rule) {
    case DestinationRule::kUniform:
      return uniform_destination(source, n_, rng);
    case DestinationRule::kHotspot:
      return hotspot_destination(source, n_, config_.hotspot, config_.fraction, rng);
    case DestinationRule::kTranspose:
      return transpose_destination(source, n_);
    case DestinationRule::kBitReversal:
      return bit_reversal_destination(source, n_);
    case DestinationRule::kNeighbour:
      return neighbour_destination(source, n_);
    case DestinationRule::kTornado:
      return tornado_destination(source, n_);
    case DestinationRule::kShuffle:
      return shuffle_destination(source, n_);
    case DestinationRule::kBitComplement:
      return bit_complement_destination(source, n_);
    case DestinationRule::kRandomPermutation:
    case DestinationRule::kMatrix:
      return table_.pick(source, rng);
  }
  return source;
}

void OpenLoopHost::generate(NodeId node, std::uint64_t until) {
  NodeState& s = nodes_[node];
  const bool messages = messages_on();
  for (; s.next_slot < until; ++s.next_slot) {
    const std::uint64_t slot = s.next_slot;
    if (in_window(slot)) result_.queue.sample(s.queued);
    if (!s.due.empty() || !s.waiting.empty()) due_events(node, slot);
    if (traced()) {
      trace_messages(node, slot);
      continue;
    }
    if (!s.process.inject(s.rng)) continue;
    const NodeId to = pick_destination(node, s.rng);
    if (to == node) continue;  // needs no network: not created (see the file comment)
    const std::uint32_t frames = messages ? config_.message.draw(s.rng) : 1;
    if (request_reply()) {
      draw_request(node, slot, to, frames);
    } else {
      create(node, slot, to, frames, MessageKind::kPlain);
    }
  }
}

void OpenLoopHost::trace_messages(NodeId node, std::uint64_t slot) {
  NodeState& s = nodes_[node];
  const std::vector<std::uint32_t>& ids = trace_by_node_[node];
  for (; s.trace_next < ids.size(); ++s.trace_next) {
    const std::uint32_t id = ids[s.trace_next];
    const TraceMessage& m = config_.trace->messages[id];
    if (m.slot > slot) break;
    // One whose dependency has not arrived by its slot is created when it does (trace_arrived).
    if (m.after != TraceMessage::kNoDependency &&
        (trace_arrived_[m.after] == 0 || trace_arrived_[m.after] > slot)) {
      continue;
    }
    create_traced(node, slot, id);
  }
}

void OpenLoopHost::create_traced(NodeId node, std::uint64_t slot, std::uint32_t id) {
  const TraceMessage& m = config_.trace->messages[id];
  create(node, slot, m.destination, m.frames, m.reply ? MessageKind::kReply : MessageKind::kPlain,
         0, id);
}

void OpenLoopHost::trace_arrived(std::uint32_t id, std::uint64_t slot) {
  const auto next = static_cast<std::uint32_t>(slot + 1);
  trace_arrived_[id] = next;
  for (std::uint32_t dependent : trace_dependents_[id]) {
    const TraceMessage& m = config_.trace->messages[dependent];
    if (m.slot > slot) continue;  // created at its own slot (trace_messages)
    nodes_[m.source].due.push_back(
        NodeState::Due{next, m.destination, dependent, NodeState::DueKind::kTrace});
  }
  maybe_stop();
}

void OpenLoopHost::create(NodeId node, std::uint64_t slot, NodeId to, std::uint32_t frames,
                          MessageKind kind, std::uint32_t issued, std::uint32_t trace_id) {
  NodeState& s = nodes_[node];
  const bool window = in_window(slot);
  // Transactions are offered load when drawn (draw_request), other messages when created.
  const bool offered = !request_reply();
  const bool reply = kind == MessageKind::kReply;
  const auto created_slot = static_cast<std::uint32_t>(slot);
  const bool refused = config_.queue_limit != 0 && s.queued + frames > config_.queue_limit;
  if (messages_on()) {
    ++messages_.created;
    if (window) ++window_messages_created_;
    if (window) ++messages_.labelled;
    if (refused) {
      ++messages_.refused;
    } else {
      NodeState::Message m{s.created, frames, frames, created_slot};
      m.kind = kind;
      m.to = to;
      m.issued = issued;
      m.trace_id = trace_id;
      if (recorded_ != nullptr) {
        if (kind == MessageKind::kRequest)
          m.trace_id = static_cast<std::uint32_t>(recorded_->size());
        TraceMessage t;
        t.slot = created_slot;
        t.source = node;
        t.destination = to;
        t.frames = frames;
        t.reply = kind == MessageKind::kReply;
        t.after = trace_id;  // a reply: its request's record
        recorded_->push_back(t);
      }
      s.messages.push_back(m);
    }
  }
  if (recorded_ != nullptr && !messages_on()) {
    TraceMessage t;
    t.slot = created_slot;
    t.source = node;
    t.destination = to;
    recorded_->push_back(t);
  }
  if (request_reply()) {
    ClassCounts& c = reply ? tx_.replies : tx_.requests;
    ++c.messages_created;
    c.frames_created += frames;
  }
  for (std::uint32_t frame = 0; frame < frames; ++frame) {
    const std::uint32_t seq = s.created++;
    ++result_.created;
    if (offered) {
      monitor_.created(slot);
      if (window) ++window_created_;
    }
    if (refused) {
      if (!s.by_destination) {
        s.records.push_back(NodeState::Record{created_slot, kNoNode, true, true});
      }
      ++result_.refused;
      continue;
    }
    if (s.by_destination) {
      (reply ? replies_ : waiting_).push(node, to, DestinationQueues::Waiting{seq, created_slot});
    } else {
      s.records.push_back(NodeState::Record{created_slot, to, false, false, reply});
    }
    ++s.queued;
    if (reply) ++s.queued_replies;
    if (window) {
      ++result_.labelled;
      ++labelled_outstanding_;
      labelled_created_sum_ += created_slot;
    }
  }
}

void OpenLoopHost::due_events(NodeId node, std::uint64_t slot) {
  NodeState& s = nodes_[node];
  while (!s.due.empty() && s.due.front().slot <= slot) {
    const NodeState::Due d = s.due.front();
    s.due.pop_front();
    switch (d.kind) {
      case NodeState::DueKind::kReply:
        create(node, slot, d.to, config_.request_reply->reply_frames, MessageKind::kReply, d.issued,
               d.record);
        break;
      case NodeState::DueKind::kFree:
        --s.outstanding;
        break;
      case NodeState::DueKind::kTrace:
        create_traced(node, slot, d.issued);
        break;
    }
  }
  while (!s.waiting.empty() && s.outstanding < config_.request_reply->outstanding) {
    const NodeState::Drawn drawn = s.waiting.front();
    s.waiting.pop_front();
    waiting_frames_ -= drawn.frames + config_.request_reply->reply_frames;
    issue(node, slot, drawn);
  }
}

void OpenLoopHost::take_created(NodeId node, std::uint64_t slot, std::size_t max,
                                std::vector<Packet>& out) {
  generate(node, slot + 1);
  NodeState& s = nodes_[node];
  for (; max > 0 && s.queued > 0; --max) {
    // Replies first (transactions.h): a request never holds a reply back.
    if (s.by_destination) {
      std::optional<DestinationQueues::Taken> reply;
      if (s.queued_replies > 0) reply = replies_.take_oldest(node);
      out.push_back(take(node, reply ? *reply : *waiting_.take_oldest(node), reply.has_value()));
      continue;
    }
    if (s.queued_replies > 0) {
      s.oldest_reply = std::max(s.oldest_reply, s.first_seq);
      while (!s.record(s.oldest_reply).reply || s.record(s.oldest_reply).taken) ++s.oldest_reply;
      out.push_back(take(node, s.oldest_reply));
      continue;
    }
    while (s.record(s.oldest).taken) ++s.oldest;
    out.push_back(take(node, s.oldest));
  }
  if (!window_closed_ && slot >= monitor_.window_end()) close_window();
}

std::optional<Packet> OpenLoopHost::take_created_for(NodeId node, std::uint64_t slot,
                                                     const NodeId* destinations,
                                                     std::size_t count) {
  NodeState& s = nodes_[node];
  take_by_destination(node);
  generate(node, slot + 1);
  if (!window_closed_ && slot >= monitor_.window_end()) close_window();
  if (s.queued == 0) return std::nullopt;
  if (s.queued_replies > 0) {
    if (const auto reply = replies_.take_oldest_for(node, destinations, count)) {
      return take(node, *reply, true);
    }
  }
  const auto taken = waiting_.take_oldest_for(node, destinations, count);
  if (!taken) return std::nullopt;
  return take(node, *taken, false);
}

void OpenLoopHost::take_by_destination(NodeId node) {
  NodeState& s = nodes_[node];
  if (s.by_destination) return;
  if (!waiting_made_) {
    waiting_ = DestinationQueues(n_);
    if (request_reply() || traced()) replies_ = DestinationQueues(n_);
    waiting_made_ = true;
  }
  s.start_by_destination(node, waiting_, replies_);
}

std::uint64_t OpenLoopHost::next_creation(NodeId node, std::uint64_t horizon) const {
  // generate()'s draws on copies of the node's process and stream.
  const NodeState& s = nodes_[node];
  // A transaction's reply or freed place is due at a known slot.
  if (!s.due.empty()) {
    horizon = std::min(horizon, std::max<std::uint64_t>(s.due.front().slot, s.next_slot));
  }
  if (traced()) {
    const std::vector<std::uint32_t>& ids = trace_by_node_[node];
    if (s.trace_next >= ids.size()) return horizon;
    return std::min<std::uint64_t>(
        horizon,
        std::max<std::uint64_t>(config_.trace->messages[ids[s.trace_next]].slot, s.next_slot));
  }
  if (s.next_creation != SteadyStateMonitor::kNever && s.next_creation >= s.next_slot) {
    return std::min(s.next_creation, horizon);
  }
  InjectionProcess process = s.process;
  Rng rng = s.rng;
  for (std::uint64_t slot = s.next_slot; slot < horizon; ++slot) {
    if (process.inject(rng) && pick_destination(node, rng) != node) {
      s.next_creation = slot;
      return slot;
    }
  }
  return horizon;
}

void OpenLoopHost::NodeState::start_by_destination(NodeId node, DestinationQueues& waiting,
                                                   DestinationQueues& replies) {
  by_destination = true;
  for (std::uint32_t seq = std::max(oldest, first_seq); kept(seq); ++seq) {
    Record& r = record(seq);
    if (r.taken) continue;
    (r.reply ? replies : waiting)
        .push(node, r.destination, DestinationQueues::Waiting{seq, r.created_slot});
    r.taken = r.delivered = true;  // its record lives on in the queues
  }
}

Packet OpenLoopHost::packet(NodeId node, std::uint32_t seq, NodeId destination) const {
  const std::uint32_t id = seq * n_ + node;
  return Packet{id, node, destination, payload_of(seed_, id)};
}

Packet OpenLoopHost::take(NodeId node, std::uint32_t seq) {
  NodeState& s = nodes_[node];
  NodeState::Record& r = s.record(seq);
  r.taken = true;
  --s.queued;
  if (r.reply) --s.queued_replies;
  return packet(node, seq, r.destination);
}

Packet OpenLoopHost::take(NodeId node, const DestinationQueues::Taken& taken, bool reply) {
  NodeState& s = nodes_[node];
  --s.queued;
  if (reply) --s.queued_replies;
  s.in_network.push_back(
      NodeState::InNetwork{taken.packet.seq, taken.packet.created_slot, taken.destination});
  return packet(node, taken.packet.seq, taken.destination);
}

void OpenLoopHost::NodeState::compact(std::uint32_t seq) {
  if (seq != first_seq + delivered_front) return;  // an undelivered packet still comes first
  while (delivered_front < records.size() && records[delivered_front].delivered) {
    ++delivered_front;
  }
  if (delivered_front < 64 || 2 * std::size_t{delivered_front} < records.size()) return;
  records.erase(records.begin(), records.begin() + delivered_front);
  first_seq += delivered_front;
  delivered_front = 0;
  oldest = std::max(oldest, first_seq);
}

void OpenLoopHost::close_window() {
  const std::uint64_t end = monitor_.window_end();
  for (NodeId i = 0; i < n_; ++i) {
    if (nodes_[i].next_slot < end) generate(i, end);
  }
  window_closed_ = true;
  maybe_stop();
}

void OpenLoopHost::maybe_stop() {
  // A trace's run lasts until each of its messages has arrived (one created after the window,
  // held by a dependency, is still the trace's).
  const bool trace_done = !traced() || messages_.delivered == config_.trace->messages.size();
  if (window_closed_ && labelled_outstanding_ == 0 && labelled_transactions_open_ == 0 &&
      trace_done && control_ != nullptr) {
    control_->stop();
  }
}

void OpenLoopHost::report_backlog_stop() {
  SteadyStateReport& r = result_.steady;
  r.saturated = true;
  const std::uint64_t limit = config_.max_backlog_per_node();
  r.saturation_reason = "the backlog passed --max-backlog " + std::to_string(limit) +
                        " packets/node (" + std::to_string(limit * n_) + " packets) at slot " +
                        std::to_string(backlog_stop_);
  r.verdict_note.clear();
}

void OpenLoopHost::error(const std::string& message) {
  if (errors_.size() < kMaxErrors) {
    errors_.push_back(message);
  } else {
    ++suppressed_;
  }
}

void OpenLoopHost::deliver(NodeId node, const Packet& packet, std::uint64_t slot) {
  const NodeId source = packet.id % n_;
  const std::uint32_t seq = packet.id / n_;
  NodeState* s = source < n_ ? &nodes_[source] : nullptr;
  if (s == nullptr || seq >= s->created || packet.source != source ||
      (s->kept(seq) && s->record(seq).destination == kNoNode)) {
    error("packet " + std::to_string(packet.id) + " delivered at node " + std::to_string(node) +
          " was never created");
    return;
  }
  const std::optional<std::uint32_t> arrival = arrived(*s, node, packet);
  if (!arrival) return;
  const std::uint64_t created = *arrival;
  if (messages_on()) frame_done(*s, source, seq, slot, false);
  ++result_.delivered;
  monitor_.delivered(slot, created);
  if (in_window(slot)) {
    ++window_delivered_;
    ++window_sent_[source];
    ++window_received_[node];
  }
  if (in_window(created)) {
    result_.latency.add(slot - created);
    ++result_.labelled_delivered;
    result_.drain_slot = slot;
    --labelled_outstanding_;
    labelled_created_sum_ -= created;
    maybe_stop();
  }
}

std::optional<std::uint32_t> OpenLoopHost::arrived(NodeState& s, NodeId node,
                                                   const Packet& packet) {
  const std::uint32_t seq = packet.id / n_;
  const auto listed = std::find_if(s.in_network.begin(), s.in_network.end(),
                                   [seq](const NodeState::InNetwork& p) { return p.seq == seq; });
  const bool in_records = listed == s.in_network.end();
  if (in_records && (!s.kept(seq) || s.record(seq).delivered)) {
    error("packet " + std::to_string(packet.id) +
          (s.by_destination && !s.kept(seq)
               ? " delivered at node " + std::to_string(node) +
                     " was not in the network (delivered twice, refused or still queued)"
               : " delivered twice"));
    return std::nullopt;
  }
  const NodeId destination = in_records ? s.record(seq).destination : listed->destination;
  if (packet.destination != destination || packet.payload != payload_of(seed_, packet.id)) {
    error("packet " + std::to_string(packet.id) + " arrived altered at node " +
          std::to_string(node));
    return std::nullopt;
  }
  if (node != packet.destination) {
    error("packet " + std::to_string(packet.id) + " for node " +
          std::to_string(packet.destination) + " delivered at node " + std::to_string(node));
    return std::nullopt;
  }
  return leave(s, seq, listed);
}

std::optional<std::uint32_t> OpenLoopHost::leave(
    NodeState& s, std::uint32_t seq, std::vector<NodeState::InNetwork>::iterator listed) {
  if (listed != s.in_network.end()) {
    const std::uint32_t created = listed->created_slot;
    *listed = s.in_network.back();
    s.in_network.pop_back();
    return created;
  }
  if (!s.kept(seq) || s.record(seq).delivered) return std::nullopt;
  NodeState::Record& record = s.record(seq);
  record.delivered = true;
  const std::uint32_t created = record.created_slot;
  s.compact(seq);  // may drop the record
  return created;
}

void OpenLoopHost::data_frame_lost(std::uint32_t packet_id, std::uint64_t slot) {
  const NodeId source = packet_id % n_;
  const std::uint32_t seq = packet_id / n_;
  NodeState& s = nodes_[source];
  const auto listed = std::find_if(s.in_network.begin(), s.in_network.end(),
                                   [seq](const NodeState::InNetwork& p) { return p.seq == seq; });
  const std::optional<std::uint32_t> created =
      seq < s.created ? leave(s, seq, listed) : std::nullopt;
  if (!created) {
    error("packet " + std::to_string(packet_id) + " lost to a fault was not in the network");
    return;
  }
  if (messages_on()) frame_done(s, source, seq, slot, true);
  ++result_.lost;
  monitor_.lost(slot);
  if (in_window(*created)) {
    ++result_.labelled_lost;
    --labelled_outstanding_;
    labelled_created_sum_ -= *created;
    maybe_stop();
  }
}

std::uint64_t OpenLoopHost::count_in_flight() const {
  std::uint64_t count = 0;
  for (const NodeState& s : nodes_) {
    for (const NodeState::Record& r : s.records) count += r.delivered ? 0 : 1;
    count += s.in_network.size();
  }
  return count + waiting_.size() + replies_.size();
}

std::size_t OpenLoopHost::packets_kept() const {
  std::size_t kept = 0;
  for (const NodeState& s : nodes_) {
    kept += s.records.size() + s.in_network.size();
  }
  return kept + waiting_.pool_entries() + replies_.pool_entries();
}

void OpenLoopHost::slot_ended(std::uint64_t slot) {
  last_slot_ = slot;
  // Nodes that take by destination ask in every slot they are awake, and the first to ask
  // from the window's end on closes it; when all of them sleep through that slot, it closes
  // at the slot's end, so the run stops where stepping nodes stop it.
  if (waiting_made_ && !window_closed_ && slot >= monitor_.window_end()) close_window();
  if (max_backlog_ != 0 && backlog_stop_ == SteadyStateMonitor::kNever &&
      backlog() > max_backlog_ * n_) {
    backlog_stop_ = slot;
    if (control_ != nullptr) control_->stop();
  }
  if (!monitor_.automatic() || window_closed_ || !monitor_.batch_ends(slot)) return;
  // The decisions count every node's packets up to this slot: create the laggards' now.
  for (NodeId i = 0; i < n_; ++i) generate(i, slot + 1);
  switch (monitor_.slot_ended(slot)) {
    case SteadyStateMonitor::Decision::kWindowOpened:
      if (listener_ != nullptr) listener_->window_opened(TraceWindow{monitor_.window_first()});
      if (listener_ != nullptr && monitor_.window_end() != SteadyStateMonitor::kNever) {
        listener_->window_closed(monitor_.window_end() - 1);
      }
      break;
    case SteadyStateMonitor::Decision::kWindowClosed:
      if (listener_ != nullptr) listener_->window_closed(monitor_.window_end() - 1);
      close_window();
      if (monitor_.ends_run() && control_ != nullptr) control_->stop();
      break;
    case SteadyStateMonitor::Decision::kNone:
      break;
  }
}

bool OpenLoopHost::sends(NodeId node) const {
  if (traced()) return !trace_by_node_[node].empty();
  if (config_.rule == DestinationRule::kUniform || config_.rule == DestinationRule::kHotspot) {
    return n_ > 1;
  }
  if (table_rule(config_.rule)) return table_.sends(node);
  Rng unused{0};
  return pick_destination(node, unused) != node;
}

void OpenLoopHost::per_node_loads(double window_slots) {
  result_.senders = 0;
  std::uint64_t sent = 0;
  std::uint32_t least = std::numeric_limits<std::uint32_t>::max();
  std::uint32_t most = 0;
  for (NodeId i = 0; i < n_; ++i) {
    if (!sends(i)) continue;
    ++result_.senders;
    sent += window_sent_[i];
    least = std::min(least, window_sent_[i]);
    most = std::max(most, window_sent_[i]);
  }
  const auto per_slot = [window_slots](double packets) {
    return window_slots > 0 ? packets / window_slots : 0;
  };
  if (result_.senders > 0) {
    const double senders = result_.senders;
    result_.offered_per_sender = per_slot(static_cast<double>(window_created_) / senders);
    result_.accepted_per_sender = per_slot(static_cast<double>(sent) / senders);
    result_.accepted_node_min = per_slot(least);
    result_.accepted_node_max = per_slot(most);
  }
  const auto busiest = std::max_element(window_received_.begin(), window_received_.end());
  if (busiest != window_received_.end()) {
    result_.busiest_receiver = static_cast<NodeId>(busiest - window_received_.begin());
    result_.receiver_load_max = per_slot(*busiest);
  }
}

void OpenLoopHost::finish() {
  // Packets are created when their node asks for them. A node that never asked again (its
  // protocol busy with what it holds, as a saturated coinflip node is) has not created the rest
  // of its window yet: create it now, so the offered load and the labelled packets are whole.
  // A window the run ended inside (an automatic one at the slot limit) ends with the run.
  // A run stopped by its backlog ends its window too.
  constexpr std::uint64_t kNever = SteadyStateMonitor::kNever;
  const std::uint64_t first =
      monitor_.window_first() != kNever ? monitor_.window_first() : last_slot_ + 1;
  std::uint64_t end =
      monitor_.window_end() != kNever ? monitor_.window_end() : std::max(first, last_slot_ + 1);
  if (backlog_stop_ != kNever) end = std::max(first, std::min(end, last_slot_ + 1));
  if (!window_closed_) {
    for (NodeId i = 0; i < n_; ++i) generate(i, end);
    window_closed_ = true;
  }
  result_.rate = config_.rate;
  result_.drained = labelled_outstanding_ == 0 && labelled_transactions_open_ == 0;
  const long double ended = static_cast<long double>(last_slot_ + 1);
  result_.labelled_age_sum = static_cast<double>(
      std::max<long double>(0, ended * labelled_outstanding_ - labelled_created_sum_));
  // Conservation: every packet sent is delivered, lost to a fault, or still in flight.
  result_.in_flight = count_in_flight();
  if (result_.created - result_.refused != result_.delivered + result_.lost + result_.in_flight) {
    error("conservation: " + std::to_string(result_.created - result_.refused) + " packets sent, " +
          std::to_string(result_.delivered) + " delivered + " + std::to_string(result_.lost) +
          " lost + " + std::to_string(result_.in_flight) + " in flight");
  }
  const double window_slots = static_cast<double>(end - first);
  const double node_slots = static_cast<double>(n_) * window_slots;
  result_.offered = node_slots > 0 ? window_created_ / node_slots : 0;
  result_.accepted = node_slots > 0 ? window_delivered_ / node_slots : 0;
  result_.window_delivered = window_delivered_;
  result_.window_slots = end - first;
  result_.steady = monitor_.report(result_.offered);
  result_.steady.window_slots = result_.window_slots;
  if (backlog_stop_ != kNever) report_backlog_stop();
  per_node_loads(window_slots);
  if (messages_on()) finish_messages(node_slots);
  if (request_reply()) finish_transactions(first, end, node_slots);
  if (suppressed_ > 0) errors_.push_back("... and " + std::to_string(suppressed_) + " more");
}

}  // namespace optinet
