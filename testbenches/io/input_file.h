#pragma once
/// \file
/// A user's input files, read with a bound: a directory, a device without end, a file larger
/// than the network can need, or binary content is refused at once with one line, and nothing
/// of the file is echoed unless it is printable.
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace optinet {

/// Printable ASCII as is, anything else as \xNN; at most `limit` characters of `s`, then "...".
/// A backslash stays as it is, so a message may pass through twice.
std::string printable(const std::string& s, std::size_t limit = 200);
/// A message made one printable line: control bytes escaped as printable() does, every word (a
/// run without spaces) longer than 60 characters shortened to its opening quote or bracket, its
/// first 40 characters, "..." and its closing quote or brackets, so that a long token the user gave
/// is cut and what the message says after it (the accepted values) is kept; at most `limit`
/// characters in all.
std::string printable_message(const std::string& message, std::size_t limit = 2000);

/// Reads the text file `path` given to `option`, at most `max_bytes`. Throws UsageError
/// ("OPTION: 'PATH': why; accepted: WHAT") for a directory, a file that cannot be read, one
/// larger than `max_bytes`, or one holding a NUL byte or another control character than tab,
/// line feed, carriage return and form feed.
std::string read_text_file(const std::string& option, const std::string& path,
                           std::size_t max_bytes, const std::string& accepted);

/// Throws UsageError "OPTION: KIND file 'PATH' line LINE: WHY (accepted: ACCEPTED)": a line of a
/// user's file that cannot be read.
[[noreturn]] void refuse_line(const std::string& option, const std::string& kind,
                              const std::string& path, std::size_t line, const std::string& why,
                              const std::string& accepted);

/// Calls `visit(number, words)` for each line of `text` that holds a word once a '#' and what
/// follows it are dropped: `number` counts lines from 1, `words` holds at most `max_words`.
void for_each_line_of_words(
    const std::string& text, std::size_t max_words,
    const std::function<void(std::size_t, const std::vector<std::string>&)>& visit);

}  // namespace optinet
