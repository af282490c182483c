import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailMessages, members } from '../../db/schema.js';
import { signedInMember, startTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload: payload as object, headers });
const setLocale = (id: number, locale: string | null) =>
  t.ctx.db.update(members).set({ locale }).where(eq(members.id, id));

describe('mails in the member’s language (docs/i18n.md, Server)', () => {
  it('writes a password reset in Spanish to a member whose language is Spanish', async () => {
    const m = await signedInMember(t);
    await setLocale(m.id, 'es');
    await post('/auth/forgot-password', { email: m.email }, { 'accept-language': 'de' });
    const [mail] = await t.mailFor(m.email);
    expect(mail!.subject).toBe('Restablece tu contraseña');
    expect(mail!.text).toContain(`Hola, ${m.username}:`);
    expect(mail!.text).toContain('Alguien ha pedido restablecer la contraseña de tu cuenta.');
    expect(mail!.text).toMatch(/Restablecer contraseña: http:\/\/localhost:3000\/reset-password\?token=\S+&lang=es\n/);
    expect(mail!.html).toContain('O abre este enlace:');
  });

  it('uses the asking browser’s language for an account without one, else English', async () => {
    const m = await signedInMember(t);
    await post('/auth/forgot-password', { email: m.email }, { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' });
    await post('/auth/forgot-password', { email: m.email });
    const [fr, en] = await t.mailFor(m.email);
    expect(fr!.subject).toBe('Réinitialisez votre mot de passe');
    expect(en!.subject).toBe('Reset your password');
  });

  it('keeps the English mail as it was, byte for byte', async () => {
    const m = await signedInMember(t);
    await post('/auth/forgot-password', { email: m.email }, { 'accept-language': 'en-US' });
    const [mail] = await t.mailFor(m.email);
    const link = mail!.link!;
    expect(mail!.text.trim()).toBe(
      [
        `Hi ${m.username},`,
        '',
        'Someone asked to reset the password of your account. If it was you, choose a new password with the link below.',
        'The link works once and expires in 24 hours. If you did not ask for this, you can ignore this message.',
        '',
        `Reset Password: ${link}`,
        '',
        'BakkesMod Community',
      ].join('\n'),
    );
    expect(mail!.html).toContain(`Or open this link: ${link.replace(/&/g, '&amp;')}`);
  });

  it('writes a verification mail in the language given at registration', async () => {
    const email = `lang${Date.now()}@example.com`;
    await post('/auth/register', {
      username: `lang${Date.now() % 1e8}`,
      email,
      password: 'correct-horse-9',
      locale: 'pt-BR',
    });
    const [mail] = await t.mailFor(email);
    expect(mail!.subject).toBe('Confirme seu endereço de e-mail');
  });
});

describe('inbox notices in the member’s language', () => {
  it('stores and mails a site notice in German for a German member, and in English for others', async () => {
    const de = await signedInMember(t);
    const en = await signedInMember(t);
    await setLocale(de.id, 'de');
    for (const m of [de, en])
      await t.ctx.notifications.sendNow({
        memberId: m.id,
        kind: 'pluginComment',
        subject: (tr) => tr('notice.pluginComment.subject', { name: 'Speedo' }),
        body: (tr) => tr('notice.pluginComment.body', { commenter: 'ada', name: 'Speedo' }),
        link: '/plugin/7',
      });
    const inbox = async (id: number) =>
      (await t.ctx.db.select().from(mailMessages).where(eq(mailMessages.memberId, id)))[0]!;
    expect(await inbox(de.id)).toMatchObject({
      subject: 'Neuer Kommentar zu Speedo',
      body: '**ada** hat **Speedo** kommentiert:',
    });
    expect(await inbox(en.id)).toMatchObject({
      subject: 'New comment on Speedo',
      body: '**ada** commented on **Speedo**:',
    });

    const [deMail] = await t.mailFor(de.email);
    expect(deMail!.subject).toBe('Neuer Kommentar zu Speedo');
    expect(deMail!.text).toContain(`Hallo ${de.username},`);
    expect(deMail!.text).toContain('Öffnen: http://localhost:3000/plugin/7');
    expect(deMail!.text).toMatch(/Abbestellen: http/);
    const [enMail] = await t.mailFor(en.email);
    expect(enMail!.text).toContain(
      `Hi ${en.username},\n\nNew comment on Speedo\n\n**ada** commented on **Speedo**:\n\nOpen: http://localhost:3000/plugin/7\n\nYou get this email because inbox notifications are on in your settings: http://localhost:3000/account/settings/notifications\nUnsubscribe: http`,
    );
  });
});
