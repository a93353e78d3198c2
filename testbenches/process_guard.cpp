#include "testbenches/process_guard.h"

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

const char* name_of(int signal) {
  switch (signal) {
    case SIGINT:
      return "SIGINT";
    case SIGTERM:
      return "SIGTERM";
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
    default:
      return "a signal";
  }
}

void on_interrupt(int signal) {
  if (g_deferring != 0 && g_interrupt == 0) {
    g_interrupt = signal;  // the run in progress stops at its next slot boundary
    return;
  }
  remove_temporaries();
  say(g_program);
  say(": interrupted (");
  say(name_of(signal));
  say(g_outputs_written != 0 ? "); the outputs already written are kept, the others not written\n"
                             : "); nothing written\n");
  ::_exit(128 + signal);
}

void on_crash(int signal) {
  remove_temporaries();
  say(g_program);
  say(": internal error (");
  say(name_of(signal));
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

}  // namespace

void install_process_guard(const char* program) {
  g_program = program;
  handle(SIGINT, on_interrupt, SA_RESTART);
  handle(SIGTERM, on_interrupt, SA_RESTART);
  // A write past a file-size limit fails with EFBIG and is reported; the signal would kill.
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
  for (int s : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT}) handle(s, on_crash, SA_ONSTACK);
  std::set_terminate(on_terminate);
#endif
}

const volatile std::sig_atomic_t* interrupt_flag() { return &g_interrupt; }

int interrupt_signal() { return g_interrupt; }

std::string signal_name(int signal) { return name_of(signal); }

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
