package org.damka.files;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;

/**
 * File problems in words a user can act on ("no such directory", "permission denied", "not
 * UTF-8 text"), where Java's exceptions give only a path or a decoder's "Input length = 1".
 */
public final class FileErrors {
    private FileErrors() { }

    /**
     * The path a user named, or an error that says why Java cannot name it: under a locale
     * without UTF-8 (LANG unset, C, POSIX) Java spells file names in ASCII, and an accented one
     * cannot be spelt ("Malformed input or input contains unmappable characters", it said).
     */
    public static Path path(String name) {
        // No file system takes a NUL: Java's refusal would be blamed on the locale below.
        if (name.indexOf('\0') >= 0) throw new IllegalArgumentException("'" + name.replace('\0', '?') + "': a file name cannot hold a NUL character");
        try {
            return Path.of(name);
        } catch (java.nio.file.InvalidPathException e) {
            throw new IllegalArgumentException(unnamable("'" + name + "'"), e);
        }
    }

    /** True if Java can spell this file name in the locale's character set (see {@link #path}). */
    public static boolean nameable(String name) {
        try {
            path(name);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * True if text from the command line holds bytes the locale could not decode (U+FFFD for each
     * byte of an accent under LANG=C): a file name in it names no file Java can find.
     */
    public static boolean undecoded(String text) {
        return text.indexOf('\uFFFD') >= 0 && !"UTF-8".equalsIgnoreCase(System.getProperty("sun.jnu.encoding"));
    }

    /** What cannot be named under this locale, why, and what to do. */
    public static String unnamable(String what) {
        return what + " cannot be spelt in this locale's character set (" + System.getProperty("sun.jnu.encoding")
                + "): start damka under a UTF-8 locale, e.g. LC_ALL=C.UTF-8";
    }

    /** Why {@code file} could not be read or written. */
    public static String describe(Path file, IOException e) {
        if (e instanceof CharacterCodingException) return "not UTF-8 text (a binary file?)";
        if (e instanceof NoSuchFileException) {
            Path parent = file.toAbsolutePath().getParent();
            return parent != null && !Files.isDirectory(parent) ? "no such directory " + parent : "no such file";
        }
        if (e instanceof AccessDeniedException) return "permission denied";
        if (e instanceof FileAlreadyExistsException) return Files.isDirectory(file) ? "a folder is in the way" : "a file is in the way";
        if (e instanceof FileSystemException f && f.getReason() != null) return f.getReason();
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }

    /**
     * Why {@code file} is no regular file to read (a directory; a pipe or a device, which would
     * block the reader), or null when it is one or does not exist (the open will say so).
     */
    public static String notRegular(Path file) {
        if (Files.isDirectory(file)) return "it is a directory";
        if (Files.exists(file) && !Files.isRegularFile(file)) return "not a regular file (a pipe or a device?)";
        return null;
    }

    /**
     * Checks now, before any work, that {@code file} could be written at the end: it is no
     * directory, its folder exists, and a file can be made there (outputs written whole at the
     * end go through a temporary file beside them; a read-only or someone else's folder was only
     * found after hours of training). Leaves nothing behind.
     */
    public static void checkOutputPath(Path file, String what) {
        if (Files.isDirectory(file)) throw new IllegalArgumentException("cannot write " + what + " " + file + ": it is a directory");
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null && !Files.isDirectory(parent)) {
            throw new IllegalArgumentException("cannot write " + what + " " + file + ": no such directory " + parent);
        }
        if (parent == null) return;
        boolean writable;
        try {
            Path tmp = Files.createTempFile(parent, "damka-check", ".tmp");
            writable = Files.isWritable(tmp);
            Files.delete(tmp);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot write " + what + " " + file + ": no file can be made in " + parent
                    + " (" + describe(parent, e) + ")");
        }
        if (!writable) throw new IllegalArgumentException("cannot write " + what + " " + file + ": " + UNWRITABLE_NEW_FILE);
    }

    /** A file just made cannot be written: the process's file mode mask (umask) takes the owner's write permission. */
    private static final String UNWRITABLE_NEW_FILE = "a file made here cannot be written (is the umask 777?)";

    /**
     * Refuses one file named twice among a command's files (by what names each; null: not
     * given): an output that is also an input, or another output, would destroy what is read.
     */
    public static void checkDistinct(Map<String, Path> files) {
        List<Map.Entry<String, Path>> given = files.entrySet().stream().filter(e -> e.getValue() != null).toList();
        for (int i = 0; i < given.size(); i++) {
            for (int j = i + 1; j < given.size(); j++) {
                if (same(given.get(i).getValue(), given.get(j).getValue())) {
                    throw new IllegalArgumentException(given.get(j).getKey() + " " + given.get(j).getValue() + " is also "
                            + given.get(i).getKey() + ": give another file");
                }
            }
        }
    }

    /** Refuses an output that is one of the inputs (several inputs may name one file; no output may). */
    public static void checkNotAnInput(String what, Path out, List<Path> inputs) {
        for (Path in : inputs) {
            if (same(out, in)) throw new IllegalArgumentException(what + " " + out + " is also the input " + in + ": give another file");
        }
    }

    private static boolean same(Path a, Path b) {
        try {
            if (Files.exists(a) && Files.exists(b)) return Files.isSameFile(a, b);
        } catch (IOException e) {
            // fall through to the names
        }
        return a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize());
    }

    /**
     * Checks now, before any work, that {@code file} can be written: it is created if missing
     * (and left empty) but not truncated. Throws IllegalArgumentException naming {@code what}.
     */
    public static void checkWritable(Path file, String what) {
        if (Files.isDirectory(file)) throw new IllegalArgumentException("cannot write " + what + " " + file + ": it is a directory");
        boolean made;
        try {
            // CREATE_NEW makes the file only if there is nothing by that name (not even a link),
            // so what it made is ours to remove; else the file (or a link's target) is opened.
            made = true;
            try {
                Files.newOutputStream(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE).close();
            } catch (FileAlreadyExistsException e) {
                made = false;
                Files.newOutputStream(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE).close();
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot write " + what + " " + file + ": " + describe(file, e));
        }
        // Made just now, it may still be closed to writing (it will be opened again to write).
        if (!Files.isWritable(file)) {
            if (made) {
                try {
                    Files.delete(file);
                } catch (IOException e) {
                    // left behind empty; the message below is what matters
                }
            }
            throw new IllegalArgumentException("cannot write " + what + " " + file + ": " + UNWRITABLE_NEW_FILE);
        }
    }
}
