import type { OutgoingMail } from '../../platform/mailer.js';

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function layout(title: string, paragraphs: string[], action?: { label: string; url: string }) {
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;background:#0f172a;color:#e2e8f0;padding:24px">
<div style="max-width:560px;margin:0 auto;background:#1e293b;border-radius:8px;padding:24px">
<h1 style="font-size:20px;color:#fff">${escape(title)}</h1>
${paragraphs.map((p) => `<p style="line-height:1.5">${escape(p)}</p>`).join('\n')}
${action ? `<p><a href="${escape(action.url)}" style="display:inline-block;background:#2563eb;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escape(action.label)}</a></p><p style="font-size:12px;color:#94a3b8">Or open this link: ${escape(action.url)}</p>` : ''}
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

export function verificationMail(to: string, username: string, url: string): OutgoingMail {
  return {
    to,
    subject: 'Verify your email address',
    ...layout(
      `Welcome, ${username}!`,
      [
        'Please confirm your email address to finish setting up your account.',
        'The link works once and expires in 7 days.',
      ],
      { label: 'Verify Email', url },
    ),
  };
}

export function passwordResetMail(to: string, username: string, url: string): OutgoingMail {
  return {
    to,
    subject: 'Reset your password',
    ...layout(
      `Hi ${username},`,
      [
        'Someone asked to reset the password of your account. If it was you, choose a new password with the link below.',
        'The link works once and expires in 24 hours. If you did not ask for this, you can ignore this message.',
      ],
      { label: 'Reset Password', url },
    ),
  };
}

export function emailChangeConfirmMail(to: string, username: string, url: string): OutgoingMail {
  return {
    to,
    subject: 'Confirm your new email address',
    ...layout(
      `Hi ${username},`,
      [
        'Please confirm that this is the new email address of your account. Your old address stays active until you do.',
        'The link works once and expires in 24 hours.',
      ],
      { label: 'Confirm New Email', url },
    ),
  };
}

export function emailChangeNoticeMail(to: string, username: string, newEmail: string): OutgoingMail {
  return {
    to,
    subject: 'A change of your email address was requested',
    ...layout(`Hi ${username},`, [
      `A change of your account's email address to ${newEmail} was requested. This address stays active until the new one is confirmed.`,
      'If this was not you, change your password right away and contact support.',
    ]),
  };
}
