/// \file
/// Permutation traffic (testbenches/traffic/traffic.h).
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <string>

#include "testbenches/io/usage_error.h"
#include "testbenches/traffic/traffic.h"

namespace {

using namespace optinet;

bool is_permutation_of_n(Permutation p) {
  std::sort(p.begin(), p.end());
  for (std::uint32_t i = 0; i < p.size(); ++i) {
    if (p[i] != i) return false;
  }
  return true;
}

/// A temporary file removed at the end of the test.
class TempFile {
 public:
  explicit TempFile(const std::string& content) {
    static int counter = 0;
    path_ = std::filesystem::temp_directory_path() /
            ("optinet_traffic_" + std::to_string(getpid()) + "_" + std::to_string(++counter));
    std::ofstream(path_) << content;
  }
  ~TempFile() { std::remove(path_.c_str()); }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

std::string usage_error_of(const std::string& path, std::uint32_t n) {
  try {
    read_permutation_file(path, n);
  } catch (const UsageError& e) {
    return e.what();
  }
  return "";
}

// ---- make_permutation -------------------------------------------------------------------------

TEST(MakePermutation, EveryFullKindIsAPermutation) {
  for (PermutationKind k : {PermutationKind::kRandom, PermutationKind::kIdentity,
                            PermutationKind::kBitReversal, PermutationKind::kTranspose}) {
    for (std::uint32_t n : {1u, 4u, 16u, 64u, 256u}) {
      Rng rng(n);
      const Permutation p = make_permutation(k, n, rng);
      ASSERT_EQ(p.size(), n);
      EXPECT_TRUE(is_permutation_of_n(p)) << permutation_kind_name(k) << " n " << n;
    }
  }
  Rng rng(5);
  EXPECT_TRUE(is_permutation_of_n(make_permutation(PermutationKind::kRandom, 15, rng)));
}

TEST(MakePermutation, PartialIsAPartialPermutationWithSomeSourcesIdle) {
  Rng rng(17);
  const Permutation p = make_permutation(PermutationKind::kPartial, 64, rng);
  EXPECT_EQ(check_partial_permutation(p, 64), "");
  const auto idle = std::count(p.begin(), p.end(), kNoNode);
  EXPECT_GT(idle, 0);
  EXPECT_LT(idle, 64);
}

TEST(MakePermutation, IdentityMapsEachNodeToItself) {
  Rng rng(1);
  const Permutation p = make_permutation(PermutationKind::kIdentity, 10, rng);
  for (std::uint32_t i = 0; i < 10; ++i) EXPECT_EQ(p[i], i);
}

TEST(MakePermutation, BitReversalOfEight) {
  Rng rng(1);
  EXPECT_EQ(make_permutation(PermutationKind::kBitReversal, 8, rng),
            (Permutation{0, 4, 2, 6, 1, 5, 3, 7}));
}

TEST(MakePermutation, BitReversalOfSixteen) {
  Rng rng(1);
  EXPECT_EQ(make_permutation(PermutationKind::kBitReversal, 16, rng),
            (Permutation{0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15}));
}

TEST(MakePermutation, BitReversalOfTwoAndOne) {
  Rng rng(1);
  EXPECT_EQ(make_permutation(PermutationKind::kBitReversal, 2, rng), (Permutation{0, 1}));
  EXPECT_EQ(make_permutation(PermutationKind::kBitReversal, 1, rng), (Permutation{0}));
}

TEST(MakePermutation, TransposeOfNine) {
  // Node i = 3 row + column goes to 3 column + row.
  Rng rng(1);
  EXPECT_EQ(make_permutation(PermutationKind::kTranspose, 9, rng),
            (Permutation{0, 3, 6, 1, 4, 7, 2, 5, 8}));
}

TEST(MakePermutation, TransposeOfFourAndSixteen) {
  Rng rng(1);
  EXPECT_EQ(make_permutation(PermutationKind::kTranspose, 4, rng), (Permutation{0, 2, 1, 3}));
  const Permutation p = make_permutation(PermutationKind::kTranspose, 16, rng);
  for (std::uint32_t r = 0; r < 4; ++r) {
    for (std::uint32_t c = 0; c < 4; ++c) EXPECT_EQ(p[4 * r + c], 4 * c + r);
  }
}

TEST(MakePermutation, RandomIsReproducibleFromTheStream) {
  Rng a = Rng::stream(9, 2, 0), b = Rng::stream(9, 2, 0), c = Rng::stream(10, 2, 0);
  const Permutation pa = make_permutation(PermutationKind::kRandom, 64, a);
  EXPECT_EQ(pa, make_permutation(PermutationKind::kRandom, 64, b));
  EXPECT_NE(pa, make_permutation(PermutationKind::kRandom, 64, c));
}

TEST(MakePermutation, RandomIsNotTheIdentity) {
  Rng rng(3);
  const Permutation p = make_permutation(PermutationKind::kRandom, 64, rng);
  std::uint32_t fixed = 0;
  for (std::uint32_t i = 0; i < 64; ++i) fixed += p[i] == i;
  EXPECT_LT(fixed, 10u);
}

TEST(MakePermutation, FileKindIsNotMade) {
  Rng rng(1);
  EXPECT_THROW(make_permutation(PermutationKind::kFile, 4, rng), std::logic_error);
}

// ---- names and availability -------------------------------------------------------------------

TEST(PermutationKindNames, RoundTrip) {
  for (const char* name : {"random", "identity", "bit-reversal", "transpose", "partial"}) {
    EXPECT_EQ(permutation_kind_name(permutation_kind(name)), name);
  }
}

TEST(PermutationKindNames, UnknownNameIsAUsageErrorNamingTheOption) {
  try {
    permutation_kind("nope");
    FAIL() << "no UsageError";
  } catch (const UsageError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("--traffic", 0), 0u) << e.what();
  }
  EXPECT_THROW(permutation_kind("file"), UsageError);  // only through --permutation-file
}

TEST(PermutationKindNames, OnlyACommandWithAFileOptionOffersIt) {
  for (bool offered : {true, false}) {
    try {
      permutation_kind("file", offered);
      FAIL() << "no UsageError";
    } catch (const UsageError& e) {
      EXPECT_EQ(std::string(e.what()).find("--permutation-file") != std::string::npos, offered)
          << e.what();
    }
  }
}

TEST(PermutationUnavailable, BitReversalNeedsAPowerOfTwo) {
  EXPECT_NE(permutation_unavailable(PermutationKind::kBitReversal, 12), "");
  EXPECT_NE(permutation_unavailable(PermutationKind::kBitReversal, 0), "");
  EXPECT_EQ(permutation_unavailable(PermutationKind::kBitReversal, 16), "");
  EXPECT_EQ(permutation_unavailable(PermutationKind::kBitReversal, 1), "");
}

TEST(PermutationUnavailable, TransposeNeedsAPerfectSquare) {
  EXPECT_NE(permutation_unavailable(PermutationKind::kTranspose, 8), "");
  EXPECT_NE(permutation_unavailable(PermutationKind::kTranspose, 15), "");
  EXPECT_EQ(permutation_unavailable(PermutationKind::kTranspose, 16), "");
  EXPECT_EQ(permutation_unavailable(PermutationKind::kTranspose, 36), "");
}

TEST(PermutationUnavailable, OtherKindsWorkForAnyN) {
  for (PermutationKind k :
       {PermutationKind::kRandom, PermutationKind::kIdentity, PermutationKind::kPartial}) {
    for (std::uint32_t n : {1u, 7u, 12u}) EXPECT_EQ(permutation_unavailable(k, n), "");
  }
}

// ---- check_partial_permutation ----------------------------------------------------------------

TEST(CheckPartialPermutation, AcceptsPermutationsAndIdleSources) {
  EXPECT_EQ(check_partial_permutation({2, 0, 1}, 3), "");
  EXPECT_EQ(check_partial_permutation({kNoNode, 0, kNoNode}, 3), "");
  EXPECT_EQ(check_partial_permutation({kNoNode, kNoNode}, 2), "");
}

TEST(CheckPartialPermutation, CatchesADuplicateDestination) {
  const std::string why = check_partial_permutation({1, 2, 1, 0}, 4);
  EXPECT_NE(why.find("destination 1"), std::string::npos) << why;
  EXPECT_NE(why.find("sources 0 and 2"), std::string::npos) << why;
}

TEST(CheckPartialPermutation, CatchesAnOutOfRangeDestination) {
  const std::string why = check_partial_permutation({0, 4, 1, 2}, 4);
  EXPECT_NE(why.find("source 1"), std::string::npos) << why;
}

TEST(CheckPartialPermutation, CatchesAWrongLength) {
  EXPECT_NE(check_partial_permutation({0, 1, 2}, 4), "");
  EXPECT_NE(check_partial_permutation({0, 1, 2, 3, 4}, 4), "");
}

// ---- read_permutation_file --------------------------------------------------------------------

TEST(ReadPermutationFile, AcceptsCommentsDashesAndMinusOne) {
  TempFile f("# destinations of sources 0..4\n3 - 0  # comment after values\n\n-1 1\n");
  EXPECT_EQ(read_permutation_file(f.path(), 5), (Permutation{3, kNoNode, 0, kNoNode, 1}));
}

TEST(ReadPermutationFile, RejectsADuplicateDestination) {
  TempFile f("0 1 1 3\n");
  const std::string why = usage_error_of(f.path(), 4);
  EXPECT_EQ(why.rfind("--permutation-file", 0), 0u) << why;
}

TEST(ReadPermutationFile, RejectsAnOutOfRangeDestination) {
  TempFile f("0 1 2 4\n");
  EXPECT_EQ(usage_error_of(f.path(), 4).rfind("--permutation-file", 0), 0u);
}

TEST(ReadPermutationFile, RejectsTheWrongNumberOfEntries) {
  TempFile f("0 1 2\n");
  EXPECT_EQ(usage_error_of(f.path(), 4).rfind("--permutation-file", 0), 0u);
}

TEST(ReadPermutationFile, RejectsAWordThatIsNotADestination) {
  for (const char* content : {"0 1 x 3", "0 1 2.0 3", "0 1 -2 3", "0 1 2x 3"}) {
    TempFile f(content);
    EXPECT_EQ(usage_error_of(f.path(), 4).rfind("--permutation-file", 0), 0u) << content;
  }
}

TEST(ReadPermutationFile, RejectsAMissingFile) {
  const std::string why = usage_error_of("/nonexistent-dir/permutation.txt", 4);
  EXPECT_EQ(why.rfind("--permutation-file", 0), 0u) << why;
}

// ---- packets_of ---------------------------------------------------------------------------------

TEST(PacketsOf, OnePacketPerActiveSourceWithIdEqualToSource) {
  const std::vector<Packet> packets = packets_of({2, kNoNode, 0}, 5);
  ASSERT_EQ(packets.size(), 2u);
  EXPECT_EQ(packets[0], (Packet{0, 0, 2, payload_of(5, 0)}));
  EXPECT_EQ(packets[1], (Packet{2, 2, 0, payload_of(5, 2)}));
}

TEST(PacketsOf, PayloadsDependOnSeedAndId) {
  EXPECT_NE(payload_of(1, 0), payload_of(2, 0));
  EXPECT_NE(payload_of(1, 0), payload_of(1, 1));
  EXPECT_EQ(payload_of(1, 7), payload_of(1, 7));
}

}  // namespace
