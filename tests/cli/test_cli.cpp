/// \file
/// parse_optinet (testbenches/cli/network_command.h) on the pops network: every bad input is a
/// UsageError whose message starts with the option at fault; good input fills the configuration.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "testbenches/cli/network_command.h"
#include "testbenches/io/usage_error.h"
#include "testbenches/pops/pops_command.h"

namespace {

using namespace optinet;
using namespace optinet::pops;
using Args = std::vector<std::string>;

/// What the command parsed: the shared options and the POPS configuration.
struct CommandLine {
  bool help = false;
  std::string help_text;
  std::string network;
  std::uint64_t runs = 0;
  std::uint64_t seed = 0;
  std::string vcd_path;
  std::string json_path;
  bool quiet = false;
  PopsExperimentConfig pops;
  std::string traffic_name;
};

CommandLine parse_command_line(const Args& args) {
  CommonOptions common;
  CommandLine cl;
  const std::unique_ptr<NetworkCommand> command = parse_optinet(args, common, cl.help_text);
  cl.help = command == nullptr;
  if (cl.help) return cl;
  cl.network = common.network;
  cl.runs = common.runs;
  cl.seed = common.seed;
  cl.vcd_path = common.vcd_path;
  cl.json_path = common.json_path;
  cl.quiet = common.quiet;
  cl.traffic_name = common.traffic;
  cl.pops = dynamic_cast<const PopsCommand&>(*command).config();
  return cl;
}

/// The UsageError message for `args`, or "" if they parse.
std::string usage_error(const Args& args) {
  try {
    parse_command_line(args);
  } catch (const UsageError& e) {
    return e.what();
  }
  return "";
}

#define EXPECT_USAGE_ERROR_NAMING(option, ...)                                       \
  do {                                                                               \
    const std::string message = usage_error(Args{__VA_ARGS__});                      \
    EXPECT_EQ(message.rfind(option, 0), 0u) << "message: '" << message << "'";       \
    EXPECT_EQ(message.find('\n'), std::string::npos) << "not one line: " << message; \
  } while (0)

std::string temp_path(const std::string& tag) {
  return std::filesystem::temp_directory_path() /
         ("optinet_cli_" + std::to_string(getpid()) + "_" + tag);
}

TEST(ParseCommandLine, DZeroNamesD) { EXPECT_USAGE_ERROR_NAMING("--d", "pops", "--d", "0"); }

TEST(ParseCommandLine, DNotANumberNamesD) {
  EXPECT_USAGE_ERROR_NAMING("--d", "pops", "--d", "abc");
  EXPECT_USAGE_ERROR_NAMING("--d", "pops", "--d", "4x");
  EXPECT_USAGE_ERROR_NAMING("--d", "pops", "--d", "-4");
  EXPECT_USAGE_ERROR_NAMING("--d", "pops", "--d", "");
}

TEST(ParseCommandLine, GTooLargeNamesG) { EXPECT_USAGE_ERROR_NAMING("--g", "pops", "--g", "2000"); }

TEST(ParseCommandLine, TooManyProcessorsNamesDAndG) {
  EXPECT_USAGE_ERROR_NAMING("--d/--g", "pops", "--d", "4096", "--g", "1024");  // n = 2^22 > 2^21
}

TEST(ParseCommandLine, UnknownProtocolNamesProtocolAndTheAcceptedOnes) {
  const std::string message = usage_error({"pops", "--protocol", "nope"});
  EXPECT_EQ(message.rfind("--protocol", 0), 0u) << message;
  EXPECT_NE(message.find("randomized"), std::string::npos) << message;
}

TEST(ParseCommandLine, UnknownTrafficNamesTraffic) {
  EXPECT_USAGE_ERROR_NAMING("--traffic", "pops", "--traffic", "nope");
}

TEST(ParseCommandLine, BitReversalNeedsAPowerOfTwo) {
  EXPECT_USAGE_ERROR_NAMING("--traffic", "pops", "--d", "3", "--g", "4", "--traffic",
                            "bit-reversal");
}

TEST(ParseCommandLine, TransposeNeedsAPerfectSquare) {
  EXPECT_USAGE_ERROR_NAMING("--traffic", "pops", "--d", "2", "--g", "4", "--traffic", "transpose");
}

TEST(ParseCommandLine, RunsZeroNamesRuns) {
  EXPECT_USAGE_ERROR_NAMING("--runs", "pops", "--runs", "0");
}

TEST(ParseCommandLine, MaxSlotsZeroNamesMaxSlots) {
  EXPECT_USAGE_ERROR_NAMING("--max-slots", "pops", "--max-slots", "0");
}

TEST(ParseCommandLine, BadPeriodNamesPeriod) {
  EXPECT_USAGE_ERROR_NAMING("--period-ns", "pops", "--period-ns", "0");
  EXPECT_USAGE_ERROR_NAMING("--period-ns", "pops", "--period-ns", "fast");
}

TEST(ParseCommandLine, UnknownOptionNamesIt) {
  EXPECT_USAGE_ERROR_NAMING("--frobnicate", "pops", "--frobnicate");
}

TEST(ParseCommandLine, MissingValueNamesTheOption) {
  EXPECT_USAGE_ERROR_NAMING("--seed", "pops", "--seed");
}

TEST(ParseCommandLine, RepeatedOptionNamesIt) {
  EXPECT_USAGE_ERROR_NAMING("--d", "pops", "--d", "4", "--d", "8");
}

TEST(ParseCommandLine, UnwritableVcdNamesVcd) {
  EXPECT_USAGE_ERROR_NAMING("--vcd", "pops", "--vcd", "/nonexistent-dir/x.vcd");
}

TEST(ParseCommandLine, UnwritableJsonNamesJson) {
  EXPECT_USAGE_ERROR_NAMING("--json", "pops", "--json", "/nonexistent-dir/x.json");
}

TEST(ParseCommandLine, PermutationFileWithADuplicateDestinationNamesIt) {
  const std::string path = temp_path("dup");
  std::ofstream(path) << "1 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n";  // 16 nodes, 1 twice
  const std::string message = usage_error({"pops", "--permutation-file", path});
  std::remove(path.c_str());
  EXPECT_EQ(message.rfind("--permutation-file", 0), 0u) << message;
}

TEST(ParseCommandLine, MissingPermutationFileNamesIt) {
  EXPECT_USAGE_ERROR_NAMING("--permutation-file", "pops", "--permutation-file",
                            "/nonexistent-dir/perm.txt");
}

TEST(ParseCommandLine, PermutationFileWithAnotherTrafficNamesIt) {
  EXPECT_USAGE_ERROR_NAMING("--permutation-file", "pops", "--traffic", "random",
                            "--permutation-file", "/nonexistent-dir/perm.txt");
}

TEST(ParseCommandLine, TrafficFileWithoutAPermutationFileNamesTraffic) {
  EXPECT_USAGE_ERROR_NAMING("--traffic", "pops", "--traffic", "file");
}

TEST(ParseCommandLine, TraceGroupWithoutVcdNamesTraceGroup) {
  EXPECT_USAGE_ERROR_NAMING("--trace-group", "pops", "--trace-group", "0");
}

TEST(ParseCommandLine, TraceGroupOutOfRangeNamesTraceGroup) {
  const std::string vcd = temp_path("tg.vcd");
  EXPECT_USAGE_ERROR_NAMING("--trace-group", "pops", "--g", "4", "--vcd", vcd, "--trace-group",
                            "4");
}

TEST(ParseCommandLine, TraceSlotsWithoutVcdNamesTraceSlots) {
  EXPECT_USAGE_ERROR_NAMING("--trace-slots", "pops", "--trace-slots", "0:10");
}

TEST(ParseCommandLine, BadTraceSlotsRangeNamesTraceSlots) {
  const std::string vcd = temp_path("ts.vcd");
  for (const char* range : {"10:5", "5", "a:b", ":3", "3:"}) {
    EXPECT_USAGE_ERROR_NAMING("--trace-slots", "pops", "--vcd", vcd, "--trace-slots", range);
  }
}

TEST(ParseCommandLine, TraceSlotsSetsTheWindow) {
  const std::string vcd = temp_path("window.vcd");
  const CommandLine cl = parse_command_line({"pops", "--vcd", vcd, "--trace-slots", "3:17"});
  EXPECT_EQ(cl.pops.trace.slots.first, 3u);
  EXPECT_EQ(cl.pops.trace.slots.last, 17u);
  EXPECT_FALSE(cl.pops.trace.slots.contains(2));
  EXPECT_TRUE(cl.pops.trace.slots.contains(17));
}

TEST(ParseCommandLine, UnknownNetworkIsNamed) {
  EXPECT_USAGE_ERROR_NAMING("network", "torus");
  EXPECT_USAGE_ERROR_NAMING("network", "--d", "4");
}

TEST(ParseCommandLine, NoArgumentsNamesTheNetwork) {
  EXPECT_EQ(usage_error(Args{}).rfind("network", 0), 0u);
}

TEST(ParseCommandLine, Defaults) {
  const CommandLine cl = parse_command_line({"pops"});
  EXPECT_FALSE(cl.help);
  EXPECT_EQ(cl.network, "pops");
  EXPECT_EQ(cl.pops.shape.d, 4u);
  EXPECT_EQ(cl.pops.shape.g, 4u);
  EXPECT_EQ(cl.pops.protocol, "randomized");
  EXPECT_EQ(cl.pops.traffic, PermutationKind::kRandom);
  EXPECT_EQ(cl.traffic_name, "random");
  EXPECT_EQ(cl.runs, 1u);
  EXPECT_EQ(cl.seed, 1u);
  EXPECT_EQ(cl.pops.max_slots, 100000u);
  EXPECT_EQ(cl.pops.period, sc_core::sc_time(1, sc_core::SC_NS));
  EXPECT_TRUE(cl.vcd_path.empty());
  EXPECT_TRUE(cl.json_path.empty());
  EXPECT_FALSE(cl.quiet);
}

TEST(ParseCommandLine, EveryOptionIsApplied) {
  const std::string json = temp_path("out.json");
  const std::string vcd = temp_path("out.vcd");
  const CommandLine cl = parse_command_line(
      {"pops",      "--d",    "8",  "--g",    "2",  "--protocol",    "randomized", "--traffic",
       "transpose", "--runs", "5",  "--seed", "42", "--max-slots",   "777",        "--period-ns",
       "2.5",       "--json", json, "--vcd",  vcd,  "--trace-group", "1",          "--quiet"});
  EXPECT_EQ(cl.pops.shape.d, 8u);
  EXPECT_EQ(cl.pops.shape.g, 2u);
  EXPECT_EQ(cl.pops.traffic, PermutationKind::kTranspose);
  EXPECT_EQ(cl.traffic_name, "transpose");
  EXPECT_EQ(cl.runs, 5u);
  EXPECT_EQ(cl.seed, 42u);
  EXPECT_EQ(cl.pops.max_slots, 777u);
  EXPECT_EQ(cl.pops.period, sc_core::sc_time(2.5, sc_core::SC_NS));
  EXPECT_EQ(cl.json_path, json);
  EXPECT_EQ(cl.vcd_path, vcd);
  EXPECT_EQ(cl.pops.trace.vcd_path, vcd);
  ASSERT_TRUE(cl.pops.trace.group.has_value());
  EXPECT_EQ(*cl.pops.trace.group, 1u);
  EXPECT_TRUE(cl.quiet);
}

TEST(ParseCommandLine, CheckingOutputPathsLeavesNoFileBehind) {
  const std::string json = temp_path("probe.json");
  const std::string vcd = temp_path("probe.vcd");
  parse_command_line({"pops", "--json", json, "--vcd", vcd});
  EXPECT_FALSE(std::filesystem::exists(json));
  EXPECT_FALSE(std::filesystem::exists(vcd));
}

TEST(ParseCommandLine, CheckingAnExistingOutputKeepsItsContent) {
  const std::string json = temp_path("keep.json");
  std::ofstream(json) << "old";
  parse_command_line({"pops", "--json", json});
  std::ifstream in(json);
  std::string content;
  in >> content;
  std::remove(json.c_str());
  EXPECT_EQ(content, "old");
}

TEST(ParseCommandLine, PermutationFileIsRead) {
  const std::string path = temp_path("perm");
  std::ofstream(path) << "# POPS(2,2)\n3 - 0 1\n";
  const CommandLine cl =
      parse_command_line({"pops", "--d", "2", "--g", "2", "--permutation-file", path});
  std::remove(path.c_str());
  EXPECT_EQ(cl.pops.traffic, PermutationKind::kFile);
  EXPECT_EQ(cl.traffic_name, "file");
  EXPECT_EQ(cl.pops.file_permutation, (Permutation{3, kNoNode, 0, 1}));
}

TEST(ParseCommandLine, HelpAnywhere) {
  EXPECT_TRUE(parse_command_line({"--help"}).help);
  EXPECT_TRUE(parse_command_line({"pops", "--d", "4", "-h"}).help);
  EXPECT_NE(parse_command_line({"pops", "--help"}).help_text.find("--max-slots"),
            std::string::npos);
  EXPECT_NE(parse_command_line({"--help"}).help_text.find("pops"), std::string::npos);
}

}  // namespace
