#pragma once
/// \file
/// A software prefetch the optimizer keeps. GCC treats __builtin_prefetch as free of side
/// effects, and its -ffinite-loops (on from -O2 in C++) then deletes a loop whose only work is
/// prefetches: the store-and-forward network's look-ahead fetches vanished from the binary
/// . The empty volatile asm is a side effect that keeps the loop and its prefetch;
/// it emits no instruction.

namespace optinet {

inline void prefetch(const void* address) {
  __builtin_prefetch(address);
  asm volatile("");
}

}  // namespace optinet
