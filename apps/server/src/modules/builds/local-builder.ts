import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { KeyObject } from 'node:crypto';
import { provenanceStatement, sha256Hex, signStatement } from '../../platform/provenance.js';
import { verifyWebhook, webhookHeaders } from '../../platform/webhooks.js';
import { packagePrebuilt } from './package-prebuilt.js';
import type { BuildJob } from './protocol.js';

export interface LocalBuilderOptions {
  secret: string;
  port?: number;
  host?: string;
  /** Signs every successful build's provenance (see builder-key.ts). */
  signing: { key: KeyObject; keyid: string; builderId: string };
  /** Where the builder's progress lines go. */
  log: (line: string) => void;
}

const MAX_JOB_BYTES = 64 * 1024;

/**
 * A builder for development (`npm run builder`): takes the site's signed build jobs, answers 202 at
 * once, then fetches the source, reports 'building', and reports 'success' with the source's
 * prebuilt plugins/ folder packaged (see packagePrebuilt) and its signed provenance, or 'failure' with a log.
 * `idle()` resolves once every job taken so far has been reported back (for tests).
 */
export async function startLocalBuilder(opts: LocalBuilderOptions) {
  const log = opts.log;
  const running = new Set<Promise<void>>();

  const callback = async (job: BuildJob, body: Record<string, unknown>) => {
    const rebuild = job.kind === 'rebuild' ? { kind: 'rebuild', rebuildId: job.rebuildId } : {};
    const text = JSON.stringify({ submissionId: job.submissionId, ...rebuild, ...body });
    const res = await fetch(job.callbackUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...webhookHeaders(opts.secret, text) },
      body: text,
    });
    log(`#${job.submissionId} ${String(body.status)} -> ${res.status} ${res.ok ? '' : await res.text()}`.trim());
  };

  /** The signed provenance of a build: the binary ZIP from this source, with this log. */
  const provenance = (job: BuildJob, source: Buffer, binaryZip: Buffer, buildLog: string, startedOn: Date) =>
    signStatement(
      provenanceStatement({
        builderId: opts.signing.builderId,
        artifact: { name: 'binary.zip', sha256: sha256Hex(binaryZip) },
        source: { name: 'source.zip', sha256: sha256Hex(source) },
        logSha256: sha256Hex(buildLog),
        externalParameters: {
          submissionId: job.submissionId,
          pluginId: job.pluginId,
          pluginName: job.pluginName,
          versionString: job.versionString,
        },
        invocationId: job.deliveryId,
        startedOn,
        finishedOn: new Date(),
      }),
      opts.signing.key,
      opts.signing.keyid,
    );

  const build = async (job: BuildJob) => {
    try {
      const startedOn = new Date();
      const res = await fetch(job.sourceUrl);
      if (!res.ok) throw new Error(`Downloading the source failed: HTTP ${res.status}`);
      const source = Buffer.from(await res.arrayBuffer());
      await callback(job, {
        status: 'building',
        log: `Local builder: ${job.pluginName} ${job.versionString ?? ''}`.trim(),
      });
      const result = await packagePrebuilt(source);
      if (result.ok) {
        await callback(job, {
          status: 'success',
          log: result.log,
          binaryZip: result.binaryZip.toString('base64'),
          ...(result.debugZip ? { debugZip: result.debugZip.toString('base64') } : {}),
          provenance: provenance(job, source, result.binaryZip, result.log, startedOn),
        });
      } else {
        await callback(job, { status: 'failure', log: result.log });
      }
    } catch (e) {
      log(`#${job.submissionId} error: ${(e as Error).message}`);
      await callback(job, { status: 'failure', log: `Local builder error: ${(e as Error).message}` }).catch(
        (err: Error) => log(`#${job.submissionId} failure not reported: ${err.message}`),
      );
    }
  };

  const server = http.createServer((req, res) => {
    const answer = (code: number, body: Record<string, unknown>) => {
      res.writeHead(code, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'POST') return answer(405, { message: 'POST a signed build job' });
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_JOB_BYTES) req.destroy();
      else chunks.push(c);
    });
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const check = verifyWebhook(opts.secret, req.headers, raw);
      if (!check.ok) return answer(401, { message: check.reason });
      let job: BuildJob;
      try {
        job = JSON.parse(raw.toString('utf8')) as BuildJob;
        if (job.type !== 'build' || !Number.isInteger(job.submissionId) || !job.sourceUrl || !job.callbackUrl)
          throw new Error('not a build job');
      } catch {
        return answer(400, { message: 'Not a build job' });
      }
      log(`#${job.submissionId} ${job.pluginName} ${job.versionString ?? ''}: accepted`);
      answer(202, { accepted: true });
      const p = build(job).finally(() => running.delete(p));
      running.add(p);
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 3300, opts.host ?? '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://${opts.host ?? '127.0.0.1'}:${port}/`,
    async idle() {
      while (running.size) await Promise.all([...running]);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
