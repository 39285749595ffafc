import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useRef, useState, type FormEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { registerRequestSchema } from '../../shared/schemas/auth.ts';
import { api } from '../../client/app/api.ts';
import { DialogForm } from '../../client/kit/forms/DialogForm.tsx';
import { problemsOfFields, problemsOfIssues, type FieldProblems } from '../../client/kit/forms/fieldProblems.ts';
import { useBusySubmit } from '../../client/kit/forms/useBusySubmit.ts';
import { useFormProblems } from '../../client/kit/forms/useFormProblems.ts';
import { FormAlert } from '../../client/kit/forms/FormAlert.tsx';
import { TextField } from '../../client/kit/TextField.tsx';
import { unloggedRequest } from './support/apiHarness.ts';
import { openPortal } from './support/realApi.ts';
import { renderWithProviders } from './support/renderWithProviders.tsx';

/** A registration through the one API, as a feature injects it: the real endpoint answers. */
const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    probeRegister: build.mutation<unknown, { name: string; email: string; password: string }>({
      query: (body) => ({ url: 'auth/register', method: 'POST', body }),
      extraOptions: { quietHttpErrors: true },
    }),
  }),
});

type Field = 'name' | 'email' | 'password';

/** The contract's `fields` are the form's names here. */
const FIELDS: readonly Field[] = ['name', 'email', 'password'];

interface ProbeProps {
  /** The form's own checks, run on submit before anything is sent. */
  checks?: (values: Record<Field, string>) => FieldProblems<Field>;
}

/** A form on the kit: three fields, its checks, the API's refusal, a busy submit. */
function RegisterProbe({ checks = () => ({}) }: ProbeProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormProblems({ formRef, fields: FIELDS, fallback: 'Não foi possível.' });
  const { busy, run } = useBusySubmit();
  const [register] = probeApi.useProbeRegisterMutation();
  const [values, setValues] = useState<Record<Field, string>>({ name: '', email: '', password: '' });
  const [done, setDone] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.check(checks(values))) return;
    try {
      const created = await run(() => register(values).unwrap());
      if (created !== undefined) setDone(true);
    } catch (error) {
      form.setFromApiError(error);
    }
  };

  const field = (name: Field, label: string) => (
    <TextField
      id={`probe-${name}`}
      label={label}
      name={name}
      value={values[name]}
      error={form.problemOf(name)}
      onChange={(change) => {
        setValues((current) => ({ ...current, [name]: change.target.value }));
        form.clear(name);
      }}
    />
  );

  return (
    <form ref={formRef} aria-label="Cadastro" onSubmit={(event) => void submit(event)} noValidate aria-busy={busy}>
      {field('name', 'Nome')}
      {field('email', 'Email')}
      {field('password', 'Senha')}
      <FormAlert message={form.alert} className="probe__alert" />
      <button type="submit" disabled={busy}>
        {busy ? 'Enviando…' : 'Cadastrar'}
      </button>
      {done ? <p role="status">Conta criada.</p> : null}
    </form>
  );
}

describe('form kit: useFormProblems', () => {
  it("shows the API's fields on the right field and moves the focus there", async () => {
    await openPortal();
    const body = { name: 'Ana Nova', email: 'nao-e-um-email', password: 'segredo-forte' };
    // What the real API says of this registration, asked once outside the page.
    const refusal = (await (await unloggedRequest('POST', '/api/auth/register', body)).json()) as { error: { fields: Record<string, string> } };
    const expected = refusal.error.fields.email!;

    const { user } = renderWithProviders(<RegisterProbe />);
    await user.type(screen.getByLabelText('Nome'), body.name);
    await user.type(screen.getByLabelText('Email'), body.email);
    await user.type(screen.getByLabelText('Senha'), body.password);
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));

    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription(expected);
    expect(email).toHaveFocus();
    expect(screen.getByLabelText('Nome')).toHaveAttribute('aria-invalid', 'false');
    // The problem is shown on its field, not said again as the form's alert.
    expect(screen.queryByRole('alert')).toBeNull();

    // Editing the field takes its problem away.
    await user.type(email, 'x');
    expect(email).toHaveAttribute('aria-invalid', 'false');
    expect(email).not.toHaveAccessibleDescription(expected);
  });

  it("shows the client's own checks (the shared schema's zod issues) and focuses the first problem in document order", async () => {
    const portal = await openPortal();
    // The shared schema, run before sending: its issues are named by path, as the API names its `fields`.
    const checks = (values: Record<Field, string>) => {
      const parsed = registerRequestSchema.safeParse(values);
      const found = parsed.success ? {} : problemsOfIssues(parsed.error.issues, FIELDS);
      // The email listed first: the focus follows the page, not the object.
      return { ...(found.email ? { email: found.email } : {}), ...found };
    };
    const { user } = renderWithProviders(<RegisterProbe checks={checks} />);
    await user.type(screen.getByLabelText('Email'), 'nao-e-um-email');
    await user.type(screen.getByLabelText('Senha'), 'segredo-forte');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));

    const name = screen.getByLabelText('Nome');
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Informe um e-mail válido.');
    expect(screen.getByLabelText('Senha')).toHaveAttribute('aria-invalid', 'false');
    // Nothing was sent.
    expect(screen.getByRole('button', { name: 'Cadastrar' })).toBeEnabled();
    await portal.settled();
    expect(portal.writes()).toEqual([]);
  });

  it("says a refusal no field names as the form's alert", async () => {
    const portal = await openPortal();
    portal.failNext('POST', '/api/auth/register', 409, { code: 'email_taken', message: 'Já existe uma conta com este email.' });
    const { user } = renderWithProviders(<RegisterProbe />);
    await user.type(screen.getByLabelText('Nome'), 'Ana Nova');
    await user.type(screen.getByLabelText('Email'), 'ana.nova@example.org');
    await user.type(screen.getByLabelText('Senha'), 'segredo-forte');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Já existe uma conta com este email.');
    for (const label of ['Nome', 'Email', 'Senha']) expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'false');
  });

  it('maps the API names to the form names and keeps the first message of a field', () => {
    const names = { datetime: 'date', 'repeat.count': 'count' } as const;
    expect(problemsOfFields({ datetime: 'Data inválida.', 'repeat.count': 'Grande demais.', other: 'x' }, names)).toEqual({
      date: 'Data inválida.',
      count: 'Grande demais.',
    });
    expect(problemsOfIssues([{ path: ['repeat', 'count'], message: 'Primeira.' }, { path: ['repeat', 'count'], message: 'Segunda.' }], names)).toEqual({
      count: 'Primeira.',
    });
    expect(problemsOfFields(undefined, names)).toEqual({});
  });
});

describe('form kit: useBusySubmit', () => {
  it('sends a second submit made while the first is running nothing', async () => {
    const portal = await openPortal();
    const release = portal.hold('/api/auth/register');
    const { user } = renderWithProviders(<RegisterProbe />);
    await user.type(screen.getByLabelText('Nome'), 'Ana Nova');
    await user.type(screen.getByLabelText('Email'), 'ana.nova@example.org');
    await user.type(screen.getByLabelText('Senha'), 'segredo-forte');
    const form = screen.getByRole('form', { name: 'Cadastro' });
    // Two submits before the page re-renders (Enter pressed twice): the disabled button cannot stop the second.
    fireEvent.submit(form);
    fireEvent.submit(form);
    expect(await screen.findByRole('button', { name: 'Enviando…' })).toBeDisabled();
    expect(form).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(portal.writes()).toHaveLength(1));
    release();
    expect(await screen.findByRole('status')).toHaveTextContent('Conta criada.');
    await portal.settled();
    expect(portal.writes().filter((write) => write.path === '/api/auth/register')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Cadastrar' })).toBeEnabled();
  });
});

describe('form kit: DialogForm', () => {
  function Probe({ onClose, onSubmit }: { onClose: () => void; onSubmit: () => void }) {
    const [status, setStatus] = useState<string | null>(null);
    return (
      <DialogForm
        title="Nova coisa"
        closeLabel="Fechar"
        busy={false}
        submitLabel="Criar"
        busyLabel="Criando…"
        className="probe-form"
        status={status}
        onClose={onClose}
        onSubmit={(submit) => {
          submit.preventDefault();
          onSubmit();
          setStatus('Não deu certo.');
        }}
      >
        <TextField id="probe-thing" label="Nome da coisa" />
      </DialogForm>
    );
  }

  it('has a header with the title and a close button, the form, a status line and the footer actions', async () => {
    const onClose = vi.fn();
    const onSubmit = vi.fn();
    const { user } = renderWithProviders(<Probe onClose={onClose} onSubmit={onSubmit} />);
    const dialog = await screen.findByRole('dialog', { name: 'Nova coisa' });
    expect(within(dialog).getByRole('heading', { name: 'Nova coisa' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Nome da coisa')).toBeInTheDocument();

    // The submit in the footer sends the form; the status line says the outcome.
    await user.click(within(dialog).getByRole('button', { name: 'Criar' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const status = within(dialog).getByRole('alert');
    expect(status).toHaveTextContent('Não deu certo.');
    expect(status).toHaveClass('probe-form__alert');

    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await user.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
