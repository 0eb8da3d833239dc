package org.damka.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * A hash size the Java heap cannot hold (issue 11, point 2): the engine, started with a small
 * heap, refuses it with an error that says how to give Java more (-Xmx), keeps its table and
 * keeps answering, in the UCI-style protocol and in Hub mode alike.
 */
class HashMemoryIT {
    private static final String SMALL_HEAP = "-Xmx160m";

    @Test
    void aTableLargerThanTheHeapIsRefusedAndTheOldOneKept() {
        try (EngineUnderTest e = EngineUnderTest.startWithJvmOptions(SMALL_HEAP)) {
            e.quiet("setoption name Hash value 32");
            List<String> errors = e.errors("setoption name Hash value 4096");
            assertEquals(1, errors.size(), errors.toString());
            assertTrue(errors.get(0).startsWith("info string error setoption: Hash 4096 MB does not fit"), errors.get(0));
            assertTrue(errors.get(0).contains("-Xmx"), errors.get(0));
            assertTrue(e.command("d").contains("info string option name Hash value 32"), "the old table stays");
            assertEquals(1, e.errors("setoption name Hash value 1024").size());
            e.send("go depth 6");
            assertTrue(e.expect("bestmove").startsWith("bestmove "));
            e.quiet("setoption name Hash value 64");
            assertTrue(e.alive());
            assertEquals("", e.stderr());
        }
    }

    /**
     * A heap too small for the default 16 MB table (-Xmx64m: a container's limit, a mistyped
     * option): the engine refused to start at all ("internal error: ... Hash 16 MB does not fit"
     * on stderr, exit code 1, no protocol line). It now plays with a 1 MB table and says so.
     */
    @Test
    void aHeapTooSmallForTheDefaultTableStartsWithASmallerOne() {
        try (EngineUnderTest e = EngineUnderTest.startWithJvmOptions("-Xmx64m")) {
            assertTrue(e.command("d").contains("info string option name Hash value 1"), "a 1 MB table");
            e.send("go depth 6");
            List<String> lines = e.until("bestmove");
            assertTrue(lines.contains("info string Hash 1 MB: the default 16 MB does not fit in the Java heap (max 64 MB); "
                    + "give Java more heap with -Xmx, e.g. java -Xmx256m -jar damka.jar"), lines.toString());
            assertTrue(lines.get(lines.size() - 1).startsWith("bestmove "), lines.toString());
            e.send("go depth 6");
            assertTrue(e.until("bestmove").stream().noneMatch(l -> l.startsWith("info string Hash")), "said once");
            assertTrue(e.alive());
            assertEquals("", e.stderr());
        }
    }

    /**
     * With the serial collector (the launcher's), a table must fit in the old generation, two
     * thirds of the heap: the room the error names is really there, and the heap it suggests holds
     * the table asked for.
     */
    @Test
    void theRoomAndTheHeapTheErrorNameHoldUnderTheSerialCollector() {
        String error;
        try (EngineUnderTest e = EngineUnderTest.startWithJvmOptions("-XX:+UseSerialGC", "-Xmx700m")) {
            List<String> errors = e.errors("setoption name Hash value 1024");
            assertEquals(1, errors.size(), errors.toString());
            error = errors.get(0);
            Matcher room = Pattern.compile("room for about (\\d+) MB").matcher(error);
            assertTrue(room.find(), error);
            int roomMb = Integer.parseInt(room.group(1));
            e.quiet("setoption name Hash value " + roomMb); // fails if the room was not there
            // A table takes a power of two of MB: the next one above the room must not fit.
            assertEquals(1, e.errors("setoption name Hash value " + Integer.highestOneBit(roomMb) * 2).size());
            e.send("go depth 4");
            assertTrue(e.expect("bestmove").startsWith("bestmove "));
            assertEquals("", e.stderr());
        }
        Matcher heap = Pattern.compile("java (-Xmx\\d+g) -jar").matcher(error);
        assertTrue(heap.find(), error);
        try (EngineUnderTest e = EngineUnderTest.startWithJvmOptions("-XX:+UseSerialGC", heap.group(1))) {
            e.quiet("setoption name Hash value 1024");
            assertTrue(e.command("d").contains("info string option name Hash value 1024"), "the suggested heap holds the table");
        }
    }

    @Test
    void hubSetParamHashIsRefusedTheSameWay() {
        try (EngineUnderTest e = EngineUnderTest.startWithJvmOptions(SMALL_HEAP)) {
            e.send("hub");
            e.expect("wait");
            e.send("set-param name=hash value=4096");
            String error = e.next(30_000).text();
            assertTrue(error.startsWith("error ") && error.contains("-Xmx"), error);
            e.send("ping");
            assertEquals("pong", e.next(30_000).text());
            assertTrue(e.alive());
        }
    }
}
