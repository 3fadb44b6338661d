#pragma once
// Explanations of rulings, game endings and available claims, in English, Portuguese,
// Spanish and Russian, for arbiters and players: each sentence names the article of the
// rules edition in use and the evidence (moves in SAN with their numbers). No fmt: the
// text is built with std::string, so GUIs and tools without fmt can use it;
// format.hpp builds its formatters on top of it.
//
// Every sentence comes from one table, detail::message_table: one row per message id
// (Message), one column per language, with named placeholders such as {article},
// {edition}, {move} that the explain functions fill in. Vocabulary that needs grammar
// (plurals, ordinals, durations) is in detail::vocabulary, one row per language.
//
// The texts are UTF-8 (Russian in Cyrillic). MSVC users compile with /utf-8.

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "game.hpp"

namespace arbiter {

// ---- Languages ----------------------------------------------------------------------------

/// The languages of the explanations.
enum class Language : std::uint8_t { English, Portuguese, Spanish, Russian };
/// The number of languages.
inline constexpr int language_count = 4;
/// Every language, in the order of the message table's columns.
inline constexpr Language all_languages[language_count] = {Language::English, Language::Portuguese,
                                                           Language::Spanish, Language::Russian};

/// The ISO 639-1 code: "en", "pt", "es", "ru".
constexpr const char* language_code(Language l) noexcept {
  constexpr const char* codes[language_count] = {"en", "pt", "es", "ru"};
  return codes[int(l)];
}

/// The language's name for itself: "English", "Português", "Español", "Русский".
constexpr const char* language_name(Language l) noexcept {
  constexpr const char* names[language_count] = {"English", "Português", "Español", "Русский"};
  return names[int(l)];
}

/// A language by its code: "en", "pt", "es", "ru" (any case), optionally with a region
/// as in "pt-BR" or "es_ES". False, and `out` untouched, if unknown.
constexpr bool parse_language(std::string_view text, Language& out) noexcept {
  if (text.size() != 2 && !(text.size() > 3 && (text[2] == '-' || text[2] == '_'))) return false;
  auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; };
  const char a = lower(text[0]), b = lower(text[1]);
  for (Language l : all_languages) {
    const char* code = language_code(l);
    if (a == code[0] && b == code[1]) {
      out = l;
      return true;
    }
  }
  return false;
}

/// The piece letters a scoresheet in that language uses: English K Q R B N, Portuguese
/// R D T B C, Spanish R D T A C, Russian Кр Ф Л С К.
constexpr SanLanguage san_language(Language l) noexcept {
  switch (l) {
    case Language::English:
      return SanLanguage::English;
    case Language::Portuguese:
      return SanLanguage::Portuguese;
    case Language::Spanish:
      return SanLanguage::Spanish;
    case Language::Russian:
      return SanLanguage::Russian;
  }
  return SanLanguage::English;
}

/// How to explain: the language, and the piece letters of the moves quoted (by default
/// those of the language; SanLanguage::English or Figurine for international letters).
/// Converts implicitly from a Language: `explain(ruling, record, rules, Language::Spanish)`.
struct ExplainOptions {
  /// The language of the sentences.
  Language language = Language::English;
  /// The piece letters of the moves quoted.
  SanLanguage notation = SanLanguage::English;
  /// Available claims: at most this many intended moves are named, then "and N more".
  int max_listed_moves = 10;

  constexpr ExplainOptions() noexcept = default;
  /// The language `l`, with its own piece letters.
  constexpr ExplainOptions(Language l) noexcept
      : language(l), notation(san_language(l)) {}  // NOLINT: implicit
  /// The language `l`, with the piece letters `n`.
  constexpr ExplainOptions(Language l, SanLanguage n) noexcept : language(l), notation(n) {}
};

// ---- The message table ----------------------------------------------------------------------

/// Every message id. The order is the order of detail::message_table.
enum class Message : std::uint16_t {
  // Names
  ClaimThreefold,
  ClaimFifty,
  ByThreefold,
  ByFifty,
  EditionShort,
  EditionFromJuly,
  EditionFromJanuary,
  TimeControlStandard,
  TimeControlRapid,
  TimeControlBlitz,
  White,
  Black,
  WhiteCapital,
  BlackCapital,
  TermNone,
  TermCheckmate,
  TermStalemate,
  TermDeadPosition,
  TermFivefold,
  TermSeventyFive,
  TermThreefoldClaim,
  TermFiftyClaim,
  TermAgreement,
  TermResignation,
  TermResignationDraw,
  TermTimeForfeit,
  TermFlagFallDraw,
  TermIllegalPositionDraw,
  InadmissibleNone,
  InadmissibleGameOver,
  InadmissibleNotOnMove,
  InadmissiblePieceTouched,
  ErrorNone,
  ErrorGameOver,
  ErrorIllegalMove,
  ErrorMustPlayIntendedMove,
  ErrorMustMoveSamePiece,
  ErrorMustMoveTouchedPiece,
  ErrorMustCaptureTouchedPiece,
  ErrorNotOnMove,
  ErrorNoOffer,
  ErrorAgreementNotAllowed,
  ErrorNotApplicable,
  // Pieces of evidence
  AtStart,
  AfterMove,
  ListAnd,
  ListMore,
  ResetAfterMove,
  ResetAtStart,
  ResetBeforeStart,
  // How a game ended
  EndNone,
  EndCheckmate,
  EndStalemate,
  EndDeadPosition,
  EndFivefold,
  EndSeventyFive,
  EndThreefoldClaim,
  EndFiftyClaim,
  EndAgreement,
  EndResignation,
  EndResignationDraw,
  EndTimeForfeit,
  EndFlagFallDraw,
  EndIllegalPositionDraw,
  // Rulings on claims
  ThreefoldCorrectOnBoard,
  ThreefoldCorrectIntended,
  ThreefoldIncorrectOnBoard,
  ThreefoldIncorrectIntended,
  ThreefoldIncorrectIllegal,
  FiftyCorrectOnBoard,
  FiftyCorrectIntended,
  FiftyIncorrectOnBoard,
  FiftyIncorrectIntended,
  FiftyIncorrectResets,
  FiftyIncorrectIllegal,
  ClaimInadmissible,
  // What follows an incorrect claim
  Penalty,
  ClaimantTime,
  ClaimantHalfTime,
  ClaimantTable2001,
  MustPlay,
  MustMoveSamePiece,
  AnyMove,
  NoPieceOn,
  NotClaimantsPiece,
  ClaimIsOffer,
  // What the player to move could claim
  ClaimsGameOver,
  ClaimsNone,
  ClaimsRightLost,
  ClaimsThreefoldOnBoard,
  ClaimsThreefoldIntended,
  ClaimsFiftyOnBoard,
  ClaimsFiftyIntended,
  // How to claim, said once (the audit's claim windows): explain_claim_procedure().
  ProcedureThreefoldOnBoard,
  ProcedureThreefoldIntended,
  ProcedureFiftyOnBoard,
  ProcedureFiftyIntended,
  ProcedureRightLostByMove,
  ProcedureRightLostByTouch,
};

/// What a message is for.
enum class MessageGroup : std::uint8_t {
  Name,             ///< a name or short description (no article)
  Evidence,         ///< a piece of a sentence: an occurrence, a list joiner, a halfmove count
  Ending,           ///< how a game ended: names the article ({article}), except EndNone
  Ruling,           ///< a ruling on a claim: names the article ({article})
  Consequence,      ///< what follows an incorrect claim (Penalty and ClaimIsOffer name an article)
  AvailableClaims,  ///< what the player to move could claim (names the article where one applies)
};

/// One row of the message table: the message, its stable key, its group and its text in each
/// language.
struct MessageInfo {
  /// The message this row is for.
  Message id;
  const char*
      key;  ///< a stable name for translators and tests, e.g. "ruling.threefold.correct.on_board"
  /// What kind of text it is.
  MessageGroup group;
  const char* text[language_count];  ///< en, pt, es, ru
};

namespace detail {
// clang-format off
inline constexpr MessageInfo message_table[] = {
  // ---- Names -----------------------------------------------------------------------------------
  {Message::ClaimThreefold, "name.claim.threefold", MessageGroup::Name,
   {"threefold repetition", "tripla repetição", "triple repetición", "троекратное повторение позиции"}},
  {Message::ClaimFifty, "name.claim.fifty", MessageGroup::Name,
   {"fifty-move rule", "regra dos 50 lances", "regla de los 50 movimientos", "правило 50 ходов"}},
  {Message::ByThreefold, "name.claim.by_threefold", MessageGroup::Name,
   {"by threefold repetition", "por tripla repetição", "por triple repetición",
    "ввиду троекратного повторения позиции"}},
  {Message::ByFifty, "name.claim.by_fifty", MessageGroup::Name,
   {"under the fifty-move rule", "pela regra dos 50 lances", "por la regla de los 50 movimientos",
    "по правилу 50 ходов"}},
  {Message::EditionShort, "name.edition", MessageGroup::Name,
   {"FIDE {year}", "FIDE {year}", "FIDE {year}", "ФИДЕ {year}"}},
  {Message::EditionFromJuly, "name.edition.from_july", MessageGroup::Name,
   {"FIDE Laws of Chess in force from 1 July {year}",
    "Leis do Xadrez da FIDE em vigor desde 1º de julho de {year}",
    "Leyes del Ajedrez de la FIDE en vigor desde el 1 de julio de {year}",
    "Правила игры в шахматы ФИДЕ, действующие с 1 июля {year} года"}},
  {Message::EditionFromJanuary, "name.edition.from_january", MessageGroup::Name,
   {"FIDE Laws of Chess in force from 1 January {year}",
    "Leis do Xadrez da FIDE em vigor desde 1º de janeiro de {year}",
    "Leyes del Ajedrez de la FIDE en vigor desde el 1 de enero de {year}",
    "Правила игры в шахматы ФИДЕ, действующие с 1 января {year} года"}},
  {Message::TimeControlStandard, "name.time_control.standard", MessageGroup::Name,
   {"standard", "clássico", "clásico", "классические шахматы"}},
  {Message::TimeControlRapid, "name.time_control.rapid", MessageGroup::Name,
   {"rapid", "rápido", "rápido", "быстрые шахматы"}},
  {Message::TimeControlBlitz, "name.time_control.blitz", MessageGroup::Name,
   {"blitz", "blitz", "relámpago", "блиц"}},
  {Message::White, "name.color.white", MessageGroup::Name, {"White", "as brancas", "las blancas", "белые"}},
  {Message::Black, "name.color.black", MessageGroup::Name, {"Black", "as pretas", "las negras", "чёрные"}},
  {Message::WhiteCapital, "name.color.white.capital", MessageGroup::Name,
   {"White", "As brancas", "Las blancas", "Белые"}},
  {Message::BlackCapital, "name.color.black.capital", MessageGroup::Name,
   {"Black", "As pretas", "Las negras", "Чёрные"}},
  {Message::TermNone, "name.termination.none", MessageGroup::Name, {"none", "nenhum", "ninguna", "нет"}},
  {Message::TermCheckmate, "name.termination.checkmate", MessageGroup::Name,
   {"checkmate", "xeque-mate", "jaque mate", "мат"}},
  {Message::TermStalemate, "name.termination.stalemate", MessageGroup::Name,
   {"stalemate", "afogamento", "ahogado", "пат"}},
  {Message::TermDeadPosition, "name.termination.dead_position", MessageGroup::Name,
   {"dead position", "posição morta", "posición muerta", "мёртвая позиция"}},
  {Message::TermFivefold, "name.termination.fivefold", MessageGroup::Name,
   {"fivefold repetition", "quíntupla repetição", "quíntuple repetición", "пятикратное повторение позиции"}},
  {Message::TermSeventyFive, "name.termination.seventy_five", MessageGroup::Name,
   {"seventy-five-move rule", "regra dos 75 lances", "regla de los 75 movimientos", "правило 75 ходов"}},
  {Message::TermThreefoldClaim, "name.termination.threefold_claim", MessageGroup::Name,
   {"threefold repetition claim", "reclamação por tripla repetição", "reclamación por triple repetición",
    "требование ничьей ввиду троекратного повторения позиции"}},
  {Message::TermFiftyClaim, "name.termination.fifty_claim", MessageGroup::Name,
   {"fifty-move rule claim", "reclamação pela regra dos 50 lances",
    "reclamación por la regla de los 50 movimientos", "требование ничьей по правилу 50 ходов"}},
  {Message::TermAgreement, "name.termination.agreement", MessageGroup::Name,
   {"agreement", "comum acordo", "mutuo acuerdo", "соглашение"}},
  {Message::TermResignation, "name.termination.resignation", MessageGroup::Name,
   {"resignation", "abandono", "abandono", "сдача"}},
  {Message::TermResignationDraw, "name.termination.resignation_draw", MessageGroup::Name,
   {"resignation, but the opponent could not checkmate", "abandono, mas o adversário não podia dar xeque-mate",
    "abandono, pero el adversario no podía dar jaque mate", "сдача, но соперник не мог поставить мат"}},
  {Message::TermTimeForfeit, "name.termination.time_forfeit", MessageGroup::Name,
   {"time forfeit", "perda por tempo", "pérdida por tiempo", "просрочка времени"}},
  {Message::TermFlagFallDraw, "name.termination.flag_fall_draw", MessageGroup::Name,
   {"flag fall, but the opponent could not checkmate", "queda de bandeira, mas o adversário não podia dar xeque-mate",
    "caída de bandera, pero el adversario no podía dar jaque mate", "падение флажка, но соперник не мог поставить мат"}},
  {Message::TermIllegalPositionDraw, "name.termination.illegal_position_draw", MessageGroup::Name,
   {"illegal position left on the board", "posição ilegal mantida no tabuleiro",
    "posición ilegal mantenida en el tablero", "невозможная позиция осталась на доске"}},
  {Message::InadmissibleNone, "name.inadmissible.none", MessageGroup::Name,
   {"admissible", "admissível", "admisible", "допустимо"}},
  {Message::InadmissibleGameOver, "name.inadmissible.game_over", MessageGroup::Name,
   {"the game has already ended", "a partida já terminou", "la partida ya ha terminado", "партия уже закончена"}},
  {Message::InadmissibleNotOnMove, "name.inadmissible.not_on_move", MessageGroup::Name,
   {"the claimant does not have the move", "o reclamante não tem a vez de jogar", "el reclamante no está en juego",
    "заявляющий ничью игрок не имеет очереди хода"}},
  {Message::InadmissiblePieceTouched, "name.inadmissible.piece_touched", MessageGroup::Name,
   {"the claimant touched a piece with intent to move it",
    "o reclamante tocou uma peça com a intenção de jogá-la",
    "el reclamante tocó una pieza con la intención de moverla",
    "заявляющий ничью игрок коснулся фигуры с намерением сделать ею ход"}},
  {Message::ErrorNone, "name.game_error.none", MessageGroup::Name, {"ok", "sem erro", "sin error", "ошибки нет"}},
  {Message::ErrorGameOver, "name.game_error.game_over", MessageGroup::Name,
   {"the game has already ended", "a partida já terminou", "la partida ya ha terminado", "партия уже закончена"}},
  {Message::ErrorIllegalMove, "name.game_error.illegal_move", MessageGroup::Name,
   {"illegal move", "lance ilegal", "jugada ilegal", "невозможный ход"}},
  {Message::ErrorMustPlayIntendedMove, "name.game_error.must_play_intended_move", MessageGroup::Name,
   {"the move written for the claim must be played", "o lance anotado para a reclamação deve ser jogado",
    "debe realizarse la jugada anotada para la reclamación",
    "должен быть сделан ход, записанный при требовании ничьей"}},
  {Message::ErrorMustMoveSamePiece, "name.game_error.must_move_same_piece", MessageGroup::Name,
   {"the written move was illegal: a move with the same piece must be made",
    "o lance anotado era ilegal: deve ser feito um lance com a mesma peça",
    "la jugada anotada era ilegal: debe realizarse una jugada con la misma pieza",
    "записанный ход невозможен: нужно сделать ход той же фигурой"}},
  {Message::ErrorMustMoveTouchedPiece, "name.game_error.must_move_touched_piece", MessageGroup::Name,
   {"the touched piece must be moved", "a peça tocada deve ser jogada", "debe moverse la pieza tocada",
    "нужно сделать ход тронутой фигурой"}},
  {Message::ErrorMustCaptureTouchedPiece, "name.game_error.must_capture_touched_piece", MessageGroup::Name,
   {"the touched piece must be captured", "a peça tocada deve ser capturada", "debe capturarse la pieza tocada",
    "нужно взять тронутую фигуру"}},
  {Message::ErrorNotOnMove, "name.game_error.not_on_move", MessageGroup::Name,
   {"the player does not have the move", "o jogador não tem a vez de jogar", "el jugador no está en juego",
    "игрок не имеет очереди хода"}},
  {Message::ErrorNoOffer, "name.game_error.no_offer", MessageGroup::Name,
   {"there is no draw offer to answer", "não há oferta de empate a responder",
    "no hay ninguna oferta de tablas que responder", "нет предложения ничьей, на которое можно ответить"}},
  {Message::ErrorAgreementNotAllowed, "name.game_error.agreement_not_allowed", MessageGroup::Name,
   {"a draw by agreement is not allowed now", "o empate de comum acordo não é permitido agora",
    "las tablas de mutuo acuerdo no están permitidas ahora", "ничья по соглашению сейчас не допускается"}},
  {Message::ErrorNotApplicable, "name.game_error.not_applicable", MessageGroup::Name,
   {"does not apply here", "não se aplica aqui", "no se aplica aquí", "здесь неприменимо"}},

  // ---- Pieces of evidence ------------------------------------------------------------------------
  {Message::AtStart, "evidence.at_start", MessageGroup::Evidence,
   {"at the start of the game", "no início da partida", "al inicio de la partida", "в начале партии"}},
  {Message::AfterMove, "evidence.after_move", MessageGroup::Evidence,
   {"after {move}", "após {move}", "tras {move}", "после {move}"}},
  {Message::ListAnd, "evidence.list_and", MessageGroup::Evidence, {" and ", " e ", " y ", " и "}},
  {Message::ListMore, "evidence.list_more", MessageGroup::Evidence,
   {"(and {count} more)", "(e mais {count})", "(y {count} más)", "(и ещё {count})"}},
  {Message::ResetAfterMove, "evidence.reset_after_move", MessageGroup::Evidence,
   {"{halfmoves} since the last pawn move or capture, {move}",
    "{halfmoves} desde o último lance de peão ou captura, {move}",
    "{halfmoves} desde el último movimiento de peón o captura, {move}",
    "{halfmoves} после последнего хода пешкой или взятия, {move}"}},
  {Message::ResetAtStart, "evidence.reset_at_start", MessageGroup::Evidence,
   {"{halfmoves} since the start of the game", "{halfmoves} desde o início da partida",
    "{halfmoves} desde el inicio de la partida", "{halfmoves} с начала партии"}},
  {Message::ResetBeforeStart, "evidence.reset_before_start", MessageGroup::Evidence,
   {"{halfmoves}, {fen_clock} of them counted by the halfmove clock of the starting position",
    "{halfmoves}, dos quais {fen_clock} contados pelo contador de meios-lances da posição inicial",
    "{halfmoves}, {fen_clock} de ellas según el contador de semijugadas de la posición inicial",
    "{halfmoves}, из них {fen_clock} — по счётчику полуходов начальной позиции"}},

  // ---- How a game ended --------------------------------------------------------------------------
  {Message::EndNone, "ending.none", MessageGroup::Ending,
   {"The game is still in progress.", "A partida ainda está em andamento.", "La partida todavía está en curso.",
    "Партия ещё продолжается."}},
  {Message::EndCheckmate, "ending.checkmate", MessageGroup::Ending,
   {"Checkmate: {winner} wins the game ({edition}, Article {article}).",
    "Xeque-mate: {winner} vencem a partida ({edition}, artigo {article}).",
    "Jaque mate: {winner} ganan la partida ({edition}, artículo {article}).",
    "Мат: {winner} выигрывают партию ({edition}, статья {article})."}},
  {Message::EndStalemate, "ending.stalemate", MessageGroup::Ending,
   {"Stalemate: the player to move has no legal move and is not in check. The game is drawn ({edition}, Article {article}).",
    "Afogamento: o jogador que tem a vez de jogar não tem nenhum lance legal e o seu rei não está em xeque. "
    "A partida está empatada ({edition}, artigo {article}).",
    "Ahogado: el jugador que está en juego no tiene ninguna jugada legal y su rey no está en jaque. "
    "La partida es tablas ({edition}, artículo {article}).",
    "Пат: у игрока, имеющего очередь хода, нет ни одного возможного хода, и его король не находится под шахом. "
    "Партия закончилась вничью ({edition}, статья {article})."}},
  {Message::EndDeadPosition, "ending.dead_position", MessageGroup::Ending,
   {"Dead position: neither player can checkmate the opponent's king by any series of legal moves. "
    "The game is drawn ({edition}, Article {article}).",
    "Posição morta: nenhum dos jogadores pode dar xeque-mate no rei adversário por qualquer sequência de lances legais. "
    "A partida está empatada ({edition}, artigo {article}).",
    "Posición muerta: ninguno de los jugadores puede dar jaque mate al rey contrario mediante ninguna serie de "
    "jugadas legales. La partida es tablas ({edition}, artículo {article}).",
    "Мёртвая позиция: ни один из игроков не может поставить мат королю соперника никакой серией возможных ходов. "
    "Партия закончилась вничью ({edition}, статья {article})."}},
  {Message::EndFivefold, "ending.fivefold", MessageGroup::Ending,
   {"Fivefold repetition: the same position has appeared at least five times. "
    "The game is drawn without a claim ({edition}, Article {article}).",
    "Quíntupla repetição: a mesma posição apareceu pelo menos cinco vezes. "
    "A partida está empatada sem necessidade de reclamação ({edition}, artigo {article}).",
    "Quíntuple repetición: la misma posición se ha producido al menos cinco veces. "
    "La partida es tablas sin necesidad de reclamación ({edition}, artículo {article}).",
    "Пятикратное повторение: одна и та же позиция возникла по крайней мере пять раз. "
    "Партия закончилась вничью без требования игрока ({edition}, статья {article})."}},
  {Message::EndSeventyFive, "ending.seventy_five", MessageGroup::Ending,
   {"Seventy-five-move rule: each player has made at least 75 moves without any pawn move or capture. "
    "The game is drawn without a claim ({edition}, Article {article}).",
    "Regra dos 75 lances: cada jogador fez pelo menos 75 lances sem qualquer movimento de peão e sem qualquer captura. "
    "A partida está empatada sem necessidade de reclamação ({edition}, artigo {article}).",
    "Regla de los 75 movimientos: cada jugador ha realizado al menos 75 movimientos sin mover ningún peón y sin "
    "ninguna captura. La partida es tablas sin necesidad de reclamación ({edition}, artículo {article}).",
    "Правило 75 ходов: каждый игрок сделал по крайней мере 75 ходов без продвижения какой-либо пешки и без "
    "какого-либо взятия. Партия закончилась вничью без требования игрока ({edition}, статья {article})."}},
  {Message::EndThreefoldClaim, "ending.threefold_claim", MessageGroup::Ending,
   {"Draw by threefold repetition, on a correct claim by the player having the move ({edition}, Article {article}).",
    "Empate por tripla repetição, após reclamação correta do jogador que tinha a vez de jogar "
    "({edition}, artigo {article}).",
    "Tablas por triple repetición, tras una reclamación correcta del jugador que estaba en juego "
    "({edition}, artículo {article}).",
    "Ничья ввиду троекратного повторения позиции по обоснованному требованию игрока, имевшего очередь хода "
    "({edition}, статья {article})."}},
  {Message::EndFiftyClaim, "ending.fifty_claim", MessageGroup::Ending,
   {"Draw under the fifty-move rule, on a correct claim by the player having the move ({edition}, Article {article}).",
    "Empate pela regra dos 50 lances, após reclamação correta do jogador que tinha a vez de jogar "
    "({edition}, artigo {article}).",
    "Tablas por la regla de los 50 movimientos, tras una reclamación correcta del jugador que estaba en juego "
    "({edition}, artículo {article}).",
    "Ничья по правилу 50 ходов по обоснованному требованию игрока, имевшего очередь хода "
    "({edition}, статья {article})."}},
  {Message::EndAgreement, "ending.agreement", MessageGroup::Ending,
   {"Draw by agreement between the players ({edition}, Article {article}).",
    "Empate de comum acordo entre os jogadores ({edition}, artigo {article}).",
    "Tablas de mutuo acuerdo entre los jugadores ({edition}, artículo {article}).",
    "Ничья по соглашению игроков ({edition}, статья {article})."}},
  {Message::EndResignation, "ending.resignation", MessageGroup::Ending,
   {"{Loser} resigned: {winner} wins the game ({edition}, Article {article}).",
    "{Loser} abandonaram: {winner} vencem a partida ({edition}, artigo {article}).",
    "{Loser} abandonaron: {winner} ganan la partida ({edition}, artículo {article}).",
    "{Loser} сдались: {winner} выигрывают партию ({edition}, статья {article})."}},
  {Message::EndResignationDraw, "ending.resignation_draw", MessageGroup::Ending,
   {"A player resigned, but the opponent could not checkmate by any possible series of legal moves. "
    "The game is drawn ({edition}, Article {article}).",
    "Um jogador abandonou, mas o adversário não podia dar xeque-mate por nenhuma sequência possível de lances legais. "
    "A partida está empatada ({edition}, artigo {article}).",
    "Un jugador abandonó, pero su adversario no podía dar jaque mate mediante ninguna serie posible de jugadas "
    "legales. La partida es tablas ({edition}, artículo {article}).",
    "Игрок сдался, но его соперник не мог поставить мат никакой возможной серией ходов. "
    "Партия закончилась вничью ({edition}, статья {article})."}},
  {Message::EndTimeForfeit, "ending.time_forfeit", MessageGroup::Ending,
   {"Flag fall: {loser} ran out of time and {winner} wins the game ({edition}, Article {article}).",
    "Queda de bandeira: {loser} esgotaram o tempo e {winner} vencem a partida ({edition}, artigo {article}).",
    "Caída de bandera: {loser} agotaron su tiempo y {winner} ganan la partida ({edition}, artículo {article}).",
    "Падение флажка: {loser} просрочили время, {winner} выигрывают партию ({edition}, статья {article})."}},
  {Message::EndFlagFallDraw, "ending.flag_fall_draw", MessageGroup::Ending,
   {"Flag fall, but the opponent cannot checkmate by any possible series of legal moves. "
    "The game is drawn ({edition}, Article {article}).",
    "Queda de bandeira, mas o adversário não pode dar xeque-mate por nenhuma sequência possível de lances legais. "
    "A partida está empatada ({edition}, artigo {article}).",
    "Caída de bandera, pero el adversario no puede dar jaque mate mediante ninguna serie posible de jugadas legales. "
    "La partida es tablas ({edition}, artículo {article}).",
    "Флажок упал, но соперник не может поставить мат никакой возможной серией ходов. "
    "Партия закончилась вничью ({edition}, статья {article})."}},
  {Message::EndIllegalPositionDraw, "ending.illegal_position_draw", MessageGroup::Ending,
   {"An illegal position (both kings in check, or a pawn on its last rank) was still on the board after the next "
    "move was completed. The game is drawn ({edition}, Article {article}).",
    "Uma posição ilegal (os dois reis em xeque, ou um peão na última fileira) continuava no tabuleiro depois de "
    "completado o lance seguinte. A partida está empatada ({edition}, artigo {article}).",
    "Una posición ilegal (ambos reyes en jaque, o un peón en su última fila) seguía en el tablero después de "
    "completarse la jugada siguiente. La partida es tablas ({edition}, artículo {article}).",
    "Невозможная позиция (оба короля под шахом или пешка на последней горизонтали) оставалась на доске после "
    "завершения следующего хода. Партия закончилась вничью ({edition}, статья {article})."}},

  // ---- Rulings on claims -------------------------------------------------------------------------
  {Message::ThreefoldCorrectOnBoard, "ruling.threefold.correct.on_board", MessageGroup::Ruling,
   {"Correct claim of a draw by threefold repetition ({edition}, Article {article}): the same position has just "
    "appeared {nth_time} ({occurrences}). The game is drawn.",
    "Reclamação correta de empate por tripla repetição ({edition}, artigo {article}): a mesma posição acaba de "
    "aparecer {nth_time} ({occurrences}). A partida está empatada.",
    "Reclamación correcta de tablas por triple repetición ({edition}, artículo {article}): la misma posición acaba "
    "de producirse {nth_time} ({occurrences}). La partida es tablas.",
    "Обоснованное требование ничьей ввиду троекратного повторения позиции ({edition}, статья {article}): "
    "одна и та же позиция только что возникла {nth_time} ({occurrences}). Партия закончилась вничью."}},
  {Message::ThreefoldCorrectIntended, "ruling.threefold.correct.intended", MessageGroup::Ruling,
   {"Correct claim of a draw by threefold repetition ({edition}, Article {article}): after the written move {move} "
    "the same position would appear {nth_time} ({occurrences}). The game is drawn.",
    "Reclamação correta de empate por tripla repetição ({edition}, artigo {article}): com o lance anotado {move}, "
    "a mesma posição está prestes a aparecer {nth_time} ({occurrences}). A partida está empatada.",
    "Reclamación correcta de tablas por triple repetición ({edition}, artículo {article}): con la jugada anotada "
    "{move}, la misma posición va a producirse {nth_time} ({occurrences}). La partida es tablas.",
    "Обоснованное требование ничьей ввиду троекратного повторения позиции ({edition}, статья {article}): "
    "после записанного хода {move} одна и та же позиция возникнет {nth_time} ({occurrences}). "
    "Партия закончилась вничью."}},
  {Message::ThreefoldIncorrectOnBoard, "ruling.threefold.incorrect.on_board", MessageGroup::Ruling,
   {"Incorrect claim of a draw by threefold repetition ({edition}, Article {article}): the position on the board "
    "has appeared only {times} ({occurrences}).",
    "Reclamação incorreta de empate por tripla repetição ({edition}, artigo {article}): a posição no tabuleiro "
    "apareceu apenas {times} ({occurrences}).",
    "Reclamación incorrecta de tablas por triple repetición ({edition}, artículo {article}): la posición del "
    "tablero solo se ha producido {times} ({occurrences}).",
    "Необоснованное требование ничьей ввиду троекратного повторения позиции ({edition}, статья {article}): "
    "позиция на доске возникала всего {times} ({occurrences})."}},
  {Message::ThreefoldIncorrectIntended, "ruling.threefold.incorrect.intended", MessageGroup::Ruling,
   {"Incorrect claim of a draw by threefold repetition ({edition}, Article {article}): after the written move "
    "{move} the position would appear only {nth_time} ({occurrences}).",
    "Reclamação incorreta de empate por tripla repetição ({edition}, artigo {article}): com o lance anotado "
    "{move}, a posição apareceria apenas {nth_time} ({occurrences}).",
    "Reclamación incorrecta de tablas por triple repetición ({edition}, artículo {article}): con la jugada "
    "anotada {move}, la posición solo se produciría {nth_time} ({occurrences}).",
    "Необоснованное требование ничьей ввиду троекратного повторения позиции ({edition}, статья {article}): "
    "после записанного хода {move} позиция возникла бы лишь {nth_time} ({occurrences})."}},
  {Message::ThreefoldIncorrectIllegal, "ruling.threefold.incorrect.illegal", MessageGroup::Ruling,
   {"Incorrect claim of a draw by threefold repetition ({edition}, Article {article}): the written move is "
    "illegal, so the position cannot appear.",
    "Reclamação incorreta de empate por tripla repetição ({edition}, artigo {article}): o lance anotado é ilegal, "
    "portanto a posição não pode aparecer.",
    "Reclamación incorrecta de tablas por triple repetición ({edition}, artículo {article}): la jugada anotada es "
    "ilegal, por lo que la posición no puede producirse.",
    "Необоснованное требование ничьей ввиду троекратного повторения позиции ({edition}, статья {article}): "
    "записанный ход невозможен, поэтому позиция возникнуть не может."}},
  {Message::FiftyCorrectOnBoard, "ruling.fifty.correct.on_board", MessageGroup::Ruling,
   {"Correct claim of a draw under the fifty-move rule ({edition}, Article {article}): the last 50 moves by each "
    "player have been completed without any pawn move or capture ({evidence}). The game is drawn.",
    "Reclamação correta de empate pela regra dos 50 lances ({edition}, artigo {article}): os últimos 50 lances de "
    "cada jogador foram completados sem movimento de peão e sem captura ({evidence}). A partida está empatada.",
    "Reclamación correcta de tablas por la regla de los 50 movimientos ({edition}, artículo {article}): los "
    "últimos 50 movimientos de cada jugador se han completado sin mover ningún peón y sin ninguna captura "
    "({evidence}). La partida es tablas.",
    "Обоснованное требование ничьей по правилу 50 ходов ({edition}, статья {article}): последние 50 ходов сделаны "
    "каждым игроком без продвижения какой-либо пешки и без какого-либо взятия ({evidence}). "
    "Партия закончилась вничью."}},
  {Message::FiftyCorrectIntended, "ruling.fifty.correct.intended", MessageGroup::Ruling,
   {"Correct claim of a draw under the fifty-move rule ({edition}, Article {article}): the written move {move} "
    "completes 50 moves by each player without any pawn move or capture ({evidence}). The game is drawn.",
    "Reclamação correta de empate pela regra dos 50 lances ({edition}, artigo {article}): o lance anotado {move} "
    "completa 50 lances de cada jogador sem movimento de peão e sem captura ({evidence}). A partida está empatada.",
    "Reclamación correcta de tablas por la regla de los 50 movimientos ({edition}, artículo {article}): la jugada "
    "anotada {move} completa 50 movimientos de cada jugador sin mover ningún peón y sin ninguna captura "
    "({evidence}). La partida es tablas.",
    "Обоснованное требование ничьей по правилу 50 ходов ({edition}, статья {article}): записанный ход {move} "
    "завершает 50 ходов каждого игрока без продвижения какой-либо пешки и без какого-либо взятия ({evidence}). "
    "Партия закончилась вничью."}},
  {Message::FiftyIncorrectOnBoard, "ruling.fifty.incorrect.on_board", MessageGroup::Ruling,
   {"Incorrect claim of a draw under the fifty-move rule ({edition}, Article {article}): 50 moves by each player "
    "without any pawn move or capture have not been completed ({evidence}; 100 are needed).",
    "Reclamação incorreta de empate pela regra dos 50 lances ({edition}, artigo {article}): ainda não foram "
    "completados 50 lances de cada jogador sem movimento de peão e sem captura ({evidence}; são necessários 100).",
    "Reclamación incorrecta de tablas por la regla de los 50 movimientos ({edition}, artículo {article}): todavía "
    "no se han completado 50 movimientos de cada jugador sin mover ningún peón y sin ninguna captura "
    "({evidence}; se necesitan 100).",
    "Необоснованное требование ничьей по правилу 50 ходов ({edition}, статья {article}): ещё не сделано по 50 ходов "
    "каждым игроком без продвижения пешек и без взятий ({evidence}; нужно 100)."}},
  {Message::FiftyIncorrectIntended, "ruling.fifty.incorrect.intended", MessageGroup::Ruling,
   {"Incorrect claim of a draw under the fifty-move rule ({edition}, Article {article}): even with the written move "
    "{move}, 50 moves by each player without any pawn move or capture would not be completed ({evidence}; "
    "100 are needed).",
    "Reclamação incorreta de empate pela regra dos 50 lances ({edition}, artigo {article}): mesmo com o lance "
    "anotado {move}, não se completariam 50 lances de cada jogador sem movimento de peão e sem captura "
    "({evidence}; são necessários 100).",
    "Reclamación incorrecta de tablas por la regla de los 50 movimientos ({edition}, artículo {article}): ni "
    "siquiera con la jugada anotada {move} se completarían 50 movimientos de cada jugador sin mover ningún peón y "
    "sin ninguna captura ({evidence}; se necesitan 100).",
    "Необоснованное требование ничьей по правилу 50 ходов ({edition}, статья {article}): даже после записанного "
    "хода {move} не будет сделано по 50 ходов каждым игроком без продвижения пешек и без взятий ({evidence}; "
    "нужно 100)."}},
  {Message::FiftyIncorrectResets, "ruling.fifty.incorrect.resets", MessageGroup::Ruling,
   {"Incorrect claim of a draw under the fifty-move rule ({edition}, Article {article}): the written move {move} "
    "is a pawn move or a capture, which starts the count again.",
    "Reclamação incorreta de empate pela regra dos 50 lances ({edition}, artigo {article}): o lance anotado {move} "
    "é um movimento de peão ou uma captura, o que reinicia a contagem.",
    "Reclamación incorrecta de tablas por la regla de los 50 movimientos ({edition}, artículo {article}): la "
    "jugada anotada {move} es un movimiento de peón o una captura, lo que reinicia la cuenta.",
    "Необоснованное требование ничьей по правилу 50 ходов ({edition}, статья {article}): записанный ход {move} — "
    "ход пешкой или взятие, после которого счёт начинается заново."}},
  {Message::FiftyIncorrectIllegal, "ruling.fifty.incorrect.illegal", MessageGroup::Ruling,
   {"Incorrect claim of a draw under the fifty-move rule ({edition}, Article {article}): the written move is "
    "illegal, so it cannot complete the 50 moves.",
    "Reclamação incorreta de empate pela regra dos 50 lances ({edition}, artigo {article}): o lance anotado é "
    "ilegal, portanto não pode completar os 50 lances.",
    "Reclamación incorrecta de tablas por la regla de los 50 movimientos ({edition}, artículo {article}): la "
    "jugada anotada es ilegal, por lo que no puede completar los 50 movimientos.",
    "Необоснованное требование ничьей по правилу 50 ходов ({edition}, статья {article}): записанный ход "
    "невозможен, поэтому он не может завершить 50 ходов."}},
  {Message::ClaimInadmissible, "ruling.inadmissible", MessageGroup::Ruling,
   {"The claim of a draw {by_kind} is not admissible: {reason} ({edition}, Article {article}).",
    "A reclamação de empate {by_kind} não é admissível: {reason} ({edition}, artigo {article}).",
    "La reclamación de tablas {by_kind} no es admisible: {reason} ({edition}, artículo {article}).",
    "Требование ничьей {by_kind} недопустимо: {reason} ({edition}, статья {article})."}},

  // ---- What follows an incorrect claim -----------------------------------------------------------
  {Message::Penalty, "consequence.penalty", MessageGroup::Consequence,
   {"Penalty ({edition}, Article {article}): the arbiter adds {duration} to the opponent's remaining time, "
    "and the game continues.",
    "Penalidade ({edition}, artigo {article}): o árbitro acrescenta {duration} ao tempo restante do adversário, "
    "e a partida continua.",
    "Sanción ({edition}, artículo {article}): el árbitro añade {duration} al tiempo restante del adversario, "
    "y la partida continúa.",
    "Наказание ({edition}, статья {article}): арбитр добавляет {duration} к оставшемуся времени соперника, "
    "и партия продолжается."}},
  {Message::ClaimantTime, "consequence.claimant_time", MessageGroup::Consequence,
   {"The claimant's remaining time is now {clock}.", "O tempo restante do reclamante passa a ser {clock}.",
    "El tiempo restante del reclamante queda en {clock}.",
    "Теперь у заявившего ничью игрока остаётся {clock}."}},
  {Message::ClaimantHalfTime, "consequence.claimant_half_time", MessageGroup::Consequence,
   {"The claimant also loses half of the remaining time, up to a maximum of 3 minutes.",
    "O reclamante também perde metade do seu tempo restante, até o máximo de 3 minutos.",
    "Además, el reclamante pierde la mitad de su tiempo restante, hasta un máximo de 3 minutos.",
    "Кроме того, заявивший ничью игрок теряет половину оставшегося времени, но не более 3 минут."}},
  {Message::ClaimantTable2001, "consequence.claimant_table_2001", MessageGroup::Consequence,
   {"The claimant also loses time: with more than 2 minutes left, half of it, up to a maximum of 3 minutes; "
    "with between 1 and 2 minutes left, the time is set to 1 minute; with less than 1 minute, nothing.",
    "O reclamante também perde tempo: com mais de 2 minutos restantes, metade, até o máximo de 3 minutos; "
    "com entre 1 e 2 minutos, o tempo passa a ser 1 minuto; com menos de 1 minuto, nada.",
    "Además, el reclamante pierde tiempo: con más de 2 minutos restantes, la mitad, hasta un máximo de 3 minutos; "
    "con entre 1 y 2 minutos, su tiempo queda en 1 minuto; con menos de 1 minuto, nada.",
    "Кроме того, заявивший ничью игрок теряет время: если у него больше 2 минут — половину, но не более 3 минут; "
    "если от 1 до 2 минут — у него остаётся 1 минута; если меньше 1 минуты — ничего."}},
  {Message::MustPlay, "consequence.must_play", MessageGroup::Consequence,
   {"The written move {san} must now be played.", "O lance anotado {san} deve agora ser jogado.",
    "Ahora debe realizarse la jugada anotada {san}.", "Записанный ход {san} должен быть сделан."}},
  {Message::MustMoveSamePiece, "consequence.must_move_same_piece", MessageGroup::Consequence,
   {"Another move must be made with the same piece (the one on {square}).",
    "Deve ser feito outro lance com a mesma peça (a que está em {square}).",
    "Debe realizarse otra jugada con la misma pieza (la que está en {square}).",
    "Нужно сделать другой ход той же фигурой (стоящей на {square})."}},
  {Message::AnyMove, "consequence.any_move", MessageGroup::Consequence,
   {"The piece of the written move has no legal move, so any legal move may be made.",
    "A peça do lance anotado não tem nenhum lance legal, portanto qualquer lance legal pode ser feito.",
    "La pieza de la jugada anotada no tiene ninguna jugada legal, por lo que puede realizarse cualquier jugada legal.",
    "У фигуры записанного хода нет возможных ходов, поэтому можно сделать любой возможный ход."}},
  {Message::NoPieceOn, "consequence.no_piece_on", MessageGroup::Consequence,
   {"There is no piece on {square}, so any legal move may be made.",
    "Não há nenhuma peça em {square}, portanto qualquer lance legal pode ser feito.",
    "No hay ninguna pieza en {square}, por lo que puede realizarse cualquier jugada legal.",
    "На поле {square} нет фигуры, поэтому можно сделать любой возможный ход."}},
  {Message::NotClaimantsPiece, "consequence.not_claimants_piece", MessageGroup::Consequence,
   {"The piece on {square} is not the claimant's, so any legal move may be made.",
    "A peça em {square} não é do reclamante, portanto qualquer lance legal pode ser feito.",
    "La pieza en {square} no es del reclamante, por lo que puede realizarse cualquier jugada legal.",
    "Фигура на поле {square} не принадлежит заявившему ничью, поэтому можно сделать любой возможный ход."}},
  {Message::ClaimIsOffer, "consequence.claim_is_offer", MessageGroup::Consequence,
   {"The claim also counts as a draw offer, which the opponent may accept ({edition}, Article {article}).",
    "A reclamação também vale como oferta de empate, que o adversário pode aceitar ({edition}, artigo {article}).",
    "La reclamación también cuenta como oferta de tablas, que el adversario puede aceptar "
    "({edition}, artículo {article}).",
    "Требование также считается предложением ничьей, которое соперник может принять ({edition}, статья {article})."}},

  // ---- What the player to move could claim -------------------------------------------------------
  {Message::ClaimsGameOver, "claims.game_over", MessageGroup::AvailableClaims,
   {"The game is over: no draw can be claimed.", "A partida terminou: não é possível reclamar empate.",
    "La partida ha terminado: no se pueden reclamar tablas.", "Партия закончена: требовать ничью нельзя."}},
  {Message::ClaimsNone, "claims.none", MessageGroup::AvailableClaims,
   {"{Mover} cannot claim a draw now.", "{Mover} não podem reclamar empate agora.",
    "{Mover} no pueden reclamar tablas ahora.", "{Mover} сейчас не могут потребовать ничью."}},
  {Message::ClaimsRightLost, "claims.right_lost", MessageGroup::AvailableClaims,
   {"{Mover} touched a piece with the intention of moving or capturing it and cannot claim a draw on this move "
    "({edition}, Article {article}).",
    "{Mover} tocaram uma peça com a intenção de jogá-la ou capturá-la e não podem reclamar empate neste lance "
    "({edition}, artigo {article}).",
    "{Mover} tocaron una pieza con la intención de moverla o capturarla y no pueden reclamar tablas en esta jugada "
    "({edition}, artículo {article}).",
    "{Mover} коснулись фигуры с намерением сделать ею ход или взять её и не могут требовать ничью на этом ходу "
    "({edition}, статья {article})."}},
  {Message::ClaimsThreefoldOnBoard, "claims.threefold.on_board", MessageGroup::AvailableClaims,
   {"{Mover} may claim a draw by threefold repetition now: the position on the board has appeared at least three "
    "times ({edition}, Article {article}).",
    "{Mover} podem reclamar empate por tripla repetição agora: a posição no tabuleiro apareceu pelo menos três "
    "vezes ({edition}, artigo {article}).",
    "{Mover} pueden reclamar tablas por triple repetición ahora: la posición del tablero se ha producido al menos "
    "tres veces ({edition}, artículo {article}).",
    "{Mover} могут потребовать ничью ввиду троекратного повторения позиции прямо сейчас: позиция на доске возникла "
    "по крайней мере три раза ({edition}, статья {article})."}},
  {Message::ClaimsThreefoldIntended, "claims.threefold.intended", MessageGroup::AvailableClaims,
   {"{Mover} may claim a draw by threefold repetition by writing the intended move on the scoresheet, without "
    "playing it, and declaring to the arbiter the intention to play it ({edition}, Article {article}). "
    "Moves that make the claim correct: {moves}.",
    "{Mover} podem reclamar empate por tripla repetição anotando o lance pretendido na planilha, sem jogá-lo, e "
    "declarando ao árbitro a intenção de fazê-lo ({edition}, artigo {article}). "
    "Lances que tornam a reclamação correta: {moves}.",
    "{Mover} pueden reclamar tablas por triple repetición anotando en la planilla la jugada que se proponen "
    "realizar, sin realizarla, y declarando al árbitro su intención de realizarla ({edition}, artículo {article}). "
    "Jugadas que hacen correcta la reclamación: {moves}.",
    "{Mover} могут потребовать ничью ввиду троекратного повторения позиции, записав на бланке свой ход (не делая "
    "его на доске) и заявив арбитру о намерении сделать этот ход ({edition}, статья {article}). "
    "Ходы, при которых требование будет обоснованным: {moves}."}},
  {Message::ClaimsFiftyOnBoard, "claims.fifty.on_board", MessageGroup::AvailableClaims,
   {"{Mover} may claim a draw under the fifty-move rule now: the last 50 moves by each player were made without "
    "any pawn move or capture ({edition}, Article {article}).",
    "{Mover} podem reclamar empate pela regra dos 50 lances agora: os últimos 50 lances de cada jogador foram "
    "feitos sem movimento de peão e sem captura ({edition}, artigo {article}).",
    "{Mover} pueden reclamar tablas por la regla de los 50 movimientos ahora: los últimos 50 movimientos de cada "
    "jugador se han realizado sin mover ningún peón y sin ninguna captura ({edition}, artículo {article}).",
    "{Mover} могут потребовать ничью по правилу 50 ходов прямо сейчас: последние 50 ходов каждого игрока сделаны "
    "без продвижения пешек и без взятий ({edition}, статья {article})."}},
  {Message::ClaimsFiftyIntended, "claims.fifty.intended", MessageGroup::AvailableClaims,
   {"{Mover} may claim a draw under the fifty-move rule by writing the intended move on the scoresheet, without "
    "playing it, and declaring to the arbiter the intention to play it ({edition}, Article {article}). "
    "Moves that make the claim correct: {moves}.",
    "{Mover} podem reclamar empate pela regra dos 50 lances anotando o lance pretendido na planilha, sem jogá-lo, e "
    "declarando ao árbitro a intenção de fazê-lo ({edition}, artigo {article}). "
    "Lances que tornam a reclamação correta: {moves}.",
    "{Mover} pueden reclamar tablas por la regla de los 50 movimientos anotando en la planilla la jugada que se "
    "proponen realizar, sin realizarla, y declarando al árbitro su intención de realizarla "
    "({edition}, artículo {article}). Jugadas que hacen correcta la reclamación: {moves}.",
    "{Mover} могут потребовать ничью по правилу 50 ходов, записав на бланке свой ход (не делая его на доске) и "
    "заявив арбитру о намерении сделать этот ход ({edition}, статья {article}). "
    "Ходы, при которых требование будет обоснованным: {moves}."}},
  {Message::ProcedureThreefoldOnBoard, "procedure.threefold.on_board", MessageGroup::AvailableClaims,
   {"Threefold repetition on the board: the player to move claims the draw from the arbiter before moving, "
    "the position on the board having appeared at least three times ({edition}, Article {article}).",
    "Tripla repetição no tabuleiro: o jogador que tem a vez reclama o empate ao árbitro antes de jogar, tendo a "
    "posição no tabuleiro aparecido pelo menos três vezes ({edition}, artigo {article}).",
    "Triple repetición en el tablero: el jugador que tiene el turno reclama las tablas al árbitro antes de jugar, "
    "habiéndose producido la posición del tablero al menos tres veces ({edition}, artículo {article}).",
    "Троекратное повторение на доске: игрок, чья очередь ходить, до своего хода требует у арбитра ничью, так как "
    "позиция на доске возникла по крайней мере три раза ({edition}, статья {article})."}},
  {Message::ProcedureThreefoldIntended, "procedure.threefold.intended", MessageGroup::AvailableClaims,
   {"Threefold repetition by a written move: the player to move writes the intended move on the scoresheet, "
    "without playing it, and declares to the arbiter the intention to play it; the claim is correct if that move "
    "makes the position appear at least three times ({edition}, Article {article}).",
    "Tripla repetição por lance anotado: o jogador que tem a vez anota o lance pretendido na planilha, sem jogá-lo, "
    "e declara ao árbitro a intenção de fazê-lo; a reclamação é correta se esse lance fizer a posição aparecer pelo "
    "menos três vezes ({edition}, artigo {article}).",
    "Triple repetición por jugada anotada: el jugador que tiene el turno anota en la planilla la jugada que se "
    "propone realizar, sin realizarla, y declara al árbitro su intención de realizarla; la reclamación es correcta "
    "si esa jugada hace que la posición se produzca al menos tres veces ({edition}, artículo {article}).",
    "Троекратное повторение записанным ходом: игрок, чья очередь ходить, записывает на бланке свой ход, не делая "
    "его на доске, и заявляет арбитру о намерении сделать этот ход; требование обоснованно, если после этого хода "
    "позиция возникнет по крайней мере три раза ({edition}, статья {article})."}},
  {Message::ProcedureFiftyOnBoard, "procedure.fifty.on_board", MessageGroup::AvailableClaims,
   {"Fifty-move rule on the board: the player to move claims the draw from the arbiter before moving, the last 50 "
    "moves by each player having been made without any pawn move or capture ({edition}, Article {article}).",
    "Regra dos 50 lances no tabuleiro: o jogador que tem a vez reclama o empate ao árbitro antes de jogar, tendo os "
    "últimos 50 lances de cada jogador sido feitos sem movimento de peão e sem captura ({edition}, artigo "
    "{article}).",
    "Regla de los 50 movimientos en el tablero: el jugador que tiene el turno reclama las tablas al árbitro antes "
    "de jugar, habiéndose realizado los últimos 50 movimientos de cada jugador sin mover ningún peón y sin ninguna "
    "captura ({edition}, artículo {article}).",
    "Правило 50 ходов на доске: игрок, чья очередь ходить, до своего хода требует у арбитра ничью, так как "
    "последние 50 ходов каждого игрока сделаны без продвижения пешек и без взятий ({edition}, статья {article})."}},
  {Message::ProcedureFiftyIntended, "procedure.fifty.intended", MessageGroup::AvailableClaims,
   {"Fifty-move rule by a written move: the player to move writes the intended move on the scoresheet, without "
    "playing it, and declares to the arbiter the intention to play it; the claim is correct if after that move the "
    "last 50 moves by each player have been made without any pawn move or capture ({edition}, Article {article}).",
    "Regra dos 50 lances por lance anotado: o jogador que tem a vez anota o lance pretendido na planilha, sem "
    "jogá-lo, e declara ao árbitro a intenção de fazê-lo; a reclamação é correta se, após esse lance, os últimos 50 "
    "lances de cada jogador tiverem sido feitos sem movimento de peão e sem captura ({edition}, artigo {article}).",
    "Regla de los 50 movimientos por jugada anotada: el jugador que tiene el turno anota en la planilla la jugada "
    "que se propone realizar, sin realizarla, y declara al árbitro su intención de realizarla; la reclamación es "
    "correcta si, tras esa jugada, los últimos 50 movimientos de cada jugador se han realizado sin mover ningún peón "
    "y sin ninguna captura ({edition}, artículo {article}).",
    "Правило 50 ходов записанным ходом: игрок, чья очередь ходить, записывает на бланке свой ход, не делая его на "
    "доске, и заявляет арбитру о намерении сделать этот ход; требование обоснованно, если после этого хода "
    "последние 50 ходов каждого игрока сделаны без продвижения пешек и без взятий ({edition}, статья {article})."}},
  {Message::ProcedureRightLostByMove, "procedure.right_lost.move", MessageGroup::AvailableClaims,
   {"A player who makes a move without claiming loses the right to claim on that move ({edition}, Article "
    "{article}).",
    "O jogador que faz um lance sem reclamar perde o direito de reclamar nesse lance ({edition}, artigo "
    "{article}).",
    "El jugador que realiza una jugada sin reclamar pierde el derecho a reclamar en esa jugada ({edition}, "
    "artículo {article}).",
    "Игрок, сделавший ход без требования ничьей, теряет право потребовать её на этом ходу ({edition}, статья "
    "{article})."}},
  {Message::ProcedureRightLostByTouch, "procedure.right_lost.touch", MessageGroup::AvailableClaims,
   {"A player who touches a piece with the intention of moving or capturing it loses the right to claim on that "
    "move ({edition}, Article {article}).",
    "O jogador que toca uma peça com a intenção de jogá-la ou capturá-la perde o direito de reclamar nesse lance "
    "({edition}, artigo {article}).",
    "El jugador que toca una pieza con la intención de moverla o capturarla pierde el derecho a reclamar en esa "
    "jugada ({edition}, artículo {article}).",
    "Игрок, коснувшийся фигуры с намерением сделать ею ход или взять её, теряет право потребовать ничью на этом "
    "ходу ({edition}, статья {article})."}},
};
// clang-format on

constexpr bool message_table_in_order() noexcept {
  for (std::size_t i = 0; i < sizeof(message_table) / sizeof(message_table[0]); ++i)
    if (int(message_table[i].id) != int(i)) return false;
  return true;
}
static_assert(message_table_in_order(),
              "detail::message_table must list the messages in the order of Message");
static_assert(int(Message::ProcedureRightLostByTouch) + 1 ==
                  int(sizeof(message_table) / sizeof(message_table[0])),
              "every Message needs a row in detail::message_table");
}  // namespace detail

/// The number of messages (rows of the message table).
inline constexpr int message_count =
    int(sizeof(detail::message_table) / sizeof(detail::message_table[0]));

// The names are looked up as first id + enumerator; these keep the two orders together.
static_assert(int(Message::TimeControlBlitz) - int(Message::TimeControlStandard) ==
              int(TimeControl::Blitz));
static_assert(int(Message::TermIllegalPositionDraw) - int(Message::TermNone) ==
              int(Termination::IllegalPositionDraw));
static_assert(int(Message::EndIllegalPositionDraw) - int(Message::EndNone) ==
              int(Termination::IllegalPositionDraw));
static_assert(int(Message::InadmissiblePieceTouched) - int(Message::InadmissibleNone) ==
              int(Inadmissible::PieceTouched));
static_assert(int(Message::ErrorNotApplicable) - int(Message::ErrorNone) ==
              int(GameError::NotApplicable));

/// The row of the message table for `id`.
constexpr const MessageInfo& message_info(Message id) noexcept {
  return detail::message_table[int(id)];
}
/// The text of a message in a language, placeholders unfilled.
constexpr const char* message_text(Message id, Language l) noexcept {
  return message_info(id).text[int(l)];
}
/// Whether the message names an article ({article}): every ruling, every ending but
/// EndNone, the penalty, the claim-as-offer note and the available-claim sentences that
/// give a way to claim.
constexpr bool names_article(Message id) noexcept {
  switch (message_info(id).group) {
    case MessageGroup::Ruling:
      return true;
    case MessageGroup::Ending:
      return id != Message::EndNone;
    case MessageGroup::Consequence:
      return id == Message::Penalty || id == Message::ClaimIsOffer;
    case MessageGroup::AvailableClaims:
      return id != Message::ClaimsGameOver && id != Message::ClaimsNone;
    default:
      return false;
  }
}

// ---- Vocabulary with grammar ------------------------------------------------------------------

namespace detail {
/// Words whose form depends on a number. Plural forms: [0] one, [1] few, [2] many (only
/// Russian tells few from many; the others repeat the plural). Minutes and seconds are in
/// the form that follows "adds" (Russian accusative: 1 минуту, 2 минуты, 5 минут).
struct Vocabulary {
  const char* minute[3];
  const char* second[3];
  const char* halfmove[3];
  const char* once;
  const char* twice;
  const char* times[3];        ///< "{n} times" for n > 2
  const char* nth_time[10];    ///< "for the first time" ... "for the tenth time"
  const char* nth_time_other;  ///< beyond ten: {n} is the number (English adds st/nd/rd/th)
};

// clang-format off
inline constexpr Vocabulary vocabulary[language_count] = {
  {{"minute", "minutes", "minutes"}, {"second", "seconds", "seconds"}, {"half-move", "half-moves", "half-moves"},
   "once", "twice", {"times", "times", "times"},
   {"for the first time", "for the second time", "for the third time", "for the fourth time", "for the fifth time",
    "for the sixth time", "for the seventh time", "for the eighth time", "for the ninth time", "for the tenth time"},
   "for the {n} time"},
  {{"minuto", "minutos", "minutos"}, {"segundo", "segundos", "segundos"},
   {"meio-lance", "meios-lances", "meios-lances"},
   "uma vez", "duas vezes", {"vezes", "vezes", "vezes"},
   {"pela primeira vez", "pela segunda vez", "pela terceira vez", "pela quarta vez", "pela quinta vez",
    "pela sexta vez", "pela sétima vez", "pela oitava vez", "pela nona vez", "pela décima vez"},
   "pela {n}.ª vez"},
  {{"minuto", "minutos", "minutos"}, {"segundo", "segundos", "segundos"},
   {"semijugada", "semijugadas", "semijugadas"},
   "una vez", "dos veces", {"veces", "veces", "veces"},
   {"por primera vez", "por segunda vez", "por tercera vez", "por cuarta vez", "por quinta vez",
    "por sexta vez", "por séptima vez", "por octava vez", "por novena vez", "por décima vez"},
   "por {n}.ª vez"},
  {{"минуту", "минуты", "минут"}, {"секунду", "секунды", "секунд"}, {"полуход", "полухода", "полуходов"},
   "один раз", "два раза", {"раз", "раза", "раз"},
   {"в первый раз", "во второй раз", "в третий раз", "в четвёртый раз", "в пятый раз",
    "в шестой раз", "в седьмой раз", "в восьмой раз", "в девятый раз", "в десятый раз"},
   "в {n}-й раз"},
};
// clang-format on

/// The plural form of `n` in a language: 0 one, 1 few, 2 many.
constexpr int plural_form(Language l, long long n) noexcept {
  if (n < 0) n = -n;
  if (l != Language::Russian) return n == 1 ? 0 : 2;
  if (n % 10 == 1 && n % 100 != 11) return 0;
  if (n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14)) return 1;
  return 2;
}
}  // namespace detail

/// A named value for a placeholder: {name} in a message is replaced by `value`.
struct MessageArg {
  /// The placeholder's name, without braces.
  std::string_view name;
  /// The text that replaces it.
  std::string_view value;
};

/// Appends `text` to `out` with its placeholders filled. A placeholder with no argument is
/// left as it is, braces included (so a test can find it). Allocates only where `out` must
/// grow: a report written into a buffer kept from game to game allocates nothing.
inline void append_placeholders(std::string& out, std::string_view text,
                                std::initializer_list<MessageArg> args) {
  std::size_t i = 0;
  while (i < text.size()) {
    const std::size_t open = text.find('{', i);
    if (open == std::string_view::npos) break;
    const std::size_t close = text.find('}', open + 1);
    if (close == std::string_view::npos) break;
    out.append(text.substr(i, open - i));
    const std::string_view name = text.substr(open + 1, close - open - 1);
    bool found = false;
    for (const MessageArg& a : args) {
      if (a.name == name) {
        out.append(a.value);
        found = true;
        break;
      }
    }
    if (!found) out.append(text.substr(open, close - open + 1));
    i = close + 1;
  }
  out.append(text.substr(i));
}

/// `text` with its placeholders filled (append_placeholders() into a new string).
inline std::string fill_placeholders(std::string_view text,
                                     std::initializer_list<MessageArg> args) {
  std::string out;
  out.reserve(text.size() + 64);
  append_placeholders(out, text, args);
  return out;
}

/// A message in a language with its placeholders filled.
inline std::string render(Message id, Language l, std::initializer_list<MessageArg> args = {}) {
  return fill_placeholders(message_text(id, l), args);
}

/// render() appended to `out`.
inline void render_into(std::string& out, Message id, Language l,
                        std::initializer_list<MessageArg> args = {}) {
  append_placeholders(out, message_text(id, l), args);
}

// ---- Names ------------------------------------------------------------------------------------

/// The name of a kind of claim in language `l` ("threefold repetition", ...).
inline const char* display_name(ClaimKind k, Language l) noexcept {
  return message_text(k == ClaimKind::Threefold ? Message::ClaimThreefold : Message::ClaimFifty, l);
}
/// The name of a time control in language `l`.
inline const char* display_name(TimeControl tc, Language l) noexcept {
  return message_text(Message(int(Message::TimeControlStandard) + int(tc)), l);
}
/// The name of a termination in language `l`.
inline const char* display_name(Termination t, Language l) noexcept {
  return message_text(Message(int(Message::TermNone) + int(t)), l);
}
/// The name of a colour inside a sentence ("White"; pt "as brancas", es "las blancas", ru "белые").
inline const char* display_name(Color c, Language l) noexcept {
  return message_text(c == Color::White ? Message::White : Message::Black, l);
}
/// A short name of an edition: "FIDE 2023" (ru "ФИДЕ 2023").
inline std::string display_name(Edition e, Language l) {
  return render(Message::EditionShort, l, {{"year", std::string_view(laws(e).id).substr(5)}});
}
/// The full name of an edition: "FIDE Laws of Chess in force from 1 July 2017".
inline std::string full_name(Edition e, Language l) {
  const bool january = e == Edition::Fide2018 || e == Edition::Fide2023;
  return render(january ? Message::EditionFromJanuary : Message::EditionFromJuly, l,
                {{"year", std::string_view(laws(e).id).substr(5)}});
}
/// The names of an edition in a language: display_name() and full_name().
struct EditionNames {
  std::string short_name;  ///< "FIDE 2023"
  std::string full_name;   ///< "FIDE Laws of Chess in force from 1 January 2023"
};
/// The names of `e` in `l`, made once for every edition and language: what the
/// explanations of a whole database cite, game after game, without making them again.
inline const EditionNames& edition_names(Edition e, Language l) {
  static const auto names = [] {
    std::array<std::array<EditionNames, language_count>, edition_count> made;
    for (int i = 0; i < edition_count; ++i)
      for (int j = 0; j < language_count; ++j)
        made[std::size_t(i)][std::size_t(j)] = {display_name(Edition(i), Language(j)),
                                                full_name(Edition(i), Language(j))};
    return made;
  }();
  return names[std::size_t(e)][std::size_t(l)];
}
/// Why a claim is inadmissible, in language `l`.
inline const char* describe(Inadmissible i, Language l) noexcept {
  return message_text(Message(int(Message::InadmissibleNone) + int(i)), l);
}
/// What a refused game event means, in language `l`.
inline const char* describe(GameError e, Language l) noexcept {
  return message_text(Message(int(Message::ErrorNone) + int(e)), l);
}

// ---- Explanations -----------------------------------------------------------------------------

/// Room enough for any text write_numbered_move() writes: a move number (an int), "..."
/// and a SAN text with its sign.
inline constexpr std::size_t max_numbered_move = 11 + 3 + detail::max_san;

namespace detail {
// A move with its number, "4...Ng8", "5.Nf3", written into `p` (room for max_numbered_move
// bytes), given `next`, the position after `m`; returns the end.
inline char* write_numbered(char* p, int number, const Position& before, Move m,
                            const Position& next, SanLanguage notation) noexcept {
  p = std::to_chars(p, p + 11, number).ptr;
  for (const char* dots = before.side_to_move() == Color::White ? "." : "..."; *dots; ++dots)
    *p++ = *dots;
  return write_san(p, before, m, next, notation);
}
}  // namespace detail

/// numbered_move() in the piece letters of `notation`, written into `p` (room for
/// max_numbered_move bytes) without allocating, the SAN's sign read from the record's
/// position after the move (not played again); returns the end. `ply` >= 1.
inline char* write_numbered_move(char* p, const GameRecord& record, GameRecord::Ply ply,
                                 SanLanguage notation = SanLanguage::English) noexcept {
  return detail::write_numbered(p, record.move_number(ply), record.position(ply - 1),
                                record.move(ply), record.position(ply), notation);
}

/// The move that led to `ply` of `record` (ply >= 1), numbered, in the piece letters of
/// `options`: "25.Qh5+", "24...Kf7" (Portuguese "25.Dh5+").
inline std::string numbered_move(const GameRecord& record, GameRecord::Ply ply,
                                 ExplainOptions options = {}) {
  char text[max_numbered_move];
  return std::string(text, write_numbered_move(text, record, ply, options.notation));
}

namespace detail {

/// Builds the sentences for one language, record and rules.
class Explainer {
 public:
  Explainer(const ExplainOptions& options, const Rules& rules) : o_(options), rules_(rules) {}

  Language lang() const noexcept { return o_.language; }
  const Vocabulary& words() const noexcept { return vocabulary[int(o_.language)]; }

  std::string msg(Message id, std::initializer_list<MessageArg> args = {}) const {
    return render(id, lang(), args);
  }
  void msg_into(std::string& out, Message id, std::initializer_list<MessageArg> args = {}) const {
    render_into(out, id, lang(), args);
  }
  /// msg_into() with the placeholder {`name`} written by `write(out)` where it stands (a
  /// list of moves, written into `out` rather than made apart first).
  template <class Write>
  void msg_into(std::string& out, Message id, std::initializer_list<MessageArg> args,
                std::string_view name, Write&& write) const {
    const std::string_view text = message_text(id, lang());
    for (std::size_t open = text.find('{'); open != std::string_view::npos;
         open = text.find('{', open + 1)) {
      if (text.substr(open + 1, name.size()) != name ||
          text.substr(open + 1 + name.size(), 1) != "}")
        continue;
      append_placeholders(out, text.substr(0, open), args);
      write(out);
      append_placeholders(out, text.substr(open + name.size() + 2), args);
      return;
    }
    append_placeholders(out, text, args);
  }
  const std::string& edition() const { return edition_names(rules_.edition, lang()).short_name; }
  /// An article to cite; "?" where the edition has none.
  static std::string_view article(std::string_view a) noexcept {
    return a.empty() ? std::string_view("?") : a;
  }
  static std::string_view article(const char* a) noexcept {
    return article(std::string_view(a ? a : ""));
  }

  std::string count(long long n, const char* const (&forms)[3]) const {
    return std::to_string(n) + " " + forms[plural_form(lang(), n)];
  }
  std::string halfmoves(long long n) const { return count(n, words().halfmove); }
  /// "2 minutes", "1 minute", "90 seconds" (ru accusative "2 минуты", "1 минуту").
  std::string duration(int seconds) const {
    return seconds % 60 == 0 ? count(seconds / 60, words().minute) : count(seconds, words().second);
  }
  /// "M:SS".
  static std::string clock(int seconds) {
    if (seconds < 0) seconds = 0;
    const int s = seconds % 60;
    return std::to_string(seconds / 60) + (s < 10 ? ":0" : ":") + std::to_string(s);
  }
  /// "once", "twice", "3 times".
  std::string times(long long n) const {
    if (n == 1) return words().once;
    if (n == 2) return words().twice;
    return count(n, words().times);
  }
  /// "for the third time".
  std::string nth_time(long long n) const {
    if (n >= 1 && n <= 10) return words().nth_time[n - 1];
    std::string number = std::to_string(n);
    if (lang() == Language::English) {
      const long long last2 = n % 100, last = n % 10;
      number += last2 >= 11 && last2 <= 13 ? "th"
                : last == 1                ? "st"
                : last == 2                ? "nd"
                : last == 3                ? "rd"
                                           : "th";
    }
    return fill_placeholders(words().nth_time_other, {{"n", number}});
  }

  /// A move with its number: "4...Ng8", "5.Nf3" (letters per the options).
  std::string numbered(const Position& before, Move m, int number) const {
    char text[max_numbered_move];
    return std::string(
        text, write_numbered(text, number, before, m, before.play_unchecked(m), o_.notation));
  }
  std::string san(const Position& before, Move m) const { return to_san(before, m, o_.notation); }
  /// The move that led to the position at `ply` (ply >= 1), numbered.
  std::string played(const GameRecord& record, GameRecord::Ply ply) const {
    return numbered_move(record, ply, o_);
  }

  /// What comes before item `i` of a list of `count`: nothing, ", ", or before the last
  /// `last_joiner` (" and "): "a, b and c".
  void separate(std::string& out, std::size_t i, std::size_t count, Message last_joiner) const {
    if (i) out += i + 1 == count ? std::string_view(message_text(last_joiner, lang())) : ", ";
  }
  /// "a, b and c".
  std::string join(const std::vector<std::string>& items, Message last_joiner) const {
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i) {
      separate(out, i, items.size(), last_joiner);
      out += items[i];
    }
    return out;
  }

  /// Where a position occurred: "at the start of the game, after 2...Ng8 and after 4...Ng8".
  /// A ply one past the record is the intended move.
  std::string occurrences(const std::vector<GameRecord::Ply>& plies, const GameRecord& record,
                          Move intended) const {
    std::vector<std::string> items;
    for (GameRecord::Ply p : plies) {
      if (p == 0)
        items.push_back(msg(Message::AtStart));
      else if (p <= record.ply())
        items.push_back(msg(Message::AfterMove, {{"move", played(record, p)}}));
      else if (intended != Move::none())
        items.push_back(
            msg(Message::AfterMove, {{"move", numbered(record.position(), intended,
                                                       record.move_number(record.ply() + 1))}}));
    }
    return join(items, Message::ListAnd);
  }

  /// The halfmove count and where it started: "100 half-moves since the last pawn move or
  /// capture, 23...Rxe4".
  std::string fifty_evidence(std::int32_t count, std::int32_t last_reset,
                             const GameRecord& record) const {
    const std::string n = halfmoves(count);
    if (last_reset == HalfmoveClock::none)
      return msg(
          Message::ResetBeforeStart,
          {{"halfmoves", n}, {"fen_clock", std::to_string(record.start().halfmove_clock())}});
    if (last_reset <= 0 || GameRecord::Ply(last_reset) > record.ply())
      return msg(Message::ResetAtStart, {{"halfmoves", n}});
    return msg(Message::ResetAfterMove,
               {{"halfmoves", n}, {"move", played(record, GameRecord::Ply(last_reset))}});
  }

  /// Moves in SAN, "Nf3, Nc3 and Nh3", at most max_listed_moves of them, appended to `out`.
  void move_list_into(std::string& out, const Position& pos, const MoveList& moves) const {
    const std::size_t limit =
        o_.max_listed_moves > 0 ? std::size_t(o_.max_listed_moves) : moves.size();
    const std::size_t listed = std::min(moves.size(), limit);
    for (std::size_t i = 0; i < listed; ++i) {
      separate(out, i, listed, Message::ListAnd);
      ARBITER_ASSERT(is_legal(pos, moves[i]));  // precondition: legal moves of `pos`
      char text[max_san];
      out.append(text, write_san(text, pos, moves[i], pos.play_unchecked(moves[i]), o_.notation));
    }
    if (moves.size() > limit) {
      char count[24];
      const char* end = std::to_chars(count, count + sizeof count, moves.size() - limit).ptr;
      out += ' ';
      msg_into(out, Message::ListMore,
               {{"count", std::string_view(count, std::size_t(end - count))}});
    }
  }

  const Rules& rules() const noexcept { return rules_; }

 private:
  const ExplainOptions& o_;
  const Rules& rules_;
};

}  // namespace detail

/// Explains a ruling on a claim (claims.hpp): whether it is admissible, correct or
/// incorrect, under which article of the edition in use, with the evidence (the moves
/// after which the position occurred, or since when no pawn has moved and nothing has
/// been captured) and, for an incorrect claim, the penalty and the move to be played.
///
/// `record` is the game record as it stood when the claim was made (the claim concerns
/// record.position(); Game::claim does not change the record).
inline std::string explain(const Ruling& ruling, const GameRecord& record, const Rules& rules,
                           ExplainOptions options = {}) {
  const detail::Explainer x(options, rules);
  const std::string& edition = x.edition();
  const std::string_view article = detail::Explainer::article(ruling.article);
  const Position& pos = record.position();

  if (!ruling.admissible()) {
    const Message by_kind =
        ruling.kind == ClaimKind::Threefold ? Message::ByThreefold : Message::ByFifty;
    return x.msg(Message::ClaimInadmissible, {{"by_kind", message_text(by_kind, x.lang())},
                                              {"reason", describe(ruling.inadmissible, x.lang())},
                                              {"edition", edition},
                                              {"article", article}});
  }

  // The written move, and whether it is legal here.
  const Move intended = ruling.intended;
  const bool intended_legal = ruling.with_intended && !ruling.intended_illegal;
  // The written move with its number, "4...Ng8".
  auto written = [&] { return x.numbered(pos, intended, record.move_number(record.ply() + 1)); };

  std::string text;
  if (ruling.kind == ClaimKind::Threefold) {
    const bool by_move = ruling.by_intended_move;
    if (ruling.correct) {
      text = x.msg(by_move ? Message::ThreefoldCorrectIntended : Message::ThreefoldCorrectOnBoard,
                   {{"edition", edition},
                    {"article", article},
                    {"move", by_move ? written() : std::string()},
                    {"nth_time", x.nth_time(static_cast<long long>(ruling.occurrences.size()))},
                    {"occurrences", x.occurrences(ruling.occurrences, record, intended)}});
    } else if (ruling.intended_illegal) {
      text =
          x.msg(Message::ThreefoldIncorrectIllegal, {{"edition", edition}, {"article", article}});
    } else if (by_move) {
      text = x.msg(Message::ThreefoldIncorrectIntended,
                   {{"edition", edition},
                    {"article", article},
                    {"move", written()},
                    {"nth_time", x.nth_time(static_cast<long long>(ruling.occurrences.size()))},
                    {"occurrences", x.occurrences(ruling.occurrences, record, intended)}});
    } else {
      text = x.msg(Message::ThreefoldIncorrectOnBoard,
                   {{"edition", edition},
                    {"article", article},
                    {"times", x.times(static_cast<long long>(ruling.occurrences.size()))},
                    {"occurrences", x.occurrences(ruling.occurrences, record, Move::none())}});
    }
  } else {
    const bool by_move = ruling.by_intended_move;
    const std::string move_text = intended_legal ? written() : std::string();
    if (ruling.correct) {
      const std::string evidence = x.fifty_evidence(ruling.halfmoves, ruling.last_reset, record);
      const Message id = by_move ? Message::FiftyCorrectIntended : Message::FiftyCorrectOnBoard;
      text = x.msg(id, {{"edition", edition},
                        {"article", article},
                        {"move", move_text},
                        {"evidence", evidence}});
    } else if (ruling.intended_illegal) {
      text = x.msg(Message::FiftyIncorrectIllegal, {{"edition", edition}, {"article", article}});
    } else if (by_move && pos.resets_halfmove_clock(intended)) {
      text = x.msg(Message::FiftyIncorrectResets,
                   {{"edition", edition}, {"article", article}, {"move", move_text}});
    } else if (by_move) {
      const std::string evidence =
          x.fifty_evidence(record.halfmoves() + 1, ruling.last_reset, record);
      text = x.msg(Message::FiftyIncorrectIntended, {{"edition", edition},
                                                     {"article", article},
                                                     {"move", move_text},
                                                     {"evidence", evidence}});
    } else {
      const std::string evidence = x.fifty_evidence(ruling.halfmoves, ruling.last_reset, record);
      text = x.msg(Message::FiftyIncorrectOnBoard,
                   {{"edition", edition}, {"article", article}, {"evidence", evidence}});
    }
  }
  if (ruling.correct) return text;

  // An incorrect claim: the penalty (9.5.3), the claimant's own time (1997-2005), the move
  // that must now be made, and the claim standing as an offer (9.1.2.3).
  text += " " +
          x.msg(Message::Penalty, {{"edition", edition},
                                   {"article", detail::Explainer::article(ruling.penalty_article)},
                                   {"duration", x.duration(ruling.opponent_seconds_added)}});
  if (ruling.claimant_seconds_after >= 0)
    text += " " + x.msg(Message::ClaimantTime,
                        {{"clock", detail::Explainer::clock(ruling.claimant_seconds_after)}});
  else if (rules.laws().claimant_deduction == ClaimantDeduction::HalfAtMost3Min)
    text += " " + x.msg(Message::ClaimantHalfTime);
  else if (rules.laws().claimant_deduction == ClaimantDeduction::Table2001)
    text += " " + x.msg(Message::ClaimantTable2001);
  if (ruling.must_play != Move::none() && is_legal(pos, ruling.must_play))
    text += " " + x.msg(Message::MustPlay, {{"san", x.san(pos, ruling.must_play)}});
  else if (ruling.intended_illegal && ruling.must_move_from != Square::None)
    text += " " + x.msg(Message::MustMoveSamePiece, {{"square", to_string(ruling.must_move_from)}});
  else if (ruling.intended_illegal) {
    // E1: no piece of the claimant's that can move stands on the written move's square.
    const Square from = intended.from();
    const Piece piece = pos.piece_on(from);
    const Message why = piece == Piece::None                    ? Message::NoPieceOn
                        : color_of(piece) != pos.side_to_move() ? Message::NotClaimantsPiece
                                                                : Message::AnyMove;
    text += " " + x.msg(why, {{"square", to_string(from)}});
  }
  if (ruling.counts_as_offer) {
    const std::string_view offer_article =
        detail::Explainer::article(rules.laws().articles.claim_is_offer);
    text += " " + x.msg(Message::ClaimIsOffer, {{"edition", edition}, {"article", offer_article}});
  }
  return text;
}

/// Explains a ruling given by `game.claim()`, before any further move is played.
inline std::string explain(const Ruling& ruling, const Game& game, ExplainOptions options = {}) {
  return explain(ruling, game.record(), game.rules(), options);
}

/// Explains how a game ended, with the article of the edition in use (`article`: the one
/// to cite, by default article_of(termination, rules.laws()); Game::termination_article()
/// is more precise for claims). `result` names the winner of a decisive ending. Appended to
/// `out`: allocates only where `out` must grow.
inline void explain_into(std::string& out, Termination termination, GameResult result,
                         const Rules& rules, ExplainOptions options = {},
                         std::string_view article = {}) {
  const detail::Explainer x(options, rules);
  if (article.empty()) article = article_of(termination, rules.laws());
  // 2009 and 2014 repeat the dead-position draw of 5.2 b in Article 9 (9.6, 9.7): both cited.
  char both_articles[64];
  const Articles& articles = rules.laws().articles;
  if (termination == Termination::DeadPosition && *articles.dead_position_repeated &&
      article == articles.dead_position) {
    std::size_t n = 0;
    for (std::string_view part :
         {article, std::string_view(message_text(Message::ListAnd, x.lang())),
          std::string_view(articles.dead_position_repeated)})
      n += part.copy(both_articles + n, sizeof both_articles - n);
    article = std::string_view(both_articles, n);
  }
  const Color winner = result == GameResult::BlackWins ? Color::Black : Color::White;
  const Message capital[2] = {Message::WhiteCapital, Message::BlackCapital};
  x.msg_into(out, Message(int(Message::EndNone) + int(termination)),
             {{"edition", x.edition()},
              {"article", detail::Explainer::article(article)},
              {"winner", display_name(winner, x.lang())},
              {"loser", display_name(~winner, x.lang())},
              {"Winner", message_text(capital[index(winner)], x.lang())},
              {"Loser", message_text(capital[index(~winner)], x.lang())}});
}

/// explain_into() into a new string.
inline std::string explain(Termination termination, GameResult result, const Rules& rules,
                           ExplainOptions options = {}, std::string_view article = {}) {
  std::string out;
  explain_into(out, termination, result, rules, options, article);
  return out;
}

/// Explains how `game` ended (or that it has not).
inline std::string explain_ending(const Game& game, ExplainOptions options = {}) {
  return explain(game.termination(), game.result(), game.rules(), options,
                 game.termination_article());
}

/// Explains what the player to move could claim now (claims.hpp available_claims()):
/// on the board, or by writing one of the listed moves first. Appended to `out`: allocates
/// only where `out` must grow.
/// `pos` is the position the claims were found in (the audit asks of every ply).
inline void explain_into(std::string& out, const AvailableClaims& claims, const Position& pos,
                         const Rules& rules, ExplainOptions options = {}) {
  const detail::Explainer x(options, rules);
  const Articles& a = rules.laws().articles;
  const Message mover_id =
      pos.side_to_move() == Color::White ? Message::WhiteCapital : Message::BlackCapital;
  const char* mover = message_text(mover_id, x.lang());
  // One sentence each: a way to claim, its article, and the moves to write (if any).
  bool first = true;
  auto sentence = [&](Message id, const char* article, const MoveList* moves = nullptr) {
    if (!first) out += ' ';
    first = false;
    x.msg_into(out, id,
               {{"Mover", mover},
                {"edition", x.edition()},
                {"article", detail::Explainer::article(article)}},
               "moves", [&](std::string& o) {
                 if (moves) x.move_list_into(o, pos, *moves);
               });
  };
  if (claims.right_lost) return sentence(Message::ClaimsRightLost, a.right_to_claim_lost);
  if (!claims.any()) return x.msg_into(out, Message::ClaimsNone, {{"Mover", mover}});
  if (claims.threefold_on_board) sentence(Message::ClaimsThreefoldOnBoard, a.threefold_on_board);
  if (!claims.threefold_intended.empty())
    sentence(Message::ClaimsThreefoldIntended, a.threefold_intended, &claims.threefold_intended);
  if (claims.fifty_on_board) sentence(Message::ClaimsFiftyOnBoard, a.fifty_on_board);
  if (!claims.fifty_intended.empty())
    sentence(Message::ClaimsFiftyIntended, a.fifty_intended, &claims.fifty_intended);
}

/// explain_into() into a new string.
inline std::string explain(const AvailableClaims& claims, const Position& pos, const Rules& rules,
                           ExplainOptions options = {}) {
  std::string out;
  explain_into(out, claims, pos, rules, options);
  return out;
}

/// Explains what the player to move at the end of `record` could claim now.
inline std::string explain(const AvailableClaims& claims, const GameRecord& record,
                           const Rules& rules, ExplainOptions options = {}) {
  return explain(claims, record.position(), rules, options);
}

/// Explains what the player to move in `game` could claim now.
inline std::string explain_available_claims(const Game& game, ExplainOptions options = {}) {
  if (game.is_over()) return render(Message::ClaimsGameOver, options.language);
  return explain(game.available_claims(), game.record(), game.rules(), options);
}

/// Moves of `pos` as a list in the language and piece letters of `options` ("Qh5+ and
/// Kf8"; Portuguese "Dh5+ e Rf8"), at most options.max_listed_moves, then "(and N more)".
inline void explain_moves_into(std::string& out, const Position& pos, const MoveList& moves,
                               ExplainOptions options = {}) {
  const Rules rules;
  detail::Explainer(options, rules).move_list_into(out, pos, moves);
}
/// explain_moves_into() into a new string.
inline std::string explain_moves(const Position& pos, const MoveList& moves,
                                 ExplainOptions options = {}) {
  std::string out;
  explain_moves_into(out, pos, moves, options);
  return out;
}

/// The ways a draw could be claimed somewhere in a game (the audit's claim windows), for
/// explain_claim_procedure(): on the board, or by a written move (9.2, 9.3).
struct ClaimWays {
  bool threefold_on_board = false;  ///< 9.2.2: the position has just appeared a third time
  bool threefold_intended = false;  ///< 9.2.1: a written move would make it appear a third time
  bool fifty_on_board = false;      ///< 9.3.2: the last 50 moves each without pawn move or capture
  bool fifty_intended = false;      ///< 9.3.1: a written move would complete them

  /// Whether any way is set.
  constexpr bool any() const noexcept {
    return threefold_on_board || threefold_intended || fifty_on_board || fifty_intended;
  }
};

/// How each of `ways` is claimed, and how the right to claim is lost (9.4), one sentence
/// each with its article: the procedure said once for a whole game, where the audit lists
/// who could claim at which move. Appended to `out` (nothing if no way is set).
inline void explain_claim_procedure_into(std::string& out, const ClaimWays& ways,
                                         const Rules& rules, ExplainOptions options = {}) {
  if (!ways.any()) return;
  const detail::Explainer x(options, rules);
  const Articles& a = rules.laws().articles;
  bool first = true;
  auto sentence = [&](bool wanted, Message id, const char* article) {
    if (!wanted) return;
    if (!first) out += ' ';
    first = false;
    x.msg_into(out, id,
               {{"edition", x.edition()}, {"article", detail::Explainer::article(article)}});
  };
  sentence(ways.threefold_on_board, Message::ProcedureThreefoldOnBoard, a.threefold_on_board);
  sentence(ways.threefold_intended, Message::ProcedureThreefoldIntended, a.threefold_intended);
  sentence(ways.fifty_on_board, Message::ProcedureFiftyOnBoard, a.fifty_on_board);
  sentence(ways.fifty_intended, Message::ProcedureFiftyIntended, a.fifty_intended);
  sentence(true,
           rules.laws().claim_right_lost_by == ClaimRightLostBy::MoveMade
               ? Message::ProcedureRightLostByMove
               : Message::ProcedureRightLostByTouch,
           a.right_to_claim_lost);
}

/// explain_claim_procedure_into() into a new string ("" if no way is set).
inline std::string explain_claim_procedure(const ClaimWays& ways, const Rules& rules,
                                           ExplainOptions options = {}) {
  std::string out;
  explain_claim_procedure_into(out, ways, rules, options);
  return out;
}

}  // namespace arbiter
