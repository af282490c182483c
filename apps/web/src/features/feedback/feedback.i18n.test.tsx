import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../lib/i18n';
import { json, mockFetch, renderPage, signInAs, signOut } from '../../test/utils';
import { FeedbackButton } from './feedback-button';

afterEach(() => {
  vi.unstubAllGlobals();
  signOut();
});

describe('feedback in another language', () => {
  it('the feedback button and dialog in Brazilian Portuguese', async () => {
    await changeLocale('pt-BR');
    signInAs();
    mockFetch(() => json(201, { id: 1 }));
    renderPage(<FeedbackButton />, { path: '/' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Enviar feedback' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enviar feedback' });
    expect(dialog).toHaveTextContent('0/5000');
    expect(screen.getByLabelText('Seu feedback')).toHaveAttribute('placeholder', 'O que você gostaria de nos dizer?');
  });
});
