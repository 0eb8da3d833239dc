package org.damka.system;

/**
 * Daemon threads started where the system may refuse them: under a limit on processes (ulimit -u,
 * a container's pids limit) Java reports a refused thread as an {@link OutOfMemoryError}, which
 * is not the heap. Each caller decides what to do without the thread (run the work itself, answer
 * without it, close what it would have served).
 */
public final class Daemons {
    private Daemons() { }

    /** Starts work on a daemon thread of this name; the thread, or null when the system refused one. */
    public static Thread start(String name, Runnable work) {
        Thread t = new Thread(work, name);
        t.setDaemon(true);
        try {
            t.start();
        } catch (OutOfMemoryError refused) {
            return null;
        }
        return t;
    }

    /** Runs work on a daemon thread of this name, or on the caller's thread when the system refuses one. */
    public static void startOrRunHere(String name, Runnable work) {
        if (start(name, work) == null) work.run();
    }
}
