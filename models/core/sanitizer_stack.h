#pragma once
/// \file
/// AddressSanitizer's record of which stack the main thread runs on, put right.
///
/// Debian's SystemC 2.3.4 tells AddressSanitizer of every coroutine switch it makes with
/// yield() (through weak references to the fiber-switch API, live in a sanitizer build), but not
/// of the switch away from a thread process that has ended (sc_cor_pkg_qt::abort, no
/// annotation). When the last switch back to sc_main is such a one, AddressSanitizer still
/// takes the ended thread's stack for the main thread's. SystemC later unmaps that stack, and
/// LeakSanitizer's check at exit scans it as the main thread's stack: when part of the range
/// has been mapped again by then, its tracer reads an unmapped page and dies ("Tracer caught
/// signal 11"), so a passing test fails by chance.
namespace optinet {

/// Tells AddressSanitizer that the calling thread runs on its own stack again (the main
/// thread's, from pthread_getattr_np). Call in main() once SystemC has returned, before exit;
/// a no-op without AddressSanitizer.
void declare_thread_stack_to_sanitizers();

}  // namespace optinet
