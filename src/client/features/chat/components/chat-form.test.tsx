import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CHAT_MESSAGE_MAX } from '#shared/chat/chat.constants.ts';
import { ChatForm } from './chat-form.tsx';

// The assistant's question box on the form kit: the shared schema's messages as alerts on the box,
// the trimmed question handed over on Enter or Send, Shift+Enter for a new line.

describe('ChatForm', () => {
  it('says what is wrong with an empty or too long question and asks nothing', async () => {
    const onAsk = vi.fn();
    render(<ChatForm onAsk={onAsk} isBusy={false} />);
    const box = screen.getByRole('textbox', { name: 'Your question' });
    await userEvent.type(box, '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Write a question first');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Write a question first');
    await userEvent.clear(box);
    await userEvent.paste('x'.repeat(CHAT_MESSAGE_MAX + 1));
    expect(screen.getByRole('alert').textContent).toBe(`At most ${CHAT_MESSAGE_MAX} characters`);
    expect(onAsk).not.toHaveBeenCalled();
  });

  it('sends the trimmed question on Enter and clears the box; Shift+Enter adds a line', async () => {
    const onAsk = vi.fn();
    render(<ChatForm onAsk={onAsk} isBusy={false} />);
    const box = screen.getByRole('textbox', { name: 'Your question' });
    await userEvent.type(box, '  How big is it?{Shift>}{Enter}{/Shift}Roughly');
    expect(onAsk).not.toHaveBeenCalled();
    await userEvent.type(box, '{Enter}');
    await vi.waitFor(() => expect(onAsk).toHaveBeenCalledOnce());
    expect(onAsk).toHaveBeenCalledWith('How big is it?\nRoughly');
    await vi.waitFor(() => expect(box).toHaveValue(''));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
