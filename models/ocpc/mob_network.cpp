#include "models/ocpc/mob_network.h"

#include <string>

namespace optinet::ocpc {

MobRow::MobRow(const sc_core::sc_module_name& name, std::uint32_t row,
               const OcpcNetworkConfig& config, const BusControl* row_control,
               const std::vector<std::unique_ptr<BusControl>>& column_control,
               const ReceiverSampleIf<Message>& light)
    : sc_core::sc_module(name) {
  const OcpcShape& s = config.shape;
  processors.reserve(s.p);
  const bool pins = config.view == NetworkView::kPins;
  for (std::uint32_t c = 0; pins && c < s.p; ++c) {
    pin_nodes.push_back(std::make_unique<OcpcPinNode>(c, light, clk, s.node(row, c)));
  }
  for (std::uint32_t c = 0; c < s.p; ++c) {
    const std::string proc = "proc" + std::to_string(c);
    OcpcControlWiring wiring;
    if (row_control != nullptr) {
      wiring.request[0] = row_control->request.get();
      wiring.grant[0] = row_control->grant.get();
      wiring.request[1] = column_control.at(c)->request.get();
      wiring.grant[1] = column_control.at(c)->grant.get();
    }
    const OcpcProcessorConfig processor{
        s.node(row, c), s, config.h, config.protocol, SlotWiring{&clk, &control}, wiring};
    if (pins) {
      processors.push_back(pin_nodes[c]->build_processor(c, processor, 2, clk));
    } else {
      processors.emplace_back(std::make_unique<OcpcProcessor>(proc.c_str(), processor));
    }
  }
}

MobRow::~MobRow() {
  while (!processors.empty()) processors.pop_back();
  while (!pin_nodes.empty()) pin_nodes.pop_back();
}

MobNetwork::MobNetwork(const sc_core::sc_module_name& name, const OcpcNetworkConfig& config)
    : sc_core::sc_module(name),
      shape_(config.shape),
      view_(config.view),
      receivers_("receivers", config.shape.n()) {
  const std::uint32_t p = shape_.p;
  const bool pins = view_ == NetworkView::kPins;
  // A bus of the pins view has pins for its p transmitters and tells the receivers it lit.
  auto bus = [&](const std::string& name,
                 const OpticalBusConfig& c) -> std::unique_ptr<MessageBus> {
    if (pins) return std::make_unique<OcpcPinBus>(name.c_str(), c, &control, &receivers_by_node_);
    return std::make_unique<MessageBus>(name.c_str(), c);
  };
  for (std::uint32_t k = 0; k < p; ++k) {
    row_buses_.push_back(bus("row_bus" + std::to_string(k), {p, shape_.node(k, 0), 1}));
    column_buses_.push_back(bus("col_bus" + std::to_string(k), {p, shape_.node(0, k), p}));
  }
  for (MessageBus* bus : buses()) {
    bus->clk(clk);
    bus->receivers(receivers_);
  }
  if (config.control_plane) {
    for (std::uint32_t k = 0; k < p; ++k) {
      row_control_.push_back(std::make_unique<BusControl>("row_bus" + std::to_string(k), p, clk));
      column_control_.push_back(
          std::make_unique<BusControl>("col_bus" + std::to_string(k), p, clk));
    }
  }
  rows_.reserve(p);
  for (std::uint32_t r = 0; r < p; ++r) {
    const std::string row = "row" + std::to_string(r);
    rows_.emplace_back(std::make_unique<MobRow>(
        row.c_str(), r, config, row_control_.empty() ? nullptr : row_control_[r].get(),
        column_control_, receivers_));
    rows_.back()->clk(clk);
    rows_.back()->control(control);
    for (std::uint32_t c = 0; c < p; ++c) {
      if (pins) {  // its transmitter 0 is the row bus's input c, 1 the column bus's input r
        OcpcPinNode& node = *rows_.back()->pin_nodes[c];
        static_cast<OcpcPinBus&>(*row_buses_[r]).transmitters[c]->bind(*node.tx_wires[0]);
        static_cast<OcpcPinBus&>(*column_buses_[c]).transmitters[r]->bind(*node.tx_wires[1]);
        receivers_by_node_.push_back(node.receiver.get());
        continue;
      }
      OcpcProcessor& proc = *rows_.back()->processors[c];
      proc.tx(row_buses_[r]->inputs);     // tx[0]
      proc.tx(column_buses_[c]->inputs);  // tx[1]
      proc.rx(receivers_);
    }
  }
  acks_ = make_hardware_acks(*this);
}

void MobNetwork::trace_pins(NodeId i, sc_core::sc_trace_file* tf) {
  if (view_ != NetworkView::kPins) return;
  MobRow& row = *rows_.at(shape_.row(i));
  row.pin_nodes.at(shape_.column(i))->trace(tf, row.processors.at(shape_.column(i))->name());
}

std::vector<MessageBus*> MobNetwork::buses() {
  std::vector<MessageBus*> all;
  for (auto& b : row_buses_) all.push_back(b.get());
  for (auto& b : column_buses_) all.push_back(b.get());
  return all;
}

std::vector<ControlChannel*> MobNetwork::control_channels() {
  std::vector<ControlChannel*> all;
  for (auto* side : {&row_control_, &column_control_}) {
    for (auto& c : *side) {
      all.push_back(c->request.get());
      all.push_back(c->grant.get());
    }
  }
  return all;
}

MobNetwork::~MobNetwork() {
  while (!rows_.empty()) rows_.pop_back();
  while (!column_control_.empty()) column_control_.pop_back();
  while (!row_control_.empty()) row_control_.pop_back();
  while (!column_buses_.empty()) column_buses_.pop_back();
  while (!row_buses_.empty()) row_buses_.pop_back();
}

}  // namespace optinet::ocpc
