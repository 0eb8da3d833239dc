package org.damka.tactics;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

import org.damka.board.Fen;
import org.damka.board.Position;
import org.damka.dev.SelfPlay;
import org.damka.eval.Evaluations;
import org.damka.game.Game;
import org.damka.movegen.Move;
import org.damka.movegen.MoveGenerator;
import org.damka.movegen.MoveList;
import org.damka.movegen.MoveNotation;
import org.damka.rules.Rules;
import org.damka.rules.Variants;
import org.damka.search.Search;
import org.damka.search.SearchInfo;
import org.damka.search.SearchLimits;
import org.damka.search.SearchListener;

/**
 * Dev utility that produced src/test/resources/tactics.txt. It plays seeded games (a few random
 * opening plies, then a mix of random moves and 300-node engine moves, so positions are varied
 * but plausible) and keeps a quiet position when:
 * <ol>
 * <li>the best move by {@link MaterialMinimax} at depth D (plus capture sequences) is a quiet
 *     sacrifice: after it the opponent must capture;</li>
 * <li>it gains at least a man over the present material, and every other move is at least a man
 *     worse (so the key move is the only winning one), both at depth D and at D + 1;</li>
 * <li>a deep engine search (fixed depth E, far beyond the test's node budget) agrees on the move,
 *     and its line contains a capture of two or more pieces by the sacrificing side (the
 *     "sacrifice followed by a multiple capture" pattern).</li>
 * </ol>
 * At most one position per game. Output: {@code variant|fen|key|gain|source}.
 *
 * <p>Usage: {@code TacticsGenerator <variant> <count> <seed> <D> <E>}.
 */
public final class TacticsGenerator {
    public static void main(String[] args) {
        Rules rules = Variants.byName(args[0]);
        int count = Integer.parseInt(args[1]);
        long seed = Long.parseLong(args[2]);
        int depth = Integer.parseInt(args[3]);
        int engineDepth = Integer.parseInt(args[4]);
        SplittableRandom random = new SplittableRandom(seed);
        MoveGenerator gen = MoveGenerator.create(rules);
        MaterialMinimax mm = new MaterialMinimax(rules);
        MoveNotation notation = new MoveNotation(rules);
        Search player = new Search(rules, Evaluations.forRules(rules), 8);
        Search deep = new Search(rules, Evaluations.forRules(rules), 64);
        MoveList moves = new MoveList();
        int found = 0;
        for (int g = 1; found < count; g++) {
            Game game = SelfPlay.opening(rules, random, 2 + random.nextInt(4));
            player.clear();
            while (game.result().isEmpty() && game.plies() < 140) {
                Position p = game.position();
                if (game.plies() >= 6 && !gen.hasCapture(p)) {
                    String line = candidate(rules, game, gen, mm, notation, deep, depth, engineDepth, seed, g);
                    if (line != null) {
                        System.out.println(line);
                        System.out.flush();
                        found++;
                        break;
                    }
                }
                gen.generate(p, moves);
                if (random.nextInt(3) == 0) {
                    game.play(moves, random.nextInt(moves.size()));
                } else {
                    game.play(player.run(game, SearchLimits.nodes(300), 0, QUIET));
                }
            }
        }
    }

    static final SearchListener QUIET = new SearchListener() {
        public void info(SearchInfo i) { }
        public void bestMove(Move m, Move p) { }
    };

    private static String candidate(Rules rules, Game game, MoveGenerator gen, MaterialMinimax mm, MoveNotation notation,
                                    Search deep, int depth, int engineDepth, long seed, int gameNo) {
        Position p = game.position();
        MoveList moves = new MoveList();
        int n = gen.generate(p, moves);
        if (n < 2) return null;
        Position child = new Position();
        boolean anySacrifice = false;
        for (int i = 0; i < n; i++) {
            child.copyFrom(p);
            moves.play(child, i);
            if (gen.hasCapture(child)) anySacrifice = true;
        }
        if (!anySacrifice) return null;
        int material = mm.material(p);
        // Cheap screen first: depth - 2.
        int[] shallow = mm.rootValues(p, moves, Math.max(2, depth - 2));
        int best = Integer.MIN_VALUE;
        for (int v : shallow) best = Math.max(best, v);
        if (best < material + 100) return null;
        int[] check = null;
        String key = null;
        for (int d = depth; d <= depth + 1; d++) {
            int[] values = mm.rootValues(p, moves, d);
            int bi = 0;
            for (int i = 1; i < n; i++) if (values[i] > values[bi]) bi = i;
            int second = Integer.MIN_VALUE;
            for (int i = 0; i < n; i++) if (i != bi) second = Math.max(second, values[i]);
            child.copyFrom(p);
            moves.play(child, bi);
            if (!gen.hasCapture(child)) return null;
            if (values[bi] < material + 100 || values[bi] < second + 100) return null;
            String k = notation.format(p, moves, bi);
            if (key != null && !key.equals(k)) return null;
            key = k;
            check = new int[] {values[bi] - material, second - material};
        }
        // A deep engine search must agree and show the multiple capture.
        deep.clear();
        List<String> pv = new ArrayList<>();
        Move engineMove = deep.run(game, SearchLimits.depth(engineDepth), 0, new SearchListener() {
            public void info(SearchInfo i) {
                pv.clear();
                pv.addAll(notation.formatLine(p, i.pv()));
            }
            public void bestMove(Move m, Move ponder) { }
        });
        if (engineMove == null || !key.equals(notation.format(p, engineMove))) return null;
        boolean multi = false;
        for (int k = 2; k < pv.size() && k < 9; k += 2) {
            String mv = pv.get(k);
            if (mv.chars().filter(c -> c == 'x' || c == ':').count() >= 2 && capturesTwoOrMore(rules, game, pv, k)) multi = true;
        }
        if (!multi) return null;
        return String.format(Locale.ROOT,
                "%s|%s|%s|%d|generated by TacticsGenerator seed %d game %d ply %d; minimax depth %d and %d: key %+d, next best %+d; engine depth %d line %s",
                rules.name(), Fen.format(rules, p), key, check[0], seed, gameNo, game.plies(), depth, depth + 1,
                check[0], check[1], engineDepth, String.join(" ", pv.subList(0, Math.min(pv.size(), 8))));
    }

    /** True if the k-th move of the line (from the game's position) takes two or more pieces. */
    private static boolean capturesTwoOrMore(Rules rules, Game game, List<String> pv, int k) {
        Game g = game.copy();
        for (int i = 0; i < k; i++) g.play(pv.get(i));
        MoveList legal = new MoveList();
        g.legalMoves(legal);
        MoveNotation notation = new MoveNotation(rules);
        int idx = notation.parse(g.position(), legal, pv.get(k));
        return legal.captureCount(idx) >= 2;
    }
}
