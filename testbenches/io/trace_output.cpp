#include "testbenches/io/trace_output.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <vector>

#include "testbenches/io/input_file.h"
#include "testbenches/io/output_file.h"
#include "testbenches/io/process_guard.h"

namespace optinet {

namespace {

[[noreturn]] void fail_vcd(const std::string& path, const std::string& what, int error) {
  throw OutputError("--vcd: cannot write '" + printable(path) + "' (" + what +
                    std::strerror(error) + ")");
}

}  // namespace

TraceOutput::TraceOutput(std::string path) : path_(std::move(path)) {
  temporary_ = temporary_path_for(path_);
  pipe_ = temporary_ + ".pipe.vcd";
  remember_temporary(temporary_);
  remember_temporary(pipe_);
  ::unlink(pipe_.c_str());
  if (::mkfifo(pipe_.c_str(), 0600) != 0) fail_vcd(path_, "pipe: ", errno);
  // Our own write end keeps the pipe open: the copier sees its end only when we close it, after
  // SystemC has closed its own. Opening the read end without blocking comes first.
  read_end_ = ::open(pipe_.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (read_end_ >= 0) write_end_ = ::open(pipe_.c_str(), O_WRONLY | O_CLOEXEC);
  if (read_end_ >= 0) ::fcntl(read_end_, F_SETFL, 0);  // blocking reads in the copier
  file_ = ::open(temporary_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (read_end_ < 0 || write_end_ < 0 || file_ < 0) {
    const int error = errno;
    discard();
    fail_vcd(path_, "", error);
  }
  copier_ = std::thread([this] { copy(); });
}

TraceOutput::~TraceOutput() { discard(); }

std::string TraceOutput::systemc_name() const { return pipe_.substr(0, pipe_.size() - 4); }

void TraceOutput::copy() {
  std::vector<char> buffer(1 << 16);
  while (true) {
    const ssize_t n = ::read(read_end_, buffer.data(), buffer.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    // After a failed write keep draining, so that SystemC never blocks on a full pipe.
    for (ssize_t done = 0; error_ == 0 && done < n;) {
      const ssize_t w = ::write(file_, buffer.data() + done, static_cast<std::size_t>(n - done));
      if (w < 0 && errno == EINTR) continue;
      if (w <= 0) error_ = w < 0 ? errno : EIO;
      if (w > 0) done += w;
    }
  }
  if (error_ == 0 && ::fsync(file_) != 0) error_ = errno;
}

void TraceOutput::finish_copier() {
  if (write_end_ >= 0) ::close(write_end_);
  write_end_ = -1;
  if (copier_.joinable()) copier_.join();
  for (int* fd : {&read_end_, &file_}) {
    if (*fd >= 0 && ::close(*fd) != 0 && fd == &file_ && error_ == 0) error_ = errno;
    *fd = -1;
  }
  ::unlink(pipe_.c_str());
  forget_temporary(pipe_);
}

void TraceOutput::commit(OutputSet& outputs) {
  if (done_) return;
  finish_copier();
  done_ = true;
  if (error_ != 0) {
    ::unlink(temporary_.c_str());
    forget_temporary(temporary_);
    fail_vcd(path_, "", error_);
  }
  outputs.add_written("--vcd", temporary_, path_);
}

void TraceOutput::discard() {
  if (done_) return;
  finish_copier();
  done_ = true;
  ::unlink(temporary_.c_str());
  forget_temporary(temporary_);
}

}  // namespace optinet
