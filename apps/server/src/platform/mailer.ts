import fs from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { mailOutbox } from '../db/schema.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
}

/** How a message leaves: SMTP, or an .eml file in the local outbox folder. */
export interface MailTransport {
  readonly description: string;
  send(mail: OutgoingMail & { from: string }): Promise<void>;
  close?(): void;
}

/** nodemailer is loaded with the first message, not at start. */
let loading: Promise<typeof import('nodemailer')> | undefined;
export const loadNodemailer = async () => (await (loading ??= import('nodemailer'))).default;

export function smtpTransport(url: string): MailTransport {
  let transporter: Transporter | undefined;
  return {
    description: `SMTP ${new URL(url).host}`,
    async send(mail) {
      transporter ??= (await loadNodemailer()).createTransport(url);
      await transporter.sendMail(mail);
    },
    close: () => transporter?.close(),
  };
}

export function fileTransport(dir: string, log: FastifyBaseLogger): MailTransport {
  let builder: Transporter | undefined;
  return {
    description: `files in ${dir}`,
    async send(mail) {
      builder ??= (await loadNodemailer()).createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
      const info = await builder.sendMail(mail);
      await fs.mkdir(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`;
      const file = path.join(dir, name);
      await fs.writeFile(file, info.message as Buffer);
      const link = mail.text.match(/https?:\/\/\S+/)?.[0];
      log.info(
        { to: mail.to, subject: mail.subject, file, link },
        `Mail to ${mail.to}: ${mail.subject}${link ? ` ${link}` : ''}`,
      );
    },
  };
}

/** Queue a message in the same transaction as the change that causes it. */
export async function enqueueMail(db: Db, mail: OutgoingMail) {
  await db.insert(mailOutbox).values({ ...mail, headers: mail.headers ?? null });
}

const RETRY_DELAYS_S = [10, 60, 300, 1800, 7200];

/**
 * Delivers queued mail; several instances may run it at once (rows are claimed with SKIP LOCKED).
 * The job runner drives it (every 2 s, and at once when a request queues mail); a row that keeps
 * failing ends 'failed', the mail's dead letters.
 */
export class MailWorker {
  private running?: Promise<number>;
  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Start a delivery pass now unless one is running. Never rejects: a pass that fails (the database
   * unreachable for a moment) is logged and the next tick tries again; nothing is lost, since rows
   * stay pending until delivered.
   */
  kick(): Promise<number> {
    this.running ??= this.drain()
      .catch((err) => {
        this.log.warn({ err }, 'Mail delivery pass failed; retrying on the next tick');
        return 0;
      })
      .finally(() => (this.running = undefined));
    return this.running;
  }

  /** Waits for a pass under way, then delivers whatever is still due. */
  async flush(): Promise<number> {
    await this.running;
    return this.kick();
  }

  /** Deliver everything due; resolves with the number sent. */
  async drain(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await this.db.transaction(async (tx) => {
        const rows = await tx
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
          .orderBy(mailOutbox.id)
          .limit(10)
          .for('update', { skipLocked: true });
        if (rows.length === 0) return rows;
        // Claim them by pushing the next attempt out; a crash mid-send retries later.
        await tx
          .update(mailOutbox)
          .set({ nextAttemptAt: sql`now() + interval '5 minutes'` })
          .where(
            inArray(
              mailOutbox.id,
              rows.map((r) => r.id),
            ),
          );
        return rows;
      });
      if (batch.length === 0) return sent;
      for (const row of batch) {
        try {
          await this.transport.send({
            from: this.from,
            to: row.to,
            subject: row.subject,
            text: row.text,
            html: row.html,
            headers: row.headers ?? undefined,
          });
          await this.db
            .update(mailOutbox)
            .set({ status: 'sent', sentAt: new Date(), attempts: row.attempts + 1 })
            .where(eq(mailOutbox.id, row.id));
          sent++;
        } catch (e) {
          const attempts = row.attempts + 1;
          const delay = RETRY_DELAYS_S[attempts - 1];
          this.log.warn({ err: e, mailId: row.id, attempts }, 'Mail delivery failed');
          await this.db
            .update(mailOutbox)
            .set({
              attempts,
              lastError: String((e as Error).message ?? e),
              status: delay === undefined ? 'failed' : 'pending',
              nextAttemptAt: new Date(Date.now() + (delay ?? 0) * 1000),
            })
            .where(eq(mailOutbox.id, row.id));
        }
      }
    }
  }

  async stop() {
    await this.running;
    this.transport.close?.();
  }
}
