package org.damka.engine;

import static org.junit.jupiter.api.Assertions.assertFalse;

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
}
