import type { UserView } from '@coinpace/domain';
import { useEffect, useState } from 'react';
import { api, errorMessage } from '../../lib/api-client.ts';

/** The settings of the user view that the Account page saves as soon as they are chosen. */
type SettingKey = 'costMethod' | 'displayCurrency';

export interface UserSetting<V> {
  /** The saved value; null while it loads (or when it could not be loaded). */
  value: V | null;
  saving: boolean;
  /** Whether the last choice was saved (for a "saved" note). */
  saved: boolean;
  error: string | null;
  clearError: () => void;
  /** Shows `next` at once, saves it with PATCH /api/users/me, and puts the old value back on failure. */
  choose: (next: V) => Promise<void>;
}

/**
 * One setting of the user view (cost method, display currency): loaded with GET /api/users/me,
 * saved on choice. `afterSave` runs with the saved value before it counts as saved.
 */
export function useUserSetting<K extends SettingKey>(
  key: K,
  afterSave?: (value: UserView[K]) => Promise<void> | void,
): UserSetting<UserView[K]> {
  const [value, setValue] = useState<UserView[K] | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    api<{ user: UserView }>('/api/users/me')
      .then(({ user }) => live && setValue(user[key]))
      .catch(
        (failure: unknown) => live && setError(`Failed to load your settings: ${errorMessage(failure)}`),
      );
    return () => {
      live = false;
    };
  }, [key]);

  const choose = async (next: UserView[K]) => {
    if (next === value || saving) return;
    const previous = value;
    setValue(next);
    setSaving(true);
    setSaved(false);
    setError(null);
    try {
      const { user } = await api<{ user: UserView }>('/api/users/me', {
        method: 'PATCH',
        body: { [key]: next },
      });
      setValue(user[key]);
      await afterSave?.(user[key]);
      setSaved(true);
    } catch (failure) {
      setValue(previous);
      setError(`Failed to save changes to database: ${errorMessage(failure)}`);
    } finally {
      setSaving(false);
    }
  };

  return { value, saving, saved, error, clearError: () => setError(null), choose };
}
