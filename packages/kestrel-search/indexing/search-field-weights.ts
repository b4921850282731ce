/**
 * Makes the search boosts (title 5, content 1, tags 3, parent categories 2) weigh.
 *
 * The search plugin passes the boosts to lunr as query-clause boosts, one per field. lunr scores a
 * field by the cosine of the document's field vector with that field's query vector, and divides
 * by the query vector's length: a boost applied to every clause of a field scales both sides and
 * cancels out. With the plugin alone a word in a section's title counts no more than the same
 * word in its text (see tests/unit/search.test.ts). lunr's own remedy is the field boost of the
 * index, which multiplies the field's term weights in every document vector. The plugin does not
 * set it, so this multiplies the field vectors of the serialized index by the same boosts, exactly
 * as lunr's builder would have with `this.field(name, {boost})`.
 */

export type FieldBoosts = Record<string, number>;

export type SerializedIndex = {fieldVectors: [fieldRef: string, elements: number[]][]} & Record<string, unknown>;

/** Returns a copy of the lunr index with each field's vector weights multiplied by its boost. */
export function weighFields<T extends SerializedIndex>(index: T, boosts: FieldBoosts): T {
  return {
    ...index,
    fieldVectors: index.fieldVectors.map(([fieldRef, elements]) => {
      // A field ref is "field/documentRef"; elements alternate term index and weight.
      const boost = boosts[fieldRef.slice(0, fieldRef.indexOf('/'))] ?? 1;
      if (boost === 1) return [fieldRef, elements];
      // lunr keeps three decimals of each weight.
      return [fieldRef, elements.map((value, i) => (i % 2 ? Math.round(value * boost * 1000) / 1000 : value))];
    }),
  };
}

/** The search plugin's boost options, by index field name. */
export function fieldBoostsOf(lunrOptions: {
  titleBoost: number;
  contentBoost: number;
  tagsBoost: number;
  parentCategoriesBoost: number;
}): FieldBoosts {
  return {
    title: lunrOptions.titleBoost,
    content: lunrOptions.contentBoost,
    tags: lunrOptions.tagsBoost,
    sidebarParentCategories: lunrOptions.parentCategoriesBoost,
  };
}
