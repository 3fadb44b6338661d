// available_claims() and the automatic endings agree, at every ply, with an
// independent brute-force reference (tests/claims_reference.hpp): on random games
// built to repeat positions and run past fifty and seventy-five moves.

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "claims_reference.hpp"
#include "test_util.hpp"

using namespace arbiter;

namespace {

// Checks the library against the reference at `ply` of a record, as the record stood
// then (the reference has played exactly the moves up to `ply`).
void check_ply(const GameRecord& record, GameRecord::Ply ply,
               const arbiter_reference::Reference& ref, const Rules& rules) {
  const arbiter_reference::Flags want = ref.flags();
  const AvailableClaims got = available_claims(record, ply, ClaimContext{}, rules);
  const Termination ending = automatic_ending(record, ply, rules);
  INFO(to_fen(record.position(ply)) << " ply " << ply << " of " << record.ply());
  REQUIRE(record.count(ply) == want.count);
  REQUIRE(record.halfmoves(ply) == want.halfmoves);
  // Once the record shows an ending (Article 5, 9.6) at or before `ply`, nothing can be
  // claimed (issue 9, defect 5); the reference lists what the position alone offers.
  const bool ended = ended_automatically(record, ply, rules);
  REQUIRE(got.threefold_on_board == (want.threefold_on_board && !ended));
  REQUIRE(!got.threefold_intended.empty() == (want.threefold_intended && !ended));
  REQUIRE(got.fifty_on_board == (want.fifty_on_board && !ended));
  REQUIRE(!got.fifty_intended.empty() == (want.fifty_intended && !ended));
  REQUIRE((ending == Termination::Checkmate) == want.checkmate);
  REQUIRE((ending == Termination::Stalemate) == want.stalemate);
  if (ending != Termination::Checkmate && ending != Termination::Stalemate &&
      ending != Termination::DeadPosition) {
    REQUIRE((ending == Termination::FivefoldRepetition) == want.fivefold);
    REQUIRE((ending == Termination::SeventyFiveMoves) == (want.seventyfive && !want.fivefold));
  }
  // Every listed intended move really makes the claim correct.
  for (Move m : got.threefold_intended) REQUIRE(record.count_after(ply, m) >= 3);
}
void check_ply(const GameRecord& record, const arbiter_reference::Reference& ref,
               const Rules& rules) {
  check_ply(record, record.ply(), ref, rules);
}

}  // namespace

TEST_CASE(
    "claims: available_claims and automatic endings match the brute-force reference on random "
    "games",
    "[claims][reference]") {
  const Rules rules;  // 2023
  std::mt19937 rng(2023);
  std::uint64_t plies = 0, threefolds = 0, fifties = 0, intended = 0;
  const char* starts[] = {"3qk3/8/8/8/8/8/8/3QK3 w - - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
                          "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
                          "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"};
  for (int game = 0; game < 120; ++game) {
    const Position start = arbiter_test::position(starts[game % 4]);
    GameRecord record(start);
    arbiter_reference::Reference ref(start);
    check_ply(record, ref, rules);
    for (int ply = 0; ply < 220; ++ply) {
      const MoveList moves = legal_moves(record.position());
      if (moves.empty()) break;
      // Prefer quiet moves back to earlier squares now and then, so positions repeat.
      Move m = moves[rng() % moves.size()];
      if (record.ply() >= 4 && rng() % 3) {
        const Move back = record.move(record.ply() - 3);
        const Move undo(back.to(), back.from());
        if (is_legal(record.position(), undo) && !record.position().resets_halfmove_clock(undo))
          m = undo;
      }
      record.play(m);
      ref.play(m);
      check_ply(record, ref, rules);
      const auto flags = ref.flags();
      threefolds += flags.threefold_on_board;
      fifties += flags.fifty_on_board;
      intended += flags.threefold_intended;
      ++plies;
    }
  }
  WARN("reference check: " << plies << " plies, " << threefolds << " threefold positions, "
                           << intended << " with an intended-move threefold, " << fifties
                           << " past fifty moves");
  CHECK(threefolds > 100);
  CHECK(intended > 100);
  CHECK(fifties > 100);
}

namespace {

// Checks every `stride`-th game of the corpus at every ply, and classifies every game's
// ending under the Laws (audit_game).
void check_corpus(std::uint64_t stride) {
  // The committed games always (every one of them checked), the shared corpus when present.
  const std::vector<std::string> files = arbiter_test::corpus_files();
  REQUIRE(files.size() >= arbiter_test::committed_corpus_files().size());
  REQUIRE_FALSE(arbiter_test::committed_corpus_files().empty());
  const Rules rules;
  std::uint64_t games = 0, checked_games = 0, checked_plies = 0;
  std::uint64_t endings[16] = {};
  PgnOptions options;
  options.comments = false;
  options.variations = false;
  PgnGame game;
  for (const std::string& file : files) {
    const bool committed = file.rfind(arbiter_test::data_path("corpus"), 0) == 0;
    std::FILE* in = std::fopen(file.c_str(), "rb");
    REQUIRE(in != nullptr);
    PgnReader reader = PgnReader::from_file(in, options);
    for (auto st = reader.next(game); !is_end(st); st = reader.next(game)) {
      if (!st) continue;  // the known bad games (pgn_corpus_test.cpp)
      ++games;
      const GameRecord full = record_from_pgn(game, rules);
      // Every game's ending is classified: by an automatic ending, or by what the record leaves.
      const GameAudit audit = audit_game(full, GameResult::Ongoing);
      ++endings[int(audit.ending)];
      if (!committed && games % stride != 0) continue;
      ++checked_games;
      // The finished record answers at every ply as it stood then (what the audit reads).
      arbiter_reference::Reference ref(game.start);
      INFO(file << " game " << game.number);
      check_ply(full, 0, ref, rules);
      for (GameRecord::Ply p = 1; p <= full.ply(); ++p) {
        ref.play(full.move(p));
        check_ply(full, p, ref, rules);
        ++checked_plies;
      }
    }
    std::fclose(in);
  }
  WARN("corpus: " << games << " games, " << checked_games << " checked at every ply ("
                  << checked_plies << " plies) against the brute-force reference; endings: "
                  << endings[int(Termination::Checkmate)] << " checkmate, "
                  << endings[int(Termination::Stalemate)] << " stalemate, "
                  << endings[int(Termination::DeadPosition)] << " dead position, "
                  << endings[int(Termination::FivefoldRepetition)] << " fivefold, "
                  << endings[int(Termination::SeventyFiveMoves)] << " seventy-five moves, "
                  << endings[int(Termination::None)]
                  << " none on the board (resignation, agreement, claim or time)");
  if (arbiter_test::shared_corpus_files().empty())
    CHECK(games == arbiter_test::committed_corpus_games);
  else
    CHECK(games > 70000 + arbiter_test::committed_corpus_games);
  CHECK(checked_games >= arbiter_test::committed_corpus_games);
  std::uint64_t classified = 0;
  for (std::uint64_t n : endings) classified += n;
  CHECK(classified == games);
}

}  // namespace

TEST_CASE(
    "claims: the corpus agrees with the brute-force reference at every ply (a sample of games)",
    "[claims][reference][corpus]") {
#ifdef NDEBUG
  check_corpus(16);
#else
  check_corpus(256);  // sanitizer and debug builds: fewer games
#endif
}

TEST_CASE("claims: every game of the corpus agrees with the brute-force reference at every ply",
          "[.deep][deep]") {
  check_corpus(1);
}
