import type { FastifyInstance } from 'fastify';

/** Whose session a request carries: a member as signedInMember answers it, or null (and left out) for a visitor. */
type Who = { auth: Record<string, string> } | null | undefined;

/** Signs in with a username and password (`more`: further fields of the sign-in form, such as rememberMe). */
export const logIn = (
  app: FastifyInstance,
  who: { username: string; password: string },
  more: Record<string, unknown> = {},
) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: who.username, password: who.password, ...more },
  });

/** A POST with `who`'s session, sending `payload` (if any) as JSON. */
export const postAs = (app: FastifyInstance, url: string, who: Who, payload?: unknown) =>
  app.inject({ method: 'POST', url, headers: who?.auth, payload: payload as object });

/** A POST with `who`'s session whose body is sent as it is, under the content type given (for bodies that are not JSON). */
export const postRaw = (app: FastifyInstance, url: string, who: Who, contentType: string, body: string | Buffer) =>
  app.inject({ method: 'POST', url, headers: { ...who?.auth, 'content-type': contentType }, payload: body });

/** One file part of a multipart body: sent under `field` ('file' unless given). */
type FilePart = { data: Buffer; filename: string; type: string; field?: string };

/** A multipart body as a browser's form sends it: the text `fields`, then the `files` parts. */
export function multipartBody(fields: Record<string, string>, ...files: FilePart[]) {
  const boundary = '----bmtestboundary';
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A ZIP file part named `field` (a moderator's `binary`, an uploaded `file`). */
export const zipPart = (field: string, data: Buffer, filename = `${field}.zip`): FilePart => ({
  field,
  data,
  filename,
  type: 'application/zip',
});

/** A multipart body holding one file part (named `field`), as a browser sends a file input's upload. */
export const multipartFile = (data: Buffer, filename: string, type: string, field = 'file') =>
  multipartBody({}, { data, filename, type, field });

/** Uploads one file to `url` as a multipart `file` part, with `who`'s session. */
export function postFile(
  app: FastifyInstance,
  url: string,
  who: Who,
  file: { data: Buffer; filename: string; type: string },
) {
  const upload = multipartFile(file.data, file.filename, file.type);
  return postRaw(app, url, who, upload.headers['content-type'], upload.body);
}
