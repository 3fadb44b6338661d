// explain_claim_procedure() (explain.hpp): how each way to claim a draw is made, said once
// for a game (the audit's claim windows), with the article of the edition in force, and how
// the right to claim is lost (9.4: by making a move until 2005, by touching a piece from
// 2009; spec section 18 #4).

#include <string>

#include <arbiter/explain.hpp>

#include "catch.hpp"
#include "text_util.hpp"

using namespace arbiter;
using arbiter_test::contains;

TEST_CASE("claim procedure: one sentence per way, with its article, and the 9.4 rule",
          "[explain][audit]") {
  Rules r2023;
  ClaimWays threefold;
  threefold.threefold_on_board = threefold.threefold_intended = true;
  const std::string en = explain_claim_procedure(threefold, r2023);
  CHECK(contains(en,
                 "Threefold repetition on the board: the player to move claims the draw from "
                 "the arbiter before moving"));
  CHECK(contains(en, "(FIDE 2023, Article 9.2.2)."));
  CHECK(contains(en, "Threefold repetition by a written move:"));
  CHECK(contains(en, "(FIDE 2023, Article 9.2.1)."));
  CHECK(contains(en,
                 "touches a piece with the intention of moving or capturing it loses the "
                 "right to claim on that move (FIDE 2023, Article 9.4)."));
  CHECK_FALSE(contains(en, "Fifty-move rule"));
  // Only the ways given: the fifty-move rule by a written move alone.
  ClaimWays fifty;
  fifty.fifty_intended = true;
  const std::string f = explain_claim_procedure(fifty, r2023);
  CHECK(contains(f, "Fifty-move rule by a written move:"));
  CHECK(contains(f, "(FIDE 2023, Article 9.3.1)."));
  CHECK_FALSE(contains(f, "on the board:"));
  CHECK_FALSE(contains(f, "Threefold"));
  // 1997 and 2005: the right to claim is lost by making a move (spec 18 #4), 1997's articles.
  for (Edition e : {Edition::Fide1997, Edition::Fide2005}) {
    Rules old;
    old.edition = e;
    const std::string t = explain_claim_procedure(threefold, old);
    INFO(t);
    CHECK(contains(t, "makes a move without claiming loses the right to claim on that move"));
    CHECK_FALSE(contains(t, "touches a piece"));
    CHECK(contains(t, "Article 9.2(b))."));
    CHECK(contains(t, "Article 9.2(a))."));
  }
  // In Portuguese, with no English left; nothing to say when no way is given.
  const std::string pt = explain_claim_procedure(threefold, r2023, Language::Portuguese);
  CHECK(contains(pt, "Tripla repetição no tabuleiro:"));
  CHECK(contains(pt, "(FIDE 2023, artigo 9.2.2)."));
  CHECK_FALSE(contains(pt, "Threefold"));
  CHECK_FALSE(contains(pt, " the "));
  CHECK(explain_claim_procedure(ClaimWays{}, r2023).empty());
}

TEST_CASE("numbered_move and explain_moves: the language's piece letters", "[explain][audit]") {
  GameRecord record(Position::startpos(), Rules{});
  // 1.Nf3 Nf6 2.Ng1
  for (const char* uci : {"g1f3", "g8f6", "f3g1"}) {
    const Result<Move, UciError> m = parse_uci(record.position(), uci);
    REQUIRE(m);
    record.play(*m);
  }
  CHECK(numbered_move(record, 1) == "1.Nf3");
  CHECK(numbered_move(record, 2, Language::Portuguese) == "1...Cf6");
  CHECK(numbered_move(record, 3, Language::Russian) == "2.Кg1");
  MoveList moves;
  moves.push_back(*parse_uci(record.position(), "f6g8"));
  moves.push_back(*parse_uci(record.position(), "b8c6"));
  CHECK(explain_moves(record.position(), moves) == "Ng8 and Nc6");
  CHECK(explain_moves(record.position(), moves, Language::Spanish) == "Cg8 y Cc6");
}
