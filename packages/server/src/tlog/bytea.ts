/** A `bytea` column as read (the driver's Buffer, copied into a plain Uint8Array). */
export const bytes = (value: Uint8Array): Uint8Array => new Uint8Array(value);

/** A hash as a `bytea` parameter. */
export const param = (value: Uint8Array): Buffer => Buffer.from(value);
