package org.damka.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * Protocol tests that drive one engine process (the real jar) for a whole test class. When the
 * class is done, everything the engine wrote on stdout must have been protocol lines.
 */
abstract class OneEngineIT {
    protected static EngineUnderTest engine;

    @BeforeAll
    static void startEngine() {
        engine = EngineUnderTest.start();
    }

    @AfterAll
    static void stopEngine() {
        try {
            assertEquals(List.of(), engine.badLines(), "non-protocol lines on stdout");
        } finally {
            engine.close();
        }
    }
}
