// What the server says of an uploaded ZIP it refuses (apps/server/src/modules/plugins/zip.ts checks).
// Kept in core so that each message has a stable code and the web shows it in the reader's language.
import { messageTemplate } from './message-template.js';

/** Archives inside an upload are opened and checked too, this many levels down; deeper ones are refused. */
export const ZIP_MAX_NESTING = 2;

const megabytes = (bytes: number) => ({ max: Math.round(bytes / 1024 / 1024) });
const named = (name: string) => ({ name });

export const ZIP_MESSAGES = {
  notZip: 'The file is not a valid ZIP archive',
  tooLarge: messageTemplate('The ZIP is too large (max {max} MB)', megabytes),
  tooManyEntries: messageTemplate('The ZIP has too many entries (max {max})', (max: number) => ({ max })),
  unpackedTooLarge: messageTemplate('The ZIP unpacks to more than {max} MB', megabytes),
  bomb: 'The ZIP is compressed suspiciously well (possible zip bomb)',
  badName: messageTemplate('The ZIP contains an entry with an unusable name: {name}', named),
  backslash: messageTemplate('The ZIP contains a path with backslashes: {name}', named),
  absolute: messageTemplate('The ZIP contains an absolute path: {name}', named),
  traversal: messageTemplate('The ZIP contains a path leaving its folder: {name}', named),
  symlink: messageTemplate('The ZIP contains a symbolic link: {name}', named),
  encrypted: messageTemplate('The ZIP contains an encrypted entry: {name}', named),
  damaged: 'The ZIP is damaged and cannot be read',
  noSolution: 'The ZIP must contain a Visual Studio solution (.sln file)',
  noDll: 'The ZIP must contain the plugin as plugins/<name>.dll',
  noPdb: 'The debug ZIP must contain .pdb files',
  outsideLayout: messageTemplate('The ZIP may only hold plugins/, data/ and cfg/ folders: {name}', named),
  nestedTooDeep: messageTemplate('The ZIP nests archives more than {levels} levels deep: {name}', (name: string) => ({
    levels: ZIP_MAX_NESTING,
    name,
  })),
  nestedUnchecked: messageTemplate(
    'The ZIP contains an archive that cannot be checked (only ZIP archives may be nested): {name}',
    named,
  ),
  nested: messageTemplate('In {name}: {message}', (name: string, message: string) => ({ name, message })),
  onlyPdb: messageTemplate('The debug archive may only hold .pdb files: {name}', named),
} as const;
