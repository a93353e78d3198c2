#pragma once
/// \file
/// The `pops` network family of the optinet command: POPS(d,g) (Mei & Rizzi).
#include <memory>
#include <optional>
#include <string>

#include "testbenches/cli/network_command.h"
#include "testbenches/pops/pops_experiment.h"

namespace optinet::pops {

class PopsCommand : public ExperimentCommand<PopsExperiment, PopsExperimentConfig>,
                    public OpenLoopFamily,
                    public FaultFamily,
                    public OpticalFamily {
 public:
  static std::unique_ptr<NetworkCommand> make(const std::string& network);

  std::string default_protocol() const override { return "randomized"; }
  std::string default_traffic() const override { return "random"; }
  std::string protocol_names() const override;
  std::string traffic_names() const override;
  std::string traffic_file_option() const override { return "--permutation-file"; }
  OpenLoopFamily* open_loop() override { return this; }
  FaultFamily* faults() override { return this; }
  OpticalFamily* optical() override { return this; }
  void add_options(CLI::App& app) override;
  void configure(CommonOptions& common) override;
  std::vector<FileOption> input_files() const override {
    if (permutation_file_.empty()) return {};
    return {{"--permutation-file", permutation_file_}};
  }
  std::uint64_t processors() const override { return config_.shape.n(); }
  std::string size_option() const override { return "--d/--g"; }
  ResourceCounts resources() const override {
    const std::uint64_t g = config_.shape.g;
    ResourceCounts counts{config_.shape.n(), g * g};
    if (config_.view == pops::PopsView::kPins) counts.pin_fibres = config_.shape.n() * g;
    return counts;
  }
  std::string banner() const override;
  Json parameters() const override;
  std::string invariants() const override { return "protocol invariants held"; }
  std::vector<std::string> summary_fields() const override;
  CapacityBound routing_bound() const override;
  HardwareBound hardware_bound(std::size_t max_lp_variables) const override;
  ProtocolCapacity protocol_capacity() const override;
  NetworkOptics optics() const override;
  Json power_budget(const DeviceParameters& device) const override;
  RunRecord run(std::uint64_t seed) override;
  OpenLoopHost* open_loop_host() override { return experiment_->open_loop_host(); }
  FaultTargets fault_targets() const override;
  std::string open_loop_faults_unavailable() const override;
  void set_faults(FaultPlan plan) override;

 private:
  std::uint32_t d_ = 4;
  std::uint32_t g_ = 4;
  std::optional<std::string> sorter_;
  std::string coupler_ = "behavioural";
  std::string permutation_file_;
  std::optional<std::string> trace_group_;
  std::optional<std::string> trace_slots_;
  std::optional<std::string> view_;
  std::vector<std::string> rtl_specs_;  ///< --rtl coupler:B:A=MODEL[:lockstep], as given
  DeviceParameters device_;
};

}  // namespace optinet::pops
