import { describe, expect, it } from 'vitest';
import { decodeCsv } from '../../server/teamImport/decodeCsv.ts';
import { InvalidCsv } from '../../server/teamImport/errors.ts';
import { detectDelimiter, parseTeamCsv } from '../../server/teamImport/parseTeamCsv.ts';
import { planTeamImport, type ImportFacts } from '../../server/teamImport/planTeamImport.ts';
import { allowed, refused } from '../../server/policy/decision.ts';

const HEADER = 'nome,email,igreja,departamento,telefone,funcoes';

/** What Excel in pt-BR writes as plain "CSV": Windows-1252 bytes (one byte per character here). */
const windows1252 = (text: string) => Uint8Array.from([...text].map((char) => ({ 'ã': 0xe3, 'ç': 0xe7, 'é': 0xe9, 'Ç': 0xc7, 'õ': 0xf5 })[char] ?? char.charCodeAt(0)));

describe('decodeCsv (docs/product.md §13)', () => {
  it('reads UTF-8 with and without its BOM', () => {
    const text = 'nome;email\nJoão;joao@x.com\n';
    const bytes = new TextEncoder().encode(text);
    expect(decodeCsv(bytes)).toBe(text);
    expect(decodeCsv(Uint8Array.from([0xef, 0xbb, 0xbf, ...bytes]))).toBe(text);
  });

  it('takes bytes that are not UTF-8 for Windows-1252', () => {
    expect(decodeCsv(windows1252('Conceição;Louvor;Ação'))).toBe('Conceição;Louvor;Ação');
    // 0x93 and 0x94 are curly quotes in Windows-1252 (Latin-1 would make them control characters).
    expect(decodeCsv(Uint8Array.from([0x93, 0x41, 0x94]))).toBe('\u201cA\u201d');
  });
});

describe('detectDelimiter', () => {
  it('reads the header row: semicolons (Excel pt-BR) or commas (Google Sheets)', () => {
    expect(detectDelimiter('nome;email;igreja;departamento\nA, B;a@x;S;L')).toBe(';');
    expect(detectDelimiter('nome,email,igreja,departamento\nA;B,a@x,S,L')).toBe(',');
    expect(detectDelimiter('nome')).toBe(',');
  });
});

describe('parseTeamCsv', () => {
  it('numbers each row by the file line it starts on, with quoted commas, line breaks and blank lines', () => {
    const text = [
      HEADER,
      '"Silva, Ana",ana@x.com,Sede,Louvor,,Vocal',
      '"Bruno',
      'Lima",bruno@x.com,Sede,Louvor,,',
      '',
      ',,,,,',
      'Carla,carla@x.com,Sede,Louvor,"(11) 98765-4321","Vocal | Violão|vocal"',
    ].join('\r\n');
    expect(parseTeamCsv(text)).toEqual([
      { line: 2, name: 'Silva, Ana', email: 'ana@x.com', church: 'Sede', department: 'Louvor', phone: '', positions: ['Vocal'] },
      { line: 3, name: 'Bruno Lima', email: 'bruno@x.com', church: 'Sede', department: 'Louvor', phone: '', positions: [] },
      { line: 7, name: 'Carla', email: 'carla@x.com', church: 'Sede', department: 'Louvor', phone: '(11) 98765-4321', positions: ['Vocal', 'Violão'] },
    ]);
  });

  it('takes the columns in any order, named with accents, capitals or a hyphen, and ignores others', () => {
    const text = 'Departamento;Observação;E-mail;NOME;Funções;Igreja\nLouvor;x;a@x.com;Ana;Vocal;Sede';
    expect(parseTeamCsv(text)).toEqual([{ line: 2, name: 'Ana', email: 'a@x.com', church: 'Sede', department: 'Louvor', phone: '', positions: ['Vocal'] }]);
  });

  it('counts lines the same with CR line ends', () => {
    expect(parseTeamCsv(`${HEADER}\r\rAna,a@x.com,Sede,Louvor,,`).map((row) => row.line)).toEqual([3]);
  });

  it.each([
    ['', 'O arquivo está vazio.'],
    ['nome,email,igreja\nAna,a@x.com,Sede', 'O cabeçalho (linha 1) precisa das colunas nome, email, igreja, departamento; falta: departamento.'],
    ['nome,correio\nAna,a@x.com', 'O cabeçalho (linha 1) precisa das colunas nome, email, igreja, departamento; faltam: email, igreja, departamento.'],
    [`${HEADER}\n\n,, ,\n`, 'O arquivo não tem nenhuma linha de dados depois do cabeçalho.'],
    [`${HEADER}\nAna,a@x.com,Sede,Louvor\n"Bia,b@x.com,Sede,Louvor\n`, 'O arquivo tem aspas abertas que não se fecham (a partir da linha 3).'],
  ])('refuses %j as a whole', (text, message) => {
    expect(() => parseTeamCsv(text)).toThrow(InvalidCsv);
    expect(() => parseTeamCsv(text)).toThrow(message);
  });
});

describe('planTeamImport', () => {
  const facts: ImportFacts = {
    churches: new Map([['sede', { id: 1, name: 'Sede' }]]),
    departments: new Map([
      ['louvor', { id: 10, name: 'Louvor' }],
      ['midia', { id: 11, name: 'Mídia' }],
    ]),
    positions: new Map([[10, new Map([['vocal', { id: 100, name: 'Vocal' }], ['violao', { id: 101, name: 'Violão' }]])]]),
    users: new Map([
      ['conta@x.com', { id: 7 }],
      ['membro@x.com', { id: 8 }],
    ]),
    memberships: new Map([['1/10/8', new Set([100])]]),
    pendingInvitations: new Set(['1/10/pendente@x.com']),
  };
  const onlyLouvor = (_church: { id: number }, department: { id: number; name: string }) =>
    department.id === 10 ? allowed : refused(`Você só pode importar pessoas para as equipes que lidera (não lidera ${department.name} — Sede).`);
  const row = (line: number, cells: Partial<{ name: string; email: string; church: string; department: string; positions: string[] }>) => ({
    line,
    name: 'Pessoa',
    email: `p${line}@x.com`,
    church: 'Sede',
    department: 'Louvor',
    phone: '',
    positions: [],
    ...cells,
  });

  it('says, row by row, what would happen and why not', () => {
    const plan = planTeamImport(
      [
        row(2, { email: 'Nova@X.com ', positions: ['VOCAL', 'violao'] }),
        row(3, { email: 'conta@x.com', positions: ['Vocal'] }),
        row(4, { email: 'membro@x.com', positions: ['vocal'] }),
        row(5, { email: 'membro@x.com', department: 'louvor', positions: ['Violão'] }),
        row(6, { email: 'pendente@x.com' }),
        row(7, { name: '', email: 'sem-arroba', church: 'Filial', department: '' }),
        row(8, { department: 'Mídia' }),
        row(9, { positions: ['Guitarra'] }),
        row(10, { email: 'nova@x.com', church: ' SEDE ' }),
      ],
      facts,
      onlyLouvor,
    );
    expect(plan.result.rows).toEqual([
      { line: 2, email: 'nova@x.com', action: 'invite', errors: [] },
      { line: 3, email: 'conta@x.com', action: 'add', errors: [] },
      { line: 4, email: 'membro@x.com', action: 'none', errors: [] },
      {
        line: 5,
        email: 'membro@x.com',
        action: 'none',
        errors: [{ code: 'duplicate_email', message: 'O e-mail membro@x.com já aparece na linha 4 para a mesma equipe.' }],
      },
      { line: 6, email: 'pendente@x.com', action: 'none', errors: [] },
      {
        line: 7,
        email: 'sem-arroba',
        action: 'none',
        errors: [
          { code: 'missing_name', message: 'Informe o nome.' },
          { code: 'invalid_email', message: 'E-mail inválido: «sem-arroba».' },
          { code: 'unknown_church', message: 'Igreja «Filial» não encontrada.' },
          { code: 'missing_department', message: 'Informe o departamento.' },
        ],
      },
      {
        line: 8,
        email: 'p8@x.com',
        action: 'none',
        errors: [{ code: 'forbidden', message: 'Você só pode importar pessoas para as equipes que lidera (não lidera Mídia — Sede).' }],
      },
      {
        line: 9,
        email: 'p9@x.com',
        action: 'none',
        errors: [{ code: 'unknown_position', message: 'Função «Guitarra» não existe em Louvor; cadastre-a em Gestão da rede ou corrija o nome.' }],
      },
      {
        line: 10,
        email: 'nova@x.com',
        action: 'none',
        errors: [{ code: 'duplicate_email', message: 'O e-mail nova@x.com já aparece na linha 2 para a mesma equipe.' }],
      },
    ]);
    expect(plan.result.summary).toEqual({ invite: 1, add: 1, none: 2, errors: 5 });
    expect(plan.invites).toEqual([{ line: 2, churchId: 1, departmentId: 10, positionIds: [100, 101], name: 'Pessoa', email: 'nova@x.com' }]);
    expect(plan.adds).toEqual([{ line: 3, churchId: 1, departmentId: 10, userId: 7, positionIds: [100] }]);
  });

  it('adds a member the positions they lack, and refuses a name with control characters', () => {
    const plan = planTeamImport([row(2, { email: 'membro@x.com', positions: ['Vocal', 'Violão'] }), row(3, { name: 'Ana\u202Eevil' })], facts, onlyLouvor);
    expect(plan.adds).toEqual([{ line: 2, churchId: 1, departmentId: 10, userId: 8, positionIds: [100, 101] }]);
    expect(plan.result.rows[1]!.errors.map((error) => error.code)).toEqual(['invalid_name']);
  });
});
