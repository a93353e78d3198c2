#pragma once
/// \file
/// POPS(d,g) as a TLM-2.0 device: one network interface target socket per node
/// (pops.ni.group<b>.proc<k>.socket, see models/tlm/tlm_network_interface.h) and one control/status
/// target socket (pops.csr) that starts a run from inside the simulation and reports its end by
/// an interrupt line and an event. The device has its own slot clock and run control; a checker
/// (a testbench's scoreboard) may be attached from outside. The network and its processors are
/// the unchanged model: the
/// sockets are added around it, so a network built without this class pays nothing for them.
///
/// Control/status registers (offsets in the 0x100-byte CSR window; host-endian; every access
/// exactly one whole register, no byte enables, streaming width = length):
///
///   0x00 CONTROL    4 B, W: bit 0 START: the packets queued in the network interfaces form the
///        run, which starts at the first falling clock edge at or after the transaction's time
///        (sc_time_stamp() + annotated delay); clears DONE and lowers irq. GENERIC_ERROR if a run
///        is in progress or the queued packets are not a partial permutation (two for one
///        destination); nothing starts then. bit 1 FLUSH: discards every queued packet
///        (GENERIC_ERROR while a run is in progress); with START, FLUSH acts first. Other bits
///        are ignored.
///   0x04 STATUS     4 B, R: bit 0 BUSY (a run is armed, running or winding down), bit 1 DONE
///        (the last run has ended; irq is high), bit 2 LIMIT (it stopped at MAX_SLOTS), bit 3
///        ERROR (its scoreboard found violations, see ERRORS).
///   0x08 SEED       8 B, RW: seed of the next run (every node's random stream).
///   0x10 MAX_SLOTS  8 B, RW: slot limit of the next run; writing 0 is a GENERIC_ERROR.
///   0x18 SLOTS      8 B, R: slots of the last run.
///   0x20 PACKETS    4 B, R: packets of the last run.
///   0x24 DELIVERED  4 B, R: packets delivered in the last run.
///   0x28 COLLISIONS 8 B, R: coupler collisions in the last run.
///   0x30 RUNS       8 B, R: runs completed since elaboration.
///   0x38 SHAPE      8 B, R: [0..3] d, [4..7] g.
///   0x40 ERRORS     4 B, R: violations the attached checker found in the last run (0 without
///        a checker).
///
/// Timing: b_transport adds the access latency to the annotated delay and never waits.
/// transport_dbg reads every readable register without side effects.
#include <tlm_utils/simple_target_socket.h>

#include <cstdint>
#include <memory>
#include <string>
#include <systemc>
#include <tlm>
#include <vector>

#include "models/core/run_checker.h"
#include "models/core/run_control.h"
#include "models/pops/pops_collision_tally.h"
#include "models/pops/pops_network.h"
#include "models/tlm/tlm_network_interface.h"

namespace optinet {

struct PopsTlmSystemConfig {
  pops::PopsShape shape;
  pops::PopsProtocol* protocol = nullptr;  ///< every node's protocol (the caller owns it)
  std::uint64_t max_slots = 100000;        ///< MAX_SLOTS after reset
  sc_core::sc_time period = sc_core::sc_time(1, sc_core::SC_NS);
  sc_core::sc_time access_latency = sc_core::sc_time(10, sc_core::SC_NS);
  std::size_t rx_depth = 64;  ///< receive FIFO entries per network interface
};

struct CsrRegisters {
  static constexpr std::uint64_t kControl = 0x00;
  static constexpr std::uint64_t kStatus = 0x04;
  static constexpr std::uint64_t kSeed = 0x08;
  static constexpr std::uint64_t kMaxSlots = 0x10;
  static constexpr std::uint64_t kSlots = 0x18;
  static constexpr std::uint64_t kPackets = 0x20;
  static constexpr std::uint64_t kDelivered = 0x24;
  static constexpr std::uint64_t kCollisions = 0x28;
  static constexpr std::uint64_t kRuns = 0x30;
  static constexpr std::uint64_t kShape = 0x38;
  static constexpr std::uint64_t kErrors = 0x40;
  static constexpr std::uint64_t kWindow = 0x100;
  static constexpr std::uint32_t kControlStart = 1u << 0;
  static constexpr std::uint32_t kControlFlush = 1u << 1;
  static constexpr std::uint32_t kStatusBusy = 1u << 0;
  static constexpr std::uint32_t kStatusDone = 1u << 1;
  static constexpr std::uint32_t kStatusLimit = 1u << 2;
  static constexpr std::uint32_t kStatusError = 1u << 3;
};

/// The network interfaces of one group: pops.ni.group<b>.proc<k>.
class NetworkInterfaceGroup : public sc_core::sc_module {
 public:
  NetworkInterfaceGroup(const sc_core::sc_module_name& name, std::uint32_t group,
                        const PopsTlmSystemConfig& config);
  ~NetworkInterfaceGroup() override;
  std::vector<std::unique_ptr<NetworkInterface>> interfaces;
};

/// The scope of all network interfaces: pops.ni.
class NetworkInterfaceScope : public sc_core::sc_module {
 public:
  NetworkInterfaceScope(const sc_core::sc_module_name& name, const PopsTlmSystemConfig& config);
  ~NetworkInterfaceScope() override;
  std::vector<std::unique_ptr<NetworkInterfaceGroup>> groups;
};

class PopsTlmSystem : public sc_core::sc_module, private DeliverySink {
 public:
  /// The control/status registers.
  tlm_utils::simple_target_socket<PopsTlmSystem> csr{"csr"};
  /// Run-done interrupt (level): high from the end of a run to the next START. Optional.
  sc_core::sc_port<sc_core::sc_signal_inout_if<bool>, 1, sc_core::SC_ZERO_OR_MORE_BOUND> irq{"irq"};

  OPTINET_HAS_PROCESS(PopsTlmSystem);
  /// Elaborates POPS(d,g) running config.protocol (which must be set).
  PopsTlmSystem(const sc_core::sc_module_name& name, const PopsTlmSystemConfig& config);
  ~PopsTlmSystem() override;

  const pops::PopsShape& shape() const { return config_.shape; }
  NetworkInterface& ni(NodeId i) {
    return *interfaces_.groups[config_.shape.group_of(i)]
                ->interfaces[config_.shape.index_in_group(i)];
  }
  pops::PopsNetwork& network() { return network_; }
  /// Notified when a run has ended and DONE is set.
  const sc_core::sc_event& done_event() const { return done_event_; }
  /// Attaches the checker of the following runs (nullptr: none).
  void attach_checker(RunChecker* checker) { checker_ = checker; }

 private:
  void b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay);
  unsigned transport_dbg(tlm::tlm_generic_payload& trans);
  void read_register(std::uint64_t offset, unsigned char* data) const;
  /// START: loads the queued packets and starts the run; false if it cannot start.
  bool start_run(const sc_core::sc_time& delay);
  void on_run_done();
  /// The irq line is driven by one process only (drive_irq), whoever changes the level.
  void set_irq(bool level);
  void drive_irq();
  void deliver(NodeId node, const Packet& packet, std::uint64_t slot) override;

  PopsTlmSystemConfig config_;
  sc_core::sc_clock clock_;
  RunControl control_;
  pops::PopsNetwork network_;
  NetworkInterfaceScope interfaces_;
  RunChecker* checker_ = nullptr;
  pops::CollisionTally tally_{0};
  sc_core::sc_event done_event_;
  sc_core::sc_event irq_change_;
  bool irq_level_ = false;
  // Registers
  std::uint64_t seed_ = 1;
  std::uint64_t max_slots_;
  bool done_ = false;
  std::uint64_t runs_started_ = 0;
  std::uint64_t runs_completed_ = 0;
  RunOutcome outcome_;
  std::uint64_t packets_ = 0;
  std::uint64_t delivered_ = 0;
  std::uint64_t collisions_ = 0;
  std::uint64_t errors_ = 0;
};

}  // namespace optinet
