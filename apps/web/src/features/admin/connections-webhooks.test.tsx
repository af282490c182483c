import type { ConnectionsResponse, WebhookDelivery } from '@bm/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, json, mockFetch, renderPage, signInAs, signOut, testMember } from '../../test/utils';
import { toast } from '../../lib/toast';
import { ADMIN_EN as ADMIN_TEXT } from './admin-text';
import { ConnectionsPage, WebhooksPage } from './pages';

const connections = (over: Partial<ConnectionsResponse> = {}): ConnectionsResponse => ({
  checkedAt: '2026-11-23T07:00:00.000Z',
  services: [
    { name: 'database', state: 'up', latencyMs: 3, detail: 'reachable' },
    { name: 'redis', state: 'off', latencyMs: null, detail: 'REDIS_URL not set' },
    { name: 'smtp', state: 'off', latencyMs: null, detail: 'files in data/outbox' },
    { name: 'storage', state: 'up', latencyMs: 5, detail: 'write, read and delete' },
    { name: 'builder', state: 'down', latencyMs: null, detail: 'connect ECONNREFUSED 127.0.0.1:9000' },
  ],
  realtimeClients: 4,
  queues: { jobs: { pending: 2, running: 1, dead: 1 }, mail: { pending: 6, failed: 0 } },
  deadJobs: [
    { id: 31, kind: 'build', attempts: 8, lastError: 'builder unreachable', updatedAt: '2026-11-23T06:00:00.000Z' },
  ],
  ...over,
});

const delivery = (over: Partial<WebhookDelivery>): WebhookDelivery => ({
  id: 1,
  direction: 'out',
  kind: 'test',
  url: 'https://builder.example/hook',
  deliveryId: 'd-1',
  statusCode: 200,
  latencyMs: 42,
  error: null,
  requestBody: '{"type":"test","deliveryId":"d-1"}',
  responseBody: 'ok from builder',
  createdAt: '2026-11-23T07:00:00.000Z',
  ...over,
});

afterEach(() => {
  vi.unstubAllGlobals();
  signOut();
});

describe('ConnectionsPage', () => {
  beforeEach(() => signInAs(testMember, ['moderator']));

  it('shows a card per service with its state and latency, the real-time count, queues and dead jobs', async () => {
    mockFetch(() => json(200, connections()));
    renderPage(<ConnectionsPage />);
    const services = await screen.findByRole('list', { name: 'Services' });
    const cards = within(services).getAllByRole('listitem');
    expect(cards).toHaveLength(5);
    expect(within(cards[0]!).getByRole('heading', { name: 'Database' })).toBeInTheDocument();
    expect(cards[0]).toHaveTextContent('Up');
    expect(cards[0]).toHaveTextContent('3 ms');
    expect(cards[2]).toHaveTextContent('files in data/outbox');
    expect(cards[4]).toHaveTextContent('Down');
    expect(cards[4]).toHaveTextContent('ECONNREFUSED');
    const checked = screen.getByTestId('checked-at');
    expect(checked).toHaveTextContent(/^Checked .+\. Refreshes every 15 seconds\.$/);
    expect(checked.querySelector('time')).toHaveAttribute('dateTime', '2026-11-23T07:00:00.000Z');
    expect(screen.getByRole('heading', { name: ADMIN_TEXT.connections.realtime }).parentElement).toHaveTextContent('4');
    expect(screen.getByRole('heading', { name: ADMIN_TEXT.connections.mail }).parentElement).toHaveTextContent('6');
    const dead = screen.getByRole('table', { name: ADMIN_TEXT.connections.deadJobs });
    expect(within(dead).getByText('builder unreachable')).toBeInTheDocument();
  });

  it('checks again on Check', async () => {
    let calls = 0;
    const fetch = mockFetch(() => {
      calls++;
      return json(200, connections({ realtimeClients: calls === 1 ? 1 : 9 }));
    });
    const user = userEvent.setup();
    renderPage(<ConnectionsPage />);
    await screen.findByRole('list', { name: 'Services' });
    await user.click(screen.getByRole('button', { name: ADMIN_TEXT.connections.check }));
    expect(await screen.findByText('9')).toBeInTheDocument();
    expect(fetch.mock.calls.every(([url]) => String(url) === '/api/admin/connections')).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('says when the check failed', async () => {
    mockFetch(() => json(500, { message: 'Something went wrong' }));
    renderPage(<ConnectionsPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
  });
});

describe('WebhooksPage', () => {
  it('sends a test delivery to the URL typed, shows the answer and lists it', async () => {
    signInAs(testMember, ['administrator']);
    let list: WebhookDelivery[] = [];
    const fetch = mockFetch((url, init) => {
      if (url === '/api/admin/webhooks') return json(200, []);
      if (url === '/api/webhooks/test') {
        const d = delivery({
          id: 2,
          url: (bodyOf(init) as { url: string }).url,
          statusCode: null,
          error: 'bad port',
          responseBody: null,
        });
        list = [d];
        return json(200, d);
      }
      return json(200, list);
    });
    const user = userEvent.setup();
    renderPage(<WebhooksPage />);
    expect(await screen.findByText(ADMIN_TEXT.webhooks.none)).toBeInTheDocument();
    await user.type(screen.getByLabelText(ADMIN_TEXT.webhooks.url), 'http://127.0.0.1:9/');
    await user.click(screen.getByRole('button', { name: ADMIN_TEXT.webhooks.send }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Delivery failed: bad port');
    const post = fetch.mock.calls.find(([u]) => u === '/api/webhooks/test')!;
    expect(bodyOf(post[1]!)).toEqual({ url: 'http://127.0.0.1:9/' });
    const row = await screen.findByTestId('delivery-row');
    expect(row).toHaveTextContent('http://127.0.0.1:9/');
    expect(row).toHaveTextContent('bad port');
  });

  it('a failed test delivery says so under the form once, not also in a toast', async () => {
    signInAs(testMember, ['administrator']);
    const toasted = vi.spyOn(toast, 'error').mockImplementation(() => '');
    mockFetch((url) =>
      url === '/api/admin/webhooks'
        ? json(200, [])
        : url === '/api/webhooks/test'
          ? json(500, { message: 'Receiver exploded' })
          : json(200, []),
    );
    const user = userEvent.setup();
    renderPage(<WebhooksPage />);
    await user.click(await screen.findByRole('button', { name: ADMIN_TEXT.webhooks.send }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Receiver exploded');
    expect(toasted).not.toHaveBeenCalled();
  });

  it('sends to the builder URL when the field is empty', async () => {
    signInAs(testMember, ['administrator']);
    const fetch = mockFetch((url) =>
      url === '/api/admin/webhooks'
        ? json(200, [])
        : url === '/api/webhooks/test'
          ? json(200, delivery({}))
          : json(200, []),
    );
    const user = userEvent.setup();
    renderPage(<WebhooksPage />);
    await user.click(await screen.findByRole('button', { name: ADMIN_TEXT.webhooks.send }));
    expect(await screen.findByText('Delivered with HTTP 200')).toBeInTheDocument();
    expect(bodyOf(fetch.mock.calls.find(([u]) => u === '/api/webhooks/test')![1]!)).toEqual({});
  });

  it('expands request and response bodies and redelivers outgoing deliveries only', async () => {
    signInAs(testMember, ['administrator']);
    const fetch = mockFetch((url) =>
      url === '/api/admin/webhooks'
        ? json(200, [])
        : url.endsWith('/redeliver')
          ? json(200, delivery({ id: 9, deliveryId: 'd-9' }))
          : json(200, [delivery({ id: 3, deliveryId: 'in-3', direction: 'in', kind: 'callback' }), delivery({})]),
    );
    const user = userEvent.setup();
    renderPage(<WebhooksPage />);
    const rows = await screen.findAllByTestId('delivery-row');
    expect(within(rows[0]!).queryByRole('button', { name: /Redeliver/ })).toBeNull();
    const response = within(rows[1]!).getByText('ok from builder');
    expect(response).not.toBeVisible();
    await user.click(within(rows[1]!).getByText(ADMIN_TEXT.webhooks.response));
    expect(response).toBeVisible();

    await user.click(within(rows[1]!).getByRole('button', { name: 'Redeliver d-1' }));
    expect(await screen.findByText('Delivered with HTTP 200')).toBeInTheDocument();
    expect(
      fetch.mock.calls.some(
        ([u, init]) => u === '/api/admin/webhooks/deliveries/1/redeliver' && init?.method === 'POST',
      ),
    ).toBe(true);
  });

  it('shows moderators the deliveries without the tester or Redeliver', async () => {
    signInAs(testMember, ['moderator']);
    mockFetch(() => json(200, [delivery({})]));
    renderPage(<WebhooksPage />);
    await screen.findByTestId('delivery-row');
    expect(screen.queryByRole('button', { name: ADMIN_TEXT.webhooks.send })).toBeNull();
    expect(screen.queryByRole('button', { name: /Redeliver/ })).toBeNull();
  });
});
