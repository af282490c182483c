import { membersForFile, testAppForFile } from '../../../test/harness.js';

/** Four reports an hour per account: small, so that the report tests reach the limit. */
const SMALL_REPORT_LIMIT = {
  report: { ip: { points: 100, durationS: 3600 }, account: { points: 4, durationS: 3600 } },
};

/**
 * The setup of a file of report tests: its test app with the small report limit, a signed-in moderator, and
 * `inject` for the API (`inject('POST', '/cars/1/report', member.auth, { reason: 'spam' })`).
 */
export function reportTestApp() {
  const t = testAppForFile({ limits: SMALL_REPORT_LIMIT });
  const { mod } = membersForFile(t, { mod: ['moderator'] });
  const inject = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}, payload?: unknown) =>
    t.app.inject({ method, url: `/api${url}`, headers, payload: payload as object });
  return { t, mod, inject };
}
