/// \file
/// The TLM-2.0 network interfaces and control registers of POPS: every error response, status
/// and debug reads, a run started and collected through the registers, the slot limit in a run
/// started from inside the simulation, and the platform-vs-built-in comparison. Transactions are
/// issued from the test body: every target of the platform completes without waiting.
#include <gtest/gtest.h>

#include <cstring>

#include "models/tlm/tlm_register_map.h"
#include "protocols/pops/sorting_network.h"
#include "testbenches/tlm/tlm_virtual_platform.h"

namespace {

using namespace optinet;
using namespace optinet::pops;
using C = CsrRegisters;
using M = VpMemoryMap;
using N = NiRegisters;

VirtualPlatformConfig platform_config(std::uint32_t d, std::uint32_t g, std::size_t rx_depth = 64,
                                      const char* protocol = "randomized") {
  VirtualPlatformConfig c;
  c.system.shape = pops::PopsShape{d, g};
  c.system.rx_depth = rx_depth;
  c.protocol = protocol;
  return c;
}

/// A platform elaborated once per test (one test per process).
class Tlm : public ::testing::Test {
 protected:
  explicit Tlm(std::uint32_t d = 4, std::uint32_t g = 4, std::size_t rx_depth = 64,
               const char* protocol = "randomized")
      : vp_("vp", platform_config(d, g, rx_depth, protocol)) {
    sc_core::sc_start(sc_core::SC_ZERO_TIME);
  }

  tlm::tlm_response_status write(std::uint64_t address, unsigned char* data, unsigned length,
                                 unsigned char* byte_enables = nullptr,
                                 unsigned streaming_width = 0) {
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    return vp_.cpu.transport(tlm::TLM_WRITE_COMMAND, address, data, length, delay, byte_enables,
                             streaming_width);
  }
  tlm::tlm_response_status read(std::uint64_t address, unsigned char* data, unsigned length) {
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    return vp_.cpu.transport(tlm::TLM_READ_COMMAND, address, data, length, delay);
  }
  std::uint32_t read32(std::uint64_t address) {
    unsigned char data[4] = {};
    EXPECT_EQ(read(address, data, 4), tlm::TLM_OK_RESPONSE) << "read at " << address;
    return get_value<std::uint32_t>(data);
  }
  std::uint64_t read64(std::uint64_t address) {
    unsigned char data[8] = {};
    EXPECT_EQ(read(address, data, 8), tlm::TLM_OK_RESPONSE) << "read at " << address;
    return get_value<std::uint64_t>(data);
  }
  tlm::tlm_response_status write32(std::uint64_t address, std::uint32_t value) {
    unsigned char data[4];
    put_value(data, value);
    return write(address, data, 4);
  }
  tlm::tlm_response_status write64(std::uint64_t address, std::uint64_t value) {
    unsigned char data[8];
    put_value(data, value);
    return write(address, data, 8);
  }
  tlm::tlm_response_status send(NodeId source, std::uint64_t destination, std::uint64_t payload) {
    unsigned char tx[N::kTxBytes];
    put_value(tx, destination);
    put_value(tx + 8, payload);
    return write(M::ni(source) + N::kTxPacket, tx, sizeof tx);
  }
  /// Simulates until the CSR reports DONE (or `limit` has passed).
  void run_until_done(sc_core::sc_time limit = sc_core::sc_time(1, sc_core::SC_MS)) {
    const sc_core::sc_time end = sc_core::sc_time_stamp() + limit;
    while (!(read32(M::kCsrBase + C::kStatus) & C::kStatusDone) && sc_core::sc_time_stamp() < end) {
      sc_core::sc_start(sc_core::sc_time(10, sc_core::SC_NS));
    }
    ASSERT_TRUE(read32(M::kCsrBase + C::kStatus) & C::kStatusDone) << "no DONE";
  }

  VirtualPlatform vp_;
};

class TlmEightByTwo : public Tlm {
 protected:
  TlmEightByTwo() : Tlm(8, 2) {}
};

/// The sorting router on POPS(64,4): comparator stages of 32 slots, in which most nodes sleep
/// through long gaps (skip_slots) instead of waking every slot.
class TlmSortingSleepers : public Tlm {
 protected:
  TlmSortingSleepers() : Tlm(64, 4, 64, "sorting") {}
};

class TlmOneEntryFifo : public Tlm {
 protected:
  TlmOneEntryFifo() : Tlm(4, 4, 1) {}
};

// ---- status reads ------------------------------------------------------------------------------

TEST_F(Tlm, NodeRegistersDescribeTheNodeAfterReset) {
  EXPECT_EQ(read32(M::ni(5) + N::kNodeId), 5u);
  EXPECT_EQ(read32(M::ni(5) + N::kNodes), 16u);
  EXPECT_EQ(read32(M::ni(5) + N::kStatus), 0u);
  EXPECT_EQ(read32(M::ni(5) + N::kRxCount), 0u);
  unsigned char rx[N::kRxBytes];
  std::memset(rx, 0xff, sizeof rx);
  EXPECT_EQ(read(M::ni(5) + N::kRxPacket, rx, sizeof rx), tlm::TLM_OK_RESPONSE);
  for (unsigned char byte : rx) EXPECT_EQ(byte, 0) << "an empty FIFO reads as all zeros";
}

TEST_F(Tlm, ControlRegistersAfterReset) {
  EXPECT_EQ(read32(M::kCsrBase + C::kStatus), 0u);
  EXPECT_EQ(read64(M::kCsrBase + C::kShape), std::uint64_t{4} | (std::uint64_t{4} << 32));
  EXPECT_EQ(read64(M::kCsrBase + C::kMaxSlots), 100000u);
  EXPECT_EQ(read64(M::kCsrBase + C::kRuns), 0u);
  EXPECT_EQ(write64(M::kCsrBase + C::kSeed, 77), tlm::TLM_OK_RESPONSE);
  EXPECT_EQ(read64(M::kCsrBase + C::kSeed), 77u);
}

TEST_F(Tlm, QueuedPacketShowsInStatusUntilStart) {
  ASSERT_EQ(send(3, 9, 0xabcd), tlm::TLM_OK_RESPONSE);
  EXPECT_EQ(read32(M::ni(3) + N::kStatus), N::kStatusTxFull);
  ASSERT_EQ(write32(M::kCsrBase + C::kControl, C::kControlStart), tlm::TLM_OK_RESPONSE);
  EXPECT_EQ(read32(M::ni(3) + N::kStatus), 0u) << "the packet left the interface at START";
  EXPECT_EQ(read32(M::kCsrBase + C::kStatus), C::kStatusBusy);
}

TEST_F(Tlm, RunThroughTheRegistersDeliversThePacket) {
  ASSERT_EQ(send(0, 5, 0x1234567890ull), tlm::TLM_OK_RESPONSE);
  ASSERT_EQ(write64(M::kCsrBase + C::kSeed, 3), tlm::TLM_OK_RESPONSE);
  ASSERT_EQ(write32(M::kCsrBase + C::kControl, C::kControlStart), tlm::TLM_OK_RESPONSE);
  EXPECT_FALSE(vp_.irq.read());
  run_until_done();
  sc_core::sc_start(sc_core::sc_time(1, sc_core::SC_NS));  // the irq level settles
  EXPECT_TRUE(vp_.irq.read());
  EXPECT_EQ(read32(M::kCsrBase + C::kStatus), C::kStatusDone);
  EXPECT_EQ(read32(M::kCsrBase + C::kPackets), 1u);
  EXPECT_EQ(read32(M::kCsrBase + C::kDelivered), 1u);
  EXPECT_EQ(read32(M::kCsrBase + C::kErrors), 0u);
  EXPECT_EQ(read64(M::kCsrBase + C::kRuns), 1u);
  const std::uint64_t slots = read64(M::kCsrBase + C::kSlots);
  EXPECT_GT(slots, 0u);
  EXPECT_EQ(slots % 5, 0u) << "the randomized router runs whole 5-slot steps";

  EXPECT_EQ(read32(M::ni(5) + N::kStatus), N::kStatusRxValid);
  EXPECT_EQ(read32(M::ni(5) + N::kRxCount), 1u);
  unsigned char rx[N::kRxBytes];
  ASSERT_EQ(read(M::ni(5) + N::kRxPacket, rx, sizeof rx), tlm::TLM_OK_RESPONSE);
  EXPECT_EQ(get_value<std::uint32_t>(rx + 0), 0u);  // source
  EXPECT_EQ(get_value<std::uint32_t>(rx + 4), 0u);  // packet id = source node
  EXPECT_EQ(get_value<std::uint64_t>(rx + 8), 0x1234567890ull);
  EXPECT_LE(get_value<std::uint64_t>(rx + 16), slots);
  EXPECT_EQ(get_value<std::uint32_t>(rx + 24), N::kRxFlagValid);
  EXPECT_EQ(get_value<std::uint32_t>(rx + 28), 0u);  // run 0
  EXPECT_EQ(read32(M::ni(5) + N::kRxCount), 0u) << "the read removed the packet";
  ASSERT_EQ(read(M::ni(5) + N::kRxPacket, rx, sizeof rx), tlm::TLM_OK_RESPONSE);
  EXPECT_EQ(get_value<std::uint32_t>(rx + 24), 0u) << "empty FIFO: VALID clear";
  for (NodeId i = 0; i < 16; ++i) {
    if (i != 5) {
      EXPECT_EQ(read32(M::ni(i) + N::kRxCount), 0u) << "node " << i;
    }
  }

  // START lowers the interrupt and clears DONE; an empty run ends at once.
  ASSERT_EQ(write32(M::kCsrBase + C::kControl, C::kControlStart), tlm::TLM_OK_RESPONSE);
  sc_core::sc_start(sc_core::sc_time(1, sc_core::SC_NS));
  EXPECT_FALSE(read32(M::kCsrBase + C::kStatus) & C::kStatusDone);
  run_until_done();
  EXPECT_EQ(read32(M::kCsrBase + C::kPackets), 0u);
  EXPECT_EQ(read64(M::kCsrBase + C::kRuns), 2u);
}

TEST_F(Tlm, StartHonoursTheAnnotatedDelay) {
  // START issued 1 us ahead of simulation time (a loosely-timed initiator's local offset): the
  // run starts at the first falling edge at or after that time, and it takes a few slots.
  ASSERT_EQ(send(0, 5, 1), tlm::TLM_OK_RESPONSE);
  const sc_core::sc_time issued = sc_core::sc_time_stamp();
  unsigned char word[4];
  put_value(word, C::kControlStart);
  sc_core::sc_time delay(1, sc_core::SC_US);
  ASSERT_EQ(vp_.cpu.transport(tlm::TLM_WRITE_COMMAND, M::kCsrBase + C::kControl, word, 4, delay),
            tlm::TLM_OK_RESPONSE);
  EXPECT_GT(delay, sc_core::sc_time(1, sc_core::SC_US)) << "the access latency is added";
  sc_core::sc_start(sc_core::sc_time(990, sc_core::SC_NS));
  EXPECT_EQ(read32(M::kCsrBase + C::kStatus), C::kStatusBusy) << "armed, not started yet";
  run_until_done();
  const std::uint64_t slots = read64(M::kCsrBase + C::kSlots);
  EXPECT_GE(sc_core::sc_time_stamp(),
            issued + sc_core::sc_time(1, sc_core::SC_US) +
                static_cast<double>(slots) * sc_core::sc_time(1, sc_core::SC_NS));
  EXPECT_EQ(read32(M::kCsrBase + C::kDelivered), 1u);
}

TEST_F(TlmOneEntryFifo, FullReceiveFifoDropsAndFlagsOverflow) {
  for (std::uint64_t payload : {1, 2}) {
    ASSERT_EQ(send(0, 5, payload), tlm::TLM_OK_RESPONSE);
    ASSERT_EQ(write32(M::kCsrBase + C::kControl, C::kControlStart), tlm::TLM_OK_RESPONSE);
    run_until_done();
    EXPECT_EQ(read32(M::kCsrBase + C::kErrors), 0u) << "the network delivered it";
  }
  EXPECT_EQ(read32(M::ni(5) + N::kStatus), N::kStatusRxValid | N::kStatusRxOverflow);
  EXPECT_EQ(read32(M::ni(5) + N::kRxCount), 1u);
  unsigned char rx[N::kRxBytes];
  ASSERT_EQ(read(M::ni(5) + N::kRxPacket, rx, sizeof rx), tlm::TLM_OK_RESPONSE);
  EXPECT_EQ(get_value<std::uint64_t>(rx + 8), 1u) << "the older packet was kept";
  EXPECT_EQ(read32(M::ni(5) + N::kStatus), N::kStatusRxOverflow) << "overflow is sticky";
}

TEST_F(Tlm, DebugTransportReadsWithoutSideEffects) {
  ASSERT_EQ(send(2, 7, 99), tlm::TLM_OK_RESPONSE);
  ASSERT_EQ(write32(M::kCsrBase + C::kControl, C::kControlStart), tlm::TLM_OK_RESPONSE);
  run_until_done();
  unsigned char data[N::kRxBytes] = {};
  EXPECT_EQ(vp_.cpu.debug_read(M::ni(7) + N::kRxCount, data, 4), 4u);
  EXPECT_EQ(get_value<std::uint32_t>(data), 1u);
  EXPECT_EQ(vp_.cpu.debug_read(M::ni(7) + N::kRxPacket, data, N::kRxBytes), N::kRxBytes);
  EXPECT_EQ(get_value<std::uint64_t>(data + 8), 99u);
  EXPECT_EQ(read32(M::ni(7) + N::kRxCount), 1u) << "a debug read of RX_PACKET only peeks";
  EXPECT_EQ(vp_.cpu.debug_read(M::kCsrBase + C::kStatus, data, 4), 4u);
  EXPECT_EQ(get_value<std::uint32_t>(data), C::kStatusDone);
  EXPECT_EQ(vp_.cpu.debug_read(M::ni(7) + 0x08, data, 4), 0u) << "no register there";
  EXPECT_EQ(vp_.cpu.debug_read(M::ni(7) + N::kStatus, data, 8), 0u) << "wrong length";
  EXPECT_EQ(vp_.cpu.debug_read(M::ni(7) + N::kTxPacket, data, N::kTxBytes), 0u) << "write-only";
  EXPECT_EQ(vp_.cpu.debug_read(0xFFFFFFF0ull, data, 4), 0u) << "unmapped";
}

// ---- error responses ---------------------------------------------------------------------------

TEST_F(Tlm, BadAddressIsAnAddressError) {
  unsigned char data[4] = {};
  EXPECT_EQ(read(0xFFFFFFF0ull, data, 4), tlm::TLM_ADDRESS_ERROR_RESPONSE) << "unmapped";
  EXPECT_EQ(read(M::ni(16), data, 4), tlm::TLM_ADDRESS_ERROR_RESPONSE) << "past the last node";
  EXPECT_EQ(read(M::kCsrBase + 0x80, data, 4), tlm::TLM_ADDRESS_ERROR_RESPONSE);
  EXPECT_EQ(read(M::ni(1) + 0x08, data, 4), tlm::TLM_ADDRESS_ERROR_RESPONSE)
      << "inside a window, no register";
  EXPECT_EQ(read(M::ni(1) + N::kStatus + 1, data, 1), tlm::TLM_ADDRESS_ERROR_RESPONSE)
      << "part of a register";
}

TEST_F(Tlm, BadLengthIsABurstError) {
  unsigned char data[16] = {};
  EXPECT_EQ(read(M::ni(1) + N::kStatus, data, 8), tlm::TLM_BURST_ERROR_RESPONSE);
  EXPECT_EQ(read(M::ni(1) + N::kRxPacket, data, 16), tlm::TLM_BURST_ERROR_RESPONSE);
  EXPECT_EQ(write(M::ni(1) + N::kTxPacket, data, 8), tlm::TLM_BURST_ERROR_RESPONSE);
  EXPECT_EQ(write(M::kCsrBase + C::kSeed, data, 4), tlm::TLM_BURST_ERROR_RESPONSE);
  EXPECT_EQ(write(M::ni(1) + N::kTxPacket, data, 16, nullptr, 8), tlm::TLM_BURST_ERROR_RESPONSE)
      << "streaming width shorter than the length";
  EXPECT_EQ(read32(M::ni(1) + N::kStatus), 0u) << "no packet was queued";
}

TEST_F(Tlm, ByteEnablesAreAByteEnableError) {
  unsigned char data[16] = {};
  unsigned char enables[16];
  std::memset(enables, 0xff, sizeof enables);
  EXPECT_EQ(write(M::ni(1) + N::kTxPacket, data, 16, enables), tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE);
  EXPECT_EQ(write(M::kCsrBase + C::kSeed, data, 8, enables), tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE);
  EXPECT_EQ(read32(M::ni(1) + N::kStatus), 0u) << "no packet was queued";
}

TEST_F(Tlm, WriteToReadOnlyIsACommandError) {
  EXPECT_EQ(write32(M::ni(1) + N::kStatus, 1), tlm::TLM_COMMAND_ERROR_RESPONSE);
  EXPECT_EQ(write32(M::ni(1) + N::kNodeId, 4), tlm::TLM_COMMAND_ERROR_RESPONSE);
  unsigned char rx[N::kRxBytes] = {};
  EXPECT_EQ(write(M::ni(1) + N::kRxPacket, rx, sizeof rx), tlm::TLM_COMMAND_ERROR_RESPONSE);
  EXPECT_EQ(write64(M::kCsrBase + C::kSlots, 1), tlm::TLM_COMMAND_ERROR_RESPONSE);
  EXPECT_EQ(write32(M::kCsrBase + C::kStatus, 1), tlm::TLM_COMMAND_ERROR_RESPONSE);
  EXPECT_EQ(read(M::ni(1) + N::kTxPacket, rx, N::kTxBytes), tlm::TLM_COMMAND_ERROR_RESPONSE)
      << "TX_PACKET is write-only";
  unsigned char word[4];
  EXPECT_EQ(read(M::kCsrBase + C::kControl, word, 4), tlm::TLM_COMMAND_ERROR_RESPONSE);
  EXPECT_EQ(read32(M::ni(1) + N::kNodeId), 1u);
}

TEST_F(Tlm, IgnoreCommandCompletesWithoutEffect) {
  unsigned char data[N::kTxBytes] = {};
  sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
  EXPECT_EQ(
      vp_.cpu.transport(tlm::TLM_IGNORE_COMMAND, M::ni(1) + N::kTxPacket, data, N::kTxBytes, delay),
      tlm::TLM_OK_RESPONSE);
  EXPECT_EQ(read32(M::ni(1) + N::kStatus), 0u);
  EXPECT_GT(delay, sc_core::SC_ZERO_TIME) << "the access latency is annotated";
}

TEST_F(Tlm, SecondPacketIsAGenericError) {
  ASSERT_EQ(send(1, 2, 10), tlm::TLM_OK_RESPONSE);
  EXPECT_EQ(send(1, 3, 11), tlm::TLM_GENERIC_ERROR_RESPONSE);
  ASSERT_EQ(write32(M::kCsrBase + C::kControl, C::kControlStart), tlm::TLM_OK_RESPONSE);
  run_until_done();
  unsigned char rx[N::kRxBytes];
  EXPECT_EQ(read32(M::ni(3) + N::kRxCount), 0u) << "the refused packet was not sent";
  ASSERT_EQ(read(M::ni(2) + N::kRxPacket, rx, sizeof rx), tlm::TLM_OK_RESPONSE);
  EXPECT_EQ(get_value<std::uint64_t>(rx + 8), 10u) << "the first packet was kept";
}

TEST_F(Tlm, NullDataPointerIsAGenericError) {
  EXPECT_EQ(read(M::ni(1) + N::kStatus, nullptr, 4), tlm::TLM_GENERIC_ERROR_RESPONSE);
  EXPECT_EQ(write(M::ni(1) + N::kTxPacket, nullptr, N::kTxBytes), tlm::TLM_GENERIC_ERROR_RESPONSE);
  EXPECT_EQ(vp_.cpu.debug_read(M::ni(1) + N::kStatus, nullptr, 4), 0u);
  EXPECT_EQ(read32(M::ni(1) + N::kStatus), 0u);
}

TEST_F(Tlm, DestinationOutOfRangeIsAGenericError) {
  EXPECT_EQ(send(1, 16, 1), tlm::TLM_GENERIC_ERROR_RESPONSE);
  EXPECT_EQ(send(1, ~std::uint64_t{0}, 1), tlm::TLM_GENERIC_ERROR_RESPONSE);
  EXPECT_EQ(read32(M::ni(1) + N::kStatus), 0u);
  EXPECT_EQ(send(1, 15, 1), tlm::TLM_OK_RESPONSE);
}

TEST_F(Tlm, StartRefusesWhatTheNetworkCannotRun) {
  EXPECT_EQ(write64(M::kCsrBase + C::kMaxSlots, 0), tlm::TLM_GENERIC_ERROR_RESPONSE);
  EXPECT_EQ(read64(M::kCsrBase + C::kMaxSlots), 100000u);
  // Two packets for one destination are not a permutation: nothing starts, both stay queued.
  ASSERT_EQ(send(1, 4, 1), tlm::TLM_OK_RESPONSE);
  ASSERT_EQ(send(2, 4, 2), tlm::TLM_OK_RESPONSE);
  EXPECT_EQ(write32(M::kCsrBase + C::kControl, C::kControlStart), tlm::TLM_GENERIC_ERROR_RESPONSE);
  EXPECT_EQ(read32(M::kCsrBase + C::kStatus), 0u);
  EXPECT_EQ(read32(M::ni(2) + N::kStatus), N::kStatusTxFull);
  // FLUSH discards the queued packets; then a permutation starts.
  ASSERT_EQ(write32(M::kCsrBase + C::kControl, C::kControlFlush), tlm::TLM_OK_RESPONSE);
  EXPECT_EQ(read32(M::ni(1) + N::kStatus), 0u);
  EXPECT_EQ(read32(M::ni(2) + N::kStatus), 0u);
  ASSERT_EQ(send(2, 4, 2), tlm::TLM_OK_RESPONSE);
  ASSERT_EQ(write32(M::kCsrBase + C::kControl, C::kControlStart), tlm::TLM_OK_RESPONSE);
  // While it runs, START and FLUSH are refused.
  ASSERT_EQ(send(1, 6, 1), tlm::TLM_OK_RESPONSE);
  EXPECT_EQ(write32(M::kCsrBase + C::kControl, C::kControlStart), tlm::TLM_GENERIC_ERROR_RESPONSE);
  EXPECT_EQ(write32(M::kCsrBase + C::kControl, C::kControlFlush), tlm::TLM_GENERIC_ERROR_RESPONSE);
  run_until_done();
  EXPECT_EQ(read32(M::kCsrBase + C::kPackets), 1u);
  EXPECT_EQ(read32(M::ni(1) + N::kStatus), N::kStatusTxFull) << "queued for the next run";
  ASSERT_EQ(write32(M::kCsrBase + C::kControl, C::kControlStart), tlm::TLM_OK_RESPONSE);
  run_until_done();
  EXPECT_EQ(read32(M::kCsrBase + C::kDelivered), 1u);
  EXPECT_EQ(read32(M::ni(6) + N::kRxCount), 1u);
}

TEST_F(TlmEightByTwo, RunStoppedAtTheLimitReportsItAndTheNextRunCompletes) {
  // A full permutation on POPS(8,2) needs more than 10 slots (d > g: at least d/g steps).
  VirtualPlatformConfig config = platform_config(8, 2);
  const std::vector<Packet> packets = reference_packets(config, 5);
  const auto queue_all = [&] {
    for (const Packet& p : packets)
      ASSERT_EQ(send(p.source, p.destination, p.payload), tlm::TLM_OK_RESPONSE);
  };
  queue_all();
  ASSERT_EQ(write64(M::kCsrBase + C::kMaxSlots, 10), tlm::TLM_OK_RESPONSE);
  ASSERT_EQ(write32(M::kCsrBase + C::kControl, C::kControlStart), tlm::TLM_OK_RESPONSE);
  run_until_done();
  const std::uint32_t status = read32(M::kCsrBase + C::kStatus);
  EXPECT_EQ(status, C::kStatusDone | C::kStatusLimit | C::kStatusError)
      << "DONE only after the wind-down (not BUSY), with LIMIT and ERROR";
  EXPECT_EQ(read64(M::kCsrBase + C::kSlots), 10u);
  EXPECT_EQ(read32(M::kCsrBase + C::kPackets), 16u);
  EXPECT_LT(read32(M::kCsrBase + C::kDelivered), 16u);
  EXPECT_GT(read32(M::kCsrBase + C::kErrors), 0u);

  // The network recovered: the same permutation, with room, completes and is clean.
  for (NodeId i = 0; i < 16; ++i) {
    unsigned char rx[N::kRxBytes];
    while (read32(M::ni(i) + N::kRxCount) > 0) read(M::ni(i) + N::kRxPacket, rx, sizeof rx);
  }
  queue_all();
  ASSERT_EQ(write64(M::kCsrBase + C::kMaxSlots, 100000), tlm::TLM_OK_RESPONSE);
  ASSERT_EQ(write32(M::kCsrBase + C::kControl, C::kControlStart), tlm::TLM_OK_RESPONSE);
  run_until_done();
  EXPECT_EQ(read32(M::kCsrBase + C::kStatus), C::kStatusDone);
  EXPECT_EQ(read32(M::kCsrBase + C::kDelivered), 16u);
  EXPECT_EQ(read32(M::kCsrBase + C::kErrors), 0u);
  for (const Packet& p : packets) EXPECT_EQ(read32(M::ni(p.destination) + N::kRxCount), 1u);
}

TEST_F(TlmSortingSleepers, RunsStoppedWhileNodesSleepWindDownAndTheNextRunCompletes) {
  const VirtualPlatformConfig config = platform_config(64, 4, 64, "sorting");
  const auto queue = [&](const std::vector<Packet>& packets) {
    for (const Packet& p : packets)
      ASSERT_EQ(send(p.source, p.destination, p.payload), tlm::TLM_OK_RESPONSE);
  };
  // Limits inside the sort (16 stages of 32 slots), at several offsets within a stage, where
  // many nodes are asleep until a later slot when the run is stopped. Each run has its own
  // permutation, so a node left asleep would replay a stale packet into a later run.
  std::uint64_t seed = 3;
  for (const std::uint64_t limit : {37u, 70u, 101u, 150u, 203u}) {
    queue(reference_packets(config, seed++));
    ASSERT_EQ(write64(M::kCsrBase + C::kMaxSlots, limit), tlm::TLM_OK_RESPONSE);
    ASSERT_EQ(write32(M::kCsrBase + C::kControl, C::kControlStart), tlm::TLM_OK_RESPONSE);
    run_until_done();
    EXPECT_EQ(read32(M::kCsrBase + C::kStatus), C::kStatusDone | C::kStatusLimit | C::kStatusError);
    EXPECT_EQ(read64(M::kCsrBase + C::kSlots), limit);
    EXPECT_EQ(read32(M::kCsrBase + C::kDelivered), 0u);
  }
  const std::vector<Packet> packets = reference_packets(config, seed);
  queue(packets);
  ASSERT_EQ(write64(M::kCsrBase + C::kMaxSlots, 100000), tlm::TLM_OK_RESPONSE);
  ASSERT_EQ(write32(M::kCsrBase + C::kControl, C::kControlStart), tlm::TLM_OK_RESPONSE);
  run_until_done();
  EXPECT_EQ(read32(M::kCsrBase + C::kStatus), C::kStatusDone);
  EXPECT_EQ(read64(M::kCsrBase + C::kSlots), pops::sorting_slots({64, 4}));
  EXPECT_EQ(read32(M::kCsrBase + C::kDelivered), 256u);
  EXPECT_EQ(read32(M::kCsrBase + C::kErrors), 0u);
  for (const Packet& p : packets) {
    EXPECT_EQ(read32(M::ni(p.destination) + N::kRxCount), 1u);
    unsigned char rx[N::kRxBytes];
    ASSERT_EQ(read(M::ni(p.destination) + N::kRxPacket, rx, sizeof rx), tlm::TLM_OK_RESPONSE);
    EXPECT_EQ(get_value<std::uint32_t>(rx + 0), p.source);
    EXPECT_EQ(get_value<std::uint64_t>(rx + 8), p.payload);
  }
}

// ---- the comparison with the built-in driver (no simulation) -----------------------------------

struct ComparedRuns {
  VpRunResult vp;
  PopsRunResult reference;
  std::vector<Packet> expected;
  std::vector<std::uint64_t> slots;  ///< the built-in delivery slot of each packet
};

ComparedRuns agreeing_runs() {
  ComparedRuns c;
  c.expected = {Packet{0, 0, 2, 100}, Packet{1, 1, 0, 101}, Packet{2, 2, 1, 102}};
  c.reference.slots = c.vp.slots = 15;
  c.reference.packets = c.vp.packets = 3;
  c.reference.delivered = c.vp.delivered = 3;
  c.reference.collisions = c.vp.collisions = 4;
  c.vp.status = C::kStatusDone;
  c.vp.received.resize(3);
  for (const Packet& p : c.expected) c.vp.received[p.destination].push_back(RxRecord{p, 7, 0});
  c.slots.assign(c.expected.size(), 7);
  return c;
}

TEST(TlmCompareRuns, AgreeingRunsHaveNoDifferences) {
  const ComparedRuns c = agreeing_runs();
  EXPECT_TRUE(compare_runs(c.vp, c.reference, c.expected, c.slots).empty());
}

TEST(TlmCompareRuns, EveryKindOfDifferenceIsFound) {
  {
    ComparedRuns c = agreeing_runs();
    c.vp.slots = 20;
    EXPECT_EQ(compare_runs(c.vp, c.reference, c.expected, c.slots).size(), 1u) << "slots";
  }
  {
    ComparedRuns c = agreeing_runs();
    c.vp.collisions = 5;
    EXPECT_EQ(compare_runs(c.vp, c.reference, c.expected, c.slots).size(), 1u) << "collisions";
  }
  {
    ComparedRuns c = agreeing_runs();
    c.vp.received[2][0].packet.payload ^= 1;
    EXPECT_EQ(compare_runs(c.vp, c.reference, c.expected, c.slots).size(), 1u) << "payload";
  }
  {
    ComparedRuns c = agreeing_runs();
    c.vp.received[1].push_back(c.vp.received[1][0]);
    EXPECT_EQ(compare_runs(c.vp, c.reference, c.expected, c.slots).size(), 1u) << "a duplicate";
  }
  {
    ComparedRuns c = agreeing_runs();
    std::swap(c.vp.received[0], c.vp.received[1]);
    EXPECT_EQ(compare_runs(c.vp, c.reference, c.expected, c.slots).size(), 2u) << "wrong nodes";
  }
  {
    ComparedRuns c = agreeing_runs();
    c.vp.received[0][0].slot = 16;
    EXPECT_EQ(compare_runs(c.vp, c.reference, c.expected, c.slots).size(), 2u)
        << "after the end, and not the built-in slot";
  }
  {
    ComparedRuns c = agreeing_runs();
    c.vp.received[0][0].slot = 6;
    EXPECT_EQ(compare_runs(c.vp, c.reference, c.expected, c.slots).size(), 1u)
        << "a delivery one slot early";
  }
  {
    ComparedRuns c = agreeing_runs();
    c.vp.status = 0;
    c.vp.bus_errors.push_back("read at 0x0: ADDRESS_ERROR");
    EXPECT_EQ(compare_runs(c.vp, c.reference, c.expected, c.slots).size(), 2u)
        << "no DONE, bus error";
  }
}

}  // namespace
