package org.damka.movegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

import org.damka.board.Fen;
import org.damka.board.Position;
import org.damka.reference.ReferenceGenerator;
import org.damka.rules.Rules;
import org.damka.rules.Variants;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The bitboard generator against the independent {@link ReferenceGenerator}, move set by move
 * set, on random positions of every variant: positions met in random games from the start, and
 * random placements of men and kings with a random side to move. The first disagreement fails
 * the test with the position string and the moves each side has that the other lacks.
 *
 * <p>The quick run compares 10,000 distinct positions from play and 10,000 from placements per
 * variant; the deep run (tag "deep") 50,000 of each, with other seeds.
 */
class DifferentialTest {
    private static final int MAX_PLIES = 150;

    @Test
    void quick() {
        for (Rules rules : Variants.all()) {
            compare(rules, 10_000, 10_000, 0xDA3CAL + rules.name().hashCode());
        }
    }

    @Test
    @Tag("deep")
    void deep() {
        for (Rules rules : Variants.all()) {
            compare(rules, 50_000, 50_000, 0xD1FFL + rules.name().hashCode());
        }
    }

    private static void compare(Rules rules, int fromPlay, int fromPlacement, long seed) {
        Random random = new Random(seed);
        Checker checker = new Checker(rules);
        long start = System.nanoTime();
        // (a) random games from the start position, to their end or MAX_PLIES plies.
        Set<Position> seen = new HashSet<>();
        Position start0 = Fen.parse(rules, rules.startFen());
        MoveList moves = new MoveList();
        int games = 0;
        while (seen.size() < fromPlay) {
            games++;
            Position p = new Position(start0);
            for (int ply = 0; ply < MAX_PLIES; ply++) {
                if (seen.add(new Position(p))) checker.check(p);
                int n = checker.generator.generate(p, moves);
                if (n == 0) break;
                moves.play(p, random.nextInt(n));
            }
        }
        int playCompared = seen.size();
        // (b) random placements of men and kings (men never on their own promotion row).
        seen.clear();
        while (seen.size() < fromPlacement) {
            Position p = RandomPositions.placement(rules, random);
            if (seen.add(p)) checker.check(p);
        }
        System.err.printf("DifferentialTest %s: %d positions from %d random games + %d random placements"
                        + " compared with the reference generator (%d moves), %.1f s%n",
                rules.name(), playCompared, games, seen.size(), checker.movesCompared,
                (System.nanoTime() - start) / 1e9);
    }

    /** Compares one position; keeps its scratch lists. */
    private static final class Checker {
        final Rules rules;
        final MoveGenerator generator;
        final MoveList list = new MoveList();
        final MoveList childList = new MoveList(), scratch = new MoveList();
        final Position child = new Position(), scratchChild = new Position();
        long movesCompared;

        Checker(Rules rules) {
            this.rules = rules;
            this.generator = MoveGenerator.create(rules);
        }

        void check(Position p) {
            String fen = Fen.format(rules, p);
            TreeSet<String> engine;
            try {
                engine = Canonical.engineMoves(rules, generator, p, list);
            } catch (RuntimeException e) {
                throw new AssertionError(rules.name() + " position " + fen + ": the engine's generator threw " + e, e);
            }
            TreeSet<String> reference = new TreeSet<>(ReferenceGenerator.legalMoves(rules.name(), fen));
            if (!engine.equals(reference)) {
                TreeSet<String> missing = new TreeSet<>(reference);
                missing.removeAll(engine);
                TreeSet<String> extra = new TreeSet<>(engine);
                extra.removeAll(reference);
                fail(rules.name() + " position " + fen + ": engine and reference disagree; missing from engine "
                        + missing + ", extra in engine " + extra + "; reference " + reference);
            }
            // Merged duplicates: the list holds each move once.
            assertEquals(engine.size(), list.size(), () -> rules.name() + " " + fen + ": duplicate moves in list");
            assertEquals(list.size(), generator.countMoves(p), () -> rules.name() + " " + fen + ": countMoves");
            boolean captures = list.size() > 0 && list.isCapture(0);
            assertEquals(captures, generator.hasCapture(p), () -> rules.name() + " " + fen + ": hasCapture");
            for (int i = 0; i < list.size(); i++) {
                int count = Long.bitCount(list.capturedLo(i)) + Long.bitCount(list.capturedHi(i));
                int index = i;
                assertEquals(count, list.captureCount(i), () -> rules.name() + " " + fen + ": captureCount of "
                        + Canonical.of(rules, list, index));
                assertTrue(list.isCapture(i) == captures, () -> rules.name() + " " + fen + ": mixed list");
            }
            movesCompared += list.size();
            // perft(2) as the family counts it (men's moves from their bitboards where it can)
            // against every move played and its child's moves listed.
            long grandchildren = 0;
            for (int i = 0; i < list.size(); i++) {
                child.copyFrom(p);
                list.play(child, i);
                grandchildren += generator.generate(child, childList);
            }
            assertEquals(grandchildren, generator.countChildMoves(p, scratch, scratchChild),
                    () -> rules.name() + " " + fen + ": countChildMoves");
        }
    }
}
