#pragma once
/// \file
/// A short list in a small record (16 or 32 bytes for the lists the store-and-forward
/// network keeps): its first kInline entries sit in the record and move to one heap block only
/// when more arrive; it returns to them when it empties (or is cleared). Records kept side by
/// side in an array (a network's queues, its routers' arrivals) then cost one cache line per
/// access where a std::vector costs its header and its block.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "models/core/prefetch.h"

namespace optinet {

template <typename T, std::uint32_t kInlineEntries>
class InlineList {
  static_assert(std::is_trivially_copyable_v<T>, "entries are copied as bytes");

 public:
  static constexpr std::uint32_t kInline = kInlineEntries;

  InlineList() {}
  InlineList(const InlineList&) = delete;
  InlineList& operator=(const InlineList&) = delete;
  /// Takes o's entries (its heap block, if it has one); o is left empty.
  InlineList(InlineList&& o) noexcept : size_(o.size_), capacity_(o.capacity_) {
    if (on_heap()) {
      heap_ = o.heap_;
    } else {
      std::copy(o.inline_, o.inline_ + size_, inline_);
    }
    o.size_ = 0;
    o.capacity_ = kInline;
  }
  InlineList& operator=(InlineList&&) = delete;
  ~InlineList() { release(); }

  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const T& operator[](std::size_t i) const { return data()[i]; }
  const T* begin() const { return data(); }
  const T* end() const { return data() + size_; }

  /// Fetches the record (not a heap block) before a write.
  void prefetch() const { optinet::prefetch(this); }
  void push_back(T e) {
    if (size_ == capacity_) grow();
    data()[size_++] = e;
  }
  /// Drops the entry at position i; the others keep their order.
  void erase(std::size_t i) {
    T* d = data();
    std::copy(d + i + 1, d + size_, d + i);
    if (--size_ == 0) release();
  }
  void clear() {
    size_ = 0;
    release();
  }

 private:
  bool on_heap() const { return capacity_ > kInline; }
  T* data() { return on_heap() ? heap_ : inline_; }
  const T* data() const { return on_heap() ? heap_ : inline_; }
  void grow() {
    T* bigger = new T[2 * capacity_];
    std::copy(data(), data() + size_, bigger);
    if (on_heap()) delete[] heap_;
    heap_ = bigger;  // after the copy: heap_ shares its bytes with inline_
    capacity_ *= 2;
  }
  void release() {
    if (on_heap()) delete[] heap_;
    capacity_ = kInline;
  }

  std::uint32_t size_ = 0;
  std::uint32_t capacity_ = kInline;  ///< above kInline: the entries are in heap_
  union {
    T inline_[kInline];
    T* heap_;
  };
};

}  // namespace optinet
