package org.damka.eval.learned;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import org.damka.engine.Engine;
import org.damka.eval.Evaluations;
import org.damka.rules.Rules;
import org.damka.rules.Variants;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LearnedWeightsTest {
    @TempDir
    Path dir;

    /** Weights with random patterns and scalars (every window state of a position then counts). */
    static LearnedWeights random(Rules r, long seed) {
        LearnedWeights w = LearnedWeights.initial(r);
        SplittableRandom random = new SplittableRandom(seed);
        float[] p = w.params();
        for (int i = 0; i < p.length; i += 1 + random.nextInt(50)) p[i] = (float) random.nextGaussian() * 30;
        p[w.scalarBase() + Features.TO_MOVE * LearnedWeights.PHASES] = 17; // seen in every position
        return w;
    }

    private static byte[] bytes(LearnedWeights w) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        w.write(out);
        return out.toByteArray();
    }

    private static String refusal(Rules r, byte[] data) {
        return assertThrows(IOException.class, () -> LearnedWeights.read(r, new ByteArrayInputStream(data))).getMessage();
    }

    @Test
    void everyVariantRoundTripsBitIdentical() throws IOException {
        for (Rules r : Variants.all()) {
            LearnedWeights w = random(r, 7);
            byte[] data = bytes(w);
            LearnedWeights back = LearnedWeights.read(r, new ByteArrayInputStream(data));
            assertEquals(w, back, r.name());
            assertTrue(Arrays.equals(data, bytes(back)), r.name());
        }
    }

    @Test
    void theBaseIsKeptAndAVersionTwoFileIsACorrectionToClassic() throws IOException {
        Rules r = Variants.INTERNATIONAL;
        LearnedWeights classic = random(r, 4);
        int oldSize = classic.params().length - (Features.SCALARS - Features.SCALARS_V3) * LearnedWeights.PHASES;
        Arrays.fill(classic.params(), oldSize, classic.params().length, 0f); // a version 2 file has no king terms
        LearnedWeights none = new LearnedWeights(r.name(), LearnedWeights.Base.NONE, classic.windows(), classic.states(), classic.params().clone());
        assertEquals(LearnedWeights.Base.NONE, LearnedWeights.read(r, new ByteArrayInputStream(bytes(none))).base());
        assertTrue(!none.equals(classic));
        // A version 2 file: no base in the header.
        byte[] v2 = rewriteScalars(rewriteHeader(bytes(none), 2, null), Features.SCALARS_V3, oldSize);
        assertEquals(classic, LearnedWeights.read(r, new ByteArrayInputStream(v2)));
        assertEquals("weights file base 'mixed' (this damka knows classic and none)", refusal(r, rewriteHeader(bytes(none), 3, "mixed")));
        assertEquals("weights file version 1 (this damka reads 2 to 4)", refusal(r, rewriteHeader(bytes(none), 1, "none")));
    }

    @Test
    void aVersionThreeFileLoadsWithTheKingTermsZeroAndScoresAsBefore() throws IOException {
        for (Rules r : Variants.all()) {
            LearnedWeights now = random(r, 9);
            float[] p = now.params();
            int oldSize = p.length - (Features.SCALARS - Features.SCALARS_V3) * LearnedWeights.PHASES;
            Arrays.fill(p, oldSize, p.length, 0f);
            byte[] v3 = rewriteScalars(rewriteHeader(bytes(now), 3, "classic"), Features.SCALARS_V3, oldSize);
            assertEquals(now, LearnedWeights.read(r, new ByteArrayInputStream(v3)), r.name());
            p[p.length - 1] = 3f; // a king term of a version 3 file is not 0: that file cannot exist
            assertTrue(!now.equals(LearnedWeights.read(r, new ByteArrayInputStream(v3))), r.name());
        }
        // The weights shipped in the jar read, whatever version they were written in.
        for (Rules r : Variants.all()) assertEquals(r.name(), LearnedWeights.builtIn(r).variant());
    }

    /**
     * A file written with {@code scalars} scalar terms and {@code count} parameters (the first
     * ones of the given file), its checksum made right: what an older damka wrote.
     */
    private static byte[] rewriteScalars(byte[] file, int scalars, int count) throws IOException {
        java.io.DataInputStream in = new java.io.DataInputStream(new ByteArrayInputStream(file));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        java.io.DataOutputStream d = new java.io.DataOutputStream(out);
        d.write(in.readNBytes(4));
        int version = in.readInt();
        d.writeInt(version);
        d.writeUTF(in.readUTF());
        if (version >= 3) d.writeUTF(in.readUTF());
        for (int i = 0; i < 3; i++) d.writeInt(in.readInt()); // windows, window size, states
        in.readInt();
        d.writeInt(scalars);
        d.writeInt(in.readInt()); // phases
        in.readInt();
        d.writeInt(count);
        for (int i = 0; i < count; i++) d.writeFloat(in.readFloat());
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        crc.update(out.toByteArray());
        d.writeInt((int) crc.getValue());
        return out.toByteArray();
    }

    /** The file with another version and base label (none: no label), its checksum made right. */
    private static byte[] rewriteHeader(byte[] file, int version, String base) throws IOException {
        java.io.DataInputStream in = new java.io.DataInputStream(new ByteArrayInputStream(file));
        byte[] magic = in.readNBytes(4);
        in.readInt();
        String variant = in.readUTF();
        in.readUTF();
        byte[] rest = in.readNBytes(in.available() - 4);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        java.io.DataOutputStream d = new java.io.DataOutputStream(out);
        d.write(magic);
        d.writeInt(version);
        d.writeUTF(variant);
        if (base != null) d.writeUTF(base);
        d.write(rest);
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        crc.update(out.toByteArray());
        d.writeInt((int) crc.getValue());
        return out.toByteArray();
    }

    @Test
    void badFilesAreRefusedWithTheReason() throws IOException {
        Rules r = Variants.RUSSIAN;
        byte[] good = bytes(random(r, 1));
        assertEquals("empty weights file", refusal(r, new byte[0]));
        assertTrue(refusal(r, Arrays.copyOf(good, good.length / 2)).startsWith("truncated weights file"));
        assertTrue(refusal(r, Arrays.copyOf(good, good.length - 1)).startsWith("truncated weights file"));
        assertTrue(refusal(r, "not weights at all".getBytes()).startsWith("not a damka weights file"));
        assertEquals("weights for russian, not brazilian", refusal(Variants.BRAZILIAN, good));
        byte[] flipped = good.clone();
        flipped[good.length / 2] ^= 0x10;
        assertEquals("weights file checksum mismatch (corrupt file)", refusal(r, flipped));
        byte[] longer = Arrays.copyOf(good, good.length + 3);
        assertTrue(refusal(r, longer).contains("after the checksum"));
    }

    @Test
    void engineRefusesABadEvalFileAndKeepsTheWeightsItHad() throws IOException {
        Engine engine = new Engine();
        Path good = dir.resolve("russian.weights");
        random(Variants.RUSSIAN, 3).write(good);
        engine.setEvaluation("learned");
        engine.setEvalFile(good.toString());
        String before = engine.explainEvaluation().toString();
        Path empty = Files.write(dir.resolve("empty.weights"), new byte[0]);
        Path other = dir.resolve("english.weights");
        random(Variants.ENGLISH, 3).write(other);
        byte[] data = Files.readAllBytes(good);
        data[data.length - 5] ^= 1;
        Path corrupt = Files.write(dir.resolve("corrupt.weights"), data);
        Path truncated = Files.write(dir.resolve("truncated.weights"), Arrays.copyOf(data, 100));
        for (Path bad : new Path[] {empty, other, corrupt, truncated, dir.resolve("missing.weights")}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> engine.setEvalFile(bad.toString()));
            assertTrue(e.getMessage().startsWith("EvalFile '" + bad + "': "), e.getMessage());
            assertEquals(good.toString(), engine.evalFile());
            assertEquals(before, engine.explainEvaluation().toString());
        }
        // A file far too large (sparse: no disk used), a device and a FIFO (which would block a
        // reader for good) are refused without being read whole, and at once.
        Path huge = dir.resolve("huge.weights");
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(huge.toFile(), "rw")) {
            f.setLength(LearnedWeights.MAX_FILE_BYTES + 1L);
        }
        Path fifo = dir.resolve("fifo.weights");
        assertEquals(0, assertTimeoutPreemptively(java.time.Duration.ofSeconds(10),
                () -> new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()));
        String[][] refused = {{huge.toString(), "not a weights file (larger than 64 MB)"}, {"/dev/zero", "not a regular file"},
            {fifo.toString(), "not a regular file"}, {dir.toString(), "a folder, not a weights file"}};
        for (String[] c : refused) {
            IllegalArgumentException e = assertTimeoutPreemptively(java.time.Duration.ofSeconds(10),
                    () -> assertThrows(IllegalArgumentException.class, () -> engine.setEvalFile(c[0])));
            assertEquals("EvalFile '" + c[0] + "': " + c[1], e.getMessage());
            assertEquals(before, engine.explainEvaluation().toString());
        }
        engine.setEvalFile(Engine.EVAL_FILE_BUILT_IN);
        assertTrue(!before.equals(engine.explainEvaluation().toString()), "the built-in weights differ from the random ones");
    }

    /** After a variant switch, d still named the EvalFile of the other variant as if it were in use. */
    @Test
    void theProtocolSaysWhenTheEvalFileIsAnotherVariantsAndNotInUse() throws IOException {
        Path russian = dir.resolve("russian.weights");
        random(Variants.RUSSIAN, 3).write(russian);
        String commands = String.join("\n", "setoption name EvalFile value " + russian, "d",
                "setoption name UCI_Variant value brazilian", "d", "setoption name UCI_Variant value russian", "d",
                "setoption name Evaluation value classic", "setoption name UCI_Variant value brazilian", "d", "quit") + "\n";
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        java.io.PrintStream quiet = new java.io.PrintStream(java.io.OutputStream.nullOutputStream());
        new org.damka.protocol.UciProtocol(new Engine(), new java.io.ByteArrayInputStream(commands.getBytes(java.nio.charset.StandardCharsets.UTF_8)),
                out, quiet, "test").run();
        String note = "info string EvalFile " + russian + " holds russian weights: brazilian plays with its built-in ones"
                + " (the file's again when the variant is russian)";
        List<String> lines = out.toString(java.nio.charset.StandardCharsets.UTF_8).lines().toList();
        int brazilian = lines.indexOf("info string variant brazilian board 8x8 startpos " + Variants.BRAZILIAN.startFen());
        int russianAgain = lines.indexOf("info string variant russian board 8x8 startpos " + Variants.RUSSIAN.startFen());
        assertTrue(brazilian > 0 && russianAgain > brazilian, String.join("\n", lines));
        assertEquals(-1, lines.subList(0, brazilian).indexOf(note), "russian uses the file: no note");
        assertEquals(note, lines.get(brazilian + 1), "said at the switch");
        assertEquals(2, java.util.Collections.frequency(lines.subList(brazilian, russianAgain), note), "and by d");
        assertEquals(-1, lines.subList(russianAgain, lines.size()).indexOf(note), "russian again: the file's weights, no note;"
                + " then classic: no weights in use, no note");
        assertTrue(lines.lastIndexOf(lines.get(brazilian)) > russianAgain, "brazilian again, under classic");
    }

    @Test
    void autoPlaysTheLearnedEvaluationWhereItWonAndTheClassicOneElsewhere() throws IOException {
        for (org.damka.rules.Rules r : Variants.all()) {
            Engine auto = new Engine(), chosen = new Engine();
            auto.setVariant(r.name());
            chosen.setVariant(r.name());
            assertEquals(org.damka.eval.Evaluations.AUTO, auto.evaluation());
            chosen.setEvaluation(org.damka.eval.Evaluations.LEARNED_BY_DEFAULT.contains(r.name()) ? "learned" : "classic");
            assertEquals(chosen.explainEvaluation().toString(), auto.explainEvaluation().toString(), r.name());
        }
        // Under auto an EvalFile is what russian's learned evaluation reads.
        Engine engine = new Engine();
        String builtIn = engine.explainEvaluation().toString();
        Path file = dir.resolve("auto.weights");
        random(Variants.RUSSIAN, 4).write(file);
        engine.setEvalFile(file.toString());
        assertTrue(!builtIn.equals(engine.explainEvaluation().toString()), "EvalFile weights are used under auto");
    }
}
