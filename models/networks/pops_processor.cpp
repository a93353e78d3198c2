#include "models/networks/pops_processor.h"

#include <stdexcept>
#include <string>

namespace optinet::pops {

PopsProcessor::PopsProcessor(const sc_core::sc_module_name& name, const PopsProcessorConfig& config)
    : Processor(name, ProcessorConfig{config.id, config.slot_wiring}),
      shape_(config.shape),
      protocol_(config.protocol),
      fibres_(config.fibres) {
  if (fibres_ == nullptr) throw std::invalid_argument(std::string(this->name()) + ": no fibres");
}

void PopsProcessor::run_protocol() {
  received_.reset();
  listened_ = false;
  transmitted_in_slot_ = ~std::uint64_t{0};
  if (protocol_ == nullptr) SC_REPORT_ERROR(name(), "no protocol set");
  protocol_->run(*this);
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
