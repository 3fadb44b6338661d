#include "audit_html.hpp"

#include <iterator>

#include <fmt/core.h>

#include <arbiter/explain.hpp>

#include "audit_text.hpp"

namespace arbiter_cli {
namespace {

using Ply = arbiter::GameRecord::Ply;

// The page's styles: the board's two square colours and the summary's header colour are
// the ones the rendering test looks for in a screenshot (tests/html/).
constexpr const char* page_style =
    "body{font-family:sans-serif;margin:1.5em;max-width:60em;color:#222}"
    "table.summary{border-collapse:collapse;margin-bottom:1em}"
    "table.summary caption{font-weight:bold;text-align:left;padding:.3em 0}"
    "table.summary th,table.summary td{border:1px solid #2b5797;padding:.25em .6em;"
    "text-align:left}"
    "table.summary th{background:#2b5797;color:#fff;font-weight:normal}"
    "section.game{border-top:2px solid #2b5797;margin-top:1.5em}"
    "h2{font-size:1.1em}"
    ".verdict{font-weight:bold}"
    ".warning{color:#b00020;font-weight:bold}"
    "figure.board{display:inline-block;margin:.5em 1em .5em 0;vertical-align:top}"
    "figure.board figcaption{font-size:.8em;max-width:240px;word-break:break-all}"
    "p.moves{line-height:1.6}"
    "mark{background:#ffe08a;padding:0 .15em}"
    "mark.ending{background:#f4a6a6}"
    "ul.window{margin-top:0}";

constexpr const char* language_code[arbiter::language_count] = {"en", "pt", "es", "ru"};

// Appends `<tag class="cls">text</tag>` with `text` escaped.
void element(std::string& out, const char* tag, const char* cls, std::string_view text) {
  fmt::format_to(std::back_inserter(out), "<{} class=\"{}\">", tag, cls);
  append_html_escaped(out, text);
  fmt::format_to(std::back_inserter(out), "</{}>\n", tag);
}

// The link to a ply's mark in the moves of game `number`.
void ply_link(std::string& out, std::uint64_t number, Ply ply, std::string_view text) {
  fmt::format_to(std::back_inserter(out), "<a href=\"#g{}-p{}\">", number, ply);
  append_html_escaped(out, text);
  out += "</a>";
}

}  // namespace

void append_html_escaped(std::string& out, std::string_view text) {
  for (const char c : text) switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
}

void append_board_svg(std::string& out, const arbiter::Position& pos, arbiter::Language lang) {
  // Squares of one unit, rank 8 at the top; the dark squares (a1 is dark) as one path over
  // the light background, the file and rank labels in the margin below and left.
  out +=
      "<figure class=\"board\"><svg xmlns=\"http://www.w3.org/2000/svg\" width=\"240\" "
      "height=\"240\" viewBox=\"-0.4 0 8.4 8.4\" role=\"img\">"
      "<rect x=\"0\" y=\"0\" width=\"8\" height=\"8\" fill=\"#f0d9b5\"/><path fill=\"#b58863\" "
      "d=\"";
  for (int row = 0; row < 8; ++row)
    for (int col = (row + 1) % 2; col < 8; col += 2)
      fmt::format_to(std::back_inserter(out), "M{} {}h1v1h-1z", col, row);
  out += "\"/><g font-size=\"0.3\" fill=\"#555\" text-anchor=\"middle\">";
  for (int i = 0; i < 8; ++i)
    fmt::format_to(std::back_inserter(out), "<text x=\"{}.5\" y=\"8.32\">{}</text>", i,
                   char('a' + i));
  for (int i = 0; i < 8; ++i)
    fmt::format_to(std::back_inserter(out), "<text x=\"-0.2\" y=\"{}.6\">{}</text>", 7 - i, i + 1);
  // The pieces: the solid figurines for both sides (filled white or black, outlined), with
  // U+FE0E so that no font draws them as emoji.
  out +=
      "</g><g font-size=\"0.85\" text-anchor=\"middle\" stroke=\"#000\" stroke-width=\"0.02\" "
      "font-family=\"'DejaVu Sans','Noto Sans Symbols2','Segoe UI Symbol',serif\">";
  static constexpr const char* glyph[] = {"\xE2\x99\x9F\xEF\xB8\x8E",   // ♟ pawn
                                          "\xE2\x99\x9E\xEF\xB8\x8E",   // ♞ knight
                                          "\xE2\x99\x9D\xEF\xB8\x8E",   // ♝ bishop
                                          "\xE2\x99\x9C\xEF\xB8\x8E",   // ♜ rook
                                          "\xE2\x99\x9B\xEF\xB8\x8E",   // ♛ queen
                                          "\xE2\x99\x9A\xEF\xB8\x8E"};  // ♚ king
  for (int sq = 0; sq < 64; ++sq) {
    const arbiter::Piece p = pos.piece_on(arbiter::Square(sq));
    if (p == arbiter::Piece::None) continue;
    const int type = arbiter::index(arbiter::type_of(p));
    fmt::format_to(std::back_inserter(out), "<text x=\"{}.5\" y=\"{}.8\" fill=\"{}\">{}</text>",
                   sq % 8, 7 - sq / 8,
                   arbiter::color_of(p) == arbiter::Color::White ? "#fff" : "#000", glyph[type]);
  }
  out += "</g></svg><figcaption>";
  append_html_escaped(out, say(pos.side_to_move() == arbiter::Color::White ? AuditText::WhiteToMove
                                                                           : AuditText::BlackToMove,
                               lang));
  out += "<br>FEN: ";
  append_html_escaped(out, arbiter::to_fen(pos));
  out += "</figcaption></figure>\n";
}

void append_game_html(std::string& out, std::uint64_t number, const GameReport& report,
                      const arbiter::GameAudit& audit, const arbiter::GameRecord& record,
                      arbiter::Language lang, const char* (*finding_name)(arbiter::Termination)) {
  fmt::format_to(std::back_inserter(out),
                 "<section class=\"game\" id=\"game-{}\" data-game=\"{}\">\n", number, number);
  element(out, "h2", "heading", report.heading);
  element(out, "p", "laws", report.laws);
  if (!report.verdict.empty()) element(out, "p", "verdict", report.verdict);
  for (const GameReport::Paragraph& p : report.paragraphs) {
    fmt::format_to(std::back_inserter(out),
                   "<p class=\"finding\" data-ply=\"{}\" data-kind=\"{}\">", p.ply,
                   finding_name(p.kind));
    ply_link(out, number, p.ply, p.where);
    out += ": ";
    append_html_escaped(out, p.text);
    out += "</p>\n";
    // A board at each automatic ending (5.1.1, 5.2.1, 5.2.2, 9.6).
    const bool claim = p.kind == arbiter::Termination::ThreefoldClaim ||
                       p.kind == arbiter::Termination::FiftyMoveClaim;
    if (!claim) append_board_svg(out, record.position(p.ply), lang);
  }
  if (!report.played_on.empty()) element(out, "p", "warning", report.played_on);
  if (!report.disagrees.empty()) {
    element(out, "p", "warning", report.disagrees);
    // The board of a wrong result that no automatic ending drew: the game's last position.
    if (audit.ending == arbiter::Termination::None) append_board_svg(out, record.position(), lang);
  }
  if (!report.undecided.empty()) element(out, "p", "undecided", report.undecided);
  for (const GameReport::Window& w : report.windows) {
    fmt::format_to(std::back_inserter(out),
                   "<div class=\"window\" data-kind=\"{}\" data-ply=\"{}\">\n",
                   finding_name(w.kind), w.first_ply);
    element(out, "p", "window-heading", w.heading);
    append_board_svg(out, record.position(w.first_ply), lang);
    out += "<ul class=\"window\">\n";
    for (const GameReport::Entry& e : w.entries) {
      fmt::format_to(std::back_inserter(out), "<li data-ply=\"{}\">", e.ply);
      if (e.where.empty()) {
        ply_link(out, number, e.ply, e.text);
      } else {
        ply_link(out, number, e.ply, e.where);
        out += ": ";
        append_html_escaped(out, e.text);
      }
      out += "</li>\n";
    }
    out += "</ul></div>\n";
  }
  if (!report.how_to_claim.empty()) element(out, "p", "procedure", report.how_to_claim);
  if (!report.nothing.empty()) element(out, "p", "nothing", report.nothing);

  // The moves, every finding's ply marked (with its kinds) and every ply of a finding's run
  // highlighted; the ending's marks in the ending's colour.
  const Ply plies = record.ply();
  std::vector<std::uint16_t> kinds(std::size_t(plies) + 1, 0);  // bit k: a finding of kind k
  std::vector<bool> covered(std::size_t(plies) + 1, false);
  static_assert(arbiter::termination_count <= 16, "the kinds of a ply fit in 16 bits");
  for (const arbiter::Finding& f : audit.findings) {
    if (f.ply > plies) continue;
    kinds[f.ply] = std::uint16_t(kinds[f.ply] | (1u << int(f.kind)));
    for (Ply p = f.ply; p <= f.until_ply && p <= plies; ++p) covered[p] = true;
  }
  element(out, "h3", "moves-heading", say(AuditText::HtmlMoves, lang));
  out += "<p class=\"moves\">";
  const arbiter::SanLanguage notation = arbiter::san_language(lang);
  for (Ply ply = 0; ply <= plies; ++ply) {
    std::string text;
    if (ply == 0) {
      if (!covered[0]) continue;  // the start is shown only when a finding is there
      text = say(AuditText::AtStart, lang);
    } else {
      const arbiter::Position& before = record.position(ply - 1);
      if (before.side_to_move() == arbiter::Color::White)
        text = fmt::format("{}.", record.move_number(ply));
      else if (ply == 1)
        text = fmt::format("{}...", record.move_number(ply));
      text += arbiter::to_san(before, record.move(ply), notation);
    }
    if (!covered[ply]) {
      out += text;
      out += ' ';
      continue;
    }
    const bool ending = audit.ending != arbiter::Termination::None && ply == audit.end_ply;
    fmt::format_to(std::back_inserter(out), "<mark id=\"g{}-p{}\"{}", number, ply,
                   ending ? " class=\"ending\"" : "");
    if (kinds[ply]) {
      out += " data-kinds=\"";
      bool first = true;
      for (int k = 0; k < arbiter::termination_count; ++k)
        if (kinds[ply] & (1u << k)) {
          if (!first) out += ' ';
          first = false;
          out += finding_name(arbiter::Termination(k));
        }
      out += '"';
    }
    out += '>';
    out += text;
    out += "</mark> ";
  }
  out += "</p>\n</section>\n";
}

void append_bad_game_html(std::string& out, std::uint64_t number, const std::string& message) {
  fmt::format_to(std::back_inserter(out),
                 "<section class=\"game bad\" id=\"game-{}\" data-game=\"{}\">\n", number, number);
  element(out, "p", "warning", message);
  out += "</section>\n";
}

std::string html_page_start(const HtmlSummary& summary, arbiter::Language lang) {
  std::string out = "<!DOCTYPE html>\n<html lang=\"";
  out += language_code[int(lang)];
  out += "\">\n<head>\n<meta charset=\"utf-8\">\n<title>";
  append_html_escaped(out, say(AuditText::HtmlTitle, lang));
  out += "</title>\n<style>";
  out += page_style;
  out += "</style>\n</head>\n<body>\n";
  element(out, "h1", "title", say(AuditText::HtmlTitle, lang));
  out += "<table class=\"summary\">\n<caption>";
  append_html_escaped(out, summary.caption);
  out += "</caption>\n";
  for (const auto& [label, value] : summary.rows) {
    out += "<tr><th scope=\"row\">";
    append_html_escaped(out, label);
    out += "</th><td>";
    append_html_escaped(out, value);
    out += "</td></tr>\n";
  }
  out += "</table>\n";
  element(out, "h2", "disagreeing-heading", say(AuditText::HtmlDisagreeing, lang));
  if (summary.disagreeing.empty()) {
    element(out, "p", "nothing", say(AuditText::HtmlNone, lang));
  } else {
    out += "<ul class=\"disagreeing\">\n";
    for (const auto& [number, text] : summary.disagreeing) {
      fmt::format_to(std::back_inserter(out), "<li><a href=\"#game-{}\">", number);
      append_html_escaped(out, text);
      out += "</a></li>\n";
    }
    out += "</ul>\n";
  }
  return out;
}

std::string html_page_end() { return "</body>\n</html>\n"; }

}  // namespace arbiter_cli
