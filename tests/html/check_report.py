#!/usr/bin/env python3
"""The HTML report of `arbiter audit --html` (issue 12, item 5), checked without a browser:

  check_report.py ARBITER [PGN...]

- the page of the bundled sample (by date and under 2023, in en/pt/es/ru, with --detail)
  and of each PGN given parses strictly (html_check.parse_strictly: every element closed
  in order, no block inside a paragraph, no duplicated id): no error at all;
- every finding of the JSON output (game, ply, kind) is in the page: the moves' mark
  id="g{game}-p{ply}" whose data-kinds names the kind, in the game's section; every game
  (bad ones too) has its section;
- standard output is what it is without --html (the text report, or the JSON lines); a
  page that cannot be written is exit status 2, the file named;
- the PGN's tags are escaped: a game whose tags hold markup shows it as text;
- a page in pt, es or ru has no English word and no move in English letters left.
Exit status 0 if all holds, 1 with the failures listed."""

import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from html_check import parse_strictly  # noqa: E402

failures = []


def fail(message):
    failures.append(message)
    print("FAIL:", message)


def run(arbiter, args):
    r = subprocess.run([arbiter] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    return r.returncode, r.stdout.decode("utf-8", "replace"), r.stderr.decode("utf-8", "replace")


def audit_html(arbiter, args, directory, name):
    """The page written by `audit --html` with `args`, the exit status and standard output."""
    path = os.path.join(directory, name)
    status, out, err = run(arbiter, ["audit", "--no-progress", "--html", path] + args)
    with open(path, encoding="utf-8") as f:
        return f.read(), status, out, err


def check_page(label, page):
    parser = parse_strictly(page)
    for e in parser.errors[:20]:
        fail(f"{label}: {e}")
    return parser


def check_findings(label, parser, json_lines):
    """Every finding of the JSON output is marked in the page, in its game's section."""
    games = 0
    for line in json_lines:
        j = json.loads(line)
        if j.get("summary"):
            continue
        games += 1
        game = j["game"]
        if f"game-{game}" not in parser.ids:
            fail(f"{label}: no section game-{game}")
        for f in j.get("findings", []):
            mark = parser.ids.get(f"g{game}-p{f['ply']}")
            if mark is None:
                fail(f"{label}: game {game}: no mark for the {f['kind']} finding at ply {f['ply']}")
            elif f["kind"] not in mark[1].get("data-kinds", "").split():
                fail(f"{label}: game {game} ply {f['ply']}: data-kinds {mark[1].get('data-kinds')!r}"
                     f" lacks {f['kind']}")
    return games


# The words of the tool's English, as whole words, and moves in English piece letters
# (R is the Portuguese and Spanish king): none may stay in a page in another language.
ENGLISH_WORDS = re.compile(
    r"\b(Game|After|Verdict|Laws|White|Black|move|moves|Moves|ply|plies|Plies|claim|draw|"
    r"threefold|fifty|dead|Summary|checkmate|played|the|How|could|writing|board|result|"
    r"results|games|Games|Audit|None|Nothing|disagrees)\b")
ENGLISH_SAN = re.compile(r"(^|[ .(])[KQN]x?[a-h][1-8]")


def english_left(parser):
    found = []
    for text, stack in parser.texts:
        if any(tag in ("style", "svg") for tag, _ in stack):
            continue
        if any(tag == "figcaption" for tag, _ in stack) and text.startswith("FEN: "):
            continue  # the FEN is the game's, as written
        # A game's heading quotes its tags as the PGN has them: only the words after the
        # last tag are the report's.
        own = text[text.rfind("), "):] if " (" in text and "), " in text else text
        if ENGLISH_WORDS.search(own) or ENGLISH_SAN.search(own):
            found.append(text.strip()[:120])
    return found


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    arbiter, extra = sys.argv[1], sys.argv[2:]
    with tempfile.TemporaryDirectory() as directory:
        # The bundled sample, by date and under 2023, in every language, grouped and --detail.
        pages = 0
        for rules in ("auto", "2023"):
            for lang in ("en", "pt", "es", "ru"):
                for detail in ([], ["--detail"]):
                    args = ["--rules", rules, "--lang", lang] + detail
                    label = "sample " + " ".join(args)
                    page, status, out, _ = audit_html(arbiter, args, directory, "sample.html")
                    pages += 1
                    if status != 0:
                        fail(f"{label}: exit status {status}")
                    parser = check_page(label, page)
                    plain_status, plain, _ = run(arbiter, ["audit", "--no-progress"] + args)
                    if out != plain or status != plain_status:
                        fail(f"{label}: standard output differs from the run without --html")
                    _, jsonl, _ = run(arbiter, ["audit", "--json", "--rules", rules])
                    if check_findings(label, parser, jsonl.splitlines()) != 5:
                        fail(f"{label}: not the sample's 5 games")
                    if lang != "en":
                        for text in english_left(parser)[:10]:
                            fail(f"{label}: English left: {text!r}")
                    elif len(english_left(parser)) < 10:
                        fail(f"{label}: the English check finds no English in the English page")
                    if 'id="g2-p57"' not in page and rules == "2023":
                        fail(f"{label}: the fivefold repetition at 29.Qh5+ (ply 57) not marked")

        # --json: standard output is the JSON lines it is without --html.
        _, _, out, _ = audit_html(arbiter, ["--json", "--rules", "2023"], directory, "json.html")
        if out != run(arbiter, ["audit", "--json", "--rules", "2023"])[1]:
            fail("--json: standard output differs from the run without --html")
        # A page that cannot be written: exit status 2, the file named, nothing audited.
        unwritable = os.path.join(directory, "no such folder", "page.html")
        status, out, err = run(arbiter, ["audit", "--no-progress", "--html", unwritable])
        if status != 2 or unwritable not in err or out:
            fail(f"--html to an unwritable file: exit {status}, error {err!r}")

        # Untrusted tags: markup in them is shown as text, never read as markup.
        hostile = os.path.join(directory, "hostile.pgn")
        with open(hostile, "w", encoding="utf-8") as f:
            f.write('[Event "<script>alert(1)</script>"]\n[White "A & B <b>"]\n'
                    '[Black "O\'Neil \\"Q\\""]\n[Date "2024.01.01"]\n[Result "1-0"]\n\n'
                    "1. f3 e5 2. g4 Qh4# 1-0\n")
        page, status, out, _ = audit_html(arbiter, ["--json", hostile], directory, "hostile.html")
        parser = check_page("hostile tags", page)
        if "<script" in page or "<b>" in page:
            fail("hostile tags: markup of the tags is in the page unescaped")
        if "&lt;script&gt;alert(1)&lt;/script&gt;" not in page or "A &amp; B &lt;b&gt;" not in page:
            fail("hostile tags: the tags are not shown escaped")
        if not any(t == "svg" for t, _, _ in parser.elements):
            fail("hostile tags: no board at the checkmate")
        if check_findings("hostile tags", parser, out.splitlines()) != 1:
            fail("hostile tags: the game is missing")

        # The given PGN files (JSON on standard output, the page beside it).
        for path in extra:
            label = os.path.basename(path)
            page, status, out, _ = audit_html(arbiter, ["--json", path], directory, "file.html")
            if status not in (0, 1):
                fail(f"{label}: exit status {status}")
            parser = check_page(label, page)
            games = check_findings(label, parser, out.splitlines())
            bad = sum(1 for line in out.splitlines() if '"error"' in line)
            print(f"{label}: {games} games ({bad} bad), {len(parser.ids)} ids, {len(page)} bytes")
        print(f"checked {pages} pages of the sample, the hostile tags and {len(extra)} files")
    if failures:
        print(f"{len(failures)} failures")
        return 1
    print("all good")
    return 0


if __name__ == "__main__":
    sys.exit(main())
