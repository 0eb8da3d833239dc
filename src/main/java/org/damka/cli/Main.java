package org.damka.cli;

import java.io.PrintStream;

import org.damka.engine.Engine;
import org.damka.protocol.UciProtocol;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Entry point: with no arguments damka is the engine process; subcommands are tools. */
@Command(name = "damka", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "A UCI-style engine for checkers variants.")
public final class Main implements Runnable {

    public static void main(String[] args) {
        PrintStream out = System.out;
        CommandLine cli = new CommandLine(new Main())
                .addSubcommand(new PerftCommand(out))
                .addSubcommand(new HubCommand(out))
                .addSubcommand(new DxpCommand())
                .addSubcommand(new MatchCommand(out))
                .addSubcommand(new BenchCommand(out))
                .addSubcommand(new EgdbCommand(out));
        System.exit(cli.execute(args));
    }

    /** No subcommand: serve the engine protocol (protocol.md) on stdin/stdout. */
    @Override
    public void run() {
        new UciProtocol(new Engine(), System.in, System.out, System.err, version()).run();
    }

    static String version() {
        String v = Main.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }

    /** The version from the jar manifest (set by Maven). */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"damka " + version()};
        }
    }
}
