#include <algorithm>
#include <limits>

#include "models/core/run_control.h"
#include "testbenches/io/input_file.h"
#include "testbenches/io/usage_error.h"
#include "testbenches/open_loop/open_loop.h"
#include "testbenches/traffic/traffic.h"

namespace optinet {

void OpenLoopHost::draw_request(NodeId node, std::uint64_t slot, NodeId to, std::uint32_t frames) {
  NodeState& s = nodes_[node];
  const std::uint32_t offered = frames + config_.request_reply->reply_frames;
  ++tx_.drawn;
  for (std::uint32_t k = 0; k < offered; ++k) monitor_.created(slot);
  if (in_window(slot)) {
    window_created_ += offered;
    ++window_draws_;
  }
  const NodeState::Drawn drawn{static_cast<std::uint32_t>(slot), to, frames};
  if (s.outstanding < config_.request_reply->outstanding && s.waiting.empty()) {
    issue(node, slot, drawn);
  } else {
    s.waiting.push_back(drawn);
    waiting_frames_ += offered;
  }
}

void OpenLoopHost::issue(NodeId node, std::uint64_t slot, const NodeState::Drawn& drawn) {
  NodeState& s = nodes_[node];
  ++s.outstanding;
  ++tx_.issued;
  if (in_window(slot)) {
    ++tx_.labelled;
    ++labelled_transactions_open_;
    source_wait_sum_ += static_cast<double>(slot - drawn.slot);
  }
  create(node, slot, drawn.to, drawn.frames, MessageKind::kRequest,
         static_cast<std::uint32_t>(slot));
}

void OpenLoopHost::message_arrived(const NodeState::Message& m, NodeId source, std::uint64_t slot) {
  const bool reply = m.kind == MessageKind::kReply;
  ClassCounts& c = reply ? tx_.replies : tx_.requests;
  ++c.messages_delivered;
  if (in_window(m.created_slot)) c.latency.add(slot - m.created_slot);
  const auto next = static_cast<std::uint32_t>(slot + RequestReplyConfig::kServiceSlots);
  NodeState& at = nodes_[m.to];
  // What a delivery starts is done from the next slot on, after every slot the node has
  // created packets for (a node creates for a slot when it acts in it).
  if (next < at.next_slot) {
    error("node " + std::to_string(m.to) + " had created packets past slot " +
          std::to_string(slot) + " when a message arrived in it");
  }
  if (!reply) {
    at.due.push_back(
        NodeState::Due{next, source, m.created_slot, NodeState::DueKind::kReply, m.trace_id});
    return;
  }
  // The transaction is complete: its place is free from the next slot on.
  ++tx_.completed;
  at.due.push_back(NodeState::Due{next, kNoNode, 0, NodeState::DueKind::kFree});
  const std::uint64_t first = monitor_.window_first();
  if (in_window(slot)) {
    ++window_completed_;
    completions_.add(first, slot, 1);
  }
  outstanding_slots_ += overlap(m.issued, slot, first, monitor_.window_end());
  if (in_window(m.issued)) {
    ++tx_.labelled_completed;
    --labelled_transactions_open_;
    tx_.round_trip.add(slot - m.issued);
    round_trips_.add(first, m.issued, static_cast<double>(slot - m.issued));
    maybe_stop();
  }
}

void OpenLoopHost::frame_done(NodeState& s, NodeId source, std::uint32_t seq, std::uint64_t slot,
                              bool lost) {
  using Message = NodeState::Message;
  auto it = std::upper_bound(s.messages.begin(), s.messages.end(), seq,
                             [](std::uint32_t q, const Message& m) { return q < m.first_seq; });
  if (it == s.messages.begin() || seq - std::prev(it)->first_seq >= std::prev(it)->frames ||
      std::prev(it)->remaining == 0) {
    error("frame " + std::to_string(seq) + " of node " + std::to_string(source) +
          " belongs to no message in flight");
    return;
  }
  Message& m = *std::prev(it);
  const std::uint32_t offset = seq - m.first_seq;
  if (offset + 1 < m.arrived_past) ++messages_.out_of_order;
  m.arrived_past = std::max(m.arrived_past, offset + 1);
  --m.remaining;
  m.lost = m.lost || lost;
  if (request_reply() && !lost) {
    ++(m.kind == MessageKind::kReply ? tx_.replies : tx_.requests).frames_delivered;
  }
  if (m.remaining == 0) {
    if (m.lost) {
      ++messages_.lost;
    } else {
      if (request_reply()) message_arrived(m, source, slot);
      ++messages_.delivered;
      if (in_window(slot)) ++window_messages_delivered_;
      if (in_window(m.created_slot)) {
        ++messages_.labelled_delivered;
        messages_.latency.add(slot - m.created_slot);
      }
      if (traced()) trace_arrived(m.trace_id, slot);
    }
  }
  while (!s.messages.empty() && s.messages.front().remaining == 0) s.messages.pop_front();
}

void OpenLoopHost::finish_messages(double node_slots) {
  std::uint64_t frames = 0;
  messages_.open = 0;
  for (const NodeState& s : nodes_) {
    for (const NodeState::Message& m : s.messages) {
      frames += m.remaining;
      messages_.open += m.remaining > 0 ? 1 : 0;
    }
  }
  messages_.in_flight = frames;
  // Per message: every message sent is delivered, lost, or waits for frames in flight; and the
  // frames those wait for are the frames the host's records have in flight.
  if (messages_.created - messages_.refused !=
      messages_.delivered + messages_.lost + messages_.open) {
    error("message conservation: " + std::to_string(messages_.created - messages_.refused) +
          " messages sent, " + std::to_string(messages_.delivered) + " delivered + " +
          std::to_string(messages_.lost) + " lost + " + std::to_string(messages_.open) + " open");
  }
  if (frames != result_.in_flight) {
    error("message conservation: open messages wait for " + std::to_string(frames) + " frames, " +
          std::to_string(result_.in_flight) + " frames are in flight");
  }
  messages_.sizes = config_.message.describe();
  messages_.frames_mean = config_.message.mean();
  messages_.offered = node_slots > 0 ? window_messages_created_ / node_slots : 0;
  messages_.accepted = node_slots > 0 ? window_messages_delivered_ / node_slots : 0;
  result_.messages = messages_;
}

void OpenLoopHost::finish_transactions(std::uint64_t first, std::uint64_t end, double node_slots) {
  const RequestReplyConfig& rr = *config_.request_reply;
  const std::uint64_t ended = last_slot_ + 1;
  // Every open transaction is in one of three states: its request in flight (an open request
  // at the requester), its reply due at the destination, or its reply in flight (an open reply
  // at the destination). Count them and their slots outstanding in the window.
  std::uint64_t open = 0;
  std::uint64_t replies_due = 0;
  std::uint64_t frees_due = 0;
  std::uint64_t places = 0;
  for (const NodeState& s : nodes_) {
    tx_.waiting += s.waiting.size();
    places += s.outstanding;
    for (const NodeState::Message& m : s.messages) {
      if (m.remaining == 0 || m.lost) continue;
      ClassCounts& c = m.kind == MessageKind::kReply ? tx_.replies : tx_.requests;
      c.frames_in_flight += m.remaining;
      ++open;
      const std::uint64_t issued = m.kind == MessageKind::kReply ? m.issued : m.created_slot;
      outstanding_slots_ += overlap(issued, ended, first, end);
    }
    for (const NodeState::Due& d : s.due) {
      if (d.kind == NodeState::DueKind::kFree) {
        ++frees_due;
        continue;
      }
      ++replies_due;
      ++open;
      outstanding_slots_ += overlap(d.issued, ended, first, end);
    }
  }
  tx_.open = open;
  const auto check = [this](bool holds, const std::string& what) {
    if (!holds) error("transaction conservation: " + what);
  };
  const auto n = [](std::uint64_t v) { return std::to_string(v); };
  check(tx_.drawn == tx_.issued + tx_.waiting,
        n(tx_.drawn) + " drawn, " + n(tx_.issued) + " issued + " + n(tx_.waiting) + " waiting");
  check(tx_.issued == tx_.completed + open,
        n(tx_.issued) + " issued, " + n(tx_.completed) + " completed + " + n(open) + " open");
  check(places == open + frees_due, n(places) + " places held, " + n(open) + " open + " +
                                        n(frees_due) + " freed from a later slot");
  check(tx_.requests.messages_delivered == tx_.replies.messages_created + replies_due,
        n(tx_.requests.messages_delivered) + " requests arrived, " +
            n(tx_.replies.messages_created) + " replies created + " + n(replies_due) + " due");
  check(tx_.replies.messages_delivered == tx_.completed,
        n(tx_.replies.messages_delivered) + " replies arrived, " + n(tx_.completed) +
            " transactions completed");
  for (const ClassCounts* c : {&tx_.requests, &tx_.replies}) {
    check(c->frames_created == c->frames_delivered + c->frames_in_flight,
          std::string(c == &tx_.requests ? "requests: " : "replies: ") + n(c->frames_created) +
              " frames created, " + n(c->frames_delivered) + " delivered + " +
              n(c->frames_in_flight) + " in flight");
  }
  tx_.outstanding_limit = rr.outstanding;
  tx_.reply_frames = rr.reply_frames;
  tx_.request_frames = config_.message.describe();
  if (node_slots > 0) {
    tx_.offered = static_cast<double>(window_draws_) / node_slots;
    tx_.throughput = static_cast<double>(window_completed_) / node_slots;
    tx_.outstanding_mean = outstanding_slots_ / node_slots;
  }
  tx_.throughput_ci = completions_.per_node_slot(first, end, n_, config_.steady.confidence);
  tx_.round_trip_ci = round_trips_.ratio(config_.steady.confidence);
  if (tx_.labelled > 0) tx_.source_wait_mean = source_wait_sum_ / static_cast<double>(tx_.labelled);
  result_.transactions = tx_;
}

}  // namespace optinet
