package org.damka.search;

/**
 * A shared transposition table in one flat {@code long[]}: buckets of four entries, each entry two
 * longs {@code (key ^ data, data)}. The XOR lets threads read and write without locks: a torn
 * entry (key from one write, data from another) simply fails the key check (Lazy SMP).
 *
 * <p>{@code data} packs the 32-bit move key ({@code MoveList.key}), the score (16 bits), the
 * depth (8 bits), the bound (2 bits) and the search's age (6 bits). Replacement keeps, within a
 * bucket, the entry for the same position, else overwrites the one with the least
 * {@code depth - 4 * age distance}: deep entries of the current search survive, old ones go first.
 * Win scores are stored relative to the node (the caller adjusts them by ply).
 */
public final class TranspositionTable {
    public static final int BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3;
    private static final int BUCKET_LONGS = 8; // 4 entries x 2 longs = 64 bytes
    private static final int AGE_MASK = 63;
    /**
     * Longs skipped before the first bucket so that each bucket fills one 64-byte cache line: a
     * table this large is a G1 humongous object, which starts on a region boundary, and its
     * elements start 16 bytes (the array header) after that. Unaligned, a probe of a bucket not
     * holding the key reads two lines.
     */
    private static final int ALIGN = 6;

    private final long[] table;
    private final int bucketMask;
    private volatile int age;

    /** A table using at most {@code mb} megabytes (rounded down to a power of two of buckets). */
    public TranspositionTable(int mb) {
        long buckets = buckets(mb);
        table = new long[(int) (buckets * BUCKET_LONGS) + ALIGN];
        bucketMask = (int) buckets - 1;
    }

    private static long buckets(int mb) {
        long bytes = Math.max(1, mb) * (1L << 20);
        long buckets = Long.highestOneBit(Math.max(1, bytes / (BUCKET_LONGS * 8)));
        return Math.min(buckets, 1L << 26); // keeps the array index an int
    }

    /** The bytes a table of {@code mb} megabytes really takes (before allocating it). */
    public static long bytesFor(int mb) {
        return (buckets(mb) * BUCKET_LONGS + ALIGN) * Long.BYTES;
    }

    /** The bytes this table takes. */
    public long bytes() {
        return (long) table.length * Long.BYTES;
    }

    /** Tables of fewer longs (64 MB) are emptied by the caller alone: a few milliseconds. */
    private static final int PARALLEL_CLEAR_LONGS = 1 << 23;

    /**
     * Empties the table (new game, bench); one of 64 MB or more on every core, as Stockfish does:
     * memory bandwidth bounds it (a 1 GB table here: 43-56 ms on one thread, 22-39 ms on two).
     */
    public void clear() {
        long[] t = table;
        int parts = t.length < PARALLEL_CLEAR_LONGS ? 1 : Runtime.getRuntime().availableProcessors();
        if (parts <= 1) {
            java.util.Arrays.fill(t, 0);
        } else {
            int chunk = (t.length + parts - 1) / parts;
            java.util.stream.IntStream.range(0, parts).parallel()
                    .forEach(i -> java.util.Arrays.fill(t, Math.min(t.length, i * chunk), Math.min(t.length, (i + 1) * chunk), 0));
        }
        age = 0;
    }

    /** A new search starts: entries of earlier searches become the first to be replaced. */
    public void newSearch() {
        age = (age + 1) & AGE_MASK;
    }

    /** The index of the key's bucket's first long. */
    private int bucketBase(long key) {
        return ALIGN + ((int) (key ^ (key >>> 32)) & bucketMask) * BUCKET_LONGS;
    }

    /** The data word stored for a key, or 0 when absent. */
    public long probe(long key) {
        int base = bucketBase(key);
        long[] t = table;
        for (int i = base; i < base + BUCKET_LONGS; i += 2) {
            long data = t[i + 1];
            if ((t[i] ^ data) == key && data != 0) return data;
        }
        return 0;
    }

    public void store(long key, int moveKey, int score, int depth, int bound) {
        int base = bucketBase(key);
        long[] t = table;
        int currentAge = age;
        int victim = base;
        int worst = Integer.MAX_VALUE;
        for (int i = base; i < base + BUCKET_LONGS; i += 2) {
            long data = t[i + 1];
            if (data == 0 || (t[i] ^ data) == key) {
                // Same position: keep its move when the new result has none.
                if (data != 0 && moveKey == 0) moveKey = move(data);
                victim = i;
                break;
            }
            int ageDistance = (currentAge - age(data)) & AGE_MASK;
            int value = depth(data) - 4 * ageDistance;
            if (value < worst) {
                worst = value;
                victim = i;
            }
        }
        int d = Math.max(0, Math.min(255, depth));
        long data = (moveKey & 0xffffffffL)
                | ((long) (score & 0xffff) << 32)
                | ((long) d << 48)
                | ((long) bound << 56)
                | ((long) currentAge << 58);
        t[victim] = key ^ data;
        t[victim + 1] = data;
    }

    public static int move(long data) { return (int) data; }
    public static int score(long data) { return (short) (data >>> 32); }
    public static int depth(long data) { return (int) (data >>> 48) & 0xff; }
    public static int bound(long data) { return (int) (data >>> 56) & 3; }
    private static int age(long data) { return (int) (data >>> 58) & AGE_MASK; }

    /** Permille of a sample of entries written by the current search (UCI hashfull). */
    public int hashFull() {
        int sample = Math.min((table.length - ALIGN) / 2, 1000);
        int used = 0;
        int currentAge = age;
        for (int e = 0; e < sample; e++) {
            long data = table[ALIGN + 2 * e + 1];
            if (data != 0 && age(data) == currentAge) used++;
        }
        return sample == 0 ? 0 : used * 1000 / sample;
    }
}
