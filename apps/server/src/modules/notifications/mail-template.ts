import { englishT, type ServerT } from '../../i18n/index.js';
import type { OutgoingMail } from '../../platform/mailer.js';
import { type UnsubscribablePreference, unsubscribeHeaders } from './unsubscribe.js';

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The email copy of an inbox notice. The body is markdown written by the site (and, for notes, by
 * staff): it goes out as plain text, escaped in the HTML part, never rendered as markup.
 */
export function noticeMail(
  publicUrl: string,
  to: string,
  username: string,
  notice: { subject: string; body: string; link?: string },
  unsubscribe: { url: string; preference: UnsubscribablePreference },
  t: ServerT = englishT,
): OutgoingMail {
  const url = `${publicUrl}${notice.link ?? '/mail'}`;
  const why = unsubscribe.preference === 'productUpdates' ? t('notice.whyProductUpdates') : t('notice.whyInbox');
  const hi = t('mail.hi', { username });
  const open = t('notice.open');
  const unsubscribeLabel = t('notice.unsubscribe');
  const settings = `${publicUrl}/account/settings/notifications`;
  const paragraphs = notice.body
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;background:#0f172a;color:#e2e8f0;padding:24px">
<div style="max-width:560px;margin:0 auto;background:#1e293b;border-radius:8px;padding:24px">
<p>${escape(hi)}</p>
<h1 style="font-size:20px;color:#fff">${escape(notice.subject)}</h1>
${paragraphs.map((p) => `<p style="line-height:1.5;white-space:pre-wrap">${escape(p)}</p>`).join('\n')}
<p><a href="${escape(url)}" style="display:inline-block;background:#2563eb;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escape(open)}</a></p>
<p style="font-size:12px;color:#94a3b8">${escape(why)}: ${escape(settings)}. <a href="${escape(unsubscribe.url)}" style="color:#94a3b8">${escape(unsubscribeLabel)}</a></p>
</div></body></html>`;
  const text = [
    hi,
    '',
    notice.subject,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    `${open}: ${url}`,
    '',
    `${why}: ${settings}`,
    `${unsubscribeLabel}: ${unsubscribe.url}`,
  ].join('\n');
  return { to, subject: notice.subject, text, html, headers: unsubscribeHeaders(unsubscribe.url) };
}
