/**
 * Formatting a date with options builds an ICU formatter, and
 * `toLocaleString(locale, options)` builds a new one on every call (V8 keeps
 * only the option-less ones): a list of posts paid that per date, in the
 * hydration's slices and in every server render. One formatter per locale
 * and options, kept for the page's life.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

export function dateFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ""} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

/** `date` written by a kept formatter: what `date.toLocaleString(locale, options)` writes. */
export const formatDate = (date: Date, locale: string | undefined, options: Intl.DateTimeFormatOptions): string =>
  dateFormat(locale, options).format(date);
