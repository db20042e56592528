import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorReply, stubFetch } from '../../testing/fetchStub';
import { ContentImage } from './ContentImage';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
const image = () => new Response(PNG, { status: 200, headers: { 'Content-Type': 'image/png' } });

describe('an uploaded content image', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('is read once for two components showing it, each with an object URL of its own revoked when it goes', async () => {
    const { calls } = stubFetch({ 'GET /api/1/images/7': image });
    let made = 0;
    const create = vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:image-${++made}`);
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const { unmount } = render(
      <>
        <ContentImage url="/api/1/images/7" alt="In the list" />
        <ContentImage url="/api/1/images/7" alt="In the form" />
      </>,
    );
    expect((await screen.findByAltText('In the list')).getAttribute('src')).toMatch(/^blob:image-/);
    expect((await screen.findByAltText('In the form')).getAttribute('src')).toMatch(/^blob:image-/);
    expect(calls).toHaveLength(1);
    expect(screen.getByAltText('In the list').getAttribute('src')).not.toBe(screen.getByAltText('In the form').getAttribute('src'));
    expect(create).toHaveBeenCalledTimes(2);
    unmount();
    expect(revoke.mock.calls.map(([url]) => url).sort()).toEqual(['blob:image-1', 'blob:image-2']);
  });

  it('shows at once from the cache when it is shown again (no second read)', async () => {
    const { calls } = stubFetch({ 'GET /api/1/images/8': image });
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:image');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const first = render(<ContentImage url="/api/1/images/8" alt="Shown" />);
    await screen.findByAltText('Shown');
    first.unmount();
    render(<ContentImage url="/api/1/images/8" alt="Shown again" />);
    await screen.findByAltText('Shown again');
    expect(calls).toHaveLength(1);
  });

  it('says it is unavailable when the image is gone', async () => {
    stubFetch({ 'GET /api/1/images/9': () => errorReply(404, 'Image 9 not found') });
    render(<ContentImage url="/api/1/images/9" alt="Gone" />);
    expect(await screen.findByText('Image unavailable')).toBeTruthy();
  });
});
