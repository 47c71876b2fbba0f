/**
 * 规格匹配: which 1688 spec (`白色,L`, `藏青,XL`) an order line's spec text names, so that 关联货源
 * pre-selects it instead of the offer's first spec. Both sides are read as a set of values, spelled the
 * same way (`specValues`): full-width letters and digits as half-width (NFKC), lower case, split at the
 * separators platforms and 1688 use (`,;；，/|、` and line breaks; else at spaces), an attribute
 * name before a colon dropped (`颜色:藏青`), and a few spellings that name the same value taken as one:
 * a colour with or without 色 (白 / 白色), 藏青 and 藏蓝 (one colour, both in use), a size with or
 * without 码 (XL码), XXL as 2XL (and XXXL, XXXXL), 均码 / F / free size / one size.
 */

const SEPARATORS = /[,;；，/|、\n\r\t]+/;

const SYNONYMS: Record<string, string> = {
  藏蓝: '藏青',
  xxl: '2xl',
  xxxl: '3xl',
  xxxxl: '4xl',
  // 均码 once its 码 is dropped.
  f: '均',
  free: '均',
  freesize: '均',
  onesize: '均',
};

/** One value as compared: half-width, lower case, no spaces, 色 / 码 dropped, synonyms as one. */
function specValue(text: string): string {
  let value = text.normalize('NFKC').toLowerCase().replace(/\s+/g, '');
  // An attribute name before the value: `颜色:藏青`, `尺码：xl` (NFKC made ： a :).
  const colon = value.lastIndexOf(':');
  if (colon >= 0) value = value.slice(colon + 1);
  if (value.length > 1 && (value.endsWith('色') || value.endsWith('码'))) value = value.slice(0, -1);
  return SYNONYMS[value] ?? value;
}

/**
 * The values a spec text names, as compared (sorted, each once, empty ones left out). A text with none
 * of the separators is split at its spaces (`XL 藏青`); with one, spaces are part of a value (`X L`).
 */
export function specValues(text: string): string[] {
  const normal = text.normalize('NFKC');
  const values = normal
    .trim()
    .split(SEPARATORS.test(normal) ? SEPARATORS : /\s+/)
    .map(specValue)
    .filter((value) => value !== '');
  return [...new Set(values)].sort();
}

/**
 * The spec among `specs` whose values are the order line's (`wanted`), in any order; else the one spec
 * whose values hold all of the line's or are all among them (the line says less, or more, than the
 * spec); null when none or more than one fits (the seller chooses). Out-of-stock specs are matched too:
 * the caller shows the match as unavailable rather than choosing another colour or size.
 */
export function matchSpec<T extends { spec: string }>(wanted: string, specs: readonly T[]): T | null {
  const want = specValues(wanted);
  if (want.length === 0) return null;
  const valued = specs.map((spec) => ({ spec, values: specValues(spec.spec) }));
  const same = valued.find(
    ({ values }) => values.length === want.length && values.every((v, i) => v === want[i]),
  );
  if (same) return same.spec;
  const near = valued.filter(
    ({ values }) =>
      values.length > 0 && (want.every((v) => values.includes(v)) || values.every((v) => want.includes(v))),
  );
  return near.length === 1 ? (near[0]?.spec ?? null) : null;
}
