#pragma once
// The sentences of arbiter-gui itself (prompts, help, usage errors) in the four languages
// of explain.hpp. Rulings, endings, available claims and the reasons a move is refused
// come from explain.hpp; only what a terminal program adds around them is here.
// Placeholders are filled by arbiter::fill_placeholders ({Color}, {square}, ...).

#include <arbiter/explain.hpp>

namespace arbiter_gui {

struct Texts {
  const char* banner;  ///< {laws} {time_control}
  const char* prompt_white;
  const char* prompt_black;
  const char* prompt_over;
  const char* result;          ///< {result}
  const char* unknown;         ///< {word}
  const char* bad_move;        ///< {move} {detail}
  const char* move_refused;    ///< {move} {reason}
  const char* refused;         ///< {reason}
  const char* touched_square;  ///< {square}
  const char* offer_made;      ///< {Color} {edition} {article}
  const char* offer_early;     ///< a draw offer by the player to move, before making a move
  const char* offer_standing;  ///< {Offerer} {answerer} {accept} {decline}
  const char* declined;        ///< {Color}
  const char* rejected_touch;  ///< {Color} {edition} {article}
  const char* rejected_move;   ///< {Color} {edition} {article}
  const char* touched;         ///< {Color} {square} {edition} {article}
  const char* no_piece;        ///< {square}
  const char* not_square;      ///< {text}
  const char* touch_usage;
  const char* not_color;       ///< {text}
  const char* extra;           ///< {text} {command}
  const char* claim_bad_move;  ///< {move} {detail}
  const char* claim_usage;     ///< {text}
  const char* help;
};

// clang-format off
inline constexpr Texts texts[arbiter::language_count] = {
  // ---- English -----------------------------------------------------------------------------------
  {"arbiter-gui: {laws}, {time_control} time control. Type `help` for the commands.",
   "White to move> ", "Black to move> ", "Game over> ",
   "Result: {result}",
   "Unknown command '{word}'. Type `help` for the commands.",
   "Cannot play '{move}': {detail}.",
   "Move {move} refused: {reason}.",
   "Refused: {reason}.",
   "The touched piece is on {square}.",
   "{Color} offers a draw ({edition}, Article {article}).",
   "Note: a draw should be offered after making a move on the chessboard and before pressing the clock; "
   "the offer is valid all the same.",
   "{Offerer} offered a draw: {answerer} may answer with `{accept}` or `{decline}`.",
   "{Color} declines the draw offer.",
   "{Color} rejected the draw offer by touching a piece ({edition}, Article {article}).",
   "{Color} rejected the draw offer by making a move ({edition}, Article {article}).",
   "{Color} touched the piece on {square} with the intention of moving or capturing it "
   "({edition}, Article {article}).",
   "There is no piece on {square}.",
   "'{text}' is not a square (a1 to h8).",
   "Usage: touch SQUARE (for example: touch g1).",
   "'{text}' is not a colour: write white or black.",
   "Unexpected '{text}' after `{command}`.",
   "Cannot read the written move '{move}': {detail}. An illegal move may be written as two squares "
   "(for example: g1g5).",
   "Usage: claim [threefold|fifty] [MOVE]; '{text}' is neither a rule nor a move.",
   "Commands, one per line (lines starting with # are ignored):\n"
   "  MOVE...                 play moves in SAN (Nf3, exd5, O-O, e8=Q) or UCI (g1f3), in turn\n"
   "  offer [white|black]     offer a draw (by default the player to move)\n"
   "  accept [white|black]    accept the opponent's standing draw offer (by default the player to move)\n"
   "  decline [white|black]   decline it\n"
   "  touch SQUARE            the player to move touches the piece on SQUARE with intent (4.3, 9.4)\n"
   "  claim                   claim a draw on the board: threefold repetition or fifty-move rule\n"
   "  claim threefold|fifty   claim a draw on the board by that rule\n"
   "  claim [threefold|fifty] MOVE\n"
   "                          claim a draw by writing MOVE on the scoresheet first (9.2.1, 9.3.1)\n"
   "  flag [white|black]      a flag has fallen (by default the player to move's)\n"
   "  resign [white|black]    resign (by default the player to move)\n"
   "  board                   show the board and what the player to move could claim\n"
   "  fen                     show the position in FEN\n"
   "  help                    show this text\n"
   "  quit                    leave (the end of the input does too)"},
  // ---- Portuguese --------------------------------------------------------------------------------
  {"arbiter-gui: {laws}, ritmo {time_control}. Digite `help` para ver os comandos.",
   "Brancas jogam> ", "Pretas jogam> ", "Partida terminada> ",
   "Resultado: {result}",
   "Comando desconhecido '{word}'. Digite `help` para ver os comandos.",
   "Não é possível jogar '{move}': {detail}.",
   "Lance {move} recusado: {reason}.",
   "Recusado: {reason}.",
   "A peça tocada está em {square}.",
   "{Color} oferecem empate ({edition}, artigo {article}).",
   "Observação: o empate deve ser oferecido depois de fazer um lance no tabuleiro e antes de acionar o relógio; "
   "ainda assim, a oferta é válida.",
   "{Offerer} ofereceram empate: {answerer} podem responder com `{accept}` ou `{decline}`.",
   "{Color} recusam a oferta de empate.",
   "{Color} rejeitaram a oferta de empate ao tocar uma peça ({edition}, artigo {article}).",
   "{Color} rejeitaram a oferta de empate ao fazer um lance ({edition}, artigo {article}).",
   "{Color} tocaram a peça em {square} com a intenção de jogá-la ou capturá-la ({edition}, artigo {article}).",
   "Não há nenhuma peça em {square}.",
   "'{text}' não é uma casa (de a1 a h8).",
   "Uso: touch CASA (por exemplo: touch g1).",
   "'{text}' não é uma cor: escreva white ou black.",
   "'{text}' inesperado depois de `{command}`.",
   "Não é possível ler o lance anotado '{move}': {detail}. Um lance ilegal pode ser anotado como duas casas "
   "(por exemplo: g1g5).",
   "Uso: claim [threefold|fifty] [LANCE]; '{text}' não é uma regra nem um lance.",
   "Comandos, um por linha (linhas que começam com # são ignoradas):\n"
   "  LANCE...                joga lances em notação algébrica (Cf3, exd5, O-O, e8=D; também com as letras\n"
   "                          inglesas) ou UCI (g1f3), um após o outro\n"
   "  offer [white|black]     oferece empate (por padrão, o jogador que tem a vez)\n"
   "  accept [white|black]    aceita a oferta de empate do adversário (por padrão, o jogador que tem a vez)\n"
   "  decline [white|black]   recusa essa oferta\n"
   "  touch CASA              o jogador que tem a vez toca a peça em CASA com intenção (4.3, 9.4)\n"
   "  claim                   reclama empate pela posição no tabuleiro: tripla repetição ou regra dos 50 lances\n"
   "  claim threefold|fifty   reclama empate no tabuleiro por essa regra\n"
   "  claim [threefold|fifty] LANCE\n"
   "                          reclama empate anotando antes o LANCE na planilha (9.2.1, 9.3.1)\n"
   "  flag [white|black]      caiu a bandeira (por padrão, a do jogador que tem a vez)\n"
   "  resign [white|black]    abandona (por padrão, o jogador que tem a vez)\n"
   "  board                   mostra o tabuleiro e o que o jogador que tem a vez pode reclamar\n"
   "  fen                     mostra a posição em FEN\n"
   "  help                    mostra este texto\n"
   "  quit                    sai (o fim da entrada também)"},
  // ---- Spanish -----------------------------------------------------------------------------------
  {"arbiter-gui: {laws}, ritmo {time_control}. Escriba `help` para ver las órdenes.",
   "Juegan las blancas> ", "Juegan las negras> ", "Partida terminada> ",
   "Resultado: {result}",
   "Orden desconocida '{word}'. Escriba `help` para ver las órdenes.",
   "No se puede jugar '{move}': {detail}.",
   "Jugada {move} rechazada: {reason}.",
   "Rechazado: {reason}.",
   "La pieza tocada está en {square}.",
   "{Color} ofrecen tablas ({edition}, artículo {article}).",
   "Nota: las tablas deben ofrecerse después de realizar una jugada en el tablero y antes de pulsar el reloj; "
   "aun así, la oferta es válida.",
   "{Offerer} ofrecieron tablas: {answerer} pueden responder con `{accept}` o `{decline}`.",
   "{Color} rechazan la oferta de tablas.",
   "{Color} rechazaron la oferta de tablas al tocar una pieza ({edition}, artículo {article}).",
   "{Color} rechazaron la oferta de tablas al realizar una jugada ({edition}, artículo {article}).",
   "{Color} tocaron la pieza de {square} con la intención de moverla o capturarla ({edition}, artículo {article}).",
   "No hay ninguna pieza en {square}.",
   "'{text}' no es una casilla (de a1 a h8).",
   "Uso: touch CASILLA (por ejemplo: touch g1).",
   "'{text}' no es un color: escriba white o black.",
   "'{text}' inesperado después de `{command}`.",
   "No se puede leer la jugada anotada '{move}': {detail}. Una jugada ilegal puede anotarse como dos casillas "
   "(por ejemplo: g1g5).",
   "Uso: claim [threefold|fifty] [JUGADA]; '{text}' no es una regla ni una jugada.",
   "Órdenes, una por línea (se ignoran las líneas que empiezan por #):\n"
   "  JUGADA...               realiza jugadas en notación algebraica (Cf3, exd5, O-O, e8=D; también con las\n"
   "                          letras inglesas) o UCI (g1f3), una tras otra\n"
   "  offer [white|black]     ofrece tablas (por omisión, el jugador que está en juego)\n"
   "  accept [white|black]    acepta la oferta de tablas del adversario (por omisión, el jugador que está en juego)\n"
   "  decline [white|black]   rechaza esa oferta\n"
   "  touch CASILLA           el jugador que está en juego toca la pieza de CASILLA con intención (4.3, 9.4)\n"
   "  claim                   reclama tablas por la posición del tablero: triple repetición o regla de los 50\n"
   "                          movimientos\n"
   "  claim threefold|fifty   reclama tablas en el tablero por esa regla\n"
   "  claim [threefold|fifty] JUGADA\n"
   "                          reclama tablas anotando antes la JUGADA en la planilla (9.2.1, 9.3.1)\n"
   "  flag [white|black]      ha caído la bandera (por omisión, la del jugador que está en juego)\n"
   "  resign [white|black]    abandona (por omisión, el jugador que está en juego)\n"
   "  board                   muestra el tablero y lo que puede reclamar el jugador que está en juego\n"
   "  fen                     muestra la posición en FEN\n"
   "  help                    muestra este texto\n"
   "  quit                    sale (el final de la entrada también)"},
  // ---- Russian -----------------------------------------------------------------------------------
  {"arbiter-gui: {laws}, контроль времени: {time_control}. Введите `help`, чтобы увидеть список команд.",
   "Ход белых> ", "Ход чёрных> ", "Партия окончена> ",
   "Результат: {result}",
   "Неизвестная команда '{word}'. Введите `help`, чтобы увидеть список команд.",
   "Нельзя сделать ход '{move}': {detail}.",
   "Ход {move} отклонён: {reason}.",
   "Отклонено: {reason}.",
   "Тронутая фигура стоит на {square}.",
   "{Color} предлагают ничью ({edition}, статья {article}).",
   "Примечание: ничью следует предлагать после того, как сделан ход на доске, и до нажатия кнопки часов; "
   "тем не менее предложение действительно.",
   "{Offerer} предложили ничью: {answerer} могут ответить командой `{accept}` или `{decline}`.",
   "{Color} отклоняют предложение ничьей.",
   "{Color} отклонили предложение ничьей, коснувшись фигуры ({edition}, статья {article}).",
   "{Color} отклонили предложение ничьей, сделав ход ({edition}, статья {article}).",
   "{Color} коснулись фигуры на {square} с намерением сделать ею ход или взять её ({edition}, статья {article}).",
   "На {square} нет фигуры.",
   "'{text}' — не поле доски (от a1 до h8).",
   "Использование: touch ПОЛЕ (например: touch g1).",
   "'{text}' — не цвет: напишите white или black.",
   "Лишний текст '{text}' после `{command}`.",
   "Нельзя прочитать записанный ход '{move}': {detail}. Невозможный ход можно записать двумя полями "
   "(например: g1g5).",
   "Использование: claim [threefold|fifty] [ХОД]; '{text}' — не правило и не ход.",
   "Команды, по одной в строке (строки, начинающиеся с #, пропускаются):\n"
   "  ХОД...                  сделать ходы в алгебраической нотации (Кf3, exd5, O-O, e8=Ф; можно и с\n"
   "                          английскими буквами) или UCI (g1f3), один за другим\n"
   "  offer [white|black]     предложить ничью (по умолчанию — игрок, имеющий очередь хода)\n"
   "  accept [white|black]    принять предложение ничьей соперника (по умолчанию — игрок, имеющий очередь хода)\n"
   "  decline [white|black]   отклонить его\n"
   "  touch ПОЛЕ              игрок, имеющий очередь хода, намеренно касается фигуры на ПОЛЕ (4.3, 9.4)\n"
   "  claim                   потребовать ничью по позиции на доске: троекратное повторение или правило 50 ходов\n"
   "  claim threefold|fifty   потребовать ничью по позиции на доске по этому правилу\n"
   "  claim [threefold|fifty] ХОД\n"
   "                          потребовать ничью, сначала записав ХОД на бланке (9.2.1, 9.3.1)\n"
   "  flag [white|black]      упал флажок (по умолчанию — у игрока, имеющего очередь хода)\n"
   "  resign [white|black]    сдаться (по умолчанию — игрок, имеющий очередь хода)\n"
   "  board                   показать доску и то, что может потребовать игрок, имеющий очередь хода\n"
   "  fen                     показать позицию в FEN\n"
   "  help                    показать этот текст\n"
   "  quit                    выйти (конец ввода тоже завершает программу)"},
};
// clang-format on

inline const Texts& texts_for(arbiter::Language l) noexcept { return texts[int(l)]; }

}  // namespace arbiter_gui
