import { act, render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { optionalPart } from '@/app/lib/on-demand';

// A part of the screen whose code cannot be fetched (the network went before its chunk came)
// renders nothing and leaves the screen as it was; it comes once the browser is back online. An
// error of the part itself is not hidden.

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>Something went wrong!</p> : this.props.children;
  }
}

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;

describe('optionalPart', () => {
  it('renders nothing while its code cannot be fetched, and comes when the browser is back online', async () => {
    const load = vi
      .fn<() => Promise<typeof Greeting>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(Greeting);
    const Part = optionalPart(load);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <Boundary>
        <p>The bench list</p>
        <Part name="lab" />
      </Boundary>,
    );
    await act(async () => {});
    expect(screen.getByText('The bench list')).toBeTruthy();
    expect(screen.queryByText('Something went wrong!')).toBeNull();
    expect(screen.queryByText('Hello lab')).toBeNull();

    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('Hello lab')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
    vi.restoreAllMocks();
  });

  it('lets an error of the part itself reach the screen', async () => {
    const Broken = (): ReactNode => {
      throw new Error('a bug in the part');
    };
    const Part = optionalPart(() => Promise.resolve(Broken));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <Boundary>
        <Part />
      </Boundary>,
    );
    expect(await screen.findByText('Something went wrong!')).toBeTruthy();
    vi.restoreAllMocks();
  });
});
