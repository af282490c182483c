import { FOLLOW_TEXT as T, type FollowResponse } from '@bm/core';
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deferred, renderPage } from '../test/utils';
import { FollowButton } from './follow-button';

const renderButton = (
  send: (f: boolean) => Promise<FollowResponse>,
  props: Partial<Parameters<typeof FollowButton>[0]> = {},
) => renderPage(<FollowButton name="Speedo" isFollowing={false} followerCount={4} signedIn send={send} {...props} />);
const button = () => screen.getByTestId('follow-button');
const count = () => screen.getByTestId('follower-count').textContent;

describe('follow button', () => {
  it('is a toggle named for what it follows: pressed and counted at once, then the server’s count', async () => {
    const answer = deferred<FollowResponse>();
    const send = vi.fn(() => answer.promise);
    const onChange = vi.fn();
    renderButton(send, { onChange });
    expect(button()).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Follow Speedo, 4 followers' })).toBe(button());
    fireEvent.click(button());
    expect(send).toHaveBeenCalledWith(true);
    expect(button()).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Following Speedo, 5 followers' })).toBe(button());
    expect(count()).toBe('5');
    await act(async () => answer.resolve({ isFollowing: true, followerCount: 9 }));
    expect(count()).toBe('9');
    expect(onChange).toHaveBeenLastCalledWith({ isFollowing: true, followerCount: 9 });
  });

  it('unfollows, and puts back what was shown with a message when the call fails', async () => {
    const answer = deferred<FollowResponse>();
    renderButton(() => answer.promise, { isFollowing: true });
    fireEvent.click(button());
    expect(button()).toHaveAttribute('aria-pressed', 'false');
    expect(count()).toBe('3');
    await act(async () => answer.reject(new Error('down')));
    expect(button()).toHaveAttribute('aria-pressed', 'true');
    expect(count()).toBe('4');
    expect(await screen.findByText(T.unfollowFailed)).toBeInTheDocument();
  });

  it('asks a visitor to join instead of calling', async () => {
    const send = vi.fn();
    renderButton(send, { signedIn: false });
    fireEvent.click(button());
    expect(send).not.toHaveBeenCalled();
    expect(await screen.findByRole('dialog', { name: T.joinTitle })).toBeInTheDocument();
  });
});
