#include "models/tlm/tlm_network_interface.h"

namespace optinet {

namespace {

const std::vector<RegisterSpec>& ni_register_map() {
  using R = NiRegisters;
  static const std::vector<RegisterSpec> map = {
      {R::kTxPacket, R::kTxBytes, false, true, "TX_PACKET"},
      {R::kRxPacket, R::kRxBytes, true, false, "RX_PACKET"},
      {R::kStatus, 4, true, false, "STATUS"},
      {R::kRxCount, 4, true, false, "RX_COUNT"},
      {R::kNodeId, 4, true, false, "NODE_ID"},
      {R::kNodes, 4, true, false, "NODES"},
  };
  return map;
}

}  // namespace

NetworkInterface::NetworkInterface(const sc_core::sc_module_name& name,
                                   const NetworkInterfaceConfig& config)
    : sc_core::sc_module(name), config_(config) {
  socket.register_b_transport(this, &NetworkInterface::b_transport);
  socket.register_transport_dbg(this, &NetworkInterface::transport_dbg);
}

std::optional<Packet> NetworkInterface::take_tx() {
  std::optional<Packet> packet = tx_;
  tx_.reset();
  return packet;
}

void NetworkInterface::deliver(const Packet& packet, std::uint64_t slot, std::uint64_t run) {
  if (rx_.size() >= config_.rx_depth) {
    rx_overflow_ = true;
    return;
  }
  rx_.push_back(RxRecord{packet, slot, run});
}

std::uint32_t NetworkInterface::status() const {
  std::uint32_t s = 0;
  if (tx_) s |= NiRegisters::kStatusTxFull;
  if (!rx_.empty()) s |= NiRegisters::kStatusRxValid;
  if (rx_overflow_) s |= NiRegisters::kStatusRxOverflow;
  return s;
}

void NetworkInterface::read_register(std::uint64_t offset, unsigned char* data, bool pop) {
  using R = NiRegisters;
  switch (offset) {
    case R::kRxPacket: {
      std::memset(data, 0, R::kRxBytes);
      if (rx_.empty()) return;
      const RxRecord& r = rx_.front();
      put_value<std::uint32_t>(data + 0, r.packet.source);
      put_value<std::uint32_t>(data + 4, r.packet.id);
      put_value<std::uint64_t>(data + 8, r.packet.payload);
      put_value<std::uint64_t>(data + 16, r.slot);
      put_value<std::uint32_t>(data + 24, R::kRxFlagValid);
      put_value<std::uint32_t>(data + 28, static_cast<std::uint32_t>(r.run));
      if (pop) rx_.pop_front();
      return;
    }
    case R::kStatus:
      put_value<std::uint32_t>(data, status());
      return;
    case R::kRxCount:
      put_value<std::uint32_t>(data, static_cast<std::uint32_t>(rx_.size()));
      return;
    case R::kNodeId:
      put_value<std::uint32_t>(data, config_.node);
      return;
    case R::kNodes:
      put_value<std::uint32_t>(data, config_.nodes);
      return;
  }
}

void NetworkInterface::b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay) {
  delay += config_.access_latency;
  const auto index = decode_access(trans, ni_register_map());
  if (!index) return;
  const RegisterSpec& reg = ni_register_map()[*index];
  if (trans.is_read()) {
    read_register(reg.offset, trans.get_data_ptr(), true);
  } else if (trans.is_write()) {  // TX_PACKET, the only writable register
    const unsigned char* data = trans.get_data_ptr();
    const std::uint64_t destination = get_value<std::uint64_t>(data);
    if (tx_ || destination >= config_.nodes) {
      trans.set_response_status(tlm::TLM_GENERIC_ERROR_RESPONSE);
      return;
    }
    tx_ = Packet{config_.node, config_.node, static_cast<NodeId>(destination),
                 get_value<std::uint64_t>(data + 8)};
  }
  trans.set_response_status(tlm::TLM_OK_RESPONSE);
}

unsigned NetworkInterface::transport_dbg(tlm::tlm_generic_payload& trans) {
  const auto index = decode_debug_access(trans, ni_register_map());
  if (!index || !trans.is_read()) return 0;  // debug writes are not supported
  const RegisterSpec& reg = ni_register_map()[*index];
  read_register(reg.offset, trans.get_data_ptr(), false);
  return reg.width;
}

}  // namespace optinet
