package org.damka.selfplay;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.function.Function;

import org.damka.files.FileErrors;
import org.damka.rules.Rules;

/**
 * Appends whole games to a self-play file ({@link SelfPlayFile}) from several threads: each
 * game's block is made on a pool thread, written whole and flushed as it finishes, so a killed
 * run keeps every finished game. Shared by {@link SelfPlay} and {@link Rescore}.
 */
final class GameBlockWriter {
    private GameBlockWriter() { }

    /**
     * The ids of the games already in {@code out} when resuming (a partial block at its end cut
     * off once the file has been read as a self-play file of this variant and the same
     * {@code settings}, if both it and this run record any: any other file is refused
     * untouched), else none; a file with data is refused unless resuming.
     */
    static Set<Integer> gamesDone(Path out, Rules rules, boolean resume, String settings) throws IOException {
        String notRegular = FileErrors.notRegular(out);
        if (notRegular != null) throw new IOException("cannot write " + out + ": " + notRegular);
        if (resume && Files.exists(out) && Files.size(out) > 0) {
            SelfPlayFile.read(out, rules, s -> { }); // refuses any other file before it is touched
            String recorded = SelfPlayFile.settings(out);
            if (settings != null && recorded != null) {
                String differ = differences(recorded, settings);
                // Its games and this run's would mix in one file with nothing to tell them apart.
                if (!differ.isEmpty()) {
                    throw new IOException(out + " was made with " + differ + ": resume with the same settings, or write another file");
                }
            }
            SelfPlayFile.truncateToLastGame(out);
            return SelfPlayFile.read(out, rules, s -> { }); // what is left: a game cut in its last line is not done
        }
        if (Files.exists(out) && Files.size(out) > 0) {
            throw new IOException(out + " exists (use --resume to continue it, or another file)");
        }
        return Set.of();
    }

    /**
     * The settings ({@code key value} pairs) both record with other values, as {@code seed 1
     * (this run: 2), …}, or "": a key only one side records (a later version's) is not compared.
     */
    static String differences(String recorded, String settings) {
        Map<String, String> file = pairs(recorded), run = pairs(settings);
        List<String> differ = new ArrayList<>();
        file.forEach((key, value) -> {
            String now = run.get(key);
            if (now != null && !now.equals(value)) differ.add(key + " " + value + " (this run: " + now + ")");
        });
        return String.join(", ", differ);
    }

    private static Map<String, String> pairs(String settings) {
        String[] t = settings.trim().split("\\s+");
        Map<String, String> pairs = new LinkedHashMap<>();
        for (int i = 0; i + 1 < t.length; i += 2) pairs.put(t[i], t[i + 1]);
        return pairs;
    }

    /**
     * Makes the block of each item on {@code threads} threads and appends it to {@code out}
     * (the header and the settings, if any, first if the file is empty); {@code finished} is
     * told of each item once its block is written.
     */
    static <T> void appendAll(Path out, Rules rules, String settings, int threads, List<T> items, Function<T, String> block,
                              Consumer<T> finished) throws IOException, InterruptedException {
        try (Writer w = Files.newBufferedWriter(out, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND)) {
            if (Files.size(out) == 0) {
                w.write(SelfPlayFile.header(rules) + "\n");
                if (settings != null) w.write(SelfPlayFile.settingsLine(settings) + "\n");
                w.flush();
            }
            ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, threads));
            try {
                List<Future<?>> futures = new ArrayList<>();
                for (T item : items) {
                    futures.add(pool.submit(() -> {
                        String text = block.apply(item);
                        synchronized (w) {
                            w.write(text);
                            w.flush();
                        }
                        finished.accept(item);
                        return null;
                    }));
                }
                for (Future<?> f : futures) f.get();
            } catch (ExecutionException e) {
                Throwable cause = e.getCause();
                if (cause instanceof IOException io) throw io;
                throw new IllegalStateException(cause);
            } finally {
                pool.shutdownNow();
            }
        }
    }
}
