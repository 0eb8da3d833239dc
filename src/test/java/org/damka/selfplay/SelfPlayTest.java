package org.damka.selfplay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
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
        SelfPlay.Config config = SelfPlay.Config.builder(r, () -> Evaluations.named(r, "classic")).games(2 * openings)
                .limits(SearchLimits.depth(1)).threads(2).seed(3).randomPlies(0).build();
        Path out = dir.resolve("english.txt");
        int played = new SelfPlay(config, new PrintStream(PrintStream.nullOutputStream())).run(out, false);
        assertEquals(openings, played);
        Set<Integer> ids = new TreeSet<>(SelfPlayFile.read(out, r, s -> { }));
        Set<Integer> expected = new TreeSet<>();
        for (int id = 0; id < openings; id++) expected.add(id);
        assertEquals(expected, ids);
    }

    /** Three whole games of english at depth 1, as a file's text. */
    private String threeGames() throws Exception {
        Rules r = Variants.ENGLISH;
        SelfPlay.Config config = SelfPlay.Config.builder(r, () -> Evaluations.named(r, "classic")).games(3)
                .limits(SearchLimits.depth(1)).seed(3).randomPlies(0).build();
        Path out = dir.resolve("three.txt");
        new SelfPlay(config, new PrintStream(PrintStream.nullOutputStream())).run(out, false);
        return Files.readString(out);
    }

    /**
     * A run killed while it wrote a game line: the half line ends the file. The game is not done
     * (it was counted done, then cut away, and never played again), and a line cut right after
     * "# game " no longer makes the file unreadable.
     */
    @Test
    void aGameLineCutByAKillIsNotAGameDone() throws Exception {
        String text = threeGames();
        int last = text.lastIndexOf("# game ");
        String wholeTwo = text.substring(0, text.indexOf('\n', text.lastIndexOf("# game ", last - 1)) + 1);
        for (int cut : new int[] {last + 7, last + 20, text.length() - 4, text.length() - 1}) {
            Path f = dir.resolve("cut" + cut + ".txt");
            Files.writeString(f, text.substring(0, cut));
            assertEquals(Set.of(0, 1), GameBlockWriter.gamesDone(f, Variants.ENGLISH, true, null), text.substring(last, cut));
            assertEquals(wholeTwo, Files.readString(f), "cut after the last whole game");
        }
        Path whole = dir.resolve("whole.txt");
        Files.writeString(whole, text);
        assertEquals(Set.of(0, 1, 2), GameBlockWriter.gamesDone(whole, Variants.ENGLISH, true, null));
        assertEquals(text, Files.readString(whole), "nothing cut from a whole file");
    }

    /** A bad game line inside the file (not a killed run's last line) is an error, and a huge line is not quoted whole. */
    @Test
    void aBadLineInsideTheFileIsAnErrorQuotedShort() throws Exception {
        String text = threeGames();
        int first = text.indexOf("# game ");
        int eol = text.indexOf('\n', first);
        Path f = dir.resolve("bad.txt");
        Files.writeString(f, text.substring(0, first) + "# game 0 1-0 plies" + "x".repeat(100_000) + text.substring(eol));
        IOException e = assertThrows(IOException.class, () -> SelfPlayFile.read(f, Variants.ENGLISH, s -> { }));
        assertTrue(e.getMessage().contains("bad game line") && e.getMessage().length() < 300, e.getMessage().length() + " chars");
        int pos = text.indexOf('\n') + 1;
        Files.writeString(f, text.substring(0, pos) + "W:" + "y".repeat(100_000) + "\t1-0\t0\n" + text.substring(pos));
        e = assertThrows(IOException.class, () -> SelfPlayFile.read(f, Variants.ENGLISH, s -> { }));
        assertTrue(e.getMessage().contains("bad position") && e.getMessage().length() < 400, e.getMessage());
    }
}
