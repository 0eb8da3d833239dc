#!/usr/bin/env python3
"""Where a node's time goes, from a JFR recording's execution samples.

    jfr print --events jdk.ExecutionSample --stack-depth 64 rec.jfr > samples.txt
    bench/jfr-profile.py samples.txt

Prints each sample's part of the search (the innermost frame of a known part: table,
evaluation, ordering, make, generation, draw rules, endgame tables, the search itself), then
the methods most often on top of the stack (self time).
"""
import collections
import re
import sys

PARTS = [
    ("table (probe, store)", r"TranspositionTable\."),
    ("evaluation", r"Evaluator\.|BoardTables\."),
    ("ordering (MovePicker)", r"MovePicker\."),
    ("make (copy-make, the child's draw counters)", r"Worker\.makeChild|MoveList\.play|Position\.play|Position\.copyFrom|DrawTracker\.play"),
    ("generation (generate, hasCapture, counting)", r"MoveGenerator\.|MoveList\.(add|clear)"),
    ("draw rules (countdown, repetition)", r"DrawTracker\.|DrawJudge\."),
    ("endgame tables", r"egdb\."),
    ("search itself (Worker, with what it inlines)", r"Worker\."),
]
FRAME = re.compile(r"\s+([\w$.<>]+)\(.*\)\s+line:")


def samples(path):
    stack = None
    for line in open(path):
        if line.startswith("jdk.ExecutionSample"):
            if stack:
                yield stack
            stack = []
        elif stack is not None:
            m = FRAME.match(line)
            if m:
                stack.append(m.group(1).replace("org.damka.", ""))
    if stack:
        yield stack


def part(stack):
    for frame in stack:
        for name, rx in PARTS:
            if re.search(rx, frame):
                return name
    return "other (JIT, GC, I/O)"


def main(path, top=20):
    parts, tops, n = collections.Counter(), collections.Counter(), 0
    for stack in samples(path):
        n += 1
        parts[part(stack)] += 1
        tops[stack[0]] += 1
    if n == 0:
        sys.exit(f"{path}: no jdk.ExecutionSample stacks in it (the output of `jfr print --events jdk.ExecutionSample`?)")
    print(f"{n} samples")
    for name, c in parts.most_common():
        print(f"{100 * c / n:5.1f}%  {name}")
    print("self time, top frames:")
    for name, c in tops.most_common(top):
        print(f"{100 * c / n:5.1f}%  {name}")


if __name__ == "__main__":
    args = sys.argv[1:]
    if not args or len(args) > 2 or args[0] in ("-h", "--help") or (len(args) == 2 and not args[1].isdigit()):
        sys.exit(__doc__.strip() + "\n\nusage: bench/jfr-profile.py SAMPLES.txt [TOP-FRAMES (default 20)]")
    try:
        main(args[0], int(args[1]) if len(args) > 1 else 20)
    except (FileNotFoundError, PermissionError, IsADirectoryError) as e:
        sys.exit(f"{args[0]}: {e.strerror}")
    except UnicodeDecodeError:
        sys.exit(f"{args[0]}: not text: give the output of `jfr print --events jdk.ExecutionSample --stack-depth 64 rec.jfr`, not the recording")
