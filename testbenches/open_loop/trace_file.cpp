#include "testbenches/open_loop/trace_file.h"

#include <algorithm>
#include <sstream>

#include "testbenches/io/input_file.h"
#include "testbenches/io/option_values.h"
#include "testbenches/io/usage_error.h"
#include "testbenches/open_loop/message_sizes.h"

namespace optinet {

namespace {

constexpr char kAccepted[] =
    "SLOT SOURCE DESTINATION FRAMES [class=request|reply] [after=ID], slots >= 0 in order, "
    "frames 1..65536";

[[noreturn]] void bad_trace_line(const std::string& path, std::size_t line,
                                 const std::string& why) {
  refuse_line("--traffic", "trace", path, line, why, kAccepted);
}

std::uint64_t read_field(const std::string& word, const std::string& path, std::size_t line,
                         const char* what, std::uint64_t largest) {
  const std::optional<std::uint64_t> v = read_count(word);
  if (!v || *v > largest) {
    bad_trace_line(path, line,
                   std::string(what) + " '" + printable(word, 40) + "' is not a number in 0.." +
                       std::to_string(largest));
  }
  return *v;
}

}  // namespace

TraceFile read_trace_file(const std::string& path) {
  return parse_trace_text(read_text_file("--traffic", path, kMaxTraceBytes, kAccepted), path);
}

TraceFile parse_trace_text(const std::string& text, const std::string& path) {
  TraceFile t;
  t.path = path;
  for_each_line_of_words(text, 7, [&](std::size_t number, const std::vector<std::string>& w) {
    if (w.size() < 4) {
      bad_trace_line(path, number, "has " + std::to_string(w.size()) + " fields, expected 4 to 6");
    }
    if (w.size() > 6) bad_trace_line(path, number, "has more than 6 fields");
    if (!w[0].empty() && w[0][0] == '-') {
      bad_trace_line(path, number, "slot '" + printable(w[0], 40) + "' is negative");
    }
    TraceMessage m;
    m.line = static_cast<std::uint32_t>(number);
    m.slot = static_cast<std::uint32_t>(read_field(w[0], path, number, "slot", 0xfffffffeu));
    m.source = static_cast<NodeId>(read_field(w[1], path, number, "source", kNoNode - 1));
    m.destination = static_cast<NodeId>(read_field(w[2], path, number, "destination", kNoNode - 1));
    if (w[3] == "0") bad_trace_line(path, number, "a message of 0 frames");
    m.frames = static_cast<std::uint32_t>(
        read_field(w[3], path, number, "frames", MessageSizes::kMaxFrames));
    if (m.frames == 0) bad_trace_line(path, number, "a message of 0 frames");
    for (std::size_t k = 4; k < w.size(); ++k) {
      if (w[k] == "class=request" || w[k] == "class=reply") {
        m.reply = w[k] == "class=reply";
      } else if (w[k].rfind("after=", 0) == 0) {
        const std::uint64_t id = read_field(w[k].substr(6), path, number, "after", 0xfffffffeu);
        if (id >= t.messages.size()) {
          bad_trace_line(path, number,
                         "after=" + std::to_string(id) + " is not an earlier message (ids 0.." +
                             std::to_string(t.messages.size()) + " are the message lines before)");
        }
        m.after = static_cast<std::uint32_t>(id);
      } else {
        bad_trace_line(path, number,
                       "field '" + printable(w[k], 40) + "' is neither class= nor after=");
      }
    }
    if (m.source == m.destination) {
      bad_trace_line(path, number, "node " + std::to_string(m.source) + " sends to itself");
    }
    if (!t.messages.empty() && m.slot < t.messages.back().slot) {
      bad_trace_line(path, number,
                     "slot " + std::to_string(m.slot) + " comes after slot " +
                         std::to_string(t.messages.back().slot) + " (line " +
                         std::to_string(t.messages.back().line) + ")");
    }
    if (t.messages.size() >= kNoNode - 1) bad_trace_line(path, number, "too many messages");
    t.largest_node = std::max({t.largest_node, m.source, m.destination});
    t.messages.push_back(m);
  });
  if (t.messages.empty()) {
    throw UsageError("--traffic: trace file '" + printable(path) +
                     "' holds no message (accepted: " + kAccepted + ")");
  }
  return t;
}

std::string trace_unavailable(const TraceFile& t, std::uint32_t n) {
  if (t.largest_node < n) return {};
  for (const TraceMessage& m : t.messages) {
    if (std::max(m.source, m.destination) >= n) {
      return "trace file '" + printable(t.path) + "' line " + std::to_string(m.line) + ": node " +
             std::to_string(std::max(m.source, m.destination)) + " is not in 0.." +
             std::to_string(n == 0 ? 0 : n - 1) + " (the network has " + std::to_string(n) +
             " nodes)";
    }
  }
  return {};
}

std::vector<TraceMessage> in_slot_order(std::vector<TraceMessage> messages) {
  std::vector<std::uint32_t> order(messages.size());
  for (std::uint32_t k = 0; k < order.size(); ++k) order[k] = k;
  std::stable_sort(order.begin(), order.end(), [&messages](std::uint32_t a, std::uint32_t b) {
    return messages[a].slot < messages[b].slot;
  });
  std::vector<std::uint32_t> id(messages.size());
  for (std::uint32_t k = 0; k < order.size(); ++k) id[order[k]] = k;
  std::vector<TraceMessage> sorted;
  sorted.reserve(messages.size());
  for (std::uint32_t k : order) {
    TraceMessage m = messages[k];
    if (m.after != TraceMessage::kNoDependency) m.after = id[m.after];
    sorted.push_back(m);
  }
  return sorted;
}

std::string trace_text(const std::vector<TraceMessage>& messages, const std::string& header) {
  std::ostringstream out;
  std::istringstream lines(header);
  for (std::string line; std::getline(lines, line);) out << "# " << line << '\n';
  out << "# SLOT SOURCE DESTINATION FRAMES [class=request|reply] [after=ID]\n";
  for (const TraceMessage& m : messages) {
    out << m.slot << ' ' << m.source << ' ' << m.destination << ' ' << m.frames;
    if (m.reply) out << " class=reply";
    if (m.after != TraceMessage::kNoDependency) out << " after=" << m.after;
    out << '\n';
  }
  return out.str();
}

}  // namespace optinet
