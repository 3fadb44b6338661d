#pragma once
// The words of the audit's report (arbiter audit), in the four languages of explain.hpp.
// The report is the tool's: the library explains rulings and endings (explain.hpp), the
// tool says how it lays them out (game headings, where a finding is, the summary). One
// table, one row per text, one column per language, with the named placeholders of
// arbiter::fill_placeholders().

#include <cstdint>
#include <initializer_list>
#include <string>

#include <arbiter/explain.hpp>

namespace arbiter_cli {

/// Every text of the audit's report; the order is the order of audit_text_table.
enum class AuditText : std::uint8_t {
  Game,
  AtStart,
  After,
  Until,
  LawsGive,
  Nothing,
  PlayedOn,
  Disagrees,
  ReasonVoid,
  ReasonOtherwise,
  ReasonCannotMate,
  CannotRead,
  Summary,
  PlayedOnCount,
  DisagreeingCount,
};

struct AuditTextInfo {
  AuditText id;
  const char* key;  ///< a stable name for translators and tests, e.g. "audit.summary"
  const char* text[arbiter::language_count];  ///< en, pt, es, ru
};

// clang-format off
inline constexpr AuditTextInfo audit_text_table[] = {
  {AuditText::Game, "audit.game",
   {"Game {n}: {white} - {black} ({event}, {date}), {result}, {plies} plies",
    "Partida {n}: {white} - {black} ({event}, {date}), {result}, lances (meios-lances): {plies}",
    "Partida {n}: {white} - {black} ({event}, {date}), {result}, medias jugadas: {plies}",
    "Партия {n}: {white} - {black} ({event}, {date}), {result}, полуходов: {plies}"}},
  {AuditText::AtStart, "audit.at_start",
   {"At the start (ply 0)", "No início (meio-lance 0)", "Al comienzo (media jugada 0)",
    "В начальной позиции (полуход 0)"}},
  {AuditText::After, "audit.after",
   {"After {move} (ply {ply})", "Após {move} (meio-lance {ply})", "Tras {move} (media jugada {ply})",
    "После {move} (полуход {ply})"}},
  {AuditText::Until, "audit.until",
   {" (until ply {ply})", " (até o meio-lance {ply})", " (hasta la media jugada {ply})", " (до полухода {ply})"}},
  {AuditText::LawsGive, "audit.laws_give",
   {" (the Laws give {result})", " (as Leis dão {result})", " (las Leyes dan {result})", " (по Правилам {result})"}},
  {AuditText::Nothing, "audit.nothing",
   {"Nothing to report.", "Nada a assinalar.", "Nada que señalar.", "Замечаний нет."}},
  {AuditText::PlayedOn, "audit.played_on",
   {"The game was already over at ply {ply}; the later plies ({later}) are void.",
    "A partida já tinha terminado no meio-lance {ply}; os meios-lances seguintes ({later}) são nulos.",
    "La partida ya había terminado en la media jugada {ply}; las medias jugadas posteriores ({later}) son nulas.",
    "Партия уже закончилась на полуходе {ply}; последующие полуходы ({later}) недействительны."}},
  {AuditText::Disagrees, "audit.disagrees",
   {"The recorded result {result} does not agree with the Laws: {reason}{laws_result}.",
    "O resultado registado {result} não está de acordo com as Leis: {reason}{laws_result}.",
    "El resultado registrado {result} no concuerda con las Leyes: {reason}{laws_result}.",
    "Записанный результат {result} не соответствует Правилам: {reason}{laws_result}."}},
  {AuditText::ReasonVoid, "audit.reason.void",
   {"the game had already ended; the later moves and the recorded result are void",
    "a partida já tinha terminado; os lances seguintes e o resultado registado são nulos",
    "la partida ya había terminado; las jugadas posteriores y el resultado registrado son nulos",
    "партия уже была закончена; последующие ходы и записанный результат недействительны"}},
  {AuditText::ReasonOtherwise, "audit.reason.otherwise",
   {"the game ended otherwise on the board", "a partida terminou de outra forma no tabuleiro",
    "la partida terminó de otro modo sobre el tablero", "партия закончилась на доске иначе"}},
  {AuditText::ReasonCannotMate, "audit.reason.cannot_mate",
   {"the winner could not checkmate by any series of legal moves",
    "o vencedor não podia dar xeque-mate por nenhuma série de lances legais",
    "el ganador no podía dar jaque mate mediante ninguna serie de jugadas legales",
    "победитель не мог поставить мат никакой последовательностью допустимых ходов"}},
  {AuditText::CannotRead, "audit.cannot_read",
   {"Game {n}: cannot be read: {error}", "Partida {n}: não pode ser lida: {error}",
    "Partida {n}: no se puede leer: {error}", "Партия {n}: не удаётся прочитать: {error}"}},
  {AuditText::Summary, "audit.summary",
   {"Summary ({edition}): games: {games} ({bad} could not be read), plies: {plies}",
    "Resumo ({edition}): partidas: {games} (não lidas: {bad}), meios-lances: {plies}",
    "Resumen ({edition}): partidas: {games} (no leídas: {bad}), medias jugadas: {plies}",
    "Итог ({edition}): партий: {games} (не прочитано: {bad}), полуходов: {plies}"}},
  {AuditText::PlayedOnCount, "audit.played_on_count",
   {"games played on after their end: {n}", "partidas continuadas depois do fim: {n}",
    "partidas continuadas después de su final: {n}", "партий, продолженных после окончания: {n}"}},
  {AuditText::DisagreeingCount, "audit.disagreeing_count",
   {"games whose result disagrees with the Laws: {n}", "partidas cujo resultado não está de acordo com as Leis: {n}",
    "partidas cuyo resultado no concuerda con las Leyes: {n}", "партий, результат которых не соответствует Правилам: {n}"}},
};
// clang-format on

inline constexpr int audit_text_count = int(sizeof(audit_text_table) / sizeof(audit_text_table[0]));

constexpr bool audit_text_table_in_order() noexcept {
  for (int i = 0; i < audit_text_count; ++i)
    if (int(audit_text_table[i].id) != i) return false;
  return true;
}
static_assert(audit_text_table_in_order(), "audit_text_table must follow the order of AuditText");
static_assert(int(AuditText::DisagreeingCount) + 1 == audit_text_count,
              "every AuditText needs a row");

/// The text in a language, placeholders unfilled.
constexpr const char* audit_text(AuditText id, arbiter::Language l) noexcept {
  return audit_text_table[int(id)].text[int(l)];
}

/// The text in a language with its placeholders filled.
inline std::string say(AuditText id, arbiter::Language l,
                       std::initializer_list<arbiter::MessageArg> args = {}) {
  return arbiter::fill_placeholders(audit_text(id, l), args);
}

}  // namespace arbiter_cli
