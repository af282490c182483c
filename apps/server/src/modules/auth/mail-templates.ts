import { englishT, type ServerT } from '../../i18n/index.js';
import type { OutgoingMail } from '../../platform/mailer.js';

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The account mails, each in its reader's language (`t`: the member's locale, else English). */
function layout(t: ServerT, title: string, paragraphs: string[], action?: { label: string; url: string }) {
  const orOpen = t('mail.orOpen');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;background:#0f172a;color:#e2e8f0;padding:24px">
<div style="max-width:560px;margin:0 auto;background:#1e293b;border-radius:8px;padding:24px">
<h1 style="font-size:20px;color:#fff">${escape(title)}</h1>
${paragraphs.map((p) => `<p style="line-height:1.5">${escape(p)}</p>`).join('\n')}
${action ? `<p><a href="${escape(action.url)}" style="display:inline-block;background:#2563eb;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escape(action.label)}</a></p><p style="font-size:12px;color:#94a3b8">${escape(orOpen)} ${escape(action.url)}</p>` : ''}
<p style="font-size:12px;color:#94a3b8">BakkesMod Community</p></div></body></html>`;
  const text = [
    title,
    '',
    ...paragraphs,
    ...(action ? ['', `${action.label}: ${action.url}`] : []),
    '',
    'BakkesMod Community',
  ].join('\n');
  return { html, text };
}

export function verificationMail(to: string, username: string, url: string, t: ServerT = englishT): OutgoingMail {
  return {
    to,
    subject: t('mail.verify.subject'),
    ...layout(t, t('mail.verify.title', { username }), [t('mail.verify.confirm'), t('mail.verify.expiry')], {
      label: t('mail.verify.action'),
      url,
    }),
  };
}

export function passwordResetMail(to: string, username: string, url: string, t: ServerT = englishT): OutgoingMail {
  return {
    to,
    subject: t('mail.reset.subject'),
    ...layout(t, t('mail.hi', { username }), [t('mail.reset.asked'), t('mail.reset.expiry')], {
      label: t('mail.reset.action'),
      url,
    }),
  };
}

export function emailChangeConfirmMail(to: string, username: string, url: string, t: ServerT = englishT): OutgoingMail {
  return {
    to,
    subject: t('mail.emailChange.subject'),
    ...layout(t, t('mail.hi', { username }), [t('mail.emailChange.confirm'), t('mail.emailChange.expiry')], {
      label: t('mail.emailChange.action'),
      url,
    }),
  };
}

export function emailChangeNoticeMail(
  to: string,
  username: string,
  newEmail: string,
  t: ServerT = englishT,
): OutgoingMail {
  return {
    to,
    subject: t('mail.emailChangeNotice.subject'),
    ...layout(t, t('mail.hi', { username }), [
      t('mail.emailChangeNotice.requested', { newEmail }),
      t('mail.emailChangeNotice.notYou'),
    ]),
  };
}
