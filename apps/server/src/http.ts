import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Principal } from './context.js';
import { forbidden, unauthorized } from './platform/errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export type App = FastifyInstance;
export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();

/** The signed-in caller, or a 401 with the spec's text. */
export function requireMember(req: FastifyRequest): Principal {
  if (!req.principal) throw unauthorized();
  return req.principal;
}

export function requireRole(req: FastifyRequest, ...roles: string[]): Principal {
  const p = requireMember(req);
  if (!p.roles.some((r) => roles.includes(r))) throw forbidden();
  return p;
}

/** A numeric id in a path: anything else is a 400. */
export const idParam = z.object({
  id: z.coerce.number({ message: 'Invalid id' }).int('Invalid id').positive('Invalid id').max(2147483647, 'Invalid id'),
});

export const bearer = [{ bearerAuth: [] }];
