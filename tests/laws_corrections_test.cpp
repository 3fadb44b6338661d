// The corrections of the rules specification's section 18 (docs/fide-draw-rules.md, a
// second check of the texts, December 2026), one test per change, each naming the edition
// and the article: they win over the spec's earlier tables and over the code before them.

#include <string>

#include <arbiter/explain.hpp>

#include "game_util.hpp"
#include "text_util.hpp"

using namespace arbiter;
using namespace arbiter_test;

namespace {

Rules rules_of(Edition e, TimeControl tc = TimeControl::Standard) {
  Rules r;
  r.edition = e;
  r.time_control = tc;
  return r;
}

// An ending explained in English under an edition.
std::string ending(Termination t, GameResult result, Edition e) {
  return explain(t, result, rules_of(e), Language::English);
}

}  // namespace

TEST_CASE("spec 18 #1: 1997, a flag fall where the opponent cannot mate is Article 6.9",
          "[laws][spec18]") {
  CHECK(str(laws(Edition::Fide1997).articles.flag_fall) == "6.9");
  CHECK(str(article_of(Termination::FlagFallDraw, laws(Edition::Fide1997))) == "6.9");
  CHECK(contains(ending(Termination::FlagFallDraw, GameResult::Draw, Edition::Fide1997),
                 "(FIDE 1997, Article 6.9)"));
  // 2001 and 2005 keep 6.10 (spec section 1, [S]); 2009 on 6.9.
  CHECK(str(laws(Edition::Fide2005).articles.flag_fall) == "6.10");
}

TEST_CASE("spec 18 #2 and #3: 1997 Article 5 has no lettered items (5.1, 5.2 stalemate, 5.3)",
          "[laws][spec18]") {
  const Laws& l = laws(Edition::Fide1997);
  CHECK(str(article_of(Termination::Checkmate, l)) == "5.1");
  CHECK(str(article_of(Termination::Resignation, l)) == "5.1");
  CHECK(str(article_of(Termination::Stalemate, l)) == "5.2");
  CHECK(str(article_of(Termination::Agreement, l)) == "5.3");
  CHECK(contains(ending(Termination::Stalemate, GameResult::Draw, Edition::Fide1997),
                 "(FIDE 1997, Article 5.2)"));
  CHECK(contains(ending(Termination::Agreement, GameResult::Draw, Edition::Fide1997),
                 "(FIDE 1997, Article 5.3)"));
  // A game agreed drawn under the 1997 Laws is recorded under 5.3.
  Game g(Position::startpos(), options_for(Edition::Fide1997));
  play_san(g, {"e4", "e5"});
  REQUIRE(g.offer_draw(Color::White));
  REQUIRE(g.accept_draw(Color::Black));
  CHECK(g.termination() == Termination::Agreement);
  CHECK(str(g.termination_article()) == "5.3");
}

TEST_CASE("spec 18 #4: 2001 and 2005, 9.4, the right to claim is lost by making a move",
          "[laws][spec18]") {
  // 1.Nf3 Nf6 2.Ng1 Ng8 3.Nf3 Nf6 4.Ng1: Black may claim by writing 4...Ng8 (9.2(a)).
  for (Edition e : {Edition::Fide2001, Edition::Fide2005, Edition::Fide2009}) {
    INFO(laws(e).id);
    Game g(Position::startpos(), options_for(e));
    play_san(g, {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"});
    REQUIRE(g.touch_piece(Color::Black, Square::F6));
    const Ruling r = g.claim(threefold(Color::Black, san(g, "Ng8")));
    if (e == Edition::Fide2009) {
      // From 2009 touching a piece with intent forfeits the claim (9.4 with 4.3).
      CHECK(r.inadmissible == Inadmissible::PieceTouched);
      CHECK(laws(e).claim_right_lost_by == ClaimRightLostBy::PieceTouched);
    } else {
      CHECK(laws(e).claim_right_lost_by == ClaimRightLostBy::MoveMade);
      CHECK(r.admissible());
      CHECK(r.correct);
      CHECK(str(r.article) == "9.2(a)");
    }
  }
}

TEST_CASE("spec 18 #5: 2014, an illegal position left standing in rapid or blitz draws (A.4(d))",
          "[laws][spec18]") {
  CHECK(str(laws(Edition::Fide2014).articles.illegal_position) == "A.4(d)");
  for (TimeControl tc : {TimeControl::Rapid, TimeControl::Blitz}) {
    Game g(Position::startpos(), options_for(Edition::Fide2014, tc));
    play_san(g, {"e4", "e5"});
    REQUIRE(g.illegal_position_persisted());
    CHECK(g.termination() == Termination::IllegalPositionDraw);
    CHECK(str(g.termination_article()) == "A.4(d)");
    CHECK(contains(explain_ending(g, Language::English), "(FIDE 2014, Article A.4(d))"));
  }
  // Standard play has no such rule in 2014 either.
  Game standard(Position::startpos(), options_for(Edition::Fide2014));
  CHECK(standard.illegal_position_persisted().error() == GameError::NotApplicable);
}

TEST_CASE("spec 18 #6: 2005, the offer is 9.1(a), a claim counts as an offer under 9.1(c)",
          "[laws][spec18]") {
  const Articles& a = laws(Edition::Fide2005).articles;
  CHECK(str(a.draw_offer) == "9.1(a)");
  CHECK(str(a.claim_is_offer) == "9.1(c)");
  // An incorrect claim under the 2005 Laws says it stands as an offer, under 9.1(c).
  Game g(Position::startpos(), options_for(Edition::Fide2005));
  play_san(g, {"Nf3", "Nf6", "Ng1", "Ng8"});
  const GameRecord record = g.record();
  const Ruling r = g.claim(threefold(Color::White));
  REQUIRE_FALSE(r.correct);
  CHECK(r.counts_as_offer);
  CHECK(contains(explain(r, record, g.rules(), Language::English), "(FIDE 2005, Article 9.1(c))"));
}

TEST_CASE("spec 18 #7: 2001 and 2005, rapidplay is Appendix B and blitz Appendix C",
          "[laws][spec18]") {
  for (Edition e : {Edition::Fide1997, Edition::Fide2001, Edition::Fide2005}) {
    INFO(laws(e).id);
    CHECK(str(rules_of(e, TimeControl::Rapid).appendix()) == "B");
    CHECK(str(rules_of(e, TimeControl::Blitz).appendix()) == "C");
    CHECK(str(rules_of(e).appendix()).empty());
  }
  for (Edition e : {Edition::Fide2009, Edition::Fide2014, Edition::Fide2017, Edition::Fide2018,
                    Edition::Fide2023}) {
    INFO(laws(e).id);
    CHECK(str(rules_of(e, TimeControl::Rapid).appendix()) == "A");
    CHECK(str(rules_of(e, TimeControl::Blitz).appendix()) == "B");
  }
}

TEST_CASE("spec 18 #8: 2014, the dead position is 5.2 b, repeated in Article 9 as 9.7",
          "[laws][spec18]") {
  CHECK(str(article_of(Termination::DeadPosition, laws(Edition::Fide2014))) == "5.2 b");
  CHECK(str(laws(Edition::Fide2014).articles.dead_position_repeated) == "9.7");
  CHECK(contains(ending(Termination::DeadPosition, GameResult::Draw, Edition::Fide2014),
                 "(FIDE 2014, Article 5.2 b and 9.7)"));
  // 2009 repeats it as 9.6 [V]; 1997 has it only as 9.6; 2017 on only as 5.2.2.
  CHECK(contains(ending(Termination::DeadPosition, GameResult::Draw, Edition::Fide2009),
                 "(FIDE 2009, Article 5.2 b and 9.6)"));
  CHECK(contains(ending(Termination::DeadPosition, GameResult::Draw, Edition::Fide1997),
                 "(FIDE 1997, Article 9.6)"));
  CHECK(contains(ending(Termination::DeadPosition, GameResult::Draw, Edition::Fide2023),
                 "(FIDE 2023, Article 5.2.2)"));
  // In every language the joiner is the language's own.
  CHECK(contains(explain(Termination::DeadPosition, GameResult::Draw, rules_of(Edition::Fide2014),
                         Language::Portuguese),
                 "artigo 5.2 b e 9.7"));
}

TEST_CASE("spec 18, 9.6: a fifth occurrence on the 150th ply reports both automatic draws",
          "[laws][spec18][audit]") {
  // 134 plies already counted by the trusted FEN clock, then 16 plies of knight moves: the
  // start position occurs for the fifth time at ply 16, the 150th ply without pawn move or
  // capture (9.6.1 and 9.6.2 at once).
  Rules rules;
  rules.interpretation.trust_fen_halfmove_clock = true;
  PgnReader reader = PgnReader::from_memory(
      "[FEN \"4k3/8/8/8/8/8/8/KN4n1 w - - 134 80\"]\n\n"
      "80. Nc3 Nf3 81. Nb1 Ng1 82. Nc3 Nf3 83. Nb1 Ng1 84. Nc3 Nf3 85. Nb1 Ng1 "
      "86. Nc3 Nf3 87. Nb1 Ng1 *\n");
  PgnGame game;
  REQUIRE(reader.next(game).value_or(PgnRead::End) == PgnRead::Game);
  const GameRecord record = record_from_pgn(game, rules);
  REQUIRE(record.ply() == 16);
  REQUIRE(record.count(16) == 5);
  REQUIRE(record.halfmoves(16) == 150);
  const GameAudit a = audit_game(record, GameResult::Ongoing);
  CHECK(a.ending == Termination::FivefoldRepetition);
  CHECK(a.end_ply == 16);
  CHECK(a.count(Termination::FivefoldRepetition) == 1);
  CHECK(a.count(Termination::SeventyFiveMoves) == 1);
  bool fivefold = false, seventyfive = false;
  for (const Finding& f : a.findings) {
    fivefold |=
        f.kind == Termination::FivefoldRepetition && f.ply == 16 && str(f.article) == "9.6.1";
    seventyfive |=
        f.kind == Termination::SeventyFiveMoves && f.ply == 16 && str(f.article) == "9.6.2";
  }
  CHECK(fivefold);
  CHECK(seventyfive);
}
