import { useId } from 'react';
import type { Department } from '../../../shared/schemas/escalas.ts';
import { useGetDepartmentsQuery, useGetPositionsQuery } from '../../kit/network/networkApi.ts';
import { CatalogItemActions } from './CatalogItemActions.tsx';
import { useDeleteDepartmentMutation, useDeletePositionMutation, useRenameDepartmentMutation, useRenamePositionMutation } from './catalogEditApi.ts';
import { CreateForm } from './CreateForm.tsx';
import { useCreateDepartmentMutation, useCreatePositionMutation } from './networkAdminApi.ts';

export interface DepartmentsSectionProps {
  /** A department name to offer in the create form (a leader typed it in the allocation dialog). */
  suggestedName?: string | undefined;
}

/**
 * The network's departments, each with its positions and a form to add one
 * (`POST /api/departments/{id}/positions { name }`), and a form to add a department (`POST /api/departments`).
 */
export function DepartmentsSection({ suggestedName }: DepartmentsSectionProps) {
  const headingId = useId();
  const departments = useGetDepartmentsQuery();
  const [createDepartment] = useCreateDepartmentMutation();
  return (
    <section className="network-admin__card" aria-labelledby={headingId} id="departamentos">
      <h2 id={headingId} className="network-admin__subtitle">
        Departamentos e funções
      </h2>
      <p className="network-admin__lead">Os departamentos valem para toda a rede; cada um tem as funções que suas equipes preenchem.</p>
      {departments.isLoading ? (
        <p className="network-admin__status">Carregando…</p>
      ) : departments.isError ? (
        <p className="network-admin__status network-admin__status--error" role="alert">
          Não foi possível carregar os departamentos.
        </p>
      ) : departments.data && departments.data.length > 0 ? (
        <ul className="network-admin__list" aria-labelledby={headingId}>
          {departments.data.map((department) => (
            <DepartmentItem key={department.id} department={department} />
          ))}
        </ul>
      ) : (
        <p className="network-admin__status">Nenhum departamento cadastrado.</p>
      )}
      <CreateForm
        idPrefix={`${headingId}-new`}
        title="Novo departamento"
        fields={[{ name: 'name', label: 'Nome do departamento', hint: 'Ex.: Louvor, Infantil, Mídia.', missing: 'Informe o nome do departamento.', initial: suggestedName ?? '' }]}
        submitLabel="Criar departamento"
        autoFocus={Boolean(suggestedName)}
        onCreate={async ({ name = '' }) => {
          const department = await createDepartment({ name }).unwrap();
          return `Departamento criado: ${department.name}.`;
        }}
      />
    </section>
  );
}

function DepartmentItem({ department }: { department: Department }) {
  const positions = useGetPositionsQuery(department.id);
  const [createPosition] = useCreatePositionMutation();
  const [renameDepartment] = useRenameDepartmentMutation();
  const [deleteDepartment] = useDeleteDepartmentMutation();
  const [renamePosition] = useRenamePositionMutation();
  const [deletePosition] = useDeletePositionMutation();
  const itemId = useId();
  return (
    <li className="network-admin__item network-admin__item--department" aria-labelledby={`${itemId}-name`}>
      <h3 id={`${itemId}-name`} className="network-admin__name">
        {department.name}
      </h3>
      <CatalogItemActions
        what={`o departamento ${department.name}`}
        name={department.name}
        fields={[{ name: 'name', label: 'Nome do departamento', initial: department.name, missing: 'Informe o nome do departamento.' }]}
        onSave={async ({ name = '' }) => {
          const saved = await renameDepartment({ id: department.id, name }).unwrap();
          return `Departamento salvo: ${saved.name}.`;
        }}
        onDelete={async () => {
          await deleteDepartment({ id: department.id }).unwrap();
          return `Departamento excluído: ${department.name}.`;
        }}
      />
      {positions.isLoading ? (
        <p className="network-admin__status">Carregando funções…</p>
      ) : positions.isError ? (
        <p className="network-admin__status network-admin__status--error">Não foi possível carregar as funções.</p>
      ) : positions.data && positions.data.length > 0 ? (
        <ul className="network-admin__list" aria-label={`Funções de ${department.name}`}>
          {positions.data.map((position) => (
            <li key={position.id} className="network-admin__position">
              <span className="network-admin__chip">{position.name}</span>
              <CatalogItemActions
                what={`a função ${position.name} (${department.name})`}
                name={`${position.name} (${department.name})`}
                fields={[{ name: 'name', label: 'Nome da função', initial: position.name, missing: 'Informe o nome da função.' }]}
                onSave={async ({ name = '' }) => {
                  const saved = await renamePosition({ departmentId: department.id, id: position.id, name }).unwrap();
                  return `Função salva em ${department.name}: ${saved.name}.`;
                }}
                onDelete={async () => {
                  await deletePosition({ departmentId: department.id, id: position.id }).unwrap();
                  return `Função excluída de ${department.name}: ${position.name}.`;
                }}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="network-admin__status">Nenhuma função ainda.</p>
      )}
      <CreateForm
        idPrefix={`${itemId}-position`}
        title={`Nova função em ${department.name}`}
        fields={[{ name: 'name', label: `Nova função em ${department.name}`, missing: 'Informe o nome da função.' }]}
        submitLabel="Adicionar função"
        onCreate={async ({ name = '' }) => {
          const position = await createPosition({ departmentId: department.id, name }).unwrap();
          return `Função adicionada em ${department.name}: ${position.name}.`;
        }}
      />
    </li>
  );
}
