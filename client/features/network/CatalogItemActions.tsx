import { useId, useRef, useState, type FormEvent } from 'react';
import { useAppDispatch } from '../../app/hooks.ts';
import { DialogForm } from '../../kit/forms/DialogForm.tsx';
import { useBusySubmit } from '../../kit/forms/useBusySubmit.ts';
import { useFormProblems } from '../../kit/forms/useFormProblems.ts';
import { statusShown } from '../../kit/status/statusSlice.ts';
import { TextField } from '../../kit/TextField.tsx';
import { ChoiceField, type FieldOption } from './ChoiceField.tsx';

export interface CatalogField {
  name: string;
  label: string;
  initial: string;
  hint?: string;
  /** The message when left blank; an optional field has none. */
  missing?: string;
  /** A select of these choices instead of a text input. */
  options?: readonly FieldOption[];
}

export interface CatalogItemActionsProps {
  /** What the item is, for the buttons' names and the dialogs: `a igreja Sede`. */
  what: string;
  /** Its name, in the buttons' accessible names: `Editar Sede`. */
  name: string;
  fields: readonly CatalogField[];
  /** Saves the changed values (trimmed); resolves to the status line, or throws the call's error. */
  onSave: (values: Record<string, string>) => Promise<string>;
  /** Deletes it; resolves to the status line, or throws the call's error (409 `in_use` says what uses it). */
  onDelete: () => Promise<string>;
}

type Open = 'edit' | 'delete' | null;

/** "Editar" and "Excluir" beside one record of Gestão da rede (a church, a type, a department, a position). */
export function CatalogItemActions({ what, name, fields, onSave, onDelete }: CatalogItemActionsProps) {
  const [open, setOpen] = useState<Open>(null);
  return (
    <span className="network-admin__actions">
      <button type="button" className="button button--secondary network-admin__action" aria-label={`Editar ${name}`} onClick={() => setOpen('edit')}>
        Editar
      </button>
      <button type="button" className="button button--secondary network-admin__action" aria-label={`Excluir ${name}`} onClick={() => setOpen('delete')}>
        Excluir
      </button>
      {open === 'edit' ? <EditDialog what={what} fields={fields} onSave={onSave} onClose={() => setOpen(null)} /> : null}
      {open === 'delete' ? <DeleteDialog what={what} onDelete={onDelete} onClose={() => setOpen(null)} /> : null}
    </span>
  );
}

function EditDialog({ what, fields, onSave, onClose }: Pick<CatalogItemActionsProps, 'what' | 'fields' | 'onSave'> & { onClose: () => void }) {
  const idPrefix = useId();
  const dispatch = useAppDispatch();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormProblems<string>({ formRef, fields: fields.map((field) => field.name), fallback: 'Não foi possível salvar. Tente novamente.' });
  const { busy, run } = useBusySubmit();
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(fields.map((field) => [field.name, field.initial])));
  const unsaved = fields.some((field) => values[field.name] !== field.initial);

  const handleSubmit = async (submit: FormEvent<HTMLFormElement>) => {
    submit.preventDefault();
    const trimmed = Object.fromEntries(fields.map((field) => [field.name, (values[field.name] ?? '').trim()]));
    const found = Object.fromEntries(fields.flatMap((field) => (field.missing && trimmed[field.name] === '' ? [[field.name, field.missing]] : [])));
    if (!form.check(found)) return;
    try {
      const status = await run(() => onSave(trimmed));
      if (status === undefined) return;
      dispatch(statusShown({ text: status }));
      onClose();
    } catch (error) {
      form.setFromApiError(error);
    }
  };

  return (
    <DialogForm
      title={`Editar ${what}`}
      submitLabel="Salvar"
      busyLabel="Salvando…"
      busy={busy}
      className="network-admin__dialog"
      status={form.alert}
      formRef={formRef}
      onSubmit={(submit) => void handleSubmit(submit)}
      onClose={onClose}
      unsaved={unsaved}
    >
      {fields.map((field) =>
        field.options ? (
          <ChoiceField
            key={field.name}
            id={`${idPrefix}-${field.name}`}
            label={field.label}
            hint={field.hint}
            error={form.problemOf(field.name)}
            options={field.options}
            value={values[field.name] ?? ''}
            onChange={(value) => {
              setValues((current) => ({ ...current, [field.name]: value }));
              form.clear(field.name);
            }}
          />
        ) : (
          <TextField
            key={field.name}
            id={`${idPrefix}-${field.name}`}
            label={field.label}
            hint={field.hint}
            error={form.problemOf(field.name)}
            value={values[field.name] ?? ''}
            onChange={(change) => {
              const value = change.target.value;
              setValues((current) => ({ ...current, [field.name]: value }));
              form.clear(field.name);
            }}
          />
        ),
      )}
    </DialogForm>
  );
}

function DeleteDialog({ what, onDelete, onClose }: Pick<CatalogItemActionsProps, 'what' | 'onDelete'> & { onClose: () => void }) {
  const dispatch = useAppDispatch();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormProblems({ formRef, fallback: 'Não foi possível excluir. Tente novamente.' });
  const { busy, run } = useBusySubmit();

  const handleSubmit = async (submit: FormEvent<HTMLFormElement>) => {
    submit.preventDefault();
    form.clear();
    try {
      const status = await run(onDelete);
      if (status === undefined) return;
      // The record leaves its list with the dialog: the message takes the focus.
      dispatch(statusShown({ text: status, focus: true }));
      onClose();
    } catch (error) {
      form.setFromApiError(error);
    }
  };

  return (
    <DialogForm
      title={`Excluir ${what}`}
      submitLabel="Excluir"
      busyLabel="Excluindo…"
      submitClassName="button network-admin__danger"
      busy={busy}
      className="network-admin__dialog"
      status={form.alert}
      formRef={formRef}
      onSubmit={(submit) => void handleSubmit(submit)}
      onClose={onClose}
    >
      <p>
        Excluir {what}? Só é possível enquanto nada a usa (eventos, equipes, escalas); se algo ainda usa, o portal diz o quê.
      </p>
    </DialogForm>
  );
}
