/** A well-formed uuid: anything else cannot name a row, so it is answered 404 without asking Postgres. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
