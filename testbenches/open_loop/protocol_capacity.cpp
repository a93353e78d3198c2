#include "testbenches/open_loop/protocol_capacity.h"

#include <algorithm>
#include <cstdio>
#include <vector>

#include "testbenches/open_loop/traffic_matrix.h"

namespace optinet {

namespace {

std::string number(double x) {
  char text[40];
  std::snprintf(text, sizeof text, "%.6g", x);
  return text;
}

/// What a search measures where nothing fixes the capacity in advance.
ProtocolCapacity measured_only(const std::string& why) {
  return ProtocolCapacity{std::nullopt,
                          "measured only: " + why +
                              " (--find-knee measures the knee, --find-stability-limit the "
                              "strict-stability limit)"};
}

/// A schedule whose busiest class carries `load` packets per slot per unit rate and is served
/// once per `period` slots.
ProtocolCapacity scheduled(double load, double period, const std::string& how) {
  if (load <= 0) return ProtocolCapacity{0.0, how + "; no traffic"};
  return ProtocolCapacity{1.0 / (period * load), how};
}

/// The most source i sends to one destination per unit rate: its uniform share plus its
/// largest flow (a source whose uniform part is all it sends: that share alone).
double busiest_pair(const TrafficMatrix& m, NodeId i, double spread) {
  double flow = 0;
  for (const TrafficMatrix::Flow* f = m.begin(i); f != m.end(i); ++f)
    flow = std::max(flow, f->share);
  return m.uniform[i] * spread + flow;
}

}  // namespace

double pops_tdma_class_load(const pops::PopsShape& s, const OpenLoopConfig& traffic) {
  const std::uint32_t n = s.n();
  const TrafficMatrix m = expected_traffic(n, traffic);
  const double spread = n > 1 ? 1.0 / (n - 1) : 0.0;
  double worst = 0;
  if (s.d <= s.g) {
    // Every (source, destination) pair is a class of its own.
    for (NodeId i = 0; i < n; ++i) worst = std::max(worst, busiest_pair(m, i, spread));
    return worst;
  }
  // d > g: class (b, c) of source i holds the receivers (b, j) with j = c (mod g).
  std::vector<double> load(std::size_t{s.g} * s.g);
  for (NodeId i = 0; i < n; ++i) {
    std::fill(load.begin(), load.end(), 0.0);
    for (NodeId to = 0; to < n; ++to) {
      if (to == i) continue;
      load[std::size_t{s.group_of(to)} * s.g + s.index_in_group(to) % s.g] += m.uniform[i] * spread;
    }
    for (const TrafficMatrix::Flow* f = m.begin(i); f != m.end(i); ++f) {
      const NodeId t = f->target;
      load[std::size_t{s.group_of(t)} * s.g + s.index_in_group(t) % s.g] += f->share;
    }
    worst = std::max(worst, *std::max_element(load.begin(), load.end()));
  }
  return worst;
}

ProtocolCapacity pops_protocol_capacity(const pops::PopsShape& s, const std::string& protocol,
                                        const OpenLoopConfig& traffic) {
  if (protocol == "tdma") {
    const std::string classes = s.d <= s.g
                                    ? "one slot per (source, destination) pair"
                                    : "one slot per source and class of " +
                                          std::to_string(s.d / s.g) + " receivers of a group";
    return scheduled(pops_tdma_class_load(s, traffic), s.n(),
                     "exact: TDMA frame of " + std::to_string(s.n()) + " slots, " + classes +
                         ", the busiest class's arrivals at one per frame");
  }
  if (protocol == "reservation") {
    return measured_only("reservation's matchings depend on the requests of each slot");
  }
  return measured_only("random access with back-off, metastable near its knee");
}

ProtocolCapacity ocpc_protocol_capacity(const ocpc::OcpcShape& s, const std::string& protocol,
                                        const OpenLoopConfig& traffic) {
  if (protocol == "reservation") {
    return measured_only("reservation's matchings depend on the requests of each slot");
  }
  if (protocol != "tdma" || s.topology == ocpc::Topology::kDmob) {
    return measured_only("random access with coin flips, metastable near its knee");
  }
  const std::uint32_t n = s.n();
  const TrafficMatrix m = expected_traffic(n, traffic);
  const double spread = n > 1 ? 1.0 / (n - 1) : 0.0;
  double worst = 0;
  if (s.topology == ocpc::Topology::kOcpc) {
    for (NodeId i = 0; i < n; ++i) worst = std::max(worst, busiest_pair(m, i, spread));
    return scheduled(worst, s.p - 1,
                     "exact: TDMA frame of " + number(s.p - 1) +
                         " slots, one per (source, destination) pair, the busiest pair's "
                         "arrivals at one per frame");
  }
  // MOB-PC, row first: a row hop (x, column c) carries x's packets for column c; a column hop
  // (relay (r, c), row r') the packets of row r for (r', c). Each is served once per 2 (p - 1).
  const std::uint32_t p = s.p;
  std::vector<double> row_uniform(p, 0.0);
  for (NodeId i = 0; i < n; ++i) row_uniform[s.row(i)] += m.uniform[i] * spread;
  std::vector<double> row_hop(std::size_t{n} * p, 0.0);     // [x * p + column]
  std::vector<double> column_hop(std::size_t{n} * p, 0.0);  // [relay * p + row]
  for (NodeId i = 0; i < n; ++i) {
    for (std::uint32_t c = 0; c < p; ++c) {
      if (c != s.column(i)) row_hop[std::size_t{i} * p + c] = m.uniform[i] * spread * p;
    }
    for (std::uint32_t r = 0; r < p; ++r) {
      if (r != s.row(i)) column_hop[std::size_t{i} * p + r] = row_uniform[s.row(i)];
    }
  }
  for (NodeId i = 0; i < n; ++i) {
    for (const TrafficMatrix::Flow* f = m.begin(i); f != m.end(i); ++f) {
      const NodeId t = f->target;
      if (s.column(t) != s.column(i)) row_hop[std::size_t{i} * p + s.column(t)] += f->share;
      if (s.row(t) != s.row(i)) {
        column_hop[std::size_t{s.node(s.row(i), s.column(t))} * p + s.row(t)] += f->share;
      }
    }
  }
  worst = std::max(*std::max_element(row_hop.begin(), row_hop.end()),
                   *std::max_element(column_hop.begin(), column_hop.end()));
  return scheduled(worst, 2.0 * (p - 1),
                   "exact: TDMA row and column shifts, period " + number(2.0 * (p - 1)) +
                       " slots, row first; the busiest hop class's arrivals at one per period");
}

}  // namespace optinet
