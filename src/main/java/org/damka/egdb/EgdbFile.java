package org.damka.egdb;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.InflaterInputStream;

import org.damka.rules.Rules;

/**
 * One slice on disk: {@code <dir>/<variant>/<material>.egdb}. Layout: the magic
 * {@code DAMKAEGDB1}, the variant name (modified UTF-8 with a length), the four piece counts
 * (bytes), the number of values (long), the CRC-32 of the values (int), then the values, one
 * byte per index ({@link EgdbValue}), deflate-compressed to the end of the file.
 */
public final class EgdbFile {
    private EgdbFile() { }

    static final String MAGIC = "DAMKAEGDB1";
    static final String EXTENSION = ".egdb";

    public static Path path(Path dir, Rules rules, Material m) {
        return folder(dir, rules).resolve(m.fileStem() + EXTENSION);
    }

    /** The folder of a variant's slices. */
    static Path folder(Path dir, Rules rules) {
        return dir.resolve(rules.name());
    }

    /** Writes a slice through a temporary file and a rename, so a file that exists is whole. */
    static void write(Path file, Rules rules, Material m, byte[] values) throws IOException {
        Files.createDirectories(file.getParent());
        if (Files.isDirectory(file)) throw new FileAlreadyExistsException(file.toString(), null, "a folder is in the way");
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        CRC32 crc = new CRC32();
        crc.update(values);
        try {
            try (OutputStream raw = new BufferedOutputStream(Files.newOutputStream(tmp))) {
                DataOutputStream out = new DataOutputStream(raw);
                out.writeBytes(MAGIC);
                out.writeUTF(rules.name());
                out.writeByte(m.whiteMen());
                out.writeByte(m.whiteKings());
                out.writeByte(m.blackMen());
                out.writeByte(m.blackKings());
                out.writeLong(values.length);
                out.writeInt((int) crc.getValue());
                out.flush();
                DeflaterOutputStream z = new DeflaterOutputStream(raw, new Deflater(Deflater.BEST_COMPRESSION), 1 << 16);
                z.write(values);
                z.finish();
            }
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp); // a failed write leaves nothing behind
        }
    }

    /**
     * Reads a slice and checks everything: magic, variant, material, size, length and checksum.
     * Any mismatch is an IOException that says what is wrong.
     */
    static byte[] read(Path file, Rules rules, Material m, long expectedSize) throws IOException {
        try (InputStream raw = new BufferedInputStream(Files.newInputStream(file))) {
            DataInputStream in = new DataInputStream(raw);
            // A file shorter than the magic is truncated only if what it has is the magic's start.
            String magic = new String(in.readNBytes(MAGIC.length()), java.nio.charset.StandardCharsets.ISO_8859_1);
            if (!MAGIC.startsWith(magic)) throw new IOException("not a damka table");
            if (magic.length() < MAGIC.length()) throw new EOFException();
            String variant = in.readUTF();
            if (!variant.equals(rules.name())) throw new IOException("table of variant " + variant);
            Material stored = new Material(in.readUnsignedByte(), in.readUnsignedByte(), in.readUnsignedByte(), in.readUnsignedByte());
            if (!stored.equals(m)) throw new IOException("table of material " + stored);
            long size = in.readLong();
            if (size != expectedSize) throw new IOException("holds " + size + " values, expected " + expectedSize);
            int crc = in.readInt();
            byte[] values = new byte[(int) size];
            DataInputStream z = new DataInputStream(new InflaterInputStream(raw, new java.util.zip.Inflater(), 1 << 16));
            z.readFully(values);
            if (z.read() != -1) throw new IOException("data after the values");
            CRC32 check = new CRC32();
            check.update(values);
            if ((int) check.getValue() != crc) throw new IOException("checksum mismatch");
            return values;
        } catch (EOFException e) {
            throw new IOException("truncated", e);
        } catch (java.util.zip.ZipException | IllegalArgumentException e) {
            throw new IOException("corrupt: " + e.getMessage(), e);
        }
    }
}
