#include "testbenches/cli/memory_estimate.h"

#include <cstdio>
#include <fstream>
#include <limits>
#include <regex>
#include <sstream>

#include "testbenches/io/input_file.h"
#include "testbenches/io/option_values.h"
#include "testbenches/io/usage_error.h"

namespace optinet {

namespace {

// Peak resident bytes measured with `/usr/bin/time -f %M build/optinet ... --quiet` (release
// build; docs/robustness.md): the process without a network, and per element.
constexpr double kBase = 9.4 * 1024 * 1024;  // POPS(1,1) peaks at 9.4 MiB
// A processor thread: OCPC p=4096 and 16384 (a processor with its tx and rx ports) both 6.9 KiB.
// Processors without clk and control ports differ: a POPS
// processor, with no ports of its own, 5.8 KiB (POPS d=512 g=32: POPS estimates run up to 20%
// high), a mesh processor 8.4 KiB (mesh n=64 against n=128: its estimates run 12-13% low).
constexpr double kThread = 6.9 * 1024;
// POPS d=16 g=256 against d=512 g=32 (a behavioural coupler is a plain object in its group's
// module; as a module of its own it would take 4.0 KiB).
constexpr double kCoupler = 0.4 * 1024;
constexpr double kLink = 0.62 * 1024;  // a mesh link
// A store-and-forward node (an SC_METHOD), solved with hypercube --n 12 and shuffle --d 2 --n 12
// (31.4 and 27.4 MiB since the packet pool); hypercube --n 14 and --n 16 (99.4 and 382.0 MiB)
// checked it. With kLinkRecord as below the same four give 4.17-4.31 KiB.
constexpr double kMethodNode = 4.30 * 1024;
// The same node stepped by the network's process (no process, input port or event of its own),
// from hypercube --n 12, 14, 16, shuffle --d 2 --n 12, ccc --s 10 and grid --n 64 --k 2 with
// kLinkRecord as below: 2.22-2.37 KiB since its router is 256 bytes and an edge one line
// (2.27-2.44 at 384 bytes, 3.32 while it kept a port and an event).
constexpr double kSteppedNode = 2.26 * 1024;
// A store-and-forward edge: its 12-byte link, 4-byte carried counter and 4-byte in-link index
// (its queue is its router's). hypercube --n 16 and --n 18 then peak
// at 173,264 and 683,536 KiB, 3% and 2% below these estimates.
constexpr double kLinkRecord = 0.020 * 1024;
// A bus (its method, ports and K bindings) and a hierarchy-only scope module, solved together
// from dmob --k 4 --dim 6 and --k 2 --dim 12 against ocpc --p 4096 (same 4096 threads;
// docs/benchmarks.md): the MOB-PC's 2p buses were too few to show them above the noise.
constexpr double kBus = 3.9 * 1024;
constexpr double kScope = 2.85 * 1024;
constexpr double kTraced = 0.75 * 1024;  // POPS(64,64) with and without --vcd, per element
// POPS's pins view, per transmitter fibre (n*g): its valid line, its receiver's and its
// coupler input's six ports each, and the coupler modules, from pops --view pins at d,g = 32,32,
// 64,64, 8,128, 256,16 and 16384,4 (318, 2,375, 1,328, 631 and 3,180 MiB peak: 9.1-10.7 KiB
// beyond the threads).
constexpr double kPinFibre = 10.0 * 1024;
// The OCPC's and MOB-PC's pins view beyond the grouped view: per processor its receiver module
// and wires (10 signals, 10 + 10 ports), per transmitter its wires and ports (10 signals, 10 +
// 10 ports). ocpc --p 4096 and --p 65536 peak at 186 and 2,825 MiB in the pins view against 39
// and 464 MiB grouped (36.8 and 36.9 KiB per processor, one transmitter each); mob --p 64 and
// --p 256 at 258 and 3,952 MiB against 40 and 475 MiB (54.3 KiB per processor, two
// transmitters each): 19.4 KiB per processor and 17.45 KiB per transmitter.
constexpr double kPinProcessor = 19.4 * 1024;
constexpr double kPinTransmitter = 17.45 * 1024;
// The mesh's pins view beyond the grouped view, per node: its router, its processor's pins and
// wires (five lanes each way, 12 signals a lane), and its links' modules and wires. mesh --n 32
// and --n 64 --max-slots 20 peak at 424,672 and 1,678,444 KiB in the pins view against 21,988
// and 53,140 KiB grouped: 393 and 397 KiB per node.
constexpr double kPinMeshNode = 395.0 * 1024;
// The store-and-forward pins view beyond its nodes' methods (kMethodNode), per directed link:
// its stage module and method, the 16 wires on both sides of it and the 32 ports (source,
// stage, far end) that bind them. hypercube --view pins at n = 8, 10 and 12 peak at 72,496,
// 316,988 and 1,474,032 KiB: 30.2, 29.6 and 30.1 KiB per link.
constexpr double kPinLink = 30.0 * 1024;
// --hierarchy: its text (about 100 bytes per SystemC object, built in a string sized
// beforehand and held until the end), as a share of the network's estimate beyond kBase. With
// --max-slots 50 the peak grows by 12% of that on ocpc --p 1024 (5.5 MiB of text), 17% on dmob
// --k 4 --dim 5 (21 MiB), 16% on hypercube --n 10, 15% on mesh --n 8, 5% on splithash --k 8
// --depth 3.
constexpr double kHierarchyShare = 0.20;

std::uint64_t read_meminfo_available() {
  std::ifstream in("/proc/meminfo");
  std::string key;
  std::uint64_t kib = 0;
  std::string unit;
  while (in >> key >> kib >> unit) {
    if (key == "MemAvailable:") return kib * 1024;
  }
  return 0;
}

std::uint64_t read_cgroup_limit() {
  std::ifstream in("/sys/fs/cgroup/memory.max");
  std::string text;
  if (!(in >> text) || text == "max") return 0;
  return read_count(text).value_or(0);
}

}  // namespace

std::uint64_t estimate_memory(const ResourceCounts& c, bool traced, bool hierarchy) {
  double bytes = kBase + kThread * c.threads + kCoupler * c.couplers + kMethodNode * c.methods +
                 kSteppedNode * c.stepped_nodes + kLink * c.links + kLinkRecord * c.link_records +
                 kBus * c.buses + kScope * c.scopes + kPinFibre * c.pin_fibres +
                 kPinProcessor * c.pin_processors + kPinTransmitter * c.pin_transmitters +
                 kPinMeshNode * c.pin_mesh_nodes + kPinLink * c.pin_links + c.tables;
  if (traced) {
    bytes += kTraced * (c.threads + c.couplers + c.methods + c.stepped_nodes + c.links +
                        c.link_records + c.buses);
  }
  // The hierarchy's text grows with the SystemC objects, as the network's memory does beyond
  // the process's own: kHierarchyShare of it.
  if (hierarchy) bytes += kHierarchyShare * (bytes - kBase);
  return static_cast<std::uint64_t>(bytes);
}

std::uint64_t memory_available() {
  const std::uint64_t available = read_meminfo_available();
  const std::uint64_t limit = read_cgroup_limit();
  if (limit != 0 && (available == 0 || limit < available)) return limit;
  return available;
}

std::uint64_t parse_memory_size(const std::string& option, const std::string& text) {
  static const std::regex size(R"(([0-9]{1,15})([KMGT]?))");
  std::smatch m;
  if (std::regex_match(text, m, size)) {
    const std::uint64_t value = *read_count(m[1].str());
    const std::string unit = m[2].str();
    const int shift = unit.empty()  ? 0
                      : unit == "K" ? 10
                      : unit == "M" ? 20
                      : unit == "G" ? 30
                                    : 40;
    if (value > 0 && value <= (std::numeric_limits<std::uint64_t>::max() >> shift)) {
      return value << shift;
    }
  }
  throw UsageError(option + ": '" + printable(text, 40) +
                   "' is not accepted (bytes, a positive integer with an optional K, M, G or T)");
}

std::string format_bytes(std::uint64_t bytes) {
  char text[32];
  const double mib = static_cast<double>(bytes) / (1024.0 * 1024.0);
  if (mib >= 1024) {
    std::snprintf(text, sizeof text, "%.1f GiB", mib / 1024);
  } else if (bytes < (1u << 20)) {
    std::snprintf(text, sizeof text, "%.0f KiB", static_cast<double>(bytes) / 1024);
  } else {
    std::snprintf(text, sizeof text, "%.0f MiB", mib);
  }
  return text;
}

}  // namespace optinet
