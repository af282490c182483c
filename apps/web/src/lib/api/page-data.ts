/**
 * The first reads the server wrote into the page (apps/server/src/page-data.ts): for a landing
 * page, the API's answers to the requests the app makes first, so it renders without waiting for
 * them. Each answer is taken once, by a request sent without a session (the server answered as an
 * anonymous visitor), and only in the first moments of the visit; every other request goes over
 * the network.
 */

/** After this long the page's answers are old news: ask the API. */
export const PAGE_DATA_MAX_AGE_MS = 30_000;

/** An address with its query parameters in order, so that both sides may write them in any order. */
function normalize(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  params.sort();
  return `${url.slice(0, q)}?${params.toString()}`;
}

let answers: Map<string, unknown> | null = null;

function pageAnswers(doc: Document): Map<string, unknown> {
  if (answers) return answers;
  answers = new Map();
  const text = doc.getElementById('bm-data')?.textContent;
  if (!text) return answers;
  try {
    const data = JSON.parse(text) as unknown;
    if (data && typeof data === 'object')
      for (const [url, body] of Object.entries(data)) answers.set(normalize(url), body);
  } catch {
    // A broken block is no answer: the app asks the API.
  }
  return answers;
}

/** The page's answer for this address (once), or undefined. */
export function takePageAnswer(
  url: string,
  now = performance.now(),
  doc: Document = document,
): { body: unknown } | undefined {
  if (now > PAGE_DATA_MAX_AGE_MS) return undefined;
  const map = pageAnswers(doc);
  const key = normalize(url);
  if (!map.has(key)) return undefined;
  const body = map.get(key);
  map.delete(key);
  return { body };
}

/** Forgets what was read from the page (tests). */
export function resetPageAnswers(): void {
  answers = null;
}
