import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectSession } from '../../lib/auth';
import { changeLocale, currentLocale } from '../../lib/i18n';
import { bodyOf, json, mockFetch, renderPage, signInAs, signOut } from '../../test/utils';
import frSettings from '../../locales/fr/settings.json';
import { LanguageSettings } from './language-settings';
import { SETTINGS_EN } from './settings-text';

describe('Settings → Account: language', () => {
  afterEach(async () => {
    signOut();
    await changeLocale('en');
    vi.unstubAllGlobals();
  });

  it('lists the languages by their own names and saves the choice to the account', async () => {
    connectSession();
    signInAs();
    const fetch = mockFetch(() => json(200, { locale: 'de' }));
    const user = userEvent.setup();
    renderPage(<LanguageSettings />);
    expect(screen.getByRole('heading', { name: SETTINGS_EN.language.title })).toBeInTheDocument();
    const select = screen.getByRole('combobox', { name: SETTINGS_EN.language.label });
    expect(screen.getByRole('option', { name: 'Português (Brasil)' })).toBeInTheDocument();
    await user.selectOptions(select, 'Deutsch');
    await waitFor(() => expect(currentLocale()).toBe('de'));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(fetch.mock.calls[0]![0]).toBe('/api/members/me/locale');
    expect(bodyOf(fetch.mock.calls[0]![1]!)).toEqual({ locale: 'de' });
    expect(localStorage.getItem('bm.locale')).toBe('de');
  });

  it('is shown in French to a French reader', async () => {
    await changeLocale('fr');
    renderPage(<LanguageSettings />);
    expect(screen.getByRole('heading', { name: frSettings.language.title })).toBeInTheDocument();
    expect(screen.getByText(frSettings.language.intro)).toBeInTheDocument();
  });
});
