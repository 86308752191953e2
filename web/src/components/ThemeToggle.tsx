import { effectiveTheme, setTheme, useTheme } from '../lib/theme.ts';

const SUN =
  'M12 4V2m0 20v-2m8-8h2M2 12h2m13.66-5.66l1.41-1.41M4.93 19.07l1.41-1.41m0-11.32L4.93 4.93m14.14 14.14l-1.41-1.41M16 12a4 4 0 11-8 0 4 4 0 018 0z';
const MOON = 'M20 14.5A8.5 8.5 0 019.5 4a8.5 8.5 0 108.5 12.9 8.4 8.4 0 002-2.4z';

/** Switches between light and dark; the first choice overrides the system setting. */
export function ThemeToggle() {
  const choice = useTheme((s) => s.choice);
  const current = effectiveTheme(choice);
  const next = current === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="btn btn-ghost btn-icon"
      aria-label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
      onClick={() => setTheme(next)}
    >
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
        <path
          d={current === 'dark' ? SUN : MOON}
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
