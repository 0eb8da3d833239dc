package org.damka.match;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Every engine process the match has started, with the children it has been seen with, so that
 * none outlives the match: a JVM shutdown hook (normal exit, Ctrl-C, SIGTERM) kills whatever is
 * still registered, children first. An engine started through a shell script has its own
 * children, and a child whose parent has exited is no longer among the parent's descendants:
 * only the children remembered while the parent lived can still be found.
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
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        Set<ProcessHandle> remembered = LIVE.remove(p);
        if (remembered != null) remembered.forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
    }
}
