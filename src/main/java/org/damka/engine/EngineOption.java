package org.damka.engine;

import java.util.List;
import java.util.Locale;
import java.util.function.BiConsumer;
import java.util.function.Function;

import org.damka.egdb.EgdbSettings;
import org.damka.eval.Evaluations;
import org.damka.rules.Variants;

/**
 * One engine option, declared once: its name, type, default, range or values, how to read its
 * value from an {@link Engine} and how to apply a new one. Every protocol (UCI {@code option}
 * lines, {@code setoption} and {@code d}; Hub {@code param} lines and {@code set-param}) and the
 * web board render and dispatch from {@link #ALL}, so a new option is one line there.
 *
 * <p>Applying parses and validates the text first and changes nothing when it fails: the
 * engine's setters are all or nothing.
 *
 * @param hubName the option's name in the Hub protocol, or null when the Hub does not offer it
 */
public record EngineOption(String name, Type type, String defaultValue, long min, long max, List<String> values,
                           String hubName, Function<Engine, String> reader, BiConsumer<Engine, String> applier) {

    /** The UCI option types (the Hub's: bool, int, enum, string). */
    public enum Type {
        CHECK("bool"), SPIN("int"), COMBO("enum"), STRING("string"), BUTTON(null);

        /** The Hub protocol's name of the type, or null when the Hub has none. */
        public final String hubName;

        Type(String hubName) {
            this.hubName = hubName;
        }

        /** The UCI name: check, spin, combo, string, button. */
        public String uciName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public static final EngineOption VARIANT = combo("UCI_Variant", Variants.RUSSIAN.name(), Variants.names(),
            e -> e.rules().name(), Engine::setVariant).onHub("variant");

    /** Every option, in the order the protocols list them. To add one, add a line here. */
    public static final List<EngineOption> ALL = List.of(
            VARIANT,
            spin("Hash", Engine.DEFAULT_HASH_MB, 1, Engine.MAX_HASH_MB, Engine::hashMb, Engine::setHashMb).onHub("hash"),
            spin("Threads", 1, 1, Engine.MAX_THREADS, Engine::threads, Engine::setThreads).onHub("threads"),
            spin("MultiPV", 1, 1, Engine.MAX_MULTI_PV, Engine::multiPv, Engine::setMultiPv),
            check("Ponder", false, Engine::ponder, Engine::setPonder).onHub("ponder"),
            spin("Move Overhead", Engine.DEFAULT_MOVE_OVERHEAD_MS, 0, Engine.MAX_MOVE_OVERHEAD_MS, Engine::moveOverheadMs,
                    (e, ms) -> e.setMoveOverheadMs(ms)).onHub("move-overhead"),
            combo("Evaluation", Evaluations.AUTO, List.of(Evaluations.AUTO, Evaluations.CLASSIC, Evaluations.LEARNED, Evaluations.MATERIAL),
                    Engine::evaluation, Engine::setEvaluation),
            string("EvalFile", Engine.EVAL_FILE_BUILT_IN, Engine::evalFile, Engine::setEvalFile),
            string("EGDBPath", EgdbSettings.DEFAULT_PATH, Engine::egdbPath, Engine::setEgdbPath).onHub("egdb-path"),
            spin("EGDBPieces", EgdbSettings.DEFAULT_PIECES, 0, EgdbSettings.MAX_PIECES, Engine::egdbPieces,
                    Engine::setEgdbPieces).onHub("egdb-pieces"));

    /** The option of that UCI name (not case-sensitive), or null. */
    public static EngineOption named(String name) {
        for (EngineOption o : ALL) if (o.name.equalsIgnoreCase(name.trim())) return o;
        return null;
    }

    /** The option of that Hub name (not case-sensitive), or null. */
    public static EngineOption hubNamed(String name) {
        for (EngineOption o : ALL) if (o.hubName != null && o.hubName.equalsIgnoreCase(name.trim())) return o;
        return null;
    }

    /** The UCI names, comma-separated, for error messages. */
    public static String names() {
        return String.join(", ", ALL.stream().map(EngineOption::name).toList());
    }

    /** The option's current value on that engine, as text. */
    public String value(Engine engine) {
        return reader.apply(engine);
    }

    /**
     * Applies a new value (null for a button): parsed, checked against the range, then handed to
     * the engine. On any error the engine keeps its previous value and the exception says why.
     */
    public void apply(Engine engine, String value) {
        if (type != Type.BUTTON && (value == null || value.isEmpty())) {
            throw new IllegalArgumentException("option '" + name + "' needs a value");
        }
        applier.accept(engine, value);
    }

    /** The same option, offered by the Hub protocol under that name. */
    public EngineOption onHub(String hub) {
        return new EngineOption(name, type, defaultValue, min, max, values, hub, reader, applier);
    }

    // ---- one factory per type --------------------------------------------------------------

    /** A whole number within min..max. */
    static EngineOption spin(String name, long def, long min, long max, Function<Engine, ? extends Number> get,
                             BiConsumer<Engine, Integer> set) {
        return new EngineOption(name, Type.SPIN, Long.toString(def), min, max, List.of(), null,
                e -> get.apply(e).toString(), (e, v) -> set.accept(e, (int) number(name, v, min, max)));
    }

    /** true or false. */
    static EngineOption check(String name, boolean def, Function<Engine, Boolean> get, BiConsumer<Engine, Boolean> set) {
        return new EngineOption(name, Type.CHECK, Boolean.toString(def), 0, 0, List.of(), null,
                e -> get.apply(e).toString(), (e, v) -> set.accept(e, bool(name, v)));
    }

    /** One of the values; the engine's setter checks which it accepts. */
    static EngineOption combo(String name, String def, List<String> values, Function<Engine, String> get,
                              BiConsumer<Engine, String> set) {
        return new EngineOption(name, Type.COMBO, def, 0, 0, List.copyOf(values), null, get, set);
    }

    /** Free text. */
    static EngineOption string(String name, String def, Function<Engine, String> get, BiConsumer<Engine, String> set) {
        return new EngineOption(name, Type.STRING, def, 0, 0, List.of(), null, get, set);
    }

    private static boolean bool(String name, String value) {
        if (value.equalsIgnoreCase("true")) return true;
        if (value.equalsIgnoreCase("false")) return false;
        throw new IllegalArgumentException(name + " must be true or false, got '" + quote(value) + "'");
    }

    /** A whole number within min..max, or an error naming the option and the range. */
    private static long number(String name, String value, long min, long max) {
        long v;
        try {
            v = org.damka.notation.WholeNumbers.parse(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a whole number " + min + ".." + max + ", got '"
                    + quote(value) + "'");
        }
        if (v < min || v > max) throw new IllegalArgumentException(name + " must be " + min + ".." + max + ", got " + quote(value.trim()));
        return v;
    }

    /** Echo of user text in an error: at most 60 characters. */
    private static String quote(String s) {
        return s.length() <= 60 ? s : s.substring(0, 57) + "...";
    }
}
