#include "protocols/sf/schemes.h"

#include <algorithm>
#include <array>
#include <stdexcept>

#include "models/topology/ccc.h"
#include "models/topology/grid.h"
#include "models/topology/hypercube.h"
#include "models/topology/shuffle.h"
#include "models/topology/shuffle_exchange.h"

namespace optinet::sf {

namespace {

void set_steps(Ticket& t, const unsigned* first, const unsigned* last) {
  const auto length = static_cast<std::size_t>(last - first);
  if (length > Ticket::kMaxSteps) throw std::logic_error("ticket longer than kMaxSteps");
  t.length = static_cast<std::uint8_t>(length);
  t.next = 0;
  for (std::size_t i = 0; i < length; ++i) t.steps[i] = static_cast<std::uint8_t>(first[i]);
}

/// "Pack T" (section 4 (iii)) in place on [first, last): the non-zero elements in order of
/// occurrence, then zeros. Returns the end of the non-zero elements.
unsigned* pack(unsigned* first, unsigned* last) {
  // Every element is written and the output advances past the non-zero ones: no branch on
  // the (random) elements.
  unsigned* out = first;
  for (const unsigned* in = first; in != last; ++in) {
    const unsigned x = *in;
    *out = x;
    out += x != 0 ? 1 : 0;
  }
  std::fill(out, last, 0u);
  return out;
}

/// A step list while a scheme builds it: an array, not a heap block (a ticket is prepared at
/// every sub-phase start). Longer than Ticket::kMaxSteps is a logic error.
class StepBuffer {
 public:
  void push_back(unsigned label) { append(1, label); }
  /// `count` more steps with `label`.
  void append(unsigned count, unsigned label) {
    if (count > labels_.size() - size_) throw std::logic_error("ticket longer than kMaxSteps");
    std::fill_n(labels_.data() + size_, count, label);
    size_ += count;
  }
  /// Sets the length to `length`, for a caller that writes the steps through data().
  void resize(std::size_t length) {
    if (length > labels_.size()) throw std::logic_error("ticket longer than kMaxSteps");
    size_ = length;
  }
  unsigned* data() { return labels_.data(); }
  const unsigned* begin() const { return labels_.data(); }
  const unsigned* end() const { return labels_.data() + size_; }
  std::size_t size() const { return size_; }

 private:
  std::array<unsigned, Ticket::kMaxSteps> labels_{};
  std::size_t size_ = 0;
};

void set_steps(Ticket& t, const StepBuffer& steps) { set_steps(t, steps.begin(), steps.end()); }

/// The shortest route in the d-way shuffle from u to v (shortest_shuffle_route) written to
/// labels[0..k); returns k (at most n).
std::size_t shortest_shuffle_route_into(unsigned d, unsigned n, NodeId u, NodeId v,
                                        unsigned* labels) {
  NodeId dk = 1;  // d^k
  NodeId total = 1;
  for (unsigned i = 0; i < n; ++i) total *= d;
  for (unsigned k = 0; k <= n; ++k) {
    // After k steps with labels a_1..a_k the node is a_k ... a_1 followed by the first n-k
    // digits of u, so a path of length k exists iff v mod d^(n-k) = u / d^k; it is unique.
    if (v % (total / dk) == u / dk) {
      NodeId w = v / (total / dk);  // the first k digits of v
      for (unsigned i = 1; i <= k; ++i) {
        labels[i - 1] = w % d;  // a_i = v_(k+1-i)
        w /= d;
      }
      return k;
    }
    dk *= d;
  }
  throw std::logic_error("shortest_shuffle_route: no route");
}

NodeId follow(const SfGraph& graph, NodeId from, const unsigned* first, const unsigned* last) {
  for (const unsigned* a = first; a != last; ++a) from = graph.neighbor(from, *a);
  return from;
}

/// A prefix of an array, as Rng::shuffle takes it.
struct Prefix {
  unsigned* data;
  std::size_t length;
  std::size_t size() const { return length; }
  unsigned& operator[](std::size_t i) { return data[i]; }
};

/// CUBES, BASIC and CUBESS (sections 4 and 7). Ticket T[1..n] lists dimensions, 0 = none.
class CubeScheme : public Scheme {
 public:
  enum class Variant { kCubes, kBasic, kCubess };
  CubeScheme(const HypercubeGraph& g, Variant v) : g_(g), variant_(v) {
    if (g.n() > Ticket::kMaxSteps) throw std::logic_error("cube dimension above kMaxSteps");
  }
  std::string name() const override {
    return variant_ == Variant::kCubes ? "cubes" : variant_ == Variant::kBasic ? "basic" : "cubess";
  }
  unsigned subphases() const override { return 2; }
  void prepare(SfPacket& p, NodeId here, Rng& rng) const override {
    const unsigned n = g_.n();
    // T[1..n] is t[0..n): an array, not a heap block (a ticket is prepared at every
    // sub-phase start).
    std::array<unsigned, Ticket::kMaxSteps> t{};
    unsigned* const first = t.data();
    unsigned* const last = first + n;
    for (unsigned i = 1; i <= n; ++i) {
      if (p.ticket.subphase == 0) {
        // Phase A: T[i] := i; Pick e in {0,1}; if e = 0 then T[i] := 0.
        t[i - 1] = rng.below(2) == 0 ? 0 : i;
      } else {
        // Phase B: T[i] := i where u and v differ in dimension i.
        const bool differ = ((here ^ p.packet.destination) & g_.dimension_bit(i)) != 0;
        t[i - 1] = differ ? i : 0;
      }
    }
    if (variant_ == Variant::kCubess) {
      // CUBESS: before Pack, pick k in {0..n-1} and shift T cyclically right by k.
      const unsigned k = rng.below(n);
      std::rotate(first, last - k, last);
    }
    unsigned* const packed_end = pack(first, last);  // the dimensions to cross, in order
    // BASIC: after Pack, randomize the order of the non-zero elements. The paper says "in
    // ticket preparation", so BASIC (and CUBESS) treat both phases alike.
    if (variant_ == Variant::kBasic) {
      Prefix nonzero{first, static_cast<std::size_t>(packed_end - first)};
      rng.shuffle(nonzero);
    }
    for (unsigned* dim = first; dim != packed_end; ++dim) *dim -= 1;  // dimension i: label i-1
    set_steps(p.ticket, first, packed_end);
  }

 private:
  const HypercubeGraph& g_;
  Variant variant_;
};

/// d-SHUFFLE and d-MSHUFFLE (section 6).
class ShuffleScheme : public Scheme {
 public:
  ShuffleScheme(const ShuffleGraph& g, bool modified) : g_(g), modified_(modified) {}
  std::string name() const override { return modified_ ? "mshuffle" : "dshuffle"; }
  unsigned subphases() const override { return 2; }
  void prepare(SfPacket& p, NodeId here, Rng& rng) const override {
    const unsigned n = g_.n();
    const unsigned d = g_.d();
    StepBuffer t;
    t.resize(n);
    if (p.ticket.subphase == 0) {
      for (unsigned i = 0; i < n; ++i) t.data()[i] = rng.below(d);  // Pick a in {0..d-1}; T[i] := a
    } else {
      // Phase B, T[i] := the digit of v that step i must shift in. The step with label a makes
      // a the most significant digit, so after n steps the node reads T[n] ... T[1]:
      // T[i] = v_(n+1-i) (the extracted text's "T[i] := v_i" lost the index arithmetic).
      for (unsigned i = 1; i <= n; ++i) t.data()[i - 1] = g_.digit(p.packet.destination, n + 1 - i);
    }
    if (modified_) {
      // The modified scheme: the same end node, by the shortest route (at most n steps).
      const NodeId end = follow(g_, here, t.begin(), t.end());
      t.resize(shortest_shuffle_route_into(d, n, here, end, t.data()));
    }
    set_steps(p.ticket, t);
  }

 private:
  const ShuffleGraph& g_;
  bool modified_;
};

/// CCC (section 7): as CUBES with a target position on the target cycle. Cube dimensions are
/// corrected in the order the packet meets them walking clockwise from its position (stopping
/// after the last one), then the packet takes the shorter way round to the target position.
class CccScheme : public Scheme {
 public:
  explicit CccScheme(const CccGraph& g) : g_(g) {}
  std::string name() const override { return "ccc"; }
  unsigned subphases() const override { return 2; }
  void prepare(SfPacket& p, NodeId here, Rng& rng) const override {
    const unsigned s = g_.s();
    NodeId target_cycle = 0;
    unsigned target_position = 0;
    if (p.ticket.subphase == 0) {
      for (unsigned i = 0; i < s; ++i) target_cycle |= NodeId{rng.below(2)} << i;
      target_position = rng.below(s);
    } else {
      target_cycle = g_.cycle_of(p.packet.destination);
      target_position = g_.position_of(p.packet.destination);
    }
    NodeId flips = g_.cycle_of(here) ^ target_cycle;
    unsigned q = g_.position_of(here);
    StepBuffer steps;
    while (flips != 0) {
      if (flips & (NodeId{1} << q)) {
        steps.push_back(CccGraph::kCube);
        flips &= ~(NodeId{1} << q);
      }
      if (flips != 0) {
        steps.push_back(CccGraph::kClockwise);
        q = (q + 1) % s;
      }
    }
    const unsigned forward = (target_position + s - q) % s;
    if (forward <= s - forward) {
      steps.append(forward, CccGraph::kClockwise);
    } else {
      steps.append(s - forward, CccGraph::kAnticlockwise);
    }
    set_steps(p.ticket, steps);
  }

 private:
  const CccGraph& g_;
};

/// SHUFFLE/EXCHANGE (section 7): n stages, each a shuffle step then, where the ticket's digit
/// says so, an exchange step; the stage shifts the next target bit in at the least significant
/// end.
class ShuffleExchangeScheme : public Scheme {
 public:
  explicit ShuffleExchangeScheme(const ShuffleExchangeGraph& g) : g_(g) {}
  std::string name() const override { return "se"; }
  unsigned subphases() const override { return 2; }
  void prepare(SfPacket& p, NodeId here, Rng& rng) const override {
    const unsigned n = g_.n();
    StepBuffer steps;
    for (unsigned r = 1; r <= n; ++r) {
      const NodeId bit = NodeId{1} << (n - r);  // the r-th most significant bit
      const bool change =
          p.ticket.subphase == 0 ? rng.below(2) == 1 : ((here ^ p.packet.destination) & bit) != 0;
      steps.push_back(ShuffleExchangeGraph::kShuffle);
      if (change) steps.push_back(ShuffleExchangeGraph::kExchange);
    }
    set_steps(p.ticket, steps);
  }

 private:
  const ShuffleExchangeGraph& g_;
};

/// Grid schemes (section 8). A sub-phase moves the packet along one dimension to a target
/// coordinate: random (randomizing) or the destination's (correcting). Queues obey the
/// precedence rule: packets that have moved in their current sub-phase go first.
class GridScheme : public Scheme {
 public:
  using Subphase = GridSubphase;
  GridScheme(const GridGraph& g, std::string name, std::vector<Subphase> plan)
      : g_(g), name_(std::move(name)), plan_(std::move(plan)) {
    randomizing_ = 0;
    while (randomizing_ < plan_.size() && plan_[randomizing_].random) ++randomizing_;
  }
  std::string name() const override { return name_; }
  unsigned subphases() const override { return static_cast<unsigned>(plan_.size()); }
  unsigned randomizing() const override { return randomizing_; }
  bool moved_first() const override { return true; }
  void prepare(SfPacket& p, NodeId here, Rng& rng) const override {
    const Subphase& sp = plan_.at(p.ticket.subphase);
    const unsigned value =
        sp.random ? rng.below(g_.n()) : g_.coordinate(p.packet.destination, sp.dimension);
    p.ticket.target = g_.with_coordinate(here, sp.dimension, value);
    p.ticket.length = p.ticket.next = 0;
  }
  int edge_at_step(const Ticket& t, unsigned /*taken*/, NodeId here) const override {
    if (here == t.target) return kNoEdge;
    const unsigned j = plan_.at(t.subphase).dimension;
    return static_cast<int>(2 * j + (g_.coordinate(t.target, j) > g_.coordinate(here, j) ? 0 : 1));
  }
  unsigned remaining(const SfPacket& p, NodeId here) const override {
    const unsigned j = plan_.at(p.ticket.subphase).dimension;
    const int a = static_cast<int>(g_.coordinate(p.ticket.target, j));
    const int b = static_cast<int>(g_.coordinate(here, j));
    return static_cast<unsigned>(a > b ? a - b : b - a);
  }

 private:
  const GridGraph& g_;
  std::string name_;
  std::vector<Subphase> plan_;
  unsigned randomizing_;
};

/// grid3 (k = 2): Phase A randomizes dimension 1, Phase Z corrects dimension 2, Phase B
/// corrects dimension 1.
std::vector<GridSubphase> grid3_plan() { return {{0, true}, {1, false}, {0, false}}; }

/// gridk: Route(n, k, k) unrolled for one packet: Phase A of Route(n,k,m) for m = k..2 (random
/// in dimension m), Route(n,k,1) (correct dimension 1), then Phase B of Route(n,k,m) for
/// m = 2..k (correct dimension m). Each packet goes on to its next call as soon as it finishes
/// the last (calls are not synchronized across sub-cubes).
std::vector<GridSubphase> gridk_plan(unsigned k) {
  std::vector<GridSubphase> plan;
  for (unsigned m = k; m >= 2; --m) plan.push_back({m - 1, true});
  plan.push_back({0, false});
  for (unsigned m = 2; m <= k; ++m) plan.push_back({m - 1, false});
  return plan;
}

std::string joined(const std::vector<std::string>& names) {
  std::string s;
  for (const std::string& n : names) s += (s.empty() ? "" : ", ") + n;
  return s;
}

}  // namespace

std::vector<unsigned> pack(const std::vector<unsigned>& t) {
  std::vector<unsigned> packed = t;
  pack(packed.data(), packed.data() + packed.size());
  return packed;
}

std::vector<unsigned> shortest_shuffle_route(unsigned d, unsigned n, NodeId u, NodeId v) {
  std::vector<unsigned> labels(n);
  labels.resize(shortest_shuffle_route_into(d, n, u, v, labels.data()));
  return labels;
}

NodeId follow(const SfGraph& graph, NodeId from, const std::vector<unsigned>& labels) {
  return follow(graph, from, labels.data(), labels.data() + labels.size());
}

std::vector<unsigned> steps_of(const Ticket& t) {
  return std::vector<unsigned>(t.steps.begin(), t.steps.begin() + t.length);
}

std::vector<GridSubphase> grid_plan(const std::string& name, unsigned k) {
  return name == "grid3" ? grid3_plan() : gridk_plan(k);
}

std::vector<unsigned> grid_correction_order(const std::string& name, unsigned k) {
  std::vector<unsigned> order;
  for (const GridSubphase& sp : grid_plan(name, k)) {
    if (!sp.random) order.push_back(sp.dimension);
  }
  return order;
}

std::vector<std::string> scheme_names(const std::string& network) {
  if (network == "hypercube") return {"cubes", "basic", "cubess"};
  if (network == "shuffle") return {"mshuffle", "dshuffle"};
  if (network == "ccc") return {"ccc"};
  if (network == "shuffle-exchange") return {"se"};
  if (network == "grid") return {"gridk", "grid3"};
  return {};
}

std::vector<std::string> scheme_names(const SfGraph& graph) { return scheme_names(graph.name()); }

std::string scheme_unavailable(const std::string& name, const SfGraph& graph) {
  const std::vector<std::string> names = scheme_names(graph);
  if (std::find(names.begin(), names.end(), name) == names.end()) {
    return "'" + name + "' is not accepted on " + graph.name() + " (one of " + joined(names) + ")";
  }
  const auto* grid = dynamic_cast<const GridGraph*>(&graph);
  if (name == "grid3" && grid->k() != 2) return "'grid3' needs --k 2 (use gridk for k != 2)";
  return "";
}

std::unique_ptr<Scheme> make_scheme(const std::string& name, const SfGraph& graph) {
  const std::string why = scheme_unavailable(name, graph);
  if (!why.empty()) throw std::invalid_argument("make_scheme: " + why);
  if (auto* g = dynamic_cast<const HypercubeGraph*>(&graph)) {
    const auto v = name == "cubes"   ? CubeScheme::Variant::kCubes
                   : name == "basic" ? CubeScheme::Variant::kBasic
                                     : CubeScheme::Variant::kCubess;
    return std::make_unique<CubeScheme>(*g, v);
  }
  if (auto* g = dynamic_cast<const ShuffleGraph*>(&graph)) {
    return std::make_unique<ShuffleScheme>(*g, name == "mshuffle");
  }
  if (auto* g = dynamic_cast<const CccGraph*>(&graph)) return std::make_unique<CccScheme>(*g);
  if (auto* g = dynamic_cast<const ShuffleExchangeGraph*>(&graph)) {
    return std::make_unique<ShuffleExchangeScheme>(*g);
  }
  const auto& g = dynamic_cast<const GridGraph&>(graph);
  if (name == "grid3") return std::make_unique<GridScheme>(g, name, grid3_plan());
  return std::make_unique<GridScheme>(g, name, gridk_plan(g.k()));
}

}  // namespace optinet::sf
