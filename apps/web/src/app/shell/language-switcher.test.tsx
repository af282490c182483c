import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { compactNumber, exactNumber, formatDate } from '../../lib/format';
import { changeLocale, initialLocale, LOCALE_KEY } from '../../lib/i18n';
import { Providers } from '../providers';
import { Footer } from './footer';

function renderFooter() {
  return render(
    <Providers>
      <MemoryRouter>
        <Footer />
      </MemoryRouter>
    </Providers>,
  );
}

describe('language switcher', () => {
  it('switches the footer to the chosen language, keeps the choice and sets <html lang>', async () => {
    renderFooter();
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByRole('link', { name: 'Privacy Policy' })).toBeInTheDocument();
    await userEvent.selectOptions(footer.getByRole('combobox', { name: 'Language' }), 'Deutsch');
    await waitFor(() => expect(footer.getByRole('link', { name: 'Datenschutzerklärung' })).toBeInTheDocument());
    expect(footer.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
    expect(document.documentElement.lang).toBe('de');
    expect(window.localStorage.getItem(LOCALE_KEY)).toBe('de');
    expect(initialLocale()).toBe('de');
  });

  it('formats numbers and dates in the language (English keeps the compact rule)', async () => {
    expect(compactNumber(41_734)).toBe('41.7k');
    expect(exactNumber(4892)).toBe('4,892');
    await changeLocale('fr');
    expect(exactNumber(4892)).toBe('4\u202f892');
    expect(compactNumber(41_734)).toBe('41,7\u00a0k');
    expect(formatDate('2026-11-27T12:00:00Z')).toMatch(/nov\.? 2026/);
    await changeLocale('de');
    expect(exactNumber(4892)).toBe('4.892');
  });

  it('starts in the browser language when no choice is kept', () => {
    const languages = Object.getOwnPropertyDescriptor(window.navigator, 'languages');
    Object.defineProperty(window.navigator, 'languages', { value: ['it-IT', 'pt-PT', 'en'], configurable: true });
    try {
      expect(initialLocale()).toBe('pt-BR');
    } finally {
      if (languages) Object.defineProperty(window.navigator, 'languages', languages);
      else delete (window.navigator as { languages?: unknown }).languages;
    }
  });
});
