// The synchronizing mesh in SystemC: split, sync and join on sampled labellings under every
// indexing, back-pressure, link timing, and the run checker's own failures.
#include <gtest/gtest.h>

#include <tuple>

#include "protocols/mesh/registry.h"
#include "protocols/mesh/tree_node.h"
#include "tests/mesh/mesh_bench.h"
#include "tests/support/sanitized.h"

using namespace optinet::mesh;

namespace {

std::string joined(const std::vector<std::string>& e) {
  std::string s;
  for (const auto& x : e) s += x + "; ";
  return s;
}

void sampled_labellings(Indexing scheme, std::uint32_t n, std::uint32_t buffers, int runs,
                        const optinet::mesh::LoopConfig& loop = {4},
                        OutboxQueues outbox = OutboxQueues::kSingle) {
  auto protocol = optinet::mesh::make_protocol("experiment", loop);
  MeshTestBench bench(*protocol, {n, buffers, scheme, outbox});
  std::size_t splits = 0;
  for (int seed = 1; seed <= runs; ++seed) {
    const auto r = bench.run(seed);
    ASSERT_FALSE(r.hit_limit) << "seed " << seed;
    ASSERT_TRUE(r.errors.empty()) << "seed " << seed << ": " << joined(r.errors);
    ASSERT_LE(r.max_occupancy, buffers);
    for (const auto& g : r.groups) {
      if (g.kind != OpKind::kSplit) continue;
      ++splits;
      // Lemma 4 (3 ceil(log s_u) packets per link) and Lemma 5 (8 ceil(log s) tree steps) on
      // every split of the run.
      EXPECT_EQ(g.tree.lemma4_violations, 0) << "seed " << seed << ", op " << g.op;
      EXPECT_EQ(g.tree.lemma5_violations, 0) << "seed " << seed << ", op " << g.op;
      EXPECT_LE(g.tree.lemma4_max_ratio, 1.0);
      EXPECT_LE(g.tree.lemma5_max_ratio, 1.0);
    }
  }
  EXPECT_GE(splits, std::size_t(runs) * 4);  // at least one group per level
}

}  // namespace

TEST(MeshSim, HilbertFourByFour) { sampled_labellings(Indexing::kHilbert, 4, 1, 60); }
TEST(MeshSim, RowFourByFour) { sampled_labellings(Indexing::kRow, 4, 2, 60); }
TEST(MeshSim, ColumnFourByFour) { sampled_labellings(Indexing::kColumn, 4, 1, 60); }
TEST(MeshSim, SnakeFiveByFive) { sampled_labellings(Indexing::kSnake, 5, 1, 40); }
TEST(MeshSim, HilbertEightByEightOneBuffer) { sampled_labellings(Indexing::kHilbert, 8, 1, 20); }
// (One SystemC elaboration per test process: one bench per test.)
namespace {
optinet::mesh::LoopConfig one_by_one() {
  optinet::mesh::LoopConfig loop{4};
  loop.step4 = optinet::mesh::Step4Schedule::kOneByOne;
  return loop;
}
}  // namespace
TEST(MeshSim, StepFourOneByOne) { sampled_labellings(Indexing::kHilbert, 8, 1, 20, one_by_one()); }
TEST(MeshSim, StepFourOneByOnePerLinkOutbox) {
  sampled_labellings(Indexing::kSnake, 5, 2, 20, one_by_one(), OutboxQueues::kPerLink);
}
TEST(MeshSim, PaperLoopWithoutSyncs) {
  optinet::mesh::LoopConfig loop{4};
  loop.sync_after_split = false;
  auto protocol = optinet::mesh::make_protocol("experiment", loop);
  MeshTestBench bench(*protocol, {8, 2, Indexing::kHilbert});
  for (int seed = 1; seed <= 20; ++seed) {
    const auto r = bench.run(seed);
    ASSERT_TRUE(r.errors.empty()) << "seed " << seed << ": " << joined(r.errors);
    std::size_t splits = 0, syncs = 0, joins = 0;
    for (const auto& g : r.groups) {
      splits += g.kind == OpKind::kSplit;
      syncs += g.kind == OpKind::kSync;
      joins += g.kind == OpKind::kJoin;
    }
    EXPECT_GE(splits, 4u);
    EXPECT_EQ(syncs, 0u);
    EXPECT_GE(joins, 4u);
  }
}
TEST(MeshSim, OutboxPerLinkHilbert) {
  sampled_labellings(Indexing::kHilbert, 8, 1, 20, {4}, OutboxQueues::kPerLink);
}
TEST(MeshSim, OutboxPerLinkRow) {
  sampled_labellings(Indexing::kRow, 4, 2, 30, {4}, OutboxQueues::kPerLink);
}

TEST(MeshSim, ASeedFixesARun) {
  auto protocol = optinet::mesh::make_protocol("experiment", {4});
  MeshTestBench bench(*protocol, {8, 2, Indexing::kHilbert});
  const auto a = bench.run(7), other = bench.run(8), b = bench.run(7);
  ASSERT_TRUE(a.errors.empty() && b.errors.empty() && other.errors.empty());
  EXPECT_EQ(a.slots, b.slots);
  EXPECT_EQ(a.packets, b.packets);
  ASSERT_EQ(a.groups.size(), b.groups.size());
  for (std::size_t i = 0; i < a.groups.size(); ++i) {
    EXPECT_EQ(a.groups[i].size, b.groups[i].size);
    EXPECT_EQ(a.groups[i].overhead, b.groups[i].overhead);
  }
  EXPECT_NE(a.packets, other.packets);  // another seed draws other sub-groups
}

TEST(MeshSim, WholeMeshSyncTakesTheTreePathsTwice) {
  // One sync of the whole 4 x 4 mesh, nothing else in the mesh: the combining pass ends when
  // the root has heard from its farthest leaf, the broadcast when that leaf hears back.
  auto protocol = optinet::mesh::make_protocol("sync", {});
  MeshTestBench bench(*protocol, {4, 2, Indexing::kRow});
  const auto r = bench.run(1);
  ASSERT_TRUE(r.errors.empty()) << joined(r.errors);
  ASSERT_EQ(r.groups.size(), 1u);
  // Row-major tree of 16: root 8 (0,2); longest root-leaf path in links.
  const MeshIndexing ix(4, Indexing::kRow);
  std::vector<Coord> ranked;
  for (std::uint32_t i = 0; i < 16; ++i) ranked.push_back(ix.coord(i));
  const std::uint64_t longest = longest_leaf_root_path(ranked);
  // Packets only meet at tree vertices, one message per tree edge and direction: no link is
  // shared by two packets in a slot along the longest path unless their paths cross, so the
  // sync takes at least twice the longest path.
  EXPECT_GE(r.groups[0].overhead, 2 * longest);
  EXPECT_LE(r.groups[0].overhead, 2 * longest + 8);
}

namespace {

// Every processor sends `count` messages to (0, 0) and to its transpose, then reads what it
// is owed: a hot spot under back-pressure.
class Flood : public MeshProtocol {
 public:
  static constexpr int kCount = 6;
  void run(MeshContext& ctx) override {
    const Coord me = ctx.coord();
    const std::uint32_t n = ctx.indexing().n();
    int owed = 0;
    if (me == Coord{0, 0}) owed += kCount * int(n * n - 1);
    if (me.x != me.y) owed += kCount;
    for (int i = 0; i < kCount; ++i) {
      MeshMsg m;
      if (!(me == Coord{0, 0})) {
        m.dst = {0, 0};
        ctx.send(m);
      }
      if (me.x != me.y) {
        m.dst = {me.y, me.x};
        ctx.send(m);
      }
    }
    for (int i = 0; i < owed; ++i) ctx.receive();
    ctx.observer().finished(ctx.node(), 0);
  }
};

}  // namespace

TEST(MeshSim, BackPressureNeverDrops) {
  Flood flood;
  MeshTestBench bench(flood, {8, 1, Indexing::kRow});
  const auto r = bench.run(3);
  ASSERT_FALSE(r.hit_limit);
  ASSERT_TRUE(r.errors.empty()) << joined(r.errors);
  EXPECT_EQ(r.packets, std::uint64_t(Flood::kCount) * (63 + 56));
  EXPECT_EQ(r.max_occupancy, 1u);  // buffers filled, never past Q
  // (0, 0) has two incoming links: it cannot receive its 6 * 63 messages in fewer slots.
  EXPECT_GE(r.slots, std::uint64_t(Flood::kCount) * 63 / 2);
}

namespace {

// (0, 0) sends one message to (3, 2), which answers at once; the answer must take exactly 5
// slots (the first message leaves before slot 0's rising edge, so it arrives in slot 4).
class OneMessage : public MeshProtocol {
 public:
  std::int64_t first_arrival = -1, answer_took = -1;
  void run(MeshContext& ctx) override {
    MeshMsg m;
    if (ctx.coord() == Coord{0, 0}) {
      m.dst = {3, 2};
      ctx.send(m);
      const MeshMsg answer = ctx.receive();
      answer_took = std::int64_t(ctx.slot()) - answer.word[0];
    }
    if (ctx.coord() == Coord{3, 2}) {
      ctx.receive();
      first_arrival = std::int64_t(ctx.slot());
      m.dst = {0, 0};
      m.word[0] = first_arrival;
      ctx.send(m);
    }
    ctx.observer().finished(ctx.node(), 0);
  }
};

// Processors report a split whose trees are the whole mesh's (wrong), or leave a sync before
// (0, 0) arrives.
class Liar : public MeshProtocol {
 public:
  bool early_leave = false;
  void run(MeshContext& ctx) override {
    const TreeView whole = whole_tree(ctx);
    if (early_leave) {
      if (ctx.coord() == Coord{0, 0})
        for (int i = 0; i < 3; ++i) {  // three slots of messages to itself
          MeshMsg m;
          m.dst = ctx.coord();
          ctx.send(m);
          ctx.receive();
        }
      ctx.observer().entered(ctx.node(), 1, OpKind::kSync, 0, 0, ctx.slot());
      ctx.observer().left(ctx.node(), 1, ctx.slot(), whole);
    } else {
      ctx.observer().entered(ctx.node(), 1, OpKind::kSplit, 0, int(ctx.node() % 2), ctx.slot());
      ctx.observer().left(ctx.node(), 1, ctx.slot(), whole);
    }
    ctx.observer().finished(ctx.node(), 0);
  }
  static TreeView whole_tree(MeshContext& ctx) {
    const auto& ix = ctx.indexing();
    const auto l = tree_links(ix.n() * ix.n(), ix.index(ctx.coord()));
    TreeView v;
    v.size = ix.n() * ix.n();
    if ((v.has_parent = l.parent != kNoRank)) v.parent = ix.coord(std::uint32_t(l.parent));
    if ((v.has_left = l.left != kNoRank)) v.left = ix.coord(std::uint32_t(l.left));
    if ((v.has_right = l.right != kNoRank)) v.right = ix.coord(std::uint32_t(l.right));
    return v;
  }
};

}  // namespace

TEST(MeshSim, DistanceDCostsDSlots) {
  OneMessage p;
  MeshTestBench bench(p, {4, 1, Indexing::kRow});
  const auto r = bench.run(1);
  ASSERT_TRUE(r.errors.empty()) << joined(r.errors);
  EXPECT_EQ(p.first_arrival, 4);
  EXPECT_EQ(p.answer_took, 5);
}

namespace {

// (0, 0) sends a message to its east neighbour, then one to its north neighbour; each
// neighbour records the slot its message arrived in.
class TwoNeighbours : public MeshProtocol {
 public:
  std::int64_t east = -1, north = -1;
  void run(MeshContext& ctx) override {
    const Coord me = ctx.coord();
    if (me == Coord{0, 0}) {
      MeshMsg m;
      m.dst = {1, 0};
      ctx.send(m);
      m.dst = {0, 1};
      ctx.send(m);
    }
    if (me == Coord{1, 0}) {
      ctx.receive();
      east = std::int64_t(ctx.slot());
    }
    if (me == Coord{0, 1}) {
      ctx.receive();
      north = std::int64_t(ctx.slot());
    }
    ctx.observer().finished(ctx.node(), 0);
  }
};

}  // namespace

namespace {

// One link each: with a single outbox only its first message competes, so the second leaves a
// slot later (arrivals in slots 0 and 1); with a queue per tree link both leave at once.
void two_neighbours(OutboxQueues q, std::int64_t north_arrives) {
  TwoNeighbours p;
  MeshTestBench bench(p, {4, 1, Indexing::kRow, q});
  const auto r = bench.run(1);
  ASSERT_TRUE(r.errors.empty()) << joined(r.errors);
  EXPECT_EQ(p.east, 0);
  EXPECT_EQ(p.north, north_arrives);
}

}  // namespace

TEST(MeshSim, OutboxSingleQueueSendsOneAtATime) { two_neighbours(OutboxQueues::kSingle, 1); }
TEST(MeshSim, OutboxQueuePerTreeLink) { two_neighbours(OutboxQueues::kPerLink, 0); }

TEST(MeshSim, CheckerCatchesAWrongTree) {
  Liar p;
  MeshTestBench bench(p, {4, 1, Indexing::kHilbert});
  const auto r = bench.run(1);
  EXPECT_NE(joined(r.errors).find("other than the mapping procedure's"), std::string::npos)
      << joined(r.errors);
}

TEST(MeshSim, CheckerCatchesAnEarlyLeave) {
  Liar p;
  p.early_leave = true;
  MeshTestBench bench(p, {4, 1, Indexing::kHilbert});
  const auto r = bench.run(1);
  EXPECT_NE(joined(r.errors).find("before the last one entered"), std::string::npos)
      << joined(r.errors);
}

TEST(MeshSim, ConsecutiveSubGroups) {
  optinet::mesh::LoopConfig loop{4, true};
  auto protocol = optinet::mesh::make_protocol("experiment", loop);
  MeshTestBench bench(*protocol, {8, 2, Indexing::kRow});
  for (int seed = 1; seed <= 10; ++seed) {
    const auto r = bench.run(seed);
    ASSERT_TRUE(r.errors.empty()) << joined(r.errors);
  }
}

namespace {

// One split of the whole 4 x 4 mesh with the labelling given by the run's seed (bit k is the
// label of node k = 4y + x), one sync, then the join.
class LabelledSplit : public MeshProtocol {
 public:
  void run(MeshContext& ctx) override {
    optinet::mesh::TreeNode node(ctx);
    node.start_whole_mesh();
    node.split(static_cast<int>((ctx.run_seed() >> ctx.node()) & 1));
    node.sync();
    node.join();
    node.finish();
  }
};

// The release build runs every labelling; the sanitizer build every 7th.

void every_labelling(Indexing scheme, std::uint32_t first, std::uint32_t last) {
  LabelledSplit p;
  MeshTestBench bench(p, {4, 1, scheme});
  for (std::uint32_t labels = first; labels <= last; labels += optinet::test::kSanitizedStride) {
    const auto r = bench.run(labels);
    ASSERT_FALSE(r.hit_limit) << labels;
    ASSERT_TRUE(r.errors.empty()) << "labels " << labels << ": " << joined(r.errors);
  }
}

}  // namespace

// Every 0/1 labelling of the 4 x 4 mesh, split then joined in SystemC; the checker compares
// every processor's new tree with the mapping procedure's and the joined tree with the old one.
// The 2^16 labellings of each scheme run in 8 shards of 2^13, so that each test stays well
// inside ctest's per-test timeout in the sanitizer build.
class MeshExhaustive : public ::testing::TestWithParam<std::tuple<Indexing, std::uint32_t>> {};

TEST_P(MeshExhaustive, Labellings) {
  constexpr std::uint32_t kShardSize = 1u << 13;
  const auto [scheme, shard] = GetParam();
  every_labelling(scheme, shard * kShardSize, (shard + 1) * kShardSize - 1);
}

INSTANTIATE_TEST_SUITE_P(HilbertAndRowMajor, MeshExhaustive,
                         ::testing::Combine(::testing::Values(Indexing::kHilbert, Indexing::kRow),
                                            ::testing::Range(0u, 8u)),
                         [](const auto& info) {
                           return optinet::mesh::indexing_name(std::get<0>(info.param)) + "_" +
                                  std::to_string(std::get<1>(info.param));
                         });
