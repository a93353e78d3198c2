#include "models/mesh/mesh_pin_processor.h"

#include <stdexcept>
#include <string>

namespace optinet::mesh {

MeshProcessorConfig MeshPinProcessor::with_port(MeshProcessorConfig config,
                                                MeshPinProcessor& self) {
  config.port = &self;  // only the address: used once the simulation runs
  return config;
}

MeshPinProcessor::MeshPinProcessor(const sc_core::sc_module_name& name, MeshProcessorConfig config,
                                   const MeshPinShared& shared)
    : MeshProcessor(name, with_port(config, *this)),
      shared_(shared),
      delivered_("delivered"),
      outbox_changed_("outbox_changed") {
  for (std::uint32_t lane = 0; lane < kInputs; ++lane) {
    const std::string l = lane_name(lane);
    offer[lane] = std::make_unique<MeshLanePins<Out>>("offer_" + l + "_");
    take_pins[lane] = std::make_unique<sc_core::sc_in<bool>>(("take_" + l).c_str());
    eject[lane] = std::make_unique<MeshLanePins<In>>("eject_" + l + "_");
  }
  SC_METHOD(interface);
  sensitive << outbox_changed_;
  for (std::uint32_t lane = 0; lane < kInputs; ++lane)
    sensitive << take_pins[lane]->pos() << eject[lane]->valid.pos();
  dont_initialize();
}

std::uint64_t MeshPinProcessor::now() const {
  return shared_.control != nullptr ? shared_.control->current_slot() : 0;
}

void MeshPinProcessor::send(std::uint32_t node, MeshMsg m) {
  const std::uint32_t n = shared_.geometry.n;
  if (m.dst.x >= n || m.dst.y >= n) throw std::out_of_range("MeshPinProcessor: no such node");
  const MeshMsg& queued = outbox_.put(m, shared_.geometry.coord_of(node));
  if (shared_.observer != nullptr) shared_.observer->injected(queued, now());
  outbox_changed_.notify(sc_core::SC_ZERO_TIME);
}

bool MeshPinProcessor::take_delivered(MeshMsg& out) {
  if (inbox_.empty()) return false;
  out = inbox_.front();
  inbox_.pop_front();
  return true;
}

void MeshPinProcessor::interface() {
  bool changed = false;
  for (std::uint32_t lane = 0; lane < kInputs; ++lane) {
    if (!take_pins[lane]->posedge() || !offering_[lane]) continue;
    outbox_.take(offered_[lane]);
    changed = true;
  }
  bool got = false;
  for (std::uint32_t k = 0; k < kInputs; ++k) {
    const std::uint32_t lane = k == 0 ? kOutbox : k - 1;  // delivery_rank order
    if (!eject[lane]->valid.posedge()) continue;
    const MeshMsg m = eject[lane]->read();
    inbox_.push_back(m);
    if (shared_.observer != nullptr) shared_.observer->delivered(config().node, m, now());
    got = true;
  }
  if (got) delivered_.notify(sc_core::SC_ZERO_TIME);
  if (changed || outbox_changed_.triggered()) drive_offers();
}

void MeshPinProcessor::drive_offers() {
  const OutboxOffer o = outbox_.offer(shared_.geometry, config().node, shared_.outbox);
  for (std::uint32_t lane = 0; lane < kInputs; ++lane) {
    if (o.msg[lane] == nullptr) {
      if (offering_[lane]) offer[lane]->valid.write(false);
      offering_[lane] = false;
      continue;
    }
    if (offering_[lane] && offered_[lane] == o.key[lane]) continue;
    offer[lane]->write(*o.msg[lane]);
    offered_[lane] = o.key[lane];
    offering_[lane] = true;
  }
}

void MeshPinProcessor::reset() {
  outbox_.reset_sequence();
  inbox_.clear();
}

void MeshPinProcessor::discard() {
  outbox_.clear();
  inbox_.clear();
  drive_offers();
}

}  // namespace optinet::mesh
