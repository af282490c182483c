import { PLUGIN_MESSAGES } from '@bm/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { changeLocale } from '../../../lib/i18n';
import { bodyOf, json, mockFetch, renderPage, signInAs, signOut } from '../../../test/utils';
import { makePlugin } from '../manage/test-fixtures';
import T from '../../../locales/en/pluginCreate';
import { PluginCreatePage } from './create-plugin-page';

describe('create plugin form', () => {
  beforeEach(() => signInAs());
  afterEach(() => {
    signOut();
    vi.unstubAllGlobals();
  });

  it("shows core's messages before sending anything", async () => {
    const fetch = mockFetch(() => json(500, {}));
    renderPage(<PluginCreatePage />, { path: '/plugins/new' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(T.homepage), 'not a url');
    await user.click(screen.getByRole('button', { name: T.submit }));
    expect(await screen.findByText(PLUGIN_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(PLUGIN_MESSAGES.homepageInvalid)).toBeInTheDocument();
    expect(screen.getByLabelText(T.name)).toHaveAttribute('aria-invalid', 'true');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('counts the short description and refuses more than 500 characters', async () => {
    const fetch = mockFetch(() => json(500, {}));
    renderPage(<PluginCreatePage />, { path: '/plugins/new' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(T.name), 'Boost Meter');
    await user.click(screen.getByLabelText(T.shortDescription));
    await user.paste('x'.repeat(501));
    expect(screen.getByTestId('short-description-counter')).toHaveTextContent('501/500');
    expect(screen.getByText(PLUGIN_MESSAGES.shortDescriptionTooLong)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: T.submit }));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('creates the plugin and goes to its manage page', async () => {
    const fetch = mockFetch(() => json(201, makePlugin({ id: 42, name: 'Boost Meter' })));
    renderPage(<PluginCreatePage />, { path: '/plugins/new' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(T.name), 'Boost Meter');
    await user.type(screen.getByLabelText(T.homepage), 'https://example.com');
    await user.click(screen.getByRole('button', { name: T.submit }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/plugins/42/manage');
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/plugins/create');
    expect(bodyOf(init!)).toMatchObject({ name: 'Boost Meter', homepage: 'https://example.com', shortDescription: '' });
  });

  it("shows 'Failed to create plugin', or the server's first field error on a 400", async () => {
    let answer = json(500, { message: 'boom' });
    mockFetch(() => answer);
    renderPage(<PluginCreatePage />, { path: '/plugins/new' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(T.name), 'Boost Meter');
    await user.click(screen.getByRole('button', { name: T.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(T.createFailed);

    answer = json(400, { message: 'Validation error', errors: { name: ['Plugin name is taken'] } });
    await user.click(screen.getByRole('button', { name: T.submit }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Plugin name is taken'));
  });

  it("speaks the reader's language, core's checks included", async () => {
    await changeLocale('fr');
    onTestFinished(() => changeLocale('en'));
    const fetch = mockFetch(() => json(500, {}));
    renderPage(<PluginCreatePage />, { path: '/plugins/new' });
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Créer un plugin' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('URL du site web'), 'not a url');
    await user.click(screen.getByLabelText('Description courte'));
    await user.paste('x'.repeat(501));
    expect(screen.getByText('La description courte ne peut pas dépasser 500 caractères')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Créer le plugin' }));
    expect(await screen.findByText('Le nom du plugin est obligatoire')).toBeInTheDocument();
    expect(screen.getByText("L'URL du site web doit être une URL valide")).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});
