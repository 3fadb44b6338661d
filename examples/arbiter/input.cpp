#include "input.hpp"

#include <bzlib.h>
#include <lzma.h>
#include <zlib.h>
#include <zstd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <condition_variable>
#include <cstring>
#include <limits>
#include <mutex>
#include <system_error>
#include <thread>

#include <fmt/core.h>

namespace arbiter_cli {

const char* to_string(Compression c) noexcept {
  switch (c) {
    case Compression::Zstd:
      return "zstd";
    case Compression::Gzip:
      return "gzip";
    case Compression::Bzip2:
      return "bzip2";
    case Compression::Xz:
      return "xz";
    case Compression::None:
      break;
  }
  return "plain";
}

// One step of a decoder: what it took, what it gave, whether the stream (a zstd frame, a
// gzip member, a bzip2 or xz stream) ended with the last byte taken, and what was wrong.
struct Step {
  std::size_t consumed = 0, produced = 0;
  bool stream_end = false;
  std::string error;  // empty: no error
};

// Decompresses one format. After a stream end it is ready for a concatenated next one.
class Decoder {
 public:
  virtual ~Decoder() = default;
  virtual Step run(const char* in, std::size_t in_size, char* out, std::size_t out_size) = 0;
  /// Whether the decoder could start (its library had the memory).
  virtual bool ready() const noexcept = 0;
};

Compression compression_of(std::string_view first_bytes) noexcept {
  const auto* p = reinterpret_cast<const unsigned char*>(first_bytes.data());
  const std::size_t n = first_bytes.size();
  auto starts = [&](std::initializer_list<unsigned char> magic) {
    return n >= magic.size() && std::equal(magic.begin(), magic.end(), p);
  };
  if (starts({0x28, 0xB5, 0x2F, 0xFD})) return Compression::Zstd;
  if (starts({0x1F, 0x8B})) return Compression::Gzip;
  // bzip2: "BZh" and the block size, '1' to '9' (100 to 900 kB).
  if (starts({'B', 'Z', 'h'}) && n > 3 && p[3] >= '1' && p[3] <= '9') return Compression::Bzip2;
  if (starts({0xFD, '7', 'z', 'X', 'Z', 0x00})) return Compression::Xz;
  return Compression::None;
}

namespace {

// The libraries count in unsigned int (zlib, libbz2): steps of at most this many bytes.
constexpr std::size_t step_limit = 1u << 30;

class ZstdDecoder final : public Decoder {
 public:
  ZstdDecoder() : dctx_(ZSTD_createDCtx()) {}
  ~ZstdDecoder() override { ZSTD_freeDCtx(dctx_); }
  bool ready() const noexcept override { return dctx_ != nullptr; }
  Step run(const char* in, std::size_t in_size, char* out, std::size_t out_size) override {
    ZSTD_inBuffer input{in, in_size, 0};
    ZSTD_outBuffer output{out, out_size, 0};
    const std::size_t r = ZSTD_decompressStream(dctx_, &output, &input);
    Step s;
    s.consumed = input.pos;
    s.produced = output.pos;
    if (ZSTD_isError(r))
      s.error = ZSTD_getErrorName(r);
    else
      s.stream_end = r == 0;  // a frame decoded and flushed to its end
    return s;
  }

 private:
  ZSTD_DCtx* dctx_;
};

class GzipDecoder final : public Decoder {
 public:
  GzipDecoder() { ok_ = inflateInit2(&z_, 16 + MAX_WBITS) == Z_OK; }  // 16: gzip wrapper
  ~GzipDecoder() override {
    if (ok_) inflateEnd(&z_);
  }
  bool ready() const noexcept override { return ok_; }
  Step run(const char* in, std::size_t in_size, char* out, std::size_t out_size) override {
    z_.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in));
    z_.avail_in = uInt(std::min(in_size, step_limit));
    z_.next_out = reinterpret_cast<Bytef*>(out);
    z_.avail_out = uInt(std::min(out_size, step_limit));
    const uInt in0 = z_.avail_in, out0 = z_.avail_out;
    const int r = inflate(&z_, Z_NO_FLUSH);
    Step s;
    s.consumed = in0 - z_.avail_in;
    s.produced = out0 - z_.avail_out;
    if (r == Z_STREAM_END) {
      s.stream_end = true;
      inflateReset(&z_);
    } else if (r != Z_OK && r != Z_BUF_ERROR) {  // Z_BUF_ERROR: no progress possible yet
      s.error = r == Z_NEED_DICT ? "a preset dictionary is needed"
                : z_.msg         ? z_.msg
                                 : "zlib error " + std::to_string(r);
    }
    return s;
  }

 private:
  z_stream z_{};
  bool ok_ = false;
};

class Bzip2Decoder final : public Decoder {
 public:
  Bzip2Decoder() { ok_ = BZ2_bzDecompressInit(&b_, 0, 0) == BZ_OK; }
  ~Bzip2Decoder() override {
    if (ok_) BZ2_bzDecompressEnd(&b_);
  }
  bool ready() const noexcept override { return ok_; }
  Step run(const char* in, std::size_t in_size, char* out, std::size_t out_size) override {
    b_.next_in = const_cast<char*>(in);
    b_.avail_in = unsigned(std::min(in_size, step_limit));
    b_.next_out = out;
    b_.avail_out = unsigned(std::min(out_size, step_limit));
    const unsigned in0 = b_.avail_in, out0 = b_.avail_out;
    const int r = BZ2_bzDecompress(&b_);
    Step s;
    s.consumed = in0 - b_.avail_in;
    s.produced = out0 - b_.avail_out;
    if (r == BZ_STREAM_END) {
      s.stream_end = true;
      BZ2_bzDecompressEnd(&b_);  // ready for a concatenated stream
      ok_ = BZ2_bzDecompressInit(&b_, 0, 0) == BZ_OK;
      if (!ok_) s.error = "out of memory";
    } else if (r != BZ_OK) {
      s.error = r == BZ_DATA_ERROR_MAGIC ? "not bzip2 data (bad magic bytes)"
                : r == BZ_DATA_ERROR     ? "the data fails its integrity check"
                : r == BZ_MEM_ERROR      ? "out of memory"
                                         : "libbz2 error " + std::to_string(r);
    }
    return s;
  }

 private:
  bz_stream b_{};
  bool ok_ = false;
};

class XzDecoder final : public Decoder {
 public:
  XzDecoder() { ok_ = start(); }
  ~XzDecoder() override { lzma_end(&x_); }
  bool ready() const noexcept override { return ok_; }
  Step run(const char* in, std::size_t in_size, char* out, std::size_t out_size) override {
    Step s;
    if (fresh_ && in_size > 0 && in[0] == '\0') {
      // Stream padding (null bytes) may sit between concatenated streams (xz format 2.2).
      while (s.consumed < in_size && in[s.consumed] == '\0') ++s.consumed;
      s.stream_end = true;
      return s;
    }
    x_.next_in = reinterpret_cast<const std::uint8_t*>(in);
    x_.avail_in = in_size;
    x_.next_out = reinterpret_cast<std::uint8_t*>(out);
    x_.avail_out = out_size;
    const lzma_ret r = lzma_code(&x_, LZMA_RUN);
    s.consumed = in_size - x_.avail_in;
    s.produced = out_size - x_.avail_out;
    if (s.consumed) fresh_ = false;
    if (r == LZMA_STREAM_END) {
      s.stream_end = true;
      lzma_end(&x_);
      x_ = LZMA_STREAM_INIT;
      ok_ = start();
      if (!ok_) s.error = "out of memory";
    } else if (r != LZMA_OK && r != LZMA_BUF_ERROR) {
      s.error = r == LZMA_FORMAT_ERROR    ? "not xz data (bad stream header)"
                : r == LZMA_DATA_ERROR    ? "the compressed data is corrupt"
                : r == LZMA_OPTIONS_ERROR ? "unsupported compression options"
                : r == LZMA_MEM_ERROR     ? "out of memory"
                                          : "liblzma error " + std::to_string(int(r));
    }
    return s;
  }

 private:
  bool start() {
    fresh_ = true;
    return lzma_stream_decoder(&x_, std::numeric_limits<std::uint64_t>::max(), 0) == LZMA_OK;
  }
  lzma_stream x_ = LZMA_STREAM_INIT;
  bool ok_ = false;
  bool fresh_ = true;  // nothing of the current stream read yet
};

constexpr std::size_t input_chunk = std::size_t(1) << 16;

}  // namespace

// The file and its decoding: everything the decoding thread touches, or the caller's
// thread when there is none.
struct Input::Source {
  Source(std::FILE* f, bool own) : file(f), owned(own), in(input_chunk) {}
  ~Source() {
    if (owned) std::fclose(file);
  }
  Source(const Source&) = delete;
  Source& operator=(const Source&) = delete;

  bool refill();  // reads the next chunk of the file into in; false at its end or on error
  // Reads up to `size` bytes of the file into `to`: fewer only at its end or on an error
  // (then fail()ed).
  std::size_t read_file(char* to, std::size_t size);
  void fail(std::string message, bool io = false);
  // Fills `buffer` with the next `size` bytes of text; fewer only once `done`.
  std::size_t decode(char* buffer, std::size_t size);

  std::FILE* file;
  bool owned;
  std::string taken;  // bytes read from the file before it was opened here, read first
  std::size_t taken_pos = 0;
  Compression compression = Compression::None;
  std::unique_ptr<Decoder> decoder;
  std::vector<char> in;
  std::size_t in_pos = 0, in_len = 0;
  bool file_done = false;
  bool done = false;
  bool io_failed = false;
  bool at_boundary = false;          // the last byte decoded ended a stream: the input may end here
  bool output_full = false;          // the decoder filled the last buffer and may hold more
  std::uint64_t file_bytes = 0;      // bytes read from the file
  std::uint64_t consumed_bytes = 0;  // bytes of it the decoder has taken
  std::string error;
};

// Blocks of decoded text, filled in order by the decoding thread and read in order by the
// caller: at most `blocks` exist, so the thread waits when the reader is behind.
struct Input::ReadAhead {
  static constexpr std::size_t blocks = 4;
  static constexpr std::size_t block_bytes = std::size_t(1) << 18;
  struct Block {
    std::vector<char> data = std::vector<char>(block_bytes);
    std::size_t len = 0;
    std::uint64_t file_bytes = 0;  // the file's bytes read when the block was filled
    bool last = false;             // the decoding ended with this block
  };
  std::mutex mutex;
  std::condition_variable changed;
  Block ring[blocks];
  std::uint64_t filled = 0;  // blocks filled by the thread
  std::uint64_t freed = 0;   // blocks read and given back by the caller
  bool stop = false;         // the Input is gone: decode no more

  // The decoding thread. It shares the source and the blocks with the Input, so an Input
  // destroyed before the end (the output failed) need not wait for a read of a pipe.
  static void run(const std::shared_ptr<Source>& source, const std::shared_ptr<ReadAhead>& self) {
    ReadAhead& a = *self;
    for (;;) {
      Block* b;
      {
        std::unique_lock<std::mutex> lock(a.mutex);
        a.changed.wait(lock, [&] { return a.stop || a.filled - a.freed < blocks; });
        if (a.stop) return;
        b = &a.ring[a.filled % blocks];
      }
      b->len = source->decode(b->data.data(), block_bytes);
      b->file_bytes = source->file_bytes;
      b->last = source->done;
      {
        std::lock_guard<std::mutex> lock(a.mutex);
        ++a.filled;
      }
      a.changed.notify_all();
      if (b->last) return;
    }
  }
};

Input::Input(std::shared_ptr<Source> source) : source_(std::move(source)) {}

Input::~Input() {
  if (!ahead_) return;
  {
    std::lock_guard<std::mutex> lock(ahead_->mutex);
    ahead_->stop = true;
  }
  ahead_->changed.notify_all();
}

arbiter::Result<std::unique_ptr<Input>, std::string> Input::open(const std::string& name,
                                                                 std::string taken) {
  const bool is_stdin = name == "-";
  std::FILE* file = is_stdin ? stdin : std::fopen(name.c_str(), "rb");
  if (!file) return arbiter::fail(fmt::format("{}: {}", name, std::strerror(errno)));
  const auto source = std::make_shared<Source>(file, !is_stdin);
  source->taken = std::move(taken);
  std::unique_ptr<Input> input(new Input(source));
  // The first chunk tells the format; it is then read like any other.
  if (source->refill())
    source->compression = compression_of(std::string_view(source->in.data(), source->in_len));
  input->compression_ = source->compression;
  input->file_bytes_ = source->file_bytes;
  switch (source->compression) {
    case Compression::Zstd:
      source->decoder = std::make_unique<ZstdDecoder>();
      break;
    case Compression::Gzip:
      source->decoder = std::make_unique<GzipDecoder>();
      break;
    case Compression::Bzip2:
      source->decoder = std::make_unique<Bzip2Decoder>();
      break;
    case Compression::Xz:
      source->decoder = std::make_unique<XzDecoder>();
      break;
    case Compression::None:
      break;
  }
  if (source->decoder && !source->decoder->ready())
    return arbiter::fail(fmt::format("{}: cannot start the {} decoder (out of memory)", name,
                                     to_string(source->compression)));
  // Plain text is only copied: a thread would not pay for itself.
  if (source->decoder) {
    try {
      auto ahead = std::make_shared<ReadAhead>();
      std::thread(ReadAhead::run, source, ahead).detach();
      input->ahead_ = std::move(ahead);
    } catch (const std::system_error&) {
      // No thread to be had: decode in the caller's thread, the same bytes.
    }
  }
  return input;
}

bool Input::Source::refill() {
  in_pos = 0;
  if (taken_pos < taken.size()) {  // the bytes the caller read first, as the file's own
    in_len = std::min(in.size(), taken.size() - taken_pos);
    std::copy_n(taken.data() + taken_pos, in_len, in.data());
    taken_pos += in_len;
    file_bytes += in_len;
    return true;
  }
  if (file_done) return false;
  in_len = read_file(in.data(), in.size());
  return in_len > 0;
}

std::size_t Input::Source::read_file(char* to, std::size_t size) {
  const std::size_t got = std::fread(to, 1, size, file);
  file_bytes += got;
  if (got < size) {
    file_done = true;
    if (std::ferror(file))
      fail(fmt::format("cannot read the input after byte {}: {}", file_bytes, std::strerror(errno)),
           true);
  }
  return got;
}

void Input::Source::fail(std::string message, bool io) {
  if (error.empty()) error = std::move(message);
  io_failed = io_failed || io;
  done = true;
}

std::size_t Input::Source::decode(char* buffer, std::size_t size) {
  std::size_t got = 0;
  // Plain text read before an error is handed on all the same (its games are whole); what
  // a decoder had not decoded when it failed is not text.
  while (got < size && (!done || (!decoder && in_pos < in_len))) {
    if (!decoder && in_pos == in_len && taken_pos == taken.size() && !file_done) {
      // Plain text, nothing held in `in`: read straight into the caller's buffer (a copy
      // of every byte fewer: 30 MB on the TCEC file).
      const std::size_t n = read_file(buffer + got, size - got);
      consumed_bytes += n;
      got += n;
      continue;
    }
    if (in_pos == in_len && !output_full && !refill()) {
      if (!error.empty()) break;
      if (decoder && !at_boundary)
        fail(
            fmt::format("the {} stream is truncated: the input ends after byte {}, inside a "
                        "compressed stream",
                        to_string(compression), consumed_bytes));
      done = true;
      break;
    }
    if (!decoder) {
      const std::size_t n = std::min(size - got, in_len - in_pos);
      std::memcpy(buffer + got, in.data() + in_pos, n);
      in_pos += n;
      consumed_bytes += n;
      got += n;
      continue;
    }
    const Step s = decoder->run(in.data() + in_pos, in_len - in_pos, buffer + got, size - got);
    in_pos += s.consumed;
    consumed_bytes += s.consumed;
    got += s.produced;
    output_full = got == size;
    if (!s.error.empty()) {
      fail(fmt::format("the {} stream is corrupt at byte {} of the compressed input ({})",
                       to_string(compression), consumed_bytes, s.error));
      break;
    }
    if (s.consumed || s.produced) at_boundary = false;
    if (s.stream_end) at_boundary = true;
    if (!s.consumed && !s.produced && !s.stream_end && in_pos != in_len) {
      fail(fmt::format("the {} decoder stopped at byte {} of the compressed input",
                       to_string(compression), consumed_bytes));
      break;
    }
  }
  return got;
}

bool Input::next_block() {
  ReadAhead& a = *ahead_;
  std::unique_lock<std::mutex> lock(a.mutex);
  if (block_taken_) {
    ++a.freed;
    block_taken_ = false;
    a.changed.notify_all();
  }
  if (ahead_done_) {
    // Every byte before the end has been read: now the end's error, if any, is the
    // caller's (the thread wrote it before it filled its last block, and writes no more).
    error_ = source_->error;
    io_failed_ = source_->io_failed;
    return false;
  }
  a.changed.wait(lock, [&] { return a.filled > a.freed; });
  const ReadAhead::Block& b = a.ring[a.freed % ReadAhead::blocks];
  block_ = b.data.data();
  block_pos_ = 0;
  block_len_ = b.len;
  block_taken_ = true;
  ahead_done_ = b.last;
  file_bytes_ = b.file_bytes;
  return true;
}

std::size_t Input::read(char* buffer, std::size_t size) {
  if (!ahead_) {
    const std::size_t got = source_->decode(buffer, size);
    file_bytes_ = source_->file_bytes;
    if (source_->done && error_.empty() && !source_->error.empty()) {
      error_ = source_->error;
      io_failed_ = source_->io_failed;
    }
    return got;
  }
  std::size_t got = 0;
  while (got < size) {
    if (block_pos_ == block_len_ && !next_block()) break;
    const std::size_t n = std::min(size - got, block_len_ - block_pos_);
    std::memcpy(buffer + got, block_ + block_pos_, n);
    block_pos_ += n;
    got += n;
  }
  return got;
}

bool InputLines::next(std::string& line) {
  for (;;) {
    const std::size_t nl = buffer_.find('\n', at_);
    if (nl != std::string::npos || end_) {
      if (nl == std::string::npos && (at_ == buffer_.size() || input_.failed())) return false;
      const std::size_t end = nl == std::string::npos ? buffer_.size() : nl;
      line.assign(buffer_, at_, end - at_);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      at_ = nl == std::string::npos ? buffer_.size() : nl + 1;
      ++number_;
      return true;
    }
    // Keeps the line begun, and reads on after it.
    buffer_.erase(0, at_);
    at_ = 0;
    const std::size_t kept = buffer_.size(), chunk = std::size_t(1) << 16;
    buffer_.resize(kept + chunk);
    const std::size_t got = input_.read(&buffer_[kept], chunk);
    buffer_.resize(kept + got);
    end_ = got < chunk;
  }
}

}  // namespace arbiter_cli
