import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokenGetter } from '../../lib/api-client.ts';
import { DataExport } from './DataExport.tsx';
import { useAccountExport } from './account-export.ts';

let answer: () => Response;
const requests: { url: string; headers: Record<string, string> }[] = [];
beforeEach(() => {
  requests.length = 0;
  useAccountExport.setState({ busy: false, error: null });
  setTokenGetter(async () => 'token-1');
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    requests.push({ url, headers: init.headers as Record<string, string> });
    return answer();
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('download your data', () => {
  it('fetches the archive with the session token and saves it as coinpace-account-<day>.zip', async () => {
    answer = () => new Response(new Blob(['PK zip']), { status: 200 });
    const saved: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:archive';
    });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    render(<DataExport />);
    fireEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(requests).toEqual([
      {
        url: '/api/users/me/export',
        headers: expect.objectContaining({ authorization: 'Bearer token-1' }),
      },
    ]);
    expect(await saved[0]!.text()).toBe('PK zip');
    expect(names).toEqual([expect.stringMatching(/^coinpace-account-\d{4}-\d{2}-\d{2}\.zip$/)]);
    expect(screen.getByRole('button', { name: 'Download my data' }).hasAttribute('disabled')).toBe(false);
  });

  it('says why when the download fails', async () => {
    answer = () =>
      new Response(JSON.stringify({ error: 'Too many requests. Please wait a moment and try again.' }), {
        status: 429,
      });
    render(<DataExport />);
    fireEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    await screen.findByText(
      'Failed to download your data: Too many requests. Please wait a moment and try again.',
    );
  });
});
