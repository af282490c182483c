import { Fragment, type ReactNode } from 'react';
import type { TextValues } from '@bm/core';

const MARK = '\u0000';

/**
 * A translated text whose placeholders are elements (a link, a <time>): `fill` reads the text with
 * each element's placeholder marked, and the marks become the elements, so every language places
 * them where its sentence needs them. Strings and numbers among `parts` are filled in as usual.
 *
 *   richText((v) => t('support.body', v), { email: <a href="mailto:…">…</a> })
 */
export function richText(fill: (values: TextValues) => string, parts: Record<string, ReactNode>): ReactNode {
  const values: TextValues = {};
  const nodes = new Map<string, ReactNode>();
  for (const [name, part] of Object.entries(parts)) {
    if (typeof part === 'string' || typeof part === 'number') values[name] = part;
    else {
      values[name] = `${MARK}${name}${MARK}`;
      nodes.set(name, part);
    }
  }
  const pieces = fill(values).split(MARK);
  if (pieces.length === 1) return pieces[0];
  return pieces.map((piece, i) => (
    <Fragment key={i}>{i % 2 === 1 && nodes.has(piece) ? nodes.get(piece) : piece}</Fragment>
  ));
}
