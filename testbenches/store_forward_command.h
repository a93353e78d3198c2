#pragma once
/// \file
/// The store-and-forward network families of the optinet command (Valiant and Brebner):
/// hypercube, shuffle, ccc, shuffle-exchange and grid.
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "testbenches/network_command.h"
#include "testbenches/sf_experiment.h"

namespace optinet {

class StoreForwardCommand : public ExperimentCommand<SfExperiment, SfExperimentConfig> {
 public:
  explicit StoreForwardCommand(const std::string& network) : network_(network) {}
  static std::unique_ptr<NetworkCommand> make(const std::string& network);

  std::string default_protocol() const override;
  std::string default_traffic() const override { return "identity"; }
  void add_options(CLI::App& app) override;
  void configure(CommonOptions& common) override;
  std::uint64_t processors() const override { return 0; }  // one SC_METHOD per node, no stack
  std::string size_option() const override { return "--n"; }
  std::string banner() const override;
  Json parameters() const override;
  std::vector<std::string> summary_fields() const override {
    return {"slots",          "phase_a_slots", "phase_b_slots", "max_node_population",
            "max_node_population_phase_a", "max_queue"};
  }
  double elaborate() override;
  RunRecord run(std::uint64_t seed) override;

 private:
  std::shared_ptr<const sf::SfGraph> make_graph() const;

  std::string network_;
  std::map<std::string, std::string> size_;  ///< the network's size options, e.g. --n, --d
  std::string capacity_ = "0";
  std::string discipline_ = "fifo";
  std::string phase_b_start_ = "0";
  std::optional<std::string> trace_nodes_;
  std::uint64_t links_ = 0;
};

}  // namespace optinet
