#include "testbenches/open_loop/capacity.h"

#include <algorithm>
#include <stdexcept>
#include <vector>

#include "models/topology/grid.h"
#include "models/topology/hypercube.h"
#include "protocols/sf/schemes.h"
#include "testbenches/open_loop/traffic_matrix.h"

namespace optinet {

double TrafficMatrix::fixed(NodeId source) const {
  double sum = 0;
  for (const Flow* f = begin(source); f != end(source); ++f) sum += f->share;
  return sum;
}

double TrafficMatrix::fixed_to(NodeId source, NodeId t) const {
  const Flow* f = std::lower_bound(begin(source), end(source), t,
                                   [](const Flow& a, NodeId b) { return a.target < b; });
  return f != end(source) && f->target == t ? f->share : 0.0;
}

void TrafficMatrix::add_row(double uniform_share, std::vector<Flow> row) {
  const auto source = static_cast<NodeId>(uniform.size());
  uniform.push_back(uniform_share);
  std::sort(row.begin(), row.end(),
            [](const Flow& a, const Flow& b) { return a.target < b.target; });
  for (const Flow& f : row) {
    if (f.share > 0 && f.target != source) flows.push_back(f);
  }
  first.push_back(flows.size());
}

TrafficMatrix expected_traffic(std::uint32_t n, const OpenLoopConfig& c) {
  TrafficMatrix m;
  m.uniform.reserve(n);
  m.first.reserve(std::size_t{n} + 1);
  const DestinationTable table = destination_table(c, n);
  for (NodeId i = 0; i < n; ++i) {
    // Packets a rule sends to their own source are not created: add_row drops such flows.
    const auto one = [&](NodeId to) { m.add_row(0, {TrafficMatrix::Flow{to, 1.0}}); };
    switch (c.rule) {
      case DestinationRule::kUniform:
        m.add_row(1, {});
        break;
      case DestinationRule::kHotspot:
        if (i == c.hotspot) {
          m.add_row(1, {});
        } else {
          m.add_row(1 - c.fraction, {TrafficMatrix::Flow{c.hotspot, c.fraction}});
        }
        break;
      case DestinationRule::kTranspose:
        one(transpose_destination(i, n));
        break;
      case DestinationRule::kBitReversal:
        one(bit_reversal_destination(i, n));
        break;
      case DestinationRule::kNeighbour:
        one(neighbour_destination(i, n));
        break;
      case DestinationRule::kTornado:
        one(tornado_destination(i, n));
        break;
      case DestinationRule::kShuffle:
        one(shuffle_destination(i, n));
        break;
      case DestinationRule::kBitComplement:
        one(bit_complement_destination(i, n));
        break;
      case DestinationRule::kRandomPermutation:
      case DestinationRule::kMatrix: {
        std::vector<TrafficMatrix::Flow> row;
        for (const DestinationTable::Share* s = table.begin(i); s != table.end(i); ++s) {
          row.push_back(TrafficMatrix::Flow{s->destination, s->share});
        }
        m.add_row(0, std::move(row));
        break;
      }
    }
  }
  return m;
}

std::string link_name(NodeId x, NodeId y) {
  return "link " + std::to_string(x) + "->" + std::to_string(y);
}

bool SfDimensions::applies(const sf::SfGraph& g) {
  return dynamic_cast<const sf::GridGraph*>(&g) != nullptr ||
         dynamic_cast<const sf::HypercubeGraph*>(&g) != nullptr;
}

SfDimensions::SfDimensions(const sf::SfGraph& g)
    : graph_(g),
      grid_(dynamic_cast<const sf::GridGraph*>(&g)),
      cube_(dynamic_cast<const sf::HypercubeGraph*>(&g)) {
  if (grid_ == nullptr && cube_ == nullptr) {
    throw std::invalid_argument("no capacity bound for " + g.name() + " (grid, hypercube)");
  }
  face_ = 1;
  for (unsigned j = 1; j < count(); ++j) face_ *= side();
}

double SfDimensions::pairs_through(NodeId x, unsigned label) const {
  const unsigned j = dimension(label);
  const double c = coordinate(x, j);
  const NodeId y = graph_.neighbor(x, label);
  const double n = side();
  return (coordinate(y, j) > c ? (c + 1) * (n - 1 - c) : c * (n - c)) * face_;
}

double SfDimensions::distance(NodeId a, NodeId b) const {
  double hops = 0;
  for (unsigned j = 0; j < count(); ++j) {
    const unsigned ca = coordinate(a, j);
    const unsigned cb = coordinate(b, j);
    hops += ca > cb ? ca - cb : cb - ca;
  }
  return hops;
}

double SfDimensions::distance_sum(NodeId a) const {
  // Per dimension: the coordinates below c and above it, each once per node of the face.
  const double m = side();
  double sum = 0;
  for (unsigned j = 0; j < count(); ++j) {
    const double c = coordinate(a, j);
    sum += (c * (c + 1) / 2 + (m - 1 - c) * (m - c) / 2) * face_;
  }
  return sum;
}

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
    transmitter = std::max(transmitter, m.uniform[i] + m.fixed(i));
    for (const TrafficMatrix::Flow* f = m.begin(i); f != m.end(i); ++f) {
      receiver[f->target] += f->share;
      coupler[std::size_t{s.group_of(f->target)} * s.g + s.group_of(i)] += f->share;
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
    sent[i] += m.uniform[i] + m.fixed(i);
    all_uniform += m.uniform[i];
    if (mob) row_uniform[s.row(i)] += m.uniform[i];
    for (const TrafficMatrix::Flow* f = m.begin(i); f != m.end(i); ++f) {
      const NodeId t = f->target;
      received[t] += f->share;
      if (mob && s.row(i) != s.row(t) && s.column(i) != s.column(t)) {
        const NodeId corner = s.node(s.row(i), s.column(t));
        received[corner] += f->share;
        sent[corner] += f->share;
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

std::vector<unsigned> sf_phase_b_order(const sf::SfGraph& graph, const std::string& scheme) {
  const SfDimensions dims(graph);
  if (const auto* grid = dynamic_cast<const sf::GridGraph*>(&graph)) {
    return sf::grid_correction_order(scheme, grid->k());
  }
  std::vector<unsigned> order(dims.count());
  for (unsigned j = 0; j < order.size(); ++j) order[j] = j;
  return order;
}

CapacityBound sf_routing_capacity(const sf::SfGraph& g, const std::vector<unsigned>& order,
                                  const OpenLoopConfig& traffic) {
  const SfDimensions dims(g);
  std::vector<unsigned> sorted = order;
  std::sort(sorted.begin(), sorted.end());
  for (unsigned j = 0; j < dims.count(); ++j) {
    if (sorted.size() != dims.count() || sorted[j] != j) {
      throw std::invalid_argument("sf_routing_capacity: the order must name every dimension once");
    }
  }
  const NodeId n = g.nodes();
  const TrafficMatrix m = expected_traffic(n, traffic);
  const double spread = n > 1 ? 1.0 / (n - 1) : 0.0;
  // The uniform part every source shares is counted link by link in closed form; a source that
  // sends more of it (the hotspot itself) has its excess routed to every node.
  const double common = *std::min_element(m.uniform.begin(), m.uniform.end());
  std::vector<double> load(std::size_t{n} * g.degree(), 0.0);
  for (NodeId i = 0; i < n; ++i) {
    for (const TrafficMatrix::Flow* f = m.begin(i); f != m.end(i); ++f) {
      const double w = f->share;
      dims.route(i, f->target, order, [&](std::size_t e) { load[e] += w; });
    }
    const double excess = (m.uniform[i] - common) * spread;
    if (excess <= 0) continue;
    for (NodeId v = 0; v < n; ++v) {
      if (v != i) dims.route(i, v, order, [&](std::size_t e) { load[e] += excess; });
    }
  }
  double worst = 0;
  std::size_t busiest = 0;
  for (NodeId x = 0; x < n; ++x) {
    for (unsigned label = 0; label < g.degree(); ++label) {
      if (g.neighbor(x, label) == kNoNode) continue;
      const std::size_t e = std::size_t{x} * g.degree() + label;
      load[e] += common * dims.pairs_through(x, label) * spread;
      if (load[e] > worst) {
        worst = load[e];
        busiest = e;
      }
    }
  }
  if (worst <= 0) return CapacityBound{0, "no traffic"};
  const auto x = static_cast<NodeId>(busiest / g.degree());
  const auto label = static_cast<unsigned>(busiest % g.degree());
  return CapacityBound{1.0 / worst, link_name(x, g.neighbor(x, label))};
}

CapacityBound sf_bisection_capacity(const sf::SfGraph& g, const OpenLoopConfig& traffic) {
  const SfDimensions dims(g);
  const NodeId n = g.nodes();
  const TrafficMatrix m = expected_traffic(n, traffic);
  const double spread = n > 1 ? 1.0 / (n - 1) : 0.0;
  const unsigned cut = dims.side() / 2;  // lower half: coordinates below the cut
  const double lower_nodes = cut * dims.face();
  const double upper_nodes = n - lower_nodes;
  CapacityBound worst{0, ""};
  for (unsigned j = 0; j < dims.count(); ++j) {
    double up = 0;  // lower half to upper half, per unit rate
    double down = 0;
    for (NodeId i = 0; i < n; ++i) {
      const bool lower = dims.coordinate(i, j) < cut;
      (lower ? up : down) += m.uniform[i] * (lower ? upper_nodes : lower_nodes) * spread;
      for (const TrafficMatrix::Flow* f = m.begin(i); f != m.end(i); ++f) {
        if (lower != (dims.coordinate(f->target, j) < cut)) (lower ? up : down) += f->share;
      }
    }
    const double per_link = std::max(up, down) / dims.face();
    if (per_link > worst.rate) {
      worst =
          CapacityBound{per_link, "bisection across dimension " + dims.dimension_name(j) + " (" +
                                      std::to_string(static_cast<std::uint64_t>(dims.face())) +
                                      " links each way)"};
    }
  }
  worst.rate = worst.rate > 0 ? 1.0 / worst.rate : 0.0;
  return worst;
}

CapacityBound sf_capacity(const sf::SfGraph& g, const std::string& scheme,
                          const OpenLoopConfig& traffic) {
  const std::vector<unsigned> order = sf_phase_b_order(g, scheme);
  CapacityBound routed = sf_routing_capacity(g, order, traffic);
  const CapacityBound bisection = sf_bisection_capacity(g, traffic);
  if (bisection.rate > 0 && bisection.rate < routed.rate * (1 - 1e-9)) return bisection;
  std::string how;
  if (dynamic_cast<const sf::GridGraph*>(&g) != nullptr) {
    for (const unsigned j : order) how += (how.empty() ? "" : ",") + std::to_string(j + 1);
    how = "dimension order " + how;
  } else {
    how = "bit order";
  }
  const bool as_bisection = bisection.rate <= routed.rate * (1 + 1e-9);
  routed.bottleneck +=
      " (" + how + " without Phase A" + (as_bisection ? "; as the bisection bound" : "") + ")";
  return routed;
}

}  // namespace optinet
