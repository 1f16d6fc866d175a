import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { lazyComponent } from '../lazy-component';
import { ShellPart } from './shell-part';

const reloadDocument = vi.hoisted(() => vi.fn());
vi.mock('../reload-document', () => ({ reloadDocument }));

/**
 * A part of the shell whose chunk does not arrive (the connection dropped, a deploy replaced
 * it). Made in each test: the test setup preloads every lazy part declared before it runs.
 */
const missingPart = () =>
  lazyComponent(
    () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/sidebar.js')),
    () => () => <nav>Menu</nav>,
  );

describe('a part of the shell whose code does not arrive', () => {
  it('says so with a reload in its place, and the screen beside it stays', async () => {
    const MissingMenu = missingPart();
    render(
      <MantineProvider env="test">
        <ShellPart missing="The menu">
          <MissingMenu />
        </ShellPart>
        <main>
          <h1>Swap</h1>
        </main>
      </MantineProvider>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The menu did not load.');
    expect(screen.getByRole('heading', { name: 'Swap' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reloadDocument).toHaveBeenCalledOnce();
  });

  it('an unseen part (a session service) leaves nothing in its place', async () => {
    const MissingMenu = missingPart();
    render(
      <MantineProvider env="test">
        <ShellPart>
          <MissingMenu />
        </ShellPart>
        <p>The screen</p>
      </MantineProvider>,
    );
    expect(await screen.findByText('The screen')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
