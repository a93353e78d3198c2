// mesh_sync_paths: the longest leaf-to-root path, in links, of the worst-case sub-groups of
// Theorems 1-3 and of equidistant sub-groups (Theorem 2), for n = 16 .. 256, as CSV.
#include <cmath>
#include <cstdio>
#include <cstring>

#include "testbenches/io/process_guard.h"
#include "testbenches/mesh/mesh_worst_case.h"

using namespace optinet::mesh;

// The model library's files are compiled with SystemC's header precompiled, so SystemC's
// library is linked and wants an sc_main; this tool never starts the kernel.
extern "C" int sc_main(int, char**) { return 0; }

int main(int argc, char** argv) {
  optinet::install_process_guard("mesh_sync_paths");  // a signal: one line, 128 + signal
  constexpr const char* kUsage =
      "usage: mesh_sync_paths (no options: prints the longest leaf-to-root paths of Theorems 1-3, "
      "n = 16..256, as CSV)";
  if (argc > 1) {
    if (std::strcmp(argv[1], "-h") == 0 || std::strcmp(argv[1], "--help") == 0) {
      std::printf("%s\n", kUsage);
      return 0;
    }
    std::fprintf(stderr, "mesh_sync_paths: %s: no option is accepted; %s\n", argv[1], kUsage);
    return 2;
  }
  const double alpha = (2 + std::sqrt(2.0)) / 2;
  std::printf(
      "n,log2n,thm1_hilbert,thm1_best_q,thm1_lower,thm1_upper,thm3_row,thm3_column,thm3_snake,"
      "n_log2n,hilbert_on_row_group,equi_r1,equi_r1_bound,equi_r2,equi_r3,equi_rn1,"
      "equi_r_bound\n");
  for (std::uint32_t n = 16; n <= 256; n *= 2) {
    const double lg = std::log2(double(n));
    std::uint64_t t1 = 0, best_q = 0;
    for (std::uint32_t q = 1; (1u << q) <= n; ++q) {
      const std::uint64_t l = longest_leaf_root_path(theorem1_group(n, q));
      if (l > t1) t1 = l, best_q = q;
    }
    const std::uint64_t row = longest_leaf_root_path(theorem3_group(n, Indexing::kRow));
    const std::uint64_t col = longest_leaf_root_path(theorem3_group(n, Indexing::kColumn));
    const std::uint64_t snake = longest_leaf_root_path(theorem3_group(n, Indexing::kSnake));
    // The row-major adversary's nodes, re-ranked by Hilbert indices.
    const MeshIndexing h(n, Indexing::kHilbert);
    std::vector<bool> member(std::size_t(n) * n, false);
    for (const Coord& c : theorem3_group(n, Indexing::kRow)) member[h.index(c)] = true;
    const std::uint64_t hilbert_row = longest_leaf_root_path(members_in_rank_order(h, member));
    const auto e1 = equidistant_group(h, 1);
    const std::uint64_t r1 = longest_leaf_root_path(e1);
    const std::uint64_t r2 = longest_leaf_root_path(equidistant_group(h, 2));
    const std::uint64_t r3 = longest_leaf_root_path(equidistant_group(h, 3));
    const std::uint64_t rn = longest_leaf_root_path(equidistant_group(h, n + 1));
    std::printf(
        "%u,%.0f,%llu,%llu,%.1f,%.1f,%llu,%llu,%llu,%.0f,%llu,%llu,%.1f,%llu,%llu,%llu,%.1f\n", n,
        lg, (unsigned long long)t1, (unsigned long long)best_q, n / std::sqrt(2.0) * std::sqrt(lg),
        3 * std::sqrt(2.0) * n * std::sqrt(lg), (unsigned long long)row, (unsigned long long)col,
        (unsigned long long)snake, n * lg, (unsigned long long)hilbert_row, (unsigned long long)r1,
        3 * alpha * std::sqrt(double(e1.size())), (unsigned long long)r2, (unsigned long long)r3,
        (unsigned long long)rn, 3 * n * alpha);
  }
  if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
    std::fprintf(stderr, "mesh_sync_paths: cannot write the standard output\n");
    return 3;  // as optinet
  }
  return 0;
}
