#pragma once
/// \file
/// A user's output files: every path is checked, before anything runs, as it will be written,
/// and written through a temporary file and a rename, so a reader never sees a half-written or
/// stale file, and a failed write is an error, never a silent success.
#include <stdexcept>
#include <string>
#include <vector>

namespace optinet {

/// A write that failed after the runs (disk full, folder gone): one line, exit status 3.
struct OutputError : std::runtime_error {
  explicit OutputError(const std::string& message) : std::runtime_error(message) {}
};

/// A file named by an option, and how it is used.
struct FileOption {
  std::string option;  ///< "--json"
  std::string path;    ///< the exact path read or written
  /// Outputs written by SystemC (the VCD) must be regular files: SystemC appends ".vcd" and
  /// cannot write to a device or pipe.
  bool regular_only = false;
};

/// The file a VCD option writes: SystemC appends ".vcd" to the name it is given, so FILE is
/// written as FILE.vcd unless it already ends in ".vcd".
std::string vcd_output_path(const std::string& given);

/// Refuses, with a UsageError naming the option: an empty path, a directory, a path in a folder
/// that does not exist or in which the write's temporary file cannot be created, an existing
/// file that cannot be written, a device or pipe for a regular-only output, and any two options
/// (outputs with each other, or an output with an input) that name the same file. Leaves
/// nothing behind: the temporary file it tries is removed at once.
void check_file_options(const std::vector<FileOption>& outputs,
                        const std::vector<FileOption>& inputs);

/// A temporary name beside `path` (same folder, so the final rename is atomic), unique to this
/// process: "<folder>/.<name>.<pid>.tmp".
std::string temporary_path_for(const std::string& path);

/// Moves a finished temporary file onto `path` (rename), or throws OutputError.
void commit_temporary(const std::string& temporary, const std::string& path,
                      const std::string& option);

/// The files one command writes, put in place together: each is written whole to a temporary
/// beside it as it is ready, and commit() renames them all once every one was written. A failed
/// write throws OutputError("OPTION: cannot write 'PATH' (reason)"), and a set destroyed before
/// its commit removes its temporaries: a failed write creates and replaces none of the
/// command's files (a VCD is not left behind because its JSON could not be written). A device
/// or pipe (/dev/stdout) has no temporary: it is written at once.
class OutputSet {
 public:
  OutputSet() = default;
  ~OutputSet();
  OutputSet(const OutputSet&) = delete;
  OutputSet& operator=(const OutputSet&) = delete;

  /// Writes `text` for `path`: to a temporary, flushed to disk (or to the device at once).
  void write(const std::string& option, const std::string& path, const std::string& text);
  /// Takes `temporary`, written whole and flushed elsewhere (TraceOutput), as `path`'s file.
  void add_written(const std::string& option, const std::string& temporary,
                   const std::string& path);
  /// Renames every temporary onto its file, in the order they were written. A rename that fails
  /// throws OutputError, and the files renamed before it stay: a rename in the file's own
  /// folder fails only if the folder changed during the run.
  void commit();

 private:
  struct Pending {
    std::string option;
    std::string temporary;
    std::string path;
  };
  std::vector<Pending> pending_;
};

/// Writes `text` to `path` alone, as an OutputSet of one file.
void write_file_atomically(const std::string& option, const std::string& path,
                           const std::string& text);

}  // namespace optinet
