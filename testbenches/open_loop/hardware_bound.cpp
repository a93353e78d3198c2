#include "testbenches/open_loop/hardware_bound.h"

#include <glpk.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <memory>
#include <queue>
#include <stdexcept>
#include <utility>
#include <vector>

#include "testbenches/open_loop/traffic_matrix.h"

namespace optinet {

namespace {

constexpr std::uint32_t kNoResource = std::numeric_limits<std::uint32_t>::max();

/// A network as the program sees it: vertices 0..processors-1 are the processors, the others
/// hubs (a POPS coupler, an OCPC or MOB bus) through which a hop from one processor to another
/// passes. Every arc uses up to two resources, each one frame per slot.
struct FlowNetwork {
  struct Arc {
    std::uint32_t from;
    std::uint32_t to;
    std::uint32_t uses[2];
  };
  std::uint32_t processors = 0;
  std::uint32_t vertices = 0;
  std::uint32_t resources = 0;
  std::vector<Arc> arcs;
  std::function<std::string(std::uint32_t)> resource_name;

  void add_arc(std::uint32_t from, std::uint32_t to, std::uint32_t r0,
               std::uint32_t r1 = kNoResource) {
    arcs.push_back(Arc{from, to, {r0, r1}});
  }
};

/// The pattern's demands: source s sends uniform[s] / (n - 1) to every other processor and its
/// flows to their targets, per unit rate.
struct Demands {
  TrafficMatrix m;
  double spread = 0;
  /// What source s sends to t (t != s).
  double to(NodeId s, NodeId t) const { return m.uniform[s] * spread + m.fixed_to(s, t); }
  /// Everything source s sends.
  double out(NodeId s) const { return m.uniform[s] + m.fixed(s); }
  bool any() const {
    for (std::size_t s = 0; s < m.uniform.size(); ++s) {
      if (out(static_cast<NodeId>(s)) > 0) return true;
    }
    return false;
  }
  /// Everything every destination receives.
  std::vector<double> in() const {
    const auto n = static_cast<NodeId>(m.uniform.size());
    double all_uniform = 0;
    for (NodeId s = 0; s < n; ++s) all_uniform += m.uniform[s];
    std::vector<double> r(n, 0.0);
    for (NodeId t = 0; t < n; ++t) r[t] = (all_uniform - m.uniform[t]) * spread;
    for (NodeId s = 0; s < n; ++s) {
      for (const TrafficMatrix::Flow* f = m.begin(s); f != m.end(s); ++f) r[f->target] += f->share;
    }
    return r;
  }
};

/// Throws std::invalid_argument where the pattern sends to a node that does not exist
/// (transpose on n not a square, bit reversal on n not a power of two, a hotspot past n).
Demands demands(std::uint32_t n, const OpenLoopConfig& traffic) {
  Demands d{expected_traffic(n, traffic), n > 1 ? 1.0 / (n - 1) : 0.0};
  for (NodeId s = 0; s < n; ++s) {
    for (const TrafficMatrix::Flow* f = d.m.begin(s); f != d.m.end(s); ++f) {
      if (f->target >= n) {
        throw std::invalid_argument("hardware bound: " + destination_rule_name(traffic.rule) +
                                    " traffic is not defined on " + std::to_string(n) + " nodes");
      }
    }
  }
  return d;
}

/// The program's columns: the congestion, then one flow per source with traffic and arc that
/// does not enter that source (a flow back into its source only closes a cycle).
std::size_t lp_variables(const Demands& dem, std::size_t arcs,
                         const std::function<std::size_t(NodeId)>& arcs_into) {
  std::size_t columns = 1;
  for (NodeId s = 0; s < dem.m.uniform.size(); ++s) {
    if (dem.out(s) > 0) columns += arcs - arcs_into(s);
  }
  return columns;
}

/// "a, b, c (+k more)" from the resources a solution says limit it, the largest share first.
std::string name_bottleneck(const FlowNetwork& net,
                            std::vector<std::pair<double, std::uint32_t>> w) {
  // Shares are rounded to hundredths of the largest (an interior point's duals differ in their
  // last digits); equal ones are named in the resources' order.
  double most = 0;
  for (const auto& x : w) most = std::max(most, x.first);
  for (auto& x : w) x.first = std::round(x.first / most * 100);
  std::sort(w.begin(), w.end(), [](const auto& a, const auto& b) {
    return a.first != b.first ? a.first > b.first : a.second < b.second;
  });
  constexpr std::size_t kNamed = 3;
  std::string out;
  for (std::size_t i = 0; i < w.size() && i < kNamed; ++i) {
    out += (i == 0 ? "" : ", ") + net.resource_name(w[i].second);
  }
  if (w.size() > kNamed) out += " (+" + std::to_string(w.size() - kNamed) + " more)";
  return out;
}

struct GlpkProblem {
  glp_prob* lp = glp_create_prob();
  GlpkProblem() = default;
  GlpkProblem(const GlpkProblem&) = delete;
  GlpkProblem& operator=(const GlpkProblem&) = delete;
  ~GlpkProblem() { glp_delete_prob(lp); }
};

/// Whether every destination a source sends to is reachable from it on `net`.
bool every_destination_reachable(const FlowNetwork& net, const Demands& dem) {
  std::vector<std::vector<std::uint32_t>> out(net.vertices);
  for (const FlowNetwork::Arc& a : net.arcs) out[a.from].push_back(a.to);
  std::vector<std::uint32_t> seen(net.vertices, kNoResource);
  std::vector<std::uint32_t> stack;
  for (NodeId s = 0; s < net.processors; ++s) {
    if (dem.out(s) <= 0) continue;
    seen[s] = s;
    stack.assign(1, s);
    while (!stack.empty()) {
      const std::uint32_t v = stack.back();
      stack.pop_back();
      for (const std::uint32_t w : out[v]) {
        if (seen[w] != s) {
          seen[w] = s;
          stack.push_back(w);
        }
      }
    }
    for (NodeId t = 0; t < net.processors; ++t) {
      if (t != s && seen[t] != s && dem.to(s, t) > 0) return false;
    }
  }
  return true;
}

/// The program in GLPK's arrays: rows (1-based) with their bounds, the matrix as triplets.
struct Program {
  std::size_t resources = 0;  ///< rows 1..resources: load - mu <= 0
  std::vector<double> rhs;    ///< by row (index 0 unused): conservation rows' demands, else 0
  std::size_t columns = 0;    ///< column 1 is mu
  std::vector<int> ia{0};
  std::vector<int> ja{0};
  std::vector<double> ar{0.0};
  void put(std::size_t row, std::size_t col, double v) {
    ia.push_back(static_cast<int>(row));
    ja.push_back(static_cast<int>(col));
    ar.push_back(v);
  }
};

/// Rows: one per resource (its load - mu <= 0), then per source s one per vertex other than s
/// (inflow - outflow = what s sends to it). Columns: mu, then per source the flow on every arc
/// that does not enter it.
Program build_program(const FlowNetwork& net, const Demands& dem) {
  const NodeId n = net.processors;
  std::vector<std::vector<std::uint32_t>> into(n);
  for (std::uint32_t e = 0; e < net.arcs.size(); ++e) {
    if (net.arcs[e].to < n) into[net.arcs[e].to].push_back(e);
  }
  Program p;
  p.resources = net.resources;
  p.rhs.assign(1 + net.resources, 0.0);
  p.columns = 1;
  for (std::uint32_t r = 0; r < net.resources; ++r) p.put(r + 1, 1, -1.0);
  std::vector<bool> skip(net.arcs.size(), false);
  for (NodeId s = 0; s < n; ++s) {
    if (dem.out(s) <= 0) continue;
    const std::size_t base = p.rhs.size() - 1;
    const auto row_of = [&](std::uint32_t v) { return base + (v < s ? v : v - 1) + 1; };
    for (std::uint32_t v = 0; v < net.vertices; ++v) {
      if (v != s) p.rhs.push_back(v < n ? dem.to(s, v) : 0.0);
    }
    for (const std::uint32_t e : into[s]) skip[e] = true;
    for (std::uint32_t e = 0; e < net.arcs.size(); ++e) {
      if (skip[e]) continue;
      const FlowNetwork::Arc& a = net.arcs[e];
      ++p.columns;
      p.put(row_of(a.to), p.columns, 1.0);
      if (a.from != s) p.put(row_of(a.from), p.columns, -1.0);
      for (const std::uint32_t r : a.uses) {
        if (r != kNoResource) p.put(r + 1, p.columns, 1.0);
      }
    }
    for (const std::uint32_t e : into[s]) skip[e] = false;
  }
  return p;
}

/// The accuracy the interior-point solution is held to (relative).
constexpr double kAccuracy = 1e-6;

/// Whether an interior-point run that stopped short of GLPK's own tolerances (1e-8; it stops on
/// numerical instability near the optimum of very degenerate programs) still holds the optimum
/// to kAccuracy: rows within their bounds, columns' reduced costs non-negative and the primal
/// and dual objectives equal, each to kAccuracy.
bool interior_close_enough(glp_prob* lp, const Program& p) {
  const double mu = glp_ipt_obj_val(lp);
  const double demand = *std::max_element(p.rhs.begin(), p.rhs.end());
  std::vector<double> y(p.rhs.size(), 0.0);
  double dual_objective = 0;
  for (std::size_t i = 1; i < p.rhs.size(); ++i) {
    const double activity = glp_ipt_row_prim(lp, static_cast<int>(i));
    const double off = i <= p.resources ? std::max(activity, 0.0) / std::max(mu, 1e-300)
                                        : std::fabs(activity - p.rhs[i]) / demand;
    if (!(off <= kAccuracy)) return false;
    y[i] = glp_ipt_row_dual(lp, static_cast<int>(i));
    dual_objective += p.rhs[i] * y[i];
  }
  std::vector<double> reduced(p.columns + 1, 0.0);
  reduced[1] = 1.0;  // the objective: mu
  for (std::size_t k = 1; k < p.ia.size(); ++k) reduced[p.ja[k]] -= p.ar[k] * y[p.ia[k]];
  for (std::size_t j = 1; j <= p.columns; ++j) {
    if (!(reduced[j] >= -kAccuracy)) return false;
  }
  return std::fabs(mu - dual_objective) <= kAccuracy * mu;
}

/// The maximum concurrent flow of the demands on `net`, as the least congestion mu at which all
/// of them can be routed (every resource carrying at most mu per unit rate): lambda = 1 / mu.
/// GLPK's interior-point method solves it (its simplex, exact but slow on these very degenerate
/// programs, where that does not converge); the resources' duals name the bottleneck.
HardwareBound solve_concurrent_flow(const FlowNetwork& net, const Demands& dem) {
  HardwareBound bound;
  bound.method = "lp";
  if (!every_destination_reachable(net, dem)) {
    bound.bottleneck = "a destination no route reaches";
    return bound;
  }
  const Program p = build_program(net, dem);
  bound.lp_variables = p.columns;
  GlpkProblem g;
  glp_set_obj_dir(g.lp, GLP_MIN);
  glp_add_rows(g.lp, static_cast<int>(p.rhs.size() - 1));
  for (std::size_t i = 1; i < p.rhs.size(); ++i) {
    glp_set_row_bnds(g.lp, static_cast<int>(i), i <= p.resources ? GLP_UP : GLP_FX, p.rhs[i],
                     p.rhs[i]);
  }
  glp_add_cols(g.lp, static_cast<int>(p.columns));
  for (std::size_t j = 1; j <= p.columns; ++j) {
    glp_set_col_bnds(g.lp, static_cast<int>(j), GLP_LO, 0.0, 0.0);
  }
  glp_set_obj_coef(g.lp, 1, 1.0);
  glp_load_matrix(g.lp, static_cast<int>(p.ia.size() - 1), p.ia.data(), p.ja.data(), p.ar.data());
  const int terminal = glp_term_out(GLP_OFF);
  glp_iptcp ipt;
  glp_init_iptcp(&ipt);
  ipt.msg_lev = GLP_MSG_OFF;
  const int ipt_failed = glp_interior(g.lp, &ipt);
  const bool interior =
      (ipt_failed == 0 && glp_ipt_status(g.lp) == GLP_OPT) ||
      ((ipt_failed == GLP_EINSTAB || ipt_failed == GLP_ENOCVG || ipt_failed == GLP_EITLIM) &&
       interior_close_enough(g.lp, p));
  if (!interior) {
    glp_smcp smcp;
    glp_init_smcp(&smcp);
    smcp.msg_lev = GLP_MSG_OFF;
    smcp.presolve = GLP_ON;
    const int failed = glp_simplex(g.lp, &smcp);
    if (failed != 0 || glp_get_status(g.lp) != GLP_OPT) {
      glp_term_out(terminal);
      throw std::runtime_error("hardware bound: GLPK found no optimum (interior point " +
                               std::to_string(ipt_failed) + ", simplex " + std::to_string(failed) +
                               ")");
    }
  }
  glp_term_out(terminal);
  const double mu = interior ? glp_ipt_obj_val(g.lp) : glp_get_obj_val(g.lp);
  bound.value = mu > 0 ? 1.0 / mu : 0.0;
  // The duals of the resource rows add up to 1 (mu's reduced cost is 0): each is the share of
  // the congestion that resource accounts for. The interior point's are those of the centre of
  // the optimal face, so the resources named are those every optimal routing saturates.
  std::vector<std::pair<double, std::uint32_t>> tight;
  double most = 0;
  for (std::uint32_t r = 0; r < net.resources; ++r) {
    const int row = static_cast<int>(r) + 1;
    const double w =
        std::fabs(interior ? glp_ipt_row_dual(g.lp, row) : glp_get_row_dual(g.lp, row));
    most = std::max(most, w);
    tight.emplace_back(w, r);
  }
  tight.erase(std::remove_if(tight.begin(), tight.end(),
                             [most](const auto& t) { return t.first <= 1e-3 * most; }),
              tight.end());
  bound.bottleneck = name_bottleneck(net, std::move(tight));
  return bound;
}

/// The tightest of the cuts considered: each a set of resources (`capacity` frames per slot)
/// that carries at least `load` per unit rate, whatever the routing.
class CutBound {
 public:
  template <typename Name>
  void consider(double capacity, double load, Name&& name) {
    if (load <= 0) return;
    const double rate = capacity / load;
    if (!found_ || rate < value_) {
      found_ = true;
      value_ = rate;
      what_ = std::string("cut: ") + name();
    }
  }
  HardwareBound result(std::size_t lp_variables) const {
    HardwareBound b;
    b.method = "cut";
    b.lp_variables = lp_variables;
    if (found_) {
      b.value = value_;
      b.bottleneck = what_;
    } else {
      b.bottleneck = "no traffic";
    }
    return b;
  }

 private:
  bool found_ = false;
  double value_ = 0;
  std::string what_;
};

/// Every packet leaves its source through the source's transmitter (out-links) and enters its
/// destination through the destination's receiver (in-links).
void node_cuts(CutBound& cut, const Demands& dem, const std::function<double(NodeId)>& out_capacity,
               const std::function<double(NodeId)>& in_capacity, const std::string& out_name,
               const std::string& in_name) {
  const std::vector<double> in = dem.in();
  for (NodeId v = 0; v < in.size(); ++v) {
    cut.consider(out_capacity(v), dem.out(v), [&] { return out_name + " " + std::to_string(v); });
    cut.consider(in_capacity(v), in[v], [&] { return in_name + " " + std::to_string(v); });
  }
}

/// Every packet takes at least `hops(s, t)` frames of the `capacity` resources counted together
/// (links, or transmitters); `hop_sum(s)` is the sum of hops(s, t) over every t.
void volume_cut(CutBound& cut, const Demands& dem, double capacity,
                const std::function<double(NodeId)>& hop_sum,
                const std::function<double(NodeId, NodeId)>& hops, const std::string& name) {
  double load = 0;
  for (NodeId s = 0; s < dem.m.uniform.size(); ++s) {
    if (dem.m.uniform[s] > 0) load += dem.m.uniform[s] * dem.spread * hop_sum(s);
    for (const TrafficMatrix::Flow* f = dem.m.begin(s); f != dem.m.end(s); ++f) {
      load += f->share * hops(s, f->target);
    }
  }
  cut.consider(capacity, load, [&] { return name; });
}

HardwareBound no_traffic(const char* method, std::size_t lp_variables) {
  HardwareBound b;
  b.bottleneck = "no traffic";
  b.method = method;
  b.lp_variables = lp_variables;
  return b;
}

/// The program's optimum is never above a cut; where it meets one to within the interior
/// point's accuracy, the cut's value is the exact optimum. (One further off either way is left
/// as it is: above the cut it would be a fault that the tests are there to see.)
HardwareBound meet_cut(HardwareBound lp, const HardwareBound& cut) {
  if (std::fabs(lp.value - cut.value) <= kAccuracy * cut.value) lp.value = cut.value;
  return lp;
}

/// Above the size limit the cuts (which carry the program's size); otherwise the program on the
/// network `build()` returns.
template <typename Build>
HardwareBound bound_of(const Demands& dem, const HardwareBound& cut, std::size_t max_lp_variables,
                       Build&& build) {
  if (cut.lp_variables > max_lp_variables) return cut;
  if (!dem.any()) return no_traffic("lp", cut.lp_variables);
  return meet_cut(solve_concurrent_flow(build(), dem), cut);
}

// ---- POPS ----------------------------------------------------------------------------------

HardwareBound pops_cuts(const pops::PopsShape& s, const Demands& dem, std::size_t variables) {
  CutBound cut;
  node_cuts(
      cut, dem, [](NodeId) { return 1.0; }, [](NodeId) { return 1.0; }, "transmitter", "receiver");
  // Traffic between groups: group a to group b per unit rate.
  const std::uint32_t g = s.g;
  std::vector<double> between(std::size_t{g} * g, 0.0);  // [a * g + b]
  for (NodeId i = 0; i < s.n(); ++i) {
    const std::uint32_t a = s.group_of(i);
    for (std::uint32_t b = 0; b < g; ++b) {
      between[std::size_t{a} * g + b] +=
          dem.m.uniform[i] * (s.d - (a == b ? 1.0 : 0.0)) * dem.spread;
    }
    for (const TrafficMatrix::Flow* f = dem.m.begin(i); f != dem.m.end(i); ++f) {
      between[std::size_t{a} * g + s.group_of(f->target)] += f->share;
    }
  }
  // A packet leaving group a crosses one of the g - 1 couplers c(b, a), b != a; one entering
  // group b one of the g - 1 couplers c(b, a), a != b. Every packet crosses a coupler, and one
  // that changes group one between two groups.
  double all = 0;
  double across = 0;
  for (std::uint32_t a = 0; a < g; ++a) {
    double leaving = 0;
    double entering = 0;
    for (std::uint32_t b = 0; b < g; ++b) {
      all += between[std::size_t{a} * g + b];
      if (b == a) continue;
      leaving += between[std::size_t{a} * g + b];
      entering += between[std::size_t{b} * g + a];
    }
    across += leaving;
    const std::string group = std::to_string(a);
    cut.consider(g - 1, leaving, [&] { return "the couplers out of group " + group; });
    cut.consider(g - 1, entering, [&] { return "the couplers into group " + group; });
  }
  cut.consider(static_cast<double>(g) * (g - 1), across,
               [] { return "every coupler between two groups"; });
  cut.consider(static_cast<double>(g) * g, all, [] { return "every coupler"; });
  return cut.result(variables);
}

}  // namespace

HardwareBound pops_hardware_bound(const pops::PopsShape& s, const OpenLoopConfig& traffic,
                                  std::size_t max_lp_variables) {
  const std::uint32_t n = s.n();
  const Demands dem = demands(n, traffic);
  // Arcs: every processor to the g couplers of its group, every coupler to its d receivers.
  const std::size_t arcs = 2 * std::size_t{n} * s.g;
  const std::size_t variables = lp_variables(dem, arcs, [&](NodeId) { return s.g; });
  return bound_of(dem, pops_cuts(s, dem, variables), max_lp_variables, [&] {
    FlowNetwork net;
    net.processors = n;
    net.vertices = n + s.g * s.g;
    net.resources = 2 * n + s.g * s.g;  // transmitters, receivers, couplers c(b,a) at b * g + a
    const std::uint32_t g = s.g;
    net.resource_name = [n, g](std::uint32_t r) {
      if (r < n) return "transmitter " + std::to_string(r);
      if (r < 2 * n) return "receiver " + std::to_string(r - n);
      const std::uint32_t c = r - 2 * n;
      return "coupler c(" + std::to_string(c / g) + "," + std::to_string(c % g) + ")";
    };
    for (NodeId i = 0; i < n; ++i) {
      for (std::uint32_t b = 0; b < g; ++b) {
        const std::uint32_t c = b * g + s.group_of(i);
        net.add_arc(i, n + c, i, 2 * n + c);
      }
    }
    for (std::uint32_t b = 0; b < g; ++b) {
      for (std::uint32_t a = 0; a < g; ++a) {
        for (std::uint32_t k = 0; k < s.d; ++k)
          net.add_arc(n + b * g + a, s.node(b, k), n + s.node(b, k));
      }
    }
    return net;
  });
}

// ---- OCPC, MOB-PC, D-dimensional MOB -------------------------------------------------------

namespace {

HardwareBound ocpc_cuts(const ocpc::OcpcShape& s, const Demands& dem, std::size_t variables) {
  const std::uint32_t n = s.n();
  const bool mesh = s.topology != ocpc::Topology::kOcpc;
  CutBound cut;
  node_cuts(
      cut, dem, [](NodeId) { return 1.0; }, [](NodeId) { return 1.0; }, "transmitter", "receiver");
  // A packet takes one hop per coordinate it changes (one on the OCPC), each hop one
  // transmitter's frame.
  std::function<double(NodeId, NodeId)> hops = [](NodeId, NodeId) { return 1.0; };
  double hop_sum = n - 1.0;
  if (mesh) {
    const topology::DmobIndexing idx = s.mesh();
    hops = [idx](NodeId a, NodeId b) {
      double h = 0;
      for (std::uint32_t j = 0; j < idx.dim(); ++j)
        h += idx.coordinate(a, j) != idx.coordinate(b, j);
      return h;
    };
    hop_sum = static_cast<double>(idx.dim()) * (idx.k() - 1) * idx.lines_per_dimension();
  }
  volume_cut(
      cut, dem, n, [hop_sum](NodeId) { return hop_sum; }, hops,
      "every transmitter (a hop per coordinate a packet changes)");
  return cut.result(variables);
}

}  // namespace

HardwareBound ocpc_hardware_bound(const ocpc::OcpcShape& s, const OpenLoopConfig& traffic,
                                  std::size_t max_lp_variables) {
  const std::uint32_t n = s.n();
  const Demands dem = demands(n, traffic);
  const bool mesh = s.topology != ocpc::Topology::kOcpc;
  const std::uint32_t per_node = mesh ? s.dimensions() : 1;  // buses a processor is on
  const std::size_t arcs = 2 * std::size_t{n} * per_node;
  const std::size_t variables = lp_variables(dem, arcs, [&](NodeId) { return per_node; });
  return bound_of(dem, ocpc_cuts(s, dem, variables), max_lp_variables, [&] {
    FlowNetwork net;
    net.processors = n;
    net.resources = 2 * n;  // transmitters, receivers
    net.resource_name = [n](std::uint32_t r) {
      return (r < n ? "transmitter " : "receiver ") + std::to_string(r < n ? r : r - n);
    };
    if (!mesh) {
      net.vertices = n + 1;  // the bus
      for (NodeId i = 0; i < n; ++i) {
        net.add_arc(i, n, i);
        net.add_arc(n, i, n + i);
      }
    } else {
      const topology::DmobIndexing idx = s.mesh();
      net.vertices = n + idx.dim() * idx.lines_per_dimension();
      for (NodeId i = 0; i < n; ++i) {
        for (std::uint32_t j = 0; j < idx.dim(); ++j) {
          net.add_arc(i, n + idx.bus(i, j), i);
          net.add_arc(n + idx.bus(i, j), i, n + i);
        }
      }
    }
    return net;
  });
}

// ---- store-and-forward networks ------------------------------------------------------------

namespace {

/// On the grid and the hypercube: for every dimension and every c, the links between the nodes
/// of coordinate c and those of c + 1 (face() of them each way) carry everything that crosses.
void dimension_cuts(CutBound& cut, const SfDimensions& dims, const Demands& dem) {
  const unsigned m = dims.side();
  const auto n = static_cast<NodeId>(dem.m.uniform.size());
  for (unsigned j = 0; j < dims.count(); ++j) {
    std::vector<double> uniform_at(m, 0.0);  // uniform weight of the sources at coordinate v
    std::vector<double> up(m, 0.0);          // fixed traffic crossing c|c+1 upwards, differenced
    std::vector<double> down(m, 0.0);
    for (NodeId i = 0; i < n; ++i) {
      const unsigned a = dims.coordinate(i, j);
      uniform_at[a] += dem.m.uniform[i] * dem.spread;
      for (const TrafficMatrix::Flow* f = dem.m.begin(i); f != dem.m.end(i); ++f) {
        const unsigned b = dims.coordinate(f->target, j);
        if (a < b) {
          up[a] += f->share;
          up[b] -= f->share;
        } else if (b < a) {
          down[b] += f->share;
          down[a] -= f->share;
        }
      }
    }
    double below = 0;  // uniform weight of the sources at or below c
    double above = 0;
    for (unsigned v = 0; v < m; ++v) above += uniform_at[v];
    double fixed_up = 0;
    double fixed_down = 0;
    for (unsigned c = 0; c + 1 < m; ++c) {
      below += uniform_at[c];
      above -= uniform_at[c];
      fixed_up += up[c];
      fixed_down += down[c];
      const double upwards = below * (m - 1 - c) * dims.face() + fixed_up;
      const double downwards = above * (c + 1) * dims.face() + fixed_down;
      const auto name = [&] {
        std::string s = "dimension " + dims.dimension_name(j);
        if (m > 2) s += " between " + std::to_string(c) + " and " + std::to_string(c + 1);
        return s + " (" + std::to_string(static_cast<std::uint64_t>(dims.face())) +
               " links each way)";
      };
      cut.consider(dims.face(), std::max(upwards, downwards), name);
    }
  }
}

/// Hop distances from `s` on a general graph (breadth-first).
std::vector<double> distances_from(const sf::SfGraph& g, NodeId s) {
  std::vector<double> dist(g.nodes(), -1.0);
  std::queue<NodeId> frontier;
  dist[s] = 0;
  frontier.push(s);
  while (!frontier.empty()) {
    const NodeId x = frontier.front();
    frontier.pop();
    for (unsigned label = 0; label < g.degree(); ++label) {
      const NodeId y = g.neighbor(x, label);
      if (y == kNoNode || dist[y] >= 0) continue;
      dist[y] = dist[x] + 1;
      frontier.push(y);
    }
  }
  return dist;
}

/// Breadth-first searches from every source: affordable up to this many node-arc visits.
constexpr double kMaxSearchWork = 1e8;

HardwareBound sf_cuts(const sf::SfGraph& g, const Demands& dem, std::size_t variables,
                      const std::vector<double>& out_links, const std::vector<double>& in_links) {
  CutBound cut;
  node_cuts(
      cut, dem, [&](NodeId v) { return out_links[v]; }, [&](NodeId v) { return in_links[v]; },
      "the out-links of node", "the in-links of node");
  double links = 0;
  for (const double l : out_links) links += l;
  const std::string volume = "every link (the hops of shortest routes)";
  if (SfDimensions::applies(g)) {
    const SfDimensions dims(g);
    dimension_cuts(cut, dims, dem);
    volume_cut(
        cut, dem, links, [&](NodeId s) { return dims.distance_sum(s); },
        [&](NodeId a, NodeId b) { return dims.distance(a, b); }, volume);
  } else if (static_cast<double>(g.nodes()) * links <= kMaxSearchWork) {
    NodeId last = kNoNode;
    std::vector<double> dist;
    const auto from = [&](NodeId s) -> const std::vector<double>& {
      if (s != last) {
        dist = distances_from(g, s);
        last = s;
      }
      return dist;
    };
    volume_cut(
        cut, dem, links,
        [&](NodeId s) {
          double sum = 0;
          for (const double d : from(s)) sum += std::max(d, 0.0);
          return sum;
        },
        [&](NodeId a, NodeId b) { return std::max(from(a)[b], 0.0); }, volume);
  }
  return cut.result(variables);
}

}  // namespace

HardwareBound sf_hardware_bound(const sf::SfGraph& g, const OpenLoopConfig& traffic,
                                std::size_t max_lp_variables) {
  const NodeId n = g.nodes();
  const Demands dem = demands(n, traffic);
  std::vector<double> out_links(n, 0.0);
  std::vector<double> in_links(n, 0.0);
  std::size_t arcs = 0;
  for (NodeId x = 0; x < n; ++x) {
    for (unsigned label = 0; label < g.degree(); ++label) {
      const NodeId y = g.neighbor(x, label);
      if (y == kNoNode || y == x) continue;  // a self-loop carries nothing anywhere
      ++out_links[x];
      ++in_links[y];
      ++arcs;
    }
  }
  const std::size_t variables =
      lp_variables(dem, arcs, [&](NodeId s) { return static_cast<std::size_t>(in_links[s]); });
  return bound_of(dem, sf_cuts(g, dem, variables, out_links, in_links), max_lp_variables, [&] {
    FlowNetwork net;
    net.processors = n;
    net.vertices = n;
    std::vector<std::pair<NodeId, NodeId>> ends;
    for (NodeId x = 0; x < n; ++x) {
      for (unsigned label = 0; label < g.degree(); ++label) {
        const NodeId y = g.neighbor(x, label);
        if (y == kNoNode || y == x) continue;
        net.add_arc(x, y, static_cast<std::uint32_t>(ends.size()));
        ends.emplace_back(x, y);
      }
    }
    net.resources = static_cast<std::uint32_t>(ends.size());
    net.resource_name = [ends = std::move(ends)](std::uint32_t r) {
      return link_name(ends[r].first, ends[r].second);
    };
    return net;
  });
}

}  // namespace optinet
