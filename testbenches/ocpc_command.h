#pragma once
/// \file
/// The `ocpc` and `mob` network families of the optinet command: the OCPC and the p x p MOB-PC
/// (Goldberg, Jerrum, Leighton & Rao).
#include <memory>
#include <optional>
#include <string>

#include "testbenches/network_command.h"
#include "testbenches/ocpc_experiment.h"

namespace optinet {

class OcpcCommand : public ExperimentCommand<OcpcExperiment, OcpcExperimentConfig> {
 public:
  explicit OcpcCommand(ocpc::Topology topology);
  static std::unique_ptr<NetworkCommand> make(const std::string& network);

  std::string default_protocol() const override;
  std::string default_traffic() const override { return "random-h-relation"; }
  void add_options(CLI::App& app) override;
  void configure(CommonOptions& common) override;
  std::vector<FileOption> input_files() const override {
    if (relation_file_.empty()) return {};
    return {{"--relation-file", relation_file_}};
  }
  std::uint64_t processors() const override { return config_.shape.n(); }
  std::string size_option() const override { return "--p"; }
  ResourceCounts resources() const override {
    ResourceCounts c{config_.shape.n()};
    c.buses = mob() ? 2 * std::uint64_t{config_.shape.p} : 1;
    return c;
  }
  std::string banner() const override;
  Json parameters() const override;
  std::vector<std::string> summary_fields() const override;
  CapacityBound capacity() const override;
  Json power_budget(const DeviceParameters& device) const override;
  double elaborate() override;
  RunRecord run(std::uint64_t seed) override;
  FaultTargets fault_targets() const override;
  void set_faults(FaultPlan plan) override;

 private:
  bool mob() const { return config_.shape.topology == ocpc::Topology::kMob; }

  std::string p_;
  std::optional<std::string> h_;
  std::string relation_file_;
  std::optional<std::string> trace_slots_;
  std::optional<std::string> trace_nodes_;
  std::optional<std::string> gjlr_scale_;
  bool gjlr_lemma4_ = false;
  DeviceParameters device_;
  std::vector<std::string> bus_names_;
};

}  // namespace optinet
