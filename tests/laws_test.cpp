// The rules editions as data (laws.hpp), checked against the project's rules
// specification (docs/fide-draw-rules.md): the table of differences (section 13), the
// suggested parameters (section 14), the penalties (section 6.2, 6.3) and the article
// numbers of each edition (section 1, with 6.3 and 9.3 for the appendices). The expected
// values are written out here as an independent table, from the spec, not from laws.hpp.
// Where the spec marks a value unverified ([U] or "?"), the comment says so and the row
// holds the library's presumption.

#include <string>
#include <vector>

#include "test_util.hpp"

using namespace arbiter;

namespace {

constexpr Edition all_editions[] = {Edition::Fide1997, Edition::Fide2001, Edition::Fide2005,
                                    Edition::Fide2009, Edition::Fide2014, Edition::Fide2017,
                                    Edition::Fide2018, Edition::Fide2023};
constexpr TimeControl all_time_controls[] = {TimeControl::Standard, TimeControl::Rapid,
                                             TimeControl::Blitz};

struct SpecRow {
  Edition edition;
  const char* id;
  const char* year;
  OfferRejectedBy offer_rejected_by;     // spec 13, row 1
  bool claim_is_offer;                   // spec 13, row 2 (2001: "?"; the library presumes no)
  int agreement_min_moves_each;          // spec 13, row 4
  ClaimRightLostBy claim_right_lost_by;  // spec 18 #4: by making a move until 2005
  ClaimantDeduction claimant_deduction;  // spec 6.2 (2005 [U], presumed as 2001)
  int bonus_standard, bonus_rapid, bonus_blitz;  // spec 6.2 and 6.3 (cells [U] noted below)
  FivefoldRule fivefold;                         // spec 14 (2014: ConsecutiveAlternate, an option)
  SeventyFiveRule seventyfive;                   // spec 14 (2014: Last75 or AnySeries75, an option)
  bool resign_into_dead_is_draw;                 // spec 8.1 and 13
};

// Rapid and blitz before 2009 and in 2014 are [U] in the spec (table 14 "?"): nothing is
// known to override the standard penalty, so the standard figure is presumed.
const SpecRow spec_rows[] = {
    {Edition::Fide1997, "FIDE_1997", "1997", OfferRejectedBy::MoveMade, false, 0,
     ClaimRightLostBy::MoveMade, ClaimantDeduction::HalfAtMost3Min, 180, 180, 180,
     FivefoldRule::None, SeventyFiveRule::None, false},
    {Edition::Fide2001, "FIDE_2001", "2001", OfferRejectedBy::PieceTouched, false, 0,
     ClaimRightLostBy::MoveMade, ClaimantDeduction::Table2001, 180, 180, 180, FivefoldRule::None,
     SeventyFiveRule::None, false},
    {Edition::Fide2005, "FIDE_2005", "2005", OfferRejectedBy::PieceTouched, true, 0,
     ClaimRightLostBy::MoveMade, ClaimantDeduction::Table2001, 180, 180, 180, FivefoldRule::None,
     SeventyFiveRule::None, false},
    {Edition::Fide2009, "FIDE_2009", "2009", OfferRejectedBy::PieceTouched, true, 0,
     ClaimRightLostBy::PieceTouched, ClaimantDeduction::None, 180, 180, 180, FivefoldRule::None,
     SeventyFiveRule::None, false},
    {Edition::Fide2014, "FIDE_2014", "2014", OfferRejectedBy::PieceTouched, true, 0,
     ClaimRightLostBy::PieceTouched, ClaimantDeduction::None, 120, 120, 120,
     FivefoldRule::ConsecutiveAlternate, SeventyFiveRule::Last75, false},
    {Edition::Fide2017, "FIDE_2017", "2017", OfferRejectedBy::PieceTouched, true, 1,
     ClaimRightLostBy::PieceTouched, ClaimantDeduction::None, 120, 120, 60, FivefoldRule::AnyFive,
     SeventyFiveRule::AnySeries75, false},
    {Edition::Fide2018, "FIDE_2018", "2018", OfferRejectedBy::PieceTouched, true, 1,
     ClaimRightLostBy::PieceTouched, ClaimantDeduction::None, 120, 120, 60, FivefoldRule::AnyFive,
     SeventyFiveRule::AnySeries75, false},
    {Edition::Fide2023, "FIDE_2023", "2023", OfferRejectedBy::PieceTouched, true, 1,
     ClaimRightLostBy::PieceTouched, ClaimantDeduction::None, 120, 60, 60, FivefoldRule::AnyFive,
     SeventyFiveRule::AnySeries75, true},
};

/// The article numbers of one edition, from spec section 1 (and 6.3 / 9.3 for the
/// rapid and blitz appendices).
struct SpecArticles {
  Edition edition;
  const char* touch_move;
  const char* checkmate;
  const char* resignation;
  const char* stalemate;
  const char* dead_position;
  const char* agreement;
  const char* flag_fall;
  const char* draw_offer;
  const char* claim_is_offer;
  const char* threefold_intended;
  const char* threefold_on_board;
  const char* same_position;
  const char* fifty_intended;
  const char* fifty_on_board;
  const char* right_to_claim_lost;
  const char* correct_claim;
  const char* incorrect_claim;
  const char* fivefold;
  const char* seventyfive;
  const char* rapid_penalty;
  const char* blitz_penalty;
  const char* illegal_position;
  const char* dead_position_repeated;  // spec 18 #8: 2009 9.6, 2014 9.7
  const char* rapid_appendix;          // spec 18 #7: B until 2005, then A
  const char* blitz_appendix;          // spec 18 #7: C until 2005, then B
};

// Notes on the spec's section 1 table:
//  - 1997, as corrected by section 18 (#1-#3): Article 5 has no lettered items (5.1 mate and
//    resignation, 5.2 stalemate, 5.3 agreement), flag fall is 6.9; dead position is 9.6 [V];
//    9.5 has (a) correct claim and (b) incorrect claim [V, Spanish seed 004].
//  - 2001/2005: 9.5 without sub-items [S]; 2005's 9.1 has three sub-items: the offer 9.1(a)
//    and "a claim ... shall be considered to be an offer" 9.1(c) (section 18 #6).
//  - 2009/2014: 9.1 b(1) the offer, 9.1 b(3) a claim is an offer; 9.5 a / 9.5 b.
//  - 2017/2018: the rapid appendix does not override 9.5.3; blitz B.2 gives 1 minute (6.3);
//    illegal position A.4.4 (9.3). 2023: A.3 (rapid), B.3 -> A.3 (blitz), A.5.4.
//  - 4.3 (touch move) is cited by 9.4 from 2009 on [V]; for earlier editions it is presumed.
// The table of spec_articles(): tests/data/laws_articles.tsv, one line per edition.
const std::vector<SpecArticles>& spec_articles() {
  static const std::vector<SpecArticles> rows = [] {
    static std::vector<std::vector<std::string>> texts;  // what the rows point into
    std::vector<SpecArticles> out;
    for (const std::string& line :
         arbiter_test::read_data_lines(arbiter_test::data_path("laws_articles.tsv"))) {
      std::vector<std::string> cells;
      for (std::size_t at = 0;;) {
        const std::size_t tab = line.find('\t', at);
        const std::string cell = line.substr(at, tab == std::string::npos ? tab : tab - at);
        cells.push_back(cell == "-" ? std::string() : cell);
        if (tab == std::string::npos) break;
        at = tab + 1;
      }
      REQUIRE(cells.size() == 26);
      texts.push_back(std::move(cells));
    }
    for (const std::vector<std::string>& cells : texts) {
      SpecArticles a{};
      REQUIRE(parse_edition(cells[0], a.edition));
      const char** fields[] = {&a.touch_move,
                               &a.checkmate,
                               &a.resignation,
                               &a.stalemate,
                               &a.dead_position,
                               &a.agreement,
                               &a.flag_fall,
                               &a.draw_offer,
                               &a.claim_is_offer,
                               &a.threefold_intended,
                               &a.threefold_on_board,
                               &a.same_position,
                               &a.fifty_intended,
                               &a.fifty_on_board,
                               &a.right_to_claim_lost,
                               &a.correct_claim,
                               &a.incorrect_claim,
                               &a.fivefold,
                               &a.seventyfive,
                               &a.rapid_penalty,
                               &a.blitz_penalty,
                               &a.illegal_position,
                               &a.dead_position_repeated,
                               &a.rapid_appendix,
                               &a.blitz_appendix};
      for (std::size_t i = 0; i < 25; ++i) *fields[i] = cells[i + 1].c_str();
      out.push_back(a);
    }
    return out;
  }();
  return rows;
}

std::string str(const char* s) { return s ? std::string(s) : std::string("<null>"); }

}  // namespace

TEST_CASE("laws: the editions, their ids and the default", "[laws]") {
  CHECK(edition_count == 8);
  CHECK(default_edition == Edition::Fide2023);
  CHECK(Rules{}.edition == Edition::Fide2023);
  CHECK(Rules{}.time_control == TimeControl::Standard);
  for (const SpecRow& row : spec_rows) {
    const Laws& l = laws(row.edition);
    INFO(row.id);
    CHECK(l.edition == row.edition);
    CHECK(str(l.id) == row.id);
    CHECK(std::string(l.name).find(row.year) != std::string::npos);
  }
  CHECK(std::string(laws(Edition::Fide2017).name).find("July") != std::string::npos);
  CHECK(std::string(laws(Edition::Fide2018).name).find("January") != std::string::npos);
}

TEST_CASE("laws: every edition's parameters match the spec's tables 13 and 14", "[laws]") {
  for (const SpecRow& row : spec_rows) {
    const Laws& l = laws(row.edition);
    INFO(row.id);
    CHECK(l.offer_rejected_by == row.offer_rejected_by);
    CHECK(l.claim_is_offer == row.claim_is_offer);
    CHECK(l.agreement_min_moves_each == row.agreement_min_moves_each);
    CHECK(l.claim_right_lost_by == row.claim_right_lost_by);
    CHECK(l.claimant_deduction == row.claimant_deduction);
    CHECK(l.opponent_bonus_seconds(TimeControl::Standard) == row.bonus_standard);
    CHECK(l.opponent_bonus_seconds(TimeControl::Rapid) == row.bonus_rapid);
    CHECK(l.opponent_bonus_seconds(TimeControl::Blitz) == row.bonus_blitz);
    CHECK(l.fivefold == row.fivefold);
    CHECK(l.seventyfive == row.seventyfive);
    CHECK(l.resign_into_dead_is_draw == row.resign_into_dead_is_draw);
  }
}

TEST_CASE("laws: the article numbers of each edition match the spec's section 1", "[laws]") {
  for (const SpecArticles& want : spec_articles()) {
    const Articles& got = laws(want.edition).articles;
    INFO(laws(want.edition).id);
    CHECK(str(got.touch_move) == want.touch_move);
    CHECK(str(got.checkmate) == want.checkmate);
    CHECK(str(got.resignation) == want.resignation);
    CHECK(str(got.stalemate) == want.stalemate);
    CHECK(str(got.dead_position) == want.dead_position);
    CHECK(str(got.agreement) == want.agreement);
    CHECK(str(got.flag_fall) == want.flag_fall);
    CHECK(str(got.draw_offer) == want.draw_offer);
    CHECK(str(got.claim_is_offer) == want.claim_is_offer);
    CHECK(str(got.threefold_intended) == want.threefold_intended);
    CHECK(str(got.threefold_on_board) == want.threefold_on_board);
    CHECK(str(got.same_position) == want.same_position);
    CHECK(str(got.fifty_intended) == want.fifty_intended);
    CHECK(str(got.fifty_on_board) == want.fifty_on_board);
    CHECK(str(got.right_to_claim_lost) == want.right_to_claim_lost);
    CHECK(str(got.correct_claim) == want.correct_claim);
    CHECK(str(got.incorrect_claim) == want.incorrect_claim);
    CHECK(str(got.fivefold) == want.fivefold);
    CHECK(str(got.seventyfive) == want.seventyfive);
    CHECK(str(got.rapid_penalty) == want.rapid_penalty);
    CHECK(str(got.blitz_penalty) == want.blitz_penalty);
    CHECK(str(got.illegal_position) == want.illegal_position);
    CHECK(str(got.dead_position_repeated) == want.dead_position_repeated);
    CHECK(str(got.rapid_appendix) == want.rapid_appendix);
    CHECK(str(got.blitz_appendix) == want.blitz_appendix);
    // An edition without a rule has no article for it, and the other way round.
    CHECK((*got.fivefold != '\0') == (laws(want.edition).fivefold != FivefoldRule::None));
    CHECK((*got.seventyfive != '\0') == (laws(want.edition).seventyfive != SeventyFiveRule::None));
    CHECK((*got.claim_is_offer != '\0') == laws(want.edition).claim_is_offer);
  }
}

TEST_CASE("laws: article_of(Termination) for every edition", "[laws]") {
  for (const SpecArticles& a : spec_articles()) {
    const Laws& l = laws(a.edition);
    INFO(l.id);
    CHECK(str(article_of(Termination::None, l)).empty());
    CHECK(str(article_of(Termination::Checkmate, l)) == a.checkmate);
    CHECK(str(article_of(Termination::Stalemate, l)) == a.stalemate);
    CHECK(str(article_of(Termination::DeadPosition, l)) == a.dead_position);
    CHECK(str(article_of(Termination::FivefoldRepetition, l)) == a.fivefold);
    CHECK(str(article_of(Termination::SeventyFiveMoves, l)) == a.seventyfive);
    // A correct claim draws at once (9.5.2 in 2017 on; 9.5 a in 2009/2014; 9.5(a) in 1997).
    CHECK(str(article_of(Termination::ThreefoldClaim, l)) == a.correct_claim);
    CHECK(str(article_of(Termination::FiftyMoveClaim, l)) == a.correct_claim);
    CHECK(str(article_of(Termination::Agreement, l)) == a.agreement);
    CHECK(str(article_of(Termination::Resignation, l)) == a.resignation);
    CHECK(str(article_of(Termination::ResignationDraw, l)) == a.resignation);
    CHECK(str(article_of(Termination::TimeForfeit, l)) == a.flag_fall);
    CHECK(str(article_of(Termination::FlagFallDraw, l)) == a.flag_fall);
    CHECK(str(article_of(Termination::IllegalPositionDraw, l)) == a.illegal_position);
  }
  // Spot checks written out in full, so that a shifted table cannot hide.
  CHECK(str(article_of(Termination::Checkmate, laws(Edition::Fide2023))) == "5.1.1");
  CHECK(str(article_of(Termination::DeadPosition, laws(Edition::Fide1997))) == "9.6");
  CHECK(str(article_of(Termination::DeadPosition, laws(Edition::Fide2009))) == "5.2 b");
  CHECK(str(article_of(Termination::FivefoldRepetition, laws(Edition::Fide2014))) == "9.6 a");
  CHECK(str(article_of(Termination::SeventyFiveMoves, laws(Edition::Fide2017))) == "9.6.2");
  CHECK(str(article_of(Termination::TimeForfeit, laws(Edition::Fide2005))) == "6.10");
  CHECK(str(article_of(Termination::TimeForfeit, laws(Edition::Fide1997))) == "6.9");
  CHECK(str(article_of(Termination::IllegalPositionDraw, laws(Edition::Fide2018))) == "A.4.4");
}

TEST_CASE("laws: termination kinds, draws and PGN results", "[laws]") {
  struct Row {
    Termination t;
    bool draw;
  };
  const Row rows[] = {{Termination::None, false},
                      {Termination::Checkmate, false},
                      {Termination::Stalemate, true},
                      {Termination::DeadPosition, true},
                      {Termination::FivefoldRepetition, true},
                      {Termination::SeventyFiveMoves, true},
                      {Termination::ThreefoldClaim, true},
                      {Termination::FiftyMoveClaim, true},
                      {Termination::Agreement, true},
                      {Termination::Resignation, false},
                      {Termination::ResignationDraw, true},
                      {Termination::TimeForfeit, false},
                      {Termination::FlagFallDraw, true},
                      {Termination::IllegalPositionDraw, true}};
  for (const Row& r : rows) {
    INFO(to_string(r.t));
    CHECK(is_draw(r.t) == r.draw);
    CHECK(std::string(to_string(r.t)) != "?");
  }
  CHECK(std::string(to_pgn(GameResult::WhiteWins)) == "1-0");
  CHECK(std::string(to_pgn(GameResult::BlackWins)) == "0-1");
  CHECK(std::string(to_pgn(GameResult::Draw)) == "1/2-1/2");
  CHECK(std::string(to_pgn(GameResult::Ongoing)) == "*");
}

TEST_CASE(
    "laws: opponent's bonus after an incorrect claim, every edition and time control (9.5.3, A.3, "
    "B.2/B.3)",
    "[laws]") {
  for (const SpecRow& row : spec_rows) {
    for (TimeControl tc : all_time_controls) {
      INFO(row.id << " " << to_string(tc));
      const int want = tc == TimeControl::Standard ? row.bonus_standard
                       : tc == TimeControl::Rapid  ? row.bonus_rapid
                                                   : row.bonus_blitz;
      Rules rules;
      rules.edition = row.edition;
      rules.time_control = tc;
      CHECK(rules.opponent_bonus_seconds() == want);
      // The literal B.2 reading changes only 2023 blitz (spec 6.3).
      rules.interpretation.blitz_2023_literal_b2 = true;
      const bool literal_case = row.edition == Edition::Fide2023 && tc == TimeControl::Blitz;
      CHECK(rules.opponent_bonus_seconds() == (literal_case ? 120 : want));
    }
  }
}

TEST_CASE("laws: the article that sets the penalty, by time control (9.5.3, A.3, B.2, B.3)",
          "[laws]") {
  for (const SpecArticles& a : spec_articles()) {
    for (TimeControl tc : all_time_controls) {
      for (bool literal : {false, true}) {
        INFO(laws(a.edition).id << " " << to_string(tc) << " literal B.2 " << literal);
        Rules rules;
        rules.edition = a.edition;
        rules.time_control = tc;
        rules.interpretation.blitz_2023_literal_b2 = literal;
        std::string want = a.incorrect_claim;
        if (tc == TimeControl::Rapid && *a.rapid_penalty) want = a.rapid_penalty;
        if (tc == TimeControl::Blitz && *a.blitz_penalty &&
            !(literal && a.edition == Edition::Fide2023))
          want = a.blitz_penalty;
        CHECK(str(rules.penalty_article()) == want);
      }
    }
  }
  // Written out: 2023 rapid 1 minute under A.3, 2018 blitz under B.2, 2017 rapid 9.5.3.
  Rules r;
  r.time_control = TimeControl::Rapid;
  CHECK(str(r.penalty_article()) == "A.3");
  r.edition = Edition::Fide2018;
  CHECK(str(r.penalty_article()) == "9.5.3");
  r.time_control = TimeControl::Blitz;
  CHECK(str(r.penalty_article()) == "B.2");
  r.edition = Edition::Fide2009;
  CHECK(str(r.penalty_article()) == "9.5 b");
  r.edition = Edition::Fide1997;
  r.time_control = TimeControl::Standard;
  CHECK(str(r.penalty_article()) == "9.5(b)");
}

TEST_CASE(
    "laws: the claimant's own time after an incorrect claim (1997 half at most 3 min; 2001 table; "
    "E28)",
    "[laws]") {
  struct Row {
    int before, after;
  };
  SECTION("1997: the claimant loses half the time left, at most three minutes") {
    Rules rules;
    rules.edition = Edition::Fide1997;
    const Row rows[] = {{3600, 3420}, {600, 420}, {360, 180}, {361, 181}, {300, 150},
                        {120, 60},    {60, 30},   {1, 1},     {0, 0}};
    for (const Row& r : rows) {
      INFO(r.before);
      CHECK(rules.claimant_seconds_after(r.before) == r.after);
    }
  }
  SECTION(
      "2001 and 2005: over 2:00 half (at most 3:00), 1:00-2:00 set to 1:00, under 1:00 unchanged") {
    const Row rows[] = {{3600, 3420}, {600, 420}, {300, 150}, {240, 120}, {121, 61}, {119, 60},
                        {90, 60},     {61, 60},   {59, 59},   {30, 30},   {0, 0}};
    for (Edition e : {Edition::Fide2001, Edition::Fide2005}) {
      Rules rules;
      rules.edition = e;
      for (const Row& r : rows) {
        INFO(laws(e).id << " " << r.before);
        CHECK(rules.claimant_seconds_after(r.before) == r.after);
      }
      // E28, the boundaries the text leaves open: 2:00 -> 1:00 and 1:00 -> 1:00 whichever
      // row applies (half of 2:00 is 1:00; "set to 1:00" leaves 1:00 as it is).
      CHECK(rules.claimant_seconds_after(120) == 60);
      CHECK(rules.claimant_seconds_after(60) == 60);
    }
  }
  SECTION("2009 on: no deduction from the claimant") {
    for (Edition e : {Edition::Fide2009, Edition::Fide2014, Edition::Fide2017, Edition::Fide2018,
                      Edition::Fide2023}) {
      for (TimeControl tc : all_time_controls) {
        Rules rules;
        rules.edition = e;
        rules.time_control = tc;
        for (int t : {0, 30, 60, 120, 600}) {
          INFO(laws(e).id << " " << to_string(tc) << " " << t);
          CHECK(rules.claimant_seconds_after(t) == t);
        }
      }
    }
  }
}

TEST_CASE("laws: fivefold and seventy-five-move rules, with the 2014 options (9.6)", "[laws]") {
  for (const SpecRow& row : spec_rows) {
    INFO(row.id);
    Rules rules;
    rules.edition = row.edition;
    CHECK(rules.fivefold() == row.fivefold);
    CHECK(rules.seventyfive() == row.seventyfive);
    // The 2014 readings are options; they change nothing in other editions.
    rules.interpretation.fivefold_2014 = FivefoldRule::AnyFive;
    rules.interpretation.seventyfive_2014 = SeventyFiveRule::AnySeries75;
    CHECK(rules.fivefold() ==
          (row.edition == Edition::Fide2014 ? FivefoldRule::AnyFive : row.fivefold));
    CHECK(rules.seventyfive() ==
          (row.edition == Edition::Fide2014 ? SeventyFiveRule::AnySeries75 : row.seventyfive));
  }
  // The defaults of the 2014 options follow the spec's recommendation (7.1, 7.2).
  const Interpretation i{};
  CHECK(i.fivefold_2014 == FivefoldRule::ConsecutiveAlternate);
  CHECK(i.seventyfive_2014 == SeventyFiveRule::Last75);
  CHECK_FALSE(i.blitz_2023_literal_b2);
  CHECK_FALSE(i.trust_fen_halfmove_clock);
  CHECK(i.castling_identity == CastlingIdentity::Rights);
}

TEST_CASE("laws: parse_edition by id, year, alias; bad input rejected", "[laws]") {
  for (const SpecRow& row : spec_rows) {
    for (const std::string& text :
         {std::string(row.id), std::string(row.year), "fide_" + std::string(row.year)}) {
      INFO(text);
      Edition e = Edition::Fide1997 == row.edition ? Edition::Fide2023 : Edition::Fide1997;
      CHECK(parse_edition(text, e));
      CHECK(e == row.edition);
    }
  }
  struct Alias {
    const char* text;
    Edition want;
  };
  for (const Alias& a :
       {Alias{"latest", Edition::Fide2023}, Alias{"default", Edition::Fide2023},
        Alias{"2017-07", Edition::Fide2017}, Alias{"Jul2017", Edition::Fide2017},
        Alias{"2018-01", Edition::Fide2018}, Alias{"Jan2018", Edition::Fide2018}}) {
    INFO(a.text);
    Edition e = Edition::Fide1997;
    CHECK(parse_edition(a.text, e));
    CHECK(e == a.want);
  }
  for (const char* bad : {"", "FIDE", "FIDE_", "fide_", "FIDE_2024", "2024", "1996", "FIDE_20233",
                          "20233", "FIDE-2023", "fide2023", " 2023", "2023 ", "2017-01", "Jan2017",
                          "2018-07", "FIDE_19", "19"}) {
    INFO("'" << bad << "'");
    Edition e = Edition::Fide2009;
    CHECK_FALSE(parse_edition(bad, e));
    CHECK(e == Edition::Fide2009);  // untouched on failure
  }
}

TEST_CASE("laws: parse_time_control and to_string(TimeControl)", "[laws]") {
  struct Row {
    const char* text;
    TimeControl tc;
  };
  for (const Row& r : {Row{"standard", TimeControl::Standard}, Row{"rapid", TimeControl::Rapid},
                       Row{"blitz", TimeControl::Blitz}}) {
    INFO(r.text);
    TimeControl tc = r.tc == TimeControl::Standard ? TimeControl::Blitz : TimeControl::Standard;
    CHECK(parse_time_control(r.text, tc));
    CHECK(tc == r.tc);
    CHECK(std::string(to_string(r.tc)) == r.text);
  }
  for (const char* bad : {"", "bullet", "classical", "blitz ", " rapid", "rapidplay", "s"}) {
    INFO("'" << bad << "'");
    TimeControl tc = TimeControl::Rapid;
    CHECK_FALSE(parse_time_control(bad, tc));
    CHECK(tc == TimeControl::Rapid);
  }
}

TEST_CASE("laws: the tables are usable at compile time", "[laws]") {
  static_assert(laws(Edition::Fide2023).resign_into_dead_is_draw, "2023 5.1.2");
  static_assert(!laws(Edition::Fide2018).resign_into_dead_is_draw, "2018 5.1.2");
  static_assert(laws(Edition::Fide2017).opponent_bonus_seconds(TimeControl::Blitz) == 60,
                "2017 B.2");
  static_assert(Rules{}.opponent_bonus_seconds() == 120, "2023 9.5.3");
  constexpr Edition parsed = [] {
    Edition e = Edition::Fide1997;
    return parse_edition("2014", e) ? e : Edition::Fide1997;
  }();
  static_assert(parsed == Edition::Fide2014, "parse_edition is constexpr");
  CHECK(all_editions[0] == Edition::Fide1997);  // the list used above covers every edition
  CHECK(sizeof(all_editions) / sizeof(all_editions[0]) == std::size_t(edition_count));
  CHECK(sizeof(spec_rows) / sizeof(spec_rows[0]) == std::size_t(edition_count));
  CHECK(spec_articles().size() == std::size_t(edition_count));
}
