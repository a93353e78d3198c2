// A user's files: outputs checked as they will be written and written atomically with every
// write checked; inputs read with a bound; numbers read the same way everywhere.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "testbenches/cli/memory_estimate.h"
#include "testbenches/io/input_file.h"
#include "testbenches/io/option_values.h"
#include "testbenches/io/output_file.h"
#include "testbenches/io/usage_error.h"

namespace optinet {
namespace {

namespace fs = std::filesystem;

/// A fresh folder per test under the build tree.
class Scratch : public ::testing::Test {
 protected:
  void SetUp() override {
    folder_ = fs::path("robustness_scratch") /
              ::testing::UnitTest::GetInstance()->current_test_info()->name();
    fs::remove_all(folder_);
    fs::create_directories(folder_);
  }
  std::string at(const std::string& name) const { return (folder_ / name).string(); }
  static void write(const std::string& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
  }
  static std::string read(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  }
  std::size_t entries() const {
    return static_cast<std::size_t>(std::distance(fs::directory_iterator(folder_), {}));
  }
  template <typename F>
  static std::string usage_error_of(F f) {
    try {
      f();
    } catch (const UsageError& e) {
      return e.what();
    }
    return "(accepted)";
  }
  fs::path folder_;
};

TEST(VcdOutputPath, SystemCAppendsTheSuffixUnlessGiven) {
  EXPECT_EQ(vcd_output_path("run"), "run.vcd");
  EXPECT_EQ(vcd_output_path("run.vcd"), "run.vcd");
  EXPECT_EQ(vcd_output_path("a/b.VCD"), "a/b.VCD.vcd");
  EXPECT_EQ(vcd_output_path(".vcd"), ".vcd.vcd");
}

using OutputPaths = Scratch;

TEST_F(OutputPaths, AWritablePathIsAcceptedAndNothingIsCreated) {
  EXPECT_NO_THROW(check_file_options({{"--json", at("r.json")}, {"--vcd", at("r.vcd"), true}}, {}));
  EXPECT_EQ(entries(), 0u);
}

TEST_F(OutputPaths, FoldersMissingFoldersDevicesAndEmptyPathsAreRefused) {
  fs::create_directories(at("sub"));
  EXPECT_EQ(usage_error_of([&] {
              check_file_options({{"--json", at("sub")}}, {});
            }),
            "--json: '" + at("sub") + "' is a folder, not a file; accepted: a file path");
  EXPECT_NE(usage_error_of([&] {
              check_file_options({{"--json", at("no/x")}}, {});
            }).find("(folder '" + at("no") + "' does not exist)"),
            std::string::npos);
  EXPECT_EQ(usage_error_of([&] {
              check_file_options({{"--json", ""}}, {});
            }),
            "--json: an empty path is not accepted; accepted: a file path");
  ASSERT_EQ(::mkfifo(at("p").c_str(), 0600), 0);
  EXPECT_NE(usage_error_of([&] {
              check_file_options({{"--vcd", at("p"), true}}, {});
            }).find("is not a regular file"),
            std::string::npos);
  // A pipe or device is fine where the writer can write it directly (--json /dev/stdout).
  EXPECT_NO_THROW(check_file_options({{"--json", at("p")}}, {}));
}

TEST_F(OutputPaths, AFolderInWhichNoFileCanBeMadeIsRefused) {
  // /proc passes access(W_OK) for root (then the trial of the temporary file refuses it), not
  // for other users (then access() does).
  if (!fs::is_directory("/proc/self")) GTEST_SKIP() << "no /proc here";
  for (const bool vcd : {false, true}) {
    EXPECT_NE(usage_error_of([&] {
                check_file_options({{"--out", "/proc/optinet-probe", vcd}}, {});
              }).find("folder '/proc': "),
              std::string::npos);
  }
}

TEST_F(OutputPaths, TwoOptionsNamingOneFileAreRefusedHoweverSpelt) {
  write(at("in.txt"), "0 1\n");
  fs::create_symlink("in.txt", at("alias.txt"));
  const auto clash = [&](const std::string& a, const std::string& b) {
    return usage_error_of([&] {
      check_file_options({{"--json", a}}, {{"--permutation-file", b}});
    });
  };
  EXPECT_NE(clash(at("in.txt"), at("in.txt")).find("is also the file of --permutation-file"),
            std::string::npos);
  EXPECT_NE(clash(at("alias.txt"), at("in.txt")).find("is also the file of"), std::string::npos);
  EXPECT_NE(clash((folder_ / "." / "in.txt").string(), at("in.txt")).find("is also the file of"),
            std::string::npos);
  // Two outputs, neither existing yet.
  EXPECT_NE(usage_error_of([&] {
              check_file_options({{"--vcd", at("x.vcd"), true}, {"--json", at("./x.vcd")}}, {});
            }).find("--vcd: '" + at("x.vcd") + "' is also the file of --json"),
            std::string::npos);
  EXPECT_EQ(clash(at("out.json"), at("in.txt")), "(accepted)");
}

using AtomicWrite = Scratch;

TEST_F(AtomicWrite, ReplacesTheFileWholeAndLeavesNoTemporary) {
  write(at("r.json"), "old");
  write_file_atomically("--json", at("r.json"), "new text\n");
  EXPECT_EQ(read(at("r.json")), "new text\n");
  EXPECT_EQ(entries(), 1u);
}

TEST_F(AtomicWrite, AFailedWriteThrowsOneLineAndLeavesNothing) {
  if (!fs::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
  try {
    write_file_atomically("--json", "/dev/full", "text");
    FAIL() << "a write to /dev/full succeeded";
  } catch (const OutputError& e) {
    EXPECT_STREQ(e.what(), "--json: cannot write '/dev/full' (No space left on device)");
  }
  try {
    write_file_atomically("--json", at("gone/r.json"), "text");
    FAIL() << "a write into a missing folder succeeded";
  } catch (const OutputError& e) {
    EXPECT_NE(std::string(e.what()).find("No such file or directory"), std::string::npos);
  }
  EXPECT_EQ(entries(), 0u);
}

TEST_F(AtomicWrite, ASetPutsItsFilesInPlaceTogetherOrNotAtAll) {
  write(at("old.vcd"), "old");
  {
    OutputSet outputs;
    outputs.write("--vcd", at("old.vcd"), "new trace\n");
    outputs.write("--groups-csv", at("g.csv"), "a,b\n");
    EXPECT_EQ(read(at("old.vcd")), "old");  // nothing in place before the commit
    EXPECT_FALSE(fs::exists(at("g.csv")));
    EXPECT_THROW(outputs.write("--json", at("gone/r.json"), "text"), OutputError);
  }
  // The failed write left the other files as they were, and no temporary.
  EXPECT_EQ(read(at("old.vcd")), "old");
  EXPECT_EQ(entries(), 1u);
  OutputSet outputs;
  outputs.write("--vcd", at("old.vcd"), "new trace\n");
  outputs.write("--groups-csv", at("g.csv"), "a,b\n");
  outputs.commit();
  EXPECT_EQ(read(at("old.vcd")), "new trace\n");
  EXPECT_EQ(read(at("g.csv")), "a,b\n");
  EXPECT_EQ(entries(), 2u);
}

using InputFiles = Scratch;

TEST_F(InputFiles, TextWithinTheBoundIsRead) {
  write(at("ok.txt"), "0 1\t2\r\n\f# note\n");
  EXPECT_EQ(read_text_file("--x", at("ok.txt"), 17, "text"), "0 1\t2\r\n\f# note\n");
}

TEST_F(InputFiles, EachBadFileIsOneLineNamingOptionAndFile) {
  write(at("big.txt"), std::string(18, '1'));
  write(at("nul.txt"), std::string("0 1\0", 4));
  write(at("esc.txt"), "0 \x1b[2J");
  fs::create_directories(at("dir"));
  const auto refusal = [&](const std::string& name) {
    return usage_error_of([&] { read_text_file("--x", at(name), 17, "text"); });
  };
  const std::string where = "--x: '" + folder_.string() + "/";
  EXPECT_EQ(refusal("big.txt"), where + "big.txt': larger than 17 bytes; accepted: text");
  EXPECT_EQ(refusal("nul.txt"),
            where + "nul.txt': not a text file (byte 0x00 at offset 3); accepted: text");
  EXPECT_EQ(refusal("esc.txt"),
            where + "esc.txt': not a text file (byte 0x1b at offset 2); accepted: text");
  EXPECT_EQ(refusal("dir"), where + "dir': is a directory; accepted: text");
  EXPECT_EQ(refusal("none"),
            where + "none': cannot read (No such file or directory); accepted: text");
}

TEST(Printable, EscapesControlBytesAndShortens) {
  EXPECT_EQ(printable("ab\x1b\n", 10), "ab\\x1b\\x0a");
  EXPECT_EQ(printable(std::string(50, 'x'), 40), std::string(40, 'x') + "...");
  EXPECT_EQ(printable("back\\slash"), "back\\slash");  // escaping twice changes nothing
}

TEST(Printable, AMessageKeepsWhatFollowsALongToken) {
  const std::string token(10000, 'x');
  EXPECT_EQ(printable_message("--protocol: unknown '" + token + "' (accepted: a, b)"),
            "--protocol: unknown '" + std::string(40, 'x') + "...' (accepted: a, b)");
  EXPECT_EQ(printable_message("(" + token + "),"), "(" + std::string(40, 'x') + "...),");
  EXPECT_EQ(printable_message("short words\x07 stay"), "short words\\x07 stay");
  EXPECT_EQ(printable_message(std::string(60, 'y')), std::string(60, 'y'));  // not long enough
  std::string many;
  for (int i = 0; i < 1000; ++i) many += "word ";
  EXPECT_EQ(printable_message(many, 100).size(), 103u);  // the whole line is bounded too
}

TEST(Numbers, AnOptionThatWouldActAfterTheRunsIsRefused) {
  EXPECT_NO_THROW(check_within_run("--fault", "receiver:1@99", 99, 100, "@SLOT below"));
  try {
    check_within_run("--fault", "receiver:1@100", 100, 100, "@SLOT below --max-slots");
    FAIL() << "slot 100 of a 100-slot run was accepted";
  } catch (const UsageError& e) {
    EXPECT_STREQ(e.what(),
                 "--fault: 'receiver:1@100' would act from slot 100, but every run stops at "
                 "--max-slots 100 (accepted: @SLOT below --max-slots)");
  }
}

TEST(Numbers, BurstLengthsFromOne) {
  for (const char* good : {"1", "1.5", "8", "1000000"}) EXPECT_EQ(from_one_rejection(good), "");
  for (const char* bad : {"0.5", "0.999", "1000001", "-1", "inf", "0x2"}) {
    EXPECT_NE(from_one_rejection(bad), "") << bad;
  }
}

TEST(Numbers, PlainDecimalsOnlyTheSameForEveryOption) {
  for (const char* bad :
       {"+1", " 1", "1 ", "0x10", "0x1p-3", "inf", "nan", "1e", "-0.5", "", "."}) {
    EXPECT_NE(positive_rejection(bad), "") << bad;
    EXPECT_NE(unit_rejection(bad), "") << bad;
    EXPECT_NE(period_rejection(bad), "") << bad;
  }
  for (const char* good : {"1", "0.5", ".5", "5.", "2e-3", "1E2"}) {
    EXPECT_EQ(positive_rejection(good), "") << good;
  }
  EXPECT_EQ(unit_rejection("0"), "");
  EXPECT_EQ(unit_rejection("1.0"), "");
  EXPECT_NE(unit_rejection("1.0001"), "");
  // Integers too: std::stoull alone would take a leading space or sign.
  for (const char* bad : {" 2", "\t2", "+2", "-2", "2 ", "0x10", "1e3", ""}) {
    EXPECT_NE(count_rejection(bad, 0, 100), "") << bad;
  }
  EXPECT_EQ(count_rejection("2", 0, 100), "");
}

TEST(Numbers, ClockPeriodsAreWhatSystemCCanMake) {
  for (const char* good : {"1", "0.002", "2e-3", "0.004", "1000000", "0.5"}) {
    EXPECT_EQ(period_rejection(good), "") << good;
  }
  // Below 2 ps the low phase is zero (a SystemC error); an odd number of ps rounds the edges.
  // Between two picoseconds is not a period either, however close to one.
  for (const char* bad : {"0.001", "0.0015", "0.125", "0.003", "1000001", "1e-400", "1.000001",
                          "0.0019999999", "999999.9995"}) {
    EXPECT_NE(period_rejection(bad), "") << bad;
  }
}

TEST(MemoryEstimate, SizesAndTheModel) {
  EXPECT_EQ(parse_memory_size("--m", "512"), 512u);
  EXPECT_EQ(parse_memory_size("--m", "20G"), 20ull << 30);
  EXPECT_EQ(parse_memory_size("--m", "3K"), 3072u);
  for (const char* bad : {"0", "1x", "-1G", "1.5G", "G", "", "99999999999999999T"}) {
    EXPECT_THROW(parse_memory_size("--m", bad), UsageError) << bad;
  }
  // POPS(64,64): 4096 threads and 4096 couplers; measured 34.6 MiB peak (docs/robustness.md).
  const std::uint64_t pops = estimate_memory(ResourceCounts{4096, 4096}, false);
  EXPECT_GT(pops, 34u << 20);
  EXPECT_LT(pops, 44u << 20);
  EXPECT_GT(estimate_memory(ResourceCounts{4096, 4096}, true), pops);
  EXPECT_EQ(format_bytes(pops), "39 MiB");
  EXPECT_EQ(format_bytes(12ull << 30), "12.0 GiB");
}

}  // namespace
}  // namespace optinet
