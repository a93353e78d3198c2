#pragma once
/// \file
/// The `splithash` network family of the optinet command: the random (N, d, a) split&hash
/// network of optical crossbars (Meyer auf der Heide, Schroeder & Schwarze).
#include <array>
#include <memory>
#include <optional>
#include <string>

#include "testbenches/cli/network_command.h"
#include "testbenches/io/option_values.h"
#include "testbenches/splithash/splithash_experiment.h"
#include "testbenches/splithash/splithash_options.h"

namespace optinet::splithash {

class SplitHashCommand : public ExperimentCommand<SplitHashExperiment, SplitHashExperimentConfig>,
                         public OpticalFamily {
 public:
  static std::unique_ptr<NetworkCommand> make(const std::string& network);

  std::string default_protocol() const override { return "funnel"; }
  std::string default_traffic() const override { return "permutation"; }
  std::string protocol_names() const override;
  std::string traffic_names() const override;
  std::string traffic_file_option() const override { return "--relation-file"; }
  OpticalFamily* optical() override { return this; }
  void add_options(CLI::App& app) override;
  void configure(CommonOptions& common) override;
  std::vector<FileOption> input_files() const override {
    if (relation_file_.empty()) return {};
    return {{"--relation-file", relation_file_}};
  }
  std::uint64_t processors() const override { return config_.shape.nodes(); }
  std::string size_option() const override { return "--k/--depth"; }
  ResourceCounts resources() const override {
    ResourceCounts c{config_.shape.nodes()};
    c.buses = config_.shape.buses();
    if (config_.view == NetworkView::kPins) {  // a transmitter per bus a node lights
      c.pin_processors = config_.shape.nodes();
      c.pin_transmitters = config_.shape.bus_attachments();
    }
    return c;
  }
  std::string banner() const override;
  Json parameters() const override;
  std::vector<std::string> summary_fields() const override;
  NetworkOptics optics() const override;
  Json power_budget(const DeviceParameters& device) const override;
  RunRecord run(std::uint64_t seed) override;

 private:
  std::string k_ = "16";
  std::string depth_ = "2";
  std::optional<std::string> h_;
  std::string relation_file_;
  SplitHashOptions split_hash_;
  HRelationOptions h_relation_;  ///< --protocol h-relation
  TraceSelection trace_;
  std::optional<std::string> view_;
};

}  // namespace optinet::splithash
