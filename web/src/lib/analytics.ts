/**
 * Analytics events (SPEC.md section 7): pushed onto `window.dataLayer`, where a tag manager picks
 * them up when one is installed. Events carry no personal data (no e-mail, no name, no message).
 */
export type AnalyticsValue = string | number | boolean;

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

/** Pushes `{event, ...params}` onto window.dataLayer, creating it when absent. */
export function trackEvent(event: string, params: Record<string, AnalyticsValue> = {}): void {
  if (typeof window === 'undefined') return;
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({ event, ...params });
}
