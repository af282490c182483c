import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * apps/server, found from this module: it sits directly in src/, and the compiled server
 * (dist/main.js, one bundle) sits directly in dist/, so '..' is the same folder in both. Every file
 * the server reads by path at run time (migrations, package.json, the web build) is found from here,
 * never from the location of the module that reads it, which differs between the two.
 */
export const serverRoot = fileURLToPath(new URL('..', import.meta.url));

/** The repository's root (for git). */
export const repoRoot = path.join(serverRoot, '../..');
