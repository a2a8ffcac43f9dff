/** Takes the member page asks of the server per request (it follows the cursor to the end). */
export const TAKES_FETCH = 100;
/** Takes shown per page. */
export const TAKES_PAGE = 50;
/** Judgements the member page asks of the server per request: the route's maximum. */
export const JUDGEMENTS_FETCH = 100;
/** Judgements shown per page. */
export const JUDGEMENTS_PAGE = 20;
