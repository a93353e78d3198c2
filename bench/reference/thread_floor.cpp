// The thread-per-processor floor: a bare SystemC program with one module and one SC_THREAD per
// processor (64 KiB stack, as optinet's processors) that waits for the clock's rising edge once
// a slot and does nothing else. What optinet costs above this is the model's; this part is its
// design's (one thread activation per processor per slot). With --method 1, one SC_METHOD per
// node that re-arms on the clock's rising edge instead (the store-and-forward nodes' process
// kind): the floor of one method activation per busy node per slot.
//
// Usage: thread_floor --n N --slots S [--method 0|1]
// Prints one JSON object: n, slots, elaboration seconds (construction and the first delta
// cycle, in which SystemC creates the thread stacks) and simulation seconds.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <systemc>
#include <vector>

namespace {

constexpr std::size_t kThreadStackBytes = 64 * 1024;

SC_MODULE(IdleProcessor) {
  sc_core::sc_in<bool> clk;
  unsigned slots = 0;

  SC_CTOR(IdleProcessor) {
    SC_THREAD(thread);
    set_stack_size(kThreadStackBytes);
  }

  void thread() {
    for (unsigned s = 0; s < slots; ++s) wait(clk.posedge_event());
    while (true) wait(clk.posedge_event());  // never return: SystemC removes ended threads slowly
  }
};

SC_MODULE(IdleMethodNode) {
  sc_core::sc_in<bool> clk;

  SC_CTOR(IdleMethodNode) {
    SC_METHOD(activate);
    sensitive << clk.pos();
  }

  void activate() { next_trigger(clk.posedge_event()); }
};

[[noreturn]] void usage(const char* what) {
  std::fprintf(stderr, "%s\nusage: thread_floor --n N --slots S [--method 0|1]\n", what);
  std::exit(2);
}

}  // namespace

int sc_main(int argc, char** argv) {
  unsigned long n = 0;
  unsigned long slots = 0;
  unsigned long method = 0;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (i + 1 >= argc) usage(("missing value for " + arg).c_str());
    const unsigned long v = std::strtoul(argv[++i], nullptr, 10);
    if (arg == "--n") {
      n = v;
    } else if (arg == "--slots") {
      slots = v;
    } else if (arg == "--method") {
      method = v;
    } else {
      usage(("unknown option " + arg).c_str());
    }
  }
  if (n < 1 || n > (1UL << 22)) usage("--n: an integer in [1, 4194304]");
  if (slots < 1) usage("--slots: an integer >= 1");
  if (method > 1) usage("--method: 0 (a thread per node) or 1 (a method per node)");

  const auto t0 = std::chrono::steady_clock::now();
  sc_core::sc_clock clk("clk", 1, sc_core::SC_NS);
  std::vector<std::unique_ptr<IdleProcessor>> nodes;
  std::vector<std::unique_ptr<IdleMethodNode>> method_nodes;
  for (unsigned long i = 0; i < n; ++i) {
    const std::string name = "p" + std::to_string(i);
    if (method != 0) {
      method_nodes.push_back(std::make_unique<IdleMethodNode>(name.c_str()));
      method_nodes.back()->clk(clk);
    } else {
      nodes.push_back(std::make_unique<IdleProcessor>(name.c_str()));
      nodes.back()->clk(clk);
      nodes.back()->slots = static_cast<unsigned>(slots);
    }
  }
  sc_core::sc_start(sc_core::SC_ZERO_TIME);
  const auto t1 = std::chrono::steady_clock::now();
  sc_core::sc_start(static_cast<double>(slots), sc_core::SC_NS);
  const auto t2 = std::chrono::steady_clock::now();
  std::printf("{\"n\": %lu, \"slots\": %lu, \"elaboration\": %.6f, \"simulation\": %.6f}\n", n,
              slots, std::chrono::duration<double>(t1 - t0).count(),
              std::chrono::duration<double>(t2 - t1).count());
  std::fflush(stdout);
  std::_Exit(0);  // as optinet: the network is left to process exit (no O(n^2) teardown)
}
