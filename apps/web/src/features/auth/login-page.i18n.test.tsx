import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../../lib/i18n';
import { renderPage, signOut } from '../../test/utils';
import { LoginPage } from './login-page';

afterEach(() => signOut());

describe('LoginPage in another language (issue 30)', () => {
  it('speaks French: title, fields, the core validation messages and the submit button', async () => {
    signOut();
    await changeLocale('fr');
    const user = userEvent.setup();
    renderPage(<LoginPage />, { path: '/login', route: '/login' });

    expect(screen.getByRole('heading', { level: 1, name: 'Bon retour parmi nous' })).toBeInTheDocument();
    expect(document.title).toContain('Bon retour parmi nous');
    expect(screen.getByRole('button', { name: 'Se connecter' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Créez-en un' })).toHaveAttribute('href', '/register');

    await user.click(screen.getByLabelText("Nom d'utilisateur"));
    await user.tab();
    expect(screen.getByText("Le nom d'utilisateur est obligatoire")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Nom d'utilisateur"), 'octane');
    await user.type(screen.getByLabelText('Mot de passe'), 'abc');
    await user.tab();
    expect(screen.getAllByText('Le mot de passe doit contenir au moins 6 caractères').length).toBeGreaterThan(0);
  });
});
