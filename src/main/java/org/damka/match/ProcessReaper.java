package org.damka.match;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * Every engine process the match has started, with the children it has been seen with, so that
 * none outlives the match: a JVM shutdown hook (normal exit, Ctrl-C, SIGTERM) kills whatever is
 * still registered, children first. An engine started through a shell script has its own
 * children, and a child whose parent has exited is no longer among the parent's descendants:
 * only the children remembered while the parent lived can still be found. Where Linux's
 * {@code setsid} is at hand, each engine runs in a session of its own ({@link #command}), and
 * whatever is left in that session is killed with it: a process the engine started and left at
 * once (a wrapper's {@code engine &}), which no look at its children could catch.
 */
final class ProcessReaper {
    private ProcessReaper() { }

    private static final Map<Process, Set<ProcessHandle>> LIVE = new ConcurrentHashMap<>();
    private static boolean hooked;

    static synchronized void register(Process p) {
        if (!hooked) {
            Runtime.getRuntime().addShutdownHook(new Thread(ProcessReaper::killAll, "damka-match-reaper"));
            hooked = true;
        }
        LIVE.put(p, ConcurrentHashMap.newKeySet());
    }

    /**
     * setsid, which runs a program in a new session. It forks only when it leads a process group,
     * which a child Java starts never does: it execs the engine, whose pid and exit code stay. No
     * {@code -w}: BusyBox's setsid (Alpine, slim images) has none.
     */
    private static final Path SETSID = Path.of("/usr/bin/setsid");
    private static final Path PROC = Path.of("/proc");

    /**
     * The command that starts an engine (run in the folder dir, null: this one): in a session of
     * its own where Linux lets us find that session again. A program that cannot be found is left
     * for Java to refuse, with its own message, rather than for setsid to fail after starting.
     */
    static List<String> command(List<String> engine, String dir) {
        if (engine.isEmpty() || !Files.isExecutable(SETSID) || !Files.isReadable(PROC.resolve("self/stat"))
                || !canRun(engine.get(0), dir)) return engine;
        List<String> c = new ArrayList<>(List.of(SETSID.toString()));
        c.addAll(engine);
        return c;
    }

    /** True if the program is an executable file, found as Java's ProcessBuilder would: by its path, else on PATH. */
    private static boolean canRun(String program, String dir) {
        try {
            if (program.contains("/")) {
                Path p = dir == null ? Path.of(program) : Path.of(dir).resolve(program);
                return Files.isRegularFile(p) && Files.isExecutable(p);
            }
            String path = System.getenv("PATH");
            if (path == null) return false;
            for (String folder : path.split(java.io.File.pathSeparator)) {
                Path p = Path.of(folder.isEmpty() ? "." : folder, program);
                if (Files.isRegularFile(p) && Files.isExecutable(p)) return true;
            }
            return false;
        } catch (RuntimeException e) { // a path Java cannot read: let ProcessBuilder say so
            return false;
        }
    }

    /** Remembers the process's current descendants (a look at the process table). */
    static void noteChildren(Process p) {
        Set<ProcessHandle> children = LIVE.get(p);
        if (children != null) p.descendants().forEach(children::add);
    }

    /** Number of registered processes still alive (for tests). */
    static int liveCount() {
        int n = 0;
        for (Process p : LIVE.keySet()) if (p.isAlive()) n++;
        return n;
    }

    static void killAll() {
        for (Process p : LIVE.keySet()) kill(p);
    }

    /** Kills a process, its descendants and the children it was seen with, at once. */
    static void kill(Process p) {
        Set<Long> sessions = new HashSet<>();
        // setsid made the engine its session's leader. Its number stays reserved while any process of
        // the session lives; a live process with that pid when the engine is dead means the session
        // is gone and the number reused: not ours.
        if (p.isAlive() || ProcessHandle.of(p.pid()).isEmpty()) sessions.add(p.pid());
        p.descendants().forEach(h -> {
            sessions.add(session(h.pid()));
            h.destroyForcibly();
        });
        Set<ProcessHandle> remembered = LIVE.remove(p);
        if (remembered != null) remembered.forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        killSessions(sessions);
    }

    /**
     * Kills every process of these sessions (the engines' own); never the match's session, nor
     * any when /proc cannot be read (another system: the children seen are all it kills).
     */
    private static void killSessions(Set<Long> sessions) {
        sessions.remove(session(ProcessHandle.current().pid()));
        sessions.remove(-1L);
        if (sessions.isEmpty()) return;
        try (Stream<Path> entries = Files.list(PROC)) {
            entries.map(e -> e.getFileName().toString()).filter(n -> !n.isEmpty() && n.chars().allMatch(Character::isDigit))
                    .mapToLong(Long::parseLong)
                    .filter(pid -> sessions.contains(session(pid)))
                    .forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
        } catch (IOException | RuntimeException e) {
            // no /proc: nothing more to find
        }
    }

    /** The session of a process from /proc/PID/stat (the field after state, parent and group), or -1. */
    static long session(long pid) {
        try {
            String stat = Files.readString(PROC.resolve(pid + "/stat"));
            String[] after = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(after[3]);
        } catch (IOException | RuntimeException e) {
            return -1; // gone, or no /proc
        }
    }
}
