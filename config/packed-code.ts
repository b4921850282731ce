/**
 * Code highlighted at build time (plugins/highlight-code), as it travels to the page: packed.
 * Prism's markup is mostly `<span class="token punctuation">` around one character, about six
 * times the code's own bytes, and every operation page carries eight samples and its examples in
 * its data (a JSON module that the bundler, the server render and the browser all read). Packed,
 * each distinct class list is written once, on the first line (`,` between them), and the code
 * below marks a token `<N>…</>`, N its class list's place in that line. The HTML is the same to
 * the byte once unpacked, which a regular expression does in the browser: no Prism ships.
 *
 * Unambiguous because Prism escapes every `<` of the code (`&lt;`): each `<` left is markup.
 */
const OPEN = /<span class="token ([^"<>,\n]*)">/g;
const PACKED_MARK = /<(\d+)>|<\/>/g;

/** Prism's HTML, packed; fails (naming what differs) unless unpacking gives the HTML back. */
export function packHighlighted(html: string): string {
  const classes: string[] = [];
  const body = html
    .replace(OPEN, (_, list: string) => {
      let index = classes.indexOf(list);
      if (index < 0) index = classes.push(list) - 1;
      return `<${index}>`;
    })
    .replace(/<\/span>/g, '</>');
  const packed = `${classes.join(',')}\n${body}`;
  const back = unpackHighlighted(packed);
  if (back !== html) {
    let at = 0;
    while (back[at] === html[at]) at++;
    // From the tag the difference is in, when it is in one.
    const tag = html.lastIndexOf('<', at);
    const from = tag >= 0 && at - tag < 60 ? tag : at;
    throw new Error(`packed-code: this HTML does not survive packing, from "${html.slice(from, from + 60)}"`);
  }
  return packed;
}

/** The HTML a packed block stands for: the inner HTML of its `<code>`. */
export function unpackHighlighted(packed: string): string {
  const cut = packed.indexOf('\n');
  const classes = packed.slice(0, cut).split(',');
  return packed
    .slice(cut + 1)
    .replace(PACKED_MARK, (_, index: string | undefined) =>
      index === undefined ? '</span>' : `<span class="token ${classes[Number(index)]}">`,
    );
}
