#include "models/tlm/tlm_pops_system.h"

#include <stdexcept>

#include "models/tlm/tlm_register_map.h"

namespace optinet {

namespace {

const std::vector<RegisterSpec>& csr_register_map() {
  using R = CsrRegisters;
  static const std::vector<RegisterSpec> map = {
      {R::kControl, 4, false, true, "CONTROL"},
      {R::kStatus, 4, true, false, "STATUS"},
      {R::kSeed, 8, true, true, "SEED"},
      {R::kMaxSlots, 8, true, true, "MAX_SLOTS"},
      {R::kSlots, 8, true, false, "SLOTS"},
      {R::kPackets, 4, true, false, "PACKETS"},
      {R::kDelivered, 4, true, false, "DELIVERED"},
      {R::kCollisions, 8, true, false, "COLLISIONS"},
      {R::kRuns, 8, true, false, "RUNS"},
      {R::kShape, 8, true, false, "SHAPE"},
      {R::kErrors, 4, true, false, "ERRORS"},
  };
  return map;
}

}  // namespace

NetworkInterfaceGroup::NetworkInterfaceGroup(const sc_core::sc_module_name& name,
                                             std::uint32_t group, const PopsTlmSystemConfig& config)
    : sc_core::sc_module(name) {
  const pops::PopsShape& s = config.shape;
  interfaces.reserve(s.d);
  for (std::uint32_t k = 0; k < s.d; ++k) {
    const std::string proc = "proc" + std::to_string(k);
    interfaces.emplace_back(std::make_unique<NetworkInterface>(
        proc.c_str(),
        NetworkInterfaceConfig{s.node(group, k), s.n(), config.rx_depth, config.access_latency}));
  }
}

// Reverse creation order keeps SystemC's teardown linear (see PopsGroup).
NetworkInterfaceGroup::~NetworkInterfaceGroup() {
  while (!interfaces.empty()) interfaces.pop_back();
}

NetworkInterfaceScope::NetworkInterfaceScope(const sc_core::sc_module_name& name,
                                             const PopsTlmSystemConfig& config)
    : sc_core::sc_module(name) {
  groups.reserve(config.shape.g);
  for (std::uint32_t b = 0; b < config.shape.g; ++b) {
    const std::string group = "group" + std::to_string(b);
    groups.emplace_back(std::make_unique<NetworkInterfaceGroup>(group.c_str(), b, config));
  }
}

NetworkInterfaceScope::~NetworkInterfaceScope() {
  while (!groups.empty()) groups.pop_back();
}

PopsTlmSystem::PopsTlmSystem(const sc_core::sc_module_name& name, const PopsTlmSystemConfig& config)
    : sc_core::sc_module(name),
      config_(config),
      clock_("clk", config.period),
      control_("control", config.period),
      network_("network", pops::PopsNetworkConfig{config.shape, config.protocol}),
      interfaces_("ni", config),
      max_slots_(config.max_slots) {
  if (config.protocol == nullptr) throw std::invalid_argument("PopsTlmSystem: no protocol");
  network_.clk(clock_);
  network_.control(control_);
  control_.clk(clock_);
  control_.set_sink(this);
  const pops::PopsShape& s = config.shape;
  for (std::uint32_t b = 0; b < s.g; ++b) {
    for (std::uint32_t a = 0; a < s.g; ++a) network_.coupler(b, a).set_observer(&tally_);
  }
  csr.register_b_transport(this, &PopsTlmSystem::b_transport);
  csr.register_transport_dbg(this, &PopsTlmSystem::transport_dbg);
  SC_METHOD(drive_irq);
  sensitive << irq_change_;
  dont_initialize();
  SC_METHOD(on_run_done);
  sensitive << control_.run_done_event();
  dont_initialize();
}

PopsTlmSystem::~PopsTlmSystem() = default;

void PopsTlmSystem::deliver(NodeId node, const Packet& packet, std::uint64_t slot) {
  if (checker_ != nullptr) checker_->deliver(node, packet, slot);
  ++delivered_;
  if (node < config_.shape.n()) ni(node).deliver(packet, slot, control_.run_index());
}

void PopsTlmSystem::set_irq(bool level) {
  irq_level_ = level;
  irq_change_.notify(sc_core::SC_ZERO_TIME);
}

void PopsTlmSystem::drive_irq() {
  if (irq.size() > 0) irq->write(irq_level_);
}

bool PopsTlmSystem::start_run(const sc_core::sc_time& delay) {
  if (!control_.idle()) return false;
  const std::uint32_t n = config_.shape.n();
  // The host checks that the queued packets form a partial permutation (no destination twice)
  // before any leaves its interface: the protocols route permutations only.
  std::vector<bool> destination_used(n, false);
  for (NodeId i = 0; i < n; ++i) {
    if (!ni(i).queued()) continue;
    const NodeId to = ni(i).queued()->destination;
    if (to >= n || destination_used[to]) return false;
    destination_used[to] = true;
  }

  std::vector<Packet> packets;
  for (NodeId i = 0; i < n; ++i) {
    const std::optional<Packet> p = ni(i).take_tx();
    if (p) packets.push_back(*p);
    network_.processor(i).load(p ? std::vector<Packet>{*p} : std::vector<Packet>{});
  }
  config_.protocol->plan(packets);  // offline protocols: the planner, outside the nodes
  if (checker_ != nullptr) checker_->expect(packets);
  packets_ = packets.size();
  delivered_ = 0;
  tally_.reset();
  network_.reset_media();
  done_ = false;
  set_irq(false);
  control_.start(RunPlan{seed_, runs_started_++, max_slots_, n}, delay);
  return true;
}

void PopsTlmSystem::on_run_done() {
  if (checker_ != nullptr) checker_->finish();
  outcome_ = control_.last_outcome();
  collisions_ = tally_.total();
  errors_ = checker_ != nullptr ? checker_->violations() : 0;
  ++runs_completed_;
  done_ = true;
  set_irq(true);
  done_event_.notify(sc_core::SC_ZERO_TIME);
}

void PopsTlmSystem::read_register(std::uint64_t offset, unsigned char* data) const {
  using R = CsrRegisters;
  switch (offset) {
    case R::kStatus: {
      std::uint32_t s = 0;
      if (!control_.idle()) s |= R::kStatusBusy;
      if (done_) s |= R::kStatusDone;
      if (done_ && outcome_.hit_limit) s |= R::kStatusLimit;
      if (done_ && errors_ != 0) s |= R::kStatusError;
      put_value<std::uint32_t>(data, s);
      return;
    }
    case R::kSeed:
      put_value<std::uint64_t>(data, seed_);
      return;
    case R::kMaxSlots:
      put_value<std::uint64_t>(data, max_slots_);
      return;
    case R::kSlots:
      put_value<std::uint64_t>(data, outcome_.slots);
      return;
    case R::kPackets:
      put_value<std::uint32_t>(data, static_cast<std::uint32_t>(packets_));
      return;
    case R::kDelivered:
      put_value<std::uint32_t>(data, static_cast<std::uint32_t>(delivered_));
      return;
    case R::kCollisions:
      put_value<std::uint64_t>(data, collisions_);
      return;
    case R::kRuns:
      put_value<std::uint64_t>(data, runs_completed_);
      return;
    case R::kShape:
      put_value<std::uint32_t>(data, config_.shape.d);
      put_value<std::uint32_t>(data + 4, config_.shape.g);
      return;
    case R::kErrors:
      put_value<std::uint32_t>(data, static_cast<std::uint32_t>(errors_));
      return;
  }
}

void PopsTlmSystem::b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay) {
  using R = CsrRegisters;
  delay += config_.access_latency;
  const auto index = decode_access(trans, csr_register_map());
  if (!index) return;
  const std::uint64_t offset = csr_register_map()[*index].offset;
  const unsigned char* data = trans.get_data_ptr();
  bool ok = true;
  if (trans.is_read()) {
    read_register(offset, trans.get_data_ptr());
  } else if (trans.is_write() && offset == R::kControl) {
    const std::uint32_t bits = get_value<std::uint32_t>(data);
    if (bits & (R::kControlStart | R::kControlFlush)) ok = control_.idle();
    if (ok && (bits & R::kControlFlush)) {
      for (NodeId i = 0; i < config_.shape.n(); ++i) ni(i).take_tx();
    }
    if (ok && (bits & R::kControlStart)) ok = start_run(delay);
  } else if (trans.is_write() && offset == R::kSeed) {
    seed_ = get_value<std::uint64_t>(data);
  } else if (trans.is_write() && offset == R::kMaxSlots) {
    const std::uint64_t limit = get_value<std::uint64_t>(data);
    ok = limit > 0;
    if (ok) max_slots_ = limit;
  }
  trans.set_response_status(ok ? tlm::TLM_OK_RESPONSE : tlm::TLM_GENERIC_ERROR_RESPONSE);
}

unsigned PopsTlmSystem::transport_dbg(tlm::tlm_generic_payload& trans) {
  const auto index = decode_debug_access(trans, csr_register_map());
  if (!index || !trans.is_read()) return 0;  // debug writes are not supported
  const RegisterSpec& reg = csr_register_map()[*index];
  read_register(reg.offset, trans.get_data_ptr());
  return reg.width;
}

}  // namespace optinet
