#pragma once
/// \file
/// The network interface of one node, reached from outside through a TLM-2.0 target socket
/// (loosely timed, blocking transport, debug transport; no DMI). It is the host side of the
/// node: it holds the packet the node will send in the next run and a FIFO of the packets
/// delivered to the node. Instantiated only by platforms that use it: the network and its
/// processors do not know about it.
///
/// Register map (offsets in the node's 0x40-byte window; values host-endian, i.e. little-endian
/// on x86-64; every access must be exactly one whole register, without byte enables and with
/// streaming width = data length):
///
///   0x00 TX_PACKET 16 B, W: [0..7] destination node, [8..15] payload. Queues the node's packet
///        (id = node id) for the next run. GENERIC_ERROR if a packet is already queued or the
///        destination is >= NODES (nothing is queued then).
///   0x10 RX_PACKET 32 B, R: the oldest delivered packet, removed by the read: [0..3] source,
///        [4..7] packet id, [8..15] payload, [16..23] slot of delivery, [24..27] flags (bit 0
///        VALID; clear when the FIFO is empty, and then every field is 0), [28..31] run number
///        (low 32 bits). A debug read peeks without removing.
///   0x30 STATUS    4 B, R: bit 0 TX_FULL (a packet is queued), bit 1 RX_VALID (FIFO not empty),
///        bit 2 RX_OVERFLOW (sticky: a delivery found the FIFO full and was dropped).
///   0x34 RX_COUNT  4 B, R: packets in the receive FIFO.
///   0x38 NODE_ID   4 B, R: this node's id.
///   0x3C NODES     4 B, R: number of nodes of the network.
///
/// Errors go to the response status: ADDRESS_ERROR (no register at the address), BYTE_ENABLE_
/// ERROR (byte enables given), BURST_ERROR (length or streaming width), COMMAND_ERROR (write to
/// a read-only or read of a write-only register), GENERIC_ERROR (see TX_PACKET).
/// Timing: b_transport adds the configured access latency to the annotated delay and never
/// waits; the register state changes when the call is made.
#include <tlm_utils/simple_target_socket.h>

#include <cstdint>
#include <deque>
#include <optional>
#include <systemc>
#include <tlm>
#include <vector>

#include "models/core/packet.h"
#include "models/tlm/tlm_register_map.h"

namespace optinet {

struct NetworkInterfaceConfig {
  NodeId node = 0;
  std::uint32_t nodes = 1;
  std::size_t rx_depth = 64;  ///< receive FIFO entries
  sc_core::sc_time access_latency = sc_core::sc_time(10, sc_core::SC_NS);
};

/// Offsets and layout of the network interface registers (see the file comment).
struct NiRegisters {
  static constexpr std::uint64_t kTxPacket = 0x00;
  static constexpr std::uint64_t kRxPacket = 0x10;
  static constexpr std::uint64_t kStatus = 0x30;
  static constexpr std::uint64_t kRxCount = 0x34;
  static constexpr std::uint64_t kNodeId = 0x38;
  static constexpr std::uint64_t kNodes = 0x3C;
  static constexpr std::uint64_t kWindow = 0x40;
  static constexpr unsigned kTxBytes = 16;
  static constexpr unsigned kRxBytes = 32;
  static constexpr std::uint32_t kStatusTxFull = 1u << 0;
  static constexpr std::uint32_t kStatusRxValid = 1u << 1;
  static constexpr std::uint32_t kStatusRxOverflow = 1u << 2;
  static constexpr std::uint32_t kRxFlagValid = 1u << 0;
};

/// One delivered packet as the RX_PACKET register presents it.
struct RxRecord {
  Packet packet;
  std::uint64_t slot = 0;
  std::uint64_t run = 0;
};

class NetworkInterface : public sc_core::sc_module {
 public:
  tlm_utils::simple_target_socket<NetworkInterface> socket{"socket"};

  NetworkInterface(const sc_core::sc_module_name& name, const NetworkInterfaceConfig& config);

  /// Platform side, at the start of a run: the queued packet leaves the interface for the node.
  std::optional<Packet> take_tx();
  /// The packet queued for the next run, if any.
  const std::optional<Packet>& queued() const { return tx_; }
  /// Platform side, during a run: a packet reached this node in `slot` of run `run`.
  void deliver(const Packet& packet, std::uint64_t slot, std::uint64_t run);
  NodeId node() const { return config_.node; }

 private:
  void b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay);
  unsigned transport_dbg(tlm::tlm_generic_payload& trans);
  void read_register(std::uint64_t offset, unsigned char* data, bool pop);
  std::uint32_t status() const;

  NetworkInterfaceConfig config_;
  std::optional<Packet> tx_;
  std::deque<RxRecord> rx_;
  bool rx_overflow_ = false;
};

}  // namespace optinet
