#include "models/pops/pops_processor.h"

#include <memory>
#include <stdexcept>
#include <string>

namespace optinet::pops {

PopsProcessor::PopsProcessor(const sc_core::sc_module_name& name, const PopsProcessorConfig& config)
    : Processor(name, ProcessorConfig{config.id, config.slot_wiring}),
      shape_(config.shape),
      protocol_(config.protocol),
      fibres_(config.fibres),
      control_(config.control) {
  if (fibres_ == nullptr) throw std::invalid_argument(std::string(this->name()) + ": no fibres");
}

void PopsProcessor::run_protocol() {
  received_.reset();
  listened_ = false;
  transmitted_in_slot_ = ~std::uint64_t{0};
  if (protocol_ == nullptr) SC_REPORT_ERROR(name(), "no protocol set");
  std::unique_ptr<PopsNodeSteps> steps = protocol_->steps(*this);
  if (!steps) {
    protocol_->run(*this);
  } else if (stepper_ != nullptr && stepper_->enabled() && steppable()) {
    stepper_->adopt(*this, std::move(steps));
    wait_while_stepped(*stepper_, stepper_->run_over());
  } else {
    run_steps(*this, *steps);
  }
}

void PopsProcessor::transmit(const std::uint32_t* groups, std::size_t count, const Frame& frame) {
  const std::uint64_t now = slot();
  if (transmitted_in_slot_ == now) {
    SC_REPORT_ERROR(name(), ("two transmissions in slot " + std::to_string(now)).c_str());
  }
  transmitted_in_slot_ = now;
  const std::uint32_t local = shape_.index_in_group(id());
  for (std::size_t k = 0; k < count; ++k) {
    if (groups[k] >= shape_.g) SC_REPORT_ERROR(name(), "transmit to a group that does not exist");
    fibres_->drive(groups[k], local, frame, now);
  }
  record_tx(frame.packet.id, now);
}

void PopsProcessor::send_request(const ControlWord& word) {
  if (!has_control_plane()) PopsNodeContext::send_request(word);
  control_.requests->send(shape_.index_in_group(id()), word, slot());
}

void PopsProcessor::send_control(std::uint32_t group, std::uint32_t minislot,
                                 const ControlWord& word) {
  if (!has_control_plane()) PopsNodeContext::send_control(group, minislot, word);
  const std::uint32_t g = shape_.g;
  control_.planes->at(2 * std::size_t{group} + (minislot < g ? 0 : 1))
      ->send(minislot % g, word, slot());
}

bool PopsProcessor::heard_request(std::uint32_t index, ControlWord& out) const {
  if (!has_control_plane()) return PopsNodeContext::heard_request(index, out);
  if (slot() == 0) {
    out.resize(control_.requests->config().word_bits);
    return false;
  }
  return control_.requests->heard(index, slot() - 1, out);
}

bool PopsProcessor::heard_control(std::uint32_t minislot, ControlWord& out) const {
  if (!has_control_plane()) return PopsNodeContext::heard_control(minislot, out);
  const std::uint32_t g = shape_.g;
  const ControlChannel* plane =
      control_.planes->at(2 * std::size_t{shape_.group_of(id())} + (minislot < g ? 0 : 1));
  if (slot() == 0) {
    out.resize(plane->config().word_bits);
    return false;
  }
  return plane->heard(minislot % g, slot() - 1, out);
}

const std::vector<std::uint32_t>& PopsProcessor::derived_from_requests(
    std::uint32_t tag, const ControlDerivation& derivation) {
  if (!has_control_plane()) return PopsNodeContext::derived_from_requests(tag, derivation);
  if (slot() == 0) {
    derivation.derive(derived_);
    return derived_;
  }
  return control_.requests->derived(
      slot() - 1, tag, [&](std::vector<std::uint32_t>& out) { derivation.derive(out); });
}

const std::vector<std::uint32_t>& PopsProcessor::derived_from_claims(
    std::uint32_t tag, const ControlDerivation& derivation) {
  if (!has_control_plane()) return PopsNodeContext::derived_from_claims(tag, derivation);
  if (slot() == 0) {
    derivation.derive(derived_);
    return derived_;
  }
  return control_.planes->at(2 * std::size_t{shape_.group_of(id())})
      ->derived(slot() - 1, tag, [&](std::vector<std::uint32_t>& out) { derivation.derive(out); });
}

void PopsProcessor::listen(std::uint32_t source_group) {
  if (source_group >= shape_.g) SC_REPORT_ERROR(name(), "listen to a group that does not exist");
  listen_group_ = source_group;
  listened_ = true;
  set_listening();
}

void PopsProcessor::start_of_slot() {
  if (!listened_) received_.reset();
  listened_ = false;
}

void PopsProcessor::sample_receiver(std::uint64_t slot) {
  received_ = fibres_->sample(listen_group_, slot);
  if (received_ && lost_at_receiver(*received_, slot)) received_.reset();
  if (received_) record_rx(received_->packet.id, slot);
}

}  // namespace optinet::pops
