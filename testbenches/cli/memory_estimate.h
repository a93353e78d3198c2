#pragma once
/// \file
/// How much memory a network will take, estimated before anything is elaborated, so that a
/// network too large for the machine is refused with one line instead of running out of memory
/// half-way through elaboration. The coefficients were measured with /usr/bin/time (peak
/// resident set) at several sizes of each family; docs/robustness.md ("Memory") has the table.
#include <cstdint>
#include <string>

namespace optinet {

/// What a network is made of, as far as memory goes.
struct ResourceCounts {
  std::uint64_t threads = 0;         ///< processors with a SystemC thread (stack and context)
  std::uint64_t couplers = 0;        ///< passive-star coupler modules (POPS: g^2)
  std::uint64_t methods = 0;         ///< nodes that are SC_METHODs (store-and-forward nodes)
  std::uint64_t stepped_nodes = 0;   ///< store-and-forward nodes the network's process steps
  std::uint64_t links = 0;           ///< point-to-point links with their queues
  std::uint64_t link_records = 0;    ///< store-and-forward links: records in one array, with queues
  std::uint64_t buses = 0;           ///< optical buses
  std::uint64_t scopes = 0;          ///< modules that only group others (dmob's coordinate scopes)
  std::uint64_t tables = 0;          ///< bytes of tables a protocol holds (dmob funnel's routes)
  std::uint64_t pin_fibres = 0;      ///< POPS's pins view: transmitter fibres with their pins (n*g)
  std::uint64_t pin_processors = 0;  ///< the OCPC/MOB-PC pins view: processors, receivers
  std::uint64_t pin_transmitters = 0;  ///< and their transmitters (one per bus a processor lights)
  std::uint64_t pin_mesh_nodes = 0;    ///< the mesh's pins view: routers, links and wires per node
  std::uint64_t pin_links = 0;  ///< the store-and-forward pins view: links with stage and pins
};

/// Resident bytes of a network made of `counts`; `traced`: with a VCD file; `hierarchy`: with
/// its elaborated hierarchy written (`--hierarchy`, whose text is held until the run ends).
std::uint64_t estimate_memory(const ResourceCounts& counts, bool traced, bool hierarchy = false);

/// Memory this process may use: MemAvailable of /proc/meminfo, or the cgroup's limit if lower
/// (0 if neither can be read).
std::uint64_t memory_available();

/// A size in bytes: a plain integer with an optional K, M, G or T (powers of 1024), e.g. "20G".
/// Throws UsageError naming `option`.
std::uint64_t parse_memory_size(const std::string& option, const std::string& text);

/// "11.8 GiB", "640 MiB", "1 KiB".
std::string format_bytes(std::uint64_t bytes);

}  // namespace optinet
