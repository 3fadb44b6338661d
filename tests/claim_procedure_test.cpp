// explain_claim_procedure() (explain.hpp): how each way to claim a draw is made, said once
// for a game (the audit's claim windows), with the article of the edition in force, and how
// the right to claim is lost (9.4: by making a move until 2005, by touching a piece from
// 2009; spec section 18 #4).

#include <string>

#include <arbiter/explain.hpp>

#include "catch.hpp"
#include "test_util.hpp"
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

TEST_CASE("numbered_move reads the sign from the record as to_san() does from the move played",
          "[explain][audit]") {
  // Random games to mate or stalemate, from the start and from a set-up position with
  // Black to move at move 120: at every ply the label written without playing the move
  // again (write_numbered_move(), which the tool's JSON writes) is the number, the dots and
  // to_san() of the move played, in each language's letters.
  const Position setup = std::move(parse_fen("4k3/8/8/8/8/8/3Q4/R3K2R b KQ - 3 120"))->position;
  int mates = 0, checks = 0;
  for (std::uint32_t seed = 0; seed < 300; ++seed) {
    const arbiter_test::RandomGame g =
        arbiter_test::random_game(seed, 300, seed % 3 ? Position::startpos() : setup);
    GameRecord record(g.positions.front(), Rules{});
    for (Move m : g.moves) record.play(m);
    for (GameRecord::Ply p = 1; p <= record.ply(); ++p) {
      const Position& before = record.position(p - 1);
      for (Language lang : {Language::English, Language::Portuguese, Language::Russian}) {
        const ExplainOptions options(lang);
        const std::string expected = std::to_string(record.move_number(p)) +
                                     (before.side_to_move() == Color::White ? "." : "...") +
                                     to_san(before, record.move(p), options.notation);
        CHECK(numbered_move(record, p, options) == expected);
        char text[max_numbered_move];
        CHECK(std::string(text, write_numbered_move(text, record, p, options.notation)) ==
              expected);
      }
      const std::string label = numbered_move(record, p);
      mates += label.back() == '#';
      checks += label.back() == '+';
    }
  }
  CHECK(mates > 0);
  CHECK(checks > 100);
}

TEST_CASE("explanations written into a buffer: appended, the same text as the new strings",
          "[explain][audit]") {
  // The _into forms (what the tool's report in words writes with, into buffers it keeps
  // from game to game) append after what the buffer holds and write exactly what the
  // functions giving a new string give, in every language and edition.
  GameRecord record(Position::startpos(), Rules{});
  // 1.Nf3 Nf6 2.Ng1 Ng8 3.Nf3 Nf6 4.Ng1: Black can claim by writing 4...Ng8.
  for (const char* uci : {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"}) {
    const Result<Move, UciError> m = parse_uci(record.position(), uci);
    REQUIRE(m);
    record.play(*m);
  }
  ClaimContext context;
  for (Edition e : {Edition::Fide1997, Edition::Fide2014, Edition::Fide2023}) {
    Rules rules;
    rules.edition = e;
    const AvailableClaims claims = available_claims(record, record.ply(), context, rules);
    REQUIRE(!claims.threefold_intended.empty());
    ClaimWays ways;
    ways.threefold_intended = ways.fifty_on_board = true;
    for (Language l : all_languages) {
      const ExplainOptions options(l);
      std::string out = "kept: ";
      explain_into(out, claims, record.position(), rules, options);
      CHECK(out == "kept: " + explain(claims, record.position(), rules, options));
      CHECK(contains(out, explain_moves(record.position(), claims.threefold_intended, options)));
      out = "kept: ";
      explain_into(out, Termination::DeadPosition, GameResult::Draw, rules, options);
      CHECK(out == "kept: " + explain(Termination::DeadPosition, GameResult::Draw, rules, options));
      out = "kept: ";
      explain_claim_procedure_into(out, ways, rules, options);
      CHECK(out == "kept: " + explain_claim_procedure(ways, rules, options));
      out = "kept: ";
      explain_moves_into(out, record.position(), claims.threefold_intended, options);
      CHECK(out == "kept: " + explain_moves(record.position(), claims.threefold_intended, options));
      out = "kept: ";
      render_into(out, Message::ListMore, l, {{"count", "3"}});
      CHECK(out == "kept: " + render(Message::ListMore, l, {{"count", "3"}}));
      CHECK(edition_names(e, l).short_name == display_name(e, l));
      CHECK(edition_names(e, l).full_name == full_name(e, l));
    }
  }
  // 2014 cites both articles of the dead position (5.2 b and 9.7), joined in the language.
  Rules r2014;
  r2014.edition = Edition::Fide2014;
  CHECK(contains(explain(Termination::DeadPosition, GameResult::Draw, r2014), "5.2 b and 9.7"));
  CHECK(contains(explain(Termination::DeadPosition, GameResult::Draw, r2014,
                         ExplainOptions(Language::Portuguese)),
                 "5.2 b e 9.7"));
  // A list longer than max_listed_moves ends with how many more: the count written in place.
  MoveList all = legal_moves(Position::startpos());
  ExplainOptions two(Language::English);
  two.max_listed_moves = 2;
  std::string listed = "kept: ";
  explain_moves_into(listed, Position::startpos(), all, two);
  CHECK(listed == "kept: " + explain_moves(Position::startpos(), all, two));
  CHECK(contains(listed, "18 more"));
}
