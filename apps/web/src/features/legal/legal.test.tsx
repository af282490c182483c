// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../../lib/i18n';
import de from '../../locales/de/legal.json';
import fr from '../../locales/fr/legal.json';
import { AcceptableUsePolicyPage, LEGAL_TEXTS, PrivacyPolicyPage, SupportEmailContext, TermsPage } from './index';

afterEach(cleanup);

const EMAIL = 'help@example.test';

function renderWithEmail(ui: ReactElement, email = EMAIL) {
  return render(<SupportEmailContext.Provider value={email}>{ui}</SupportEmailContext.Provider>);
}

const pages = [
  { name: 'terms', Page: TermsPage, meta: LEGAL_TEXTS.terms },
  { name: 'privacy', Page: PrivacyPolicyPage, meta: LEGAL_TEXTS.privacy },
  { name: 'acceptable use', Page: AcceptableUsePolicyPage, meta: LEGAL_TEXTS.acceptableUse },
] as const;

describe.each(pages)('$name page', ({ Page, meta }) => {
  it('renders exactly one h1 with the document title', () => {
    renderWithEmail(<Page />);
    const h1s = screen.getAllByRole('heading', { level: 1 });
    expect(h1s).toHaveLength(1);
    expect(h1s[0]).toHaveTextContent(meta.title);
  });

  it('has a table of contents whose anchors point at h2 sections', () => {
    const { container } = renderWithEmail(<Page />);
    const toc = screen.getByRole('navigation', { name: 'Contents' });
    const links = within(toc).getAllByRole('link');
    expect(links.length).toBeGreaterThan(3);
    for (const link of links) {
      const id = link.getAttribute('href')!.slice(1);
      const section = container.querySelector(`section#${id}`);
      expect(section).not.toBeNull();
      expect(within(section as HTMLElement).getByRole('heading', { level: 2 })).toHaveTextContent(link.textContent!);
    }
  });

  it('moves focus to the section heading when a contents link is clicked', () => {
    renderWithEmail(<Page />);
    const link = within(screen.getByRole('navigation', { name: 'Contents' })).getAllByRole('link')[1]!;
    fireEvent.click(link);
    const heading = screen.getByRole('heading', { level: 2, name: new RegExp(link.textContent!) });
    expect(heading).toHaveFocus();
    expect(window.location.hash).toBe(link.getAttribute('href'));
  });

  it('links to the other two legal documents with plain hrefs', () => {
    renderWithEmail(<Page />);
    const others = screen.getByRole('navigation', { name: 'Other legal documents' });
    const hrefs = within(others)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    const expected = [LEGAL_TEXTS.terms.path, LEGAL_TEXTS.privacy.path, LEGAL_TEXTS.acceptableUse.path].filter(
      (p) => p !== meta.path,
    );
    expect(hrefs).toEqual(expected);
  });
});

describe('Terms of Service', () => {
  it('shows the March 2019 date', () => {
    const { container } = renderWithEmail(<TermsPage />);
    expect(container).toHaveTextContent('Last updated: March 2019');
    expect(container.querySelector('time')).toHaveAttribute('datetime', '2019-03');
  });

  it('announces material changes at least 30 days in advance', () => {
    const { container } = renderWithEmail(<TermsPage />);
    expect(container).toHaveTextContent(/material changes[^.]*at least 30 days in advance/i);
  });

  it('shows the support email from context', () => {
    renderWithEmail(<TermsPage />);
    const links = screen.getAllByRole('link', { name: EMAIL });
    expect(links[0]).toHaveAttribute('href', `mailto:${EMAIL}`);
  });
});

describe('Privacy Policy', () => {
  it('shows the March 2023 date', () => {
    const { container } = renderWithEmail(<PrivacyPolicyPage />);
    expect(container).toHaveTextContent('Last updated: March 2023');
    expect(container.querySelector('time')).toHaveAttribute('datetime', '2023-03');
  });

  it('says the service is not for people under 13 and what happens to such data', () => {
    const { container } = renderWithEmail(<PrivacyPolicyPage />);
    expect(container).toHaveTextContent(/not for children under 13/i);
    expect(container).toHaveTextContent(/under 13, we close it and delete its personal data/i);
  });

  it('describes stored data, retention, rights and the opt-out', () => {
    const { container } = renderWithEmail(<PrivacyPolicyPage />);
    for (const phrase of [
      /username, email address/i,
      /salted hash/i,
      /avatar/i,
      /car designs/i,
      /comments, ratings/i,
      /hashed visitor id/i,
      /product-update emails/i,
      /error reports/i,
      /ad network may set cookies/i,
      /How long we keep it/i,
      /Access:/,
      /Deletion:/,
    ]) {
      expect(container).toHaveTextContent(phrase);
    }
    expect(screen.getByRole('link', { name: 'notification settings' })).toHaveAttribute(
      'href',
      '/account/settings/notifications',
    );
  });

  it('shows the support email from context', () => {
    renderWithEmail(<PrivacyPolicyPage />);
    expect(screen.getAllByRole('link', { name: EMAIL }).length).toBeGreaterThan(0);
  });
});

describe('Acceptable Use Policy', () => {
  it('lists every rule topic', () => {
    renderWithEmail(<AcceptableUsePolicyPage />);
    const section = screen.getByRole('region', { name: /Prohibited uses/ });
    const items = within(section)
      .getAllByRole('listitem')
      .map((li) => li.textContent ?? '');
    for (const topic of LEGAL_TEXTS.aupRuleTopics) {
      expect(items.some((text) => text.startsWith(topic))).toBe(true);
    }
  });

  it('covers purpose, submission standards, linking, consequences and disputes', () => {
    const { container } = renderWithEmail(<AcceptableUsePolicyPage />);
    expect(container).toHaveTextContent(/add custom functions to Rocket League through the BakkesMod mod tool/);
    expect(container).toHaveTextContent(/complete source code/);
    expect(container).toHaveTextContent(/unfair advantage in online matches/);
    expect(container).toHaveTextContent(/Car designs must be your own work/);
    expect(screen.getByRole('heading', { level: 2, name: /Linking and framing/ })).toBeInTheDocument();
    expect(container).toHaveTextContent(/suspend or permanently close your account/);
    expect(container).toHaveTextContent(/disclose information to law-enforcement/);
    expect(container).toHaveTextContent(/courts located in the State of Delaware/);
  });
});

describe('SupportEmailContext', () => {
  it('falls back to the default address without a provider', () => {
    render(<TermsPage />);
    expect(screen.getAllByRole('link', { name: LEGAL_TEXTS.defaultSupportEmail })[0]).toHaveAttribute(
      'href',
      `mailto:${LEGAL_TEXTS.defaultSupportEmail}`,
    );
  });

  it('falls back to the default address when the provided value is blank', () => {
    renderWithEmail(<PrivacyPolicyPage />, '  ');
    expect(screen.getAllByRole('link', { name: LEGAL_TEXTS.defaultSupportEmail }).length).toBeGreaterThan(0);
  });
});

describe('in another language (issue 30)', () => {
  afterEach(() => changeLocale('en'));

  it('reads the Terms in French, with the date, links and facts inside the sentences', async () => {
    await changeLocale('fr');
    const { container } = renderWithEmail(<TermsPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(fr.titles.terms);
    expect(document.title).toContain(fr.titles.terms);
    expect(container).toHaveTextContent('Dernière mise à jour : mars 2019');
    expect(container).toHaveTextContent('Vous devez avoir au moins 13 ans pour créer un compte.');
    expect(container).toHaveTextContent(/au moins 30 jours à l’avance/);
    expect(container).toHaveTextContent(/tribunaux d’État ou fédéraux situés dans l’État du Delaware/);
    const agreement = screen.getByRole('region', { name: `1. ${fr.terms.agreement.title}` });
    expect(within(agreement).getByRole('link', { name: fr.titles.acceptableUse })).toHaveAttribute(
      'href',
      LEGAL_TEXTS.acceptableUse.path,
    );
    expect(screen.getByRole('navigation', { name: fr.page.contents })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: fr.page.otherDocuments })).toBeInTheDocument();
  });

  it('reads the Acceptable Use Policy in German, each rule under its topic', async () => {
    await changeLocale('de');
    renderWithEmail(<AcceptableUsePolicyPage />);
    const section = screen.getByRole('region', { name: new RegExp(de.aup.prohibited.title) });
    const items = within(section)
      .getAllByRole('listitem')
      .map((li) => li.textContent ?? '');
    expect(items).toHaveLength(9);
    expect(items[0]).toBe(`${de.aup.prohibited.rules.unlawful.topic}. ${de.aup.prohibited.rules.unlawful.text}`);
    expect(screen.getByText(/unterliegt dem Recht des US-Bundesstaats Delaware/)).toBeInTheDocument();
  });
});
