#include "testbenches/io/output_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "testbenches/io/input_file.h"
#include "testbenches/io/process_guard.h"
#include "testbenches/io/usage_error.h"

namespace optinet {

namespace fs = std::filesystem;

std::string vcd_output_path(const std::string& given) {
  const bool has_suffix = given.size() > 4 && given.compare(given.size() - 4, 4, ".vcd") == 0;
  return has_suffix ? given : given + ".vcd";
}

namespace {

std::string folder_of(const std::string& path) {
  const fs::path parent = fs::path(path).parent_path();
  return parent.empty() ? "." : parent.string();
}

std::string quoted(const std::string& path) { return "'" + printable(path) + "'"; }

/// 0 if the temporary file beside `o.path` (and, for an output SystemC writes, the pipe beside
/// it, TraceOutput) can be created; else the errno. Leaves nothing behind.
int creation_error(const FileOption& o) {
  const std::string temporary = temporary_path_for(o.path) + ".probe";
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0) return errno == EEXIST ? 0 : errno;
  ::close(fd);
  ::unlink(temporary.c_str());
  if (!o.regular_only) return 0;
  const std::string pipe = temporary + ".pipe";
  if (::mkfifo(pipe.c_str(), 0600) != 0) return errno == EEXIST ? 0 : errno;
  ::unlink(pipe.c_str());
  return 0;
}

/// Why `o.path` cannot be written ("" if it can).
std::string output_rejection(const FileOption& o) {
  if (o.path.empty()) return "an empty path is not accepted";
  if (o.path.back() == '/') return quoted(o.path) + " is a folder, not a file";
  struct stat st {};
  if (::stat(o.path.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode)) return quoted(o.path) + " is a folder, not a file";
    if (!S_ISREG(st.st_mode)) {
      if (o.regular_only || !(S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode))) {
        return quoted(o.path) + " is not a regular file";
      }
      if (::access(o.path.c_str(), W_OK) != 0) {
        return "cannot write " + quoted(o.path) + " (" + std::strerror(errno) + ")";
      }
      return "";
    }
    if (::access(o.path.c_str(), W_OK) != 0) {
      return "cannot write " + quoted(o.path) + " (" + std::strerror(errno) + ")";
    }
  }
  const std::string folder = folder_of(o.path);
  struct stat dir {};
  if (::stat(folder.c_str(), &dir) != 0 || !S_ISDIR(dir.st_mode)) {
    return "cannot write " + quoted(o.path) + " (folder " + quoted(folder) + " does not exist)";
  }
  // The file is written beside itself and renamed, so the folder must be writable too.
  if (::access(folder.c_str(), W_OK | X_OK) != 0) {
    return "cannot write " + quoted(o.path) + " (folder " + quoted(folder) + ": " +
           std::strerror(errno) + ")";
  }
  // access() passes folders in which no file can be made (/proc, /sys): make the
  // temporary file the write will make, and (for a VCD) its pipe, then remove them.
  const int error = creation_error(o);
  if (error != 0) {
    return "cannot write " + quoted(o.path) + " (cannot create a file in folder " + quoted(folder) +
           ": " + std::strerror(error) + ")";
  }
  return "";
}

bool same_file(const std::string& a, const std::string& b) {
  std::error_code ec;
  if (fs::exists(a, ec) && fs::exists(b, ec)) return fs::equivalent(a, b, ec);
  const fs::path ca = fs::weakly_canonical(fs::absolute(a, ec), ec);
  const fs::path cb = fs::weakly_canonical(fs::absolute(b, ec), ec);
  return ca == cb;
}

std::string reason(int error) { return std::strerror(error); }

[[noreturn]] void fail(const std::string& option, const std::string& path, int error) {
  throw OutputError(option + ": cannot write " + quoted(path) + " (" + reason(error) + ")");
}

/// Writes all of `text` to `fd`; returns 0 or the errno of the failed write.
int write_all(int fd, const std::string& text) {
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return n < 0 ? errno : EIO;
    done += static_cast<std::size_t>(n);
  }
  return 0;
}

void write_directly(const std::string& option, const std::string& path, const std::string& text) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) fail(option, path, errno);
  const int error = write_all(fd, text);
  const int closed = ::close(fd) == 0 ? 0 : errno;
  if (error != 0) fail(option, path, error);
  if (closed != 0) fail(option, path, closed);
  note_output_written();
}

}  // namespace

void check_file_options(const std::vector<FileOption>& outputs,
                        const std::vector<FileOption>& inputs) {
  for (const FileOption& o : outputs) {
    const std::string why = output_rejection(o);
    if (!why.empty()) throw UsageError(o.option + ": " + why + "; accepted: a file path");
  }
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    const auto clash = [&](const FileOption& other) {
      if (!same_file(outputs[i].path, other.path)) return;
      throw UsageError(outputs[i].option + ": " + quoted(outputs[i].path) +
                       " is also the file of " + other.option +
                       "; accepted: a file no other option names");
    };
    for (std::size_t j = i + 1; j < outputs.size(); ++j) clash(outputs[j]);
    for (const FileOption& in : inputs) clash(in);
  }
}

std::string temporary_path_for(const std::string& path) {
  const fs::path p(path);
  return (fs::path(folder_of(path)) /
          ("." + p.filename().string() + "." + std::to_string(::getpid()) + ".tmp"))
      .string();
}

void commit_temporary(const std::string& temporary, const std::string& path,
                      const std::string& option) {
  if (::rename(temporary.c_str(), path.c_str()) != 0) {
    const int error = errno;
    ::unlink(temporary.c_str());
    forget_temporary(temporary);
    fail(option, path, error);
  }
  forget_temporary(temporary);
  note_output_written();
}

OutputSet::~OutputSet() {
  for (const Pending& p : pending_) {
    ::unlink(p.temporary.c_str());
    forget_temporary(p.temporary);
  }
}

void OutputSet::write(const std::string& option, const std::string& path, const std::string& text) {
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
    write_directly(option, path, text);  // a device or pipe: nothing to replace atomically
    return;
  }
  const std::string temporary = temporary_path_for(path);
  remember_temporary(temporary);
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  int error = fd < 0 ? errno : write_all(fd, text);
  if (fd >= 0 && error == 0 && ::fsync(fd) != 0) error = errno;
  if (fd >= 0 && ::close(fd) != 0 && error == 0) error = errno;
  if (error != 0) {
    ::unlink(temporary.c_str());
    forget_temporary(temporary);
    fail(option, path, error);
  }
  pending_.push_back({option, temporary, path});
}

void OutputSet::add_written(const std::string& option, const std::string& temporary,
                            const std::string& path) {
  pending_.push_back({option, temporary, path});
}

void OutputSet::commit() {
  // Each file leaves the list as it is renamed (or its rename fails): the destructor removes
  // only the temporaries still waiting.
  while (!pending_.empty()) {
    const Pending p = pending_.front();
    pending_.erase(pending_.begin());
    commit_temporary(p.temporary, p.path, p.option);
  }
}

void write_file_atomically(const std::string& option, const std::string& path,
                           const std::string& text) {
  OutputSet one;
  one.write(option, path, text);
  one.commit();
}

}  // namespace optinet
