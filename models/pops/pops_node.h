#pragma once
/// \file
/// The POPS(d,g) node as a protocol sees it: the node context of the core plus the optical
/// hardware of section I of Mei & Rizzi: in a slot a processor sends one frame to any subset of
/// the g couplers c(b, group(i)) of its group, and listens to one coupler c(group(i), a).
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "models/core/node_context.h"
#include "models/optical/control_word.h"

namespace optinet::pops {

/// POPS(d, g): n = d*g processors in g groups of d; group(i) = floor(i/d); g*g couplers.
struct PopsShape {
  std::uint32_t d = 1;
  std::uint32_t g = 1;
  std::uint32_t n() const { return d * g; }
  std::uint32_t group_of(NodeId i) const { return i / d; }
  std::uint32_t index_in_group(NodeId i) const { return i % d; }
  NodeId node(std::uint32_t group, std::uint32_t index) const { return group * d + index; }
};

/// Bits of a receiver index 0..d-1 (at least 1): the word of a reservation grant.
inline std::uint32_t receiver_index_bits(std::uint32_t d) {
  std::uint32_t bits = 1;
  while ((std::uint64_t{1} << bits) < d) ++bits;
  return bits;
}

/// What every node of a group derives identically from the control words it heard in the last
/// slot (a reservation's arbitration): `derive` reads the words through the node context and
/// writes its result to `out`.
class ControlDerivation {
 public:
  virtual void derive(std::vector<std::uint32_t>& out) const = 0;

 protected:
  ~ControlDerivation() = default;
};

class PopsNodeContext : public virtual NodeContext {
 public:
  virtual const PopsShape& shape() const = 0;
  /// Sends `frame` this slot to the couplers c(b, group(id)) for the `count` groups b listed.
  /// At most one transmission per slot (one laser), possibly to several couplers.
  virtual void transmit(const std::uint32_t* groups, std::size_t count, const Frame& frame) = 0;
  void transmit_to(std::uint32_t group, const Frame& frame) { transmit(&group, 1, frame); }
  /// Tunes the receiver this slot to coupler c(group(id), source_group).
  virtual void listen(std::uint32_t source_group) = 0;
  /// What the receiver got in the slot that just ended (after next_slot()).
  virtual const std::optional<Frame>& received() const = 0;

  // The reservation control plane, present when the network was built with one
  // (PopsNetworkConfig::control_plane): per group a request star among its d processors (d
  // minislots of g + 1 bits), and a control plane into each group, a control wavelength on the g
  // couplers c(b, *) heard at every receiver of group b: minislots 0..g-1 carry claims (d + 1
  // bits), g..2g-1 grants (a receiver index; a claim plane and a grant plane in the model). A
  // word sent in a slot is heard in the next slot. Without the plane these calls throw
  // std::logic_error.

  /// True if the network has the reservation control plane.
  virtual bool has_control_plane() const { return false; }
  /// Sends `word` in this node's minislot (its index in the group) of its group's request star.
  virtual void send_request(const ControlWord& /*word*/) { no_control_plane(); }
  /// Sends `word` in `minislot` of the control plane into `group`.
  virtual void send_control(std::uint32_t /*group*/, std::uint32_t /*minislot*/,
                            const ControlWord& /*word*/) {
    no_control_plane();
  }
  /// Copies into `out` what minislot `index` of this node's group's request star carried in the
  /// last slot and returns true; false (and `out` cleared) if nothing or a garbled word.
  virtual bool heard_request(std::uint32_t /*index*/, ControlWord& /*out*/) const {
    no_control_plane();
  }
  /// The same for `minislot` of the control plane into this node's group.
  virtual bool heard_control(std::uint32_t /*minislot*/, ControlWord& /*out*/) const {
    no_control_plane();
  }
  /// `derivation`'s result for the words this node's group's request star carried in the last
  /// slot. Every node of the group hears the same words, so the result is derived once per slot
  /// for the group and read by each node (ControlChannel::derived); `tag` names the derivation.
  virtual const std::vector<std::uint32_t>& derived_from_requests(
      std::uint32_t /*tag*/, const ControlDerivation& /*derivation*/) {
    no_control_plane();
  }
  /// The same for the claims (minislots 0..g-1) of the control plane into this node's group.
  virtual const std::vector<std::uint32_t>& derived_from_claims(
      std::uint32_t /*tag*/, const ControlDerivation& /*derivation*/) {
    no_control_plane();
  }

 private:
  [[noreturn]] static void no_control_plane() {
    throw std::logic_error("this POPS has no reservation control plane");
  }
};

/// A protocol's node slot by slot: its state between slots and what it does in one, as a
/// function of its own state, the slot number, the control words it heard and its receiver.
/// A processor's thread runs it with run_steps(); the grouped view's stepper (pops_stepper.h)
/// runs the same calls for every node from one process, visiting only the nodes with work.
class PopsNodeSteps {
 public:
  virtual ~PopsNodeSteps() = default;
  /// True while the node has a next slot (an open-loop node: until the run is stopped).
  virtual bool running(PopsNodeContext& node) const = 0;
  /// The node's decisions in slot node.slot(): what it transmits, where it listens, the
  /// control words it sends.
  virtual void act(PopsNodeContext& node) = 0;
  /// After the slot it acted in (node.slot() is the next one): what its receiver got.
  virtual void after_slot(PopsNodeContext& node) = 0;
  /// Called after after_slot(): the slot until which the node has nothing to do (it sleeps,
  /// NodeContext::sleep_until, and a peer transmitting to it wakes it earlier), or a slot not
  /// after node.slot() if it acts in this one.
  virtual std::uint64_t idle_until(PopsNodeContext& /*node*/) { return 0; }
};

/// Runs `steps` in the calling processor's thread, slot by slot, from the prologue's end.
inline void run_steps(PopsNodeContext& node, PopsNodeSteps& steps) {
  node.begin_slots();
  while (steps.running(node)) {
    steps.act(node);
    node.next_slot();
    steps.after_slot(node);
    const std::uint64_t idle = steps.idle_until(node);
    if (idle > node.slot()) node.sleep_until(idle);
  }
}

/// A POPS routing protocol: the body of every processor's thread for one run. One instance is
/// shared by all processors, so it holds parameters only; per-node state lives in run() or in
/// the node's steps.
class PopsProtocol {
 public:
  virtual ~PopsProtocol() = default;
  /// Called by the testbench before each run, with the run's packets: the planner outside the
  /// nodes of an offline protocol. Online protocols ignore it.
  virtual void plan(const std::vector<Packet>& /*packets*/) {}
  /// The node's steps for one run, its prologue done (null: the protocol has no stepped form,
  /// and run() is its thread's body). A protocol with steps runs them in run().
  virtual std::unique_ptr<PopsNodeSteps> steps(PopsNodeContext& /*node*/) const { return nullptr; }
  virtual void run(PopsNodeContext& node) const = 0;
};

}  // namespace optinet::pops
