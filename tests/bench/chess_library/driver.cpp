// A benchmark driver over Disservin/chess-library (MIT; its published single header
// chess.hpp, fetched by whoever runs it: it is not part of arbiter) and arbiter doing the
// same work in one binary, with the same flags. arbiter_scale_bench runs it with --driver
// (see tests/bench/README.md for the build). Modes, each printing "<mode> <count> <seconds>":
//   cl-replay FILE   chess-library: pgn::StreamParser, uci::parseSan and makeMove on every move
//   cl-checks FILE   the same, and at every position the on-board checks an audit needs:
//                    isRepetition, isHalfMoveDraw, isInsufficientMaterial and a legal-move
//                    count (for checkmate and stalemate)
//   ar-replay FILE   arbiter: PgnReader resolving and playing every move (no PgnGame built)
//   ar-record FILE   the same, each game's main line recorded into a GameRecord (PgnRecorder)
//   ar-audit FILE    the same, each game audited as it is recorded (GameAuditor: every
//                    position judged, every finding made; no result compared, no tags,
//                    rules by date or output):
//                    with ar-replay and ar-record, where the audit's time over its parse +
//                    replay goes (the rest is the tool's: tags, rules, JSON, cutting the input)
//   cl-perft D [P] | ar-perft D [P]   perft to depth D on the five standard positions
//                    (summed; depth D + 1 for the narrow position 3), or on position P
//                    (1-5) alone
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

#include <arbiter/arbiter.hpp>
#include <arbiter/notation/pgn.hpp>
#include "chess.hpp"

namespace {

const char* const fens[5] = {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                             "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                             "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
                             "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
                             "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"};

std::uint64_t cl_perft(chess::Board& b, int depth) {
  chess::Movelist moves;
  chess::movegen::legalmoves(moves, b);
  if (depth == 1) return moves.size();
  std::uint64_t n = 0;
  for (const chess::Move& m : moves) {
    b.makeMove(m);
    n += cl_perft(b, depth - 1);
    b.unmakeMove(m);
  }
  return n;
}

// chess-library's visitor: every main-line move parsed and played, with the checks if asked.
class Replay : public chess::pgn::Visitor {
 public:
  explicit Replay(bool checks) : checks_(checks) {}
  void startPgn() override { board_.setFen(chess::constants::STARTPOS); }
  void header(std::string_view key, std::string_view value) override {
    if (key == "FEN") board_.setFen(value);
  }
  void startMoves() override {}
  void move(std::string_view san, std::string_view) override {
    chess::Move m;
    try {
      m = chess::uci::parseSan(board_, san, moves_);
    } catch (...) {
      m = chess::Move::NO_MOVE;
    }
    if (m == chess::Move::NO_MOVE) {
      ++bad;
      skipPgn(true);
      return;
    }
    board_.makeMove(m);
    ++plies;
    if (checks_) {
      flags += board_.isRepetition(2) + board_.isHalfMoveDraw() + board_.isInsufficientMaterial();
      chess::movegen::legalmoves(moves_, board_);
      flags += moves_.size() == 0;
    }
  }
  void endPgn() override {}
  std::uint64_t plies = 0, bad = 0, flags = 0;

 private:
  bool checks_;
  chess::Board board_;
  chess::Movelist moves_;
};

// arbiter: each game's main line recorded, and audited while it is recorded if asked.
class Auditing : public arbiter::PgnRecorder {
 public:
  Auditing(arbiter::GameRecord& record, const arbiter::Rules& rules, bool audit)
      : arbiter::PgnRecorder(record, rules), audits(audit), auditor(record) {}
  arbiter::PgnAction begin_movetext(const arbiter::Position& start) override {
    const arbiter::PgnAction action = arbiter::PgnRecorder::begin_movetext(start);
    if (audits) {
      auditor.begin();
      auditor.advance();
    }
    return action;
  }
  void played(const arbiter::Position& after) override {
    arbiter::PgnRecorder::played(after);
    if (audits) auditor.advance();
  }
  const bool audits;
  arbiter::GameAuditor auditor;
};

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr,
                 "usage: driver cl-replay|cl-checks|ar-replay|ar-record|ar-audit FILE | "
                 "cl-perft|ar-perft D [P]\n");
    return 2;
  }
  const std::string mode = argv[1];
  // Like for like: chess-library builds its attack tables while the program starts (a
  // static initializer), before this clock; arbiter builds its own at their first use
  // (about 15 M instructions, a few milliseconds: a fifth of position 1 at depth 5). Build
  // them here too, so that neither side's timing holds its start-up.
  (void)arbiter::rook_attacks(arbiter::Square::A1, 0);
  const auto start = std::chrono::steady_clock::now();
  std::uint64_t count = 0;
  if (mode == "cl-perft" || mode == "ar-perft") {
    const int depth = std::atoi(argv[2]);
    const int only = argc > 3 ? std::atoi(argv[3]) : 0;  // 1-5: that position alone
    if (only < 0 || only > 5) return 2;
    for (int i = 0; i < 5; ++i) {
      if (only && i != only - 1) continue;
      const int d = i == 2 ? depth + 1 : depth;  // position 3 is narrow
      if (mode == "cl-perft") {
        chess::Board b(fens[i]);
        count += cl_perft(b, d);
      } else {
        arbiter::Position p = std::move(arbiter::parse_fen(fens[i])).value().position;
        count += arbiter::perft(p, d);
      }
    }
  } else if (mode == "cl-replay" || mode == "cl-checks") {
    std::ifstream in(argv[2], std::ios::binary);
    Replay visitor(mode == "cl-checks");
    chess::pgn::StreamParser parser(in);
    parser.readGames(visitor);
    count = visitor.plies;
    std::fprintf(stderr, "bad %llu flags %llu\n", static_cast<unsigned long long>(visitor.bad),
                 static_cast<unsigned long long>(visitor.flags));
  } else if (mode == "ar-replay" || mode == "ar-record" || mode == "ar-audit") {
    std::FILE* f = std::fopen(argv[2], "rb");
    if (!f) return 2;
    arbiter::PgnOptions options;
    options.comments = false;
    arbiter::PgnReader reader = arbiter::PgnReader::from_file(f, options);
    if (mode == "ar-replay") {
      arbiter::PgnVisitor visitor;
      while (!arbiter::is_end(reader.next(visitor))) {
      }
    } else {
      const arbiter::Rules rules;
      arbiter::GameRecord record;
      Auditing visitor(record, rules, mode == "ar-audit");
      std::uint64_t findings = 0;
      // Each game finished as unfinished ("*"): every position judged and every finding
      // made, but no result compared (a decisive result lost on time or, under the 2023
      // Laws these default rules are, by resignation, asks the helpmate analysis, which the
      // tool asks only where the game's date and Termination tag call for it).
      while (!arbiter::is_end(reader.next(visitor)))
        if (visitor.audits)
          findings += visitor.auditor.finish(arbiter::GameResult::Ongoing).findings.size();
      std::fprintf(stderr, "findings %llu\n", static_cast<unsigned long long>(findings));
    }
    count = reader.plies();
    std::fclose(f);
  } else {
    return 2;
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("%s %llu %.4f\n", mode.c_str(), static_cast<unsigned long long>(count), seconds);
  return 0;
}
