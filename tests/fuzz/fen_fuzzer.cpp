// libFuzzer target for the FEN parser and everything a parsed position feeds.
//
// Each input is read as one FEN in four ways: strict and lenient, each with
// CastlingMode::Auto and CastlingMode::Chess960. Whenever it parses, these must hold
// (a violation prints what failed and traps):
//
//   1. to_fen(pos) (X-FEN and Shredder-FEN) parses strictly to a position == pos with
//      the same key(), and writing that position again gives the same string;
//   2. a FEN that parses strictly parses leniently to the same position, dropping nothing;
//   3. legal_moves(pos).size() == legal_move_count(pos), and no move is listed twice;
//   4. every legal move's to_uci (both castling spellings where both are valid) reads
//      back through parse_uci as the same move;
//   5. the position after each legal move writes a FEN that parses strictly to an equal
//      position with an equal key (the incrementally updated key against a fresh one),
//      whose side not to move is not in check;
//   6. perft(pos, 2) completes and equals the sum of legal_move_count over the children.
//
// A re-parse uses CastlingMode::Chess960 when the position is a Chess960 one and Auto
// otherwise: a Chess960 position whose castling rights look standard (or are gone) is
// still a Chess960 position, and only the mode can say so.
//
// Build by hand:
//   clang++-14 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -std=c++17 -O1 -g \
//       -I include tests/fuzz/fen_fuzzer.cpp -o fen_fuzzer
//   mkdir -p work && ./fen_fuzzer -max_total_time=120 work tests/fuzz/corpus/fen
//   (new inputs go to the first directory, so the seed corpus is never modified)
// or through CMake: cmake --preset fuzz && cmake --build --preset fuzz && ctest --preset fuzz
//
// Reproduce a crash: ./fen_fuzzer crash-<hash>   (prints the failed invariant and the FEN)

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include <arbiter/arbiter.hpp>

namespace {

using namespace arbiter;

// The FEN being checked and how it was read, for the report on failure.
struct Context {
  std::string_view input;
  FenOptions options;
};

const char* mode_name(CastlingMode m) {
  switch (m) {
    case CastlingMode::Auto:
      return "Auto";
    case CastlingMode::Standard:
      return "Standard";
    case CastlingMode::Chess960:
      return "Chess960";
    case CastlingMode::AsWritten:
      return "AsWritten";
  }
  return "?";
}

[[noreturn]] void fail(const Context& ctx, const char* what, const std::string& detail) {
  std::fprintf(stderr, "\n=== fen_fuzzer: invariant violated: %s\n", what);
  std::fprintf(stderr, "input (%s, %s): \"%.*s\"\n", ctx.options.lenient ? "lenient" : "strict",
               mode_name(ctx.options.castling), int(ctx.input.size()), ctx.input.data());
  if (!detail.empty()) std::fprintf(stderr, "%s\n", detail.c_str());
  std::fflush(stderr);
  __builtin_trap();
}

#define FUZZ_CHECK(cond, ctx, detail)          \
  do {                                         \
    if (!(cond)) fail((ctx), #cond, (detail)); \
  } while (0)

CastlingMode reparse_mode(const Position& pos) {
  return pos.is_chess960() ? CastlingMode::Chess960 : CastlingMode::Auto;
}

/// Writes `pos` as FEN, parses it strictly, and checks that the same position comes back.
void check_round_trip(const Context& ctx, const Position& pos, FenCastling dialect,
                      const char* what) {
  const std::string fen = to_fen(pos, dialect);
  const auto back = parse_fen(fen, {false, reparse_mode(pos)});
  FUZZ_CHECK(back.ok(), ctx,
             std::string(what) + ": to_fen gives \"" + fen +
                 "\", which does not parse: " + back.error().message());
  FUZZ_CHECK(back->position == pos, ctx,
             std::string(what) + ": \"" + fen + "\" parses to a different position: \"" +
                 to_fen(back->position, dialect) + "\" (chess960 " +
                 std::to_string(pos.is_chess960()) + " -> " +
                 std::to_string(back->position.is_chess960()) + ")");
  FUZZ_CHECK(back->position.key() == pos.key(), ctx,
             std::string(what) + ": \"" + fen + "\" parses to an equal position with another key");
  const std::string again = to_fen(back->position, dialect);
  FUZZ_CHECK(again == fen, ctx,
             std::string(what) + ": \"" + fen + "\" is written back as \"" + again + "\"");
}

void check_position(const Context& ctx, const Position& pos) {
  const std::string fen = to_fen(pos);

  // 1. FEN round trip, in both castling dialects.
  check_round_trip(ctx, pos, FenCastling::Auto, "X-FEN round trip");
  check_round_trip(ctx, pos, FenCastling::Shredder, "Shredder-FEN round trip");

  // 3. The counting generator agrees with the listing one; no duplicates.
  const MoveList moves = legal_moves(pos);
  const int count = legal_move_count(pos);
  FUZZ_CHECK(moves.size() == std::size_t(count), ctx,
             fen + ": legal_moves lists " + std::to_string(moves.size()) +
                 " moves, legal_move_count says " + std::to_string(count));
  for (std::size_t i = 0; i < moves.size(); ++i)
    for (std::size_t j = i + 1; j < moves.size(); ++j)
      FUZZ_CHECK(moves[i] != moves[j], ctx,
                 fen + ": move " + to_uci(pos, moves[i]) + " is listed twice");

  std::uint64_t children = 0;
  for (Move m : moves) {
    // 4. UCI round trip: the default spelling, and king-takes-rook always; the king's
    // two-square spelling only in standard chess (in Chess960 it may be a king step).
    const std::string uci = to_uci(pos, m);
    const auto read = parse_uci(pos, uci);
    FUZZ_CHECK(
        read.ok() && (*read) == m, ctx,
        fen + ": to_uci gives \"" + uci + "\", which parse_uci reads as " +
            (read.ok() ? "\"" + to_uci(pos, (*read)) + "\"" : std::string(describe(read.error()))));
    if (m.is_castling()) {
      const std::string ktr = to_uci(pos, m, true);
      const auto r2 = parse_uci(pos, ktr);
      FUZZ_CHECK(r2.ok() && (*r2) == m, ctx,
                 fen + ": king-takes-rook castling \"" + ktr + "\" does not read back");
      if (!pos.is_chess960()) {
        const std::string two = to_uci(pos, m, false);
        const auto r3 = parse_uci(pos, two);
        FUZZ_CHECK(r3.ok() && (*r3) == m, ctx,
                   fen + ": castling \"" + two + "\" does not read back");
      }
    }

    // 5. The position after the move survives a FEN round trip (this compares the
    // incrementally updated key with one computed from scratch).
    const Position next = pos.play_unchecked(m);
    children += std::uint64_t(legal_move_count(next));
    const std::string next_fen = to_fen(next);
    FUZZ_CHECK(!(next.attackers_to(next.king_square(pos.side_to_move())) &
                 next.pieces(next.side_to_move())),
               ctx, fen + ": after " + uci + " the side that moved is in check: " + next_fen);
    const auto back = parse_fen(next_fen, {false, reparse_mode(next)});
    FUZZ_CHECK(back.ok(), ctx,
               fen + ": after " + uci + " to_fen gives \"" + next_fen +
                   "\", which does not parse: " + back.error().message());
    FUZZ_CHECK(back->position == next, ctx,
               fen + ": after " + uci + ", \"" + next_fen +
                   "\" parses to a different position: \"" + to_fen(back->position) + "\"");
    FUZZ_CHECK(back->position.key() == next.key(), ctx,
               fen + ": after " + uci + " (\"" + next_fen +
                   "\") the incremental key differs from a fresh one");
  }

  // 6. perft to depth 2 runs and agrees with the counts above.
  const std::uint64_t p2 = perft(pos, 2);
  FUZZ_CHECK(p2 == children, ctx,
             fen + ": perft(2) = " + std::to_string(p2) + " but the children have " +
                 std::to_string(children) + " moves");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 512) return -1;  // a FEN is under 100 characters; longer inputs add nothing
  const std::string_view input(reinterpret_cast<const char*>(data), size);

  for (CastlingMode mode : {CastlingMode::AsWritten, CastlingMode::Auto, CastlingMode::Chess960}) {
    const auto strict = parse_fen(input, {false, mode});
    const auto lenient = parse_fen(input, {true, mode});
    if (strict.ok()) {
      const Context ctx{input, {false, mode}};
      // 2. What parses strictly parses leniently to the same thing, dropping nothing.
      FUZZ_CHECK(lenient.ok() && lenient->position == strict->position && lenient->repairs.empty(),
                 ctx,
                 "strict parse gives \"" + to_fen(strict->position) + "\"; lenient parse " +
                     (lenient.ok() ? "gives \"" + to_fen(lenient->position) + "\" and drops " +
                                         std::to_string(lenient->repairs.size()) + " things"
                                   : "fails: " + lenient.error().message()));
      FUZZ_CHECK(strict->repairs.empty(), ctx, "strict parse reports dropped fields");
      check_position(ctx, strict->position);
    } else if (lenient.ok()) {
      check_position({input, {true, mode}}, lenient->position);
    }
  }
  return 0;
}
