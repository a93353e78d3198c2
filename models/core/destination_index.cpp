#include "models/core/destination_index.h"

namespace optinet {

namespace {
constexpr std::size_t kFirstTable = 8;
}  // namespace

std::size_t DestinationIndex::home(NodeId key) const {
  // Fibonacci hashing: the top bits of key * 2^64 / phi.
  return static_cast<std::size_t>((std::uint64_t{key} * 0x9E3779B97F4A7C15ULL) >> 32) &
         (table_.size() - 1);
}

std::uint32_t DestinationIndex::get(NodeId destination) const {
  if (dense()) return dense_[destination];
  if (table_.empty()) return kNone;
  for (std::size_t i = home(destination);; i = (i + 1) & (table_.size() - 1)) {
    if (table_[i].key == destination) return table_[i].value;
    if (table_[i].key == kNoNode) return kNone;
  }
}

void DestinationIndex::set(NodeId destination, std::uint32_t value) {
  if (dense()) {
    if (dense_[destination] == kNone) ++count_;
    dense_[destination] = value;
    return;
  }
  // At most half full.
  if (2 * (count_ + 1) > table_.size()) {
    grow();
    if (dense()) return set(destination, value);
  }
  std::size_t i = home(destination);
  while (table_[i].key != kNoNode && table_[i].key != destination) {
    i = (i + 1) & (table_.size() - 1);
  }
  if (table_[i].key == kNoNode) ++count_;
  table_[i] = Entry{destination, value};
}

void DestinationIndex::erase(NodeId destination) {
  if (dense()) {
    if (dense_[destination] != kNone) --count_;
    dense_[destination] = kNone;
    return;
  }
  if (table_.empty()) return;
  const std::size_t mask = table_.size() - 1;
  std::size_t i = home(destination);
  while (table_[i].key != destination) {
    if (table_[i].key == kNoNode) return;
    i = (i + 1) & mask;
  }
  --count_;
  // Backward-shift deletion: move up every later entry of the run whose home is not in
  // (i, j], so that no probe sequence crosses an empty slot.
  for (std::size_t j = (i + 1) & mask; table_[j].key != kNoNode; j = (j + 1) & mask) {
    const std::size_t h = home(table_[j].key);
    const bool stays = i <= j ? (i < h && h <= j) : (i < h || h <= j);
    if (stays) continue;
    table_[i] = table_[j];
    i = j;
  }
  table_[i] = Entry{};
}

void DestinationIndex::grow() {
  const std::size_t size = table_.empty() ? kFirstTable : 2 * table_.size();
  std::vector<Entry> old;
  old.swap(table_);
  // An entry is 8 bytes, an array slot 4: the array once the table would outgrow it.
  if (size * sizeof(Entry) >= std::size_t{n_} * sizeof(std::uint32_t)) {
    dense_.assign(n_, kNone);
    for (const Entry& e : old) {
      if (e.key != kNoNode) dense_[e.key] = e.value;
    }
    return;
  }
  table_.assign(size, Entry{});
  count_ = 0;
  for (const Entry& e : old) {
    if (e.key != kNoNode) set(e.key, e.value);
  }
}

}  // namespace optinet
