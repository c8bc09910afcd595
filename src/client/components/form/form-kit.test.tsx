import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Checkbox, Input, Select } from './controls.tsx';
import { Field } from './field.tsx';
import { Form } from './form.tsx';
import { useZodForm } from './use-zod-form.ts';

// The form kit with a real schema: labels, descriptions and errors wired for screen readers, and
// the parsed values handed over only when the schema accepts them. Errors are alerts, so they are
// announced when they appear.

const schema = z.object({
  name: z.string().trim().min(2, 'Name must be at least 2 characters'),
  size: z.enum(['small', 'large'], { message: 'Choose a size' }),
  agree: z.boolean().refine((v) => v, 'Please agree'),
});

function Harness({ onValid }: { onValid: (values: z.output<typeof schema>) => void }) {
  const form = useZodForm(schema, { defaultValues: { name: '', agree: false } });
  return (
    <Form form={form} onValid={onValid}>
      <Field name="name" label="Name" description="As on your invoices.">
        <Input {...form.register('name')} />
      </Field>
      <Field name="size" label="Size">
        <Select
          placeholder="Choose…"
          options={[
            { value: 'small', label: 'Small' },
            { value: 'large', label: 'Large' },
          ]}
          {...form.register('size')}
        />
      </Field>
      <Checkbox label="I agree" description="To the terms." {...form.register('agree')} />
      <button type="submit">Save</button>
    </Form>
  );
}

describe('the form kit', () => {
  it('shows each error under its field, described and marked invalid, and submits nothing', async () => {
    const onValid = vi.fn();
    render(<Harness onValid={onValid} />);
    const name = screen.getByLabelText('Name');
    expect(name).toHaveAccessibleDescription('As on your invoices.');
    expect(name).not.toHaveAttribute('aria-invalid');
    await userEvent.type(name, 'A');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Name must be at least 2 characters',
      'Choose a size',
    ]);
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Name must be at least 2 characters As on your invoices.');
    expect(screen.getByLabelText('Size')).toHaveAccessibleDescription('Choose a size');
    expect(screen.getByRole('checkbox', { name: 'I agree' })).toHaveAccessibleDescription('To the terms.');
    expect(onValid).not.toHaveBeenCalled();
  });

  it('clears an error as soon as the field is fixed, and hands over the parsed values', async () => {
    const onValid = vi.fn();
    render(<Harness onValid={onValid} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name must be at least 2 characters')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Name'), '  Ada  ');
    expect(screen.queryByText('Name must be at least 2 characters')).toBeNull();
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Choose a size']);
    await userEvent.selectOptions(screen.getByLabelText('Size'), 'large');
    await userEvent.click(screen.getByRole('checkbox', { name: 'I agree' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onValid).toHaveBeenCalledOnce());
    expect(onValid.mock.calls[0]?.[0]).toEqual({ name: 'Ada', size: 'large', agree: true });
  });
});
