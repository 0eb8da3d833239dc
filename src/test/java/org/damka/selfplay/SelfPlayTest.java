package org.damka.selfplay;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;

import org.damka.eval.Evaluations;
import org.damka.match.Openings;
import org.damka.rules.Rules;
import org.damka.rules.Variants;
import org.damka.search.SearchLimits;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SelfPlayTest {
    @TempDir
    Path dir;

    @Test
    void anIdWhoseStartAnEarlierIdHasIsNotPlayedAgain() throws Exception {
        Rules r = Variants.ENGLISH;
        int openings = Openings.builtIn(r).size();
        // No random plies: id and id + openings start from the same opening, and the search is
        // deterministic, so the second would replay the first game move for move.
        SelfPlay.Config config = new SelfPlay.Config(r, 2 * openings, SearchLimits.depth(1), 2, 3, 0, 1, 0,
                () -> Evaluations.named(r, "classic"));
        Path out = dir.resolve("english.txt");
        int played = new SelfPlay(config, new PrintStream(PrintStream.nullOutputStream())).run(out, false);
        assertEquals(openings, played);
        Set<Integer> ids = new TreeSet<>(SelfPlayFile.read(out, r, s -> { }));
        Set<Integer> expected = new TreeSet<>();
        for (int id = 0; id < openings; id++) expected.add(id);
        assertEquals(expected, ids);
    }
}
