// arbiter: the command-line tool.
//
//   arbiter perft --fen FEN --depth N [--divide]   leaf counts of the legal move tree
//   arbiter fen   --fen FEN [--lenient]            the normalized FEN, or the error
//   arbiter moves --fen FEN                        the legal moves in UCI, one per line
//   arbiter key   --fen FEN [--moves UCI...]       FIDE and Polyglot keys (and, with
//                                                  --moves, the repetition count of
//                                                  every position of the line)
//   arbiter pgn   FILE... [--out FILE]             read PGN (FILE `-` is standard input)
//                 [--strict] [--no-comments]       and write every game back in export
//                 [--no-nags] [--no-variations]    format (notation/pgn.hpp) to standard
//                 [--no-warnings]                  output or --out; each bad game is
//                                                  reported on standard error as
//                                                  `FILE: game N, line L, column C: what`
//                                                  (warnings as `FILE: warning: ...`)
//                                                  and left out of the output
//   arbiter trace FILE.pgn... [--rules EDITION]    one tab-separated line per position of
//                                                  each game (header first): game ply fen
//                                                  fide_key count threefold_claim
//                                                  fifty_claim fivefold seventyfive
//                                                  checkmate stalemate dead halfmove
//   arbiter audit [FILE.pgn...] [--json]           every claim point and automatic ending
//                 [--rules E] [--lang en|pt|es|ru] of each game, play past the end, and
//                 [--time-control TC]              whether the result agrees with the
//                 [--html FILE]                    Laws; no file: the bundled sample;
//                                                  --json: one JSON object per game, then
//                                                  a summary object (JSON Lines); --html:
//                                                  also the report as one HTML page
//                                                  (standard output unchanged)
//   arbiter claim --pgn FILE [--game N] --ply P    rule on one claim (threefold or fifty)
//                 --claim threefold|fifty          made by the player to move after ply P
//                 [--intended MOVE] [--touched]    (P = 0: the start); exit 0 if correct,
//                 [--time-control TC] [--rules E]  1 if incorrect or inadmissible
//                 [--lang L] [--json]
//   arbiter dead [FILE...|-] [--fen FEN]           for each FEN (one per line; blank and
//                [--nodes N] [--quick] [--json]    `#` lines skipped, text after a tab or
//                                                  ` ;` ignored): can White, can Black
//                                                  checkmate (win/nowin/unknown), dead
//                                                  (1/0/?), the helpmates, nodes; exit 1
//                                                  if a FEN is unreadable
//
//   arbiter summarize FILE.jsonl...                the summary of audit --json runs on
//                                                  shards (audit --first-game N), as one
//                                                  run over the whole input would give it
//   arbiter watch FILE.pgn [--json]                follow a PGN file a live broadcast keeps
//                 [--interval SECONDS] [--once]    writing: one alert line (or JSON object)
//                 [--rules E] [--lang L]           the moment a game reaches an automatic
//                                                  ending, is played on past it, or a draw
//                                                  claim becomes available, each once; ends
//                                                  on SIGINT or SIGTERM (exit 0, 1 if a
//                                                  game could not be read)
//   arbiter --version                              `arbiter X.Y.Z`, exit 0
//
// pgn, trace, audit and claim read plain or compressed PGN (zstd, gzip, bzip2, xz, told
// by the first bytes; input.hpp), dead its FEN lines and summarize its JSON Lines too. pgn,
// trace, audit and dead take -j N: N threads judge (default: the cores the process may
// run on, cores.hpp), the output the same for any N (in_order.hpp); and --no-progress
// (the progress line on a terminal, progress.hpp).
//
// FEN may be `startpos`. Options common to the FEN-taking commands: --chess960 reads
// castling rights as Chess960 (X-FEN / Shredder-FEN; without it a FEN is standard chess,
// unless its Shredder-FEN letters name rooks no standard right has), --lenient repairs
// what it can. pgn, trace, audit and claim take --chess960 too: every game is then read
// as Chess960 (else a game is Chess960 only by its Variant tag or such FEN letters).
//
// Exit status: 0 success; 1 `fen` was given an invalid FEN, `pgn`, `trace` or `audit`
// met a bad game (the good ones are still handled), or `claim` ruled the claim incorrect
// or inadmissible, or `dead` met an unreadable FEN; 2 bad input or usage (unknown option, edition,
// language or time control, invalid FEN given to another command, a missing or unreadable file, an
// unreadable move, a game or ply out of range, output that cannot be written).

#include <cerrno>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <limits>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include <fmt/core.h>
#include <CLI/CLI.hpp>

#include <arbiter/arbiter.hpp>
#include <arbiter/notation/pgn.hpp>

#include "audit_text.hpp"
#include "dead.hpp"
#include "memory_pages.hpp"
#include "output.hpp"
#include "progress.hpp"
#include "reading.hpp"
#include "rulings.hpp"
#include "watch.hpp"

namespace {

using arbiter_cli::exit_bad_game;
using arbiter_cli::exit_bad_input;
using arbiter_cli::exit_ok;
using arbiter_cli::standard_output;
constexpr int exit_invalid_fen = 1;

// The language of the ruling commands' own messages (trace, audit, claim, watch: --lang),
// known before the command line is parsed: the options' range messages are worded when
// the options are added. English when not given or unknown (resolve() reports that).
arbiter::Language option_language = arbiter::Language::English;

void read_option_language(int argc, char** argv) {
  if (argc < 2) return;
  const std::string command = argv[1];
  if (command != "trace" && command != "audit" && command != "claim" && command != "watch") return;
  for (int i = 2; i < argc; ++i) {
    const std::string arg = argv[i];
    std::string value;
    if (arg == "--lang" && i + 1 < argc)
      value = argv[i + 1];
    else if (arg.rfind("--lang=", 0) == 0)
      value = arg.substr(7);
    else
      continue;
    arbiter::Language l;
    if (arbiter::parse_language(value, l)) option_language = l;
  }
}

// A usage error that CLI11 found, in `lang`: its message is English, so the option or the
// arguments are taken from it by the error's class (not get_name(), which CLI11 sets to
// the subcommand's name for some) and said in the tool's words; a kind not
// known here gets a general sentence (never CLI11's English). ValidationError is the
// tool's own message (add_number, --interval), already in the language.
std::string cli_error_text(const CLI::Error& e, arbiter::Language lang) {
  using arbiter_cli::AuditText;
  using arbiter_cli::say;
  const std::string what = e.what();
  const std::size_t colon = what.find(": ");
  const bool named = !what.empty() && what[0] == '-' && colon != std::string::npos;
  if (dynamic_cast<const CLI::ValidationError*>(&e)) return what;
  const std::string required = " is required";
  if (dynamic_cast<const CLI::RequiredError*>(&e) && what.size() > required.size() &&
      what.compare(what.size() - required.size(), required.size(), required) == 0 &&
      what.find(' ') == what.size() - required.size()) {  // "--ply is required", "files ..."
    const std::string name = what.substr(0, what.size() - required.size());
    if (name == "files" || name == "file") return say(AuditText::ErrCliFileRequired, lang);
    if (name[0] == '-') return say(AuditText::ErrCliRequired, lang, {{"option", name}});
  }
  if ((dynamic_cast<const CLI::ExtrasError*>(&e) || dynamic_cast<const CLI::OptionNotFound*>(&e)) &&
      colon != std::string::npos)
    return say(AuditText::ErrCliExtra, lang, {{"args", what.substr(colon + 2)}});
  if (dynamic_cast<const CLI::ArgumentMismatch*>(&e) && named)
    return say(what.find(" missing") != std::string::npos ? AuditText::ErrCliValueMissing
                                                          : AuditText::ErrCliValueCount,
               lang, {{"option", what.substr(0, colon)}});
  const std::string convert = "Could not convert: ";
  const std::size_t equals = what.find(" = ");
  if (dynamic_cast<const CLI::ConversionError*>(&e) && what.rfind(convert, 0) == 0 &&
      equals != std::string::npos)
    return say(AuditText::ErrCliConversion, lang,
               {{"option", what.substr(convert.size(), equals - convert.size())},
                {"value", what.substr(equals + 3)}});
  return say(AuditText::ErrCliInvalid, lang);
}

// Adds a whole-number option whose range is said in words when a value is outside it or
// is no number: "--game must be 1 or more", "--depth must be from 0 to 20" (CLI11's own
// message prints bounds as doubles, 309 digits for an open range), in the language of
// option_language. No `max`: no bound above but the type's.
template <class Int>
CLI::Option* add_number(CLI::App& command, const std::string& name, Int& value, long long min,
                        const std::string& description,
                        long long max = std::numeric_limits<Int>::max()) {
  using arbiter_cli::AuditText;
  const bool open = max == std::numeric_limits<Int>::max();
  const arbiter::Language l = option_language;
  const std::string range =
      open ? arbiter_cli::say(AuditText::ErrAtLeast, l,
                              {{"name", name}, {"min", std::to_string(min)}})
           : arbiter_cli::say(
                 AuditText::ErrRange, l,
                 {{"name", name}, {"min", std::to_string(min)}, {"max", std::to_string(max)}});
  const std::string at_most =
      arbiter_cli::say(AuditText::ErrAtMost, l, {{"name", name}, {"max", std::to_string(max)}});
  auto set = [&value, min, max, open, range, at_most](const std::string& text) {
    long long v = 0;
    const char* end = text.data() + text.size();
    const auto [at, error] = std::from_chars(text.data(), end, v);
    const bool number =
        (error == std::errc() || error == std::errc::result_out_of_range) && at == end;
    const bool too_large = error == std::errc::result_out_of_range ? text[0] != '-' : v > max;
    if (number && too_large && open) throw CLI::ValidationError(at_most);
    if (!number || error != std::errc() || v < min || v > max) throw CLI::ValidationError(range);
    value = Int(v);
  };
  return command.add_option_function<std::string>(name, set, description)->type_name("INT");
}

// -j N: the threads that judge (default: one per core the process may run on); the output
// is the same for any N.
void add_jobs(CLI::App& command, unsigned& jobs) {
  jobs = arbiter_cli::default_jobs();
  add_number(
      command, "-j", jobs, 1,
      "threads judging in parallel (default: the cores this process may run on); the output is the "
      "same for any number",
      1024);
}

struct FenInput {
  std::string fen = "startpos";
  bool lenient = false;
  bool chess960 = false;

  void add_to(CLI::App& command) {
    command.add_option("--fen", fen, "a FEN (standard, X-FEN or Shredder-FEN), or startpos")
        ->required();
    command.add_flag("--lenient", lenient,
                     "drop an impossible en passant square or castling right");
    command.add_flag("--chess960", chess960,
                     "read castling rights as Chess960 (else standard chess: rights that do not "
                     "fit its squares are an error)");
  }

  arbiter::Result<arbiter::ParsedFen, arbiter::FenError> parse() const {
    arbiter::FenOptions options;
    options.lenient = lenient;
    options.castling =
        chess960 ? arbiter::CastlingMode::Chess960 : arbiter::CastlingMode::AsWritten;
    if (fen == "startpos") return arbiter::ParsedFen{arbiter::Position::startpos(), {}};
    return arbiter::parse_fen(fen, options);
  }
};

void report_repairs(const arbiter::ParsedFen& r) {
  for (const arbiter::FenError& d : r.repairs)
    fmt::print(stderr, "arbiter: note: repaired {}\n", d.message());
}

// Parses the FEN of a command; on error prints it and returns false.
bool load(const FenInput& input, arbiter::Position& pos) {
  const auto r = input.parse();
  if (!r) {
    fmt::print(stderr, "arbiter: invalid FEN: {}\n", r.error().message());
    return false;
  }
  report_repairs(*r);
  pos = r->position;
  return true;
}

int run_perft(const FenInput& input, int depth, bool divide) {
  arbiter::Position pos = arbiter::Position::startpos();
  if (!load(input, pos)) return exit_bad_input;
  const auto start = std::chrono::steady_clock::now();
  std::uint64_t total;
  if (divide) {
    total = arbiter::perft_divide(pos, depth, [&](arbiter::Move m, std::uint64_t n) {
      standard_output().print("{}: {}\n", arbiter::to_uci(pos, m), n);
    });
  } else {
    total = arbiter::perft(pos, depth);
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  standard_output().print("nodes per second: {}\n",
                          seconds > 0 ? std::uint64_t(double(total) / seconds) : 0);
  standard_output().print("{}\n", total);
  return exit_ok;
}

int run_fen(const FenInput& input) {
  const auto r = input.parse();
  if (!r) {
    standard_output().print("error: {}\n", r.error().message());
    return exit_invalid_fen;
  }
  report_repairs(*r);
  standard_output().print("{}\n", arbiter::to_fen(r->position));
  return exit_ok;
}

int run_moves(const FenInput& input) {
  arbiter::Position pos = arbiter::Position::startpos();
  if (!load(input, pos)) return exit_bad_input;
  for (arbiter::Move m : arbiter::legal_moves(pos))
    standard_output().print("{}\n", arbiter::to_uci(pos, m));
  return exit_ok;
}

// One line per position: `fide=<hex> polyglot=<hex>`, plus ` count=N` (occurrences of
// the position so far, FIDE 9.2.3, confirmed on exact signatures) when a line is given.
int run_key(const FenInput& input, const std::vector<std::string>& moves, bool with_moves) {
  arbiter::Position pos = arbiter::Position::startpos();
  if (!load(input, pos)) return exit_bad_input;
  auto print = [](const arbiter::Position& p) {
    standard_output().print("fide={:016x} polyglot={:016x}", p.key().value(),
                            arbiter::polyglot_key(p).value());
  };
  if (!with_moves) {
    print(pos);
    standard_output().print("\n");
    return exit_ok;
  }
  std::vector<arbiter::PositionSignature> signatures{arbiter::PositionSignature(pos)};
  arbiter::RepetitionTracker<> tracker;
  if (!tracker.push(pos.key(), true)) return exit_bad_input;  // cannot fail: one position
  print(pos);
  standard_output().print(" count={}\n", tracker.count());
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const arbiter::Result<arbiter::Move, arbiter::UciError> r = arbiter::parse_uci(pos, moves[i]);
    if (!r) {
      fmt::print(stderr, "arbiter: move {} ({}): {}\n", i + 1, moves[i],
                 arbiter::describe(r.error()));
      return exit_bad_input;
    }
    const bool irreversible = pos.is_irreversible(*r);
    pos.play_in_place(*r);
    signatures.emplace_back(pos);
    const auto pushed = tracker.push(pos.key(), irreversible, [&](std::uint32_t earlier) {
      return signatures[earlier] == signatures.back();
    });
    if (!pushed) {
      fmt::print(stderr, "arbiter: move {} ({}): {}\n", i + 1, moves[i],
                 arbiter::describe(pushed.error()));
      return exit_bad_input;
    }
    print(pos);
    standard_output().print(" count={}\n", tracker.count());
  }
  return exit_ok;
}

struct PgnCommand {
  std::vector<std::string> files;
  std::string out;
  bool strict = false;
  bool no_comments = false;
  bool no_nags = false;
  bool no_variations = false;
  bool no_warnings = false;
  bool chess960 = false;
  bool progress = true;  // the progress line on a terminal (progress.hpp)
  unsigned jobs = 1;     // -j: threads reading back games (the output is the same for any number)
};

// Reads every game of every file and writes the good ones back in export format.
int run_pgn(const PgnCommand& command) {
  // Every input must be readable before anything is written.
  if (!arbiter_cli::inputs_readable(command.files)) return exit_bad_input;
  std::unique_ptr<arbiter_cli::Output> file;
  // "-" is standard output, as an input "-" is standard input (a file of that name: ./-).
  if (!command.out.empty() && command.out != "-") {
    std::FILE* f = std::fopen(command.out.c_str(), "wb");
    if (!f) {
      fmt::print(stderr, "arbiter: {}: {}\n", command.out, std::strerror(errno));
      return exit_bad_input;
    }
    file = std::make_unique<arbiter_cli::Output>(f, command.out, true);
  }
  arbiter_cli::Output& out = file ? *file : standard_output();

  arbiter_cli::Reading reading;
  reading.strict = command.strict;
  reading.comments = !command.no_comments;
  reading.chess960 = command.chess960;
  reading.written.comments = !command.no_comments;
  reading.written.nags = !command.no_nags;
  reading.written.variations = !command.no_variations;

  // No --lang: English.
  arbiter_cli::ProgressLine progress(command.progress, !file && arbiter_cli::is_terminal(stdout),
                                     arbiter_cli::AuditText::ProgressPgn,
                                     arbiter::Language::English);
  // Each game is written back as it is read, in one of the -j threads (WrittenGame), and
  // its messages for standard error made there; both are written in input order.
  const arbiter_cli::ReadTotals read =
      arbiter_cli::judge_games<std::string, arbiter_cli::WrittenGame>(
          command.files, reading, command.jobs,
          [&](const arbiter_cli::WrittenGame& item, std::string& messages, unsigned) {
            const std::string& label = *item.label;
            arbiter_cli::reuse(messages);
            if (!command.no_warnings)
              for (const arbiter::PgnError& w : item.warnings)
                fmt::format_to(std::back_inserter(messages), "{}: warning: {}\n", label,
                               w.to_string());
            if (item.bad)
              fmt::format_to(std::back_inserter(messages), "{}: {}\n", label,
                             item.error.to_string());
          },
          [&](const arbiter_cli::WrittenGame& item, const std::string& messages) {
            if (!messages.empty()) progress.message(messages);
            if (!item.bad) out.write(item.text);
            progress.update(item.number, item.bytes);
            return !out.failed();
          });
  progress.clear();
  // Standard output is finished by main(); a file given with --out here.
  if (file && !file->finish()) return exit_bad_input;
  if (read.bad)
    fmt::print(stderr, "arbiter: {} of {} games could not be read\n", read.bad, read.games);
  if (read.unreadable) return exit_bad_input;
  return read.bad ? exit_bad_game : exit_ok;
}

// glibc gives freed memory back to the system (a trimmed heap top, an unmapped large
// block) and faults it in again at the next allocation: with -j N the judges' games and
// buffers go round a fixed set of slots in their own arenas, and on the TCEC file at -j 2
// that was about 3,100 page faults more (11,200 against 8,100) and 7% more wall time
// (medians of 7 interleaved runs). The tool's memory is bounded by its slots, so it keeps
// what it frees. A block of 1 MiB or more is still mapped apart: those are made once (the
// helpmate tables of each worker, 4 and 8 MiB, which calloc takes from a mapping as zero
// pages untouched but clears when it takes them from the heap: 8.5 M of the 27.6 M
// instructions of a run on a one-game file; they now come in huge pages, memory_pages.hpp),
// or rare (an HTML report, a huge game).
void keep_freed_memory() {
#if defined(__GLIBC__)
  mallopt(M_TRIM_THRESHOLD, 256 << 20);
  mallopt(M_MMAP_THRESHOLD, arbiter_cli::mapped_block_bytes);
#endif
}

}  // namespace

int main(int argc, char** argv) {
  arbiter_cli::huge_page_tables();  // before the attack tables are built (memory_pages.hpp)
  keep_freed_memory();
  // The heap in huge pages (memory_pages.hpp): 16 MiB asked for, more than `audit -j 4`
  // uses; what goes beyond it is in small pages.
  arbiter_cli::huge_page_heap(std::size_t(16) << 20);
  arbiter_cli::standard_output();  // its buffer set before anything is written (output.hpp)
  read_option_language(argc, argv);
  CLI::App app{"arbiter: rulings on chess games by the FIDE Laws of Chess"};
  // A usage error of trace, audit or claim given --lang: the error, then where help is,
  // in that language (CLI11's own English otherwise).
  if (option_language != arbiter::Language::English)
    app.failure_message([](const CLI::App*, const CLI::Error& e) {
      return cli_error_text(e, option_language) + "\n" +
             arbiter_cli::say(arbiter_cli::AuditText::ErrHelpHint, option_language) + "\n";
    });
  app.require_subcommand(1);
  // `arbiter --version`: "arbiter X.Y.Z" from config.hpp (checked against project(VERSION)).
  app.set_version_flag("--version", std::string("arbiter ") + ARBITER_VERSION_STRING,
                       "print the version and exit");

  FenInput perft_fen, fen_fen, moves_fen;
  int depth = 1;
  bool divide = false;
  CLI::App* perft = app.add_subcommand("perft", "count the leaf nodes of the legal move tree");
  perft_fen.add_to(*perft);
  add_number(*perft, "--depth", depth, 0, "depth in plies", 20)->required();
  perft->add_flag("--divide", divide, "print the count below each legal move first");

  CLI::App* fen = app.add_subcommand("fen", "check a FEN and print it normalized");
  fen_fen.add_to(*fen);

  CLI::App* moves = app.add_subcommand("moves", "print the legal moves in UCI notation");
  moves_fen.add_to(*moves);

  FenInput key_fen;
  std::vector<std::string> key_moves;
  CLI::App* key = app.add_subcommand(
      "key", "print the FIDE and Polyglot keys of a position (or of each position of a line)");
  key_fen.add_to(*key);
  CLI::Option* key_moves_option =
      key->add_option("--moves", key_moves, "UCI moves played from the FEN");

  PgnCommand pgn_command;
  CLI::App* pgn =
      app.add_subcommand("pgn", "read PGN files and write their games back in export format");
  pgn->add_option("files", pgn_command.files, "PGN files (- for standard input)")->required();
  pgn->add_option("--out", pgn_command.out,
                  "write to this file instead of standard output (-: standard output)");
  pgn->add_flag("--strict", pgn_command.strict,
                "moves must be in standard SAN, FEN tags valid as written");
  pgn->add_flag("--no-comments", pgn_command.no_comments, "leave comments out");
  pgn->add_flag("--no-nags", pgn_command.no_nags, "leave NAGs out");
  pgn->add_flag("--no-variations", pgn_command.no_variations,
                "leave variations out of the output (still read and checked)");
  pgn->add_flag("--no-warnings", pgn_command.no_warnings, "report bad games only");
  pgn->add_flag("--chess960", pgn_command.chess960,
                "read every game as Chess960 (else only games with a Variant \"Chess960\" tag)");
  pgn->add_flag("!--no-progress", pgn_command.progress, "no progress display on standard error");
  add_jobs(*pgn, pgn_command.jobs);

  auto ruling_options = [](CLI::App& c, arbiter_cli::RulingOptions& o) {
    c.add_option("--rules", o.rules,
                 "rules edition: auto (default: the edition in force on the game's Date tag), "
                 "1997, 2001, 2005, 2009, 2014, 2017, 2018 or 2023");
    c.add_option("--time-control", o.time_control, "standard (default), rapid or blitz");
    c.add_option("--lang", o.lang, "language of explanations: en (default), pt, es, ru");
    c.add_flag("--trust-fen-clock", o.trust_fen_clock,
               "count a set-up position's halfmove clock (E13)");
    c.add_flag("--chess960", o.chess960,
               "read every game as Chess960 (else only games with a Variant \"Chess960\" tag)");
  };
  arbiter_cli::TraceCommand trace_command;
  CLI::App* trace =
      app.add_subcommand("trace", "print what the Laws say of every position of every game");
  trace->add_option("files", trace_command.files, "PGN files (- for standard input)")->required();
  ruling_options(*trace, trace_command.options);
  trace->add_flag("!--no-progress", trace_command.progress,
                  "no progress display on standard error");
  add_jobs(*trace, trace_command.jobs);

  arbiter_cli::AuditCommand audit_command;
  CLI::App* audit = app.add_subcommand(
      "audit", "find claim points, automatic endings and wrong results in games");
  audit->add_option("files", audit_command.files,
                    "PGN files (- for standard input); none: the bundled sample");
  ruling_options(*audit, audit_command.options);
  audit->add_flag("--json", audit_command.options.json,
                  "JSON Lines: one object per game, then a summary");
  audit->add_flag("!--no-boards", audit_command.boards, "no board diagrams in the text output");
  audit->add_flag("--detail", audit_command.detail,
                  "text output: one finding per ply, as found, instead of claim windows");
  audit
      ->add_option("--html", audit_command.html,
                   "also write the report as one self-contained HTML page to FILE (summary "
                   "table, verdicts, highlighted moves, boards); standard output keeps the "
                   "text or --json output")
      ->type_name("FILE");
  audit->add_flag("!--no-progress", audit_command.progress,
                  "no progress display on standard error");
  add_jobs(*audit, audit_command.jobs);
  add_number(*audit, "--nodes", audit_command.mate_nodes, 1,
             "the node budget of the helpmate analysis asked of each decisive result lost on "
             "time or, under the 2023 Laws, resigned (6.9, 5.1.2; default 500000): an answer "
             "not found within it leaves the recorded result standing, said as undecided");
  add_number(*audit, "--first-game", audit_command.first_game, 1,
             "the number of the first game read (default 1): a shard's games keep their "
             "numbers in the whole input");

  arbiter_cli::SummarizeCommand summarize_command;
  CLI::App* summarize = app.add_subcommand(
      "summarize", "merge the audit --json outputs of shards into the summary of one run");
  summarize
      ->add_option("files", summarize_command.files,
                   "JSON Lines files of audit --json, in input order (- for standard input)")
      ->required();

  arbiter_cli::ClaimCommand claim_command;
  CLI::App* claim = app.add_subcommand("claim", "rule on one draw claim at one point of a game");
  claim->add_option("--pgn", claim_command.pgn, "the PGN file")->required();
  add_number(*claim, "--game", claim_command.game, 1, "the game's number in the file (default 1)");
  add_number(*claim, "--ply", claim_command.ply, 0,
             "the claim is made after this many plies (0: at the start)")
      ->required();
  claim->add_option("--claim", claim_command.claim, "threefold or fifty")->required();
  claim->add_option("--intended", claim_command.intended,
                    "the move written first (SAN; two squares for an illegal one)");
  claim->add_flag("--touched", claim_command.touched,
                  "the claimant has touched a piece with intent (9.4)");
  add_number(*claim, "--seconds-left", claim_command.seconds_left, 0,
             "the claimant's time left (1997-2005 deductions)");
  ruling_options(*claim, claim_command.options);
  claim->add_flag("--json", claim_command.options.json, "the ruling as one JSON object");

  arbiter_cli::DeadCommand dead_command;
  CLI::App* dead = app.add_subcommand(
      "dead", "can each side still checkmate? (dead position 5.2.2, flag fall 6.9)");
  dead->add_option("files", dead_command.files,
                   "files of FENs, one per line, plain or compressed (- or none: standard input)");
  dead->add_option("--fen", dead_command.fen, "one FEN, analysed before the files");
  add_number(*dead, "--nodes", dead_command.nodes, 1,
             "node budget per side (default: 500000 full, 400 quick)");
  dead->add_flag("--quick", dead_command.quick,
                 "the quick analysis (the one run after every move)");
  dead->add_flag("--json", dead_command.json, "one JSON object per position");
  dead->add_flag("!--no-progress", dead_command.progress, "no progress display on standard error");
  add_jobs(*dead, dead_command.jobs);

  arbiter_cli::WatchCommand watch_command;
  CLI::App* watch = app.add_subcommand(
      "watch", "follow a PGN file a live broadcast keeps writing and alert on endings and claims");
  watch->add_option("file", watch_command.file, "the PGN file (plain PGN)")->required();
  ruling_options(*watch, watch_command.options);
  watch->add_flag("--json", watch_command.options.json, "one JSON object per alert");
  watch
      ->add_option_function<std::string>(
          "--interval",
          [&watch_command](const std::string& text) {
            // strtod reads "0.5" in the C locale, the tool's (it never calls setlocale).
            char* end = nullptr;
            const double v = text.empty() ? 0 : std::strtod(text.c_str(), &end);
            const std::size_t used = end ? std::size_t(end - text.c_str()) : 0;
            if (used != text.size() || !(v >= 0.01 && v <= 3600))
              throw CLI::ValidationError(
                  arbiter_cli::say(arbiter_cli::AuditText::ErrRange, option_language,
                                   {{"name", "--interval"}, {"min", "0.01"}, {"max", "3600"}}));
            watch_command.interval = v;
          },
          "seconds between two reads of the file (default 1)")
      ->type_name("SECONDS");
  watch->add_flag("--once", watch_command.once, "read the file once, write its alerts and end");

  const auto command = [&]() -> int {
    try {
      app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
      std::ostringstream help;  // through standard_output(), checked like any answer
      const int status = app.exit(e, help);
      standard_output().write(help.str());
      return status;
    } catch (const CLI::CallForVersion& e) {
      std::ostringstream version;  // "arbiter X.Y.Z", through standard_output() like help
      const int status = app.exit(e, version);
      standard_output().write(version.str());
      return status;
    } catch (const CLI::ParseError& e) {
      app.exit(e);
      return exit_bad_input;
    }
    if (perft->parsed()) return run_perft(perft_fen, depth, divide);
    if (fen->parsed()) return run_fen(fen_fen);
    if (moves->parsed()) return run_moves(moves_fen);
    if (key->parsed()) return run_key(key_fen, key_moves, key_moves_option->count() > 0);
    if (pgn->parsed()) return run_pgn(pgn_command);
    if (trace->parsed()) return arbiter_cli::run_trace(trace_command);
    if (audit->parsed()) return arbiter_cli::run_audit(audit_command);
    if (claim->parsed()) return arbiter_cli::run_claim(claim_command);
    if (dead->parsed()) return arbiter_cli::run_dead(dead_command);
    if (summarize->parsed()) return arbiter_cli::run_summarize(summarize_command);
    if (watch->parsed()) return arbiter_cli::run_watch(watch_command);
    return exit_bad_input;
  };
  const int status = command();
  // Every command's answer is lost if standard output cannot take it: that is a failure
  // whatever the command found (exit status 2).
  return standard_output().finish() ? status : exit_bad_input;
}
