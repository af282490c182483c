import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { APPROVAL_NOTE_MAX, INSPECTION_MESSAGES, MODERATION_MESSAGES as M } from '@bm/core';
import type { AppContext, Principal } from '../../context.js';
import { plugins, submissions } from '../../db/schema.js';
import { HttpError, badRequest } from '../../platform/errors.js';
import {
  BINARY_ZIP_LIMITS,
  binaryHashes,
  canSeePlugin,
  checkBinaryZip,
  checkDebugZip,
  inspectBinary,
  inspectionForReview,
  InspectionRefused,
  keepForInspection,
  notifySubmissionUpdated,
  pluginsChanged,
  requirementsChanged,
} from '../plugins/index.js';
import { notifyFollowersOfVersion } from '../follows/index.js';
import { queueReleaseEvent } from '../webhooks/index.js';
import { holderName, loadSubmission, reviewable, stillWaiting } from './review.js';
import { audit, type PluginRow, type SubmissionRow } from './shared.js';

/** What every decision sets on a submission: who decided and when; it leaves the hidden list and its lock ends. */
const decided = (principal: Principal, now: Date) => ({
  reviewedById: principal.memberId,
  reviewedAt: now,
  hiddenAt: null,
  reviewLockMemberId: null,
  reviewLockUntil: null,
  updatedAt: now,
});

export interface ApprovalFiles {
  binary?: { data: Buffer; fileName?: string };
  debugArchive?: { data: Buffer; fileName?: string };
  approvalNote?: string;
  /** The moderator acknowledges the inspection's flags (risky abilities, what is new): needed when there are any. */
  acknowledgeFlags?: boolean;
}

/** Deciding a review: approving (which publishes a version), denying, hiding; authors hear of it through notifications. */
export class ModerationDecisions {
  constructor(private readonly ctx: AppContext) {}

  /**
   * Publishes a submission as the plugin's new version: with the binary ZIP the moderator attaches,
   * or the one its build produced. Files are stored before the transaction and removed if it fails.
   */
  async approve(principal: Principal, id: number, files: ApprovalFiles) {
    const note = files.approvalNote?.trim() || null;
    if (note && note.length > APPROVAL_NOTE_MAX) throw badRequest(M.approvalNoteLong, 'approvalNote');
    const before = (await loadSubmission(this.ctx.db, id)).sub;
    await reviewable(before, principal, holderName(before, this.ctx.db));
    const checked = files.binary
      ? await checkBinaryZip(files.binary.data, BINARY_ZIP_LIMITS, keepForInspection).catch((e: HttpError) =>
          Promise.reject(this.field(e, 'binary')),
        )
      : null;
    const hashes = checked ? binaryHashes(files.binary!.data, checked) : {};
    const inspection = checked ? this.inspect(checked.kept) : undefined;
    if (files.debugArchive)
      await checkDebugZip(files.debugArchive.data).catch((e: HttpError) =>
        Promise.reject(this.field(e, 'debugArchive')),
      );
    if (!files.binary && !before.binaryKey) throw badRequest(M.needsBinary, 'binary');
    const flags = (await inspectionForReview(this.ctx, before, inspection))?.flags ?? [];
    if (flags.length && !files.acknowledgeFlags)
      throw new HttpError(409, INSPECTION_MESSAGES.acknowledge(flags), { flags });

    const stored: string[] = [];
    const put = async (kind: string, data: Buffer) => {
      const key = `plugins/${before.pluginId}/${kind}-${randomBytes(12).toString('hex')}.zip`;
      await this.ctx.storage.put(key, data);
      stored.push(key);
      return key;
    };
    let outcome: {
      plugin: PluginRow;
      sub: SubmissionRow;
      replaced: Array<string | null>;
      publish?: () => Promise<void>;
    };
    try {
      const binaryKey = files.binary ? await put('binary', files.binary.data) : null;
      const debugKey = files.debugArchive ? await put('pdb', files.debugArchive.data) : null;
      outcome = await this.ctx.db.transaction(async (tx) => {
        const { sub, plugin } = await loadSubmission(tx, id, true);
        await reviewable(sub, principal, holderName(sub, tx));
        if (!binaryKey && !sub.binaryKey) throw badRequest(M.needsBinary, 'binary');
        const now = new Date();
        const [updated] = await tx
          .update(submissions)
          .set({
            status: 'a',
            binaryKey: binaryKey ?? sub.binaryKey,
            // The hashes are taken when the binary is stored; a kept binary keeps its own.
            ...hashes,
            // A binary attached by hand has no build provenance (a built one's is dropped with it).
            ...(binaryKey ? { provenance: null, provenanceBuilderId: null, provenanceKeyId: null } : {}),
            ...(inspection ? { binaryInspection: inspection } : {}),
            debugKey: debugKey ?? sub.debugKey,
            approvalNote: note,
            approvedAt: now,
            ...decided(principal, now),
          })
          .where(eq(submissions.id, id))
          .returning();
        const waiting = await stillWaiting(tx, plugin.id);
        // Followers hear of it from a background job queued with the change (never in this request).
        await notifyFollowersOfVersion(this.ctx, tx, {
          pluginId: plugin.id,
          submissionId: id,
          firstPublish: !plugin.publishedOnce,
        });
        await tx
          .update(plugins)
          .set({ publishedOnce: true, needsApproval: waiting, updatedAt: now })
          .where(eq(plugins.id, plugin.id));
        // Release webhooks likewise: the first version publishes the plugin, later ones update it.
        // Asked once it is published, so that the plugin's rule sees it as the public will.
        await queueReleaseEvent(
          this.ctx,
          tx,
          {
            event: plugin.publishedOnce ? 'plugin.updated' : 'plugin.published',
            pluginId: plugin.id,
            submissionId: id,
          },
          (db, s) => canSeePlugin({ db }, s.pluginId ?? 0, null),
        );
        await audit(tx, {
          actorId: principal.memberId,
          action: 'approve',
          submissionId: id,
          pluginId: plugin.id,
          note,
          acknowledgedFlags: flags.length ? flags.map((f) => `${f.kind}:${f.value}`) : null,
        });
        const version = updated!.versionString ? ` v${updated!.versionString}` : '';
        const sent = await this.ctx.notifications.send(
          {
            memberId: plugin.memberId,
            kind: 'pluginApproved',
            subject: `${plugin.name}${version} was approved`,
            body: `Your plugin **${plugin.name}**${version} was approved and is now live. Players can install it from the site and the in-game plugin manager.${
              note ? `\n\nNote from the moderator:\n\n${note}` : ''
            }`,
            link: `/plugin/${plugin.id}`,
          },
          tx,
        );
        return {
          plugin,
          sub: updated!,
          replaced: [binaryKey && sub.binaryKey, debugKey && sub.debugKey],
          publish: sent?.publish,
        };
      });
    } catch (e) {
      await this.removeFiles(stored);
      throw e;
    }
    await this.afterDecision(outcome.plugin, outcome.sub, outcome.publish);
    await this.removeFiles(outcome.replaced);
  }

  /** Reads every DLL of an attached binary; one that is refused answers 422 naming it. */
  private inspect(files: Array<{ path: string; data: Buffer }>) {
    try {
      return inspectBinary(files);
    } catch (e) {
      if (e instanceof InspectionRefused) throw new HttpError(422, e.message, { errors: { binary: [e.message] } });
      throw e;
    }
  }

  private field(e: HttpError, field: string) {
    if (!(e instanceof HttpError)) return e;
    return new HttpError(e.statusCode, e.message, { errors: { [field]: [e.message] } }, e.headers);
  }

  /** Denies a submission with the reason the author reads; an earlier approved version stays live. */
  async reject(principal: Principal, id: number, reason: string) {
    const outcome = await this.ctx.db.transaction(async (tx) => {
      const { sub, plugin } = await loadSubmission(tx, id, true);
      await reviewable(sub, principal, holderName(sub, tx));
      const now = new Date();
      const [updated] = await tx
        .update(submissions)
        .set({
          status: 'r',
          denyReason: reason,
          ...decided(principal, now),
        })
        .where(eq(submissions.id, id))
        .returning();
      await tx
        .update(plugins)
        .set({ needsApproval: await stillWaiting(tx, plugin.id), updatedAt: now })
        .where(eq(plugins.id, plugin.id));
      await audit(tx, {
        actorId: principal.memberId,
        action: 'reject',
        submissionId: id,
        pluginId: plugin.id,
        note: reason,
      });
      const version = updated!.versionString ? ` v${updated!.versionString}` : '';
      const sent = await this.ctx.notifications.send(
        {
          memberId: plugin.memberId,
          kind: 'pluginDenied',
          subject: `${plugin.name}${version} was not approved`,
          body: `A moderator did not approve **${plugin.name}**${version}. The reason:\n\n${reason}\n\nYou can upload a corrected source from the plugin's manage page.`,
          link: `/plugins/${plugin.id}/manage`,
        },
        tx,
      );
      return { plugin, sub: updated!, publish: sent?.publish };
    });
    await this.afterDecision(outcome.plugin, outcome.sub, outcome.publish);
  }

  /** Moves a submission to the hidden list; it stays reviewable through its link. */
  async hide(principal: Principal, id: number) {
    await this.ctx.db.transaction(async (tx) => {
      const { sub } = await loadSubmission(tx, id, true);
      await reviewable(sub, principal, holderName(sub, tx));
      await tx
        .update(submissions)
        .set({ hiddenAt: new Date(), reviewLockMemberId: null, reviewLockUntil: null })
        .where(eq(submissions.id, id));
      await audit(tx, { actorId: principal.memberId, action: 'hide', submissionId: id, pluginId: sub.pluginId });
    });
  }

  private async afterDecision(plugin: PluginRow, sub: SubmissionRow, publish?: () => Promise<void>) {
    pluginsChanged(this.ctx, plugin.id);
    if (sub.status === 'a') await requirementsChanged(this.ctx, plugin.id); // their requiredBy counts
    notifySubmissionUpdated(this.ctx, plugin.memberId, {
      id: sub.id,
      pluginId: plugin.id,
      pluginName: plugin.name,
      status: sub.status,
      versionString: sub.versionString,
    });
    await publish?.();
  }

  private async removeFiles(keys: Array<string | null | undefined>) {
    for (const key of keys) {
      if (key) await this.ctx.storage.delete(key).catch((err) => this.ctx.log.warn({ err, key }, 'File not removed'));
    }
  }
}
