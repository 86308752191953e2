/** The UTC calendar day of an instant, 'YYYY-MM-DD': export file names, the day a rate is of. */
export function utcDay(at: Date | number): string {
  return new Date(at).toISOString().slice(0, 10);
}
