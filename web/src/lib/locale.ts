/** The user's locale for reading and writing numbers in fields: the browser's language, else en-US. */
export function userLocale(): string {
  return (typeof navigator !== 'undefined' && navigator.language) || 'en-US';
}
