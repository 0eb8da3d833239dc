package org.damka.match;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Every engine process the match has started, so that none outlives it: a JVM shutdown hook
 * (normal exit, Ctrl-C, SIGTERM) kills whatever is still registered, children first (an engine
 * started through a shell script has its own children).
 */
final class ProcessReaper {
    private ProcessReaper() { }

    private static final Set<Process> LIVE = ConcurrentHashMap.newKeySet();
    private static boolean hooked;

    static synchronized void register(Process p) {
        if (!hooked) {
            Runtime.getRuntime().addShutdownHook(new Thread(ProcessReaper::killAll, "damka-match-reaper"));
            hooked = true;
        }
        LIVE.add(p);
    }

    static void unregister(Process p) {
        LIVE.remove(p);
    }

    /** Number of registered processes still alive (for tests). */
    static int liveCount() {
        int n = 0;
        for (Process p : LIVE) if (p.isAlive()) n++;
        return n;
    }

    static void killAll() {
        for (Process p : LIVE) kill(p);
    }

    /** Kills a process and its descendants at once. */
    static void kill(Process p) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        LIVE.remove(p);
    }
}
