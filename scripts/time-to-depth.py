#!/usr/bin/env python3
"""Time to depth: how long damka needs to finish depths 12, 16 and 20 from fixed positions.

Each jar searches each position once, in a fresh process (one thread, 64 MB table), with
`go depth MAX`, and is sent `stop` after SECONDS of wall time. A depth's time is given twice: the
wall time, the `time` field of the engine's `info depth D` line (milliseconds since `go`), and
in brackets the CPU time the engine's process had used since `go` when the line arrived (read
from /proc; it includes the JIT and GC threads). On a shared machine the CPU time is the fairer
figure. Start-up and JIT warm-up before `go` count in neither. Jars alternate within each
position, so load on the machine hits them alike.

With --scan DIR (a Scan 2.0 run directory: ./scan, scan.ini, data/), Scan 2.0 also searches the
international positions for SECONDS through its first Hub protocol; the table then gives the depth
Scan had finished when damka finished each depth, compared by CPU time. Scan prints only depths
>= 12.

usage: scripts/time-to-depth.py [--seconds 60] [--depths 12,16,20] [--variants russian,english,international]
                                [--scan DIR] LABEL=JAR [LABEL=JAR ...]
   e.g. scripts/time-to-depth.py before=/tmp/damka-pre13.jar after=target/damka.jar
"""
import argparse
import math
import os
import re
import subprocess
import sys
import tempfile
import threading
import time

# Three fixed positions per variant: the start, then two middlegames (damka's bench positions for
# the 8x8 variants; for international the positions of the peer measurements, from a damka game).
POSITIONS = {
    "russian": [
        ("start", "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8"),
        ("mid1", "W:Wa1,a3,c1,c3,d2,e1,e3,f2,g1,h2,h4:Ba7,b6,b8,c5,d6,d8,e7,f6,g7,h6,h8"),
        ("mid2", "W:Wa1,a3,c1,c3,d4,f2,g1,g3:Ba5,a7,b6,b8,d6,g7,h6,h8"),
    ],
    "english": [
        ("start", "B:W21-32:B1-12"),
        ("mid1", "B:W18,19,21-24,26,28-32:B1-4,6,7,9-12,14,16"),
        ("mid2", "B:W10,21,22,24,26,27,29,30,32:B1-3,7,9,11,12,20,23"),
    ],
    "international": [
        ("start", "W:W31-50:B1-20"),
        ("mid24", "W:W26,32,33,35,36,39,41,42,44-50:B1-6,8,9,11,15-19,25"),
        ("mid40", "W:W27,30,33,34,37,38,40,45-50:B1-6,16-20,23,25"),
    ],
}


def cpu_seconds(pid):
    """User + system CPU time of a process so far (Linux /proc)."""
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


# damka's deepest search (go depth 1..127).
MAX_DEPTH = 127


def damka_depth_times(jar, variant, fen, max_depth, seconds):
    """{depth: (wall seconds, CPU seconds)} of the depths the engine finished before being stopped.

    A depth counts as finished from its `info depth D` line, unless the line is marked
    `lowerbound` (an iteration cut short by the stop after a better first move)."""
    err = tempfile.TemporaryFile(mode="w+")
    p = subprocess.Popen(["java", "-jar", jar], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=err, text=True, bufsize=1)

    def send(line):
        try:
            p.stdin.write(line + "\n")
            p.stdin.flush()
        except (BrokenPipeError, ValueError):  # the engine has gone: said below
            pass

    def gone(what):
        p.kill()
        p.wait()
        err.seek(0)
        said = err.read().strip().splitlines()
        sys.exit("%s: the engine %s%s" % (jar, what, (": " + said[-1]) if said else ""))

    send("uci")
    send("setoption name UCI_Variant value " + variant)
    send("setoption name Hash value 64")
    send("setoption name Threads value 1")
    send("position fen " + fen)
    send("isready")
    killed = []
    # An engine that never answers is killed: the script ends either way.
    watchdog = threading.Timer(60, lambda: (killed.append(True), p.kill()))
    watchdog.start()
    for line in p.stdout:
        if line.startswith("readyok"):
            break
    else:
        gone("gave no readyok in 60 s" if killed else "ended before answering isready")
    watchdog.cancel()
    cpu0 = cpu_seconds(p.pid)
    send("go depth %d" % max_depth)
    timer = threading.Timer(seconds, lambda: send("stop"))
    timer.start()
    watchdog = threading.Timer(seconds + 30, lambda: (killed.append(True), p.kill()))
    watchdog.start()
    times = {}
    try:
        for line in p.stdout:
            m = re.match(r"info depth (\d+) .*\btime (\d+)", line)
            if m and " upperbound" not in line and " lowerbound" not in line:
                times[int(m.group(1))] = (int(m.group(2)) / 1000.0, cpu_seconds(p.pid) - cpu0)
            if line.startswith("bestmove"):
                break
        else:
            gone("gave no bestmove 30 s after the stop" if killed else "ended during the search")
    finally:
        timer.cancel()
        watchdog.cancel()
        send("quit")
        try:
            p.stdin.close()
        except BrokenPipeError:
            pass
        p.wait()
    return times


def scan_depth_times(run_dir, fen, seconds):
    """{depth: CPU seconds} of Scan 2.0 searching an international position for the given time."""
    p = subprocess.Popen(["./scan", "hub"], cwd=run_dir, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True)
    p.stdin.write("hub\ninit\n")
    p.stdin.flush()
    for line in p.stdout:
        if line.startswith("ready"):
            break
    cpu0 = cpu_seconds(p.pid)
    p.stdin.write("pos %s\ntime %d\ngo\n" % (hub_position(fen), int(seconds * 1000)))
    p.stdin.flush()
    times = {}
    for line in p.stdout:
        w = line.split()
        if w and w[0] == "info":  # info depth plyavg score nodes seconds Mnps pv
            times[int(w[1])] = cpu_seconds(p.pid) - cpu0
        if w and w[0] == "move":
            break
    p.stdin.write("quit\n")
    p.stdin.close()
    p.wait()
    return times


def hub_position(fen):
    """Scan's first-Hub position: side, then 50 characters w/b/W/B/e."""
    side, *parts = fen.split(":")
    board = ["e"] * 50
    for part in parts:
        colour = part[0].lower()
        for tok in part[1:].split(","):
            king = tok.startswith("K")
            tok = tok.lstrip("K")
            a, _, b = tok.partition("-")
            for sq in range(int(a), int(b or a) + 1):
                board[sq - 1] = colour.upper() if king else colour
    return side.lower() + "".join(board)


def reached_by(times, seconds):
    """The deepest depth finished within the given time, or None."""
    done = [d for d, t in times.items() if t <= seconds]
    return max(done) if done else None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--depths", default="12,16,20")
    ap.add_argument("--variants", default="russian,english,international")
    ap.add_argument("--scan", help="Scan 2.0 run directory (international only)")
    ap.add_argument("jars", nargs="+", metavar="LABEL=JAR")
    a = ap.parse_args()
    # Everything checked before the first search (one can take minutes).
    try:
        depths = [int(d) for d in a.depths.split(",")]
    except ValueError:
        ap.error("--depths: whole numbers separated by commas, e.g. 12,16,20 (got %r)" % a.depths)
    if not all(1 <= d <= MAX_DEPTH for d in depths):
        ap.error("--depths: each between 1 and %d (got %s)" % (MAX_DEPTH, a.depths))
    if not (math.isfinite(a.seconds) and a.seconds > 0):
        ap.error("--seconds must be a number of seconds above 0")
    for variant in a.variants.split(","):
        if variant not in POSITIONS:
            ap.error("--variants: no positions for %r (this script has %s)" % (variant, ", ".join(POSITIONS)))
    if a.scan and not os.access(os.path.join(a.scan, "scan"), os.X_OK):
        ap.error("--scan: no executable scan in %s" % a.scan)
    jars = []
    for j in a.jars:
        label, sep, jar = j.partition("=")
        if not sep or not label or not jar:
            ap.error("each engine is LABEL=JAR, e.g. after=target/damka.jar (got %r)" % j)
        if not os.path.isfile(jar):
            ap.error("no such jar: " + jar)
        jars.append((label, jar))
    header = ("| variant | position | engine | " + " | ".join("depth %d: wall (CPU)" % d for d in depths)
              + " | deepest in %g s |" % a.seconds)
    rows = []
    for variant in a.variants.split(","):
        for name, fen in POSITIONS[variant]:
            own = {}
            for label, jar in jars:
                own[label] = damka_depth_times(jar, variant, fen, max(depths), a.seconds)
                print("%s %s %s %s" % (variant, name, label, own[label]), file=sys.stderr, flush=True)
                cells = ["%.1f s (%.1f)" % own[label][d] if d in own[label] else "—" for d in depths]
                deepest = max(own[label]) if own[label] else 0
                rows.append("| %s | %s | damka %s | %s | %d |" % (variant, name, label, " | ".join(cells), deepest))
            if a.scan and variant == "international":
                scan = scan_depth_times(a.scan, fen, a.seconds)
                print("%s %s scan2 %s" % (variant, name, scan), file=sys.stderr, flush=True)
                # Scan's depth when it had used the CPU time each damka (the last jar) used to finish each depth.
                last = own[jars[-1][0]]
                cells = ["d%s" % (reached_by(scan, last[d][1]) or "<12") if d in last else "—" for d in depths]
                rows.append("| %s | %s | Scan 2.0 at %s's times | %s | %d |"
                            % (variant, name, jars[-1][0], " | ".join(cells), max(scan) if scan else 0))
    print(header)
    print("|" + "---|" * (header.count("|") - 1))
    print("\n".join(rows))


if __name__ == "__main__":
    main()
