package org.damka.protocol.hub;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.damka.engine.Engine;
import org.junit.jupiter.api.Test;

/**
 * The Hub loop in-process: started with a first line already read (as the UCI-style loop does
 * when its first line is {@code hub}), level reset on pos, errors that change nothing.
 */
class HubLoopTest {

    private static List<String> run(String firstLine, String input) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        new HubLoop(new Engine(), new BufferedReader(new StringReader(input)), out).run(firstLine);
        return bytes.toString(StandardCharsets.UTF_8).lines().toList();
    }

    @Test
    void startsWithAFirstLineAlreadyRead() throws Exception {
        List<String> out = run("hub", "init\nquit\n");
        assertTrue(out.get(0).startsWith("id name=damka "), out.get(0));
        assertEquals("wait", out.get(out.size() - 2));
        assertEquals("ready", out.get(out.size() - 1));
    }

    @Test
    void depthLevelGivesOneDoneWithALegalMove() throws Exception {
        List<String> out = run(null, "pos start\nlevel depth=2\ngo think\nping\n");
        // ping during or after the search: either way a pong, and exactly one done.
        assertEquals(1, out.stream().filter(l -> l.startsWith("done move=")).count(), out.toString());
        assertTrue(out.contains("pong"), out.toString());
        String done = out.stream().filter(l -> l.startsWith("done")).findFirst().orElseThrow();
        String move = HubLine.parse(done).value("move");
        assertTrue(List.of("31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29", "34-30", "35-30").contains(move), move);
    }

    @Test
    void badCommandsAnswerErrorAndChangeNothing() throws Exception {
        List<String> out = run(null, String.join("\n",
                "pos pos=Wxyz",
                "pos start moves=\"32-28 32-28\"",
                "set-param name=variant value=frisian",
                "set-param name=threads value=lots",
                "level depth=-3",
                "frobnicate",
                "pos moves=\"32-28",
                "ping", ""));
        long errors = out.stream().filter(l -> l.startsWith("error message=")).count();
        assertEquals(7, errors, out.toString());
        assertEquals("pong", out.get(out.size() - 1));
        assertTrue(out.get(1).contains("move 2"), out.get(1));
    }
}
