package org.damka.cli;

import java.io.PrintStream;

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
                .addSubcommand(new DxpCommand());
        System.exit(cli.execute(args));
    }

    @Override
    public void run() {
        System.err.println("damka: engine protocol not built yet");
    }

    /** The version from the jar manifest (set by Maven). */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Main.class.getPackage().getImplementationVersion();
            return new String[] {"damka " + (v == null ? "dev" : v)};
        }
    }
}
