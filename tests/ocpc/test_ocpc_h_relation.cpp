/// \file
/// h-relations: the generators give exactly what they promise, the checker names the processor
/// that breaks the bound, and relation files are read and refused as documented.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "testbenches/io/usage_error.h"
#include "testbenches/traffic/h_relation.h"

namespace optinet {
namespace {

std::vector<std::uint32_t> degrees(const Relation& r, std::uint32_t n, bool out) {
  std::vector<std::uint32_t> d(n, 0);
  for (const RelationPair& m : r) ++d[out ? m.source : m.destination];
  return d;
}

TEST(HRelation, RandomIsExactlyHInAndOutWithoutSelfMessages) {
  for (std::uint32_t n : {2u, 3u, 17u, 64u}) {
    for (std::uint32_t h : {1u, 2u, 5u}) {
      Rng rng(n * 100 + h);
      const Relation r = make_relation(RelationKind::kRandom, n, h, rng);
      ASSERT_EQ(r.size(), std::size_t{n} * h);
      EXPECT_EQ(check_h_relation(r, n, h), "");
      for (std::uint32_t d : degrees(r, n, true)) EXPECT_EQ(d, h);
      for (std::uint32_t d : degrees(r, n, false)) EXPECT_EQ(d, h);
      for (const RelationPair& m : r) EXPECT_NE(m.source, m.destination);
    }
  }
}

TEST(HRelation, PermutationIsAOneRelation) {
  Rng rng(5);
  const Relation r = make_relation(RelationKind::kPermutation, 50, 1, rng);
  EXPECT_EQ(r.size(), 50u);
  EXPECT_EQ(check_h_relation(r, 50, 1), "");
}

TEST(HRelation, LowerBoundIsPairsOfSendersWithACommonDestination) {
  Rng rng(9);
  const std::uint32_t n = 64;
  const Relation r = make_relation(RelationKind::kLowerBound, n, 2, rng);
  ASSERT_EQ(r.size(), 2u * (n / 4));
  EXPECT_EQ(check_h_relation(r, n, 2), "");
  EXPECT_NE(check_h_relation(r, n, 1), "");
  std::set<NodeId> involved;
  for (std::size_t k = 0; k < r.size(); k += 2) {
    EXPECT_EQ(r[k].destination, r[k + 1].destination);
    involved.insert({r[k].source, r[k + 1].source, r[k].destination});
  }
  EXPECT_EQ(involved.size(), 3u * (n / 4));  // 3n/4 distinct processors
}

TEST(HRelation, CheckerNamesTheProcessorThatBreaksTheBound) {
  const Relation sends_three = {{1, 2}, {1, 3}, {1, 4}};
  EXPECT_NE(check_h_relation(sends_three, 8, 2).find("processor 1 sends"), std::string::npos);
  const Relation receives_three = {{1, 7}, {2, 7}, {3, 7}};
  EXPECT_NE(check_h_relation(receives_three, 8, 2).find("processor 7 receives"), std::string::npos);
  EXPECT_NE(check_h_relation({{3, 3}}, 8, 2).find("own source"), std::string::npos);
  EXPECT_NE(check_h_relation({{3, 9}}, 8, 2).find("outside"), std::string::npos);
  EXPECT_EQ(check_h_relation(receives_three, 8, 3), "");
}

TEST(HRelation, FileIsReadAndCheckedAgainstH) {
  const std::string path = testing::TempDir() + "ocpc_relation.txt";
  {
    std::ofstream f(path);
    f << "# source destination\n0 1\n0 2   # two from 0\n3 1\n";
  }
  const Relation r = read_relation_file(path, 4, 2);
  ASSERT_EQ(r.size(), 3u);
  EXPECT_EQ(r[1].source, 0u);
  EXPECT_EQ(r[1].destination, 2u);
  try {
    read_relation_file(path, 4, 1);
    FAIL() << "an h = 1 bound must be refused";
  } catch (const UsageError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("--relation-file"), std::string::npos);
    EXPECT_NE(what.find("processor 0"), std::string::npos);
  }
  {
    std::ofstream f(path);
    f << "0 1 2\n";
  }
  EXPECT_THROW(read_relation_file(path, 4, 2), UsageError);
  std::remove(path.c_str());
  EXPECT_THROW(read_relation_file(path, 4, 2), UsageError);
}

}  // namespace
}  // namespace optinet
