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
  LawsByDate,
  LawsBeforeFirst,
  LawsUnknownDate,
  LawsUndecidedDate,
  LawsBadDate,
  LawsForced,
  EditionsByDate,
  Verdict,
  VerdictDrawn,
  VerdictMate,
  VerdictPlayedOn,
  VerdictPlayedOnOne,
  VerdictVoid,
  VerdictStands,
  VerdictWrong,
  VerdictNoEnding,
  VerdictWindows,
  WindowThreefold,
  WindowFifty,
  RangeOne,
  RangeMany,
  EntryBoth,
  EntryOnBoard,
  EntryWritten,
  EntryEachOnBoard,
  HowToClaim,
  SummaryWindows,
  WhiteToMove,
  BlackToMove,
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
  {AuditText::LawsByDate, "audit.laws.by_date",
   {"Laws: {edition} (the game's date: {date})", "Leis: {edition} (data da partida: {date})",
    "Leyes: {edition} (fecha de la partida: {date})", "Правила: {edition} (дата партии: {date})"}},
  {AuditText::LawsBeforeFirst, "audit.laws.before_first",
   {"Laws: {edition}, the earliest known: the game ({date}) predates every edition of the Laws known here",
    "Leis: {edition}, a mais antiga conhecida: a partida ({date}) é anterior a todas as edições das Leis aqui conhecidas",
    "Leyes: {edition}, la más antigua conocida: la partida ({date}) es anterior a todas las ediciones de las Leyes aquí conocidas",
    "Правила: {edition}, самая ранняя из известных: партия ({date}) сыграна до всех известных здесь редакций Правил"}},
  {AuditText::LawsUnknownDate, "audit.laws.unknown_date",
   {"Laws: {edition}: the game's date is not known, the latest edition is applied",
    "Leis: {edition}: a data da partida não é conhecida; aplica-se a edição mais recente",
    "Leyes: {edition}: la fecha de la partida no se conoce; se aplica la edición más reciente",
    "Правила: {edition}: дата партии неизвестна; применяется последняя редакция"}},
  {AuditText::LawsUndecidedDate, "audit.laws.undecided_date",
   {"Laws: {edition}: the date {date} does not tell which edition was in force, the latest edition is applied",
    "Leis: {edition}: a data {date} não indica qual edição estava em vigor; aplica-se a edição mais recente",
    "Leyes: {edition}: la fecha {date} no indica qué edición estaba en vigor; se aplica la edición más reciente",
    "Правила: {edition}: по дате {date} нельзя определить действовавшую редакцию; применяется последняя редакция"}},
  {AuditText::LawsBadDate, "audit.laws.bad_date",
   {"Laws: {edition}: the Date tag \"{date}\" is not a PGN date, the latest edition is applied",
    "Leis: {edition}: a etiqueta Date \"{date}\" não é uma data PGN; aplica-se a edição mais recente",
    "Leyes: {edition}: la etiqueta Date \"{date}\" no es una fecha PGN; se aplica la edición más reciente",
    "Правила: {edition}: тег Date \"{date}\" не является датой PGN; применяется последняя редакция"}},
  {AuditText::LawsForced, "audit.laws.forced",
   {"Laws: {edition} (chosen with --rules)", "Leis: {edition} (escolhidas com --rules)",
    "Leyes: {edition} (elegidas con --rules)", "Правила: {edition} (выбраны параметром --rules)"}},
  {AuditText::EditionsByDate, "audit.editions_by_date",
   {"the Laws in force on each game's date", "as Leis em vigor na data de cada partida",
    "las Leyes en vigor en la fecha de cada partida", "Правила, действовавшие в день каждой партии"}},
  {AuditText::Verdict, "audit.verdict",
   {"Verdict: {verdict}.", "Veredicto: {verdict}.", "Veredicto: {verdict}.", "Вердикт: {verdict}."}},
  {AuditText::VerdictDrawn, "audit.verdict.drawn",
   {"drawn by {ending} at {move}", "empate por {ending} em {move}", "tablas por {ending} en {move}",
    "ничья ({ending}) после {move}"}},
  {AuditText::VerdictMate, "audit.verdict.mate",
   {"checkmate at {move}", "xeque-mate em {move}", "jaque mate en {move}", "мат после {move}"}},
  {AuditText::VerdictPlayedOn, "audit.verdict.played_on",
   {", played on for {later} plies", ", continuada por mais {later} meios-lances",
    ", continuada durante {later} medias jugadas más", ", затем сыграно ещё полуходов: {later}"}},
  {AuditText::VerdictPlayedOnOne, "audit.verdict.played_on_one",
   {", played on for one more ply", ", continuada por mais um meio-lance",
    ", continuada durante una media jugada más", ", затем сыгран ещё один полуход"}},
  {AuditText::VerdictVoid, "audit.verdict.void",
   {"; the recorded {result} is void", "; o resultado registado {result} é nulo",
    "; el resultado registrado {result} es nulo", "; записанный результат {result} недействителен"}},
  {AuditText::VerdictStands, "audit.verdict.stands",
   {"; the recorded {result} stands", "; o resultado registado {result} mantém-se",
    "; el resultado registrado {result} se mantiene", "; записанный результат {result} остаётся в силе"}},
  {AuditText::VerdictWrong, "audit.verdict.wrong",
   {"; the recorded {result} is wrong, the Laws give {laws_result}",
    "; o resultado registado {result} está errado, as Leis dão {laws_result}",
    "; el resultado registrado {result} es erróneo, las Leyes dan {laws_result}",
    "; записанный результат {result} неверен, по Правилам {laws_result}"}},
  {AuditText::VerdictNoEnding, "audit.verdict.no_ending",
   {"no ending without a claim", "nenhum final sem reclamação", "ningún final sin reclamación",
    "окончания без требования нет"}},
  {AuditText::VerdictWindows, "audit.verdict.windows",
   {"; draw claims open in windows: {windows} (plies: {plies})",
    "; janelas de reclamação de empate: {windows} (meios-lances: {plies})",
    "; ventanas de reclamación de tablas: {windows} (medias jugadas: {plies})",
    "; окон для требования ничьей: {windows} (полуходов: {plies})"}},
  {AuditText::WindowThreefold, "audit.window.threefold",
   {"A draw by threefold repetition could be claimed {range}:",
    "O empate por tripla repetição podia ser reclamado {range}:",
    "Las tablas por triple repetición podían reclamarse {range}:",
    "Ничью ввиду троекратного повторения позиции можно было потребовать {range}:"}},
  {AuditText::WindowFifty, "audit.window.fifty",
   {"A draw under the fifty-move rule could be claimed {range}:",
    "O empate pela regra dos 50 lances podia ser reclamado {range}:",
    "Las tablas por la regla de los 50 movimientos podían reclamarse {range}:",
    "Ничью по правилу 50 ходов можно было потребовать {range}:"}},
  {AuditText::RangeOne, "audit.range.one",
   {"after {first} (ply {from})", "após {first} (meio-lance {from})",
    "tras {first} (media jugada {from})", "после {first} (полуход {from})"}},
  {AuditText::RangeMany, "audit.range.many",
   {"from {first} to {last} (plies {from}-{to}: {count})",
    "de {first} a {last} (meios-lances {from}-{to}: {count})",
    "de {first} a {last} (medias jugadas {from}-{to}: {count})",
    "с {first} по {last} (полуходы {from}-{to}: {count})"}},
  {AuditText::EntryBoth, "audit.entry.both",
   {"{side}, on the board or by writing {moves}", "{side}, no tabuleiro ou anotando {moves}",
    "{side}, en el tablero o anotando {moves}", "{side}: на доске или записав {moves}"}},
  {AuditText::EntryOnBoard, "audit.entry.on_board",
   {"{side}, on the board", "{side}, no tabuleiro", "{side}, en el tablero", "{side}: на доске"}},
  {AuditText::EntryWritten, "audit.entry.written",
   {"{side}, by writing {moves}", "{side}, anotando {moves}", "{side}, anotando {moves}",
    "{side}: записав {moves}"}},
  {AuditText::EntryEachOnBoard, "audit.entry.each_on_board",
   {"From {first} to {last}: the player to move, each time on the board",
    "De {first} a {last}: o jogador que tem a vez, sempre no tabuleiro",
    "De {first} a {last}: el jugador que tiene el turno, siempre en el tablero",
    "С {first} по {last}: игрок, чья очередь ходить, каждый раз на доске"}},
  {AuditText::HowToClaim, "audit.how_to_claim",
   {"How to claim: {procedure}", "Como reclamar: {procedure}", "Cómo reclamar: {procedure}",
    "Как потребовать ничью: {procedure}"}},
  {AuditText::SummaryWindows, "audit.summary.windows",
   {"windows: {windows}, plies: {plies}", "janelas: {windows}, meios-lances: {plies}",
    "ventanas: {windows}, medias jugadas: {plies}", "окон: {windows}, полуходов: {plies}"}},
  {AuditText::WhiteToMove, "audit.white_to_move",
   {"White to move", "Jogam as brancas", "Juegan las blancas", "Ход белых"}},
  {AuditText::BlackToMove, "audit.black_to_move",
   {"Black to move", "Jogam as pretas", "Juegan las negras", "Ход чёрных"}},
};
// clang-format on

inline constexpr int audit_text_count = int(sizeof(audit_text_table) / sizeof(audit_text_table[0]));

constexpr bool audit_text_table_in_order() noexcept {
  for (int i = 0; i < audit_text_count; ++i)
    if (int(audit_text_table[i].id) != i) return false;
  return true;
}
static_assert(audit_text_table_in_order(), "audit_text_table must follow the order of AuditText");
static_assert(int(AuditText::BlackToMove) + 1 == audit_text_count, "every AuditText needs a row");

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
