#include "models/mesh/mesh_pin_links.h"

#include <stdexcept>
#include <string>

namespace optinet::mesh {

MeshPinLinks::MeshPinLinks(const sc_core::sc_module_name& name, const MeshFabricConfig& config,
                           const RunControlIf* control)
    : sc_core::sc_module(name) {
  if (config.buffers < 1) throw std::invalid_argument("MeshPinLinks: at least one buffer per link");
  shared_.geometry = MeshGeometry{config.n};
  shared_.outbox = config.outbox;
  shared_.control = control;
  const MeshGeometry& g = shared_.geometry;
  const std::uint32_t nodes = config.n * config.n;
  for (std::uint32_t node = 0; node < nodes; ++node) {
    const Coord c = g.coord_of(node);
    const std::string rname = "router_x" + std::to_string(c.x) + "_y" + std::to_string(c.y);
    routers_.push_back(std::make_unique<MeshPinRouter>(
        rname.c_str(), MeshPinRouterConfig{g, node, config.buffers}));
    routers_.back()->clk(clk);
  }
  wires_.resize(std::size_t(nodes) * kDirs);
  links_.resize(wires_.size());
  for (std::uint32_t node = 0; node < nodes; ++node)
    for (std::uint32_t d = 0; d < kDirs; ++d) {
      if (!g.has_link(node, d)) continue;
      const std::uint32_t link = node * kDirs + d;
      const std::string lname = g.link_name(link);
      wires_[link] = std::make_unique<LinkWires>(lname);
      links_[link] = std::make_unique<MeshPinLink>(lname.c_str());
      MeshPinLink& l = *links_[link];
      LinkWires& w = *wires_[link];
      MeshPinRouter& from = *routers_[node];
      MeshPinRouter& to = *routers_[g.neighbour(node, d)];
      l.clk(clk);
      from.out[d]->bind(w.in);
      l.in.bind(w.in);
      l.out.bind(w.out);
      to.in[d]->bind(w.out);
      (*to.in_occupancy[d])(w.far_occupancy);
      l.far_occupancy(w.far_occupancy);
      l.occupancy(w.occupancy);
      (*from.out_occupancy[d])(w.occupancy);
    }
}

MeshPinLinks::~MeshPinLinks() {
  // Reverse creation order: modules before the wires their ports are bound to.
  links_.clear();
  wires_.clear();
  routers_.clear();
}

void MeshPinLinks::reset() {
  if (in_flight() != 0) throw std::logic_error("MeshPinLinks::reset with packets in flight");
  for (auto& l : links_)
    if (l) l->reset();
  for (auto& r : routers_) r->reset();
  for (MeshPinProcessor* p : processors_) p->reset();
}

std::uint64_t MeshPinLinks::unread() const {
  std::uint64_t count = 0;
  for (const MeshPinProcessor* p : processors_) count += p->unread();
  return count;
}

void MeshPinLinks::discard() {
  for (auto& r : routers_) r->discard();
  for (MeshPinProcessor* p : processors_) p->discard();
}

std::uint64_t MeshPinLinks::in_flight() const {
  std::uint64_t count = 0;
  for (const auto& r : routers_) count += r->buffered();
  for (const MeshPinProcessor* p : processors_) count += p->outbox_size();
  return count;
}

MeshLinkCounters MeshPinLinks::link_counters(std::uint32_t link) const {
  const std::uint32_t d = link % kDirs;
  const std::uint32_t far = shared_.geometry.neighbour(link / kDirs, d);
  return MeshLinkCounters{links_[link]->busy_slots(), routers_[far]->max_occupancy(d)};
}

void MeshPinLinks::trace(sc_core::sc_trace_file* tf, std::uint32_t first, std::uint32_t last) {
  const std::string base = name();
  const std::uint32_t nodes = shared_.geometry.n * shared_.geometry.n;
  for (std::uint32_t node = first; node <= last && node < nodes; ++node)
    for (std::uint32_t d = 0; d < kDirs; ++d) {
      const std::uint32_t link = node * kDirs + d;
      if (!links_[link]) continue;
      links_[link]->trace(tf);
      const std::string wire = base + "." + shared_.geometry.link_name(link);
      trace_pins_of(tf, wires_[link]->in, wire + "_in_");
      sc_core::sc_trace(tf, wires_[link]->occupancy, wire + "_occupancy");
    }
}

}  // namespace optinet::mesh
