#pragma once
/// \file
/// Items queued by destination (virtual output queues): a FIFO per destination 0..n-1, in
/// memory proportional to the items waiting. Items sit in blocks of a pool; each destination's
/// items form a circular list whose tail is indexed by destination (DestinationIndex), the tail's
/// link pointing at the head, so a push, a look at the head and a pop cost the same at any
/// queue length.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "models/core/destination_index.h"

namespace optinet {

template <typename Item>
class DestinationLists {
 public:
  DestinationLists() = default;
  explicit DestinationLists(std::uint32_t n) : tails_(n) {}

  /// Appends `item` to `destination`'s FIFO.
  void push(NodeId destination, const Item& item) {
    const std::uint32_t i = allocate();
    Entry& e = entry(i);
    e.item = item;
    const std::uint32_t tail = tails_.get(destination);
    if (tail == kEnd) {
      e.next = i;  // a list of one: its own head
    } else {
      e.next = entry(tail).next;
      entry(tail).next = i;
    }
    tails_.set(destination, i);
    ++size_;
  }
  /// The oldest item for `destination`, or nullptr.
  const Item* front(NodeId destination) const {
    const std::uint32_t tail = tails_.get(destination);
    return tail == kEnd ? nullptr : &entry(entry(tail).next).item;
  }
  /// Removes and returns the oldest item for `destination` (which has one).
  Item pop(NodeId destination) {
    const std::uint32_t tail = tails_.get(destination);
    const std::uint32_t head = entry(tail).next;
    const Item item = entry(head).item;
    if (head == tail) {
      tails_.erase(destination);
    } else {
      entry(tail).next = entry(head).next;
    }
    entry(head).next = free_;
    free_ = head;
    --size_;
    return item;
  }
  /// Calls f(destination, oldest item) for every destination with items waiting.
  template <typename F>
  void for_each_front(F&& f) const {
    tails_.for_each([&](NodeId d, std::uint32_t tail) { f(d, entry(entry(tail).next).item); });
  }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  /// Pool entries allocated (items waiting and free entries).
  std::size_t pool_entries() const { return blocks_.size() * kBlock; }

 private:
  // Small blocks: a node with a few items waiting costs less than a kilobyte.
  static constexpr std::uint32_t kBlockBits = 6;
  static constexpr std::uint32_t kBlock = 1U << kBlockBits;
  static constexpr std::uint32_t kEnd = DestinationIndex::kNone;
  struct Entry {
    Item item;
    std::uint32_t next;  ///< the next entry of the list (the tail's: the head); free: next free
  };
  Entry& entry(std::uint32_t i) { return blocks_[i >> kBlockBits][i & (kBlock - 1)]; }
  const Entry& entry(std::uint32_t i) const { return blocks_[i >> kBlockBits][i & (kBlock - 1)]; }
  std::uint32_t allocate() {
    if (free_ == kEnd) {
      const auto first = static_cast<std::uint32_t>(blocks_.size() * kBlock);
      blocks_.push_back(std::make_unique<Entry[]>(kBlock));
      for (std::uint32_t k = kBlock; k-- > 0;) {
        entry(first + k).next = free_;
        free_ = first + k;
      }
    }
    const std::uint32_t i = free_;
    free_ = entry(i).next;
    return i;
  }

  DestinationIndex tails_;
  std::vector<std::unique_ptr<Entry[]>> blocks_;
  std::uint32_t free_ = kEnd;
  std::size_t size_ = 0;
};

}  // namespace optinet
