#pragma once
// How the arbiter tool opens an input: a file or standard input, plain or compressed with
// zstd, gzip, bzip2 or xz (libzstd, zlib, libbz2, liblzma; only the tool links them, the
// library stays dependency-free). The format is told by the first bytes of the input,
// never by its name, so `arbiter audit - < games.pgn.zst` and a .pgn holding gzip data both
// read right. Decompression streams: one buffer of input and the decoder's own state, so
// memory does not grow with the file. Concatenated streams (`cat a.gz b.gz`) are read on.
//
// A compressed input is decoded ahead by a thread of its own into a few blocks (4 of
// 256 KiB), so that decoding overlaps the judging that uses the text, at any `-j`: the
// decoder runs exactly as it would inline, one block after another, and the reader takes
// the blocks in order, so every byte, game and error offset is what one thread gives.
//
// A truncated or corrupt stream is an error (failed()) that says where: the byte of the
// compressed input at which the decoder stopped, and what it found there. The reader
// (PgnReader::from_source) has then delivered every game complete before that point, and
// reports the game cut short as a ReadError game (reading.hpp).

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <arbiter/notation/pgn_reader.hpp>
#include <arbiter/result.hpp>

namespace arbiter_cli {

/// How an input is compressed, as its first bytes say.
enum class Compression : std::uint8_t { None, Zstd, Gzip, Bzip2, Xz };

/// "zstd", "gzip", "bzip2", "xz", or "plain".
const char* to_string(Compression c) noexcept;

/// The compression whose magic bytes begin `first_bytes` (zstd frame, gzip member, bzip2
/// and xz stream headers; at most compression_magic_bytes are read, none of them '\n');
/// None for anything else, plain text included.
Compression compression_of(std::string_view first_bytes) noexcept;
inline constexpr std::size_t compression_magic_bytes = 6;  // xz's

/// An open input, decompressed as it is read.
class Input final : public arbiter::PgnSource {
 public:
  /// Opens `name` (`-`: standard input, not closed) and reads its first bytes to tell the
  /// compression; the error is "NAME: reason". `taken`: bytes the caller has already read
  /// from it (`dead`'s standard input's first bytes, read to tell a compressed stream from
  /// FENs), which are read first, as its first bytes.
  static arbiter::Result<std::unique_ptr<Input>, std::string> open(const std::string& name,
                                                                   std::string taken = {});
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
  struct Source;     // the file, its decoder and the decoding state (input.cpp)
  struct ReadAhead;  // the blocks a decoding thread fills ahead of the reader (input.cpp)
  explicit Input(std::shared_ptr<Source> source);
  // Takes the next block decoded ahead (giving back the one read); false after the last.
  bool next_block();

  std::shared_ptr<Source> source_;
  std::shared_ptr<ReadAhead> ahead_;  // none: decoded (or copied) in the calling thread
  const char* block_ = nullptr;       // the block being read, from ahead_
  std::size_t block_pos_ = 0, block_len_ = 0;
  bool block_taken_ = false;  // a block is held: give it back before taking the next
  bool ahead_done_ = false;   // the last block has been taken
  // What the caller sees (touched in the caller's thread only).
  Compression compression_ = Compression::None;
  bool io_failed_ = false;
  std::uint64_t file_bytes_ = 0;
  std::string error_;
};

/// The lines of an Input, one at a time, without their '\n' (and a '\r' before it). A
/// last line without '\n' is a line, unless the input failed (a truncated or corrupt
/// stream, a read error): then it was cut short, and is left out.
class InputLines {
 public:
  explicit InputLines(Input& input) : input_(input) {}
  /// The next line; false at the end (the Input's failed() says whether it broke off).
  bool next(std::string& line);
  /// Lines given so far.
  std::uint64_t number() const noexcept { return number_; }

 private:
  Input& input_;
  std::string buffer_;
  std::size_t at_ = 0;  // the next line starts at buffer_[at_]
  bool end_ = false;    // the input has nothing more to give
  std::uint64_t number_ = 0;
};

}  // namespace arbiter_cli
