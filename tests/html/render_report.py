#!/usr/bin/env python3
"""The HTML report drawn by a real browser (issue 12, item 5):

  render_report.py ARBITER

renders `arbiter audit --html` of the bundled sample under the 2023 Laws (its second game
ends by fivefold repetition: a board near the top) in headless Chromium, takes a
screenshot and checks in its pixels that the summary table (its header cells' colour, in
the top of the page) and a board (the two square colours, over a square area at least
200 pixels wide) are drawn. A page of one game with no finding, hence no board, is
rendered too: it must show no board colour, so that the check can fail.
Exit status 77 (CTest's skip) with a message when Chromium is not installed."""

import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from html_check import read_png  # noqa: E402

SKIP = 77
LIGHT, DARK = (0xF0, 0xD9, 0xB5), (0xB5, 0x88, 0x63)  # the squares (audit_html.cpp)
HEADER = (0x2B, 0x57, 0x97)  # the summary table's header cells
WIDTH, HEIGHT = 900, 1800


def browser():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


def screenshot(chromium, page, png, profile):
    command = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
               "--force-device-scale-factor=1", f"--user-data-dir={profile}",
               f"--window-size={WIDTH},{HEIGHT}", f"--screenshot={png}", "file://" + page]
    r = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
    if r.returncode != 0 or not os.path.exists(png):
        raise RuntimeError(f"chromium failed ({r.returncode}): {r.stderr.decode()[-2000:]}")


def colours(png):
    """For each colour looked for: its pixel count and bounding box (x0, y0, x1, y1)."""
    width, height, channels, rows = read_png(png)
    wanted = {LIGHT: "light", DARK: "dark", HEADER: "header"}
    found = {name: [0, width, height, -1, -1] for name in wanted.values()}
    for y, row in enumerate(rows):
        for colour, name in wanted.items():
            pattern = bytes(colour)
            start = row.find(pattern)
            while start != -1:
                if start % channels == 0:
                    x = start // channels
                    f = found[name]
                    f[0] += 1
                    f[1], f[2] = min(f[1], x), min(f[2], y)
                    f[3], f[4] = max(f[3], x), max(f[4], y)
                start = row.find(pattern, start + 1)
    return found


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    arbiter = sys.argv[1]
    chromium = browser()
    if chromium is None:
        print("SKIP: Chromium is not installed (Debian: apt-get install chromium; "
              ".ci/install-deps installs it): the HTML report is not rendered")
        return SKIP
    failures = []
    with tempfile.TemporaryDirectory() as directory:
        report = os.path.join(directory, "sample.html")
        subprocess.run([arbiter, "audit", "--no-progress", "--rules", "2023", "--html", report],
                       stdout=subprocess.DEVNULL, check=True)
        plain_pgn = os.path.join(directory, "plain.pgn")
        with open(plain_pgn, "w") as f:
            f.write('[Event "no finding"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 Nc6 *\n')
        plain = os.path.join(directory, "plain.html")
        subprocess.run([arbiter, "audit", "--no-progress", "--html", plain, plain_pgn],
                       stdout=subprocess.DEVNULL, check=True)
        shots = {}
        for name, page in (("sample", report), ("plain", plain)):
            png = os.path.join(directory, name + ".png")
            screenshot(chromium, page, png, os.path.join(directory, "profile-" + name))
            shots[name] = colours(png)
            print(name, {k: v for k, v in shots[name].items()})

    sample, plain = shots["sample"], shots["plain"]
    header = sample["header"]
    # The summary table: its header column (many rows tall: >= 20000 px; the games'
    # separating rules share its colour) beginning in the top part of the page.
    if header[0] < 20000 or header[2] > HEIGHT // 4:
        failures.append(f"the summary table's header cells are not drawn at the top: {header}")
    # A board: both square colours, many pixels each, over one square area >= 200 px wide.
    light, dark = sample["light"], sample["dark"]
    if light[0] < 10000 or dark[0] < 10000:
        failures.append(f"no board: light squares {light[0]} px, dark squares {dark[0]} px")
    else:
        x0, y0 = min(light[1], dark[1]), min(light[2], dark[2])
        x1, y1 = max(light[3], dark[3]), max(light[4], dark[4])
        w, h = x1 - x0 + 1, y1 - y0 + 1
        if w < 200 or h < 200:
            failures.append(f"the board's squares cover {w}x{h} px, not a board")
        if y0 < header[2] + 200:
            failures.append("a board above the summary table")
    # The control: a page with no board shows no board colour, but its summary table.
    if plain["light"][0] or plain["dark"][0]:
        failures.append(f"board colours in a page without boards: {plain}")
    if plain["header"][0] < 20000:
        failures.append(f"no summary table in the page without boards: {plain['header']}")
    for f in failures:
        print("FAIL:", f)
    if failures:
        return 1
    print("the summary table and the boards are drawn")
    return 0


if __name__ == "__main__":
    sys.exit(main())
