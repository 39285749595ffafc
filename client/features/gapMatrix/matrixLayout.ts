import type { Department, PositionRef } from '../../../shared/schemas/escalas.ts';
import type { Overview, OverviewEvent, OverviewNeed } from '../../../shared/schemas/needs.ts';

/** One column of the matrix: a position of a department, or the department's "any position" need. */
export interface MatrixColumn {
  key: string;
  department: Department;
  position: PositionRef | null;
}

/** The columns of one department, for the header's first row. */
export interface MatrixDepartment {
  department: Department;
  columns: MatrixColumn[];
}

export interface MatrixLayout {
  departments: MatrixDepartment[];
  columns: MatrixColumn[];
  /** The events that need someone, in the API's order (by date-time). */
  rows: OverviewEvent[];
}

export function columnKeyOf(department: Pick<Department, 'id'>, position: Pick<PositionRef, 'id'> | null): string {
  return `${department.id}:${position?.id ?? 'any'}`;
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'pt-BR', { sensitivity: 'base' });

/**
 * Dates × positions: every department and position that any event of the answer needs, departments and their
 * positions by name (a department's "any position" need last); the rows are the events that need someone.
 */
export function matrixLayoutOf(overview: Overview): MatrixLayout {
  const departments = new Map<number, { department: Department; columns: Map<string, MatrixColumn> }>();
  for (const { needs } of overview) {
    for (const { department, position } of needs) {
      let entry = departments.get(department.id);
      if (!entry) {
        entry = { department, columns: new Map() };
        departments.set(department.id, entry);
      }
      const key = columnKeyOf(department, position);
      if (!entry.columns.has(key)) entry.columns.set(key, { key, department, position });
    }
  }
  const grouped = [...departments.values()]
    .sort((a, b) => byName(a.department, b.department))
    .map(({ department, columns }) => ({
      department,
      columns: [...columns.values()].sort((a, b) => {
        if (a.position === null || b.position === null) return a.position === null ? 1 : -1;
        return byName(a.position, b.position);
      }),
    }));
  return {
    departments: grouped,
    columns: grouped.flatMap((group) => group.columns),
    rows: overview.filter((row) => row.needs.length > 0),
  };
}

/** The need of an event in a column, if it has one. */
export function needIn(row: OverviewEvent, column: MatrixColumn): OverviewNeed | undefined {
  return row.needs.find((need) => columnKeyOf(need.department, need.position) === column.key);
}
