import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../lib/i18n';
import de from '../../locales/de/settings.json';
import fr from '../../locales/fr/settings.json';
import { json, mockFetch, renderPage, signInAs, signOut } from '../../test/utils';
import { ChangePasswordForm } from './change-password-form';
import { PublishTokens } from './publish-tokens';
import { SettingsPage } from './settings-page';

describe('settings through the catalogue (issue 30)', () => {
  beforeEach(() => signInAs());
  afterEach(async () => {
    vi.unstubAllGlobals();
    signOut();
    await changeLocale('en');
  });

  it('shows the Security section in French, a session row with its words around the times', async () => {
    await changeLocale('fr');
    mockFetch((url) =>
      url === '/api/auth/sessions'
        ? json(200, [
            { id: 's1', current: true, browser: null, device: null, createdAt: new Date().toISOString() },
            { id: 's2', current: false, browser: 'Firefox', device: 'Linux', createdAt: new Date().toISOString() },
          ])
        : url === '/api/auth/2fa'
          ? json(200, { totpEnabled: true, recoveryCodesLeft: 1 })
          : json(200, []),
    );
    renderPage(<SettingsPage />, { path: '/account/settings/security', route: '/account/settings/:section' });
    expect(await screen.findByRole('heading', { level: 1, name: fr.page.title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: fr.page.nav.security })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('heading', { name: fr.password.heading })).toBeInTheDocument();
    const sessions = await screen.findByRole('list', { name: fr.sessions.listLabel });
    expect(within(sessions).getByText('Navigateur inconnu sur appareil inconnu')).toBeInTheDocument();
    expect(within(sessions).getByRole('button', { name: 'Se déconnecter de Firefox sur Linux' })).toBeInTheDocument();
    expect(await screen.findByText('1 code de récupération restant.')).toBeInTheDocument();
  });

  it("translates core's checks and the server's known answers, in German", async () => {
    await changeLocale('de');
    mockFetch(() => json(400, { message: 'Current password is incorrect' }));
    const user = userEvent.setup();
    renderPage(<ChangePasswordForm />);
    await user.click(screen.getByRole('button', { name: de.password.submit }));
    expect(screen.getByRole('alert')).toHaveTextContent(de.messages.fillAll);
    await user.type(screen.getByLabelText(de.password.current), 'oldpassword');
    await user.type(screen.getByLabelText(de.password.next), 'newpassword');
    await user.type(screen.getByLabelText(de.password.confirm), 'newpassword');
    await user.click(screen.getByRole('button', { name: de.password.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(de.messages.currentPasswordWrong);
  });

  it('names the expiry choices with plural forms', async () => {
    await changeLocale('de');
    mockFetch(() => json(200, []));
    renderPage(<PublishTokens />);
    const expiry = await screen.findByRole('combobox', { name: de.tokens.expiry });
    expect(within(expiry).getByRole('option', { name: '30 Tage' })).toBeInTheDocument();
    expect(within(expiry).getByRole('option', { name: de.tokens.year })).toBeInTheDocument();
  });
});
