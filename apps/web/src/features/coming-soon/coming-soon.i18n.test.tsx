import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../lib/i18n';
import { json, mockFetch, renderPage, signInAs, signOut } from '../../test/utils';
import { ToolsPage } from './coming-soon-page';

afterEach(() => {
  vi.unstubAllGlobals();
  signOut();
});

describe('coming-soon in another language', () => {
  it('a coming-soon page in Spanish, with its Notify me', async () => {
    await changeLocale('es');
    signInAs();
    mockFetch(() => json(200, { subscribed: true }));
    renderPage(<ToolsPage />, { path: '/tools' });
    expect(screen.getByRole('heading', { level: 1, name: 'Herramientas' })).toBeInTheDocument();
    expect(screen.getByText('Próximamente')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Suscrito - Cancelar suscripción' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explorar plugins' })).toHaveAttribute('href', '/plugins');
  });
});
