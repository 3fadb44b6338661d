// Game (game.hpp): the events of a game under an edition and time control: draw offers
// and their whole life (9.1, 5.2.3), touch move (4.3) and the right to claim (9.4),
// claims and what an incorrect one obliges (9.5), flag fall (6.9), resignation (5.1.2),
// and available_claims() for a GUI. Expected values come from the Laws as the spec
// states them (sections 2, 5, 6, 8, 9 and 15).

#include <algorithm>
#include <initializer_list>
#include <string>
#include <vector>

#include "game_util.hpp"

using namespace arbiter;
using namespace arbiter_test;

namespace {

std::vector<std::uint16_t> sorted(const MoveList& moves) {
  std::vector<std::uint16_t> v;
  for (Move m : moves) v.push_back(m.raw());
  std::sort(v.begin(), v.end());
  return v;
}

void check_refuses_everything(Game& g) {
  const Termination t = g.termination();
  const GameResult r = g.result();
  CHECK(g.is_over());
  CHECK(g.play(Move(Square::E2, Square::E4)).error() == GameError::GameOver);
  CHECK(g.play_san("Kd1").error() == GameError::GameOver);
  CHECK(g.play_uci("e1d1").error() == GameError::GameOver);
  CHECK(g.offer_draw(Color::White).error() == GameError::GameOver);
  CHECK(g.accept_draw(Color::Black).error() == GameError::GameOver);
  CHECK(g.decline_draw(Color::Black).error() == GameError::GameOver);
  CHECK(g.agree_draw().error() == GameError::GameOver);
  CHECK(g.touch_piece(g.position().side_to_move(),
                      g.position().king_square(g.position().side_to_move()))
            .error() == GameError::GameOver);
  CHECK(g.submit_claim_as_offer(threefold(g.position().side_to_move())).error() ==
        GameError::GameOver);
  CHECK(g.claim(threefold(g.position().side_to_move())).inadmissible == Inadmissible::GameOver);
  CHECK(g.claim(fifty(g.position().side_to_move())).inadmissible == Inadmissible::GameOver);
  CHECK(g.flag_fall(Color::White).error() == GameError::GameOver);
  CHECK(g.resign(Color::Black).error() == GameError::GameOver);
  CHECK(g.illegal_position_persisted().error() == GameError::GameOver);
  CHECK_FALSE(g.offer_standing(Color::White));
  CHECK_FALSE(g.offer_standing(Color::Black));
  CHECK_FALSE(g.available_claims().any());
  CHECK(g.termination() == t);  // nothing above changed the ending
  CHECK(g.result() == r);
}

}  // namespace

TEST_CASE("game: a new game, legal and illegal moves, a set-up position that is already over",
          "[game]") {
  Game g;
  CHECK_FALSE(g.is_over());
  CHECK(g.termination() == Termination::None);
  CHECK(g.result() == GameResult::Ongoing);
  CHECK(str(g.termination_article()).empty());
  CHECK(g.rules().edition == Edition::Fide2023);
  CHECK(g.play_uci("e2e5").error() == GameError::IllegalMove);
  CHECK(g.play_san("Ke2").error() == GameError::IllegalMove);
  CHECK(g.play_san("xyz").error() == GameError::IllegalMove);
  CHECK(g.play(Move(Square::E2, Square::E5)).error() == GameError::IllegalMove);
  CHECK(g.record().ply() == 0);
  CHECK(g.play_san("e4"));
  CHECK(g.play_uci("e7e5"));
  CHECK(g.record().ply() == 2);

  SECTION("a checkmate given as the start position ends the game at ply 0") {
    Game m(position("k2Q4/8/1K6/8/8/8/8/8 b - - 1 1"));
    CHECK(m.termination() == Termination::Checkmate);
    CHECK(m.result() == GameResult::WhiteWins);
    CHECK(m.end_ply() == 0);
    CHECK(str(m.termination_article()) == "5.1.1");
    check_refuses_everything(m);
  }
  SECTION("a dead start position is drawn at once (5.2.2)") {
    Game d(position("8/8/8/4k3/8/8/8/1N2K3 w - - 0 1"));
    CHECK(d.termination() == Termination::DeadPosition);
    CHECK(d.result() == GameResult::Draw);
    CHECK(str(d.termination_article()) == "5.2.2");
  }
}

TEST_CASE("game: a move that leaves a locked pawn wall ends the game at once (5.2.2; 1997: 9.6)",
          "[game][unwinnable]") {
  // 40...Kxg8 takes White's last piece: the pawns are rammed file by file and no king can
  // cross, so neither side can checkmate by any series of legal moves (the static proof
  // of unwinnable.hpp, run by the quick check after every move). Before it, White's
  // bishop could take the black pawns, all on light squares: not dead.
  const char* before = "6Bk/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/K7 b - - 0 40";
  for (Edition e : {Edition::Fide1997, Edition::Fide2014, Edition::Fide2018, Edition::Fide2023}) {
    INFO(laws(e).id);
    Game g(position(before), options_for(e));
    REQUIRE_FALSE(g.is_over());
    REQUIRE(g.play_san("Kxg8"));
    CHECK(g.termination() == Termination::DeadPosition);
    CHECK(g.result() == GameResult::Draw);
    CHECK(g.end_ply() == 1);
    const std::string article = str(g.termination_article());
    CHECK(article == (e == Edition::Fide1997 ? "9.6" : e == Edition::Fide2014 ? "5.2 b" : "5.2.2"));
    CHECK(g.play_san("Kb2").error() == GameError::GameOver);
  }
  SECTION("the other capture keeps the game going") {
    Game g(position(before));
    REQUIRE(g.play_san("Kg7"));
    CHECK_FALSE(g.is_over());
  }
}

TEST_CASE(
    "game: a draw offer stands across the offerer's move and the opponent's thinking; acceptance "
    "draws (5.2.3)",
    "[game]") {
  Game g;
  play_san(g, {"e4", "e5"});
  // The proper moment: after making one's move... but an offer before moving is valid too.
  REQUIRE(g.offer_draw(Color::White));
  CHECK(g.offer_standing(Color::White));
  CHECK_FALSE(g.offer_standing(Color::Black));
  // The offerer touches his own piece and makes his move: the offer still stands while
  // the opponent thinks (only the opponent's touch or move rejects it).
  REQUIRE(g.touch_piece(Color::White, Square::G1));
  CHECK(g.offer_standing(Color::White));
  play_san(g, {"Nf3"});
  CHECK(g.offer_standing(Color::White));
  // One cannot accept one's own offer, nor an offer that was never made.
  CHECK(g.accept_draw(Color::White).error() == GameError::NoOffer);
  CHECK(g.decline_draw(Color::White).error() == GameError::NoOffer);
  // Accepted: the game ends at once, drawn by agreement.
  CHECK(g.accept_draw(Color::Black));
  CHECK(g.termination() == Termination::Agreement);
  CHECK(g.result() == GameResult::Draw);
  CHECK(g.end_ply() == 3);
  CHECK(str(g.termination_article()) == "5.2.3");
  check_refuses_everything(g);
}

TEST_CASE("game: the agreement article in each edition", "[game]") {
  struct Row {
    Edition e;
    const char* article;
  };
  // 1997's Article 5 has no lettered items: agreement is 5.3 (spec 18 #3).
  for (const Row& r : {Row{Edition::Fide1997, "5.3"}, Row{Edition::Fide2001, "5.2(c)"},
                       Row{Edition::Fide2009, "5.2 c"}, Row{Edition::Fide2014, "5.2 c"},
                       Row{Edition::Fide2018, "5.2.3"}}) {
    INFO(laws(r.e).id);
    Game g(Position::startpos(), options_for(r.e));
    play_san(g, {"d4", "d5"});
    REQUIRE(g.agree_draw());
    CHECK(g.termination() == Termination::Agreement);
    CHECK(str(g.termination_article()) == r.article);
  }
}

TEST_CASE("game: an offer declined orally lapses; the game goes on", "[game]") {
  Game g;
  play_san(g, {"e4", "e5", "Nf3"});
  REQUIRE(g.offer_draw(Color::White));
  CHECK(g.decline_draw(Color::Black));
  CHECK_FALSE(g.offer_standing(Color::White));
  CHECK(g.accept_draw(Color::Black).error() == GameError::NoOffer);
  CHECK(g.decline_draw(Color::Black).error() == GameError::NoOffer);
  CHECK_FALSE(g.is_over());
  // An offer cannot be withdrawn, but a new one may be made later.
  play_san(g, {"Nc6"});
  CHECK(g.offer_draw(Color::Black));
  CHECK(g.accept_draw(Color::White));
  CHECK(g.termination() == Termination::Agreement);
}

TEST_CASE(
    "game: an offer is rejected by touching a piece (2001 on) or by making a move (1997) (9.1)",
    "[game]") {
  for (Edition e : all_editions) {
    INFO(laws(e).id);
    Game g(Position::startpos(), options_for(e));
    play_san(g, {"e4", "e5"});
    REQUIRE(g.offer_draw(Color::White));
    play_san(g, {"Nf3"});
    // Black touches a piece with intent to move it.
    REQUIRE(g.touch_piece(Color::Black, Square::B8));
    CHECK(g.offer_standing(Color::White) == (e == Edition::Fide1997));
    // Making the move rejects it in every edition.
    play_san(g, {"Nc6"});
    CHECK_FALSE(g.offer_standing(Color::White));
    CHECK(g.accept_draw(Color::Black).error() == GameError::NoOffer);
  }
  SECTION("1997: the offer is still open after the touch and may be accepted before moving") {
    Game g(Position::startpos(), options_for(Edition::Fide1997));
    play_san(g, {"e4", "e5"});
    REQUIRE(g.offer_draw(Color::White));
    REQUIRE(g.touch_piece(Color::White, Square::G1));  // the offerer's own touch
    play_san(g, {"Nf3"});
    REQUIRE(g.touch_piece(Color::Black, Square::B8));
    CHECK(g.accept_draw(Color::Black));
    CHECK(g.termination() == Termination::Agreement);
    CHECK(str(g.termination_article()) == "5.3");  // spec 18 #3
  }
  SECTION(
      "an offer made during the opponent's thinking time is valid; the opponent's touch rejects "
      "it") {
    Game g;
    play_san(g, {"e4"});
    // White offers while Black is to move (valid, though possibly a distraction, 11.5).
    REQUIRE(g.offer_draw(Color::White));
    CHECK(g.offer_standing(Color::White));
    REQUIRE(g.touch_piece(Color::Black, Square::E7));
    CHECK_FALSE(g.offer_standing(Color::White));
  }
}

TEST_CASE("game: an offer lapses when the game ends another way (9.1.2.1, E20)", "[game]") {
  SECTION("the offerer mates with his next move") {
    Game g;
    play_san(g, {"e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6"});
    REQUIRE(g.offer_draw(Color::White));
    play_san(g, {"Qxf7#"});
    CHECK(g.termination() == Termination::Checkmate);
    CHECK(g.result() == GameResult::WhiteWins);
    CHECK(str(g.termination_article()) == "5.1.1");
    CHECK_FALSE(g.offer_standing(Color::White));
    CHECK(g.accept_draw(Color::Black).error() == GameError::GameOver);
    CHECK(g.result() == GameResult::WhiteWins);
  }
  SECTION("the opponent resigns while the offer stands") {
    Game g;
    play_san(g, {"e4", "e5"});
    REQUIRE(g.offer_draw(Color::White));
    REQUIRE(g.resign(Color::Black));
    CHECK(g.termination() == Termination::Resignation);
    CHECK_FALSE(g.offer_standing(Color::White));
    CHECK(g.accept_draw(Color::Black).error() == GameError::GameOver);
  }
}

TEST_CASE(
    "game: a claim is also a draw offer the opponent may accept before the ruling (9.1.2.3, E21)",
    "[game]") {
  SECTION("2023: accepted, the game is drawn by agreement") {
    Game g;
    play_san(g, {"Nf3", "Nf6", "Ng1", "Ng8"});
    REQUIRE(g.submit_claim_as_offer(threefold(Color::White)));
    CHECK(g.offer_standing(Color::White));
    CHECK(g.accept_draw(Color::Black));
    CHECK(g.termination() == Termination::Agreement);
    CHECK(str(g.termination_article()) == "5.2.3");
  }
  SECTION("2023: declined, the claim is then ruled on its merits") {
    Game g;
    play_san(g, {"Nf3", "Nf6", "Ng1", "Ng8"});
    REQUIRE(g.submit_claim_as_offer(threefold(Color::White)));
    REQUIRE(g.decline_draw(Color::Black));
    const Ruling r = g.claim(threefold(Color::White));
    CHECK(r.admissible());
    CHECK_FALSE(r.correct);  // the start position has occurred twice only
    CHECK(r.occurrences == std::vector<GameRecord::Ply>{0, 4});
    CHECK(r.opponent_seconds_added == 120);
    CHECK_FALSE(g.is_over());
  }
  SECTION("editions where a claim is not an offer (1997, 2001) refuse it") {
    for (Edition e : {Edition::Fide1997, Edition::Fide2001}) {
      INFO(laws(e).id);
      Game g(Position::startpos(), options_for(e));
      play_san(g, {"Nf3", "Nf6", "Ng1", "Ng8"});
      CHECK(g.submit_claim_as_offer(threefold(Color::White)).error() ==
            GameError::AgreementNotAllowed);
      CHECK_FALSE(g.offer_standing(Color::White));
    }
  }
  SECTION("2005 on: a claim counts as an offer") {
    for (Edition e : {Edition::Fide2005, Edition::Fide2009, Edition::Fide2014, Edition::Fide2017}) {
      INFO(laws(e).id);
      Game g(Position::startpos(), options_for(e));
      play_san(g, {"Nf3", "Nf6", "Ng1", "Ng8"});
      CHECK(g.submit_claim_as_offer(threefold(Color::White)));
      CHECK(g.offer_standing(Color::White));
    }
  }
}

TEST_CASE("game: an incorrect claim stands as an offer after the ruling (2005 on), not in 1997",
          "[game]") {
  for (Edition e : {Edition::Fide1997, Edition::Fide2009, Edition::Fide2023}) {
    INFO(laws(e).id);
    Game g(Position::startpos(), options_for(e));
    play_san(g, {"e4", "e5"});
    const Ruling r = g.claim(threefold(Color::White, uci(g, "g1f3")));
    REQUIRE(r.admissible());
    CHECK_FALSE(r.correct);
    CHECK(r.counts_as_offer == (e != Edition::Fide1997));
    CHECK(g.offer_standing(Color::White) == (e != Edition::Fide1997));
    play_san(g, {"Nf3"});  // the written move must be played
    if (e == Edition::Fide1997) {
      CHECK(g.accept_draw(Color::Black).error() == GameError::NoOffer);
    } else {
      CHECK(g.accept_draw(Color::Black));
      CHECK(g.termination() == Termination::Agreement);
    }
  }
}

TEST_CASE("game: the event may forbid agreements (9.1.1)", "[game]") {
  GameOptions o;
  o.agreements_allowed = false;
  Game g(Position::startpos(), o);
  play_san(g, {"Nf3", "Nf6", "Ng1", "Ng8"});
  CHECK(g.offer_draw(Color::White).error() == GameError::AgreementNotAllowed);
  CHECK_FALSE(g.offer_standing(Color::White));
  CHECK(g.agree_draw().error() == GameError::AgreementNotAllowed);
  CHECK(g.submit_claim_as_offer(threefold(Color::White)).error() == GameError::AgreementNotAllowed);
  // 9.1.2.3 does not apply: the claim is ruled on its merits and is no offer.
  const Ruling r = g.claim(threefold(Color::White));
  CHECK(r.admissible());
  CHECK_FALSE(r.correct);
  CHECK_FALSE(r.counts_as_offer);
  CHECK_FALSE(g.offer_standing(Color::White));
  CHECK(g.accept_draw(Color::Black).error() == GameError::NoOffer);
  CHECK_FALSE(g.is_over());
  // Draws that need no agreement still happen: a correct claim draws.
  play_san(g, {"Nf3", "Nf6", "Ng1", "Ng8"});
  const Ruling ok = g.claim(threefold(Color::White));
  CHECK(ok.correct);
  CHECK(g.termination() == Termination::ThreefoldClaim);
}

TEST_CASE("game: from 2017 an agreement needs at least one move by each player (5.2.3)", "[game]") {
  for (Edition e : all_editions) {
    INFO(laws(e).id);
    const bool needs_moves =
        e == Edition::Fide2017 || e == Edition::Fide2018 || e == Edition::Fide2023;
    Game g(Position::startpos(), options_for(e));
    CHECK(g.agree_draw().ok() == !needs_moves);
    if (g.is_over()) continue;
    CHECK(g.agree_draw().error() == GameError::AgreementNotAllowed);
    // An offer can be made at any time; only accepting it is premature.
    REQUIRE(g.offer_draw(Color::White));
    play_san(g, {"e4"});
    CHECK(g.accept_draw(Color::Black).error() == GameError::AgreementNotAllowed);
    CHECK(g.offer_standing(Color::White));
    CHECK_FALSE(g.is_over());
    play_san(g, {"e5"});
    CHECK(g.agree_draw());
    CHECK(g.termination() == Termination::Agreement);
  }
}

TEST_CASE("game: touch move: a touched own piece must be moved (4.3.1)", "[game]") {
  Game g;
  CHECK(g.touch_piece(Color::Black, Square::E7).error() == GameError::NotOnMove);
  CHECK(g.touch_piece(Color::White, Square::E4).error() ==
        GameError::NotApplicable);  // an empty square
  CHECK_FALSE(g.piece_touched());
  REQUIRE(g.touch_piece(Color::White, Square::G1));
  CHECK(g.piece_touched());
  CHECK(g.play_san("e4").error() == GameError::MustMoveTouchedPiece);
  CHECK(g.play_san("Nc3").error() == GameError::MustMoveTouchedPiece);
  CHECK(g.play_san("Nh3"));  // any move of the touched piece
  CHECK_FALSE(g.piece_touched());
  // The first piece touched is the one that counts.
  REQUIRE(g.touch_piece(Color::Black, Square::B8));
  REQUIRE(g.touch_piece(Color::Black, Square::G8));
  CHECK(g.play_san("Nf6").error() == GameError::MustMoveTouchedPiece);
  CHECK(g.play_san("Nc6"));

  SECTION("a touched piece without a legal move leaves the player free (4.5)") {
    REQUIRE(g.touch_piece(Color::White, Square::A1));  // the rook is boxed in
    CHECK(g.play_san("e4"));
  }
}

TEST_CASE("game: touch move: a touched opponent's piece must be captured if it can be (4.3.2)",
          "[game]") {
  SECTION("a pawn that can be captured") {
    Game g;
    play_san(g, {"e4", "d5"});
    REQUIRE(g.touch_piece(Color::White, Square::D5));
    CHECK(g.play_san("Nf3").error() == GameError::MustCaptureTouchedPiece);
    CHECK(g.play_san("d4").error() == GameError::MustCaptureTouchedPiece);
    CHECK(g.play_san("exd5"));
  }
  SECTION("a piece that cannot be captured leaves the player free") {
    Game g;
    play_san(g, {"e4", "d5"});
    REQUIRE(g.touch_piece(Color::White, Square::E7));
    CHECK(g.play_san("Nf3"));
  }
  SECTION("an en passant capture captures the touched pawn") {
    Game g;
    play_san(g, {"Nc3", "a6", "e4", "a5", "e5", "d5"});
    // The pawn on d5 can be taken by the knight or, en passant, by the e-pawn.
    REQUIRE(g.touch_piece(Color::White, Square::D5));
    CHECK(g.play_san("Nf3").error() == GameError::MustCaptureTouchedPiece);
    CHECK(g.play_san("exd6"));
    CHECK(g.position().piece_on(Square::D5) == Piece::None);
  }
  SECTION("a pawn only en passant can capture must be captured so") {
    Game g;
    play_san(g, {"e4", "a6", "e5", "d5"});
    REQUIRE(g.touch_piece(Color::White, Square::D5));
    CHECK(g.play_san("Nf3").error() == GameError::MustCaptureTouchedPiece);
    CHECK(g.play_san("exd6"));
  }
}

TEST_CASE("game: after an incorrect claim with a written move, that move must be played (9.5.3)",
          "[game]") {
  Game g;
  play_san(g, {"e4", "e5"});
  const Ruling r = g.claim(threefold(Color::White, uci(g, "g1f3")));
  REQUIRE(r.admissible());
  CHECK_FALSE(r.correct);
  CHECK(r.must_play == uci(g, "g1f3"));
  CHECK(r.must_move_from == Square::None);
  CHECK(g.play_san("d4").error() == GameError::MustPlayIntendedMove);
  CHECK(g.play_san("Nc3").error() == GameError::MustPlayIntendedMove);
  CHECK(g.play_san("Nh3").error() == GameError::MustPlayIntendedMove);
  CHECK(g.play_san("Nf3"));
  // The obligation ends with that move.
  CHECK(g.play_san("d6"));
  CHECK(g.play_san("a3"));
  SECTION("an incorrect claim on the board obliges nothing") {
    const Ruling b = g.claim(threefold(Color::Black));
    CHECK_FALSE(b.correct);
    CHECK(b.must_play == Move::none());
    CHECK(g.play_san("a6"));
  }
}

TEST_CASE(
    "game: flag fall: a loss if the opponent can mate by any series of legal moves, else a draw "
    "(6.9, E24)",
    "[game]") {
  SECTION("K+N v K+N: a helpmate exists, so the flag fall loses") {
    Game g(position("1n2k3/8/8/8/8/8/8/1N2K3 w - - 0 1"));
    REQUIRE_FALSE(g.is_over());
    CHECK(g.flag_fall(Color::White));
    CHECK(g.termination() == Termination::TimeForfeit);
    CHECK(g.result() == GameResult::BlackWins);
    CHECK(str(g.termination_article()) == "6.9");
    check_refuses_everything(g);
  }
  SECTION("the opponent has a bare king: drawn") {
    Game g(position("4k3/8/8/8/8/8/8/3QK3 w - - 0 1"));
    CHECK(g.flag_fall(Color::White));
    CHECK(g.termination() == Termination::FlagFallDraw);
    CHECK(g.result() == GameResult::Draw);
    CHECK(str(g.termination_article()) == "6.9");
  }
  SECTION("the side with the bare king loses on time when the opponent has a queen") {
    Game g(position("4k3/8/8/8/8/8/8/3QK3 b - - 0 1"));
    CHECK(g.flag_fall(Color::Black));
    CHECK(g.termination() == Termination::TimeForfeit);
    CHECK(g.result() == GameResult::WhiteWins);
  }
  SECTION("up to 2005 the article is 6.10") {
    Game g(position("1n2k3/8/8/8/8/8/8/1N2K3 w - - 0 1"), options_for(Edition::Fide2005));
    REQUIRE(g.flag_fall(Color::Black));
    CHECK(g.result() == GameResult::WhiteWins);
    CHECK(str(g.termination_article()) == "6.10");
  }
}

TEST_CASE(
    "game: resignation is a loss; from 2023 a draw if the opponent could not mate (5.1.2, E26)",
    "[game]") {
  for (Edition e : {Edition::Fide2009, Edition::Fide2018, Edition::Fide2023}) {
    INFO(laws(e).id);
    const std::string article = e == Edition::Fide2009 ? "5.1 b" : "5.1.2";
    SECTION(std::string("an ordinary resignation ") + laws(e).id) {
      Game g(Position::startpos(), options_for(e));
      play_san(g, {"e4"});
      CHECK(g.resign(Color::Black));
      CHECK(g.termination() == Termination::Resignation);
      CHECK(g.result() == GameResult::WhiteWins);
      CHECK(str(g.termination_article()) == article);
      check_refuses_everything(g);
    }
    SECTION(std::string("a player with a queen resigns against a bare king ") + laws(e).id) {
      Game g(position("4k3/8/8/8/8/8/8/3QK3 w - - 0 1"), options_for(e));
      CHECK(g.resign(Color::White));
      if (e == Edition::Fide2023) {
        CHECK(g.termination() == Termination::ResignationDraw);
        CHECK(g.result() == GameResult::Draw);
      } else {
        CHECK(g.termination() == Termination::Resignation);
        CHECK(g.result() == GameResult::BlackWins);
      }
      CHECK(str(g.termination_article()) == article);
    }
    SECTION(std::string("the bare king resigns: a loss in every edition ") + laws(e).id) {
      Game g(position("4k3/8/8/8/8/8/8/3QK3 b - - 0 1"), options_for(e));
      CHECK(g.resign(Color::Black));
      CHECK(g.termination() == Termination::Resignation);
      CHECK(g.result() == GameResult::WhiteWins);
    }
  }
}

TEST_CASE(
    "game: flag fall and 2023 resignation ask the helpmate analysis: win, nowin, undecided "
    "(6.9, 5.1.2)",
    "[game][unwinnable]") {
  SECTION("win: K+R v K, Black's flag falls; the analysis found a helpmate, the loss stands") {
    Game g(position("8/8/8/4k3/8/8/8/R3K3 b - - 0 1"));
    REQUIRE(g.flag_fall(Color::Black));
    CHECK(g.termination() == Termination::TimeForfeit);
    CHECK(g.result() == GameResult::WhiteWins);
    CHECK(g.mate_question_asked());
    CHECK(g.mate_question().verdict == Winnability::Win);
    CHECK(g.mate_question().proof == WinProof::Helpmate);
    CHECK(g.mate_question().nodes > 0);
    CHECK_FALSE(g.mate_question_undecided());
    CHECK(str(g.termination_article()) == "6.9");
  }
  SECTION("nowin by a material lemma: K+N v K+Q, the knight's opponent's flag falls: drawn") {
    // The old material test said the knight could mate; lemma (d) of unwinnable.hpp proves
    // the queen always takes a mating knight.
    Game g(position("7q/8/8/4k3/8/8/8/1N2K3 b - - 0 1"));
    REQUIRE(g.flag_fall(Color::Black));
    CHECK(g.termination() == Termination::FlagFallDraw);
    CHECK(g.result() == GameResult::Draw);
    CHECK(g.mate_question().verdict == Winnability::NoWin);
    CHECK(g.mate_question().proof == WinProof::Material);
    CHECK(g.ended_by() == Color::Black);
  }
  SECTION("nowin beyond the material: a locked wall the flag's opponent cannot pass") {
    // Black's bishops are on dark squares, every pawn they could take on light ones, and
    // no black man can cross the wall; White's knight can (so the position is not dead).
    // The material test says Black can mate; the analysis proves otherwise (static or
    // exhaustive), so White's flag fall draws.
    const Position wall = position("7b/1k5B/7b/8/1p1p1p1p/1PpP1P1P/2P3K1/N7 w - - 0 40");
    REQUIRE(material_can_checkmate(wall, Color::Black));
    Game g(wall);
    REQUIRE_FALSE(g.is_over());  // not a dead position: White can still mate
    REQUIRE(g.flag_fall(Color::White));
    CHECK(g.termination() == Termination::FlagFallDraw);
    CHECK(g.mate_question().verdict == Winnability::NoWin);
    CHECK(g.mate_question().proof != WinProof::Material);
    CHECK(g.mate_question().nodes > 1);
  }
  SECTION("undecided: a budget too small to decide leaves the loss standing, and says so") {
    GameOptions o;
    o.mate_budget = 1;
    Game g(Position::startpos(), o);
    play_san(g, {"e4"});
    REQUIRE(g.flag_fall(Color::Black));
    CHECK(g.termination() == Termination::TimeForfeit);  // the Laws' default (6.9)
    CHECK(g.result() == GameResult::WhiteWins);
    CHECK(g.mate_question_asked());
    CHECK(g.mate_question().verdict == Winnability::Unknown);
    CHECK(g.mate_question_undecided());
    CHECK(g.mate_question().nodes <= 2);
    // The default budget decides the same question: White can mate (a helpmate).
    Game decided;
    play_san(decided, {"e4"});
    REQUIRE(decided.flag_fall(Color::Black));
    CHECK(decided.mate_question().verdict == Winnability::Win);
    CHECK_FALSE(decided.mate_question_undecided());
  }
  SECTION("2023: resigning against K+B, the opponent's bishop cannot mate the rook's side") {
    for (Edition e : {Edition::Fide2018, Edition::Fide2023}) {
      INFO(laws(e).id);
      Game g(position("8/8/8/4k3/2b5/8/8/R3K3 w - - 0 1"), options_for(e));
      REQUIRE(g.resign(Color::White));
      if (e == Edition::Fide2023) {
        CHECK(g.termination() == Termination::ResignationDraw);
        CHECK(g.result() == GameResult::Draw);
        CHECK(g.mate_question_asked());
        CHECK(g.mate_question().verdict == Winnability::NoWin);
      } else {  // before 2023 a resignation is a loss, whatever the position: not asked
        CHECK(g.termination() == Termination::Resignation);
        CHECK(g.result() == GameResult::BlackWins);
        CHECK_FALSE(g.mate_question_asked());
        CHECK_FALSE(g.mate_question_undecided());
      }
      CHECK(str(g.termination_article()) == "5.1.2");
    }
  }
  SECTION("2023: resigning into a locked wall the winner cannot pass: drawn beyond material") {
    Game g(position("7b/1k5B/7b/8/1p1p1p1p/1PpP1P1P/2P3K1/N7 w - - 0 40"));
    REQUIRE(g.resign(Color::White));
    CHECK(g.termination() == Termination::ResignationDraw);
    CHECK(g.mate_question().proof != WinProof::Material);
  }
  SECTION("the 1997 edition's numbers: flag fall 6.9, resignation 5.1; 2001 and 2005: 6.10") {
    Game draw(position("7q/8/8/4k3/8/8/8/1N2K3 b - - 0 1"), options_for(Edition::Fide1997));
    REQUIRE(draw.flag_fall(Color::Black));
    CHECK(draw.termination() == Termination::FlagFallDraw);
    CHECK(str(draw.termination_article()) == "6.9");
    Game loss(position("8/8/8/4k3/8/8/8/R3K3 b - - 0 1"), options_for(Edition::Fide1997));
    REQUIRE(loss.flag_fall(Color::Black));
    CHECK(loss.termination() == Termination::TimeForfeit);
    CHECK(str(loss.termination_article()) == "6.9");
    Game resigned(position("8/8/8/4k3/2b5/8/8/R3K3 w - - 0 1"), options_for(Edition::Fide1997));
    REQUIRE(resigned.resign(Color::White));
    CHECK(resigned.termination() == Termination::Resignation);  // no 5.1.2 exception in 1997
    CHECK(str(resigned.termination_article()) == "5.1");
    Game draw2001(position("7q/8/8/4k3/8/8/8/1N2K3 b - - 0 1"), options_for(Edition::Fide2001));
    REQUIRE(draw2001.flag_fall(Color::Black));
    CHECK(str(draw2001.termination_article()) == "6.10");
  }
  SECTION("undo takes the flag fall back with the move before it, and its question") {
    Game g(position("7q/8/8/4k3/8/8/8/1N2K3 w - - 0 1"));
    play_san(g, {"Nc3"});
    REQUIRE(g.flag_fall(Color::Black));
    REQUIRE(g.mate_question_asked());
    REQUIRE(g.undo());
    CHECK_FALSE(g.is_over());
    CHECK_FALSE(g.mate_question_asked());
  }
}

TEST_CASE("game: available_claims: threefold by intended moves, the exact list", "[game][claims]") {
  Game g;
  // White shuttles Ng1-f3; Black alternates b8-c6 and g8-f6 so that two different
  // positions with White to move have each occurred twice:
  //   A = start (plies 0, 8), B = (Ng1; Nc6, Nf6) (plies 4, 12).
  play_san(g, {"Nf3", "Nc6", "Ng1", "Nf6", "Nf3", "Nb8", "Ng1", "Ng8", "Nf3", "Nc6", "Ng1", "Nf6",
               "Nf3", "Nb8", "Ng1"});
  REQUIRE(g.record().ply() == 15);
  const AvailableClaims c = g.available_claims();
  CHECK_FALSE(c.right_lost);
  CHECK_FALSE(c.threefold_on_board);  // the position on the board has occurred twice (7, 15)
  CHECK(g.record().count() == 2);
  MoveList want;
  want.push_back(uci(g, "f6g8"));  // back to A a third time
  want.push_back(uci(g, "b8c6"));  // back to B a third time
  CHECK(sorted(c.threefold_intended) == sorted(want));
  CHECK(c.threefold());
  CHECK_FALSE(c.fifty());
  // Cross-check against the evaluator, move by move.
  for (Move m : legal_moves(g.position())) {
    const Ruling r = evaluate(g.record(), threefold(Color::Black, m), ClaimContext{}, g.rules());
    INFO(to_uci(g.position(), m));
    CHECK(r.correct == want.contains(m));
  }
  // Claiming with one of them draws under 9.2.1, with the evidence.
  const Ruling r = g.claim(threefold(Color::Black, uci(g, "b8c6")));
  CHECK(r.correct);
  CHECK(str(r.article) == "9.2.1");
  CHECK(r.occurrences == std::vector<GameRecord::Ply>{4, 12, 16});
  CHECK(g.termination() == Termination::ThreefoldClaim);
  CHECK(str(g.termination_article()) == "9.2.1");
  CHECK_FALSE(g.available_claims().any());  // empty once the game is over
}

TEST_CASE("game: available_claims: fifty moves at 99 plies lists every non-pawn, non-capture move",
          "[game][claims]") {
  // Castling, king, rook and knight moves complete the fifty moves; pawn moves, captures and
  // promotions (b8=Q, bxa8=Q, exd5, Rxa8) do not.
  const char* fen = "r3k3/1P6/8/3p4/4P3/8/8/R3K1NR w KQ - 99 80";
  Game g(position(fen), options_for(Edition::Fide2023, TimeControl::Standard, true));
  const Position& pos = g.position();
  MoveList want;
  for (Move m : legal_moves(pos)) {
    const bool pawn = type_of(pos.piece_on(m.from())) == PieceType::Pawn;
    const bool capture = !m.is_castling() && pos.piece_on(m.to()) != Piece::None;
    if (!pawn && !capture) want.push_back(m);
  }
  REQUIRE(want.size() > 10);
  REQUIRE(want.contains(Move::castling(Square::E1, Square::A1)));
  const AvailableClaims c = g.available_claims();
  CHECK_FALSE(c.fifty_on_board);
  CHECK(sorted(c.fifty_intended) == sorted(want));
  CHECK(c.threefold_intended.empty());
  CHECK_FALSE(c.threefold_on_board);
  CHECK(c.fifty());
  CHECK(c.any());
  SECTION("counted strictly (the FEN clock ignored) nothing is claimable") {
    Game strict(position(fen));
    const AvailableClaims s = strict.available_claims();
    CHECK_FALSE(s.any());
    CHECK(s.fifty_intended.empty());
  }
  SECTION("after a quiet move the opponent can claim on the board") {
    REQUIRE(g.play_san("Kf2"));
    const AvailableClaims b = g.available_claims();
    CHECK(b.fifty_on_board);
    CHECK(b.fifty());
  }
}

TEST_CASE("game: available_claims: the right is lost for this turn once a piece is touched (9.4)",
          "[game][claims]") {
  for (Edition e : all_editions) {
    INFO(laws(e).id);
    Game g(Position::startpos(), options_for(e));
    play_san(g, {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"});
    REQUIRE(g.available_claims().threefold());
    REQUIRE(g.touch_piece(Color::Black, Square::F6));
    const AvailableClaims c = g.available_claims();
    if (e <= Edition::Fide2005) {
      // 1997 to 2005: only making the move forfeits the right (spec 18 #4).
      CHECK_FALSE(c.right_lost);
      CHECK(c.threefold());
    } else {
      CHECK(c.right_lost);
      CHECK_FALSE(c.any());
      CHECK(c.threefold_intended.empty());
    }
    // The touched knight must move; Ng8 completes the third occurrence, and White may
    // now claim on the board (9.4 took only Black's right, and only for that turn).
    play_san(g, {"Ng8"});
    const AvailableClaims w = g.available_claims();
    CHECK_FALSE(w.right_lost);
    CHECK(w.threefold_on_board);
  }
}

TEST_CASE("Defect 5: a claim after the game has ended is inadmissible whatever the caller passes",
          "[game][defect]") {
  // 1.f3 e5 2.g4 Qh4#: the game ended with the mate (5.1.1). The library API is told
  // nothing (ClaimContext{} says the game is on): the record shows it.
  Game g;
  play_san(g, {"f3", "e5", "g4", "Qh4#"});
  REQUIRE(g.is_over());
  const GameRecord& record = g.record();
  for (ClaimKind kind : {ClaimKind::FiftyMoves, ClaimKind::Threefold}) {
    const Ruling r = evaluate(record, claim_of(kind, Color::White), ClaimContext{}, g.rules());
    CHECK_FALSE(r.admissible());
    CHECK(r.inadmissible == Inadmissible::GameOver);
    CHECK_FALSE(r.correct);
    CHECK(r.opponent_seconds_added == 0);  // no penalty for a claim that cannot be made
    CHECK(std::string(r.penalty_article).empty());
  }
  SECTION("also when the record went on past an automatic draw (a fivefold repetition, 9.6.1)") {
    GameRecord played_on;
    for (int i = 0; i < 4; ++i)
      for (const char* m : {"g1f3", "g8f6", "f3g1", "f6g8"})
        played_on.play(parse_uci(played_on.position(), m).value_or(Move::none()));
    REQUIRE(automatic_ending(played_on, 16, Rules{}) == Termination::FivefoldRepetition);
    played_on.play(parse_uci(played_on.position(), "e2e4").value_or(Move::none()));
    const Ruling r =
        evaluate(played_on, claim_of(ClaimKind::Threefold, Color::Black), ClaimContext{}, Rules{});
    CHECK(r.inadmissible == Inadmissible::GameOver);
    Rules rules1997;  // no automatic draws before 2014: the game went on, the claim is judged
    rules1997.edition = Edition::Fide1997;
    CHECK(
        evaluate(played_on, claim_of(ClaimKind::Threefold, Color::Black), ClaimContext{}, rules1997)
            .admissible());
  }
}

TEST_CASE("game: the event log holds every event in order, claims with their rulings",
          "[game][events]") {
  Game g;
  play_san(g, {"e4"});
  REQUIRE(g.offer_draw(Color::White));
  REQUIRE(g.decline_draw(Color::Black));
  REQUIRE(g.touch_piece(Color::Black, Square::E7));
  CHECK(g.touched_square() == Square::E7);
  play_san(g, {"e5"});
  CHECK(g.touched_square() == Square::None);
  const Ruling r =
      g.claim(threefold(Color::White, san(g, "Nf3")));  // incorrect: Nf3 must be played
  REQUIRE(r.admissible());
  REQUIRE_FALSE(r.correct);
  CHECK(g.must_play() == san(g, "Nf3"));
  CHECK(g.must_move_from() == Square::None);
  CHECK_FALSE(g.play_san("Nc3"));
  play_san(g, {"Nf3"});
  CHECK(g.must_play() == Move::none());
  REQUIRE(g.resign(Color::Black));

  using K = GameEvent::Kind;
  const std::vector<GameEvent>& e = g.events();
  REQUIRE(e.size() == 8);
  const K kinds[] = {K::Move, K::DrawOffer, K::DrawDeclined, K::PieceTouched,
                     K::Move, K::Claim,     K::Move,         K::Resignation};
  for (std::size_t i = 0; i < e.size(); ++i) CHECK(e[i].kind == kinds[i]);
  CHECK(e[0].by == Color::White);
  CHECK(e[0].ply == 1);
  CHECK(e[1].by == Color::White);
  CHECK(e[2].by == Color::Black);
  CHECK(e[3].square == Square::E7);
  CHECK(e[4].move == Move(Square::E7, Square::E5));
  CHECK(e[5].claim.kind == ClaimKind::Threefold);
  CHECK(e[5].ply == 2);
  CHECK_FALSE(e[5].ruling.correct);
  CHECK(e[5].ruling.must_play == e[6].move);
  CHECK(e[7].by == Color::Black);
  CHECK(g.termination() == Termination::Resignation);
}

TEST_CASE("game: undo takes back the last move and every event after it", "[game][undo]") {
  SECTION("no move yet: nothing to take back") {
    Game g;
    REQUIRE(g.offer_draw(Color::White));
    const Result<void, GameError> r = g.undo();
    REQUIRE_FALSE(r);
    CHECK(r.error() == GameError::NotApplicable);
    CHECK(g.events().size() == 1);
  }
  SECTION("a piece touched before the move is touched again (4.3)") {
    Game g;
    play_san(g, {"e4"});
    REQUIRE(g.touch_piece(Color::Black, Square::G8));
    play_san(g, {"Nf6"});
    REQUIRE(g.undo());
    CHECK(g.record().ply() == 1);
    CHECK(g.touched_square() == Square::G8);
    CHECK(g.events().size() == 2);
    const Result<void, GameError> r = g.play_san("e5");
    REQUIRE_FALSE(r);
    CHECK(r.error() == GameError::MustMoveTouchedPiece);
  }
  SECTION("an offer the move rejected stands again (9.1.2.1)") {
    Game g;
    play_san(g, {"e4", "e5", "Nf3"});
    REQUIRE(g.offer_draw(Color::White));
    play_san(g, {"Nc6"});
    CHECK_FALSE(g.offer_standing(Color::White));
    REQUIRE(g.undo());
    CHECK(g.offer_standing(Color::White));
    REQUIRE(g.accept_draw(Color::Black));
    CHECK(g.termination() == Termination::Agreement);
  }
  SECTION("a mate is taken back; so is a resignation after the last move") {
    Game g;
    play_san(g, {"f3", "e5", "g4", "Qh4#"});
    REQUIRE(g.is_over());
    REQUIRE(g.undo());
    CHECK_FALSE(g.is_over());
    CHECK(g.result() == GameResult::Ongoing);
    CHECK(g.record().ply() == 3);
    CHECK(g.position() == g.record().position(3));
    REQUIRE(g.resign(Color::Black));
    REQUIRE(g.undo());  // the resignation and 2.g4 go
    CHECK_FALSE(g.is_over());
    CHECK(g.record().ply() == 2);
    CHECK(g.events().size() == 2);
  }
  SECTION("the obligation of an incorrect claim made before the move returns (9.5.3)") {
    Game g;
    play_san(g, {"e4"});
    const Move e5 = san(g, "e5");
    REQUIRE_FALSE(g.claim(fifty(Color::Black, e5)).correct);
    play_san(g, {"e5"});
    REQUIRE(g.undo());
    CHECK(g.must_play() == e5);
    CHECK_FALSE(g.play_san("d5"));
  }
}

TEST_CASE("game: a PGN game loads into a Game; a Game is written as PGN", "[game][pgn]") {
  auto read = [](const std::string& text) {
    PgnReader reader = PgnReader::from_memory(text);
    PgnGame game;
    REQUIRE(reader.next(game).value_or(PgnRead::End) == PgnRead::Game);
    return game;
  };
  SECTION("both ways") {
    const PgnGame pgn = read("1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n");
    Result<Game, PgnLoadError> loaded = game_from_pgn(pgn);
    REQUIRE(loaded);
    const Game& g = *loaded;
    CHECK(g.record().ply() == 5);
    CHECK(g.events().size() == 5);
    const Result<std::string, PgnWriteError> text = to_pgn(pgn_from_game(g));
    REQUIRE(text);
    CHECK(text->find("1. e4 e5 2. Nf3 Nc6 3. Bb5 *") != std::string::npos);
    const PgnGame again = read(*text);
    CHECK(again.moves() == pgn.moves());
  }
  SECTION("a finished game writes its result") {
    Game g;
    play_san(g, {"f3", "e5", "g4", "Qh4#"});
    const Result<std::string, PgnWriteError> text = to_pgn(pgn_from_game(g));
    REQUIRE(text);
    CHECK(text->find("[Result \"0-1\"]") != std::string::npos);
    CHECK(text->find("2. g4 Qh4# 0-1") != std::string::npos);
  }
  SECTION("moves after a fivefold repetition are refused, at their ply (9.6.1)") {
    const PgnGame pgn = read(
        "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 "
        "9. e4 *\n");
    const Result<Game, PgnLoadError> loaded = game_from_pgn(pgn);
    REQUIRE_FALSE(loaded);
    CHECK(loaded.error().ply == 17);
    CHECK(loaded.error().error == GameError::GameOver);
    CHECK(loaded.error().message() == "ply 17: the game has already ended");
    const Result<Game, PgnLoadError> before = game_from_pgn(pgn, {}, loaded.error().ply - 1);
    REQUIRE(before);
    CHECK(before->termination() == Termination::FivefoldRepetition);
  }
}
