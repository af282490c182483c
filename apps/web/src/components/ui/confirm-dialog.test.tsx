import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ConfirmOptions } from './confirm-dialog';
import { ConfirmProvider, useConfirm } from './confirm-provider';

function Asker({ options }: { options: ConfirmOptions }) {
  const confirm = useConfirm();
  const [answers, setAnswers] = useState<boolean[]>([]);
  return (
    <>
      <button
        type="button"
        onClick={async () => {
          const answer = await confirm(options);
          setAnswers((a) => [...a, answer]);
        }}
      >
        Ask
      </button>
      <output data-testid="answers">{answers.join(',')}</output>
    </>
  );
}

function setup(
  options: ConfirmOptions = { title: 'Delete this thing?', description: 'It cannot be undone.', destructive: true },
) {
  render(
    <ConfirmProvider>
      <Asker options={options} />
    </ConfirmProvider>,
  );
  return {
    user: userEvent.setup(),
    trigger: screen.getByRole('button', { name: 'Ask' }),
    answers: () => screen.getByTestId('answers').textContent,
  };
}

describe('ConfirmDialog and useConfirm', () => {
  it('is a labelled, described alertdialog with focus on Cancel for a destructive question', async () => {
    const { user, trigger } = setup();
    await user.click(trigger);
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this thing?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('It cannot be undone.');
    // The dialog moves focus once it has opened, which under load can be a frame after it appears.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    expect(within(dialog).getByRole('button', { name: 'Delete' }).className).toMatch(/rose/);
  });

  it('resolves true on confirm and false on Cancel, and focus returns to the trigger', async () => {
    const { user, trigger, answers } = setup();
    await user.click(trigger);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(answers()).toBe('true');
    await waitFor(() => expect(trigger).toHaveFocus());
    await user.click(trigger);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(answers()).toBe('true,false');
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it('Escape cancels (resolves false) and gives focus back', async () => {
    const { user, trigger, answers } = setup();
    trigger.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alertdialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(answers()).toBe('false');
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it('keeps Tab inside and, for a non-destructive question, starts on the confirm button with its own labels', async () => {
    const { user, trigger, answers } = setup({
      title: 'Publish now?',
      confirmLabel: 'Publish',
      cancelLabel: 'Not yet',
    });
    await user.click(trigger);
    const dialog = await screen.findByRole('alertdialog', { name: 'Publish now?' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Publish' })).toHaveFocus());
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Not yet' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Publish' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(answers()).toBe('true');
  });

  it('throws without a provider', () => {
    function Bare() {
      useConfirm();
      return null;
    }
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => act(() => render(<Bare />))).toThrow(/ConfirmProvider/);
    quiet.mockRestore();
  });
});
