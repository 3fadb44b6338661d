#pragma once
// The claim evaluator: threefold repetition (9.2) and the fifty-move rule (9.3), each
// on the board or with an intended move written first, with the loss of the right to
// claim (9.4) and the procedure and penalty (9.5), for the edition and time control in
// use. A ruling keeps "inadmissible" (the claim may not be made now) apart from
// "incorrect" (made properly, but the condition is false), names the article that
// decides it, gives the evidence, and the consequences.

#include <cstdint>
#include <vector>

#include "automatic.hpp"
#include "laws.hpp"
#include "record.hpp"

namespace arbiter {

/// The two draws a player claims (Articles 9.2 and 9.3).
enum class ClaimKind : std::uint8_t { Threefold, FiftyMoves };

/// The kind of claim in words (English).
constexpr const char* to_string(ClaimKind k) noexcept {
  return k == ClaimKind::Threefold ? "threefold repetition" : "fifty-move rule";
}

/// A claim of a draw as the arbiter receives it (9.2, 9.3): what is claimed, by whom,
/// on the board or with a written move.
struct Claim {
  /// What is claimed.
  ClaimKind kind = ClaimKind::Threefold;
  /// Who claims; only the player having the move may (9.2, 9.3).
  Color claimant = Color::White;
  /// The move written on the scoresheet first (9.2.1 / 9.3.1), not played; it may be
  /// illegal (E1). Move::none(): a claim on the position on the board (9.2.2 / 9.3.2).
  Move intended = Move::none();
  /// The claimant's time left in seconds, if known (1997-2005 deduct from it).
  int claimant_seconds_left = -1;

  /// Whether a move was written first (9.2.1, 9.3.1).
  bool has_intended() const noexcept { return intended != Move::none(); }
};

/// Why a claim may not be made now.
enum class Inadmissible : std::uint8_t {
  None,
  GameOver,      ///< the game has already ended
  NotOnMove,     ///< only the player having the move may claim (9.2, 9.3; E19), also after
                 ///< releasing the move that makes the repetition (E3)
  PieceTouched,  ///< 9.4: a piece was touched with intent (2001 on) this turn (E2)
};

/// Why a claim is inadmissible, in words (English).
constexpr const char* to_string(Inadmissible i) noexcept {
  switch (i) {
    case Inadmissible::None:
      return "admissible";
    case Inadmissible::GameOver:
      return "the game has already ended";
    case Inadmissible::NotOnMove:
      return "the claimant does not have the move";
    case Inadmissible::PieceTouched:
      return "the claimant touched a piece with intent to move it";
  }
  return "?";
}

/// What the claim is judged against besides the record.
struct ClaimContext {
  /// The game ended in a way the record cannot show (agreement, resignation, flag fall,
  /// a correct claim). An ending the record shows (a mate, a stalemate, a dead position,
  /// an automatic draw) is found in the record whatever this says.
  bool game_over = false;
  bool piece_touched = false;  ///< the player to move touched a piece with intent this turn
  /// The caller vouches that no ply before the one asked ended the game by itself (it has
  /// checked them in order and would have stopped: Game, GameAuditor), so only that ply
  /// is checked, not every one back to the start (ended_automatically()).
  bool earlier_plies_checked = false;
};

namespace detail {
// Whether the record shows the game ended by itself at or before `ply`, on what the
// caller vouches for (ClaimContext::earlier_plies_checked).
inline bool record_shows_ending(const GameRecord& record, GameRecord::Ply ply,
                                const ClaimContext& context, const Rules& rules) noexcept {
  return context.earlier_plies_checked ? automatic_ending(record, ply, rules) != Termination::None
                                       : ended_automatically(record, ply, rules);
}
}  // namespace detail

/// The arbiter's ruling on a claim (9.5): admissible or not, correct or not, the article
/// that decides it, the evidence, and the consequence.
struct Ruling {
  /// The kind of claim ruled on.
  ClaimKind kind = ClaimKind::Threefold;
  /// Whether the claim came with a written move.
  bool with_intended = false;
  Move intended = Move::none();  ///< the written move, as claimed (may be illegal)
  GameRecord::Ply ply = 0;       ///< the ply of the position the claim was made in
  /// The condition judged was the position (or count) after the written move; false:
  /// the position on the board (also when a written move was given but the board alone
  /// already makes the claim correct).
  bool by_intended_move = false;
  /// Why the claim may not be made now (Inadmissible::None: it may).
  Inadmissible inadmissible = Inadmissible::None;
  /// Whether the claim is correct (then the game is drawn, 9.5.2).
  bool correct = false;
  /// The article that decides the ruling in the edition in use.
  const char* article = "";
  /// The article of the penalty (incorrect claims only).
  const char* penalty_article = "";

  // Evidence
  /// Threefold: the plies at which the position judged occurred; for the position after
  /// a written move, the last is the ply the move would make (ply + 1).
  std::vector<GameRecord::Ply> occurrences;
  /// Fifty moves: plies without pawn move or capture (after the intended move when that
  /// move completes the fifty moves, else on the board), and the ply of the last reset
  /// (HalfmoveClock::none: before the start).
  std::int32_t halfmoves = 0;
  /// The ply of the last pawn move or capture (HalfmoveClock::none: before the start).
  std::int32_t last_reset = HalfmoveClock::none;

  // Consequences
  bool draw = false;                ///< a correct claim: the game is drawn at once (9.5.2)
  int opponent_seconds_added = 0;   ///< an incorrect claim (9.5.3)
  int claimant_seconds_after = -1;  ///< 1997-2005 deductions, when the time left was given
  Move must_play = Move::none();    ///< the intended move, which must now be played
  bool intended_illegal = false;    ///< E1: the written move is illegal
  /// E1: the player must move the piece on this square (Square::None: any move, 4.5).
  Square must_move_from = Square::None;
  bool counts_as_offer = false;  ///< 9.1.2.3: the claim is also a draw offer

  /// Whether the claim could be made now (inadmissible == None).
  bool admissible() const noexcept { return inadmissible == Inadmissible::None; }
};

namespace detail {
inline Ruling inadmissible(const Claim& claim, Inadmissible why, const Rules& rules) {
  Ruling r;
  r.kind = claim.kind;
  r.with_intended = claim.has_intended();
  r.intended = claim.intended;
  r.inadmissible = why;
  const Articles& a = rules.laws().articles;
  if (why == Inadmissible::PieceTouched)
    r.article = a.right_to_claim_lost;
  else if (claim.kind == ClaimKind::Threefold)
    r.article = claim.has_intended() ? a.threefold_intended : a.threefold_on_board;
  else
    r.article = claim.has_intended() ? a.fifty_intended : a.fifty_on_board;
  return r;
}
}  // namespace detail

/// Rules on a claim against the game record. A claim after the game has ended is
/// inadmissible: after an ending the caller reports (context.game_over) or one the record
/// shows, at its last position or before (Article 5, 9.6).
inline Ruling evaluate(const GameRecord& record, const Claim& claim, const ClaimContext& context,
                       const Rules& rules) {
  const Laws& laws = rules.laws();
  const Articles& a = laws.articles;
  const Position& pos = record.position();
  if (context.game_over || detail::record_shows_ending(record, record.ply(), context, rules))
    return detail::inadmissible(claim, Inadmissible::GameOver, rules);
  if (claim.claimant != pos.side_to_move())
    return detail::inadmissible(claim, Inadmissible::NotOnMove, rules);
  if (context.piece_touched && laws.claim_right_lost_by == ClaimRightLostBy::PieceTouched)
    return detail::inadmissible(claim, Inadmissible::PieceTouched, rules);

  Ruling r;
  r.kind = claim.kind;
  r.with_intended = claim.has_intended();
  r.intended = claim.intended;
  r.counts_as_offer = laws.claim_is_offer;
  const GameRecord::Ply ply = record.ply();
  r.ply = ply;
  const bool legal = claim.has_intended() && is_legal(pos, claim.intended);
  r.intended_illegal = claim.has_intended() && !legal;

  if (claim.kind == ClaimKind::Threefold) {
    // On the board: at least the third occurrence (E15: a later one is as good).
    const bool on_board = record.count() >= 3;
    const bool by_move = legal && record.count_after(claim.intended) >= 3;
    // The evidence is the position judged: the one the written move would make, unless
    // the board alone decides (no written move, an illegal one, or the board suffices).
    r.by_intended_move = by_move || (legal && !on_board);
    if (r.by_intended_move) {
      const PositionSignature sig =
          identity_signature(pos.play_unchecked(claim.intended), record.castling_identity());
      if (!pos.is_irreversible(claim.intended))
        for (GameRecord::Ply p = 0; p <= ply; ++p)
          if (record.signature(p) == sig) r.occurrences.push_back(p);
      r.occurrences.push_back(ply + 1);
    } else {
      r.occurrences = record.occurrences(ply);
    }
    // E1: an illegal written move makes the claim incorrect, whatever the board shows;
    // with a legal one, a condition already true on the board is enough.
    r.correct = !r.intended_illegal && (by_move || on_board);
    r.article =
        r.by_intended_move || r.intended_illegal ? a.threefold_intended : a.threefold_on_board;
  } else {
    const std::int32_t before = record.halfmoves();
    r.last_reset = record.last_reset(ply);
    const bool on_board = before >= HalfmoveClock::claim_threshold;
    // E16: a written pawn move or capture resets the count; E17: a written move that
    // would mate still makes the claim correct, since the claim is ruled before it.
    const bool by_move = legal && !pos.resets_halfmove_clock(claim.intended) &&
                         before + 1 >= HalfmoveClock::claim_threshold;
    r.by_intended_move = by_move || (legal && !on_board);
    const bool written_resets = r.by_intended_move && pos.resets_halfmove_clock(claim.intended);
    r.halfmoves = r.by_intended_move ? (written_resets ? 0 : before + 1) : before;
    if (written_resets) r.last_reset = std::int32_t(ply + 1);
    r.correct = !r.intended_illegal && (by_move || on_board);
    r.article = r.by_intended_move || r.intended_illegal ? a.fifty_intended : a.fifty_on_board;
  }

  if (r.correct) {
    r.draw = true;
    return r;
  }
  // Incorrect (9.5.3): time to the opponent (and, 1997-2005, from the claimant); the
  // written move must be played (E1: if illegal, another move of the same piece).
  r.penalty_article = rules.penalty_article();
  r.opponent_seconds_added = rules.opponent_bonus_seconds();
  if (claim.claimant_seconds_left >= 0)
    r.claimant_seconds_after = rules.claimant_seconds_after(claim.claimant_seconds_left);
  if (legal) {
    r.must_play = claim.intended;
  } else if (claim.has_intended()) {
    const Square from = claim.intended.from();
    const Piece piece = pos.piece_on(from);
    bool piece_can_move = false;
    if (piece != Piece::None && color_of(piece) == claim.claimant) {
      MoveList moves;
      generate_legal_moves(pos, moves,
                           MoveFilter{~Bitboard(0), MoveFilter::type_bit(type_of(piece))});
      for (Move m : moves) piece_can_move |= m.from() == from;
    }
    r.must_move_from = piece_can_move ? from : Square::None;
  }
  return r;
}

/// What the player to move could claim now: on the board, and every intended move
/// that would make a claim correct. The search over moves runs only where a claim
/// is within one move (a position seen twice, or 99 plies without reset).
struct AvailableClaims {
  bool right_lost = false;          ///< 9.4: a piece was touched this turn, no claim now
  bool threefold_on_board = false;  ///< 9.2.2 (2023)
  bool fifty_on_board = false;      ///< 9.3.2
  MoveList threefold_intended;      ///< 9.2.1: moves after which the position occurs a third time
  MoveList fifty_intended;          ///< 9.3.1: moves that complete the fifty moves

  /// Whether a threefold claim is possible now (on the board or by a written move).
  bool threefold() const noexcept { return threefold_on_board || !threefold_intended.empty(); }
  /// Whether a fifty-move claim is possible now (on the board or by a written move).
  bool fifty() const noexcept { return fifty_on_board || !fifty_intended.empty(); }
  /// Whether any claim is possible now.
  bool any() const noexcept { return threefold() || fifty(); }
};

/// What the player to move at `ply` could have claimed, on the history up to it (the
/// audit asks this of every ply of a finished game). Nothing once the game has ended: by
/// an ending the caller reports (context.game_over) or one the record shows, at `ply` or
/// before it (Article 5, 9.6), whatever the context says.
inline AvailableClaims available_claims(const GameRecord& record, GameRecord::Ply ply,
                                        const ClaimContext& context, const Rules& rules) {
  AvailableClaims c;
  if (context.game_over) return c;
  // Whether the game had ended is asked only where something would be claimable (a few
  // plies of a game), so that the audit's walk over every ply stays cheap.
  const auto ended = [&] { return detail::record_shows_ending(record, ply, context, rules); };
  if (context.piece_touched && rules.laws().claim_right_lost_by == ClaimRightLostBy::PieceTouched) {
    c.right_lost = !ended();
    return c;
  }
  const std::int32_t halfmoves = record.halfmoves(ply);
  c.threefold_on_board = record.count(ply) >= 3;
  c.fifty_on_board = halfmoves >= HalfmoveClock::claim_threshold;
  record.for_each_threefold_move(ply, [&](Move m) { c.threefold_intended.push_back(m); });
  if (halfmoves + 1 >= HalfmoveClock::claim_threshold) {
    const Position& pos = record.position(ply);
    for (Move m : legal_moves(pos))
      if (!pos.resets_halfmove_clock(m)) c.fifty_intended.push_back(m);
  }
  // One named result on every path, so that it is built in place (NRVO): a second
  // returned object would copy two MoveLists at every ply of the audit.
  if (c.any() && ended()) c = AvailableClaims{};
  return c;
}

/// What the player to move could claim now (at the record's last ply).
inline AvailableClaims available_claims(const GameRecord& record, const ClaimContext& context,
                                        const Rules& rules) {
  return available_claims(record, record.ply(), context, rules);
}

}  // namespace arbiter
