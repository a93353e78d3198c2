#pragma once
/// \file
/// `optinet mesh`: the n x n mesh with synchronization trees (Chochia, Cole & Heywood).
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "testbenches/cli/network_command.h"
#include "testbenches/mesh/mesh_experiment.h"

namespace optinet::mesh {

class MeshCommand : public ExperimentCommand<MeshExperiment, MeshExperimentConfig> {
 public:
  static std::unique_ptr<NetworkCommand> make(const std::string& network);

  std::string default_protocol() const override { return "experiment"; }
  std::string default_traffic() const override { return "none"; }
  std::string protocol_names() const override;
  std::string traffic_names() const override { return "none"; }  ///< the protocol's messages
  void add_options(CLI::App& app) override;
  void configure(CommonOptions& common) override;
  std::vector<FileOption> output_files() const override {
    if (groups_csv_.empty()) return {};
    return {{"--groups-csv", groups_csv_}};
  }
  std::uint64_t processors() const override;
  ResourceCounts resources() const override;
  std::string size_option() const override { return "--n"; }
  std::string banner() const override;
  Json parameters() const override;
  std::string invariants() const override;
  std::vector<std::string> summary_fields() const override;
  RunRecord run(std::uint64_t seed) override;
  void finish(OutputSet& outputs) override;

 private:
  std::string n_ = "16";
  std::string buffers_ = "2";
  std::string indexing_ = "hilbert";
  std::string levels_ = "4";
  std::string groups_csv_;
  std::string membership_ = "random";
  std::string outbox_ = "single";
  std::string step4_ = "at-once";
  std::string loop_ = "with-syncs";
  std::optional<std::string> trace_nodes_;
  std::optional<std::string> view_;
  std::vector<std::string> csv_rows_;
  /// --levels and --membership: the experiment loop's options (sync ignores them).
  std::vector<const CLI::Option*> loop_options_;
};

}  // namespace optinet::mesh
