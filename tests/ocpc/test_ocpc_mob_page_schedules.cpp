// The schedule tables of docs/results/ocpc-mob.md are the plan code's: every row of the OCPC
// and MOB-PC schedule tables, and the schedule lengths of the scale study's tables, recomputed
// from ocpc_plan and mob_plan.
#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "protocols/ocpc/gjlr_plan.h"

namespace optinet::ocpc::gjlr {
namespace {

using Row = std::vector<std::string>;

std::string trimmed(const std::string& text) {
  const auto first = text.find_first_not_of(' ');
  if (first == std::string::npos) return "";
  return text.substr(first, text.find_last_not_of(' ') - first + 1);
}

Row cells(const std::string& line) {
  Row row;
  std::stringstream in(line.substr(1));  // after the leading '|'
  for (std::string cell; std::getline(in, cell, '|');) row.push_back(trimmed(cell));
  return row;
}

struct Table {
  Row header;
  std::vector<Row> rows;
};

/// The first markdown table of the page whose header line starts with `start`.
Table page_table(const std::string& start) {
  std::ifstream page(OPTINET_SOURCE_DIR "/docs/results/ocpc-mob.md");
  Table table;
  for (std::string line; std::getline(page, line);) {
    if (table.header.empty()) {
      if (line.rfind(start, 0) == 0) table.header = cells(line);
      continue;
    }
    if (line.empty() || line[0] != '|') break;
    if (line.rfind("|--", 0) != 0 && line.rfind("|:-", 0) != 0) table.rows.push_back(cells(line));
  }
  EXPECT_FALSE(table.header.empty()) << "no table starting " << start;
  return table;
}

/// Cells [first, last) of a row as numbers.
std::vector<std::uint32_t> numbers(const Row& row, std::size_t first, std::size_t last) {
  std::vector<std::uint32_t> values;
  for (std::size_t i = first; i < last && i < row.size(); ++i) values.push_back(std::stoul(row[i]));
  return values;
}

/// "2^9" -> 512.
std::uint32_t power_of_two(const std::string& text) {
  EXPECT_EQ(text.rfind("2^", 0), 0u) << text;
  return 1u << std::stoul(text.substr(2));
}

/// "6 / 8 / 30" -> {6, 8, 30}.
std::vector<std::uint32_t> slashed(const std::string& text) {
  std::vector<std::uint32_t> values;
  std::stringstream in(text);
  for (std::string part; std::getline(in, part, '/');) values.push_back(std::stoul(trimmed(part)));
  return values;
}

std::vector<std::uint32_t> parts(const LevelSteps& level) {
  return {level.thinning, level.spreading, level.to_groups};
}

Constants scaled(double scale) {
  Constants c;
  c.scale = scale;
  return c;
}

TEST(OcpcMobPage, OcpcScheduleTableIsThePlan) {
  const auto rows = page_table("| p | k | k' | h | level 1").rows;
  ASSERT_EQ(rows.size(), 12u);
  for (const auto& r : rows) {
    const auto plan = ocpc_plan(power_of_two(r[0]), std::stoul(r[3]), Constants{});
    SCOPED_TRACE(r[0] + ", h = " + r[3]);
    EXPECT_EQ(std::to_string(plan.k), r[1]);
    EXPECT_EQ(std::to_string(plan.k_sub), r[2]);
    EXPECT_EQ(parts(plan.level1), slashed(r[4]));
    EXPECT_EQ(parts(plan.level2), slashed(r[5]));
    EXPECT_EQ(std::to_string(plan.valiant), r[6]);
    EXPECT_EQ(std::to_string(plan.scheduled_steps()), r[7]);
  }
}

TEST(OcpcMobPage, MobScheduleTableIsThePlan) {
  const auto rows = page_table("| p | k | h | h_mob | step 1").rows;
  ASSERT_GE(rows.size(), 10u);
  for (const auto& r : rows) {
    const auto plan = mob_plan(power_of_two(r[0]), std::stoul(r[2]), Constants{});
    SCOPED_TRACE(r[0] + ", h = " + r[2]);
    const std::vector<std::uint32_t> expected{
        plan.k,     plan.h_mob,         plan.step1, plan.step2,
        plan.step3, plan.step4.total(), plan.step5, plan.scheduled_steps()};
    auto page = numbers(r, 3, 10);
    page.insert(page.begin(), std::stoul(r[1]));
    EXPECT_EQ(page, expected);
  }
}

TEST(OcpcMobPage, MobScaleStudysSchedulesAreThePlans) {
  // Side 2^7, random 2-relations: the steps of the five steps and their sum per scale.
  const auto rows = page_table("| S | steps 1 / 2 / 3 / 4 / 5 | schedule").rows;
  ASSERT_GE(rows.size(), 5u);
  for (const auto& r : rows) {
    SCOPED_TRACE("S = " + r[0]);
    const auto plan = mob_plan(128, 2, scaled(std::stod(r[0])));
    EXPECT_EQ(slashed(r[1]), (std::vector<std::uint32_t>{plan.step1, plan.step2, plan.step3,
                                                         plan.step4.total(), plan.step5}));
    EXPECT_EQ(std::to_string(plan.scheduled_steps()), r[2]);
  }
}

TEST(OcpcMobPage, PermutationScaleStudysSchedulesAreThePlans) {
  // p = 2^9, h = 1: the schedule's steps per scale.
  const auto table = page_table("| p = 2^9, h = 1, S =");
  const auto& rows = table.rows;
  const auto& scales = table.header;
  ASSERT_EQ(rows.size(), 2u);
  ASSERT_EQ(rows[0][0], "steps (schedule)");
  ASSERT_EQ(scales.size(), rows[0].size());
  for (std::size_t i = 1; i < scales.size(); ++i) {
    SCOPED_TRACE("S = " + scales[i]);
    EXPECT_EQ(std::to_string(ocpc_plan(512, 1, scaled(std::stod(scales[i]))).scheduled_steps()),
              rows[0][i]);
  }
}

TEST(OcpcMobPage, FailureStudysSchedulesAreThePlans) {
  // Failed runs per p and S, the schedule's steps at h = 2 in brackets ("-": not run).
  const auto table = page_table("| p | S = 0.25 |");
  const auto& header = table.header;
  const auto& rows = table.rows;
  ASSERT_GE(rows.size(), 4u);
  int checked = 0;
  for (const auto& r : rows) {
    for (std::size_t i = 1; i < r.size() && i < header.size(); ++i) {
      const auto open = r[i].find('(');
      if (open == std::string::npos || r[i].find("(-)") != std::string::npos) continue;
      const double scale = std::stod(header[i].substr(header[i].find('=') + 1));
      SCOPED_TRACE(r[0] + ", " + header[i]);
      const auto steps = r[i].substr(open + 1, r[i].find(')') - open - 1);
      EXPECT_EQ(std::to_string(ocpc_plan(power_of_two(r[0]), 2, scaled(scale)).scheduled_steps()),
                steps);
      ++checked;
    }
  }
  EXPECT_GE(checked, 20);
}

}  // namespace
}  // namespace optinet::ocpc::gjlr
