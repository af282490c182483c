/**
 * Stable codes for the API's error messages (docs/i18n.md, "Server"): the server answers
 * `{ message, code }` where the message is one of core's message constants, so a client can show it
 * in the reader's language by its code, not by its English. A code is the constants object's name
 * and the key: AUTH_MESSAGES.emailTaken → 'auth.emailTaken'. When two objects hold the same text,
 * the first one listed here names it. A message with values in it (message-template.ts) has a code too,
 * and the values it was filled with are its params.
 */
import { OAUTH_MESSAGES } from './oauth.js';
import { ADMIN_MESSAGES } from './admin.js';
import { DEPENDENCY_MESSAGES } from './dependencies.js';
import { PUBLISH_TOKEN_MESSAGES } from './publish-tokens.js';
import { MAIL_MESSAGES } from './mail-rules.js';
import { CAR_MESSAGES } from './car-rules.js';
import { GAME_VERSION_MESSAGES } from './game-versions.js';
import { INSPECTION_MESSAGES } from './inspection.js';
import { COLLECTION_MESSAGES } from './collections.js';
import { MODERATION_MESSAGES, REPORT_MESSAGES } from './moderation-rules.js';
import { SUPPORT_MESSAGES } from './support-link.js';
import { COMMENT_MESSAGES } from './comment-rules.js';
import { STATS_MESSAGES } from './dashboard.js';
import { TWO_FACTOR_MESSAGES } from './account-security.js';
import { AUTH_MESSAGES } from './messages.js';
import { FOLLOW_MESSAGES } from './follows.js';
import { COMPATIBILITY_MESSAGES } from './compatibility-rules.js';
import { PASSKEY_MESSAGES } from './passkeys.js';
import { MEMBER_MESSAGES } from './member-rules.js';
import { PLUGIN_MESSAGES } from './plugin-rules.js';
import { WEBHOOK_MESSAGES } from './webhooks.js';
import { CONTROL_CHARACTERS_MESSAGE } from './format.js';
import { ZIP_MESSAGES } from './zip-messages.js';
import { isMessageTemplate, templatePattern, type MessageParams } from './message-template.js';

/** The message objects by the prefix of their codes, most general first. */
const SOURCES: Array<[string, Record<string, unknown>]> = [
  ['auth', AUTH_MESSAGES],
  ['twoFactor', TWO_FACTOR_MESSAGES],
  ['passkey', PASSKEY_MESSAGES],
  ['oauth', OAUTH_MESSAGES],
  ['member', MEMBER_MESSAGES],
  ['plugin', PLUGIN_MESSAGES],
  ['car', CAR_MESSAGES],
  ['comment', COMMENT_MESSAGES],
  ['collection', COLLECTION_MESSAGES],
  ['follow', FOLLOW_MESSAGES],
  ['dependency', DEPENDENCY_MESSAGES],
  ['compatibility', COMPATIBILITY_MESSAGES],
  ['gameVersion', GAME_VERSION_MESSAGES],
  ['inspection', INSPECTION_MESSAGES],
  ['moderation', MODERATION_MESSAGES],
  ['report', REPORT_MESSAGES],
  ['mail', MAIL_MESSAGES],
  ['admin', ADMIN_MESSAGES],
  ['publishToken', PUBLISH_TOKEN_MESSAGES],
  ['support', SUPPORT_MESSAGES],
  ['stats', STATS_MESSAGES],
  ['webhook', WEBHOOK_MESSAGES],
  ['zip', ZIP_MESSAGES],
];

interface Templated {
  code: string;
  template: string;
  match: (message: string) => MessageParams | null;
}
interface Index {
  /** Constant messages by their text. */
  codes: Map<string, string>;
  templates: Templated[];
}
let built: Index | null = null;

/** Both lists, read from SOURCES once, on the first call. */
function index(): Index {
  if (built) return built;
  const codes = new Map<string, string>([[CONTROL_CHARACTERS_MESSAGE, 'format.controlCharacters']]);
  const templates: Templated[] = [];
  for (const [prefix, messages] of SOURCES)
    for (const [key, value] of Object.entries(messages)) {
      if (typeof value === 'string' && !codes.has(value)) codes.set(value, `${prefix}.${key}`);
      else if (isMessageTemplate(value))
        templates.push({ code: `${prefix}.${key}`, template: value.template, match: templatePattern(value.template) });
    }
  return (built = { codes, templates });
}

/** The stable code of a message that is one of core's constants ('auth.emailTaken'), else undefined. */
export function messageCode(message: string): string | undefined {
  return index().codes.get(message);
}

/**
 * A message's code and, when it was made from a template, the values in it:
 * `The ZIP contains a symbolic link: a/b` → { code: 'zip.symlink', params: { name: 'a/b' } }.
 * A constant wins over a template that would also match it.
 */
export function codedMessage(message: string): { code: string; params?: MessageParams } | undefined {
  const { codes, templates } = index();
  const code = codes.get(message);
  if (code) return { code };
  for (const t of templates) {
    const params = t.match(message);
    if (params) return { code: t.code, params };
  }
  return undefined;
}

/**
 * Every message that has a code, nested by its code ({ auth: { emailTaken: 'That email…' } }; a
 * template with its placeholders, { zip: { symlink: '… link: {name}' } }): the
 * English of the web's `errors` catalogue, whose other languages translate the server's answers by
 * their `code` (docs/i18n.md).
 */
export function messageCatalogue(): Record<string, Record<string, string>> {
  const { codes, templates } = index();
  const catalogue: Record<string, Record<string, string>> = {};
  const entries = [...codes, ...templates.map((t) => [t.template, t.code] as const)];
  for (const [text, code] of entries) {
    const dot = code.indexOf('.');
    (catalogue[code.slice(0, dot)] ??= {})[code.slice(dot + 1)] = text;
  }
  return catalogue;
}
