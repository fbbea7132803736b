// A single-pass XML tokenizer for the parts of a workbook (SAX-style): open tags with their
// attributes, close tags and the text between them, in document order. Every character is
// looked at a bounded number of times whatever the input, so a damaged or hostile part (a tag
// that never closes, 64,000 `<c ` in a row) costs one pass, never one pass per tag: there is no
// regular expression here that could rescan the rest of the text. Malformed input is read as far
// as it makes sense and the scan ends where a construct is cut off.

export type XmlToken =
  | {
      type: 'open';
      /** The local name: `x:c` and `c` are both `c`. */
      name: string;
      /** The raw attribute text of the tag, read with `attributeOf`. */
      attributes: string;
      selfClosing: boolean;
    }
  | { type: 'close'; name: string }
  /** Text between tags, as `xml.slice(start, end)`; `cdata` when it came from a CDATA section. */
  | { type: 'text'; start: number; end: number; cdata: boolean };

const isSpace = (code: number) => code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;

function localName(qualified: string): string {
  const colon = qualified.indexOf(':');
  return colon < 0 ? qualified : qualified.slice(colon + 1);
}

/** The tokens of `xml`, one pass from start to end. */
export function* scanXml(xml: string): Generator<XmlToken> {
  const length = xml.length;
  let i = 0;
  while (i < length) {
    const lt = xml.indexOf('<', i);
    if (lt < 0) {
      yield { type: 'text', start: i, end: length, cdata: false };
      return;
    }
    if (lt > i) yield { type: 'text', start: i, end: lt, cdata: false };
    const next = xml.charCodeAt(lt + 1);
    if (next === 0x21 /* ! */) {
      if (xml.startsWith('<!--', lt)) {
        const end = xml.indexOf('-->', lt + 4);
        if (end < 0) return;
        i = end + 3;
      } else if (xml.startsWith('<![CDATA[', lt)) {
        const end = xml.indexOf(']]>', lt + 9);
        if (end < 0) return;
        yield { type: 'text', start: lt + 9, end, cdata: true };
        i = end + 3;
      } else {
        // A declaration (<!DOCTYPE ...>): skipped; workbooks have none that matter.
        const end = xml.indexOf('>', lt + 2);
        if (end < 0) return;
        i = end + 1;
      }
      continue;
    }
    if (next === 0x3f /* ? */) {
      const end = xml.indexOf('?>', lt + 2);
      if (end < 0) return;
      i = end + 2;
      continue;
    }
    if (next === 0x2f /* / */) {
      const end = xml.indexOf('>', lt + 2);
      if (end < 0) return;
      yield { type: 'close', name: localName(xml.slice(lt + 2, end).trim()) };
      i = end + 1;
      continue;
    }
    // An open tag: its name, then attributes up to the first `>` outside a quoted value.
    let p = lt + 1;
    while (p < length) {
      const code = xml.charCodeAt(p);
      if (isSpace(code) || code === 0x3e /* > */ || code === 0x2f /* / */ || code === 0x3c) break;
      p += 1;
    }
    const name = xml.slice(lt + 1, p);
    if (name === '' || xml.charCodeAt(p) === 0x3c) {
      // `<` followed by nothing that names a tag (or by another `<`): plain text, read on.
      yield { type: 'text', start: lt, end: p, cdata: false };
      i = p;
      continue;
    }
    const attributesStart = p;
    let quote = 0;
    while (p < length) {
      const code = xml.charCodeAt(p);
      if (quote !== 0) {
        if (code === quote) quote = 0;
      } else if (code === 0x22 || code === 0x27) quote = code;
      else if (code === 0x3e) break;
      p += 1;
    }
    if (p >= length) return;
    const selfClosing = xml.charCodeAt(p - 1) === 0x2f;
    yield {
      type: 'open',
      name: localName(name),
      attributes: xml.slice(attributesStart, selfClosing ? p - 1 : p),
      selfClosing,
    };
    i = p + 1;
  }
}

/**
 * The raw value of the attribute named `name` in a tag's attribute text (`r`, `t`, `r:id`);
 * `anyPrefix` also takes `name` under any namespace prefix (`x:id` for `id`). One pass over
 * the attribute text; null when it is absent.
 */
export function attributeOf(attributes: string, name: string, anyPrefix = false): string | null {
  const length = attributes.length;
  let p = 0;
  while (p < length) {
    while (p < length && isSpace(attributes.charCodeAt(p))) p += 1;
    const nameStart = p;
    while (p < length) {
      const code = attributes.charCodeAt(p);
      if (isSpace(code) || code === 0x3d /* = */) break;
      p += 1;
    }
    const found = attributes.slice(nameStart, p);
    while (p < length && isSpace(attributes.charCodeAt(p))) p += 1;
    if (attributes.charCodeAt(p) !== 0x3d) {
      // A name without a value (malformed): skip it.
      if (p === nameStart) p += 1;
      continue;
    }
    p += 1;
    while (p < length && isSpace(attributes.charCodeAt(p))) p += 1;
    const quote = attributes.charCodeAt(p);
    let value: string;
    if (quote === 0x22 || quote === 0x27) {
      const end = attributes.indexOf(String.fromCharCode(quote), p + 1);
      const stop = end < 0 ? length : end;
      value = attributes.slice(p + 1, stop);
      p = stop + 1;
    } else {
      const start = p;
      while (p < length && !isSpace(attributes.charCodeAt(p))) p += 1;
      value = attributes.slice(start, p);
    }
    if (found === name || (anyPrefix && found.endsWith(`:${name}`))) return value;
  }
  return null;
}
