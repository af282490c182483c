import type { PublishTokenInfo } from '@bm/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, json, mockFetch, renderPage, signInAs, signOut } from '../../test/utils';
import { PublishTokens } from './publish-tokens';
import { SETTINGS_EN } from './settings-text';

const T = SETTINGS_EN.tokens;
const M = SETTINGS_EN.messages;

const TOKEN = `bmc_${'a'.repeat(43)}`;
const info = (over: Partial<PublishTokenInfo> = {}): PublishTokenInfo => ({
  id: '4a1b7c9e-0000-4000-8000-000000000001',
  name: 'GitHub Actions',
  prefix: TOKEN.slice(0, 12),
  scopes: ['plugins:upload'],
  createdAt: new Date().toISOString(),
  lastUsedAt: null,
  expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  expired: false,
  ...over,
});

describe('Settings → Publish Tokens', () => {
  beforeEach(() => signInAs());
  afterEach(() => {
    vi.unstubAllGlobals();
    signOut();
  });

  it('checks the name and scopes before sending, then shows the new token once with its warning', async () => {
    let list: PublishTokenInfo[] = [];
    const fetch = mockFetch((url, init) => {
      if (url === '/api/auth/tokens' && init.method === 'POST') {
        list = [info()];
        return json(201, { ...info(), token: TOKEN });
      }
      return json(200, list);
    });
    const user = userEvent.setup();
    renderPage(<PublishTokens />);
    expect(await screen.findByText(T.none)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: T.create }));
    expect(screen.getByRole('alert')).toHaveTextContent(M.tokenNameRequired);
    await user.type(screen.getByRole('textbox', { name: T.name }), ' GitHub Actions ');
    await user.click(screen.getByRole('checkbox', { name: T.scopeUpload }));
    await user.click(screen.getByRole('button', { name: T.create }));
    expect(screen.getByRole('alert')).toHaveTextContent(M.tokenScopesRequired);

    await user.click(screen.getByRole('checkbox', { name: T.scopeUpload }));
    await user.selectOptions(screen.getByRole('combobox', { name: T.expiry }), '30');
    await user.click(screen.getByRole('button', { name: T.create }));
    expect(await screen.findByRole('textbox', { name: T.tokenLabel })).toHaveValue(TOKEN);
    expect(screen.getByText(T.createdWarning)).toBeInTheDocument();
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(bodyOf(post[1]!)).toEqual({ name: 'GitHub Actions', scopes: ['plugins:upload'], expiresInDays: 30 });
    const listed = await screen.findByRole('list', { name: T.listLabel });
    expect(within(listed).getByText('GitHub Actions')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: T.done }));
    expect(screen.queryByRole('textbox', { name: T.tokenLabel })).toBeNull();
    expect(screen.queryByDisplayValue(TOKEN)).toBeNull();
  });

  it("shows the server's message when it refuses, and marks expired tokens", async () => {
    mockFetch((_url, init) =>
      init.method === 'POST'
        ? json(400, { message: 'Validation error', errors: { name: ['You already have a token with this name'] } })
        : json(200, [info({ expired: true, expiresAt: new Date(Date.now() - 1000).toISOString() })]),
    );
    const user = userEvent.setup();
    renderPage(<PublishTokens />);
    const listed = await screen.findByRole('list', { name: T.listLabel });
    expect(within(listed).getAllByText(T.expired).length).toBeGreaterThan(0);
    await user.type(screen.getByRole('textbox', { name: T.name }), 'GitHub Actions');
    await user.click(screen.getByRole('button', { name: T.create }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You already have a token with this name');
  });
});
