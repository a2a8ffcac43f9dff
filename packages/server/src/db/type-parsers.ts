/**
 * Both drivers read these Postgres types the same way: `date` as its 'YYYY-MM-DD' text (no time zone
 * shifts), int8 as a JS number (our ids and counts stay far below 2^53), numeric as a JS number.
 */
export const TYPE_OIDS = { int8: 20, numeric: 1700, date: 1082 } as const;

export const parseInt8 = (value: string): number => Number(value);
export const parseNumeric = (value: string): number => Number(value);
export const parseDate = (value: string): string => value;
