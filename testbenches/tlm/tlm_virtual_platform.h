#pragma once
/// \file
/// An example TLM-2.0 virtual platform around POPS(d,g): a traffic processor (the initiator,
/// one loosely-timed SC_THREAD with a quantum keeper) reaches the network's control/status
/// registers and every node's network interface through one address router. For each seed it
/// writes a permutation's packets into the source nodes' interfaces, rings START, sleeps until
/// the run-done interrupt, reads the run's status and then every node's receive FIFO.
///
/// Memory map: CSR at 0x0 (0x100 bytes); node i's interface at 0x1000 + i * 0x40.
/// One router rather than one initiator socket per node: a processor has one bus port, and the
/// router keeps the platform's bindings O(n) with a single decode in one place.
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/tlm_quantumkeeper.h>

#include <cstdint>
#include <string>
#include <systemc>
#include <tlm>
#include <vector>

#include "models/tlm/tlm_address_router.h"
#include "models/tlm/tlm_network_interface.h"
#include "models/tlm/tlm_pops_system.h"
#include "testbenches/pops/pops_experiment.h"
#include "testbenches/run/scoreboard.h"
#include "testbenches/traffic/traffic.h"

namespace optinet {

/// The platform's memory map.
struct VpMemoryMap {
  static constexpr std::uint64_t kCsrBase = 0x0;
  static constexpr std::uint64_t kNiBase = 0x1000;
  static std::uint64_t ni(NodeId i) { return kNiBase + std::uint64_t{i} * NiRegisters::kWindow; }
};

/// What the traffic processor saw of one run, read through the sockets.
struct VpRunResult {
  std::uint64_t seed = 0;
  std::uint64_t slots = 0;
  std::uint64_t packets = 0;
  std::uint64_t delivered = 0;
  std::uint64_t collisions = 0;
  std::uint32_t status = 0;                     ///< CSR STATUS after the run
  std::uint32_t errors = 0;                     ///< CSR ERRORS (scoreboard violations)
  std::vector<std::vector<RxRecord>> received;  ///< per node, in FIFO order
  std::vector<std::string> bus_errors;          ///< transactions that did not complete OK
};

struct VirtualPlatformConfig {
  PopsTlmSystemConfig system;  ///< its protocol is set by the platform from `protocol`
  std::string protocol = "randomized";
  PermutationKind traffic = PermutationKind::kRandom;
  Permutation file_permutation;  ///< used when traffic == kFile
  sc_core::sc_time quantum = sc_core::sc_time(1, sc_core::SC_US);
};

/// The packets the traffic processor sends for `seed`: the permutation drawn as
/// pops::PopsExperiment's traffic generator draws it (same kind, same random stream), packets_of()
/// of it.
std::vector<Packet> reference_packets(const VirtualPlatformConfig& config, std::uint64_t seed);

class TrafficProcessor : public sc_core::sc_module {
 public:
  tlm_utils::simple_initiator_socket<TrafficProcessor> socket{"socket"};
  sc_core::sc_in<bool> irq{"irq"};

  OPTINET_HAS_PROCESS(TrafficProcessor);
  TrafficProcessor(const sc_core::sc_module_name& name, const VirtualPlatformConfig& config);

  /// Queues one run per seed; the processor's thread runs them and then pauses the simulation
  /// (sc_pause), so sc_main gets control back from sc_start().
  void run_jobs(const std::vector<std::uint64_t>& seeds);
  const std::vector<VpRunResult>& results() const { return results_; }

  /// One blocking transaction through the socket. Every target of this platform completes
  /// without waiting, so tests may also call it from sc_main between sc_start calls.
  tlm::tlm_response_status transport(tlm::tlm_command command, std::uint64_t address,
                                     unsigned char* data, unsigned length, sc_core::sc_time& delay,
                                     unsigned char* byte_enables = nullptr,
                                     unsigned streaming_width = 0);
  /// Debug read through the socket; returns the bytes read.
  unsigned debug_read(std::uint64_t address, unsigned char* data, unsigned length);

 private:
  void thread();
  VpRunResult run_one(std::uint64_t seed);
  /// Loosely-timed access: issued at the local time offset, which it then advances.
  bool access(tlm::tlm_command command, std::uint64_t address, unsigned char* data, unsigned length,
              VpRunResult& result);
  std::uint32_t read32(std::uint64_t address, VpRunResult& result);
  std::uint64_t read64(std::uint64_t address, VpRunResult& result);

  VirtualPlatformConfig config_;
  tlm_utils::tlm_quantumkeeper quantum_keeper_;
  std::vector<std::uint64_t> jobs_;
  std::vector<VpRunResult> results_;
  sc_core::sc_event jobs_ready_;
};

/// The platform: vp.cpu, vp.bus, vp.pops (the device, its scoreboard attached), vp.irq.
class VirtualPlatform : public sc_core::sc_module {
 public:
  VirtualPlatform(const sc_core::sc_module_name& name, const VirtualPlatformConfig& config);

 private:
  std::unique_ptr<pops::PopsProtocol> protocol_;  // before pops, which runs it

 public:
  TrafficProcessor cpu;
  AddressRouter bus;
  PopsTlmSystem pops;
  sc_core::sc_signal<bool> irq{"irq"};
  /// Checks every run of the device: delivered once, intact, at the destination.
  Scoreboard scoreboard;
};

/// Differences between a run of the virtual platform and the same seed's run of the built-in
/// driver: slots, packets, delivered, collisions, the limit flag, bus errors, and, if the
/// reference run passed its scoreboard, per node the received packets (id, source, destination,
/// payload) against `expected` (the packets the built-in driver loaded into its processors,
/// each of which its scoreboard saw delivered exactly once, intact, at its destination). Empty when
/// they agree. Scoreboard violations and the slot limit are failures of a run, not differences: see
/// VpRunResult::status.
/// `delivery_slots` gives, by packet id, the slot in which the built-in driver delivered it: each
/// delivery the platform read must carry the same slot.
std::vector<std::string> compare_runs(const VpRunResult& vp, const pops::PopsRunResult& reference,
                                      const std::vector<Packet>& expected,
                                      const std::vector<std::uint64_t>& delivery_slots);

}  // namespace optinet
