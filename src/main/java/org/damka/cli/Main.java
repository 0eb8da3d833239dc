package org.damka.cli;

import java.io.PrintStream;
import java.nio.file.Path;

import org.damka.engine.Engine;
import org.damka.files.FileErrors;
import org.damka.protocol.UciProtocol;
import org.damka.system.JvmLog;
import org.damka.system.StandardInput;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ScopeType;

/**
 * Entry point: with no arguments damka is the engine process; subcommands are tools. Every
 * subcommand inherits {@code --version}. Exit codes: 0 done, 1 the command failed (its one-line
 * reason is on stderr), 2 bad arguments.
 */
@Command(name = "damka", mixinStandardHelpOptions = true, versionProvider = Main.Version.class, scope = ScopeType.INHERIT,
        description = "A UCI-style engine for checkers variants.")
public final class Main implements Runnable {

    public static void main(String[] args) {
        String folder = System.getProperty("user.dir");
        if (!FileErrors.nameable(folder)) {
            // Java itself fails there (its file permissions are built on the working folder's name).
            System.err.println("damka: " + FileErrors.unnamable("the current folder " + folder));
            System.exit(1);
        }
        int code;
        CommandLine cli = commandLine(System.out, System.err);
        try {
            code = cli.execute(args);
        } catch (OutOfMemoryError e) {
            // picocli passes Errors on; a user gets the reason and the remedy, not a stack trace.
            // Java says "out of memory" for a thread the system refused too; that is not the heap.
            String why = e.getMessage() != null && e.getMessage().contains("native thread")
                    ? "cannot start a thread: the system's limit on processes or threads is reached (ulimit -u, a container's pids limit)"
                    : "out of memory (the Java heap holds at most " + (Runtime.getRuntime().maxMemory() >> 20)
                            + " MB); give Java more with -Xmx, e.g. java -Xmx2g -jar damka.jar";
            System.err.println("damka: " + why);
            code = 1;
        }
        // System.out keeps its write errors to itself: a perft or a summary lost on a full disk
        // (or to a closed pipe) must not end with success. Not the engine's protocols: there it
        // means the GUI has gone, which ends the session as quit does (protocol.md).
        if (!servedAProtocol(cli) && System.out.checkError() && code == 0) {
            System.err.println("damka: cannot write the output (a full disk, or nobody reading it)");
            code = 1;
        }
        System.exit(code);
    }

    /** True if the engine served its protocol on stdin/stdout (no subcommand, or hub). */
    private static boolean servedAProtocol(CommandLine cli) {
        CommandLine.ParseResult parsed = cli.getParseResult();
        if (parsed == null) return false; // the arguments were not understood
        if (parsed.isUsageHelpRequested() || parsed.isVersionHelpRequested()) return false;
        return !parsed.hasSubcommand() || parsed.subcommand().commandSpec().name().equals("hub")
                && !parsed.subcommand().isUsageHelpRequested() && !parsed.subcommand().isVersionHelpRequested();
    }

    /** The command line with every subcommand, writing to these streams. */
    static CommandLine commandLine(PrintStream out, PrintStream err) {
        CommandLine cli = new CommandLine(new Main())
                .addSubcommand(new PerftCommand(out, err))
                .addSubcommand(new HubCommand(out))
                .addSubcommand(new DxpCommand(out, err))
                .addSubcommand(new MatchCommand(out, err))
                .addSubcommand(new BenchCommand(out, err))
                .addSubcommand(new SelfplayCommand(err))
                .addSubcommand(new RescoreCommand(err))
                .addSubcommand(new TrainCommand(err))
                .addSubcommand(new GuiCommand(out, err))
                .addSubcommand(new EgdbCommand(err));
        // Every file option: a name Java cannot spell in the locale's character set says why.
        cli.registerConverter(Path.class, name -> {
            try {
                return FileErrors.path(name);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        });
        cli.setOut(new java.io.PrintWriter(out, true));
        cli.setErr(new java.io.PrintWriter(err, true));
        // Bad arguments: the reason in one line, not the whole usage.
        cli.setParameterExceptionHandler((e, args) -> {
            CommandLine command = e.getCommandLine();
            command.getErr().println(command.getCommandSpec().qualifiedName() + ": " + e.getMessage() + " (see --help)");
            return command.getCommandSpec().exitCodeOnInvalidInput();
        });
        // The last line of defence: a command that fails unexpectedly says so in one line.
        cli.setExecutionExceptionHandler((e, command, parsed) -> {
            command.getErr().println(command.getCommandSpec().qualifiedName() + ": internal error: " + e);
            return 1;
        });
        return cli;
    }

    /** No subcommand: serve the engine protocol (protocol.md) on stdin/stdout. */
    @Override
    public void run() {
        JvmLog.keepOffStandardOutput();
        new UciProtocol(new Engine(), StandardInput.get(), System.out, System.err, version()).onClientGone(Main::clientGone).run();
    }

    /**
     * Nobody reads our output any more: the process ends, as a C engine dies of SIGPIPE (the
     * Hub loop cannot stop its read of an input that stays open).
     */
    static void clientGone() {
        System.exit(0);
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
