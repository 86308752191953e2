import { Link } from 'react-router-dom';

/**
 * A Sign In / Sign Up control: a link opening the dialog by URL hash, or, in maintenance mode, a
 * disabled button saying why (SPEC.md section 2).
 */
export function AuthButton({
  hash,
  label,
  maintenance,
  variant = 'default',
  large,
}: {
  hash: string;
  label: string;
  maintenance: boolean;
  variant?: 'default' | 'primary' | 'ghost';
  large?: boolean;
}) {
  const className = ['btn', variant !== 'default' && `btn-${variant}`, large && 'btn-lg']
    .filter(Boolean)
    .join(' ');
  if (maintenance) {
    return (
      <button type="button" className={className} disabled title="Temporarily unavailable during maintenance">
        {label} (maintenance)
      </button>
    );
  }
  return (
    <Link className={className} to={{ hash }}>
      {label}
    </Link>
  );
}
