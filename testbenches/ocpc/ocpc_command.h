#pragma once
/// \file
/// The `ocpc`, `mob` and `dmob` network families of the optinet command: the OCPC and the p x p
/// MOB-PC (Goldberg, Jerrum, Leighton & Rao), and the D-dimensional mesh of optical buses of
/// edge size K (Meyer auf der Heide, Schröder & Schwarze).
#include <array>
#include <memory>
#include <optional>
#include <string>

#include "testbenches/cli/network_command.h"
#include "testbenches/io/option_values.h"
#include "testbenches/ocpc/ocpc_experiment.h"
#include "testbenches/splithash/splithash_options.h"

namespace optinet::ocpc {

class OcpcCommand : public ExperimentCommand<OcpcExperiment, OcpcExperimentConfig>,
                    public OpenLoopFamily,
                    public FaultFamily,
                    public OpticalFamily {
 public:
  explicit OcpcCommand(ocpc::Topology topology);
  static std::unique_ptr<NetworkCommand> make(const std::string& network);

  std::string default_protocol() const override;
  std::string default_traffic() const override { return "random-h-relation"; }
  std::string protocol_names() const override;
  std::string traffic_names() const override;
  std::string traffic_file_option() const override { return "--relation-file"; }
  OpenLoopFamily* open_loop() override { return dmob() ? nullptr : this; }
  FaultFamily* faults() override { return this; }
  OpticalFamily* optical() override { return this; }
  void add_options(CLI::App& app) override;
  void configure(CommonOptions& common) override;
  std::vector<FileOption> input_files() const override {
    if (relation_file_.empty()) return {};
    return {{"--relation-file", relation_file_}};
  }
  std::uint64_t processors() const override { return config_.shape.n(); }
  std::string size_option() const override { return dmob() ? "--k/--dim" : "--p"; }
  ResourceCounts resources() const override {
    ResourceCounts c{config_.shape.n()};
    c.buses = buses();
    if (dmob()) {  // K^(D-1) + ... + K scopes x<j>_<v>
      const topology::DmobIndexing mesh = config_.shape.mesh();
      for (std::uint32_t j = 1; j < mesh.dim(); ++j) c.scopes += mesh.nodes() / mesh.stride(j);
    }
    if (funnel()) c.tables = funnel_table_bytes();
    if (config_.view == NetworkView::kPins) {
      c.pin_processors = config_.shape.n();
      // One transmitter per bus a processor lights: 2 on the MOB-PC, D on the D-MOB.
      c.pin_transmitters = c.pin_processors * (mob() ? 2 : dmob() ? config_.shape.dim : 1);
    }
    return c;
  }
  std::string banner() const override;
  Json parameters() const override;
  std::vector<std::string> summary_fields() const override;
  CapacityBound routing_bound() const override;
  HardwareBound hardware_bound(std::size_t max_lp_variables) const override;
  ProtocolCapacity protocol_capacity() const override;
  NetworkOptics optics() const override;
  Json power_budget(const DeviceParameters& device) const override;
  double elaborate() override;
  RunRecord run(std::uint64_t seed) override;
  OpenLoopHost* open_loop_host() override { return experiment_->open_loop_host(); }
  FaultTargets fault_targets() const override;
  void set_faults(FaultPlan plan) override;

 private:
  bool mob() const { return config_.shape.topology == ocpc::Topology::kMob; }
  bool dmob() const { return config_.shape.topology == ocpc::Topology::kDmob; }
  /// OCPC: 1; a mesh: D * K^(D-1) (MOB-PC: 2p).
  std::uint64_t buses() const;
  /// The OCPC: sets the view from --view and the options that need one, and the receivers
  /// --rtl swaps (UsageError).
  void configure_view(CommonOptions& common);
  /// "p = 4", or "k = 4, dim = 3".
  std::string size_text() const;
  /// The buses' names, as the network module names them.
  std::vector<std::string> bus_basenames() const;

  std::string p_;
  std::optional<std::string> view_;     ///< ocpc: --view
  std::vector<std::string> rtl_specs_;  ///< ocpc: --rtl
  std::string dim_ = "3";               ///< dmob: D
  std::optional<std::string> h_;
  std::string relation_file_;
  TraceSelection trace_;
  /// --gjlr-scale, --gjlr-c3-scale, --gjlr-compaction-scale, as given (kGjlrScales in the .cpp).
  std::array<std::optional<std::string>, 3> gjlr_scales_;
  /// dmob --protocol funnel, random-function or h-relation: the split&hash network it
  /// simulates (Theorem 2).
  bool funnel() const;
  /// Checks and sets the split&hash options (or refuses them for another protocol).
  void configure_funnel();
  /// Checks h for the split&hash protocols (h = 1, or h-relation's options); after
  /// configure_funnel.
  void configure_funnel_h();
  Json funnel_parameters() const;
  /// The bytes of funnel's preprocessed routes (for the memory estimate).
  std::uint64_t funnel_table_bytes() const;
  splithash::SplitHashOptions split_hash_;  ///< dmob --protocol funnel
  splithash::HRelationOptions h_relation_;  ///< dmob --protocol h-relation
  std::uint64_t funnel_psi_ = 0;            ///< after elaboration: the psi the preprocessing routed
  std::uint64_t funnel_entries_ = 0;        ///< and the most route entries a node holds
  bool gjlr_lemma4_ = false;
  DeviceParameters device_;
  std::vector<std::string> bus_names_;
};

}  // namespace optinet::ocpc
