// One pass per move (issue 11): PgnRecorder records a game's main line while the reader
// reads it, each move resolved and played once, into the same GameRecord that
// record_from_pgn() builds from a PgnGame; with one record reused from game to game,
// reading, recording and judging every ply allocate nothing once warmed up. And the cheap
// test board_ending() asks first at every ply (detail::surely_two_legal_moves) against the
// full legal-move count.

#include <atomic>
#include <cstdlib>
#include <new>
#include <random>
#include <string>
#include <vector>

#include "test_util.hpp"

using namespace arbiter;

// ---- a counting allocator ---------------------------------------------------------------
// The whole test program's operator new counts allocations while a test asks for it (in
// its own thread). AddressSanitizer brings its own operator new, which this one would
// replace: under it nothing is replaced and the allocation test is skipped.
#if defined(__SANITIZE_ADDRESS__)
#define ARBITER_TEST_COUNTS_ALLOCATIONS 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ARBITER_TEST_COUNTS_ALLOCATIONS 0
#endif
#endif
#ifndef ARBITER_TEST_COUNTS_ALLOCATIONS
#define ARBITER_TEST_COUNTS_ALLOCATIONS 1
#endif

namespace {
std::atomic<long> allocations{0};  // counted while `counting` (never under ASan)
thread_local bool counting = false;
}  // namespace

#if ARBITER_TEST_COUNTS_ALLOCATIONS
void* operator new(std::size_t size) {
  if (counting) ++allocations;
  if (void* p = std::malloc(size ? size : 1)) return p;
  throw std::bad_alloc();
}
// GCC 12 inlines these into the library's own deallocations and then warns that free()
// meets a pointer from operator new (-Wmismatched-new-delete): in a replacement of the
// global allocation functions themselves that pairing is the definition, not a mistake.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
#endif

namespace {

// The committed corpus as one text, and the options the audit reads with.
std::string corpus_text() {
  std::string all;
  for (const std::string& file : arbiter_test::committed_corpus_files()) {
    all += arbiter_test::read_file(file);
    all += "\n\n";
  }
  return all;
}

PgnOptions audit_reading() {
  PgnOptions o;
  o.comments = false;
  return o;
}

// What an audit asks of every ply of a record (automatic_ending, available_claims), summed
// into a number that depends on every answer.
std::uint64_t judge_every_ply(const GameRecord& record, const Rules& rules) {
  std::uint64_t sum = 0;
  for (GameRecord::Ply ply = 0; ply <= record.ply(); ++ply) {
    sum += std::uint64_t(automatic_ending(record, ply, rules)) * (ply + 1);
    const AvailableClaims c = available_claims(record, ply, ClaimContext{}, rules);
    sum += c.threefold_on_board + 2 * c.fifty_on_board + 3 * c.threefold_intended.size() +
           5 * c.fifty_intended.size();
  }
  return sum;
}

// Whether two audits say the same: every finding (its lists included), the ending and the
// result.
bool same_audit(const GameAudit& a, const GameAudit& b) {
  if (a.plies != b.plies || a.ending != b.ending || a.end_ply != b.end_ply ||
      a.played_on != b.played_on || a.laws_result != b.laws_result ||
      a.result_agrees != b.result_agrees || a.findings.size() != b.findings.size())
    return false;
  for (int k = 0; k < termination_count; ++k)
    if (a.counts[k] != b.counts[k]) return false;
  for (std::size_t i = 0; i < a.findings.size(); ++i) {
    const Finding &f = a.findings[i], &g = b.findings[i];
    if (f.kind != g.kind || f.ply != g.ply || f.until_ply != g.until_ply ||
        f.on_board != g.on_board || f.intended != g.intended || f.occurrences != g.occurrences ||
        f.halfmoves != g.halfmoves || std::string(f.article) != g.article)
      return false;
  }
  return true;
}

}  // namespace

TEST_CASE("one pass: PgnRecorder builds the record record_from_pgn builds, on the corpus",
          "[one_pass][pgn]") {
  const std::string text = corpus_text();
  for (const bool trust : {false, true}) {
    Rules rules;
    rules.interpretation.trust_fen_halfmove_clock = trust;
    PgnReader whole = PgnReader::from_memory(text, audit_reading());
    PgnReader streamed = PgnReader::from_memory(text, audit_reading());
    GameRecord record;  // one record for every game
    PgnRecorder recorder(record, rules);
    PgnGame game;
    std::uint64_t games = 0, plies = 0;
    for (;;) {
      const auto a = whole.next(game);
      const auto b = streamed.next(recorder);
      REQUIRE(is_end(a) == is_end(b));
      if (is_end(a)) break;
      REQUIRE(bool(a) == bool(b));
      if (!a) continue;
      ++games;
      const GameRecord want = record_from_pgn(game, rules);
      INFO("game " << game.number);
      REQUIRE(recorder.number() == game.number);
      REQUIRE(recorder.result() == game.result);
      REQUIRE(record.ply() == want.ply());
      for (GameRecord::Ply p = 0; p <= want.ply(); ++p) {
        REQUIRE(record.position(p) == want.position(p));
        REQUIRE(record.move(p) == want.move(p));
        REQUIRE(record.count(p) == want.count(p));
        REQUIRE(record.halfmoves(p) == want.halfmoves(p));
        REQUIRE(record.last_reset(p) == want.last_reset(p));
        REQUIRE(record.threefold_within_one_move(p) == want.threefold_within_one_move(p));
      }
      REQUIRE(judge_every_ply(record, rules) == judge_every_ply(want, rules));
      plies += record.ply();
    }
    CHECK(games > 200);
    CHECK(plies > 20000);
  }
}

TEST_CASE("one pass: reading, recording and auditing a game allocate nothing once warmed up",
          "[one_pass][pgn]") {
  if (!ARBITER_TEST_COUNTS_ALLOCATIONS)
    WARN(
        "allocations not counted under AddressSanitizer (its operator new is not replaced): "
        "only the reused audits are checked");
  // A recorder that counts the warnings of each game (each warning is a message made).
  struct Recorder final : PgnRecorder {
    using PgnRecorder::PgnRecorder;
    void begin_game(std::uint64_t number, std::uint64_t line) override {
      PgnRecorder::begin_game(number, line);
      warnings = 0;
    }
    void warning(const PgnError&) override { ++warnings; }
    int warnings = 0;
  };
  const std::string text = corpus_text();
  const Rules rules;
  GameRecord record;
  Recorder recorder(record, rules);
  // One auditor over the record, finishing every game into one GameAudit (their buffers
  // reused: GameAuditor::finish(GameAudit&)).
  GameAuditor auditor(record);
  GameAudit audit;
  std::uint64_t sums[2] = {0, 0};
  std::uint64_t quiet_games = 0;          // second pass: good games without warnings
  std::uint64_t games_with_findings = 0;  // of those
  // One reader too, read again from the start for the second pass (PgnReader::restart()).
  PgnReader reader = PgnReader::from_memory(text, audit_reading());
  for (int pass = 0; pass < 2; ++pass) {  // the first warms the buffers up
    if (pass == 1) reader.restart(text, PgnPoint{});
    std::uint64_t games = 0;
    for (;;) {
      allocations = 0;
      counting = true;
      const auto r = reader.next(recorder);
      std::uint64_t sum = 0;
      if (r && !is_end(r)) {
        auditor.begin();
        auditor.finish(audit, GameResult::Ongoing);
        sum = judge_every_ply(record, rules) + audit.plies + std::uint64_t(audit.ending) +
              audit.findings.size();
      }
      counting = false;
      if (is_end(r)) break;
      if (!r) continue;
      ++games;
      sums[pass] += sum;
      // The audit written over the last game's is the audit of this game alone.
      INFO("game " << recorder.number());
      REQUIRE(same_audit(audit, audit_game(record, GameResult::Ongoing)));
      if (pass == 1 && recorder.warnings == 0) {
        INFO(allocations << " allocations, " << audit.findings.size() << " findings");
        if (ARBITER_TEST_COUNTS_ALLOCATIONS) CHECK(allocations == 0);
        ++quiet_games;
        games_with_findings += !audit.findings.empty();
      }
    }
    CHECK(games > 200);
  }
  CHECK(sums[0] == sums[1]);
  CHECK(sums[1] > 0);
  CHECK(quiet_games > 50);
  CHECK(games_with_findings > 20);
}

TEST_CASE("one pass: the cheap two-legal-moves test never says yes where fewer than two exist",
          "[one_pass][outcome]") {
  std::uint64_t positions = 0, cheap_yes = 0, checks = 0, checks_yes = 0;
  auto check = [&](const Position& pos) {
    const int all = legal_move_count(pos);
    const bool cheap = detail::surely_two_legal_moves(pos);
    INFO(to_fen(pos) << ": " << all << " legal moves");
    if (cheap) REQUIRE(all >= 2);
    // board_ending with the cheap test first is board_ending on the full count.
    const Termination want =
        all == 0 ? (pos.in_check() ? Termination::Checkmate : Termination::Stalemate)
        : !material_can_checkmate(pos, Color::White) && !material_can_checkmate(pos, Color::Black)
            ? Termination::DeadPosition
        : is_dead_position(pos) ? Termination::DeadPosition
                                : Termination::None;
    REQUIRE(board_ending(pos) == want);
    ++positions;
    cheap_yes += cheap;
    checks += pos.in_check();
    checks_yes += cheap && pos.in_check();
  };
  // Every position of the committed corpus.
  arbiter_test::for_each_recorded_position(corpus_text(), audit_reading(), check);
  const std::uint64_t corpus_positions = positions, corpus_yes = cheap_yes;
  // Random games from positions full of pins, checks and promotions, to their end.
  std::mt19937 rng(11);
  const char* starts[] = {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                          "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                          "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
                          "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
                          "4k3/8/8/2b5/8/4r3/3P4/4K3 w - - 0 1",
                          "7k/8/8/8/8/8/1q6/K7 w - - 0 1"};
  std::uint64_t mates = 0, stalemates = 0;
  for (int game = 0; game < 600; ++game) {
    Position pos = arbiter_test::position(starts[game % 6]);
    for (int ply = 0; ply < 300; ++ply) {
      check(pos);
      const MoveList moves = legal_moves(pos);
      if (moves.empty()) {
        mates += pos.in_check();
        stalemates += !pos.in_check();
        break;
      }
      pos.play_in_place(moves[rng() % moves.size()]);
    }
  }
  INFO(positions << " positions, " << corpus_positions << " of the corpus; the cheap test said "
                 << "yes at " << corpus_yes << " of those");
  CHECK(mates > 10);
  CHECK(stalemates > 0);
  // It answers at most positions of real games, else it would be no shortcut (83% of the
  // committed corpus; the rest are checks and positions where only the king or pieces on
  // a line to it move, left to the count).
  CHECK(corpus_yes * 10 > corpus_positions * 8);
  // In check it counts the king's legal steps, so it answers most checks too (two safe
  // steps or more), rather than leaving them all to the count.
  INFO(checks << " positions in check, yes at " << checks_yes);
  CHECK(checks > 1000);
  CHECK(checks_yes * 2 > checks);
}

TEST_CASE("one pass: PgnRecorder records the main line only, up to the first null move",
          "[one_pass][pgn]") {
  const std::string text =
      "[Event \"a\"]\n\n1. e4 (1. d4 d5 (1... Nf6 2. c4) 2. c4) e5 2. Nf3 -- 3. Bc4 Nf6 1-0\n\n"
      "[Event \"b\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 w Q - 12 40\"]\n\n40. Ra8+ Kd7 *\n";
  for (const bool trust : {false, true}) {
    Rules rules;
    rules.interpretation.trust_fen_halfmove_clock = trust;
    GameRecord record;
    PgnRecorder recorder(record, rules);
    PgnReader reader = PgnReader::from_memory(text, audit_reading());
    REQUIRE(reader.next(recorder));
    CHECK(recorder.number() == 1);
    CHECK(recorder.result() == GameResult::WhiteWins);
    // e4 e5 Nf3, then the null move: nothing after it is recorded.
    REQUIRE(record.ply() == 3);
    CHECK(to_fen(record.position()) ==
          "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
    CHECK(record.halfmoves(3) == 1);
    REQUIRE(reader.next(recorder));
    CHECK(recorder.number() == 2);
    CHECK(recorder.result() == GameResult::Ongoing);
    REQUIRE(record.ply() == 2);
    CHECK(record.start() == arbiter_test::position("4k3/8/8/8/8/8/8/R3K3 w Q - 12 40"));
    // The FEN clock counts only when trusted (E13), as in record_from_pgn().
    CHECK(record.halfmoves(2) == (trust ? 14 : 2));
    CHECK(is_end(reader.next(recorder)));
  }
}

namespace {

// A recorder that takes its rules from the game's Date tag, as the tool's --rules auto does:
// the 2023 Laws from 2023 on, else the 2014 Laws and the "possible moves" castling identity.
struct DatedRecorder : PgnRecorder {
  using PgnRecorder::PgnRecorder;
  std::string date;
  void tag(std::string_view name, std::string_view value) override {
    if (name == "Date") date = std::string(value);
  }
  PgnAction begin_movetext(const Position& start) override {
    Rules rules;
    rules.edition = date >= "2023" ? Edition::Fide2023 : Edition::Fide2014;
    if (rules.edition == Edition::Fide2014)
      rules.interpretation.castling_identity = CastlingIdentity::PossibleMoves;
    use_rules(rules);
    return PgnRecorder::begin_movetext(start);
  }
};

}  // namespace

TEST_CASE("one pass: rules a recorder sets before the movetext are the record's, game by game",
          "[one_pass][pgn]") {
  // The rules given at construction hold until use_rules() changes them; the record is
  // reset under the new ones at the movetext (the 2014 game's record compares positions by
  // the possible moves: its start, White to move with a queenside right that the knight on
  // b1 keeps from being used, is the same as after Kf1 Kd8 Ke1 Ke8; by the rights alone it
  // would not be).
  const std::string text =
      "[Date \"2023.05.01\"]\n\n1. e4 e5 *\n\n"
      "[Date \"2016.01.01\"]\n[FEN \"4k3/8/8/8/8/8/8/RN2K3 w Q - 0 1\"]\n\n"
      "1. Kf1 Kd8 2. Ke1 Ke8 *\n";
  GameRecord record;
  DatedRecorder recorder(record, Rules{});
  PgnReader reader = PgnReader::from_memory(text, audit_reading());
  REQUIRE(reader.next(recorder));
  CHECK(record.rules().edition == Edition::Fide2023);
  CHECK(record.castling_identity() == CastlingIdentity::Rights);
  CHECK(record.ply() == 2);
  REQUIRE(reader.next(recorder));
  CHECK(record.rules().edition == Edition::Fide2014);
  CHECK(record.castling_identity() == CastlingIdentity::PossibleMoves);
  REQUIRE(record.ply() == 4);
  CHECK(record.count(4) == 2);  // the start again: the rights lost could never be used
}

namespace {

// Every event a reader delivers, written down: the moves with the positions they are read
// in and lead to, the variations, the end or the error of each game.
template <class Base>
struct EventLog : Base {
  using Base::Base;
  std::string log;
  void move(const Position& before, Move m, std::string_view san) override {
    Base::move(before, m, san);
    log += to_fen(before) + " " + (m ? to_uci(before, m) : std::string("--")) + " " +
           std::string(san) + "\n";
  }
  void played(const Position& after) override {
    Base::played(after);
    log += "> " + to_fen(after) + "\n";
  }
  void begin_variation() override {
    Base::begin_variation();
    log += "(\n";
  }
  void end_variation() override {
    Base::end_variation();
    log += ")\n";
  }
  void end_game() override {
    Base::end_game();
    log += "end\n";
  }
  void game_error(const PgnError& e) override {
    Base::game_error(e);
    log += "error " + e.to_string() + "\n";
  }
};

// A visitor that says it keeps the main line and does not.
struct ForgetfulVisitor : PgnVisitor {
  bool keeps_main_line() const override { return true; }
  std::vector<PgnError> errors;
  int games = 0;
  void end_game() override { ++games; }
  void game_error(const PgnError& e) override { errors.push_back(e); }
};

}  // namespace

TEST_CASE("one pass: a variation starts from the recorder's position as from the reader's own",
          "[one_pass][pgn]") {
  // Variations after main-line moves (the reader asks the recorder for the position before
  // the move: keeps_main_line()), nested ones and one after another, at the first move,
  // after a null move on the main line (the recorder stops there: the reader's own copy),
  // and a game with an illegal move in a variation.
  const std::string crafted =
      "[Event \"a\"]\n\n1. e4 (1. d4 d5 (1... Nf6 2. c4 (2. Nf3 g6) e6) 2. c4) (1. c4) e5 "
      "(1... c5 2. Nf3 (2. Nc3)) 2. Nf3 Nc6 (2... d6 3. d4) 3. Bb5 -- (3... a6) 4. O-O "
      "(4. Bxc6 dxc6) Nf6 1-0\n\n"
      "[Event \"b\"]\n\n1. d4 d5 2. c4 (2. Nf3 Nf6 (2... Bf5)) (2. Bf4) e6 (2... dxc4 3. e3 "
      "(3. e4)) 3. Nc3 *\n\n"
      "[Event \"c\"]\n\n1. e4 e5 (1... e6 2. d4 (2. Qh5 Qe7 (2... Ke7))) 2. Qh5 (2. Nf3 Nc6 "
      "(2... Qe7)) Ke7 1/2-1/2\n\n"
      "[Event \"d\"]\n\n1. e4 e5 2. Nf3 (2. Ke3) Nc6 *\n";
  const std::string text = crafted + "\n" + corpus_text();
  GameRecord record;
  EventLog<PgnRecorder> kept(record, Rules{});
  EventLog<PgnVisitor> own;
  PgnReader a = PgnReader::from_memory(text, audit_reading());
  PgnReader b = PgnReader::from_memory(text, audit_reading());
  std::uint64_t games = 0, variations = 0;
  for (;;) {
    const auto ra = a.next(kept);
    const auto rb = b.next(own);
    REQUIRE(is_end(ra) == is_end(rb));
    if (is_end(ra)) break;
    REQUIRE(bool(ra) == bool(rb));
    ++games;
  }
  REQUIRE(kept.log == own.log);
  for (std::size_t at = kept.log.find("(\n"); at != std::string::npos;
       at = kept.log.find("(\n", at + 1))
    ++variations;
  CHECK(games > 200);
  CHECK(variations >= 20);  // the crafted games' (the corpus has few)
  // The crafted games were read as written: the first variation from the start position,
  // the last game's illegal ("2. Ke3").
  CHECK(kept.log.find("e2e4 e4\n> rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\n"
                      "(\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 d2d4 d4") !=
        std::string::npos);
  CHECK(kept.log.find("--\n(\n") != std::string::npos);  // a variation after a null move
  CHECK(kept.log.find("error game 4,") != std::string::npos);
  CHECK(kept.log.find("error game 3,") == std::string::npos);
  CHECK(kept.log.find("error game 2,") == std::string::npos);
  CHECK(kept.log.find("error game 1,") == std::string::npos);

  // A visitor that claims to keep the main line and cannot give it back: the game with a
  // variation is an error that says so, never read from a wrong position.
  ForgetfulVisitor forgetful;
  PgnReader c = PgnReader::from_memory(
      "[Event \"x\"]\n\n1. e4 e5 *\n\n[Event \"y\"]\n\n1. e4 (1. d4) e5 *\n", audit_reading());
  REQUIRE(c.next(forgetful));
  CHECK(forgetful.games == 1);
  const auto second = c.next(forgetful);
  REQUIRE_FALSE(second);
  REQUIRE(forgetful.errors.size() == 1);
  CHECK(forgetful.errors[0].kind == PgnErrorKind::VariationWithoutMove);
  CHECK(forgetful.errors[0].message.find("not kept by the visitor") != std::string::npos);
}
