#pragma once
// How the arbiter tool opens an input: a file or standard input, plain or compressed with
// zstd, gzip, bzip2 or xz (libzstd, zlib, libbz2, liblzma; only the tool links them, the
// library stays dependency-free). The format is told by the first bytes of the input,
// never by its name, so `arbiter audit - < games.pgn.zst` and a .pgn holding gzip data both
// read right. Decompression streams: one buffer of input and the decoder's own state, so
// memory does not grow with the file. Concatenated streams (`cat a.gz b.gz`) are read on.
//
// A truncated or corrupt stream is an error (failed()) that says where: the byte of the
// compressed input at which the decoder stopped, and what it found there. The reader
// (PgnReader::from_source) has then delivered every game complete before that point, and
// reports the game cut short as a ReadError game (reading.hpp).

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include <arbiter/notation/pgn_reader.hpp>
#include <arbiter/result.hpp>

namespace arbiter_cli {

/// How an input is compressed, as its first bytes say.
enum class Compression : std::uint8_t { None, Zstd, Gzip, Bzip2, Xz };

/// "zstd", "gzip", "bzip2", "xz", or "plain".
const char* to_string(Compression c) noexcept;

class Decoder;  // input.cpp: one per compression format

/// An open input, decompressed as it is read.
class Input final : public arbiter::PgnSource {
 public:
  /// Opens `name` (`-`: standard input, not closed) and reads its first bytes to tell the
  /// compression; the error is "NAME: reason".
  static arbiter::Result<std::unique_ptr<Input>, std::string> open(const std::string& name);
  ~Input() override;
  Input(const Input&) = delete;
  Input& operator=(const Input&) = delete;

  std::size_t read(char* buffer, std::size_t size) override;
  bool failed() const noexcept override { return !error_.empty(); }
  std::string error() const override { return error_; }

  /// Whether the failure was the file's own (an input/output error, exit status 2) rather
  /// than a truncated or corrupt compressed stream (a bad game, exit status 1).
  bool io_failed() const noexcept { return io_failed_; }
  Compression compression() const noexcept { return compression_; }
  /// Bytes taken from the file so far (compressed bytes for a compressed input).
  std::uint64_t bytes_read() const noexcept { return file_bytes_; }

 private:
  Input(std::FILE* file, bool owned);
  bool refill();  // reads the next chunk of the file into in_; false at its end or on error
  void fail(std::string message, bool io = false);

  std::FILE* file_;
  bool owned_;
  Compression compression_ = Compression::None;
  std::unique_ptr<Decoder> decoder_;
  std::vector<char> in_;
  std::size_t in_pos_ = 0, in_len_ = 0;
  bool file_done_ = false;
  bool done_ = false;
  bool io_failed_ = false;
  bool at_boundary_ = false;      // the last byte decoded ended a stream: the input may end here
  bool output_full_ = false;      // the decoder filled the last buffer and may hold more
  std::uint64_t file_bytes_ = 0;  // bytes read from the file
  std::uint64_t consumed_bytes_ = 0;  // bytes of it the decoder has taken
  std::string error_;
};

}  // namespace arbiter_cli
