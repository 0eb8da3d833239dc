package org.damka.gui;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.damka.rules.Rules;

/**
 * What the rooms share: the registry of rooms by code, the secrets (room codes and seat tokens
 * from a {@link SecureRandom}), the limits, the endgame tables, and the engine pool that caps how many searches run at
 * once whatever the number of rooms.
 */
final class GuiContext implements AutoCloseable {
    /** Room codes: 10 symbols of Crockford's base 32 (no I, L, O, U): 50 random bits. */
    static final String CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
    static final int CODE_LENGTH = 10;

    /** A job for the engine pool (it may be interrupted when the server stops). */
    interface EngineJob {
        void run() throws InterruptedException;
    }

    private final GuiLimits limits;
    private final GuiTables tables;
    private final Map<String, Room> rooms = new ConcurrentHashMap<>();
    /** Open game sockets by client address. */
    private final Map<String, Integer> sockets = new ConcurrentHashMap<>();
    private final SecureRandom secure = new SecureRandom();
    private final Random random = new Random();
    private final ExecutorService engines;
    private final AtomicInteger enginesInUse = new AtomicInteger();
    /** Held while a room is created (it takes a dropped room's lock: never the other way round). */
    private final Object creating = new Object();
    /** How to make each running analysis step aside for an engine move. */
    private final Set<Runnable> analyses = ConcurrentHashMap.newKeySet();
    /** Engine moves queued that no thread has taken yet. */
    private final AtomicInteger enginesWaiting = new AtomicInteger();
    private final ScheduledExecutorService sweeper;

    GuiContext(GuiLimits limits) {
        this(limits, GuiTables.none());
    }

    GuiContext(GuiLimits limits, GuiTables tables) {
        this.limits = limits;
        this.tables = tables;
        AtomicInteger n = new AtomicInteger();
        this.engines = Executors.newFixedThreadPool(limits.engineSearches(), r -> {
            Thread t = new Thread(r, "damka-gui-engine-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        java.util.concurrent.ScheduledThreadPoolExecutor timer = new java.util.concurrent.ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "damka-gui-rooms");
            t.setDaemon(true);
            return t;
        });
        // a clock's flag timer is replaced after every move: a cancelled one must not stay queued
        // (with its room) until its time, or a client sending moves could fill the heap
        timer.setRemoveOnCancelPolicy(true);
        this.sweeper = timer;
        long every = Math.max(1, limits.roomIdle().toMillis() / 4);
        sweeper.scheduleWithFixedDelay(this::dropIdleRooms, every, every, TimeUnit.MILLISECONDS);
    }

    GuiLimits limits() { return limits; }

    /** The endgame tables the engine rooms share. */
    GuiTables tables() { return tables; }

    Random random() { return random; }

    /** A fresh seat token (128 random bits). */
    String newToken() {
        byte[] b = new byte[16];
        secure.nextBytes(b);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
    }

    /**
     * Counts a game socket opened from this address; false (nothing counted) when the address
     * already holds {@link GuiLimits#socketsPerAddress}.
     */
    boolean openSocket(String address) {
        boolean[] opened = {false};
        sockets.compute(address, (a, n) -> {
            int held = n == null ? 0 : n;
            if (held >= limits.socketsPerAddress()) return n;
            opened[0] = true;
            return held + 1;
        });
        return opened[0];
    }

    /** A socket counted by {@link #openSocket} has closed. */
    void closeSocket(String address) {
        sockets.computeIfPresent(address, (a, n) -> n <= 1 ? null : n - 1);
    }

    /**
     * Creates a room for a client at the given address, or throws when a limit is reached. One
     * create at a time: creates racing at a cap each made way with the same room and all went in.
     */
    Room create(Room.Mode mode, Rules rules, int side, Level level, String token, String address) {
        synchronized (creating) {
            return createAtTheCaps(mode, rules, side, level, token, address);
        }
    }

    private Room createAtTheCaps(Room.Mode mode, Rules rules, int side, Level level, String token, String address) {
        // At the cap, a room nobody has been in for the seat-claim time makes way (a reload is not
        // leaving): rooms made and left by a script would otherwise lock every address out until they expire.
        if (rooms.size() >= limits.maxRooms() && !dropLongestIdle(leftFor(limits.seatClaim(), rooms.values().stream()))) {
            throw new IllegalArgumentException("the server has too many rooms; try again later");
        }
        List<Room> mine = rooms.values().stream().filter(r -> r.creatorAddress.equals(address)).toList();
        if (mine.size() >= limits.roomsPerAddress() && !dropLongestIdle(mine)) {
            throw new IllegalArgumentException("too many rooms from your address (" + limits.roomsPerAddress() + ")");
        }
        if (mode == Room.Mode.ENGINE) makeRoomForAnEngine();
        while (true) {
            String code = newCode();
            Room room = new Room(code, mode, rules, side, level, token, address, this);
            if (rooms.putIfAbsent(code, room) == null) return room;
        }
    }

    private String newCode() {
        StringBuilder sb = new StringBuilder(CODE_LENGTH);
        for (int i = 0; i < CODE_LENGTH; i++) sb.append(CODE_ALPHABET.charAt(secure.nextInt(CODE_ALPHABET.length())));
        return sb.toString();
    }

    /** The room with this code (case, spaces and dashes ignored; O read as 0, I and L as 1), or null. */
    Room find(String code) {
        if (code == null || code.length() > 64) return null;
        String c = canonicalCode(code);
        return c.length() == CODE_LENGTH ? rooms.get(c) : null;
    }

    private static String canonicalCode(String code) {
        return code.replaceAll("[\\s-]", "").toUpperCase(Locale.ROOT).replace('O', '0').replace('I', '1').replace('L', '1');
    }

    /**
     * Why {@link #find} found no room for a code: one of another length is no code at all (the
     * page sends what it read, so a typed "hello" arrives as HE110: said how it was read), else
     * the room has gone (expired, or the server restarted: rooms live in its memory).
     */
    static String noRoom(String code) {
        String quoted = "no room with the code '" + Client.abbreviate(code) + "'";
        if (code.length() > 64 || canonicalCode(code).length() != CODE_LENGTH) {
            return quoted + " (a code has " + CODE_LENGTH + " letters and digits; O is read as 0, I and L as 1)";
        }
        return quoted + " (it may have expired, or the server was restarted)";
    }

    int roomCount() { return rooms.size(); }

    /** Counts a room's engine against the limit; throws when there are too many. */
    void claimEngine() {
        if (enginesInUse.incrementAndGet() > limits.maxEngines()) {
            enginesInUse.decrementAndGet();
            throw new IllegalArgumentException("the server has too many engine games; try again later");
        }
    }

    /**
     * At the engine cap, frees an engine for a new game: closes the room holding one that nobody
     * has been in for {@link GuiLimits#seatClaim} (a reload is not leaving) and that has been idle
     * longest, whoever made it (rooms left behind would otherwise keep every engine until they
     * expire). Called outside any room's lock, as it takes another's.
     */
    void makeRoomForAnEngine() {
        if (enginesInUse.get() < limits.maxEngines()) return;
        dropLongestIdle(leftFor(limits.seatClaim(), rooms.values().stream().filter(Room::holdsEngine)));
    }

    /** The rooms nobody has been in for this long. */
    private static List<Room> leftFor(java.time.Duration away, java.util.stream.Stream<Room> rooms) {
        long nanos = away.toNanos();
        return rooms.filter(r -> r.idleNanos() >= nanos).toList();
    }

    void releaseEngine() {
        enginesInUse.decrementAndGet();
    }

    /**
     * Runs an engine move on the capped engine pool. While it waits for a thread, every analysis
     * running or starting is asked to step aside (it goes on after the queued jobs): a player
     * waiting for the engine's reply must not wait for someone's open-ended analysis.
     */
    void runEngine(EngineJob job) {
        enginesWaiting.incrementAndGet();
        engines.execute(() -> {
            enginesWaiting.decrementAndGet();
            run(job);
        });
        if (enginesWaiting.get() > 0) analyses.forEach(Runnable::run);
    }

    /**
     * Runs an analysis on the capped engine pool; {@code stepAside} stops it early when an engine
     * move waits for a thread (the job then queues its own continuation).
     */
    void runAnalysis(EngineJob job, Runnable stepAside) {
        engines.execute(() -> {
            analyses.add(stepAside);
            if (enginesWaiting.get() > 0) stepAside.run(); // started ahead of a waiting engine move
            try {
                run(job);
            } finally {
                analyses.remove(stepAside);
            }
        });
    }

    private static void run(EngineJob job) {
        try {
            job.run();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            System.err.println("damka gui: engine job failed: " + e);
        }
    }

    /**
     * Drops the room of these that nobody is in and that has been idle longest (at an address's
     * limit: its own rooms left behind would otherwise refuse it until they expire). A room
     * someone joins meanwhile is kept, and the next one is tried.
     */
    private boolean dropLongestIdle(List<Room> candidates) {
        // Each room's idle time read once: it changes while the list is sorted.
        record Idle(Room room, long nanos) { }
        List<Idle> empty = candidates.stream().map(r -> new Idle(r, r.idleNanos())).filter(i -> i.nanos >= 0)
                .sorted(Comparator.comparingLong(Idle::nanos).reversed()).toList();
        for (Idle i : empty) {
            Room r = i.room;
            if (r.closeIfIdle(-1)) {
                rooms.remove(r.code, r);
                return true;
            }
        }
        return false;
    }

    /** Runs a short task (a clock's flag) after the delay, on the rooms' timer thread; null once the server stops. */
    java.util.concurrent.ScheduledFuture<?> schedule(Runnable task, long delayMs) {
        try {
            return sweeper.schedule(task, delayMs, TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.RejectedExecutionException e) {
            return null; // the server is stopping: no game goes on to be ended
        }
    }

    /** Tasks waiting on the rooms' timer thread (a test's view). */
    int queuedTimers() {
        return ((java.util.concurrent.ScheduledThreadPoolExecutor) sweeper).getQueue().size();
    }

    private void dropIdleRooms() {
        long idle = limits.roomIdle().toNanos();
        rooms.values().removeIf(r -> r.closeIfIdle(idle));
    }

    @Override
    public void close() {
        sweeper.shutdownNow();
        rooms.values().forEach(Room::close);
        engines.shutdownNow();
    }
}
