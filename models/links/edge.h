#pragma once
/// \file
/// One directed edge's record in a store-and-forward network: the queue at its source and its
/// link, in half a cache line. A hop reads and writes both in the same step (the packet joins the
/// queue of its next edge, and the queue offers its head on the link), so together they cost
/// one miss where two records in two arrays cost two (issue 18; docs/benchmarks.md, session
/// 21). Two edges share a line (session 24: a 2-entry queue of 4-byte entries, and a link whose
/// trace and fault state is a LinkProbe kept apart): a node's 16 edges in the 2^16-cube fill 8
/// lines instead of 16, and the 2^20 edges 32 MiB instead of 64 (packet-hops per second 1.09x
/// at n = 16 and at n = 12; docs/benchmarks.md). The network keeps every node's edges in
/// one array, node x's label l at x * degree + l.
#include "models/links/edge_queue.h"
#include "models/links/link.h"

namespace optinet::sf {

struct alignas(32) Edge {
  EdgeQueue queue;
  Link link;
  /// Hints the memory system to fetch the record.
  void prefetch() const { optinet::prefetch(this); }
};
static_assert(sizeof(Edge) == 32, "two edges share a cache line");

}  // namespace optinet::sf
