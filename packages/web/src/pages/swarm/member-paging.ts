/** Takes the member page asks of the server per request (it follows the cursor to the end). */
export const TAKES_FETCH = 100;
/** Takes shown per page. */
export const TAKES_PAGE = 50;
/** The judgements route answers at most 100, newest first, and has no cursor. */
export const JUDGEMENTS_LIMIT = 100;
/** Judgements shown per page. */
export const JUDGEMENTS_PAGE = 20;
