#pragma once
/// \file
/// A processor of the synchronizing mesh: one thread that runs the protocol for its node and
/// implements MeshContext on its port to the links (the grouped fabric, or its own pins in
/// the pins view) and the run control.
#include <cstdint>
#include <systemc>

#include "models/core/run_control.h"
#include "models/mesh/mesh_link_layer.h"
#include "models/mesh/mesh_node.h"

namespace optinet::mesh {

struct MeshProcessorConfig {
  std::uint32_t node = 0;
  MeshNodePort* port = nullptr;  ///< read only once the simulation runs
  const MeshIndexing* indexing = nullptr;
  MeshProtocol* protocol = nullptr;
  MeshObserver* observer = nullptr;
};

class MeshProcessor : public sc_core::sc_module, public MeshContext {
 public:
  sc_core::sc_port<RunControlIf> control{"control"};

  MeshProcessor(const sc_core::sc_module_name& name, const MeshProcessorConfig& config);

  using sc_core::sc_object::trace;  // SystemC's own trace(tf) stays visible beside ours
  /// Traces the processor's phase and nesting level.
  void trace(sc_core::sc_trace_file* tf);

  // MeshContext
  Coord coord() const override { return coord_; }
  const MeshIndexing& indexing() const override { return *config_.indexing; }
  std::uint64_t slot() const override { return control->current_slot(); }
  std::uint64_t run_seed() const override { return control->run_seed(); }
  Rng& rng() override { return rng_; }
  void send(MeshMsg m) override { config_.port->send(config_.node, m); }
  MeshMsg receive() override;
  void set_phase(Phase p, std::uint32_t level) override;
  MeshObserver& observer() override { return *config_.observer; }

 protected:
  const MeshProcessorConfig& config() const { return config_; }

 private:
  void thread();

  MeshProcessorConfig config_;
  Coord coord_;
  Rng rng_;
  unsigned char phase_ = 0;
  std::uint32_t level_ = 0;
};

}  // namespace optinet::mesh
