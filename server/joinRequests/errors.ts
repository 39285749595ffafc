/** The church named does not exist. */
export class UnknownChurch extends Error {
  constructor() {
    super('Igreja não encontrada.');
  }
}

/** The department named does not exist. */
export class UnknownDepartment extends Error {
  constructor() {
    super('Departamento não encontrado.');
  }
}

/** A position that is not one of the team's department. */
export class UnknownPosition extends Error {
  constructor() {
    super('Função não encontrada neste departamento.');
  }
}

/** The member is on the team already: nothing to ask. */
export class AlreadyMember extends Error {
  constructor() {
    super('Você já faz parte desta equipe.');
  }
}

/** One pending request per member and team (docs/product.md §13). */
export class AlreadyRequested extends Error {
  constructor() {
    super('Você já pediu para servir nesta equipe: aguarde a resposta dos líderes.');
  }
}

/** The caller leads no team the request is for: the policy's reason (server/policy/teamAdmission.ts). */
export class NotTheTeamsLeader extends Error {}

export class JoinRequestNotFound extends Error {
  constructor() {
    super('Pedido para servir não encontrado.');
  }
}

/** Approved or declined already (by another leader, or a second click). */
export class AlreadyDecided extends Error {
  constructor(status: 'approved' | 'declined') {
    super(status === 'approved' ? 'Este pedido já foi aprovado.' : 'Este pedido já foi recusado.');
  }
}
