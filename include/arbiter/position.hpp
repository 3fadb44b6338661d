#pragma once
// Position: placement, side to move, castling rights (one per rook, so Chess960 works
// the same way), en passant square, the two move counters and the FIDE position key.
// A Position is always a legal set-up: it is made only from a validated Setup
// (see validate()) or by playing legal moves. Copying it is cheap (168 bytes).

#include <cstdint>
#include <string>

#include "attacks.hpp"
#include "bitboard.hpp"
#include "position_key.hpp"
#include "result.hpp"
#include "types.hpp"
#include "zobrist.hpp"

namespace arbiter {

/// What can be wrong with a set-up position. The syntax kinds come from notation/fen.hpp;
/// the others from Position::validate().
enum class PositionError : std::uint8_t {
  // FEN syntax
  FieldCount,       ///< not six space-separated fields (strict) or fewer than four
  BoardCharacter,   ///< a character that is neither a piece letter, a digit 1-8 nor '/'
  RankTooLong,      ///< more than eight squares described in one rank
  RankTooShort,     ///< fewer than eight squares described in one rank
  RankCount,        ///< not eight ranks
  SideToMove,       ///< the side-to-move field is not 'w' or 'b'
  CastlingSyntax,   ///< a castling character that is not KQkq, A-H, a-h or '-', or a repeated one
  EnPassantSyntax,  ///< the en passant field is not '-' or a square
  HalfmoveClock,    ///< the halfmove clock is not a number in [0, 65535]
  FullmoveNumber,   ///< the fullmove number is not a number in [1, 65535]
  FieldSeparator,   ///< fields not separated by exactly one space, or blanks before or after them
                    ///< (strict)
  AdjacentDigits,  ///< two digits in a row in a rank, e.g. "44" (strict; lenient mode adds them up)
  // Placement (FIDE Article 2 and 3: one king each; pawns never stand on the first or last rank)
  MissingKing,
  TooManyKings,
  PawnOnBackRank,
  TooManyPieces,          ///< more than 16 pieces of one colour
  TooManyPawns,           ///< more than 8 pawns of one colour
  TooManyPromotedPieces,  ///< more pieces beyond the initial set than missing pawns allow
  // Castling rights (Article 3.8.2: only with king and rook unmoved on their squares)
  CastlingWithoutKing,
  CastlingWithoutRook,
  // En passant (Article 3.7.4.1: only just after a two-square advance)
  EnPassantWrongRank,
  EnPassantNoPawn,             ///< no enemy pawn on the square in front of the en passant square
  EnPassantSquaresOccupied,    ///< the en passant square or the pawn's starting square is occupied
  EnPassantWithHalfmoveClock,  ///< a pawn just moved, so the halfmove clock must be 0
  // Checks
  OpponentInCheck,  ///< the side not to move is in check
  TooManyCheckers,  ///< three or more pieces give check
  ImpossibleCheck,  ///< a check (or double check) that no legal last move can give
  // Values a Setup can hold that no FEN can write (Position::validate() checks them first)
  InvalidPiece,       ///< a board entry that is not a piece code (Piece) nor Piece::None
  InvalidSideToMove,  ///< a side to move that is neither White nor Black
  InvalidSquare,      ///< a castling rook or en passant square that is not a square of the board
};

/// A short English description of an error kind.
constexpr const char* describe(PositionError e) noexcept {
  switch (e) {
    case PositionError::FieldCount:
      return "wrong number of fields";
    case PositionError::BoardCharacter:
      return "invalid character in piece placement";
    case PositionError::RankTooLong:
      return "rank describes more than 8 squares";
    case PositionError::RankTooShort:
      return "rank describes fewer than 8 squares";
    case PositionError::RankCount:
      return "piece placement does not have 8 ranks";
    case PositionError::SideToMove:
      return "side to move must be 'w' or 'b'";
    case PositionError::CastlingSyntax:
      return "invalid castling field";
    case PositionError::EnPassantSyntax:
      return "en passant field must be '-' or a square";
    case PositionError::HalfmoveClock:
      return "halfmove clock must be a number from 0 to 65535";
    case PositionError::FullmoveNumber:
      return "fullmove number must be a number from 1 to 65535";
    case PositionError::FieldSeparator:
      return "fields must be separated by exactly one space, with nothing before the first or "
             "after the last";
    case PositionError::AdjacentDigits:
      return "two digits in a row in a rank (one digit counts the empty squares)";
    case PositionError::MissingKing:
      return "a side has no king";
    case PositionError::TooManyKings:
      return "a side has more than one king";
    case PositionError::PawnOnBackRank:
      return "pawn on the first or last rank";
    case PositionError::TooManyPieces:
      return "a side has more than 16 pieces";
    case PositionError::TooManyPawns:
      return "a side has more than 8 pawns";
    case PositionError::TooManyPromotedPieces:
      return "more promoted pieces than missing pawns";
    case PositionError::CastlingWithoutKing:
      return "castling right but the king is not on its square";
    case PositionError::CastlingWithoutRook:
      return "castling right but no rook on its square";
    case PositionError::EnPassantWrongRank:
      return "en passant square on the wrong rank for the side to move";
    case PositionError::EnPassantNoPawn:
      return "en passant square without a pawn that just advanced two squares";
    case PositionError::EnPassantSquaresOccupied:
      return "en passant square or the pawn's starting square is occupied";
    case PositionError::EnPassantWithHalfmoveClock:
      return "en passant square but the halfmove clock is not 0";
    case PositionError::OpponentInCheck:
      return "the side not to move is in check";
    case PositionError::TooManyCheckers:
      return "more than two pieces give check";
    case PositionError::ImpossibleCheck:
      return "a check that no legal move could have given";
    case PositionError::InvalidPiece:
      return "a board entry that is not a piece";
    case PositionError::InvalidSideToMove:
      return "side to move is neither White nor Black";
    case PositionError::InvalidSquare:
      return "a square that is not on the board";
  }
  return "unknown error";
}

/// An unchecked description of a position, as a FEN gives it. Becomes a Position only
/// through Position::from_setup(), which checks every field (a Setup may hold any bytes:
/// piece codes, squares and counters out of range are errors, never undefined behaviour).
struct Setup {
  /// The piece on each square (Piece::None: empty), a1 first.
  Piece board[64];
  /// Whose move it is.
  Color side_to_move = Color::White;
  /// The castling rights (with their rooks in castling_rooks).
  CastlingRights castling{};
  /// The rook of each right, indexed 2 * colour + side (CastlingSide).
  Square castling_rooks[4] = {Square::None, Square::None, Square::None, Square::None};
  /// The en passant target square as FEN writes it (Square::None: none).
  Square en_passant = Square::None;
  /** @{ */
  /// The halfmove clock and fullmove number, as FEN gives them.
  int halfmove_clock = 0;
  int fullmove_number = 1;
  /** @} */
  /// Whether castling follows the Chess960 rules (the Laws' Guidelines on Chess960).
  bool chess960 = false;

  Setup() noexcept {
    for (Piece& p : board) p = Piece::None;
  }
  /// The index of a right in castling_rooks: 2 * colour + side.
  static constexpr int right_index(Color c, CastlingSide s) noexcept { return 2 * int(c) + int(s); }
};

/// The first fault found in a Setup, with the square it concerns (Square::None when
/// the fault is not on one square) and, for castling faults, the right's index.
struct SetupError {
  /// What is wrong.
  PositionError error;
  /// The square concerned (Square::None: no single square).
  Square square = Square::None;
  /// The right concerned, 2 * colour + side (-1: none).
  int castling_right = -1;

  /// e.g. "castling right but no rook on its square (right 0, square h1)"
  std::string message() const {
    std::string m = describe(error);
    if (castling_right >= 0) m += " (right " + std::string(1, "KQkq"[castling_right & 3]);
    if (is_ok(square)) {
      m += castling_right >= 0 ? ", square " : " (square ";
      m += char('a' + file_of(square));
      m += char('1' + rank_of(square));
    }
    if (castling_right >= 0 || is_ok(square)) m += ')';
    return m;
  }
};

/// Why a move was not played: Position::play() and Position::play_null() check what
/// play_unchecked() trusts.
struct MoveError {
  /// The reasons a move is refused.
  enum class Kind : std::uint8_t {
    Illegal,          ///< not one of the legal moves of the position
    NullMoveInCheck,  ///< a null move by a side in check would leave its king attacked
  };
  /// Why the move was refused.
  Kind kind;
  /// The move refused.
  Move move;

  /// e.g. "e2e5 is not a legal move in this position"
  std::string message() const {
    if (kind == Kind::NullMoveInCheck) return "null move while in check";
    std::string m{char('a' + file_of(move.from())), char('1' + rank_of(move.from())),
                  char('a' + file_of(move.to())), char('1' + rank_of(move.to()))};
    if (move.is_promotion()) m += "pnbrqk"[index(move.promotion_type())];
    return m + " is not a legal move in this position";
  }
};

namespace detail {
struct ClosureStates;  // unwinnable.hpp: rebuilds positions from states packed from legal ones
}  // namespace detail

/// A legal chess position: placement, side to move, castling rights with their rooks,
/// en passant square, counters, and the FIDE key kept up to date move by move. Only
/// legal positions exist (startpos(), from_setup(), parse_fen(), or playing moves).
class Position {
 public:
  /// The largest halfmove clock and fullmove number: FEN accepts no more, and playing
  /// a move keeps them there (a game that long is over by 9.6.2 anyway).
  static constexpr int max_counter = 65535;

  // There is no public constructor of an empty (invalid) position: a Position comes
  // from startpos(), from_setup() (or parse_fen()), or by playing moves.

  /// The initial position (Article 2).
  static Position startpos() noexcept;

  /// Checks a Setup against the rules a reachable position obeys (see PositionError).
  /// `ignore_impossible_check` accepts checks no last move could give (TooManyCheckers,
  /// ImpossibleCheck): such composed positions are still safe to play from.
  static Result<void, SetupError> validate(const Setup& s,
                                           bool ignore_impossible_check = false) noexcept;
  /// The position `s` describes, if it is legal (see validate()).
  static Result<Position, SetupError> from_setup(const Setup& s,
                                                 bool ignore_impossible_check = false) noexcept;
  /// The position as an unchecked Setup (what to_fen() writes).
  Setup to_setup() const noexcept;

  // Placement
  /// The piece on `s` (Piece::None: empty).
  Piece piece_on(Square s) const noexcept { return board_[index(s)]; }
  /** @{ */
  /// The squares occupied: by anything, by a colour, by a type, by both, or by either of two types.
  Bitboard occupied() const noexcept { return by_color_[0] | by_color_[1]; }
  Bitboard pieces(Color c) const noexcept { return by_color_[index(c)]; }
  Bitboard pieces(PieceType t) const noexcept { return by_type_[index(t)]; }
  Bitboard pieces(Color c, PieceType t) const noexcept {
    return by_color_[index(c)] & by_type_[index(t)];
  }
  Bitboard pieces(PieceType a, PieceType b) const noexcept {
    return by_type_[index(a)] | by_type_[index(b)];
  }
  /** @} */
  /// The square of the king of colour `c`.
  Square king_square(Color c) const noexcept { return lsb(pieces(c, PieceType::King)); }

  // State
  /// Whose move it is.
  Color side_to_move() const noexcept { return side_; }
  /// The castling rights left (their rooks: castling_rook()).
  CastlingRights castling_rights() const noexcept { return castling_; }
  /// The rook square of a castling right (meaningful only while the right exists).
  Square castling_rook(Color c, CastlingSide s) const noexcept {
    return castling_rooks_[Setup::right_index(c, s)];
  }
  /// The square a pawn just passed over by a two-square advance, as standard FEN records
  /// it (whether or not a capture is possible); Square::None otherwise.
  Square en_passant_square() const noexcept { return ep_square_; }
  /// True if the side to move has a legal en passant capture (FIDE 9.2.2 / 9.2.3).
  bool has_legal_en_passant() const noexcept { return ep_in_key_; }
  /** @{ */
  /// The counters as FEN gives them: plies since a pawn move or capture, and the move number.
  int halfmove_clock() const noexcept { return halfmove_; }
  int fullmove_number() const noexcept { return fullmove_; }
  /** @} */
  /// Whether castling follows the Chess960 rules.
  bool is_chess960() const noexcept { return chess960_; }
  /// The FIDE position key, maintained incrementally: side to move, placement,
  /// castling rights, and the en passant file only when a legal capture exists.
  FideKey key() const noexcept { return FideKey(key_); }
  /// The same key computed from scratch (for checking; key() is O(1)).
  FideKey key_from_scratch() const noexcept;
  /// The Zobrist numbers of the pieces on their squares, XORed (part of every key).
  std::uint64_t placement_key() const noexcept {
    std::uint64_t k = 0;
    for (Bitboard b = occupied(); b;) {
      const Square s = pop_lsb(b);
      k ^= zobrist::piece(board_[index(s)], s);
    }
    return k;
  }

  // Attacks and checks
  /** @{ */
  /// The pieces of both colours that attack `s` (through `occupied`, by default the board).
  Bitboard attackers_to(Square s, Bitboard occupied) const noexcept;
  Bitboard attackers_to(Square s) const noexcept { return attackers_to(s, occupied()); }
  /** @} */
  /// Whether a piece of colour `by` attacks `s`.
  bool is_attacked(Square s, Color by) const noexcept { return attackers_to(s) & pieces(by); }
  /// The pieces giving check to the side to move: attackers_to() its king of the enemy's
  /// pieces alone (one pawn direction looked up, not both).
  Bitboard checkers() const noexcept {
    const Square king = king_square(side_);
    const Bitboard occ = occupied();
    return ((pawn_attacks(side_, king) & pieces(PieceType::Pawn)) |
            (knight_attacks(king) & pieces(PieceType::Knight)) |
            (king_attacks(king) & pieces(PieceType::King)) |
            (bishop_attacks(king, occ) & pieces(PieceType::Bishop, PieceType::Queen)) |
            (rook_attacks(king, occ) & pieces(PieceType::Rook, PieceType::Queen))) &
           pieces(~side_);
  }
  /// Whether the side to move is in check: checkers() != 0, the sliders' lines looked up
  /// only for the enemy's sliders of that kind (kings never check in a legal position).
  bool in_check() const noexcept {
    const Square king = king_square(side_);
    const Bitboard them = pieces(~side_);
    if ((pawn_attacks(side_, king) & pieces(PieceType::Pawn) & them) |
        (knight_attacks(king) & pieces(PieceType::Knight) & them))
      return true;
    return sliders_attack(king, occupied(), them);
  }
  /// Pieces of either colour that alone stand between `c`'s king and an enemy slider.
  Bitboard blockers_for_king(Color c) const noexcept;
  /// Whether the side to move may capture en passant with the pawn on `from` (the
  /// en passant square must be set): the capture must not leave its own king attacked.
  bool is_legal_en_passant(Square from) const noexcept;
  /// Whether moving the side to move's piece on `from` to `to`, removing the pieces in
  /// `captured`, leaves its king unattacked (for a move the piece can make by its rules).
  bool leaves_king_safe(Square from, Square to, Bitboard captured) const noexcept {
    const Color us = side_;
    const Bitboard occ = ((occupied() ^ square_bb(from)) & ~captured) | square_bb(to);
    const Square king = type_of(piece_on(from)) == PieceType::King ? to : king_square(us);
    // attackers_to() of the enemy alone: one pawn direction looked up, not both, and the
    // sliders' lines only for the enemy's sliders of that kind.
    const Bitboard them = pieces(~us) & ~captured;
    if (((pawn_attacks(us, king) & pieces(PieceType::Pawn)) |
         (knight_attacks(king) & pieces(PieceType::Knight)) |
         (king_attacks(king) & pieces(PieceType::King))) &
        them)
      return false;
    return !sliders_attack(king, occ, them);
  }

  /// Whether a legal move resets the halfmove clock: a pawn move (promotions
  /// included) or a capture (en passant included); castling never does (Art. 9.3).
  bool resets_halfmove_clock(Move m) const noexcept {
    return type_of(piece_on(m.from())) == PieceType::Pawn ||
           (!m.is_castling() && piece_on(m.to()) != Piece::None);
  }
  /// Whether no position before a legal move can occur again after it: it resets the
  /// halfmove clock or loses a castling right (the key of every later position differs).
  bool is_irreversible(Move m) const noexcept {
    return resets_halfmove_clock(m) ||
           (castling_touch_ & (square_bb(m.from()) | square_bb(m.to())));
  }

  /// Whether play_in_place() keeps the FIDE key. `Skip` is for engines that keep keys
  /// of their own: after it, key() and has_legal_en_passant() are meaningless.
  enum class KeyUpdate : bool { Incremental, Skip };

  /// Whether play_in_place() advances the halfmove clock and the fullmove number. `Skip`
  /// is for searches that never read them (the helpmate search): after it,
  /// halfmove_clock() and fullmove_number() are meaningless.
  enum class Counters : bool { Advance, Skip };

  /// Plays a legal move in place (precondition: `m` is one of legal_moves(*this); only
  /// its shape is checked, by ARBITER_ASSERT in debug builds): the engine's make.
  template <KeyUpdate Update = KeyUpdate::Incremental, Counters Clocks = Counters::Advance>
  void play_in_place(Move m) noexcept;
  /// The position after a legal move, trusting it (precondition as play_in_place()):
  /// copy-make for move generators and engines, which play only moves they generated.
  [[nodiscard]] Position play_unchecked(Move m) const noexcept {
    Position next = *this;
    next.play_in_place(m);
    return next;
  }
  /// The position after `m` if it is legal here, else MoveError::Kind::Illegal (defined
  /// in movegen.hpp, which has the rules of movement; always available with this header).
  [[nodiscard]] Result<Position, MoveError> play(Move m) const noexcept;
  /// Passes the turn (a null move, as PGN's `--`): the other side to move, no en passant
  /// square, the counters advanced. Fails if the side to move is in check.
  [[nodiscard]] Result<Position, MoveError> play_null() const noexcept;

  /// Structural equality: everything, counters included.
  friend bool operator==(const Position& a, const Position& b) noexcept;
  /// Not structurally equal (see operator==).
  friend bool operator!=(const Position& a, const Position& b) noexcept { return !(a == b); }

 private:
  // An empty board, only as the start of from_setup() and validate().
  Position() noexcept {
    for (Piece& p : board_) p = Piece::None;
  }
  // Whether `m` has the shape of a move of the side to move here (its piece, a
  // destination not held by its own side but for castling, a promotion by a pawn to
  // a piece): the cheap precondition of play_in_place() checked in debug builds.
  bool is_plausible(Move m) const noexcept;

  // Whether a bishop, rook or queen of `them` attacks `s` through `occ`; a line is looked
  // up only if `them` has a piece that moves along it and stands on one of its rays from
  // `s` on an empty board (a compile-time table: most often none does).
  bool sliders_attack(Square s, Bitboard occ, Bitboard them) const noexcept {
    const Bitboard diagonal = pieces(PieceType::Bishop, PieceType::Queen) & them & bishop_rays(s);
    const Bitboard straight = pieces(PieceType::Rook, PieceType::Queen) & them & rook_rays(s);
    return (diagonal && (bishop_attacks(s, occ) & diagonal)) ||
           (straight && (rook_attacks(s, occ) & straight));
  }

  void put_piece(Piece p, Square s) noexcept {
    board_[index(s)] = p;
    by_type_[index(type_of(p))] |= square_bb(s);
    by_color_[index(color_of(p))] |= square_bb(s);
  }
  void remove_piece(Square s) noexcept {
    Piece p = board_[index(s)];
    board_[index(s)] = Piece::None;
    by_type_[index(type_of(p))] ^= square_bb(s);
    by_color_[index(color_of(p))] ^= square_bb(s);
  }
  void move_piece(Square from, Square to) noexcept {
    Piece p = board_[index(from)];
    Bitboard ft = square_bb(from) | square_bb(to);
    board_[index(from)] = Piece::None;
    board_[index(to)] = p;
    by_type_[index(type_of(p))] ^= ft;
    by_color_[index(color_of(p))] ^= ft;
  }
  void update_castling_touch() noexcept;
  bool find_legal_en_passant() const noexcept;

  // The position `s` describes, trusting that validate(s, true) passes: from_setup()
  // after its check, and the helpmate closure, whose states were all packed from legal
  // positions, so that validating each rebuild would be wasted. `Skip`: no key, so key()
  // and has_legal_en_passant() are meaningless, as after play_in_place<Skip>.
  template <KeyUpdate Update = KeyUpdate::Incremental>
  static Position from_legal_setup(const Setup& s) noexcept;
  friend struct detail::ClosureStates;

  Bitboard by_type_[6] = {};
  Bitboard by_color_[2] = {};
  zobrist::Key key_ = 0;
  Bitboard castling_touch_ = 0;  // king and rook squares whose move or capture loses a right
  Piece board_[64];
  std::int32_t halfmove_ = 0;
  std::int32_t fullmove_ = 1;
  Square castling_rooks_[4] = {Square::None, Square::None, Square::None, Square::None};
  Square ep_square_ = Square::None;
  Color side_ = Color::White;
  CastlingRights castling_{};
  bool ep_in_key_ = false;
  bool chess960_ = false;
};

// ---------------------------------------------------------------------------------------

inline Bitboard Position::attackers_to(Square s, Bitboard occ) const noexcept {
  return (pawn_attacks(Color::Black, s) & pieces(Color::White, PieceType::Pawn)) |
         (pawn_attacks(Color::White, s) & pieces(Color::Black, PieceType::Pawn)) |
         (knight_attacks(s) & pieces(PieceType::Knight)) |
         (bishop_attacks(s, occ) & pieces(PieceType::Bishop, PieceType::Queen)) |
         (rook_attacks(s, occ) & pieces(PieceType::Rook, PieceType::Queen)) |
         (king_attacks(s) & pieces(PieceType::King));
}

inline Bitboard Position::blockers_for_king(Color c) const noexcept {
  const Square ksq = king_square(c);
  const Bitboard occ = occupied();
  Bitboard snipers = ((rook_rays(ksq) & pieces(PieceType::Rook, PieceType::Queen)) |
                      (bishop_rays(ksq) & pieces(PieceType::Bishop, PieceType::Queen))) &
                     pieces(~c);
  Bitboard blockers = 0;
  while (snipers) {
    Bitboard between = between_bb(ksq, pop_lsb(snipers)) & occ;
    if (between && !more_than_one(between)) blockers |= between;
  }
  return blockers;
}

inline bool Position::is_legal_en_passant(Square from) const noexcept {
  // Every attacker of the king after the capture, but the captured pawn itself: this
  // covers pins on diagonals and files, the rank opened by removing both pawns, and a
  // check that the capture does not resolve.
  return leaves_king_safe(from, ep_square_,
                          square_bb(Square(index(ep_square_) - pawn_push(side_))));
}

inline bool Position::is_plausible(Move m) const noexcept {
  const Piece piece = board_[index(m.from())];
  if (piece == Piece::None || color_of(piece) != side_ || m.from() == m.to()) return false;
  const Piece target = board_[index(m.to())];
  switch (m.kind()) {
    case Move::Kind::Castling:
      return type_of(piece) == PieceType::King && target == make_piece(side_, PieceType::Rook);
    case Move::Kind::EnPassant:
      return type_of(piece) == PieceType::Pawn && m.to() == ep_square_;
    case Move::Kind::Promotion:
      return type_of(piece) == PieceType::Pawn && relative_rank(side_, m.to()) == 7 &&
             (target == Piece::None || color_of(target) != side_);
    case Move::Kind::Normal:
      return (target == Piece::None || color_of(target) != side_) &&
             !(type_of(piece) == PieceType::Pawn && relative_rank(side_, m.to()) == 7);
  }
  return false;
}

inline bool Position::find_legal_en_passant() const noexcept {
  if (ep_square_ == Square::None) return false;
  Bitboard candidates = pawn_attacks(~side_, ep_square_) & pieces(side_, PieceType::Pawn);
  while (candidates)
    if (is_legal_en_passant(pop_lsb(candidates))) return true;
  return false;
}

inline FideKey Position::key_from_scratch() const noexcept {
  zobrist::Key k = placement_key() ^ (side_ == Color::White ? zobrist::white_to_move : 0);
  for (Color c : {Color::White, Color::Black})
    for (CastlingSide side : {CastlingSide::KingSide, CastlingSide::QueenSide})
      if (castling_.has(c, side)) k ^= zobrist::castling(c, side, file_of(castling_rook(c, side)));
  // The en passant file only if some capture en passant is legal (9.2.2 / 9.2.3).
  if (find_legal_en_passant()) k ^= zobrist::en_passant(file_of(ep_square_));
  return FideKey(k);
}

inline void Position::update_castling_touch() noexcept {
  castling_touch_ = 0;
  for (Color c : {Color::White, Color::Black}) {
    if (!castling_.any(c)) continue;
    castling_touch_ |= pieces(c, PieceType::King);
    for (CastlingSide side : {CastlingSide::KingSide, CastlingSide::QueenSide})
      if (castling_.has(c, side)) castling_touch_ |= square_bb(castling_rook(c, side));
  }
}

template <Position::KeyUpdate Update, Position::Counters Clocks>
inline void Position::play_in_place(Move m) noexcept {
  ARBITER_ASSERT(is_plausible(m));
  const Color us = side_, them = ~us;
  const Square from = m.from(), to = m.to();
  zobrist::Key k = key_ ^ zobrist::white_to_move;

  if (ep_in_key_) k ^= zobrist::en_passant(file_of(ep_square_));
  ep_square_ = Square::None;
  ep_in_key_ = false;
  if constexpr (Clocks == Counters::Advance) {
    halfmove_ += int(halfmove_ < max_counter);
    fullmove_ += int(us == Color::Black && fullmove_ < max_counter);
  }

  // Castling rights are lost only when the king or that rook moves, or the rook is
  // captured (Article 3.8.2.1); a castle that is merely impossible now keeps them.
  if (castling_touch_ & (square_bb(from) | square_bb(to))) {
    const Bitboard touched = square_bb(from) | square_bb(to);
    for (Color c : {Color::White, Color::Black}) {
      if (!castling_.any(c)) continue;
      const bool king_moved = touched & pieces(c, PieceType::King);
      for (CastlingSide side : {CastlingSide::KingSide, CastlingSide::QueenSide}) {
        if (castling_.has(c, side) && (king_moved || contains(touched, castling_rook(c, side)))) {
          castling_.clear(c, side);
          k ^= zobrist::castling(c, side, file_of(castling_rook(c, side)));
        }
      }
    }
    update_castling_touch();
  }

  if (m.is_castling()) {
    const bool king_side = index(to) > index(from);
    const Square king_to = relative_square(us, king_side ? Square::G1 : Square::C1);
    const Square rook_to = relative_square(us, king_side ? Square::F1 : Square::D1);
    const Piece king = make_piece(us, PieceType::King), rook = make_piece(us, PieceType::Rook);
    remove_piece(from);
    remove_piece(to);
    put_piece(king, king_to);
    put_piece(rook, rook_to);
    k ^= zobrist::piece(king, from) ^ zobrist::piece(king, king_to) ^ zobrist::piece(rook, to) ^
         zobrist::piece(rook, rook_to);
  } else {
    const Piece piece = board_[index(from)];
    const Square capture_square = m.is_en_passant() ? Square(index(to) - pawn_push(us)) : to;
    const Piece captured = board_[index(capture_square)];
    if (captured != Piece::None) {
      remove_piece(capture_square);
      k ^= zobrist::piece(captured, capture_square);
      if constexpr (Clocks == Counters::Advance) halfmove_ = 0;
    }
    move_piece(from, to);
    k ^= zobrist::piece(piece, from) ^ zobrist::piece(piece, to);
    if (type_of(piece) == PieceType::Pawn) {
      if constexpr (Clocks == Counters::Advance) halfmove_ = 0;
      if (m.is_promotion()) {
        const Piece promoted = make_piece(us, m.promotion_type());
        remove_piece(to);
        put_piece(promoted, to);
        k ^= zobrist::piece(piece, to) ^ zobrist::piece(promoted, to);
      } else if ((index(from) ^ index(to)) == 16) {
        ep_square_ = Square((index(from) + index(to)) / 2);
      }
    }
  }

  side_ = them;
  if constexpr (Update == KeyUpdate::Incremental) {
    // The en passant file enters the key only if the capture is legal (FIDE 9.2.2 / 9.2.3).
    if (ep_square_ != Square::None &&
        (pawn_attacks(us, ep_square_) & pieces(them, PieceType::Pawn)) && find_legal_en_passant()) {
      ep_in_key_ = true;
      k ^= zobrist::en_passant(file_of(ep_square_));
    }
    key_ = k;
  }
}

/// Structural equality: everything, counters included.
inline bool operator==(const Position& a, const Position& b) noexcept {
  for (int i = 0; i < 64; ++i)
    if (a.board_[i] != b.board_[i]) return false;
  for (int i = 0; i < 4; ++i)
    if (a.castling_.bits() & (1 << i) && a.castling_rooks_[i] != b.castling_rooks_[i]) return false;
  return a.side_ == b.side_ && a.castling_ == b.castling_ && a.ep_square_ == b.ep_square_ &&
         a.halfmove_ == b.halfmove_ && a.fullmove_ == b.fullmove_ && a.chess960_ == b.chess960_;
}

inline Setup Position::to_setup() const noexcept {
  Setup s;
  for (int i = 0; i < 64; ++i) s.board[i] = board_[i];
  s.side_to_move = side_;
  s.castling = castling_;
  for (int i = 0; i < 4; ++i)
    s.castling_rooks[i] = castling_.bits() & (1 << i) ? castling_rooks_[i] : Square::None;
  s.en_passant = ep_square_;
  s.halfmove_clock = halfmove_;
  s.fullmove_number = fullmove_;
  s.chess960 = chess960_;
  return s;
}

namespace detail {
inline bool is_piece_code(Piece p) noexcept {
  const int v = int(p);
  return v == int(Piece::None) || ((v & 7) <= int(PieceType::King) && (v >> 3) <= 1);
}
}  // namespace detail

inline Result<void, SetupError> Position::validate(const Setup& s,
                                                   bool ignore_impossible_check) noexcept {
  using E = SetupError;
  // Fields first: a Setup may hold any value, and nothing below may index with one that
  // is out of range.
  for (int i = 0; i < 64; ++i)
    if (!detail::is_piece_code(s.board[i])) return fail(E{PositionError::InvalidPiece, Square(i)});
  if (s.side_to_move != Color::White && s.side_to_move != Color::Black)
    return fail(E{PositionError::InvalidSideToMove});
  for (int right = 0; right < 4; ++right)
    if ((s.castling.bits() & (1 << right)) && !is_ok(s.castling_rooks[right]))
      return fail(E{PositionError::InvalidSquare, Square::None, right});
  if (s.en_passant != Square::None && !is_ok(s.en_passant))
    return fail(E{PositionError::InvalidSquare});
  if (s.halfmove_clock < 0 || s.halfmove_clock > max_counter)
    return fail(E{PositionError::HalfmoveClock});
  if (s.fullmove_number < 1 || s.fullmove_number > max_counter)
    return fail(E{PositionError::FullmoveNumber});

  Position p;  // placement only, to reuse the attack helpers
  for (int i = 0; i < 64; ++i)
    if (s.board[i] != Piece::None) p.put_piece(s.board[i], Square(i));

  for (Color c : {Color::White, Color::Black}) {
    const Bitboard kings = p.pieces(c, PieceType::King);
    if (!kings) return fail(E{PositionError::MissingKing});
    if (more_than_one(kings)) return fail(E{PositionError::TooManyKings, lsb(kings & (kings - 1))});
  }
  if (Bitboard back = p.pieces(PieceType::Pawn) & (Rank1 | Rank8))
    return fail(E{PositionError::PawnOnBackRank, lsb(back)});
  for (Color c : {Color::White, Color::Black}) {
    const Bitboard own = p.pieces(c);
    if (popcount(own) > 16) return fail(E{PositionError::TooManyPieces});
    const int pawns = popcount(p.pieces(c, PieceType::Pawn));
    if (pawns > 8) return fail(E{PositionError::TooManyPawns});
    auto excess = [](int n, int initial) { return n > initial ? n - initial : 0; };
    const Bitboard bishops = p.pieces(c, PieceType::Bishop);
    const int promoted = excess(popcount(p.pieces(c, PieceType::Queen)), 1) +
                         excess(popcount(p.pieces(c, PieceType::Rook)), 2) +
                         excess(popcount(p.pieces(c, PieceType::Knight)), 2) +
                         excess(popcount(bishops & LightSquares), 1) +
                         excess(popcount(bishops & DarkSquares), 1);
    if (promoted > 8 - pawns) return fail(E{PositionError::TooManyPromotedPieces});
  }

  for (Color c : {Color::White, Color::Black}) {
    for (CastlingSide side : {CastlingSide::KingSide, CastlingSide::QueenSide}) {
      if (!s.castling.has(c, side)) continue;
      const int right = Setup::right_index(c, side);
      const Square ksq = p.king_square(c);
      const Square rook = s.castling_rooks[right];
      if (relative_rank(c, ksq) != 0 || (!s.chess960 && file_of(ksq) != 4))
        return fail(E{PositionError::CastlingWithoutKing, ksq, right});
      if (rook == Square::None || s.board[index(rook)] != make_piece(c, PieceType::Rook) ||
          rank_of(rook) != rank_of(ksq) ||
          (side == CastlingSide::KingSide) != (file_of(rook) > file_of(ksq)) ||
          (!s.chess960 && file_of(rook) != (side == CastlingSide::KingSide ? 7 : 0)))
        return fail(E{PositionError::CastlingWithoutRook, rook, right});
    }
  }

  const Color us = s.side_to_move, them = ~us;
  if (s.en_passant != Square::None) {
    const Square ep = s.en_passant;
    if (relative_rank(us, ep) != 5) return fail(E{PositionError::EnPassantWrongRank, ep});
    const Square pawn = Square(index(ep) - pawn_push(us)),
                 origin = Square(index(ep) + pawn_push(us));
    if (s.board[index(pawn)] != make_piece(them, PieceType::Pawn))
      return fail(E{PositionError::EnPassantNoPawn, ep});
    if (s.board[index(ep)] != Piece::None || s.board[index(origin)] != Piece::None)
      return fail(E{PositionError::EnPassantSquaresOccupied, ep});
    if (s.halfmove_clock != 0) return fail(E{PositionError::EnPassantWithHalfmoveClock, ep});
  }

  if (Bitboard b = p.attackers_to(p.king_square(them)) & p.pieces(us))
    return fail(E{PositionError::OpponentInCheck, lsb(b)});
  if (ignore_impossible_check) return {};
  const Square ksq = p.king_square(us);
  const Bitboard checkers = p.attackers_to(ksq) & p.pieces(them);
  const Bitboard sliders =
      p.pieces(PieceType::Bishop, PieceType::Rook) | p.pieces(PieceType::Queen);
  if (popcount(checkers) > 2) return fail(E{PositionError::TooManyCheckers, lsb(checkers)});
  if (s.en_passant != Square::None && checkers) {
    // The last move was the two-square advance: every check comes from that pawn or
    // from a slider it uncovered by leaving its starting square.
    const Square pawn = Square(index(s.en_passant) - pawn_push(us));
    const Square origin = Square(index(s.en_passant) + pawn_push(us));
    for (Bitboard b = checkers; b;) {
      const Square c = pop_lsb(b);
      if (c != pawn && !contains(between_bb(c, ksq), origin))
        return fail(E{PositionError::ImpossibleCheck, c});
    }
  } else if (popcount(checkers) == 2) {
    // A double check always uncovers a slider, and two checkers on one line through
    // the king cannot both have been given by one move.
    const Square a = lsb(checkers), b = lsb(checkers & (checkers - 1));
    if (!(checkers & sliders) || (line_bb(a, b) & square_bb(ksq)))
      return fail(E{PositionError::ImpossibleCheck, b});
  }
  return {};
}

inline Result<Position, SetupError> Position::from_setup(const Setup& s,
                                                         bool ignore_impossible_check) noexcept {
  if (auto valid = validate(s, ignore_impossible_check); !valid) return fail(valid.error());
  return from_legal_setup(s);
}

template <Position::KeyUpdate Update>
inline Position Position::from_legal_setup(const Setup& s) noexcept {
  Position p;
  for (int i = 0; i < 64; ++i)
    if (s.board[i] != Piece::None) p.put_piece(s.board[i], Square(i));
  p.side_ = s.side_to_move;
  p.castling_ = s.castling;
  for (int i = 0; i < 4; ++i)
    p.castling_rooks_[i] = s.castling.bits() & (1 << i) ? s.castling_rooks[i] : Square::None;
  p.ep_square_ = s.en_passant;
  p.halfmove_ = s.halfmove_clock;
  p.fullmove_ = s.fullmove_number;
  p.chess960_ = s.chess960;
  p.update_castling_touch();
  if constexpr (Update == KeyUpdate::Incremental) {
    p.ep_in_key_ = p.find_legal_en_passant();
    p.key_ = p.key_from_scratch().value();
  }
  return p;
}

inline Result<Position, MoveError> Position::play_null() const noexcept {
  if (in_check()) return fail(MoveError{MoveError::Kind::NullMoveInCheck, Move::none()});
  Position next = *this;
  if (next.ep_in_key_) next.key_ ^= zobrist::en_passant(file_of(next.ep_square_));
  next.key_ ^= zobrist::white_to_move;
  next.ep_square_ = Square::None;
  next.ep_in_key_ = false;
  next.halfmove_ += int(next.halfmove_ < max_counter);
  next.fullmove_ += int(side_ == Color::Black && next.fullmove_ < max_counter);
  next.side_ = ~side_;
  return next;
}

inline Position Position::startpos() noexcept {
  // Built and validated once (every game read starts here), then copied.
  static const Position initial = [] {
    Setup s;
    const PieceType back[8] = {PieceType::Rook,   PieceType::Knight, PieceType::Bishop,
                               PieceType::Queen,  PieceType::King,   PieceType::Bishop,
                               PieceType::Knight, PieceType::Rook};
    for (int f = 0; f < 8; ++f) {
      s.board[f] = make_piece(Color::White, back[f]);
      s.board[8 + f] = Piece::WhitePawn;
      s.board[48 + f] = Piece::BlackPawn;
      s.board[56 + f] = make_piece(Color::Black, back[f]);
    }
    s.castling = CastlingRights(CastlingRights::All);
    s.castling_rooks[0] = Square::H1;
    s.castling_rooks[1] = Square::A1;
    s.castling_rooks[2] = Square::H8;
    s.castling_rooks[3] = Square::A8;
    return std::move(from_setup(s)).value();
  }();
  return initial;
}

}  // namespace arbiter

// Position::play() checks legality with the move generator.
#include "movegen.hpp"
