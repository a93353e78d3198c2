// What SystemC's thread stacks cost the kernel : N modules with one SC_THREAD each,
// stack size S, then sc_start(SC_ZERO_TIME), in which SystemC 2.3.4 maps every stack and
// protects its guard page. Prints, after construction and after the first delta cycle, the wall
// time, user and system time and minor faults so far (getrusage) and the peak RSS.
//
// Usage: thread_stacks N S     (e.g. thread_stacks 65536 16384; S = 0: SystemC's default)
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <systemc>
#include <vector>

namespace {

struct Idle : sc_core::sc_module {
  SC_HAS_PROCESS(Idle);
  Idle(const sc_core::sc_module_name& name, std::size_t stack) : sc_core::sc_module(name) {
    SC_THREAD(thread);
    if (stack != 0) set_stack_size(stack);
  }
  void thread() { wait(sc_core::SC_ZERO_TIME); }
};

void report(const char* phase, std::chrono::steady_clock::time_point t0) {
  rusage r{};
  getrusage(RUSAGE_SELF, &r);
  std::printf("%s: wall %.3f s, user %.3f s, sys %.3f s, minor faults %ld, peak RSS %ld MiB\n",
              phase, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(),
              r.ru_utime.tv_sec + r.ru_utime.tv_usec / 1e6,
              r.ru_stime.tv_sec + r.ru_stime.tv_usec / 1e6, r.ru_minflt, r.ru_maxrss / 1024);
}

}  // namespace

int sc_main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: thread_stacks N STACK_BYTES\n");
    return 2;
  }
  const long n = std::atol(argv[1]);
  const std::size_t stack = std::strtoul(argv[2], nullptr, 0);
  const auto t0 = std::chrono::steady_clock::now();
  std::vector<std::unique_ptr<Idle>> modules;
  modules.reserve(n);
  for (long i = 0; i < n; ++i) {
    modules.push_back(std::make_unique<Idle>(("m" + std::to_string(i)).c_str(), stack));
  }
  report("constructed", t0);
  sc_core::sc_start(sc_core::SC_ZERO_TIME);
  report("first delta cycle", t0);
  std::fflush(stdout);
  std::_Exit(0);  // teardown is not what is measured
}
