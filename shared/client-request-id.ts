/**
 * The analyze call's client request id: the web app sends a fresh one per call in this header, the API stores it on
 * the rating, and `GET /api/ratings?clientRequestId=` finds that rating after a timed-out or failed call.
 */
export const CLIENT_REQUEST_ID_HEADER = 'x-client-request-id';
export const CLIENT_REQUEST_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
