#include "models/mesh/mesh_processor.h"

#include <algorithm>

namespace optinet::mesh {

namespace {
constexpr std::size_t kThreadStackBytes = 64 * 1024;
}

MeshProcessor::MeshProcessor(const sc_core::sc_module_name& name, const MeshProcessorConfig& config)
    : sc_core::sc_module(name),
      config_(config),
      coord_(MeshGeometry{config.indexing->n()}.coord_of(config.node)) {
  OPTINET_HAS_PROCESS(MeshProcessor);
  SC_THREAD(thread);
  set_stack_size(kThreadStackBytes);
}

void MeshProcessor::thread() {
  while (true) {
    wait(control->start_event());
    rng_ = Rng::node_stream(control->run_seed(), config_.node);
    try {
      config_.protocol->run(*this);
      set_phase(Phase::kIdle, 0);
      control->node_finished();
    } catch (const RunAborted&) {
      set_phase(Phase::kIdle, 0);
    }
  }
}

MeshMsg MeshProcessor::receive() {
  MeshMsg m;
  while (!config_.port->take(config_.node, m)) {
    // A slot alarm far ahead also wakes a processor whose run is being aborted.
    const std::uint64_t alarm = control->current_slot() + RunControlIf::kSlotEvents - 1;
    wait(config_.port->delivery_event(config_.node) | control->slot_event(alarm));
    if (control->abort_requested()) throw RunAborted{};
  }
  return m;
}

void MeshProcessor::set_phase(Phase p, std::uint32_t level) {
  phase_ = static_cast<unsigned char>(p);
  level_ = level;
}

void MeshProcessor::trace(sc_core::sc_trace_file* tf) {
  const std::string base = name();
  sc_core::sc_trace(tf, phase_, base + ".phase", 4);
  sc_core::sc_trace(tf, level_, base + ".level", 4);
}

}  // namespace optinet::mesh
