// explain.hpp and format.hpp: explanations of rulings, game endings and available claims
// in English, Portuguese, Spanish and Russian, with the article of the edition in use and
// the evidence; the message table (every id in every language); and the fmt formatters
// of the public types. Expected values follow the Laws as the spec states them
// (docs/fide-draw-rules.md, sections 1, 3, 4, 6 and 15). The fmt part is compiled only
// where fmt is available.

#include <algorithm>
#include <initializer_list>
#include <set>
#include <string>
#include <vector>

#include <arbiter/explain.hpp>

#include "game_util.hpp"
#include "text_util.hpp"

using namespace arbiter;
using namespace arbiter_test;

namespace {

/// 1.Nf3 Nf6 2.Ng1 Ng8 3.Nf3 Nf6 4.Ng1: Black to move; 4...Ng8 would make the start
/// position appear for the third time (E14).
Game knights_game(Edition e = Edition::Fide2023, TimeControl tc = TimeControl::Standard) {
  Game g(Position::startpos(), options_for(e, tc));
  play_san(g, {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"});
  return g;
}

/// A set-up position whose halfmove clock (97) is trusted, then 70.Ra3 Kd7: 99 plies
/// without pawn move or capture, White to move.
Game fifty_game(Edition e = Edition::Fide2023) {
  Game g(position("4k3/8/8/8/8/8/1P6/R3K3 w - - 97 70"),
         options_for(e, TimeControl::Standard, true));
  play_san(g, {"Ra3", "Kd7"});
  return g;
}

/// Checks an explanation in a language: filled (no placeholder left), non-empty, in the
/// right script, and naming `article` when given.
void check_text(const std::string& text, Language l, const std::string& article = "") {
  INFO(language_code(l) << ": " << text);
  CHECK_FALSE(text.empty());
  CHECK(text.find('{') == std::string::npos);
  CHECK(text.find('}') == std::string::npos);
  CHECK(has_cyrillic(text) == (l == Language::Russian));
  if (!article.empty()) CHECK(contains(text, article));
}

}  // namespace

// ---- Languages ---------------------------------------------------------------------------------

TEST_CASE("explain: parse_language reads en, pt, es, ru in any case, with or without a region",
          "[explain]") {
  Language l = Language::Russian;
  CHECK(parse_language("en", l));
  CHECK(l == Language::English);
  CHECK(parse_language("pt", l));
  CHECK(l == Language::Portuguese);
  CHECK(parse_language("es", l));
  CHECK(l == Language::Spanish);
  CHECK(parse_language("ru", l));
  CHECK(l == Language::Russian);
  CHECK(parse_language("PT", l));
  CHECK(l == Language::Portuguese);
  CHECK(parse_language("pt-BR", l));
  CHECK(l == Language::Portuguese);
  CHECK(parse_language("es_ES", l));
  CHECK(l == Language::Spanish);
  CHECK(parse_language("En", l));
  CHECK(l == Language::English);
  for (const char* bad : {"", "e", "fr", "de", "english", "eng", "pt-", "ptBR", "r u", "xx-YY"}) {
    INFO("'" << bad << "'");
    Language out = Language::Russian;
    CHECK_FALSE(parse_language(bad, out));
    CHECK(out == Language::Russian);  // untouched
  }
  for (Language lang : all_languages) {
    Language back = Language::English;
    CHECK(parse_language(language_code(lang), back));
    CHECK(back == lang);
    CHECK(*language_name(lang));
  }
  CHECK(std::string(language_name(Language::Russian)) == "Русский");
  CHECK(san_language(Language::Spanish) == SanLanguage::Spanish);
  const ExplainOptions from_language = Language::Russian;  // implicit: letters follow the language
  CHECK(from_language.notation == SanLanguage::Russian);
  const ExplainOptions international(Language::Russian, SanLanguage::English);
  CHECK(international.notation == SanLanguage::English);
}

// ---- The message table -------------------------------------------------------------------------

TEST_CASE("explain: every message id exists in all four languages, with the same placeholders",
          "[explain]") {
  REQUIRE(message_count == int(Message::ProcedureRightLostByTouch) + 1);
  std::set<std::string> keys;
  int with_article = 0;
  for (int i = 0; i < message_count; ++i) {
    const Message id = Message(i);
    const MessageInfo& info = message_info(id);
    INFO("message " << i << " " << info.key);
    CHECK(int(info.id) == i);
    REQUIRE(info.key != nullptr);
    CHECK(keys.insert(info.key).second);  // keys are unique
    const std::set<std::string> english = placeholders(message_text(id, Language::English));
    for (Language l : all_languages) {
      INFO(language_code(l));
      const char* text = message_text(id, l);
      REQUIRE(text != nullptr);
      const std::string s(text);
      CHECK_FALSE(s.empty());
      CHECK(placeholders(s) == english);
      CHECK(std::count(s.begin(), s.end(), '{') == std::count(s.begin(), s.end(), '}'));
      CHECK(has_cyrillic(s) == (l == Language::Russian));
      if (names_article(id)) {
        CHECK(contains(s, "{article}"));
        CHECK(contains(s, "{edition}"));
      } else {
        CHECK_FALSE(contains(s, "{article}"));
      }
    }
    // The translations are translations: a sentence is not left in English.
    if (info.group != MessageGroup::Name) {
      CHECK(std::string(message_text(id, Language::Portuguese)) !=
            message_text(id, Language::English));
      CHECK(std::string(message_text(id, Language::Spanish)) !=
            message_text(id, Language::English));
    }
    with_article += names_article(id);
  }
  CHECK(with_article >= 30);
}

TEST_CASE("explain: every ruling and ending message names the article that is filled in",
          "[explain]") {
  // Fill every placeholder of every message with a sample value; the article must show.
  const std::string article_2023 = "9.2.1", article_2017 = "9.2.1.1";
  for (int i = 0; i < message_count; ++i) {
    const Message id = Message(i);
    if (!names_article(id)) continue;
    for (Language l : all_languages) {
      for (const std::string& article : {article_2023, article_2017}) {
        const std::string text = render(id, l,
                                        {{"article", article},
                                         {"edition", display_name(Edition::Fide2023, l)},
                                         {"move", "4...Ng8"},
                                         {"san", "Ng8"},
                                         {"nth_time", "x"},
                                         {"times", "x"},
                                         {"occurrences", "x"},
                                         {"evidence", "x"},
                                         {"by_kind", "x"},
                                         {"reason", "x"},
                                         {"duration", "x"},
                                         {"winner", "x"},
                                         {"loser", "x"},
                                         {"Winner", "x"},
                                         {"Loser", "x"},
                                         {"Mover", "x"},
                                         {"moves", "x"}});
        INFO(message_info(id).key << " " << language_code(l) << ": " << text);
        CHECK(contains(text, "(" + std::string(display_name(Edition::Fide2023, l)) + ", "));
        CHECK(contains(text, " " + article + ")"));
        CHECK(text.find('{') == std::string::npos);
      }
    }
  }
}

TEST_CASE("explain: English names agree with the core's to_string", "[explain]") {
  for (int t = 0; t <= int(Termination::IllegalPositionDraw); ++t)
    CHECK(std::string(display_name(Termination(t), Language::English)) ==
          to_string(Termination(t)));
  for (ClaimKind k : {ClaimKind::Threefold, ClaimKind::FiftyMoves})
    CHECK(std::string(display_name(k, Language::English)) == to_string(k));
  for (TimeControl tc : {TimeControl::Standard, TimeControl::Rapid, TimeControl::Blitz})
    CHECK(std::string(display_name(tc, Language::English)) == to_string(tc));
  for (int e = int(GameError::GameOver); e <= int(GameError::NotApplicable); ++e)
    CHECK(std::string(describe(GameError(e), Language::English)) == to_string(GameError(e)));
  for (int i = 0; i <= int(Inadmissible::PieceTouched); ++i)
    CHECK(std::string(describe(Inadmissible(i), Language::English)) == to_string(Inadmissible(i)));
}

TEST_CASE("explain: names in four languages", "[explain]") {
  CHECK(std::string(display_name(ClaimKind::Threefold, Language::Portuguese)) ==
        "tripla repetição");
  CHECK(std::string(display_name(ClaimKind::FiftyMoves, Language::Spanish)) ==
        "regla de los 50 movimientos");
  CHECK(std::string(display_name(ClaimKind::Threefold, Language::Russian)) ==
        "троекратное повторение позиции");
  CHECK(std::string(display_name(Termination::Stalemate, Language::Portuguese)) == "afogamento");
  CHECK(std::string(display_name(Termination::Stalemate, Language::Spanish)) == "ahogado");
  CHECK(std::string(display_name(Termination::Stalemate, Language::Russian)) == "пат");
  CHECK(std::string(display_name(Termination::DeadPosition, Language::Russian)) ==
        "мёртвая позиция");
  CHECK(std::string(display_name(Termination::Checkmate, Language::Spanish)) == "jaque mate");
  CHECK(std::string(display_name(TimeControl::Blitz, Language::Spanish)) == "relámpago");
  CHECK(std::string(display_name(Color::Black, Language::Portuguese)) == "as pretas");
  CHECK(std::string(describe(GameError::IllegalMove, Language::Russian)) == "невозможный ход");
  CHECK(std::string(describe(Inadmissible::NotOnMove, Language::Spanish)) ==
        "el reclamante no está en juego");
  CHECK(display_name(Edition::Fide2023, Language::English) == "FIDE 2023");
  CHECK(display_name(Edition::Fide1997, Language::Portuguese) == "FIDE 1997");
  CHECK(display_name(Edition::Fide2017, Language::Russian) == "ФИДЕ 2017");
  CHECK(full_name(Edition::Fide2017, Language::English) ==
        "FIDE Laws of Chess in force from 1 July 2017");
  CHECK(full_name(Edition::Fide2018, Language::English) ==
        "FIDE Laws of Chess in force from 1 January 2018");
  CHECK(full_name(Edition::Fide2023, Language::Spanish) ==
        "Leyes del Ajedrez de la FIDE en vigor desde el 1 de enero de 2023");
  CHECK(full_name(Edition::Fide2009, Language::Russian) ==
        "Правила игры в шахматы ФИДЕ, действующие с 1 июля 2009 года");
  for (Language l : all_languages)
    for (Edition e : all_editions) {
      check_text(display_name(e, l), l);
      check_text(full_name(e, l), l);
    }
}

TEST_CASE("explain: plurals, ordinals and durations in each language", "[explain]") {
  using detail::plural_form;
  for (long long n : {1, 21, 101, 1001}) CHECK(plural_form(Language::Russian, n) == 0);
  for (long long n : {2, 3, 4, 22, 34, 102}) CHECK(plural_form(Language::Russian, n) == 1);
  for (long long n : {0, 5, 11, 12, 13, 14, 19, 20, 25, 100, 111, 112})
    CHECK(plural_form(Language::Russian, n) == 2);
  CHECK(plural_form(Language::English, 1) == 0);
  CHECK(plural_form(Language::Portuguese, 2) == 2);

  const Rules rules{};
  const ExplainOptions en(Language::English), ru(Language::Russian), pt(Language::Portuguese),
      es(Language::Spanish);
  const detail::Explainer xen(en, rules), xru(ru, rules), xpt(pt, rules), xes(es, rules);
  CHECK(xen.duration(120) == "2 minutes");
  CHECK(xen.duration(60) == "1 minute");
  CHECK(xen.duration(90) == "90 seconds");
  CHECK(xru.duration(60) == "1 минуту");
  CHECK(xru.duration(120) == "2 минуты");
  CHECK(xru.duration(180) == "3 минуты");
  CHECK(xru.duration(300) == "5 минут");
  CHECK(xru.duration(21) == "21 секунду");
  CHECK(xpt.duration(60) == "1 minuto");
  CHECK(xes.duration(180) == "3 minutos");
  CHECK(xen.halfmoves(1) == "1 half-move");
  CHECK(xen.halfmoves(99) == "99 half-moves");
  CHECK(xru.halfmoves(99) == "99 полуходов");
  CHECK(xru.halfmoves(22) == "22 полухода");
  CHECK(xru.halfmoves(101) == "101 полуход");
  CHECK(xpt.halfmoves(2) == "2 meios-lances");
  CHECK(xes.halfmoves(1) == "1 semijugada");
  CHECK(xen.times(1) == "once");
  CHECK(xen.times(2) == "twice");
  CHECK(xen.times(4) == "4 times");
  CHECK(xru.times(2) == "два раза");
  CHECK(xru.times(3) == "3 раза");
  CHECK(xru.times(5) == "5 раз");
  CHECK(xes.times(2) == "dos veces");
  CHECK(xen.nth_time(3) == "for the third time");
  CHECK(xen.nth_time(11) == "for the 11th time");
  CHECK(xen.nth_time(21) == "for the 21st time");
  CHECK(xen.nth_time(22) == "for the 22nd time");
  CHECK(xen.nth_time(23) == "for the 23rd time");
  CHECK(xen.nth_time(112) == "for the 112th time");
  CHECK(xpt.nth_time(3) == "pela terceira vez");
  CHECK(xpt.nth_time(12) == "pela 12.ª vez");
  CHECK(xes.nth_time(4) == "por cuarta vez");
  CHECK(xru.nth_time(2) == "во второй раз");
  CHECK(xru.nth_time(15) == "в 15-й раз");
  CHECK(detail::Explainer::clock(420) == "7:00");
  CHECK(detail::Explainer::clock(65) == "1:05");
  for (const detail::Vocabulary& v : detail::vocabulary) {
    for (const char* w : v.minute) CHECK(*w);
    for (const char* w : v.second) CHECK(*w);
    for (const char* w : v.halfmove) CHECK(*w);
    for (const char* w : v.times) CHECK(*w);
    for (const char* w : v.nth_time) CHECK(*w);
    CHECK(*v.once);
    CHECK(*v.twice);
    CHECK(contains(v.nth_time_other, "{n}"));
  }
}

TEST_CASE("explain: placeholders are filled by name; unknown ones stay", "[explain]") {
  CHECK(fill_placeholders("a {x} b {y} {x}", {{"x", "1"}, {"y", "22"}}) == "a 1 b 22 1");
  CHECK(fill_placeholders("{z} and {x}", {{"x", "1"}}) == "{z} and 1");
  CHECK(fill_placeholders("no braces", {}) == "no braces");
  CHECK(fill_placeholders("open { only", {{"x", "1"}}) == "open { only");
  CHECK(render(Message::AfterMove, Language::Spanish, {{"move", "4...Cg8"}}) == "tras 4...Cg8");
}

// ---- Rulings on threefold claims, through Game
// ---------------------------------------------------

TEST_CASE("explain: a correct threefold claim by written move (9.2.1), in four languages",
          "[explain]") {
  Game g = knights_game();
  const Claim c = claim_of(ClaimKind::Threefold, Color::Black, san(g, "Ng8"));
  const Ruling r = g.claim(c);
  REQUIRE(r.correct);
  CHECK(explain(r, g, Language::English) ==
        "Correct claim of a draw by threefold repetition (FIDE 2023, Article 9.2.1): after the "
        "written move 4...Ng8 "
        "the same position would appear for the third time (at the start of the game, after "
        "2...Ng8 and after "
        "4...Ng8). The game is drawn.");
  CHECK(explain(r, g, Language::Portuguese) ==
        "Reclamação correta de empate por tripla repetição (FIDE 2023, artigo 9.2.1): com o lance "
        "anotado 4...Cg8, "
        "a mesma posição está prestes a aparecer pela terceira vez (no início da partida, após "
        "2...Cg8 e após "
        "4...Cg8). A partida está empatada.");
  CHECK(explain(r, g, Language::Spanish) ==
        "Reclamación correcta de tablas por triple repetición (FIDE 2023, artículo 9.2.1): con la "
        "jugada anotada "
        "4...Cg8, la misma posición va a producirse por tercera vez (al inicio de la partida, tras "
        "2...Cg8 y tras "
        "4...Cg8). La partida es tablas.");
  CHECK(explain(r, g, Language::Russian) ==
        "Обоснованное требование ничьей ввиду троекратного повторения позиции (ФИДЕ 2023, статья "
        "9.2.1): после "
        "записанного хода 4...Кg8 одна и та же позиция возникнет в третий раз (в начале партии, "
        "после 2...Кg8 и "
        "после 4...Кg8). Партия закончилась вничью.");
  // International letters on request.
  CHECK(
      contains(explain(r, g, ExplainOptions(Language::Russian, SanLanguage::English)), "4...Ng8"));
  CHECK(
      contains(explain(r, g, ExplainOptions(Language::English, SanLanguage::Figurine)), "4...♘g8"));
  // The game ended under the article of the way the claim was made.
  CHECK(explain_ending(g, Language::English) ==
        "Draw by threefold repetition, on a correct claim by the player having the move (FIDE "
        "2023, Article 9.2.1).");
  CHECK(
      explain_ending(g, Language::Spanish) ==
      "Tablas por triple repetición, tras una reclamación correcta del jugador que estaba en juego "
      "(FIDE 2023, artículo 9.2.1).");
  for (Language l : all_languages) check_text(explain_ending(g, l), l, "9.2.1");
}

TEST_CASE(
    "explain: a correct threefold claim on the board (9.2.2), and at a fourth occurrence (E15)",
    "[explain]") {
  Game g = knights_game();
  play_san(g, {"Ng8"});
  Game later = g;
  const Claim c = claim_of(ClaimKind::Threefold, Color::White);
  const Ruling r = g.claim(c);
  REQUIRE(r.correct);
  CHECK(explain(r, g, Language::English) ==
        "Correct claim of a draw by threefold repetition (FIDE 2023, Article 9.2.2): the same "
        "position has just "
        "appeared for the third time (at the start of the game, after 2...Ng8 and after 4...Ng8). "
        "The game is drawn.");
  CHECK(explain(r, g, Language::Russian) ==
        "Обоснованное требование ничьей ввиду троекратного повторения позиции (ФИДЕ 2023, статья "
        "9.2.2): одна и та "
        "же позиция только что возникла в третий раз (в начале партии, после 2...Кg8 и после "
        "4...Кg8). "
        "Партия закончилась вничью.");
  for (Language l : all_languages) check_text(explain(r, g, l), l, "9.2.2");

  // Nobody claims; at the fourth occurrence the claim is as good.
  play_san(later, {"Nf3", "Nf6", "Ng1", "Ng8"});
  const Ruling fourth = later.claim(c);
  REQUIRE(fourth.correct);
  CHECK(contains(explain(fourth, later, Language::English),
                 "appeared for the fourth time (at the start of the game, after 2...Ng8, after "
                 "4...Ng8 and after "
                 "6...Ng8)"));
  CHECK(contains(explain(fourth, later, Language::Portuguese), "pela quarta vez"));
  CHECK(contains(explain(fourth, later, Language::Russian), "в четвёртый раз"));
}

TEST_CASE(
    "explain: an incorrect threefold claim on the board: evidence, penalty, the claim as an offer",
    "[explain]") {
  Game g = knights_game();
  const Claim c = claim_of(ClaimKind::Threefold, Color::Black);
  const Ruling r = g.claim(c);
  REQUIRE(r.admissible());
  REQUIRE_FALSE(r.correct);
  CHECK(explain(r, g, Language::English) ==
        "Incorrect claim of a draw by threefold repetition (FIDE 2023, Article 9.2.2): the "
        "position on the board has "
        "appeared only twice (after 2.Ng1 and after 4.Ng1). Penalty (FIDE 2023, Article 9.5.3): "
        "the arbiter adds "
        "2 minutes to the opponent's remaining time, and the game continues. The claim also counts "
        "as a draw offer, "
        "which the opponent may accept (FIDE 2023, Article 9.1.2.3).");
  CHECK(explain(r, g, Language::Portuguese) ==
        "Reclamação incorreta de empate por tripla repetição (FIDE 2023, artigo 9.2.2): a posição "
        "no tabuleiro "
        "apareceu apenas duas vezes (após 2.Cg1 e após 4.Cg1). Penalidade (FIDE 2023, artigo "
        "9.5.3): o árbitro "
        "acrescenta 2 minutos ao tempo restante do adversário, e a partida continua. A reclamação "
        "também vale como "
        "oferta de empate, que o adversário pode aceitar (FIDE 2023, artigo 9.1.2.3).");
  CHECK(explain(r, g, Language::Spanish) ==
        "Reclamación incorrecta de tablas por triple repetición (FIDE 2023, artículo 9.2.2): la "
        "posición del tablero "
        "solo se ha producido dos veces (tras 2.Cg1 y tras 4.Cg1). Sanción (FIDE 2023, artículo "
        "9.5.3): el árbitro "
        "añade 2 minutos al tiempo restante del adversario, y la partida continúa. La reclamación "
        "también cuenta como "
        "oferta de tablas, que el adversario puede aceptar (FIDE 2023, artículo 9.1.2.3).");
  CHECK(explain(r, g, Language::Russian) ==
        "Необоснованное требование ничьей ввиду троекратного повторения позиции (ФИДЕ 2023, статья "
        "9.2.2): позиция "
        "на доске возникала всего два раза (после 2.Кg1 и после 4.Кg1). Наказание (ФИДЕ 2023, "
        "статья 9.5.3): арбитр "
        "добавляет 2 минуты к оставшемуся времени соперника, и партия продолжается. Требование "
        "также считается "
        "предложением ничьей, которое соперник может принять (ФИДЕ 2023, статья 9.1.2.3).");
}

TEST_CASE("explain: an incorrect threefold claim by written move: the move must be played (9.5.3)",
          "[explain]") {
  Game g(Position::startpos(), options_for(Edition::Fide2023));
  play_san(g, {"Nf3", "Nf6", "Ng1"});
  const Claim c = claim_of(ClaimKind::Threefold, Color::Black, san(g, "Ng8"));
  const Ruling r = g.claim(c);
  REQUIRE(r.admissible());
  REQUIRE_FALSE(r.correct);
  CHECK(explain(r, g, Language::English) ==
        "Incorrect claim of a draw by threefold repetition (FIDE 2023, Article 9.2.1): after the "
        "written move 2...Ng8 "
        "the position would appear only for the second time (at the start of the game and after "
        "2...Ng8). Penalty "
        "(FIDE 2023, Article 9.5.3): the arbiter adds 2 minutes to the opponent's remaining time, "
        "and the game "
        "continues. The written move Ng8 must now be played. The claim also counts as a draw "
        "offer, which the "
        "opponent may accept (FIDE 2023, Article 9.1.2.3).");
  CHECK(
      contains(explain(r, g, Language::Portuguese), "O lance anotado Cg8 deve agora ser jogado."));
  CHECK(contains(explain(r, g, Language::Spanish), "Ahora debe realizarse la jugada anotada Cg8."));
  CHECK(contains(explain(r, g, Language::Russian), "Записанный ход Кg8 должен быть сделан."));
  CHECK(contains(explain(r, g, Language::Russian), "возникла бы лишь во второй раз"));
  // Without the claim, the written move comes from the ruling (must_play).
  for (Language l : all_languages) {
    check_text(explain(r, g, l), l, "9.2.1");
  }
  // The explanation is the one for the record as it stood; the game goes on with Ng8.
  CHECK(g.play_san("Nh5").error() == GameError::MustPlayIntendedMove);
  CHECK(g.play_san("Ng8"));
}

TEST_CASE("explain: an illegal written move: the same piece must move (E1)", "[explain]") {
  Game g = knights_game();
  const Claim c = claim_of(ClaimKind::Threefold, Color::Black, Move(Square::F6, Square::F4));
  const Ruling r = g.claim(c);
  REQUIRE(r.intended_illegal);
  CHECK(explain(r, g, Language::English) ==
        "Incorrect claim of a draw by threefold repetition (FIDE 2023, Article 9.2.1): the written "
        "move is illegal, "
        "so the position cannot appear. Penalty (FIDE 2023, Article 9.5.3): the arbiter adds 2 "
        "minutes to the "
        "opponent's remaining time, and the game continues. Another move must be made with the "
        "same piece (the one "
        "on f6). The claim also counts as a draw offer, which the opponent may accept (FIDE 2023, "
        "Article 9.1.2.3).");
  for (Language l : all_languages) check_text(explain(r, g, l), l, "f6");

  // A written move of a piece that has no legal move: any legal move may be made.
  Game h = knights_game();
  const Ruling any =
      h.claim(claim_of(ClaimKind::Threefold, Color::Black, Move(Square::A8, Square::A5)));
  REQUIRE(any.intended_illegal);
  REQUIRE(any.must_move_from == Square::None);
  CHECK(
      contains(explain(any, h, Language::English),
               "The piece of the written move has no legal move, so any legal move may be made."));
  for (Language l : all_languages) check_text(explain(any, h, l), l);
}

TEST_CASE(
    "explain: a written move from an empty square says there is no piece there (E1), in four "
    "languages",
    "[explain]") {
  // Before, it said "the piece of the written move has no legal move": there is no piece.
  Game g = knights_game();
  const Ruling r =
      g.claim(claim_of(ClaimKind::Threefold, Color::Black, Move(Square::H5, Square::H8)));
  REQUIRE(r.intended_illegal);
  REQUIRE(r.must_move_from == Square::None);
  const std::string expected[] = {
      "There is no piece on h5, so any legal move may be made.",
      "Não há nenhuma peça em h5, portanto qualquer lance legal pode ser feito.",
      "No hay ninguna pieza en h5, por lo que puede realizarse cualquier jugada legal.",
      "На поле h5 нет фигуры, поэтому можно сделать любой возможный ход."};
  for (Language l : all_languages) {
    const std::string text = explain(r, g, l);
    check_text(text, l);
    CHECK(contains(text, expected[int(l)]));
  }
  CHECK(!contains(explain(r, g, Language::English), "has no legal move"));

  // The opponent's piece on the written move's square: not the claimant's.
  Game h = knights_game();
  const Ruling theirs =
      h.claim(claim_of(ClaimKind::Threefold, Color::Black, Move(Square::E2, Square::E4)));
  REQUIRE(theirs.intended_illegal);
  CHECK(contains(explain(theirs, h, Language::English),
                 "The piece on e2 is not the claimant's, so any legal move may be made."));
  for (Language l : all_languages) check_text(explain(theirs, h, l), l, "e2");
}

TEST_CASE(
    "explain: inadmissible claims: not on move (9.2), after touching a piece (9.4), game over",
    "[explain]") {
  Game g = knights_game();
  const Claim white = claim_of(ClaimKind::Threefold, Color::White);
  const Ruling not_on_move = g.claim(white);
  REQUIRE(not_on_move.inadmissible == Inadmissible::NotOnMove);
  CHECK(explain(not_on_move, g, Language::English) ==
        "The claim of a draw by threefold repetition is not admissible: the claimant does not have "
        "the move "
        "(FIDE 2023, Article 9.2.2).");
  CHECK(explain(not_on_move, g, Language::Portuguese) ==
        "A reclamação de empate por tripla repetição não é admissível: o reclamante não tem a vez "
        "de jogar "
        "(FIDE 2023, artigo 9.2.2).");
  CHECK(explain(not_on_move, g, Language::Spanish) ==
        "La reclamación de tablas por triple repetición no es admisible: el reclamante no está en "
        "juego "
        "(FIDE 2023, artículo 9.2.2).");
  CHECK(explain(not_on_move, g, Language::Russian) ==
        "Требование ничьей ввиду троекратного повторения позиции недопустимо: заявляющий ничью "
        "игрок не имеет "
        "очереди хода (ФИДЕ 2023, статья 9.2.2).");

  REQUIRE(g.touch_piece(Color::Black, Square::F6));
  const Claim black = claim_of(ClaimKind::Threefold, Color::Black, san(g, "Ng8"));
  const Ruling touched = g.claim(black);
  REQUIRE(touched.inadmissible == Inadmissible::PieceTouched);
  CHECK(explain(touched, g, Language::English) ==
        "The claim of a draw by threefold repetition is not admissible: the claimant touched a "
        "piece with intent to "
        "move it (FIDE 2023, Article 9.4).");
  for (Language l : all_languages) check_text(explain(touched, g, l), l, "9.4");

  Game over = knights_game();
  REQUIRE(over.claim(black).correct);
  const Claim again = claim_of(ClaimKind::FiftyMoves, Color::Black);
  const Ruling late = over.claim(again);
  REQUIRE(late.inadmissible == Inadmissible::GameOver);
  CHECK(
      explain(late, over, Language::English) ==
      "The claim of a draw under the fifty-move rule is not admissible: the game has already ended "
      "(FIDE 2023, Article 9.3.2).");
  CHECK(explain(late, over, Language::Spanish) ==
        "La reclamación de tablas por la regla de los 50 movimientos no es admisible: la partida "
        "ya ha terminado "
        "(FIDE 2023, artículo 9.3.2).");
  for (Language l : all_languages) check_text(explain(late, over, l), l, "9.3.2");
}

TEST_CASE("explain: each edition names its own articles and penalty", "[explain]") {
  struct Case {
    Edition edition;
    const char* intended;  // 9.2.1 in 2023
    const char* on_board;  // 9.2.2 in 2023
    const char* penalty;
    const char* minutes;
  };
  const Case cases[] = {
      {Edition::Fide1997, "9.2(a)", "9.2(b)", "9.5(b)", "3 minutes"},
      {Edition::Fide2001, "9.2(a)", "9.2(b)", "9.5", "3 minutes"},
      {Edition::Fide2005, "9.2(a)", "9.2(b)", "9.5", "3 minutes"},
      {Edition::Fide2009, "9.2 a", "9.2 b", "9.5 b", "3 minutes"},
      {Edition::Fide2014, "9.2 a", "9.2 b", "9.5 b", "2 minutes"},
      {Edition::Fide2017, "9.2.1.1", "9.2.1.2", "9.5.3", "2 minutes"},
      {Edition::Fide2018, "9.2.1.1", "9.2.1.2", "9.5.3", "2 minutes"},
      {Edition::Fide2023, "9.2.1", "9.2.2", "9.5.3", "2 minutes"},
  };
  for (const Case& k : cases) {
    const std::string edition = display_name(k.edition, Language::English);
    INFO(edition);
    // Correct, by written move.
    Game g = knights_game(k.edition);
    const Claim by_move = claim_of(ClaimKind::Threefold, Color::Black, san(g, "Ng8"));
    const Ruling correct = g.claim(by_move);
    REQUIRE(correct.correct);
    const std::string text = explain(correct, g, Language::English);
    CHECK(contains(text, "(" + edition + ", Article " + k.intended + "):"));
    // "9.2.1" for 2023, "9.2.1.1" for 2017: the exact number, not a prefix of another.
    if (k.edition == Edition::Fide2023) CHECK_FALSE(contains(text, "9.2.1.1"));
    for (Language l : all_languages) check_text(explain(correct, g, l), l, k.intended);
    CHECK(contains(explain_ending(g, Language::English),
                   std::string("Article ") + k.intended + ")."));

    // Incorrect, on the board: the edition's penalty.
    Game h = knights_game(k.edition);
    const Claim on_board = claim_of(ClaimKind::Threefold, Color::Black);
    const Ruling incorrect = h.claim(on_board);
    REQUIRE_FALSE(incorrect.correct);
    const std::string wrong = explain(incorrect, h, Language::English);
    CHECK(contains(wrong, "(" + edition + ", Article " + k.on_board + "):"));
    CHECK(contains(wrong, "Penalty (" + edition + ", Article " + k.penalty +
                              "): the arbiter adds " + k.minutes));
    // 1997-2005 also take time from the claimant (here not given: the rule is stated).
    CHECK(contains(wrong, "The claimant also loses half of the remaining time") ==
          (k.edition == Edition::Fide1997));
    CHECK(contains(wrong, "The claimant also loses time: with more than 2 minutes left") ==
          (k.edition == Edition::Fide2001 || k.edition == Edition::Fide2005));
    // 1997 and 2001: a claim is not a draw offer.
    CHECK(contains(wrong, "draw offer") == laws(k.edition).claim_is_offer);
    for (Language l : all_languages) {
      check_text(explain(incorrect, h, l), l, k.on_board);
      check_text(explain(incorrect, h, l), l, k.penalty);
    }
  }
}

TEST_CASE(
    "explain: the claimant's own time after an incorrect claim (1997, 2001) and the minutes in "
    "Russian",
    "[explain]") {
  Game g = knights_game(Edition::Fide1997);
  const Claim c = claim_of(ClaimKind::Threefold, Color::Black, Move::none(), 600);
  const Ruling r = g.claim(c);
  REQUIRE(r.claimant_seconds_after == 420);
  CHECK(contains(explain(r, g, Language::English),
                 "Penalty (FIDE 1997, Article 9.5(b)): the arbiter adds 3 minutes to the "
                 "opponent's remaining time, "
                 "and the game continues. The claimant's remaining time is now 7:00."));
  CHECK(contains(explain(r, g, Language::Spanish),
                 "El tiempo restante del reclamante queda en 7:00."));
  CHECK(contains(explain(r, g, Language::Russian), "арбитр добавляет 3 минуты"));
  CHECK(contains(explain(r, g, Language::Russian),
                 "Теперь у заявившего ничью игрока остаётся 7:00."));

  Game h = knights_game(Edition::Fide2001);
  const Claim short_of_time = claim_of(ClaimKind::Threefold, Color::Black, Move::none(), 90);
  const Ruling s = h.claim(short_of_time);
  REQUIRE(s.claimant_seconds_after == 60);
  CHECK(contains(explain(s, h, Language::Portuguese),
                 "O tempo restante do reclamante passa a ser 1:00."));

  // Rapid and blitz 2023: one minute (A.3; blitz through B.3).
  for (TimeControl tc : {TimeControl::Rapid, TimeControl::Blitz}) {
    Game q = knights_game(Edition::Fide2023, tc);
    const Claim on_board = claim_of(ClaimKind::Threefold, Color::Black);
    const Ruling p = q.claim(on_board);
    const std::string article = tc == TimeControl::Rapid ? "A.3" : "B.3";
    CHECK(contains(explain(p, q, Language::English),
                   "Penalty (FIDE 2023, Article " + article + "): the arbiter adds 1 minute to"));
    CHECK(contains(explain(p, q, Language::Russian),
                   "статья " + article + "): арбитр добавляет 1 минуту"));
    CHECK(contains(explain(p, q, Language::Portuguese), "o árbitro acrescenta 1 minuto ao"));
  }

  // Where the event forbids agreements, the claim is no offer (9.1.1, E21).
  GameOptions no_agreements = options_for(Edition::Fide2023);
  no_agreements.agreements_allowed = false;
  Game n(Position::startpos(), no_agreements);
  play_san(n, {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"});
  const Claim on_board = claim_of(ClaimKind::Threefold, Color::Black);
  const Ruling no_offer = n.claim(on_board);
  CHECK_FALSE(contains(explain(no_offer, n, Language::English), "draw offer"));
}

// ---- Rulings on fifty-move claims
// ------------------------------------------------------------------

TEST_CASE(
    "explain: fifty-move claims: correct by written move (9.3.1), incorrect on the board (9.3.2)",
    "[explain]") {
  {
    Game g = fifty_game();
    const Claim c = claim_of(ClaimKind::FiftyMoves, Color::White, san(g, "Ra4"));
    const Ruling r = g.claim(c);
    REQUIRE(r.correct);
    CHECK(explain(r, g, Language::English) ==
          "Correct claim of a draw under the fifty-move rule (FIDE 2023, Article 9.3.1): the "
          "written move 71.Ra4 "
          "completes 50 moves by each player without any pawn move or capture (100 half-moves, 97 "
          "of them counted by "
          "the halfmove clock of the starting position). The game is drawn.");
    CHECK(explain(r, g, Language::Portuguese) ==
          "Reclamação correta de empate pela regra dos 50 lances (FIDE 2023, artigo 9.3.1): o "
          "lance anotado 71.Ta4 "
          "completa 50 lances de cada jogador sem movimento de peão e sem captura (100 "
          "meios-lances, dos quais 97 "
          "contados pelo contador de meios-lances da posição inicial). A partida está empatada.");
    CHECK(explain(r, g, Language::Spanish) ==
          "Reclamación correcta de tablas por la regla de los 50 movimientos (FIDE 2023, artículo "
          "9.3.1): la jugada "
          "anotada 71.Ta4 completa 50 movimientos de cada jugador sin mover ningún peón y sin "
          "ninguna captura "
          "(100 semijugadas, 97 de ellas según el contador de semijugadas de la posición inicial). "
          "La partida es "
          "tablas.");
    CHECK(explain(r, g, Language::Russian) ==
          "Обоснованное требование ничьей по правилу 50 ходов (ФИДЕ 2023, статья 9.3.1): "
          "записанный ход 71.Лa4 "
          "завершает 50 ходов каждого игрока без продвижения какой-либо пешки и без какого-либо "
          "взятия "
          "(100 полуходов, из них 97 — по счётчику полуходов начальной позиции). Партия "
          "закончилась вничью.");
    // Without the claim the ruling does not record the move: it is not named.
    CHECK(explain(r, g, Language::English) ==
          "Correct claim of a draw under the fifty-move rule (FIDE 2023, Article 9.3.1): the "
          "written move 71.Ra4 completes "
          "50 moves by each player without any pawn move or capture (100 half-moves, 97 of them "
          "counted by the "
          "halfmove clock of the starting position). The game is drawn.");
    CHECK(explain_ending(g, Language::English) ==
          "Draw under the fifty-move rule, on a correct claim by the player having the move "
          "(FIDE 2023, Article 9.3.1).");
    for (Language l : all_languages) {
      check_text(explain(r, g, l), l, "9.3.1");
      check_text(explain(r, g, l), l, "9.3.1");
      check_text(explain_ending(g, l), l, "9.3.1");
    }
  }
  {
    Game g = fifty_game();
    const Claim c = claim_of(ClaimKind::FiftyMoves, Color::White);
    const Ruling r = g.claim(c);
    REQUIRE_FALSE(r.correct);
    CHECK(explain(r, g, Language::English) ==
          "Incorrect claim of a draw under the fifty-move rule (FIDE 2023, Article 9.3.2): 50 "
          "moves by each player "
          "without any pawn move or capture have not been completed (99 half-moves, 97 of them "
          "counted by the "
          "halfmove clock of the starting position; 100 are needed). Penalty (FIDE 2023, Article "
          "9.5.3): the arbiter "
          "adds 2 minutes to the opponent's remaining time, and the game continues. The claim also "
          "counts as a draw "
          "offer, which the opponent may accept (FIDE 2023, Article 9.1.2.3).");
    for (Language l : all_languages) check_text(explain(r, g, l), l, "9.3.2");
    // Black, after 71.Ra4, may claim on the board.
    play_san(g, {"Ra4"});
    const Claim black = claim_of(ClaimKind::FiftyMoves, Color::Black);
    const Ruling b = g.claim(black);
    REQUIRE(b.correct);
    CHECK(explain(b, g, Language::English) ==
          "Correct claim of a draw under the fifty-move rule (FIDE 2023, Article 9.3.2): the last "
          "50 moves by each "
          "player have been completed without any pawn move or capture (100 half-moves, 97 of them "
          "counted by the "
          "halfmove clock of the starting position). The game is drawn.");
    for (Language l : all_languages) check_text(explain(b, g, l), l, "9.3.2");
  }
}

TEST_CASE(
    "explain: fifty-move claims: a written pawn move (E16), an illegal written move, too few moves",
    "[explain]") {
  {
    Game g = fifty_game();
    const Claim c = claim_of(ClaimKind::FiftyMoves, Color::White, san(g, "b4"));
    const Ruling r = g.claim(c);
    REQUIRE_FALSE(r.correct);
    CHECK(explain(r, g, Language::English) ==
          "Incorrect claim of a draw under the fifty-move rule (FIDE 2023, Article 9.3.1): the "
          "written move 71.b4 is a "
          "pawn move or a capture, which starts the count again. Penalty (FIDE 2023, Article "
          "9.5.3): the arbiter adds "
          "2 minutes to the opponent's remaining time, and the game continues. The written move b4 "
          "must now be "
          "played. The claim also counts as a draw offer, which the opponent may accept (FIDE "
          "2023, Article 9.1.2.3).");
    CHECK(
        contains(explain(r, g, Language::Russian), "записанный ход 71.b4 — ход пешкой или взятие"));
    for (Language l : all_languages) check_text(explain(r, g, l), l, "9.3.1");
  }
  {
    Game g = fifty_game();
    const Claim c = claim_of(ClaimKind::FiftyMoves, Color::White, Move(Square::A3, Square::B4));
    const Ruling r = g.claim(c);
    REQUIRE(r.intended_illegal);
    CHECK(explain(r, g, Language::English) ==
          "Incorrect claim of a draw under the fifty-move rule (FIDE 2023, Article 9.3.1): the "
          "written move is "
          "illegal, so it cannot complete the 50 moves. Penalty (FIDE 2023, Article 9.5.3): the "
          "arbiter adds 2 "
          "minutes to the opponent's remaining time, and the game continues. Another move must be "
          "made with the same "
          "piece (the one on a3). The claim also counts as a draw offer, which the opponent may "
          "accept (FIDE 2023, "
          "Article 9.1.2.3).");
    for (Language l : all_languages) check_text(explain(r, g, l), l, "a3");
  }
  {
    // Strict mode: 1.e4 Nf6 2.Nf3, Black claims: two plies since 1.e4.
    Game g(Position::startpos(), options_for(Edition::Fide2023));
    play_san(g, {"e4", "Nf6", "Nf3"});
    const Claim c = claim_of(ClaimKind::FiftyMoves, Color::Black);
    const Ruling r = g.claim(c);
    REQUIRE_FALSE(r.correct);
    CHECK(
        contains(explain(r, g, Language::English),
                 "have not been completed (2 half-moves since the last pawn move or capture, 1.e4; "
                 "100 are needed)."));
    CHECK(contains(explain(r, g, Language::Russian),
                   "(2 полухода после последнего хода пешкой или взятия, 1.e4; нужно 100)."));
    CHECK(contains(
        explain(r, g, Language::Portuguese),
        "(2 meios-lances desde o último lance de peão ou captura, 1.e4; são necessários 100)."));
    const Claim by_move = claim_of(ClaimKind::FiftyMoves, Color::Black, san(g, "Nc6"));
    Game h = g;
    const Ruling m = h.claim(by_move);
    REQUIRE_FALSE(m.correct);
    CHECK(contains(
        explain(m, h, Language::English),
        "(FIDE 2023, Article 9.3.1): even with the written move 2...Nc6, 50 moves by each player "
        "without any pawn move or capture would not be completed (3 half-moves since the last pawn "
        "move or capture, 1.e4; 100 are needed)."));
    CHECK(contains(explain(m, h, Language::Spanish), "ni siquiera con la jugada anotada 2...Cc6"));
    // A fresh game: no reset yet, counted from the start.
    Game s(Position::startpos(), options_for(Edition::Fide2023));
    play_san(s, {"Nf3"});
    const Ruling none = s.claim(c);
    CHECK(contains(explain(none, s, Language::English),
                   "(1 half-move since the start of the game; 100 are needed)"));
    CHECK(contains(explain(none, s, Language::Russian), "(1 полуход с начала партии; нужно 100)"));
  }
}

// ---- How the game ended
// --------------------------------------------------------------------------

TEST_CASE("explain: how a game ended, through Game, in four languages", "[explain]") {
  {
    Game g;
    CHECK(explain_ending(g, Language::English) == "The game is still in progress.");
    CHECK(explain_ending(g, Language::Russian) == "Партия ещё продолжается.");
  }
  {
    Game g;
    play_san(g, {"f3", "e5", "g4", "Qh4#"});
    REQUIRE(g.termination() == Termination::Checkmate);
    CHECK(explain_ending(g, Language::English) ==
          "Checkmate: Black wins the game (FIDE 2023, Article 5.1.1).");
    CHECK(explain_ending(g, Language::Portuguese) ==
          "Xeque-mate: as pretas vencem a partida (FIDE 2023, artigo 5.1.1).");
    CHECK(explain_ending(g, Language::Spanish) ==
          "Jaque mate: las negras ganan la partida (FIDE 2023, artículo 5.1.1).");
    CHECK(explain_ending(g, Language::Russian) ==
          "Мат: чёрные выигрывают партию (ФИДЕ 2023, статья 5.1.1).");
  }
  {
    Game g(position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"));
    REQUIRE(g.termination() == Termination::Stalemate);
    CHECK(explain_ending(g, Language::English) ==
          "Stalemate: the player to move has no legal move and is not in check. The game is drawn "
          "(FIDE 2023, Article 5.2.1).");
    CHECK(contains(explain_ending(g, Language::Spanish), "Ahogado:"));
    CHECK(contains(explain_ending(g, Language::Portuguese), "Afogamento:"));
    CHECK(contains(explain_ending(g, Language::Russian), "Пат:"));
  }
  {
    for (Edition e : {Edition::Fide1997, Edition::Fide2009, Edition::Fide2023}) {
      Game g(position("8/8/8/4k3/8/8/8/4K3 w - - 0 1"), options_for(e));
      REQUIRE(g.termination() == Termination::DeadPosition);
      const std::string article = laws(e).articles.dead_position;
      // 2009 repeats 5.2 b as 9.6 (spec 18 #8): both are cited.
      const std::string cited = e == Edition::Fide2009 ? article + " and 9.6" : article;
      CHECK(contains(explain_ending(g, Language::English),
                     "Dead position: neither player can checkmate"));
      CHECK(contains(explain_ending(g, Language::English), ", Article " + cited + ")."));
      CHECK(contains(explain_ending(g, Language::Russian),
                     "Мёртвая позиция: ни один из игроков не может поставить мат"));
      for (Language l : all_languages) check_text(explain_ending(g, l), l, article);
    }
  }
  {
    Game g;
    for (int i = 0; i < 4; ++i) play_san(g, {"Nf3", "Nf6", "Ng1", "Ng8"});
    REQUIRE(g.termination() == Termination::FivefoldRepetition);
    CHECK(explain_ending(g, Language::English) ==
          "Fivefold repetition: the same position has appeared at least five times. The game is "
          "drawn without a claim "
          "(FIDE 2023, Article 9.6.1).");
  }
  {
    Game g(position("4k3/8/8/8/8/8/R7/4K3 w - - 149 100"),
           options_for(Edition::Fide2023, TimeControl::Standard, true));
    play_san(g, {"Ra3"});
    REQUIRE(g.termination() == Termination::SeventyFiveMoves);
    CHECK(contains(explain_ending(g, Language::English), "(FIDE 2023, Article 9.6.2)."));
    CHECK(contains(explain_ending(g, Language::Spanish), "Regla de los 75 movimientos"));
  }
  {
    Game g;
    play_san(g, {"e4", "e5"});
    REQUIRE(g.agree_draw());
    CHECK(explain_ending(g, Language::English) ==
          "Draw by agreement between the players (FIDE 2023, Article 5.2.3).");
    CHECK(explain_ending(g, Language::Spanish) ==
          "Tablas de mutuo acuerdo entre los jugadores (FIDE 2023, artículo 5.2.3).");
  }
  {
    Game g;
    play_san(g, {"e4"});
    REQUIRE(g.resign(Color::White));
    CHECK(explain_ending(g, Language::English) ==
          "White resigned: Black wins the game (FIDE 2023, Article 5.1.2).");
    CHECK(explain_ending(g, Language::Portuguese) ==
          "As brancas abandonaram: as pretas vencem a partida (FIDE 2023, artigo 5.1.2).");
    CHECK(explain_ending(g, Language::Spanish) ==
          "Las blancas abandonaron: las negras ganan la partida (FIDE 2023, artículo 5.1.2).");
    CHECK(explain_ending(g, Language::Russian) ==
          "Белые сдались: чёрные выигрывают партию (ФИДЕ 2023, статья 5.1.2).");
  }
  {
    Game g(position("4k3/8/8/8/8/8/8/Q3K3 w - - 0 1"));
    REQUIRE(g.resign(Color::White));
    REQUIRE(g.termination() == Termination::ResignationDraw);
    CHECK(contains(explain_ending(g, Language::English),
                   "A player resigned, but the opponent could not checkmate"));
    CHECK(contains(explain_ending(g, Language::English), "(FIDE 2023, Article 5.1.2)."));
  }
  {
    Game g;
    play_san(g, {"e4"});
    REQUIRE(g.flag_fall(Color::Black));
    CHECK(explain_ending(g, Language::English) ==
          "Flag fall: Black ran out of time and White wins the game (FIDE 2023, Article 6.9).");
    CHECK(explain_ending(g, Language::Russian) ==
          "Падение флажка: чёрные просрочили время, белые выигрывают партию (ФИДЕ 2023, статья "
          "6.9).");
  }
  {
    Game g(position("4k3/8/8/8/8/8/8/Q3K3 w - - 0 1"), options_for(Edition::Fide1997));
    REQUIRE(g.flag_fall(Color::White));
    REQUIRE(g.termination() == Termination::FlagFallDraw);
    CHECK(contains(explain_ending(g, Language::English),
                   "Flag fall, but the opponent cannot checkmate"));
    CHECK(contains(explain_ending(g, Language::English), "(FIDE 1997, Article 6.9)."));
  }
  for (Edition e : {Edition::Fide2017, Edition::Fide2023}) {
    Game g(Position::startpos(), options_for(e, TimeControl::Rapid));
    REQUIRE(g.illegal_position_persisted());
    const std::string article = e == Edition::Fide2023 ? "A.5.4" : "A.4.4";
    CHECK(contains(explain_ending(g, Language::English),
                   "An illegal position (both kings in check, or a pawn on its "
                   "last rank)"));
    for (Language l : all_languages) check_text(explain_ending(g, l), l, article);
  }
}

TEST_CASE("explain: every ending in every edition where it exists names its article", "[explain]") {
  for (Edition e : all_editions) {
    Rules rules;
    rules.edition = e;
    for (int t = 1; t <= int(Termination::IllegalPositionDraw); ++t) {
      const Termination term = Termination(t);
      const std::string article = article_of(term, rules.laws());
      if (article.empty()) continue;  // e.g. no fivefold rule before 2014
      // 2009 and 2014 repeat the dead position in Article 9 (9.6, 9.7): both are cited.
      const std::string repeated =
          term == Termination::DeadPosition ? rules.laws().articles.dead_position_repeated : "";
      for (GameResult result : {GameResult::WhiteWins, GameResult::BlackWins, GameResult::Draw}) {
        for (Language l : all_languages) {
          const std::string text = explain(term, result, rules, l);
          INFO(laws(e).id << " " << to_string(term));
          check_text(text, l,
                     ", " +
                         std::string(l == Language::English      ? "Article "
                                     : l == Language::Portuguese ? "artigo "
                                     : l == Language::Spanish    ? "artículo "
                                                                 : "статья ") +
                         article +
                         (repeated.empty() ? std::string()
                                           : message_text(Message::ListAnd, l) + repeated) +
                         ")");
          CHECK(contains(text, display_name(e, l)));
        }
      }
    }
  }
  // An article passed in replaces the default (a claim cites the way it was made).
  CHECK(
      explain(Termination::ThreefoldClaim, GameResult::Draw, Rules{}, Language::English, "9.2.2") ==
      "Draw by threefold repetition, on a correct claim by the player having the move (FIDE 2023, "
      "Article 9.2.2).");
}

// ---- Available claims
// -------------------------------------------------------------------------------

TEST_CASE("explain: what the player to move could claim now", "[explain]") {
  {
    Game g;
    CHECK(explain_available_claims(g, Language::English) == "White cannot claim a draw now.");
    CHECK(explain_available_claims(g, Language::Portuguese) ==
          "As brancas não podem reclamar empate agora.");
  }
  {
    Game g = knights_game();
    CHECK(explain_available_claims(g, Language::English) ==
          "Black may claim a draw by threefold repetition by writing the intended move on the "
          "scoresheet, without "
          "playing it, and declaring to the arbiter the intention to play it (FIDE 2023, Article "
          "9.2.1). Moves that "
          "make the claim correct: Ng8.");
    CHECK(explain_available_claims(g, Language::Portuguese) ==
          "As pretas podem reclamar empate por tripla repetição anotando o lance pretendido na "
          "planilha, sem jogá-lo, "
          "e declarando ao árbitro a intenção de fazê-lo (FIDE 2023, artigo 9.2.1). Lances que "
          "tornam a reclamação "
          "correta: Cg8.");
    CHECK(explain_available_claims(g, Language::Spanish) ==
          "Las negras pueden reclamar tablas por triple repetición anotando en la planilla la "
          "jugada que se proponen "
          "realizar, sin realizarla, y declarando al árbitro su intención de realizarla (FIDE "
          "2023, artículo 9.2.1). "
          "Jugadas que hacen correcta la reclamación: Cg8.");
    CHECK(explain_available_claims(g, Language::Russian) ==
          "Чёрные могут потребовать ничью ввиду троекратного повторения позиции, записав на бланке "
          "свой ход (не делая "
          "его на доске) и заявив арбитру о намерении сделать этот ход (ФИДЕ 2023, статья 9.2.1). "
          "Ходы, при которых "
          "требование будет обоснованным: Кg8.");
    // The claims object with the record and rules gives the same.
    CHECK(explain(g.available_claims(), g.record(), g.rules(), Language::English) ==
          explain_available_claims(g, Language::English));
    REQUIRE(g.touch_piece(Color::Black, Square::F6));
    CHECK(explain_available_claims(g, Language::English) ==
          "Black touched a piece with the intention of moving or capturing it and cannot claim a "
          "draw on this move "
          "(FIDE 2023, Article 9.4).");
    for (Language l : all_languages) check_text(explain_available_claims(g, l), l, "9.4");
  }
  {
    // After 4...Ng8 White may claim on the board, and also by writing 5.Nf3.
    Game g = knights_game();
    play_san(g, {"Ng8"});
    CHECK(explain_available_claims(g, Language::English) ==
          "White may claim a draw by threefold repetition now: the position on the board has "
          "appeared at least three "
          "times (FIDE 2023, Article 9.2.2). White may claim a draw by threefold repetition by "
          "writing the intended "
          "move on the scoresheet, without playing it, and declaring to the arbiter the intention "
          "to play it "
          "(FIDE 2023, Article 9.2.1). Moves that make the claim correct: Nf3.");
    for (Language l : all_languages) {
      check_text(explain_available_claims(g, l), l, "9.2.2");
      check_text(explain_available_claims(g, l), l, "9.2.1");
    }
  }
  {
    // 99 plies: every non-pawn, non-capture move completes the fifty moves.
    Game g = fifty_game();
    const AvailableClaims claims = g.available_claims();
    REQUIRE(claims.fifty_intended.size() > 10);
    const std::string text = explain_available_claims(g, Language::English);
    CHECK(text.rfind(
              "White may claim a draw under the fifty-move rule by writing the intended move", 0) ==
          0);
    CHECK(contains(text, "(FIDE 2023, Article 9.3.1). Moves that make the claim correct: Kd1, "));
    CHECK(contains(text, " and "));
    CHECK(contains(text, " (and " + std::to_string(claims.fifty_intended.size() - 10) + " more)."));
    ExplainOptions all(Language::Portuguese);
    all.max_listed_moves = 0;  // name them all
    const std::string every = explain_available_claims(g, all);
    CHECK_FALSE(contains(every, "(e mais"));
    CHECK(contains(every, " e "));
    for (Move m : claims.fifty_intended)
      CHECK(contains(every, to_san(g.position(), m, SanLanguage::Portuguese)));
    for (Language l : all_languages) check_text(explain_available_claims(g, l), l, "9.3.1");
    play_san(g, {"Ra4"});
    CHECK(contains(explain_available_claims(g, Language::English),
                   "Black may claim a draw under the fifty-move rule now: the last 50 moves by "
                   "each player were made "
                   "without any pawn move or capture (FIDE 2023, Article 9.3.2)."));
  }
  {
    Game g;
    play_san(g, {"f3", "e5", "g4", "Qh4#"});
    CHECK(explain_available_claims(g, Language::English) ==
          "The game is over: no draw can be claimed.");
    for (Language l : all_languages) check_text(explain_available_claims(g, l), l);
  }
}

// ---- fmt formatters
// ----------------------------------------------------------------------------------

#if __has_include(<fmt/format.h>)
#include <arbiter/format_rulings.hpp>

TEST_CASE("format: simple types", "[format]") {
  CHECK(fmt::format("{}", Color::White) == "white");
  CHECK(fmt::format("{}", Color::Black) == "black");
  CHECK(fmt::format("[{:>6}]", Color::Black) == "[ black]");
  CHECK(fmt::format("{}", PieceType::Knight) == "knight");
  CHECK(fmt::format("{}", PieceType::None) == "none");
  CHECK(fmt::format("{}", Piece::WhiteKnight) == "N");
  CHECK(fmt::format("{}", Piece::BlackQueen) == "q");
  CHECK(fmt::format("{}", Piece::None) == ".");
  CHECK(fmt::format("{:u}", Piece::WhiteKing) == "♔");
  CHECK(fmt::format("{:u}", Piece::BlackPawn) == "♟");
  CHECK(fmt::format("{:l}", Piece::BlackBishop) == "black bishop");
  CHECK(fmt::format("{:l}", Piece::None) == "none");
  CHECK(fmt::format("{}", Square::E4) == "e4");
  CHECK(fmt::format("{}", Square::A1) == "a1");
  CHECK(fmt::format("{}", Square::H8) == "h8");
  CHECK(fmt::format("{}", Square::None) == "-");
  CHECK(fmt::format("[{:<4}]", Square::E4) == "[e4  ]");
  CHECK(fmt::format("[{:^6}]", Square::E4) == "[  e4  ]");
  CHECK(fmt::format("{}", Move(Square::G1, Square::F3)) == "g1f3");
  CHECK(fmt::format("{}", Move::promotion(Square::E7, Square::E8, PieceType::Queen)) == "e7e8q");
  CHECK(fmt::format("{}", Move::promotion(Square::B2, Square::A1, PieceType::Knight)) == "b2a1n");
  CHECK(fmt::format("{}", Move::castling(Square::E1, Square::H1)) == "e1h1");
  CHECK(fmt::format("{}", Move::en_passant(Square::E5, Square::D6)) == "e5d6");
  CHECK(fmt::format("{}", Move::none()) == "0000");
  CHECK(fmt::format("{}", CastlingRights(CastlingRights::All)) == "KQkq");
  CHECK(fmt::format("{}", CastlingRights(CastlingRights::WhiteKingSide |
                                         CastlingRights::BlackQueenSide)) == "Kq");
  CHECK(fmt::format("{}", CastlingRights()) == "-");
  CHECK(fmt::format("{}", GameResult::WhiteWins) == "1-0");
  CHECK(fmt::format("{}", GameResult::BlackWins) == "0-1");
  CHECK(fmt::format("{}", GameResult::Draw) == "1/2-1/2");
  CHECK(fmt::format("{}", GameResult::Ongoing) == "*");
  CHECK(fmt::format("{}", board_ending(position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"))) == "stalemate");
  CHECK(fmt::format("{}", board_ending(Position::startpos())) == "none");
  CHECK(fmt::format("{}", Language::Portuguese) == "pt");
}

TEST_CASE("format: names with a language: Termination, ClaimKind, Edition, TimeControl, errors",
          "[format]") {
  CHECK(fmt::format("{}", Termination::Checkmate) == "checkmate");
  CHECK(fmt::format("{:en}", Termination::Checkmate) == "checkmate");
  CHECK(fmt::format("{:pt}", Termination::Checkmate) == "xeque-mate");
  CHECK(fmt::format("{:es}", Termination::Stalemate) == "ahogado");
  CHECK(fmt::format("{:ru}", Termination::DeadPosition) == "мёртвая позиция");
  CHECK(fmt::format("[{:>12}]", Termination::Agreement) == "[   agreement]");
  for (int t = 0; t <= int(Termination::IllegalPositionDraw); ++t)
    CHECK(fmt::format("{}", Termination(t)) == to_string(Termination(t)));
  CHECK(fmt::format("{}", ClaimKind::Threefold) == "threefold repetition");
  CHECK(fmt::format("{}", ClaimKind::FiftyMoves) == "fifty-move rule");
  CHECK(fmt::format("{:ru}", ClaimKind::FiftyMoves) == "правило 50 ходов");
  CHECK(fmt::format("{}", Edition::Fide1997) == "FIDE 1997");
  CHECK(fmt::format("{}", Edition::Fide2001) == "FIDE 2001");
  CHECK(fmt::format("{}", Edition::Fide2005) == "FIDE 2005");
  CHECK(fmt::format("{}", Edition::Fide2009) == "FIDE 2009");
  CHECK(fmt::format("{}", Edition::Fide2014) == "FIDE 2014");
  CHECK(fmt::format("{}", Edition::Fide2017) == "FIDE 2017");
  CHECK(fmt::format("{}", Edition::Fide2018) == "FIDE 2018");
  CHECK(fmt::format("{}", Edition::Fide2023) == "FIDE 2023");
  CHECK(fmt::format("{:ru}", Edition::Fide2023) == "ФИДЕ 2023");
  CHECK(fmt::format("{}", TimeControl::Standard) == "standard");
  CHECK(fmt::format("{}", TimeControl::Rapid) == "rapid");
  CHECK(fmt::format("{}", TimeControl::Blitz) == "blitz");
  CHECK(fmt::format("{:es}", TimeControl::Blitz) == "relámpago");
  CHECK(fmt::format("{:pt}", TimeControl::Standard) == "clássico");
  CHECK(fmt::format("{}", Inadmissible::NotOnMove) == "the claimant does not have the move");
  CHECK(fmt::format("{:pt}", Inadmissible::GameOver) == "a partida já terminou");
  CHECK(fmt::format("{}", GameError::IllegalMove) == "illegal move");
  CHECK(fmt::format("{:ru}", GameError::IllegalMove) == "невозможный ход");
  CHECK(fmt::format("{}", PositionError::MissingKing) == "a side has no king");
  CHECK(fmt::format("{}", SanErrorKind::Ambiguous) == "ambiguous move");
  CHECK(fmt::format("{}", UciError::MissingPromotion) == "promotion piece missing (e.g. e7e8q)");
  const auto bad = parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1");
  REQUIRE_FALSE(bad.ok());
  CHECK(fmt::format("{}", bad.error()) == bad.error().message());
  CHECK(fmt::format("{}", bad.error()) ==
        "field 2 (side to move), character 45: side to move must be 'w' or 'b'");
}

TEST_CASE("format: Position as FEN, a board diagram in letters and in figurines", "[format]") {
  const Position start = Position::startpos();
  CHECK(fmt::format("{}", start) == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  CHECK(fmt::format("{:fen}", start) == fmt::format("{}", start));
  const std::string diagram =
      "  +-----------------+\n"
      "8 | r n b q k b n r |\n"
      "7 | p p p p p p p p |\n"
      "6 | . . . . . . . . |\n"
      "5 | . . . . . . . . |\n"
      "4 | . . . . . . . . |\n"
      "3 | . . . . . . . . |\n"
      "2 | P P P P P P P P |\n"
      "1 | R N B Q K B N R |\n"
      "  +-----------------+\n"
      "    a b c d e f g h\n"
      "White to move\n"
      "FEN: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  CHECK(fmt::format("{:d}", start) == diagram);
  CHECK(fmt::format("{:board}", start) == diagram);
  const std::string unicode =
      "  +-----------------+\n"
      "8 | ♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜ |\n"
      "7 | ♟ ♟ ♟ ♟ ♟ ♟ ♟ ♟ |\n"
      "6 | · · · · · · · · |\n"
      "5 | · · · · · · · · |\n"
      "4 | · · · · · · · · |\n"
      "3 | · · · · · · · · |\n"
      "2 | ♙ ♙ ♙ ♙ ♙ ♙ ♙ ♙ |\n"
      "1 | ♖ ♘ ♗ ♕ ♔ ♗ ♘ ♖ |\n"
      "  +-----------------+\n"
      "    a b c d e f g h\n"
      "White to move\n"
      "FEN: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  CHECK(fmt::format("{:u}", start) == unicode);
  CHECK(fmt::format("{:unicode}", start) == unicode);

  const Position after = position("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2");
  const std::string d = fmt::format("{:d}", after);
  CHECK(contains(d, "5 | . . . . p . . . |\n4 | . . . . P . . . |\n"));
  CHECK(contains(
      d, "\nWhite to move\nFEN: rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2"));
  CHECK(contains(fmt::format("{:d}", position("4k3/8/8/8/8/8/8/4K2R b K - 3 40")),
                 "\nBlack to move\nFEN: "));
  // Invalid specifications are format errors (compile-time errors where fmt checks them).
  CHECK_THROWS_AS(fmt::format(fmt::runtime("{:x}"), start), fmt::format_error);
  CHECK_THROWS_AS(fmt::format(fmt::runtime("{:q}"), Piece::WhiteKing), fmt::format_error);
  CHECK_THROWS_AS(fmt::format(fmt::runtime("{:de}"), Edition::Fide2023), fmt::format_error);
  CHECK_THROWS_AS(fmt::format(fmt::runtime("{:pt}"), Square::E4), fmt::format_error);
}

TEST_CASE("format: Claim and Ruling: one-line summaries in English", "[format]") {
  Game g = knights_game();
  const Claim on_board = claim_of(ClaimKind::Threefold, Color::Black);
  CHECK(fmt::format("{}", on_board) == "threefold repetition claim by black, on the board");
  const Claim by_move = claim_of(ClaimKind::Threefold, Color::Black, san(g, "Ng8"));
  CHECK(fmt::format("{}", by_move) == "threefold repetition claim by black, written move f6g8");

  Game h = g;
  CHECK(fmt::format("{}", h.claim(on_board)) ==
        "incorrect threefold repetition claim (9.2.2; the position occurred at plies 3, 7): +120 s "
        "to the opponent "
        "(9.5.3); stands as a draw offer");
  CHECK(fmt::format("{}", g.claim(claim_of(ClaimKind::Threefold, Color::White))) ==
        "inadmissible threefold repetition claim (9.2.2): the claimant does not have the move");
  CHECK(fmt::format("{}", g.claim(by_move)) ==
        "correct threefold repetition claim with a written move (9.2.1; the position occurred at "
        "plies 0, 4, 8): "
        "the game is drawn");

  Game f = fifty_game();
  CHECK(fmt::format("{}", f.claim(claim_of(ClaimKind::FiftyMoves, Color::White, san(f, "b4")))) ==
        "incorrect fifty-move rule claim with a written move (9.3.1; 0 plies without pawn move or "
        "capture since "
        "ply 3): +120 s to the opponent (9.5.3); must play b2b4; stands as a draw offer");
  Game e(Position::startpos(), options_for(Edition::Fide1997));
  play_san(e, {"e4", "Nf6", "Nf3"});
  CHECK(fmt::format("{}",
                    e.claim(claim_of(ClaimKind::FiftyMoves, Color::Black, Move::none(), 600))) ==
        "incorrect fifty-move rule claim (9.3(b); 2 plies without pawn move or capture since ply "
        "1): +180 s to the "
        "opponent (9.5(b)); the claimant keeps 420 s");
}

TEST_CASE("format: explanations print through fmt", "[format]") {
  Game g = knights_game();
  const Claim c = claim_of(ClaimKind::Threefold, Color::Black, san(g, "Ng8"));
  const Ruling r = g.claim(c);
  CHECK(fmt::format("{}: {}", Edition::Fide2023, explain(r, g, Language::Russian)) ==
        "FIDE 2023: " + explain(r, g, Language::Russian));
  CHECK(fmt::format("{} ({})", g.termination(), g.result()) ==
        "threefold repetition claim (1/2-1/2)");
}
#endif
