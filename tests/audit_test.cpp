// audit.hpp: the audit of a finished game record — claim points, the endings that need no
// claim, play past the end, and whether the recorded result agrees with the Laws — read
// from the game's one record under the rules that record was built with.

#include <algorithm>
#include <iterator>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "game_util.hpp"

using namespace arbiter;
using namespace arbiter_test;

namespace {

using Plies = std::vector<GameRecord::Ply>;

// The record of one PGN game (movetext, optionally after a FEN tag) under `rules`.
GameRecord record_of(const std::string& movetext, const Rules& rules = {},
                     const std::string& fen = {}) {
  const std::string text =
      (fen.empty() ? std::string() : "[FEN \"" + fen + "\"]\n\n") + movetext + " *\n";
  PgnReader reader = PgnReader::from_memory(text);
  PgnGame game;
  INFO(text);
  REQUIRE(reader.next(game).value_or(PgnRead::End) == PgnRead::Game);
  const GameRecord record = record_from_pgn(game, rules);
  REQUIRE(record.ply() == game.main_line.moves.size());
  return record;
}

// The findings of one kind.
std::vector<Finding> of_kind(const GameAudit& a, Termination kind) {
  std::vector<Finding> out;
  for (const Finding& f : a.findings)
    if (f.kind == kind) out.push_back(f);
  return out;
}

const char* const knight_shuffle =
    "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8";

}  // namespace

TEST_CASE("Defect 4: the audit compares positions as the rules say (castling identity, E12)",
          "[audit][defect]") {
  // Black's rook on f8 covers f1: White's short castling is never possible. The rook goes
  // h1-h2-h1 (the right is lost), Black's king shuffles e8-d8 (E12, edge_cases_test).
  const std::string fen = "4kr2/8/8/8/8/8/8/4K2R w K - 0 1";
  const std::string line = "1. Rh2 Kd8 2. Rh1 Ke8 3. Rh2 Kd8 4. Rh1 Ke8";
  SECTION("possible moves: the start position recurs at ply 8, a third time") {
    Rules rules;
    rules.interpretation.castling_identity = CastlingIdentity::PossibleMoves;
    const GameRecord record = record_of(line, rules, fen);
    REQUIRE(record.castling_identity() == CastlingIdentity::PossibleMoves);
    const GameAudit a = audit_game(record, GameResult::Ongoing);
    bool on_board_at_8 = false;
    for (const Finding& f : of_kind(a, Termination::ThreefoldClaim))
      if (f.ply == 8 && f.on_board) {
        on_board_at_8 = true;
        CHECK(f.occurrences == Plies{0, 4, 8});
      }
    CHECK(on_board_at_8);
  }
  SECTION("rights (the default): the position with the right is another; twice only at ply 8") {
    const GameRecord record = record_of(line, Rules{}, fen);
    const GameAudit a = audit_game(record, GameResult::Ongoing);
    for (const Finding& f : of_kind(a, Termination::ThreefoldClaim)) CHECK_FALSE(f.on_board);
    CHECK(record.occurrences(8) == Plies{4, 8});
  }
}

TEST_CASE("Defect 6: every finding is named by its own ending, exactly", "[audit][defect]") {
  struct Case {
    const char* name;
    std::string fen;
    std::string movetext;
    bool trust_fen_clock;
    Termination ending;
    GameRecord::Ply ply;
    GameResult laws_result;
  };
  const Case cases[] = {
      {"checkmate", "", "1. f3 e5 2. g4 Qh4#", false, Termination::Checkmate, 4,
       GameResult::BlackWins},
      {"stalemate", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "", false, Termination::Stalemate, 0,
       GameResult::Draw},
      {"dead position", "4k3/8/8/8/8/8/8/4KB2 w - - 0 1", "", false, Termination::DeadPosition, 0,
       GameResult::Draw},
      {"fivefold", "", knight_shuffle, false, Termination::FivefoldRepetition, 16,
       GameResult::Draw},
      {"seventy-five moves", "4k3/8/8/8/8/8/8/R3K3 w - - 149 80", "1. Ra2", true,
       Termination::SeventyFiveMoves, 1, GameResult::Draw},
  };
  for (const Case& c : cases) {
    INFO(c.name);
    Rules rules;
    rules.interpretation.trust_fen_halfmove_clock = c.trust_fen_clock;
    const GameRecord record = record_of(c.movetext, rules, c.fen);
    const GameAudit a = audit_game(record, GameResult::Ongoing);
    CHECK(a.ending == c.ending);
    CHECK(a.end_ply == c.ply);
    CHECK(a.laws_result == c.laws_result);
    const std::vector<Finding> found = of_kind(a, c.ending);
    REQUIRE(found.size() == 1);
    CHECK(found[0].ply == c.ply);
    CHECK(found[0].kind == automatic_ending(record, c.ply, rules));
    CHECK(std::string(found[0].article) == article_of(c.ending, rules.laws()));
    CHECK(a.count(c.ending) == 1);
  }
  // Only the two claims, the five automatic endings and the two decisive results the Laws
  // make a draw (a flag fall, 6.9; a 2023 resignation, 5.1.2) are findings; nothing else is
  // mapped to one of them.
  int findings = 0;
  for (int t = 0; t < termination_count; ++t) findings += is_audit_finding(Termination(t));
  CHECK(findings == 9);
  CHECK(is_audit_finding(Termination::FlagFallDraw));
  CHECK(is_audit_finding(Termination::ResignationDraw));
  CHECK_FALSE(is_audit_finding(Termination::TimeForfeit));
  CHECK_FALSE(is_audit_finding(Termination::Resignation));
  CHECK_FALSE(is_audit_finding(Termination::Agreement));
  CHECK_FALSE(is_audit_finding(Termination::IllegalPositionDraw));
  CHECK_FALSE(is_audit_finding(Termination::None));
}

TEST_CASE("audit: threefold claim points, on the board and by a written move, with their evidence",
          "[audit]") {
  const GameRecord record = record_of("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8");
  const GameAudit a = audit_game(record, GameResult::Ongoing);
  CHECK(a.plies == 8);
  CHECK(a.ending == Termination::None);
  const std::vector<Finding> threefold = of_kind(a, Termination::ThreefoldClaim);
  // After 4.Ng1 (ply 7) Black may write 4...Ng8, which makes the start position a third
  // time (9.2.1); after it (ply 8) the repetition is on the board (9.2.2).
  REQUIRE(threefold.size() >= 2);
  const Finding& written = threefold[threefold.size() - 2];
  CHECK(written.ply == 7);
  CHECK_FALSE(written.on_board);
  REQUIRE(written.intended.size() == 1);
  CHECK(written.intended[0] == Move(Square::F6, Square::G8));
  CHECK(std::string(written.article) == "9.2.1");
  const Finding& on_board = threefold.back();
  CHECK(on_board.ply == 8);
  CHECK(on_board.on_board);
  CHECK(on_board.occurrences == Plies{0, 4, 8});
  CHECK(std::string(on_board.article) == "9.2.2");
  CHECK(a.count(Termination::ThreefoldClaim) == int(threefold.size()));
}

TEST_CASE("audit: play after a fivefold repetition is void, and so is a decisive recorded result",
          "[audit]") {
  const GameRecord record = record_of(std::string(knight_shuffle) + " 9. e4 e5");
  SECTION("the moves after ply 16 are only counted") {
    const GameAudit a = audit_game(record, GameResult::WhiteWins);
    CHECK(a.plies == 18);
    CHECK(a.ending == Termination::FivefoldRepetition);
    CHECK(a.end_ply == 16);
    CHECK(a.played_on);
    CHECK(a.laws_result == GameResult::Draw);
    CHECK_FALSE(a.result_agrees);
    CHECK(std::string(a.disagreement) ==
          "the game had already ended; the later moves and the recorded result are void");
    for (const Finding& f : a.findings) CHECK(f.ply <= 16);
    const std::vector<Finding> fivefold = of_kind(a, Termination::FivefoldRepetition);
    REQUIRE(fivefold.size() == 1);
    CHECK(fivefold[0].occurrences == Plies{0, 4, 8, 12, 16});
  }
  SECTION("a draw recorded agrees") {
    const GameAudit a = audit_game(record, GameResult::Draw);
    CHECK(a.result_agrees);
  }
  SECTION("under the 1997 Laws there is no fivefold rule: play goes on, the claims stay claims") {
    Rules rules;
    rules.edition = Edition::Fide1997;
    const GameAudit a = audit_game(record_of(std::string(knight_shuffle) + " 9. e4 e5", rules),
                                   GameResult::WhiteWins);
    CHECK(a.ending == Termination::None);
    CHECK_FALSE(a.played_on);
    CHECK(a.result_agrees);
    CHECK(a.count(Termination::ThreefoldClaim) > 0);
    CHECK(a.count(Termination::FivefoldRepetition) == 0);
  }
}

TEST_CASE("audit: a win recorded for a side that cannot checkmate (5.1.2 from 2023, 6.9)",
          "[audit]") {
  const std::string fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
  SECTION("2023: Black cannot mate with a bare king: 0-1 disagrees, the Laws give a draw") {
    const GameAudit a = audit_game(record_of("1. Ra2", Rules{}, fen), GameResult::BlackWins);
    CHECK_FALSE(a.result_agrees);
    CHECK(a.laws_result == GameResult::Draw);
    CHECK(std::string(a.disagreement) ==
          "the winner could not checkmate by any series of legal moves");
  }
  SECTION("1-0 for the side with the rook agrees") {
    CHECK(audit_game(record_of("1. Ra2", Rules{}, fen), GameResult::WhiteWins).result_agrees);
  }
  SECTION("2017: a resignation into a position the opponent cannot win was still a loss") {
    Rules rules;
    rules.edition = Edition::Fide2017;
    CHECK(audit_game(record_of("1. Ra2", rules, fen), GameResult::BlackWins).result_agrees);
  }
}

TEST_CASE("audit: a fifty-move claim is one finding for the whole run; written moves are capped",
          "[audit]") {
  // 98 plies on the FEN clock, trusted (E13): ply 1 makes 99 (a written move completes
  // the fifty), ply 2 makes 100 (on the board), and so on.
  Rules rules;
  rules.interpretation.trust_fen_halfmove_clock = true;
  const std::string fen = "4k3/8/8/8/8/8/8/R3K3 w - - 98 80";
  const GameRecord record = record_of("1. Ra2 Kd8 2. Ra1 Ke8", rules, fen);
  const GameAudit a = GameAuditor(record, 3).audit(GameResult::Ongoing);
  const std::vector<Finding> fifty = of_kind(a, Termination::FiftyMoveClaim);
  REQUIRE(fifty.size() == 1);
  CHECK(fifty[0].ply == 1);
  CHECK(fifty[0].until_ply == 4);
  CHECK(fifty[0].on_board);              // true somewhere in the run (from ply 2)
  CHECK(fifty[0].intended.size() == 3);  // capped at 3 of Black's king moves
  CHECK(fifty[0].halfmoves == 99);
  CHECK(a.count(Termination::FiftyMoveClaim) == 1);
}

TEST_CASE(
    "audit: 2014 'the last 75 moves': a 75-move point passed by a pawn move is no ending (spec "
    "7.1, E7)",
    "[audit]") {
  Rules rules;
  rules.edition = Edition::Fide2014;
  rules.interpretation.trust_fen_halfmove_clock = true;
  const std::string fen = "4k3/8/8/8/8/8/P7/R3K3 w - - 149 80";
  SECTION("Last75 (the default 2014 reading): the point stays a finding, the game goes on") {
    const GameAudit a =
        audit_game(record_of("1. Rb1 Kd8 2. a4 Ke8", rules, fen), GameResult::Ongoing);
    CHECK(a.ending == Termination::None);
    CHECK_FALSE(a.played_on);
    CHECK(a.count(Termination::SeventyFiveMoves) == 1);
  }
  SECTION("any series of 75 moves: the game ended at ply 1") {
    rules.interpretation.seventyfive_2014 = SeventyFiveRule::AnySeries75;
    const GameAudit a =
        audit_game(record_of("1. Rb1 Kd8 2. a4 Ke8", rules, fen), GameResult::Ongoing);
    CHECK(a.ending == Termination::SeventyFiveMoves);
    CHECK(a.end_ply == 1);
    CHECK(a.played_on);
  }
}

TEST_CASE("audit: the audit reads the record as it stood at each ply, like a live game",
          "[audit]") {
  // The findings of an audit of a finished record are the claims a Game offered at each
  // ply of the same game.
  const char* moves[] = {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1",
                         "Ng8", "e4",  "e5",  "Nf3", "Nf6", "Ng1", "Ng8"};
  Game g;
  std::vector<GameRecord::Ply> claim_plies;
  for (const char* m : moves) {
    REQUIRE(g.play_san(m));
    if (g.available_claims().threefold()) claim_plies.push_back(g.record().ply());
  }
  const GameAudit a = audit_game(g.record(), GameResult::Ongoing);
  std::vector<GameRecord::Ply> audited;
  for (const Finding& f : of_kind(a, Termination::ThreefoldClaim)) audited.push_back(f.ply);
  CHECK(audited == claim_plies);
  CHECK_FALSE(audited.empty());
}

TEST_CASE("audit: the Termination tag read as PGN and Lichess write it", "[audit]") {
  CHECK(recorded_ending("") == RecordedEnding::Unstated);
  CHECK(recorded_ending("  ") == RecordedEnding::Unstated);
  CHECK(recorded_ending("time forfeit") == RecordedEnding::TimeForfeit);
  CHECK(recorded_ending("Time forfeit") == RecordedEnding::TimeForfeit);  // Lichess
  CHECK(recorded_ending(" TIME FORFEIT ") == RecordedEnding::TimeForfeit);
  CHECK(recorded_ending("Alice won on time") == RecordedEnding::TimeForfeit);  // chess.com
  CHECK(recorded_ending("GUI adjudication") == RecordedEnding::Adjudication);  // cutechess
  CHECK(recorded_ending("Normally") == RecordedEnding::Other);
  CHECK(recorded_ending("Game drawn by timeout vs insufficient material") == RecordedEnding::Other);
  CHECK(recorded_ending("Normal") == RecordedEnding::Normal);
  CHECK(recorded_ending("Rules infraction") == RecordedEnding::RulesInfraction);
  CHECK(recorded_ending("abandoned") == RecordedEnding::Abandoned);
  CHECK(recorded_ending("Adjudication") == RecordedEnding::Adjudication);
  CHECK(recorded_ending("death") == RecordedEnding::Death);
  CHECK(recorded_ending("emergency") == RecordedEnding::Emergency);
  CHECK(recorded_ending("unterminated") == RecordedEnding::Unterminated);
  CHECK(recorded_ending("Alice won by resignation") == RecordedEnding::Other);
  CHECK(may_be_resignation(RecordedEnding::Unstated));
  CHECK(may_be_resignation(RecordedEnding::Normal));
  CHECK(may_be_resignation(RecordedEnding::Other));
  for (RecordedEnding e :
       {RecordedEnding::TimeForfeit, RecordedEnding::RulesInfraction, RecordedEnding::Abandoned,
        RecordedEnding::Adjudication, RecordedEnding::Death, RecordedEnding::Emergency,
        RecordedEnding::Unterminated})
    CHECK_FALSE(may_be_resignation(e));
}

TEST_CASE(
    "audit: a decisive result lost on time or, from 2023, by resignation, where the winner "
    "cannot mate (6.9, 5.1.2)",
    "[audit][unwinnable]") {
  // White K+N, Black K+Q (lemma (d)): White cannot mate; Black's flag fell or Black resigned.
  const char* const knight_v_queen = "7q/8/8/4k3/8/8/8/1N2K3 w - - 0 60";
  const char* const moves = "60. Nc3 Qh1+ 61. Kd2 Qh2+ 62. Kd3";
  auto rules_of = [](Edition e) {
    Rules r;
    r.edition = e;
    return r;
  };
  SECTION("time forfeit: a draw in every edition, citing its 6.9 (2001, 2005: 6.10)") {
    for (Edition e : all_editions) {
      INFO(laws(e).id);
      const GameRecord record = record_of(moves, rules_of(e), knight_v_queen);
      const GameAudit a = audit_game(record, GameResult::WhiteWins, RecordedEnding::TimeForfeit);
      CHECK_FALSE(a.result_agrees);
      CHECK(a.laws_result == GameResult::Draw);
      CHECK(a.ending == Termination::None);
      REQUIRE(of_kind(a, Termination::FlagFallDraw).size() == 1);
      const Finding f = of_kind(a, Termination::FlagFallDraw)[0];
      CHECK(f.ply == record.ply());
      CHECK(str(f.article) == str(laws(e).articles.flag_fall));
      CHECK(f.mate.verdict == Winnability::NoWin);
      CHECK(f.mate.proof == WinProof::Material);
      CHECK(a.count(Termination::FlagFallDraw) == 1);
      CHECK(a.mate_asked);
    }
  }
  SECTION("a resignation (no tag, or Normal): a draw from 2023 only (5.1.2)") {
    for (Edition e : {Edition::Fide2018, Edition::Fide2023})
      for (RecordedEnding tag : {RecordedEnding::Unstated, RecordedEnding::Normal}) {
        INFO(laws(e).id);
        const GameRecord record = record_of(moves, rules_of(e), knight_v_queen);
        const GameAudit a = audit_game(record, GameResult::WhiteWins, tag);
        CHECK(a.result_agrees == (e != Edition::Fide2023));
        CHECK(a.mate_asked == (e == Edition::Fide2023));
        CHECK(of_kind(a, Termination::ResignationDraw).size() ==
              (e == Edition::Fide2023 ? 1u : 0u));
        if (e == Edition::Fide2023) {
          CHECK(str(of_kind(a, Termination::ResignationDraw)[0].article) == "5.1.2");
          CHECK(a.laws_result == GameResult::Draw);
        }
      }
  }
  SECTION("a rules infraction, abandonment or adjudication is left alone") {
    for (RecordedEnding tag : {RecordedEnding::RulesInfraction, RecordedEnding::Abandoned,
                               RecordedEnding::Adjudication}) {
      const GameRecord record = record_of(moves, rules_of(Edition::Fide2023), knight_v_queen);
      const GameAudit a = audit_game(record, GameResult::WhiteWins, tag);
      CHECK(a.result_agrees);
      CHECK_FALSE(a.mate_asked);
      CHECK(a.findings.empty());
    }
  }
  SECTION("the winner can mate: the result stands") {
    const GameRecord record = record_of(moves, rules_of(Edition::Fide2023), knight_v_queen);
    const GameAudit a = audit_game(record, GameResult::BlackWins, RecordedEnding::TimeForfeit);
    CHECK(a.result_agrees);
    CHECK(a.mate_asked);
    CHECK(a.mate.verdict == Winnability::Win);
    CHECK(a.findings.empty());
  }
  SECTION("undecided within the budget: the recorded win stands, and the audit says it asked") {
    const GameRecord record = record_of("1. e4 e5", rules_of(Edition::Fide2023));
    WinWorkspace ws = WinWorkspace::for_quick();
    const GameAudit a =
        audit_game(record, GameResult::WhiteWins, RecordedEnding::TimeForfeit, &ws, 1);
    CHECK(a.result_agrees);
    CHECK(a.mate_asked);
    CHECK(a.mate.verdict == Winnability::Unknown);
    CHECK(a.findings.empty());
  }
  SECTION("beyond the material: a locked wall the winner's pieces cannot pass, the loser's can") {
    // Black's bishops are on dark squares, the pawns they could take behind the wall on
    // light ones; White's knight can cross. Not dead (White can mate), so the game goes on
    // to White's flag fall, and Black cannot mate: a draw (6.9).
    const GameRecord record = record_of("40... Kc7 41. Kf1 Kd7", rules_of(Edition::Fide2023),
                                        "7b/1k5B/7b/8/1p1p1p1p/1PpP1P1P/2P3K1/N7 b - - 0 40");
    const GameAudit a = audit_game(record, GameResult::BlackWins, RecordedEnding::TimeForfeit);
    CHECK(a.ending == Termination::None);
    CHECK_FALSE(a.result_agrees);
    REQUIRE(of_kind(a, Termination::FlagFallDraw).size() == 1);
    CHECK(of_kind(a, Termination::FlagFallDraw)[0].mate.proof != WinProof::Material);
  }
  SECTION("a flag fall after the move that made the position dead: the game had ended (5.2.2)") {
    // 40...Kxg8 leaves a locked wall no piece can cross: dead at once, so the later flag
    // fall changes nothing (6.9 applies "apart from games already ended under Article 5").
    const GameRecord record = record_of("40... Kxg8 41. Kb2", rules_of(Edition::Fide2023),
                                        "6Bk/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/K7 b - - 0 40");
    const GameAudit a = audit_game(record, GameResult::WhiteWins, RecordedEnding::TimeForfeit);
    CHECK(a.ending == Termination::DeadPosition);
    CHECK(a.end_ply == 1);
    CHECK_FALSE(a.result_agrees);
    CHECK(of_kind(a, Termination::FlagFallDraw).empty());
    REQUIRE(of_kind(a, Termination::DeadPosition).size() == 1);
    CHECK(a.played_on);  // 41.Kb2 came after the end
  }
}

namespace {

// Records a game and audits it as it is recorded (GameAuditor::begin(), advance() after
// each move, finish()), as `arbiter audit` does.
class AuditingRecorder final : public PgnRecorder {
 public:
  AuditingRecorder(GameRecord& record, const Rules& rules)
      : PgnRecorder(record, rules), auditor_(record) {}
  PgnAction begin_movetext(const Position& start) override {
    const PgnAction action = PgnRecorder::begin_movetext(start);
    auditor_.begin();
    auditor_.advance();
    return action;
  }
  void played(const Position& after) override {
    PgnRecorder::played(after);
    auditor_.advance();
  }
  GameAudit finish(GameResult recorded, RecordedEnding ending) {
    return auditor_.finish(recorded, ending);
  }

 private:
  GameAuditor auditor_;
};

// Every field of two audits, finding by finding.
void check_same_audit(const GameAudit& a, const GameAudit& b) {
  const auto fields = [](const GameAudit& x) {
    return std::make_tuple(x.plies, x.ending, x.end_ply, x.played_on, x.laws_result,
                           x.result_agrees, std::string(x.disagreement), x.mate_asked,
                           x.mate.verdict, x.mate_rule);
  };
  CHECK(fields(a) == fields(b));
  CHECK(std::equal(std::begin(a.counts), std::end(a.counts), std::begin(b.counts)));
  const auto finding = [](const Finding& f) {
    return std::make_tuple(f.kind, f.ply, f.until_ply, f.on_board, f.intended, f.occurrences,
                           f.halfmoves, std::string(f.article));
  };
  REQUIRE(a.findings.size() == b.findings.size());
  for (std::size_t i = 0; i < a.findings.size(); ++i) {
    INFO("finding " << i);
    CHECK(finding(a.findings[i]) == finding(b.findings[i]));
  }
}

}  // namespace

TEST_CASE("audit: judged while the record is built, the audit is the audit of the whole record",
          "[audit]") {
  // The committed corpus and the games of the cases above, under the edition of 2014 (the
  // last 75 moves: an ending voided by a later reset, E7) and the default (2023: decisive
  // results asked about by 5.1.2), each game with its own result and Termination tag.
  std::string text;
  for (const std::string& file : committed_corpus_files()) text += read_file(file) + "\n";
  text +=
      std::string("[FEN \"4k3/p7/8/8/8/8/8/R3K3 w - - 149 80\"]\n\n1. Ra2 a6 2. Rxa6 Kd7 *\n\n") +
      knight_shuffle + " 9. Nf3 *\n\n1. e4 e5 1-0\n";
  for (const Edition edition : {Edition::Fide2014, Edition::Fide2023}) {
    Rules rules;
    rules.edition = edition;
    rules.interpretation.trust_fen_halfmove_clock = true;
    GameRecord record;
    AuditingRecorder recorder(record, rules);
    PgnReader reader = PgnReader::from_memory(text);
    int games = 0, with_findings = 0;
    for (;;) {
      const auto r = reader.next(recorder);
      if (is_end(r)) break;
      if (!r) continue;
      const GameResult result = recorder.result().value_or(GameResult::Ongoing);
      INFO("edition " << int(edition) << ", game " << recorder.number());
      const GameAudit whole = audit_game(record, result, RecordedEnding::Unstated);
      check_same_audit(recorder.finish(result, RecordedEnding::Unstated), whole);
      ++games;
      with_findings += !whole.findings.empty();
    }
    CHECK(games == int(committed_corpus_games) + 3);
    CHECK(with_findings > 20);
  }
}

TEST_CASE("audit: asks_mate() says beforehand whether finish() asks the helpmate analysis",
          "[audit][unwinnable]") {
  // Every game of the committed corpus and the mates and dead positions of the cases above,
  // under every result and a Termination tag of each kind that matters, in 2018 (a
  // resignation is never asked about) and 2023 (5.1.2): asks_mate() before finish() is
  // finish()'s mate_asked, and the workspace lent then (use_workspace()) is the one used.
  std::string text;
  for (const std::string& file : committed_corpus_files()) text += read_file(file) + "\n";
  text += std::string("[FEN \"6Bk/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/K7 b - - 0 40\"]\n\n") +
          "40... Kxg8 41. Kb2 *\n\n1. f3 e5 2. g4 Qh4# *\n\n1. e4 e5 *\n";
  const GameResult results[] = {GameResult::WhiteWins, GameResult::BlackWins, GameResult::Draw,
                                GameResult::Ongoing};
  const RecordedEnding endings[] = {RecordedEnding::Unstated, RecordedEnding::Normal,
                                    RecordedEnding::TimeForfeit, RecordedEnding::Adjudication,
                                    RecordedEnding::Other};
  WinWorkspace lent = WinWorkspace::for_quick();
  for (const Edition edition : {Edition::Fide2018, Edition::Fide2023}) {
    Rules rules;
    rules.edition = edition;
    GameRecord record;
    PgnRecorder recorder(record, rules);
    PgnReader reader = PgnReader::from_memory(text);
    int asked = 0, not_asked = 0, games = 0;
    for (;;) {
      const auto r = reader.next(recorder);
      if (is_end(r)) break;
      if (!r) continue;
      ++games;
      for (const GameResult result : results)
        for (const RecordedEnding ending : endings) {
          INFO("edition " << int(edition) << ", game " << recorder.number() << ", result "
                          << int(result) << ", ending " << int(ending));
          // No workspace of its own: one is lent only where the question is asked, with a
          // budget of one node, so that its answer is Unknown (the one the lent tables give).
          GameAuditor auditor(record, 8, nullptr, 1);
          auditor.begin();
          auditor.advance();
          const bool asks = auditor.asks_mate(result, ending);
          if (asks) auditor.use_workspace(&lent);
          const GameAudit a = auditor.finish(result, ending);
          CHECK(asks == a.mate_asked);
          (asks ? asked : not_asked) += 1;
        }
    }
    CHECK(games == int(committed_corpus_games) + 3);
    CHECK(asked > 100);
    CHECK(not_asked > 100);
  }
}

namespace {

// The first automatic ending of a record, as the Laws have it: the first ply where
// automatic_ending() (board_ending() on the position, the fivefold repetition, 75 moves)
// holds. None and ply 0 if there is none.
std::pair<Termination, GameRecord::Ply> first_ending(const GameRecord& record) {
  for (GameRecord::Ply p = 0; p <= record.ply(); ++p) {
    const Termination t = automatic_ending(record, p, record.rules());
    if (t != Termination::None) return {t, p};
  }
  return {Termination::None, 0};
}

}  // namespace

TEST_CASE("audit: a position with one legal move is judged after it, as board_ending() does (E23)",
          "[audit][outcome]") {
  // The audit judges a position a move was played from as having a choice of moves (it
  // cannot be mate or stalemate), and looks at the forced ones once it finds an ending or
  // the game is over: the ending is the one board_ending() gives at every ply.
  const char* const queen_takes = "K6k/6r1/8/8/8/8/8/Q7 w - - 0 1";  // 1.Qxg7+, only Kxg7
  SECTION("the forced recapture into K v K: dead at the capture, whatever follows") {
    for (const char* moves : {"1. Qxg7+", "1. Qxg7+ Kxg7", "1. Qxg7+ Kxg7 2. Kb7 Kf6 3. Kc6"}) {
      INFO(moves);
      const GameRecord record = record_of(moves, {}, queen_takes);
      const GameAudit a = audit_game(record, GameResult::WhiteWins);
      CHECK(a.ending == Termination::DeadPosition);
      CHECK(a.end_ply == 1);
      CHECK(a.played_on == (record.ply() > 1));
      CHECK(a.laws_result == GameResult::Draw);
      CHECK(a.count(Termination::DeadPosition) == 1);
      CHECK(first_ending(record) == std::make_pair(Termination::DeadPosition, GameRecord::Ply(1)));
    }
  }
  SECTION("a forced reply that leaves mating material ends nothing") {
    const GameRecord record =
        record_of("1. Qxg7+ Kxg7 2. Rb7+ Kf6", {}, "K6k/6r1/8/8/8/8/8/QR6 w - - 0 1");
    const GameAudit a = audit_game(record, GameResult::Ongoing);
    CHECK(a.ending == Termination::None);
    CHECK(a.findings.empty());
  }
  SECTION("random games full of checks and forced replies: the ending of board_ending()") {
    // Random games from sparse positions, where checks with one way out are common, to
    // their end (or 200 plies): each audited whole and as recorded, against the first
    // automatic ending.
    const char* const starts[] = {queen_takes,
                                  "7k/8/8/8/8/8/1q6/K7 w - - 0 1",
                                  "k7/8/1K6/8/8/8/8/1Q6 w - - 0 1",
                                  "4k3/8/8/2b5/8/4r3/3P4/4K3 w - - 0 1",
                                  "6rk/6r1/8/8/8/8/8/Q3K3 w - - 0 1",
                                  "7k/8/8/8/8/8/8/Kb4Q1 w - - 0 1"};
    int games = 0, endings = 0, forced_endings = 0, forced_plies = 0;
    for (int g = 0; g < 3000; ++g) {
      const arbiter_test::RandomGame game =
          arbiter_test::random_game(std::uint32_t(g), 200, position(starts[g % 6]));
      GameRecord record;
      record.reset(game.positions.front());
      for (std::size_t i = 0; i < game.moves.size(); ++i) {
        forced_plies += legal_move_count(game.positions[i], 2) == 1;
        record.play(game.moves[i]);
      }
      const auto want = first_ending(record);
      const GameAudit a = audit_game(record, GameResult::Ongoing);
      INFO("game " << g << " from " << starts[g % 6]);
      REQUIRE(a.ending == want.first);
      if (want.first != Termination::None) REQUIRE(a.end_ply == want.second);
      // Judged while it is built, move by move, the audit is the same.
      GameRecord built;
      built.reset(record.position(0));
      GameAuditor auditor(built);
      auditor.begin();
      auditor.advance();
      for (GameRecord::Ply p = 1; p <= record.ply(); ++p) {
        built.play(record.move(p));
        auditor.advance();
      }
      check_same_audit(auditor.finish(GameResult::Ongoing), a);
      // complete() halfway (the audit as the record then stood: its Article 5 ending asked
      // there), then the record grows again: the audit is still the whole record's.
      GameRecord grown;
      grown.reset(record.position(0));
      GameAuditor halfway(grown);
      halfway.begin();
      for (GameRecord::Ply p = 1; p <= record.ply(); ++p) {
        grown.play(record.move(p));
        if (p == record.ply() / 2) halfway.complete();
        halfway.advance();
      }
      check_same_audit(halfway.finish(GameResult::Ongoing), a);
      ++games;
      endings += want.first != Termination::None;
      forced_endings += want.first == Termination::DeadPosition &&
                        legal_move_count(record.position(want.second)) == 1;
    }
    INFO(games << " games, " << endings << " endings, " << forced_endings
               << " of them dead at a forced move, " << forced_plies << " forced plies");
    CHECK(endings > 1000);
    CHECK(forced_endings > 20);
  }
}

namespace {

// The real games (committed, and shared when present), every `every`-th, audited as they
// are recorded: the ending is the first automatic ending at any ply (first_ending()).
void check_corpus_first_endings(std::size_t every) {
  long games = 0, endings = 0, article5 = 0;
  for (const std::string& file : arbiter_test::corpus_files()) {
    GameRecord record;
    AuditingRecorder recorder(record, Rules{});
    const std::string text = read_file(file);  // the reader reads it in place
    PgnReader reader = PgnReader::from_memory(text);
    for (std::size_t n = 0;; ++n) {
      const auto r = reader.next(recorder);
      if (is_end(r)) break;
      if (!r) continue;
      const GameAudit a = recorder.finish(GameResult::Ongoing, RecordedEnding::Unstated);
      if (n % every != 0) continue;
      const auto want = first_ending(record);
      INFO(file << ", game " << n + 1);
      REQUIRE(a.ending == want.first);
      if (want.first != Termination::None) REQUIRE(a.end_ply == want.second);
      ++games;
      endings += want.first != Termination::None;
      article5 += want.first == Termination::Checkmate || want.first == Termination::Stalemate ||
                  want.first == Termination::DeadPosition;
    }
  }
  INFO(games << " games, " << endings << " endings, " << article5 << " by Article 5");
  CHECK(games >= long(committed_corpus_games / every));
  CHECK(article5 > 0);
}

}  // namespace

TEST_CASE("audit: on the real games the ending is the first at any ply (a sample)",
          "[audit][corpus]") {
  // The audit asks board_ending() where it stops and looks back only where it finds an
  // ending (GameAuditor::check_article5()): the first ending must be the one a look at
  // every ply finds.
#ifdef NDEBUG
  check_corpus_first_endings(8);
#else
  check_corpus_first_endings(64);  // sanitizer and debug builds: fewer games
#endif
}

TEST_CASE("audit: on every real game the ending is the first at any ply", "[.deep][deep]") {
  check_corpus_first_endings(1);
}
