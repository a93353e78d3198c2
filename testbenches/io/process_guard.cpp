#include "testbenches/io/process_guard.h"

#include <signal.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <exception>
#include <new>
#include <string>
#include <vector>

namespace optinet {

namespace {

constexpr int kSlots = 4;
constexpr std::size_t kPathBytes = 4096;

const char* g_program = "optinet";  // set once, before any handler is installed
volatile std::sig_atomic_t g_interrupt = 0;
volatile std::sig_atomic_t g_deferring = 0;
volatile std::sig_atomic_t g_outputs_written = 0;  // outputs already moved into place
// Temporary files: a slot is in use while its flag is set (set after the path is copied).
char g_temporary[kSlots][kPathBytes];
volatile std::sig_atomic_t g_in_use[kSlots] = {};

void say(const char* text) {
  const std::size_t n = std::strlen(text);
  ssize_t ignored = ::write(STDERR_FILENO, text, n);
  (void)ignored;
}

void remove_temporaries() {
  for (int i = 0; i < kSlots; ++i) {
    if (g_in_use[i] != 0) ::unlink(g_temporary[i]);
  }
}

/// The signals that end a process by default and come from outside it (a user, a terminal, a
/// time or file limit, a closed pipe): each stops the runs as SIGINT does.
constexpr int kInterrupts[] = {SIGINT,  SIGTERM,   SIGHUP,  SIGQUIT, SIGPIPE, SIGUSR1, SIGUSR2,
                               SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGIO,   SIGPWR,  SIGSTKFLT};
/// The signals of a fault in the process itself (or sent as one): exit status 70.
constexpr int kCrashes[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGSYS, SIGTRAP};

/// The signal's name, or nullptr for a real-time signal (named SIGRTMIN+k) or an unknown one.
const char* fixed_name_of(int signal) {
  switch (signal) {
    case SIGINT:
      return "SIGINT";
    case SIGTERM:
      return "SIGTERM";
    case SIGHUP:
      return "SIGHUP";
    case SIGQUIT:
      return "SIGQUIT";
    case SIGPIPE:
      return "SIGPIPE";
    case SIGUSR1:
      return "SIGUSR1";
    case SIGUSR2:
      return "SIGUSR2";
    case SIGALRM:
      return "SIGALRM";
    case SIGVTALRM:
      return "SIGVTALRM";
    case SIGPROF:
      return "SIGPROF";
    case SIGXCPU:
      return "SIGXCPU";
    case SIGXFSZ:
      return "SIGXFSZ";
    case SIGIO:
      return "SIGIO";
    case SIGPWR:
      return "SIGPWR";
    case SIGSTKFLT:
      return "SIGSTKFLT";
    case SIGSEGV:
      return "SIGSEGV";
    case SIGBUS:
      return "SIGBUS";
    case SIGFPE:
      return "SIGFPE";
    case SIGILL:
      return "SIGILL";
    case SIGABRT:
      return "SIGABRT";
    case SIGSYS:
      return "SIGSYS";
    case SIGTRAP:
      return "SIGTRAP";
    default:
      return nullptr;
  }
}

/// Writes the signal's name into `out` (at least 24 bytes) without allocating: a signal
/// handler's name. Real-time signals are SIGRTMIN, SIGRTMIN+k and SIGRTMAX.
const char* name_into(int signal, char* out) {
  if (const char* fixed = fixed_name_of(signal)) return fixed;
  if (signal == SIGRTMIN) return "SIGRTMIN";
  if (signal == SIGRTMAX) return "SIGRTMAX";
  const bool realtime = signal >= SIGRTMIN && signal <= SIGRTMAX;
  const char* prefix = realtime ? "SIGRTMIN+" : "signal ";
  int number = realtime ? signal - SIGRTMIN : signal;
  std::size_t n = std::strlen(prefix);
  std::memcpy(out, prefix, n);
  char digits[12];
  std::size_t k = 0;
  do {
    digits[k++] = static_cast<char>('0' + number % 10);
    number /= 10;
  } while (number > 0 && k < sizeof digits);
  while (k > 0) out[n++] = digits[--k];
  out[n] = '\0';
  return out;
}

void on_interrupt(int signal) {
  if (g_deferring != 0 && g_interrupt == 0) {
    g_interrupt = signal;  // the run in progress stops at its next slot boundary
    return;
  }
  remove_temporaries();
  char name[32];
  say(g_program);
  say(": interrupted (");
  say(name_into(signal, name));
  say(g_outputs_written != 0 ? "); the outputs already written are kept, the others not written\n"
                             : "); nothing written\n");
  ::_exit(128 + signal);
}

void on_crash(int signal) {
  remove_temporaries();
  char name[32];
  say(g_program);
  say(": internal error (");
  say(name_into(signal, name));
  say("); nothing written; please report the command line\n");
  ::_exit(70);
}

void on_terminate() {
  remove_temporaries();
  // Not a signal handler: the exception's message may be read (its first line only).
  std::string what = "internal error (uncaught exception)";
  if (const std::exception_ptr current = std::current_exception()) {
    try {
      std::rethrow_exception(current);
    } catch (const std::bad_alloc&) {
      what = "out of memory (a smaller network needs less)";
    } catch (const std::exception& e) {
      what = std::string("internal error (") + e.what();
    } catch (...) {
    }
  }
  what = what.substr(0, what.find('\n'));
  if (what.back() != ')') what += ')';
  say((std::string(g_program) + ": " + what + "; nothing written\n").c_str());
  ::_exit(70);
}

void handle(int signal, void (*handler)(int), int flags) {
  struct sigaction action {};
  action.sa_handler = handler;
  sigemptyset(&action.sa_mask);
  action.sa_flags = flags;
  sigaction(signal, &action, nullptr);
}

/// Whether `signal` is at its default action (not ignored, no handler of someone else's).
bool at_default(int signal) {
  struct sigaction current {};
  return sigaction(signal, nullptr, &current) == 0 && current.sa_handler == SIG_DFL &&
         (current.sa_flags & SA_SIGINFO) == 0;
}

}  // namespace

void install_process_guard(const char* program) {
  g_program = program;
  // SIGINT and SIGTERM always stop the runs. Another signal ignored when the process started
  // stays ignored (nohup's SIGHUP, a background job's SIGQUIT), as does one that already has a
  // handler (a profiler's SIGPROF).
  for (int s : kInterrupts) {
    if (s == SIGINT || s == SIGTERM || at_default(s)) handle(s, on_interrupt, SA_RESTART);
  }
  for (int s = SIGRTMIN; s <= SIGRTMAX; ++s) {
    if (at_default(s)) handle(s, on_interrupt, SA_RESTART);
  }
  // A write past a file-size limit fails with EFBIG and is reported (exit status 3); the
  // signal would end the process without a word.
  handle(SIGXFSZ, SIG_IGN, 0);
#if defined(__SANITIZE_ADDRESS__)
  // Sanitizer builds keep the sanitizer's own crash report.
#else
  // Crash handlers run on their own stack: a SystemC thread that overflows its stack faults on
  // the guard page, where no handler could run.
  static std::vector<char> alternate(64 * 1024);
  stack_t stack{};
  stack.ss_sp = alternate.data();
  stack.ss_size = alternate.size();
  sigaltstack(&stack, nullptr);
  for (int s : kCrashes) handle(s, on_crash, SA_ONSTACK);
  std::set_terminate(on_terminate);
#endif
}

const volatile std::sig_atomic_t* interrupt_flag() { return &g_interrupt; }

int interrupt_signal() { return g_interrupt; }

std::string signal_name(int signal) {
  char name[32];
  return name_into(signal, name);
}

void defer_interrupts() { g_deferring = 1; }

void end_deferred_interrupts() { g_deferring = 0; }

void note_output_written() { g_outputs_written = 1; }

void remember_temporary(const std::string& path) {
  if (path.size() >= kPathBytes) return;
  for (int i = 0; i < kSlots; ++i) {
    if (g_in_use[i] == 0) {
      std::memcpy(g_temporary[i], path.c_str(), path.size() + 1);
      g_in_use[i] = 1;
      return;
    }
  }
}

void forget_temporary(const std::string& path) {
  for (int i = 0; i < kSlots; ++i) {
    if (g_in_use[i] != 0 && path == g_temporary[i]) g_in_use[i] = 0;
  }
}

void remove_temporaries_now() {
  remove_temporaries();
  for (int i = 0; i < kSlots; ++i) g_in_use[i] = 0;
}

}  // namespace optinet
