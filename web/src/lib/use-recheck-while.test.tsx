import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useRecheckWhile } from './use-recheck-while.ts';

function Probe({ active, recheck }: { active: boolean; recheck: () => void }) {
  useRecheckWhile(active, recheck, 1_000);
  return null;
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useRecheckWhile', () => {
  it('reads again every interval while work runs, and stops when it is done', () => {
    vi.useFakeTimers();
    const recheck = vi.fn();
    const { rerender } = render(<Probe active recheck={recheck} />);
    vi.advanceTimersByTime(3_500);
    expect(recheck).toHaveBeenCalledTimes(3);

    rerender(<Probe active={false} recheck={recheck} />);
    vi.advanceTimersByTime(5_000);
    expect(recheck).toHaveBeenCalledTimes(3);
  });

  it('does not read while the tab is hidden', () => {
    vi.useFakeTimers();
    const hidden = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const recheck = vi.fn();
    render(<Probe active recheck={recheck} />);
    vi.advanceTimersByTime(3_000);
    expect(recheck).not.toHaveBeenCalled();
    hidden.mockRestore();
  });
});
