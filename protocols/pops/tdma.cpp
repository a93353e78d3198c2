#include "protocols/pops/tdma.h"

#include <vector>

namespace optinet::pops {

namespace {

std::uint32_t mod(std::int64_t x, std::uint32_t m) {
  const std::int64_t r = x % static_cast<std::int64_t>(m);
  return static_cast<std::uint32_t>(r < 0 ? r + m : r);
}

/// Shorter idle gaps are stepped through (sleeping costs more than a few slots' wake-ups).
constexpr std::uint64_t kMinSleepSlots = 8;

}  // namespace

std::uint32_t tdma_listened_group(const PopsShape& s, std::uint64_t t, NodeId receiver) {
  const std::uint32_t b = s.group_of(receiver);
  const std::uint32_t j = s.index_in_group(receiver);
  if (s.d <= s.g) {
    // Slot (s1, s2): source (a, k) sends to (a + k + s1, k + s2), so (b, j) hears a = b - s1 - k
    // with k = j - s2.
    const std::uint64_t s1 = t % s.g;
    const std::uint64_t s2 = (t / s.g) % s.d;
    const std::uint32_t k = mod(std::int64_t{j} - static_cast<std::int64_t>(s2), s.d);
    return mod(std::int64_t{b} - static_cast<std::int64_t>(s1) - k, s.g);
  }
  return static_cast<std::uint32_t>(((t / s.d) % s.g + j) % s.g);
}

void tdma_listeners(const PopsShape& s, std::uint64_t t, std::uint32_t b, std::uint32_t a,
                    std::vector<std::uint32_t>& out) {
  out.clear();
  if (s.d <= s.g) {
    // (b, j) hears a = b - s1 - k with k = (j - s2) mod d: k = (b - s1 - a) mod g, if below d.
    const std::uint64_t s1 = t % s.g;
    const std::uint64_t s2 = (t / s.g) % s.d;
    const std::uint32_t k =
        mod(std::int64_t{b} - static_cast<std::int64_t>(s1) - std::int64_t{a}, s.g);
    if (k < s.d) out.push_back(static_cast<std::uint32_t>((k + s2) % s.d));
    return;
  }
  // (b, j) hears (v + j) mod g: j = a - v (mod g).
  const std::uint32_t j0 = mod(std::int64_t{a} - static_cast<std::int64_t>((t / s.d) % s.g), s.g);
  for (std::uint32_t j = j0; j < s.d; j += s.g) out.push_back(j);
}

void tdma_reachable(const PopsShape& s, std::uint64_t t, NodeId from, std::vector<NodeId>& out) {
  out.clear();
  const std::uint32_t a = s.group_of(from);
  const std::uint32_t k = s.index_in_group(from);
  if (s.d <= s.g) {
    const std::uint64_t s1 = t % s.g;
    const std::uint64_t s2 = (t / s.g) % s.d;
    out.push_back(s.node(static_cast<std::uint32_t>((a + k + s1) % s.g),
                         static_cast<std::uint32_t>((k + s2) % s.d)));
    return;
  }
  // d > g: coupler c(b, a) belongs to index (u + b) mod d, u = t mod d; receiver (b, j) hears
  // group (v + j) mod g, v = (t div d) mod g.
  const std::uint32_t j0 = mod(std::int64_t{a} - static_cast<std::int64_t>((t / s.d) % s.g), s.g);
  const std::uint32_t b = mod(std::int64_t{k} - static_cast<std::int64_t>(t % s.d), s.d);
  if (b >= s.g) return;
  for (std::uint32_t j = j0; j < s.d; j += s.g) out.push_back(s.node(b, j));
}

bool tdma_reaches(const PopsShape& s, std::uint64_t t, NodeId from, NodeId to) {
  std::vector<NodeId> reachable;
  tdma_reachable(s, t, from, reachable);
  for (NodeId r : reachable) {
    if (r == to) return true;
  }
  return false;
}

TdmaNodeSteps::TdmaNodeSteps(PopsNodeContext& node)
    : shape_(node.shape()), me_(node.id()), open_(node.open_loop()) {
  for (const Packet& p : node.packets()) {
    if (p.destination == me_) {
      node.deliver(p);
    } else {
      queue_.push_back(p);
    }
  }
  if (!queue_.empty()) node.raise_pending();
  // An open-loop node whose injection queue is empty sleeps until its host's next packet or
  // until a peer transmits to it (the peer wakes it in that slot, to listen); the run is the
  // one every node stepping through every slot gives. A node holding packets steps: looking
  // ahead for its next useful slot was built and measured slower on POPS(64,64) at 0.05 and
  // 0.5 offered with a thread per node (the wake-ups by peers reorder the threads,
  // docs/benchmarks.md).
  sleeps_ = open_ && queue_.empty() && node.can_sleep();
}

void TdmaNodeSteps::act(PopsNodeContext& node) {
  node.note_buffers(static_cast<unsigned>(queue_.size()));
  const std::uint64_t t = node.slot();
  if (open_) {
    // Under a sustained load the host's injection queue is the node's virtual output queue.
    tdma_reachable(shape_, t, me_, reachable_);
    if (auto p = node.take_injected_for(reachable_.data(), reachable_.size())) {
      node.transmit_to(shape_.group_of(p->destination), Frame::data(*p));
      node.wake(p->destination);
    }
  }
  for (std::size_t k = 0; k < queue_.size(); ++k) {
    if (!tdma_reaches(shape_, t, me_, queue_[k].destination)) continue;
    node.transmit_to(shape_.group_of(queue_[k].destination), Frame::data(queue_[k]));
    queue_.erase(queue_.begin() + static_cast<std::ptrdiff_t>(k));
    if (queue_.empty() && !open_) node.release_pending();
    break;
  }
  node.listen(tdma_listened_group(shape_, t, me_));
}

void TdmaNodeSteps::after_slot(PopsNodeContext& node) {
  if (auto got = data_in(node.received()); got && got->destination == me_) node.deliver(*got);
}

std::uint64_t TdmaNodeSteps::idle_until(PopsNodeContext& node) {
  if (!sleeps_ || node.injected_waiting() != 0) return 0;
  const std::uint64_t created = node.next_injection(node.slot() + NodeContext::kSleepHorizon);
  return created >= node.slot() + kMinSleepSlots ? created : 0;
}

std::unique_ptr<PopsNodeSteps> TdmaRouter::steps(PopsNodeContext& node) const {
  return std::make_unique<TdmaNodeSteps>(node);
}

void TdmaRouter::run(PopsNodeContext& node) const {
  TdmaNodeSteps steps(node);
  run_steps(node, steps);
}

}  // namespace optinet::pops
