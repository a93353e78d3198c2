#include "testbenches/tlm/tlm_virtual_platform.h"

#include <algorithm>
#include <map>
#include <tuple>

#include "models/tlm/tlm_register_map.h"

namespace optinet {

namespace {
const char* response_name(tlm::tlm_response_status s) {
  switch (s) {
    case tlm::TLM_OK_RESPONSE:
      return "OK";
    case tlm::TLM_INCOMPLETE_RESPONSE:
      return "INCOMPLETE";
    case tlm::TLM_GENERIC_ERROR_RESPONSE:
      return "GENERIC_ERROR";
    case tlm::TLM_ADDRESS_ERROR_RESPONSE:
      return "ADDRESS_ERROR";
    case tlm::TLM_COMMAND_ERROR_RESPONSE:
      return "COMMAND_ERROR";
    case tlm::TLM_BURST_ERROR_RESPONSE:
      return "BURST_ERROR";
    case tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE:
      return "BYTE_ENABLE_ERROR";
  }
  return "?";
}

PopsTlmSystemConfig with_protocol(PopsTlmSystemConfig config, pops::PopsProtocol* protocol) {
  config.protocol = protocol;
  return config;
}
}  // namespace

std::vector<Packet> reference_packets(const VirtualPlatformConfig& config, std::uint64_t seed) {
  return permutation_packets(config.traffic, config.file_permutation, config.system.shape.n(),
                             seed);
}

TrafficProcessor::TrafficProcessor(const sc_core::sc_module_name& name,
                                   const VirtualPlatformConfig& config)
    : sc_core::sc_module(name), config_(config) {
  tlm_utils::tlm_quantumkeeper::set_global_quantum(config.quantum);
  quantum_keeper_.reset();
  SC_THREAD(thread);
}

void TrafficProcessor::run_jobs(const std::vector<std::uint64_t>& seeds) {
  jobs_ = seeds;
  results_.clear();
  jobs_ready_.notify(sc_core::SC_ZERO_TIME);
}

void TrafficProcessor::thread() {
  while (true) {
    wait(jobs_ready_);
    for (std::uint64_t seed : jobs_) results_.push_back(run_one(seed));
    quantum_keeper_.sync();
    sc_core::sc_pause();
  }
}

tlm::tlm_response_status TrafficProcessor::transport(tlm::tlm_command command,
                                                     std::uint64_t address, unsigned char* data,
                                                     unsigned length, sc_core::sc_time& delay,
                                                     unsigned char* byte_enables,
                                                     unsigned streaming_width) {
  tlm::tlm_generic_payload trans;
  trans.set_command(command);
  trans.set_address(address);
  trans.set_data_ptr(data);
  trans.set_data_length(length);
  trans.set_streaming_width(streaming_width == 0 ? length : streaming_width);
  trans.set_byte_enable_ptr(byte_enables);
  trans.set_byte_enable_length(byte_enables == nullptr ? 0 : length);
  trans.set_dmi_allowed(false);
  trans.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  socket->b_transport(trans, delay);
  return trans.get_response_status();
}

unsigned TrafficProcessor::debug_read(std::uint64_t address, unsigned char* data, unsigned length) {
  tlm::tlm_generic_payload trans;
  trans.set_command(tlm::TLM_READ_COMMAND);
  trans.set_address(address);
  trans.set_data_ptr(data);
  trans.set_data_length(length);
  return socket->transport_dbg(trans);
}

bool TrafficProcessor::access(tlm::tlm_command command, std::uint64_t address, unsigned char* data,
                              unsigned length, VpRunResult& result) {
  sc_core::sc_time delay = quantum_keeper_.get_local_time();
  const tlm::tlm_response_status status = transport(command, address, data, length, delay);
  quantum_keeper_.set(delay);
  if (quantum_keeper_.need_sync()) quantum_keeper_.sync();
  if (status == tlm::TLM_OK_RESPONSE) return true;
  result.bus_errors.push_back(std::string(command == tlm::TLM_READ_COMMAND ? "read" : "write") +
                              " at 0x" + sc_dt::sc_uint<64>(address).to_string(sc_dt::SC_HEX) +
                              ": " + response_name(status));
  return false;
}

std::uint32_t TrafficProcessor::read32(std::uint64_t address, VpRunResult& result) {
  unsigned char data[4] = {};
  access(tlm::TLM_READ_COMMAND, address, data, 4, result);
  return get_value<std::uint32_t>(data);
}

std::uint64_t TrafficProcessor::read64(std::uint64_t address, VpRunResult& result) {
  unsigned char data[8] = {};
  access(tlm::TLM_READ_COMMAND, address, data, 8, result);
  return get_value<std::uint64_t>(data);
}

VpRunResult TrafficProcessor::run_one(std::uint64_t seed) {
  using C = CsrRegisters;
  using M = VpMemoryMap;
  VpRunResult r;
  r.seed = seed;
  const std::uint32_t n = config_.system.shape.n();

  // Each source's packet into its network interface, then the run's parameters and START.
  for (const Packet& p : reference_packets(config_, seed)) {
    unsigned char tx[NiRegisters::kTxBytes];
    put_value<std::uint64_t>(tx, p.destination);
    put_value<std::uint64_t>(tx + 8, p.payload);
    access(tlm::TLM_WRITE_COMMAND, M::ni(p.source) + NiRegisters::kTxPacket, tx, sizeof tx, r);
  }
  unsigned char word[8];
  put_value<std::uint64_t>(word, seed);
  access(tlm::TLM_WRITE_COMMAND, M::kCsrBase + C::kSeed, word, 8, r);
  put_value<std::uint32_t>(word, C::kControlStart);
  if (!access(tlm::TLM_WRITE_COMMAND, M::kCsrBase + C::kControl, word, 4, r)) return r;

  // Synchronise (the run starts at our local time, at the earliest), then sleep until the
  // run-done interrupt rises. START lowered it at the call's simulation time, and the run ends at
  // least half a slot after our local time, so the rising edge is still to come.
  quantum_keeper_.sync();
  wait(irq.posedge_event());

  r.status = read32(M::kCsrBase + C::kStatus, r);
  r.slots = read64(M::kCsrBase + C::kSlots, r);
  r.packets = read32(M::kCsrBase + C::kPackets, r);
  r.delivered = read32(M::kCsrBase + C::kDelivered, r);
  r.collisions = read64(M::kCsrBase + C::kCollisions, r);
  r.errors = read32(M::kCsrBase + C::kErrors, r);
  r.received.resize(n);
  for (NodeId i = 0; i < n; ++i) {
    const std::uint32_t waiting = read32(M::ni(i) + NiRegisters::kRxCount, r);
    for (std::uint32_t k = 0; k < waiting; ++k) {
      unsigned char rx[NiRegisters::kRxBytes];
      if (!access(tlm::TLM_READ_COMMAND, M::ni(i) + NiRegisters::kRxPacket, rx, sizeof rx, r)) {
        break;
      }
      if (!(get_value<std::uint32_t>(rx + 24) & NiRegisters::kRxFlagValid)) break;
      RxRecord record;
      record.packet = Packet{get_value<std::uint32_t>(rx + 4), get_value<std::uint32_t>(rx), i,
                             get_value<std::uint64_t>(rx + 8)};
      record.slot = get_value<std::uint64_t>(rx + 16);
      record.run = get_value<std::uint32_t>(rx + 28);
      r.received[i].push_back(record);
    }
  }
  return r;
}

VirtualPlatform::VirtualPlatform(const sc_core::sc_module_name& name,
                                 const VirtualPlatformConfig& config)
    : sc_core::sc_module(name),
      protocol_(pops::protocol_info(config.protocol).make(config.system.shape)),
      cpu("cpu", config),
      bus("bus"),
      pops("pops", with_protocol(config.system, protocol_.get())) {
  pops.attach_checker(&scoreboard);
  cpu.socket.bind(bus.target);
  cpu.irq(irq);
  pops.irq(irq);
  bus.map(pops.csr, VpMemoryMap::kCsrBase, CsrRegisters::kWindow);
  for (NodeId i = 0; i < config.system.shape.n(); ++i) {
    bus.map(pops.ni(i).socket, VpMemoryMap::ni(i), NiRegisters::kWindow);
  }
}

std::vector<std::string> compare_runs(const VpRunResult& vp, const pops::PopsRunResult& reference,
                                      const std::vector<Packet>& expected,
                                      const std::vector<std::uint64_t>& delivery_slots) {
  std::vector<std::string> diffs;
  const auto differ = [&](const char* what, std::uint64_t mine, std::uint64_t theirs) {
    if (mine != theirs) {
      diffs.push_back(std::string(what) + ": platform " + std::to_string(mine) + ", built-in " +
                      std::to_string(theirs));
    }
  };
  differ("slots", vp.slots, reference.slots);
  differ("packets", vp.packets, reference.packets);
  differ("delivered", vp.delivered, reference.delivered);
  differ("collisions", vp.collisions, reference.collisions);
  differ("slot limit", (vp.status & CsrRegisters::kStatusLimit) != 0, reference.hit_limit);
  if (!(vp.status & CsrRegisters::kStatusDone)) diffs.push_back("platform: DONE not set");
  for (const std::string& e : vp.bus_errors) diffs.push_back("platform bus: " + e);
  // The reference's deliveries are known only where its scoreboard passed (all of `expected`).
  if (!reference.ok()) return diffs;

  if (delivery_slots.empty() && !expected.empty()) {
    diffs.push_back("built-in: no delivery slots to compare with");
  }
  // Per node, the packets received against those the reference delivered there.
  std::map<NodeId, std::vector<Packet>> want;
  for (const Packet& p : expected) want[p.destination].push_back(p);
  const auto key = [](const Packet& p) {
    return std::make_tuple(p.id, p.source, p.destination, p.payload);
  };
  for (NodeId i = 0; i < vp.received.size(); ++i) {
    std::vector<Packet> got;
    for (const RxRecord& r : vp.received[i]) {
      got.push_back(r.packet);
      if (r.slot > vp.slots) {
        diffs.push_back("node " + std::to_string(i) + ": delivery in slot " +
                        std::to_string(r.slot) + " of a " + std::to_string(vp.slots) + "-slot run");
      }
      if (r.packet.id < delivery_slots.size() && r.slot != delivery_slots[r.packet.id]) {
        diffs.push_back("packet " + std::to_string(r.packet.id) + ": delivered in slot " +
                        std::to_string(r.slot) + ", built-in in slot " +
                        std::to_string(delivery_slots[r.packet.id]));
      }
    }
    std::vector<Packet> expect = want[i];
    const auto by_key = [&](const Packet& a, const Packet& b) { return key(a) < key(b); };
    std::sort(got.begin(), got.end(), by_key);
    std::sort(expect.begin(), expect.end(), by_key);
    if (got != expect) {
      diffs.push_back("node " + std::to_string(i) + ": received " + std::to_string(got.size()) +
                      " packet(s), expected " + std::to_string(expect.size()) +
                      (got.size() == expect.size() ? " (contents differ)" : ""));
    }
  }
  return diffs;
}

}  // namespace optinet
