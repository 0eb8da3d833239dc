package org.damka.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading engine specs, time controls, adjudication rules and engine info lines. */
class MatchOptionsTest {

    @Test
    void engineSpecWithCommandNameAndOptions() {
        EngineSpec s = EngineSpec.parse("cmd=java -jar target/damka.jar --x=1 name=damka d2 depth=2 option.Hash=32 "
                + "'option.Move Overhead=30' option.Evaluation=material");
        assertEquals(List.of("java", "-jar", "target/damka.jar", "--x=1"), s.command());
        assertEquals("damka d2", s.name());
        assertEquals(TimeControl.depth(2), s.limit());
        assertEquals(Map.of("Hash", "32", "Move Overhead", "30", "Evaluation", "material"), s.options());
        assertEquals(List.of("Hash", "Move Overhead", "Evaluation"), List.copyOf(s.options().keySet()));
        assertEquals("uci", s.proto());
    }

    @Test
    void engineSpecQuotingAndErrors() {
        EngineSpec s = EngineSpec.parse("cmd=\"/opt/my engine/run\" 'a b' dir=/tmp tc=5+0.05");
        assertEquals(List.of("/opt/my engine/run", "a b"), s.command());
        assertEquals("/tmp", s.dir());
        assertNull(s.name());
        assertEquals(TimeControl.clock(5000, 50), s.limit());
        assertThrows(IllegalArgumentException.class, () -> EngineSpec.parse("name=x"));
        assertThrows(IllegalArgumentException.class, () -> EngineSpec.parse("junk cmd=x"));
        assertThrows(IllegalArgumentException.class, () -> EngineSpec.parse("cmd=x 'unclosed"));
        assertThrows(IllegalArgumentException.class, () -> EngineSpec.parse("cmd=x depth=2 movetime=5"));
        assertThrows(IllegalArgumentException.class, () -> EngineSpec.parse("cmd=x depth=two"));
    }

    /**
     * A misspelt key after another field joined it (name "x depht=3", the engine at the match's
     * depth); a missing folder was blamed on setsid, the process's launcher.
     */
    @Test
    void engineSpecRefusesAnUnknownKeyAfterAFieldAndAFolderThatIsNotOne(@TempDir Path dir) throws Exception {
        IllegalArgumentException typo = assertThrows(IllegalArgumentException.class, () -> EngineSpec.parse("cmd=x name=x depht=3"));
        assertTrue(typo.getMessage().startsWith("unknown key 'depht=' in engine 'cmd=x name=x depht=3': expected cmd=, name="), typo.getMessage());
        assertThrows(IllegalArgumentException.class, () -> EngineSpec.parse("cmd=x option.Hash=32 threads=2"));
        assertEquals(List.of("prog", "--threads=2", "a=b"), EngineSpec.parse("cmd=prog --threads=2 a=b name=n").command(), "arguments stay in cmd");
        assertEquals(Map.of("EvalFile", "/w/a=b"), EngineSpec.parse("cmd=x option.EvalFile=/w/a=b").options(), "'=' inside a value");
        assertEquals("n m", EngineSpec.parse("cmd=x 'name=n m'").name());

        Path file = java.nio.file.Files.createFile(dir.resolve("file"));
        assertEquals("engine folder dir=" + dir.resolve("none") + ": no such folder",
                assertThrows(IllegalArgumentException.class, () -> EngineSpec.parse("cmd=x dir=" + dir.resolve("none"))).getMessage());
        assertEquals("engine folder dir=" + file + ": not a folder",
                assertThrows(IllegalArgumentException.class, () -> EngineSpec.parse("cmd=x dir=" + file)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> EngineSpec.parse("cmd=x dir="));
        assertEquals(dir.toString(), EngineSpec.parse("cmd=x dir=" + dir).dir());
    }

    /** A full disk under --log went unnoticed (a PrintWriter keeps its errors), and a timeout of 1e10 s overflowed to "no time". */
    @Test
    void aLogThatCannotBeWrittenSaysSoAndHugeTimeoutsDoNotOverflow(@TempDir Path dir) throws Exception {
        Path full = Path.of("/dev/full");
        Assumptions.assumeTrue(Files.isWritable(full), "no /dev/full here");
        MatchLog log = new MatchLog(full);
        log.line("engine", '>', "uci");
        log.close();
        assertTrue(log.failed());
        MatchLog fine = new MatchLog(dir.resolve("match.log"));
        fine.line("engine", '>', "uci");
        fine.close();
        assertFalse(fine.failed());
        assertTrue(ProcessEngineClient.deadlineAfter(10_000_000_000_000L) - System.nanoTime() > TimeUnit.DAYS.toNanos(365));
    }

    @Test
    void timeControls() {
        assertEquals(TimeControl.clock(10_000, 100), TimeControl.parseClock("10+0.1"));
        assertEquals(TimeControl.clock(60_000, 0), TimeControl.parseClock("60"));
        assertEquals(TimeControl.clock(500, 10), TimeControl.parseClock("0.5+0.01"));
        assertEquals("tc 10+0.1", TimeControl.parseClock("10+0.1").toString());
        assertThrows(IllegalArgumentException.class, () -> TimeControl.parseClock("10+"));
        assertThrows(IllegalArgumentException.class, () -> TimeControl.parseClock("0+1"));
        assertThrows(IllegalArgumentException.class, () -> TimeControl.parseClock("-5+1"));
        assertThrows(IllegalArgumentException.class, () -> TimeControl.depth(0));
        // beyond what damka's go takes: every game waited out its timeout and was scored a hang
        assertEquals(TimeControl.depth(127), EngineSpec.parse("cmd=x depth=127").limit());
        assertEquals("depth must be 1..127, got 128", assertThrows(IllegalArgumentException.class, () -> TimeControl.depth(128)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> EngineSpec.parse("cmd=x depth=200"));
        assertThrows(IllegalArgumentException.class, () -> TimeControl.nodes(100_000_000_000_000_000L));
        // an engine's own movetime= reads what --movetime reads
        assertEquals(TimeControl.moveTime(500), EngineSpec.parse("cmd=x movetime=500ms").limit());
        assertEquals(TimeControl.moveTime(1500), EngineSpec.parse("cmd=x movetime=1.5s").limit());
        assertEquals(TimeControl.moveTime(200), EngineSpec.parse("cmd=x movetime=200").limit());
        // Durations: units, rounding, and exponents no duration has (answered at once, as errors or 0).
        assertEquals(1500, TimeControl.parseMillis("1.5s", 1));
        assertEquals(2, TimeControl.parseMillis("1.5", 1));
        assertEquals(60_000, TimeControl.parseMillis("60", 1000));
        assertTimeoutPreemptively(Duration.ofSeconds(5), () -> {
            assertThrows(IllegalArgumentException.class, () -> TimeControl.parseMillis("1e100000000", 1000));
            assertThrows(IllegalArgumentException.class, () -> TimeControl.parseMillis("1e2147483647", 1));
            assertEquals(0, TimeControl.parseMillis("1e-100000000", 1));
            assertThrows(IllegalArgumentException.class, () -> TimeControl.parseMillis("-1e-100000000", 1));
        }, "rounding an absurd exponent exactly takes minutes");
        assertThrows(IllegalArgumentException.class, () -> EngineSpec.parse("cmd=x movetime=soon"));
    }

    @Test
    void adjudicationParsingAndDecisions() {
        Adjudication a = Adjudication.parse("draw=4,10 win=300,3");
        assertEquals(new Adjudication(4, 10, 300, 3), a);
        assertEquals(new Adjudication(0, 0, 500, 2), Adjudication.parse("win=500,2"));
        assertThrows(IllegalArgumentException.class, () -> Adjudication.parse("draw=4"));
        assertThrows(IllegalArgumentException.class, () -> Adjudication.parse("lose=1,2"));

        // Scores are White's view per ply.
        assertNull(a.decide(scores(0, 5, -5)));                  // too few plies for a draw
        assertEquals("draw", a.decide(scores(400, 0, 5, -10, 10)));
        assertNull(a.decide(scores(0, 5, null, 10)));            // a move without a score breaks the run
        assertNull(a.decide(scores(0, 5, 11, 10)));              // 11 is outside ±10
        assertEquals("white", a.decide(scores(0, 300, 350, 900)));
        assertEquals("black", a.decide(scores(-300, -350, -900)));
        assertNull(a.decide(scores(300, -350, 900)));            // the engines disagree
        assertNull(Adjudication.NONE.decide(scores(0, 0, 0, 0, 0, 0)));
        // a rule given with 0 plies never fired; a lead of 0 cp gave level games to White
        for (String never : new String[] {"draw=0,10", "win=0,4", "win=300,0"}) {
            assertThrows(IllegalArgumentException.class, () -> Adjudication.parse(never), never);
        }
    }

    private static List<Integer> scores(Integer... s) {
        return Arrays.asList(s);
    }

    @Test
    void infoScores() {
        assertEquals(35, UciClient.parseScore("info depth 5 score cp 35 nodes 100 pv c3-d4"));
        assertEquals(-12, UciClient.parseScore("info depth 5 multipv 1 score cp -12"));
        assertNull(UciClient.parseScore("info depth 5 multipv 2 score cp 40"));
        assertEquals(UciClient.MATE_CP - 3, UciClient.parseScore("info score mate 3"));
        assertEquals(-UciClient.MATE_CP + 2, UciClient.parseScore("info score mate -2"));
        assertNull(UciClient.parseScore("info score cp abc"));
        assertNull(UciClient.parseScore("info string hello score"));
        assertNull(UciClient.parseScore("info depth 3 nodes 10"));
    }

    @Test
    void goCommands() {
        assertEquals("go wtime 900 btime 1000 winc 100 binc 100",
                UciClient.goCommand(EngineClient.SearchRequest.clocks(900, 1000, 100, 100)));
        assertEquals("go depth 3", UciClient.goCommand(EngineClient.SearchRequest.fixed(TimeControl.depth(3))));
        assertEquals("go movetime 50", UciClient.goCommand(EngineClient.SearchRequest.fixed(TimeControl.moveTime(50))));
        assertEquals("go nodes 1000", UciClient.goCommand(EngineClient.SearchRequest.fixed(TimeControl.nodes(1000))));
    }
}
