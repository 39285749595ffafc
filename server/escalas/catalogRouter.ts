import { Router } from 'express';
import { z } from 'zod';
import { NAME_KEY_MAX, nameKey } from '../../shared/nameKey.ts';
import { idParamSchema } from '../../shared/schemas/common.ts';
import { createDepartmentRequestSchema } from '../../shared/schemas/escalas.ts';
import { createPositionRequestSchema } from '../../shared/schemas/network.ts';
import type { ApiContext } from '../http/apiContext.ts';
import { notFound } from '../http/httpError.ts';
import { refuseWhileInUse } from '../http/inUse.ts';
import { requireUsableNameKey } from '../http/nameKeyRules.ts';
import { parseInput } from '../http/parseInput.ts';
import { requireAdmin } from '../http/requireUser.ts';
import { deleteDepartment, deletePosition, departmentUses, positionUses, renameDepartment, renamePosition } from './catalogEdits.ts';
import { DEPARTMENT_KEY_MAX, departmentKey } from './departmentKey.ts';
import { findDepartment } from './departmentQueries.ts';
import { DepartmentExists, PositionExists } from './errors.ts';
import { findPositionOf } from './positionQueries.ts';

const positionPath = z.object({ departmentId: idParamSchema, positionId: idParamSchema });

/**
 * Gestão da rede renames and deletes departments and positions (admins). A department or position still in use —
 * escalas, needs, people in its teams — is not deleted: 409 `in_use` says by what (docs/api.md).
 */
export function catalogRouter({ database }: ApiContext): Router {
  const router = Router();
  const { db } = database;

  router.patch('/api/departments/:id', async (req, res) => {
    requireAdmin(req);
    const id = parseInput(idParamSchema, req.params.id);
    const { name } = parseInput(createDepartmentRequestSchema, req.body);
    const key = departmentKey(name);
    requireUsableNameKey(key, DEPARTMENT_KEY_MAX, 'Informe o nome do departamento.');
    const department = await renameDepartment(db, id, name, key);
    if (department === 'exists') throw new DepartmentExists();
    if (!department) throw notFound('Departamento não encontrado.');
    res.json(department);
  });

  router.delete('/api/departments/:id', async (req, res) => {
    requireAdmin(req);
    const id = parseInput(idParamSchema, req.params.id);
    const department = await findDepartment(db, id);
    if (!department) throw notFound('Departamento não encontrado.');
    refuseWhileInUse(`O departamento ${department.name}`, await departmentUses(db, id));
    await deleteDepartment(db, id);
    res.status(204).end();
  });

  router.patch('/api/departments/:departmentId/positions/:positionId', async (req, res) => {
    requireAdmin(req);
    const { departmentId, positionId } = parseInput(positionPath, req.params);
    const { name } = parseInput(createPositionRequestSchema, req.body);
    requireUsableNameKey(nameKey(name), NAME_KEY_MAX, 'Informe o nome da função.');
    const position = await renamePosition(db, departmentId, positionId, name);
    if (position === 'exists') throw new PositionExists();
    if (!position) throw notFound('Função não encontrada.');
    res.json(position);
  });

  router.delete('/api/departments/:departmentId/positions/:positionId', async (req, res) => {
    requireAdmin(req);
    const { departmentId, positionId } = parseInput(positionPath, req.params);
    const position = await findPositionOf(db, departmentId, positionId);
    if (!position) throw notFound('Função não encontrada.');
    refuseWhileInUse(`A função ${position.name}`, await positionUses(db, positionId));
    await deletePosition(db, positionId);
    res.status(204).end();
  });

  return router;
}
