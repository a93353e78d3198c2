#pragma once
/// \file
/// Cube-connected cycles (section 7, CCC): 2^s cycles of length s, N = s * 2^s, every edge
/// directed both ways (degree 3). Node (c, p), c the cycle (a cube corner), p the position on
/// it, has id c * s + p. Labels: 0 the cube edge (flips bit p of c), 1 the cycle edge to
/// position p+1 (clockwise), 2 the cycle edge to p-1.
#include "models/topology/sf_graph.h"

namespace optinet::sf {

class CccGraph : public SfGraph {
 public:
  static constexpr unsigned kCube = 0;
  static constexpr unsigned kClockwise = 1;
  static constexpr unsigned kAnticlockwise = 2;

  explicit CccGraph(unsigned s) : s_(s) {}
  unsigned s() const { return s_; }
  std::string name() const override { return "ccc"; }
  NodeId nodes() const override { return s_ << s_; }
  unsigned degree() const override { return 3; }
  NodeId cycle_of(NodeId x) const { return x / s_; }
  unsigned position_of(NodeId x) const { return x % s_; }
  NodeId node(NodeId cycle, unsigned position) const { return cycle * s_ + position; }
  NodeId neighbor(NodeId x, unsigned label) const override {
    const NodeId c = cycle_of(x);
    const unsigned p = position_of(x);
    switch (label) {
      case kCube:
        return node(c ^ (NodeId{1} << p), p);
      case kClockwise:
        return node(c, (p + 1) % s_);
      default:
        return node(c, (p + s_ - 1) % s_);
    }
  }
  std::string label_name(unsigned label) const override {
    return label == kCube ? "cube" : label == kClockwise ? "cw" : "ccw";
  }
  std::vector<std::pair<std::string, std::uint64_t>> parameters() const override {
    return {{"s", s_}};
  }

 private:
  unsigned s_;
};

}  // namespace optinet::sf
