package org.damka.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

/** The option registry: what it declares is what a fresh engine has, and applying is all or nothing. */
class EngineOptionTest {

    @Test
    void aFreshEngineHasEveryDeclaredDefault() {
        Engine engine = new Engine();
        for (EngineOption o : EngineOption.ALL) assertEquals(o.defaultValue(), o.value(engine), o.name());
    }

    @Test
    void namesAreUniqueAndFoundWhateverTheirCase() {
        Set<String> uci = new HashSet<>(), hub = new HashSet<>();
        for (EngineOption o : EngineOption.ALL) {
            assertEquals(true, uci.add(o.name().toLowerCase()), o.name());
            if (o.hubName() != null) assertEquals(true, hub.add(o.hubName()), o.hubName());
            assertSame(o, EngineOption.named(o.name().toUpperCase()));
            if (o.hubName() != null) assertSame(o, EngineOption.hubNamed(o.hubName()));
        }
        assertNull(EngineOption.named("Nope"));
        assertNull(EngineOption.hubNamed("multipv"), "not offered on the Hub");
    }

    @Test
    void applyingChangesTheValueAndABadValueChangesNothing() {
        // A good and a bad value per option (bad: out of range, not a number, not a choice).
        Map<String, String[]> cases = Map.of(
                "UCI_Variant", new String[] {"english", "frisian"},
                "Hash", new String[] {"8", "0"},
                "Threads", new String[] {"2", "lots"},
                "MultiPV", new String[] {"3", "65"},
                "Ponder", new String[] {"true", "yes"},
                "Move Overhead", new String[] {"20", "-1"},
                "Evaluation", new String[] {"material", "clever"},
                "EGDBPieces", new String[] {"3", "8"});
        Engine engine = new Engine();
        for (Map.Entry<String, String[]> c : cases.entrySet()) {
            EngineOption o = EngineOption.named(c.getKey());
            o.apply(engine, c.getValue()[0]);
            assertEquals(c.getValue()[0], o.value(engine), o.name());
            assertThrows(IllegalArgumentException.class, () -> o.apply(engine, c.getValue()[1]), o.name());
            assertEquals(c.getValue()[0], o.value(engine), o.name() + " changed by a bad value");
            assertThrows(IllegalArgumentException.class, () -> o.apply(engine, null), o.name() + " without a value");
        }
        EngineOption.named("EGDBPath").apply(engine, "tables here");
        assertEquals("tables here", engine.egdbPath());
        // A NUL was refused as if the locale could not spell the name ("start damka under a UTF-8 locale").
        for (String option : new String[] {"EGDBPath", "EvalFile"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> EngineOption.named(option).apply(engine, "a\0b"), option);
            assertEquals("'a?b': a file name cannot hold a NUL character", e.getMessage(), option);
        }
        assertEquals("tables here", engine.egdbPath());
    }
}
