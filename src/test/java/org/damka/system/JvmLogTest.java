package org.damka.system;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** Which JVM options send log lines to stdout (and so make the engine move them). */
class JvmLogTest {
    @Test
    void optionsThatLogToStandardOutput() {
        for (String o : new String[] {"-verbose:gc", "-verbose", "-Xlog", "-Xlog:gc", "-Xlog:gc*", "-Xlog:gc::uptime", "-Xlog:gc:stdout"}) {
            assertTrue(JvmLog.logsToStandardOutput(List.of("-Xmx1g", o)), o);
        }
        // the launcher's own, and outputs elsewhere: left alone (moving costs a few hundred ms)
        for (String o : new String[] {"-Xlog:disable", "-Xlog:all=warning:stderr", "-Xlog:gc:file=gc.log", "-Xlog:gc*:stderr:time", "-Xmx1g"}) {
            assertFalse(JvmLog.logsToStandardOutput(List.of("-XX:+UseSerialGC", o)), o);
        }
    }
}
