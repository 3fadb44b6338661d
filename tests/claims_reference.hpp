#pragma once
// An independent, brute-force reference for the claims and automatic endings: it
// replays the history and compares exact signatures with every earlier position (no
// window, no hashing, no tracker), and counts the plies since the last pawn move or
// capture by looking back through the moves. Used by the tests and the benchmark to
// check GameRecord / available_claims() / automatic_ending() at every ply.

#include <cstdint>
#include <vector>

#include <arbiter/arbiter.hpp>

namespace arbiter_reference {

struct Flags {
  unsigned count = 0;
  bool threefold_on_board = false, threefold_intended = false;
  bool fifty_on_board = false, fifty_intended = false;
  bool fivefold = false, seventyfive = false, checkmate = false, stalemate = false;
  int halfmoves = 0;
};

class Reference {
 public:
  explicit Reference(const arbiter::Position& start) {
    positions_.push_back(start);
    signatures_.emplace_back(start);
  }

  void play(arbiter::Move m) {
    const arbiter::Position& p = positions_.back();
    const bool pawn = arbiter::type_of(p.piece_on(m.from())) == arbiter::PieceType::Pawn;
    const bool capture =
        !m.is_castling() && (m.is_en_passant() || p.piece_on(m.to()) != arbiter::Piece::None);
    zeroing_.push_back(pawn || capture);
    positions_.push_back(p.play_unchecked(m));
    signatures_.emplace_back(positions_.back());
  }

  /// The flags of the last position (strict counting: only recorded plies).
  Flags flags() const {
    Flags f;
    const std::size_t i = positions_.size() - 1;
    const arbiter::Position& pos = positions_[i];
    f.count = occurrences(signatures_[i], i);
    f.halfmoves = 0;
    for (std::size_t j = i; j > 0 && !zeroing_[j - 1]; --j) ++f.halfmoves;
    const arbiter::MoveList moves = arbiter::legal_moves(pos);
    f.checkmate = moves.empty() && pos.in_check();
    f.stalemate = moves.empty() && !pos.in_check();
    f.threefold_on_board = f.count >= 3;
    f.fifty_on_board = f.halfmoves >= 100;
    f.fivefold = f.count >= 5;
    f.seventyfive = f.halfmoves >= 150;
    for (arbiter::Move m : moves) {
      const bool pawn = arbiter::type_of(pos.piece_on(m.from())) == arbiter::PieceType::Pawn;
      const bool capture =
          !m.is_castling() && (m.is_en_passant() || pos.piece_on(m.to()) != arbiter::Piece::None);
      if (!pawn && !capture && f.halfmoves + 1 >= 100) f.fifty_intended = true;
      if (!f.threefold_intended &&
          occurrences(arbiter::PositionSignature(pos.play_unchecked(m)), i) >= 2)
        f.threefold_intended = true;
    }
    return f;
  }

 private:
  // Compares with every earlier position: no window, no hash.
  unsigned occurrences(const arbiter::PositionSignature& sig, std::size_t up_to) const {
    unsigned n = 0;
    for (std::size_t j = 0; j <= up_to; ++j) n += signatures_[j] == sig;
    return n;
  }

  std::vector<arbiter::Position> positions_;
  std::vector<arbiter::PositionSignature> signatures_;
  std::vector<bool> zeroing_;
};

}  // namespace arbiter_reference
