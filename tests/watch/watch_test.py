#!/usr/bin/env python3
"""arbiter watch, followed live: a script plays games into a PGN file move by move, as a
broadcast relay does, while `arbiter watch --json` runs on it, and checks the alerts, their
order, that none is repeated and that none comes before its move was written.

Also: the file read half-written (a move cut short, a tag not closed), truncated and
written again, replaced by another tournament's file, and the watch ended by SIGTERM and
by SIGINT (exit status 0, every alert written).

usage: watch_test.py ARBITER_BINARY
"""

import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time

ARBITER = sys.argv[1]
INTERVAL = "0.05"
WAIT = 60.0  # seconds an expected alert may take on a loaded machine

failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print("FAIL:", what, flush=True)


def tags(event, white, black, round_="1", result="*"):
    return (f'[Event "{event}"]\n[Site "Live"]\n[Date "2026.12.01"]\n[Round "{round_}"]\n'
            f'[White "{white}"]\n[Black "{black}"]\n[Result "{result}"]\n\n')


# Knights out and back: the start position occurs at plies 0, 4, 8, 12 and 16. Black can
# claim threefold repetition at ply 7 by writing 4...Ng8 (9.2.1 a) and the claim stays open
# at every ply after; the fifth occurrence at ply 16 ends the game (9.6.1); 9.e4 is void.
SHUFFLE = ["Nf3", "Nf6", "Ng1", "Ng8"] * 4 + ["e4"]
SHUFFLE_ALERTS = [
    (7, "threefold_claim", "rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 7 4"),
    (16, "fivefold", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 16 9"),
    (17, "played_on", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 9"),
]
FOOL = ["f3", "e5", "g4", "Qh4#"]
FOOL_ALERTS = [(4, "checkmate", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")]


def movetext(moves):
    out = []
    for i, m in enumerate(moves):
        if i % 2 == 0:
            out.append(f"{i // 2 + 1}.")
        out.append(m)
    return " ".join(out)


def game(event, white, black, moves, result="*", round_="1"):
    text = movetext(moves)
    return tags(event, white, black, round_, result) + (text + " " if text else "") + result + "\n\n"


def write(path, text):
    # In place, as a relay that rewrites its file: a reader may see it half-written.
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


class Watch:
    """`arbiter watch --json` running on a file, its alerts collected as they come."""

    def __init__(self, path, *extra):
        self.proc = subprocess.Popen([ARBITER, "watch", path, "--json", "--interval", INTERVAL,
                                      *extra], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True)
        self.alerts = []
        self.lock = threading.Condition()
        self.stderr = ""
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        self.err_reader = threading.Thread(target=self._read_err, daemon=True)
        self.err_reader.start()

    def _read(self):
        for line in self.proc.stdout:
            with self.lock:
                self.alerts.append(json.loads(line))
                self.lock.notify_all()

    def _read_err(self):
        self.stderr = self.proc.stderr.read()

    def wait_for(self, count):
        """Waits until `count` alerts have come; False on timeout."""
        deadline = time.time() + WAIT
        with self.lock:
            while len(self.alerts) < count:
                left = deadline - time.time()
                if left <= 0:
                    return False
                self.lock.wait(left)
        return True

    def stop(self, sig=signal.SIGTERM):
        self.proc.send_signal(sig)
        try:
            status = self.proc.wait(timeout=WAIT)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            status = None
        self.reader.join(timeout=WAIT)
        self.err_reader.join(timeout=WAIT)
        return status


def triples(alerts):
    return [(a["ply"], a["alert"], a["fen"]) for a in alerts]


def live_game(tmp):
    path = os.path.join(tmp, "live.pgn")
    write(path, tags("Live Open", "Alpha", "Beta"))  # the round starts: tags, no move yet
    w = Watch(path)
    expected = [(p, k, f) for p, k, f in SHUFFLE_ALERTS]
    done = 0
    for ply in range(1, len(SHUFFLE) + 1):
        text = game("Live Open", "Alpha", "Beta", SHUFFLE[:ply])
        if ply in (3, 7):
            # Half-written: the next move cut short after its piece letter, no result yet.
            text = tags("Live Open", "Alpha", "Beta") + movetext(SHUFFLE[:ply]) + " N"
        due = [e for e in expected if e[0] == ply]
        with w.lock:
            before = len(w.alerts)
        check(before == done, f"no alert before ply {ply} is written (got {triples(w.alerts)})")
        write(path, text)
        if due:
            done += len(due)
            check(w.wait_for(done), f"the alert of ply {ply} comes (got {triples(w.alerts)})")
        else:
            time.sleep(0.12)
    # The result written at last, and a second game that starts half-written (a tag not
    # closed, then a castling cut to O-O): nothing to report, no error.
    final = game("Live Open", "Alpha", "Beta", SHUFFLE, "1/2-1/2")
    write(path, final + '[Event "Live Op')
    time.sleep(0.3)
    second = ["d4", "d5", "Nc3", "Nc6", "Bf4", "Bf5", "Qd2", "Qd7"]
    write(path, final + game("Live Open", "Gamma", "Delta", second, "*", "1").rstrip()
          [: -len("*")] + "5. O-O")
    time.sleep(0.3)
    # The second game completed with its own ending (fool's mate tags, new players).
    full = final + game("Live Open", "Gamma", "Delta", second + ["O-O-O", "O-O-O"], "*") + \
        game("Live Open", "Eps", "Zeta", FOOL, "0-1", "2")
    write(path, full)
    done += 1
    check(w.wait_for(done), f"the checkmate of the third game comes (got {triples(w.alerts)})")
    # Truncated in the middle of the first game's moves, then written again whole.
    write(path, full[: full.index("5. Nf3") + 4])
    time.sleep(0.3)
    write(path, full)
    time.sleep(0.3)
    # A different tournament replaces the file (renamed over it): the same moves are other
    # games, whose alerts come again.
    other = os.path.join(tmp, "other.pgn")
    write(other, game("Other Cup", "Alpha", "Beta", SHUFFLE, "1/2-1/2"))
    os.replace(other, path)
    done += len(SHUFFLE_ALERTS)
    check(w.wait_for(done), f"the replaced file's alerts come (got {triples(w.alerts)})")
    time.sleep(0.3)
    status = w.stop(signal.SIGTERM)
    check(status == 0, f"SIGTERM ends the watch with exit status 0 (got {status})")
    check(w.stderr == "", f"nothing on standard error (got {w.stderr!r})")

    got = triples(w.alerts)
    want = SHUFFLE_ALERTS + [(p, k, f) for p, k, f in FOOL_ALERTS] + SHUFFLE_ALERTS
    check(got == want, f"alerts in order, each once:\n  got  {got}\n  want {want}")
    events = [a["event"] for a in w.alerts]
    check(events == ["Live Open"] * 4 + ["Other Cup"] * 3, f"each alert names its game ({events})")
    first = w.alerts[0] if w.alerts else {}
    check(first.get("claimant") == "black" and first.get("intended") == ["Ng8"] and
          first.get("on_board") is False and first.get("article") == "9.2.1",
          f"the threefold alert says who claims and how ({first})")
    if len(w.alerts) > 2:
        check(w.alerts[2].get("ending") == "fivefold" and w.alerts[2].get("end_ply") == 16,
              f"play past the end names the ending ({w.alerts[2]})")
        check(w.alerts[3].get("white") == "Eps" and w.alerts[3].get("game") == 3,
              f"the checkmate names the third game of the file ({w.alerts[3]})")


def once_and_errors(tmp):
    path = os.path.join(tmp, "once.pgn")
    # A bad game before a good one is an error of the file: reported once, exit status 1.
    bad = tags("Cup", "A", "B") + "1. e4 e5 2. Ke3 *\n\n"
    write(path, bad + game("Cup", "C", "D", FOOL, "0-1"))
    r = subprocess.run([ARBITER, "watch", path, "--once"], capture_output=True, text=True,
                       timeout=WAIT)
    check(r.returncode == 1, f"--once with a bad game: exit status 1 (got {r.returncode})")
    check(r.stderr.count("Ke3") == 1 and "game 1" in r.stderr,
          f"the bad game named once on standard error ({r.stderr!r})")
    check(r.stdout.count("\n") == 1 and "checkmate" in r.stdout and "2...Qh4#" in r.stdout,
          f"the good game's checkmate in text ({r.stdout!r})")
    # The same bad game last in the file may be half-written: not reported, exit status 0.
    write(path, game("Cup", "C", "D", FOOL, "0-1") + bad)
    r = subprocess.run([ARBITER, "watch", path, "--once", "--lang", "pt"], capture_output=True,
                       text=True, timeout=WAIT)
    check(r.returncode == 0 and r.stderr == "",
          f"a bad last game is not an error yet ({r.returncode}, {r.stderr!r})")
    check("partida 1" in r.stdout and "xeque-mate" in r.stdout and "2...Dh4#" in r.stdout,
          f"--lang pt: the alert in Portuguese, the move in Portuguese letters ({r.stdout!r})")
    # Usage errors: exit status 2.
    for args in (["watch", os.path.join(tmp, "missing.pgn")],
                 ["watch", path, "--interval", "0"], ["watch", path, "--interval", "x"],
                 ["watch", "-"]):
        r = subprocess.run([ARBITER, *args], capture_output=True, text=True, timeout=WAIT)
        check(r.returncode == 2 and r.stderr, f"{args}: exit status 2 with a reason ({r})")
    # ...in the --lang language.
    r = subprocess.run([ARBITER, "watch", path, "--interval", "0", "--lang", "es"],
                       capture_output=True, text=True, timeout=WAIT)
    check(r.returncode == 2 and "--interval debe ir de 0.01 a 3600" in r.stderr,
          f"the range of --interval said in Spanish ({r.stderr!r})")
    r = subprocess.run([ARBITER, "watch", "-", "--lang", "pt"], capture_output=True, text=True,
                       timeout=WAIT)
    check(r.returncode == 2 and "entrada padrão" in r.stderr,
          f"standard input refused in Portuguese ({r.stderr!r})")


def sigint(tmp):
    path = os.path.join(tmp, "sigint.pgn")
    write(path, game("Cup", "C", "D", FOOL, "0-1"))
    w = Watch(path)
    check(w.wait_for(1), "the alert of a file already written comes at the first read")
    status = w.stop(signal.SIGINT)
    check(status == 0, f"SIGINT ends the watch with exit status 0 (got {status})")
    check(len(w.alerts) == 1, f"one alert ({triples(w.alerts)})")


def main():
    with tempfile.TemporaryDirectory() as tmp:
        live_game(tmp)
        once_and_errors(tmp)
        sigint(tmp)
    if failures:
        print(f"{len(failures)} check(s) failed", flush=True)
        sys.exit(1)
    print("watch: every check passed", flush=True)


if __name__ == "__main__":
    main()
