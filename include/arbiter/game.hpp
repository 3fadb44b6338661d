#pragma once
// Game: a start position and the events of a game — moves, draw offers and their
// answers (9.1), pieces touched (4.3 / 9.4), claims (9.2, 9.3, 9.5), flag fall (6.9),
// resignation (5.1.2), agreement (5.2.3) — under one rules edition and time control.
// The game keeps them in order (events()), with the one GameRecord of its positions;
// undo() takes the last move back.
// After every event the game knows whether it has ended, how, and under which article,
// and it refuses moves once it has ended, saying why. available_claims() tells a GUI
// what the player to move could claim now.

#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

#include "result.hpp"

#include "automatic.hpp"
#include "claims.hpp"
#include "notation/san.hpp"
#include "notation/uci.hpp"
#include "unwinnable.hpp"

namespace arbiter {

/// Why an event was refused: the error of the Result<void, GameError> every event
/// returns. (The values start at 1, matching the message table of explain.hpp.)
enum class GameError : std::uint8_t {
  GameOver = 1,             ///< the game has already ended (see Game::termination())
  IllegalMove,              ///< not a legal move (or unreadable notation)
  MustPlayIntendedMove,     ///< 9.5.3: after an incorrect claim, the written move must be played
  MustMoveSamePiece,        ///< E1 / 4.3: the written move was illegal: move the same piece
  MustMoveTouchedPiece,     ///< 4.3.1: a touched piece must be moved
  MustCaptureTouchedPiece,  ///< 4.3.2: a touched opponent's piece must be captured
  NotOnMove,                ///< only the player having the move may do this
  NoOffer,                  ///< there is no standing offer to accept or decline
  AgreementNotAllowed,      ///< 9.1.1: the event forbids agreements, or (2017 on, 5.2.3)
                            ///< not both players have made a move yet
  NotApplicable,  ///< the event does not apply (e.g. an illegal-position draw in standard chess)
};

/// The game error in words (English).
constexpr const char* to_string(GameError e) noexcept {
  switch (e) {
    case GameError::GameOver:
      return "the game has already ended";
    case GameError::IllegalMove:
      return "illegal move";
    case GameError::MustPlayIntendedMove:
      return "the move written for the claim must be played";
    case GameError::MustMoveSamePiece:
      return "the written move was illegal: a move with the same piece must be made";
    case GameError::MustMoveTouchedPiece:
      return "the touched piece must be moved";
    case GameError::MustCaptureTouchedPiece:
      return "the touched piece must be captured";
    case GameError::NotOnMove:
      return "the player does not have the move";
    case GameError::NoOffer:
      return "there is no draw offer to answer";
    case GameError::AgreementNotAllowed:
      return "a draw by agreement is not allowed now";
    case GameError::NotApplicable:
      return "does not apply here";
  }
  return "?";
}

/// One event of a game as it happened, in order (Game::events()). Refused events are not
/// events: the game did not change.
struct GameEvent {
  /// The kinds of event.
  enum class Kind : std::uint8_t {
    Move,                      ///< `move` was played (it made ply `ply`)
    DrawOffer,                 ///< `by` offered a draw (9.1.2)
    DrawAccepted,              ///< `by` accepted the opponent's offer (5.2.3)
    DrawDeclined,              ///< `by` declined it orally
    Agreement,                 ///< both agreed to a draw (5.2.3)
    PieceTouched,              ///< `by` touched the piece on `square` with intent (4.3)
    Claim,                     ///< `by` claimed (`claim`); `ruling` is the arbiter's ruling (9.5)
    ClaimAsOffer,              ///< `by`'s claim stood as a draw offer before the ruling (9.1.2.3)
    FlagFall,                  ///< `by`'s flag fell (6.9)
    Resignation,               ///< `by` resigned (5.1.2)
    IllegalPositionPersisted,  ///< rapid/blitz: an illegal position was left standing (E29)
  };
  /// What happened.
  Kind kind = Kind::Move;
  Color by = Color::White;   ///< who did it (for a move: the mover; Agreement: the player to move)
  GameRecord::Ply ply = 0;   ///< the record's ply after the event (for a move: the ply it made)
  Move move = Move::none();  ///< Move
  Square square = Square::None;  ///< PieceTouched
  Claim claim{};                 ///< Claim, ClaimAsOffer
  Ruling ruling{};               ///< Claim
};

/// How a Game is played: the rules in force and whether the event allows agreements.
struct GameOptions {
  /// The edition, time control and readings of the Laws.
  Rules rules{};
  /// 9.1.1: the event allows draws by agreement (then a claim is also an offer).
  bool agreements_allowed = true;
  /// The node budget of the helpmate analysis (unwinnable.hpp, full mode) asked at a flag
  /// fall (6.9) and, from 2023, at a resignation (5.1.2): whether the opponent can still
  /// checkmate by any possible series of legal moves.
  std::uint64_t mate_budget = full_node_budget;
};

/// A game as the arbiter follows it: moves, draw offers, touch-move, claims, flag fall and
/// resignation, each checked against the Laws in force, with the record, the ending and
/// the result; it refuses events once the game is over.
class Game {
 public:
  /// A game from `start` (the initial position by default) under `options`.
  explicit Game(const Position& start = Position::startpos(), GameOptions options = {})
      : options_(options), record_(start, options.rules) {
    // A set-up position may itself be over (a mate or a dead position).
    end_if_automatic();
  }

  /// The record of the game so far.
  const GameRecord& record() const noexcept { return record_; }
  /// Everything that happened, in order: moves, offers and their answers, touches, claims
  /// with their rulings, flag falls, resignations.
  const std::vector<GameEvent>& events() const noexcept { return events_; }
  /// The current position.
  const Position& position() const noexcept { return record_.position(); }
  /// The rules in force.
  const Rules& rules() const noexcept { return options_.rules; }
  /// The options the game was started with.
  const GameOptions& options() const noexcept { return options_; }

  /// Whether the game has ended.
  bool is_over() const noexcept { return termination_ != Termination::None; }
  /// How the game ended (Termination::None while it goes on).
  Termination termination() const noexcept { return termination_; }
  /// The result (GameResult::Ongoing while it goes on).
  GameResult result() const noexcept { return result_; }
  /// The article under which the game ended, in the edition in use (for a claim: the
  /// article of the way it was made, e.g. 9.2.1 for an intended move, 2023).
  const char* termination_article() const noexcept {
    return *claim_article_ ? claim_article_ : article_of(termination_, rules().laws());
  }
  /// The ply at which the game ended.
  GameRecord::Ply end_ply() const noexcept { return end_ply_; }
  /// For Resignation, ResignationDraw, TimeForfeit and FlagFallDraw: the player who
  /// resigned or whose flag fell.
  Color ended_by() const noexcept { return ended_by_; }
  /// After a flag fall (6.9) or a 2023 resignation (5.1.2): the answer to "can the
  /// opponent checkmate by any possible series of legal moves?" that decided the result
  /// (NoWin: a draw; Win: the win stands; Unknown: see mate_question_undecided()), how it
  /// was reached and the nodes spent. Before either, or under an edition that does not
  /// ask (a resignation before 2023): the default MateQuestion (Unknown, no nodes), and
  /// mate_question_asked() is false.
  const MateQuestion& mate_question() const noexcept { return mate_question_; }
  /// Whether the game asked the question (a flag fall; a resignation from 2023).
  bool mate_question_asked() const noexcept { return mate_asked_; }
  /// Whether the question was asked and the analysis could not decide it within
  /// GameOptions::mate_budget: the Laws' default then stands (the flag fall or the
  /// resignation loses), and a GUI or an arbiter may want to look at the position
  /// (mate_question().nodes says what was spent).
  bool mate_question_undecided() const noexcept {
    return mate_asked_ && mate_question_.verdict == Winnability::Unknown;
  }

  // ---- Moves ------------------------------------------------------------------------
  /// Plays `m` for the side to move if the Laws allow it here (legal; the touched piece,
  /// 4.3; the move written for a claim, 9.5.3); then the automatic endings (Article 5,
  /// 9.6) are checked.
  Result<void, GameError> play(Move m) {
    if (is_over()) return fail(GameError::GameOver);
    const Position& pos = position();
    if (!is_legal(pos, m)) return fail(GameError::IllegalMove);
    if (must_play_ != Move::none() && m != must_play_) return fail(GameError::MustPlayIntendedMove);
    if (must_move_from_ != Square::None && m.from() != must_move_from_)
      return fail(GameError::MustMoveSamePiece);
    if (touched_ != Square::None) {
      const Piece p = pos.piece_on(touched_);
      if (color_of(p) == pos.side_to_move()) {
        if (m.from() != touched_ && piece_has_move(touched_))
          return fail(GameError::MustMoveTouchedPiece);
      } else if (!captures(m, touched_) && can_capture(touched_)) {
        return fail(GameError::MustCaptureTouchedPiece);
      }
    }
    const Color mover = pos.side_to_move();
    // A standing offer by the opponent is rejected by this move (1997: 9.1; later the
    // touch that preceded it already rejected it).
    offer_[index(~mover)] = false;
    record_.play(m);
    touched_ = Square::None;
    must_play_ = Move::none();
    must_move_from_ = Square::None;
    log(GameEvent::Kind::Move, mover).move = m;
    end_if_automatic();
    return {};
  }

  /// Takes back the last move, and every event after it: the game is again as it stood
  /// just before that move was made. An offer standing then stands again, a piece touched
  /// then is touched again (4.3: it must be moved or captured), the move an incorrect claim
  /// obliged then must be played again (9.5.3), and an ending that came with the move or
  /// after it (a mate, a resignation, an agreement, a correct claim) is undone. Events
  /// before the move are kept as they were. Not an act of the Laws (a move made cannot be
  /// taken back, 4.7): for analysis and for correcting a wrong entry. Fails with
  /// GameError::NotApplicable when no move has been made.
  Result<void, GameError> undo() {
    std::size_t last_move = events_.size();
    while (last_move > 0 && events_[last_move - 1].kind != GameEvent::Kind::Move) --last_move;
    if (last_move == 0) return fail(GameError::NotApplicable);
    // The game is what its events made of it: the same events up to the move, again.
    Game before(record_.start(), options_);
    for (std::size_t i = 0; i + 1 < last_move; ++i) before.apply(events_[i]);
    *this = std::move(before);
    return {};
  }

  /// Plays a move given in SAN (see SanOptions).
  Result<void, GameError> play_san(std::string_view san, SanOptions options = {}) {
    const Result<Move, SanError> r = parse_san(position(), san, options);
    if (r) return play(*r);
    return fail(is_over() ? GameError::GameOver : GameError::IllegalMove);
  }
  /// Plays a move given in UCI notation.
  Result<void, GameError> play_uci(std::string_view uci) {
    const Result<Move, UciError> r = parse_uci(position(), uci);
    if (r) return play(*r);
    return fail(is_over() ? GameError::GameOver : GameError::IllegalMove);
  }

  // ---- Draw offers (9.1) ---------------------------------------------------------------
  /// An offer stands until accepted, declined orally, rejected by the opponent touching
  /// a piece with intent (1997: making a move), or the game ends another way (9.1.2.1).
  Result<void, GameError> offer_draw(Color by) {
    if (is_over()) return fail(GameError::GameOver);
    if (!options_.agreements_allowed) return fail(GameError::AgreementNotAllowed);
    offer_[index(by)] = true;
    log(GameEvent::Kind::DrawOffer, by);
    return {};
  }
  /// Whether the offer of `by` stands (9.1.2).
  bool offer_standing(Color by) const noexcept { return !is_over() && offer_[index(by)]; }

  /// The opponent of the offerer accepts the standing offer (5.2.3, 9.1.2).
  Result<void, GameError> accept_draw(Color by) {
    if (is_over()) return fail(GameError::GameOver);
    if (!offer_[index(~by)]) return fail(GameError::NoOffer);
    if (!options_.agreements_allowed || !enough_moves_for_agreement())
      return fail(GameError::AgreementNotAllowed);
    log(GameEvent::Kind::DrawAccepted, by);
    end(Termination::Agreement, GameResult::Draw);
    return {};
  }
  /// The opponent of the offerer declines the standing offer.
  Result<void, GameError> decline_draw(Color by) {
    if (is_over()) return fail(GameError::GameOver);
    if (!offer_[index(~by)]) return fail(GameError::NoOffer);
    offer_[index(~by)] = false;
    log(GameEvent::Kind::DrawDeclined, by);
    return {};
  }
  /// Both players agree to a draw (5.2.3).
  Result<void, GameError> agree_draw() {
    if (is_over()) return fail(GameError::GameOver);
    if (!options_.agreements_allowed || !enough_moves_for_agreement())
      return fail(GameError::AgreementNotAllowed);
    log(GameEvent::Kind::Agreement, position().side_to_move());
    end(Termination::Agreement, GameResult::Draw);
    return {};
  }

  // ---- Touch move (4.3) and the right to claim (9.4) ------------------------------------
  /// The player to move touches a piece (own, to move it; the opponent's, to capture it)
  /// with intent. From 2001 this loses the right to claim on this move (9.4) and rejects
  /// the opponent's standing offer (9.1.2.1).
  Result<void, GameError> touch_piece(Color by, Square s) {
    if (is_over()) return fail(GameError::GameOver);
    if (by != position().side_to_move()) return fail(GameError::NotOnMove);
    if (position().piece_on(s) == Piece::None) return fail(GameError::NotApplicable);
    if (touched_ == Square::None) touched_ = s;
    if (rules().laws().offer_rejected_by == OfferRejectedBy::PieceTouched)
      offer_[index(~by)] = false;
    log(GameEvent::Kind::PieceTouched, by).square = s;
    return {};
  }
  /// Whether the player to move has touched a piece with intent this turn.
  bool piece_touched() const noexcept { return touched_ != Square::None; }
  /// The piece the player to move touched first this turn (4.3: it must be moved, or if
  /// the opponent's, captured, where it can be), or Square::None.
  Square touched_square() const noexcept { return touched_; }
  /// After an incorrect claim with a legal written move: the move that must now be played
  /// (9.5.3), else Move::none().
  Move must_play() const noexcept { return must_play_; }
  /// After an incorrect claim with an illegal written move: the square of the piece that
  /// must now be moved (E1, 4.3), else Square::None.
  Square must_move_from() const noexcept { return must_move_from_; }

  // ---- Claims (9.2, 9.3, 9.5) -------------------------------------------------------------
  /// Rules on a claim and applies the ruling: a correct claim draws the game at once; an
  /// incorrect one obliges the claimant to play the written move (or another move of the
  /// same piece). A claim is also a draw offer where the edition says so (9.1.2.3).
  Ruling claim(const Claim& c) {
    Ruling r = evaluate(record_, c, context(), rules());
    if (!r.admissible()) return logged_claim(c, r);
    // 9.1.2.3 sits under 9.1.2 ("if the regulations allow"): where the event forbids
    // agreements (9.1.1) a claim is no offer (spec 2.3, E21).
    r.counts_as_offer = r.counts_as_offer && options_.agreements_allowed;
    if (r.correct) {
      logged_claim(c, r);
      end(c.kind == ClaimKind::Threefold ? Termination::ThreefoldClaim
                                         : Termination::FiftyMoveClaim,
          GameResult::Draw);
      claim_article_ = r.article;
      return r;
    }
    if (r.counts_as_offer) offer_[index(c.claimant)] = true;
    must_play_ = r.must_play;
    must_move_from_ = r.must_move_from;
    return logged_claim(c, r);
  }
  /// The claim as a draw offer (9.1.2.3), before the arbiter rules: the opponent may
  /// accept it (E21; the agreement stands even if the claim was wrong).
  Result<void, GameError> submit_claim_as_offer(const Claim& c) {
    if (is_over()) return fail(GameError::GameOver);
    if (!rules().laws().claim_is_offer || !options_.agreements_allowed)
      return fail(GameError::AgreementNotAllowed);
    offer_[index(c.claimant)] = true;
    log(GameEvent::Kind::ClaimAsOffer, c.claimant).claim = c;
    return {};
  }

  /// What the player to move could claim now (see AvailableClaims).
  AvailableClaims available_claims() const {
    return arbiter::available_claims(record_, context(), rules());
  }

  // ---- Time, resignation, irregularities ----------------------------------------------
  /// The flag of `who` has fallen: a loss, unless the opponent cannot checkmate by any
  /// possible series of legal moves (6.9; 2001 and 2005: 6.10). The question is asked of
  /// the helpmate analysis (full mode, GameOptions::mate_budget): NoWin (proved) draws;
  /// Win lets the loss stand; Unknown lets the loss stand too, as the Laws' default, and
  /// mate_question_undecided() says so.
  Result<void, GameError> flag_fall(Color who) {
    if (is_over()) return fail(GameError::GameOver);
    log(GameEvent::Kind::FlagFall, who);
    if (opponent_cannot_mate(who))
      end(Termination::FlagFallDraw, GameResult::Draw);
    else
      end(Termination::TimeForfeit, winner(~who));
    ended_by_ = who;
    return {};
  }
  /// `who` resigns: a loss; from 2023, a draw if the opponent could not checkmate by any
  /// possible series of legal moves (5.1.2), asked as at a flag fall (an undecided answer
  /// lets the loss stand, and mate_question_undecided() says so).
  Result<void, GameError> resign(Color who) {
    if (is_over()) return fail(GameError::GameOver);
    log(GameEvent::Kind::Resignation, who);
    if (rules().laws().resign_into_dead_is_draw && opponent_cannot_mate(who))
      end(Termination::ResignationDraw, GameResult::Draw);
    else
      end(Termination::Resignation, winner(~who));
    ended_by_ = who;
    return {};
  }
  /// Rapid or blitz (2017 on): an illegal position (both kings in check, a pawn on its
  /// last rank) is still on the board after the next move was completed: a draw (E29).
  Result<void, GameError> illegal_position_persisted() {
    if (is_over()) return fail(GameError::GameOver);
    if (rules().time_control == TimeControl::Standard || !*rules().laws().articles.illegal_position)
      return fail(GameError::NotApplicable);
    log(GameEvent::Kind::IllegalPositionPersisted, position().side_to_move());
    end(Termination::IllegalPositionDraw, GameResult::Draw);
    return {};
  }

 private:
  GameEvent& log(GameEvent::Kind kind, Color by) {
    GameEvent e;
    e.kind = kind;
    e.by = by;
    e.ply = record_.ply();
    events_.push_back(std::move(e));
    return events_.back();
  }
  const Ruling& logged_claim(const Claim& c, const Ruling& r) {
    GameEvent& e = log(GameEvent::Kind::Claim, c.claimant);
    e.claim = c;
    e.ruling = r;
    return e.ruling;
  }

  // Does again what `e` did (undo() rebuilds the game from its events).
  void apply(const GameEvent& e) {
    switch (e.kind) {
      case GameEvent::Kind::Move:
        (void)play(e.move);
        break;
      case GameEvent::Kind::DrawOffer:
        (void)offer_draw(e.by);
        break;
      case GameEvent::Kind::DrawAccepted:
        (void)accept_draw(e.by);
        break;
      case GameEvent::Kind::DrawDeclined:
        (void)decline_draw(e.by);
        break;
      case GameEvent::Kind::Agreement:
        (void)agree_draw();
        break;
      case GameEvent::Kind::PieceTouched:
        (void)touch_piece(e.by, e.square);
        break;
      case GameEvent::Kind::Claim:
        (void)claim(e.claim);
        break;
      case GameEvent::Kind::ClaimAsOffer:
        (void)submit_claim_as_offer(e.claim);
        break;
      case GameEvent::Kind::FlagFall:
        (void)flag_fall(e.by);
        break;
      case GameEvent::Kind::Resignation:
        (void)resign(e.by);
        break;
      case GameEvent::Kind::IllegalPositionPersisted:
        (void)illegal_position_persisted();
        break;
    }
  }

  static GameResult winner(Color c) noexcept {
    return c == Color::White ? GameResult::WhiteWins : GameResult::BlackWins;
  }

  // Game checks every position as it is reached and ends at the first ending: the plies
  // before the current one ended nothing (ClaimContext::earlier_plies_checked).
  ClaimContext context() const noexcept { return {is_over(), touched_ != Square::None, true}; }

  // Whether the opponent of `who` is proved unable to checkmate from the current position
  // (6.9, 5.1.2): the full helpmate analysis, its answer kept in mate_question_. The
  // workspace lives only for the question (a flag fall or a resignation happens once per
  // game; the tables are calloc'ed, so what the analysis never touches costs nothing).
  bool opponent_cannot_mate(Color who) noexcept {
    WinWorkspace ws = WinWorkspace::for_full();
    mate_question_ = can_checkmate(position(), ~who, ws, WinMode::Full, options_.mate_budget);
    mate_asked_ = true;
    return mate_question_.verdict == Winnability::NoWin;
  }

  void end(Termination t, GameResult r) noexcept {
    termination_ = t;
    result_ = r;
    end_ply_ = record_.ply();
    offer_[0] = offer_[1] = false;  // an offer lapses when the game ends another way
  }

  void end_if_automatic() {
    const Termination t = automatic_ending(record_, record_.ply(), rules());
    if (t == Termination::None) return;
    end(t, t == Termination::Checkmate ? winner(~position().side_to_move()) : GameResult::Draw);
  }

  bool enough_moves_for_agreement() const noexcept {
    if (rules().laws().agreement_min_moves_each == 0) return true;
    // Both players have made a move in this game: at least two plies.
    return record_.ply() >= 2;
  }

  bool piece_has_move(Square s) const {
    MoveList moves;
    generate_legal_moves(
        position(), moves,
        MoveFilter{~Bitboard(0), MoveFilter::type_bit(type_of(position().piece_on(s)))});
    for (Move m : moves)
      if (m.from() == s) return true;
    return false;
  }
  /// Whether a legal move captures the piece on `s` (4.3.2): en passant takes the pawn
  /// beside the target square, not one on it.
  static bool captures(Move m, Square s) noexcept {
    if (m.is_castling()) return false;
    if (m.is_en_passant()) return make_square(file_of(m.to()), rank_of(m.from())) == s;
    return m.to() == s;
  }
  bool can_capture(Square s) const {
    for (Move m : legal_moves(position()))
      if (captures(m, s)) return true;
    return false;
  }

  GameOptions options_;
  GameRecord record_;
  Termination termination_ = Termination::None;
  GameResult result_ = GameResult::Ongoing;
  GameRecord::Ply end_ply_ = 0;
  bool offer_[2] = {false, false};
  Square touched_ = Square::None;
  Move must_play_ = Move::none();
  Square must_move_from_ = Square::None;
  const char* claim_article_ = "";
  Color ended_by_ = Color::White;
  MateQuestion mate_question_{};
  bool mate_asked_ = false;
  std::vector<GameEvent> events_;
};

}  // namespace arbiter
