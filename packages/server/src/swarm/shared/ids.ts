const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` is a UUID: ids that are not never reach a `uuid` column (no cast error, a 404). */
export const isUuid = (value: string): boolean => UUID_RE.test(value);
