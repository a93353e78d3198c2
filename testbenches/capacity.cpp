#include "testbenches/capacity.h"

#include <vector>

namespace optinet {

namespace {

/// Expected traffic per unit injection rate: `uniform[i]` of source i's packets spread
/// uniformly over the other nodes, `to[i]` of them sent to node `target[i]`.
struct TrafficMatrix {
  std::vector<double> uniform;
  std::vector<double> fixed;
  std::vector<NodeId> target;
};

TrafficMatrix expected_traffic(std::uint32_t n, const OpenLoopConfig& c) {
  TrafficMatrix m{std::vector<double>(n, 0.0), std::vector<double>(n, 0.0),
                  std::vector<NodeId>(n, kNoNode)};
  for (NodeId i = 0; i < n; ++i) {
    switch (c.rule) {
      case DestinationRule::kUniform:
        m.uniform[i] = 1;
        break;
      case DestinationRule::kHotspot:
        if (i == c.hotspot) {
          m.uniform[i] = 1;
        } else {
          m.uniform[i] = 1 - c.fraction;
          m.fixed[i] = c.fraction;
          m.target[i] = c.hotspot;
        }
        break;
      case DestinationRule::kTranspose:
        m.target[i] = transpose_destination(i, n);
        break;
      case DestinationRule::kBitReversal:
        m.target[i] = bit_reversal_destination(i, n);
        break;
      case DestinationRule::kNeighbour:
        m.target[i] = neighbour_destination(i, n);
        break;
    }
    if (c.rule != DestinationRule::kUniform && c.rule != DestinationRule::kHotspot) {
      m.fixed[i] = m.target[i] == i ? 0.0 : 1.0;  // self-addressed packets are not created
    }
  }
  return m;
}

}  // namespace

CapacityBound pops_capacity(const pops::PopsShape& s, const OpenLoopConfig& traffic) {
  const std::uint32_t n = s.n();
  const TrafficMatrix m = expected_traffic(n, traffic);
  const double spread = n > 1 ? 1.0 / (n - 1) : 0.0;
  std::vector<double> group_uniform(s.g, 0.0);
  double all_uniform = 0;
  std::vector<double> receiver(n, 0.0);
  std::vector<double> coupler(std::size_t{s.g} * s.g, 0.0);  // [b * g + a]
  double transmitter = 0;
  for (NodeId i = 0; i < n; ++i) {
    group_uniform[s.group_of(i)] += m.uniform[i];
    all_uniform += m.uniform[i];
    transmitter = std::max(transmitter, m.uniform[i] + m.fixed[i]);
    if (m.fixed[i] > 0) {
      receiver[m.target[i]] += m.fixed[i];
      coupler[std::size_t{s.group_of(m.target[i])} * s.g + s.group_of(i)] += m.fixed[i];
    }
  }
  CapacityBound worst{transmitter, "every transmitter"};
  const auto consider = [&worst](double load, const std::string& what) {
    if (load > worst.rate) worst = CapacityBound{load, what};
  };
  for (NodeId j = 0; j < n; ++j) {
    consider(receiver[j] + (all_uniform - m.uniform[j]) * spread, "receiver " + std::to_string(j));
  }
  for (std::uint32_t b = 0; b < s.g; ++b) {
    for (std::uint32_t a = 0; a < s.g; ++a) {
      // Uniform packets of group a reach the d nodes of group b (d - 1 when b = a).
      const double uniform = group_uniform[a] * (s.d - (a == b ? 1.0 : 0.0)) * spread;
      consider(coupler[std::size_t{b} * s.g + a] + uniform,
               "coupler c(" + std::to_string(b) + "," + std::to_string(a) + ")");
    }
  }
  // `worst.rate` is the largest load per unit injection rate; one frame per slot is the limit.
  worst.rate = worst.rate > 0 ? 1.0 / worst.rate : 0.0;
  return worst;
}

CapacityBound ocpc_capacity(const ocpc::OcpcShape& s, const OpenLoopConfig& traffic) {
  const std::uint32_t n = s.n();
  const TrafficMatrix m = expected_traffic(n, traffic);
  const double spread = n > 1 ? 1.0 / (n - 1) : 0.0;
  const bool mob = s.topology == ocpc::Topology::kMob;
  std::vector<double> sent(n, 0.0);      // frames each transmitter sends per unit rate
  std::vector<double> received(n, 0.0);  // frames each receiver takes
  std::vector<double> row_uniform(mob ? s.p : 1, 0.0);
  double all_uniform = 0;
  for (NodeId i = 0; i < n; ++i) {
    sent[i] += m.uniform[i] + m.fixed[i];
    all_uniform += m.uniform[i];
    if (mob) row_uniform[s.row(i)] += m.uniform[i];
    if (m.fixed[i] > 0) {
      const NodeId t = m.target[i];
      received[t] += m.fixed[i];
      if (mob && s.row(i) != s.row(t) && s.column(i) != s.column(t)) {
        const NodeId corner = s.node(s.row(i), s.column(t));
        received[corner] += m.fixed[i];
        sent[corner] += m.fixed[i];
      }
    }
  }
  for (NodeId v = 0; v < n; ++v) {
    received[v] += (all_uniform - m.uniform[v]) * spread;
    if (mob) {
      // Uniform packets of v's row, other than v's own, bound for v's column in other rows.
      const double relayed = (row_uniform[s.row(v)] - m.uniform[v]) * (s.p - 1) * spread;
      received[v] += relayed;
      sent[v] += relayed;
    }
  }
  CapacityBound worst{0, ""};
  for (NodeId v = 0; v < n; ++v) {
    if (sent[v] > worst.rate) worst = CapacityBound{sent[v], "transmitter " + std::to_string(v)};
    if (received[v] > worst.rate) {
      worst = CapacityBound{received[v], "receiver " + std::to_string(v)};
    }
  }
  worst.rate = worst.rate > 0 ? 1.0 / worst.rate : 0.0;
  return worst;
}

}  // namespace optinet
