package org.damka.egdb;

import java.io.IOException;
import java.io.PrintWriter;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import org.damka.board.Position;
import org.damka.movegen.MoveGenerator;
import org.damka.movegen.MoveList;
import org.damka.files.FileErrors;
import org.damka.rules.Geometry;
import org.damka.rules.Rules;

/**
 * Builds the tables of a variant by retrograde analysis, one material balance at a time, each
 * after the balances its captures and promotions lead to (see {@link Egdb#balances}).
 *
 * <p>Within a balance only quiet moves that do not promote stay inside it; every other move
 * leaves it for a finished table. One forward pass generates each position's moves: it looks the
 * leaving moves up and counts the staying ones. Then positions are settled in order of distance
 * (plies to the end of the game): a position is won in d+1 if a move reaches a position lost in
 * d, and lost in d+1 when the last of its moves turns out to reach a won one, the longest at d.
 * The staying moves are walked backwards ("unmoves": a piece of the side that just moved steps
 * back; the position before must have had no capture, since capturing is compulsory, see
 * {@link #reached}).
 * What is never settled is a draw.
 */
public final class EgdbBuilder {
    private static final int FLAG_SETTLED = 1, FLAG_DRAW_EXIT = 2, FLAG_WIN_QUEUED = 4;
    private static final int CHUNK = 1 << 12;

    private final Rules rules;
    private final Path dir;
    private final int threads;
    private final PrintWriter progress;
    private final Egdb egdb;

    public EgdbBuilder(Rules rules, Path dir, int threads, PrintWriter progress) {
        this.rules = rules;
        this.dir = dir;
        this.threads = Math.max(1, threads);
        this.progress = progress;
        this.egdb = new Egdb(rules);
    }

    /** The tables built or loaded so far. */
    public Egdb egdb() { return egdb; }

    /**
     * Builds every balance with up to {@code pieces} pieces. A slice whose file is already there
     * and reads back whole is loaded instead of built, so an interrupted build resumes.
     */
    public void build(int pieces) throws IOException {
        build(Egdb.balances(rules, pieces));
    }

    /** Builds one balance and those its captures and promotions can lead to (tests, theory). */
    public void build(Material target) throws IOException {
        build(Egdb.balancesFrom(rules, target));
    }

    private void build(List<Material> all) throws IOException {
        try (BuildLock lock = new BuildLock(EgdbFile.folder(dir, rules))) {
            build(all, lock);
        }
    }

    /** The file a build holds locked (the lock, not the file, goes when the process does). */
    static final String LOCK = "build.lock";

    /**
     * The variant folder's {@link #LOCK}, taken before the first table is written: two builds
     * writing into one folder would share temporary files, so the second is refused. A build
     * that only loads whole tables (a read-only copy of a set) takes none.
     */
    private static final class BuildLock implements AutoCloseable {
        private final Path folder;
        private java.nio.channels.FileChannel channel;
        private java.nio.channels.FileLock lock;

        BuildLock(Path folder) {
            this.folder = folder;
        }

        void hold() throws IOException {
            if (lock != null) return;
            Files.createDirectories(folder);
            channel = java.nio.channels.FileChannel.open(folder.resolve(LOCK),
                    java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.WRITE);
            try {
                lock = channel.tryLock();
            } catch (java.nio.channels.OverlappingFileLockException e) { // held by this process
                lock = null;
            }
            if (lock == null) {
                channel.close();
                channel = null;
                throw new IllegalStateException("another build is writing tables in " + folder + "; wait for it to finish, or build into another --dir");
            }
        }

        @Override
        public void close() throws IOException {
            if (channel != null) channel.close(); // releases the lock
        }
    }

    private void build(List<Material> all, BuildLock lock) throws IOException {
        long start = System.nanoTime();
        int done = 0;
        for (Material m : all) {
            done++;
            Path file = EgdbFile.path(dir, rules, m);
            long t0 = System.nanoTime();
            SliceIndex index = egdb.index(m);
            if (index.size() > Integer.MAX_VALUE - 8) throw new IOException(m + ": " + index.size() + " positions is more than one table holds");
            byte[] values = null;
            if (Files.isRegularFile(file)) {
                try {
                    values = EgdbFile.read(file, rules, m, index.size());
                    progress.printf(java.util.Locale.ROOT, "egdb %s %d/%d %s: already built%n", rules.name(), done, all.size(), m);
                } catch (IOException e) {
                    progress.printf(java.util.Locale.ROOT, "egdb %s %d/%d %s: rebuilding (%s)%n", rules.name(), done, all.size(), m, e.getMessage());
                }
            }
            if (values == null) {
                lock.hold();
                values = buildSlice(m, index);
                EgdbFile.write(file, rules, m, values);
                EgdbCounts c = EgdbCounts.of(values);
                progress.printf(java.util.Locale.ROOT, "egdb %s %d/%d %s: %d positions, win %d draw %d loss %d, longest %d plies, %.1f s (total %.0f s)%n",
                        rules.name(), done, all.size(), m, c.positions(), c.wins(), c.draws(), c.losses(),
                        Math.max(c.longestWin(), c.longestLoss()),
                        (System.nanoTime() - t0) / 1e9, (System.nanoTime() - start) / 1e9);
            }
            egdb.add(m, values);
        }
    }

    /**
     * The working state of one slice under construction: the values, and per index one word of
     * flags, the staying moves not yet known to reach a won position ("open") and the best
     * distance through a leaving move (a win's when WIN_QUEUED, else a loss's). The word is
     * updated by compare-and-set, so the settling threads need no lock.
     */
    private static final class Slice {
        final Material material;
        final SliceIndex index;
        final int size;
        final byte[] values;
        final int[] state;

        Slice(Material m, SliceIndex index) {
            this.material = m;
            this.index = index;
            this.size = (int) index.size();
            values = new byte[size];
            state = new int[size];
        }
    }

    private static final VarHandle STATE = MethodHandles.arrayElementVarHandle(int[].class);

    private static int open(int state) { return state & 0xff; }

    private static int distance(int state) { return (state >>> 8) & 0xff; }

    private static int flags(int state) { return state >>> 16; }

    private static int state(int flags, int distance, int open) { return flags << 16 | distance << 8 | open; }

    /** Scratch objects of one thread, and the positions it queued per distance. */
    private final class Scratch {
        final MoveGenerator generator = MoveGenerator.create(rules);
        final MoveList moves = new MoveList();
        final Position position = new Position(), child = new Position();
        final int[][] buckets = new int[EgdbValue.MAX_DISTANCE + 1][];
        final int[] bucketSize = new int[EgdbValue.MAX_DISTANCE + 1];

        void queue(Material m, int d, int i) {
            if (d > EgdbValue.MAX_DISTANCE) throw new IllegalStateException(m + ": distance " + d + " does not fit");
            int[] b = buckets[d];
            if (b == null) b = buckets[d] = new int[1024];
            if (bucketSize[d] == b.length) b = buckets[d] = Arrays.copyOf(b, b.length * 2);
            b[bucketSize[d]++] = i;
        }

        /** Hands over the positions queued at d (and forgets them). */
        int takeBucket(int d, int[] into, int at) {
            int n = bucketSize[d];
            if (n > 0) System.arraycopy(buckets[d], 0, into, at, n);
            buckets[d] = null;
            bucketSize[d] = 0;
            return at + n;
        }
    }

    private Scratch[] scratches() {
        Scratch[] s = new Scratch[threads];
        for (int t = 0; t < threads; t++) s[t] = new Scratch();
        return s;
    }

    /**
     * The forward pass (in parallel), then the positions settled in order of distance: each
     * bucket's positions are settled in parallel too, since what settling one queues always goes
     * to a later bucket and the order inside a bucket changes nothing.
     */
    byte[] buildSlice(Material m, SliceIndex index) {
        Slice s = new Slice(m, index);
        Scratch[] scratch = scratches();
        parallel(scratch, s.size, (sc, i) -> forward(s, sc, i));
        for (int d = 0; d <= EgdbValue.MAX_DISTANCE; d++) {
            int n = 0;
            for (Scratch sc : scratch) n += sc.bucketSize[d];
            if (n == 0) continue;
            int[] bucket = new int[n];
            for (int t = 0, at = 0; t < scratch.length; t++) at = scratch[t].takeBucket(d, bucket, at);
            int distance = d;
            parallel(scratch, n, (sc, k) -> settle(s, sc, bucket[k], distance));
        }
        return s.values;
    }

    /**
     * The forward pass over one index: moves that leave the slice are looked up, staying ones
     * counted; a position decided by its leaving moves alone is queued at its distance.
     */
    private void forward(Slice s, Scratch sc, int i) {
        Position p = sc.position;
        if (!s.index.decode(i, p)) {
            s.values[i] = (byte) EgdbValue.NO_POSITION;
            s.state[i] = state(FLAG_SETTLED, 0, 0);
            return;
        }
        int n = sc.generator.generate(p, sc.moves);
        int flags = 0, open = 0, winDistance = Integer.MAX_VALUE, lossDistance = 0;
        if (n == 0 && !rules.noMoveLoses()) {
            flags = FLAG_SETTLED; // a blocked side draws (values stay 0)
        }
        for (int j = 0; j < n; j++) {
            if (!sc.moves.isCapture(j) && !sc.moves.promotes(j)) {
                open++;
                continue;
            }
            sc.child.copyFrom(p);
            sc.moves.play(sc.child, j);
            int v = egdb.probe(sc.child);
            if (v == EgdbValue.UNKNOWN) throw new IllegalStateException(s.material + ": no table for a successor");
            if (EgdbValue.isLoss(v)) winDistance = Math.min(winDistance, EgdbValue.distance(v) + 1);
            else if (EgdbValue.isWin(v)) lossDistance = Math.max(lossDistance, EgdbValue.distance(v) + 1);
            else flags |= FLAG_DRAW_EXIT;
        }
        if (open > 255) throw new IllegalStateException(s.material + ": more than 255 quiet moves");
        int distance = lossDistance;
        if (winDistance != Integer.MAX_VALUE) {
            flags |= FLAG_WIN_QUEUED;
            distance = winDistance;
        }
        s.state[i] = state(flags, distance, open);
        if ((flags & FLAG_SETTLED) != 0) return;
        if ((flags & FLAG_WIN_QUEUED) != 0 || (open == 0 && (flags & FLAG_DRAW_EXIT) == 0)) sc.queue(s.material, distance, i);
    }

    /** Settles index i at distance d (if nothing settled it sooner) and tells its predecessors. */
    private void settle(Slice s, Scratch sc, int i, int d) {
        for (int st; (flags(st = (int) STATE.getVolatile(s.state, i)) & FLAG_SETTLED) == 0; ) {
            if (STATE.compareAndSet(s.state, i, st, st | state(FLAG_SETTLED, 0, 0))) {
                s.values[i] = (byte) EgdbValue.ofDistance(d);
                unmoves(s, sc, i, d);
                return;
            }
        }
    }

    /** Walks the staying moves that lead to index i backwards and tells each predecessor. */
    private void unmoves(Slice s, Scratch sc, int i, int d) {
        boolean lost = (d & 1) == 0;
        Position q = sc.position;
        s.index.decode(i, q);
        int mover = q.sideToMove() ^ 1;
        Geometry g = rules.geometry();
        boolean flying = rules.flyingKings();
        int backward = mover == Position.WHITE
                ? (1 << Geometry.DOWN_LEFT) | (1 << Geometry.DOWN_RIGHT)
                : (1 << Geometry.UP_LEFT) | (1 << Geometry.UP_RIGHT);
        for (int word = 0; word < 2; word++) {
            for (long pieces = word == 0 ? q.piecesLo(mover) : q.piecesHi(mover); pieces != 0; pieces &= pieces - 1) {
                int from = Long.numberOfTrailingZeros(pieces) + 64 * word;
                boolean king = q.isKing(from);
                for (int dir = 0; dir < Geometry.DIRECTIONS; dir++) {
                    if (!king && (backward & (1 << dir)) == 0) continue;
                    for (int to = g.next(dir, from); to >= 0 && q.isEmpty(to); to = g.next(dir, to)) {
                        Position before = sc.child;
                        before.copyFrom(q);
                        before.setSideToMove(mover);
                        before.play(from, to, 0, 0, false);
                        before.setSideToMove(mover);
                        reached(s, sc, (int) s.index.indexOf(before), d, lost);
                        if (!king || !flying) break;
                    }
                }
            }
        }
    }

    /**
     * A predecessor learns that one of its staying moves reaches a position settled at d. An
     * unmove is not always a move: where the side had a capture, the quiet move was not legal.
     * Such a position has no staying moves (its count is 0 from the forward pass), and a real
     * predecessor's count reaches 0 only after all its staying moves were counted down, so a
     * count of 0 tells the false ones apart without generating captures again.
     */
    private static void reached(Slice s, Scratch sc, int j, int d, boolean lost) {
        while (true) {
            int st = (int) STATE.getVolatile(s.state, j);
            int f = flags(st), open = open(st);
            if ((f & FLAG_SETTLED) != 0 || open == 0) return;
            int next, queueAt = -1;
            if (lost) {
                if ((f & FLAG_WIN_QUEUED) != 0 && distance(st) <= d + 1) return;
                next = state(f | FLAG_WIN_QUEUED, d + 1, open);
                queueAt = d + 1;
            } else if ((f & FLAG_WIN_QUEUED) != 0) {
                next = st - 1; // one staying move fewer to wait for
            } else {
                int loss = Math.max(distance(st), d + 1);
                next = state(f, loss, open - 1);
                if (open == 1 && (f & FLAG_DRAW_EXIT) == 0) queueAt = loss;
            }
            if (STATE.compareAndSet(s.state, j, st, next)) {
                if (queueAt >= 0) sc.queue(s.material, queueAt, j);
                return;
            }
        }
    }

    /** What a loop body does with one item. */
    interface IndexTask {
        void run(Scratch scratch, int index);
    }

    /**
     * Runs a task on every item 0..size-1, in chunks, on the builder's threads (one scratch
     * each); a small job runs on the calling thread alone.
     */
    private void parallel(Scratch[] scratch, int size, IndexTask task) {
        AtomicInteger next = new AtomicInteger();
        // Any failure of a worker (an Error too) fails the whole pass: a table with holes is never written.
        AtomicReference<Throwable> failure = new AtomicReference<>();
        int workers = size < 2 * CHUNK ? 1 : scratch.length;
        Runnable[] work = new Runnable[workers];
        for (int t = 0; t < workers; t++) {
            Scratch sc = scratch[t];
            work[t] = () -> {
                try {
                    for (int c; (c = next.getAndAdd(CHUNK)) < size && failure.get() == null; ) {
                        int end = Math.min(size, c + CHUNK);
                        for (int i = c; i < end; i++) task.run(sc, i);
                    }
                } catch (RuntimeException | Error e) {
                    failure.compareAndSet(null, e);
                }
            };
        }
        if (workers == 1) {
            work[0].run();
        } else {
            Thread[] ts = new Thread[workers];
            for (int t = 0; t < workers; t++) {
                ts[t] = new Thread(work[t], "egdb-" + t);
                ts[t].start();
            }
            for (Thread t : ts) {
                try {
                    t.join();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted", e);
                }
            }
        }
        Throwable f = failure.get();
        if (f instanceof RuntimeException e) throw e;
        if (f != null) throw new IllegalStateException("a builder thread failed: " + f, f);
    }

    /**
     * Loads every table with up to {@code pieces} pieces from the directory and verifies each
     * one; a missing or unreadable table counts as a failure. Returns the number of problems.
     */
    public long verifyAll(int pieces, PrintWriter report) {
        return verifyAll(Egdb.balances(rules, pieces), report);
    }

    /** Verifies one balance and those it leads to. */
    public long verifyAll(Material target, PrintWriter report) {
        return verifyAll(Egdb.balancesFrom(rules, target), report);
    }

    private long verifyAll(List<Material> all, PrintWriter report) {
        long problems = 0;
        int done = 0;
        for (Material m : all) {
            done++;
            Path file = EgdbFile.path(dir, rules, m);
            long t0 = System.nanoTime();
            String unreadable = null;
            if (!Files.isRegularFile(file)) {
                // a pipe with a table's name is not opened: the read would wait for a writer for ever
                String what = FileErrors.notRegular(file);
                unreadable = what != null ? what : "missing";
            } else {
                try {
                    egdb.add(m, EgdbFile.read(file, rules, m, egdb.index(m).size()));
                } catch (IOException e) {
                    unreadable = FileErrors.describe(file, e);
                }
            }
            if (unreadable != null) {
                report.println(file + ": " + unreadable);
                problems++;
                continue;
            }
            Checked checked = verify(m, report);
            problems += checked.disagreements();
            if (checked.unchecked() > 0) {
                // a table that could not be read is the problem, not those whose positions lead to it
                report.println(m + ": " + checked.unchecked() + " positions not checked: a table they lead to is missing or bad");
            }
            progress.printf(java.util.Locale.ROOT, "egdb verify %s %d/%d %s: %s%s, %.1f s%n", rules.name(), done, all.size(), m,
                    checked.disagreements() == 0 ? "ok" : checked.disagreements() + " disagreements",
                    checked.unchecked() == 0 ? "" : ", " + checked.unchecked() + " positions not checked", (System.nanoTime() - t0) / 1e9);
        }
        return problems;
    }

    /** What {@link #verify} found: values its successors contradict, and positions with a successor in no table. */
    record Checked(long disagreements, long unchecked) { }

    /**
     * Checks every stored value against its successors one ply down (the same rules the build
     * applies, recomputed from the values alone), printing the first few disagreements.
     */
    Checked verify(Material m, PrintWriter report) {
        SliceIndex index = egdb.index(m);
        int size = (int) index.size();
        AtomicInteger bad = new AtomicInteger();
        AtomicLong unchecked = new AtomicLong();
        parallel(scratches(), size, (sc, i) -> {
            String problem = check(index, sc, i);
            if (problem == NO_SUCCESSOR_TABLE) unchecked.incrementAndGet();
            else if (problem != null && bad.getAndIncrement() < 5) report.println(m + " index " + i + ": " + problem);
        });
        return new Checked(bad.get(), unchecked.get());
    }

    /** check's answer for a position with a successor in no table (compared by identity: one constant). */
    private static final String NO_SUCCESSOR_TABLE = "a successor has no table";

    private String check(SliceIndex index, Scratch sc, int i) {
        Position p = sc.position;
        boolean real = index.decode(i, p);
        int stored = egdb.probeIndex(index.material(), i);
        if (!real) return stored == EgdbValue.NO_POSITION ? null : "not a position but holds " + stored;
        int n = sc.generator.generate(p, sc.moves);
        int win = Integer.MAX_VALUE, loss = 0;
        boolean draw = n == 0 && !rules.noMoveLoses();
        for (int j = 0; j < n; j++) {
            sc.child.copyFrom(p);
            sc.moves.play(sc.child, j);
            int v = egdb.probe(sc.child);
            if (v == EgdbValue.UNKNOWN) return NO_SUCCESSOR_TABLE;
            if (EgdbValue.isLoss(v)) win = Math.min(win, EgdbValue.distance(v) + 1);
            else if (EgdbValue.isWin(v)) loss = Math.max(loss, EgdbValue.distance(v) + 1);
            else draw = true;
        }
        int expected = win != Integer.MAX_VALUE ? EgdbValue.ofDistance(win) : draw ? EgdbValue.DRAW : EgdbValue.ofDistance(loss);
        return expected == stored ? null
                : "holds " + EgdbValue.describe(stored) + ", successors say " + EgdbValue.describe(expected);
    }
}
