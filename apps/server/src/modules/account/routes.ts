import { z } from 'zod';
import { AUTH_MESSAGES as M, AVATAR_MAX_BYTES, feedbackRequest, notificationPreferences } from '@bm/core';
import type { AppContext } from '../../context.js';
import { type App, only, requireMember, signedIn, typed } from '../../http.js';
import { HttpError } from '../../platform/errors.js';
import { AccountService } from './service.js';

export function accountRoutes(app: App, ctx: AppContext) {
  const r = typed(app);
  const account = new AccountService(ctx);

  r.get(
    '/NotificationSettings/my',
    only(signedIn, { tags: ['account'], response: { 200: notificationPreferences } }),
    async (req) => account.preferences(requireMember(req)),
  );

  r.put(
    '/NotificationSettings/my',
    only(signedIn, { tags: ['account'], body: notificationPreferences, response: { 200: notificationPreferences } }),
    async (req) => account.updatePreferences(requireMember(req), req.body),
  );

  r.post(
    '/members/me/avatar',
    only(signedIn, {
      tags: ['account'],
      consumes: ['multipart/form-data'],
      response: { 200: z.object({ url: z.string() }) },
    }),
    async (req) => {
      const principal = requireMember(req);
      if (!req.isMultipart()) throw new HttpError(415, 'Send the avatar as multipart/form-data with a file field');
      const file = await req.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } });
      if (!file) throw new HttpError(400, 'No file was uploaded', { errors: { file: ['No file was uploaded'] } });
      const data = await file.toBuffer().catch((e: { code?: string }) => {
        if (e.code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, M.avatarTooLarge);
        throw e;
      });
      return { url: await account.setAvatar(principal, data) };
    },
  );

  r.delete('/members/me/avatar', only(signedIn, { tags: ['account'] }), async (req, reply) => {
    await account.removeAvatar(requireMember(req));
    return reply.code(204).send();
  });

  r.post(
    '/feedback',
    only(signedIn, { tags: ['account'], body: feedbackRequest, response: { 201: z.object({ id: z.number() }) } }),
    async (req, reply) => {
      const principal = requireMember(req);
      await ctx.limits.consume('feedback', req.ip, String(principal.memberId));
      const id = await account.submitFeedback(principal, req.body.content, req.body.url, req.headers['user-agent']);
      return reply.code(201).send({ id });
    },
  );
}
