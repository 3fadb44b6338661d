// The `arbiter` tool's ruling commands (audit, trace, claim), and pgn, key and perft on real
// games (project issue #6): golden outputs, the --json contract checked with nlohmann::json,
// bad input to every command, and an audit of the real-games corpus.
//
// The golden outputs are in tests/data/cli/ (its README.md says what each one shows), compared
// byte for byte. With ARBITER_UPDATE_GOLDEN=1 in the environment they are written instead of
// compared: read every changed file (git diff tests/data/cli) and check its rulings before
// keeping it. Tests that need the corpus (ARBITER_SHARED_DIR/data/pgn) are skipped with a
// warning when it is absent.

#include <algorithm>
#include <array>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <regex>

#include <nlohmann/json.hpp>

#include <arbiter/arbiter.hpp>

#include "process_util.hpp"
#include "test_util.hpp"
#include "text_util.hpp"

#if defined(ARBITER_CLI_PATH) && !defined(_WIN32)
#include <sys/wait.h>
#include <unistd.h>

using arbiter_test::count_of;
using arbiter_test::first_difference;
using arbiter_test::split_lines;

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// ---- running the tool --------------------------------------------------------------------

using arbiter_test::read_file;

using arbiter_test::write_file;

// A file of the temporary directory, removed when it goes out of scope.
class TempFile {
 public:
  explicit TempFile(const std::string& contents = "") {
    std::string name = (fs::temp_directory_path() / "arbiter_cli_rulings_XXXXXX").string();
    const int fd = mkstemp(name.data());
    REQUIRE(fd >= 0);
    close(fd);
    path_ = name;
    if (!contents.empty()) write_file(path_, contents);
  }
  ~TempFile() {
    std::error_code ec;
    fs::remove(path_, ec);
  }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

// Quotes a word for the shell.
using arbiter_test::quote;

using Run = arbiter_test::Captured;

// Runs the tool with `args` (shell syntax, already quoted; may end with a `< file`
// redirection), in folder `dir` if one is given.
Run run(const std::string& args, const fs::path& dir = {}) {
  const TempFile err;
  std::string command = dir.empty() ? std::string() : "cd " + quote(dir.string()) + " && ";
  command += quote(ARBITER_CLI_PATH) + " " + args;
  return arbiter_test::run_capturing(command, err.path());
}

// Whether a run ended in a crash rather than with a status of its own: a signal (the
// shell reports 128 + N), an uncaught exception, a sanitizer's report.
bool crashed(const Run& r) {
  return r.status < 0 || r.status >= 128 || r.err.find("terminate called") != std::string::npos ||
         r.err.find("Sanitizer") != std::string::npos ||
         r.err.find("runtime error:") != std::string::npos;
}

std::vector<std::string> split(const std::string& line, char sep) {
  std::vector<std::string> fields;
  std::size_t start = 0;
  for (std::size_t at; (at = line.find(sep, start)) != std::string::npos; start = at + 1)
    fields.push_back(line.substr(start, at - start));
  fields.push_back(line.substr(start));
  return fields;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// ---- folders and golden files --------------------------------------------------------------

fs::path cli_data_dir() { return fs::path(ARBITER_TEST_DATA_DIR) / "cli"; }
fs::path games_dir() {
  return (fs::path(ARBITER_TEST_DATA_DIR) / ".." / ".." / "examples" / "games").lexically_normal();
}
fs::path corpus_dir() { return fs::path(ARBITER_SHARED_DIR) / "data" / "pgn"; }
fs::path corpus_file(const std::string& name) { return corpus_dir() / name; }

bool updating_goldens() {
  const char* value = std::getenv("ARBITER_UPDATE_GOLDEN");
  return value && std::string(value) == "1";
}

// Compares `actual` with tests/data/cli/NAME, or writes it there (ARBITER_UPDATE_GOLDEN=1).
void check_golden(const std::string& name, const std::string& actual) {
  const fs::path path = cli_data_dir() / name;
  if (updating_goldens()) {
    write_file(path, actual);
    WARN("wrote " << path.string() << ": read it before keeping it");
    return;
  }
  INFO("golden file " << path.string() << " (ARBITER_UPDATE_GOLDEN=1 rewrites it)");
  REQUIRE(fs::exists(path));
  CHECK(first_difference(read_file(path), actual) == "");
}

// One command of a transcript: its arguments, the folder it runs in, its exit status.
struct Case {
  fs::path dir;
  std::string args;
  int status;
};

// Runs each case (checking its exit status, and that standard error is empty) and returns
// the transcript: `$ arbiter ARGS`, the standard output, `[exit N]`, a blank line.
std::string transcript(const std::vector<Case>& cases) {
  std::string text;
  for (const Case& c : cases) {
    const Run r = run(c.args, c.dir);
    INFO("arbiter " << c.args << "\nstandard error: " << r.err);
    CHECK(r.status == c.status);
    CHECK(r.err.empty());
    text += "$ arbiter " + c.args + "\n" + r.out + "[exit " + std::to_string(r.status) + "]\n\n";
  }
  return text;
}

// ---- the --json contract -------------------------------------------------------------------

// The problems found, one a line, "" if none (kept short).
struct Problems {
  std::string text;
  void add(const std::string& where, const std::string& what) {
    if (text.size() < 4000) text += where + ": " + what + "\n";
  }
};

// Types: uint, int, string, bool, array, object; a trailing '?' also allows null.
bool has_type(const json& v, std::string_view type) {
  if (type.back() == '?') {
    if (v.is_null()) return true;
    type.remove_suffix(1);
  }
  if (type == "uint") return v.is_number_unsigned();
  if (type == "int") return v.is_number_integer();
  if (type == "string") return v.is_string();
  if (type == "bool") return v.is_boolean();
  if (type == "array") return v.is_array();
  if (type == "object") return v.is_object();
  return false;
}

using FieldList = std::vector<std::pair<const char*, const char*>>;

// Checks that `j` is an object with each field of the type given; false if not.
bool check_fields(const json& j, const FieldList& fields, const std::string& where, Problems& p) {
  if (!j.is_object()) {
    p.add(where, "not an object: " + j.dump());
    return false;
  }
  bool ok = true;
  for (const auto& [key, type] : fields) {
    const auto it = j.find(key);
    if (it == j.end()) {
      p.add(where, std::string("no field ") + key);
      ok = false;
    } else if (!has_type(*it, type)) {
      p.add(where, std::string(key) + " is not " + type + ": " + it->dump());
      ok = false;
    }
  }
  return ok;
}

const std::vector<std::string> finding_kinds = {"threefold_claim", "fifty_claim",   "checkmate",
                                                "stalemate",       "dead_position", "fivefold",
                                                "seventyfive"};
// "" for a game without a termination marker (no result, notation/pgn_game.hpp).
const std::set<std::string> pgn_results = {"1-0", "0-1", "1/2-1/2", "*", ""};
const std::set<std::string> laws_results = {"1-0", "0-1", "1/2-1/2"};

bool is_claim_kind(const std::string& kind) {
  return kind == "threefold_claim" || kind == "fifty_claim";
}

// "start" for ply 0, else a move number, "." or "...", and a move.
bool is_move_label(const std::string& label, std::uint64_t ply) {
  if (ply == 0) return label == "start";
  const std::size_t dot = label.find('.');
  if (dot == 0 || dot == std::string::npos) return false;
  for (std::size_t i = 0; i < dot; ++i)
    if (label[i] < '0' || label[i] > '9') return false;
  const std::size_t san = label.compare(dot, 3, "...") == 0 ? dot + 3 : dot + 1;
  return san < label.size() && label[san] != '.';
}

struct AuditTotals {
  std::uint64_t games = 0, bad_games = 0, plies = 0, played_on = 0, disagreeing = 0;
  std::map<std::string, std::uint64_t> findings;  // by kind
};

// Checks one game line of `audit --json` and adds it to the totals.
void check_audit_game(const json& j, const std::string& where, Problems& p, AuditTotals& totals) {
  if (!check_fields(j,
                    {{"game", "uint"},
                     {"file", "string"},
                     {"number_in_file", "uint"},
                     {"white", "string"},
                     {"black", "string"},
                     {"event", "string"},
                     {"date", "string"},
                     {"result", "string"},
                     {"rules", "string"},
                     {"rules_basis", "string"},
                     {"plies", "uint"},
                     {"findings", "array"},
                     {"windows", "array"},
                     {"ending", "object?"},
                     {"laws_result", "string?"},
                     {"result_agrees", "bool"},
                     {"disagreement", "string?"}},
                    where, p))
    return;
  const std::uint64_t plies = j["plies"].get<std::uint64_t>();
  totals.plies += plies;
  if (!pgn_results.count(j["result"].get<std::string>()))
    p.add(where, "result " + j["result"].dump());
  if (!j["laws_result"].is_null() && !laws_results.count(j["laws_result"].get<std::string>()))
    p.add(where, "laws_result " + j["laws_result"].dump());
  if (j["result_agrees"].get<bool>() != j["disagreement"].is_null())
    p.add(where, "disagreement must be null exactly when result_agrees");
  if (!j["result_agrees"].get<bool>()) ++totals.disagreeing;

  const json& ending = j["ending"];
  std::uint64_t end_ply = plies;
  if (!ending.is_null()) {
    if (check_fields(ending,
                     {{"termination", "string"},
                      {"ply", "uint"},
                      {"move", "string"},
                      {"article", "string"},
                      {"played_on", "bool"}},
                     where + " ending", p)) {
      end_ply = ending["ply"].get<std::uint64_t>();
      if (end_ply > plies) p.add(where, "the ending is after the last ply");
      if (ending["played_on"].get<bool>() != (end_ply < plies))
        p.add(where, "played_on must say end ply < plies");
      if (!is_move_label(ending["move"].get<std::string>(), end_ply))
        p.add(where, "ending move " + ending["move"].dump());
      if (ending["article"].get<std::string>().empty()) p.add(where, "the ending has no article");
      if (j["laws_result"].is_null()) p.add(where, "an ending, but no laws_result");
      if (ending["played_on"].get<bool>()) ++totals.played_on;
    }
  }

  std::uint64_t previous_ply = 0;
  bool ending_found = false;
  for (const json& f : j["findings"]) {
    const std::string at = where + " finding " + f.dump().substr(0, 120);
    if (!check_fields(f,
                      {{"kind", "string"},
                       {"ply", "uint"},
                       {"move", "string"},
                       {"side_to_move", "string"},
                       {"article", "string"},
                       {"halfmoves", "int"}},
                      at, p))
      continue;
    const std::string kind = f["kind"].get<std::string>();
    const std::uint64_t ply = f["ply"].get<std::uint64_t>();
    // A decisive result the Laws make a draw (6.9, 2023 5.1.2): at the last ply, with the
    // proof and the nodes, the game's result disagreeing, no automatic ending; not in the
    // summary's kinds.
    if (kind == "flag_fall_draw" || kind == "resignation_draw") {
      if (check_fields(f, {{"proof", "string"}, {"nodes", "uint"}}, at, p)) {
        const std::string proof = f["proof"].get<std::string>();
        if (proof != "material" && proof != "static" && proof != "exhaustive")
          p.add(at, "proof must be material, static or exhaustive");
      }
      if (ply != j["plies"].get<std::uint64_t>()) p.add(at, "not at the last ply");
      if (!ending.is_null()) p.add(at, "a drawn result after an automatic ending");
      if (j["result_agrees"] != false || j["laws_result"] != "1/2-1/2")
        p.add(at, "the result must disagree, the Laws giving 1/2-1/2");
      continue;
    }
    if (std::find(finding_kinds.begin(), finding_kinds.end(), kind) == finding_kinds.end()) {
      p.add(at, "unknown kind");
      continue;
    }
    ++totals.findings[kind];
    if (ply < previous_ply) p.add(at, "findings out of ply order");
    previous_ply = ply;
    if (ply > end_ply) p.add(at, "after the end of the game");
    if (!is_move_label(f["move"].get<std::string>(), ply)) p.add(at, "move label");
    const std::string side = f["side_to_move"].get<std::string>();
    if (side != "white" && side != "black") p.add(at, "side_to_move");
    if (f["article"].get<std::string>().empty()) p.add(at, "no article");
    if (f["halfmoves"].get<std::int64_t>() < 0) p.add(at, "negative halfmoves");
    if (is_claim_kind(kind)) {
      if (check_fields(f, {{"on_board", "bool"}, {"intended", "array"}}, at, p)) {
        for (const json& m : f["intended"])
          if (!m.is_string() || m.get<std::string>().empty())
            p.add(at, "intended holds a non-move");
        if (!f["on_board"].get<bool>() && f["intended"].empty())
          p.add(at, "a claim neither on the board nor by a written move");
      }
      if (!ending.is_null() && ply >= end_ply) p.add(at, "a claim once the game is over");
    } else {
      if (f.contains("on_board") || f.contains("intended"))
        p.add(at, "claim fields on an automatic ending");
      if (ending.is_null())
        p.add(at, "an automatic ending, but ending is null");
      else if (ply == end_ply)
        ending_found = true;
    }
    if (f.contains("until_ply") &&
        !(f["until_ply"].is_number_unsigned() && f["until_ply"].get<std::uint64_t>() > ply &&
          f["until_ply"].get<std::uint64_t>() <= plies))
      p.add(at, "until_ply");
    if (f.contains("occurrences")) {
      const json& o = f["occurrences"];
      bool ok = o.is_array() && !o.empty();
      for (std::size_t i = 0; ok && i < o.size(); ++i)
        ok = o[i].is_number_unsigned() &&
             (i == 0 || o[i].get<std::uint64_t>() > o[i - 1].get<std::uint64_t>());
      ok = ok && o.back().get<std::uint64_t>() == ply;
      if (!ok) p.add(at, "occurrences must rise to the finding's ply");
      if (ok && kind == "fivefold" && o.size() < 5)
        p.add(at, "a fivefold repetition with fewer than 5 occurrences");
      if (ok && kind == "threefold_claim" && f.value("on_board", false) && o.size() < 3)
        p.add(at, "a threefold repetition on the board with fewer than 3 occurrences");
    } else if (kind == "threefold_claim" || kind == "fivefold") {
      p.add(at, "no occurrences");
    }
  }
  if (!ending.is_null() && !ending_found) p.add(where, "no finding at the ending's ply");
}

// Checks the whole output of `audit --json`: every line an object, the game lines numbered
// from 1, the summary last with the sums of the game lines. Returns the problems.
std::string audit_json_problems(const std::string& output, AuditTotals* summary_totals = nullptr) {
  Problems p;
  const std::vector<std::string> lines = split_lines(output);
  if (lines.empty()) return "no output";
  AuditTotals totals;
  for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
    const std::string where = "line " + std::to_string(i + 1);
    const json j = json::parse(lines[i], nullptr, false);
    if (j.is_discarded()) {
      p.add(where, "not JSON: " + lines[i].substr(0, 200));
      continue;
    }
    ++totals.games;
    if (!j.is_object() || !j.contains("game") || j["game"] != totals.games)
      p.add(where, "game numbers must run from 1");
    if (j.is_object() && j.contains("error")) {
      ++totals.bad_games;
      check_fields(
          j,
          {{"game", "uint"}, {"file", "string"}, {"number_in_file", "uint"}, {"error", "string"}},
          where, p);
    } else {
      check_audit_game(j, where, p, totals);
    }
  }
  const json s = json::parse(lines.back(), nullptr, false);
  if (s.is_discarded()) {
    p.add("summary", "not JSON: " + lines.back().substr(0, 200));
    return p.text;
  }
  if (check_fields(s,
                   {{"summary", "bool"},
                    {"rules", "string"},
                    {"editions", "object"},
                    {"windows", "object"},
                    {"window_plies", "object"},
                    {"games", "uint"},
                    {"bad_games", "uint"},
                    {"plies", "uint"},
                    {"findings", "object"},
                    {"played_on_after_end", "uint"},
                    {"results_disagreeing", "uint"}},
                   "summary", p)) {
    if (s["summary"] != true) p.add("summary", "summary must be true");
    if (s["games"] != totals.games)
      p.add("summary",
            "games " + s["games"].dump() + ", game lines " + std::to_string(totals.games));
    if (s["bad_games"] != totals.bad_games)
      p.add("summary", "bad_games " + s["bad_games"].dump() + ", error lines " +
                           std::to_string(totals.bad_games));
    if (s["plies"] != totals.plies)
      p.add("summary", "plies " + s["plies"].dump() + ", sum " + std::to_string(totals.plies));
    if (s["played_on_after_end"] != totals.played_on)
      p.add("summary", "played_on_after_end " + s["played_on_after_end"].dump());
    if (s["results_disagreeing"] != totals.disagreeing)
      p.add("summary", "results_disagreeing " + s["results_disagreeing"].dump());
    if (s["findings"].size() != finding_kinds.size())
      p.add("summary", "findings must have the 7 kinds");
    for (const std::string& kind : finding_kinds) {
      const std::uint64_t sum = totals.findings.count(kind) ? totals.findings.at(kind) : 0;
      if (!s["findings"].contains(kind) || s["findings"][kind] != sum)
        p.add("summary", "findings." + kind + " " + s["findings"].value(kind, json()).dump() +
                             ", sum " + std::to_string(sum));
    }
  }
  if (summary_totals) *summary_totals = totals;
  return p.text;
}

// Checks the output of `claim --json` against its exit status; returns the problems.
std::string claim_json_problems(const std::string& output, int status) {
  Problems p;
  const json j = json::parse(output, nullptr, false);
  if (j.is_discarded()) return "not JSON: " + output;
  if (!check_fields(j,
                    {{"game", "uint"},
                     {"ply", "uint"},
                     {"claim", "string"},
                     {"claimant", "string"},
                     {"rules", "string"},
                     {"rules_basis", "string"},
                     {"time_control", "string"},
                     {"admissible", "bool"},
                     {"inadmissible", "string?"},
                     {"correct", "bool"},
                     {"article", "string"},
                     {"with_intended", "bool"},
                     {"intended", "string?"},
                     {"intended_illegal", "bool"},
                     {"occurrences", "array"},
                     {"occurrence_moves", "array"},
                     {"halfmoves", "int"},
                     {"last_reset_ply", "int"},
                     {"draw", "bool"},
                     {"penalty_article", "string"},
                     {"opponent_seconds_added", "int"},
                     {"claimant_seconds_after", "int"},
                     {"must_play", "string?"},
                     {"must_move_from", "string?"},
                     {"counts_as_offer", "bool"},
                     {"explanation", "string"}},
                    "claim", p))
    return p.text;
  const bool admissible = j["admissible"].get<bool>(), correct = j["correct"].get<bool>();
  const bool with_intended = j["with_intended"].get<bool>();
  const std::string claim = j["claim"].get<std::string>(),
                    claimant = j["claimant"].get<std::string>();
  if (claim != "threefold" && claim != "fifty") p.add("claim", "claim " + claim);
  if (claimant != "white" && claimant != "black") p.add("claim", "claimant " + claimant);
  if (admissible == !j["inadmissible"].is_null())
    p.add("claim", "inadmissible must be null exactly when admissible");
  if (with_intended == j["intended"].is_null())
    p.add("claim", "intended must be null exactly when there is none");
  if (j["intended_illegal"].get<bool>() && !with_intended)
    p.add("claim", "an illegal intended move, but none given");
  if (j["article"].get<std::string>().empty()) p.add("claim", "no article");
  if (j["explanation"].get<std::string>().empty()) p.add("claim", "no explanation");
  if (j["draw"].get<bool>() != (admissible && correct))
    p.add("claim", "draw must be admissible and correct");
  if (!admissible && (correct || j["counts_as_offer"].get<bool>()))
    p.add("claim", "an inadmissible claim is neither correct nor an offer");
  const bool incorrect = admissible && !correct;
  if (j["penalty_article"].get<std::string>().empty() == incorrect)
    p.add("claim", "a penalty article exactly for an incorrect claim");
  if ((j["opponent_seconds_added"].get<int>() > 0) != incorrect)
    p.add("claim", "seconds added exactly for an incorrect claim");
  if (!j["must_play"].is_null() &&
      !(incorrect && with_intended && !j["intended_illegal"].get<bool>()))
    p.add("claim", "must_play only for an incorrect claim with a legal written move");
  if (!j["must_move_from"].is_null() && !(incorrect && j["intended_illegal"].get<bool>()))
    p.add("claim", "must_move_from only for an incorrect claim with an illegal written move");
  if (j["occurrences"].size() != j["occurrence_moves"].size())
    p.add("claim", "one move label per occurrence");
  for (std::size_t i = 0; i < j["occurrences"].size(); ++i) {
    if (!j["occurrences"][i].is_number_unsigned()) p.add("claim", "an occurrence is not a ply");
    if (i < j["occurrence_moves"].size() && !j["occurrence_moves"][i].is_string())
      p.add("claim", "an occurrence move is not a string");
  }
  if (status != (admissible && correct ? 0 : 1))
    p.add("claim", "exit status " + std::to_string(status));
  return p.text;
}

// ---- games -------------------------------------------------------------------------------

// Zukertort - Steinitz, World Championship 1886, game 11 (game 2 of the sample), in UCI.
const char* const zukertort_steinitz_uci =
    "e2e4 e7e5 g1f3 b8c6 b1c3 g8f6 f1b5 f8b4 e1g1 e8g8 c3d5 f6d5 e4d5 e5e4 d5c6 e4f3 d1f3 d7c6 "
    "b5d3 b4d6 "
    "b2b3 d8g5 c1b2 g5d2 b2c1 d2a5 c1f4 c8e6 a1e1 f8e8 e1e3 e6d5 d3h7 g8h7 f3h5 h7g8 e3h3 f7f6 "
    "h5h7 g8f7 "
    "h7h5 f7f8 h5h8 f8f7 h8h5 f7f8 h5h8 f8f7 h8h5 f7f8 h5h8 f8f7 h8h5 f7f8 h5h8 f8f7 h8h5 f7f8 "
    "h5h8 f8f7 "
    "h8h5 f7e7 h3e3 e7f8 h5h8 d5g8 f4h6 e8e7 e3e7 f8e7 h6g7 a5f5 f1e1 e7f7 g7h6 f5h7 h8h7 g8h7 "
    "c2c4 a7a5 "
    "h6e3 c6c5 e1d1 a5a4";

// The rows of `arbiter trace` output, by (game, ply).
std::map<std::pair<int, int>, std::vector<std::string>> trace_rows(const std::string& output) {
  std::map<std::pair<int, int>, std::vector<std::string>> rows;
  const auto lines = split_lines(output);
  for (std::size_t i = 1; i < lines.size(); ++i) {
    auto fields = split(lines[i], '\t');
    REQUIRE(fields.size() == 13);
    rows[{std::stoi(fields[0]), std::stoi(fields[1])}] = fields;
  }
  return rows;
}

const char* const trace_header =
    "game\tply\tfen\tfide_key\tcount\tthreefold_claim\tfifty_"
    "claim\tfivefold\tseventyfive\tcheckmate\tstalemate\tdead\t"
    "halfmove";

// Bytes that are no PGN: random, with NULs, invalid UTF-8 and a few PGN-like pieces.
std::string binary_junk() {
  std::mt19937 random(6);
  std::string junk;
  for (int i = 0; i < 6000; ++i) junk += char(random() & 0xff);
  static const char pgn_like[] = "\0\0[Event \"\xff\xfe\"]\n\n1. e4 \xc3\x28 e5 2. Q\xe9h9 *\n";
  junk.append(pgn_like, sizeof pgn_like - 1);
  for (int i = 0; i < 2000; ++i) junk += char(random() & 0xff);
  return junk;
}

}  // namespace

// ---- golden outputs, and the --json contract ------------------------------------------

TEST_CASE("cli audit: the bundled sample under the 2023 Laws, with boards (golden)", "[cli]") {
  // --rules 2023 forces the edition on every game (the default judges each game by the
  // Laws of its date: the next test).
  const Run r = run("audit --no-progress --rules 2023");
  CHECK(r.status == 0);
  CHECK(r.err.empty());
  check_golden("audit_sample.txt", r.out);
  // The rulings, checked by hand against the games (see tests/data/cli/README.md):
  // Zukertort - Steinitz: a threefold claim from 24...Kf7 on, the fivefold repetition at
  // 29.Qh5+ (ply 57); the 27 plies after it and the recorded 0-1 are void.
  CHECK(contains(r.out, "    After 24...Kf7 (ply 48): White, by writing Qh5+\n"));
  CHECK(contains(
      r.out,
      "  After 29.Qh5+ (ply 57): Fivefold repetition: the same position has appeared at least five "
      "times. The game is drawn without a claim (FIDE 2023, Article 9.6.1).\n"));
  CHECK(
      contains(r.out, "      FEN: r3r3/ppp2kp1/2pb1p2/q2b3Q/5B2/1P5R/P1P2PPP/5RK1 b - - 19 29\n"));
  CHECK(contains(r.out, "  The game was already over at ply 57; the later plies (27) are void.\n"));
  CHECK(contains(r.out,
                 "  The recorded result 0-1 does not agree with the Laws: the game had already "
                 "ended; the later "
                 "moves and the recorded result are void (the Laws give 1/2-1/2).\n"));
  // Kasparov - Miles: fivefold at 51.Kc4 (ply 101), played on for 4 plies; the draw stands.
  CHECK(contains(r.out, "  After 51.Kc4 (ply 101): Fivefold repetition"));
  CHECK(contains(r.out, "  The game was already over at ply 101; the later plies (4) are void.\n"));
  // Riazantsev - Adams: ends by the fivefold repetition at 46...Qd1+ (ply 92), its last move.
  CHECK(contains(r.out, "  After 46...Qd1+ (ply 92): Fivefold repetition"));
  // Navara - Carlsen: 81.e8=B leaves bishops on squares of one colour, a dead position.
  CHECK(contains(r.out, "  After 81.e8=B (ply 161): Dead position: neither player can checkmate"));
  CHECK(contains(r.out, "      FEN: 4B3/5b2/7k/5K2/8/8/8/8 b - - 0 81\n"));
  CHECK(contains(
      r.out,
      "Summary (FIDE Laws of Chess in force from 1 January 2023): games: 5 (0 could not be read), "
      "plies: 532\n"
      "  threefold_claim  28 (windows: 4, plies: 28)\n  fifty_claim      0 (windows: 0, plies: "
      "0)\n  checkmate        0\n  stalemate        0\n"
      "  dead_position    1\n  fivefold         3\n  seventyfive      0\n"
      "  games played on after their end: 3\n  games whose result disagrees with the Laws: 1\n"));
  // No colours when standard output is not a terminal.
  CHECK(!contains(r.out, "\033"));

  // The same file named, and read from standard input, gives the same text.
  const std::string sample = quote((games_dir() / "sample.pgn").string());
  CHECK(first_difference(r.out, run("audit --no-progress --rules 2023 " + sample).out) == "");
  const Run piped = run("audit --no-progress --rules 2023 - < " + sample);
  CHECK(piped.status == 0);
  CHECK(first_difference(r.out, piped.out) == "");

  // --no-boards leaves out exactly the board diagrams (the lines indented by six spaces).
  // Findings a person can act on: the verdict first, the endings and the wrong result,
  // then each claim window once, who could claim at each of its plies and how, and the
  // procedure once per game (three games have windows).
  CHECK(contains(r.out,
                 "  Verdict: drawn by fivefold repetition at 29.Qh5+, played on for 27 "
                 "plies; the recorded 0-1 is void; draw claims open in windows: 1 "
                 "(plies: 9).\n"));
  CHECK(contains(r.out, "  Verdict: no ending without a claim; the recorded 1-0 stands.\n"));
  CHECK(contains(r.out,
                 "  A draw by threefold repetition could be claimed from 24...Kf7 to "
                 "28...Kf7 (plies 48-56: 9):\n"
                 "    After 24...Kf7 (ply 48): White, by writing Qh5+\n"
                 "    After 25.Qh5+ (ply 49): Black, on the board or by writing Kf8\n"));
  CHECK(contains(r.out,
                 "  A draw by threefold repetition could be claimed from 48...Ke6 to "
                 "50...Ke6 (plies 96-100: 5):\n"));
  CHECK(count_of(r.out, "  How to claim: Threefold repetition on the board:") == 3);
  CHECK(count_of(r.out, "(FIDE 2023, Article 9.2.2)") == 3);  // once per game, not per ply
  CHECK(count_of(r.out, "may claim a draw") == 0);
  // Endings and wrong results come before the windows.
  CHECK(r.out.find("The recorded result 0-1 does not agree") <
        r.out.find("A draw by threefold repetition could be claimed from 24...Kf7"));
  CHECK(contains(r.out, "  threefold_claim  28 (windows: 4, plies: 28)\n"));
  CHECK(contains(r.out, "  fifty_claim      0 (windows: 0, plies: 0)\n"));
  // --detail: one finding per ply, each with its procedure (golden), no windows.
  const Run detail = run("audit --no-progress --rules 2023 --detail");
  CHECK(detail.status == 0);
  check_golden("audit_sample_detail.txt", detail.out);
  // On the board at 21 plies: 49-56, 93-94, 97-100, 82-84, 86, 88, 90-91.
  CHECK(count_of(detail.out, "may claim a draw by threefold repetition now") == 21);
  CHECK(contains(detail.out,
                 "  After 24...Kf7 (ply 48): White may claim a draw by threefold repetition by "
                 "writing the intended move on the scoresheet"));
  CHECK_FALSE(contains(detail.out, "could be claimed from"));
  CHECK_FALSE(contains(detail.out, "Verdict:"));

  const Run no_boards = run("audit --no-progress --no-boards --rules 2023");
  CHECK(no_boards.status == 0);
  std::string without;
  for (const std::string& line : split_lines(r.out))
    if (line.compare(0, 6, "      ") != 0) without += line + "\n";
  CHECK(first_difference(without, no_boards.out) == "");
}

TEST_CASE("cli audit: the bundled sample by the Laws of each game's date (golden)", "[cli]") {
  // The default, --rules auto: Kasparov - Deep Blue (1997.??.??) and Kasparov - Miles
  // (1998.05.26) under the 1997 Laws, Zukertort - Steinitz (1886) under them too with the
  // note that it predates every edition, Riazantsev - Adams (2005.11.03) under 2005,
  // Navara - Carlsen (2012.01.20) under 2009. No edition before 2014 knows fivefold
  // repetition: the 1886 game is no longer void, its 0-1 stands.
  const Run r = run("audit --no-progress");
  CHECK(r.status == 0);
  CHECK(r.err.empty());
  check_golden("audit_sample_by_date.txt", r.out);
  // The grouped report in every language (golden files).
  for (const char* l : {"pt", "es", "ru"}) {
    INFO(l);
    const Run in_language = run(std::string("audit --no-progress --lang ") + l);
    CHECK(in_language.status == 0);
    check_golden(std::string("audit_sample_by_date_") + l + ".txt", in_language.out);
  }
  CHECK(contains(r.out,
                 "  Laws: FIDE Laws of Chess in force from 1 July 1997, the earliest known: the "
                 "game (1886.?\?.?\?) predates every edition of the Laws known here\n"));
  CHECK(contains(r.out,
                 "  Laws: FIDE Laws of Chess in force from 1 July 2005 (the game's date: "
                 "2005.11.03)\n"));
  CHECK(contains(r.out,
                 "  Laws: FIDE Laws of Chess in force from 1 July 2009 (the game's date: "
                 "2012.01.20)\n"));
  CHECK(contains(r.out, "(FIDE 1997, Article 9.2(b))"));
  CHECK(!contains(r.out, "Fivefold"));
  CHECK(!contains(r.out, "the recorded 0-1 is void"));
  CHECK(contains(r.out,
                 "  Verdict: no ending without a claim; the recorded 0-1 stands; draw "
                 "claims open in windows: 1 (plies: 14).\n"));
  CHECK(contains(r.out, "Summary (the Laws in force on each game's date): games: 5"));
  CHECK(contains(r.out, "  fivefold         0\n"));
  CHECK(contains(r.out, "  games whose result disagrees with the Laws: 0\n"));
  // In JSON: the edition and why, per game; the summary counts the editions.
  const auto lines = split_lines(run("audit --json").out);
  REQUIRE(lines.size() == 6);
  const json zs = json::parse(lines[1]);
  CHECK(zs["rules"] == "FIDE_1997");
  CHECK(zs["rules_basis"] == "before_first_edition");
  CHECK(zs["result_agrees"] == true);
  CHECK(zs["ending"].is_null());
  CHECK(json::parse(lines[3])["rules"] == "FIDE_2005");
  CHECK(json::parse(lines[3])["rules_basis"] == "date");
  const json summary = json::parse(lines[5]);
  CHECK(summary["rules"] == "auto");
  // Every edition counted (0 or not), so that shards' summaries merge (summarize).
  CHECK(summary["editions"] == json({{"FIDE_1997", 3},
                                     {"FIDE_2001", 0},
                                     {"FIDE_2005", 1},
                                     {"FIDE_2009", 1},
                                     {"FIDE_2014", 0},
                                     {"FIDE_2017", 0},
                                     {"FIDE_2018", 0},
                                     {"FIDE_2023", 0}}));
  // claim too: 25.Qh5+ in 1886 is ruled under the 1997 Laws, 9.2(b).
  const Run claim = run("claim --pgn sample.pgn --game 2 --ply 49 --claim threefold", games_dir());
  CHECK(claim.status == 0);
  CHECK(contains(claim.out, "(FIDE 1997, Article 9.2(b))"));
  const json claim_json = json::parse(
      run("claim --pgn sample.pgn --game 2 --ply 49 --claim threefold --json", games_dir()).out);
  CHECK(claim_json["rules"] == "FIDE_1997");
  CHECK(claim_json["rules_basis"] == "before_first_edition");
  // --rules EDITION still forces one edition, said per game.
  CHECK(json::parse(split_lines(run("audit --json --rules 2014").out)[1])["rules_basis"] ==
        "forced");
}

// The English words of the audit's report and of its moves: none may stay in a report in
// another language (the PGN tags, the FEN and the board's FEN letters are the game's data).
std::vector<std::string> english_left(const std::string& report) {
  // A move in English letters (Qh5+, Kxf7; R is the Portuguese and Spanish king) and
  // English words, as whole words.
  static const std::regex english_san("(^|[ .(])[KQN]x?[a-h][1-8]");  // R: pt, es king
  static const std::regex english_words(
      "\\b(Game|After|Verdict|Laws|White|Black|move|ply|plies|claim|draw|threefold|fifty|"
      "dead|Summary|checkmate|played|the|How|could|writing|board|result|games)\\b");
  std::vector<std::string> found;
  for (const std::string& line : split_lines(report)) {
    if (line.find("FEN: ") != std::string::npos) continue;  // the FEN is the game's, as written
    // A game's heading quotes its tags (names, event) as the PGN has them: only the words
    // after the last tag are the report's.
    const std::string own =
        line.find(" (") != std::string::npos && line.find("), ") != std::string::npos
            ? line.substr(line.rfind("), "))
            : line;
    if (std::regex_search(own, english_words)) found.push_back("English word in: " + line);
    // Piece letters of English SAN (a board diagram's rows are letters between spaces).
    if (line.find(" | ") == std::string::npos && std::regex_search(own, english_san))
      found.push_back("English SAN in: " + line);
  }
  return found;
}

TEST_CASE("cli audit: every word of a report in another language is in that language", "[cli]") {
  // The bundled sample (boards, claims on the board and by written moves, fivefold,
  // a dead position), by date and under 2023 (fivefold, played on, a void result).
  for (const char* rules : {"auto", "2023"})
    for (const char* l : {"pt", "es", "ru"}) {
      const Run r = run(std::string("audit --no-progress --rules ") + rules + " --lang " + l);
      INFO(l << " " << rules);
      CHECK(r.status == 0);
      CHECK(english_left(r.out) == std::vector<std::string>{});
      CHECK_FALSE(english_left(run(std::string("audit --no-progress --detail --rules ") + rules +
                                   " --lang " + l)
                                   .out)
                      .size() > 0);
    }
  // The check finds English where it is: the English report has plenty.
  CHECK(english_left(run("audit --no-progress").out).size() > 20);
  // The moves in the language's letters: Portuguese Dh5+ for 25.Qh5+, Russian Фh5+.
  const Run pt = run("audit --no-progress --rules 2023 --lang pt");
  CHECK(contains(pt.out, "Após 25.Dh5+ (meio-lance 49): As pretas, no tabuleiro ou anotando Rf8"));
  CHECK(contains(pt.out, "      Jogam as pretas\n"));
  CHECK(contains(run("audit --no-progress --rules 2023 --lang ru").out, "25.Фh5+"));
}

TEST_CASE("cli trace, audit, claim: the errors in the chosen language", "[cli]") {
  // Every error the tool words itself, in pt, es and ru: no English left once the option
  // values quoted back and the option names (the command line's own words) are set aside.
  static const std::regex command_words(
      "'[^']*'|--[a-z-]+|\\b(auto|threefold|fifty|standard|"
      "rapid|blitz|SAN|FEN|Result)\\b");
  static const std::regex error_words(
      "\\b(unknown|expected|must|cannot|be|read|written|edition|time|game|file|has|"
      "line|column|or|from|to|is|required|missing|convert|could|not|argument)\\b",
      std::regex::icase);
  auto english_in = [](const std::string& err) {
    const std::string own = std::regex_replace(err, command_words, "");
    std::vector<std::string> found = english_left(own);
    for (const std::string& line : split_lines(own))
      if (std::regex_search(line, error_words)) found.push_back("English word in: " + line);
    return found;
  };
  TempFile bad_move("[Event \"e\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Qh5 *\n");
  const std::string bad = quote(bad_move.path().string());
  const std::string zs = "claim --pgn sample.pgn --game 2 --ply 48 --claim threefold ";
  const char* commands[] = {
      "claim --pgn sample.pgn --game 9 --ply 1 --claim threefold",    // no game 9
      "claim --pgn sample.pgn --game 2 --ply 999 --claim threefold",  // ply out of range
      "claim --pgn sample.pgn --game 2 --ply 4 --claim fivefold",     // unknown claim
      "claim --pgn sample.pgn --game 2 --ply 4 --claim threefold --rules 1999",
      "claim --pgn sample.pgn --game 2 --ply 4 --claim threefold --time-control slow",
      "trace sample.pgn --rules 1999",
      "audit --no-progress sample.pgn --time-control slow",
      "claim --pgn sample.pgn --game 0 --ply 1 --claim threefold",  // number out of range
      "claim --pgn sample.pgn --game 99999999999999999999 --ply 1 --claim threefold",
      "audit --no-progress -j 0 sample.pgn",
  };
  // The command line's faults that CLI11 finds: a missing option, a missing value, an
  // unknown option, a value that is no number, a missing positional argument.
  const char* usage[] = {
      "claim --pgn sample.pgn --claim threefold",                          // --ply is required
      "audit --no-progress sample.pgn --bogus",                            // not expected
      "trace",                                                             // files is required
      "claim --pgn sample.pgn --ply 4 --claim threefold --touched=maybe",  // not a flag value
  };
  // A missing value: the option last (before it, --lang would be taken as its value).
  for (const char* l : {"pt", "es", "ru"}) {
    std::vector<std::string> runs;
    for (const char* c : commands) runs.push_back(std::string(c) + " --lang " + l);
    for (const char* c : usage) runs.push_back(std::string(c) + " --lang " + l);
    runs.push_back(std::string("audit --no-progress --lang ") + l + " sample.pgn --rules");
    runs.push_back(zs + "--intended Xh5 --lang " + l);  // no such piece letter
    runs.push_back(zs + "--intended zz9 --lang " + l);  // neither SAN nor two squares
    for (const std::string& args : runs) {
      INFO(args);
      const Run r = run(args, games_dir());
      CHECK(r.status == 2);
      CHECK_FALSE(r.err.empty());
      CHECK(english_in(r.err) == std::vector<std::string>{});
    }
  }
  // The check finds English where it is: the same errors in English.
  for (const char* c : commands) CHECK(english_in(run(c, games_dir()).err).size() > 0);
  for (const char* c : usage) {
    INFO(c);
    const Run r = run(c, games_dir());
    CHECK(r.status == 2);
    CHECK(english_in(r.err).size() > 0);
  }
  // CLI11's faults in the tool's words: the option named, the help hint after it.
  CHECK(run("claim --pgn sample.pgn --claim threefold --lang pt", games_dir()).err ==
        "--ply é obrigatório\nExecute com --help para mais informações.\n");
  CHECK(run("audit --no-progress --bogus --lang=es", games_dir()).err ==
        "no se esperaba aquí: --bogus\nEjecute con --help para más información.\n");
  CHECK(english_in(run("audit --no-progress sample.pgn --rules", games_dir()).err).size() > 0);
  CHECK(run("trace --lang ru", games_dir()).err ==
        "нужен файл PGN (- для стандартного ввода)\nПодробнее: запустите с --help.\n");
  CHECK(run("audit --no-progress --lang ru sample.pgn --rules", games_dir()).err ==
        "--rules: нужно значение\nПодробнее: запустите с --help.\n");
  // The words themselves: Portuguese and Russian, with the moves in the language's letters.
  CHECK(run(zs + "--intended Ce5 --lang pt", games_dir()).err ==
        "arbiter: o lance anotado 'Ce5' não pode ser lido: lance ilegal 'Ce5' (nenhum lance legal "
        "dessa peça)\n");
  CHECK(contains(
      run("claim --pgn sample.pgn --game 9 --ply 1 --claim threefold --lang ru", games_dir()).err,
      "sample.pgn: нет партии 9: --game должен быть от 1 до 5 (партий в файле: 5)"));
  CHECK(run("audit -j x --lang=es", games_dir()).err ==
        "-j debe ir de 1 a 1024\nEjecute con --help para más información.\n");
  // The English texts are what they were.
  CHECK(run("claim --pgn sample.pgn --game 9 --ply 1 --claim threefold", games_dir()).err ==
        "arbiter: sample.pgn: no game 9: --game must be from 1 to 5 (the file has 5 games)\n");
  // A game that cannot be read: where and what in the language (the reader's own detail,
  // its words, follows in parentheses).
  const Run pt = run("audit --no-progress --lang pt " + bad);
  CHECK(pt.status == 1);
  CHECK(contains(pt.out, "Partida 1: não pode ser lida: "));
  CHECK(contains(pt.out, ": partida 1, linha 3, coluna 24: lance inválido ("));
  const Run ru = run("trace --lang ru " + bad);
  CHECK(ru.status == 1);
  CHECK(contains(ru.err, ": партия 1, строка 3, столбец 24: неверный ход ("));
  // ... and why, from the reader's parts: the move and the legal moves of that piece, in
  // the language's letters; nothing of the reader's English message.
  CHECK(contains(pt.out, "lance inválido (lance ilegal 'Qh5'; lances legais dessa peça: "));
  CHECK(english_in(pt.out) == std::vector<std::string>{});
  CHECK(english_in(ru.err) == std::vector<std::string>{});
}

TEST_CASE("cli trace, audit: every kind of unreadable game said in the chosen language", "[cli]") {
  // One game per fault of the reader (tags, comments, annotations, null moves, variations,
  // NAGs, the start position, the variant, a move in a variation, no result), each after a
  // good game so that the good one is still judged. The reader's own detail is English, so
  // only its parts may reach another language's output.
  static const std::regex reader_words(
      "\\b(unexpected|expected|unterminated|annotation|variation|variations|tag|nested|"
      "without|matching|unknown|null|moves|allowed|truncated|input|ends|bad|range|unsupported|"
      "only|standard|chess|illegal|legal|piece|missing|before|after|found|value)\\b");
  const char* faults[] = {
      "[Event \"a\"]\n\n1. e4 {open comment\n",     // unterminated comment
      "[Event \"a\"\n\n1. e4 *\n",                  // tag not closed
      "[Event \"a\"]\n\n1. e4 e5 2. Nf3 $300 *\n",  // NAG out of range
      "[Event \"a\"]\n\n1. e4 f5 2. Qh5+ -- *\n",   // null move in check
      "[Event \"a\"]\n\n1. e4 e5 ) *\n",            // unmatched ')'
      "[Event \"a\"]\n[SetUp \"1\"]\n[FEN \"8/8/8 w - - 0 1\"]\n\n1. e4 *\n",  // bad FEN
      "[Event \"a\"]\n[Variant \"Atomic\"]\n\n1. e4 *\n",                      // variant
      "[Event \"a\"]\n\n1. e4 (1. d4 d5 2. Qh5) e5 *\n",  // bad move, variation
      "[Event \"a\"]\n\n1. e4 e5 2. Nf3 ((2. Nc3)) *\n",  // variation before move
      "[Event \"a\"]\n\n1. e4 e5 2. Nf3 @@ *\n",          // unexpected text
  };
  const std::string good = "[Event \"good\"]\n\n1. e4 e5 *\n\n";
  for (const char* fault : faults) {
    TempFile pgn(good + fault);
    const std::string file = quote(pgn.path().string());
    INFO(fault);
    for (const char* l : {"pt", "es", "ru"}) {
      INFO(l);
      const Run audit =
          run("audit --no-progress --rules 2023 --lang " + std::string(l) + " " + file);
      CHECK(audit.status == 1);
      const Run trace = run("trace --rules 2023 --lang " + std::string(l) + " " + file);
      CHECK(trace.status == 1);
      CHECK_FALSE(trace.err.empty());
      for (const std::string& text : {audit.out, audit.err, trace.err}) {
        CHECK(english_left(text) == std::vector<std::string>{});
        CHECK_FALSE(std::regex_search(text, reader_words));
      }
    }
    // The English output has the reader's detail, which the check would find.
    const Run en = run("trace --rules 2023 " + file);
    CHECK(en.status == 1);
    CHECK(std::regex_search(en.err, reader_words));
  }
}

TEST_CASE("cli claim --intended: the language's letters, English letters and figurines", "[cli]") {
  // 25.Qh5+ written as a Brazilian, Spanish or Russian scoresheet has it, or in English, or
  // as a figurine: the same correct claim (FIDE 1997 by the game's date; 9.2(a)).
  const std::string zs = "claim --pgn sample.pgn --game 2 --ply 48 --claim threefold ";
  for (const char* args :
       {"--intended Dh5+ --lang pt", "--intended Dh5+ --lang es", "--intended \"Фh5+\" --lang ru",
        "--intended Qh5+ --lang pt", "--intended Qh5+", "--intended \"♕h5+\" --lang pt",
        "--intended \"♕h5+\""}) {
    INFO(args);
    const Run r = run(zs + args + " --json", games_dir());
    CHECK(r.status == 0);
    CHECK(r.err.empty());
    const json j = json::parse(r.out);
    CHECK(j["correct"] == true);
    CHECK(j["with_intended"] == true);
  }
  // Portuguese "R" is the king (rei): "Rh5" is no rook move there, but an illegal king move.
  const Run king = run(zs + "--intended Rf8 --lang pt --json", games_dir());
  CHECK(json::parse(king.out)["intended_illegal"] == true);
  // An unknown letter is still an error, in the language's letters.
  const Run bad = run(zs + "--intended Xh5 --lang pt", games_dir());
  CHECK(bad.status == 2);
  CHECK(contains(bad.err, "o lance anotado 'Xh5' não pode ser lido: letra de peça desconhecida"));
}

TEST_CASE("cli audit: --rules auto on dates that do not decide, or are no dates", "[cli]") {
  TempFile games(
      "[Date \"2014.??.??\"]\n\n1. e4 e5 *\n\n[Date \"????.??.??\"]\n\n1. e4 e5 *\n\n"
      "[Date \"2014.13.01\"]\n\n1. e4 e5 *\n\n[Date \"2014.06.??\"]\n\n1. e4 e5 *\n\n"
      "1. e4 e5 *\n");
  const Run r = run("audit --json " + quote(games.path().string()));
  CHECK(r.status == 0);
  const auto lines = split_lines(r.out);
  REQUIRE(lines.size() == 6);
  const char* basis[] = {"undecided_date", "unknown_date", "bad_date", "date", "unknown_date"};
  const char* rules[] = {"FIDE_2023", "FIDE_2023", "FIDE_2023", "FIDE_2009", "FIDE_2023"};
  for (int i = 0; i < 5; ++i) {
    INFO(lines[std::size_t(i)]);
    const json j = json::parse(lines[std::size_t(i)]);
    CHECK(j["rules_basis"] == basis[i]);
    CHECK(j["rules"] == rules[i]);
  }
  const Run text = run("audit --no-progress --lang pt " + quote(games.path().string()));
  CHECK(contains(text.out, "a data 2014.??.?? não indica qual edição estava em vigor"));
  CHECK(contains(text.out, "a etiqueta Date \"2014.13.01\" não é uma data PGN"));
  CHECK(contains(text.out, "Leis: Leis do Xadrez da FIDE em vigor desde 1º de julho de 2009"));
}

TEST_CASE("cli audit: the sample under the 2009 Laws, in Russian (golden)", "[cli]") {
  // No automatic fivefold repetition before 2014: the repetitions are claim points to the
  // end, Zukertort - Steinitz's 0-1 stands, only the dead position ends a game.
  const Run r =
      run("audit --no-progress --no-boards --rules 2009 --lang ru sample.pgn", games_dir());
  CHECK(r.status == 0);
  CHECK(r.err.empty());
  check_golden("audit_sample_2009_ru.txt", r.out);
  CHECK(contains(r.out, "(ФИДЕ 2009, статья 9.2 b)"));
  CHECK(!contains(r.out, "9.6.1"));  // no fivefold repetition (9.6 is the dead position)
  CHECK(!contains(r.out, "Пятикратное"));
  CHECK(contains(r.out, "(ФИДЕ 2009, статья 5.2 b и 9.6)"));  // 5.2 b repeated as 9.6
  // The summary's kinds of finding in Russian too.
  CHECK(contains(r.out,
                 "  требование ничьей ввиду троекратного повторения позиции 39 (окон: 4, "
                 "полуходов: 39)\n"));
  CHECK(contains(r.out, "  пятикратное повторение позиции 0\n"));
  CHECK(contains(r.out,
                 "  партий, продолженных после окончания: 1\n  партий, результат которых не "
                 "соответствует Правилам: 0\n"));
}

TEST_CASE(
    "cli audit: Lichess-style games lost on time or by resignation where the winner cannot mate "
    "(6.9, 5.1.2; golden, text and JSON)",
    "[cli][unwinnable]") {
  // lichess_flag_falls.pgn (by the games' dates, --rules auto): 1. 2023, Time forfeit, 1-0,
  // White K+N v K+Q: a draw (6.9). 2. 2023, Time forfeit, K+R v K: the win stands.
  // 3. 2023, Normal (a resignation), 0-1, Black K+B v K+R: a draw (5.1.2). 4. As 1, but
  // Rules infraction: left alone. 5. As 1 in 1999: a draw under the 1997 Laws' 6.9.
  // 6. As 3 in 2020: a resignation was a loss before 2023, it stands. 7. 2023, Time
  // forfeit, 0-1, a locked pawn wall Black's men cannot cross (White's knight can, so the
  // position is not dead): a draw beyond the material (6.9), proved by where the pieces
  // can go.
  const Run r = run("audit --no-progress lichess_flag_falls.pgn", cli_data_dir());
  CHECK(r.status == 0);
  CHECK(r.err.empty());
  check_golden("audit_lichess_flag_falls.txt", r.out);
  CHECK(contains(r.out, "(FIDE 2023, Article 6.9). Proved by the material alone"));
  CHECK(contains(r.out, "(FIDE 2023, Article 5.1.2). Proved by the material alone"));
  CHECK(contains(r.out, "(FIDE 1997, Article 6.9)"));
  CHECK(contains(r.out, "Proved by where the pieces can ever go: no square is left to mate on"));
  CHECK(contains(r.out, "games whose result disagrees with the Laws: 4\n"));
  const Run j = run("audit --json --no-progress lichess_flag_falls.pgn", cli_data_dir());
  CHECK(j.status == 0);
  check_golden("audit_lichess_flag_falls.jsonl", j.out);
  CHECK(audit_json_problems(j.out) == "");
  const std::vector<std::string> lines = split_lines(j.out);
  REQUIRE(lines.size() == 8);
  const char* const expected[] = {"flag_fall_draw", nullptr, "resignation_draw", nullptr,
                                  "flag_fall_draw", nullptr, "flag_fall_draw"};
  for (std::size_t i = 0; i < 7; ++i) {
    INFO("game " << i + 1);
    const json g = json::parse(lines[i]);
    if (expected[i]) {
      REQUIRE(g["findings"].size() == 1);
      CHECK(g["findings"][0]["kind"] == expected[i]);
      CHECK(g["findings"][0]["proof"] == (i == 6 ? "static" : "material"));
      CHECK(g["result_agrees"] == false);
      CHECK(g["laws_result"] == "1/2-1/2");
    } else {
      CHECK(g["findings"].empty());
      CHECK(g["result_agrees"] == true);
    }
  }
  CHECK(json::parse(lines[4])["findings"][0]["article"] == "6.9");
  CHECK(json::parse(lines[4])["rules"] == "FIDE_1997");
  // The explanation in the other three languages (rows of audit_text.hpp).
  for (const auto& [lang, words] : std::vector<std::pair<std::string, std::string>>{
           {"pt", "Provado pelo material apenas"},
           {"es", "Probado solo por el material"},
           {"ru", "Доказано: по одному лишь материалу"}}) {
    INFO(lang);
    const Run t =
        run("audit --no-progress --lang " + lang + " lichess_flag_falls.pgn", cli_data_dir());
    CHECK(t.status == 0);
    CHECK(contains(t.out, words));
  }
}

TEST_CASE(
    "cli audit --nodes: a question the helpmate analysis leaves undecided is said so "
    "(6.9)",
    "[cli][unwinnable]") {
  // Game 2 of lichess_flag_falls.pgn: K+R v K lost on time, 1-0. White can mate (a
  // helpmate), but not within one node: the loss stands, as the Laws' default, and the
  // audit says the question was undecided. The material proofs of games 1, 3 and 5 cost
  // one node and stay decided.
  const Run j = run("audit --json --no-progress --nodes 1 lichess_flag_falls.pgn", cli_data_dir());
  CHECK(j.status == 0);
  CHECK(audit_json_problems(j.out) == "");
  const std::vector<std::string> lines = split_lines(j.out);
  REQUIRE(lines.size() == 8);
  for (std::size_t i = 0; i < 7; ++i) {
    INFO("game " << i + 1);
    const json g = json::parse(lines[i]);
    CHECK(g.contains("mate_undecided") == (i == 1));
  }
  const json g2 = json::parse(lines[1]);
  CHECK(g2["mate_undecided"]["article"] == "6.9");
  CHECK(g2["mate_undecided"]["kind"] == "flag_fall_draw");
  CHECK(g2["mate_undecided"]["nodes"].get<int>() >= 1);
  CHECK(g2["result_agrees"] == true);
  CHECK(json::parse(lines[0])["findings"][0]["kind"] == "flag_fall_draw");
  // The default budget decides it: nothing undecided.
  const Run d = run("audit --json --no-progress lichess_flag_falls.pgn", cli_data_dir());
  CHECK_FALSE(contains(d.out, "mate_undecided"));
  // The text in each language, once.
  for (const auto& [lang, words] : std::vector<std::pair<std::string, std::string>>{
           {"en",
            "Whether the winner could still checkmate by any series of legal moves is undecided"},
           {"pt", "Não ficou decidido se o vencedor ainda podia dar xeque-mate"},
           {"es", "No quedó decidido si el ganador aún podía dar jaque mate"},
           {"ru", "Не решено, мог ли победитель ещё поставить мат"}}) {
    INFO(lang);
    const Run t = run("audit --no-progress --nodes 1 --lang " + lang + " lichess_flag_falls.pgn",
                      cli_data_dir());
    CHECK(t.status == 0);
    CHECK(count_of(t.out, words) == 1);
    const Run full =
        run("audit --no-progress --lang " + lang + " lichess_flag_falls.pgn", cli_data_dir());
    CHECK_FALSE(contains(full.out, words));
  }
  const Run bad = run("audit --nodes 0 lichess_flag_falls.pgn", cli_data_dir());
  CHECK(bad.status == 2);
  CHECK(contains(bad.err, "--nodes"));
}

TEST_CASE("cli audit --json: the bundled sample (golden), every documented field", "[cli]") {
  const Run r = run("audit --json --rules 2023 sample.pgn", games_dir());
  CHECK(r.status == 0);
  CHECK(r.err.empty());
  check_golden("audit_sample.jsonl", r.out);
  AuditTotals totals;
  CHECK(audit_json_problems(r.out, &totals) == "");
  CHECK(totals.games == 5);
  CHECK(totals.bad_games == 0);
  CHECK(totals.plies == 532);
  CHECK(totals.findings["threefold_claim"] == 28);
  CHECK(totals.findings["fivefold"] == 3);
  CHECK(totals.findings["dead_position"] == 1);
  CHECK(totals.played_on == 3);
  CHECK(totals.disagreeing == 1);

  const auto lines = split_lines(r.out);
  REQUIRE(lines.size() == 6);
  const json zs = json::parse(lines[1]);
  CHECK(zs["white"] == "Zukertort, Johannes Hermann");
  CHECK(zs["file"] == "sample.pgn");
  CHECK(zs["ending"] == json({{"termination", "fivefold repetition"},
                              {"ply", 57},
                              {"move", "29.Qh5+"},
                              {"article", "9.6.1"},
                              {"played_on", true}}));
  CHECK(zs["laws_result"] == "1/2-1/2");
  CHECK(zs["result_agrees"] == false);
  const json& first = zs["findings"][0];
  CHECK(first["kind"] == "threefold_claim");
  CHECK(first["ply"] == 48);
  CHECK(first["on_board"] == false);
  CHECK(first["intended"] == json({"Qh5+"}));
  CHECK(first["occurrences"] == json({44, 48}));
  CHECK(zs["findings"].back()["occurrences"] == json({41, 45, 49, 53, 57}));
  const json ra = json::parse(lines[3]);
  CHECK(ra["ending"]["ply"] == 92);
  CHECK(ra["ending"]["played_on"] == false);
  CHECK(ra["result_agrees"] == true);
  const json nc = json::parse(lines[4]);
  CHECK(nc["ending"]["termination"] == "dead position");
  CHECK(nc["ending"]["move"] == "81.e8=B");
  CHECK(nc["ending"]["article"] == "5.2.2");
  CHECK(json::parse(lines[0])["ending"].is_null());

  // With no file (the bundled sample), and from standard input: the same lines but "file".
  auto with_file = [](const std::string& output, const std::string& file) {
    std::string text;
    for (const std::string& line : split_lines(output)) {
      json j = json::parse(line);
      if (j.contains("file")) j["file"] = file;
      text += j.dump() + "\n";
    }
    return text;
  };
  {
    // One finding per ply, and the windows they make (findings: indices into them).
    const auto game_lines = split_lines(r.out);
    REQUIRE(game_lines.size() == 6);
    const json zs = json::parse(game_lines[1]);
    CHECK(zs["findings"].size() == 10);  // 9 threefold claim points and the fivefold
    REQUIRE(zs["windows"].size() == 1);
    CHECK(zs["windows"][0] == json({{"kind", "threefold_claim"},
                                    {"first_ply", 48},
                                    {"last_ply", 56},
                                    {"plies", 9},
                                    {"first_move", "24...Kf7"},
                                    {"last_move", "28...Kf7"},
                                    {"findings", {0, 1, 2, 3, 4, 5, 6, 7, 8}}}));
    CHECK(json::parse(game_lines[2])["windows"].size() == 2);  // Kasparov - Miles: 92-94, 96-100
    const json summary = json::parse(game_lines[5]);
    CHECK(summary["windows"] == json({{"threefold_claim", 4}, {"fifty_claim", 0}}));
    CHECK(summary["window_plies"] == json({{"threefold_claim", 28}, {"fifty_claim", 0}}));
    CHECK(summary["findings"]["threefold_claim"] == 28);
  }
  const Run bundled = run("audit --json --rules 2023");
  CHECK(bundled.status == 0);
  CHECK(first_difference(r.out, with_file(bundled.out, "sample.pgn")) == "");
  const Run piped = run("audit --json --rules 2023 - < sample.pgn", games_dir());
  CHECK(piped.status == 0);
  CHECK(json::parse(split_lines(piped.out)[0])["file"] == "<stdin>");
  CHECK(first_difference(r.out, with_file(piped.out, "sample.pgn")) == "");
}

TEST_CASE("cli trace: two games of the sample (golden)", "[cli]") {
  // Zukertort - Steinitz and Navara - Carlsen (games 2 and 5 of the sample).
  const Run r = run("trace --rules 2023 two_games.pgn", cli_data_dir());
  CHECK(r.status == 0);
  CHECK(r.err.empty());
  check_golden("trace_two_games.tsv", r.out);
  const auto lines = split_lines(r.out);
  CHECK(lines.size() == 1 + 85 + 163);
  CHECK(lines[0] == trace_header);
  const auto rows = trace_rows(r.out);
  // The fivefold repetition: the position of plies 41, 45, 49 and 53 for the fifth time.
  CHECK(rows.at({1, 57})[4] == "5");
  CHECK(rows.at({1, 57})[7] == "1");
  CHECK(rows.at({1, 56})[7] == "0");
  for (int ply : {41, 45, 49, 53}) CHECK(rows.at({1, ply})[3] == rows.at({1, 57})[3]);
  // The dead position after 81.e8=B, not before.
  CHECK(rows.at({2, 160})[11] == "0");
  CHECK(rows.at({2, 161})[11] == "1");
  CHECK(rows.at({2, 161})[2] == "4B3/5b2/7k/5K2/8/8/8/8 b - - 0 81");
}

TEST_CASE("cli trace: no claim after a ply that ended the game for every later ply", "[cli]") {
  // Games played on after an automatic ending, into positions where a claim would stand:
  // a fivefold repetition (plies 0, 4, 8, 12, 16), then a pawn move and a threefold
  // repetition (no fivefold rule in 2009); a capture into a dead position (K+B v K), then a
  // threefold repetition (each position dead again); a 75-move point (clock 148 trusted,
  // ply 2), then a capture and a threefold repetition, which only the 2014 reading ("the
  // last 75 moves", E7) leaves claimable. trace's claim columns must be the library's
  // available_claims() with its own walk back over every earlier ply (ended_automatically()),
  // under each edition.
  const std::vector<std::string> games = {
      "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 "
      "9. e4 e5 10. Nf3 Nf6 11. Ng1 Ng8 12. Nf3 Nf6 13. Ng1 Ng8 14. Nf3 Nf6 *",
      "[FEN \"8/8/4k3/8/3n4/4K3/8/4B3 w - - 0 1\"]\n\n"
      "1. Kxd4 Kd6 2. Ke4 Ke6 3. Kd4 Kd6 4. Ke4 Ke6 5. Kd4 Kd6 6. Ke4 *",
      "[FEN \"4k3/8/8/8/8/8/p7/R3K3 w - - 148 100\"]\n\n"
      "100. Kd2 Kd8 101. Rxa2 Ke8 102. Ra1 Kd8 103. Ra2 Ke8 104. Ra1 Kd8 105. Ra2 Ke8 106. Ra1 "
      "Kd8 *"};
  std::string text;
  for (const std::string& g : games) text += "[Event \"t\"]\n" + g + "\n\n";
  const arbiter_test::TempDir dir;
  const std::string file = dir.file("played_on.pgn", text);
  struct EditionCase {
    const char* option;
    arbiter::Edition edition;
  };
  std::uint64_t removed_by_earlier_ending = 0, claims_kept_by_2014 = 0;
  for (const EditionCase e : {EditionCase{"2009", arbiter::Edition::Fide2009},
                              EditionCase{"2014", arbiter::Edition::Fide2014},
                              EditionCase{"2017", arbiter::Edition::Fide2017},
                              EditionCase{"2023", arbiter::Edition::Fide2023}}) {
    const Run r = run(std::string("trace --trust-fen-clock --rules ") + e.option + " " +
                      arbiter_test::quote(file));
    REQUIRE(r.status == 0);
    const auto rows = trace_rows(r.out);
    arbiter::Rules rules;
    rules.edition = e.edition;
    rules.interpretation.trust_fen_halfmove_clock = true;
    arbiter::PgnReader reader = arbiter::PgnReader::from_memory(text);
    for (int g = 1; g <= int(games.size()); ++g) {
      arbiter::PgnGame game;
      REQUIRE(reader.next(game).value_or(arbiter::PgnRead::End) == arbiter::PgnRead::Game);
      const arbiter::GameRecord record = arbiter::record_from_pgn(game, rules);
      for (arbiter::GameRecord::Ply ply = 0; ply <= record.ply(); ++ply) {
        INFO("edition " << e.option << ", game " << g << ", ply " << ply);
        const arbiter::AvailableClaims walked =
            arbiter::available_claims(record, ply, arbiter::ClaimContext{}, rules);
        const auto& row = rows.at({g, int(ply)});
        CHECK(row[5] == (walked.threefold() ? "1" : "0"));
        CHECK(row[6] == (walked.fifty() ? "1" : "0"));
        // What the walk back takes away: the claims of this ply alone.
        arbiter::ClaimContext this_ply;
        this_ply.earlier_plies_checked = true;
        const arbiter::AvailableClaims alone =
            arbiter::available_claims(record, ply, this_ply, rules);
        removed_by_earlier_ending += alone.any() && !walked.any();
        claims_kept_by_2014 +=
            g == 3 && ply > 2 && e.edition == arbiter::Edition::Fide2014 && walked.threefold();
      }
    }
  }
  // Not vacuous: plies whose claims an earlier ending took away, and the 2014 game's.
  CHECK(removed_by_earlier_ending >= 10);
  CHECK(claims_kept_by_2014 >= 1);
}

TEST_CASE("cli trace: the whole sample; its keys and counts agree with `arbiter key`", "[cli]") {
  const Run r = run("trace --rules 2023 sample.pgn", games_dir());
  CHECK(r.status == 0);
  const auto lines = split_lines(r.out);
  CHECK(lines.size() == 1 + 532 + 5);
  CHECK(lines[0] == trace_header);
  const auto rows = trace_rows(r.out);
  CHECK(lines[1] ==
        "1\t0\trnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 "
        "1\t463b96181691fc9c\t1\t0\t0\t0\t0\t0\t0\t0\t0");
  CHECK(rows.at({1, 89})[2] ==
        "4r3/6P1/2p2P1k/1p6/pP2p1R1/P1B5/2P2K2/3r4 b - - 0 45");  // after 45.g7
  CHECK(rows.at({3, 101})[4] == "5");                             // Kasparov - Miles, fivefold
  CHECK(rows.at({3, 101})[7] == "1");
  CHECK(rows.at({3, 94})[5] == "1");  // White may claim on the board
  CHECK(rows.at({4, 92})[4] == "5");  // Riazantsev - Adams, fivefold
  CHECK(rows.at({4, 92})[7] == "1");
  CHECK(rows.at({4, 92})[12] == "29");
  CHECK(rows.at({5, 161})[11] == "1");
  CHECK(rows.count({5, 163}) == 0);
  std::uint64_t fivefold = 0;
  for (const auto& [at, row] : rows) fivefold += row[7] == "1";
  CHECK(
      fivefold ==
      5 + 3 +
          1);  // Zukertort - Steinitz 57-61, Kasparov - Miles 101, 102, 105, Riazantsev - Adams 92

  // `key --moves` along the same game gives the same FIDE keys and counts.
  const Run key = run(std::string("key --fen startpos --moves ") + zukertort_steinitz_uci);
  CHECK(key.status == 0);
  const auto key_lines = split_lines(key.out);
  REQUIRE(key_lines.size() == 85);
  for (int ply = 0; ply <= 84; ++ply) {
    const auto& row = rows.at({2, ply});
    INFO("ply " << ply);
    CHECK(key_lines[std::size_t(ply)].substr(0, 21) == "fide=" + row[3]);
    CHECK(key_lines[std::size_t(ply)].substr(key_lines[std::size_t(ply)].rfind(' ')) ==
          " count=" + row[4]);
  }
}

TEST_CASE(
    "cli trace: a checkmate or stalemate carries no claim and no 75-move flag (Article 5 first)",
    "[cli]") {
  // A flag says what holds in the position under the Laws. Article 5 ends the game at once
  // (checkmate 5.1.1, stalemate 5.2.1, dead position 5.2.2): no claim can be made there and
  // the 75-move rule does not apply (9.6.2, last sentence: a checkmate stands); where a
  // 9.6 draw ends the game, no claim either. Before, the first two positions (from the
  // issue) read checkmate with fifty_claim=1, and checkmate with seventyfive=1.
  auto game = [](const std::string& event, const std::string& fen, const std::string& moves) {
    return "[Event \"" + event + "\"]\n[SetUp \"1\"]\n[FEN \"" + fen + "\"]\n\n" + moves + " *\n\n";
  };
  const TempFile games(
      game("mate, clock 105", "k7/8/NKB5/8/8/8/8/8 b - - 105 176", "") +
      game("mate, clock 150",
           "4Q1k1/ppp2ppp/1b4rr/1n1bp3/1BqPB1N1/2P3n1/PPN2PPP/1KR4R b - - 150 79", "") +
      game("stalemate, clock 150", "k7/8/1Q6/8/8/8/8/K7 b - - 150 100", "") +
      game("dead, clock 150", "k7/8/8/8/8/8/8/K7 w - - 150 100", "") +
      game("75 moves", "k7/8/1K6/2B5/8/8/8/N7 w - - 150 176", "") +
      game("mate on the 150th ply", "k7/8/1K6/8/8/8/8/2R5 w - - 149 100", "100. Rc8#"));
  const Run r = run("trace --trust-fen-clock " + quote(games.path().string()));
  REQUIRE(r.status == 0);
  CHECK(r.err.empty());
  const auto rows = trace_rows(r.out);
  REQUIRE(rows.size() == 7);
  // The flags threefold_claim, fifty_claim, fivefold, seventyfive, checkmate, stalemate, dead.
  auto flags = [&](int game, int ply) {
    const auto& row = rows.at({game, ply});
    std::string f;
    for (std::size_t i = 5; i <= 11; ++i) f += row[i];
    return f;
  };
  CHECK(flags(1, 0) == "0000100");
  CHECK(flags(2, 0) == "0000100");
  CHECK(rows.at({2, 0})[12] == "150");
  CHECK(flags(3, 0) == "0000010");
  CHECK(flags(4, 0) == "0000001");
  CHECK(flags(5, 0) == "0001000");  // the 75-move rule ends the game: no claim
  CHECK(flags(6, 0) == "0100000");  // 149 plies: a fifty-move claim
  CHECK(flags(6, 1) == "0000100");  // mate on the 150th ply stands (E4)
  CHECK(rows.at({6, 1})[12] == "150");
  // The audit rules the same way: each game ends by the Article 5 ending, or by 9.6.2.
  const Run audit = run("audit --json --trust-fen-clock " + quote(games.path().string()));
  REQUIRE(audit.status == 0);
  const auto lines = split_lines(audit.out);
  REQUIRE(lines.size() == 7);
  const char* endings[] = {
      "checkmate", "checkmate", "stalemate", "dead position", "seventy-five-move rule",
      "checkmate"};
  for (std::size_t i = 0; i < 6; ++i) {
    INFO("game " << i + 1);
    CHECK(json::parse(lines[i])["ending"]["termination"] == endings[i]);
  }
}

TEST_CASE("cli claim: rulings on famous games (golden transcript)", "[cli]") {
  const fs::path games = games_dir(), data = cli_data_dir();
  // Zukertort - Steinitz is game 2 of the sample: 21.Qh5+ Kf8 22.Qh8+ Kf7 23.Qh5+ ... ;
  // after 25.Qh5+ (ply 49) the position stands for the third time, 25.Qh5+ from 24...Kf7
  // (ply 48) would make it, 24.Qh8+ (ply 47) gives only a second time, and the fivefold
  // repetition after 29.Qh5+ (ply 57) ends the game. fifty_setup.pgn starts 98 half-moves
  // into a fifty-move count (its FEN's clock, counted with --trust-fen-clock).
  // --rules 2023 forces the edition (the default would judge this 1886 game by 1997's Laws).
  const std::string zs = "claim --pgn sample.pgn --game 2 --rules 2023 ";
  const std::string zs_2009 = "claim --pgn sample.pgn --game 2 --rules 2009 ";
  const std::vector<Case> cases = {
      {games, zs + "--ply 49 --claim threefold", 0},
      {games, zs + "--ply 49 --claim threefold --lang pt", 0},
      {games, zs + "--ply 48 --claim threefold --intended Qh5+", 0},
      {games, zs + "--ply 48 --claim threefold --intended Qh5+ --lang es", 0},
      {games, zs + "--ply 47 --claim threefold", 1},
      {games, zs + "--ply 47 --claim threefold --lang ru", 1},
      {games, zs_2009 + "--ply 47 --claim threefold", 1},
      {games, zs_2009 + "--ply 47 --claim threefold --lang pt", 1},
      {games, zs + "--ply 48 --claim threefold --intended Qh6", 1},
      {games, zs + "--ply 48 --claim threefold --intended Qh6 --lang es", 1},
      {games, zs + "--ply 48 --claim threefold --intended h3h8", 1},
      {games, zs + "--ply 49 --claim threefold --touched", 1},
      {games, zs + "--ply 49 --claim threefold --touched --lang es", 1},
      {games, zs + "--ply 60 --claim threefold", 1},
      {games, zs + "--ply 60 --claim threefold --lang ru", 1},
      {games, zs + "--ply 49 --claim fifty", 1},
      {games, zs + "--ply 49 --claim fifty --lang pt", 1},
      // Riazantsev - Adams: Black claims on the board after 46.Kg1 (ply 91); after
      // 46...Qd1+ (ply 92) the game is over. Kasparov - Miles: after 47...Kf6 (ply 94).
      {games, "claim --pgn sample.pgn --game 4 --rules 2023 --ply 91 --claim threefold", 0},
      {games, "claim --pgn sample.pgn --game 4 --rules 2023 --ply 92 --claim threefold --lang es",
       1},
      {games, "claim --pgn sample.pgn --game 3 --rules 2023 --ply 94 --claim threefold --lang ru",
       0},
      // Navara - Carlsen: no claim once 81.e8=B has made the position dead.
      {games, "claim --pgn sample.pgn --game 5 --rules 2023 --ply 162 --claim fifty", 1},
      // The fifty-move rule, from a set-up position.
      {data, "claim --pgn fifty_setup.pgn --ply 2 --claim fifty --trust-fen-clock", 0},
      {data, "claim --pgn fifty_setup.pgn --ply 2 --claim fifty --trust-fen-clock --lang es", 0},
      {data, "claim --pgn fifty_setup.pgn --ply 1 --claim fifty --intended Ke5 --trust-fen-clock",
       0},
      {data,
       "claim --pgn fifty_setup.pgn --ply 1 --claim fifty --intended Ke5 --trust-fen-clock --lang "
       "ru",
       0},
      {data, "claim --pgn fifty_setup.pgn --ply 1 --claim fifty --trust-fen-clock", 1},
      {data,
       "claim --pgn fifty_setup.pgn --ply 0 --claim fifty --intended Ra3 --trust-fen-clock --lang "
       "pt",
       1},
      {data, "claim --pgn fifty_setup.pgn --ply 2 --claim fifty", 1},
  };
  const std::string text = transcript(cases);
  check_golden("claims.txt", text);
  CHECK(contains(
      text,
      "Correct claim of a draw by threefold repetition (FIDE 2023, Article 9.2.2): the same "
      "position "
      "has just appeared for the third time (after 21.Qh5+, after 23.Qh5+ and after 25.Qh5+)."));
  CHECK(contains(text,
                 "Penalty (FIDE 2009, Article 9.5 b): the arbiter adds 3 minutes to the opponent's "
                 "remaining time"));
  CHECK(contains(text, "Penalty (FIDE 2023, Article 9.5.3): the arbiter adds 2 minutes"));
  CHECK(contains(text,
                 "not admissible: the claimant touched a piece with intent to move it (FIDE 2023, "
                 "Article 9.4)"));
  CHECK(contains(text, "not admissible: the game has already ended"));

  // The same claims with --json: every documented field, consistent with the exit status,
  // and the explanation is the text output.
  for (const Case& c : cases) {
    const Run text_run = run(c.args, c.dir);
    const Run json_run = run(c.args + " --json", c.dir);
    INFO("arbiter " << c.args << " --json\n" << json_run.out);
    CHECK(json_run.status == c.status);
    CHECK(json_run.err.empty());
    CHECK(claim_json_problems(json_run.out, json_run.status) == "");
    const json j = json::parse(json_run.out, nullptr, false);
    REQUIRE(j.is_object());
    CHECK(j.value("explanation", "") + "\n" == text_run.out);
  }
  const json correct = json::parse(run(zs + "--ply 49 --claim threefold --json", games).out);
  CHECK(correct["occurrences"] == json({41, 45, 49}));
  CHECK(correct["occurrence_moves"] == json({"21.Qh5+", "23.Qh5+", "25.Qh5+"}));
  CHECK(correct["article"] == "9.2.2");
  CHECK(correct["claimant"] == "black");
  const json intended =
      json::parse(run(zs + "--ply 48 --claim threefold --intended Qh5+ --json", games).out);
  CHECK(intended["article"] == "9.2.1");
  CHECK(intended["intended"] == "Qh5+");
  CHECK(intended["occurrences"] == json({41, 45, 49}));
  const json wrong = json::parse(run(zs_2009 + "--ply 47 --claim threefold --json", games).out);
  CHECK(wrong["correct"] == false);
  CHECK(wrong["opponent_seconds_added"] == 180);
  CHECK(wrong["penalty_article"] == "9.5 b");
  CHECK(wrong["counts_as_offer"] == true);
  const json must_play =
      json::parse(run(zs + "--ply 48 --claim threefold --intended Qh6 --json", games).out);
  CHECK(must_play["must_play"] == "Qh6");
  CHECK(must_play["opponent_seconds_added"] == 120);
  const json illegal =
      json::parse(run(zs + "--ply 48 --claim threefold --intended h3h8 --json", games).out);
  CHECK(illegal["intended_illegal"] == true);
  CHECK(illegal["must_move_from"] == "h3");  // E1: another move of the rook on h3
  const json over = json::parse(run(zs + "--ply 60 --claim threefold --json", games).out);
  CHECK(over["admissible"] == false);
  CHECK(over["inadmissible"] == "the game has already ended");
  const json fifty = json::parse(
      run("claim --pgn fifty_setup.pgn --ply 2 --claim fifty --trust-fen-clock --json", data).out);
  CHECK(fifty["correct"] == true);
  CHECK(fifty["article"] == "9.3.2");
  CHECK(fifty["halfmoves"] == 100);
}

TEST_CASE("cli claim: Shirov - Carlsen, Bilbao 2010, a correct fifty-move claim (corpus, golden)",
          "[cli]") {
  const fs::path bilbao = corpus_file("pychess_test_bilbao.pgn");
  if (!fs::exists(bilbao)) {
    WARN("the corpus is absent (" << bilbao.string() << "): Shirov - Carlsen skipped");
    return;
  }
  // The last capture is 124...Bxh3 (ply 248); 174...Kf5 (ply 348) completes 100 half-moves.
  const fs::path dir = corpus_dir();
  const std::string game = "claim --pgn pychess_test_bilbao.pgn ";
  const std::vector<Case> cases = {
      {dir, game + "--ply 348 --claim fifty", 0},
      {dir, game + "--ply 348 --claim fifty --lang pt", 0},
      {dir, game + "--ply 347 --claim fifty --intended Kf5", 0},
      {dir, game + "--ply 347 --claim fifty --intended Kf5 --lang ru", 0},
      {dir, game + "--ply 347 --claim fifty", 1},
      {dir, game + "--ply 347 --claim fifty --lang es", 1},
  };
  check_golden("claims_shirov_carlsen.txt", transcript(cases));
  const Run r = run(game + "--ply 348 --claim fifty --json", dir);
  CHECK(claim_json_problems(r.out, r.status) == "");
  const json j = json::parse(r.out);
  CHECK(j["halfmoves"] == 100);
  CHECK(j["last_reset_ply"] == 248);
  CHECK(j["claimant"] == "white");
}

TEST_CASE("cli trace and audit: a set-up position's halfmove clock (golden)", "[cli]") {
  const std::vector<Case> cases = {
      {cli_data_dir(), "trace fifty_setup.pgn", 0},
      {cli_data_dir(), "trace fifty_setup.pgn --trust-fen-clock", 0},
      {cli_data_dir(), "audit --no-progress fifty_setup.pgn", 0},
      {cli_data_dir(), "audit --no-progress fifty_setup.pgn --trust-fen-clock", 0},
      {cli_data_dir(), "audit --no-progress fifty_setup.pgn --trust-fen-clock --detail", 0},
  };
  const std::string text = transcript(cases);
  check_golden("fifty_setup.txt", text);
  CHECK(contains(text,
                 "  After 80.Ra2 (ply 1): Black may claim a draw under the fifty-move rule by "
                 "writing the intended "
                 "move"));
  // Grouped: one window, the written-move ply, then the plies on the board as one line.
  CHECK(contains(text,
                 "  A draw under the fifty-move rule could be claimed from 80.Ra2 to "
                 "81.Ra3 (plies 1-3: 3):\n"
                 "    After 80.Ra2 (ply 1): Black, by writing "));
  CHECK(
      contains(text, "    From 80...Ke5 to 81.Ra3: the player to move, each time on the board\n"));
  CHECK(contains(text, "  How to claim: Fifty-move rule on the board:"));
}

TEST_CASE("cli key, perft and pgn on real games", "[cli]") {
  // key: the keys and counts of every position of Zukertort - Steinitz.
  const Run key = run(std::string("key --fen startpos --moves ") + zukertort_steinitz_uci);
  CHECK(key.status == 0);
  CHECK(key.err.empty());
  check_golden("key_zukertort_steinitz.txt", key.out);
  const auto lines = split_lines(key.out);
  REQUIRE(lines.size() == 85);
  // 21.Qh5+ (ply 41) and every fourth ply after it: counts 1 to 6.
  for (int n = 0; n < 6; ++n)
    CHECK(lines[std::size_t(41 + 4 * n)].substr(lines[std::size_t(41 + 4 * n)].rfind(' ')) ==
          " count=" + std::to_string(n + 1));
  CHECK(lines[62].substr(lines[62].rfind(' ')) == " count=1");  // 31...Ke7

  // perft on positions of the sample's games (counts checked with Stockfish 15.1).
  Run perft =
      run("perft --fen '8/4Pb2/7k/5K2/8/8/8/8 w - - 0 81' --depth 5 --divide");  // before 81.e8=B
  CHECK(perft.status == 0);
  auto out = split_lines(perft.out);
  REQUIRE(out.size() >= 2);
  CHECK(out.back() == "181231");
  for (const char* line : {"e7e8q: 45851", "e7e8r: 30951", "e7e8b: 14496", "e7e8n: 8946"})
    CHECK(std::find(out.begin(), out.end(), line) != out.end());
  perft = run(
      "perft --fen 'r3r3/ppp2kp1/2pb1p2/q2b3Q/5B2/1P5R/P1P2PPP/5RK1 b - - 19 29' --depth 4");  // after
                                                                                               // 29.Qh5+
  CHECK(perft.status == 0);
  out = split_lines(perft.out);
  REQUIRE(out.size() == 2);
  CHECK(out.back() == "348592");

  // pgn: the sample in export format; read back from standard input, the same text.
  const Run pgn = run("pgn sample.pgn", games_dir());
  CHECK(pgn.status == 0);
  CHECK(pgn.err.empty());
  check_golden("pgn_sample.pgn", pgn.out);
  const TempFile exported(pgn.out);
  const Run again = run("pgn - < " + quote(exported.path().string()));
  CHECK(again.status == 0);
  CHECK(first_difference(pgn.out, again.out) == "");
  const TempFile written;
  const Run to_file = run("pgn sample.pgn --out " + quote(written.path().string()), games_dir());
  CHECK(to_file.status == 0);
  CHECK(to_file.out.empty());
  CHECK(first_difference(pgn.out, read_file(written.path())) == "");
  // --out - is standard output, as an input "-" is standard input: no file named "-".
  const arbiter_test::TempDir scratch;
  const Run dash =
      run("pgn " + quote((games_dir() / "sample.pgn").string()) + " --out -", scratch.path);
  CHECK(dash.status == 0);
  CHECK(first_difference(pgn.out, dash.out) == "");
  CHECK(!fs::exists(scratch.path / "-"));
}

// ---- lost output -------------------------------------------------------------------------

// The subcommands `arbiter --help` lists.
std::vector<std::string> listed_commands() {
  const Run help = run("--help");
  REQUIRE(help.status == 0);
  std::vector<std::string> commands;
  bool in_list = false;
  for (const std::string& line : split_lines(help.out)) {
    if (line == "Subcommands:")
      in_list = true;
    else if (in_list && line.size() > 2 && line[0] == ' ' && line[2] != ' ')
      commands.push_back(line.substr(2, line.find(' ', 2) - 2));
  }
  return commands;
}

TEST_CASE("cli: lost output exits 2 with \"cannot write standard output\", for every command",
          "[cli]") {
  // Standard output on /dev/full: every write fails with ENOSPC. A command whose answer
  // is lost has failed, whatever it found (before, all but pgn exited 0).
  if (!fs::exists("/dev/full")) {
    WARN("/dev/full is absent: the lost-output test is skipped");
    return;
  }
  const std::string sample = quote((games_dir() / "sample.pgn").string());
  const std::string lost =
      "arbiter: cannot write standard output: " + std::string(std::strerror(ENOSPC)) + "\n";
  struct Lost {
    std::string command, args;
  };
  const TempFile shard(run("audit --json " + sample).out);  // what summarize reads
  const std::vector<Lost> cases = {
      {"perft", "perft --fen startpos --depth 3"},
      {"perft", "perft --fen startpos --depth 3 --divide"},
      {"fen", "fen --fen startpos"},
      {"fen", "fen --fen 'not a fen'"},  // its answer (the error) is on standard output too
      {"moves", "moves --fen startpos"},
      {"key", "key --fen startpos"},
      {"key", "key --fen startpos --moves e2e4 e7e5"},
      {"pgn", "pgn " + sample},
      {"trace", "trace " + sample},  // more than a buffer: fails while it runs
      {"audit", "audit --no-progress " + sample},
      {"audit", "audit --json " + sample},
      {"claim", "claim --pgn " + sample + " --game 2 --ply 49 --claim threefold"},
      {"claim", "claim --pgn " + sample + " --game 2 --ply 47 --claim threefold --json"},
      {"dead", "dead --fen startpos"},
      {"dead", "dead --json --fen startpos"},
      {"summarize", "summarize " + quote(shard.path().string())},
      {"watch", "watch --once " + sample},  // a watch that cannot write its alerts ends
      {"watch", "watch --once --json " + sample},
      {"--help", "--help"},
      {"--help", "trace --help"},
  };
  std::set<std::string> tested;
  for (const Lost& c : cases) {
    const Run r = run(c.args + " >/dev/full");
    INFO("arbiter " << c.args << " >/dev/full\nstandard error: " << r.err);
    CHECK_FALSE(crashed(r));
    CHECK(r.status == 2);
    CHECK(r.err == lost);
    tested.insert(c.command);
  }
  // Every command the tool lists is among them.
  for (const std::string& command : listed_commands()) {
    INFO("command " << command << " has no lost-output case");
    CHECK(tested.count(command) == 1);
  }
  // pgn --out: the file's name in the message.
  const Run out = run("pgn " + sample + " --out /dev/full");
  CHECK(out.status == 2);
  CHECK(out.err == "arbiter: cannot write /dev/full: " + std::string(std::strerror(ENOSPC)) + "\n");
}

// ---- messages ----------------------------------------------------------------------------

TEST_CASE("cli: every numeric option states its range in words (\"--game must be 1 or more\")",
          "[cli]") {
  // Before, `claim --game 0` printed CLI11's "Value 0 not in range 0.000000 to 17976931348..."
  // (the largest double, 309 digits).
  struct Bad {
    std::string args, message;
  };
  const std::vector<Bad> cases = {
      {"claim --pgn sample.pgn --game 0 --ply 1 --claim threefold", "--game must be 1 or more\n"},
      {"claim --pgn sample.pgn --game x --ply 1 --claim threefold", "--game must be 1 or more\n"},
      {"claim --pgn sample.pgn --game 99999999999 --ply 1 --claim threefold",
       "--game must be at most 2147483647\n"},
      {"claim --pgn sample.pgn --game 2 --ply -1 --claim threefold", "--ply must be 0 or more\n"},
      {"claim --pgn sample.pgn --game 2 --ply 49 --claim threefold --seconds-left -5",
       "--seconds-left must be 0 or more\n"},
      {"perft --fen startpos --depth 21", "--depth must be from 0 to 20\n"},
      {"perft --fen startpos --depth -1", "--depth must be from 0 to 20\n"},
      // Ranges that depend on the file: said in words too.
      {"claim --pgn sample.pgn --game 2 --ply 85 --claim threefold",
       "arbiter: --ply must be from 0 to 84 (game 2 has 84 plies)\n"},
      {"claim --pgn sample.pgn --game 6 --ply 1 --claim threefold",
       "arbiter: sample.pgn: no game 6: --game must be from 1 to 5 (the file has 5 games)\n"},
  };
  for (const Bad& c : cases) {
    const Run r = run(c.args, games_dir());
    INFO("arbiter " << c.args << "\nstandard error: " << r.err);
    CHECK(r.status == 2);
    CHECK(r.err.substr(0, c.message.size()) == c.message);
  }
  // Every numeric option of every command the tool lists, given a value no option takes.
  for (const std::string& command : listed_commands()) {
    for (const std::string& line : split_lines(run(command + " --help").out)) {
      const std::size_t at = line.find("--");
      const std::size_t type = line.find(" INT");
      if (at == std::string::npos || type == std::string::npos || type < at) continue;
      const std::string option = line.substr(at, line.find(' ', at) - at);
      for (const char* value : {"-99999999999999999999999", "1e999", "x"}) {
        const Run r = run(command + " " + option + " " + value);
        INFO("arbiter " << command << " " << option << " " << value
                        << "\nstandard error: " << r.err);
        CHECK(r.status == 2);
        CHECK(r.err.rfind(option + " must be ", 0) == 0);
        CHECK(r.err.find("000000") == std::string::npos);
      }
    }
  }
}

TEST_CASE("cli claim: a written move from an empty square says \"there is no piece on h5\"",
          "[cli]") {
  // Zukertort - Steinitz after 24...Kf7 (ply 48): h5 is empty. Before, the consequence said
  // "the piece of the written move has no legal move".
  const std::string zs =
      "claim --pgn sample.pgn --game 2 --ply 48 --claim threefold --intended h5h8";
  const std::vector<std::pair<std::string, std::string>> languages = {
      {"en", "There is no piece on h5, so any legal move may be made."},
      {"pt", "Não há nenhuma peça em h5, portanto qualquer lance legal pode ser feito."},
      {"es", "No hay ninguna pieza en h5, por lo que puede realizarse cualquier jugada legal."},
      {"ru", "На поле h5 нет фигуры, поэтому можно сделать любой возможный ход."}};
  for (const auto& [lang, sentence] : languages) {
    const Run r = run(zs + " --lang " + lang, games_dir());
    INFO("--lang " << lang << ": " << r.out);
    CHECK(r.status == 1);
    CHECK(contains(r.out, sentence));
    CHECK(!contains(r.out, "has no legal move"));
    const json j = json::parse(run(zs + " --lang " + lang + " --json", games_dir()).out);
    CHECK(j["intended_illegal"] == true);
    CHECK(j["must_move_from"].is_null());
    CHECK(contains(j["explanation"].get<std::string>(), sentence));
  }
}

// ---- bad input ---------------------------------------------------------------------------

TEST_CASE(
    "cli: bad input to every command gives the documented status and a message, never a crash",
    "[cli]") {
  const TempFile junk(binary_junk());
  const TempFile plain("not a folder");
  const std::string sample = quote((games_dir() / "sample.pgn").string());
  const std::string missing = quote((cli_data_dir() / "no_such_file.pgn").string());
  const std::string folder = quote(cli_data_dir().string());
  const std::string zs = "claim --pgn " + sample + " --game 2 ";
  struct Bad {
    std::string args;
    int status;
  };
  const std::vector<Bad> cases = {
      // Files that cannot be read: 2.
      {"audit " + missing, 2},
      {"audit --json " + missing, 2},
      {"trace " + missing, 2},
      {"claim --pgn " + missing + " --ply 1 --claim threefold", 2},
      {"pgn " + missing, 2},
      {"audit " + folder, 2},
      {"trace " + folder, 2},
      {"claim --pgn " + folder + " --ply 1 --claim threefold", 2},
      {"pgn " + folder, 2},
      {"audit " + sample + " " + missing, 2},  // checked before anything is written
      {"audit - - < " + sample, 2},            // standard input only once
      {"pgn " + sample + " --out " + quote((plain.path() / "out.pgn").string()), 2},
      // Invalid FENs: 2, but 1 for `fen` (its answer, on standard output).
      {"perft --fen 'not a fen' --depth 2", 2},
      {"perft --fen '8/8/8/8 w - - 0 1' --depth 1", 2},
      {"perft --fen startpos --depth 21", 2},
      {"moves --fen '8/8/8/8/8/8/8/8 w - - 0 1'", 2},
      {"key --fen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0'", 2},
      {"key --fen startpos --moves e2e4 e7e6 e4e6", 2},  // an illegal move
      {"key --fen startpos --moves e2e4 e7e5 zz", 2},    // an unreadable one
      // Games and plies out of range.
      {zs + "--ply 85 --claim threefold", 2},
      {zs + "--ply -1 --claim threefold", 2},
      {"claim --pgn " + sample + " --game 6 --ply 1 --claim threefold", 2},
      {"claim --pgn " + sample + " --game 0 --ply 1 --claim threefold", 2},
      {"claim --pgn " + sample + " --claim threefold", 2},  // no --ply
      // Unknown editions, languages, time controls, claims; unreadable written moves.
      {"audit --rules 1999", 2},
      {"trace --rules 1999 " + sample, 2},
      {zs + "--ply 49 --claim threefold --rules 1999", 2},
      {"audit --lang de", 2},
      {"audit --json --lang de", 2},
      {"trace --lang de " + sample, 2},
      {zs + "--ply 49 --claim threefold --lang de", 2},
      {"audit --time-control bullet", 2},
      {"trace --time-control bullet " + sample, 2},
      {zs + "--ply 49 --claim threefold --time-control bullet", 2},
      {zs + "--ply 49 --claim perpetual", 2},
      {zs + "--ply 48 --claim threefold --intended Zz9", 2},
      {zs + "--ply 48 --claim threefold --intended Q", 2},
      // Commands.
      {"frobnicate", 2},
      {"", 2},
      {"audit --frobnicate", 2},
      // Binary junk: the game cannot be read.
      {"trace " + quote(junk.path().string()), 1},
      {"pgn " + quote(junk.path().string()), 1},
      {"claim --pgn " + quote(junk.path().string()) + " --ply 0 --claim fifty", 2},
  };
  for (const Bad& c : cases) {
    const Run r = run(c.args);
    INFO("arbiter " << c.args << "\nstatus " << r.status << "\nstandard error: " << r.err);
    CHECK_FALSE(crashed(r));
    CHECK(r.status == c.status);
    if (c.status != 0) CHECK(!r.err.empty());
  }
  // An empty written move is none: the claim is on the board (here incorrect).
  CHECK(run(zs + "--ply 48 --claim threefold --intended ''").status ==
        run(zs + "--ply 48 --claim threefold").status);

  // `fen` answers on standard output.
  const Run fen = run("fen --fen 'xx'");
  CHECK(fen.status == 1);
  CHECK(fen.out.rfind("error: ", 0) == 0);

  // audit reports a game it cannot read in its output, with status 1, and goes on.
  const Run audit = run("audit --no-progress " + quote(junk.path().string()) + " " + sample);
  CHECK_FALSE(crashed(audit));
  CHECK(audit.status == 1);
  CHECK(contains(audit.out, "Game 1: cannot be read: "));
  CHECK(contains(audit.out, "Game 2: Garry Kasparov - Deep Blue (Computer)"));
  CHECK(contains(audit.out, " games: 6 (1 could not be read), plies: 532\n"));
  const Run trace = run("trace " + quote(junk.path().string()) + " " + sample);
  CHECK(trace.status == 1);
  CHECK(split_lines(trace.out).size() == 1 + 532 + 5);
}

TEST_CASE("cli audit --json: a game that cannot be read is an error line", "[cli]") {
  // An ASCII error message; see the next test for other bytes.
  const TempFile bad(
      "[Event \"Bad move\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 e5 2. Qh9 *\n");
  const Run r = run("audit --json " + quote(bad.path().string()) + " sample.pgn", games_dir());
  CHECK(r.status == 1);
  AuditTotals totals;
  CHECK(audit_json_problems(r.out, &totals) == "");
  CHECK(totals.games == 6);
  CHECK(totals.bad_games == 1);
  const json first = json::parse(split_lines(r.out)[0]);
  CHECK(first["game"] == 1);
  CHECK(first["number_in_file"] == 1);
  CHECK(contains(first["error"].get<std::string>(), "line 6"));
}

// Former bugs, kept as regression tests.
TEST_CASE("cli audit --json: bytes that are not UTF-8 in a bad game never crash it", "[cli]") {
  // The reader's error message quotes the bad bytes; JSON output replaces invalid UTF-8.
  const TempFile junk(binary_junk());
  const Run r = run("audit --json " + quote(junk.path().string()));
  INFO("standard error: " << r.err);
  CHECK_FALSE(crashed(r));
  CHECK(r.status == 1);
  CHECK(audit_json_problems(r.out) == "");
}

TEST_CASE("cli claim --json: the claimant after a ply past the end of the game", "[cli]") {
  // After ply 60 of Zukertort - Steinitz White has the move, though the game ended by
  // fivefold repetition at ply 57 (Black to move).
  const json j = json::parse(
      run("claim --json --pgn sample.pgn --game 2 --ply 60 --claim threefold", games_dir()).out);
  CHECK(j["claimant"] == "white");
}

// ---- one verdict per game ------------------------------------------------------------------

// What one command made of the games of one file: the bad ones (their numbers in the
// file), how many games it read, its exit status, and anything in its output out of place.
struct Verdict {
  std::set<std::uint64_t> bad;
  std::uint64_t games = 0;
  int status = 0;
  std::string problems;
};

// The bad games reported on standard error as "LABEL: game N, line L, column C: what".
void read_bad_games(const std::string& err, const std::string& label, Verdict& v) {
  const std::string prefix = label + ": game ";
  for (const std::string& line : split_lines(err))
    if (line.rfind(prefix, 0) == 0) v.bad.insert(std::stoull(line.substr(prefix.size())));
}

Verdict pgn_verdict(const std::string& file) {
  const Run r = run("pgn " + quote(file));
  Verdict v;
  v.status = r.status;
  read_bad_games(r.err, file, v);
  v.games = v.bad.size();
  for (const std::string& line : split_lines(r.out)) v.games += line.rfind("[Event ", 0) == 0;
  return v;
}

Verdict trace_verdict(const std::string& file) {
  // The output can be large (about 100 bytes a position): read as it comes.
  const TempFile err;
  std::set<std::uint64_t> traced;  // games with rows
  Verdict v;
  v.status = arbiter_test::run_command_lines(
      quote(ARBITER_CLI_PATH) + " trace " + quote(file) + " 2>" + quote(err.path().string()),
      [&](const std::string& line) {
        const std::size_t tab = line.find('\t');
        if (tab == std::string::npos || line.compare(0, 5, "game\t") == 0) return;
        if (line.compare(tab, 3, "\t0\t") == 0) traced.insert(std::stoull(line.substr(0, tab)));
      });
  read_bad_games(read_file(err.path()), file, v);
  v.games = traced.size() + v.bad.size();
  for (std::uint64_t n = 1; n <= v.games; ++n)
    if (traced.count(n) == v.bad.count(n))  // each game either traced or bad
      v.problems += "game " + std::to_string(n) + " is traced and bad, or neither\n";
  return v;
}

Verdict audit_verdict(const std::string& file) {
  const Run r = run("audit --json --no-progress " + quote(file));
  Verdict v;
  v.status = r.status;
  for (const std::string& line : split_lines(r.out)) {
    const json j = json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.is_object()) {
      v.problems += "not a JSON object: " + line.substr(0, 200) + "\n";
    } else if (j.contains("summary")) {
      v.games = j.value("games", std::uint64_t(0));
    } else if (j.contains("error")) {
      v.bad.insert(j.value("number_in_file", std::uint64_t(0)));
    }
  }
  return v;
}

std::string describe_set(const std::set<std::uint64_t>& games) {
  // Appended piece by piece: GCC 12 warns falsely (-Wrestrict, GCC bug 105329) on
  // `"literal" + std::string` at -O3 under C++20.
  std::string text = "{";
  for (std::uint64_t g : games) {
    if (text.size() > 1) text += ' ';
    text += std::to_string(g);
  }
  text += '}';
  return text;
}

// Checks that pgn, trace and audit find the same games of `file` bad; returns how many
// games the file has and adds its bad ones to `bad`.
std::uint64_t check_one_verdict(const std::string& file, std::uint64_t& bad) {
  const Verdict pgn = pgn_verdict(file), trace = trace_verdict(file), audit = audit_verdict(file);
  INFO(file << "\nbad games: pgn " << describe_set(pgn.bad) << ", trace " << describe_set(trace.bad)
            << ", audit " << describe_set(audit.bad) << "\ngames: pgn " << pgn.games << ", trace "
            << trace.games << ", audit " << audit.games << "\nexit: pgn " << pgn.status
            << ", trace " << trace.status << ", audit " << audit.status);
  CHECK(trace.problems == "");
  CHECK(audit.problems == "");
  CHECK(pgn.bad == trace.bad);
  CHECK(pgn.bad == audit.bad);
  CHECK(pgn.games == trace.games);
  CHECK(pgn.games == audit.games);
  CHECK(pgn.status == (pgn.bad.empty() ? 0 : 1));
  CHECK(trace.status == pgn.status);
  CHECK(audit.status == pgn.status);
  bad += pgn.bad.size();
  return pgn.games;
}

// Games whose variations cannot be read (issue 14): a variation before any move, an
// illegal move in a variation (at the first and at the second level), variations nested
// deeper than the reader's limit (64); and good games around them.
std::string bad_variation_games() {
  std::string deep = "1. e4 ";
  for (int i = 0; i < 70; ++i) deep += "(1. d4 ";
  deep += std::string(70, ')') + " *";
  const std::string head = "[Event \"?\"]\n[Result \"*\"]\n\n";
  return head + "1. e4 e5 (1... c5 2. Nf3 (2. Nc3 Nc6)) 2. Nf3 *\n\n" +  // good
         head + "1. e4 ((1. d4)) *\n\n" +                                // 2
         head + "1. e4 (1. Qh5) *\n\n" +                                 // 3
         head + "1. e4 e5 (1... c5 2. Nf3 (2. Qh5 Nc6 3. Qxf7+ Kxf7 4. Qh5)) 2. Nf3 *\n\n" +  // 4
         head + deep + "\n\n" +                                                               // 5
         head + "1. d4 d5 *\n";  // good
}

TEST_CASE(
    "cli: one verdict for one file: pgn trace audit and claim all reject a game with a bad "
    "variation",
    "[cli]") {
  // Before, `pgn` reported games 2-5 bad (exit 1) while trace and audit, which skipped
  // variations unread, ruled on their main lines (exit 0).
  const TempFile games(bad_variation_games());
  std::uint64_t bad = 0;
  CHECK(check_one_verdict(games.path().string(), bad) == 6);
  CHECK(bad == 4);
  CHECK(pgn_verdict(games.path().string()).bad == std::set<std::uint64_t>{2, 3, 4, 5});
  // Each message says which variation is bad and where: the place of the fault, then the
  // innermost variation's start, its depth, and the move it is an alternative to. trace
  // and audit report the same messages.
  const std::string file = games.path().string();
  const std::vector<std::string> messages = {
      file +
          ": game 2, line 9, column 8: variation before any move of the line it would vary "
          "(expected a move "
          "before '('), in the variation at line 9, column 7 (depth 1), in place of 1.e4",
      file +
          ": game 3, line 14, column 11: illegal move 'Qh5' (no legal move of that piece), in the "
          "variation at "
          "line 14, column 7 (depth 1), in place of 1.e4",
      file +
          ": game 4, line 19, column 55: illegal move 'Qh5' (no legal move of that piece), in the "
          "variation at "
          "line 19, column 26 (depth 2), in place of 2.Nf3",
      file +
          ": game 5, line 24, column 455: variations nested more than 64 deep, in the variation at "
          "line 24, "
          "column 448 (depth 64), in place of 1.d4"};
  const auto pgn_err = split_lines(run("pgn " + quote(file)).err);
  const auto trace_err = split_lines(run("trace " + quote(file)).err);
  for (const std::string& m : messages) {
    INFO(m);
    CHECK(std::find(pgn_err.begin(), pgn_err.end(), m) != pgn_err.end());
    CHECK(std::find(trace_err.begin(), trace_err.end(), m) != trace_err.end());
  }
  const Run audit = run("audit --no-progress " + quote(file));
  CHECK(contains(audit.out, messages[2]));
  // pgn --no-variations leaves variations out of its output, but still reads and checks them.
  CHECK(run("pgn --no-variations " + quote(games.path().string())).status == 1);
  // claim: the game cannot be read, whatever its main line.
  const Run claim =
      run("claim --pgn " + quote(games.path().string()) + " --game 3 --ply 1 --claim threefold");
  CHECK(claim.status == 2);
  CHECK(
      contains(claim.err, "game 3 cannot be read: game 3, line 14, column 11: illegal move 'Qh5'"));
}

TEST_CASE(
    "cli: pgn trace and audit agree game by game on which games are bad (committed files; fuzz and "
    "real-games corpora)",
    "[cli]") {
  std::vector<std::string> files;
  auto add_folder = [&](const fs::path& folder, bool pgn_only) {
    std::vector<std::string> found;
    for (const fs::directory_entry& e : fs::directory_iterator(folder))
      if (e.is_regular_file() && (!pgn_only || e.path().extension() == ".pgn"))
        found.push_back(e.path().string());
    std::sort(found.begin(), found.end());
    REQUIRE(!found.empty());
    files.insert(files.end(), found.begin(), found.end());
  };
  add_folder(fs::path(ARBITER_TEST_DATA_DIR) / "pgn", true);
  add_folder(fs::path(ARBITER_TEST_DATA_DIR) / "corpus", true);  // committed real games
  add_folder(cli_data_dir(), true);
  add_folder(games_dir(), true);
  add_folder(
      (fs::path(ARBITER_TEST_DATA_DIR) / ".." / "fuzz" / "corpus" / "pgn").lexically_normal(),
      false);
  const TempFile cases(bad_variation_games());
  files.push_back(cases.path().string());
#if defined(NDEBUG)
  if (fs::is_directory(corpus_dir()))
    add_folder(corpus_dir(), true);
  else
    WARN("the real-games corpus is absent (" << corpus_dir().string()
                                             << "): only the committed files are checked");
#else
  WARN(
      "not a Release build (NDEBUG undefined): the real-games corpus is skipped, too slow with "
      "sanitizers");
#endif
  std::uint64_t games = 0, bad = 0;
  for (const std::string& file : files) games += check_one_verdict(file, bad);
  CHECK(bad >= 4);
  WARN("one verdict: " << files.size() << " files, " << games << " games, " << bad << " bad");
}

// ---- the corpus ----------------------------------------------------------------------------

TEST_CASE("cli audit --json: the real-games corpus runs through, its summary adds up", "[cli]") {
  // The committed games always; the shared corpus too in Release builds, where it is present
  // (too slow with sanitizers).
  std::vector<std::string> files = arbiter_test::committed_corpus_files();
  REQUIRE(!files.empty());
#if defined(NDEBUG)
  const std::vector<std::string> shared = arbiter_test::shared_corpus_files();
  files.insert(files.end(), shared.begin(), shared.end());
#else
  const std::vector<std::string> shared;
  WARN("not a Release build (NDEBUG undefined): the corpus audit runs on the committed games only");
#endif
  std::string args = "audit --json";
  for (const std::string& file : files) args += " " + quote(file);
  const auto start = std::chrono::steady_clock::now();
  const Run r = run(args);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  INFO("standard error: " << r.err.substr(0, 2000));
  CHECK_FALSE(crashed(r));
  CHECK((r.status == 0 || r.status == 1));
  AuditTotals totals;
  CHECK(audit_json_problems(r.out, &totals) == "");
  const json summary = json::parse(split_lines(r.out).back(), nullptr, false);
  REQUIRE(summary.is_object());
  CHECK(summary["games"] == split_lines(r.out).size() - 1);
  CHECK(r.status == (totals.bad_games ? 1 : 0));
  if (shared.empty()) {
    CHECK(totals.games == arbiter_test::committed_corpus_games);
    CHECK(totals.bad_games == 0);
    // What the committed games were chosen for (tests/data/corpus/README.md).
    CHECK(totals.findings["threefold_claim"] > 0);
    CHECK(totals.findings["fifty_claim"] > 0);
    CHECK(totals.findings["dead_position"] > 0);
    CHECK(totals.findings["stalemate"] > 0);
    CHECK(totals.findings["checkmate"] > 0);
  } else {
    CHECK(totals.games > 50000);
  }
  WARN("corpus: " << files.size() << " files, " << totals.games << " games (" << totals.bad_games
                  << " unreadable), " << totals.plies << " plies, audited in " << seconds << " s");
}

#else

TEST_CASE("cli rulings: the arbiter tool is not part of this build", "[cli]") {
  WARN("ARBITER_CLI_PATH is not defined (examples not built): command-line ruling tests skipped");
}

#endif
