import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_RESPONSE_MAX_CHARS, type WebhookDelivery } from '@bm/core';
import type { Db } from '../db/client.js';
import { webhookDeliveries } from '../db/schema.js';

/** Header names of a signed delivery, both ways (site -> builder, builder -> site). */
export const WEBHOOK_HEADERS = {
  timestamp: 'x-bm-timestamp',
  delivery: 'x-bm-delivery',
  signature: 'x-bm-signature',
} as const;

/** Deliveries older (or further in the future) than this are refused: a replay window. */
export const WEBHOOK_TOLERANCE_MS = 5 * 60 * 1000;

/** Hex HMAC-SHA256 over `${timestamp}.${deliveryId}.${body}` (timestamp in unix seconds). */
export function webhookSignature(secret: string, timestamp: number, deliveryId: string, body: string | Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}.${deliveryId}.`).update(body).digest('hex');
}

/** Headers for a delivery of `body`, signed now. */
export function webhookHeaders(
  secret: string,
  body: string | Buffer,
  deliveryId: string = randomUUID(),
  now = Date.now(),
): Record<string, string> {
  const timestamp = Math.floor(now / 1000);
  return {
    [WEBHOOK_HEADERS.timestamp]: String(timestamp),
    [WEBHOOK_HEADERS.delivery]: deliveryId,
    [WEBHOOK_HEADERS.signature]: `sha256=${webhookSignature(secret, timestamp, deliveryId, body)}`,
  };
}

export type WebhookCheck = { ok: true; deliveryId: string; timestamp: number } | { ok: false; reason: string };

/** Checks a delivery's signature and age. The caller still checks the delivery id was not seen before. */
export function verifyWebhook(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  body: string | Buffer,
  now = Date.now(),
  toleranceMs = WEBHOOK_TOLERANCE_MS,
): WebhookCheck {
  const one = (name: string) => {
    const v = headers[name];
    return Array.isArray(v) ? v[0] : v;
  };
  const ts = Number(one(WEBHOOK_HEADERS.timestamp));
  const deliveryId = one(WEBHOOK_HEADERS.delivery);
  const sig = one(WEBHOOK_HEADERS.signature);
  if (!Number.isSafeInteger(ts) || !deliveryId || !sig) return { ok: false, reason: 'Missing signature headers' };
  if (deliveryId.length > 200) return { ok: false, reason: 'Bad delivery id' };
  if (Math.abs(now - ts * 1000) > toleranceMs) return { ok: false, reason: 'Delivery is too old or from the future' };
  const m = /^sha256=([0-9a-f]{64})$/.exec(sig);
  if (!m) return { ok: false, reason: 'Bad signature' };
  const want = Buffer.from(webhookSignature(secret, ts, deliveryId, body), 'hex');
  const got = Buffer.from(m[1]!, 'hex');
  if (!timingSafeEqual(want, got)) return { ok: false, reason: 'Bad signature' };
  return { ok: true, deliveryId, timestamp: ts };
}

export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** A delivery as the admin screen's calls answer it. */
export const toDelivery = (r: DeliveryRow): WebhookDelivery => ({
  id: r.id,
  direction: r.direction,
  kind: r.kind,
  url: r.url,
  deliveryId: r.deliveryId,
  statusCode: r.statusCode,
  latencyMs: r.latencyMs,
  error: r.error,
  requestBody: r.requestBody,
  responseBody: r.responseBody,
  createdAt: r.createdAt.toISOString(),
});

export interface OutgoingWebhook {
  /** build, test (what the admin screen shows). */
  kind: string;
  url: string;
  /** JSON, sent and kept as these exact bytes (a redelivery sends them again). */
  body: string;
  secret: string;
  deliveryId?: string;
  submissionId?: number | null;
  /** A release webhook endpoint's deliveries carry its id (a redelivery signs with its secret). */
  endpointId?: number | null;
  timeoutMs?: number;
}

/** fetch() fails with 'fetch failed' and puts the reason in its cause: keep the reason. */
function describeFetchError(e: unknown): string {
  if (e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError'))
    return 'No answer within the time limit';
  const cause = (e as { cause?: { message?: string } }).cause;
  return cause?.message || (e instanceof Error ? e.message : String(e));
}

/**
 * The one webhook sender: posts a signed delivery (redirects not followed) and records it in
 * webhook_deliveries whatever happens. A network failure or a non-2xx answer is in the row's
 * error, never thrown: the caller decides whether to retry.
 */
export async function postWebhook(db: Db, w: OutgoingWebhook): Promise<DeliveryRow> {
  const deliveryId = w.deliveryId ?? randomUUID();
  const started = performance.now();
  let statusCode: number | null = null;
  let responseBody: string | null = null;
  let error: string | null = null;
  try {
    const res = await fetch(w.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'bakkesmod-community-builds',
        ...webhookHeaders(w.secret, w.body, deliveryId),
      },
      body: w.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(w.timeoutMs ?? 10_000),
    });
    statusCode = res.status;
    const text = await res.text();
    responseBody = text.length > WEBHOOK_RESPONSE_MAX_CHARS ? text.slice(0, WEBHOOK_RESPONSE_MAX_CHARS) : text;
    if (!res.ok) error = `HTTP ${res.status}`;
  } catch (e) {
    error = describeFetchError(e);
  }
  const [row] = await db
    .insert(webhookDeliveries)
    .values({
      direction: 'out',
      kind: w.kind,
      url: w.url,
      deliveryId,
      submissionId: w.submissionId ?? null,
      endpointId: w.endpointId ?? null,
      requestBody: w.body,
      statusCode,
      responseBody,
      latencyMs: Math.round(performance.now() - started),
      error,
    })
    .returning();
  return row!;
}
