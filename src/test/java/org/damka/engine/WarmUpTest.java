package org.damka.engine;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.damka.eval.Evaluations;
import org.damka.rules.Variants;
import org.junit.jupiter.api.Test;

/** Issue 12 point 4: many engines in one process share one JIT, so they share one warm-up. */
class WarmUpTest {

    @Test
    void anotherEngineInTheSameProcessDoesNotWarmUpAgain() {
        Engine first = new Engine();
        first.setVariant(Variants.ENGLISH.name());
        first.ready();
        Engine second = new Engine();
        second.setVariant(Variants.ENGLISH.name());
        second.ready();
        assertFalse(Engine.WARM_UP.once(Variants.ENGLISH, Evaluations.FULL), "english was warmed up already");
    }
    /**
     * A stop or quit during the warm-up at isready ends it at once (it took up to 2 s, so quit
     * after isready waited that long); the variant is warmed up at a later isready instead.
     */
    @Test
    void aCancelledWarmUpEndsAtOnceAndIsDoneLater() {
        WarmUp warmUp = new WarmUp();
        java.lang.management.ThreadMXBean cpu = java.lang.management.ManagementFactory.getThreadMXBean();
        long start = System.nanoTime(), cpuStart = cpu.getCurrentThreadCpuTime();
        assertFalse(warmUp.once(Variants.RUSSIAN, Evaluations.FULL, () -> System.nanoTime() - start > 50_000_000L));
        // CPU time, which a loaded machine does not stretch: a full warm-up takes at least MIN_CPU_MS of it.
        long cpuMs = (cpu.getCurrentThreadCpuTime() - cpuStart) / 1_000_000;
        assertTrue(cpuMs < WarmUp.MIN_CPU_MS / 2, "a warm-up cancelled after 50 ms used " + cpuMs + " ms of CPU");
        assertTrue(warmUp.once(Variants.RUSSIAN, Evaluations.FULL, () -> false), "warmed up at the next call");
    }
}
