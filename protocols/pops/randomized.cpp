#include "protocols/pops/randomized.h"

#include <algorithm>
#include <optional>
#include <vector>

#include "protocols/pops/randomized_plan.h"

namespace optinet::pops {

namespace {

unsigned count(const std::optional<Packet>& p) { return p ? 1U : 0U; }

// Open-loop runs have d >= g, where relay_hears and holder_hears give processor (b, a) of a
// group b coupler c(b, a) (a < g): these are their inverses, the nodes a sender wakes.
NodeId relay_listener(const PopsShape& s, std::uint32_t relay_group, std::uint32_t source_group) {
  return s.node(relay_group, source_group);
}
NodeId holder_listener(const PopsShape& s, std::uint32_t temporary_group,
                       std::uint32_t relay_group) {
  return s.node(temporary_group, relay_group);
}

}  // namespace

void RandomizedRouter::run(PopsNodeContext& node) const {
  const PopsShape& s = node.shape();
  const NodeId me = node.id();
  const std::uint32_t my_group = s.group_of(me);
  const std::uint32_t my_index = s.index_in_group(me);

  // Prologue (half a slot before slot 0): every packet, one addressed to its own source
  // included (as the paper does), raises the pending line until its acknowledgement arrives.
  std::optional<Packet> original;  // p_i, kept until acknowledged
  unsigned delivered_here = 0;     // p_{pi^-1(i)}, kept by the destination
  for (const Packet& p : node.packets()) original = p;
  if (original) node.raise_pending();
  node.begin_slots();

  // Open loop (a sustained load): the node takes its host's next packet whenever its original
  // has been acknowledged, and routes until the host stops the run. Two changes make the step
  // safe for traffic that is not a permutation (two packets may share a destination):
  //  * the relay group is keyed on the packet's slot-5 coupler (keyed_relay_group) for d = g
  //    too, so copies that would meet in slot 5 meet on one slot-2 coupler first, and at most
  //    one of them is acknowledged; slots 3 to 5 then never collide, whatever the traffic;
  //  * the participation law belongs to one permutation (its step count starts with it), so a
  //    source with a packet takes part with the law's first-step probability, min(1, g/d) (the
  //    d sources of a group share g relay groups), divided by 2^f after f failed attempts in a
  //    row (f <= 10; truncated binary exponential backoff, as Ethernet's). Packets for one
  //    destination share a key, so they always meet in slot 2; with a fixed back-off k of them
  //    get through with probability k / 2^k a step, and a backlog at one destination grows
  //    without end once it passes about 8 (measured at n = 4096). The delivered packets go to
  //    the host, so they are not counted as the node's buffers.
  // d < g is not offered open-loop (its relays must be usable for the step; see the registry).
  const bool open = node.open_loop();
  const std::uint64_t key_seed = node.run_seed();  // h, rho, window offsets (randomized_plan.h)
  const bool rotate = !open && options_.rotate_key && s.d >= s.g;
  // The temporary group of destination x in `step`.
  const auto temporary = [&](NodeId x, std::uint64_t step) {
    return rotate ? rotated_temporary_group(s, key_seed, step, x, options_.participation)
                  : temporary_group(s, x);
  };
  std::vector<Packet> injected;
  const auto take_one = [&] {
    injected.clear();
    node.take_injected(1, injected);
    if (!injected.empty()) original = injected.front();
  };
  const std::uint64_t first_slot = node.slot();  // slot 1 of step 1
  unsigned failures = 0;                         // failed attempts in a row
  for (std::uint64_t step = 1; open || node.any_pending(); ++step) {
    // The slot of the step (0-4) the node acts from: 0 but for a node woken mid-step.
    std::uint64_t entry = 0;
    if (open && !original) take_one();
    if (open && !original && node.can_sleep()) {
      // Idle: nothing to send and nothing held. Sleep until the step whose start finds the
      // host's next packet, or until a peer transmits to this node (as relay in slot 1,
      // holder in slot 2 or destination in slot 5), then act from that slot on as a node
      // that stepped through every idle slot would (an idle node draws no random numbers).
      const std::uint64_t created = node.next_injection(node.slot() + NodeContext::kSleepHorizon);
      const std::uint64_t steps = (created - first_slot + kSlotsPerStep - 1) / kSlotsPerStep;
      node.sleep_until(first_slot + steps * kSlotsPerStep);
      step = (node.slot() - first_slot) / kSlotsPerStep + 1;
      entry = (node.slot() - first_slot) % kSlotsPerStep;
      if (entry == 0) take_one();
    }
    // Slot 1: source -> relay group; every relay listener tunes to its source group.
    std::optional<std::uint32_t> relay_group;
    std::optional<Packet> relay_copy;
    if (entry == 0) {
      if (original) {
        const NodeId x = original->destination;
        const double chance =
            open ? participation_probability(s, 1, options_.c_plus_eps) /
                       static_cast<double>(1U << std::min(failures, 10U))
                 : take_part_probability(s, options_.participation, key_seed, step, x, failures,
                                         options_.backoff, options_.c_plus_eps);
        if (node.rng().chance(chance)) {
          relay_group = open ? keyed_relay_group(s, node.run_seed(), step, x)
                             : choose_relay_group(s, key_seed, step, my_group, x, node.rng(),
                                                  options_.relay_rule, temporary(x, step));
        }
        if (relay_group) {
          node.transmit_to(*relay_group, Frame::data(*original));
          if (open) node.wake(relay_listener(s, *relay_group, my_group));
        }
      }
      if (auto source_group = relay_hears(s, step, my_group, my_index)) node.listen(*source_group);
      node.next_slot();
      relay_copy = data_in(node.received());
      node.note_buffers(count(original) + count(relay_copy) + delivered_here);
    }

    // Slot 2: relay -> temporary destination group; every holder listener tunes to its relay.
    const std::optional<std::uint32_t> heard_relay = holder_hears(s, step, my_group, my_index);
    std::optional<Packet> held_copy;
    if (entry <= 1) {
      if (relay_copy) {
        const std::uint32_t t = temporary(relay_copy->destination, step);
        node.transmit_to(t, Frame::data(*relay_copy));
        if (open) node.wake(holder_listener(s, t, my_group));
      }
      if (heard_relay) node.listen(*heard_relay);
      node.next_slot();
      held_copy = data_in(node.received());
      node.note_buffers(count(original) + count(held_copy) + delivered_here);
    }

    // Slot 3: holder acknowledges to the relay it heard; the relay listens for it.
    // In closed-loop runs a node with nothing to do in slots 3-5 still wakes for each:
    // sleeping through them was built and measured about 2x slower (docs/benchmarks.md).
    bool relay_acknowledged = false;
    if (entry <= 2) {
      if (held_copy) node.transmit_to(*heard_relay, Frame::ack(*held_copy));
      if (relay_copy) node.listen(temporary(relay_copy->destination, step));
      node.next_slot();
      relay_acknowledged = relay_copy && acknowledges(node.received(), relay_copy->id);
    }

    // Slot 4: relay acknowledges to the source, which then deletes its original.
    if (entry <= 3) {
      if (relay_acknowledged)
        node.transmit_to(s.group_of(relay_copy->source), Frame::ack(*relay_copy));
      if (relay_group) node.listen(*relay_group);
      node.next_slot();
      if (relay_group) {
        const bool failed = !acknowledges(node.received(), original->id);
        // Closed loop: only attempts at full participation count (randomized_plan.h).
        const bool counts =
            open || full_participation(s, options_.participation, step, options_.c_plus_eps);
        if (!failed) {
          failures = 0;
        } else if (counts) {
          ++failures;
        }
        if (!failed) {
          original.reset();
          if (!open) node.release_pending();
        }
      }
    }

    // Slot 5: holder -> destination; every node listens to its own temporary group of the step.
    if (held_copy) {
      node.transmit_to(s.group_of(held_copy->destination), Frame::data(*held_copy));
      if (open) node.wake(held_copy->destination);
    }
    node.listen(temporary(me, step));
    node.next_slot();
    if (auto got = data_in(node.received()); got && got->destination == me) {
      node.deliver(*got);
      if (!open) ++delivered_here;
      node.note_buffers(count(original) + delivered_here);
    }
  }
}

}  // namespace optinet::pops
