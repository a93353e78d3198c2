#pragma once
// How much of a repeated check the sanitizer build runs.

#include <cstdint>

namespace optinet::test {

/// The release build runs every case of a test that repeats one code path over many inputs; the
/// sanitizer build (OPTINET_SANITIZED), which looks for memory and undefined-behaviour errors on
/// the same paths 5-10 times slower, runs every kSanitizedStride-th case. The stride is odd, so
/// stepping through bit patterns by it still varies their low bits.
#ifdef OPTINET_SANITIZED
inline constexpr std::uint32_t kSanitizedStride = 7;
#else
inline constexpr std::uint32_t kSanitizedStride = 1;
#endif

}  // namespace optinet::test
