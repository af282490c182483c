import { messageCatalogue } from '@bm/core';

/**
 * The server's error messages by their stable `code` ({ auth: { emailTaken: … } }): core's message
 * constants themselves, so the English never drifts. The app does not load this file: an answer's
 * English is its `message`, and the other languages translate it by `code` (lib/i18n
 * `serverMessage`, docs/i18n.md). The catalogue test reads it as the source of `errors.json`.
 */
const errors = messageCatalogue();
export default errors;
