#include "models/mesh/mesh_pin_router.h"

#include <string>

namespace optinet::mesh {

MeshPinRouter::MeshPinRouter(const sc_core::sc_module_name& name, const MeshPinRouterConfig& config)
    : sc_core::sc_module(name), config_(config), wake_("wake") {
  for (std::uint32_t d = 0; d < kDirs; ++d) {
    const std::string dir = dir_name(d);
    if (config.geometry.has_link(config.node, d)) {
      out[d] = std::make_unique<MeshLanePins<Out>>("out_" + dir + "_");
      out_occupancy[d] =
          std::make_unique<sc_core::sc_in<std::uint32_t>>(("out_" + dir + "_occupancy").c_str());
    }
    // Packets travelling in direction d arrive from the neighbour on the opposite side.
    if (config.geometry.has_link(config.node, d ^ 1u)) {
      in[d] = std::make_unique<MeshLanePins<In>>("in_" + dir + "_");
      in_occupancy[d] =
          std::make_unique<sc_core::sc_out<std::uint32_t>>(("in_" + dir + "_occupancy").c_str());
    }
  }
  for (std::uint32_t lane = 0; lane < kInputs; ++lane) {
    const std::string l = lane_name(lane);
    offer[lane] = std::make_unique<MeshLanePins<In>>("offer_" + l + "_");
    take[lane] = std::make_unique<sc_core::sc_out<bool>>(("take_" + l).c_str());
    eject[lane] = std::make_unique<MeshLanePins<Out>>("eject_" + l + "_");
  }
  SC_METHOD(step);
  sensitive << wake_;
  dont_initialize();
  SC_METHOD(accept);
  for (std::uint32_t d = 0; d < kDirs; ++d)
    if (in[d]) sensitive << in[d]->valid.pos();
  for (std::uint32_t lane = 0; lane < kInputs; ++lane) sensitive << offer[lane]->valid.pos();
  dont_initialize();
}

void MeshPinRouter::step() {
  switch (phase_) {
    case Phase::kIdle:  // woken by a packet (high half of the clock) or an offer
      waking_ = false;
      phase_ = clk.read() ? Phase::kFalling : Phase::kRising;
      sc_core::next_trigger(clk.read() ? clk.negedge_event() : clk.posedge_event());
      return;
    case Phase::kRising:
      decide();
      phase_ = Phase::kFalling;
      sc_core::next_trigger(clk.negedge_event());
      return;
    case Phase::kFalling:
      lower();
      if (holds()) {
        phase_ = Phase::kRising;
        sc_core::next_trigger(clk.posedge_event());
      } else {
        phase_ = Phase::kIdle;
        sc_core::next_trigger();  // static sensitivity: the next packet or offer
      }
      return;
  }
}

void MeshPinRouter::decide() {
  const MeshMsg* heads[kDirs];
  for (std::uint32_t d = 0; d < kDirs; ++d)
    heads[d] = buffer_[d].empty() ? nullptr : &buffer_[d].front();
  MeshMsg offered[kInputs];
  OutboxOffer offers;
  for (std::uint32_t lane = 0; lane < kInputs; ++lane) {
    if (!offer[lane]->valid.read()) continue;
    offered[lane] = offer[lane]->read();
    offers.msg[lane] = &offered[lane];
    offers.key[lane] = {offered[lane].priority, offered[lane].id};
  }
  std::uint32_t occupancy[kDirs];
  for (std::uint32_t d = 0; d < kDirs; ++d)
    occupancy[d] = out_occupancy[d] ? out_occupancy[d]->read() : 0;
  moves_.clear();
  arbitrate(config_.geometry, config_.node, heads, offers, occupancy, config_.buffers, round_robin_,
            moves_);
  for (const MeshMove& mv : moves_) {
    MeshMsg m;
    if (mv.input == kOutbox) {
      m = offered[mv.out];
      take[mv.out]->write(true);
    } else {
      m = buffer_[mv.input].front();
      buffer_[mv.input].pop_front();
      drive_occupancy(mv.input);
    }
    if (mv.out == kDirs)
      eject[kOutbox]->write(m);
    else
      out[mv.out]->write(m);
  }
}

void MeshPinRouter::accept() {
  for (std::uint32_t d = 0; d < kDirs; ++d) {
    if (!in[d] || !in[d]->valid.posedge()) continue;
    const MeshMsg m = in[d]->read();
    if (config_.geometry.route(config_.node, m) == kDirs) {
      eject[d]->write(m);  // the processor's memory always accepts
      continue;
    }
    buffer_[d].push_back(m);
    if (buffer_[d].size() > max_occupancy_[d])
      max_occupancy_[d] = static_cast<std::uint32_t>(buffer_[d].size());
    drive_occupancy(d);
  }
  if (phase_ == Phase::kIdle && !waking_) {
    waking_ = true;
    wake_.notify(sc_core::SC_ZERO_TIME);
  }
}

void MeshPinRouter::lower() {
  for (std::uint32_t lane = 0; lane < kInputs; ++lane) {
    if (lane < kDirs && out[lane] && out[lane]->valid.read()) out[lane]->valid.write(false);
    if (take[lane]->read()) take[lane]->write(false);
    if (eject[lane]->valid.read()) eject[lane]->valid.write(false);
  }
}

bool MeshPinRouter::holds() const {
  for (std::uint32_t d = 0; d < kDirs; ++d)
    if (!buffer_[d].empty()) return true;
  for (std::uint32_t lane = 0; lane < kInputs; ++lane)
    if (offer[lane]->valid.read()) return true;
  return false;
}

void MeshPinRouter::drive_occupancy(std::uint32_t d) {
  in_occupancy[d]->write(static_cast<std::uint32_t>(buffer_[d].size()));
}

std::uint64_t MeshPinRouter::buffered() const {
  std::uint64_t count = 0;
  for (const auto& b : buffer_) count += b.size();
  return count;
}

void MeshPinRouter::reset() {
  for (auto& m : max_occupancy_) m = 0;
}

void MeshPinRouter::discard() {
  for (std::uint32_t d = 0; d < kDirs; ++d) {
    buffer_[d].clear();
    if (in_occupancy[d]) drive_occupancy(d);
  }
}

}  // namespace optinet::mesh
