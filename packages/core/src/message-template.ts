/**
 * Messages with a value in them ('The ZIP contains a symbolic link: {name}'). The English is a template
 * with named placeholders, so the message keeps a stable code like every constant one (message-codes.ts)
 * and a reader's language can put the same values into its own sentence (docs/i18n.md, "Error codes").
 * The server's answer carries the values it filled in as `params`.
 */
export type MessageParams = Record<string, string | number>;

/** A message function (called as before, with its own arguments) that knows its English template. */
export type MessageTemplate<A extends unknown[]> = ((...args: A) => string) & { readonly template: string };

const PLACEHOLDER = /\{(\w+)\}/g;

/** `text` with each `{name}` replaced by its value; a placeholder without a value stays as written. */
export function fillTemplate(text: string, values: MessageParams): string {
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole,
  );
}

/** A message made of `template` with the values `params` picks from the function's arguments. */
export function messageTemplate<A extends unknown[]>(
  template: string,
  params: (...args: A) => MessageParams,
): MessageTemplate<A> {
  return Object.assign((...args: A) => fillTemplate(template, params(...args)), { template });
}

export function isMessageTemplate(value: unknown): value is MessageTemplate<unknown[]> {
  return typeof value === 'function' && typeof (value as { template?: unknown }).template === 'string';
}

/**
 * The values a message was filled with, when it is `template` filled in (null when it is not). Each
 * placeholder matches the shortest text that lets the rest match, so a value may hold any character.
 */
export function templatePattern(template: string): (message: string) => MessageParams | null {
  const names: string[] = [];
  const source = template
    .split(PLACEHOLDER)
    .map((part, i) => {
      if (i % 2 === 0) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(part);
      return '([\\s\\S]+?)';
    })
    .join('');
  const pattern = new RegExp(`^${source}$`);
  return (message) => {
    const found = pattern.exec(message);
    if (!found) return null;
    return Object.fromEntries(names.map((name, i) => [name, found[i + 1]!]));
  };
}
