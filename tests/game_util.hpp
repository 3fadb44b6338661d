#pragma once
// Helpers for the tests that drive arbiter::Game: options per edition, playing moves that
// must be legal, reading moves, and building claims.

#include <initializer_list>
#include <string>
#include <vector>

#include "test_util.hpp"

namespace arbiter_test {

inline constexpr arbiter::Edition all_editions[] = {
    arbiter::Edition::Fide1997, arbiter::Edition::Fide2001, arbiter::Edition::Fide2005,
    arbiter::Edition::Fide2009, arbiter::Edition::Fide2014, arbiter::Edition::Fide2017,
    arbiter::Edition::Fide2018, arbiter::Edition::Fide2023};

inline arbiter::GameOptions options_for(arbiter::Edition e,
                                        arbiter::TimeControl tc = arbiter::TimeControl::Standard,
                                        bool trust_fen_clock = false) {
  arbiter::GameOptions o;
  o.rules.edition = e;
  o.rules.time_control = tc;
  o.rules.interpretation.trust_fen_halfmove_clock = trust_fen_clock;
  return o;
}

/// Plays SAN moves that must be legal.
inline void play_san(arbiter::Game& g, std::initializer_list<const char*> moves) {
  for (const char* m : moves) {
    INFO("playing " << m << " in " << arbiter::to_fen(g.position()));
    REQUIRE(g.play_san(m));
  }
}

/// Plays UCI moves that must be legal.
inline void play_uci(arbiter::Game& g, const std::vector<std::string>& moves) {
  for (const std::string& m : moves) {
    INFO("playing " << m << " at ply " << g.record().ply() << " in "
                    << arbiter::to_fen(g.position()));
    REQUIRE(g.play_uci(m));
  }
}

/// A legal move of the game's position, in UCI.
inline arbiter::Move uci(const arbiter::Game& g, const char* text) {
  const auto r = arbiter::parse_uci(g.position(), text);
  INFO(text << " in " << arbiter::to_fen(g.position()));
  REQUIRE(r.ok());
  return (*r);
}

/// A legal move of the game's position, in SAN.
inline arbiter::Move san(const arbiter::Game& g, const char* text) {
  const auto r = arbiter::parse_san(g.position(), text);
  INFO(text << " in " << arbiter::to_fen(g.position()));
  REQUIRE(r.ok());
  return (*r);
}

inline arbiter::Claim claim_of(arbiter::ClaimKind kind, arbiter::Color by,
                               arbiter::Move intended = arbiter::Move::none(),
                               int seconds_left = -1) {
  arbiter::Claim c;
  c.kind = kind;
  c.claimant = by;
  c.intended = intended;
  c.claimant_seconds_left = seconds_left;
  return c;
}
inline arbiter::Claim threefold(arbiter::Color by, arbiter::Move intended = arbiter::Move::none(),
                                int seconds_left = -1) {
  return claim_of(arbiter::ClaimKind::Threefold, by, intended, seconds_left);
}
inline arbiter::Claim fifty(arbiter::Color by, arbiter::Move intended = arbiter::Move::none(),
                            int seconds_left = -1) {
  return claim_of(arbiter::ClaimKind::FiftyMoves, by, intended, seconds_left);
}

/// An article string for comparisons ("<null>" for a null pointer).
inline std::string str(const char* s) { return s ? std::string(s) : std::string("<null>"); }

}  // namespace arbiter_test
