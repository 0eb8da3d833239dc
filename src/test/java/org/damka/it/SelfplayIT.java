package org.damka.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

import org.damka.rules.Variants;
import org.damka.selfplay.SelfPlayFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code damka selfplay} killed in the middle keeps every finished game; {@code --resume} plays the rest. */
class SelfplayIT {
    @TempDir
    Path dir;

    private static Process start(Path out, int games, String... extra) throws IOException {
        List<String> cmd = new ArrayList<>(List.of("java", "-jar", JarProcess.jar().toString(), "selfplay",
                "--variant", "english", "--games", Integer.toString(games), "--depth", "4", "--seed", "5", "--out", out.toString()));
        cmd.addAll(List.of(extra));
        return new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    }

    private static long markers(Path out) throws IOException {
        if (!Files.exists(out)) return 0;
        return Files.readAllLines(out).stream().filter(l -> l.startsWith("# game ")).count();
    }

    @Test
    void aKilledRunKeepsItsFinishedGamesAndResumeCompletesIt() throws Exception {
        Path out = dir.resolve("english.txt");
        Process p = start(out, 100_000);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (markers(out) < 3 && p.isAlive() && System.nanoTime() < deadline) Thread.sleep(20);
        assertTrue(p.isAlive(), "still playing when killed");
        p.destroyForcibly().waitFor();
        long kept = markers(out);
        assertTrue(kept >= 3, "games written before the kill: " + kept);
        // Every finished game reads back with as many positions as its marker says.
        List<String> lines = Files.readAllLines(out);
        int positions = 0;
        for (String l : lines) {
            if (l.startsWith("# game ")) {
                String[] t = l.split(" ");
                assertEquals(Integer.parseInt(t[t.length - 1]), positions, l);
                positions = 0;
            } else if (!l.startsWith("#") && l.split("\t").length == 3) {
                positions++;
            }
        }
        List<SelfPlayFile.Sample> samples = new ArrayList<>();
        Set<Integer> before = SelfPlayFile.read(out, Variants.ENGLISH, samples::add);
        assertEquals(kept, before.size());

        // One thread plays the ids in order, so the first `kept` are done: resume up to two more.
        int total = (int) kept + 2;
        Process resumed = start(out, total, "--resume");
        assertTrue(resumed.waitFor(300, TimeUnit.SECONDS), "resume finished");
        assertEquals(0, resumed.exitValue());
        Set<Integer> all = new TreeSet<>(SelfPlayFile.read(out, Variants.ENGLISH, s -> { }));
        Set<Integer> expected = new TreeSet<>();
        for (int i = 0; i < total; i++) expected.add(i);
        assertEquals(expected, all);
        assertEquals(total, markers(out), "no game played twice");
    }

    @Test
    void aFileIsNotOverwrittenWithoutResume() throws Exception {
        Path out = Files.writeString(dir.resolve("old.txt"), "precious\n");
        Process p = start(out, 2);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(1, p.exitValue());
        assertEquals("precious\n", Files.readString(out));
    }
}
