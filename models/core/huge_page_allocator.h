#pragma once
/// \file
/// An allocator for the large arrays a store-and-forward slot walks in node order (its edges,
/// routers and in-links): a block of 2 MiB or more starts on a 2 MiB boundary and is advised
/// MADV_HUGEPAGE, so that the kernel backs it with huge pages where it allows them (this
/// machine's transparent huge pages are "madvise"). The 2^16-cube's edges and routers are 48 MiB
/// of 4 KiB pages; in huge pages the cube routes 1.07-1.10x as many packet-hops per second at
/// n = 16 and 1.14x at n = 17, the same at n = 12 (docs/benchmarks.md).
/// Not the packet pool, which a hop reads at random: in huge pages it ran 0.86x at n = 14 and
/// 0.96x at n = 16. Smaller blocks (a network that fits in the caches) come from operator new.
/// The advice is a hint: where the kernel refuses it the block is still valid memory.
#include <sys/mman.h>

#include <cstddef>
#include <cstdlib>
#include <new>
#include <vector>

namespace optinet {

inline constexpr std::size_t kHugePage = std::size_t{2} << 20;

template <typename T>
struct HugePageAllocator {
  using value_type = T;
  HugePageAllocator() = default;
  template <typename U>
  HugePageAllocator(const HugePageAllocator<U>&) {}  // NOLINT: rebinding converts implicitly

  T* allocate(std::size_t n) {
    if (n > (static_cast<std::size_t>(-1) - kHugePage) / sizeof(T))
      throw std::bad_array_new_length();
    const std::size_t bytes = n * sizeof(T);
    if (bytes < kHugePage) {
      return static_cast<T*>(::operator new (bytes, std::align_val_t{alignof(T)}));
    }
    const std::size_t rounded = (bytes + kHugePage - 1) / kHugePage * kHugePage;
    void* block = std::aligned_alloc(kHugePage, rounded);
    if (block == nullptr) throw std::bad_alloc();
    madvise(block, rounded, MADV_HUGEPAGE);  // a hint: its failure leaves 4 KiB pages
    return static_cast<T*>(block);
  }
  void deallocate(T* block, std::size_t n) {
    if (n * sizeof(T) < kHugePage) {
      ::operator delete (block, std::align_val_t{alignof(T)});
    } else {
      std::free(block);
    }
  }
  template <typename U>
  bool operator==(const HugePageAllocator<U>&) const {
    return true;
  }
  template <typename U>
  bool operator!=(const HugePageAllocator<U>&) const {
    return false;
  }
};

/// A vector whose block is in huge pages once it reaches 2 MiB.
template <typename T>
using HugePageVector = std::vector<T, HugePageAllocator<T>>;

}  // namespace optinet
