package org.damka.search;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.damka.dev.SelfPlay;
import org.damka.dev.SelfPlay.Config;
import org.damka.rules.Rules;
import org.damka.rules.Variants;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Strength floor, in-process with the rules core as referee (see {@link SelfPlay}): per variant
 * 100 games (50 random openings of 2-4 plies, both colours) at a fixed node budget, so the result
 * is the same on every run. Full strength must score at least 95% against the same engine limited
 * to depth 1, and at least 75% against the same search with the material-only evaluation.
 */
@Tag("deep")
class StrengthTest {
    private static final int GAMES = 100;
    private static final String FULL = "nodes=5000";

    private static SelfPlay.Result match(Rules rules, String opponent) {
        int parallel = Math.max(1, Runtime.getRuntime().availableProcessors());
        SelfPlay.Result r = SelfPlay.match(rules, Config.parse(FULL), Config.parse(opponent), GAMES, 2024, parallel);
        System.err.println(rules.name() + " full [" + FULL + "] vs [" + opponent + "]: " + r);
        return r;
    }

    @Test
    void fullStrengthBeatsDepthOne() {
        for (Rules rules : Variants.all()) {
            SelfPlay.Result r = match(rules, "depth=1");
            assertTrue(r.score() >= 0.95, rules.name() + ": " + r);
        }
    }

    @Test
    void fullEvaluationBeatsMaterialOnly() {
        for (Rules rules : Variants.all()) {
            SelfPlay.Result r = match(rules, "eval=material," + FULL);
            assertTrue(r.score() >= 0.75, rules.name() + ": " + r);
        }
    }
}
