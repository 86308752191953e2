import { useNavigate } from 'react-router-dom';
import { useMenu } from '../../components/use-menu.ts';
import { signOut, useAuth } from '../auth/auth-store.ts';

/** The avatar button and its menu (SPEC.md 'Dashboard shell'): the account page and sign-out. */
export function UserMenu({ accountPath }: { accountPath: string }) {
  const user = useAuth((s) => s.user);
  const navigate = useNavigate();
  const { open, close, buttonProps, menuProps } = useMenu<HTMLButtonElement, HTMLDivElement>(
    '[role="menuitem"]',
  );

  const initial = (user?.firstName || user?.email || '?').charAt(0).toUpperCase();
  return (
    <div className="user-menu">
      <button
        type="button"
        className="btn btn-ghost btn-icon"
        aria-haspopup="menu"
        aria-controls="user-menu"
        aria-label="Account menu"
        {...buttonProps}
      >
        <span className="avatar" aria-hidden="true">
          {initial}
        </span>
      </button>
      {open && (
        <div id="user-menu" className="menu" role="menu" aria-label="Account menu" {...menuProps}>
          <div className="menu-label muted" role="presentation">
            {user?.email ?? 'Signed in'}
          </div>
          <button
            type="button"
            role="menuitem"
            className="menu-item"
            onClick={() => {
              close();
              navigate(accountPath);
            }}
          >
            My Account
          </button>
          <button
            type="button"
            role="menuitem"
            className="menu-item"
            onClick={async () => {
              close();
              await signOut();
              navigate('/', { replace: true });
            }}
          >
            Sign out
          </button>
        </div>
      )}
    </div>
  );
}
