package org.damka.cli;

import org.damka.search.SearchLimits;

/** The search budget of the tools that search positions ({@code --nodes}, {@code --depth}): checked alike. */
final class SearchBudget {
    private SearchBudget() { }

    /** What is wrong with the given values (null: not given), or null. */
    static String wrong(Long nodes, Integer depth) {
        if (nodes != null && nodes < 1) return "--nodes must be 1 or more, got " + nodes;
        if (depth != null && (depth < 1 || depth > 60)) return "--depth must be 1..60, got " + depth;
        return null;
    }

    /** The limits: the nodes if given, else the depth if given, else {@code defaultDepth}. */
    static SearchLimits limits(Long nodes, Integer depth, int defaultDepth) {
        return nodes != null ? SearchLimits.nodes(nodes) : SearchLimits.depth(depth != null ? depth : defaultDepth);
    }
}
