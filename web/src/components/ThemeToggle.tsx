import { effectiveTheme, setTheme, useTheme } from '../lib/theme.ts';

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
      <span aria-hidden="true">{current === 'dark' ? '☀' : '☾'}</span>
    </button>
  );
}
