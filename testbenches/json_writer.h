#pragma once
/// \file
/// A minimal streaming JSON writer (objects, arrays, numbers, strings, booleans).
#include <cmath>
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace optinet {

class JsonWriter {
 public:
  explicit JsonWriter(std::ostream& out) : out_(out) {}

  JsonWriter& begin_object() { return open('{'); }
  JsonWriter& end_object() { return close('}'); }
  JsonWriter& begin_array() { return open('['); }
  JsonWriter& end_array() { return close(']'); }
  JsonWriter& key(const std::string& k) {
    separate();
    string_literal(k);
    out_ << ':';
    after_key_ = true;
    return *this;
  }
  JsonWriter& value(const std::string& s) {
    separate();
    string_literal(s);
    return *this;
  }
  JsonWriter& value(const char* s) { return value(std::string(s)); }
  JsonWriter& value(bool b) {
    separate();
    out_ << (b ? "true" : "false");
    return *this;
  }
  JsonWriter& value(double d) {
    separate();
    if (std::isfinite(d)) {
      out_ << d;
    } else {
      out_ << "null";
    }
    return *this;
  }
  JsonWriter& value(std::uint64_t u) {
    separate();
    out_ << u;
    return *this;
  }
  JsonWriter& value(std::uint32_t u) { return value(std::uint64_t{u}); }
  JsonWriter& value(int i) {
    separate();
    out_ << i;
    return *this;
  }
  template <typename T>
  JsonWriter& field(const std::string& k, const T& v) {
    key(k);
    return value(v);
  }
  template <typename T>
  JsonWriter& array(const std::string& k, const std::vector<T>& values) {
    key(k).begin_array();
    for (const T& v : values) value(v);
    return end_array();
  }

 private:
  JsonWriter& open(char c) {
    separate();
    out_ << c;
    first_.push_back(true);
    return *this;
  }
  JsonWriter& close(char c) {
    first_.pop_back();
    out_ << c;
    return *this;
  }
  void separate() {
    if (after_key_) {
      after_key_ = false;
      return;
    }
    if (!first_.empty()) {
      if (!first_.back()) out_ << ',';
      first_.back() = false;
    }
  }
  void string_literal(const std::string& s) {
    out_ << '"';
    for (char c : s) {
      switch (c) {
        case '"':
          out_ << "\\\"";
          break;
        case '\\':
          out_ << "\\\\";
          break;
        case '\n':
          out_ << "\\n";
          break;
        case '\t':
          out_ << "\\t";
          break;
        default:
          if (static_cast<unsigned char>(c) < 0x20) {
            out_ << "\\u00"
                 << "0123456789abcdef"[(c >> 4) & 0xf] << "0123456789abcdef"[c & 0xf];
          } else {
            out_ << c;
          }
      }
    }
    out_ << '"';
  }

  std::ostream& out_;
  std::vector<bool> first_;
  bool after_key_ = false;
};

}  // namespace optinet
