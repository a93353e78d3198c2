#include "testbenches/io/input_file.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "testbenches/io/usage_error.h"

namespace optinet {

std::string printable(const std::string& s, std::size_t limit) {
  std::string out;
  for (std::size_t i = 0; i < s.size() && i < limit; ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c < 0x7f) {
      out += static_cast<char>(c);
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      out += buf;
    }
  }
  if (s.size() > limit) out += "...";
  return out;
}

std::string printable_message(const std::string& message, std::size_t limit) {
  constexpr std::size_t kLongWord = 60;
  constexpr std::size_t kKept = 40;
  const std::string escaped = printable(message, message.size());
  std::string out;
  std::size_t i = 0;
  while (i < escaped.size()) {
    const std::size_t end = std::min(escaped.find(' ', i), escaped.size());
    const std::string word = escaped.substr(i, end - i);
    if (word.size() <= kLongWord) {
      out += word;
    } else {
      // Keep the word's quotes and brackets: "'xxx...'" and "('xxx...')," stay quoted.
      const std::string marks = "'\"()[],;:";
      std::size_t head = 0;
      while (head < 3 && marks.find(word[head]) != std::string::npos) ++head;
      std::size_t tail = word.size();
      while (tail > word.size() - 3 && marks.find(word[tail - 1]) != std::string::npos) --tail;
      out += word.substr(0, head + kKept) + "..." + word.substr(tail);
    }
    if (end < escaped.size()) out += ' ';
    i = end + 1;
  }
  if (out.size() > limit) out = out.substr(0, limit) + "...";
  return out;
}

namespace {

bool is_text_byte(unsigned char c) {
  return c >= 0x20 || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}

}  // namespace

std::string read_text_file(const std::string& option, const std::string& path,
                           std::size_t max_bytes, const std::string& accepted) {
  const std::string where = option + ": '" + printable(path) + "': ";
  const std::string tail = "; accepted: " + accepted;
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw UsageError(where + "is a directory" + tail);
  errno = 0;
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    const std::string why = errno != 0 ? std::strerror(errno) : "cannot open";
    throw UsageError(where + "cannot read (" + why + ")" + tail);
  }
  // One byte past the bound: enough to refuse a larger file, or a device without end.
  std::string text(max_bytes + 1, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  if (in.bad()) throw UsageError(where + "cannot read" + tail);
  text.resize(static_cast<std::size_t>(in.gcount()));
  if (text.size() > max_bytes) {
    throw UsageError(where + "larger than " + std::to_string(max_bytes) + " bytes" + tail);
  }
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (!is_text_byte(c)) {
      char byte[8];
      std::snprintf(byte, sizeof byte, "0x%02x", c);
      throw UsageError(where + "not a text file (byte " + byte + " at offset " + std::to_string(i) +
                       ")" + tail);
    }
  }
  return text;
}

void refuse_line(const std::string& option, const std::string& kind, const std::string& path,
                 std::size_t line, const std::string& why, const std::string& accepted) {
  throw UsageError(option + ": " + kind + " file '" + printable(path) + "' line " +
                   std::to_string(line) + ": " + why + " (accepted: " + accepted + ")");
}

void for_each_line_of_words(
    const std::string& text, std::size_t max_words,
    const std::function<void(std::size_t, const std::vector<std::string>&)>& visit) {
  std::istringstream in(text);
  std::string line;
  std::vector<std::string> words;
  for (std::size_t number = 1; std::getline(in, line); ++number) {
    std::istringstream split(line.substr(0, line.find('#')));
    words.clear();
    for (std::string word; words.size() < max_words && split >> word;) words.push_back(word);
    if (!words.empty()) visit(number, words);
  }
}

}  // namespace optinet
