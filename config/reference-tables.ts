/**
 * Reference tables on a phone: a list of links in one cell of an entry (the operations that answer
 * an error code, the operations a walkthrough calls) of up to this many stays as it is; a longer
 * one is folded behind its count, so that the entry's other cells share the screen. Read by the
 * error catalogue (src/components/ErrorCatalogue) and by plugins/reference-tables for Markdown
 * tables.
 */
export const UNFOLDED_LIST_LENGTH = 3;
