import { z } from 'zod';
import {
  MEMBER_MESSAGES as M,
  localeRequest,
  memberCarsPageSchema,
  memberCarsQuery,
  memberPluginsPageSchema,
  memberPluginsQuery,
  memberProfileSchema,
  profileUpdateRequest,
  repResponseSchema,
  supportLinkRequest,
  supportLinkResponse,
} from '@bm/core';
import type { AppContext } from '../../context.js';
import { type App, bearer, only, requireMember, signedIn, typed, signedInLimited } from '../../http.js';
import { CarService } from '../cars/index.js';
import { MemberService, findProfileMember } from './service.js';

const tags = ['members'];
const usernameParam = z.object({ username: z.string().trim().min(1, M.usernameInvalid).max(100, M.usernameInvalid) });

/** Member profiles (§2 Member profile), their plugins and cars, the profile editor and reputation (§7 Members). */
export function memberRoutes(app: App, ctx: AppContext) {
  const r = typed(app);
  const service = new MemberService(ctx);

  r.put(
    '/members/me/profile',
    only(signedIn, { tags, body: profileUpdateRequest, response: { 200: memberProfileSchema } }),
    async (req) => service.updateProfile(requireMember(req), req.body),
  );

  r.put(
    '/members/me/locale',
    only(signedIn, { tags, body: localeRequest, response: { 200: localeRequest } }),
    async (req) => service.setLocale(requireMember(req), req.body.locale),
  );

  // Before /members/:username, so "me" is never read as a name.
  r.get('/members/me/support-link', only(signedIn, { tags, response: { 200: supportLinkResponse } }), async (req) =>
    service.supportLink(requireMember(req)),
  );

  r.put(
    '/members/me/support-link',
    only(signedIn, { tags, body: supportLinkRequest, response: { 200: supportLinkResponse } }),
    async (req) => service.setSupportLink(requireMember(req), req.body.supportUrl),
  );

  r.get(
    '/members/:username',
    { schema: { tags, security: bearer, params: usernameParam, response: { 200: memberProfileSchema } } },
    async (req) => service.profile(req.params.username, req.principal),
  );

  r.get(
    '/members/:username/plugins',
    {
      schema: {
        tags,
        security: bearer,
        params: usernameParam,
        querystring: memberPluginsQuery,
        response: { 200: memberPluginsPageSchema },
      },
    },
    async (req) => service.plugins(req.params.username, req.principal, req.query),
  );

  const cars = new CarService(ctx);
  r.get(
    '/members/:username/cars',
    {
      schema: {
        tags: [...tags, 'cars'],
        security: bearer,
        params: usernameParam,
        querystring: memberCarsQuery,
        response: { 200: memberCarsPageSchema },
      },
    },
    async (req) => {
      const owner = await findProfileMember(ctx.db, req.params.username, req.principal);
      return cars.reads.memberCars(owner.id, req.query, req.principal);
    },
  );

  const rep = signedInLimited(ctx.limits, 'rep', { tags, params: usernameParam, response: { 200: repResponseSchema } });
  r.post('/members/:username/rep', rep, async (req) => service.setRep(requireMember(req), req.params.username, true));
  r.delete('/members/:username/rep', rep, async (req) =>
    service.setRep(requireMember(req), req.params.username, false),
  );
}
