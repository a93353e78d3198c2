#pragma once
/// \file
/// The store-and-forward network families of the optinet command (Valiant and Brebner):
/// hypercube, shuffle, ccc, shuffle-exchange and grid. Open-loop runs (--traffic bernoulli or
/// bursty) on the grid and the hypercube, whose capacity bound is known.
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "testbenches/cli/network_command.h"
#include "testbenches/sf/sf_experiment.h"

namespace optinet::sf {

class SfCommand : public ExperimentCommand<SfExperiment, SfExperimentConfig>,
                  public OpenLoopFamily,
                  public FaultFamily,
                  public OpticalFamily {
 public:
  explicit SfCommand(const std::string& network) : network_(network) {}
  static std::unique_ptr<NetworkCommand> make(const std::string& network);

  std::string default_protocol() const override;
  std::string default_traffic() const override { return "identity"; }
  std::string protocol_names() const override;
  std::string traffic_names() const override;
  std::string traffic_file_option() const override { return "--relation-file"; }
  /// Open-loop runs on the grid and the hypercube, whose capacity bound is known.
  OpenLoopFamily* open_loop() override { return runs_open_loop() ? this : nullptr; }
  FaultFamily* faults() override { return this; }
  OpticalFamily* optical() override { return this; }
  void add_options(CLI::App& app) override;
  std::vector<FileOption> input_files() const override {
    if (relation_file_.empty()) return {};
    return {{"--relation-file", relation_file_}};
  }
  void configure(CommonOptions& common) override;
  std::uint64_t processors() const override { return config_.graph->nodes(); }
  std::string size_option() const override;
  ResourceCounts resources() const override {
    ResourceCounts c;  // no node has a thread (a stack)
    const bool pins = config_.view == NetworkView::kPins;
    (config_.node_processes || pins ? c.methods : c.stepped_nodes) = config_.graph->nodes();
    c.link_records = std::uint64_t{config_.graph->nodes()} * config_.graph->degree();
    if (pins) c.pin_links = c.link_records;
    return c;
  }
  std::string banner() const override;
  Json parameters() const override;
  std::vector<std::string> summary_fields() const override;
  /// Open-loop runs (grid and hypercube): sf_capacity of the pattern under the scheme.
  CapacityBound routing_bound() const override;
  HardwareBound hardware_bound(std::size_t max_lp_variables) const override;
  ProtocolCapacity protocol_capacity() const override;
  /// Open-loop runs: the point-to-point links' budget (fan-out 1); closed-loop runs report none.
  NetworkOptics optics() const override;
  Json power_budget(const DeviceParameters& device) const override;
  double elaborate() override;
  RunRecord run(std::uint64_t seed) override;
  OpenLoopHost* open_loop_host() override { return experiment_->open_loop_host(); }
  FaultTargets fault_targets() const override;
  void set_faults(FaultPlan plan) override;

 private:
  /// The grid and the hypercube run open-loop traffic; the other store-and-forward networks do not.
  bool runs_open_loop() const;
  std::shared_ptr<const sf::SfGraph> make_graph() const;
  /// --traffic random-h-relation (with --h) or --relation-file: an h-relation run.
  void configure_relation(CommonOptions& common);
  /// --view (pins up to kPinsDefaultMaxLinks links by default, kPinsDefaultMaxOpenLoopLinks with
  /// open-loop traffic; grouped for a search or a curve).
  void configure_view(CommonOptions& common);

  std::string network_;
  std::map<std::string, std::string> size_;  ///< the network's size options, e.g. --n, --d
  std::string capacity_ = "0";
  std::string discipline_ = "fifo";
  std::string phase_b_start_ = "0";
  std::string phases_ = "pipelined";
  std::optional<std::string> h_;
  std::string relation_file_;
  std::optional<std::string> trace_nodes_;
  std::optional<std::string> view_;
  std::vector<std::string> rtl_specs_;  ///< --rtl link:U:V=MODEL[:lockstep]
  CLI::Option* phase_b_start_option_ = nullptr;
  std::string phase_window_;
  CLI::Option* phase_window_option_ = nullptr;
  std::uint64_t links_ = 0;
  std::vector<std::string> link_names_;  ///< open-loop runs: the media of the run fields
  DeviceParameters device_;
  bool device_given_ = false;  ///< --device: the links' budget in closed-loop reports too
};

}  // namespace optinet::sf
