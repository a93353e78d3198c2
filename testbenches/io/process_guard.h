#pragma once
/// \file
/// What the optinet process does with signals: no signal, abort or uncaught error reaches the
/// user as anything but one line and a non-zero exit, and no temporary file is left behind.
///
/// Every signal whose default action ends the process and that comes from outside it (SIGINT,
/// SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU,
/// SIGIO, SIGPWR, SIGSTKFLT and the real-time signals) is an interrupt: before the runs
/// (parsing, elaboration) it ends the process at once (exit 128 + signal) after removing the
/// temporary files; during the runs it sets the interrupt flag, which run control polls at
/// every slot, so the run in progress stops at a slot boundary and the driver ends cleanly
/// without writing a result that looks finished. A second signal ends the process at once. A
/// signal other than SIGINT and SIGTERM that was ignored when the process started (nohup's
/// SIGHUP) stays ignored. SIGXFSZ is ignored: the write past the limit fails and is reported. A
/// crash (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGSYS, SIGTRAP, std::terminate) prints one
/// line and exits with status 70. Each prints one line. SIGKILL cannot be caught. This is the
/// process's only global state: a signal handler can reach nothing else.
#include <csignal>
#include <string>

namespace optinet {

/// Installs the handlers; call once, first thing in main. `program` (a string literal) starts
/// every line they print.
void install_process_guard(const char* program = "optinet");
/// The flag run control polls: the signal number once an interrupt arrived during runs.
const volatile std::sig_atomic_t* interrupt_flag();
/// The interrupting signal (0 if none).
int interrupt_signal();
/// "SIGINT", "SIGHUP", "SIGRTMIN+3", ... for a message.
std::string signal_name(int signal);
/// From now on an interrupt stops the run in progress instead of the process.
void defer_interrupts();
/// From now on (the runs are over, the outputs are being written, perhaps to a FIFO that waits
/// for its reader) an interrupt ends the process at once again. An interrupt that arrived
/// before stays in interrupt_signal().
void end_deferred_interrupts();
/// An output was moved into place: an interrupt from now on says so instead of "nothing
/// written".
void note_output_written();
/// Temporary files the handlers remove (at most four at a time; a longer path is not removed).
void remember_temporary(const std::string& path);
void forget_temporary(const std::string& path);
/// Removes the temporary files still remembered (before the process ends after an error).
void remove_temporaries_now();

}  // namespace optinet
