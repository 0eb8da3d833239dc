package org.damka.match;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * File problems in words a user can act on ("no such directory", "permission denied", "not
 * UTF-8 text"), where Java's exceptions give only a path or a decoder's "Input length = 1".
 */
public final class FileErrors {
    private FileErrors() { }

    /** Why {@code file} could not be read or written. */
    public static String describe(Path file, IOException e) {
        if (e instanceof CharacterCodingException) return "not UTF-8 text (a binary file?)";
        if (e instanceof NoSuchFileException) {
            Path parent = file.toAbsolutePath().getParent();
            return parent != null && !Files.isDirectory(parent) ? "no such directory " + parent : "no such file";
        }
        if (e instanceof AccessDeniedException) return "permission denied";
        if (e instanceof FileSystemException f && f.getReason() != null) return f.getReason();
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }

    /**
     * Checks now, before any work, that {@code file} can be written: it is created if missing
     * (and left empty) but not truncated. Throws IllegalArgumentException naming {@code what}.
     */
    public static void checkWritable(Path file, String what) {
        if (Files.isDirectory(file)) throw new IllegalArgumentException("cannot write " + what + " " + file + ": it is a directory");
        try {
            Files.newOutputStream(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE).close();
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot write " + what + " " + file + ": " + describe(file, e));
        }
    }
}
