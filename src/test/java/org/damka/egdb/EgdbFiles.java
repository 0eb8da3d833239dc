package org.damka.egdb;

import java.io.IOException;
import java.nio.file.Path;

import org.damka.rules.Rules;

/** Valid table files of the right sizes, all draws, written without a build: for tests that need big tables, not true ones. */
public final class EgdbFiles {
    private EgdbFiles() { }

    /** Writes every balance of the variant up to {@code pieces} pieces into {@code dir}; returns the values written. */
    public static long writeDraws(Path dir, Rules rules, int pieces) throws IOException {
        return writeDraws(dir, rules, pieces, Long.MAX_VALUE);
    }

    /** As {@link #writeDraws(Path, Rules, int)}, the balances in order until at least {@code bytes} are written. */
    public static long writeDraws(Path dir, Rules rules, int pieces, long bytes) throws IOException {
        Egdb shapes = new Egdb(rules);
        long total = 0;
        for (Material m : Egdb.balances(rules, pieces)) {
            if (total >= bytes) break;
            int size = (int) shapes.index(m).size();
            EgdbFile.write(EgdbFile.path(dir, rules, m), rules, m, new byte[size]); // 0: EgdbValue.DRAW
            total += size;
        }
        return total;
    }
}
