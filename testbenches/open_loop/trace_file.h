#pragma once
/// \file
/// Workload traces (--traffic trace:FILE): the messages a run's hosts create, one a line.
///
///     # comments from '#' to the end of the line; blank lines are skipped
///     SLOT SOURCE DESTINATION FRAMES [class=request|reply] [after=ID]
///
/// SLOT is the slot the message is created in (0, 1, ...; lines in non-decreasing slot
/// order), SOURCE and DESTINATION nodes 0..n-1 (not equal), FRAMES its size (1..65536 frames
/// of the network's frame). A message's id is its line's rank among the message lines (0 for
/// the first). `class` puts it in its node's request (default) or reply injection queue
/// (transactions.h: replies are taken first). `after=ID` makes it depend on the earlier
/// message ID: it is created at SLOT or in the slot after message ID arrived whole, whichever
/// is later. A node's messages of one slot are created in file order.
///
/// The file is read with a bound (kMaxTraceBytes); a line that does not parse names its number
/// and the run does not start.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "models/core/packet.h"

namespace optinet {

struct TraceMessage {
  std::uint32_t slot = 0;
  NodeId source = 0;
  NodeId destination = 0;
  std::uint32_t frames = 1;
  bool reply = false;                   ///< class=reply
  std::uint32_t after = kNoDependency;  ///< the id it waits for
  std::uint32_t line = 0;               ///< its line in the file
  static constexpr std::uint32_t kNoDependency = 0xffffffffu;
};

struct TraceFile {
  std::string path;
  std::vector<TraceMessage> messages;  ///< by id
  NodeId largest_node = 0;
  /// One past the last message's slot.
  std::uint64_t span() const { return messages.empty() ? 0 : messages.back().slot + 1U; }
};

/// The largest trace file read: 256 MiB (about 10^7 messages).
constexpr std::size_t kMaxTraceBytes = std::size_t{256} << 20;

/// Reads and checks FILE of --traffic trace:FILE. Throws UsageError naming the line.
TraceFile read_trace_file(const std::string& path);
/// The text's messages (`path` names the file in messages).
TraceFile parse_trace_text(const std::string& text, const std::string& path);
/// Why the trace cannot run on n nodes (a node outside the network, by line), or "".
std::string trace_unavailable(const TraceFile& trace, std::uint32_t n);
/// Messages recorded in creation order (each node's in order, `after` naming a message's index
/// in `messages`), sorted by slot keeping each node's order, with `after` renumbered.
std::vector<TraceMessage> in_slot_order(std::vector<TraceMessage> messages);
/// The trace's text: a header comment, then one line per message.
std::string trace_text(const std::vector<TraceMessage>& messages, const std::string& header);

}  // namespace optinet
