// libFuzzer target for SAN (notation/san.hpp), including its shortcut for common forms.
//
// Input: byte 0 picks a position from a small set (standard and Chess960 castling, en
// passant, promotions, checks, pins, ambiguities), byte 1 says how many plies to play
// from it, the next bytes pick those plies among the legal moves; the rest is the text.
// The text is read in every language, strictly and leniently. These must hold (a
// violation prints what failed and traps):
//
//   1. parse_san never crashes, and SanError::message describes any error;
//   2. a move it reads is legal;
//   3. to_san of a move read gives text that reads back, strictly and leniently, in the
//      same language, as that move;
//   4. strict success implies lenient success with the same move;
//   5. the shortcut for common forms (detail::resolve_common_san), when it resolves the
//      text, gives the move the general path (detail::parse_san_general) gives;
//   6. NotStandard (strict) names a legal move and its standard form.
//
// Build: cmake --preset fuzz && cmake --build --preset fuzz (or by hand as in
// fen_fuzzer.cpp); run: build/fuzz/bin/san_fuzzer -max_total_time=60 work tests/fuzz/corpus/san

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include <arbiter/arbiter.hpp>
#include <arbiter/notation/pgn.hpp>

namespace {

using namespace arbiter;

const char* const fens[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "8/8/8/2k5/3Pp3/8/4K3/8 b - d3 0 1",
    "1r5k/P7/8/8/8/8/8/4K3 w - - 0 1",
    "4k3/8/8/8/8/8/p7/1R2K3 b - - 0 1",
    "2k5/8/8/8/Q6Q/8/8/Q3K3 w - - 0 1",
    "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1",
    "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1",
    "2R1R1nk/1p4rp/p1n2N2/6p1/1P6/2P5/P6P/2K5 b - - 2 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "6k1/8/8/8/8/8/8/5K1R w H - 0 1",
    "6k1/8/8/8/8/8/8/R1K5 w A - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
};

const char* language_name(SanLanguage l) {
  switch (l) {
    case SanLanguage::English:
      return "English";
    case SanLanguage::Portuguese:
      return "Portuguese";
    case SanLanguage::Spanish:
      return "Spanish";
    case SanLanguage::Russian:
      return "Russian";
    case SanLanguage::Figurine:
      return "Figurine";
  }
  return "?";
}

[[noreturn]] void fail(const Position& pos, std::string_view text, SanOptions o, const char* what,
                       const std::string& detail) {
  std::fprintf(stderr, "\n=== san_fuzzer: invariant violated: %s\n", what);
  std::fprintf(stderr, "position %s\ntext (%s, %s): \"%.*s\"\n%s\n", to_fen(pos).c_str(),
               o.strict ? "strict" : "lenient", language_name(o.language), int(text.size()),
               text.data(), detail.c_str());
  std::fflush(stderr);
  __builtin_trap();
}

#define SAN_CHECK(cond, detail)                             \
  do {                                                      \
    if (!(cond)) fail(pos, text, options, #cond, (detail)); \
  } while (0)

void check(const Position& pos, std::string_view text, SanOptions options, const MoveList& legal) {
  const auto r = parse_san(pos, text, options);
  const std::string message = r.ok() ? std::string() : r.error().message(pos, options.language);
  SAN_CHECK(r.ok() || !message.empty(), "an error without a message");
  if (!r.ok() && r.error().kind == SanErrorKind::NotStandard) {
    SAN_CHECK(r.error().candidates.size() == 1 && legal.contains(r.error().candidates[0]),
              "NotStandard names an illegal move");
    SAN_CHECK(r.error().detail == to_san(pos, r.error().candidates[0], options.language),
              "NotStandard detail is not the standard form: " + r.error().detail);
    return;
  }
  if (!r.ok()) return;
  SAN_CHECK(legal.contains((*r)), "the move read is not legal");
  const std::string san = to_san(pos, (*r), options.language);
  for (bool strict : {false, true}) {
    SanOptions o = options;
    o.strict = strict;
    const auto back = parse_san(pos, san, o);
    SAN_CHECK(back.ok() && (*back) == (*r),
              "to_san gives \"" + san + "\", which reads back (" + (strict ? "strict" : "lenient") +
                  ") as " +
                  (back.ok() ? to_uci(pos, (*back)) : back.error().message(pos, o.language)));
  }
  if (options.strict) {
    SanOptions o = options;
    o.strict = false;
    const auto lenient = parse_san(pos, text, o);
    SAN_CHECK(lenient.ok() && (*lenient) == (*r),
              "strict reads it, lenient does not read it the same");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2 || size > 256) return -1;
  const auto start =
      parse_fen(fens[data[0] % (sizeof fens / sizeof fens[0])], {false, CastlingMode::Auto, true});
  if (!start) __builtin_trap();
  Position pos = start->position;
  std::size_t i = 2;
  for (int ply = 0; ply < (data[1] & 15) && i < size; ++ply, ++i) {
    const MoveList moves = legal_moves(pos);
    if (moves.empty()) break;
    pos.play_in_place(moves[data[i] % moves.size()]);
  }
  const std::string_view text(reinterpret_cast<const char*>(data + i), size - i);
  const MoveList legal = legal_moves(pos);
  for (SanLanguage language : {SanLanguage::English, SanLanguage::Portuguese, SanLanguage::Spanish,
                               SanLanguage::Russian, SanLanguage::Figurine}) {
    for (bool strict : {false, true}) {
      SanOptions options;
      options.strict = strict;
      options.language = language;
      check(pos, text, options, legal);
    }
  }
  // The shortcut for common forms agrees with the general path.
  const Move fast = detail::resolve_common_san(pos, text);
  if (fast) {
    const SanOptions options;  // lenient English, as parse_san uses the shortcut
    const auto slow = detail::parse_san_general(pos, text, options);
    SAN_CHECK(slow.ok() && (*slow) == fast,
              "the shortcut reads " + to_uci(pos, fast) + ", the general path " +
                  (slow.ok() ? to_uci(pos, (*slow)) : slow.error().message(pos)));
  }
  return 0;
}
