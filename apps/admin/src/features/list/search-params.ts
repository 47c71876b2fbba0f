/** `value` if it is one of `allowed`, else undefined: an address filter the API would reject is dropped. */
export function oneOf<T extends string>(value: string | undefined, allowed: readonly T[]): T | undefined {
  return value !== undefined && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}

/** A positive id from an address filter, else undefined. */
export function idFrom(value: string | undefined): number | undefined {
  return value !== undefined && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : undefined;
}

/** A `YYYY-MM-DD` date from an address filter, else undefined. */
export function dateFrom(value: string | undefined): string | undefined {
  return value !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
}
