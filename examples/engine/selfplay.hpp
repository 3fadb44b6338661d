#pragma once
// Self-play: the engine against itself, with arbiter::Game as the arbiter. After every
// move the game knows whether it is over (checkmate, stalemate, dead position, fivefold
// repetition, seventy-five moves: no claim needed); before every move the player to move
// may claim a draw by threefold repetition or the fifty-move rule (9.2, 9.3).
//
// Claim policy: the player to move claims when Game::available_claims() offers a claim
// and its own search does not see a win (score <= 0). A claim on the board comes first;
// else the engine writes the move it chose, if that move makes the claim correct (9.2.1,
// 9.3.1); else, when it sees itself worse (score < 0), it writes any move that does.

#include <string>
#include <vector>

#include <arbiter/game.hpp>
#include <arbiter/notation/san.hpp>

#include "engine.hpp"

namespace engine {

struct SelfPlayOptions {
  Limits limits;  ///< per move
  /// A safety cap. The Laws end every game by themselves (9.6: fivefold repetition, 75
  /// moves), but that can take thousands of plies.
  int max_plies = 1000;
  /// Whether players claim draws (the policy above). Without claims only the automatic
  /// endings are left: checkmate, stalemate, dead position, fivefold, seventy-five moves.
  bool claim_draws = true;
  arbiter::GameOptions game{};
};

struct SelfPlayGame {
  arbiter::Game game;
  bool capped = false;  ///< stopped at max_plies, not over
  // The claim that ended the game, if one did.
  bool claimed = false;
  arbiter::Claim claim;
  arbiter::Ruling ruling;
  unsigned engine_count_at_claim =
      0;                ///< threefold: the engine's own count of the claimed position
  int claim_score = 0;  ///< the claimant's search score
  /// Plies at which the engine's repetition count (own keys) differed from arbiter's.
  int count_mismatches = 0;
  std::vector<int> scores;  ///< the score of each searched move, from the mover's side
};

/// Plays one game from `start`: first the `opening` moves (legal, played as they are),
/// then the engine for both sides.
inline SelfPlayGame play_game(Engine& engine, const Position& start,
                              const std::vector<Move>& opening, const SelfPlayOptions& options) {
  SelfPlayGame g;
  g.game = arbiter::Game(start, options.game);
  engine.new_game();
  engine.set_position(start, {});
  for (;;) {
    // The engine's tracker (own keys) against the library's record (FIDE keys confirmed
    // on exact signatures): the same counts, or one of them is wrong.
    if (engine.repetition_count() != g.game.record().count()) ++g.count_mismatches;
    if (g.game.is_over()) break;
    const int ply = int(g.game.record().ply());
    if (ply >= options.max_plies) {
      g.capped = true;
      break;
    }
    Move move;
    if (std::size_t(ply) < opening.size()) {
      move = opening[std::size_t(ply)];
    } else {
      const Result r = engine.search(options.limits);
      move = r.best;
      g.scores.push_back(r.score);
      const arbiter::AvailableClaims claims =
          options.claim_draws ? g.game.available_claims() : arbiter::AvailableClaims{};
      if (options.claim_draws && claims.any() && r.score <= 0) {
        arbiter::Claim c;
        c.claimant = engine.position().side_to_move();
        bool claim = true;
        if (claims.threefold_on_board)
          c.kind = arbiter::ClaimKind::Threefold;
        else if (claims.fifty_on_board)
          c.kind = arbiter::ClaimKind::FiftyMoves;
        else if (claims.threefold_intended.contains(move))
          c = {arbiter::ClaimKind::Threefold, c.claimant, move};
        else if (claims.fifty_intended.contains(move))
          c = {arbiter::ClaimKind::FiftyMoves, c.claimant, move};
        else if (r.score < 0 && claims.threefold())
          c = {arbiter::ClaimKind::Threefold, c.claimant, claims.threefold_intended[0]};
        else if (r.score < 0 && claims.fifty())
          c = {arbiter::ClaimKind::FiftyMoves, c.claimant, claims.fifty_intended[0]};
        else
          claim = false;
        if (claim) {
          g.claimed = true;
          g.claim = c;
          g.claim_score = r.score;
          if (c.kind == arbiter::ClaimKind::Threefold)
            g.engine_count_at_claim = c.has_intended() ? engine.repetition_count_after(c.intended)
                                                       : engine.repetition_count();
          g.ruling = g.game.claim(c);
          if (g.game.is_over())
            continue;  // a correct claim: drawn (the loop checks the counts once more)
          if (c.has_intended())
            move = c.intended;  // an incorrect claim: the written move must be played
          g.claimed = false;
        }
      }
    }
    if (!g.game.play(move)) break;  // cannot happen: the move is legal
    engine.play(move);
  }
  return g;
}

/// The game's moves in SAN with move numbers, the claim as a comment, and the result.
inline std::string movetext(const SelfPlayGame& g, std::size_t width = 80) {
  const arbiter::GameRecord& record = g.game.record();
  std::vector<std::string> tokens;
  for (arbiter::GameRecord::Ply p = 1; p <= record.ply(); ++p) {
    const Position& before = record.position(p - 1);
    std::string t;
    if (before.side_to_move() == Color::White)
      t = std::to_string(record.move_number(p)) + ". ";
    else if (p == 1)
      t = std::to_string(record.move_number(p)) + "... ";
    tokens.push_back(t + arbiter::to_san(before, record.move(p)));
  }
  if (g.claimed) {
    const Position& pos = record.position();
    std::string how = "on the board";
    if (g.claim.has_intended()) {
      how = "writing " + std::to_string(pos.fullmove_number()) +
            (pos.side_to_move() == Color::White ? ". " : "... ") +
            arbiter::to_san(pos, g.claim.intended);
    }
    tokens.push_back(std::string("{") + (g.claim.claimant == Color::White ? "White" : "Black") +
                     " claims a draw by " + arbiter::to_string(g.claim.kind) + ", " + how + "}");
  }
  tokens.push_back(g.capped ? "*" : arbiter::to_pgn(g.game.result()));
  std::string text, line;
  for (const std::string& t : tokens) {
    if (!line.empty() && line.size() + 1 + t.size() > width) {
      text += line + '\n';
      line.clear();
    }
    line += (line.empty() ? "" : " ") + t;
  }
  return text + line;
}

/// "threefold repetition claim (Article 9.2.1, FIDE Laws of Chess, 1 January 2023), 1/2-1/2, 84
/// plies"
inline std::string termination_text(const SelfPlayGame& g) {
  const std::string plies = std::to_string(g.game.record().ply()) + " plies";
  if (g.capped) return "not over after " + plies + " (cap reached)";
  return std::string(arbiter::to_string(g.game.termination())) + " (Article " +
         g.game.termination_article() + ", " + g.game.rules().laws().name + "), " +
         arbiter::to_pgn(g.game.result()) + ", " + plies;
}

}  // namespace engine
