/** Shown in place of a number that is NaN or infinite: a missing figure, never 'NaN' or '$∞'. */
export const MISSING_NUMBER = '—';
