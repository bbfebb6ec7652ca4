/** The fix hint every HTTP-client model shares. */
export const SSRF_FIX = 'Build the URL from a fixed base and allow-list the host; never let the request choose where the server connects.';
