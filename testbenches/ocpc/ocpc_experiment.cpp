#include "testbenches/ocpc/ocpc_experiment.h"

#include <algorithm>
#include <stdexcept>

#include "models/ocpc/dmob_network.h"
#include "models/ocpc/mob_network.h"
#include "testbenches/traffic/traffic.h"

namespace optinet::ocpc {

namespace {
bool needs_control_plane(const OcpcExperimentConfig& config) {
  const ocpc::ProtocolInfo* info = ocpc::find_protocol(config.protocol);
  return config.protocol_override == nullptr && info != nullptr && info->control_plane;
}

std::unique_ptr<ocpc::OcpcProtocol> make_protocol(const OcpcExperimentConfig& config) {
  if (config.protocol_override != nullptr) return nullptr;
  const ocpc::ProtocolInfo* info = ocpc::find_protocol(config.protocol);
  if (info == nullptr)
    throw std::invalid_argument("unknown OCPC protocol '" + config.protocol + "'");
  if (!ocpc::runs_on(*info, config.shape.topology))
    throw std::invalid_argument("protocol '" + config.protocol + "' does not run here");
  return info->make(config.shape, config.options);
}
}  // namespace

template <typename Network>
void OcpcExperiment::build(const char* name, const ocpc::OcpcNetworkConfig& net) {
  auto network = std::make_unique<Network>(name, net);
  network->clk(clock_);
  network->control(control_);
  fabric_ = network.get();
  module_ = std::move(network);
}

OcpcExperiment::OcpcExperiment(const OcpcExperimentConfig& config)
    : ExperimentBase(config.period), config_(config), protocol_(make_protocol(config)) {
  const ocpc::OcpcProtocol* protocol =
      config.protocol_override != nullptr ? config.protocol_override : protocol_.get();
  const ocpc::OcpcNetworkConfig net{config.shape, config.h,
                                    protocol,     needs_control_plane(config),
                                    config.view,  config.rtl_receivers};
  if (config.shape.topology == ocpc::Topology::kOcpc) {
    build<ocpc::OcpcNetwork>("ocpc", net);
  } else if (config.shape.topology == ocpc::Topology::kDmob) {
    build<ocpc::DmobNetwork>("dmob", net);
  } else {
    build<ocpc::MobNetwork>("mob", net);
  }
  if (!config_.faults.empty()) inject_faults();
  if (!config.vcd_path.empty()) open_trace();
  if (config.open_loop) {
    host_ = std::make_unique<OpenLoopHost>(*config.open_loop, config.shape.n(), config.max_slots);
    host_->set_window_listener(this);
    for (NodeId i = 0; i < config.shape.n(); ++i) fabric_->processor(i).set_injection(host_.get());
  }
  finish_elaboration();
}

OcpcExperiment::~OcpcExperiment() { discard_trace(); }

void OcpcExperiment::inject_faults() {
  FaultPlan& plan = config_.faults;
  const std::vector<ocpc::MessageBus*> buses = fabric_->buses();
  for (std::size_t k = 0; k < buses.size(); ++k) {
    ocpc::MessageBus& bus = *buses[k];
    // A jammer lights every bus it is attached to (OCPC: the bus; MOB-PC: its row and column).
    int jammer = -1;
    for (std::size_t i = 0; i < plan.faults().size() && jammer < 0; ++i) {
      const Fault& f = plan.faults()[i];
      const OpticalBusConfig& c = bus.config();
      const bool attached = f.first >= c.first && (f.first - c.first) % c.stride == 0 &&
                            (f.first - c.first) / c.stride < c.attached;
      if (f.kind == FaultKind::kJammer && attached) jammer = static_cast<int>(i);
    }
    bus.set_faults(&plan, plan.find_bus(bus.basename()), jammer, k);
  }
  for (NodeId i = 0; i < fabric_->shape().n(); ++i) {
    fabric_->processor(i).set_receiver_fault(&plan, plan.find(FaultKind::kReceiver, i));
  }
  fault_run_.attach(plan, scoreboard_, control_, clock_, fabric_->shape().n());
}

void OcpcExperiment::open_trace() {
  open_trace_file(config_.vcd_path);
  const NodeId last = std::min<NodeId>(config_.trace_last, fabric_->shape().n() - 1);
  for (NodeId i = config_.trace_first; i <= last; ++i) {
    fabric_->processor(i).trace_node(trace_file_, config_.trace_slots);
    fabric_->trace_pins(i, trace_file_);
  }
  for (ocpc::MessageBus* bus : fabric_->buses()) {
    bus->set_input_power_mw(dbm_to_mw(
        link_budget(config_.device, MediumKind::kBus, bus->config().attached).received_power_dbm));
    bus->trace(trace_file_, config_.trace_slots);
  }
  for (ControlChannel* c : fabric_->control_channels()) c->trace(trace_file_, c->name());
}

void OcpcExperiment::check_control(OcpcRunResult& r) const {
  const std::string mismatch = fabric_->take_rtl_mismatch();
  if (!mismatch.empty()) r.errors.push_back(mismatch);
  r.control.clear();
  std::uint64_t control_collisions = 0;
  for (const ControlChannel* c : fabric_->control_channels()) {
    r.control.push_back(c->counters());
    control_collisions += c->counters().collisions;
  }
  if (!needs_control_plane(config_)) return;
  if (r.collisions != 0) {
    r.errors.push_back(std::to_string(r.collisions) +
                       " garbled receiver-slots, which the reservations never allow");
  }
  if (control_collisions != 0) {
    r.errors.push_back(std::to_string(control_collisions) +
                       " control minislots with two senders, which the protocol never allows");
  }
}

OcpcRunResult OcpcExperiment::run(std::uint64_t seed) {
  if (host_) return run_open_loop(seed);
  if (config_.random_function) {
    Rng rng = traffic_rng(seed);
    return run(seed, packets_of(random_function(config_.shape.n(), rng), seed));
  }
  return run(seed, relation_packets(config_.traffic, config_.file_relation, config_.shape.n(),
                                    config_.h, seed));
}

std::vector<std::string> OcpcExperiment::bus_names() {
  std::vector<std::string> names;
  for (ocpc::MessageBus* bus : fabric_->buses()) names.push_back(bus->basename());
  return names;
}

void OcpcExperiment::window_opened(const TraceWindow& window) {
  for (ocpc::MessageBus* bus : fabric_->buses()) bus->count_slots(window);
}

void OcpcExperiment::window_closed(std::uint64_t last_slot) {
  for (ocpc::MessageBus* bus : fabric_->buses()) bus->end_count(last_slot);
}

OcpcRunResult OcpcExperiment::run_open_loop(std::uint64_t seed) {
  const std::uint32_t n = fabric_->shape().n();
  OcpcRunResult r;
  r.seed = seed;
  for (NodeId i = 0; i < n; ++i) fabric_->processor(i).load({});
  fabric_->reset_media();
  const std::uint64_t collisions0 = fabric_->receivers().collisions();
  const std::uint64_t cross_bus0 = fabric_->receivers().cross_bus_collisions();
  const TimedOutcome timed = run_open_loop_armed(*host_, seed, host_->max_slots(), n);
  r.wall_seconds = timed.wall_seconds;
  r.slots = timed.outcome.slots;
  r.steps = r.slots / 2;
  r.open_loop = host_->result();
  r.saturated = r.open_loop->steady.saturated;
  r.packets = r.open_loop->created - r.open_loop->refused;
  r.delivered = r.open_loop->delivered;
  r.collisions = fabric_->receivers().collisions() - collisions0;
  r.cross_bus_collisions = fabric_->receivers().cross_bus_collisions() - cross_bus0;
  for (NodeId i = 0; i < n; ++i) {
    r.max_buffers = std::max(r.max_buffers, fabric_->processor(i).max_buffers());
  }
  for (ocpc::MessageBus* bus : fabric_->buses()) r.buses.push_back(bus->counters());
  r.errors = host_->errors();
  check_control(r);
  return r;
}

OcpcRunResult OcpcExperiment::run(std::uint64_t seed, const std::vector<Packet>& packets) {
  const std::uint32_t n = fabric_->shape().n();
  OcpcRunResult r;
  r.seed = seed;
  scoreboard_.expect(packets);
  std::vector<std::vector<Packet>> loads(n);
  for (const Packet& p : packets) loads.at(p.source).push_back(p);
  for (NodeId i = 0; i < n; ++i) fabric_->processor(i).load(std::move(loads[i]));
  fabric_->reset_media();
  const std::uint64_t collisions0 = fabric_->receivers().collisions();
  const std::uint64_t cross_bus0 = fabric_->receivers().cross_bus_collisions();

  fault_run_.begin(seed);
  const TimedOutcome timed = run_armed(seed, config_.max_slots, n);
  const RunOutcome& outcome = timed.outcome;
  r.wall_seconds = timed.wall_seconds;

  r.slots = outcome.slots;
  r.steps = r.slots / 2;
  r.hit_limit = outcome.hit_limit;
  r.packets = scoreboard_.expected();
  r.delivered = scoreboard_.delivered();
  r.collisions = fabric_->receivers().collisions() - collisions0;
  r.cross_bus_collisions = fabric_->receivers().cross_bus_collisions() - cross_bus0;
  for (NodeId i = 0; i < n; ++i) {
    r.max_buffers = std::max(r.max_buffers, fabric_->processor(i).max_buffers());
    r.fallbacks += fabric_->processor(i).fallbacks();
    r.recoveries += fabric_->processor(i).recoveries();
    r.stuck += fabric_->processor(i).stuck();
    r.max_rounds = std::max(r.max_rounds, fabric_->processor(i).max_rounds());
  }
  r.errors = scoreboard_.errors();
  // Packets stuck after faults lost frames are the faults' losses, which the scoreboard has
  // classified (stopped by, held back by); without a lost frame, stuck is the model's error.
  const bool faults_lost_frames = !config_.faults.empty() && config_.faults.log().any_lost();
  if (r.stuck && !faults_lost_frames) {
    r.errors.push_back(std::to_string(r.stuck) +
                       " packets stuck in the Funnel Algorithm at the round limit");
  }
  r.faults = fault_run_.outcome();
  if (r.hit_limit) {
    r.errors.push_back(slot_limit_error(config_.max_slots, "every node finished"));
  }
  check_control(r);
  return r;
}

}  // namespace optinet::ocpc
