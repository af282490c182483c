import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  AUTH_MESSAGES as M,
  AVATAR_MAX_BYTES,
  DEFAULT_NOTIFICATION_PREFERENCES,
  type NotificationPreferences,
} from '@bm/core';
import type { AppContext, Principal } from '../../context.js';
import { feedback, members } from '../../db/schema.js';
import { HttpError, unauthorized } from '../../platform/errors.js';
import { reencodeImage } from '../../platform/images.js';
import { carsChanged } from '../cars/index.js';
import { pluginsChanged } from '../plugins/index.js';

export class AccountService {
  constructor(private readonly ctx: AppContext) {}

  /** Plugins and cars show their member's avatar: the kept ones are dropped. */
  private avatarChanged() {
    pluginsChanged(this.ctx);
    carsChanged(this.ctx);
  }

  async preferences(principal: Principal): Promise<NotificationPreferences> {
    const [row] = await this.ctx.db
      .select({ prefs: members.notificationPreferences })
      .from(members)
      .where(eq(members.id, principal.memberId));
    if (!row) throw unauthorized();
    return { ...DEFAULT_NOTIFICATION_PREFERENCES, ...(row.prefs ?? {}) };
  }

  async updatePreferences(principal: Principal, prefs: NotificationPreferences): Promise<NotificationPreferences> {
    await this.ctx.db
      .update(members)
      .set({ notificationPreferences: prefs, productUpdatesOptIn: prefs.productUpdates, updatedAt: new Date() })
      .where(eq(members.id, principal.memberId));
    return prefs;
  }

  /** Stores a re-encoded avatar, then removes the old file once the row points at the new one. */
  async setAvatar(principal: Principal, data: Buffer): Promise<string> {
    if (data.length > AVATAR_MAX_BYTES) throw new HttpError(413, M.avatarTooLarge);
    const image = await reencodeImage(data, { width: 256, height: 256, fit: 'cover' }, M.avatarType);
    const key = `avatars/${principal.memberId}-${randomBytes(8).toString('hex')}.webp`;
    await this.ctx.storage.put(key, image);
    let oldKey: string | null = null;
    try {
      await this.ctx.db.transaction(async (tx) => {
        const [row] = await tx
          .select({ key: members.avatarKey })
          .from(members)
          .where(eq(members.id, principal.memberId))
          .for('update');
        if (!row) throw unauthorized();
        oldKey = row.key;
        await tx
          .update(members)
          .set({ avatarKey: key, updatedAt: new Date() })
          .where(eq(members.id, principal.memberId));
      });
    } catch (e) {
      await this.ctx.storage.delete(key);
      throw e;
    }
    this.avatarChanged();
    if (oldKey)
      await this.ctx.storage
        .delete(oldKey)
        .catch((err) => this.ctx.log.warn({ err, key: oldKey }, 'Old avatar not removed'));
    return this.ctx.storage.url(key);
  }

  async removeAvatar(principal: Principal) {
    const [row] = await this.ctx.db
      .select({ key: members.avatarKey })
      .from(members)
      .where(eq(members.id, principal.memberId));
    if (!row) throw unauthorized();
    if (!row.key) return;
    await this.ctx.db
      .update(members)
      .set({ avatarKey: null, updatedAt: new Date() })
      .where(eq(members.id, principal.memberId));
    this.avatarChanged();
    await this.ctx.storage.delete(row.key);
  }

  async submitFeedback(principal: Principal, content: string, url: string | null | undefined, userAgent?: string) {
    const [row] = await this.ctx.db
      .insert(feedback)
      .values({ memberId: principal.memberId, content, url: url ?? null, userAgent: userAgent?.slice(0, 500) ?? null })
      .returning({ id: feedback.id });
    return row!.id;
  }
}
