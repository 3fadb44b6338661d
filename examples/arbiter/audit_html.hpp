#pragma once
// The audit's HTML report (arbiter audit --html FILE): one self-contained page, no external
// asset (styles inline, boards drawn as inline SVG, pieces as Unicode figurines), in the
// chosen language: a summary table of the tournament, then per game its verdict, its
// findings, a board at each automatic ending, each wrong result and the start of each
// claim window, and its moves with every finding's plies highlighted and linked.
//
// Every finding is marked in the moves as <mark id="g{game}-p{ply}" data-kinds="...">
// (the kinds by their JSON names), so that a reader or a test finds each finding of the
// JSON output in the page. Every PGN-derived string is escaped (tags are untrusted input).

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <arbiter/arbiter.hpp>

#include "audit_report.hpp"

namespace arbiter_cli {

/// Appends `text` with the five characters that HTML gives a meaning (& < > " ') escaped,
/// for element content and quoted attribute values alike.
void append_html_escaped(std::string& out, std::string_view text);

/// Appends a board diagram of `pos` as inline SVG (rank 8 at the top), with its side to
/// move and FEN below, in `lang`.
void append_board_svg(std::string& out, const arbiter::Position& pos, arbiter::Language lang);

/// Appends one game's section: `report` laid out, boards where the report has findings
/// that end the game, windows' first plies and a wrong result, then the moves.
/// `finding_name` gives a Termination's JSON name (the data-kinds of the marks).
void append_game_html(std::string& out, std::uint64_t number, const GameReport& report,
                      const arbiter::GameAudit& audit, const arbiter::GameRecord& record,
                      arbiter::Language lang, const char* (*finding_name)(arbiter::Termination));

/// Appends a game that could not be read: its number and the error.
void append_bad_game_html(std::string& out, std::uint64_t number, const std::string& message);

/// The summary table of the report: rows of (label, value), and the games whose recorded
/// result disagrees with the Laws (each a link to its game).
struct HtmlSummary {
  std::string caption;                                             ///< the summary's heading
  std::vector<std::pair<std::string, std::string>> rows;           ///< label, value
  std::vector<std::pair<std::uint64_t, std::string>> disagreeing;  ///< game, what disagrees
};

/// The page's beginning up to and including the summary.
std::string html_page_start(const HtmlSummary& summary, arbiter::Language lang);

/// The page's end.
std::string html_page_end();

}  // namespace arbiter_cli
