#pragma once
/// \file
/// A VCD file whose every write is checked. SystemC writes its trace with C stdio and never
/// reports a failed write, so it is given a pipe instead of the file: a copier thread moves the
/// bytes into a temporary file beside the destination with checked writes, and the file is
/// renamed into place only when SystemC has closed the trace and every byte has reached the disk.
/// An interrupted, failed or abandoned trace leaves nothing at the destination.
#include <string>
#include <thread>

namespace optinet {

class OutputSet;

class TraceOutput {
 public:
  /// `path` is the file to produce (ending in ".vcd"); creates the pipe and starts the copier.
  /// Throws OutputError if the pipe or the temporary file cannot be created.
  explicit TraceOutput(std::string path);
  ~TraceOutput();  ///< discards what was not committed
  TraceOutput(const TraceOutput&) = delete;
  TraceOutput& operator=(const TraceOutput&) = delete;

  /// The name to give sc_create_vcd_trace_file (it appends ".vcd").
  std::string systemc_name() const;
  const std::string& path() const { return path_; }
  /// Call once SystemC has closed the trace: waits for the copier and gives the written file
  /// to `outputs`, which renames it into place with the command's other files. Throws
  /// OutputError("--vcd: cannot write 'PATH' (reason)") if any write failed.
  void commit(OutputSet& outputs);
  /// Call once SystemC has closed the trace: removes the temporary file.
  void discard();

 private:
  void copy();
  void finish_copier();

  std::string path_;
  std::string pipe_;       ///< the FIFO SystemC writes (ends in ".vcd")
  std::string temporary_;  ///< the checked copy, renamed to path_ by commit()
  int read_end_ = -1;
  int write_end_ = -1;  ///< held open so the copier sees the end only when we close it
  int file_ = -1;
  int error_ = 0;  ///< the first failed write's errno
  bool done_ = false;
  std::thread copier_;
};

}  // namespace optinet
