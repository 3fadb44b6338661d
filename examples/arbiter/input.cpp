#include "input.hpp"

#include <bzlib.h>
#include <lzma.h>
#include <zlib.h>
#include <zstd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstring>
#include <limits>

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

// The compression whose magic bytes begin `p` (zstd frame, gzip member, bzip2 and xz
// stream headers); None for anything else, plain PGN included.
Compression sniff(const unsigned char* p, std::size_t n) noexcept {
  auto starts = [&](std::initializer_list<unsigned char> magic) {
    return n >= magic.size() && std::equal(magic.begin(), magic.end(), p);
  };
  if (starts({0x28, 0xB5, 0x2F, 0xFD})) return Compression::Zstd;
  if (starts({0x1F, 0x8B})) return Compression::Gzip;
  if (starts({'B', 'Z', 'h'})) return Compression::Bzip2;
  if (starts({0xFD, '7', 'z', 'X', 'Z', 0x00})) return Compression::Xz;
  return Compression::None;
}

constexpr std::size_t input_chunk = std::size_t(1) << 16;

}  // namespace

Input::Input(std::FILE* file, bool owned) : file_(file), owned_(owned), in_(input_chunk) {}

Input::~Input() {
  if (owned_) std::fclose(file_);
}

arbiter::Result<std::unique_ptr<Input>, std::string> Input::open(const std::string& name) {
  const bool is_stdin = name == "-";
  std::FILE* file = is_stdin ? stdin : std::fopen(name.c_str(), "rb");
  if (!file) return arbiter::fail(fmt::format("{}: {}", name, std::strerror(errno)));
  std::unique_ptr<Input> input(new Input(file, !is_stdin));
  // The first chunk tells the format; it is then read like any other.
  if (input->refill()) {
    input->compression_ =
        sniff(reinterpret_cast<const unsigned char*>(input->in_.data()), input->in_len_);
  }
  switch (input->compression_) {
    case Compression::Zstd:
      input->decoder_ = std::make_unique<ZstdDecoder>();
      break;
    case Compression::Gzip:
      input->decoder_ = std::make_unique<GzipDecoder>();
      break;
    case Compression::Bzip2:
      input->decoder_ = std::make_unique<Bzip2Decoder>();
      break;
    case Compression::Xz:
      input->decoder_ = std::make_unique<XzDecoder>();
      break;
    case Compression::None:
      break;
  }
  if (input->decoder_ && !input->decoder_->ready())
    return arbiter::fail(fmt::format("{}: cannot start the {} decoder (out of memory)", name,
                                     to_string(input->compression_)));
  return input;
}

bool Input::refill() {
  if (file_done_) return false;
  in_pos_ = 0;
  in_len_ = std::fread(in_.data(), 1, in_.size(), file_);
  file_bytes_ += in_len_;
  if (in_len_ < in_.size()) {
    file_done_ = true;
    if (std::ferror(file_)) {
      fail(
          fmt::format("cannot read the input after byte {}: {}", file_bytes_, std::strerror(errno)),
          true);
      return false;
    }
  }
  return in_len_ > 0;
}

void Input::fail(std::string message, bool io) {
  if (error_.empty()) error_ = std::move(message);
  io_failed_ = io_failed_ || io;
  done_ = true;
}

std::size_t Input::read(char* buffer, std::size_t size) {
  std::size_t got = 0;
  while (got < size && !done_) {
    if (in_pos_ == in_len_ && !output_full_ && !refill()) {
      if (failed()) break;
      if (decoder_ && !at_boundary_)
        fail(
            fmt::format("the {} stream is truncated: the input ends after byte {}, inside a "
                        "compressed stream",
                        to_string(compression_), consumed_bytes_));
      done_ = true;
      break;
    }
    if (!decoder_) {
      const std::size_t n = std::min(size - got, in_len_ - in_pos_);
      std::memcpy(buffer + got, in_.data() + in_pos_, n);
      in_pos_ += n;
      consumed_bytes_ += n;
      got += n;
      continue;
    }
    const Step s = decoder_->run(in_.data() + in_pos_, in_len_ - in_pos_, buffer + got, size - got);
    in_pos_ += s.consumed;
    consumed_bytes_ += s.consumed;
    got += s.produced;
    output_full_ = got == size;
    if (!s.error.empty()) {
      fail(fmt::format("the {} stream is corrupt at byte {} of the compressed input ({})",
                       to_string(compression_), consumed_bytes_, s.error));
      break;
    }
    if (s.consumed || s.produced) at_boundary_ = false;
    if (s.stream_end) at_boundary_ = true;
    if (!s.consumed && !s.produced && !s.stream_end && in_pos_ != in_len_) {
      fail(fmt::format("the {} decoder stopped at byte {} of the compressed input",
                       to_string(compression_), consumed_bytes_));
      break;
    }
  }
  return got;
}

}  // namespace arbiter_cli
