#pragma once
/// \file
/// One directed edge's record in a store-and-forward network: the queue at its source and its
/// link, in one cache line. A hop reads and writes both in the same step (the packet joins the
/// queue of its next edge, and the queue offers its head on the link), so together they cost
/// one miss where two records in two arrays cost two (issue 18; docs/benchmarks.md, session
/// 21). The network keeps every node's edges in one array, node x's label l at x * degree + l.
#include "models/links/edge_queue.h"
#include "models/links/link.h"

namespace optinet::sf {

struct alignas(64) Edge {
  EdgeQueue queue;
  Link link;
  /// Hints the memory system to fetch the record.
  void prefetch() const { optinet::prefetch(this); }
};
static_assert(sizeof(Edge) == 64, "an edge is one cache line");

}  // namespace optinet::sf
