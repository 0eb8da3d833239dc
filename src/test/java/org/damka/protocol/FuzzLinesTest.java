package org.damka.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * FuzzIT's lines are a function of its seed: a failure seen once can be replayed with
 * {@code -Dfuzz.seed=N}, and a seed that is not a number is refused instead of silently
 * replaced by the clock.
 */
class FuzzLinesTest {
    private static final int LINES = 5_000;

    private static List<byte[]> first(FuzzLines lines, int n) {
        List<byte[]> out = new ArrayList<>();
        for (int i = 0; i < n; i++) out.add(lines.nextLine());
        return out;
    }

    @Test
    void theSameSeedGivesTheSameLines() {
        List<byte[]> a = first(new FuzzLines(20261201L), LINES), b = first(new FuzzLines(20261201L), LINES);
        for (int i = 0; i < LINES; i++) assertArrayEquals(a.get(i), b.get(i), "line " + i);
    }

    @Test
    void anotherSeedGivesOtherLines() {
        List<byte[]> a = first(new FuzzLines(1), 100), b = first(new FuzzLines(2), 100);
        int same = 0;
        for (int i = 0; i < a.size(); i++) if (java.util.Arrays.equals(a.get(i), b.get(i))) same++;
        assertNotEquals(a.size(), same, "two seeds gave the same 100 lines");
    }

    @Test
    void theSeedPropertyIsReadAndABadOneIsRefused() {
        String old = System.getProperty(FuzzLines.SEED_PROPERTY);
        try {
            System.setProperty(FuzzLines.SEED_PROPERTY, " 987654321 ");
            assertEquals(987654321L, FuzzLines.seedFromProperty());
            System.setProperty(FuzzLines.SEED_PROPERTY, "12x");
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, FuzzLines::seedFromProperty);
            assertEquals("-Dfuzz.seed=12x is not a number", e.getMessage());
        } finally {
            if (old == null) System.clearProperty(FuzzLines.SEED_PROPERTY);
            else System.setProperty(FuzzLines.SEED_PROPERTY, old);
        }
    }
}
