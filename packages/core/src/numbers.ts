import { z } from 'zod';

/** The largest value of a PostgreSQL integer column (every id and cursor of the database). */
export const PG_INTEGER_MAX = 2_147_483_647;

export const INVALID_ID = 'Invalid id';

/**
 * A row id or a cursor naming one, as a JSON number: a whole number from 1 to PG_INTEGER_MAX. Anything
 * else is refused by the schema (a 400 with `message`) before it can reach a query the database would
 * refuse with an error.
 */
export const rowId = (message = INVALID_ID) =>
  z.number({ message }).int(message).min(1, message).max(PG_INTEGER_MAX, message);

/** The same, read from text (a path parameter or a query string): '12' and '1e1' are numbers, '2147483648' is not an id. */
export const rowIdText = (message = INVALID_ID) =>
  z.coerce.number({ message }).int(message).min(1, message).max(PG_INTEGER_MAX, message);
