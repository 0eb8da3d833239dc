package org.damka.eval.learned;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.CRC32;

import org.damka.rules.Rules;

/**
 * The parameters of the learned evaluation of one variant, and their file format.
 *
 * <p>Parameters, each in centi-men for the opening (phase 0) and the endgame (phase 1), stored
 * interleaved: {@code pattern(w, state, phase)} at {@code (w * states + state) * 2 + phase}, then
 * {@code scalar(term, phase)} (the terms of {@link Features}).
 *
 * <p>The parameters are the whole score or a correction added to the classic evaluation: the
 * {@link Base}. Version 3 names it in the header; version 2 files (a correction, always) still
 * load; version 1, which does not, was the whole score without the draw scaling. Version 4 adds
 * the first-king and king-mobility terms of {@link Features}: older files load with those 0,
 * which scores every position as before.
 *
 * <p>File (big-endian): magic {@code DMKW}, version (int, 4), variant (UTF), base (UTF, {@code
 * classic} or {@code none}; absent in version 2), windows, window size, states, scalars, phases
 * (ints), the parameter count (int) and the parameters (float32), then the CRC-32 of every byte
 * before it (int). {@link #read} refuses anything else with a message that says what is wrong.
 */
public final class LearnedWeights {
    public static final int VERSION = 4;
    /** The oldest version {@link #read} takes. */
    private static final int OLDEST = 2;
    private static final byte[] MAGIC = "DMKW".getBytes(StandardCharsets.US_ASCII);
    public static final int PHASES = 2;

    /** What the learned parameters are added to. */
    public enum Base {
        /** The classic evaluation: all parameters 0 is classic itself, and training starts at its strength. */
        CLASSIC,
        /** Nothing: the parameters are the whole score (faster: classic's terms are not computed). */
        NONE;

        public String label() { return name().toLowerCase(java.util.Locale.ROOT); }

        /** The base a label names, or null. */
        public static Base of(String label) {
            for (Base b : values()) if (b.label().equals(label)) return b;
            return null;
        }
    }

    private final String variant;
    private final Base base;
    private final int windows, states;
    private final float[] params;

    public LearnedWeights(String variant, Base base, int windows, int states, float[] params) {
        if (params.length != size(windows, states)) throw new IllegalArgumentException("expected " + size(windows, states) + " parameters, got " + params.length);
        this.variant = variant;
        this.base = java.util.Objects.requireNonNull(base);
        this.windows = windows;
        this.states = states;
        this.params = params;
    }

    /** Parameter count for this many windows of this many states. */
    public static int size(int windows, int states) {
        return (windows * states + Features.SCALARS) * PHASES;
    }

    /** Offset of the first scalar parameter. */
    public int scalarBase() { return windows * states * PHASES; }

    public String variant() { return variant; }
    public Base base() { return base; }
    public int windows() { return windows; }
    public int states() { return states; }
    /** The parameters themselves (not a copy: the trainer fills them). */
    public float[] params() { return params; }

    /** The starting point: no correction, the classic evaluation itself. */
    public static LearnedWeights initial(Rules rules) {
        return initial(rules, Base.CLASSIC);
    }

    /** The starting point over a base: all parameters 0 (over {@link Base#NONE}, a score of 0 everywhere). */
    public static LearnedWeights initial(Rules rules, Base base) {
        Windows w = new Windows(rules.geometry());
        return new LearnedWeights(rules.name(), base, w.count(), w.states(), new float[size(w.count(), w.states())]);
    }

    private static final java.util.Map<String, LearnedWeights> BUILT_IN = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * The weights shipped in the jar for a variant, or {@link #initial} if there are none; read
     * once and shared (callers must not change their parameters).
     */
    public static LearnedWeights builtIn(Rules rules) {
        return BUILT_IN.computeIfAbsent(rules.name(), n -> readBuiltIn(rules));
    }

    private static LearnedWeights readBuiltIn(Rules rules) {
        try (InputStream in = LearnedWeights.class.getResourceAsStream(resourceName(rules))) {
            if (in == null) return initial(rules);
            return read(rules, in);
        } catch (IOException e) {
            throw new IllegalStateException("built-in weights for " + rules.name() + ": " + e.getMessage(), e);
        }
    }

    public static String resourceName(Rules rules) {
        return "/org/damka/eval/learned/" + rules.name() + ".weights";
    }

    /** Cells of a window of this many states (3^cells). */
    private static int sizeOf(int states) {
        int cells = 0;
        for (int s = states; s > 1; s /= 3) cells++;
        return cells;
    }

    /** Writes the weights; refuses a non-finite one (a diverged training), which no reader would take. */
    public void write(OutputStream out) throws IOException {
        for (int i = 0; i < params.length; i++) {
            if (!Float.isFinite(params[i])) {
                throw new IOException("weight " + i + " is not finite (the training diverged: try a smaller --lr); nothing written");
            }
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream d = new DataOutputStream(bytes);
        d.write(MAGIC);
        d.writeInt(VERSION);
        d.writeUTF(variant);
        d.writeUTF(base.label());
        d.writeInt(windows);
        d.writeInt(sizeOf(states));
        d.writeInt(states);
        d.writeInt(Features.SCALARS);
        d.writeInt(PHASES);
        d.writeInt(params.length);
        for (float f : params) d.writeFloat(f);
        d.flush();
        CRC32 crc = new CRC32();
        crc.update(bytes.toByteArray());
        d.writeInt((int) crc.getValue());
        d.flush();
        out.write(bytes.toByteArray());
    }

    /**
     * Writes to a file through a temporary one beside it (readable by all, as a new file usually
     * is, so the weights can be shared), so a reader never sees half a file. Never replaces what
     * is not a regular file: a rename over {@code /dev/null} or a pipe would put a file in its place.
     */
    public void write(Path file) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Path name = file.getFileName();
        if (dir == null || name == null) throw new IOException(file + ": not a file name");
        if (Files.exists(file) && !Files.isRegularFile(file)) throw new IOException(file + ": not a regular file, not replaced");
        Path tmp;
        try {
            tmp = Files.createTempFile(dir, name.toString(), ".tmp",
                    java.nio.file.attribute.PosixFilePermissions.asFileAttribute(java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--")));
        } catch (UnsupportedOperationException e) { // not a POSIX file system
            tmp = Files.createTempFile(dir, name.toString(), ".tmp");
        }
        try {
            try (OutputStream out = Files.newOutputStream(tmp)) {
                write(out);
            }
            Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /**
     * Far above any weights file (16 windows of 6,561 states in two phases are 840 kB): a larger
     * file is refused before it is read whole.
     */
    static final int MAX_FILE_BYTES = 64 << 20;

    /**
     * Reads and checks a weights file. Only a regular file is opened: a FIFO or a device would
     * block the reader or never end.
     */
    public static LearnedWeights read(Rules rules, Path file) throws IOException {
        if (Files.exists(file) && !Files.isRegularFile(file)) {
            throw new IOException(Files.isDirectory(file) ? "a folder, not a weights file" : "not a regular file");
        }
        try (InputStream in = Files.newInputStream(file)) {
            return read(rules, in);
        }
    }

    /** Reads and checks a weights file for this variant; an IOException says what is wrong. */
    public static LearnedWeights read(Rules rules, InputStream in) throws IOException {
        byte[] all = in.readNBytes(MAX_FILE_BYTES + 1);
        if (all.length == 0) throw new IOException("empty weights file");
        if (all.length > MAX_FILE_BYTES) throw new IOException("not a weights file (larger than " + (MAX_FILE_BYTES >> 20) + " MB)");
        DataInputStream d = new DataInputStream(new ByteArrayInputStream(all));
        try {
            byte[] magic = new byte[MAGIC.length];
            d.readFully(magic);
            if (!Arrays.equals(magic, MAGIC)) throw new IOException("not a damka weights file (no DMKW header)");
            int version = d.readInt();
            if (version < OLDEST || version > VERSION) throw new IOException("weights file version " + version + " (this damka reads " + OLDEST + " to " + VERSION + ")");
            String variant = d.readUTF();
            if (!variant.equals(rules.name())) throw new IOException("weights for " + variant + ", not " + rules.name());
            Base base = Base.CLASSIC;
            if (version >= 3) {
                String label = d.readUTF();
                base = Base.of(label);
                if (base == null) throw new IOException("weights file base '" + label + "' (this damka knows classic and none)");
            }
            int windows = d.readInt(), size = d.readInt(), states = d.readInt(), scalars = d.readInt(), phases = d.readInt();
            Windows expected = new Windows(rules.geometry());
            int expectedScalars = version < 4 ? Features.SCALARS_V3 : Features.SCALARS;
            if (windows != expected.count() || size != expected.size() || states != expected.states()
                    || scalars != expectedScalars || phases != PHASES) {
                throw new IOException("weights file sizes (" + windows + " windows of " + size + ", " + states + " states, "
                        + scalars + " scalars, " + phases + " phases) do not match this damka's (" + expected.count() + ", "
                        + expected.size() + ", " + expected.states() + ", " + expectedScalars + ", " + PHASES + ")");
            }
            int count = d.readInt();
            int declared = (windows * states + scalars) * PHASES;
            if (count != declared) throw new IOException("weights file declares " + count + " parameters, expected " + declared);
            if (all.length < (long) count * 4) throw new IOException("truncated weights file (" + all.length + " bytes)");
            float[] p = new float[count];
            for (int i = 0; i < count; i++) {
                p[i] = d.readFloat();
            }
            int body = all.length - d.available();
            int stored = d.readInt();
            if (d.available() != 0) throw new IOException("weights file has " + d.available() + " bytes after the checksum");
            CRC32 crc = new CRC32();
            crc.update(all, 0, body);
            if ((int) crc.getValue() != stored) throw new IOException("weights file checksum mismatch (corrupt file)");
            for (int i = 0; i < count; i++) {
                if (!Float.isFinite(p[i])) throw new IOException("weights file has a non-finite parameter at " + i);
            }
            // An older file lacks the terms added since: they stay 0.
            return new LearnedWeights(variant, base, windows, states, Arrays.copyOf(p, size(windows, states)));
        } catch (EOFException e) {
            throw new IOException("truncated weights file (" + all.length + " bytes)");
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LearnedWeights w && w.variant.equals(variant) && w.base == base && w.windows == windows && w.states == states
                && Arrays.equals(w.params, params);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(params);
    }
}
