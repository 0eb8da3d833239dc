#!/usr/bin/env python3
"""Score trajectories: what each engine of a match thought of each game, move by move.

Reads the protocol log of a two-engine `damka match --log FILE` and prints, for every game, each
engine's last reported score before each of its moves, from White's point of view in hundredths
of a man, with the depth it came from; then, per band of plies and over all games, how much better
the first engine thought its own side stood than the second engine thought it did (each move of
the first engine against the second's move just before or after it; scores clipped to five men).
A positive mean is
optimism: the first engine sees its side better than its opponent sees it; an engine whose
evaluation misses what its opponent sees stays optimistic until the search finds the trouble.

Engines are read as they speak: UCI (`position ... moves ...`, `info ... score cp N`, `bestmove`)
or Hub (`pos pos=P moves="..."`, `info ... score=X.YY` in men, `done move=M`). A search with no
score before its move (a forced or book move) is skipped. Games are told apart by their first
moves and which engine has White, so engines may run several games at once.

usage: scripts/score-trajectories.py [--bands 20] [--quiet] MATCH.log
"""
import argparse
import collections
import re
import sys

PREFIX = 8  # moves that name a game


def squares(move, hub):
    """A move as its origin and destination: UCI lists a capture's landing squares, Hub its victims."""
    parts = re.split(r'[-x:]', move)
    if len(parts) < 2:
        return move
    return parts[0] + '-' + (parts[1] if hub else parts[-1])


def read(path):
    """Per move: (engine, the moves played before it, whether White made it, its score from White's side, depth)."""
    state = collections.defaultdict(dict)
    moves = []
    line_re = re.compile(r'\s*\d+ (\S+) ([<>!]) (.*)')
    for line in open(path, encoding='utf-8', errors='replace'):
        m = line_re.match(line)
        if not m:
            continue
        inst, direction, text = m.groups()
        st = state[inst]
        if direction == '>':
            if text.startswith('position '):
                rest = text.split(' moves ')
                st['moves'] = rest[1].split() if len(rest) > 1 else []
                fen = rest[0].split()
                # damka match sends `position fen`; after `startpos` White is taken to move first.
                st['white'] = fen[2][0] in 'Ww' if len(fen) > 2 else True
                st['hub'] = False
                st.pop('score', None)
            elif text.startswith('pos '):
                p = re.search(r'pos=(\S+)', text)
                mv = re.search(r'moves=("([^"]*)"|(\S+))', text)
                st['moves'] = ((mv.group(2) or mv.group(3)) if mv else '').split()
                st['white'] = p is None or p.group(1)[0] in 'Ww'
                st['hub'] = True
                st.pop('score', None)
        elif direction == '<':
            if text.startswith('info'):
                cp = re.search(r' score cp (-?\d+)', text)
                hub = re.search(r' score=(-?[\d.]+)', text)
                depth = re.search(r' depth[ =](\d+)', text)
                if cp:
                    st['score'] = int(cp.group(1))
                elif hub:
                    st['score'] = int(round(float(hub.group(1)) * 100))
                else:
                    continue
                st['depth'] = int(depth.group(1)) if depth else 0
            elif (text.startswith('bestmove') or text.startswith('done')) and 'moves' in st and 'score' in st:
                played = st['moves']
                white_to_move = (len(played) % 2 == 0) == st['white']
                score = st['score'] if white_to_move else -st['score']
                moves.append((inst.split('#')[0], [squares(x, st['hub']) for x in played], white_to_move, score, st['depth']))
    return moves


def clip(score):
    """Won and lost scores (mate distances, table wins) would swamp the means: five men at most."""
    return max(-500, min(500, score))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('log')
    ap.add_argument('--bands', type=int, default=20, help='plies per band of the summary (default 20)')
    ap.add_argument('--quiet', action='store_true', help='the summary only')
    a = ap.parse_args()
    if a.bands < 1:
        ap.error('--bands must be 1 or more (plies per band)')
    try:
        moves = read(a.log)
    except (FileNotFoundError, PermissionError, IsADirectoryError) as e:
        sys.exit('score-trajectories: %s: %s' % (a.log, e.strerror))
    names = list(dict.fromkeys(m[0] for m in moves))
    if len(names) != 2:
        sys.exit('score-trajectories: expected two engines in the log, found %s' % (names or 'none'))
    games = {}
    for name, played, white_to_move, score, depth in moves:
        if len(played) < PREFIX:
            continue
        other = names[1] if name == names[0] else names[0]
        key = (tuple(played[:PREFIX]), name if white_to_move else other)
        games.setdefault(key, {})[len(played)] = (name, score, depth)
    bands = collections.defaultdict(list)
    for n, ((_, white), plies) in enumerate(games.items(), 1):
        own = 1 if white == names[0] else -1
        if not a.quiet:
            print('game %d: %s has White' % (n, white))
            for ply in sorted(plies):
                name, score, depth = plies[ply]
                print('  ply %3d  %-10s %+6d  depth %d' % (ply, name, score, depth))
        by = {name: {} for name in names}
        for ply, (name, score, _) in plies.items():
            by[name][ply] = score
        # Pair each move of the first engine with the second engine's move just before or after.
        for ply, s0 in by[names[0]].items():
            s1 = by[names[1]].get(ply - 1, by[names[1]].get(ply + 1))
            if s1 is not None:
                bands[ply // a.bands].append(own * (clip(s0) - clip(s1)))
    print('how much better %s thought its side stood than %s thought it did, centi-men, %d games:'
          % (names[0], names[1], len(games)))
    for b in sorted(bands):
        d = bands[b]
        d.sort()
        print('  plies %3d-%3d  mean %+7.1f  median %+6d  (%d moves)'
              % (b * a.bands, (b + 1) * a.bands - 1, sum(d) / len(d), d[len(d) // 2], len(d)))


if __name__ == '__main__':
    main()
