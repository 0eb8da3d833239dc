package org.damka.cli;

import java.io.IOException;
import java.io.PrintStream;

import org.damka.files.FileErrors;

/** A command's long job over files: its failure is one line on stderr and exit code 1. */
@FunctionalInterface
interface FileJob {
    /** Does the work and returns the line that says what was done. */
    String run() throws IOException, InterruptedException;

    /** Runs the job; prints "command: what was done" or "command: why it failed". */
    static int report(String command, PrintStream err, FileJob job) {
        try {
            err.println(command + ": " + job.run());
            return 0;
        } catch (java.nio.file.FileSystemException e) {
            // Its message is often the bare path ("no such file", "permission denied" unsaid).
            String file = e.getFile();
            if (file == null) {
                err.println(command + ": " + e.getMessage());
            } else {
                err.println(command + ": " + FileErrors.describe(java.nio.file.Path.of(file), e) + ": " + file);
            }
            return 1;
        } catch (IOException e) {
            err.println(command + ": " + e.getMessage());
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println(command + ": interrupted");
            return 1;
        }
    }
}
