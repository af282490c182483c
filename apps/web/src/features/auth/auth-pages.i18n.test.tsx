import { OAUTH_MESSAGES } from '@bm/core';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../../lib/i18n';
import { renderPage, signOut } from '../../test/utils';
import { AUTH_EN } from './auth-text';
import { OAuthCompletePage } from './oauth-complete-page';
import { RegistrationSuccessPage } from './registration-success-page';

afterEach(() => {
  window.history.replaceState(null, '', '/');
  signOut();
});

function renderOAuthError(code: string) {
  window.location.hash = `error=${code}`;
  return renderPage(<OAuthCompletePage />, { path: '/auth/oauth/complete' });
}

describe('auth pages through the catalogue (issue 30)', () => {
  it('the provider sign-in error reads the core text in English', async () => {
    renderOAuthError('Denied');
    expect(await screen.findByRole('heading', { name: AUTH_EN.oauth.errorTitle })).toBeInTheDocument();
    expect(screen.getByText(OAUTH_MESSAGES.denied)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: AUTH_EN.oauth.backToLogin })).toHaveAttribute('href', '/login');
  });

  it('and in Spanish, the same screen and core message translated', async () => {
    await changeLocale('es');
    renderOAuthError('Denied');
    expect(await screen.findByRole('heading', { name: 'No se pudo iniciar sesión' })).toBeInTheDocument();
    expect(screen.getByText('El inicio de sesión se canceló en el proveedor.')).toBeInTheDocument();
  });

  it('registration success names the address and the member, in Brazilian Portuguese too', async () => {
    const path = '/registration-success?email=a%40b.io&username=octane';
    const { unmount } = renderPage(<RegistrationSuccessPage />, { path });
    expect(
      screen.getByText('We sent a verification link to a@b.io. Open it to activate your account.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Welcome aboard, octane!')).toBeInTheDocument();
    unmount();
    await changeLocale('pt-BR');
    renderPage(<RegistrationSuccessPage />, { path });
    expect(screen.getByText('Bem-vindo a bordo, octane!')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Confira seu e-mail' })).toBeInTheDocument();
  });
});
