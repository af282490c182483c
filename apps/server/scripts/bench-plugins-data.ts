// The data of the plugin list benchmark (bench-plugins.ts): the catalogue it loads and the searches it asks.
import { seededRandom } from '@bm/core';
import pg from 'pg';

export const PLUGINS = Number(process.env.BENCH_PLUGINS ?? 100_000);

const AUTHORS = 2000;
const MARK = 'bench_plugins_loaded_v2';

export const ADJECTIVES = [
  'Turbo',
  'Aerial',
  'Rapid',
  'Smart',
  'Custom',
  'Better',
  'Simple',
  'Instant',
  'Advanced',
  'Pro',
  'Mini',
  'Super',
  'Quick',
  'Dynamic',
  'Classic',
  'Precise',
  'Infinite',
  'Silent',
  'Bright',
  'Shadow',
  'Golden',
  'Neon',
  'Ranked',
  'Casual',
  'Ultimate',
  'Tiny',
  'Mega',
  'Hyper',
  'Solid',
  'Clean',
  'Magic',
  'Wild',
  'Royal',
  'Cosmic',
  'Frozen',
  'Blazing',
  'Lucky',
  'Stealth',
  'Crystal',
  'Iron',
];
export const NOUNS = [
  'Trainer',
  'Overlay',
  'Meter',
  'Camera',
  'Replay',
  'Tracker',
  'Loader',
  'Helper',
  'Viewer',
  'Timer',
  'Counter',
  'Display',
  'Coach',
  'Recorder',
  'Tweaks',
  'Filter',
  'Mod',
  'Toolkit',
  'Manager',
  'Practice',
  'Drills',
  'Stats',
  'Hud',
  'Map',
  'Bot',
  'Kickoff',
  'Dribble',
  'Flick',
  'Boost',
  'Ball',
  'Goal',
  'Save',
  'Shot',
  'Wall',
  'Ceiling',
  'Scoreboard',
  'Wavedash',
  'Speedometer',
  'Freestyle',
  'Chat',
];
/** Author names are two parts and a number ('NovaFox17'); tags are the catalogue's kind of tags. */
const AUTHOR_FIRST = [
  'Nova',
  'Pixel',
  'Echo',
  'Lunar',
  'Sonic',
  'Vortex',
  'Ember',
  'Frost',
  'Glitch',
  'Atlas',
  'Orbit',
  'Quartz',
  'Raven',
  'Sable',
  'Titan',
  'Umbra',
  'Vexel',
  'Wisp',
  'Yeti',
  'Zephyr',
];
const AUTHOR_SECOND = ['Fox', 'Wolf', 'Hawk', 'Byte', 'Smith', 'Craft', 'Works', 'Labs', 'Coder', 'Pilot'];
const TAGS: Array<[string, string]> = [
  ['training', 'Training'],
  ['camera', 'Camera'],
  ['overlay', 'Overlay and HUD'],
  ['freestyle', 'Freestyle'],
  ['replays', 'Replays'],
  ['statistics', 'Statistics'],
  ['cosmetics', 'Cosmetics'],
  ['utility', 'Utility'],
  ['custommaps', 'Custom maps'],
  ['multiplayer', 'Multiplayer'],
  ['competitive', 'Competitive'],
  ['fun', 'Just for fun'],
];
const WORDS = [
  'training',
  'freeplay',
  'settings',
  'camera',
  'boost',
  'ball',
  'aerial',
  'practice',
  'overlay',
  'replay',
  'stats',
  'ranked',
  'match',
  'workshop',
  'map',
  'mechanics',
  'kickoff',
  'dribble',
  'flick',
  'goal',
  'save',
  'shot',
  'speed',
  'timer',
  'controller',
  'input',
  'display',
  'colour',
  'team',
  'bot',
  'difficulty',
  'custom',
  'plugin',
  'game',
  'player',
  'car',
  'field',
  'wall',
  'ceiling',
  'recovery',
];

const arr = (xs: string[]) => `array[${xs.map((x) => `'${x}'`).join(',')}]`;

export async function load(pool: pg.Pool) {
  const { rows: marked } = await pool.query<{ value: string }>('select value from server_state where key = $1', [MARK]);
  if (marked[0]?.value === String(PLUGINS)) {
    console.log(`Data already loaded (${PLUGINS} plugins).`);
    return;
  }
  const { rows: existing } = await pool.query<{ n: number }>('select count(*)::int as n from plugins');
  if (existing[0]!.n > 0) {
    throw new Error(
      `The database already holds ${existing[0]!.n} plugins that this benchmark did not load: use an empty scratch database.`,
    );
  }
  const t0 = Date.now();
  const step = async (label: string, text: string) => {
    const t = Date.now();
    await pool.query(text);
    console.log(`  ${label} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
  };
  console.log(`Loading ${PLUGINS} plugins...`);
  await step(
    `${AUTHORS} authors`,
    `insert into members (username, email, password_hash, email_verified_at)
     select (${arr(AUTHOR_FIRST)})[1 + g % ${AUTHOR_FIRST.length}] || (${arr(AUTHOR_SECOND)})[1 + (g / ${AUTHOR_FIRST.length}) % ${AUTHOR_SECOND.length}] || (g / ${AUTHOR_FIRST.length * AUTHOR_SECOND.length}),
       'bench' || g || '@example.com', 'not-a-password-hash', now() from generate_series(0, ${AUTHORS - 1}) g
     on conflict do nothing`,
  );
  await step(
    `${TAGS.length} tags`,
    `insert into tags (short_name, long_name, help_text)
     select s, l, 'Benchmark tag' from unnest(${arr(TAGS.map((t) => t[0]))}, ${arr(TAGS.map((t) => t[1]))}) t(s, l) on conflict do nothing`,
  );
  const a = arr(ADJECTIVES);
  const n = arr(NOUNS);
  const w = arr(WORDS);
  const word = (expr: string) => `(${w})[1 + ((${expr}) % ${WORDS.length})::int]`;
  await step(
    `${PLUGINS} plugins`,
    `insert into plugins (member_id, name, short_description, description, source_code_url, published_once,
       download_count, view_count, rating_sum, rating_count, created_at, updated_at)
     select m.id,
       (${a})[1 + ((g * 7) % ${ADJECTIVES.length})::int] || ' ' || (${n})[1 + ((g * 13 + g / ${ADJECTIVES.length}) % ${NOUNS.length})::int] || ' ' || g,
       'A ' || ${word('g * 3')} || ' plugin for ' || ${word('g * 5 + 1')} || ' and ' || ${word('g * 11 + 2')},
       '## About' || chr(10) || 'This plugin helps with ' || ${word('g * 17')} || ' ' || ${word('g * 19 + 3')} || ' in ' || ${word('g * 23 + 5')}
         || '. It adds ' || ${word('g * 29 + 7')} || ' ' || ${word('g * 31 + 11')} || ' and ' || ${word('g * 37 + 13')} || ' options'
         || ' to the ' || ${word('g * 41 + 17')} || ' menu.',
       case when g % 3 = 0 then 'https://github.com/bench/plugin' || g end,
       true,
       ((g * 2654435761) % 1000003)::int / 7,
       ((g * 2246822519) % 1000003)::int / 3,
       (g % 5 + 1) * (g % 20), g % 20,
       now() - ((g * 48271) % 1000) * interval '1 day',
       now() - ((g * 16807) % 500) * interval '1 day'
     from generate_series(1::bigint, ${PLUGINS}) g
     join members m on m.email = 'bench' || (g % ${AUTHORS}) || '@example.com'`,
  );
  await step(
    'tags on plugins (1 to 3 each)',
    `insert into plugin_tags (plugin_id, tag_id)
     select distinct p.id, t.id from plugins p
     cross join lateral generate_series(1, 1 + p.id % 3) i
     join tags t on t.short_name = (${arr(TAGS.map((t) => t[0]))})[1 + (p.id * (array[1, 7, 5])[i]) % ${TAGS.length}]
     on conflict do nothing`,
  );
  await step(
    'an approved version each',
    `insert into submissions (plugin_id, source_key, source_name, source_size, version_string, status, binary_key, created_at, updated_at, approved_at)
     select p.id, 'bench/source.zip', 'source.zip', 1000, '1.' || (p.id % 10) || '.0', 'a', 'bench/binary.zip', p.created_at, p.created_at, p.created_at
     from plugins p`,
  );
  await step(
    `${PLUGINS * 3} comments`,
    `insert into plugin_comments (plugin_id, member_id, body, upvotes, created_at, updated_at)
     select p.id, (select min(id) from members where email like 'bench%@example.com') + (g % ${AUTHORS}), 'Comment ' || g || ' on this plugin', g % 4,
       now() - (g % 900) * interval '1 hour', now() - (g % 900) * interval '1 hour'
     from generate_series(1::bigint, ${PLUGINS * 3}) g
     join plugins p on p.id = (select min(id) from plugins) + (g * 7919) % ${PLUGINS}`,
  );
  await step(
    'daily downloads of the last 14 days (a fifth of the plugins)',
    `insert into plugin_daily_counts (plugin_id, day, downloads)
     select p.id, (now() at time zone 'utc')::date - d, ((p.id * (d + 3)) % 50)::int
     from plugins p cross join generate_series(0, 13) d where p.id % 5 = 0`,
  );
  // A live database is vacuumed by autovacuum (off on some servers): without it, every index still
  // points at the rows the tag and search triggers replaced.
  await step('vacuum analyze', 'vacuum analyze');
  await pool.query(
    `insert into server_state (key, value) values ($1, $2) on conflict (key) do update set value = excluded.value`,
    [MARK, String(PLUGINS)],
  );
  console.log(`Loaded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

/** One edit of a word: an insert, a delete, a substitution or a swap of neighbours, away from the first letter. */
function typo(word: string, kind: number, rnd: () => number): string {
  const i = 1 + Math.floor(rnd() * (word.length - 2));
  const letter = 'abcdefghijklmnopqrstuvwxyz'[Math.floor(rnd() * 26)]!;
  switch (kind % 4) {
    case 0:
      return word.slice(0, i) + letter + word.slice(i);
    case 1:
      return word.slice(0, i) + word.slice(i + 1);
    case 2:
      return word.slice(0, i) + (word[i] === letter ? 'z' : letter) + word.slice(i + 1);
    default:
      return word[i] === word[i + 1]
        ? word.slice(0, i) + word.slice(i + 1)
        : word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
  }
}

/**
 * Distinct searches as visitors type them, shuffled: plugin names (with and without their number),
 * a word with one typo (5+ letters) or two (9+), the last word cut short while typing, several
 * words across the name and descriptions, author names (some misspelt) and tag names.
 */
export function distinctSearches(): string[] {
  const rnd = seededRandom(14);
  const lower = (xs: string[]) => xs.map((x) => x.toLowerCase());
  const adjectives = lower(ADJECTIVES);
  const nouns = lower(NOUNS);
  const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const misspell = (w: string, kind: number) =>
    w.length >= 9 ? typo(typo(w, kind, rnd), kind + 1, rnd) : w.length >= 5 ? typo(w, kind, rnd) : w;
  const out = new Set<string>();
  let kind = 0;
  for (const a of adjectives) {
    for (const n of nouns) {
      out.add(`${a} ${n}`);
      out.add(`${a} ${n} ${1 + Math.floor(rnd() * PLUGINS)}`);
      out.add(`${misspell(a, kind++)} ${n}`);
      out.add(`${a} ${misspell(n, kind++)}`);
      out.add(`${a} ${n.slice(0, 2 + Math.floor(rnd() * (n.length - 2)))}`);
      out.add(`${n} ${pick(WORDS)}`);
      out.add(`${misspell(pick(WORDS), kind++)} ${a.slice(0, 3)}`);
    }
  }
  for (let g = 0; g < AUTHORS; g++) {
    const author =
      `${AUTHOR_FIRST[g % AUTHOR_FIRST.length]}${AUTHOR_SECOND[Math.floor(g / AUTHOR_FIRST.length) % AUTHOR_SECOND.length]}${Math.floor(g / (AUTHOR_FIRST.length * AUTHOR_SECOND.length))}`.toLowerCase();
    out.add(author);
    out.add(misspell(author, kind++));
    out.add(author.slice(0, 4 + (g % 4)));
  }
  for (const [short, long] of TAGS) {
    for (const n of nouns) out.add(`${short} ${n}`);
    out.add(long.toLowerCase());
    out.add(misspell(short, kind++));
  }
  const all = [...out];
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  return all;
}
