/** A position of the team member's body that is not one of the team's department. */
export class UnknownPosition extends Error {
  constructor() {
    super('Função não encontrada neste departamento.');
  }
}

export class NotATeamMember extends Error {
  constructor() {
    super('Esta pessoa não faz parte da equipe.');
  }
}
