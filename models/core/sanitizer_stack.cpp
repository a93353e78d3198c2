#include "models/core/sanitizer_stack.h"

#include <pthread.h>

#include <cstddef>

// AddressSanitizer's fiber-switch API (sanitizer/common_interface_defs.h), weak: null in a
// build without the sanitizer.
extern "C" {
void __sanitizer_start_switch_fiber(void** fake_stack_save, const void* bottom, std::size_t size)
    __attribute__((weak));
void __sanitizer_finish_switch_fiber(void* fake_stack_save, const void** bottom_old,
                                     std::size_t* size_old) __attribute__((weak));
}

namespace optinet {

void declare_thread_stack_to_sanitizers() {
  if (__sanitizer_start_switch_fiber == nullptr || __sanitizer_finish_switch_fiber == nullptr) {
    return;
  }
  pthread_attr_t attributes;
  if (pthread_getattr_np(pthread_self(), &attributes) != 0) return;
  void* bottom = nullptr;
  std::size_t size = 0;
  if (pthread_attr_getstack(&attributes, &bottom, &size) == 0 && size > 0) {
    // A switch from the stack it believes in to the one the thread is on: no stack changes.
    __sanitizer_start_switch_fiber(nullptr, bottom, size);
    __sanitizer_finish_switch_fiber(nullptr, nullptr, nullptr);
  }
  pthread_attr_destroy(&attributes);
}

}  // namespace optinet
