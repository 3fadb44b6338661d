// The thirty edge cases of the rules specification (docs/fide-draw-rules.md, section 15),
// one TEST_CASE each, named by the case id and the article that decides it. Each is
// played as real moves through Game (SAN or UCI) under every edition where the ruling
// differs, and checks the ruling (admissible or why not, correct, article, evidence,
// consequences) and the state of the game (over or not, how, result, article, ply).
//
// Where the Laws leave a point open, the library exposes an option (castling identity,
// trusting a FEN's halfmove clock, the 2014 readings, the 2001 boundary, the 2023 blitz
// reading); those options are tested here. E22 and E25 are policy questions the library
// answers by event order; the policy is stated at each test.

#include <initializer_list>
#include <string>
#include <vector>

#include "game_util.hpp"

using namespace arbiter;
using namespace arbiter_test;

namespace {

using Plies = std::vector<GameRecord::Ply>;

GameOptions trusting(Edition e = Edition::Fide2023) {
  return options_for(e, TimeControl::Standard, true);
}

/// The knights' shuffle from the start: after it the start position has recurred.
void shuffle(Game& g, int times) {
  for (int i = 0; i < times; ++i) play_san(g, {"Nf3", "Nf6", "Ng1", "Ng8"});
}

/// The article numbers of the two ways to claim, per edition (spec section 1).
struct ClaimArticles {
  Edition edition;
  const char* threefold_intended;
  const char* threefold_on_board;
  const char* fifty_intended;
  const char* fifty_on_board;
};
const ClaimArticles claim_articles[] = {
    {Edition::Fide1997, "9.2(a)", "9.2(b)", "9.3(a)", "9.3(b)"},
    {Edition::Fide2001, "9.2(a)", "9.2(b)", "9.3(a)", "9.3(b)"},
    {Edition::Fide2005, "9.2(a)", "9.2(b)", "9.3(a)", "9.3(b)"},
    {Edition::Fide2009, "9.2 a", "9.2 b", "9.3 a", "9.3 b"},
    {Edition::Fide2014, "9.2 a", "9.2 b", "9.3 a", "9.3 b"},
    {Edition::Fide2017, "9.2.1.1", "9.2.1.2", "9.3.1", "9.3.2"},
    {Edition::Fide2018, "9.2.1.1", "9.2.1.2", "9.3.1", "9.3.2"},
    {Edition::Fide2023, "9.2.1", "9.2.2", "9.3.1", "9.3.2"},
};

/// A real game of king moves only: the White king snakes through ranks 1-3 and the Black
/// king through ranks 8-6, forwards and back, with the pawns on e4/e5 blocked (so the
/// position is never dead). No move is a pawn move or a capture, and no position occurs
/// five times within 150 plies. Returns the first `plies` moves in UCI.
std::vector<std::string> king_walk(int plies) {
  auto snake = [](int first_rank, int step) {
    std::vector<std::string> squares;
    for (int r = 0; r < 3; ++r) {
      const int rank = first_rank + step * r;
      for (int f = 0; f < 8; ++f) {
        const int file = r % 2 == 0 ? f : 7 - f;
        squares.push_back(std::string(1, char('a' + file)) + char('1' + rank));
      }
    }
    return squares;
  };
  const std::vector<std::string> white = snake(0, 1), black = snake(7, -1);
  std::vector<std::string> moves;
  int i = 0, dir = 1;
  while (int(moves.size()) < plies) {
    if (i + dir < 0 || i + dir > 23) dir = -dir;
    moves.push_back(white[i] + white[i + dir]);
    moves.push_back(black[i] + black[i + dir]);
    i += dir;
  }
  moves.resize(std::size_t(plies));
  return moves;
}
const char* const king_walk_fen = "k7/8/8/4p3/4P3/8/8/K7 w - - 0 1";

}  // namespace

// ---------------------------------------------------------------------------------------------
TEST_CASE(
    "E1 9.2.1/9.3.1/9.5.3: an illegal intended move makes the claim incorrect; the same piece must "
    "move",
    "[claims][edge]") {
  SECTION(
      "threefold: the written knight move is illegal; another move of that knight is required") {
    Game g;
    play_san(g, {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"});
    // Black writes Nf6-f8 (the bishop stands there): no position can arise from it.
    const Ruling r = g.claim(threefold(Color::Black, Move(Square::F6, Square::F8)));
    CHECK(r.admissible());
    CHECK_FALSE(r.correct);
    CHECK_FALSE(r.draw);
    CHECK(r.intended_illegal);
    CHECK(str(r.article) == "9.2.1");
    CHECK(str(r.penalty_article) == "9.5.3");
    CHECK(r.opponent_seconds_added == 120);
    CHECK(r.must_play == Move::none());
    CHECK(r.must_move_from == Square::F6);
    // Nothing was played (no illegal move was completed: no 7.5 penalty), the game goes on.
    CHECK(g.record().ply() == 7);
    CHECK_FALSE(g.is_over());
    CHECK(g.play_san("e6").error() == GameError::MustMoveSamePiece);
    CHECK(g.play_san("Nc6").error() == GameError::MustMoveSamePiece);
    CHECK(g.play_san("Ng8"));  // the same knight; it happens to repeat
    // After that move the obligation is gone, and White may now claim on the board.
    const Ruling w = g.claim(threefold(Color::White));
    CHECK(w.correct);
    CHECK(w.occurrences == Plies{0, 4, 8});
  }
  SECTION("an illegal written move is incorrect even when the board already shows a threefold") {
    Game g;
    play_san(g, {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"});
    REQUIRE(g.record().count() == 3);
    const Ruling r = g.claim(threefold(Color::White, Move(Square::G1, Square::G3)));
    CHECK_FALSE(r.correct);
    CHECK(r.intended_illegal);
    CHECK(r.must_move_from == Square::G1);
    // Claimed properly, on the board, in the same position, it is correct.
    Game h;
    play_san(h, {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"});
    CHECK(h.claim(threefold(Color::White)).correct);
  }
  SECTION("the written piece has no legal move at all: any legal move (4.5)") {
    Game g;
    play_san(g, {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"});
    const Ruling r =
        g.claim(threefold(Color::Black, Move(Square::A8, Square::A6)));  // the rook is boxed in
    CHECK_FALSE(r.correct);
    CHECK(r.intended_illegal);
    CHECK(r.must_move_from == Square::None);
    CHECK(r.must_play == Move::none());
    CHECK(g.play_san("e6"));
  }
  SECTION("the written move starts from an empty square or an opponent's piece") {
    for (Move m : {Move(Square::E5, Square::E4), Move(Square::G1, Square::F3)}) {
      Game g;
      play_san(g, {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"});
      const Ruling r = g.claim(threefold(Color::Black, m));
      CHECK_FALSE(r.correct);
      CHECK(r.intended_illegal);
      CHECK(r.must_move_from == Square::None);
      CHECK(g.play_san("a6"));
    }
  }
  SECTION("fifty moves: an illegal written move cannot complete the fifty moves") {
    Game g(position("4k3/4n3/8/8/8/8/4N3/4K3 w - - 99 80"), trusting());
    const Ruling r =
        g.claim(fifty(Color::White, Move(Square::E2, Square::E4)));  // not a knight move
    CHECK(r.admissible());
    CHECK_FALSE(r.correct);
    CHECK(r.intended_illegal);
    CHECK(str(r.article) == "9.3.1");
    CHECK(r.halfmoves == 99);
    CHECK(r.must_move_from == Square::E2);
    CHECK(r.opponent_seconds_added == 120);
    CHECK(g.play_san("Kd2").error() == GameError::MustMoveSamePiece);
    CHECK(g.play_san("Nc3"));
    // The same knight's legal move did complete the fifty moves: now Black may claim.
    const Ruling b = g.claim(fifty(Color::Black));
    CHECK(b.correct);
    CHECK(b.halfmoves == 100);
  }
  SECTION("the penalty for the incorrect claim, by edition and time control") {
    struct Row {
      Edition e;
      TimeControl tc;
      bool literal_b2;
      int claimant_before, claimant_after, opponent_bonus;
      const char* penalty_article;
    };
    // Spec 6.2 and 6.3: 1997 half (at most 3:00) and +3:00; 2001 the table and +3:00; 2009
    // +3:00 everywhere; 2014 +2:00; 2017/2018 +2:00 but blitz 1:00 (B.2); 2023 +2:00, rapid
    // 1:00 (A.3), blitz 1:00 (B.3 -> A.3), or 2:00 under the literal B.2 reading.
    const Row rows[] = {
        {Edition::Fide1997, TimeControl::Standard, false, 300, 150, 180, "9.5(b)"},
        {Edition::Fide1997, TimeControl::Standard, false, 900, 720, 180, "9.5(b)"},
        {Edition::Fide2001, TimeControl::Standard, false, 300, 150, 180, "9.5"},
        {Edition::Fide2001, TimeControl::Standard, false, 90, 60, 180, "9.5"},
        {Edition::Fide2001, TimeControl::Standard, false, 45, 45, 180, "9.5"},
        {Edition::Fide2009, TimeControl::Standard, false, 300, 300, 180, "9.5 b"},
        {Edition::Fide2009, TimeControl::Rapid, false, 300, 300, 180, "9.5 b"},
        {Edition::Fide2009, TimeControl::Blitz, false, 100, 100, 180, "9.5 b"},
        {Edition::Fide2014, TimeControl::Standard, false, 300, 300, 120, "9.5 b"},
        {Edition::Fide2017, TimeControl::Standard, false, 300, 300, 120, "9.5.3"},
        {Edition::Fide2017, TimeControl::Rapid, false, 300, 300, 120, "9.5.3"},
        {Edition::Fide2017, TimeControl::Blitz, false, 100, 100, 60, "B.2"},
        {Edition::Fide2018, TimeControl::Blitz, false, 100, 100, 60, "B.2"},
        {Edition::Fide2023, TimeControl::Standard, false, 300, 300, 120, "9.5.3"},
        {Edition::Fide2023, TimeControl::Rapid, false, 300, 300, 60, "A.3"},
        {Edition::Fide2023, TimeControl::Blitz, false, 100, 100, 60, "B.3"},
        {Edition::Fide2023, TimeControl::Blitz, true, 100, 100, 120, "9.5.3"},
    };
    for (const Row& row : rows) {
      INFO(laws(row.e).id << " " << to_string(row.tc) << " literal B.2 " << row.literal_b2
                          << " claimant " << row.claimant_before);
      GameOptions o = options_for(row.e, row.tc);
      o.rules.interpretation.blitz_2023_literal_b2 = row.literal_b2;
      Game g(Position::startpos(), o);
      play_san(g, {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"});
      const Ruling r =
          g.claim(threefold(Color::Black, Move(Square::F6, Square::F8), row.claimant_before));
      CHECK_FALSE(r.correct);
      CHECK(r.opponent_seconds_added == row.opponent_bonus);
      CHECK(r.claimant_seconds_after == row.claimant_after);
      CHECK(str(r.penalty_article) == row.penalty_article);
      CHECK(r.must_move_from == Square::F6);
    }
  }
}

// ---------------------------------------------------------------------------------------------
TEST_CASE(
    "E2 9.4: a piece touched before claiming makes the claim inadmissible this turn (1997-2005: "
    "only a move, spec 18 #4)",
    "[claims][edge]") {
  // White has the move after 100 plies without pawn move or capture (the FEN clock trusted).
  const char* fen = "4k3/4n3/8/8/8/8/4N3/4K3 w - - 100 80";
  SECTION("2009 on: inadmissible; touch move applies; the right returns on the next turn") {
    for (Edition e : {Edition::Fide2009, Edition::Fide2014, Edition::Fide2017, Edition::Fide2018,
                      Edition::Fide2023}) {
      INFO(laws(e).id);
      Game g(position(fen), trusting(e));
      REQUIRE(g.touch_piece(Color::White, Square::E2));
      const Ruling r = g.claim(fifty(Color::White));
      CHECK_FALSE(r.admissible());
      CHECK(r.inadmissible == Inadmissible::PieceTouched);
      CHECK(str(r.article) == "9.4");
      CHECK_FALSE(r.correct);
      CHECK_FALSE(r.draw);
      CHECK(r.opponent_seconds_added == 0);  // not a ruling on the merits: no 9.5 penalty
      CHECK_FALSE(g.is_over());
      CHECK(g.available_claims().right_lost);
      // The player goes on under touch move.
      CHECK(g.play_san("Kd2").error() == GameError::MustMoveTouchedPiece);
      CHECK(g.play_san("Nc3"));
      // The opponent's right is untouched.
      CHECK(g.available_claims().fifty_on_board);
      play_san(g, {"Nc6"});
      // White's next turn: the condition still holds, so the claim is good now.
      const Ruling again = g.claim(fifty(Color::White));
      CHECK(again.admissible());
      CHECK(again.correct);
      CHECK(again.halfmoves == 102);
      CHECK(g.termination() == Termination::FiftyMoveClaim);
    }
  }
  SECTION("1997, 2001, 2005: touching does not forfeit the right; only making the move does") {
    for (Edition e : {Edition::Fide1997, Edition::Fide2001, Edition::Fide2005}) {
      INFO(laws(e).id);
      Game g(position(fen), trusting(e));
      REQUIRE(g.touch_piece(Color::White, Square::E2));
      CHECK_FALSE(g.available_claims().right_lost);
      const Ruling r = g.claim(fifty(Color::White));
      CHECK(r.admissible());
      CHECK(r.correct);
      CHECK(str(r.article) == "9.3(b)");
      CHECK(g.termination() == Termination::FiftyMoveClaim);
      CHECK(str(g.termination_article()) == "9.3(b)");
    }
  }
  SECTION("1997: once the move is made, the player no longer has the move") {
    Game g(position(fen), trusting(Edition::Fide1997));
    play_san(g, {"Nc3"});
    const Ruling r = g.claim(fifty(Color::White));
    CHECK(r.inadmissible == Inadmissible::NotOnMove);
    CHECK_FALSE(g.is_over());
  }
}

// ---------------------------------------------------------------------------------------------
TEST_CASE(
    "E3 1.3/9.4: a claim after releasing the move that makes the third occurrence is inadmissible",
    "[claims][edge]") {
  for (const ClaimArticles& a : claim_articles) {
    INFO(laws(a.edition).id);
    Game g(Position::startpos(), options_for(a.edition));
    // Black makes the move that produces the third occurrence, then claims.
    play_san(g, {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"});
    for (const Ruling& r :
         {g.claim(threefold(Color::Black)), g.claim(threefold(Color::Black, uci(g, "g1f3")))}) {
      CHECK(r.inadmissible == Inadmissible::NotOnMove);
      CHECK_FALSE(r.correct);
      CHECK(r.opponent_seconds_added == 0);
    }
    CHECK(str(g.claim(threefold(Color::Black)).article) == a.threefold_on_board);
    CHECK_FALSE(g.is_over());
    // The opponent, who now has the move, may claim: the position has just appeared.
    const Ruling w = g.claim(threefold(Color::White));
    CHECK(w.admissible());
    CHECK(w.correct);
    CHECK(w.draw);
    CHECK(w.occurrences == Plies{0, 4, 8});
    CHECK(str(w.article) == a.threefold_on_board);
    CHECK(g.termination() == Termination::ThreefoldClaim);
    CHECK(str(g.termination_article()) == a.threefold_on_board);
    CHECK(g.end_ply() == 8);
  }
}

// ---------------------------------------------------------------------------------------------
TEST_CASE("E4 9.6.2/5.1.1: checkmate on the 150th ply stands", "[edge]") {
  // White mates with Qd8# or plays a quiet move; 149 plies without pawn move or capture.
  const char* fen = "k7/8/1K6/8/8/8/8/3Q4 w - - 149 100";
  struct Row {
    Edition e;
    const char* mate_article;
    const char* seventyfive_article;  // "" where there is no 75-move rule
  };
  for (const Row& row :
       {Row{Edition::Fide2009, "5.1 a", ""}, Row{Edition::Fide2014, "5.1 a", "9.6 b"},
        Row{Edition::Fide2017, "5.1.1", "9.6.2"}, Row{Edition::Fide2023, "5.1.1", "9.6.2"}}) {
    INFO(laws(row.e).id);
    Game mate(position(fen), trusting(row.e));
    play_san(mate, {"Qd8#"});
    CHECK(mate.record().halfmoves() == 150);
    CHECK(mate.termination() == Termination::Checkmate);
    CHECK(mate.result() == GameResult::WhiteWins);
    CHECK(str(mate.termination_article()) == row.mate_article);
    CHECK(mate.end_ply() == 1);
    CHECK(mate.play_san("Kb8").error() == GameError::GameOver);

    Game quiet(position(fen), trusting(row.e));
    play_san(quiet, {"Qd2"});
    CHECK(quiet.record().halfmoves() == 150);
    if (*row.seventyfive_article) {
      CHECK(quiet.termination() == Termination::SeventyFiveMoves);
      CHECK(quiet.result() == GameResult::Draw);
      CHECK(str(quiet.termination_article()) == row.seventyfive_article);
      CHECK(quiet.end_ply() == 1);
    } else {
      CHECK_FALSE(quiet.is_over());  // 2009: no automatic draw; a 9.3 claim is open
      CHECK(quiet.available_claims().fifty_on_board);
    }
  }
  SECTION("the FEN clock ignored (strict counting), the same moves are ply 1 of the game") {
    Game mate(position(fen));
    play_san(mate, {"Qd8#"});
    CHECK(mate.termination() == Termination::Checkmate);
    Game quiet(position(fen));
    play_san(quiet, {"Qd2"});
    CHECK_FALSE(quiet.is_over());
    CHECK(quiet.record().halfmoves() == 1);
  }
}

// ---------------------------------------------------------------------------------------------
TEST_CASE(
    "E5 9.6.2/5.2.1/5.2.2: stalemate or a dead position on the 150th ply is recorded under Article "
    "5",
    "[edge]") {
  struct Row {
    Edition e;
    const char* stalemate;
    const char* dead;
  };
  for (const Row& row :
       {Row{Edition::Fide2014, "5.2 a", "5.2 b"}, Row{Edition::Fide2018, "5.2.1", "5.2.2"},
        Row{Edition::Fide2023, "5.2.1", "5.2.2"}}) {
    INFO(laws(row.e).id);
    Game s(position("k7/8/1K6/8/8/8/8/2Q5 w - - 149 100"), trusting(row.e));
    play_san(s, {"Qc7"});
    CHECK(s.record().halfmoves() == 150);
    CHECK(s.termination() == Termination::Stalemate);
    CHECK(s.result() == GameResult::Draw);
    CHECK(str(s.termination_article()) == row.stalemate);

    // Qg7+ is no capture; the only reply, Kxg7, leaves K+B v K: dead at once (E23).
    Game d(position("7k/8/8/8/8/8/8/Kb4Q1 w - - 149 100"), trusting(row.e));
    play_san(d, {"Qg7+"});
    CHECK(d.record().halfmoves() == 150);
    CHECK(d.termination() == Termination::DeadPosition);
    CHECK(d.result() == GameResult::Draw);
    CHECK(str(d.termination_article()) == row.dead);
    CHECK(d.end_ply() == 1);
  }
}

// ---------------------------------------------------------------------------------------------
TEST_CASE(
    "E6 9.6.1: fivefold repetition draws automatically (2017 on: any five; 2014: consecutive "
    "alternate; "
    "before: never)",
    "[edge]") {
  SECTION("2017, 2018, 2023: the fifth occurrence ends the game, no claim needed") {
    for (Edition e : {Edition::Fide2017, Edition::Fide2018, Edition::Fide2023}) {
      INFO(laws(e).id);
      Game g(Position::startpos(), options_for(e));
      shuffle(g, 3);
      play_san(g, {"Nf3", "Nf6", "Ng1"});
      CHECK_FALSE(g.is_over());
      play_san(g, {"Ng8"});
      CHECK(g.termination() == Termination::FivefoldRepetition);
      CHECK(g.result() == GameResult::Draw);
      CHECK(str(g.termination_article()) == "9.6.1");
      CHECK(g.end_ply() == 16);
      CHECK(g.record().occurrences(16) == Plies{0, 4, 8, 12, 16});
      // Written over a list that held others: the same plies.
      Plies reused{7, 7, 7, 7, 7, 7, 7};
      g.record().occurrences(16, reused);
      CHECK(reused == Plies{0, 4, 8, 12, 16});
      CHECK(g.play_san("Nf3").error() == GameError::GameOver);
      CHECK(g.claim(threefold(Color::White)).inadmissible == Inadmissible::GameOver);
    }
  }
  SECTION("2014: five occurrences four plies apart end the game (9.6 a)") {
    Game g(Position::startpos(), options_for(Edition::Fide2014));
    shuffle(g, 4);
    CHECK(g.termination() == Termination::FivefoldRepetition);
    CHECK(str(g.termination_article()) == "9.6 a");
    CHECK(g.end_ply() == 16);
  }
  // Three shuffles (the start at 0, 4, 8, 12), an eight-ply detour through new positions
  // back to the start (20), then shuffles again (24, 28, 32, 36).
  auto detour = [](Game& g) {
    play_san(g, {"Nc3", "Nc6", "Nf3", "Nf6", "Ng1", "Ng8", "Nb1", "Nb8"});
  };
  SECTION("non-consecutive fifth occurrence: drawn in 2023 at once") {
    Game g(Position::startpos(), options_for(Edition::Fide2023));
    shuffle(g, 3);
    detour(g);
    CHECK(g.termination() == Termination::FivefoldRepetition);
    CHECK(g.end_ply() == 20);
    CHECK(g.record().occurrences(20) == Plies{0, 4, 8, 12, 20});
  }
  SECTION(
      "non-consecutive fifth occurrence: 2014 plays on, claims stay open, until five in a row") {
    Game g(Position::startpos(), options_for(Edition::Fide2014));
    shuffle(g, 3);
    detour(g);
    CHECK_FALSE(g.is_over());
    CHECK(g.record().count() == 5);
    CHECK(g.available_claims().threefold_on_board);
    shuffle(g, 3);
    play_san(g, {"Nf3", "Nf6", "Ng1"});
    CHECK_FALSE(g.is_over());  // ply 35
    play_san(g, {"Ng8"});      // 20, 24, 28, 32, 36: five consecutive alternate occurrences
    CHECK(g.termination() == Termination::FivefoldRepetition);
    CHECK(str(g.termination_article()) == "9.6 a");
    CHECK(g.end_ply() == 36);
  }
  SECTION("2014 with the 'any five' reading (Interpretation::fivefold_2014)") {
    GameOptions o = options_for(Edition::Fide2014);
    o.rules.interpretation.fivefold_2014 = FivefoldRule::AnyFive;
    Game g(Position::startpos(), o);
    shuffle(g, 3);
    detour(g);
    CHECK(g.termination() == Termination::FivefoldRepetition);
    CHECK(g.end_ply() == 20);
  }
  SECTION(
      "1997 to 2009: nothing is automatic; eleven occurrences and the game goes on, a claim "
      "draws") {
    for (const ClaimArticles& a : claim_articles) {
      if (a.edition > Edition::Fide2009) continue;
      INFO(laws(a.edition).id);
      Game g(Position::startpos(), options_for(a.edition));
      shuffle(g, 10);
      CHECK_FALSE(g.is_over());
      CHECK(g.record().count() == 11);
      const Ruling r = g.claim(threefold(Color::White));
      CHECK(r.correct);
      CHECK(str(r.article) == a.threefold_on_board);
      CHECK(g.termination() == Termination::ThreefoldClaim);
    }
  }
}

// ---------------------------------------------------------------------------------------------
TEST_CASE(
    "E7 9.6.2: the 75-move draw happens at the 150th ply; a later pawn move cannot undo it (Last75 "
    "vs "
    "AnySeries75)",
    "[edge]") {
  const char* fen = "4k3/4n3/p7/8/8/P7/4N3/4K3 w - - 148 80";
  struct Row {
    Edition e;
    SeventyFiveRule reading;  // 2014 only
    const char* article;
  };
  for (const Row& row : {Row{Edition::Fide2014, SeventyFiveRule::Last75, "9.6 b"},
                         Row{Edition::Fide2014, SeventyFiveRule::AnySeries75, "9.6 b"},
                         Row{Edition::Fide2017, SeventyFiveRule::Last75, "9.6.2"},
                         Row{Edition::Fide2023, SeventyFiveRule::Last75, "9.6.2"}}) {
    INFO(laws(row.e).id << " reading " << int(row.reading));
    GameOptions o = trusting(row.e);
    o.rules.interpretation.seventyfive_2014 = row.reading;
    Game g(position(fen), o);
    play_san(g, {"Nc3"});
    CHECK_FALSE(g.is_over());  // 149
    play_san(g, {"Nc6"});      // 150: drawn at once, whether or not anyone noticed
    CHECK(g.termination() == Termination::SeventyFiveMoves);
    CHECK(g.result() == GameResult::Draw);
    CHECK(str(g.termination_article()) == row.article);
    CHECK(g.end_ply() == 2);
    // The pawn move that would have reset the count is refused: the game is over.
    CHECK(g.play_san("a4").error() == GameError::GameOver);
    CHECK(g.record().ply() == 2);
  }
  SECTION(
      "discovered later on a record that went on: the first ply with an automatic ending is the "
      "150th") {
    // A GameRecord has no notion of the game ending; an audit of it (as an arbiter
    // reconstructing the game, 11.12) finds the draw at the 150th ply even though a pawn
    // move followed. "Any series of 75 moves" (2017 on) says the game ended there. Under
    // the 2014 "last 75 moves" wording a late discovery after the reset might be read
    // otherwise; the library cannot express that difference (both readings fire at the
    // 150th ply in real time), so both 2014 readings give the same answer here.
    Rules trusting;
    trusting.interpretation.trust_fen_halfmove_clock = true;
    GameRecord rec(position(fen), trusting);
    for (const char* m : {"e2c3", "e7c6", "a3a4", "c6e7"})
      rec.play(parse_uci(rec.position(), m).value_or(Move::none()));
    for (SeventyFiveRule reading : {SeventyFiveRule::Last75, SeventyFiveRule::AnySeries75}) {
      Rules rules;
      rules.edition = Edition::Fide2014;
      rules.interpretation.seventyfive_2014 = reading;
      CHECK(automatic_ending(rec, 1, rules) == Termination::None);
      CHECK(automatic_ending(rec, 2, rules) == Termination::SeventyFiveMoves);
      CHECK(automatic_ending(rec, 3, rules) == Termination::None);  // after the pawn move
      CHECK(automatic_ending(rec, 4, rules) == Termination::None);
    }
  }
  SECTION("a real game of 150 plies without pawn move or capture, counted strictly") {
    Game g(position(king_walk_fen));
    const std::vector<std::string> moves = king_walk(150);
    for (std::size_t i = 0; i < moves.size(); ++i) {
      INFO("ply " << i + 1 << " " << moves[i]);
      REQUIRE_FALSE(g.is_over());
      REQUIRE(g.play_uci(moves[i]));
      CHECK(g.record().count() < 5);
    }
    CHECK(g.record().halfmoves() == 150);
    CHECK(g.termination() == Termination::SeventyFiveMoves);
    CHECK(g.end_ply() == 150);
    CHECK(str(g.termination_article()) == "9.6.2");
  }
}

// ---------------------------------------------------------------------------------------------
namespace {

/// Plays `double_step` from `fen` (Black to move), then shuffles the knights g1/g8 until
/// `plies` plies have been played.
Game after_double_step(const char* fen, const char* double_step, int plies) {
  Game g(position(fen));
  std::vector<std::string> moves{double_step};
  const char* cycle[] = {"g1f3", "g8f6", "f3g1", "f6g8"};
  for (int i = 0; int(moves.size()) < plies; ++i) moves.push_back(cycle[i % 4]);
  play_uci(g, moves);
  return g;
}

}  // namespace

TEST_CASE(
    "E8 9.2.3/9.2.3.1: an en passant capture that is illegal makes no difference to the position",
    "[edge]") {
  struct Row {
    const char* what;
    const char* pinned;   // the en passant capture would be illegal
    const char* control;  // the same without the pin: the capture is legal
  };
  const Row rows[] = {
      {"capturing would expose the king along the rank", "4k1n1/2p5/8/KP5r/8/8/8/6N1 b - - 0 1",
       "4k1n1/2p5/8/KP6/8/8/8/6N1 b - - 0 1"},
      {"the capturing pawn is pinned on a diagonal", "4k1n1/2p2b2/8/3P4/8/8/K7/6N1 b - - 0 1",
       "4k1n1/2p5/8/3P4/8/8/K7/6N1 b - - 0 1"},
  };
  for (const Row& row : rows) {
    INFO(row.what);
    {
      Game g = after_double_step(row.pinned, "c7c5", 9);
      const Position& first = g.record().position(1);
      CHECK(first.en_passant_square() == Square::C6);  // as a FEN would record it
      CHECK_FALSE(first.has_legal_en_passant());
      CHECK(first.key() == g.record().position(5).key());
      CHECK(g.record().occurrences(9) == Plies{1, 5, 9});
      CHECK(g.available_claims().threefold_on_board);
      // It counts towards fivefold as well.
      play_uci(g, {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"});
      CHECK_FALSE(g.is_over());
      play_uci(g, {"f6g8"});
      CHECK(g.termination() == Termination::FivefoldRepetition);
      CHECK(g.end_ply() == 17);
    }
    {
      Game g = after_double_step(row.control, "c7c5", 9);
      CHECK(g.record().position(1).has_legal_en_passant());
      CHECK(g.record().position(1).key() != g.record().position(5).key());
      CHECK(g.record().occurrences(9) == Plies{5, 9});
      const Ruling r = g.claim(threefold(Color::White));
      CHECK_FALSE(r.correct);
      play_uci(g, {"g1f3", "g8f6", "f3g1", "f6g8"});
      const Ruling ok = g.claim(threefold(Color::White));
      CHECK(ok.correct);
      CHECK(ok.occurrences == Plies{5, 9, 13});
    }
  }
}

// ---------------------------------------------------------------------------------------------
TEST_CASE("E9 9.2.3: an en passant square with no enemy pawn beside the pawn is no difference",
          "[edge]") {
  SECTION("after 1.e4 the position repeats with the same key") {
    Game g;
    play_san(g, {"e4", "Nf6", "Nf3", "Ng8", "Ng1", "Nf6", "Nf3", "Ng8", "Ng1"});
    CHECK(g.record().position(1).en_passant_square() == Square::E3);
    CHECK_FALSE(g.record().position(1).has_legal_en_passant());
    CHECK(g.record().position(1).key() == g.record().position(5).key());
    const Ruling r = g.claim(threefold(Color::Black));
    CHECK(r.correct);
    CHECK(r.occurrences == Plies{1, 5, 9});
    CHECK(str(r.article) == "9.2.2");
  }
  SECTION("a set-up position whose FEN names an en passant square is occurrence 1") {
    Game g(position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"));
    play_san(g, {"Nf6", "Nf3", "Ng8", "Ng1", "Nf6", "Nf3", "Ng8", "Ng1"});
    const Ruling r = g.claim(threefold(Color::Black));
    CHECK(r.correct);
    CHECK(r.occurrences == Plies{0, 4, 8});
  }
}

// ---------------------------------------------------------------------------------------------
TEST_CASE("E10 9.2.3.2: castling prevented only for the moment changes nothing; the rights decide",
          "[edge]") {
  // White may castle short at the start; Black's rook on f6 attacks f1 and prevents it for
  // the moment; it goes back and castling is possible again. The right is never lost.
  const char* fen = "4k3/8/r7/8/8/8/8/1N2K2R w K - 0 1";
  for (CastlingIdentity identity : {CastlingIdentity::Rights, CastlingIdentity::PossibleMoves}) {
    INFO("castling identity " << int(identity));
    GameOptions o;
    o.rules.interpretation.castling_identity = identity;
    Game g(position(fen), o);
    play_san(g, {"Nc3", "Rf6", "Nb1", "Ra6", "Nc3", "Rf6", "Nb1", "Ra6"});
    const Position& prevented = g.record().position(2);
    CHECK(prevented.castling_rights().has(Color::White, CastlingSide::KingSide));
    CHECK_FALSE(legal_moves(prevented).contains(Move::castling(Square::E1, Square::H1)));
    CHECK(legal_moves(g.position()).contains(Move::castling(Square::E1, Square::H1)));
    CHECK(g.record().occurrences(6) == Plies{2, 6});  // prevented both times: the same position
    const Ruling r = g.claim(threefold(Color::White));
    CHECK(r.correct);
    CHECK(r.occurrences == Plies{0, 4, 8});
  }
  SECTION("castling blocked by the player's own pieces: the start position still repeats") {
    Game g;
    shuffle(g, 2);
    CHECK(g.position().castling_rights() == CastlingRights(CastlingRights::All));
    CHECK(g.claim(threefold(Color::White)).occurrences == Plies{0, 4, 8});
  }
}

// ---------------------------------------------------------------------------------------------
TEST_CASE(
    "E11 9.2.3.2: a king or rook that moves away and back loses the right; the position is new",
    "[edge]") {
  SECTION("1.h3 h6 2.Rh2 Rh7 3.Rh1 Rh8: not a repetition of the position after 1.h3 h6") {
    Game g;
    play_san(g, {"h3", "h6", "Rh2", "Rh7", "Rh1", "Rh8"});
    CHECK(g.record().position(6).placement_key() == g.record().position(2).placement_key());
    CHECK(g.record().position(6).key() != g.record().position(2).key());
    CHECK(g.record().count(6) == 1);
    CHECK(g.record().occurrences(6) == Plies{6});
    play_san(g, {"Rh2", "Rh7", "Rh1", "Rh8"});
    CHECK_FALSE(g.claim(threefold(Color::White)).correct);  // 6, 10: twice only
    play_san(g, {"Rh2", "Rh7", "Rh1", "Rh8"});
    const Ruling r = g.claim(threefold(Color::White));
    CHECK(r.correct);
    CHECK(r.occurrences == Plies{6, 10, 14});
  }
  SECTION("the kings step out and back: 1.e4 e5 2.Ke2 Ke7 3.Ke1 Ke8") {
    Game g;
    play_san(g, {"e4", "e5", "Ke2", "Ke7", "Ke1", "Ke8"});
    CHECK(g.record().position(6).placement_key() == g.record().position(2).placement_key());
    CHECK(g.record().occurrences(6) == Plies{6});
    CHECK_FALSE(g.position().castling_rights().any());
  }
}

// ---------------------------------------------------------------------------------------------
TEST_CASE(
    "E12 9.2.3/9.2.3.2: a castling right that cannot be exercised: rights-based (default) vs "
    "possible moves",
    "[edge]") {
  // Black's rook on f8 covers f1: White's short castling is never possible here. White's rook
  // goes h1-h2-h1 (the right is lost), Black's king shuffles e8-d8.
  const char* fen = "4kr2/8/8/8/8/8/8/4K2R w K - 0 1";
  auto line = [](Game& g) {
    play_san(g, {"Rh2", "Kd8", "Rh1", "Ke8", "Rh2", "Kd8", "Rh1", "Ke8"});
  };
  SECTION(
      "rights (default): the position with the right differs; the claim at ply 8 is incorrect") {
    Game g(position(fen));
    REQUIRE(g.rules().interpretation.castling_identity == CastlingIdentity::Rights);
    line(g);
    const Ruling r = g.claim(threefold(Color::White));
    CHECK_FALSE(r.correct);
    CHECK(r.occurrences == Plies{4, 8});
  }
  SECTION("possible moves (Interpretation::castling_identity): the same position three times") {
    GameOptions o;
    o.rules.interpretation.castling_identity = CastlingIdentity::PossibleMoves;
    Game g(position(fen), o);
    CHECK(g.record().castling_identity() == CastlingIdentity::PossibleMoves);
    line(g);
    const Ruling r = g.claim(threefold(Color::White));
    CHECK(r.correct);
    CHECK(r.occurrences == Plies{0, 4, 8});
  }
  SECTION("possible moves: where castling was legal, losing the right does make a new position") {
    GameOptions o;
    o.rules.interpretation.castling_identity = CastlingIdentity::PossibleMoves;
    Game g(position("r3k3/8/8/8/8/8/8/4K2R w K - 0 1"), o);
    REQUIRE(legal_moves(g.position()).contains(Move::castling(Square::E1, Square::H1)));
    line(g);
    const Ruling r = g.claim(threefold(Color::White));
    CHECK_FALSE(r.correct);
    CHECK(r.occurrences == Plies{4, 8});
  }
}

// ---------------------------------------------------------------------------------------------
TEST_CASE("E13 2/9.3/9.6.2/11.12: a set-up position's halfmove clock: strict (default) vs trusted",
          "[edge]") {
  const char* fen = "4k3/4n3/8/8/8/8/4N3/4K3 w - - 99 80";
  SECTION("strict: only the plies of this game count") {
    Game g(position(fen));
    CHECK(g.record().halfmoves() == 0);
    CHECK(g.record().last_reset(0) == 0);
    const Ruling r = g.claim(fifty(Color::White, uci(g, "e2c3")));
    CHECK(r.admissible());
    CHECK_FALSE(r.correct);
    CHECK(r.by_intended_move);
    CHECK(r.halfmoves == 1);  // the count after the written move: far from fifty moves
    CHECK(r.last_reset == 0);
  }
  SECTION("trusted: the FEN's 99 plies count; the written move completes the fifty moves") {
    Game g(position(fen), trusting());
    CHECK(g.record().halfmoves() == 99);
    const Ruling r = g.claim(fifty(Color::White, uci(g, "e2c3")));
    CHECK(r.correct);
    CHECK(r.draw);
    CHECK(r.halfmoves == 100);
    CHECK(r.last_reset == HalfmoveClock::none);  // the last reset lies before the start
    CHECK(str(r.article) == "9.3.1");
    CHECK(g.termination() == Termination::FiftyMoveClaim);
    CHECK(str(g.termination_article()) == "9.3.1");
    CHECK(g.end_ply() == 0);
  }
  SECTION("trusted: 149 on the FEN and one quiet move is the 75-move draw; strict it is not") {
    Game trusted(position("4k3/4n3/8/8/8/8/4N3/4K3 w - - 149 80"), trusting());
    play_san(trusted, {"Nc3"});
    CHECK(trusted.termination() == Termination::SeventyFiveMoves);
    Game strict(position("4k3/4n3/8/8/8/8/4N3/4K3 w - - 149 80"));
    play_san(strict, {"Nc3"});
    CHECK_FALSE(strict.is_over());
  }
  SECTION("repetition counts from the set-up position as occurrence 1, whatever the FEN clock") {
    Game g(position(fen), trusting());
    play_san(g, {"Nc3", "Nc6", "Ne2", "Ne7", "Nc3", "Nc6", "Ne2", "Ne7"});
    const Ruling r = g.claim(threefold(Color::White));
    CHECK(r.correct);
    CHECK(r.occurrences == Plies{0, 4, 8});
  }
}

// ---------------------------------------------------------------------------------------------
TEST_CASE(
    "E14 9.2: the initial position counts as the first occurrence (1.Nf3 Nf6 2.Ng1 Ng8 3.Nf3 Nf6 "
    "4.Ng1)",
    "[claims][edge]") {
  for (const ClaimArticles& a : claim_articles) {
    INFO(laws(a.edition).id);
    SECTION(std::string("Black writes 4...Ng8 and claims (way 1) ") + laws(a.edition).id) {
      Game g(Position::startpos(), options_for(a.edition));
      play_san(g, {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"});
      const Ruling r = g.claim(threefold(Color::Black, uci(g, "f6g8")));
      CHECK(r.admissible());
      CHECK(r.correct);
      CHECK(r.with_intended);
      CHECK(r.occurrences == Plies{0, 4, 8});
      CHECK(str(r.article) == a.threefold_intended);
      CHECK(g.termination() == Termination::ThreefoldClaim);
      CHECK(str(g.termination_article()) == a.threefold_intended);
      CHECK(g.end_ply() == 7);  // the written move is not played
      CHECK(g.record().ply() == 7);
    }
    SECTION(std::string("after 4...Ng8, White claims (way 2) ") + laws(a.edition).id) {
      Game g(Position::startpos(), options_for(a.edition));
      play_san(g, {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"});
      const Ruling r = g.claim(threefold(Color::White));
      CHECK(r.correct);
      CHECK_FALSE(r.with_intended);
      CHECK(r.occurrences == Plies{0, 4, 8});
      CHECK(str(r.article) == a.threefold_on_board);
      CHECK(g.result() == GameResult::Draw);
    }
  }
}

// ---------------------------------------------------------------------------------------------
TEST_CASE(
    "E15 9.2/9.3.2: a claim at the fourth occurrence, or after more than fifty moves, is valid",
    "[claims][edge]") {
  SECTION("the fourth occurrence") {
    Game g;
    shuffle(g, 3);
    const Ruling r = g.claim(threefold(Color::White));
    CHECK(r.correct);
    CHECK(r.occurrences == Plies{0, 4, 8, 12});
  }
  SECTION("60 moves each without pawn move or capture (FEN clock trusted)") {
    Game g(position("4k3/4n3/8/8/8/8/4N3/4K3 b - - 120 80"), trusting());
    const Ruling r = g.claim(fifty(Color::Black));
    CHECK(r.correct);
    CHECK(r.halfmoves == 120);
    CHECK(str(r.article) == "9.3.2");
  }
  SECTION("a real game: 100 plies of king moves, counted strictly, then ten more") {
    const std::vector<std::string> moves = king_walk(110);
    Game g(position(king_walk_fen));
    play_uci(g, std::vector<std::string>(moves.begin(), moves.begin() + 98));
    // Ply 98, White to move: one more move is not enough, by the board or by a written move.
    CHECK_FALSE(g.claim(fifty(Color::White)).correct);
    play_uci(g, {moves[98]});
    // Ply 99, Black to move: the written move completes the fifty moves (9.3.1) ...
    {
      Game copy = g;
      const Ruling r = copy.claim(fifty(Color::Black, uci(copy, moves[99].c_str())));
      CHECK(r.correct);
      CHECK(r.halfmoves == 100);
      CHECK(r.last_reset == 0);
      CHECK(str(r.article) == "9.3.1");
    }
    // ... but on the board the claim is one ply short (and costs the penalty).
    {
      Game copy = g;
      const Ruling r = copy.claim(fifty(Color::Black));
      CHECK_FALSE(r.correct);
      CHECK(r.halfmoves == 99);
      CHECK(r.opponent_seconds_added == 120);
    }
    play_uci(g, {moves[99]});
    CHECK(g.record().halfmoves() == 100);
    CHECK(g.available_claims().fifty_on_board);
    play_uci(g, std::vector<std::string>(moves.begin() + 100, moves.end()));
    const Ruling r = g.claim(fifty(Color::White));
    CHECK(r.correct);
    CHECK(r.halfmoves == 110);
    CHECK(str(r.article) == "9.3.2");
    CHECK(g.termination() == Termination::FiftyMoveClaim);
    CHECK(g.end_ply() == 110);
  }
}

// ---------------------------------------------------------------------------------------------
TEST_CASE("E16 9.3.1/9.5.3: a written pawn move or capture cannot complete the fifty moves",
          "[claims][edge]") {
  const char* fen = "r3k3/1P6/8/3p4/4P3/8/8/R3K1NR w KQ - 99 80";
  for (const char* written : {"b7b8q", "b7a8q", "e4d5", "e4e5", "a1a8"}) {
    INFO(written);
    Game g(position(fen), trusting());
    const Move m = uci(g, written);
    const Ruling r = g.claim(fifty(Color::White, m));
    CHECK(r.admissible());
    CHECK_FALSE(r.correct);
    CHECK_FALSE(r.intended_illegal);
    CHECK(r.by_intended_move);
    CHECK(r.halfmoves == 0);  // the written move resets the count
    CHECK(r.last_reset == std::int32_t(g.record().ply()) + 1);
    CHECK(str(r.article) == "9.3.1");
    CHECK(r.opponent_seconds_added == 120);
    CHECK(r.must_play == m);
    // The written move must be played, and no other.
    CHECK(g.play_san("Kd2").error() == GameError::MustPlayIntendedMove);
    CHECK(g.play(m));
    CHECK(g.record().halfmoves() == 0);
  }
  SECTION("a quiet written move does complete them") {
    Game g(position(fen), trusting());
    const Ruling r = g.claim(fifty(Color::White, uci(g, "g1f3")));
    CHECK(r.correct);
    CHECK(r.halfmoves == 100);
  }
  SECTION("an en passant capture is a pawn move and a capture") {
    // Right after the double step the count is 0 anyway; the written capture keeps it so.
    Game g(position("4k3/3p4/8/4P3/8/8/8/4K1N1 b - - 40 60"), trusting());
    play_san(g, {"d5"});
    const Move ep = uci(g, "e5d6");
    REQUIRE(ep.is_en_passant());
    CHECK(g.position().resets_halfmove_clock(ep));
    const Ruling r = g.claim(fifty(Color::White, ep));
    CHECK_FALSE(r.correct);
    CHECK(r.halfmoves == 0);
    CHECK(r.last_reset == 2);  // the written capture would reset it again, at ply 2
    CHECK(r.must_play == ep);
  }
}

// ---------------------------------------------------------------------------------------------
TEST_CASE(
    "E17 9.3.1/5.1.1: a written move that would mate still completes the fifty moves; a played "
    "mate ends "
    "the game",
    "[claims][edge]") {
  SECTION("the written move would mate: the claim is correct and the mate never happens") {
    Game g(position("k7/8/1K6/8/8/8/8/3Q4 w - - 99 100"), trusting());
    const Ruling r = g.claim(fifty(Color::White, uci(g, "d1d8")));
    CHECK(r.correct);
    CHECK(r.halfmoves == 100);
    CHECK(str(r.article) == "9.3.1");
    CHECK(g.termination() == Termination::FiftyMoveClaim);
    CHECK(g.result() == GameResult::Draw);
    CHECK(g.record().ply() == 0);
  }
  SECTION("the written move would stalemate: the same") {
    Game g(position("k7/8/1K6/8/8/8/8/2Q5 w - - 99 100"), trusting());
    const Ruling r = g.claim(fifty(Color::White, uci(g, "c1c7")));
    CHECK(r.correct);
    CHECK(g.termination() == Termination::FiftyMoveClaim);
  }
  SECTION("the 100th ply was played as mate: the game is over, no claim is possible") {
    Game g(position("k7/8/1K6/8/8/8/8/3Q4 w - - 99 100"), trusting());
    play_san(g, {"Qd8#"});
    CHECK(g.termination() == Termination::Checkmate);
    CHECK(g.record().halfmoves() == 100);
    CHECK(g.claim(fifty(Color::Black)).inadmissible == Inadmissible::GameOver);
    CHECK(g.claim(fifty(Color::White)).inadmissible == Inadmissible::GameOver);
    CHECK(g.result() == GameResult::WhiteWins);
  }
}

// ---------------------------------------------------------------------------------------------
TEST_CASE(
    "E18 9.3: what resets the count: pawn moves (promotion, en passant) and captures (the king's "
    "too)",
    "[edge]") {
  SECTION("castling, checks and piece moves do not reset") {
    Game g(position("r3k2r/p7/8/8/8/8/P7/R3K2R w KQkq - 10 20"), trusting());
    play_san(g, {"O-O"});
    CHECK(g.record().halfmoves() == 11);
    play_san(g, {"O-O-O"});
    CHECK(g.record().halfmoves() == 12);
    play_san(g, {"Rfc1+"});
    CHECK(g.record().halfmoves() == 13);
    play_san(g, {"Kb8"});
    CHECK(g.record().halfmoves() == 14);
    CHECK(g.record().last_reset(4) == HalfmoveClock::none);
  }
  SECTION("a capture by the king resets") {
    Game g(position("4k3/p7/8/8/8/8/3n4/4K3 w - - 10 20"), trusting());
    play_san(g, {"Kxd2"});
    CHECK(g.record().halfmoves() == 0);
    CHECK(g.record().last_reset(1) == 1);
    play_san(g, {"Kd7"});
    CHECK(g.record().halfmoves() == 1);
  }
  SECTION("promotion, with and without capture, resets") {
    Game g(position("n3k3/1P6/8/8/8/8/p7/4K3 w - - 10 20"), trusting());
    play_san(g, {"Kd2"});
    CHECK(g.record().halfmoves() == 11);
    play_san(g, {"a1=Q"});
    CHECK(g.record().halfmoves() == 0);
    play_san(g, {"bxa8=Q+"});
    CHECK(g.record().halfmoves() == 0);
    CHECK(g.record().last_reset(3) == 3);
  }
  SECTION("the double step and the en passant capture reset") {
    Game g(position("4k3/8/8/8/3p4/8/4P3/4K3 w - - 10 20"), trusting());
    play_san(g, {"Kf1", "Kd7"});
    CHECK(g.record().halfmoves() == 12);
    play_san(g, {"e4"});
    CHECK(g.record().halfmoves() == 0);
    CHECK(g.record().last_reset(3) == 3);
    play_san(g, {"dxe3"});
    CHECK(g.record().halfmoves() == 0);
    CHECK(g.record().last_reset(4) == 4);
    CHECK(g.record().move(4).is_en_passant());
  }
}

// ---------------------------------------------------------------------------------------------
TEST_CASE("E19 9.2/9.3/11.5: a claim by the player who does not have the move is inadmissible",
          "[claims][edge]") {
  for (const ClaimArticles& a : claim_articles) {
    INFO(laws(a.edition).id);
    Game g(Position::startpos(), options_for(a.edition));
    play_san(g, {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"});  // Black to move
    const Ruling on_board = g.claim(threefold(Color::White));
    const Ruling intended = g.claim(threefold(Color::White, Move(Square::G1, Square::F3)));
    const Ruling fifty_moves = g.claim(fifty(Color::White));
    for (const Ruling& r : {on_board, intended, fifty_moves}) {
      CHECK(r.inadmissible == Inadmissible::NotOnMove);
      CHECK_FALSE(r.correct);
      CHECK_FALSE(r.draw);
      CHECK(r.opponent_seconds_added == 0);
      CHECK_FALSE(r.counts_as_offer);
    }
    CHECK(str(on_board.article) == a.threefold_on_board);
    CHECK(str(intended.article) == a.threefold_intended);
    CHECK(str(fifty_moves.article) == a.fifty_on_board);
    CHECK_FALSE(g.is_over());
    CHECK_FALSE(g.offer_standing(Color::White));
    // The player who has the move keeps his claim.
    CHECK(g.claim(threefold(Color::Black, uci(g, "f6g8"))).correct);
  }
}

// ---------------------------------------------------------------------------------------------
TEST_CASE(
    "E20 9.1.2.1/5.1.1: an offer made before moving lapses when the offerer's move ends the game",
    "[game][edge]") {
  const char* fen = "k7/8/1K6/8/8/8/8/2Q5 w - - 0 60";
  SECTION("the move mates: checkmate, no draw") {
    Game g(position(fen));
    REQUIRE(g.offer_draw(Color::White));
    play_san(g, {"Qc8#"});
    CHECK(g.termination() == Termination::Checkmate);
    CHECK(g.result() == GameResult::WhiteWins);
    CHECK_FALSE(g.offer_standing(Color::White));
    CHECK(g.accept_draw(Color::Black).error() == GameError::GameOver);
    CHECK(g.result() == GameResult::WhiteWins);
  }
  SECTION("the move stalemates: stalemate") {
    Game g(position(fen));
    REQUIRE(g.offer_draw(Color::White));
    play_san(g, {"Qc7"});
    CHECK(g.termination() == Termination::Stalemate);
    CHECK_FALSE(g.offer_standing(Color::White));
    CHECK(g.accept_draw(Color::Black).error() == GameError::GameOver);
  }
  SECTION("the move does not end the game: the offer stays open until rejected") {
    for (Edition e : {Edition::Fide1997, Edition::Fide2014, Edition::Fide2023}) {
      INFO(laws(e).id);
      Game g(position(fen), options_for(e));
      REQUIRE(g.offer_draw(Color::White));
      play_san(g, {"Qc2"});
      CHECK(g.offer_standing(Color::White));
      REQUIRE(g.touch_piece(Color::Black, Square::A8));
      // 2001 on, the touch rejects it; 1997 only the move does.
      CHECK(g.offer_standing(Color::White) == (e == Edition::Fide1997));
      if (e == Edition::Fide2014) CHECK(g.accept_draw(Color::Black).error() == GameError::NoOffer);
      if (e == Edition::Fide1997) {
        CHECK(g.accept_draw(Color::Black));
        CHECK(g.termination() == Termination::Agreement);
        CHECK(str(g.termination_article()) ==
              "5.3");  // 1997's Article 5 is unlettered (spec 18 #3)
      }
    }
  }
  SECTION("2023: an offer accepted before the opponent has made a move is premature (5.2.3)") {
    Game g(position(fen));
    REQUIRE(g.offer_draw(Color::White));
    play_san(g, {"Qc2"});
    CHECK(g.accept_draw(Color::Black).error() == GameError::AgreementNotAllowed);
    CHECK(g.offer_standing(Color::White));
  }
}

// ---------------------------------------------------------------------------------------------
TEST_CASE(
    "E21 9.1.2.3/5.2.3/9.1.1: a claim accepted as an offer before the ruling is a draw by "
    "agreement, even "
    "if wrong",
    "[claims][game][edge]") {
  SECTION("agreements allowed: accepted, the result stands though the claim was wrong") {
    Game g;
    play_san(g, {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3"});
    const Claim c = fifty(Color::Black);  // plainly wrong: five plies
    CHECK_FALSE(evaluate(g.record(), c, ClaimContext{}, g.rules()).correct);
    REQUIRE(g.submit_claim_as_offer(c));
    CHECK(g.accept_draw(Color::White));
    CHECK(g.termination() == Termination::Agreement);
    CHECK(g.result() == GameResult::Draw);
    CHECK(str(g.termination_article()) == "5.2.3");
    CHECK(g.claim(c).inadmissible == Inadmissible::GameOver);
  }
  SECTION("agreements forbidden: 9.1.2.3 does not apply; the claim is ruled on its merits") {
    GameOptions o;
    o.agreements_allowed = false;
    Game g(Position::startpos(), o);
    play_san(g, {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3"});
    CHECK(g.submit_claim_as_offer(fifty(Color::Black)).error() == GameError::AgreementNotAllowed);
    CHECK(g.accept_draw(Color::White).error() == GameError::NoOffer);
    const Ruling r = g.claim(fifty(Color::Black));
    CHECK(r.admissible());
    CHECK_FALSE(r.correct);
    CHECK_FALSE(r.counts_as_offer);
    CHECK(r.opponent_seconds_added == 120);
    CHECK(r.halfmoves == 5);
    CHECK_FALSE(g.is_over());
  }
  SECTION("1997 and 2001: a claim is no offer") {
    for (Edition e : {Edition::Fide1997, Edition::Fide2001}) {
      INFO(laws(e).id);
      Game g(Position::startpos(), options_for(e));
      play_san(g, {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3"});
      CHECK(g.submit_claim_as_offer(fifty(Color::Black)).error() == GameError::AgreementNotAllowed);
      CHECK_FALSE(g.claim(fifty(Color::Black)).counts_as_offer);
      CHECK(g.accept_draw(Color::White).error() == GameError::NoOffer);
    }
  }
}

// ---------------------------------------------------------------------------------------------
TEST_CASE(
    "E22 9.6/6.9/8.7: a 9.6 draw ends the game at once; a later mate or flag fall changes nothing",
    "[edge]") {
  // Policy: Game adjudicates the automatic endings at the move that produces them, so a 9.6
  // condition cannot pass "unnoticed" inside a Game: the game is drawn at that move, later
  // moves are refused, and a flag fall reported afterwards is refused too (the Arbiters'
  // Manual: 9.6 applies even if a player exceeded the time). Whether a signed scoresheet
  // stands (8.7) is outside the library.
  SECTION("75 moves, then a would-be mate and a flag fall") {
    Game g(position("k7/8/1K6/8/8/8/8/3Q4 w - - 148 100"), trusting());
    play_san(g, {"Qd2", "Kb8"});
    CHECK(g.termination() == Termination::SeventyFiveMoves);
    CHECK(g.end_ply() == 2);
    CHECK(g.play_san("Qd8#").error() == GameError::GameOver);
    CHECK(g.flag_fall(Color::White).error() == GameError::GameOver);
    CHECK(g.result() == GameResult::Draw);
    CHECK(g.termination() == Termination::SeventyFiveMoves);
  }
  SECTION("fivefold, then a flag fall") {
    Game g;
    shuffle(g, 4);
    REQUIRE(g.termination() == Termination::FivefoldRepetition);
    CHECK(g.flag_fall(Color::White).error() == GameError::GameOver);
    CHECK(g.resign(Color::White).error() == GameError::GameOver);
    CHECK(g.result() == GameResult::Draw);
  }
}

// ---------------------------------------------------------------------------------------------
TEST_CASE(
    "E23 5.2.2/6.2.1.1: a move that creates a dead position ends the game; a later flag fall is "
    "irrelevant",
    "[edge]") {
  struct Row {
    Edition e;
    const char* article;
  };
  for (const Row& row : {Row{Edition::Fide1997, "9.6"}, Row{Edition::Fide2009, "5.2 b"},
                         Row{Edition::Fide2023, "5.2.2"}}) {
    INFO(laws(row.e).id);
    SECTION(std::string("a queen capture with check, the only reply recapturing into K v K ") +
            laws(row.e).id) {
      Game g(position("K6k/6r1/8/8/8/8/8/Q7 w - - 0 1"), options_for(row.e));
      play_san(g, {"Qxg7+"});
      // Dead already, before the forced recapture is played.
      CHECK(g.termination() == Termination::DeadPosition);
      CHECK(g.result() == GameResult::Draw);
      CHECK(str(g.termination_article()) == row.article);
      CHECK(g.end_ply() == 1);
      CHECK(g.play_san("Kxg7").error() == GameError::GameOver);
      CHECK(g.flag_fall(Color::Black).error() == GameError::GameOver);
      CHECK(g.result() == GameResult::Draw);
    }
    SECTION(std::string("a capture that leaves bare kings ") + laws(row.e).id) {
      Game g(position("8/8/8/4k3/8/8/3r4/4K3 w - - 0 1"), options_for(row.e));
      play_san(g, {"Kxd2"});
      CHECK(g.termination() == Termination::DeadPosition);
      CHECK(g.flag_fall(Color::White).error() == GameError::GameOver);
    }
  }
}

// ---------------------------------------------------------------------------------------------
TEST_CASE(
    "E24 6.9: flag fall: the opponent's helpmate decides (K+N v K+N, K+B v K+pawns lose; a bare "
    "king draws)",
    "[game][edge]") {
  struct Row {
    const char* what;
    const char* fen;
    Color flag;
    Termination t;
    GameResult result;
  };
  const Row rows[] = {
      {"K+N v K+N", "1n2k3/8/8/8/8/8/8/1N2K3 w - - 0 1", Color::White, Termination::TimeForfeit,
       GameResult::BlackWins},
      {"K+pawns flag, the opponent has K+B", "4k3/8/8/8/8/8/PP6/2b1K3 w - - 0 1", Color::White,
       Termination::TimeForfeit, GameResult::BlackWins},
      {"K+pawns flag, the opponent has K+N", "4k3/pp6/8/8/8/8/8/1N2K3 b - - 0 1", Color::Black,
       Termination::TimeForfeit, GameResult::WhiteWins},
      {"the opponent has a bare king", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", Color::White,
       Termination::FlagFallDraw, GameResult::Draw},
      {"the opponent has a bare king, the flagger a pawn", "4k3/8/8/8/8/8/P7/4K3 w - - 0 1",
       Color::White, Termination::FlagFallDraw, GameResult::Draw},
  };
  for (Edition e : {Edition::Fide1997, Edition::Fide2009, Edition::Fide2023}) {
    for (const Row& row : rows) {
      INFO(laws(e).id << ": " << row.what);
      Game g(position(row.fen), options_for(e));
      REQUIRE_FALSE(g.is_over());
      CHECK(g.flag_fall(row.flag));
      CHECK(g.termination() == row.t);
      CHECK(g.result() == row.result);
      CHECK(str(g.termination_article()) == "6.9");  // 1997 too (spec 18 #1)
    }
  }
}

// ---------------------------------------------------------------------------------------------
TEST_CASE(
    "E25 6.8/9.2/9.5.2: a claim and a flag fall: the library rules in the order the events are "
    "reported",
    "[claims][edge]") {
  // Policy: a flag counts as fallen when it is reported (observed or claimed, 6.8), and the
  // game is drawn "upon a correct claim". Game applies the events in the order given: a
  // correct claim reported before the flag fall draws, and the flag fall is then refused;
  // a flag fall reported first decides the game (6.9), and the claim is then refused.
  auto line = [](Game& g) {
    play_san(g, {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"});
  };
  SECTION("the claim first") {
    Game g;
    line(g);
    CHECK(g.claim(threefold(Color::White)).correct);
    CHECK(g.flag_fall(Color::White).error() == GameError::GameOver);
    CHECK(g.termination() == Termination::ThreefoldClaim);
    CHECK(g.result() == GameResult::Draw);
  }
  SECTION("the flag first") {
    Game g;
    line(g);
    REQUIRE(g.flag_fall(Color::White));
    CHECK(g.termination() == Termination::TimeForfeit);
    CHECK(g.result() == GameResult::BlackWins);
    const Ruling r = g.claim(threefold(Color::White));
    CHECK(r.inadmissible == Inadmissible::GameOver);
    CHECK_FALSE(r.draw);
    CHECK(g.result() == GameResult::BlackWins);
  }
  SECTION("an incorrect claim does not stop a later flag fall") {
    Game g;
    play_san(g, {"Nf3", "Nf6", "Ng1", "Ng8"});
    CHECK_FALSE(g.claim(threefold(Color::White)).correct);
    REQUIRE(g.flag_fall(Color::White));
    CHECK(g.result() == GameResult::BlackWins);
  }
}

// ---------------------------------------------------------------------------------------------
TEST_CASE("E26 5.1.2: resigning when the opponent cannot mate: a draw in 2023, a loss before",
          "[game][edge]") {
  struct Row {
    Edition e;
    Termination t;
    GameResult result;
    const char* article;
  };
  for (const Row& row :
       {Row{Edition::Fide1997, Termination::Resignation, GameResult::BlackWins, "5.1"},
        Row{Edition::Fide2009, Termination::Resignation, GameResult::BlackWins, "5.1 b"},
        Row{Edition::Fide2017, Termination::Resignation, GameResult::BlackWins, "5.1.2"},
        Row{Edition::Fide2018, Termination::Resignation, GameResult::BlackWins, "5.1.2"},
        Row{Edition::Fide2023, Termination::ResignationDraw, GameResult::Draw, "5.1.2"}}) {
    INFO(laws(row.e).id);
    // White, with a queen, resigns against a bare king by mistake.
    Game g(position("4k3/8/8/8/8/8/8/3QK3 w - - 0 1"), options_for(row.e));
    play_san(g, {"Qd2", "Kf7"});
    REQUIRE(g.resign(Color::White));
    CHECK(g.termination() == row.t);
    CHECK(g.result() == row.result);
    CHECK(str(g.termination_article()) == row.article);
    CHECK(g.end_ply() == 2);
  }
  SECTION("2023: K+N v K+N, the opponent can mate with help: resignation loses") {
    Game g(position("1n2k3/8/8/8/8/8/8/1N2K3 w - - 0 1"));
    REQUIRE(g.resign(Color::White));
    CHECK(g.termination() == Termination::Resignation);
    CHECK(g.result() == GameResult::BlackWins);
  }
}

// ---------------------------------------------------------------------------------------------
TEST_CASE(
    "E27 9.2.3: the same placement and rights with the other side to move is a different position",
    "[edge]") {
  // White's king triangulates (e1-d1-d2-e1, three moves) while Black's goes e8-d8-e8 (two):
  // after five plies the placement is the start's, with Black to move.
  Game g(position("r3k3/8/8/8/8/8/8/R3K3 w - - 0 1"));
  play_uci(g, {"e1d1", "e8d8", "d1d2", "d8e8", "d2e1"});
  const Position start = g.record().position(0);  // a copy: playing on may move the record
  CHECK(g.position().placement_key() == start.placement_key());
  CHECK(g.position().castling_rights() == start.castling_rights());
  CHECK(g.position().side_to_move() != start.side_to_move());
  CHECK(g.position().key() != start.key());
  CHECK(g.record().occurrences(5) == Plies{5});
  // Repeat the triangle: the Black-to-move position recurs, the start does not.
  play_uci(g, {"e8d8", "e1d1", "d8e8", "d1d2", "e8d8", "d2e1", "d8e8"});
  CHECK(g.position().side_to_move() == Color::White);
  CHECK(g.position().placement_key() == start.placement_key());
  CHECK(g.record().occurrences(12) == Plies{0, 12});
}

// ---------------------------------------------------------------------------------------------
TEST_CASE("E28 2001 9.5: the claimant's time at exactly 2:00 or 1:00", "[claims][edge]") {
  // The 2001 text: "more than two minutes": half (at most three); "more than one and less than
  // two": set to one minute; "less than one": unchanged. At 2:00 both neighbouring rows give
  // 1:00, and at 1:00 both give 1:00, so the open boundaries need no option.
  struct Row {
    int before, after;
  };
  for (Edition e : {Edition::Fide2001, Edition::Fide2005}) {
    for (const Row& row : {Row{120, 60}, Row{60, 60}, Row{121, 61}, Row{119, 60}, Row{59, 59}}) {
      INFO(laws(e).id << " claimant " << row.before);
      Game g(Position::startpos(), options_for(e));
      play_san(g, {"Nf3", "Nf6", "Ng1", "Ng8"});
      const Ruling r = g.claim(threefold(Color::White, Move::none(), row.before));
      CHECK_FALSE(r.correct);
      CHECK(r.opponent_seconds_added == 180);
      CHECK(r.claimant_seconds_after == row.after);
    }
  }
  SECTION("without the claimant's time, no figure is given") {
    Game g(Position::startpos(), options_for(Edition::Fide2001));
    play_san(g, {"Nf3", "Nf6", "Ng1", "Ng8"});
    CHECK(g.claim(threefold(Color::White)).claimant_seconds_after == -1);
  }
}

// ---------------------------------------------------------------------------------------------
TEST_CASE(
    "E29 A.5.4 (2023)/A.4.4 (2017-18)/A.4(d) (2014): an illegal position left standing after the "
    "next move draws a rapid or blitz game",
    "[game][edge]") {
  const Edition editions[] = {Edition::Fide1997, Edition::Fide2009, Edition::Fide2014,
                              Edition::Fide2017, Edition::Fide2018, Edition::Fide2023};
  for (Edition e : editions) {
    for (TimeControl tc : {TimeControl::Standard, TimeControl::Rapid, TimeControl::Blitz}) {
      INFO(laws(e).id << " " << to_string(tc));
      const bool applies = tc != TimeControl::Standard && e >= Edition::Fide2014;
      Game g(Position::startpos(), options_for(e, tc));
      play_san(g, {"e4", "e5"});
      const Result<void, GameError> err = g.illegal_position_persisted();
      if (applies) {
        CHECK(err);
        CHECK(g.termination() == Termination::IllegalPositionDraw);
        CHECK(g.result() == GameResult::Draw);
        CHECK(str(g.termination_article()) == (e == Edition::Fide2023   ? "A.5.4"
                                               : e == Edition::Fide2014 ? "A.4(d)"
                                                                        : "A.4.4"));
        CHECK(g.play_san("Nf3").error() == GameError::GameOver);
      } else {
        CHECK(err.error() == GameError::NotApplicable);
        CHECK_FALSE(g.is_over());
        CHECK(g.play_san("Nf3"));
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
TEST_CASE("E30 9.2.3.2/Guidelines II: Chess960 castling rights belong to a rook; keyed by its file",
          "[edge]") {
  SECTION("the same placement, the right held with a different rook: different positions") {
    FenOptions chess960;
    chess960.castling = CastlingMode::Chess960;
    const auto with_a = parse_fen("4k3/8/8/8/8/8/8/R1R1K3 w A - 0 1", chess960);
    const auto with_c = parse_fen("4k3/8/8/8/8/8/8/R1R1K3 w C - 0 1", chess960);
    REQUIRE(with_a.ok());
    REQUIRE(with_c.ok());
    CHECK(with_a->position.placement_key() == with_c->position.placement_key());
    CHECK(with_a->position.castling_rights() ==
          with_c->position.castling_rights());  // one queen-side right each
    CHECK(with_a->position.castling_rook(Color::White, CastlingSide::QueenSide) == Square::A1);
    CHECK(with_c->position.castling_rook(Color::White, CastlingSide::QueenSide) == Square::C1);
    CHECK(with_a->position.key() != with_c->position.key());
    CHECK(PositionSignature(with_a->position) != PositionSignature(with_c->position));
  }
  SECTION("in a game: the other rook's journey keeps the right, the castling rook's loses it") {
    Game g(position("4k3/8/8/8/8/8/8/R1R1K3 w C - 0 1"));
    REQUIRE(g.position().is_chess960());
    play_uci(g, {"a1a2", "e8d8", "a2a1", "d8e8"});
    CHECK(g.position().castling_rights().has(Color::White, CastlingSide::QueenSide));
    CHECK(g.record().occurrences(4) == Plies{0, 4});
    play_uci(g, {"c1c2", "e8d8", "c2c1", "d8e8"});
    CHECK_FALSE(g.position().castling_rights().any());
    CHECK(g.position().placement_key() == g.record().position(0).placement_key());
    CHECK(g.record().occurrences(8) == Plies{8});
  }
}
