#include "output.hpp"

#include <cerrno>
#include <cstring>

namespace arbiter_cli {

Output::Output(std::FILE* file, std::string name, bool owned)
    : file_(file), name_(std::move(name)), owned_(owned) {
  if (owned_ && !is_terminal(file_)) {
    file_buffer_ = std::make_unique<char[]>(output_buffer_bytes);
    std::setvbuf(file_, file_buffer_.get(), _IOFBF, output_buffer_bytes);
  }
}

void Output::fail(int error) noexcept {
  if (error_ == 0) error_ = error != 0 ? error : EIO;
}

void Output::write(std::string_view text) {
  if (failed() || finished_ || text.empty()) return;
  errno = 0;
  if (std::fwrite(text.data(), 1, text.size(), file_) != text.size()) fail(errno);
}

bool Output::flush() {
  errno = 0;
  if (!finished_ && std::fflush(file_) != 0) fail(errno);
  if (!failed()) return true;
  return finish();
}

bool Output::finish() {
  if (finished_) return !failed();
  finished_ = true;
  errno = 0;
  if (std::fflush(file_) != 0) fail(errno);
  if (std::ferror(file_)) fail(errno);
  if (owned_) {
    errno = 0;
    if (std::fclose(file_) != 0) fail(errno);
  }
  if (!failed()) return true;
  std::fprintf(stderr, "arbiter: cannot write %s: %s\n", name_.c_str(), std::strerror(error_));
  return false;
}

Output& standard_output() {
  // Static: the C library may flush standard output at exit, after every destructor.
  static char buffer[output_buffer_bytes];
  static Output out = [] {
    if (!is_terminal(stdout)) std::setvbuf(stdout, buffer, _IOFBF, sizeof buffer);
    return Output(stdout, "standard output");
  }();
  return out;
}

}  // namespace arbiter_cli
