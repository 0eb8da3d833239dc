package org.damka.cli;

import java.io.PrintStream;
import java.util.concurrent.Callable;

import org.damka.engine.Engine;
import org.damka.protocol.hub.HubLoop;
import org.damka.system.StandardInput;
import picocli.CommandLine.Command;

/** {@code damka hub}: the engine speaks the Hub protocol (Scan 3.1 / Hub GUI) on stdin/stdout. */
@Command(name = "hub", mixinStandardHelpOptions = true,
        description = "Run as a Hub protocol engine (Hub GUI, Scan-compatible tools, pydraughts) on standard input/output.")
final class HubCommand implements Callable<Integer> {
    private final PrintStream out;

    HubCommand(PrintStream out) {
        this.out = out;
    }

    @Override
    public Integer call() throws Exception {
        org.damka.system.JvmLog.keepOffStandardOutput();
        new HubLoop(new Engine(), StandardInput.get(), out).onClientGone(Main::clientGone).run();
        return 0;
    }
}
